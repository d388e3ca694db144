//! [`Address`]: address text in a fixed buffer on the stack.

use core::fmt;
use core::hash::{Hash, Hasher};

/// An address as text, held in a fixed buffer on the stack.
///
/// Holds up to [`Address::MAX_LEN`] ASCII characters, more than any kind this crate writes
/// (the longest, a Cardano testnet base address, has 108). Compares, hashes and orders as its
/// text.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "secp256k1")] {
/// use fastbip32::{address::bitcoin, Network};
///
/// let addr = bitcoin::p2pkh_from_hash(&[0; 20], Network::Mainnet);
/// assert_eq!(addr.as_str(), "1111111111111111111114oLvT2");
/// assert_eq!(addr.to_string(), addr.as_str());
/// assert_eq!(addr.len(), 27);
/// # }
/// ```
#[derive(Clone, Copy)]
pub struct Address {
    buf: [u8; Address::MAX_LEN],
    len: u8,
}

impl Address {
    /// The most characters an `Address` can hold.
    pub const MAX_LEN: usize = 128;

    /// An empty address, to be filled by an encoder.
    #[cfg_attr(
        not(any(feature = "secp256k1", feature = "ed25519")),
        allow(dead_code, reason = "every encoder needs a scheme feature")
    )]
    pub(crate) const fn empty() -> Self {
        Self {
            buf: [0; Self::MAX_LEN],
            len: 0,
        }
    }

    /// An address of the ASCII text `text`; `None` if it is too long or not ASCII.
    #[cfg_attr(
        not(any(feature = "secp256k1", feature = "ed25519")),
        allow(dead_code, reason = "every encoder needs a scheme feature")
    )]
    pub(crate) fn from_ascii(text: &[u8]) -> Option<Self> {
        let mut addr = Self::empty();
        addr.push(text).ok()?;
        Some(addr)
    }

    /// The address of text an encoder of this crate wrote: ASCII, shorter than
    /// [`Address::MAX_LEN`] for every kind.
    #[cfg_attr(
        not(any(feature = "secp256k1", feature = "ed25519")),
        allow(dead_code, reason = "every encoder needs a scheme feature")
    )]
    #[allow(
        clippy::expect_used,
        reason = "every kind's text is ASCII, at most 108 characters"
    )]
    pub(crate) fn written(text: &[u8]) -> Self {
        Self::from_ascii(text).expect("an encoder's address is ASCII and fits an Address")
    }

    /// Appends ASCII bytes.
    pub(super) fn push(&mut self, text: &[u8]) -> fmt::Result {
        let start = usize::from(self.len);
        let end = start + text.len();
        let (Some(dst), Ok(len)) = (self.buf.get_mut(start..end), u8::try_from(end)) else {
            return Err(fmt::Error);
        };
        if !text.is_ascii() {
            return Err(fmt::Error);
        }
        dst.copy_from_slice(text);
        self.len = len;
        Ok(())
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored (see `push`).
        crate::hex::ascii(self.as_bytes())
    }

    /// The text as bytes.
    pub fn as_bytes(&self) -> &[u8] {
        // `len` counts the bytes `push` stored in `buf`.
        self.buf.split_at(usize::from(self.len)).0
    }

    /// The number of characters.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True for the empty text (no encoder returns one).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Builds an address through `fmt::Write` (as the `bech32` crate writes).
impl fmt::Write for Address {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s.as_bytes())
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Address").field(&self.as_str()).finish()
    }
}

impl AsRef<str> for Address {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Address {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for Address {}

impl PartialEq<str> for Address {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Address {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for Address {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for Address {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Address {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::address::{AddressKind, Error};
    use core::fmt::Write as _;

    #[test]
    fn capacity_and_ascii() {
        let long = [b'a'; Address::MAX_LEN];
        assert_eq!(Address::from_ascii(&long).map(|a| a.len()), Some(128));
        assert!(Address::from_ascii(&[b'a'; Address::MAX_LEN + 1]).is_none());
        assert!(Address::from_ascii("é".as_bytes()).is_none());
        let mut a = Address::empty();
        assert!(a.is_empty());
        a.write_str("bc1").unwrap();
        a.write_str("q").unwrap();
        assert_eq!(a, "bc1q");
        assert!(a.write_str(core::str::from_utf8(&long).unwrap()).is_err());
        assert_eq!(a, "bc1q");
    }

    #[test]
    fn kinds_round_trip() {
        for k in AddressKind::ALL {
            assert_eq!(k.as_str().parse::<AddressKind>(), Ok(k));
        }
        assert_eq!(
            "P2PKH".parse::<AddressKind>(),
            Err(Error::UnknownAddressKind)
        );
    }
}
