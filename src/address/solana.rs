//! Solana addresses: the Base58 text (Bitcoin alphabet, no checksum) of the 32-byte ed25519
//! public key.
//!
//! # Security
//! [`solana`] takes a public key and is variable-time.
//! [`solana_keypair`] writes a secret and is constant-time (our Base58, a wiped buffer).

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

/// The most characters of a Solana keypair's Base58 text: 64 bytes take at most 88.
pub const SOLANA_KEYPAIR_MAX_LEN: usize = 88;

/// A Solana keypair as Phantom imports it and `solana-keygen` keeps it: the 32-byte ed25519
/// secret key (SLIP-10's private key), then its 32-byte public key, as Base58 text written
/// into `out`; returns the text.
///
/// The encoding is this crate's constant-time Base58 (no branch or table index on the
/// bytes); the scratch buffers are wiped. The text is the private key: wipe `out` after use.
///
/// # Examples
///
/// ```
/// use fastbip32::address::{solana_keypair, SOLANA_KEYPAIR_MAX_LEN};
///
/// let mut out = [0u8; SOLANA_KEYPAIR_MAX_LEN];
/// // 64 zero bytes: one '1' per leading zero byte.
/// assert_eq!(solana_keypair(&[0; 32], &[0; 32], &mut out), "1".repeat(64));
/// ```
pub fn solana_keypair<'a>(
    secret_key: &[u8; 32],
    public_key: &[u8; 32],
    out: &'a mut [u8; SOLANA_KEYPAIR_MAX_LEN],
) -> &'a str {
    let mut pair = zeroize::Zeroizing::new([0u8; 64]);
    let (secret, public) = pair.split_at_mut(32);
    secret.copy_from_slice(secret_key);
    public.copy_from_slice(public_key);
    let len = keypair_len(base58::encode(&pair, out));
    let text = out.split_at(len).0;
    core::str::from_utf8(text).unwrap_or_default()
}

#[allow(
    clippy::expect_used,
    reason = "88 bytes hold the Base58 text of 64 bytes"
)]
fn keypair_len(len: crate::Result<usize>) -> usize {
    len.expect("88 bytes hold the Base58 text of 64 bytes")
}

#[allow(
    clippy::expect_used,
    reason = "48 bytes hold the 44 characters of 32 bytes"
)]
fn encoded_len(len: crate::Result<usize>) -> usize {
    len.expect("48 bytes hold the Base58 text of 32 bytes")
}
