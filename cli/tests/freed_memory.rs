//! No secret is left in heap memory that the command-line tool frees.
//!
//! Its own test binary, with the library tests' scanning global allocator
//! (`tests/it/allocator.rs`): every block is scanned before it is freed, or moved away from
//! by a reallocation, for registered 32-byte secrets. `addresses` runs in-process through
//! [`fastbip32_cli::run`], on more than one thread, with the descriptor on standard input.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core,
    reason = "test code: a failed expectation is a test failure"
)]

#[allow(
    dead_code,
    reason = "the allocation counter serves the library's tests"
)]
#[path = "../../tests/it/allocator.rs"]
mod allocator;

use allocator::{freed_blocks_holding, SLOTS};
use fastbip32::{ExtendedPrivateKey, Secp256k1};

/// How often each run is repeated: the copies the scanner finds depend on what the stack
/// held when the threads' channels were built, so one clean run proves little.
const RUNS: usize = 2;

/// The descriptor made by `write` from the root keys of `count` test wallets (seeds from
/// `first_seed`, which no other test of this binary uses), and the secrets watched for:
/// each root's branch key `m/0` (the parent of the range, which the tool prepares once and
/// keeps), its private key and its chain code, up to the scanner's [`SLOTS`].
///
/// Made on a thread of its own, which writes zeros over its stack before it ends: the C
/// library keeps the stacks of ended threads for the next ones (glibc's stack cache), so
/// the copies this test's own derivations leave there would otherwise be on the stack of
/// the first run's thread, for a value built there by value to carry into a heap block.
fn wallets(
    first_seed: u8,
    count: u8,
    write: impl FnOnce(&[String]) -> String + Send,
) -> (String, Vec<[u8; 32]>) {
    std::thread::scope(|scope| {
        scope
            .spawn(move || {
                let roots: Vec<ExtendedPrivateKey<Secp256k1>> = (first_seed..first_seed + count)
                    .map(|i| ExtendedPrivateKey::from_seed(&[i; 32]).unwrap())
                    .collect();
                let mut secrets = Vec::new();
                for root in &roots {
                    let branch = root.derive_path("m/0").unwrap();
                    secrets.push(*branch.private_key());
                    secrets.push(*branch.chain_code().as_bytes());
                }
                secrets.truncate(SLOTS);
                let keys: Vec<String> = roots
                    .iter()
                    .map(|root| format!("{}/0/*", root.to_zeroizing_string().as_str()))
                    .collect();
                let out = (write(&keys), secrets);
                drop(roots);
                wipe_stack();
                out
            })
            .join()
            .unwrap()
    })
}

/// Writes zeros over 256 KiB of stack below the caller's frame, where the frames of the
/// derivations it called lay.
#[inline(never)]
#[allow(
    clippy::large_stack_arrays,
    reason = "the point is to write over the stack, where the derivations' frames were"
)]
fn wipe_stack() {
    let mut area = [0u8; 256 << 10];
    // Volatile writes (`zeroize`): not optimised away as dead stores.
    zeroize::Zeroize::zeroize(&mut area[..]);
    std::hint::black_box(&area);
}

/// Runs `fastbip32 addresses --descriptor - --count 2000 --threads 2` on `descriptor`, of
/// `branches` multipath branches, and returns how many freed blocks held one of `secrets`.
fn addresses_hits(descriptor: &str, branches: usize, secrets: &[[u8; 32]]) -> usize {
    let args = [
        "fastbip32",
        "addresses",
        "--descriptor",
        "-",
        "--count",
        "2000",
        "--threads",
        "2",
    ];
    let mut stdout = Vec::with_capacity(1 << 20);
    let mut stderr = Vec::with_capacity(1 << 12);
    let hits = freed_blocks_holding(secrets, || {
        let code = fastbip32_cli::run(args, &mut descriptor.as_bytes(), &mut stdout, &mut stderr);
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&stderr));
    });
    assert_eq!(
        stdout.split(|&b| b == b'\n').count() - 1,
        2000 * branches,
        "one record per index and branch"
    );
    hits
}

/// Runs `f` with `PAD` bytes more of stack in use above it, on a thread of its own.
fn padded<const PAD: usize>(f: &(dyn Fn() -> usize + Sync)) -> usize {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let pad = std::hint::black_box([0u8; PAD]);
                let hits = f();
                std::hint::black_box(&pad);
                hits
            })
            .join()
            .unwrap()
    })
}

/// The hits of `f` run at 8 depths of stack, 16 bytes apart, [`RUNS`] times each: where
/// the stale copies fall under the blocks built on the stack (std's channels are aligned to
/// 128 bytes) depends on the depth.
fn hits_at_depths(f: &(dyn Fn() -> usize + Sync)) -> Vec<usize> {
    let mut hits = Vec::new();
    for _ in 0..RUNS {
        hits.extend([
            padded::<16>(f),
            padded::<32>(f),
            padded::<48>(f),
            padded::<64>(f),
            padded::<80>(f),
            padded::<96>(f),
            padded::<112>(f),
            padded::<128>(f),
        ]);
    }
    hits
}

#[test]
fn threaded_addresses_from_an_xprv_free_no_branch_key() {
    let (descriptor, secrets) = wallets(40, 1, |keys| format!("wpkh({})\n", keys[0]));
    let hits = hits_at_depths(&|| addresses_hits(&descriptor, 1, &secrets));
    assert!(hits.iter().all(|&h| h == 0), "hits per run: {hits:?}");
}

#[test]
fn threaded_multipath_addresses_from_an_xprv_free_no_branch_key() {
    let (descriptor, secrets) = wallets(45, 1, |keys| {
        format!("wpkh({})\n", keys[0].replace("/0/*", "/<0;1>/*"))
    });
    let hits = hits_at_depths(&|| addresses_hits(&descriptor, 2, &secrets));
    assert!(hits.iter().all(|&h| h == 0), "hits per run: {hits:?}");
}

#[test]
fn threaded_multisig_addresses_from_xprvs_free_no_branch_key() {
    let (descriptor, secrets) =
        wallets(50, 5, |keys| format!("wsh(multi(2,{}))\n", keys.join(",")));
    let hits = hits_at_depths(&|| addresses_hits(&descriptor, 1, &secrets));
    assert!(hits.iter().all(|&h| h == 0), "hits per run: {hits:?}");
}
