//! `fastbip32 derive`: the key at a path, from a seed, a BIP-39 mnemonic (or, for
//! `cardano-icarus`, BIP-39 entropy), or an extended key (`--xkey`); or, with a path ending
//! in `*` and `--count`, many siblings ([`batch`]).

pub(crate) mod batch;

use core::fmt;
use std::path::PathBuf;

use clap::Args;
use fastbip32::path::MAX_DEPTH;
use fastbip32::{DerivationPath, Error, ExtendedKey, ExtendedPrivateKey};
use zeroize::Zeroize;

use crate::curve::{CliScheme, Curve};
use crate::dispatch::{Op, Task};
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::notes::{ArgvSecret, Notes};
use crate::record::{derive_record, Format, KeyRef, Output, Scratch};
use crate::seed::{self, Passphrase, Seed, SeedOptions};
use crate::Io;

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
    /// passphrase (its UTF-8 bytes) for --mnemonic or --seed. `-` reads it from standard
    /// input (one line, its line ending removed); when --mnemonic (or --seed) is `-` too, the
    /// first line is the mnemonic (or seed) and the second the passphrase. On the command line
    /// it is visible to other users and kept in shell history: prefer `-`,
    /// --passphrase-file or --passphrase-prompt.
    #[arg(long, value_name = "TEXT|-")]
    passphrase: Option<String>,

    /// Read the passphrase from the first line of this file (its line ending removed; the
    /// file must hold one line).
    #[arg(long, value_name = "PATH", conflicts_with_all = ["passphrase", "passphrase_prompt"])]
    passphrase_file: Option<PathBuf>,

    /// Ask for the passphrase on the terminal, without echo (standard input must be a
    /// terminal).
    #[arg(long, conflicts_with = "passphrase")]
    passphrase_prompt: bool,

    /// Derive from this extended key (xprv/xpub or a SLIP-132 form such as zprv/zpub; with
    /// --curve nist256p1 a P-256 key in the same layout) instead of a seed; `-` reads it from
    /// standard input (better for a private key). --path is then relative to the key, as in
    /// BIP-32 libraries: `m/0/1` below a key at depth 3 gives a key at depth 5 (a note on
    /// standard error says so).
    ///
    /// P-256 keys reuse the xprv/xpub version bytes (as trezor-crypto and wallet-core write
    /// them), so the text alone cannot tell a P-256 key from a secp256k1 one: --curve
    /// nist256p1 is your explicit word that the key is a P-256 key.
    #[arg(
        long,
        value_name = "XKEY|-",
        conflicts_with_all = ["seed", "mnemonic", "passphrase", "passphrase_file", "passphrase_prompt"],
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
            .field("passphrase_file", &self.passphrase_file)
            .field("passphrase_prompt", &self.passphrase_prompt)
            .field("xkey", &self.xkey.as_ref().map(|_| ".."))
            .field("path", &self.path)
            .field("json", &self.json)
            .field("count", &self.count)
            .field("start", &self.start)
            .field("threads", &self.threads)
            .finish()
    }
}

impl DeriveArgs {
    /// The seed options, for [`seed::resolve`].
    pub(crate) fn seed_options(&self) -> SeedOptions<'_> {
        let passphrase = match (&self.passphrase, &self.passphrase_file) {
            (Some(text), _) if text == STDIN_MARKER => Passphrase::Stdin,
            (Some(text), _) => Passphrase::Arg(text),
            (None, Some(path)) => Passphrase::File(path),
            (None, None) if self.passphrase_prompt => Passphrase::Prompt,
            (None, None) => Passphrase::Absent,
        };
        SeedOptions {
            seed: self.seed.as_deref(),
            mnemonic: self.mnemonic.as_deref(),
            passphrase,
        }
    }
}

/// Where the key comes from: a seed (or mnemonic), or an extended key's text.
pub(crate) enum Source<'a> {
    /// The master key of this seed, by the curve's method.
    Seed(&'a Seed),
    /// An extended key; `from_argv` when its text was given on the command line.
    Xkey { text: &'a str, from_argv: bool },
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
    let format = Format::from_json_flag(args.json);
    let curve = args.curve;
    if let Some(xkey) = args.xkey.as_deref() {
        check_xkey_curve(curve)?;
        // clap makes --xkey require --path.
        let path_text = args.path.as_deref().unwrap_or("m");
        let path = DerivationPath::parse_relative(path_text)
            .map_err(|e| CliError::library("invalid --path", e))?;
        let text = input::arg_or_stdin(xkey, io.stdin, "--xkey")?;
        let source = Source::Xkey {
            text: &text,
            from_argv: xkey != STDIN_MARKER,
        };
        curve.visit(Task {
            op: Op::Derive {
                curve,
                source,
                path: &path,
                path_text,
                format,
            },
            io,
        })
    } else {
        let path_text = args.path.as_deref().unwrap_or_else(|| curve.default_path());
        let path: DerivationPath = path_text
            .parse()
            .map_err(|e| CliError::library("invalid --path", e))?;
        let seed = seed::resolve(&args.seed_options(), curve.seed_kind(), io)?;
        curve.visit(Task {
            op: Op::Derive {
                curve,
                source: Source::Seed(&seed),
                path: &path,
                path_text,
                format,
            },
            io,
        })
    }
}

/// The usage error of `--xkey` with a curve that has no BIP-32 text.
///
/// # Errors
/// That error.
pub(crate) fn check_xkey_curve(curve: Curve) -> Result<(), CliError> {
    if curve.has_bip32_text() {
        Ok(())
    } else {
        Err(CliError::Usage(format!(
            "--xkey needs --curve secp256k1 or nist256p1 ({} keys have no BIP-32 extended key text)",
            curve.name()
        )))
    }
}

/// Derives the key at `path` (parsed from `path_text`) from `source` and prints its record:
/// a private key's from a seed or a private key, a public key's from a public one, with the
/// text in the given key's version family.
///
/// # Errors
/// As [`key_at`]; a failure when the output cannot be written.
pub(crate) fn single<S: CliScheme>(
    curve: Curve,
    source: &Source<'_>,
    path: &DerivationPath,
    path_text: &str,
    format: Format,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let key = key_at::<S>(curve, source, path, path_text, 0, &mut io.notes)?;
    let with_text = match source {
        Source::Seed(_) => S::SEED_KEYS_HAVE_TEXT,
        Source::Xkey { .. } => true,
    };
    let mut scratch = Scratch::new();
    let mut out = Output::new(format);
    let record = derive_record(
        &mut scratch,
        curve.name(),
        KeyRef::of(&key),
        Some(path as &dyn fmt::Display),
        with_text,
    )?;
    out.write(&record, true);
    io.write_stdout(out.as_bytes())
}

/// The key at `path` (parsed from `path_text`) below `source`, which is to take `extra` more
/// steps after it. For an extended key, notes a private key given on the command line and
/// an `m/…` path taken relative to a key of depth > 0.
///
/// # Errors
/// As [`seed_key`], [`parse_xkey`] and [`key_from_xkey`].
pub(crate) fn key_at<S: CliScheme>(
    curve: Curve,
    source: &Source<'_>,
    path: &DerivationPath,
    path_text: &str,
    extra: usize,
    notes: &mut Notes,
) -> Result<ExtendedKey<S>, CliError> {
    match *source {
        Source::Seed(seed) => seed_key(curve, seed, path, path_text).map(ExtendedKey::Private),
        Source::Xkey { text, from_argv } => {
            let key = parse_xkey::<S>(text, path, extra)?;
            if from_argv && key.is_private() {
                notes.argv_secret(ArgvSecret::XkeyXprv);
            }
            let steps = path.len() + extra;
            if key.depth() > 0 && steps > 0 && path_text.starts_with('m') {
                notes.relative_path(key.depth(), usize::from(key.depth()) + steps);
            }
            key_from_xkey(&key, path, path_text)
        }
    }
}

/// The key at `path` (parsed from `path_text`) below `curve`'s master key for `seed`.
///
/// # Errors
/// As [`check_hardened_only`] and [`key_from_seed`].
pub(crate) fn seed_key<S: CliScheme>(
    curve: Curve,
    seed: &Seed,
    path: &DerivationPath,
    path_text: &str,
) -> Result<ExtendedPrivateKey<S>, CliError> {
    check_hardened_only::<S>(path, path_text)?;
    key_from_seed::<S>(curve, seed, path)
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
