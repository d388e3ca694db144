//! The `fastbip32` command-line tool, as a library: [`run`] takes the arguments and the three
//! standard streams and returns the exit code, so tests and fuzzers drive the whole tool
//! in-process.
//!
//! The contract — every subcommand's flags, fields and exit codes — is `docs/cli.md` in the
//! repository, whose `--help` blocks a test compares with the parser below.
//!
//! Layout: one module per subcommand (`derive`, `inspect`, `convert`, `descriptors`,
//! `describe` for `descriptor`, `addresses`, `mnemonic`, `recover`, `find`, `coins`, and
//! `decode` for `address`), above the shared modules: `curve` maps `--curve` to a
//! [`fastbip32::Scheme`] and dispatches to code written once generically over it
//! (`Curve::visit`), `record` renders every record, `options` holds the output options and
//! the network rule, `address_field` the `address` field of a record, `stream` what the
//! streamed runs share (tasks, threads, progress bar), `io` the three streams.

mod address_db;
mod address_field;
mod addresses;
mod coins;
mod convert;
mod curve;
mod decode;
mod derive;
mod describe;
mod descriptors;
mod error;
mod find;
mod input;
mod inspect;
mod io;
mod mnemonic;
mod notes;
mod options;
mod record;
mod recover;
mod seed;
mod stream;
mod xkey;

use std::ffi::OsString;
use std::io::{Read, Write};

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory as _, Parser, Subcommand};

use crate::error::CliError;
use crate::io::Io;

/// Derive and inspect hierarchical deterministic keys: BIP-32 (secp256k1), SLIP-10
/// (nist256p1, ed25519, curve25519, ed25519-blake2b) and BIP32-Ed25519 (Cardano).
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
    Derive(Box<derive::DeriveArgs>),
    /// Show the fields of an extended key (xprv, xpub, SLIP-132 forms, CIP-5 keys).
    Inspect(inspect::InspectArgs),
    /// Re-encode an extended key in another version family (zpub → xpub, …).
    Convert(convert::ConvertArgs),
    /// Print the addresses of an output descriptor (wpkh, pkh, sh-wpkh, tr, multisig).
    Addresses(Box<addresses::AddressesArgs>),
    /// Print an account's standard output descriptors (BIP-44, 49, 84, 86).
    Descriptors(Box<descriptors::DescriptorsArgs>),
    /// Describe an output descriptor as Bitcoin Core's getdescriptorinfo does (canonical
    /// form, checksum, branches, …).
    Descriptor(describe::DescribeArgs),
    /// Make a new BIP-39 mnemonic, or check one (--check).
    Mnemonic(mnemonic::MnemonicArgs),
    /// Search for a wallet from a partly remembered mnemonic or passphrase.
    Recover(Box<recover::RecoverArgs>),
    /// Decode an address: its type, network, hash or witness program, and scriptPubKey.
    Address(decode::AddressArgs),
    /// Find the branch, index and path of an address among a descriptor's or a key's outputs.
    Find(Box<find::FindArgs>),
    /// List the coins `derive --coin` and `addresses --coin` know: slug, symbol, SLIP-44
    /// type, curve, address kinds and default path.
    Coins(coins::CoinsArgs),
}

/// What the real process knows about its standard streams, for [`run_process`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Terminals {
    /// Standard input is a terminal: `--passphrase-prompt` may prompt on it.
    pub stdin: bool,
    /// Standard error is a terminal: a long `derive --count` run draws a progress bar.
    pub stderr: bool,
    /// Standard output is a terminal: `recover --list`, which writes secrets for another
    /// tool, refuses to run.
    pub stdout: bool,
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
/// // The seed on standard input: on the command line it would be visible to other users
/// // (and the tool would say so in a note on standard error).
/// let code = fastbip32_cli::run(
///     ["fastbip32", "derive", "--seed", "-", "--path", "m/0'", "--json"],
///     &mut "000102030405060708090a0b0c0d0e0f\n".as_bytes(),
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
    run_process(args, stdin, stdout, stderr, Terminals::default())
}

/// [`run`] for the real process. When standard error is a terminal, a long `derive --count`
/// run draws a progress bar on the process's standard error (directly, not through
/// `stderr`) while it runs, and clears it before anything else is written there. When
/// standard input is a terminal, `--passphrase-prompt` reads the passphrase from the
/// terminal without echo.
pub fn run_process<I, T>(
    args: I,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    terminals: Terminals,
) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut prompt = |label: &str| rpassword::prompt_password(label);
    let prompt: Option<&mut io::Prompt<'_>> = if terminals.stdin {
        Some(&mut prompt)
    } else {
        None
    };
    let mut io = Io {
        stdin,
        stdout,
        stderr,
        progress: terminals.stderr,
        stdout_terminal: terminals.stdout,
        prompt,
        notes: notes::Notes::default(),
    };
    run_io(args, &mut io)
}

/// Parses `args` and runs the subcommand with `io`; returns the exit code.
pub(crate) fn run_io<I, T>(args: I, io: &mut Io<'_>) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if args.len() <= 1 {
        // Plain `fastbip32`: the help, as `--help` prints it.
        let help = Cli::command().render_help().to_string();
        return match io.write_stdout(help.as_bytes()) {
            Ok(()) => 0,
            Err(err) => {
                if let Some(message) = err.message() {
                    let _ = writeln!(io.stderr, "error: {message}");
                }
                err.exit_code()
            }
        };
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => return report_clap_error(&err, io.stdout, io.stderr),
    };
    let result = match &cli.command {
        Command::Derive(args) => derive::run(args, io),
        Command::Inspect(args) => inspect::run(args, io),
        Command::Convert(args) => convert::run(args, io),
        Command::Mnemonic(args) => mnemonic::run(args, io),
        Command::Descriptors(args) => descriptors::run(args, io),
        Command::Descriptor(args) => describe::run(args, io),
        Command::Addresses(args) => addresses::run(args, io),
        Command::Address(args) => decode::run(args, io),
        Command::Find(args) => find::run(args, io),
        Command::Coins(args) => coins::run(args, io),
        // Its own exit codes: 1 with one plain line for a search that found nothing.
        Command::Recover(args) => return recover::run(args, io),
    };
    match result {
        Ok(()) => {
            // Only now, with the output written and flushed.
            io.notes.write(io.stderr, true);
            0
        }
        Err(err) => {
            if let Some(message) = err.message() {
                // Nothing more can be done if standard error is gone: the exit code still
                // tells.
                let _ = writeln!(io.stderr, "error: {message}");
                let _ = io.stderr.flush();
            } else {
                // The reader has gone: what was said about the input still holds.
                io.notes.write(io.stderr, false);
            }
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
                Err(e) => match CliError::output(&e) {
                    err @ CliError::ReaderGone => err.exit_code(),
                    err => {
                        let _ = writeln!(stderr, "error: {}", err.message().unwrap_or_default());
                        CliError::FAILURE
                    }
                },
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
    use super::{one_line, run_io, Io};

    /// Runs `args` in-process with a terminal whose prompt gives `answer` (no terminal for
    /// `None`): exit code, stdout, stderr and how often the prompt was shown.
    fn run_with_prompt(
        args: &[&str],
        answer: Option<fn() -> std::io::Result<String>>,
    ) -> (i32, String, String, usize) {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let mut asked = 0;
        let code = {
            let mut terminal = |_: &str| {
                asked += 1;
                answer.map_or_else(|| Ok(String::new()), |answer| answer())
            };
            let mut io = Io {
                stdin: &mut std::io::empty(),
                stdout: &mut stdout,
                stderr: &mut stderr,
                progress: false,
                stdout_terminal: false,
                prompt: answer.is_some().then_some(&mut terminal as _),
                notes: crate::notes::Notes::default(),
            };
            let mut command_line = vec!["fastbip32"];
            command_line.extend_from_slice(args);
            run_io(command_line, &mut io)
        };
        (
            code,
            String::from_utf8(stdout).unwrap(),
            String::from_utf8(stderr).unwrap(),
            asked,
        )
    }

    #[test]
    fn recover_asks_for_the_template_on_a_terminal() {
        // BIP-84's test mnemonic, its last word unknown; its first receive address (BIP-84).
        let args = [
            "recover",
            "--address",
            "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
            "--gap",
            "1",
            "--threads",
            "1",
            "--language",
            "english",
        ];
        let (code, out, err, asked) = run_with_prompt(
            &args,
            Some(|| {
                Ok(" abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ? \n".to_owned())
            }),
        );
        assert_eq!((code, asked), (0, 1), "{err}");
        assert!(out.starts_with("mnemonic: abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\n"), "{out}");
        assert!(!err.contains("note:"), "{err}");
        // No terminal: one usage error line, no prompt.
        let (code, out, err, asked) = run_with_prompt(&args, None);
        assert_eq!((code, out.as_str(), asked), (2, "", 0));
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn passphrase_prompt_reads_the_terminal() {
        let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
        let base = ["derive", "--mnemonic", words, "--path", "m", "--json"];
        let mut with_arg = base.to_vec();
        with_arg.extend(["--passphrase", "TREZOR"]);
        let (code, expected, _, _) = run_with_prompt(&with_arg, None);
        assert_eq!(code, 0);
        let mut prompted = base.to_vec();
        prompted.push("--passphrase-prompt");
        let (code, out, err, asked) = run_with_prompt(&prompted, Some(|| Ok("TREZOR".to_owned())));
        assert_eq!((code, out.as_str(), asked), (0, expected.as_str(), 1));
        // Only the mnemonic was on the command line.
        assert!(err.starts_with("note: the mnemonic was given"), "{err}");
        // A terminal that fails: one error line, exit 1.
        let (code, out, err, _) =
            run_with_prompt(&prompted, Some(|| Err(std::io::Error::other("no tty"))));
        assert_eq!((code, out.as_str()), (1, ""));
        assert_eq!(
            err,
            "error: cannot read the passphrase from the terminal: no tty\n"
        );
        // No terminal at all: a usage error, and no prompt.
        let (code, _, err, asked) = run_with_prompt(&prompted, None);
        assert_eq!((code, asked), (2, 0));
        assert!(err.contains("needs a terminal"), "{err}");
    }

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
