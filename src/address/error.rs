//! [`Error`]: what can go wrong with an address or a WIF key.

use core::fmt;

/// A [`core::result::Result`] with the address [`Error`].
pub(crate) type Result<T> = core::result::Result<T, Error>;

/// What can go wrong when writing an address, reading a scriptPubKey's address, or writing
/// and reading WIF private keys ([`wif`](crate::wif)).
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
    /// WIF text with a character outside the Base58 alphabet.
    InvalidBase58,
    /// WIF text whose `Base58Check` checksum does not match.
    BadChecksum,
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
    /// The output buffer for WIF text is too small.
    BufferTooSmall {
        /// The number of bytes needed.
        needed: usize,
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
            Self::BufferTooSmall { needed } => {
                write!(f, "output buffer too small ({needed} bytes needed)")
            }
        }
    }
}

impl core::error::Error for Error {}
