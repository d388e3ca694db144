//! fastbip32's SHA-512 kernels, each path called directly (as BLAKE3 benches each of its
//! platforms), whatever the dispatch would pick: throughput in compressions per second, so
//! the rows compare per compression. Also the HMAC key schedule (two compressions from the
//! IV) as two portable compressions against one two-lane call. A kernel the CPU lacks has
//! no row. Every kernel's output is asserted equal to the portable one before timing.
//!
//! The dispatch table these rows decide is `DISPATCH` in `src/sys/sha512/dispatch.rs`: delete a
//! kernel's line there when its row here does not beat what would replace it.
//!
//! ```text
//! cd benches && taskset -c 1 cargo bench --bench kernels
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fastbip32::__kernels::{compress_with, hmac_key_schedule_with, plan, supported, Kernel};
use fastbip32_benches::floor;

/// Eight lanes of input: the IV and the floor's block, the same in every lane (the kernels'
/// cost does not depend on the data).
fn inputs() -> ([[u64; 8]; 8], [[u8; 128]; 8]) {
    ([floor::SHA512_IV; 8], [floor::BLOCK; 8])
}

/// The row id of `kernel` run over `n` compressions (`-xP` for P passes).
fn id(kernel: Kernel, n: usize) -> String {
    let name = match kernel {
        Kernel::Portable => "portable",
        Kernel::Avx2x4 => "avx2-4lane",
        Kernel::Avx512x2 => "avx512-2lane-xmm",
        Kernel::Avx512x4 => "avx512-4lane-ymm",
        Kernel::Avx512x8 => "avx512-8lane-zmm",
    };
    let passes = n / kernel.lanes();
    if passes == 1 {
        name.to_owned()
    } else {
        format!("{name}-x{passes}")
    }
}

fn kernels(c: &mut Criterion) {
    let (states, blocks) = inputs();
    let mut expected = states;
    assert!(compress_with(Kernel::Portable, &mut expected, &blocks));
    eprintln!("this process's dispatch: {:?}", plan());

    // Per-compression throughput of each kernel at its own width, and every kernel at
    // 8 compressions (what a sibling batch asks for): the 8-lane choice between one zmm
    // pass, two ymm passes, two AVX2 passes and eight portable compressions.
    let mut g = c.benchmark_group("sha512/compress");
    for kernel in Kernel::ALL {
        if !supported(kernel) {
            continue;
        }
        let mut widths = vec![kernel.lanes()];
        if kernel.lanes() != 8 {
            widths.push(8);
        }
        for n in widths {
            let mut got = states;
            assert!(compress_with(kernel, &mut got[..n], &blocks[..n]));
            assert_eq!(got[..n], expected[..n], "{kernel:?}");
            g.throughput(Throughput::Elements(n as u64));
            g.bench_function(id(kernel, n), |b| {
                b.iter(|| {
                    let mut s = black_box(states);
                    compress_with(kernel, &mut s[..n], black_box(&blocks[..n]));
                    s
                })
            });
        }
    }
    g.finish();

    // The HMAC key schedule of a 32-byte key (a chain code): both states from the IV.
    // (The states are opaque here; the library's unit test `key_schedule_every_kernel`
    // checks that every kernel gives the same ones.)
    let key = floor::KEY;
    let mut g = c.benchmark_group("hmac/key_schedule");
    for kernel in [Kernel::Portable, Kernel::Avx512x2] {
        if hmac_key_schedule_with(kernel, &key).is_none() {
            continue;
        }
        let name = match kernel {
            Kernel::Portable => "portable-2x1",
            _ => "avx512-2lane-xmm",
        };
        g.bench_function(name, |b| {
            b.iter(|| hmac_key_schedule_with(kernel, black_box(&key)))
        });
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .measurement_time(Duration::from_millis(1500))
        .warm_up_time(Duration::from_millis(500))
}

criterion_group! {
    name = benches;
    config = config();
    targets = kernels
}
criterion_main!(benches);
