//! [`ChainCode`]: the 32 bytes of entropy that extend a key (BIP-32 §"Extended keys").

use core::fmt;

use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A 32-byte chain code.
///
/// Secret in a private key's company (with a normal child's private key it gives away the
/// parent's), so it is wiped on drop, compared in constant time and not shown by `Debug`.
#[derive(Clone)]
pub struct ChainCode([u8; 32]);

impl ChainCode {
    /// Wraps 32 bytes.
    pub const fn new(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The bytes.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Overwrites this chain code with `other`'s bytes, in place.
    pub(crate) fn copy_from(&mut self, other: &Self) {
        self.0.copy_from_slice(&other.0);
    }

    /// Overwrites this chain code with the first 32 bytes of `bytes` (all of them if shorter),
    /// in place.
    pub(crate) fn copy_from_slice(&mut self, bytes: &[u8]) {
        for (dst, src) in self.0.iter_mut().zip(bytes) {
            *dst = *src;
        }
    }

    /// A chain code copied from the first 32 bytes of `bytes` (typically `I_R`, the right
    /// half of an HMAC output), written straight into the new value so no other copy is
    /// left behind. Short input is padded with zeros (callers pass 32 bytes or more).
    pub(crate) fn from_slice(bytes: &[u8]) -> Self {
        let mut chain_code = Self([0; 32]);
        chain_code.copy_from_slice(bytes);
        chain_code
    }
}

impl From<[u8; 32]> for ChainCode {
    fn from(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }
}

impl AsRef<[u8]> for ChainCode {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Drop for ChainCode {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl Zeroize for ChainCode {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl ZeroizeOnDrop for ChainCode {}

impl ConstantTimeEq for ChainCode {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl PartialEq for ChainCode {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for ChainCode {}

impl fmt::Debug for ChainCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ChainCode(..)")
    }
}
