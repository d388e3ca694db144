//! `fastbip32 descriptors`: the account's four multipath descriptors with origin,
//! against the published account keys of BIP-86 and `bip_utils` and keys the library derives.

use fastbip32::{VersionPair, Xprv};
use serde_json::Value;

use crate::common::{assert_usage_error, json_ok, run, str_field, ABANDON_ABOUT};

const BIPS_JSON: &str = include_str!("../../../tests/data/address_bips.json");
/// The four descriptors of 18 accounts (3 roots, 2 networks, accounts 0, 1 and 2³¹ − 1),
/// computed with embit (`scripts/gen_account_descriptors.py`).
const EMBIT_JSON: &str = include_str!("../../../tests/data/descriptor_accounts.json");

/// Splits `text` into its body and checksum.
fn split(text: &str) -> (&str, &str) {
    let (body, checksum) = text.split_once('#').unwrap();
    assert_eq!(checksum.len(), 8, "{text}");
    (body, checksum)
}

#[test]
fn every_account_matches_embit() {
    let embit: Value = serde_json::from_str(EMBIT_JSON).unwrap();
    let cases = embit["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 18);
    for case in cases {
        let network = case["network"].as_str().unwrap();
        let account = case["account"].as_u64().unwrap().to_string();
        let root = case["root_xprv"].as_str().unwrap();
        let args = [
            "descriptors",
            "--xkey",
            "-",
            "--network",
            network,
            "--account",
            &account,
            "--json",
        ];
        let mut runs = vec![json_ok(&run(&args, root.as_bytes()))];
        // The mnemonic's seed too, where it is without a passphrase.
        if let (Some(mnemonic), Some("")) = (case["mnemonic"].as_str(), case["passphrase"].as_str())
        {
            let mut from_mnemonic = args;
            from_mnemonic[1] = "--mnemonic";
            runs.push(json_ok(&run(&from_mnemonic, mnemonic.as_bytes())));
        }
        let expected = case["descriptors"].as_object().unwrap();
        for got in runs {
            assert_eq!(&got, expected, "{network} account {account} of {root}");
        }
    }
}

#[test]
fn abandon_about_account_descriptors() {
    let embit: Value = serde_json::from_str(EMBIT_JSON).unwrap();
    let case = &embit["cases"][0];
    assert_eq!(case["mnemonic"].as_str(), Some(ABANDON_ABOUT));
    assert_eq!(case["account"].as_u64(), Some(0));
    let root = case["root_xprv"].as_str().unwrap();
    let from_mnemonic = json_ok(&run(
        &["descriptors", "--mnemonic", "-", "--json"],
        ABANDON_ABOUT.as_bytes(),
    ));
    let from_root = json_ok(&run(
        &["descriptors", "--xkey", "-", "--json"],
        root.as_bytes(),
    ));
    assert_eq!(from_mnemonic, from_root);
    assert_eq!(&from_root, case["descriptors"].as_object().unwrap());
    // Text output: one `name: descriptor` line each, in order.
    let out = run(&["descriptors", "--xkey", "-"], root.as_bytes());
    let names: Vec<&str> = out
        .stdout
        .lines()
        .map(|l| l.split_once(": ").unwrap().0)
        .collect();
    assert_eq!(names, ["bip44", "bip49", "bip84", "bip86"]);
}

#[test]
fn test_networks_accounts_and_errors() {
    let bips: Value = serde_json::from_str(BIPS_JSON).unwrap();
    let root = bips["accounts"][2]["root"].as_str().unwrap();
    let account_xprv = bips["accounts"][2]["xprv"].as_str().unwrap();
    for network in ["testnet", "signet", "regtest"] {
        let got = json_ok(&run(
            &[
                "descriptors",
                "--mnemonic",
                "-",
                "--network",
                network,
                "--account",
                "3",
                "--json",
            ],
            ABANDON_ABOUT.as_bytes(),
        ));
        // Coin type 1 off mainnet, and tpub keys: embit's testnet account 1's key, at
        // account 3.
        let (body, _) = split(str_field(&got, "bip84"));
        assert!(
            body.starts_with("wpkh([73c5da0a/84h/1h/3h]tpub") && body.ends_with("/<0;1>/*)"),
            "{network}: {body}"
        );
    }
    // The test networks are one: embit's testnet descriptors, for signet and regtest too.
    let embit: Value = serde_json::from_str(EMBIT_JSON).unwrap();
    let testnet = &embit["cases"][4];
    assert_eq!(testnet["network"].as_str(), Some("testnet"));
    assert_eq!(testnet["account"].as_u64(), Some(1));
    for network in ["testnet", "signet", "regtest"] {
        let got = json_ok(&run(
            &[
                "descriptors",
                "--mnemonic",
                "-",
                "--network",
                network,
                "--account",
                "1",
                "--json",
            ],
            ABANDON_ABOUT.as_bytes(),
        ));
        assert_eq!(
            &got,
            testnet["descriptors"].as_object().unwrap(),
            "{network}"
        );
    }
    // A testnet root picks the test network by itself.
    let tprv: Xprv = root.parse().unwrap();
    let tprv = tprv.with_version_pair(VersionPair::TPRV_TPUB).to_string();
    let from_tprv = json_ok(&run(
        &["descriptors", "--xkey", "-", "--json"],
        tprv.as_bytes(),
    ));
    assert!(str_field(&from_tprv, "bip86").starts_with("tr([73c5da0a/86h/1h/0h]tpub"));
    for (args, stdin, needle) in [
        (
            vec!["descriptors", "--xkey", "-", "--network", "testnet"],
            root,
            "mixed networks",
        ),
        (
            vec!["descriptors", "--xkey", "-", "--network", "mainnet"],
            tprv.as_str(),
            "mixed networks",
        ),
        (
            vec!["descriptors", "--xkey", "-"],
            account_xprv,
            "must be a root (depth 0), not a key at depth 3",
        ),
        (
            vec!["descriptors", "--xkey", "-"],
            bips["accounts"][2]["xpub"].as_str().unwrap(),
            "the root's extended private key",
        ),
        (
            vec!["descriptors", "--mnemonic", "-", "--network", "preprod"],
            ABANDON_ABOUT,
            "Cardano networks",
        ),
        (vec!["descriptors"], "", "--seed"),
        (
            vec!["descriptors", "--seed", "-", "--account", "2147483648"],
            "",
            "--account",
        ),
    ] {
        assert_usage_error(&args, stdin, needle, Some(&root[10..40]));
    }
}
