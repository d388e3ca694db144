//! CashAddr addresses (Bitcoin Cash `bitcoincash:q…`, eCash `ecash:q…`): a prefix, `:`, and
//! base 32 of a type byte and a hash, with a 40-bit BCH checksum over the prefix too.
//!
//! The type byte's top bit is zero, its next four bits are the type (0 P2PKH, 1 P2SH) and its
//! low three bits the hash size (0 to 7 for 160, 192, 224, 256, 320, 384, 448, 512 bits).
//! The checksum is the spec's `PolyMod` over the prefix's characters' low five bits, a zero,
//! the data's five-bit groups and eight zeros.
//!
//! Spec: "Address format for Bitcoin Cash" (bitcoincash.org, `spec/cashaddr.md`, version
//! 1.1); eCash uses it with the prefixes `ecash`, `ectest`, `ecregtest`.
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::address::cashaddr::{self, CashAddrType};
//!
//! // The spec's first larger test vector.
//! let hash = [
//!     0xf5, 0xbf, 0x48, 0xb3, 0x97, 0xda, 0xe7, 0x0b, 0xe8, 0x2b, 0x3c, 0xca, 0x47, 0x93,
//!     0xf8, 0xeb, 0x2b, 0x6c, 0xda, 0xc9,
//! ];
//! let addr = cashaddr::cashaddr_from_hash("bitcoincash", CashAddrType::P2pkh, &hash)?;
//! assert_eq!(addr, "bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2");
//! let decoded = cashaddr::decode_cashaddr(addr.as_str(), "bitcoincash")?;
//! assert_eq!((decoded.kind(), decoded.hash()), (CashAddrType::P2pkh, &hash[..]));
//! # Ok::<(), fastbip32::address::Error>(())
//! ```

use super::ethereum::secp256k1_checked;
use super::Address;
use crate::address::error::{Error, Result};
use crate::hash::hash160;

/// The base 32 alphabet, digit 0 first.
const CHARSET: &[u8; 32] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";
/// The checksum's five-bit groups.
const CHECKSUM_LEN: usize = 8;
/// The longest hash: 512 bits.
const MAX_HASH: usize = 64;
/// Five-bit groups of the longest payload (type byte and 64-byte hash), checksum excluded.
const MAX_DATA_CHARS: usize = (1 + MAX_HASH) * 8 / 5;
/// The longest prefix taken: every address then fits an [`Address`].
const MAX_PREFIX: usize = Address::MAX_LEN - 1 - MAX_DATA_CHARS - CHECKSUM_LEN;

/// The payment type of a CashAddr address: the type bits of its type byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CashAddrType {
    /// Type 0: pay to public-key hash (`q…` for a 160-bit hash).
    P2pkh,
    /// Type 1: pay to script hash (`p…` for a 160-bit hash).
    P2sh,
}

impl CashAddrType {
    /// The four type bits.
    const fn bits(self) -> u8 {
        match self {
            Self::P2pkh => 0,
            Self::P2sh => 1,
        }
    }
}

/// The size bits of a hash of `len` bytes; `None` for a length the spec does not define.
const fn size_bits(len: usize) -> Option<u8> {
    match len {
        20 => Some(0),
        24 => Some(1),
        28 => Some(2),
        32 => Some(3),
        40 => Some(4),
        48 => Some(5),
        56 => Some(6),
        64 => Some(7),
        _ => None,
    }
}

/// The hash length in bytes that size bits (0 to 7) stand for.
const fn hash_len(size: u8) -> usize {
    match size {
        0 => 20,
        1 => 24,
        2 => 28,
        3 => 32,
        4 => 40,
        5 => 48,
        6 => 56,
        _ => 64,
    }
}

/// The spec's `PolyMod` of five-bit values.
fn polymod(values: impl Iterator<Item = u8>) -> u64 {
    const GENERATORS: [u64; 5] = [
        0x98_f2bc_8e61,
        0x79_b76d_99e2,
        0xf3_3e5f_b3c4,
        0xae_2eab_e2a8,
        0x1e_4f43_e470,
    ];
    let mut c: u64 = 1;
    for d in values {
        let c0 = c >> 35;
        c = ((c & 0x07_ffff_ffff) << 5) ^ u64::from(d);
        for (bit, g) in GENERATORS.iter().enumerate() {
            if (c0 >> bit) & 1 == 1 {
                c ^= g;
            }
        }
    }
    c ^ 1
}

/// The five-bit values the checksum covers before the data: the prefix's characters' low five
/// bits, then a zero for the separator.
fn prefix_values(prefix: &str) -> impl Iterator<Item = u8> + '_ {
    prefix.bytes().map(|c| c & 0x1f).chain([0])
}

/// A prefix this module writes: 1 to 15 lowercase ASCII letters and digits, short enough that
/// the longest address fits an [`Address`].
fn valid_prefix(prefix: &str) -> bool {
    (1..=MAX_PREFIX).contains(&prefix.len())
        && prefix
            .bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// The CashAddr address of a hash: `prefix:` and the base 32 of the type byte and `hash`,
/// with the checksum.
///
/// # Errors
/// [`Error::AddressLength`] if `hash` is not 20, 24, 28, 32, 40, 48, 56 or 64 bytes;
/// [`Error::AddressPrefix`] unless `prefix` is 1 to 15 lowercase ASCII letters and digits.
pub fn cashaddr_from_hash(prefix: &str, kind: CashAddrType, hash: &[u8]) -> Result<Address> {
    let size = size_bits(hash.len()).ok_or(Error::AddressLength {
        family: "CashAddr",
        len: hash.len(),
        expected: 20,
    })?;
    if !valid_prefix(prefix) {
        return Err(Error::AddressPrefix {
            family: "CashAddr",
            expected: "a prefix of 1 to 15 lowercase letters and digits",
        });
    }
    let version = (kind.bits() << 3) | size;

    // Regroup the type byte and the hash into five-bit values, padding the last with zeros.
    let mut data = [0u8; MAX_DATA_CHARS + CHECKSUM_LEN];
    let mut len = 0;
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &byte in core::iter::once(&version).chain(hash) {
        acc = (acc << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            if let Some(d) = data.get_mut(len) {
                *d = ((acc >> bits) & 0x1f).to_le_bytes()[0];
            }
            len += 1;
        }
    }
    if bits > 0 {
        if let Some(d) = data.get_mut(len) {
            *d = ((acc << (5 - bits)) & 0x1f).to_le_bytes()[0];
        }
        len += 1;
    }

    // The checksum is over the data and eight zero groups (the space it fills).
    let (body, check) = data.split_at_mut(len);
    let Some(check) = check.get_mut(..CHECKSUM_LEN) else {
        return Err(Error::AddressLength {
            family: "CashAddr",
            len: hash.len(),
            expected: 20,
        });
    };
    let sum = polymod(
        prefix_values(prefix)
            .chain(body.iter().copied())
            .chain([0; CHECKSUM_LEN]),
    );
    for (i, d) in check.iter_mut().enumerate() {
        *d = ((sum >> (5 * (CHECKSUM_LEN - 1 - i))) & 0x1f).to_le_bytes()[0];
    }

    let mut text = [0u8; Address::MAX_LEN];
    let total = prefix.len() + 1 + len + CHECKSUM_LEN;
    let (head, tail) = text.split_at_mut(prefix.len());
    head.copy_from_slice(prefix.as_bytes());
    let (sep, chars) = tail.split_at_mut(1);
    sep.fill(b':');
    for (c, &d) in chars.iter_mut().zip(data.iter().take(len + CHECKSUM_LEN)) {
        *c = CHARSET.get(usize::from(d)).copied().unwrap_or(b'q');
    }
    Address::from_ascii(text.split_at(total).0).ok_or(Error::AddressPrefix {
        family: "CashAddr",
        expected: "a prefix of 1 to 15 lowercase letters and digits",
    })
}

/// The CashAddr P2PKH address of a compressed secp256k1 public key: [`cashaddr_from_hash`] of
/// its HASH160, type [`CashAddrType::P2pkh`] (`bitcoincash:q…`, `ecash:q…`).
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1;
/// [`Error::AddressPrefix`] as for [`cashaddr_from_hash`].
///
/// # Examples
///
/// ```
/// use fastbip32::address::cashaddr;
///
/// // The key of private key 1 is the generator G.
/// let g = [
///     0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87,
///     0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16,
///     0xf8, 0x17, 0x98,
/// ];
/// let addr = cashaddr::cashaddr_p2pkh(&g, "bitcoincash")?;
/// assert!(addr.as_str().starts_with("bitcoincash:q"));
/// let mut off_curve = [0; 33];
/// (off_curve[0], off_curve[32]) = (2, 7); // no point has x = 7
/// assert!(cashaddr::cashaddr_p2pkh(&off_curve, "ecash").is_err());
/// # Ok::<(), fastbip32::address::Error>(())
/// ```
pub fn cashaddr_p2pkh(public_key: &[u8; 33], prefix: &str) -> Result<Address> {
    secp256k1_checked(public_key)?;
    cashaddr_p2pkh_unchecked(public_key, prefix)
}

/// [`cashaddr_p2pkh`] of a key known to be on the curve: not checked.
///
/// # Errors
/// As [`cashaddr_from_hash`].
pub(crate) fn cashaddr_p2pkh_unchecked(public_key: &[u8; 33], prefix: &str) -> Result<Address> {
    cashaddr_from_hash(prefix, CashAddrType::P2pkh, &hash160(public_key))
}

/// What a CashAddr address commits to: its type and hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CashAddrPayload {
    kind: CashAddrType,
    hash: [u8; MAX_HASH],
    len: u8,
}

impl CashAddrPayload {
    /// The payment type.
    pub const fn kind(&self) -> CashAddrType {
        self.kind
    }

    /// The hash: 20 to 64 bytes, as the size bits say.
    pub fn hash(&self) -> &[u8] {
        self.hash.split_at(usize::from(self.len)).0
    }
}

/// Reads CashAddr text of the network `prefix` (`bitcoincash`, `ecash`, …): with its prefix
/// (either case, as the rest) or without it, all lowercase or all uppercase.
///
/// # Errors
/// - [`Error::AddressCharacter`]: mixed case, a character outside the alphabet, or padding
///   bits that are not zero;
/// - [`Error::AddressPrefix`]: a prefix other than `prefix`;
/// - [`Error::AddressLength`]: no room for a checksum, or a hash whose length does not
///   match the size bits (`expected`), or over 64 bytes;
/// - [`Error::AddressChecksum`]: the checksum does not verify;
/// - [`Error::AddressVersion`]: a type byte with its top bit set or a type other than
///   P2PKH and P2SH.
pub fn decode_cashaddr(text: &str, prefix: &str) -> Result<CashAddrPayload> {
    let has_lower = text.bytes().any(|c| c.is_ascii_lowercase());
    let has_upper = text.bytes().any(|c| c.is_ascii_uppercase());
    if has_lower && has_upper {
        return Err(Error::AddressCharacter { family: "CashAddr" });
    }
    let (found, payload) = match text.rsplit_once(':') {
        Some((found, payload)) => (Some(found), payload),
        None => (None, text),
    };
    if found.is_some_and(|p| !p.eq_ignore_ascii_case(prefix)) || !valid_prefix(prefix) {
        return Err(Error::AddressPrefix {
            family: "CashAddr",
            expected: "the network's prefix",
        });
    }
    if payload.len() > MAX_DATA_CHARS + CHECKSUM_LEN {
        return Err(Error::AddressLength {
            family: "CashAddr",
            len: payload.len().saturating_sub(CHECKSUM_LEN) * 5 / 8,
            expected: MAX_HASH + 1,
        });
    }
    let mut data = [0u8; MAX_DATA_CHARS + CHECKSUM_LEN];
    for (d, c) in data.iter_mut().zip(payload.bytes()) {
        let lower = c.to_ascii_lowercase();
        let index = CHARSET.iter().position(|&a| a == lower);
        *d = index
            .and_then(|i| u8::try_from(i).ok())
            .ok_or(Error::AddressCharacter { family: "CashAddr" })?;
    }
    let data = data.split_at(payload.len()).0;
    let Some(body_len) = data.len().checked_sub(CHECKSUM_LEN) else {
        return Err(Error::AddressLength {
            family: "CashAddr",
            len: 0,
            expected: 21,
        });
    };
    if polymod(prefix_values(prefix).chain(data.iter().copied())) != 0 {
        return Err(Error::AddressChecksum { family: "CashAddr" });
    }

    // Five-bit groups back to bytes; fewer than five bits may be left, all zero.
    let mut bytes = [0u8; MAX_HASH + 1];
    let mut len = 0;
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &d in data.split_at(body_len).0 {
        acc = ((acc << 5) | u32::from(d)) & 0xfff;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            if let Some(b) = bytes.get_mut(len) {
                *b = (acc >> bits).to_le_bytes()[0];
            }
            len += 1;
        }
    }
    if bits >= 5 || acc & ((1 << bits) - 1) != 0 {
        return Err(Error::AddressCharacter { family: "CashAddr" });
    }
    let [version, hash @ ..] = bytes.split_at(len).0 else {
        return Err(Error::AddressLength {
            family: "CashAddr",
            len: 0,
            expected: 21,
        });
    };
    let kind = match version >> 3 {
        0 => CashAddrType::P2pkh,
        1 => CashAddrType::P2sh,
        _ => {
            return Err(Error::AddressVersion {
                family: "CashAddr",
                version: *version,
            })
        }
    };
    let expected = hash_len(version & 0x07);
    if hash.len() != expected {
        return Err(Error::AddressLength {
            family: "CashAddr",
            len: hash.len(),
            expected,
        });
    }
    let mut out = CashAddrPayload {
        kind,
        hash: [0; MAX_HASH],
        len: 0,
    };
    if let Some(dst) = out.hash.get_mut(..expected) {
        dst.copy_from_slice(hash);
    }
    out.len = u8::try_from(expected).map_err(|_| Error::AddressLength {
        family: "CashAddr",
        len: expected,
        expected: 20,
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_bits_round_trip() {
        for size in 0..8 {
            assert_eq!(size_bits(hash_len(size)), Some(size));
        }
        assert_eq!(size_bits(21), None);
    }
}
