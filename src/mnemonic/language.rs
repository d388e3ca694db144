//! The ten BIP-39 word lists, by name (English alone in a build with `mnemonic-english` but
//! not `mnemonic`).

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
    #[cfg(feature = "mnemonic")]
    Japanese,
    /// Korean.
    #[cfg(feature = "mnemonic")]
    Korean,
    /// Spanish.
    #[cfg(feature = "mnemonic")]
    Spanish,
    /// Chinese, simplified characters.
    #[cfg(feature = "mnemonic")]
    ChineseSimplified,
    /// Chinese, traditional characters.
    #[cfg(feature = "mnemonic")]
    ChineseTraditional,
    /// French.
    #[cfg(feature = "mnemonic")]
    French,
    /// Italian.
    #[cfg(feature = "mnemonic")]
    Italian,
    /// Czech.
    #[cfg(feature = "mnemonic")]
    Czech,
    /// Portuguese.
    #[cfg(feature = "mnemonic")]
    Portuguese,
}

impl Language {
    /// Every word list of this build, in the order of the BIPs repository's list (the order
    /// in which language detection breaks ties): the ten, or English alone without the
    /// feature `mnemonic` (with `mnemonic-english` only).
    #[cfg(feature = "mnemonic")]
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

    /// Every word list of this build: English alone (the feature `mnemonic` adds the nine
    /// others).
    #[cfg(not(feature = "mnemonic"))]
    pub const ALL: [Self; 1] = [Self::English];

    /// The names of the nine lists left out of a build without the feature `mnemonic`.
    #[cfg(not(feature = "mnemonic"))]
    const NOT_BUILT: [&'static str; 9] = [
        "japanese",
        "korean",
        "spanish",
        "chinese-simplified",
        "chinese-traditional",
        "french",
        "italian",
        "czech",
        "portuguese",
    ];

    /// The name: `english`, `chinese-simplified`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Self::English => "english",
            #[cfg(feature = "mnemonic")]
            Self::Japanese => "japanese",
            #[cfg(feature = "mnemonic")]
            Self::Korean => "korean",
            #[cfg(feature = "mnemonic")]
            Self::Spanish => "spanish",
            #[cfg(feature = "mnemonic")]
            Self::ChineseSimplified => "chinese-simplified",
            #[cfg(feature = "mnemonic")]
            Self::ChineseTraditional => "chinese-traditional",
            #[cfg(feature = "mnemonic")]
            Self::French => "french",
            #[cfg(feature = "mnemonic")]
            Self::Italian => "italian",
            #[cfg(feature = "mnemonic")]
            Self::Czech => "czech",
            #[cfg(feature = "mnemonic")]
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
        #[cfg(feature = "mnemonic")]
        if let Self::Japanese = self {
            return "\u{3000}";
        }
        " "
    }

    pub(crate) const fn to_bip39(self) -> bip39::Language {
        match self {
            Self::English => bip39::Language::English,
            #[cfg(feature = "mnemonic")]
            Self::Japanese => bip39::Language::Japanese,
            #[cfg(feature = "mnemonic")]
            Self::Korean => bip39::Language::Korean,
            #[cfg(feature = "mnemonic")]
            Self::Spanish => bip39::Language::Spanish,
            #[cfg(feature = "mnemonic")]
            Self::ChineseSimplified => bip39::Language::SimplifiedChinese,
            #[cfg(feature = "mnemonic")]
            Self::ChineseTraditional => bip39::Language::TraditionalChinese,
            #[cfg(feature = "mnemonic")]
            Self::French => bip39::Language::French,
            #[cfg(feature = "mnemonic")]
            Self::Italian => bip39::Language::Italian,
            #[cfg(feature = "mnemonic")]
            Self::Czech => bip39::Language::Czech,
            #[cfg(feature = "mnemonic")]
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
    /// [`Error::LanguageNotBuilt`] for one of the nine lists besides English in a build
    /// without the feature `mnemonic`; [`Error::UnknownLanguage`] for any other text.
    fn from_str(s: &str) -> Result<Self> {
        let named = |name: &str| {
            s.len() == name.len()
                && s.bytes()
                    .zip(name.bytes())
                    .all(|(a, b)| a.to_ascii_lowercase() == b || (a == b'_' && b == b'-'))
        };
        if let Some(language) = Self::ALL.into_iter().find(|l| named(l.name())) {
            return Ok(language);
        }
        #[cfg(not(feature = "mnemonic"))]
        if Self::NOT_BUILT.into_iter().any(named) {
            return Err(Error::LanguageNotBuilt);
        }
        Err(Error::UnknownLanguage)
    }
}
