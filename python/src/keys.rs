//! `ExtendedPrivateKey` and `ExtendedPublicKey`: the library's key types of every scheme
//! behind one Python class each, with the curve name they were made with.
//!
//! The scheme is a type parameter in the library and a value here: [`Private`] and [`Public`]
//! hold one key of any scheme, and [`on_private!`] / [`on_public!`] run code written once for
//! every scheme (the library's generic methods), keeping the variant.

use fastbip32::cardano::{cip5_prefix, Cip5Prefix, Role, XPRV_BECH32_MAX_LEN, XPUB_BECH32_MAX_LEN};
use fastbip32::mnemonic::{CardanoMnemonic, Mnemonic};
use fastbip32::{
    wif, ByteArray, ChainCode, ChildNumber, Curve25519, DerivationPath, DerivedKey, Ed25519,
    Ed25519Bip32, ExtendedKey, ExtendedPrivateKey, ExtendedPublicKey, Fingerprint, NistP256,
    PathTree, Scheme, Secp256k1, SecretBytes, Version,
};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple, PyType};
use zeroize::{Zeroize, Zeroizing};

use crate::address;
use crate::convert;
use crate::errors;
use crate::mnemonic::PyMnemonic;
use crate::names::Curve;

/// An extended private key of any scheme.
#[derive(Clone)]
pub(crate) enum Private {
    Secp256k1(ExtendedPrivateKey<Secp256k1>),
    Nist256p1(ExtendedPrivateKey<NistP256>),
    Ed25519(ExtendedPrivateKey<Ed25519>),
    Curve25519(ExtendedPrivateKey<Curve25519>),
    Cardano(ExtendedPrivateKey<Ed25519Bip32>),
}

/// An extended public key of any scheme that has them (not the hardened-only ones).
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) enum Public {
    Secp256k1(ExtendedPublicKey<Secp256k1>),
    Nist256p1(ExtendedPublicKey<NistP256>),
    Cardano(ExtendedPublicKey<Ed25519Bip32>),
}

/// Runs `$body` with `$k` bound to the key of whatever scheme `$key` holds.
macro_rules! on_private {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Private::Secp256k1($k) => $body,
            Private::Nist256p1($k) => $body,
            Private::Ed25519($k) => $body,
            Private::Curve25519($k) => $body,
            Private::Cardano($k) => $body,
        }
    };
}

/// As [`on_private!`], wrapping the result (a key of the same scheme) back in its variant.
macro_rules! map_private {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Private::Secp256k1($k) => Private::Secp256k1($body),
            Private::Nist256p1($k) => Private::Nist256p1($body),
            Private::Ed25519($k) => Private::Ed25519($body),
            Private::Curve25519($k) => Private::Curve25519($body),
            Private::Cardano($k) => Private::Cardano($body),
        }
    };
}

/// Runs `$body` with `$k` bound to the public key of whatever scheme `$key` holds.
macro_rules! on_public {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Public::Secp256k1($k) => $body,
            Public::Nist256p1($k) => $body,
            Public::Cardano($k) => $body,
        }
    };
}

/// As [`on_public!`], wrapping the result back in its variant.
macro_rules! map_public {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Public::Secp256k1($k) => Public::Secp256k1($body),
            Public::Nist256p1($k) => Public::Nist256p1($body),
            Public::Cardano($k) => Public::Cardano($body),
        }
    };
}

/// The CIP-5 role named by one of its prefixes (`acct_xsk`, `root_xvk`, …).
fn role_named(name: &str) -> PyResult<Role> {
    Cip5Prefix::ALL
        .into_iter()
        .find(|p| p.as_str() == name)
        .map(Role::of_prefix)
        .ok_or_else(|| unknown_version(name))
}

/// The role of the key at `path` below a key of role `role` (CIP-1852's places; `Other`
/// elsewhere).
fn role_after(role: Role, path: &str) -> PyResult<Role> {
    let steps = DerivationPath::parse_relative(path).map_err(errors::lib)?;
    Ok(role.after(steps.iter()))
}

/// Checks that `path` may be derived below a key at `depth` of role `role`: an absolute path
/// (`m`, `m/…`) names a key from the master key, so below any other key it is refused
/// (as `bip_utils` does) rather than read as relative.
///
/// # Errors
/// `fastbip32.PathError` with kind `AbsolutePathBelowRoot`.
fn check_path_start(path: &str, depth: u8, role: Role) -> PyResult<()> {
    let below_root = depth != 0 || matches!(role, Role::Account | Role::Address | Role::Stake);
    if below_root && path.trim_start().starts_with('m') {
        return Err(errors::path(
            "AbsolutePathBelowRoot",
            format!(
                "an absolute path (m/…) starts at the master key, and this key is not one (depth {depth}): give the path relative to it, without \"m/\""
            ),
        ));
    }
    Ok(())
}

fn unknown_version(name: &str) -> PyErr {
    errors::binding(
        "UnknownVersionName",
        format!("unknown version name {name:?} (xprv, zpub, tpub, …; for Cardano keys a CIP-5 prefix: root_xsk, acct_xvk, …)"),
    )
}

fn bytes<'py>(py: Python<'py>, data: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, data)
}

fn fixed<const N: usize>(data: &[u8]) -> PyResult<&[u8; N]> {
    data.try_into().map_err(|_| {
        errors::lib(fastbip32::Error::InvalidLength {
            len: data.len(),
            expected: N,
        })
    })
}

/// A mnemonic given as text, copied out of Python once and wiped after use.
fn phrase_of(mnemonic: &Bound<'_, PyAny>) -> PyResult<Zeroizing<String>> {
    mnemonic
        .extract::<String>()
        .map(Zeroizing::new)
        .map_err(|_| {
            errors::wrong_type("mnemonic must be a str or a fastbip32.Mnemonic".to_owned())
        })
}

/// A Python text argument that may be a secret (an xprv): copied out of Python once, wiped
/// after use.
fn secret_text(text: &Bound<'_, PyAny>) -> PyResult<Zeroizing<String>> {
    Ok(Zeroizing::new(text.extract::<String>()?))
}

/// A start index and count of siblings as the library's first child number.
fn first_child(start: u32, hardened: bool) -> PyResult<ChildNumber> {
    if hardened {
        ChildNumber::hardened(start)
    } else {
        ChildNumber::normal(start)
    }
    .map_err(errors::lib)
}

/// A buffer of `count` copies of `value`, or `MemoryError`.
fn buffer<T: Clone>(count: u32, value: T, what: &str) -> PyResult<Vec<T>> {
    let mut out = convert::reserve(count as usize, what)?;
    out.resize(count as usize, value);
    Ok(out)
}

/// A list of the values of `count` children from `first` (a range checked whole before):
/// `derive` makes the values of [`convert::CHUNK`] children at a time with the GIL released,
/// `make` each one's Python object, with a check for signals (Ctrl-C) between chunks.
///
/// # Errors
/// `derive`'s and `make`'s errors; `KeyboardInterrupt`.
fn children_list<'py, T: Send>(
    py: Python<'py>,
    first: ChildNumber,
    count: u32,
    derive: impl Fn(ChildNumber, u32) -> PyResult<Vec<T>> + Sync,
    make: impl Fn(Python<'py>, &T) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    let step = u32::try_from(convert::CHUNK).unwrap_or(u32::MAX);
    let mut done = 0u32;
    while done < count {
        let n = (count - done).min(step);
        let child = ChildNumber::from_raw(first.to_raw().saturating_add(done));
        let values = py.detach(|| derive(child, n))?;
        for value in &values {
            out.append(make(py, value)?)?;
        }
        py.check_signals()?;
        done += n;
    }
    Ok(out)
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

/// The chain code, parent fingerprint and child number of a key made from its parts.
fn meta_parts(
    chain_code: &[u8],
    parent_fingerprint: &[u8],
    child_number: u32,
) -> PyResult<(ChainCode, Fingerprint, ChildNumber)> {
    Ok((
        ChainCode::new(*fixed::<32>(chain_code)?),
        Fingerprint::new(*fixed::<4>(parent_fingerprint)?),
        ChildNumber::from_raw(child_number),
    ))
}

/// The role named by `version` (a CIP-5 prefix), or none.
fn role_of(version: Option<&str>) -> PyResult<Role> {
    version.map_or(Ok(Role::Other), role_named)
}

/// The master key of `seed` on `curve` (not the Icarus curves).
fn master_of_seed(seed: &[u8], curve: Curve) -> PyResult<Private> {
    let e = errors::lib;
    Ok(match curve {
        Curve::Secp256k1 => Private::Secp256k1(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Nist256p1 => Private::Nist256p1(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Ed25519 => Private::Ed25519(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Curve25519 => Private::Curve25519(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Ed25519Bip32 => Private::Cardano(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::CardanoIcarus | Curve::CardanoIcarusTrezor => return Err(seedless(curve)),
    })
}

/// The refusal of a seed on an Icarus curve.
fn seedless(curve: Curve) -> PyErr {
    errors::binding(
        "UnsupportedByScheme",
        format!(
            "{} master keys come from BIP-39 entropy, not a seed: use from_entropy or from_mnemonic",
            curve.name()
        ),
    )
}

/// The Icarus master key of `entropy` and `passphrase` on an Icarus `curve`.
fn master_of_entropy(entropy: &[u8], passphrase: &[u8], curve: Curve) -> PyResult<Private> {
    let key = match curve {
        Curve::CardanoIcarus => ExtendedPrivateKey::from_icarus(entropy, passphrase),
        Curve::CardanoIcarusTrezor => ExtendedPrivateKey::from_icarus_trezor(entropy, passphrase),
        _ => {
            return Err(errors::binding(
                "UnsupportedByScheme",
                format!(
                    "{} master keys come from a seed: from_entropy is for cardano-icarus and cardano-icarus-trezor",
                    curve.name()
                ),
            ))
        }
    };
    key.map(Private::Cardano).map_err(errors::lib)
}

/// Either kind of key, as text or bytes give it.
pub(crate) enum AnyKey {
    Private(PyExtendedPrivateKey),
    Public(PyExtendedPublicKey),
}

impl AnyKey {
    fn of<S>(
        key: ExtendedKey<S>,
        curve: Curve,
        private: fn(ExtendedPrivateKey<S>) -> Private,
        public: fn(ExtendedPublicKey<S>) -> Public,
    ) -> Self
    where
        S: Scheme,
    {
        match key {
            ExtendedKey::Private(k) => {
                let test = k.version().is_testnet();
                Self::Private(
                    PyExtendedPrivateKey::new(private(k), curve, Role::Other).with_network(test),
                )
            }
            ExtendedKey::Public(k) => {
                let test = k.version().is_testnet();
                Self::Public(
                    PyExtendedPublicKey::new(public(k), curve, Role::Other).with_network(test),
                )
            }
        }
    }

    /// Parses an extended key of either kind: BIP-32 text (`xprv…`, `zpub…`, `tpub…`; on
    /// secp256k1, or nist256p1 when named) or CIP-5 text (`root_xsk1…`, `acct_xvk1…`, …; on
    /// the BIP32-Ed25519 curves). Without `curve`, CIP-5 text is read on `ed25519-bip32`
    /// and anything else on secp256k1.
    pub(crate) fn parse(text: &str, curve: Option<Curve>) -> PyResult<Self> {
        let curve = curve.unwrap_or_else(|| {
            if cip5_prefix(text).is_ok() {
                Curve::Ed25519Bip32
            } else {
                Curve::Secp256k1
            }
        });
        match curve {
            Curve::Secp256k1 => Ok(Self::of(
                text.parse::<ExtendedKey<Secp256k1>>()
                    .map_err(errors::lib)?,
                curve,
                Private::Secp256k1,
                Public::Secp256k1,
            )),
            Curve::Nist256p1 => Ok(Self::of(
                text.parse::<ExtendedKey<NistP256>>().map_err(errors::lib)?,
                curve,
                Private::Nist256p1,
                Public::Nist256p1,
            )),
            Curve::Ed25519 | Curve::Curve25519 => {
                Err(errors::unsupported("extended key text", curve.name()))
            }
            Curve::Ed25519Bip32 | Curve::CardanoIcarus | Curve::CardanoIcarusTrezor => {
                let prefix = cip5_prefix(text).map_err(errors::lib)?;
                let role = Role::of_prefix(prefix);
                if prefix.is_private() {
                    let key = ExtendedPrivateKey::from_bech32(text).map_err(errors::lib)?;
                    Ok(Self::Private(PyExtendedPrivateKey::new(
                        Private::Cardano(key),
                        curve,
                        role,
                    )))
                } else {
                    let key = ExtendedPublicKey::from_bech32(text).map_err(errors::lib)?;
                    Ok(Self::Public(PyExtendedPublicKey::new(
                        Public::Cardano(key),
                        curve,
                        role,
                    )))
                }
            }
        }
    }

    /// Decodes an extended key of either kind from bytes: BIP-32's 78-byte serialization
    /// (secp256k1, nist256p1), or for the BIP32-Ed25519 curves the 96 bytes `kL ‖ kR ‖ c`
    /// or the 64 bytes `A ‖ c`.
    pub(crate) fn from_bytes(data: &[u8], curve: Curve) -> PyResult<Self> {
        match curve {
            Curve::Secp256k1 => Ok(Self::of(
                ExtendedKey::<Secp256k1>::from_bytes(fixed(data)?).map_err(errors::lib)?,
                curve,
                Private::Secp256k1,
                Public::Secp256k1,
            )),
            Curve::Nist256p1 => Ok(Self::of(
                ExtendedKey::<NistP256>::from_bytes(fixed(data)?).map_err(errors::lib)?,
                curve,
                Private::Nist256p1,
                Public::Nist256p1,
            )),
            Curve::Ed25519 | Curve::Curve25519 => {
                Err(errors::unsupported("extended key bytes", curve.name()))
            }
            Curve::Ed25519Bip32 | Curve::CardanoIcarus | Curve::CardanoIcarusTrezor => {
                if data.len() == fastbip32::cardano::XPUB_LEN {
                    let key =
                        ExtendedPublicKey::from_raw_bytes(fixed(data)?).map_err(errors::lib)?;
                    Ok(Self::Public(PyExtendedPublicKey::new(
                        Public::Cardano(key),
                        curve,
                        Role::Other,
                    )))
                } else {
                    let key =
                        ExtendedPrivateKey::from_raw_bytes(fixed(data)?).map_err(errors::lib)?;
                    Ok(Self::Private(PyExtendedPrivateKey::new(
                        Private::Cardano(key),
                        curve,
                        Role::Other,
                    )))
                }
            }
        }
    }

    pub(crate) fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        match self {
            Self::Private(k) => Ok(Bound::new(py, k)?.into_any()),
            Self::Public(k) => Ok(Bound::new(py, k)?.into_any()),
        }
    }
}

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
    fn with_network(mut self, test: Option<bool>) -> Self {
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
            AnyKey::Private(k) => Ok(k),
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
            AnyKey::Private(k) => Ok(k),
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
    /// `cardano-base`, `cardano-reward` (the Cardano curves). `network` None: the key's own
    /// (a `tprv`'s is testnet; mainnet otherwise). `cardano-base` needs `stake_key`, the
    /// account's `2/0` public key (32 bytes).
    #[pyo3(signature = (kind, network = None, *, stake_key = None))]
    fn address(
        &self,
        kind: String,
        network: Option<String>,
        stake_key: Option<&[u8]>,
    ) -> PyResult<String> {
        let kind = crate::names::address_kind(&kind)?;
        address::check_curve(kind, self.curve)?;
        let network = address::key_network(kind, self.test_network, network.as_deref())?;
        address::encode(kind, &self.public_key_bytes(), network, stake_key)
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

/// The library's error for text of the other kind than the one asked for.
fn kind_mismatch(curve: Curve, expected_private: bool) -> PyErr {
    if curve.is_cardano() {
        errors::lib(fastbip32::Error::UnexpectedBech32Prefix { expected_private })
    } else {
        errors::lib(fastbip32::Error::KeyKindMismatch { expected_private })
    }
}

/// The version pair named `name` (either of its versions), or an error.
fn version_pair(name: &str) -> PyResult<fastbip32::VersionPair> {
    Version::from_name(name)
        .and_then(Version::pair)
        .ok_or_else(|| unknown_version(name))
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
    fn with_network(mut self, test: Option<bool>) -> Self {
        self.test_network = test;
        self
    }

    fn public_key_bytes(&self) -> Vec<u8> {
        on_public!(&self.key, |k| k.public_key().as_ref().to_vec())
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
            AnyKey::Public(k) => Ok(k),
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
            AnyKey::Public(k) => Ok(k),
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
    #[pyo3(signature = (kind, network = None, *, stake_key = None))]
    fn address(
        &self,
        kind: String,
        network: Option<String>,
        stake_key: Option<&[u8]>,
    ) -> PyResult<String> {
        let kind = crate::names::address_kind(&kind)?;
        address::check_curve(kind, self.curve)?;
        let network = address::key_network(kind, self.test_network, network.as_deref())?;
        address::encode(kind, &self.public_key_bytes(), network, stake_key)
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
    AnyKey::parse(&text, curve)?.into_py(py)
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
