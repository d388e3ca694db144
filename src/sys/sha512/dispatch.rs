//! The kernels' run-time dispatch (see the [parent module](super)): the instruction sets,
//! the plan per batch width, and the compressions that follow it.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use super::{avx2, avx512};

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
pub(super) fn cpu_isa() -> Isa {
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
