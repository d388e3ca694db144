//! Addresses: what wallets show for a public key.
//!
//! Every encoder takes plain public-key bytes and returns an [`Address`], text held on the
//! stack (no heap allocation, `Copy`), so batches of addresses allocate nothing per key.
//!
//! | kind | module / function | needs feature | spec |
//! |---|---|---|---|
//! | P2PKH, P2SH-P2WPKH, P2WPKH, P2TR | [`bitcoin`] | `secp256k1` | BIP-44/49/84/86, BIP-173/350 |
//! | P2PKH, P2SH-P2WPKH, P2WPKH of other coins (versions, prefix, alphabet as parameters) | [`bitcoin::p2pkh_versioned`], [`bitcoin::p2sh_p2wpkh_versioned`], [`bitcoin::p2wpkh_hrp`] | `secp256k1` | the coins' chain parameters |
//! | Ethereum | [`ethereum`] | `secp256k1` | Yellow Paper, EIP-55 |
//! | Tron | [`tron`] | `secp256k1` | Tron's `Base58Check` of the Keccak account |
//! | Solana | [`solana`] | `ed25519` | Base58 of the ed25519 key |
//! | Cardano enterprise, base, reward | [`cardano`] | `ed25519-bip32` | CIP-19 |
//! | CashAddr P2PKH, P2SH (Bitcoin Cash, eCash) | [`cashaddr`] | `secp256k1` | CashAddr 1.1 |
//! | bech32 accounts (Cosmos-SDK, BNB Beacon, Injective, OKX, Harmony, Zilliqa, Avalanche P/X) | [`cosmos`] | `secp256k1` | BIP-173 |
//! | EOS public-key text | [`eos`] | `secp256k1` | `EOS` ‖ Base58(key ‖ RIPEMD-160 check) |
//! | Ergo P2PK | [`ergo`] | `secp256k1` | Ergo addresses (Base58, BLAKE2b-256 check) |
//! | Filecoin `f1` | [`filecoin`] | `secp256k1` | Filecoin spec, protocol 1 |
//! | ICON `hx` | [`icon`] | `secp256k1` | SHA3-256 account |
//! | NEO legacy, NEO N3, Ontology (P-256 keys) | [`neo`] | `nist256p1` | verification-script hash, `Base58Check` |
//!
//! [`AddressKind`] names each kind as the command-line tool spells it and says which curve it
//! needs. [`decode`] reads an address's text back (with `secp256k1` and `ed25519-bip32`):
//! its [`AddressType`], network, and the hash, program or key it commits to.
//!
//! # Security
//! Addresses are computed from public keys only: these functions are variable-time and must
//! not be given secret data.
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "secp256k1")] {
//! use fastbip32::{address, Network, Xprv};
//!
//! // BIP-84's first receive address for "abandon abandon … about".
//! let xprv: Xprv = "zprvAWgYBBk7JR8Gjrh4UJQ2uJdG1r3WNRRfURiABBE3RvMXYSrRJL62XuezvGdPvG6GFBZduosCc1YP5wixPox7zhZLfiUm8aunE96BBa4Kei5".parse()?;
//! let key = xprv.derive_path("m/84'/0'/0'/0/0")?;
//! let addr = address::bitcoin::p2wpkh(&key.public_key(), Network::Mainnet);
//! assert_eq!(addr.as_str(), "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
//! # }
//! # Ok::<(), fastbip32::Error>(())
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::version::VersionPair;

#[cfg(feature = "secp256k1")]
pub mod bitcoin;
#[cfg(feature = "ed25519-bip32")]
pub mod cardano;
#[cfg(feature = "secp256k1")]
pub mod cashaddr;
#[cfg(feature = "secp256k1")]
pub mod cosmos;
#[cfg(all(feature = "secp256k1", feature = "ed25519-bip32"))]
mod decode;
#[cfg(feature = "secp256k1")]
pub mod eos;
#[cfg(feature = "secp256k1")]
pub mod ergo;
pub(crate) mod error;
#[cfg(feature = "secp256k1")]
mod ethereum;
#[cfg(feature = "secp256k1")]
pub mod filecoin;
#[cfg(feature = "secp256k1")]
pub mod icon;
#[cfg(feature = "nist256p1")]
pub mod neo;
#[cfg(feature = "ed25519")]
mod solana;

#[cfg(feature = "ed25519")]
mod account_hex;
#[cfg(feature = "ed25519")]
pub mod algorand;
#[cfg(feature = "ed25519")]
pub mod aptos;
#[cfg(feature = "ed25519")]
pub mod multiversx;
#[cfg(feature = "ed25519-blake2b")]
pub mod nano;
#[cfg(feature = "ed25519")]
pub mod near;
#[cfg(feature = "ed25519")]
pub mod nimiq;
#[cfg(feature = "ed25519")]
pub mod ss58;
#[cfg(feature = "ed25519")]
pub mod strkey;
#[cfg(feature = "ed25519")]
pub mod sui;
#[cfg(feature = "ed25519")]
pub mod tezos;
#[cfg(feature = "ed25519")]
pub mod ton;

#[cfg(feature = "ed25519-bip32")]
pub use self::cardano::CardanoNetwork;
#[cfg(all(feature = "secp256k1", feature = "ed25519-bip32"))]
pub use self::decode::{decode, AddressNetwork, AddressType, Credential, Decoded};
pub use self::error::Error;
#[cfg(feature = "secp256k1")]
pub use self::ethereum::{eip55, ethereum, keccak_account, secp256k1_uncompressed, tron};
#[cfg(feature = "ed25519")]
pub use self::solana::{solana, solana_keypair, SOLANA_KEYPAIR_MAX_LEN};

/// An address as text, held in a fixed buffer on the stack.
///
/// Holds up to [`Address::MAX_LEN`] ASCII characters, more than any kind this crate writes
/// (the longest, a Cardano testnet base address, has 108). Compares, hashes and orders as its
/// text.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "secp256k1")] {
/// use fastbip32::{address::bitcoin, Network};
///
/// let addr = bitcoin::p2pkh_from_hash(&[0; 20], Network::Mainnet);
/// assert_eq!(addr.as_str(), "1111111111111111111114oLvT2");
/// assert_eq!(addr.to_string(), addr.as_str());
/// assert_eq!(addr.len(), 27);
/// # }
/// ```
#[derive(Clone, Copy)]
pub struct Address {
    buf: [u8; Address::MAX_LEN],
    len: u8,
}

impl Address {
    /// The most characters an `Address` can hold.
    pub const MAX_LEN: usize = 128;

    /// An empty address, to be filled by an encoder.
    #[cfg_attr(
        not(any(feature = "secp256k1", feature = "ed25519")),
        allow(dead_code, reason = "every encoder needs a scheme feature")
    )]
    pub(crate) const fn empty() -> Self {
        Self {
            buf: [0; Self::MAX_LEN],
            len: 0,
        }
    }

    /// An address of the ASCII text `text`; `None` if it is too long or not ASCII.
    #[cfg_attr(
        not(any(feature = "secp256k1", feature = "ed25519")),
        allow(dead_code, reason = "every encoder needs a scheme feature")
    )]
    pub(crate) fn from_ascii(text: &[u8]) -> Option<Self> {
        let mut addr = Self::empty();
        addr.push(text).ok()?;
        Some(addr)
    }

    /// The address of text an encoder of this crate wrote: ASCII, shorter than
    /// [`Address::MAX_LEN`] for every kind.
    #[cfg_attr(
        not(any(feature = "secp256k1", feature = "ed25519")),
        allow(dead_code, reason = "every encoder needs a scheme feature")
    )]
    #[allow(
        clippy::expect_used,
        reason = "every kind's text is ASCII, at most 108 characters"
    )]
    pub(crate) fn written(text: &[u8]) -> Self {
        Self::from_ascii(text).expect("an encoder's address is ASCII and fits an Address")
    }

    /// Appends ASCII bytes.
    fn push(&mut self, text: &[u8]) -> fmt::Result {
        let start = usize::from(self.len);
        let end = start + text.len();
        let (Some(dst), Ok(len)) = (self.buf.get_mut(start..end), u8::try_from(end)) else {
            return Err(fmt::Error);
        };
        if !text.is_ascii() {
            return Err(fmt::Error);
        }
        dst.copy_from_slice(text);
        self.len = len;
        Ok(())
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored (see `push`).
        crate::hex::ascii(self.as_bytes())
    }

    /// The text as bytes.
    pub fn as_bytes(&self) -> &[u8] {
        // `len` counts the bytes `push` stored in `buf`.
        self.buf.split_at(usize::from(self.len)).0
    }

    /// The number of characters.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True for the empty text (no encoder returns one).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Builds an address through `fmt::Write` (as the `bech32` crate writes).
impl fmt::Write for Address {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s.as_bytes())
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Address").field(&self.as_str()).finish()
    }
}

impl AsRef<str> for Address {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Address {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for Address {}

impl PartialEq<str> for Address {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Address {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for Address {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for Address {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Address {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Write as _;

    #[test]
    fn capacity_and_ascii() {
        let long = [b'a'; Address::MAX_LEN];
        assert_eq!(Address::from_ascii(&long).map(|a| a.len()), Some(128));
        assert!(Address::from_ascii(&[b'a'; Address::MAX_LEN + 1]).is_none());
        assert!(Address::from_ascii("é".as_bytes()).is_none());
        let mut a = Address::empty();
        assert!(a.is_empty());
        a.write_str("bc1").unwrap();
        a.write_str("q").unwrap();
        assert_eq!(a, "bc1q");
        assert!(a.write_str(core::str::from_utf8(&long).unwrap()).is_err());
        assert_eq!(a, "bc1q");
    }

    #[test]
    fn kinds_round_trip() {
        for k in AddressKind::ALL {
            assert_eq!(k.as_str().parse::<AddressKind>(), Ok(k));
        }
        assert_eq!(
            "P2PKH".parse::<AddressKind>(),
            Err(Error::UnknownAddressKind)
        );
    }
}
