//! `fastbip32 recover --unordered`: known words in an unknown order, some anchored, with an
//! extra decoy word; the word order is part of a checkpoint. The phrase and its addresses are
//! `tests/data/recovery.json`'s (bip_utils, `scripts/gen_recovery_vectors.py`).

use crate::common::run_in_process;
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/recovery.json");

/// The English 12-word phrase, its first BIP-84 receive address, another phrase's address.
fn vectors() -> (Vec<String>, String, String) {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let words = d["english12"]["mnemonic"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(str::to_owned)
        .collect();
    let address = d["english12"]["bitcoin"]["bip84"][0].as_str().unwrap();
    let other = d["english12b"]["bitcoin"]["bip84"][0].as_str().unwrap();
    (words, address.to_owned(), other.to_owned())
}

/// Words 0–6 anchored in place, words 7–11 shuffled, then `extra`.
fn template(words: &[String], extra: &str) -> String {
    let mut tokens: Vec<String> = words[..7].iter().map(|w| format!("^{w}")).collect();
    for i in [10, 8, 11, 7, 9] {
        tokens.push(words[i].clone());
    }
    tokens.push(extra.to_owned());
    tokens.join(" ")
}

fn args<'a>(template: &'a str, address: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut out = vec![
        "recover",
        "--unordered",
        "--mnemonic",
        template,
        "--address",
        address,
        "--gap",
        "1",
        "--threads",
        "2",
    ];
    out.extend_from_slice(more);
    out
}

#[test]
fn shuffled_words_with_a_decoy_are_found() {
    let (words, address, _) = vectors();
    let template = template(&words, "+zoo");
    let out = run_in_process(&args(&template, &address, &["--json"]), b"");
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!(record["mnemonic"], words.join(" "));
    assert_eq!(record["address"], address.as_str());
    // Five free words and a decoy: C(6, 5) × 5! = 720 orders, shown before the search.
    assert!(
        out.stderr.contains("space: 720 candidates,"),
        "{}",
        out.stderr
    );
}

#[test]
fn dry_run_samples_the_orders() {
    let (words, address, _) = vectors();
    let template = template(&words, "+zoo");
    let out = run_in_process(&args(&template, &address, &["--dry-run", "--json"]), b"");
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!(record["candidates"], 720);
    let examples = record["examples"].as_array().unwrap();
    assert!(!examples.is_empty());
    for example in examples {
        let phrase = example["mnemonic"].as_str().unwrap();
        let got: Vec<&str> = phrase.split(' ').collect();
        assert_eq!(got.len(), 12);
        // The anchors keep their slots.
        assert_eq!(got[..7].join(" "), words[..7].join(" "));
    }
}

#[test]
fn a_checkpoint_of_another_word_order_is_refused() {
    let (words, _, other) = vectors();
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("resume");
    let file = file.to_str().unwrap();
    let expected = format!("error: invalid --resume {file}: the checkpoint belongs to a search with another word-order: resuming it would skip candidates this search has not examined (use a new checkpoint file, or search as before)\n");

    // Other extra words: no match with `+zoo` (the checkpoint complete), refused with `+yard`.
    let zoo = template(&words, "+zoo");
    let out = run_in_process(&args(&zoo, &other, &["--resume", file]), b"");
    assert_eq!(out.code, 1, "{out:?}");
    let yard = template(&words, "+yard");
    let out = run_in_process(&args(&yard, &other, &["--resume", file]), b"");
    assert_eq!((out.code, out.stderr.as_str()), (2, expected.as_str()));

    // --unordered toggled: a plain search of the phrase as written, then a dry run of every
    // order of its words.
    std::fs::remove_file(file).unwrap();
    let plain = words.join(" ");
    let mut plain_args = args(&plain, &other, &["--resume", file]);
    plain_args.remove(1);
    let out = run_in_process(&plain_args, b"");
    assert_eq!(out.code, 1, "{out:?}");
    let out = run_in_process(&args(&plain, &other, &["--resume", file, "--dry-run"]), b"");
    assert_eq!((out.code, out.stderr.as_str()), (2, expected.as_str()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn marks_without_unordered_and_too_many_orders_are_usage_errors() {
    let (words, address, _) = vectors();
    let template = template(&words, "+zoo");
    let mut plain = args(&template, &address, &[]);
    plain.remove(1);
    let out = run_in_process(&plain, b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --mnemonic: anchored (^word) and extra (+word) words need --unordered\n"
    );
    let fifteen = ["abandon"; 15].join(" ");
    let out = run_in_process(&args(&fifteen, &address, &["--language", "english"]), b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid search: the words have 1307674368000 orders, more than 1099511627776 (anchor more words with ^word, or give fewer extra words)\n"
    );
    let out = run_in_process(&args(&words.join(" "), &address, &["--missing", "1"]), b"");
    assert_eq!(out.code, 2, "{out:?}");
}
