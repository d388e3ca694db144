//! `mnemonic`: BIP-39 and Cardano phrase text, entropy and suggestions.
//!
//! Input: byte 0 picks a word list (`% 10`) and an entropy length (`12 + 4 * (byte / 10 % 6)`);
//! the rest, as text (invalid UTF-8 replaced by U+FFFD), goes through every parser; the same
//! bytes, zero-padded to the length, are entropy.
//!
//! Properties:
//! * In the picked list, `Mnemonic` agrees with the `bip39` crate (an independent codec) on
//!   every phrase of 12 to 24 words: both accept it with the same words, or both refuse it.
//! * `Mnemonic` and `CardanoMnemonic` agree on every phrase of 12 to 24 words, detected or in
//!   the picked list: the same entropy, or the same error. A 9-word phrase is
//!   `InvalidWordCount` for `Mnemonic`.
//! * Errors point into the text: an unknown or mixed word's position is a word of the phrase,
//!   and that word is not in the list (unknown) or is in another list (mixed).
//! * Every accepted phrase prints (`to_phrase`) to text that re-parses to the same mnemonic in
//!   its list, is rebuilt by `from_entropy` from its entropy, and its words are list words.
//! * Entropy → phrase → entropy is the identity for both types and every length they take.
//! * `suggest` returns at most `MAX_SUGGESTIONS` words, all in the list, an exact word first.

use fastbip32::mnemonic::{
    guess_language, suggest, CardanoMnemonic, Error, Language, Mnemonic, MAX_SUGGESTIONS,
};

use crate::Input;

/// Runs every check on `data`.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let pick = input.u8();
    let lang = Language::ALL[usize::from(pick) % Language::ALL.len()];
    let len = 12 + 4 * (usize::from(pick) / 10 % 6);
    let rest = input.rest();
    let text = String::from_utf8_lossy(rest);

    check_text(&text, None);
    check_text(&text, Some(lang));
    check_words(&text, lang);
    check_against_bip39(&text, lang);
    let _ = text.parse::<Language>();

    let mut entropy = [0u8; 32];
    let take = rest.len().min(len);
    entropy[..take].copy_from_slice(&rest[..take]);
    check_entropy(lang, &entropy[..len]);
}

/// Parses `text` with both types, detected or in `lang`, and compares.
fn check_text(text: &str, lang: Option<Language>) {
    let (bip39, cardano) = match lang {
        None => (Mnemonic::parse(text), CardanoMnemonic::parse(text)),
        Some(l) => (
            Mnemonic::parse_in(l, text),
            CardanoMnemonic::parse_in(l, text),
        ),
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() == 9 {
        // Cardano only.
        assert_eq!(bip39, Err(Error::InvalidWordCount { count: 9 }));
        match &cardano {
            Ok(c) => check_cardano(c),
            Err(e) => check_error(*e, &words, lang),
        }
        return;
    }
    match (&bip39, &cardano) {
        (Ok(m), Ok(c)) => {
            assert_eq!(m.to_entropy(), c.to_entropy(), "{text:?}");
            assert_eq!(CardanoMnemonic::from(m), *c);
            check_accepted(m, c);
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "{text:?}"),
        (a, b) => panic!("Mnemonic {a:?} vs CardanoMnemonic {b:?} on {text:?}"),
    }
    if let Err(e) = bip39 {
        check_error(e, &words, lang);
    }
}

/// An error names a word of the phrase, as documented.
fn check_error(e: Error, words: &[&str], lang: Option<Language>) {
    match e {
        Error::InvalidWordCount { count } => {
            assert_eq!(count, words.len());
            assert!(!CardanoMnemonic::WORD_COUNTS.contains(&count));
        }
        Error::UnknownWord { position } => {
            let word = nfkd(words[position]);
            match lang {
                Some(l) => assert!(l.find_word(&word).is_none(), "{word:?}"),
                None => assert!(Language::ALL.iter().all(|l| l.find_word(&word).is_none())),
            }
        }
        Error::MixedLanguages { position } => {
            assert!(lang.is_none());
            let word = nfkd(words[position]);
            assert!(Language::ALL.iter().any(|l| l.find_word(&word).is_some()));
        }
        Error::InvalidChecksum | Error::AmbiguousLanguage => {}
        other => panic!("unexpected error {other:?}"),
    }
}

/// NFKD, as the parsers see a word (the lists' words are NFKD).
fn nfkd(word: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    word.nfkd().collect()
}

fn check_accepted(m: &Mnemonic, c: &CardanoMnemonic) {
    assert!(Mnemonic::WORD_COUNTS.contains(&m.word_count()));
    let lang = m.language();
    let phrase = m.to_phrase();
    assert_eq!(Mnemonic::parse_in(lang, &phrase).as_ref(), Ok(m));
    assert_eq!(
        Mnemonic::from_entropy(lang, m.to_entropy().as_bytes()).as_ref(),
        Ok(m)
    );
    assert!(m.words().all(|w| lang.find_word(w).is_some()));
    assert_eq!(m.words().count(), m.word_count());
    assert_eq!(*c.to_phrase(), *phrase);
    check_cardano(c);
}

fn check_cardano(c: &CardanoMnemonic) {
    let lang = c.language();
    assert!(CardanoMnemonic::WORD_COUNTS.contains(&c.word_count()));
    assert_eq!(
        CardanoMnemonic::parse_in(lang, &c.to_phrase()).as_ref(),
        Ok(c)
    );
    assert_eq!(
        CardanoMnemonic::from_entropy(lang, c.to_entropy().as_bytes()).as_ref(),
        Ok(c)
    );
    assert_eq!(c.to_entropy().len(), c.word_count() / 3 * 4);
}

/// Suggestions for the first few words (each costs a pass over the list).
fn check_words(text: &str, lang: Language) {
    let _ = guess_language(text);
    for word in text.split_whitespace().take(3) {
        let got = suggest(word, lang);
        assert!(got.len() <= MAX_SUGGESTIONS);
        assert!(
            got.iter().all(|w| lang.find_word(w).is_some()),
            "{word:?}: {got:?}"
        );
        let lower: String = nfkd(word).chars().flat_map(char::to_lowercase).collect();
        if lang.find_word(&lower).is_some() {
            assert_eq!(got.first().copied(), Some(lower.as_str()), "{word:?}");
        }
    }
}

fn check_entropy(lang: Language, entropy: &[u8]) {
    let c = CardanoMnemonic::from_entropy(lang, entropy).expect("12 to 32 bytes");
    assert_eq!(c.to_entropy().as_bytes(), entropy);
    check_cardano(&c);
    match Mnemonic::from_entropy(lang, entropy) {
        Ok(m) => {
            assert_eq!(m.to_entropy().as_bytes(), entropy);
            assert_eq!(CardanoMnemonic::from(&m), c);
            assert_eq!(*m.to_phrase(), *c.to_phrase());
        }
        Err(e) => {
            assert_eq!(entropy.len(), 12);
            assert_eq!(e, Error::InvalidEntropyLength { len: 12, min: 16 });
        }
    }
}

/// In `lang`, the `bip39` crate's parser accepts a phrase exactly when ours does, with the
/// same entropy. Ours ignores letter case (each word lowercased after NFKD); the `bip39`
/// crate's is exact, so it is given the words lowercased.
fn check_against_bip39(text: &str, lang: Language) {
    let list = bip39::Language::ALL
        .iter()
        .copied()
        .find(|l| l.word_list() == lang.word_list())
        .expect("the same ten lists");
    let words: Vec<String> = text
        .split_whitespace()
        .map(|word| nfkd(word).chars().flat_map(char::to_lowercase).collect())
        .collect();
    let theirs = bip39::Mnemonic::parse_in_normalized(list, &words.join(" "));
    let ours = Mnemonic::parse_in(lang, text);
    match (&ours, &theirs) {
        // The same words of one list are the same indices, so the same entropy (bip39's own
        // `to_entropy` re-detects the list, and panics when two lists hold every word).
        (Ok(m), Ok(t)) => assert!(m.words().eq(t.words()), "{text:?}"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!("ours {a:?} vs bip39 {b:?} on {text:?}"),
    }
}
