//! Aptos account addresses of single-key ed25519 accounts: `0x` and the hex of
//! SHA3-256(public key ‖ `0x00`), the authentication key of the ed25519 scheme (AIP-40's
//! long form).
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use sha3::{Digest, Sha3_256};

use super::account_hex;
use super::error::{Error, Result};
use super::Address;

const FAMILY: &str = "Aptos";
/// The ed25519 single-signer scheme byte of Aptos authentication keys.
const ED25519_SCHEME: u8 = 0x00;

/// The Aptos address of a 32-byte ed25519 public key: `0x` and 64 lowercase hex digits.
///
/// # Examples
///
/// ```
/// use fastbip32::address::aptos::aptos;
///
/// let addr = aptos(&[0; 32]);
/// assert!(addr.as_str().starts_with("0x"));
/// assert_eq!(addr.len(), 66);
/// ```
pub fn aptos(public_key: &[u8; 32]) -> Address {
    let mut hasher = Sha3_256::new();
    hasher.update(public_key);
    hasher.update([ED25519_SCHEME]);
    account_hex::write("0x", &hasher.finalize().into())
}

/// The 32-byte account of an Aptos address: `0x` and 64 hex digits (either case), or the
/// short form of a special address, `0x0` to `0xf` (AIP-40).
///
/// # Errors
/// [`Error::AddressPrefix`] without `0x`; [`Error::AddressLength`] for another number of
/// digits; [`Error::AddressCharacter`] for a character that is not a hex digit.
pub fn decode_aptos(text: &str) -> Result<[u8; 32]> {
    if let Some(&[digit]) = text.strip_prefix("0x").map(str::as_bytes) {
        let mut byte = [0u8; 1];
        crate::hex::decode(crate::hex::ascii(&[b'0', digit]), &mut byte)
            .map_err(|_| Error::AddressCharacter { family: FAMILY })?;
        let mut account = [0u8; 32];
        if let Some(last) = account.last_mut() {
            *last = byte[0];
        }
        return Ok(account);
    }
    account_hex::read(text, FAMILY, "0x", true)
}
