//! The recovery search's benchmark rows, one process, one quiet run:
//!
//! * `b`: 12 words, 2 unknown at known positions, target the first BIP-84 receive address:
//!   checksum-valid candidates/s/core over the first `--indices` indices (no match there);
//! * `c`: 24 words, 1 unknown word at an unknown position (`--missing 1`): the whole search
//!   to the match, its time, and the PBKDF2 runs the checksum saves;
//! * `d`: row b on 2 threads against 1, and against the machine's ceiling: two independent
//!   one-thread searches of half the indices each, at once;
//! * `e`: a forgotten passphrase, the 12 words known, the passphrases of the mask
//!   `Summer?d?d?d?d` (10,000), target the first BIP-84 receive address: passphrases/s/core
//!   (no match), for `scripts/recovery_rounds.py` to pair with `benches/btcrecover_loop.py
//!   --passphrases`.
//!
//! * `a`: BIP-39 seeds/s/core in 8 lanes (`fastbip32_benches::pbkdf2::fastbip32_lanes`), for
//!   `scripts/recovery_rounds.py` to pair with Python's `hashlib.pbkdf2_hmac` in another
//!   process.
//!
//! Row (a) against the `pbkdf2` crate, in one process, and the cycles per compression-lane
//! are `cargo bench --bench pbkdf2`.
//!
//! `cargo run --release --bin recovery -- a|b|c|d|e [--indices N] [--seconds S]`. Where the time goes, stage by
//! stage: `perf record` on `fastbip32 recover` (BENCHMARKS.md gives the command).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::cast_precision_loss,
    clippy::indexing_slicing
)] // a benchmark binary: failing loudly is the point; rates as floats

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    Change, Checkpoint, Coin, Options, Outcome, PassphraseRules, Paths, Search, Space, Target,
    Template,
};

/// BIP-39's "legal winner" vector (12 words), its BIP-84 m/84'/0'/0'/0/0 address is not
/// the target: row b searches without a match.
const TWELVE: &str = "legal winner thank year wave sausage worth useful legal winner thank yellow";
/// An address no candidate of the rows has (m/84'/0'/0'/0/0 of "abandon … about").
const OTHER: &str = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
/// BIP-39's 24-word "letter advice" vector; its m/84'/0'/0'/0/0 address, from bip_utils 2.12.3.
const TWENTY_FOUR: &str = "letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic bless";

fn english() -> Options {
    Options::new().language(Language::English)
}

fn target(address: &str) -> Target {
    let mut t = Target::new();
    t.add_address(address).unwrap();
    t
}

/// Runs `range` of `space` on `threads`; returns (checksum-valid candidates, seconds, outcome).
fn timed(
    space: &Space,
    target: &Target,
    threads: usize,
    range: std::ops::Range<u128>,
) -> (u64, f64, Outcome) {
    // The receive chain only, as the Python loop: one address per candidate on each side
    // (`recover`'s default also searches the change chain's first address).
    let paths = Paths::new(Coin::Bitcoin).gap(1).change(Change::Receive);
    let search = Search::new(space, target, paths).threads(threads);
    let mut checkpoint = Checkpoint::new(space, [0; 16]);
    let start = Instant::now();
    let outcome = search
        .run_vartime(
            range,
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    let secs = start.elapsed().as_secs_f64();
    let passed = match &outcome {
        Outcome::Exhausted(p) | Outcome::Cancelled(p) => p.passed,
        _ => 0,
    };
    (passed, secs, outcome)
}

fn row_b_space() -> Space {
    let mut words: Vec<&str> = TWELVE.split(' ').collect();
    words[3] = "?";
    words[7] = "?";
    Space::new(Template::parse(&words.join(" "), &english()).unwrap(), [""]).unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let row = args.get(1).map_or("b", String::as_str);
    let indices: u128 = args
        .iter()
        .position(|a| a == "--indices")
        .and_then(|i| args.get(i + 1))
        .map_or(1 << 16, |n| n.parse().unwrap());
    let seconds: f64 = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .map_or(5.0, |n| n.parse().unwrap());
    match row {
        "a" => {
            use fastbip32_benches::pbkdf2::{fastbip32_lanes, Ctx, FIRST_SEED_HEX};
            let ctx = Ctx::new();
            assert_eq!(hex::encode(fastbip32_lanes::<8>(&ctx)[0]), FIRST_SEED_HEX);
            let start = Instant::now();
            let mut seeds = 0u64;
            while start.elapsed().as_secs_f64() < seconds {
                std::hint::black_box(fastbip32_lanes::<8>(std::hint::black_box(&ctx)));
                seeds += 8;
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "a: BIP-39 seeds in 8 lanes: {seeds} in {secs:.3} s = {:.0} seeds/s/core",
                seeds as f64 / secs
            );
        }
        "b" => {
            let space = row_b_space();
            let (passed, secs, _) = timed(&space, &target(OTHER), 1, 0..indices.min(space.size()));
            println!(
                "b: 12 words, 2 unknown at known positions, first BIP-84 address: {passed} checksum-valid candidates in {secs:.3} s = {:.0} candidates/s/core",
                passed as f64 / secs
            );
        }
        "c" => {
            let mut words: Vec<&str> = TWENTY_FOUR.split(' ').collect();
            words.remove(9);
            let space = Space::new(
                Template::parse(&words.join(" "), &english().missing(1)).unwrap(),
                [""],
            )
            .unwrap();
            let address = "bc1qm6w02v045g3ahzheavpn5zxhkkjkhfga3s0p32";
            let threads = std::thread::available_parallelism().map_or(1, usize::from);
            let valid = space.checksum_count_vartime(1 << 24);
            let start = Instant::now();
            let (_, _, outcome) = timed(&space, &target(address), threads, 0..space.size());
            let secs = start.elapsed().as_secs_f64();
            let found = matches!(outcome, Outcome::Found(_));
            println!(
                "c: 24 words, 1 unknown word at an unknown position: space {} candidates, {} pass the checksum (PBKDF2 runs saved: {}, {:.0}x fewer); whole search {secs:.3} s on {threads} threads, found: {found}",
                space.size(),
                valid.value(),
                space.size() - valid.value(),
                space.size() as f64 / valid.value().max(1) as f64
            );
        }
        "d" => {
            let space = row_b_space();
            let t = target(OTHER);
            let n = indices.min(space.size());
            let (p1, s1, _) = timed(&space, &t, 1, 0..n);
            let (p2, s2, _) = timed(&space, &t, 2, 0..n);
            let start = Instant::now();
            let halves = std::thread::scope(|scope| {
                let a = scope.spawn(|| timed(&space, &t, 1, 0..n / 2));
                let b = scope.spawn(|| timed(&space, &t, 1, n / 2..n));
                (a.join().unwrap().0, b.join().unwrap().0)
            });
            let sc = start.elapsed().as_secs_f64();
            let (r1, r2, rc) = (
                p1 as f64 / s1,
                p2 as f64 / s2,
                (halves.0 + halves.1) as f64 / sc,
            );
            println!(
                "d: 1 thread {r1:.0}/s, 2 threads {r2:.0}/s ({:.2}x), ceiling (two one-thread halves at once) {rc:.0}/s ({:.2}x); 2 threads / ceiling = {:.2}",
                r2 / r1,
                rc / r1,
                r2 / rc
            );
        }
        "e" => {
            let rules = PassphraseRules::from_mask("Summer?d?d?d?d").unwrap();
            let space =
                Space::with_passphrase_rules(Template::parse(TWELVE, &english()).unwrap(), rules)
                    .unwrap();
            assert_eq!(space.size(), 10_000);
            let (passed, secs, outcome) =
                timed(&space, &target(OTHER), 1, 0..indices.min(space.size()));
            assert!(
                matches!(outcome, Outcome::Exhausted(_)),
                "no match in row e"
            );
            println!(
                "e: 12 known words, passphrases of the mask Summer?d?d?d?d, first BIP-84 address: {passed} passphrases in {secs:.3} s = {:.0} candidates/s/core",
                passed as f64 / secs
            );
        }
        other => panic!("unknown row {other:?}: a, b, c, d or e"),
    }
}
