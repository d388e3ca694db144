//! SLIP-10 over ed25519.

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use sha2::Digest;
use zeroize::Zeroize;

use crate::curve::{fingerprint_00_prefixed, split_i, Scheme, Sealed};
use crate::error::{Error, Result};
use crate::hash::HmacSha512;
use crate::key::{ChainCode, Fingerprint};
use crate::path::ChildNumber;
use crate::secret::SecretBytes;

/// SLIP-10 over ed25519: hardened derivation only.
///
/// * Master key: `I = HMAC-SHA512("ed25519 seed", seed)`, `k = I_L`, `c = I_R`. Every `I_L`
///   is a valid key (it is an RFC 8032 secret, not a scalar).
/// * Child key: `I = HMAC-SHA512(c, 0x00 ‖ k ‖ ser32(i))` for hardened `i`. A normal index is
///   [`Error::HardenedOnly`]: it is never silently hardened.
/// * Public key: the RFC 8032 public key of the secret `k` (32 bytes). The fingerprint is
///   HASH160 of `0x00 ‖ key`, as SLIP-10 serializes it.
///
/// For Cardano's BIP32-Ed25519, with normal derivation, see the separate scheme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ed25519;

static MASTER_KEY: HmacSha512 = HmacSha512::new_const(b"ed25519 seed");

impl Sealed for Ed25519 {}

/// SLIP-10's hardened-only child derivation for ed25519 and curve25519.
pub(crate) fn derive_hardened(
    secret: &SecretBytes<[u8; 32]>,
    key: &HmacSha512,
    child: ChildNumber,
) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
    if child.is_normal() {
        return Err(Error::HardenedOnly {
            index: child.index(),
        });
    }
    Ok(split_i(&key.mac(&[
        &[0],
        secret.expose(),
        &child.to_be_bytes(),
    ])))
}

/// Four hardened children at once (four HMAC lanes); a normal child falls back to the
/// one-by-one path, which refuses it.
pub(crate) fn derive_hardened4(
    secret: &SecretBytes<[u8; 32]>,
    key: &HmacSha512,
    children: [ChildNumber; 4],
) -> [Result<(SecretBytes<[u8; 32]>, ChainCode)>; 4] {
    if children.iter().any(|c| c.is_normal()) {
        return children.map(|child| derive_hardened(secret, key, child));
    }
    let [i0, i1, i2, i3] = children.map(ChildNumber::to_be_bytes);
    let k = secret.expose();
    key.mac4([
        &[&[0], k, &i0],
        &[&[0], k, &i1],
        &[&[0], k, &i2],
        &[&[0], k, &i3],
    ])
    .map(|i| Ok(split_i(&i)))
}

impl Scheme for Ed25519 {
    const NAME: &'static str = "ed25519";
    const SUPPORTS_NORMAL_DERIVATION: bool = false;
    type PrivateKey = [u8; 32];
    type PublicKey = [u8; 32];

    fn master_key(seed: &[u8]) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        Ok(split_i(&MASTER_KEY.mac(&[seed])))
    }

    fn public_key(secret: &SecretBytes<[u8; 32]>) -> [u8; 32] {
        let mut h: [u8; 64] = sha2::Sha512::digest(secret.expose()).into();
        let mut scalar = [0u8; 32];
        scalar.copy_from_slice(&h[..32]);
        let public = EdwardsPoint::mul_base_clamped(scalar).compress().to_bytes();
        h.zeroize();
        scalar.zeroize();
        public
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
        let arr: [u8; 32] = bytes.try_into().map_err(|_| Error::InvalidPublicKey)?;
        CompressedEdwardsY(arr)
            .decompress()
            .map(|_| arr)
            .ok_or(Error::InvalidPublicKey)
    }

    fn fingerprint(public: &[u8; 32]) -> Fingerprint {
        fingerprint_00_prefixed(public)
    }
}
