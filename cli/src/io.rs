//! The three standard streams and the notes of a run, as every subcommand sees them.

use std::io::{Read, Write};

use crate::error::CliError;
use crate::notes::Notes;

/// Shows its argument and reads one line from the terminal without echo.
pub(crate) type Prompt<'a> = dyn FnMut(&str) -> std::io::Result<String> + 'a;

/// The three standard streams, as the subcommands see them.
pub(crate) struct Io<'a> {
    /// Standard input (`--seed -`, `--mnemonic -`, `--xkey -`, `inspect -`).
    pub(crate) stdin: &'a mut dyn Read,
    /// Standard output: results only.
    pub(crate) stdout: &'a mut dyn Write,
    /// Standard error: `note:` lines, or one `error:` line.
    pub(crate) stderr: &'a mut dyn Write,
    /// Whether a progress bar may be drawn on the process's standard error (a terminal).
    pub(crate) progress: bool,
    /// Whether the process's standard output is a terminal (`recover --list` refuses it).
    pub(crate) stdout_terminal: bool,
    /// Shows its argument (`passphrase: `) and reads one line from the terminal without echo
    /// (`--passphrase-prompt`, `recover` without `--mnemonic`); `None` when standard input
    /// is not a terminal.
    pub(crate) prompt: Option<&'a mut Prompt<'a>>,
    /// The notes of the run, printed after its output.
    pub(crate) notes: Notes,
}

impl Io<'_> {
    /// Writes `bytes` to standard output and flushes it.
    ///
    /// # Errors
    /// [`CliError::output`] of the write error.
    pub(crate) fn write_stdout(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        self.stdout
            .write_all(bytes)
            .and_then(|()| self.stdout.flush())
            .map_err(|e| CliError::output(&e))
    }
}

impl core::fmt::Debug for Io<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Io")
            .field("progress", &self.progress)
            .field("prompt", &self.prompt.is_some())
            .field("notes", &self.notes)
            .finish_non_exhaustive()
    }
}
