//! Schemes: one sealed trait, [`Scheme`], implemented by zero-sized markers.
//!
//! Everything the specifications vary on sits on the trait: the master-key HMAC key and
//! invalid-key rule, the key sizes, whether normal (non-hardened) derivation exists, how a
//! child key is computed, how a public key is fingerprinted. The generic types
//! ([`ExtendedPrivateKey`](crate::ExtendedPrivateKey) and friends) are written once over it.
//!
//! | marker | specification | normal derivation | private key | public key |
//! |---|---|---|---|---|
//! | [`Secp256k1`] | BIP-32 | yes | 32 bytes | 33 bytes, SEC1 compressed |
//! | [`NistP256`] | SLIP-10 nist256p1 | yes | 32 bytes | 33 bytes, SEC1 compressed |
//! | [`Ed25519`] | SLIP-10 ed25519 | no | 32 bytes (RFC 8032 secret) | 32 bytes (RFC 8032) |
//! | [`Curve25519`] | SLIP-10 curve25519 | no | 32 bytes (RFC 7748 secret) | 32 bytes (X25519 `u`) |
//! | `Ed25519Blake2b` | SLIP-10 ed25519, BLAKE2b-512 public keys (Nano) | no | 32 bytes | 32 bytes (ed25519 with BLAKE2b) |
//! | [`Ed25519Bip32`] | BIP32-Ed25519 (Khovratovich–Law V2, Cardano) | yes | 64 bytes (`kL ‖ kR`) | 32 bytes (RFC 8032) |

#[cfg(feature = "ed25519")]
mod curve25519;
#[cfg(feature = "ed25519-bip32")]
pub(crate) mod ed25519_bip32;
#[cfg(all(feature = "ed25519-bip32", feature = "alloc"))]
pub(crate) mod ed25519_bip32_batch;
#[cfg(feature = "ed25519-blake2b")]
mod ed25519_blake2b;
#[cfg(feature = "ed25519")]
mod ed25519_slip10;
#[cfg(feature = "nist256p1")]
pub(crate) mod nist256p1;
mod scheme;
#[cfg(feature = "secp256k1")]
mod secp256k1;
#[cfg(all(feature = "secp256k1", feature = "alloc"))]
pub(crate) mod secp256k1_batch;
#[cfg(feature = "secp256k1")]
pub(crate) mod secp256k1_point;
#[cfg(feature = "sr25519")]
pub mod sr25519;

#[cfg(feature = "ed25519")]
pub use self::curve25519::Curve25519;
#[cfg(feature = "ed25519-bip32")]
pub use self::ed25519_bip32::Ed25519Bip32;
#[cfg(all(feature = "bench-internals", feature = "ed25519-bip32"))]
#[doc(hidden)]
pub use self::ed25519_bip32_batch::Ed25519WidthSweep as Ed25519Bip32WidthSweep;
#[cfg(feature = "ed25519-blake2b")]
pub use self::ed25519_blake2b::Ed25519Blake2b;
#[cfg(feature = "ed25519")]
pub use self::ed25519_slip10::Ed25519;
#[cfg(feature = "nist256p1")]
pub use self::nist256p1::NistP256;
#[cfg(feature = "ed25519")]
pub(crate) use self::scheme::fingerprint_00_prefixed;
pub(crate) use self::scheme::{
    check_public_step, check_step, invalid_child, split_i, Math, Sealed, Step, Steps, Token,
};
pub use self::scheme::{
    Bip32Text, CurveName, NormalDerivation, Scheme, SchemeKeys, UnknownCurveName, MAX_SEED_LEN,
    MIN_SEED_LEN,
};
#[cfg(feature = "secp256k1")]
pub use self::secp256k1::Secp256k1;
#[cfg(feature = "bench-internals")]
#[doc(hidden)]
pub use self::secp256k1_batch::WidthSweep as Secp256k1WidthSweep;
#[cfg(feature = "secp256k1")]
pub use self::secp256k1_point::Secp256k1Point;
