//! NEAR implicit accounts against wallet-core's published vectors (`address_near.json`).

use fastbip32::address::near::{decode_near, near};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, load};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_near.json"));
    assert_eq!(check(&data, near, decode_near), 5);
    assert_eq!(check_decode(&data, decode_near, Some(&|k| near(k))), 2);
}

#[test]
fn upper_case_is_refused() {
    let text = "917B3D268D4B58F7FEC1B150BD68D69BE3EE5D4CC39855E341538465BB77860D";
    assert_eq!(
        decode_near(text),
        Err(Error::AddressCharacter { family: "NEAR" })
    );
}
