//! Shared pieces of the differential tests: case counts and input strategies.
//!
//! The tests themselves are in `tests/`, one file per scheme and peer (see README.md). Every
//! test takes its case count from [`cases`], so that `FASTBIP32_DIFF_CASES=100000 cargo test
//! --release` turns the quick default run into the long one.

use proptest::prelude::*;
use proptest::test_runner::Config;

/// The hardened bit of a raw child number.
pub const H: u32 = 1 << 31;

/// The number of cases: `FASTBIP32_DIFF_CASES` if set (and a number), else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("FASTBIP32_DIFF_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// A proptest configuration with [`cases`]`(default)` cases, no failure persistence file
/// (a failure prints the shrunk input; put it in a unit test to keep it), and no forking.
pub fn config(default: u32) -> Config {
    Config {
        cases: cases(default),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A seed of 16 to 64 bytes (the BIP-32 range).
pub fn seed() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 16..=64)
}

/// A raw child number, either kind, with the edges overweighted: small indices, indices near
/// 2³¹ on both sides of the hardened bit, the top of the range, and uniform `u32`s.
pub fn raw_child() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => 0u32..16,
        3 => (0u32..16).prop_map(|i| i | H),
        2 => (H - 4)..=(H + 3),
        1 => (u32::MAX - 3)..=u32::MAX,
        1 => (H - 4)..H,
        6 => any::<u32>(),
    ]
}

/// A hardened raw child number, with the edges overweighted.
pub fn raw_hardened() -> impl Strategy<Value = u32> {
    prop_oneof![
        2 => (0u32..16).prop_map(|i| i | H),
        1 => (u32::MAX - 3)..=u32::MAX,
        4 => H..=u32::MAX,
    ]
}

/// A raw normal child number, with the edges overweighted.
pub fn raw_normal() -> impl Strategy<Value = u32> {
    prop_oneof![2 => 0u32..16, 1 => (H - 4)..H, 4 => 0..H]
}

/// A path of up to `max_depth` raw child numbers of either kind.
pub fn mixed_path(max_depth: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(raw_child(), 0..=max_depth)
}

/// A path of up to `max_depth` hardened raw child numbers.
pub fn hardened_path(max_depth: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(raw_hardened(), 0..=max_depth)
}

/// A path of up to `max_depth` normal raw child numbers.
pub fn normal_path(max_depth: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(raw_normal(), 0..=max_depth)
}

/// fastbip32 child numbers for raw values.
pub fn children(raw: &[u32]) -> Vec<fastbip32::ChildNumber> {
    raw.iter()
        .copied()
        .map(fastbip32::ChildNumber::from_raw)
        .collect()
}

/// The path text (`m/…`) of raw values, as fastbip32 prints it.
pub fn path_text(raw: &[u32]) -> String {
    fastbip32::DerivationPath::from_slice(&children(raw))
        .map(|p| p.to_string())
        .unwrap_or_default()
}
