//! Cardano recovery phrases: 9 to 24 words, for the Icarus master key.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::bits::{self, MAX_ENTROPY, MAX_WORDS};
use super::error::{Error, Result};
use super::{candidates, check_word_count, nfkd_words, phrase_of, Entropy, Language, Mnemonic};

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
    language: Language,
    indices: [u16; MAX_WORDS],
    count: usize,
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
    /// [`Error::InvalidEntropyLength`] unless `entropy` is 12 to 32 bytes, a multiple of 4.
    pub fn from_entropy(language: Language, entropy: &[u8]) -> Result<Self> {
        let len = entropy.len();
        if !(12..=MAX_ENTROPY).contains(&len) || !len.is_multiple_of(4) {
            return Err(Error::InvalidEntropyLength { len, min: 12 });
        }
        let mut out = Self {
            language,
            indices: [0; MAX_WORDS],
            count: 0,
        };
        out.count = bits::indices_of(entropy, &mut out.indices);
        Ok(out)
    }

    /// Parses a phrase in any word list (detected as for [`Mnemonic::parse`]).
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`], [`Error::UnknownWord`],
    /// [`Error::MixedLanguages`], [`Error::InvalidChecksum`] or
    /// [`Error::AmbiguousLanguage`].
    pub fn parse(phrase: &str) -> Result<Self> {
        let text = nfkd_words(phrase);
        check_word_count(&text, &Self::WORD_COUNTS)?;
        let mut found: Option<Self> = None;
        let mut ambiguous = false;
        for language in candidates(&text)? {
            if let Ok(this) = Self::decode(language, &text) {
                match &found {
                    // Same indices in both lists (the shared Chinese characters): keep the first.
                    Some(first) => ambiguous |= !bool::from(first.indices.ct_eq(&this.indices)),
                    None => found = Some(this),
                }
            }
        }
        if ambiguous {
            return Err(Error::AmbiguousLanguage);
        }
        found.ok_or(Error::InvalidChecksum)
    }

    /// Parses a phrase in the word list of `language`.
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`], [`Error::UnknownWord`] (also for a word of
    /// another list) or [`Error::InvalidChecksum`].
    pub fn parse_in(language: Language, phrase: &str) -> Result<Self> {
        let text = nfkd_words(phrase);
        check_word_count(&text, &Self::WORD_COUNTS)?;
        Self::decode(language, &text)
    }

    /// Decodes NFKD text whose word count was checked.
    fn decode(language: Language, text: &str) -> Result<Self> {
        let mut out = Self {
            language,
            indices: [0; MAX_WORDS],
            count: 0,
        };
        for (position, word) in text.split_whitespace().enumerate() {
            let slot = out
                .indices
                .get_mut(position)
                .ok_or(Error::InvalidWordCount {
                    count: position + 1,
                })?;
            *slot = language
                .find_word(word)
                .ok_or(Error::UnknownWord { position })?;
            out.count = position + 1;
        }
        let mut entropy = Zeroizing::new([0u8; MAX_ENTROPY]);
        bits::entropy_of(out.index_slice(), &mut entropy)?;
        Ok(out)
    }

    fn index_slice(&self) -> &[u16] {
        self.indices.get(..self.count).unwrap_or_default()
    }

    /// The word list.
    pub const fn language(&self) -> Language {
        self.language
    }

    /// The number of words.
    pub const fn word_count(&self) -> usize {
        self.count
    }

    /// The words, in order (NFKD, from the word list).
    pub fn words(&self) -> impl Iterator<Item = &'static str> + Clone + '_ {
        let list = self.language.word_list();
        self.index_slice()
            .iter()
            .filter_map(move |&i| list.get(usize::from(i)).copied())
    }

    /// The phrase: the words joined by [`Language::separator`].
    pub fn to_phrase(&self) -> Zeroizing<String> {
        phrase_of(self.words(), self.language)
    }

    /// The entropy: what Icarus hashes into its master key.
    pub fn to_entropy(&self) -> Entropy {
        let mut packed = Zeroizing::new([0u8; MAX_ENTROPY + 1]);
        let len = bits::pack(self.index_slice(), &mut packed);
        Entropy::from_slice(packed.get(..len).unwrap_or_default())
    }
}

impl From<&Mnemonic> for CardanoMnemonic {
    fn from(m: &Mnemonic) -> Self {
        let mut out = Self {
            language: m.language(),
            indices: [0; MAX_WORDS],
            count: m.word_count().min(MAX_WORDS),
        };
        for (slot, index) in out.indices.iter_mut().zip(m.inner.word_indices()) {
            #[allow(clippy::cast_possible_truncation)] // word indices are below 2048
            let index = (index & 0x7FF) as u16;
            *slot = index;
        }
        out
    }
}

impl From<Mnemonic> for CardanoMnemonic {
    fn from(m: Mnemonic) -> Self {
        Self::from(&m)
    }
}

impl Drop for CardanoMnemonic {
    fn drop(&mut self) {
        self.indices.zeroize();
        self.count.zeroize();
    }
}

impl ZeroizeOnDrop for CardanoMnemonic {}

impl ConstantTimeEq for CardanoMnemonic {
    fn ct_eq(&self, other: &Self) -> Choice {
        Choice::from(u8::from(self.language == other.language))
            & self.count.ct_eq(&other.count)
            & self.indices.ct_eq(&other.indices)
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
            .field("language", &self.language)
            .field("word_count", &self.count)
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
