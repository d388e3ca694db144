//! Nimiq addresses: the first 20 bytes of BLAKE2b-256 of the 32-byte ed25519 public key, in
//! base32 with Nimiq's alphabet, behind `NQ` and two ISO 7064 (IBAN) check digits, in groups
//! of four characters as wallets show them: `NQ27 GBAY … G7GD`, 44 characters.
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use blake2::digest::consts::U32;
use blake2::{Blake2b, Digest};

use super::error::{Error, Result};
use super::Address;
use crate::serialize::base32;

const FAMILY: &str = "Nimiq";
/// Base32 characters of the 20-byte account.
const BODY: usize = base32::encoded_len(20);
/// `NQ`, two check digits and the body, without spaces.
const COMPACT: usize = 4 + BODY;
/// The characters of an address as wallets show it: nine groups of four and eight spaces.
pub const NIMIQ_LEN: usize = COMPACT + COMPACT / 4 - 1;
/// The longest text [`decode_nimiq`] reads (with spaces anywhere).
const MAX_TEXT: usize = 2 * NIMIQ_LEN;

/// The remainder modulo 97 of the decimal number the IBAN rules give `text` (digits as
/// themselves, letters `A`–`Z` as 10–35), continuing from `rem`.
fn mod97(text: &[u8], mut rem: u32) -> u32 {
    for &c in text {
        let value = if c.is_ascii_digit() {
            u32::from(c - b'0')
        } else {
            u32::from(c.to_ascii_uppercase()).saturating_sub(55)
        };
        rem = if value >= 10 {
            (rem * 100 + value) % 97
        } else {
            (rem * 10 + value) % 97
        };
    }
    rem
}

/// The account of a public key: the first 20 bytes of its BLAKE2b-256.
fn account(public_key: &[u8; 32]) -> [u8; 20] {
    let digest = Blake2b::<U32>::digest(public_key);
    let mut account = [0u8; 20];
    account.copy_from_slice(digest.split_at(20).0);
    account
}

/// The Nimiq address of a 32-byte ed25519 public key, spaced as wallets show it.
///
/// # Examples
///
/// ```
/// use fastbip32::address::nimiq::{nimiq, NIMIQ_LEN};
///
/// let addr = nimiq(&[0; 32]);
/// assert!(addr.as_str().starts_with("NQ"));
/// assert_eq!(addr.len(), NIMIQ_LEN);
/// ```
pub fn nimiq(public_key: &[u8; 32]) -> Address {
    nimiq_of_account(&account(public_key))
}

/// The Nimiq address of a 20-byte account, spaced as wallets show it.
pub fn nimiq_of_account(account: &[u8; 20]) -> Address {
    let mut compact = [0u8; COMPACT];
    let (head, body) = compact.split_at_mut(4);
    base32::encode(account, base32::NIMIQ, body);
    // 98 − (body ‖ "NQ00" mod 97): two digits.
    let check = 98 - mod97(b"NQ00", mod97(body, 0));
    // `check` is 2 to 98: each digit is below 10.
    let digits = [
        b'0' + (check / 10).to_le_bytes()[0],
        b'0' + (check % 10).to_le_bytes()[0],
    ];
    head.copy_from_slice(&[b'N', b'Q', digits[0], digits[1]]);
    let mut text = [b' '; NIMIQ_LEN];
    for (group, dst) in compact.chunks_exact(4).zip(text.chunks_mut(5)) {
        dst.split_at_mut(4).0.copy_from_slice(group);
    }
    Address::written(&text)
}

/// The 20-byte account of a Nimiq address, with or without its spaces, in either case.
///
/// # Errors
/// [`Error::AddressLength`] unless the text has 36 characters besides spaces (and at most
/// 88 in all); [`Error::AddressPrefix`] without `NQ`; [`Error::AddressCharacter`] for
/// check digits that are not digits or a character outside Nimiq's alphabet;
/// [`Error::AddressChecksum`] for wrong check digits.
pub fn decode_nimiq(text: &str) -> Result<[u8; 20]> {
    let too_long = Error::AddressLength {
        family: FAMILY,
        len: text.len(),
        expected: COMPACT,
    };
    if text.len() > MAX_TEXT {
        return Err(too_long);
    }
    let mut compact = [0u8; COMPACT];
    let mut len = 0;
    for c in text.bytes().filter(|&c| c != b' ') {
        if let Some(dst) = compact.get_mut(len) {
            *dst = c.to_ascii_uppercase();
        }
        len += 1;
    }
    if len != COMPACT {
        return Err(Error::AddressLength {
            family: FAMILY,
            len,
            expected: COMPACT,
        });
    }
    let (head, body) = compact.split_at(4);
    let (country, check) = head.split_at(2);
    if country != b"NQ" {
        return Err(Error::AddressPrefix {
            family: FAMILY,
            expected: "NQ",
        });
    }
    if !check.iter().all(u8::is_ascii_digit) {
        return Err(Error::AddressCharacter { family: FAMILY });
    }
    let mut account = [0u8; 20];
    base32::decode(body, base32::NIMIQ, &mut account)
        .map_err(|_| Error::AddressCharacter { family: FAMILY })?;
    if mod97(head, mod97(body, 0)) != 1 {
        return Err(Error::AddressChecksum { family: FAMILY });
    }
    Ok(account)
}
