//! SLIP-10 over NIST P-256 (secp256r1, nist256p1).
//!
//! Base-point multiplication goes through aws-lc-rs (constant-time, about 4× faster than the
//! pure-Rust `p256` crate here); scalar arithmetic and public-key parsing through `p256`.

use aws_lc_rs::agreement;
use p256::elliptic_curve::ff::{Field, PrimeField};
use p256::elliptic_curve::group::Group;
use p256::elliptic_curve::sec1::ToSec1Point;

use crate::curve::{split_i, Scheme, Sealed};
use crate::error::{Error, Result};
use crate::hash::{fingerprint_of, HmacSha512};
use crate::key::{ChainCode, Fingerprint};
use crate::path::ChildNumber;
use crate::secret::SecretBytes;

/// SLIP-10 over NIST P-256 (`nist256p1`).
///
/// Unlike BIP-32, SLIP-10 never gives up on an invalid key, it retries:
/// * Master key: `I = HMAC-SHA512("Nist256p1 seed", S)`; while `I_L` is zero or not below the
///   group order, set `S := I` (all 64 bytes) and compute `I` again.
/// * Child key: `I = HMAC-SHA512(c, data ‖ ser32(i))`; while `I_L ≥ n` or `I_L + k ≡ 0`,
///   compute `I = HMAC-SHA512(c, 0x01 ‖ I_R ‖ ser32(i))` and try again. Public derivation
///   applies the same rule, so both give the same key.
///
/// Each retry happens with probability about 2⁻³², so a loop of 64 rounds can only end by
/// exhaustion with probability 2⁻²⁰⁴⁸; if it ever did, [`Error::InvalidChild`] (or
/// [`Error::InvalidSecretKey`] for a master key) is returned rather than looping forever.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NistP256;

static MASTER_KEY: HmacSha512 = HmacSha512::new_const(b"Nist256p1 seed");
const MAX_ROUNDS: usize = 64;

impl Sealed for NistP256 {}

fn scalar(bytes: &[u8; 32]) -> Option<p256::Scalar> {
    Option::from(p256::Scalar::from_repr((*bytes).into()))
}

/// `I_L` as a scalar if it is a valid key on its own: non-zero and below `n`.
fn nonzero_scalar(bytes: &[u8; 32]) -> Option<p256::Scalar> {
    scalar(bytes).filter(|s| !bool::from(s.is_zero()))
}

impl Scheme for NistP256 {
    const NAME: &'static str = "nist256p1";
    const SUPPORTS_NORMAL_DERIVATION: bool = true;
    type PrivateKey = [u8; 32];
    type PublicKey = [u8; 33];

    fn master_key(seed: &[u8]) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        let mut i = MASTER_KEY.mac(&[seed]);
        for _ in 0..MAX_ROUNDS {
            let (il, chain_code) = split_i(&i);
            if nonzero_scalar(il.expose()).is_some() {
                return Ok((il, chain_code));
            }
            i = MASTER_KEY.mac(&[i.expose()]);
        }
        Err(Error::InvalidSecretKey)
    }

    fn public_key(secret: &SecretBytes<[u8; 32]>) -> [u8; 33] {
        public_key(secret.expose()).unwrap_or([0; 33])
    }

    fn check_private_key(secret: &[u8; 32]) -> Result<()> {
        nonzero_scalar(secret)
            .map(|_| ())
            .ok_or(Error::InvalidSecretKey)
    }

    fn derive_private(
        secret: &SecretBytes<[u8; 32]>,
        parent_public: Option<&[u8; 33]>,
        key: &HmacSha512,
        child: ChildNumber,
    ) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        let k = scalar(secret.expose()).ok_or(Error::InvalidSecretKey)?;
        let index = child.to_be_bytes();
        let mut i = match parent_public {
            Some(public) if child.is_normal() => key.mac(&[public, &index]),
            _ => key.mac(&[&[0], secret.expose(), &index]),
        };
        for _ in 0..MAX_ROUNDS {
            let (il, chain_code) = split_i(&i);
            if let Some(t) = scalar(il.expose()) {
                let sum = t + k;
                if !bool::from(sum.is_zero()) {
                    let mut out = SecretBytes::new([0u8; 32]);
                    out.expose_mut().copy_from_slice(&sum.to_repr());
                    return Ok((out, chain_code));
                }
            }
            i = key.mac(&[&[1], chain_code.as_bytes(), &index]);
        }
        Err(Error::InvalidChild { child })
    }

    fn derive_public(
        public: &[u8; 33],
        key: &HmacSha512,
        child: ChildNumber,
    ) -> Result<([u8; 33], ChainCode)> {
        if child.is_hardened() {
            return Err(Error::HardenedFromPublic {
                index: child.index(),
            });
        }
        let parent =
            p256::PublicKey::from_sec1_bytes(public).map_err(|_| Error::InvalidPublicKey)?;
        let parent = parent.to_projective();
        let index = child.to_be_bytes();
        let mut i = key.mac(&[public, &index]);
        for _ in 0..MAX_ROUNDS {
            let (il, chain_code) = split_i(&i);
            if let Some(t) = scalar(il.expose()) {
                let sum = p256::ProjectivePoint::mul_by_generator(&t) + parent;
                if let Ok(pk) = p256::PublicKey::from_affine(sum.to_affine()) {
                    return Ok((compressed(&pk)?, chain_code));
                }
            }
            i = key.mac(&[&[1], chain_code.as_bytes(), &index]);
        }
        Err(Error::InvalidChild { child })
    }

    fn parse_public_key(bytes: &[u8]) -> Result<[u8; 33]> {
        if bytes.len() != 33 {
            return Err(Error::InvalidPublicKey);
        }
        let pk = p256::PublicKey::from_sec1_bytes(bytes).map_err(|_| Error::InvalidPublicKey)?;
        compressed(&pk)
    }

    fn fingerprint(public: &[u8; 33]) -> Fingerprint {
        Fingerprint::new(fingerprint_of(public))
    }
}

fn compressed(pk: &p256::PublicKey) -> Result<[u8; 33]> {
    pk.to_sec1_point(true)
        .as_bytes()
        .try_into()
        .map_err(|_| Error::InvalidPublicKey)
}

/// `[sk]G` compressed, by aws-lc. `None` for an invalid key.
fn public_key(sk: &[u8; 32]) -> Option<[u8; 33]> {
    let private = agreement::PrivateKey::from_private_key(&agreement::ECDH_P256, sk).ok()?;
    let public = private.compute_public_key().ok()?;
    // Uncompressed SEC1: 0x04 ‖ x ‖ y. The public key is public: branching on y's parity is fine.
    let bytes = public.as_ref();
    let (x, y) = (bytes.get(1..33)?, bytes.get(33..65)?);
    let mut out = [0u8; 33];
    out[0] = 0x02 | (y.last()? & 1);
    out[1..].copy_from_slice(x);
    Some(out)
}
