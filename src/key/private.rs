//! [`ExtendedPrivateKey`], and the preparation of a parent for many children.

use core::fmt;

use subtle::{Choice, ConstantTimeEq};
use zeroize::ZeroizeOnDrop;

use crate::chain_code::ChainCode;
use crate::curve::{NormalDerivation, Scheme, Step, Steps};
use crate::error::Result;
use crate::fingerprint::Fingerprint;
use crate::hash::HmacSha512;
use crate::path::{ChildNumber, IntoDerivationPath};
use crate::secret::SecretBytes;
use crate::version::{Version, VersionPair};

use super::derived::DerivedKey;
use super::meta::{depth_after, meta_accessors, DeriveMany, Meta, Parent, T};
use super::public::ExtendedPublicKey;
use super::walk::{master_key, walk_into};

impl<S: Scheme> DeriveMany for ExtendedPrivateKey<S> {
    type Prepared = Prepared<S>;

    fn prepare_many(&self) -> Prepared<S> {
        // Full child keys need the parent's public key: normal ones hash it, hardened ones
        // take their parent fingerprint from it. Once per parent.
        self.prepare(true)
    }

    fn derive_one(&self, prepared: &Prepared<S>, child: ChildNumber) -> Result<Self> {
        self.derive_prepared(prepared, child)
    }

    fn key_depth(&self) -> u8 {
        self.meta.depth
    }
}

impl<S: Scheme> DeriveMany for ExtendedPublicKey<S> {
    type Prepared = HmacSha512;

    fn prepare_many(&self) -> HmacSha512 {
        self.hmac_key()
    }

    fn derive_one(&self, prepared: &HmacSha512, child: ChildNumber) -> Result<Self> {
        self.derive_prepared(prepared, child)
    }

    const RUN_MIN: usize = S::PUBLIC_RUN_MIN;

    #[cfg(feature = "alloc")]
    fn derive_run(
        &self,
        prepared: &HmacSha512,
        first: ChildNumber,
        count: usize,
    ) -> Result<alloc::vec::Vec<Self>> {
        self.derive_prepared_run(prepared, first, count)
    }

    fn key_depth(&self) -> u8 {
        self.depth()
    }
}

/// An extended private key over a [`Scheme`]: private key, chain code, depth, parent
/// fingerprint and child number (BIP-32 §"Extended keys").
///
/// The public key is computed lazily, at most once, and only when something needs it: a
/// normal child (which needs its parent's), the fingerprint, serialization of the public
/// key, or the caller. A path walk computes none at hardened steps, except that a key whose
/// last step was hardened gets its parent's public key then: no key holds an ancestor's
/// private key (SECURITY.md, "Hardened isolation"). The cache keeps the key
/// `Send + Sync`.
///
/// Secret material is wiped on drop (`ZeroizeOnDrop`); the type is `Clone` but not `Copy`;
/// `Debug` shows no secret; `==` compares secrets in constant time.
///
/// **Version.** Every key carries the [`VersionPair`] of its serialization family (`xprv` /
/// `xpub`, `zprv` / `zpub`, a custom pair, …): [`XPRV_XPUB`](VersionPair::XPRV_XPUB) for a key
/// made by [`from_seed`](Self::from_seed) or [`from_parts`](Self::from_parts), the family of
/// the text for a parsed key, or what [`with_version`](Self::with_version) /
/// [`with_version_pair`](Self::with_version_pair) set. Derived children keep it, and
/// [`to_xpub`](Self::to_xpub) hands it on, so the public key serializes with the public twin
/// (`xprv…` → `xpub…`, `zprv…` → `zpub…`). The pair takes part in `==`.
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
    public: spin::Once<S::PublicKey>,
    meta: Meta<S>,
}

impl<S: Scheme> Clone for ExtendedPrivateKey<S> {
    fn clone(&self) -> Self {
        Self {
            secret: self.secret.clone(),
            public: self
                .public
                .get()
                .map_or_else(spin::Once::new, |v| spin::Once::initialized(*v)),
            meta: self.meta.clone(),
        }
    }
}

impl<S: Scheme> ExtendedPrivateKey<S> {
    /// The master key for a seed (BIP-32 §"Master key generation", SLIP-10 §"Master key
    /// generation"), with the scheme's invalid-key rule (see the scheme's documentation).
    ///
    /// # Errors
    /// [`Error::InvalidSeedLength`](crate::Error::InvalidSeedLength) unless the seed is 16 to 64 bytes long;
    /// [`Error::InvalidSecretKey`](crate::Error::InvalidSecretKey) if the seed has no valid master key (BIP-32 secp256k1,
    /// probability below 2⁻¹²⁷).
    pub fn from_seed(seed: &[u8]) -> Result<Self> {
        let (secret, chain_code) = master_key::<S>(seed)?;
        Ok(Self::new(secret, Meta::master(chain_code)))
    }

    /// An extended private key from its parts, as found in a serialization. It gets the
    /// [`XPRV_XPUB`](VersionPair::XPRV_XPUB) pair (see
    /// [`with_version_pair`](Self::with_version_pair)). The caller's copy of `private_key`
    /// should be wiped after the call.
    ///
    /// # Errors
    /// [`Error::InvalidSecretKey`](crate::Error::InvalidSecretKey) if `private_key` is not a valid key for the scheme (at
    /// that depth, for BIP32-Ed25519).
    pub fn from_parts(
        private_key: &S::PrivateKey,
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
    ) -> Result<Self> {
        let secret = SecretBytes::new(*private_key);
        Self::from_secret(
            secret,
            Meta::imported(chain_code, depth, parent_fingerprint, child_number),
        )
    }

    /// A key from a secret not yet checked against the scheme.
    pub(crate) fn from_secret(secret: SecretBytes<S::PrivateKey>, meta: Meta<S>) -> Result<Self> {
        S::check_private_key(secret.expose(), meta.depth, T)?;
        Ok(Self::new(secret, meta))
    }

    pub(super) fn new(secret: SecretBytes<S::PrivateKey>, meta: Meta<S>) -> Self {
        Self {
            secret,
            public: spin::Once::new(),
            meta,
        }
    }

    meta_accessors!();

    /// The version this key serializes with: the private member of its
    /// [`version_pair`](Self::version_pair).
    pub fn version(&self) -> Version {
        self.meta.versions.private()
    }

    /// The same key in the family of `version`, a private version this crate knows
    /// ([`Version::XPRV`], [`Version::ZPRV`], …). Use
    /// [`with_version_pair`](Self::with_version_pair) for a custom one, or
    /// `with_version_pair(v.pair()…)` to name a family by either of its versions.
    ///
    /// # Errors
    /// [`Error::VersionKeyMismatch`](crate::Error::VersionKeyMismatch) for a known public version (`xpub`, …);
    /// [`Error::UnknownVersion`](crate::Error::UnknownVersion) for any other.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{Version, Xprv};
    ///
    /// let key = Xprv::from_seed(&[7; 32])?.with_version(Version::ZPRV)?;
    /// assert_eq!(key.to_xpub().version(), Version::ZPUB);
    /// assert!(key.to_xpub().to_string().starts_with("zpub"));
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn with_version(self, version: Version) -> Result<Self> {
        let pair = VersionPair::for_version(version, true)?;
        Ok(self.with_version_pair(pair))
    }

    /// The private key bytes.
    pub fn private_key(&self) -> &S::PrivateKey {
        self.secret.expose()
    }

    /// The public key, computed on first use and cached.
    ///
    /// Cannot fail: every private key this type holds was checked when it was made.
    pub fn public_key(&self) -> S::PublicKey {
        *self.public.call_once(|| S::public_key(&self.secret, T))
    }

    /// Whether the public key has been computed already (it is computed at most once).
    #[cfg(test)]
    pub(crate) fn is_public_key_cached(&self) -> bool {
        self.public.is_completed()
    }

    /// This key's fingerprint: the first 4 bytes of HASH160 of its serialized public key.
    pub fn fingerprint(&self) -> Fingerprint {
        S::fingerprint(&self.public_key(), T)
    }

    /// The private key and chain code alone, without BIP-32 metadata.
    pub fn to_derived_key(&self) -> DerivedKey<S> {
        DerivedKey::new(self.secret.clone(), self.meta.chain_code.clone())
    }

    /// Derives one child (BIP-32 `CKDpriv`; SLIP-10 "Private parent key → private child key").
    ///
    /// # Errors
    /// [`Error::HardenedOnly`](crate::Error::HardenedOnly) for a normal child of a hardened-only scheme;
    /// [`Error::DepthExceeded`](crate::Error::DepthExceeded) past depth 255; [`Error::InvalidChild`](crate::Error::InvalidChild) where the scheme
    /// says the child does not exist (BIP-32: try the next index).
    pub fn derive_child(&self, child: ChildNumber) -> Result<Self> {
        self.derive_steps(1, core::iter::once(child))
    }

    /// Derives the key at `path` below this key: a `&str` such as `"m/44'/0'/0'/0/0"` or
    /// `"0/1'"` (parsed on the fly, no allocation), a
    /// [`DerivationPath`](crate::DerivationPath), or child numbers.
    ///
    /// Public keys are computed only for the parents of normal steps, and for the last
    /// parent when the last step is hardened (for the parent fingerprint).
    ///
    /// # Errors
    /// [`Error::InvalidPath`](crate::Error::InvalidPath) for malformed text, and the errors of
    /// [`derive_child`](Self::derive_child) for any step, naming the step in their `segment`.
    pub fn derive_path<P: IntoDerivationPath>(&self, path: P) -> Result<Self> {
        let (count, steps) = path.into_steps()?;
        self.derive_steps(count, steps)
    }

    /// Checks that `path` can be derived below this key, without deriving it: the depth
    /// stays within 255 and every step is of a kind the scheme has. Only BIP-32's invalid
    /// child (probability below 2⁻¹²⁷) is left for the derivation to find. For checking a
    /// path (a batch's parent and its first child, say) before any work or output.
    ///
    /// # Errors
    /// [`Error::InvalidPath`](crate::Error::InvalidPath) for malformed text; [`Error::DepthExceeded`](crate::Error::DepthExceeded) if the path takes
    /// the depth past 255; [`Error::HardenedOnly`](crate::Error::HardenedOnly) naming the first normal step of a
    /// hardened-only scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{Ed25519, Error, ExtendedPrivateKey};
    ///
    /// let root = ExtendedPrivateKey::<Ed25519>::from_seed(&[1; 32])?;
    /// assert_eq!(root.check_path("m/44'/501'/0'"), Ok(()));
    /// assert_eq!(
    ///     root.check_path("m/44'/501'/0"),
    ///     Err(Error::HardenedOnly { index: 0, segment: 2 })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn check_path<P: IntoDerivationPath>(&self, path: P) -> Result<()> {
        let (count, steps) = path.into_steps()?;
        depth_after(self.meta.depth, count)?;
        for (segment, child) in steps.enumerate() {
            crate::curve::check_step::<S>(child, segment)?;
        }
        Ok(())
    }

    fn derive_steps(&self, count: usize, steps: impl Iterator<Item = ChildNumber>) -> Result<Self> {
        let mut out = Self::slot();
        self.derive_steps_into(count, steps, &mut out)?;
        Ok(out)
    }

    /// The key at `path` below this key, built in place in a heap block of its own: no
    /// key of the walk is moved (see [`walk_into`]), so none leaves an unwiped copy in a
    /// stack frame; moving the box moves only its pointer. For keys kept for a long time,
    /// such as a descriptor's prepared keys.
    ///
    /// # Errors
    /// As [`derive_path`](Self::derive_path).
    #[cfg(feature = "descriptor")]
    pub(crate) fn derive_path_boxed<P: IntoDerivationPath>(
        &self,
        path: P,
    ) -> Result<alloc::boxed::Box<Self>> {
        let (count, steps) = path.into_steps()?;
        let mut out = alloc::boxed::Box::new(Self::slot());
        self.derive_steps_into(count, steps, &mut out)?;
        Ok(out)
    }

    /// An all-zero key, only ever filled in place by
    /// [`derive_steps_into`](Self::derive_steps_into) and never handed out otherwise: it
    /// holds no secret, so its own moves copy none.
    fn slot() -> Self {
        Self::new(SecretBytes::zero(), Meta::master(ChainCode::new([0; 32])))
    }

    /// The key `count` steps below this one, written into `out` in place: its secret and
    /// chain code by [`walk_into`], its metadata field by field. On an error `out` holds
    /// no key (it is wiped when dropped).
    fn derive_steps_into(
        &self,
        count: usize,
        steps: impl Iterator<Item = ChildNumber>,
        out: &mut Self,
    ) -> Result<()> {
        let depth = depth_after(self.meta.depth, count)?;
        out.public = self
            .public
            .get()
            .filter(|_| count == 0)
            .map_or_else(spin::Once::new, |v| spin::Once::initialized(*v));
        let (child_number, parent) = if count == 0 {
            *out.secret.expose_mut() = *self.secret.expose();
            out.meta.chain_code.copy_from(&self.meta.chain_code);
            (self.meta.child_number, self.meta.parent)
        } else {
            let (child_number, parent_public) = walk_into::<S>(
                &self.secret,
                &self.meta.chain_code,
                || self.public_key(),
                count,
                steps,
                true,
                (&mut out.secret, &mut out.meta.chain_code),
            )?;
            let parent = parent_public.map_or(Parent::Known(Fingerprint::ZERO), Parent::Public);
            (child_number, parent)
        };
        out.meta.depth = depth;
        out.meta.child_number = child_number;
        out.meta.parent = parent;
        out.meta.versions = self.meta.versions;
        Ok(())
    }
}

impl<S: NormalDerivation> ExtendedPrivateKey<S> {
    /// The extended public key: the same chain code, depth, child number and parent
    /// fingerprint with the public key instead of the private one (BIP-32 `N()`,
    /// "neutering"), in the public twin of this key's version.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::Xprv;
    ///
    /// let account = Xprv::from_seed(&[7; 32])?.derive_path("m/84'/0'/0'")?;
    /// let xpub = account.to_xpub();
    /// assert_eq!(xpub.public_key(), account.public_key());
    /// assert_eq!(xpub.derive_path_vartime("0/5")?, account.derive_path("0/5")?.to_xpub());
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn to_xpub(&self) -> ExtendedPublicKey<S> {
        ExtendedPublicKey::new(self.public_key(), self.meta.clone())
    }
}

/// A parent prepared for deriving many children: its chain code's HMAC keyed state (two
/// SHA-512 compressions, paid once instead of once per child) and its public key where the
/// children need it (computed at most once, through the key's cache).
#[allow(unreachable_pub)] // named by the sealed `DeriveMany`; not exported
pub struct Prepared<S: Scheme> {
    pub(crate) key: HmacSha512,
    pub(crate) public: Option<S::PublicKey>,
}

impl<S: Scheme> fmt::Debug for Prepared<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Prepared").finish_non_exhaustive()
    }
}

impl<S: Scheme> ExtendedPrivateKey<S> {
    /// Prepares this key as the parent of many children. `need_public` says whether they need
    /// its public key: always for full child keys (normal ones hash it, hardened ones take
    /// their parent fingerprint from it), only for normal children when just the raw keys are
    /// wanted.
    pub(crate) fn prepare(&self, need_public: bool) -> Prepared<S> {
        let public = if need_public {
            Some(self.public_key())
        } else {
            self.public.get().copied()
        };
        Prepared {
            key: HmacSha512::new(self.meta.chain_code.as_bytes()),
            public,
        }
    }

    /// The public key of a prepared parent: the prepared one, or this key's (cached).
    fn prepared_public(&self, prepared: &Prepared<S>) -> S::PublicKey {
        prepared.public.unwrap_or_else(|| self.public_key())
    }

    /// The raw private key and chain code of one child of a prepared parent.
    pub(crate) fn derive_raw(
        &self,
        prepared: &Prepared<S>,
        child: ChildNumber,
    ) -> Result<(SecretBytes<S::PrivateKey>, ChainCode)> {
        let step = Step::new::<S>(child, 0, || self.prepared_public(prepared))?;
        S::derive_private(&self.secret, &step, &prepared.key, T)
    }

    /// The raw private keys and chain codes of the `N` siblings from `first` on of a prepared
    /// parent, computed together (`N` HMAC lanes where the scheme supports it).
    pub(crate) fn derive_raw_many<const N: usize>(
        &self,
        prepared: &Prepared<S>,
        first: ChildNumber,
    ) -> [Result<(SecretBytes<S::PrivateKey>, ChainCode)>; N] {
        match Steps::<S::PublicKey, N>::new::<S>(first, || self.prepared_public(prepared)) {
            Ok(steps) => S::derive_private_many(&self.secret, &steps, &prepared.key, T),
            Err(e) => core::array::from_fn(|_| Err(e)),
        }
    }

    /// One child of a prepared parent (prepared with its public key), as a full key.
    pub(crate) fn derive_prepared(
        &self,
        prepared: &Prepared<S>,
        child: ChildNumber,
    ) -> Result<Self> {
        let depth = depth_after(self.meta.depth, 1)?;
        let (secret, chain_code) = self.derive_raw(prepared, child)?;
        let parent = Parent::Public(self.prepared_public(prepared));
        Ok(Self::new(
            secret,
            self.meta.child(chain_code, depth, child, parent),
        ))
    }

    pub(crate) fn meta(&self) -> &Meta<S> {
        &self.meta
    }
}

impl<S: Scheme> ZeroizeOnDrop for ExtendedPrivateKey<S> {}

impl<S: Scheme> ConstantTimeEq for ExtendedPrivateKey<S> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.secret.ct_eq(&other.secret) & self.meta.ct_eq(&other.meta)
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
            .field("depth", &self.meta.depth)
            .field("child_number", &self.meta.child_number)
            .finish_non_exhaustive()
    }
}

impl<S: Scheme> DerivedKey<S> {
    /// The child `child` of this key as a full key at depth `depth + 1`, where `public` is
    /// this key's public key and `depth` its depth: no base-point multiplication for this
    /// key's public key (the normal step's HMAC input and the child's parent fingerprint).
    /// For a search that derives several children of one parent, computing its public key
    /// once. A wrong `public` gives a wrong child: callers pass [`public_key`](Self::public_key).
    #[cfg(feature = "recovery")]
    pub(crate) fn child_with_public(
        &self,
        public: &S::PublicKey,
        depth: u8,
        child: ChildNumber,
    ) -> Result<ExtendedPrivateKey<S>> {
        let depth = depth_after(depth, 1)?;
        let walked = super::walk::walk::<S>(
            &self.secret,
            &self.chain_code,
            || *public,
            1,
            core::iter::once(child),
            false,
        )?;
        let meta = Meta::new(
            walked.chain_code,
            depth,
            child,
            Parent::Public(*public),
            VersionPair::XPRV_XPUB,
        );
        Ok(ExtendedPrivateKey::new(walked.secret, meta))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "ed25519")]
    use crate::Ed25519;
    #[cfg(feature = "ed25519-bip32")]
    use crate::Ed25519Bip32;
    #[cfg(feature = "secp256k1")]
    use crate::Secp256k1;

    const SEED: [u8; 16] = [
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e,
        0x0f,
    ];

    fn path(key: &ExtendedPrivateKey<impl Scheme>) -> bool {
        key.is_public_key_cached()
    }

    #[cfg(feature = "secp256k1")]
    #[test]
    fn public_keys_are_lazy_and_computed_once() {
        let master = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED).unwrap();
        assert!(!path(&master));
        let hardened = master.derive_path("m/44'/0'/0'").unwrap();
        assert!(!path(&master), "a hardened walk computes no public key");
        assert!(!path(&hardened));
        let soft = hardened
            .derive_child(ChildNumber::normal(0).unwrap())
            .unwrap();
        assert!(
            path(&hardened),
            "a normal child needs its parent's public key"
        );
        assert!(!path(&soft));
        // The parent fingerprint of a soft child comes from the parent key already computed.
        assert_eq!(soft.parent_fingerprint(), hardened.fingerprint());
        let first = soft.public_key();
        assert!(path(&soft));
        assert_eq!(first, soft.public_key());
        // A clone keeps the cache.
        assert!(path(&soft.clone()));
    }

    #[cfg(feature = "ed25519")]
    #[test]
    fn parent_fingerprint_of_a_hardened_child_comes_from_the_parents_public_key() {
        let master = ExtendedPrivateKey::<Ed25519>::from_seed(&SEED).unwrap();
        let account = master.derive_path("m/44'/501'").unwrap();
        assert!(!path(&account));
        let child = account
            .derive_child(ChildNumber::hardened(0).unwrap())
            .unwrap();
        // A child keeps no secret of its parent: a hardened child takes its parent's public
        // key at derivation time (through the parent's cache), for its parent fingerprint.
        assert!(path(&account));
        assert_eq!(child.parent_fingerprint(), account.fingerprint());
        let walked = master.derive_path("m/44'/501'/0'").unwrap();
        assert_eq!(walked.parent_fingerprint(), account.fingerprint());
        assert!(walked == child);
    }

    #[cfg(feature = "ed25519-bip32")]
    #[test]
    fn a_hardened_bip32_ed25519_walk_computes_no_public_key() {
        let root = ExtendedPrivateKey::<Ed25519Bip32>::from_seed(&[7; 32]).unwrap();
        assert!(!path(&root.derive_path("m/0'/1'").unwrap()));
    }
}
