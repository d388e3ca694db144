//! `ExtendedPrivateKey`, `derive_paths` and `derive_private_key`: the library's extended
//! private keys of every scheme behind one Python class.

use fastbip32::cardano::{Role, XPRV_BECH32_MAX_LEN};
use fastbip32::mnemonic::{CardanoMnemonic, Mnemonic};
use fastbip32::{
    wif, ByteArray, ChildNumber, Curve25519, DerivedKey, Ed25519, Ed25519Bip32, ExtendedPrivateKey,
    NistP256, PathTree, Scheme, Secp256k1, SecretBytes,
};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList, PyString, PyType};
use zeroize::{Zeroize, Zeroizing};

use crate::coin;
use crate::convert;
use crate::errors;
use crate::mnemonic::PyMnemonic;
use crate::names::Curve;

use super::public::PyExtendedPublicKey;
use super::shared::{
    buffer, bytes, check_path_start, children_list, first_child, fixed, kind_mismatch,
    master_of_entropy, master_of_seed, meta_parts, phrase_of, role_after, role_named, role_of,
    secret_text, seedless, version_pair, AnyKey, Held, Private, Public,
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
    pub(crate) key: Private,
    pub(crate) curve: Curve,
    role: Role,
    /// The network the key's version was read with (true: a test network), or None for a
    /// key whose version names none of the caller's choosing (made from a seed, whose
    /// `xprv` is the default for every network, or a custom version).
    test_network: Option<bool>,
}

impl PyExtendedPrivateKey {
    pub(crate) fn new(key: Private, curve: Curve, role: Role) -> Self {
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
        on_private!(&self.key, |k| k.public_key().as_ref().to_vec())
    }

    fn fingerprint_bytes(&self) -> [u8; 4] {
        on_private!(&self.key, |k| k.fingerprint().to_bytes())
    }
}

#[pymethods]
impl PyExtendedPrivateKey {
    /// The master key of a seed (16 to 64 bytes): BIP-32 or SLIP-10 for `curve`; on
    /// `ed25519-bip32`, the Ledger/BitBox02 method. The Icarus curves start from entropy
    /// (`from_entropy`, `from_mnemonic`) and are refused here.
    #[classmethod]
    #[pyo3(signature = (seed, curve = "secp256k1".to_owned()), text_signature = "(seed, curve = 'secp256k1')")]
    fn from_seed(_cls: &Bound<'_, PyType>, seed: &[u8], curve: String) -> PyResult<Self> {
        let curve = Curve::parse(&curve)?;
        let role = if curve.is_cardano() {
            Role::Root
        } else {
            Role::Other
        };
        Ok(Self::new(master_of_seed(seed, curve)?, curve, role))
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
        let role = if curve.is_cardano() {
            Role::Root
        } else {
            Role::Other
        };
        Ok(Self::new(key, curve, role))
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
        Ok(Self::new(key, curve, Role::Root))
    }

    /// The BIP32-Ed25519 root key of a 32-byte secret by the Khovratovich–Law paper's method
    /// (§V.A), on `ed25519-bip32`. Half of all secrets are discarded by the method
    /// (`DiscardedRootKey`).
    #[classmethod]
    fn from_paper_secret(_cls: &Bound<'_, PyType>, secret: &[u8]) -> PyResult<Self> {
        let key = ExtendedPrivateKey::from_paper_secret(fixed(secret)?).map_err(errors::lib)?;
        Ok(Self::new(
            Private::Cardano(key),
            Curve::Ed25519Bip32,
            Role::Root,
        ))
    }

    /// An extended private key from its parts: the private key (32 bytes; 64, `kL ‖ kR`, on
    /// the BIP32-Ed25519 curves), chain code, depth, parent fingerprint and raw child number,
    /// written in the family of `version` (a version name, or a CIP-5 prefix on
    /// BIP32-Ed25519; None: `xprv`, or the generic CIP-5 prefix).
    #[classmethod]
    #[pyo3(signature = (private_key, chain_code, depth = 0, parent_fingerprint = None, child_number = 0, curve = "secp256k1".to_owned(), version = None), text_signature = "(private_key, chain_code, depth = 0, parent_fingerprint = None, child_number = 0, curve = 'secp256k1', version = None)")]
    #[allow(
        clippy::too_many_arguments,
        reason = "the parts of a key, as Python passes them"
    )]
    fn from_parts(
        _cls: &Bound<'_, PyType>,
        private_key: &[u8],
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
            Curve::Secp256k1 => Private::Secp256k1(
                ExtendedPrivateKey::from_parts(fixed(private_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
            Curve::Nist256p1 => Private::Nist256p1(
                ExtendedPrivateKey::from_parts(fixed(private_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
            Curve::Ed25519 => Private::Ed25519(
                ExtendedPrivateKey::from_parts(fixed(private_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
            Curve::Curve25519 => Private::Curve25519(
                ExtendedPrivateKey::from_parts(fixed(private_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
            _ => Private::Cardano(
                ExtendedPrivateKey::from_parts(fixed(private_key)?, cc, depth, parent, child)
                    .map_err(e)?,
            ),
        };
        let key = match (key, version.as_deref()) {
            (Private::Secp256k1(k), Some(name)) => {
                Private::Secp256k1(k.with_version_pair(version_pair(name)?))
            }
            (Private::Nist256p1(k), Some(name)) => {
                Private::Nist256p1(k.with_version_pair(version_pair(name)?))
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
        match AnyKey::parse(&text, curve)? {
            AnyKey::Private(k) => Ok(k.into()),
            AnyKey::Public(k) => Err(kind_mismatch(k.curve, true)),
        }
    }

    /// Decodes an extended private key from bytes: BIP-32's 78-byte serialization
    /// (secp256k1 by default, or nist256p1), or on the BIP32-Ed25519 curves the 96 bytes
    /// `kL ‖ kR ‖ c`.
    #[classmethod]
    #[pyo3(signature = (data, curve = None))]
    fn from_bytes(_cls: &Bound<'_, PyType>, data: &[u8], curve: Option<String>) -> PyResult<Self> {
        let curve = Curve::parse_or(curve.as_deref(), Curve::Secp256k1)?;
        match AnyKey::from_bytes(data, curve)? {
            AnyKey::Private(k) => Ok(k.into()),
            AnyKey::Public(k) => Err(kind_mismatch(k.curve, true)),
        }
    }

    /// The key at `path` below this one, of the same type: `"m/44'/0'/0'"` from a master key,
    /// or `"0/1'"` relative to any key (an absolute path below a key that is not a master
    /// key is a `PathError`); hardened markers `'`, `h` or `H`.
    fn derive(&self, py: Python<'_>, path: PyBackedStr) -> PyResult<Self> {
        let path: &str = &path;
        check_path_start(path, self.depth(), self.role)?;
        let key = py.detach(|| -> PyResult<Private> {
            Ok(map_private!(&self.key, |k| k
                .derive_path(path)
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
        on_private!(&self.key, |k| k.depth())
    }

    /// The child number this key was derived with, hardened bit included (0 for a master key).
    #[getter]
    fn child_number(&self) -> u32 {
        on_private!(&self.key, |k| k.child_number().to_raw())
    }

    /// This key's fingerprint (4 bytes): the first bytes of HASH160 of its public key.
    #[getter]
    fn fingerprint<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        bytes(py, &self.fingerprint_bytes())
    }

    /// The parent's fingerprint (4 bytes; zero for a master key).
    #[getter]
    fn parent_fingerprint<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        bytes(
            py,
            &on_private!(&self.key, |k| k.parent_fingerprint().to_bytes()),
        )
    }

    /// The chain code (32 bytes).
    #[getter]
    fn chain_code<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        on_private!(&self.key, |k| bytes(py, k.chain_code().as_bytes()))
    }

    /// The public key: 33 bytes (SEC1 compressed) on secp256k1 and nist256p1, 32 on the
    /// ed25519, curve25519 and BIP32-Ed25519 curves.
    #[getter]
    fn public_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        bytes(py, &self.public_key_bytes())
    }

    /// The private key: 32 bytes, or 64 (`kL ‖ kR`) on the BIP32-Ed25519 curves. A copy
    /// Python does not wipe.
    #[getter]
    fn private_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        on_private!(&self.key, |k| bytes(py, k.private_key().as_ref()))
    }

    /// The name of the version the key's text is written in (`xprv`, `zprv`, `tprv`, …; a
    /// CIP-5 prefix on the BIP32-Ed25519 curves), or None (a custom version, or a curve
    /// without text).
    #[getter]
    fn version_name(&self) -> Option<&'static str> {
        match &self.key {
            Private::Secp256k1(k) => k.version().name(),
            Private::Nist256p1(k) => k.version().name(),
            Private::Cardano(_) => Some(self.role.private_prefix().as_str()),
            Private::Ed25519(_) | Private::Curve25519(_) => None,
        }
    }

    /// The extended public key (BIP-32 `N()`), in the public twin of this key's version.
    fn to_xpub(&self) -> PyResult<PyExtendedPublicKey> {
        let public = match &self.key {
            Private::Secp256k1(k) => Public::Secp256k1(k.to_xpub()),
            Private::Nist256p1(k) => Public::Nist256p1(k.to_xpub()),
            Private::Cardano(k) => Public::Cardano(k.to_xpub()),
            Private::Ed25519(_) | Private::Curve25519(_) => {
                return Err(errors::unsupported(
                    "an extended public key",
                    self.curve.name(),
                ))
            }
        };
        Ok(PyExtendedPublicKey::new(public, self.curve, self.role).with_network(self.test_network))
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
        let text: Zeroizing<String> = match &self.key {
            Private::Secp256k1(k) => bip32_private_text(k, version)?,
            Private::Nist256p1(k) => bip32_private_text(k, version)?,
            Private::Cardano(k) => {
                let role = version.map_or(Ok(self.role), role_named)?;
                let mut buf = Zeroizing::new([0u8; XPRV_BECH32_MAX_LEN]);
                let text = k
                    .encode_bech32(role.private_prefix(), &mut buf[..])
                    .map_err(errors::lib)?;
                Zeroizing::new(text.to_owned())
            }
            Private::Ed25519(_) | Private::Curve25519(_) => {
                return Err(errors::unsupported("extended key text", self.curve.name()))
            }
        };
        // Straight from the wiped string into the Python object.
        Ok(PyString::new(py, &text))
    }

    fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.to_string(py, None)
    }

    /// The key's bytes: BIP-32's 78-byte serialization (secp256k1, nist256p1), or the 96
    /// bytes `kL ‖ kR ‖ c` on the BIP32-Ed25519 curves. A copy Python does not wipe.
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        match &self.key {
            Private::Secp256k1(k) => Ok(bytes(py, &k.to_bytes()[..])),
            Private::Nist256p1(k) => Ok(bytes(py, &k.to_bytes()[..])),
            Private::Cardano(k) => Ok(bytes(py, &k.to_raw_bytes()[..])),
            Private::Ed25519(_) | Private::Curve25519(_) => {
                Err(errors::unsupported("extended key bytes", self.curve.name()))
            }
        }
    }

    /// The private key as compressed WIF for `network` (secp256k1 keys). A copy Python does
    /// not wipe.
    #[pyo3(signature = (network = "mainnet".to_owned()), text_signature = "(network = 'mainnet')")]
    fn wif<'py>(&self, py: Python<'py>, network: String) -> PyResult<Bound<'py, PyString>> {
        let network = crate::names::network(&network)?;
        let Private::Secp256k1(k) = &self.key else {
            return Err(errors::unsupported("WIF", self.curve.name()));
        };
        let text = wif::encode_to_string(k.private_key(), network).map_err(errors::lib)?;
        Ok(PyString::new(py, &text))
    }

    /// The address of this key's public key: `kind` is `p2pkh`, `p2sh-p2wpkh`, `p2wpkh`,
    /// `p2tr`, `ethereum` (secp256k1), `solana` (ed25519), `cardano-enterprise`,
    /// `cardano-base`, `cardano-reward` (the Cardano curves); or with `coin` (a slug or symbol
    /// of `fastbip32.COINS`), the coin's default kind, or its kind `kind`. `network` None: the
    /// key's own (a `tprv`'s is testnet; mainnet otherwise). `cardano-base` needs
    /// `stake_key`, the account's `2/0` public key (32 bytes).
    #[pyo3(signature = (kind = None, network = None, *, coin = None, stake_key = None))]
    fn address(
        &self,
        kind: Option<String>,
        network: Option<String>,
        coin: Option<String>,
        stake_key: Option<&[u8]>,
    ) -> PyResult<String> {
        coin::Request::new(coin::Asked {
            curve: Some(self.curve),
            key_is_test: self.test_network,
            kind: kind.as_deref(),
            network: network.as_deref(),
            coin: coin.as_deref(),
            stake_key,
        })?
        .encode(&self.public_key_bytes())
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
        let first = first_child(start, hardened)?;
        on_private!(&self.key, |k| {
            k.children(first, count as usize).map_err(errors::lib)?;
            children_list(
                py,
                first,
                count,
                |child, n| private_children(k, child, n),
                |py, s| Ok(convert::bytes(py, s.expose().as_ref())?.into_any()),
            )
        })
    }

    /// The public keys of the children `start … start + count − 1` (normal, or hardened with
    /// `hardened=True`), each from its private key in constant time, with the GIL released.
    #[pyo3(signature = (start, count, *, hardened = false))]
    fn derive_public_keys<'py>(
        &self,
        py: Python<'py>,
        start: u32,
        count: u32,
        hardened: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let first = first_child(start, hardened)?;
        on_private!(&self.key, |k| {
            k.children(first, count as usize).map_err(errors::lib)?;
            children_list(
                py,
                first,
                count,
                |child, n| public_children_of_private(k, child, n),
                |py, p| Ok(convert::bytes(py, p.as_ref())?.into_any()),
            )
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "ExtendedPrivateKey(curve='{}', depth={}, fingerprint='{}')",
            self.curve.name(),
            self.depth(),
            convert::hex(&self.fingerprint_bytes())
        )
    }

    /// Equal when scheme, key, chain code and metadata are (the three BIP32-Ed25519 curves
    /// differ only in how a master key is made); secrets compare in constant time.
    fn __eq__(&self, other: &Self) -> bool {
        private_eq(&self.key, &other.key)
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

fn private_eq(a: &Private, b: &Private) -> bool {
    match (a, b) {
        (Private::Secp256k1(a), Private::Secp256k1(b)) => a == b,
        (Private::Nist256p1(a), Private::Nist256p1(b)) => a == b,
        (Private::Ed25519(a), Private::Ed25519(b)) => a == b,
        (Private::Curve25519(a), Private::Curve25519(b)) => a == b,
        (Private::Cardano(a), Private::Cardano(b)) => a == b,
        _ => false,
    }
}

fn bip32_private_text<S: fastbip32::Bip32Text>(
    key: &ExtendedPrivateKey<S>,
    version: Option<&str>,
) -> PyResult<Zeroizing<String>> {
    Ok(match version {
        None => key.to_zeroizing_string(),
        Some(name) => key
            .clone()
            .with_version_pair(version_pair(name)?)
            .to_zeroizing_string(),
    })
}

/// The `count` private keys of the children `start …` of `key` (hardened ones with
/// `hardened`), derived together in wiped buffers.
fn private_children<S: Scheme>(
    key: &ExtendedPrivateKey<S>,
    first: ChildNumber,
    count: u32,
) -> PyResult<Vec<SecretBytes<S::PrivateKey>>> {
    let mut out = buffer(count, SecretBytes::new(S::PrivateKey::ZERO), "the keys")?;
    key.derive_private_keys_into(first, &mut out)
        .map_err(errors::lib)?;
    Ok(out)
}

/// The `count` public keys of the children `start …` of `key`, from their private keys in
/// constant time.
fn public_children_of_private<S: Scheme>(
    key: &ExtendedPrivateKey<S>,
    first: ChildNumber,
    count: u32,
) -> PyResult<Vec<S::PublicKey>> {
    let mut out = buffer(count, key.public_key(), "the keys")?;
    key.derive_public_keys_into(first, &mut out)
        .map_err(errors::lib)?;
    Ok(out)
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
    let keys = match &root {
        Private::Secp256k1(k) => tree_list(py, &tree, k, curve, Private::Secp256k1),
        Private::Nist256p1(k) => tree_list(py, &tree, k, curve, Private::Nist256p1),
        Private::Ed25519(k) => tree_list(py, &tree, k, curve, Private::Ed25519),
        Private::Curve25519(k) => tree_list(py, &tree, k, curve, Private::Curve25519),
        Private::Cardano(k) => tree_list(py, &tree, k, curve, Private::Cardano),
    };
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
/// from the tree's vector straight into its Python object, and that vector wipes every key
/// it held when it is dropped: no key is moved through a buffer that is freed unwiped. Not
/// inlined, so that the copies its moves leave on the stack are in frames below its caller,
/// which wipes them ([`scrub_stack`]).
#[inline(never)]
fn tree_list<'py, S: Scheme>(
    py: Python<'py>,
    tree: &PathTree,
    root: &ExtendedPrivateKey<S>,
    curve: Curve,
    wrap: fn(ExtendedPrivateKey<S>) -> Private,
) -> PyResult<Bound<'py, PyList>> {
    let keys = py.detach(|| tree.derive(root)).map_err(errors::lib)?;
    let out = PyList::empty(py);
    for key in &keys {
        let object = PyExtendedPrivateKey::new(wrap(key.clone()), curve, Role::Other);
        out.append(Bound::new(py, object)?)?;
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
    fn walk<S: Scheme>(seed: &[u8], path: &str) -> Result<DerivedKey<S>, fastbip32::Error> {
        DerivedKey::<S>::from_seed(seed)?.derive_path(path)
    }
    fn pair<'py, S: Scheme>(
        py: Python<'py>,
        key: &DerivedKey<S>,
    ) -> (Bound<'py, PyBytes>, Bound<'py, PyBytes>) {
        (
            PyBytes::new(py, key.private_key().as_ref()),
            PyBytes::new(py, key.chain_code().as_bytes()),
        )
    }
    let curve = Curve::parse(&curve)?;
    let path: &str = &path;
    let e = errors::lib;
    Ok(match curve {
        Curve::Secp256k1 => pair(py, &walk::<Secp256k1>(seed, path).map_err(e)?),
        Curve::Nist256p1 => pair(py, &walk::<NistP256>(seed, path).map_err(e)?),
        Curve::Ed25519 => pair(py, &walk::<Ed25519>(seed, path).map_err(e)?),
        Curve::Curve25519 => pair(py, &walk::<Curve25519>(seed, path).map_err(e)?),
        Curve::Ed25519Bip32 => pair(py, &walk::<Ed25519Bip32>(seed, path).map_err(e)?),
        Curve::CardanoIcarus | Curve::CardanoIcarusTrezor => return Err(seedless(curve)),
    })
}

impl From<Held<Private>> for PyExtendedPrivateKey {
    fn from(held: Held<Private>) -> Self {
        Self::new(held.key, held.curve, held.role).with_network(held.test_network)
    }
}
