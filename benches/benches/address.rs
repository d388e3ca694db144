//! Addresses from an xpub: from one branch key, 1000 public keys alone,
//! then with a P2WPKH address each (the target: at most 15 % on top of the keys), with a P2TR
//! address each (the taproot tweak is an EC operation: its own row), through a descriptor
//! (`wpkh(XPUB/0/*)`: `Branch::derive_into` + `Derived::address`), and rust-bitcoin's
//! textbook loop; then descriptor parsing and one derivation against rust-miniscript, with a
//! floor. Outputs are asserted equal before timing (and in `tests/it/address.rs`).
//!
//! ```text
//! cd benches && CARGO_TARGET_DIR=/tmp/target-benches cargo bench --bench address
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use fastbip32_benches::addresses::{self, fold_into, Ctx};

/// A 1000-child address row: it hands each address to the visitor.
type Row = fn(&Ctx, &mut dyn FnMut(&str));

/// One 1000-child row, folded: the XOR of every address's bytes.
fn folded(row: Row, ctx: &Ctx) -> [u8; 64] {
    let mut acc = [0u8; 64];
    row(ctx, &mut |address| fold_into(&mut acc, address.as_bytes()));
    acc
}

fn all(row: Row, ctx: &Ctx) -> Vec<String> {
    let mut out = Vec::new();
    row(ctx, &mut |address| out.push(address.to_owned()));
    out
}

// The rows as plain functions of one signature: a dynamic call per address, the same in every
// row (nanoseconds, next to microseconds per child).
fn p2wpkh(ctx: &Ctx, visit: &mut dyn FnMut(&str)) {
    addresses::p2wpkh(ctx, visit);
}
fn p2tr(ctx: &Ctx, visit: &mut dyn FnMut(&str)) {
    addresses::p2tr(ctx, visit);
}
fn descriptor_wpkh(ctx: &Ctx, visit: &mut dyn FnMut(&str)) {
    addresses::descriptor_wpkh(ctx, visit);
}
fn bitcoin_p2wpkh(ctx: &Ctx, visit: &mut dyn FnMut(&str)) {
    addresses::bitcoin_p2wpkh(ctx, visit);
}
fn bitcoin_p2tr(ctx: &Ctx, visit: &mut dyn FnMut(&str)) {
    addresses::bitcoin_p2tr(ctx, visit);
}

fn public_keys(ctx: &Ctx) -> [u8; 33] {
    let mut acc = [0u8; 33];
    addresses::public_keys(ctx, |key| fold_into(&mut acc, key));
    acc
}

fn from_xpub(c: &mut Criterion) {
    let ctx = Ctx::new();
    let expected = all(bitcoin_p2wpkh, &ctx);
    assert_eq!(expected.len(), addresses::COUNT as usize);
    assert_eq!(all(p2wpkh, &ctx), expected, "p2wpkh");
    assert_eq!(all(descriptor_wpkh, &ctx), expected, "descriptor");
    assert_eq!(all(p2tr, &ctx), all(bitcoin_p2tr, &ctx), "p2tr");

    let mut g = c.benchmark_group(addresses::GROUP);
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("fastbip32-public-keys", |b| {
        b.iter(|| public_keys(black_box(&ctx)));
    });
    g.bench_function("fastbip32-p2wpkh", |b| {
        b.iter(|| folded(p2wpkh, black_box(&ctx)));
    });
    g.bench_function("fastbip32-p2tr", |b| {
        b.iter(|| folded(p2tr, black_box(&ctx)));
    });
    g.bench_function("fastbip32-descriptor-wpkh", |b| {
        b.iter(|| folded(descriptor_wpkh, black_box(&ctx)));
    });
    g.bench_function("bitcoin-p2wpkh", |b| {
        b.iter(|| folded(bitcoin_p2wpkh, black_box(&ctx)));
    });
    g.finish();
}

fn descriptor(c: &mut Criterion) {
    let candidates = addresses::DESCRIPTOR_CANDIDATES;
    let reference = (candidates[0].1)(&(), addresses::DESCRIPTOR);
    assert_eq!(reference.as_str(), addresses::FIRST_ADDRESS);
    for (id, f) in candidates {
        assert_eq!(f(&(), addresses::DESCRIPTOR), reference, "{id}");
    }
    let mut g = c.benchmark_group(addresses::DESCRIPTOR_GROUP);
    for (id, f) in candidates {
        g.bench_function(*id, |b| {
            b.iter(|| f(&(), black_box(addresses::DESCRIPTOR)));
        });
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_millis(2500))
        .warm_up_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = from_xpub, descriptor
}
criterion_main!(benches);
