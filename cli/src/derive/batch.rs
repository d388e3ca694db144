//! `derive --path PREFIX/* --count N [--start S] [--threads K]`: the siblings S … S+N−1 of
//! the key at PREFIX, one record each, streamed.
//!
//! The parent (the key at PREFIX) is derived once, and its public key computed once. The
//! children are then derived in tasks of [`stream::TASK`], each with the library's sibling
//! iterator (`children`, which reuses the parent's public key and computes its chain code's
//! HMAC state once per task) or, below an xpub, its batched public derivation, and its
//! records rendered into an [`Output`], one of a fixed set of buffers kept for the whole run;
//! with more than one thread, `--threads` threads fill the buffers while the main thread
//! writes them to standard output in order, wiping each ([`stream::run`]). Memory stays flat whatever N is,
//! and no allocation is made per child once the buffers have grown to their size.
//!
//! Every check (path, count, seed, key, depth, hardened-only, hardened from public) is made
//! before the first byte is written, so a usage error leaves standard output empty.

use core::time::Duration;
use std::time::Instant;

use fastbip32::path::HARDENED_BIT;
use fastbip32::{
    ChildNumber, DerivationPath, Error, ExtendedKey, ExtendedPrivateKey, ExtendedPublicKey,
    PathErrorKind, PathPattern,
};

use super::args::DeriveArgs;
use super::start::{
    key_from_xkey, parse_seed_path, printed_path, Request, Source, Start, WildcardAt,
};
use crate::curve::{CliScheme, SchemeVisitor};
use crate::error::CliError;
use crate::io::Io;
use crate::record::{derive_record, ChildPath, Extras, KeyRef, Output, Scratch, Style};
use crate::seed;
use crate::stream::{self, Progress, Tasks, SLOW};
use fastbip32::cardano::Role;

/// A path with one segment `*`, `*'`, `*h` or `*H`, at any level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Wildcard<'a> {
    /// The path before `/*`: `m`, `m/…`, bare segments (relative), or empty (`*` first).
    pub(super) prefix: &'a str,
    /// `*'`, `*h` or `*H`.
    pub(super) hardened: bool,
    /// The number of the `*` segment, as the library counts segments in messages.
    pub(super) segment: usize,
    /// The byte offset of the `*` segment.
    pub(super) offset: usize,
    /// The steps after the `*` segment (bare segments), or empty when `*` is last.
    pub(super) suffix: &'a str,
}

impl<'a> Wildcard<'a> {
    /// The wildcard of `text`, or `None` for a path without `*`.
    ///
    /// # Errors
    /// A usage error for a path that is no [`PathPattern`]: more than one `*`, a segment
    /// that holds `*` but is not one of `*`, `*'`, `*h`, `*H`, or any other path error,
    /// naming the segment and byte.
    pub(super) fn find(text: &'a str) -> Result<Option<Self>, CliError> {
        let Some(star) = text.find('*') else {
            return Ok(None);
        };
        let pattern =
            PathPattern::parse(text).map_err(|e| CliError::library("invalid --path", e))?;
        let (Some(segment), Some(hardened)) =
            (pattern.wildcard_level(), pattern.wildcard_hardened())
        else {
            return Ok(None);
        };
        // The pattern parsed, so the `*` segment is `*` or `*` and one marker.
        let offset = text
            .get(..star)
            .and_then(|before| before.rfind('/'))
            .map_or(0, |slash| slash + 1);
        let end = star + if hardened { 2 } else { 1 };
        Ok(Some(Self {
            prefix: text.get(..offset.saturating_sub(1)).unwrap_or_default(),
            hardened,
            segment,
            offset,
            suffix: text.get(end + 1..).unwrap_or_default(),
        }))
    }

    /// Whether the `*` is the last segment: the siblings of one parent.
    pub(super) fn is_last(&self) -> bool {
        self.suffix.is_empty()
    }
}

/// The key before the `*` of `wildcard`: relative to an `--xkey`, else below a seed's
/// master key (where `*` first needs `m/*`, but for the Cardano curves).
///
/// # Errors
/// A usage error for an invalid path.
pub(super) fn prefix_path(
    curve: crate::curve::Curve,
    wildcard: &Wildcard<'_>,
    below_xkey: bool,
) -> Result<DerivationPath, CliError> {
    if below_xkey {
        if wildcard.prefix.is_empty() {
            Ok(DerivationPath::master())
        } else {
            DerivationPath::parse_relative(wildcard.prefix)
                .map_err(|e| CliError::library("invalid --path", e))
        }
    } else if wildcard.prefix.is_empty() {
        if curve.is_cardano() {
            // `*` first below a root: its children.
            Ok(DerivationPath::master())
        } else {
            // `*` first: relative, where a seed needs `m/*`.
            Err(CliError::library(
                "invalid --path",
                Error::InvalidPath {
                    segment: 0,
                    offset: 0,
                    kind: PathErrorKind::MissingMasterPrefix,
                },
            ))
        }
    } else {
        parse_seed_path(curve, wildcard.prefix)
    }
}

/// The children to derive: `count` from `first`.
#[derive(Debug, Clone, Copy)]
pub(super) struct ChildRange {
    /// The first child.
    pub(super) first: ChildNumber,
    /// How many.
    pub(super) count: u32,
}

impl ChildRange {
    /// `count` children from index `start`, hardened or not.
    ///
    /// # Errors
    /// A usage error for a count of 0, or children past index 2³¹ − 1.
    pub(super) fn new(start: u64, count: u64, hardened: bool) -> Result<Self, CliError> {
        let (index, count) = stream::index_range(start, count, "children")?;
        let first = if hardened {
            ChildNumber::hardened(index)
        } else {
            ChildNumber::normal(index)
        }
        .map_err(|e| CliError::library("invalid --start", e))?;
        Ok(Self { first, count })
    }
}

/// What every task needs: the parent and how to print its children.
struct SiblingPlan<'a, S: CliScheme> {
    curve: &'static str,
    parent: Parent<S>,
    /// The printed path of the parent (`m/84'/0'/0'/0`, or `m`; below an extended key at
    /// depth > 0, its steps relative to the key, or empty).
    prefix: String,
    /// The parent's path below the start key.
    steps: &'a [ChildNumber],
    /// Where the start key sits (Cardano roles).
    origin: Role,
    /// The extras of every record, but for the role.
    extras: Extras,
    range: ChildRange,
    style: &'a Style,
    threads: usize,
    /// The path as given, for error messages.
    path_text: &'a str,
}

/// The key whose children are derived.
enum Parent<S: CliScheme> {
    /// Private children.
    Private(ExtendedPrivateKey<S>),
    /// Public children (from an xpub).
    Public(ExtendedPublicKey<S>),
}

/// Runs `derive` with a `*` path and `--count`; `xkey` is the `--xkey` text, whether it came
/// from the command line, and where a Cardano key sits.
///
/// # Errors
/// A usage error for any bad argument or input, before anything is written; a failure when
/// a child cannot be derived (BIP-32's invalid child, probability below 2⁻¹²⁷) or the output
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
    let threads = stream::thread_count(args.threads);
    let curve = request.curve;
    let batch = Batch {
        request,
        wildcard,
        range,
        threads,
        path_text: request.path.unwrap_or_default(),
    };
    let prefix = prefix_path(curve, wildcard, xkey.is_some())?;
    if let Some((text, from_argv, origin)) = xkey {
        let source = Source::Xkey {
            text,
            from_argv,
            origin,
        };
        curve.visit(Siblings {
            batch: &batch,
            source,
            prefix: &prefix,
            io,
        })
    } else {
        let seed = seed::resolve(&args.seed_options(), curve.seed_kind(), io)?;
        curve.visit(Siblings {
            batch: &batch,
            source: Source::Seed(&seed),
            prefix: &prefix,
            io,
        })
    }
}

/// A `derive --count` run's arguments, checked, that do not depend on the scheme.
struct Batch<'a> {
    request: &'a Request<'a>,
    wildcard: &'a Wildcard<'a>,
    range: ChildRange,
    threads: usize,
    path_text: &'a str,
}

/// A `derive --count` run, checked, for [`crate::curve::Curve::visit`].
struct Siblings<'a, 'io> {
    batch: &'a Batch<'a>,
    source: Source<'a>,
    prefix: &'a DerivationPath,
    io: &'a mut Io<'io>,
}

impl SchemeVisitor for Siblings<'_, '_> {
    type Output = Result<(), CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        children::<S>(self.batch, &self.source, self.prefix, self.io)
    }
}

/// The children of the key at `prefix` below `source`, streamed to standard output; notes
/// the throughput of a long run.
///
/// # Errors
/// As [`run`].
fn children<S: CliScheme>(
    batch: &Batch<'_>,
    source: &Source<'_>,
    prefix: &DerivationPath,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let request = batch.request;
    // The library checks the prefix and the first child against the key, before anything.
    let star = WildcardAt {
        child: batch.range.first,
        segment: batch.wildcard.segment,
        offset: batch.wildcard.offset,
    };
    let start = Start::<S>::new(
        request,
        source,
        prefix,
        batch.path_text,
        Some(star),
        &mut io.notes,
    )?;
    let parent = match key_from_xkey(&start.key, prefix)? {
        ExtendedKey::Private(key) => Parent::Private(key),
        ExtendedKey::Public(key) => Parent::Public(key),
    };
    // Every child's extras but the role are the first child's (the stake key of
    // cardano-base is the account's); checked here, before anything is written.
    let extras = start.extras(request, prefix.as_slice(), Some(batch.range.first))?;
    let plan = SiblingPlan {
        curve: request.curve.name(),
        parent,
        prefix: printed_path(prefix, start.key.depth()),
        steps: prefix.as_slice(),
        origin: start.origin,
        extras,
        range: batch.range,
        style: &request.checked.style,
        threads: batch.threads,
        path_text: batch.path_text,
    };
    let elapsed = stream(&plan, io)?;
    if elapsed >= SLOW {
        let secs = elapsed.as_secs_f64();
        io.notes.throughput(format!(
            "derived {} keys in {secs:.2} s ({:.0} keys/s)",
            batch.range.count,
            f64::from(batch.range.count) / secs
        ));
    }
    Ok(())
}

/// Derives and prints every child of `plan`, task by task; returns how long it took.
fn stream<S: CliScheme>(plan: &SiblingPlan<'_, S>, io: &mut Io<'_>) -> Result<Duration, CliError> {
    let started = Instant::now();
    if let Parent::Private(key) = &plan.parent {
        // Computed once and cached in the parent: normal children need it, and hardened
        // children then get their parent fingerprint from it instead of recomputing it.
        let _ = key.public_key();
    }
    let tasks = Tasks::new(1, plan.range.first.index(), plan.range.count);
    let mut progress = Progress::new(io.progress, tasks.records(), started, "keys");
    let mut done = 0u64;
    stream::run(
        plan.threads,
        tasks,
        || ChildBuffer::new(plan.style),
        |buffer, task| buffer.fill(plan, task.first, task.count),
        |buffer, task| {
            stream::write_out(io, &mut buffer.out)?;
            done += u64::from(task.count);
            progress.update(done);
            Ok(())
        },
    )?;
    io.stdout.flush().map_err(|e| CliError::output(&e))?;
    Ok(started.elapsed())
}

/// One task's output buffer and scratch space, kept for the whole run.
// Aligned to its own cache lines: buffers on different threads have their lengths written
// all the time, and must not share a line (false sharing).
#[repr(align(128))]
struct ChildBuffer {
    out: Output,
    scratch: Scratch,
}

impl ChildBuffer {
    fn new(style: &Style) -> Self {
        Self {
            out: Output::new(style),
            scratch: Scratch::new(),
        }
    }

    /// Derives children `index … index + count − 1` of the plan's parent and writes their
    /// records.
    fn fill<S: CliScheme>(
        &mut self,
        plan: &SiblingPlan<'_, S>,
        index: u32,
        count: u32,
    ) -> Result<(), CliError> {
        let first = plan.range.first;
        let start = child_at(first, index);
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        let error = |child: ChildNumber, e| {
            let path = ChildPath {
                prefix: &plan.prefix,
                child,
            };
            CliError::library(&format!("cannot derive {path}"), e)
        };
        let bad_range = |e| CliError::library(&format!("invalid --path {}", plan.path_text), e);
        match &plan.parent {
            Parent::Private(key) => {
                for (i, child) in (index..).zip(key.children(start, count).map_err(bad_range)?) {
                    let child = child.map_err(|e| error(child_at(start, i), e))?;
                    self.write(plan, KeyRef::Private(&child))?;
                }
            }
            Parent::Public(key) => {
                // Runs derived together: for secp256k1, the batched affine public derivation.
                let children = key.children_vartime(start, count).map_err(bad_range)?;
                for (i, child) in (index..).zip(children) {
                    let child = child.map_err(|e| error(child_at(start, i), e))?;
                    self.write(plan, KeyRef::Public(&child))?;
                }
            }
        }
        Ok(())
    }

    /// Renders the record of one child.
    fn write<S: CliScheme>(
        &mut self,
        plan: &SiblingPlan<'_, S>,
        child: KeyRef<'_, S>,
    ) -> Result<(), CliError> {
        let number = match child {
            KeyRef::Private(key) => key.child_number(),
            KeyRef::Public(key) => key.child_number(),
        };
        let path = ChildPath {
            prefix: &plan.prefix,
            child: number,
        };
        let extras = Extras {
            role: plan
                .origin
                .after(plan.steps.iter().copied().chain(Some(number))),
            ..plan.extras
        };
        let record = derive_record(&mut self.scratch, plan.curve, child, Some(&path), &extras)?;
        self.out.write(&record, number == plan.range.first)
    }
}

/// The child with `index`, of the same kind as `like`.
pub(super) fn child_at(like: ChildNumber, index: u32) -> ChildNumber {
    ChildNumber::from_raw(index | (like.to_raw() & HARDENED_BIT))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::MAX_INDEX;

    /// Prefix, hardened, segment, offset and suffix.
    type Found = (String, bool, usize, usize, String);

    fn find(text: &str) -> Result<Option<Found>, String> {
        Wildcard::find(text)
            .map(|w| {
                w.map(|w| {
                    (
                        w.prefix.to_owned(),
                        w.hardened,
                        w.segment,
                        w.offset,
                        w.suffix.to_owned(),
                    )
                })
            })
            .map_err(|e| e.message().unwrap_or_default())
    }

    #[test]
    fn wildcards() {
        let s = String::new;
        assert_eq!(find("m/0/1'"), Ok(None));
        assert_eq!(
            find("m/84'/0'/0'/0/*"),
            Ok(Some(("m/84'/0'/0'/0".to_owned(), false, 4, 14, s())))
        );
        assert_eq!(find("m/*h"), Ok(Some(("m".to_owned(), true, 0, 2, s()))));
        assert_eq!(
            find("m/1/*H"),
            Ok(Some(("m/1".to_owned(), true, 1, 4, s())))
        );
        assert_eq!(find("0/*'"), Ok(Some(("0".to_owned(), true, 1, 2, s()))));
        assert_eq!(find("*"), Ok(Some((s(), false, 0, 0, s()))));
        assert_eq!(
            find("m/44'/60'/*'/0/0"),
            Ok(Some((
                "m/44'/60'".to_owned(),
                true,
                2,
                10,
                "0/0".to_owned()
            )))
        );
        assert_eq!(find("*/1h"), Ok(Some((s(), false, 0, 0, "1h".to_owned()))));
        for (bad, needle) in [
            ("m/0/*/", "segment 1 (byte 5): trailing"),
            ("m/*/*", "segment 1 (byte 4): more than one `*`"),
            ("m/0/**", "segment 1 (byte 4): a wildcard segment is"),
            ("m/0/1*", "segment 1 (byte 4): a wildcard segment is"),
            ("m/0/*x", "segment 1 (byte 4): a wildcard segment is"),
            ("m/0/*''", "segment 1 (byte 4): a wildcard segment is"),
            ("m*", "segment 0 (byte 0): a wildcard segment is"),
        ] {
            let message = find(bad).unwrap_err();
            assert!(message.contains(needle), "{bad}: {message}");
        }
    }

    #[test]
    fn ranges() {
        let r = ChildRange::new(0, 1, false).unwrap();
        assert_eq!((r.first, r.count), (ChildNumber::normal(0).unwrap(), 1));
        let r = ChildRange::new(MAX_INDEX, 1, true).unwrap();
        assert_eq!(r.first, ChildNumber::hardened(0x7fff_ffff).unwrap());
        assert_eq!(
            ChildRange::new(1, MAX_INDEX, false).unwrap().count,
            0x7fff_ffff
        );
        for (start, count) in [
            (0, 0),
            (MAX_INDEX + 1, 1),
            (1, MAX_INDEX + 1),
            (5, u64::MAX),
        ] {
            assert!(
                matches!(
                    ChildRange::new(start, count, false),
                    Err(CliError::Usage(_))
                ),
                "{start} {count}"
            );
        }
    }

    #[test]
    fn child_paths() {
        let path = ChildPath {
            prefix: "m/84'/0'",
            child: ChildNumber::hardened(7).unwrap(),
        };
        assert_eq!(path.to_string(), "m/84'/0'/7'");
        let path = ChildPath {
            prefix: "m",
            child: ChildNumber::normal(2_147_483_647).unwrap(),
        };
        assert_eq!(path.to_string(), "m/2147483647");
        assert_eq!(
            child_at(ChildNumber::hardened(3).unwrap(), 9),
            ChildNumber::hardened(9).unwrap()
        );
        assert_eq!(
            child_at(ChildNumber::normal(3).unwrap(), 9),
            ChildNumber::normal(9).unwrap()
        );
    }
}
