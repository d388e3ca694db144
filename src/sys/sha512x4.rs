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

/// A 128-byte block as 16 big-endian words.
fn words(block: &[u8; 128]) -> [u64; 16] {
    let mut w = [0u64; 16];
    for (word, bytes) in w.iter_mut().zip(block.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        *word = u64::from_be_bytes(b);
    }
    w
}

/// `states[i] := compress(states[i], blocks[i])` for the four lanes.
#[inline]
pub(crate) fn compress4(states: &mut [[u64; 8]; 4], blocks: [&[u8; 128]; 4]) {
    #[cfg(target_arch = "x86_64")]
    if avx2_cpuid::get() {
        let mut w = blocks.map(words);
        let [w0, w1, w2, w3] = &w;
        // SAFETY: the CPU supports AVX2 (checked at run time just above), which is the only
        // requirement of `avx2::compress4`; it reads only the given arrays.
        unsafe { avx2::compress4(states, [w0, w1, w2, w3]) };
        zeroize::Zeroize::zeroize(&mut w);
        return;
    }
    portable4(states, blocks);
}

/// The inner and outer HMAC-SHA512 states of a key of at most 128 bytes: two compressions
/// from the IV, of `key ⊕ ipad` and `key ⊕ opad`. With AVX2 the pads are formed in
/// registers from the key's words (no padded copy of the key in memory) and the two
/// compressions run in two lanes.
pub(crate) fn hmac_states(key: &[u8], iv: [u64; 8]) -> ([u64; 8], [u64; 8]) {
    let mut block = [0u8; 128];
    if let Some(dst) = block.get_mut(..key.len()) {
        dst.copy_from_slice(key);
    }
    let mut w = words(&block);
    zeroize::Zeroize::zeroize(&mut block);
    let mut ipad = w.map(|x| x ^ 0x3636_3636_3636_3636);
    let mut opad = w.map(|x| x ^ 0x5c5c_5c5c_5c5c_5c5c);
    zeroize::Zeroize::zeroize(&mut w);
    let mut states = [iv; 4];
    #[cfg(target_arch = "x86_64")]
    let done = if avx2_cpuid::get() {
        // SAFETY: AVX2 support was checked at run time just above.
        unsafe { avx2::compress4(&mut states, [&ipad, &opad, &ipad, &opad]) };
        true
    } else {
        false
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = false;
    if !done {
        for (state, pad) in states.iter_mut().zip([&ipad, &opad]) {
            let mut bytes = [0u8; 128];
            for (chunk, word) in bytes.chunks_exact_mut(8).zip(pad) {
                chunk.copy_from_slice(&word.to_be_bytes());
            }
            sha2::block_api::compress512(state, core::slice::from_ref(&bytes));
            zeroize::Zeroize::zeroize(&mut bytes);
        }
    }
    zeroize::Zeroize::zeroize(&mut ipad);
    zeroize::Zeroize::zeroize(&mut opad);
    let [inner, outer, ..] = states;
    zeroize::Zeroize::zeroize(&mut states);
    (inner, outer)
}

/// The fallback: four compressions one after another.
fn portable4(states: &mut [[u64; 8]; 4], blocks: [&[u8; 128]; 4]) {
    for (state, block) in states.iter_mut().zip(blocks) {
        sha2::block_api::compress512(state, core::slice::from_ref(block));
    }
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

    /// The AVX2 kernel.
    #[target_feature(enable = "avx2")]
    #[allow(
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        clippy::many_single_char_names,
        clippy::indexing_slicing
    )] // lanes are reinterpreted bit for bit; schedule indices are masked with `& 15`
    pub(super) fn compress4(states: &mut [[u64; 8]; 4], blocks: [&[u64; 16]; 4]) {
        let [b0, b1, b2, b3] = blocks;
        let mut w: [__m256i; 16] = core::array::from_fn(|t| {
            _mm256_set_epi64x(b3[t] as i64, b2[t] as i64, b1[t] as i64, b0[t] as i64)
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
            let w = [b0, b1, b2, b3].map(words);
            // SAFETY: AVX2 support checked just above.
            unsafe { avx2::compress4(&mut direct, [&w[0], &w[1], &w[2], &w[3]]) };
            assert_eq!(direct, expected);
        }
        // The HMAC key states: lanes fed from words equal two plain compressions of the pads.
        let key: [u8; 45] = core::array::from_fn(|i| i as u8 ^ 0xa5);
        let (mut inner, mut outer) = ([7u64; 8], [7u64; 8]);
        let mut ipad = [0x36u8; 128];
        let mut opad = [0x5cu8; 128];
        for ((i, o), k) in ipad.iter_mut().zip(opad.iter_mut()).zip(key) {
            *i ^= k;
            *o ^= k;
        }
        sha2::block_api::compress512(&mut inner, core::slice::from_ref(&ipad));
        sha2::block_api::compress512(&mut outer, core::slice::from_ref(&opad));
        assert_eq!(hmac_states(&key, [7u64; 8]), (inner, outer));
    }
}
