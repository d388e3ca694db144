//! BIP32-Ed25519: `ed25519-bip32` (Ledger master key) and `cardano-icarus` against the
//! published vectors, passphrases, bad input.

use serde_json::Value;

use crate::common::{
    assert_usage_error, cases, derive_args, hash160_prefix, json_of, json_ok, run, str_field,
    u64_field, ABANDON_ABOUT, DEFAULT_NOTE, ED25519_BIP32_JSON, TV1_SEED,
};

/// Checks a derived BIP32-Ed25519 record against an `expected` object of the vector file:
/// every field the vector has, the 32-byte public key, the fingerprint rule, and the CIP-5
/// `xprv` / `xpub` fields against the library's decoders.
fn check_ed25519_bip32(got: &serde_json::Map<String, Value>, expected: &Value, context: &str) {
    use fastbip32::{cardano, Ed25519Bip32, ExtendedPrivateKey};

    for (field, name) in [
        ("private_key", "private_key_hex"),
        ("chain_code", "chain_code_hex"),
        ("public_key", "public_key_hex"),
        ("parent_fingerprint", "parent_fingerprint_hex"),
    ] {
        if let Some(value) = expected.get(name) {
            assert_eq!(
                str_field(got, field),
                value.as_str().unwrap(),
                "{context} {field}"
            );
        }
    }
    let public_key = str_field(got, "public_key");
    assert_eq!(public_key.len(), 64, "{context}: 32-byte A, no prefix");
    assert_eq!(
        str_field(got, "private_key").len(),
        128,
        "{context}: kL ‖ kR"
    );
    assert_eq!(
        str_field(got, "fingerprint"),
        hash160_prefix(&format!("00{public_key}")),
        "{context}"
    );
    let (private_prefix, public_prefix) = cip5_prefixes(str_field(got, "path"));
    let xprv = str_field(got, "xprv");
    assert!(
        xprv.starts_with(&format!("{private_prefix}1")),
        "{context}: {xprv}"
    );
    assert!(
        str_field(got, "xpub").starts_with(&format!("{public_prefix}1")),
        "{context}"
    );
    let decoded = ExtendedPrivateKey::<Ed25519Bip32>::from_bech32(xprv).unwrap();
    assert_eq!(
        hex::encode(*decoded.to_raw_bytes()),
        format!(
            "{}{}",
            str_field(got, "private_key"),
            str_field(got, "chain_code")
        ),
        "{context}"
    );
    if let Some(xprv_hex) = expected.get("xprv_hex") {
        assert_eq!(
            hex::encode(*decoded.to_raw_bytes()),
            xprv_hex.as_str().unwrap()
        );
    }
    let xpub_text = str_field(got, "xpub");
    assert_eq!(
        cardano::cip5_prefix(xpub_text).unwrap().as_str(),
        public_prefix
    );
    let xpub = fastbip32::ExtendedPublicKey::<Ed25519Bip32>::from_bech32(xpub_text).unwrap();
    assert_eq!(
        hex::encode(xpub.to_raw_bytes()),
        format!("{public_key}{}", str_field(got, "chain_code")),
        "{context}"
    );
    if let Some(xpub_hex) = expected.get("xpub_hex") {
        assert_eq!(
            hex::encode(xpub.to_raw_bytes()),
            xpub_hex.as_str().unwrap(),
            "{context}"
        );
    }
}

/// The CIP-5 prefixes (private, public) of the key at `path` below a root, by the issue's
/// rule (after CIP-1852 and cardano-address): root at depth 0, acct for m/1852'/1815'/a',
/// addr for roles 0 and 1 at depth 5, stake for role 2, generic xprv/xpub elsewhere.
fn cip5_prefixes(path: &str) -> (&'static str, &'static str) {
    let steps: Vec<&str> = path.split('/').skip(1).collect();
    let hardened = |s: &str| s.ends_with('\'') || s.ends_with('h') || s.ends_with('H');
    let account = steps.len() >= 3
        && steps[0].trim_end_matches(['\'', 'h', 'H']) == "1852"
        && hardened(steps[0])
        && steps[1].trim_end_matches(['\'', 'h', 'H']) == "1815"
        && hardened(steps[1])
        && hardened(steps[2]);
    match steps.len() {
        0 => ("root_xsk", "root_xvk"),
        3 if account => ("acct_xsk", "acct_xvk"),
        5 if account && !hardened(steps[3]) && !hardened(steps[4]) => match steps[3] {
            "0" | "1" => ("addr_xsk", "addr_xvk"),
            "2" => ("stake_xsk", "stake_xvk"),
            _ => ("xprv", "xpub"),
        },
        _ => ("xprv", "xpub"),
    }
}

/// The BIP-39 entropy of an English mnemonic, as hex.
fn entropy_hex(mnemonic: &str) -> String {
    let parsed = bip39::Mnemonic::parse_in_normalized(bip39::Language::English, mnemonic).unwrap();
    hex::encode(parsed.to_entropy())
}

#[test]
fn ed25519_bip32_ledger_vectors() {
    let mut checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        // Chains from a hex seed (bip_utils' "Kholaw" is the Ledger method).
        if case["kind"] == "derivation" && case["root"]["scheme"] == "ledger" {
            let seed = case["root"]["inputs"]["seed_hex"].as_str().unwrap();
            let steps = case["steps"].as_array().unwrap();
            for (i, step) in steps.iter().enumerate() {
                let path = step["path"].as_str().unwrap();
                let context = format!("{} {path}", case["id"]);
                let got = json_ok(&run(&derive_args("ed25519-bip32", seed, path), b""));
                assert_eq!(str_field(&got, "curve"), "ed25519-bip32");
                assert_eq!(str_field(&got, "path"), path);
                let indices = step["path_indices"].as_array().unwrap();
                assert_eq!(u64_field(&got, "depth"), indices.len() as u64, "{context}");
                assert_eq!(
                    u64_field(&got, "child_number"),
                    indices.last().map_or(0, |v| v.as_u64().unwrap()),
                    "{context}"
                );
                check_ed25519_bip32(&got, &step["expected"], &context);
                if let Some(next) = steps.get(i + 1) {
                    assert_eq!(
                        str_field(&got, "fingerprint"),
                        next["expected"]["parent_fingerprint_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
                checked += 1;
            }
        }
        // Master keys from a mnemonic and passphrase (the BIP-39 seed).
        if case["kind"] == "master_key" && case["scheme"] == "ledger" {
            let inputs = &case["inputs"];
            let args = [
                "derive",
                "--curve",
                "ed25519-bip32",
                "--mnemonic",
                inputs["mnemonic"].as_str().unwrap(),
                "--passphrase",
                inputs["passphrase_utf8"].as_str().unwrap(),
                "--path",
                "m",
                "--json",
            ];
            let got = json_ok(&run(&args, b""));
            check_ed25519_bip32(&got, &case["expected"], case["id"].as_str().unwrap());
            checked += 1;
        }
    }
    assert_eq!(checked, 15, "two 6-step chains and three master keys");
}

#[test]
fn cardano_icarus_master_keys() {
    let mut checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        if case["kind"] != "master_key" || case["scheme"] != "icarus" {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let inputs = &case["inputs"];
        let passphrase_bytes = hex::decode(inputs["passphrase_hex"].as_str().unwrap()).unwrap();
        let Ok(passphrase) = String::from_utf8(passphrase_bytes) else {
            // A passphrase of raw bytes that are not UTF-8 cannot be given on the command line.
            continue;
        };
        let entropy = inputs["entropy_hex"]
            .as_str()
            .map(str::to_owned)
            .or_else(|| inputs["mnemonic"].as_str().map(entropy_hex))
            .unwrap();
        if !(32..=64).contains(&entropy.len()) {
            continue; // 12-byte (9-word) entropy: see cardano_icarus_bad_input.
        }
        let mut args = vec!["derive", "--curve", "cardano-icarus", "--seed", &entropy];
        if !passphrase.is_empty() {
            args.extend(["--passphrase", &passphrase]);
        }
        args.extend(["--path", "m", "--json"]);
        let got = json_ok(&run(&args, b""));
        check_ed25519_bip32(&got, &case["expected"], id);
        assert_eq!(str_field(&got, "curve"), "cardano-icarus");
        assert_eq!(u64_field(&got, "depth"), 0);
        assert_eq!(str_field(&got, "parent_fingerprint"), "00000000");
        if let Some(mnemonic) = inputs["mnemonic"].as_str() {
            let mut args = vec![
                "derive",
                "--curve",
                "cardano-icarus",
                "--mnemonic",
                mnemonic,
            ];
            if !passphrase.is_empty() {
                args.extend(["--passphrase", &passphrase]);
            }
            args.extend(["--path", "m", "--json"]);
            assert_eq!(json_ok(&run(&args, b"")), got, "{id}");
            // And the mnemonic from standard input.
            args[4] = "-";
            assert_eq!(json_ok(&run(&args, mnemonic.as_bytes())), got, "{id}");
        }
        checked += 1;
    }
    assert_eq!(
        checked, 10,
        "every Icarus master key with UTF-8 passphrase, 16-32 bytes"
    );
}

#[test]
fn cardano_icarus_derivations() {
    let mut checked = 0;
    let mut default_path_checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        if case["kind"] != "derivation" || case["root"]["scheme"] != "icarus" {
            continue;
        }
        let inputs = &case["root"]["inputs"];
        assert_eq!(inputs["passphrase_hex"], "");
        let entropy = inputs["entropy_hex"]
            .as_str()
            .map(str::to_owned)
            .or_else(|| inputs["mnemonic"].as_str().map(entropy_hex))
            .unwrap();
        if !(32..=64).contains(&entropy.len()) {
            continue; // 12 or 64 bytes: see cardano_icarus_bad_input.
        }
        let steps = case["steps"].as_array().unwrap();
        let chain = case["steps_are"].as_str().unwrap().starts_with("a chain");
        for (i, step) in steps.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            let context = format!("{} {path}", case["id"]);
            let got = json_ok(&run(&derive_args("cardano-icarus", &entropy, path), b""));
            check_ed25519_bip32(&got, &step["expected"], &context);
            if let Some(computed) = step.get("computed") {
                // bip_utils' public keys where the source published only the private key.
                check_ed25519_bip32(&got, computed, &context);
            }
            if chain {
                if let Some(next) = steps.get(i + 1) {
                    assert_eq!(
                        str_field(&got, "fingerprint"),
                        next["expected"]["parent_fingerprint_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
            }
            if let Some(mnemonic) = inputs["mnemonic"].as_str() {
                let args = [
                    "derive",
                    "--curve",
                    "cardano-icarus",
                    "--mnemonic",
                    mnemonic,
                    "--path",
                    path,
                    "--json",
                ];
                assert_eq!(json_ok(&run(&args, b"")), got, "{context}");
                if path == "m/1852'/1815'/0'/0/0" {
                    // The default path of the Cardano curves.
                    let args = [
                        "derive",
                        "--curve",
                        "cardano-icarus",
                        "--mnemonic",
                        mnemonic,
                        "--json",
                    ];
                    assert_eq!(json_ok(&run(&args, b"")), got, "{context}");
                    default_path_checked += 1;
                }
            }
            checked += 1;
        }
    }
    assert_eq!(
        default_path_checked, 5,
        "cardano-addresses goldens, 12 to 24 words"
    );
    assert_eq!(
        checked, 35,
        "cardano-crypto, cardano-addresses and bip_utils chains"
    );
}

#[test]
fn cardano_icarus_passphrase_and_stdin() {
    // CIP-3 "With passphrase": --seed (entropy) and --mnemonic with the same passphrase.
    let case = cases(ED25519_BIP32_JSON)
        .into_iter()
        .find(|c| c["id"] == "icarus-cip3-passphrase")
        .unwrap();
    let mnemonic = case["inputs"]["mnemonic"].as_str().unwrap();
    let entropy = entropy_hex(mnemonic);
    let base = [
        "derive",
        "--curve",
        "cardano-icarus",
        "--path",
        "m",
        "--json",
    ];
    let with = |extra: &[&str], stdin: &str| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        json_ok(&run(&args, stdin.as_bytes()))
    };
    let expected = with(&["--seed", &entropy, "--passphrase", "foo"], "");
    check_ed25519_bip32(&expected, &case["expected"], "cip3 passphrase");
    assert_eq!(
        with(&["--seed", "-", "--passphrase", "foo"], &entropy),
        expected
    );
    assert_eq!(
        with(&["--mnemonic", mnemonic, "--passphrase", "foo"], ""),
        expected
    );
    assert_eq!(
        with(&["--mnemonic", "-", "--passphrase", "foo"], mnemonic),
        expected
    );
    // No passphrase is the empty one, and differs.
    let plain = with(&["--seed", &entropy], "");
    assert_eq!(with(&["--seed", &entropy, "--passphrase", ""], ""), plain);
    assert_ne!(plain, expected);

    // No seed: the public test vector 1 seed as entropy (bip_utils' Icarus chain), with the
    // note, at the Cardano default path.
    let out = run(&["derive", "--curve", "cardano-icarus", "--json"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    assert_eq!(
        json_of(&out),
        json_ok(&run(
            &derive_args("cardano-icarus", TV1_SEED, "m/1852'/1815'/0'/0/0"),
            b""
        ))
    );
    let out = run(&["derive", "--curve", "ed25519-bip32"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("path: m/1852'/1815'/0'/0/0\n"),
        "{out:?}"
    );
}

#[test]
fn cardano_icarus_bad_input() {
    fn icarus_seed(seed: &str, needle: &str, secret: Option<&str>) {
        assert_usage_error(
            &[
                "derive",
                "--curve",
                "cardano-icarus",
                "--seed",
                seed,
                "--path",
                "m/0",
            ],
            "",
            needle,
            secret,
        );
    }
    for len in [0, 12, 15, 17, 31, 33, 64] {
        let seed = "ab".repeat(len);
        let needle = format!(
            "invalid --seed: {len} bytes; for cardano-icarus --seed is BIP-39 entropy of 16, 20, 24, 28 or 32 bytes"
        );
        icarus_seed(&seed, &needle, None);
        assert_usage_error(
            &["derive", "--curve", "cardano-icarus", "--seed", "-"],
            &seed,
            &needle,
            None,
        );
    }
    // The bip_utils chain whose "entropy" is a 64-byte seed is refused, not silently used.
    let case = cases(ED25519_BIP32_JSON)
        .into_iter()
        .find(|c| c["id"] == "v2-bip_utils-icarus-2")
        .unwrap();
    let long = case["root"]["inputs"]["entropy_hex"].as_str().unwrap();
    icarus_seed(long, "invalid --seed: 64 bytes", Some(&long[..32]));
    icarus_seed(&"zz".repeat(16), "invalid --seed: not hexadecimal\n", None);
    icarus_seed("zz", "invalid --seed: 1 byte; for cardano-icarus", None);
    icarus_seed("abc", "odd number of hex digits (3)", None);
    assert_usage_error(
        &[
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            &ABANDON_ABOUT.replace("about", "abandon"),
        ],
        "",
        "checksum mismatch",
        None,
    );
    // --passphrase needs a mnemonic or an entropy seed; with other curves, a mnemonic.
    assert_usage_error(
        &["derive", "--curve", "cardano-icarus", "--passphrase", "foo"],
        "",
        "--passphrase needs --mnemonic or --seed",
        None,
    );
    for curve in ["secp256k1", "ed25519-bip32"] {
        assert_usage_error(
            &[
                "derive",
                "--curve",
                curve,
                "--seed",
                TV1_SEED,
                "--passphrase",
                "foo",
            ],
            "",
            "--passphrase needs --mnemonic",
            None,
        );
    }
}

#[test]
fn ed25519_bip32_bad_input() {
    for (seed, needle) in [
        (
            "00".repeat(15),
            "invalid --seed: 15 bytes; a seed must be 16 to 64 bytes",
        ),
        (
            "00".repeat(65),
            "invalid --seed: 65 bytes; a seed must be 16 to 64 bytes",
        ),
        ("0g".repeat(16), "invalid --seed: not hexadecimal\n"),
        (
            "0g".to_owned(),
            "invalid --seed: 1 byte; a seed must be 16 to 64 bytes",
        ),
    ] {
        assert_usage_error(
            &[
                "derive",
                "--curve",
                "ed25519-bip32",
                "--seed",
                &seed,
                "--json",
            ],
            "",
            needle,
            None,
        );
    }
    // 16 and 64 bytes are the limits, and accepted; soft indices everywhere.
    for seed in ["00".repeat(16), "ff".repeat(64)] {
        let got = json_ok(&run(&derive_args("ed25519-bip32", &seed, "m/0/1/2"), b""));
        assert_eq!(u64_field(&got, "child_number"), 2);
    }
    for curve in ["ed25519-bip32", "cardano-icarus"] {
        assert_usage_error(
            &[
                "derive", "--curve", curve, "--seed", TV1_SEED, "--path", "m/",
            ],
            "",
            "trailing",
            None,
        );
        // From a root, `m/` may be left out on the Cardano curves (cardano-address's
        // `1852H/1815H/0H/0/0`).
        let implied = json_ok(&run(
            &derive_args(curve, TV1_SEED, "1852H/1815H/0H/0/0"),
            b"",
        ));
        let explicit = json_ok(&run(
            &derive_args(curve, TV1_SEED, "m/1852'/1815'/0'/0/0"),
            b"",
        ));
        assert_eq!(implied, explicit);
        assert_eq!(str_field(&implied, "path"), "m/1852'/1815'/0'/0/0");
        // The deepest path works.
        let deepest = format!("m{}", "/1".repeat(255));
        let got = json_ok(&run(&derive_args(curve, TV1_SEED, &deepest), b""));
        assert_eq!(u64_field(&got, "depth"), 255);
    }
}

#[test]
fn cardano_nine_word_mnemonics() {
    // A 9-word mnemonic (12 bytes of entropy) is Cardano's, as cardano-addresses takes it:
    // its published root key (golden addresses_15e10657); with a bad checksum it is refused.
    let case = cases(ED25519_BIP32_JSON)
        .into_iter()
        .find(|c| c["id"] == "icarus-cardano-addresses-9w-15e10657")
        .unwrap();
    let nine = case["inputs"]["mnemonic"].as_str().unwrap();
    let root = json_ok(&run(
        &[
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            "-",
            "--path",
            "m",
            "--json",
        ],
        nine.as_bytes(),
    ));
    assert_eq!(
        str_field(&root, "xprv"),
        case["inputs"]["bech32"].as_str().unwrap()
    );
    assert_usage_error(
        &[
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            &nine.replace("dog", "cat"),
        ],
        "",
        "invalid --mnemonic: checksum mismatch",
        Some("parrot"),
    );
    // Nine words are Cardano's only.
    assert_usage_error(
        &["derive", "--mnemonic", "-"],
        nine,
        "invalid --mnemonic: 9 words",
        None,
    );
}
