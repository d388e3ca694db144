//! Fixed-base multiples `[8·Z_L]B` of the ed25519 base point for BIP32-Ed25519 public
//! batches, **variable time**.
//!
//! # Security
//!
//! Variable-time on purpose: it branches on, and indexes a table with, the digits of
//! `8·trunc₂₈(Z_L)`, where `Z = HMAC-SHA512(c, 0x02 ‖ A ‖ i)` is computed from the parent's
//! chain code and public key: in BIP32-Ed25519's model both are public (anyone holding the
//! extended public key computes them). It serves [`ExtendedPublicKey`](crate::ExtendedPublicKey)
//! batches only; private derivation keeps curve25519-dalek's constant-time `mul_base`.
//!
//! # How
//!
//! `8·trunc₂₈(Z_L) < 2²²⁷` is recoded into signed digits `d_j ∈ [−2^(w−1), 2^(w−1))` of
//! [`WINDOW_BITS`] bits, and the table holds `k·2^(w·j)·B` for `k = 1 … 2^(w−1)` (a negative
//! digit subtracts). A multiple costs one curve25519-dalek point addition per non-zero digit
//! (`⌈228 / w⌉` at most) and no doubling, where dalek's constant-time `mul_base` makes 64
//! additions from 8-entry tables scanned in full, and 4 doublings. The table is computed once
//! per process, on first use, and kept: [`Table::WINDOWS`] rows of `2^(w−1)` extended points
//! of 160 bytes (2 MB for the default `w = 10`; the width sweep of the `batch` benches measured
//! `w = 12` about 7 % faster per multiple, for a 6.5 MB table and a 12 ms build, and kept 10).

use alloc::boxed::Box;
use alloc::vec::Vec;

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::EdwardsPoint;

/// The width of the table's windows, in bits (3 to 16): chosen by measurement (the `batch`
/// benches' BIP32-Ed25519 rows).
pub(crate) const WINDOW_BITS: usize = 10;

/// The bits of the multipliers: `8·trunc₂₈(Z_L) < 2²²⁷`.
const SCALAR_BITS: usize = 227;

/// `k·2^(W·j)·B` for `k = 1 … 2^(W−1)`, row `j`.
pub(crate) struct Table<const W: usize> {
    rows: Box<[Box<[EdwardsPoint]>]>,
}

impl<const W: usize> core::fmt::Debug for Table<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("window_bits", &W)
            .field("rows", &self.rows.len())
            .finish()
    }
}

impl<const W: usize> Table<W> {
    /// Entries per row.
    const HALF: usize = 1 << (W - 1);
    /// Rows: every window of the scalar, and one for the last digit's carry.
    pub(crate) const WINDOWS: usize = SCALAR_BITS.div_ceil(W) + 1;

    /// Computes the table: `WINDOWS · 2^(W−1)` point additions.
    pub(crate) fn new() -> Self {
        const { assert!(W >= 3 && W <= 16, "window width out of range") };
        let mut rows = Vec::with_capacity(Self::WINDOWS);
        let mut base = ED25519_BASEPOINT_POINT;
        for _ in 0..Self::WINDOWS {
            let mut row = Vec::with_capacity(Self::HALF);
            let mut multiple = base;
            for _ in 0..Self::HALF {
                row.push(multiple);
                multiple += base;
            }
            // 2^(W−1)·base, doubled: the next row's base.
            base = row.last().map_or(base, |top| top + top);
            rows.push(row.into_boxed_slice());
        }
        Self {
            rows: rows.into_boxed_slice(),
        }
    }

    /// Bits `[W·window, W·window + W)` of the little-endian 4-limb `scalar`.
    fn window(scalar: &[u64; 4], window: usize) -> usize {
        let bit = W * window;
        let (limb, shift) = (bit / 64, bit % 64);
        let low = scalar.get(limb).map_or(0, |&l| l >> shift);
        let high = match (shift, scalar.get(limb + 1)) {
            (0, _) | (_, None) => 0,
            (s, Some(&l)) => l << (64 - s),
        };
        // The mask keeps W bits: the truncation is the point.
        #[allow(clippy::cast_possible_truncation)]
        let bits = ((low | high) & ((1u64 << W) - 1)) as usize;
        bits
    }

    /// `start + scalar·B` for a `scalar` below 2²²⁷ (little-endian limbs).
    pub(crate) fn add_multiple(&self, start: &EdwardsPoint, scalar: &[u64; 4]) -> EdwardsPoint {
        let mut acc = *start;
        let mut carry = 0;
        for (window, row) in self.rows.iter().enumerate() {
            let value = Self::window(scalar, window) + carry;
            // Signed digit in [−2^(W−1), 2^(W−1)): a value of 2^(W−1) or more borrows from
            // the next window.
            let (negative, magnitude) = if value >= Self::HALF {
                carry = 1;
                (true, (1 << W) - value)
            } else {
                carry = 0;
                (false, value)
            };
            if let Some(point) = magnitude.checked_sub(1).and_then(|k| row.get(k)) {
                if negative {
                    acc -= point;
                } else {
                    acc += point;
                }
            }
        }
        acc
    }
}

static TABLE: spin::Once<Table<WINDOW_BITS>> = spin::Once::new();

/// The process's table, computed on first use.
pub(crate) fn table() -> &'static Table<WINDOW_BITS> {
    TABLE.call_once(Table::new)
}

/// Batches of at least this many children build the table (about 4 ms, `table-build-w10` in
/// the width sweep; it saves about 14 µs a child, so it pays for itself within such a batch);
/// shorter ones use it only once it is built.
pub(crate) const BUILD_MIN: usize = 256;

/// The table for a batch of `len` children: the built one, or a new one for a batch of
/// [`BUILD_MIN`] or more; `None` (dalek's `mul_base`) for a short batch before that.
pub(crate) fn table_for(len: usize) -> Option<&'static Table<WINDOW_BITS>> {
    match TABLE.get() {
        Some(built) => Some(built),
        None if len >= BUILD_MIN => Some(table()),
        None => None,
    }
}

/// Unstable, for the benches' table-width sweep only (feature `bench-internals`, no API
/// promise): `[scalar]B` for a little-endian scalar below 2²²⁷, over a table of `W`-bit
/// windows (3 to 16), as a compressed point.
#[cfg(feature = "bench-internals")]
#[doc(hidden)]
#[derive(Debug)]
pub struct Ed25519WidthSweep<const W: usize>(Table<W>);

#[cfg(feature = "bench-internals")]
impl<const W: usize> Ed25519WidthSweep<W> {
    /// Builds the table.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Self(Table::new())
    }

    /// `[scalar]B`, compressed; `scalar` is reduced to its low 227 bits.
    pub fn mul(&self, scalar: &[u8; 32]) -> [u8; 32] {
        let mut limbs = [0u64; 4];
        for (limb, chunk) in limbs.iter_mut().zip(scalar.chunks_exact(8)) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            *limb = u64::from_le_bytes(word);
        }
        limbs[3] &= (1 << (SCALAR_BITS - 192)) - 1;
        self.0
            .add_multiple(
                &<EdwardsPoint as curve25519_dalek::traits::Identity>::identity(),
                &limbs,
            )
            .compress()
            .to_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use curve25519_dalek::traits::{Identity as _, IsIdentity as _};
    use curve25519_dalek::Scalar;
    use proptest::prelude::*;

    fn limbs_of(bytes: &[u8; 32]) -> [u64; 4] {
        core::array::from_fn(|i| u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap()))
    }

    /// The reference: curve25519-dalek's constant-time base-point multiplication.
    fn oracle(start: &EdwardsPoint, bytes: &[u8; 32]) -> EdwardsPoint {
        start + EdwardsPoint::mul_base(&Scalar::from_bytes_mod_order(*bytes))
    }

    /// A scalar below 2²²⁷.
    fn below_2_227(mut bytes: [u8; 32]) -> [u8; 32] {
        bytes[28] &= 0x07;
        bytes[29..].fill(0);
        bytes
    }

    fn check<const W: usize>(table: &Table<W>, start: &EdwardsPoint, bytes: &[u8; 32]) {
        assert_eq!(
            table.add_multiple(start, &limbs_of(bytes)).compress(),
            oracle(start, bytes).compress(),
            "W = {W}, scalar {bytes:02x?}"
        );
    }

    #[test]
    fn edge_scalars_match_dalek() {
        let table = table();
        let start = EdwardsPoint::mul_base(&Scalar::from(7u8));
        let mut edges = vec![[0u8; 32], below_2_227([0xff; 32])];
        for bit in 0..SCALAR_BITS {
            let mut one = [0u8; 32];
            one[bit / 8] = 1 << (bit % 8);
            edges.push(one);
        }
        // Every digit at the borrow boundary (0x80 in each byte), and just below it.
        edges.push(below_2_227([0x80; 32]));
        edges.push(below_2_227([0x7f; 32]));
        for bytes in &edges {
            check(table, &start, bytes);
            check(table, &EdwardsPoint::identity(), bytes);
        }
        // start + [k]B = identity is reached exactly (the caller's invalid-child case).
        let k = below_2_227([0x5a; 32]);
        let minus = -EdwardsPoint::mul_base(&Scalar::from_bytes_mod_order(k));
        assert!(table.add_multiple(&minus, &limbs_of(&k)).is_identity());
    }

    proptest! {
        #[test]
        fn multiples_match_dalek(bytes in any::<[u8; 32]>(), start in any::<u64>()) {
            let start = EdwardsPoint::mul_base(&Scalar::from(start));
            check(table(), &start, &below_2_227(bytes));
        }

        #[test]
        fn other_widths_match_dalek(bytes in any::<[u8; 32]>()) {
            static T5: spin::Once<Table<5>> = spin::Once::new();
            static T11: spin::Once<Table<11>> = spin::Once::new();
            let bytes = below_2_227(bytes);
            check(T5.call_once(Table::new), &EdwardsPoint::identity(), &bytes);
            check(T11.call_once(Table::new), &ED25519_BASEPOINT_POINT, &bytes);
        }
    }
}
