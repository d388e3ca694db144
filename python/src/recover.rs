//! `_recover` and `_recovery_space`: the recovery search (`fastbip32.recover`, in
//! `fastbip32/_recovery.py`) over the library's `recovery` module, the GIL released while it
//! runs and taken back only at each progress tick.

use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;
use std::path::{Path, PathBuf};
use std::time::Instant;

use fastbip32::descriptor::Descriptor;
use fastbip32::mnemonic::Mnemonic;
use fastbip32::recovery::{
    Change, Checkpoint, Coin, Error as RecoveryError, Found, Options, Outcome, PassphraseRules,
    PathPattern, Paths, Progress, Search, SeedKind, Space, Target, Template,
};
use fastbip32::{Fingerprint, Xpub};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList};

use crate::errors;
use crate::limits;
use crate::names;

/// How often a checkpoint file is rewritten while a search runs (and once at its end).
const SAVE_EVERY: Duration = Duration::from_secs(2);

/// The hashing budget for an exact checksum count before it is estimated.
const COUNT_BUDGET: u64 = 1 << 22;

/// What defines a search's space: the template's options and the passphrases.
struct SpaceArgs<'a> {
    missing: usize,
    typos: usize,
    swaps: usize,
    unordered: bool,
    length: Option<usize>,
    language: Option<&'a str>,
    passphrases: &'a [PyBackedStr],
    /// The command line's `--passphrase-rule` text over the one passphrase of `passphrases`.
    passphrase_rules: Option<&'a str>,
}

/// The template parsed with the options, and its passphrases: the list, or the variants of
/// the rules over the one base passphrase (`_recovery.py` passes exactly one with rules).
fn space_of(template: &str, args: &SpaceArgs<'_>) -> PyResult<Space> {
    let SpaceArgs {
        missing,
        typos,
        swaps,
        unordered,
        length,
        language,
        passphrases,
        passphrase_rules,
    } = *args;
    let mut options = Options::new()
        .missing(missing)
        .typos(typos)
        .swaps(swaps)
        .unordered(unordered);
    if let Some(name) = language {
        options = options.language(names::language(name)?);
    }
    if let Some(words) = length {
        options = options.length(words);
    }
    let template = Template::parse(template, &options)
        .map_err(|e| template_error(template, &options, args, &e))?;
    match (passphrase_rules, passphrases) {
        (Some(rules), [base]) => {
            let rules = PassphraseRules::parse(base, rules).map_err(errors::lib)?;
            Space::with_passphrase_rules(template, rules)
        }
        (Some(_), _) => {
            return Err(errors::binding(
                "InvalidArgument",
                "passphrase_rules vary one base passphrase".to_owned(),
            ))
        }
        // Borrowed from the Python strings: no Rust copy but the space's own (wiped) NFKD one.
        (None, _) => Space::new(template, passphrases.iter().map(|p| &**p)),
    }
    .map_err(errors::lib)
}

/// A template's error, with the option that would search what it refuses: `missing=N` for a
/// phrase too short, the nearest words and `typos=1` for a word outside the list, `typos=N`
/// for several (neither `missing` nor `typos` for an `unordered` template, which takes
/// neither).
fn template_error(
    text: &str,
    options: &Options,
    args: &SpaceArgs<'_>,
    err: &RecoveryError,
) -> PyErr {
    let SpaceArgs {
        missing,
        typos,
        unordered,
        length,
        ..
    } = *args;
    let hint = match *err {
        RecoveryError::InvalidWordCount { count } if length.is_none() && !unordered => {
            Mnemonic::WORD_COUNTS.iter().find(|&&n| n > count).map(|n| {
                format!(
                    "; if words are missing, try missing={}",
                    missing + (n - count)
                )
            })
        }
        RecoveryError::UnknownWord { position } => {
            let near = Template::suggest_vartime(text, options, position)
                .filter(|s| !s.is_empty())
                .map(|s| format!("; did you mean {}?", s.join(", ")));
            let more =
                (typos == 0 && !unordered).then_some(" (typos=1 searches the words near it)");
            Some(format!(
                "{}{}",
                near.unwrap_or_default(),
                more.unwrap_or_default()
            ))
        }
        RecoveryError::TooManyUnknownWords { unknown, .. } => {
            Some(format!("; typos={unknown} searches the words near each"))
        }
        _ => None,
    };
    match hint {
        Some(hint) => errors::recovery(err, format!("{err}{hint}")),
        None => errors::lib(*err),
    }
}

/// The target: addresses (given and from a file), xpubs, a fingerprint and a descriptor.
fn target_of(
    addresses: &[String],
    address_file: Option<&Path>,
    xpubs: &[String],
    fingerprint: Option<&str>,
    descriptor: Option<&str>,
) -> PyResult<Target> {
    let mut target = Target::new();
    for text in addresses {
        target.add_address(text).map_err(errors::lib)?;
    }
    if let Some(path) = address_file {
        let text = std::fs::read_to_string(path)?;
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            target.add_address(line).map_err(errors::lib)?;
        }
    }
    for text in xpubs {
        target.add_xpub(text.parse::<Xpub>().map_err(errors::lib)?);
    }
    if let Some(text) = fingerprint {
        let bytes = (text.len() == 8 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| u32::from_str_radix(text, 16).ok())
            .flatten()
            .ok_or_else(|| {
                errors::binding(
                    "InvalidFingerprint",
                    format!("a master fingerprint is 8 hex digits, not {text:?}"),
                )
            })?;
        target.add_fingerprint(Fingerprint::new(bytes.to_be_bytes()));
    }
    if let Some(text) = descriptor {
        let parsed = Descriptor::parse(text).map_err(errors::lib)?;
        target.add_descriptor(&parsed).map_err(errors::lib)?;
    }
    Ok(target)
}

/// The progress counts as a dict, for the `progress` callback.
fn progress_dict<'py>(py: Python<'py>, p: &Progress) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("examined", p.examined)?;
    d.set_item("total", p.total)?;
    d.set_item("passed", p.passed)?;
    d.set_item("rate", p.rate())?;
    d.set_item("eta", p.eta())?;
    Ok(d)
}

/// A random salt for a new checkpoint's hash of the space.
fn salt() -> PyResult<[u8; 16]> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| {
        errors::binding(
            "RandomSourceFailed",
            format!("the operating system's random number generator failed: {e}"),
        )
    })?;
    Ok(salt)
}

/// `fastbip32.recover`'s native half: the arguments checked by `_recovery.py`.
#[pyfunction]
#[pyo3(signature = (
    template, *, addresses, address_file, xpubs, fingerprint, descriptor, coin, change, path,
    accounts, gap, missing, typos, swaps, unordered, length, language, seed, passphrases,
    passphrase_rules, shard, threads, resume, progress, stop
))]
#[allow(clippy::too_many_arguments, clippy::needless_pass_by_value)]
pub(crate) fn _recover(
    py: Python<'_>,
    template: PyBackedStr,
    addresses: Vec<String>,
    address_file: Option<PathBuf>,
    xpubs: Vec<String>,
    fingerprint: Option<String>,
    descriptor: Option<String>,
    coin: Option<&str>,
    change: &str,
    path: Option<String>,
    accounts: u32,
    gap: u32,
    missing: usize,
    typos: usize,
    swaps: usize,
    unordered: bool,
    length: Option<usize>,
    language: Option<&str>,
    seed: &str,
    passphrases: Vec<PyBackedStr>,
    passphrase_rules: Option<String>,
    shard: Option<(u64, u64)>,
    threads: Option<u64>,
    resume: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
    stop: Option<Py<PyAny>>,
) -> PyResult<Option<Py<PyDict>>> {
    let threads = threads.map(|n| limits::thread_count(Some(n))).transpose()?;
    let seed: SeedKind = seed.parse().map_err(errors::lib)?;
    let args = SpaceArgs {
        missing,
        typos,
        swaps,
        unordered,
        length,
        language,
        passphrases: &passphrases,
        passphrase_rules: passphrase_rules.as_deref(),
    };
    // Rules with typos list their variants when built: other Python threads run meanwhile.
    let space = py.detach(|| space_of(&template, &args))?;
    // A target file of millions of addresses takes seconds to read: other Python threads run.
    let target = py.detach(|| {
        target_of(
            &addresses,
            address_file.as_deref(),
            &xpubs,
            fingerprint.as_deref(),
            descriptor.as_deref(),
        )
    })?;
    let coin = search_coin(coin, &target)?;
    let change: Change = change.parse().map_err(errors::lib)?;
    let mut paths = Paths::new(coin).change(change).accounts(accounts).gap(gap);
    if let Some(text) = path.as_deref() {
        paths = paths.path(PathPattern::parse(text).map_err(errors::lib)?);
    }
    let range = match shard {
        Some((k, n)) => space.shard(shard_index(k, n)?, n).map_err(errors::lib)?,
        None => 0..space.size(),
    };
    let mut search = Search::new(&space, &target, paths).seed(seed);
    if let Some(n) = threads {
        search = search.threads(n);
    }
    search.check().map_err(errors::lib)?;
    let mut checkpoint = match resume.as_deref() {
        Some(file) if file.exists() => py
            .detach(|| Checkpoint::load(file, &space))
            .map_err(errors::lib)?,
        _ => Checkpoint::new(&space, salt()?),
    };
    let cancel = AtomicBool::new(false);
    let mut interrupted: Option<PyErr> = None;
    let mut callback_error: Option<PyErr> = None;
    let mut saved = Instant::now();
    let mut save_error: Option<std::io::Error> = None;
    let outcome = py.detach(|| {
        search.run_vartime(range, &mut checkpoint, &cancel, &mut |p, done| {
            if let Some(file) = resume.as_deref() {
                if saved.elapsed() >= SAVE_EVERY || p.examined >= p.total {
                    if let Err(e) = done.save(file) {
                        save_error.get_or_insert(std::io::Error::other(e.to_string()));
                    }
                    saved = Instant::now();
                }
            }
            Python::attach(|py| {
                if let Err(e) = py.check_signals() {
                    interrupted.get_or_insert(e);
                    cancel.store(true, Ordering::Relaxed);
                }
                if let Some(f) = &progress {
                    if let Err(e) = progress_dict(py, p).and_then(|d| f.call1(py, (d,))) {
                        callback_error.get_or_insert(e);
                        cancel.store(true, Ordering::Relaxed);
                    }
                }
                if let Some(f) = &stop {
                    match f.call0(py).and_then(|r| r.is_truthy(py)) {
                        Ok(true) => cancel.store(true, Ordering::Relaxed),
                        Ok(false) => {}
                        Err(e) => {
                            callback_error.get_or_insert(e);
                            cancel.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        })
    });
    if let Some(file) = resume.as_deref() {
        checkpoint.save(file).map_err(errors::lib)?;
    }
    if let Some(e) = interrupted.or(callback_error) {
        return Err(e);
    }
    if let Some(e) = save_error {
        return Err(e.into());
    }
    match outcome.map_err(errors::lib)? {
        Outcome::Found(found) => found_dict(py, &space, &found).map(Some),
        _ => Ok(None),
    }
}

/// The coin a search derives: `named` (a slug or symbol of the coin registry) when given,
/// and then every address must be of that coin; else the coin every address of the target
/// can belong to (an EVM address is Ethereum's), else Bitcoin.
///
/// # Errors
/// `fastbip32.AddressError` (`UnknownCoin`) for a name the registry does not have;
/// `fastbip32.RecoveryError` (`UnknownCoin`) for a registry coin the search does not derive,
/// (`SeveralCoins`) for addresses no one coin has; `fastbip32.Error` (`ForeignAddress`) for
/// an address that is not of the named coin.
fn search_coin(named: Option<&str>, target: &Target) -> PyResult<Coin> {
    if let Some(name) = named {
        let coin: Coin = crate::coin::find(name)?
            .slug()
            .parse()
            .map_err(errors::lib)?;
        if let Some(text) = target.foreign_address(coin) {
            return Err(errors::binding(
                "ForeignAddress",
                format!("{text} is not an address of {coin}"),
            ));
        }
        return Ok(coin);
    }
    Ok(target
        .address_coin()
        .map_err(errors::lib)?
        .unwrap_or(Coin::Bitcoin))
}

/// The zero-based shard of `shard=(k, n)`, which counts from 1 as the tool's `--shard K/N`.
///
/// # Errors
/// `fastbip32.Error` with kind `InvalidShard` unless `1 <= k <= n`.
fn shard_index(k: u64, n: u64) -> PyResult<u64> {
    if (1..=n).contains(&k) {
        Ok(k - 1)
    } else {
        Err(errors::binding(
            "InvalidShard",
            format!(
                "shard=({k}, {n}) does not exist: shards count from 1, as (K, N) with 1 <= K <= N"
            ),
        ))
    }
}

/// A match as the dict `Recovered` is made from.
fn found_dict(py: Python<'_>, space: &Space, found: &Found) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    d.set_item(
        "mnemonic",
        space
            .to_phrase_in(found.language, found.candidate.words())
            .as_str(),
    )?;
    d.set_item("language", found.language.name())?;
    d.set_item(
        "passphrase",
        space
            .passphrase(found.candidate.passphrase_index())
            .as_deref()
            .unwrap_or_default(),
    )?;
    d.set_item("path", found.path.to_string())?;
    d.set_item(
        "address",
        found
            .address
            .as_ref()
            .map(fastbip32::address::Address::as_str),
    )?;
    d.set_item("matched", found.matched.as_str())?;
    d.set_item("candidate", found.index)?;
    d.set_item("address_index", found.address_index)?;
    d.set_item("index", found.index)?;
    Ok(d.unbind())
}

/// `fastbip32.recovery_space`'s native half.
#[pyfunction]
#[pyo3(signature = (
    template, *, missing, typos, swaps, unordered, length, language, passphrases,
    passphrase_rules, examples
))]
#[allow(clippy::too_many_arguments, clippy::needless_pass_by_value)]
pub(crate) fn _recovery_space<'py>(
    py: Python<'py>,
    template: PyBackedStr,
    missing: usize,
    typos: usize,
    swaps: usize,
    unordered: bool,
    length: Option<usize>,
    language: Option<&str>,
    passphrases: Vec<PyBackedStr>,
    passphrase_rules: Option<String>,
    examples: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let args = SpaceArgs {
        missing,
        typos,
        swaps,
        unordered,
        length,
        language,
        passphrases: &passphrases,
        passphrase_rules: passphrase_rules.as_deref(),
    };
    let space = py.detach(|| space_of(&template, &args))?;
    let (count, picked) = py.detach(|| {
        (
            space.checksum_count_vartime(COUNT_BUDGET),
            space.examples_vartime(examples, COUNT_BUDGET),
        )
    });
    let d = PyDict::new(py);
    d.set_item("size", space.size())?;
    d.set_item("checksum_passing", count.value())?;
    d.set_item("exact", count.is_exact())?;
    let phrases = PyList::empty(py);
    for (index, candidate) in &picked {
        let language = space
            .language_at(*index)
            .unwrap_or_else(|| space.language());
        phrases.append(space.to_phrase_in(language, candidate.words()).as_str())?;
    }
    d.set_item("examples", phrases)?;
    Ok(d)
}
