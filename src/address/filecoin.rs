//! Filecoin secp256k1 (protocol 1, `f1…`) addresses: the network letter, the protocol digit
//! `1`, and lowercase base32 (RFC 4648, no padding) of the 20-byte BLAKE2b-160 of the
//! 65-byte uncompressed key (`0x04 ‖ x ‖ y`) followed by a 4-byte BLAKE2b-32 checksum over
//! the protocol byte `0x01` and that hash (Filecoin specification, "Addresses").
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::address::filecoin::{self, FilecoinNetwork};
//!
//! // bip_utils' first Filecoin vector.
//! let key = [
//!     0x02, 0x58, 0x74, 0x2e, 0x75, 0x96, 0xb2, 0xcb, 0x99, 0x8b, 0x42, 0xdd, 0xdf, 0xfd, 0x7b,
//!     0x5c, 0x7b, 0xa3, 0x07, 0x02, 0x87, 0x6f, 0x89, 0x9d, 0x6f, 0x71, 0x88, 0xd2, 0x32, 0x85,
//!     0xfc, 0x32, 0x08,
//! ];
//! let addr = filecoin::filecoin_secp256k1(&key, FilecoinNetwork::Mainnet)?;
//! assert_eq!(addr, "f1hqdqidehi276cscqehffoyr7qzxn2foumjpq5zq");
//! let hash = filecoin::decode_filecoin_secp256k1(addr.as_str(), FilecoinNetwork::Mainnet)?;
//! assert_eq!(hash[..2], [0x3c, 0x07]);
//! # Ok::<(), fastbip32::address::Error>(())
//! ```

use blake2::digest::consts::{U20, U4};
use blake2::{Blake2b, Digest};

use super::secp256k1_uncompressed;
use super::Address;
use crate::address::error::{Error, Result};
use crate::serialize::base32;

/// The protocol of secp256k1 addresses.
const PROTOCOL: u8 = 1;
/// Hash and checksum.
const PAYLOAD: usize = 20 + 4;

/// A Filecoin network: the address's first letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FilecoinNetwork {
    /// Mainnet: `f`.
    Mainnet,
    /// Testnets: `t`.
    Testnet,
}

impl FilecoinNetwork {
    /// The network letter.
    const fn letter(self) -> u8 {
        match self {
            Self::Mainnet => b'f',
            Self::Testnet => b't',
        }
    }
}

/// BLAKE2b-32 of the protocol byte and the hash.
fn checksum(hash: &[u8]) -> [u8; 4] {
    let mut h = Blake2b::<U4>::new();
    h.update([PROTOCOL]);
    h.update(hash);
    h.finalize().into()
}

/// The `f1`/`t1` address of a compressed secp256k1 public key.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
pub fn filecoin_secp256k1(public_key: &[u8; 33], network: FilecoinNetwork) -> Result<Address> {
    let full = secp256k1_uncompressed(public_key)?;
    let (_, xy) = full.split_at(1);
    Ok(filecoin_of_xy(xy, network))
}

/// The `f1`/`t1` address of a point given by its coordinates `x ‖ y` (64 bytes), known to be
/// on the curve: BLAKE2b-160 of `0x04 ‖ x ‖ y`.
pub(crate) fn filecoin_of_xy(xy: &[u8], network: FilecoinNetwork) -> Address {
    let mut h = Blake2b::<U20>::new();
    h.update([0x04]);
    h.update(xy);
    let hash: [u8; 20] = h.finalize().into();
    filecoin_from_hash(&hash, network)
}

/// The `f1`/`t1` address of a 20-byte key hash (BLAKE2b-160 of the uncompressed key).
pub fn filecoin_from_hash(hash: &[u8; 20], network: FilecoinNetwork) -> Address {
    let mut payload = [0u8; PAYLOAD];
    let (h, check) = payload.split_at_mut(20);
    h.copy_from_slice(hash);
    check.copy_from_slice(&checksum(hash));
    let mut text = [0u8; 2 + base32::encoded_len(PAYLOAD)];
    let (head, body) = text.split_at_mut(2);
    head.copy_from_slice(&[network.letter(), b'0' + PROTOCOL]);
    base32::encode(&payload, base32::RFC4648_LOWER, body);
    Address::written(&text)
}

/// Reads an `f1`/`t1` address of `network` back to its 20-byte key hash.
///
/// # Errors
/// - [`Error::AddressPrefix`]: not `network`'s letter followed by `1` (another protocol
///   included);
/// - [`Error::AddressLength`]: other than 39 base32 characters (24 bytes);
/// - [`Error::AddressCharacter`]: a character outside lowercase base32, or padding bits that
///   are not zero;
/// - [`Error::AddressChecksum`]: the BLAKE2b-32 checksum does not match.
pub fn decode_filecoin_secp256k1(text: &str, network: FilecoinNetwork) -> Result<[u8; 20]> {
    let body = match text.as_bytes() {
        [n, p, body @ ..] if *n == network.letter() && *p == b'0' + PROTOCOL => body,
        _ => {
            return Err(Error::AddressPrefix {
                family: "Filecoin",
                expected: "the network's letter and 1",
            })
        }
    };
    if body.len() != base32::encoded_len(PAYLOAD) {
        return Err(Error::AddressLength {
            family: "Filecoin",
            len: body.len() * 5 / 8,
            expected: PAYLOAD,
        });
    }
    let mut payload = [0u8; PAYLOAD];
    base32::decode(body, base32::RFC4648_LOWER, &mut payload)
        .map_err(|_| Error::AddressCharacter { family: "Filecoin" })?;
    let (hash, check) = payload.split_at(20);
    if checksum(hash) != check {
        return Err(Error::AddressChecksum { family: "Filecoin" });
    }
    let mut out = [0u8; 20];
    out.copy_from_slice(hash);
    Ok(out)
}
