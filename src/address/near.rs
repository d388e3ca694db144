//! NEAR implicit accounts: the 64 lowercase hex digits of the 32-byte ed25519 public key.
//!
//! # Security
//! Public inputs only (public keys and account text): everything here is variable-time.

use super::account_hex;
use super::error::Result;
use super::Address;

const FAMILY: &str = "NEAR";

/// The NEAR implicit account of a 32-byte ed25519 public key.
///
/// # Examples
///
/// ```
/// use fastbip32::address::near::near;
///
/// assert_eq!(near(&[0xab; 32]).as_str(), "ab".repeat(32));
/// ```
pub fn near(public_key: &[u8; 32]) -> Address {
    account_hex::write("", public_key)
}

/// The public key of a NEAR implicit account: 64 lowercase hex digits (NEAR account ids are
/// lower case).
///
/// # Errors
/// [`Error::AddressLength`](super::Error::AddressLength) for another length;
/// [`Error::AddressCharacter`](super::Error::AddressCharacter) for an upper-case letter or a
/// character that is not a hex digit.
pub fn decode_near(text: &str) -> Result<[u8; 32]> {
    account_hex::read(text, FAMILY, "", false)
}
