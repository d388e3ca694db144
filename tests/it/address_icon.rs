//! ICON addresses against wallet-core's and bip_utils' vectors (see `tests/data/README.md`),
//! and bad input: one typed error each.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::{icon, Error};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::address_cashaddr::OFF_CURVE;
use crate::address_family_data::{bip_utils, hex, public_key, s, wallet_core};

#[test]
fn published_vectors() {
    for case in wallet_core("icon", false) {
        let key = public_key(&case);
        assert_eq!(icon::icon(&key).unwrap(), s(&case, "address"));
    }
    let (valid, invalid) = bip_utils("icon");
    for case in valid.as_array().unwrap() {
        let key: [u8; 33] = hex(s(case, "pub_key"));
        let text = s(case, "address");
        assert_eq!(icon::icon(&key).unwrap(), text);
        let account: [u8; 20] = hex(s(case, "address_dec"));
        assert_eq!(icon::decode_icon(text), Ok(account));
        assert_eq!(icon::icon_from_account(&account), text);
    }
    for text in invalid {
        assert!(icon::decode_icon(&text).is_err(), "{text}");
    }
}

#[test]
fn bad_input() {
    let good = "hx477ac35d999d2db17b3a00cfcff70ea507f009ef";
    assert_eq!(
        icon::decode_icon(&good.replacen("hx", "cx", 1)),
        Err(Error::AddressPrefix {
            family: "ICON",
            expected: "hx"
        })
    );
    assert_eq!(
        icon::decode_icon(&good[..40]),
        Err(Error::AddressLength {
            family: "ICON",
            len: 19,
            expected: 20
        })
    );
    assert_eq!(
        icon::decode_icon(&good.replace('a', "g")),
        Err(Error::AddressCharacter { family: "ICON" })
    );
    assert_eq!(
        icon::decode_icon(&good.to_ascii_uppercase().replacen("HX", "hx", 1)),
        Err(Error::AddressCharacter { family: "ICON" })
    );
    assert_eq!(icon::icon(&OFF_CURVE), Err(Error::InvalidPublicKey));
}
