//! Cardano's use of [`Ed25519Bip32`]: the CIP-3 master keys and the text forms of keys.
//!
//! # Master keys
//!
//! Constructors on `ExtendedPrivateKey<Ed25519Bip32>`, one per method; the same mnemonic
//! gives a different wallet under each:
//!
//! | constructor | input | used by |
//! |---|---|---|
//! | [`from_icarus`](ExtendedPrivateKey::from_icarus) | BIP-39 *entropy* + passphrase | Yoroi, Daedalus (Shelley), cardano-addresses, most wallets |
//! | [`from_icarus_trezor`](ExtendedPrivateKey::from_icarus_trezor) | BIP-39 entropy + passphrase | Trezor (differs from Icarus for 24 words only) |
//! | [`from_icarus_bytes`](ExtendedPrivateKey::from_icarus_bytes) | any bytes + passphrase | `bip_utils`' `CardanoIcarusBip32.FromSeed` |
//! | [`from_seed`](ExtendedPrivateKey::from_seed) | BIP-39 *seed* (the Ledger method) | Ledger, `BitBox02` |
//! | [`from_paper_secret`](ExtendedPrivateKey::from_paper_secret) | 32-byte secret | the Khovratovich–Law paper, §V.A |
//! | [`from_root_bytes`](ExtendedPrivateKey::from_root_bytes) | 96-byte `kL ‖ kR ‖ c` | a root exported by another tool |
//!
//! A key that is not a root (an account key, say) is imported with
//! [`from_raw_bytes`](ExtendedPrivateKey::from_raw_bytes) or
//! [`ExtendedPrivateKey::from_parts`].
//!
//! # Text
//!
//! * Raw: the 96-byte `kL ‖ kR ‖ c` ([`XPRV_LEN`]) and the 64-byte `A ‖ c` ([`XPUB_LEN`]), as
//!   CIP-3, cardano-addresses and the `ed25519-bip32` crate lay them out; in lowercase hex.
//! * CIP-5 bech32: the same bytes under a [`Cip5Prefix`] (`root_xsk1…`, `acct_xvk1…`, …).
//!
//! Both are written into caller buffers, without allocating. Private text is produced
//! through constant-time hex code of our own; the bech32 crate's encoder keeps a few
//! characters on its stack that it does not wipe.
//!
//! # Examples
//!
//! ```
//! use fastbip32::cardano::{Cip5Prefix, XPRV_BECH32_MAX_LEN};
//! use fastbip32::{Ed25519Bip32, ExtendedPrivateKey};
//!
//! // CIP-3 "Icarus", test vector "No passphrase" (entropy of a 15-word mnemonic).
//! let entropy = [
//!     0x46, 0xe6, 0x23, 0x70, 0xa1, 0x38, 0xa1, 0x82, 0xa4, 0x98,
//!     0xb8, 0xe2, 0x88, 0x5b, 0xc0, 0x32, 0x37, 0x9d, 0xdf, 0x38,
//! ];
//! let root = ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(&entropy, b"")?;
//! assert_eq!(root.private_key()[..4], [0xc0, 0x65, 0xaf, 0xd2]);
//!
//! let account = root.derive_path("m/1852'/1815'/0'")?;
//! let mut buf = [0u8; XPRV_BECH32_MAX_LEN];
//! let text = account.encode_bech32(Cip5Prefix::AcctXsk, &mut buf)?;
//! assert!(text.starts_with("acct_xsk1"));
//! let back = ExtendedPrivateKey::<Ed25519Bip32>::from_bech32(text)?;
//! assert_eq!(back.private_key(), account.private_key());
//! # Ok::<(), fastbip32::Error>(())
//! ```

use core::fmt;

use bech32::primitives::decode::CheckedHrpstring;
use bech32::{Bech32, Hrp};
use sha2::Digest;
use zeroize::{Zeroize, Zeroizing};

use crate::chain_code::ChainCode;
use crate::curve::ed25519_bip32::{check_root_key, clamp_root};
use crate::curve::Ed25519Bip32;
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::hash::pbkdf2::pbkdf2_hmac_sha512;
use crate::key::{ExtendedPrivateKey, ExtendedPublicKey};
use crate::path::{ChildNumber, DerivationPath};

/// Length of a raw extended private key: `kL ‖ kR ‖ c`.
pub const XPRV_LEN: usize = 96;
/// Length of a raw extended public key: `A ‖ c`.
pub const XPUB_LEN: usize = 64;
/// Length of the hex text of an extended private key.
pub const XPRV_HEX_LEN: usize = 2 * XPRV_LEN;
/// Length of the hex text of an extended public key.
pub const XPUB_HEX_LEN: usize = 2 * XPUB_LEN;
/// The longest bech32 text of an extended private key (`stake_xsk`: 9 + 1 + 154 + 6).
pub const XPRV_BECH32_MAX_LEN: usize = 9 + 1 + (XPRV_LEN * 8).div_ceil(5) + 6;
/// The longest bech32 text of an extended public key (`stake_xvk`: 9 + 1 + 103 + 6).
pub const XPUB_BECH32_MAX_LEN: usize = 9 + 1 + (XPUB_LEN * 8).div_ceil(5) + 6;

/// Icarus PBKDF2 iteration count (CIP-3).
const ICARUS_ROUNDS: u32 = 4096;

/// A CIP-5 bech32 prefix (human-readable part) for BIP32-Ed25519 extended keys.
///
/// Private (`…xsk`, `xprv`) prefixes carry the 96 bytes `kL ‖ kR ‖ c`; public (`…xvk`,
/// `xpub`) ones the 64 bytes `A ‖ c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Cip5Prefix {
    /// `xprv`: an extended private key.
    Xprv,
    /// `xpub`: an extended public key.
    Xpub,
    /// `root_xsk`: a root (master) extended private key.
    RootXsk,
    /// `root_xvk`: a root extended public key.
    RootXvk,
    /// `acct_xsk`: an account extended private key (`m/1852'/1815'/n'`).
    AcctXsk,
    /// `acct_xvk`: an account extended public key.
    AcctXvk,
    /// `addr_xsk`: an address extended private key.
    AddrXsk,
    /// `addr_xvk`: an address extended public key.
    AddrXvk,
    /// `stake_xsk`: a stake (role 2) extended private key.
    StakeXsk,
    /// `stake_xvk`: a stake extended public key.
    StakeXvk,
}

impl Cip5Prefix {
    /// Every prefix.
    pub const ALL: [Self; 10] = [
        Self::Xprv,
        Self::Xpub,
        Self::RootXsk,
        Self::RootXvk,
        Self::AcctXsk,
        Self::AcctXvk,
        Self::AddrXsk,
        Self::AddrXvk,
        Self::StakeXsk,
        Self::StakeXvk,
    ];

    /// The prefix text, lowercase.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Xprv => "xprv",
            Self::Xpub => "xpub",
            Self::RootXsk => "root_xsk",
            Self::RootXvk => "root_xvk",
            Self::AcctXsk => "acct_xsk",
            Self::AcctXvk => "acct_xvk",
            Self::AddrXsk => "addr_xsk",
            Self::AddrXvk => "addr_xvk",
            Self::StakeXsk => "stake_xsk",
            Self::StakeXvk => "stake_xvk",
        }
    }

    /// Whether the prefix is for private keys (96-byte payload).
    pub const fn is_private(self) -> bool {
        matches!(
            self,
            Self::Xprv | Self::RootXsk | Self::AcctXsk | Self::AddrXsk | Self::StakeXsk
        )
    }

    fn of(hrp: &Hrp) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|p| hrp.lowercase_byte_iter().eq(p.as_str().bytes()))
    }
}

impl fmt::Display for Cip5Prefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a key sits in a CIP-1852 wallet (`m/1852'/1815'/a'/R/I`), which names its CIP-5
/// prefixes, as `cardano-address` names keys:
///
/// | role | place | prefixes |
/// |---|---|---|
/// | [`Root`](Self::Root) | the root (depth 0) | `root_xsk` / `root_xvk` |
/// | [`Account`](Self::Account) | `m/1852'/1815'/a'` | `acct_xsk` / `acct_xvk` |
/// | [`Address`](Self::Address) | `…/a'/R/I`, R = 0 (external) or 1 (internal), R and I normal | `addr_xsk` / `addr_xvk` |
/// | [`Stake`](Self::Stake) | `…/a'/2/I`, I normal | `stake_xsk` / `stake_xvk` |
/// | [`Other`](Self::Other) | anywhere else | `xprv` / `xpub` |
///
/// # Examples
///
/// ```
/// use fastbip32::cardano::{Cip5Prefix, Role};
/// use fastbip32::DerivationPath;
///
/// let path = DerivationPath::parse_relative("1852'/1815'/0'/2/0")?;
/// assert_eq!(Role::Root.after(path.iter()), Role::Stake);
/// assert_eq!(Role::of_prefix(Cip5Prefix::AcctXvk).after(path.iter()), Role::Other);
/// assert_eq!(Role::Stake.public_prefix(), Cip5Prefix::StakeXvk);
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Role {
    /// A root key: a seed's master key, or `root_xsk`/`root_xvk` text.
    Root,
    /// An account key, `m/1852'/1815'/a'`.
    Account,
    /// A payment key, `…/a'/0/I` or `…/a'/1/I`.
    Address,
    /// A stake key, `…/a'/2/I`.
    Stake,
    /// A key of no CIP-1852 role (or of an unknown place: generic `xprv`/`xpub` text).
    Other,
}

/// `1852'`, CIP-1852's purpose.
const PURPOSE: ChildNumber = ChildNumber::from_raw(crate::path::HARDENED_BIT + 1852);
/// `1815'`, Cardano's coin type.
const COIN: ChildNumber = ChildNumber::from_raw(crate::path::HARDENED_BIT + 1815);

impl Role {
    /// The role a key read from CIP-5 text with `prefix` starts with (`xprv`/`xpub`:
    /// [`Other`](Self::Other)).
    pub const fn of_prefix(prefix: Cip5Prefix) -> Self {
        match prefix {
            Cip5Prefix::RootXsk | Cip5Prefix::RootXvk => Self::Root,
            Cip5Prefix::AcctXsk | Cip5Prefix::AcctXvk => Self::Account,
            Cip5Prefix::AddrXsk | Cip5Prefix::AddrXvk => Self::Address,
            Cip5Prefix::StakeXsk | Cip5Prefix::StakeXvk => Self::Stake,
            Cip5Prefix::Xprv | Cip5Prefix::Xpub => Self::Other,
        }
    }

    /// The CIP-5 prefix of a private key of this role.
    pub const fn private_prefix(self) -> Cip5Prefix {
        match self {
            Self::Root => Cip5Prefix::RootXsk,
            Self::Account => Cip5Prefix::AcctXsk,
            Self::Address => Cip5Prefix::AddrXsk,
            Self::Stake => Cip5Prefix::StakeXsk,
            Self::Other => Cip5Prefix::Xprv,
        }
    }

    /// The CIP-5 prefix of a public key of this role.
    pub const fn public_prefix(self) -> Cip5Prefix {
        match self {
            Self::Root => Cip5Prefix::RootXvk,
            Self::Account => Cip5Prefix::AcctXvk,
            Self::Address => Cip5Prefix::AddrXvk,
            Self::Stake => Cip5Prefix::StakeXvk,
            Self::Other => Cip5Prefix::Xpub,
        }
    }

    /// The role of the key reached from a key of this role by `steps`: an account below a
    /// root by `1852'/1815'/a'`, a payment or stake key below an account by `R/I`; a key
    /// of any role keeps it for no steps; anything else is [`Other`](Self::Other).
    #[must_use]
    pub fn after(self, steps: impl IntoIterator<Item = ChildNumber>) -> Self {
        let Some((buf, len)) = short(steps) else {
            return Self::Other;
        };
        match (self, buf.split_at(len).0) {
            (role, []) => role,
            (Self::Root, [purpose, coin, account]) if is_account(*purpose, *coin, *account) => {
                Self::Account
            }
            (Self::Root, [purpose, coin, account, role, index])
                if is_account(*purpose, *coin, *account) =>
            {
                leaf(*role, *index)
            }
            (Self::Account, [role, index]) => leaf(*role, *index),
            _ => Self::Other,
        }
    }

    /// Where the stake key of a base address is (CIP-1852: `…/2/0` of the payment key's
    /// account), relative to a key of this role, for a payment key at `payment` below it:
    /// `m/1852'/1815'/a'/R/I` below a root, `R/I` below an account (R and I normal). `None`
    /// for a payment key anywhere else.
    pub fn stake_key_path(
        self,
        payment: impl IntoIterator<Item = ChildNumber>,
    ) -> Option<DerivationPath> {
        let (buf, len) = short(payment)?;
        let two = ChildNumber::from_raw(2);
        let zero = ChildNumber::from_raw(0);
        let steps: &[ChildNumber] = match (self, buf.split_at(len).0) {
            (Self::Root, &[purpose, coin, account, role, index])
                if is_account(purpose, coin, account) && role.is_normal() && index.is_normal() =>
            {
                &[purpose, coin, account, two, zero]
            }
            (Self::Account, [role, index]) if role.is_normal() && index.is_normal() => &[two, zero],
            _ => return None,
        };
        DerivationPath::from_slice(steps).ok()
    }
}

/// Up to five steps in an array, or `None` for more (no role lies deeper).
fn short(steps: impl IntoIterator<Item = ChildNumber>) -> Option<([ChildNumber; 5], usize)> {
    let mut out = [ChildNumber::from_raw(0); 5];
    let mut len = 0;
    for child in steps {
        *out.get_mut(len)? = child;
        len += 1;
    }
    Some((out, len))
}

/// Whether the steps are `1852'/1815'/a'`.
fn is_account(purpose: ChildNumber, coin: ChildNumber, account: ChildNumber) -> bool {
    purpose == PURPOSE && coin == COIN && account.is_hardened()
}

/// The role of `R/I` below an account.
fn leaf(role: ChildNumber, index: ChildNumber) -> Role {
    match (role.to_raw(), index.is_normal()) {
        (0 | 1, true) => Role::Address,
        (2, true) => Role::Stake,
        _ => Role::Other,
    }
}

/// Checks the length of BIP-39 entropy: 12 to 32 bytes, a multiple of 4 (9 to 24 words).
fn check_entropy(entropy: &[u8]) -> Result<()> {
    let len = entropy.len();
    if (12..=32).contains(&len) && len.is_multiple_of(4) {
        Ok(())
    } else {
        Err(Error::InvalidEntropyLength { len })
    }
}

/// A root key from `kL ‖ kR ‖ c`, checked with the root rule.
fn root_from(xprv: &[u8; XPRV_LEN]) -> Result<ExtendedPrivateKey<Ed25519Bip32>> {
    let (key, chain) = xprv.split_at(64);
    let mut secret = Zeroizing::new([0u8; 64]);
    secret.copy_from_slice(key);
    check_root_key(&secret)?;
    ExtendedPrivateKey::from_parts(
        &*secret,
        ChainCode::from_slice(chain),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    )
}

/// The Icarus root from a PBKDF2 salt (the entropy, or entropy ‖ checksum for Trezor).
fn icarus(salt: &[u8], passphrase: &[u8]) -> Result<ExtendedPrivateKey<Ed25519Bip32>> {
    let mut xprv = Zeroizing::new([0u8; XPRV_LEN]);
    pbkdf2_hmac_sha512(passphrase, salt, ICARUS_ROUNDS, &mut xprv[..]);
    if let Some((kl, _)) = xprv.split_first_chunk_mut::<32>() {
        clamp_root(kl, 0x1F);
    }
    root_from(&xprv)
}

impl ExtendedPrivateKey<Ed25519Bip32> {
    /// The Icarus master key (CIP-3 "Icarus"), the method of most Cardano wallets.
    ///
    /// `PBKDF2-HMAC-SHA512(password = passphrase, salt = entropy, 4096 rounds, 96 bytes)`,
    /// then `kL[0] &= 0xF8`, `kL[31] &= 0x1F`, `kL[31] |= 0x40`; the chain code is bytes
    /// 64..96. Note the roles: the salt is the BIP-39 *entropy* (the mnemonic's bits without
    /// its checksum), not the BIP-39 seed, and the passphrase is used as raw bytes (the UTF-8
    /// of the text in the wallets).
    ///
    /// # Errors
    /// [`Error::InvalidEntropyLength`] unless `entropy` is 12 to 32 bytes, a multiple of 4
    /// (a 64-byte BIP-39 seed given by mistake is caught here).
    pub fn from_icarus(entropy: &[u8], passphrase: &[u8]) -> Result<Self> {
        check_entropy(entropy)?;
        icarus(entropy, passphrase)
    }

    /// The Icarus computation over arbitrary bytes in place of the BIP-39 entropy, with no
    /// length check: what `bip_utils`' `CardanoIcarusBip32.FromSeed` computes for a "seed".
    ///
    /// For keys from a mnemonic use [`from_icarus`](Self::from_icarus), which refuses a
    /// length no mnemonic has (such as a 64-byte BIP-39 seed passed by mistake).
    ///
    /// # Errors
    /// None in practice: the `Result` is that of the root import, whose check every clamped
    /// root passes.
    pub fn from_icarus_bytes(input: &[u8], passphrase: &[u8]) -> Result<Self> {
        icarus(input, passphrase)
    }

    /// The Icarus master key as Trezor computes it (CIP-3 "Icarus-Trezor").
    ///
    /// For 32 bytes of entropy (24 words), Trezor's PBKDF2 salt is the whole 33 bytes the
    /// mnemonic encodes: `entropy ‖ SHA-256(entropy)[0]` (the 8 checksum bits). For shorter
    /// entropy the result is [`from_icarus`](Self::from_icarus).
    ///
    /// # Errors
    /// [`Error::InvalidEntropyLength`] as for [`from_icarus`](Self::from_icarus).
    pub fn from_icarus_trezor(entropy: &[u8], passphrase: &[u8]) -> Result<Self> {
        check_entropy(entropy)?;
        if entropy.len() != 32 {
            return icarus(entropy, passphrase);
        }
        let mut salt_buf = Zeroizing::new([0u8; 33]);
        let salt: &mut [u8; 33] = &mut salt_buf;
        let mut hash: [u8; 32] = sha2::Sha256::digest(entropy).into();
        salt[..32].copy_from_slice(entropy);
        salt[32] = hash[0];
        hash.zeroize();
        icarus(&salt[..], passphrase)
    }

    /// The root key of the BIP32-Ed25519 paper (§V.A) for a 32-byte secret.
    ///
    /// `k = SHA-512(secret)`; if bit 5 of `kL[31]` is set the secret is discarded (half of
    /// all secrets are); otherwise `kL[0] &= 0xF8`, `kL[31] &= 0x7F`, `kL[31] |= 0x40`, and the
    /// chain code is `SHA-256(0x01 ‖ secret)`. The check is a branch on the root candidate,
    /// as the paper requires.
    ///
    /// # Errors
    /// [`Error::DiscardedRootKey`] if the paper discards the secret.
    pub fn from_paper_secret(secret: &[u8; 32]) -> Result<Self> {
        let mut xprv_buf = Zeroizing::new([0u8; XPRV_LEN]);
        let xprv: &mut [u8; XPRV_LEN] = &mut xprv_buf;
        let mut k: [u8; 64] = sha2::Sha512::digest(secret).into();
        let discarded = k[31] & 0x20 != 0;
        if !discarded {
            if let Some((kl, _)) = k.split_first_chunk_mut::<32>() {
                clamp_root(kl, 0x7F);
            }
            xprv[..64].copy_from_slice(&k);
            let mut hasher = sha2::Sha256::new();
            hasher.update([0x01]);
            hasher.update(secret);
            let mut c: [u8; 32] = hasher.finalize().into();
            xprv[64..].copy_from_slice(&c);
            c.zeroize();
        }
        k.zeroize();
        if discarded {
            return Err(Error::DiscardedRootKey);
        }
        root_from(xprv)
    }

    /// Imports a raw root key `kL ‖ kR ‖ c` (CIP-3's 96-byte master key), checking the
    /// clamping every root method applies: `kL[0] & 7 == 0` and `kL[31] & 0xE0 == 0x40`.
    ///
    /// # Errors
    /// [`Error::InvalidRootKey`] if the bits are wrong.
    pub fn from_root_bytes(xprv: &[u8; XPRV_LEN]) -> Result<Self> {
        root_from(xprv)
    }

    /// Imports a raw extended private key `kL ‖ kR ‖ c` at any level (an account key, say),
    /// as depth 0 with no parent fingerprint. See [`Ed25519Bip32`] for the rule.
    ///
    /// # Errors
    /// [`Error::InvalidSecretKey`] unless `kL[0] & 7 == 0` and `kL[31] & 0xC0 == 0x40`.
    pub fn from_raw_bytes(xprv: &[u8; XPRV_LEN]) -> Result<Self> {
        let (key, chain) = xprv.split_at(64);
        let mut secret = Zeroizing::new([0u8; 64]);
        secret.copy_from_slice(key);
        Self::from_parts(
            &*secret,
            ChainCode::from_slice(chain),
            0,
            Fingerprint::ZERO,
            ChildNumber::from_raw(0),
        )
    }

    /// Imports the hex of `kL ‖ kR ‖ c` (192 digits, either case), as
    /// [`from_raw_bytes`](Self::from_raw_bytes). Decoded in constant time.
    ///
    /// # Errors
    /// [`Error::InvalidHex`] for a non-hex character; [`Error::InvalidLength`] unless the
    /// text holds 96 bytes; [`Error::InvalidSecretKey`] as for `from_raw_bytes`.
    pub fn from_hex(text: &str) -> Result<Self> {
        let mut xprv = Zeroizing::new([0u8; XPRV_LEN]);
        crate::hex::decode(text, &mut xprv[..])?;
        Self::from_raw_bytes(&xprv)
    }

    /// Imports CIP-5 bech32 text. A `root_xsk` key is checked with the root rule (as
    /// [`from_root_bytes`](Self::from_root_bytes)); `xprv`, `acct_xsk` and `addr_xsk` keys
    /// with the general one (as [`from_raw_bytes`](Self::from_raw_bytes)), at depth 0.
    ///
    /// # Errors
    /// [`Error::InvalidBech32`] for malformed text or a bad checksum;
    /// [`Error::UnexpectedBech32Prefix`] for a prefix that is not a private [`Cip5Prefix`];
    /// [`Error::InvalidLength`] unless the payload is 96 bytes; [`Error::InvalidRootKey`]
    /// or [`Error::InvalidSecretKey`] for a key that breaks the rule.
    ///
    /// # Security
    /// Variable-time in the key: the `bech32` crate's checksum and 5-bit conversion branch
    /// on the data and index tables by it. Treat CIP-5 private-key text as exposed to a
    /// timing observer; [`from_hex`](Self::from_hex) is the constant-time import. Listed in
    /// SECURITY.md.
    pub fn from_bech32(text: &str) -> Result<Self> {
        let mut xprv = Zeroizing::new([0u8; XPRV_LEN]);
        let prefix = bech32_decode(text, &mut xprv[..], true)?;
        if prefix == Cip5Prefix::RootXsk {
            Self::from_root_bytes(&xprv)
        } else {
            Self::from_raw_bytes(&xprv)
        }
    }

    /// The raw extended private key `kL ‖ kR ‖ c`, wiped on drop.
    pub fn to_raw_bytes(&self) -> Zeroizing<[u8; XPRV_LEN]> {
        let mut out = Zeroizing::new([0u8; XPRV_LEN]);
        let (key, chain) = out.split_at_mut(64);
        key.copy_from_slice(self.private_key());
        chain.copy_from_slice(self.chain_code().as_bytes());
        out
    }

    /// Writes the lowercase hex of `kL ‖ kR ‖ c` into `buf` (at least [`XPRV_HEX_LEN`]
    /// bytes), in constant time, and returns it.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] if `buf` is shorter than [`XPRV_HEX_LEN`].
    pub fn encode_hex<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str> {
        crate::hex::encode(&self.to_raw_bytes()[..], buf)
    }

    /// Writes the CIP-5 bech32 text of `kL ‖ kR ‖ c` under a private `prefix` into `buf` (at
    /// least [`XPRV_BECH32_MAX_LEN`] bytes) and returns it.
    ///
    /// # Errors
    /// [`Error::UnexpectedBech32Prefix`] for a public prefix; [`Error::BufferTooSmall`] if
    /// `buf` is too short.
    ///
    /// # Security
    /// Variable-time in the key, as [`from_bech32`](Self::from_bech32) (and the `bech32`
    /// crate's stack is not wiped); [`encode_hex`](Self::encode_hex) is the constant-time
    /// export. Listed in SECURITY.md.
    pub fn encode_bech32<'b>(&self, prefix: Cip5Prefix, buf: &'b mut [u8]) -> Result<&'b str> {
        if !prefix.is_private() {
            return Err(Error::UnexpectedBech32Prefix {
                expected_private: true,
            });
        }
        bech32_encode(prefix, &self.to_raw_bytes()[..], buf)
    }
}

impl ExtendedPublicKey<Ed25519Bip32> {
    /// Imports the 64 bytes `A ‖ c` (public key, chain code), as cardano-addresses and the
    /// `ed25519-bip32` crate lay them out, as depth 0 with no parent fingerprint.
    ///
    /// # Errors
    /// [`Error::InvalidPublicKey`] if `A` is not a point.
    pub fn from_raw_bytes(xpub: &[u8; XPUB_LEN]) -> Result<Self> {
        let (public, chain) = xpub.split_at(32);
        let mut a = [0u8; 32];
        a.copy_from_slice(public);
        Self::from_parts(
            a,
            ChainCode::from_slice(chain),
            0,
            Fingerprint::ZERO,
            ChildNumber::from_raw(0),
        )
    }

    /// Imports the hex of `A ‖ c` (128 digits, either case), as
    /// [`from_raw_bytes`](Self::from_raw_bytes).
    ///
    /// # Errors
    /// [`Error::InvalidHex`] for a non-hex character; [`Error::InvalidLength`] unless the
    /// text holds 64 bytes; [`Error::InvalidPublicKey`] as for `from_raw_bytes`.
    pub fn from_hex(text: &str) -> Result<Self> {
        let mut xpub = [0u8; XPUB_LEN];
        crate::hex::decode(text, &mut xpub)?;
        Self::from_raw_bytes(&xpub)
    }

    /// Imports CIP-5 bech32 text under any public [`Cip5Prefix`] (`xpub`, `root_xvk`,
    /// `acct_xvk`, `addr_xvk`, `stake_xvk`), as [`from_raw_bytes`](Self::from_raw_bytes).
    ///
    /// # Errors
    /// [`Error::InvalidBech32`]; [`Error::UnexpectedBech32Prefix`] for a prefix that is not a
    /// public [`Cip5Prefix`]; [`Error::InvalidLength`] unless the payload is 64 bytes;
    /// [`Error::InvalidPublicKey`].
    pub fn from_bech32(text: &str) -> Result<Self> {
        let mut xpub = [0u8; XPUB_LEN];
        bech32_decode(text, &mut xpub, false)?;
        Self::from_raw_bytes(&xpub)
    }

    /// The 64 bytes `A ‖ c`.
    pub fn to_raw_bytes(&self) -> [u8; XPUB_LEN] {
        let mut out = [0u8; XPUB_LEN];
        out[..32].copy_from_slice(&self.public_key());
        out[32..].copy_from_slice(self.chain_code().as_bytes());
        out
    }

    /// Writes the lowercase hex of `A ‖ c` into `buf` (at least [`XPUB_HEX_LEN`] bytes) and
    /// returns it.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] if `buf` is shorter than [`XPUB_HEX_LEN`].
    pub fn encode_hex<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str> {
        crate::hex::encode(&self.to_raw_bytes(), buf)
    }

    /// Writes the CIP-5 bech32 text of `A ‖ c` under a public `prefix` into `buf` (at least
    /// [`XPUB_BECH32_MAX_LEN`] bytes) and returns it.
    ///
    /// # Errors
    /// [`Error::UnexpectedBech32Prefix`] for a private prefix; [`Error::BufferTooSmall`] if
    /// `buf` is too short.
    pub fn encode_bech32<'b>(&self, prefix: Cip5Prefix, buf: &'b mut [u8]) -> Result<&'b str> {
        if prefix.is_private() {
            return Err(Error::UnexpectedBech32Prefix {
                expected_private: false,
            });
        }
        bech32_encode(prefix, &self.to_raw_bytes(), buf)
    }
}

/// The [`Cip5Prefix`] of CIP-5 bech32 text (its checksum checked), whatever the key.
///
/// # Errors
/// [`Error::InvalidBech32`] for malformed text or a bad checksum; [`Error::UnexpectedBech32Prefix`]
/// (with `expected_private: false`) for a prefix that is not a CIP-5 extended-key prefix.
pub fn cip5_prefix(text: &str) -> Result<Cip5Prefix> {
    let checked = CheckedHrpstring::new::<Bech32>(text).map_err(|_| Error::InvalidBech32)?;
    Cip5Prefix::of(&checked.hrp()).ok_or(Error::UnexpectedBech32Prefix {
        expected_private: false,
    })
}

/// `fmt::Write` into a byte buffer, remembering whether it ran out of room.
struct BufWriter<'b> {
    buf: &'b mut [u8],
    len: usize,
    overflow: bool,
}

impl fmt::Write for BufWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if let Some(dst) = self.buf.get_mut(self.len..end) {
            dst.copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        } else {
            self.overflow = true;
            Err(fmt::Error)
        }
    }
}

fn bech32_encode<'b>(prefix: Cip5Prefix, payload: &[u8], buf: &'b mut [u8]) -> Result<&'b str> {
    let needed = prefix.as_str().len() + 1 + (payload.len() * 8).div_ceil(5) + 6;
    let mut writer = BufWriter {
        buf,
        len: 0,
        overflow: false,
    };
    let hrp = Hrp::parse_unchecked(prefix.as_str());
    let result = bech32::encode_lower_to_fmt::<Bech32, _>(&mut writer, hrp, payload);
    if writer.overflow || result.is_err() {
        if let Some(written) = writer.buf.get_mut(..writer.len) {
            written.zeroize();
        }
        return Err(Error::BufferTooSmall { needed });
    }
    let BufWriter { buf, len, .. } = writer;
    let text = buf.get(..len).ok_or(Error::BufferTooSmall { needed })?;
    core::str::from_utf8(text).map_err(|_| Error::InvalidBech32)
}

/// Decodes bech32 `text` into exactly `out.len()` bytes; the prefix must be a CIP-5 prefix
/// of the wanted kind.
fn bech32_decode(text: &str, out: &mut [u8], private: bool) -> Result<Cip5Prefix> {
    let checked = CheckedHrpstring::new::<Bech32>(text).map_err(|_| Error::InvalidBech32)?;
    let prefix = Cip5Prefix::of(&checked.hrp())
        .filter(|p| p.is_private() == private)
        .ok_or(Error::UnexpectedBech32Prefix {
            expected_private: private,
        })?;
    let mut len = 0usize;
    for byte in checked.byte_iter() {
        if let Some(o) = out.get_mut(len) {
            *o = byte;
        }
        len += 1;
    }
    if len == out.len() {
        Ok(prefix)
    } else {
        out.zeroize();
        Err(Error::InvalidLength {
            len,
            expected: out.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> DerivationPath {
        if text.is_empty() {
            return DerivationPath::master();
        }
        DerivationPath::parse_relative(text).unwrap()
    }

    #[test]
    fn roles_by_place() {
        assert_eq!(Role::Root.after(path("")), Role::Root);
        assert_eq!(Role::Root.after(path("1852'/1815'/3'")), Role::Account);
        assert_eq!(Role::Root.after(path("1852'/1815'/0'/0/7")), Role::Address);
        assert_eq!(Role::Root.after(path("1852'/1815'/0'/1/2")), Role::Address);
        assert_eq!(Role::Root.after(path("1852'/1815'/0'/2/0")), Role::Stake);
        for other in [
            "1852'/1815'/0'/3/0",
            "1852'/1815'/0'/0/0'",
            "44'/1815'/0'/0/0",
            "1852'/1815'/0",
            "1852'/1815'/0'/0",
            "1852'/1815'/0'/0/0/0",
        ] {
            assert_eq!(Role::Root.after(path(other)), Role::Other, "{other}");
        }
        assert_eq!(Role::Account.after(path("")), Role::Account);
        assert_eq!(Role::Account.after(path("2/0")), Role::Stake);
        assert_eq!(Role::Account.after(path("1/0")), Role::Address);
        assert_eq!(Role::Account.after(path("0")), Role::Other);
        assert_eq!(Role::Stake.after(path("")), Role::Stake);
        assert_eq!(Role::Address.after(path("0")), Role::Other);
        assert_eq!(Role::Other.after(path("")), Role::Other);
        for prefix in Cip5Prefix::ALL {
            let role = Role::of_prefix(prefix);
            let back = if prefix.is_private() {
                role.private_prefix()
            } else {
                role.public_prefix()
            };
            assert_eq!(back, prefix);
        }
    }

    #[test]
    fn stake_key_places() {
        assert_eq!(
            Role::Root.stake_key_path(path("1852'/1815'/4'/0/9")),
            Some(path("1852'/1815'/4'/2/0"))
        );
        assert_eq!(Role::Account.stake_key_path(path("1/3")), Some(path("2/0")));
        for (role, bad) in [
            (Role::Root, "1852'/1815'/0'/0"),
            (Role::Root, "44'/1815'/0'/0/0"),
            (Role::Root, "1852'/1815'/0'/0/0'"),
            (Role::Account, "0/0/0"),
            (Role::Other, "0/0"),
            (Role::Address, ""),
        ] {
            assert_eq!(role.stake_key_path(path(bad)), None, "{bad}");
        }
    }

    #[test]
    fn bech32_lengths() {
        // The longest prefix is `stake_xsk` / `stake_xvk`: 9 + "1" + 154 (or 103) + 6.
        assert_eq!(XPRV_BECH32_MAX_LEN, 170);
        assert_eq!(XPUB_BECH32_MAX_LEN, 119);
        let mut buf = [0u8; XPRV_BECH32_MAX_LEN];
        let text = bech32_encode(Cip5Prefix::StakeXsk, &[0u8; XPRV_LEN], &mut buf).unwrap();
        assert_eq!(text.len(), XPRV_BECH32_MAX_LEN);
        let text = bech32_encode(Cip5Prefix::RootXsk, &[0u8; XPRV_LEN], &mut buf).unwrap();
        assert_eq!(text.len(), XPRV_BECH32_MAX_LEN - 1);
        let mut short = [0u8; XPRV_BECH32_MAX_LEN - 1];
        assert_eq!(
            bech32_encode(Cip5Prefix::StakeXsk, &[0u8; XPRV_LEN], &mut short),
            Err(Error::BufferTooSmall {
                needed: XPRV_BECH32_MAX_LEN
            })
        );
    }
}
