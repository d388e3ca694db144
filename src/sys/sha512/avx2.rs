//! Four SHA-512 compressions in the four 64-bit lanes of AVX2 registers. AVX2 has no 64-bit
//! rotate, so each rotate is two shifts and an OR.

use core::arch::x86_64::{
    _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_loadu_si256, _mm256_or_si256,
    _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_slli_epi64, _mm256_srli_epi64,
    _mm256_storeu_si256, _mm256_xor_si256,
};

use super::lanes::{from_lanes, to_lanes, K};

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

/// `states[i] := compress(states[i], blocks[i])` for the four lanes.
#[target_feature(enable = "avx2")]
#[allow(
    clippy::cast_possible_wrap,
    clippy::many_single_char_names,
    clippy::indexing_slicing
)] // round constants are reinterpreted bit for bit; schedule indices are masked with `& 15`
pub(super) fn compress4(states: &mut [[u64; 8]; 4], blocks: &[[u8; 128]; 4]) {
    let (mut wl, mut sl) = to_lanes(states, blocks);
    let mut w = [_mm256_setzero_si256(); 16];
    for (v, row) in w.iter_mut().zip(&wl) {
        // SAFETY: `row` is four u64s, exactly one 256-bit vector; the load is unaligned.
        *v = unsafe { _mm256_loadu_si256(row.as_ptr().cast()) };
    }
    let mut init = [_mm256_setzero_si256(); 8];
    for (v, row) in init.iter_mut().zip(&sl) {
        // SAFETY: as above.
        *v = unsafe { _mm256_loadu_si256(row.as_ptr().cast()) };
    }
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
        let big_s1 = _mm256_xor_si256(_mm256_xor_si256(rotr!(e, 14), rotr!(e, 18)), rotr!(e, 41));
        let ch = _mm256_xor_si256(_mm256_and_si256(e, f), _mm256_andnot_si256(e, g));
        let t1 = add!(
            add!(add!(h, big_s1), add!(ch, _mm256_set1_epi64x(k as i64))),
            wt
        );
        let big_s0 = _mm256_xor_si256(_mm256_xor_si256(rotr!(a, 28), rotr!(a, 34)), rotr!(a, 39));
        let maj = _mm256_xor_si256(
            _mm256_and_si256(_mm256_xor_si256(a, b), c),
            _mm256_and_si256(a, b),
        );
        s = [add!(t1, add!(big_s0, maj)), a, b, c, add!(d, t1), e, f, g];
    }
    for ((v, start), row) in s.iter_mut().zip(&init).zip(sl.iter_mut()) {
        *v = add!(*v, *start);
        // SAFETY: `row` is four u64s, exactly one 256-bit vector; the store is unaligned.
        unsafe { _mm256_storeu_si256(row.as_mut_ptr().cast(), *v) };
    }
    from_lanes(states, &sl);
    // The schedule and the working state are functions of secret blocks and states.
    zeroize::Zeroize::zeroize(&mut w);
    zeroize::Zeroize::zeroize(&mut s);
    zeroize::Zeroize::zeroize(&mut init);
    zeroize::Zeroize::zeroize(&mut wl);
    zeroize::Zeroize::zeroize(&mut sl);
}
