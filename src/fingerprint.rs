//! [`Fingerprint`]: the 4 bytes that identify a key (BIP-32 §"Key identifiers").

use core::fmt;

/// A key fingerprint: the first 4 bytes of HASH160 of the serialized public key.
///
/// `Display` and `Debug` print 8 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Fingerprint([u8; 4]);

impl Fingerprint {
    /// The fingerprint of a master key's (non-existent) parent: `00000000`.
    pub const ZERO: Self = Self([0; 4]);

    /// Wraps 4 bytes.
    pub const fn new(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }

    /// The bytes.
    pub const fn to_bytes(self) -> [u8; 4] {
        self.0
    }

    /// The bytes as a big-endian integer.
    pub const fn to_u32(self) -> u32 {
        u32::from_be_bytes(self.0)
    }
}

impl From<[u8; 4]> for Fingerprint {
    fn from(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }
}

impl AsRef<[u8]> for Fingerprint {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fingerprint({self})")
    }
}

impl core::str::FromStr for Fingerprint {
    type Err = crate::error::Error;

    /// Parses 8 hex digits (either case), as in a descriptor's key origin `[d34db33f/…]`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`](crate::Error::InvalidLength) unless the text has 8
    /// characters; [`Error::InvalidHex`](crate::Error::InvalidHex) for a non-hex digit.
    fn from_str(s: &str) -> crate::error::Result<Self> {
        let mut bytes = [0u8; 4];
        crate::hex::decode(s, &mut bytes)?;
        Ok(Self(bytes))
    }
}
