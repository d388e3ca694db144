//! Four independent SHA-512 compressions in the four 64-bit lanes of AVX2 registers.
//!
//! SHA-512 rounds are one long dependency chain, so a single compression leaves most of a
//! wide core idle; four independent ones fill it. The portable fallback runs the four
//! compressions one after another through `sha2`. Selected at run time (`cpufeatures`), so
//! the default build needs no `-C target-cpu`. Tested against `sha2` on every call path in
//! `hash.rs`'s tests.

use crate::hash::K;

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(avx2_cpuid, "avx2");

/// `states[i] := compress(states[i], blocks[i])` for the four lanes.
#[inline]
pub(crate) fn compress4(states: &mut [[u64; 8]; 4], blocks: [&[u8; 128]; 4]) {
    #[cfg(target_arch = "x86_64")]
    if avx2_cpuid::get() {
        // SAFETY: the CPU supports AVX2 (checked at run time just above), which is the only
        // requirement of `avx2::compress4`; it reads only the given arrays.
        unsafe { avx2::compress4(states, blocks) };
        return;
    }
    portable4(states, blocks);
}

/// The fallback: four compressions one after another.
fn portable4(states: &mut [[u64; 8]; 4], blocks: [&[u8; 128]; 4]) {
    for (state, block) in states.iter_mut().zip(blocks) {
        sha2::block_api::compress512(state, core::slice::from_ref(block));
    }
}

/// `a := compress(a, block_a)` and `b := compress(b, block_b)`; in two AVX2 lanes when
/// available (the other two lanes idle), else one after the other.
#[inline]
pub(crate) fn compress2(
    a: &mut [u64; 8],
    block_a: &[u8; 128],
    b: &mut [u64; 8],
    block_b: &[u8; 128],
) {
    #[cfg(target_arch = "x86_64")]
    if avx2_cpuid::get() {
        let mut states = [*a, *b, *a, *b];
        // SAFETY: as in `compress4`: AVX2 support was checked at run time.
        unsafe { avx2::compress4(&mut states, [block_a, block_b, block_a, block_b]) };
        let [na, nb, ..] = states;
        *a = na;
        *b = nb;
        zeroize::Zeroize::zeroize(&mut states);
        return;
    }
    sha2::block_api::compress512(a, core::slice::from_ref(block_a));
    sha2::block_api::compress512(b, core::slice::from_ref(block_b));
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use core::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_extract_epi64,
        _mm256_or_si256, _mm256_set1_epi64x, _mm256_set_epi64x, _mm256_slli_epi64,
        _mm256_srli_epi64, _mm256_xor_si256,
    };

    use super::K;

    macro_rules! rotr {
        ($x:expr, $n:literal) => {
            _mm256_or_si256(
                _mm256_srli_epi64::<$n>($x),
                _mm256_slli_epi64::<{ 64 - $n }>($x),
            )
        };
    }

    macro_rules! add {
        ($a:expr, $b:expr) => {
            _mm256_add_epi64($a, $b)
        };
    }

    #[allow(clippy::cast_possible_wrap)] // bit-for-bit reinterpretation of u64 lanes
    fn word(block: &[u8; 128], t: usize) -> i64 {
        let mut w = [0u8; 8];
        if let Some(src) = block.get(t * 8..t * 8 + 8) {
            w.copy_from_slice(src);
        }
        u64::from_be_bytes(w) as i64
    }

    /// The AVX2 kernel.
    #[target_feature(enable = "avx2")]
    #[allow(
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        clippy::many_single_char_names,
        clippy::indexing_slicing
    )] // lanes are reinterpreted bit for bit; schedule indices are masked with `& 15`
    pub(super) fn compress4(states: &mut [[u64; 8]; 4], blocks: [&[u8; 128]; 4]) {
        let [b0, b1, b2, b3] = blocks;
        let mut w: [__m256i; 16] = core::array::from_fn(|t| {
            _mm256_set_epi64x(word(b3, t), word(b2, t), word(b1, t), word(b0, t))
        });
        let [s0, s1, s2, s3] = *states;
        let init: [__m256i; 8] = core::array::from_fn(|i| {
            let lane = |s: &[u64; 8]| s.get(i).copied().unwrap_or(0) as i64;
            _mm256_set_epi64x(lane(&s3), lane(&s2), lane(&s1), lane(&s0))
        });
        let mut s = init;
        for (t, &k) in K.iter().enumerate() {
            let wt = if t >= 16 {
                let w15 = w[(t + 1) & 15];
                let w2 = w[(t + 14) & 15];
                let sigma0 = _mm256_xor_si256(
                    _mm256_xor_si256(rotr!(w15, 1), rotr!(w15, 8)),
                    _mm256_srli_epi64::<7>(w15),
                );
                let sigma1 = _mm256_xor_si256(
                    _mm256_xor_si256(rotr!(w2, 19), rotr!(w2, 61)),
                    _mm256_srli_epi64::<6>(w2),
                );
                let next = add!(add!(w[t & 15], sigma0), add!(w[(t + 9) & 15], sigma1));
                w[t & 15] = next;
                next
            } else {
                w[t & 15]
            };
            let [a, b, c, d, e, f, g, h] = s;
            let big_s1 =
                _mm256_xor_si256(_mm256_xor_si256(rotr!(e, 14), rotr!(e, 18)), rotr!(e, 41));
            let ch = _mm256_xor_si256(_mm256_and_si256(e, f), _mm256_andnot_si256(e, g));
            let t1 = add!(
                add!(add!(h, big_s1), add!(ch, _mm256_set1_epi64x(k as i64))),
                wt
            );
            let big_s0 =
                _mm256_xor_si256(_mm256_xor_si256(rotr!(a, 28), rotr!(a, 34)), rotr!(a, 39));
            let maj = _mm256_xor_si256(
                _mm256_and_si256(_mm256_xor_si256(a, b), c),
                _mm256_and_si256(a, b),
            );
            s = [add!(t1, add!(big_s0, maj)), a, b, c, add!(d, t1), e, f, g];
        }
        for (i, (v, start)) in s.iter().zip(init).enumerate() {
            let sum = add!(*v, start);
            let lanes = [
                _mm256_extract_epi64::<0>(sum) as u64,
                _mm256_extract_epi64::<1>(sum) as u64,
                _mm256_extract_epi64::<2>(sum) as u64,
                _mm256_extract_epi64::<3>(sum) as u64,
            ];
            for (state, lane) in states.iter_mut().zip(lanes) {
                if let Some(word) = state.get_mut(i) {
                    *word = lane;
                }
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation)] // test data patterns
mod tests {
    use super::*;

    #[test]
    fn simd_lanes_equal_portable_compressions() {
        let blocks: [[u8; 128]; 4] =
            core::array::from_fn(|l| core::array::from_fn(|i| (i * 31 + l * 7 + 1) as u8));
        let states: [[u64; 8]; 4] = core::array::from_fn(|l| {
            core::array::from_fn(|i| ((i as u64 + 1) * 0x0123_4567_89ab_cdef) ^ l as u64)
        });
        let [b0, b1, b2, b3] = &blocks;
        let mut expected = states;
        portable4(&mut expected, [b0, b1, b2, b3]);
        let mut got = states;
        compress4(&mut got, [b0, b1, b2, b3]);
        assert_eq!(got, expected);
        #[cfg(target_arch = "x86_64")]
        if avx2_cpuid::get() {
            let mut direct = states;
            // SAFETY: AVX2 support checked just above.
            unsafe { avx2::compress4(&mut direct, [b0, b1, b2, b3]) };
            assert_eq!(direct, expected);
        }
        let (mut a, mut b) = (states[0], states[1]);
        compress2(&mut a, b0, &mut b, b1);
        assert_eq!([a, b], [expected[0], expected[1]]);
    }
}
