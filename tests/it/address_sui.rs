//! Sui addresses against wallet-core's published vectors (`address_sui.json`).

use fastbip32::address::sui::{decode_sui, sui};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, load};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_sui.json"));
    assert_eq!(check(&data, sui, decode_sui), 7);
    assert_eq!(check_decode(&data, decode_sui, None), 2);
}
