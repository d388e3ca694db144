//! `fastbip32 mnemonic` (generation) and `mnemonic --check`, against the BIP-39 test
//! vectors in every language (`tests/data/bip39_trezor.json`) and the `bip39` crate.

use serde_json::Value;

use crate::common::{
    assert_error, assert_usage_error, json_ok, run, run_binary, run_in_process, str_field,
    u64_field, ABANDON_ABOUT,
};

const TREZOR_JSON: &str = include_str!("../../../tests/data/bip39_trezor.json");

#[test]
fn check_accepts_every_published_vector() {
    let data: Value = serde_json::from_str(TREZOR_JSON).unwrap();
    let mut checked = 0;
    for (list, vectors) in data.as_object().unwrap() {
        let language = list.replace('_', "-");
        for vector in vectors.as_array().unwrap() {
            let phrase = vector[1].as_str().unwrap();
            let got = json_ok(&run(
                &["mnemonic", "--check", "-", "--json"],
                phrase.as_bytes(),
            ));
            assert_eq!(got["valid"], Value::Bool(true), "{phrase}");
            assert_eq!(
                u64_field(&got, "words"),
                phrase.split_whitespace().count() as u64
            );
            // Chinese phrases of shared characters read as simplified Chinese (the library's rule).
            if !language.starts_with("chinese") {
                assert_eq!(str_field(&got, "language"), language, "{phrase}");
            }
            let got = json_ok(&run(
                &[
                    "mnemonic",
                    "--check",
                    "-",
                    "--language",
                    &language,
                    "--json",
                ],
                phrase.as_bytes(),
            ));
            assert_eq!(str_field(&got, "language"), language);
            checked += 1;
        }
    }
    assert!(checked >= 200, "{checked}");
}

#[test]
fn check_names_the_word_and_suggests() {
    let typo = ABANDON_ABOUT.replacen("abandon abandon", "abandon abandn", 1);
    let out = run(&["mnemonic", "--check", "-"], typo.as_bytes());
    assert_error(&out, 2);
    assert_eq!(
        out.stderr,
        "error: invalid mnemonic: word 2 (abandn) is not in the english word list; did you mean abandon?\n"
    );
    let swapped = ABANDON_ABOUT.replace("about", "abandon");
    assert_usage_error(
        &["mnemonic", "--check", "-"],
        &swapped,
        "invalid mnemonic: checksum mismatch",
        None,
    );
    assert_usage_error(
        &["mnemonic", "--check", "-"],
        "abandon abandon",
        "2 words; a BIP-39 mnemonic has 12, 15, 18, 21 or 24 words",
        None,
    );
    assert_usage_error(
        &["mnemonic", "--check", "-", "--language", "french"],
        ABANDON_ABOUT,
        "is not in the french word list",
        None,
    );
    // On the command line: the note says so, after the result.
    let out = run(&["mnemonic", "--check", ABANDON_ABOUT], b"");
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, "valid: true\nlanguage: english\nwords: 12\n");
    assert!(
        out.stderr
            .contains("use --check - to read it from standard input"),
        "{out:?}"
    );
    assert_usage_error(
        &["mnemonic", "--words", "13"],
        "",
        "12, 15, 18, 21 or 24 words",
        None,
    );
    assert_usage_error(
        &["mnemonic", "--language", "klingon"],
        "",
        "unknown word list",
        None,
    );
    assert_usage_error(
        &["mnemonic", "--words", "12", "--check", "-"],
        ABANDON_ABOUT,
        "--check",
        None,
    );
}

#[test]
fn generation_every_size_and_language() {
    let languages = [
        ("english", bip39::Language::English),
        ("japanese", bip39::Language::Japanese),
        ("spanish", bip39::Language::Spanish),
        ("czech", bip39::Language::Czech),
        ("korean", bip39::Language::Korean),
    ];
    for (name, language) in languages {
        for words in [12usize, 15, 18, 21, 24] {
            // Random output: each way of running is checked on its own.
            let count = words.to_string();
            let args = ["mnemonic", "--words", &count, "--language", name, "--json"];
            let binary = json_ok(&run_binary(&args, b""));
            assert_eq!(binary.len(), 3);
            let got = json_ok(&run_in_process(&args, b""));
            assert_eq!(got.len(), 3);
            assert_eq!(str_field(&got, "language"), name);
            let phrase = str_field(&got, "mnemonic");
            assert_eq!(phrase.split_whitespace().count(), words);
            // The entropy printed is the phrase's, by the `bip39` crate.
            let parsed = bip39::Mnemonic::parse_in(language, phrase).unwrap();
            assert_eq!(hex::encode(parsed.to_entropy()), str_field(&got, "entropy"));
            assert_eq!(str_field(&got, "entropy").len(), words / 3 * 8);
        }
    }
    // The default: 24 English words; two runs differ.
    let a = json_ok(&run_binary(&["mnemonic", "--json"], b""));
    let b = json_ok(&run_in_process(&["mnemonic", "--json"], b""));
    assert_eq!(str_field(&a, "mnemonic").split(' ').count(), 24);
    assert_ne!(a["entropy"], b["entropy"]);
}
