//! What both key types carry besides the key itself ([`Meta`]), how a key knows its parent
//! ([`Parent`]), the one depth rule and the trait of keys that derive many children.

use subtle::{Choice, ConstantTimeEq};

use crate::chain_code::ChainCode;
use crate::curve::{Scheme, Token};
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::path::ChildNumber;
use crate::version::VersionPair;

pub(crate) const T: Token = Token(());

/// How a key knows its parent's fingerprint: given, or the parent's public key (public
/// data), hashed when the fingerprint is read. Never the parent's private key.
#[derive(Clone, Copy)]
pub(crate) enum Parent<S: Scheme> {
    /// A master key, a parsed key, or a key made from parts: the fingerprint is given.
    Known(Fingerprint),
    /// A derived key: the parent's public key.
    Public(S::PublicKey),
}

impl<S: Scheme> Parent<S> {
    pub(super) fn fingerprint(&self) -> Fingerprint {
        match self {
            Self::Known(f) => *f,
            Self::Public(p) => S::fingerprint(p, T),
        }
    }
}

/// What both key types carry besides the key itself: chain code, depth, child number, the
/// parent's fingerprint (or public key) and the version family.
#[derive(Clone)]
pub(crate) struct Meta<S: Scheme> {
    pub(crate) chain_code: ChainCode,
    pub(crate) depth: u8,
    pub(crate) child_number: ChildNumber,
    pub(crate) parent: Parent<S>,
    pub(crate) versions: VersionPair,
}

impl<S: Scheme> Meta<S> {
    pub(crate) fn new(
        chain_code: ChainCode,
        depth: u8,
        child_number: ChildNumber,
        parent: Parent<S>,
        versions: VersionPair,
    ) -> Self {
        Self {
            chain_code,
            depth,
            child_number,
            parent,
            versions,
        }
    }

    /// The metadata of a key made from its parts: the given fingerprint, the `xprv`/`xpub`
    /// family.
    pub(crate) fn imported(
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
    ) -> Self {
        Self::new(
            chain_code,
            depth,
            child_number,
            Parent::Known(parent_fingerprint),
            VersionPair::XPRV_XPUB,
        )
    }

    pub(super) fn master(chain_code: ChainCode) -> Self {
        Self::new(
            chain_code,
            0,
            ChildNumber::from_raw(0),
            Parent::Known(Fingerprint::ZERO),
            VersionPair::XPRV_XPUB,
        )
    }

    /// The metadata of a child of this key.
    pub(super) fn child(
        &self,
        chain_code: ChainCode,
        depth: u8,
        child: ChildNumber,
        parent: Parent<S>,
    ) -> Self {
        Self::new(chain_code, depth, child, parent, self.versions)
    }

    pub(super) fn ct_eq(&self, other: &Self) -> Choice {
        self.chain_code.ct_eq(&other.chain_code)
            & self.depth.ct_eq(&other.depth)
            & self
                .child_number
                .to_raw()
                .ct_eq(&other.child_number.to_raw())
            & self
                .parent
                .fingerprint()
                .to_u32()
                .ct_eq(&other.parent.fingerprint().to_u32())
            & Choice::from(u8::from(self.versions == other.versions))
    }
}

mod many {
    /// A key that derives many children from one preparation: the sibling batches and the
    /// tree are written once over it.
    #[cfg_attr(
        not(feature = "alloc"),
        allow(
            dead_code,
            reason = "the depth and runs serve PathTree, which needs alloc"
        )
    )]
    pub(crate) trait DeriveMany: Sized + Clone + Send + Sync {
        /// What is computed once per parent.
        type Prepared: Send + Sync;
        /// Computes it.
        fn prepare_many(&self) -> Self::Prepared;
        /// One child, from the preparation.
        fn derive_one(
            &self,
            prepared: &Self::Prepared,
            child: crate::path::ChildNumber,
        ) -> crate::error::Result<Self>;
        /// The key's depth.
        fn key_depth(&self) -> u8;
        /// The shortest run of consecutive normal siblings worth
        /// [`derive_run`](Self::derive_run) (`usize::MAX`: none is).
        const RUN_MIN: usize = usize::MAX;
        /// The `count` consecutive children from `first` on, together; the same keys as
        /// [`derive_one`](Self::derive_one) gives one by one.
        #[cfg(feature = "alloc")]
        fn derive_run(
            &self,
            prepared: &Self::Prepared,
            first: crate::path::ChildNumber,
            count: usize,
        ) -> crate::error::Result<alloc::vec::Vec<Self>> {
            (first.to_raw()..=u32::MAX)
                .take(count)
                .map(|raw| self.derive_one(prepared, crate::path::ChildNumber::from_raw(raw)))
                .collect()
        }
    }
}
pub(crate) use many::DeriveMany;

/// The depth after `count` more steps below `depth`: the one depth rule.
pub(crate) fn depth_after(depth: u8, count: usize) -> Result<u8> {
    u8::try_from(usize::from(depth) + count).map_err(|_| Error::DepthExceeded)
}

/// The accessors of the metadata both key types share, written once.
macro_rules! meta_accessors {
    () => {
        /// The chain code.
        pub fn chain_code(&self) -> &ChainCode {
            &self.meta.chain_code
        }

        /// The depth: 0 for a master key, one more for each derivation step.
        pub fn depth(&self) -> u8 {
            self.meta.depth
        }

        /// The child number this key was derived with (0 for a master key).
        pub fn child_number(&self) -> ChildNumber {
            self.meta.child_number
        }

        /// The parent's fingerprint (`00000000` for a master key). For a derived key it is
        /// hashed from the parent's public key when read.
        pub fn parent_fingerprint(&self) -> Fingerprint {
            self.meta.parent.fingerprint()
        }

        /// The version family this key, its children and its other half serialize with.
        pub fn version_pair(&self) -> VersionPair {
            self.meta.versions
        }

        /// The same key in the version family `versions` (any pair, known or custom).
        #[must_use]
        pub fn with_version_pair(mut self, versions: VersionPair) -> Self {
            self.meta.versions = versions;
            self
        }
    };
}
pub(crate) use meta_accessors;
