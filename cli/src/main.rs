//! The `fastbip32` command: a thin wrapper around [`fastbip32_cli::run`] with the real
//! standard streams and process exit code.

use std::io;

fn main() {
    let code = fastbip32_cli::run(
        std::env::args_os(),
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    std::process::exit(code);
}
