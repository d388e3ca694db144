//! The one dispatch from a runtime `--curve` to code generic over the scheme: every
//! operation of the tool is an [`Op`], run for scheme `S` by [`Task`], the only
//! [`SchemeVisitor`].

use fastbip32::DerivationPath;

use crate::convert;
use crate::curve::{CliScheme, SchemeVisitor};
use crate::derive::{self, batch, Request, Source};
use crate::error::CliError;
use crate::inspect;
use crate::record::Format;
use crate::Io;

/// An operation, with its scheme-independent arguments checked.
pub(crate) enum Op<'a> {
    /// `derive`: one key.
    Derive {
        request: &'a Request<'a>,
        source: Source<'a>,
        path: &'a DerivationPath,
        path_text: &'a str,
    },
    /// `derive --count`: the children of the key at `prefix`.
    Batch {
        job: &'a batch::Job<'a>,
        source: Source<'a>,
        prefix: &'a DerivationPath,
    },
    /// `convert`.
    Convert {
        text: &'a str,
        from_argv: bool,
        to: fastbip32::Version,
        format: Format,
    },
    /// `inspect`.
    Inspect {
        text: &'a str,
        from_argv: bool,
        format: Format,
        cip5: bool,
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
                request,
                source,
                path,
                path_text,
            } => derive::single::<S>(request, &source, path, path_text, io),
            Op::Batch {
                job,
                source,
                prefix,
            } => batch::children::<S>(job, &source, prefix, io),
            Op::Convert {
                text,
                from_argv,
                to,
                format,
            } => convert::convert::<S>(text, from_argv, to, format, io),
            Op::Inspect {
                text,
                from_argv,
                format,
                cip5,
            } => inspect::show::<S>(text, from_argv, format, cip5, io),
        }
    }
}
