//! BIP-39 mnemonics in every word list, and Cardano's phrases for Icarus.
//!
//! Vocabulary used throughout:
//!
//! * **phrase**: the text, words separated by whitespace (a space, or U+3000 in Japanese).
//! * **position**: the zero-based number of a word among `phrase.split_whitespace()`; errors
//!   carry it, their `Display` counts from 1 as a person does.
//! * **entropy**: the random bytes a phrase encodes, 16 to 32 (BIP-39) or 12 to 32 (Cardano),
//!   a multiple of 4; the phrase adds a checksum of `len / 4` bits (the first bits of
//!   SHA-256 of the entropy).
//! * **seed**: BIP-39's 64 bytes, `PBKDF2-HMAC-SHA512(phrase, "mnemonic" ‖ passphrase, 2048)`,
//!   with phrase and passphrase in Unicode NFKD. Cardano's Icarus master key uses the
//!   *entropy* instead (see [`ExtendedPrivateKey::from_icarus`](crate::ExtendedPrivateKey)).
//!
//! [`Mnemonic`] is a BIP-39 mnemonic of 12 to 24 words; [`CardanoMnemonic`] also takes 9
//! words (96 bits), as cardano-addresses does for Icarus wallets. Both are made of one codec:
//! word ↔ index over the `bip39` crate's word lists, and entropy ↔ indices with the checksum,
//! for every length from 9 to 24 words.
//!
//! Parsing splits the text on whitespace, normalizes each word to NFKD, then checks, in this
//! order, the word count
//! ([`Error::InvalidWordCount`]), every word ([`Error::UnknownWord`], or
//! [`Error::MixedLanguages`] for a word of another list), and the checksum
//! ([`Error::InvalidChecksum`]). Without a language, the lists that hold every word
//! are tried; a phrase valid in two of them with different word indices (English and French
//! share 100 words) is [`Error::AmbiguousLanguage`], while one of the 1,275
//! characters both Chinese lists hold at the same indices is the same mnemonic either way and
//! is read as simplified Chinese (the earlier list in [`Language::ALL`]). Letter case is
//! ignored, as many wallets ignore it: each word is lowercased after NFKD, so `ABANDON` and
//! `Abandon` are `abandon` (every list's words are lowercase or caseless). [`suggest`] tells
//! a person what they meant by a word that is in no list.
//!
//! # Wiping
//!
//! Mnemonics, entropy and seeds are held in types wiped on drop; phrase text comes back as
//! `Zeroizing<String>`; the NFKD copies of phrases and passphrases are sized exactly before
//! they are written (so they never reallocate) and wiped. Seeds come from the crate's own
//! PBKDF2 (`hash::pbkdf2`), whose states are wiped. What stays beyond our reach: the
//! caller's own `&str`, the normalizer's small internal buffer, and the
//! copies the compiler makes in registers or when it moves a value.
//!
//! # Examples
//!
//! ```
//! use fastbip32::mnemonic::{suggest, CardanoMnemonic, Error, Language, Mnemonic};
//! use fastbip32::{ExtendedPrivateKey, Secp256k1};
//!
//! // The first BIP-39 test vector (passphrase "TREZOR").
//! let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
//! let mnemonic: Mnemonic = phrase.parse()?;
//! assert_eq!(mnemonic.language(), Language::English);
//! assert_eq!(mnemonic.to_entropy().as_bytes(), &[0u8; 16]);
//! let seed = mnemonic.to_seed("TREZOR");
//! assert_eq!(seed.expose()[..4], [0xc5, 0x52, 0x57, 0xc3]);
//! let root = ExtendedPrivateKey::<Secp256k1>::from_seed(seed.expose())?;
//!
//! // A typo names the word (position 1, the second word) and the likely fix.
//! let typo = phrase.replacen("abandon abandon", "abandon abandn", 1);
//! assert_eq!(typo.parse::<Mnemonic>().unwrap_err(), Error::UnknownWord { position: 1 });
//! assert_eq!(suggest("abandn", Language::English)[0], "abandon");
//!
//! // A fresh 24-word phrase in Spanish, from the operating system's random number generator.
//! let fresh = Mnemonic::generate(Language::Spanish, 24)?;
//! assert_eq!(fresh.to_entropy().len(), 32);
//! assert_eq!(Mnemonic::parse_in(Language::Spanish, &fresh.to_phrase())?, fresh);
//!
//! // Cardano's 9-word phrases (cardano-addresses' test phrase).
//! let short = CardanoMnemonic::parse("test child burst immense armed parrot company walk dog")?;
//! assert_eq!(short.to_entropy().as_bytes()[..3], [0xdf, 0x84, 0xfc]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bip39;
mod bits;
mod cardano;
mod entropy;
mod error;
mod language;
mod phrase;
mod suggest;

pub use self::bip39::{guess_language, Mnemonic};
pub use self::cardano::CardanoMnemonic;
pub use self::entropy::Entropy;
pub use self::error::Error;
pub use self::language::Language;
#[cfg(feature = "recovery")]
pub(crate) use self::suggest::distance as typo_distance;
pub use self::suggest::{suggest, Suggestions, MAX_SUGGESTIONS};
