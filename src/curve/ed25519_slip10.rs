//! SLIP-10 over ed25519 and curve25519: the hardened-only schemes, written once.
//!
//! The two differ only in their master HMAC key and in what the public key of a secret is;
//! [`HardenedOnly`] says that, and one blanket impl gives both the rest of the maths.

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use sha2::Digest;
use zeroize::{Zeroize, Zeroizing};

use crate::chain_code::ChainCode;
use crate::curve::{
    fingerprint_00_prefixed, split_i, Math, Scheme, SchemeKeys, Sealed, Step, Steps, Token,
};
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::hash::HmacSha512;
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

/// What tells the hardened-only SLIP-10 schemes apart.
pub(crate) trait HardenedOnly: Sealed + Sized {
    /// The master key's HMAC states.
    const MASTER_KEY: &'static HmacSha512;
    /// The public key of a secret.
    fn public(secret: &SecretBytes<[u8; 32]>) -> [u8; 32];
    /// Whether 32 bytes are a valid public key.
    fn valid_public(bytes: &[u8; 32]) -> bool;
}

pub(crate) static ED25519_MASTER_KEY: HmacSha512 = HmacSha512::new_const(b"ed25519 seed");

impl Sealed for Ed25519 {}

impl Scheme for Ed25519 {
    const NAME: &'static str = crate::curve::CurveName::Ed25519.name();
    const HARDENED_ONLY: bool = true;
}

impl HardenedOnly for Ed25519 {
    const MASTER_KEY: &'static HmacSha512 = &ED25519_MASTER_KEY;

    fn public(secret: &SecretBytes<[u8; 32]>) -> [u8; 32] {
        // RFC 8032 §5.1.5: the scalar is the clamped first half of SHA-512(secret). The hash
        // runs over a zeroizing state (sha2's `zeroize` feature), and its output is wiped.
        let mut h = Zeroizing::new([0u8; 64]);
        h.copy_from_slice(&sha2::Sha512::digest(secret.expose()));
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

impl<T: HardenedOnly> SchemeKeys for T {
    type PrivateKey = [u8; 32];
    type PublicKey = [u8; 32];
}

impl<T: HardenedOnly> Math for T {
    fn master_key(seed: &[u8], _: Token) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        Ok(split_i(&T::MASTER_KEY.mac(&[seed])))
    }

    fn public_key(secret: &SecretBytes<[u8; 32]>, _: Token) -> [u8; 32] {
        T::public(secret)
    }

    fn check_private_key(_secret: &[u8; 32], _depth: u8, _: Token) -> Result<()> {
        // Every 32 bytes are a valid secret (RFC 8032 and RFC 7748 clamp them).
        Ok(())
    }

    /// Hardened children only: [`Step::new`] refuses a normal one for these schemes.
    fn derive_private(
        secret: &SecretBytes<[u8; 32]>,
        step: &Step<[u8; 32]>,
        key: &HmacSha512,
        _: Token,
    ) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        Ok(split_i(&key.mac(&[
            &[0],
            secret.expose(),
            &step.child().to_be_bytes(),
        ])))
    }

    fn derive_private_many<const N: usize>(
        secret: &SecretBytes<[u8; 32]>,
        steps: &Steps<[u8; 32], N>,
        key: &HmacSha512,
        _: Token,
    ) -> [Result<(SecretBytes<[u8; 32]>, ChainCode)>; N] {
        let indexes = steps.children().map(ChildNumber::to_be_bytes);
        let k = secret.expose();
        let msgs = indexes.each_ref().map(|i| [&[0][..], &k[..], &i[..]]);
        key.mac_many(msgs.each_ref().map(|m| &m[..]))
            .map(|i| Ok(split_i(&i)))
    }

    fn parse_public_key(bytes: &[u8], _: Token) -> Result<[u8; 32]> {
        // SLIP-10 serializes these keys with a leading 0x00; accept both forms.
        let bytes = match bytes {
            [0, rest @ ..] if rest.len() == 32 => rest,
            _ => bytes,
        };
        let arr: [u8; 32] = bytes.try_into().map_err(|_| Error::InvalidPublicKey)?;
        if T::valid_public(&arr) {
            Ok(arr)
        } else {
            Err(Error::InvalidPublicKey)
        }
    }

    fn fingerprint(public: &[u8; 32], _: Token) -> Fingerprint {
        fingerprint_00_prefixed(public)
    }
}
