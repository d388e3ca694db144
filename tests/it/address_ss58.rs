//! SS58 addresses against wallet-core's Polkadot and Kusama vectors and subkey's output
//! (`address_ss58.json`).

use fastbip32::address::ss58::{decode_ss58, decode_ss58_any, ss58, Ss58Prefix};
use fastbip32::address::Error;
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{error_name, hex, list, load, public_key, s};

fn prefix(case: &Value, key: &str) -> Ss58Prefix {
    let n = u16::try_from(case[key].as_u64().unwrap()).unwrap();
    Ss58Prefix::new(n).unwrap()
}

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_ss58.json"));
    let mut checked = 0;
    for case in list(&data, "cases") {
        let key = public_key(case);
        let net = prefix(case, "prefix");
        let text = s(case, "address");
        assert_eq!(ss58(&key, net), text, "{case}");
        assert_eq!(decode_ss58(text, net), Ok(key), "{case}");
        checked += 1;
    }
    for case in list(&data, "decode") {
        let text = s(case, "address");
        let (net, key) = decode_ss58_any(text).unwrap();
        assert_eq!(net, prefix(case, "prefix"), "{case}");
        if let Some(account) = case.get("account_hex") {
            assert_eq!(key, hex::<32>(account.as_str().unwrap()));
        }
        assert_eq!(ss58(&key, net), text);
        checked += 1;
    }
    for case in list(&data, "invalid") {
        let e = decode_ss58(s(case, "address"), prefix(case, "network")).unwrap_err();
        assert_eq!(error_name(&e), s(case, "error"), "{case}: {e}");
        checked += 1;
    }
    assert_eq!(checked, 24);
}

#[test]
fn bad_text_is_refused() {
    let good = "15KRsCq9LLNmCxNFhGk55s5bEyazKefunDxUH24GFZwsTxyu";
    // A changed character: the checksum fails (or, rarely, the length changes).
    let changed = good.replacen('K', "L", 1);
    assert_eq!(
        decode_ss58_any(&changed),
        Err(Error::AddressChecksum { family: "SS58" })
    );
    assert_eq!(
        decode_ss58_any("15KRsCq9LLNmCx0"),
        Err(Error::InvalidBase58)
    );
    assert!(matches!(
        decode_ss58_any(&good[..40]),
        Err(Error::AddressLength { .. })
    ));
    // A first byte of 128 or more is no account prefix: 0xff and 35 more bytes.
    let high = bs58::encode([0xffu8; 36]).into_string();
    assert!(matches!(
        decode_ss58_any(&high),
        Err(Error::AddressPrefix { .. })
    ));
    assert!(matches!(
        decode_ss58_any(&"z".repeat(200)),
        Err(Error::AddressLength { .. })
    ));
    assert_eq!(Ss58Prefix::new(16384), None);
}

#[test]
fn every_prefix_round_trips() {
    let key = [0x5a; 32];
    for n in [0, 1, 2, 42, 63, 64, 65, 172, 255, 256, 1000, 16383] {
        let net = Ss58Prefix::new(n).unwrap();
        assert_eq!(decode_ss58_any(ss58(&key, net).as_str()), Ok((net, key)));
    }
}
