//! `fastbip32 convert XKEY --to NAME [--json]`, and the smaller things a person meets
//! first (plain `fastbip32`, curve aliases, typographic quotes).

use serde_json::Value;

use crate::common::{
    assert_error, assert_usage_error, bip32_steps, json_ok, run, str_field, TV1_SEED,
};

const BIPS_JSON: &str = include_str!("../../../tests/data/address_bips.json");

#[test]
fn convert_between_families() {
    let data: Value = serde_json::from_str(BIPS_JSON).unwrap();
    // BIP-84's root (zprv) and BIP-86's (xprv) are the same key of "abandon … about".
    let zprv = data["accounts"][1]["root"].as_str().unwrap();
    let xprv = data["accounts"][2]["root"].as_str().unwrap();
    // A private key goes to the private twin: --to xpub writes an xprv.
    let got = json_ok(&run(
        &["convert", "-", "--to", "xpub", "--json"],
        zprv.as_bytes(),
    ));
    assert_eq!(str_field(&got, "xkey"), xprv);
    assert_eq!(str_field(&got, "version_name"), "xprv");
    assert_eq!(got.len(), 2);
    let got = json_ok(&run(
        &["convert", "-", "--to", "zprv", "--json"],
        xprv.as_bytes(),
    ));
    assert_eq!(str_field(&got, "xkey"), zprv);
    assert_eq!(str_field(&got, "version_name"), "zprv");
    // Public keys, through every family and back to the published text.
    for step in bip32_steps() {
        let xpub = step["xpub"].as_str().unwrap();
        for name in [
            "ypub", "zpub", "Ypub", "Zpub", "tpub", "upub", "vpub", "Upub", "Vpub",
        ] {
            let there = json_ok(&run(&["convert", xpub, "--to", name, "--json"], b""));
            let text = str_field(&there, "xkey");
            assert!(text.starts_with(name), "{text}");
            assert_eq!(str_field(&there, "version_name"), name);
            let inspected = json_ok(&run(&["inspect", text, "--json"], b""));
            assert_eq!(str_field(&inspected, "version_name"), name);
            let testnet = matches!(name, "tpub" | "upub" | "vpub" | "Upub" | "Vpub");
            assert_eq!(
                str_field(&inspected, "network"),
                if testnet { "testnet" } else { "mainnet" }
            );
            let back = json_ok(&run(&["convert", text, "--to", "xpub", "--json"], b""));
            assert_eq!(str_field(&back, "xkey"), xpub);
        }
    }
    // Text output: `name: value` lines.
    let out = run(&["convert", "-", "--to", "xpub"], zprv.as_bytes());
    assert_eq!(out.stdout, format!("xkey: {xprv}\nversion_name: xprv\n"));
    assert_eq!(out.stderr, "");
    // A private key on the command line gets the note.
    let out = run(&["convert", zprv, "--to", "xpub"], b"");
    assert!(
        out.stderr
            .starts_with("note: the extended private key was given on the command line"),
        "{out:?}"
    );
    assert!(out.stderr.contains("`convert -`"), "{out:?}");
}

#[test]
fn convert_errors() {
    let xpub = bip32_steps()[0]["xpub"].as_str().unwrap().to_owned();
    let xprv = bip32_steps()[0]["xprv"].as_str().unwrap().to_owned();
    assert_usage_error(
        &["convert", &xpub, "--to", "zprv"],
        "",
        "it has no private version (use --to zpub)",
        None,
    );
    assert_usage_error(
        &["convert", &xpub, "--to", "qpub"],
        "",
        "not a version name",
        None,
    );
    assert_usage_error(&["convert", &xpub], "", "--to", None);
    assert_usage_error(
        &["convert", "-", "--to", "xpub"],
        &format!("{}x", &xprv[..100]),
        "invalid extended key",
        Some(&xprv[4..40]),
    );
    assert_usage_error(
        &["convert", "root_xvk1qqqq", "--to", "xpub"],
        "",
        "CIP-5 keys have no version family",
        None,
    );
}

#[test]
fn smaller_things() {
    // Plain `fastbip32` prints the help on standard output.
    let out = run::<&str>(&[], b"");
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("Usage: fastbip32 <COMMAND>"), "{out:?}");
    assert!(out.stdout.contains("derive") && out.stdout.contains("convert"));
    assert_eq!(out.stderr, "");
    // P-256 aliases.
    let base = run(
        &[
            "derive",
            "--curve",
            "nist256p1",
            "--seed",
            TV1_SEED,
            "--path",
            "m/0'",
            "--json",
        ],
        b"",
    );
    assert_eq!(base.code, 0);
    for alias in ["p256", "secp256r1", "prime256v1"] {
        let out = run(
            &[
                "derive", "--curve", alias, "--seed", TV1_SEED, "--path", "m/0'", "--json",
            ],
            b"",
        );
        assert_eq!(out, base, "{alias}");
    }
    // Typographic quotes are named.
    for (path, needle) in [
        ("m/44\u{2019}/0'", "segment 0 (byte 4): \u{2019} is a typographic quote, not a hardened marker; write ' (or h)"),
        ("m/44'/0\u{2018}", "segment 1 (byte 7): \u{2018} is a typographic quote"),
        ("m/0/1\u{2032}", "segment 1 (byte 5): \u{2032} is the prime sign"),
    ] {
        assert_usage_error(&["derive", "--seed", TV1_SEED, "--path", path], "", needle, None);
    }
    let out = run(
        &[
            "derive",
            "--xkey",
            bip32_steps()[0]["xpub"].as_str().unwrap(),
            "--path",
            "0\u{2019}",
        ],
        b"",
    );
    assert_error(&out, 2);
    assert!(out.stderr.contains("typographic quote"), "{out:?}");
    // A soft `*` with ed25519 suggests `*'`.
    assert_usage_error(
        &[
            "derive", "--curve", "ed25519", "--seed", TV1_SEED, "--path", "m/44'/*", "--count", "2",
        ],
        "",
        "supports hardened derivation only (write *')",
        None,
    );
}
