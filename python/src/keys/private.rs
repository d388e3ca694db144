//! `ExtendedPrivateKey`, `derive_paths` and `derive_private_key`: the library's extended
//! private keys of every scheme behind one Python class.

use fastbip32::mnemonic::{CardanoMnemonic, Mnemonic};
use fastbip32::{AnyExtendedKey, AnyExtendedPrivateKey, PathTree};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList, PyString, PyType};
use zeroize::{Zeroize, Zeroizing};

use crate::convert;
use crate::errors;
use crate::mnemonic::PyMnemonic;
use crate::names::{Curve, CurveArg as _};

use super::public::PyExtendedPublicKey;
use super::shared::{
    any, check_path_start, children_list, first_child, fixed, given_network, kind_mismatch,
    master_of_entropy, master_of_seed, meta_parts, phrase_of, secret_text, seedless,
};

/// An extended private key: a private key, chain code, depth, parent fingerprint and child
/// number, on one of the curves of `fastbip32.CURVES`.
///
/// Make one with `from_seed`, `from_mnemonic`, `from_entropy` (the Icarus curves) or
/// `parse`. The secret is held by the library and wiped when the key is garbage-collected;
/// `private_key`, `to_string()` and `wif()` hand out copies as Python `bytes`/`str`, which
/// Python does not wipe. `repr()` shows the curve, depth and fingerprint only, and the key
/// cannot be pickled (pickle `to_string()` explicitly if that is what you mean).
#[pyclass(name = "ExtendedPrivateKey", module = "fastbip32", frozen)]
pub(crate) struct PyExtendedPrivateKey {
    pub(crate) key: AnyExtendedPrivateKey,
    /// The network the key's version was read with (true: a test network), or None for a
    /// key whose version names none of the caller's choosing (made from a seed, whose
    /// `xprv` is the default for every network, or a custom version).
    test_network: Option<bool>,
}

impl PyExtendedPrivateKey {
    /// A list of the private or public keys of the children `start … start + count − 1`
    /// (hardened ones with `hardened`), derived with the GIL released.
    fn children<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        hardened: bool,
        keys: Keys,
    ) -> PyResult<Bound<'py, PyList>> {
        let first = first_child(start, hardened)?;
        let key = &self.key;
        key.check_children(first, count as usize)
            .map_err(errors::lib)?;
        match keys {
            Keys::Private => children_list(py, first, count, key.private_key_len(), |c, out| {
                key.derive_private_keys_into(c, out)
            }),
            Keys::Public => children_list(py, first, count, key.public_key_len(), |c, out| {
                key.derive_public_keys_into(c, out)
            }),
        }
    }
}

/// Which keys of the children a batch lists.
#[derive(Clone, Copy)]
enum Keys {
    /// The private keys.
    Private,
    /// The public keys, each from its private key in constant time.
    Public,
}

key_class! {
    PyExtendedPrivateKey, "ExtendedPrivateKey", derive_path;
    kinds(Private, Public, true);
    from_parts(private_key: AnyExtendedPrivateKey, "xprv", "32 bytes; 64, `kL ‖ kR`, on the BIP32-Ed25519 curves");
    from_bytes("96 bytes `kL ‖ kR ‖ c`");

    /// The master key of a seed (16 to 64 bytes): BIP-32 or SLIP-10 for `curve`; on
    /// `ed25519-bip32`, the Ledger/BitBox02 method. The Icarus curves start from entropy
    /// (`from_entropy`, `from_mnemonic`) and are refused here.
    #[classmethod]
    #[pyo3(signature = (seed, curve = "secp256k1".to_owned()), text_signature = "(seed, curve = 'secp256k1')")]
    fn from_seed(_cls: &Bound<'_, PyType>, seed: &[u8], curve: String) -> PyResult<Self> {
        let curve = Curve::parse(&curve)?;
        Ok(Self::new(master_of_seed(seed, curve)?, None))
    }

    /// The master key of a BIP-39 mnemonic (text in any of the ten word lists, or a
    /// `Mnemonic`) and passphrase: the BIP-39 seed's, and on the Icarus curves the Icarus
    /// master key of the mnemonic's entropy (also from Cardano's 9-word phrases).
    #[classmethod]
    #[pyo3(signature = (mnemonic, passphrase = String::new(), curve = "secp256k1".to_owned()), text_signature = "(mnemonic, passphrase = '', curve = 'secp256k1')")]
    fn from_mnemonic(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        mnemonic: &Bound<'_, PyAny>,
        passphrase: String,
        curve: String,
    ) -> PyResult<Self> {
        let passphrase = Zeroizing::new(passphrase);
        let curve = Curve::parse(&curve)?;
        let given = mnemonic.cast::<PyMnemonic>().ok();
        let key = if curve.is_icarus() {
            let cardano = if let Some(m) = given {
                CardanoMnemonic::from(&m.get().inner)
            } else {
                let phrase = phrase_of(mnemonic)?;
                CardanoMnemonic::parse(&phrase)
                    .map_err(|e| errors::mnemonic(e, Some(&phrase), None))?
            };
            let entropy = cardano.to_entropy();
            py.detach(|| master_of_entropy(entropy.as_bytes(), passphrase.as_bytes(), curve))?
        } else {
            let owned;
            let parsed: &Mnemonic = if let Some(m) = given {
                &m.get().inner
            } else {
                let phrase = phrase_of(mnemonic)?;
                owned = Mnemonic::parse(&phrase)
                    .map_err(|e| errors::mnemonic(e, Some(&phrase), None))?;
                &owned
            };
            let seed = py.detach(|| parsed.to_seed(&passphrase));
            master_of_seed(seed.expose(), curve)?
        };
        Ok(Self::new(key, None))
    }

    /// The Icarus master key (CIP-3) of BIP-39 entropy (12 to 32 bytes, a multiple of 4) and
    /// a passphrase (bytes, or text as UTF-8), on `cardano-icarus` or
    /// `cardano-icarus-trezor` only: the other curves start from a seed.
    #[classmethod]
    #[pyo3(signature = (entropy, passphrase = None, curve = "cardano-icarus".to_owned()), text_signature = "(entropy, passphrase = None, curve = 'cardano-icarus')")]
    fn from_entropy(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        entropy: &[u8],
        passphrase: Option<&Bound<'_, PyAny>>,
        curve: String,
    ) -> PyResult<Self> {
        let curve = Curve::parse(&curve)?;
        let passphrase: Zeroizing<Vec<u8>> = match passphrase {
            None => Zeroizing::new(Vec::new()),
            Some(p) => {
                if let Ok(b) = p.cast::<PyBytes>() {
                    Zeroizing::new(b.as_bytes().to_vec())
                } else if let Ok(s) = p.extract::<String>() {
                    Zeroizing::new(s.into_bytes())
                } else {
                    return Err(errors::wrong_type(
                        "passphrase must be bytes or str".to_owned(),
                    ));
                }
            }
        };
        let key = py.detach(|| master_of_entropy(entropy, &passphrase, curve))?;
        Ok(Self::new(key, None))
    }

    /// The BIP32-Ed25519 root key of a 32-byte secret by the Khovratovich–Law paper's method
    /// (§V.A), on `ed25519-bip32`. Half of all secrets are discarded by the method
    /// (`DiscardedRootKey`).
    #[classmethod]
    fn from_paper_secret(_cls: &Bound<'_, PyType>, secret: &[u8]) -> PyResult<Self> {
        let key = AnyExtendedPrivateKey::from_paper_secret(fixed(secret)?).map_err(errors::lib)?;
        Ok(Self::new(key, None))
    }

    /// Parses an extended private key: `xprv…`/`yprv…`/`zprv…`/`tprv…` (secp256k1, or
    /// nist256p1 when named), or CIP-5 `root_xsk1…`/`acct_xsk1…`/`xprv1…` text (the
    /// BIP32-Ed25519 curves; the default for such text).
    #[classmethod]
    #[pyo3(signature = (text, curve = None))]
    fn parse(
        _cls: &Bound<'_, PyType>,
        text: &Bound<'_, PyAny>,
        curve: Option<String>,
    ) -> PyResult<Self> {
        let text = secret_text(text)?;
        let curve = curve.as_deref().map(Curve::parse).transpose()?;
        Self::of(AnyExtendedKey::parse(&text, curve).map_err(|e| any(e, None))?)
    }

    /// The private key: 32 bytes, or 64 (`kL ‖ kR`) on the BIP32-Ed25519 curves. A copy
    /// Python does not wipe.
    #[getter]
    fn private_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.key.private_key())
    }

    /// The extended public key (BIP-32 `N()`), in the public twin of this key's version.
    fn to_xpub(&self) -> PyResult<PyExtendedPublicKey> {
        let public = self.key.to_xpub().map_err(|e| any(e, None))?;
        Ok(PyExtendedPublicKey::new(public, self.test_network))
    }

    /// The key's text: BIP-32 `Base58Check` in its own version, or in the family of `version`
    /// (`"zprv"`; a public name such as `"zpub"` means its private twin); on the
    /// BIP32-Ed25519 curves CIP-5 bech32 with its own prefix or `version` (`"acct_xsk"`, …).
    /// A copy Python does not wipe.
    #[pyo3(signature = (version = None))]
    fn to_string<'py>(
        &self,
        py: Python<'py>,
        version: Option<String>,
    ) -> PyResult<Bound<'py, PyString>> {
        let version = version.as_deref();
        let text = self.key.to_text(version).map_err(|e| any(e, version))?;
        // Straight from the wiped string into the Python object.
        Ok(PyString::new(py, &text))
    }

    fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.to_string(py, None)
    }

    /// The key's bytes: BIP-32's 78-byte serialization (secp256k1, nist256p1), or the 96
    /// bytes `kL ‖ kR ‖ c` on the BIP32-Ed25519 curves. A copy Python does not wipe.
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let data = self.key.to_bytes().map_err(|e| any(e, None))?;
        Ok(PyBytes::new(py, &data))
    }

    /// The private key as compressed WIF for `network` (secp256k1 keys). A copy Python does
    /// not wipe.
    #[pyo3(signature = (network = "mainnet".to_owned()), text_signature = "(network = 'mainnet')")]
    fn wif<'py>(&self, py: Python<'py>, network: String) -> PyResult<Bound<'py, PyString>> {
        let network = crate::names::network(&network)?;
        let text = self.key.wif(network).map_err(|e| any(e, None))?;
        Ok(PyString::new(py, &text))
    }

    /// The private keys of the children `start … start + count − 1` (normal ones, or
    /// hardened with `hardened=True`), derived together with the GIL released: a list of
    /// `bytes` Python does not wipe.
    #[pyo3(signature = (start, count, *, hardened = false))]
    fn derive_private_keys<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        hardened: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        self.children(py, start, count, hardened, Keys::Private)
    }

    /// The public keys of the children `start … start + count − 1` (normal, or hardened with
    /// `hardened=True`), each from its private key in constant time, with the GIL released.
    #[pyo3(signature = (start, count, *, hardened = false))]
    fn derive_public_keys<'py>(
        slf: &Bound<'py, Self>,
        start: u32,
        count: u32,
        hardened: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        slf.get()
            .children(slf.py(), start, count, hardened, Keys::Public)
    }

    /// Equal when scheme, key, chain code and metadata are (the three BIP32-Ed25519 curves
    /// differ only in how a master key is made); secrets compare in constant time.
    fn __eq__(&self, other: &Self) -> bool {
        self.key == other.key
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// A private key is not pickled: its secret would end up in the pickle.
    #[allow(clippy::unused_self, reason = "Python's pickle protocol method")]
    fn __reduce__(&self) -> PyResult<()> {
        Err(errors::wrong_type(
            "an ExtendedPrivateKey is not pickled, to keep its secret out of pickles; pickle k.to_string() explicitly and parse it back with ExtendedPrivateKey.parse if you mean to".to_owned(),
        ))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// The keys at `paths` (each relative to the master key of `seed`), derived together
/// through a `PathTree` (each shared prefix once) with the GIL released, in order.
#[pyfunction]
#[pyo3(signature = (seed, paths, curve = "secp256k1".to_owned()), text_signature = "(seed, paths, curve = 'secp256k1')")]
pub(crate) fn derive_paths<'py>(
    py: Python<'py>,
    seed: &[u8],
    paths: Vec<PyBackedStr>,
    curve: String,
) -> PyResult<Bound<'py, PyList>> {
    let curve = Curve::parse(&curve)?;
    let root = master_of_seed(seed, curve)?;
    let mut tree = PathTree::new();
    for path in &paths {
        tree.insert(&**path).map_err(errors::lib)?;
    }
    let keys = tree_list(py, &tree, &root);
    scrub_stack();
    keys
}

/// Writes zeros over the 32 KiB of stack below the caller's frame, where the frames of a
/// derivation it just ran lay: the library's walk and the moves of each key into its Python
/// object leave copies of the last keys there. Best effort: volatile writes (`zeroize`) in
/// a frame the compiler may place as it likes.
#[inline(never)]
#[allow(
    clippy::large_stack_arrays,
    reason = "the array is the stack area to wipe"
)]
fn scrub_stack() {
    let mut area = [0u64; 4096];
    area.zeroize();
    core::hint::black_box(&area);
}

/// The keys of `tree` below `root` as a list of `ExtendedPrivateKey`s. Each key is cloned
/// from the library's vector straight into its Python object, and that vector wipes every
/// key it held when it is dropped: no key is moved through a buffer that is freed unwiped.
/// Not inlined, so that the copies its moves leave on the stack are in frames below its
/// caller, which wipes them ([`scrub_stack`]).
#[inline(never)]
fn tree_list<'py>(
    py: Python<'py>,
    tree: &PathTree,
    root: &AnyExtendedPrivateKey,
) -> PyResult<Bound<'py, PyList>> {
    let keys = py.detach(|| root.derive_tree(tree)).map_err(errors::lib)?;
    let out = PyList::empty(py);
    for key in &keys {
        out.append(Bound::new(
            py,
            PyExtendedPrivateKey::new(key.clone(), None),
        )?)?;
    }
    Ok(out)
}

/// The private key at `path` below the master key of `seed`, and its chain code, through
/// the library's lean walk (`DerivedKey`): no depth, fingerprints or child number, so no
/// public key is computed for hardened steps (SLIP-10 ed25519 paths take no elliptic-curve
/// work at all). The fast path when only the key is needed; `ExtendedPrivateKey` otherwise.
#[pyfunction]
#[pyo3(signature = (seed, path, curve = "secp256k1".to_owned()), text_signature = "(seed, path, curve = 'secp256k1')")]
pub(crate) fn derive_private_key<'py>(
    py: Python<'py>,
    seed: &[u8],
    path: PyBackedStr,
    curve: String,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let curve = Curve::parse(&curve)?;
    if curve.is_icarus() {
        return Err(seedless(curve));
    }
    AnyExtendedPrivateKey::derive_lean(curve, seed, &path, |key, chain_code| {
        (
            PyBytes::new(py, key),
            PyBytes::new(py, chain_code.as_bytes()),
        )
    })
    .map_err(|e| any(e, None))
}
