//! Python objects made from Rust values without a panic: every allocation Python or Rust
//! makes here can fail, and a failure is a `MemoryError` (`PyO3`'s plain constructors panic
//! when Python's allocator returns null, which Python sees as `PanicException`). Long
//! conversions check for signals (Ctrl-C) between chunks.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::errors;

/// Items converted between two checks for signals.
pub(crate) const CHUNK: usize = 1 << 16;

/// A Python `bytes` holding a copy of `data`, or `MemoryError`.
///
/// # Errors
/// `MemoryError` when Python cannot allocate it.
pub(crate) fn bytes<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, data.len(), |out| {
        out.copy_from_slice(data);
        Ok(())
    })
}

/// A Python `str` holding a copy of `text`, or `MemoryError`.
///
/// # Errors
/// `MemoryError` when Python cannot allocate it.
pub(crate) fn string<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyString>> {
    PyString::from_bytes(py, text.as_bytes())
}

/// An empty vector with room for `count` items, or `MemoryError` naming `what`.
///
/// # Errors
/// `MemoryError`.
pub(crate) fn reserve<T>(count: usize, what: &str) -> PyResult<Vec<T>> {
    let mut out = Vec::new();
    out.try_reserve_exact(count)
        .map_err(|_| errors::out_of_memory(what))?;
    Ok(out)
}

/// Lowercase hex of public bytes (a fingerprint, a public key, an address's payload), for
/// `repr`, through the library's one hex codec.
#[allow(
    clippy::expect_used,
    reason = "the buffer holds the two digits of every byte"
)]
pub(crate) fn hex(data: &[u8]) -> String {
    let mut buf = vec![0u8; 2 * data.len()];
    fastbip32::hex::encode(data, &mut buf)
        .expect("a buffer of two digits per byte")
        .to_owned()
}
