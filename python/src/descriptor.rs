//! `fastbip32.Descriptor` and `fastbip32.account_descriptors`: output descriptors.

use fastbip32::descriptor::{
    account_descriptors as lib_accounts, AccountKind, Branch, Derived, Descriptor,
};
use fastbip32::Network;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use zeroize::Zeroizing;

use crate::convert;
use crate::errors;
use crate::keys::PyExtendedPrivateKey;
use crate::names;
use crate::outputs::{check_range, for_each_output, network_of, rows};
use crate::table;

/// A Python list of one value per output at indices `start … start + count − 1` of branch
/// `branch` (one output for a descriptor without a range): each output's value taken by
/// `pick` with the GIL released, [`convert::CHUNK`] outputs at a time, made a Python object
/// by `make`, with a check for signals (Ctrl-C) between chunks.
///
/// # Errors
/// The library's errors; `MemoryError`; `KeyboardInterrupt`.
fn output_list<'py, T: Send>(
    py: Python<'py>,
    descriptor: &Descriptor,
    branch: usize,
    start: u32,
    count: u32,
    pick: impl Fn(&Derived) -> Result<T, fastbip32::descriptor::Error> + Sync,
    make: impl Fn(Python<'py>, &T) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let branch = py
        .detach(|| -> Result<Branch<'_>, fastbip32::descriptor::Error> {
            let branch = descriptor.branch(branch)?;
            check_range(descriptor, &branch, start, count)?;
            Ok(branch)
        })
        .map_err(errors::lib)?;
    let total = rows(descriptor, count);
    let step = u32::try_from(convert::CHUNK).unwrap_or(u32::MAX);
    let out = PyList::empty(py);
    let mut scratch = Vec::new();
    let mut done = 0u32;
    while done < total {
        let n = (total - done).min(step);
        let values = py.detach(|| {
            let mut values = convert::reserve(n as usize, "the outputs")?;
            for_each_output(
                descriptor,
                &branch,
                start.saturating_add(done),
                n,
                &mut scratch,
                |o| {
                    values.push(pick(o)?);
                    Ok(())
                },
            )
            .map_err(errors::lib)?;
            PyResult::Ok(values)
        })?;
        for value in &values {
            out.append(make(py, value)?)?;
        }
        py.check_signals()?;
        done += n;
    }
    Ok(out)
}

/// An output descriptor (BIP-380 to BIP-386, BIP-389): `pkh`, `wpkh`, `sh(wpkh)`, `tr`
/// (key path) and `multi`/`sortedmulti` bare (at most 3 keys, no address) and in `sh`,
/// `wsh` and `sh(wsh)`, with key origins,
/// multipath steps and ranges. `Descriptor(text)` parses it (a `#checksum`, when present,
/// must match).
///
/// `str(d)` is Bitcoin Core's canonical public form with its checksum (private keys are
/// written as their public keys). A descriptor of public keys pickles as that text (Dask
/// ships it to workers that way); one with private keys is not pickled.
#[pyclass(name = "Descriptor", module = "fastbip32", frozen)]
pub(crate) struct PyDescriptor {
    pub(crate) inner: Descriptor,
}

#[pymethods]
impl PyDescriptor {
    #[new]
    fn new(text: String) -> PyResult<Self> {
        let text = Zeroizing::new(text);
        Descriptor::parse(&text)
            .map(|inner| Self { inner })
            .map_err(errors::lib)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Descriptor('{}')", self.inner)
    }

    /// The number of multipath branches (the length of the `<…>` tuple; 1 without one).
    #[getter]
    fn branch_count(&self) -> usize {
        self.inner.branch_count()
    }

    /// Whether some key has a range (`/*` or `/*'`).
    #[getter]
    fn is_ranged(&self) -> bool {
        self.inner.is_ranged()
    }

    /// The network the keys' versions imply (`"mainnet"` or `"testnet"`; signet and regtest
    /// use the testnet keys), or None when every key is a hex public key.
    #[getter]
    fn network(&self) -> Option<&'static str> {
        self.inner.network().map(Network::as_str)
    }

    /// Whether its outputs have addresses: false for a bare multisig, whose outputs are
    /// known by their scriptPubKeys alone (`addresses` raises `ValueError`).
    #[getter]
    fn has_address(&self) -> bool {
        self.inner.has_address()
    }

    /// Whether some key is private (`xprv`, `tprv`, WIF).
    #[getter]
    fn has_private_keys(&self) -> bool {
        self.inner.has_private_keys()
    }

    /// The BIP-380 checksum of the canonical form (8 characters).
    #[getter]
    fn checksum(&self) -> String {
        self.inner
            .checksum()
            .iter()
            .map(|&c| char::from(c))
            .collect()
    }

    /// The addresses at indices `start … start + count − 1` of `branch` (one address for a
    /// descriptor without a range), on `network` (None: the keys' own, mainnet for hex
    /// keys), derived with the GIL released, in chunks between which Ctrl-C is honoured.
    #[pyo3(signature = (start = 0, count = 20, branch = 0, network = None))]
    fn addresses<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        branch: usize,
        network: Option<String>,
    ) -> PyResult<Bound<'py, PyList>> {
        let network = network_of(&self.inner, network.as_deref())?;
        output_list(
            py,
            &self.inner,
            branch,
            start,
            count,
            |o| o.address(network),
            |py, a| Ok(convert::string(py, a.as_str())?.into_any()),
        )
    }

    /// The scriptPubKeys at indices `start … start + count − 1` of `branch` (one for a
    /// descriptor without a range), derived together with the GIL released.
    #[pyo3(signature = (start = 0, count = 20, branch = 0))]
    fn script_pubkeys<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        branch: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        output_list(
            py,
            &self.inner,
            branch,
            start,
            count,
            |o| Ok(*o.script_pubkey()),
            |py, s| Ok(convert::bytes(py, s.as_bytes())?.into_any()),
        )
    }

    /// The outputs at indices `start … start + count − 1` of each branch of `branches`
    /// (None: every branch, in order) as a `pyarrow.Table` with the columns `branch`
    /// (uint32), `index` (uint32; null without a range), `address` (string) and
    /// `script_pubkey` (binary), branch by branch. Built from Rust buffers on `threads`
    /// threads (None: every core) with the GIL released; memory beyond the table stays
    /// flat in `count`. Needs pyarrow (`pip install 'fastbip32[arrow]'`).
    #[pyo3(signature = (start = 0, count = 20, branches = None, network = None, threads = None))]
    fn address_table<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        branches: Option<Vec<usize>>,
        network: Option<String>,
        threads: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let network = network_of(&self.inner, network.as_deref())?;
        let branches = branches.unwrap_or_else(|| (0..self.inner.branch_count()).collect());
        table::address_table(py, &self.inner, start, count, &branches, network, threads)
    }

    /// Equal when the canonical public forms are, and both have private keys or neither
    /// has (the public form of a private key names it).
    fn __eq__(&self, other: &Self) -> bool {
        self.inner.has_private_keys() == other.inner.has_private_keys()
            && self.inner.to_string() == other.inner.to_string()
    }

    fn __hash__(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.has_private_keys().hash(&mut hasher);
        self.inner.to_string().hash(&mut hasher);
        hasher.finish()
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// A descriptor of public keys pickles as its text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        if this.inner.has_private_keys() {
            return Err(errors::wrong_type(
                "a Descriptor with private keys is not pickled, to keep its secrets out of pickles; pickle one of public keys (str(d) is its public form)".to_owned(),
            ));
        }
        let py = slf.py();
        let args = PyTuple::new(py, [this.inner.to_string()])?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

/// An account's four standard descriptors, as `fastbip32 descriptors` prints them:
/// `{"bip44": "pkh([fp/44h/0h/0h]xpub…/<0;1>/*)#…", "bip49": …, "bip84": …, "bip86": …}`,
/// for `account` below `root` (a secp256k1 master key: depth 0, as the tool's `--xkey`) on
/// `network` (coin type 0 and xpub on
/// mainnet, 1 and tpub elsewhere).
#[pyfunction]
#[pyo3(signature = (root, account = 0, network = "mainnet".to_owned()), text_signature = "(root, account = 0, network = 'mainnet')")]
pub(crate) fn account_descriptors<'py>(
    py: Python<'py>,
    root: &PyExtendedPrivateKey,
    account: u32,
    network: String,
) -> PyResult<Bound<'py, PyDict>> {
    let network = names::network(&network)?;
    let Some(key) = root.key.as_secp256k1() else {
        return Err(errors::unsupported(
            "an account descriptor",
            root.key.curve().name(),
        ));
    };
    if key.depth() != 0 {
        return Err(errors::binding(
            "NotARoot",
            format!(
                "root must be a master key (depth 0), not a key at depth {}: the descriptors' origin names the master key's fingerprint",
                key.depth()
            ),
        ));
    }
    let texts = py
        .detach(|| lib_accounts(key, account, network))
        .map_err(errors::lib)?;
    let out = PyDict::new(py);
    for (kind, text) in AccountKind::ALL.into_iter().zip(texts) {
        out.set_item(kind.name(), text)?;
    }
    Ok(out)
}
