//! CashAddr (Bitcoin Cash, eCash) against the spec's test vectors, wallet-core's and
//! bip_utils' vectors (see `tests/data/README.md`), and bad input: one typed error each.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::cashaddr::{self, CashAddrType};
use fastbip32::address::Error;
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::address_family_data::{bip_utils, hex, public_key, s, wallet_core};

fn spec() -> Value {
    serde_json::from_str(include_str!("../data/address_cashaddr_spec.json")).unwrap()
}

fn kind(t: u64) -> CashAddrType {
    match t {
        0 => CashAddrType::P2pkh,
        1 => CashAddrType::P2sh,
        other => panic!("type {other}"),
    }
}

#[test]
fn spec_larger_vectors() {
    let data = spec();
    let cases = data["larger"].as_array().unwrap();
    assert_eq!(cases.len(), 24);
    for case in cases {
        let text = s(case, "address");
        let (prefix, _) = text.split_once(':').unwrap();
        let hash = hex::decode(s(case, "hash_hex")).unwrap();
        assert_eq!(hash.len() as u64, case["size"].as_u64().unwrap());
        let t = kind(case["type"].as_u64().unwrap());
        let addr = cashaddr::cashaddr_from_hash(prefix, t, &hash).unwrap();
        assert_eq!(addr, text);
        let decoded = cashaddr::decode_cashaddr(text, prefix).unwrap();
        assert_eq!((decoded.kind(), decoded.hash()), (t, &hash[..]), "{text}");
        // Uppercase is accepted, and so is the text without its prefix.
        let upper = text.to_ascii_uppercase();
        assert_eq!(cashaddr::decode_cashaddr(&upper, prefix), Ok(decoded));
        let bare = text.split_once(':').unwrap().1;
        assert_eq!(cashaddr::decode_cashaddr(bare, prefix), Ok(decoded));
    }
}

#[test]
fn spec_legacy_translation() {
    let data = spec();
    for case in data["translation"].as_array().unwrap() {
        let legacy = bs58::decode(s(case, "legacy"))
            .with_check(None)
            .into_vec()
            .unwrap();
        let t = match legacy[0] {
            0x00 => CashAddrType::P2pkh,
            0x05 => CashAddrType::P2sh,
            v => panic!("version {v}"),
        };
        let hash = &legacy[1..];
        let text = s(case, "cashaddr");
        assert_eq!(
            cashaddr::cashaddr_from_hash("bitcoincash", t, hash).unwrap(),
            text
        );
        let decoded = cashaddr::decode_cashaddr(text, "bitcoincash").unwrap();
        assert_eq!((decoded.kind(), decoded.hash()), (t, hash));
    }
}

#[test]
fn spec_checksum_only_vectors_fail_past_the_checksum() {
    let data = spec();
    for text in data["checksum_only"].as_array().unwrap() {
        let text = text.as_str().unwrap();
        let (prefix, _) = text.split_once(':').unwrap();
        let err = cashaddr::decode_cashaddr(text, prefix).unwrap_err();
        assert!(
            matches!(
                err,
                Error::AddressLength { .. }
                    | Error::AddressVersion { .. }
                    | Error::AddressCharacter { family: "CashAddr" }
            ),
            "{text}: {err:?}"
        );
    }
}

#[test]
fn wallet_core_vectors() {
    for case in wallet_core("cashaddr", false) {
        let key = public_key(&case);
        let addr = cashaddr::cashaddr_p2pkh(&key, s(&case, "prefix")).unwrap();
        assert_eq!(addr, s(&case, "address"), "{}", s(&case, "file"));
    }
    for case in wallet_core("cashaddr", true) {
        let decoded = cashaddr::decode_cashaddr(s(&case, "address"), s(&case, "prefix")).unwrap();
        assert_eq!(decoded.kind(), CashAddrType::P2sh);
        assert_eq!(decoded.hash(), hex::<20>(s(&case, "hash_hex")));
    }
}

#[test]
fn bip_utils_vectors() {
    for (family, t) in [
        ("cashaddr_p2pkh", CashAddrType::P2pkh),
        ("cashaddr_p2sh", CashAddrType::P2sh),
    ] {
        let (valid, invalid) = bip_utils(family);
        for case in valid.as_array().unwrap() {
            let prefix = s(&case["address_params"], "hrp");
            let hash: [u8; 20] = hex(s(case, "address_dec"));
            let text = s(case, "address");
            assert_eq!(
                cashaddr::cashaddr_from_hash(prefix, t, &hash).unwrap(),
                text
            );
            if t == CashAddrType::P2pkh {
                let key: [u8; 33] = hex(s(case, "pub_key"));
                assert_eq!(cashaddr::cashaddr_p2pkh(&key, prefix).unwrap(), text);
            }
            let decoded = cashaddr::decode_cashaddr(text, prefix).unwrap();
            assert_eq!((decoded.kind(), decoded.hash()), (t, &hash[..]));
        }
        // bip_utils' decoder takes the main-network prefix and one type; ours returns the
        // type, so a text of the other type is not an error here.
        for text in invalid {
            if let Ok(d) = cashaddr::decode_cashaddr(&text, "bitcoincash") {
                assert_ne!(d.kind(), t, "{text} decoded");
            }
        }
    }
}

/// `02 ‖ x = 7`: no point of secp256k1 has x = 7 (BIP-32's test vector 5).
pub(crate) const OFF_CURVE: [u8; 33] = {
    let mut k = [0u8; 33];
    k[0] = 2;
    k[32] = 7;
    k
};

const GOOD: &str = "bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2";

#[test]
fn bad_input() {
    let decode = |t: &str| cashaddr::decode_cashaddr(t, "bitcoincash");
    // wrong checksum: the last character changed
    let mut bad = GOOD.to_string();
    bad.pop();
    bad.push('3');
    assert_eq!(
        decode(&bad),
        Err(Error::AddressChecksum { family: "CashAddr" })
    );
    // wrong prefix
    assert_eq!(
        cashaddr::decode_cashaddr(GOOD, "ecash"),
        Err(Error::AddressPrefix {
            family: "CashAddr",
            expected: "the network's prefix"
        })
    );
    // the prefix is part of the checksum: an eCash text without its prefix fails the
    // checksum as Bitcoin Cash
    let ecash = wallet_core("cashaddr", false)
        .into_iter()
        .find(|c| s(c, "prefix") == "ecash")
        .unwrap();
    let bare = s(&ecash, "address").split_once(':').unwrap().1.to_string();
    assert_eq!(
        decode(&bare),
        Err(Error::AddressChecksum { family: "CashAddr" })
    );
    // wrong length: a valid checksum over a 19-byte hash
    let short = cashaddr::cashaddr_from_hash("bitcoincash", CashAddrType::P2pkh, &[7; 19]);
    assert_eq!(
        short,
        Err(Error::AddressLength {
            family: "CashAddr",
            len: 19,
            expected: 20
        })
    );
    assert!(matches!(
        decode("bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyn"),
        Err(Error::AddressLength { .. })
    ));
    assert!(matches!(
        decode("bitcoincash:"),
        Err(Error::AddressLength { .. })
    ));
    assert!(matches!(
        decode(&format!("bitcoincash:{}", "q".repeat(500))),
        Err(Error::AddressLength { .. })
    ));
    // mixed case, a character outside the alphabet
    assert_eq!(
        decode("bitcoincash:Qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2"),
        Err(Error::AddressCharacter { family: "CashAddr" })
    );
    assert_eq!(
        decode("bitcoincash:br6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2"),
        Err(Error::AddressCharacter { family: "CashAddr" })
    );
    // a type the spec leaves undefined (15), with a valid checksum
    assert!(matches!(
        cashaddr::decode_cashaddr("prefix:0qxsg0rgpa", "prefix"),
        Err(Error::AddressVersion {
            family: "CashAddr",
            version: 0x78
        } | Error::AddressLength { .. })
    ));
    // an encoder prefix the format cannot hold
    assert_eq!(
        cashaddr::cashaddr_from_hash("BitcoinCash", CashAddrType::P2pkh, &[0; 20]),
        Err(Error::AddressPrefix {
            family: "CashAddr",
            expected: "a prefix of 1 to 15 lowercase letters and digits"
        })
    );
    // a key that is not on the curve
    assert_eq!(
        cashaddr::cashaddr_p2pkh(&OFF_CURVE, "bitcoincash"),
        Err(Error::InvalidPublicKey)
    );
    for e in [
        Error::AddressChecksum { family: "CashAddr" },
        Error::AddressPrefix {
            family: "CashAddr",
            expected: "the network's prefix",
        },
        Error::AddressCharacter { family: "CashAddr" },
        Error::AddressVersion {
            family: "CashAddr",
            version: 0x78,
        },
        Error::AddressLength {
            family: "CashAddr",
            len: 19,
            expected: 20,
        },
    ] {
        let line = e.to_string();
        assert!(!line.is_empty() && !line.contains('\n'), "{line}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Any hash of a size the spec defines, either type, any prefix: written, then read back.
    #[test]
    fn hash_round_trip(
        size in 0usize..8,
        p2sh in proptest::bool::ANY,
        bytes in proptest::collection::vec(proptest::num::u8::ANY, 64),
        prefix in "[a-z0-9]{1,15}",
    ) {
        let len = [20, 24, 28, 32, 40, 48, 56, 64][size];
        let hash = &bytes[..len];
        let t = if p2sh { CashAddrType::P2sh } else { CashAddrType::P2pkh };
        let addr = cashaddr::cashaddr_from_hash(&prefix, t, hash).unwrap();
        let decoded = cashaddr::decode_cashaddr(addr.as_str(), &prefix).unwrap();
        proptest::prop_assert_eq!((decoded.kind(), decoded.hash()), (t, hash));
    }
}
