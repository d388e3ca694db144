//! Stellar's `StrKey` text (SEP-0023) of ed25519 keys: the account id (`G…`, the address of
//! Stellar and Pi Network) and the secret seed (`S…`, the private key's text).
//!
//! A version byte (the key type shifted left by three: 6 for an account id, 18 for a seed),
//! the 32 key bytes, and their CRC-16/XMODEM checksum in little-endian order, in RFC 4648
//! base32 without padding: 56 characters.
//!
//! The seed is secret: its text is written and read in constant time (the base32 and CRC
//! code has no branch or table index on the data), and its decoded bytes are wiped on drop.
//!
//! # Security
//! [`stellar`] and [`decode_stellar`] take public keys and text and are variable-time;
//! [`stellar_seed`] and [`decode_stellar_seed`] are constant-time, as said above.

use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::error::{Error, Result};
use super::Address;
use crate::serialize::{base32, crc16::crc16_xmodem};

const FAMILY: &str = "Stellar";
/// The version byte of an ed25519 account id: `G`.
const ACCOUNT_ID: u8 = 6 << 3;
/// The version byte of an ed25519 secret seed: `S`.
const SEED: u8 = 18 << 3;
/// Version, key and checksum.
const DATA: usize = 1 + 32 + 2;
/// The characters of a `StrKey` of a 32-byte key.
pub const STRKEY_LEN: usize = base32::encoded_len(DATA);

/// Writes the `StrKey` text of `key` under `version` into `out`.
fn encode(version: u8, key: &[u8; 32], out: &mut [u8; STRKEY_LEN]) {
    let mut data = Zeroizing::new([0u8; DATA]);
    let (head, rest) = data.split_at_mut(1);
    head.fill(version);
    rest.split_at_mut(32).0.copy_from_slice(key);
    let crc = crc16_xmodem(data.split_at(33).0);
    data.split_at_mut(33).1.copy_from_slice(&crc.to_le_bytes());
    base32::encode(&data[..], base32::RFC4648, out);
}

/// The key of `StrKey` text of `version`, named `letter` in errors.
fn decode(text: &str, version: u8, letter: &'static str) -> Result<Zeroizing<[u8; 32]>> {
    if text.len() != STRKEY_LEN {
        return Err(Error::AddressLength {
            family: FAMILY,
            len: text.len(),
            expected: STRKEY_LEN,
        });
    }
    let mut data = Zeroizing::new([0u8; DATA]);
    base32::decode(text.as_bytes(), base32::RFC4648, &mut data[..])
        .map_err(|_| Error::AddressCharacter { family: FAMILY })?;
    let (body, check) = data.split_at(33);
    let crc = crc16_xmodem(body).to_le_bytes();
    let (found, key) = body.split_at(1);
    if found != [version] {
        return Err(Error::AddressPrefix {
            family: FAMILY,
            expected: letter,
        });
    }
    if !bool::from(crc.ct_eq(check)) {
        return Err(Error::AddressChecksum { family: FAMILY });
    }
    let mut out = Zeroizing::new([0u8; 32]);
    out.copy_from_slice(key);
    Ok(out)
}

/// The Stellar account id (`G…`, 56 characters) of a 32-byte ed25519 public key: the
/// address of Stellar and of Pi Network.
///
/// # Examples
///
/// ```
/// use fastbip32::address::strkey::stellar;
///
/// assert!(stellar(&[0; 32]).as_str().starts_with("GAAAA"));
/// ```
pub fn stellar(public_key: &[u8; 32]) -> Address {
    let mut text = [0u8; STRKEY_LEN];
    encode(ACCOUNT_ID, public_key, &mut text);
    Address::written(&text)
}

/// The 32-byte public key of a Stellar account id (`G…`).
///
/// # Errors
/// [`Error::AddressLength`] unless the text has 56 characters; [`Error::AddressCharacter`]
/// for a character outside RFC 4648's upper-case alphabet; [`Error::AddressPrefix`] for
/// another version byte than an account id's (a seed, a muxed account, a contract, …);
/// [`Error::AddressChecksum`] for a wrong CRC.
pub fn decode_stellar(text: &str) -> Result<[u8; 32]> {
    decode(text, ACCOUNT_ID, "G").map(|key| *key)
}

/// Writes the Stellar secret seed text (`S…`, 56 characters) of a 32-byte ed25519 private
/// key (SLIP-10's key, an RFC 8032 seed) into `out` and returns it.
///
/// Constant-time; the scratch buffers are wiped. The text is the private key: wipe `out`
/// after use.
///
/// # Examples
///
/// ```
/// use fastbip32::address::strkey::{stellar_seed, STRKEY_LEN};
///
/// let mut out = [0u8; STRKEY_LEN];
/// assert!(stellar_seed(&[0; 32], &mut out).starts_with("SAAAA"));
/// ```
pub fn stellar_seed<'a>(private_key: &[u8; 32], out: &'a mut [u8; STRKEY_LEN]) -> &'a str {
    encode(SEED, private_key, out);
    crate::hex::ascii(&out[..])
}

/// The 32-byte private key of Stellar secret seed text (`S…`), in a wiped buffer.
///
/// Constant-time in the key: which check failed is reported, never where.
///
/// # Errors
/// As [`decode_stellar`], with an account id's version byte refused
/// ([`Error::AddressPrefix`]).
pub fn decode_stellar_seed(text: &str) -> Result<Zeroizing<[u8; 32]>> {
    decode(text, SEED, "S")
}
