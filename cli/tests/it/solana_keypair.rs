//! `derive --format keypair` and `--format keypair-json`: Solana keypairs of SLIP-10 ed25519
//! keys, against `tests/data/solana_keypair.json` (`bip_utils` 2.12.3,
//! `scripts/gen_solana_keypair_vectors.py`).

use serde_json::Value;

use crate::common::run;

const DATA: &str = include_str!("../../../tests/data/solana_keypair.json");

#[test]
fn keypairs_match_bip_utils() {
    let data: Value = serde_json::from_str(DATA).unwrap();
    let mnemonic = data["mnemonic"].as_str().unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    for case in cases {
        let path = case["path"].as_str().unwrap();
        let base = [
            "derive",
            "--curve",
            "ed25519",
            "--mnemonic",
            "-",
            "--path",
            path,
        ];
        let out = run(
            &[&base[..], &["--format", "keypair"]].concat(),
            mnemonic.as_bytes(),
        );
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(
            out.stdout,
            format!("{}\n", case["keypair"].as_str().unwrap())
        );
        assert_eq!(out.stderr, "");
        let out = run(
            &[&base[..], &["--format", "keypair-json"]].concat(),
            mnemonic.as_bytes(),
        );
        assert_eq!(out.code, 0, "{out:?}");
        let array: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(array, case["keypair_json"]);
        assert!(!out.stdout.contains(' '), "{}", out.stdout);
        // The keypair's public half is the record's Solana address.
        let out = run(
            &[
                &base[..],
                &["--address", "solana", "--fields", "address", "--raw"],
            ]
            .concat(),
            mnemonic.as_bytes(),
        );
        assert_eq!(
            out.stdout,
            format!("{}\n", case["address"].as_str().unwrap())
        );
    }
}

#[test]
fn keypairs_are_ed25519_keys_alone() {
    let seed = ["--seed", "000102030405060708090a0b0c0d0e0f"];
    let out = run(
        &[
            &[
                "derive",
                "--path",
                "m/44'/501'/0'/0'",
                "--format",
                "keypair",
            ][..],
            &seed,
        ]
        .concat(),
        b"",
    );
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "error: --format keypair is a Solana key: it needs --curve ed25519, not secp256k1\n"
    );
    assert_eq!(out.stdout, "");
    for other in [&["--json"][..], &["--count", "2"], &["--fields", "path"]] {
        let out = run(
            &[
                &[
                    "derive",
                    "--curve",
                    "ed25519",
                    "--path",
                    "m/44'/501'/*'/0'",
                    "--format",
                    "keypair",
                ][..],
                &seed,
                other,
            ]
            .concat(),
            b"",
        );
        assert_eq!(out.code, 2, "{other:?}: {out:?}");
        assert_eq!(out.stdout, "");
    }
}
