//! `inspect`: every field of every BIP-32 vector key, the contract's field order, every
//! vector-5 key refused, bad input.

use std::ffi::OsString;

use serde_json::Value;

use crate::common::{
    assert_clean_failure, assert_error, assert_quiet, assert_usage_error, bip32_steps, cases,
    hash160_prefix, json_ok, non_utf8, os, run, str_field, u64_field, BIP32_JSON,
};

/// The fields `inspect --json` prints, in order, for a private key.
const INSPECT_FIELDS: [&str; 11] = [
    "kind",
    "version",
    "depth",
    "parent_fingerprint",
    "child_number",
    "chain_code",
    "public_key",
    "fingerprint",
    "private_key",
    "version_name",
    "network",
];

/// The keys of a JSON object, in order.
fn keys(map: &serde_json::Map<String, Value>) -> Vec<&str> {
    map.keys().map(String::as_str).collect()
}

/// The message each vector-5 key is rejected with (the library error's `Display`).
fn vector5_reason(reason_code: &str) -> &'static str {
    match reason_code {
        "xpub_version_with_private_key_data" => "public key version with private key data",
        "xprv_version_with_public_key_data" => "private key version with public key data",
        "invalid_pubkey_prefix_04" | "invalid_pubkey_prefix_01" | "pubkey_not_on_curve" => {
            "invalid public key"
        }
        "invalid_prvkey_prefix_04" | "invalid_prvkey_prefix_01" => {
            "private key data does not start with 0x00"
        }
        "zero_depth_nonzero_parent_fingerprint" => "depth 0 with a non-zero parent fingerprint",
        "zero_depth_nonzero_index" => "depth 0 with a non-zero child number",
        "unknown_version" => "unknown extended key version 01010101",
        "private_key_zero" | "private_key_equals_n" => "private key out of range",
        "invalid_checksum" => "base58check checksum mismatch",
        other => panic!("unknown reason code {other}"),
    }
}

#[test]
fn inspect_bip32_vectors_every_field() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "derivation" {
            continue;
        }
        let chain = case["chain"].as_array().unwrap();
        for (i, step) in chain.iter().enumerate() {
            let decoded = &step["decoded"];
            for private in [true, false] {
                let text = step[if private { "xprv" } else { "xpub" }]
                    .as_str()
                    .unwrap();
                let context = format!("{} {} {text}", case["id"], step["path"]);
                let got = json_ok(&run(&["inspect", text, "--json"], b""));
                let mut expected_keys = INSPECT_FIELDS.to_vec();
                if !private {
                    expected_keys.retain(|k| *k != "private_key");
                }
                // the family and network of BIP-32's own versions.
                assert_eq!(
                    str_field(&got, "version_name"),
                    if private { "xprv" } else { "xpub" },
                    "{context}"
                );
                assert_eq!(str_field(&got, "network"), "mainnet", "{context}");
                // serde_json's map is sorted unless `preserve_order`: compare as sets.
                let mut got_keys = keys(&got);
                got_keys.sort_unstable();
                expected_keys.sort_unstable();
                assert_eq!(got_keys, expected_keys, "{context}");
                assert_eq!(
                    str_field(&got, "kind"),
                    if private { "private" } else { "public" },
                    "{context}"
                );
                let version = if private {
                    "xprv_version_hex"
                } else {
                    "xpub_version_hex"
                };
                assert_eq!(
                    str_field(&got, "version"),
                    decoded[version].as_str().unwrap(),
                    "{context}"
                );
                assert_eq!(u64_field(&got, "depth"), decoded["depth"].as_u64().unwrap());
                assert_eq!(
                    u64_field(&got, "child_number"),
                    decoded["child_number"].as_u64().unwrap(),
                    "{context}"
                );
                assert_eq!(
                    u64_field(&got, "child_number") >= 1 << 31,
                    decoded["hardened"].as_bool().unwrap()
                );
                for (field, expected) in [
                    ("parent_fingerprint", "parent_fingerprint_hex"),
                    ("chain_code", "chain_code_hex"),
                    ("public_key", "public_key_hex"),
                ] {
                    assert_eq!(
                        str_field(&got, field),
                        decoded[expected].as_str().unwrap(),
                        "{context} {field}"
                    );
                }
                if private {
                    assert_eq!(
                        str_field(&got, "private_key"),
                        decoded["private_key_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
                let fingerprint = str_field(&got, "fingerprint");
                assert_eq!(
                    fingerprint,
                    hash160_prefix(decoded["public_key_hex"].as_str().unwrap()),
                    "{context}"
                );
                if let Some(next) = chain.get(i + 1) {
                    assert_eq!(
                        fingerprint,
                        next["decoded"]["parent_fingerprint_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
                // The same from standard input (with surrounding whitespace).
                let from_stdin = json_ok(&run(
                    &["inspect", "--json", "-"],
                    format!("  {text}\n").as_bytes(),
                ));
                assert_eq!(from_stdin, got, "{context}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 34, "every xprv and xpub of vectors 1-4");
}

#[test]
fn inspect_prints_fields_in_the_contract_order() {
    let xprv = bip32_steps()[1]["xprv"].as_str().unwrap().to_owned();
    let out = run(&["inspect", &xprv, "--json"], b"");
    assert_eq!(out.code, 0);
    let mut last = 0;
    for field in INSPECT_FIELDS {
        let at = out
            .stdout
            .find(&format!("\"{field}\":"))
            .unwrap_or_else(|| panic!("{field} in {}", out.stdout));
        assert!(at >= last, "{field} out of order in {}", out.stdout);
        last = at;
    }
    // Text mode: the same fields and values, one `name: value` line each.
    let json = json_ok(&out);
    let text = run(&["inspect", &xprv], b"");
    assert_eq!(text.code, 0);
    assert_quiet(&text);
    let names: Vec<&str> = text
        .stdout
        .lines()
        .map(|line| {
            let (name, value) = line.split_once(": ").expect("name: value");
            match &json[name] {
                Value::Number(n) if name == "child_number" => {
                    let raw = n.as_u64().unwrap();
                    let marker = if raw >= 1 << 31 { "'" } else { "" };
                    assert_eq!(value, format!("{raw} ({}{marker})", raw & 0x7fff_ffff));
                }
                Value::String(s) => assert_eq!(value, s, "{name}"),
                Value::Number(n) => assert_eq!(value, n.to_string(), "{name}"),
                other => panic!("unexpected {other}"),
            }
            name
        })
        .collect();
    assert_eq!(names, INSPECT_FIELDS);
}

#[test]
fn inspect_and_derive_reject_every_vector5_key() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "invalid_extended_key" {
            continue;
        }
        let key = case["extended_key"].as_str().unwrap();
        let reason = vector5_reason(case["reason_code"].as_str().unwrap());
        let out = run(&["inspect", key, "--json"], b"");
        assert_error(&out, 2);
        assert_eq!(
            out.stderr,
            format!("error: invalid extended key: {reason}\n"),
            "{}",
            case["id"]
        );
        assert_eq!(run(&["inspect", "-"], key.as_bytes()), out);
        let out = run(&["derive", "--xkey", key, "--path", "0", "--json"], b"");
        assert_error(&out, 2);
        assert_eq!(
            out.stderr,
            format!("error: invalid --xkey: {reason}\n"),
            "{}",
            case["id"]
        );
        checked += 1;
    }
    assert_eq!(checked, 16, "every key of vector 5");
}

#[test]
fn inspect_bad_input() {
    let xpub = bip32_steps()[0]["xpub"].as_str().unwrap().to_owned();
    for (text, needle) in [
        ("", "invalid extended key: extended key is 0 bytes"),
        ("0OIl", "invalid extended key: invalid base58 character"),
        (&xpub[..xpub.len() - 1], "invalid extended key: "),
        ("xpub", "invalid extended key: "),
        (
            " xpub661MyMwAqRbc",
            "invalid extended key: invalid base58 character",
        ),
    ] {
        assert_usage_error(&["inspect", text, "--json"], "", needle, None);
    }
    // A private key is never repeated in an error.
    let xprv = bip32_steps()[0]["xprv"].as_str().unwrap().to_owned();
    let broken = format!("{}1", &xprv[..xprv.len() - 1]);
    assert_usage_error(&["inspect", &broken], "", "checksum", Some(&xprv[4..40]));
    assert_usage_error(&["inspect", "-"], "", "extended key is 0 bytes", None);
    let out = run(&["inspect", "-"], b"xprv\xff\n");
    assert_error(&out, 2);
    assert!(
        out.stderr.contains("XKEY: standard input is not UTF-8"),
        "{out:?}"
    );
    assert_usage_error(&["inspect"], "", "XKEY", None);
    assert_usage_error(&["inspect", &xpub, &xpub], "", "unexpected value", None);
    assert_usage_error(
        &["inspect", "--curve", "ed25519", &xpub],
        "",
        "possible values: secp256k1, nist256p1",
        None,
    );
    assert_clean_failure(&[OsString::from("inspect"), non_utf8()], b"", true);
    assert_clean_failure(&os(&["inspect", &"x".repeat(1_000_000)]), b"", false);
    assert_clean_failure(&os(&["inspect", "-"]), "1".repeat(100_000).as_bytes(), true);
}
