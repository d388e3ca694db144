//! Cardano in the CLI: CIP-19 addresses (`--address cardano-*`) against CIP-19's
//! and `bip_utils` vectors, CIP-5 `--xkey` input and role prefixes, `inspect` of CIP-5 keys,
//! `cardano-icarus-trezor` and `cardano-ledger`, `--passphrase-hex`, and the errors.

use fastbip32::{Ed25519Bip32, ExtendedPrivateKey};
use serde_json::Value;

use crate::common::{
    assert_error, assert_usage_error, cases, json_ok, run, str_field, ABANDON_ABOUT,
    ED25519_BIP32_JSON,
};

const BIP_UTILS_JSON: &str = include_str!("../../../tests/data/address_bip_utils.json");
const CIP19_JSON: &str = include_str!("../../../tests/data/address_cip19.json");

fn file(json: &str) -> Value {
    serde_json::from_str(json).unwrap()
}

fn hex32(text: &str) -> [u8; 32] {
    hex::decode(text).unwrap().try_into().unwrap()
}

/// CIP-5 text: `payload` in bech32 under `hrp`, by the `bech32` crate (not the library under
/// test, whose decoder reads it).
fn cip5(hrp: &str, payload: &[u8]) -> String {
    bech32::encode::<bech32::Bech32>(bech32::Hrp::parse(hrp).unwrap(), payload).unwrap()
}

/// The CIP-5 text of a public key `a` with chain code `c` under `hrp` (`addr_xvk`, …).
fn xvk(hrp: &str, a: &[u8; 32], c: &[u8; 32]) -> String {
    let mut raw = [0u8; 64];
    raw[..32].copy_from_slice(a);
    raw[32..].copy_from_slice(c);
    cip5(hrp, &raw)
}

/// The account key m/1852'/1815'/0' of "abandon … about" (Icarus), as `acct_xsk`/`acct_xvk`
/// text. The key's bytes come from the library (its Icarus derivation is checked against
/// published vectors in the library's tests), the text from the `bech32` crate, and the
/// tool's own `derive` of the account must print the same text.
fn abandon_account() -> (String, String) {
    let root = ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(&[0; 16], b"").unwrap();
    let account = root.derive_path("m/1852'/1815'/0'").unwrap();
    let xsk = cip5("acct_xsk", account.to_raw_bytes().as_slice());
    let xvk = cip5("acct_xvk", &account.to_xpub().to_raw_bytes());
    let got = json_ok(&run(
        &[
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            "-",
            "--path",
            "m/1852'/1815'/0'",
            "--json",
        ],
        format!("{ABANDON_ABOUT}\n").as_bytes(),
    ));
    assert_eq!(str_field(&got, "xprv"), xsk);
    assert_eq!(str_field(&got, "xpub"), xvk);
    (xsk, xvk)
}

#[test]
fn cip19_enterprise_and_reward_addresses() {
    let data = file(CIP19_JSON);
    let payment = hex32(data["payment_public_key_hex"].as_str().unwrap());
    let stake = hex32(data["stake_public_key_hex"].as_str().unwrap());
    // Any chain code: addresses hash the key only.
    let chain = [7u8; 32];
    let mut checked = 0;
    for case in data["cases"].as_array().unwrap() {
        let network = case["network"].as_str().unwrap();
        let (key, kind) = match case["type"].as_u64().unwrap() {
            6 => (xvk("addr_xvk", &payment, &chain), "cardano-enterprise"),
            14 => (xvk("stake_xvk", &stake, &chain), "cardano-reward"),
            _ => continue,
        };
        for alias in if network == "testnet" {
            vec!["testnet", "preprod", "preview"]
        } else {
            vec!["mainnet"]
        } {
            let got = json_ok(&run(
                &[
                    "derive",
                    "--xkey",
                    &key,
                    "--path",
                    "m",
                    "--address",
                    kind,
                    "--network",
                    alias,
                    "--json",
                ],
                b"",
            ));
            assert_eq!(
                str_field(&got, "address"),
                case["address"].as_str().unwrap(),
                "{kind} {alias}"
            );
            assert_eq!(str_field(&got, "curve"), "ed25519-bip32");
            // A role key keeps its prefix at an empty path.
            assert_eq!(
                &str_field(&got, "xpub")[..key.find('1').unwrap()],
                &key[..key.find('1').unwrap()]
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn icarus_base_and_reward_addresses_from_seed_root_and_account() {
    let data = file(BIP_UTILS_JSON);
    let (private_account, public_account) = abandon_account();
    let stdin = format!("{ABANDON_ABOUT}\n");
    let mut checked = 0;
    for case in data["cardano_icarus"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        let network = case["network"].as_str().unwrap();
        let relative = path.trim_start_matches("m/1852'/1815'/0'/");
        for (kind, expected) in [("cardano-base", "base")] {
            // From the mnemonic.
            let got = json_ok(&run(
                &[
                    "derive",
                    "--curve",
                    "cardano-icarus",
                    "--mnemonic",
                    "-",
                    "--path",
                    path,
                    "--address",
                    kind,
                    "--network",
                    network,
                    "--json",
                ],
                stdin.as_bytes(),
            ));
            assert_eq!(
                str_field(&got, "address"),
                case[expected].as_str().unwrap(),
                "{path}"
            );
            assert_eq!(
                str_field(&got, "public_key"),
                case["payment_public_key_hex"].as_str().unwrap()
            );
            // From the account key, private or public: R/I.
            for account in [&private_account, &public_account] {
                let got = json_ok(&run(
                    &[
                        "derive",
                        "--xkey",
                        "-",
                        "--path",
                        relative,
                        "--address",
                        kind,
                        "--network",
                        network,
                        "--json",
                    ],
                    account.as_bytes(),
                ));
                assert_eq!(
                    str_field(&got, "address"),
                    case[expected].as_str().unwrap(),
                    "{path}"
                );
                assert!(str_field(&got, "xpub").starts_with("addr_xvk1"), "{path}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 8);
    // Reward addresses: the record's own key is the stake key (m/1852'/1815'/0'/2/0).
    for case in data["cardano_icarus"]
        .as_array()
        .unwrap()
        .iter()
        .take(1)
        .chain(
            data["cardano_icarus"]
                .as_array()
                .unwrap()
                .iter()
                .skip(4)
                .take(1),
        )
    {
        let network = case["network"].as_str().unwrap();
        let got = json_ok(&run(
            &[
                "derive",
                "--curve",
                "cardano-icarus",
                "--mnemonic",
                "-",
                "--path",
                "1852H/1815H/0H/2/0",
                "--address",
                "cardano-reward",
                "--network",
                network,
                "--json",
            ],
            stdin.as_bytes(),
        ));
        assert_eq!(str_field(&got, "address"), case["reward"].as_str().unwrap());
        assert_eq!(
            str_field(&got, "public_key"),
            case["stake_public_key_hex"].as_str().unwrap()
        );
        assert!(str_field(&got, "xprv").starts_with("stake_xsk1"));
    }
    // A batch of base addresses below the account key, in CSV.
    let out = run(
        &[
            "derive",
            "--xkey",
            &public_account,
            "--path",
            "0/*",
            "--count",
            "2",
            "--address",
            "cardano-base",
            "--fields",
            "path,address",
            "--csv",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let rows: Vec<&Value> = data["cardano_icarus"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .collect();
    assert_eq!(
        out.stdout,
        format!(
            "path,address\nm/0/0,{}\nm/0/1,{}\n",
            rows[0]["base"].as_str().unwrap(),
            rows[1]["base"].as_str().unwrap()
        )
    );
}

#[test]
fn role_prefixes_and_cip5_input() {
    let stdin = format!("{ABANDON_ABOUT}\n");
    let derive = |path: &str| {
        json_ok(&run(
            &[
                "derive",
                "--curve",
                "cardano-icarus",
                "--mnemonic",
                "-",
                "--path",
                path,
                "--json",
            ],
            stdin.as_bytes(),
        ))
    };
    for (path, private, public) in [
        ("m", "root_xsk1", "root_xvk1"),
        ("m/1852'/1815'/0'", "acct_xsk1", "acct_xvk1"),
        ("m/1852'/1815'/3'/0/5", "addr_xsk1", "addr_xvk1"),
        ("m/1852'/1815'/0'/1/0", "addr_xsk1", "addr_xvk1"),
        ("m/1852'/1815'/0'/2/0", "stake_xsk1", "stake_xvk1"),
        ("m/1852'/1815'", "xprv1", "xpub1"),
        ("m/44'/1815'/0'/0/0", "xprv1", "xpub1"),
        ("m/1852'/1815'/0'/0/0'", "xprv1", "xpub1"),
    ] {
        let got = derive(path);
        assert!(str_field(&got, "xprv").starts_with(private), "{path}");
        assert!(str_field(&got, "xpub").starts_with(public), "{path}");
    }
    // The root's text, read back with --xkey: the same keys with `m/` left out, and the
    // library's decoding of the account text is the published-by-construction account.
    let root = derive("m");
    let from_root = json_ok(&run(
        &[
            "derive",
            "--xkey",
            "-",
            "--path",
            "1852H/1815H/0H/0/0",
            "--json",
        ],
        str_field(&root, "xprv").as_bytes(),
    ));
    let from_seed = derive("m/1852'/1815'/0'/0/0");
    for field in [
        "private_key",
        "public_key",
        "chain_code",
        "xprv",
        "xpub",
        "fingerprint",
    ] {
        assert_eq!(from_root[field], from_seed[field], "{field}");
    }
    // Icarus' root of "abandon … about" (16 zero bytes of entropy), decoded by the library.
    let expected_root = ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(&[0; 16], b"").unwrap();
    assert_eq!(
        str_field(&root, "private_key"),
        hex::encode(expected_root.private_key())
    );
    // `--count` below an account gives stake keys for role 2.
    let (private_account, _) = abandon_account();
    let out = run(
        &[
            "derive", "--xkey", "-", "--path", "2/*", "--count", "2", "--fields", "xprv", "--csv",
        ],
        private_account.as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "xprv");
    assert!(
        lines[1..].iter().all(|l| l.starts_with("stake_xsk1")),
        "{lines:?}"
    );
}

#[test]
fn inspect_cip5_keys_against_the_vectors() {
    let mut checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        if case["kind"] != "master_key" || case["scheme"] != "icarus" {
            continue;
        }
        let expected = &case["expected"];
        let xprv = hex::decode(expected["xprv_hex"].as_str().unwrap()).unwrap();
        let text = cip5("root_xsk", &xprv);
        let got = json_ok(&run(&["inspect", "--json", "-"], text.as_bytes()));
        assert_eq!(str_field(&got, "kind"), "private");
        assert_eq!(str_field(&got, "version_name"), "root_xsk");
        assert_eq!(
            str_field(&got, "private_key"),
            expected["private_key_hex"].as_str().unwrap()
        );
        assert_eq!(
            str_field(&got, "chain_code"),
            expected["chain_code_hex"].as_str().unwrap()
        );
        if let Some(public) = case["computed"]
            .get("public_key_hex")
            .or(expected.get("public_key_hex"))
        {
            assert_eq!(str_field(&got, "public_key"), public.as_str().unwrap());
            let xvk = xvk(
                "root_xvk",
                &hex32(public.as_str().unwrap()),
                &hex32(expected["chain_code_hex"].as_str().unwrap()),
            );
            let got = json_ok(&run(&["inspect", "--json", &xvk], b""));
            let keys: Vec<&str> = got.keys().map(String::as_str).collect();
            assert_eq!(keys.len(), 4, "{keys:?}");
            assert_eq!(str_field(&got, "kind"), "public");
            assert_eq!(str_field(&got, "version_name"), "root_xvk");
            assert!(got.get("private_key").is_none());
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
    assert_usage_error(
        &["inspect", "--curve", "secp256k1", "root_xvk1qqqq"],
        "",
        "is a CIP-5 Cardano key",
        None,
    );
    let out = run(&["inspect", "acct_xvk1qqqqqqqq"], b"");
    assert_error(&out, 2);
}

#[test]
fn trezor_ledger_alias_and_hex_passphrase() {
    let mut checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        if case["kind"] != "master_key" || case["scheme"] != "icarus-trezor" {
            continue;
        }
        let inputs = &case["inputs"];
        let mnemonic = inputs["mnemonic"].as_str().unwrap();
        let mut args = vec![
            "derive",
            "--curve",
            "cardano-icarus-trezor",
            "--mnemonic",
            "-",
            "--path",
            "m",
            "--json",
        ];
        let hex_passphrase = inputs["passphrase_hex"].as_str().unwrap();
        if !hex_passphrase.is_empty() {
            args.extend(["--passphrase-hex", hex_passphrase]);
        }
        let got = json_ok(&run(&args, format!("{mnemonic}\n").as_bytes()));
        assert_eq!(
            str_field(&got, "private_key"),
            case["expected"]["private_key_hex"].as_str().unwrap(),
            "{}",
            case["id"]
        );
        assert_eq!(str_field(&got, "curve"), "cardano-icarus-trezor");
        checked += 1;
    }
    assert_eq!(checked, 4);
    // CIP-3's "with passphrase" vector, the passphrase as hex bytes.
    let case = cases(ED25519_BIP32_JSON)
        .into_iter()
        .find(|c| c["id"] == "icarus-cip3-passphrase")
        .unwrap();
    let got = json_ok(&run(
        &[
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            "-",
            "--passphrase-hex",
            "666f6f",
            "--path",
            "m",
            "--json",
        ],
        format!("{}\n", case["inputs"]["mnemonic"].as_str().unwrap()).as_bytes(),
    ));
    assert_eq!(
        str_field(&got, "private_key"),
        case["expected"]["private_key_hex"].as_str().unwrap()
    );
    // cardano-ledger is ed25519-bip32.
    let ledger = run(
        &[
            "derive",
            "--curve",
            "cardano-ledger",
            "--seed",
            &"00".repeat(32),
            "--json",
        ],
        b"",
    );
    let bip32 = run(
        &[
            "derive",
            "--curve",
            "ed25519-bip32",
            "--seed",
            &"00".repeat(32),
            "--json",
        ],
        b"",
    );
    assert_eq!(ledger, bip32);
    assert_eq!(ledger.code, 0);
    for (args, needle) in [
        (
            vec![
                "derive",
                "--curve",
                "ed25519-bip32",
                "--passphrase-hex",
                "00",
            ],
            "--passphrase-hex is the Icarus passphrase",
        ),
        (
            vec![
                "derive",
                "--curve",
                "cardano-icarus",
                "--seed",
                &"00".repeat(16),
                "--passphrase-hex",
                "0g",
            ],
            "invalid --passphrase-hex: not hexadecimal",
        ),
        (
            vec![
                "derive",
                "--curve",
                "cardano-icarus",
                "--seed",
                &"00".repeat(16),
                "--passphrase-hex",
                "abc",
            ],
            "odd number of hex digits",
        ),
        (
            vec![
                "derive",
                "--curve",
                "cardano-icarus",
                "--passphrase-hex",
                "00",
                "--passphrase",
                "x",
            ],
            "--passphrase-hex",
        ),
    ] {
        assert_usage_error(&args, "", needle, Some("666f6f"));
    }
}

#[test]
fn cardano_errors() {
    let (private_account, public_account) = abandon_account();
    let stdin = format!("{ABANDON_ABOUT}\n");
    let seed_args = |path: &'static str| -> Vec<&'static str> {
        vec![
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            "-",
            "--address",
            "cardano-base",
            "--path",
            path,
        ]
    };
    for path in [
        "m/1852'/1815'/0'/0",
        "m/44'/1815'/0'/0/0",
        "m/1852'/1815'/0'/0/0'",
        "m/1852'/1815'/0'/0/*'",
    ] {
        let mut args = seed_args(path);
        if path.ends_with('*') || path.ends_with("*'") {
            args.extend(["--count", "2"]);
        }
        let out = run(&args, stdin.as_bytes());
        assert_error(&out, 2);
        assert!(
            out.stderr
                .contains("cardano-base needs the payment key at m/1852'/1815'/a'/R/I"),
            "{path}: {out:?}"
        );
    }
    // From an account key, R/I only.
    assert_usage_error(
        &[
            "derive",
            "--xkey",
            &public_account,
            "--path",
            "0/0/0",
            "--address",
            "cardano-base",
        ],
        "",
        "cardano-base needs",
        None,
    );
    // A CIP-5 key with a non-Cardano curve; a hardened step below a public account key.
    assert_usage_error(
        &[
            "derive",
            "--xkey",
            "-",
            "--curve",
            "secp256k1",
            "--path",
            "0",
        ],
        &private_account,
        "--xkey is a CIP-5 Cardano key (acct_xsk…)",
        Some(&private_account[10..50]),
    );
    assert_usage_error(
        &["derive", "--xkey", &public_account, "--path", "0'"],
        "",
        "hardened",
        None,
    );
    // A bad checksum.
    let mut bad = public_account.clone();
    let last = bad.pop().unwrap();
    bad.push(if last == 'q' { 'p' } else { 'q' });
    assert_usage_error(
        &["derive", "--xkey", &bad, "--path", "0"],
        "",
        "invalid --xkey",
        None,
    );
    // --xpub-version and --wif have no meaning for Cardano keys.
    assert_usage_error(
        &[
            "derive",
            "--xkey",
            &public_account,
            "--path",
            "0",
            "--xpub-version",
            "xpub",
        ],
        "",
        "have no BIP-32 version",
        None,
    );
}
