//! The only raw storage of secret bytes: zeroized on drop, compared in constant time, never
//! printed.

use core::fmt;

use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

mod sealed {
    pub trait Sealed {}
    impl Sealed for [u8; 32] {}
    impl Sealed for [u8; 64] {}
}

/// A fixed-size byte array that can hold a private key: `[u8; 32]` or `[u8; 64]`.
///
/// Sealed; used as [`SchemeKeys::PrivateKey`](crate::SchemeKeys::PrivateKey).
pub trait ByteArray:
    sealed::Sealed + AsRef<[u8]> + AsMut<[u8]> + Copy + Zeroize + Send + Sync + 'static
{
    /// The array of all zero bytes.
    const ZERO: Self;
    /// The length in bytes.
    const LEN: usize;
}

impl ByteArray for [u8; 32] {
    const ZERO: Self = [0; 32];
    const LEN: usize = 32;
}

impl ByteArray for [u8; 64] {
    const ZERO: Self = [0; 64];
    const LEN: usize = 64;
}

/// Secret bytes: wiped when dropped, `Clone` but never `Copy`, equal in constant time, and
/// shown by `Debug` as `SecretBytes(..)`.
#[derive(Clone)]
pub struct SecretBytes<A: ByteArray>(A);

impl<A: ByteArray> SecretBytes<A> {
    /// Takes ownership of `bytes`. The caller should wipe its own copy if it kept one.
    pub const fn new(bytes: A) -> Self {
        Self(bytes)
    }

    /// All zero bytes, to be filled in place (see [`SecretBytes::as_mut`]).
    pub(crate) const fn zero() -> Self {
        Self(A::ZERO)
    }

    /// The secret bytes.
    pub const fn expose(&self) -> &A {
        &self.0
    }

    /// The secret bytes, mutably.
    pub(crate) fn expose_mut(&mut self) -> &mut A {
        &mut self.0
    }
}

impl<A: ByteArray> Default for SecretBytes<A> {
    /// All zero bytes: a slot to be overwritten, e.g. by a batch derivation.
    fn default() -> Self {
        Self(A::ZERO)
    }
}

impl<A: ByteArray> Drop for SecretBytes<A> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl<A: ByteArray> Zeroize for SecretBytes<A> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<A: ByteArray> ZeroizeOnDrop for SecretBytes<A> {}

impl<A: ByteArray> ConstantTimeEq for SecretBytes<A> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.as_ref().ct_eq(other.0.as_ref())
    }
}

impl<A: ByteArray> PartialEq for SecretBytes<A> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<A: ByteArray> Eq for SecretBytes<A> {}

impl<A: ByteArray> fmt::Debug for SecretBytes<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretBytes(..)")
    }
}

/// Writes zeros over the `8 × WORDS` bytes of stack below the caller's frame, where the frames
/// of the functions it just called lay, with whatever secrets they held or moved: copies a
/// move leaves behind are not wiped, and a later frame (of the caller, or of a function
/// building a heap value by value on the stack) may carry them into a heap block. Best
/// effort: volatile writes (`zeroize`) in a frame the compiler may place as it likes.
#[cfg(any(
    feature = "mnemonic-english",
    feature = "ed25519-bip32",
    feature = "descriptor"
))]
#[inline(never)]
pub(crate) fn scrub_stack<const WORDS: usize>() {
    let mut area = [0u64; WORDS];
    area.zeroize();
    core::hint::black_box(&area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    #[test]
    fn differs_in_one_byte() {
        let a = SecretBytes::new([7u8; 32]);
        let mut b = [7u8; 32];
        b[31] = 8;
        assert_ne!(a, SecretBytes::new(b));
        assert_eq!(a, SecretBytes::new([7u8; 32]));
    }

    #[test]
    fn debug_hides_bytes() {
        let s = format!("{:?}", SecretBytes::new([0xabu8; 64]));
        assert!(!s.contains("ab"), "{s}");
    }

    #[test]
    fn zeroize_wipes() {
        let mut s = SecretBytes::new([0x55u8; 32]);
        s.zeroize();
        assert_eq!(s.expose(), &[0u8; 32]);
    }
}
