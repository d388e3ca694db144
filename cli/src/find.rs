//! `fastbip32 find ADDRESS (--descriptor DESC | --xkey XKEY [--path PREFIX])`: where an
//! address is among a descriptor's or an extended key's outputs.
//!
//! The address is decoded once ([`fastbip32::address::decode`]); the candidates are derived
//! with the batch engine of `addresses` ([`Branch::derive_into`], in tasks of
//! [`stream::TASK`] on `--threads` threads through [`stream::run`]) and compared as bytes:
//! the scriptPubKey of a Bitcoin address with each output's `script_pubkey()`, the 20-byte
//! account of an Ethereum address with the Keccak-256 tail of each derived public key. No
//! address text is written per candidate. The tasks are checked in order (every index of
//! branch 0, then of branch 1), so the match reported is the first in that order, for any
//! thread count.
//!
//! `--xkey` searches the key's receive and change branches, `PREFIX/0/*` and `PREFIX/1/*`
//! (PREFIX, when given, is derived first: hardened steps need a private key), with the
//! script the address's type calls for: p2pkh `pkh()`, p2sh `sh(wpkh())` (a P2SH address
//! found this way is the key's P2SH-P2WPKH address), p2wpkh `wpkh()`, p2tr `tr()`, ethereum
//! the key's Keccak-256 account. The key's SLIP-132 family is not consulted: a zpub can be
//! searched for a P2PKH address.

use core::fmt;
use std::time::Instant;

use clap::{ArgGroup, Args};
use fastbip32::address::CurveFamily;
use fastbip32::address::{AddressType, Decoded};
use fastbip32::coin::{self, AddressFormat, Coin, Context, Encoder};
use fastbip32::descriptor::{Branch, Derived, Descriptor};
use fastbip32::{ChildNumber, DerivationPath, ExtendedKey, Secp256k1, VersionPair};
use sha3::{Digest, Keccak256};
use zeroize::Zeroize;

use crate::addresses::descriptor_error;
use crate::decode::decode_arg;
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options::{self, RecordOutput};
use crate::record::{Output, Record, Style, Value};
use crate::stream::{self, Progress, Tasks};

/// The default number of indices per branch.
const DEFAULT_COUNT: u64 = 1000;

/// The fields of `find` records, in their order.
const FIND_FIELDS: &[&str] = &["address", "type", "branch", "index", "path"];

/// The options of `find`. The key and descriptor (which may hold an xprv) are wiped on drop.
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["descriptor", "xkey"])))]
pub(crate) struct FindArgs {
    /// The address to look for (any form `fastbip32 address` reads; `--descriptor` needs a
    /// Bitcoin address, `--xkey` an address of any secp256k1 coin of `fastbip32 coins`).
    #[arg(value_name = "ADDRESS")]
    address: String,

    /// Search this output descriptor's outputs (as `addresses` prints them); `-` reads it
    /// from standard input.
    #[arg(long, value_name = "DESC|-")]
    descriptor: Option<String>,

    /// Search this extended key's (secp256k1) receive and change branches, PREFIX/0/* and
    /// PREFIX/1/*, with the script the address's type calls for; `-` reads it from standard
    /// input.
    #[arg(long, value_name = "XKEY|-")]
    xkey: Option<String>,

    /// With --xkey: the coin of ADDRESS, a slug or symbol (default: the first coin the
    /// address can belong to, as `fastbip32 address` lists them: ethereum for an EVM
    /// address).
    #[arg(long, value_name = "SLUG", requires = "xkey", value_parser = options::parse_coin)]
    coin: Option<&'static Coin>,

    /// With --xkey: steps below the key before the branch (`0'` or `m/84'/0'/0'` for a
    /// master key); hardened steps need a private key. Default: none.
    #[arg(long, value_name = "PREFIX", requires = "xkey")]
    path: Option<String>,

    /// The number of indices per branch (default 1000).
    #[arg(long, value_name = "N")]
    count: Option<u64>,

    /// The first index (default 0); START+N−1 must be below 2^31.
    #[arg(long, value_name = "START")]
    start: Option<u64>,

    /// Derive on at most K threads (default: every core).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    output: RecordOutput,
}

impl Drop for FindArgs {
    fn drop(&mut self) {
        if let Some(d) = self.descriptor.as_mut() {
            d.zeroize();
        }
        if let Some(k) = self.xkey.as_mut() {
            k.zeroize();
        }
    }
}

impl fmt::Debug for FindArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FindArgs")
            .field("address", &self.address)
            .field("descriptor", &self.descriptor.as_ref().map(|_| ".."))
            .field("xkey", &self.xkey.as_ref().map(|_| ".."))
            .field("path", &self.path)
            .field("coin", &self.coin.map(Coin::slug))
            .field("count", &self.count)
            .field("start", &self.start)
            .field("threads", &self.threads)
            .field("json", &self.json)
            .field("output", &self.output)
            .finish()
    }
}

/// What a candidate is compared with.
#[derive(Clone, Copy)]
enum Needle<'a> {
    /// A scriptPubKey.
    Script(&'a [u8]),
    /// An Ethereum account: the last 20 bytes of Keccak-256 of the uncompressed key.
    Account(&'a [u8]),
}

/// Runs `find`.
///
/// # Errors
/// A usage error for a bad address, descriptor, key, path or range, or an address the source
/// cannot have; a failure (exit 1) when the address is not in the range, or the output
/// cannot be written.
pub(crate) fn run(args: &FindArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let style = args.output.style(args.json, FIND_FIELDS)?;
    if let Some(xkey) = &args.xkey {
        if let Some((coin, kind)) = registry_kind(args)? {
            return run_coin(args, coin, kind, xkey, &style, io);
        }
    }
    let decoded = decode_arg(&args.address)?;
    let (first, count) = stream::index_range(
        args.start.unwrap_or(0),
        args.count.unwrap_or(DEFAULT_COUNT),
        "indices",
    )?;
    let (descriptor, prefix) = match (&args.descriptor, &args.xkey) {
        (Some(text), _) => {
            if decoded.script_pubkey().is_none() {
                return Err(CliError::Usage(format!(
                    "ADDRESS is a {} address; --descriptor derives Bitcoin outputs",
                    decoded.address_type()
                )));
            }
            let text = input::arg_or_stdin(text, io.stdin, "--descriptor")?;
            let descriptor = Descriptor::parse(&text).map_err(descriptor_error)?;
            if args.descriptor.as_deref() != Some(STDIN_MARKER)
                && descriptor.has_extended_private_keys()
            {
                io.notes.argv_secret(ArgvSecret::DescriptorXprv);
            }
            if descriptor.needs_private_keys() {
                return Err(CliError::Usage(
                    "invalid --descriptor: a hardened step or range (`/*'`) after an extended public key needs the extended private key (xprv)".to_owned(),
                ));
            }
            (descriptor, None)
        }
        (None, Some(xkey)) => {
            let (descriptor, prefix) = xkey_descriptor(args, xkey, &decoded, io)?;
            (descriptor, Some(prefix))
        }
        (None, None) => {
            return Err(CliError::Usage(
                "give --descriptor DESC or --xkey XKEY".to_owned(),
            ))
        }
    };
    let needle = match (decoded.address_type(), decoded.script_pubkey()) {
        (AddressType::Ethereum, _) => Needle::Account(decoded.payload()),
        (_, Some(script)) => Needle::Script(script),
        (_, None) => {
            return Err(CliError::Usage(format!(
                "cannot search for a {} address",
                decoded.address_type()
            )))
        }
    };
    let (first, count) = if descriptor.is_ranged() {
        (first, count)
    } else {
        (0, 1)
    };
    let branches = (0..descriptor.branch_count())
        .map(|b| {
            descriptor
                .branch(b)
                .map_err(|e| CliError::library(&format!("cannot derive branch {b}"), e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let found = search(
        &branches,
        needle,
        first,
        count,
        stream::thread_count(args.threads),
        io,
    )?;
    let Some((branch, index)) = found else {
        let last = u64::from(first) + u64::from(count) - 1;
        let n = branches.len();
        return Err(CliError::Failure(format!(
            "address not found in indices {first}..{last} of {n} branch{}",
            if n == 1 { "" } else { "es" }
        )));
    };
    let path = match &prefix {
        Some(prefix) => Some(format!("{prefix}{branch}/{index}")),
        None => branches
            .get(branch)
            .map(|b| b.full_path(index))
            .transpose()
            .map_err(|e| CliError::library("invalid --descriptor", e))?
            .flatten()
            .map(|p| p.to_string()),
    };
    let address = args.address.trim();
    let mut record = Record::new();
    record.push("address", Value::text(address));
    record.push("type", Value::text(decoded.address_type().as_str()));
    record.push("branch", Value::Uint(branch as u64));
    if descriptor.is_ranged() {
        record.push("index", Value::Uint(u64::from(index)));
    } else {
        record.push("index", Value::Null);
    }
    record.push("path", path.as_deref().map_or(Value::Null, Value::text));
    let mut out = Output::new(&style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}

/// The coin and kind of ADDRESS when `--xkey` searches it through the registry: `--coin`'s
/// kind of it, else its first coin's ([`coin::identify`]); `None` for Bitcoin's and the
/// EVM chains' kinds (compared as bytes by the descriptor route) and for text of no coin
/// (which that route reports).
///
/// # Errors
/// A usage error for an address that is not of `--coin`.
fn registry_kind(
    args: &FindArgs,
) -> Result<Option<(&'static Coin, &'static AddressFormat)>, CliError> {
    let text = args.address.trim();
    let found = match args.coin {
        Some(named) => coin::identify(text)
            .find(|m| m.coin == named)
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "ADDRESS {text} is not an address of {}",
                    named.slug()
                ))
            })?,
        None => match coin::identify(text).next() {
            Some(m) => m,
            None => return Ok(None),
        },
    };
    Ok(match found.kind.encoder() {
        Encoder::Bitcoin(_) | Encoder::Eip55 => None,
        _ => Some((found.coin, found.kind)),
    })
}

/// The keys derived at a time by [`run_coin`].
const COIN_CHUNK: u32 = 4096;

/// `find ADDRESS --xkey XKEY` for an address of a registry coin: the receive and change
/// branches below `--path`, each index's key encoded by the coin's kind
/// ([`coin::encode`]) and compared as [`coin::comparable`] text, on one thread.
///
/// # Errors
/// A usage error for a coin without extended public keys, a bad key, path or range; a
/// failure when the address is not in the range.
fn run_coin(
    args: &FindArgs,
    coin: &'static Coin,
    kind: &'static AddressFormat,
    xkey: &str,
    style: &Style,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    if coin.curve() != CurveFamily::Secp256k1 {
        return Err(CliError::Usage(format!(
            "ADDRESS is a {} address: {} keys are {} (hardened derivation only), not below an --xkey",
            coin.slug(),
            coin.name(),
            coin.curve()
        )));
    }
    let (first, count) = stream::index_range(
        args.start.unwrap_or(0),
        args.count.unwrap_or(DEFAULT_COUNT),
        "indices",
    )?;
    let text = input::arg_or_stdin(xkey, io.stdin, "--xkey")?;
    let key: ExtendedKey<Secp256k1> = text
        .parse()
        .map_err(|e| CliError::library("invalid --xkey", e))?;
    drop(text);
    if key.is_private() && xkey != STDIN_MARKER {
        io.notes.argv_secret(ArgvSecret::XkeyXprv);
    }
    let (key, prefix) = below_path(args, key)?;
    let xpub = key.to_xpub();
    let address = args.address.trim();
    let wanted = coin::comparable(kind.encoder(), address)
        .ok_or_else(|| CliError::Usage(format!("invalid address {address:?}")))?;
    let ctx = Context::default();
    let mut keys = vec![[0u8; 33]; COIN_CHUNK.min(count) as usize];
    let mut hit = None;
    'branches: for branch in 0..2u32 {
        let step = ChildNumber::normal(branch).map_err(|e| CliError::library("branch", e))?;
        let parent = xpub
            .derive_path_vartime(
                &DerivationPath::from_slice(&[step]).map_err(|e| CliError::library("branch", e))?,
            )
            .map_err(|e| CliError::library("cannot derive the branch", e))?;
        let mut at = first;
        let end = u64::from(first) + u64::from(count);
        while u64::from(at) < end {
            let n = usize::try_from((end - u64::from(at)).min(u64::from(COIN_CHUNK)))
                .unwrap_or(keys.len());
            let chunk = keys.get_mut(..n).unwrap_or_default();
            let start =
                ChildNumber::normal(at).map_err(|e| CliError::library("invalid --start", e))?;
            parent
                .derive_public_keys_into_vartime(start, chunk)
                .map_err(|e| CliError::library("cannot derive an address", e))?;
            for (i, key) in chunk.iter().enumerate() {
                let text = kind
                    .encode(key, &ctx)
                    .map_err(|e| CliError::Failure(format!("cannot encode an address: {e}")))?;
                if coin::comparable(kind.encoder(), text.as_str()) == Some(wanted) {
                    let index = at + u32::try_from(i).unwrap_or(0);
                    hit = Some((branch, index));
                    break 'branches;
                }
            }
            at += u32::try_from(n).unwrap_or(COIN_CHUNK);
        }
    }
    let Some((branch, index)) = hit else {
        let last = u64::from(first) + u64::from(count) - 1;
        return Err(CliError::Failure(format!(
            "address not found in indices {first}..{last} of 2 branches"
        )));
    };
    let mut record = Record::new();
    record.push("address", Value::text(address));
    record.push("type", Value::text(kind.name()));
    record.push("branch", Value::Uint(u64::from(branch)));
    record.push("index", Value::Uint(u64::from(index)));
    let path = format!("{prefix}{branch}/{index}");
    record.push("path", Value::text(&path));
    let mut out = Output::new(style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}

/// The descriptor `--xkey` stands for, and the printed path prefix of its outputs (`""`,
/// `m/`, `0'/` or `m/84'/0'/0'/`, before `branch/index`).
///
/// # Errors
/// A usage error for a bad key or path, or an address type no single-key script gives.
fn xkey_descriptor(
    args: &FindArgs,
    xkey: &str,
    decoded: &Decoded,
    io: &mut Io<'_>,
) -> Result<(Descriptor, String), CliError> {
    let script = match decoded.address_type() {
        AddressType::P2pkh | AddressType::Ethereum => "pkh",
        AddressType::P2sh => "sh(wpkh",
        AddressType::P2wpkh => "wpkh",
        AddressType::P2tr => "tr",
        other => {
            return Err(CliError::Usage(format!(
                "cannot search for a {other} address from --xkey: only p2pkh, p2sh (as p2sh-p2wpkh), p2wpkh, p2tr and ethereum addresses"
            )))
        }
    };
    let text = input::arg_or_stdin(xkey, io.stdin, "--xkey")?;
    let key: ExtendedKey<Secp256k1> = text
        .parse()
        .map_err(|e| CliError::library("invalid --xkey", e))?;
    drop(text);
    if key.is_private() && xkey != STDIN_MARKER {
        io.notes.argv_secret(ArgvSecret::XkeyXprv);
    }
    let (key, prefix) = below_path(args, key)?;
    // The plain BIP-32 family of the key's network: SLIP-132 versions name a script, and a
    // descriptor refuses one outside it.
    let testnet = key.version().is_testnet() == Some(true);
    let pair = if testnet {
        VersionPair::TPRV_TPUB
    } else {
        VersionPair::XPRV_XPUB
    };
    let xpub = key.to_xpub().with_version_pair(pair);
    let close = if script == "sh(wpkh" { "))" } else { ")" };
    let text = format!("{script}({xpub}/<0;1>/*{close}");
    let descriptor = Descriptor::parse(&text).map_err(descriptor_error)?;
    Ok((descriptor, prefix))
}

/// The key at `--path` below `key`, and the printed path prefix of its outputs (`""`, `m/`,
/// `0'/` or `m/84'/0'/0'/`, before `branch/index`).
///
/// # Errors
/// A usage error for a bad path, an absolute path below a key that is not a master key, or
/// a hardened step below a public key.
fn below_path(
    args: &FindArgs,
    key: ExtendedKey<Secp256k1>,
) -> Result<(ExtendedKey<Secp256k1>, String), CliError> {
    let master = key_is_master(&key);
    match args.path.as_deref().map(str::trim) {
        None | Some("" | "m") => Ok((key, if master { "m/" } else { "" }.to_owned())),
        Some(path) => {
            let absolute = path.starts_with('m');
            if absolute && !master {
                return Err(CliError::Usage(format!(
                    "invalid --path {path:?}: the key has depth {}; give the steps below it (no `m/`)",
                    key.depth()
                )));
            }
            let steps = path.trim_start_matches('m').trim_start_matches('/');
            let parsed: DerivationPath = format!("m/{steps}")
                .parse()
                .map_err(|e| CliError::library("invalid --path", e))?;
            let derived = match &key {
                ExtendedKey::Private(k) => ExtendedKey::Private(
                    k.derive_path(&parsed)
                        .map_err(|e| CliError::library("cannot derive --path", e))?,
                ),
                ExtendedKey::Public(k) => ExtendedKey::Public(
                    k.derive_path_vartime(&parsed)
                        .map_err(|e| CliError::library("cannot derive --path", e))?,
                ),
            };
            let shown = parsed.to_string();
            let shown = shown.trim_start_matches('m').trim_start_matches('/');
            let prefix = if absolute {
                format!("m/{shown}/")
            } else {
                format!("{shown}/")
            };
            Ok((derived, prefix))
        }
    }
}

/// Whether `key` is a master key (depth 0): its paths print from `m`.
fn key_is_master(key: &ExtendedKey<Secp256k1>) -> bool {
    key.depth() == 0
}

/// One task's outputs and its first match, kept for the whole run.
#[repr(align(128))]
struct SearchBuffer {
    derived: Vec<Derived>,
    hit: Option<(usize, u32)>,
}

/// Whether `output` is the needle.
fn matches(output: &Derived, needle: Needle<'_>) -> bool {
    match needle {
        Needle::Script(script) => output.script_pubkey().as_bytes() == script,
        Needle::Account(account) => output
            .public_key()
            .and_then(|k| fastbip32::address::secp256k1_uncompressed(k).ok())
            .is_some_and(|full| {
                let digest = Keccak256::digest(full.get(1..).unwrap_or_default());
                digest.get(12..) == Some(account)
            }),
    }
}

/// Searches every index `first … first + count − 1` of every branch, in order, for `needle`;
/// the first match's branch and index.
///
/// # Errors
/// A failure when an output cannot be derived (probability below 2⁻¹²⁷).
fn search(
    branches: &[Branch<'_>],
    needle: Needle<'_>,
    first: u32,
    count: u32,
    threads: usize,
    io: &mut Io<'_>,
) -> Result<Option<(usize, u32)>, CliError> {
    let tasks = Tasks::new(branches.len(), first, count);
    let mut progress = Progress::new(io.progress, tasks.records(), Instant::now(), "addresses");
    let mut searched = 0u64;
    let mut found = None;
    let result = stream::run(
        threads,
        tasks,
        || SearchBuffer {
            derived: Vec::new(),
            hit: None,
        },
        |buffer, task| {
            let Some(branch) = branches.get(task.part) else {
                return Err(CliError::Failure(format!("no branch {}", task.part)));
            };
            let n = usize::try_from(task.count).unwrap_or(usize::MAX);
            if buffer.derived.len() < n {
                buffer.derived.resize(n, Derived::default());
            }
            let derived = buffer.derived.get_mut(..n).unwrap_or_default();
            branch.derive_into(task.first, derived).map_err(|e| {
                CliError::library(&format!("cannot derive branch {}", branch.number()), e)
            })?;
            buffer.hit = derived
                .iter()
                .position(|o| matches(o, needle))
                .and_then(|i| u32::try_from(i).ok())
                .map(|i| (task.part, task.first + i));
            Ok(())
        },
        |buffer, task| {
            if let Some(hit) = buffer.hit.take() {
                found = Some(hit);
                // Stops the run: no later task is waited for.
                return Err(CliError::ReaderGone);
            }
            searched += u64::from(task.count);
            progress.update(searched);
            Ok(())
        },
    );
    drop(progress);
    match result {
        Ok(()) => Ok(None),
        Err(CliError::ReaderGone) if found.is_some() => Ok(found),
        Err(e) => Err(e),
    }
}
