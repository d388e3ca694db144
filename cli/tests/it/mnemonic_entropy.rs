//! `mnemonic --entropy HEX|-`: the phrase of the user's entropy, against Trezor's BIP-39
//! vectors (`tests/data/bip39_trezor.json`: entropy → phrase, published with the BIP).

use serde_json::Value;

use crate::common::{assert_error, run};

const TREZOR: &str = include_str!("../../../tests/data/bip39_trezor.json");

#[test]
fn entropy_gives_the_published_phrase() {
    let data: Value = serde_json::from_str(TREZOR).unwrap();
    let english = data["english"].as_array().unwrap();
    assert!(english.len() >= 24);
    for case in english {
        let entropy = case[0].as_str().unwrap();
        let phrase = case[1].as_str().unwrap();
        let out = run(
            &["mnemonic", "--entropy", "-", "--raw"],
            format!("{entropy}\n").as_bytes(),
        );
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(out.stdout, format!("{phrase}\n"));
        assert_eq!(out.stderr, "", "{out:?}");
        let words = phrase.split(' ').count().to_string();
        let out = run(
            &[
                "mnemonic",
                "--entropy",
                entropy,
                "--words",
                &words,
                "--fields",
                "entropy",
                "--raw",
            ],
            b"",
        );
        assert_eq!(out.stdout, format!("{entropy}\n"), "{out:?}");
        assert!(
            out.stderr
                .starts_with("note: the entropy was given on the command line"),
            "{out:?}"
        );
    }
}

#[test]
fn entropy_errors() {
    for (args, stdin, needle) in [
        (
            vec!["mnemonic", "--entropy", "-"],
            "00",
            "2 hex digits; BIP-39 entropy is 32, 40, 48, 56 or 64",
        ),
        (
            vec!["mnemonic", "--entropy", "-"],
            "0000000000000000000000000000000",
            "31 hex digits",
        ),
        (
            vec!["mnemonic", "--entropy", "-"],
            "zz000000000000000000000000000000",
            "invalid --entropy",
        ),
        (
            vec!["mnemonic", "--entropy", "-", "--words", "24"],
            "00000000000000000000000000000000",
            "16 bytes make 12 words, not --words 24 (which needs 32 bytes, 64 hex digits)",
        ),
    ] {
        let out = run(&args, stdin.as_bytes());
        assert_error(&out, 2);
        assert!(out.stderr.contains(needle), "{args:?}: {out:?}");
        assert!(!out.stderr.contains(stdin), "{out:?}");
    }
}
