//! Solana addresses: the Base58 text (Bitcoin alphabet, no checksum) of the 32-byte ed25519
//! public key.

use super::Address;
use crate::serialize::base58;

/// The Solana address of a 32-byte ed25519 public key: its Base58 text.
///
/// The key is encoded as given; it is not checked to be a point on the curve (Solana's
/// program-derived addresses are not).
///
/// # Examples
///
/// ```
/// use fastbip32::address;
///
/// // The system program's address is 32 zero bytes.
/// assert_eq!(address::solana(&[0; 32]), "11111111111111111111111111111111");
/// ```
pub fn solana(public_key: &[u8; 32]) -> Address {
    // 32 bytes take at most 44 characters.
    let mut buf = [0u8; 48];
    let len = encoded_len(base58::encode(public_key, &mut buf));
    Address::written(buf.split_at(len).0)
}

#[allow(
    clippy::expect_used,
    reason = "48 bytes hold the 44 characters of 32 bytes"
)]
fn encoded_len(len: crate::Result<usize>) -> usize {
    len.expect("48 bytes hold the Base58 text of 32 bytes")
}
