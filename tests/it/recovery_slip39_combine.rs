//! SLIP-39 share sets combined into the master secret, against every case of SLIP-39's
//! published vectors (`tests/data/slip39_vectors.json`, passphrase `TREZOR`): the valid
//! sets give the master secret and its BIP-32 root, the invalid ones fail with a typed error.
#![cfg(feature = "recovery")]
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // test code

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::recovery::slip39::Slip39Share;
use fastbip32::recovery::slip39_combine::combine;
use fastbip32::Xprv;
use serde_json::Value;

#[test]
fn every_published_vector() {
    let data: Value = serde_json::from_str(include_str!("../data/slip39_vectors.json")).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 45);
    let (mut valid, mut invalid) = (0, 0);
    for case in cases {
        let name = case[0].as_str().unwrap();
        let secret = case[2].as_str().unwrap();
        let shares: Result<Vec<Slip39Share>, _> = case[1]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| Slip39Share::parse(m.as_str().unwrap()))
            .collect();
        let combined = shares.and_then(|s| combine(&s, "TREZOR"));
        if secret.is_empty() {
            assert!(combined.is_err(), "{name}: combined an invalid set");
            invalid += 1;
        } else {
            let master = combined.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(hex::encode(&master[..]), secret, "{name}");
            let xprv = Xprv::from_seed(&master[..]).unwrap();
            assert_eq!(xprv.to_string(), case[3].as_str().unwrap(), "{name}");
            valid += 1;
        }
    }
    assert!(valid > 0 && invalid > 0);
}
