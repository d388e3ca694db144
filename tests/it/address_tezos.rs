//! Tezos `tz1` addresses against wallet-core's published vectors (`address_tezos.json`).

use fastbip32::address::tezos::{decode_tezos_tz1, tezos_tz1};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, load};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_tezos.json"));
    assert_eq!(check(&data, tezos_tz1, decode_tezos_tz1), 7);
    assert_eq!(check_decode(&data, decode_tezos_tz1, None), 3);
}

#[test]
fn bad_text_is_refused() {
    assert_eq!(
        decode_tezos_tz1("tz1eZwq8b5cvE2bPKokatLkVMzkxz24z3D0n"),
        Err(Error::InvalidBase58)
    );
    // Valid Base58Check of a 20-byte payload: a length error, in bytes.
    let short = bs58::encode([6u8; 20]).with_check().into_string();
    assert_eq!(
        decode_tezos_tz1(&short),
        Err(Error::AddressLength {
            family: "Tezos",
            len: 20,
            expected: 23
        })
    );
    assert!(decode_tezos_tz1(&"z".repeat(300)).is_err());
}
