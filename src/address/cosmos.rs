//! Bech32 account addresses: bech32 (BIP-173 checksum) of a 20-byte hash of a secp256k1 key,
//! under a chain's human-readable prefix (HRP), sometimes with a chain prefix in front.
//!
//! | chains | HRP | hash | text |
//! |---|---|---|---|
//! | Cosmos-SDK chains (Cosmos, Osmosis, Akash, Axelar, Band, Celestia, Certik, Chihuahua, dYdX, Fetch.ai, IRISnet, Kava, Neutron, Secret, Stafi, Terra), BNB Beacon Chain | `cosmos`, `osmo`, …, `iaa`, `bnb` | [`AccountHash::Hash160`] | `cosmos1…` |
//! | Injective, OKX Chain, Harmony | `inj`, `ex`, `one` | [`AccountHash::Keccak`]: the Ethereum account | `inj1…` |
//! | Zilliqa | `zil` | [`AccountHash::Sha256Tail`] | `zil1…` |
//! | Avalanche P and X chains | `avax`, chain `P-` / `X-` | [`AccountHash::Hash160`] | `P-avax1…` |
//!
//! One family, parameterised by [`Bech32Account`]: a registry row holds the HRP, the hash and
//! the chain prefix as a `const`.
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::address::cosmos::{self, AccountHash, Bech32Account};
//!
//! const COSMOS: Bech32Account = Bech32Account::new("cosmos", AccountHash::Hash160);
//! // wallet-core's Cosmos address test.
//! let key = [
//!     0x02, 0x57, 0x28, 0x6e, 0xc3, 0xf3, 0x7d, 0x33, 0x55, 0x7b, 0xbb, 0xaa, 0x00, 0x0b, 0x27,
//!     0x74, 0x4a, 0xc9, 0x02, 0x3a, 0xa9, 0x96, 0x7c, 0xae, 0x75, 0xa1, 0x81, 0xd1, 0xff, 0x91,
//!     0xfa, 0x9d, 0xc5,
//! ];
//! let addr = cosmos::bech32_account(&key, COSMOS)?;
//! assert_eq!(addr, "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02");
//! assert_eq!(cosmos::decode_bech32_account(addr.as_str(), COSMOS)?, cosmos::account_hash(&key, AccountHash::Hash160)?);
//! # Ok::<(), fastbip32::address::Error>(())
//! ```

use bech32::primitives::decode::{CheckedHrpstring, CheckedHrpstringError};
use bech32::primitives::hrp::Hrp;
use bech32::Bech32;
use sha2::{Digest, Sha256};

use super::ethereum::{keccak_account, keccak_account_of_xy, secp256k1_checked};
use super::Address;
use crate::address::error::{Error, Result};
use crate::hash::hash160;

/// The 20-byte hash of a compressed secp256k1 public key that an account address encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccountHash {
    /// RIPEMD-160 of SHA-256 of the 33-byte compressed key (Cosmos-SDK, BNB Beacon Chain,
    /// Avalanche P/X).
    Hash160,
    /// The Ethereum account: the last 20 bytes of Keccak-256 of the 64-byte uncompressed key
    /// `x ‖ y` (Injective, OKX Chain, Harmony).
    Keccak,
    /// The last 20 bytes of SHA-256 of the 33-byte compressed key (Zilliqa).
    Sha256Tail,
}

/// The parameters of a bech32 account address: HRP, hash and chain prefix.
///
/// Built in `const` context: `Bech32Account::new("osmo", AccountHash::Hash160)`, and
/// `.with_chain("P-")` for Avalanche's chains. The HRP is checked when an address is written
/// or read ([`Error::AddressPrefix`] for one BIP-173 refuses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bech32Account {
    hrp: &'static str,
    hash: AccountHash,
    chain: &'static str,
}

impl Bech32Account {
    /// An account address of HRP `hrp` (lowercase) and hash `hash`, with no chain prefix.
    pub const fn new(hrp: &'static str, hash: AccountHash) -> Self {
        Self {
            hrp,
            hash,
            chain: "",
        }
    }

    /// The same, with `chain` written before the bech32 text (Avalanche: `P-`, `X-`).
    #[must_use]
    pub const fn with_chain(self, chain: &'static str) -> Self {
        Self { chain, ..self }
    }

    /// The HRP.
    pub const fn hrp(self) -> &'static str {
        self.hrp
    }

    /// The hash of the key.
    pub const fn hash(self) -> AccountHash {
        self.hash
    }

    /// The chain prefix (empty for most chains).
    pub const fn chain(self) -> &'static str {
        self.chain
    }

    /// The HRP, checked: lowercase, and valid for BIP-173.
    fn checked_hrp(self) -> Result<Hrp> {
        let lowercase = !self.hrp.bytes().any(|c| c.is_ascii_uppercase());
        match Hrp::parse(self.hrp) {
            Ok(hrp) if lowercase => Ok(hrp),
            _ => Err(Error::AddressPrefix {
                family: "bech32 account",
                expected: self.hrp,
            }),
        }
    }
}

/// The 20-byte account hash of a compressed secp256k1 public key.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
pub fn account_hash(public_key: &[u8; 33], hash: AccountHash) -> Result<[u8; 20]> {
    match hash {
        AccountHash::Hash160 => {
            secp256k1_checked(public_key)?;
            Ok(hash160(public_key))
        }
        AccountHash::Keccak => keccak_account(public_key),
        AccountHash::Sha256Tail => {
            secp256k1_checked(public_key)?;
            Ok(sha256_tail(public_key))
        }
    }
}

/// [`account_hash`] of a point known to be on the curve, by its compressed encoding and its
/// coordinates `x ‖ y` (64 bytes): no check, no square root.
pub(crate) fn account_hash_unchecked(
    compressed: &[u8; 33],
    xy: &[u8; 64],
    hash: AccountHash,
) -> [u8; 20] {
    match hash {
        AccountHash::Hash160 => hash160(compressed),
        AccountHash::Keccak => keccak_account_of_xy(xy),
        AccountHash::Sha256Tail => sha256_tail(compressed),
    }
}

/// The last 20 bytes of SHA-256 of `compressed`.
fn sha256_tail(compressed: &[u8; 33]) -> [u8; 20] {
    let digest = Sha256::digest(compressed);
    let mut account = [0u8; 20];
    account.copy_from_slice(digest.split_at(12).1);
    account
}

/// The account address of a compressed secp256k1 public key:
/// [`bech32_account_from_hash`] of its [`account_hash`].
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1;
/// [`Error::AddressPrefix`] for an HRP BIP-173 refuses (or one in uppercase).
pub fn bech32_account(public_key: &[u8; 33], params: Bech32Account) -> Result<Address> {
    bech32_account_from_hash(&account_hash(public_key, params.hash)?, params)
}

/// The account address of a 20-byte hash: the chain prefix, then bech32 of `hash` under the
/// HRP.
///
/// # Errors
/// [`Error::AddressPrefix`] for an HRP BIP-173 refuses (or one in uppercase), or a chain
/// prefix and HRP too long for an [`Address`].
pub fn bech32_account_from_hash(hash: &[u8; 20], params: Bech32Account) -> Result<Address> {
    let hrp = params.checked_hrp()?;
    let mut addr = Address::empty();
    core::fmt::Write::write_str(&mut addr, params.chain).map_err(|_| Error::AddressPrefix {
        family: "bech32 account",
        expected: params.hrp,
    })?;
    bech32::encode_lower_to_fmt::<Bech32, _>(&mut addr, hrp, hash).map_err(|_| {
        Error::AddressPrefix {
            family: "bech32 account",
            expected: params.hrp,
        }
    })?;
    Ok(addr)
}

/// Reads the account address text of `params`' chain (all lowercase or all uppercase after
/// the chain prefix) back to its 20-byte hash.
///
/// # Errors
/// - [`Error::AddressPrefix`]: no chain prefix where `params` has one, or an HRP other than
///   `params`' (or `params`' HRP is not one BIP-173 allows);
/// - [`Error::Bech32Checksum`]: the bech32 checksum does not verify;
/// - [`Error::InvalidBech32`]: no separator, a character outside the alphabet, mixed case,
///   or padding bits that are not zero;
/// - [`Error::AddressLength`]: a payload of other than 20 bytes.
pub fn decode_bech32_account(text: &str, params: Bech32Account) -> Result<[u8; 20]> {
    let expected = params.checked_hrp()?;
    let rest = text
        .strip_prefix(params.chain)
        .ok_or(Error::AddressPrefix {
            family: "bech32 account",
            expected: params.chain,
        })?;
    let checked = match CheckedHrpstring::new::<Bech32>(rest) {
        Ok(checked) => checked,
        Err(CheckedHrpstringError::Checksum(_)) => return Err(Error::Bech32Checksum),
        // Parse errors, and any the crate adds (its error is non-exhaustive).
        Err(_) => return Err(Error::InvalidBech32),
    };
    if checked.hrp() != expected {
        return Err(Error::AddressPrefix {
            family: "bech32 account",
            expected: params.hrp,
        });
    }
    checked
        .validate_segwit_padding()
        .map_err(|_| Error::InvalidBech32)?;
    let mut hash = [0u8; 20];
    let mut len = 0;
    for byte in checked.byte_iter() {
        if let Some(dst) = hash.get_mut(len) {
            *dst = byte;
        }
        len += 1;
    }
    if len != hash.len() {
        return Err(Error::AddressLength {
            family: "bech32 account",
            len,
            expected: 20,
        });
    }
    Ok(hash)
}
