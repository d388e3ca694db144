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

use crate::curve::Scheme;
use crate::error::{Error, Result};
use crate::key::{ChainCode, ExtendedPrivateKey, ExtendedPublicKey, Fingerprint};
use crate::path::ChildNumber;
use crate::secret::SecretBytes;

pub(crate) mod base58;
#[cfg(feature = "serde")]
mod serde;

/// Length of the binary serialization.
pub const SERIALIZED_LEN: usize = 78;
/// Length of the `Base58Check` text of a key in any version this crate names (all start with
/// `0x02` or `0x04`): 111 characters.
pub const ENCODED_LEN: usize = 111;
/// The longest `Base58Check` text of any 78-byte serialization (some custom versions need 112
/// characters): a buffer of this size always fits.
pub const MAX_ENCODED_LEN: usize = base58::MAX_ENCODED_LEN;

/// A 4-byte extended-key version: what makes the text start with `xprv`, `zpub`, ….
///
/// The named constants are BIP-32's and SLIP-132's; any other 4 bytes can be used through
/// [`Version::new`] and a [`VersionPair`]. `Display` prints 8 lowercase hex digits.
///
/// | private | public | network | SLIP-132 script type |
/// |---|---|---|---|
/// | [`XPRV`](Self::XPRV) `0488ade4` | [`XPUB`](Self::XPUB) `0488b21e` | mainnet | P2PKH or P2SH (BIP-32) |
/// | [`YPRV`](Self::YPRV) `049d7878` | [`YPUB`](Self::YPUB) `049d7cb2` | mainnet | P2WPKH in P2SH |
/// | [`ZPRV`](Self::ZPRV) `04b2430c` | [`ZPUB`](Self::ZPUB) `04b24746` | mainnet | P2WPKH |
/// | [`YPRV_MULTISIG`](Self::YPRV_MULTISIG) `0295b005` (`Yprv`) | [`YPUB_MULTISIG`](Self::YPUB_MULTISIG) `0295b43f` (`Ypub`) | mainnet | multi-signature P2WSH in P2SH |
/// | [`ZPRV_MULTISIG`](Self::ZPRV_MULTISIG) `02aa7a99` (`Zprv`) | [`ZPUB_MULTISIG`](Self::ZPUB_MULTISIG) `02aa7ed3` (`Zpub`) | mainnet | multi-signature P2WSH |
/// | [`TPRV`](Self::TPRV) `04358394` | [`TPUB`](Self::TPUB) `043587cf` | testnet | P2PKH or P2SH (BIP-32) |
/// | [`UPRV`](Self::UPRV) `044a4e28` | [`UPUB`](Self::UPUB) `044a5262` | testnet | P2WPKH in P2SH |
/// | [`VPRV`](Self::VPRV) `045f18bc` | [`VPUB`](Self::VPUB) `045f1cf6` | testnet | P2WPKH |
/// | [`UPRV_MULTISIG`](Self::UPRV_MULTISIG) `024285b5` (`Uprv`) | [`UPUB_MULTISIG`](Self::UPUB_MULTISIG) `024289ef` (`Upub`) | testnet | multi-signature P2WSH in P2SH |
/// | [`VPRV_MULTISIG`](Self::VPRV_MULTISIG) `02575048` (`Vprv`) | [`VPUB_MULTISIG`](Self::VPUB_MULTISIG) `02575483` (`Vpub`) | testnet | multi-signature P2WSH |
///
/// # Examples
///
/// ```
/// use fastbip32::Version;
///
/// assert_eq!(Version::ZPRV.public_twin(), Some(Version::ZPUB));
/// assert_eq!(Version::ZPUB.name(), Some("zpub"));
/// assert!(Version::TPRV.is_private());
/// assert_eq!(Version::XPUB.to_string(), "0488b21e");
/// assert_eq!(Version::new([1, 2, 3, 4]).pair(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version([u8; 4]);

impl Version {
    /// Bitcoin mainnet private (`xprv`), BIP-32.
    pub const XPRV: Self = Self([0x04, 0x88, 0xad, 0xe4]);
    /// Bitcoin mainnet public (`xpub`), BIP-32.
    pub const XPUB: Self = Self([0x04, 0x88, 0xb2, 0x1e]);
    /// Bitcoin testnet private (`tprv`), BIP-32.
    pub const TPRV: Self = Self([0x04, 0x35, 0x83, 0x94]);
    /// Bitcoin testnet public (`tpub`), BIP-32.
    pub const TPUB: Self = Self([0x04, 0x35, 0x87, 0xcf]);
    /// Mainnet private for P2WPKH in P2SH (`yprv`), SLIP-132.
    pub const YPRV: Self = Self([0x04, 0x9d, 0x78, 0x78]);
    /// Mainnet public for P2WPKH in P2SH (`ypub`), SLIP-132.
    pub const YPUB: Self = Self([0x04, 0x9d, 0x7c, 0xb2]);
    /// Mainnet private for P2WPKH (`zprv`), SLIP-132.
    pub const ZPRV: Self = Self([0x04, 0xb2, 0x43, 0x0c]);
    /// Mainnet public for P2WPKH (`zpub`), SLIP-132.
    pub const ZPUB: Self = Self([0x04, 0xb2, 0x47, 0x46]);
    /// Mainnet private for multi-signature P2WSH in P2SH (`Yprv`), SLIP-132.
    pub const YPRV_MULTISIG: Self = Self([0x02, 0x95, 0xb0, 0x05]);
    /// Mainnet public for multi-signature P2WSH in P2SH (`Ypub`), SLIP-132.
    pub const YPUB_MULTISIG: Self = Self([0x02, 0x95, 0xb4, 0x3f]);
    /// Mainnet private for multi-signature P2WSH (`Zprv`), SLIP-132.
    pub const ZPRV_MULTISIG: Self = Self([0x02, 0xaa, 0x7a, 0x99]);
    /// Mainnet public for multi-signature P2WSH (`Zpub`), SLIP-132.
    pub const ZPUB_MULTISIG: Self = Self([0x02, 0xaa, 0x7e, 0xd3]);
    /// Testnet private for P2WPKH in P2SH (`uprv`), SLIP-132.
    pub const UPRV: Self = Self([0x04, 0x4a, 0x4e, 0x28]);
    /// Testnet public for P2WPKH in P2SH (`upub`), SLIP-132.
    pub const UPUB: Self = Self([0x04, 0x4a, 0x52, 0x62]);
    /// Testnet private for P2WPKH (`vprv`), SLIP-132.
    pub const VPRV: Self = Self([0x04, 0x5f, 0x18, 0xbc]);
    /// Testnet public for P2WPKH (`vpub`), SLIP-132.
    pub const VPUB: Self = Self([0x04, 0x5f, 0x1c, 0xf6]);
    /// Testnet private for multi-signature P2WSH in P2SH (`Uprv`), SLIP-132.
    pub const UPRV_MULTISIG: Self = Self([0x02, 0x42, 0x85, 0xb5]);
    /// Testnet public for multi-signature P2WSH in P2SH (`Upub`), SLIP-132.
    pub const UPUB_MULTISIG: Self = Self([0x02, 0x42, 0x89, 0xef]);
    /// Testnet private for multi-signature P2WSH (`Vprv`), SLIP-132.
    pub const VPRV_MULTISIG: Self = Self([0x02, 0x57, 0x50, 0x48]);
    /// Testnet public for multi-signature P2WSH (`Vpub`), SLIP-132.
    pub const VPUB_MULTISIG: Self = Self([0x02, 0x57, 0x54, 0x83]);

    /// A version from its 4 bytes (big-endian, as serialized).
    pub const fn new(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }

    /// The bytes, as serialized.
    pub const fn to_bytes(self) -> [u8; 4] {
        self.0
    }

    /// The bytes as a big-endian integer (`0x0488ade4` for `xprv`).
    pub const fn to_u32(self) -> u32 {
        u32::from_be_bytes(self.0)
    }

    /// The known family this version belongs to, if any.
    pub fn pair(self) -> Option<VersionPair> {
        KNOWN
            .iter()
            .find(|k| k.pair.private == self || k.pair.public == self)
            .map(|k| k.pair)
    }

    /// Whether this is one of the known private versions (`xprv`, `zprv`, …). False for a
    /// custom version: its kind is given by the [`VersionPair`] it is used in.
    pub fn is_private(self) -> bool {
        KNOWN.iter().any(|k| k.pair.private == self)
    }

    /// Whether this is one of the known public versions (`xpub`, `zpub`, …). False for a
    /// custom version.
    pub fn is_public(self) -> bool {
        KNOWN.iter().any(|k| k.pair.public == self)
    }

    /// The public twin of a known private version (`xprv` → `xpub`); `None` for any other.
    pub fn public_twin(self) -> Option<Self> {
        KNOWN
            .iter()
            .find(|k| k.pair.private == self)
            .map(|k| k.pair.public)
    }

    /// The private twin of a known public version (`zpub` → `zprv`); `None` for any other.
    pub fn private_twin(self) -> Option<Self> {
        KNOWN
            .iter()
            .find(|k| k.pair.public == self)
            .map(|k| k.pair.private)
    }

    /// The first four characters of the text of a known version (`"xprv"`, `"Zpub"`, …).
    pub fn name(self) -> Option<&'static str> {
        KNOWN.iter().find_map(|k| {
            if k.pair.private == self {
                Some(k.private_name)
            } else if k.pair.public == self {
                Some(k.public_name)
            } else {
                None
            }
        })
    }
}

impl From<[u8; 4]> for Version {
    fn from(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }
}

impl From<Version> for [u8; 4] {
    fn from(version: Version) -> Self {
        version.0
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08x}", self.to_u32())
    }
}

impl fmt::Debug for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => write!(f, "Version({self} {name})"),
            None => write!(f, "Version({self})"),
        }
    }
}

/// A version family: a private version and its public twin (`xprv` / `xpub`).
///
/// The pair a key carries decides how it, its children and its public key serialize. The
/// named families are BIP-32's and SLIP-132's ([`VersionPair::KNOWN`]); for another coin
/// build one with [`VersionPair::new`] and pass it to the `*_with_versions` parsers or
/// [`ExtendedPrivateKey::with_version_pair`].
///
/// # Examples
///
/// ```
/// use fastbip32::{ExtendedPrivateKey, Secp256k1, Version, VersionPair};
///
/// // Litecoin's Ltpv / Ltub.
/// let ltc = VersionPair::new(Version::new([0x01, 0x9d, 0x9c, 0xfe]), Version::new([0x01, 0x9d, 0xa4, 0x62]));
/// let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&[1; 16])?.with_version_pair(ltc);
/// let text = key.to_extended_public_key().to_string();
/// assert!(text.starts_with("Ltub"));
/// // Unknown to the plain parser, accepted with the pair:
/// assert!(text.parse::<fastbip32::Xpub>().is_err());
/// let parsed = fastbip32::Xpub::parse_with_versions(&text, &[ltc])?;
/// assert_eq!(parsed.version_pair(), ltc);
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VersionPair {
    private: Version,
    public: Version,
}

impl VersionPair {
    /// `xprv` / `xpub`: Bitcoin mainnet, BIP-32. The pair of a key made from a seed.
    pub const XPRV_XPUB: Self = Self::new(Version::XPRV, Version::XPUB);
    /// `tprv` / `tpub`: Bitcoin testnet, BIP-32.
    pub const TPRV_TPUB: Self = Self::new(Version::TPRV, Version::TPUB);
    /// `yprv` / `ypub`: mainnet P2WPKH in P2SH, SLIP-132.
    pub const YPRV_YPUB: Self = Self::new(Version::YPRV, Version::YPUB);
    /// `zprv` / `zpub`: mainnet P2WPKH, SLIP-132.
    pub const ZPRV_ZPUB: Self = Self::new(Version::ZPRV, Version::ZPUB);
    /// `Yprv` / `Ypub`: mainnet multi-signature P2WSH in P2SH, SLIP-132.
    pub const YPRV_YPUB_MULTISIG: Self = Self::new(Version::YPRV_MULTISIG, Version::YPUB_MULTISIG);
    /// `Zprv` / `Zpub`: mainnet multi-signature P2WSH, SLIP-132.
    pub const ZPRV_ZPUB_MULTISIG: Self = Self::new(Version::ZPRV_MULTISIG, Version::ZPUB_MULTISIG);
    /// `uprv` / `upub`: testnet P2WPKH in P2SH, SLIP-132.
    pub const UPRV_UPUB: Self = Self::new(Version::UPRV, Version::UPUB);
    /// `vprv` / `vpub`: testnet P2WPKH, SLIP-132.
    pub const VPRV_VPUB: Self = Self::new(Version::VPRV, Version::VPUB);
    /// `Uprv` / `Upub`: testnet multi-signature P2WSH in P2SH, SLIP-132.
    pub const UPRV_UPUB_MULTISIG: Self = Self::new(Version::UPRV_MULTISIG, Version::UPUB_MULTISIG);
    /// `Vprv` / `Vpub`: testnet multi-signature P2WSH, SLIP-132.
    pub const VPRV_VPUB_MULTISIG: Self = Self::new(Version::VPRV_MULTISIG, Version::VPUB_MULTISIG);

    /// Every family the parsers know without being told.
    pub const KNOWN: [Self; 10] = [
        Self::XPRV_XPUB,
        Self::TPRV_TPUB,
        Self::YPRV_YPUB,
        Self::ZPRV_ZPUB,
        Self::YPRV_YPUB_MULTISIG,
        Self::ZPRV_ZPUB_MULTISIG,
        Self::UPRV_UPUB,
        Self::VPRV_VPUB,
        Self::UPRV_UPUB_MULTISIG,
        Self::VPRV_VPUB_MULTISIG,
    ];

    /// A family from its private and public versions. They should differ: if they are
    /// equal, a parsed key's kind is the one the parser was asked for (and
    /// [`ExtendedKey`]'s parser takes it as private).
    pub const fn new(private: Version, public: Version) -> Self {
        Self { private, public }
    }

    /// The private version.
    pub const fn private(self) -> Version {
        self.private
    }

    /// The public version.
    pub const fn public(self) -> Version {
        self.public
    }

    /// The known pair with `version` on the side `private` says.
    ///
    /// # Errors
    /// [`Error::VersionKeyMismatch`] for a known version of the other kind;
    /// [`Error::UnknownVersion`] otherwise.
    pub(crate) fn for_version(version: Version, private: bool) -> Result<Self> {
        match lookup(version, &[], Some(private)) {
            Some((pair, is_private)) if is_private == private => Ok(pair),
            Some(_) => Err(Error::VersionKeyMismatch {
                version_is_private: !private,
            }),
            None => Err(Error::UnknownVersion(version.0)),
        }
    }
}

impl Default for VersionPair {
    /// [`VersionPair::XPRV_XPUB`].
    fn default() -> Self {
        Self::XPRV_XPUB
    }
}

struct Known {
    pair: VersionPair,
    private_name: &'static str,
    public_name: &'static str,
}

const KNOWN: [Known; 10] = [
    known(VersionPair::XPRV_XPUB, "xprv", "xpub"),
    known(VersionPair::TPRV_TPUB, "tprv", "tpub"),
    known(VersionPair::YPRV_YPUB, "yprv", "ypub"),
    known(VersionPair::ZPRV_ZPUB, "zprv", "zpub"),
    known(VersionPair::YPRV_YPUB_MULTISIG, "Yprv", "Ypub"),
    known(VersionPair::ZPRV_ZPUB_MULTISIG, "Zprv", "Zpub"),
    known(VersionPair::UPRV_UPUB, "uprv", "upub"),
    known(VersionPair::VPRV_VPUB, "vprv", "vpub"),
    known(VersionPair::UPRV_UPUB_MULTISIG, "Uprv", "Upub"),
    known(VersionPair::VPRV_VPUB_MULTISIG, "Vprv", "Vpub"),
];

const fn known(pair: VersionPair, private_name: &'static str, public_name: &'static str) -> Known {
    Known {
        pair,
        private_name,
        public_name,
    }
}

/// The family of `version` and whether it is its private member: the caller's pairs first,
/// then the known ones. When a pair has the version on both sides, `prefer_private` (or
/// private, if `None`) decides.
fn lookup(
    version: Version,
    extra: &[VersionPair],
    prefer_private: Option<bool>,
) -> Option<(VersionPair, bool)> {
    extra
        .iter()
        .chain(VersionPair::KNOWN.iter())
        .find_map(
            |&pair| match (pair.private == version, pair.public == version) {
                (true, true) => Some((pair, prefer_private.unwrap_or(true))),
                (true, false) => Some((pair, true)),
                (false, true) => Some((pair, false)),
                (false, false) => None,
            },
        )
}

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

    /// The public key (computed for a private key).
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

    /// The public key of either kind (a private key is neutered).
    pub fn to_extended_public_key(&self) -> ExtendedPublicKey<S> {
        match self {
            Self::Private(k) => k.to_extended_public_key(),
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
    chain: &'a [u8; 32],
    key: &'a [u8; 33],
}

/// Splits the 78 bytes (the fallbacks are unreachable: the lengths add up to 78).
fn fields(bytes: &[u8; SERIALIZED_LEN]) -> Fields<'_> {
    let (version, rest) = bytes.split_first_chunk::<4>().unwrap_or((&[0; 4], &[]));
    let (&depth, rest) = rest.split_first().unwrap_or((&0, &[]));
    let (parent, rest) = rest.split_first_chunk::<4>().unwrap_or((&[0; 4], &[]));
    let (child, rest) = rest.split_first_chunk::<4>().unwrap_or((&[0; 4], &[]));
    let (chain, rest) = rest.split_first_chunk::<32>().unwrap_or((&[0; 32], &[]));
    let key = rest.first_chunk::<33>().unwrap_or(&[0; 33]);
    Fields {
        version: Version(*version),
        depth,
        parent: *parent,
        child: *child,
        chain,
        key,
    }
}

/// Decodes and checks a serialization in the order of the module documentation. `want` is
/// the kind asked for (`Some(true)` for private), or `None` for either.
fn decode<S>(
    bytes: &[u8; SERIALIZED_LEN],
    extra: &[VersionPair],
    want: Option<bool>,
) -> Result<ExtendedKey<S>>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    let f = fields(bytes);
    let (versions, private) =
        lookup(f.version, extra, want).ok_or(Error::UnknownVersion(f.version.0))?;
    if let Some(expected_private) = want {
        if expected_private != private {
            return Err(Error::KeyKindMismatch { expected_private });
        }
    }
    let (prefix, key) = f.key.split_first().unwrap_or((&0xff, &[]));
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
    let chain_code = ChainCode::new(*f.chain);
    let decoded = if private {
        let mut secret = SecretBytes::new([0u8; 32]);
        secret.expose_mut().copy_from_slice(key);
        S::check_private_key(secret.expose())?;
        ExtendedKey::Private(ExtendedPrivateKey::from_decoded(
            secret, chain_code, f.depth, parent, child, versions,
        ))
    } else {
        let public = S::parse_public_key(f.key)?;
        ExtendedKey::Public(ExtendedPublicKey::from_decoded(
            public, chain_code, f.depth, parent, child, versions,
        ))
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

fn parse<S>(text: &str, extra: &[VersionPair], want: Option<bool>) -> Result<ExtendedKey<S>>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    let bytes = base58::decode_check(text.as_bytes())?;
    decode(&bytes, extra, want)
}

fn header(
    out: &mut [u8; SERIALIZED_LEN],
    version: Version,
    depth: u8,
    parent: Fingerprint,
    child: ChildNumber,
    chain: &ChainCode,
) {
    let (v, rest) = out.split_at_mut(4);
    v.copy_from_slice(&version.0);
    let (d, rest) = rest.split_at_mut(1);
    d.fill(depth);
    let (p, rest) = rest.split_at_mut(4);
    p.copy_from_slice(&parent.to_bytes());
    let (c, rest) = rest.split_at_mut(4);
    c.copy_from_slice(&child.to_be_bytes());
    let (cc, _) = rest.split_at_mut(32);
    cc.copy_from_slice(chain.as_bytes());
}

fn text<'b>(data: &[u8; SERIALIZED_LEN], buf: &'b mut [u8]) -> Result<&'b str> {
    let len = base58::encode_check(data, buf)?;
    let text = buf
        .get(..len)
        .ok_or(Error::BufferTooSmall { needed: len })?;
    // The alphabet is ASCII.
    core::str::from_utf8(text).map_err(|_| Error::InvalidBase58)
}

// ---------------------------------------------------------------------------------------------
// Private keys
// ---------------------------------------------------------------------------------------------

impl<S> ExtendedPrivateKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    /// Decodes a 78-byte serialization in a known version (see the
    /// [module documentation](crate::serialize) for the checks and their order).
    ///
    /// # Errors
    /// [`Error::UnknownVersion`], [`Error::KeyKindMismatch`] (a public version),
    /// [`Error::VersionKeyMismatch`], [`Error::InvalidPrivateKeyPrefix`],
    /// [`Error::InvalidSecretKey`], [`Error::ZeroDepthNonZeroParent`],
    /// [`Error::ZeroDepthNonZeroChildNumber`].
    pub fn from_bytes(bytes: &[u8; SERIALIZED_LEN]) -> Result<Self> {
        Self::from_bytes_with_versions(bytes, &[])
    }

    /// As [`from_bytes`](Self::from_bytes), also accepting the private versions of `versions`
    /// (tried before the known ones).
    ///
    /// # Errors
    /// As [`from_bytes`](Self::from_bytes).
    pub fn from_bytes_with_versions(
        bytes: &[u8; SERIALIZED_LEN],
        versions: &[VersionPair],
    ) -> Result<Self> {
        match decode(bytes, versions, Some(true))? {
            ExtendedKey::Private(key) => Ok(key),
            ExtendedKey::Public(_) => Err(Error::KeyKindMismatch {
                expected_private: true,
            }),
        }
    }

    /// Parses `xprv…` text in a known version or one of `versions`' private versions (tried
    /// before the known ones). Allocates nothing.
    ///
    /// # Errors
    /// [`Error::InvalidBase58`], [`Error::BadChecksum`], [`Error::InvalidLength`], and the
    /// errors of [`from_bytes`](Self::from_bytes).
    pub fn parse_with_versions(text: &str, versions: &[VersionPair]) -> Result<Self> {
        match parse(text, versions, Some(true))? {
            ExtendedKey::Private(key) => Ok(key),
            ExtendedKey::Public(_) => Err(Error::KeyKindMismatch {
                expected_private: true,
            }),
        }
    }

    /// The 78-byte serialization in `version` (the key's own: `key.to_bytes(key.version())`),
    /// wiped on drop. The version is written as given.
    pub fn to_bytes(&self, version: Version) -> Zeroizing<[u8; SERIALIZED_LEN]> {
        let mut out = Zeroizing::new([0u8; SERIALIZED_LEN]);
        header(
            &mut out,
            version,
            self.depth(),
            self.parent_fingerprint(),
            self.child_number(),
            self.chain_code(),
        );
        let (_, key) = out.split_at_mut(46);
        key.copy_from_slice(self.private_key());
        out
    }

    /// The 78-byte serialization of the public key in `version`, as
    /// `self.to_extended_public_key().with_version_pair(..).to_bytes()` would give.
    pub fn to_public_bytes(&self, version: Version) -> [u8; SERIALIZED_LEN] {
        let mut out = [0u8; SERIALIZED_LEN];
        header(
            &mut out,
            version,
            self.depth(),
            self.parent_fingerprint(),
            self.child_number(),
            self.chain_code(),
        );
        let (_, key) = out.split_at_mut(45);
        key.copy_from_slice(&self.public_key());
        out
    }

    /// Writes the text in the key's own version (`xprv…`, `zprv…`, …) into `buf` without
    /// allocating, and returns it. The caller should wipe `buf` after use.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] if `buf` is shorter than the text ([`ENCODED_LEN`] bytes for
    /// the named versions, [`MAX_ENCODED_LEN`] always suffices).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{Xprv, MAX_ENCODED_LEN};
    /// use zeroize::Zeroizing;
    ///
    /// let key = Xprv::from_seed(&[7; 32])?;
    /// let mut buf = Zeroizing::new([0u8; MAX_ENCODED_LEN]);
    /// let text = key.encode(&mut buf[..])?;
    /// assert!(text.starts_with("xprv"));
    /// assert_eq!(text.parse::<Xprv>()?, key);
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn encode<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str> {
        text(&self.to_bytes(self.version()), buf)
    }

    /// Writes the text in `version` (written as given) into `buf` without allocating.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] as for [`encode`](Self::encode).
    pub fn encode_xprv<'b>(&self, version: Version, buf: &'b mut [u8]) -> Result<&'b str> {
        text(&self.to_bytes(version), buf)
    }

    /// Writes the public key's text in `version` (written as given) into `buf` without
    /// allocating.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] as for [`encode`](Self::encode).
    pub fn encode_xpub<'b>(&self, version: Version, buf: &'b mut [u8]) -> Result<&'b str> {
        text(&self.to_public_bytes(version), buf)
    }

    /// The text in `version` (the key's own: `key.to_xprv_string(key.version())`), in a
    /// string that is wiped on drop.
    #[cfg(feature = "alloc")]
    pub fn to_xprv_string(&self, version: Version) -> Zeroizing<alloc::string::String> {
        let mut buf = Zeroizing::new([0u8; MAX_ENCODED_LEN]);
        let text = self.encode_xprv(version, &mut buf[..]).unwrap_or_default();
        Zeroizing::new(alloc::string::String::from(text))
    }

    /// The public key's text in `version` (for the key's own family use
    /// `to_extended_public_key().to_string()`).
    #[cfg(feature = "alloc")]
    pub fn to_xpub_string(&self, version: Version) -> alloc::string::String {
        let mut buf = [0u8; MAX_ENCODED_LEN];
        let text = self.encode_xpub(version, &mut buf).unwrap_or_default();
        alloc::string::String::from(text)
    }
}

impl<S> FromStr for ExtendedPrivateKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    type Err = Error;

    /// Parses `xprv…` text in any known private version; see
    /// [`parse_with_versions`](Self::parse_with_versions).
    fn from_str(s: &str) -> Result<Self> {
        Self::parse_with_versions(s, &[])
    }
}

// ---------------------------------------------------------------------------------------------
// Public keys
// ---------------------------------------------------------------------------------------------

impl<S> ExtendedPublicKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    /// Decodes a 78-byte serialization in a known version (see the
    /// [module documentation](crate::serialize) for the checks and their order).
    ///
    /// # Errors
    /// [`Error::UnknownVersion`], [`Error::KeyKindMismatch`] (a private version),
    /// [`Error::VersionKeyMismatch`], [`Error::InvalidPublicKey`],
    /// [`Error::ZeroDepthNonZeroParent`], [`Error::ZeroDepthNonZeroChildNumber`].
    pub fn from_bytes(bytes: &[u8; SERIALIZED_LEN]) -> Result<Self> {
        Self::from_bytes_with_versions(bytes, &[])
    }

    /// As [`from_bytes`](Self::from_bytes), also accepting the public versions of `versions`
    /// (tried before the known ones).
    ///
    /// # Errors
    /// As [`from_bytes`](Self::from_bytes).
    pub fn from_bytes_with_versions(
        bytes: &[u8; SERIALIZED_LEN],
        versions: &[VersionPair],
    ) -> Result<Self> {
        match decode(bytes, versions, Some(false))? {
            ExtendedKey::Public(key) => Ok(key),
            ExtendedKey::Private(_) => Err(Error::KeyKindMismatch {
                expected_private: false,
            }),
        }
    }

    /// Parses `xpub…` text in a known version or one of `versions`' public versions (tried
    /// before the known ones). Allocates nothing.
    ///
    /// # Errors
    /// [`Error::InvalidBase58`], [`Error::BadChecksum`], [`Error::InvalidLength`], and the
    /// errors of [`from_bytes`](Self::from_bytes).
    pub fn parse_with_versions(text: &str, versions: &[VersionPair]) -> Result<Self> {
        match parse(text, versions, Some(false))? {
            ExtendedKey::Public(key) => Ok(key),
            ExtendedKey::Private(_) => Err(Error::KeyKindMismatch {
                expected_private: false,
            }),
        }
    }

    /// The 78-byte serialization, in the key's own version.
    pub fn to_bytes(&self) -> [u8; SERIALIZED_LEN] {
        let mut out = [0u8; SERIALIZED_LEN];
        header(
            &mut out,
            self.version(),
            self.depth(),
            self.parent_fingerprint(),
            self.child_number(),
            self.chain_code(),
        );
        let (_, key) = out.split_at_mut(45);
        key.copy_from_slice(&self.public_key());
        out
    }

    /// Writes the text (`xpub…`, `zpub…`, …) into `buf` without allocating, and returns it.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] if `buf` is shorter than the text ([`ENCODED_LEN`] bytes for
    /// the named versions, [`MAX_ENCODED_LEN`] always suffices).
    pub fn encode<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str> {
        text(&self.to_bytes(), buf)
    }
}

impl<S> FromStr for ExtendedPublicKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    type Err = Error;

    /// Parses `xpub…` text in any known public version; see
    /// [`parse_with_versions`](Self::parse_with_versions).
    fn from_str(s: &str) -> Result<Self> {
        Self::parse_with_versions(s, &[])
    }
}

impl<S> fmt::Display for ExtendedPublicKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    /// The `Base58Check` text in the key's own version. Width and alignment are honoured.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; MAX_ENCODED_LEN];
        f.pad(self.encode(&mut buf).map_err(|_| fmt::Error)?)
    }
}

// ---------------------------------------------------------------------------------------------
// Either kind
// ---------------------------------------------------------------------------------------------

impl<S> ExtendedKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
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

impl<S> FromStr for ExtendedKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    type Err = Error;

    /// Parses `xprv…` or `xpub…` text in any known version.
    fn from_str(s: &str) -> Result<Self> {
        parse(s, &[], None)
    }
}
