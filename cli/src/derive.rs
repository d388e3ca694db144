//! `fastbip32 derive`: the extended private key at a path, from a seed or a BIP-39 mnemonic.

use core::fmt;

use clap::Args;
use fastbip32::{DerivationPath, ExtendedPrivateKey};
use zeroize::Zeroize;

use crate::curve::{CliScheme, Curve, SchemeVisitor};
use crate::error::CliError;
use crate::record::{Format, Record};
use crate::seed::{self, DEFAULT_SEED_NOTE};
use crate::Io;

/// The options of `derive`. Secret options are wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct DeriveArgs {
    /// Scheme: BIP-32 secp256k1, or SLIP-10 nist256p1, ed25519, curve25519.
    #[arg(long, value_enum, default_value_t = Curve::Secp256k1)]
    curve: Curve,

    /// Seed as 32 to 128 hex digits (16 to 64 bytes); `-` reads it from standard input.
    /// Without --seed and --mnemonic, the public BIP-32 test vector 1 seed is used.
    #[arg(long, value_name = "HEX|-", conflicts_with = "mnemonic")]
    seed: Option<String>,

    /// BIP-39 mnemonic (English; checksum checked); `-` reads it from standard input.
    #[arg(long, value_name = "WORDS|-")]
    mnemonic: Option<String>,

    /// BIP-39 passphrase for --mnemonic (default: empty).
    #[arg(long, value_name = "TEXT", requires = "mnemonic")]
    passphrase: Option<String>,

    /// Derivation path, such as m/44'/0'/0'/0/0 (' h or H for hardened). Default:
    /// m/44'/0'/0'/0/0, or m/44'/0'/0'/0'/0' for ed25519 and curve25519.
    #[arg(long, value_name = "PATH")]
    path: Option<String>,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    json: bool,
}

impl Drop for DeriveArgs {
    fn drop(&mut self) {
        self.seed.zeroize();
        self.mnemonic.zeroize();
        self.passphrase.zeroize();
    }
}

impl fmt::Debug for DeriveArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeriveArgs")
            .field("curve", &self.curve)
            .field("seed", &self.seed.as_ref().map(|_| ".."))
            .field("mnemonic", &self.mnemonic.as_ref().map(|_| ".."))
            .field("passphrase", &self.passphrase.as_ref().map(|_| ".."))
            .field("path", &self.path)
            .field("json", &self.json)
            .finish()
    }
}

/// Runs `derive`.
///
/// # Errors
/// A usage error for a bad path, seed or mnemonic; a failure when the key cannot be derived or
/// the output cannot be written.
pub(crate) fn run(args: &DeriveArgs, io: &mut Io<'_>) -> Result<(), CliError> {
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
        io.stdin,
    )?;
    let record = args.curve.visit(DeriveOne {
        seed: seed.as_bytes(),
        path: &path,
        path_text,
    })?;
    let format = if args.json {
        Format::Json
    } else {
        Format::Text
    };
    let out = record.render(format);
    if seed.is_default() {
        // Said only once the result is certain, so that a failure still prints one line.
        let _ = writeln!(io.stderr, "{DEFAULT_SEED_NOTE}");
        let _ = io.stderr.flush();
    }
    io.stdout
        .write_all(out.as_bytes())
        .and_then(|()| io.stdout.flush())
        .map_err(|e| CliError::output(&e))
}

/// [`derive_record`] as a [`SchemeVisitor`].
struct DeriveOne<'a> {
    seed: &'a [u8],
    path: &'a DerivationPath,
    path_text: &'a str,
}

impl SchemeVisitor for DeriveOne<'_> {
    type Output = Result<Record, CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        derive_record::<S>(self.seed, self.path, self.path_text)
    }
}

/// Derives the key at `path` (parsed from `path_text`) from `seed` and returns its record.
///
/// # Errors
/// A usage error for a normal index with a hardened-only scheme (naming the segment) or a
/// seed of the wrong length; a failure when the scheme has no key there.
pub(crate) fn derive_record<S: CliScheme>(
    seed: &[u8],
    path: &DerivationPath,
    path_text: &str,
) -> Result<Record, CliError> {
    if !S::SUPPORTS_NORMAL_DERIVATION {
        if let Some((segment, child)) = path.iter().enumerate().find(|(_, c)| c.is_normal()) {
            return Err(CliError::Usage(format!(
                "invalid --path: segment {segment} (byte {}): {} supports hardened derivation only (write {}')",
                segment_offset(path_text, segment),
                S::NAME,
                child.index()
            )));
        }
    }
    let master = ExtendedPrivateKey::<S>::from_seed(seed)
        .map_err(|e| CliError::library("cannot derive the master key", e))?;
    let key = master
        .derive_path(path)
        .map_err(|e| CliError::library(&format!("cannot derive {path}"), e))?;
    Record::from_private_key(&key, Some(path))
}

/// The byte offset of segment `segment` in `text`, a valid absolute path (`m/…`).
fn segment_offset(text: &str, segment: usize) -> usize {
    2 + text
        .split('/')
        .skip(1)
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
    }
}
