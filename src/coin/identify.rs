//! [`identify`]: the coins, and their kinds, an address's text can belong to.

use bech32::primitives::decode::SegwitHrpstring;
use bech32::Hrp;

use super::table::COINS;
use super::types::{AddressFormat, BitcoinScript, CardanoAddress, Coin, Encoder};
use crate::address::{
    self, algorand, aptos, cashaddr, cosmos, eos, ergo, filecoin, icon, multiversx, nano, near,
    neo, nimiq, ss58, strkey, sui, tezos, ton, AddressType,
};
use crate::serialize::{base58, Base58Alphabet};

/// A coin and a kind of it whose addresses have the form of the text given to [`identify`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// The coin.
    pub coin: &'static Coin,
    /// The kind.
    pub kind: &'static AddressFormat,
}

/// The matches of one text, in the order of [`COINS`]: see [`identify`].
#[derive(Clone, Debug)]
pub struct Identified<'t> {
    text: &'t str,
    coin: usize,
    kind: usize,
}

impl Iterator for Identified<'_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        while let Some(coin) = COINS.get(self.coin) {
            let kind = coin.kinds().nth(self.kind);
            self.kind += 1;
            match kind {
                Some(kind) if accepts(kind.encoder(), self.text) => {
                    return Some(Match { coin, kind });
                }
                Some(_) => {}
                None => {
                    self.coin += 1;
                    self.kind = 0;
                }
            }
        }
        None
    }
}

/// Every coin and kind of [`COINS`] whose addresses `text` is one of, checksum and all: one
/// for most texts, every EVM chain for an EIP-55 address (Ethereum first), none for text that
/// is no registry coin's address.
///
/// A P2SH text is matched to the coins' P2SH-P2WPKH kinds (the script behind the hash
/// cannot be seen), Bitcoin's kinds accept every Bitcoin network's text, and TON's accept
/// every main-network account of their form (the contract cannot be seen either).
///
/// # Examples
///
/// ```
/// use fastbip32::coin;
///
/// let evm: Vec<&str> = coin::identify("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
///     .map(|m| m.coin.slug())
///     .collect();
/// assert_eq!(evm.first(), Some(&"ethereum"));
/// assert!(evm.contains(&"polygon"));
/// let tron: Vec<&str> = coin::identify("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC").map(|m| m.coin.slug()).collect();
/// assert_eq!(tron, ["tron"]);
/// assert_eq!(coin::identify("hello").count(), 0);
/// ```
pub fn identify(text: &str) -> Identified<'_> {
    Identified {
        text,
        coin: 0,
        kind: 0,
    }
}

/// Whether `text` is an address of `encoder`'s family under its parameters.
fn accepts(encoder: Encoder, text: &str) -> bool {
    match encoder {
        Encoder::Bitcoin(script) => {
            let Ok(decoded) = address::decode(text) else {
                return false;
            };
            let want = match script {
                BitcoinScript::P2pkh => AddressType::P2pkh,
                BitcoinScript::P2shP2wpkh => AddressType::P2sh,
                BitcoinScript::P2wpkh => AddressType::P2wpkh,
                BitcoinScript::P2tr => AddressType::P2tr,
            };
            decoded.address_type() == want
        }
        Encoder::Base58Hash160 { version, alphabet } => versioned_hash(text, version, alphabet),
        Encoder::Base58P2shP2wpkh { version } => {
            versioned_hash(text, version, Base58Alphabet::Bitcoin)
        }
        Encoder::SegwitV0 { hrp } => SegwitHrpstring::new(text).is_ok_and(|s| {
            Hrp::parse(hrp).is_ok_and(|h| s.hrp() == h)
                && s.witness_version().to_u8() == 0
                && s.byte_iter().len() == 20
        }),
        Encoder::Eip55 => {
            address::decode(text).is_ok_and(|d| d.address_type() == AddressType::Ethereum)
        }
        Encoder::Base58Keccak { version } => {
            versioned_hash(text, &[version], Base58Alphabet::Bitcoin)
        }
        Encoder::Solana => {
            address::decode(text).is_ok_and(|d| d.address_type() == AddressType::Solana)
        }
        Encoder::CashAddr { prefix } => cashaddr::decode_cashaddr(text, prefix)
            .is_ok_and(|p| p.kind() == cashaddr::CashAddrType::P2pkh),
        Encoder::Bech32Account(params) => cosmos::decode_bech32_account(text, params).is_ok(),
        Encoder::Eos => eos::decode_eos(text).is_ok(),
        Encoder::Ergo(network) => ergo::decode_ergo_p2pk(text, network).is_ok(),
        Encoder::Icon => icon::decode_icon(text).is_ok(),
        Encoder::Filecoin(network) => filecoin::decode_filecoin_secp256k1(text, network).is_ok(),
        Encoder::Neo(params) => neo::decode_neo(text, params).is_ok(),
        Encoder::Algorand => algorand::decode_algorand(text).is_ok(),
        Encoder::Aptos => aptos::decode_aptos(text).is_ok(),
        Encoder::Sui => sui::decode_sui(text).is_ok(),
        Encoder::Near => near::decode_near(text).is_ok(),
        Encoder::MultiversX => multiversx::decode_multiversx(text).is_ok(),
        Encoder::Ss58(prefix) => ss58::decode_ss58(text, prefix).is_ok(),
        Encoder::StrKey => strkey::decode_stellar(text).is_ok(),
        Encoder::Cardano(kind) => {
            let want = match kind {
                CardanoAddress::Base => AddressType::CardanoBase,
                CardanoAddress::Enterprise => AddressType::CardanoEnterprise,
                CardanoAddress::Reward => AddressType::CardanoReward,
            };
            address::decode(text).is_ok_and(|d| d.address_type() == want)
        }
        Encoder::Tezos => tezos::decode_tezos_tz1(text).is_ok(),
        Encoder::Nimiq => nimiq::decode_nimiq(text).is_ok(),
        // Any main-network account of the form: the contract behind it cannot be seen.
        Encoder::TonV4r2 { bounceable } => ton::decode_ton(text)
            .is_ok_and(|a| a.flags.bounceable == bounceable && !a.flags.testnet),
        Encoder::Nano => nano::decode_nano(text).is_ok(),
    }
}

/// Whether `text` is `Base58Check(version ‖ 20 bytes)` in `alphabet`.
fn versioned_hash(text: &str, version: &[u8], alphabet: Base58Alphabet) -> bool {
    base58::decode_check_any_in(text.as_bytes(), alphabet, version.len() + 20).is_ok_and(|d| {
        let payload = d.payload();
        payload.len() == version.len() + 20 && payload.starts_with(version)
    })
}
