//! SHA-512 compressions in AVX-512 lanes (AVX-512F + VL): native 64-bit rotates (`vprorq`)
//! and three-input logic (`vpternlogq`) for Σ0, Σ1, σ0, σ1, Ch and Maj. One body, three
//! widths: two lanes in xmm registers, four in ymm, eight in zmm. AVX-512VL gives the
//! narrow widths the same instructions and all 32 vector registers.

/// `vpternlogq` truth tables, operands (a, b, c) ↦ bits of (0xf0, 0xcc, 0xaa).
pub(super) const XOR3: i32 = 0x96; // a ^ b ^ c
pub(super) const CH: i32 = 0xca; // (a & b) ^ (!a & c)
pub(super) const MAJ: i32 = 0xe8; // (a & b) | (a & c) | (b & c)

/// The kernel body for one vector width: `states[i] := compress(states[i], blocks[i])`.
macro_rules! kernel {
    ($(#[$attr:meta])* $name:ident, $lanes:literal, $features:literal) => {
        $(#[$attr])*
        #[target_feature(enable = $features)]
        #[allow(
            clippy::cast_possible_wrap,
            clippy::many_single_char_names,
            clippy::indexing_slicing
        )] // round constants are reinterpreted bit for bit; indices are constants below 80
        pub(in crate::sys) fn $name(states: &mut [[u64; 8]; $lanes], blocks: &[[u8; 128]; $lanes]) {
            let (mut wl, mut sl) = to_lanes(states, blocks);
            let mut w = [zero!(); 16];
            for (v, row) in w.iter_mut().zip(&wl) {
                // SAFETY: `row` is `$lanes` u64s, exactly one vector; the load is unaligned.
                *v = unsafe { load!(row.as_ptr().cast()) };
            }
            let mut init = [zero!(); 8];
            for (v, row) in init.iter_mut().zip(&sl) {
                // SAFETY: as above.
                *v = unsafe { load!(row.as_ptr().cast()) };
            }
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = init;
            rounds16!(w, 0, false, a, b, c, d, e, f, g, h);
            for block in 1..5 {
                rounds16!(w, block, true, a, b, c, d, e, f, g, h);
            }
            let mut s = [a, b, c, d, e, f, g, h];
            for ((v, start), row) in s.iter_mut().zip(&init).zip(sl.iter_mut()) {
                *v = add!(*v, *start);
                // SAFETY: `row` is `$lanes` u64s, exactly one vector; the store is unaligned.
                unsafe { store!(row.as_mut_ptr().cast(), *v) };
            }
            from_lanes(states, &sl);
            // The transposed rows in memory are functions of secret blocks and states: wiped.
            // The schedule ring and the working variables stay in registers (AVX-512 has 32:
            // the round loop has no spill, per `objdump`); wiping them as arrays would force
            // them onto the stack first, and slow every round down with memory traffic.
            zeroize::Zeroize::zeroize(&mut wl);
            zeroize::Zeroize::zeroize(&mut sl);
        }
    };
}

/// Eight lanes in zmm registers.
pub(in crate::sys) mod zmm {
    use super::super::lanes::{from_lanes, to_lanes, K};
    use super::{CH, MAJ, XOR3};
    width!(
        add = _mm512_add_epi64,
        xor = _mm512_xor_si512,
        ror = _mm512_ror_epi64,
        shr = _mm512_srli_epi64,
        tern = _mm512_ternarylogic_epi64,
        splat = _mm512_set1_epi64,
        zero = _mm512_setzero_si512,
        load = _mm512_loadu_epi64,
        store = _mm512_storeu_epi64
    );
    kernel!(
        /// Eight compressions in zmm lanes.
        compress8, 8, "avx512f"
    );
}

/// Four lanes in ymm registers.
pub(in crate::sys) mod ymm {
    use super::super::lanes::{from_lanes, to_lanes, K};
    use super::{CH, MAJ, XOR3};
    width!(
        add = _mm256_add_epi64,
        xor = _mm256_xor_si256,
        ror = _mm256_ror_epi64,
        shr = _mm256_srli_epi64,
        tern = _mm256_ternarylogic_epi64,
        splat = _mm256_set1_epi64x,
        zero = _mm256_setzero_si256,
        load = _mm256_loadu_epi64,
        store = _mm256_storeu_epi64
    );
    kernel!(
        /// Four compressions in ymm lanes.
        compress4, 4, "avx512f,avx512vl"
    );
}

/// Two lanes in xmm registers: an HMAC key's inner and outer states, or any two
/// independent compressions.
pub(in crate::sys) mod xmm {
    use super::super::lanes::{from_lanes, to_lanes, K};
    use super::{CH, MAJ, XOR3};
    width!(
        add = _mm_add_epi64,
        xor = _mm_xor_si128,
        ror = _mm_ror_epi64,
        shr = _mm_srli_epi64,
        tern = _mm_ternarylogic_epi64,
        splat = _mm_set1_epi64x,
        zero = _mm_setzero_si128,
        load = _mm_loadu_epi64,
        store = _mm_storeu_epi64
    );
    kernel!(
        /// Two compressions in xmm lanes.
        compress2, 2, "avx512f,avx512vl"
    );
}
