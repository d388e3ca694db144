//! BIP-39 and Cardano mnemonics against published and independently generated vectors
//! (`tests/data/bip39_*.json`, sources in `tests/data/README.md`), plus every error variant of
//! the module and the quality of its suggestions.
#![cfg(feature = "mnemonic")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core
)] // test code: failing loudly is the point

use fastbip32::mnemonic::{
    guess_language, suggest, CardanoMnemonic, Error, Language, Mnemonic, MAX_SUGGESTIONS,
};
use serde_json::Value;
use unicode_normalization::UnicodeNormalization;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn trezor() -> Value {
    json(include_str!("../data/bip39_trezor.json"))
}

fn japanese() -> Value {
    json(include_str!("../data/bip39_japanese.json"))
}

fn generated() -> Value {
    json(include_str!("../data/bip39_generated.json"))
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

fn nfkd(text: &str) -> String {
    text.nfkd().collect()
}

/// Our phrase is the published one, word for word in NFKD, with U+3000 between Japanese words
/// and a space otherwise (NFKD itself turns U+3000 into a space).
#[track_caller]
fn assert_phrase(ours: &str, published: &str, lang: Language) {
    let words: Vec<String> = published.split_whitespace().map(nfkd).collect();
    let separator = if lang == Language::Japanese {
        "\u{3000}"
    } else {
        " "
    };
    assert_eq!(ours, words.join(separator), "{published}");
}

/// `parsed` is `want`, or (a phrase of characters both Chinese lists share, at the same
/// indices) the same words read as simplified Chinese.
#[track_caller]
fn assert_same_or_simplified(parsed: &Mnemonic, want: &Mnemonic) {
    if parsed.language() == want.language() {
        assert_eq!(parsed, want);
    } else {
        assert_eq!(want.language(), Language::ChineseTraditional);
        assert_eq!(parsed.language(), Language::ChineseSimplified);
        assert!(parsed
            .words()
            .all(|w| Language::ChineseTraditional.find_word(w).is_some()));
        assert_eq!(parsed.to_entropy(), want.to_entropy());
        assert_eq!(*parsed.to_phrase(), *want.to_phrase());
    }
}

fn language(name: &str) -> Language {
    name.replace('_', "-").parse().unwrap()
}

/// Every published vector of python-mnemonic's `vectors.json`: all ten lists, passphrase
/// "TREZOR", entropy → phrase → seed → BIP-32 root.
#[test]
fn trezor_vectors_in_every_language() {
    let data = trezor();
    let mut count = 0;
    for (name, cases) in data.as_object().unwrap() {
        let lang = language(name);
        for case in cases.as_array().unwrap() {
            let [entropy, phrase, seed, xprv] = [0, 1, 2, 3].map(|i| s(&case[i]));
            let ctx = format!("{name} {entropy}");
            let entropy = hex::decode(entropy).unwrap();

            let made = Mnemonic::from_entropy(lang, &entropy).unwrap();
            assert_phrase(&made.to_phrase(), phrase, lang);
            assert_eq!(made.word_count(), entropy.len() * 3 / 4, "{ctx}");

            let parsed = Mnemonic::parse(phrase).unwrap();
            assert_same_or_simplified(&parsed, &made);
            assert_eq!(Mnemonic::parse_in(lang, phrase).unwrap(), made, "{ctx}");
            assert_eq!(
                parsed.to_entropy().as_bytes(),
                &entropy[..],
                "{ctx}: entropy"
            );
            let seed_bytes = parsed.to_seed("TREZOR");
            assert_eq!(hex::encode(seed_bytes.expose()), seed, "{ctx}: seed");
            #[cfg(feature = "secp256k1")]
            assert_eq!(
                *fastbip32::Xprv::from_seed(seed_bytes.expose())
                    .unwrap()
                    .to_zeroizing_string(),
                xprv,
                "{ctx}: xprv"
            );
            let _ = xprv;

            // The same phrase read as a Cardano phrase has the same entropy and words.
            let cardano = CardanoMnemonic::parse_in(lang, phrase).unwrap();
            assert_eq!(cardano, CardanoMnemonic::from(&made), "{ctx}: cardano");
            assert_eq!(
                CardanoMnemonic::parse(phrase).unwrap().to_entropy(),
                made.to_entropy()
            );
            assert_eq!(
                cardano,
                CardanoMnemonic::from_entropy(lang, &entropy).unwrap()
            );
            assert_eq!(cardano.to_entropy(), made.to_entropy(), "{ctx}");
            assert_eq!(*cardano.to_phrase(), *made.to_phrase(), "{ctx}");
            count += 1;
        }
    }
    assert_eq!(count, 240);
}

/// bip32JP's Japanese vectors: NFC phrases joined by U+3000, a passphrase that NFKD changes.
#[test]
fn japanese_vectors() {
    let data = japanese();
    let cases = data.as_array().unwrap();
    assert_eq!(cases.len(), 24);
    for case in cases {
        let [entropy, phrase, salt, seed, xprv] =
            ["entropy", "phrase", "salt", "seed", "bip32_xprv"].map(|k| s(&case[k]));
        let entropy = hex::decode(entropy).unwrap();
        let m = Mnemonic::parse(phrase).unwrap();
        assert_eq!(m.language(), Language::Japanese);
        assert_eq!(m.to_entropy().as_bytes(), &entropy[..], "{phrase}");
        let made = Mnemonic::from_entropy(Language::Japanese, &entropy).unwrap();
        assert_eq!(made, m);
        assert_phrase(&made.to_phrase(), phrase, Language::Japanese);
        let seed_bytes = m.to_seed(salt);
        assert_eq!(hex::encode(seed_bytes.expose()), seed, "{phrase}");
        #[cfg(feature = "secp256k1")]
        assert_eq!(
            *fastbip32::Xprv::from_seed(seed_bytes.expose())
                .unwrap()
                .to_zeroizing_string(),
            xprv
        );
        let _ = xprv;
    }
}

/// Generated with python-mnemonic: NFC phrases and passphrases in every language.
#[test]
fn passphrases_and_nfc_input() {
    let data = generated();
    let cases = data["passphrases"].as_array().unwrap();
    assert_eq!(cases.len(), 30);
    for case in cases {
        let lang = language(s(&case["language"]));
        let entropy = hex::decode(s(&case["entropy_hex"])).unwrap();
        for phrase in [s(&case["mnemonic"]), s(&case["mnemonic_nfc"])] {
            let m = Mnemonic::parse(phrase).unwrap();
            assert_eq!(m.language(), lang, "{phrase}");
            assert_eq!(m.to_entropy().as_bytes(), &entropy[..]);
            assert_eq!(
                hex::encode(m.to_seed(s(&case["passphrase"])).expose()),
                s(&case["seed_hex"]),
                "{phrase}"
            );
        }
    }
}

/// Phrases whose words are all in two lists.
#[test]
fn ambiguous_lists() {
    let data = generated();
    let cases = data["ambiguous"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    for case in cases {
        let phrase = s(&case["mnemonic"]);
        let valid: Vec<(Language, Vec<u8>)> = case["valid_in"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(name, e)| (language(name), hex::decode(s(e)).unwrap()))
            .collect();
        for name in case["in_lists"].as_array().unwrap() {
            let lang = language(s(name));
            match valid.iter().find(|(l, _)| *l == lang) {
                Some((_, entropy)) => {
                    let m = Mnemonic::parse_in(lang, phrase).unwrap();
                    // rust-bitcoin/rust-bip39#106: bip39's own `to_entropy` panics here.
                    assert_eq!(m.to_entropy().as_bytes(), &entropy[..], "{phrase} {lang}");
                    let c = CardanoMnemonic::parse_in(lang, phrase).unwrap();
                    assert_eq!(c.to_entropy().as_bytes(), &entropy[..]);
                }
                None => assert_eq!(
                    Mnemonic::parse_in(lang, phrase),
                    Err(Error::InvalidChecksum),
                    "{phrase} {lang}"
                ),
            }
        }
        let distinct: std::collections::BTreeSet<&Vec<u8>> = valid.iter().map(|(_, e)| e).collect();
        let detected = Mnemonic::parse(phrase);
        let detected_cardano = CardanoMnemonic::parse(phrase);
        if distinct.len() > 1 {
            assert_eq!(detected, Err(Error::AmbiguousLanguage), "{phrase}");
            assert_eq!(detected_cardano.unwrap_err(), Error::AmbiguousLanguage);
        } else {
            let (first, entropy) = &valid[0];
            let m = detected.unwrap();
            assert_eq!(m.language(), *first, "{phrase}: the first list of ALL");
            assert_eq!(m.to_entropy().as_bytes(), &entropy[..]);
            assert_eq!(
                hex::encode(m.to_seed("").expose()),
                s(&case["seed_hex"]),
                "{phrase}"
            );
            assert_eq!(
                detected_cardano.unwrap().to_entropy().as_bytes(),
                &entropy[..]
            );
        }
    }
}

/// 9-word phrases: generated by the spec-based reference of `scripts/bip39_vectors.py`, which
/// reproduces cardano-addresses' published phrase.
#[test]
fn cardano_nine_words() {
    let data = generated();
    let cases = data["cardano"].as_array().unwrap();
    assert_eq!(cases.len(), 60);
    for case in cases {
        let lang = language(s(&case["language"]));
        let phrase = s(&case["mnemonic"]);
        let entropy = hex::decode(s(&case["entropy_hex"])).unwrap();
        let made = CardanoMnemonic::from_entropy(lang, &entropy).unwrap();
        assert_phrase(&made.to_phrase(), phrase, lang);
        assert_eq!(made.word_count(), 9);
        let indices: Vec<u64> = made
            .words()
            .map(|w| u64::from(lang.find_word(w).unwrap()))
            .collect();
        let published: Vec<u64> = case["word_indices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(indices, published, "{phrase}");
        let parsed = CardanoMnemonic::parse_in(lang, phrase).unwrap();
        assert_eq!(parsed, made);
        assert_eq!(parsed.to_entropy().as_bytes(), &entropy[..]);
        // Auto-detection; a phrase of shared Chinese characters reads as simplified.
        let detected = CardanoMnemonic::parse(phrase).unwrap();
        assert_eq!(detected.to_entropy().as_bytes(), &entropy[..]);
        if lang != Language::ChineseTraditional {
            assert_eq!(detected.language(), lang);
        }
        assert_eq!(
            Mnemonic::parse_in(lang, phrase),
            Err(Error::InvalidWordCount { count: 9 })
        );
    }
}

/// cardano-addresses' published 9-word phrase, with its published word indices and entropy
/// (FromRecoveryPhraseSpec.hs).
#[test]
fn cardano_addresses_published_phrase() {
    let m =
        CardanoMnemonic::parse("test child burst immense armed parrot company walk dog").unwrap();
    assert_eq!(
        hex::encode(m.to_entropy().as_bytes()),
        "df84fc7b38c0bd40cba7b440"
    );
    let indices: Vec<u16> = m
        .words()
        .map(|w| Language::English.find_word(w).unwrap())
        .collect();
    assert_eq!(indices, [1788, 319, 246, 908, 94, 1283, 372, 1972, 516]);
    assert_eq!(m.language(), Language::English);
}

/// Every Cardano master key of `ed25519_bip32.json` given by its mnemonic: phrase → entropy
/// (or BIP-39 seed for Ledger) → the published root.
#[cfg(feature = "ed25519-bip32")]
#[test]
fn cardano_roots_from_published_mnemonics() {
    use fastbip32::{Ed25519Bip32, ExtendedPrivateKey};
    let data = json(include_str!("../data/ed25519_bip32.json"));
    let mut count = 0;
    for case in data["cases"].as_array().unwrap() {
        let inputs = &case["inputs"];
        let (Some(phrase), "master_key") = (inputs["mnemonic"].as_str(), s(&case["kind"])) else {
            continue;
        };
        let id = s(&case["id"]);
        let root = match s(&case["scheme"]) {
            scheme @ ("icarus" | "icarus-trezor") => {
                let m = CardanoMnemonic::parse(phrase).unwrap();
                if let Some(e) = inputs["entropy_hex"].as_str() {
                    assert_eq!(hex::encode(m.to_entropy().as_bytes()), e, "{id}");
                }
                let pass = hex::decode(s(&inputs["passphrase_hex"])).unwrap();
                if scheme == "icarus" {
                    ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(
                        m.to_entropy().as_bytes(),
                        &pass,
                    )
                } else {
                    ExtendedPrivateKey::<Ed25519Bip32>::from_icarus_trezor(
                        m.to_entropy().as_bytes(),
                        &pass,
                    )
                }
                .unwrap()
            }
            "ledger" => {
                let seed = Mnemonic::parse(phrase)
                    .unwrap()
                    .to_seed(s(&inputs["passphrase_utf8"]));
                ExtendedPrivateKey::<Ed25519Bip32>::from_seed(seed.expose()).unwrap()
            }
            _ => continue,
        };
        assert_eq!(
            hex::encode(&root.to_raw_bytes()[..]),
            s(&case["expected"]["xprv_hex"]),
            "{id}"
        );
        count += 1;
    }
    assert_eq!(count, 19);
}

#[test]
fn invalid_checksums() {
    let data = generated();
    for case in data["invalid"].as_array().unwrap() {
        let lang = language(s(&case["language"]));
        let phrase = s(&case["mnemonic"]);
        assert_eq!(s(&case["error"]), "checksum");
        let want = Error::InvalidChecksum;
        if case["cardano"].as_bool() == Some(true) {
            assert_eq!(
                CardanoMnemonic::parse(phrase).unwrap_err(),
                want,
                "{phrase}"
            );
            assert_eq!(CardanoMnemonic::parse_in(lang, phrase).unwrap_err(), want);
        } else {
            assert_eq!(Mnemonic::parse(phrase).unwrap_err(), want, "{phrase}");
            assert_eq!(Mnemonic::parse_in(lang, phrase).unwrap_err(), want);
            assert_eq!(CardanoMnemonic::parse(phrase).unwrap_err(), want);
        }
    }
}

const ABOUT: &str =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

fn replace_word(phrase: &str, position: usize, word: &str) -> String {
    let mut words: Vec<&str> = phrase.split_whitespace().collect();
    words[position] = word;
    words.join(" ")
}

#[test]
fn word_count_errors() {
    for n in [0usize, 1, 9, 11, 13, 25, 48] {
        let phrase = vec!["abandon"; n].join(" ");
        assert_eq!(
            Mnemonic::parse(&phrase),
            Err(Error::InvalidWordCount { count: n })
        );
        assert_eq!(
            Mnemonic::parse_in(Language::English, &phrase),
            Err(Error::InvalidWordCount { count: n })
        );
        if n != 9 {
            assert_eq!(
                CardanoMnemonic::parse(&phrase),
                Err(Error::InvalidWordCount { count: n })
            );
        }
    }
    // The count comes first, even with an unknown word.
    assert_eq!(
        Mnemonic::parse("xyzzy abandon about"),
        Err(Error::InvalidWordCount { count: 3 })
    );
    for n in [0, 9, 11, 13, 25] {
        assert_eq!(
            Mnemonic::generate(Language::English, n),
            Err(Error::InvalidWordCount { count: n })
        );
    }
    assert_eq!(
        CardanoMnemonic::generate(Language::English, 10),
        Err(Error::InvalidWordCount { count: 10 })
    );
    assert_eq!(
        Error::InvalidWordCount { count: 11 }.to_string(),
        "mnemonic has 11 words; it must have 12, 15, 18, 21 or 24 (9 for Cardano)"
    );
}

#[test]
fn unknown_and_mixed_words() {
    for position in [0, 3, 11] {
        let typo = replace_word(ABOUT, position, "abandn");
        let want = Error::UnknownWord { position };
        assert_eq!(Mnemonic::parse(&typo).unwrap_err(), want, "{typo}");
        assert_eq!(
            Mnemonic::parse_in(Language::English, &typo).unwrap_err(),
            want
        );
        assert_eq!(CardanoMnemonic::parse(&typo).unwrap_err(), want);
        assert_eq!(
            CardanoMnemonic::parse_in(Language::English, &typo).unwrap_err(),
            want
        );
        // A Spanish word among English ones.
        let mixed = replace_word(ABOUT, position, "ábaco");
        assert_eq!(
            Mnemonic::parse(&mixed),
            Err(Error::MixedLanguages { position }),
            "{mixed}"
        );
        assert_eq!(
            CardanoMnemonic::parse(&mixed),
            Err(Error::MixedLanguages { position })
        );
        // With the language given, a word of another list is simply not in it.
        assert_eq!(
            Mnemonic::parse_in(Language::English, &mixed),
            Err(Error::UnknownWord { position })
        );
    }
    // Letter case is ignored, after NFKD: the same mnemonic, and the same seed.
    let about = Mnemonic::parse(ABOUT).unwrap();
    for text in [
        ABOUT.replacen("abandon", "Abandon", 1),
        ABOUT.to_uppercase(),
    ] {
        let parsed = Mnemonic::parse(&text).unwrap();
        assert_eq!(
            parsed.to_entropy().as_bytes(),
            about.to_entropy().as_bytes()
        );
        assert_eq!(parsed.to_phrase().as_str(), about.to_phrase().as_str());
    }
    // Upper-case accented letters fold too: a French phrase typed in capitals.
    let french = Mnemonic::from_entropy(Language::French, &[0x5a; 16]).unwrap();
    let shouted = french.to_phrase().to_uppercase();
    assert_ne!(shouted.as_str(), french.to_phrase().as_str());
    let parsed = Mnemonic::parse_in(Language::French, &shouted).unwrap();
    assert_eq!(parsed.to_entropy().as_bytes(), &[0x5a; 16]);
    // A spacing mark that NFKD turns into a space and a combining mark keeps its word whole.
    for mark in ['\u{a8}', '\u{b4}', '\u{2dc}'] {
        let marked = replace_word(ABOUT, 4, &format!("abandon{mark}"));
        assert_eq!(
            Mnemonic::parse(&marked),
            Err(Error::UnknownWord { position: 4 }),
            "{marked}"
        );
        assert_eq!(
            CardanoMnemonic::parse_in(Language::English, &marked).unwrap_err(),
            Error::UnknownWord { position: 4 }
        );
    }
    // The position counts whitespace-separated words, whatever the whitespace.
    let spaced = format!(
        "  {}\n",
        ABOUT.replace(' ', " \t ").replacen("about", "abut", 1)
    );
    assert_eq!(
        Mnemonic::parse(&spaced),
        Err(Error::UnknownWord { position: 11 })
    );
    assert_eq!(
        Error::UnknownWord { position: 1 }.to_string(),
        "word 2 of the mnemonic is not in the word list"
    );
    assert_eq!(
        Error::MixedLanguages { position: 0 }.to_string(),
        "word 1 of the mnemonic is from another word list than the words before it"
    );
}

#[test]
fn whitespace_is_flexible_and_output_canonical() {
    let spaced = format!("\n {}\t", ABOUT.replace(' ', "  \u{3000}"));
    let m = Mnemonic::parse(&spaced).unwrap();
    assert_eq!(*m.to_phrase(), ABOUT);
    assert_eq!(m.words().count(), 12);
    assert_eq!(m.words().last(), Some("about"));
}

#[test]
fn entropy_length_errors() {
    for len in [0usize, 4, 12, 15, 17, 36, 64] {
        assert_eq!(
            Mnemonic::from_entropy(Language::English, &vec![0; len]),
            Err(Error::InvalidEntropyLength { len, min: 16 })
        );
    }
    for len in [0usize, 8, 13, 36] {
        assert_eq!(
            CardanoMnemonic::from_entropy(Language::English, &vec![0; len]),
            Err(Error::InvalidEntropyLength { len, min: 12 })
        );
    }
    assert_eq!(
        Error::InvalidEntropyLength { len: 12, min: 16 }.to_string(),
        "entropy is 12 bytes; it must be 16 to 32 bytes, a multiple of 4"
    );
}

#[test]
fn languages_by_name() {
    for lang in Language::ALL {
        assert_eq!(lang.name().parse::<Language>(), Ok(lang));
        assert_eq!(lang.to_string(), lang.name());
        assert_eq!(
            lang.name().to_uppercase().replace('-', "_").parse(),
            Ok(lang)
        );
        assert_eq!(lang.word_list().len(), 2048);
        assert_eq!(lang.find_word(lang.word_list()[2047]), Some(2047));
    }
    let names: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(
        names,
        [
            "english",
            "japanese",
            "korean",
            "spanish",
            "chinese-simplified",
            "chinese-traditional",
            "french",
            "italian",
            "czech",
            "portuguese"
        ]
    );
    for bad in ["", "klingon", "chinese", "english ", "englis"] {
        assert_eq!(
            bad.parse::<Language>(),
            Err(Error::UnknownLanguage),
            "{bad:?}"
        );
    }
    assert!(Error::UnknownLanguage
        .to_string()
        .starts_with("unknown word list"));
    assert_eq!(format!("{:>9}", Language::Czech), "    czech");
}

#[test]
fn generation_in_every_language_and_length() {
    for lang in Language::ALL {
        for n in Mnemonic::WORD_COUNTS {
            let m = Mnemonic::generate(lang, n).unwrap();
            assert_eq!((m.language(), m.word_count()), (lang, n));
            let entropy = m.to_entropy();
            assert_eq!(entropy.len(), n / 3 * 4);
            let back = Mnemonic::parse_in(lang, &m.to_phrase()).unwrap();
            assert_eq!(back, m);
            assert_eq!(Mnemonic::from_entropy(lang, entropy.as_bytes()).unwrap(), m);
            // Detection finds the same words (a phrase of shared Chinese characters may
            // be read as simplified: the same mnemonic).
            assert_eq!(
                Mnemonic::parse(&m.to_phrase()).unwrap().to_entropy(),
                entropy
            );
        }
        for n in CardanoMnemonic::WORD_COUNTS {
            let c = CardanoMnemonic::generate(lang, n).unwrap();
            assert_eq!((c.language(), c.word_count()), (lang, n));
            assert_eq!(CardanoMnemonic::parse_in(lang, &c.to_phrase()).unwrap(), c);
        }
    }
    // Two draws differ (a 2^-128 chance of a false failure).
    let a = Mnemonic::generate(Language::English, 12).unwrap();
    let b = Mnemonic::generate(Language::English, 12).unwrap();
    assert_ne!(a, b);
    assert_ne!(a.to_entropy(), b.to_entropy());
}

#[test]
fn secrets_are_not_printed_and_compare_by_value() {
    let m: Mnemonic = ABOUT.parse().unwrap();
    let debug = format!("{m:?}");
    assert_eq!(debug, "Mnemonic { language: English, word_count: 12, .. }");
    let e = m.to_entropy();
    assert_eq!(format!("{e:?}"), "Entropy { len: 16, .. }");
    let c = CardanoMnemonic::from(m.clone());
    assert!(!format!("{c:?}").contains("abandon"));
    assert!(!format!("{:?}", m.to_seed("")).contains("5e"));

    // Differing only in one word (and so in entropy) compares unequal.
    let mut other = [0u8; 16];
    other[15] = 1;
    let n = Mnemonic::from_entropy(Language::English, &other).unwrap();
    assert_ne!(m, n);
    assert_ne!(m.to_entropy(), n.to_entropy());
    assert_ne!(CardanoMnemonic::from(&m), CardanoMnemonic::from(&n));
    // Same indices, different list: different mnemonics.
    assert_ne!(
        m,
        Mnemonic::from_entropy(Language::French, &[0; 16]).unwrap()
    );
    assert_eq!(
        m,
        Mnemonic::from_entropy(Language::English, &[0; 16]).unwrap()
    );
}

/// A misspelt word gets the intended word first.
#[test]
fn suggestions_put_the_intended_word_first() {
    let cases: &[(&str, Language, &str)] = &[
        ("abandn", Language::English, "abandon"),   // deletion
        ("abandonn", Language::English, "abandon"), // insertion
        ("abendon", Language::English, "abandon"),  // substitution
        ("wrold", Language::English, "world"),      // transposition
        ("acheive", Language::English, "achieve"),  // transposition
        ("adress", Language::English, "address"),
        ("recieve", Language::English, "receive"),
        ("Abandon", Language::English, "abandon"), // case
        ("ABOUT", Language::English, "about"),
        ("aban", Language::English, "abandon"), // start of the word
        ("abanxxxxxx", Language::English, "abandon"), // first four letters
        ("zoo", Language::English, "zoo"),      // a word suggests itself
        ("abaco", Language::Spanish, "ábaco"),  // accent left out
        ("academie", Language::French, "académie"),
        ("abdikce", Language::Czech, "abdikace"),
        ("abacatte", Language::Portuguese, "abacate"),
        ("abbaglo", Language::Italian, "abbaglio"),
        ("あいこくし", Language::Japanese, "あいこくしん"),
        ("あいこくじん", Language::Japanese, "あいこくしん"), // voicing mark
    ];
    for &(typed, lang, want) in cases {
        let got = suggest(typed, lang);
        assert!(
            !got.is_empty() && got.len() <= MAX_SUGGESTIONS,
            "{typed}: {got:?}"
        );
        assert_eq!(got[0], nfkd(want), "{typed} ({lang}): {got:?}");
        for word in &got {
            assert!(lang.find_word(word).is_some());
        }
    }
    // Nothing close: no suggestions rather than noise.
    for typed in ["xylophone", "qqqq", "1234", "¯\\_(ツ)_/¯"] {
        assert!(suggest(typed, Language::English).is_empty(), "{typed}");
    }
    // A prefix shared by many words gives the first few, in list order.
    assert_eq!(
        suggest("abs", Language::English).as_slice(),
        ["absent", "absorb", "absurd", "abstract"]
    );
}

#[test]
fn guessing_the_list_for_suggestions() {
    assert_eq!(guess_language(ABOUT), Some(Language::English));
    assert_eq!(
        guess_language(&replace_word(ABOUT, 2, "abandn")),
        Some(Language::English)
    );
    assert_eq!(
        guess_language("あいこくしん あいさつ xyz"),
        Some(Language::Japanese)
    );
    assert_eq!(guess_language("xyzzy qwerty plugh"), None);
    assert_eq!(guess_language(""), None);
}
