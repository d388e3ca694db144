//! SLIP-10 over curve25519 (X25519 keys).

use curve25519_dalek::montgomery::MontgomeryPoint;

use crate::curve::ed25519_slip10::{derive_hardened, derive_hardened4};
use crate::curve::{fingerprint_00_prefixed, split_i, Scheme, Sealed};
use crate::error::{Error, Result};
use crate::hash::HmacSha512;
use crate::key::{ChainCode, Fingerprint};
use crate::path::ChildNumber;
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
    const NAME: &'static str = "curve25519";
    const SUPPORTS_NORMAL_DERIVATION: bool = false;
    type PrivateKey = [u8; 32];
    type PublicKey = [u8; 32];

    fn master_key(seed: &[u8]) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        Ok(split_i(&MASTER_KEY.mac(&[seed])))
    }

    fn public_key(secret: &SecretBytes<[u8; 32]>) -> [u8; 32] {
        MontgomeryPoint::mul_base_clamped(*secret.expose()).to_bytes()
    }

    fn check_private_key(_secret: &[u8; 32]) -> Result<()> {
        Ok(())
    }

    fn derive_private(
        secret: &SecretBytes<[u8; 32]>,
        _parent_public: Option<&[u8; 32]>,
        key: &HmacSha512,
        child: ChildNumber,
    ) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        derive_hardened(secret, key, child)
    }

    fn derive_private4(
        secret: &SecretBytes<[u8; 32]>,
        _parent_public: Option<&[u8; 32]>,
        key: &HmacSha512,
        children: [ChildNumber; 4],
    ) -> [Result<(SecretBytes<[u8; 32]>, ChainCode)>; 4] {
        derive_hardened4(secret, key, children)
    }

    fn parse_public_key(bytes: &[u8]) -> Result<[u8; 32]> {
        let bytes = match bytes {
            [0, rest @ ..] if rest.len() == 32 => rest,
            _ => bytes,
        };
        bytes.try_into().map_err(|_| Error::InvalidPublicKey)
    }

    fn fingerprint(public: &[u8; 32]) -> Fingerprint {
        fingerprint_00_prefixed(public)
    }
}
