//! `fastbip32.PrivateKey`: a plain secp256k1 key pair, compressed or not, as WIF text and
//! paper wallets hold one (no chain code, no derivation).

use fastbip32::address::{self as lib, AddressKind};
use fastbip32::{
    wif, ChainCode, ChildNumber, ExtendedPrivateKey, Fingerprint, Network, Secp256k1, SecretBytes,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyType};
use zeroize::Zeroizing;

use crate::address;
use crate::convert;
use crate::errors;
use crate::names::{self, Curve};

/// A secp256k1 private key and its public key, compressed (33 bytes, every address kind) or
/// uncompressed (65 bytes, `04 ‖ x ‖ y`: P2PKH and Ethereum only, as segwit takes compressed
/// keys). `PrivateKey(private_key, compressed=True)` or `PrivateKey.from_wif(text)`.
///
/// The secret is held by the library and wiped when the object is garbage-collected;
/// `private_key` and `wif()` hand out copies Python does not wipe. `repr()` shows the public
/// key only, and the key cannot be pickled.
#[pyclass(name = "PrivateKey", module = "fastbip32", frozen)]
pub(crate) struct PyPrivateKey {
    secret: SecretBytes<[u8; 32]>,
    /// The public key, compressed (SEC1).
    public: [u8; 33],
    compressed: bool,
    /// The network of the WIF text it was read from (true: a test network), or None.
    test_network: Option<bool>,
}

impl PyPrivateKey {
    /// The key pair of `secret`, or the library's `InvalidSecretKey`.
    fn of(secret: &[u8; 32], compressed: bool, test_network: Option<bool>) -> PyResult<Self> {
        // The library's key type checks 0 < k < n and computes the public key in constant
        // time; its chain code is unused and the value is wiped on drop.
        let key = ExtendedPrivateKey::<Secp256k1>::from_parts(
            secret,
            ChainCode::new([0; 32]),
            0,
            Fingerprint::new([0; 4]),
            ChildNumber::from_raw(0),
        )
        .map_err(errors::lib)?;
        Ok(Self {
            secret: SecretBytes::new(*secret),
            public: key.public_key(),
            compressed,
            test_network,
        })
    }

    /// The public key as 65 bytes `04 ‖ x ‖ y`.
    fn uncompressed(&self) -> PyResult<[u8; 65]> {
        lib::secp256k1_uncompressed(&self.public).map_err(errors::lib)
    }

    /// The network `network` names, else the WIF text's, else mainnet.
    fn network(&self, network: Option<&str>) -> PyResult<Network> {
        match network {
            Some(name) => names::network(name),
            None if self.test_network == Some(true) => Ok(Network::Testnet),
            None => Ok(Network::Mainnet),
        }
    }
}

#[pymethods]
impl PyPrivateKey {
    #[new]
    #[pyo3(signature = (private_key, compressed = true))]
    fn new(private_key: &[u8], compressed: bool) -> PyResult<Self> {
        let secret: &[u8; 32] = private_key.try_into().map_err(|_| {
            errors::lib(fastbip32::Error::InvalidLength {
                len: private_key.len(),
                expected: 32,
            })
        })?;
        Self::of(secret, compressed, None)
    }

    /// Reads WIF text, compressed (`K…`, `L…`, `c…`) or uncompressed (`5…`, `9…`); the key
    /// keeps the text's network (`mainnet` or `testnet`, which also stands for signet and
    /// regtest) as its own.
    #[classmethod]
    fn from_wif(_cls: &Bound<'_, PyType>, text: String) -> PyResult<Self> {
        let text = Zeroizing::new(text);
        let (key, compressed) = wif::decode_any(&text).map_err(errors::lib)?;
        Self::of(key.secret().expose(), compressed, Some(key.is_test()))
    }

    /// Whether the public key is written compressed (33 bytes) rather than uncompressed.
    #[getter]
    fn compressed(&self) -> bool {
        self.compressed
    }

    /// The public key: 33 bytes (SEC1 compressed), or 65 (`04 ‖ x ‖ y`) for an
    /// uncompressed key.
    #[getter]
    fn public_key<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        if self.compressed {
            convert::bytes(py, &self.public)
        } else {
            convert::bytes(py, &self.uncompressed()?)
        }
    }

    /// The 32-byte private key. A copy Python does not wipe.
    #[getter]
    fn private_key<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        convert::bytes(py, self.secret.expose())
    }

    /// The key as WIF for `network` (None: the network of the WIF text it was read from,
    /// else mainnet), compressed or not as the key is. A copy Python does not wipe.
    #[pyo3(signature = (network = None))]
    fn wif<'py>(&self, py: Python<'py>, network: Option<&str>) -> PyResult<Bound<'py, PyString>> {
        let network = self.network(network)?;
        let text = if self.compressed {
            wif::encode_to_string(self.secret.expose(), network)
        } else {
            wif::encode_uncompressed_to_string(self.secret.expose(), network)
        }
        .map_err(errors::lib)?;
        convert::string(py, &text)
    }

    /// The address of kind `kind` (`p2pkh`, `p2sh-p2wpkh`, `p2wpkh`, `p2tr`, `ethereum`) on
    /// `network` (None: the WIF text's, else mainnet; a key read from WIF keeps its network:
    /// another is `NetworkMismatch`); or with `coin` (a slug or symbol of `fastbip32.COINS`),
    /// the coin's default kind, or its kind `kind`. An uncompressed key has P2PKH (of its
    /// 65-byte key) and Ethereum addresses only: segwit outputs take compressed keys
    /// (BIP-143), and `coin` takes compressed keys.
    #[pyo3(signature = (kind = None, network = None, *, coin = None))]
    fn address(
        &self,
        kind: Option<&str>,
        network: Option<&str>,
        coin: Option<&str>,
    ) -> PyResult<String> {
        if coin.is_some() || self.compressed {
            return crate::coin::Request::new(crate::coin::Asked {
                curve: Some(Curve::Secp256k1),
                key_is_test: self.test_network,
                kind,
                network,
                coin,
                stake_key: None,
            })
            .and_then(|request| {
                if self.compressed {
                    request.encode(&self.public)
                } else {
                    Err(errors::binding(
                        "UncompressedKey",
                        "an uncompressed key's addresses are kind=\"p2pkh\" and kind=\"ethereum\": coin= takes compressed keys".to_owned(),
                    ))
                }
            });
        }
        let Some(kind) = kind else {
            return Err(errors::wrong_type(
                "give kind= (p2pkh, ethereum, …) or coin= (a slug of fastbip32.COINS)".to_owned(),
            ));
        };
        let kind = names::address_kind(kind)?;
        let name = address::key_network(kind != AddressKind::Ethereum, self.test_network, network)?;
        if kind == AddressKind::Ethereum {
            return address::encode(kind, &self.public, name, None);
        }
        if kind != AddressKind::P2pkh {
            return Err(errors::binding(
                "UncompressedKey",
                format!(
                    "an uncompressed key has no {kind} address: segwit outputs take compressed keys (BIP-143), so its one Bitcoin address is p2pkh"
                ),
            ));
        }
        let network = names::network(name)?;
        Ok(
            lib::bitcoin::p2pkh_uncompressed(&self.uncompressed()?, network)
                .as_str()
                .to_owned(),
        )
    }

    fn __repr__(&self) -> PyResult<String> {
        let public = if self.compressed {
            self.public.to_vec()
        } else {
            self.uncompressed()?.to_vec()
        };
        Ok(format!(
            "PrivateKey(compressed={}, public_key='{}')",
            if self.compressed { "True" } else { "False" },
            convert::hex(&public)
        ))
    }

    /// Equal when the secrets (compared in constant time) and the compression are.
    fn __eq__(&self, other: &Self) -> bool {
        self.secret == other.secret && self.compressed == other.compressed
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// A private key is not pickled: its secret would end up in the pickle.
    #[allow(clippy::unused_self, reason = "Python's pickle protocol method")]
    fn __reduce__(&self) -> PyResult<()> {
        Err(errors::wrong_type(
            "a PrivateKey is not pickled, to keep its secret out of pickles; pickle k.wif() explicitly and read it back with PrivateKey.from_wif if you mean to".to_owned(),
        ))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}
