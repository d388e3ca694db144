//! `fastbip32 mnemonic`: a new BIP-39 phrase from the operating system's random number
//! generator, or (`--check`) the validation of one, naming a bad word, its position and the
//! closest words of the list.

use core::fmt;

use clap::Args;
use fastbip32::mnemonic::{guess_language, suggest, Error, Language, Mnemonic};
use zeroize::Zeroize;

use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options::RecordOutput;
use crate::record::{Format, Output, Record, Style, Value};

/// The options of `mnemonic`. The phrase is wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct MnemonicArgs {
    /// The number of words of a new phrase: 12, 15, 18, 21 or 24 (default 24).
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "check",
        value_parser = parse_words
    )]
    words: Option<usize>,

    /// The word list: english (the default for a new phrase), japanese, korean, spanish,
    /// chinese-simplified, chinese-traditional, french, italian, czech or portuguese. With
    /// --check, the list the phrase must be in (default: the one that holds its words).
    #[arg(long, value_name = "L", value_parser = parse_language)]
    language: Option<Language>,

    /// Validate this phrase instead (`-` reads it from standard input): exit code 0 when it
    /// is valid; otherwise one error line naming the word and its position, with the closest
    /// words of the list, or the checksum failure.
    #[arg(long, value_name = "WORDS|-")]
    check: Option<String>,

    /// Make the phrase of this entropy instead of random bytes: 32, 40, 48, 56 or 64 hex
    /// digits (16 to 32 bytes: 12, 15, 18, 21 or 24 words; with --words, the length must
    /// match). `-` reads it from standard input (better: it is the wallet's secret).
    #[arg(long, value_name = "HEX|-", conflicts_with = "check")]
    entropy: Option<String>,

    /// Make the phrase of these rolls of a six-sided die (digits 1 to 6, nothing between
    /// them), as Ian Coleman's BIP-39 tool does: each 6 is read as 0, the entropy is the
    /// first bytes of SHA-256 of the base-6 digit text, and a roll counts as log2(6) ≈ 2.585
    /// bits. 12, 15, 18, 21 or 24 words need at least 50, 62, 74, 87 or 99 rolls; without
    /// --words, the most words the rolls allow. Real dice are not perfectly fair: roll more
    /// than the minimum. `-` reads the rolls from standard input.
    #[arg(long, value_name = "ROLLS|-", conflicts_with_all = ["check", "entropy"])]
    dice: Option<String>,

    /// Print one JSON object on one line: `mnemonic`, `entropy` and `language` (with
    /// --check: `valid`, `language` and `words`).
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    output: RecordOutput,
}

impl Drop for MnemonicArgs {
    fn drop(&mut self) {
        self.check.zeroize();
        self.entropy.zeroize();
        self.dice.zeroize();
    }
}

impl fmt::Debug for MnemonicArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MnemonicArgs")
            .field("words", &self.words)
            .field("language", &self.language)
            .field("check", &self.check.as_ref().map(|_| ".."))
            .field("entropy", &self.entropy.as_ref().map(|_| ".."))
            .field("dice", &self.dice.as_ref().map(|_| ".."))
            .field("json", &self.json)
            .field("output", &self.output)
            .finish()
    }
}

fn parse_words(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|n| Mnemonic::WORD_COUNTS.contains(n))
        .ok_or_else(|| "a BIP-39 mnemonic has 12, 15, 18, 21 or 24 words".to_owned())
}

fn parse_language(text: &str) -> Result<Language, String> {
    text.parse().map_err(|_| {
        let names: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
        format!("unknown word list; one of {}", names.join(", "))
    })
}

/// The fields of `mnemonic` records, in their order.
const MNEMONIC_FIELDS: &[&str] = &["mnemonic", "entropy", "language", "valid", "words"];

/// Runs `mnemonic`.
///
/// # Errors
/// A usage error for an invalid phrase (with `--check`); a failure when the random number
/// generator fails or the output cannot be written.
pub(crate) fn run(args: &MnemonicArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let style = args.output.style(args.json, MNEMONIC_FIELDS)?;
    if let Some(check) = args.check.as_deref() {
        let phrase = input::arg_or_stdin(check, io.stdin, "--check")?;
        if check != STDIN_MARKER {
            io.notes.argv_secret(ArgvSecret::CheckMnemonic);
        }
        return validate(&phrase, args.language, &style, io);
    }
    // `mnemonic --raw` is the phrase alone, ready for a file.
    let style = if args.output.raw && args.output.fields.is_none() {
        Style::new(Format::Raw, Some("mnemonic"), MNEMONIC_FIELDS)?
    } else {
        style
    };
    let language = args.language.unwrap_or(Language::English);
    let mnemonic = match (args.entropy.as_deref(), args.dice.as_deref()) {
        (Some(arg), _) => {
            let text = input::arg_or_stdin(arg, io.stdin, "--entropy")?;
            if arg != STDIN_MARKER {
                io.notes.argv_secret(ArgvSecret::Entropy);
            }
            from_entropy_hex(text.trim(), args.words, language)?
        }
        (None, Some(arg)) => {
            let text = input::arg_or_stdin(arg, io.stdin, "--dice")?;
            if arg != STDIN_MARKER {
                io.notes.argv_secret(ArgvSecret::Dice);
            }
            from_dice(text.trim(), args.words, language)?
        }
        (None, None) => Mnemonic::generate(language, args.words.unwrap_or(24))
            .map_err(|e| CliError::Failure(format!("cannot make a mnemonic: {e}")))?,
    };
    let phrase = mnemonic.to_phrase();
    let entropy = mnemonic.to_entropy();
    let mut record = Record::new();
    // The phrase is the library's words and separators: nothing to escape.
    record.push(
        "mnemonic",
        Value::Text {
            text: &phrase,
            secret: true,
        },
    );
    record.push("entropy", Value::secret_hex(entropy.as_bytes()));
    record.push("language", Value::text(language.name()));
    let mut out = Output::new(&style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}

/// The phrase of the entropy written as `hex`: 16, 20, 24, 28 or 32 bytes, matching
/// `words` when given. The decoded bytes are wiped.
///
/// # Errors
/// A usage error for bad hex, a length of no word count, or one that is not `words`'.
fn from_entropy_hex(
    hex: &str,
    words: Option<usize>,
    language: Language,
) -> Result<Mnemonic, CliError> {
    let lengths = "32, 40, 48, 56 or 64 hex digits (16, 20, 24, 28 or 32 bytes)";
    let len = hex.len() / 2;
    if !hex.len().is_multiple_of(2) || !matches!(len, 16 | 20 | 24 | 28 | 32) {
        return Err(CliError::Usage(format!(
            "invalid --entropy: {} hex digits; BIP-39 entropy is {lengths}",
            hex.len()
        )));
    }
    if let Some(words) = words {
        let needed = words * 4 / 3;
        if needed != len {
            return Err(CliError::Usage(format!(
                "invalid --entropy: {len} bytes make {} words, not --words {words} (which needs {needed} bytes, {} hex digits)",
                len * 3 / 4,
                needed * 2
            )));
        }
    }
    let mut bytes = zeroize::Zeroizing::new([0u8; 32]);
    let buf = bytes.get_mut(..len).unwrap_or_default();
    fastbip32::hex::decode(hex, buf)
        .map_err(|e| CliError::Usage(format!("invalid --entropy: {e}")))?;
    Mnemonic::from_entropy(language, buf)
        .map_err(|e| CliError::Usage(format!("invalid --entropy: {e}")))
}

/// The fewest rolls of a six-sided die for each word count: the smallest `r` with
/// `ceil(r · log2 6)` at least the entropy's bits (Ian Coleman's rule), that is
/// `6^r > 2^(bits − 1)`.
const DICE_ROLLS: [(usize, usize); 5] = [(12, 50), (15, 62), (18, 74), (21, 87), (24, 99)];

/// The phrase of `rolls` (digits `1` to `6`), by Ian Coleman's rule: each `6` becomes `0`,
/// and the entropy is the first `words · 4 / 3` bytes of SHA-256 of the resulting base-6
/// text. The copies of the rolls, the digest and the entropy are wiped.
///
/// The digits are checked and mapped without a branch on their values.
///
/// # Errors
/// A usage error for a character other than `1` to `6`, or too few rolls for `words` (or
/// for 12 words, without `words`).
fn from_dice(rolls: &str, words: Option<usize>, language: Language) -> Result<Mnemonic, CliError> {
    use sha2::Digest as _;

    let count = rolls.len();
    let mut bad = 0u8;
    let mut digits = zeroize::Zeroizing::new(Vec::with_capacity(count));
    for &c in rolls.as_bytes() {
        let value = c.wrapping_sub(b'1');
        bad |= u8::from(value > 5);
        // 1 to 5 stay, 6 becomes 0.
        digits.push(b'0' + c.wrapping_sub(b'0') % 6);
    }
    if bad != 0 {
        return Err(CliError::Usage(
            "invalid --dice: the rolls are digits 1 to 6, with nothing between them".to_owned(),
        ));
    }
    let allowed = DICE_ROLLS.iter().filter(|(_, needed)| count >= *needed);
    let words = match words {
        Some(words) => words,
        None => allowed.map(|(w, _)| *w).max().unwrap_or(12),
    };
    let needed = DICE_ROLLS
        .iter()
        .find(|(w, _)| *w == words)
        .map_or(99, |(_, n)| *n);
    if count < needed {
        return Err(CliError::Usage(format!(
            "invalid --dice: {count} rolls; {words} words need at least {needed} (a roll is log2(6) ≈ 2.585 bits)"
        )));
    }
    let mut hasher = sha2::Sha256::new();
    hasher.update(digits.as_slice());
    let mut digest = zeroize::Zeroizing::new([0u8; 32]);
    hasher.finalize_into((&mut *digest).into());
    let entropy = digest.get(..words * 4 / 3).unwrap_or_default();
    Mnemonic::from_entropy(language, entropy)
        .map_err(|e| CliError::Usage(format!("invalid --dice: {e}")))
}

/// `--check`: parses `phrase` (in `language`, or the list that holds its words).
fn validate(
    phrase: &str,
    language: Option<Language>,
    style: &Style,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let parsed = match language {
        Some(language) => Mnemonic::parse_in(language, phrase),
        None => Mnemonic::parse(phrase),
    };
    let mnemonic = parsed.map_err(|e| check_error(e, phrase, language))?;
    let mut record = Record::new();
    record.push("valid", Value::Bool(true));
    record.push("language", Value::text(mnemonic.language().name()));
    record.push(
        "words",
        Value::Uint(u64::try_from(mnemonic.word_count()).unwrap_or(u64::MAX)),
    );
    let mut out = Output::new(style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}

/// The one-line error of `--check` for `err`: the word and its position (counted from 1)
/// with "did you mean …", the word count, or the checksum.
///
/// This is the one message of the tool that repeats input: the word that is not in the list
/// (so not itself one of the phrase's words), which a person checking a phrase needs to see.
fn check_error(err: Error, phrase: &str, language: Option<Language>) -> CliError {
    let word_at = |position: usize| phrase.split_whitespace().nth(position).unwrap_or_default();
    let list = language
        .or_else(|| guess_language(phrase))
        .unwrap_or(Language::English);
    let message = match err {
        Error::UnknownWord { position } => {
            let word = word_at(position);
            let suggestions = suggest(word, list);
            let hint = if suggestions.is_empty() {
                String::new()
            } else {
                format!("; did you mean {}?", suggestions.join(", "))
            };
            format!(
                "word {} ({}) is not in the {} word list{hint}",
                position + 1,
                word.escape_debug(),
                list.name()
            )
        }
        Error::MixedLanguages { position } => format!(
            "word {} ({}) is from another word list than the words before it",
            position + 1,
            word_at(position).escape_debug()
        ),
        Error::InvalidWordCount { count } => {
            format!("{count} words; a BIP-39 mnemonic has 12, 15, 18, 21 or 24 words")
        }
        Error::InvalidChecksum => {
            "checksum mismatch (a word is wrong, or the words are out of order)".to_owned()
        }
        Error::AmbiguousLanguage => {
            "the words are valid in more than one word list: give --language".to_owned()
        }
        other => other.to_string(),
    };
    CliError::Usage(format!("invalid mnemonic: {message}"))
}
