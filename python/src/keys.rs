//! `ExtendedPrivateKey` and `ExtendedPublicKey`: the library's key types of every scheme
//! behind one Python class each, with the curve name they were made with.
//!
//! The scheme is a type parameter in the library and a value here: `shared` holds the
//! dispatch over schemes both classes use (`Private`, `Public` and their macros) and the
//! parsing of either kind of key; `private` and `public` hold one class each.

#[macro_use]
mod shared;
mod private;
mod public;

use pyo3::prelude::*;

use crate::names::Curve;

pub(crate) use self::private::{derive_paths, derive_private_key, PyExtendedPrivateKey};
pub(crate) use self::public::PyExtendedPublicKey;
pub(crate) use self::shared::Private;
use self::shared::{secret_text, AnyKey};

/// Parses an extended key of either kind (see `ExtendedPrivateKey.parse` and
/// `ExtendedPublicKey.parse`) and returns whichever it is.
#[pyfunction]
#[pyo3(signature = (text, curve = None))]
pub(crate) fn parse_extended_key<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    curve: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let text = secret_text(text)?;
    let curve = curve.as_deref().map(Curve::parse).transpose()?;
    match AnyKey::parse(&text, curve)? {
        AnyKey::Private(k) => Ok(Bound::new(py, PyExtendedPrivateKey::from(k))?.into_any()),
        AnyKey::Public(k) => Ok(Bound::new(py, PyExtendedPublicKey::from(k))?.into_any()),
    }
}
