//! [`ExtendedPublicKey`]: a public key with its chain code, and public-only derivation.

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::curve::Scheme;
use crate::error::{Error, Result};
use crate::hash::HmacSha512;
use crate::key::{ChainCode, Fingerprint, IntoDerivationPath};
use crate::path::ChildNumber;
use crate::serialize::{Version, VersionPair};

/// How a public key knows its parent's fingerprint.
#[derive(Clone, Copy)]
pub(crate) enum PublicParent<S: Scheme> {
    /// Given (a master key, a parsed key, a neutered key whose parent was private).
    Known(Fingerprint),
    /// Derived here: the parent's public key, hashed only when the fingerprint is read.
    Public(S::PublicKey),
}

/// An extended public key over a [`Scheme`]: public key, chain code, depth, parent
/// fingerprint and child number (BIP-32 §"Extended keys"), for watch-only wallets.
///
/// Made from a private key ([`ExtendedPrivateKey::to_extended_public_key`]), parsed from text
/// (`"xpub…".parse()`, for the schemes with 33-byte SEC1 public keys), or from its parts.
/// Derives normal (non-hardened) children only: BIP-32 `CKDpub`, and for
/// [`NistP256`](crate::NistP256) SLIP-10's public derivation with the same retry rule as the
/// private one, so both give the same key. SLIP-10 ed25519 and curve25519 have no public
/// derivation ([`Error::UnsupportedByScheme`]).
///
/// It carries a [`VersionPair`] like the private key (see there); it serializes with the
/// pair's public version, and derived children keep the pair.
///
/// Holds no secret, but the chain code is sensitive (with any normal child's private key it
/// gives away the parent's), so it is wiped on drop and not shown by `Debug`. `Clone`, not
/// `Copy`; `Send + Sync`.
///
/// # Security
///
/// Public derivation is variable-time: every input (public key, chain code, index) is public.
///
/// # Examples
///
/// ```
/// use fastbip32::{ExtendedPublicKey, Secp256k1, Xpub};
///
/// let xpub: Xpub = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8".parse()?;
/// let receive = xpub.derive_path("0/7")?;
/// assert_eq!(receive.depth(), 2);
/// assert_eq!(receive.parent_fingerprint(), xpub.derive_path("0")?.fingerprint());
/// assert!(receive.to_string().starts_with("xpub"));
/// # Ok::<(), fastbip32::Error>(())
/// ```
///
/// [`ExtendedPrivateKey::to_extended_public_key`]: crate::ExtendedPrivateKey::to_extended_public_key
pub struct ExtendedPublicKey<S: Scheme> {
    public: S::PublicKey,
    chain_code: ChainCode,
    depth: u8,
    child_number: ChildNumber,
    parent: PublicParent<S>,
    versions: VersionPair,
}

impl<S: Scheme> Clone for ExtendedPublicKey<S> {
    fn clone(&self) -> Self {
        Self {
            public: self.public,
            chain_code: self.chain_code.clone(),
            depth: self.depth,
            child_number: self.child_number,
            parent: self.parent,
            versions: self.versions,
        }
    }
}

impl<S: Scheme> ExtendedPublicKey<S> {
    /// An extended public key from its parts, as found in a serialization. It gets the
    /// [`XPRV_XPUB`](VersionPair::XPRV_XPUB) pair (see
    /// [`with_version_pair`](Self::with_version_pair)).
    ///
    /// # Errors
    /// [`Error::InvalidPublicKey`] if `public_key` is not a valid point encoding for the
    /// scheme.
    pub fn from_parts(
        public_key: S::PublicKey,
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
    ) -> Result<Self> {
        let public = S::parse_public_key(public_key.as_ref())?;
        Ok(Self::new_unchecked(
            public,
            chain_code,
            depth,
            child_number,
            PublicParent::Known(parent_fingerprint),
            VersionPair::XPRV_XPUB,
        ))
    }

    /// A key decoded from its serialization: the public key already checked.
    pub(crate) fn from_decoded(
        public: S::PublicKey,
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
        versions: VersionPair,
    ) -> Self {
        Self::new_unchecked(
            public,
            chain_code,
            depth,
            child_number,
            PublicParent::Known(parent_fingerprint),
            versions,
        )
    }

    /// From parts known to be valid.
    pub(crate) fn new_unchecked(
        public: S::PublicKey,
        chain_code: ChainCode,
        depth: u8,
        child_number: ChildNumber,
        parent: PublicParent<S>,
        versions: VersionPair,
    ) -> Self {
        Self {
            public,
            chain_code,
            depth,
            child_number,
            parent,
            versions,
        }
    }

    /// The public key.
    pub fn public_key(&self) -> S::PublicKey {
        self.public
    }

    /// The chain code.
    pub fn chain_code(&self) -> &ChainCode {
        &self.chain_code
    }

    /// The depth: 0 for a master key, one more for each derivation step.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The child number this key was derived with (0 for a master key).
    pub fn child_number(&self) -> ChildNumber {
        self.child_number
    }

    /// This key's fingerprint: the first 4 bytes of HASH160 of its serialized public key.
    pub fn fingerprint(&self) -> Fingerprint {
        S::fingerprint(&self.public)
    }

    /// The parent's fingerprint (`00000000` for a master key). For a derived key it is
    /// hashed from the parent's public key when read, not at every derivation step.
    pub fn parent_fingerprint(&self) -> Fingerprint {
        match &self.parent {
            PublicParent::Known(f) => *f,
            PublicParent::Public(p) => S::fingerprint(p),
        }
    }

    /// The version this key serializes with: the public member of its
    /// [`version_pair`](Self::version_pair).
    pub fn version(&self) -> Version {
        self.versions.public()
    }

    /// The version family this key and its children serialize with.
    pub fn version_pair(&self) -> VersionPair {
        self.versions
    }

    /// The same key in the family of `version`, a public version this crate knows
    /// ([`Version::XPUB`], [`Version::ZPUB`], …). Use
    /// [`with_version_pair`](Self::with_version_pair) for a custom one.
    ///
    /// # Errors
    /// [`Error::VersionKeyMismatch`] for a known private version (`xprv`, …);
    /// [`Error::UnknownVersion`] for any other.
    pub fn with_version(self, version: Version) -> Result<Self> {
        let pair = VersionPair::for_version(version, false)?;
        Ok(self.with_version_pair(pair))
    }

    /// The same key in the version family `versions` (any pair, known or custom).
    #[must_use]
    pub fn with_version_pair(mut self, versions: VersionPair) -> Self {
        self.versions = versions;
        self
    }

    /// Derives one normal child (BIP-32 `CKDpub`; SLIP-10 "Public parent key → public child
    /// key", with its retry rule for nist256p1).
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// [`Error::HardenedFromPublic`] for a hardened child; [`Error::UnsupportedByScheme`] for
    /// a scheme without public derivation (SLIP-10 ed25519, curve25519);
    /// [`Error::DepthExceeded`] past depth 255; [`Error::InvalidChild`] where BIP-32 says the
    /// child does not exist (secp256k1, probability below 2⁻¹²⁷: try the next index).
    pub fn derive_child(&self, child: ChildNumber) -> Result<Self> {
        self.walk(1, core::iter::once(child))
    }

    /// Derives the key at `path` below this key: a `&str` relative path such as `"0/7"`,
    /// `"m/0/7"` or `"m"` (parsed on the fly, no allocation), a
    /// [`DerivationPath`](crate::DerivationPath), or child numbers.
    ///
    /// The whole path is checked for hardened steps before any derivation work. No
    /// fingerprint is computed along the way.
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] for malformed text; [`Error::DepthExceeded`] if the path takes
    /// the depth past 255; [`Error::HardenedFromPublic`] naming the first hardened step; and
    /// the other errors of [`derive_child`](Self::derive_child) for any step.
    pub fn derive_path<P: IntoDerivationPath>(&self, path: P) -> Result<Self> {
        let (count, steps) = path.into_steps()?;
        self.walk(count, steps)
    }

    /// One normal child, with the parent chain code's HMAC state given (computed once for
    /// many children).
    pub(crate) fn derive_prepared(&self, key: &HmacSha512, child: ChildNumber) -> Result<Self> {
        let depth = self.depth.checked_add(1).ok_or(Error::DepthExceeded)?;
        let (public, chain_code) = S::derive_public(&self.public, key, child)?;
        Ok(Self {
            public,
            chain_code,
            depth,
            child_number: child,
            parent: PublicParent::Public(self.public),
            versions: self.versions,
        })
    }

    /// The chain code's HMAC state, for deriving many children.
    pub(crate) fn hmac_key(&self) -> HmacSha512 {
        HmacSha512::new(self.chain_code.as_bytes())
    }

    fn walk(&self, count: usize, steps: impl Iterator<Item = ChildNumber> + Clone) -> Result<Self> {
        let depth =
            u8::try_from(usize::from(self.depth) + count).map_err(|_| Error::DepthExceeded)?;
        if let Some(hardened) = steps.clone().find(|c| c.is_hardened()) {
            return Err(Error::HardenedFromPublic {
                index: hardened.index(),
            });
        }
        let mut public = self.public;
        let mut chain_code = self.chain_code.clone();
        let mut child_number = self.child_number;
        let mut parent = None;
        for child in steps {
            let key = HmacSha512::new(chain_code.as_bytes());
            let (next_public, next_chain) = S::derive_public(&public, &key, child)?;
            parent = Some(core::mem::replace(&mut public, next_public));
            chain_code = next_chain;
            child_number = child;
        }
        let Some(parent) = parent else {
            return Ok(self.clone());
        };
        Ok(Self {
            public,
            chain_code,
            depth,
            child_number,
            parent: PublicParent::Public(parent),
            versions: self.versions,
        })
    }
}

impl<S: Scheme> PartialEq for ExtendedPublicKey<S> {
    fn eq(&self, other: &Self) -> bool {
        self.public == other.public
            && self.chain_code == other.chain_code
            && self.depth == other.depth
            && self.child_number == other.child_number
            && self.versions == other.versions
            && self.parent_fingerprint() == other.parent_fingerprint()
    }
}

impl<S: Scheme> Eq for ExtendedPublicKey<S> {}

impl<S: Scheme> Hash for ExtendedPublicKey<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.public.hash(state);
        self.chain_code.as_bytes().hash(state);
        self.depth.hash(state);
        self.child_number.hash(state);
        self.versions.hash(state);
        self.parent_fingerprint().hash(state);
    }
}

/// Lowercase hex of public bytes, for `Debug`.
struct Hex<'a>(&'a [u8]);

impl fmt::Debug for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl<S: Scheme> fmt::Debug for ExtendedPublicKey<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExtendedPublicKey")
            .field("scheme", &S::NAME)
            .field("version", &self.version())
            .field("depth", &self.depth)
            .field("child_number", &self.child_number)
            .field("public_key", &Hex(self.public.as_ref()))
            .finish_non_exhaustive()
    }
}
