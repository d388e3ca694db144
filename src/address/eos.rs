//! EOS public-key text: `EOS` and the Base58 (Bitcoin alphabet) of the 33-byte compressed
//! secp256k1 key followed by the first four bytes of its RIPEMD-160 (the legacy `EOS…` form
//! wallets show and bip_utils writes; the `PUB_K1_…` form is not written here).
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::address::eos;
//!
//! // bip_utils' first EOS vector.
//! let key = [
//!     0x02, 0x90, 0xae, 0x9e, 0x19, 0x51, 0x96, 0x7e, 0xa0, 0x73, 0xb2, 0x42, 0xc4, 0xe6, 0xdb,
//!     0xa5, 0xe7, 0x28, 0xd9, 0xf4, 0xdc, 0xa4, 0xa7, 0x16, 0x1e, 0x1e, 0xc7, 0xf2, 0x21, 0x14,
//!     0xcd, 0x72, 0xc4,
//! ];
//! let addr = eos::eos(&key)?;
//! assert_eq!(addr, "EOS5zD4eXtvBmLhzmj9CtvuG2wxwuKcTbYxYwsGpPvKe68ExHjJsc");
//! assert_eq!(eos::decode_eos(addr.as_str())?, key);
//! # Ok::<(), fastbip32::address::Error>(())
//! ```

use ripemd::{Digest, Ripemd160};

use super::ethereum::secp256k1_checked;
use super::Address;
use crate::address::error::{Error, Result};
use crate::serialize::base58;

/// The text before the Base58.
pub const EOS_PREFIX: &str = "EOS";

/// The first four bytes of RIPEMD-160 of the key.
fn checksum(key: &[u8]) -> [u8; 4] {
    let digest = Ripemd160::digest(key);
    let mut check = [0u8; 4];
    check.copy_from_slice(digest.split_at(4).0);
    check
}

/// The EOS text of a compressed secp256k1 public key: `EOS` ‖ Base58(key ‖
/// RIPEMD-160(key)\[..4\]).
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
pub fn eos(public_key: &[u8; 33]) -> Result<Address> {
    secp256k1_checked(public_key)?;
    eos_unchecked(public_key)
}

/// [`eos`] of a key known to be on the curve: not checked.
///
/// # Errors
/// None in practice: 37 bytes always fit the buffer ([`Error::InvalidPublicKey`] otherwise).
pub(crate) fn eos_unchecked(public_key: &[u8; 33]) -> Result<Address> {
    let mut payload = [0u8; 37];
    let (key, check) = payload.split_at_mut(33);
    key.copy_from_slice(public_key);
    check.copy_from_slice(&checksum(public_key));
    let mut text = [0u8; 3 + 60];
    let (prefix, body) = text.split_at_mut(3);
    prefix.copy_from_slice(EOS_PREFIX.as_bytes());
    // 37 bytes take at most 51 characters.
    let len = base58::encode(&payload, body).map_err(|_| Error::InvalidPublicKey)?;
    Ok(Address::written(text.split_at(3 + len).0))
}

/// Reads EOS public-key text back to the compressed key.
///
/// # Errors
/// - [`Error::AddressPrefix`]: the text does not start with `EOS`;
/// - [`Error::InvalidBase58`]: a character outside the Base58 alphabet;
/// - [`Error::AddressLength`]: other than 37 bytes (key and checksum);
/// - [`Error::AddressChecksum`]: the RIPEMD-160 checksum does not match;
/// - [`Error::InvalidPublicKey`]: the key is not a point on secp256k1.
pub fn decode_eos(text: &str) -> Result<[u8; 33]> {
    let body = text.strip_prefix(EOS_PREFIX).ok_or(Error::AddressPrefix {
        family: "EOS",
        expected: EOS_PREFIX,
    })?;
    let decoded = base58::decode_any(body.as_bytes(), 37).map_err(|e| match e {
        crate::Error::InvalidBase58 => Error::InvalidBase58,
        _ => Error::AddressLength {
            family: "EOS",
            len: body.len(),
            expected: 37,
        },
    })?;
    let payload = decoded.payload();
    let (Some(key), Some(check), 37) = (payload.get(..33), payload.get(33..), payload.len()) else {
        return Err(Error::AddressLength {
            family: "EOS",
            len: payload.len(),
            expected: 37,
        });
    };
    if checksum(key) != check {
        return Err(Error::AddressChecksum { family: "EOS" });
    }
    let mut out = [0u8; 33];
    out.copy_from_slice(key);
    secp256k1_checked(&out)?;
    Ok(out)
}
