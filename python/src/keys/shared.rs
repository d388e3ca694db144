//! What both key classes share: the library's keys of any scheme
//! ([`fastbip32::AnyExtendedPrivateKey`], [`fastbip32::AnyExtendedPublicKey`]) and their
//! errors as exceptions; the checks of paths and parts, the master keys, and the lists of
//! many children.

use fastbip32::any_key::Operation;
use fastbip32::cardano::Role;
use fastbip32::{AnyExtendedPrivateKey, AnyKeyError, ChainCode, ChildNumber, Fingerprint};
use pyo3::prelude::*;
use pyo3::types::PyList;
use zeroize::Zeroizing;

use crate::convert;
use crate::errors;
use crate::names::Curve;

/// The exception for an error of the library's keys; `version` is the version name the
/// call was given, which an `UnknownVersionName` names.
pub(super) fn any(err: AnyKeyError, version: Option<&str>) -> PyErr {
    match err {
        AnyKeyError::Key(e) => errors::lib(e),
        AnyKeyError::Unsupported { curve, operation } => {
            errors::unsupported(operation.as_str(), curve.name())
        }
        AnyKeyError::UnknownVersionName => unknown_version(version.unwrap_or_default()),
        other => errors::binding("UnsupportedByScheme", other.to_string()),
    }
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

/// The refusal of a version name the key's text has no version of.
pub(super) fn unknown_version(name: &str) -> PyErr {
    errors::binding(
        "UnknownVersionName",
        format!("unknown version name {name:?} (xprv, zpub, tpub, …; for Cardano keys a CIP-5 prefix: root_xsk, acct_xvk, …)"),
    )
}

/// `data` as an array of `N` bytes, or the library's `InvalidLength`.
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

/// A list of the keys (`bytes`, `width` bytes each) of `count` children from `first` (a
/// range checked whole before): `derive` writes the keys of up to [`convert::CHUNK`]
/// children at a time, end to end, into a wiped buffer with the GIL released, and each key
/// goes from there into its Python object, with a check for signals (Ctrl-C) between
/// chunks.
///
/// # Errors
/// `derive`'s errors; `MemoryError`; `KeyboardInterrupt`.
pub(super) fn children_list(
    py: Python<'_>,
    first: ChildNumber,
    count: u32,
    width: usize,
    derive: impl Fn(ChildNumber, &mut [u8]) -> Result<(), fastbip32::Error> + Sync,
) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    let step = u32::try_from(convert::CHUNK).unwrap_or(u32::MAX);
    let mut done = 0u32;
    while done < count {
        let n = (count - done).min(step);
        let child = ChildNumber::from_raw(first.to_raw().saturating_add(done));
        let mut keys = Zeroizing::new(convert::reserve(n as usize * width, "the keys")?);
        keys.resize(n as usize * width, 0);
        py.detach(|| derive(child, &mut keys))
            .map_err(errors::lib)?;
        for key in keys.chunks_exact(width) {
            out.append(convert::bytes(py, key)?)?;
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

/// The master key of `seed` on `curve` (not the Icarus curves, refused with a pointer to
/// the methods that make theirs).
pub(super) fn master_of_seed(seed: &[u8], curve: Curve) -> PyResult<AnyExtendedPrivateKey> {
    if curve.is_icarus() {
        return Err(seedless(curve));
    }
    AnyExtendedPrivateKey::from_seed(curve, seed).map_err(|e| any(e, None))
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
) -> PyResult<AnyExtendedPrivateKey> {
    AnyExtendedPrivateKey::from_entropy(curve, entropy, passphrase).map_err(|e| match e {
        AnyKeyError::Unsupported {
            operation: Operation::EntropyMaster,
            ..
        } => errors::binding(
            "UnsupportedByScheme",
            format!(
                "{} master keys come from a seed: from_entropy is for cardano-icarus and cardano-icarus-trezor",
                curve.name()
            ),
        ),
        other => any(other, None),
    })
}

/// The library's error for text of the other kind than the one asked for.
pub(super) fn kind_mismatch(curve: Curve, expected_private: bool) -> PyErr {
    if curve.is_cardano() {
        errors::lib(fastbip32::Error::UnexpectedBech32Prefix { expected_private })
    } else {
        errors::lib(fastbip32::Error::KeyKindMismatch { expected_private })
    }
}

/// The key as it was given: the network its version was read with (true: a test network),
/// or none for a key whose version names none of the caller's choosing (made from a seed,
/// whose `xprv` is the default for every network, or a custom version). `version`: the
/// version name a key made from parts was given.
pub(super) fn given_network(
    test: Option<bool>,
    curve: Curve,
    version: Option<&str>,
) -> Option<bool> {
    match version {
        Some(_) if !curve.is_cardano() => test,
        Some(_) | None => None,
    }
}

/// Defines the `#[pymethods]` of a key class (a `key` field holding the library's key of any
/// scheme, and `test_network`) with what both classes have written once: the curve, depth,
/// child number, fingerprints, chain code, public key, version name, the key at a path
/// (through `$derive`), the address and `repr()`, the key from its parts (`from_parts`) and
/// from text or bytes of either kind (`of`); then the class's own `$methods`.
macro_rules! key_class {
    (
        $class:ident, $name:literal, $derive:ident;
        kinds($kind:ident, $other:ident, $private:literal);
        from_parts($key:ident: $library:ident, $default:literal, $sizes:literal);
        from_bytes($cardano_bytes:literal);
        $($methods:tt)*
    ) => {
        impl $class {
            pub(crate) const fn new(key: $library, test_network: Option<bool>) -> Self {
                Self { key, test_network }
            }

            /// The address `kind`, `network`, `coin` and `stake_key` ask for of this key
            /// (see `address`).
            fn request(
                &self,
                kind: Option<&str>,
                network: Option<&str>,
                coin: Option<&str>,
                stake_key: Option<&[u8]>,
            ) -> PyResult<crate::coin::Request> {
                crate::coin::Request::new(crate::coin::Asked {
                    curve: Some(self.key.curve()),
                    key_is_test: self.test_network,
                    kind,
                    network,
                    coin,
                    stake_key,
                })
            }

            /// A key read from text or bytes, bound to the network its version names.
            pub(super) fn of(key: AnyExtendedKey) -> PyResult<Self> {
                match key {
                    AnyExtendedKey::$kind(k) => {
                        let test = k.test_network();
                        Ok(Self::new(k, test))
                    }
                    AnyExtendedKey::$other(k) => Err(kind_mismatch(k.curve(), $private)),
                }
            }
        }

        #[pymethods]
        impl $class {
            #[doc = concat!(
                "A key from its parts: the key (", $sizes, "), chain code, depth, parent\n",
                "fingerprint and raw child number, written in the family of `version` (a\n",
                "version name, or a CIP-5 prefix on BIP32-Ed25519; None: `", $default, "`, or\n",
                "the generic CIP-5 prefix)."
            )]
            #[classmethod]
            #[pyo3(signature = ($key, chain_code, depth = 0, parent_fingerprint = None, child_number = 0, curve = "secp256k1".to_owned(), version = None))]
            #[allow(
                clippy::too_many_arguments,
                reason = "the parts of a key, as Python passes them"
            )]
            fn from_parts(
                _cls: &Bound<'_, PyType>,
                $key: &[u8],
                chain_code: &[u8],
                depth: u8,
                parent_fingerprint: Option<&[u8]>,
                child_number: u32,
                curve: String,
                version: Option<String>,
            ) -> PyResult<Self> {
                let curve = Curve::parse(&curve)?;
                let version = version.as_deref();
                let (cc, parent, child) = meta_parts(
                    chain_code,
                    parent_fingerprint.unwrap_or(&[0; 4]),
                    child_number,
                )?;
                let key = $library::from_parts(curve, $key, cc, depth, parent, child, version)
                    .map_err(|e| any(e, version))?;
                let test = given_network(key.test_network(), curve, version);
                Ok(Self::new(key, test))
            }

            #[doc = concat!(
                "Decodes a key from bytes: BIP-32's 78-byte serialization (secp256k1 by\n",
                "default, or nist256p1), or on the BIP32-Ed25519 curves the ",
                $cardano_bytes,
                "."
            )]
            #[classmethod]
            #[pyo3(signature = (data, curve = None))]
            fn from_bytes(
                _cls: &Bound<'_, PyType>,
                data: &[u8],
                curve: Option<String>,
            ) -> PyResult<Self> {
                let curve = Curve::parse_or(curve.as_deref(), Curve::Secp256k1)?;
                Self::of(AnyExtendedKey::from_bytes(data, curve).map_err(|e| any(e, None))?)
            }

            /// The key at `path` below this one, of the same type: `"m/44'/0'/0'"` from a
            /// master key, or `"0/1'"` relative to any key (an absolute path below a key that
            /// is not a master key is a `PathError`); hardened markers `'`, `h` or `H`, which
            /// a public key refuses.
            fn derive(&self, py: Python<'_>, path: PyBackedStr) -> PyResult<Self> {
                let path: &str = &path;
                check_path_start(path, self.key.depth(), self.key.role())?;
                let key = py.detach(|| self.key.$derive(path)).map_err(errors::lib)?;
                Ok(Self::new(key, self.test_network))
            }

            /// The curve's name, as in `fastbip32.CURVES`.
            #[getter]
            fn curve(&self) -> &'static str {
                self.key.curve().name()
            }

            /// The depth: 0 for a master key, one more per derivation step.
            #[getter]
            fn depth(&self) -> u8 {
                self.key.depth()
            }

            /// The child number this key was derived with, hardened bit included (0 for a
            /// master key).
            #[getter]
            fn child_number(&self) -> u32 {
                self.key.child_number().to_raw()
            }

            /// This key's fingerprint (4 bytes): the first bytes of HASH160 of its public key.
            #[getter]
            fn fingerprint<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                PyBytes::new(py, &self.key.fingerprint().to_bytes())
            }

            /// The parent's fingerprint (4 bytes; zero for a master key).
            #[getter]
            fn parent_fingerprint<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                PyBytes::new(py, &self.key.parent_fingerprint().to_bytes())
            }

            /// The chain code (32 bytes).
            #[getter]
            fn chain_code<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                PyBytes::new(py, self.key.chain_code().as_bytes())
            }

            /// The public key: 33 bytes (SEC1 compressed) on secp256k1 and nist256p1, 32 on
            /// the ed25519, curve25519 and BIP32-Ed25519 curves.
            #[getter]
            fn public_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                PyBytes::new(py, self.key.public_key().as_ref())
            }

            /// The name of the version the key's text is written in (`xprv`, `zpub`, `tpub`,
            /// …; a CIP-5 prefix on the BIP32-Ed25519 curves), or None (a custom version, or
            /// a curve without text).
            #[getter]
            fn version_name(&self) -> Option<&'static str> {
                self.key.version_name()
            }

            /// The address of this key's public key: `kind` is `p2pkh`, `p2sh-p2wpkh`,
            /// `p2wpkh`, `p2tr`, `ethereum` (secp256k1), `solana` (ed25519),
            /// `cardano-enterprise`, `cardano-base`, `cardano-reward` (the Cardano curves); or
            /// with `coin` (a slug or symbol of `fastbip32.COINS`), the coin's default kind, or
            /// its kind `kind`. `network` None: the key's own (a `tprv`'s is testnet; mainnet
            /// otherwise). `cardano-base` needs `stake_key`, the account's `2/0` public key
            /// (32 bytes).
            #[pyo3(signature = (kind = None, network = None, *, coin = None, stake_key = None))]
            fn address(
                &self,
                kind: Option<String>,
                network: Option<String>,
                coin: Option<String>,
                stake_key: Option<&[u8]>,
            ) -> PyResult<String> {
                self.request(kind.as_deref(), network.as_deref(), coin.as_deref(), stake_key)?
                    .encode(self.key.public_key().as_ref())
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}(curve='{}', depth={}, fingerprint='{}')",
                    $name,
                    self.key.curve().name(),
                    self.key.depth(),
                    convert::hex(&self.key.fingerprint().to_bytes())
                )
            }

            $($methods)*
        }
    };
}
