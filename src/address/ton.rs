//! TON wallet addresses: the v4r2 wallet contract's address for an ed25519 key, in the
//! user-friendly form wallets show (base64url of a flag byte, the workchain, the 32-byte
//! account and a CRC-16/XMODEM, 48 characters).
//!
//! The account is the representation hash of the contract's `StateInit` cell, whose two
//! references are the v4r2 code cell (a fixed cell: its hash and depth are constants here)
//! and the data cell `seqno:uint32 = 0, wallet_id:uint32 = 698983191, public_key:bits256,
//! plugins:(HashmapE 8 …) = empty`. A cell's representation hash (TON whitepaper §3.1.5,
//! "Standard cell representation") is SHA-256 of its two descriptor bytes, its data bits
//! padded with a 1 bit and zeros to a whole byte, each reference's depth (2 bytes,
//! big-endian) and each reference's hash.
//!
//! # Security
//! Public inputs only (public keys and address text): everything here is variable-time.

use sha2::{Digest, Sha256};

use super::error::{Error, Result};
use super::Address;
use crate::serialize::{base64, crc16::crc16_xmodem};

const FAMILY: &str = "TON";

/// The representation hash of the wallet v4r2 code cell (the `WalletV4R2` code hash that
/// TON's wallets and SDKs publish, `/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=`).
const V4R2_CODE_HASH: [u8; 32] = [
    0xfe, 0xb5, 0xff, 0x68, 0x20, 0xe2, 0xff, 0x0d, 0x94, 0x83, 0xe7, 0xe0, 0xd6, 0x2c, 0x81, 0x7d,
    0x84, 0x67, 0x89, 0xfb, 0x4a, 0xe5, 0x80, 0xc8, 0x78, 0x86, 0x6d, 0x95, 0x9d, 0xab, 0xd5, 0xc0,
];
/// The depth of the v4r2 code cell's tree of references (its bag of cells in wallet-core's
/// `rust/chains/tw_ton/resources/wallet/wallet_v4r2.code`).
const V4R2_CODE_DEPTH: u16 = 7;

/// The default `wallet_id` of v4r2 wallets on workchain 0: 698983191 (`0x29a9a317`).
pub const V4R2_WALLET_ID: u32 = 698_983_191;

/// A user-friendly address's flags: bounceable or not, and test-only or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TonFlags {
    /// Bounceable (`E…`/`k…`, flag `0x11`) or not (`U…`/`0…`, flag `0x51`).
    pub bounceable: bool,
    /// For the test network only (flag bit `0x80`).
    pub testnet: bool,
}

impl TonFlags {
    /// Non-bounceable, main network: what wallets show for a wallet address (`UQ…`).
    pub const WALLET: Self = Self {
        bounceable: false,
        testnet: false,
    };

    /// The flag byte.
    const fn byte(self) -> u8 {
        let tag = if self.bounceable { 0x11 } else { 0x51 };
        if self.testnet {
            tag | 0x80
        } else {
            tag
        }
    }
}

/// A decoded user-friendly TON address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TonAddress {
    /// The workchain: 0 (basechain) or −1 (masterchain).
    pub workchain: i8,
    /// The 32-byte account id.
    pub account: [u8; 32],
    /// The flags.
    pub flags: TonFlags,
}

impl AsRef<[u8]> for TonAddress {
    fn as_ref(&self) -> &[u8] {
        &self.account
    }
}

/// The representation hash of an ordinary cell of level 0.
fn cell_hash(bits: usize, data: &[u8], refs: &[(u16, [u8; 32])]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    // refs_descriptor (no exotic flag, level 0) and bits_descriptor.
    hasher.update([
        u8::try_from(refs.len()).unwrap_or(0),
        u8::try_from(bits / 8 + bits.div_ceil(8)).unwrap_or(0),
    ]);
    hasher.update(data);
    for (depth, _) in refs {
        hasher.update(depth.to_be_bytes());
    }
    for (_, hash) in refs {
        hasher.update(hash);
    }
    hasher.finalize().into()
}

/// The account id (`StateInit` hash) of the v4r2 wallet of `public_key` with `wallet_id`.
///
/// # Examples
///
/// ```
/// use fastbip32::address::ton::{ton_v4r2_account, V4R2_WALLET_ID};
///
/// assert_ne!(ton_v4r2_account(&[0; 32], V4R2_WALLET_ID), [0; 32]);
/// ```
pub fn ton_v4r2_account(public_key: &[u8; 32], wallet_id: u32) -> [u8; 32] {
    // seqno (32 bits), wallet_id (32), key (256), an empty plugins dict (bit 0): 321 bits,
    // then the padding 1 bit.
    let mut data = [0u8; 41];
    let (head, rest) = data.split_at_mut(8);
    head.split_at_mut(4)
        .1
        .copy_from_slice(&wallet_id.to_be_bytes());
    let (key, last) = rest.split_at_mut(32);
    key.copy_from_slice(public_key);
    last.fill(0b0100_0000);
    let data_hash = cell_hash(321, &data, &[]);
    // StateInit: split_depth absent (0), special absent (0), code present (1), data present
    // (1), library empty (0): 5 bits, then the padding 1 bit.
    cell_hash(
        5,
        &[0b0011_0100],
        &[(V4R2_CODE_DEPTH, V4R2_CODE_HASH), (0, data_hash)],
    )
}

/// The user-friendly text of the account `account` on `workchain`.
pub fn ton_user_friendly(workchain: i8, account: &[u8; 32], flags: TonFlags) -> Address {
    let mut data = [0u8; 36];
    let (head, rest) = data.split_at_mut(2);
    head.copy_from_slice(&[flags.byte(), workchain.to_be_bytes()[0]]);
    rest.split_at_mut(32).0.copy_from_slice(account);
    let crc = crc16_xmodem(data.split_at(34).0);
    data.split_at_mut(34).1.copy_from_slice(&crc.to_be_bytes());
    let mut text = [0u8; 48];
    base64::encode_url_safe(&data, &mut text);
    Address::written(&text)
}

/// The address wallets show for the v4r2 wallet of a 32-byte ed25519 public key: workchain
/// 0, the default wallet id, non-bounceable, main network (`UQ…`).
///
/// # Examples
///
/// ```
/// use fastbip32::address::ton::ton_v4r2;
///
/// assert!(ton_v4r2(&[0; 32]).as_str().starts_with("UQ"));
/// ```
pub fn ton_v4r2(public_key: &[u8; 32]) -> Address {
    ton_user_friendly(
        0,
        &ton_v4r2_account(public_key, V4R2_WALLET_ID),
        TonFlags::WALLET,
    )
}

/// The workchain, account and flags of a user-friendly TON address (base64url or base64).
///
/// # Errors
/// [`Error::AddressLength`] unless the text has 48 characters; [`Error::AddressCharacter`]
/// for a character outside both base64 alphabets; [`Error::AddressPrefix`] for a flag byte
/// other than `0x11` or `0x51` (with `0x80` for the test network), or a workchain other than
/// 0 and −1;
/// [`Error::AddressChecksum`] for a wrong CRC.
pub fn decode_ton(text: &str) -> Result<TonAddress> {
    if text.len() != 48 {
        return Err(Error::AddressLength {
            family: FAMILY,
            len: text.len(),
            expected: 48,
        });
    }
    let mut data = [0u8; 36];
    base64::decode(text.as_bytes(), &mut data).ok_or(Error::AddressCharacter { family: FAMILY })?;
    let (body, check) = data.split_at(34);
    if crc16_xmodem(body).to_be_bytes() != check {
        return Err(Error::AddressChecksum { family: FAMILY });
    }
    let account_bytes = body.split_at(2).1;
    let [flag, workchain, ..] = data;
    let bounceable = match flag & 0x7f {
        0x11 => true,
        0x51 => false,
        _ => {
            return Err(Error::AddressPrefix {
                family: FAMILY,
                expected: "a flag byte 0x11 or 0x51",
            })
        }
    };
    // Only the basechain (0) and the masterchain (−1) exist.
    if workchain != 0x00 && workchain != 0xff {
        return Err(Error::AddressPrefix {
            family: FAMILY,
            expected: "workchain 0 or -1",
        });
    }
    let mut account = [0u8; 32];
    account.copy_from_slice(account_bytes);
    Ok(TonAddress {
        workchain: i8::from_be_bytes([workchain]),
        account,
        flags: TonFlags {
            bounceable,
            testnet: flag & 0x80 != 0,
        },
    })
}
