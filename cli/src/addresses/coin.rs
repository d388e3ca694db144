//! `fastbip32 addresses --coin SLUG --xkey XPUB`: a coin's addresses below an account's
//! extended public key, streamed in order (an exchange's deposit list).
//!
//! The key below `--xkey` at `--path`'s steps before the `*` is derived once; the indices are
//! then derived in tasks of [`stream::TASK`] with the library's batched public derivation
//! ([`ExtendedPublicKey::derive_public_points_into_vartime`]), each point encoded by the
//! coin's kind through [`fastbip32::coin::encode_point`] (no per-key check or square root),
//! and written in order by [`stream::run`].

use std::time::Instant;

use fastbip32::address::CurveFamily;
use fastbip32::coin::{AddressFormat, Coin, Context};
use fastbip32::{
    ChildNumber, DerivationPath, ExtendedKey, ExtendedPublicKey, Secp256k1, Secp256k1Point,
};

use super::args::AddressesArgs;
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options;
use crate::record::{Format, Output, Record, Style, Value};
use crate::stream::{self, Progress, Tasks, SLOW};

/// The fields of `addresses --coin` records, in their order.
pub(crate) const COIN_ADDRESSES_FIELDS: &[&str] =
    &["coin", "index", "address", "public_key", "path"];

/// The fields of the human-readable output (one line per record).
const LINE_FIELDS: &[&str] = &["index", "address"];

/// What every task needs.
struct Plan<'a> {
    coin: &'static Coin,
    format: &'static AddressFormat,
    key: &'a ExtendedPublicKey<Secp256k1>,
    /// The point of `key` itself: what a task's buffer of points is first filled with.
    filler: Secp256k1Point,
    /// The printed path below `--xkey` up to the index (`0/`), or `m/…/` below a master key.
    prefix: &'a str,
    style: &'a Style,
}

/// Runs `addresses --coin`.
///
/// # Errors
/// A usage error for a coin without extended public keys (ed25519), a kind it lacks, a bad
/// key, path, range or `--fields`, before anything is written; a failure when an address
/// cannot be derived (probability below 2⁻¹²⁷) or written.
pub(super) fn run(
    args: &AddressesArgs,
    coin: &'static Coin,
    xkey: &str,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    if coin.curve() != CurveFamily::Secp256k1 {
        return Err(CliError::Usage(format!(
            "--coin {}: addresses from an extended public key are for secp256k1 coins; {} keys are {} (hardened derivation only): use `fastbip32 derive --coin {} --count N`",
            coin.slug(),
            coin.name(),
            coin.curve(),
            coin.slug()
        )));
    }
    if args.network.is_some() {
        return Err(CliError::Usage(
            "--network: with --coin, the coin decides the network (mainnet)".to_owned(),
        ));
    }
    let format = options::coin_kind(coin, args.address.as_deref())?;
    let format_kind = Format::from_flags(args.json, args.csv, args.raw, Format::Line);
    let fields = match (&args.fields, format_kind) {
        (None, Format::Line) => Some(LINE_FIELDS.join(",")),
        (fields, _) => fields.clone(),
    };
    let style = Style::new(format_kind, fields.as_deref(), COIN_ADDRESSES_FIELDS)?;
    let (first, count) =
        stream::index_range(args.start.unwrap_or(0), args.count.unwrap_or(20), "indices")?;
    let steps = prefix_steps(args.path.as_deref().unwrap_or("0/*"))?;
    let text = input::arg_or_stdin(xkey, io.stdin, "--xkey")?;
    let key: ExtendedKey<Secp256k1> = text
        .parse()
        .map_err(|e| CliError::library("invalid --xkey", e))?;
    drop(text);
    let account = match key {
        ExtendedKey::Private(key) => {
            if xkey != STDIN_MARKER {
                io.notes.argv_secret(ArgvSecret::XkeyXprv);
            }
            key.to_xpub()
        }
        ExtendedKey::Public(key) => key,
    };
    let below = account
        .derive_path_vartime(&steps)
        .map_err(|e| CliError::library("invalid --path", e))?;
    // The children's range is checked once, before anything is written.
    below
        .children_vartime(
            ChildNumber::normal(first).map_err(|e| CliError::library("invalid --start", e))?,
            usize::try_from(count).unwrap_or(usize::MAX),
        )
        .map_err(|e| CliError::library("invalid --start or --count", e))?;
    let mut prefix = String::new();
    if account.depth() == 0 {
        prefix.push_str("m/");
    }
    for step in steps.as_slice() {
        prefix.push_str(&step.to_string());
        prefix.push('/');
    }
    let filler = Secp256k1Point::from_compressed(&below.public_key())
        .map_err(|e| CliError::library("invalid --xkey", e))?;
    let plan = Plan {
        coin,
        format,
        key: &below,
        filler,
        prefix: &prefix,
        style: &style,
    };
    let started = Instant::now();
    stream_records(&plan, first, count, stream::thread_count(args.threads), io)?;
    let elapsed = started.elapsed();
    if elapsed >= SLOW {
        let secs = elapsed.as_secs_f64();
        #[allow(clippy::cast_precision_loss, reason = "a rate, for display")]
        let rate = f64::from(count) / secs;
        io.notes.throughput(format!(
            "derived {count} addresses in {secs:.2} s ({rate:.0} addresses/s)"
        ));
    }
    Ok(())
}

/// The steps of `--path` before its last segment, which must be `*`: `0/*` → `0`, `*` → none.
///
/// # Errors
/// A usage error for a path without a last `*`, a hardened step or `*'` (below a public key),
/// or an `m/` (the path is relative to the key).
fn prefix_steps(path: &str) -> Result<DerivationPath, CliError> {
    let bad = |why: &str| CliError::Usage(format!("invalid --path {path:?}: {why}"));
    if path.starts_with('m') {
        return Err(bad(
            "with --coin it is relative to the --xkey, such as 0/*, without m/",
        ));
    }
    let (steps, last) = path.rsplit_once('/').unwrap_or(("", path));
    check_star(last).map_err(&bad)?;
    let parsed = DerivationPath::parse_relative(steps)
        .map_err(|e| CliError::library("invalid --path", e))?;
    if parsed.as_slice().iter().any(|c| c.is_hardened()) {
        return Err(bad(
            "a hardened step below an extended public key needs its private key",
        ));
    }
    Ok(parsed)
}

/// The last segment must be `*` (normal indices).
fn check_star(last: &str) -> Result<(), &'static str> {
    match last {
        "*" => Ok(()),
        "*'" | "*h" | "*H" => {
            Err("hardened indices below an extended public key need its private key; end with /*")
        }
        _ => Err("the last segment is `*`, such as 0/*"),
    }
}

/// One task's rendered records and public keys, kept for the whole run.
#[repr(align(128))]
struct Buffer {
    out: Output,
    keys: Vec<Secp256k1Point>,
}

/// Derives and prints every record of `plan`, task by task, in order.
fn stream_records(
    plan: &Plan<'_>,
    first: u32,
    count: u32,
    threads: usize,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let tasks = Tasks::new(1, first, count);
    let mut progress = Progress::new(io.progress, tasks.records(), Instant::now(), "addresses");
    let mut written = 0u64;
    stream::run(
        threads,
        tasks,
        || Buffer {
            out: Output::new(plan.style),
            keys: Vec::new(),
        },
        |buffer, task| fill(plan, buffer, task.first, task.count, task.header),
        |buffer, task| {
            stream::write_out(io, &mut buffer.out)?;
            written += u64::from(task.count);
            progress.update(written);
            Ok(())
        },
    )?;
    io.stdout.flush().map_err(|e| CliError::output(&e))
}

/// Derives the keys at `index … index + count − 1` and renders their records; `header` is set
/// for the run's first record (the CSV header line).
fn fill(
    plan: &Plan<'_>,
    buffer: &mut Buffer,
    index: u32,
    count: u32,
    header: bool,
) -> Result<(), CliError> {
    let n = usize::try_from(count).unwrap_or(usize::MAX);
    if buffer.keys.len() < n {
        buffer.keys.resize(n, plan.filler);
    }
    let keys = buffer.keys.get_mut(..n).unwrap_or_default();
    let start = ChildNumber::normal(index).map_err(|e| CliError::library("invalid index", e))?;
    plan.key
        .derive_public_points_into_vartime(start, keys)
        .map_err(|e| CliError::library("cannot derive the addresses", e))?;
    let ctx = Context::default();
    for (i, (point, index)) in keys.iter().zip(index..).enumerate() {
        let address = plan
            .format
            .encode_point(point, &ctx)
            .map_err(|e| CliError::library(&format!("cannot encode index {index}"), e))?;
        let path = format!("{}{index}", plan.prefix);
        let mut record = Record::new();
        record.push("coin", Value::text(plan.coin.slug()));
        record.push("index", Value::Uint(u64::from(index)));
        record.push("address", Value::text(address.as_str()));
        record.push("public_key", Value::hex(point.compressed()));
        record.push("path", Value::text(&path));
        buffer.out.write(&record, header && i == 0)?;
    }
    Ok(())
}
