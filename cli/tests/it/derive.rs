//! `derive` from seeds and mnemonics: the published BIP-32 and SLIP-10 vectors for every curve, text and JSON
//! records, seeds and mnemonics from standard input, the default seed and paths, help.

use serde_json::Value;

use crate::common::{
    assert_error, assert_quiet, cases, derive_args, hash160_prefix, json_of, json_ok, run,
    str_field, u64_field, ABANDON_ABOUT, ABANDON_ABOUT_TREZOR_SEED, BIP32_JSON, DEFAULT_NOTE,
    SLIP10_JSON, TV1_SEED,
};

#[test]
fn slip10_vectors_every_curve() {
    let mut checked = 0;
    let mut curves = std::collections::BTreeSet::new();
    for case in cases(SLIP10_JSON) {
        let kind = case["kind"].as_str().unwrap();
        if !matches!(kind, "derivation" | "derivation_retry" | "seed_retry") {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let curve = case["curve"].as_str().unwrap();
        let seed = case["seed_hex"].as_str().unwrap();
        let chain = case["chain"].as_array().unwrap();
        curves.insert(curve.to_owned());
        for (i, step) in chain.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            let context = format!("{id} {path}");
            let out = run(&derive_args(curve, seed, path), b"");
            let got = json_ok(&out);
            let indices = step["path_indices"].as_array().unwrap();
            assert_eq!(str_field(&got, "curve"), curve, "{context}");
            assert_eq!(str_field(&got, "path"), path, "{context}");
            assert_eq!(u64_field(&got, "depth"), indices.len() as u64, "{context}");
            assert_eq!(
                u64_field(&got, "child_number"),
                indices.last().map_or(0, |v| v.as_u64().unwrap()),
                "{context}"
            );
            for (field, expected) in [
                ("private_key", "private_key_hex"),
                ("chain_code", "chain_code_hex"),
                ("public_key", "public_key_hex"),
                ("parent_fingerprint", "parent_fingerprint_hex"),
            ] {
                assert_eq!(
                    str_field(&got, field),
                    step[expected].as_str().unwrap(),
                    "{context} {field}"
                );
            }
            let public_key = str_field(&got, "public_key");
            assert_eq!(public_key.len(), 66, "{context}: 33-byte public key");
            let fingerprint = str_field(&got, "fingerprint");
            assert_eq!(
                fingerprint,
                hash160_prefix(public_key),
                "{context}: fingerprint"
            );
            if let Some(next) = chain.get(i + 1) {
                assert_eq!(
                    fingerprint,
                    next["parent_fingerprint_hex"].as_str().unwrap(),
                    "{context}"
                );
            }
            assert_eq!(got.contains_key("xprv"), curve == "secp256k1", "{context}");
            assert_eq!(got.contains_key("xpub"), curve == "secp256k1", "{context}");
            checked += 1;
        }
    }
    assert_eq!(checked, 52, "every SLIP-10 chain step");
    assert_eq!(curves.len(), 4, "{curves:?}");
}

#[test]
fn bip32_vectors_with_xprv_and_xpub() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "derivation" {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let seed = case["seed_hex"].as_str().unwrap();
        let chain = case["chain"].as_array().unwrap();
        for (i, step) in chain.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            let context = format!("{id} {path}");
            // The default curve is secp256k1: also check that `--curve` may be left out.
            let args = ["derive", "--seed", seed, "--path", path, "--json"];
            let got = json_ok(&run(&args, b""));
            assert_eq!(
                got,
                json_ok(&run(&derive_args("secp256k1", seed, path), b""))
            );
            let decoded = &step["decoded"];
            assert_eq!(str_field(&got, "curve"), "secp256k1");
            assert_eq!(str_field(&got, "path"), path, "{context}");
            assert_eq!(
                u64_field(&got, "depth"),
                decoded["depth"].as_u64().unwrap(),
                "{context}"
            );
            assert_eq!(
                u64_field(&got, "child_number"),
                decoded["child_number"].as_u64().unwrap(),
                "{context}"
            );
            for (field, expected) in [
                ("private_key", "private_key_hex"),
                ("chain_code", "chain_code_hex"),
                ("public_key", "public_key_hex"),
                ("parent_fingerprint", "parent_fingerprint_hex"),
            ] {
                assert_eq!(
                    str_field(&got, field),
                    decoded[expected].as_str().unwrap(),
                    "{context} {field}"
                );
            }
            assert_eq!(
                str_field(&got, "xprv"),
                step["xprv"].as_str().unwrap(),
                "{context}"
            );
            assert_eq!(
                str_field(&got, "xpub"),
                step["xpub"].as_str().unwrap(),
                "{context}"
            );
            let fingerprint = str_field(&got, "fingerprint");
            assert_eq!(
                fingerprint,
                hash160_prefix(str_field(&got, "public_key")),
                "{context}"
            );
            if let Some(next) = chain.get(i + 1) {
                assert_eq!(
                    fingerprint,
                    next["decoded"]["parent_fingerprint_hex"].as_str().unwrap(),
                    "{context}"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 17, "every BIP-32 chain step");
}

#[test]
fn slip10_hardened_only_failures() {
    let mut checked = 0;
    for case in cases(SLIP10_JSON) {
        if case["kind"] != "derivation_failure" {
            continue;
        }
        let curve = case["curve"].as_str().unwrap();
        let path = case["path"].as_str().unwrap();
        let out = run(
            &derive_args(curve, case["seed_hex"].as_str().unwrap(), path),
            b"",
        );
        assert_error(&out, 2);
        assert!(out.stderr.contains("hardened"), "{out:?}");
        assert!(out.stderr.contains(curve), "{out:?}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn text_output_has_the_json_fields() {
    for (path, child) in [("m/0'/1", "1 (1)"), ("m/0/1'", "2147483649 (1')")] {
        let json = json_ok(&run(&derive_args("secp256k1", TV1_SEED, path), b""));
        let out = run(&["derive", "--seed", TV1_SEED, "--path", path], b"");
        assert_eq!(out.code, 0);
        assert_quiet(&out);
        let mut lines = 0;
        for line in out.stdout.lines() {
            let (name, value) = line.split_once(": ").expect("name: value");
            let expected = &json[name];
            match expected {
                // The human output shows a child number's index and hardened marker beside
                // the raw number.
                Value::Number(_) if name == "child_number" => assert_eq!(value, child),
                Value::String(s) => assert_eq!(value, s, "{name}"),
                Value::Number(n) => assert_eq!(value, n.to_string(), "{name}"),
                other => panic!("unexpected {other}"),
            }
            lines += 1;
        }
        assert_eq!(lines, json.len());
    }
    // BIP-44's purpose level, as a person reads it.
    let out = run(&["derive", "--seed", TV1_SEED, "--path", "m/44'"], b"");
    assert!(
        out.stdout.contains("\nchild_number: 2147483692 (44')\n"),
        "{out:?}"
    );
}

#[test]
fn path_is_printed_canonically() {
    let got = json_ok(&run(&derive_args("nist256p1", TV1_SEED, "m/0h/1/2H"), b""));
    assert_eq!(str_field(&got, "path"), "m/0'/1/2'");
    assert_eq!(u64_field(&got, "child_number"), 0x8000_0002);
    let master = json_ok(&run(&derive_args("ed25519", TV1_SEED, "m"), b""));
    assert_eq!(str_field(&master, "path"), "m");
    assert_eq!(u64_field(&master, "depth"), 0);
    assert_eq!(str_field(&master, "parent_fingerprint"), "00000000");
}

#[test]
fn seed_from_stdin() {
    for curve in ["secp256k1", "nist256p1", "ed25519", "curve25519"] {
        let path = if curve.contains("25519") {
            "m/0'/1'"
        } else {
            "m/0'/1"
        };
        let from_arg = json_ok(&run(&derive_args(curve, TV1_SEED, path), b""));
        for input in [
            format!("{TV1_SEED}\n"),
            format!("{TV1_SEED}\r\n"),
            format!("  {TV1_SEED} \n\n"),
            TV1_SEED.to_uppercase(),
        ] {
            let got = json_ok(&run(&derive_args(curve, "-", path), input.as_bytes()));
            assert_eq!(got, from_arg, "{curve} {input:?}");
        }
    }
}

#[test]
fn mnemonic_from_stdin_and_argument() {
    // BIP-39 vector: the master key from the mnemonic equals the one from its published seed.
    let expected = json_ok(&run(
        &derive_args("secp256k1", ABANDON_ABOUT_TREZOR_SEED, "m"),
        b"",
    ));
    assert_eq!(
        str_field(&expected, "xprv"),
        "xprv9s21ZrQH143K3h3fDYiay8mocZ3afhfULfb5GX8kCBdno77K4HiA15Tg23wpbeF1pLfs1c5SPmYHrEpTuuRhxMwvKDwqdKiGJS9XFKzUsAF",
        "BIP-39 vector 1's published root key"
    );
    let stdin_args = [
        "derive",
        "--mnemonic",
        "-",
        "--passphrase",
        "TREZOR",
        "--path",
        "m",
        "--json",
    ];
    for input in [
        format!("{ABANDON_ABOUT}\n"),
        format!("  {ABANDON_ABOUT} \r\n\n"),
    ] {
        assert_eq!(
            json_ok(&run(&stdin_args, input.as_bytes())),
            expected,
            "{input:?}"
        );
    }
    let arg_args = [
        "derive",
        "--mnemonic",
        ABANDON_ABOUT,
        "--passphrase",
        "TREZOR",
        "--path",
        "m",
        "--json",
    ];
    assert_eq!(json_ok(&run(&arg_args, b"")), expected);

    // Every curve takes the same BIP-39 seed.
    for curve in ["nist256p1", "ed25519", "curve25519"] {
        let args = [
            "derive",
            "--curve",
            curve,
            "--mnemonic",
            "-",
            "--passphrase",
            "TREZOR",
            "--path",
            "m/1'",
            "--json",
        ];
        assert_eq!(
            json_ok(&run(&args, ABANDON_ABOUT.as_bytes())),
            json_ok(&run(
                &derive_args(curve, ABANDON_ABOUT_TREZOR_SEED, "m/1'"),
                b""
            )),
            "{curve}"
        );
    }

    // No passphrase is the empty passphrase, and differs from "TREZOR".
    let plain = json_ok(&run(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--path",
            "m",
            "--json",
        ],
        b"",
    ));
    let empty = json_ok(&run(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--passphrase",
            "",
            "--path",
            "m",
            "--json",
        ],
        b"",
    ));
    assert_eq!(plain, empty);
    assert_ne!(plain, expected);
}

#[test]
fn default_seed_and_paths() {
    // No seed, no path: test vector 1's seed at m/44'/0'/0'/0/0, and a one-line note.
    let out = run(&["derive", "--json"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    let got = json_of(&out);
    assert_eq!(str_field(&got, "path"), "m/44'/0'/0'/0/0");
    assert_eq!(
        got,
        json_ok(&run(
            &derive_args("secp256k1", TV1_SEED, "m/44'/0'/0'/0/0"),
            b""
        ))
    );

    // The note also comes with an explicit path, and in text mode.
    let out = run(&["derive", "--path", "m/0'"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    assert!(out.stdout.contains("path: m/0'\n"), "{out:?}");

    // Default paths per curve, with or without a seed.
    for (curve, path) in [
        ("secp256k1", "m/44'/0'/0'/0/0"),
        ("nist256p1", "m/44'/0'/0'/0/0"),
        ("ed25519", "m/44'/0'/0'/0'/0'"),
        ("curve25519", "m/44'/0'/0'/0'/0'"),
    ] {
        let explicit = json_ok(&run(&derive_args(curve, TV1_SEED, path), b""));
        let no_path = json_ok(&run(
            &["derive", "--curve", curve, "--seed", TV1_SEED, "--json"],
            b"",
        ));
        assert_eq!(no_path, explicit, "{curve}");
        let out = run(&["derive", "--curve", curve, "--json"], b"");
        assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"), "{curve}");
        assert_eq!(json_of(&out), explicit, "{curve}");
    }
}

#[test]
fn help_and_version_go_to_stdout() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["derive", "--help"],
        &["help"],
        &["help", "derive"],
    ] {
        let out = run(args, b"");
        assert_eq!(out.code, 0, "{args:?} {out:?}");
        assert_eq!(out.stderr, "", "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    assert!(run(&["--version"], b"").stdout.starts_with("fastbip32 "));
    assert!(run(&["derive", "--help"], b"")
        .stdout
        .contains("--mnemonic"));
}
