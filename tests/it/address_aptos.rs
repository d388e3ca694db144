//! Aptos addresses against wallet-core's published vectors (`address_aptos.json`).

use fastbip32::address::aptos::{aptos, decode_aptos};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, load};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_aptos.json"));
    assert_eq!(check(&data, aptos, decode_aptos), 10);
    assert_eq!(check_decode(&data, decode_aptos, None), 5);
}

#[test]
fn upper_case_digits_decode() {
    let lower = "0xeeff357ea5c1a4e7bc11b2b17ff2dc2dcca69750bfef1e1ebcaccf8c8018175b";
    let upper = format!("0x{}", lower[2..].to_uppercase());
    assert_eq!(decode_aptos(&upper), decode_aptos(lower));
}
