//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`) through the fuzz targets'
//! checks (`fastbip32_fuzz`), without libFuzzer, so that a plain `cargo test` keeps every
//! input that was ever interesting (a fixed finding becomes a corpus file) and CI needs no
//! nightly features or cargo-fuzz.
//!
//! Then a few deterministic mutants of each file (bit flips, byte edits, truncation,
//! splicing with another file of the same target): a cheap stand-in for a fuzz smoke run.
//! `FASTBIP32_REPLAY_MUTANTS` sets how many per file (default 24).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("entry").path();
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read(&path).expect("read"))
        })
        .collect();
    files.sort();
    files
}

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::try_from(self.next() % n as u64).expect("fits")
        }
    }
}

fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..=rng.below(3) {
        let len = out.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                out[i] = [0, 0xff, 0x7f, 0x80, b'/', b'\'', b'0', b'9'][rng.below(8)];
            }
            2 => {
                let i = rng.below(len + 1);
                out.insert(i, rng.next() as u8);
            }
            3 if len > 0 => {
                out.remove(rng.below(len));
            }
            4 => out.truncate(rng.below(len + 1)),
            5 => {
                let cut = rng.below(len + 1);
                let from = rng.below(other.len() + 1);
                out.truncate(cut);
                out.extend_from_slice(&other[from..]);
            }
            _ if len > 0 => {
                let i = rng.below(len);
                let j = rng.below(len);
                out.swap(i, j);
            }
            _ => out.push(rng.next() as u8),
        }
    }
    out
}

fn run(target: &str, check: fn(&[u8]), name: &str, input: &[u8]) {
    if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(input))) {
        let message = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("(no message)");
        panic!(
            "fuzz target {target}, input {name}: {message}\ninput (hex): {}",
            hex::encode(input)
        );
    }
}

fn replay(target: &str) {
    let check = fastbip32_fuzz::TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .map(|(_, check)| *check)
        .expect("a known target");
    let files = corpus(target);
    assert!(
        files.len() >= 3,
        "{target}: only {} corpus files",
        files.len()
    );
    for (name, data) in &files {
        run(target, check, name, data);
    }
    let mutants: usize = std::env::var("FASTBIP32_REPLAY_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ target.len() as u64);
    for (k, (name, data)) in files.iter().enumerate() {
        let other = &files[(k + 1) % files.len()].1;
        for m in 0..mutants {
            let input = mutate(&mut rng, data, other);
            run(target, check, &format!("{name} mutant {m}"), &input);
        }
    }
}

#[test]
fn every_target_has_a_corpus() {
    for (target, _) in fastbip32_fuzz::TARGETS {
        assert!(!corpus(target).is_empty(), "{target}");
    }
}

#[test]
fn parse_path() {
    replay("parse_path");
}

#[test]
fn parse_xkey() {
    replay("parse_xkey");
}

#[test]
fn derive() {
    replay("derive");
}

#[test]
fn cli() {
    replay("cli");
}

#[test]
fn mnemonic() {
    replay("mnemonic");
}

#[test]
fn descriptor() {
    replay("descriptor");
}

#[test]
fn coin_address() {
    replay("coin_address");
}
