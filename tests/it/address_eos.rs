//! EOS public-key text against wallet-core's and bip_utils' vectors (see
//! `tests/data/README.md`), and bad input: one typed error each.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::{eos, Error};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::address_cashaddr::OFF_CURVE;
use crate::address_family_data::{bip_utils, hex, public_key, s, wallet_core};

#[test]
fn published_vectors() {
    for case in wallet_core("eos", false) {
        let key = public_key(&case);
        let text = s(&case, "address");
        assert_eq!(eos::eos(&key).unwrap(), text);
        assert_eq!(eos::decode_eos(text), Ok(key));
    }
    let (valid, invalid) = bip_utils("eos");
    for case in valid.as_array().unwrap() {
        let key: [u8; 33] = hex(s(case, "pub_key"));
        let text = s(case, "address");
        assert_eq!(eos::eos(&key).unwrap(), text);
        assert_eq!(eos::decode_eos(text), Ok(hex(s(case, "address_dec"))));
    }
    assert_eq!(invalid.len(), 7);
    for text in invalid {
        assert!(eos::decode_eos(&text).is_err(), "{text}");
    }
}

#[test]
fn bad_input() {
    let good = "EOS5zD4eXtvBmLhzmj9CtvuG2wxwuKcTbYxYwsGpPvKe68ExHjJsc";
    // wrong checksum: the key's last digit changed keeps the length
    let bad = good.replace("HjJsc", "HjJsd");
    assert_eq!(
        eos::decode_eos(&bad),
        Err(Error::AddressChecksum { family: "EOS" })
    );
    assert_eq!(
        eos::decode_eos(&good.replacen("EOS", "EAS", 1)),
        Err(Error::AddressPrefix {
            family: "EOS",
            expected: "EOS"
        })
    );
    assert_eq!(
        eos::decode_eos(&good[3..]),
        Err(Error::AddressPrefix {
            family: "EOS",
            expected: "EOS"
        })
    );
    assert!(matches!(
        eos::decode_eos(&good[..good.len() - 3]),
        Err(Error::AddressLength { expected: 37, .. })
    ));
    assert!(matches!(
        eos::decode_eos(&format!("{good}{}", "z".repeat(200))),
        Err(Error::AddressLength { expected: 37, .. })
    ));
    assert_eq!(
        eos::decode_eos(&good.replace('5', "0")),
        Err(Error::InvalidBase58)
    );
    assert_eq!(eos::eos(&OFF_CURVE), Err(Error::InvalidPublicKey));
}
