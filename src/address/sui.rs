//! Sui addresses of ed25519 keys: `0x` and the hex of BLAKE2b-256(flag `0x00` ‖ public key).
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use blake2::digest::consts::U32;
use blake2::{Blake2b, Digest};

use super::account_hex;
use super::error::Result;
use super::Address;

const FAMILY: &str = "Sui";
/// Sui's signature-scheme flag of ed25519.
const ED25519_FLAG: u8 = 0x00;

/// The Sui address of a 32-byte ed25519 public key: `0x` and 64 lowercase hex digits.
///
/// # Examples
///
/// ```
/// use fastbip32::address::sui::sui;
///
/// assert_eq!(sui(&[0; 32]).len(), 66);
/// ```
pub fn sui(public_key: &[u8; 32]) -> Address {
    let mut hasher = Blake2b::<U32>::new();
    hasher.update([ED25519_FLAG]);
    hasher.update(public_key);
    account_hex::write("0x", &hasher.finalize().into())
}

/// The 32 bytes of a Sui address: `0x` and 64 hex digits (either case).
///
/// # Errors
/// [`Error::AddressPrefix`](super::Error::AddressPrefix) without `0x`;
/// [`Error::AddressLength`](super::Error::AddressLength) for another number of digits;
/// [`Error::AddressCharacter`](super::Error::AddressCharacter) for a character that is not a
/// hex digit.
pub fn decode_sui(text: &str) -> Result<[u8; 32]> {
    account_hex::read(text, FAMILY, "0x", true)
}
