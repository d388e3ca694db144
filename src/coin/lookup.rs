//! Finding a coin: by its name or symbol, and by an [`AddressKind`].

use super::table::{self, COINS};
use super::types::{AddressFormat, Coin};
use crate::address::error::{Error, Result};
use crate::address::AddressKind;

impl Coin {
    /// The coin whose slug is `name`, or else the first in [`COINS`] whose symbol is `name`
    /// in any case (a symbol several chains share names its home chain, listed first).
    ///
    /// # Errors
    /// [`Error::UnknownCoin`] for any other name.
    pub fn find(name: &str) -> Result<&'static Self> {
        COINS
            .iter()
            .find(|c| c.slug == name)
            .or_else(|| COINS.iter().find(|c| c.symbol.eq_ignore_ascii_case(name)))
            .ok_or(Error::UnknownCoin)
    }
}

/// The coin and its kind that an [`AddressKind`] names: the Bitcoin kinds are Bitcoin's,
/// `ethereum` is Ethereum's `eip55`, `solana` Solana's, the Cardano kinds Cardano's.
pub fn of_kind(kind: AddressKind) -> (&'static Coin, &'static AddressFormat) {
    let (coin, format) = match kind {
        AddressKind::P2pkh => (&table::BITCOIN, &table::BTC_P2PKH),
        AddressKind::P2shP2wpkh => (&table::BITCOIN, &table::BTC_P2SH_P2WPKH),
        AddressKind::P2wpkh => (&table::BITCOIN, &table::BTC_P2WPKH),
        AddressKind::P2tr => (&table::BITCOIN, &table::BTC_P2TR),
        AddressKind::Ethereum => (&table::ETHEREUM, &table::EIP55),
        AddressKind::Solana => (&table::SOLANA, &table::SOLANA_KIND),
        AddressKind::CardanoEnterprise => (&table::CARDANO, &table::ADA_ENTERPRISE),
        AddressKind::CardanoBase => (&table::CARDANO, &table::ADA_BASE),
        AddressKind::CardanoReward => (&table::CARDANO, &table::ADA_REWARD),
    };
    (coin, format)
}
