//! The `address` field of records (`--address KIND`, `--coin`): a record's address from its
//! public key, on the run's networks, through the library's one encoder
//! ([`fastbip32::coin::encode`]).

use fastbip32::address::{Address, AddressKind, CardanoNetwork};
use fastbip32::coin::{self, AddressFormat, Context};
use fastbip32::Network;

use crate::error::CliError;

/// The networks of a run, settled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Networks {
    /// For Bitcoin addresses, WIF and the xprv/xpub family.
    pub(crate) bitcoin: Network,
    /// For Cardano addresses.
    pub(crate) cardano: CardanoNetwork,
}

/// What a record's address needs besides its own public key.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AddressSpec {
    /// The coin's kind (checked against the curve).
    pub(crate) format: &'static AddressFormat,
    /// The networks.
    pub(crate) networks: Networks,
    /// For `cardano-base`: the account's stake public key (`…/2/0`).
    pub(crate) stake: Option<[u8; 32]>,
}

impl AddressSpec {
    /// The spec of an [`AddressKind`] (`--address` without `--coin`): its coin's kind.
    pub(crate) fn of_kind(kind: AddressKind, networks: Networks, stake: Option<[u8; 32]>) -> Self {
        Self {
            format: coin::of_kind(kind).1,
            networks,
            stake,
        }
    }
}

/// The address of `public_key` (the library's bytes: 33 for secp256k1, 32 for the ed25519
/// curves).
///
/// # Errors
/// A failure if the key does not fit the kind (the kinds are checked against the curve
/// first, so this does not happen) or the library cannot encode it.
pub(crate) fn encode(spec: &AddressSpec, public_key: &[u8]) -> Result<Address, CliError> {
    let ctx = Context {
        bitcoin: spec.networks.bitcoin,
        cardano: spec.networks.cardano,
        stake: spec.stake,
    };
    spec.format.encode(public_key, &ctx).map_err(|e| {
        CliError::library(
            &format!("cannot compute the {} address", spec.format.name()),
            e,
        )
    })
}
