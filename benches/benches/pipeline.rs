//! The whole pipeline, as whole processes (issue 12 §5): P2WPKH receive addresses of an xpub,
//! `index,address` CSV, from `fastbip32 addresses --descriptor "wpkh(XPUB/0/*)"` against the
//! rust-bitcoin loop in `src/bin/btc_addresses.rs` (`Xpub::ckd_pub` per child from the branch
//! key, `Address::p2wpkh`, a buffered CSV writer). Both outputs are checked byte for byte
//! before anything is timed; the timed runs write to /dev/null.
//!
//! Needs the release CLI: `cargo build --release -p fastbip32-cli` at the workspace root (or
//! `FASTBIP32_BIN=/path/to/fastbip32`). One-core rows pinned, two-core rows not:
//!
//! ```text
//! cargo build --release -p fastbip32-cli
//! cd benches && taskset -c 1 cargo bench --bench pipeline -- 1_thread
//! cd benches && cargo bench --bench pipeline -- 2_threads
//! ```

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};

/// BIP-84's account xpub of `abandon … about` (m/84'/0'/0').
const XPUB: &str = "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V";

/// Addresses per timed run (the issue's figure).
const COUNT: u32 = 200_000;

fn fastbip32_bin() -> Option<PathBuf> {
    let path = std::env::var_os("FASTBIP32_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/fastbip32"),
        PathBuf::from,
    );
    path.exists().then_some(path)
}

fn ours(bin: &PathBuf, count: u32, threads: u32) -> Command {
    let mut cmd = Command::new(bin);
    cmd.args([
        "addresses",
        "--descriptor",
        &format!("wpkh({XPUB}/0/*)"),
        "--count",
        &count.to_string(),
        "--threads",
        &threads.to_string(),
        "--fields",
        "index,address",
        "--csv",
    ]);
    cmd
}

fn theirs(count: u32, threads: u32) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_btc_addresses"));
    cmd.args([XPUB, &count.to_string(), &threads.to_string()]);
    cmd
}

/// Runs `cmd` to completion with its output captured.
fn output(mut cmd: Command) -> Vec<u8> {
    let out = cmd.stderr(Stdio::null()).output().expect("run");
    assert!(out.status.success(), "{cmd:?} failed");
    out.stdout
}

/// Runs `cmd` with its output thrown away.
fn run(cmd: &mut Command) {
    let status = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run");
    assert!(status.success());
}

fn pipeline(c: &mut Criterion) {
    let Some(bin) = fastbip32_bin() else {
        eprintln!(
            "pipeline: no release CLI at ../target/release/fastbip32 (cargo build --release -p fastbip32-cli, or set FASTBIP32_BIN): skipped"
        );
        return;
    };
    // Parity first: the same bytes on both sides, for both thread counts.
    let expected = output(theirs(5000, 1));
    assert!(expected.starts_with(b"index,address\n0,bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n"));
    for threads in [1, 2] {
        assert_eq!(
            output(ours(&bin, 5000, threads)),
            expected,
            "fastbip32, {threads} threads"
        );
        assert_eq!(
            output(theirs(5000, threads)),
            expected,
            "rust-bitcoin, {threads} threads"
        );
    }
    for threads in [1u32, 2] {
        let name = if threads == 1 {
            "1_thread"
        } else {
            "2_threads"
        };
        let mut g = c.benchmark_group(format!("pipeline/p2wpkh_200k_{name}"));
        g.sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(20));
        g.bench_function("fastbip32_addresses", |b| {
            let mut cmd = ours(&bin, COUNT, threads);
            b.iter(|| run(&mut cmd));
        });
        g.bench_function("rust_bitcoin_loop", |b| {
            let mut cmd = theirs(COUNT, threads);
            b.iter(|| run(&mut cmd));
        });
        g.finish();
    }
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
