//! The tool's error: a one-line message and an exit code.

/// What went wrong, as one line for standard error (without the `error: ` prefix).
///
/// Messages never contain secret input: not the seed, not a mnemonic word, not a passphrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CliError {
    /// Bad arguments or input: exit code 2.
    Usage(String),
    /// Anything else (I/O, a key that does not exist): exit code 1.
    Failure(String),
    /// Standard output is a pipe whose reader has gone (`derive --count … | head -1`): not
    /// a failure. The run stops quietly, with exit code 0 and no `error:` line.
    ReaderGone,
}

impl CliError {
    /// The exit code of a usage or input error.
    pub(crate) const USAGE: i32 = 2;
    /// The exit code of any other failure.
    pub(crate) const FAILURE: i32 = 1;

    /// The process exit code.
    pub(crate) const fn exit_code(&self) -> i32 {
        match self {
            Self::Usage(_) => Self::USAGE,
            Self::Failure(_) => Self::FAILURE,
            Self::ReaderGone => 0,
        }
    }

    /// The message, folded to one line; `None` for [`CliError::ReaderGone`], which prints
    /// none.
    pub(crate) fn message(&self) -> Option<String> {
        match self {
            Self::Usage(text) | Self::Failure(text) => {
                Some(text.lines().map(str::trim).collect::<Vec<_>>().join(" "))
            }
            Self::ReaderGone => None,
        }
    }

    /// A library error met while doing `what` (for example `invalid --path`). Errors caused
    /// by the input are usage errors; the rest (a key that does not exist, …) are failures.
    pub(crate) fn library(what: &str, err: impl LibraryError) -> Self {
        let message = err.message(what);
        if err.is_usage() {
            Self::Usage(message)
        } else {
            Self::Failure(message)
        }
    }

    /// Writing to standard output failed: [`CliError::ReaderGone`] for a broken pipe, else
    /// a failure.
    pub(crate) fn output(err: &std::io::Error) -> Self {
        if err.kind() == std::io::ErrorKind::BrokenPipe {
            Self::ReaderGone
        } else {
            Self::Failure(format!("cannot write to standard output: {err}"))
        }
    }
}

/// An error of the library, as the tool reports it: whether the input caused it, and its
/// message after what the tool was doing.
pub(crate) trait LibraryError: core::fmt::Display + Copy {
    /// Whether the input caused it (exit code 2), not the key or the system (exit code 1).
    fn is_usage(self) -> bool;

    /// The message: `what`, then the error.
    fn message(self, what: &str) -> String {
        format!("{what}: {self}")
    }
}

impl LibraryError for fastbip32::Error {
    fn is_usage(self) -> bool {
        use fastbip32::Error as E;
        matches!(
            self,
            E::InvalidPath { .. }
                | E::InvalidChildIndex { .. }
                | E::DepthExceeded
                | E::InvalidSeedLength { .. }
                | E::HardenedOnly { .. }
                | E::HardenedFromPublic { .. }
                | E::InvalidHex
        )
    }

    fn message(self, what: &str) -> String {
        match self {
            // The tool names the argument; the library's own prefix would repeat it.
            fastbip32::Error::InvalidPath {
                segment,
                offset,
                kind,
            } => format!("{what}: segment {segment} (byte {offset}): {kind}"),
            other => format!("{what}: {other}"),
        }
    }
}

impl LibraryError for fastbip32::address::Error {
    fn is_usage(self) -> bool {
        false
    }
}

impl LibraryError for fastbip32::descriptor::Error {
    fn is_usage(self) -> bool {
        use fastbip32::descriptor::Error as E;
        match self {
            E::Key { error, .. } => error.is_usage(),
            E::InvalidIndex { .. } | E::BranchOutOfRange { .. } => true,
            _ => false,
        }
    }
}
