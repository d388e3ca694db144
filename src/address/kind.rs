//! The kinds of address ([`AddressKind`]) and the curve family each is computed from.

use core::fmt;
use core::str::FromStr;

use super::error::Error;
use crate::version::VersionPair;

/// The curve family a kind of address is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CurveFamily {
    /// secp256k1 (BIP-32): 33-byte compressed public keys.
    Secp256k1,
    /// ed25519 (SLIP-10): 32-byte public keys.
    Ed25519,
    /// ed25519 with BIP32-Ed25519 derivation (Cardano): 32-byte public keys.
    Ed25519Bip32,
    /// NIST P-256 (SLIP-10): 33-byte compressed public keys (NEO, Ontology).
    Nist256p1,
    /// ed25519 with BLAKE2b-512 public keys (SLIP-10 derivation, Nano): 32-byte public keys.
    Ed25519Blake2b,
}

impl CurveFamily {
    /// The curve's name: `secp256k1`, `ed25519`, `ed25519-bip32`, `nist256p1` or
    /// `ed25519-blake2b`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Secp256k1 => "secp256k1",
            Self::Ed25519 => "ed25519",
            Self::Ed25519Bip32 => "ed25519-bip32",
            Self::Nist256p1 => "nist256p1",
            Self::Ed25519Blake2b => "ed25519-blake2b",
        }
    }
}

impl fmt::Display for CurveFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A kind of address, named as the command line spells it (`--address KIND`).
///
/// # Examples
///
/// ```
/// use fastbip32::address::{AddressKind, CurveFamily};
///
/// let kind: AddressKind = "p2sh-p2wpkh".parse()?;
/// assert_eq!(kind, AddressKind::P2shP2wpkh);
/// assert_eq!(kind.curve(), CurveFamily::Secp256k1);
/// assert_eq!(AddressKind::CardanoBase.to_string(), "cardano-base");
/// assert_eq!("p2sh".parse::<AddressKind>(), Err(fastbip32::address::Error::UnknownAddressKind));
/// # Ok::<(), fastbip32::address::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressKind {
    /// `p2pkh`: pay to public-key hash, `Base58Check` (BIP-44 wallets).
    P2pkh,
    /// `p2sh-p2wpkh`: P2WPKH nested in P2SH (BIP-49).
    P2shP2wpkh,
    /// `p2wpkh`: native segwit v0, bech32 (BIP-84).
    P2wpkh,
    /// `p2tr`: taproot key path only, bech32m (BIP-86).
    P2tr,
    /// `ethereum`: EIP-55 mixed-case hex.
    Ethereum,
    /// `solana`: Base58 of the ed25519 key.
    Solana,
    /// `cardano-enterprise`: CIP-19 type 6, payment key only.
    CardanoEnterprise,
    /// `cardano-base`: CIP-19 type 0, payment and stake keys.
    CardanoBase,
    /// `cardano-reward`: CIP-19 type 14, stake key only.
    CardanoReward,
}

impl AddressKind {
    /// Every kind, in declaration order.
    pub const ALL: [Self; 9] = [
        Self::P2pkh,
        Self::P2shP2wpkh,
        Self::P2wpkh,
        Self::P2tr,
        Self::Ethereum,
        Self::Solana,
        Self::CardanoEnterprise,
        Self::CardanoBase,
        Self::CardanoReward,
    ];

    /// The name: `p2pkh`, `p2sh-p2wpkh`, `p2wpkh`, `p2tr`, `ethereum`, `solana`,
    /// `cardano-enterprise`, `cardano-base` or `cardano-reward`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::P2pkh => "p2pkh",
            Self::P2shP2wpkh => "p2sh-p2wpkh",
            Self::P2wpkh => "p2wpkh",
            Self::P2tr => "p2tr",
            Self::Ethereum => "ethereum",
            Self::Solana => "solana",
            Self::CardanoEnterprise => "cardano-enterprise",
            Self::CardanoBase => "cardano-base",
            Self::CardanoReward => "cardano-reward",
        }
    }

    /// The curve family whose public keys this kind encodes.
    pub const fn curve(self) -> CurveFamily {
        match self {
            Self::P2pkh | Self::P2shP2wpkh | Self::P2wpkh | Self::P2tr | Self::Ethereum => {
                CurveFamily::Secp256k1
            }
            Self::Solana => CurveFamily::Ed25519,
            Self::CardanoEnterprise | Self::CardanoBase | Self::CardanoReward => {
                CurveFamily::Ed25519Bip32
            }
        }
    }

    /// True for the Bitcoin kinds, which take a [`Network`](crate::Network).
    pub const fn is_bitcoin(self) -> bool {
        matches!(
            self,
            Self::P2pkh | Self::P2shP2wpkh | Self::P2wpkh | Self::P2tr
        )
    }
}

pub use crate::version::ImpliedScript;

impl ImpliedScript {
    /// The single-key address kind: `Some` for [`P2shP2wpkh`](Self::P2shP2wpkh) and
    /// [`P2wpkh`](Self::P2wpkh); `None` for the multisig scripts, whose address needs every
    /// cosigner's key.
    pub const fn address_kind(self) -> Option<AddressKind> {
        match self {
            Self::P2shP2wpkh => Some(AddressKind::P2shP2wpkh),
            Self::P2wpkh => Some(AddressKind::P2wpkh),
            Self::P2shP2wshMultisig | Self::P2wshMultisig => None,
        }
    }
}

impl AddressKind {
    /// The single-key address kind a SLIP-132 family promises: p2sh-p2wpkh for
    /// `ypub`/`upub`, p2wpkh for `zpub`/`vpub`; `None` for the multisig families, for
    /// `xpub`/`tpub` (no kind implied) and for unknown pairs. See [`ImpliedScript`] for the
    /// table.
    pub fn of_family(pair: VersionPair) -> Option<Self> {
        ImpliedScript::of_family(pair).and_then(ImpliedScript::address_kind)
    }
}

impl fmt::Display for AddressKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for AddressKind {
    type Err = Error;

    /// Parses a name written by [`AddressKind::as_str`] (exactly, lowercase).
    ///
    /// # Errors
    /// [`Error::UnknownAddressKind`] for any other text.
    fn from_str(s: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or(Error::UnknownAddressKind)
    }
}
