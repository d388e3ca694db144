//! The `address` field of `derive` records (`--address KIND`): a record's address from its
//! public key, on the run's networks.

use fastbip32::address::{self, Address, AddressKind, CardanoNetwork};
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
    /// The kind (checked against the curve).
    pub(crate) kind: AddressKind,
    /// The networks.
    pub(crate) networks: Networks,
    /// For `cardano-base`: the account's stake public key (`…/2/0`).
    pub(crate) stake: Option<[u8; 32]>,
}

/// The address of `public_key` (the library's bytes: 33 for secp256k1, 32 for the ed25519
/// curves).
///
/// # Errors
/// A failure if the key does not fit the kind (the kinds are checked against the curve
/// first, so this does not happen) or the library cannot encode it.
pub(crate) fn encode(spec: &AddressSpec, public_key: &[u8]) -> Result<Address, CliError> {
    let lib = |e| CliError::library(&format!("cannot compute the {} address", spec.kind), e);
    let wrong_key = || CliError::Failure(format!("{} needs a different public key", spec.kind));
    let net = spec.networks.bitcoin;
    let cardano = spec.networks.cardano;
    if spec.kind.is_bitcoin() || spec.kind == AddressKind::Ethereum {
        let key: &[u8; 33] = public_key.try_into().map_err(|_| wrong_key())?;
        return match spec.kind {
            AddressKind::P2pkh => Ok(address::bitcoin::p2pkh(key, net)),
            AddressKind::P2shP2wpkh => Ok(address::bitcoin::p2sh_p2wpkh(key, net)),
            AddressKind::P2wpkh => Ok(address::bitcoin::p2wpkh(key, net)),
            AddressKind::P2tr => address::bitcoin::p2tr(key, net).map_err(lib),
            _ => address::ethereum(key).map_err(lib),
        };
    }
    let key: &[u8; 32] = public_key.try_into().map_err(|_| wrong_key())?;
    match spec.kind {
        AddressKind::Solana => Ok(address::solana(key)),
        AddressKind::CardanoEnterprise => Ok(address::cardano::enterprise(key, cardano)),
        AddressKind::CardanoReward => Ok(address::cardano::reward(key, cardano)),
        AddressKind::CardanoBase => {
            let stake = spec.stake.as_ref().ok_or_else(wrong_key)?;
            Ok(address::cardano::base(key, stake, cardano))
        }
        _ => Err(wrong_key()),
    }
}
