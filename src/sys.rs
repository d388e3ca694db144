//! The crate's only `unsafe` code, each block under a `// SAFETY:` comment, each use measured:
//!
//! * [`secp256k1`]: direct libsecp256k1 calls (a context randomised once instead of per call:
//!   16 µs instead of 41 µs per public key; secrets kept in our own wiped buffers).
//! * [`sha512`]: SHA-512 compressions side by side in SIMD lanes (AVX-512: 2, 4 or 8 lanes;
//!   AVX2: 4), each kernel chosen once per process by `sha512::detect` from one dispatch
//!   table, used for sibling batches and for an HMAC key's inner and outer states together;
//!   and PBKDF2-HMAC-SHA512's iterations (`sha512::pbkdf2`: 4 or 8 lanes that stay in
//!   registers from the first iteration to the last).

#![allow(unsafe_code)]

#[cfg(feature = "secp256k1")]
pub(crate) mod secp256k1;
// `pub` items: the benches' `__kernels`, which `bench-internals` exports.
#[cfg_attr(not(feature = "bench-internals"), allow(unreachable_pub))]
pub(crate) mod sha512;

#[cfg(feature = "secp256k1")]
pub(crate) use self::secp256k1::*;
