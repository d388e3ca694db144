//! The names Python code passes: curves (the command-line tool's `--curve` names), networks,
//! address kinds, word lists and version names, each to its library value.

use core::str::FromStr;

use fastbip32::address::{AddressKind, CardanoNetwork};
use fastbip32::mnemonic::Language;
use fastbip32::Network;
use pyo3::PyResult;

use crate::errors;

/// A curve, as the command-line tool's `--curve` names it: the library's
/// [`fastbip32::CurveName`].
pub(crate) use fastbip32::CurveName as Curve;

/// The curves the package takes, in the tool's order: the library's, but `ed25519-blake2b`.
pub(crate) fn curves() -> impl Iterator<Item = Curve> {
    Curve::ALL
        .into_iter()
        .filter(|c| *c != Curve::Ed25519Blake2b)
}

/// How the package reads a `curve` argument.
pub(crate) trait CurveArg: Sized {
    /// The curve of a name or one of the library's aliases (`p256`, `cardano-ledger`, …),
    /// one of [`curves`].
    ///
    /// # Errors
    /// `fastbip32.Error` with kind `UnknownCurve`.
    fn parse(name: &str) -> PyResult<Self>;

    /// The curve named `name`, or `default` for `None`.
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    fn parse_or(name: Option<&str>, default: Self) -> PyResult<Self> {
        name.map_or(Ok(default), Self::parse)
    }
}

impl CurveArg for Curve {
    fn parse(name: &str) -> PyResult<Self> {
        let known = name.parse().ok().filter(|c| curves().any(|k| k == *c));
        known.ok_or_else(|| {
            let names: Vec<_> = curves().map(Curve::name).collect();
            let message = format!("unknown curve {name:?} (expected {})", names.join(", "));
            errors::binding("UnknownCurve", message)
        })
    }
}

/// A Bitcoin network name (`mainnet`, `testnet`, `signet`, `regtest`).
///
/// # Errors
/// The library's `UnknownNetwork`.
pub(crate) fn network(name: &str) -> PyResult<Network> {
    Network::from_str(name).map_err(|_| {
        let names: Vec<&str> = Network::ALL.iter().map(|n| n.as_str()).collect();
        errors::binding(
            "UnknownNetwork",
            format!("unknown network {name:?} (expected {})", names.join(", ")),
        )
    })
}

/// A Cardano network name (`mainnet`, `testnet`, `preprod`, `preview`).
///
/// # Errors
/// The library's `UnknownNetwork`.
pub(crate) fn cardano_network(name: &str) -> PyResult<CardanoNetwork> {
    CardanoNetwork::from_str(name).map_err(errors::lib)
}

/// An address kind (`p2pkh`, `p2sh-p2wpkh`, `p2wpkh`, `p2tr`, `ethereum`, `solana`,
/// `cardano-enterprise`, `cardano-base`, `cardano-reward`).
///
/// # Errors
/// The library's `UnknownAddressKind`.
pub(crate) fn address_kind(name: &str) -> PyResult<AddressKind> {
    AddressKind::from_str(name).map_err(|_| {
        let names: Vec<String> = AddressKind::ALL.iter().map(ToString::to_string).collect();
        errors::binding(
            "UnknownAddressKind",
            format!(
                "unknown address kind {name:?} (expected {})",
                names.join(", ")
            ),
        )
    })
}

/// A BIP-39 word list name (`english`, `japanese`, …, `chinese-simplified`, …).
///
/// # Errors
/// The library's `UnknownLanguage`.
pub(crate) fn language(name: &str) -> PyResult<Language> {
    Language::from_str(name).map_err(|e| errors::mnemonic(e, None, None))
}
