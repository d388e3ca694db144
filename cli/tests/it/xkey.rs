//! `derive --xkey`: the BIP-32 vectors from extended keys, private and public agreeing,
//! SLIP-132 families kept, paths relative to the key, depth limits, P-256 keys.

use serde_json::Value;

use crate::common::{
    assert_error, assert_usage_error, bip32_steps, cases, derive_args, json_ok, run, str_field,
    u64_field, ABANDON_ABOUT, BIP32_JSON, SLIP10_JSON, TV1_SEED,
};

/// `derive --xkey KEY --path PATH --json` (plus `extra` arguments), expected to succeed.
fn derive_xkey(key: &str, path: &str, extra: &[&str]) -> serde_json::Map<String, Value> {
    let mut args = vec!["derive", "--xkey", key, "--path", path, "--json"];
    args.extend_from_slice(extra);
    json_ok(&run(&args, b""))
}

/// `record` without its private fields.
fn public_part(record: &serde_json::Map<String, Value>) -> serde_json::Map<String, Value> {
    let mut out = record.clone();
    out.remove("private_key");
    out.remove("xprv");
    out
}

/// `record` with another `path` field, for comparing records derived from different keys.
fn with_path(
    record: &serde_json::Map<String, Value>,
    path: &str,
) -> serde_json::Map<String, Value> {
    let mut out = record.clone();
    out.insert("path".to_owned(), Value::String(path.to_owned()));
    out
}

#[test]
fn derive_xkey_reproduces_bip32_vectors() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "derivation" {
            continue;
        }
        let seed = case["seed_hex"].as_str().unwrap();
        let chain = case["chain"].as_array().unwrap();
        let master_xprv = chain[0]["xprv"].as_str().unwrap();
        for (i, step) in chain.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            // From the master key, a path relative to it is the absolute path: the record is
            // the one seed derivation prints.
            let from_seed = json_ok(&run(&derive_args("secp256k1", seed, path), b""));
            assert_eq!(derive_xkey(master_xprv, path, &[]), from_seed, "{path}");
            // From the parent, the last segment alone (bare and with `m/`).
            let Some(parent) = i.checked_sub(1).map(|p| &chain[p]) else {
                continue;
            };
            let last = path.rsplit('/').next().unwrap();
            for relative in [last.to_owned(), format!("m/{last}")] {
                let got = derive_xkey(parent["xprv"].as_str().unwrap(), &relative, &[]);
                assert_eq!(str_field(&got, "xprv"), step["xprv"].as_str().unwrap());
                assert_eq!(str_field(&got, "xpub"), step["xpub"].as_str().unwrap());
                assert_eq!(str_field(&got, "path"), format!("m/{last}"));
                assert_eq!(got, with_path(&from_seed, &format!("m/{last}")), "{path}");
                if !last.ends_with('\'') {
                    // Public derivation gives the same public record.
                    let public = derive_xkey(parent["xpub"].as_str().unwrap(), &relative, &[]);
                    assert_eq!(public, public_part(&got), "{path}");
                    assert!(!public.contains_key("private_key"));
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 13, "every non-master step of vectors 1-4");
}

#[test]
fn derive_xkey_private_and_public_agree_on_soft_paths() {
    let steps = bip32_steps();
    for step in [&steps[0], &steps[1], &steps[4], &steps[7]] {
        let xprv = step["xprv"].as_str().unwrap();
        let xpub = step["xpub"].as_str().unwrap();
        for path in ["m", "0", "0/1/2", "m/5/7", "2147483647/0", "0000/1"] {
            let private = derive_xkey(xprv, path, &[]);
            let public = derive_xkey(xpub, path, &[]);
            assert_eq!(public, public_part(&private), "{xprv} {path}");
            assert!(private.contains_key("private_key") && private.contains_key("xprv"));
            assert!(!public.contains_key("private_key") && !public.contains_key("xprv"));
            // And the printed private key's neutered form is the printed public key.
            let neutered = json_ok(&run(
                &["inspect", str_field(&public, "xpub"), "--json"],
                b"",
            ));
            assert_eq!(
                str_field(&neutered, "public_key"),
                str_field(&private, "public_key")
            );
        }
    }
    // From standard input.
    let xprv = steps[0]["xprv"].as_str().unwrap();
    let got = json_ok(&run(
        &["derive", "--xkey", "-", "--path", "0/1", "--json"],
        format!("{xprv}\n").as_bytes(),
    ));
    assert_eq!(got, derive_xkey(xprv, "0/1", &[]));
}

#[test]
fn derive_xkey_keeps_slip132_families() {
    use fastbip32::{ExtendedPrivateKey, Secp256k1, VersionPair};

    let steps = bip32_steps();
    // Vector 1: m/0' and its soft child m/0'/1.
    let (parent, child) = (&steps[1], &steps[2]);
    assert_eq!(child["path"], "m/0'/1");
    let key: ExtendedPrivateKey<Secp256k1> = parent["xprv"].as_str().unwrap().parse().unwrap();
    for pair in VersionPair::KNOWN {
        let key = key.clone().with_version_pair(pair);
        let prv_name = pair.private().name().unwrap();
        let pub_name = pair.public().name().unwrap();
        let xprv = key.to_zeroizing_string();
        let xpub = key.to_xpub().to_string();
        assert!(xprv.starts_with(prv_name) && xpub.starts_with(pub_name));

        for (text, version) in [
            (xprv.as_str(), pair.private()),
            (xpub.as_str(), pair.public()),
        ] {
            let inspected = json_ok(&run(&["inspect", text, "--json"], b""));
            assert_eq!(str_field(&inspected, "version"), version.to_string());
            let plain = json_ok(&run(
                &["inspect", parent["xpub"].as_str().unwrap(), "--json"],
                b"",
            ));
            for field in [
                "depth",
                "parent_fingerprint",
                "child_number",
                "chain_code",
                "public_key",
            ] {
                assert_eq!(inspected[field], plain[field], "{prv_name} {field}");
            }
        }

        let private = derive_xkey(&xprv, "1", &[]);
        let public = derive_xkey(&xpub, "1", &[]);
        assert!(
            str_field(&private, "xprv").starts_with(prv_name),
            "{private:?}"
        );
        assert!(
            str_field(&private, "xpub").starts_with(pub_name),
            "{private:?}"
        );
        assert_eq!(public, public_part(&private), "{prv_name}");
        // The same key as the published child, in the family's versions.
        let back: ExtendedPrivateKey<Secp256k1> = str_field(&private, "xprv").parse().unwrap();
        assert_eq!(back.version_pair(), pair);
        assert_eq!(
            back.clone()
                .with_version_pair(VersionPair::XPRV_XPUB)
                .to_zeroizing_string()
                .as_str(),
            child["xprv"].as_str().unwrap()
        );
        assert_eq!(
            back.with_version_pair(VersionPair::XPRV_XPUB)
                .to_xpub()
                .to_string(),
            child["xpub"].as_str().unwrap()
        );
    }
}

#[test]
fn derive_xkey_hardened_from_public_is_an_error() {
    let xpub = bip32_steps()[0]["xpub"].as_str().unwrap().to_owned();
    for (path, needle) in [
        (
            "0'",
            "segment 0 (byte 0): cannot derive hardened child 0' from a public key",
        ),
        (
            "m/0h",
            "segment 0 (byte 2): cannot derive hardened child 0' from a public key",
        ),
        (
            "0/1/2H",
            "segment 2 (byte 4): cannot derive hardened child 2' from a public key",
        ),
        (
            "m/7/2147483647'",
            "segment 1 (byte 4): cannot derive hardened child 2147483647'",
        ),
    ] {
        assert_usage_error(
            &["derive", "--xkey", &xpub, "--path", path, "--json"],
            "",
            &format!("error: invalid --path: {needle}"),
            None,
        );
    }
}

#[test]
fn derive_xkey_depth_past_255_is_an_error() {
    let steps = bip32_steps();
    let deep = &steps[5]; // vector 1, m/0'/1/2'/2/1000000000: depth 5
    assert_eq!(deep["decoded"]["depth"], 5);
    for key in [
        deep["xprv"].as_str().unwrap(),
        deep["xpub"].as_str().unwrap(),
    ] {
        let ok_path = vec!["0"; 250].join("/");
        let got = derive_xkey(key, &ok_path, &[]);
        assert_eq!(u64_field(&got, "depth"), 255);
        let too_deep = vec!["0"; 251].join("/");
        assert_usage_error(
            &["derive", "--xkey", key, "--path", &too_deep],
            "",
            "error: invalid --path: 251 steps below a key at depth 5: depth would exceed 255",
            None,
        );
        // More than 255 segments is a path error before the key is read.
        let way_too_deep = vec!["0"; 256].join("/");
        assert_usage_error(
            &["derive", "--xkey", key, "--path", &way_too_deep],
            "",
            "more than 255 segments",
            None,
        );
    }
}

#[test]
fn derive_xkey_bad_arguments() {
    let xprv = bip32_steps()[0]["xprv"].as_str().unwrap().to_owned();
    // --path is required, and relative paths follow the path grammar.
    assert_usage_error(
        &["derive", "--xkey", &xprv],
        "",
        "--path",
        Some(&xprv[4..40]),
    );
    for (path, needle) in [
        ("", "invalid --path: segment 0 (byte 0): the path is empty"),
        ("/0", "invalid --path: segment 0"),
        ("0/", "trailing"),
        ("M/0", "invalid --path: segment 0 (byte 0)"),
        ("0//1", "invalid --path: segment 1 (byte 2): empty segment"),
        ("2147483648", "index must be below 2^31"),
    ] {
        assert_usage_error(
            &["derive", "--xkey", &xprv, "--path", path],
            "",
            needle,
            Some(&xprv[4..40]),
        );
    }
    // --xkey excludes the seed options.
    for other in [
        &["--seed", TV1_SEED][..],
        &["--mnemonic", ABANDON_ABOUT],
        &["--passphrase", "x"],
    ] {
        let mut args = vec!["derive", "--xkey", &xprv, "--path", "0"];
        args.extend_from_slice(other);
        let out = run(&args, b"");
        assert_error(&out, 2);
        assert!(out.stderr.contains("--xkey"), "{out:?}");
        assert!(!out.stderr.contains(&xprv[4..40]), "{out:?}");
    }
    // BIP-32 text only on the curves with BIP-32 text; the Cardano curves read CIP-5 keys.
    for curve in ["ed25519", "curve25519"] {
        assert_usage_error(
            &["derive", "--curve", curve, "--xkey", &xprv, "--path", "0"],
            "",
            &format!("--xkey needs --curve secp256k1, nist256p1 or a Cardano curve ({curve} keys"),
            Some(&xprv[4..40]),
        );
    }
    for curve in [
        "ed25519-bip32",
        "cardano-icarus",
        "cardano-icarus-trezor",
        "cardano-ledger",
    ] {
        assert_usage_error(
            &["derive", "--curve", curve, "--xkey", &xprv, "--path", "0"],
            "",
            "is a CIP-5 key (root_xsk1…",
            Some(&xprv[4..40]),
        );
    }
    assert_usage_error(
        &["derive", "--xkey", "-", "--path", "0"],
        "",
        "invalid --xkey: extended key is 0 bytes",
        None,
    );
}

#[test]
fn nist256p1_xkey_derivation_retry() {
    use fastbip32::{ChainCode, ChildNumber, ExtendedPrivateKey, Fingerprint, NistP256};

    let case = cases(SLIP10_JSON)
        .into_iter()
        .find(|c| c["kind"] == "derivation_retry")
        .unwrap();
    let chain = case["chain"].as_array().unwrap();
    let (parent, child) = (&chain[1], &chain[2]);
    assert_eq!(parent["path"], "m/28578'");
    assert_eq!(child["path"], "m/28578'/33941");
    let bytes = |v: &Value| -> Vec<u8> { hex::decode(v.as_str().unwrap()).unwrap() };
    let key = ExtendedPrivateKey::<NistP256>::from_parts(
        &bytes(&parent["private_key_hex"]).try_into().unwrap(),
        ChainCode::new(bytes(&parent["chain_code_hex"]).try_into().unwrap()),
        1,
        Fingerprint::new(bytes(&parent["parent_fingerprint_hex"]).try_into().unwrap()),
        ChildNumber::from_raw(
            parent["path_indices"][0]
                .as_u64()
                .unwrap()
                .try_into()
                .unwrap(),
        ),
    )
    .unwrap();
    let xprv = key.to_zeroizing_string();
    let xpub = key.to_xpub().to_string();

    // inspect --curve nist256p1 reads both.
    for (text, kind) in [(xprv.as_str(), "private"), (xpub.as_str(), "public")] {
        let got = json_ok(&run(
            &["inspect", "--curve", "nist256p1", text, "--json"],
            b"",
        ));
        assert_eq!(str_field(&got, "kind"), kind);
        assert_eq!(
            str_field(&got, "public_key"),
            parent["public_key_hex"].as_str().unwrap()
        );
        assert_eq!(
            str_field(&got, "chain_code"),
            parent["chain_code_hex"].as_str().unwrap()
        );
        assert_eq!(
            str_field(&got, "fingerprint"),
            child["parent_fingerprint_hex"].as_str().unwrap()
        );
    }

    let nist = ["--curve", "nist256p1"];
    let private = derive_xkey(&xprv, "33941", &nist);
    let public = derive_xkey(&xpub, "33941", &nist);
    assert_eq!(str_field(&private, "curve"), "nist256p1");
    for (field, expected) in [
        ("private_key", "private_key_hex"),
        ("chain_code", "chain_code_hex"),
        ("public_key", "public_key_hex"),
        ("parent_fingerprint", "parent_fingerprint_hex"),
    ] {
        assert_eq!(
            str_field(&private, field),
            child[expected].as_str().unwrap(),
            "{field}"
        );
    }
    assert_eq!(u64_field(&private, "depth"), 2);
    assert_eq!(u64_field(&private, "child_number"), 33941);
    // Printed in the input's family, and the same both ways.
    assert!(str_field(&private, "xprv").starts_with("xprv"));
    assert!(str_field(&private, "xpub").starts_with("xpub"));
    assert_eq!(public, public_part(&private));
    // Re-reading the printed child gives the published key.
    let again = json_ok(&run(
        &[
            "inspect",
            "--curve",
            "nist256p1",
            str_field(&private, "xprv"),
            "--json",
        ],
        b"",
    ));
    assert_eq!(
        str_field(&again, "private_key"),
        child["private_key_hex"].as_str().unwrap()
    );
}
