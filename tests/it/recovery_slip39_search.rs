//! The SLIP-39 search for a share set with one unknown word, against SLIP-39's published
//! vectors (`tests/data/slip39_vectors.json`, passphrase `TREZOR`): with a word of a share
//! replaced by `?` and the master fingerprint of the vector's published xprv as the target,
//! the search gives back the published share; a wrong passphrase finds nothing; two `?`, a
//! share with a bad checksum and too few shares are typed errors.
#![cfg(feature = "recovery")]
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // test code

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::recovery::slip39::Slip39Error;
use fastbip32::recovery::slip39_search::{Slip39Outcome, Slip39Template};
use fastbip32::recovery::{Coin, Error, Matched, Paths, SeedCheck, Target};
use fastbip32::Xprv;
use serde_json::Value;

/// The valid cases: (name, shares, xprv).
fn valid_cases() -> Vec<(String, Vec<String>, String)> {
    let data: Value = serde_json::from_str(include_str!("../data/slip39_vectors.json")).unwrap();
    data["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c[2].as_str().unwrap().is_empty())
        .map(|c| {
            let shares = c[1].as_array().unwrap();
            (
                c[0].as_str().unwrap().to_owned(),
                shares
                    .iter()
                    .map(|s| s.as_str().unwrap().to_owned())
                    .collect(),
                c[3].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The shares, one a line, with word `position` of share `share` replaced by `?`.
fn with_unknown(shares: &[String], share: usize, position: usize) -> String {
    let mut lines: Vec<String> = shares.to_vec();
    let mut words: Vec<&str> = shares[share].split(' ').collect();
    words[position] = "?";
    lines[share] = words.join(" ");
    lines.join("\n")
}

/// A target of the master fingerprint of `xprv`.
fn fingerprint_target(xprv: &str) -> Target {
    let xprv: Xprv = xprv.parse().unwrap();
    let mut target = Target::new();
    target.add_fingerprint(xprv.fingerprint());
    target
}

#[test]
fn every_valid_vector_with_a_word_unknown() {
    let cases = valid_cases();
    assert_eq!(cases.len(), 15);
    for (name, shares, xprv) in &cases {
        let target = fingerprint_target(xprv);
        let check = SeedCheck::new(&target, Paths::new(Coin::Bitcoin));
        let last = shares.len() - 1;
        let words = shares[last].split(' ').count();
        // A word of the share value, and the last checksum word.
        for position in [5, words - 1] {
            let template = Slip39Template::parse(&with_unknown(shares, last, position)).unwrap();
            assert_eq!(template.size(), 1024);
            // RS1024's distance is 4: one word of a valid share changed never passes.
            assert_eq!(template.passing_vartime().len(), 1, "{name}");
            let outcome = template.search_vartime("TREZOR", &check).unwrap();
            let Slip39Outcome::Found(found) = outcome else {
                panic!("{name}: no match")
            };
            assert_eq!(found.text.as_str(), shares[last], "{name}");
            assert_eq!(found.share, last + 1);
            assert_eq!(found.matched.matched, Matched::Fingerprint);
            assert_eq!(found.matched.path.to_string(), "m");
        }
    }
}

#[test]
fn a_wrong_passphrase_finds_nothing() {
    let (_, shares, xprv) = &valid_cases()[1]; // 4. Basic sharing 2-of-3 (128 bits)
    let target = fingerprint_target(xprv);
    let check = SeedCheck::new(&target, Paths::new(Coin::Bitcoin));
    let template = Slip39Template::parse(&with_unknown(shares, 1, 9)).unwrap();
    let outcome = template.search_vartime("", &check).unwrap();
    assert!(
        matches!(outcome, Slip39Outcome::Exhausted { passed: 1 }),
        "{outcome:?}"
    );
}

#[test]
fn sets_that_cannot_be_searched_are_typed_errors() {
    let (_, shares, xprv) = &valid_cases()[1];
    // Two unknown words, and none.
    let mut two = with_unknown(shares, 1, 9);
    two = two.replacen("shadow", "?", 1);
    assert_eq!(
        Slip39Template::parse(&two).unwrap_err(),
        Error::Slip39UnknownWords { count: 2 }
    );
    assert_eq!(
        Slip39Template::parse(&shares.join("\n")).unwrap_err(),
        Error::Slip39UnknownWords { count: 0 }
    );
    // The first share's last word changed: its checksum fails.
    let mut first: Vec<&str> = shares[0].split(' ').collect();
    first[19] = "academic";
    let bad = format!(
        "{}\n{}",
        first.join(" "),
        with_unknown(shares, 1, 9).lines().nth(1).unwrap()
    );
    assert_eq!(
        Slip39Template::parse(&bad).unwrap_err(),
        Error::Slip39Share {
            share: 1,
            error: Slip39Error::Checksum
        }
    );
    // A word outside the list.
    let unknown = with_unknown(shares, 1, 9).replacen("pistol", "pistols", 1);
    assert_eq!(
        Slip39Template::parse(&unknown).unwrap_err(),
        Error::Slip39Share {
            share: 1,
            error: Slip39Error::UnknownWord { position: 1 }
        }
    );
    // One share of a 2-of-3 set: no word makes a set.
    let one = with_unknown(&shares[1..], 0, 9);
    let target = fingerprint_target(xprv);
    let check = SeedCheck::new(&target, Paths::new(Coin::Bitcoin));
    let err = Slip39Template::parse(&one)
        .unwrap()
        .search_vartime("TREZOR", &check)
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Slip39Set {
                error: Slip39Error::MemberCount { .. }
            }
        ),
        "{err:?}"
    );
}

#[test]
fn a_word_not_in_the_list_is_searched_as_the_unknown_word() {
    let (_, shares, xprv) = &valid_cases()[1]; // 4. Basic sharing 2-of-3 (128 bits)
    let target = fingerprint_target(xprv);
    let check = SeedCheck::new(&target, Paths::new(Coin::Bitcoin));
    // The second share's eighth word, `unknown`, misspelled.
    let text = shares[1].replace(" unknown ", " unknwon ");
    assert_ne!(text, shares[1]);
    let template = Slip39Template::parse(&format!("{}\n{text}", shares[0])).unwrap();
    assert_eq!(template.unknown_share(), 2);
    let Slip39Outcome::Found(found) = template.search_vartime("TREZOR", &check).unwrap() else {
        panic!("no match")
    };
    assert_eq!(found.text.as_str(), shares[1]);
    // Beside a `?`, a word not in the list is an error naming its place.
    let both = format!("{}\n{}", shares[0].replacen("shadow", "?", 1), text);
    assert_eq!(
        Slip39Template::parse(&both).unwrap_err(),
        Error::Slip39Share {
            share: 2,
            error: Slip39Error::UnknownWord { position: 7 }
        }
    );
}
