//! Polkadot's sr25519 accounts as subkey and polkadot-js derive them (`schnorrkel`).
//!
//! * The mini-secret of a BIP-39 mnemonic (substrate-bip39): the first 32 bytes of
//!   PBKDF2-HMAC-SHA512 with the mnemonic's *entropy* as the password, `"mnemonic"` ‖
//!   password as the salt, 2048 rounds. (Not BIP-39's seed, which hashes the words.)
//! * The key pair: the mini-secret expanded in schnorrkel's ed25519 mode.
//! * Junctions, as in a secret URI's path: `//code` is hard, `/code` soft. A code that is a
//!   decimal `u64` stands for its 8 little-endian bytes, any other for its SCALE encoding
//!   (compact length, then the bytes); the chain code is those bytes zero-padded to 32, or
//!   their BLAKE2b-256 when longer. A hard junction derives a new mini-secret from the secret
//!   key (`hard_derive_mini_secret_key`) and expands it; a soft one is schnorrkel's
//!   `derived_key_simple`.

use core::fmt;

use blake2::digest::consts::U32;
use blake2::{Blake2b, Digest};
use schnorrkel::derive::{ChainCode, Derivation};
use schnorrkel::{ExpansionMode, MiniSecretKey, SecretKey};
use zeroize::{Zeroize, Zeroizing};

use crate::hash::pbkdf2::pbkdf2_hmac_sha512;

/// The longest password read, in bytes.
pub const MAX_PASSWORD_LEN: usize = 1024;
/// The longest derivation path read, in bytes.
pub const MAX_PATH_LEN: usize = 1024;

/// What can go wrong deriving an sr25519 key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Sr25519Error {
    /// Entropy of another length than 16 to 32 bytes, a multiple of 4 (BIP-39's).
    EntropyLength {
        /// The length given.
        len: usize,
    },
    /// A password over [`MAX_PASSWORD_LEN`] bytes.
    PasswordTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// A path that is not a sequence of `//code` and `/code` junctions with non-empty codes,
    /// or longer than [`MAX_PATH_LEN`].
    InvalidPath,
}

impl fmt::Display for Sr25519Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::EntropyLength { len } => write!(
                f,
                "BIP-39 entropy of {len} bytes; it must be 16 to 32, a multiple of 4"
            ),
            Self::PasswordTooLong { len } => write!(
                f,
                "password of {len} bytes; at most {MAX_PASSWORD_LEN} are read"
            ),
            Self::InvalidPath => {
                f.write_str("an sr25519 path is junctions //hard and /soft with non-empty codes")
            }
        }
    }
}

impl core::error::Error for Sr25519Error {}

/// The mini-secret of BIP-39 `entropy` and `password` (substrate-bip39), in a wiped buffer.
///
/// # Errors
/// [`Sr25519Error::EntropyLength`] unless the entropy has 16, 20, 24, 28 or 32 bytes;
/// [`Sr25519Error::PasswordTooLong`] for a password over [`MAX_PASSWORD_LEN`] bytes.
pub fn mini_secret_from_entropy(
    entropy: &[u8],
    password: &str,
) -> Result<Zeroizing<[u8; 32]>, Sr25519Error> {
    let len = entropy.len();
    if !(16..=32).contains(&len) || !len.is_multiple_of(4) {
        return Err(Sr25519Error::EntropyLength { len });
    }
    let mut salt = Zeroizing::new([0u8; 8 + MAX_PASSWORD_LEN]);
    let salt_len = 8 + password.len();
    let salt_bytes = salt
        .get_mut(..salt_len)
        .ok_or(Sr25519Error::PasswordTooLong {
            len: password.len(),
        })?;
    let (head, tail) = salt_bytes.split_at_mut(8);
    head.copy_from_slice(b"mnemonic");
    tail.copy_from_slice(password.as_bytes());
    let mut out = Zeroizing::new([0u8; 64]);
    pbkdf2_hmac_sha512(entropy, salt_bytes, 2048, &mut out[..]);
    let mut mini = Zeroizing::new([0u8; 32]);
    mini.copy_from_slice(out.split_at(32).0);
    Ok(mini)
}

/// One junction: hard or soft, and its chain code.
fn junction(code: &str) -> Result<[u8; 32], Sr25519Error> {
    let mut encoded = Zeroizing::new([0u8; 2 + MAX_PATH_LEN]);
    let len = if let Ok(n) = code.parse::<u64>() {
        encoded.split_at_mut(8).0.copy_from_slice(&n.to_le_bytes());
        8
    } else {
        let bytes = code.as_bytes();
        // SCALE's compact length: one byte below 64, two below 2¹⁴ (the path bound).
        let prefix_len = if bytes.len() < 64 { 1 } else { 2 };
        let compact = u16::try_from(bytes.len() << 2).map_err(|_| Sr25519Error::InvalidPath)?
            | u16::from(prefix_len == 2);
        let (head, tail) = encoded.split_at_mut(prefix_len);
        head.copy_from_slice(compact.to_le_bytes().split_at(prefix_len).0);
        tail.get_mut(..bytes.len())
            .ok_or(Sr25519Error::InvalidPath)?
            .copy_from_slice(bytes);
        prefix_len + bytes.len()
    };
    let data = encoded.split_at(len).0;
    let mut cc = [0u8; 32];
    if data.len() > 32 {
        cc.copy_from_slice(&Blake2b::<U32>::digest(data));
    } else {
        cc.split_at_mut(data.len()).0.copy_from_slice(data);
    }
    Ok(cc)
}

/// The 32-byte public key at `path` below `mini_secret`.
///
/// Deterministic: a soft junction's secret scalar and public key depend on the parent only
/// (schnorrkel draws the derived key's signing nonce from the OS, which no public key or
/// later junction uses: a hard junction hashes the scalar alone). Every intermediate secret
/// is wiped.
///
/// # Errors
/// [`Sr25519Error::InvalidPath`] for a path that is not `//code` and `/code` junctions.
pub fn derive_public(mini_secret: &[u8; 32], path: &str) -> Result<[u8; 32], Sr25519Error> {
    if path.len() > MAX_PATH_LEN {
        return Err(Sr25519Error::InvalidPath);
    }
    let mut mini = MiniSecretKey::from_bytes(mini_secret).map_err(|_| Sr25519Error::InvalidPath)?;
    let mut secret: SecretKey = mini.expand(ExpansionMode::Ed25519);
    mini.zeroize();
    let mut rest = path;
    while !rest.is_empty() {
        let (hard, after) = if let Some(after) = rest.strip_prefix("//") {
            (true, after)
        } else if let Some(after) = rest.strip_prefix('/') {
            (false, after)
        } else {
            secret.zeroize();
            return Err(Sr25519Error::InvalidPath);
        };
        let end = after.find('/').unwrap_or(after.len());
        let (code, next) = after.split_at(end);
        let cc = match junction(code) {
            Ok(cc) if !code.is_empty() => ChainCode(cc),
            _ => {
                secret.zeroize();
                return Err(Sr25519Error::InvalidPath);
            }
        };
        let mut child = if hard {
            let (mut mini, _) = secret.hard_derive_mini_secret_key(Some(cc), b"");
            let child = mini.expand(ExpansionMode::Ed25519);
            mini.zeroize();
            child
        } else {
            secret.derived_key_simple(cc, []).0
        };
        core::mem::swap(&mut secret, &mut child);
        child.zeroize();
        rest = next;
    }
    let public = secret.to_public().to_bytes();
    secret.zeroize();
    Ok(public)
}
