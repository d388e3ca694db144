//! [`Error`]: what can go wrong with a mnemonic.

use core::fmt;

/// A [`core::result::Result`] with the mnemonic [`Error`].
pub(crate) type Result<T> = core::result::Result<T, Error>;

/// What can go wrong when parsing, making or converting a mnemonic.
///
/// Positions count words from 0 among the whitespace-separated words; `Display` counts them
/// from 1, as a person does ("word 3"). No variant holds a word or any other secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// Not the name of a BIP-39 word list (`english`, `japanese`, `korean`, `spanish`,
    /// `chinese-simplified`, `chinese-traditional`, `french`, `italian`, `czech`,
    /// `portuguese`).
    UnknownLanguage,
    /// One of the nine word lists besides English, in a build without them (the feature
    /// `mnemonic-english` without `mnemonic`).
    LanguageNotBuilt,
    /// A number of words no mnemonic has: BIP-39 has 12, 15, 18, 21 or 24; Cardano's phrases
    /// also 9.
    InvalidWordCount {
        /// The number of words given (whitespace-separated).
        count: usize,
    },
    /// A word that is in no word list (or not in the list asked for).
    UnknownWord {
        /// Zero-based position of the word.
        position: usize,
    },
    /// A word from a different word list than the words before it.
    MixedLanguages {
        /// Zero-based position of the first word of another list.
        position: usize,
    },
    /// The checksum (the last bits, in the last word) does not match.
    InvalidChecksum,
    /// A phrase valid in more than one word list with different words by index (English and
    /// French share 100 words): the language must be given.
    AmbiguousLanguage,
    /// Entropy must be `min` to 32 bytes long, a multiple of 4: 16 for BIP-39 (12 to 24
    /// words), 12 for Cardano's phrases (9 to 24 words).
    InvalidEntropyLength {
        /// The length given.
        len: usize,
        /// The shortest entropy allowed.
        min: usize,
    },
    /// The operating system's random number generator failed.
    RandomSourceFailed {
        /// The OS error code, when there is one.
        os_error: Option<i32>,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::UnknownLanguage => f.write_str(
                "unknown word list (expected english, japanese, korean, spanish, \
                 chinese-simplified, chinese-traditional, french, italian, czech or portuguese)",
            ),
            Self::LanguageNotBuilt => f.write_str(
                "this build has the English word list only (the other lists come with the feature `mnemonic`)",
            ),
            Self::InvalidWordCount { count } => write!(
                f,
                "mnemonic has {count} words; it must have 12, 15, 18, 21 or 24 (9 for Cardano)"
            ),
            Self::UnknownWord { position } => write!(
                f,
                "word {} of the mnemonic is not in the word list",
                position.saturating_add(1)
            ),
            Self::MixedLanguages { position } => write!(
                f,
                "word {} of the mnemonic is from another word list than the words before it",
                position.saturating_add(1)
            ),
            Self::InvalidChecksum => f.write_str("mnemonic checksum mismatch"),
            Self::AmbiguousLanguage => {
                f.write_str("mnemonic is valid in more than one word list; give its language")
            }
            Self::InvalidEntropyLength { len, min } => write!(
                f,
                "entropy is {len} bytes; it must be {min} to 32 bytes, a multiple of 4"
            ),
            Self::RandomSourceFailed {
                os_error: Some(code),
            } => write!(
                f,
                "the system random number generator failed (OS error {code})"
            ),
            Self::RandomSourceFailed { os_error: None } => {
                f.write_str("the system random number generator failed")
            }
        }
    }
}

impl core::error::Error for Error {}

impl Error {
    /// The variant's name (`"UnknownLanguage"`, …): what bindings report as an error's kind, from one
    /// exhaustive match, so that a new variant cannot be reported under another's name.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::UnknownLanguage => "UnknownLanguage",
            Self::LanguageNotBuilt => "LanguageNotBuilt",
            Self::InvalidWordCount { .. } => "InvalidWordCount",
            Self::UnknownWord { .. } => "UnknownWord",
            Self::MixedLanguages { .. } => "MixedLanguages",
            Self::InvalidChecksum => "InvalidChecksum",
            Self::AmbiguousLanguage => "AmbiguousLanguage",
            Self::InvalidEntropyLength { .. } => "InvalidEntropyLength",
            Self::RandomSourceFailed { .. } => "RandomSourceFailed",
        }
    }
}
