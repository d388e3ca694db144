//! Every published BIP-32 (vectors 1–4) and SLIP-10 vector, read from `tests/data/`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core,
    clippy::cast_possible_truncation
)] // test code: failing loudly is the point

use fastbip32::{
    ChildNumber, Curve25519, DerivationPath, Ed25519, Error, ExtendedPrivateKey, NistP256, Scheme,
    Secp256k1, Version,
};
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn data(name: &str) -> Value {
    let text = match name {
        "bip32" => include_str!("../data/bip32.json"),
        "slip10" => include_str!("../data/slip10.json"),
        _ => unreachable!(),
    };
    serde_json::from_str(text).unwrap()
}

fn cases(file: &str) -> Vec<Value> {
    data(file)["cases"].as_array().unwrap().clone()
}

fn s<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field]
        .as_str()
        .unwrap_or_else(|| panic!("missing {field} in {v}"))
}

fn seed(case: &Value) -> Vec<u8> {
    hex::decode(s(case, "seed_hex")).unwrap()
}

/// The path, built from `path_indices` (the schema says to trust those first), and checked
/// against the `path` text.
fn path(step: &Value) -> DerivationPath {
    let children: Vec<ChildNumber> = step["path_indices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| ChildNumber::from_raw(u32::try_from(i.as_u64().unwrap()).unwrap()))
        .collect();
    let p = DerivationPath::try_from(children.as_slice()).unwrap();
    assert_eq!(p, s(step, "path").parse::<DerivationPath>().unwrap());
    p
}

/// Checks one chain step of a SLIP-10-shaped vector for scheme `S`, three ways: derived from
/// the master key by path text, by parsed path, and as a child of the previous step.
fn check_chain<S: Scheme>(case: &Value, public_hex: impl Fn(&S::PublicKey) -> String)
where
    S::PrivateKey: AsRef<[u8]>,
{
    let id = s(case, "id");
    let master = ExtendedPrivateKey::<S>::from_seed(&seed(case)).unwrap();
    let mut previous: Option<ExtendedPrivateKey<S>> = None;
    for step in case["chain"].as_array().unwrap() {
        let p = path(step);
        let text = s(step, "path");
        let key = master
            .derive_path(text)
            .unwrap_or_else(|e| panic!("{id} {text}: {e}"));
        assert_eq!(key, master.derive_path(&p).unwrap(), "{id} {text}");
        if let (Some(prev), Some(last)) = (&previous, p.last()) {
            assert_eq!(
                &key,
                &prev.derive_child(*last).unwrap(),
                "{id} {text}: child of previous"
            );
            assert_eq!(key.parent_fingerprint(), prev.fingerprint(), "{id} {text}");
        }
        assert_eq!(
            hex::encode(key.private_key()),
            s(step, "private_key_hex"),
            "{id} {text}"
        );
        assert_eq!(
            hex::encode(key.chain_code()),
            s(step, "chain_code_hex"),
            "{id} {text}"
        );
        assert_eq!(
            public_hex(&key.public_key()),
            s(step, "public_key_hex"),
            "{id} {text}"
        );
        assert_eq!(
            key.parent_fingerprint().to_string(),
            s(step, "parent_fingerprint_hex"),
            "{id} {text}"
        );
        assert_eq!(usize::from(key.depth()), p.len(), "{id} {text}");
        assert_eq!(
            key.child_number(),
            p.last().copied().unwrap_or_default(),
            "{id} {text}"
        );
        previous = Some(key);
    }
}

fn sec1(pk: &[u8; 33]) -> String {
    hex::encode(pk)
}

fn prefixed(pk: &[u8; 32]) -> String {
    format!("00{}", hex::encode(pk))
}

#[test]
fn slip10_every_derivation_vector() {
    let mut seen = [0usize; 4];
    for case in cases("slip10") {
        if !matches!(
            s(&case, "kind"),
            "derivation" | "derivation_retry" | "seed_retry"
        ) {
            continue;
        }
        let slot = match s(&case, "curve") {
            "secp256k1" => {
                check_chain::<Secp256k1>(&case, sec1);
                0
            }
            "nist256p1" => {
                check_chain::<NistP256>(&case, sec1);
                1
            }
            "ed25519" => {
                check_chain::<Ed25519>(&case, prefixed);
                2
            }
            "curve25519" => {
                check_chain::<Curve25519>(&case, prefixed);
                3
            }
            other => panic!("unknown curve {other}"),
        };
        seen[slot] += 1;
    }
    // 2 vectors per curve, plus the two nist256p1 retry vectors.
    assert_eq!(seen, [2, 4, 2, 2]);
}

#[test]
fn slip10_hardened_only_refusals() {
    let mut count = 0;
    for case in cases("slip10") {
        if s(&case, "kind") != "derivation_failure" {
            continue;
        }
        let text = s(&case, "path");
        let first_normal = path(&case).iter().find(|c| c.is_normal()).unwrap();
        let expected = Err(Error::HardenedOnly {
            index: first_normal.index(),
            segment: path(&case).iter().position(ChildNumber::is_normal).unwrap(),
        });
        let got = match s(&case, "curve") {
            "ed25519" => ExtendedPrivateKey::<Ed25519>::from_seed(&seed(&case))
                .unwrap()
                .derive_path(text)
                .map(|_| ()),
            "curve25519" => ExtendedPrivateKey::<Curve25519>::from_seed(&seed(&case))
                .unwrap()
                .derive_path(text)
                .map(|_| ()),
            other => panic!("unexpected curve {other}"),
        };
        assert_eq!(got, expected, "{}", s(&case, "id"));
        count += 1;
    }
    assert_eq!(count, 4);
}

#[test]
fn bip32_vectors_1_to_4() {
    let mut steps = 0;
    for case in cases("bip32") {
        if s(&case, "kind") != "derivation" {
            continue;
        }
        let vector = case["vector"].as_u64().unwrap();
        let master = ExtendedPrivateKey::<Secp256k1>::from_seed(&seed(&case)).unwrap();
        let mut previous: Option<ExtendedPrivateKey<Secp256k1>> = None;
        for step in case["chain"].as_array().unwrap() {
            let text = s(step, "path");
            let p = path(step);
            let key = match &previous {
                Some(prev) => prev.derive_child(*p.last().unwrap()).unwrap(),
                None => master.clone(),
            };
            assert_eq!(
                key,
                master.derive_path(&p).unwrap(),
                "vector {vector} {text}"
            );
            let d = &step["decoded"];
            assert_eq!(
                hex::encode(key.private_key()),
                s(d, "private_key_hex"),
                "vector {vector} {text}"
            );
            assert_eq!(
                hex::encode(key.public_key()),
                s(d, "public_key_hex"),
                "vector {vector} {text}"
            );
            // Keys from a seed serialize in the xprv / xpub family.
            assert_eq!(key.version(), Version::XPRV, "vector {vector} {text}");
            assert_eq!(
                key.to_zeroizing_string().as_str(),
                s(step, "xprv"),
                "vector {vector} {text}"
            );
            assert_eq!(
                key.to_xpub().to_string(),
                s(step, "xpub"),
                "vector {vector} {text}"
            );
            previous = Some(key);
            steps += 1;
        }
    }
    assert_eq!(steps, 17);
}
