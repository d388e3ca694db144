//! The recovery search's candidate space against independent oracles: the `bip39` crate for
//! phrases, entropy and checksum validity; brute-force enumerations written from the
//! definitions for the spaces' contents; the published BIP-39 vectors
//! (`tests/data/bip39_*.json`). Every error variant of `recovery::Error` is produced here.
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::many_single_char_names,
    clippy::too_many_lines,
    clippy::single_range_in_vec_init
)] // test code: failing loudly is the point; short names over short phrases; rates as floats

use std::collections::BTreeMap;
use std::string::{String, ToString};
use std::vec::Vec;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    Batch, Candidate, Checkpoint, CheckpointField, CheckpointFields, ChecksumCount, Error, Options,
    Space, Template, BATCH_LEN, MAX_LAYOUTS, MAX_PHRASE_LEN,
};
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;
use serde_json::Value;
use unicode_normalization::UnicodeNormalization;

// ---- oracles and helpers -------------------------------------------------------------------

fn b39(language: Language) -> bip39::Language {
    match language {
        Language::English => bip39::Language::English,
        Language::Japanese => bip39::Language::Japanese,
        Language::Korean => bip39::Language::Korean,
        Language::Spanish => bip39::Language::Spanish,
        Language::ChineseSimplified => bip39::Language::SimplifiedChinese,
        Language::ChineseTraditional => bip39::Language::TraditionalChinese,
        Language::French => bip39::Language::French,
        Language::Italian => bip39::Language::Italian,
        Language::Czech => bip39::Language::Czech,
        Language::Portuguese => bip39::Language::Portuguese,
        _ => panic!("a language this test does not know"),
    }
}

/// The `bip39` crate's words of a list (NFKD).
fn list(language: Language) -> &'static [&'static str; 2048] {
    b39(language).word_list()
}

/// Whether `bip39` accepts the phrase of these indices (the checksum oracle).
fn valid(language: Language, words: &[u16]) -> bool {
    let phrase: Vec<&str> = words
        .iter()
        .map(|&w| list(language)[usize::from(w)])
        .collect();
    bip39::Mnemonic::parse_in_normalized(b39(language), &phrase.join(" ")).is_ok()
}

/// The entropy `bip39` reads from the phrase of these indices.
fn entropy_of(language: Language, words: &[u16]) -> Vec<u8> {
    let phrase: Vec<&str> = words
        .iter()
        .map(|&w| list(language)[usize::from(w)])
        .collect();
    bip39::Mnemonic::parse_in_normalized(b39(language), &phrase.join(" "))
        .unwrap()
        .to_entropy()
}

/// `SplitMix64`: reproducible test randomness.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random valid phrase of `n` words from `bip39`: its word indices and words (NFKD).
fn random_phrase(rng: &mut Rng, language: Language, n: usize) -> (Vec<u16>, Vec<String>) {
    let entropy: Vec<u8> = (0..n / 3 * 4).map(|_| rng.next() as u8).collect();
    let m = bip39::Mnemonic::from_entropy_in(b39(language), &entropy).unwrap();
    let indices = m.word_indices().map(|i| i as u16).collect();
    let words = m.words().map(ToString::to_string).collect();
    (indices, words)
}

/// Every checksum-valid candidate the filter emits for `range`: index → candidate.
fn filtered(
    space: &Space,
    range: std::ops::Range<u128>,
) -> BTreeMap<u128, (Vec<u16>, usize, Vec<u8>)> {
    let mut out = BTreeMap::new();
    let mut candidates = space.candidates(range.clone()).unwrap();
    let mut batch = Batch::new();
    let mut last = range.start;
    while candidates.next_batch_vartime(&mut batch) > 0 {
        assert!(batch.len() <= BATCH_LEN);
        for i in 0..batch.len() {
            let index = batch.index(i).unwrap();
            assert!(
                range.contains(&index) && index >= last,
                "in order, in range"
            );
            assert!(index < candidates.position());
            last = index;
            let entry = (
                batch.words(i).to_vec(),
                batch.passphrase_index(i).unwrap(),
                batch.entropy(i).to_vec(),
            );
            assert!(out.insert(index, entry).is_none());
        }
    }
    assert_eq!(candidates.position(), range.end);
    out
}

/// Optimal-string-alignment distance, unbounded (the test's own, from the definition).
fn osa(a: &[char], b: &[char]) -> usize {
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The typo neighbourhood of `given` by its definition.
fn neighbourhood(language: Language, given: &str) -> Vec<u16> {
    let given: String = given.chars().flat_map(char::to_lowercase).nfkd().collect();
    let letters = |w: &str| -> Vec<char> {
        w.chars()
            .filter(|c| !matches!(c, '\u{300}'..='\u{36f}' | '\u{3099}' | '\u{309a}'))
            .take(4)
            .collect()
    };
    let g: Vec<char> = given.chars().collect();
    (0..2048u16)
        .filter(|&i| {
            let w = list(language)[usize::from(i)];
            let c: Vec<char> = w.chars().collect();
            w != given
                && (osa(&g, &c) <= 2
                    || (letters(&given).len() == 4 && letters(w) == letters(&given)))
        })
        .collect()
}

/// One token for the brute-force enumerations: its sets as written and as a typo.
#[derive(Clone)]
struct Tok {
    keep: Vec<u16>,
    typo: Option<Vec<u16>>,
}

/// Every candidate of the definition (typo sets ⊆ the typo-able tokens with every unknown
/// word in it; disjoint adjacent swaps of tokens with different sets; missing words at any
/// slots; every passphrase), in no particular order, with multiplicity.
fn brute(
    tokens: &[Tok],
    n: usize,
    typos: usize,
    swaps: usize,
    passphrases: usize,
) -> Vec<(Vec<u16>, usize)> {
    let m = tokens.len();
    let mut out = Vec::new();
    let typoable: Vec<usize> = (0..m).filter(|&i| tokens[i].typo.is_some()).collect();
    for q in 0u32..1 << typoable.len() {
        if q.count_ones() as usize > typos {
            continue;
        }
        let chosen: Vec<usize> = typoable
            .iter()
            .enumerate()
            .filter(|(b, _)| q >> b & 1 == 1)
            .map(|(_, &t)| t)
            .collect();
        if (0..m).any(|i| tokens[i].keep.is_empty() && !chosen.contains(&i)) {
            continue;
        }
        let sets: Vec<Vec<u16>> = (0..m)
            .map(|i| {
                if chosen.contains(&i) {
                    tokens[i].typo.clone().unwrap()
                } else {
                    tokens[i].keep.clone()
                }
            })
            .collect();
        for pairs in 0u32..1 << m.saturating_sub(1) {
            let pair_list: Vec<usize> = (0..m - 1).filter(|&i| pairs >> i & 1 == 1).collect();
            if pair_list.len() > swaps || pair_list.windows(2).any(|w| w[1] == w[0] + 1) {
                continue;
            }
            let same = |i: usize| {
                tokens[i].keep == tokens[i + 1].keep && tokens[i].typo == tokens[i + 1].typo
            };
            if pair_list.iter().any(|&i| same(i)) {
                continue;
            }
            let mut order: Vec<usize> = (0..m).collect();
            for &i in &pair_list {
                order.swap(i, i + 1);
            }
            for missing in 0u32..1 << n {
                if missing.count_ones() as usize != n - m {
                    continue;
                }
                let mut slots: Vec<Vec<u16>> = Vec::new();
                let mut next = order.iter();
                for s in 0..n {
                    if missing >> s & 1 == 1 {
                        slots.push((0..2048).collect());
                    } else {
                        slots.push(sets[*next.next().unwrap()].clone());
                    }
                }
                let mut phrases: Vec<Vec<u16>> = vec![Vec::new()];
                for slot in &slots {
                    phrases = phrases
                        .iter()
                        .flat_map(|s| slot.iter().map(move |&w| [s.as_slice(), &[w]].concat()))
                        .collect();
                }
                for p in 0..passphrases {
                    out.extend(phrases.iter().map(|s| (s.clone(), p)));
                }
            }
        }
    }
    out
}

/// The whole space, unranked and sorted, against the brute force; every index ranks back to
/// its candidate; the filter emits exactly the candidates `bip39` accepts; the exact count
/// agrees.
fn check_against_brute_force(space: &Space, mut expected: Vec<(Vec<u16>, usize)>, disjoint: bool) {
    let language = space.language();
    assert_eq!(space.size(), expected.len() as u128, "size");
    let mut got: Vec<(Vec<u16>, usize)> = Vec::new();
    let mut valid_indices = Vec::new();
    for i in 0..space.size() {
        let c = space.unrank(i).unwrap();
        let r = space.rank_vartime(&c).unwrap();
        assert!(r <= i);
        assert_eq!(space.unrank(r).unwrap(), c);
        if disjoint {
            assert_eq!(r, i);
        }
        if valid(language, c.words()) {
            valid_indices.push(i);
        }
        got.push((c.words().to_vec(), c.passphrase_index()));
    }
    got.sort();
    expected.sort();
    assert!(got == expected, "the space is the definition's multiset");
    let emitted = filtered(space, 0..space.size());
    assert_eq!(emitted.keys().copied().collect::<Vec<_>>(), valid_indices);
    for (i, (words, pass, entropy)) in &emitted {
        let c = space.unrank(*i).unwrap();
        assert_eq!(&c.words(), &words.as_slice());
        assert_eq!(c.passphrase_index(), *pass);
        assert_eq!(entropy, &entropy_of(language, words));
    }
    assert_eq!(
        space.checksum_count_vartime(u64::MAX),
        ChecksumCount::Exact(valid_indices.len() as u128)
    );
}

fn template(text: &str, options: Options) -> Template {
    Template::parse(text, &options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn known(language: Language, word: &str) -> Tok {
    Tok {
        keep: vec![list(language).iter().position(|w| *w == word).unwrap() as u16],
        typo: None,
    }
}

// ---- every kind of unknown finds the phrase --------------------------------------------------

/// A remembered phrase with something unknown, and the truth it stands for.
struct Case {
    name: &'static str,
    text: String,
    options: Options,
    passphrases: Vec<&'static str>,
    passphrase: usize,
}

fn cases(rng: &mut Rng, words: &[String]) -> Vec<Case> {
    let n = words.len();
    let nfc = |w: &str| -> String { w.nfc().collect() };
    let join = |ws: &[String]| ws.join(" ");
    let mut out = Vec::new();
    let p = 1 + rng.below(n - 2); // a middle position

    let mut t = words.to_vec();
    t[p] = "?".into();
    t[n - 1] = "?".into();
    out.push(Case {
        name: "?",
        text: join(&t),
        options: Options::new(),
        passphrases: vec![""],
        passphrase: 0,
    });

    let mut t = words.to_vec();
    let other = |k: usize| list_of(words)[(k * 389 + 7) % 2048].to_string();
    t[p] = format!(
        "{{{}, {},{}}}",
        other(p),
        nfc(&words[p]).to_uppercase(),
        other(p + 1)
    );
    t[n - 1] = format!("{{{},{}}}", words[n - 1], other(3));
    out.push(Case {
        name: "list",
        text: join(&t),
        options: Options::new(),
        passphrases: vec![""],
        passphrase: 0,
    });

    let mut t = words.to_vec();
    let prefix = |w: &str| -> String { nfc(w).chars().take(2).collect::<String>() + "*" };
    t[p] = prefix(&words[p]);
    t[n - 1] = prefix(&words[n - 1]);
    out.push(Case {
        name: "prefix",
        text: join(&t),
        options: Options::new(),
        passphrases: vec![""],
        passphrase: 0,
    });

    let mut t = words.to_vec();
    t.remove(p);
    out.push(Case {
        name: "missing",
        text: join(&t),
        options: Options::new().missing(1),
        passphrases: vec![""],
        passphrase: 0,
    });

    let mut t = words.to_vec();
    t.remove(n - 1);
    out.push(Case {
        name: "missing last",
        text: join(&t),
        options: Options::new().missing(1),
        passphrases: vec![""],
        passphrase: 0,
    });

    let mut t = words.to_vec();
    // A deleted character, and (for a word of four letters or more) a wrong ending.
    let mut chars: Vec<char> = nfc(&words[p]).chars().collect();
    chars.remove(1);
    t[p] = chars.into_iter().collect();
    let q = (p + 3) % n;
    let head: String = nfc(&words[q]).chars().take(4).collect();
    t[q] = if head.chars().count() == 4 {
        head + "qqq"
    } else {
        words[q].clone() + "q"
    };
    out.push(Case {
        name: "typos",
        text: join(&t),
        options: Options::new().typos(2),
        passphrases: vec![""],
        passphrase: 0,
    });

    let mut t = words.to_vec();
    let s = (1..n - 1).find(|&i| words[i] != words[i + 1]).unwrap();
    t.swap(s, s + 1);
    out.push(Case {
        name: "swaps",
        text: join(&t),
        options: Options::new().swaps(1),
        passphrases: vec![""],
        passphrase: 0,
    });

    out.push(Case {
        name: "passphrases",
        text: join(words),
        options: Options::new(),
        passphrases: vec!["", "hunter2", "Correct Horse", "zzz"],
        passphrase: 2,
    });
    out
}

/// The list the phrase's words come from (the test draws lists in two languages).
fn list_of(words: &[String]) -> &'static [&'static str; 2048] {
    for language in Language::ALL {
        if words.iter().all(|w| list(language).contains(&w.as_str())) {
            return list(language);
        }
    }
    panic!("no list holds the phrase");
}

#[test]
fn every_kind_of_unknown_finds_the_phrase() {
    let mut rng = Rng(20);
    for language in [Language::English, Language::Spanish, Language::Japanese] {
        for n in [12, 24] {
            for _ in 0..2 {
                let (truth, words) = random_phrase(&mut rng, language, n);
                for case in cases(&mut rng, &words) {
                    let what = format!("{language} {n} {}: {}", case.name, case.text);
                    let options = case.options.language(language);
                    let space = Space::new(template(&case.text, options), case.passphrases.clone())
                        .unwrap();
                    let candidate = Candidate::new(&truth, case.passphrase).unwrap();
                    let index = space
                        .rank_vartime(&candidate)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(space.unrank(index).unwrap(), candidate, "{what}");
                    // The filter emits it, with the entropy `bip39` reads, among candidates
                    // that are all valid.
                    let range = index.saturating_sub(3000)..(index + 3000).min(space.size());
                    let emitted = filtered(&space, range);
                    let (words_out, pass, entropy) = &emitted[&index];
                    assert_eq!(words_out, &truth, "{what}");
                    assert_eq!(*pass, case.passphrase, "{what}");
                    assert_eq!(entropy, &entropy_of(language, &truth), "{what}");
                    for (w, _, _) in emitted.values() {
                        assert!(valid(language, w), "{what}: an invalid candidate passed");
                    }
                }
            }
        }
    }
}

#[test]
fn language_is_detected_from_the_words() {
    let mut rng = Rng(7);
    for language in [Language::Spanish, Language::Czech, Language::Korean] {
        let (truth, mut words) = random_phrase(&mut rng, language, 12);
        words[4] = "?".into();
        let t = template(&words.join(" "), Options::new());
        assert_eq!(t.language(), language);
        let space = Space::new(t, [""]).unwrap();
        let c = Candidate::new(&truth, 0).unwrap();
        assert_eq!(space.unrank(space.rank_vartime(&c).unwrap()).unwrap(), c);
    }
}

// ---- published vectors -----------------------------------------------------------------------

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn trezor_vectors_with_a_word_unknown() {
    let vectors = json(include_str!("../data/bip39_trezor.json"));
    for v in vectors["english"].as_array().unwrap() {
        let entropy = hex::decode(v[0].as_str().unwrap()).unwrap();
        let phrase = v[1].as_str().unwrap();
        let words: Vec<&str> = phrase.split(' ').collect();
        let n = words.len();
        let truth: Vec<u16> = words
            .iter()
            .map(|w| list(Language::English).iter().position(|x| x == w).unwrap() as u16)
            .collect();
        // The last word unknown: exactly 2048 / 2^(n/3) valid, one hash each, the vector among them.
        let mut blank = words.clone();
        blank[n - 1] = "?";
        let space = Space::new(
            template(&blank.join(" "), Options::new().language(Language::English)),
            ["", "TREZOR"],
        )
        .unwrap();
        let expected = 2 * (2048 >> (n / 3));
        assert_eq!(
            space.checksum_count_vartime(0),
            ChecksumCount::Exact(expected)
        );
        let mut candidates = space.candidates(0..space.size()).unwrap();
        let mut batch = Batch::new();
        let (mut count, mut found) = (0u128, false);
        while candidates.next_batch_vartime(&mut batch) > 0 {
            for i in 0..batch.len() {
                count += 1;
                if batch.words(i) == truth.as_slice()
                    && batch
                        .passphrase_index(i)
                        .and_then(|p| space.passphrase(p))
                        .as_deref()
                        == Some("TREZOR")
                {
                    assert_eq!(batch.entropy(i), entropy.as_slice(), "{phrase}");
                    found = true;
                }
            }
        }
        assert_eq!((count, found), (expected, true), "{phrase}");
        assert_eq!(
            u128::from(candidates.hashes()),
            expected,
            "one hash per valid candidate"
        );
        // A middle word unknown: the filter hashes each of the 2048 (per passphrase) once.
        let mut blank = words.clone();
        blank[n / 2] = "?";
        let space = Space::new(template(&blank.join(" "), Options::new()), ["TREZOR"]).unwrap();
        let mut candidates = space.candidates(0..space.size()).unwrap();
        let mut found = false;
        while candidates.next_batch_vartime(&mut batch) > 0 {
            found |= (0..batch.len()).any(|i| batch.words(i) == truth.as_slice());
        }
        assert!(found, "{phrase}");
        assert_eq!(candidates.hashes(), 2048);
    }
}

#[test]
fn japanese_vectors_with_their_passphrases_in_a_list() {
    let vectors = json(include_str!("../data/bip39_japanese.json"));
    for v in vectors.as_array().unwrap().iter().take(6) {
        let phrase = v["phrase"].as_str().unwrap();
        let salt = v["salt"].as_str().unwrap();
        let words: Vec<&str> = phrase.split('\u{3000}').collect();
        let truth: Vec<u16> = words
            .iter()
            .map(|w| {
                let w: String = w.nfkd().collect();
                list(Language::Japanese)
                    .iter()
                    .position(|x| *x == w)
                    .unwrap() as u16
            })
            .collect();
        let mut blank = words.clone();
        blank[1] = "?";
        let space = Space::new(
            template(&blank.join("\u{3000}"), Options::new()),
            ["", salt, "x"],
        )
        .unwrap();
        assert_eq!(space.language(), Language::Japanese);
        let index = space
            .rank_vartime(&Candidate::new(&truth, 1).unwrap())
            .unwrap();
        assert!(filtered(&space, index..index + 1).contains_key(&index));
        assert_eq!(
            space.passphrase(1).as_deref(),
            Some(salt.nfkd().collect::<String>().as_str())
        );
        // The phrase as BIP-39 hashes it (NFKD, single spaces) and as a person reads it.
        let mut buf = [0u8; MAX_PHRASE_LEN];
        let len = space.write_phrase(&truth, &mut buf).unwrap();
        let nfkd: String = phrase.nfkd().collect();
        assert_eq!(
            std::str::from_utf8(&buf[..len]).unwrap(),
            nfkd.replace('\u{3000}', " ")
        );
        let shown: Vec<String> = words.iter().map(|w| w.nfkd().collect()).collect();
        assert_eq!(space.to_phrase(&truth).as_str(), shown.join("\u{3000}"));
    }
}

// ---- spaces against brute force --------------------------------------------------------------

#[test]
fn small_spaces_are_their_definitions() {
    let en = Language::English;
    let base = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    let words: Vec<&str> = base.split(' ').collect();
    let toks = |ws: &[&str]| -> Vec<Tok> { ws.iter().map(|w| known(en, w)).collect() };
    let opts = || Options::new().language(en);

    // Lists and prefixes: a product, each candidate once.
    let text = "legal winner {thank,theme,zoo} year wave sausage worth useful legal winner th* {yellow,zone}";
    let idx = |w: &str| known(en, w).keep[0];
    let mut t = toks(&words);
    t[2].keep = vec![idx("thank"), idx("theme"), idx("zoo")];
    t[10].keep = (0..2048u16)
        .filter(|&i| list(en)[usize::from(i)].starts_with("th"))
        .collect();
    t[11].keep = vec![idx("yellow"), idx("zone")];
    t[11].keep.sort_unstable();
    let space = Space::new(template(text, opts()), ["", "a"]).unwrap();
    check_against_brute_force(&space, brute(&t, 12, 0, 0, 2), true);

    // Typos: every known word, up to two of them.
    let t: Vec<Tok> = words
        .iter()
        .map(|w| Tok {
            typo: Some(neighbourhood(en, w)),
            ..known(en, w)
        })
        .collect();
    let space = Space::new(template(base, opts().typos(1)), [""]).unwrap();
    check_against_brute_force(&space, brute(&t, 12, 1, 0, 1), true);
    // A misspelling must be a typo.
    let mut t2 = t.clone();
    t2[3] = Tok {
        keep: vec![],
        typo: Some(neighbourhood(en, "yeer")),
    };
    let text = base.replacen("year", "yeer", 1);
    let space = Space::new(template(&text, opts().typos(2)), [""]).unwrap();
    check_against_brute_force(&space, brute(&t2, 12, 2, 0, 1), true);

    // Swaps, with a repeated word (never swapped with itself) and typos.
    let space = Space::new(template(base, opts().swaps(2)), [""]).unwrap();
    check_against_brute_force(&space, brute(&toks(&words), 12, 0, 2, 1), false);
    let space = Space::new(template(base, opts().swaps(1).typos(1)), ["", "b"]).unwrap();
    check_against_brute_force(&space, brute(&t, 12, 1, 1, 2), false);

    // Missing words, alone and with swaps and a list; the last word missing is among them.
    let short = &words[..11];
    let text = "legal winner thank {year,zoo} wave sausage worth useful legal winner thank";
    let mut t = toks(short);
    t[3].keep = vec![idx("year"), idx("zoo")];
    let space = Space::new(template(text, opts().missing(1)), [""]).unwrap();
    check_against_brute_force(&space, brute(&t, 12, 0, 0, 1), false);
    let space = Space::new(template(&short.join(" "), opts().missing(1).swaps(1)), [""]).unwrap();
    check_against_brute_force(&space, brute(&toks(short), 12, 0, 1, 1), false);
}

#[test]
fn checksum_counts_estimate_past_the_budget() {
    let text = "legal winner thank ? wave sausage worth useful legal winner thank yellow";
    let space = Space::new(template(text, Options::new()), ["", "x"]).unwrap();
    let exact = space.checksum_count_vartime(u64::MAX);
    let oracle = (0..space.size())
        .filter(|&i| valid(Language::English, space.unrank(i).unwrap().words()))
        .count() as u128;
    assert_eq!(exact, ChecksumCount::Exact(oracle));
    // 2048 hashes needed (once for both passphrases): one fewer is an estimate of 1/16.
    assert!(space.checksum_count_vartime(2048).is_exact());
    assert_eq!(
        space.checksum_count_vartime(2047),
        ChecksumCount::Estimate(2 * 2048 / 16)
    );
    assert_eq!(ChecksumCount::Estimate(256).to_string(), "about 256");
    assert_eq!(ChecksumCount::Exact(256).to_string(), "256");
    assert_eq!(ChecksumCount::Estimate(256).value(), 256);
}

#[test]
fn dry_run_examples_are_valid_and_spread() {
    let text = "legal winner ? year wave sausage worth useful legal winner thank ?";
    let space = Space::new(template(text, Options::new()), [""]).unwrap();
    let examples = space.examples_vartime(5, 1 << 16);
    assert_eq!(examples.len(), 5);
    for (k, (index, c)) in examples.iter().enumerate() {
        assert!(space.shard(k as u64, 5).unwrap().contains(index));
        assert_eq!(&space.unrank(*index).unwrap(), c);
        assert!(valid(Language::English, c.words()));
    }
    // A space with no valid candidate (a wrong checksum, known): none, within the budget.
    let bad = "legal winner thank year wave sausage worth useful legal winner thank zoo";
    let space = Space::new(template(bad, Options::new()), ["a", "b", "c"]).unwrap();
    assert!(space.examples_vartime(5, 10).is_empty());
    assert_eq!(space.checksum_count_vartime(0), ChecksumCount::Estimate(0));
    assert_eq!(space.checksum_count_vartime(10), ChecksumCount::Exact(0));
}

// ---- shards and ranking (properties) ---------------------------------------------------------

/// A small template from a seed: the base phrase with some tokens made lists, prefixes or `?`
/// at the end, and small options.
fn small_space(seed: u64) -> Space {
    let mut rng = Rng(seed);
    let words: Vec<&str> =
        "legal winner thank year wave sausage worth useful legal winner thank yellow"
            .split(' ')
            .collect();
    let mut t: Vec<String> = words.iter().map(|w| (*w).to_string()).collect();
    let missing = rng.below(2);
    if missing == 1 {
        t.remove(rng.below(12));
    }
    for _ in 0..rng.below(3) {
        let i = rng.below(t.len());
        if !t[i].bytes().all(|b| b.is_ascii_lowercase()) {
            continue; // already a list, a prefix or `?`
        }
        t[i] = match rng.below(3) {
            0 => format!("{{{},zoo,abandon}}", t[i]),
            1 => format!("{}*", &t[i][..3]),
            _ => "?".to_string(),
        };
    }
    let options = Options::new()
        .missing(missing)
        .typos(rng.below(2))
        .swaps(rng.below(3));
    let passphrases: Vec<String> = (0..=rng.below(3)).map(|i| i.to_string()).collect();
    Space::new(template(&t.join(" "), options), passphrases).unwrap()
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn rank_inverts_unrank(seed in any::<u64>(), at in any::<u128>()) {
        let space = small_space(seed);
        let i = at % space.size();
        let c = space.unrank(i).unwrap();
        let r = space.rank_vartime(&c).unwrap();
        prop_assert!(r <= i);
        prop_assert_eq!(space.unrank(r).unwrap(), c);
    }

    #[test]
    fn a_sub_range_filters_as_the_whole(seed in any::<u64>(), at in any::<u128>(), len in 0u128..5000) {
        let space = small_space(seed);
        let start = at % space.size();
        let end = (start + len).min(space.size());
        let part = filtered(&space, start..end);
        let wider = filtered(&space, start.saturating_sub(64)..(end + 64).min(space.size()));
        let inside: BTreeMap<_, _> = wider.into_iter().filter(|(i, _)| (start..end).contains(i)).collect();
        prop_assert!(part == inside);
    }

    #[test]
    fn shards_partition_the_space(seed in any::<u64>(), shards in 1u64..40) {
        let space = small_space(seed);
        let mut at = 0;
        for k in 0..shards {
            let r = space.shard(k, shards).unwrap();
            prop_assert_eq!(r.start, at);
            let len = r.end - r.start;
            prop_assert!(len == space.size() / u128::from(shards) || len == space.size() / u128::from(shards) + 1);
            at = r.end;
        }
        prop_assert_eq!(at, space.size());
    }

    #[test]
    fn every_index_of_a_tiny_space_is_in_one_shard_and_ranks_back(
        list in proptest::sample::subsequence((0u16..2048).collect::<Vec<_>>(), 1..6),
        passphrases in 1usize..5,
        shards in 1u64..30,
    ) {
        let items: Vec<&str> = list.iter().map(|&i| list_of_en()[usize::from(i)]).collect();
        let text = format!("legal winner thank year wave sausage worth useful legal winner thank {{{}}}", items.join(","));
        let names: Vec<String> = (0..passphrases).map(|i| format!("p{i}")).collect();
        let space = Space::new(template(&text, Options::new()), names).unwrap();
        prop_assert_eq!(space.size(), (list.len() * passphrases) as u128);
        let ranges: Vec<_> = (0..shards).map(|k| space.shard(k, shards).unwrap()).collect();
        for i in 0..space.size() {
            prop_assert_eq!(ranges.iter().filter(|r| r.contains(&i)).count(), 1);
            let c = space.unrank(i).unwrap();
            prop_assert_eq!(space.rank_vartime(&c).unwrap(), i);
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Any text and options: a template or a typed error, then a space or a typed error.
    #[test]
    fn any_template_parses_or_errs(
        pieces in prop_oneof![Just(11usize), Just(12), Just(14), Just(23), Just(24)].prop_flat_map(|n| {
            proptest::collection::vec(
                prop_oneof![
                    40 => Just("legal".to_string()),
                    20 => Just("?".to_string()),
                    20 => proptest::sample::select(&list_of_en()[..]).prop_map(str::to_string),
                    4 => "[a-z]{1,6}",
                    1 => Just("*".to_string()),
                    1 => Just("{legal,".to_string()),
                    1 => Just("wave}".to_string()),
                    1 => Just(",".to_string()),
                    1 => Just("{yard, ye*}".to_string()),
                    1 => Just("wav*".to_string()),
                    1 => Just("ábaco".to_string()),
                    1 => Just("\u{3000}".to_string()),
                    1 => "\\PC{1,3}",
                ],
                n,
            )
        }),
        length in proptest::option::of(prop_oneof![Just(12usize), Just(24), 0usize..30]),
        missing in proptest::option::of(0usize..3),
        typos in 0usize..3,
        swaps in 0usize..3,
    ) {
        let text = pieces.join(" ");
        let mut options = Options::new().typos(typos).swaps(swaps);
        if let Some(length) = length {
            options = options.length(length);
        }
        if let Some(missing) = missing {
            options = options.missing(missing);
        }
        // An oracle for templates of list words and `?` only, with no length asked for:
        // BIP-39 defines 12, 15, 18, 21 and 24 words.
        let plain = pieces.iter().all(|p| p == "?" || list_of_en().contains(&p.as_str()));
        let count = pieces.len() + missing.unwrap_or(0);
        let valid_count = [12, 15, 18, 21, 24].contains(&count);
        match Template::parse(&text, &options) {
            Ok(t) => {
                prop_assert!([12, 15, 18, 21, 24].contains(&t.word_count()));
                prop_assert!(!plain || length.is_some() || valid_count);
                match Space::new(t, [""]) {
                    Ok(space) => {
                        prop_assert!(space.size() > 0);
                        let c = space.unrank(space.size() - 1).unwrap();
                        prop_assert_eq!(c.words().len(), space.word_count());
                    }
                    Err(err) => prop_assert!(
                        matches!(err, Error::TooManyLayouts { .. } | Error::SpaceTooLarge),
                        "{err:?}"
                    ),
                }
            }
            Err(err) => {
                let message = err.to_string();
                prop_assert!(!message.is_empty() && !message.contains('\n'));
                if plain && length.is_none() {
                    if valid_count {
                        prop_assert!(
                            matches!(err, Error::AmbiguousLanguage | Error::TooManyLayouts { .. }),
                            "{err:?}"
                        );
                    } else {
                        prop_assert_eq!(err, Error::InvalidWordCount { count });
                    }
                }
            }
        }
    }
}

fn list_of_en() -> &'static [&'static str; 2048] {
    list(Language::English)
}

// ---- checkpoints -----------------------------------------------------------------------------

#[test]
fn checkpoints_merge_round_trip_and_hold_no_words() {
    let mut rng = Rng(99);
    let (truth, words) = random_phrase(&mut rng, Language::English, 12);
    let mut blank = words.clone();
    blank[11] = "?".into();
    let passphrases = ["hunter2!", "Correct Horse Battery"];
    let space = Space::new(template(&blank.join(" "), Options::new()), passphrases).unwrap();
    let mut cp = Checkpoint::new(&space, [0x5a; 16]);
    cp.mark_done(10..20).unwrap();
    cp.mark_done(30..40).unwrap();
    cp.mark_done(20..25).unwrap(); // touches 10..20
    cp.mark_done(5..6).unwrap();
    cp.mark_done(0..0).unwrap(); // empty: nothing
    assert_eq!(cp.done(), &[5..6, 10..25, 30..40]);
    cp.mark_done(6..35).unwrap();
    assert_eq!(cp.done(), &[5..40]);
    cp.mark_done(100..200).unwrap();
    assert_eq!(cp.done_count(), 135);
    assert_eq!(cp.remaining(0..4096), vec![0..5, 40..100, 200..4096]);
    assert_eq!(cp.remaining(50..150), vec![50..100]);
    assert_eq!(cp.remaining(120..180), vec![]);
    assert_eq!(
        cp.mark_done(4000..5000),
        Err(Error::InvalidRange {
            start: 4000,
            end: 5000,
            size: 4096
        })
    );

    let text = cp.to_string();
    assert_eq!(Checkpoint::parse(&text, &space).unwrap(), cp);
    // Nothing but the format's keywords, hex and numbers; no word or passphrase.
    let keywords = [
        "fastbip32-recovery-checkpoint",
        "salt",
        "template",
        "size",
        "done",
        "field",
        "word-list",
        "missing",
        "typos",
        "swaps",
        "passphrases",
        "word-order",
    ];
    for token in text.split_whitespace() {
        let keyword = keywords.contains(&token);
        assert!(
            keyword || token.bytes().all(|b| b.is_ascii_hexdigit()),
            "{token}"
        );
        assert!(
            keyword || !list(Language::English).contains(&token),
            "{token}"
        );
    }
    // (A word of hex letters only, like "face", could be part of a hash by chance: the
    // token check above covers those.)
    for w in words.iter().map(String::as_str).chain(passphrases) {
        assert!(
            !text.contains(w) || w.bytes().all(|b| (b'a'..=b'f').contains(&b)),
            "{w}"
        );
    }
    let truth_phrase = space.to_phrase(&truth);
    assert!(!text.contains(truth_phrase.as_str()));

    // Saved atomically (no temporary file left), loaded back.
    let dir = std::env::temp_dir().join(format!("fastbip32-recovery-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("resume");
    cp.save(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert!(!dir.join("resume.tmp").exists());
    cp.mark_done(300..400).unwrap();
    cp.save(&path).unwrap();
    assert_eq!(Checkpoint::load(&path, &space).unwrap(), cp);
    assert!(matches!(
        Checkpoint::load(&dir.join("absent"), &space),
        Err(Error::CheckpointIo {
            kind: std::io::ErrorKind::NotFound
        })
    ));
    assert!(matches!(
        cp.save(&dir.join("no/such/dir")),
        Err(Error::CheckpointIo { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn checkpoints_of_another_space_or_format_are_rejected() {
    let words = "legal winner thank year wave sausage worth useful legal winner thank ?";
    let space = Space::new(template(words, Options::new()), [""]).unwrap();
    let cp = Checkpoint::new(&space, [1; 16]);
    let text = cp.to_string();
    let changed = |field| {
        let mut fields = CheckpointFields::new();
        fields.insert(field);
        Err(Error::CheckpointChanged { fields })
    };
    let others = vec![
        (
            Space::new(template(words, Options::new()), ["x"]).unwrap(),
            CheckpointField::Passphrases,
        ),
        (
            Space::new(template(words, Options::new()), ["", ""]).unwrap(),
            CheckpointField::Passphrases,
        ),
        (
            Space::new(template(&words.replace("wave", "?"), Options::new()), [""]).unwrap(),
            CheckpointField::Template,
        ),
        (
            Space::new(template(words, Options::new().typos(1)), [""]).unwrap(),
            CheckpointField::Typos,
        ),
        (
            Space::new(
                template(&words.replace("legal", "{legal,zoo}"), Options::new()),
                [""],
            )
            .unwrap(),
            CheckpointField::Template,
        ),
    ];
    for (other, field) in &others {
        assert_eq!(
            Checkpoint::parse(&text, other),
            changed(*field),
            "{field:?}"
        );
    }
    // Swaps; the word list (a template of words in English and French); missing words.
    assert_eq!(
        Checkpoint::parse(
            &text,
            &Space::new(template(words, Options::new().swaps(1)), [""]).unwrap()
        ),
        changed(CheckpointField::Swaps)
    );
    let both =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";
    let in_language = |language| {
        Space::new(
            Template::parse(both, &Options::new().language(language)).unwrap(),
            [""],
        )
        .unwrap()
    };
    let english = Checkpoint::new(&in_language(Language::English), [1; 16]).to_string();
    assert_eq!(
        Checkpoint::parse(&english, &in_language(Language::French)),
        changed(CheckpointField::WordList)
    );
    let eleven = "legal winner thank year wave sausage worth useful legal winner thank";
    let one = Checkpoint::new(
        &Space::new(template(eleven, Options::new().missing(1)), [""]).unwrap(),
        [1; 16],
    );
    let four = Space::new(template(eleven, Options::new().missing(4)), [""]).unwrap();
    match Checkpoint::parse(&one.to_string(), &four) {
        Err(Error::CheckpointChanged { fields }) => {
            assert!(fields.contains(CheckpointField::Missing), "{fields}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        changed(CheckpointField::Gap).unwrap_err().to_string(),
        "the checkpoint belongs to a search with another gap: resuming it would skip candidates this search has not examined (use a new checkpoint file, or search as before)"
    );
    // Another salt gives another hash of the same space.
    assert_ne!(Checkpoint::new(&space, [2; 16]).to_string(), text);

    let lines: Vec<&str> = text.lines().collect();
    let with = |i: usize, line: &str| -> String {
        let mut l = lines.clone();
        l[i] = line;
        l.join("\n")
    };
    assert_eq!(
        Checkpoint::parse(&with(0, "fastbip32-recovery-checkpoint 1"), &space),
        Err(Error::CheckpointVersion { version: 1 })
    );
    // Version 3 files had a word-order field or a seed field, never both: refused.
    assert_eq!(
        Checkpoint::parse(&with(0, "fastbip32-recovery-checkpoint 3"), &space),
        Err(Error::CheckpointVersion { version: 3 })
    );
    assert_eq!(
        Checkpoint::parse(&with(0, "something 1"), &space),
        Err(Error::CheckpointSyntax { line: 1 })
    );
    assert_eq!(
        Checkpoint::parse(&with(1, "salt 00"), &space),
        Err(Error::CheckpointSyntax { line: 2 })
    );
    assert_eq!(
        Checkpoint::parse(&with(2, "template xyz"), &space),
        Err(Error::CheckpointSyntax { line: 3 })
    );
    assert_eq!(
        Checkpoint::parse(&with(3, "size -1"), &space),
        Err(Error::CheckpointSyntax { line: 4 })
    );
    assert_eq!(
        Checkpoint::parse(&with(3, "size 5"), &space),
        Err(Error::CheckpointMismatch)
    );
    assert_eq!(
        Checkpoint::parse("", &space),
        Err(Error::CheckpointSyntax { line: 1 })
    );
    assert_eq!(
        Checkpoint::parse(&lines[..2].join("\n"), &space),
        Err(Error::CheckpointSyntax { line: 3 })
    );
    for bad in [
        "done 5 5",
        "done 7 3",
        "done 0 4097",
        "done 1",
        "done 1 2 3",
        "finished 1 2",
        "done +1 2",
        "",
    ] {
        // The header's four lines, the space's seven fields, one good range, then the bad line.
        let text = format!("{text}done 0 10\n{bad}\n");
        assert_eq!(
            Checkpoint::parse(&text, &space),
            Err(Error::CheckpointSyntax { line: 13 }),
            "{bad}"
        );
    }
    // Ranges in any order merge on reading.
    let text2 = format!("{text}done 20 30\ndone 0 10\ndone 10 20\n");
    assert_eq!(Checkpoint::parse(&text2, &space).unwrap().done(), &[0..30]);
}

// ---- errors ----------------------------------------------------------------------------------

#[test]
fn every_error_variant_with_its_context() {
    let en = || Options::new().language(Language::English);
    let twelve = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    let parse = |text: &str, options: Options| Template::parse(text, &options).map(|_| ());
    assert_eq!(parse("   ", en()), Err(Error::EmptyTemplate));
    for (bad, position) in [
        ("legal {winner", 1),
        ("legal {} x", 1),
        ("legal {a,,b}", 1),
        ("legal {a b}", 1),
        ("legal {a,{b}}", 1),
        ("legal {a}b", 1),
        ("legal a}", 1),
        ("legal {?}", 1),
        ("legal ??", 1),
        ("legal {**}", 1),
        ("legal w*n,r", 1),
    ] {
        assert_eq!(
            parse(bad, en()),
            Err(Error::InvalidToken { position }),
            "{bad}"
        );
    }
    assert_eq!(
        parse(&twelve.replace("wave", "wavy"), en()),
        Err(Error::UnknownWord { position: 4 })
    );
    assert_eq!(
        parse(&twelve.replace("wave", "qqqqqqqqqq"), en().typos(1)),
        Err(Error::UnknownWord { position: 4 })
    );
    // "Did you mean": the intended word is among the nearest, as `mnemonic::suggest` ranks
    // them; no suggestion for a token that is no word, none for a word far from every word.
    let wavy = twelve.replace("wave", "wavy");
    let near = Template::suggest_vartime(&wavy, &en(), 4).unwrap();
    assert!(near.contains(&"wave"), "{near:?}");
    assert_eq!(
        near,
        fastbip32::mnemonic::suggest("wavy", Language::English)
    );
    assert_eq!(
        Template::suggest_vartime(&wavy, &Options::new(), 4),
        Some(near)
    );
    assert_eq!(
        Template::suggest_vartime(&twelve.replace("wave", "?"), &en(), 4),
        None
    );
    assert_eq!(Template::suggest_vartime(&wavy, &en(), 12), None);
    let far = Template::suggest_vartime(&twelve.replace("wave", "qqqqqqqqqq"), &en(), 4);
    assert!(far.unwrap().is_empty());
    assert_eq!(
        parse(
            &twelve.replace("wave", "wavy").replace("worth", "wurth"),
            en().typos(1)
        ),
        Err(Error::TooManyUnknownWords {
            unknown: 2,
            typos: 1
        })
    );
    assert_eq!(
        parse(&twelve.replace("wave", "{wave,wavy}"), en()),
        Err(Error::UnknownListItem {
            position: 4,
            item: 1
        })
    );
    assert_eq!(
        parse(&twelve.replace("wave", "{wave,qx*}"), en()),
        Err(Error::UnknownListItem {
            position: 4,
            item: 1
        })
    );
    assert_eq!(
        parse(&twelve.replace("wave", "qx*"), en()),
        Err(Error::NoWordWithPrefix { position: 4 })
    );
    assert_eq!(
        parse("? ? ? ? ? ? ? ? ? ? ? ?", Options::new()),
        Err(Error::AmbiguousLanguage)
    );
    // "abandon" is in the English and French lists alike: searched in both, English first.
    let both = Template::parse("abandon ? ? ? ? ? ? ? ? ? ? ?", &Options::new()).unwrap();
    assert_eq!(
        both.languages().collect::<Vec<_>>(),
        [Language::English, Language::French]
    );
    assert_eq!(both.language(), Language::English);
    // Named, one list.
    let english = Template::parse("abandon ? ? ? ? ? ? ? ? ? ? ?", &en()).unwrap();
    assert_eq!(english.languages().collect::<Vec<_>>(), [Language::English]);
    assert_eq!(
        parse(&twelve.replacen("legal ", "", 1), en()),
        Err(Error::InvalidWordCount { count: 11 })
    );
    assert_eq!(
        parse(twelve, en().length(13)),
        Err(Error::InvalidWordCount { count: 13 })
    );
    assert_eq!(
        parse(twelve, en().missing(2)),
        Err(Error::InvalidWordCount { count: 14 })
    );
    assert_eq!(
        parse(twelve, en().length(12).missing(13)),
        Err(Error::MissingExceedsLength {
            missing: 13,
            length: 12
        })
    );
    assert_eq!(
        parse(twelve, en().length(15).missing(2)),
        Err(Error::LengthMismatch {
            words: 12,
            missing: 2,
            length: 15
        })
    );
    assert_eq!(parse(twelve, en().length(15)), Ok(())); // three missing, implied
    assert_eq!(
        parse(&format!("{twelve} legal"), en().length(12)),
        Err(Error::LengthMismatch {
            words: 13,
            missing: 0,
            length: 12
        })
    );

    let t = |text: &str, options: Options| Template::parse(text, &options).unwrap();
    assert_eq!(
        Space::new(t(twelve, en()), Vec::<&str>::new()).unwrap_err(),
        Error::EmptyPassphraseList
    );
    let all24 = ["?"; 24].join(" ");
    assert_eq!(
        Space::new(t(&all24, en()), [""]).unwrap_err(),
        Error::SpaceTooLarge
    );
    let all_but = format!("{} legal", ["?"; 11].join(" "));
    assert_eq!(
        Space::new(t(&all_but, en()), [""]).unwrap().size(),
        1 << (11 * 11)
    );
    let t24 = format!("{twelve} {twelve}");
    let err = Space::new(t(&t24, en().typos(7)), [""]).unwrap_err();
    assert!(
        matches!(err, Error::TooManyLayouts { layouts, max } if layouts > max && max == MAX_LAYOUTS as u64),
        "{err}"
    );

    let space = Space::new(t(&twelve.replace("wave", "?"), en()), [""]).unwrap();
    assert_eq!(
        space.unrank(2048),
        Err(Error::IndexOutOfRange {
            index: 2048,
            size: 2048
        })
    );
    assert_eq!(
        space.candidates(5..2049).unwrap_err(),
        Error::InvalidRange {
            start: 5,
            end: 2049,
            size: 2048
        }
    );
    #[allow(clippy::reversed_empty_ranges)]
    let reversed = 9..5;
    assert_eq!(
        space.candidates(reversed).unwrap_err(),
        Error::InvalidRange {
            start: 9,
            end: 5,
            size: 2048
        }
    );
    assert_eq!(
        space.shard(3, 3),
        Err(Error::InvalidShard {
            shard: 3,
            shards: 3
        })
    );
    assert_eq!(
        space.shard(0, 0),
        Err(Error::InvalidShard {
            shard: 0,
            shards: 0
        })
    );
    let other = Candidate::new(&[1; 12], 0).unwrap();
    assert_eq!(space.rank_vartime(&other), Err(Error::NotInSpace));
    assert_eq!(
        space.rank_vartime(&Candidate::new(&[1; 15], 0).unwrap()),
        Err(Error::NotInSpace)
    );
    assert_eq!(
        space.rank_vartime(&Candidate::new(space.unrank(0).unwrap().words(), 1).unwrap()),
        Err(Error::NotInSpace)
    );
    assert_eq!(
        Candidate::new(&[1; 13], 0).unwrap_err(),
        Error::InvalidWordCount { count: 13 }
    );
    let mut w = [1u16; 12];
    w[7] = 2048;
    assert_eq!(
        Candidate::new(&w, 0).unwrap_err(),
        Error::UnknownWord { position: 7 }
    );

    // Every message: lowercase, no trailing period, no word.
    let all = [
        Error::EmptyTemplate,
        Error::InvalidToken { position: 0 },
        Error::UnknownWord { position: 0 },
        Error::UnknownListItem {
            position: 0,
            item: 0,
        },
        Error::NoWordWithPrefix { position: 0 },
        Error::TooManyUnknownWords {
            unknown: 2,
            typos: 1,
        },
        Error::AmbiguousLanguage,
        Error::InvalidWordCount { count: 11 },
        Error::MissingExceedsLength {
            missing: 13,
            length: 12,
        },
        Error::LengthMismatch {
            words: 12,
            missing: 2,
            length: 15,
        },
        Error::EmptyPassphraseList,
        Error::SpaceTooLarge,
        Error::TooManyLayouts {
            layouts: 1 << 20,
            max: 1 << 18,
        },
        Error::IndexOutOfRange { index: 1, size: 1 },
        Error::InvalidRange {
            start: 1,
            end: 0,
            size: 1,
        },
        Error::NotInSpace,
        Error::InvalidShard {
            shard: 1,
            shards: 1,
        },
        Error::CheckpointSyntax { line: 1 },
        Error::CheckpointVersion { version: 2 },
        Error::CheckpointMismatch,
        Error::CheckpointIo {
            kind: std::io::ErrorKind::NotFound,
        },
    ];
    for e in all {
        let m = e.to_string();
        assert!(
            m.chars().next().unwrap().is_lowercase() || m.starts_with(char::is_numeric),
            "{m}"
        );
        assert!(!m.ends_with('.'), "{m}");
    }
    assert_eq!(
        Error::InvalidToken { position: 2 }.to_string(),
        "word 3 of the template is malformed (expected a word, ?, {a,b,c} or a prefix*)"
    );
    assert_eq!(
        Error::LengthMismatch {
            words: 12,
            missing: 2,
            length: 15
        }
        .to_string(),
        "12 template words and 2 missing make 14 words, not 15"
    );
}

#[test]
fn spaces_are_shared_across_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Space>();
    send_sync::<Template>();
    send_sync::<Candidate>();
    send_sync::<Batch>();
    send_sync::<Checkpoint>();
    send_sync::<fastbip32::recovery::Candidates<'static>>();
    // Two shards filtered on two threads give what one filter gives.
    let text = "legal winner thank ? wave sausage worth useful legal winner thank yellow";
    let space = Space::new(template(text, Options::new()), ["", "x", "y"]).unwrap();
    let whole = filtered(&space, 0..space.size());
    let halves = std::thread::scope(|s| {
        let a = s.spawn(|| filtered(&space, space.shard(0, 2).unwrap()));
        let b = s.spawn(|| filtered(&space, space.shard(1, 2).unwrap()));
        let mut a = a.join().unwrap();
        a.extend(b.join().unwrap());
        a
    });
    assert!(halves == whole);
}

#[test]
fn secrets_stay_out_of_debug() {
    let text = "legal winner thank year wave sausage worth useful legal winner thank ?";
    let t = template(text, Options::new());
    let space = Space::new(t.clone(), ["hunter2"]).unwrap();
    let c = space.unrank(5).unwrap();
    let mut batch = Batch::new();
    space
        .candidates(0..100)
        .unwrap()
        .next_batch_vartime(&mut batch);
    for shown in [
        format!("{t:?}"),
        format!("{space:?}"),
        format!("{c:?}"),
        format!("{batch:?}"),
    ] {
        for w in text.split(' ').chain(["hunter2", "abandon", "about"]) {
            assert!(!shown.contains(w) || w == "?", "{shown}");
        }
    }
    // Entries past the batch's length are empty, and have no index or passphrase; those
    // below it have both.
    let n = batch.len();
    assert!(n > 0);
    assert_eq!(batch.words(n), &[] as &[u16]);
    assert_eq!(batch.entropy(BATCH_LEN), &[] as &[u8]);
    assert_eq!(batch.index(n), None);
    assert_eq!(batch.index(BATCH_LEN), None);
    assert_eq!(batch.passphrase_index(n), None);
    assert!(batch.index(n - 1).is_some_and(|i| i < 100));
    assert!(batch
        .passphrase_index(n - 1)
        .is_some_and(|p| p < space.passphrase_count()));
}

// ---- the filter's rate -----------------------------------------------------------------------

/// Candidates the checksum filter examines per second, single thread (a measurement on
/// whatever machine runs it, not an assertion): `cargo test --release -p fastbip32
/// --features recovery --test recovery -- --ignored --nocapture filter_rate`.
#[test]
#[ignore = "a measurement: run it with --ignored --nocapture"]
fn filter_rate() {
    let cases = [
        ("12 words, last unknown", "legal winner thank ? wave sausage worth useful legal winner thank ?"),
        ("12 words, last known", "legal winner ? ? wave sausage worth useful legal winner thank yellow"),
        ("24 words, last unknown", "legal winner thank year wave sausage worth useful legal winner thank yellow legal winner thank ? wave sausage worth useful legal winner thank ?"),
        ("24 words, last known", "legal winner thank year wave sausage worth useful legal winner thank yellow legal winner thank ? ? sausage worth useful legal winner thank yellow"),
    ];
    for (name, text) in cases {
        let space = Space::new(template(text, Options::new()), [""]).unwrap();
        let end = space.size().min(1 << 20);
        let mut candidates = space.candidates(0..end).unwrap();
        let mut batch = Batch::new();
        let mut valid = 0u64;
        let start = std::time::Instant::now();
        while candidates.next_batch_vartime(&mut batch) > 0 {
            valid += batch.len() as u64;
        }
        let s = start.elapsed().as_secs_f64();
        // BIP-39: a 12-word checksum has 4 bits, a 24-word one 8; with the last word unknown
        // each of its 2048 options' groups has exactly 2048 >> bits valid words, and with it
        // known about one entropy in 2^bits passes.
        let bits = if text.split(' ').count() == 12 { 4 } else { 8 };
        let expected = end >> bits;
        if text.ends_with('?') {
            assert_eq!(u128::from(valid), expected, "{name}");
        } else {
            let slack = expected / 20;
            assert!(
                u128::from(valid).abs_diff(expected) <= slack,
                "{name}: {valid} of {end}"
            );
        }
        std::println!(
            "{name}: {end} candidates in {s:.3} s = {:.1} M candidates/s, {:.2} M hashes/s, {:.2} M valid/s",
            end as f64 / s / 1e6,
            candidates.hashes() as f64 / s / 1e6,
            valid as f64 / s / 1e6
        );
    }
}

/// Whether a word of the list is expected.
type Keep<'a> = &'a dyn Fn(&str) -> bool;

/// Word patterns: `*` any run of characters, `?` one, anywhere in a word or a list item,
/// each the words of the list it matches. The expected sets filter BIP-39's English list
/// (the data) with the standard library's string tests.
#[test]
fn word_patterns_match_suffixes_infixes_and_single_characters() {
    let list = Language::English.word_list();
    let expect = |keep: &dyn Fn(&str) -> bool| -> Vec<u16> {
        (0u16..2048)
            .filter(|&i| keep(list[usize::from(i)]))
            .collect()
    };
    let words_of = |pattern: &str| -> Vec<u16> {
        let text = format!(
            "legal winner thank year wave sausage worth useful legal winner thank {pattern}"
        );
        let template = Template::parse(&text, &Options::new().language(Language::English)).unwrap();
        let space = Space::new(template, [""]).unwrap();
        (0..space.size())
            .map(|i| space.unrank(i).unwrap().words()[11])
            .collect()
    };
    let cases: [(&str, Keep<'_>); 6] = [
        ("*low", &|w| w.ends_with("low")),
        ("y*w", &|w| w.starts_with('y') && w.ends_with('w')),
        ("y?llow", &|w| {
            w.len() == 6 && w.starts_with('y') && w.ends_with("llow")
        }),
        ("?oo", &|w| w.len() == 3 && w.ends_with("oo")),
        ("*ell*", &|w| w.contains("ell")),
        ("ab*", &|w| w.starts_with("ab")),
    ];
    for (pattern, keep) in cases {
        let want = expect(keep);
        assert!(!want.is_empty(), "{pattern}");
        assert_eq!(words_of(pattern), want, "{pattern}");
    }
    // "yellow" is the phrase's last word (BIP-39's second English vector).
    assert_eq!(
        words_of("y?llow"),
        [u16::try_from(list.iter().position(|w| *w == "yellow").unwrap()).unwrap()]
    );
    // In a list: the union, in list order.
    let want = expect(&|w| w.ends_with("low") || w == "zoo");
    assert_eq!(words_of("{*low,zoo}"), want);
    // No word matches: the pattern's position.
    let text = "legal winner thank year wave sausage worth useful legal winner thank *qx";
    assert_eq!(
        Template::parse(text, &Options::new().language(Language::English)).unwrap_err(),
        Error::NoWordWithPrefix { position: 11 }
    );
}
