//! Hardened isolation in memory, the lean `DerivedKey` against the full key, and the
//! BIP32-Ed25519 import bound.
//!
//! * No key a caller gets holds an ancestor's private key: the raw bytes of derived keys
//!   (`derive_child`, `derive_path`, `to_xpub`, `to_derived_key`, `DerivedKey` walks,
//!   `PathTree` results, `children` items) are scanned for every 16-byte window of each
//!   ancestor's secret. A control scan of the ancestor's own bytes shows the scanner finds a
//!   secret where there is one.
//! * `DerivedKey` gives the full key's private key and chain code on every SLIP-10 vector
//!   path (and the published bytes).
//! * BIP32-Ed25519 imports accept `kL` up to `2²⁵⁵ − 1 − (255 − depth)·8·(2²²⁴ − 1)` and
//!   no further, with the bound computed here with `num-bigint`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation
)] // test code: failing loudly is the point
#![allow(unsafe_code)] // reading a key's own bytes to scan them, in `raw_bytes` only

use core::mem::size_of_val;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::{
    ChainCode, ChildNumber, Curve25519, DerivationPath, DerivedKey, Ed25519, Ed25519Bip32, Error,
    ExtendedKey, ExtendedPrivateKey, Fingerprint, NistP256, NormalDerivation, PathTree, Scheme,
    Secp256k1,
};
use num_bigint::BigUint;
use serde_json::Value;

// ---------------------------------------------------------------------------------------------
// Scanning memory
// ---------------------------------------------------------------------------------------------

/// A copy of the bytes a value occupies (its inline representation; none of the key types
/// points to the heap).
fn raw_bytes<T: ?Sized>(value: &T) -> Vec<u8> {
    // SAFETY: `value` is a live reference, so `size_of_val(value)` bytes from its address
    // are allocated and readable for the duration of the borrow, and nothing writes to them
    // meanwhile (shared borrow; the key types have no interior mutability that runs here).
    // Some of those bytes may be padding or a not-yet-initialised slot (the lazy public-key
    // cache, the smaller variant of an enum): reading them as `u8` is what this test needs
    // (it looks for a secret anywhere in the value) and is confined to this test file.
    let bytes = unsafe {
        core::slice::from_raw_parts(core::ptr::from_ref(value).cast::<u8>(), size_of_val(value))
    };
    core::hint::black_box(bytes).to_vec()
}

/// Whether any 16-byte window of `secret` occurs in `haystack`.
fn holds_part_of(haystack: &[u8], secret: &[u8]) -> bool {
    secret
        .windows(16)
        .any(|w| haystack.windows(16).any(|h| h == w))
}

/// Asserts that `holder`'s bytes contain no 16-byte window of any secret in `ancestors`.
fn assert_holds_none<T: ?Sized>(holder: &T, ancestors: &[Vec<u8>], what: &str) {
    let bytes = raw_bytes(holder);
    for (i, secret) in ancestors.iter().enumerate() {
        assert!(
            !holds_part_of(&bytes, secret),
            "{what}: holds part of ancestor {i}'s private key"
        );
    }
}

/// The scanner finds a key's own secret in its bytes (so a miss above is a real miss).
fn control<S: Scheme>(key: &ExtendedPrivateKey<S>, what: &str) {
    let secret = key.private_key().as_ref().to_vec();
    assert!(
        holds_part_of(&raw_bytes(key), &secret),
        "{what}: control scan does not find the key's own secret"
    );
    let derived = key.to_derived_key();
    assert!(
        holds_part_of(&raw_bytes(&derived), &secret),
        "{what}: control scan of the DerivedKey"
    );
}

fn secret_of<S: Scheme>(key: &ExtendedPrivateKey<S>) -> Vec<u8> {
    key.private_key().as_ref().to_vec()
}

const SEED: [u8; 32] = [0x3c; 32];

/// Every way to get a private key below `parent` by a hardened last step, scanned for the
/// secrets of `parent` (and of `ancestors`, its own ancestors).
fn hardened_children_hold_no_ancestor<S: Scheme>(path_to_parent: &str) {
    let name = S::NAME;
    let master = ExtendedPrivateKey::<S>::from_seed(&SEED).unwrap();
    let parent = master.derive_path(path_to_parent).unwrap();
    let mut ancestors = vec![secret_of(&master), secret_of(&parent)];
    control(&parent, name);

    // One hardened child, cloned; its parent (and the original child) dropped first.
    let own_parent = master.derive_path(path_to_parent).unwrap();
    let child = own_parent
        .derive_child(ChildNumber::hardened(7).unwrap())
        .unwrap();
    let cloned = child.clone();
    drop(own_parent);
    drop(child);
    assert_holds_none(
        &cloned,
        &ancestors,
        &format!("{name} hardened child (clone)"),
    );
    // Reading the parent fingerprint needs nothing the child does not hold already.
    assert_eq!(cloned.parent_fingerprint(), parent.fingerprint());
    assert_holds_none(
        &cloned,
        &ancestors,
        &format!("{name} after its fingerprint"),
    );
    control(&cloned, name);

    // A walk of several hardened steps: no intermediate key's secret either.
    let walked = master
        .derive_path(format!("{path_to_parent}/7'/8'").as_str())
        .unwrap();
    let middle = cloned
        .derive_child(ChildNumber::hardened(8).unwrap())
        .unwrap();
    assert!(walked == middle, "{name}: walk vs steps");
    ancestors.push(secret_of(&cloned));
    let walked_clone = walked.clone();
    drop(walked);
    assert_holds_none(&walked_clone, &ancestors, &format!("{name} hardened walk"));
    assert_holds_none(
        &walked_clone.to_derived_key(),
        &ancestors,
        &format!("{name} to_derived_key"),
    );
    assert_holds_none(
        &ExtendedKey::from(walked_clone.clone()),
        &ancestors,
        &format!("{name} ExtendedKey"),
    );

    // The lean key: a DerivedKey walk and a DerivedKey child.
    let lean = DerivedKey::<S>::from_seed(&SEED)
        .unwrap()
        .derive_path(format!("{path_to_parent}/7'/8'").as_str())
        .unwrap();
    assert_eq!(
        lean.private_key().as_ref(),
        walked_clone.private_key().as_ref()
    );
    assert_holds_none(
        &lean.clone(),
        &ancestors,
        &format!("{name} DerivedKey walk"),
    );
    let lean_child = parent
        .to_derived_key()
        .derive_child(ChildNumber::hardened(7).unwrap())
        .unwrap();
    let lean_child_clone = lean_child.clone();
    drop(lean_child);
    assert_holds_none(
        &lean_child_clone,
        &ancestors[..2],
        &format!("{name} DerivedKey child"),
    );

    siblings_and_trees_hold_no_ancestor(&master, &parent, path_to_parent, &ancestors[..2]);
    drop(parent);
    drop(master);
    // The clones made above are independent of the dropped keys: still intact.
    assert_eq!(
        cloned
            .derive_child(ChildNumber::hardened(8).unwrap())
            .unwrap(),
        walked_clone
    );
}

/// `children` items and `PathTree` results below `parent` (a key at `path_to_parent` below
/// `master`), scanned for the secrets in `ancestors` (those of `master` and `parent`).
fn siblings_and_trees_hold_no_ancestor<S: Scheme>(
    master: &ExtendedPrivateKey<S>,
    parent: &ExtendedPrivateKey<S>,
    path_to_parent: &str,
    ancestors: &[Vec<u8>],
) {
    let name = S::NAME;
    // Sibling batches: every item of `children`.
    let siblings: Vec<ExtendedPrivateKey<S>> = parent
        .children(ChildNumber::hardened(100).unwrap(), 6)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (i, sibling) in siblings.iter().enumerate() {
        assert_holds_none(sibling, ancestors, &format!("{name} children item {i}"));
    }
    // The whole vector's buffer too (the items in place).
    assert_holds_none(
        siblings.as_slice(),
        ancestors,
        &format!("{name} children buffer"),
    );

    // PathTree results, serial and parallel: each result scanned for every ancestor's
    // secret on its path.
    let mut tree = PathTree::new();
    let paths = [
        path_to_parent.to_owned(),
        format!("{path_to_parent}/7'"),
        format!("{path_to_parent}/7'/8'"),
        format!("{path_to_parent}/9'"),
    ];
    for p in &paths {
        tree.insert(p.as_str()).unwrap();
    }
    let serial = tree.derive(master).unwrap();
    check_tree_results(master, &paths, &serial, &format!("{name} PathTree"));
    #[cfg(feature = "parallel")]
    {
        let parallel = tree.par_derive(master).unwrap();
        check_tree_results(master, &paths, &parallel, &format!("{name} PathTree par"));
    }
}

/// Each tree result holds no secret of the keys above it on its path (the root's included).
fn check_tree_results<S: Scheme>(
    root: &ExtendedPrivateKey<S>,
    paths: &[String],
    results: &[ExtendedPrivateKey<S>],
    what: &str,
) {
    assert_eq!(results.len(), paths.len());
    for (path, key) in paths.iter().zip(results) {
        let parsed: DerivationPath = path.parse().unwrap();
        let mut ancestors = vec![secret_of(root)];
        for depth in 1..parsed.len() {
            let above = root.derive_path(&parsed.as_slice()[..depth]).unwrap();
            ancestors.push(secret_of(&above));
        }
        assert!(*key == root.derive_path(&parsed).unwrap(), "{what} {path}");
        assert_holds_none(key, &ancestors, &format!("{what} {path}"));
        assert_holds_none(&key.clone(), &ancestors, &format!("{what} {path} (clone)"));
    }
    assert_holds_none(results, &[secret_of(root)], &format!("{what} buffer"));
}

/// For schemes with normal derivation: the public key made from a child holds no private key
/// at all, and a normal child holds no ancestor's secret either.
fn public_side_holds_no_secret<S: NormalDerivation>(path_to_parent: &str) {
    let name = S::NAME;
    let master = ExtendedPrivateKey::<S>::from_seed(&SEED).unwrap();
    let parent = master.derive_path(path_to_parent).unwrap();
    let child = parent
        .derive_child(ChildNumber::hardened(3).unwrap())
        .unwrap();
    let secrets = [secret_of(&master), secret_of(&parent), secret_of(&child)];
    let xpub = child.to_xpub();
    drop(child);
    assert_holds_none(&xpub.clone(), &secrets, &format!("{name} to_xpub"));
    let soft = parent
        .derive_child(ChildNumber::normal(3).unwrap())
        .unwrap();
    let soft_clone = soft.clone();
    drop(soft);
    drop(parent);
    assert_holds_none(&soft_clone, &secrets[..2], &format!("{name} normal child"));
}

#[test]
fn no_key_holds_an_ancestors_private_key() {
    // The scheme's sample path ends in normal steps where the scheme has them: the parent's
    // public key is kept below them, never its secret.
    for_each_scheme!(|S, path| {
        hardened_children_hold_no_ancestor::<S>(path);
    });
    for_each_scheme!(
        normal | S | {
            hardened_children_hold_no_ancestor::<S>("m/44'/0'/0'");
        }
    );
}

#[test]
fn public_keys_and_normal_children_hold_no_secret() {
    for_each_scheme!(
        normal | S,
        path | {
            public_side_holds_no_secret::<S>(path);
        }
    );
}

// ---------------------------------------------------------------------------------------------
// DerivedKey against the full key, on the SLIP-10 vectors
// ---------------------------------------------------------------------------------------------

fn slip10_cases() -> Vec<Value> {
    let data: Value = serde_json::from_str(include_str!("../data/slip10.json")).unwrap();
    data["cases"].as_array().unwrap().clone()
}

fn field<'a>(v: &'a Value, name: &str) -> &'a str {
    v[name]
        .as_str()
        .unwrap_or_else(|| panic!("missing {name} in {v}"))
}

/// Every step of every derivation case of `curve`: the `DerivedKey` walk (by text, and step by
/// step from the previous one) equals the full key and the published bytes. Returns the
/// number of steps checked.
fn derived_equals_full<S: Scheme>(curve: &str) -> usize {
    let mut steps = 0;
    for case in slip10_cases() {
        if field(&case, "curve") != curve
            || !matches!(
                field(&case, "kind"),
                "derivation" | "derivation_retry" | "seed_retry"
            )
        {
            continue;
        }
        let id = field(&case, "id");
        let seed = hex::decode(field(&case, "seed_hex")).unwrap();
        let lean_master = DerivedKey::<S>::from_seed(&seed).unwrap();
        let full_master = ExtendedPrivateKey::<S>::from_seed(&seed).unwrap();
        let mut previous: Option<DerivedKey<S>> = None;
        for step in case["chain"].as_array().unwrap() {
            let path = field(step, "path");
            let ctx = format!("{id} {path}");
            let lean = lean_master.derive_path(path).unwrap();
            let full = full_master.derive_path(path).unwrap();
            assert_eq!(
                lean.private_key().as_ref(),
                full.private_key().as_ref(),
                "{ctx}: private key"
            );
            assert_eq!(lean.chain_code(), full.chain_code(), "{ctx}: chain code");
            assert!(lean == full.to_derived_key(), "{ctx}: to_derived_key");
            assert_eq!(
                hex::encode(lean.private_key()),
                field(step, "private_key_hex"),
                "{ctx}: published private key"
            );
            assert_eq!(
                hex::encode(lean.chain_code()),
                field(step, "chain_code_hex"),
                "{ctx}: published chain code"
            );
            assert_eq!(lean.public_key(), full.public_key(), "{ctx}: public key");
            let indices = step["path_indices"].as_array().unwrap();
            if let (Some(prev), Some(last)) = (&previous, indices.last()) {
                let child = ChildNumber::from_raw(u32::try_from(last.as_u64().unwrap()).unwrap());
                assert!(
                    prev.derive_child(child).unwrap() == lean,
                    "{ctx}: child of the previous step"
                );
            }
            previous = Some(lean);
            steps += 1;
        }
    }
    steps
}

#[test]
fn derived_key_equals_the_full_key_on_every_slip10_vector() {
    // SLIP-10 ed25519: vectors 1 and 2, 6 steps each (the master key included).
    assert_eq!(derived_equals_full::<Ed25519>("ed25519"), 12);
    // The other curves, for good measure (nist256p1 has the two retry vectors too).
    assert_eq!(derived_equals_full::<Curve25519>("curve25519"), 12);
    assert_eq!(derived_equals_full::<Secp256k1>("secp256k1"), 12);
    assert!(derived_equals_full::<NistP256>("nist256p1") > 12);
}

#[test]
fn derived_key_refuses_what_the_full_key_refuses() {
    let lean = DerivedKey::<Ed25519>::from_seed(&SEED).unwrap();
    let full = ExtendedPrivateKey::<Ed25519>::from_seed(&SEED).unwrap();
    for path in ["m/0", "m/0'/1", "m/1'/2'/3"] {
        let want = full.derive_path(path).map(|_| ());
        assert!(matches!(want, Err(Error::HardenedOnly { .. })), "{path}");
        assert_eq!(lean.derive_path(path).map(|_| ()), want, "{path}");
    }
    assert_eq!(
        DerivedKey::<Ed25519>::from_seed(&[0; 15]).map(|_| ()),
        Err(Error::InvalidSeedLength { len: 15 })
    );
}

// ---------------------------------------------------------------------------------------------
// The BIP32-Ed25519 import bound
// ---------------------------------------------------------------------------------------------

/// `2²⁵⁵ − 1 − (255 − depth)·8·(2²²⁴ − 1)`, the largest `kL` an imported key at `depth` may
/// have (CHANGELOG, "BIP32-Ed25519 import"), rounded down to a multiple of 8.
fn bound_at(depth: u8) -> BigUint {
    let one = BigUint::from(1u8);
    let step = BigUint::from(8u8) * ((&one << 224u32) - &one);
    let bound = (&one << 255u32) - &one - BigUint::from(255 - u32::from(depth)) * step;
    &bound - (&bound % 8u8)
}

/// `kL ‖ kR` with `kL` the little-endian bytes of `kl`.
fn key_with_kl(kl: &BigUint) -> [u8; 64] {
    let bytes = kl.to_bytes_le();
    assert!(bytes.len() <= 32, "kL does not fit in 256 bits");
    let mut key = [0x5au8; 64]; // kR is unconstrained
    key[..32].fill(0);
    key[..bytes.len()].copy_from_slice(&bytes);
    key
}

fn import(key: &[u8; 64], depth: u8) -> Result<ExtendedPrivateKey<Ed25519Bip32>, Error> {
    let (parent, child) = if depth == 0 {
        (Fingerprint::ZERO, ChildNumber::from_raw(0))
    } else {
        (Fingerprint::new([1, 2, 3, 4]), ChildNumber::from_raw(5))
    };
    ExtendedPrivateKey::from_parts(key, ChainCode::new([0x77; 32]), depth, parent, child)
}

#[test]
fn bip32_ed25519_import_bound_at_every_depth() {
    let bit_254 = BigUint::from(1u8) << 254u32;
    for depth in 0..=u8::MAX {
        let at = bound_at(depth);
        // Preconditions of the construction: a multiple of 8 with bit 254 set, below 2²⁵⁵.
        assert_eq!(&at % 8u8, BigUint::from(0u8), "{depth}");
        assert!(at.bit(254) && !at.bit(255), "{depth}");
        assert!(at >= bit_254, "{depth}");

        let key = key_with_kl(&at);
        assert_eq!(key[0] & 7, 0);
        assert_eq!(key[31] & 0xC0, 0x40);
        assert!(
            import(&key, depth).is_ok(),
            "kL at the bound, depth {depth}"
        );
        let over = key_with_kl(&(&at + 8u8));
        assert_eq!(
            import(&over, depth).map(|_| ()),
            Err(Error::InvalidSecretKey),
            "kL one multiple of 8 past the bound, depth {depth}"
        );
    }
    // At depth 255 there is nothing left to derive: the bound is 2²⁵⁵ − 8 itself.
    assert_eq!(
        bound_at(255),
        (BigUint::from(1u8) << 255u32) - BigUint::from(8u8)
    );
    // Raw bytes and CIP-5 text carry no depth: they import at depth 0.
    let mut raw = [0u8; 96];
    raw[..64].copy_from_slice(&key_with_kl(&bound_at(0)));
    assert!(ExtendedPrivateKey::<Ed25519Bip32>::from_raw_bytes(&raw).is_ok());
    raw[..64].copy_from_slice(&key_with_kl(&(bound_at(0) + 8u8)));
    assert_eq!(
        ExtendedPrivateKey::<Ed25519Bip32>::from_raw_bytes(&raw).map(|_| ()),
        Err(Error::InvalidSecretKey)
    );
}

#[test]
fn bip32_ed25519_keys_at_the_bound_have_children_that_import_again() {
    // What the bound is for: a child of a key at the bound is within the bound one level
    // deeper, so it imports again at its own depth.
    for depth in [0u8, 1, 2, 100, 200, 253, 254] {
        let key = import(&key_with_kl(&bound_at(depth)), depth).unwrap();
        for child in [
            ChildNumber::hardened(0).unwrap(),
            ChildNumber::normal(0).unwrap(),
            ChildNumber::hardened((1 << 31) - 1).unwrap(),
        ] {
            let derived = key.derive_child(child).unwrap();
            assert_eq!(derived.depth(), depth + 1);
            let again = ExtendedPrivateKey::<Ed25519Bip32>::from_parts(
                derived.private_key(),
                derived.chain_code().clone(),
                derived.depth(),
                derived.parent_fingerprint(),
                derived.child_number(),
            )
            .unwrap_or_else(|e| panic!("depth {depth} {child}: {e}"));
            assert!(again == derived, "depth {depth} {child}");
        }
    }
    let last = import(&key_with_kl(&bound_at(255)), 255).unwrap();
    assert_eq!(
        last.derive_child(ChildNumber::hardened(0).unwrap())
            .map(|_| ()),
        Err(Error::DepthExceeded)
    );
}
