//! [`ExtendedPublicKey`]: a public key with its chain code, and public-only derivation.

use core::fmt;
use core::hash::{Hash, Hasher};

use super::meta::{depth_after, meta_accessors, Meta, Parent, T};
use crate::chain_code::ChainCode;
use crate::curve::{check_public_step, NormalDerivation, Scheme};
use crate::error::Result;
use crate::fingerprint::Fingerprint;
use crate::hash::HmacSha512;
use crate::path::{ChildNumber, IntoDerivationPath};
use crate::version::{Version, VersionPair};

/// An extended public key over a scheme with normal derivation: public key, chain code,
/// depth, parent fingerprint and child number (BIP-32 §"Extended keys"), for watch-only
/// wallets.
///
/// Made from a private key ([`ExtendedPrivateKey::to_xpub`]), parsed from text (`"xpub…"
/// .parse()` for the [`Bip32Text`](crate::Bip32Text) schemes, CIP-5 bech32 for
/// [`Ed25519Bip32`](crate::Ed25519Bip32)), or from its parts. Derives normal (non-hardened)
/// children only: BIP-32 `CKDpub`, and for [`NistP256`](crate::NistP256) SLIP-10's public
/// derivation with the same retry rule as the private one, so both give the same key. The
/// hardened-only schemes (SLIP-10 ed25519, curve25519) have no public derivation, so there is
/// no `ExtendedPublicKey` of them: every way to make one requires [`NormalDerivation`].
///
/// ```compile_fail,E0599
/// use fastbip32::{Ed25519, ExtendedPrivateKey};
/// let xpub = ExtendedPrivateKey::<Ed25519>::from_seed(&[1; 32]).unwrap().to_xpub();
/// ```
///
/// ```compile_fail,E0599
/// use fastbip32::{ChainCode, ChildNumber, Ed25519, ExtendedPublicKey, Fingerprint};
/// let cc = ChainCode::new([0; 32]);
/// let _ = ExtendedPublicKey::<Ed25519>::from_parts([1; 32], cc, 0, Fingerprint::ZERO, ChildNumber::from_raw(0));
/// ```
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
/// Public derivation is variable-time: every input is public.
///
/// # Examples
///
/// ```
/// use fastbip32::{ExtendedPublicKey, Secp256k1, Xpub};
///
/// let xpub: Xpub = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8".parse()?;
/// let receive = xpub.derive_path_vartime("0/7")?;
/// assert_eq!(receive.depth(), 2);
/// assert_eq!(receive.parent_fingerprint(), xpub.derive_path_vartime("0")?.fingerprint());
/// assert!(receive.to_string().starts_with("xpub"));
/// # Ok::<(), fastbip32::Error>(())
/// ```
///
/// [`ExtendedPrivateKey::to_xpub`]: crate::ExtendedPrivateKey::to_xpub
pub struct ExtendedPublicKey<S: Scheme> {
    public: S::PublicKey,
    meta: Meta<S>,
}

impl<S: Scheme> Clone for ExtendedPublicKey<S> {
    fn clone(&self) -> Self {
        Self {
            public: self.public,
            meta: self.meta.clone(),
        }
    }
}

impl<S: NormalDerivation> ExtendedPublicKey<S> {
    /// An extended public key from its parts, as found in a serialization. It gets the
    /// [`XPRV_XPUB`](VersionPair::XPRV_XPUB) pair (see
    /// [`with_version_pair`](Self::with_version_pair)).
    ///
    /// # Errors
    /// [`Error::InvalidPublicKey`](crate::Error::InvalidPublicKey) if `public_key` is not a
    /// valid point encoding for the scheme.
    pub fn from_parts(
        public_key: S::PublicKey,
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
    ) -> Result<Self> {
        Self::from_public(
            public_key.as_ref(),
            Meta::imported(chain_code, depth, parent_fingerprint, child_number),
        )
    }

    /// A key from public key bytes not yet checked against the scheme.
    pub(crate) fn from_public(public: &[u8], meta: Meta<S>) -> Result<Self> {
        Ok(Self::new(S::parse_public_key(public, T)?, meta))
    }

    pub(crate) fn new(public: S::PublicKey, meta: Meta<S>) -> Self {
        const {
            assert!(
                !S::HARDENED_ONLY,
                "a hardened-only scheme cannot implement NormalDerivation"
            );
        }
        Self { public, meta }
    }
}

// Everything but construction is defined for any scheme; only schemes with normal derivation
// can make one, so for SLIP-10 ed25519 and curve25519 the type has no values.
impl<S: Scheme> ExtendedPublicKey<S> {
    fn new_child(public: S::PublicKey, meta: Meta<S>) -> Self {
        Self { public, meta }
    }

    meta_accessors!();

    /// The public key.
    pub fn public_key(&self) -> S::PublicKey {
        self.public
    }

    /// This key's fingerprint: the first 4 bytes of HASH160 of its serialized public key.
    pub fn fingerprint(&self) -> Fingerprint {
        S::fingerprint(&self.public, T)
    }

    /// The version this key serializes with: the public member of its
    /// [`version_pair`](Self::version_pair).
    pub fn version(&self) -> Version {
        self.meta.versions.public()
    }

    /// The same key in the family of `version`, a public version this crate knows
    /// ([`Version::XPUB`], [`Version::ZPUB`], …). Use
    /// [`with_version_pair`](Self::with_version_pair) for a custom one.
    ///
    /// # Errors
    /// [`Error::VersionKeyMismatch`](crate::Error::VersionKeyMismatch) for a known private
    /// version (`xprv`, …); [`Error::UnknownVersion`](crate::Error::UnknownVersion) for any
    /// other.
    pub fn with_version(self, version: Version) -> Result<Self> {
        let pair = VersionPair::for_version(version, false)?;
        Ok(self.with_version_pair(pair))
    }

    /// Derives one normal child (BIP-32 `CKDpub`; SLIP-10 "Public parent key → public child
    /// key", with its retry rule for nist256p1).
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// [`Error::HardenedFromPublic`](crate::Error::HardenedFromPublic) for a hardened child;
    /// [`Error::DepthExceeded`](crate::Error::DepthExceeded) past depth 255;
    /// [`Error::InvalidChild`](crate::Error::InvalidChild) where BIP-32 says the child does
    /// not exist (secp256k1, probability below 2⁻¹²⁷: try the next index).
    pub fn derive_child_vartime(&self, child: ChildNumber) -> Result<Self> {
        self.derive_steps(1, core::iter::once(child))
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
    /// [`Error::InvalidPath`](crate::Error::InvalidPath) for malformed text;
    /// [`Error::DepthExceeded`](crate::Error::DepthExceeded) if the path takes the depth past
    /// 255; [`Error::HardenedFromPublic`](crate::Error::HardenedFromPublic) naming the first
    /// hardened step; and the other errors of [`derive_child_vartime`](Self::derive_child_vartime) for any
    /// step.
    pub fn derive_path_vartime<P: IntoDerivationPath>(&self, path: P) -> Result<Self> {
        let (count, steps) = path.into_steps()?;
        self.derive_steps(count, steps)
    }

    /// Checks that `path` can be derived below this key, without deriving it: the depth
    /// stays within 255 and every step is normal. Only BIP-32's invalid child (probability
    /// below 2⁻¹²⁷) is left for the derivation to find.
    ///
    /// # Errors
    /// [`Error::InvalidPath`](crate::Error::InvalidPath) for malformed text;
    /// [`Error::DepthExceeded`](crate::Error::DepthExceeded) if the path takes the depth past
    /// 255; [`Error::HardenedFromPublic`](crate::Error::HardenedFromPublic) naming the first
    /// hardened step.
    pub fn check_path<P: IntoDerivationPath>(&self, path: P) -> Result<()> {
        let (count, steps) = path.into_steps()?;
        depth_after(self.meta.depth, count)?;
        for (segment, child) in steps.enumerate() {
            check_public_step(child, segment)?;
        }
        Ok(())
    }

    /// One normal child, with the parent chain code's HMAC state given (computed once for
    /// many children).
    pub(crate) fn derive_prepared(&self, key: &HmacSha512, child: ChildNumber) -> Result<Self> {
        check_public_step(child, 0)?;
        let depth = depth_after(self.meta.depth, 1)?;
        let (public, chain_code) = S::derive_public(&self.public, key, child, T)?;
        Ok(Self::new_child(
            public,
            self.meta
                .child(chain_code, depth, child, Parent::Public(self.public)),
        ))
    }

    /// The `count` normal children from `first` on, with the parent chain code's HMAC state
    /// given, derived together by the scheme (for secp256k1 the batched affine engine): the
    /// same keys as [`derive_prepared`](Self::derive_prepared) one by one. Variable time:
    /// every input is public.
    #[cfg(feature = "alloc")]
    pub(crate) fn derive_prepared_run(
        &self,
        key: &HmacSha512,
        first: ChildNumber,
        count: usize,
    ) -> Result<alloc::vec::Vec<Self>> {
        let end = u64::from(first.index()) + u64::try_from(count).unwrap_or(u64::MAX);
        if end > u64::from(crate::path::HARDENED_BIT) {
            let index = u32::try_from(end - 1).unwrap_or(u32::MAX);
            return Err(crate::error::Error::InvalidChildIndex { index });
        }
        check_public_step(first, 0)?;
        let depth = depth_after(self.meta.depth, 1)?;
        let mut publics = alloc::vec![self.public; count];
        let mut codes = alloc::vec![ChainCode::new([0; 32]); count];
        S::derive_public_run(&self.public, key, first, &mut publics, &mut codes, T)?;
        let parent = Parent::Public(self.public);
        // The chain codes are cloned, not moved out: each one left in `codes` is wiped when
        // the vector is dropped (a moved-out value would stay, unwiped, in the freed block).
        Ok(publics
            .iter()
            .zip(&codes)
            .zip(first.to_raw()..)
            .map(|((public, code), raw)| {
                let child = ChildNumber::from_raw(raw);
                Self::new_child(*public, self.meta.child(code.clone(), depth, child, parent))
            })
            .collect())
    }

    /// The chain code's HMAC state, for deriving many children.
    pub(crate) fn hmac_key(&self) -> HmacSha512 {
        HmacSha512::new(self.meta.chain_code.as_bytes())
    }

    pub(crate) fn meta(&self) -> &Meta<S> {
        &self.meta
    }

    fn derive_steps(
        &self,
        count: usize,
        steps: impl Iterator<Item = ChildNumber> + Clone,
    ) -> Result<Self> {
        let depth = depth_after(self.meta.depth, count)?;
        for (segment, child) in steps.clone().enumerate() {
            check_public_step(child, segment)?;
        }
        let mut public = self.public;
        let mut chain_code = self.meta.chain_code.clone();
        let mut last = None;
        for (segment, child) in steps.enumerate() {
            let key = HmacSha512::new(chain_code.as_bytes());
            let (next_public, next_chain) =
                S::derive_public(&public, &key, child, T).map_err(|e| e.at_segment(segment))?;
            last = Some((core::mem::replace(&mut public, next_public), child));
            chain_code = next_chain;
        }
        let Some((parent, child)) = last else {
            return Ok(self.clone());
        };
        Ok(Self::new_child(
            public,
            self.meta
                .child(chain_code, depth, child, Parent::Public(parent)),
        ))
    }
}

impl<S: Scheme> PartialEq for ExtendedPublicKey<S> {
    fn eq(&self, other: &Self) -> bool {
        self.public == other.public && bool::from(self.meta.ct_eq(&other.meta))
    }
}

impl<S: Scheme> Eq for ExtendedPublicKey<S> {}

impl<S: Scheme> Hash for ExtendedPublicKey<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.public.hash(state);
        self.meta.chain_code.as_bytes().hash(state);
        self.meta.depth.hash(state);
        self.meta.child_number.hash(state);
        self.meta.versions.hash(state);
        self.parent_fingerprint().hash(state);
    }
}

impl<S: Scheme> fmt::Debug for ExtendedPublicKey<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut hex = [0u8; 66];
        // 66 digits hold the longest public key (33 bytes).
        let public = crate::hex::encode(self.public.as_ref(), &mut hex).map_err(|_| fmt::Error)?;
        f.debug_struct("ExtendedPublicKey")
            .field("scheme", &S::NAME)
            .field("version", &self.version())
            .field("depth", &self.meta.depth)
            .field("child_number", &self.meta.child_number)
            .field("public_key", &public)
            .finish_non_exhaustive()
    }
}
