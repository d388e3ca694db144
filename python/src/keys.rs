//! `ExtendedPrivateKey` and `ExtendedPublicKey`: the library's keys of a scheme chosen at
//! run time ([`fastbip32::AnyExtendedPrivateKey`], [`fastbip32::AnyExtendedPublicKey`])
//! behind one Python class each.
//!
//! `shared` holds what both classes use (the errors of the library's keys, the checks of
//! paths and parts, the master keys, the lists of many children) and the `key_class!`
//! definition of the methods both classes have; `private` and `public` hold one class each.

#[macro_use]
mod shared;
mod private;
mod public;

use fastbip32::AnyExtendedKey;
use pyo3::prelude::*;

use crate::names::{Curve, CurveArg as _};

pub(crate) use self::private::{derive_paths, derive_private_key, PyExtendedPrivateKey};
pub(crate) use self::public::PyExtendedPublicKey;
use self::shared::{any, secret_text};

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
    match AnyExtendedKey::parse(&text, curve).map_err(|e| any(e, None))? {
        key @ AnyExtendedKey::Private(_) => {
            Ok(Bound::new(py, PyExtendedPrivateKey::of(key)?)?.into_any())
        }
        key @ AnyExtendedKey::Public(_) => {
            Ok(Bound::new(py, PyExtendedPublicKey::of(key)?)?.into_any())
        }
    }
}
