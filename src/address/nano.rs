//! Nano addresses: `nano_`, the 32-byte ed25519-blake2b public key behind four zero bits in
//! base32 with Nano's alphabet (52 characters), and its BLAKE2b-40 checksum with the bytes
//! reversed (8 characters): 65 characters. `xrb_`, the older prefix, is read too.
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use blake2::digest::consts::U5;
use blake2::{Blake2b, Digest};

use super::error::{Error, Result};
use super::Address;
use crate::serialize::base32;

const FAMILY: &str = "Nano";
/// The prefix this crate writes.
const PREFIX: &str = "nano_";
/// Characters of the key: 4 + 256 bits.
const KEY_CHARS: usize = 52;
/// Characters of the checksum: 40 bits.
const CHECK_CHARS: usize = 8;
/// The characters of a Nano address.
pub const NANO_LEN: usize = PREFIX.len() + KEY_CHARS + CHECK_CHARS;

/// BLAKE2b-40 of the key, bytes reversed.
fn checksum(public_key: &[u8; 32]) -> [u8; 5] {
    let mut check: [u8; 5] = Blake2b::<U5>::digest(public_key).into();
    check.reverse();
    check
}

/// The Nano address of a 32-byte ed25519-blake2b public key
/// ([`Ed25519Blake2b`](crate::Ed25519Blake2b)'s).
///
/// # Examples
///
/// ```
/// use fastbip32::address::nano::nano;
///
/// // The zero key: Nano's burn address.
/// assert_eq!(
///     nano(&[0; 32]),
///     "nano_1111111111111111111111111111111111111111111111111111hifc8npp"
/// );
/// ```
pub fn nano(public_key: &[u8; 32]) -> Address {
    // Three zero bytes and the key: 56 characters, of which the first four are the 20 zero
    // bits beyond Nano's four.
    let mut data = [0u8; 35];
    data.split_at_mut(3).1.copy_from_slice(public_key);
    let mut key_chars = [0u8; KEY_CHARS + 4];
    base32::encode(&data, base32::NANO, &mut key_chars);
    let mut check_chars = [0u8; CHECK_CHARS];
    base32::encode(&checksum(public_key), base32::NANO, &mut check_chars);
    let mut text = [0u8; NANO_LEN];
    let (head, rest) = text.split_at_mut(PREFIX.len());
    head.copy_from_slice(PREFIX.as_bytes());
    let (key, check) = rest.split_at_mut(KEY_CHARS);
    key.copy_from_slice(key_chars.split_at(4).1);
    check.copy_from_slice(&check_chars);
    Address::written(&text)
}

/// The 32-byte public key of a Nano address (`nano_…` or `xrb_…`).
///
/// # Errors
/// [`Error::AddressPrefix`] without `nano_` or `xrb_`; [`Error::AddressLength`] unless 60
/// characters follow it; [`Error::AddressCharacter`] for a character outside Nano's
/// alphabet or a first character other than `1` or `3` (the four leading bits are zero);
/// [`Error::AddressChecksum`] for a wrong checksum.
pub fn decode_nano(text: &str) -> Result<[u8; 32]> {
    let body = text
        .strip_prefix(PREFIX)
        .or_else(|| text.strip_prefix("xrb_"))
        .ok_or(Error::AddressPrefix {
            family: FAMILY,
            expected: PREFIX,
        })?;
    if body.len() != KEY_CHARS + CHECK_CHARS {
        return Err(Error::AddressLength {
            family: FAMILY,
            len: text.len(),
            expected: NANO_LEN,
        });
    }
    let (key_text, check_text) = body.as_bytes().split_at(KEY_CHARS);
    // Four zero characters in front make whole bytes: 56 characters, 35 bytes.
    let mut padded = [b'1'; KEY_CHARS + 4];
    padded.split_at_mut(4).1.copy_from_slice(key_text);
    let mut data = [0u8; 35];
    let mut check = [0u8; 5];
    let bad = Error::AddressCharacter { family: FAMILY };
    base32::decode(&padded, base32::NANO, &mut data).map_err(|_| bad)?;
    base32::decode(check_text, base32::NANO, &mut check).map_err(|_| bad)?;
    let (zeros, key) = data.split_at(3);
    if zeros != [0, 0, 0] {
        return Err(bad);
    }
    let mut public_key = [0u8; 32];
    public_key.copy_from_slice(key);
    if checksum(&public_key) != check {
        return Err(Error::AddressChecksum { family: FAMILY });
    }
    Ok(public_key)
}
