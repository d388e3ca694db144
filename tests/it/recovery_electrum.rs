//! Electrum v2 seeds against Electrum's own test vectors (`tests/data/electrum_seeds.json`,
//! sources in the file): the seed kinds of its `Test_seeds` phrases, the BIP-32 seeds of its
//! `SEED_TEST_CASES` in five languages with and without passphrases, and the first receive
//! and change addresses of its standard and segwit wallets.
#![cfg(feature = "recovery")]
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: failing loudly is the point

use fastbip32::address::bitcoin;
use fastbip32::recovery::electrum::{self, ElectrumSeedKind};
use fastbip32::{Network, Xprv};
use serde_json::Value;

fn data() -> Value {
    serde_json::from_str(include_str!("../data/electrum_seeds.json")).unwrap()
}

fn text(v: &Value, hex_key: &str) -> String {
    String::from_utf8(hex::decode(v[hex_key].as_str().unwrap()).unwrap()).unwrap()
}

fn kind_of(name: &str) -> Option<ElectrumSeedKind> {
    match name {
        "" => None,
        "standard" => Some(ElectrumSeedKind::Standard),
        "segwit" => Some(ElectrumSeedKind::Segwit),
        "2fa" => Some(ElectrumSeedKind::TwoFactor),
        "2fa_segwit" => Some(ElectrumSeedKind::TwoFactorSegwit),
        other => panic!("unknown kind {other}"),
    }
}

#[test]
fn seeds_of_electrums_test_cases() {
    let data = data();
    let cases = data["seeds"].as_array().unwrap();
    assert_eq!(cases.len(), 10);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let words = text(case, "words_hex");
        let passphrase = text(case, "passphrase_hex");
        assert_eq!(
            electrum::seed_kind(&words),
            kind_of(case["kind"].as_str().unwrap()),
            "{name}"
        );
        let seed = electrum::seed(&words, &passphrase);
        assert_eq!(
            hex::encode(seed.expose()),
            case["bip32_seed"].as_str().unwrap(),
            "{name}"
        );
    }
    let basic = &data["basic"];
    let seed = electrum::seed(
        basic["words"].as_str().unwrap(),
        basic["passphrase"].as_str().unwrap(),
    );
    assert_eq!(
        hex::encode(seed.expose()),
        basic["bip32_seed"].as_str().unwrap()
    );
    assert_eq!(electrum::seed_kind("foobar"), None);
}

#[test]
fn seed_kinds_of_electrums_phrases() {
    let data = data();
    let cases = data["kinds"].as_array().unwrap();
    assert_eq!(cases.len(), 23);
    for case in cases {
        let words = case["words"].as_str().unwrap();
        assert_eq!(
            electrum::seed_kind(words),
            kind_of(case["kind"].as_str().unwrap()),
            "{words}"
        );
    }
}

#[test]
fn wallet_addresses() {
    let data = data();
    let cases = data["wallets"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let words = case["words"].as_str().unwrap();
        let kind = kind_of(case["kind"].as_str().unwrap()).unwrap();
        assert_eq!(electrum::seed_kind(words), Some(kind), "{name}");
        let seed = electrum::seed(words, &text(case, "passphrase_hex"));
        let root = Xprv::from_seed(seed.expose()).unwrap();
        if let Some(xpub) = case.get("root_xpub") {
            assert_eq!(root.to_xpub().to_string(), xpub.as_str().unwrap(), "{name}");
        }
        for (change, field) in [(false, "receive_0"), (true, "change_0")] {
            let pattern = kind.address_pattern(change).unwrap();
            let path = pattern.replace('*', "0");
            let key = root.derive_path(path.as_str()).unwrap().public_key();
            let address = match kind {
                ElectrumSeedKind::Standard => bitcoin::p2pkh(&key, Network::Mainnet),
                ElectrumSeedKind::Segwit => bitcoin::p2wpkh(&key, Network::Mainnet),
                ElectrumSeedKind::TwoFactor | ElectrumSeedKind::TwoFactorSegwit => {
                    panic!("no single-key addresses")
                }
            };
            assert_eq!(address, case[field].as_str().unwrap(), "{name} {field}");
        }
    }
}

#[test]
fn kinds_prefixes_and_paths() {
    let prefixes: Vec<&str> = ElectrumSeedKind::ALL.iter().map(|k| k.prefix()).collect();
    assert_eq!(prefixes, ["01", "100", "101", "102"]);
    let names: Vec<&str> = ElectrumSeedKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(names, ["standard", "segwit", "2fa", "2fa_segwit"]);
    assert_eq!(
        ElectrumSeedKind::Standard.address_pattern(false),
        Some("m/0/*")
    );
    assert_eq!(
        ElectrumSeedKind::Segwit.address_pattern(true),
        Some("m/0'/1/*")
    );
    assert_eq!(ElectrumSeedKind::TwoFactor.address_pattern(false), None);
    assert_eq!(
        ElectrumSeedKind::TwoFactorSegwit.address_pattern(true),
        None
    );
}

#[test]
fn normalisation_rules() {
    // case, accents (NFKD then combining marks dropped), whitespace runs, trimming
    assert_eq!(electrum::normalize("  ÁbC \t dÉf\n").as_str(), "abc def");
    // ideographic space (NFKD: a space) between CJK characters is dropped, the one between
    // a CJK and a Latin character kept
    assert_eq!(
        electrum::normalize("眼\u{3000}悲 a 冬").as_str(),
        "眼悲 a 冬"
    );
    // kana voicing marks are combining marks: が (NFKD か + U+3099) becomes か
    assert_eq!(electrum::normalize("が ぎ").as_str(), "かき");
    // compatibility forms: full-width Latin letters and the ligature ﬁ
    assert_eq!(electrum::normalize("ＡＢ ﬁ").as_str(), "ab fi");
    assert_eq!(electrum::normalize("").as_str(), "");
    assert_eq!(electrum::normalize(" \u{1f} ").as_str(), "");
    assert!(electrum::is_cjk('眼') && electrum::is_cjk('か') && electrum::is_cjk('한'));
    assert!(!electrum::is_cjk('a') && !electrum::is_cjk(' '));
}
