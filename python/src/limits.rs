//! The bounds of the counts Python passes: thread counts, checked before any thread is
//! started, so that a count the machine cannot give is a typed error, not a failed spawn.

use pyo3::PyResult;

use crate::errors;

/// The most worker threads a call starts: far above any machine's cores, far below the
/// thousands at which an operating system refuses to start more.
pub(crate) const MAX_THREADS: usize = 1024;

/// The thread count `threads` asks for (None: every core), checked against
/// `1 ..= MAX_THREADS`.
///
/// # Errors
/// `fastbip32.Error` with kind `InvalidThreadCount`.
pub(crate) fn thread_count(threads: Option<u64>) -> PyResult<usize> {
    match threads {
        None => Ok(std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(MAX_THREADS)),
        Some(n) => usize::try_from(n)
            .ok()
            .filter(|n| (1..=MAX_THREADS).contains(n))
            .ok_or_else(|| {
                errors::binding(
                    "InvalidThreadCount",
                    format!("threads must be from 1 to {MAX_THREADS}, not {n} (None: every core)"),
                )
            }),
    }
}
