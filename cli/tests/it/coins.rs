//! `fastbip32 coins`, `derive --coin` and `addresses --coin`: expected values come from
//! committed data — wallet-core's per-chain tests (`tests/data/coin_registry_wallet_core.json`),
//! bip_utils' vectors (`tests/data/coins_bip_utils.json`), BIP-84's published vector
//! (`tests/data/address_bips.json`) and SLIP-44's registry.

use serde_json::Value;

use crate::common::{assert_usage_error, json_ok, run, str_field, u64_field};
use crate::fixtures::coin_record;

const WALLET_CORE: &str = include_str!("../../../tests/data/coin_registry_wallet_core.json");
const ABANDON: &str =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

fn data() -> Value {
    serde_json::from_str(WALLET_CORE).unwrap()
}

fn lines(out: &crate::common::Output) -> Vec<serde_json::Map<String, Value>> {
    assert_eq!(out.code, 0, "{out:?}");
    out.stdout
        .lines()
        .map(|line| match serde_json::from_str(line).unwrap() {
            Value::Object(map) => map,
            other => panic!("not an object: {other}"),
        })
        .collect()
}

#[test]
fn coins_lists_the_registry_with_the_contract_fields() {
    let records = lines(&run(&["coins", "--json"], b""));
    // The 68 coins of the contract.
    assert_eq!(records.len(), 68);
    for record in &records {
        let keys: Vec<&str> = record.keys().map(String::as_str).collect();
        for name in [
            "coin",
            "symbol",
            "name",
            "slip44",
            "curve",
            "address_kinds",
            "default_path",
        ] {
            assert!(keys.contains(&name), "{name} in {record:?}");
        }
        assert!(!record["address_kinds"].as_array().unwrap().is_empty());
    }
    let find = |slug: &str| {
        records
            .iter()
            .find(|r| str_field(r, "coin") == slug)
            .unwrap_or_else(|| panic!("{slug}"))
    };
    // SLIP-44 coin types, BIP-44/84 paths.
    for (slug, symbol, slip44, curve, path) in [
        ("bitcoin", "BTC", 0, "secp256k1", "m/84'/0'/0'/0/0"),
        ("litecoin", "LTC", 2, "secp256k1", "m/84'/2'/0'/0/0"),
        ("dogecoin", "DOGE", 3, "secp256k1", "m/44'/3'/0'/0/0"),
        ("ethereum", "ETH", 60, "secp256k1", "m/44'/60'/0'/0/0"),
        ("tron", "TRX", 195, "secp256k1", "m/44'/195'/0'/0/0"),
        ("ripple", "XRP", 144, "secp256k1", "m/44'/144'/0'/0/0"),
        ("solana", "SOL", 501, "ed25519", "m/44'/501'/0'/0'"),
        ("tezos", "XTZ", 1729, "ed25519", "m/44'/1729'/0'/0'"),
        ("nimiq", "NIM", 242, "ed25519", "m/44'/242'/0'/0'"),
        ("ton", "TON", 607, "ed25519", "m/44'/607'/0'"),
        ("nano", "XNO", 165, "ed25519-blake2b", "m/44'/165'/0'"),
        (
            "cardano",
            "ADA",
            1815,
            "ed25519-bip32",
            "m/1852'/1815'/0'/0/0",
        ),
    ] {
        let r = find(slug);
        assert_eq!(str_field(r, "symbol"), symbol);
        assert_eq!(u64_field(r, "slip44"), slip44);
        assert_eq!(str_field(r, "curve"), curve);
        assert_eq!(str_field(r, "default_path"), path);
    }
    assert_eq!(
        records.first().map(|r| str_field(r, "coin")),
        Some("bitcoin")
    );
    assert!(str_field(find("solana"), "default_path_wallets").contains("Phantom"));
    // The human form: one line per coin.
    let out = run(&["coins"], b"");
    assert_eq!(out.stdout.lines().count(), records.len());
    assert!(out
        .stdout
        .contains("litecoin LTC 2 secp256k1 m/84'/2'/0'/0/0\n"));
}

#[test]
fn derive_coin_matches_bip84_and_wallet_core() {
    // BIP-84's first receive address and its WIF.
    let bips: Value =
        serde_json::from_str(include_str!("../../../tests/data/address_bips.json")).unwrap();
    let out = run(
        &["derive", "--mnemonic", "-", "--coin", "btc", "--json"],
        format!("{ABANDON}\n").as_bytes(),
    );
    let r = json_ok(&out);
    assert_eq!(r.len(), 6, "{r:?}");
    // The fields in the contract's order.
    let at: Vec<usize> = [
        "coin",
        "path",
        "address",
        "private_key",
        "public_key",
        "wif",
    ]
    .iter()
    .map(|name| out.stdout.find(&format!("\"{name}\":")).unwrap())
    .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{}", out.stdout);
    assert_eq!(str_field(&r, "coin"), "bitcoin");
    assert_eq!(str_field(&r, "path"), "m/84'/0'/0'/0/0");
    assert!(bips.to_string().contains(str_field(&r, "address")), "{r:?}");
    assert_eq!(
        str_field(&r, "address"),
        "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"
    );
    assert_eq!(
        str_field(&r, "wif"),
        "KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d"
    );
    assert_eq!(str_field(&r, "public_key").len(), 66);

    for case in data()["from_mnemonic"].as_array().unwrap() {
        let s = |k: &str| case[k].as_str().unwrap();
        let stdin = format!("{}\n{}\n", s("mnemonic"), s("passphrase"));
        let out = run(
            &[
                "derive",
                "--mnemonic",
                "-",
                "--passphrase",
                "-",
                "--coin",
                s("coin"),
                "--address",
                s("kind"),
                "--path",
                s("path"),
                "--json",
            ],
            stdin.as_bytes(),
        );
        let r = json_ok(&out);
        assert_eq!(str_field(&r, "address"), s("address"), "{case}");
        assert_eq!(str_field(&r, "path"), s("path"));
        if let Some(key) = case["private_key"].as_str() {
            assert_eq!(str_field(&r, "private_key"), key);
        }
        if let Some(wif) = case["wif"].as_str() {
            assert_eq!(str_field(&r, "wif"), wif);
        }
    }
}

/// `derive --coin` for the ed25519 coins of their own address families and Nano's
/// ed25519-blake2b keys, against bip_utils 2.12.3's vectors: the keys and address at each
/// path, and without --path the coin's default path (bip_utils' first case).
#[test]
fn derive_coin_matches_bip_utils_for_tezos_nimiq_ton_nano() {
    let mut checked = 0;
    for slug in ["tezos", "nimiq", "ton", "nano"] {
        let entry = coin_record(slug);
        let stdin = format!("{}\n", entry["mnemonic"].as_str().unwrap());
        assert_eq!(entry["passphrase"], "");
        let cases = entry["cases"].as_array().unwrap();
        for (i, case) in cases.iter().enumerate() {
            let s = |k: &str| case[k].as_str().unwrap();
            let mut args = vec!["derive", "--mnemonic", "-", "--coin", slug, "--json"];
            if i > 0 {
                args.extend(["--path", s("path")]);
            }
            if s("kind") != "default" {
                args.extend(["--address", s("kind")]);
            }
            let r = json_ok(&run(&args, stdin.as_bytes()));
            assert_eq!(str_field(&r, "coin"), slug);
            assert_eq!(str_field(&r, "path"), s("path"), "{slug}");
            assert_eq!(
                str_field(&r, "address"),
                s("address"),
                "{slug} {}",
                s("path")
            );
            assert_eq!(str_field(&r, "private_key"), s("private_key"), "{slug}");
            assert_eq!(str_field(&r, "public_key"), s("public_key"), "{slug}");
            assert!(!r.contains_key("wif"));
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked}");
    // The curve is the coin's: Nano's keys are not ed25519's.
    let nano = json_ok(&run(
        &[
            "derive",
            "--mnemonic",
            "-",
            "--coin",
            "nano",
            "--curve",
            "ed25519-blake2b",
            "--json",
        ],
        format!("{ABANDON}\n").as_bytes(),
    ));
    assert_eq!(str_field(&nano, "path"), "m/44'/165'/0'");
}

#[test]
fn derive_coin_count_follows_the_series() {
    let out = run(
        &[
            "derive",
            "--mnemonic",
            "-",
            "--coin",
            "sol",
            "--count",
            "2",
            "--fields",
            "path",
            "--raw",
        ],
        format!("{ABANDON}\n").as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, "m/44'/501'/0'/0'\nm/44'/501'/1'/0'\n");
    let out = run(
        &[
            "derive",
            "--mnemonic",
            "-",
            "--coin",
            "ltc",
            "--address",
            "p2pkh",
            "--count",
            "2",
            "--start",
            "3",
            "--fields",
            "path",
            "--raw",
        ],
        format!("{ABANDON}\n").as_bytes(),
    );
    assert_eq!(out.stdout, "m/44'/2'/0'/0/3\nm/44'/2'/0'/0/4\n", "{out:?}");
    // Solana's key: 32 bytes, no WIF.
    let r = json_ok(&run(
        &["derive", "--mnemonic", "-", "--coin", "solana", "--json"],
        format!("{ABANDON}\n").as_bytes(),
    ));
    assert_eq!(str_field(&r, "public_key").len(), 64);
    assert!(!r.contains_key("wif"));
}

#[test]
fn addresses_coin_matches_wallet_core_xpubs() {
    for case in data()["from_xpub"].as_array().unwrap() {
        let s = |k: &str| case[k].as_str().unwrap();
        let branch = format!("{}/*", case["branch"]);
        let out = run(
            &[
                "addresses",
                "--coin",
                s("coin"),
                "--xkey",
                s("xkey"),
                "--path",
                &branch,
                "--address",
                s("kind"),
                "--count",
                "12",
                "--json",
            ],
            b"",
        );
        let records = lines(&out);
        assert_eq!(records.len(), 12);
        for (index, address) in case["addresses"].as_object().unwrap() {
            let i: usize = index.parse().unwrap();
            assert_eq!(u64_field(&records[i], "index"), i as u64);
            assert_eq!(str_field(&records[i], "address"), address.as_str().unwrap());
            assert_eq!(str_field(&records[i], "path"), format!("0/{i}"));
            assert_eq!(str_field(&records[i], "coin"), s("coin"));
        }
    }
}

#[test]
fn addresses_coin_is_the_same_for_any_thread_count_and_start() {
    let zpub = data()["from_xpub"][0]["xkey"].as_str().unwrap().to_owned();
    let all = run(
        &[
            "addresses",
            "--coin",
            "ltc",
            "--xkey",
            &zpub,
            "--count",
            "3000",
            "--threads",
            "1",
        ],
        b"",
    );
    let many = run(
        &[
            "addresses",
            "--coin",
            "ltc",
            "--xkey",
            &zpub,
            "--count",
            "3000",
            "--threads",
            "3",
        ],
        b"",
    );
    assert_eq!(all.code, 0, "{all:?}");
    assert_eq!(all.stdout, many.stdout);
    let tail = run(
        &[
            "addresses",
            "--coin",
            "ltc",
            "--xkey",
            &zpub,
            "--start",
            "2990",
            "--count",
            "10",
        ],
        b"",
    );
    let expected: Vec<&str> = all.stdout.lines().skip(2990).collect();
    let got: Vec<&str> = tail.stdout.lines().collect();
    assert_eq!(got, expected);
    assert!(all
        .stdout
        .contains("\n4 ltc1qcgnevr9rp7aazy62m4gen0tfzlssa52axwytt6\n"));
}

#[test]
fn coin_usage_errors_name_the_rule() {
    let zpub = data()["from_xpub"][0]["xkey"].as_str().unwrap().to_owned();
    let stdin = format!("{ABANDON}\n");
    for (args, needle) in [
        (
            vec![
                "derive",
                "--mnemonic",
                "-",
                "--coin",
                "ltc",
                "--curve",
                "ed25519",
            ],
            "--curve ed25519 contradicts --coin litecoin",
        ),
        (
            vec![
                "derive",
                "--mnemonic",
                "-",
                "--coin",
                "nano",
                "--curve",
                "ed25519",
            ],
            "--curve ed25519 contradicts --coin nano: Nano keys are ed25519-blake2b",
        ),
        (
            vec![
                "derive",
                "--mnemonic",
                "-",
                "--coin",
                "ltc",
                "--address",
                "tron",
            ],
            "litecoin has no tron address; its kinds are p2wpkh, p2sh-p2wpkh, p2pkh",
        ),
        (
            vec![
                "derive",
                "--mnemonic",
                "-",
                "--coin",
                "solana",
                "--path",
                "m/44'/501'/0'/0",
            ],
            "hardened derivation only",
        ),
        (
            vec!["derive", "--mnemonic", "-", "--coin", "nocoin"],
            "unknown coin",
        ),
        (
            vec!["derive", "--mnemonic", "-", "--address", "eip55"],
            "add --coin",
        ),
        (
            vec!["derive", "--mnemonic", "-", "--coin", "eth", "--wif"],
            "ethereum private keys have no WIF",
        ),
        (
            vec![
                "derive",
                "--mnemonic",
                "-",
                "--coin",
                "trx",
                "--network",
                "testnet",
            ],
            "tron addresses have one network",
        ),
        (
            vec!["addresses", "--coin", "sol", "--xkey", &zpub],
            "for secp256k1 coins",
        ),
        (
            vec![
                "addresses",
                "--coin",
                "ltc",
                "--xkey",
                &zpub,
                "--path",
                "0/*'",
            ],
            "hardened indices below an extended public key",
        ),
        (
            vec![
                "addresses",
                "--coin",
                "ltc",
                "--xkey",
                &zpub,
                "--path",
                "m/0/*",
            ],
            "relative to the --xkey",
        ),
        (
            vec![
                "addresses",
                "--coin",
                "xrp",
                "--xkey",
                &zpub,
                "--address",
                "p2wpkh",
            ],
            "ripple has no p2wpkh address",
        ),
    ] {
        assert_usage_error(&args, &stdin, needle, Some("abandon"));
    }
}
