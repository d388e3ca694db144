//! The names JavaScript code passes: curves (the command-line tool's `--curve` names), networks,
//! address kinds, word lists and version names, each to its library value.

use core::str::FromStr;

use fastbip32::address::{AddressKind, CardanoNetwork};
use fastbip32::mnemonic::Language;
use fastbip32::Network;
use wasm_bindgen::JsValue;

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
    /// `FastBip32Error` with kind `UnknownCurve`.
    fn parse(name: &str) -> Result<Self, JsValue>;

    /// The curve named `name`, or `default` for `None`.
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    fn parse_or(name: Option<&str>, default: Self) -> Result<Self, JsValue> {
        name.map_or(Ok(default), Self::parse)
    }
}

impl CurveArg for Curve {
    fn parse(name: &str) -> Result<Self, JsValue> {
        let known = name.parse().ok().filter(|c| curves().any(|k| k == *c));
        known.ok_or_else(|| {
            let names: Vec<_> = curves().map(Curve::name).collect();
            let message = format!("unknown curve {name:?} (expected {})", names.join(", "));
            errors::binding("UnknownCurve", &message)
        })
    }
}

/// A Bitcoin network name (`mainnet`, `testnet`, `signet`, `regtest`).
///
/// # Errors
/// The library's `UnknownNetwork`.
pub(crate) fn network(name: &str) -> Result<Network, JsValue> {
    Network::from_str(name).map_err(errors::lib)
}

/// A Cardano network name (`mainnet`, `testnet`, `preprod`, `preview`).
///
/// # Errors
/// The library's `UnknownNetwork`.
pub(crate) fn cardano_network(name: &str) -> Result<CardanoNetwork, JsValue> {
    CardanoNetwork::from_str(name).map_err(errors::lib)
}

/// An address kind (`p2pkh`, `p2sh-p2wpkh`, `p2wpkh`, `p2tr`, `ethereum`, `solana`,
/// `cardano-enterprise`, `cardano-base`, `cardano-reward`).
///
/// # Errors
/// The library's `UnknownAddressKind`.
pub(crate) fn address_kind(name: &str) -> Result<AddressKind, JsValue> {
    AddressKind::from_str(name).map_err(errors::lib)
}

/// A BIP-39 word list name (`english`, `japanese`, …, `chinese-simplified`, …).
///
/// # Errors
/// The library's `UnknownLanguage`.
pub(crate) fn language(name: &str) -> Result<Language, JsValue> {
    Language::from_str(name).map_err(|e| errors::mnemonic(e, None, None))
}
