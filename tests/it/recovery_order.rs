//! `--unordered`: every order of known words, some anchored, with extra decoy words. The
//! phrase and its address are `tests/data/recovery.json`'s (bip_utils,
//! `scripts/gen_recovery_vectors.py`); the counts are the combinatorics of the documented
//! order (`C(pool, free) × free!`).
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core
)] // test code: failing loudly is the point

use core::sync::atomic::AtomicBool;
use std::string::{String, ToString};
use std::vec::Vec;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    Batch, Checkpoint, CheckpointField, Coin, Error, Options, Outcome, Paths, Search, Space,
    Target, Template, MAX_ORDERS,
};
use serde_json::Value;

const DATA: &str = include_str!("../data/recovery.json");

/// The English 12-word phrase and its first BIP-84 receive address.
fn vector() -> (Vec<String>, String) {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let words = d["english12"]["mnemonic"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(ToString::to_string)
        .collect();
    let address = d["english12"]["bitcoin"]["bip84"][0]
        .as_str()
        .unwrap()
        .to_string();
    (words, address)
}

fn unordered() -> Options {
    Options::new().language(Language::English).unordered(true)
}

/// The template of `words` in the order `order` (indices into `words`), `^` before the
/// words at `anchored` slots, then `extra` (already marked `+`).
fn template(words: &[String], order: &[usize], anchored: &[usize], extra: &str) -> String {
    let mut tokens: Vec<String> = order
        .iter()
        .enumerate()
        .map(|(slot, &i)| {
            let mark = if anchored.contains(&slot) { "^" } else { "" };
            std::format!("{mark}{}", words[i])
        })
        .collect();
    if !extra.is_empty() {
        tokens.push(extra.to_string());
    }
    tokens.join(" ")
}

/// The index of the checksum-valid candidate whose words are `words`, scanning the space.
fn index_of(space: &Space, words: &[String]) -> u128 {
    let want: Vec<u16> = words
        .iter()
        .map(|w| Language::English.find_word(w).unwrap())
        .collect();
    let mut candidates = space.candidates(0..space.size()).unwrap();
    let mut batch = Batch::new();
    while candidates.next_batch_vartime(&mut batch) > 0 {
        for i in 0..batch.len() {
            if batch.words(i) == want.as_slice() {
                return batch.index(i).unwrap();
            }
        }
    }
    panic!("the phrase is not among the checksum-valid candidates");
}

/// Searches `range` of `space` for `address` on BIP-84, gap 1: the phrase found.
fn search(space: &Space, address: &str, range: core::ops::Range<u128>) -> String {
    let mut target = Target::new();
    target.add_address(address).unwrap();
    let mut checkpoint = Checkpoint::new(space, [7; 16]);
    let outcome = Search::new(space, &target, Paths::new(Coin::Bitcoin).gap(1))
        .threads(2)
        .run_vartime(
            range,
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    match outcome {
        Outcome::Found(found) => space.to_phrase(found.candidate.words()).to_string(),
        other => panic!("no match: {other:?}"),
    }
}

/// A shuffled order of the twelve words: the first and last keep their slots.
const SHUFFLED: [usize; 12] = [0, 7, 3, 9, 1, 5, 10, 2, 8, 4, 6, 11];

#[test]
fn shuffled_words_with_two_anchors_are_found() {
    let (words, address) = vector();
    let text = template(&words, &SHUFFLED, &[0, 11], "");
    let space = Space::new(Template::parse(&text, &unordered()).unwrap(), [""]).unwrap();
    // Ten free words: 10! orders.
    assert_eq!(space.size(), 3_628_800);
    let index = index_of(&space, &words);
    let range = index.saturating_sub(300)..(index + 300).min(space.size());
    assert_eq!(search(&space, &address, range), words.join(" "));
}

#[test]
fn an_extra_decoy_word_does_not_hide_the_phrase() {
    let (words, address) = vector();
    assert!(!words.iter().any(|w| w == "zoo"));
    // Four anchors, eight free words and one decoy: C(9, 8) × 8! orders.
    let order = [0, 1, 7, 3, 9, 5, 2, 8, 4, 6, 10, 11];
    let text = template(&words, &order, &[0, 1, 10, 11], "+zoo");
    let template = Template::parse(&text, &unordered()).unwrap();
    assert_eq!((template.extra_words(), template.word_count()), (1, 12));
    let space = Space::new(template, [""]).unwrap();
    assert_eq!(space.size(), 9 * 40_320);
    let index = index_of(&space, &words);
    let range = index.saturating_sub(300)..(index + 300).min(space.size());
    assert_eq!(search(&space, &address, range), words.join(" "));
}

#[test]
fn order_zero_is_the_template_as_written() {
    let (words, _) = vector();
    let text = template(&words, &SHUFFLED, &[0, 11], "+zoo +abandon");
    let space = Space::new(Template::parse(&text, &unordered()).unwrap(), [""]).unwrap();
    // Twelve pool words for ten free slots: C(12, 10) × 10! orders.
    assert_eq!(space.size(), 66 * 3_628_800);
    let first = space.unrank(0).unwrap();
    let written: Vec<&str> = SHUFFLED.iter().map(|&i| words[i].as_str()).collect();
    assert_eq!(space.to_phrase(first.words()).as_str(), written.join(" "));
}

#[test]
fn marks_need_unordered_and_unordered_takes_no_other_option() {
    let (words, _) = vector();
    let plain = words.join(" ");
    let english = Options::new().language(Language::English);
    let marked = template(&words, &SHUFFLED, &[0], "");
    for (text, options, option) in [
        (marked.clone(), english, "unordered"),
        (std::format!("{plain} +zoo"), english, "unordered"),
        (plain.clone(), unordered().typos(1), "typos"),
        (plain.clone(), unordered().swaps(1), "swaps"),
        (words[..11].join(" "), unordered().missing(1), "missing"),
    ] {
        assert_eq!(
            Template::parse(&text, &options).unwrap_err(),
            Error::UnorderedOption { option },
            "{option}"
        );
    }
    assert_eq!(
        Template::parse(&std::format!("{plain} ^"), &unordered()).unwrap_err(),
        Error::InvalidToken { position: 12 }
    );
}

#[test]
fn the_number_of_orders_is_bounded() {
    let fifteen = ["abandon"; 15].join(" ");
    let template = Template::parse(&fifteen, &unordered()).unwrap();
    // 15! = 1 307 674 368 000 orders.
    assert_eq!(
        Space::new(template, [""]).unwrap_err(),
        Error::TooManyOrders {
            orders: 1_307_674_368_000,
            max: MAX_ORDERS
        }
    );
    assert_eq!(MAX_ORDERS, 1 << 40);
    // Twelve free words and thirteen extra words: a pool of 25.
    let (words, _) = vector();
    let extra: Vec<String> = (0..13).map(|_| "+zoo".to_string()).collect();
    let text = std::format!("{} {}", words.join(" "), extra.join(" "));
    let template = Template::parse(&text, &unordered()).unwrap();
    assert_eq!(
        Space::new(template, [""]).unwrap_err(),
        Error::TooManyExtraWords { extra: 13, max: 12 }
    );
    // Twelve free words: 12! = 479 001 600 orders, within the bound.
    let all = Template::parse(&words.join(" "), &unordered()).unwrap();
    assert_eq!(Space::new(all, [""]).unwrap().size(), 479_001_600);
}

#[test]
fn a_checkpoint_names_a_changed_word_order() {
    let (words, _) = vector();
    let plain = words.join(" ");
    let english = Options::new().language(Language::English);
    let changed = |a: &str, a_options: &Options, b: &str, b_options: &Options| {
        let a = Space::new(Template::parse(a, a_options).unwrap(), [""]).unwrap();
        let b = Space::new(Template::parse(b, b_options).unwrap(), [""]).unwrap();
        let text = Checkpoint::new(&a, [3; 16]).to_string();
        match Checkpoint::parse(&text, &b) {
            Err(Error::CheckpointChanged { fields }) => fields.iter().collect::<Vec<_>>(),
            other => panic!("{other:?}"),
        }
    };
    // --unordered toggled.
    assert_eq!(
        changed(&plain, &english, &plain, &unordered()),
        [CheckpointField::WordOrder]
    );
    // Other extra words.
    let anchored = template(&words, &SHUFFLED, &[0, 1, 2, 3, 4, 5, 6, 11], "");
    assert_eq!(
        changed(
            &std::format!("{anchored} +zoo"),
            &unordered(),
            &std::format!("{anchored} +yard"),
            &unordered()
        ),
        [CheckpointField::WordOrder]
    );
    // Other anchors.
    let fewer = template(&words, &SHUFFLED, &[0, 1, 2, 3, 4, 5, 11], "");
    assert_eq!(
        changed(&anchored, &unordered(), &fewer, &unordered()),
        [CheckpointField::WordOrder]
    );
    assert_eq!(CheckpointField::WordOrder.as_str(), "word-order");
}
