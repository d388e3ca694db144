//! Many keys at once and public batches, each against its baseline and
//! floor in the same run. Outputs are asserted equal before timing.
//!
//! ```text
//! cd benches && CARGO_TARGET_DIR=/tmp/target-benches cargo bench --bench batch
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use fastbip32::{
    ChainCode, ChildNumber, Ed25519Bip32, ExtendedPrivateKey, ExtendedPublicKey, Fingerprint,
    PathTree, Secp256k1, SecretBytes,
};
use fastbip32_benches::{ed25519_bip32, floor, paired, SEED};

const SIBLINGS: usize = 1000;

/// The parent `m/44'/60'/0'/0` as bare parts, so every iteration starts from a key whose
/// public key is not yet computed.
struct Parent {
    private_key: [u8; 32],
    chain_code: [u8; 32],
}

impl Parent {
    fn new() -> Self {
        let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED)
            .unwrap()
            .derive_path("m/44'/60'/0'/0")
            .unwrap();
        Self {
            private_key: *key.private_key(),
            chain_code: *key.chain_code().as_bytes(),
        }
    }

    fn fresh(&self) -> ExtendedPrivateKey<Secp256k1> {
        ExtendedPrivateKey::from_parts(
            &self.private_key,
            ChainCode::new(self.chain_code),
            4,
            Fingerprint::ZERO,
            ChildNumber::from_raw(0),
        )
        .unwrap()
    }
}

/// XOR of all outputs: one value to compare and to `black_box`.
fn fold<const N: usize>(keys: impl IntoIterator<Item = [u8; N]>) -> [u8; N] {
    let mut acc = [0u8; N];
    for k in keys {
        for (a, b) in acc.iter_mut().zip(k) {
            *a ^= b;
        }
    }
    acc
}

fn siblings_batch(parent: &Parent) -> [u8; 32] {
    let key = parent.fresh();
    let mut out = vec![SecretBytes::<[u8; 32]>::default(); SIBLINGS];
    key.derive_private_keys_into(ChildNumber::from_raw(0), &mut out)
        .unwrap();
    fold(out.iter().map(|k| *k.expose()))
}

fn siblings_one_by_one(parent: &Parent) -> [u8; 32] {
    // Each child from a parent whose public key must be computed again (no cache).
    fold((0..SIBLINGS as u32).map(|i| {
        *parent
            .fresh()
            .derive_child(ChildNumber::from_raw(i))
            .unwrap()
            .private_key()
    }))
}

fn siblings_floor(parent: &Parent) -> [u8; 32] {
    // 1 public key + 1000 × (2 SHA-512 compressions + 1 scalar add): the recipe, not a result.
    let pk = floor::secp256k1_mul_base_ffi(&parent.private_key);
    let mut acc = [0u8; 32];
    for i in 0..SIBLINGS {
        let s = floor::sha512_compress(&floor::SHA512_IV, &floor::BLOCK);
        let s = floor::sha512_compress(&s, &floor::BLOCK);
        let k = floor::secp256k1_scalar_add(&parent.private_key, &floor::TWEAK);
        acc[i % 32] ^= k[0] ^ (s[0] as u8) ^ pk[1];
    }
    acc
}

fn xpub_children_batch(xpub: &ExtendedPublicKey<Secp256k1>) -> [u8; 33] {
    let mut out = vec![[0u8; 33]; SIBLINGS];
    xpub.derive_public_keys_into_vartime(ChildNumber::from_raw(0), &mut out)
        .unwrap();
    fold(out)
}

fn xpub_children_one_by_one(xpub: &ExtendedPublicKey<Secp256k1>) -> [u8; 33] {
    fold((0..SIBLINGS as u32).map(|i| {
        xpub.derive_child_vartime(ChildNumber::from_raw(i))
            .unwrap()
            .public_key()
    }))
}

fn tweak_add_floor(xpub: &ExtendedPublicKey<Secp256k1>) -> [u8; 33] {
    // The yardstick: 1000 × (keyed-state HMAC-SHA512 + libsecp256k1 tweak-add +
    // compress), the parent parsed and the chain code's HMAC state keyed once. The recipe, not
    // a result: the tweak is the fixed valid `floor::TWEAK`, the HMAC output is folded in.
    let parent = secp256k1::PublicKey::from_byte_array_compressed(xpub.public_key()).unwrap();
    let tweak = secp256k1::Scalar::from_be_bytes(floor::TWEAK).unwrap();
    let key = floor::hmac_key(xpub.chain_code().as_bytes());
    let mut msg = [0u8; 37];
    msg[..33].copy_from_slice(&xpub.public_key());
    fold((0..SIBLINGS as u32).map(|i| {
        msg[33..].copy_from_slice(&i.to_be_bytes());
        let mac = floor::hmac_sha512_keyed(&key, black_box(&msg));
        let mut pk = parent.add_exp_tweak(black_box(&tweak)).unwrap().serialize();
        pk[1] ^= mac[0];
        pk
    }))
}

/// The same 1000 public keys from the private key, in constant time (child private keys,
/// then a base-point multiplication each) or by the opt-in vartime public batch. The parent
/// starts without a cached public key, so the vartime row pays one base-point multiplication.
fn xprv_public_keys(parent: &Parent, vartime: bool) -> [u8; 33] {
    let key = parent.fresh();
    let mut out = vec![[0u8; 33]; SIBLINGS];
    if vartime {
        key.derive_public_keys_into_vartime(ChildNumber::from_raw(0), &mut out)
    } else {
        key.derive_public_keys_into(ChildNumber::from_raw(0), &mut out)
    }
    .unwrap();
    fold(out)
}

/// The xpub batch over a table of `W`-bit windows (the table built once, outside the timing):
/// the sweep that chooses `WINDOW_BITS` in src/curve/secp256k1_batch.rs.
fn width_row<const W: usize>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    xpub: &ExtendedPublicKey<Secp256k1>,
    expected: [u8; 33],
) {
    let table = fastbip32::curve::Secp256k1WidthSweep::<W>::new().unwrap();
    let (public, chain_code) = (xpub.public_key(), *xpub.chain_code().as_bytes());
    let run = |table: &fastbip32::curve::Secp256k1WidthSweep<W>| {
        let mut out = vec![[0u8; 33]; SIBLINGS];
        table.derive(&public, &chain_code, 0, &mut out).unwrap();
        fold(out)
    };
    assert_eq!(run(&table), expected, "width {W}");
    g.bench_function(format!("w{W}"), |b| b.iter(|| run(black_box(&table))));
}

/// 1000 multipliers below 2²²⁷, as BIP32-Ed25519's `8·trunc₂₈(Z_L)` are (a fixed
/// pseudo-random sequence).
fn ed25519_multipliers() -> Vec<[u8; 32]> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..SIBLINGS)
        .map(|_| {
            let mut k = [0u8; 32];
            for byte in k.iter_mut().take(29) {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                *byte = (state >> 56) as u8;
            }
            k[28] &= 0x07;
            k
        })
        .collect()
}

/// 1000 base-point multiples over a BIP32-Ed25519 fixed-base table of `W`-bit windows (built
/// once, outside the timing): the sweep that chooses `WINDOW_BITS` in
/// src/curve/ed25519_bip32_batch.rs.
fn ed25519_width_row<const W: usize>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    scalars: &[[u8; 32]],
    expected: [u8; 32],
) {
    let table = fastbip32::curve::Ed25519Bip32WidthSweep::<W>::new();
    let run = |table: &fastbip32::curve::Ed25519Bip32WidthSweep<W>| {
        fold(scalars.iter().map(|k| table.mul(k)))
    };
    assert_eq!(run(&table), expected, "width {W}");
    g.bench_function(format!("w{W}"), |b| b.iter(|| run(black_box(&table))));
}

/// The BIP32-Ed25519 peer's xpub as ours (the same key and chain code).
fn cardano_xpub(ctx: &ed25519_bip32::XpubCtx) -> ExtendedPublicKey<Ed25519Bip32> {
    ExtendedPublicKey::from_parts(
        ctx.peer.public_key(),
        ChainCode::from(*ctx.peer.chain_code()),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    )
    .unwrap()
}

fn tree_paths() -> Vec<String> {
    let mut paths = Vec::new();
    for purpose in [44, 84] {
        for change in 0..2 {
            for index in 0..50 {
                paths.push(format!("m/{purpose}'/0'/0'/{change}/{index}"));
            }
        }
    }
    paths
}

fn batch(c: &mut Criterion) {
    let parent = Parent::new();
    assert_eq!(siblings_batch(&parent), siblings_one_by_one(&parent));
    let mut g = c.benchmark_group("batch/secp256k1_1000_soft_siblings");
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("fastbip32", |b| {
        b.iter(|| siblings_batch(black_box(&parent)))
    });
    g.bench_function("one-by-one", |b| {
        b.iter(|| siblings_one_by_one(black_box(&parent)))
    });
    g.bench_function("floor", |b| b.iter(|| siblings_floor(black_box(&parent))));
    g.finish();

    let xpub = parent.fresh().to_xpub();
    let expected = xpub_children_batch(&xpub);
    assert_eq!(expected, xpub_children_one_by_one(&xpub));
    let mut g = c.benchmark_group("batch/secp256k1_1000_xpub_children");
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("fastbip32", |b| {
        b.iter(|| xpub_children_batch(black_box(&xpub)))
    });
    g.bench_function("one-by-one", |b| {
        b.iter(|| xpub_children_one_by_one(black_box(&xpub)))
    });
    g.bench_function("floor-tweak-add", |b| {
        b.iter(|| tweak_add_floor(black_box(&xpub)))
    });
    g.finish();

    assert_eq!(xprv_public_keys(&parent, false), expected);
    assert_eq!(xprv_public_keys(&parent, true), expected);
    let mut g = c.benchmark_group("batch/secp256k1_1000_public_keys_of_xprv");
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("fastbip32-constant-time", |b| {
        b.iter(|| xprv_public_keys(black_box(&parent), false))
    });
    g.bench_function("fastbip32-vartime", |b| {
        b.iter(|| xprv_public_keys(black_box(&parent), true))
    });
    g.finish();

    // Table width sweep: the same batch over tables of 6 to 12-bit windows (the library's
    // default is `WINDOW_BITS` in src/curve/secp256k1_batch.rs).
    let mut g = c.benchmark_group("batch/secp256k1_1000_xpub_children_width");
    g.sampling_mode(SamplingMode::Flat);
    width_row::<6>(&mut g, &xpub, expected);
    width_row::<7>(&mut g, &xpub, expected);
    width_row::<8>(&mut g, &xpub, expected);
    width_row::<9>(&mut g, &xpub, expected);
    width_row::<10>(&mut g, &xpub, expected);
    width_row::<11>(&mut g, &xpub, expected);
    width_row::<12>(&mut g, &xpub, expected);
    g.bench_function("table-build-w8", |b| {
        b.iter(fastbip32::curve::Secp256k1WidthSweep::<8>::new);
    });
    g.bench_function("table-build-w11", |b| {
        b.iter(fastbip32::curve::Secp256k1WidthSweep::<11>::new);
    });
    g.finish();

    // Small batches: the table engine (one field inversion per round, whatever the batch's
    // length) against libsecp256k1's tweak-add per child, to place the crossover below which
    // the library takes tweak-add (`SMALL_BATCH` in src/curve/secp256k1_batch.rs).
    // 11: the library's `WINDOW_BITS`.
    let table11 = fastbip32::curve::Secp256k1WidthSweep::<11>::new().unwrap();
    let (public, chain_code) = (xpub.public_key(), *xpub.chain_code().as_bytes());
    let mut g = c.benchmark_group("batch/secp256k1_xpub_small_batches");
    g.sampling_mode(SamplingMode::Flat);
    for n in [1usize, 2, 4, 8, 16, 32] {
        let engine = |n: usize| {
            let mut out = vec![[0u8; 33]; n];
            table11.derive(&public, &chain_code, 0, &mut out).unwrap();
            fold(out)
        };
        let one_by_one = |n: usize| {
            fold((0..n as u32).map(|i| {
                xpub.derive_child_vartime(ChildNumber::from_raw(i))
                    .unwrap()
                    .public_key()
            }))
        };
        assert_eq!(engine(n), one_by_one(n));
        g.bench_function(format!("table-n{n}"), |b| b.iter(|| engine(black_box(n))));
        g.bench_function(format!("tweak-add-n{n}"), |b| {
            b.iter(|| one_by_one(black_box(n)));
        });
    }
    g.finish();

    // BIP32-Ed25519 public children: the batch (shared parent decompression, one inversion
    // per 32 compressions) against one-by-one and the peer.
    let ctx = ed25519_bip32::XpubCtx::new();
    let cardano = cardano_xpub(&ctx);
    let batched = |x: &ExtendedPublicKey<Ed25519Bip32>| {
        let mut out = vec![[0u8; 32]; SIBLINGS];
        x.derive_public_keys_into_vartime(ChildNumber::from_raw(0), &mut out)
            .unwrap();
        fold(out)
    };
    let peer = |_: &()| ed25519_bip32::ed25519_bip32_xpub(&ctx, &(SIBLINGS as u32));
    assert_eq!(batched(&cardano), peer(&()));
    let mut g = c.benchmark_group("batch/ed25519bip32_1000_xpub_children");
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("fastbip32", |b| b.iter(|| batched(black_box(&cardano))));
    g.bench_function("fastbip32-one-by-one", |b| {
        b.iter(|| ed25519_bip32::fastbip32_xpub_one_by_one(black_box(&ctx), &(SIBLINGS as u32)));
    });
    g.bench_function("ed25519-bip32", |b| b.iter(|| peer(black_box(&()))));
    g.finish();

    // BIP32-Ed25519 fixed-base table width sweep, against dalek's constant-time mul_base
    // (what a public child cost before the table).
    let scalars = ed25519_multipliers();
    let dalek = |scalars: &[[u8; 32]]| {
        fold(scalars.iter().map(|k| {
            curve25519_dalek::EdwardsPoint::mul_base(
                &curve25519_dalek::Scalar::from_bytes_mod_order(*k),
            )
            .compress()
            .to_bytes()
        }))
    };
    let expected = dalek(&scalars);
    let mut g = c.benchmark_group("batch/ed25519bip32_1000_base_multiples_width");
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("dalek-mul_base", |b| b.iter(|| dalek(black_box(&scalars))));
    ed25519_width_row::<6>(&mut g, &scalars, expected);
    ed25519_width_row::<8>(&mut g, &scalars, expected);
    ed25519_width_row::<10>(&mut g, &scalars, expected);
    ed25519_width_row::<12>(&mut g, &scalars, expected);
    g.bench_function("table-build-w8", |b| {
        b.iter(fastbip32::curve::Ed25519Bip32WidthSweep::<8>::new);
    });
    g.bench_function("table-build-w10", |b| {
        b.iter(fastbip32::curve::Ed25519Bip32WidthSweep::<10>::new);
    });
    g.finish();

    let paths = tree_paths();
    let mut tree = PathTree::new();
    for p in &paths {
        tree.insert(p.as_str()).unwrap();
    }
    let by_tree = |seed: &[u8]| {
        fold(
            tree.derive_from_seed::<Secp256k1>(seed)
                .unwrap()
                .iter()
                .map(|k| *k.private_key()),
        )
    };
    let independent = |seed: &[u8]| {
        fold(paths.iter().map(|p| {
            *ExtendedPrivateKey::<Secp256k1>::from_seed(seed)
                .unwrap()
                .derive_path(p.as_str())
                .unwrap()
                .private_key()
        }))
    };
    assert_eq!(by_tree(&SEED), independent(&SEED));
    let mut g = c.benchmark_group("tree/secp256k1_200_paths");
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("fastbip32-tree", |b| b.iter(|| by_tree(black_box(&SEED))));
    g.bench_function("independent-derive_path", |b| {
        b.iter(|| independent(black_box(&SEED)))
    });
    g.finish();

    let key = parent.fresh();
    let _ = key.public_key();
    let mut serial = vec![SecretBytes::<[u8; 32]>::default(); 100_000];
    let mut par = serial.clone();
    key.derive_private_keys_into(ChildNumber::from_raw(0), &mut serial)
        .unwrap();
    key.par_derive_private_keys_into(ChildNumber::from_raw(0), &mut par)
        .unwrap();
    assert!(serial == par);
    let mut g = c.benchmark_group("batch/secp256k1_100k_soft_siblings");
    g.sampling_mode(SamplingMode::Flat).sample_size(10);
    g.bench_function("serial", |b| {
        b.iter(|| {
            key.derive_private_keys_into(ChildNumber::from_raw(0), black_box(&mut serial))
                .unwrap()
        });
    });
    g.bench_function("parallel", |b| {
        b.iter(|| {
            key.par_derive_private_keys_into(ChildNumber::from_raw(0), black_box(&mut par))
                .unwrap()
        });
    });
    g.finish();
}

/// Extended-key text: parse and encode an xprv and an xpub, fastbip32 against
/// rust-bitcoin, on BIP-32 test vector 1's `m/0'/1` keys.
fn serialize(c: &mut Criterion) {
    use std::str::FromStr;
    const XPRV: &str = "xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs";
    const XPUB: &str = "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ";
    let ours: fastbip32::Xprv = XPRV.parse().unwrap();
    let theirs = bitcoin::bip32::Xpriv::from_str(XPRV).unwrap();
    let ours_pub: fastbip32::Xpub = XPUB.parse().unwrap();
    let theirs_pub = bitcoin::bip32::Xpub::from_str(XPUB).unwrap();
    assert_eq!(ours.private_key(), &theirs.private_key.secret_bytes());
    assert_eq!(ours_pub.public_key(), theirs_pub.public_key.serialize());
    assert_eq!(ours.to_zeroizing_string().as_str(), theirs.to_string());
    assert_eq!(ours_pub.to_string(), theirs_pub.to_string());

    let mut g = c.benchmark_group("serialize/parse_xprv");
    g.bench_function("fastbip32", |b| {
        b.iter(|| black_box(black_box(XPRV).parse::<fastbip32::Xprv>().unwrap()))
    });
    g.bench_function("bitcoin", |b| {
        b.iter(|| black_box(bitcoin::bip32::Xpriv::from_str(black_box(XPRV)).unwrap()))
    });
    g.finish();
    let mut g = c.benchmark_group("serialize/parse_xpub");
    g.bench_function("fastbip32", |b| {
        b.iter(|| black_box(black_box(XPUB).parse::<fastbip32::Xpub>().unwrap()))
    });
    g.bench_function("bitcoin", |b| {
        b.iter(|| black_box(bitcoin::bip32::Xpub::from_str(black_box(XPUB)).unwrap()))
    });
    g.finish();
    let mut g = c.benchmark_group("serialize/encode_xprv");
    g.bench_function("fastbip32", |b| {
        b.iter(|| {
            let mut buf = [0u8; 112];
            black_box(black_box(&ours).encode(&mut buf).unwrap().len())
        });
    });
    g.bench_function("bitcoin", |b| {
        b.iter(|| black_box(black_box(&theirs).to_string()))
    });
    g.finish();
    let mut g = c.benchmark_group("serialize/encode_xpub");
    g.bench_function("fastbip32", |b| {
        b.iter(|| {
            let mut buf = [0u8; 112];
            black_box(black_box(&ours_pub).encode(&mut buf).unwrap().len())
        });
    });
    g.bench_function("bitcoin", |b| {
        b.iter(|| black_box(black_box(&theirs_pub).to_string()))
    });
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_millis(2500))
        .warm_up_time(Duration::from_secs(1))
}

/// Interleaved ratios (`fastbip32_benches::paired`) of the batch rows: each batch against its
/// floor or peer.
fn paired_rows(_: &mut Criterion) {
    let parent = Parent::new();
    paired::ratio(
        "batch/secp256k1_1000_soft_siblings",
        "floor",
        || siblings_batch(black_box(&parent)),
        || siblings_floor(black_box(&parent)),
    );
    let xpub = parent.fresh().to_xpub();
    paired::ratio(
        "batch/secp256k1_1000_xpub_children",
        "floor-tweak-add",
        || xpub_children_batch(black_box(&xpub)),
        || tweak_add_floor(black_box(&xpub)),
    );
    let ctx = ed25519_bip32::XpubCtx::new();
    let cardano = cardano_xpub(&ctx);
    let mut out = vec![[0u8; 32]; SIBLINGS];
    paired::ratio(
        "batch/ed25519bip32_1000_xpub_children",
        "ed25519-bip32",
        || {
            black_box(&cardano)
                .derive_public_keys_into_vartime(ChildNumber::from_raw(0), &mut out)
                .unwrap();
            out[SIBLINGS - 1]
        },
        || ed25519_bip32::ed25519_bip32_xpub(&ctx, &(SIBLINGS as u32)),
    );
}

criterion_group! {
    name = benches;
    config = config();
    targets = batch, serialize, paired_rows
}
criterion_main!(benches);
