//! SLIP-132 families on the command line: `derive --xkey` prints the family's address (and
//! refuses an `--address` that contradicts it, unless `--address-override`), and
//! `addresses --descriptor` refuses a family's key outside its script and notes a matching
//! one. Expected values: `tests/data/slip132.json` (embit and `bip_utils`,
//! `scripts/gen_slip132_vectors.py`).

use serde_json::Value;

use crate::common::{assert_error, json_of, run, str_field};

const SLIP132_JSON: &str = include_str!("../../../tests/data/slip132.json");

fn accounts() -> Vec<Value> {
    let data: Value = serde_json::from_str(SLIP132_JSON).unwrap();
    data["accounts"].as_array().unwrap().clone()
}

fn receive(case: &Value) -> Vec<&str> {
    case["receive"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

/// Without --address a ypub/upub gives p2sh-p2wpkh and a zpub/vpub p2wpkh addresses; an
/// xpub/tpub gives none; a multisig family gives the key and a note, and no address.
#[test]
fn derive_prints_the_family_address() {
    for case in accounts() {
        let key = case["key"].as_str().unwrap();
        let key_private = case["key_private"].as_str().unwrap();
        let script = case["script"].as_str();
        let expected = receive(&case);
        let family = case["family"].as_str().unwrap();
        let private_family = case["private_family"].as_str().unwrap();
        for (text, stdin, family) in [(key, "", family), ("-", key_private, private_family)] {
            let out = run(
                &["derive", "--xkey", text, "--path", "0/1", "--json"],
                stdin.as_bytes(),
            );
            let record = json_of(&out);
            assert_eq!(out.code, 0, "{out:?}");
            match script {
                Some("p2sh-p2wpkh" | "p2wpkh") => {
                    assert_eq!(str_field(&record, "address"), expected[1], "{key}");
                    assert_eq!(out.stderr, "", "{out:?}");
                }
                Some(multisig) => {
                    assert!(!record.contains_key("address"), "{out:?}");
                    assert!(
                        out.stderr.starts_with(&format!(
                            "note: a {family} is a {multisig} key (SLIP-132)"
                        )) && out.stderr.contains("no single-key address")
                            && out.stderr.lines().count() == 1,
                        "{out:?}"
                    );
                }
                None => {
                    assert!(!record.contains_key("address"), "{out:?}");
                    assert_eq!(out.stderr, "", "{out:?}");
                }
            }
        }
    }
}

/// A batch below a zpub carries the p2wpkh address in every record.
#[test]
fn derive_batch_prints_the_family_address() {
    let case = accounts()
        .into_iter()
        .find(|c| c["family"] == "vpub")
        .unwrap();
    let out = run(
        &[
            "derive",
            "--xkey",
            case["key"].as_str().unwrap(),
            "--path",
            "0/*",
            "--count",
            "3",
            "--fields",
            "address",
            "--raw",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.lines().collect::<Vec<_>>(), receive(&case));
}

/// An --address that contradicts the family is a usage error naming the right kind and
/// `convert`; the agreeing kind is accepted; --address-override prints what was asked.
#[test]
fn derive_address_must_match_the_family() {
    for case in accounts() {
        let Some(script) = case["script"].as_str() else {
            continue;
        };
        let key = case["key"].as_str().unwrap();
        let family = case["family"].as_str().unwrap();
        let plain = case["xpub_family"].as_str().unwrap();
        for kind in ["p2pkh", "p2sh-p2wpkh", "p2wpkh", "p2tr"] {
            let args = [
                "derive",
                "--xkey",
                key,
                "--path",
                "0/0",
                "--address",
                kind,
                "--fields",
                "address",
                "--raw",
            ];
            let out = run(&args, b"");
            if kind == script {
                assert_eq!(out.code, 0, "{out:?}");
                assert_eq!(out.stdout.trim_end(), receive(&case)[0]);
                continue;
            }
            assert_error(&out, 2);
            let message = &out.stderr;
            assert!(
                message.contains(&format!(
                    "--address {kind} contradicts the --xkey: a {family}"
                )),
                "{message}"
            );
            assert!(
                message.contains(&format!("`fastbip32 convert --to {plain}` first")),
                "{message}"
            );
            assert!(message.contains("--address-override"), "{message}");
            if !script.contains("multisig") {
                assert!(
                    message.contains(&format!("use --address {script}")),
                    "{message}"
                );
            }
            // With --address-override: the address of the kind asked for, as from the xpub.
            let mut overridden = args.to_vec();
            overridden.push("--address-override");
            let out = run(&overridden, b"");
            assert_eq!(out.code, 0, "{out:?}");
            let xpub = case["xpub"].as_str().unwrap();
            let from_xpub = run(
                &[
                    "derive",
                    "--xkey",
                    xpub,
                    "--path",
                    "0/0",
                    "--address",
                    kind,
                    "--fields",
                    "address",
                    "--raw",
                ],
                b"",
            );
            assert_eq!(out.stdout, from_xpub.stdout);
        }
    }
}

/// `addresses --descriptor`: the family's own descriptor gives the reference addresses, with
/// a note that Bitcoin Core wants the xpub; another script is a usage error naming the right
/// one.
#[test]
fn descriptor_family_rules() {
    for case in accounts() {
        let descriptor = case["descriptor"].as_str().unwrap();
        let out = run(
            &[
                "addresses",
                "--descriptor",
                descriptor,
                "--count",
                "3",
                "--fields",
                "address",
                "--raw",
            ],
            b"",
        );
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(out.stdout.lines().collect::<Vec<_>>(), receive(&case));
        let family = case["family"].as_str().unwrap();
        let plain = case["xpub_family"].as_str().unwrap();
        if case["script"].is_null() {
            assert_eq!(out.stderr, "", "{out:?}");
            continue;
        }
        assert_eq!(
            out.stderr,
            format!(
                "note: the descriptor's {family} matches its script, but Bitcoin Core refuses SLIP-132 keys in descriptors: give Core the {plain} (`fastbip32 convert KEY --to {plain}`)\n"
            )
        );
        let key = case["key"].as_str().unwrap();
        let right = match case["script"].as_str().unwrap() {
            "p2sh-p2wpkh" => "sh(wpkh(KEY))",
            "p2wpkh" => "wpkh(KEY)",
            "p2sh-p2wsh multisig" => "sh(wsh(multi(…)))",
            _ => "wsh(multi(…))",
        };
        for wrong in [
            format!("pkh({key}/0/*)"),
            format!("tr({key}/0/*)"),
            format!("sh(multi(1,{key}/0/*))"),
            if right == "wpkh(KEY)" {
                format!("sh(wpkh({key}/0/*))")
            } else {
                format!("wpkh({key}/0/*)")
            },
        ] {
            let out = run(&["addresses", "--descriptor", &wrong], b"");
            assert_error(&out, 2);
            assert!(
                out.stderr.starts_with(&format!(
                    "error: invalid --descriptor: key 1 of 1 is a {family}, which SLIP-132 reserves for"
                )) && out.stderr.contains(&format!("write {right}"))
                    && out.stderr.contains(&format!("`fastbip32 convert KEY --to {plain}`")),
                "{wrong}: {out:?}"
            );
        }
    }
}

/// Electrum's Zpub cosigners in a 2-of-2 `wsh(sortedmulti())`: Electrum's addresses; the
/// same keys in `sh(wsh())` name the first key.
#[test]
fn electrum_multisig() {
    let data: Value = serde_json::from_str(SLIP132_JSON).unwrap();
    let wallet = data["electrum"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["txin_type"] == "p2wsh")
        .unwrap();
    let a = wallet["x1/"]["xpub"].as_str().unwrap();
    let b = wallet["x2/"]["xpub"].as_str().unwrap();
    let text = format!("wsh(sortedmulti(2,{a}/0/*,{b}/0/*))");
    let out = run(
        &[
            "addresses",
            "--descriptor",
            &text,
            "--count",
            "3",
            "--fields",
            "address",
            "--raw",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.lines().collect::<Vec<_>>(), receive(wallet));
    let out = run(&["addresses", "--descriptor", &format!("sh({text})")], b"");
    assert_error(&out, 2);
    assert!(out.stderr.contains("key 1 of 2 is a Zpub"), "{out:?}");
}

/// `descriptors --xkey` with a root in a SLIP-132 family: the same descriptors as from its
/// xprv, and a note that they hold xpubs.
#[test]
fn descriptors_from_a_slip132_root() {
    // BIP-84's zprv root of "abandon … about" is the xprv root in another family.
    let xprv = "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu";
    let root: fastbip32::Xprv = xprv.parse().unwrap();
    let zprv = root
        .with_version_pair(fastbip32::VersionPair::ZPRV_ZPUB)
        .to_string();
    let xprv_run = run(&["descriptors", "--xkey", "-"], xprv.as_bytes());
    let zprv_run = run(&["descriptors", "--xkey", "-"], zprv.as_bytes());
    assert_eq!(xprv_run.code, 0, "{xprv_run:?}");
    assert_eq!(zprv_run.stdout, xprv_run.stdout);
    assert_eq!(xprv_run.stderr, "");
    assert!(
        zprv_run
            .stderr
            .starts_with("note: the --xkey is a zprv; the descriptors hold"),
        "{zprv_run:?}"
    );
}
