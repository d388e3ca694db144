//! Ergo P2PK addresses against bip_utils' vectors (see `tests/data/README.md`), and bad
//! input: one typed error each.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::ergo::{self, ErgoNetwork};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::address_cashaddr::OFF_CURVE;
use crate::address_family_data::{bip_utils, hex, s};

#[test]
fn published_vectors() {
    let (valid, invalid) = bip_utils("ergo");
    let mut networks = [0; 2];
    for case in valid.as_array().unwrap() {
        let network = match case["address_params"]["net_type"].as_str() {
            None | Some("mainnet") => ErgoNetwork::Mainnet,
            Some("testnet") => ErgoNetwork::Testnet,
            Some(other) => panic!("network {other}"),
        };
        networks[usize::from(network == ErgoNetwork::Testnet)] += 1;
        let key: [u8; 33] = hex(s(case, "pub_key"));
        let text = s(case, "address");
        assert_eq!(ergo::ergo_p2pk(&key, network).unwrap(), text);
        assert_eq!(
            ergo::decode_ergo_p2pk(text, network),
            Ok(hex(s(case, "address_dec")))
        );
    }
    assert_eq!(networks, [4, 1]);
    for text in invalid {
        assert!(
            ergo::decode_ergo_p2pk(&text, ErgoNetwork::Mainnet).is_err(),
            "{text}"
        );
    }
}

#[test]
fn bad_input() {
    let good = "9gJPUXCkiE7GDwcKMpFfixaGxoHMreUb2JAYKzrvLe3h2ZEnW5G";
    let bad = good.replace("nW5G", "nW5H");
    assert_eq!(
        ergo::decode_ergo_p2pk(&bad, ErgoNetwork::Mainnet),
        Err(Error::AddressChecksum { family: "Ergo" })
    );
    // a mainnet address read as testnet: the head byte
    assert_eq!(
        ergo::decode_ergo_p2pk(good, ErgoNetwork::Testnet),
        Err(Error::AddressVersion {
            family: "Ergo",
            version: 0x01
        })
    );
    assert!(matches!(
        ergo::decode_ergo_p2pk(&good[..40], ErgoNetwork::Mainnet),
        Err(Error::AddressLength { expected: 38, .. })
    ));
    assert_eq!(
        ergo::decode_ergo_p2pk(&good.replace('9', "0"), ErgoNetwork::Mainnet),
        Err(Error::InvalidBase58)
    );
    assert_eq!(
        ergo::ergo_p2pk(&OFF_CURVE, ErgoNetwork::Mainnet),
        Err(Error::InvalidPublicKey)
    );
}
