#![no_std]
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

#[cfg(feature = "address")]
pub mod address;
mod batch;
#[cfg(feature = "ed25519-bip32")]
pub mod cardano;
pub mod curve;
#[cfg(feature = "descriptor")]
pub mod descriptor;
mod error;
mod hash;
mod key;
mod network;
pub mod path;
mod secret;
pub mod serialize;
mod sys;
#[cfg(feature = "alloc")]
mod tree;
#[cfg(all(feature = "address", feature = "secp256k1"))]
pub mod wif;

pub use crate::batch::{Children, PublicChildren};
#[cfg(feature = "ed25519-bip32")]
pub use crate::curve::Ed25519Bip32;
#[cfg(feature = "nist256p1")]
pub use crate::curve::NistP256;
#[cfg(feature = "secp256k1")]
pub use crate::curve::Secp256k1;
#[cfg(feature = "ed25519")]
pub use crate::curve::{Curve25519, Ed25519};
pub use crate::curve::{Scheme, MAX_SEED_LEN, MIN_SEED_LEN};
pub use crate::error::{DescriptorErrorKind, DescriptorFeature, DescriptorFunction};
pub use crate::error::{Error, PathErrorKind, Result};
pub use crate::key::{
    ChainCode, ExtendedPrivateKey, ExtendedPublicKey, Fingerprint, IntoDerivationPath,
};
pub use crate::network::Network;
pub use crate::path::{ChildNumber, DerivationPath};
pub use crate::secret::{ByteArray, SecretBytes};
pub use crate::serialize::{
    ExtendedKey, Version, VersionPair, ENCODED_LEN, MAX_ENCODED_LEN, SERIALIZED_LEN,
};
#[cfg(feature = "alloc")]
pub use crate::tree::PathTree;

/// An extended private key over secp256k1 (BIP-32), spelled like the `xprv` prefix.
#[cfg(feature = "secp256k1")]
pub type Xprv = ExtendedPrivateKey<Secp256k1>;
/// An extended public key over secp256k1 (BIP-32), spelled like the `xpub` prefix.
#[cfg(feature = "secp256k1")]
pub type Xpub = ExtendedPublicKey<Secp256k1>;
