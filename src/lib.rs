#![no_std]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
//!
//! # Layers
//!
//! Modules import one way, from a higher layer to a lower one and, inside a layer, from a
//! later module to an earlier one (`scripts/layers.toml` holds the order of every file,
//! `ARCHITECTURE.md` says what each layer holds). Lowest first:
//!
//! 1. values (`error`, `hex`, `secret`, `path`, `chain_code`, `fingerprint`, `version`,
//!    `network`): [`Error`], the branch-free [`hex`] codec, [`SecretBytes`], [`path`]
//!    ([`ChildNumber`], [`DerivationPath`], [`PathPattern`]), [`ChainCode`], [`Fingerprint`], [`Version`],
//!    [`Network`];
//! 2. hashing and kernels (`sys`, `hash`): the kernels, then HMAC-SHA512 keyed states,
//!    HASH160 and PBKDF2;
//! 3. schemes (`curve`): [`curve`] and one file per scheme;
//! 4. keys (`key`): [`ExtendedPrivateKey`], [`ExtendedPublicKey`], [`DerivedKey`];
//! 5. formats and many keys (`serialize`, `cardano`, `batch`, `ordered`, `tree`):
//!    [`serialize`], [`cardano`], sibling batches, ordered work on a few threads
//!    ([`ordered`], with `std`) and [`PathTree`];
//! 6. wallet formats (`mnemonic`, `address`, `wif`, `coin`, `any_key`, `descriptor`): BIP-39
//!    mnemonics, addresses, WIF, the coin registry, keys of a scheme chosen at run time
//!    ([`AnyExtendedPrivateKey`], [`AnyExtendedPublicKey`]) and output descriptors;
//! 7. recovery (`recovery`): the search for a partly remembered mnemonic or passphrase.

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

// 1. Value types and errors.
mod chain_code;
mod error;
mod fingerprint;
pub mod hex;
mod network;
pub mod path;
mod secret;
mod version;

// 2. Hashing and kernels.
mod hash;
mod sys;

// 3. Schemes.
pub mod curve;

// 4. Keys.
mod key;

// 5. Serialization, batches, the tree.
mod batch;
#[cfg(feature = "ed25519-bip32")]
pub mod cardano;
#[cfg(feature = "std")]
pub mod ordered;
pub mod serialize;
#[cfg(feature = "alloc")]
mod tree;

// 6. Wallet formats (descriptors on top of addresses).
#[cfg(feature = "address")]
pub mod address;
#[cfg(all(
    feature = "alloc",
    feature = "secp256k1",
    feature = "nist256p1",
    feature = "ed25519-bip32"
))]
pub mod any_key;
#[cfg(all(
    feature = "address",
    feature = "secp256k1",
    feature = "ed25519-bip32",
    feature = "ed25519-blake2b",
    feature = "nist256p1"
))]
pub mod coin;
#[cfg(feature = "descriptor")]
pub mod descriptor;
#[cfg(feature = "mnemonic-english")]
pub mod mnemonic;
#[cfg(all(feature = "address", feature = "secp256k1"))]
pub mod wif;

// 7. Recovery search, on top of the wallet formats.
#[cfg(feature = "recovery")]
pub mod recovery;

#[cfg(all(
    feature = "alloc",
    feature = "secp256k1",
    feature = "nist256p1",
    feature = "ed25519-bip32"
))]
pub use crate::any_key::{
    AnyExtendedKey, AnyExtendedPrivateKey, AnyExtendedPublicKey, AnyKeyError, PublicKeyBytes,
};
pub use crate::batch::{Children, PublicChildren, PUBLIC_RUN};
pub use crate::chain_code::ChainCode;
#[cfg(feature = "ed25519-bip32")]
pub use crate::curve::Ed25519Bip32;
#[cfg(feature = "ed25519-blake2b")]
pub use crate::curve::Ed25519Blake2b;
#[cfg(feature = "nist256p1")]
pub use crate::curve::NistP256;
pub use crate::curve::{
    Bip32Text, CurveName, NormalDerivation, Scheme, SchemeKeys, UnknownCurveName, MAX_SEED_LEN,
    MIN_SEED_LEN,
};
#[cfg(feature = "ed25519")]
pub use crate::curve::{Curve25519, Ed25519};
#[cfg(feature = "secp256k1")]
pub use crate::curve::{Secp256k1, Secp256k1Point};
pub use crate::error::{Error, PathErrorKind, Result};
pub use crate::fingerprint::Fingerprint;
pub use crate::key::{DerivedKey, ExtendedPrivateKey, ExtendedPublicKey};
pub use crate::network::Network;
pub use crate::path::{ChildNumber, DerivationPath, IntoDerivationPath, PathPattern};
pub use crate::secret::{ByteArray, SecretBytes};
pub use crate::serialize::{ExtendedKey, ENCODED_LEN, MAX_ENCODED_LEN, SERIALIZED_LEN};
#[cfg(feature = "alloc")]
pub use crate::tree::PathTree;
pub use crate::version::{ImpliedScript, Version, VersionPair};

/// Not public API: the SHA-512 kernels and their dispatch (`src/sys/sha512.rs`), re-exported
/// for the benches crate, which times each kernel directly (`bench-internals`).
#[cfg(feature = "bench-internals")]
#[doc(hidden)]
pub mod __kernels {
    pub use crate::hash::hmac_key_schedule_with;
    pub use crate::sys::sha512::{
        compress_with, detect, plan, supported, Isa, Kernel, Plan, DISPATCH,
    };

    /// The PBKDF2-HMAC-SHA512 iteration loop, one kernel at a time, and BIP-39 seeds in
    /// lanes.
    #[cfg(any(feature = "mnemonic-english", feature = "ed25519-bip32"))]
    pub mod pbkdf2 {
        #[cfg(feature = "mnemonic-english")]
        pub use crate::hash::pbkdf2::bip39_seeds;
        pub use crate::sys::sha512::pbkdf2::{has_loop, iterate_with};
    }
}

/// An extended private key over secp256k1 (BIP-32), spelled like the `xprv` prefix.
#[cfg(feature = "secp256k1")]
pub type Xprv = ExtendedPrivateKey<Secp256k1>;
/// An extended public key over secp256k1 (BIP-32), spelled like the `xpub` prefix.
#[cfg(feature = "secp256k1")]
pub type Xpub = ExtendedPublicKey<Secp256k1>;
