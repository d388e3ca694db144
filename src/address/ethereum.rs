//! Ethereum addresses: the last 20 bytes of Keccak-256 of the uncompressed public key, written
//! as `0x` and 40 hex digits with the EIP-55 mixed-case checksum; Tron's, the same 20 bytes
//! in `Base58Check` under the version `0x41`.

use sha3::{Digest, Keccak256};

use super::Address;
use crate::address::error::{Error, Result};
use crate::serialize::base58;

/// The 65-byte uncompressed SEC1 encoding (`0x04 ‖ x ‖ y`) of a compressed secp256k1 public
/// key.
///
/// # Security
/// Variable-time: the key is public.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
///
/// # Examples
///
/// ```
/// use fastbip32::{address, Xprv};
///
/// // BIP-32 test vector 1, chain m: the generator-relative key's x is kept, y is added.
/// let key: Xprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi".parse()?;
/// let compressed = key.public_key();
/// let full = address::secp256k1_uncompressed(&compressed)?;
/// assert_eq!(full[0], 0x04);
/// assert_eq!(full[1..33], compressed[1..]);
/// assert_eq!(compressed[0], 0x02 | (full[64] & 1)); // the parity of y
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn secp256k1_uncompressed(public_key: &[u8; 33]) -> Result<[u8; 65]> {
    let point = secp256k1::PublicKey::from_byte_array_compressed(*public_key)
        .map_err(|_| Error::InvalidPublicKey)?;
    Ok(point.serialize_uncompressed())
}

/// Checks that `public_key` is a compressed point on secp256k1.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if it is not.
pub(crate) fn secp256k1_checked(public_key: &[u8; 33]) -> Result<()> {
    secp256k1::PublicKey::from_byte_array_compressed(*public_key)
        .map(drop)
        .map_err(|_| Error::InvalidPublicKey)
}

/// The Ethereum address of a compressed secp256k1 public key, with the EIP-55 checksum:
/// [`eip55`] of the last 20 bytes of Keccak-256 of the 64 bytes `x ‖ y`.
///
/// # Security
/// Variable-time: the key is public.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
///
/// # Examples
///
/// ```
/// use fastbip32::address::{self, Error};
///
/// // The key of private key 1 is the generator G.
/// let g = [
///     0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87,
///     0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16,
///     0xf8, 0x17, 0x98,
/// ];
/// assert_eq!(address::ethereum(&g)?, "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
/// assert_eq!(address::ethereum(&[5; 33]), Err(Error::InvalidPublicKey)); // no 0x05 prefix
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ethereum(public_key: &[u8; 33]) -> Result<Address> {
    Ok(eip55(&keccak_account(public_key)?))
}

/// The 20-byte account of a compressed secp256k1 public key: the last 20 bytes of
/// Keccak-256 of the 64 bytes `x ‖ y` (Ethereum's and Tron's).
///
/// # Security
/// Variable-time: the key is public.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
pub fn keccak_account(public_key: &[u8; 33]) -> Result<[u8; 20]> {
    let full = secp256k1_uncompressed(public_key)?;
    let (_, xy) = full.split_at(1);
    Ok(keccak_account_of_xy(xy))
}

/// The account of a point given by its coordinates `x ‖ y` (64 bytes): the last 20 bytes
/// of their Keccak-256. The caller knows the point is on the curve.
pub(crate) fn keccak_account_of_xy(xy: &[u8]) -> [u8; 20] {
    let digest = Keccak256::digest(xy);
    let mut account = [0u8; 20];
    account.copy_from_slice(digest.split_at(12).1);
    account
}

/// The Tron address of a compressed secp256k1 public key: `Base58Check(version ‖ account)`
/// of its [`keccak_account`], `version` being Tron's `0x41` (text `T…`).
///
/// # Security
/// Variable-time: the key is public.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
///
/// # Examples
///
/// ```
/// use fastbip32::address;
///
/// // The key of private key 1, G: its Ethereum account under Tron's 0x41.
/// let g = [
///     0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87,
///     0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16,
///     0xf8, 0x17, 0x98,
/// ];
/// assert_eq!(address::tron(&g, 0x41)?, "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tron(public_key: &[u8; 33], version: u8) -> Result<Address> {
    tron_from_account(&keccak_account(public_key)?, version)
}

/// The Tron address of a 20-byte account: `Base58Check(version ‖ account)`.
///
/// # Errors
/// None in practice: 21 bytes always fit the buffer ([`Error::InvalidPublicKey`] otherwise).
pub(crate) fn tron_from_account(account: &[u8; 20], version: u8) -> Result<Address> {
    let mut payload = [0u8; 21];
    let (v, rest) = payload.split_at_mut(1);
    v.fill(version);
    rest.copy_from_slice(account);
    let mut buf = [0u8; 40];
    let len = base58::encode_check(&payload, &mut buf).map_err(|_| Error::InvalidPublicKey)?;
    Ok(Address::written(buf.split_at(len).0))
}

/// The EIP-55 text of a 20-byte account: `0x` and 40 hex digits, each letter upper-cased
/// where the matching nibble of Keccak-256 of the lowercase hex (as ASCII) is 8 or more.
///
/// # Examples
///
/// ```
/// use fastbip32::address;
///
/// let account = [
///     0x5a, 0xae, 0xb6, 0x05, 0x3f, 0x3e, 0x94, 0xc9, 0xb9, 0xa0, 0x9f, 0x33, 0x66, 0x94, 0x35,
///     0xe7, 0xef, 0x1b, 0xea, 0xed,
/// ];
/// // EIP-55's first example.
/// assert_eq!(address::eip55(&account), "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
/// ```
pub fn eip55(account: &[u8; 20]) -> Address {
    let mut lower = [0u8; 40];
    for (pair, &byte) in lower.chunks_exact_mut(2).zip(account) {
        pair.copy_from_slice(&crate::hex::byte_digits(byte));
    }
    let check = Keccak256::digest(lower);

    let mut text = [0u8; 42];
    let (prefix, body) = text.split_at_mut(2);
    prefix.copy_from_slice(b"0x");
    for (i, (out, &c)) in body.iter_mut().zip(&lower).enumerate() {
        let byte = check.get(i / 2).copied().unwrap_or(0);
        let nibble = if i % 2 == 0 { byte >> 4 } else { byte & 0x0f };
        *out = if nibble >= 8 {
            c.to_ascii_uppercase()
        } else {
            c
        };
    }
    Address::written(&text)
}
