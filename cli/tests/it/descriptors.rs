//! `fastbip32 descriptors`: the account's four multipath descriptors with origin,
//! against the published account keys of BIP-86 and `bip_utils` and keys the library derives.

use fastbip32::{VersionPair, Xprv};
use serde_json::Value;

use crate::common::{assert_usage_error, json_ok, run, str_field, ABANDON_ABOUT};

const BIPS_JSON: &str = include_str!("../../../tests/data/address_bips.json");
const BIP_UTILS_JSON: &str = include_str!("../../../tests/data/address_bip_utils.json");

/// The account xpub of `root` at `path`, in `pair`'s public version, by the library.
fn account_xpub(root: &str, path: &str, pair: VersionPair) -> String {
    let root: Xprv = root.parse().unwrap();
    root.with_version_pair(pair)
        .derive_path(path)
        .unwrap()
        .to_xpub()
        .to_string()
}

/// Splits `text` into its body and checksum.
fn split(text: &str) -> (&str, &str) {
    let (body, checksum) = text.split_once('#').unwrap();
    assert_eq!(checksum.len(), 8, "{text}");
    (body, checksum)
}

#[test]
fn abandon_about_account_descriptors() {
    let bips: Value = serde_json::from_str(BIPS_JSON).unwrap();
    let utils: Value = serde_json::from_str(BIP_UTILS_JSON).unwrap();
    let root = bips["accounts"][2]["root"].as_str().unwrap();
    let from_mnemonic = json_ok(&run(
        &["descriptors", "--mnemonic", "-", "--json"],
        ABANDON_ABOUT.as_bytes(),
    ));
    let from_root = json_ok(&run(
        &["descriptors", "--xkey", "-", "--json"],
        root.as_bytes(),
    ));
    assert_eq!(from_mnemonic, from_root);
    let keys: Vec<&str> = from_root.keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 4);
    // 73c5da0a: the fingerprint of this root, by the library.
    let fingerprint = root.parse::<Xprv>().unwrap().fingerprint().to_string();
    assert_eq!(fingerprint, "73c5da0a");
    let bip44 = utils["bip44_account_xpub"].as_str().unwrap();
    let bip86 = bips["accounts"][2]["xpub"].as_str().unwrap();
    let bip49 = account_xpub(root, "m/49'/0'/0'", VersionPair::XPRV_XPUB);
    let bip84 = account_xpub(root, "m/84'/0'/0'", VersionPair::XPRV_XPUB);
    for (field, expected) in [
        ("bip44", format!("pkh([73c5da0a/44h/0h/0h]{bip44}/<0;1>/*)")),
        (
            "bip49",
            format!("sh(wpkh([73c5da0a/49h/0h/0h]{bip49}/<0;1>/*))"),
        ),
        (
            "bip84",
            format!("wpkh([73c5da0a/84h/0h/0h]{bip84}/<0;1>/*)"),
        ),
        ("bip86", format!("tr([73c5da0a/86h/0h/0h]{bip86}/<0;1>/*)")),
    ] {
        let (body, _) = split(str_field(&from_root, field));
        assert_eq!(body, expected, "{field}");
    }
    // BIP-49's ypub account key is the same key.
    let ypub = utils["bip49_account_ypub"].as_str().unwrap();
    assert_eq!(
        ypub.parse::<fastbip32::Xpub>()
            .unwrap()
            .with_version_pair(VersionPair::XPRV_XPUB)
            .to_string(),
        bip49
    );
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
        // Coin type 1 off mainnet, and tpub keys.
        let tpub = account_xpub(root, "m/84'/1'/3'", VersionPair::TPRV_TPUB);
        assert!(tpub.starts_with("tpub"));
        let (body, _) = split(str_field(&got, "bip84"));
        assert_eq!(
            body,
            format!("wpkh([73c5da0a/84h/1h/3h]{tpub}/<0;1>/*)"),
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
