//! BIP-39 seeds per second on one core: fastbip32 one at a time (`Mnemonic::to_seed`) and in
//! 4 and 8 SIMD lanes, against the `pbkdf2` crate over `sha2` (criterion, throughput in
//! seeds), then the same as interleaved paired ratios (`paired/pbkdf2/…`, the same number of
//! seeds on both sides, so a ratio is a ratio of seeds/s). Python's `hashlib` (OpenSSL) is
//! timed by `pbkdf2_hashlib.py` beside this crate.
//!
//! The kernel rows (`pbkdf2/iterations_2047`): one call of each PBKDF2 loop over 8 lanes,
//! 2,047 iterations (a BIP-39 seed after `U_1`), throughput in compression-lanes (2 × 2,047
//! × 8 per call), so criterion's time per element is the ns per compression-lane; a last line
//! gives it in cycles at the clock a dependent-add chain measures. The paired kernel rows
//! decide the dispatch table (`DISPATCH`, `src/sys/sha512/dispatch.rs`): the 8-lane zmm loop against
//! two 4-lane ymm calls, AVX2 against portable; the remainder rows, one 4-lane call against
//! one portable lane, decide the padding of remainders (`src/sys/sha512/pbkdf2.rs`).
//!
//! ```text
//! cd benches && taskset -c 1 cargo bench --bench pbkdf2
//! taskset -c 1 python3 pbkdf2_hashlib.py
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fastbip32::__kernels::pbkdf2::{has_loop, iterate_with};
use fastbip32::__kernels::{supported, Kernel};
use fastbip32_benches::paired;
use fastbip32_benches::pbkdf2::{self as seeds, Ctx};

/// Iterations per kernel call: a BIP-39 seed's after `U_1`.
const ITERATIONS: u32 = seeds::ROUNDS - 1;

/// Eight lanes of one word array each: inner states, outer states, or blocks.
type Lanes = [[u64; 8]; 8];

/// Eight lanes of kernel input (the cost does not depend on the data).
fn lanes() -> (Lanes, Lanes, Lanes) {
    let inner = core::array::from_fn(|l| [0x6a09_e667_f3bc_c908 ^ l as u64; 8]);
    let outer = core::array::from_fn(|l| [0x5be0_cd19_137e_2179 ^ l as u64; 8]);
    let blocks = core::array::from_fn(|l| [l as u64; 8]);
    (inner, outer, blocks)
}

/// The kernel rows: (id, kernel), each over 8 lanes in as many calls as it takes.
fn kernel_rows() -> Vec<(&'static str, Kernel)> {
    [
        ("avx512-8lane-zmm", Kernel::Avx512x8),
        ("avx512-4lane-ymm-x2", Kernel::Avx512x4),
        ("avx2-4lane-x2", Kernel::Avx2x4),
        ("portable-x8", Kernel::Portable),
    ]
    .into_iter()
    .filter(|&(_, k)| supported(k) && has_loop(k))
    .collect()
}

/// One kernel's 8 lanes of 2,047 iterations.
fn run(kernel: Kernel) -> Lanes {
    run_lanes(kernel, 8)
}

/// One kernel's first `n` lanes of 2,047 iterations (`n` a multiple of its lane count).
fn run_lanes(kernel: Kernel, n: usize) -> Lanes {
    let (inner, outer, mut blocks) = lanes();
    assert!(iterate_with(
        kernel,
        black_box(&inner[..n]),
        black_box(&outer[..n]),
        &mut blocks[..n],
        ITERATIONS
    ));
    blocks
}

fn seed_rows(c: &mut Criterion) {
    let ctx = Ctx::new();
    let expected = seeds::pbkdf2_crate::<8>(&ctx);
    assert_eq!(seeds::fastbip32_lanes::<8>(&ctx), expected);
    assert_eq!(seeds::fastbip32_lanes::<4>(&ctx)[..], expected[..4]);
    assert_eq!(seeds::fastbip32_one(&ctx)[..], expected[..1]);

    let mut g = c.benchmark_group(seeds::GROUP);
    g.sample_size(10);
    g.throughput(Throughput::Elements(1));
    g.bench_function("fastbip32-1lane", |b| {
        b.iter(|| seeds::fastbip32_one(black_box(&ctx)));
    });
    g.bench_function("pbkdf2-sha2", |b| {
        b.iter(|| seeds::pbkdf2_crate::<1>(black_box(&ctx)));
    });
    g.throughput(Throughput::Elements(4));
    g.bench_function("fastbip32-4lanes", |b| {
        b.iter(|| seeds::fastbip32_lanes::<4>(black_box(&ctx)));
    });
    g.throughput(Throughput::Elements(8));
    g.bench_function("fastbip32-8lanes", |b| {
        b.iter(|| seeds::fastbip32_lanes::<8>(black_box(&ctx)));
    });
    g.finish();
}

fn kernel_criterion_rows(c: &mut Criterion) {
    let reference = run(Kernel::Portable);
    let mut g = c.benchmark_group(seeds::KERNEL_GROUP);
    g.sample_size(10);
    g.throughput(Throughput::Elements(2 * u64::from(ITERATIONS) * 8));
    for (id, kernel) in kernel_rows() {
        assert_eq!(run(kernel), reference, "{id}");
        g.bench_function(id, |b| b.iter(|| run(kernel)));
    }
    g.finish();
}

/// The paired rows: seeds (the same count on both sides) and kernels.
fn paired_rows(_: &mut Criterion) {
    let ctx = Ctx::new();
    let group = |lanes: &str| format!("{}_{lanes}", seeds::GROUP);
    paired::ratio_of(
        &group("1"),
        "fastbip32_1_lane",
        "pbkdf2",
        || seeds::fastbip32_one(black_box(&ctx)),
        || seeds::pbkdf2_crate::<1>(black_box(&ctx)),
    );
    paired::ratio_of(
        &group("4"),
        "fastbip32_4_lanes",
        "pbkdf2",
        || seeds::fastbip32_lanes::<4>(black_box(&ctx)),
        || seeds::pbkdf2_crate::<4>(black_box(&ctx)),
    );
    paired::ratio_of(
        &group("8"),
        "fastbip32_8_lanes",
        "pbkdf2",
        || seeds::fastbip32_lanes::<8>(black_box(&ctx)),
        || seeds::pbkdf2_crate::<8>(black_box(&ctx)),
    );
    let rows = kernel_rows();
    for (ours, other) in [
        (Kernel::Avx512x8, Kernel::Avx512x4),
        (Kernel::Avx2x4, Kernel::Portable),
    ] {
        let name = |k: Kernel| rows.iter().find(|(_, r)| *r == k).map(|(id, _)| *id);
        if let (Some(a), Some(b)) = (name(ours), name(other)) {
            paired::ratio_of(seeds::KERNEL_GROUP, a, b, || run(ours), || run(other));
        }
    }
    // The remainder rule (`run_plan` in src/sys/sha512/pbkdf2.rs): one call of a 4-lane
    // kernel against one portable lane. About 1 or more: padding a remainder of 2 or 3 lanes
    // into one call beats running them portably.
    for (kernel, id) in [
        (Kernel::Avx512x4, "avx512-4lane-ymm-1call"),
        (Kernel::Avx2x4, "avx2-4lane-1call"),
    ] {
        if supported(kernel) {
            paired::ratio_of(
                &format!("{}_remainder/{id}", seeds::KERNEL_GROUP),
                id,
                "portable-1lane",
                || run_lanes(kernel, 4),
                || run_lanes(Kernel::Portable, 1),
            );
        }
    }
}

/// ns and cycles per compression-lane of each kernel row, the clock measured with a chain
/// of dependent adds just before (the median of 9 calls per kernel).
fn cycles_line(_: &mut Criterion) {
    if !paired::enabled(seeds::KERNEL_GROUP) {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let ghz = seeds::clock_ghz();
        for (id, kernel) in kernel_rows() {
            let mut times: Vec<f64> = (0..9)
                .map(|_| {
                    let start = Instant::now();
                    black_box(run(kernel));
                    start.elapsed().as_secs_f64()
                })
                .collect();
            times.sort_by(f64::total_cmp);
            let ns = times[4] * 1e9 / (2.0 * f64::from(ITERATIONS) * 8.0);
            println!(
                "{}/{id}: {ns:.1} ns per compression-lane, {:.0} cycles at {ghz:.2} GHz \
                 (dependent-add clock)",
                seeds::KERNEL_GROUP,
                ns * ghz
            );
        }
    }
}

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500))
}

criterion_group! {
    name = benches;
    config = config();
    targets = seed_rows, kernel_criterion_rows, paired_rows, cycles_line
}
criterion_main!(benches);
