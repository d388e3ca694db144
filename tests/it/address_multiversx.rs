//! `MultiversX` addresses against wallet-core's published vectors
//! (`address_multiversx.json`).

use fastbip32::address::multiversx::{decode_multiversx, multiversx};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, load};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_multiversx.json"));
    assert_eq!(check(&data, multiversx, decode_multiversx), 10);
    assert_eq!(
        check_decode(&data, decode_multiversx, Some(&|k| multiversx(k))),
        2
    );
}

/// Valid bech32 (the `bech32` crate's) of `data` under `hrp`.
fn bech32_text(hrp: &str, data: &[u8]) -> String {
    let mut text = String::new();
    bech32::encode_lower_to_fmt::<bech32::Bech32, _>(
        &mut text,
        bech32::Hrp::parse(hrp).unwrap(),
        data,
    )
    .unwrap();
    text
}

#[test]
fn another_prefix_or_length_is_refused() {
    let key = [7u8; 32];
    assert_eq!(
        decode_multiversx(&bech32_text("erc", &key)),
        Err(Error::AddressPrefix {
            family: "MultiversX",
            expected: "erd1"
        })
    );
    assert!(matches!(
        decode_multiversx(&bech32_text("erd", &key[..20])),
        Err(Error::AddressLength { .. })
    ));
    assert_eq!(decode_multiversx(&bech32_text("erd", &key)), Ok(key));
}
