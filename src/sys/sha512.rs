//! SHA-512 compression kernels and their run-time dispatch: the kernels and the round
//! constants, nothing else (HMAC lives in `hash`).
//!
//! SHA-512 rounds are one long dependency chain, so a single compression leaves most of a
//! wide core idle; independent compressions side by side in SIMD lanes fill it. The kernels:
//!
//! | kernel | lanes | needs | file |
//! |---|--:|---|---|
//! | [`Kernel::Portable`] | 1 | — | `sha2::block_api::compress512` |
//! | [`Kernel::Avx2x4`] | 4 | AVX2 | `sha512/avx2.rs` (rotates as two shifts and an OR) |
//! | [`Kernel::Avx512x2`], [`Kernel::Avx512x4`], [`Kernel::Avx512x8`] | 2, 4, 8 | AVX-512F + VL | `sha512/avx512.rs` (`vprorq`, `vpternlogq`) |
//!
//! [`detect`] picks, once per process, the kernel for each batch width from [`DISPATCH`]
//! and the CPU (`cpufeatures`, so the default build needs no `-C target-cpu`). A batch of
//! N compressions runs the widest chosen kernel of at most N lanes as often as it fits, then
//! narrower ones, then [`Kernel::Portable`] for what is left.
//!
//! **Testing switch.** With the unstable `sha512-kernel-override` feature (and only then:
//! other builds never read the environment), the environment variable
//! `FASTBIP32_SHA512_KERNEL` = `portable` | `avx2` | `avx512`, read once at detection, caps
//! the instruction set the dispatch may use (it never enables one the CPU lacks; an empty
//! value is no cap; other values are ignored, and make the unit test
//! `forced_kernel_is_honoured` fail, as does a value set in a build without the feature).
//! CI runs the test suite once per value the machine supports. Every kernel is also tested
//! directly, whatever the switch, against `sha2` (`tests` below).

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

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[macro_use]
mod macros;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod avx2;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod avx512;
#[cfg(any(
    feature = "mnemonic-english",
    feature = "ed25519-bip32",
    feature = "sr25519"
))]
pub(crate) mod pbkdf2;

#[cfg(any(test, feature = "sha512-kernel-override"))]
/// The environment variable that caps the dispatch, with `sha512-kernel-override` (see the
/// module docs).
pub(crate) const KERNEL_ENV: &str = "FASTBIP32_SHA512_KERNEL";

/// An instruction-set level, lowest first; a kernel runs only where the CPU has its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Isa {
    /// Any CPU.
    Portable,
    /// x86-64 with AVX2.
    Avx2,
    /// x86-64 with AVX-512F and AVX-512VL.
    Avx512,
}

impl Isa {
    /// The name used by `FASTBIP32_SHA512_KERNEL`.
    #[cfg(feature = "sha512-kernel-override")]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Portable => "portable",
            Self::Avx2 => "avx2",
            Self::Avx512 => "avx512",
        }
    }

    /// The level named `name` (as [`name`](Self::name) spells it).
    #[cfg(feature = "sha512-kernel-override")]
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Portable, Self::Avx2, Self::Avx512]
            .into_iter()
            .find(|isa| isa.name() == name)
    }
}

/// One implementation of [`lanes`](Self::lanes) independent SHA-512 compressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// One compression through `sha2` (its own scalar rounds): the fallback for every width.
    Portable,
    /// Four lanes in AVX2 ymm registers.
    Avx2x4,
    /// Two lanes in AVX-512VL xmm registers.
    Avx512x2,
    /// Four lanes in AVX-512VL ymm registers.
    Avx512x4,
    /// Eight lanes in AVX-512F zmm registers.
    Avx512x8,
}

impl Kernel {
    /// Every kernel, for tests and benches.
    #[cfg(any(test, feature = "bench-internals"))]
    pub const ALL: [Self; 5] = [
        Self::Portable,
        Self::Avx2x4,
        Self::Avx512x2,
        Self::Avx512x4,
        Self::Avx512x8,
    ];

    /// Compressions per call.
    pub const fn lanes(self) -> usize {
        match self {
            Self::Portable => 1,
            Self::Avx512x2 => 2,
            Self::Avx2x4 | Self::Avx512x4 => 4,
            Self::Avx512x8 => 8,
        }
    }

    /// The instruction set it needs.
    pub const fn isa(self) -> Isa {
        match self {
            Self::Portable => Isa::Portable,
            Self::Avx2x4 => Isa::Avx2,
            Self::Avx512x2 | Self::Avx512x4 | Self::Avx512x8 => Isa::Avx512,
        }
    }
}

/// **The dispatch table**: the SIMD kernels [`detect`] may choose, best first within each
/// width. For each width (8, 4, 2 lanes) it keeps the first kernel listed whose instruction
/// set the CPU has. Keep a kernel here only while it measures faster than what replaces it
/// (`cargo bench --bench kernels`): deleting a line is the whole change. Deleting
/// `Avx512x2` runs HMAC key schedules as two portable compressions; deleting `Avx512x8` runs
/// 8-lane batches as two 4-lane passes; deleting `Avx2x4` leaves AVX2-only CPUs on portable
/// code.
pub const DISPATCH: &[Kernel] = &[
    Kernel::Avx512x8,
    Kernel::Avx512x4,
    Kernel::Avx2x4,
    Kernel::Avx512x2,
];

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
cpufeatures::new!(avx2_cpuid, "avx2");
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
cpufeatures::new!(avx512_cpuid, "avx512f", "avx512vl");

/// The highest level this CPU has.
fn cpu_isa() -> Isa {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        if avx512_cpuid::get() {
            return Isa::Avx512;
        }
        if avx2_cpuid::get() {
            return Isa::Avx2;
        }
    }
    Isa::Portable
}

#[cfg(any(test, feature = "bench-internals"))]
/// Whether this CPU can run `kernel`.
pub fn supported(kernel: Kernel) -> bool {
    kernel.isa() <= cpu_isa()
}

/// The kernels chosen for this process: one per width, widest first ([`Kernel::Portable`]
/// where no SIMD kernel of that width is allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The level the plan may use: the CPU's, capped by `FASTBIP32_SHA512_KERNEL`.
    pub isa: Isa,
    /// The kernels for 8, 4 and 2 lanes.
    pub by_width: [Kernel; 3],
}

impl Plan {
    /// The plan [`DISPATCH`] gives for CPUs of level `isa`.
    pub fn for_isa(isa: Isa) -> Self {
        let pick = |lanes: usize| {
            DISPATCH
                .iter()
                .copied()
                .find(|k| k.lanes() == lanes && k.isa() <= isa)
                .unwrap_or(Kernel::Portable)
        };
        Self {
            isa,
            by_width: [pick(8), pick(4), pick(2)],
        }
    }
}

/// The level `FASTBIP32_SHA512_KERNEL` asks for, if it is set to a known name.
#[cfg(feature = "sha512-kernel-override")]
fn forced() -> Option<Isa> {
    let value = std::env::var_os(KERNEL_ENV)?;
    Isa::from_name(value.to_str()?)
}

/// Chooses the kernels: the CPU's level (capped by the testing switch where the
/// `sha512-kernel-override` feature compiles it in), through [`DISPATCH`]. Runs once per
/// process (the result is cached by [`plan`]).
pub fn detect() -> Plan {
    #[cfg(feature = "sha512-kernel-override")]
    if let Some(cap) = forced() {
        return Plan::for_isa(cpu_isa().min(cap));
    }
    Plan::for_isa(cpu_isa())
}

static PLAN: spin::Once<Plan> = spin::Once::new();

/// This process's plan, detected on first use.
pub fn plan() -> &'static Plan {
    PLAN.call_once(detect)
}

/// One compression (`sha2`).
#[inline]
pub(crate) fn compress(state: &mut [u64; 8], block: &[u8; 128]) {
    sha2::block_api::compress512(state, core::slice::from_ref(block));
}

/// `states[i] := compress(states[i], blocks[i])` for `N` independent compressions, through
/// this process's [`plan`].
#[inline]
pub(crate) fn compress_many<const N: usize>(states: &mut [[u64; 8]; N], blocks: &[[u8; 128]; N]) {
    let plan = plan();
    // SAFETY: every kernel of the plan has `isa() <= plan.isa <= cpu_isa()` (`detect`).
    unsafe { run_plan(&plan.by_width, states, blocks) };
}

#[cfg(any(test, feature = "bench-internals"))]
/// Runs `kernel` over `states`/`blocks` (equal lengths, a multiple of its lane count), for
/// tests and benches. Returns `false`, doing nothing, where the CPU lacks the kernel's
/// instruction set or the lengths do not fit.
pub fn compress_with(kernel: Kernel, states: &mut [[u64; 8]], blocks: &[[u8; 128]]) -> bool {
    if !supported(kernel)
        || states.len() != blocks.len()
        || !states.len().is_multiple_of(kernel.lanes())
    {
        return false;
    }
    for (s, b) in states
        .chunks_exact_mut(kernel.lanes())
        .zip(blocks.chunks_exact(kernel.lanes()))
    {
        // SAFETY: the CPU has `kernel.isa()` (checked above).
        unsafe { run(kernel, s, b) };
    }
    true
}

/// Runs `kernels` (widest first), each as often as it fits, then portable for the rest.
///
/// # Safety
/// The CPU has every kernel's instruction set.
unsafe fn run_plan(kernels: &[Kernel], mut states: &mut [[u64; 8]], mut blocks: &[[u8; 128]]) {
    for &kernel in kernels {
        let lanes = kernel.lanes();
        if kernel == Kernel::Portable {
            continue;
        }
        while states.len() >= lanes && blocks.len() >= lanes {
            let (s, s_rest) = core::mem::take(&mut states).split_at_mut(lanes);
            let (b, b_rest) = blocks.split_at(lanes);
            // SAFETY: the caller guarantees the CPU has `kernel.isa()`.
            unsafe { run(kernel, s, b) };
            states = s_rest;
            blocks = b_rest;
        }
    }
    for (state, block) in states.iter_mut().zip(blocks) {
        compress(state, block);
    }
}

/// One call of `kernel`; slices of any other length than its lane count run portably.
///
/// # Safety
/// The CPU has `kernel.isa()`.
#[inline]
unsafe fn run(kernel: Kernel, states: &mut [[u64; 8]], blocks: &[[u8; 128]]) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    match kernel {
        Kernel::Portable => {}
        Kernel::Avx2x4 => {
            if let (Ok(s), Ok(b)) = ((&mut *states).try_into(), blocks.try_into()) {
                // SAFETY: the caller guarantees AVX2, the kernel's only requirement.
                unsafe { avx2::compress4(s, b) };
                return;
            }
        }
        Kernel::Avx512x2 => {
            if let (Ok(s), Ok(b)) = ((&mut *states).try_into(), blocks.try_into()) {
                // SAFETY: the caller guarantees AVX-512F and VL, the kernel's requirements.
                unsafe { avx512::xmm::compress2(s, b) };
                return;
            }
        }
        Kernel::Avx512x4 => {
            if let (Ok(s), Ok(b)) = ((&mut *states).try_into(), blocks.try_into()) {
                // SAFETY: as above.
                unsafe { avx512::ymm::compress4(s, b) };
                return;
            }
        }
        Kernel::Avx512x8 => {
            if let (Ok(s), Ok(b)) = ((&mut *states).try_into(), blocks.try_into()) {
                // SAFETY: the caller guarantees AVX-512F, the kernel's requirement.
                unsafe { avx512::zmm::compress8(s, b) };
                return;
            }
        }
    }
    let _ = kernel;
    for (state, block) in states.iter_mut().zip(blocks) {
        compress(state, block);
    }
}

/// `L` blocks and states transposed into rows of lanes: `w[t][l]` is big-endian word `t` of
/// block `l`, `s[i][l]` is word `i` of state `l`. The caller wipes both.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(clippy::indexing_slicing)] // t < 16, i < 8, l < L by construction
fn to_lanes<const L: usize>(
    states: &[[u64; 8]; L],
    blocks: &[[u8; 128]; L],
) -> ([[u64; L]; 16], [[u64; L]; 8]) {
    let mut w = [[0u64; L]; 16];
    let mut s = [[0u64; L]; 8];
    for (l, (state, block)) in states.iter().zip(blocks).enumerate() {
        for (t, bytes) in block.as_chunks::<8>().0.iter().enumerate() {
            w[t][l] = u64::from_be_bytes(*bytes);
        }
        for (i, &word) in state.iter().enumerate() {
            s[i][l] = word;
        }
    }
    (w, s)
}

/// The inverse of [`to_lanes`] for states.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(clippy::indexing_slicing)] // i < 8, l < L by construction
fn from_lanes<const L: usize>(states: &mut [[u64; 8]; L], s: &[[u64; L]; 8]) {
    for (l, state) in states.iter_mut().enumerate() {
        for (i, word) in state.iter_mut().enumerate() {
            *word = s[i][l];
        }
    }
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation)] // test data patterns
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn reference(states: &[[u64; 8]], blocks: &[[u8; 128]]) -> std::vec::Vec<[u64; 8]> {
        let mut out = states.to_vec();
        for (s, b) in out.iter_mut().zip(blocks) {
            sha2::block_api::compress512(s, core::slice::from_ref(b));
        }
        out
    }

    fn lanes_strategy(
        n: usize,
    ) -> impl Strategy<Value = (std::vec::Vec<[u64; 8]>, std::vec::Vec<[u8; 128]>)> {
        (
            proptest::collection::vec(any::<[u64; 8]>(), n),
            proptest::collection::vec(proptest::array::uniform32(any::<[u8; 4]>()), n),
        )
            .prop_map(|(s, b)| {
                let blocks = b
                    .into_iter()
                    .map(|words| {
                        let mut block = [0u8; 128];
                        for (chunk, w) in block.chunks_exact_mut(4).zip(words) {
                            chunk.copy_from_slice(&w);
                        }
                        block
                    })
                    .collect();
                (s, blocks)
            })
    }

    proptest! {
        /// Every kernel this CPU has, called directly, equals `sha2` lane by lane; one
        /// kernel's lanes do not leak into each other (independent random inputs).
        #[test]
        fn every_kernel_equals_sha2((states, blocks) in lanes_strategy(16)) {
            let expected = reference(&states, &blocks);
            for kernel in Kernel::ALL {
                let mut got = states.clone();
                let ran = compress_with(kernel, &mut got, &blocks);
                prop_assert_eq!(ran, supported(kernel), "{:?}", kernel);
                if ran {
                    prop_assert_eq!(&got, &expected, "{:?}", kernel);
                }
            }
        }

        /// The plan of every level this CPU has (what `FASTBIP32_SHA512_KERNEL` would
        /// force), over every batch width used, equals `sha2`.
        #[test]
        fn every_plan_equals_sha2((states, blocks) in lanes_strategy(15)) {
            let expected = reference(&states, &blocks);
            for isa in [Isa::Portable, Isa::Avx2, Isa::Avx512] {
                if isa > cpu_isa() {
                    continue;
                }
                let plan = Plan::for_isa(isa);
                for n in [1, 2, 3, 4, 7, 8, 15] {
                    let mut got = states[..n].to_vec();
                    // SAFETY: `isa <= cpu_isa()`, so the CPU has every kernel of the plan.
                    unsafe { run_plan(&plan.by_width, &mut got, &blocks[..n]) };
                    prop_assert_eq!(&got[..], &expected[..n], "{:?} n={}", isa, n);
                }
            }
        }
    }

    #[test]
    fn fixed_vector_every_kernel() {
        // SHA-512("abc") (FIPS 180-4 example): one padded block from the IV, in every lane.
        let mut block = [0u8; 128];
        block[..3].copy_from_slice(b"abc");
        block[3] = 0x80;
        block[127] = 24;
        let iv = [
            0x6a09_e667_f3bc_c908,
            0xbb67_ae85_84ca_a73b,
            0x3c6e_f372_fe94_f82b,
            0xa54f_f53a_5f1d_36f1,
            0x510e_527f_ade6_82d1,
            0x9b05_688c_2b3e_6c1f,
            0x1f83_d9ab_fb41_bd6b,
            0x5be0_cd19_137e_2179,
        ];
        for kernel in Kernel::ALL {
            let mut states = [iv; 8];
            if compress_with(kernel, &mut states, &[block; 8]) {
                for s in states {
                    assert_eq!(s[0], 0xddaf_35a1_9361_7aba, "{kernel:?}");
                    assert_eq!(s[7], 0x2a9a_c94f_a54c_a49f, "{kernel:?}");
                }
            }
        }
    }

    #[test]
    fn dispatch_table_is_well_formed() {
        assert!(!DISPATCH.contains(&Kernel::Portable));
        // The plans never choose a kernel above their level, and every width is covered.
        for isa in [Isa::Portable, Isa::Avx2, Isa::Avx512] {
            let plan = Plan::for_isa(isa);
            for (kernel, lanes) in plan.by_width.iter().zip([8, 4, 2]) {
                assert!(kernel.isa() <= isa);
                assert!(*kernel == Kernel::Portable || kernel.lanes() == lanes);
            }
        }
        assert_eq!(Plan::for_isa(Isa::Portable).by_width, [Kernel::Portable; 3]);
    }

    /// The testing switch: when `FASTBIP32_SHA512_KERNEL` is set, the build must have the
    /// `sha512-kernel-override` feature, the value must name a level, and the process's plan
    /// is that level (capped by the CPU). CI sets it for each level.
    #[test]
    fn forced_kernel_is_honoured() {
        let detected = plan();
        match std::env::var(KERNEL_ENV) {
            Err(_) => assert_eq!(detected.isa, cpu_isa()),
            Ok(name) if name.is_empty() => assert_eq!(detected.isa, cpu_isa()),
            #[cfg(not(feature = "sha512-kernel-override"))]
            Ok(name) => panic!(
                "{KERNEL_ENV}={name:?} is set, but this build lacks the \
                 `sha512-kernel-override` feature, so the dispatch does not read it"
            ),
            #[cfg(feature = "sha512-kernel-override")]
            Ok(name) => {
                let cap = Isa::from_name(&name)
                    .unwrap_or_else(|| panic!("{KERNEL_ENV}={name:?} names no kernel"));
                assert_eq!(detected.isa, cap.min(cpu_isa()));
                std::eprintln!("{KERNEL_ENV}={name}: plan {detected:?}");
            }
        }
        assert_eq!(*detected, Plan::for_isa(detected.isa));
    }
}
