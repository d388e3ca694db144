//! Extended keys and their parts: [`ExtendedPrivateKey`], [`ExtendedPublicKey`],
//! [`ChainCode`], [`Fingerprint`].

use core::fmt;

use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::curve::{Scheme, MAX_SEED_LEN, MIN_SEED_LEN};
use crate::error::{Error, Result};
use crate::hash::HmacSha512;
use crate::path::{self, ChildNumber, DerivationPath, Segments};
use crate::secret::SecretBytes;
use crate::serialize::{Version, VersionPair};

mod public;

pub use self::public::ExtendedPublicKey;
use self::public::PublicParent;

/// A 32-byte chain code.
///
/// Secret in a private key's company (with a normal child's private key it gives away the
/// parent's), so it is wiped on drop, compared in constant time and not shown by `Debug`.
#[derive(Clone)]
pub struct ChainCode([u8; 32]);

impl ChainCode {
    /// Wraps 32 bytes.
    pub const fn new(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The bytes.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// A copy of the bytes.
    pub const fn to_bytes(&self) -> [u8; 32] {
        self.0
    }
}

impl From<[u8; 32]> for ChainCode {
    fn from(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }
}

impl AsRef<[u8]> for ChainCode {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Drop for ChainCode {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl Zeroize for ChainCode {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl ZeroizeOnDrop for ChainCode {}

impl ConstantTimeEq for ChainCode {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl PartialEq for ChainCode {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for ChainCode {}

impl fmt::Debug for ChainCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ChainCode(..)")
    }
}

/// A key fingerprint: the first 4 bytes of HASH160 of the serialized public key.
///
/// `Display` and `Debug` print 8 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Fingerprint([u8; 4]);

impl Fingerprint {
    /// The fingerprint of a master key's (non-existent) parent: `00000000`.
    pub const ZERO: Self = Self([0; 4]);

    /// Wraps 4 bytes.
    pub const fn new(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }

    /// The bytes.
    pub const fn to_bytes(self) -> [u8; 4] {
        self.0
    }

    /// The bytes as a big-endian integer.
    pub const fn to_u32(self) -> u32 {
        u32::from_be_bytes(self.0)
    }
}

impl From<[u8; 4]> for Fingerprint {
    fn from(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }
}

impl AsRef<[u8]> for Fingerprint {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fingerprint({self})")
    }
}

/// Anything a derive call accepts as a path: `&str` (parsed lazily, no allocation),
/// `&DerivationPath`, `&[ChildNumber]` or `&[ChildNumber; N]`.
///
/// Text is read as a path *relative to the key*: `m`, `m/…`, or bare segments such as
/// `0/1'`, with `'`, `h` or `H` for hardened.
pub trait IntoDerivationPath {
    /// The iterator over the steps. `Clone`, so that public derivation can look for a
    /// hardened step before doing any work.
    type Steps: Iterator<Item = ChildNumber> + Clone;

    /// The number of steps and the steps, after checking the whole path.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] for text that is not a valid path.
    fn into_steps(self) -> Result<(usize, Self::Steps)>;
}

impl<'a> IntoDerivationPath for &'a str {
    type Steps =
        core::iter::FilterMap<Segments<'a>, fn(Result<ChildNumber>) -> Option<ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        let segments = Segments::relative(self)?;
        let count = path::validate(segments.clone())?;
        Ok((count, segments.filter_map(Result::ok)))
    }
}

impl<'a> IntoDerivationPath for &'a DerivationPath {
    type Steps = core::iter::Copied<core::slice::Iter<'a, ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        Ok((self.len(), self.as_slice().iter().copied()))
    }
}

impl<'a> IntoDerivationPath for &'a [ChildNumber] {
    type Steps = core::iter::Copied<core::slice::Iter<'a, ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        Ok((self.len(), self.iter().copied()))
    }
}

impl<'a, const N: usize> IntoDerivationPath for &'a [ChildNumber; N] {
    type Steps = core::iter::Copied<core::slice::Iter<'a, ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        Ok((N, self.iter().copied()))
    }
}

/// How a key knows its parent's fingerprint, computed only when someone reads it.
enum Parent<S: Scheme> {
    /// A master key, or a key imported without a parent: the fingerprint is given.
    Known(Fingerprint),
    /// The parent's public key was computed anyway (a normal step): hash it on demand.
    Public(S::PublicKey),
    /// Nothing was computed (a hardened step): keep the parent's private key, wiped on drop,
    /// and compute its public key only if the fingerprint is asked for.
    Private(SecretBytes<S::PrivateKey>),
}

impl<S: Scheme> Clone for Parent<S> {
    fn clone(&self) -> Self {
        match self {
            Self::Known(f) => Self::Known(*f),
            Self::Public(p) => Self::Public(*p),
            Self::Private(s) => Self::Private(s.clone()),
        }
    }
}

fn clone_once<T: Copy>(once: &spin::Once<T>) -> spin::Once<T> {
    once.get()
        .map_or_else(spin::Once::new, |v| spin::Once::initialized(*v))
}

/// An extended private key over a [`Scheme`]: private key, chain code, depth, parent
/// fingerprint and child number (BIP-32 §"Extended keys").
///
/// The public key is computed lazily, at most once, and only when something needs it: a
/// normal child (which needs its parent's), the fingerprint, serialization, or the caller.
/// A path walk computes none at hardened steps, and a derived key computes its parent's
/// fingerprint only when it is read or serialized. The cache keeps the key `Send + Sync`.
///
/// Secret material is wiped on drop (`ZeroizeOnDrop`); the type is `Clone` but not `Copy`;
/// `Debug` shows no secret; `==` compares secrets in constant time.
///
/// **Version.** Every key carries the [`VersionPair`] of its serialization family (`xprv` /
/// `xpub`, `zprv` / `zpub`, a custom pair, …): [`XPRV_XPUB`](VersionPair::XPRV_XPUB) for a key
/// made by [`from_seed`](Self::from_seed) or [`from_parts`](Self::from_parts), the family of
/// the text for a parsed key, or what [`with_version`](Self::with_version) /
/// [`with_version_pair`](Self::with_version_pair) set. Derived children keep it, and
/// [`to_extended_public_key`](Self::to_extended_public_key) hands it on, so the public key
/// serializes with the public twin (`xprv…` → `xpub…`, `zprv…` → `zpub…`). The pair takes
/// part in `==`.
///
/// # Examples
///
/// ```
/// use fastbip32::{ChildNumber, Ed25519, ExtendedPrivateKey, Secp256k1};
///
/// let seed = [0x42u8; 32];
/// let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&seed)?.derive_path("m/44'/0'/0'/0/0")?;
/// assert_eq!(key.depth(), 5);
/// assert_eq!(key.public_key().len(), 33);
///
/// let account = ExtendedPrivateKey::<Ed25519>::from_seed(&seed)?.derive_path("m/44'/888'/0'/0'")?;
/// let child = account.derive_child(ChildNumber::hardened(3)?)?;
/// assert_eq!(child.parent_fingerprint(), account.fingerprint());
/// # Ok::<(), fastbip32::Error>(())
/// ```
pub struct ExtendedPrivateKey<S: Scheme> {
    secret: SecretBytes<S::PrivateKey>,
    chain_code: ChainCode,
    depth: u8,
    child_number: ChildNumber,
    parent: Parent<S>,
    parent_fingerprint: spin::Once<Fingerprint>,
    public: spin::Once<S::PublicKey>,
    versions: VersionPair,
}

impl<S: Scheme> Clone for ExtendedPrivateKey<S> {
    fn clone(&self) -> Self {
        Self {
            secret: self.secret.clone(),
            chain_code: self.chain_code.clone(),
            depth: self.depth,
            child_number: self.child_number,
            parent: self.parent.clone(),
            parent_fingerprint: clone_once(&self.parent_fingerprint),
            public: clone_once(&self.public),
            versions: self.versions,
        }
    }
}

impl<S: Scheme> ExtendedPrivateKey<S> {
    /// The master key for a seed (BIP-32 §"Master key generation", SLIP-10 §"Master key
    /// generation"), with the scheme's invalid-key rule (see the scheme's documentation).
    ///
    /// # Errors
    /// [`Error::InvalidSeedLength`] unless the seed is 16 to 64 bytes long;
    /// [`Error::InvalidSecretKey`] if the seed has no valid master key (BIP-32 secp256k1,
    /// probability below 2⁻¹²⁷).
    pub fn from_seed(seed: &[u8]) -> Result<Self> {
        if !(MIN_SEED_LEN..=MAX_SEED_LEN).contains(&seed.len()) {
            return Err(Error::InvalidSeedLength { len: seed.len() });
        }
        let (secret, chain_code) = S::master_key(seed)?;
        Ok(Self::from_secret(
            secret,
            chain_code,
            0,
            ChildNumber::from_raw(0),
            Parent::Known(Fingerprint::ZERO),
            VersionPair::XPRV_XPUB,
        ))
    }

    /// An extended private key from its parts, as found in a serialization. It gets the
    /// [`XPRV_XPUB`](VersionPair::XPRV_XPUB) pair (see
    /// [`with_version_pair`](Self::with_version_pair)).
    ///
    /// # Errors
    /// [`Error::InvalidSecretKey`] if `private_key` is not a valid key for the scheme.
    pub fn from_parts(
        private_key: S::PrivateKey,
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
    ) -> Result<Self> {
        let secret = SecretBytes::new(private_key);
        S::check_private_key(secret.expose())?;
        Ok(Self::from_secret(
            secret,
            chain_code,
            depth,
            child_number,
            Parent::Known(parent_fingerprint),
            VersionPair::XPRV_XPUB,
        ))
    }

    /// A key decoded from its serialization: the private key already checked.
    pub(crate) fn from_decoded(
        secret: SecretBytes<S::PrivateKey>,
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
        versions: VersionPair,
    ) -> Self {
        Self::from_secret(
            secret,
            chain_code,
            depth,
            child_number,
            Parent::Known(parent_fingerprint),
            versions,
        )
    }

    fn from_secret(
        secret: SecretBytes<S::PrivateKey>,
        chain_code: ChainCode,
        depth: u8,
        child_number: ChildNumber,
        parent: Parent<S>,
        versions: VersionPair,
    ) -> Self {
        Self {
            secret,
            chain_code,
            depth,
            child_number,
            parent,
            parent_fingerprint: spin::Once::new(),
            public: spin::Once::new(),
            versions,
        }
    }

    /// The version this key serializes with: the private member of its
    /// [`version_pair`](Self::version_pair).
    pub fn version(&self) -> Version {
        self.versions.private()
    }

    /// The version family this key, its children and its public key serialize with.
    pub fn version_pair(&self) -> VersionPair {
        self.versions
    }

    /// The same key in the family of `version`, a private version this crate knows
    /// ([`Version::XPRV`], [`Version::ZPRV`], …). Use
    /// [`with_version_pair`](Self::with_version_pair) for a custom one.
    ///
    /// # Errors
    /// [`Error::VersionKeyMismatch`] for a known public version (`xpub`, …);
    /// [`Error::UnknownVersion`] for any other.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{Version, Xprv};
    ///
    /// let key = Xprv::from_seed(&[7; 32])?.with_version(Version::ZPRV)?;
    /// assert_eq!(key.to_extended_public_key().version(), Version::ZPUB);
    /// assert!(key.to_extended_public_key().to_string().starts_with("zpub"));
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn with_version(self, version: Version) -> Result<Self> {
        let pair = VersionPair::for_version(version, true)?;
        Ok(self.with_version_pair(pair))
    }

    /// The same key in the version family `versions` (any pair, known or custom).
    #[must_use]
    pub fn with_version_pair(mut self, versions: VersionPair) -> Self {
        self.versions = versions;
        self
    }

    /// The extended public key: the same chain code, depth, child number and parent
    /// fingerprint with the public key instead of the private one (BIP-32 `N()`,
    /// "neutering"), in the public twin of this key's version.
    ///
    /// Computes the public key if it is not cached yet. The parent fingerprint is handed on
    /// lazily where it can be (the parent's public key when the last step was normal); after
    /// a hardened step it is computed now, since the public key cannot keep the parent's
    /// private key around.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::Xprv;
    ///
    /// let account = Xprv::from_seed(&[7; 32])?.derive_path("m/84'/0'/0'")?;
    /// let xpub = account.to_extended_public_key();
    /// assert_eq!(xpub.public_key(), account.public_key());
    /// assert_eq!(xpub.derive_path("0/5")?, account.derive_path("0/5")?.to_xpub());
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn to_extended_public_key(&self) -> ExtendedPublicKey<S> {
        let parent = match &self.parent {
            Parent::Known(f) => PublicParent::Known(*f),
            Parent::Public(p) => PublicParent::Public(*p),
            Parent::Private(_) => PublicParent::Known(self.parent_fingerprint()),
        };
        ExtendedPublicKey::new_unchecked(
            self.public_key(),
            self.chain_code.clone(),
            self.depth,
            self.child_number,
            parent,
            self.versions,
        )
    }

    /// Short for [`to_extended_public_key`](Self::to_extended_public_key).
    pub fn to_xpub(&self) -> ExtendedPublicKey<S> {
        self.to_extended_public_key()
    }

    /// The private key bytes.
    pub fn private_key(&self) -> &S::PrivateKey {
        self.secret.expose()
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

    /// The public key, computed on first use and cached.
    pub fn public_key(&self) -> S::PublicKey {
        *self.public.call_once(|| S::public_key(&self.secret))
    }

    /// Whether the public key has been computed already (it is computed at most once).
    pub fn is_public_key_cached(&self) -> bool {
        self.public.is_completed()
    }

    /// This key's fingerprint: the first 4 bytes of HASH160 of its serialized public key.
    pub fn fingerprint(&self) -> Fingerprint {
        S::fingerprint(&self.public_key())
    }

    /// The parent's fingerprint (`00000000` for a master key), computed on first use.
    pub fn parent_fingerprint(&self) -> Fingerprint {
        *self.parent_fingerprint.call_once(|| match &self.parent {
            Parent::Known(f) => *f,
            Parent::Public(p) => S::fingerprint(p),
            Parent::Private(s) => S::fingerprint(&S::public_key(s)),
        })
    }

    /// Derives one child (BIP-32 `CKDpriv`; SLIP-10 "Private parent key → private child key").
    ///
    /// # Errors
    /// [`Error::HardenedOnly`] for a normal child of a hardened-only scheme;
    /// [`Error::DepthExceeded`] past depth 255; [`Error::InvalidChild`] where the scheme
    /// says the child does not exist (BIP-32: try the next index).
    pub fn derive_child(&self, child: ChildNumber) -> Result<Self> {
        self.walk(1, core::iter::once(child))
    }

    /// Derives the key at `path` below this key: a `&str` such as `"m/44'/0'/0'/0/0"` or
    /// `"0/1'"` (parsed on the fly, no allocation), a [`DerivationPath`], or child numbers.
    ///
    /// Public keys are computed only for the parents of normal steps.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] for malformed text, and the errors of
    /// [`derive_child`](Self::derive_child) for any step.
    pub fn derive_path<P: IntoDerivationPath>(&self, path: P) -> Result<Self> {
        let (count, steps) = path.into_steps()?;
        self.walk(count, steps)
    }

    fn walk(&self, count: usize, steps: impl Iterator<Item = ChildNumber>) -> Result<Self> {
        let depth =
            u8::try_from(usize::from(self.depth) + count).map_err(|_| Error::DepthExceeded)?;
        let mut steps = steps;
        let Some(first) = steps.next() else {
            return Ok(self.clone());
        };
        let mut parent_public = if first.is_normal() {
            Some(self.public_key())
        } else {
            self.public.get().copied()
        };
        let (mut secret, mut chain_code) = step::<S>(
            &self.secret,
            &self.chain_code,
            parent_public.as_ref(),
            first,
        )?;
        let mut child_number = first;
        let mut parent_secret: Option<SecretBytes<S::PrivateKey>> = None;
        for child in steps {
            let public = if child.is_normal() {
                Some(S::public_key(&secret))
            } else {
                None
            };
            let (next_secret, next_chain) =
                step::<S>(&secret, &chain_code, public.as_ref(), child)?;
            parent_secret = Some(core::mem::replace(&mut secret, next_secret));
            chain_code = next_chain;
            parent_public = public;
            child_number = child;
        }
        let parent = match (parent_public, parent_secret) {
            (Some(p), _) => Parent::Public(p),
            (None, Some(s)) => Parent::Private(s),
            (None, None) => Parent::Private(self.secret.clone()),
        };
        Ok(Self::from_secret(
            secret,
            chain_code,
            depth,
            child_number,
            parent,
            self.versions,
        ))
    }
}

/// A parent prepared for deriving many children: its chain code's HMAC keyed state (two
/// SHA-512 compressions, paid once instead of once per child) and its public key if normal
/// children need it (computed at most once, through the key's cache).
pub(crate) struct Prepared<S: Scheme> {
    pub(crate) key: HmacSha512,
    pub(crate) public: Option<S::PublicKey>,
}

impl<S: Scheme> ExtendedPrivateKey<S> {
    /// Prepares this key as the parent of many children; `normal` says whether any of them is
    /// a normal child (then the public key is computed, or taken from the cache).
    pub(crate) fn prepare(&self, normal: bool) -> Prepared<S> {
        let public = if normal && S::SUPPORTS_NORMAL_DERIVATION {
            Some(self.public_key())
        } else {
            self.public.get().copied()
        };
        Prepared {
            key: HmacSha512::new(self.chain_code.as_bytes()),
            public,
        }
    }

    /// The raw private key and chain code of one child of a prepared parent.
    pub(crate) fn derive_raw(
        &self,
        prepared: &Prepared<S>,
        child: ChildNumber,
    ) -> Result<(SecretBytes<S::PrivateKey>, ChainCode)> {
        if child.is_normal() && !S::SUPPORTS_NORMAL_DERIVATION {
            return Err(Error::HardenedOnly {
                index: child.index(),
            });
        }
        let computed;
        let public = match (child.is_normal(), &prepared.public) {
            (false, _) => None,
            (true, Some(p)) => Some(p),
            (true, None) => {
                computed = self.public_key();
                Some(&computed)
            }
        };
        S::derive_private(&self.secret, public, &prepared.key, child)
    }

    /// The raw private keys and chain codes of four children of a prepared parent, computed
    /// together (four HMAC lanes where the scheme supports it).
    pub(crate) fn derive_raw4(
        &self,
        prepared: &Prepared<S>,
        children: [ChildNumber; 4],
    ) -> [Result<(SecretBytes<S::PrivateKey>, ChainCode)>; 4] {
        let any_normal = children.iter().any(|c| c.is_normal());
        if any_normal && (!S::SUPPORTS_NORMAL_DERIVATION || prepared.public.is_none()) {
            return children.map(|child| self.derive_raw(prepared, child));
        }
        let public = if any_normal {
            prepared.public.as_ref()
        } else {
            None
        };
        S::derive_private4(&self.secret, public, &prepared.key, children)
    }

    /// One child of a prepared parent, as a full extended key.
    pub(crate) fn derive_prepared(
        &self,
        prepared: &Prepared<S>,
        child: ChildNumber,
    ) -> Result<Self> {
        let depth = self.depth.checked_add(1).ok_or(Error::DepthExceeded)?;
        let (secret, chain_code) = self.derive_raw(prepared, child)?;
        let parent = match prepared.public {
            Some(p) => Parent::Public(p),
            None => Parent::Private(self.secret.clone()),
        };
        Ok(Self::from_secret(
            secret,
            chain_code,
            depth,
            child,
            parent,
            self.versions,
        ))
    }
}

/// One `CKDpriv` step; `public` is the parent public key for a normal child.
fn step<S: Scheme>(
    secret: &SecretBytes<S::PrivateKey>,
    chain_code: &ChainCode,
    public: Option<&S::PublicKey>,
    child: ChildNumber,
) -> Result<(SecretBytes<S::PrivateKey>, ChainCode)> {
    if child.is_normal() && !S::SUPPORTS_NORMAL_DERIVATION {
        return Err(Error::HardenedOnly {
            index: child.index(),
        });
    }
    let key = HmacSha512::new(chain_code.as_bytes());
    S::derive_private(secret, public, &key, child)
}

impl<S: Scheme> ZeroizeOnDrop for ExtendedPrivateKey<S> {}

impl<S: Scheme> ConstantTimeEq for ExtendedPrivateKey<S> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.secret.ct_eq(&other.secret)
            & self.chain_code.ct_eq(&other.chain_code)
            & self.depth.ct_eq(&other.depth)
            & self
                .child_number
                .to_raw()
                .ct_eq(&other.child_number.to_raw())
            & self
                .parent_fingerprint()
                .to_u32()
                .ct_eq(&other.parent_fingerprint().to_u32())
            & Choice::from(u8::from(self.versions == other.versions))
    }
}

impl<S: Scheme> PartialEq for ExtendedPrivateKey<S> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<S: Scheme> Eq for ExtendedPrivateKey<S> {}

impl<S: Scheme> fmt::Debug for ExtendedPrivateKey<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExtendedPrivateKey")
            .field("scheme", &S::NAME)
            .field("version", &self.version())
            .field("depth", &self.depth)
            .field("child_number", &self.child_number)
            .finish_non_exhaustive()
    }
}
