//! Cardano Shelley addresses from ed25519 public keys (CIP-19).
//!
//! An address is a header byte — the address type in the high four bits, the network id in
//! the low four — followed by BLAKE2b-224 hashes of the keys, written in bech32 (CIP-5
//! prefixes, without bech32's 90-character limit):
//!
//! | function | CIP-19 type | payload | prefix (mainnet / testnet) |
//! |---|---|---|---|
//! | [`base`] | 0 | payment key hash ‖ stake key hash | `addr` / `addr_test` |
//! | [`enterprise`] | 6 | payment key hash | `addr` / `addr_test` |
//! | [`reward`] | 14 | stake key hash | `stake` / `stake_test` |
//!
//! CIP-1852 wallets take the payment key from `m/1852'/1815'/a'/0/i` (external) or
//! `…/1/i` (internal) and the stake key from `m/1852'/1815'/a'/2/0`.
//!
//! # Security
//! Public inputs only: everything here is variable-time.

use core::fmt;
use core::str::FromStr;

use bech32::primitives::hrp::Hrp;
use bech32::Bech32;
use blake2::digest::consts::U28;
use blake2::{Blake2b, Digest};

use super::Address;
use crate::address::Error;

/// A Cardano network, as far as addresses tell them apart: the network id of the header.
///
/// Every test network (preprod, preview, the legacy testnet) has network id 0.
///
/// # Examples
///
/// ```
/// use fastbip32::address::CardanoNetwork;
///
/// assert_eq!("preview".parse::<CardanoNetwork>()?, CardanoNetwork::Testnet);
/// assert_eq!(CardanoNetwork::Mainnet.id(), 1);
/// assert_eq!(CardanoNetwork::Testnet.to_string(), "testnet");
/// assert!("signet".parse::<CardanoNetwork>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardanoNetwork {
    /// Mainnet, network id 1.
    #[default]
    Mainnet,
    /// Any test network (preprod, preview), network id 0.
    Testnet,
}

impl CardanoNetwork {
    /// The network id in the address header: 1 for mainnet, 0 for the test networks.
    pub const fn id(self) -> u8 {
        match self {
            Self::Mainnet => 1,
            Self::Testnet => 0,
        }
    }

    /// The name: `mainnet` or `testnet`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Mainnet => "mainnet",
            Self::Testnet => "testnet",
        }
    }

    /// The bech32 prefix of payment addresses: `addr` or `addr_test`.
    pub const fn address_hrp(self) -> &'static str {
        match self {
            Self::Mainnet => "addr",
            Self::Testnet => "addr_test",
        }
    }

    /// The bech32 prefix of reward (stake) addresses: `stake` or `stake_test`.
    pub const fn stake_hrp(self) -> &'static str {
        match self {
            Self::Mainnet => "stake",
            Self::Testnet => "stake_test",
        }
    }
}

impl fmt::Display for CardanoNetwork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for CardanoNetwork {
    type Err = Error;

    /// Parses `mainnet` or `testnet`, with `preprod` and `preview` as names of the test
    /// networks (exactly, lowercase).
    ///
    /// # Errors
    /// [`Error::UnknownNetwork`] for any other text, Bitcoin's `signet` and `regtest` included.
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "mainnet" => Ok(Self::Mainnet),
            "testnet" | "preprod" | "preview" => Ok(Self::Testnet),
            _ => Err(Error::UnknownNetwork),
        }
    }
}

/// CIP-19 header types.
const TYPE_BASE: u8 = 0;
const TYPE_ENTERPRISE: u8 = 6;
const TYPE_REWARD: u8 = 14;

/// BLAKE2b-224 of a 32-byte public key: a CIP-19 key hash.
fn key_hash(public_key: &[u8; 32]) -> [u8; 28] {
    Blake2b::<U28>::digest(public_key).into()
}

/// The bech32 text of `header ‖ hashes` under `hrp`.
fn encode(hrp: &str, kind: u8, network: CardanoNetwork, hashes: &[&[u8; 28]]) -> Address {
    let mut payload = [0u8; 1 + 2 * 28];
    let (header, rest) = payload.split_at_mut(1);
    header.fill((kind << 4) | network.id());
    for (dst, hash) in rest.chunks_exact_mut(28).zip(hashes) {
        dst.copy_from_slice(*hash);
    }
    let len = 1 + 28 * hashes.len();
    let mut addr = Address::empty();
    // At most 9 + 1 + 92 + 6 = 108 characters, within `Address::MAX_LEN`; bech32's checksum
    // itself holds up to 1023.
    let written = bech32::encode_lower_to_fmt::<Bech32, _>(
        &mut addr,
        Hrp::parse_unchecked(hrp),
        payload.split_at(len).0,
    );
    fits(written);
    addr
}

#[allow(clippy::expect_used, reason = "108 characters fit an Address")]
fn fits<E: fmt::Debug>(written: Result<(), E>) {
    written.expect("a Cardano address fits an Address");
}

/// The CIP-19 base address (type 0) of a payment and a stake public key.
///
/// # Examples
///
/// ```
/// use fastbip32::address::{cardano, CardanoNetwork};
///
/// // CIP-19's test vectors: its payment key `addr_vk1w0l2…` and stake key `stake_vk1px4j…`.
/// let payment = hex("73fea80d424276ad0978d4fe5310e8bc2d485f5f6bb3bf87612989f112ad5a7d");
/// let stake = hex("09ab278d49b7b86a055185c474c4942281ddfa05a54684c7e8a6f230625aee57");
/// assert_eq!(
///     cardano::base(&payment, &stake, CardanoNetwork::Mainnet),
///     "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x",
/// );
/// assert_eq!(
///     cardano::enterprise(&payment, CardanoNetwork::Testnet),
///     "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz",
/// );
/// assert_eq!(
///     cardano::reward(&stake, CardanoNetwork::Mainnet),
///     "stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw",
/// );
/// # fn hex(h: &str) -> [u8; 32] {
/// #     let mut out = [0u8; 32];
/// #     for (o, i) in out.iter_mut().zip((0..64).step_by(2)) {
/// #         *o = u8::from_str_radix(&h[i..i + 2], 16).unwrap();
/// #     }
/// #     out
/// # }
/// ```
pub fn base(payment: &[u8; 32], stake: &[u8; 32], network: CardanoNetwork) -> Address {
    encode(
        network.address_hrp(),
        TYPE_BASE,
        network,
        &[&key_hash(payment), &key_hash(stake)],
    )
}

/// The CIP-19 enterprise address (type 6) of a payment public key: no stake rights.
pub fn enterprise(payment: &[u8; 32], network: CardanoNetwork) -> Address {
    encode(
        network.address_hrp(),
        TYPE_ENTERPRISE,
        network,
        &[&key_hash(payment)],
    )
}

/// The CIP-19 reward (stake) address (type 14) of a stake public key.
pub fn reward(stake: &[u8; 32], network: CardanoNetwork) -> Address {
    encode(
        network.stake_hrp(),
        TYPE_REWARD,
        network,
        &[&key_hash(stake)],
    )
}
