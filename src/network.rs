//! Bitcoin networks and the prefixes each one uses in addresses and WIF text.
//!
//! A value type at the bottom of the crate's layers: it imports only [`Error`].

use core::fmt;
use core::str::FromStr;

use crate::error::Error;

/// A Bitcoin network: which prefixes addresses and WIF private keys are written with.
///
/// Testnet (v3 and v4), signet and regtest share every Base58 prefix; regtest has its own
/// bech32 prefix (`bcrt`). The text names are the lowercase ones Bitcoin Core uses for
/// `-chain` (`main` is spelled out as `mainnet`, `test` as `testnet`).
///
/// # Examples
///
/// ```
/// use fastbip32::Network;
///
/// let net: Network = "regtest".parse()?;
/// assert_eq!(net.bech32_hrp(), "bcrt");
/// assert_eq!((net.p2pkh_prefix(), net.p2sh_prefix(), net.wif_prefix()), (0x6f, 0xc4, 0xef));
/// assert!(net.is_test());
/// assert_eq!(Network::default(), Network::Mainnet);
/// assert_eq!(Network::Signet.to_string(), "signet");
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Network {
    /// Bitcoin mainnet.
    #[default]
    Mainnet,
    /// Testnet (testnet3 and testnet4 use the same prefixes).
    Testnet,
    /// Signet (BIP-325).
    Signet,
    /// Regtest, a local test chain.
    Regtest,
}

impl Network {
    /// Every network, in declaration order.
    pub const ALL: [Self; 4] = [Self::Mainnet, Self::Testnet, Self::Signet, Self::Regtest];

    /// The lowercase name: `mainnet`, `testnet`, `signet` or `regtest`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Mainnet => "mainnet",
            Self::Testnet => "testnet",
            Self::Signet => "signet",
            Self::Regtest => "regtest",
        }
    }

    /// True for every network but mainnet: the ones whose coins have no value and whose
    /// extended keys are written `tprv`/`tpub`.
    pub const fn is_test(self) -> bool {
        !matches!(self, Self::Mainnet)
    }

    /// The bech32 human-readable part of segwit addresses (BIP-173): `bc`, `tb` (testnet and
    /// signet) or `bcrt`.
    pub const fn bech32_hrp(self) -> &'static str {
        match self {
            Self::Mainnet => "bc",
            Self::Testnet | Self::Signet => "tb",
            Self::Regtest => "bcrt",
        }
    }

    /// The version byte of P2PKH addresses: `0x00` on mainnet, `0x6f` on the test networks.
    pub const fn p2pkh_prefix(self) -> u8 {
        if self.is_test() {
            0x6f
        } else {
            0x00
        }
    }

    /// The version byte of P2SH addresses: `0x05` on mainnet, `0xc4` on the test networks.
    pub const fn p2sh_prefix(self) -> u8 {
        if self.is_test() {
            0xc4
        } else {
            0x05
        }
    }

    /// The version byte of WIF private keys: `0x80` on mainnet, `0xef` on the test networks.
    pub const fn wif_prefix(self) -> u8 {
        if self.is_test() {
            0xef
        } else {
            0x80
        }
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Network {
    type Err = Error;

    /// Parses `mainnet`, `testnet`, `signet` or `regtest` (exactly, lowercase).
    ///
    /// # Errors
    /// [`Error::UnknownNetwork`] for any other text.
    fn from_str(s: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|n| n.as_str() == s)
            .ok_or(Error::UnknownNetwork)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn names_round_trip() {
        for n in Network::ALL {
            assert_eq!(n.to_string().parse::<Network>(), Ok(n));
        }
        for bad in [
            "", "main", "Mainnet", "MAINNET", "testnet4", " signet", "bitcoin",
        ] {
            assert_eq!(
                bad.parse::<Network>(),
                Err(Error::UnknownNetwork),
                "{bad:?}"
            );
        }
    }
}
