//! Four independent SHA-512 compressions in the four 64-bit lanes of AVX2 registers: a
//! kernel and the SHA-512 round constants, nothing else (HMAC lives in `hash`).
//!
//! SHA-512 rounds are one long dependency chain, so a single compression leaves most of a
//! wide core idle; four independent ones fill it. The portable fallback runs the four
//! compressions one after another through `sha2`. Selected at run time (`cpufeatures`), so
//! the default build needs no `-C target-cpu`. Tested against `sha2` on every call path in
//! `hash.rs`'s tests.

/// SHA-512 round constants (FIPS 180-4 §4.2.3).
pub(crate) const K: [u64; 80] = [
    0x428a_2f98_d728_ae22,
    0x7137_4491_23ef_65cd,
    0xb5c0_fbcf_ec4d_3b2f,
    0xe9b5_dba5_8189_dbbc,
    0x3956_c25b_f348_b538,
    0x59f1_11f1_b605_d019,
    0x923f_82a4_af19_4f9b,
    0xab1c_5ed5_da6d_8118,
    0xd807_aa98_a303_0242,
    0x1283_5b01_4570_6fbe,
    0x2431_85be_4ee4_b28c,
    0x550c_7dc3_d5ff_b4e2,
    0x72be_5d74_f27b_896f,
    0x80de_b1fe_3b16_96b1,
    0x9bdc_06a7_25c7_1235,
    0xc19b_f174_cf69_2694,
    0xe49b_69c1_9ef1_4ad2,
    0xefbe_4786_384f_25e3,
    0x0fc1_9dc6_8b8c_d5b5,
    0x240c_a1cc_77ac_9c65,
    0x2de9_2c6f_592b_0275,
    0x4a74_84aa_6ea6_e483,
    0x5cb0_a9dc_bd41_fbd4,
    0x76f9_88da_8311_53b5,
    0x983e_5152_ee66_dfab,
    0xa831_c66d_2db4_3210,
    0xb003_27c8_98fb_213f,
    0xbf59_7fc7_beef_0ee4,
    0xc6e0_0bf3_3da8_8fc2,
    0xd5a7_9147_930a_a725,
    0x06ca_6351_e003_826f,
    0x1429_2967_0a0e_6e70,
    0x27b7_0a85_46d2_2ffc,
    0x2e1b_2138_5c26_c926,
    0x4d2c_6dfc_5ac4_2aed,
    0x5338_0d13_9d95_b3df,
    0x650a_7354_8baf_63de,
    0x766a_0abb_3c77_b2a8,
    0x81c2_c92e_47ed_aee6,
    0x9272_2c85_1482_353b,
    0xa2bf_e8a1_4cf1_0364,
    0xa81a_664b_bc42_3001,
    0xc24b_8b70_d0f8_9791,
    0xc76c_51a3_0654_be30,
    0xd192_e819_d6ef_5218,
    0xd699_0624_5565_a910,
    0xf40e_3585_5771_202a,
    0x106a_a070_32bb_d1b8,
    0x19a4_c116_b8d2_d0c8,
    0x1e37_6c08_5141_ab53,
    0x2748_774c_df8e_eb99,
    0x34b0_bcb5_e19b_48a8,
    0x391c_0cb3_c5c9_5a63,
    0x4ed8_aa4a_e341_8acb,
    0x5b9c_ca4f_7763_e373,
    0x682e_6ff3_d6b2_b8a3,
    0x748f_82ee_5def_b2fc,
    0x78a5_636f_4317_2f60,
    0x84c8_7814_a1f0_ab72,
    0x8cc7_0208_1a64_39ec,
    0x90be_fffa_2363_1e28,
    0xa450_6ceb_de82_bde9,
    0xbef9_a3f7_b2c6_7915,
    0xc671_78f2_e372_532b,
    0xca27_3ece_ea26_619c,
    0xd186_b8c7_21c0_c207,
    0xeada_7dd6_cde0_eb1e,
    0xf57d_4f7f_ee6e_d178,
    0x06f0_67aa_7217_6fba,
    0x0a63_7dc5_a2c8_98a6,
    0x113f_9804_bef9_0dae,
    0x1b71_0b35_131c_471b,
    0x28db_77f5_2304_7d84,
    0x32ca_ab7b_40c7_2493,
    0x3c9e_be0a_15c9_bebc,
    0x431d_67c4_9c10_0d4c,
    0x4cc5_d4be_cb3e_42b6,
    0x597f_299c_fc65_7e2a,
    0x5fcb_6fab_3ad6_faec,
    0x6c44_198c_4a47_5817,
];

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
        // The schedule and the working state are functions of secret blocks and states.
        zeroize::Zeroize::zeroize(&mut w);
        zeroize::Zeroize::zeroize(&mut s);
        let mut init = init;
        zeroize::Zeroize::zeroize(&mut init);
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
    }
}
