//! What every form of `derive` starts from: the key's source, the request, the start key,
//! and the path and key helpers the batched forms share.

use core::fmt;

use fastbip32::address::{AddressKind, ImpliedScript};
use fastbip32::cardano::Role;
use fastbip32::coin::{CardanoAddress, Encoder};
use fastbip32::{ChildNumber, DerivationPath, Error, ExtendedKey};

use crate::address_field::{AddressSpec, Networks};
use crate::curve::{CliScheme, Curve, SchemeVisitor};
use crate::error::CliError;
use crate::io::Io;
use crate::notes::{ArgvSecret, Notes};
use crate::options::{self, Checked, NetworkArg};
use crate::record::{derive_record, Extras, KeyRef, Output, Scratch};
use crate::seed::Seed;

use super::args::KeypairFormat;

/// Where the key comes from: a seed (or mnemonic), or an extended key's text.
pub(crate) enum Source<'a> {
    /// The master key of this seed, by the curve's method.
    Seed(&'a Seed),
    /// An extended key; `from_argv` when its text was given on the command line; `origin`
    /// where a Cardano key sits (from its CIP-5 prefix).
    Xkey {
        text: &'a str,
        from_argv: bool,
        origin: Role,
    },
}

/// A `--path` below a seed's master key: `m/…`, or for the Cardano curves also without `m/`
/// (`1852H/1815H/0H/0/0`, as cardano-address writes paths from a root).
///
/// # Errors
/// A usage error for an invalid path.
pub(crate) fn parse_seed_path(curve: Curve, text: &str) -> Result<DerivationPath, CliError> {
    if curve.is_cardano() && !text.starts_with('m') {
        DerivationPath::parse_relative(text)
    } else {
        text.parse()
    }
    .map_err(|e| CliError::library("invalid --path", e))
}

/// The usage error for a typographic quote (’, ‘, ′ or ´) in `path`, where `'` was meant.
///
/// # Errors
/// That error, naming the segment and byte.
pub(crate) fn check_quotes(path: &str) -> Result<(), CliError> {
    let Some((offset, quote)) = path
        .char_indices()
        .find(|(_, c)| matches!(c, '\u{2019}' | '\u{2018}' | '\u{2032}' | '\u{b4}'))
    else {
        return Ok(());
    };
    let body = usize::from(path.starts_with("m/")) * 2;
    let segment = path
        .get(body..offset)
        .map_or(0, |before| before.matches('/').count());
    let name = match quote {
        '\u{2032}' => "the prime sign",
        '\u{b4}' => "the acute accent",
        _ => "a typographic quote",
    };
    Err(CliError::Usage(format!(
        "invalid --path: segment {segment} (byte {offset}): {quote} is {name}, not a hardened marker; write ' (or h)"
    )))
}

/// What a `derive` run asks for, checked, that does not depend on the scheme.
#[derive(Debug)]
pub(crate) struct Request<'a> {
    /// The curve.
    pub(crate) curve: Curve,
    /// The output options.
    pub(crate) checked: &'a Checked,
    /// The path: `--path`, or `--coin`'s standard path.
    pub(crate) path: Option<&'a str>,
}

/// The key a run starts from (a seed's master key or the `--xkey`), in the version family
/// the run writes, with the settled networks.
pub(crate) struct Start<S: CliScheme> {
    /// The key.
    pub(crate) key: ExtendedKey<S>,
    /// Where it sits (Cardano).
    pub(crate) origin: Role,
    /// The networks.
    pub(crate) networks: Networks,
    /// Whether it is a seed's master key.
    pub(crate) from_seed: bool,
    /// The address kind of the records: `--address`, or the one the `--xkey`'s SLIP-132
    /// family means ([`family_address`]).
    pub(crate) address: Option<AddressKind>,
}

impl<S: CliScheme> Start<S> {
    /// The start of a run whose path is `path` (parsed from `path_text`), then for a batch
    /// the `*` segment's first child. The key is checked against the whole path by the
    /// library (depth, hardened-only, hardened below a public key) before anything else.
    /// For an extended key, notes a private key given on the command line and an `m/…` path
    /// taken relative to a key of depth > 0.
    ///
    /// # Errors
    /// As [`path_error`] and [`options::settle_bitcoin`]; a usage error for invalid key text,
    /// or `--wif` with a public key.
    pub(crate) fn new(
        request: &Request<'_>,
        source: &Source<'_>,
        path: &DerivationPath,
        path_text: &str,
        wildcard: Option<WildcardAt>,
        notes: &mut Notes,
    ) -> Result<Self, CliError> {
        let extra = usize::from(wildcard.is_some());
        let curve = request.curve;
        let checked = request.checked;
        let (key, origin, key_version) = match *source {
            Source::Seed(seed) => {
                let master = S::master_for(curve, seed)
                    .map_err(|e| CliError::library("cannot derive the master key", e))?;
                let master = ExtendedKey::Private(master);
                check_path(&master, path, path_text, wildcard, true)?;
                (master, Role::Root, None)
            }
            Source::Xkey {
                text,
                from_argv,
                origin,
            } => {
                let key = S::parse_extended_key(text, "invalid --xkey")?;
                check_path(&key, path, path_text, wildcard, false)?;
                if from_argv && key.is_private() {
                    notes.argv_secret(ArgvSecret::XkeyXprv);
                }
                let steps = path.len() + extra;
                if key.depth() > 0 && steps > 0 && path_text.starts_with('m') {
                    notes.relative_path(key.depth(), usize::from(key.depth()) + steps);
                }
                let version = curve.has_bip32_text().then(|| key.version());
                (key, origin, version)
            }
        };
        let address = match key_version {
            Some(version) if curve == Curve::Secp256k1 && checked.coin.is_none() => {
                family_address(version, checked, notes)?
            }
            _ => checked.address,
        };
        if checked.wif && !key.is_private() {
            return Err(CliError::Usage(
                "--wif needs a private key (the --xkey is an extended public key)".to_owned(),
            ));
        }
        let mut networks = Networks::default();
        match checked.network {
            Some(NetworkArg::Cardano(network)) => networks.cardano = network,
            Some(NetworkArg::Bitcoin(network)) => {
                networks.bitcoin =
                    options::settle_bitcoin(Some(network), key_version, checked.xpub_version)?;
            }
            None => {
                networks.bitcoin =
                    options::settle_bitcoin(None, key_version, checked.xpub_version)?;
            }
        }
        let from_seed = matches!(source, Source::Seed(_));
        let key = match options::family_for(checked.xpub_version, networks.bitcoin, from_seed) {
            Some(pair) => match key {
                ExtendedKey::Private(key) => ExtendedKey::Private(key.with_version_pair(pair)),
                ExtendedKey::Public(key) => ExtendedKey::Public(key.with_version_pair(pair)),
            },
            None => key,
        };
        Ok(Self {
            key,
            origin,
            networks,
            from_seed,
            address,
        })
    }

    /// The record extras of the key at `prefix` then `last` below the start: the Cardano
    /// role, the address (with, for `cardano-base`, the account's stake key) and the WIF.
    ///
    /// # Errors
    /// A usage error for a `cardano-base` payment key that is not at `…/R/I` of an account;
    /// a failure if the stake key cannot be derived.
    pub(crate) fn extras(
        &self,
        request: &Request<'_>,
        prefix: &[ChildNumber],
        last: Option<ChildNumber>,
    ) -> Result<Extras, CliError> {
        let checked = request.checked;
        let format = match (checked.coin, self.address) {
            (Some((_, format)), _) => Some(format),
            (None, Some(kind)) => Some(fastbip32::coin::of_kind(kind).1),
            (None, None) => None,
        };
        let address = match format {
            Some(format) => {
                let stake = if format.encoder() == Encoder::Cardano(CardanoAddress::Base) {
                    Some(self.stake_key(prefix, last)?)
                } else {
                    None
                };
                Some(AddressSpec {
                    format,
                    networks: self.networks,
                    stake,
                })
            }
            None => None,
        };
        let coin = checked.coin.map(|(coin, _)| coin);
        let wif = match coin {
            Some(coin) => coin.wif_version(self.networks.bitcoin),
            None => checked.wif.then_some(self.networks.bitcoin.wif_prefix()),
        };
        Ok(Extras {
            with_text: !self.from_seed || S::SEED_KEYS_HAVE_TEXT,
            role: self.origin.after(prefix.iter().copied().chain(last)),
            address,
            wif,
            coin,
        })
    }

    /// Writes the record of the key at the full `path` into `out` (`first`: the run's first
    /// record): its extras for the path, then `key` (which derives it), with the path as
    /// printed below the start key.
    ///
    /// # Errors
    /// As [`extras`](Self::extras), `key` and [`derive_record`].
    pub(crate) fn write_record(
        &self,
        request: &Request<'_>,
        path: &DerivationPath,
        key: impl FnOnce() -> Result<ExtendedKey<S>, CliError>,
        scratch: &mut Scratch,
        out: &mut Output,
        first: bool,
    ) -> Result<(), CliError> {
        let extras = self.extras(request, path.as_slice(), None)?;
        let key = key()?;
        let printed = printed_path(path, self.key.depth());
        let record = derive_record(
            scratch,
            request.curve.name(),
            KeyRef::of(&key),
            Some(&printed as &dyn fmt::Display),
            &extras,
        )?;
        out.write(&record, first)
    }

    /// The stake public key of the account of the payment key at `prefix` then `last`.
    fn stake_key(
        &self,
        prefix: &[ChildNumber],
        last: Option<ChildNumber>,
    ) -> Result<[u8; 32], CliError> {
        let path = self
            .origin
            .stake_key_path(prefix.iter().copied().chain(last))
            .ok_or_else(|| {
                CliError::Usage(
                    "--address cardano-base needs the payment key at m/1852'/1815'/a'/R/I below a root (a seed, root_xsk or root_xvk) or at R/I below an account key (acct_xsk or acct_xvk), R and I normal; its stake key is then …/2/0 of the same account"
                        .to_owned(),
                )
            })?;
        let stake = key_from_xkey(&self.key, &path)?.public_key();
        stake
            .as_ref()
            .try_into()
            .map_err(|_| CliError::Failure("the stake key is not 32 bytes".to_owned()))
    }
}

/// The address kind of a run from a secp256k1 `--xkey` of `version`: what its SLIP-132
/// family means (p2sh-p2wpkh for ypub/upub, p2wpkh for zpub/vpub) when `--address` is not
/// given, `--address` when it agrees or with `--address-override`; for a multisig family
/// (Ypub, Zpub, …) none, with a note saying why.
///
/// # Errors
/// A usage error for an `--address` that contradicts the family, naming the right kind and
/// `convert`.
fn family_address(
    version: fastbip32::Version,
    checked: &Checked,
    notes: &mut Notes,
) -> Result<Option<AddressKind>, CliError> {
    let given = checked.address;
    let Some(script) = ImpliedScript::of_version(version) else {
        return Ok(given);
    };
    if checked.address_override {
        return Ok(given);
    }
    let name = version.name().unwrap_or("SLIP-132 key");
    let plain = if version.is_testnet() == Some(true) {
        "tpub"
    } else {
        "xpub"
    };
    match (given, script.address_kind()) {
        (None, Some(kind)) => Ok(Some(kind)),
        (Some(kind), Some(implied)) if kind == implied => Ok(Some(kind)),
        (None, None) => {
            notes.family(format!(
                "a {name} is a {script} key (SLIP-132): a multisig address needs every cosigner's key, so there is no single-key address; use `fastbip32 addresses --descriptor \"{}\"` with the cosigners' keys",
                script.descriptor()
            ));
            Ok(None)
        }
        (Some(kind), Some(implied)) => Err(CliError::Usage(format!(
            "--address {kind} contradicts the --xkey: a {name} means {implied} (SLIP-132); use --address {implied}, or `fastbip32 convert --to {plain}` first, or --address-override"
        ))),
        (Some(kind), None) => Err(CliError::Usage(format!(
            "--address {kind} contradicts the --xkey: a {name} is a {script} key (SLIP-132), with no single-key address; use `fastbip32 addresses --descriptor \"{}\"`, or `fastbip32 convert --to {plain}` first, or --address-override",
            script.descriptor()
        ))),
    }
}

/// A single-key `derive` run, checked, for [`Curve::visit`].
pub(super) struct Single<'a, 'io> {
    pub(super) request: &'a Request<'a>,
    pub(super) source: Source<'a>,
    pub(super) path: &'a DerivationPath,
    pub(super) path_text: &'a str,
    pub(super) io: &'a mut Io<'io>,
}

impl SchemeVisitor for Single<'_, '_> {
    type Output = Result<(), CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        single::<S>(
            self.request,
            &self.source,
            self.path,
            self.path_text,
            self.io,
        )
    }
}

/// Derives the key at `path` (parsed from `path_text`) from `source` and prints its record:
/// a private key's from a seed or a private key, a public key's from a public one, with the
/// text in the version family of the run.
///
/// # Errors
/// As [`Start::new`] and [`key_from_xkey`]; a failure when the output cannot be written.
fn single<S: CliScheme>(
    request: &Request<'_>,
    source: &Source<'_>,
    path: &DerivationPath,
    path_text: &str,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let start = Start::<S>::new(request, source, path, path_text, None, &mut io.notes)?;
    let mut scratch = Scratch::new();
    let mut out = Output::new(&request.checked.style);
    start.write_record(
        request,
        path,
        || key_from_xkey(&start.key, path),
        &mut scratch,
        &mut out,
        true,
    )?;
    io.write_stdout(out.as_bytes())
}

/// Prints the SLIP-10 ed25519 key at `path` below `seed`'s master key as a Solana keypair:
/// the 32-byte secret key then the 32-byte public key, in base58 or as a JSON array. Every
/// buffer that holds the secret has its final size before it is written, and is wiped.
///
/// # Errors
/// A failure when the key cannot be derived or the output cannot be written.
pub(super) fn solana_keypair(
    seed: &Seed,
    path: &DerivationPath,
    format: KeypairFormat,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    use fastbip32::{Ed25519, ExtendedPrivateKey};
    use zeroize::Zeroizing;

    let key = ExtendedPrivateKey::<Ed25519>::from_seed(seed.as_bytes())
        .and_then(|master| master.derive_path(path))
        .map_err(|e| CliError::library("cannot derive the key", e))?;
    let public: [u8; 32] = key.public_key();
    let mut pair = Zeroizing::new([0u8; 64]);
    let (secret_half, public_half) = pair.split_at_mut(32);
    secret_half.copy_from_slice(key.private_key());
    public_half.copy_from_slice(&public);
    // A JSON array of 64 bytes is at most 257 characters.
    let mut text = Zeroizing::new(String::with_capacity(260));
    match format {
        KeypairFormat::Keypair => {
            let mut digits = Zeroizing::new([0u8; fastbip32::address::SOLANA_KEYPAIR_MAX_LEN]);
            text.push_str(fastbip32::address::solana_keypair(
                key.private_key(),
                &public,
                &mut digits,
            ));
        }
        KeypairFormat::KeypairJson => {
            // Decimal digits by arithmetic (no digit table); the array's length is the
            // format's own and depends on the bytes, as solana-keygen writes it.
            text.push('[');
            for (i, &byte) in pair.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                let (hundreds, tens, ones) = (byte / 100, byte / 10 % 10, byte % 10);
                if hundreds > 0 {
                    text.push(char::from(b'0' + hundreds));
                }
                if byte >= 10 {
                    text.push(char::from(b'0' + tens));
                }
                text.push(char::from(b'0' + ones));
            }
            text.push(']');
        }
    }
    text.push('\n');
    io.write_stdout(text.as_bytes())
}

/// The printed `path` of a record at `path` below the start key: the full path (`m/…`)
/// below a seed's master key or an extended key at depth 0, and the steps relative to the
/// key (`0/1'`, with no `m/`; empty for no step) below a key at depth > 0, whose own path is
/// not known.
pub(crate) fn printed_path(path: &DerivationPath, start_depth: u8) -> String {
    if start_depth == 0 {
        path.to_string()
    } else {
        path.relative().to_string()
    }
}

/// The `*` segment of a batch's path: its first child, its number and its byte offset.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WildcardAt {
    /// The first child.
    pub(crate) child: ChildNumber,
    /// The number of the `*` segment.
    pub(crate) segment: usize,
    /// Its byte offset in the path text.
    pub(crate) offset: usize,
}

/// Checks that `key` can take `path` (parsed from `path_text`) and, for a batch, the `*`
/// segment's first child, through the library's [`ExtendedKey::check_path`].
///
/// # Errors
/// [`path_error`].
fn check_path<S: CliScheme>(
    key: &ExtendedKey<S>,
    path: &DerivationPath,
    path_text: &str,
    wildcard: Option<WildcardAt>,
    from_seed: bool,
) -> Result<(), CliError> {
    let result = match wildcard {
        Some(w) => path.child(w.child).and_then(|full| key.check_path(&full)),
        None => key.check_path(path),
    };
    result.map_err(|e| path_error::<S>(e, key.depth(), path, path_text, wildcard, from_seed))
}

/// The usage error for a path that a key cannot take, in the tool's words: each names the
/// segment and its byte offset (the `*` segment's, for its first child).
fn path_error<S: CliScheme>(
    err: Error,
    depth: u8,
    path: &DerivationPath,
    path_text: &str,
    wildcard: Option<WildcardAt>,
    from_seed: bool,
) -> CliError {
    let star = wildcard.filter(|_| {
        matches!(err,
            Error::HardenedOnly { segment, .. } | Error::HardenedFromPublic { segment, .. }
                if segment == path.len())
    });
    let at = |segment: usize, reason: &dyn fmt::Display| {
        let (segment, offset) = match star {
            Some(w) => (w.segment, w.offset),
            None => (segment, segment_offset(path_text, segment)),
        };
        CliError::Usage(format!(
            "invalid --path: segment {segment} (byte {offset}): {reason}"
        ))
    };
    match err {
        Error::HardenedOnly { index, segment } => {
            let write = if star.is_some() {
                "*'".to_owned()
            } else {
                format!("{index}'")
            };
            at(
                segment,
                &format_args!(
                    "{} supports hardened derivation only (write {write})",
                    S::NAME
                ),
            )
        }
        Error::HardenedFromPublic { segment, .. } => at(segment, &err),
        Error::DepthExceeded if from_seed => match wildcard {
            Some(w) => CliError::Usage(format!(
                "invalid --path: segment {} (byte {}): {err}",
                w.segment, w.offset
            )),
            None => CliError::library("invalid --path", err),
        },
        Error::DepthExceeded => CliError::Usage(format!(
            "invalid --path: {} steps below a key at depth {depth}: {err}",
            path.len() + usize::from(wildcard.is_some())
        )),
        other => CliError::library("invalid --path", other),
    }
}

/// The key at `path` (relative) below `key`, a path checked by [`Start::new`].
///
/// # Errors
/// The library's error, mapped: a failure when the scheme has no key there (BIP-32's
/// invalid child).
pub(crate) fn key_from_xkey<S: CliScheme>(
    key: &ExtendedKey<S>,
    path: &DerivationPath,
) -> Result<ExtendedKey<S>, CliError> {
    let derive_error = |e| CliError::library(&format!("cannot derive {path}"), e);
    match key {
        ExtendedKey::Private(key) => key
            .derive_path(path)
            .map(ExtendedKey::Private)
            .map_err(derive_error),
        ExtendedKey::Public(key) => key
            .derive_path_vartime(path)
            .map(ExtendedKey::Public)
            .map_err(derive_error),
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
