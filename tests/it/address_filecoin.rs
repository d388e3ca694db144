//! Filecoin `f1` addresses against bip_utils' and wallet-core's vectors (see
//! `tests/data/README.md`), and bad input: one typed error each.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::filecoin::{self, FilecoinNetwork};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::address_cashaddr::OFF_CURVE;
use crate::address_family_data::{bip_utils, hex, s};

/// wallet-core's `Filecoin/AddressTests.cpp` secp256k1 addresses and their payloads.
const WALLET_CORE: [(&str, &str); 6] = [
    (
        "f15ihq5ibzwki2b4ep2f46avlkrqzhpqgtga7pdrq",
        "ea0f0ea039b291a0f08fd179e0556a8c3277c0d3",
    ),
    (
        "f12fiakbhe2gwd5cnmrenekasyn6v5tnaxaqizq6a",
        "d1500504e4d1ac3e89ac891a4502586fabd9b417",
    ),
    (
        "f1wbxhu3ypkuo6eyp6hjx6davuelxaxrvwb2kuwva",
        "b06e7a6f0f551de261fe3a6fe182b422ee0bc6b6",
    ),
    (
        "f1xtwapqc6nh4si2hcwpr3656iotzmlwumogqbuaa",
        "bcec07c05e69f92468e2b3e3bf77c874f2c5da8c",
    ),
    (
        "f1xcbgdhkgkwht3hrrnui3jdopeejsoatkzmoltqy",
        "b882619d46558f3d9e316d11b48dcf211327026a",
    ),
    (
        "f17uoq6tp427uzv7fztkbsnn64iwotfrristwpryy",
        "fd1d0f4dfcd7e99afcb99a8326b7dc459d32c628",
    ),
];

#[test]
fn published_vectors() {
    let (valid, invalid) = bip_utils("filecoin");
    for case in valid.as_array().unwrap() {
        let key: [u8; 33] = hex(s(case, "pub_key"));
        let text = s(case, "address");
        assert_eq!(
            filecoin::filecoin_secp256k1(&key, FilecoinNetwork::Mainnet).unwrap(),
            text
        );
        assert_eq!(
            filecoin::decode_filecoin_secp256k1(text, FilecoinNetwork::Mainnet),
            Ok(hex(s(case, "address_dec")))
        );
    }
    for text in invalid {
        assert!(
            filecoin::decode_filecoin_secp256k1(&text, FilecoinNetwork::Mainnet).is_err(),
            "{text}"
        );
    }
    for (text, payload) in WALLET_CORE {
        assert_eq!(
            filecoin::decode_filecoin_secp256k1(text, FilecoinNetwork::Mainnet),
            Ok(hex(payload))
        );
    }
}

#[test]
fn bad_input() {
    let (good, _) = WALLET_CORE[0];
    let net = FilecoinNetwork::Mainnet;
    // wallet-core's invalid-checksum case changes the last character, whose low bit is
    // padding: refused as such
    assert_eq!(
        filecoin::decode_filecoin_secp256k1("f15ihq5ibzwki2b4ep2f46avlkrqzhpqgtga7rdrr", net),
        Err(Error::AddressCharacter { family: "Filecoin" })
    );
    // one character of the hash changed
    let bad = good.replacen("5ihq", "5ihr", 1);
    assert_eq!(
        filecoin::decode_filecoin_secp256k1(&bad, net),
        Err(Error::AddressChecksum { family: "Filecoin" })
    );
    // testnet letter, another protocol, another network
    assert_eq!(
        filecoin::decode_filecoin_secp256k1(&good.replacen('f', "t", 1), net),
        Err(Error::AddressPrefix {
            family: "Filecoin",
            expected: "the network's letter and 1"
        })
    );
    assert_eq!(
        filecoin::decode_filecoin_secp256k1("f24vg6ut43yw2h2jqydgbg2xq7x6f4kub3bg6as6i", net),
        Err(Error::AddressPrefix {
            family: "Filecoin",
            expected: "the network's letter and 1"
        })
    );
    // the checksum does not cover the network letter: the same payload on testnet
    let testnet = good.replacen('f', "t", 1);
    assert_eq!(
        filecoin::decode_filecoin_secp256k1(&testnet, FilecoinNetwork::Testnet),
        Ok(hex(WALLET_CORE[0].1))
    );
    assert_eq!(
        filecoin::decode_filecoin_secp256k1(&good[..good.len() - 1], net),
        Err(Error::AddressLength {
            family: "Filecoin",
            len: 23,
            expected: 24
        })
    );
    assert_eq!(
        filecoin::decode_filecoin_secp256k1(&good.replace('q', "1"), net),
        Err(Error::AddressCharacter { family: "Filecoin" })
    );
    assert_eq!(
        filecoin::decode_filecoin_secp256k1(
            &good.to_ascii_uppercase().replacen("F1", "f1", 1),
            net
        ),
        Err(Error::AddressCharacter { family: "Filecoin" })
    );
    assert_eq!(
        filecoin::filecoin_secp256k1(&OFF_CURVE, net),
        Err(Error::InvalidPublicKey)
    );
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Any key hash on both networks: written, then read back.
    #[test]
    fn hash_round_trip(hash in proptest::array::uniform20(proptest::num::u8::ANY)) {
        for net in [FilecoinNetwork::Mainnet, FilecoinNetwork::Testnet] {
            let addr = filecoin::filecoin_from_hash(&hash, net);
            proptest::prop_assert_eq!(addr.len(), 41);
            proptest::prop_assert_eq!(filecoin::decode_filecoin_secp256k1(addr.as_str(), net), Ok(hash));
        }
    }
}
