//! `fastbip32 address ADDRESS [--json] [--fields …] [--raw]`: published addresses (BIP-173 and
//! BIP-350's segwit addresses with their scriptPubKeys, Bitcoin Core's `key_io` addresses,
//! BIP-86's output keys, CIP-19's and EIP-55's addresses) decode to the published values.

use serde_json::Value;

use crate::common::{assert_error, assert_usage_error, json_ok, run, str_field, u64_field};

const DECODE_BIPS: &str = include_str!("../../../tests/data/address_decode_bips.json");
const BIPS_JSON: &str = include_str!("../../../tests/data/address_bips.json");
const KEY_IO: &str = include_str!("../../../tests/data/address_key_io.json");
const CIP19: &str = include_str!("../../../tests/data/address_cip19.json");
const EIP55: &str = include_str!("../../../tests/data/address_eip55.json");

fn data(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn segwit_published_vectors() {
    let d = data(DECODE_BIPS);
    for case in d["valid"].as_array().unwrap() {
        let text = case["address"].as_str().unwrap();
        let script = case["script_pubkey"].as_str().unwrap();
        let got = json_ok(&run(&["address", text, "--json"], b""));
        assert_eq!(str_field(&got, "script_pubkey"), script, "{text}");
        assert_eq!(str_field(&got, "program"), &script[4..], "{text}");
        let version = u64_field(&got, "witness_version");
        let op = u64::from_str_radix(&script[..2], 16).unwrap();
        assert_eq!(version, if op == 0 { 0 } else { op - 0x50 }, "{text}");
        let network = if text.to_ascii_lowercase().starts_with("bc1") {
            "mainnet"
        } else {
            "testnet"
        };
        assert_eq!(str_field(&got, "network"), network);
    }
    for case in d["invalid"].as_array().unwrap() {
        let text = case["address"].as_str().unwrap();
        let out = run(&["address", text], b"");
        assert_error(&out, 2);
        assert!(out.stderr.starts_with("error: invalid address"), "{out:?}");
    }
}

#[test]
fn key_io_types_and_scripts() {
    let d = data(KEY_IO);
    for case in d["valid_addresses"].as_array().unwrap() {
        let text = case[0].as_str().unwrap();
        let script = case[1].as_str().unwrap();
        let got = json_ok(&run(&["address", text, "--json"], b""));
        assert_eq!(str_field(&got, "script_pubkey"), script, "{text}");
        let expected_type = if script.starts_with("76a914") {
            Some("p2pkh")
        } else if script.starts_with("a914") {
            Some("p2sh")
        } else {
            None
        };
        if let Some(t) = expected_type {
            assert_eq!(str_field(&got, "type"), t, "{text}");
            // The hash is the script's 20 bytes after the push.
            let at = if t == "p2pkh" { 6 } else { 4 };
            assert_eq!(str_field(&got, "hash"), &script[at..at + 40], "{text}");
        }
    }
}

#[test]
fn text_format_and_fields() {
    let d = data(BIPS_JSON);
    let tr = &d["cases"][4];
    let text = tr["address"].as_str().unwrap();
    let script = tr["script_pubkey_hex"].as_str().unwrap();
    let output = tr["output_key_hex"].as_str().unwrap();
    let out = run(&["address", text], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        out.stdout,
        format!(
            "type: p2tr\nnetwork: mainnet\nwitness_version: 1\nprogram: {output}\nscript_pubkey: {script}\ncoins: bitcoin\n"
        )
    );
    assert_eq!(out.stderr, "");
    let out = run(&["address", text, "--raw", "--fields", "program,type"], b"");
    assert_eq!(out.stdout, format!("{output}\tp2tr\n"));
    // BIP-49's testnet P2SH address.
    let p2sh = d["cases"][0]["address"].as_str().unwrap();
    let got = json_ok(&run(&["address", p2sh, "--json"], b""));
    assert_eq!(str_field(&got, "type"), "p2sh");
    assert_eq!(str_field(&got, "network"), "testnet");
    assert!(!got.contains_key("witness_version"));
    // A field the type lacks.
    assert_usage_error(
        &["address", p2sh, "--fields", "program"],
        "",
        "program",
        None,
    );
}

#[test]
fn cardano_and_ethereum() {
    let d = data(CIP19);
    for case in d["cases"].as_array().unwrap() {
        let text = case["address"].as_str().unwrap();
        let got = json_ok(&run(&["address", text, "--json"], b""));
        let expected = match case["type"].as_u64().unwrap() {
            0 => "cardano-base",
            6 => "cardano-enterprise",
            _ => "cardano-reward",
        };
        assert_eq!(str_field(&got, "type"), expected);
        assert_eq!(
            str_field(&got, "network"),
            case["network"].as_str().unwrap()
        );
        assert!(!got.contains_key("script_pubkey"));
        if expected != "cardano-reward" {
            assert_eq!(str_field(&got, "payment_credential"), "key-hash");
            assert_eq!(str_field(&got, "payment_hash").len(), 56);
        }
    }
    let d = data(EIP55);
    for case in d["cases"].as_array().unwrap() {
        let text = case.as_str().unwrap();
        let got = json_ok(&run(&["address", text, "--json"], b""));
        assert_eq!(str_field(&got, "type"), "ethereum");
        assert_eq!(str_field(&got, "hash"), text[2..].to_ascii_lowercase());
        assert!(!got.contains_key("network"));
        // An EIP-55 account belongs to every EVM chain, Ethereum first.
        let coins = got["coins"].as_array().unwrap();
        assert_eq!(coins[0], "ethereum");
        assert!(coins.iter().any(|c| c == "polygon"));
        assert_eq!(got.len(), 3);
    }
    // The first mixed-case published account with one lowercase letter upper-cased.
    let first = d["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .find(|t| t[2..].contains(|c: char| c.is_ascii_lowercase()))
        .unwrap();
    let pos = first[2..].find(|c: char| c.is_ascii_lowercase()).unwrap() + 2;
    let mut broken = first.as_bytes().to_vec();
    broken[pos] = broken[pos].to_ascii_uppercase();
    let broken = String::from_utf8(broken).unwrap();
    assert_usage_error(&["address", &broken], "", "EIP-55 checksum", None);
}

#[test]
fn not_an_address() {
    for text in ["", "hello", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"] {
        let out = run(&["address", text], b"");
        assert_error(&out, 2);
    }
    assert_usage_error(&["address", "hi"], "", "not a recognised address", None);
}

#[test]
fn other_coins_addresses_name_their_coins() {
    // wallet-core's published addresses (tests/data/coin_registry_wallet_core.json).
    let d = data(include_str!(
        "../../../tests/data/coin_registry_wallet_core.json"
    ));
    for case in d["addresses"].as_array().unwrap() {
        let text = case["address"].as_str().unwrap();
        let got = json_ok(&run(&["address", text, "--json"], b""));
        let coins = got["coins"].as_array().unwrap();
        assert!(
            coins.iter().any(|c| c == case["coin"].as_str().unwrap()),
            "{case}: {got:?}"
        );
    }
}
