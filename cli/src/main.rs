//! The `fastbip32` command: a thin wrapper around [`fastbip32_cli::run_with_progress`] with
//! the real standard streams, whether standard error is a terminal, and the process exit
//! code.

use std::io::{self, IsTerminal as _};

fn main() {
    let code = fastbip32_cli::run_with_progress(
        std::env::args_os(),
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
        io::stderr().is_terminal(),
    );
    std::process::exit(code);
}
