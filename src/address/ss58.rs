//! SS58 addresses (Substrate: Polkadot, Kusama, …) of 32-byte public keys: Base58 of the
//! network prefix, the key, and the first two bytes of BLAKE2b-512(`"SS58PRE"` ‖ prefix ‖
//! key).
//!
//! The network prefix takes one byte below 64, and two bytes from 64 to 16383. Polkadot's
//! and Kusama's ed25519 accounts (as Ledger and wallet-core derive them) are the SS58 text
//! of the SLIP-10 ed25519 public key; the same text serves sr25519 keys.
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use blake2::{Blake2b512, Digest};

use super::error::{Error, Result};
use super::Address;
use crate::serialize::base58;

const FAMILY: &str = "SS58";

/// An SS58 network prefix, 0 to 16383.
///
/// # Examples
///
/// ```
/// use fastbip32::address::ss58::Ss58Prefix;
///
/// assert_eq!(Ss58Prefix::POLKADOT.get(), 0);
/// assert_eq!(Ss58Prefix::new(16383).map(Ss58Prefix::get), Some(16383));
/// assert_eq!(Ss58Prefix::new(16384), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ss58Prefix(u16);

impl Ss58Prefix {
    /// Polkadot's prefix, 0.
    pub const POLKADOT: Self = Self(0);
    /// Kusama's prefix, 2.
    pub const KUSAMA: Self = Self(2);
    /// The generic Substrate prefix, 42.
    pub const SUBSTRATE: Self = Self(42);

    /// The prefix `value`; `None` above 16383, which SS58 cannot write.
    pub const fn new(value: u16) -> Option<Self> {
        if value < 16384 {
            Some(Self(value))
        } else {
            None
        }
    }

    /// The prefix's number.
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The prefix's bytes: one below 64, else two; and how many.
    #[allow(
        clippy::cast_possible_truncation,
        reason = "each byte is masked or shifted below 256"
    )]
    const fn bytes(self) -> ([u8; 2], usize) {
        let v = self.0;
        if v < 64 {
            ([v as u8, 0], 1)
        } else {
            // The six bits 2..8 tagged 0b01, then the bits 8..14 below the bits 0..2.
            let first = (((v & 0b1111_1100) >> 2) as u8) | 0b0100_0000;
            let second = ((v >> 8) as u8) | (((v & 0b11) as u8) << 6);
            ([first, second], 2)
        }
    }
}

/// The first two bytes of BLAKE2b-512(`"SS58PRE"` ‖ `body`).
fn checksum(body: &[u8]) -> [u8; 2] {
    let mut hasher = Blake2b512::new();
    hasher.update(b"SS58PRE");
    hasher.update(body);
    let digest = hasher.finalize();
    let mut check = [0u8; 2];
    check.copy_from_slice(digest.split_at(2).0);
    check
}

/// The SS58 address of a 32-byte public key under the network `prefix`.
///
/// # Examples
///
/// ```
/// use fastbip32::address::ss58::{ss58, Ss58Prefix};
///
/// let addr = ss58(&[0; 32], Ss58Prefix::POLKADOT);
/// assert!(addr.as_str().starts_with('1'));
/// ```
pub fn ss58(public_key: &[u8; 32], prefix: Ss58Prefix) -> Address {
    let (prefix_bytes, n) = prefix.bytes();
    // At most 2 + 32 + 2 bytes: 49 characters.
    let mut text = [0u8; 52];
    let len = if n == 1 {
        base58::encode(&payload::<35>(prefix_bytes, 1, public_key), &mut text)
    } else {
        base58::encode(&payload::<36>(prefix_bytes, 2, public_key), &mut text)
    };
    Address::written(text.split_at(fitted(len)).0)
}

/// `prefix ‖ key ‖ checksum` in `N` = `n` + 34 bytes.
fn payload<const N: usize>(prefix: [u8; 2], n: usize, key: &[u8; 32]) -> [u8; N] {
    let mut data = [0u8; N];
    let (body, check) = data.split_at_mut(N - 2);
    let (head, tail) = body.split_at_mut(n);
    head.copy_from_slice(prefix.split_at(n).0);
    tail.copy_from_slice(key);
    check.copy_from_slice(&checksum(body));
    data
}

#[allow(
    clippy::expect_used,
    reason = "52 bytes hold the 49 characters of 36 bytes"
)]
fn fitted(len: crate::Result<usize>) -> usize {
    len.expect("52 bytes hold the Base58 text of 36 bytes")
}

/// The network prefix and 32-byte public key of an SS58 address of any network.
///
/// # Errors
/// [`Error::InvalidBase58`] for a character outside the Base58 alphabet;
/// [`Error::AddressPrefix`] for a first byte of 128 or more (not an account prefix);
/// [`Error::AddressLength`] unless the bytes are the prefix, 32 key bytes and 2 checksum
/// bytes (`len` counts the decoded bytes); [`Error::AddressChecksum`] for a wrong checksum.
pub fn decode_ss58_any(text: &str) -> Result<(Ss58Prefix, [u8; 32])> {
    let decoded = base58::decode_any(text.as_bytes(), 35).map_err(|e| match e {
        crate::Error::InvalidLength { len, expected } => Error::AddressLength {
            family: FAMILY,
            len,
            expected,
        },
        crate::Error::InvalidBase58 => Error::InvalidBase58,
        // `decode_any` fails with the two errors above only.
        _ => Error::UnrecognisedAddress,
    })?;
    let bytes = decoded.payload();
    let (prefix, n) = match bytes {
        [first @ 0..64, ..] => (u16::from(*first), 1),
        [first @ 64..128, second, ..] => {
            let low = u16::from(*first & 0b0011_1111) << 2 | u16::from(*second >> 6);
            let high = u16::from(*second & 0b0011_1111) << 8;
            (low | high, 2)
        }
        _ => {
            return Err(Error::AddressPrefix {
                family: FAMILY,
                expected: "a network prefix byte below 128",
            })
        }
    };
    if bytes.len() != n + 34 {
        return Err(Error::AddressLength {
            family: FAMILY,
            len: bytes.len(),
            expected: n + 34,
        });
    }
    let (body, check) = bytes.split_at(n + 32);
    if checksum(body) != check {
        return Err(Error::AddressChecksum { family: FAMILY });
    }
    let mut key = [0u8; 32];
    key.copy_from_slice(body.split_at(n).1);
    Ok((Ss58Prefix(prefix), key))
}

/// The 32-byte public key of an SS58 address of the network `prefix`.
///
/// # Errors
/// The errors of [`decode_ss58_any`], then [`Error::Ss58Prefix`] for an address of another
/// network.
pub fn decode_ss58(text: &str, prefix: Ss58Prefix) -> Result<[u8; 32]> {
    let (found, key) = decode_ss58_any(text)?;
    if found != prefix {
        return Err(Error::Ss58Prefix {
            found: found.get(),
            expected: prefix.get(),
        });
    }
    Ok(key)
}
