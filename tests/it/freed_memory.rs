//! No secret is left in heap memory that the library frees.
//!
//! The binary's global allocator (`allocator.rs`) scans every block before it is freed (and every block a
//! reallocation moves away from) for registered 32-byte secrets. A vector of keys that grows
//! by reallocation, or keys moved out of a vector, leave unwiped copies in the blocks freed;
//! the library's containers of private keys (`PathTree` results, a descriptor's `Branch`) are
//! sized exactly and wipe every key in place. The first two tests show the scanner finds what
//! it is looking for.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core
)] // test code: failing loudly is the point

use crate::allocator::{freed_blocks_holding, SLOTS};
use fastbip32::{ExtendedPrivateKey, PathTree, Secp256k1};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn tree_of(paths: &[String]) -> PathTree {
    let mut tree = PathTree::new();
    for path in paths {
        tree.insert(path.as_str()).unwrap();
    }
    tree
}

fn paths() -> Vec<String> {
    let mut paths: Vec<String> = (0..300).map(|i| format!("m/44'/0'/0'/0/{i}")).collect();
    paths.extend((0..40).map(|i| format!("m/84'/0'/{i}'")));
    paths
}

/// The private keys the test looks for: a normal and a hardened result, and an inner node.
fn watched(seed: &[u8]) -> Vec<[u8; 32]> {
    let root = ExtendedPrivateKey::<Secp256k1>::from_seed(seed).unwrap();
    ["m/44'/0'/0'/0/150", "m/84'/0'/17'", "m/44'/0'/0'/0"]
        .iter()
        .map(|p| *root.derive_path(*p).unwrap().private_key())
        .collect()
}

/// The tree of [`paths`], the keys [`watched`] below `seed`, and `seed`'s master key.
fn tree_setup(seed: &[u8]) -> (PathTree, Vec<[u8; 32]>, ExtendedPrivateKey<Secp256k1>) {
    let root = ExtendedPrivateKey::<Secp256k1>::from_seed(seed).unwrap();
    (tree_of(&paths()), watched(seed), root)
}

#[test]
#[allow(clippy::vec_init_then_push)] // the allocation and the write are the test's two steps
fn the_scanner_finds_a_secret_in_a_freed_buffer() {
    let secret = [0xA5u8; 32];
    let hits = freed_blocks_holding(&[secret], || {
        let v: Vec<[u8; 32]> = vec![std::hint::black_box(secret)];
        drop(std::hint::black_box(v));
    });
    assert_eq!(hits, 1);
}

#[test]
fn a_growing_vector_of_keys_leaves_copies_behind() {
    // A `collect` into an unreserved vector: every reallocation frees a buffer of unwiped
    // keys.
    let seed = [3u8; 32];
    let root = ExtendedPrivateKey::<Secp256k1>::from_seed(&seed).unwrap();
    let target = *root.derive_path("m/0").unwrap().private_key();
    let hits = freed_blocks_holding(&[target], || {
        let mut keys = Vec::new();
        for i in 0..64 {
            keys.push(root.derive_path(format!("m/{i}")).unwrap());
        }
        drop(keys);
    });
    assert!(hits >= 1, "the reallocations should have been seen");
}

#[test]
fn path_tree_frees_no_key() {
    let seed = [9u8; 32];
    let (tree, secrets, root) = tree_setup(&seed);
    let hits = freed_blocks_holding(&secrets, || {
        let keys = tree.derive(&root).unwrap();
        assert_eq!(keys.len(), 340);
        assert_eq!(keys[150].private_key(), &secrets[0]);
        drop(keys);
    });
    assert_eq!(hits, 0);
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_path_tree_frees_no_key() {
    // A seed of its own: the scanner watches every thread's frees, and each test frees its
    // list of watched keys (plain arrays, not wiped) when it ends, maybe while another test
    // is watching. Two tests that watch the same keys would see each other's lists.
    let seed = [10u8; 32];
    let (tree, secrets, root) = tree_setup(&seed);
    // Warm the thread pool up first: its own start-up allocations are not ours.
    drop(tree.par_derive(&root).unwrap());
    let hits = freed_blocks_holding(&secrets, || {
        let keys = tree.par_derive(&root).unwrap();
        assert_eq!(keys[317].private_key(), &secrets[1]);
        drop(keys);
    });
    assert_eq!(hits, 0);
}

#[cfg(feature = "parallel")]
#[test]
fn a_new_thread_pool_frees_no_key() {
    // The first derivation on a pool, whose threads start and allocate during it, watched as
    // closely as a later one.
    let seed = [11u8; 32];
    let (tree, secrets, root) = tree_setup(&seed);
    let hits = freed_blocks_holding(&secrets, || {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let keys = pool.install(|| tree.par_derive(&root)).unwrap();
        assert_eq!(keys[150].private_key(), &secrets[0]);
        assert_eq!(keys[317].private_key(), &secrets[1]);
        drop(keys);
        drop(pool);
    });
    assert_eq!(hits, 0);
}

#[cfg(feature = "descriptor")]
#[test]
fn descriptor_branch_frees_no_key() {
    // Five ranged xprv keys: the branch prepares one derived private key per key (`…/0`, the
    // parent of the range), and holds them until it is dropped.
    let roots: Vec<ExtendedPrivateKey<Secp256k1>> = (1..=5u8)
        .map(|i| ExtendedPrivateKey::from_seed(&[i; 32]).unwrap())
        .collect();
    let secrets: Vec<[u8; 32]> = roots
        .iter()
        .take(SLOTS)
        .map(|root| *root.derive_path("m/0").unwrap().private_key())
        .collect();
    let keys: Vec<String> = roots
        .iter()
        .map(|root| format!("{}/0/*", root.to_zeroizing_string().as_str()))
        .collect();
    let text = format!("wsh(multi(2,{}))", keys.join(","));
    let descriptor: fastbip32::descriptor::Descriptor = text.parse().unwrap();
    let hits = freed_blocks_holding(&secrets, || {
        let branch = descriptor.branch(0).unwrap();
        let first = branch.derive(0).unwrap();
        assert_eq!(first.script_pubkey().len(), 34);
        drop(branch);
    });
    assert_eq!(hits, 0);
}

#[test]
fn public_sibling_runs_free_no_chain_code() {
    // Chain codes are sensitive (with a normal child's private key one gives away the
    // parent's): a run of public children leaves none in the blocks it frees.
    let root = ExtendedPrivateKey::<Secp256k1>::from_seed(&[4; 32]).unwrap();
    let xpub = root.derive_path("m/84'/0'/0'/0").unwrap().to_xpub();
    let first = fastbip32::ChildNumber::normal(0).unwrap();
    let watched: Vec<[u8; 32]> = [5, 130, 299]
        .iter()
        .map(|&i| {
            let child = xpub.derive_child_vartime(fastbip32::ChildNumber::normal(i).unwrap());
            *child.unwrap().chain_code().as_bytes()
        })
        .collect();
    let hits = freed_blocks_holding(&watched, || {
        let mut children = Vec::with_capacity(300);
        for child in xpub.children_vartime(first, 300).unwrap() {
            children.push(child.unwrap());
        }
        assert_eq!(children[5].chain_code().as_bytes(), &watched[0]);
        drop(children);
    });
    assert_eq!(hits, 0);
}

#[cfg(all(feature = "recovery", feature = "mnemonic"))]
#[test]
fn cardano_recovery_frees_no_root() {
    use fastbip32::mnemonic::{Language, Mnemonic};
    use fastbip32::recovery::{Coin, Options, Paths, Space, Template};
    use fastbip32::Ed25519Bip32;

    // BIP-39's third vector, known in full, with eight passphrases of this test's own: one
    // batch of eight Icarus roots, which the search holds while it derives their addresses.
    const PHRASE: &str =
        "letter advice cage absurd amount doctor acoustic avoid letter advice cage above";
    let passphrases: Vec<String> = (0..8)
        .map(|i| format!("freed-memory cardano {i}"))
        .collect();
    let entropy = Mnemonic::parse(PHRASE).unwrap().to_entropy();
    let secrets: Vec<[u8; 32]> = [0, 3, 7]
        .iter()
        .map(|&i: &usize| {
            let root = ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(
                entropy.as_bytes(),
                passphrases[i].as_bytes(),
            )
            .unwrap();
            root.private_key()[..32].try_into().unwrap()
        })
        .collect();
    let template = Template::parse(PHRASE, &Options::new().language(Language::English)).unwrap();
    let space = Space::new(template, &passphrases).unwrap();
    // Another wallet's address (tests/data/recovery.json, english12): nothing matches, so
    // every root is derived and dropped.
    let hits = unmatched_search_hits(
        &space,
        "addr1qy0c63uqp2smj9estggzw23y5dr535hukr8cq6yedex73mycd83phrgkgaqaz7qxwslzq96mrrhsyq465aht75uavlrs86vdj9",
        Paths::new(Coin::Cardano).gap(2),
        &secrets,
    );
    assert_eq!(hits, 0);
}

#[cfg(all(feature = "recovery", feature = "mnemonic"))]
#[test]
fn passphrase_rule_search_frees_no_variant() {
    use fastbip32::mnemonic::Language;
    use fastbip32::recovery::{Coin, Options, PassphraseRules, Paths, Space, Template};

    // BIP-39's fourth vector, known in full; a base passphrase of this test's own, with case
    // changes and one appended digit: every variant is built for the search, hashed and
    // dropped.
    const PHRASE: &str = "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong";
    const BASE: &str = "freed-memory rule base passphrase";
    // The uppercase variant, and the capitalised one with a 7, as built by the rules.
    let secrets = [
        window_of("FREED-MEMORY RULE BASE PASSPHRASE", 0),
        window_of("Freed-memory rule base passphrase7", 2),
    ];
    let template = Template::parse(PHRASE, &Options::new().language(Language::English)).unwrap();
    let rules = PassphraseRules::from_rules(BASE, "case,digits:1").unwrap();
    let space = Space::with_passphrase_rules(template, rules).unwrap();
    // Another wallet's address (tests/data/recovery.json, english12): nothing matches.
    let hits = unmatched_search_hits(
        &space,
        "bc1qejl9xacvuwn55857qa8jtm6ettgkla6ps0thaq",
        Paths::new(Coin::Bitcoin).gap(1),
        &secrets,
    );
    assert_eq!(hits, 0);
}

/// The freed blocks that held one of `secrets` while a one-thread search of all of `space`
/// on `paths` looked for `address`, which no candidate has: the search ends exhausted, having
/// built and dropped every candidate.
#[cfg(all(feature = "recovery", feature = "mnemonic"))]
fn unmatched_search_hits(
    space: &fastbip32::recovery::Space,
    address: &str,
    paths: fastbip32::recovery::Paths,
    secrets: &[[u8; 32]],
) -> usize {
    use core::sync::atomic::AtomicBool;
    use fastbip32::recovery::{Checkpoint, Outcome, Search, Target};

    let mut target = Target::new();
    target.add_address(address).unwrap();
    let search = Search::new(space, &target, paths).threads(1);
    freed_blocks_holding(secrets, || {
        let mut checkpoint = Checkpoint::new(space, [0; 16]);
        let outcome = search
            .run_vartime(
                0..space.size(),
                &mut checkpoint,
                &AtomicBool::new(false),
                &mut |_, _| {},
            )
            .unwrap();
        assert!(matches!(outcome, Outcome::Exhausted(_)), "{outcome:?}");
    })
}

/// 32 bytes of `text` from `at`.
#[cfg(all(feature = "recovery", feature = "mnemonic"))]
fn window_of(text: &str, at: usize) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&text.as_bytes()[at..at + 32]);
    out
}
#[cfg(feature = "recovery")]
#[test]
fn slip39_combine_frees_no_secret() {
    use fastbip32::recovery::slip39::Slip39Share;
    use fastbip32::recovery::slip39_combine::combine;
    // A 256-bit share set of SLIP-39's published vectors with several shares: the master
    // secret and the share values (as many as the scanner has slots for) are watched.
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/slip39_vectors.json")).unwrap();
    let case = data["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c[2].as_str().unwrap().len() == 64 && c[1].as_array().unwrap().len() > 2)
        .unwrap();
    let texts: Vec<&str> = case[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut secrets: Vec<[u8; 32]> = vec![hex::decode(case[2].as_str().unwrap())
        .unwrap()
        .try_into()
        .unwrap()];
    for text in texts.iter().take(SLOTS - 1) {
        secrets.push(
            Slip39Share::parse(text)
                .unwrap()
                .value()
                .try_into()
                .unwrap(),
        );
    }
    let hits = freed_blocks_holding(&secrets, || {
        let shares: Vec<Slip39Share> = texts
            .iter()
            .map(|t| Slip39Share::parse(t).unwrap())
            .collect();
        let master = combine(&shares, "TREZOR").unwrap();
        assert_eq!(&master[..], &secrets[0][..]);
    });
    assert_eq!(hits, 0);
}
