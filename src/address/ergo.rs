//! Ergo pay-to-public-key (P2PK) addresses: Base58 (Bitcoin alphabet) of a head byte (the
//! network type plus the address type 0x01), the 33-byte compressed secp256k1 key, and the
//! first four bytes of BLAKE2b-256 of the two (Ergo's address specification, EIP-0003's key).
//!
//! | network | head byte | text |
//! |---|---|---|
//! | [`ErgoNetwork::Mainnet`] | `0x01` | `9…` |
//! | [`ErgoNetwork::Testnet`] | `0x11` | `3…` |
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::address::ergo::{self, ErgoNetwork};
//!
//! // bip_utils' first Ergo vector.
//! let key = [
//!     0x02, 0xea, 0x9d, 0xca, 0x6f, 0x20, 0xd9, 0x6e, 0xaa, 0x2a, 0xc8, 0xd1, 0x6d, 0x22, 0xf3,
//!     0x6e, 0x08, 0x85, 0x8f, 0x0e, 0xa8, 0x58, 0x97, 0x84, 0x30, 0x3c, 0x59, 0x43, 0xdd, 0x35,
//!     0x24, 0x84, 0x61,
//! ];
//! let addr = ergo::ergo_p2pk(&key, ErgoNetwork::Mainnet)?;
//! assert_eq!(addr, "9gJPUXCkiE7GDwcKMpFfixaGxoHMreUb2JAYKzrvLe3h2ZEnW5G");
//! assert_eq!(ergo::decode_ergo_p2pk(addr.as_str(), ErgoNetwork::Mainnet)?, key);
//! # Ok::<(), fastbip32::address::Error>(())
//! ```

use blake2::digest::consts::U32;
use blake2::{Blake2b, Digest};

use super::ethereum::secp256k1_checked;
use super::Address;
use crate::address::error::{Error, Result};
use crate::serialize::base58;

/// The address type of P2PK, the head byte's low bits.
const P2PK: u8 = 0x01;
/// Head byte, key and checksum.
const PAYLOAD: usize = 1 + 33 + 4;

/// An Ergo network: the head byte's high nibble.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErgoNetwork {
    /// Mainnet, network type `0x00`.
    Mainnet,
    /// Testnet, network type `0x10`.
    Testnet,
}

impl ErgoNetwork {
    /// The network type byte.
    const fn byte(self) -> u8 {
        match self {
            Self::Mainnet => 0x00,
            Self::Testnet => 0x10,
        }
    }
}

/// The first four bytes of BLAKE2b-256.
fn checksum(data: &[u8]) -> [u8; 4] {
    let digest = Blake2b::<U32>::digest(data);
    let mut check = [0u8; 4];
    check.copy_from_slice(digest.split_at(4).0);
    check
}

/// The Ergo P2PK address of a compressed secp256k1 public key.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
pub fn ergo_p2pk(public_key: &[u8; 33], network: ErgoNetwork) -> Result<Address> {
    secp256k1_checked(public_key)?;
    ergo_p2pk_unchecked(public_key, network)
}

/// [`ergo_p2pk`] of a key known to be on the curve: not checked.
///
/// # Errors
/// None in practice: 38 bytes always fit the buffer ([`Error::InvalidPublicKey`] otherwise).
pub(crate) fn ergo_p2pk_unchecked(public_key: &[u8; 33], network: ErgoNetwork) -> Result<Address> {
    let mut payload = [0u8; PAYLOAD];
    let (body, check) = payload.split_at_mut(PAYLOAD - 4);
    let (head, key) = body.split_at_mut(1);
    head.fill(network.byte() | P2PK);
    key.copy_from_slice(public_key);
    check.copy_from_slice(&checksum(body));
    // 38 bytes take at most 52 characters.
    let mut text = [0u8; 60];
    let len = base58::encode(&payload, &mut text).map_err(|_| Error::InvalidPublicKey)?;
    Ok(Address::written(text.split_at(len).0))
}

/// Reads an Ergo P2PK address of `network` back to its compressed key.
///
/// # Errors
/// - [`Error::InvalidBase58`]: a character outside the Base58 alphabet;
/// - [`Error::AddressLength`]: other than 38 bytes;
/// - [`Error::AddressChecksum`]: the BLAKE2b-256 checksum does not match;
/// - [`Error::AddressVersion`]: a head byte other than `network`'s P2PK one;
/// - [`Error::InvalidPublicKey`]: the key is not a point on secp256k1.
pub fn decode_ergo_p2pk(text: &str, network: ErgoNetwork) -> Result<[u8; 33]> {
    let decoded = base58::decode_any(text.as_bytes(), PAYLOAD).map_err(|e| match e {
        crate::Error::InvalidBase58 => Error::InvalidBase58,
        _ => Error::AddressLength {
            family: "Ergo",
            len: text.len(),
            expected: PAYLOAD,
        },
    })?;
    let payload = decoded.payload();
    if payload.len() != PAYLOAD {
        return Err(Error::AddressLength {
            family: "Ergo",
            len: payload.len(),
            expected: PAYLOAD,
        });
    }
    let (body, check) = payload.split_at(PAYLOAD - 4);
    if checksum(body) != check {
        return Err(Error::AddressChecksum { family: "Ergo" });
    }
    let (head, key) = body.split_at(1);
    let head = head.first().copied().unwrap_or(0);
    if head != network.byte() | P2PK {
        return Err(Error::AddressVersion {
            family: "Ergo",
            version: head,
        });
    }
    let mut out = [0u8; 33];
    out.copy_from_slice(key);
    secp256k1_checked(&out)?;
    Ok(out)
}
