//! Passphrase rules and masks against hand-computed lists and counts (combinatorics written
//! out in the comments), and typo neighbourhoods against a brute-force enumeration checked by
//! the textbook Damerau–Levenshtein distance (Lowrance–Wagner, unrestricted).
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    clippy::many_single_char_names,
    clippy::naive_bytecount
)] // test code: failing loudly is the point; the textbook algorithm's names

use std::collections::{BTreeSet, HashMap};
use std::string::{String, ToString};
use std::vec::Vec;

use fastbip32::recovery::{PassphraseRuleError, PassphraseRules};

fn all(rules: &PassphraseRules) -> Vec<String> {
    (0..rules.count())
        .map(|i| rules.nth(i).unwrap().to_string())
        .collect()
}

fn list(base: &str, text: &str) -> Vec<String> {
    all(&PassphraseRules::from_rules(base, text).unwrap())
}

/// The unrestricted Damerau–Levenshtein distance (Lowrance and Wagner's algorithm).
fn damerau_levenshtein(a: &[u8], b: &[u8]) -> usize {
    let (n, m) = (a.len(), b.len());
    let max = n + m;
    let mut d = vec![vec![0usize; m + 2]; n + 2];
    d[0][0] = max;
    for i in 0..=n {
        d[i + 1][0] = max;
        d[i + 1][1] = i;
    }
    for j in 0..=m {
        d[0][j + 1] = max;
        d[1][j + 1] = j;
    }
    let mut last_row: HashMap<u8, usize> = HashMap::new();
    for i in 1..=n {
        let mut last_col = 0;
        for j in 1..=m {
            let i1 = *last_row.get(&b[j - 1]).unwrap_or(&0);
            let j1 = last_col;
            let cost = usize::from(a[i - 1] != b[j - 1]);
            if cost == 0 {
                last_col = j;
            }
            d[i + 1][j + 1] = (d[i][j] + cost)
                .min(d[i + 1][j] + 1)
                .min(d[i][j + 1] + 1)
                .min(d[i1][j1] + (i - i1 - 1) + 1 + (j - j1 - 1));
        }
        last_row.insert(a[i - 1], i);
    }
    d[n + 1][m + 1]
}

/// Every string over `alphabet` of length at most `max_len`.
fn strings(alphabet: &[u8], max_len: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    let mut level = vec![Vec::new()];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for s in &level {
            for &c in alphabet {
                let mut t: Vec<u8> = s.clone();
                t.push(c);
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        level = next;
    }
    out
}

#[test]
fn case_variants_are_listed_once_in_order() {
    // as given, lower, upper, capitalised, first letter toggled; repeats dropped
    assert_eq!(list("pass", "case"), ["pass", "PASS", "Pass"]);
    assert_eq!(list("Summer", "case"), ["Summer", "summer", "SUMMER"]);
    assert_eq!(list("hELLO", "case"), ["hELLO", "hello", "HELLO", "Hello"]);
    assert_eq!(
        list("mIxEd", "case"),
        ["mIxEd", "mixed", "MIXED", "Mixed", "MIxEd"]
    );
    // non-ASCII letters are kept; digits have no case
    assert_eq!(list("é1", "case"), ["é1"]);
    assert_eq!(list("", "case"), [""]);
    assert_eq!(list("pass", ""), ["pass"]);
}

#[test]
fn substitutions_each_subset() {
    // a, s, s substitutable: 2^3 subsets, leftmost the most significant bit
    assert_eq!(
        list("pass", "subst"),
        ["pass", "pas$", "pa$s", "pa$$", "p@ss", "p@s$", "p@$s", "p@$$"]
    );
    // "pass" 8 + "PASS" 1 (uppercase is not substituted) + "Pass" 8
    let rules = PassphraseRules::from_rules("pass", "case,subst").unwrap();
    assert_eq!(rules.count(), 17);
    let listed = all(&rules);
    assert_eq!(listed.iter().collect::<BTreeSet<_>>().len(), 17);
    assert_eq!(listed[8], "PASS");
    assert_eq!(listed[16], "P@$$");
    // every letter of the table: e i o t l → 2^5
    assert_eq!(
        PassphraseRules::from_rules("eiotl", "subst")
            .unwrap()
            .count(),
        32
    );
    assert_eq!(list("eiotl", "subst")[31], "31071");
}

#[test]
fn digits_and_years() {
    // 0, 1 or 2 digits: 1 + 10 + 100
    let rules = PassphraseRules::from_rules("x", "digits:2").unwrap();
    assert_eq!(rules.count(), 111);
    let l = all(&rules);
    assert_eq!(
        [&l[0], &l[1], &l[10], &l[11], &l[12], &l[110]],
        ["x", "x0", "x9", "x00", "x01", "x99"]
    );
    assert_eq!(
        PassphraseRules::from_rules("x", "digits:1-2")
            .unwrap()
            .count(),
        110
    );
    // 111 digit suffixes and the 36 years 1990..=2025 (4 digits, not among them)
    let rules = PassphraseRules::from_rules("x", "digits:0-2,years:1990-2025").unwrap();
    assert_eq!(rules.count(), 147);
    assert_eq!(rules.nth(111).unwrap().as_str(), "x1990");
    assert_eq!(rules.nth(146).unwrap().as_str(), "x2025");
    // 4 digits cover every year of the range: 1 + 10 + 100 + 1000 + 10000
    assert_eq!(
        PassphraseRules::from_rules("x", "digits:4,years:1990-2025")
            .unwrap()
            .count(),
        11_111
    );
    // years alone always append one; 5..=12 cross the 1-to-2-digit boundary
    assert_eq!(list("y", "years:8-11"), ["y8", "y9", "y10", "y11"]);
    // a 1-digit range covers 8 and 9 only
    assert_eq!(
        list("y", "digits:1-1,years:8-11"),
        ["y0", "y1", "y2", "y3", "y4", "y5", "y6", "y7", "y8", "y9", "y10", "y11"]
    );
    // case × digits: 3 × 11
    let rules = PassphraseRules::from_rules("summer", "case,digits:0-1").unwrap();
    assert_eq!(rules.count(), 33);
    assert_eq!(rules.nth(21).unwrap().as_str(), "SUMMER9");
}

#[test]
fn typos_distance_one_hand_listed() {
    // "ab" over {a, b}: itself; deletions a, b; insertions aab, bab, abb, aba; substitutions
    // bb, aa; the transposition ba: 10.
    let got: BTreeSet<String> = list("ab", "typos:1,alphabet:ab").into_iter().collect();
    let want: BTreeSet<String> = ["ab", "a", "b", "aab", "bab", "abb", "aba", "bb", "aa", "ba"]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, want);
    assert_eq!(list("ab", "typos:1,alphabet:ab")[0], "ab");
    // distance 2: "" (1) + all of length 1 (2), 2 (4), 3 (8) + the 11 of length 4 holding
    // "ab" as a subsequence (16 minus the 5 of the form b…ba…a): 26.
    assert_eq!(
        PassphraseRules::from_rules("ab", "typos:2,alphabet:ab")
            .unwrap()
            .count(),
        26
    );
}

#[test]
fn typos_match_brute_force_distance() {
    for (base, alphabet, n) in [
        ("abc", "abc", 1u8),
        ("abc", "abc", 2),
        ("aab", "ab", 2),
        ("ba", "?d", 1),
        ("abca", "abc", 2),
    ] {
        let text = format!("typos:{n},alphabet:{alphabet}");
        let rules = PassphraseRules::from_rules(base, &text).unwrap();
        let got = all(&rules);
        let set: BTreeSet<&String> = got.iter().collect();
        assert_eq!(set.len(), got.len(), "{base} {text}: a repeat");
        let mut chars: Vec<u8> = if alphabet == "?d" {
            b"0123456789".to_vec()
        } else {
            alphabet.bytes().collect()
        };
        chars.extend(base.bytes());
        chars.sort_unstable();
        chars.dedup();
        // strings over the alphabet and the base's characters (a substitution may only use
        // the alphabet, but a transposition or deletion keeps the base's characters)
        let alpha_only: Vec<u8> = if alphabet == "?d" {
            b"0123456789".to_vec()
        } else {
            alphabet.bytes().collect()
        };
        let want: BTreeSet<String> = strings(&chars, base.len() + usize::from(n))
            .into_iter()
            .filter(|s| damerau_levenshtein(base.as_bytes(), s) <= usize::from(n))
            .filter(|s| {
                // characters not in the alphabet must come from the base, at most as often
                s.iter().all(|c| {
                    alpha_only.contains(c)
                        || s.iter().filter(|&d| d == c).count()
                            <= base.bytes().filter(|d| d == c).count()
                })
            })
            .map(|s| String::from_utf8(s).unwrap())
            .collect();
        let got: BTreeSet<String> = got.into_iter().collect();
        assert_eq!(got, want, "{base} {text}");
    }
}

#[test]
fn typos_and_suffixes_deduplicated() {
    // "1" over {1}: "", "1", "11"; with no digit or one: 3 × 11 = 33 pairs, of which
    // "" + "1" = "1" + "" and "1" + "1" = "11" + "": 31 distinct.
    let rules = PassphraseRules::from_rules("1", "typos:1,alphabet:1,digits:1").unwrap();
    assert_eq!(rules.count(), 31);
    let l = all(&rules);
    assert_eq!(l.iter().collect::<BTreeSet<_>>().len(), 31);
    assert_eq!(l[0], "1");
    // case + typos: the variants' neighbourhoods overlap and are counted once
    let l = list("ab", "case,typos:1,alphabet:?l?u");
    assert_eq!(l.iter().collect::<BTreeSet<_>>().len(), l.len());
    assert_eq!(&l[..3], ["ab", "AB", "Ab"]);
}

#[test]
fn masks() {
    let m = PassphraseRules::from_mask("Summer?d?d?s").unwrap();
    assert_eq!(m.count(), 10 * 10 * 33);
    assert_eq!(m.nth(0).unwrap().as_str(), "Summer00 ");
    assert_eq!(m.nth(1).unwrap().as_str(), "Summer00!");
    assert_eq!(m.nth(33).unwrap().as_str(), "Summer01 ");
    assert_eq!(m.nth(3299).unwrap().as_str(), "Summer99~");
    assert_eq!(
        m.nth(3300),
        Err(PassphraseRuleError::IndexOutOfRange {
            index: 3300,
            count: 3300
        })
    );
    let m = PassphraseRules::from_mask("?l?u").unwrap();
    assert_eq!(m.count(), 676);
    assert_eq!(m.nth(27).unwrap().as_str(), "bB");
    let m = PassphraseRules::from_mask("?a").unwrap();
    assert_eq!(m.count(), 95);
    assert_eq!(
        [
            m.nth(0).unwrap(),
            m.nth(26).unwrap(),
            m.nth(52).unwrap(),
            m.nth(62).unwrap()
        ]
        .map(|s| s.to_string()),
        ["a", "A", "0", " "]
    );
    let m = PassphraseRules::from_mask("a??b").unwrap();
    assert_eq!(all(&m), ["a?b"]);
    assert_eq!(all(&PassphraseRules::from_mask("").unwrap()), [""]);
    assert_eq!(all(&PassphraseRules::from_mask("ü?d").unwrap())[9], "ü9");
    // 95^19 < 2^128 < 95^20
    assert_eq!(
        PassphraseRules::from_mask(&"?a".repeat(19))
            .unwrap()
            .count(),
        95u128.pow(19)
    );
    assert_eq!(
        PassphraseRules::from_mask(&"?a".repeat(20)).unwrap_err(),
        PassphraseRuleError::CountOverflow
    );
    assert_eq!(
        PassphraseRules::from_mask("ab?x").unwrap_err(),
        PassphraseRuleError::InvalidMaskClass { offset: 2 }
    );
    assert_eq!(
        PassphraseRules::from_mask("ab?").unwrap_err(),
        PassphraseRuleError::InvalidMaskClass { offset: 2 }
    );
    assert_eq!(
        PassphraseRules::from_mask(&"a".repeat(257)).unwrap_err(),
        PassphraseRuleError::TooLong { max: 256 }
    );
}

#[test]
fn rule_text_errors() {
    let err = |text: &str| PassphraseRules::from_rules("x", text).unwrap_err();
    assert_eq!(
        err("case,bogus"),
        PassphraseRuleError::InvalidRule { item: 1 }
    );
    assert_eq!(err("case:1"), PassphraseRuleError::InvalidRule { item: 0 });
    assert_eq!(err("typos:0"), PassphraseRuleError::InvalidRule { item: 0 });
    assert_eq!(err("typos:4"), PassphraseRuleError::InvalidRule { item: 0 });
    assert_eq!(
        err("digits:19"),
        PassphraseRuleError::InvalidRule { item: 0 }
    );
    assert_eq!(
        err("digits:3-2"),
        PassphraseRuleError::InvalidRule { item: 0 }
    );
    assert_eq!(
        err("digits:-2"),
        PassphraseRuleError::InvalidRule { item: 0 }
    );
    assert_eq!(
        err("years:2000"),
        PassphraseRuleError::InvalidRule { item: 0 }
    );
    assert_eq!(
        err("years:1-10000"),
        PassphraseRuleError::InvalidRule { item: 0 }
    );
    assert_eq!(
        err("typos:1,alphabet:"),
        PassphraseRuleError::InvalidRule { item: 1 }
    );
    assert_eq!(
        err("typos:1,alphabet:é"),
        PassphraseRuleError::InvalidRule { item: 1 }
    );
    assert_eq!(
        err("case, case"),
        PassphraseRuleError::DuplicateRule { item: 1 }
    );
    assert_eq!(
        err("alphabet:?d"),
        PassphraseRuleError::AlphabetWithoutTypos
    );
    assert_eq!(
        err("typos:1,alphabet:?q"),
        PassphraseRuleError::InvalidMaskClass { offset: 0 }
    );
    assert_eq!(
        PassphraseRules::from_rules(&"x".repeat(250), "digits:0-8").unwrap_err(),
        PassphraseRuleError::TooLong { max: 256 }
    );
    // 2^128 substitution subsets
    assert_eq!(
        PassphraseRules::from_rules(&"a".repeat(128), "subst").unwrap_err(),
        PassphraseRuleError::CountOverflow
    );
    assert_eq!(
        PassphraseRules::from_rules(&"a".repeat(127), "subst")
            .unwrap()
            .count(),
        1 << 127
    );
    // three typos over printable ASCII of a 40-character base: far over the listing bound
    assert_eq!(
        PassphraseRules::from_rules(&"x".repeat(40), "typos:3").unwrap_err(),
        PassphraseRuleError::TooManyVariants {
            max: PassphraseRules::MAX_LISTED
        }
    );
    // every error is one line
    for e in [err("bogus"), err("alphabet:?d")] {
        assert!(!e.to_string().contains('\n'));
    }
}

/// A space of passphrase rules: the passphrases in the rules' order, each index's candidate
/// (the order of `src/recovery.rs`: block, then passphrase, then the words), and a
/// checkpoint bound to the base and the rules.
#[test]
fn a_space_of_rules_indexes_each_variant() {
    use fastbip32::mnemonic::Language;
    use fastbip32::recovery::{Checkpoint, CheckpointField, Error, Options, Space, Template};

    let words =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";
    let options = Options::new().language(Language::English);
    let space_of = |base: &str, rules: &str| {
        let template = Template::parse(words, &options).unwrap();
        Space::with_passphrase_rules(template, PassphraseRules::from_rules(base, rules).unwrap())
            .unwrap()
    };
    // "trezor" with case: trezor, TREZOR, Trezor (the toggle repeats Trezor).
    let space = space_of("trezor", "case");
    assert!(space.has_passphrase_rules());
    assert_eq!(space.passphrase_count(), 3);
    assert_eq!(space.size(), 3 * 2048);
    let got: Vec<String> = (0..3)
        .map(|i| space.passphrase(i).unwrap().to_string())
        .collect();
    assert_eq!(got, ["trezor", "TREZOR", "Trezor"]);
    assert!(space.passphrase(3).is_none());
    // Index (passphrase × 2048 + word): "about" (word 3) with "TREZOR".
    let candidate = space.unrank(2048 + 3).unwrap();
    assert_eq!(candidate.passphrase_index(), 1);
    assert_eq!(candidate.words()[11], 3);
    assert_eq!(space.rank_vartime(&candidate).unwrap(), 2048 + 3);
    // Shards split the passphrases as a list: 3 shards of 2048.
    assert_eq!(space.shard(1, 3).unwrap(), 2048..4096);

    // A checkpoint names the passphrases when the rules or the base change.
    let text = Checkpoint::new(&space, [9; 16]).to_string();
    assert!(!text.contains("trezor") && !text.contains("TREZOR"));
    assert!(Checkpoint::parse(&text, &space_of("trezor", "case")).is_ok());
    for (base, rules) in [("trezor", "case,digits:0"), ("trezos", "case")] {
        let other = space_of(base, rules);
        match Checkpoint::parse(&text, &other) {
            Err(Error::CheckpointChanged { fields }) => {
                assert!(fields.contains(CheckpointField::Passphrases));
            }
            other => panic!("{other:?}"),
        }
    }
    // A list of the same three passphrases is another space: no index of it is assumed.
    let template = Template::parse(words, &options).unwrap();
    let list = Space::new(template, ["trezor", "TREZOR", "Trezor"]).unwrap();
    assert!(!list.has_passphrase_rules());
    assert!(Checkpoint::parse(&text, &list).is_err());
}

/// A space salts with each variant in NFKD, as BIP-39 does.
#[test]
fn a_space_of_rules_normalizes_each_variant() {
    use fastbip32::mnemonic::Language;
    use fastbip32::recovery::{Options, Space, Template};

    let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
    let template = Template::parse(words, &Options::new().language(Language::English)).unwrap();
    let mask = PassphraseRules::from_mask("caf\u{e9}?d").unwrap();
    let space = Space::with_passphrase_rules(template, mask).unwrap();
    // U+00E9 (é) is U+0065 U+0301 in NFKD (Unicode's decomposition table).
    assert_eq!(space.passphrase(0).as_deref(), Some("cafe\u{301}0"));
    assert_eq!(space.passphrase(9).as_deref(), Some("cafe\u{301}9"));
}

/// `parse` reads the command line's rule text: `mask` makes the base a mask, anything else is
/// a rule list; each error's kind is its variant's name.
#[test]
fn parse_takes_mask_or_rules_and_errors_name_their_kind() {
    // ?d is ten digits; "summer" alone with digits:1 is 1 + 10 passphrases.
    assert_eq!(PassphraseRules::parse("a?d", " mask ").unwrap().count(), 10);
    assert_eq!(
        PassphraseRules::parse("summer", "digits:1")
            .unwrap()
            .count(),
        11
    );
    // "mask" is not a rule item: among others it is refused, as item 2.
    let err = PassphraseRules::parse("summer", "case,mask").unwrap_err();
    assert_eq!(err, PassphraseRuleError::InvalidRule { item: 1 });
    assert_eq!(err.kind(), "InvalidRule");
    let err = PassphraseRules::parse("?x", "mask").unwrap_err();
    assert_eq!(err, PassphraseRuleError::InvalidMaskClass { offset: 0 });
    assert_eq!(err.kind(), "InvalidMaskClass");
    assert_eq!(
        PassphraseRules::parse("a", "case,case").unwrap_err().kind(),
        "DuplicateRule"
    );
}
