//! Bech32 account addresses (Cosmos-SDK, BNB Beacon Chain, Injective, OKX Chain, Harmony,
//! Zilliqa, Avalanche P/X) against wallet-core's and bip_utils' vectors (see
//! `tests/data/README.md`), and bad input: one typed error each.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::cosmos::{self, AccountHash, Bech32Account};
use fastbip32::address::Error;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::address_cashaddr::OFF_CURVE;
use crate::address_family_data::{bip_utils, hex, public_key, s, wallet_core};

/// The HRP is leaked: the parameters take `&'static str`, as a registry row does.
fn params(hrp: &str, hash: AccountHash) -> Bech32Account {
    Bech32Account::new(Box::leak(hrp.to_owned().into_boxed_str()), hash)
}

fn hash_named(name: &str) -> AccountHash {
    match name {
        "hash160" => AccountHash::Hash160,
        "keccak" => AccountHash::Keccak,
        "sha256" => AccountHash::Sha256Tail,
        other => panic!("hash {other}"),
    }
}

#[test]
fn wallet_core_vectors() {
    for case in wallet_core("cosmos", false) {
        let p = params(s(&case, "hrp"), hash_named(s(&case, "hash")));
        let key = public_key(&case);
        let text = s(&case, "address");
        assert_eq!(
            cosmos::bech32_account(&key, p).unwrap(),
            text,
            "{}",
            s(&case, "file")
        );
        assert_eq!(
            cosmos::decode_bech32_account(text, p).unwrap(),
            cosmos::account_hash(&key, p.hash()).unwrap()
        );
    }
    for case in wallet_core("cosmos", true) {
        let p = params(s(&case, "hrp"), AccountHash::Hash160);
        let hash: [u8; 20] = hex(s(&case, "hash_hex"));
        assert_eq!(
            cosmos::decode_bech32_account(s(&case, "address"), p),
            Ok(hash)
        );
        assert_eq!(
            cosmos::bech32_account_from_hash(&hash, p).unwrap(),
            s(&case, "address")
        );
    }
}

#[test]
fn bip_utils_vectors() {
    let families = [
        ("cosmos", None, AccountHash::Hash160),
        ("injective", Some("inj"), AccountHash::Keccak),
        ("okex", Some("ex"), AccountHash::Keccak),
        ("harmony", Some("one"), AccountHash::Keccak),
        ("zilliqa", Some("zil"), AccountHash::Sha256Tail),
    ];
    let mut checked = 0;
    for (family, hrp, hash) in families {
        let (valid, invalid) = bip_utils(family);
        let mut last = None;
        for case in valid.as_array().unwrap() {
            let hrp = hrp.unwrap_or_else(|| s(&case["address_params"], "hrp"));
            let p = params(hrp, hash);
            let key: [u8; 33] = hex(s(case, "pub_key"));
            let text = s(case, "address");
            assert_eq!(cosmos::bech32_account(&key, p).unwrap(), text);
            let dec: [u8; 20] = hex(s(case, "address_dec"));
            assert_eq!(cosmos::decode_bech32_account(text, p), Ok(dec));
            last = Some(p);
            checked += 1;
        }
        // bip_utils' invalid texts for Cosmos are checked under "cosmos".
        let p = if family == "cosmos" {
            params("cosmos", hash)
        } else {
            last.unwrap()
        };
        for text in invalid {
            assert!(
                cosmos::decode_bech32_account(&text, p).is_err(),
                "{family}: {text}"
            );
        }
    }
    let (valid, invalid) = bip_utils("avalanche");
    for (chain, prefix) in [("p_chain", "P-"), ("x_chain", "X-")] {
        let p = Bech32Account::new("avax", AccountHash::Hash160).with_chain(prefix);
        for case in valid[chain].as_array().unwrap() {
            let key: [u8; 33] = hex(s(case, "pub_key"));
            let text = s(case, "address");
            assert_eq!(cosmos::bech32_account(&key, p).unwrap(), text);
            let dec: [u8; 20] = hex(s(case, "address_dec"));
            assert_eq!(cosmos::decode_bech32_account(text, p), Ok(dec));
            checked += 1;
        }
    }
    // bip_utils lists each chain's invalid texts under the chain; the P- texts among the
    // X chain's are valid P addresses but for "No separator", so both chains refuse all but
    // their own valid ones.
    for text in invalid {
        let p = Bech32Account::new("avax", AccountHash::Hash160).with_chain("P-");
        let x = p.with_chain("X-");
        assert!(
            cosmos::decode_bech32_account(&text, p).is_err()
                || cosmos::decode_bech32_account(&text, x).is_err(),
            "{text}"
        );
    }
    assert_eq!(checked, 12 + 5 * 4 + 4);
}

#[test]
fn bad_input() {
    let p = Bech32Account::new("cosmos", AccountHash::Hash160);
    let good = "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02";
    // wrong checksum
    assert_eq!(
        cosmos::decode_bech32_account("cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd03", p),
        Err(Error::Bech32Checksum)
    );
    // wrong HRP, wrong chain prefix
    assert_eq!(
        cosmos::decode_bech32_account(good, Bech32Account::new("osmo", AccountHash::Hash160)),
        Err(Error::AddressPrefix {
            family: "bech32 account",
            expected: "osmo"
        })
    );
    assert_eq!(
        cosmos::decode_bech32_account(good, p.with_chain("P-")),
        Err(Error::AddressPrefix {
            family: "bech32 account",
            expected: "P-"
        })
    );
    // wrong length: a valid checksum over 19 and 32 bytes
    let mut text = String::new();
    bech32::encode_lower_to_fmt::<bech32::Bech32, _>(
        &mut text,
        bech32::Hrp::parse("cosmos").unwrap(),
        &[1; 32],
    )
    .unwrap();
    assert_eq!(
        cosmos::decode_bech32_account(&text, p),
        Err(Error::AddressLength {
            family: "bech32 account",
            len: 32,
            expected: 20
        })
    );
    // mixed case, no separator
    assert_eq!(
        cosmos::decode_bech32_account("cosmos1HSK6jryyqjfhp5dhc55tc9jtckygx0eph6dd02", p),
        Err(Error::InvalidBech32)
    );
    assert_eq!(
        cosmos::decode_bech32_account("cosmoshsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02", p),
        Err(Error::InvalidBech32)
    );
    // uppercase is bech32 too
    assert!(cosmos::decode_bech32_account(&good.to_ascii_uppercase(), p).is_ok());
    // an HRP BIP-173 refuses, or in uppercase
    for hrp in ["", "Cosmos", "a b"] {
        assert_eq!(
            cosmos::bech32_account_from_hash(
                &[0; 20],
                Bech32Account::new(hrp, AccountHash::Hash160)
            ),
            Err(Error::AddressPrefix {
                family: "bech32 account",
                expected: hrp
            }),
            "{hrp:?}"
        );
    }
    // a key that is not on the curve, for every hash
    for hash in [
        AccountHash::Hash160,
        AccountHash::Keccak,
        AccountHash::Sha256Tail,
    ] {
        assert_eq!(
            cosmos::account_hash(&OFF_CURVE, hash),
            Err(Error::InvalidPublicKey)
        );
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Any 20-byte hash under any lowercase HRP: written, then read back.
    #[test]
    fn hash_round_trip(hash in proptest::array::uniform20(proptest::num::u8::ANY), hrp in "[a-z]{1,20}") {
        let p = params(&hrp, AccountHash::Hash160).with_chain("X-");
        let addr = cosmos::bech32_account_from_hash(&hash, p).unwrap();
        proptest::prop_assert_eq!(cosmos::decode_bech32_account(addr.as_str(), p), Ok(hash));
    }
}
