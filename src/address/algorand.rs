//! Algorand addresses: the base32 text (RFC 4648, no padding) of the 32-byte ed25519 public
//! key followed by the last four bytes of its SHA-512/256 hash, 58 characters.
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use sha2::{Digest, Sha512_256};

use super::error::{Error, Result};
use super::Address;
use crate::serialize::base32;

const FAMILY: &str = "Algorand";
/// The characters of an Algorand address: 36 bytes in base32.
pub const ALGORAND_LEN: usize = base32::encoded_len(36);

/// The last four bytes of SHA-512/256 of the key.
fn checksum(public_key: &[u8; 32]) -> [u8; 4] {
    let digest = Sha512_256::digest(public_key);
    let mut check = [0u8; 4];
    check.copy_from_slice(digest.split_at(28).1);
    check
}

/// The Algorand address of a 32-byte ed25519 public key.
///
/// # Examples
///
/// ```
/// use fastbip32::address::algorand::algorand;
///
/// // Algorand's zero address, the base32 of 32 zero bytes and their checksum.
/// assert_eq!(
///     algorand(&[0; 32]),
///     "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ"
/// );
/// ```
pub fn algorand(public_key: &[u8; 32]) -> Address {
    let mut data = [0u8; 36];
    let (key, check) = data.split_at_mut(32);
    key.copy_from_slice(public_key);
    check.copy_from_slice(&checksum(public_key));
    let mut text = [0u8; ALGORAND_LEN];
    let len = base32::encode(&data, base32::RFC4648, &mut text);
    Address::written(text.split_at(len).0)
}

/// The 32-byte public key of an Algorand address.
///
/// # Errors
/// [`Error::AddressLength`] unless the text has 58 characters; [`Error::AddressCharacter`]
/// for a character outside RFC 4648's upper-case alphabet or non-zero padding bits;
/// [`Error::AddressChecksum`] if the last four bytes are not the key's checksum.
pub fn decode_algorand(text: &str) -> Result<[u8; 32]> {
    if text.len() != ALGORAND_LEN {
        return Err(Error::AddressLength {
            family: FAMILY,
            len: text.len(),
            expected: ALGORAND_LEN,
        });
    }
    let mut data = [0u8; 36];
    base32::decode(text.as_bytes(), base32::RFC4648, &mut data)
        .map_err(|_| Error::AddressCharacter { family: FAMILY })?;
    let (key, check) = data.split_at(32);
    let mut public_key = [0u8; 32];
    public_key.copy_from_slice(key);
    if checksum(&public_key) != check {
        return Err(Error::AddressChecksum { family: FAMILY });
    }
    Ok(public_key)
}
