//! `fastbip32 recover`: search for a wallet from a partly remembered mnemonic or passphrase
//! (the library's `fastbip32::recovery`).
//!
//! Standard output gets the match only (one record, `--json` for JSON); standard error the
//! summary, the progress bar (a terminal only) and errors. No candidate is ever written to
//! standard error or to the `--resume` checkpoint.

use core::hash::{BuildHasher as _, Hasher as _};
use core::ops::Range;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;
use std::collections::hash_map::RandomState;
use std::path::{Path, PathBuf};
use std::time::Instant;

use fastbip32::descriptor::Descriptor;
use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    Batch, Change, Checkpoint, CheckpointField, ChecksumCount, Coin, Error as RecoveryError,
    Matched, Options, Outcome, Passphrase, PassphraseRules, PathPattern, Paths, Search, SeedCheck,
    SeedKind, Space, Target, Template, Wallet,
};
use fastbip32::{Fingerprint, Xpub};
use zeroize::Zeroizing;

use crate::address_db;
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::notes::ArgvSecret;
use crate::Io;

mod slip39;
mod text;

use self::text::{exact, json_string};

/// Set by Ctrl-C (SIGINT) while a search runs: the search stops at its next chunk, the
/// checkpoint is written, and `recover` exits with [`INTERRUPTED_EXIT`].
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The exit code after Ctrl-C: 128 + SIGINT, as a shell reports a process it interrupted.
const INTERRUPTED_EXIT: i32 = 130;

/// Installs the Ctrl-C handler once per process and clears the flag.
fn watch_ctrl_c() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // Without a handler (another one is installed), Ctrl-C ends the process as usual and
        // the checkpoint keeps what was written up to 2 s before.
        let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed));
    });
    INTERRUPTED.store(false, Ordering::Relaxed);
}

/// How often the checkpoint file is written while the search runs.
const SAVE_EVERY: Duration = Duration::from_secs(2);

/// Arguments of `recover`.
#[allow(
    clippy::struct_excessive_bools,
    reason = "clap flags, each a switch of its own"
)]
#[derive(Debug, clap::Args)]
pub(crate) struct RecoverArgs {
    /// The phrase as remembered: words, `?` (unknown word), `{a,b,c}` (one of a list), word
    /// patterns `ab*`, `*ab`, `a*b`, `a?c` (`*` any letters, `?` one letter). `-` reads it from standard input, `@FILE` from a file;
    /// without --mnemonic it is asked for on the terminal, without echo. On the command line
    /// it is visible to other users and kept in shell history.
    #[arg(long, value_name = "TEMPLATE|-|@FILE")]
    mnemonic: Option<String>,
    /// N words left out, at unknown positions.
    #[arg(long, default_value_t = 0, value_name = "N")]
    missing: usize,
    /// Up to N given words may be wrong (edit distance 2, or the same first four letters).
    #[arg(long, default_value_t = 0, value_name = "N")]
    typos: usize,
    /// Up to N transpositions of adjacent words.
    #[arg(long, default_value_t = 0, value_name = "N")]
    swaps: usize,
    /// The words are known, their order is not: search every order of them. In the
    /// template, `^word` keeps its place, and `+word` is an extra word that may take the
    /// place of a word that is not marked `^` (at most 2^40 orders; no --missing, --typos or
    /// --swaps).
    #[arg(long)]
    unordered: bool,
    /// The phrase length: 12, 15, 18, 21 or 24.
    #[arg(long, value_name = "N")]
    length: Option<usize>,
    /// The word list (english, japanese, korean, spanish, chinese-simplified, …).
    #[arg(long, value_name = "L")]
    language: Option<String>,
    /// The kind of phrase: bip39 (default), or electrum (an Electrum v2 standard or segwit
    /// seed: its version hash in place of the checksum, Electrum's seed and paths m/0/*,
    /// m/1/* (P2PKH) and m/0'/0/*, m/0'/1/* (P2WPKH); Bitcoin only), or slip39 (a SLIP-39
    /// share set with one unknown word, read from --shares).
    #[arg(long, value_name = "KIND")]
    seed: Option<String>,
    /// With --seed slip39: the share set, one share a line, exactly one word of the set
    /// unknown (`?`, or a misspelled word), read from FILE or standard input (`-`). The SLIP-39 passphrase is
    /// --passphrase (or --passphrase-prompt). No --resume or --shard: the 1024 words are
    /// searched at once.
    #[arg(long, value_name = "FILE|-")]
    shares: Option<PathBuf>,
    /// The BIP-39 passphrase (Icarus passphrase for Cardano). `-` reads it from standard
    /// input (one line, its line ending removed); when --mnemonic is `-` too, the first line
    /// is the template and the second the passphrase.
    #[arg(long, value_name = "TEXT|-", conflicts_with_all = ["passphrases", "passphrase_prompt"])]
    passphrase: Option<String>,
    /// Ask for the passphrase on the terminal, without echo (standard input must be a
    /// terminal).
    #[arg(long, conflicts_with = "passphrases")]
    passphrase_prompt: bool,
    /// A file of passphrases to try, one per line (at most 64 MiB); `-` reads them from
    /// standard input.
    #[arg(long, value_name = "FILE|-")]
    passphrases: Option<PathBuf>,
    /// Try variants of the base passphrase (--passphrase, --passphrase - or
    /// --passphrase-prompt; empty if none is given): comma-separated `case`, `subst`,
    /// `typos:N`, `alphabet:SPEC`, `digits:A-B`, `years:A-B` (e.g. `case,digits:0-2`); or
    /// `mask`: the base is a hashcat-style mask (`?l`, `?u`, `?d`, `?s`, `?a`, `??`). The
    /// variants are counted before the search and listed by index.
    #[arg(long, value_name = "RULES", conflicts_with = "passphrases")]
    passphrase_rule: Option<String>,
    /// An address of the wallet (repeatable).
    #[arg(long, value_name = "ADDR")]
    address: Vec<String>,
    /// A file of addresses, one per line.
    #[arg(long, value_name = "FILE")]
    addresses: Option<PathBuf>,
    /// An address database built by --build-address-db: every address of the coin (all its
    /// kinds, Bitcoin's on mainnet paths) is looked up in it. A match is reported as
    /// `matched: address-db`, to be confirmed (about 2^-37 of the addresses compared match
    /// without being in the list).
    #[arg(long, value_name = "FILE")]
    address_db: Option<PathBuf>,
    /// The list the --address-db was built from: each database match is confirmed in it
    /// exactly (read line by line at each match); a match it does not hold is skipped and
    /// counted, one it holds is `matched: address`.
    #[arg(long, value_name = "ADDRESSES", requires = "address_db")]
    address_db_list: Option<PathBuf>,
    /// Build an address database from a list of addresses, one a line (`-`: standard input;
    /// blank lines skipped), write it to --out and exit; nothing is searched.
    #[arg(long, value_name = "ADDRESSES|-", requires = "out")]
    build_address_db: Option<PathBuf>,
    /// The file --build-address-db writes.
    #[arg(long, value_name = "FILE", requires = "build_address_db")]
    out: Option<PathBuf>,
    /// An extended public key of the wallet, compared at its depth and child number.
    #[arg(long, value_name = "XPUB")]
    xpub: Vec<String>,
    /// The master key fingerprint (8 hex digits).
    #[arg(long, value_name = "HEX")]
    fingerprint: Vec<String>,
    /// A single-key output descriptor with a key origin, as a wallet exports it.
    #[arg(long, value_name = "DESC")]
    descriptor: Vec<String>,
    /// The coin: a slug or symbol of `fastbip32 coins`. Default: the coin of the --address
    /// values (an EVM address is Ethereum's), else bitcoin.
    #[arg(long, value_name = "COIN")]
    coin: Option<String>,
    /// A wallet's paths in place of the coin's standard ones: ledger-live, metamask,
    /// phantom, trust, exodus or electrum (the coin's registry paths that wallet uses).
    #[arg(long, value_name = "WALLET", conflicts_with = "path")]
    wallet: Option<String>,
    /// Accounts 0 … N−1 of the standard paths (at most 1024).
    #[arg(long, default_value_t = 1, value_name = "N")]
    accounts: u32,
    /// Address indices 0 … N−1 (the `*` of a path; at most 65536).
    #[arg(long, default_value_t = 20, value_name = "N")]
    gap: u32,
    /// A path to derive instead of the standard ones, with `*` for the gap index (repeatable).
    #[arg(long, value_name = "PATH")]
    path: Vec<String>,
    /// The chains of the standard paths: receive (`…/0/*`), change (`…/1/*`) or both, receive
    /// first. Default: both.
    #[arg(long, value_name = "WHICH", conflicts_with = "path")]
    change: Option<String>,
    /// Search shard K of N (1 ≤ K ≤ N).
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// A checkpoint file of finished ranges: read if it exists, written every few seconds.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Print the counts, the coin, the paths, the gap and up to five distinct example
    /// candidates on standard output (--json: one object); search nothing.
    #[arg(long)]
    dry_run: bool,
    /// Write every checksum-valid candidate of the space (or of --shard) to standard output
    /// for another tool, one phrase a line (--json: one object a line, with its passphrase),
    /// and search nothing; no target. Refused when standard output is a terminal: the
    /// phrases are secrets.
    #[arg(long, conflicts_with_all = ["dry_run", "resume", "seed", "address", "addresses", "address_db", "xpub", "fingerprint", "descriptor", "coin", "path", "change"])]
    list: bool,
    /// Refuse to start a search whose estimated time passes this (without --yes): a number
    /// and a unit, s, m, h, d or y (e.g. `2h`, `30d`).
    #[arg(long, value_name = "DURATION", default_value = "30d")]
    max_eta: String,
    /// Search even when the estimated time passes --max-eta.
    #[arg(long)]
    yes: bool,
    /// Worker threads (default: every core; at most 1024).
    #[arg(long, value_name = "K")]
    threads: Option<usize>,
    /// Print the match as one JSON object.
    #[arg(long)]
    json: bool,
}

fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
}

fn lib_usage(what: &str, err: fastbip32::recovery::Error) -> CliError {
    CliError::Usage(format!("{what}: {err}"))
}

/// An error of a running search: a usage error where the input caused it, a failure (exit
/// code 1) where the system did (a thread or memory it refused) or a key could not be
/// derived.
fn search_error(err: fastbip32::recovery::Error) -> CliError {
    use fastbip32::recovery::Error;
    if matches!(
        err,
        Error::ThreadSpawn { .. } | Error::OutOfMemory { .. } | Error::Derivation
    ) {
        CliError::Failure(format!("the search failed: {err}"))
    } else {
        lib_usage("invalid search", err)
    }
}

/// The BIP-39 phrase lengths.
const LENGTHS: [usize; 5] = [12, 15, 18, 21, 24];

/// The usage error for a template `Template::parse` refused, with the flag that would search
/// it: `--missing N` for a phrase too short, `--typos N` and the nearest words for words
/// outside the list (as `mnemonic --check` suggests them). One line. It repeats no token of
/// the template, but the list words it suggests may be the intended one.
fn template_error(
    text: &str,
    options: &Options,
    args: &RecoverArgs,
    err: RecoveryError,
) -> CliError {
    let hint = match err {
        RecoveryError::InvalidWordCount { count } if args.length.is_none() && !args.unordered => {
            LENGTHS.iter().find(|&&n| n > count).map(|n| {
                format!(
                    "; if words are missing, try --missing {}",
                    args.missing + (n - count)
                )
            })
        }
        RecoveryError::UnknownWord { position } => {
            let near = Template::suggest_vartime(text, options, position)
                .filter(|s| !s.is_empty())
                .map(|s| format!("; did you mean {}?", s.join(", ")));
            let typos = (args.typos == 0 && !args.unordered)
                .then_some(" (--typos 1 searches the words near it)");
            Some(format!(
                "{}{}",
                near.unwrap_or_default(),
                typos.unwrap_or_default()
            ))
        }
        RecoveryError::TooManyUnknownWords { unknown, .. } => {
            Some(format!("; --typos {unknown} searches the words near each"))
        }
        _ => None,
    };
    usage(format!(
        "invalid --mnemonic: {err}{}",
        hint.unwrap_or_default()
    ))
}

/// Runs `recover`; returns the exit code (0 found, 1 not found or a failure, 2 usage).
pub(crate) fn run(args: &RecoverArgs, io: &mut Io<'_>) -> i32 {
    let result = match (&args.build_address_db, &args.out) {
        (Some(input), Some(out)) => address_db::build(input, out, io),
        _ => search(args, io),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            if let Some(message) = err.message() {
                let _ = writeln!(io.stderr, "error: {message}");
                let _ = io.stderr.flush();
            }
            err.exit_code()
        }
    }
}

#[allow(clippy::too_many_lines)] // one linear run: arguments, summary, search, record
fn search(args: &RecoverArgs, io: &mut Io<'_>) -> Result<i32, CliError> {
    if args.seed.as_deref() == Some(slip39::SEED) || args.shares.is_some() {
        return search_slip39(args, io);
    }
    let mut options = Options::new()
        .missing(args.missing)
        .typos(args.typos)
        .swaps(args.swaps)
        .unordered(args.unordered);
    if let Some(language) = &args.language {
        let language: Language = language
            .parse()
            .map_err(|_| usage(format!("unknown --language {language:?}")))?;
        options = options.language(language);
    }
    if let Some(length) = args.length {
        options = options.length(length);
    }
    let secrets = read_secrets(args, io)?;
    let template = Template::parse(&secrets.template, &options)
        .map_err(|e| template_error(&secrets.template, &options, args, e))?;
    let space = match &args.passphrase_rule {
        Some(rule) => {
            let base = secrets.base_passphrase().ok_or_else(|| {
                usage("--passphrase-rule varies one base passphrase, not a --passphrases list")
            })?;
            let rules = passphrase_rules(rule, base)?;
            Space::with_passphrase_rules(template, rules)
        }
        None => Space::new(template, secrets.passphrases()),
    }
    .map_err(|e| lib_usage("invalid search", e))?;
    drop(secrets);
    if args.list {
        return list(&space, args, io);
    }

    let (target, coin, paths) = target_and_paths(args)?;
    let range = shard_range(args, &space)?;
    if args.threads == Some(0) {
        return Err(usage("--threads must be at least 1"));
    }
    let seed: SeedKind = match &args.seed {
        Some(name) => name.parse().map_err(|_| {
            usage("invalid --seed: unknown seed kind (expected bip39, electrum or slip39)")
        })?,
        None => SeedKind::Bip39,
    };
    if seed == SeedKind::Electrum && args.dry_run {
        return Err(usage(
            "--dry-run lists checksum-valid BIP-39 candidates; it does not take --seed electrum",
        ));
    }
    let mut search = Search::new(&space, &target, paths).seed(seed);
    if let Some(threads) = args.threads {
        search = search.threads(threads);
    }
    if let Some(list) = &args.address_db_list {
        std::fs::metadata(list).map_err(|e| {
            usage(format!(
                "cannot read --address-db-list {}: {}",
                list.display(),
                e.kind()
            ))
        })?;
    }
    let refused = core::sync::atomic::AtomicU64::new(0);
    let list_error: std::sync::Mutex<Option<CliError>> = std::sync::Mutex::new(None);
    let confirm = |address: &fastbip32::address::Address| {
        let Some(list) = &args.address_db_list else {
            return false;
        };
        match address_db::list_holds(list, address.as_str()) {
            Ok(true) => true,
            Ok(false) => {
                refused.fetch_add(1, Ordering::Relaxed);
                false
            }
            Err(e) => {
                if let Ok(mut slot) = list_error.lock() {
                    slot.get_or_insert(e);
                }
                false
            }
        }
    };
    if args.address_db_list.is_some() {
        search = search.confirm(&confirm);
    }
    search.check().map_err(check_error)?;

    let searched = searched_paths(search.seed_check(), coin, args.gap);

    // The checkpoint must belong to this search: to its space on reading, and to its
    // target, coin, paths, gap and accounts.
    let mut checkpoint = match &args.resume {
        Some(file) if file.exists() => {
            let bad = |e: RecoveryError| {
                let rules = match e {
                    RecoveryError::CheckpointChanged { fields }
                        if fields.contains(CheckpointField::Passphrases) =>
                    {
                        " (--passphrase, --passphrases or --passphrase-rule)"
                    }
                    _ => "",
                };
                usage(format!("invalid --resume {}: {e}{rules}", file.display()))
            };
            let checkpoint = Checkpoint::load(file, &space).map_err(bad)?;
            search.check_checkpoint(&checkpoint).map_err(bad)?;
            Some(checkpoint)
        }
        _ => None,
    };
    // What a candidate passes before its seed is made: the phrase as the ETA, rate and
    // progress lines name it, and the adjective of the candidates that pass.
    let (count, filter, valid) = match seed {
        SeedKind::Bip39 => (
            space.checksum_count_vartime(COUNT_BUDGET),
            "the checksum",
            "checksum-valid",
        ),
        SeedKind::Electrum => (
            space.electrum_count_estimate(),
            "the version check",
            "version-valid",
        ),
    };
    if args.dry_run {
        io.notes.write(io.stderr, false);
        let plan = Plan {
            space: &space,
            range: &range,
            count,
            coin,
            gap: args.gap,
            accounts: args.accounts,
            paths: all_paths(search.seed_check()),
        };
        return dry_run(&plan, args.json, io);
    }
    let max_eta = parse_duration(&args.max_eta).ok_or_else(|| {
        usage("invalid --max-eta: expected a number and a unit, s, m, h, d or y (e.g. 2h, 30d)")
    })?;
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, core::num::NonZeroUsize::get)
    });
    if !args.yes {
        let left = checkpoint.as_ref().map_or(0, |c| done_in(c, &range));
        #[allow(clippy::cast_precision_loss)] // an estimate for people
        let valid_left = count.value() as f64 * (range.end - range.start - left) as f64
            / (space.size().max(1)) as f64;
        #[allow(clippy::cast_precision_loss)] // at most 1024 threads
        let eta = valid_left / (FASTEST_SEEDS_PER_CORE * threads as f64);
        if eta > max_eta {
            return Err(usage(format!(
                "the search would take at least {} ({} {valid} candidates at most {FASTEST_SEEDS_PER_CORE:.0}/s per thread on {threads} threads), more than --max-eta {}: narrow the template, or give --yes",
                seconds(eta),
                count.value(),
                args.max_eta
            )));
        }
    }
    let approx = if count.is_exact() { "" } else { "about " };
    let _ = writeln!(
        io.stderr,
        "space: {} candidates, {approx}{} pass {filter}{}{}",
        space.size(),
        count.value(),
        rule_count(&space),
        if range.end - range.start == space.size() {
            String::new()
        } else {
            format!("; this shard: indices {}..{}", range.start, range.end)
        }
    );
    // Only once every input has been checked: a run that stops with an error prints its
    // one `error:` line alone.
    io.notes.write(io.stderr, false);
    if let Some(checkpoint) = &checkpoint {
        let done = done_in(checkpoint, &range);
        let _ = writeln!(
            io.stderr,
            "resuming: {done} of {} candidates already searched",
            range.end - range.start
        );
    }
    let mut checkpoint = checkpoint
        .take()
        .unwrap_or_else(|| Checkpoint::new(&space, salt()));

    watch_ctrl_c();
    let cancel = &INTERRUPTED;
    let started = Instant::now();
    let mut last_save = Instant::now();
    let mut save_error = None;
    let mut announced = false;
    let progress_bar = io.progress;
    let resume = args.resume.clone();
    let total = range.end - range.start;
    let passing_share = if space.size() == 0 {
        0.0
    } else {
        #[allow(clippy::cast_precision_loss)] // a rate for people
        let share = count.value() as f64 / space.size() as f64;
        share
    };
    let stderr = &mut *io.stderr;
    // The measured ETA past --max-eta (without --yes), once the rate has been measured.
    let mut too_long: Option<f64> = None;
    let mut measured = args.yes;
    let outcome = search
        .run_vartime(
            range,
            &mut checkpoint,
            cancel,
            &mut |progress, checkpoint| {
                // On a terminal the bar holds the rate and the ETA; elsewhere one `rate:` line.
                if !announced && progress.examined_now > 0 && !progress_bar {
                    announced = true;
                    let eta = progress
                        .eta()
                        .map_or_else(|| "unknown".to_string(), seconds);
                    let _ = writeln!(
                        stderr,
                        "rate: {:.0} candidates/s ({:.0} {valid}/s); ETA {eta}",
                        progress.rate(),
                        progress.rate() * passing_share
                    );
                }
                if !measured && progress.elapsed >= MEASURE_FOR && progress.examined_now > 0 {
                    measured = true;
                    if let Some(eta) = progress.eta().filter(|&eta| eta > max_eta) {
                        too_long = Some(eta);
                        cancel.store(true, Ordering::Relaxed);
                    }
                }
                if progress_bar {
                    let _ = write!(stderr, "{}", bar(progress, total, passing_share, valid));
                    let _ = stderr.flush();
                }
                if let Some(file) = &resume {
                    if last_save.elapsed() >= SAVE_EVERY {
                        if let Err(e) = checkpoint.save(file) {
                            save_error = Some(e);
                        }
                        last_save = Instant::now();
                    }
                }
            },
        )
        .map_err(search_error)?;
    if progress_bar {
        let _ = write!(io.stderr, "{CLEAR_LINE}");
    }
    if let Some(file) = &args.resume {
        checkpoint.save(file).map_err(|e| {
            CliError::Failure(format!("cannot write --resume {}: {e}", file.display()))
        })?;
    }
    if let Some(e) = save_error {
        return Err(CliError::Failure(format!("cannot write --resume: {e}")));
    }
    let list_error = list_error.lock().ok().and_then(|mut slot| slot.take());
    if let Some(e) = list_error {
        return Err(e);
    }
    let refused = refused.load(Ordering::Relaxed);
    if refused > 0 {
        let _ = writeln!(
            io.stderr,
            "note: {refused} address-database matches were not in --address-db-list (false positives), skipped"
        );
    }
    let _ = started;
    match outcome {
        Outcome::Found(found) => {
            let phrase = space.to_phrase_in(found.language, found.candidate.words());
            let language = found.language.name();
            let passphrase = space
                .passphrase(found.candidate.passphrase_index())
                .ok_or_else(|| {
                    CliError::Failure("the match's passphrase is not in the list".to_owned())
                })?;
            let path = found.path.to_string();
            let address = found.address.as_ref().map(|a| a.as_str().to_string());
            let matched = found.matched.as_str();
            let out = exact(|w| {
                if args.json {
                    w.write_str("{\"mnemonic\":")?;
                    json_string(w, &phrase)?;
                    w.write_str(",\"passphrase\":")?;
                    json_string(w, &passphrase)?;
                    w.write_str(",\"path\":")?;
                    json_string(w, &path)?;
                    w.write_str(",\"address\":")?;
                    match address.as_deref() {
                        Some(a) => json_string(w, a)?,
                        None => w.write_str("null")?,
                    }
                    write!(
                        w,
                        ",\"matched\":\"{matched}\",\"candidate\":{}",
                        found.index
                    )?;
                    match found.address_index {
                        Some(i) => write!(w, ",\"address_index\":{i}")?,
                        None => w.write_str(",\"address_index\":null")?,
                    }
                    // `index`: the value of `candidate`, deprecated (docs/cli.md).
                    writeln!(
                        w,
                        ",\"index\":{},\"language\":\"{language}\"}}",
                        found.index
                    )
                } else {
                    writeln!(
                        w,
                        "mnemonic: {}\npassphrase: {}\npath: {path}\naddress: {}\nmatched: {matched}\ncandidate: {}",
                        phrase.as_str(),
                        passphrase.as_str(),
                        address.as_deref().unwrap_or("-"),
                        found.index
                    )?;
                    match found.address_index {
                        Some(i) => writeln!(w, "address_index: {i}")?,
                        None => w.write_str("address_index: -\n")?,
                    }
                    writeln!(w, "index: {}\nlanguage: {language}", found.index)
                }
            });
            io.write_stdout(out.as_bytes())?;
            if found.matched == Matched::AddressDb {
                let _ = writeln!(
                    io.stderr,
                    "note: an address-database match: confirm the address is in your list (false-positive rate {})",
                    address_db::FALSE_POSITIVE_RATE
                );
                let _ = io.stderr.flush();
            }
            Ok(0)
        }
        Outcome::Cancelled(progress) => {
            if let Some(eta) = too_long {
                return Err(usage(format!(
                    "the search would take about {} more at the measured {:.0} candidates/s, more than --max-eta {}: narrow the template, or give --yes{}",
                    seconds(eta),
                    progress.rate(),
                    args.max_eta,
                    if args.resume.is_some() {
                        " (the --resume checkpoint holds what was searched)"
                    } else {
                        ""
                    }
                )));
            }
            let _ = writeln!(
                io.stderr,
                "interrupted after {} candidates ({} passed {filter}){}",
                progress.examined_now,
                progress.passed,
                if args.resume.is_some() {
                    "; the --resume checkpoint holds the finished ranges"
                } else {
                    ""
                }
            );
            let _ = io.stderr.flush();
            Ok(INTERRUPTED_EXIT)
        }
        Outcome::Exhausted(progress) => {
            let _ = writeln!(
                io.stderr,
                "searched {} candidates ({} passed {filter}): no match ({searched})",
                progress.examined_now, progress.passed
            );
            let _ = io.stderr.flush();
            Ok(CliError::FAILURE)
        }
        _ => Err(CliError::Failure(
            "the search ended in an unknown way".to_string(),
        )),
    }
}

/// The target of `--address`, `--addresses`, `--address-db`, `--xpub`, `--fingerprint` and
/// `--descriptor`, the coin (`--coin`, else the addresses' coin, else bitcoin) and the paths
/// (`--change`, `--accounts`, `--gap`, `--wallet`, `--path`) of a search.
///
/// # Errors
/// A usage error for an invalid value, an address of another coin than `--coin`, or no
/// target.
fn target_and_paths(args: &RecoverArgs) -> Result<(Target, Coin, Paths), CliError> {
    let named: Option<Coin> = match &args.coin {
        Some(name) => Some(name.parse().map_err(|e| lib_usage("invalid --coin", e))?),
        None => None,
    };
    let mut target = Target::new();
    for a in &args.address {
        target
            .add_address(a)
            .map_err(|e| lib_usage("invalid --address", e))?;
    }
    if let Some(file) = &args.addresses {
        let text = std::fs::read_to_string(file).map_err(|e| {
            usage(format!(
                "cannot read --addresses {}: {}",
                file.display(),
                e.kind()
            ))
        })?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            target
                .add_address(line)
                .map_err(|e| usage(format!("--addresses line {}: {e}", n + 1)))?;
        }
    }
    if let Some(file) = &args.address_db {
        target.set_address_db(std::sync::Arc::new(address_db::load(file)?));
    }
    for x in &args.xpub {
        let xpub: Xpub = x
            .trim()
            .parse()
            .map_err(|e| usage(format!("invalid --xpub: {e}")))?;
        target.add_xpub(xpub);
    }
    for f in &args.fingerprint {
        let hex = f.trim().trim_start_matches("0x");
        let value = (hex.len() == 8)
            .then(|| u32::from_str_radix(hex, 16).ok())
            .flatten()
            .ok_or_else(|| usage("invalid --fingerprint: expected 8 hex digits"))?;
        target.add_fingerprint(Fingerprint::new(value.to_be_bytes()));
    }
    for d in &args.descriptor {
        let descriptor =
            Descriptor::parse(d.trim()).map_err(|e| usage(format!("invalid --descriptor: {e}")))?;
        target
            .add_descriptor(&descriptor)
            .map_err(|e| lib_usage("invalid --descriptor", e))?;
    }
    if target.is_empty() {
        return Err(usage("nothing to look for: give --address, --addresses, --address-db, --xpub, --fingerprint or --descriptor"));
    }
    // Without --coin, the coin every address can belong to (an EVM address is Ethereum's),
    // else bitcoin; with it, every address must be of that coin.
    let coin = match named {
        Some(coin) => {
            if let Some(text) = target.foreign_address(coin) {
                return Err(usage(format!(
                    "invalid --address: {text} is not an address of {coin}"
                )));
            }
            coin
        }
        None => target
            .address_coin()
            .map_err(|e| usage(e.to_string()))?
            .unwrap_or(Coin::Bitcoin),
    };
    let change: Change = match &args.change {
        Some(name) => name.parse().map_err(|e| lib_usage("invalid --change", e))?,
        None => Change::Both,
    };
    if args.change.is_some() && coin == Coin::Solana {
        return Err(usage(
            "invalid --change: Solana's path m/44'/501'/*'/0' has no change step",
        ));
    }
    let mut paths = Paths::new(coin)
        .change(change)
        .accounts(args.accounts)
        .gap(args.gap);
    if let Some(name) = &args.wallet {
        let wallet = Wallet::find(name).ok_or_else(|| {
            usage(format!(
                "invalid --wallet {name:?}: expected ledger-live, metamask, phantom, trust, exodus or electrum"
            ))
        })?;
        paths = paths.wallet(wallet);
    }
    for p in &args.path {
        paths =
            paths.path(PathPattern::parse(p).map_err(|e| CliError::library("invalid --path", e))?);
    }
    if args.accounts == 0 || args.gap == 0 {
        return Err(usage("--accounts and --gap must be at least 1"));
    }
    Ok((target, coin, paths))
}

/// The usage error for a search's [`Search::check`] or [`SeedCheck::check`]: the option
/// whose value it refuses.
fn check_error(e: RecoveryError) -> CliError {
    match e {
        RecoveryError::TooLarge { bound, .. } => {
            usage(format!("invalid --{}: {e}", bound.as_str()))
        }
        RecoveryError::UnsupportedWallet { .. } => lib_usage("invalid --wallet", e),
        RecoveryError::ElectrumCoin => usage(format!("invalid --seed electrum: {e}")),
        e => lib_usage("invalid target", e),
    }
}

/// `recover --seed slip39 --shares FILE|-`: the options a share set does not take refused,
/// the shares, the passphrase, the target and the paths read, then [`slip39::run`].
///
/// # Errors
/// A usage error for `--shares` without `--seed slip39`, an option of a phrase search, a
/// Cardano coin (whose keys come from an Icarus root), and as [`slip39::run`] and a phrase
/// search's target.
fn search_slip39(args: &RecoverArgs, io: &mut Io<'_>) -> Result<i32, CliError> {
    if args.seed.as_deref() != Some(slip39::SEED) {
        return Err(usage("--shares is the share set of --seed slip39"));
    }
    let phrase_options = [
        ("--mnemonic", args.mnemonic.is_some()),
        ("--missing", args.missing != 0),
        ("--typos", args.typos != 0),
        ("--swaps", args.swaps != 0),
        ("--unordered", args.unordered),
        ("--length", args.length.is_some()),
        ("--language", args.language.is_some()),
        ("--passphrases", args.passphrases.is_some()),
        ("--passphrase-rule", args.passphrase_rule.is_some()),
        ("--list", args.list),
        ("--threads", args.threads.is_some()),
        ("--address-db-list", args.address_db_list.is_some()),
        ("--shard", args.shard.is_some()),
        ("--resume", args.resume.is_some()),
    ];
    if let Some((name, _)) = phrase_options.into_iter().find(|(_, given)| *given) {
        return Err(usage(format!(
            "--seed slip39 does not take {name}: it tries the 1024 words at the one `?` of --shares at once"
        )));
    }
    let shares = args.shares.as_deref().ok_or_else(|| {
        usage("--seed slip39 reads the share set from --shares FILE or --shares - (standard input)")
    })?;
    let passphrase_on_stdin = args.passphrase.as_deref() == Some(STDIN_MARKER);
    let template = slip39::read_shares(shares, passphrase_on_stdin, io)?;
    let passphrase = read_passphrase(args, io)?;
    let (target, coin, paths) = target_and_paths(args)?;
    slip39::check_coin(coin)?;
    let check = SeedCheck::new(&target, paths);
    check.check().map_err(check_error)?;
    let plan = slip39::Plan {
        json: args.json,
        dry_run: args.dry_run,
        coin,
        gap: args.gap,
        accounts: args.accounts,
        paths: all_paths(&check),
        searched: searched_paths(&check, coin, args.gap),
    };
    slip39::run(&template, &passphrase, &check, &plan, io)
}

/// The index range of `--shard K/N` (all of the space without it).
///
/// # Errors
/// A usage error unless `1 <= K <= N`.
fn shard_range(args: &RecoverArgs, space: &Space) -> Result<Range<u128>, CliError> {
    match &args.shard {
        Some(text) => {
            let (k, n) = text
                .split_once('/')
                .and_then(|(k, n)| Some((k.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
                .filter(|&(k, n)| k >= 1 && k <= n)
                .ok_or_else(|| usage("invalid --shard: expected K/N with 1 <= K <= N"))?;
            space
                .shard(k - 1, n)
                .map_err(|e| lib_usage("invalid --shard", e))
        }
        None => Ok(0..space.size()),
    }
}

/// `--list`: every checksum-valid candidate of the range on standard output, in index
/// order, one phrase a line in its word list (`--json`:
/// `{"candidate":I,"mnemonic":…,"passphrase":…,"language":…}` a line); the `space:` line
/// first, on standard error. Each line is written from a wiped buffer of its exact size.
///
/// # Errors
/// A usage error when standard output is a terminal, and for several passphrases without
/// `--json` (a line of text would not say which); a failure if standard output cannot be
/// written.
fn list(space: &Space, args: &RecoverArgs, io: &mut Io<'_>) -> Result<i32, CliError> {
    if io.stdout_terminal {
        return Err(usage(
            "--list writes secret phrases for another tool: send standard output to a pipe or a file, not a terminal",
        ));
    }
    if space.passphrase_count() > 1 && !args.json {
        return Err(usage(
            "--list with several passphrases needs --json (each record names its passphrase)",
        ));
    }
    let range = shard_range(args, space)?;
    let count = space.checksum_count_vartime(COUNT_BUDGET);
    let _ = writeln!(
        io.stderr,
        "space: {} candidates, {}{} pass the checksum{}",
        space.size(),
        if count.is_exact() { "" } else { "about " },
        count.value(),
        rule_count(space)
    );
    io.notes.write(io.stderr, false);
    let _ = io.stderr.flush();
    watch_ctrl_c();
    let mut candidates = space
        .candidates(range)
        .map_err(|e| lib_usage("invalid --shard", e))?;
    let mut batch = Batch::new();
    let mut listed: u64 = 0;
    while candidates.next_batch_vartime(&mut batch) > 0 {
        for i in 0..batch.len() {
            let (Some(index), Some(passphrase)) = (
                batch.index(i),
                batch.passphrase_index(i).and_then(|p| space.passphrase(p)),
            ) else {
                return Err(CliError::Failure(
                    "a listed candidate is outside its batch".to_owned(),
                ));
            };
            let language = space.language_at(index).ok_or_else(|| {
                CliError::Failure("a listed candidate is outside the space".to_owned())
            })?;
            let phrase = space.to_phrase_in(language, batch.words(i));
            let line = exact(|w| {
                if args.json {
                    write!(w, "{{\"candidate\":{index},\"mnemonic\":")?;
                    json_string(w, &phrase)?;
                    w.write_str(",\"passphrase\":")?;
                    json_string(w, &passphrase)?;
                    writeln!(w, ",\"language\":\"{}\"}}", language.name())
                } else {
                    w.write_str(&phrase)?;
                    w.write_char('\n')
                }
            });
            io.stdout
                .write_all(line.as_bytes())
                .map_err(|e| CliError::output(&e))?;
            listed += 1;
        }
        if INTERRUPTED.load(Ordering::Relaxed) {
            io.stdout.flush().map_err(|e| CliError::output(&e))?;
            let _ = writeln!(
                io.stderr,
                "interrupted after listing {listed} phrases (next candidate {})",
                candidates.position()
            );
            return Ok(INTERRUPTED_EXIT);
        }
    }
    io.stdout.flush().map_err(|e| CliError::output(&e))?;
    let _ = writeln!(io.stderr, "listed {listed} phrases");
    Ok(0)
}

/// Returns the cursor to the start of the line and erases the line (ANSI `EL`).
const CLEAR_LINE: &str = "\r\x1b[K";

/// The progress bar's line on a terminal: cleared, then the indices examined, the rate (and
/// the rate of candidates that pass the seed kind's filter, `passing_share` of it, named
/// `valid`: `checksum-valid` or `version-valid`) and the ETA. It owns the line: every other
/// line is written after [`CLEAR_LINE`].
fn bar(
    progress: &fastbip32::recovery::Progress,
    total: u128,
    passing_share: f64,
    valid: &str,
) -> String {
    let eta = progress.eta().map_or_else(|| "?".to_string(), seconds);
    format!(
        "{CLEAR_LINE}{}/{total} candidates, {:.0}/s ({:.0} {valid}/s), ETA {eta}",
        progress.examined,
        progress.rate(),
        progress.rate() * passing_share
    )
}

/// The indices of `range` that `checkpoint` holds as done.
fn done_in(checkpoint: &Checkpoint, range: &Range<u128>) -> u128 {
    checkpoint
        .done()
        .iter()
        .map(|d| {
            d.end
                .min(range.end)
                .saturating_sub(d.start.max(range.start))
        })
        .sum()
}

/// BIP-39 seeds per second on one thread that no search exceeds: PBKDF2-HMAC-SHA512 alone
/// (2048 rounds per checksum-valid candidate) in eight SIMD lanes, 4,989/s in BENCHMARKS.md
/// (row a), rounded up. A search also derives keys and addresses, so it is slower: an ETA
/// from this rate is a lower bound.
const FASTEST_SEEDS_PER_CORE: f64 = 5_000.0;

/// How long a search runs before its measured rate is trusted for the `--max-eta` check.
const MEASURE_FOR: Duration = Duration::from_secs(2);

/// `--max-eta`: a decimal number and a unit (`s`, `m`, `h`, `d`, `y` of 365 days) in
/// seconds; `None` for anything else.
fn parse_duration(text: &str) -> Option<f64> {
    let text = text.trim();
    let unit = text.chars().last()?;
    let number = text.get(..text.len() - unit.len_utf8())?;
    let seconds = match unit {
        's' => 1.0,
        'm' => 60.0,
        'h' => 3600.0,
        'd' => 86_400.0,
        'y' => 365.0 * 86_400.0,
        _ => return None,
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let value: f64 = number.parse().ok()?;
    (value.is_finite() && value > 0.0).then_some(value * seconds)
}

/// The most paths the "no match" line lists; it counts the others.
const LISTED_PATHS: usize = 8;

/// What a search covers, for the "no match" line: `coin bitcoin; paths m/84'/0'/0'/0/*,
/// m/84'/0'/0'/1/*; gap 20` (past [`LISTED_PATHS`] paths, `and N more`).
fn searched_paths(search: &SeedCheck<'_>, coin: Coin, gap: u32) -> String {
    let mut paths = all_paths(search);
    let more = paths.len().saturating_sub(LISTED_PATHS);
    paths.truncate(LISTED_PATHS);
    let list = paths.join(", ");
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!("coin {coin}; paths {list}{more}; gap {gap}")
}

/// Every path a search derives: the address patterns (with `*`), then the paths keys are
/// compared at.
fn all_paths(search: &SeedCheck<'_>) -> Vec<String> {
    let mut paths: Vec<String> = search.address_patterns().map(ToString::to_string).collect();
    paths.extend(search.key_paths().iter().map(ToString::to_string));
    paths
}

/// The passphrase rules of `--passphrase-rule RULES` over `base`: `mask` makes the base a
/// mask, any other text is a rule list.
///
/// # Errors
/// A usage error naming what in the rules or the base is wrong (never the base's text).
fn passphrase_rules(rule: &str, base: &str) -> Result<PassphraseRules, CliError> {
    PassphraseRules::parse(base, rule).map_err(|e| usage(format!("invalid --passphrase-rule: {e}")))
}

/// `; N passphrases from --passphrase-rule` for a space of passphrase rules, and `; word lists
/// english, french` for a template searched in several word lists; else nothing.
fn rule_count(space: &Space) -> String {
    let mut out = if space.has_passphrase_rules() {
        format!(
            "; {} passphrases from --passphrase-rule",
            space.passphrase_count()
        )
    } else {
        String::new()
    };
    let names = language_names(space);
    if names.len() > 1 {
        out.push_str("; word lists ");
        out.push_str(&names.join(", "));
    }
    out
}

/// The names of the word lists `space` searches, in index order (as `--language` names
/// them).
fn language_names(space: &Space) -> Vec<&'static str> {
    space.languages().map(Language::name).collect()
}

/// The template and the passphrases of a run, as read; wiped on drop.
struct Secrets {
    template: Zeroizing<String>,
    passphrases: Passphrases,
}

/// Where the passphrases of a run come from.
enum Passphrases {
    /// One passphrase (empty when none was given).
    One(Zeroizing<String>),
    /// The text of `--passphrases`: one passphrase a line.
    List(Zeroizing<String>),
}

impl Secrets {
    /// The one passphrase given (the base of `--passphrase-rule`; empty if none was given),
    /// or `None` for a `--passphrases` list.
    fn base_passphrase(&self) -> Option<&str> {
        match &self.passphrases {
            Passphrases::One(text) => Some(text.as_str()),
            Passphrases::List(_) => None,
        }
    }

    /// The passphrases, in order.
    fn passphrases(&self) -> impl Iterator<Item = &str> {
        let (one, list) = match &self.passphrases {
            Passphrases::One(text) => (Some(text.as_str()), None),
            Passphrases::List(text) => (None, Some(text.lines())),
        };
        one.into_iter().chain(list.into_iter().flatten())
    }
}

/// The most bytes of a `--passphrases` file (or of standard input for `--passphrases -`).
pub(crate) const MAX_PASSPHRASES_LEN: usize = 64 << 20;

/// Reads the template (`--mnemonic TEMPLATE|-|@FILE`, or the terminal) and the passphrases
/// (`--passphrase TEXT|-`, `--passphrase-prompt`, `--passphrases FILE|-`) through
/// [`input`], noting the secrets given on the command line. With `--mnemonic -` and
/// `--passphrase -`, the first line of standard input is the template and the second the
/// passphrase.
///
/// # Errors
/// A usage error for two inputs from standard input that cannot share it, no template and
/// no terminal, and input that is too long, not UTF-8 or not the lines expected; a failure
/// if an input cannot be read.
fn read_secrets(args: &RecoverArgs, io: &mut Io<'_>) -> Result<Secrets, CliError> {
    let stdin = |arg: Option<&str>| arg == Some(STDIN_MARKER);
    let list_on_stdin = args
        .passphrases
        .as_deref()
        .is_some_and(|p| p.as_os_str() == STDIN_MARKER);
    if stdin(args.mnemonic.as_deref()) && list_on_stdin {
        return Err(usage(
            "--mnemonic - and --passphrases - cannot both read standard input: give the passphrases in a file",
        ));
    }
    if args.passphrase_prompt && io.prompt.is_none() {
        return Err(usage(
            "--passphrase-prompt needs a terminal on standard input; use --passphrase -",
        ));
    }
    let mut passphrase = None;
    let template = match args.mnemonic.as_deref() {
        Some(STDIN_MARKER) if stdin(args.passphrase.as_deref()) => {
            let all = input::read_all(io.stdin, "--mnemonic", "standard input")?;
            let (first, second) = input::two_lines(&all, "--mnemonic")?;
            passphrase = Some(input::copy(second));
            input::copy(first)
        }
        Some(STDIN_MARKER) => input::read_stdin(io.stdin, "--mnemonic")?,
        Some(arg) => {
            if let Some(path) = arg.strip_prefix('@') {
                let text = input::read_file(Path::new(path), "--mnemonic", input::MAX_STDIN_LEN)?;
                input::copy(text.trim())
            } else {
                io.notes.argv_secret(ArgvSecret::Template);
                input::copy(arg)
            }
        }
        None => {
            let prompt = io.prompt.as_mut().ok_or_else(|| {
                usage("give --mnemonic TEMPLATE, --mnemonic - (standard input) or --mnemonic @FILE; recover asks for it only on a terminal")
            })?;
            let text = Zeroizing::new(prompt("mnemonic template: ").map_err(|e| {
                CliError::Failure(format!("cannot read the template from the terminal: {e}"))
            })?);
            input::copy(text.trim())
        }
    };
    let passphrases = if let Some(file) = &args.passphrases {
        let text = if list_on_stdin {
            input::read_all_max(
                io.stdin,
                "--passphrases",
                "standard input",
                MAX_PASSPHRASES_LEN,
            )?
        } else {
            input::read_file(file, "--passphrases", MAX_PASSPHRASES_LEN)?
        };
        Passphrases::List(text)
    } else if let Some(text) = passphrase {
        Passphrases::One(text)
    } else {
        Passphrases::One(read_passphrase(args, io)?)
    };
    Ok(Secrets {
        template,
        passphrases,
    })
}

/// The one passphrase of `--passphrase TEXT|-` or `--passphrase-prompt`, empty without
/// either; a passphrase on the command line is noted.
///
/// # Errors
/// A usage error for `--passphrase-prompt` without a terminal, and for `--passphrase -`
/// input that is too long, not UTF-8 or more than one line; a failure if it cannot be read.
fn read_passphrase(args: &RecoverArgs, io: &mut Io<'_>) -> Result<Zeroizing<String>, CliError> {
    if args.passphrase_prompt {
        let prompt = io.prompt.as_mut().ok_or_else(|| {
            usage("--passphrase-prompt needs a terminal on standard input; use --passphrase -")
        })?;
        let text = Zeroizing::new(prompt("passphrase: ").map_err(|e| {
            CliError::Failure(format!("cannot read the passphrase from the terminal: {e}"))
        })?);
        Ok(input::copy(&text))
    } else {
        Ok(match args.passphrase.as_deref() {
            Some(STDIN_MARKER) => {
                let all = input::read_all(io.stdin, "--passphrase", "standard input")?;
                input::copy(input::one_line(&all, "--passphrase", "standard input")?)
            }
            Some(text) => {
                if !text.is_empty() {
                    io.notes.argv_secret(ArgvSecret::RecoverPassphrase);
                }
                input::copy(text)
            }
            None => Zeroizing::new(String::new()),
        })
    }
}

/// The SHA-256 compressions spent counting the checksum-valid candidates, and finding each
/// `--dry-run` example.
const COUNT_BUDGET: u64 = 1 << 22;

/// The most examples `--dry-run` prints.
const EXAMPLES: u64 = 5;

/// What a run would search, for `--dry-run`.
struct Plan<'a> {
    space: &'a Space,
    range: &'a Range<u128>,
    count: ChecksumCount,
    coin: Coin,
    gap: u32,
    accounts: u32,
    paths: Vec<String>,
}

/// `--dry-run`: the counts, the coin, the paths, the gap and the accounts, then up to five
/// distinct checksum-valid candidates of the range (the first of each fifth of the space),
/// on standard output; with `--json`, one object on one line.
fn dry_run(plan: &Plan<'_>, json: bool, io: &mut Io<'_>) -> Result<i32, CliError> {
    let space = plan.space;
    let mut examples: Vec<(u128, Zeroizing<String>, Passphrase<'_>, Language)> = Vec::new();
    for (index, candidate) in space.examples_vartime(EXAMPLES, COUNT_BUDGET) {
        if !plan.range.contains(&index) {
            continue;
        }
        let language = space
            .language_at(index)
            .ok_or_else(|| CliError::Failure("an example is outside the space".to_owned()))?;
        let phrase = space.to_phrase_in(language, candidate.words());
        let passphrase = space
            .passphrase(candidate.passphrase_index())
            .ok_or_else(|| {
                CliError::Failure("an example's passphrase is not in the list".to_owned())
            })?;
        let phrase = input::copy(phrase.as_str());
        if !examples.iter().any(|(_, p, q, l)| {
            p.as_str() == phrase.as_str() && q.as_str() == passphrase.as_str() && *l == language
        }) {
            examples.push((index, phrase, passphrase, language));
        }
    }
    let shard = plan.range.end - plan.range.start != space.size();
    let exact_count = plan.count.is_exact();
    let out = exact(|w| {
        if json {
            write!(
                w,
                "{{\"candidates\":{},\"checksum_valid\":{},\"checksum_exact\":{exact_count}",
                space.size(),
                plan.count.value()
            )?;
            if shard {
                write!(w, ",\"shard\":[{},{}]", plan.range.start, plan.range.end)?;
            }
            if space.has_passphrase_rules() {
                write!(w, ",\"passphrases\":{}", space.passphrase_count())?;
            }
            write!(w, ",\"coin\":\"{}\",\"paths\":[", plan.coin)?;
            for (i, path) in plan.paths.iter().enumerate() {
                if i > 0 {
                    w.write_char(',')?;
                }
                json_string(w, path)?;
            }
            write!(
                w,
                "],\"gap\":{},\"accounts\":{},\"languages\":[\"{}\"],\"examples\":[",
                plan.gap,
                plan.accounts,
                language_names(space).join("\",\"")
            )?;
            for (i, (index, phrase, passphrase, language)) in examples.iter().enumerate() {
                if i > 0 {
                    w.write_char(',')?;
                }
                write!(w, "{{\"candidate\":{index},\"mnemonic\":")?;
                json_string(w, phrase)?;
                w.write_str(",\"passphrase\":")?;
                json_string(w, passphrase)?;
                write!(w, ",\"language\":\"{}\"}}", language.name())?;
            }
            w.write_str("]}\n")
        } else {
            writeln!(
                w,
                "space: {} candidates, {}{} pass the checksum{}",
                space.size(),
                if exact_count { "" } else { "about " },
                plan.count.value(),
                rule_count(space)
            )?;
            if shard {
                writeln!(w, "shard: indices {}..{}", plan.range.start, plan.range.end)?;
            }
            writeln!(w, "coin: {}", plan.coin)?;
            writeln!(w, "paths: {}", plan.paths.join(", "))?;
            writeln!(w, "gap: {}", plan.gap)?;
            writeln!(w, "accounts: {}", plan.accounts)?;
            let names = language_names(space);
            if names.len() > 1 {
                writeln!(w, "languages: {}", names.join(", "))?;
            }
            for (index, phrase, passphrase, _) in &examples {
                writeln!(
                    w,
                    "example {index}: {} | passphrase: {}",
                    phrase.as_str(),
                    passphrase.as_str()
                )?;
            }
            Ok(())
        }
    });
    io.write_stdout(out.as_bytes())?;
    Ok(0)
}

/// 16 bytes for the checkpoint's salt, from the standard library's per-process random keys.
fn salt() -> [u8; 16] {
    let mut out = [0u8; 16];
    for half in out.chunks_mut(8) {
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u128(Instant::now().elapsed().as_nanos());
        half.copy_from_slice(&hasher.finish().to_le_bytes());
    }
    out
}

fn seconds(s: f64) -> String {
    if s < 60.0 {
        format!("{s:.0} s")
    } else if s < 3600.0 {
        format!("{:.1} min", s / 60.0)
    } else if s < 86400.0 {
        format!("{:.1} h", s / 3600.0)
    } else if s < 365.0 * 86400.0 {
        format!("{:.1} days", s / 86400.0)
    } else {
        format!("{:.1} years", s / (365.0 * 86400.0))
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_duration, CLEAR_LINE};
    use crate::{run_io, Io};

    /// `recover` in-process with standard error a terminal (the progress bar drawn).
    fn run_on_a_terminal(args: &[&str]) -> (i32, String, String) {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let code = {
            let mut io = Io {
                stdin: &mut std::io::empty(),
                stdout: &mut stdout,
                stderr: &mut stderr,
                progress: true,
                stdout_terminal: false,
                prompt: None,
                notes: crate::notes::Notes::default(),
            };
            let mut command_line = vec!["fastbip32", "recover"];
            command_line.extend_from_slice(args);
            run_io(command_line, &mut io)
        };
        (
            code,
            String::from_utf8(stdout).unwrap_or_default(),
            String::from_utf8(stderr).unwrap_or_default(),
        )
    }

    /// On a terminal the bar owns its line: no `rate:` line (the bar holds the rate and the
    /// ETA), every bar starts by clearing the line, and the line is cleared before anything
    /// else is written.
    #[test]
    fn the_progress_bar_owns_the_line() {
        // BIP-39's first vector with its last word unknown, and another wallet's address
        // (tests/data/recovery.json, english12): the whole space is searched.
        let (code, stdout, stderr) = run_on_a_terminal(&[
            "--mnemonic",
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?",
            "--language",
            "english",
            "--address",
            "bc1qejl9xacvuwn55857qa8jtm6ettgkla6ps0thaq",
            "--gap",
            "2",
            "--threads",
            "2",
        ]);
        assert_eq!(code, 1, "{stderr}");
        assert!(stdout.is_empty());
        assert!(!stderr.contains("rate:"), "{stderr:?}");
        // Lines before the search end in '\n'; from there on, bars (each after a clear),
        // then a clear, then the "no match" line.
        let (before, rest) = stderr.split_at(stderr.find(CLEAR_LINE).unwrap_or(stderr.len()));
        assert!(before.starts_with("space: 2048 candidates"), "{before:?}");
        assert!(rest.starts_with(CLEAR_LINE), "{rest:?}");
        let (bars, last) = rest.rsplit_once(CLEAR_LINE).unwrap_or_default();
        assert!(last.starts_with("searched 2048 candidates"), "{last:?}");
        assert_eq!(last.lines().count(), 1, "{last:?}");
        for bar in bars.split(CLEAR_LINE).filter(|b| !b.is_empty()) {
            assert!(!bar.contains('\n'), "{bar:?}");
            assert!(bar.contains("/2048 candidates, "), "{bar:?}");
            assert!(bar.contains("checksum-valid/s), ETA "), "{bar:?}");
        }
    }

    #[test]
    fn durations() {
        for (text, seconds) in [
            ("30d", 30.0 * 86_400.0),
            ("2h", 7200.0),
            ("90m", 5400.0),
            ("0.5s", 0.5),
            ("1y", 365.0 * 86_400.0),
        ] {
            assert_eq!(parse_duration(text), Some(seconds), "{text}");
        }
        for text in ["", "30", "d", "-1d", "1e3s", "0s", "2 weeks", "inf", "NaNs"] {
            assert_eq!(parse_duration(text), None, "{text}");
        }
    }
}
