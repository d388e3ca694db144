//! Hashing: HMAC-SHA512 over reusable keyed states, PBKDF2-HMAC-SHA512 in lanes
//! (`pbkdf2`), HASH160, and SHA-512/SHA-256 one-shots.
//!
//! HMAC-SHA512 is written over the raw SHA-512 compression function (`sha2::block_api`) so a
//! key's inner and outer states can be computed once and reused: for the constant master
//! keys ("Bitcoin seed", …) at compile time, for a chain code once per parent however many
//! children are derived from it, and once for the two HMACs of a BIP32-Ed25519 step.

mod hmac;
#[cfg(any(
    feature = "mnemonic-english",
    feature = "ed25519-bip32",
    feature = "sr25519"
))]
pub(crate) mod pbkdf2;

#[cfg(feature = "address")]
pub(crate) use self::hmac::hash160;
#[cfg(feature = "bench-internals")]
pub use self::hmac::hmac_key_schedule_with;
#[cfg(feature = "ed25519-bip32")]
pub(crate) use self::hmac::hmac_sha256;
pub(crate) use self::hmac::{fingerprint_of, HmacSha512, BATCH_LANES};
