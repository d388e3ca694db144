//! Cardano recovery phrases: 9 to 24 words, for the Icarus master key.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use subtle::{Choice, ConstantTimeEq};
use zeroize::{ZeroizeOnDrop, Zeroizing};

use super::bip39::{parse_any, parse_in, phrase_of, Mnemonic};
use super::bits::MAX_ENTROPY;
use super::entropy::Entropy;
use super::error::{Error, Result};
use super::language::Language;
use super::phrase::Phrase;

/// A Cardano recovery phrase: 9, 12, 15, 18, 21 or 24 words, checksum verified.
///
/// The encoding is BIP-39's, extended down to 96 bits of entropy (9 words, a 3-bit
/// checksum), as cardano-addresses (`Cardano.Mnemonic`) and the Daedalus and Yoroi wallets
/// accept it. Its use is the entropy, the input of the Icarus master key
/// ([`ExtendedPrivateKey::from_icarus`](crate::ExtendedPrivateKey)); cardano-addresses reads
/// English phrases only, the other lists work the same way here.
///
/// Every 12-to-24-word BIP-39 [`Mnemonic`] converts to one (`From`). Wiped on drop; `==` is
/// constant-time; `Debug` shows the language and word count only.
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::CardanoMnemonic;
/// use fastbip32::{Ed25519Bip32, ExtendedPrivateKey};
///
/// // cardano-addresses' 9-word test phrase and the root key it publishes for it.
/// let phrase = CardanoMnemonic::parse("test child burst immense armed parrot company walk dog")?;
/// let root = ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(phrase.to_entropy().as_bytes(), b"")?;
/// assert_eq!(root.private_key()[..4], [0x98, 0x2a, 0x5c, 0xfe]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct CardanoMnemonic {
    phrase: Phrase,
}

impl CardanoMnemonic {
    /// The word counts Cardano accepts.
    pub const WORD_COUNTS: [usize; 6] = [9, 12, 15, 18, 21, 24];

    /// A new phrase of `word_count` words from the operating system's random number
    /// generator (`getrandom`).
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`] unless `word_count` is 9, 12, 15, 18, 21 or 24;
    /// [`Error::RandomSourceFailed`] if the generator fails.
    pub fn generate(language: Language, word_count: usize) -> Result<Self> {
        if !Self::WORD_COUNTS.contains(&word_count) {
            return Err(Error::InvalidWordCount { count: word_count });
        }
        let entropy = Entropy::random(word_count / 3 * 4)?;
        Self::from_entropy(language, entropy.as_bytes())
    }

    /// The phrase of `entropy`.
    ///
    /// # Errors
    /// [`Error::InvalidEntropyLength`] (`min: 12`) unless `entropy` is 12 to 32 bytes, a
    /// multiple of 4.
    pub fn from_entropy(language: Language, entropy: &[u8]) -> Result<Self> {
        let len = entropy.len();
        if !(12..=MAX_ENTROPY).contains(&len) || !len.is_multiple_of(4) {
            return Err(Error::InvalidEntropyLength { len, min: 12 });
        }
        Ok(Self {
            phrase: Phrase::from_entropy(language, entropy),
        })
    }

    /// Parses a phrase in any word list (detected as for [`Mnemonic::parse`]).
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`], [`Error::UnknownWord`], [`Error::MixedLanguages`],
    /// [`Error::InvalidChecksum`] or [`Error::AmbiguousLanguage`].
    ///
    /// # Security
    /// Variable-time in the phrase, as [`Mnemonic::parse`](super::Mnemonic::parse).
    pub fn parse(phrase: &str) -> Result<Self> {
        parse_any(phrase, &Self::WORD_COUNTS).map(|phrase| Self { phrase })
    }

    /// Parses a phrase in the word list of `language`.
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`], [`Error::UnknownWord`] (also for a word of another list)
    /// or [`Error::InvalidChecksum`].
    ///
    /// # Security
    /// Variable-time in the phrase, as [`Mnemonic::parse_in`](super::Mnemonic::parse_in).
    pub fn parse_in(language: Language, phrase: &str) -> Result<Self> {
        parse_in(language, phrase, &Self::WORD_COUNTS).map(|phrase| Self { phrase })
    }

    /// The word list.
    pub const fn language(&self) -> Language {
        self.phrase.language()
    }

    /// The number of words.
    pub const fn word_count(&self) -> usize {
        self.phrase.word_count()
    }

    /// The words, in order (NFKD, from the word list).
    pub fn words(&self) -> impl Iterator<Item = &'static str> + Clone + '_ {
        self.phrase.words()
    }

    /// The phrase: the words joined by [`Language::separator`].
    pub fn to_phrase(&self) -> Zeroizing<String> {
        phrase_of(self.words(), self.language())
    }

    /// The entropy: what Icarus hashes into its master key.
    pub fn to_entropy(&self) -> Entropy {
        self.phrase.to_entropy()
    }
}

impl From<&Mnemonic> for CardanoMnemonic {
    fn from(m: &Mnemonic) -> Self {
        Self {
            phrase: m.phrase.clone(),
        }
    }
}

impl From<Mnemonic> for CardanoMnemonic {
    fn from(m: Mnemonic) -> Self {
        Self::from(&m)
    }
}

impl ZeroizeOnDrop for CardanoMnemonic {}

impl ConstantTimeEq for CardanoMnemonic {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.phrase.ct_eq(&other.phrase)
    }
}

impl PartialEq for CardanoMnemonic {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for CardanoMnemonic {}

impl fmt::Debug for CardanoMnemonic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CardanoMnemonic")
            .field("language", &self.language())
            .field("word_count", &self.word_count())
            .finish_non_exhaustive()
    }
}

impl FromStr for CardanoMnemonic {
    type Err = Error;

    /// [`CardanoMnemonic::parse`].
    ///
    /// # Errors
    /// As for [`CardanoMnemonic::parse`].
    fn from_str(s: &str) -> Result<Self> {
        Self::parse(s)
    }
}
