//! `fastbip32 derive`: the key at a path, from a seed, a BIP-39 mnemonic (or, for
//! `cardano-icarus`, BIP-39 entropy), or an extended key (`--xkey`); or, with a path ending
//! in `*` and `--count`, many siblings ([`batch`]).

mod batch;

use core::fmt;

use clap::Args;
use fastbip32::{DerivationPath, Error, ExtendedKey, ExtendedPrivateKey};
use zeroize::Zeroize;

use crate::curve::{CliScheme, Curve, SchemeVisitor};
use crate::error::CliError;
use crate::input;
use crate::record::{Format, Record};
use crate::seed::{self, Seed, DEFAULT_SEED_NOTE};
use crate::Io;

/// The deepest a key can be: BIP-32 serializes the depth in one byte.
const MAX_DEPTH: usize = 255;

/// The options of `derive`. Secret options are wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct DeriveArgs {
    /// Scheme: BIP-32 secp256k1; SLIP-10 nist256p1, ed25519, curve25519; BIP32-Ed25519
    /// (Cardano) with the Ledger master key (ed25519-bip32) or the Icarus one
    /// (cardano-icarus).
    #[arg(long, value_enum, default_value_t = Curve::Secp256k1)]
    curve: Curve,

    /// Seed as 32 to 128 hex digits (16 to 64 bytes); for cardano-icarus, BIP-39 entropy of
    /// 16 to 32 bytes. `-` reads it from standard input. Without --seed, --mnemonic and
    /// --xkey, the public BIP-32 test vector 1 seed is used.
    #[arg(long, value_name = "HEX|-", conflicts_with = "mnemonic")]
    seed: Option<String>,

    /// BIP-39 mnemonic (English; checksum checked); `-` reads it from standard input.
    #[arg(long, value_name = "WORDS|-")]
    mnemonic: Option<String>,

    /// BIP-39 passphrase for --mnemonic (default: empty); for cardano-icarus, the Icarus
    /// passphrase (its UTF-8 bytes) for --mnemonic or --seed.
    #[arg(long, value_name = "TEXT")]
    passphrase: Option<String>,

    /// Derive from this extended key (xprv/xpub or a SLIP-132 form such as zprv/zpub; with
    /// --curve nist256p1 a P-256 key in the same layout) instead of a seed; `-` reads it from
    /// standard input. --path is then relative to the key.
    #[arg(
        long,
        value_name = "XKEY|-",
        conflicts_with_all = ["seed", "mnemonic", "passphrase"],
        requires = "path"
    )]
    xkey: Option<String>,

    /// Derivation path, such as m/44'/0'/0'/0/0 (' h or H for hardened). Default:
    /// m/44'/0'/0'/0/0; m/44'/0'/0'/0'/0' for ed25519 and curve25519; m/1852'/1815'/0'/0/0
    /// for ed25519-bip32 and cardano-icarus. With --xkey (required there): relative to the
    /// key, as m, m/0/1' or 0/1'. With --count, the last segment is `*` or `*'`.
    #[arg(long, value_name = "PATH")]
    path: Option<String>,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    json: bool,

    /// Derive N siblings: --path ends in `*` (normal children) or `*'`, `*h`, `*H` (hardened).
    ///
    /// One record is printed per child START, START+1, …, START+N−1, in order, each the
    /// record `derive --path` prints for that child (with --json, one JSON object per line;
    /// without, an empty line between records). The key before `*` is derived once. Output
    /// is streamed, in chunks, so memory stays flat for any N. When a run takes more than a
    /// second, a progress bar is drawn on standard error while it runs, if standard error is
    /// a terminal, and one line `note: derived N keys in T s (R keys/s)` is printed on
    /// standard error at the end, whether or not it is a terminal (never after an error).
    #[arg(long, value_name = "N")]
    count: Option<u64>,

    /// With --count: the index of the first child (default 0); START+N−1 must be below 2^31.
    #[arg(long, value_name = "START", requires = "count")]
    start: Option<u64>,

    /// With --count: derive on at most K threads (default: every core).
    #[arg(
        long,
        value_name = "K",
        requires = "count",
        value_parser = clap::value_parser!(u16).range(1..=1024)
    )]
    threads: Option<u16>,
}

impl Drop for DeriveArgs {
    fn drop(&mut self) {
        self.seed.zeroize();
        self.mnemonic.zeroize();
        self.passphrase.zeroize();
        self.xkey.zeroize();
    }
}

impl fmt::Debug for DeriveArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeriveArgs")
            .field("curve", &self.curve)
            .field("seed", &self.seed.as_ref().map(|_| ".."))
            .field("mnemonic", &self.mnemonic.as_ref().map(|_| ".."))
            .field("passphrase", &self.passphrase.as_ref().map(|_| ".."))
            .field("xkey", &self.xkey.as_ref().map(|_| ".."))
            .field("path", &self.path)
            .field("json", &self.json)
            .field("count", &self.count)
            .field("start", &self.start)
            .field("threads", &self.threads)
            .finish()
    }
}

/// Runs `derive`.
///
/// # Errors
/// A usage error for a bad path, seed, mnemonic or extended key, or a path the key cannot
/// take; a failure when the key cannot be derived or the output cannot be written.
pub(crate) fn run(args: &DeriveArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let wildcard = match args.path.as_deref() {
        Some(path) => batch::Wildcard::find(path)?,
        None => None,
    };
    match (wildcard, args.count) {
        (Some(wildcard), Some(count)) => return batch::run(args, &wildcard, count, io),
        (Some(_), None) => {
            return Err(CliError::Usage(
                "--path ends in `*`: give --count N, the number of children to derive".to_owned(),
            ));
        }
        (None, Some(_)) => {
            return Err(CliError::Usage(
                "--count needs a --path whose last segment is `*` (or `*'` for hardened children)"
                    .to_owned(),
            ));
        }
        (None, None) => {}
    }
    let (record, default_seed) = match args.xkey.as_deref() {
        Some(xkey) => (from_xkey(args, xkey, io)?, false),
        None => from_seed(args, io)?,
    };
    let format = if args.json {
        Format::Json
    } else {
        Format::Text
    };
    let out = record.render(format);
    if default_seed {
        // Said only once the result is certain, so that a failure still prints one line.
        let _ = writeln!(io.stderr, "{DEFAULT_SEED_NOTE}");
        let _ = io.stderr.flush();
    }
    io.stdout
        .write_all(out.as_bytes())
        .and_then(|()| io.stdout.flush())
        .map_err(|e| CliError::output(&e))
}

/// `derive` from a seed or mnemonic: the record, and whether the default seed was used.
fn from_seed(args: &DeriveArgs, io: &mut Io<'_>) -> Result<(Record, bool), CliError> {
    let path_text = args
        .path
        .as_deref()
        .unwrap_or_else(|| args.curve.default_path());
    let path: DerivationPath = path_text
        .parse()
        .map_err(|e| CliError::library("invalid --path", e))?;
    let seed = seed::resolve(
        args.seed.as_deref(),
        args.mnemonic.as_deref(),
        args.passphrase.as_deref(),
        args.curve.seed_kind(),
        io.stdin,
    )?;
    let record = args.curve.visit(DeriveFromSeed {
        curve: args.curve,
        seed: &seed,
        path: &path,
        path_text,
    })?;
    Ok((record, seed.is_default()))
}

/// `derive --xkey`.
fn from_xkey(args: &DeriveArgs, xkey: &str, io: &mut Io<'_>) -> Result<Record, CliError> {
    if !args.curve.has_bip32_text() {
        return Err(CliError::Usage(format!(
            "--xkey needs --curve secp256k1 or nist256p1 ({} keys have no BIP-32 extended key text)",
            args.curve.name()
        )));
    }
    // clap makes --xkey require --path.
    let path_text = args.path.as_deref().unwrap_or("m");
    let path = DerivationPath::parse_relative(path_text)
        .map_err(|e| CliError::library("invalid --path", e))?;
    let text = input::arg_or_stdin(xkey, io.stdin, "--xkey")?;
    args.curve.visit(DeriveFromXkey {
        curve: args.curve,
        text: &text,
        path: &path,
        path_text,
    })
}

/// [`derive_record`] as a [`SchemeVisitor`].
struct DeriveFromSeed<'a> {
    curve: Curve,
    seed: &'a Seed,
    path: &'a DerivationPath,
    path_text: &'a str,
}

impl SchemeVisitor for DeriveFromSeed<'_> {
    type Output = Result<Record, CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        derive_record::<S>(self.curve, self.seed, self.path, self.path_text)
    }
}

/// Derives the key at `path` (parsed from `path_text`) from `seed` with `curve`'s master-key
/// method and returns its record.
///
/// # Errors
/// As [`check_hardened_only`] and [`key_from_seed`].
pub(crate) fn derive_record<S: CliScheme>(
    curve: Curve,
    seed: &Seed,
    path: &DerivationPath,
    path_text: &str,
) -> Result<Record, CliError> {
    check_hardened_only::<S>(path, path_text)?;
    let key = key_from_seed::<S>(curve, seed, path)?;
    Record::from_private_key(curve.name(), &key, Some(path), S::SEED_KEYS_HAVE_TEXT)
}

/// For a hardened-only scheme, the usage error for the first normal step of `path` (parsed
/// from `path_text`), naming the segment.
///
/// # Errors
/// That error.
fn check_hardened_only<S: CliScheme>(
    path: &DerivationPath,
    path_text: &str,
) -> Result<(), CliError> {
    if S::NO_NORMAL_CHILDREN {
        if let Some((segment, child)) = path.iter().enumerate().find(|(_, c)| c.is_normal()) {
            return Err(CliError::Usage(format!(
                "invalid --path: segment {segment} (byte {}): {} supports hardened derivation only (write {}')",
                segment_offset(path_text, segment),
                S::NAME,
                child.index()
            )));
        }
    }
    Ok(())
}

/// The key at `path` below `curve`'s master key for `seed` (after
/// [`check_hardened_only`]).
///
/// # Errors
/// A usage error for a seed the master-key method refuses; a failure when the scheme has no
/// key there.
fn key_from_seed<S: CliScheme>(
    curve: Curve,
    seed: &Seed,
    path: &DerivationPath,
) -> Result<ExtendedPrivateKey<S>, CliError> {
    let master = S::master_for(curve, seed)
        .map_err(|e| CliError::library("cannot derive the master key", e))?;
    master
        .derive_path(path)
        .map_err(|e| CliError::library(&format!("cannot derive {path}"), e))
}

/// [`derive_xkey_record`] as a [`SchemeVisitor`].
struct DeriveFromXkey<'a> {
    curve: Curve,
    text: &'a str,
    path: &'a DerivationPath,
    path_text: &'a str,
}

impl SchemeVisitor for DeriveFromXkey<'_> {
    type Output = Result<Record, CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        derive_xkey_record::<S>(self.curve, self.text, self.path, self.path_text)
    }
}

/// Derives the key at `path` (relative, parsed from `path_text`) below the extended key in
/// `text` and returns its record: a private key's from a private key, a public key's from a
/// public one, with the text in the given key's version family.
///
/// # Errors
/// As [`parse_xkey`] and [`key_from_xkey`].
pub(crate) fn derive_xkey_record<S: CliScheme>(
    curve: Curve,
    text: &str,
    path: &DerivationPath,
    path_text: &str,
) -> Result<Record, CliError> {
    let key = parse_xkey::<S>(text, path, 0)?;
    match key_from_xkey(&key, path, path_text)? {
        ExtendedKey::Private(child) => {
            Record::from_private_key(curve.name(), &child, Some(path), true)
        }
        ExtendedKey::Public(child) => Record::from_public_key(curve.name(), &child, Some(path)),
    }
}

/// Parses the extended key in `text`, which is to take `path` and `extra` more steps.
///
/// # Errors
/// A usage error for invalid key text or steps that take the depth past 255.
fn parse_xkey<S: CliScheme>(
    text: &str,
    path: &DerivationPath,
    extra: usize,
) -> Result<ExtendedKey<S>, CliError> {
    let key =
        S::parse_extended_key(text).map_err(|e| CliError::Usage(format!("invalid --xkey: {e}")))?;
    let steps = path.len() + extra;
    if usize::from(key.depth()) + steps > MAX_DEPTH {
        return Err(CliError::Usage(format!(
            "invalid --path: {steps} steps below a key at depth {}: {}",
            key.depth(),
            Error::DepthExceeded
        )));
    }
    Ok(key)
}

/// The key at `path` (relative, parsed from `path_text`) below `key`.
///
/// # Errors
/// A usage error for a hardened step below a public key (naming the segment); a failure
/// when the scheme has no key there.
fn key_from_xkey<S: CliScheme>(
    key: &ExtendedKey<S>,
    path: &DerivationPath,
    path_text: &str,
) -> Result<ExtendedKey<S>, CliError> {
    let derive_error = |e| CliError::library(&format!("cannot derive {path}"), e);
    match key {
        ExtendedKey::Private(key) => key
            .derive_path(path)
            .map(ExtendedKey::Private)
            .map_err(derive_error),
        ExtendedKey::Public(key) => {
            if let Some((segment, child)) = path.iter().enumerate().find(|(_, c)| c.is_hardened()) {
                return Err(CliError::Usage(format!(
                    "invalid --path: segment {segment} (byte {}): {}",
                    segment_offset(path_text, segment),
                    Error::HardenedFromPublic {
                        index: child.index(),
                        segment,
                    }
                )));
            }
            key.derive_path(path)
                .map(ExtendedKey::Public)
                .map_err(derive_error)
        }
    }
}

/// The byte offset of segment `segment` in `text`, a valid path: absolute (`m/…`) or relative
/// (`0/1'`).
fn segment_offset(text: &str, segment: usize) -> usize {
    let (start, body) = text.strip_prefix("m/").map_or((0, text), |body| (2, body));
    start
        + body
            .split('/')
            .take(segment)
            .map(|s| s.len() + 1)
            .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::segment_offset;

    #[test]
    fn offsets() {
        assert_eq!(segment_offset("m/44'/0'/0'/0/0", 0), 2);
        assert_eq!(segment_offset("m/44'/0'/0'/0/0", 3), 12);
        assert_eq!(segment_offset("m/1h/2", 1), 5);
        assert_eq!(segment_offset("0/1'", 0), 0);
        assert_eq!(segment_offset("0/1'", 1), 2);
        assert_eq!(segment_offset("10/1'/7", 2), 6);
    }
}
