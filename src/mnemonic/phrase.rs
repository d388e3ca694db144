//! [`Phrase`]: the one BIP-39 codec of the crate, word ↔ index over the `bip39` crate's word
//! lists and entropy ↔ indices with the checksum ([`bits`](super::bits)), for every length
//! from 9 to 24 words. [`Mnemonic`](super::Mnemonic) and
//! [`CardanoMnemonic`](super::CardanoMnemonic) are both made of one.

use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::bits::{self, MAX_ENTROPY, MAX_WORDS};
use super::entropy::Entropy;
use super::error::{Error, Result};
use super::language::Language;

/// The words of a phrase as indices into one word list, checksum verified; wiped on drop.
#[derive(Clone)]
pub(crate) struct Phrase {
    language: Language,
    indices: [u16; MAX_WORDS],
    count: usize,
}

impl Phrase {
    /// The phrase of `entropy`: 12 to 32 bytes, a multiple of 4, checked by the caller.
    pub(crate) fn from_entropy(language: Language, entropy: &[u8]) -> Self {
        let mut phrase = Self {
            language,
            indices: [0; MAX_WORDS],
            count: 0,
        };
        phrase.count = bits::indices_of(entropy, &mut phrase.indices);
        phrase
    }

    /// Decodes NFKD text in the list of `language`, whose word count was checked (9 to 24, a
    /// multiple of 3).
    ///
    /// # Errors
    /// [`Error::UnknownWord`] for the first word not in the list; [`Error::InvalidChecksum`].
    pub(crate) fn decode(language: Language, text: &str) -> Result<Self> {
        let mut phrase = Self {
            language,
            indices: [0; MAX_WORDS],
            count: 0,
        };
        for (position, word) in text.split_whitespace().enumerate() {
            let slot = phrase
                .indices
                .get_mut(position)
                .ok_or(Error::InvalidWordCount {
                    count: position + 1,
                })?;
            *slot = language
                .find_word(word)
                .ok_or(Error::UnknownWord { position })?;
            phrase.count = position + 1;
        }
        let mut entropy = Zeroizing::new([0u8; MAX_ENTROPY]);
        bits::entropy_of(phrase.indices(), &mut entropy)?;
        Ok(phrase)
    }

    /// The word indices, in order.
    pub(crate) fn indices(&self) -> &[u16] {
        // `count` is at most MAX_WORDS: it counts slots of `indices`.
        let (indices, _) = self.indices.split_at(self.count);
        indices
    }

    /// The word list.
    pub(crate) const fn language(&self) -> Language {
        self.language
    }

    /// The number of words.
    pub(crate) const fn word_count(&self) -> usize {
        self.count
    }

    /// The words, in order (NFKD, from the word list).
    #[allow(
        clippy::indexing_slicing,
        reason = "an 11-bit index into a list of 2048 words"
    )]
    pub(crate) fn words(&self) -> impl Iterator<Item = &'static str> + Clone + '_ {
        let list = self.language.word_list();
        self.indices()
            .iter()
            .map(move |&i| list[usize::from(i & 0x7FF)])
    }

    /// The entropy the phrase encodes.
    pub(crate) fn to_entropy(&self) -> Entropy {
        let mut packed = Zeroizing::new([0u8; MAX_ENTROPY + 1]);
        let len = bits::pack(self.indices(), &mut packed);
        let (entropy, _) = packed.split_at(len);
        Entropy::from_slice(entropy)
    }

    /// Whether both have the same words by index, whatever their lists.
    pub(crate) fn indices_ct_eq(&self, other: &Self) -> Choice {
        self.count.ct_eq(&other.count) & self.indices.ct_eq(&other.indices)
    }
}

impl Drop for Phrase {
    fn drop(&mut self) {
        self.indices.zeroize();
        self.count.zeroize();
    }
}

impl ZeroizeOnDrop for Phrase {}

impl ConstantTimeEq for Phrase {
    fn ct_eq(&self, other: &Self) -> Choice {
        Choice::from(u8::from(self.language == other.language)) & self.indices_ct_eq(other)
    }
}
