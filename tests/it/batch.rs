//! Sibling batches and path trees give exactly what one-by-one derivation gives.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core,
    clippy::cast_possible_truncation
)] // test code: failing loudly is the point

use fastbip32::{
    ChildNumber, Curve25519, Ed25519, Ed25519Bip32, Error, ExtendedPrivateKey, NistP256,
    NormalDerivation, PathTree, Scheme, Secp256k1, SecretBytes,
};
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn child(raw: u32) -> ChildNumber {
    ChildNumber::from_raw(raw)
}

fn batch_equals_loop<S: Scheme>(seed: &[u8], parent_path: &str, start: ChildNumber, count: usize) {
    let parent = ExtendedPrivateKey::<S>::from_seed(seed)
        .unwrap()
        .derive_path(parent_path)
        .unwrap();
    let one_by_one: Vec<_> = (0..count as u32)
        .map(|i| parent.derive_child(child(start.to_raw() + i)).unwrap())
        .collect();
    let iterated: Vec<_> = parent
        .children(start, count)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(iterated, one_by_one, "{} children", S::NAME);
    let mut keys = vec![SecretBytes::<S::PrivateKey>::default(); count];
    parent.derive_private_keys_into(start, &mut keys).unwrap();
    for (k, expected) in keys.iter().zip(&one_by_one) {
        assert_eq!(
            k.expose().as_ref(),
            expected.private_key().as_ref(),
            "{} batch",
            S::NAME
        );
    }
    for (k, expected) in iterated.iter().zip(&one_by_one) {
        assert_eq!(k.parent_fingerprint(), expected.parent_fingerprint());
        assert_eq!(k.parent_fingerprint(), parent.fingerprint());
    }
    #[cfg(feature = "parallel")]
    {
        let mut par = vec![SecretBytes::<S::PrivateKey>::default(); count];
        parent
            .par_derive_private_keys_into(start, &mut par)
            .unwrap();
        assert_eq!(par, keys, "{} parallel", S::NAME);
    }
}

fn public_batch_equals_private<S: NormalDerivation>(
    seed: &[u8],
    parent_path: &str,
    start: u32,
    count: usize,
) {
    let parent = ExtendedPrivateKey::<S>::from_seed(seed)
        .unwrap()
        .derive_path(parent_path)
        .unwrap();
    let xpub = parent.to_xpub();
    let mut publics = vec![parent.public_key(); count];
    xpub.derive_public_keys_into_vartime(child(start), &mut publics)
        .unwrap();
    let iterated: Vec<_> = xpub
        .children_vartime(child(start), count)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (i, (pk, ext)) in publics.iter().zip(&iterated).enumerate() {
        let private = parent.derive_child(child(start + i as u32)).unwrap();
        assert_eq!(*pk, private.public_key(), "{} public batch {i}", S::NAME);
        assert_eq!(ext, &private.to_xpub(), "{} public iterator {i}", S::NAME);
    }
    let mut from_private = vec![parent.public_key(); count];
    parent
        .derive_public_keys_into(child(start), &mut from_private)
        .unwrap();
    assert_eq!(
        from_private,
        publics,
        "{} constant-time from private",
        S::NAME
    );
    let mut vartime = vec![parent.public_key(); count];
    parent
        .derive_public_keys_into_vartime(child(start), &mut vartime)
        .unwrap();
    assert_eq!(vartime, publics, "{} vartime from private", S::NAME);
    #[cfg(feature = "parallel")]
    {
        let mut par = vec![parent.public_key(); count];
        xpub.par_derive_public_keys_into_vartime(child(start), &mut par)
            .unwrap();
        assert_eq!(par, publics, "{} parallel public", S::NAME);
    }
}

/// Many chunks of the secp256k1 batch (128 children per round), against one-by-one public
/// derivation (libsecp256k1's tweak-add per child).
fn secp256k1_long_batch(seed: &[u8], start: u32, count: usize) {
    let xpub = ExtendedPrivateKey::<Secp256k1>::from_seed(seed)
        .unwrap()
        .derive_path("m/44'/0'/0'/0")
        .unwrap()
        .to_xpub();
    let mut batch = vec![[0u8; 33]; count];
    xpub.derive_public_keys_into_vartime(child(start), &mut batch)
        .unwrap();
    for (i, pk) in batch.iter().enumerate() {
        let one = xpub.derive_child_vartime(child(start + i as u32)).unwrap();
        assert_eq!(*pk, one.public_key(), "child {}", start + i as u32);
    }
}

/// `ExtendedPublicKey::children_vartime` (batched runs, full keys) equals
/// `derive_child_vartime` one by one: keys, chain codes, depth, child numbers, parent
/// fingerprints.
fn full_public_children_equal_loop<S: NormalDerivation>(seed: &[u8], start: u32, count: usize) {
    let xpub = ExtendedPrivateKey::<S>::from_seed(seed)
        .unwrap()
        .derive_path("m/1'/2")
        .unwrap()
        .to_xpub();
    let keys = xpub.children_vartime(child(start), count).unwrap();
    assert_eq!(keys.len(), count);
    for (i, key) in keys.map(Result::unwrap).enumerate() {
        assert_eq!(
            key,
            xpub.derive_child_vartime(child(start + i as u32)).unwrap()
        );
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn full_public_children_equal_loops(seed in proptest::collection::vec(any::<u8>(), 16..=64), start in 0u32..1_000_000, count in 0usize..300) {
        full_public_children_equal_loop::<Secp256k1>(&seed, start, count);
        full_public_children_equal_loop::<Ed25519Bip32>(&seed, start, count.min(20));
    }

    #[test]
    fn batches_equal_loops(seed in proptest::collection::vec(any::<u8>(), 16..=64), start in 0u32..1_000_000, count in 0usize..40, hardened in any::<bool>()) {
        let start_n = if hardened { ChildNumber::hardened(start).unwrap() } else { ChildNumber::normal(start).unwrap() };
        batch_equals_loop::<Secp256k1>(&seed, "m/44'/60'/0'/0", start_n, count);
        batch_equals_loop::<NistP256>(&seed, "m/1'/2", start_n, count.min(8));
        batch_equals_loop::<Ed25519Bip32>(&seed, "m/1852'/1815'/0'", start_n, count);
        batch_equals_loop::<Ed25519>(&seed, "m/44'/501'", ChildNumber::hardened(start).unwrap(), count);
        batch_equals_loop::<Curve25519>(&seed, "m/1'", ChildNumber::hardened(start).unwrap(), count);
    }

    #[test]
    fn public_batches_equal_neutered_private(seed in proptest::collection::vec(any::<u8>(), 16..=64), start in 0u32..(1 << 31) - 100, count in 0usize..70) {
        public_batch_equals_private::<Secp256k1>(&seed, "m/84'/0'/0'/0", start, count.min(40));
        public_batch_equals_private::<Ed25519Bip32>(&seed, "m/1852'/1815'/0'/0", start, count);
        public_batch_equals_private::<NistP256>(&seed, "m/7", start, count.min(6));
    }

    #[test]
    fn secp256k1_long_batches_equal_one_by_one(seed in proptest::collection::vec(any::<u8>(), 32..=32), count in 0usize..400, below_end in any::<bool>()) {
        // Up to the last index there is (an empty batch starts at the last index, not at 2^31,
        // which is a hardened number), or from a random one.
        let start = if below_end { (1u32 << 31) - count.max(1) as u32 } else { u32::from(seed[0]) * 1000 };
        secp256k1_long_batch(&seed, start, count);
    }

    #[test]
    fn tree_equals_one_by_one(seed in proptest::collection::vec(any::<u8>(), 32..=32), paths in proptest::collection::vec(proptest::collection::vec((0u32..4, any::<bool>()), 0..5), 1..30)) {
        let texts: Vec<String> = paths.iter().map(|p| {
            let mut s = String::from("m");
            for (i, h) in p {
                s.push('/');
                s.push_str(&i.to_string());
                if *h {
                    s.push('\'');
                }
            }
            s
        }).collect();
        let mut tree = PathTree::new();
        for t in &texts { tree.insert(t.as_str()).unwrap(); }
        let root = ExtendedPrivateKey::<Secp256k1>::from_seed(&seed).unwrap();
        let keys = tree.derive(&root).unwrap();
        prop_assert_eq!(keys.len(), texts.len());
        for (t, k) in texts.iter().zip(&keys) {
            let expected = root.derive_path(t.as_str()).unwrap();
            prop_assert_eq!(k, &expected);
            prop_assert_eq!(k.parent_fingerprint(), expected.parent_fingerprint());
            let pos = tree.position(t.as_str()).unwrap().unwrap();
            prop_assert_eq!(&keys[pos], &expected);
        }
        #[cfg(feature = "parallel")]
        prop_assert_eq!(tree.par_derive(&root).unwrap(), keys.clone());
        // Public trees: only the soft paths.
        let soft: Vec<&String> = texts.iter().filter(|t| !t.contains('\'')).collect();
        let mut public_tree = PathTree::new();
        for t in &soft { public_tree.insert(t.as_str()).unwrap(); }
        let xpub = root.to_xpub();
        let publics = public_tree.derive_from_xpub_vartime(&xpub).unwrap();
        for (t, k) in soft.iter().zip(&publics) {
            prop_assert_eq!(k, &root.derive_path(t.as_str()).unwrap().to_xpub());
        }
        #[cfg(feature = "parallel")]
        prop_assert_eq!(public_tree.par_derive_from_xpub_vartime(&xpub).unwrap(), publics.clone());
    }
}

#[test]
fn tree_shares_prefixes_and_dedups() {
    let mut tree = PathTree::new();
    for purpose in [44, 84] {
        for change in 0..2 {
            for index in 0..100 {
                tree.insert(format!("m/{purpose}'/0'/0'/{change}/{index}").as_str())
                    .unwrap();
            }
        }
    }
    let again = tree.insert("m/44'/0'/0'/0/0").unwrap();
    assert_eq!(tree.len(), 401);
    // 2 purposes × (3 hardened levels + 2 change nodes + 200 leaves).
    assert_eq!(tree.node_count(), 2 * (3 + 2 + 200));
    let keys = tree.derive_from_seed::<Secp256k1>(&[3; 32]).unwrap();
    assert_eq!(keys[again], keys[0]);
    assert_eq!(tree.position("m/84'/0'/0'/1/99").unwrap(), Some(399));
    assert_eq!(tree.position("m/84'/0'/0'/1/100").unwrap(), None);
}

#[test]
fn batch_errors() {
    let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&[1; 32]).unwrap();
    let last = ChildNumber::normal((1 << 31) - 1).unwrap();
    assert_eq!(key.children(last, 1).map(|_| ()), Ok(()));
    assert_eq!(
        key.children(last, 2).map(|_| ()),
        Err(Error::InvalidChildIndex { index: 1 << 31 })
    );
    let ed = ExtendedPrivateKey::<Ed25519>::from_seed(&[1; 32]).unwrap();
    assert_eq!(
        ed.children(ChildNumber::normal(5).unwrap(), 3).map(|_| ()),
        Err(Error::HardenedOnly {
            index: 5,
            segment: 0
        })
    );
    let xpub = key.to_xpub();
    let mut out = [[0u8; 33]; 2];
    assert_eq!(
        xpub.derive_public_keys_into_vartime(ChildNumber::hardened(0).unwrap(), &mut out),
        Err(Error::HardenedFromPublic {
            index: 0,
            segment: 0
        })
    );
    assert_eq!(
        key.derive_public_keys_into_vartime(ChildNumber::hardened(3).unwrap(), &mut out),
        Err(Error::HardenedFromPublic {
            index: 3,
            segment: 0
        })
    );
    // In constant time, hardened children have public keys too.
    key.derive_public_keys_into(ChildNumber::hardened(3).unwrap(), &mut out)
        .unwrap();
    assert_eq!(
        out[1],
        key.derive_child(ChildNumber::hardened(4).unwrap())
            .unwrap()
            .public_key()
    );
    assert_eq!(
        key.derive_public_keys_into_vartime(last, &mut out),
        Err(Error::InvalidChildIndex { index: 1 << 31 })
    );
    let mut tree = PathTree::new();
    tree.insert("m/0/1'").unwrap();
    // The segment is the failing step's place in the inserted path, as for `derive_path`.
    assert_eq!(
        tree.derive_from_xpub_vartime(&xpub).map(|_| ()),
        Err(Error::HardenedFromPublic {
            index: 1,
            segment: 1
        })
    );
    assert_eq!(
        tree.derive_from_xpub_vartime(&xpub).map(|_| ()),
        xpub.derive_path_vartime("m/0/1'").map(|_| ())
    );
    let mut ed_tree = PathTree::new();
    ed_tree.insert("m/0'/1'/2").unwrap();
    assert_eq!(
        ed_tree.derive(&ed).map(|_| ()),
        Err(Error::HardenedOnly {
            index: 2,
            segment: 2
        })
    );
    assert_eq!(
        ed_tree.derive(&ed).map(|_| ()),
        ed.derive_path("m/0'/1'/2").map(|_| ())
    );
    let mut deep = PathTree::new();
    deep.insert("m/1").unwrap();
    let at_255 = key
        .derive_path(vec![ChildNumber::normal(0).unwrap(); 255].as_slice())
        .unwrap();
    assert_eq!(deep.derive(&at_255).map(|_| ()), Err(Error::DepthExceeded));
    assert_eq!(
        at_255
            .children(ChildNumber::normal(0).unwrap(), 1)
            .map(|_| ()),
        Err(Error::DepthExceeded)
    );
}

/// Groups of public-tree paths: below a short prefix, `len` siblings from `start` with a
/// stride (1: one run, crossing the batch's chunk of 128 for long ones; 2: no run), with the
/// starts near 0, anywhere, and at the end of the normal range.
#[cfg(not(target_arch = "wasm32"))]
fn public_tree_groups() -> impl Strategy<Value = Vec<(Vec<u32>, u32, u32, u32)>> {
    let start = prop_oneof![
        0u32..20,
        0u32..(1 << 31) - 600,
        ((1u32 << 31) - 300)..((1 << 31) - 299),
    ];
    let group = (
        proptest::collection::vec(0u32..3, 0..3),
        start,
        1u32..300,
        prop_oneof![4 => Just(1u32), 1 => Just(2u32)],
    );
    proptest::collection::vec(group, 1..5)
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// A public tree (whose runs of normal siblings go through the batched public
    /// derivation) gives exactly `derive_path` on the xpub, path by path, in insertion order
    /// and with duplicates; nested runs too (a run of runs below a prefix).
    #[test]
    fn public_tree_runs_equal_derive_path(seed in any::<[u8; 32]>(), groups in public_tree_groups(), nested in 0u32..40) {
        let xpub = ExtendedPrivateKey::<Secp256k1>::from_seed(&seed)
            .unwrap()
            .derive_path("m/84'/0'/0'")
            .unwrap()
            .to_xpub();
        let mut paths: Vec<Vec<ChildNumber>> = Vec::new();
        for (prefix, start, len, stride) in &groups {
            for i in 0..*len {
                let Some(index) = start.checked_add(i * stride).filter(|x| *x < 1 << 31) else {
                    break;
                };
                let mut path: Vec<ChildNumber> = prefix.iter().map(|&p| child(p)).collect();
                path.push(child(index));
                paths.push(path);
            }
        }
        // A run below each of a run of parents: m/7/j/i.
        for j in 0..nested {
            for i in 0..nested / 2 {
                paths.push(vec![child(7), child(j), child(i)]);
            }
        }
        paths.push(paths[0].clone()); // a duplicate
        let mut tree = PathTree::new();
        for path in &paths {
            tree.insert(path.as_slice()).unwrap();
        }
        let keys = tree.derive_from_xpub_vartime(&xpub).unwrap();
        prop_assert_eq!(keys.len(), paths.len());
        for (path, key) in paths.iter().zip(&keys) {
            let expected = xpub.derive_path_vartime(path.as_slice()).unwrap();
            prop_assert_eq!(key, &expected, "{:?}", path);
            prop_assert_eq!(key.parent_fingerprint(), expected.parent_fingerprint());
            prop_assert_eq!(key.chain_code(), expected.chain_code());
        }
        #[cfg(feature = "parallel")]
        prop_assert_eq!(tree.par_derive_from_xpub_vartime(&xpub).unwrap(), keys.clone());
    }
}

/// A hardened child after a run of normal siblings of a public node: the same error as
/// `derive_path`, after the run.
#[test]
fn public_tree_run_then_hardened_step() {
    let xpub = ExtendedPrivateKey::<Secp256k1>::from_seed(&[9; 32])
        .unwrap()
        .to_xpub();
    let mut tree = PathTree::new();
    for i in 0..200 {
        tree.insert(format!("m/1/{i}").as_str()).unwrap();
    }
    tree.insert("m/1/5'").unwrap();
    assert_eq!(
        tree.derive_from_xpub_vartime(&xpub).map(|_| ()),
        Err(Error::HardenedFromPublic {
            index: 5,
            segment: 1
        })
    );
    assert_eq!(
        tree.derive_from_xpub_vartime(&xpub).map(|_| ()),
        xpub.derive_path_vartime("m/1/5'").map(|_| ())
    );
}
