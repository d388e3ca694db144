//! Nimiq addresses against wallet-core's published vectors (`address_nimiq.json`).

use fastbip32::address::nimiq::{decode_nimiq, nimiq, nimiq_of_account, NIMIQ_LEN};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, list, load, s};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_nimiq.json"));
    assert_eq!(check(&data, nimiq, decode_nimiq), 8);
    assert_eq!(check_decode(&data, decode_nimiq, None), 3);
    for case in list(&data, "decode") {
        let account = decode_nimiq(s(case, "address")).unwrap();
        assert_eq!(nimiq_of_account(&account), s(case, "spaced"));
        assert_eq!(nimiq_of_account(&account).len(), NIMIQ_LEN);
    }
}

#[test]
fn lower_case_decodes_and_long_text_is_refused() {
    let text = "nq86 2h8f ygu5 rm77 qsn9 lylh c56a cyyr 0mla";
    assert!(decode_nimiq(text).is_ok());
    assert!(matches!(
        decode_nimiq(&" ".repeat(10_000)),
        Err(Error::AddressLength { .. })
    ));
}
