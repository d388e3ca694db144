//! The ten BIP-39 word lists, by name.

use core::fmt;
use core::str::FromStr;

use super::error::{Error, Result};

/// A BIP-39 word list.
///
/// The words themselves are the `bip39` crate's copies of the lists in the BIPs repository,
/// stored in Unicode NFKD (accents and Japanese voicing marks decomposed, as BIP-39 hashes
/// them).
///
/// Names, for [`FromStr`] and [`Display`](fmt::Display): `english`, `japanese`, `korean`,
/// `spanish`, `chinese-simplified`, `chinese-traditional`, `french`, `italian`, `czech`,
/// `portuguese`. Parsing ignores ASCII case and takes `_` for `-`.
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::Language;
///
/// let language: Language = "chinese-simplified".parse()?;
/// assert_eq!(language, Language::ChineseSimplified);
/// assert_eq!(language.to_string(), "chinese-simplified");
/// assert_eq!(Language::English.word_list()[0], "abandon");
/// assert_eq!(Language::English.find_word("zoo"), Some(2047));
/// # Ok::<(), fastbip32::mnemonic::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Language {
    /// English.
    English,
    /// Japanese (joined with the ideographic space U+3000 when printed).
    Japanese,
    /// Korean.
    Korean,
    /// Spanish.
    Spanish,
    /// Chinese, simplified characters.
    ChineseSimplified,
    /// Chinese, traditional characters.
    ChineseTraditional,
    /// French.
    French,
    /// Italian.
    Italian,
    /// Czech.
    Czech,
    /// Portuguese.
    Portuguese,
}

impl Language {
    /// Every word list, in the order of the BIPs repository's list (the order in which
    /// language detection breaks ties).
    pub const ALL: [Self; 10] = [
        Self::English,
        Self::Japanese,
        Self::Korean,
        Self::Spanish,
        Self::ChineseSimplified,
        Self::ChineseTraditional,
        Self::French,
        Self::Italian,
        Self::Czech,
        Self::Portuguese,
    ];

    /// The name: `english`, `chinese-simplified`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Self::English => "english",
            Self::Japanese => "japanese",
            Self::Korean => "korean",
            Self::Spanish => "spanish",
            Self::ChineseSimplified => "chinese-simplified",
            Self::ChineseTraditional => "chinese-traditional",
            Self::French => "french",
            Self::Italian => "italian",
            Self::Czech => "czech",
            Self::Portuguese => "portuguese",
        }
    }

    /// The 2048 words, in index order, in NFKD.
    pub fn word_list(self) -> &'static [&'static str; 2048] {
        self.to_bip39().word_list()
    }

    /// The index of `word` in the list: an exact match of NFKD text (no case folding, no
    /// prefixes).
    ///
    /// # Security
    /// A search over the list whose time depends on the word: use it on words that are
    /// about to be validated anyway, as every BIP-39 implementation does.
    pub fn find_word(self, word: &str) -> Option<u16> {
        self.to_bip39().find_word(word)
    }

    /// The separator printed between words: U+3000 (ideographic space) for Japanese, as the
    /// BIP-39 word-list notes ask, a space otherwise. Both are whitespace to the parsers.
    pub const fn separator(self) -> &'static str {
        match self {
            Self::Japanese => "\u{3000}",
            _ => " ",
        }
    }

    pub(crate) const fn to_bip39(self) -> bip39::Language {
        match self {
            Self::English => bip39::Language::English,
            Self::Japanese => bip39::Language::Japanese,
            Self::Korean => bip39::Language::Korean,
            Self::Spanish => bip39::Language::Spanish,
            Self::ChineseSimplified => bip39::Language::SimplifiedChinese,
            Self::ChineseTraditional => bip39::Language::TraditionalChinese,
            Self::French => bip39::Language::French,
            Self::Italian => bip39::Language::Italian,
            Self::Czech => bip39::Language::Czech,
            Self::Portuguese => bip39::Language::Portuguese,
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Language {
    type Err = Error;

    /// Parses a name (see the type's documentation).
    ///
    /// # Errors
    /// [`Error::UnknownLanguage`] for any other text.
    fn from_str(s: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|language| {
                let name = language.name().as_bytes();
                s.len() == name.len()
                    && s.bytes()
                        .zip(name)
                        .all(|(a, &b)| a.to_ascii_lowercase() == b || (a == b'_' && b == b'-'))
            })
            .ok_or(Error::UnknownLanguage)
    }
}
