//! Batched public derivation over secp256k1, **variable time**: the public keys
//! `K_i = K + I_L(i)·G` of a run of normal siblings of one parent `K`.
//!
//! # Security
//!
//! Variable-time on purpose: it branches on, and indexes tables with, the parent public key,
//! the chain code's HMAC output `I_L` and the child points. In BIP-32's model all of them are
//! public: anyone holding the parent's extended public key computes them. It is used for
//! [`ExtendedPublicKey`](crate::ExtendedPublicKey) batches, and below a private key only
//! through the opt-in `…_vartime` methods (see `SECURITY.md`).
//!
//! # How
//!
//! * `I_L·G` from a fixed-base table of `G` in affine coordinates: `I_L` is recoded into
//!   signed digits of [`WINDOW_BITS`] bits, `d_j ∈ (−2^(w−1), 2^(w−1)]`, and the table holds
//!   `k·2^(w·j)·G` for `k = 1 … 2^(w−1)` (a negative digit negates `y`). A child costs about
//!   `256 / w` point additions and no doublings. The table is computed once per process, on
//!   first use by a batch of at least [`CHUNK`] children (about 14 ms: `table-build-w11` in the
//!   width sweep; shorter batches before that take tweak-add), and kept: `256 / w + 1` rows of `2^(w−1)` points of 80
//!   bytes (2 MB for the default `w = 11`, which the width sweep of the `batch` benches chose:
//!   1000 children 30 % faster than with `w = 8`'s 330 KB table, and faster than `w = 12`).
//! * Every addition is affine, `λ = (y₂ − y₁)/(x₂ − x₁)`, for [`CHUNK`] children at once, in
//!   rounds: each round adds one point to each child's accumulator, and the round's
//!   denominators share one field inversion (Montgomery's trick). The last round adds the
//!   parent point. The compressed encoding is read straight from the affine result.
//! * The exceptional cases are exact: an accumulator at infinity (a zero digit, `I_L = 0`)
//!   takes the added point as it is; equal `x` is a doubling (`λ = 3x²/2y`) or `P + (−P)`,
//!   the point at infinity, which at the end is BIP-32's invalid child (`I_L·G = −K`), as is
//!   `I_L ≥ n`.
//! * Field arithmetic is k256's `FieldElement` (the base field of
//!   [`k256::Secp256k1`] through `elliptic_curve::hazmat::FieldArithmetic`), with lazy
//!   normalisation: the magnitude of every value is noted where it is made, and k256's debug
//!   builds check them (the tests run with debug assertions).
//!
//! Everything per child lives in fixed-size arrays on the stack: nothing is allocated per key.

use alloc::vec::Vec;

use k256::elliptic_curve::hazmat::FieldArithmetic;
use k256::elliptic_curve::point::AffineCoordinates;
use zeroize::Zeroize;

use crate::chain_code::ChainCode;
use crate::curve::invalid_child;
use crate::curve::secp256k1_point::Secp256k1Point;
use crate::error::{Error, Result};
use crate::hash::{HmacSha512, BATCH_LANES};
use crate::path::ChildNumber;
use crate::secret::SecretBytes;

/// k256's base-field element (integers mod `p = 2²⁵⁶ − 2³² − 977`).
type Fe = <k256::Secp256k1 as FieldArithmetic>::FieldElement;

/// The width of the fixed-base table's windows, in bits (3 to 16). A child costs about
/// `256 / WINDOW_BITS` point additions; the table holds `(256 / WINDOW_BITS + 1) ·
/// 2^(WINDOW_BITS − 1)` points of 80 bytes. Tune by measurement (the `batch` benches have a
/// width sweep).
pub(crate) const WINDOW_BITS: usize = 11;

/// Children per round of additions: the denominators of one round share one field
/// inversion. The per-chunk state lives on the stack (about 300 bytes per child).
pub(crate) const CHUNK: usize = 128;

/// The group order `n`, big-endian.
const ORDER: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
];

/// A point in affine coordinates, never the point at infinity. `x` and `y` have magnitude 1.
#[derive(Clone, Copy, Debug)]
struct Affine {
    x: Fe,
    y: Fe,
}

impl Affine {
    const PLACEHOLDER: Self = Self {
        x: Fe::ZERO,
        y: Fe::ZERO,
    };

    /// The point with these SEC1 coordinates (big-endian, below `p`). Not checked to lie on
    /// the curve: callers pass coordinates from libsecp256k1 or k256.
    fn from_coordinates(x: &[u8; 32], y: &[u8; 32]) -> Option<Self> {
        let x = Option::<Fe>::from(Fe::from_bytes(&(*x).into()))?;
        let y = Option::<Fe>::from(Fe::from_bytes(&(*y).into()))?;
        Some(Self { x, y })
    }

    /// The point of a compressed SEC1 public key (decompressed by libsecp256k1).
    fn from_compressed(public: &[u8; 33]) -> Result<Self> {
        let point = secp256k1::PublicKey::from_byte_array_compressed(*public)
            .map_err(|_| Error::InvalidPublicKey)?;
        let [_, xy @ ..] = point.serialize_uncompressed();
        let (x, y) = xy.split_at(32);
        let (Ok(x), Ok(y)) = (<[u8; 32]>::try_from(x), <[u8; 32]>::try_from(y)) else {
            return Err(Error::InvalidPublicKey);
        };
        Self::from_coordinates(&x, &y).ok_or(Error::InvalidPublicKey)
    }

    /// `−self` (magnitude 1).
    fn neg(self) -> Self {
        Self {
            x: self.x,
            y: self.y.negate(1).normalize_weak(),
        }
    }

    /// SEC1 compressed encoding.
    #[cfg(test)]
    fn compress(&self) -> [u8; 33] {
        BatchKey::of_affine(&self.x, &self.y)
    }
}

/// What a batch writes for each child: its compressed key (`[u8; 33]`), or the point in both
/// encodings ([`Secp256k1Point`], for address encoders that hash `x ‖ y`).
pub(crate) trait BatchKey: Copy {
    /// The child at the affine point `(x, y)` (magnitude 1), computed on the curve.
    fn of_affine(x: &Fe, y: &Fe) -> Self;
    /// The child libsecp256k1 computed (the fallback).
    fn of_libsecp256k1(point: &secp256k1::PublicKey) -> Self;
}

impl BatchKey for [u8; 33] {
    fn of_affine(x: &Fe, y: &Fe) -> Self {
        let y = y.normalize();
        let mut out = [0u8; 33];
        let [prefix, bytes @ ..] = &mut out;
        *prefix = 0x02 | u8::from(bool::from(y.is_odd()));
        bytes.copy_from_slice(&x.to_bytes());
        out
    }

    fn of_libsecp256k1(point: &secp256k1::PublicKey) -> Self {
        point.serialize()
    }
}

impl BatchKey for Secp256k1Point {
    fn of_affine(x: &Fe, y: &Fe) -> Self {
        Self::from_affine(&x.to_bytes().into(), &y.to_bytes().into())
    }

    fn of_libsecp256k1(point: &secp256k1::PublicKey) -> Self {
        Self::from_libsecp256k1(point)
    }
}

/// Where a child's accumulator stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// The point at infinity (nothing added yet, or a sum that cancelled).
    Infinity,
    /// A finite point, in the lane's coordinates.
    Point,
    /// No key: `I_L ≥ n` (BIP-32's invalid child), or a lane past the end of the batch.
    Invalid,
    /// The table could not serve this child (never expected): it is derived by libsecp256k1
    /// instead, so a result is exact or absent, never wrong.
    Fallback,
}

/// One child's accumulator.
#[derive(Clone, Copy, Debug)]
struct Lane {
    point: Affine,
    state: State,
}

const IDLE: Lane = Lane {
    point: Affine::PLACEHOLDER,
    state: State::Invalid,
};

/// What a round adds to one lane.
#[derive(Clone, Copy, Debug)]
enum Addend {
    Nothing,
    Point(Affine),
    /// The lane cannot be served (see [`State::Fallback`]).
    Fallback,
}

/// One round: `lane += addend` for every lane, with one field inversion for all of them.
fn add_round(lanes: &mut [Lane; CHUNK], addends: &[Addend; CHUNK]) {
    // Per lane: λ's numerator and denominator (0 where no division is needed, which the
    // batch inversion skips), and the x of the added point.
    let mut num = [Fe::ZERO; CHUNK];
    let mut den = [Fe::ZERO; CHUNK];
    let mut other_x = [Fe::ZERO; CHUNK];
    let mut divides = [false; CHUNK];
    for (((((lane, addend), num), den), other_x), divides) in lanes
        .iter_mut()
        .zip(addends)
        .zip(&mut num)
        .zip(&mut den)
        .zip(&mut other_x)
        .zip(&mut divides)
    {
        let q = match (*addend, lane.state) {
            (_, State::Invalid | State::Fallback) | (Addend::Nothing, _) => continue,
            (Addend::Fallback, _) => {
                lane.state = State::Fallback;
                continue;
            }
            (Addend::Point(q), State::Infinity) => {
                lane.point = q;
                lane.state = State::Point;
                continue;
            }
            (Addend::Point(q), State::Point) => q,
        };
        let p = lane.point;
        let dx = q.x + p.x.negate(1); // magnitude 3
        if bool::from(dx.normalizes_to_zero()) {
            if bool::from((q.y + p.y).normalizes_to_zero()) {
                // q = −p: the sum is the point at infinity.
                lane.state = State::Infinity;
                continue;
            }
            // q = p: a doubling, λ = 3x² / 2y (y ≠ 0: secp256k1 has no point of order 2).
            *num = p.x.square().mul_single(3); // magnitude 3
            *den = p.y.double(); // magnitude 2
        } else {
            *num = q.y + p.y.negate(1); // magnitude 3
            *den = dx;
        }
        *other_x = q.x;
        *divides = true;
    }
    if !invert_flagged(&mut den, &divides) {
        for (lane, _) in lanes.iter_mut().zip(&divides).filter(|(_, d)| **d) {
            lane.state = State::Fallback;
        }
        return;
    }
    for ((((lane, num), inv), other_x), _) in lanes
        .iter_mut()
        .zip(&num)
        .zip(&den)
        .zip(&other_x)
        .zip(&divides)
        .filter(|(_, divides)| **divides)
    {
        let p = lane.point;
        let lambda = num.mul(inv); // magnitude 1
        let x = (lambda.square() + p.x.negate(1) + other_x.negate(1)).normalize_weak();
        let y = (lambda.mul(&(p.x + x.negate(1))) + p.y.negate(1)).normalize_weak();
        lane.point = Affine { x, y };
    }
}

/// Montgomery's trick: inverts `den[i]` in place wherever `flags[i]` is set (each of them
/// non-zero), with one field inversion, three multiplications per element, and no
/// normalisation or zero test (the caller knows which lanes divide). Results have magnitude 1.
/// False (and `den` unspecified) if the product was zero after all, which non-zero elements
/// of a field cannot give.
#[must_use]
fn invert_flagged(den: &mut [Fe; CHUNK], flags: &[bool; CHUNK]) -> bool {
    let mut prefix = [Fe::ONE; CHUNK];
    let mut acc = Fe::ONE;
    let mut any = false;
    for ((den, flag), prefix) in den.iter().zip(flags).zip(&mut prefix) {
        if *flag {
            *prefix = acc;
            acc = acc.mul(den);
            any = true;
        }
    }
    if !any {
        return true; // nothing to invert (a round that only fills empty accumulators)
    }
    let Some(mut inv) = Option::<Fe>::from(acc.invert_vartime()) else {
        return false;
    };
    for ((den, flag), prefix) in den.iter_mut().zip(flags).zip(&prefix).rev() {
        if *flag {
            let next = inv.mul(den);
            *den = inv.mul(prefix);
            inv = next;
        }
    }
    true
}

/// The fixed-base table for windows of `W` bits: row `j` holds `k·2^(W·j)·G` for
/// `k = 1 … 2^(W−1)`, normalised.
pub(crate) struct Table<const W: usize> {
    points: Vec<Affine>,
}

impl<const W: usize> core::fmt::Debug for Table<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("window_bits", &W)
            .field("points", &self.points.len())
            .finish()
    }
}

impl<const W: usize> Table<W> {
    /// Points per row: the largest digit magnitude.
    const HALF: usize = 1 << (W - 1);
    /// Rows: enough for 256 bits and the carry out of the signed recoding.
    const WINDOWS: usize = 256 / W + 1;

    /// Computes the table: each row's base `2^(W·j)·G` by k256 (doublings), then its
    /// multiples by this module's batched affine additions, all rows in step. `None` only if
    /// k256 gave an unusable coordinate (never expected; the batch then falls back to
    /// libsecp256k1).
    pub(crate) fn new() -> Option<Self> {
        const { assert!(W >= 3 && W <= 16, "window width out of range") };
        let mut bases = Vec::with_capacity(Self::WINDOWS);
        let mut base = k256::ProjectivePoint::GENERATOR;
        for _ in 0..Self::WINDOWS {
            let affine = base.to_affine();
            let (x, y) = (affine.x(), affine.y());
            bases.push(Affine::from_coordinates(&x.into(), &y.into())?);
            for _ in 0..W {
                base = base.double();
            }
        }
        // points[j · HALF + k − 1] = k · bases[j].
        let mut points = alloc::vec![Affine::PLACEHOLDER; Self::WINDOWS * Self::HALF];
        let mut rows = points.chunks_exact_mut(Self::HALF).collect::<Vec<_>>();
        for (rows, bases) in rows.chunks_mut(CHUNK).zip(bases.chunks(CHUNK)) {
            let mut lanes = [IDLE; CHUNK];
            let mut addends = [Addend::Nothing; CHUNK];
            for ((lane, addend), base) in lanes.iter_mut().zip(&mut addends).zip(bases) {
                *lane = Lane {
                    point: *base,
                    state: State::Point,
                };
                *addend = Addend::Point(*base);
            }
            for k in 0..Self::HALF {
                for (row, lane) in rows.iter_mut().zip(&lanes) {
                    let point = row.get_mut(k)?;
                    if lane.state != State::Point {
                        return None;
                    }
                    *point = Affine {
                        x: lane.point.x.normalize(),
                        y: lane.point.y.normalize(),
                    };
                }
                if k + 1 < Self::HALF {
                    add_round(&mut lanes, &addends);
                }
            }
        }
        Some(Self { points })
    }

    /// `digit · 2^(W·window) · G`, for a non-zero digit.
    fn entry(&self, window: usize, digit: i32) -> Option<Affine> {
        let k = usize::try_from(digit.unsigned_abs()).ok()?.checked_sub(1)?;
        let point = *self
            .points
            .get(window.checked_mul(Self::HALF)?.checked_add(k)?)?;
        Some(if digit < 0 { point.neg() } else { point })
    }

    /// Window `window` of `scalar` (four little-endian 64-bit limbs): `W` bits from bit
    /// `W · window`, zero past bit 255.
    fn window(scalar: &[u64; 4], window: usize) -> u32 {
        let bit = W * window;
        let (limb, shift) = (bit / 64, bit % 64);
        let low = scalar.get(limb).copied().unwrap_or(0) >> shift;
        let high = match shift {
            0 => 0,
            _ => scalar.get(limb + 1).copied().unwrap_or(0) << (64 - shift),
        };
        let mask = (1u64 << W) - 1;
        // W ≤ 16: the masked value fits.
        u32::try_from((low | high) & mask).unwrap_or(0)
    }

    /// `K + tweak_i·G` for every lane: `tweaks` are the children's `I_L` (big-endian), only
    /// the first `count` of them used. Lanes end as [`State::Point`] (the child's key),
    /// [`State::Infinity`] or [`State::Invalid`] (no key), or [`State::Fallback`].
    fn add_tweaks(
        &self,
        parent: &Affine,
        tweaks: &[[u8; 32]; CHUNK],
        count: usize,
    ) -> [Lane; CHUNK] {
        let mut lanes = [IDLE; CHUNK];
        let mut scalars = [[0u64; 4]; CHUNK];
        for ((lane, scalar), tweak) in lanes.iter_mut().zip(&mut scalars).zip(tweaks).take(count) {
            if *tweak >= ORDER {
                continue; // BIP-32: I_L ≥ n, no key.
            }
            lane.state = State::Infinity;
            for (limb, bytes) in scalar.iter_mut().zip(tweak.rchunks_exact(8)) {
                let mut be = [0u8; 8];
                be.copy_from_slice(bytes);
                *limb = u64::from_be_bytes(be);
            }
        }
        // Signed recoding, window by window: d = v + carry, minus 2^W when above 2^(W−1).
        let mut carries = [0u32; CHUNK];
        let mut addends = [Addend::Nothing; CHUNK];
        for window in 0..Self::WINDOWS {
            for (((addend, carry), scalar), lane) in addends
                .iter_mut()
                .zip(&mut carries)
                .zip(&scalars)
                .zip(&lanes)
            {
                if lane.state == State::Invalid {
                    continue;
                }
                let v = Self::window(scalar, window) + *carry;
                let (digit, next) = if v as usize > Self::HALF {
                    (i64::from(v) - (1i64 << W), 1)
                } else {
                    (i64::from(v), 0)
                };
                *carry = next;
                *addend = match i32::try_from(digit) {
                    Ok(0) => Addend::Nothing,
                    Ok(d) => self
                        .entry(window, d)
                        .map_or(Addend::Fallback, Addend::Point),
                    Err(_) => Addend::Fallback,
                };
            }
            add_round(&mut lanes, &addends);
        }
        // The recoding ends without carry (I_L < 2²⁵⁶ and the last row is spare); a carry
        // left over would mean a wrong sum, so the lane falls back.
        for (lane, carry) in lanes.iter_mut().zip(&carries) {
            if *carry != 0 && lane.state != State::Invalid {
                lane.state = State::Fallback;
            }
        }
        add_round(&mut lanes, &[Addend::Point(*parent); CHUNK]);
        lanes
    }
}

/// The process's table, built on first use.
static TABLE: spin::Once<Option<Table<WINDOW_BITS>>> = spin::Once::new();

fn table() -> Option<&'static Table<WINDOW_BITS>> {
    TABLE.call_once(Table::new).as_ref()
}

/// The normal children `first, first + 1, …` of `public` (one per slot of `out`, and of
/// `chain_codes` when given, which must then be as long), under the parent chain code's
/// HMAC state `key`. Writes slots in order and stops at the first child without a key:
/// [`Error::InvalidChild`], the slots from it on left as they were. The caller has checked
/// that the range stays below 2³¹.
///
/// # Security
///
/// Variable-time: every input is public (see the [module documentation](self)).
pub(crate) fn derive_public_batch_vartime<K: BatchKey>(
    public: &[u8; 33],
    key: &HmacSha512,
    first: ChildNumber,
    out: &mut [K],
    chain_codes: Option<&mut [ChainCode]>,
) -> Result<()> {
    // The table (about 14 ms to build) is built by the first batch of a full chunk, which
    // more than pays for it; once built it serves every chunk of `SMALL_BATCH` or more.
    let table = match TABLE.get() {
        Some(built) if out.len() >= SMALL_BATCH => built.as_ref(),
        None if out.len() >= CHUNK => table(),
        _ => None,
    };
    derive_with(table, SMALL_BATCH, public, key, first, out, chain_codes)
}

/// Chunks shorter than this take libsecp256k1's tweak-add per child: a round costs one field
/// inversion however few lanes it has, so a handful of children are faster one by one. Set by
/// measurement (`batch/secp256k1_xpub_small_batches`: with 11-bit windows the table wins from
/// 6 children on).
const SMALL_BATCH: usize = 6;

/// [`derive_public_batch_vartime`] over a given table (`None`: libsecp256k1 for every child),
/// with chunks shorter than `small` through libsecp256k1 too.
fn derive_with<const W: usize, K: BatchKey>(
    table: Option<&Table<W>>,
    small: usize,
    public: &[u8; 33],
    key: &HmacSha512,
    first: ChildNumber,
    out: &mut [K],
    chain_codes: Option<&mut [ChainCode]>,
) -> Result<()> {
    let parent = Affine::from_compressed(public)?;
    let mut raw = first.to_raw();
    let mut codes = chain_codes.map(|c| c.chunks_mut(CHUNK));
    for out in out.chunks_mut(CHUNK) {
        let codes = codes.as_mut().and_then(Iterator::next);
        let mut tweaks = [[0u8; 32]; CHUNK];
        let mut rights = [[0u8; 32]; CHUNK];
        let mut children = [ChildNumber::from_raw(0); CHUNK];
        let used = out.len();
        for child in children.iter_mut().take(used) {
            *child = ChildNumber::from_raw(raw);
            raw = raw.wrapping_add(1);
        }
        chunk_macs(
            key,
            public,
            children.split_at(used).0,
            tweaks.split_at_mut(used).0,
            rights.split_at_mut(used).0,
        );
        let lanes = match table {
            Some(table) if out.len() >= small => table.add_tweaks(&parent, &tweaks, out.len()),
            _ => {
                [Lane {
                    state: State::Fallback,
                    ..IDLE
                }; CHUNK]
            }
        };
        let done = finish(public, &lanes, &tweaks, &rights, &children, out, codes);
        // Public in BIP-32's model, but wiped anyway: a private key's caller may not publish it.
        tweaks.zeroize();
        rights.zeroize();
        done?;
    }
    Ok(())
}

/// The HMACs `I = I_L || I_R` of the children `children` of `public` under `key`, split into
/// `tweaks` (`I_L`) and `rights` (`I_R`), all three equally long: [`BATCH_LANES`] at a time
/// (the multi-lane SHA-512 kernels), then four at a time, then one by one, as the private
/// sibling batches do. Each MAC is wiped when its halves are copied out.
fn chunk_macs(
    key: &HmacSha512,
    public: &[u8; 33],
    children: &[ChildNumber],
    tweaks: &mut [[u8; 32]],
    rights: &mut [[u8; 32]],
) {
    let (wide, children) = children.as_chunks::<BATCH_LANES>();
    let (wide_tweaks, tweaks) = tweaks.as_chunks_mut::<BATCH_LANES>();
    let (wide_rights, rights) = rights.as_chunks_mut::<BATCH_LANES>();
    for ((children, tweaks), rights) in wide.iter().zip(wide_tweaks).zip(wide_rights) {
        macs(key, public, children, tweaks, rights);
    }
    let (quads, children) = children.as_chunks::<4>();
    let (quad_tweaks, tweaks) = tweaks.as_chunks_mut::<4>();
    let (quad_rights, rights) = rights.as_chunks_mut::<4>();
    for ((children, tweaks), rights) in quads.iter().zip(quad_tweaks).zip(quad_rights) {
        macs(key, public, children, tweaks, rights);
    }
    for ((child, tweak), right) in children.iter().zip(tweaks).zip(rights) {
        split_mac(&key.mac(&[public, &child.to_be_bytes()]), tweak, right);
    }
}

/// `N` children's HMACs together ([`HmacSha512::mac_many`]), split as [`chunk_macs`] does.
fn macs<const N: usize>(
    key: &HmacSha512,
    public: &[u8; 33],
    children: &[ChildNumber; N],
    tweaks: &mut [[u8; 32]; N],
    rights: &mut [[u8; 32]; N],
) {
    let indices = children.map(ChildNumber::to_be_bytes);
    let parts = indices.each_ref().map(|index| [&public[..], &index[..]]);
    let macs = key.mac_many(parts.each_ref().map(|parts| &parts[..]));
    for ((mac, tweak), right) in macs.iter().zip(tweaks).zip(rights) {
        split_mac(mac, tweak, right);
    }
}

/// Copies `I_L` into `tweak` and `I_R` into `right`.
fn split_mac(mac: &SecretBytes<[u8; 64]>, tweak: &mut [u8; 32], right: &mut [u8; 32]) {
    let (il, ir) = mac.expose().split_at(32);
    tweak.copy_from_slice(il);
    right.copy_from_slice(ir);
}

/// Unstable, for the benches' table-width sweep only (feature `bench-internals`, no API
/// promise): the secp256k1 public batch over a table of `W`-bit windows (3 to 16).
#[cfg(feature = "bench-internals")]
#[doc(hidden)]
#[derive(Debug)]
pub struct WidthSweep<const W: usize>(Table<W>);

#[cfg(feature = "bench-internals")]
impl<const W: usize> WidthSweep<W> {
    /// Builds the table (`None` if k256 gave an unusable coordinate).
    pub fn new() -> Option<Self> {
        Table::new().map(Self)
    }

    /// The public keys of the normal children `first, first + 1, …` of the parent `public`
    /// with chain code `chain_code`, one per slot of `out`.
    ///
    /// # Errors
    /// [`Error::InvalidChildIndex`] if the range leaves the normal indices;
    /// [`Error::InvalidPublicKey`] for a bad parent; [`Error::InvalidChild`] as the batch.
    pub fn derive(
        &self,
        public: &[u8; 33],
        chain_code: &[u8; 32],
        first: u32,
        out: &mut [[u8; 33]],
    ) -> Result<()> {
        let end = u64::from(first) + u64::try_from(out.len()).unwrap_or(u64::MAX);
        if end > 1 << 31 {
            return Err(Error::InvalidChildIndex {
                index: u32::try_from(end - 1).unwrap_or(u32::MAX),
            });
        }
        let key = HmacSha512::new(chain_code);
        derive_with(
            Some(&self.0),
            0,
            public,
            &key,
            ChildNumber::from_raw(first),
            out,
            None,
        )
    }
}

/// Writes a chunk's keys (and chain codes) in order, up to its first child without a key.
fn finish<K: BatchKey>(
    public: &[u8; 33],
    lanes: &[Lane; CHUNK],
    tweaks: &[[u8; 32]; CHUNK],
    rights: &[[u8; 32]; CHUNK],
    children: &[ChildNumber; CHUNK],
    out: &mut [K],
    codes: Option<&mut [ChainCode]>,
) -> Result<()> {
    let mut codes = codes.map(|c| c.iter_mut());
    for ((((slot, lane), tweak), right), child) in out
        .iter_mut()
        .zip(lanes)
        .zip(tweaks)
        .zip(rights)
        .zip(children)
    {
        *slot = match lane.state {
            State::Point => K::of_affine(&lane.point.x, &lane.point.y),
            State::Infinity | State::Invalid => return Err(invalid_child(*child)),
            State::Fallback => {
                let parent = secp256k1::PublicKey::from_byte_array_compressed(*public)
                    .map_err(|_| Error::InvalidPublicKey)?;
                let point = crate::sys::secp256k1_tweak_point_vartime(&parent, tweak)
                    .ok_or_else(|| invalid_child(*child))?;
                K::of_libsecp256k1(&point)
            }
        };
        if let Some(code) = codes.as_mut().and_then(Iterator::next) {
            *code = ChainCode::new(*right);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::vec::Vec;

    use proptest::prelude::*;
    use secp256k1::{PublicKey, Scalar, SecretKey};

    use super::*;

    /// libsecp256k1's `K + t·G` (`None`: `t ≥ n` or the point at infinity).
    fn oracle(parent: &[u8; 33], tweak: &[u8; 32]) -> Option<[u8; 33]> {
        let parent = PublicKey::from_byte_array_compressed(*parent).unwrap();
        let tweak = Scalar::from_be_bytes(*tweak).ok()?;
        parent.add_exp_tweak(&tweak).ok().map(|p| p.serialize())
    }

    fn public_of(secret: &[u8; 32]) -> [u8; 33] {
        PublicKey::from_secret_key(&SecretKey::from_secret_bytes(*secret).unwrap()).serialize()
    }

    /// The batch's `K + t·G` for up to `CHUNK` tweaks in one chunk.
    fn batch<const W: usize>(
        table: &Table<W>,
        parent: &[u8; 33],
        tweaks: &[[u8; 32]],
    ) -> Vec<Option<[u8; 33]>> {
        let mut all = [[0u8; 32]; CHUNK];
        all[..tweaks.len()].copy_from_slice(tweaks);
        let lanes = table.add_tweaks(
            &Affine::from_compressed(parent).unwrap(),
            &all,
            tweaks.len(),
        );
        assert!(lanes[tweaks.len()..]
            .iter()
            .all(|l| l.state == State::Invalid));
        lanes[..tweaks.len()]
            .iter()
            .map(|lane| match lane.state {
                State::Point => Some(lane.point.compress()),
                State::Infinity | State::Invalid => None,
                State::Fallback => panic!("the table should serve every lane"),
            })
            .collect()
    }

    /// `k · 2^shift` as a big-endian 256-bit number (bits past 255 dropped).
    fn shifted(k: u64, shift: usize) -> [u8; 32] {
        let mut limbs = [0u64; 5];
        limbs[shift / 64] = k << (shift % 64);
        if !shift.is_multiple_of(64) {
            limbs[shift / 64 + 1] = k >> (64 - shift % 64);
        }
        let mut out = [0u8; 32];
        for (i, limb) in limbs[..4].iter().enumerate() {
            out[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
        }
        out
    }

    /// `n + delta` as a big-endian 256-bit number (`|delta|` small, no wrap past 2²⁵⁶).
    fn order_plus(delta: i16) -> [u8; 32] {
        let mut t = ORDER;
        let mut carry = i32::from(delta);
        for byte in t.iter_mut().rev() {
            let v = i32::from(*byte) + carry;
            *byte = u8::try_from(v.rem_euclid(256)).unwrap();
            carry = v.div_euclid(256);
        }
        assert_eq!(carry, 0);
        t
    }

    fn order_minus(k: u8) -> [u8; 32] {
        order_plus(-i16::from(k))
    }

    /// Every row of the table, with digits at both ends of its range and past the middle
    /// (negative digit and carry), against libsecp256k1.
    fn check_rows<const W: usize>(table: &Table<W>) {
        let parent = public_of(&[0x11; 32]);
        let half = 1u64 << (W - 1);
        let mut tweaks = Vec::new();
        for window in 0..Table::<W>::WINDOWS {
            for k in [1, 2, half - 1, half, half + 1, (1 << W) - 1] {
                let t = shifted(k, W * window);
                if (W * window) < 256 && t != [0; 32] {
                    tweaks.push(t);
                }
            }
        }
        for chunk in tweaks.chunks(CHUNK) {
            let got = batch(table, &parent, chunk);
            for (t, got) in chunk.iter().zip(got) {
                assert_eq!(got, oracle(&parent, t), "W = {W}, tweak {t:02x?}");
            }
        }
    }

    #[test]
    fn table_rows_match_libsecp256k1_for_several_widths() {
        check_rows(table().unwrap());
        check_rows(&Table::<3>::new().unwrap());
        check_rows(&Table::<5>::new().unwrap());
        check_rows(&Table::<7>::new().unwrap());
        check_rows(&Table::<10>::new().unwrap());
        check_rows(&Table::<11>::new().unwrap());
    }

    #[test]
    fn edge_tweaks_match_libsecp256k1() {
        let secret = [0x5a; 32];
        let parent = public_of(&secret);
        let minus_secret = SecretKey::from_secret_bytes(secret)
            .unwrap()
            .negate()
            .to_secret_bytes();
        let tweaks = [
            [0; 32],         // I_L = 0: the child is the parent
            shifted(1, 0),   // G
            order_minus(1),  // −G
            order_minus(2),  // −2G
            ORDER,           // I_L = n: invalid
            order_plus(1),   // I_L > n: invalid
            [0xff; 32],      // the largest 256-bit value: invalid
            secret,          // I_L·G = K: the parent round doubles
            minus_secret,    // I_L·G = −K: the point at infinity, invalid child
            shifted(1, 255), // 2^255
            shifted(0xff, 248),
        ];
        let got = batch(table().unwrap(), &parent, &tweaks);
        for (t, got) in tweaks.iter().zip(&got) {
            assert_eq!(*got, oracle(&parent, t), "tweak {t:02x?}");
        }
        assert_eq!(got[0], Some(parent));
        assert_eq!(got[4..7], [None, None, None]);
        assert_eq!(got[8], None);
        assert!(got[7].is_some());
    }

    /// The addition round itself against libsecp256k1's point addition, with every case in
    /// one round: generic, doubling, `P + (−P)`, nothing to add, and an empty accumulator.
    #[test]
    fn add_round_cases_match_libsecp256k1() {
        let points: Vec<[u8; 33]> = (1u8..=12).map(|i| public_of(&[i; 32])).collect();
        let affine = |p: &[u8; 33]| Affine::from_compressed(p).unwrap();
        let negate = |p: &[u8; 33]| {
            PublicKey::from_byte_array_compressed(*p)
                .unwrap()
                .negate()
                .serialize()
        };
        let mut lanes = [IDLE; CHUNK];
        let mut addends = [Addend::Nothing; CHUNK];
        let mut expected = Vec::new();
        for (i, p) in points.iter().enumerate() {
            let q = match i % 4 {
                0 => *p,                   // doubling
                1 => negate(p),            // P + (−P)
                _ => points[(i + 5) % 12], // distinct points
            };
            lanes[i] = Lane {
                point: affine(p),
                state: State::Point,
            };
            addends[i] = Addend::Point(affine(&q));
            let sum = PublicKey::from_byte_array_compressed(*p)
                .unwrap()
                .combine(&PublicKey::from_byte_array_compressed(q).unwrap())
                .ok()
                .map(|s| s.serialize());
            expected.push(sum);
        }
        // Lane 12: nothing added. Lane 13: an empty accumulator takes the point as it is.
        lanes[12] = Lane {
            point: affine(&points[0]),
            state: State::Point,
        };
        expected.push(Some(points[0]));
        lanes[13].state = State::Infinity;
        addends[13] = Addend::Point(affine(&points[3]));
        expected.push(Some(points[3]));
        add_round(&mut lanes, &addends);
        for (i, (lane, expected)) in lanes.iter().zip(&expected).enumerate() {
            let got = match lane.state {
                State::Point => Some(lane.point.compress()),
                State::Infinity => None,
                other => panic!("lane {i}: {other:?}"),
            };
            assert_eq!(got, *expected, "lane {i}");
        }
        assert!(lanes[14..].iter().all(|l| l.state == State::Invalid));
    }

    /// A table that cannot serve a digit makes the lane fall back to libsecp256k1: the
    /// result is exact either way.
    #[test]
    fn missing_table_rows_fall_back_to_libsecp256k1() {
        let full = Table::<5>::new().unwrap();
        let short = Table::<5> {
            points: full.points[..10 * Table::<5>::HALF].to_vec(),
        };
        let parent = public_of(&[0x33; 32]);
        let key = HmacSha512::new(&[0x44; 32]);
        let mut expected = [[0u8; 33]; 200];
        let mut codes_expected = Vec::new();
        for (i, slot) in expected.iter_mut().enumerate() {
            let i = key.mac(&[&parent, &u32::try_from(i).unwrap().to_be_bytes()]);
            let (il, ir) = i.expose().split_at(32);
            *slot = oracle(&parent, il.try_into().unwrap()).unwrap();
            codes_expected.push(ChainCode::from_slice(ir));
        }
        let first = ChildNumber::from_raw(0);
        for table in [Some(&short), Some(&full), None] {
            let mut out = [[0u8; 33]; 200];
            let mut codes = std::vec![ChainCode::new([0; 32]); 200];
            derive_with(table, 0, &parent, &key, first, &mut out, Some(&mut codes)).unwrap();
            assert_eq!(out, expected);
            assert!(codes == codes_expected);
        }
        // The short table really is short: small tweaks are served, large ones are not.
        let mut all = [[0u8; 32]; CHUNK];
        all[0] = shifted(3, 0);
        all[1] = shifted(3, 200);
        let lanes = short.add_tweaks(&Affine::from_compressed(&parent).unwrap(), &all, 2);
        assert_eq!(lanes[0].state, State::Point);
        assert_eq!(lanes[1].state, State::Fallback);
    }

    /// HMAC-SHA512 by RFC 2104 over `sha2`'s streaming API (an oracle independent of
    /// `HmacSha512`).
    fn reference_hmac(key: &[u8; 32], msg: &[u8]) -> [u8; 64] {
        use sha2::Digest;
        let mut block = [0u8; 128];
        block[..32].copy_from_slice(key);
        let inner = sha2::Sha512::new()
            .chain_update(block.map(|b| b ^ 0x36))
            .chain_update(msg)
            .finalize();
        sha2::Sha512::new()
            .chain_update(block.map(|b| b ^ 0x5c))
            .chain_update(inner)
            .finalize()
            .into()
    }

    /// Batches of lengths on and off the lane counts (a full group of `BATCH_LANES`, a quad,
    /// single MACs, every mix of them, and chunk boundaries), from a nonzero start, equal
    /// one-by-one derivation: each child's HMAC alone (RFC 2104 over `sha2`), then
    /// libsecp256k1's `K + I_L·G`. Chain codes too.
    #[test]
    fn batch_lengths_off_the_lane_count_match_one_by_one() {
        let parent = public_of(&[0x5c; 32]);
        let chain = [0x3e; 32];
        let key = HmacSha512::new(&chain);
        let first = 1_000_003u32;
        let expected: Vec<([u8; 33], [u8; 32])> = (0..300u32)
            .map(|i| {
                let mut msg = parent.to_vec();
                msg.extend_from_slice(&(first + i).to_be_bytes());
                let mac = reference_hmac(&chain, &msg);
                let (il, ir) = mac.split_at(32);
                let child = oracle(&parent, il.try_into().unwrap()).unwrap();
                (child, ir.try_into().unwrap())
            })
            .collect();
        let lengths = (1..=20).chain([31, 127, 128, 129, 131, 135, 136, 255, 256, 257, 300]);
        for len in lengths {
            let mut out = std::vec![[0u8; 33]; len];
            let mut codes = std::vec![ChainCode::new([0; 32]); len];
            derive_public_batch_vartime(
                &parent,
                &key,
                ChildNumber::from_raw(first),
                &mut out,
                Some(&mut codes),
            )
            .unwrap();
            for (i, ((got, code), (want, want_code))) in
                out.iter().zip(&codes).zip(&expected).enumerate()
            {
                assert_eq!(got, want, "length {len}, child {i}");
                assert!(
                    *code == ChainCode::new(*want_code),
                    "length {len}, child {i}"
                );
            }
            // Without chain codes, the same keys.
            let mut keys_only = std::vec![[0u8; 33]; len];
            derive_public_batch_vartime(
                &parent,
                &key,
                ChildNumber::from_raw(first),
                &mut keys_only,
                None,
            )
            .unwrap();
            assert_eq!(keys_only, out, "length {len}");
        }
    }

    /// Keys are written in order up to the first child without one; the rest are untouched.
    #[test]
    fn first_invalid_child_stops_the_chunk() {
        let parent = public_of(&[0x21; 32]);
        let mut tweaks = [[0u8; 32]; CHUNK];
        tweaks[0] = shifted(5, 0);
        tweaks[1] = ORDER;
        tweaks[2] = shifted(6, 0);
        let table = table().unwrap();
        let lanes = table.add_tweaks(&Affine::from_compressed(&parent).unwrap(), &tweaks, 3);
        let children =
            core::array::from_fn(|i| ChildNumber::from_raw(7 + u32::try_from(i).unwrap()));
        let mut out = [[0xaa; 33]; 3];
        let err = finish(
            &parent,
            &lanes,
            &tweaks,
            &[[0; 32]; CHUNK],
            &children,
            &mut out,
            None,
        );
        assert_eq!(
            err,
            Err(Error::InvalidChild {
                index: 8,
                hardened: false,
                segment: 0
            })
        );
        assert_eq!(Some(out[0]), oracle(&parent, &tweaks[0]));
        assert_eq!(out[1..], [[0xaa; 33]; 2]);
    }

    fn tweak_strategy(secret: [u8; 32]) -> impl Strategy<Value = [u8; 32]> {
        let minus = SecretKey::from_secret_bytes(secret)
            .unwrap()
            .negate()
            .to_secret_bytes();
        prop_oneof![
            8 => any::<[u8; 32]>(),
            1 => Just(secret),
            1 => Just(minus),
            1 => (0u8..=255).prop_map(order_minus),
            1 => (0i16..=1000).prop_map(order_plus),
            1 => (any::<u64>(), 0usize..256).prop_map(|(k, s)| shifted(k, s)),
        ]
    }

    fn case() -> impl Strategy<Value = ([u8; 32], Vec<[u8; 32]>)> {
        any::<[u8; 32]>()
            .prop_filter("a valid secret key", |s| {
                SecretKey::from_secret_bytes(*s).is_ok()
            })
            .prop_flat_map(|s| {
                (
                    Just(s),
                    proptest::collection::vec(tweak_strategy(s), 1..=CHUNK),
                )
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random parents and tweaks, with forced collisions in the parent round
        /// (`I_L·G = ±K`) and out-of-range tweaks mixed into the same rounds.
        #[test]
        fn batch_matches_libsecp256k1((secret, tweaks) in case()) {
            let parent = public_of(&secret);
            let got = batch(table().unwrap(), &parent, &tweaks);
            for (t, got) in tweaks.iter().zip(got) {
                prop_assert_eq!(got, oracle(&parent, t));
            }
        }

        /// The same for an odd width (no carry row) and a wide one.
        #[test]
        fn other_widths_match_libsecp256k1((secret, tweaks) in case()) {
            static T7: spin::Once<Table<7>> = spin::Once::new();
            static T11: spin::Once<Table<11>> = spin::Once::new();
            let parent = public_of(&secret);
            let t7 = batch(T7.call_once(|| Table::new().unwrap()), &parent, &tweaks);
            let t11 = batch(T11.call_once(|| Table::new().unwrap()), &parent, &tweaks);
            for ((t, a), b) in tweaks.iter().zip(t7).zip(t11) {
                let expected = oracle(&parent, t);
                prop_assert_eq!(a, expected);
                prop_assert_eq!(b, expected);
            }
        }
    }
}
