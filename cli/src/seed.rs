//! Where the master key's input comes from: `--seed HEX`, `--mnemonic WORDS` (+
//! `--passphrase`), either of them read from standard input with `-`, or the public BIP-32
//! test vector 1 seed.
//!
//! What the input is depends on the curve ([`SeedKind`]): a BIP-39 seed for most, the BIP-39
//! entropy and the passphrase's bytes for Cardano's Icarus method.
//!
//! Every buffer that holds the seed, the entropy, the mnemonic, the passphrase or text read
//! from standard input is wiped on drop, and no error message repeats any of it.

use std::io::Read;

use bip39::{Language, Mnemonic};
use fastbip32::curve::{MAX_SEED_LEN, MIN_SEED_LEN};
use zeroize::Zeroizing;

use crate::error::CliError;
use crate::input::{read_stdin, STDIN_MARKER};

/// BIP-32 test vector 1's seed, used when no seed is given. Public: never for funds.
pub(crate) const TEST_VECTOR_1_SEED: [u8; 16] = [
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
];

/// The note printed when [`TEST_VECTOR_1_SEED`] is used.
pub(crate) const DEFAULT_SEED_NOTE: &str =
    "note: no --seed given; using the public BIP-32 test vector 1 seed (do not use for funds)";

/// The lengths of BIP-39 entropy `--seed` takes for the Icarus method, in bytes: 12 to 24
/// words. (The library also takes 12 bytes, 9 words, which the `bip39` crate does not parse.)
const ENTROPY_LENS: [usize; 5] = [16, 20, 24, 28, 32];

/// What the master key is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SeedKind {
    /// A BIP-39 seed (or any seed of 16 to 64 bytes): `--seed` as is, a mnemonic through
    /// BIP-39's PBKDF2 with the passphrase.
    Bip39Seed,
    /// BIP-39 entropy and a passphrase (Cardano's Icarus): `--seed` is the entropy, a
    /// mnemonic gives its entropy, and the passphrase's UTF-8 bytes are kept apart.
    Bip39Entropy,
}

/// A seed (or entropy) and, for [`SeedKind::Bip39Entropy`], the passphrase bytes; wiped on
/// drop.
pub(crate) struct Seed {
    bytes: Zeroizing<Vec<u8>>,
    passphrase: Zeroizing<Vec<u8>>,
    /// True for [`TEST_VECTOR_1_SEED`], chosen because no seed was given.
    is_default: bool,
}

impl Seed {
    /// The seed (or entropy) bytes.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The passphrase bytes for [`SeedKind::Bip39Entropy`]; empty otherwise (a BIP-39 seed
    /// has the passphrase in it already).
    pub(crate) fn passphrase(&self) -> &[u8] {
        &self.passphrase
    }

    /// Whether this is the public default seed.
    pub(crate) const fn is_default(&self) -> bool {
        self.is_default
    }
}

/// The seed from the command-line options (which clap has already made mutually exclusive).
///
/// # Errors
/// A usage error for a malformed seed or mnemonic, a passphrase without a mnemonic (or, for
/// [`SeedKind::Bip39Entropy`], without a seed either), or text on standard input that is too
/// long or not UTF-8; a failure if standard input cannot be read.
pub(crate) fn resolve(
    seed: Option<&str>,
    mnemonic: Option<&str>,
    passphrase: Option<&str>,
    kind: SeedKind,
    stdin: &mut dyn Read,
) -> Result<Seed, CliError> {
    if seed.is_some() && mnemonic.is_some() {
        return Err(CliError::Usage(
            "--seed and --mnemonic cannot be used together".to_owned(),
        ));
    }
    if passphrase.is_some() && mnemonic.is_none() {
        match kind {
            SeedKind::Bip39Seed => {
                return Err(CliError::Usage(
                    "--passphrase needs --mnemonic (a --seed is already a BIP-39 seed)".to_owned(),
                ));
            }
            SeedKind::Bip39Entropy if seed.is_none() => {
                return Err(CliError::Usage(
                    "--passphrase needs --mnemonic or --seed".to_owned(),
                ));
            }
            SeedKind::Bip39Entropy => {}
        }
    }
    let passphrase = passphrase.unwrap_or_default();
    let bytes = match (seed, mnemonic) {
        (Some(STDIN_MARKER), _) => decode_hex_seed(&read_stdin(stdin, "--seed")?, kind)?,
        (Some(text), _) => decode_hex_seed(text, kind)?,
        (None, Some(STDIN_MARKER)) => {
            mnemonic_input(&read_stdin(stdin, "--mnemonic")?, passphrase, kind)?
        }
        (None, Some(words)) => mnemonic_input(words, passphrase, kind)?,
        (None, None) => {
            return Ok(Seed {
                bytes: Zeroizing::new(TEST_VECTOR_1_SEED.to_vec()),
                passphrase: Zeroizing::new(Vec::new()),
                is_default: true,
            });
        }
    };
    let passphrase = match kind {
        SeedKind::Bip39Seed => Vec::new(),
        SeedKind::Bip39Entropy => passphrase.as_bytes().to_vec(),
    };
    Ok(Seed {
        bytes,
        passphrase: Zeroizing::new(passphrase),
        is_default: false,
    })
}

/// Decodes a hex seed (either case of hex digit): [`MIN_SEED_LEN`] to [`MAX_SEED_LEN`] bytes
/// of seed, or one of the [`ENTROPY_LENS`] of entropy.
fn decode_hex_seed(text: &str, kind: SeedKind) -> Result<Zeroizing<Vec<u8>>, CliError> {
    if let Some(offset) = text.bytes().position(|b| !b.is_ascii_hexdigit()) {
        return Err(CliError::Usage(format!(
            "invalid --seed: not hexadecimal (byte {offset})"
        )));
    }
    if text.len() % 2 != 0 {
        return Err(CliError::Usage(format!(
            "invalid --seed: odd number of hex digits ({})",
            text.len()
        )));
    }
    let len = text.len() / 2;
    match kind {
        SeedKind::Bip39Seed if !(MIN_SEED_LEN..=MAX_SEED_LEN).contains(&len) => {
            return Err(CliError::Usage(format!(
                "invalid --seed: {len} bytes; a seed must be {MIN_SEED_LEN} to {MAX_SEED_LEN} bytes ({} to {} hex digits)",
                MIN_SEED_LEN * 2,
                MAX_SEED_LEN * 2
            )));
        }
        SeedKind::Bip39Entropy if !ENTROPY_LENS.contains(&len) => {
            return Err(CliError::Usage(format!(
                "invalid --seed: {len} bytes; for cardano-icarus --seed is BIP-39 entropy of 16, 20, 24, 28 or 32 bytes (32 to 64 hex digits)"
            )));
        }
        _ => {}
    }
    let mut seed = Zeroizing::new(vec![0u8; len]);
    hex::decode_to_slice(text, &mut seed)
        .map_err(|_| CliError::Usage("invalid --seed: not hexadecimal".to_owned()))?;
    Ok(seed)
}

/// What an English mnemonic (checksum checked) gives for `kind`: its BIP-39 seed with
/// `passphrase`, or its entropy.
fn mnemonic_input(
    words: &str,
    passphrase: &str,
    kind: SeedKind,
) -> Result<Zeroizing<Vec<u8>>, CliError> {
    // ASCII text is already in NFKD; only other text goes through bip39's normalisation,
    // which makes a copy that is not wiped.
    let parsed = if words.is_ascii() {
        Mnemonic::parse_in_normalized(Language::English, words)
    } else {
        Mnemonic::parse_in(Language::English, words)
    };
    let mnemonic = parsed
        .map_err(|e| CliError::Usage(format!("invalid --mnemonic: {}", mnemonic_error(&e))))?;
    match kind {
        SeedKind::Bip39Seed => {
            let seed = Zeroizing::new(if passphrase.is_ascii() {
                mnemonic.to_seed_normalized(passphrase)
            } else {
                mnemonic.to_seed(passphrase)
            });
            Ok(Zeroizing::new(seed.to_vec()))
        }
        SeedKind::Bip39Entropy => {
            let (array, len) = mnemonic.to_entropy_array();
            let array = Zeroizing::new(array);
            let entropy = array.get(..len).ok_or_else(|| {
                CliError::Failure("invalid --mnemonic: entropy length out of range".to_owned())
            })?;
            Ok(Zeroizing::new(entropy.to_vec()))
        }
    }
}

/// bip39's error in our words, without repeating any of the mnemonic.
fn mnemonic_error(err: &bip39::Error) -> String {
    match err {
        bip39::Error::BadWordCount(n) => {
            let plural = if *n == 1 { "" } else { "s" };
            format!("{n} word{plural}; a BIP-39 mnemonic has 12, 15, 18, 21 or 24 words")
        }
        bip39::Error::UnknownWord(i) => {
            format!(
                "word {} is not in the BIP-39 English word list",
                i.saturating_add(1)
            )
        }
        bip39::Error::InvalidChecksum => {
            "checksum mismatch (a word is wrong, or the words are out of order)".to_owned()
        }
        bip39::Error::BadEntropyBitCount(bits) => format!("{bits} bits of entropy"),
        bip39::Error::AmbiguousLanguages(_) => "the word list is ambiguous".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_seed_rules() {
        assert_eq!(
            decode_hex_seed(&"0A".repeat(16), SeedKind::Bip39Seed)
                .unwrap()
                .as_slice(),
            &[10u8; 16]
        );
        for bad in ["", "0g", "abc", &"00".repeat(15), &"00".repeat(65)] {
            assert!(
                matches!(
                    decode_hex_seed(bad, SeedKind::Bip39Seed),
                    Err(CliError::Usage(_))
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn hex_entropy_rules() {
        for len in ENTROPY_LENS {
            assert_eq!(
                decode_hex_seed(&"ab".repeat(len), SeedKind::Bip39Entropy)
                    .unwrap()
                    .len(),
                len
            );
        }
        for len in [0, 12, 15, 17, 33, 64] {
            assert!(
                matches!(
                    decode_hex_seed(&"ab".repeat(len), SeedKind::Bip39Entropy),
                    Err(CliError::Usage(_))
                ),
                "{len}"
            );
        }
    }

    #[test]
    fn mnemonic_entropy() {
        let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
        let entropy = mnemonic_input(words, "ignored", SeedKind::Bip39Entropy).unwrap();
        assert_eq!(entropy.as_slice(), &[0u8; 16]);
    }
}
