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
//! | [`Ed25519Bip32`] | BIP32-Ed25519 (Khovratovich–Law V2, Cardano) | yes | 64 bytes (`kL ‖ kR`) | 32 bytes (RFC 8032) |

use core::fmt::Debug;
use core::hash::Hash;

use crate::error::{Error, Result};
use crate::hash::HmacSha512;
use crate::key::{ChainCode, Fingerprint};
use crate::path::ChildNumber;
use crate::secret::{ByteArray, SecretBytes};

#[cfg(feature = "ed25519")]
mod curve25519;
#[cfg(feature = "ed25519-bip32")]
pub(crate) mod ed25519_bip32;
#[cfg(feature = "ed25519")]
mod ed25519_slip10;
#[cfg(feature = "nist256p1")]
mod nist256p1;
#[cfg(feature = "secp256k1")]
mod secp256k1;

#[cfg(feature = "ed25519")]
pub use self::curve25519::Curve25519;
#[cfg(feature = "ed25519-bip32")]
pub use self::ed25519_bip32::Ed25519Bip32;
#[cfg(feature = "ed25519")]
pub use self::ed25519_slip10::Ed25519;
#[cfg(feature = "nist256p1")]
pub use self::nist256p1::NistP256;
#[cfg(feature = "secp256k1")]
pub use self::secp256k1::Secp256k1;

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// The longest seed a master key accepts, in bytes (BIP-32: 512 bits).
pub const MAX_SEED_LEN: usize = 64;
/// The shortest seed a master key accepts, in bytes (BIP-32: 128 bits).
pub const MIN_SEED_LEN: usize = 16;

/// A key-derivation scheme: a curve together with the rules one specification sets for it.
///
/// Sealed: implemented only by this crate's markers. Items marked `#[doc(hidden)]` are the
/// scheme's mathematics, called by the generic key types; they are not part of the API.
pub trait Scheme:
    Sealed + Copy + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The scheme's name as the CLI spells it (`secp256k1`, `nist256p1`, `ed25519`, …).
    const NAME: &'static str;
    /// Whether normal (non-hardened) child derivation exists. SLIP-10 ed25519 and curve25519
    /// are hardened-only.
    const SUPPORTS_NORMAL_DERIVATION: bool;
    /// The private key bytes: `[u8; 32]`, or `[u8; 64]` (kL ‖ kR) for BIP32-Ed25519.
    type PrivateKey: ByteArray;
    /// The public key bytes: `[u8; 33]` (SEC1 compressed) or `[u8; 32]` (Edwards / Montgomery).
    type PublicKey: Copy + Eq + Hash + Debug + AsRef<[u8]> + Send + Sync + 'static;

    #[doc(hidden)]
    /// The master key and chain code for a seed already checked to be 16 to 64 bytes.
    fn master_key(seed: &[u8]) -> Result<(SecretBytes<Self::PrivateKey>, ChainCode)>;

    #[doc(hidden)]
    /// The public key of a valid private key.
    fn public_key(secret: &SecretBytes<Self::PrivateKey>) -> Self::PublicKey;

    #[doc(hidden)]
    /// Whether bytes from outside are a valid private key for the scheme.
    fn check_private_key(secret: &Self::PrivateKey) -> Result<()>;

    #[doc(hidden)]
    /// One private derivation step. `parent_public` is `Some` for a normal child (the generic
    /// code computes it, at most once per parent) and `None` for a hardened one; `key` is the
    /// parent chain code's HMAC state.
    fn derive_private(
        secret: &SecretBytes<Self::PrivateKey>,
        parent_public: Option<&Self::PublicKey>,
        key: &HmacSha512,
        child: ChildNumber,
    ) -> Result<(SecretBytes<Self::PrivateKey>, ChainCode)>;

    #[doc(hidden)]
    /// Four private derivation steps below one parent (a sibling batch). Schemes whose child
    /// needs one HMAC of at most 111 bytes override it to run the four HMACs in SIMD lanes.
    fn derive_private4(
        secret: &SecretBytes<Self::PrivateKey>,
        parent_public: Option<&Self::PublicKey>,
        key: &HmacSha512,
        children: [ChildNumber; 4],
    ) -> [Result<(SecretBytes<Self::PrivateKey>, ChainCode)>; 4] {
        children.map(|child| Self::derive_private(secret, parent_public, key, child))
    }

    #[doc(hidden)]
    /// One public derivation step (normal children only). Variable time: every input is public.
    fn derive_public(
        public: &Self::PublicKey,
        key: &HmacSha512,
        child: ChildNumber,
    ) -> Result<(Self::PublicKey, ChainCode)> {
        let _ = (public, key);
        Err(if child.is_hardened() {
            Error::HardenedFromPublic {
                index: child.index(),
            }
        } else {
            Error::UnsupportedByScheme
        })
    }

    #[doc(hidden)]
    /// The public keys of the normal children `first, first + 1, …` (one per slot of `out`),
    /// sharing the parent's HMAC state. The range is checked by the caller to stay below 2³¹.
    /// Schemes override it where per-child work can be shared or batched.
    fn derive_public_batch(
        public: &Self::PublicKey,
        key: &HmacSha512,
        first: ChildNumber,
        out: &mut [Self::PublicKey],
    ) -> Result<()> {
        let mut raw = first.to_raw();
        for slot in out {
            *slot = Self::derive_public(public, key, ChildNumber::from_raw(raw))?.0;
            raw = raw.wrapping_add(1);
        }
        Ok(())
    }

    #[doc(hidden)]
    /// Parses and validates public key bytes.
    fn parse_public_key(bytes: &[u8]) -> Result<Self::PublicKey>;

    #[doc(hidden)]
    /// The fingerprint: the first 4 bytes of HASH160 of the serialized public key.
    fn fingerprint(public: &Self::PublicKey) -> Fingerprint;
}

/// Splits HMAC output `I` into `I_L` (as a secret) and `I_R` (as a chain code).
pub(crate) fn split_i(i: &SecretBytes<[u8; 64]>) -> (SecretBytes<[u8; 32]>, ChainCode) {
    let (l, r) = i.expose().split_at(32);
    let mut il = SecretBytes::new([0u8; 32]);
    let mut ir = [0u8; 32];
    il.expose_mut().copy_from_slice(l);
    ir.copy_from_slice(r);
    (il, ChainCode::new(ir))
}

/// SLIP-10 fingerprint of a 32-byte key: HASH160 of `0x00 ‖ key`.
#[cfg(feature = "ed25519")]
pub(crate) fn fingerprint_00_prefixed(key: &[u8; 32]) -> Fingerprint {
    let mut data = [0u8; 33];
    data[1..].copy_from_slice(key);
    Fingerprint::new(crate::hash::fingerprint_of(&data))
}
