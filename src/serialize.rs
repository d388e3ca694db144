//! BIP-32 serialization: the 78-byte layout, its `Base58Check` text (`xprv…`, `zpub…`), and
//! the 4-byte [`Version`]s.
//!
//! Layout (BIP-32 §"Serialization format"): version (4) ‖ depth (1) ‖ parent fingerprint (4)
//! ‖ child number (4, big-endian) ‖ chain code (32) ‖ key data (33: `0x00 ‖ k` for a private
//! key, the compressed point for a public key). Defined for the schemes with 32-byte private
//! keys and 33-byte SEC1 public keys: [`Secp256k1`](crate::Secp256k1) and
//! [`NistP256`](crate::NistP256) (SLIP-10 defines no text form; this is the layout and the
//! versions other tools use for it).
//!
//! **Versions.** A *version* is the first 4 bytes; a *version pair* (family) is a private
//! version and its public twin, such as `xprv` / `xpub`. Every key carries its pair: see
//! [`ExtendedPrivateKey`]'s "Version" paragraph.
//!
//! **Parsing** allocates nothing and checks, in this order, each with its own error:
//! 1. every character is in the Base58 alphabet: [`Error::InvalidBase58`];
//! 2. the `Base58Check` checksum: [`Error::BadChecksum`];
//! 3. 78 decoded bytes: [`Error::InvalidLength`];
//! 4. a known version (or one of the caller's pairs): [`Error::UnknownVersion`]; of the kind
//!    asked for (parsing `xpub…` as a private key): [`Error::KeyKindMismatch`];
//! 5. the key data against the version: a private version with public key data (`02`/`03`),
//!    or a public version with private key data (`00`): [`Error::VersionKeyMismatch`]; any
//!    other first byte: [`Error::InvalidPrivateKeyPrefix`] under a private version,
//!    [`Error::InvalidPublicKey`] under a public one;
//! 6. the key itself: a private key of 0 or ≥ n, [`Error::InvalidSecretKey`]; a public key
//!    not on the curve, [`Error::InvalidPublicKey`];
//! 7. depth 0 (a master key) with a non-zero parent fingerprint,
//!    [`Error::ZeroDepthNonZeroParent`], or a non-zero child number,
//!    [`Error::ZeroDepthNonZeroChildNumber`].

use core::fmt;
use core::str::FromStr;

use zeroize::Zeroizing;

use crate::chain_code::ChainCode;
use crate::curve::{Bip32Text, NormalDerivation, Scheme};
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::key::{ExtendedPrivateKey, ExtendedPublicKey, Meta, Parent};
use crate::path::ChildNumber;
use crate::secret::SecretBytes;
use crate::version::{lookup, Version, VersionPair};

#[cfg(all(feature = "address", any(feature = "ed25519", feature = "secp256k1")))]
pub(crate) mod base32;
pub(crate) mod base58;
#[cfg(all(feature = "address", feature = "ed25519"))]
pub(crate) mod base64;
#[cfg(all(feature = "address", feature = "ed25519"))]
pub(crate) mod crc16;
#[cfg(feature = "serde")]
mod serde;

pub use self::base58::Alphabet as Base58Alphabet;

/// Length of the binary serialization.
pub const SERIALIZED_LEN: usize = 78;
/// Length of the `Base58Check` text of a key in any version this crate names (all start with
/// `0x02` or `0x04`): 111 characters.
pub const ENCODED_LEN: usize = 111;
/// The longest `Base58Check` text of any 78-byte serialization (some custom versions need 112
/// characters): a buffer of this size always fits.
pub const MAX_ENCODED_LEN: usize = base58::MAX_ENCODED_LEN;

/// An extended key of either kind, as text or bytes give it: for tools that take "an xprv or
/// an xpub" (the kind is read from the version).
///
/// # Examples
///
/// ```
/// use fastbip32::{ExtendedKey, Secp256k1};
///
/// let key: ExtendedKey<Secp256k1> = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8".parse()?;
/// assert!(!key.is_private());
/// assert_eq!(key.depth(), 0);
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtendedKey<S: Scheme> {
    /// A private key (`xprv…`).
    Private(ExtendedPrivateKey<S>),
    /// A public key (`xpub…`).
    Public(ExtendedPublicKey<S>),
}

impl<S: Scheme> ExtendedKey<S> {
    /// Whether this is a private key.
    pub fn is_private(&self) -> bool {
        matches!(self, Self::Private(_))
    }

    /// The version it serializes with.
    pub fn version(&self) -> Version {
        match self {
            Self::Private(k) => k.version(),
            Self::Public(k) => k.version(),
        }
    }

    /// The depth.
    pub fn depth(&self) -> u8 {
        match self {
            Self::Private(k) => k.depth(),
            Self::Public(k) => k.depth(),
        }
    }

    /// The child number.
    pub fn child_number(&self) -> ChildNumber {
        match self {
            Self::Private(k) => k.child_number(),
            Self::Public(k) => k.child_number(),
        }
    }

    /// The parent's fingerprint.
    pub fn parent_fingerprint(&self) -> Fingerprint {
        match self {
            Self::Private(k) => k.parent_fingerprint(),
            Self::Public(k) => k.parent_fingerprint(),
        }
    }

    /// The chain code.
    pub fn chain_code(&self) -> &ChainCode {
        match self {
            Self::Private(k) => k.chain_code(),
            Self::Public(k) => k.chain_code(),
        }
    }

    /// The public key (computed for a private key, and cached there).
    pub fn public_key(&self) -> S::PublicKey {
        match self {
            Self::Private(k) => k.public_key(),
            Self::Public(k) => k.public_key(),
        }
    }

    /// The key's fingerprint.
    pub fn fingerprint(&self) -> Fingerprint {
        match self {
            Self::Private(k) => k.fingerprint(),
            Self::Public(k) => k.fingerprint(),
        }
    }
}

impl<S: Scheme> ExtendedKey<S> {
    /// Checks that `path` can be derived below this key, without deriving it: as
    /// [`ExtendedPrivateKey::check_path`] or [`ExtendedPublicKey::check_path`].
    ///
    /// # Errors
    /// As those: [`Error::InvalidPath`], [`Error::DepthExceeded`], [`Error::HardenedOnly`],
    /// [`Error::HardenedFromPublic`].
    pub fn check_path<P: crate::path::IntoDerivationPath>(&self, path: P) -> Result<()> {
        match self {
            Self::Private(k) => k.check_path(path),
            Self::Public(k) => k.check_path(path),
        }
    }
}

impl<S: NormalDerivation> ExtendedKey<S> {
    /// The public key of either kind (a private key is neutered).
    pub fn to_xpub(&self) -> ExtendedPublicKey<S> {
        match self {
            Self::Private(k) => k.to_xpub(),
            Self::Public(k) => k.clone(),
        }
    }
}

impl<S: Scheme> From<ExtendedPrivateKey<S>> for ExtendedKey<S> {
    fn from(key: ExtendedPrivateKey<S>) -> Self {
        Self::Private(key)
    }
}

impl<S: Scheme> From<ExtendedPublicKey<S>> for ExtendedKey<S> {
    fn from(key: ExtendedPublicKey<S>) -> Self {
        Self::Public(key)
    }
}

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

/// The fields of a 78-byte serialization.
struct Fields<'a> {
    version: Version,
    depth: u8,
    parent: [u8; 4],
    child: [u8; 4],
    chain: &'a [u8],
    key: &'a [u8; 33],
}

/// Splits the 78 bytes: 4 + 1 + 4 + 4 + 32 + 33.
#[allow(
    clippy::expect_used,
    reason = "the fields' lengths add up to the 78 bytes of the array"
)]
fn fields(bytes: &[u8; SERIALIZED_LEN]) -> Fields<'_> {
    let (version, rest) = bytes.split_at(4);
    let [depth, rest @ ..] = rest else {
        unreachable!("74 bytes follow the version")
    };
    let (parent, rest) = rest.split_at(4);
    let (child, rest) = rest.split_at(4);
    let (chain, key) = rest.split_at(32);
    let four = |part: &[u8]| <[u8; 4]>::try_from(part).expect("a 4-byte field");
    Fields {
        version: Version::new(four(version)),
        depth: *depth,
        parent: four(parent),
        child: four(child),
        chain,
        key: key.try_into().expect("33 bytes of key data"),
    }
}

/// Decodes and checks a serialization in the order of the module documentation. `want` is
/// the kind asked for (`Some(true)` for private), or `None` for either.
fn decode<S: Bip32Text>(
    bytes: &[u8; SERIALIZED_LEN],
    extra: &[VersionPair],
    want: Option<bool>,
) -> Result<ExtendedKey<S>> {
    let f = fields(bytes);
    let (versions, private) =
        lookup(f.version, extra, want).ok_or(Error::UnknownVersion(f.version.to_bytes()))?;
    if let Some(expected_private) = want {
        if expected_private != private {
            return Err(Error::KeyKindMismatch { expected_private });
        }
    }
    let [prefix, key @ ..] = f.key;
    // The prefix is public: 0x00 marks private key data, 0x02/0x03 a compressed point.
    match (private, *prefix) {
        (true, 0) | (false, 2 | 3) => {}
        (true, 2 | 3) | (false, 0) => {
            return Err(Error::VersionKeyMismatch {
                version_is_private: private,
            })
        }
        (true, _) => return Err(Error::InvalidPrivateKeyPrefix),
        (false, _) => return Err(Error::InvalidPublicKey),
    }
    let parent = Fingerprint::new(f.parent);
    let child = ChildNumber::from_raw(u32::from_be_bytes(f.child));
    let meta = Meta::new(
        ChainCode::from_slice(f.chain),
        f.depth,
        child,
        Parent::Known(parent),
        versions,
    );
    let decoded = if private {
        let mut secret = SecretBytes::new([0u8; 32]);
        secret.expose_mut().copy_from_slice(key);
        ExtendedKey::Private(ExtendedPrivateKey::from_secret(secret, meta)?)
    } else {
        ExtendedKey::Public(ExtendedPublicKey::from_public(f.key, meta)?)
    };
    if f.depth == 0 {
        if parent != Fingerprint::ZERO {
            return Err(Error::ZeroDepthNonZeroParent);
        }
        if child.to_raw() != 0 {
            return Err(Error::ZeroDepthNonZeroChildNumber);
        }
    }
    Ok(decoded)
}

fn parse<S: Bip32Text>(
    text: &str,
    extra: &[VersionPair],
    want: Option<bool>,
) -> Result<ExtendedKey<S>> {
    let bytes = base58::decode_check(text.as_bytes())?;
    decode(&bytes, extra, want)
}

/// The 78 bytes of a key: the header from `meta` in `version`, then `key_data` (33 bytes:
/// `0x00 ‖ k` or the compressed point). Wiped on drop, as it may hold a secret.
fn serialize<S: Bip32Text>(
    meta: &Meta<S>,
    version: Version,
    parent: Fingerprint,
    key_data: impl FnOnce(&mut [u8]),
) -> Zeroizing<[u8; SERIALIZED_LEN]> {
    let mut out = Zeroizing::new([0u8; SERIALIZED_LEN]);
    let (v, rest) = out.split_at_mut(4);
    v.copy_from_slice(&version.to_bytes());
    let (d, rest) = rest.split_at_mut(1);
    d.fill(meta.depth);
    let (p, rest) = rest.split_at_mut(4);
    p.copy_from_slice(&parent.to_bytes());
    let (c, rest) = rest.split_at_mut(4);
    c.copy_from_slice(&meta.child_number.to_be_bytes());
    let (cc, key) = rest.split_at_mut(32);
    cc.copy_from_slice(meta.chain_code.as_bytes());
    key_data(key);
    out
}

fn text<'b>(data: &[u8; SERIALIZED_LEN], buf: &'b mut [u8]) -> Result<&'b str> {
    let len = base58::encode_check(data, buf)?;
    // `encode_check` wrote `len` bytes of the (ASCII) alphabet at the start of `buf`.
    let (text, _) = buf.split_at(len);
    Ok(crate::hex::ascii(text))
}

/// The text of a key written into a buffer of [`MAX_ENCODED_LEN`] bytes, which every key's
/// text fits.
#[cfg(feature = "alloc")]
#[allow(
    clippy::expect_used,
    reason = "MAX_ENCODED_LEN fits every 78-byte payload's text"
)]
fn fits_buffer(text: Result<&str>) -> &str {
    text.expect("MAX_ENCODED_LEN bytes hold any extended key's text")
}

/// What the two key types' text methods differ in, so those are written once.
trait Kind<S: Bip32Text>: Sized {
    const PRIVATE: bool;
    /// The key, if `key` is of this kind.
    fn pick(key: ExtendedKey<S>) -> Option<Self>;
    fn bytes(&self) -> Zeroizing<[u8; SERIALIZED_LEN]>;

    fn from_either(key: ExtendedKey<S>) -> Result<Self> {
        Self::pick(key).ok_or(Error::KeyKindMismatch {
            expected_private: Self::PRIVATE,
        })
    }
}

impl<S: Bip32Text> Kind<S> for ExtendedPrivateKey<S> {
    const PRIVATE: bool = true;

    fn pick(key: ExtendedKey<S>) -> Option<Self> {
        match key {
            ExtendedKey::Private(key) => Some(key),
            ExtendedKey::Public(_) => None,
        }
    }

    fn bytes(&self) -> Zeroizing<[u8; SERIALIZED_LEN]> {
        serialize(
            self.meta(),
            self.version(),
            self.parent_fingerprint(),
            |key| {
                // `0x00 ‖ k`: the prefix byte is already zero.
                key.split_at_mut(1).1.copy_from_slice(self.private_key());
            },
        )
    }
}

impl<S: Bip32Text> Kind<S> for ExtendedPublicKey<S> {
    const PRIVATE: bool = false;

    fn pick(key: ExtendedKey<S>) -> Option<Self> {
        match key {
            ExtendedKey::Public(key) => Some(key),
            ExtendedKey::Private(_) => None,
        }
    }

    fn bytes(&self) -> Zeroizing<[u8; SERIALIZED_LEN]> {
        serialize(
            self.meta(),
            self.version(),
            self.parent_fingerprint(),
            |key| {
                key.copy_from_slice(&self.public_key());
            },
        )
    }
}

/// The text API of both key types, written once over [`Kind`].
macro_rules! text_api {
    ($key:ident, $kind:literal, $prefix:literal) => {
        impl<S: Bip32Text> $key<S> {
            #[doc = concat!("Decodes a 78-byte serialization of an extended ", $kind, " key in a known")]
            /// version (see the [module documentation](crate::serialize) for the checks and
            /// their order).
            ///
            /// # Errors
            /// [`Error::UnknownVersion`], [`Error::KeyKindMismatch`] (the other kind),
            /// [`Error::VersionKeyMismatch`], [`Error::InvalidPrivateKeyPrefix`],
            /// [`Error::InvalidSecretKey`], [`Error::InvalidPublicKey`],
            /// [`Error::ZeroDepthNonZeroParent`], [`Error::ZeroDepthNonZeroChildNumber`].
            pub fn from_bytes(bytes: &[u8; SERIALIZED_LEN]) -> Result<Self> {
                Self::from_bytes_with_versions(bytes, &[])
            }

            /// As [`from_bytes`](Self::from_bytes), also accepting the versions of
            /// `versions` (tried before the known ones).
            ///
            /// # Errors
            /// As [`from_bytes`](Self::from_bytes).
            pub fn from_bytes_with_versions(
                bytes: &[u8; SERIALIZED_LEN],
                versions: &[VersionPair],
            ) -> Result<Self> {
                Self::from_either(decode(bytes, versions, Some(<Self as Kind<S>>::PRIVATE))?)
            }

            #[doc = concat!("Parses `", $prefix, "…` text in a known version or one of `versions` (tried before")]
            /// the known ones). Allocates nothing.
            ///
            /// # Errors
            /// [`Error::InvalidBase58`], [`Error::BadChecksum`], [`Error::InvalidLength`], and
            /// the errors of [`from_bytes`](Self::from_bytes).
            pub fn parse_with_versions(text: &str, versions: &[VersionPair]) -> Result<Self> {
                Self::from_either(parse(text, versions, Some(<Self as Kind<S>>::PRIVATE))?)
            }

            /// The 78-byte serialization in the key's own version (set it with
            /// `with_version`), wiped on drop.
            pub fn to_bytes(&self) -> Zeroizing<[u8; SERIALIZED_LEN]> {
                self.bytes()
            }

            #[doc = concat!("Writes the text in the key's own version (`", $prefix, "…`, …) into `buf` without")]
            /// allocating, and returns it. For a private key, the caller should wipe `buf`
            /// after use.
            ///
            /// # Errors
            /// [`Error::BufferTooSmall`] if `buf` is shorter than the text ([`ENCODED_LEN`]
            /// bytes for the named versions; [`MAX_ENCODED_LEN`] always suffices).
            pub fn encode<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str> {
                text(&self.bytes(), buf)
            }
        }

        impl<S: Bip32Text> FromStr for $key<S> {
            type Err = Error;

            #[doc = concat!("Parses `", $prefix, "…` text in any known version; see")]
            /// [`parse_with_versions`](Self::parse_with_versions).
            fn from_str(s: &str) -> Result<Self> {
                Self::parse_with_versions(s, &[])
            }
        }

        impl<S: Bip32Text> fmt::Display for $key<S> {
            /// The `Base58Check` text in the key's own version, written through a stack buffer
            /// that is wiped afterwards. Width and alignment are honoured.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut buf = Zeroizing::new([0u8; MAX_ENCODED_LEN]);
                f.pad(self.encode(&mut buf[..]).map_err(|_| fmt::Error)?)
            }
        }
    };
}

text_api!(ExtendedPrivateKey, "private", "xprv");
text_api!(ExtendedPublicKey, "public", "xpub");

impl<S: Bip32Text> ExtendedPrivateKey<S> {
    /// The text in the key's own version in a string that is wiped on drop (`to_string()`,
    /// through `Display`, gives a plain `String` that is not).
    #[cfg(feature = "alloc")]
    pub fn to_zeroizing_string(&self) -> Zeroizing<alloc::string::String> {
        let mut buf = Zeroizing::new([0u8; MAX_ENCODED_LEN]);
        Zeroizing::new(alloc::string::String::from(fits_buffer(
            self.encode(&mut buf[..]),
        )))
    }
}

// ---------------------------------------------------------------------------------------------
// Either kind
// ---------------------------------------------------------------------------------------------

impl<S: Bip32Text> ExtendedKey<S> {
    /// Decodes a 78-byte serialization of either kind in a known version.
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::from_bytes`] and [`ExtendedPublicKey::from_bytes`], except
    /// [`Error::KeyKindMismatch`].
    pub fn from_bytes(bytes: &[u8; SERIALIZED_LEN]) -> Result<Self> {
        decode(bytes, &[], None)
    }

    /// As [`from_bytes`](Self::from_bytes), also accepting the versions of `versions`.
    ///
    /// # Errors
    /// As [`from_bytes`](Self::from_bytes).
    pub fn from_bytes_with_versions(
        bytes: &[u8; SERIALIZED_LEN],
        versions: &[VersionPair],
    ) -> Result<Self> {
        decode(bytes, versions, None)
    }

    /// Parses text of either kind in a known version or one of `versions`. Allocates
    /// nothing.
    ///
    /// # Errors
    /// [`Error::InvalidBase58`], [`Error::BadChecksum`], [`Error::InvalidLength`], and the
    /// errors of [`from_bytes`](Self::from_bytes).
    pub fn parse_with_versions(text: &str, versions: &[VersionPair]) -> Result<Self> {
        parse(text, versions, None)
    }
}

impl<S: Bip32Text> FromStr for ExtendedKey<S> {
    type Err = Error;

    /// Parses `xprv…` or `xpub…` text in any known version.
    fn from_str(s: &str) -> Result<Self> {
        parse(s, &[], None)
    }
}
