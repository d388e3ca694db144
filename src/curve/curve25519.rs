//! SLIP-10 over curve25519 (X25519 keys).

use curve25519_dalek::montgomery::MontgomeryPoint;

use crate::curve::ed25519_slip10::HardenedOnly;
use crate::curve::{Scheme, Sealed};
use crate::hash::HmacSha512;
use crate::secret::SecretBytes;

/// SLIP-10 over curve25519: hardened derivation only, X25519 public keys.
///
/// Derivation is exactly [`Ed25519`](crate::Ed25519)'s with the master HMAC key
/// `curve25519 seed`; the public key is `X25519(k, 9)` (RFC 7748, with its clamping of `k`),
/// and the fingerprint is HASH160 of `0x00 ‖ u`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Curve25519;

static MASTER_KEY: HmacSha512 = HmacSha512::new_const(b"curve25519 seed");

impl Sealed for Curve25519 {}

impl Scheme for Curve25519 {
    const NAME: &'static str = crate::curve::CurveName::Curve25519.name();
    const HARDENED_ONLY: bool = true;
}

impl HardenedOnly for Curve25519 {
    const MASTER_KEY: &'static HmacSha512 = &MASTER_KEY;

    fn public(secret: &SecretBytes<[u8; 32]>) -> [u8; 32] {
        // The clamped copy dalek takes by value lives in `scalar`, wiped on drop.
        let scalar = zeroize::Zeroizing::new(*secret.expose());
        MontgomeryPoint::mul_base_clamped(*scalar).to_bytes()
    }

    fn valid_public(_bytes: &[u8; 32]) -> bool {
        // Every 32 bytes are an X25519 `u` coordinate.
        true
    }
}
