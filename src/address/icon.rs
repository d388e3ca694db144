//! ICON (ICX) account addresses: `hx` and the lowercase hex of the last 20 bytes of SHA3-256
//! of the 64-byte uncompressed secp256k1 key `x ‖ y` (without its `0x04`).
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::address::icon;
//!
//! // bip_utils' first ICON vector.
//! let key = [
//!     0x02, 0x5b, 0xdd, 0x79, 0x55, 0x8f, 0xf1, 0x58, 0x25, 0xba, 0x97, 0xe3, 0xf2, 0x04, 0x78,
//!     0x9b, 0x10, 0x9d, 0x8e, 0x09, 0x6e, 0xdd, 0x2d, 0xae, 0x7f, 0xbb, 0xa1, 0x25, 0x6a, 0x1b,
//!     0x36, 0xa2, 0x4a,
//! ];
//! let addr = icon::icon(&key)?;
//! assert_eq!(addr, "hx477ac35d999d2db17b3a00cfcff70ea507f009ef");
//! assert_eq!(icon::decode_icon(addr.as_str())?, icon::icon_account(&key)?);
//! # Ok::<(), fastbip32::address::Error>(())
//! ```

use sha3::{Digest, Sha3_256};

use super::secp256k1_uncompressed;
use super::Address;
use crate::address::error::{Error, Result};

/// The prefix of an account (externally owned) address; contracts' are `cx`.
pub const ICON_PREFIX: &str = "hx";

/// The 20-byte account of a compressed secp256k1 public key: the last 20 bytes of SHA3-256
/// of `x ‖ y`.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
pub fn icon_account(public_key: &[u8; 33]) -> Result<[u8; 20]> {
    let full = secp256k1_uncompressed(public_key)?;
    Ok(icon_account_of_xy(full.split_at(1).1))
}

/// The account of a point given by its coordinates `x ‖ y` (64 bytes), known to be on the
/// curve: the last 20 bytes of their SHA3-256.
pub(crate) fn icon_account_of_xy(xy: &[u8]) -> [u8; 20] {
    let digest = Sha3_256::digest(xy);
    let mut account = [0u8; 20];
    account.copy_from_slice(digest.split_at(12).1);
    account
}

/// The ICON address of a compressed secp256k1 public key: `hx` ‖ hex([`icon_account`]).
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
pub fn icon(public_key: &[u8; 33]) -> Result<Address> {
    Ok(icon_from_account(&icon_account(public_key)?))
}

/// The ICON address of a 20-byte account: `hx` ‖ its lowercase hex.
///
/// # Panics
/// Never: 20 bytes take 40 hex digits, which the buffer holds.
#[allow(clippy::expect_used, reason = "the buffer holds 40 digits")]
pub fn icon_from_account(account: &[u8; 20]) -> Address {
    let mut text = [0u8; 42];
    let (prefix, body) = text.split_at_mut(2);
    prefix.copy_from_slice(ICON_PREFIX.as_bytes());
    let digits = crate::hex::encode(account, body).map(str::len);
    digits.expect("40 digits");
    Address::written(&text)
}

/// Reads an ICON account address (`hx` and 40 lowercase hex digits) back to its 20 bytes.
///
/// # Errors
/// [`Error::AddressPrefix`] without `hx`; [`Error::AddressLength`] for other than 40
/// digits; [`Error::AddressCharacter`] for a character that is not a lowercase hex digit.
pub fn decode_icon(text: &str) -> Result<[u8; 20]> {
    let body = text.strip_prefix(ICON_PREFIX).ok_or(Error::AddressPrefix {
        family: "ICON",
        expected: ICON_PREFIX,
    })?;
    if body.len() != 40 {
        return Err(Error::AddressLength {
            family: "ICON",
            len: body.len() / 2,
            expected: 20,
        });
    }
    if body.bytes().any(|c| c.is_ascii_uppercase()) {
        return Err(Error::AddressCharacter { family: "ICON" });
    }
    let mut account = [0u8; 20];
    crate::hex::decode(body, &mut account)
        .map_err(|_| Error::AddressCharacter { family: "ICON" })?;
    Ok(account)
}
