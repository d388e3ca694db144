//! `derive --path PREFIX/*/SUFFIX --count N`: each record is the single path's, and the
//! addresses match those of `bip_utils` (`tests/data/inner_wildcard.json`, made by
//! `scripts/gen_inner_wildcard_vectors.py`).

use serde_json::Value;

use crate::common::{assert_error, run, ABANDON_ABOUT};

const DATA: &str = include_str!("../../../tests/data/inner_wildcard.json");

fn lines(args: &[&str]) -> Vec<String> {
    let out = run(args, b"");
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    out.stdout.lines().map(str::to_owned).collect()
}

#[test]
fn matches_reference_and_single_paths() {
    let data: Value = serde_json::from_str(DATA).unwrap();
    let cases = data["cases"].as_array().unwrap();
    for pattern in ["m/44'/60'/*'/0/0", "m/44'/501'/*'/0'", "m/84'/0'/*'/0/0"] {
        let expected: Vec<&Value> = cases.iter().filter(|c| c["pattern"] == pattern).collect();
        let curve = expected[0]["curve"].as_str().unwrap();
        let kind = expected[0]["kind"].as_str().unwrap();
        let common = [
            "--mnemonic",
            ABANDON_ABOUT,
            "--curve",
            curve,
            "--address",
            kind,
            "--json",
        ];
        let mut args = vec!["derive", "--path", pattern, "--count", "3"];
        args.extend_from_slice(&common);
        let batch = lines(&args);
        assert_eq!(batch.len(), 3, "{pattern}");
        for (line, case) in batch.iter().zip(&expected) {
            let record: Value = serde_json::from_str(line).unwrap();
            assert_eq!(record["address"], case["address"], "{pattern}");
            assert_eq!(record["path"], case["path"], "{pattern}");
            // SLIP-10 ed25519 public keys print with their 0x00 prefix; bip_utils' raw key has none.
            let public_key = record["public_key"].as_str().unwrap();
            let public_key = if curve == "ed25519" {
                public_key.strip_prefix("00").unwrap()
            } else {
                public_key
            };
            assert_eq!(public_key, case["public_key"], "{pattern}");
            let path = case["path"].as_str().unwrap();
            let mut single = vec!["derive", "--path", path];
            single.extend_from_slice(&common);
            assert_eq!(lines(&single), core::slice::from_ref(line), "{path}");
        }
        // --start: the last two.
        let mut args = vec!["derive", "--path", pattern, "--count", "2", "--start", "1"];
        args.extend_from_slice(&common);
        assert_eq!(lines(&args), batch[1..], "{pattern}");
    }
}

#[test]
fn text_records_and_xkey() {
    // Text records: an empty line between them, as with `*` last.
    let args = [
        "derive",
        "--mnemonic",
        ABANDON_ABOUT,
        "--path",
        "m/0/*/1",
        "--count",
        "2",
    ];
    let out = run(&args, b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records: Vec<&str> = out.stdout.split("\n\n").collect();
    assert_eq!(records.len(), 2);
    for (i, record) in records.iter().enumerate() {
        let path = format!("m/0/{i}/1");
        let single = run(
            &["derive", "--mnemonic", ABANDON_ABOUT, "--path", &path],
            b"",
        );
        assert_eq!(format!("{}\n", record.trim_end()), single.stdout);
    }
    // Below an xpub: normal `*` is fine, hardened `*` is refused.
    let xpub = lines(&[
        "derive",
        "--mnemonic",
        ABANDON_ABOUT,
        "--path",
        "m/84'/0'/0'",
        "--json",
    ]);
    let record: Value = serde_json::from_str(&xpub[0]).unwrap();
    let xpub = record["xpub"].as_str().unwrap();
    let batch = lines(&[
        "derive", "--xkey", xpub, "--path", "*/0", "--count", "2", "--json",
    ]);
    let single = lines(&["derive", "--xkey", xpub, "--path", "1/0", "--json"]);
    assert_eq!(batch[1], single[0]);
    let out = run(
        &["derive", "--xkey", xpub, "--path", "*'/0", "--count", "2"],
        b"",
    );
    assert_error(&out, 2);
    assert!(out.stderr.contains("segment 0 (byte 0)"), "{}", out.stderr);
}
