//! The `fastbip32` command-line tool, as a library: [`run`] takes the arguments and the three
//! standard streams and returns the exit code, so tests and fuzzers drive the whole tool
//! in-process.
//!
//! # Contract
//!
//! ```text
//! fastbip32 derive [--curve CURVE] [--seed HEX|- | --mnemonic WORDS|-]
//!                  [--passphrase TEXT|- | --passphrase-file PATH | --passphrase-prompt]
//!                  [--path PATH] [--json]
//! fastbip32 derive [--curve secp256k1|nist256p1] --xkey XKEY|- --path PATH [--json]
//! fastbip32 derive … --path PREFIX/* --count N [--start S] [--threads K] [--json]
//! fastbip32 inspect [--curve secp256k1|nist256p1] [--json] XKEY|-
//! fastbip32 derive … [--address KIND] [--network NET] [--wif] [--xpub-version NAME]
//!                  [--fields A,B,…] [--json|--csv]
//! fastbip32 convert XKEY|- --to NAME [--curve secp256k1|nist256p1] [--json]
//! fastbip32 descriptors (--seed HEX|- | --mnemonic WORDS|- [--passphrase …] | --xkey XPRV|-)
//!                       [--account N] [--network NET] [--json]
//! fastbip32 mnemonic [--words 12|15|18|21|24] [--language L] [--json]
//! fastbip32 mnemonic --check WORDS|- [--language L] [--json]
//! fastbip32 addresses --descriptor DESC|- [--count N] [--start S] [--network NET]
//!                     [--threads K] [--json|--csv] [--fields A,B,…]
//! fastbip32 recover --mnemonic TEMPLATE [--missing N] [--typos N] [--swaps N] [--length N]
//!                   [--language L] [--passphrase TEXT | --passphrases FILE]
//!                   (--address ADDR … | --addresses FILE | --xpub XPUB | --fingerprint HEX
//!                    | --descriptor DESC) [--coin bitcoin|ethereum|solana|cardano]
//!                   [--accounts N] [--gap N] [--path PATH] [--shard K/N] [--resume FILE]
//!                   [--dry-run] [--threads K] [--json]
//! ```
//!
//! `recover` searches the candidates of TEMPLATE (words, `?`, `{a,b,c}`, `ab*`; the library's
//! `fastbip32::recovery`). Before searching it prints on standard error `space: N candidates,
//! M pass the checksum` (`about M` where counted by estimate), then, after the first work,
//! `rate: R candidates/s (V checksum-valid/s); ETA T`; a progress bar follows on a terminal.
//! None of these lines holds a candidate. A match prints one record on standard output and
//! exits 0: `mnemonic`, `passphrase`, `path`, `address` (null/`-` for an xpub, fingerprint or
//! descriptor match), `matched` (`address`, `xpub`, `fingerprint`, `descriptor`) and `index`;
//! with `--json` one object on one line. Nothing found: exit 1 and exactly the line
//! `searched N candidates (M passed the checksum): no match` on standard error. Bad
//! templates, unknown words, impossible combinations (`--missing` above the length), bad
//! targets, `--shard` outside `1/N … N/N`: exit 2 with one `error: …` line. `--shard K/N`
//! (K from 1) searches the K-th of N disjoint index ranges; `--resume FILE` reads the
//! checkpoint of finished ranges if the file exists and writes it every 2 s and at the end.
//! `--dry-run` prints the counts and five checksum-valid candidates (one per fifth of the
//! range) on standard output. Default paths: Bitcoin `m/P'/C'/a'/0/*` for the purposes the
//! addresses call for (44 P2PKH, 49 P2SH, 84 P2WPKH, 86 P2TR), Ethereum `m/44'/60'/a'/0/*`,
//! Solana `m/44'/501'/*'/0'`, Cardano `m/1852'/1815'/a'/0/*`; `--accounts` (default 1) and
//! `--gap` (default 20) set `a` and `*`; `--path` replaces them.
//!
//! `CURVE` is `secp256k1` (the default), `nist256p1` (also `p256`, `secp256r1`,
//! `prime256v1`), `ed25519`, `curve25519`, `ed25519-bip32` (BIP32-Ed25519, Ledger master key;
//! also `cardano-ledger`), `cardano-icarus` (BIP32-Ed25519, Icarus master key from BIP-39
//! entropy) or `cardano-icarus-trezor` (Trezor's Icarus variant, which differs for 24 words).
//! The `curve` field prints the canonical name. Plain `fastbip32` prints the help on standard
//! output (exit code 0).
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
//! The passphrase (BIP-39's, or for `cardano-icarus` the Icarus one) comes from
//! `--passphrase TEXT`, from standard input with `--passphrase -` (one line, its line ending
//! removed; when `--mnemonic -` or `--seed -` reads standard input too, its first line is the
//! mnemonic or seed and its second the passphrase), from the one line of a file with
//! `--passphrase-file PATH`, or from the terminal without echo with `--passphrase-prompt`
//! (a usage error when standard input is not a terminal). The four are mutually exclusive.
//!
//! With `--xkey`, `--path` is relative to the given key, whether it is written `m/…` or
//! not: `m/0/1` below a key at depth 3 gives a key at depth 5.
//!
//! # Issue 13: addresses, networks, families, fields, Cardano, mnemonics
//!
//! * `derive --address KIND` adds `address` after every other field of every record, single
//!   or batch. KIND: `p2pkh`, `p2sh-p2wpkh`, `p2wpkh`, `p2tr`, `ethereum` (secp256k1),
//!   `solana` (ed25519), `cardano-enterprise`, `cardano-base`, `cardano-reward` (the three
//!   Cardano curves). Another curve is a usage error. `cardano-base` takes its stake key
//!   from `…/2/0` of the same account: the path is `m/1852'/1815'/a'/R/I` below a root (a
//!   seed, `root_xsk`, `root_xvk`) or `R/I` below an account key (`acct_xsk`, `acct_xvk`),
//!   R and I normal; anything else is a usage error. `cardano-reward` hashes the record's
//!   own key.
//! * `--wif` adds `wif` (compressed WIF, after `address`): secp256k1 only, and private
//!   records only (an `--xkey` xpub is a usage error).
//! * `--network NET`: `mainnet`, `testnet`, `signet`, `regtest` for secp256k1 and nist256p1;
//!   `mainnet`, `testnet` (aliases `preprod`, `preview`) for the Cardano curves; none for
//!   ed25519 and curve25519 (a usage error). It sets address prefixes, the WIF version
//!   (0x80/0xef) and, from a seed, the xprv/xpub family (tprv/tpub off mainnet). Default: the
//!   network of the `--xkey`'s version, else of `--xpub-version`, else mainnet. A key,
//!   `--xpub-version` and `--network` that disagree on mainnet versus test are a usage error
//!   (`mixed networks: …`).
//! * `--xpub-version NAME` (`xpub`, `ypub`, `zpub`, `Ypub`, `Zpub`, `tpub`, `upub`, `vpub`,
//!   `Upub`, `Vpub`): the `xprv`/`xpub` fields in that family (private keys in its private
//!   twin). Without it, a key derived from `--xkey` keeps the input's family.
//! * `--fields a,b,…` selects and orders the fields (JSON, text and CSV); an unknown name,
//!   an empty name or a name given twice is a usage error, and so is a known field the run's
//!   records do not have (`wif` without `--wif`, `private_key` below an xpub), found before
//!   anything is written. `--csv` (exclusive with `--json`) prints one header line of field
//!   names, then one line per record (RFC 4180 quoting where a value needs it).
//! * In text output, `child_number` shows the index and hardened marker beside the raw number:
//!   `child_number: 2147483692 (44')` (JSON and CSV keep the number alone).
//! * Cardano: `--xkey` takes CIP-5 keys (`root_xsk1…`, `acct_xvk1…`, `addr_…`, `stake_…`,
//!   generic `xprv1…`/`xpub1…`), read on the Cardano curves (`ed25519-bip32` by default);
//!   BIP-32 text on a Cardano curve, or CIP-5 text on another, is a usage error. The `xprv` and
//!   `xpub` fields use the prefix of the key's role: `root_` at the root, `acct_` for
//!   `m/1852'/1815'/a'`, `addr_` for roles 0 and 1 at `m/1852'/1815'/a'/R/I`, `stake_` for
//!   role 2, generic `xprv`/`xpub` elsewhere (R and I normal; a key read as `addr_`/`stake_`
//!   keeps its prefix only for an empty path; a generic key stays generic). Below a root on
//!   the Cardano curves, `--path` may leave out `m/` (`1852H/1815H/0H/0/0`). `--passphrase-hex
//!   HEX` gives the Icarus passphrase as bytes (Icarus curves only).
//! * `inspect` appends `version_name` (`zpub`, …; null for a custom version) and `network`
//!   (`mainnet`/`testnet`; null for a custom version). Of a CIP-5 key it prints `kind`,
//!   `version_name` (the CIP-5 prefix), `chain_code`, `public_key` and, for `…_xsk`,
//!   `private_key`.
//! * `convert XKEY --to NAME`: `xkey` (the key in NAME's family; a private key in the private
//!   twin) and `version_name` (the version written: `zprv` for a private key `--to zpub`).
//!   NAME may also be a private name (a usage error for a public key). CIP-5 keys have no
//!   family (usage error). Converting across networks is allowed: it is what was asked.
//! * `descriptors` prints `bip44`, `bip49`, `bip84`, `bip86`:
//!   `pkh([fp/44h/c/Nh]xpub…/<0;1>/*)#checksum`, `sh(wpkh(…))`, `wpkh(…)`, `tr(…)`, with the
//!   root's fingerprint, coin type `c` 0 on mainnet and 1 elsewhere, tpub off mainnet and the
//!   BIP-380 checksum. `--xkey` must be a private root (depth 0).
//! * `addresses --descriptor DESC` (`-`: read it from standard input) prints the outputs of
//!   an output descriptor (`pkh`, `wpkh`, `sh(wpkh)`, `tr` key path, `multi`/`sortedmulti`
//!   in `wsh`, `sh(wsh)`, `sh`; the library's `fastbip32::descriptor`) at indices S … S+N−1
//!   (`--start`, default 0; `--count`, default 20), branch by branch: every index of
//!   multipath branch 0, then of branch 1, as Bitcoin Core's `deriveaddresses` orders them. A
//!   descriptor without a range gives one record per branch (`--count` and `--start` are then
//!   not used). A `#checksum`, when present, must match. Fields, in order: `branch` (the
//!   position in the `<…>` tuple, 0 without one), `index` (the range index without the
//!   hardened bit, also for `/*'`; null without a range), `address`, `script_pubkey` (hex),
//!   and for single-key descriptors `public_key` (the derived 33-byte key, before any taproot
//!   tweak) and, with a key origin, `path` (origin path, then the key's steps and the index:
//!   `m/84'/0'/0'/0/5`). `--json` prints one object per line, `--csv` a header line and one
//!   line per record, and without either one line `branch index address` per record (a null
//!   index prints as `-`); `--fields` selects and orders fields in every format (a field the
//!   descriptor's records do not have is a usage error). The network is the keys' (`tpub`
//!   and the other test families: testnet; hex keys: mainnet) unless `--network` picks one
//!   (`signet` and `regtest` for test keys); mainnet keys with a test network, or the
//!   reverse, and Cardano network names are usage errors. A hardened step or range after an
//!   xpub needs the xprv (usage error). Output is streamed in chunks (flat memory for any N)
//!   on `--threads K` threads (default every core), byte-identical for any K, with the
//!   progress bar and the `note: derived N addresses in T s (R addresses/s)` line of a run
//!   longer than a second, as for `derive --count`. An extended private key given inside the
//!   descriptor on the command line gets the secret-on-argv note (`--descriptor -`).
//! * `mnemonic` prints `mnemonic`, `entropy` (hex) and `language` (default 24 English words,
//!   from the operating system's random number generator). `mnemonic --check` prints `valid`
//!   (true), `language` and `words` and exits 0, or exits 2 with one line naming the word
//!   and its position (counted from 1) with "did you mean …", the word count or the checksum
//!   failure. This is the one error message that repeats input: the mistyped word, which is
//!   not in the list.
//! * `--mnemonic` (`derive`, `descriptors`) takes a phrase in any of BIP-39's ten word lists
//!   (the list is detected; its checksum checked), and on the Icarus curves also Cardano's
//!   9-word (96-bit) phrases, as cardano-addresses does.
//! * Hints: a `0x`-prefixed seed is told to drop `0x`; a typographic quote (’ ‘ ′ ´) in a
//!   path is named as such, with its segment and byte; a soft `*` on a hardened-only curve
//!   suggests `*'`.
//!
//! `inspect` prints `kind` (`private` or `public`), `version` (8 hex digits), `depth`,
//! `parent_fingerprint`, `child_number`, `chain_code`, `public_key`, `fingerprint` and, for a
//! private key, `private_key`.
//!
//! * Exit code 0: the result on standard output (with `--json`, exactly one JSON object on
//!   one line, or one per child with `--count`), and at most one `note: …` line on standard
//!   error — plus, for a `--count` run that took more than a second, one
//!   `note: derived N keys in T s (R keys/s)` line after it (and, while it runs, a progress
//!   bar when standard error is a terminal). The note line joins, with `; `, every note of
//!   the run, in this order: the public default seed was used; a secret (seed, mnemonic,
//!   passphrase, extended private key) was given on the command line, where other users
//!   and shell history can see it; an `m/…` `--path` was taken relative to an `--xkey` key
//!   of depth > 0 (with the result's depth). Notes are written only after the output has
//!   been written and flushed: a run that fails prints none.
//! * Exit code 2: a usage or input error; 1: any other failure. Either way standard output
//!   stays empty and standard error gets exactly one line, `error: …`, which never contains
//!   secret input. (With `--count`, every usage error is found before the first record is
//!   written; a failure to write, or BIP-32's invalid child at probability 2⁻¹²⁷, can come
//!   after some records.) Standard output that is full (`>/dev/full`) or closed (`>&-`;
//!   on Linux, the Rust runtime puts `/dev/null` opened read-write in place of a closed
//!   descriptor, and the binary takes such a standard output for closed) is a failure,
//!   exit code 1.
//! * A reader that stops reading (`fastbip32 derive --count 1000 | head -1`, a broken pipe)
//!   is not a failure: the run stops at once and exits 0 without an `error:` line, as a
//!   consumer that has what it wants is not an error (ripgrep does the same). The note
//!   line, if any, is still printed; the throughput line is not.
//! * `--help` and `--version` print to standard output and exit 0.
//!
//! One module per subcommand (`derive`, `inspect`, `convert`, `descriptors`, `addresses`,
//! `mnemonic`);
//! `curve` maps the `--curve` value to a [`fastbip32::Scheme`], and `dispatch` runs every
//! operation, written once generically over it, for that scheme; `record` renders every
//! record; `options` holds the output options and the network rule, `address` the address
//! kinds (the CIP-5 role rules are the library's `fastbip32::cardano::Role`), `stream` what the streamed runs share (tasks, the threads and their ring, progress bar).

mod address;
mod addresses;
mod convert;
mod curve;
mod derive;
mod descriptors;
mod dispatch;
mod error;
mod input;
mod inspect;
mod mnemonic;
mod notes;
mod options;
mod record;
mod recover;
mod seed;
mod stream;

use std::ffi::OsString;
use std::io::{Read, Write};

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory as _, Parser, Subcommand};

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
    Derive(Box<derive::DeriveArgs>),
    /// Show the fields of an extended key (xprv, xpub, SLIP-132 forms, CIP-5 keys).
    Inspect(inspect::InspectArgs),
    /// Re-encode an extended key in another version family (zpub → xpub, …).
    Convert(convert::ConvertArgs),
    /// Print the addresses of an output descriptor (wpkh, pkh, sh-wpkh, tr, multisig).
    Addresses(Box<addresses::AddressesArgs>),
    /// Print an account's standard output descriptors (BIP-44, 49, 84, 86).
    Descriptors(Box<descriptors::DescriptorsArgs>),
    /// Make a new BIP-39 mnemonic, or check one (--check).
    Mnemonic(mnemonic::MnemonicArgs),
    /// Search for a wallet from a partly remembered mnemonic or passphrase.
    Recover(Box<recover::RecoverArgs>),
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
    /// Reads a passphrase from the terminal without echo (`--passphrase-prompt`); `None`
    /// when standard input is not a terminal.
    pub(crate) prompt: Option<&'a mut dyn FnMut() -> std::io::Result<String>>,
    /// The notes of the run, printed after its output.
    pub(crate) notes: notes::Notes,
}

impl Io<'_> {
    /// Writes `bytes` to standard output and flushes it.
    ///
    /// # Errors
    /// [`CliError::output`] of the write error.
    pub(crate) fn write_stdout(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        self.stdout
            .write_all(bytes)
            .and_then(|()| self.stdout.flush())
            .map_err(|e| CliError::output(&e))
    }
}

impl core::fmt::Debug for Io<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Io")
            .field("progress", &self.progress)
            .field("prompt", &self.prompt.is_some())
            .field("notes", &self.notes)
            .finish_non_exhaustive()
    }
}

/// What the real process knows about its standard streams, for [`run_process`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Terminals {
    /// Standard input is a terminal: `--passphrase-prompt` may prompt on it.
    pub stdin: bool,
    /// Standard error is a terminal: a long `derive --count` run draws a progress bar.
    pub stderr: bool,
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
    run_with_progress(args, stdin, stdout, stderr, false)
}

/// [`run`] with `progress` set when standard error is a terminal: see [`run_process`].
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
    let terminals = Terminals {
        stdin: false,
        stderr: progress,
    };
    run_process(args, stdin, stdout, stderr, terminals)
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
    let mut prompt = || rpassword::prompt_password("passphrase: ");
    let prompt: Option<&mut dyn FnMut() -> std::io::Result<String>> = if terminals.stdin {
        Some(&mut prompt)
    } else {
        None
    };
    let mut io = Io {
        stdin,
        stdout,
        stderr,
        progress: terminals.stderr,
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
        Command::Addresses(args) => addresses::run(args, io),
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
            let mut terminal = || {
                asked += 1;
                answer.map_or_else(|| Ok(String::new()), |answer| answer())
            };
            let mut io = Io {
                stdin: &mut std::io::empty(),
                stdout: &mut stdout,
                stderr: &mut stderr,
                progress: false,
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
