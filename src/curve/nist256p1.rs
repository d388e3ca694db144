//! SLIP-10 over NIST P-256 (secp256r1, nist256p1).
//!
//! Base-point multiplication goes through aws-lc-rs (constant-time, about 4× faster than the
//! pure-Rust `p256` crate here), and through `p256` on wasm32, where aws-lc does not build;
//! scalar arithmetic and public-key parsing through `p256`.

#[cfg(not(target_arch = "wasm32"))]
use aws_lc_rs::agreement;
use p256::elliptic_curve::ff::{Field, PrimeField};
use p256::elliptic_curve::group::Group;
use p256::elliptic_curve::sec1::ToSec1Point;

use zeroize::Zeroize;

use crate::chain_code::ChainCode;
use crate::curve::{
    invalid_child, split_i, Bip32Text, Math, NormalDerivation, Scheme, SchemeKeys, Sealed, Step,
    Token,
};
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::hash::{fingerprint_of, HmacSha512};
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
///
/// # Text and the curve
///
/// SLIP-10 defines no text form. Other tools (trezor-crypto, wallet-core) write P-256 keys in
/// BIP-32's layout with the *same* version bytes as secp256k1 (`xprv…`, `xpub…`), so the text
/// alone cannot tell the curves apart: `"xprv…".parse::<ExtendedPrivateKey<NistP256>>()` reads
/// any such text as a P-256 key, and the type (or the CLI's `--curve nist256p1`) is the
/// caller's explicit word for which curve is meant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NistP256;

static MASTER_KEY: HmacSha512 = HmacSha512::new_const(b"Nist256p1 seed");
const MAX_ROUNDS: usize = 64;

impl Sealed for NistP256 {}

/// The scalar of 32 big-endian bytes, if below `n`. Our copy of the bytes is wiped; the one
/// `from_repr` takes by value is beyond our reach.
fn scalar(bytes: &[u8; 32]) -> Option<p256::Scalar> {
    let mut repr = p256::FieldBytes::default();
    repr.copy_from_slice(bytes);
    let s = Option::from(p256::Scalar::from_repr(repr));
    repr.as_mut_slice().zeroize();
    s
}

/// `I_L` as a scalar if it is a valid key on its own: non-zero and below `n`.
fn nonzero_scalar(bytes: &[u8; 32]) -> Option<p256::Scalar> {
    scalar(bytes).filter(|s| !bool::from(s.is_zero()))
}

impl SchemeKeys for NistP256 {
    type PrivateKey = [u8; 32];
    type PublicKey = [u8; 33];
}

impl Scheme for NistP256 {
    const NAME: &'static str = crate::curve::CurveName::Nist256p1.name();
    const HARDENED_ONLY: bool = false;
}

impl NormalDerivation for NistP256 {}

impl Bip32Text for NistP256 {}

impl Math for NistP256 {
    fn master_key(seed: &[u8], _: Token) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
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

    fn public_key(secret: &SecretBytes<[u8; 32]>, _: Token) -> [u8; 33] {
        // aws-lc's constant-time base-point multiplication; should it fail for a valid key
        // (it allocates), p256's own, slower but infallible for a valid scalar.
        #[cfg(not(target_arch = "wasm32"))]
        return public_key(secret.expose()).unwrap_or_else(|| public_key_p256(secret.expose()));
        // p256's (constant time) on wasm32.
        #[cfg(target_arch = "wasm32")]
        public_key_p256(secret.expose())
    }

    fn check_private_key(secret: &[u8; 32], _depth: u8, _: Token) -> Result<()> {
        nonzero_scalar(secret)
            .map(|_| ())
            .ok_or(Error::InvalidSecretKey)
    }

    fn derive_private(
        secret: &SecretBytes<[u8; 32]>,
        step: &Step<[u8; 33]>,
        key: &HmacSha512,
        _: Token,
    ) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        let child = step.child();
        let mut k = valid_scalar(secret.expose());
        let index = child.to_be_bytes();
        let mut i = match step.parent_public() {
            Some(public) => key.mac(&[public, &index]),
            None => key.mac(&[&[0], secret.expose(), &index]),
        };
        for _ in 0..MAX_ROUNDS {
            let (il, chain_code) = split_i(&i);
            if let Some(mut t) = scalar(il.expose()) {
                let mut sum = t + k;
                t.zeroize();
                if !bool::from(sum.is_zero()) {
                    let mut out = SecretBytes::new([0u8; 32]);
                    let mut repr = sum.to_repr();
                    out.expose_mut().copy_from_slice(&repr);
                    repr.as_mut_slice().zeroize();
                    sum.zeroize();
                    k.zeroize();
                    return Ok((out, chain_code));
                }
                sum.zeroize();
            }
            i = key.mac(&[&[1], chain_code.as_bytes(), &index]);
        }
        k.zeroize();
        Err(invalid_child(child))
    }

    fn derive_public(
        public: &[u8; 33],
        key: &HmacSha512,
        child: ChildNumber,
        _: Token,
    ) -> Result<([u8; 33], ChainCode)> {
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
                    return Ok((compressed(&pk), chain_code));
                }
            }
            i = key.mac(&[&[1], chain_code.as_bytes(), &index]);
        }
        Err(invalid_child(child))
    }

    fn parse_public_key(bytes: &[u8], _: Token) -> Result<[u8; 33]> {
        if bytes.len() != 33 {
            return Err(Error::InvalidPublicKey);
        }
        let pk = p256::PublicKey::from_sec1_bytes(bytes).map_err(|_| Error::InvalidPublicKey)?;
        Ok(compressed(&pk))
    }

    fn fingerprint(public: &[u8; 33], _: Token) -> Fingerprint {
        Fingerprint::new(fingerprint_of(public))
    }
}

/// Whether `bytes` is a SEC1 compressed point of P-256 (`0x02`/`0x03` and an `x` on the curve).
///
/// # Security
/// Variable-time: for public keys only.
#[cfg(feature = "address")]
pub(crate) fn is_compressed_point(bytes: &[u8; 33]) -> bool {
    p256::PublicKey::from_sec1_bytes(bytes).is_ok()
}

/// The 33-byte SEC1 compressed encoding of a point (never the identity: a `PublicKey`).
#[allow(
    clippy::expect_used,
    reason = "SEC1 compresses a P-256 point to 33 bytes"
)]
fn compressed(pk: &p256::PublicKey) -> [u8; 33] {
    pk.to_sec1_point(true)
        .as_bytes()
        .try_into()
        .expect("a compressed P-256 point is 33 bytes")
}

/// `[sk]G` compressed, by aws-lc. `None` for an invalid key.
#[cfg(not(target_arch = "wasm32"))]
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

/// `[sk]G` compressed, by p256 (constant time): the fallback should aws-lc fail, and the
/// multiplication on wasm32.
#[allow(
    clippy::expect_used,
    reason = "the point of a non-zero scalar below n is never the identity"
)]
fn public_key_p256(sk: &[u8; 32]) -> [u8; 33] {
    let mut k = valid_scalar(sk);
    let point = p256::ProjectivePoint::mul_by_generator(&k);
    k.zeroize();
    let public = p256::PublicKey::from_affine(point.to_affine())
        .expect("the public key of a valid P-256 private key is not the identity");
    compressed(&public)
}

/// The scalar of a private key this crate holds (checked when it was made: non-zero and
/// below `n`).
#[allow(
    clippy::expect_used,
    reason = "every P-256 key held was checked against n"
)]
fn valid_scalar(bytes: &[u8; 32]) -> p256::Scalar {
    scalar(bytes).expect("a valid P-256 private key is below n")
}
