//! SLIP-10 over ed25519 with BLAKE2b-512 (Nano's keys).

use blake2::{Blake2b512, Digest};
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use zeroize::{Zeroize, Zeroizing};

use crate::curve::ed25519_slip10::{HardenedOnly, ED25519_MASTER_KEY};
use crate::curve::{Scheme, Sealed};
use crate::hash::HmacSha512;
use crate::secret::SecretBytes;

/// SLIP-10 ed25519 derivation with Nano's public keys: hardened derivation only.
///
/// Derivation is exactly [`Ed25519`](crate::Ed25519)'s, master HMAC key `ed25519 seed`
/// included (as Ledger's Nano app, wallet-core and `bip_utils` derive Nano keys). The public
/// key is ed25519's with BLAKE2b-512 in place of SHA-512 where the secret is expanded: the
/// clamped first half of BLAKE2b-512(`k`) times the base point. The fingerprint is HASH160 of
/// `0x00 ‖ key`, as for [`Ed25519`](crate::Ed25519).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ed25519Blake2b;

impl Sealed for Ed25519Blake2b {}

impl Scheme for Ed25519Blake2b {
    const NAME: &'static str = crate::curve::CurveName::Ed25519Blake2b.name();
    const HARDENED_ONLY: bool = true;
}

impl HardenedOnly for Ed25519Blake2b {
    const MASTER_KEY: &'static HmacSha512 = &ED25519_MASTER_KEY;

    fn public(secret: &SecretBytes<[u8; 32]>) -> [u8; 32] {
        // The hash runs over a zeroizing state (blake2's `zeroize` feature), and its output
        // is wiped.
        let mut h = Zeroizing::new([0u8; 64]);
        h.copy_from_slice(&Blake2b512::digest(secret.expose()));
        let mut scalar = Zeroizing::new([0u8; 32]);
        if let Some(first) = h.first_chunk::<32>() {
            scalar.copy_from_slice(first);
        }
        let point = EdwardsPoint::mul_base_clamped(*scalar);
        h.zeroize();
        point.compress().to_bytes()
    }

    fn valid_public(bytes: &[u8; 32]) -> bool {
        CompressedEdwardsY(*bytes).decompress().is_some()
    }
}
