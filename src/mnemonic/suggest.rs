//! "Did you mean …": the words of a list closest to a mistyped one.

use core::fmt;
use core::ops::Deref;

use unicode_normalization::UnicodeNormalization;

use super::Language;

/// The most suggestions [`suggest`] returns.
pub const MAX_SUGGESTIONS: usize = 4;

/// Words longer than this (in characters, after NFKD) get no suggestions: no list has a word
/// of more than 11 (Korean, decomposed into jamo).
const MAX_CHARS: usize = 32;

/// Up to [`MAX_SUGGESTIONS`] words of a list, best first; dereferences to a slice.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Suggestions {
    words: [&'static str; MAX_SUGGESTIONS],
    len: usize,
}

impl Suggestions {
    const NONE: Self = Self {
        words: [""; MAX_SUGGESTIONS],
        len: 0,
    };

    /// The words, best first.
    pub fn as_slice(&self) -> &[&'static str] {
        self.words.split_at(self.len).0
    }
}

impl Deref for Suggestions {
    type Target = [&'static str];

    fn deref(&self) -> &[&'static str] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Suggestions {
    type Item = &'a &'static str;
    type IntoIter = core::slice::Iter<'a, &'static str>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for Suggestions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A word as NFKD, lowercase characters, if it has at most [`MAX_CHARS`] of them.
fn chars_of(word: &str, out: &mut [char; MAX_CHARS]) -> Option<usize> {
    let mut len = 0;
    for c in word.nfkd().flat_map(char::to_lowercase) {
        *out.get_mut(len)? = c;
        len += 1;
    }
    Some(len)
}

/// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), for words
/// of at most [`MAX_CHARS`] characters: the typo distance of [`suggest`] and of the recovery
/// search's typo neighbourhoods.
pub(crate) fn distance(a: &[char], b: &[char]) -> usize {
    // Three rows of the dynamic programme: two back (for transpositions), previous, current.
    let mut back = [0usize; MAX_CHARS + 1];
    let mut prev: [usize; MAX_CHARS + 1] = core::array::from_fn(|j| j);
    let mut cur = [0usize; MAX_CHARS + 1];
    for (i, &ca) in a.iter().enumerate() {
        if let Some(first) = cur.first_mut() {
            *first = i + 1;
        }
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let substitute = prev.get(j).copied().unwrap_or(0) + cost;
            let delete = prev.get(j + 1).copied().unwrap_or(0) + 1;
            let insert = cur.get(j).copied().unwrap_or(0) + 1;
            let mut best = substitute.min(delete).min(insert);
            let swapped = i > 0 && j > 0 && a.get(i - 1) == Some(&cb) && b.get(j - 1) == Some(&ca);
            if swapped {
                best = best.min(back.get(j - 1).copied().unwrap_or(0) + 1);
            }
            if let Some(slot) = cur.get_mut(j + 1) {
                *slot = best;
            }
        }
        back = prev;
        prev = cur;
    }
    prev.get(b.len()).copied().unwrap_or(usize::MAX)
}

/// How many edits a suggestion may be away from a word of `len` characters.
const fn max_distance(len: usize) -> usize {
    match len {
        0..=4 => 1,
        5..=7 => 2,
        _ => 3,
    }
}

/// The words of `language`'s list closest to `word`, best first (at most
/// [`MAX_SUGGESTIONS`]; none when nothing is close).
///
/// `word` is compared as NFKD lowercase text, so `Abandon` suggests `abandon` (the parsers
/// themselves accept only the exact word). A list word is a candidate when it is within a
/// few edits of `word` (insertions, deletions, substitutions and swaps of neighbours: one for
/// words of up to 4 characters, two up to 7, three beyond), when `word` is the start of it
/// (3 characters or more), or when both share their first 4 characters (which identify a
/// word in most lists: BIP-39 made them unique in English). Candidates are ranked by edit
/// distance (a word that `word` starts is at distance 0), then a shared 4-character start,
/// then closeness in length, then list order.
///
/// # Security
/// Variable-time in `word`, which is secret when it is part of a mnemonic: meant for telling a
/// person what they mistyped, not for a loop over candidate phrases.
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::{suggest, Language};
///
/// assert_eq!(suggest("abandn", Language::English)[0], "abandon");
/// assert_eq!(suggest("wrold", Language::English)[0], "world");
/// assert_eq!(suggest("xylophone", Language::English).len(), 0);
/// ```
pub fn suggest(word: &str, language: Language) -> Suggestions {
    let mut typed = ['\0'; MAX_CHARS];
    let Some(len) = chars_of(word.trim(), &mut typed) else {
        return Suggestions::NONE;
    };
    let typed = typed.split_at(len).0;
    if typed.is_empty() {
        return Suggestions::NONE;
    }
    let limit = max_distance(typed.len());
    // (distance, no shared start, length difference, list index), best first.
    let mut ranked: [(usize, bool, usize, usize, &'static str); MAX_SUGGESTIONS] =
        [(usize::MAX, true, 0, 0, ""); MAX_SUGGESTIONS];
    let mut found = 0;
    for (index, &candidate) in language.word_list().iter().enumerate() {
        let mut chars = ['\0'; MAX_CHARS];
        let Some(clen) = chars_of(candidate, &mut chars) else {
            continue;
        };
        let chars = chars.split_at(clen).0;
        let completes = typed.len() >= 3 && chars.starts_with(typed);
        let shares_start = typed.len() >= 4 && chars.len() >= 4 && chars.get(..4) == typed.get(..4);
        let edits = if completes { 0 } else { distance(typed, chars) };
        if edits > limit && !shares_start {
            continue;
        }
        let key = (
            edits,
            !shares_start,
            chars.len().abs_diff(typed.len()),
            index,
            candidate,
        );
        if let Some(at) = ranked.iter().position(|r| key < *r) {
            ranked.copy_within(at..MAX_SUGGESTIONS - 1, at + 1);
            if let Some(slot) = ranked.get_mut(at) {
                *slot = key;
            }
            found = (found + 1).min(MAX_SUGGESTIONS);
        }
    }
    let mut out = Suggestions::NONE;
    for (slot, r) in out.words.iter_mut().zip(&ranked).take(found) {
        *slot = r.4;
    }
    out.len = found;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(a: &str, b: &str) -> usize {
        let a: std::vec::Vec<char> = a.chars().collect();
        let b: std::vec::Vec<char> = b.chars().collect();
        distance(&a, &b)
    }

    #[test]
    fn edit_distances() {
        assert_eq!(d("abandon", "abandon"), 0);
        assert_eq!(d("abandn", "abandon"), 1);
        assert_eq!(d("wrold", "world"), 1);
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("", "zoo"), 3);
        assert_eq!(d("ca", "abc"), 3); // OSA, not Damerau: no edit of a swapped pair
    }

    #[test]
    fn too_long_or_empty() {
        assert!(suggest(&"a".repeat(MAX_CHARS + 1), Language::English).is_empty());
        assert!(suggest("", Language::English).is_empty());
        assert!(suggest("   ", Language::English).is_empty());
    }
}
