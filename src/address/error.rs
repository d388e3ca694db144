//! [`Error`]: what can go wrong with an address or a WIF key.

use core::fmt;

/// A [`core::result::Result`] with the address [`Error`].
pub(crate) type Result<T> = core::result::Result<T, Error>;

/// What can go wrong when writing an address, reading a scriptPubKey's address, decoding an
/// address's text ([`decode`](crate::address::decode)), or writing and reading WIF private
/// keys ([`wif`](crate::wif)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// An address kind name other than the ones `AddressKind` parses (`p2pkh`, `p2wpkh`, …).
    UnknownAddressKind,
    /// A Cardano network name other than `mainnet`, `testnet`, `preprod` or `preview`.
    UnknownNetwork,
    /// A public key that is not a compressed point on secp256k1, or (probability below
    /// 2⁻¹²⁷) one without a BIP-341 taproot output key.
    InvalidPublicKey,
    /// A segwit witness program that BIP-141/BIP-350 rule out: a version above 16, a length
    /// outside 2 to 40 bytes, or a version 0 program that is not 20 or 32 bytes.
    InvalidWitnessProgram {
        /// The witness version.
        version: u8,
        /// The program length in bytes.
        len: usize,
    },
    /// A scriptPubKey that is not P2PKH, P2SH or a witness program, so it has no address.
    UnsupportedScript,
    /// WIF or address text with a character outside the Base58 alphabet.
    InvalidBase58,
    /// WIF or address text whose `Base58Check` checksum does not match.
    BadChecksum,
    /// Text that is no kind of address `decode` reads.
    UnrecognisedAddress,
    /// Bech32 address text that is malformed: a character outside the alphabet, mixed case,
    /// no data, over 90 characters for a segwit address, or bad padding.
    InvalidBech32,
    /// Bech32 address text whose checksum does not verify, bech32 where the witness version
    /// needs bech32m (BIP-350) and the reverse included.
    Bech32Checksum,
    /// Valid bech32 text whose prefix names no network `decode` knows (`bc`, `tb`, `bcrt`,
    /// `addr`, `addr_test`, `stake`, `stake_test`).
    UnknownHrp,
    /// A `Base58Check` address whose version byte is not P2PKH's or P2SH's (`0x00`, `0x6f`,
    /// `0x05`, `0xc4`).
    UnknownAddressVersion {
        /// The version byte found.
        version: u8,
    },
    /// Text starting `0x` that is not 40 hex digits.
    InvalidEthereumAddress,
    /// A mixed-case Ethereum address whose case is not its EIP-55 checksum.
    Eip55Checksum,
    /// A Cardano address of a CIP-19 type `decode` does not read (pointer, Byron, …): only
    /// base (0–3), enterprise (6, 7) and reward (14, 15) addresses.
    UnsupportedCardanoAddress {
        /// The header's type, its high four bits.
        header_type: u8,
    },
    /// A Cardano address whose payload length does not fit its type, whose network id does
    /// not match its prefix, or a reward type under `addr` (or a payment type under `stake`).
    InvalidCardanoAddress,
    /// WIF text whose key data (after the version byte) is not 33 bytes: `len` bytes (or the
    /// text is too short to hold a checksum, or over 160 characters).
    InvalidWifLength {
        /// The key data's length, after the version byte.
        len: usize,
    },
    /// WIF text of an uncompressed public key (32 key bytes, no `0x01` flag): not supported.
    UncompressedWif,
    /// WIF text of 33 key bytes whose last byte (the compression flag) is not `0x01`.
    InvalidCompressionFlag {
        /// The flag byte found.
        flag: u8,
    },
    /// WIF text whose version byte is neither `0x80` (mainnet) nor `0xef` (test networks).
    UnknownWifPrefix {
        /// The version byte found.
        prefix: u8,
    },
    /// A WIF private key of zero, or not below the group order.
    InvalidSecretKey,
    /// A name that is no coin of the registry's (neither a slug nor a symbol).
    UnknownCoin,
    /// A `cardano-base` address asked for without the account's stake key.
    NeedsStakeKey,
    /// The output buffer for WIF text is too small.
    BufferTooSmall {
        /// The number of bytes needed.
        needed: usize,
    },
    /// Address text, or the payload (hash or key) it decodes to or is made from, of the wrong
    /// length for its family.
    AddressLength {
        /// The family, as a wallet names it (`Algorand`, `Nano`, `CashAddr`, …).
        family: &'static str,
        /// The length found: characters of the text, or bytes of the payload (for Base58 and
        /// base32 families, and wherever the family's docs say so).
        len: usize,
        /// The number the family's addresses have.
        expected: usize,
    },
    /// Address text that does not start with its family's prefix (`0x`, `erd1`, `G`,
    /// `tz1`, `NQ`, `nano_`, `EOS`, `hx`, a CashAddr prefix, a bech32 HRP, an Avalanche
    /// chain's `P-`), whose version or flag byte written as that prefix is not the family's,
    /// or an encoder's prefix the format cannot hold.
    AddressPrefix {
        /// The family, as a wallet names it.
        family: &'static str,
        /// What the text must start with.
        expected: &'static str,
    },
    /// Address text with a character outside its family's alphabet (base32, hex, base64url,
    /// CashAddr's), upper case where only lower case is written, mixed case, or padding bits
    /// that are not zero.
    AddressCharacter {
        /// The family, as a wallet names it.
        family: &'static str,
    },
    /// Address text whose own checksum (SHA-512/256, CRC-16, SS58's `BLAKE2b`, ISO 7064,
    /// Nano's `BLAKE2b`-40, CashAddr's BCH code, EOS's RIPEMD-160, Ergo's or Filecoin's
    /// `BLAKE2b`) does not match (`Base58Check` and bech32 have their own variants).
    AddressChecksum {
        /// The family, as a wallet names it.
        family: &'static str,
    },
    /// An SS58 address of another network than the one asked for.
    Ss58Prefix {
        /// The network prefix found.
        found: u16,
        /// The network prefix asked for.
        expected: u16,
    },
    /// An address whose version, type or network byte (inside its payload) is not the one
    /// its coin and kind use.
    AddressVersion {
        /// The family, as a wallet names it.
        family: &'static str,
        /// The byte found.
        version: u8,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::UnknownAddressKind => f.write_str("unknown address kind"),
            Self::UnknownNetwork => f.write_str("unknown Cardano network name"),
            Self::InvalidPublicKey => f.write_str("invalid public key"),
            Self::InvalidWitnessProgram { version, len } => write!(
                f,
                "invalid witness program: version {version} with {len} bytes"
            ),
            Self::UnsupportedScript => {
                f.write_str("script is not P2PKH, P2SH or a witness program")
            }
            Self::InvalidBase58 => f.write_str("invalid base58 character"),
            Self::BadChecksum => f.write_str("base58check checksum mismatch"),
            Self::UnrecognisedAddress => f.write_str("not a recognised address"),
            Self::InvalidBech32 => f.write_str("malformed bech32 address"),
            Self::Bech32Checksum => f.write_str("bech32 checksum mismatch"),
            Self::UnknownHrp => f.write_str("bech32 address of an unknown prefix"),
            Self::UnknownAddressVersion { version } => {
                write!(
                    f,
                    "unknown base58check address version byte 0x{version:02x}"
                )
            }
            Self::InvalidEthereumAddress => {
                f.write_str("an Ethereum address is 0x and 40 hex digits")
            }
            Self::Eip55Checksum => f.write_str("Ethereum address has a wrong EIP-55 checksum"),
            Self::UnsupportedCardanoAddress { header_type } => write!(
                f,
                "Cardano address of type {header_type} (only base, enterprise and reward)"
            ),
            Self::InvalidCardanoAddress => f.write_str("malformed Cardano address"),
            Self::InvalidWifLength { len } => {
                write!(f, "WIF key data is {len} bytes; it must be 33 (compressed)")
            }
            Self::UncompressedWif => {
                f.write_str("WIF of an uncompressed key; only compressed keys are supported")
            }
            Self::InvalidCompressionFlag { flag } => {
                write!(f, "WIF compression flag is 0x{flag:02x}; it must be 0x01")
            }
            Self::UnknownWifPrefix { prefix } => write!(
                f,
                "unknown WIF version byte 0x{prefix:02x} (expected 0x80 or 0xef)"
            ),
            Self::InvalidSecretKey => f.write_str("private key out of range"),
            Self::UnknownCoin => f.write_str("unknown coin"),
            Self::NeedsStakeKey => {
                f.write_str("a Cardano base address needs the account's stake key")
            }
            Self::BufferTooSmall { needed } => {
                write!(f, "output buffer too small ({needed} bytes needed)")
            }
            Self::AddressLength {
                family,
                len,
                expected,
            } => write!(
                f,
                "{family} address of length {len}; it must have {expected}"
            ),
            Self::AddressPrefix { family, expected } => {
                write!(f, "{family} address must start with {expected}")
            }
            Self::AddressCharacter { family } => write!(
                f,
                "{family} address text is malformed: a character outside its alphabet, mixed case or bad padding"
            ),
            Self::AddressChecksum { family } => write!(f, "{family} address checksum mismatch"),
            Self::Ss58Prefix { found, expected } => write!(
                f,
                "SS58 address of network prefix {found}; expected prefix {expected}"
            ),
            Self::AddressVersion { family, version } => {
                write!(f, "{family} address version byte 0x{version:02x} is not this coin's")
            }
        }
    }
}

impl core::error::Error for Error {}

impl Error {
    /// The variant's name (`"UnknownAddressKind"`, …): what bindings report as an error's kind, from one
    /// exhaustive match, so that a new variant cannot be reported under another's name.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::UnknownAddressKind => "UnknownAddressKind",
            Self::UnknownNetwork => "UnknownNetwork",
            Self::InvalidPublicKey => "InvalidPublicKey",
            Self::InvalidWitnessProgram { .. } => "InvalidWitnessProgram",
            Self::UnsupportedScript => "UnsupportedScript",
            Self::InvalidBase58 => "InvalidBase58",
            Self::BadChecksum => "BadChecksum",
            Self::UnrecognisedAddress => "UnrecognisedAddress",
            Self::InvalidBech32 => "InvalidBech32",
            Self::Bech32Checksum => "Bech32Checksum",
            Self::UnknownHrp => "UnknownHrp",
            Self::UnknownAddressVersion { .. } => "UnknownAddressVersion",
            Self::InvalidEthereumAddress => "InvalidEthereumAddress",
            Self::Eip55Checksum => "Eip55Checksum",
            Self::UnsupportedCardanoAddress { .. } => "UnsupportedCardanoAddress",
            Self::InvalidCardanoAddress => "InvalidCardanoAddress",
            Self::InvalidWifLength { .. } => "InvalidWifLength",
            Self::UncompressedWif => "UncompressedWif",
            Self::InvalidCompressionFlag { .. } => "InvalidCompressionFlag",
            Self::UnknownWifPrefix { .. } => "UnknownWifPrefix",
            Self::InvalidSecretKey => "InvalidSecretKey",
            Self::BufferTooSmall { .. } => "BufferTooSmall",
            Self::AddressLength { .. } => "AddressLength",
            Self::AddressPrefix { .. } => "AddressPrefix",
            Self::AddressCharacter { .. } => "AddressCharacter",
            Self::AddressChecksum { .. } => "AddressChecksum",
            Self::Ss58Prefix { .. } => "Ss58Prefix",
            Self::AddressVersion { .. } => "AddressVersion",
            Self::UnknownCoin => "UnknownCoin",
            Self::NeedsStakeKey => "NeedsStakeKey",
        }
    }
}
