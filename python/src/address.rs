//! Addresses and WIF: `address_from_script`, `decode_address`, `eip55`, `wif_encode`,
//! `wif_decode`, and the address of one of the package's kinds through the coin registry
//! (its encoder, network and stake key).

use fastbip32::address::{self as lib, AddressKind, CurveFamily};
use fastbip32::coin::{self, CardanoAddress, Context, Encoder};
use fastbip32::{wif, ChainCode, ChildNumber, Ed25519Bip32, ExtendedPublicKey, Fingerprint};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};

use crate::convert;
use crate::errors;
use crate::names::{self, Curve};

/// `public_key` as the `N` bytes `kind` takes, or the library's `InvalidLength`.
fn key_of<const N: usize>(public_key: &[u8]) -> PyResult<&[u8; N]> {
    public_key.try_into().map_err(|_| {
        errors::lib(fastbip32::Error::InvalidLength {
            len: public_key.len(),
            expected: N,
        })
    })
}

/// `public_key` as a 32-byte point of edwards25519 (a BIP32-Ed25519 public key), or the
/// library's `InvalidPublicKey`.
fn edwards_point(public_key: &[u8]) -> PyResult<&[u8; 32]> {
    let key = key_of::<32>(public_key)?;
    ExtendedPublicKey::<Ed25519Bip32>::from_parts(
        *key,
        ChainCode::new([0; 32]),
        0,
        Fingerprint::new([0; 4]),
        ChildNumber::from_raw(0),
    )
    .map_err(errors::lib)?;
    Ok(key)
}

/// Checks that `curve`'s keys have addresses of `kind`.
///
/// # Errors
/// `fastbip32.Error` with kind `UnsupportedByScheme`.
pub(crate) fn check_curve(kind: AddressKind, curve: Curve) -> PyResult<()> {
    if fastbip32::any_key::address_family(curve) == Some(kind.curve()) {
        Ok(())
    } else {
        Err(errors::unsupported(
            &format!("a {kind} address"),
            curve.name(),
        ))
    }
}

/// Whether addresses by `encoder` follow a network of the caller's choosing (Bitcoin's
/// scripts and Cardano's addresses); every other family has one form.
pub(crate) fn has_network(encoder: Encoder) -> bool {
    matches!(encoder, Encoder::Bitcoin(_) | Encoder::Cardano(_))
}

/// What an address by `encoder` needs besides its key: the network (`network`, else the
/// key's own, see [`key_network`]) for Bitcoin's scripts and Cardano's addresses, and the
/// stake key, which a Cardano base address needs and no other takes.
///
/// # Errors
/// `TypeError` for a stake key missing or not taken; `fastbip32.Error` with kind
/// `UnknownNetwork` or `NetworkMismatch`; the library's `InvalidPublicKey` for a stake key
/// that is not a point.
pub(crate) fn context(
    encoder: Encoder,
    network: Option<&str>,
    key_is_test: Option<bool>,
    stake_key: Option<&[u8]>,
) -> PyResult<Context> {
    let base = matches!(encoder, Encoder::Cardano(CardanoAddress::Base));
    if stake_key.is_some() != base {
        return Err(errors::wrong_type(if stake_key.is_some() {
            "stake_key is for cardano-base addresses only".to_owned()
        } else {
            "cardano-base addresses need stake_key: the account's 2/0 public key (32 bytes)"
                .to_owned()
        }));
    }
    let mut ctx = Context::default();
    if matches!(encoder, Encoder::Bitcoin(_)) {
        ctx.bitcoin = names::network(key_network(true, key_is_test, network)?)?;
    } else if matches!(encoder, Encoder::Cardano(_)) {
        ctx.cardano = names::cardano_network(key_network(false, key_is_test, network)?)?;
    }
    if let Some(stake) = stake_key {
        ctx.stake = Some(*edwards_point(stake)?);
    }
    Ok(ctx)
}

/// Checks a public key given as bytes before an address of it is computed: a point of
/// secp256k1 (33 bytes) or of edwards25519 (a BIP32-Ed25519 key), 33 bytes on P-256 (whose
/// encoders check the point), 32 bytes for the ed25519 families (a Solana account is any 32
/// bytes).
///
/// # Errors
/// The library's `InvalidLength` or `InvalidPublicKey`.
pub(crate) fn check_key(family: CurveFamily, public_key: &[u8]) -> PyResult<()> {
    if family == CurveFamily::Secp256k1 {
        // A point of the curve, before any hash of it is taken.
        lib::secp256k1_uncompressed(key_of::<33>(public_key)?).map_err(errors::lib)?;
    } else if family == CurveFamily::Ed25519Bip32 {
        edwards_point(public_key)?;
    } else if family == CurveFamily::Nist256p1 {
        key_of::<33>(public_key)?;
    } else {
        key_of::<32>(public_key)?;
    }
    Ok(())
}

/// The address of kind `kind` of `public_key` (33 bytes for the secp256k1 kinds, 32 for the
/// others; checked to be a point of its curve first, but Solana's, which takes any 32 bytes)
/// on `network` (a Bitcoin network for the Bitcoin kinds, a Cardano one for the Cardano
/// kinds; not used by `ethereum` and `solana`), through the coin registry.
pub(crate) fn encode(
    kind: AddressKind,
    public_key: &[u8],
    network: &str,
    stake_key: Option<&[u8]>,
) -> PyResult<String> {
    let (_, format) = coin::of_kind(kind);
    let ctx = context(format.encoder(), Some(network), None, stake_key)?;
    check_key(kind.curve(), public_key)?;
    format
        .encode(public_key, &ctx)
        .map(|a| a.as_str().to_owned())
        .map_err(errors::lib)
}

/// The address of a scriptPubKey (P2PKH, P2SH or a witness program) on a Bitcoin `network`.
#[pyfunction]
#[pyo3(signature = (script_pubkey, network = "mainnet".to_owned()), text_signature = "(script_pubkey, network = 'mainnet')")]
pub(crate) fn address_from_script(script_pubkey: &[u8], network: String) -> PyResult<String> {
    let network = names::network(&network)?;
    lib::bitcoin::from_script_pubkey(script_pubkey, network)
        .map(|a| a.as_str().to_owned())
        .map_err(errors::lib)
}

/// A 32-byte secp256k1 private key as compressed WIF for `network` (a copy Python does not
/// wipe).
#[pyfunction]
#[pyo3(signature = (private_key, network = "mainnet".to_owned()), text_signature = "(private_key, network = 'mainnet')")]
pub(crate) fn wif_encode<'py>(
    py: Python<'py>,
    private_key: &[u8],
    network: String,
) -> PyResult<Bound<'py, PyString>> {
    let network = names::network(&network)?;
    let text = wif::encode_to_string(key_of::<32>(private_key)?, network).map_err(errors::lib)?;
    Ok(PyString::new(py, &text))
}

/// Decodes compressed WIF text: `(private_key, network)`, the network `"mainnet"` or
/// `"testnet"` (testnet, signet and regtest share the prefix).
#[pyfunction]
pub(crate) fn wif_decode(
    py: Python<'_>,
    text: String,
) -> PyResult<(Bound<'_, PyBytes>, &'static str)> {
    let text = zeroize::Zeroizing::new(text);
    let key = wif::decode(&text).map_err(errors::lib)?;
    let network = if key.is_test() { "testnet" } else { "mainnet" };
    Ok((PyBytes::new(py, key.secret().expose()), network))
}

/// The EIP-55 checksummed text (`0x…`) of a 20-byte Ethereum account.
#[pyfunction]
pub(crate) fn eip55(account: &[u8]) -> PyResult<String> {
    Ok(lib::eip55(key_of::<20>(account)?).as_str().to_owned())
}

/// An address read back by `decode_address`: its type, network and the bytes it commits to.
/// Public data: it pickles as its text (`decode_address(text)`), compares and hashes by what
/// it decodes to, and copies as itself (it is immutable).
#[pyclass(name = "DecodedAddress", module = "fastbip32", frozen)]
pub(crate) struct PyDecodedAddress {
    inner: lib::Decoded,
    /// The text it was decoded from.
    text: String,
}

#[pymethods]
impl PyDecodedAddress {
    /// `p2pkh`, `p2sh`, `p2wpkh`, `p2wsh`, `p2tr`, `witness-v1` … `witness-v16`, `ethereum`,
    /// `solana`, `cardano-base`, `cardano-enterprise` or `cardano-reward`.
    #[getter]
    fn r#type(&self) -> &'static str {
        self.inner.address_type().as_str()
    }

    /// The network the text names (`mainnet`, `testnet` (also signet), `regtest`; Cardano's
    /// `mainnet`, `testnet`), or None for Ethereum and Solana.
    #[getter]
    fn network(&self) -> Option<&'static str> {
        self.inner.network().as_str()
    }

    /// The witness version of a segwit address (0 to 16), else None.
    #[getter]
    fn witness_version(&self) -> Option<u8> {
        self.inner.witness_version()
    }

    /// The bytes the address commits to: the 20-byte hash of P2PKH and P2SH, a segwit
    /// address's witness program, Ethereum's 20-byte account, Solana's 32-byte key, Cardano's
    /// 28-byte credential hashes (payment then stake for a base address).
    #[getter]
    fn payload<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.payload())
    }

    /// The scriptPubKey of a Bitcoin address, else None.
    #[getter]
    fn script_pubkey<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        self.inner.script_pubkey().map(|s| PyBytes::new(py, s))
    }

    /// A Cardano base or enterprise address's payment credential: `key-hash` or
    /// `script-hash`; else None.
    #[getter]
    fn payment_credential(&self) -> Option<&'static str> {
        self.inner.payment_credential().map(lib::Credential::as_str)
    }

    /// A Cardano base or reward address's stake credential: `key-hash` or `script-hash`;
    /// else None.
    #[getter]
    fn stake_credential(&self) -> Option<&'static str> {
        self.inner.stake_credential().map(lib::Credential::as_str)
    }

    fn __repr__(&self) -> String {
        let network = self.inner.network().as_str().unwrap_or("None");
        format!(
            "DecodedAddress(type='{}', network='{network}', payload={})",
            self.inner.address_type(),
            convert::hex(self.inner.payload())
        )
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }

    fn __hash__(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as `decode_address(text)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let decode = py.import("fastbip32")?.getattr("decode_address")?;
        let args = PyTuple::new(py, [slf.get().text.as_str()])?;
        PyTuple::new(py, [decode, args.into_any()])
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// Decodes an address of any kind the library writes, and P2SH, P2WSH and other witness
/// programs: `Base58Check` P2PKH/P2SH, bech32/bech32m segwit (BIP-173, BIP-350), Ethereum
/// (`0x`, one case or EIP-55), Solana (Base58 of 32 bytes), Cardano Shelley base, enterprise
/// and reward addresses (CIP-19).
///
/// # Errors
/// `fastbip32.Error` with the library's kind (`UnrecognisedAddress`, `Bech32Checksum`,
/// `Eip55Checksum`, …).
#[pyfunction]
pub(crate) fn decode_address(text: &str) -> PyResult<PyDecodedAddress> {
    lib::decode(text)
        .map(|inner| PyDecodedAddress {
            inner,
            text: text.to_owned(),
        })
        .map_err(errors::lib)
}

/// The network a key's address is written for: `network` when given, else the key's own.
/// A BIP-32 key's version names its network (`key_is_test`: true for `tpub`…, false for
/// `xpub`…, None for a custom version or a key without one); a Bitcoin address (`bitcoin`)
/// on the other network is an error, as a descriptor's is.
///
/// # Errors
/// `fastbip32.Error` with kind `NetworkMismatch`; the library's `UnknownNetwork`.
pub(crate) fn key_network(
    bitcoin: bool,
    key_is_test: Option<bool>,
    network: Option<&str>,
) -> PyResult<&str> {
    let own = if key_is_test == Some(true) {
        "testnet"
    } else {
        "mainnet"
    };
    let (Some(name), Some(test)) = (network, key_is_test) else {
        return Ok(network.unwrap_or(own));
    };
    if !bitcoin {
        return Ok(name);
    }
    let asked = names::network(name)?;
    match (test, asked.is_test()) {
        (true, false) => Err(errors::binding(
            "NetworkMismatch",
            format!("a test-network key (tpub, tprv, …) has no {asked} address"),
        )),
        (false, true) => Err(errors::binding(
            "NetworkMismatch",
            format!(
                "a mainnet key (xpub, xprv, …) has no {asked} address; write the key as its test-network twin (to_string(\"tpub\")) to mean one"
            ),
        )),
        _ => Ok(name),
    }
}
