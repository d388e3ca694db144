//! Addresses and WIF: `fastbip32.address`, `address_from_script`, `eip55`, `wif_encode`,
//! `wif_decode`, and the address of a key.

use fastbip32::address::{self as lib, AddressKind, CurveFamily};
use fastbip32::wif;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::errors;
use crate::keys::unsupported;
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

/// Checks that `curve`'s keys have addresses of `kind`.
///
/// # Errors
/// `fastbip32.Error` with kind `UnsupportedByScheme`.
pub(crate) fn check_curve(kind: AddressKind, curve: Curve) -> PyResult<()> {
    if curve.address_family() == Some(kind.curve()) {
        Ok(())
    } else {
        Err(unsupported(&format!("a {kind} address"), curve))
    }
}

/// The address of kind `kind` of `public_key` (33 bytes for the secp256k1 kinds, 32 for the
/// others) on `network` (a Bitcoin network for the Bitcoin kinds, a Cardano one for the
/// Cardano kinds; not used by `ethereum` and `solana`).
pub(crate) fn encode(
    kind: AddressKind,
    public_key: &[u8],
    network: &str,
    stake_key: Option<&[u8]>,
) -> PyResult<String> {
    if stake_key.is_some() != (kind == AddressKind::CardanoBase) {
        return Err(errors::wrong_type(if stake_key.is_some() {
            format!("stake_key is for cardano-base addresses, not {kind}")
        } else {
            "cardano-base addresses need stake_key: the account's 2/0 public key (32 bytes)"
                .to_owned()
        }));
    }
    let e = errors::lib;
    let address = match kind.curve() {
        CurveFamily::Secp256k1 => {
            let key = key_of::<33>(public_key)?;
            if kind == AddressKind::Ethereum {
                lib::ethereum(key).map_err(e)?
            } else {
                let network = names::network(network)?;
                match kind {
                    AddressKind::P2pkh => lib::bitcoin::p2pkh(key, network),
                    AddressKind::P2shP2wpkh => lib::bitcoin::p2sh_p2wpkh(key, network),
                    AddressKind::P2wpkh => lib::bitcoin::p2wpkh(key, network),
                    _ => lib::bitcoin::p2tr(key, network).map_err(e)?,
                }
            }
        }
        CurveFamily::Ed25519 => lib::solana(key_of::<32>(public_key)?),
        _ => {
            let key = key_of::<32>(public_key)?;
            let network = names::cardano_network(network)?;
            match (kind, stake_key) {
                (AddressKind::CardanoBase, Some(stake)) => {
                    lib::cardano::base(key, key_of::<32>(stake)?, network)
                }
                (AddressKind::CardanoReward, _) => lib::cardano::reward(key, network),
                _ => lib::cardano::enterprise(key, network),
            }
        }
    };
    Ok(address.as_str().to_owned())
}

/// The address of kind `kind` of a public key: `p2pkh`, `p2sh-p2wpkh`, `p2wpkh`, `p2tr`,
/// `ethereum` (33-byte secp256k1 keys), `solana` (32-byte ed25519 keys),
/// `cardano-enterprise`, `cardano-base`, `cardano-reward` (32-byte BIP32-Ed25519 keys).
/// `network`: `mainnet`, `testnet`, `signet`, `regtest` for Bitcoin; `mainnet`, `testnet`
/// (`preprod`, `preview`) for Cardano; not used by Ethereum and Solana. `cardano-base` needs
/// `stake_key`, the account's `2/0` public key.
#[pyfunction]
#[pyo3(signature = (kind, public_key, network = "mainnet".to_owned(), *, stake_key = None))]
pub(crate) fn address(
    kind: String,
    public_key: &[u8],
    network: String,
    stake_key: Option<&[u8]>,
) -> PyResult<String> {
    encode(names::address_kind(&kind)?, public_key, &network, stake_key)
}

/// The address of a scriptPubKey (P2PKH, P2SH or a witness program) on a Bitcoin `network`.
#[pyfunction]
#[pyo3(signature = (script_pubkey, network = "mainnet".to_owned()))]
pub(crate) fn address_from_script(script_pubkey: &[u8], network: String) -> PyResult<String> {
    let network = names::network(&network)?;
    lib::bitcoin::from_script_pubkey(script_pubkey, network)
        .map(|a| a.as_str().to_owned())
        .map_err(errors::lib)
}

/// A 32-byte secp256k1 private key as compressed WIF for `network` (a copy Python does not
/// wipe).
#[pyfunction]
#[pyo3(signature = (private_key, network = "mainnet".to_owned()))]
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
