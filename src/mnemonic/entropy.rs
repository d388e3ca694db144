//! [`Entropy`]: the bytes a phrase encodes.

use core::fmt;

use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::bits::MAX_ENTROPY;
use super::error::{Error, Result};

/// The entropy a phrase encodes: 12 to 32 bytes, wiped on drop, compared in constant time,
/// never printed.
#[derive(Clone)]
pub struct Entropy {
    bytes: [u8; MAX_ENTROPY],
    len: usize,
}

impl Entropy {
    /// Copies `bytes`: at most 32, as every caller's are (a phrase's or a checked length).
    pub(super) fn from_slice(bytes: &[u8]) -> Self {
        let mut out = Self {
            bytes: [0; MAX_ENTROPY],
            len: bytes.len(),
        };
        out.bytes.split_at_mut(bytes.len()).0.copy_from_slice(bytes);
        out
    }

    /// `len` bytes (at most 32, a checked word count's) from the operating system's random
    /// number generator (`getrandom`).
    pub(super) fn random(len: usize) -> Result<Self> {
        let mut out = Self {
            bytes: [0; MAX_ENTROPY],
            len,
        };
        getrandom::fill(out.bytes.split_at_mut(len).0).map_err(random_source_error)?;
        Ok(out)
    }

    /// The entropy bytes.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.split_at(self.len).0
    }

    /// The length in bytes: 12, 16, 20, 24, 28 or 32.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Always false: entropy has at least 12 bytes.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Drop for Entropy {
    fn drop(&mut self) {
        self.bytes.zeroize();
    }
}

impl ZeroizeOnDrop for Entropy {}

impl ConstantTimeEq for Entropy {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.len.ct_eq(&other.len) & self.bytes.ct_eq(&other.bytes)
    }
}

impl PartialEq for Entropy {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Entropy {}

impl fmt::Debug for Entropy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entropy")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// The error for a failed `getrandom` call.
pub(super) fn random_source_error(e: getrandom::Error) -> Error {
    Error::RandomSourceFailed {
        os_error: e.raw_os_error(),
    }
}
