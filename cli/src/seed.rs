//! Where the seed comes from: `--seed HEX`, `--mnemonic WORDS` (+ `--passphrase`), either of
//! them read from standard input with `-`, or the public BIP-32 test vector 1 seed.
//!
//! Every buffer that holds the seed, the mnemonic or text read from standard input is wiped on
//! drop, and no error message repeats any of it.

use std::io::{ErrorKind, Read};

use bip39::{Language, Mnemonic};
use fastbip32::curve::{MAX_SEED_LEN, MIN_SEED_LEN};
use zeroize::Zeroizing;

use crate::error::CliError;

/// BIP-32 test vector 1's seed, used when no seed is given. Public: never for funds.
pub(crate) const TEST_VECTOR_1_SEED: [u8; 16] = [
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
];

/// The note printed when [`TEST_VECTOR_1_SEED`] is used.
pub(crate) const DEFAULT_SEED_NOTE: &str =
    "note: no --seed given; using the public BIP-32 test vector 1 seed (do not use for funds)";

/// The most bytes read from standard input for `-`: far more than any seed or mnemonic.
pub(crate) const MAX_STDIN_LEN: usize = 64 * 1024;

/// The argument that means "read it from standard input".
const STDIN_MARKER: &str = "-";

/// A seed, wiped on drop.
pub(crate) struct Seed {
    bytes: Zeroizing<Vec<u8>>,
    /// True for [`TEST_VECTOR_1_SEED`], chosen because no seed was given.
    is_default: bool,
}

impl Seed {
    /// The seed bytes.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Whether this is the public default seed.
    pub(crate) const fn is_default(&self) -> bool {
        self.is_default
    }
}

/// The seed from the command-line options (which clap has already made mutually exclusive).
///
/// # Errors
/// A usage error for a malformed seed or mnemonic, or text on standard input that is too long
/// or not UTF-8; a failure if standard input cannot be read.
pub(crate) fn resolve(
    seed: Option<&str>,
    mnemonic: Option<&str>,
    passphrase: Option<&str>,
    stdin: &mut dyn Read,
) -> Result<Seed, CliError> {
    let bytes = match (seed, mnemonic) {
        (Some(_), Some(_)) => {
            return Err(CliError::Usage(
                "--seed and --mnemonic cannot be used together".to_owned(),
            ));
        }
        (Some(STDIN_MARKER), None) => decode_hex_seed(&read_stdin(stdin, "--seed")?)?,
        (Some(text), None) => decode_hex_seed(text)?,
        (None, Some(STDIN_MARKER)) => mnemonic_seed(
            &read_stdin(stdin, "--mnemonic")?,
            passphrase.unwrap_or_default(),
        )?,
        (None, Some(words)) => mnemonic_seed(words, passphrase.unwrap_or_default())?,
        (None, None) => {
            if passphrase.is_some() {
                return Err(CliError::Usage("--passphrase needs --mnemonic".to_owned()));
            }
            return Ok(Seed {
                bytes: Zeroizing::new(TEST_VECTOR_1_SEED.to_vec()),
                is_default: true,
            });
        }
    };
    Ok(Seed {
        bytes,
        is_default: false,
    })
}

/// Reads all of standard input (at most [`MAX_STDIN_LEN`] bytes) as UTF-8, without leading and
/// trailing whitespace.
fn read_stdin(stdin: &mut dyn Read, option: &str) -> Result<Zeroizing<String>, CliError> {
    // One buffer, allocated once: no secret is left behind by a reallocation.
    let mut buf = Zeroizing::new(vec![0u8; MAX_STDIN_LEN + 1]);
    let mut len = 0;
    while let Some(free) = buf.get_mut(len..).filter(|free| !free.is_empty()) {
        match stdin.read(free) {
            Ok(0) => break,
            Ok(n) => len += n.min(free.len()),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(CliError::Failure(format!(
                    "cannot read {option} from standard input: {e}"
                )));
            }
        }
    }
    if len > MAX_STDIN_LEN {
        return Err(CliError::Usage(format!(
            "invalid {option}: standard input is longer than {MAX_STDIN_LEN} bytes"
        )));
    }
    let text = buf
        .get(..len)
        .and_then(|bytes| core::str::from_utf8(bytes).ok())
        .ok_or_else(|| CliError::Usage(format!("invalid {option}: standard input is not UTF-8")))?;
    Ok(Zeroizing::new(text.trim().to_owned()))
}

/// Decodes a hex seed of [`MIN_SEED_LEN`] to [`MAX_SEED_LEN`] bytes (either case of hex digit).
fn decode_hex_seed(text: &str) -> Result<Zeroizing<Vec<u8>>, CliError> {
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
    if !(MIN_SEED_LEN..=MAX_SEED_LEN).contains(&len) {
        return Err(CliError::Usage(format!(
            "invalid --seed: {len} bytes; a seed must be {MIN_SEED_LEN} to {MAX_SEED_LEN} bytes ({} to {} hex digits)",
            MIN_SEED_LEN * 2,
            MAX_SEED_LEN * 2
        )));
    }
    let mut seed = Zeroizing::new(vec![0u8; len]);
    hex::decode_to_slice(text, &mut seed)
        .map_err(|_| CliError::Usage("invalid --seed: not hexadecimal".to_owned()))?;
    Ok(seed)
}

/// The BIP-39 seed of an English mnemonic (checksum checked) and passphrase.
fn mnemonic_seed(words: &str, passphrase: &str) -> Result<Zeroizing<Vec<u8>>, CliError> {
    // ASCII text is already in NFKD; only other text goes through bip39's normalisation,
    // which makes a copy that is not wiped.
    let parsed = if words.is_ascii() {
        Mnemonic::parse_in_normalized(Language::English, words)
    } else {
        Mnemonic::parse_in(Language::English, words)
    };
    let mnemonic = parsed
        .map_err(|e| CliError::Usage(format!("invalid --mnemonic: {}", mnemonic_error(&e))))?;
    let seed = Zeroizing::new(if passphrase.is_ascii() {
        mnemonic.to_seed_normalized(passphrase)
    } else {
        mnemonic.to_seed(passphrase)
    });
    Ok(Zeroizing::new(seed.to_vec()))
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
    fn stdin_is_trimmed_and_bounded() {
        let mut input: &[u8] = b"  00ff \n";
        assert_eq!(read_stdin(&mut input, "--seed").unwrap().as_str(), "00ff");
        let long = vec![b'a'; MAX_STDIN_LEN + 1];
        assert!(matches!(
            read_stdin(&mut long.as_slice(), "--seed"),
            Err(CliError::Usage(_))
        ));
        let exact = vec![b'a'; MAX_STDIN_LEN];
        assert_eq!(
            read_stdin(&mut exact.as_slice(), "--seed").unwrap().len(),
            MAX_STDIN_LEN
        );
        assert!(matches!(
            read_stdin(&mut &b"\xff"[..], "--seed"),
            Err(CliError::Usage(_))
        ));
    }

    #[test]
    fn hex_seed_rules() {
        assert_eq!(
            decode_hex_seed(&"0A".repeat(16)).unwrap().as_slice(),
            &[10u8; 16]
        );
        for bad in ["", "0g", "abc", &"00".repeat(15), &"00".repeat(65)] {
            assert!(
                matches!(decode_hex_seed(bad), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }
}
