//! `fastbip32 recover` with a template whose words fit the English and the French word lists:
//! searched in each, English first, the record naming the list; `--language` restricts the
//! search to one list; a checkpoint of one list does not resume a search of two. Phrases and
//! seeds from `tests/data/bip39_generated.json` (python-mnemonic), addresses from
//! `tests/data/recovery_languages.json` (bip_utils, `scripts/gen_recovery_language_vectors.py`).

use crate::common::run_in_process;
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/recovery_languages.json");

/// The case whose checksum holds in exactly the lists `valid_in`: its phrase with the last
/// word unknown, the phrase, and its address `m/84'/0'/0'/0/0`.
fn case(valid_in: &[&str]) -> (String, String, String) {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let case = d["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["valid_in"] == serde_json::json!(valid_in))
        .unwrap();
    let phrase = case["mnemonic"].as_str().unwrap().to_owned();
    let mut words: Vec<&str> = phrase.split(' ').collect();
    *words.last_mut().unwrap() = "?";
    let template = words.join(" ");
    let address = case["bip84"][0].as_str().unwrap().to_owned();
    (template, phrase, address)
}

fn search(template: &str, address: &str, extra: &[&str]) -> crate::common::Output {
    let mut args = vec![
        "recover",
        "--mnemonic",
        template,
        "--address",
        address,
        "--gap",
        "1",
        "--change",
        "receive",
        "--threads",
        "2",
    ];
    args.extend_from_slice(extra);
    run_in_process(&args, b"")
}

/// Valid in French only: the English candidates are searched first, then the French ones,
/// where the phrase is found; the record names the list.
#[test]
fn a_phrase_valid_in_french_only_is_found_in_french() {
    let (template, phrase, address) = case(&["french"]);
    let out = search(&template, &address, &["--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["mnemonic"], phrase);
    assert_eq!(record["language"], "french");
    assert_eq!(record["address"], address);
    // Two lists of 2048 candidates each, the French ones after the English ones.
    assert!(
        out.stderr.starts_with(
            "space: 4096 candidates, 256 pass the checksum; word lists english, french\n"
        ),
        "{}",
        out.stderr
    );
    assert!(record["candidate"].as_u64().unwrap() >= 2048, "{record}");
    // The text record ends with the list.
    let text = search(&template, &address, &[]);
    assert_eq!(text.code, 0, "{text:?}");
    assert!(
        text.stdout.ends_with("\nlanguage: french\n"),
        "{}",
        text.stdout
    );
}

/// Valid in both lists: English comes first, and the record names it.
#[test]
fn a_phrase_valid_in_both_lists_is_found_in_english_first() {
    let (template, phrase, address) = case(&["english", "french"]);
    let out = search(&template, &address, &["--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["mnemonic"], phrase);
    assert_eq!(record["language"], "english");
    assert!(record["candidate"].as_u64().unwrap() < 2048, "{record}");
}

/// `--language english` searches the English list alone: the French-only phrase is not
/// found there.
#[test]
fn language_restricts_the_search_to_one_list() {
    let (template, _, address) = case(&["french"]);
    let out = search(&template, &address, &["--language", "english"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr
            .starts_with("space: 2048 candidates, 128 pass the checksum\n"),
        "{}",
        out.stderr
    );
    let out = search(&template, &address, &["--language", "french", "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["language"], "french");
}

/// A checkpoint of the English list alone (complete, no match) does not resume the search
/// of both lists: a usage error naming the word list.
#[test]
fn a_checkpoint_of_one_list_does_not_resume_a_search_of_two() {
    let (template, _, address) = case(&["french"]);
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("resume");
    let file = file.to_str().unwrap();
    let out = search(
        &template,
        &address,
        &["--language", "english", "--resume", file],
    );
    assert_eq!(out.code, 1, "{out:?}");
    let out = search(&template, &address, &["--resume", file]);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.starts_with(&format!(
            "error: invalid --resume {file}: the checkpoint belongs to a search with another word-list: "
        )),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--dry-run` names both lists, and each example its list.
#[test]
fn dry_run_lists_the_word_lists() {
    let (template, _, address) = case(&["french"]);
    let out = search(&template, &address, &["--dry-run", "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let plan: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(plan["candidates"], 4096);
    assert_eq!(plan["languages"], serde_json::json!(["english", "french"]));
    let examples = plan["examples"].as_array().unwrap();
    assert!(
        examples.iter().any(|e| e["language"] == "english"),
        "{plan}"
    );
    assert!(examples.iter().any(|e| e["language"] == "french"), "{plan}");
    let text = search(&template, &address, &["--dry-run"]);
    assert!(
        text.stdout.contains("\nlanguages: english, french\n"),
        "{}",
        text.stdout
    );
}

/// A template of `?` alone has no word to tell the lists apart: one line asking for the list.
#[test]
fn a_template_of_unknown_words_alone_needs_the_language() {
    let template = ["?"; 12].join(" ");
    let (_, _, address) = case(&["french"]);
    let out = search(&template, &address, &[]);
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --mnemonic: the template has no word to tell the word lists apart: name the language\n"
    );
}
