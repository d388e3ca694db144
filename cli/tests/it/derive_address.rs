//! `derive`: `--address KIND`, `--network`, `--wif`, `--xpub-version`, `--fields`
//! and `--csv`, on single records and `--count` batches, against the BIPs' published vectors
//! (`tests/data/address_bips.json`) and the `bip_utils` ones (`tests/data/address_bip_utils.json`);
//! and every bad combination: one stderr line, non-zero exit, nothing on stdout.

use core::fmt::Write as _;

use serde_json::Value;

use crate::common::{
    assert_error, assert_quiet, assert_usage_error, json_ok, run, str_field, ABANDON_ABOUT,
};

const BIPS_JSON: &str = include_str!("../../../tests/data/address_bips.json");
const BIP_UTILS_JSON: &str = include_str!("../../../tests/data/address_bip_utils.json");

fn file(json: &str) -> Value {
    serde_json::from_str(json).unwrap()
}

/// `derive --mnemonic "abandon … about" --path PATH --json` plus `extra`, from standard input
/// (no note about the command line).
fn derive(path: &str, extra: &[&str]) -> serde_json::Map<String, Value> {
    let mut args = vec!["derive", "--mnemonic", "-", "--path", path, "--json"];
    args.extend_from_slice(extra);
    json_ok(&run(&args, format!("{ABANDON_ABOUT}\n").as_bytes()))
}

#[test]
fn bip49_84_86_published_addresses_keys_and_wif() {
    let data = file(BIPS_JSON);
    let mut checked = 0;
    for case in data["cases"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        let kind = case["kind"].as_str().unwrap();
        let network = case["network"].as_str().unwrap();
        let mut extra = vec!["--address", kind, "--network", network];
        if case.get("wif").is_some() {
            extra.push("--wif");
        }
        let got = derive(path, &extra);
        let context = format!("BIP-{} {path}", case["bip"]);
        assert_eq!(
            str_field(&got, "address"),
            case["address"].as_str().unwrap(),
            "{context}"
        );
        if let Some(wif) = case.get("wif") {
            assert_eq!(str_field(&got, "wif"), wif.as_str().unwrap(), "{context}");
        }
        if let Some(public_key) = case.get("public_key_hex") {
            assert_eq!(
                str_field(&got, "public_key"),
                public_key.as_str().unwrap(),
                "{context}"
            );
        }
        if let Some(private_key) = case.get("private_key_hex") {
            assert_eq!(
                str_field(&got, "private_key"),
                private_key.as_str().unwrap(),
                "{context}"
            );
        }
        if let Some(internal) = case.get("internal_key_hex") {
            // BIP-86 publishes the x-only internal key: the record's key without its parity byte.
            assert_eq!(
                &str_field(&got, "public_key")[2..],
                internal.as_str().unwrap(),
                "{context}"
            );
        }
        for field in ["xprv", "xpub"] {
            if let Some(text) = case.get(field) {
                assert_eq!(str_field(&got, field), text.as_str().unwrap(), "{context}");
            }
        }
        if network == "testnet" {
            // --network testnet writes the keys as tprv/tpub.
            assert!(str_field(&got, "xprv").starts_with("tprv"), "{context}");
            assert!(str_field(&got, "xpub").starts_with("tpub"), "{context}");
        }
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
fn account_keys_keep_or_change_their_family() {
    let data = file(BIPS_JSON);
    for account in data["accounts"].as_array().unwrap() {
        let root = account["root"].as_str().unwrap();
        let path = account["path"].as_str().unwrap();
        // From the published root (zprv, uprv, xprv), the account keeps the root's family.
        let got = json_ok(&run(
            &["derive", "--xkey", "-", "--path", path, "--json"],
            root.as_bytes(),
        ));
        assert_eq!(
            str_field(&got, "xprv"),
            account["xprv"].as_str().unwrap(),
            "{path}"
        );
        if let Some(xpub) = account.get("xpub") {
            assert_eq!(str_field(&got, "xpub"), xpub.as_str().unwrap(), "{path}");
        }
    }
    // BIP-49's root is a uprv: its network (testnet) is the default, so its first address is
    // the published testnet one without --network.
    let uprv = data["accounts"][0]["root"].as_str().unwrap();
    let got = json_ok(&run(
        &[
            "derive",
            "--xkey",
            "-",
            "--path",
            "m/49'/1'/0'/0/0",
            "--address",
            "p2sh-p2wpkh",
            "--wif",
            "--json",
        ],
        uprv.as_bytes(),
    ));
    assert_eq!(
        str_field(&got, "address"),
        data["cases"][0]["address"].as_str().unwrap()
    );
    assert_eq!(
        str_field(&got, "wif"),
        data["cases"][0]["wif"].as_str().unwrap()
    );
    // --xpub-version: the BIP-84 account from a seed in zprv/zpub, and BIP-86's xprv from the
    // published zprv root.
    let got = derive("m/84'/0'/0'", &["--xpub-version", "zpub"]);
    assert_eq!(
        str_field(&got, "xprv"),
        data["accounts"][1]["xprv"].as_str().unwrap()
    );
    let zprv = data["accounts"][1]["root"].as_str().unwrap();
    let got = json_ok(&run(
        &[
            "derive",
            "--xkey",
            "-",
            "--path",
            "m/86'/0'/0'",
            "--xpub-version",
            "xpub",
            "--json",
        ],
        zprv.as_bytes(),
    ));
    assert_eq!(
        str_field(&got, "xprv"),
        data["accounts"][2]["xprv"].as_str().unwrap()
    );
    assert_eq!(
        str_field(&got, "xpub"),
        data["accounts"][2]["xpub"].as_str().unwrap()
    );
}

#[test]
fn bip_utils_bitcoin_ethereum_solana_and_account_keys() {
    let data = file(BIP_UTILS_JSON);
    for case in data["bitcoin"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        let got = derive(
            path,
            &["--address", case["kind"].as_str().unwrap(), "--wif"],
        );
        assert_eq!(
            str_field(&got, "address"),
            case["address"].as_str().unwrap(),
            "{path}"
        );
        assert_eq!(
            str_field(&got, "wif"),
            case["wif"].as_str().unwrap(),
            "{path}"
        );
        assert_eq!(
            str_field(&got, "public_key"),
            case["public_key_hex"].as_str().unwrap()
        );
        assert_eq!(
            str_field(&got, "private_key"),
            case["private_key_hex"].as_str().unwrap()
        );
    }
    for case in data["ethereum"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        let got = derive(path, &["--address", "ethereum"]);
        assert_eq!(
            str_field(&got, "address"),
            case["address"].as_str().unwrap(),
            "{path}"
        );
        assert_eq!(
            str_field(&got, "public_key"),
            case["public_key_hex"].as_str().unwrap()
        );
    }
    for case in data["solana"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        let got = derive(path, &["--curve", "ed25519", "--address", "solana"]);
        assert_eq!(
            str_field(&got, "address"),
            case["address"].as_str().unwrap(),
            "{path}"
        );
        // SLIP-10's 33-byte form: 00 ‖ the 32-byte key.
        assert_eq!(
            str_field(&got, "public_key"),
            format!("00{}", case["public_key_hex"].as_str().unwrap())
        );
    }
    let got = derive("m/44'/0'/0'", &[]);
    assert_eq!(
        str_field(&got, "xpub"),
        data["bip44_account_xpub"].as_str().unwrap()
    );
    let got = derive("m/49'/0'/0'", &["--xpub-version", "ypub"]);
    assert_eq!(
        str_field(&got, "xpub"),
        data["bip49_account_ypub"].as_str().unwrap()
    );
    assert!(str_field(&got, "xprv").starts_with("yprv"));
}

#[test]
fn batches_fields_and_csv() {
    let data = file(BIP_UTILS_JSON);
    let p2pkh: Vec<&Value> = data["bitcoin"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| {
            c["kind"] == "p2pkh" && c["path"].as_str().unwrap().starts_with("m/44'/0'/0'/0/")
        })
        .collect();
    assert_eq!(p2pkh.len(), 3);
    let stdin = format!("{ABANDON_ABOUT}\n");
    let base = [
        "derive",
        "--mnemonic",
        "-",
        "--path",
        "m/44'/0'/0'/0/*",
        "--count",
        "3",
        "--address",
        "p2pkh",
    ];
    // CSV: a header line with the field names, then one line per record.
    let mut args = base.to_vec();
    args.extend(["--fields", "path,address,wif", "--wif", "--csv"]);
    let out = run(&args, stdin.as_bytes());
    assert_eq!(out.code, 0, "{out:?}");
    assert_quiet(&out);
    let mut expected = String::from("path,address,wif\n");
    for case in &p2pkh {
        writeln!(
            expected,
            "{},{},{}",
            case["path"].as_str().unwrap(),
            case["address"].as_str().unwrap(),
            case["wif"].as_str().unwrap()
        )
        .unwrap();
    }
    assert_eq!(out.stdout, expected);
    // JSON with --fields: exactly those fields, in that order, one object per line.
    let mut args = base.to_vec();
    args.extend(["--fields", "address,child_number", "--json"]);
    let out = run(&args, stdin.as_bytes());
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, (line, case)) in lines.iter().zip(&p2pkh).enumerate() {
        assert_eq!(
            *line,
            format!(
                r#"{{"address":"{}","child_number":{i}}}"#,
                case["address"].as_str().unwrap()
            )
        );
    }
    // Without --fields, every record has the address, last (after xpub); CSV has every field.
    let mut args = base.to_vec();
    args.push("--csv");
    let out = run(&args, stdin.as_bytes());
    assert_eq!(out.code, 0, "{out:?}");
    let mut lines = out.stdout.lines();
    assert_eq!(
        lines.next().unwrap(),
        "curve,path,depth,child_number,parent_fingerprint,fingerprint,chain_code,private_key,public_key,xprv,xpub,address"
    );
    for (line, case) in lines.zip(&p2pkh) {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), 12, "{line}");
        assert_eq!(cells[1], case["path"].as_str().unwrap());
        assert_eq!(cells[8], case["public_key_hex"].as_str().unwrap());
        assert_eq!(cells[11], case["address"].as_str().unwrap());
    }
    // A single record in CSV: header and one line; text with --fields: only those lines.
    let out = run(
        &[
            "derive",
            "--mnemonic",
            "-",
            "--path",
            "m/44'/60'/0'/0/0",
            "--address",
            "ethereum",
            "--fields",
            "address",
            "--csv",
        ],
        stdin.as_bytes(),
    );
    assert_eq!(
        out.stdout,
        format!(
            "address\n{}\n",
            data["ethereum"][0]["address"].as_str().unwrap()
        )
    );
    let out = run(
        &[
            "derive",
            "--mnemonic",
            "-",
            "--path",
            "m/44'/60'/0'/0/0",
            "--address",
            "ethereum",
            "--fields",
            "child_number,address",
        ],
        stdin.as_bytes(),
    );
    assert_eq!(
        out.stdout,
        format!(
            "child_number: 0 (0)\naddress: {}\n",
            data["ethereum"][0]["address"].as_str().unwrap()
        )
    );
}

#[test]
fn public_batches_from_an_account_xpub() {
    let data = file(BIP_UTILS_JSON);
    let xpub = data["bip44_account_xpub"].as_str().unwrap();
    let out = run(
        &[
            "derive",
            "--xkey",
            xpub,
            "--path",
            "1/*",
            "--count",
            "3",
            "--address",
            "p2pkh",
            "--fields",
            "address,public_key",
            "--csv",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let mut expected = String::from("address,public_key\n");
    for case in data["bitcoin"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["path"].as_str().unwrap().starts_with("m/44'/0'/0'/1/"))
    {
        writeln!(
            expected,
            "{},{}",
            case["address"].as_str().unwrap(),
            case["public_key_hex"].as_str().unwrap()
        )
        .unwrap();
    }
    assert_eq!(out.stdout, expected);
}

#[test]
fn bad_combinations_are_one_line_errors() {
    let seed = ["derive", "--seed", "000102030405060708090a0b0c0d0e0f"];
    let zprv = file(BIPS_JSON)["accounts"][1]["root"]
        .as_str()
        .unwrap()
        .to_owned();
    // BIP-32 test vector 1's master key, with the testnet version.
    let tpub_master = "tpubD6NzVbkrYhZ4XgiXtGrdW5XDAPFCL9h7we1vwNCpn8tGbBcgfVYjXyhWo4E1xkh56hjod1RhGjxbaTLV3X4FyWuejifB9jusQ46QzG87VKp";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // A KIND that does not fit the curve.
        (
            vec!["--curve", "ed25519", "--address", "p2wpkh"],
            "--address p2wpkh needs --curve secp256k1, not ed25519",
        ),
        (
            vec!["--curve", "nist256p1", "--address", "ethereum"],
            "needs --curve secp256k1",
        ),
        (
            vec!["--address", "solana"],
            "--address solana needs --curve ed25519, not secp256k1",
        ),
        (
            vec!["--curve", "curve25519", "--address", "solana"],
            "needs --curve ed25519",
        ),
        (
            vec!["--address", "cardano-base"],
            "needs --curve ed25519-bip32, cardano-icarus or cardano-icarus-trezor",
        ),
        (
            vec!["--curve", "ed25519", "--address", "cardano-enterprise"],
            "cardano-enterprise needs",
        ),
        (
            vec!["--curve", "ed25519-bip32", "--address", "p2tr"],
            "p2tr needs --curve secp256k1",
        ),
        (vec!["--address", "p2sh"], "unknown address kind"),
        // Networks.
        (
            vec!["--network", "preprod"],
            "preprod and preview are Cardano networks",
        ),
        (
            vec!["--network", "bitcoin"],
            "one of mainnet, testnet, signet, regtest",
        ),
        (
            vec!["--curve", "ed25519-bip32", "--network", "signet"],
            "a Cardano network is mainnet or testnet",
        ),
        (
            vec!["--curve", "ed25519", "--network", "mainnet"],
            "ed25519 keys have no network",
        ),
        (
            vec!["--xpub-version", "zpub", "--network", "testnet"],
            "mixed networks: --network testnet but --xpub-version is a mainnet key (zpub)",
        ),
        // --wif and --xpub-version off their curves; unknown names.
        (
            vec!["--curve", "ed25519-bip32", "--wif"],
            "--wif is for secp256k1 private keys",
        ),
        (
            vec!["--curve", "ed25519", "--xpub-version", "xpub"],
            "have no BIP-32 version",
        ),
        (vec!["--xpub-version", "zprv"], "not a public version name"),
        // --fields.
        (
            vec!["--fields", "path,bogus"],
            "invalid --fields: unknown field `bogus`",
        ),
        (vec!["--fields", ""], "invalid --fields: an empty name"),
        (vec!["--fields", "path,path"], "`path` is given twice"),
        (
            vec!["--fields", "wif"],
            "these records have no `wif` field (add --wif",
        ),
        (
            vec!["--fields", "address"],
            "these records have no `address` field (add --address KIND)",
        ),
        (vec!["--csv", "--json"], "--csv"),
    ];
    for (extra, needle) in cases {
        let mut args = seed.to_vec();
        args.extend(extra.iter().copied());
        assert_usage_error(&args, "", needle, None);
    }
    // Mixed networks with --xkey: a mainnet key on a test network, and the reverse.
    assert_usage_error(
        &[
            "derive",
            "--xkey",
            "-",
            "--path",
            "m/0",
            "--network",
            "testnet",
        ],
        &zprv,
        "mixed networks: --network testnet but the --xkey is a mainnet key (zprv)",
        Some(&zprv[4..40]),
    );
    assert_usage_error(
        &[
            "derive",
            "--xkey",
            tpub_master,
            "--path",
            "0",
            "--network",
            "mainnet",
        ],
        "",
        "mixed networks: --network mainnet but the --xkey is a test-network key (tpub)",
        None,
    );
    assert_usage_error(
        &["derive", "--xkey", tpub_master, "--path", "0", "--xpub-version", "zpub"],
        "",
        "mixed networks: the --xkey is a test-network key (tpub) but --xpub-version zpub is for mainnet",
        None,
    );
    // --wif needs a private key; with --count too, before any record.
    assert_usage_error(
        &["derive", "--xkey", tpub_master, "--path", "0", "--wif"],
        "",
        "--wif needs a private key",
        None,
    );
    let out = run(
        &[
            "derive",
            "--xkey",
            tpub_master,
            "--path",
            "*",
            "--count",
            "5",
            "--fields",
            "private_key",
        ],
        b"",
    );
    assert_error(&out, 2);
    assert!(out.stderr.contains("no `private_key` field"), "{out:?}");
    // A test network from a seed is fine, and signet and regtest addresses differ only where
    // their prefixes do.
    let signet = derive(
        "m/84'/1'/0'/0/0",
        &["--network", "signet", "--address", "p2wpkh"],
    );
    let regtest = derive(
        "m/84'/1'/0'/0/0",
        &["--network", "regtest", "--address", "p2wpkh"],
    );
    assert!(str_field(&signet, "address").starts_with("tb1q"));
    assert!(str_field(&regtest, "address").starts_with("bcrt1q"));
    assert_eq!(str_field(&signet, "xpub"), str_field(&regtest, "xpub"));
    assert!(str_field(&signet, "xpub").starts_with("tpub"));
}
