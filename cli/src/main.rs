//! The `fastbip32` command: a thin wrapper around [`fastbip32_cli::run_process`] with the
//! real standard streams, whether standard input and standard error are terminals, and the
//! process exit code.

use std::io::{self, IsTerminal as _, Write};

fn main() {
    let terminals = fastbip32_cli::Terminals {
        stdin: io::stdin().is_terminal(),
        stderr: io::stderr().is_terminal(),
    };
    let mut real = io::stdout().lock();
    let mut closed = Closed;
    let stdout: &mut dyn Write = if stdout_was_closed() {
        &mut closed
    } else {
        &mut real
    };
    let code = fastbip32_cli::run_process(
        std::env::args_os(),
        &mut io::stdin().lock(),
        stdout,
        &mut io::stderr().lock(),
        terminals,
    );
    std::process::exit(code);
}

/// Whether standard output was closed when the process started (`fastbip32 … >&-`).
///
/// The Rust runtime opens `/dev/null` (read-write) in place of a standard descriptor that is
/// closed at start-up, so writes to it would succeed and the result be lost without a word.
/// On Linux such a descriptor is recognised in `/proc`: `/dev/null`, opened `O_RDWR`, where a
/// shell's `>/dev/null` opens it write-only. Elsewhere this returns false.
fn stdout_was_closed() -> bool {
    /// `O_ACCMODE` and `O_RDWR` (asm-generic/fcntl.h).
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    if !cfg!(target_os = "linux") {
        return false;
    }
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|target| target == *"/dev/null");
    if !is_null {
        return false;
    }
    std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
        info.lines()
            .find_map(|line| line.strip_prefix("flags:"))
            .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
            .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
    })
}

/// Standard output that was closed: every write fails.
struct Closed;

impl Write for Closed {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("standard output is closed"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Err(io::Error::other("standard output is closed"))
    }
}
