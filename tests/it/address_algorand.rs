//! Algorand addresses against wallet-core's published vectors (`address_algorand.json`).

use fastbip32::address::algorand::{algorand, decode_algorand};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, load};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_algorand.json"));
    assert_eq!(check(&data, algorand, decode_algorand), 7);
    assert_eq!(
        check_decode(&data, decode_algorand, Some(&|k| algorand(k))),
        2
    );
}

#[test]
fn every_key_round_trips() {
    for key in [
        [0u8; 32],
        [0xff; 32],
        core::array::from_fn(|i| u8::try_from(i).unwrap()),
    ] {
        assert_eq!(decode_algorand(algorand(&key).as_str()), Ok(key));
    }
}

#[test]
fn a_changed_key_character_fails_the_checksum() {
    // The published address of c2b423af…191f with its first character changed.
    let text = "ZK2CHL5IWAEV4WXBAVTIXENSCMW3JWW36OFM7RSJBDJUO2QADEP5QYVO5I";
    assert_eq!(
        decode_algorand(text),
        Err(fastbip32::address::Error::AddressChecksum { family: "Algorand" })
    );
}
