//! Wallet Import Format: a secp256k1 private key as `Base58Check` text, compressed form only.
//!
//! The payload is `version ‖ k ‖ 0x01`: the version byte is `0x80` on mainnet and `0xef` on
//! every test network ([`Network::wif_prefix`]), `k` the 32-byte private key, and the trailing
//! `0x01` says the public key is used compressed. Such text is always 52 characters long and
//! starts with `K` or `L` (mainnet) or `c` (test networks).
//!
//! # Security
//! The text is written and read by the crate's constant-time Base58: no branch and no table
//! index depends on the key, every scratch buffer is wiped, and the range check `0 < k < n`
//! is libsecp256k1's constant-time `seckey_verify`. Decoded keys are held in [`SecretBytes`].
//!
//! # Examples
//!
//! ```
//! use fastbip32::{wif, Network, Xprv};
//!
//! // BIP-84's first receive key for "abandon abandon … about" (m/84'/0'/0'/0/0).
//! let root: Xprv = "zprvAWgYBBk7JR8Gjrh4UJQ2uJdG1r3WNRRfURiABBE3RvMXYSrRJL62XuezvGdPvG6GFBZduosCc1YP5wixPox7zhZLfiUm8aunE96BBa4Kei5".parse()?;
//! let key = root.derive_path("m/84'/0'/0'/0/0")?;
//! let mut buf = [0u8; wif::ENCODED_LEN];
//! let text = wif::encode(key.private_key(), Network::Mainnet, &mut buf)?;
//! assert_eq!(text, "KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d");
//!
//! let decoded = wif::decode(text)?;
//! assert_eq!(decoded.secret().expose(), key.private_key());
//! assert!(!decoded.is_test() && decoded.fits(Network::Mainnet));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use zeroize::{Zeroize, Zeroizing};

use crate::address::error::{Error, Result};
use crate::network::Network;
use crate::secret::SecretBytes;
use crate::serialize::base58;
use crate::sys;

/// Length of the text of every compressed WIF key: 52 characters.
pub const ENCODED_LEN: usize = 52;

/// Length of the text of every uncompressed WIF key (`5…` on mainnet): 51 characters.
pub const UNCOMPRESSED_LEN: usize = 51;

/// Bytes of the payload: version, key, compression flag.
const PAYLOAD: usize = 34;
/// The compression flag.
const COMPRESSED: u8 = 0x01;
/// Version bytes: mainnet and every test network.
const MAINNET: u8 = 0x80;
const TEST: u8 = 0xef;

/// Writes the compressed WIF text of `secret` for `network` into `buf` (at least
/// [`ENCODED_LEN`] bytes) and returns it.
///
/// # Errors
/// [`Error::InvalidSecretKey`] if `secret` is zero or not below the group order;
/// [`Error::BufferTooSmall`] if `buf` is shorter than [`ENCODED_LEN`].
pub fn encode<'b>(secret: &[u8; 32], network: Network, buf: &'b mut [u8]) -> Result<&'b str> {
    write(secret, network.wif_prefix(), true, buf)
}

/// Writes the compressed WIF text of `secret` under the version byte `version` into `buf`
/// (at least [`ENCODED_LEN`] bytes) and returns it: the WIF of coins other than Bitcoin
/// (Litecoin's `0xb0`, Dogecoin's `0x9e`, …; see [`coin`](crate::coin)).
///
/// # Errors
/// [`Error::InvalidSecretKey`] if `secret` is zero or not below the group order;
/// [`Error::BufferTooSmall`] if `buf` is shorter than [`ENCODED_LEN`].
///
/// # Examples
///
/// ```
/// use fastbip32::wif;
///
/// let mut one = [0u8; 32];
/// one[31] = 1;
/// let mut buf = [0u8; wif::ENCODED_LEN];
/// // Version 0x80 is Bitcoin mainnet's.
/// assert_eq!(
///     wif::encode_with_version(&one, 0x80, &mut buf)?,
///     "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn",
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn encode_with_version<'b>(
    secret: &[u8; 32],
    version: u8,
    buf: &'b mut [u8],
) -> Result<&'b str> {
    write(secret, version, true, buf)
}

/// Writes the uncompressed WIF text of `secret` for `network` (no compression flag: the
/// form of keys whose public key is written uncompressed, `5…` on mainnet) into `buf` (at
/// least [`UNCOMPRESSED_LEN`] bytes) and returns it.
///
/// # Errors
/// As [`encode`], with [`UNCOMPRESSED_LEN`] for the buffer.
///
/// # Examples
///
/// ```
/// use fastbip32::{wif, Network};
///
/// let mut one = [0u8; 32];
/// one[31] = 1;
/// let mut buf = [0u8; wif::UNCOMPRESSED_LEN];
/// assert_eq!(
///     wif::encode_uncompressed(&one, Network::Mainnet, &mut buf)?,
///     "5HpHagT65TZzG1PH3CSu63k8DbpvD8s5ip4nEB3kEsreAnchuDf",
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn encode_uncompressed<'b>(
    secret: &[u8; 32],
    network: Network,
    buf: &'b mut [u8],
) -> Result<&'b str> {
    write(secret, network.wif_prefix(), false, buf)
}

/// [`encode`] (`compressed`) or [`encode_uncompressed`].
fn write<'b>(
    secret: &[u8; 32],
    wif_version: u8,
    compressed: bool,
    buf: &'b mut [u8],
) -> Result<&'b str> {
    if !sys::secp256k1_seckey_verify(secret) {
        return Err(Error::InvalidSecretKey);
    }
    let len = if compressed {
        let mut payload = Zeroizing::new([0u8; PAYLOAD]);
        let (version, rest) = payload.split_at_mut(1);
        let (key, flag) = rest.split_at_mut(32);
        version.fill(wif_version);
        key.copy_from_slice(secret);
        flag.fill(COMPRESSED);
        base58::encode_check(&payload, buf).map_err(|_| Error::BufferTooSmall {
            needed: ENCODED_LEN,
        })?
    } else {
        let mut payload = Zeroizing::new([0u8; PAYLOAD - 1]);
        let (version, key) = payload.split_at_mut(1);
        version.fill(wif_version);
        key.copy_from_slice(secret);
        base58::encode_check(&payload, buf).map_err(|_| Error::BufferTooSmall {
            needed: UNCOMPRESSED_LEN,
        })?
    };
    // `encode_check` wrote `len` bytes of the (ASCII) alphabet at the start of `buf`.
    let (text, _) = buf.split_at(len);
    Ok(crate::hex::ascii(text))
}

/// The compressed WIF text of `secret` for `network`, in a string wiped on drop.
///
/// # Errors
/// [`Error::InvalidSecretKey`] if `secret` is zero or not below the group order.
///
/// # Examples
///
/// ```
/// use fastbip32::address::Error;
/// use fastbip32::{wif, Network};
///
/// let mut one = [0u8; 32];
/// one[31] = 1;
/// assert_eq!(
///     wif::encode_to_string(&one, Network::Mainnet)?.as_str(),
///     "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn",
/// );
/// assert_eq!(wif::encode_to_string(&[0; 32], Network::Testnet).err(), Some(Error::InvalidSecretKey));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub fn encode_to_string(
    secret: &[u8; 32],
    network: Network,
) -> Result<Zeroizing<alloc::string::String>> {
    let mut buf = Zeroizing::new([0u8; ENCODED_LEN]);
    let text = encode(secret, network, &mut buf[..])?;
    let mut out = Zeroizing::new(alloc::string::String::with_capacity(ENCODED_LEN));
    out.push_str(text);
    Ok(out)
}

/// The uncompressed WIF text of `secret` for `network` ([`encode_uncompressed`]), in a
/// string wiped on drop.
///
/// # Errors
/// [`Error::InvalidSecretKey`] if `secret` is zero or not below the group order.
#[cfg(feature = "alloc")]
pub fn encode_uncompressed_to_string(
    secret: &[u8; 32],
    network: Network,
) -> Result<Zeroizing<alloc::string::String>> {
    let mut buf = Zeroizing::new([0u8; UNCOMPRESSED_LEN]);
    let text = encode_uncompressed(secret, network, &mut buf[..])?;
    let mut out = Zeroizing::new(alloc::string::String::with_capacity(UNCOMPRESSED_LEN));
    out.push_str(text);
    Ok(out)
}

/// A decoded WIF private key: the 32 secret bytes and whether the text was for mainnet or a
/// test network (testnet, signet and regtest share the version byte `0xef`).
///
/// The secret is wiped on drop; `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Wif {
    secret: SecretBytes<[u8; 32]>,
    test: bool,
}

impl Wif {
    /// The private key.
    pub fn secret(&self) -> &SecretBytes<[u8; 32]> {
        &self.secret
    }

    /// The private key, by value.
    pub fn into_secret(self) -> SecretBytes<[u8; 32]> {
        self.secret
    }

    /// True when the version byte was `0xef` (testnet, signet or regtest), false for `0x80`
    /// (mainnet).
    pub fn is_test(&self) -> bool {
        self.test
    }

    /// Whether the text was written for `network`: mainnet text for mainnet, test text for
    /// any test network.
    pub fn fits(&self, network: Network) -> bool {
        self.test == network.is_test()
    }
}

impl fmt::Debug for Wif {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Wif")
            .field("is_test", &self.test)
            .finish_non_exhaustive()
    }
}

/// Decodes compressed WIF text.
///
/// The checks, in order, each with its own error: every character in the Base58 alphabet
/// ([`Error::InvalidBase58`]); the checksum ([`Error::BadChecksum`]; text too short to hold
/// one, or over 160 characters: [`Error::InvalidWifLength`]); the version byte
/// ([`Error::UnknownWifPrefix`]); 33 key bytes after it ([`Error::UncompressedWif`] for 32,
/// [`Error::InvalidWifLength`] for any other length); the compression flag `0x01` ([`Error::InvalidCompressionFlag`]); `0 < k < n`
/// ([`Error::InvalidSecretKey`]).
///
/// # Errors
/// As listed above.
///
/// # Examples
///
/// ```
/// use fastbip32::address::Error;
/// use fastbip32::wif;
///
/// // The private key 1, for the test networks.
/// let key = wif::decode("cMahea7zqjxrtgAbB7LSGbcQUr1uX1ojuat9jZodMN87JcbXMTcA")?;
/// assert!(key.is_test());
/// assert_eq!(key.secret().expose()[..], [&[0u8; 31][..], &[1]].concat());
/// assert_eq!(
///     wif::decode("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWo").err(),
///     Some(Error::BadChecksum),
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decode(text: &str) -> Result<Wif> {
    match decode_any(text)? {
        (wif, true) => Ok(wif),
        (_, false) => Err(Error::UncompressedWif),
    }
}

/// Decodes WIF text, compressed or not (descriptors' `pkh()` and `sh(multi())` take
/// uncompressed keys; `fastbip32 inspect` shows either): the key and whether it is
/// compressed. The checks and errors are [`decode`]'s, without [`Error::UncompressedWif`].
///
/// # Errors
/// As [`decode`], except [`Error::UncompressedWif`].
pub fn decode_any(text: &str) -> Result<(Wif, bool)> {
    // `decode_check_any` fails with one of three errors: the alphabet, the length, the
    // checksum.
    let decoded = base58::decode_check_any(text.as_bytes(), PAYLOAD).map_err(|e| match e {
        crate::Error::InvalidBase58 => Error::InvalidBase58,
        // Too short for a checksum, or far too long: name it as a WIF length.
        crate::Error::InvalidLength { len, .. } => Error::InvalidWifLength {
            len: len.saturating_sub(1),
        },
        _ => Error::BadChecksum,
    })?;
    let payload = decoded.payload();
    let Some((&version, rest)) = payload.split_first() else {
        return Err(Error::InvalidWifLength { len: 0 });
    };
    let is_test = match version {
        MAINNET => false,
        TEST => true,
        prefix => return Err(Error::UnknownWifPrefix { prefix }),
    };
    let (key, flag) = match rest.len() {
        32 | 33 => rest.split_at(32),
        len => return Err(Error::InvalidWifLength { len }),
    };
    let compressed = !flag.is_empty();
    if compressed && flag != [COMPRESSED] {
        return Err(Error::InvalidCompressionFlag {
            flag: flag.first().copied().unwrap_or(0),
        });
    }
    let mut secret = SecretBytes::new([0u8; 32]);
    secret.expose_mut().copy_from_slice(key);
    if !sys::secp256k1_seckey_verify(secret.expose()) {
        secret.zeroize();
        return Err(Error::InvalidSecretKey);
    }
    Ok((
        Wif {
            secret,
            test: is_test,
        },
        compressed,
    ))
}

impl FromStr for Wif {
    type Err = Error;

    /// As [`decode`].
    fn from_str(s: &str) -> Result<Self> {
        decode(s)
    }
}
