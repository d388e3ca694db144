//! `derive --path PREFIX/*/SUFFIX --count N [--start S]`: the key at PREFIX/i/SUFFIX for
//! each index i = S … S+N−1, one record each, streamed. Ledger Live's Ethereum accounts
//! (`m/44'/60'/*'/0/0`) and Phantom's Solana accounts (`m/44'/501'/*'/0'`) put the `*` there.
//!
//! The key at PREFIX is derived once; each record then derives the steps `i/SUFFIX` below it
//! and is exactly the record `derive --path PREFIX/i/SUFFIX` prints. Records are rendered
//! into one buffer, written out every [`FLUSH`] records, so memory stays flat for any N. The
//! path is checked against the key with the first index (depth, hardened-only, hardened
//! below a public key) before anything is written. A `*` in the last segment takes the
//! batch engine ([`super::batch`]) instead.

use fastbip32::cardano::Role;
use fastbip32::DerivationPath;

use super::args::DeriveArgs;
use super::batch::{child_at, prefix_path, ChildRange, Wildcard};
use super::start::{key_from_xkey, Request, Source, Start};
use crate::curve::{CliScheme, SchemeVisitor};
use crate::error::CliError;
use crate::io::Io;
use crate::record::{Output, Scratch};
use crate::seed;
use crate::stream;

/// The records rendered before the buffer is written out.
const FLUSH: u32 = 256;

/// Runs `derive` with a `*` before the last segment of `--path` and `--count`; `xkey` is
/// the `--xkey` text, whether it came from the command line, and where a Cardano key sits.
///
/// # Errors
/// A usage error for any bad argument or input, before anything is written; a failure when
/// a key cannot be derived (BIP-32's invalid child, probability below 2⁻¹²⁷) or the output
/// cannot be written, possibly after some records were.
pub(super) fn run(
    args: &DeriveArgs,
    request: &Request<'_>,
    wildcard: &Wildcard<'_>,
    count: u64,
    xkey: Option<(&str, bool, Role)>,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let range = ChildRange::new(args.start.unwrap_or(0), count, wildcard.hardened)?;
    let curve = request.curve;
    let prefix = prefix_path(curve, wildcard, xkey.is_some())?;
    // Bare segments, checked when the whole pattern was parsed.
    let suffix = DerivationPath::parse_relative(wildcard.suffix)
        .map_err(|e| CliError::library("invalid --path", e))?;
    let plan = Plan {
        request,
        prefix: &prefix,
        suffix: &suffix,
        range,
        path_text: request.path.unwrap_or_default(),
    };
    if let Some((text, from_argv, origin)) = xkey {
        let source = Source::Xkey {
            text,
            from_argv,
            origin,
        };
        curve.visit(Levels {
            plan: &plan,
            source,
            io,
        })
    } else {
        let seed = seed::resolve(&args.seed_options(), curve.seed_kind(), io)?;
        curve.visit(Levels {
            plan: &plan,
            source: Source::Seed(&seed),
            io,
        })
    }
}

/// A run's arguments, checked, that do not depend on the scheme.
struct Plan<'a> {
    request: &'a Request<'a>,
    prefix: &'a DerivationPath,
    suffix: &'a DerivationPath,
    range: ChildRange,
    path_text: &'a str,
}

impl Plan<'_> {
    /// The path with index `index` at the `*`, and its steps below the prefix.
    ///
    /// # Errors
    /// A usage error for a path deeper than BIP-32 allows (checked first with the first
    /// index, so never after output).
    fn paths(&self, index: u32) -> Result<(DerivationPath, DerivationPath), CliError> {
        let child = child_at(self.range.first, index);
        let too_deep = |e| CliError::library("invalid --path", e);
        let mut below = DerivationPath::master();
        below.push(child).map_err(too_deep)?;
        for step in self.suffix {
            below.push(step).map_err(too_deep)?;
        }
        let mut full = self.prefix.clone();
        for step in &below {
            full.push(step).map_err(too_deep)?;
        }
        Ok((full, below))
    }
}

/// A run, checked, for [`crate::curve::Curve::visit`].
struct Levels<'a, 'io> {
    plan: &'a Plan<'a>,
    source: Source<'a>,
    io: &'a mut Io<'io>,
}

impl SchemeVisitor for Levels<'_, '_> {
    type Output = Result<(), CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        levels::<S>(self.plan, &self.source, self.io)
    }
}

/// Derives and prints the key of every index of `plan` below `source`.
///
/// # Errors
/// As [`run`].
fn levels<S: CliScheme>(
    plan: &Plan<'_>,
    source: &Source<'_>,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let request = plan.request;
    let first = plan.range.first.index();
    let (first_path, _) = plan.paths(first)?;
    // The library checks the whole path, with the first index, against the key.
    let start = Start::<S>::new(
        request,
        source,
        &first_path,
        plan.path_text,
        None,
        &mut io.notes,
    )?;
    let base = key_from_xkey(&start.key, plan.prefix)?;
    let mut scratch = Scratch::new();
    let mut out = Output::new(&request.checked.style);
    for (n, index) in (first..).take(plan.range.count as usize).enumerate() {
        let (path, below) = plan.paths(index)?;
        start.write_record(
            request,
            &path,
            || key_from_xkey(&base, &below),
            &mut scratch,
            &mut out,
            n == 0,
        )?;
        if index % FLUSH == FLUSH - 1 {
            stream::write_out(io, &mut out)?;
        }
    }
    stream::write_out(io, &mut out)?;
    io.stdout.flush().map_err(|e| CliError::output(&e))
}
