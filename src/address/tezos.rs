//! Tezos `tz1` addresses of ed25519 keys: `Base58Check` of the prefix `06 a1 9f` and the
//! BLAKE2b-160 hash of the 32-byte public key, 36 characters.
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use blake2::digest::consts::U20;
use blake2::{Blake2b, Digest};

use super::error::{Error, Result};
use super::Address;
use crate::serialize::base58;

const FAMILY: &str = "Tezos";
/// The `Base58Check` prefix that makes the text start with `tz1`.
const TZ1: [u8; 3] = [0x06, 0xa1, 0x9f];
/// Prefix and hash.
const PAYLOAD: usize = 3 + 20;

/// The Tezos `tz1` address of a 32-byte ed25519 public key.
///
/// # Examples
///
/// ```
/// use fastbip32::address::tezos::tezos_tz1;
///
/// assert!(tezos_tz1(&[0; 32]).as_str().starts_with("tz1"));
/// ```
pub fn tezos_tz1(public_key: &[u8; 32]) -> Address {
    let hash = Blake2b::<U20>::digest(public_key);
    let mut payload = [0u8; PAYLOAD];
    let (prefix, body) = payload.split_at_mut(3);
    prefix.copy_from_slice(&TZ1);
    body.copy_from_slice(&hash);
    // 27 bytes take at most 37 characters.
    let mut text = [0u8; 40];
    let len = fitted(base58::encode_check(&payload, &mut text));
    Address::written(text.split_at(len).0)
}

#[allow(clippy::expect_used, reason = "40 bytes hold the text of 27 bytes")]
fn fitted(len: crate::Result<usize>) -> usize {
    len.expect("40 bytes hold the Base58 text of 27 bytes")
}

/// The 20-byte key hash of a Tezos `tz1` address.
///
/// # Errors
/// [`Error::InvalidBase58`] for a character outside the alphabet; [`Error::BadChecksum`]
/// for a wrong `Base58Check` checksum; [`Error::AddressLength`] for a payload of another
/// length than 23 bytes (`len` counts bytes); [`Error::AddressPrefix`] for a payload not
/// starting with the `tz1` prefix (`tz2`, `tz3`, `KT1`, …).
pub fn decode_tezos_tz1(text: &str) -> Result<[u8; 20]> {
    let payload = base58::decode_check_array::<PAYLOAD>(text.as_bytes()).map_err(|e| match e {
        crate::Error::InvalidLength { len, expected } => Error::AddressLength {
            family: FAMILY,
            len,
            expected,
        },
        crate::Error::BadChecksum => Error::BadChecksum,
        crate::Error::InvalidBase58 => Error::InvalidBase58,
        // `decode_check_array` fails with the three errors above only.
        _ => Error::UnrecognisedAddress,
    })?;
    let (prefix, body) = payload.split_at(3);
    if prefix != TZ1 {
        return Err(Error::AddressPrefix {
            family: FAMILY,
            expected: "tz1",
        });
    }
    let mut hash = [0u8; 20];
    hash.copy_from_slice(body);
    Ok(hash)
}
