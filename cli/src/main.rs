//! The `fastbip32` command: a thin wrapper around [`fastbip32_cli::run_process`] with the
//! real standard streams, whether the standard streams are terminals, and the
//! process exit code.
//!
//! Standard output is used as it is: `/dev/null`, however it was opened (a shell's
//! `>/dev/null`, Python's `subprocess.DEVNULL`, or the runtime's stand-in for a descriptor
//! closed at start-up), is a sink, and a run that writes to it succeeds.

use std::io::{self, IsTerminal as _};

fn main() {
    let terminals = fastbip32_cli::Terminals {
        stdin: io::stdin().is_terminal(),
        stderr: io::stderr().is_terminal(),
        stdout: io::stdout().is_terminal(),
    };
    let code = fastbip32_cli::run_process(
        std::env::args_os(),
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
        terminals,
    );
    std::process::exit(code);
}
