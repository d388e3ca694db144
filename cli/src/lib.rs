//! The `fastbip32` command-line tool, as a library: [`run`] takes the arguments and the three
//! standard streams and returns the exit code, so tests and fuzzers drive the whole tool
//! in-process.
//!
//! # Contract
//!
//! ```text
//! fastbip32 derive [--curve CURVE] [--seed HEX|- | --mnemonic WORDS|-] [--passphrase TEXT]
//!                  [--path PATH] [--json]
//! fastbip32 derive [--curve secp256k1|nist256p1] --xkey XKEY|- --path PATH [--json]
//! fastbip32 derive … --path PREFIX/* --count N [--start S] [--threads K] [--json]
//! fastbip32 inspect [--curve secp256k1|nist256p1] [--json] XKEY|-
//! ```
//!
//! `CURVE` is `secp256k1` (the default), `nist256p1`, `ed25519`, `curve25519`,
//! `ed25519-bip32` (BIP32-Ed25519, Ledger master key) or `cardano-icarus` (BIP32-Ed25519,
//! Icarus master key from BIP-39 entropy).
//!
//! `derive` prints `curve`, `path`, `depth`, `child_number` (hardened bit included),
//! `parent_fingerprint`, `fingerprint`, `chain_code`, `private_key`, `public_key`, and where the
//! scheme has a text form `xprv` and `xpub`: BIP-32 `Base58Check` for secp256k1 (and for
//! nist256p1 with `--xkey`, in the given key's version family), CIP-5 bech32 (`xprv1…` of
//! `kL ‖ kR ‖ c`, `xpub1…` of `A ‖ c`) for the BIP32-Ed25519 curves, whose `private_key` is the
//! 64 bytes `kL ‖ kR` and `public_key` the 32-byte `A`. From an extended public key
//! (`--xkey xpub…`) there is no `private_key` or `xprv`.
//!
//! With `--count N`, the last segment of `--path` is `*` (normal children) or `*'`, `*h`, `*H`
//! (hardened children), and `derive` prints N records, one per child `S` … `S+N−1` in order
//! (`--start S`, default 0), each exactly what `derive --path PREFIX/i` prints (with
//! `--json`, one line each). The key at `PREFIX` is derived once; the children are derived
//! in chunks, on `--threads K` threads (default: every core), and streamed. A `*` anywhere
//! but last, more than one `*`, a count of 0, `S+N−1 ≥ 2³¹`, a normal `*` for SLIP-10
//! ed25519 or curve25519, a hardened `*` below an xpub, `*` without `--count` and `--count`
//! without `*` are usage errors.
//!
//! `inspect` prints `kind` (`private` or `public`), `version` (8 hex digits), `depth`,
//! `parent_fingerprint`, `child_number`, `chain_code`, `public_key`, `fingerprint` and, for a
//! private key, `private_key`.
//!
//! * Exit code 0: the result on standard output (with `--json`, exactly one JSON object on
//!   one line, or one per child with `--count`), and at most one `note: …` line on standard
//!   error — plus, for a `--count` run that took more than a second, one
//!   `note: derived N keys in T s (R keys/s)` line (and, while it runs, a progress bar when
//!   standard error is a terminal).
//! * Exit code 2: a usage or input error; 1: any other failure. Either way standard output
//!   stays empty and standard error gets exactly one line, `error: …`, which never contains
//!   secret input. (With `--count`, every usage error is found before the first record is
//!   written; a failure to write, or BIP-32's invalid child at probability 2⁻¹²⁷, can come
//!   after some records.)
//! * `--help` and `--version` print to standard output and exit 0.
//!
//! One module per subcommand (`derive`, `inspect`); `curve` maps the `--curve` value to a
//! [`fastbip32::Scheme`] and dispatches to code written once, generically, over it.

mod curve;
mod derive;
mod error;
mod input;
mod inspect;
mod record;
mod seed;

use std::ffi::OsString;
use std::io::{Read, Write};

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Derive and inspect hierarchical deterministic keys: BIP-32 (secp256k1), SLIP-10
/// (nist256p1, ed25519, curve25519) and BIP32-Ed25519 (Cardano).
#[derive(Debug, Parser)]
#[command(
    name = "fastbip32",
    version,
    arg_required_else_help = false,
    subcommand_required = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Derive the key at a path from a seed, a BIP-39 mnemonic or an extended key.
    Derive(derive::DeriveArgs),
    /// Show the fields of an extended key (xprv, xpub, SLIP-132 forms).
    Inspect(inspect::InspectArgs),
}

/// The three standard streams, as the subcommands see them.
pub(crate) struct Io<'a> {
    /// Standard input (`--seed -`, `--mnemonic -`, `--xkey -`, `inspect -`).
    pub(crate) stdin: &'a mut dyn Read,
    /// Standard output: results only.
    pub(crate) stdout: &'a mut dyn Write,
    /// Standard error: `note:` lines, or one `error:` line.
    pub(crate) stderr: &'a mut dyn Write,
    /// Whether a progress bar may be drawn on the process's standard error (a terminal).
    pub(crate) progress: bool,
}

/// Runs the tool with `args` (the program name first, as in [`std::env::args_os`]) and
/// returns the process exit code: 0 on success, 2 for a usage or input error, 1 for any other
/// failure.
///
/// Never panics on any input. On failure nothing is written to `stdout` and exactly one line,
/// starting with `error: `, to `stderr`.
///
/// # Examples
///
/// ```
/// let mut stdout = Vec::new();
/// let mut stderr = Vec::new();
/// let code = fastbip32_cli::run(
///     ["fastbip32", "derive", "--seed", "000102030405060708090a0b0c0d0e0f", "--path", "m/0'", "--json"],
///     &mut std::io::empty(),
///     &mut stdout,
///     &mut stderr,
/// );
/// assert_eq!(code, 0);
/// assert!(String::from_utf8(stdout)?.contains(r#""xprv":"xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7""#));
/// assert!(stderr.is_empty());
/// # Ok::<(), std::string::FromUtf8Error>(())
/// ```
pub fn run<I, T>(
    args: I,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with_progress(args, stdin, stdout, stderr, false)
}

/// [`run`] for the real process: with `progress` set (standard error is a terminal), a long
/// `derive --count` run draws a progress bar on the process's standard error (directly, not
/// through `stderr`) while it runs, and clears it before anything else is written there.
pub fn run_with_progress<I, T>(
    args: I,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    progress: bool,
) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => return report_clap_error(&err, stdout, stderr),
    };
    let mut io = Io {
        stdin,
        stdout,
        stderr,
        progress,
    };
    let result = match &cli.command {
        Command::Derive(args) => derive::run(args, &mut io),
        Command::Inspect(args) => inspect::run(args, &mut io),
    };
    match result {
        Ok(()) => 0,
        Err(err) => {
            // Nothing more can be done if standard error is gone: the exit code still tells.
            let _ = writeln!(io.stderr, "error: {}", err.message());
            let _ = io.stderr.flush();
            err.exit_code()
        }
    }
}

/// Prints help or version on standard output (exit 0), or the error as one line on standard
/// error (exit 2).
fn report_clap_error(err: &clap::Error, stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let text = err.render().to_string();
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(stderr, "error: cannot write to standard output: {e}");
                    CliError::FAILURE
                }
            }
        }
        ErrorKind::UnknownArgument if is_stray_value(err) => {
            // Most likely an unquoted mnemonic: do not repeat the word.
            let _ = writeln!(
                stderr,
                "error: unexpected value on the command line (quote a mnemonic as one argument, or pass it with --mnemonic -)"
            );
            let _ = stderr.flush();
            CliError::USAGE
        }
        _ => {
            let _ = writeln!(stderr, "{}", one_line(&text));
            let _ = stderr.flush();
            CliError::USAGE
        }
    }
}

/// Whether clap's unknown argument is a stray value (not an option): perhaps a secret, such
/// as the second word of an unquoted mnemonic.
fn is_stray_value(err: &clap::Error) -> bool {
    match err.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => !arg.starts_with('-'),
        _ => true,
    }
}

/// Folds clap's multi-line error text into one line: drops blank lines, the usage line and the
/// "For more information" hint, and joins the rest with single spaces.
fn one_line(text: &str) -> String {
    let mut line = String::new();
    for part in text.lines().map(str::trim) {
        if part.is_empty() || part.starts_with("Usage:") || part.starts_with("For more information")
        {
            continue;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(part);
    }
    if line.is_empty() {
        line.push_str("error: invalid arguments (try --help)");
    } else if !line.starts_with("error:") {
        line.insert_str(0, "error: ");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn folds_clap_errors() {
        let text = "error: invalid value 'x' for '--curve <CURVE>'\n  [possible values: a, b]\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "error: invalid value 'x' for '--curve <CURVE>' [possible values: a, b]"
        );
        assert_eq!(one_line("\n\n"), "error: invalid arguments (try --help)");
        assert_eq!(one_line("oops\nUsage: x"), "error: oops");
    }
}
