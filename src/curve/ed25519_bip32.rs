//! BIP32-Ed25519 (Khovratovich–Law), the "V2" derivation Cardano uses.
//!
//! Vocabulary: `kL ‖ kR` is the 64-byte extended private key, `kL` a 256-bit little-endian
//! scalar (used as is: never hashed, never clamped again), `kR` the nonce half; `A = [kL]B`
//! the 32-byte public key (RFC 8032 encoding); `c` the chain code; `le32(i)` the child number
//! as 4 little-endian bytes (BIP-32 uses big-endian).

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::traits::{Identity, IsIdentity};
use curve25519_dalek::Scalar;
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use crate::chain_code::ChainCode;
use crate::curve::{
    fingerprint_00_prefixed, invalid_child, Math, NormalDerivation, Scheme, SchemeKeys, Sealed,
    Step, Token,
};
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::hash::{hmac_sha256, HmacSha512};
use crate::path::ChildNumber;
use crate::secret::SecretBytes;

/// BIP32-Ed25519 (Khovratovich–Law, §V), "V2" derivation: ed25519 with hardened *and* soft
/// (normal) children, and public derivation of soft children. Cardano's HD scheme.
///
/// Distinct from SLIP-10's [`Ed25519`](crate::Ed25519): the private key is the 64-byte
/// extended key `kL ‖ kR`, and `kL` itself is the scalar.
///
/// * Master key ([`ExtendedPrivateKey::from_seed`](crate::ExtendedPrivateKey::from_seed)):
///   the Ledger/BitBox02 method of CIP-3. The other Cardano methods
///   (Icarus, Icarus-Trezor, the paper's own) are constructors on
///   `ExtendedPrivateKey<Ed25519Bip32>`.
/// * Child key, hardened `i` (≥ 2³¹): `Z = HMAC-SHA512(c, 0x00 ‖ kL ‖ kR ‖ le32(i))`, child
///   chain code = right half of `HMAC-SHA512(c, 0x01 ‖ kL ‖ kR ‖ le32(i))`. Soft `i`: the same
///   with `0x02 ‖ A ‖ le32(i)` and `0x03 ‖ A ‖ le32(i)`. Both HMACs share one keyed state.
///   Then `kL_i = 8·trunc₂₈(Z_L) + kL` as 256-bit integers and `kR_i = Z_R + kR mod 2²⁵⁶`,
///   in constant time. If `kL_i ≡ 0 (mod ℓ)` (`A_i` would be the identity) the child is
///   [`Error::InvalidChild`], as the paper discards it.
/// * Public child (soft `i` only): `A_i = A + [8·trunc₂₈(Z_L)]B`; the identity is
///   [`Error::InvalidChild`], a hardened index [`Error::HardenedFromPublic`].
/// * Public key: `A = [kL mod ℓ]B`, with no hashing and no clamping. Fingerprint: the first 4
///   bytes of HASH160(`0x00 ‖ A`), the convention of `bip_utils` (no Cardano spec defines one).
///
/// # Valid private keys
///
/// Every root method clears the 3 lowest bits of `kL`, clears bit 255 and sets bit 254, and
/// leaves bit 253 clear (`kL[0] & 7 == 0`, `kL[31] & 0xE0 == 0x40`). A child adds
/// `8·trunc₂₈(Z_L) < 2²²⁷`, so through 255 levels `kL` grows by less than 2²³⁵: it stays a
/// multiple of 8 in `[2²⁵⁴, 2²⁵⁵)` (no 256-bit overflow), while bit 253 may flip. So an
/// imported key ([`ExtendedPrivateKey::from_parts`](crate::ExtendedPrivateKey::from_parts))
/// must satisfy `kL[0] & 7 == 0` and `kL[31] & 0xC0 == 0x40`, and must leave room for the
/// levels it can still be derived through: `kL ≤ 2²⁵⁵ − 1 − (255 − depth)·8·(2²²⁴ − 1)`
/// (depth 0 for CIP-5 text and raw bytes, which carry none), so that none of its descendants
/// can reach bit 255 and each of them imports again at its own depth. Otherwise it is
/// [`Error::InvalidSecretKey`]. (Keys from any root method are 2²⁵³ below that bound.) A root ([`from_root_bytes`](crate::ExtendedPrivateKey::from_root_bytes))
/// must also have bit 253 clear, or it is [`Error::InvalidRootKey`]. `kR` is unconstrained.
///
/// # Examples
///
/// ```
/// use fastbip32::{ChildNumber, Ed25519Bip32, ExtendedPrivateKey};
///
/// let root = ExtendedPrivateKey::<Ed25519Bip32>::from_seed(&[7u8; 64])?; // Ledger method
/// let account = root.derive_path("m/1852'/1815'/0'")?;
/// let address = account.derive_path("0/0")?;
///
/// // A watch-only wallet derives the same soft child from the account's public key.
/// let external = ChildNumber::normal(0)?;
/// let watched = account.to_xpub().derive_child_vartime(external)?.derive_child_vartime(external)?;
/// assert_eq!(watched.public_key(), address.public_key());
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ed25519Bip32;

/// The Ledger/BitBox02 master-key HMAC key (CIP-3), the same bytes as SLIP-10's.
const LEDGER_KEY: &[u8] = b"ed25519 seed";
static MASTER_KEY: HmacSha512 = HmacSha512::new_const(LEDGER_KEY);

impl Sealed for Ed25519Bip32 {}

/// Clamps a root candidate `kL` in place: clears the 3 lowest bits, applies `top_mask` to the
/// last byte (`0x1F` for Icarus, `0x7F` for Ledger and the paper) and sets bit 254.
pub(crate) fn clamp_root(kl: &mut [u8; 32], top_mask: u8) {
    kl[0] &= 0xF8;
    kl[31] &= top_mask;
    kl[31] |= 0x40;
}

/// The root-key rule: `kL[0] & 7 == 0` and `kL[31] & 0xE0 == 0x40`.
pub(crate) fn check_root_key(secret: &[u8; 64]) -> Result<()> {
    if (secret[0] & 0x07) | ((secret[31] & 0xE0) ^ 0x40) == 0 {
        Ok(())
    } else {
        Err(Error::InvalidRootKey)
    }
}

/// The Ledger/BitBox02 master key (CIP-3): `I = HMAC-SHA512("ed25519 seed", S)`, re-hashed as
/// `I = HMAC-SHA512("ed25519 seed", I)` while bit 5 of `I[31]` is set, clamped with `0x7F`;
/// the chain code is `HMAC-SHA256("ed25519 seed", 0x01 ‖ S)` over the original seed.
///
/// The loop branches on the root candidate, as the specification requires: it reveals how
/// many extra rounds ran (1 on average), nothing else. It ends with probability 1.
pub(crate) fn ledger_master_key(seed: &[u8]) -> (SecretBytes<[u8; 64]>, ChainCode) {
    let mut i = MASTER_KEY.mac(&[seed]);
    while i.expose()[31] & 0x20 != 0 {
        i = MASTER_KEY.mac(&[i.expose()]);
    }
    if let Some((kl, _)) = i.expose_mut().split_first_chunk_mut::<32>() {
        clamp_root(kl, 0x7F);
    }
    let chain_code = ChainCode::new(hmac_sha256(LEDGER_KEY, &[&[0x01], seed]));
    (i, chain_code)
}

/// `a + b + carry` on 64-bit limbs: the sum and the carry out (0 or 1), without branches.
#[inline]
fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(carry);
    (s, u64::from(c1) | u64::from(c2))
}

/// Four little-endian 64-bit limbs from 32 bytes (zero-padded if `bytes` is shorter).
#[inline]
fn load(bytes: &[u8]) -> [u64; 4] {
    let mut limbs = [0u64; 4];
    for (limb, chunk) in limbs.iter_mut().zip(bytes.chunks(8)) {
        let mut word = [0u8; 8];
        if let Some(dst) = word.get_mut(..chunk.len()) {
            dst.copy_from_slice(chunk);
        }
        *limb = u64::from_le_bytes(word);
        word.zeroize();
    }
    limbs
}

#[inline]
fn store(limbs: &[u64; 4], out: &mut [u8; 32]) {
    for (chunk, limb) in out.chunks_exact_mut(8).zip(limbs) {
        chunk.copy_from_slice(&limb.to_le_bytes());
    }
}

/// `8·trunc₂₈(zl)` as a 256-bit integer (below 2²²⁷): the first 28 bytes of `zl`,
/// little-endian, shifted left by 3.
#[inline]
fn mul8_trunc28(zl: &[u8]) -> [u64; 4] {
    let mut z = load(zl.split_at(28).0);
    let shifted = [
        z[0] << 3,
        (z[1] << 3) | (z[0] >> 61),
        (z[2] << 3) | (z[1] >> 61),
        (z[3] << 3) | (z[2] >> 61),
    ];
    z.zeroize();
    shifted
}

/// 256-bit addition modulo 2²⁵⁶, in constant time.
#[inline]
fn add256(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut carry = 0;
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        (*o, carry) = adc(*x, *y, carry);
    }
    out
}

/// `kL_child = 8·trunc₂₈(zl) + kl` (256-bit little-endian integers, modulo 2²⁵⁶: for every
/// valid key the sum is below 2²⁵⁶, see [`Ed25519Bip32`]).
pub(crate) fn child_kl(kl: &[u8], zl: &[u8], out: &mut [u8; 32]) {
    let mut a = load(kl);
    let mut b = mul8_trunc28(zl);
    let mut sum = add256(&a, &b);
    store(&sum, out);
    a.zeroize();
    b.zeroize();
    sum.zeroize();
}

/// `kR_child = zr + kr mod 2²⁵⁶` (little-endian).
pub(crate) fn child_kr(kr: &[u8], zr: &[u8], out: &mut [u8; 32]) {
    let mut a = load(kr);
    let mut b = load(zr);
    let mut sum = add256(&a, &b);
    store(&sum, out);
    a.zeroize();
    b.zeroize();
    sum.zeroize();
}

/// The scalar `kL mod ℓ` of an extended private key.
fn scalar_of(secret: &SecretBytes<[u8; 64]>) -> Scalar {
    let mut kl = Zeroizing::new([0u8; 32]);
    kl.copy_from_slice(&secret.expose()[..32]);
    Scalar::from_bytes_mod_order(*kl)
}

/// The child private key for HMAC output `z`, or `None` if `kL_child ≡ 0 (mod ℓ)`.
fn private_child_from_z(
    secret: &SecretBytes<[u8; 64]>,
    z: &SecretBytes<[u8; 64]>,
) -> Option<SecretBytes<[u8; 64]>> {
    let (kl, kr) = secret.expose().split_at(32);
    let (zl, zr) = z.expose().split_at(32);
    let mut child = SecretBytes::<[u8; 64]>::zero();
    {
        let mut half = Zeroizing::new([0u8; 32]);
        child_kl(kl, zl, &mut half);
        child.expose_mut()[..32].copy_from_slice(&*half);
        child_kr(kr, zr, &mut half);
        child.expose_mut()[32..].copy_from_slice(&*half);
    }
    let mut scalar = scalar_of(&child);
    let is_zero = bool::from(scalar.ct_eq(&Scalar::ZERO));
    scalar.zeroize();
    // A branch on the child's validity only (probability below 2⁻²²⁰ for a valid parent).
    (!is_zero).then_some(child)
}

/// The public child `A + [8·trunc₂₈(zl)]B`, or `None` if it is the identity.
fn public_child_from_z(parent: &EdwardsPoint, zl: &[u8]) -> Option<[u8; 32]> {
    let mut bytes = [0u8; 32];
    store(&mul8_trunc28(zl), &mut bytes);
    // 8·trunc₂₈(Z_L) < 2²²⁷ < ℓ: the reduction is the identity map.
    let point = parent + EdwardsPoint::mul_base(&Scalar::from_bytes_mod_order(bytes));
    (!point.is_identity()).then(|| point.compress().to_bytes())
}

/// The fixed-base table a public batch of `len` children uses, if any (see
/// `ed25519_bip32_batch::table_for`); without an allocator, none.
#[cfg(feature = "alloc")]
type BaseTable =
    &'static super::ed25519_bip32_batch::Table<{ super::ed25519_bip32_batch::WINDOW_BITS }>;
#[cfg(not(feature = "alloc"))]
type BaseTable = core::convert::Infallible;

#[cfg(feature = "alloc")]
fn base_table(len: usize) -> Option<BaseTable> {
    super::ed25519_bip32_batch::table_for(len)
}

#[cfg(not(feature = "alloc"))]
fn base_table(_: usize) -> Option<BaseTable> {
    None
}

/// `A + [8·trunc₂₈(zl)]B` for a public batch: over the fixed-base table in variable time
/// when there is one (see `ed25519_bip32_batch`; its inputs are public in BIP32-Ed25519's
/// model), else dalek's `mul_base`.
fn public_child_point(table: Option<&BaseTable>, parent: &EdwardsPoint, zl: &[u8]) -> EdwardsPoint {
    #[cfg(feature = "alloc")]
    if let Some(table) = table {
        return table.add_multiple(parent, &mul8_trunc28(zl));
    }
    #[cfg(not(feature = "alloc"))]
    let _ = table;
    let mut bytes = [0u8; 32];
    store(&mul8_trunc28(zl), &mut bytes);
    // 8·trunc₂₈(Z_L) < 2²²⁷ < ℓ: the reduction is the identity map.
    parent + EdwardsPoint::mul_base(&Scalar::from_bytes_mod_order(bytes))
}

/// The right half of an HMAC output, as a chain code.
fn chain_code_of(i: &SecretBytes<[u8; 64]>) -> ChainCode {
    ChainCode::from_slice(&i.expose()[32..])
}

/// Whether `kL` (little-endian) is at most `2²⁵⁵ − 1 − (255 − depth)·8·(2²²⁴ − 1)`, computed
/// without branching on `kL`. `depth` is public.
fn leaves_room(kl: &[u8], depth: u8) -> bool {
    // p = m·(2²²⁷ − 8) for m = 255 − depth; the bound is (2²⁵⁵ − 1) − p, which, as p < 2²⁵⁵,
    // is p's complement in the low 255 bits.
    let m = u128::from(u8::MAX - depth);
    let unit: [u64; 4] = [0xFFFF_FFFF_FFFF_FFF8, u64::MAX, u64::MAX, (1 << 35) - 1];
    let mut p = [0u64; 4];
    let mut carry = 0u128;
    for (limb, u) in p.iter_mut().zip(unit) {
        let wide = u128::from(u) * m + carry;
        *limb = wide
            .to_le_bytes()
            .first_chunk()
            .map_or(0, |b| u64::from_le_bytes(*b));
        carry = wide >> 64;
    }
    let bound = [!p[0], !p[1], !p[2], p[3] ^ (u64::MAX >> 1)];
    let mut k = load(kl);
    // bound − kL borrows exactly when kL > bound.
    let mut borrow = 0u64;
    for (b, x) in bound.iter().zip(&k) {
        let (d, b1) = b.overflowing_sub(*x);
        let (_, b2) = d.overflowing_sub(borrow);
        borrow = u64::from(b1) | u64::from(b2);
    }
    k.zeroize();
    borrow == 0
}

impl SchemeKeys for Ed25519Bip32 {
    type PrivateKey = [u8; 64];
    type PublicKey = [u8; 32];
}

impl Scheme for Ed25519Bip32 {
    const NAME: &'static str = crate::curve::CurveName::Ed25519Bip32.name();
    const HARDENED_ONLY: bool = false;
}

impl NormalDerivation for Ed25519Bip32 {}

impl Math for Ed25519Bip32 {
    fn master_key(seed: &[u8], _: Token) -> Result<(SecretBytes<[u8; 64]>, ChainCode)> {
        Ok(ledger_master_key(seed))
    }

    fn public_key(secret: &SecretBytes<[u8; 64]>, _: Token) -> [u8; 32] {
        let mut scalar = scalar_of(secret);
        let public = EdwardsPoint::mul_base(&scalar).compress().to_bytes();
        scalar.zeroize();
        public
    }

    /// See "Valid private keys" on [`Ed25519Bip32`]: `kL[0] & 7 == 0`, `kL[31] & 0xC0 == 0x40`,
    /// and room for the levels below `depth`.
    fn check_private_key(secret: &[u8; 64], depth: u8, _: Token) -> Result<()> {
        let bits_ok = (secret[0] & 0x07) | ((secret[31] & 0xC0) ^ 0x40) == 0;
        if bits_ok & leaves_room(&secret[..32], depth) {
            Ok(())
        } else {
            Err(Error::InvalidSecretKey)
        }
    }

    fn derive_private(
        secret: &SecretBytes<[u8; 64]>,
        step: &Step<[u8; 32]>,
        key: &HmacSha512,
        _: Token,
    ) -> Result<(SecretBytes<[u8; 64]>, ChainCode)> {
        let child = step.child();
        let index = child.to_le_bytes();
        // Z and the chain code's HMAC are independent: two SIMD lanes where the CPU has them.
        let [z, c] = match step.parent_public() {
            None => {
                let k = secret.expose();
                key.mac_many([&[&[0x00], k, &index], &[&[0x01], k, &index]])
            }
            Some(public) => key.mac_many([&[&[0x02], public, &index], &[&[0x03], public, &index]]),
        };
        let child_key = private_child_from_z(secret, &z).ok_or_else(|| invalid_child(child))?;
        Ok((child_key, chain_code_of(&c)))
    }

    fn derive_public(
        public: &[u8; 32],
        key: &HmacSha512,
        child: ChildNumber,
        _: Token,
    ) -> Result<([u8; 32], ChainCode)> {
        let parent = CompressedEdwardsY(*public)
            .decompress()
            .ok_or(Error::InvalidPublicKey)?;
        let index = child.to_le_bytes();
        let [z, c] = key.mac_many([&[&[0x02], public, &index], &[&[0x03], public, &index]]);
        let child_public =
            public_child_from_z(&parent, &z.expose()[..32]).ok_or_else(|| invalid_child(child))?;
        Ok((child_public, chain_code_of(&c)))
    }

    /// Decompresses the parent once, computes the children's `Z` HMACs eight at a time
    /// (SIMD lanes where the CPU has them), adds `[8·Z_L]B` from a fixed-base table in
    /// variable time (with `alloc`: `ed25519_bip32_batch`, on public inputs only, once a
    /// batch long enough has built it; else dalek's `mul_base`), and compresses the children `BATCH` at a time with one shared
    /// field inversion (Montgomery's trick, `EdwardsPoint::compress_batch`).
    fn derive_public_batch(
        public: &[u8; 32],
        key: &HmacSha512,
        first: ChildNumber,
        out: &mut [[u8; 32]],
        _: Token,
    ) -> Result<()> {
        const BATCH: usize = 32;
        const LANES: usize = 8;
        let parent = CompressedEdwardsY(*public)
            .decompress()
            .ok_or(Error::InvalidPublicKey)?;
        let table = base_table(out.len());
        let mut raw = first.to_raw();
        for chunk in out.chunks_mut(BATCH) {
            let mut points = [EdwardsPoint::identity(); BATCH];
            let used = points.get_mut(..chunk.len()).unwrap_or_default();
            for group in used.chunks_mut(LANES) {
                let indices: [[u8; 4]; LANES] = core::array::from_fn(|i| {
                    ChildNumber::from_raw(raw.wrapping_add(u32::try_from(i).unwrap_or(0)))
                        .to_le_bytes()
                });
                let msgs = indices
                    .each_ref()
                    .map(|index| [&[0x02u8][..], &public[..], &index[..]]);
                let zs = key.mac_many(msgs.each_ref().map(|parts| &parts[..]));
                for (point, z) in group.iter_mut().zip(&zs) {
                    let child = ChildNumber::from_raw(raw);
                    *point = public_child_point(table.as_ref(), &parent, &z.expose()[..32]);
                    if point.is_identity() {
                        return Err(invalid_child(child));
                    }
                    raw = raw.wrapping_add(1);
                }
            }
            let compressed = EdwardsPoint::compress_batch(&points);
            for (slot, c) in chunk.iter_mut().zip(compressed.iter()) {
                *slot = c.to_bytes();
            }
        }
        Ok(())
    }

    /// 32 bytes that decompress to a curve point (RFC 8032 encoding, no `0x00` prefix).
    fn parse_public_key(bytes: &[u8], _: Token) -> Result<[u8; 32]> {
        let arr: [u8; 32] = bytes.try_into().map_err(|_| Error::InvalidPublicKey)?;
        CompressedEdwardsY(arr)
            .decompress()
            .map(|_| arr)
            .ok_or(Error::InvalidPublicKey)
    }

    fn fingerprint(public: &[u8; 32], _: Token) -> Fingerprint {
        fingerprint_00_prefixed(public)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use proptest::prelude::*;

    fn big(bytes: &[u8]) -> BigUint {
        BigUint::from_bytes_le(bytes)
    }

    fn to32(n: &BigUint) -> [u8; 32] {
        let mut out = [0u8; 32];
        let bytes = n.to_bytes_le();
        out[..bytes.len()].copy_from_slice(&bytes);
        out
    }

    fn two256() -> BigUint {
        BigUint::from(1u8) << 256
    }

    fn ell() -> BigUint {
        // ℓ = 2²⁵² + 27742317777372353535851937790883648493
        (BigUint::from(1u8) << 252)
            + "27742317777372353535851937790883648493"
                .parse::<BigUint>()
                .unwrap()
    }

    fn oracle_kl(kl: &[u8; 32], z: &[u8; 32]) -> [u8; 32] {
        to32(&((big(&z[..28]) * 8u8 + big(kl)) % two256()))
    }

    fn oracle_kr(kr: &[u8; 32], z: &[u8; 32]) -> [u8; 32] {
        to32(&((big(z) + big(kr)) % two256()))
    }

    proptest! {
        #[test]
        fn kl_add_matches_bigint(kl in any::<[u8; 32]>(), z in any::<[u8; 32]>()) {
            let mut out = [0u8; 32];
            child_kl(&kl, &z, &mut out);
            prop_assert_eq!(out, oracle_kl(&kl, &z));
        }

        #[test]
        fn kr_add_matches_bigint(kr in any::<[u8; 32]>(), z in any::<[u8; 32]>()) {
            let mut out = [0u8; 32];
            child_kr(&kr, &z, &mut out);
            prop_assert_eq!(out, oracle_kr(&kr, &z));
        }

        #[test]
        fn kl_add_carries_through_every_limb(low in any::<u8>(), z in any::<[u8; 32]>()) {
            // kL = 2²⁵⁶ − 8 + …: every addition carries through all four limbs (and wraps).
            let mut kl = [0xFFu8; 32];
            kl[0] = low | 0xF8;
            let mut out = [0u8; 32];
            child_kl(&kl, &z, &mut out);
            prop_assert_eq!(out, oracle_kl(&kl, &z));
            let mut out = [0u8; 32];
            child_kr(&kl, &z, &mut out);
            prop_assert_eq!(out, oracle_kr(&kl, &z));
        }
    }

    #[test]
    fn carry_edge_cases() {
        let max = [0xFFu8; 32];
        let mut zl = [0u8; 32];
        zl[..28].fill(0xFF);
        zl[28..].fill(0xAB); // ignored by trunc28
        for kl in [[0u8; 32], max, {
            let mut k = [0u8; 32];
            k[..28].fill(0xFF);
            k
        }] {
            let mut out = [0u8; 32];
            child_kl(&kl, &zl, &mut out);
            assert_eq!(out, oracle_kl(&kl, &zl));
            child_kr(&kl, &max, &mut out);
            assert_eq!(out, oracle_kr(&kl, &max));
        }
    }

    #[test]
    fn child_zero_mod_order_is_rejected() {
        // Parent kL = 8ℓ − 8 and Z_L = 1: the child's kL is 8ℓ ≡ 0 (mod ℓ).
        let kl = to32(&(ell() * 8u8 - 8u8));
        let mut secret = [0u8; 64];
        secret[..32].copy_from_slice(&kl);
        let mut z = [0u8; 64];
        z[0] = 1;
        let secret = SecretBytes::new(secret);
        assert!(private_child_from_z(&secret, &SecretBytes::new(z)).is_none());
        z[0] = 2;
        assert!(private_child_from_z(&secret, &SecretBytes::new(z)).is_some());
    }

    #[test]
    fn public_identity_child_is_rejected() {
        // A = −[8]B and Z_L = 1: the child is the identity.
        let parent = -EdwardsPoint::mul_base(&Scalar::from(8u8));
        let mut zl = [0u8; 32];
        zl[0] = 1;
        assert!(public_child_from_z(&parent, &zl).is_none());
        zl[0] = 2;
        assert!(public_child_from_z(&parent, &zl).is_some());
    }

    #[test]
    fn private_key_rules() {
        let mut k = [0u8; 64];
        k[31] = 0x40;
        assert!(Ed25519Bip32::check_private_key(&k, 0, Token(())).is_ok());
        assert!(check_root_key(&k).is_ok());
        k[31] = 0x60; // bit 253: allowed for a derived key, not for a root
        assert!(Ed25519Bip32::check_private_key(&k, 0, Token(())).is_ok());
        assert_eq!(check_root_key(&k), Err(Error::InvalidRootKey));
        for (byte, value) in [(31, 0xC0), (31, 0x00), (31, 0x80), (0, 0x01), (0, 0x04)] {
            let mut k = [0u8; 64];
            k[31] = 0x40;
            k[byte] = value;
            assert_eq!(
                Ed25519Bip32::check_private_key(&k, 0, Token(())),
                Err(Error::InvalidSecretKey),
                "{byte} {value:#x}"
            );
            assert_eq!(check_root_key(&k), Err(Error::InvalidRootKey));
        }
    }

    #[test]
    fn import_bound_leaves_room_for_every_level_below() {
        // bound(d) = 2^255 − 1 − (255 − d)·8·(2^224 − 1), from num-bigint.
        let bound = |d: u8| {
            let room =
                BigUint::from(255u32 - u32::from(d)) * 8u8 * ((BigUint::from(1u8) << 224) - 1u8);
            (BigUint::from(1u8) << 255) - 1u8 - room
        };
        for depth in [0u8, 1, 5, 100, 254, 255] {
            let b = bound(depth);
            let at = &b - (&b % 8u8);
            let mut k = [0u8; 64];
            k[..32].copy_from_slice(&to32(&at));
            assert!(
                Ed25519Bip32::check_private_key(&k, depth, Token(())).is_ok(),
                "{depth}"
            );
            k[..32].copy_from_slice(&to32(&(&at + 8u8)));
            assert_eq!(
                Ed25519Bip32::check_private_key(&k, depth, Token(())),
                Err(Error::InvalidSecretKey),
                "{depth}"
            );
            // One level deeper has 8·(2^224 − 1) more room: the largest child of `at` fits.
            if depth < 255 {
                let child = &at + BigUint::from(8u8) * ((BigUint::from(1u8) << 224) - 1u8);
                k[..32].copy_from_slice(&to32(&child));
                assert!(Ed25519Bip32::check_private_key(&k, depth + 1, Token(())).is_ok());
            }
        }
    }
}
