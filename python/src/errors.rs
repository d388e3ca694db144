//! Every Rust error the package raises, as a Python exception: the one place where library
//! errors become exceptions.
//!
//! * `fastbip32.Error` (a `ValueError`): every library error, with the library's message and
//!   `.kind`, the name of the Rust variant (`"HardenedOnly"`, …);
//! * `fastbip32.PathError`: the key-path errors (`.segment`, `.position`: the path step and
//!   the byte offset, where the error names them);
//! * `fastbip32.MnemonicError`: the mnemonic errors (`.position`: the word, counted from 0;
//!   `.suggestions`: the word list's closest words to an unknown word, best first);
//! * `fastbip32.DescriptorError`: every error of a descriptor operation (`.position`: the
//!   byte offset in the descriptor text, where the error names one);
//! * `fastbip32.AddressError`: the errors of addresses and WIF (encoding, decoding);
//! * `fastbip32.RecoveryError`: the errors of the recovery search (template, passphrase
//!   rules, target, options, checkpoint).
//!
//! One [`LibraryError`] impl per library module's error type, raised through [`lib`] (and
//! [`mnemonic`] where the phrase is at hand, for suggestions); each takes the variant's name
//! from the library's `kind()` (one exhaustive match per error type) and its fields by
//! matching. The binding's own checks of Python arguments (names of
//! curves and versions, thread counts) raise `fastbip32.Error` through [`binding`] with a
//! kind of their own.

use fastbip32::mnemonic::{guess_language, suggest, Language};
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use pyo3::{create_exception, PyErr};

create_exception!(
    fastbip32,
    Error,
    PyValueError,
    "A library error: the library's message, and `.kind`, the name of the Rust error variant."
);
create_exception!(
    fastbip32,
    PathError,
    Error,
    "A key path the library rejects: `.segment` (the step) and `.position` (the byte offset), or None."
);
create_exception!(
    fastbip32,
    MnemonicError,
    Error,
    "A mnemonic the library rejects: `.position` (the word, from 0, or None) and `.suggestions`."
);
create_exception!(
    fastbip32,
    AddressError,
    Error,
    "An address or WIF text the library rejects, or a public key it cannot make an address of."
);
create_exception!(
    fastbip32,
    RecoveryError,
    Error,
    "A recovery search the library rejects: its template, target, options or checkpoint."
);
create_exception!(
    fastbip32,
    DescriptorError,
    Error,
    "An output descriptor the library rejects or cannot derive: `.position` (a byte offset, or None)."
);

/// An exception of class `E` with `message` and the attributes `attrs` set on it.
fn raise<E: pyo3::PyTypeInfo>(
    message: String,
    kind: &str,
    attrs: &[(&str, Option<usize>)],
    suggestions: Option<Vec<&'static str>>,
) -> PyErr {
    Python::attach(|py| {
        let err = PyErr::new::<E, _>(message);
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("kind", kind)?;
            for (name, attr) in attrs {
                value.setattr(*name, *attr)?;
            }
            if let Some(words) = suggestions {
                value.setattr("suggestions", PyList::new(py, words)?)?;
            }
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(other) => other,
        }
    })
}

/// A library error type the binding raises: each module's error becomes its exception.
pub(crate) trait LibraryError {
    /// The exception for this error.
    fn into_py(self) -> PyErr;
}

/// Any library error as its exception: `errors::lib` in a `map_err`.
pub(crate) fn lib<E: LibraryError>(err: E) -> PyErr {
    err.into_py()
}

/// A core library error (keys, paths, serialization, derivation): `PathError` for the
/// variants that are about a path or its steps, `Error` for the others.
impl LibraryError for fastbip32::Error {
    fn into_py(self) -> PyErr {
        use fastbip32::Error as E;
        let kind = self.kind();
        let message = self.to_string();
        match self {
            E::InvalidPath {
                segment, offset, ..
            } => raise::<PathError>(
                message,
                kind,
                &[("segment", Some(segment)), ("position", Some(offset))],
                None,
            ),
            E::HardenedOnly { segment, .. } | E::HardenedFromPublic { segment, .. } => {
                raise::<PathError>(
                    message,
                    kind,
                    &[("segment", Some(segment)), ("position", None)],
                    None,
                )
            }
            E::InvalidChildIndex { .. } | E::DepthExceeded => raise::<PathError>(
                message,
                kind,
                &[("segment", None), ("position", None)],
                None,
            ),
            _ => raise::<Error>(message, kind, &[], None),
        }
    }
}

/// An error of the address and WIF functions: `AddressError`.
impl LibraryError for fastbip32::address::Error {
    fn into_py(self) -> PyErr {
        raise::<AddressError>(self.to_string(), self.kind(), &[], None)
    }
}

/// A mnemonic error without the phrase at hand: `MnemonicError`, with no suggestions.
impl LibraryError for fastbip32::mnemonic::Error {
    fn into_py(self) -> PyErr {
        mnemonic(self, None, None)
    }
}

/// An error of a descriptor operation: `DescriptorError`, with the byte offset where the
/// error names one; an error of one key has `.key`, the key's zero-based position among the
/// descriptor's keys, and the kind of the key's own error (a syntax error in a key keeps the
/// kind `Invalid`).
impl LibraryError for fastbip32::descriptor::Error {
    fn into_py(self) -> PyErr {
        use fastbip32::descriptor::Error as E;
        // An error of one key is named by what is wrong with the key (`HardenedFromPublic`,
        // `BadChecksum`, …); `.key` says which key.
        let kind = match self {
            E::Key { error, .. } => error.kind(),
            E::Wif { error, .. } => error.kind(),
            _ => self.kind(),
        };
        let (position, key) = match self {
            E::Invalid { offset, key, .. } => (Some(offset), key.map(|k| k.key)),
            E::Unsupported { offset, .. } => (Some(offset), None),
            E::Key { key, .. } | E::Wif { key, .. } | E::FamilyMismatch { key, .. } => {
                (None, Some(key))
            }
            _ => (None, None),
        };
        raise::<DescriptorError>(
            self.to_string(),
            kind,
            &[("position", position), ("key", key)],
            None,
        )
    }
}

/// A recovery search's error (a bad template, target, combination of options or
/// checkpoint): `RecoveryError`.
impl LibraryError for fastbip32::recovery::Error {
    fn into_py(self) -> PyErr {
        raise::<RecoveryError>(self.to_string(), self.kind(), &[], None)
    }
}

/// Passphrase rules the library rejects (rule text, mask or base): `RecoveryError`, with the
/// variant's name as its kind (`InvalidRule`, `InvalidMaskClass`, …).
impl LibraryError for fastbip32::recovery::PassphraseRuleError {
    fn into_py(self) -> PyErr {
        raise::<RecoveryError>(self.to_string(), self.kind(), &[], None)
    }
}

/// An error of a mnemonic operation on `phrase` (when there is one), in `language` (when it
/// was given): `MnemonicError`, with the suggestions for an unknown word from its language
/// (the one given, else the list holding most of the phrase's words).
pub(crate) fn mnemonic(
    err: fastbip32::mnemonic::Error,
    phrase: Option<&str>,
    language: Option<Language>,
) -> PyErr {
    use fastbip32::mnemonic::Error as E;
    let kind = err.kind();
    let message = err.to_string();
    let position = match err {
        E::UnknownWord { position } | E::MixedLanguages { position } => Some(position),
        _ => None,
    };
    let suggestions = match (err, phrase) {
        (E::UnknownWord { position }, Some(phrase)) => {
            let language = language
                .or_else(|| guess_language(phrase))
                .unwrap_or(Language::English);
            phrase
                .split_whitespace()
                .nth(position)
                .map(|word| suggest(word, language).to_vec())
                .unwrap_or_default()
        }
        _ => Vec::new(),
    };
    raise::<MnemonicError>(message, kind, &[("position", position)], Some(suggestions))
}

/// A bad argument value the binding itself finds (an unknown curve name, a thread count of
/// 0): `fastbip32.Error` with `kind`.
pub(crate) fn binding(kind: &str, message: String) -> PyErr {
    raise::<Error>(message, kind, &[], None)
}

/// A recovery error with `message` in place of the library's (the library's with a hint):
/// `fastbip32.RecoveryError` with the error's kind.
pub(crate) fn recovery(err: &fastbip32::recovery::Error, message: String) -> PyErr {
    raise::<RecoveryError>(message, err.kind(), &[], None)
}

/// An address request the binding itself refuses (an unknown coin, a kind the coin does not
/// have): `fastbip32.AddressError` with `kind`.
pub(crate) fn address(kind: &str, message: String) -> PyErr {
    raise::<AddressError>(message, kind, &[], None)
}

/// A path the binding itself refuses (an absolute path below a key that is not a master
/// key): `fastbip32.PathError` with `kind`, at the path's first byte.
pub(crate) fn path(kind: &str, message: String) -> PyErr {
    raise::<PathError>(
        message,
        kind,
        &[("segment", None), ("position", Some(0))],
        None,
    )
}

/// The refusal of an operation a scheme does not define (`what`, on keys of the curve named
/// `curve`): `fastbip32.Error` with kind `UnsupportedByScheme`.
pub(crate) fn unsupported(what: &str, curve: &str) -> PyErr {
    binding(
        "UnsupportedByScheme",
        format!("{what} is not defined for {curve} keys"),
    )
}

/// A Python object of the wrong type: `TypeError`.
pub(crate) fn wrong_type(message: String) -> PyErr {
    PyTypeError::new_err(message)
}

/// A buffer the allocator refused: `MemoryError`.
pub(crate) fn out_of_memory(what: &str) -> PyErr {
    PyMemoryError::new_err(format!("cannot allocate {what}"))
}

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("PathError", py.get_type::<PathError>())?;
    m.add("MnemonicError", py.get_type::<MnemonicError>())?;
    m.add("DescriptorError", py.get_type::<DescriptorError>())?;
    m.add("AddressError", py.get_type::<AddressError>())?;
    m.add("RecoveryError", py.get_type::<RecoveryError>())?;
    Ok(())
}
