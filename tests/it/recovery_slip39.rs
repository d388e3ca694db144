//! SLIP-39 share decoding against the reference implementation's published vectors
//! (`tests/data/slip39_vectors.json`): every share of a valid set decodes, with the fields
//! the specification requires a set to share and a value as long as the set's master secret;
//! the vectors of a bad checksum, bad padding, too few words and a bad value length are
//! refused with those errors. The word list against the properties SLIP-39 states.
#![cfg(feature = "recovery")]
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: failing loudly is the point

use fastbip32::recovery::slip39::{self, Slip39Error, Slip39Share};
use serde_json::Value;

fn cases() -> Vec<Value> {
    let data: Value = serde_json::from_str(include_str!("../data/slip39_vectors.json")).unwrap();
    data["cases"].as_array().unwrap().clone()
}

fn mnemonics(case: &Value) -> Vec<&str> {
    case[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect()
}

#[test]
fn word_list_properties() {
    // SLIP-39: 1024 words, sorted, 4 to 8 letters, unique in their first four letters
    let words: Vec<&str> = (0..1024).map(|i| slip39::word(i).unwrap()).collect();
    assert_eq!(slip39::word(1024), None);
    assert!(words.windows(2).all(|w| w[0] < w[1]));
    assert!(words.iter().all(|w| (4..=8).contains(&w.len())));
    let mut prefixes: Vec<&str> = words.iter().map(|w| &w[..4]).collect();
    prefixes.dedup();
    assert_eq!(prefixes.len(), 1024);
    assert_eq!(words[0], "academic");
    assert_eq!(words[1023], "zero");
    for (i, w) in words.iter().enumerate() {
        assert_eq!(slip39::find_word(w).map(usize::from), Some(i));
    }
    assert_eq!(slip39::find_word("abandon"), None);
}

#[test]
fn shares_of_valid_sets_decode() {
    let mut checked = 0;
    for case in cases() {
        let name = case[0].as_str().unwrap();
        let secret = case[2].as_str().unwrap();
        if secret.is_empty() {
            continue;
        }
        let shares: Vec<Slip39Share> = mnemonics(&case)
            .iter()
            .map(|m| Slip39Share::parse(m).unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect();
        let first = &shares[0];
        for s in &shares {
            assert_eq!(s.identifier, first.identifier, "{name}");
            assert_eq!(s.extendable, first.extendable, "{name}");
            assert_eq!(s.iteration_exponent, first.iteration_exponent, "{name}");
            assert_eq!(s.group_threshold, first.group_threshold, "{name}");
            assert_eq!(s.group_count, first.group_count, "{name}");
            assert!(s.group_threshold <= s.group_count, "{name}");
            assert_eq!(s.value().len(), secret.len() / 2, "{name}");
        }
        // a set without sharing: one group of one member, threshold 1
        if name.contains("without sharing") {
            assert_eq!(shares.len(), 1);
            assert_eq!(
                (first.group_count, first.member_threshold),
                (1, 1),
                "{name}"
            );
        }
        assert_eq!(first.extendable, name.contains("xtendable"), "{name}");
        for m in mnemonics(&case) {
            let values: Vec<u16> = m
                .split_whitespace()
                .map(|w| slip39::find_word(w).unwrap())
                .collect();
            assert!(slip39::checksum_holds(&values), "{name}");
        }
        checked += shares.len();
    }
    // the valid sets: vectors 1, 4, 17–20, 23, 36–38 and 41–45, of 1+2+5+3+2+1+2+5+3+2+3+1+2+1+2
    // shares
    assert_eq!(checked, 35);
}

#[test]
fn invalid_vectors_refused_with_their_errors() {
    let cases = cases();
    let single = |n: usize| {
        let case = &cases[n - 1];
        assert!(case[2].as_str().unwrap().is_empty());
        Slip39Share::parse(mnemonics(case)[0]).unwrap_err()
    };
    assert_eq!(single(2), Slip39Error::Checksum);
    assert_eq!(single(21), Slip39Error::Checksum);
    assert_eq!(single(3), Slip39Error::Padding);
    assert_eq!(single(22), Slip39Error::Padding);
    assert_eq!(single(39), Slip39Error::WordCount { count: 19 });
    // 21 words: 14 value words are 140 bits, 12 bits of padding
    assert_eq!(single(40), Slip39Error::ValueLength);
}

#[test]
fn any_changed_word_breaks_the_checksum() {
    let cases = cases();
    let text = mnemonics(&cases[0])[0];
    let words: Vec<&str> = text.split_whitespace().collect();
    for position in 0..words.len() {
        let mut changed = words.clone();
        let value = slip39::find_word(words[position]).unwrap();
        changed[position] = slip39::word((value + 1) % 1024).unwrap();
        assert_eq!(
            Slip39Share::parse(&changed.join(" ")).unwrap_err(),
            Slip39Error::Checksum,
            "{position}"
        );
    }
    // case and spacing do not matter; unknown words are named
    let upper = format!("  {}  ", text.to_uppercase());
    assert_eq!(
        Slip39Share::parse(&upper).unwrap(),
        Slip39Share::parse(text).unwrap()
    );
    let mut bad = words.clone();
    bad[5] = "abandon";
    assert_eq!(
        Slip39Share::parse(&bad.join(" ")).unwrap_err(),
        Slip39Error::UnknownWord { position: 5 }
    );
    assert_eq!(
        Slip39Share::parse(&[text; 4].join(" ")).unwrap_err(),
        Slip39Error::WordCount { count: 80 }
    );
}
