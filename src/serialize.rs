//! BIP-32 serialization: the 78-byte layout and its `Base58Check` text (`xprv…`, `xpub…`).
//!
//! Layout (BIP-32 §"Serialization format"): version (4) ‖ depth (1) ‖ parent fingerprint (4)
//! ‖ child number (4, big-endian) ‖ chain code (32) ‖ key data (33: `0x00 ‖ k` for a private
//! key, the compressed point for a public key). Defined for the schemes with 32-byte private
//! keys and 33-byte SEC1 public keys: [`Secp256k1`](crate::Secp256k1) and
//! [`NistP256`](crate::NistP256) (SLIP-10 defines no text form; this is the layout other tools
//! use for it).

use core::fmt;

use zeroize::Zeroizing;

use crate::curve::Scheme;
use crate::error::{Error, Result};
use crate::key::ExtendedPrivateKey;

/// Length of the binary serialization.
pub const SERIALIZED_LEN: usize = 78;
/// Length of the `Base58Check` text of a serialized key (always 111 characters).
pub const ENCODED_LEN: usize = 111;

/// A 4-byte extended-key version.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Version([u8; 4]);

impl Version {
    /// Bitcoin mainnet private (`xprv`).
    pub const XPRV: Self = Self([0x04, 0x88, 0xad, 0xe4]);
    /// Bitcoin mainnet public (`xpub`).
    pub const XPUB: Self = Self([0x04, 0x88, 0xb2, 0x1e]);
    /// Bitcoin testnet private (`tprv`).
    pub const TPRV: Self = Self([0x04, 0x35, 0x83, 0x94]);
    /// Bitcoin testnet public (`tpub`).
    pub const TPUB: Self = Self([0x04, 0x35, 0x87, 0xcf]);

    /// A custom version.
    pub const fn new(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }

    /// The bytes.
    pub const fn to_bytes(self) -> [u8; 4] {
        self.0
    }
}

impl fmt::Debug for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Version({:08x})", u32::from_be_bytes(self.0))
    }
}

fn header(
    out: &mut [u8; SERIALIZED_LEN],
    version: Version,
    depth: u8,
    parent: [u8; 4],
    child: u32,
    chain: &[u8; 32],
) {
    out[..4].copy_from_slice(&version.0);
    out[4] = depth;
    out[5..9].copy_from_slice(&parent);
    out[9..13].copy_from_slice(&child.to_be_bytes());
    out[13..45].copy_from_slice(chain);
}

fn encode_into(data: &[u8; SERIALIZED_LEN], buf: &mut [u8]) -> Result<usize> {
    bs58::encode(data)
        .with_check()
        .onto(buf)
        .map_err(|_| Error::BufferTooSmall {
            needed: ENCODED_LEN,
        })
}

impl<S> ExtendedPrivateKey<S>
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    /// The 78-byte serialization of the private key, wiped on drop.
    pub fn to_bytes(&self, version: Version) -> Zeroizing<[u8; SERIALIZED_LEN]> {
        let mut out = Zeroizing::new([0u8; SERIALIZED_LEN]);
        header(
            &mut out,
            version,
            self.depth(),
            self.parent_fingerprint().to_bytes(),
            self.child_number().to_raw(),
            self.chain_code().as_bytes(),
        );
        let (_, key) = out.split_at_mut(46);
        key.copy_from_slice(self.private_key());
        out
    }

    /// The 78-byte serialization of the public key (the "neutered" key).
    pub fn to_public_bytes(&self, version: Version) -> [u8; SERIALIZED_LEN] {
        let mut out = [0u8; SERIALIZED_LEN];
        header(
            &mut out,
            version,
            self.depth(),
            self.parent_fingerprint().to_bytes(),
            self.child_number().to_raw(),
            self.chain_code().as_bytes(),
        );
        let (_, key) = out.split_at_mut(45);
        key.copy_from_slice(&self.public_key());
        out
    }

    /// Writes the `xprv…` text into `buf` (at least [`ENCODED_LEN`] bytes) without
    /// allocating, and returns it.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] if `buf` is shorter than [`ENCODED_LEN`].
    pub fn encode_xprv<'b>(&self, version: Version, buf: &'b mut [u8]) -> Result<&'b str> {
        let len = encode_into(&self.to_bytes(version), buf)?;
        let text = buf
            .get(..len)
            .ok_or(Error::BufferTooSmall { needed: len })?;
        core::str::from_utf8(text).map_err(|_| Error::InvalidBase58)
    }

    /// Writes the `xpub…` text into `buf` (at least [`ENCODED_LEN`] bytes) without
    /// allocating, and returns it.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] if `buf` is shorter than [`ENCODED_LEN`].
    pub fn encode_xpub<'b>(&self, version: Version, buf: &'b mut [u8]) -> Result<&'b str> {
        let len = encode_into(&self.to_public_bytes(version), buf)?;
        let text = buf
            .get(..len)
            .ok_or(Error::BufferTooSmall { needed: len })?;
        core::str::from_utf8(text).map_err(|_| Error::InvalidBase58)
    }

    /// The `xprv…` text in a string that is wiped on drop.
    #[cfg(feature = "alloc")]
    pub fn to_xprv_string(&self, version: Version) -> Zeroizing<alloc::string::String> {
        let mut buf = Zeroizing::new([0u8; ENCODED_LEN + 1]);
        let text = self.encode_xprv(version, &mut buf[..]).unwrap_or_default();
        Zeroizing::new(alloc::string::String::from(text))
    }

    /// The `xpub…` text.
    #[cfg(feature = "alloc")]
    pub fn to_xpub_string(&self, version: Version) -> alloc::string::String {
        let mut buf = [0u8; ENCODED_LEN + 1];
        let text = self.encode_xpub(version, &mut buf).unwrap_or_default();
        alloc::string::String::from(text)
    }
}
