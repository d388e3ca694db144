//! `fastbip32 derive`: the key at a path, from a seed, a BIP-39 mnemonic (or, for
//! `cardano-icarus`, BIP-39 entropy), or an extended key (`--xkey`); or, with a path ending
//! in `*` and `--count`, many siblings ([`batch`]); with a `*` before the last segment, the
//! key at each index of that level ([`inner`]).

mod args;
pub(crate) mod batch;
pub(crate) mod inner;
mod start;

use fastbip32::address::CurveFamily;
use fastbip32::cardano::Role;
use fastbip32::coin::Coin;
use fastbip32::DerivationPath;

use crate::curve::Curve;
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::options;
use crate::seed;
use crate::xkey::xkey_curve;

pub(crate) use self::args::DeriveArgs;
use self::start::{check_quotes, parse_seed_path, solana_keypair, Request, Single, Source};

/// Runs `derive`.
///
/// # Errors
/// A usage error for a bad path, seed, mnemonic or extended key, or a path the key cannot
/// take; a failure when the key cannot be derived or the output cannot be written.
pub(crate) fn run(args: &DeriveArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if let Some(path) = args.path.as_deref() {
        check_quotes(path)?;
    }
    let (curve_arg, path_arg) = coin_defaults(args)?;
    let wildcard = match path_arg {
        Some(path) => batch::Wildcard::find(path)?,
        None => None,
    };
    match (&wildcard, args.count) {
        (Some(_), None) => {
            return Err(CliError::Usage(
                "--path has a `*`: give --count N, the number of indices to derive".to_owned(),
            ));
        }
        (None, Some(_)) => {
            return Err(CliError::Usage(
                "--count needs a --path with one segment `*` (or `*'` for hardened indices)"
                    .to_owned(),
            ));
        }
        _ => {}
    }
    // The --xkey text first: a CIP-5 key decides the curve.
    let xkey = match args.xkey.as_deref() {
        Some(arg) => Some((
            input::arg_or_stdin(arg, io.stdin, "--xkey")?,
            arg != STDIN_MARKER,
        )),
        None => None,
    };
    let (curve, origin) = match &xkey {
        Some((text, _)) => xkey_curve(curve_arg, text)?,
        None => (curve_arg.unwrap_or_default(), Role::Root),
    };
    if args.passphrase_hex.is_some() && !curve.is_icarus() {
        return Err(CliError::Usage(format!(
            "--passphrase-hex is the Icarus passphrase of cardano-icarus and cardano-icarus-trezor, not of {}",
            curve.name()
        )));
    }
    let checked = args.output.check(curve, args.json, args.coin)?;
    let request = Request {
        curve,
        checked: &checked,
        path: path_arg,
    };
    if let (Some(wildcard), Some(count)) = (wildcard, args.count) {
        let run = if wildcard.is_last() {
            batch::run
        } else {
            inner::run
        };
        return run(
            args,
            &request,
            &wildcard,
            count,
            xkey.as_ref().map(|(t, a)| (t.as_str(), *a, origin)),
            io,
        );
    }
    if let Some((text, from_argv)) = &xkey {
        // clap makes --xkey require --path.
        let path_text = path_arg.unwrap_or("m");
        let path = DerivationPath::parse_relative(path_text)
            .map_err(|e| CliError::library("invalid --path", e))?;
        let source = Source::Xkey {
            text,
            from_argv: *from_argv,
            origin,
        };
        curve.visit(Single {
            request: &request,
            source,
            path: &path,
            path_text,
            io,
        })
    } else {
        let path_text = path_arg.unwrap_or_else(|| curve.default_path());
        let path = parse_seed_path(curve, path_text)?;
        if let Some(format) = args.format {
            if curve != Curve::Ed25519 {
                return Err(CliError::Usage(format!(
                    "--format {} is a Solana key: it needs --curve ed25519, not {}",
                    format.name(),
                    curve.name()
                )));
            }
            let seed = seed::resolve(&args.seed_options(), curve.seed_kind(), io)?;
            return solana_keypair(&seed, &path, format, io);
        }
        let seed = seed::resolve(&args.seed_options(), curve.seed_kind(), io)?;
        curve.visit(Single {
            request: &request,
            source: Source::Seed(&seed),
            path: &path,
            path_text,
            io,
        })
    }
}

/// The curve and the path of a run: `--curve`, else `--coin`'s curve ([`coin_curve`]);
/// `--path`, else below a seed a coin's standard path for its kind (its series with
/// --count).
///
/// # Errors
/// As [`coin_curve`]; a usage error for an `--address` the coin does not have.
fn coin_defaults(args: &DeriveArgs) -> Result<(Option<Curve>, Option<&str>), CliError> {
    let curve = match args.coin {
        Some(coin) => Some(coin_curve(coin, args.curve)?),
        None => args.curve,
    };
    Ok((curve, args.path.as_deref().or(coin_path(args)?)))
}

/// Without --path, below a seed: a coin's standard path for its kind (its series with
/// --count).
///
/// # Errors
/// A usage error for an `--address` the coin does not have.
fn coin_path(args: &DeriveArgs) -> Result<Option<&'static str>, CliError> {
    let (Some(coin), None, None) = (args.coin, &args.path, &args.xkey) else {
        return Ok(None);
    };
    let kind = options::coin_kind(coin, args.output.address)?;
    let standard = coin.path_for(kind.name());
    Ok(Some(if args.count.is_some() {
        standard.series()
    } else {
        standard.path()
    }))
}

/// The curve of `coin`'s keys, checked against `--curve`: a Cardano coin takes any Cardano
/// curve, the Icarus master key by default (Yoroi's, Daedalus', Eternl's).
///
/// # Errors
/// A usage error for a `--curve` that contradicts the coin, or a coin of a curve `derive`
/// does not serve.
fn coin_curve(coin: &Coin, given: Option<Curve>) -> Result<Curve, CliError> {
    let default = match coin.curve() {
        CurveFamily::Secp256k1 => Curve::Secp256k1,
        CurveFamily::Ed25519 => Curve::Ed25519,
        CurveFamily::Ed25519Bip32 => Curve::CardanoIcarus,
        CurveFamily::Nist256p1 => Curve::Nist256p1,
        CurveFamily::Ed25519Blake2b => Curve::Ed25519Blake2b,
        other => {
            return Err(CliError::Usage(format!(
                "--coin {}: derive does not serve {other} keys",
                coin.slug()
            )))
        }
    };
    match given {
        Some(curve) if !options::curve_fits(coin.curve(), curve) => Err(CliError::Usage(format!(
            "--curve {} contradicts --coin {}: {} keys are {}",
            curve.name(),
            coin.slug(),
            coin.name(),
            options::curves_of(coin.curve())
        ))),
        Some(curve) => Ok(curve),
        None => Ok(default),
    }
}
