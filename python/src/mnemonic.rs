//! `fastbip32.Mnemonic` and `fastbip32.suggest`: BIP-39 mnemonics in the ten word lists.

use fastbip32::mnemonic::{suggest as lib_suggest, Language, Mnemonic};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyString, PyType};
use zeroize::Zeroizing;

use crate::errors;
use crate::names;

/// A BIP-39 mnemonic: 12, 15, 18, 21 or 24 words of one of the ten word lists.
///
/// `Mnemonic(phrase, language=None)` parses a phrase (its language detected when None;
/// its checksum checked). The words are held by the library and wiped when the object is
/// garbage-collected; `str(m)`, `words`, `entropy` and `to_seed()` hand out copies Python
/// does not wipe. `repr()` shows the language and the word count only, and a mnemonic
/// cannot be pickled (pickle `str(m)` explicitly if that is what you mean).
#[pyclass(name = "Mnemonic", module = "fastbip32", frozen)]
pub(crate) struct PyMnemonic {
    pub(crate) inner: Mnemonic,
}

#[pymethods]
impl PyMnemonic {
    #[new]
    #[pyo3(signature = (phrase, language = None))]
    fn new(phrase: String, language: Option<String>) -> PyResult<Self> {
        let phrase = Zeroizing::new(phrase);
        let language = language.as_deref().map(names::language).transpose()?;
        let parsed = match language {
            Some(language) => Mnemonic::parse_in(language, &phrase),
            None => Mnemonic::parse(&phrase),
        };
        parsed
            .map(|inner| Self { inner })
            .map_err(|e| errors::mnemonic(e, Some(&phrase), language))
    }

    /// A new mnemonic of `words` words (12, 15, 18, 21 or 24) from the operating system's
    /// random number generator.
    #[classmethod]
    #[pyo3(signature = (words = 12, language = "english".to_owned()), text_signature = "(words = 12, language = 'english')")]
    fn generate(_cls: &Bound<'_, PyType>, words: usize, language: String) -> PyResult<Self> {
        let language = names::language(&language)?;
        Mnemonic::generate(language, words)
            .map(|inner| Self { inner })
            .map_err(|e| errors::mnemonic(e, None, Some(language)))
    }

    /// The mnemonic of `entropy` (16 to 32 bytes, a multiple of 4).
    #[classmethod]
    #[pyo3(signature = (entropy, language = "english".to_owned()), text_signature = "(entropy, language = 'english')")]
    fn from_entropy(_cls: &Bound<'_, PyType>, entropy: &[u8], language: String) -> PyResult<Self> {
        let language = names::language(&language)?;
        Mnemonic::from_entropy(language, entropy)
            .map(|inner| Self { inner })
            .map_err(|e| errors::mnemonic(e, None, Some(language)))
    }

    /// The entropy the words encode (16 to 32 bytes).
    #[getter]
    fn entropy<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.to_entropy().as_bytes())
    }

    /// The word list's name (`english`, `japanese`, `chinese-simplified`, …).
    #[getter]
    fn language(&self) -> &'static str {
        self.inner.language().name()
    }

    /// The words, in order (NFKD, as the word list has them).
    #[getter]
    fn words(&self) -> Vec<&'static str> {
        self.inner.words().collect()
    }

    /// The phrase: the words joined by a space (U+3000 for Japanese).
    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        PyString::new(py, &self.inner.to_phrase())
    }

    /// The BIP-39 seed (64 bytes) for `passphrase`, with the GIL released (2,048 rounds of
    /// PBKDF2-HMAC-SHA512).
    #[pyo3(signature = (passphrase = String::new()), text_signature = "(passphrase = '')")]
    fn to_seed<'py>(&self, py: Python<'py>, passphrase: String) -> Bound<'py, PyBytes> {
        let passphrase = Zeroizing::new(passphrase);
        let seed = py.detach(|| self.inner.to_seed(&passphrase));
        PyBytes::new(py, seed.expose())
    }

    fn __repr__(&self) -> String {
        format!(
            "Mnemonic(language='{}', words={})",
            self.inner.language().name(),
            self.inner.word_count()
        )
    }

    /// Equal when the words are (compared in constant time).
    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// A mnemonic is not pickled: its words would end up in the pickle.
    #[allow(clippy::unused_self, reason = "Python's pickle protocol method")]
    fn __reduce__(&self) -> PyResult<()> {
        Err(errors::wrong_type(
            "a Mnemonic is not pickled, to keep its words out of pickles; pickle str(m) explicitly and parse it back with Mnemonic(text) if you mean to".to_owned(),
        ))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// The words of the `language` list closest to `word` (a mistyped word), best first: at
/// most four.
#[pyfunction]
#[pyo3(signature = (word, language = "english".to_owned()), text_signature = "(word, language = 'english')")]
pub(crate) fn suggest(word: PyBackedStr, language: String) -> PyResult<Vec<&'static str>> {
    let language: Language = names::language(&language)?;
    Ok(lib_suggest(&word, language).to_vec())
}
