//! `ExtendedPublicKey`: the library's extended public keys of every scheme that has them,
//! behind one Python class.

use fastbip32::{AnyExtendedKey, AnyExtendedPublicKey, ChildNumber};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList, PyTuple, PyType};

use crate::coin;
use crate::convert;
use crate::errors;
use crate::names::{Curve, CurveArg as _};

use super::shared::{
    any, check_path_start, children_list, first_child, given_network, kind_mismatch, meta_parts,
};

/// An extended public key: a public key, chain code, depth, parent fingerprint and child
/// number, on secp256k1, nist256p1 or one of the BIP32-Ed25519 curves (the hardened-only
/// curves have none). Pickles as its text.
#[pyclass(name = "ExtendedPublicKey", module = "fastbip32", frozen)]
pub(crate) struct PyExtendedPublicKey {
    pub(crate) key: AnyExtendedPublicKey,
    /// The network the key's version was read with (true: a test network), or None for a
    /// key whose version names none of the caller's choosing (made from a seed, whose
    /// `xprv` is the default for every network, or a custom version).
    test_network: Option<bool>,
}

impl PyExtendedPublicKey {
    fn text(&self, version: Option<&str>) -> PyResult<String> {
        self.key.to_text(version).map_err(|e| any(e, version))
    }
}

key_class! {
    PyExtendedPublicKey, "ExtendedPublicKey", derive_path_vartime;
    kinds(Public, Private, false);
    from_parts(public_key: AnyExtendedPublicKey, "xpub", "33 bytes; 32 on the BIP32-Ed25519 curves");
    from_bytes("64 bytes `A ‖ c`");

    /// Parses an extended public key: `xpub…`/`ypub…`/`zpub…`/`tpub…` (secp256k1, or
    /// nist256p1 when named), or CIP-5 `root_xvk1…`/`acct_xvk1…`/`xpub1…` text (the
    /// BIP32-Ed25519 curves; the default for such text).
    #[classmethod]
    #[pyo3(signature = (text, curve = None))]
    fn parse(_cls: &Bound<'_, PyType>, text: PyBackedStr, curve: Option<String>) -> PyResult<Self> {
        let curve = curve.as_deref().map(Curve::parse).transpose()?;
        Self::of(AnyExtendedKey::parse(&text, curve).map_err(|e| any(e, None))?)
    }

    /// The key's text: BIP-32 `Base58Check` in its own version or in `version` (`"zpub"`, …;
    /// a private name is an error), or CIP-5 bech32 with its own prefix or `version`.
    #[pyo3(signature = (version = None))]
    fn to_string(&self, version: Option<String>) -> PyResult<String> {
        self.text(version.as_deref())
    }

    fn __str__(&self) -> PyResult<String> {
        self.text(None)
    }

    /// The key's bytes: BIP-32's 78-byte serialization, or the 64 bytes `A ‖ c` on the
    /// BIP32-Ed25519 curves.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.key.to_bytes())
    }

    /// The public keys of the normal children `start … start + count − 1`, derived together
    /// (for secp256k1 through the batched affine path; variable time, as every input is
    /// public) with the GIL released.
    fn derive_public_keys<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
    ) -> PyResult<Bound<'py, PyList>> {
        let first: ChildNumber = first_child(start, false)?;
        let key = &self.key;
        key.check_children_vartime(first, count as usize)
            .map_err(errors::lib)?;
        children_list(py, first, count, key.public_key_len(), |child, out| {
            key.derive_public_keys_into_vartime(child, out)
        })
    }

    /// The addresses of the normal children `start … start + count − 1`, of `kind` or of
    /// `coin` (see `address`), derived together with the GIL released.
    #[pyo3(signature = (start = 0, count = 20, *, coin = None, kind = None, network = None, stake_key = None))]
    #[allow(
        clippy::too_many_arguments,
        reason = "the options, as Python passes them"
    )]
    fn addresses<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        coin: Option<String>,
        kind: Option<String>,
        network: Option<String>,
        stake_key: Option<&[u8]>,
    ) -> PyResult<Bound<'py, PyList>> {
        let request = self.request(
            kind.as_deref(),
            network.as_deref(),
            coin.as_deref(),
            stake_key,
        )?;
        coin::addresses(py, &self.key, start, count, &request)
    }

    /// The children's `index`, `address` and `public_key` as a `pyarrow.Table`, derived on
    /// `threads` threads with the GIL released (see `addresses`).
    #[pyo3(signature = (start = 0, count = 20, *, coin = None, kind = None, network = None, stake_key = None, threads = None))]
    #[allow(
        clippy::too_many_arguments,
        reason = "the options, as Python passes them"
    )]
    fn address_table<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        coin: Option<String>,
        kind: Option<String>,
        network: Option<String>,
        stake_key: Option<&[u8]>,
        threads: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let request = self.request(
            kind.as_deref(),
            network.as_deref(),
            coin.as_deref(),
            stake_key,
        )?;
        coin::address_table(py, &self.key, start, count, &request, threads)
    }

    /// Equal when scheme, key, chain code and metadata are.
    fn __eq__(&self, other: &Self) -> bool {
        self.key == other.key
    }

    fn __hash__(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.key.hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as its text (`parse_extended_key(text, curve)`), and on the BIP32-Ed25519
    /// curves, whose CIP-5 text has no depth, parent or child number, as its parts
    /// (`ExtendedPublicKey.from_parts`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let k = &slf.get().key;
        if k.curve().is_cardano() {
            let from_parts = slf.get_type().getattr("from_parts")?;
            let args = (
                PyBytes::new(py, k.public_key().as_ref()),
                PyBytes::new(py, k.chain_code().as_bytes()),
                k.depth(),
                PyBytes::new(py, &k.parent_fingerprint().to_bytes()),
                k.child_number().to_raw(),
                k.curve().name(),
                k.role().public_prefix().as_str(),
            )
                .into_pyobject(py)?;
            return PyTuple::new(py, [from_parts, args.into_any()]);
        }
        let parse = py.import("fastbip32")?.getattr("parse_extended_key")?;
        let args = PyTuple::new(py, [slf.get().text(None)?, k.curve().name().to_owned()])?;
        PyTuple::new(py, [parse, args.into_any()])
    }
}
