//! The crate's one error type.
//!
//! Every fallible function returns [`Result<T>`]. Each variant carries the typed context a
//! caller needs to act on it (which index, which path segment, how long the seed was); none
//! carries secret bytes, and none allocates.

use core::fmt;

/// A specialised [`core::result::Result`] for this crate.
pub type Result<T> = core::result::Result<T, Error>;

/// Why a key path was rejected.
///
/// Paired with a segment number and a byte offset in [`Error::InvalidPath`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathErrorKind {
    /// The text is empty.
    Empty,
    /// An absolute path must start with `m` (lowercase) followed by `/` or the end.
    MissingMasterPrefix,
    /// Two `/` in a row, a leading `/`, or a segment with only a hardened marker.
    EmptySegment,
    /// The path ends with `/`.
    TrailingSlash,
    /// A character other than an ASCII digit, `'`, `h`, `H` or `/`.
    InvalidCharacter,
    /// More than one hardened marker (`'`, `h`, `H`) in a segment, or one not at its end.
    MisplacedHardenedMarker,
    /// The index is 2³¹ or more (hardened indices are written as `i'` with `i < 2³¹`).
    IndexOutOfRange,
    /// More than 255 segments: BIP-32 depth is one byte.
    TooManySegments,
    /// A relative path where an absolute one (starting with `m`) is required is *not* this
    /// error; this is a path deeper than the inline capacity in a build without `alloc`.
    CapacityExceeded,
}

impl PathErrorKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Empty => "the path is empty",
            Self::MissingMasterPrefix => "an absolute path must start with \"m\"",
            Self::EmptySegment => "empty segment",
            Self::TrailingSlash => "trailing \"/\"",
            Self::InvalidCharacter => {
                "invalid character (expected ASCII digits and an optional ', h or H)"
            }
            Self::MisplacedHardenedMarker => {
                "a hardened marker must appear once, at the end of the segment"
            }
            Self::IndexOutOfRange => "index must be below 2^31",
            Self::TooManySegments => "more than 255 segments",
            Self::CapacityExceeded => {
                "path deeper than the inline capacity (enable the `alloc` feature)"
            }
        }
    }
}

impl fmt::Display for PathErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Everything that can go wrong in this crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// A child index of 2³¹ or more was given where an index without the hardened bit was
    /// expected (see [`ChildNumber::hardened`](crate::ChildNumber::hardened), [`ChildNumber::normal`](crate::ChildNumber::normal)).
    InvalidChildIndex {
        /// The index as given.
        index: u32,
    },
    /// A key path failed to parse.
    InvalidPath {
        /// Zero-based number of the offending segment (`m` itself is not a segment).
        segment: usize,
        /// Byte offset in the text where the problem was found.
        offset: usize,
        /// What is wrong.
        kind: PathErrorKind,
    },
    /// Deriving would take the depth past 255, the largest BIP-32 can serialize.
    DepthExceeded,
    /// A seed must be 16 to 64 bytes long (BIP-32, SLIP-10).
    InvalidSeedLength {
        /// The length given.
        len: usize,
    },
    /// BIP-32's invalid child: `I_L ≥ n` or the child key is zero (or the point at infinity).
    ///
    /// BIP-32 says to proceed with the next index; this is the caller's decision, so the
    /// index is returned. The probability is below 2⁻¹²⁷ per index.
    InvalidChild {
        /// The index of the child that has no key (without the hardened bit).
        index: u32,
        /// Whether that child is hardened.
        hardened: bool,
        /// The zero-based step of the path being walked where it happened (0 for a single
        /// [`derive_child`](crate::ExtendedPrivateKey::derive_child) or a sibling batch).
        segment: usize,
    },
    /// The scheme supports hardened derivation only (SLIP-10 ed25519 and curve25519), and a
    /// normal index was given. The index is never silently hardened.
    HardenedOnly {
        /// The normal (non-hardened) index that was given.
        index: u32,
        /// The zero-based step of the path where it was given (0 for a single child or a
        /// sibling batch).
        segment: usize,
    },
    /// A hardened child cannot be derived from a public key.
    HardenedFromPublic {
        /// The hardened index (without the hardened bit).
        index: u32,
        /// The zero-based step of the path where it was given (0 for a single child or a
        /// sibling batch).
        segment: usize,
    },
    /// A private key is out of range for the scheme (zero, or not below the group order).
    InvalidSecretKey,
    /// A public key is not a valid encoding of a point on the curve.
    InvalidPublicKey,
    /// The operation is not defined for this scheme.
    UnsupportedByScheme,
    /// The output buffer is too small.
    BufferTooSmall {
        /// The number of bytes needed.
        needed: usize,
    },
    /// Text is not valid Base58.
    InvalidBase58,
    /// The `Base58Check` checksum does not match.
    BadChecksum,
    /// A decoded extended key is not 78 bytes long.
    InvalidLength {
        /// The decoded length.
        len: usize,
    },
    /// The 4-byte version of an extended key is not known.
    UnknownVersion([u8; 4]),
    /// A private-key version with public key data, or the reverse.
    VersionKeyMismatch {
        /// True when the version says "private".
        version_is_private: bool,
    },
    /// A known version of the other kind than the one asked for: `xpub…` text parsed as an
    /// extended private key, or `xprv…` text as a public one.
    KeyKindMismatch {
        /// True when a private key was asked for.
        expected_private: bool,
    },
    /// The key data of a private extended key does not start with `0x00`.
    InvalidPrivateKeyPrefix,
    /// Depth 0 (a master key) with a non-zero parent fingerprint.
    ZeroDepthNonZeroParent,
    /// Depth 0 (a master key) with a non-zero child number.
    ZeroDepthNonZeroChildNumber,
    /// Text or bytes that should be hexadecimal are not.
    InvalidHex,
    /// BIP32-Ed25519 paper root method (§V.A): the secret is discarded because bit 5 of the
    /// last byte of `kL = SHA-512(secret)[..32]` is set (half of all secrets). Take another.
    DiscardedRootKey,
    /// A BIP32-Ed25519 root key whose `kL` lacks the root clamping bits: the three lowest bits
    /// must be 0 and the three highest `010` (`kL[0] & 7 == 0`, `kL[31] & 0xE0 == 0x40`).
    InvalidRootKey,
    /// BIP-39 entropy must be 12 to 32 bytes long, a multiple of 4 (9 to 24 words).
    InvalidEntropyLength {
        /// The length given.
        len: usize,
    },
    /// Raw key bytes (or their hex) of the wrong length.
    InvalidKeyLength {
        /// The length given, in bytes.
        len: usize,
        /// The length required, in bytes.
        expected: usize,
    },
    /// Text is not valid bech32: a bad character, mixed case, no separator or a wrong checksum.
    InvalidBech32,
    /// The bech32 prefix is not a CIP-5 extended-key prefix of the kind required.
    UnexpectedBech32Prefix {
        /// True when a private-key prefix (`xprv`, `root_xsk`, …) was required.
        expected_private: bool,
    },
    /// A network name other than `mainnet`, `testnet`, `signet` or `regtest` (for Cardano:
    /// `mainnet`, `testnet`, `preprod` or `preview`).
    UnknownNetwork,
    /// An address kind name other than the ones `AddressKind` parses (`p2pkh`, `p2wpkh`, …).
    UnknownAddressKind,
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
    /// WIF text whose payload (without version and checksum) is neither 32 nor 33 bytes.
    InvalidWifLength {
        /// The payload length after the version byte.
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
    /// Not the name of a BIP-39 word list (`english`, `japanese`, `korean`, `spanish`,
    /// `chinese-simplified`, `chinese-traditional`, `french`, `italian`, `czech`,
    /// `portuguese`).
    UnknownLanguage,
    /// A mnemonic with a number of words no mnemonic has: BIP-39 has 12, 15, 18, 21 or 24;
    /// Cardano's phrases also 9.
    InvalidWordCount {
        /// The number of words given (whitespace-separated).
        count: usize,
    },
    /// A mnemonic word that is in no word list (or not in the list asked for).
    ///
    /// `Display` counts words from 1, as a person does ("word 3").
    UnknownMnemonicWord {
        /// Zero-based position of the word among the whitespace-separated words.
        position: usize,
    },
    /// A mnemonic word from a different word list than the words before it.
    ///
    /// `Display` counts words from 1.
    MixedMnemonicLanguages {
        /// Zero-based position of the first word of another list.
        position: usize,
    },
    /// The checksum of a mnemonic (its last bits, in the last word) does not match.
    InvalidMnemonicChecksum,
    /// A mnemonic valid in more than one word list with different words by index (English and
    /// French share 100 words): the language must be given.
    AmbiguousMnemonicLanguage,
    /// BIP-39 entropy must be 16 to 32 bytes long, a multiple of 4 (12 to 24 words).
    InvalidBip39EntropyLength {
        /// The length given.
        len: usize,
    },
    /// The operating system's random number generator failed.
    RandomSourceFailed {
        /// The OS error code, when there is one.
        os_error: Option<i32>,
    },
    /// An output descriptor failed to parse (BIP-380 and the script-expression BIPs).
    InvalidDescriptor {
        /// Byte offset in the descriptor text where the problem was found.
        offset: usize,
        /// What is wrong.
        kind: DescriptorErrorKind,
    },
    /// A well-formed output descriptor (or part of one) that this crate does not implement.
    UnsupportedDescriptor {
        /// Byte offset in the descriptor text of the unsupported part.
        offset: usize,
        /// What is not supported.
        feature: DescriptorFeature,
    },
    /// The descriptor's `#` checksum does not match its text (BIP-380).
    DescriptorChecksumMismatch {
        /// The checksum the text has (8 characters of the bech32 alphabet, ASCII).
        computed: [u8; 8],
    },
    /// A multisig threshold `k` must satisfy `1 ≤ k ≤ n` for `n` keys (BIP-383).
    InvalidThreshold {
        /// The threshold given.
        threshold: u32,
        /// The number of keys.
        keys: usize,
    },
    /// More multisig keys than the context allows: 15 in `sh()` (the 520-byte redeem-script
    /// limit), 20 in `wsh()` and `sh(wsh())` (`OP_CHECKMULTISIG`).
    TooManyKeys {
        /// The number of keys given.
        keys: usize,
        /// The most the context allows.
        max: usize,
    },
    /// The keys of one descriptor are for different networks (an `xpub` with a `tpub`).
    MixedNetworks,
    /// A key for one network used with another: a mainnet key (`xpub`) for a test network,
    /// or a test key (`tpub`) for mainnet.
    NetworkMismatch {
        /// True when the key is for a test network (testnet, signet, regtest).
        key_is_test: bool,
    },
    /// A multipath branch past the end of the descriptor's `<…;…>` tuple (BIP-389).
    BranchOutOfRange {
        /// The branch asked for.
        branch: usize,
        /// The number of branches.
        branches: usize,
    },
}

impl fmt::Display for Error {
    #[allow(clippy::too_many_lines)] // one short arm per variant
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::InvalidChildIndex { index } => {
                write!(
                    f,
                    "child index {index} is out of range (must be below 2^31)"
                )
            }
            Self::InvalidPath {
                segment,
                offset,
                kind,
            } => {
                write!(
                    f,
                    "invalid key path: segment {segment} (byte {offset}): {kind}"
                )
            }
            Self::DepthExceeded => f.write_str("depth would exceed 255"),
            Self::InvalidSeedLength { len } => {
                write!(f, "seed is {len} bytes; it must be 16 to 64 bytes")
            }
            Self::InvalidChild {
                index, hardened, ..
            } => {
                let marker = if hardened { "'" } else { "" };
                write!(
                    f,
                    "child {index}{marker} is invalid (BIP-32: proceed with the next index)"
                )
            }
            Self::HardenedOnly { index, .. } => write!(
                f,
                "normal index {index} requested, but this scheme supports hardened derivation only"
            ),
            Self::HardenedFromPublic { index, .. } => {
                write!(f, "cannot derive hardened child {index}' from a public key")
            }
            Self::InvalidSecretKey => f.write_str("private key out of range"),
            Self::InvalidPublicKey => f.write_str("invalid public key"),
            Self::UnsupportedByScheme => f.write_str("operation not supported by this scheme"),
            Self::BufferTooSmall { needed } => {
                write!(f, "output buffer too small ({needed} bytes needed)")
            }
            Self::InvalidBase58 => f.write_str("invalid base58 character"),
            Self::BadChecksum => f.write_str("base58check checksum mismatch"),
            Self::InvalidLength { len } => {
                write!(f, "extended key is {len} bytes; it must be 78")
            }
            Self::UnknownVersion(v) => write!(
                f,
                "unknown extended key version {:02x}{:02x}{:02x}{:02x}",
                v[0], v[1], v[2], v[3]
            ),
            Self::VersionKeyMismatch {
                version_is_private: true,
            } => f.write_str("private key version with public key data"),
            Self::VersionKeyMismatch {
                version_is_private: false,
            } => f.write_str("public key version with private key data"),
            Self::KeyKindMismatch {
                expected_private: true,
            } => f.write_str("expected an extended private key, found a public key version"),
            Self::KeyKindMismatch {
                expected_private: false,
            } => f.write_str("expected an extended public key, found a private key version"),
            Self::InvalidPrivateKeyPrefix => {
                f.write_str("private key data does not start with 0x00")
            }
            Self::ZeroDepthNonZeroParent => {
                f.write_str("depth 0 with a non-zero parent fingerprint")
            }
            Self::ZeroDepthNonZeroChildNumber => {
                f.write_str("depth 0 with a non-zero child number")
            }
            Self::InvalidHex => f.write_str("invalid hexadecimal"),
            Self::DiscardedRootKey => f.write_str(
                "secret discarded by the BIP32-Ed25519 root-key rule (bit 5 of kL[31] is set)",
            ),
            Self::InvalidRootKey => f.write_str(
                "not a BIP32-Ed25519 root key (kL must have its 3 lowest bits 0 and 3 highest 010)",
            ),
            Self::InvalidEntropyLength { len } => write!(
                f,
                "entropy is {len} bytes; it must be 12 to 32 bytes, a multiple of 4"
            ),
            Self::InvalidKeyLength { len, expected } => {
                write!(f, "key is {len} bytes; it must be {expected}")
            }
            Self::InvalidBech32 => f.write_str("invalid bech32"),
            Self::UnexpectedBech32Prefix {
                expected_private: true,
            } => f.write_str("bech32 prefix is not a CIP-5 extended private key prefix"),
            Self::UnexpectedBech32Prefix {
                expected_private: false,
            } => f.write_str("bech32 prefix is not a CIP-5 extended public key prefix"),
            Self::UnknownNetwork => f.write_str("unknown network name"),
            Self::UnknownAddressKind => f.write_str("unknown address kind"),
            Self::InvalidWitnessProgram { version, len } => write!(
                f,
                "invalid witness program: version {version} with {len} bytes"
            ),
            Self::UnsupportedScript => {
                f.write_str("script is not P2PKH, P2SH or a witness program")
            }
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
            Self::UnknownLanguage => f.write_str(
                "unknown word list (expected english, japanese, korean, spanish, \
                 chinese-simplified, chinese-traditional, french, italian, czech or portuguese)",
            ),
            Self::InvalidWordCount { count } => write!(
                f,
                "mnemonic has {count} words; it must have 12, 15, 18, 21 or 24 (9 for Cardano)"
            ),
            Self::UnknownMnemonicWord { position } => write!(
                f,
                "word {} of the mnemonic is not in the word list",
                position.saturating_add(1)
            ),
            Self::MixedMnemonicLanguages { position } => write!(
                f,
                "word {} of the mnemonic is from another word list than the words before it",
                position.saturating_add(1)
            ),
            Self::InvalidMnemonicChecksum => f.write_str("mnemonic checksum mismatch"),
            Self::AmbiguousMnemonicLanguage => {
                f.write_str("mnemonic is valid in more than one word list; give its language")
            }
            Self::InvalidBip39EntropyLength { len } => write!(
                f,
                "entropy is {len} bytes; BIP-39 needs 16 to 32 bytes, a multiple of 4"
            ),
            Self::RandomSourceFailed {
                os_error: Some(code),
            } => {
                write!(
                    f,
                    "the system random number generator failed (OS error {code})"
                )
            }
            Self::RandomSourceFailed { os_error: None } => {
                f.write_str("the system random number generator failed")
            }
            Self::InvalidDescriptor { offset, kind } => {
                write!(f, "invalid descriptor at byte {offset}: {kind}")
            }
            Self::UnsupportedDescriptor { offset, feature } => {
                write!(f, "unsupported descriptor at byte {offset}: {feature}")
            }
            Self::DescriptorChecksumMismatch { computed } => {
                f.write_str(
                    "descriptor checksum mismatch: the text before `#` has the checksum #",
                )?;
                for &c in &computed {
                    fmt::Write::write_char(f, char::from(c))?;
                }
                f.write_str(", not the one given")
            }
            Self::InvalidThreshold { threshold, keys } => write!(
                f,
                "multisig threshold {threshold} with {keys} keys (it must be 1 to {keys})"
            ),
            Self::TooManyKeys { keys, max } => {
                write!(f, "{keys} multisig keys; at most {max} fit here")
            }
            Self::MixedNetworks => {
                f.write_str("the descriptor mixes mainnet and test-network keys")
            }
            Self::NetworkMismatch { key_is_test: true } => {
                f.write_str("a test-network key cannot be used on mainnet")
            }
            Self::NetworkMismatch { key_is_test: false } => {
                f.write_str("a mainnet key cannot be used on a test network")
            }
            Self::BranchOutOfRange { branch, branches } => write!(
                f,
                "multipath branch {branch} does not exist (the descriptor has {branches})"
            ),
        }
    }
}

impl core::error::Error for Error {}

impl Error {
    /// The same error, placed at step `segment` of a path walk (for the variants that name a
    /// step; any other is returned as it is).
    #[must_use]
    pub(crate) const fn at_segment(self, segment: usize) -> Self {
        match self {
            Self::InvalidChild {
                index, hardened, ..
            } => Self::InvalidChild {
                index,
                hardened,
                segment,
            },
            Self::HardenedOnly { index, .. } => Self::HardenedOnly { index, segment },
            Self::HardenedFromPublic { index, .. } => Self::HardenedFromPublic { index, segment },
            other => other,
        }
    }
}

/// A script expression of output descriptors, named in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DescriptorFunction {
    /// `pk()` (BIP-381).
    Pk,
    /// `pkh()` (BIP-381).
    Pkh,
    /// `sh()` (BIP-381).
    Sh,
    /// `wpkh()` (BIP-382).
    Wpkh,
    /// `wsh()` (BIP-382).
    Wsh,
    /// `multi()` (BIP-383).
    Multi,
    /// `sortedmulti()` (BIP-383).
    SortedMulti,
    /// `combo()` (BIP-384).
    Combo,
    /// `raw()` (BIP-385).
    Raw,
    /// `addr()` (BIP-385).
    Addr,
    /// `tr()` (BIP-386).
    Tr,
    /// `rawtr()`.
    RawTr,
    /// `multi_a()` (tapscript multisig).
    MultiA,
    /// `sortedmulti_a()` (tapscript multisig).
    SortedMultiA,
    /// `musig()` (BIP-390).
    Musig,
}

impl DescriptorFunction {
    /// The function's name as written in descriptors.
    pub fn name(self) -> &'static str {
        match self {
            Self::Pk => "pk",
            Self::Pkh => "pkh",
            Self::Sh => "sh",
            Self::Wpkh => "wpkh",
            Self::Wsh => "wsh",
            Self::Multi => "multi",
            Self::SortedMulti => "sortedmulti",
            Self::Combo => "combo",
            Self::Raw => "raw",
            Self::Addr => "addr",
            Self::Tr => "tr",
            Self::RawTr => "rawtr",
            Self::MultiA => "multi_a",
            Self::SortedMultiA => "sortedmulti_a",
            Self::Musig => "musig",
        }
    }

    /// The function named `name`, if it is one of the descriptor BIPs'.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "pk" => Self::Pk,
            "pkh" => Self::Pkh,
            "sh" => Self::Sh,
            "wpkh" => Self::Wpkh,
            "wsh" => Self::Wsh,
            "multi" => Self::Multi,
            "sortedmulti" => Self::SortedMulti,
            "combo" => Self::Combo,
            "raw" => Self::Raw,
            "addr" => Self::Addr,
            "tr" => Self::Tr,
            "rawtr" => Self::RawTr,
            "multi_a" => Self::MultiA,
            "sortedmulti_a" => Self::SortedMultiA,
            "musig" => Self::Musig,
            _ => return None,
        })
    }
}

impl fmt::Display for DescriptorFunction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}()", self.name())
    }
}

/// Why an output descriptor was rejected.
///
/// Paired with a byte offset in [`Error::InvalidDescriptor`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DescriptorErrorKind {
    /// A character outside the BIP-380 descriptor character set.
    InvalidCharacter,
    /// More than one `#`.
    MultipleChecksums,
    /// A checksum after `#` must be exactly 8 characters.
    ChecksumLength {
        /// The number of characters (bytes) after the `#`.
        len: usize,
    },
    /// The text is empty, or a function name is missing where one is needed.
    Empty,
    /// A name that is not a descriptor function.
    UnknownFunction,
    /// A function name is not followed by `(`, or its `(` is never closed.
    UnbalancedParentheses,
    /// Text after the end of the descriptor.
    TrailingCharacters,
    /// A script expression where the BIPs do not allow it (`sh()` inside `sh()`, `wpkh()`
    /// inside `wsh()`, `tr()` inside anything, …).
    NotAllowedHere {
        /// The misplaced function.
        function: DescriptorFunction,
    },
    /// A key where a script expression is needed (`sh(KEY)`, `wsh(KEY)`).
    ExpectedScript,
    /// A script expression where a key is needed (`pkh(pk(…))`).
    ExpectedKey,
    /// Too few or too many arguments for the function.
    WrongArgumentCount,
    /// No key (an empty argument, or an origin with nothing after it).
    MissingKey,
    /// Whitespace around a key.
    Whitespace,
    /// Text that is neither a hex public key, nor a WIF private key, nor an extended key.
    InvalidKey,
    /// An uncompressed public key inside `wpkh()`, `wsh()` or `tr()` (BIP-382, BIP-386).
    UncompressedKey,
    /// A hex public key of the wrong length for its place (33 bytes; 32-byte x-only keys only
    /// inside `tr()`), or that is not a point on the curve.
    InvalidPublicKey,
    /// A key origin must be `[` + 8 hex digits (the fingerprint) + `/`-separated steps + `]`.
    InvalidFingerprint,
    /// A `]` without its `[`, or more than one origin on a key.
    InvalidOrigin,
    /// A derivation step that is not a decimal number below 2³¹ with an optional `'` or `h`
    /// (`H` is not accepted: BIP-380's test vectors and Bitcoin Core reject it).
    InvalidStep,
    /// A `*` (range) anywhere but the last step of an extended key, or in a key origin.
    MisplacedWildcard,
    /// Derivation steps after a key that is not an extended key.
    StepsAfterNonExtendedKey,
    /// More than one `<…>` multipath step in a key, or one in a key origin (BIP-389).
    MisplacedMultipath,
    /// A multipath step `<a;b;…>` needs at least two values (BIP-389).
    MultipathTooShort,
    /// The same value twice in one multipath step (BIP-389).
    DuplicateMultipathValue,
    /// Keys with multipath steps of different lengths in one descriptor (BIP-389).
    MultipathLengthMismatch,
    /// A multisig threshold that is not a decimal number.
    InvalidThresholdText,
}

impl DescriptorErrorKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::InvalidCharacter => "character outside the descriptor character set",
            Self::MultipleChecksums => "more than one '#'",
            Self::ChecksumLength { .. } => "a checksum must be 8 characters",
            Self::Empty => "empty expression",
            Self::UnknownFunction => "unknown script expression",
            Self::UnbalancedParentheses => "unbalanced parentheses",
            Self::TrailingCharacters => "unexpected text after the expression",
            Self::NotAllowedHere { .. } => "script expression not allowed here",
            Self::ExpectedScript => "a script expression is needed here, not a key",
            Self::ExpectedKey => "a key is needed here, not a script expression",
            Self::WrongArgumentCount => "wrong number of arguments",
            Self::MissingKey => "no key given",
            Self::Whitespace => "whitespace around a key",
            Self::InvalidKey => "not a public key, WIF private key or extended key",
            Self::UncompressedKey => "uncompressed keys are not allowed in segwit or taproot",
            Self::InvalidPublicKey => "invalid hex public key",
            Self::InvalidFingerprint => "a key origin must start with 8 hex digits",
            Self::InvalidOrigin => "malformed key origin",
            Self::InvalidStep => "invalid derivation step (a number below 2^31, then ' or h)",
            Self::MisplacedWildcard => "'*' must be the last step of an extended key",
            Self::StepsAfterNonExtendedKey => "derivation steps after a non-extended key",
            Self::MisplacedMultipath => "at most one <...> step per key, and none in an origin",
            Self::MultipathTooShort => "a <...> step needs at least two values",
            Self::DuplicateMultipathValue => "a value repeated in a <...> step",
            Self::MultipathLengthMismatch => "keys' <...> steps have different lengths",
            Self::InvalidThresholdText => "the multisig threshold is not a decimal number",
        }
    }
}

impl fmt::Display for DescriptorErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::ChecksumLength { len } => {
                write!(f, "a checksum must be 8 characters, not {len}")
            }
            Self::NotAllowedHere { function } => write!(f, "{function} is not allowed here"),
            other => f.write_str(other.as_str()),
        }
    }
}

/// A part of the output-descriptor language that this crate does not implement.
///
/// Paired with a byte offset in [`Error::UnsupportedDescriptor`]. Supported are `pkh(KEY)`,
/// `wpkh(KEY)`, `sh(wpkh(KEY))`, `tr(KEY)` and `multi()`/`sortedmulti()` inside `sh()`,
/// `wsh()` and `sh(wsh())`, with compressed keys (hex, compressed WIF or extended).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DescriptorFeature {
    /// A script expression that is valid in this place but not implemented (`pk()`,
    /// `combo()`, `raw()`, `addr()`, `rawtr()`, `sh(pkh())`, …).
    Function(DescriptorFunction),
    /// `multi()`/`sortedmulti()` at the top level (bare multisig).
    BareMultisig,
    /// A `tr()` script tree: only key-path `tr(KEY)` is supported.
    ScriptTree,
    /// A miniscript expression inside `wsh()`.
    Miniscript,
    /// An uncompressed public key (hex `04…`, or an uncompressed WIF key) in `pkh()` or
    /// `sh(multi())`, where BIP-381/383 allow it.
    UncompressedKey,
}

impl fmt::Display for DescriptorFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Function(function) => write!(f, "{function} is not supported here"),
            Self::BareMultisig => f.write_str("bare multisig (use sh(), wsh() or sh(wsh()))"),
            Self::ScriptTree => f.write_str("tr() script trees (only tr(KEY) is supported)"),
            Self::Miniscript => f.write_str("miniscript (only multi/sortedmulti inside wsh())"),
            Self::UncompressedKey => f.write_str("uncompressed public keys"),
        }
    }
}
