//! Where the master key's input comes from: `--seed HEX`, `--mnemonic WORDS` and a
//! passphrase (`--passphrase TEXT`, `--passphrase -`, `--passphrase-file PATH`,
//! `--passphrase-prompt`), the first two read from standard input with `-`, or the public
//! BIP-32 test vector 1 seed.
//!
//! What the input is depends on the curve ([`SeedKind`]): a BIP-39 seed for most, the BIP-39
//! entropy and the passphrase's bytes for Cardano's Icarus method.
//!
//! Every buffer of ours that holds the seed, the entropy, the mnemonic, the passphrase or
//! text read for them is wiped on drop, and no error message repeats any of it. Mnemonics go
//! through the library's [`fastbip32::mnemonic`] (every BIP-39 word list; Cardano's 9-word
//! phrases for Icarus), which keeps the `bip39` crate's copies in wiped buffers and
//! overwrites the stack it used.

use std::path::Path;

use fastbip32::mnemonic::{CardanoMnemonic, Error as MnemonicError, Mnemonic};
use fastbip32::{MAX_SEED_LEN, MIN_SEED_LEN};
use zeroize::Zeroizing;

use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;

/// BIP-32 test vector 1's seed, used when no seed is given. Public: never for funds.
pub(crate) const TEST_VECTOR_1_SEED: [u8; 16] = [
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
];

/// The lengths of BIP-39 entropy `--seed` takes for the Icarus method, in bytes: 12 to 24
/// words. (A 9-word Cardano phrase, 12 bytes, is taken as `--mnemonic`.)
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

/// Where the passphrase comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Passphrase<'a> {
    /// None given: the empty passphrase.
    Absent,
    /// `--passphrase TEXT`.
    Arg(&'a str),
    /// `--passphrase -`: standard input (its second line when the mnemonic or seed is read
    /// from there too).
    Stdin,
    /// `--passphrase-file PATH`.
    File(&'a Path),
    /// `--passphrase-prompt`: the terminal, without echo.
    Prompt,
    /// `--passphrase-hex HEX`: the Icarus passphrase's bytes, in hex.
    Hex(&'a str),
}

/// The seed options of `derive`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SeedOptions<'a> {
    /// `--seed`.
    pub(crate) seed: Option<&'a str>,
    /// `--mnemonic`.
    pub(crate) mnemonic: Option<&'a str>,
    /// The passphrase option.
    pub(crate) passphrase: Passphrase<'a>,
}

/// A seed (or entropy) and, for [`SeedKind::Bip39Entropy`], the passphrase bytes; wiped on
/// drop.
pub(crate) struct Seed {
    bytes: Zeroizing<[u8; MAX_SEED_LEN]>,
    len: usize,
    passphrase: Zeroizing<Vec<u8>>,
}

impl Seed {
    fn new() -> Self {
        Self {
            bytes: Zeroizing::new([0; MAX_SEED_LEN]),
            len: 0,
            passphrase: Zeroizing::new(Vec::new()),
        }
    }

    /// Copies `bytes` (at most [`MAX_SEED_LEN`]) in.
    fn set(&mut self, bytes: &[u8]) {
        if let Some(out) = self.bytes.get_mut(..bytes.len()) {
            out.copy_from_slice(bytes);
            self.len = bytes.len();
        }
    }

    /// The seed (or entropy) bytes.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }

    /// The passphrase bytes for [`SeedKind::Bip39Entropy`]; empty otherwise (a BIP-39 seed
    /// has the passphrase in it already).
    pub(crate) fn passphrase(&self) -> &[u8] {
        &self.passphrase
    }
}

/// The seed from the command-line options (which clap has already made mutually exclusive
/// where it can). Notes the default seed and secrets given on the command line in
/// `io.notes`.
///
/// # Errors
/// A usage error for a malformed seed or mnemonic, a passphrase without a mnemonic (or, for
/// [`SeedKind::Bip39Entropy`], without a seed either), `--passphrase-prompt` without a
/// terminal, or input that is too long, not UTF-8 or not the lines expected; a failure if
/// an input cannot be read.
pub(crate) fn resolve(
    options: &SeedOptions<'_>,
    kind: SeedKind,
    io: &mut Io<'_>,
) -> Result<Seed, CliError> {
    let SeedOptions {
        seed,
        mnemonic,
        passphrase,
    } = *options;
    if seed.is_some() && mnemonic.is_some() {
        return Err(CliError::Usage(
            "--seed and --mnemonic cannot be used together".to_owned(),
        ));
    }
    let has_passphrase = !matches!(passphrase, Passphrase::Absent);
    if has_passphrase && mnemonic.is_none() {
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
    if matches!(passphrase, Passphrase::Prompt) && io.prompt.is_none() {
        return Err(CliError::Usage(
            "--passphrase-prompt needs a terminal on standard input; use --passphrase - or --passphrase-file"
                .to_owned(),
        ));
    }
    let (main, main_name, main_secret) = match (seed, mnemonic) {
        (Some(seed), _) => (seed, "--seed", ArgvSecret::Seed),
        (None, Some(words)) => (words, "--mnemonic", ArgvSecret::Mnemonic),
        (None, None) => {
            io.notes.default_seed();
            let mut out = Seed::new();
            out.set(&TEST_VECTOR_1_SEED);
            return Ok(out);
        }
    };
    // The text of --seed or --mnemonic, and the passphrase.
    let (text, passphrase) = if main == STDIN_MARKER {
        if matches!(passphrase, Passphrase::Stdin) {
            let all = input::read_all(io.stdin, main_name, "standard input")?;
            let (first, second) = input::two_lines(&all, main_name)?;
            (input::copy(first), input::copy(second))
        } else {
            let text = input::read_stdin(io.stdin, main_name)?;
            (text, read_passphrase(passphrase, io)?)
        }
    } else {
        io.notes.argv_secret(main_secret);
        (input::copy(main), read_passphrase(passphrase, io)?)
    };
    let mut out = Seed::new();
    if seed.is_some() {
        decode_hex_seed(&text, kind, &mut out)?;
    } else {
        mnemonic_input(&text, &passphrase, kind, &mut out)?;
    }
    if kind == SeedKind::Bip39Entropy {
        out.passphrase = match options.passphrase {
            Passphrase::Hex(hex) => {
                io.notes.argv_secret(ArgvSecret::Passphrase);
                decode_hex_passphrase(hex)?
            }
            // Icarus takes the passphrase's UTF-8 bytes as they are (CIP-3).
            _ => Zeroizing::new(passphrase.as_bytes().to_vec()),
        };
    }
    Ok(out)
}

/// The passphrase from its source, other than the second line of standard input.
///
/// # Errors
/// As [`resolve`].
fn read_passphrase(source: Passphrase<'_>, io: &mut Io<'_>) -> Result<Zeroizing<String>, CliError> {
    match source {
        // The bytes are decoded by `resolve`.
        Passphrase::Absent | Passphrase::Hex(_) => Ok(Zeroizing::new(String::new())),
        Passphrase::Arg(text) => {
            if !text.is_empty() {
                io.notes.argv_secret(ArgvSecret::Passphrase);
            }
            Ok(input::copy(text))
        }
        Passphrase::Stdin => {
            let all = input::read_all(io.stdin, "--passphrase", "standard input")?;
            Ok(input::copy(input::one_line(
                &all,
                "--passphrase",
                "standard input",
            )?))
        }
        Passphrase::File(path) => {
            let name = path.display().to_string();
            let mut file = std::fs::File::open(path).map_err(|e| {
                CliError::Usage(format!(
                    "invalid --passphrase-file: cannot open {name}: {e}"
                ))
            })?;
            let all = input::read_all(&mut file, "--passphrase-file", &name)?;
            Ok(input::copy(input::one_line(
                &all,
                "--passphrase-file",
                &name,
            )?))
        }
        Passphrase::Prompt => {
            let prompt = io.prompt.as_mut().ok_or_else(|| {
                CliError::Usage("--passphrase-prompt needs a terminal on standard input".to_owned())
            })?;
            let text = Zeroizing::new(prompt("passphrase: ").map_err(|e| {
                CliError::Failure(format!("cannot read the passphrase from the terminal: {e}"))
            })?);
            Ok(input::copy(&text))
        }
    }
}

/// The bytes of `--passphrase-hex`, through the library's branch-free decoder.
///
/// # Errors
/// A usage error for an odd number of digits or a character that is not a hex digit.
fn decode_hex_passphrase(text: &str) -> Result<Zeroizing<Vec<u8>>, CliError> {
    let text = text.trim();
    if !text.len().is_multiple_of(2) {
        return Err(CliError::Usage(format!(
            "invalid --passphrase-hex: odd number of hex digits ({})",
            text.len()
        )));
    }
    let mut out = Zeroizing::new(vec![0u8; text.len() / 2]);
    fastbip32::hex::decode(text, &mut out)
        .map_err(|_| CliError::Usage("invalid --passphrase-hex: not hexadecimal".to_owned()))?;
    Ok(out)
}

/// Decodes a hex seed (either case of hex digit) into `out`: [`MIN_SEED_LEN`] to
/// [`MAX_SEED_LEN`] bytes of seed, or one of the [`ENTROPY_LENS`] of entropy.
///
/// The length is public and checked first; the digits go through the library's branch-free
/// decoder, which says whether all of them were hex but not which one was not.
fn decode_hex_seed(text: &str, kind: SeedKind, out: &mut Seed) -> Result<(), CliError> {
    if text.starts_with("0x") || text.starts_with("0X") {
        return Err(CliError::Usage(
            "invalid --seed: drop the 0x prefix; the seed is plain hex digits".to_owned(),
        ));
    }
    let digits = text.len();
    if !digits.is_multiple_of(2) {
        return Err(CliError::Usage(format!(
            "invalid --seed: odd number of hex digits ({digits})"
        )));
    }
    let len = digits / 2;
    let bytes = if len == 1 { "byte" } else { "bytes" };
    match kind {
        SeedKind::Bip39Seed if !(MIN_SEED_LEN..=MAX_SEED_LEN).contains(&len) => {
            return Err(CliError::Usage(format!(
                "invalid --seed: {len} {bytes}; a seed must be {MIN_SEED_LEN} to {MAX_SEED_LEN} bytes ({} to {} hex digits)",
                MIN_SEED_LEN * 2,
                MAX_SEED_LEN * 2
            )));
        }
        SeedKind::Bip39Entropy if !ENTROPY_LENS.contains(&len) => {
            return Err(CliError::Usage(format!(
                "invalid --seed: {len} {bytes}; for cardano-icarus --seed is BIP-39 entropy of 16, 20, 24, 28 or 32 bytes (32 to 64 hex digits)"
            )));
        }
        _ => {}
    }
    let slot = out
        .bytes
        .get_mut(..len)
        .ok_or_else(|| CliError::Usage(format!("invalid --seed: {len} bytes")))?;
    fastbip32::hex::decode(text, slot)
        .map_err(|_| CliError::Usage("invalid --seed: not hexadecimal".to_owned()))?;
    out.len = len;
    Ok(())
}

/// What a mnemonic (any BIP-39 word list, checksum checked) gives for `kind`, into `out`:
/// its BIP-39 seed with `passphrase`, or its entropy (Icarus, which also takes Cardano's
/// 9-word phrases).
///
/// Through the library's [`fastbip32::mnemonic`], which gives `bip39` text it has already
/// normalised to parse (so `bip39` makes no copy of its own) and overwrites the stack its
/// parser used, computes the seed with its own wiped PBKDF2, and returns the seed and entropy
/// in wiped buffers. Out of our reach: copies the compiler keeps in registers.
fn mnemonic_input(
    words: &str,
    passphrase: &str,
    kind: SeedKind,
    out: &mut Seed,
) -> Result<(), CliError> {
    let invalid =
        |e: MnemonicError| CliError::Usage(format!("invalid --mnemonic: {}", mnemonic_error(e)));
    match kind {
        SeedKind::Bip39Seed => {
            let mnemonic = Mnemonic::parse(words).map_err(invalid)?;
            out.set(mnemonic.to_seed(passphrase).expose());
        }
        SeedKind::Bip39Entropy => {
            let mnemonic = CardanoMnemonic::parse(words).map_err(invalid)?;
            out.set(mnemonic.to_entropy().as_bytes());
        }
    }
    Ok(())
}

/// The library's mnemonic error in the tool's words (none repeats any of the mnemonic).
fn mnemonic_error(err: MnemonicError) -> String {
    use MnemonicError as E;
    match err {
        E::InvalidWordCount { count } => {
            let plural = if count == 1 { "" } else { "s" };
            format!("{count} word{plural}; a BIP-39 mnemonic has 12, 15, 18, 21 or 24 words (also 9 for cardano-icarus)")
        }
        E::UnknownWord { position } => format!(
            "word {} is not in any BIP-39 word list (`fastbip32 mnemonic --check -` suggests words)",
            position.saturating_add(1)
        ),
        E::MixedLanguages { position } => format!(
            "word {} is from another word list than the words before it",
            position.saturating_add(1)
        ),
        E::InvalidChecksum => {
            "checksum mismatch (a word is wrong, or the words are out of order)".to_owned()
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(text: &str, kind: SeedKind) -> Result<Vec<u8>, CliError> {
        let mut seed = Seed::new();
        decode_hex_seed(text, kind, &mut seed).map(|()| seed.as_bytes().to_vec())
    }

    #[test]
    fn hex_seed_rules() {
        assert_eq!(
            decode(&"0A".repeat(16), SeedKind::Bip39Seed).unwrap(),
            [10u8; 16]
        );
        for bad in [
            "",
            "0g",
            "abc",
            &"00".repeat(15),
            &"00".repeat(65),
            &"0g".repeat(16),
        ] {
            assert!(
                matches!(decode(bad, SeedKind::Bip39Seed), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
        let message = decode(&format!("{}zz", "00".repeat(16)), SeedKind::Bip39Seed)
            .unwrap_err()
            .message()
            .unwrap();
        assert_eq!(message, "invalid --seed: not hexadecimal");
    }

    /// The seed decoder agrees with the `hex` crate on random seeds of every
    /// length, in either case.
    #[test]
    fn hex_seed_matches_the_hex_crate() {
        let mut state = 0x0123_4567_89ab_cdefu64;
        for len in MIN_SEED_LEN..=MAX_SEED_LEN {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1_442_695_040_888_963_407);
                        state.to_be_bytes()[0]
                    })
                    .collect();
                for text in [hex::encode(&bytes), hex::encode_upper(&bytes)] {
                    assert_eq!(decode(&text, SeedKind::Bip39Seed).unwrap(), bytes, "{text}");
                }
            }
        }
    }

    #[test]
    fn hex_entropy_rules() {
        for len in ENTROPY_LENS {
            assert_eq!(
                decode(&"ab".repeat(len), SeedKind::Bip39Entropy)
                    .unwrap()
                    .len(),
                len
            );
        }
        for len in [0, 12, 15, 17, 33, 64] {
            assert!(
                matches!(
                    decode(&"ab".repeat(len), SeedKind::Bip39Entropy),
                    Err(CliError::Usage(_))
                ),
                "{len}"
            );
        }
    }

    #[test]
    fn mnemonic_entropy_and_seed() {
        let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
        let mut seed = Seed::new();
        mnemonic_input(words, "ignored", SeedKind::Bip39Entropy, &mut seed).unwrap();
        assert_eq!(seed.as_bytes(), &[0u8; 16]);
        // BIP-39's first English vector, with passphrase "TREZOR".
        mnemonic_input(words, "TREZOR", SeedKind::Bip39Seed, &mut seed).unwrap();
        assert_eq!(
            hex::encode(seed.as_bytes()),
            "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04"
        );
    }

    #[test]
    fn normalisation_matches_bip39s() {
        // A passphrase that NFKD changes (é composed, the ﬁ ligature, full-width digits),
        // and a mnemonic separated by ideographic spaces.
        let words = "abandon\u{3000}abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
        let passphrase = "caf\u{e9} \u{fb01} \u{ff11}\u{ff12}";
        // The `bip39` crate (a dev-dependency) is the reference.
        let expected = bip39::Mnemonic::parse_in(bip39::Language::English, words)
            .unwrap()
            .to_seed(passphrase);
        let mut seed = Seed::new();
        mnemonic_input(words, passphrase, SeedKind::Bip39Seed, &mut seed).unwrap();
        assert_eq!(seed.as_bytes(), &expected[..]);
    }
}
