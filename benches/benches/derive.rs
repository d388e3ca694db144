//! fastbip32 against the other Rust HD-derivation crates, and the primitive floor, in one run.
//!
//! Groups: `derive/<scheme>_<path>` and `path/parse_display`, one function per
//! implementation with the crate name as id; `floor/<primitive>`, one function per crate used.
//! Before a group is timed, every candidate's output is asserted equal to ours.
//!
//! ```text
//! cd benches && CARGO_TARGET_DIR=/tmp/target-benches cargo bench
//! python3 ../scripts/bench_table.py        # the markdown tables, from the same target dir
//! ```

use std::fmt::Debug;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use fastbip32_benches::{
    ed25519, ed25519_bip32, floor, nist256p1, paired, path, secp256k1, Candidate, SEED,
};

/// Asserts that every candidate agrees with the first (ours), then times each.
fn group<C, I: ?Sized, O: PartialEq + Debug>(
    c: &mut Criterion,
    name: &str,
    ctx: &C,
    input: &I,
    candidates: &[Candidate<C, I, O>],
    sampling: SamplingMode,
) {
    let (ref_id, ref_fn) = candidates[0];
    let reference = ref_fn(ctx, input);
    for (id, f) in candidates {
        assert_eq!(
            f(ctx, input),
            reference,
            "{name}: {id} disagrees with {ref_id}"
        );
    }
    let mut g = c.benchmark_group(name);
    g.sampling_mode(sampling);
    for (id, f) in candidates {
        g.bench_function(*id, |b| b.iter(|| f(black_box(ctx), black_box(input))));
    }
    g.finish();
}

fn derive(c: &mut Criterion) {
    let ctx = secp256k1::Ctx::new();
    group(
        c,
        secp256k1::GROUP,
        &ctx,
        &SEED[..],
        secp256k1::CANDIDATES,
        SamplingMode::Auto,
    );

    let ctx = ed25519::Ctx::new();
    group(
        c,
        ed25519::GROUP,
        &ctx,
        &SEED[..],
        ed25519::CANDIDATES,
        SamplingMode::Auto,
    );

    let ctx = nist256p1::Ctx::new();
    group(
        c,
        nist256p1::GROUP,
        &ctx,
        &SEED[..],
        nist256p1::CANDIDATES,
        SamplingMode::Auto,
    );

    let ctx = ed25519_bip32::Ctx::new();
    group(
        c,
        ed25519_bip32::GROUP,
        &ctx,
        &ed25519_bip32::ROOT,
        ed25519_bip32::CANDIDATES,
        SamplingMode::Auto,
    );

    // ~20-30 ms per iteration: flat sampling keeps this group within its time budget.
    let ctx = ed25519_bip32::XpubCtx::new();
    group(
        c,
        ed25519_bip32::XPUB_GROUP,
        &ctx,
        &ed25519_bip32::CHILDREN,
        ed25519_bip32::XPUB_CANDIDATES,
        SamplingMode::Flat,
    );
}

fn path_parse_display(c: &mut Criterion) {
    // Printed text is compared after giving rust-bitcoin's output the `m/` it omits.
    let reference = path::CANDIDATES[0].1(&(), path::PATH);
    for (id, f) in path::CANDIDATES {
        let got = path::normalise(id, &f(&(), path::PATH));
        assert_eq!(got, reference.as_str(), "{}: {id} disagrees", path::GROUP);
    }
    let mut g = c.benchmark_group(path::GROUP);
    for (id, f) in path::CANDIDATES {
        g.bench_function(*id, |b| b.iter(|| f(&(), black_box(path::PATH))));
    }
    g.finish();
}

fn floor_rows(c: &mut Criterion) {
    let key_state = floor::hmac_key(&floor::KEY);
    assert_eq!(
        floor::hmac_sha512(&floor::KEY, &floor::MSG),
        floor::hmac_sha512_keyed(&key_state, &floor::MSG)
    );
    let mut g = c.benchmark_group("floor/hmac_sha512");
    g.bench_function("hmac+sha2", |b| {
        b.iter(|| floor::hmac_sha512(black_box(&floor::KEY), black_box(&floor::MSG)));
    });
    g.finish();
    let mut g = c.benchmark_group("floor/hmac_sha512_keyed");
    g.bench_function("hmac+sha2", |b| {
        b.iter(|| floor::hmac_sha512_keyed(black_box(&key_state), black_box(&floor::MSG)));
    });
    g.finish();

    let mut g = c.benchmark_group("floor/sha512_compress");
    g.bench_function("sha2", |b| {
        b.iter(|| floor::sha512_compress(black_box(&floor::SHA512_IV), black_box(&floor::BLOCK)));
    });
    g.finish();

    assert_eq!(
        floor::secp256k1_mul_base_ffi(&floor::SECRET),
        floor::secp256k1_mul_base_safe(&floor::SECRET)
    );
    let mut g = c.benchmark_group("floor/secp256k1_mul_base");
    g.bench_function("secp256k1-ffi", |b| {
        b.iter(|| floor::secp256k1_mul_base_ffi(black_box(&floor::SECRET)));
    });
    g.bench_function("secp256k1", |b| {
        b.iter(|| floor::secp256k1_mul_base_safe(black_box(&floor::SECRET)));
    });
    g.finish();

    assert_eq!(
        floor::p256_mul_base_aws_lc(&floor::SECRET),
        floor::p256_mul_base_rustcrypto(&floor::SECRET)
    );
    let mut g = c.benchmark_group("floor/p256_mul_base");
    g.bench_function("aws-lc-rs", |b| {
        b.iter(|| floor::p256_mul_base_aws_lc(black_box(&floor::SECRET)));
    });
    g.finish();

    let mut g = c.benchmark_group("floor/ed25519_mul_base");
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| floor::ed25519_mul_base(black_box(&floor::SECRET)));
    });
    g.finish();

    let mut g = c.benchmark_group("floor/secp256k1_scalar_add");
    g.bench_function("secp256k1", |b| {
        b.iter(|| floor::secp256k1_scalar_add(black_box(&floor::SECRET), black_box(&floor::TWEAK)));
    });
    g.finish();

    let mut g = c.benchmark_group("floor/p256_scalar_add");
    g.bench_function("p256", |b| {
        b.iter(|| floor::p256_scalar_add(black_box(&floor::SECRET), black_box(&floor::TWEAK)));
    });
    g.finish();

    let public = floor::secp256k1_mul_base_ffi(&floor::SECRET);
    let mut g = c.benchmark_group("floor/hash160");
    g.bench_function("sha2+ripemd", |b| {
        b.iter(|| floor::hash160(black_box(&public)))
    });
    g.finish();

    let mut g = c.benchmark_group("floor/base58check_78");
    g.bench_function("bs58", |b| {
        b.iter(|| floor::base58check(black_box(&floor::XKEY78)))
    });
    g.finish();
}

/// 20-50 samples, ~2.5 s each, 1 s warm-up: the whole suite stays well under 10 minutes on
/// 2 cores.
fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .measurement_time(Duration::from_millis(2500))
        .warm_up_time(Duration::from_secs(1))
}

/// Interleaved ratios (`fastbip32_benches::paired`) of the rows the issues set targets on:
/// `ours` against each of `others`, all candidates of `group`.
fn pair<C, I: ?Sized, O>(
    group: &str,
    ctx: &C,
    input: &I,
    candidates: &[Candidate<C, I, O>],
    ours: &str,
    others: &[&str],
) {
    let find = |id: &str| {
        candidates
            .iter()
            .find(|(name, _)| *name == id)
            .unwrap_or_else(|| panic!("{group}: no candidate {id}"))
            .1
    };
    let ours = find(ours);
    for name in others {
        let other = find(name);
        paired::ratio(
            group,
            name,
            || ours(black_box(ctx), black_box(input)),
            || other(black_box(ctx), black_box(input)),
        );
    }
}

fn paired_rows(_: &mut Criterion) {
    let ctx = secp256k1::Ctx::new();
    let group = secp256k1::GROUP;
    let candidates = secp256k1::CANDIDATES;
    pair(
        group,
        &ctx,
        &SEED[..],
        candidates,
        "fastbip32",
        &["hdwallet", "bitcoin"],
    );
    let ctx = ed25519::Ctx::new();
    pair(
        ed25519::GROUP,
        &ctx,
        &SEED[..],
        ed25519::CANDIDATES,
        "fastbip32-derived-key",
        &["iota-crypto", "kobe-primitives", "slip10_ed25519", "floor"],
    );
    let ctx = nist256p1::Ctx::new();
    let candidates = nist256p1::CANDIDATES;
    pair(
        nist256p1::GROUP,
        &ctx,
        &SEED[..],
        candidates,
        "fastbip32",
        &["bip0032"],
    );
    let ctx = ed25519_bip32::Ctx::new();
    pair(
        ed25519_bip32::GROUP,
        &ctx,
        &ed25519_bip32::ROOT,
        ed25519_bip32::CANDIDATES,
        "fastbip32",
        &["ed25519-bip32"],
    );
    let ctx = ed25519_bip32::XpubCtx::new();
    pair(
        ed25519_bip32::XPUB_GROUP,
        &ctx,
        &ed25519_bip32::CHILDREN,
        ed25519_bip32::XPUB_CANDIDATES,
        "fastbip32",
        &["ed25519-bip32"],
    );
}

criterion_group! {
    name = benches;
    config = config();
    targets = derive, path_parse_display, floor_rows, paired_rows
}
criterion_main!(benches);
