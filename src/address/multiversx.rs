//! `MultiversX` (Elrond) addresses: the bech32 text of the 32-byte ed25519 public key under
//! the prefix `erd`.
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use core::fmt;

use bech32::primitives::decode::{CheckedHrpstring, CheckedHrpstringError};
use bech32::primitives::hrp::Hrp;
use bech32::Bech32;

use super::error::{Error, Result};
use super::Address;

const FAMILY: &str = "MultiversX";
/// The bech32 prefix of `MultiversX` addresses.
const HRP: &str = "erd";

/// The `MultiversX` address of a 32-byte ed25519 public key, 62 characters.
///
/// # Examples
///
/// ```
/// use fastbip32::address::multiversx::multiversx;
///
/// assert!(multiversx(&[0; 32]).as_str().starts_with("erd1qqqq"));
/// ```
pub fn multiversx(public_key: &[u8; 32]) -> Address {
    let mut addr = Address::empty();
    fits(bech32::encode_lower_to_fmt::<Bech32, _>(
        &mut addr,
        Hrp::parse_unchecked(HRP),
        public_key,
    ));
    addr
}

#[allow(clippy::expect_used, reason = "62 characters fit an Address")]
fn fits<E: fmt::Debug>(written: core::result::Result<(), E>) {
    written.expect("a MultiversX address fits an Address");
}

/// The 32-byte public key of a `MultiversX` address.
///
/// # Errors
/// [`Error::InvalidBech32`] for text that is not bech32; [`Error::Bech32Checksum`] for a
/// wrong checksum; [`Error::AddressPrefix`] for a prefix other than `erd`;
/// [`Error::AddressLength`] for data of another length than 32 bytes.
pub fn decode_multiversx(text: &str) -> Result<[u8; 32]> {
    let checked = match CheckedHrpstring::new::<Bech32>(text) {
        Ok(checked) => checked,
        Err(CheckedHrpstringError::Checksum(_)) => return Err(Error::Bech32Checksum),
        // The error type is non-exhaustive: every other failure is malformed text.
        Err(_) => return Err(Error::InvalidBech32),
    };
    if checked.hrp().as_str() != HRP {
        return Err(Error::AddressPrefix {
            family: FAMILY,
            expected: "erd1",
        });
    }
    let mut key = [0u8; 32];
    let mut len = 0;
    for b in checked.byte_iter() {
        if let Some(dst) = key.get_mut(len) {
            *dst = b;
        }
        len += 1;
    }
    if len != 32 {
        return Err(Error::AddressLength {
            family: FAMILY,
            len: text.len(),
            expected: 62,
        });
    }
    Ok(key)
}
