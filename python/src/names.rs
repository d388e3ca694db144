//! The names Python code passes: curves (the command-line tool's `--curve` names), networks,
//! address kinds, word lists and version names, each to its library value.

use core::str::FromStr;

use fastbip32::address::{AddressKind, CardanoNetwork, CurveFamily};
use fastbip32::mnemonic::Language;
use fastbip32::Network;
use pyo3::PyResult;

use crate::errors;

/// A curve, as the command-line tool's `--curve` names it: a scheme, and for BIP32-Ed25519
/// the way its master key is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Curve {
    /// BIP-32 over secp256k1.
    Secp256k1,
    /// SLIP-10 over NIST P-256.
    Nist256p1,
    /// SLIP-10 ed25519 (hardened derivation only).
    Ed25519,
    /// SLIP-10 curve25519 (hardened derivation only).
    Curve25519,
    /// BIP32-Ed25519, master key by the Ledger/BitBox02 method from a BIP-39 seed.
    Ed25519Bip32,
    /// BIP32-Ed25519, Icarus master key from BIP-39 entropy.
    CardanoIcarus,
    /// BIP32-Ed25519, Trezor's Icarus variant.
    CardanoIcarusTrezor,
}

impl Curve {
    /// Every curve, in the tool's order.
    pub(crate) const ALL: [Self; 7] = [
        Self::Secp256k1,
        Self::Nist256p1,
        Self::Ed25519,
        Self::Curve25519,
        Self::Ed25519Bip32,
        Self::CardanoIcarus,
        Self::CardanoIcarusTrezor,
    ];

    /// The canonical name.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Self::Secp256k1 => "secp256k1",
            Self::Nist256p1 => "nist256p1",
            Self::Ed25519 => "ed25519",
            Self::Curve25519 => "curve25519",
            Self::Ed25519Bip32 => "ed25519-bip32",
            Self::CardanoIcarus => "cardano-icarus",
            Self::CardanoIcarusTrezor => "cardano-icarus-trezor",
        }
    }

    /// The curve of a name or one of the tool's aliases (`p256`, `secp256r1`, `prime256v1`,
    /// `cardano-ledger`).
    ///
    /// # Errors
    /// `fastbip32.Error` with kind `UnknownCurve`.
    pub(crate) fn parse(name: &str) -> PyResult<Self> {
        let alias = match name {
            "p256" | "secp256r1" | "prime256v1" => Some(Self::Nist256p1),
            "cardano-ledger" => Some(Self::Ed25519Bip32),
            _ => None,
        };
        alias
            .or_else(|| Self::ALL.into_iter().find(|c| c.name() == name))
            .ok_or_else(|| {
                let names: Vec<_> = Self::ALL.iter().map(|c| c.name()).collect();
                errors::binding(
                    "UnknownCurve",
                    format!("unknown curve {name:?} (expected {})", names.join(", ")),
                )
            })
    }

    /// The curve named `name`, or `default` for `None`.
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    pub(crate) fn parse_or(name: Option<&str>, default: Self) -> PyResult<Self> {
        name.map_or(Ok(default), Self::parse)
    }

    /// Whether this is one of the BIP32-Ed25519 (Cardano) curves.
    pub(crate) const fn is_cardano(self) -> bool {
        matches!(
            self,
            Self::Ed25519Bip32 | Self::CardanoIcarus | Self::CardanoIcarusTrezor
        )
    }

    /// Whether the master key comes from BIP-39 entropy (the Icarus methods).
    pub(crate) const fn is_icarus(self) -> bool {
        matches!(self, Self::CardanoIcarus | Self::CardanoIcarusTrezor)
    }

    /// The curve family whose addresses this curve's public keys have, if any.
    pub(crate) const fn address_family(self) -> Option<CurveFamily> {
        match self {
            Self::Secp256k1 => Some(CurveFamily::Secp256k1),
            Self::Ed25519 => Some(CurveFamily::Ed25519),
            Self::Nist256p1 => Some(CurveFamily::Nist256p1),
            Self::Ed25519Bip32 | Self::CardanoIcarus | Self::CardanoIcarusTrezor => {
                Some(CurveFamily::Ed25519Bip32)
            }
            Self::Curve25519 => None,
        }
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
