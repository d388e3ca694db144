//! The core error type: paths, child numbers, seeds, keys, serialization and derivation.
//!
//! The wallet formats have their own: [`mnemonic::Error`](crate::mnemonic::Error),
//! [`address::Error`](crate::address::Error) (addresses and WIF) and
//! [`descriptor::Error`](crate::descriptor::Error), each holding only what its functions can
//! return. Each variant carries the typed context a caller needs to act on it (which index,
//! which path segment, how long the seed was); none carries secret bytes, and none
//! allocates.

use core::fmt;

/// A [`core::result::Result`] with the core [`Error`].
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
    /// A second `*` in a [`PathPattern`](crate::PathPattern): a pattern ranges over one level.
    MultipleWildcards,
    /// A segment holding `*` that is not `*`, `*'`, `*h` or `*H`.
    InvalidWildcard,
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
            Self::MultipleWildcards => "more than one `*` (a pattern ranges over one level)",
            Self::InvalidWildcard => {
                "a wildcard segment is `*` for normal children, or `*'`, `*h` or `*H` for hardened ones"
            }
        }
    }
}

impl fmt::Display for PathErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What can go wrong with paths, keys, their serialization and their derivation.
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
    /// The output buffer is too small.
    BufferTooSmall {
        /// The number of bytes needed.
        needed: usize,
    },
    /// Text is not valid Base58.
    InvalidBase58,
    /// The `Base58Check` checksum does not match.
    BadChecksum,
    /// Bytes of the wrong length: a decoded extended key that is not 78 bytes, raw key bytes
    /// (or their hex or CIP-5 payload) of another length than the key's.
    InvalidLength {
        /// The length found, in bytes (for Base58 text of over 160 characters, a lower bound).
        len: usize,
        /// The length required, in bytes.
        expected: usize,
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
    /// The BIP-39 entropy of an Icarus master key must be 12 to 32 bytes long, a multiple of
    /// 4 (9 to 24 words).
    InvalidEntropyLength {
        /// The length given.
        len: usize,
    },
    /// Text is not valid bech32: a bad character, mixed case, no separator or a wrong checksum.
    InvalidBech32,
    /// The bech32 prefix is not a CIP-5 extended-key prefix of the kind required.
    UnexpectedBech32Prefix {
        /// True when a private-key prefix (`xprv`, `root_xsk`, …) was required.
        expected_private: bool,
    },
    /// A network name other than `mainnet`, `testnet`, `signet` or `regtest`.
    UnknownNetwork,
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
            Self::BufferTooSmall { needed } => {
                write!(f, "output buffer too small ({needed} bytes needed)")
            }
            Self::InvalidBase58 => f.write_str("invalid base58 character"),
            Self::BadChecksum => f.write_str("base58check checksum mismatch"),
            Self::InvalidLength { len, expected } => {
                write!(f, "{len} bytes where {expected} are needed")
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
            Self::InvalidBech32 => f.write_str("invalid bech32"),
            Self::UnexpectedBech32Prefix {
                expected_private: true,
            } => f.write_str("bech32 prefix is not a CIP-5 extended private key prefix"),
            Self::UnexpectedBech32Prefix {
                expected_private: false,
            } => f.write_str("bech32 prefix is not a CIP-5 extended public key prefix"),
            Self::UnknownNetwork => f.write_str("unknown network name"),
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

impl Error {
    /// The variant's name (`"InvalidChildIndex"`, …): what bindings report as an error's kind, from one
    /// exhaustive match, so that a new variant cannot be reported under another's name.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::InvalidChildIndex { .. } => "InvalidChildIndex",
            Self::InvalidPath { .. } => "InvalidPath",
            Self::DepthExceeded => "DepthExceeded",
            Self::InvalidSeedLength { .. } => "InvalidSeedLength",
            Self::InvalidChild { .. } => "InvalidChild",
            Self::HardenedOnly { .. } => "HardenedOnly",
            Self::HardenedFromPublic { .. } => "HardenedFromPublic",
            Self::InvalidSecretKey => "InvalidSecretKey",
            Self::InvalidPublicKey => "InvalidPublicKey",
            Self::BufferTooSmall { .. } => "BufferTooSmall",
            Self::InvalidBase58 => "InvalidBase58",
            Self::BadChecksum => "BadChecksum",
            Self::InvalidLength { .. } => "InvalidLength",
            Self::UnknownVersion(..) => "UnknownVersion",
            Self::VersionKeyMismatch { .. } => "VersionKeyMismatch",
            Self::KeyKindMismatch { .. } => "KeyKindMismatch",
            Self::InvalidPrivateKeyPrefix => "InvalidPrivateKeyPrefix",
            Self::ZeroDepthNonZeroParent => "ZeroDepthNonZeroParent",
            Self::ZeroDepthNonZeroChildNumber => "ZeroDepthNonZeroChildNumber",
            Self::InvalidHex => "InvalidHex",
            Self::DiscardedRootKey => "DiscardedRootKey",
            Self::InvalidRootKey => "InvalidRootKey",
            Self::InvalidEntropyLength { .. } => "InvalidEntropyLength",
            Self::InvalidBech32 => "InvalidBech32",
            Self::UnexpectedBech32Prefix { .. } => "UnexpectedBech32Prefix",
            Self::UnknownNetwork => "UnknownNetwork",
        }
    }
}
