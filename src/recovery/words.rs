//! The word lists as the recovery search reads them: the one place this module touches
//! [`mnemonic`](crate::mnemonic) (its [`Language`] and word lists), and the text rules of the
//! templates (NFKD, case, prefixes, the typo neighbourhood of a word).

use alloc::string::String;
use alloc::vec::Vec;

use unicode_normalization::UnicodeNormalization;
use zeroize::Zeroizing;

pub(super) use crate::mnemonic::{Language, Suggestions};

/// The words of a list.
pub(super) const LIST_LEN: usize = 2048;

/// Every word index, in order: the option set of an unknown word.
pub(super) static ALL: [u16; LIST_LEN] = all_indices();

#[allow(clippy::indexing_slicing, clippy::cast_possible_truncation)] // const fn: i < 2048, the length
const fn all_indices() -> [u16; LIST_LEN] {
    let mut out = [0u16; LIST_LEN];
    let mut i = 0;
    while i < LIST_LEN {
        out[i] = i as u16;
        i += 1;
    }
    out
}

/// The most bytes of a word of any list, in NFKD (a Korean word decomposed into jamo).
pub(super) const MAX_WORD_BYTES: usize = 33;

/// The most characters of a word [`near`] compares (no list has a word of more than 11).
const MAX_CHARS: usize = 32;

/// The ten lists, in [`Language::ALL`]'s order.
pub(super) const LANGUAGES: [Language; 10] = Language::ALL;

/// The word with index `index` (below 2048) in NFKD.
pub(super) fn word(language: Language, index: u16) -> &'static str {
    language
        .word_list()
        .get(usize::from(index))
        .copied()
        .unwrap_or_default()
}

/// The index of `word` (NFKD, lowercase): an exact match.
pub(super) fn find(language: Language, word: &str) -> Option<u16> {
    language.find_word(word)
}

/// The separator a person reads between words (U+3000 in Japanese, else a space).
pub(super) fn separator(language: Language) -> &'static str {
    language.separator()
}

/// `text` in lowercase, then NFKD: a template word as the lists spell theirs. The buffer is
/// sized exactly before it is written and wiped on drop.
pub(super) fn normalize(text: &str) -> Zeroizing<String> {
    let chars = || text.chars().flat_map(char::to_lowercase).nfkd();
    let mut out = Zeroizing::new(String::with_capacity(chars().map(char::len_utf8).sum()));
    out.extend(chars());
    out
}

/// `text` in NFKD (a passphrase, as BIP-39 hashes it), sized exactly and wiped on drop.
pub(super) fn nfkd(text: &str) -> Zeroizing<String> {
    let mut out = Zeroizing::new(String::with_capacity(text.nfkd().map(char::len_utf8).sum()));
    out.extend(text.nfkd());
    out
}

/// The indices of the words that start with `prefix` (normalized), ascending.
#[cfg(test)]
pub(super) fn with_prefix(language: Language, prefix: &str) -> Zeroizing<Vec<u16>> {
    collect(language, |w| w.starts_with(prefix))
}

/// The indices of the words that `pattern` (normalized) matches, ascending: `*` stands for
/// any run of characters (none too), `?` for one character, any other character for
/// itself. `ab*` is the words with prefix `ab`, `*ab` those with suffix `ab`, `a*b` both,
/// `a?c` the three-character words of `a`, any character, `c`.
pub(super) fn matching(language: Language, pattern: &str) -> Zeroizing<Vec<u16>> {
    let mut chars = Zeroizing::new(Vec::with_capacity(pattern.chars().count()));
    chars.extend(pattern.chars());
    collect(language, |w| glob(&chars, w))
}

/// Whether `pattern` (`*` any run, `?` one character) matches all of `word`: the usual
/// greedy matcher that backtracks to the last `*` (linear in practice; quadratic at most).
fn glob(pattern: &[char], word: &str) -> bool {
    let mut word_chars = [char::default(); MAX_CHARS];
    let Some(len) = chars_of(word, &mut word_chars) else {
        return false;
    };
    let word = word_chars.get(..len).unwrap_or_default();
    let (mut p, mut w) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while w < word.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, w));
                p += 1;
            }
            Some(&c) if c == '?' || word.get(w) == Some(&c) => {
                p += 1;
                w += 1;
            }
            Some(_) | None => match star {
                Some((sp, sw)) => {
                    p = sp + 1;
                    w = sw + 1;
                    star = Some((sp, sw + 1));
                }
                None => return false,
            },
        }
    }
    pattern
        .get(p..)
        .unwrap_or_default()
        .iter()
        .all(|&c| c == '*')
}

/// The typo neighbourhood of `given` (normalized): the words other than `given` within
/// optimal-string-alignment distance 2 of it (insertions, deletions, substitutions and
/// transpositions of adjacent characters of the NFKD text, each substring edited once), or
/// with the same first four letters (combining marks skipped; only for a `given` of four
/// letters or more), ascending.
pub(super) fn near(language: Language, given: &str) -> Zeroizing<Vec<u16>> {
    let mut a = Zeroizing::new(['\0'; MAX_CHARS]);
    let a_len = chars_of(given, &mut a);
    let mut head = Zeroizing::new(['\0'; 4]);
    let head_len = letters4(given, &mut head);
    let mut b = Zeroizing::new(['\0'; MAX_CHARS]);
    collect(language, |w| {
        if w == given {
            return false;
        }
        if head_len == 4 {
            let mut other = ['\0'; 4];
            if letters4(w, &mut other) == 4 && other == *head {
                return true;
            }
        }
        match (a_len, chars_of(w, &mut b)) {
            (Some(la), Some(lb)) => {
                la.abs_diff(lb) <= 2
                    && osa_at_most_2(
                        a.get(..la).unwrap_or_default(),
                        b.get(..lb).unwrap_or_default(),
                    )
            }
            _ => false,
        }
    })
}

fn collect(language: Language, keep: impl FnMut(&str) -> bool) -> Zeroizing<Vec<u16>> {
    let mut keep = keep;
    let count = language.word_list().iter().filter(|w| keep(w)).count();
    let mut out = Zeroizing::new(Vec::with_capacity(count));
    out.extend(
        ALL.iter()
            .zip(language.word_list())
            .filter(|(_, w)| keep(w))
            .map(|(&i, _)| i),
    );
    out
}

/// The characters of `word` into `out`, if it has at most [`MAX_CHARS`].
fn chars_of(word: &str, out: &mut [char; MAX_CHARS]) -> Option<usize> {
    let mut len = 0;
    for c in word.chars() {
        *out.get_mut(len)? = c;
        len += 1;
    }
    Some(len)
}

/// A combining mark of the lists' NFKD text: Latin accents and the Japanese voicing marks.
fn is_combining(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036f}' | '\u{3099}' | '\u{309a}')
}

/// The first four letters of `word` (combining marks skipped) into `out`; returns how many
/// there were (at most 4).
fn letters4(word: &str, out: &mut [char; 4]) -> usize {
    let mut len = 0;
    for (slot, c) in out
        .iter_mut()
        .zip(word.chars().filter(|&c| !is_combining(c)))
    {
        *slot = c;
        len += 1;
    }
    len
}

/// Whether the optimal-string-alignment distance (Levenshtein plus transpositions of
/// adjacent characters) of `a` and `b` is at most 2: the distance of
/// [`suggest`](crate::mnemonic::suggest); both at most [`MAX_CHARS`] long.
fn osa_at_most_2(a: &[char], b: &[char]) -> bool {
    crate::mnemonic::typo_distance(a, b) <= 2
}

/// The words of `language`'s list closest to `given` (as typed), best first: "did you mean"
/// for a word outside the list.
///
/// # Security
/// Variable-time in `given`, as [`suggest`](crate::mnemonic::suggest).
pub(super) fn suggest_vartime(language: Language, given: &str) -> Suggestions {
    crate::mnemonic::suggest(given, language)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn distance_two_with_transpositions() {
        let d = |a: &str, b: &str| osa_at_most_2(&chars(a), &chars(b));
        assert!(d("abandon", "abandon"));
        assert!(d("abandon", "abadnon")); // one transposition
        assert!(d("abandon", "abndon")); // one deletion
        assert!(d("abandon", "abxndxn")); // two substitutions
        assert!(!d("abandon", "axxndxn")); // three
        assert!(!d("ca", "abc")); // OSA: 3 (true Damerau would say 2)
        assert!(d("", "ab"));
        assert!(!d("", "abc"));
    }

    #[test]
    fn neighbourhoods() {
        let english = Language::English;
        let near_of =
            |w: &str| -> Vec<&str> { near(english, w).iter().map(|&i| word(english, i)).collect() };
        // A misspelling not in the list: its neighbours include the intended word.
        assert!(near_of("abandn").contains(&"abandon"));
        // A list word: never itself, always the same first four letters.
        let n = near_of("abandon");
        assert!(!n.contains(&"abandon"));
        assert!(near_of("abanxyzq").contains(&"abandon"));
        assert!(!near_of("aba").contains(&"abandon"));
        assert_eq!(*normalize("ÁBACO"), *nfkd("ábaco"));
        assert_eq!(normalize("ÁBACO").capacity(), normalize("ÁBACO").len());
        assert_eq!(with_prefix(english, "zo").as_slice(), &[2046, 2047]);
    }

    #[test]
    fn the_largest_word_fits() {
        for language in LANGUAGES {
            let longest = language.word_list().iter().map(|w| w.len()).max();
            assert!(longest <= Some(MAX_WORD_BYTES), "{language}");
            let chars = language.word_list().iter().map(|w| w.chars().count()).max();
            assert!(chars <= Some(MAX_CHARS), "{language}");
        }
    }
}
