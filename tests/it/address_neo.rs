//! NEO legacy, NEO N3 and Ontology addresses of P-256 keys against wallet-core's and
//! bip_utils' vectors (see `tests/data/README.md`), and bad input: one typed error each.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::neo::{self, NeoParams};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::address_family_data::{bip_utils, hex, public_key, s, wallet_core};

#[test]
fn wallet_core_vectors() {
    for (family, params) in [("neo_legacy", neo::NEO_LEGACY), ("ontology", neo::ONTOLOGY)] {
        for case in wallet_core(family, false) {
            let key = public_key(&case);
            let text = s(&case, "address");
            assert_eq!(
                neo::neo(&key, params).unwrap(),
                text,
                "{}",
                s(&case, "file")
            );
            assert_eq!(
                neo::decode_neo(text, params),
                Ok(neo::script_hash(&key, params).unwrap())
            );
        }
    }
}

#[test]
fn bip_utils_vectors() {
    for (family, params) in [("neo_legacy", neo::NEO_LEGACY), ("neo_n3", neo::NEO_N3)] {
        let (valid, invalid) = bip_utils(family);
        for case in valid.as_array().unwrap() {
            let version = u8::from_str_radix(s(&case["address_params"], "ver"), 16).unwrap();
            assert_eq!(version, params.version());
            let key: [u8; 33] = hex(s(case, "pub_key"));
            let text = s(case, "address");
            assert_eq!(neo::neo(&key, params).unwrap(), text);
            let hash: [u8; 20] = hex(s(case, "address_dec"));
            assert_eq!(neo::decode_neo(text, params), Ok(hash));
            assert_eq!(neo::neo_from_hash(&hash, params), text);
        }
        for text in invalid {
            assert!(neo::decode_neo(&text, params).is_err(), "{family}: {text}");
        }
    }
}

#[test]
fn bad_input() {
    let good = "AeicEjZyiXKgUeSBbYQHxsU1X3V5Buori5";
    let p = neo::NEO_LEGACY;
    assert_eq!(
        neo::decode_neo(&good.replace("ori5", "ori6"), p),
        Err(Error::BadChecksum)
    );
    assert_eq!(
        neo::decode_neo(good, neo::NEO_N3),
        Err(Error::AddressVersion {
            family: "NEO",
            version: 0x17
        })
    );
    // a Bitcoin P2PKH text: another version
    assert_eq!(
        neo::decode_neo("1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", p),
        Err(Error::AddressVersion {
            family: "NEO",
            version: 0x00
        })
    );
    // a valid Base58Check of 21 bytes less one: wrong length
    let short = bs58::encode([0x17; 20]).with_check().into_string();
    assert!(matches!(
        neo::decode_neo(&short, p),
        Err(Error::AddressLength { expected: 21, .. })
    ));
    assert_eq!(
        neo::decode_neo(&good.replace('A', "0"), p),
        Err(Error::InvalidBase58)
    );
    // not a P-256 point: no point has x = 1 (1 − 3 + b is not a square mod p); a bad
    // prefix; all zeros
    let mut x_one = [0u8; 33];
    (x_one[0], x_one[32]) = (2, 1);
    let mut bad_prefix = [7u8; 33];
    bad_prefix[0] = 5;
    for key in [x_one, bad_prefix, [0; 33]] {
        assert_eq!(neo::neo(&key, p), Err(Error::InvalidPublicKey));
        assert_eq!(
            neo::script_hash(&key, neo::NEO_N3),
            Err(Error::InvalidPublicKey)
        );
    }
    assert_eq!(neo::NEO_N3, NeoParams::new(neo::NeoScript::N3, 0x35));
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Any script hash, both versions: written, then read back; the other version refused.
    #[test]
    fn hash_round_trip(hash in proptest::array::uniform20(proptest::num::u8::ANY)) {
        for (p, other) in [(neo::NEO_LEGACY, neo::NEO_N3), (neo::NEO_N3, neo::NEO_LEGACY)] {
            let addr = neo::neo_from_hash(&hash, p);
            proptest::prop_assert_eq!(neo::decode_neo(addr.as_str(), p), Ok(hash));
            proptest::prop_assert_eq!(
                neo::decode_neo(addr.as_str(), other),
                Err(Error::AddressVersion { family: "NEO", version: p.version() })
            );
        }
    }
}
