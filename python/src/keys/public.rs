//! `ExtendedPublicKey`: the library's extended public keys of every scheme that has them,
//! behind one Python class.

use fastbip32::cardano::{Role, XPUB_BECH32_MAX_LEN};
use fastbip32::{ChildNumber, ExtendedPublicKey, Scheme, Version};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList, PyTuple, PyType};

use crate::coin;
use crate::convert;
use crate::errors;
use crate::names::Curve;

use super::shared::{
    buffer, bytes, check_path_start, children_list, first_child, fixed, kind_mismatch, meta_parts,
    role_after, role_named, role_of, unknown_version, version_pair, AnyKey, Held, Public,
};

/// An extended public key: a public key, chain code, depth, parent fingerprint and child
/// number, on secp256k1, nist256p1 or one of the BIP32-Ed25519 curves (the hardened-only
/// curves have none). Pickles as its text.
#[pyclass(name = "ExtendedPublicKey", module = "fastbip32", frozen)]
pub(crate) struct PyExtendedPublicKey {
    pub(crate) key: Public,
    pub(crate) curve: Curve,
    role: Role,
    /// The network the key's version was read with (true: a test network), or None for a
    /// key whose version names none of the caller's choosing (made from a seed, whose
    /// `xprv` is the default for every network, or a custom version).
    test_network: Option<bool>,
}

impl PyExtendedPublicKey {
    pub(crate) fn new(key: Public, curve: Curve, role: Role) -> Self {
        Self {
            key,
            curve,
            role,
            test_network: None,
        }
    }

    /// This key, bound to the network of the version it was read with.
    pub(super) fn with_network(mut self, test: Option<bool>) -> Self {
        self.test_network = test;
        self
    }

    fn public_key_bytes(&self) -> Vec<u8> {
        on_public!(&self.key, |k| k.public_key().as_ref().to_vec())
    }

    /// What an address of this key is asked with.
    fn asked<'a>(
        &self,
        kind: Option<&'a str>,
        network: Option<&'a str>,
        coin: Option<&'a str>,
        stake_key: Option<&'a [u8]>,
    ) -> coin::Asked<'a> {
        coin::Asked {
            curve: Some(self.curve),
            key_is_test: self.test_network,
            kind,
            network,
            coin,
            stake_key,
        }
    }

    fn text(&self, version: Option<&str>) -> PyResult<String> {
        match &self.key {
            Public::Secp256k1(k) => bip32_public_text(k, version),
            Public::Nist256p1(k) => bip32_public_text(k, version),
            Public::Cardano(k) => {
                let role = version.map_or(Ok(self.role), role_named)?;
                let mut buf = [0u8; XPUB_BECH32_MAX_LEN];
                k.encode_bech32(role.public_prefix(), &mut buf)
                    .map(str::to_owned)
                    .map_err(errors::lib)
            }
        }
    }
}

fn bip32_public_text<S: fastbip32::Bip32Text>(
    key: &ExtendedPublicKey<S>,
    version: Option<&str>,
) -> PyResult<String> {
    match version {
        None => Ok(key.to_string()),
        Some(name) => {
            let version = Version::from_name(name).ok_or_else(|| unknown_version(name))?;
            Ok(key
                .clone()
                .with_version(version)
                .map_err(errors::lib)?
                .to_string())
        }
    }
}

#[pymethods]
impl PyExtendedPublicKey {
    /// Parses an extended public key: `xpub…`/`ypub…`/`zpub…`/`tpub…` (secp256k1, or
    /// nist256p1 when named), or CIP-5 `root_xvk1…`/`acct_xvk1…`/`xpub1…` text (the
    /// BIP32-Ed25519 curves; the default for such text).
    #[classmethod]
    #[pyo3(signature = (text, curve = None))]
    fn parse(_cls: &Bound<'_, PyType>, text: PyBackedStr, curve: Option<String>) -> PyResult<Self> {
        let curve = curve.as_deref().map(Curve::parse).transpose()?;
        match AnyKey::parse(&text, curve)? {
            AnyKey::Public(k) => Ok(k.into()),
            AnyKey::Private(k) => Err(kind_mismatch(k.curve, false)),
        }
    }

    /// An extended public key from its parts: the public key (33 bytes; 32 on the
    /// BIP32-Ed25519 curves), chain code, depth, parent fingerprint and raw child number,
    /// written in the family of `version` (a version name, or a CIP-5 prefix on
    /// BIP32-Ed25519; None: `xpub`, or the generic CIP-5 prefix).
    #[classmethod]
    #[pyo3(signature = (public_key, chain_code, depth = 0, parent_fingerprint = None, child_number = 0, curve = "secp256k1".to_owned(), version = None), text_signature = "(public_key, chain_code, depth = 0, parent_fingerprint = None, child_number = 0, curve = 'secp256k1', version = None)")]
    #[allow(
        clippy::too_many_arguments,
        reason = "the parts of a key, as Python passes them"
    )]
    fn from_parts(
        _cls: &Bound<'_, PyType>,
        public_key: &[u8],
        chain_code: &[u8],
        depth: u8,
        parent_fingerprint: Option<&[u8]>,
        child_number: u32,
        curve: String,
        version: Option<String>,
    ) -> PyResult<Self> {
        let curve = Curve::parse(&curve)?;
        let (cc, parent, child) = meta_parts(
            chain_code,
            parent_fingerprint.unwrap_or(&[0; 4]),
            child_number,
        )?;
        let e = errors::lib;
        let key = match curve {
            Curve::Secp256k1 => Public::Secp256k1(
                ExtendedPublicKey::from_parts(*fixed(public_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
            Curve::Nist256p1 => Public::Nist256p1(
                ExtendedPublicKey::from_parts(*fixed(public_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
            Curve::Ed25519 | Curve::Curve25519 => {
                return Err(errors::unsupported("an extended public key", curve.name()))
            }
            _ => Public::Cardano(
                ExtendedPublicKey::from_parts(*fixed(public_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
        };
        let key = match (key, version.as_deref()) {
            (Public::Secp256k1(k), Some(name)) => {
                Public::Secp256k1(k.with_version_pair(version_pair(name)?))
            }
            (Public::Nist256p1(k), Some(name)) => {
                Public::Nist256p1(k.with_version_pair(version_pair(name)?))
            }
            (key, _) => key,
        };
        let role = if curve.is_cardano() {
            role_of(version.as_deref())?
        } else {
            Role::Other
        };
        let test = match version.as_deref() {
            Some(name) if !curve.is_cardano() => version_pair(name)?.private().is_testnet(),
            _ => None,
        };
        Ok(Self::new(key, curve, role).with_network(test))
    }

    /// Decodes an extended public key from bytes: BIP-32's 78-byte serialization
    /// (secp256k1 by default, or nist256p1), or on the BIP32-Ed25519 curves the 64 bytes
    /// `A ‖ c`.
    #[classmethod]
    #[pyo3(signature = (data, curve = None))]
    fn from_bytes(_cls: &Bound<'_, PyType>, data: &[u8], curve: Option<String>) -> PyResult<Self> {
        let curve = Curve::parse_or(curve.as_deref(), Curve::Secp256k1)?;
        match AnyKey::from_bytes(data, curve)? {
            AnyKey::Public(k) => Ok(k.into()),
            AnyKey::Private(k) => Err(kind_mismatch(k.curve, false)),
        }
    }

    /// The key at `path` below this one (normal steps only): relative, or `m/…` from a
    /// master key (an absolute path below a key that is not a master key is a `PathError`).
    fn derive(&self, py: Python<'_>, path: PyBackedStr) -> PyResult<Self> {
        let path: &str = &path;
        check_path_start(path, self.depth(), self.role)?;
        let key = py.detach(|| -> PyResult<Public> {
            Ok(map_public!(&self.key, |k| k
                .derive_path_vartime(path)
                .map_err(errors::lib)?))
        })?;
        let role = role_after(self.role, path)?;
        Ok(Self::new(key, self.curve, role).with_network(self.test_network))
    }

    /// The curve's name, as in `fastbip32.CURVES`.
    #[getter]
    fn curve(&self) -> &'static str {
        self.curve.name()
    }

    /// The depth: 0 for a master key, one more per derivation step.
    #[getter]
    fn depth(&self) -> u8 {
        on_public!(&self.key, |k| k.depth())
    }

    /// The child number this key was derived with, hardened bit included.
    #[getter]
    fn child_number(&self) -> u32 {
        on_public!(&self.key, |k| k.child_number().to_raw())
    }

    /// This key's fingerprint (4 bytes).
    #[getter]
    fn fingerprint<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        bytes(py, &on_public!(&self.key, |k| k.fingerprint().to_bytes()))
    }

    /// The parent's fingerprint (4 bytes; zero for a master key).
    #[getter]
    fn parent_fingerprint<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        bytes(
            py,
            &on_public!(&self.key, |k| k.parent_fingerprint().to_bytes()),
        )
    }

    /// The chain code (32 bytes).
    #[getter]
    fn chain_code<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        on_public!(&self.key, |k| bytes(py, k.chain_code().as_bytes()))
    }

    /// The public key: 33 bytes on secp256k1 and nist256p1, 32 on BIP32-Ed25519.
    #[getter]
    fn public_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        bytes(py, &self.public_key_bytes())
    }

    /// The name of the version the key's text is written in (`xpub`, `zpub`, `tpub`, …; a
    /// CIP-5 prefix on the BIP32-Ed25519 curves), or None for a custom version.
    #[getter]
    fn version_name(&self) -> Option<&'static str> {
        match &self.key {
            Public::Secp256k1(k) => k.version().name(),
            Public::Nist256p1(k) => k.version().name(),
            Public::Cardano(_) => Some(self.role.public_prefix().as_str()),
        }
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
        match &self.key {
            Public::Secp256k1(k) => bytes(py, &k.to_bytes()[..]),
            Public::Nist256p1(k) => bytes(py, &k.to_bytes()[..]),
            Public::Cardano(k) => bytes(py, &k.to_raw_bytes()),
        }
    }

    /// The address of this key's public key (see `ExtendedPrivateKey.address`).
    #[pyo3(signature = (kind = None, network = None, *, coin = None, stake_key = None))]
    fn address(
        &self,
        kind: Option<String>,
        network: Option<String>,
        coin: Option<String>,
        stake_key: Option<&[u8]>,
    ) -> PyResult<String> {
        coin::Request::new(self.asked(
            kind.as_deref(),
            network.as_deref(),
            coin.as_deref(),
            stake_key,
        ))?
        .encode(&self.public_key_bytes())
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
        let request = coin::Request::new(self.asked(
            kind.as_deref(),
            network.as_deref(),
            coin.as_deref(),
            stake_key,
        ))?;
        on_public!(&self.key, |k| coin::addresses(
            py, k, start, count, &request
        ))
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
        let request = coin::Request::new(self.asked(
            kind.as_deref(),
            network.as_deref(),
            coin.as_deref(),
            stake_key,
        ))?;
        on_public!(&self.key, |k| coin::address_table(
            py, k, start, count, &request, threads
        ))
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
        let first = first_child(start, false)?;
        on_public!(&self.key, |k| {
            k.children_vartime(first, count as usize)
                .map_err(errors::lib)?;
            children_list(
                py,
                first,
                count,
                |child, n| public_children(k, child, n),
                |py, p| Ok(convert::bytes(py, p.as_ref())?.into_any()),
            )
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "ExtendedPublicKey(curve='{}', depth={}, fingerprint='{}')",
            self.curve.name(),
            self.depth(),
            convert::hex(&on_public!(&self.key, |k| k.fingerprint().to_bytes()))
        )
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
        let this = slf.get();
        if let Public::Cardano(k) = &this.key {
            let from_parts = slf.get_type().getattr("from_parts")?;
            let args = (
                PyBytes::new(py, &k.public_key()),
                PyBytes::new(py, k.chain_code().as_bytes()),
                k.depth(),
                PyBytes::new(py, &k.parent_fingerprint().to_bytes()),
                k.child_number().to_raw(),
                this.curve.name(),
                this.role.public_prefix().as_str(),
            )
                .into_pyobject(py)?;
            return PyTuple::new(py, [from_parts, args.into_any()]);
        }
        let parse = py.import("fastbip32")?.getattr("parse_extended_key")?;
        let args = PyTuple::new(py, [this.text(None)?, this.curve.name().to_owned()])?;
        PyTuple::new(py, [parse, args.into_any()])
    }
}

/// The `count` public keys of the normal children `start …` of `key` (batched, variable
/// time: its inputs are public).
fn public_children<S: Scheme>(
    key: &ExtendedPublicKey<S>,
    first: ChildNumber,
    count: u32,
) -> PyResult<Vec<S::PublicKey>> {
    let mut out = buffer(count, key.public_key(), "the keys")?;
    key.derive_public_keys_into_vartime(first, &mut out)
        .map_err(errors::lib)?;
    Ok(out)
}

impl From<Held<Public>> for PyExtendedPublicKey {
    fn from(held: Held<Public>) -> Self {
        Self::new(held.key, held.curve, held.role).with_network(held.test_network)
    }
}
