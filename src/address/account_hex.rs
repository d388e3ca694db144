//! Accounts written as the hex of 32 bytes: `0x` and 64 hex digits (Aptos, Sui) or the 64
//! digits alone (NEAR's implicit accounts). The one reader and writer of that text.
//!
//! # Security
//! Public inputs only (public keys and account text): everything here is variable-time.

use super::error::{Error, Result};
use super::Address;

/// `prefix` (at most 8 characters) and the 64 lowercase hex digits of `bytes`.
#[allow(
    clippy::expect_used,
    reason = "64 bytes hold the hex of 32, and 72 characters fit an Address"
)]
pub(super) fn write(prefix: &str, bytes: &[u8; 32]) -> Address {
    let mut buf = [0u8; 64];
    let hex = crate::hex::encode(bytes, &mut buf).expect("64 bytes hold the hex of 32 bytes");
    let mut addr = Address::written(prefix.as_bytes());
    addr.push(hex.as_bytes())
        .expect("a short prefix and 64 digits fit an Address");
    addr
}

/// The 32 bytes of `prefix` and 64 hex digits; upper-case digits only if `either_case`.
pub(super) fn read(
    text: &str,
    family: &'static str,
    prefix: &'static str,
    either_case: bool,
) -> Result<[u8; 32]> {
    let digits = text.strip_prefix(prefix).ok_or(Error::AddressPrefix {
        family,
        expected: prefix,
    })?;
    if digits.len() != 64 {
        return Err(Error::AddressLength {
            family,
            len: text.len(),
            expected: prefix.len() + 64,
        });
    }
    if !either_case && digits.bytes().any(|c| c.is_ascii_uppercase()) {
        return Err(Error::AddressCharacter { family });
    }
    let mut bytes = [0u8; 32];
    crate::hex::decode(digits, &mut bytes).map_err(|_| Error::AddressCharacter { family })?;
    Ok(bytes)
}
