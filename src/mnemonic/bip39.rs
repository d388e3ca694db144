//! [`Mnemonic`]: a BIP-39 phrase, and the parsing both phrase types share (word lists tried,
//! Unicode NFKD, word counts).

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use subtle::{Choice, ConstantTimeEq};
use unicode_normalization::UnicodeNormalization;
use zeroize::{ZeroizeOnDrop, Zeroizing};

use super::entropy::Entropy;
use super::error::{Error, Result};
use super::language::Language;
use super::phrase::Phrase;
use crate::hash::pbkdf2::bip39_seed;
use crate::hash::HmacSha512;
use crate::secret::SecretBytes;

/// A BIP-39 mnemonic: 12, 15, 18, 21 or 24 words of one word list, checksum verified.
///
/// Word indices in one list (the crate's BIP-39 codec over the `bip39` crate's word lists),
/// wiped on drop. `Clone` but not `Copy`; `==` is constant-time; `Debug` shows the language
/// and word count only. There is no `Display`: the words are secret, so the text comes as a
/// `Zeroizing<String>` from [`to_phrase`](Self::to_phrase), or word by word from
/// [`words`](Self::words).
#[derive(Clone)]
pub struct Mnemonic {
    pub(super) phrase: Phrase,
}

impl Mnemonic {
    /// The word counts of BIP-39.
    pub const WORD_COUNTS: [usize; 5] = [12, 15, 18, 21, 24];

    /// A new mnemonic of `word_count` words from the operating system's random number
    /// generator (`getrandom`): `word_count * 4 / 3` bytes of entropy.
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`] unless `word_count` is 12, 15, 18, 21 or 24;
    /// [`Error::RandomSourceFailed`] if the generator fails.
    pub fn generate(language: Language, word_count: usize) -> Result<Self> {
        if !Self::WORD_COUNTS.contains(&word_count) {
            return Err(Error::InvalidWordCount { count: word_count });
        }
        let entropy = Entropy::random(word_count / 3 * 4)?;
        Self::from_entropy(language, entropy.as_bytes())
    }

    /// The mnemonic of `entropy` (BIP-39 "Generating the mnemonic"), for callers with their
    /// own randomness, and for tests.
    ///
    /// # Errors
    /// [`Error::InvalidEntropyLength`] (`min: 16`) unless `entropy` is 16 to 32 bytes, a
    /// multiple of 4.
    pub fn from_entropy(language: Language, entropy: &[u8]) -> Result<Self> {
        let len = entropy.len();
        if !(16..=32).contains(&len) || !len.is_multiple_of(4) {
            return Err(Error::InvalidEntropyLength { len, min: 16 });
        }
        Ok(Self {
            phrase: Phrase::from_entropy(language, entropy),
        })
    }

    /// Parses a phrase in any word list (the language is detected; see the
    /// [module documentation](crate::mnemonic) for the checks and their order).
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`], [`Error::UnknownWord`], [`Error::MixedLanguages`],
    /// [`Error::InvalidChecksum`] or [`Error::AmbiguousLanguage`].
    /// # Security
    /// Variable-time in the phrase, which is secret: each word is looked up by a search of
    /// the word list whose time depends on the word (as in every BIP-39 implementation).
    /// The entropy's bit packing and the checksum comparison are branch-free; the phrase is
    /// wiped. Listed in SECURITY.md.
    pub fn parse(phrase: &str) -> Result<Self> {
        parse_any(phrase, &Self::WORD_COUNTS).map(|phrase| Self { phrase })
    }

    /// Parses a phrase in the word list of `language`.
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`], [`Error::UnknownWord`] (also for a word of another list)
    /// or [`Error::InvalidChecksum`].
    /// # Security
    /// Variable-time in the phrase, which is secret: each word is looked up by a search of
    /// the word list whose time depends on the word (as in every BIP-39 implementation).
    /// The entropy's bit packing and the checksum comparison are branch-free; the phrase is
    /// wiped. Listed in SECURITY.md.
    pub fn parse_in(language: Language, phrase: &str) -> Result<Self> {
        parse_in(language, phrase, &Self::WORD_COUNTS).map(|phrase| Self { phrase })
    }

    /// The word list.
    pub fn language(&self) -> Language {
        self.phrase.language()
    }

    /// The number of words.
    pub fn word_count(&self) -> usize {
        self.phrase.word_count()
    }

    /// The words, in order (NFKD, from the word list).
    pub fn words(&self) -> impl Iterator<Item = &'static str> + Clone + '_ {
        self.phrase.words()
    }

    /// The phrase: the words joined by [`Language::separator`] (U+3000 for Japanese).
    pub fn to_phrase(&self) -> Zeroizing<String> {
        phrase_of(self.words(), self.language())
    }

    /// The entropy the phrase encodes.
    pub fn to_entropy(&self) -> Entropy {
        self.phrase.to_entropy()
    }

    /// The BIP-39 seed: `PBKDF2-HMAC-SHA512(phrase, "mnemonic" ‖ NFKD(passphrase), 2048
    /// rounds)`, the phrase being the NFKD words joined by spaces. Through the crate's own
    /// PBKDF2 (`hash::pbkdf2`), keyed with the words directly and salted with our wiped NFKD
    /// copy of the passphrase; its states are wiped. Use `""` for no passphrase.
    pub fn to_seed(&self, passphrase: &str) -> SecretBytes<[u8; 64]> {
        let passphrase = nfkd(passphrase);
        let words = self.words().enumerate();
        let phrase = HmacSha512::from_parts(
            words
                .flat_map(|(i, word)| [if i == 0 { "" } else { " " }, word])
                .map(str::as_bytes),
        );
        bip39_seed(&phrase, passphrase.as_bytes())
    }
}

impl ZeroizeOnDrop for Mnemonic {}

impl ConstantTimeEq for Mnemonic {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.phrase.ct_eq(&other.phrase)
    }
}

impl PartialEq for Mnemonic {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Mnemonic {}

impl fmt::Debug for Mnemonic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mnemonic")
            .field("language", &self.language())
            .field("word_count", &self.word_count())
            .finish_non_exhaustive()
    }
}

/// Parses a phrase of one of `counts` words in any word list: the lists that hold every
/// word are tried; two that decode it to different indices make it ambiguous (the shared
/// Chinese characters sit at the same indices in both lists: the first list is kept).
///
/// # Errors
/// [`Error::InvalidWordCount`], [`Error::UnknownWord`], [`Error::MixedLanguages`],
/// [`Error::InvalidChecksum`] or [`Error::AmbiguousLanguage`].
pub(super) fn parse_any(phrase: &str, counts: &[usize]) -> Result<Phrase> {
    let text = nfkd_words(phrase);
    check_word_count(&text, counts)?;
    let mut found: Option<Phrase> = None;
    let mut ambiguous = false;
    for language in candidates(&text)? {
        if let Ok(this) = Phrase::decode(language, &text) {
            match &found {
                Some(first) => ambiguous |= !bool::from(first.indices_ct_eq(&this)),
                None => found = Some(this),
            }
        }
    }
    if ambiguous {
        return Err(Error::AmbiguousLanguage);
    }
    found.ok_or(Error::InvalidChecksum)
}

/// Parses a phrase of one of `counts` words in the list of `language`.
///
/// # Errors
/// [`Error::InvalidWordCount`], [`Error::UnknownWord`] or [`Error::InvalidChecksum`].
pub(super) fn parse_in(language: Language, phrase: &str, counts: &[usize]) -> Result<Phrase> {
    let text = nfkd_words(phrase);
    check_word_count(&text, counts)?;
    Phrase::decode(language, &text)
}

impl FromStr for Mnemonic {
    type Err = Error;

    /// [`Mnemonic::parse`].
    ///
    /// # Errors
    /// As for [`Mnemonic::parse`].
    fn from_str(s: &str) -> Result<Self> {
        Self::parse(s)
    }
}

/// The word list holding the most words of `phrase` (ties go to the earlier list in
/// [`Language::ALL`]), or `None` if no list holds any. For choosing the list to
/// [`suggest`](crate::mnemonic::suggest) from when a phrase of unknown language fails to parse.
///
/// # Security
/// Variable-time in the phrase, which is secret: each word is searched for in every list.
/// Meant for telling a person which list to correct their phrase in, once. Listed in
/// SECURITY.md.
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::{guess_language, Language};
///
/// assert_eq!(guess_language("ábaco abaco zzz"), Some(Language::Spanish));
/// assert_eq!(guess_language("zzz"), None);
/// ```
pub fn guess_language(phrase: &str) -> Option<Language> {
    let text = nfkd_words(phrase);
    let (counts, _) = tally(&text);
    best(&counts)
        .filter(|&(_, count)| count > 0)
        .map(|(l, _)| l)
}

/// The number of word lists in this build.
const LISTS: usize = Language::ALL.len();

/// For each list in [`Language::ALL`]: how many words of `text` it holds, and the position of
/// the first word it lacks (`usize::MAX` if none).
fn tally(text: &str) -> ([usize; LISTS], [usize; LISTS]) {
    let mut counts = [0usize; LISTS];
    let mut missing = [usize::MAX; LISTS];
    for (position, word) in text.split_whitespace().enumerate() {
        for ((language, count), first) in Language::ALL.iter().zip(&mut counts).zip(&mut missing) {
            if language.find_word(word).is_some() {
                *count += 1;
            } else {
                *first = (*first).min(position);
            }
        }
    }
    (counts, missing)
}

/// The list with the highest count (the first of equals).
fn best(counts: &[usize]) -> Option<(Language, usize)> {
    Language::ALL
        .into_iter()
        .zip(counts.iter().copied())
        .fold(None, |best, (language, count)| match best {
            Some((_, top)) if top >= count => best,
            _ => Some((language, count)),
        })
}

/// The lists that hold every word of `text` (NFKD).
///
/// # Errors
/// When none does: the first word that the list holding the most words lacks is
/// [`Error::MixedLanguages`] if another list has it, else
/// [`Error::UnknownWord`].
fn candidates(text: &str) -> Result<impl Iterator<Item = Language>> {
    let (counts, missing) = tally(text);
    if missing.contains(&usize::MAX) {
        return Ok(Language::ALL
            .into_iter()
            .zip(missing)
            .filter(|&(_, first)| first == usize::MAX)
            .map(|(language, _)| language));
    }
    let position = best(&counts)
        .and_then(|(language, _)| {
            Language::ALL
                .iter()
                .position(|&l| l == language)
                .and_then(|i| missing.get(i).copied())
        })
        .unwrap_or(0);
    let word = text.split_whitespace().nth(position).unwrap_or_default();
    if Language::ALL.iter().any(|l| l.find_word(word).is_some()) {
        Err(Error::MixedLanguages { position })
    } else {
        Err(Error::UnknownWord { position })
    }
}

/// Checks the number of whitespace-separated words of `text`.
///
/// # Errors
/// [`Error::InvalidWordCount`] unless it is one of `allowed`.
fn check_word_count(text: &str, allowed: &[usize]) -> Result<usize> {
    let count = text.split_whitespace().count();
    if allowed.contains(&count) {
        Ok(count)
    } else {
        Err(Error::InvalidWordCount { count })
    }
}

/// The words of `phrase` (split on whitespace *before* normalizing, so that positions are
/// those of the caller's text), each in NFKD and then lowercased, joined by single spaces,
/// in a buffer sized exactly first and wiped on drop.
///
/// NFKD turns a few spacing marks into a space and a combining mark (U+00A8 `¨`, U+00B4 `´`,
/// …); a word with one stays as it was typed: it is in no list either way, and it stays one
/// word.
fn nfkd_words(phrase: &str) -> Zeroizing<String> {
    let normal = |word: &str| !word.nfkd().any(char::is_whitespace);
    let len = phrase
        .split_whitespace()
        .enumerate()
        .map(|(i, word)| {
            usize::from(i > 0)
                + if normal(word) {
                    word.nfkd()
                        .flat_map(char::to_lowercase)
                        .map(char::len_utf8)
                        .sum()
                } else {
                    word.len()
                }
        })
        .sum();
    let mut out = Zeroizing::new(String::with_capacity(len));
    for (i, word) in phrase.split_whitespace().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if normal(word) {
            out.extend(word.nfkd().flat_map(char::to_lowercase));
        } else {
            out.push_str(word);
        }
    }
    out
}

/// The NFKD form of `text` in a buffer sized exactly first (so it never reallocates and
/// leaves no partial copies behind), wiped on drop.
fn nfkd(text: &str) -> Zeroizing<String> {
    let len = text.nfkd().map(char::len_utf8).sum();
    let mut out = Zeroizing::new(String::with_capacity(len));
    out.extend(text.nfkd());
    out
}

/// `words` joined by the language's separator, in a buffer sized exactly first.
pub(super) fn phrase_of(
    words: impl Iterator<Item = &'static str> + Clone,
    language: Language,
) -> Zeroizing<String> {
    let separator = language.separator();
    let (count, bytes) = words
        .clone()
        .fold((0usize, 0usize), |(n, b), w| (n + 1, b + w.len()));
    let len = bytes + separator.len() * count.saturating_sub(1);
    let mut out = Zeroizing::new(String::with_capacity(len));
    for (i, word) in words.enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mnemonic::entropy::random_source_error;
    use std::string::ToString;

    #[test]
    fn random_source_errors_keep_the_os_code() {
        assert_eq!(
            random_source_error(getrandom::Error::UNSUPPORTED),
            Error::RandomSourceFailed { os_error: None }
        );
        assert_eq!(
            Error::RandomSourceFailed { os_error: Some(5) }.to_string(),
            "the system random number generator failed (OS error 5)"
        );
    }

    #[test]
    fn nfkd_is_sized_exactly() {
        for text in ["", "abc", "ábaco", "\u{3000}がぎ", "\u{fdfa}", "㍍ガバヴァ"] {
            let out = nfkd(text);
            assert_eq!(out.capacity(), out.len(), "{text:?}");
        }
    }

    #[test]
    fn words_keep_their_positions_and_are_sized_exactly() {
        let text = nfkd_words(" ábaco\u{3000}abandon¨  \tが ");
        assert_eq!(text.capacity(), text.len());
        assert_eq!(*text, "a\u{301}baco abandon¨ \u{304b}\u{3099}");
        assert_eq!(text.split_whitespace().count(), 3);
        assert_eq!(*nfkd_words(""), "");
    }

    #[test]
    #[cfg(feature = "mnemonic")]
    fn phrase_is_sized_exactly() {
        let m = Mnemonic::from_entropy(Language::Japanese, &[0x42; 32]).unwrap();
        let phrase = m.to_phrase();
        assert_eq!(phrase.capacity(), phrase.len());
        assert_eq!(phrase.matches('\u{3000}').count(), 23);
    }
}
