//! Child numbers and derivation paths: storage, parsing and printing.
//!
//! Vocabulary, used the same way throughout the crate:
//!
//! * an **index** is a number `0..2³¹`, without the hardened flag;
//! * a **raw** child number is BIP-32's encoded `u32`: the index, plus [`HARDENED_BIT`] for a
//!   hardened child (BIP-32 "Child key derivation functions");
//! * a **segment** is the text of one child number in a path, such as `44'` or `0`.
//!
//! # Path grammar
//!
//! An absolute path is `m` alone, or `m/` followed by segments separated by single `/`. A segment is
//! one or more ASCII digits (leading zeros allowed) whose value is below 2³¹, optionally followed by
//! exactly one hardened marker: `'`, `h` or `H`. Nothing else is accepted: no whitespace, sign,
//! empty segment, trailing `/`, uppercase `M` or non-ASCII digit, and at most [`MAX_DEPTH`]
//! segments. A relative path (to derive from a given key) is the same segments without the `m/`;
//! `m` and `m/…` are accepted there too.
//!
//! Every rejection is an [`Error::InvalidPath`] naming the zero-based segment, the byte offset of
//! the first byte that cannot be accepted (always on a character boundary) and a
//! [`PathErrorKind`]. Paths print canonically with `'` (`m/44'/0'/0'/0/0`), or with `h` using the
//! alternate flag (`{:#}`).
//!
//! [`DerivationPath`] keeps up to [`INLINE_CAPACITY`] child numbers inline, so common paths never
//! touch the heap; [`Segments`] parses text lazily without building a path at all.
//!
//! [`Error::InvalidPath`]: crate::Error::InvalidPath
//! [`PathErrorKind`]: crate::PathErrorKind

mod derivation;
mod pattern;

pub use self::derivation::{
    ChildNumber, DerivationPath, IntoDerivationPath, IntoIter, RelativePath, Segments,
    HARDENED_BIT, INLINE_CAPACITY, MAX_DEPTH,
};
pub use self::pattern::PathPattern;
