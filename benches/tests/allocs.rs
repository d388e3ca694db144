//! Heap allocations per operation, for fastbip32 and every peer, through a counting
//! `#[global_allocator]` around `System`; prints a table and fails if fastbip32 allocates in
//! any derivation or in path parse + display.
//!
//! A plain `main` (`harness = false`), so nothing else runs on another thread while counting
//! and the table is always printed. Only the Rust heap is visible: C libraries' own `malloc`
//! (aws-lc's EVP_PKEY/EC_KEY objects behind fastbip32's P-256 public keys, libsodium,
//! libsecp256k1's context copies) is not counted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use fastbip32_benches::{
    addresses, ed25519, ed25519_bip32, nist256p1, path, secp256k1, Candidate, SEED,
};

struct Counting;

static ON: AtomicBool = AtomicBool::new(false);
static CALLS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

fn count(size: usize) {
    if ON.load(Relaxed) {
        CALLS.fetch_add(1, Relaxed);
        BYTES.fetch_add(size as u64, Relaxed);
    }
}

// SAFETY: every call is forwarded to `System` unchanged; the counters are atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A realloc counts as one allocation of the new size.
        count(new_size);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Operations per measurement.
const OPS: u64 = 50;

/// (allocations per op, bytes per op) of `op`, after one uncounted warm-up call (lazy statics,
/// library contexts).
fn measure(mut op: impl FnMut()) -> (f64, f64) {
    op();
    CALLS.store(0, Relaxed);
    BYTES.store(0, Relaxed);
    ON.store(true, Relaxed);
    for _ in 0..OPS {
        op();
    }
    ON.store(false, Relaxed);
    let n = OPS as f64;
    (
        CALLS.load(Relaxed) as f64 / n,
        BYTES.load(Relaxed) as f64 / n,
    )
}

struct Row {
    group: &'static str,
    id: &'static str,
    allocs: f64,
    bytes: f64,
}

fn rows_of<C, I: ?Sized, O>(
    rows: &mut Vec<Row>,
    group: &'static str,
    ctx: &C,
    input: &I,
    candidates: &[Candidate<C, I, O>],
) {
    for (id, f) in candidates {
        let (allocs, bytes) = measure(|| {
            black_box(f(black_box(ctx), black_box(input)));
        });
        rows.push(Row {
            group,
            id,
            allocs,
            bytes,
        });
    }
}

fn main() {
    let mut rows = Vec::new();

    let ctx = secp256k1::Ctx::new();
    rows_of(
        &mut rows,
        secp256k1::GROUP,
        &ctx,
        &SEED[..],
        secp256k1::CANDIDATES,
    );
    let ctx = ed25519::Ctx::new();
    rows_of(
        &mut rows,
        ed25519::GROUP,
        &ctx,
        &SEED[..],
        ed25519::CANDIDATES,
    );
    let ctx = nist256p1::Ctx::new();
    rows_of(
        &mut rows,
        nist256p1::GROUP,
        &ctx,
        &SEED[..],
        nist256p1::CANDIDATES,
    );
    let ctx = ed25519_bip32::Ctx::new();
    rows_of(
        &mut rows,
        ed25519_bip32::GROUP,
        &ctx,
        &ed25519_bip32::ROOT,
        ed25519_bip32::CANDIDATES,
    );
    // Per 1000 children; 2 children per op here is enough to see per-child allocations.
    let ctx = ed25519_bip32::XpubCtx::new();
    rows_of(
        &mut rows,
        ed25519_bip32::XPUB_GROUP,
        &ctx,
        &2,
        ed25519_bip32::XPUB_CANDIDATES,
    );
    for r in rows
        .iter_mut()
        .filter(|r| r.group == ed25519_bip32::XPUB_GROUP)
    {
        r.allocs *= f64::from(ed25519_bip32::CHILDREN) / 2.0;
        r.bytes *= f64::from(ed25519_bip32::CHILDREN) / 2.0;
    }
    rows_of(&mut rows, path::GROUP, &(), path::PATH, path::CANDIDATES);

    // SLIP-10 curve25519 has no peer and no bench group, but it is a scheme of ours.
    let curve25519_path: fastbip32::DerivationPath = "m/44'/0'/0'/0'/0'".parse().unwrap();
    let (allocs, bytes) = measure(|| {
        let key =
            fastbip32::ExtendedPrivateKey::<fastbip32::Curve25519>::from_seed(black_box(&SEED[..]))
                .unwrap()
                .derive_path(black_box(&curve25519_path))
                .unwrap();
        black_box(key.private_key());
    });
    rows.push(Row {
        group: "derive/curve25519_m44h_0h_0h_0h_0h",
        id: "fastbip32",
        allocs,
        bytes,
    });
    // And a derive call that takes the path as text (parsed on the fly).
    let (allocs, bytes) = measure(|| {
        let key =
            fastbip32::ExtendedPrivateKey::<fastbip32::Secp256k1>::from_seed(black_box(&SEED[..]))
                .unwrap()
                .derive_path(black_box(secp256k1::PATH))
                .unwrap();
        black_box(key.private_key());
    });
    rows.push(Row {
        group: "derive/secp256k1_m44h_0h_0h_0_0 (path as &str)",
        id: "fastbip32",
        allocs,
        bytes,
    });

    // Addresses from an xpub (benches/address.rs): each fastbip32 row allocates its output
    // buffers once per 1000 children (checked below: nothing per key); descriptor parsing
    // allocates the parsed descriptor (shown, not checked).
    let ctx = addresses::Ctx::new();
    let mut sink = [0u8; 64];
    // (id, row, most allocations per 1000 children for fastbip32: the keys buffer; for the
    // descriptor, `Descriptor::branch`'s prepared keys and their steps, and the outputs).
    type AddressRow = fn(&addresses::Ctx, &mut dyn FnMut(&str));
    let address_rows: [(&'static str, AddressRow, f64); 5] = [
        ("fastbip32-p2wpkh", |c, v| addresses::p2wpkh(c, v), 1.0),
        ("fastbip32-p2tr", |c, v| addresses::p2tr(c, v), 1.0),
        (
            "fastbip32-descriptor-wpkh",
            |c, v| addresses::descriptor_wpkh(c, v),
            3.0,
        ),
        (
            "bitcoin-p2wpkh",
            |c, v| addresses::bitcoin_p2wpkh(c, v),
            f64::INFINITY,
        ),
        (
            "bitcoin-p2tr",
            |c, v| addresses::bitcoin_p2tr(c, v),
            f64::INFINITY,
        ),
    ];
    let mut per_key_offenders = Vec::new();
    for (id, row, most) in address_rows {
        let (allocs, bytes) = measure(|| {
            row(black_box(&ctx), &mut |a| {
                addresses::fold_into(&mut sink, a.as_bytes())
            });
        });
        if allocs > most {
            per_key_offenders.push((id, allocs));
        }
        rows.push(Row {
            group: addresses::GROUP,
            id,
            allocs,
            bytes,
        });
    }
    let (allocs, bytes) = measure(|| {
        addresses::public_keys(black_box(&ctx), |k| addresses::fold_into(&mut sink, k));
    });
    if allocs > 1.0 {
        per_key_offenders.push(("fastbip32-public-keys", allocs));
    }
    rows.push(Row {
        group: addresses::GROUP,
        id: "fastbip32-public-keys",
        allocs,
        bytes,
    });
    for (id, f) in addresses::DESCRIPTOR_CANDIDATES {
        let (allocs, bytes) = measure(|| {
            black_box(f(&(), black_box(addresses::DESCRIPTOR)));
        });
        rows.push(Row {
            group: addresses::DESCRIPTOR_GROUP,
            id: if *id == "fastbip32" {
                "fastbip32 (parse)"
            } else {
                id
            },
            allocs,
            bytes,
        });
    }
    black_box(sink);
    assert!(
        per_key_offenders.is_empty(),
        "fastbip32 allocates per key in an address row: {per_key_offenders:?}"
    );

    println!("\nHeap allocations per operation ({OPS} operations after one warm-up; the xpub");
    println!("group is per 1000 children; Rust heap only)\n");
    println!("| group | implementation | allocs/op | bytes/op |");
    println!("|---|---|--:|--:|");
    for r in &rows {
        println!(
            "| {} | {} | {} | {} |",
            r.group,
            r.id,
            fmt(r.allocs),
            fmt(r.bytes)
        );
    }
    println!();

    let offenders: Vec<&Row> = rows
        .iter()
        .filter(|r| r.id == "fastbip32" && (r.allocs != 0.0 || r.bytes != 0.0))
        .collect();
    for r in &offenders {
        eprintln!(
            "fastbip32 allocates in {}: {} allocs/op, {} bytes/op",
            r.group, r.allocs, r.bytes
        );
    }
    assert!(
        offenders.is_empty(),
        "fastbip32 must not allocate per derivation"
    );
    println!("allocs: fastbip32 does 0 heap allocations in every derivation row, and no address row allocates per key");
}

fn fmt(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}
