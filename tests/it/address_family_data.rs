//! Readers of the address-family vector files shared by the `address_*` family tests:
//! `address_families_wallet_core.json` (wallet-core's per-chain tests) and
//! `address_families_bip_utils.json` (bip_utils' own address tests).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use p256::elliptic_curve::sec1::ToSec1Point as _;
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// The wallet-core cases of `family` (`cases` when `decode` is false, else `decode`).
pub(crate) fn wallet_core(family: &str, decode: bool) -> Vec<Value> {
    let data: Value =
        serde_json::from_str(include_str!("../data/address_families_wallet_core.json")).unwrap();
    let list = if decode { "decode" } else { "cases" };
    let cases: Vec<Value> = data[list]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["family"] == family)
        .cloned()
        .collect();
    assert!(!cases.is_empty(), "no wallet-core {list} for {family}");
    cases
}

/// bip_utils' vectors of `family`: (valid cases, invalid texts).
pub(crate) fn bip_utils(family: &str) -> (Value, Vec<String>) {
    let data: Value =
        serde_json::from_str(include_str!("../data/address_families_bip_utils.json")).unwrap();
    let f = &data["families"][family];
    assert!(f.is_object(), "no bip_utils family {family}");
    let invalid = flatten(&f["invalid"]);
    (f["valid"].clone(), invalid)
}

/// Every string in a list or in the lists of an object.
fn flatten(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a.iter().flat_map(flatten).collect(),
        Value::Object(o) => o.values().flat_map(flatten).collect(),
        _ => panic!("unexpected {v}"),
    }
}

/// The string field `key`.
pub(crate) fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("no string {key} in {v}"))
}

/// Hex of exactly `N` bytes.
pub(crate) fn hex<const N: usize>(text: &str) -> [u8; N] {
    hex::decode(text).unwrap().try_into().unwrap()
}

/// The 33-byte compressed public key of a case: `public_key_hex` (compressed, or an
/// uncompressed `04…` key compressed here: the parity of y), or the public key of
/// `private_key_hex` on the case's `curve`, computed by the `secp256k1` or `p256` crate.
pub(crate) fn public_key(case: &Value) -> [u8; 33] {
    if let Some(text) = case["public_key_hex"].as_str() {
        let bytes = hex::decode(text).unwrap();
        return match bytes.len() {
            33 => bytes.try_into().unwrap(),
            65 => {
                let mut out = [0u8; 33];
                out[0] = 0x02 | (bytes[64] & 1);
                out[1..].copy_from_slice(&bytes[1..33]);
                out
            }
            n => panic!("a {n}-byte public key"),
        };
    }
    let secret: [u8; 32] = hex(s(case, "private_key_hex"));
    if case["curve"] == "nist256p1" {
        let sk = p256::SecretKey::from_slice(&secret).unwrap();
        sk.public_key()
            .to_sec1_point(true)
            .as_bytes()
            .try_into()
            .unwrap()
    } else {
        let sk = secp256k1::SecretKey::from_secret_bytes(secret).unwrap();
        secp256k1::PublicKey::from_secret_key(&sk).serialize()
    }
}
