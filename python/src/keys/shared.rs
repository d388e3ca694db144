//! What both key classes share: [`Private`] and [`Public`], one key of any scheme each, and
//! the macros that run code written once for every scheme on them (keeping the variant); the
//! parsing of either kind of key ([`AnyKey`]), the checks of paths and parts, the master keys.

use fastbip32::cardano::{cip5_prefix, Cip5Prefix, Role};
use fastbip32::{
    ChainCode, ChildNumber, Curve25519, DerivationPath, Ed25519, Ed25519Bip32, ExtendedKey,
    ExtendedPrivateKey, ExtendedPublicKey, Fingerprint, NistP256, Scheme, Secp256k1, Version,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};
use zeroize::Zeroizing;

use crate::convert;
use crate::errors;
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
pub(super) fn role_named(name: &str) -> PyResult<Role> {
    Cip5Prefix::ALL
        .into_iter()
        .find(|p| p.as_str() == name)
        .map(Role::of_prefix)
        .ok_or_else(|| unknown_version(name))
}

/// The role of the key at `path` below a key of role `role` (CIP-1852's places; `Other`
/// elsewhere).
pub(super) fn role_after(role: Role, path: &str) -> PyResult<Role> {
    let steps = DerivationPath::parse_relative(path).map_err(errors::lib)?;
    Ok(role.after(steps.iter()))
}

/// Checks that `path` may be derived below a key at `depth` of role `role`: an absolute path
/// (`m`, `m/…`) names a key from the master key, so below any other key it is refused
/// (as `bip_utils` does) rather than read as relative.
///
/// # Errors
/// `fastbip32.PathError` with kind `AbsolutePathBelowRoot`.
pub(super) fn check_path_start(path: &str, depth: u8, role: Role) -> PyResult<()> {
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

pub(super) fn unknown_version(name: &str) -> PyErr {
    errors::binding(
        "UnknownVersionName",
        format!("unknown version name {name:?} (xprv, zpub, tpub, …; for Cardano keys a CIP-5 prefix: root_xsk, acct_xvk, …)"),
    )
}

pub(super) fn bytes<'py>(py: Python<'py>, data: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, data)
}

pub(super) fn fixed<const N: usize>(data: &[u8]) -> PyResult<&[u8; N]> {
    data.try_into().map_err(|_| {
        errors::lib(fastbip32::Error::InvalidLength {
            len: data.len(),
            expected: N,
        })
    })
}

/// A mnemonic given as text, copied out of Python once and wiped after use.
pub(super) fn phrase_of(mnemonic: &Bound<'_, PyAny>) -> PyResult<Zeroizing<String>> {
    mnemonic
        .extract::<String>()
        .map(Zeroizing::new)
        .map_err(|_| {
            errors::wrong_type("mnemonic must be a str or a fastbip32.Mnemonic".to_owned())
        })
}

/// A Python text argument that may be a secret (an xprv): copied out of Python once, wiped
/// after use.
pub(super) fn secret_text(text: &Bound<'_, PyAny>) -> PyResult<Zeroizing<String>> {
    Ok(Zeroizing::new(text.extract::<String>()?))
}

/// A start index and count of siblings as the library's first child number.
pub(super) fn first_child(start: u32, hardened: bool) -> PyResult<ChildNumber> {
    if hardened {
        ChildNumber::hardened(start)
    } else {
        ChildNumber::normal(start)
    }
    .map_err(errors::lib)
}

/// A buffer of `count` copies of `value`, or `MemoryError`.
pub(super) fn buffer<T: Clone>(count: u32, value: T, what: &str) -> PyResult<Vec<T>> {
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
pub(super) fn children_list<'py, T: Send>(
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

/// The chain code, parent fingerprint and child number of a key made from its parts.
pub(super) fn meta_parts(
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
pub(super) fn role_of(version: Option<&str>) -> PyResult<Role> {
    version.map_or(Ok(Role::Other), role_named)
}

/// The master key of `seed` on `curve` (not the Icarus curves).
pub(super) fn master_of_seed(seed: &[u8], curve: Curve) -> PyResult<Private> {
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
pub(super) fn seedless(curve: Curve) -> PyErr {
    errors::binding(
        "UnsupportedByScheme",
        format!(
            "{} master keys come from BIP-39 entropy, not a seed: use from_entropy or from_mnemonic",
            curve.name()
        ),
    )
}

/// The Icarus master key of `entropy` and `passphrase` on an Icarus `curve`.
pub(super) fn master_of_entropy(
    entropy: &[u8],
    passphrase: &[u8],
    curve: Curve,
) -> PyResult<Private> {
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

/// The library's error for text of the other kind than the one asked for.
pub(super) fn kind_mismatch(curve: Curve, expected_private: bool) -> PyErr {
    if curve.is_cardano() {
        errors::lib(fastbip32::Error::UnexpectedBech32Prefix { expected_private })
    } else {
        errors::lib(fastbip32::Error::KeyKindMismatch { expected_private })
    }
}

/// The version pair named `name` (either of its versions), or an error.
pub(super) fn version_pair(name: &str) -> PyResult<fastbip32::VersionPair> {
    Version::from_name(name)
        .and_then(Version::pair)
        .ok_or_else(|| unknown_version(name))
}

/// A key with what the binding keeps beside it: the curve it was made on, its CIP-1852 role,
/// and the network its version was read with (true: a test network; None for a key made from
/// a seed, whose default `xprv` names none of the caller's choosing, or a custom version).
pub(crate) struct Held<K> {
    pub(crate) key: K,
    pub(crate) curve: Curve,
    pub(crate) role: Role,
    pub(crate) test_network: Option<bool>,
}

impl<K> Held<K> {
    pub(crate) fn new(key: K, curve: Curve, role: Role) -> Self {
        Self {
            key,
            curve,
            role,
            test_network: None,
        }
    }

    /// This key, bound to the network of the version it was read with.
    pub(crate) fn with_network(mut self, test: Option<bool>) -> Self {
        self.test_network = test;
        self
    }
}

/// Either kind of key, as text or bytes give it.
pub(crate) enum AnyKey {
    Private(Held<Private>),
    Public(Held<Public>),
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
                Self::Private(Held::new(private(k), curve, Role::Other).with_network(test))
            }
            ExtendedKey::Public(k) => {
                let test = k.version().is_testnet();
                Self::Public(Held::new(public(k), curve, Role::Other).with_network(test))
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
                    Ok(Self::Private(Held::new(Private::Cardano(key), curve, role)))
                } else {
                    let key = ExtendedPublicKey::from_bech32(text).map_err(errors::lib)?;
                    Ok(Self::Public(Held::new(Public::Cardano(key), curve, role)))
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
                    Ok(Self::Public(Held::new(
                        Public::Cardano(key),
                        curve,
                        Role::Other,
                    )))
                } else {
                    let key =
                        ExtendedPrivateKey::from_raw_bytes(fixed(data)?).map_err(errors::lib)?;
                    Ok(Self::Private(Held::new(
                        Private::Cardano(key),
                        curve,
                        Role::Other,
                    )))
                }
            }
        }
    }
}
