//! The whole pipeline, as whole processes: P2WPKH receive addresses of an xpub,
//! `index,address` CSV, from `fastbip32 addresses --descriptor "wpkh(XPUB/0/*)"` against the
//! rust-bitcoin loop in `src/bin/btc_addresses.rs` (`Xpub::ckd_pub` per child from the branch
//! key, `Address::p2wpkh`, a buffered CSV writer). Both outputs are checked byte for byte
//! before anything is timed; the timed runs write to /dev/null.
//!
//! Needs the release CLI: `cargo build --release -p fastbip32-cli` at the workspace root (or
//! `FASTBIP32_BIN=/path/to/fastbip32`). Run the bench itself unpinned: each one-thread row
//! runs its process under `taskset -c 1` (when `taskset` is installed; otherwise unpinned,
//! and the bench says so), each two-thread row on both cores, so that the four rows come
//! from one run, minutes apart at most:
//!
//! ```text
//! cargo build --release -p fastbip32-cli
//! cd benches && cargo bench --bench pipeline
//! ```
//!
//! Rows: `pipeline/p2wpkh_200k/{fastbip32,rust_bitcoin}_{1_thread,2_threads}`, ours first.
//!
//! This VM's speed drifts over minutes, so the scaling figure (one thread ÷ two threads) is
//! also taken from interleaved runs, after the criterion rows: the line
//! `paired/pipeline/p2wpkh_200k/fastbip32_1_thread: … ÷ fastbip32_2_threads = R` (see
//! `fastbip32_benches::paired`), and `python3 scripts/pipeline_rounds.py` at the workspace root
//! does the same by hand.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use fastbip32_benches::paired;

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

/// Whether `taskset` can pin a process here.
fn have_taskset() -> bool {
    Command::new("taskset")
        .args(["-c", "1", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `program`, pinned to core 1 when `pin` is set.
fn command(program: &std::ffi::OsStr, pin: bool) -> Command {
    if pin {
        let mut cmd = Command::new("taskset");
        cmd.args(["-c", "1"]).arg(program);
        cmd
    } else {
        Command::new(program)
    }
}

fn ours(bin: &std::path::Path, count: u32, threads: u32, pin: bool) -> Command {
    let mut cmd = command(bin.as_os_str(), pin);
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

fn theirs(count: u32, threads: u32, pin: bool) -> Command {
    let mut cmd = command(env!("CARGO_BIN_EXE_btc_addresses").as_ref(), pin);
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
    let expected = output(theirs(5000, 1, false));
    assert!(expected.starts_with(b"index,address\n0,bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n"));
    for threads in [1, 2] {
        assert_eq!(
            output(ours(&bin, 5000, threads, false)),
            expected,
            "fastbip32, {threads} threads"
        );
        assert_eq!(
            output(theirs(5000, threads, false)),
            expected,
            "rust-bitcoin, {threads} threads"
        );
    }
    let taskset = have_taskset();
    if !taskset {
        eprintln!("pipeline: no taskset here, the one-thread rows run unpinned");
    }
    // One group, our two rows first and back to back (the scaling figure is their ratio,
    // and this VM drifts over minutes), then rust-bitcoin's.
    let mut g = c.benchmark_group("pipeline/p2wpkh_200k");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20));
    for (side, threads) in [
        ("fastbip32", 1u32),
        ("fastbip32", 2),
        ("rust_bitcoin", 1),
        ("rust_bitcoin", 2),
    ] {
        let pin = taskset && threads == 1;
        let name = if threads == 1 {
            format!("{side}_1_thread")
        } else {
            format!("{side}_2_threads")
        };
        let mut cmd = if side == "fastbip32" {
            ours(&bin, COUNT, threads, pin)
        } else {
            theirs(COUNT, threads, pin)
        };
        g.bench_function(name, |b| b.iter(|| run(&mut cmd)));
    }
    g.finish();

    // The two-core scaling in interleaved rounds (fastbip32_benches::paired): one pinned
    // one-thread run, one two-thread run, and so on, so that the VM's drift cancels.
    let mut one = ours(&bin, COUNT, 1, taskset);
    let mut two = ours(&bin, COUNT, 2, false);
    paired::ratio_of(
        "pipeline/p2wpkh_200k",
        "fastbip32_2_threads",
        "fastbip32_1_thread",
        || run(&mut two),
        || run(&mut one),
    );
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
