//! Keys: [`ExtendedPrivateKey`] and [`ExtendedPublicKey`] (BIP-32 §"Extended keys"), and the
//! lean [`DerivedKey`] (a private key and chain code, nothing else).
//!
//! **Hardened isolation holds in memory.** No key handed to a caller holds an ancestor's
//! private key: what a key keeps of its parent is the parent's fingerprint, or the parent's
//! *public* key (hashed into the fingerprint when read). After a normal step the parent's
//! public key was computed anyway, as HMAC input; after a hardened last step of an
//! [`ExtendedPrivateKey`] it is computed then, once (one base-point multiplication), so the
//! parent's secret can be dropped. A walk computes no other public key: none at hardened
//! steps before the last. [`DerivedKey`] carries no BIP-32 metadata and so computes no public
//! key for hardened steps at all: the lean result for hardened-only paths (SLIP-10 ed25519,
//! Solana and friends).

mod derived;
mod meta;
mod private;
mod public;
mod walk;

pub use self::derived::DerivedKey;
pub(crate) use self::meta::{depth_after, DeriveMany, Meta, Parent, T};
pub use self::private::ExtendedPrivateKey;
pub(crate) use self::private::Prepared;
pub use self::public::ExtendedPublicKey;
