//! Extended public keys and public-only derivation: the published vectors by `CKDpub`, the
//! SLIP-10 nist256p1 retry both ways, hardened and depth refusals, schemes without public
//! derivation, and `neuter(CKDpriv(k, p)) == CKDpub(neuter(k), p)` as a property.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: failing loudly is the point

use core::marker::PhantomData;
use fastbip32::{
    Bip32Text, ChildNumber, Curve25519, DerivationPath, Ed25519, Error, ExtendedPrivateKey,
    ExtendedPublicKey, NistP256, NormalDerivation, Scheme, Secp256k1, Version, Xprv, Xpub,
};
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn cases(file: &str) -> Vec<Value> {
    let text = match file {
        "bip32" => include_str!("../data/bip32.json"),
        "slip10" => include_str!("../data/slip10.json"),
        _ => unreachable!(),
    };
    let data: Value = serde_json::from_str(text).unwrap();
    data["cases"].as_array().unwrap().clone()
}

fn s<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field]
        .as_str()
        .unwrap_or_else(|| panic!("missing {field} in {v}"))
}

fn last_child(step: &Value) -> Option<ChildNumber> {
    step["path_indices"]
        .as_array()
        .unwrap()
        .last()
        .map(|i| ChildNumber::from_raw(u32::try_from(i.as_u64().unwrap()).unwrap()))
}

/// Every normal step of the SLIP-10 secp256k1 and nist256p1 chains, by public derivation from
/// the neutered parent: the published public key, chain code and parent fingerprint.
fn check_public_chain<S: Bip32Text>(case: &Value) -> usize {
    let id = s(case, "id");
    let master =
        ExtendedPrivateKey::<S>::from_seed(&hex::decode(s(case, "seed_hex")).unwrap()).unwrap();
    let chain = case["chain"].as_array().unwrap();
    let mut checked = 0;
    for pair in chain.windows(2) {
        let (parent_step, step) = (&pair[0], &pair[1]);
        let child = last_child(step).unwrap();
        let parent = master.derive_path(s(parent_step, "path")).unwrap();
        let xpub = parent.to_xpub();
        let text = s(step, "path");
        if child.is_hardened() {
            assert_eq!(
                xpub.derive_child_vartime(child),
                Err(Error::HardenedFromPublic {
                    index: child.index(),
                    segment: 0
                }),
                "{id} {text}"
            );
            continue;
        }
        let public = xpub.derive_child_vartime(child).unwrap();
        assert_eq!(
            hex::encode(public.public_key()),
            s(step, "public_key_hex"),
            "{id} {text}"
        );
        assert_eq!(
            hex::encode(public.chain_code()),
            s(step, "chain_code_hex"),
            "{id} {text}"
        );
        assert_eq!(
            public.parent_fingerprint().to_string(),
            s(step, "parent_fingerprint_hex"),
            "{id} {text}"
        );
        assert_eq!(public.depth(), parent.depth() + 1, "{id} {text}");
        assert_eq!(public.child_number(), child, "{id} {text}");
        // The same as neutering the private child.
        assert_eq!(
            public,
            parent.derive_child(child).unwrap().to_xpub(),
            "{id} {text}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn slip10_normal_steps_by_public_derivation() {
    let mut checked = [0usize; 2];
    for case in cases("slip10") {
        if !matches!(s(&case, "kind"), "derivation" | "derivation_retry") {
            continue;
        }
        match s(&case, "curve") {
            "secp256k1" => checked[0] += check_public_chain::<Secp256k1>(&case),
            "nist256p1" => checked[1] += check_public_chain::<NistP256>(&case),
            _ => {}
        }
    }
    // Three normal steps in each of vectors 1 and 2 per curve, plus the retry step of
    // nist256p1.
    assert_eq!(checked, [6, 7]);
}

/// SLIP-10 "Test derivation retry for nist256p1": m/28578'/33941 needs a retry (`I_L ≥ n`);
/// public derivation applies the same rule and lands on the same key.
#[test]
fn nist256p1_derivation_retry_both_ways() {
    let case = cases("slip10")
        .into_iter()
        .find(|c| s(c, "id") == "slip10-nist256p1-derivation-retry")
        .unwrap();
    let step = &case["chain"][2];
    assert_eq!(s(step, "path"), "m/28578'/33941");
    assert_eq!(step["retries"], 1);
    let master =
        ExtendedPrivateKey::<NistP256>::from_seed(&hex::decode(s(&case, "seed_hex")).unwrap())
            .unwrap();

    let private_then_neuter = master.derive_path("m/28578'/33941").unwrap().to_xpub();
    let parent = master.derive_path("m/28578'").unwrap().to_xpub();
    let public = parent.derive_path_vartime("33941").unwrap();

    for key in [&private_then_neuter, &public] {
        assert_eq!(hex::encode(key.public_key()), s(step, "public_key_hex"));
        assert_eq!(hex::encode(key.chain_code()), s(step, "chain_code_hex"));
        assert_eq!(
            key.parent_fingerprint().to_string(),
            s(step, "parent_fingerprint_hex")
        );
    }
    assert_eq!(public, private_then_neuter);
    // And through text, since P-256 keys use the BIP-32 layout.
    let reparsed: ExtendedPublicKey<NistP256> = parent.to_string().parse().unwrap();
    assert_eq!(
        reparsed
            .derive_child_vartime(ChildNumber::normal(33941).unwrap())
            .unwrap(),
        public
    );
}

#[test]
fn bip32_vector_xpubs_derive_their_normal_children() {
    let mut checked = 0;
    for case in cases("bip32") {
        if s(&case, "kind") != "derivation" {
            continue;
        }
        let chain = case["chain"].as_array().unwrap();
        for pair in chain.windows(2) {
            let child = last_child(&pair[1]).unwrap();
            if child.is_hardened() {
                continue;
            }
            let parent: Xpub = s(&pair[0], "xpub").parse().unwrap();
            let derived = parent.derive_child_vartime(child).unwrap();
            assert_eq!(
                derived.to_string(),
                s(&pair[1], "xpub"),
                "{}",
                s(&pair[1], "path")
            );
            checked += 1;
        }
    }
    // Vectors 1 and 2 have three normal steps each; 3 and 4 none.
    assert_eq!(checked, 6);
}

#[test]
fn paths_relative_to_the_key() {
    let master = Xprv::from_seed(&[0x5a; 32]).unwrap();
    let account = master.derive_path("m/44'/0'/0'").unwrap();
    let xpub = account.to_xpub();
    let expected = account.derive_path("0/1/2").unwrap().to_xpub();
    let path: DerivationPath = "m/0/1/2".parse().unwrap();
    let children = [
        ChildNumber::normal(0).unwrap(),
        ChildNumber::normal(1).unwrap(),
        ChildNumber::normal(2).unwrap(),
    ];
    assert_eq!(xpub.derive_path_vartime("0/1/2").unwrap(), expected);
    assert_eq!(xpub.derive_path_vartime("m/0/1/2").unwrap(), expected);
    assert_eq!(xpub.derive_path_vartime(&path).unwrap(), expected);
    assert_eq!(xpub.derive_path_vartime(&children).unwrap(), expected);
    assert_eq!(xpub.derive_path_vartime(&children[..]).unwrap(), expected);
    assert_eq!(
        xpub.derive_path_vartime("0")
            .unwrap()
            .derive_child_vartime(children[1])
            .unwrap()
            .derive_child_vartime(children[2])
            .unwrap(),
        expected
    );
    // The empty path is the key itself.
    assert_eq!(xpub.derive_path_vartime("m").unwrap(), xpub);
    assert_eq!(
        xpub.derive_path_vartime(&[] as &[ChildNumber]).unwrap(),
        xpub
    );
    // Malformed text is a path error.
    assert!(matches!(
        xpub.derive_path_vartime("0//1"),
        Err(Error::InvalidPath { .. })
    ));
    // Fingerprints: the child's parent is its parent.
    let child = xpub.derive_path_vartime("7/8").unwrap();
    assert_eq!(
        child.parent_fingerprint(),
        xpub.derive_path_vartime("7").unwrap().fingerprint()
    );
    assert_eq!(
        child.fingerprint(),
        account.derive_path("7/8").unwrap().fingerprint()
    );
    assert_eq!(
        xpub.parent_fingerprint(),
        master.derive_path("m/44'/0'").unwrap().fingerprint()
    );
}

#[test]
fn refusals() {
    let master = Xprv::from_seed(&[1; 16]).unwrap();
    let xpub = master.to_xpub();
    // Hardened steps, found before any work, naming the first one.
    assert_eq!(
        xpub.derive_child_vartime(ChildNumber::hardened(0).unwrap()),
        Err(Error::HardenedFromPublic {
            index: 0,
            segment: 0
        })
    );
    assert_eq!(
        xpub.derive_path_vartime("0/1/5'/7h"),
        Err(Error::HardenedFromPublic {
            index: 5,
            segment: 2
        })
    );
    assert_eq!(
        xpub.derive_path_vartime("m/44'/0'"),
        Err(Error::HardenedFromPublic {
            index: 44,
            segment: 0
        })
    );
    // Depth past 255.
    let deep: Vec<ChildNumber> = (0..255).map(|i| ChildNumber::normal(i).unwrap()).collect();
    let at_255 = xpub.derive_path_vartime(deep.as_slice()).unwrap();
    assert_eq!(at_255.depth(), 255);
    assert_eq!(
        at_255.derive_child_vartime(ChildNumber::normal(0).unwrap()),
        Err(Error::DepthExceeded)
    );
    assert_eq!(
        xpub.derive_path_vartime("1")
            .unwrap()
            .derive_path_vartime(deep.as_slice()),
        Err(Error::DepthExceeded)
    );
    // 255 levels of public derivation agree with private derivation.
    assert_eq!(
        at_255,
        master.derive_path(deep.as_slice()).unwrap().to_xpub()
    );
}

/// Whether a concrete scheme implements [`NormalDerivation`], asked at run time: method
/// resolution tries `Probe<S>` (the impl bounded by `NormalDerivation`) before `&Probe<S>`
/// (the fallback), so the answer is the trait bound's.
struct Probe<S>(PhantomData<S>);

trait Normal {
    fn normal(&self) -> bool {
        true
    }
}

impl<S: NormalDerivation> Normal for Probe<S> {}

trait NotNormal {
    fn normal(&self) -> bool {
        false
    }
}

impl<S> NotNormal for &Probe<S> {}

macro_rules! has_public_derivation {
    ($scheme:ty) => {
        (&Probe::<$scheme>(PhantomData)).normal()
    };
}

#[test]
fn schemes_without_public_derivation() {
    // There is no `ExtendedPublicKey` of a hardened-only scheme: every constructor
    // (`to_xpub`, `from_parts`, parsing) requires `NormalDerivation` (the two compile_fail
    // examples on `ExtendedPublicKey` show `to_xpub` and `from_parts` refused for `Ed25519`),
    // so a normal child or a hardened step from such a key is refused by the compiler.
    let mut with_public = 0;
    for_each_scheme!(|S| {
        with_public += usize::from(has_public_derivation!(S));
    });
    let mut normal = 0;
    for_each_scheme!(
        normal | S | {
            assert!(has_public_derivation!(S), "{}", <S as Scheme>::NAME);
            normal += 1;
        }
    );
    assert_eq!(
        with_public, normal,
        "a scheme outside the normal list has public derivation"
    );
    assert!(!has_public_derivation!(Ed25519));
    assert!(!has_public_derivation!(Curve25519));
    // The private key still gives its public half and fingerprints.
    let key = ExtendedPrivateKey::<Ed25519>::from_seed(&[2; 32])
        .unwrap()
        .derive_path("m/44'/501'")
        .unwrap();
    let parent = ExtendedPrivateKey::<Ed25519>::from_seed(&[2; 32])
        .unwrap()
        .derive_path("m/44'")
        .unwrap();
    assert_eq!(key.depth(), 2);
    assert_eq!(key.public_key(), key.to_derived_key().public_key());
    assert_eq!(key.parent_fingerprint(), parent.fingerprint());
    // And a normal child is refused by private derivation.
    assert_eq!(
        key.derive_child(ChildNumber::normal(0).unwrap()),
        Err(Error::HardenedOnly {
            index: 0,
            segment: 0
        })
    );
}

#[test]
fn neutering_after_hardened_and_normal_steps() {
    let master = Xprv::from_seed(&[8; 64]).unwrap();
    for path in ["m", "m/0'", "m/0", "m/0'/1'", "m/0/1'", "m/0'/1", "m/1/2/3"] {
        let key = master.derive_path(path).unwrap();
        let parent_fp = match path.rfind('/') {
            Some(cut) => master.derive_path(&path[..cut]).unwrap().fingerprint(),
            None => fastbip32::Fingerprint::ZERO,
        };
        let xpub = key.to_xpub();
        assert_eq!(xpub.parent_fingerprint(), parent_fp, "{path}");
        assert_eq!(xpub.fingerprint(), key.fingerprint(), "{path}");
        assert_eq!(xpub.chain_code(), key.chain_code(), "{path}");
        assert_eq!(xpub.child_number(), key.child_number(), "{path}");
        assert_eq!(xpub.version(), Version::XPUB, "{path}");
        assert_eq!(key.to_xpub(), xpub, "{path}");
    }
}

#[test]
fn equality_and_hash_cover_every_field() {
    use std::collections::HashSet;
    let master = Xprv::from_seed(&[4; 32]).unwrap();
    let a = master.derive_path("m/0/1").unwrap().to_xpub();
    let keys = [
        a.clone(),
        master.derive_path("m/0/2").unwrap().to_xpub(),
        master.derive_path("m/1/1").unwrap().to_xpub(),
        master.derive_path("m/0").unwrap().to_xpub(),
        a.clone().with_version(Version::ZPUB).unwrap(),
    ];
    let set: HashSet<Xpub> = keys.iter().cloned().collect();
    assert_eq!(set.len(), keys.len());
    assert!(set.contains(&a.to_string().parse::<Xpub>().unwrap()));
    // Same key, same chain code, only the parent fingerprint differs.
    let mut bytes = a.to_bytes();
    bytes[5] ^= 1;
    assert_ne!(Xpub::from_bytes(&bytes).unwrap(), a);
}

#[test]
fn public_keys_are_send_sync_clone() {
    fn check<T: Send + Sync + Clone + 'static>() {}
    check::<Xpub>();
    check::<ExtendedPublicKey<NistP256>>();
    check::<ExtendedPublicKey<Ed25519>>();
    check::<fastbip32::ExtendedKey<Secp256k1>>();
}

#[cfg(not(target_arch = "wasm32"))]
fn soft_path() -> impl Strategy<Value = Vec<ChildNumber>> {
    prop::collection::vec(
        (0u32..(1 << 31)).prop_map(|i| ChildNumber::normal(i).unwrap()),
        0..5,
    )
}

/// A random starting point: a master key or a key below a hardened step.
fn start<S: Scheme>(seed: &[u8], hardened: Option<u32>) -> ExtendedPrivateKey<S> {
    let master = ExtendedPrivateKey::<S>::from_seed(seed).unwrap();
    match hardened {
        Some(i) => master
            .derive_child(ChildNumber::hardened(i).unwrap())
            .unwrap(),
        None => master,
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn ckdpub_matches_ckdpriv_secp256k1(seed in prop::collection::vec(any::<u8>(), 16..=64),
                                        hardened in prop::option::of(0u32..(1 << 31)),
                                        path in soft_path()) {
        let key = start::<Secp256k1>(&seed, hardened);
        let by_private = key.derive_path(path.as_slice()).unwrap().to_xpub();
        let by_public = key.to_xpub().derive_path_vartime(path.as_slice()).unwrap();
        prop_assert_eq!(&by_public, &by_private);
        prop_assert_eq!(by_public.to_string(), by_private.to_string());
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    // P-256 public derivation costs about 80 µs a step.
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn ckdpub_matches_ckdpriv_nist256p1(seed in prop::collection::vec(any::<u8>(), 16..=64),
                                        hardened in prop::option::of(0u32..(1 << 31)),
                                        path in soft_path()) {
        let key = start::<NistP256>(&seed, hardened);
        let by_private = key.derive_path(path.as_slice()).unwrap().to_xpub();
        let by_public = key.to_xpub().derive_path_vartime(path.as_slice()).unwrap();
        prop_assert_eq!(&by_public, &by_private);
        prop_assert_eq!(by_public.to_bytes(), by_private.to_bytes());
    }
}
