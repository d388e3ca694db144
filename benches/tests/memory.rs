//! The CLI's memory stays flat while it streams: 100 000 soft secp256k1 children as JSON
//! lines (about 56 MB of output) on two threads, with the resident set size read from
//! `/proc/PID/status` every 10 000 lines, must stay below 40 MB.
//!
//! The bound depends on the machine (allocator, page size, thread stacks), so it lives here
//! and not in the CLI's own tests, which check the output itself. Needs the release CLI and
//! Linux's `/proc`; run it by hand:
//!
//! ```text
//! cargo build --release -p fastbip32-cli
//! cd benches && cargo test --test memory -- --ignored
//! ```
//!
//! `FASTBIP32_BIN=/path/to/fastbip32` picks another binary.

use std::io::{BufRead as _, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// BIP-32 test vector 1's seed.
const TV1_SEED: &str = "000102030405060708090a0b0c0d0e0f";

/// Children derived.
const COUNT: usize = 100_000;

/// The largest resident set allowed, in kB.
const MAX_RSS_KB: u64 = 40_000;

fn fastbip32_bin() -> PathBuf {
    let path = std::env::var_os("FASTBIP32_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/fastbip32"),
        PathBuf::from,
    );
    assert!(
        path.exists(),
        "no CLI at {}: cargo build --release -p fastbip32-cli (or set FASTBIP32_BIN)",
        path.display()
    );
    path
}

/// `VmRSS` of process `pid`, in kB.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read /proc");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmRSS line in /proc/PID/status")
}

#[test]
#[ignore = "needs the release CLI (cargo build --release -p fastbip32-cli) and /proc"]
fn streaming_children_keeps_memory_flat() {
    let count = COUNT.to_string();
    let mut child = Command::new(fastbip32_bin())
        .args([
            "derive",
            "--seed",
            TV1_SEED,
            "--path",
            "m/84'/0'/0'/0/*",
            "--count",
            &count,
            "--threads",
            "2",
            "--json",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn fastbip32");
    let pid = child.id();
    let reader = BufReader::new(child.stdout.take().expect("piped stdout"));
    let (mut lines, mut max_rss) = (0, 0);
    for line in reader.lines() {
        line.expect("a line of output");
        lines += 1;
        if lines % 10_000 == 0 {
            max_rss = max_rss.max(rss_kb(pid));
        }
    }
    assert!(child.wait().expect("wait").success());
    assert_eq!(lines, COUNT);
    println!("max resident set: {max_rss} kB over {lines} lines");
    assert!(
        max_rss < MAX_RSS_KB,
        "resident set grew to {max_rss} kB (bound {MAX_RSS_KB} kB)"
    );
}
