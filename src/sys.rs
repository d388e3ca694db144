//! The crate's only `unsafe` code, each block under a `// SAFETY:` comment, each use measured:
//!
//! * [`secp256k1`]: direct libsecp256k1 calls (a context randomised once instead of per call:
//!   16 µs instead of 41 µs per public key; secrets kept in our own wiped buffers).
//! * [`sha512x4`]: four SHA-512 compressions at once in AVX2 lanes, selected at run time
//!   (about 2.2× the throughput of four single compressions here), used to derive sibling
//!   keys four at a time and to compute an HMAC key's inner and outer states together.

#![allow(unsafe_code)]

#[cfg(feature = "secp256k1")]
pub(crate) mod secp256k1;
pub(crate) mod sha512x4;

#[cfg(feature = "secp256k1")]
pub(crate) use self::secp256k1::*;
