//! The one dispatch from a runtime `--curve` to code generic over the scheme: every
//! operation of the tool is an [`Op`], run for scheme `S` by [`Task`], the only
//! [`SchemeVisitor`].

use fastbip32::DerivationPath;

use crate::curve::{CliScheme, Curve, SchemeVisitor};
use crate::derive::{self, batch, Source};
use crate::error::CliError;
use crate::inspect;
use crate::record::Format;
use crate::Io;

/// An operation, with its scheme-independent arguments checked.
pub(crate) enum Op<'a> {
    /// `derive`: one key.
    Derive {
        curve: Curve,
        source: Source<'a>,
        path: &'a DerivationPath,
        path_text: &'a str,
        format: Format,
    },
    /// `derive --count`: the children of the key at `prefix`.
    Batch {
        job: &'a batch::Job<'a>,
        source: Source<'a>,
        prefix: &'a DerivationPath,
    },
    /// `inspect`.
    Inspect {
        text: &'a str,
        from_argv: bool,
        format: Format,
    },
}

/// An operation and the streams it runs with.
pub(crate) struct Task<'a, 'io> {
    pub(crate) op: Op<'a>,
    pub(crate) io: &'a mut Io<'io>,
}

impl SchemeVisitor for Task<'_, '_> {
    type Output = Result<(), CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        let Self { op, io } = self;
        match op {
            Op::Derive {
                curve,
                source,
                path,
                path_text,
                format,
            } => derive::single::<S>(curve, &source, path, path_text, format, io),
            Op::Batch {
                job,
                source,
                prefix,
            } => batch::children::<S>(job, &source, prefix, io),
            Op::Inspect {
                text,
                from_argv,
                format,
            } => inspect::show::<S>(text, from_argv, format, io),
        }
    }
}
