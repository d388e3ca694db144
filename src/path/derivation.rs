//! [`ChildNumber`] and [`DerivationPath`]: storage, parsing and printing (the grammar and the
//! vocabulary are in the [parent module's docs](super)).

use core::fmt::{self, Write as _};
use core::hash::{Hash, Hasher};
use core::iter::{Copied, FusedIterator};
use core::str::FromStr;

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::error::{Error, PathErrorKind, Result};

/// The bit that marks a raw child number as hardened (BIP-32: indices `2³¹..2³²`).
pub const HARDENED_BIT: u32 = 1 << 31;

/// How many child numbers a [`DerivationPath`] stores inline: paths up to this many levels
/// never touch the heap.
pub const INLINE_CAPACITY: usize = 16;

/// The deepest path there can be: BIP-32 serializes the depth in one byte.
pub const MAX_DEPTH: usize = 255;

/// The longest text of one segment: `/`, ten digits and a hardened marker.
const SEGMENT_TEXT_MAX: usize = 12;

/// The stack buffer used for printing paths. Typical paths are written in one call; longer ones
/// are flushed in chunks.
const PRINT_BUFFER: usize = 128;

// The printer flushes its buffer before a segment that does not fit, so one must always fit;
// the inline storage holds the common five-level paths and more, and never more than a path.
const _: () = assert!(PRINT_BUFFER > SEGMENT_TEXT_MAX);
const _: () = assert!(INLINE_CAPACITY >= 10 && INLINE_CAPACITY <= MAX_DEPTH);

// ---------------------------------------------------------------------------------------------
// ChildNumber
// ---------------------------------------------------------------------------------------------

/// A child number: an index `0..2³¹` plus the hardened flag.
///
/// Stored as BIP-32's raw `u32` (hardened children have [`HARDENED_BIT`] set), so every `u32` is
/// a valid child number and conversions to and from the raw encoding are free.
///
/// # Examples
///
/// ```
/// use fastbip32::ChildNumber;
///
/// let purpose = ChildNumber::hardened(44)?;
/// assert_eq!(purpose.index(), 44);
/// assert_eq!(purpose.to_raw(), 0x8000_002c);
/// assert_eq!(purpose.to_string(), "44'");
/// assert_eq!(format!("{purpose:#}"), "44h");
/// assert_eq!("44h".parse::<ChildNumber>()?, purpose);
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct ChildNumber(u32);

impl ChildNumber {
    /// A normal (non-hardened) child number.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidChildIndex`] if `index` is 2³¹ or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, Error};
    ///
    /// assert!(ChildNumber::normal(0)?.is_normal());
    /// assert_eq!(
    ///     ChildNumber::normal(1 << 31),
    ///     Err(Error::InvalidChildIndex { index: 1 << 31 })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn normal(index: u32) -> Result<Self> {
        if index & HARDENED_BIT == 0 {
            Ok(Self(index))
        } else {
            Err(Error::InvalidChildIndex { index })
        }
    }

    /// A hardened child number (`index'`): its raw form is `index + 2³¹`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidChildIndex`] if `index` is 2³¹ or more (pass the index, not the raw form).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, Error};
    ///
    /// assert_eq!(ChildNumber::hardened(0)?.to_raw(), 0x8000_0000);
    /// assert!(ChildNumber::hardened(0x8000_0000).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn hardened(index: u32) -> Result<Self> {
        if index & HARDENED_BIT == 0 {
            Ok(Self(index | HARDENED_BIT))
        } else {
            Err(Error::InvalidChildIndex { index })
        }
    }

    /// The child number with the raw BIP-32 encoding `raw` (hardened if `raw ≥ 2³¹`).
    pub const fn from_raw(raw: u32) -> Self {
        Self(raw)
    }

    /// The raw BIP-32 encoding, hardened bit included.
    pub const fn to_raw(self) -> u32 {
        self.0
    }

    /// The index, without the hardened bit.
    pub const fn index(self) -> u32 {
        self.0 & !HARDENED_BIT
    }

    /// Whether this is a hardened child number.
    pub const fn is_hardened(self) -> bool {
        self.0 & HARDENED_BIT != 0
    }

    /// Whether this is a normal (non-hardened) child number.
    pub const fn is_normal(self) -> bool {
        !self.is_hardened()
    }

    /// The raw form as 4 big-endian bytes: BIP-32's `ser32(i)`.
    pub const fn to_be_bytes(self) -> [u8; 4] {
        self.0.to_be_bytes()
    }

    /// The raw form as 4 little-endian bytes (BIP32-Ed25519's index encoding).
    pub const fn to_le_bytes(self) -> [u8; 4] {
        self.0.to_le_bytes()
    }

    /// Length of the printed form without `/`: the digits plus the marker, if any.
    const fn text_len(self) -> usize {
        decimal_len(self.index()) + if self.is_hardened() { 1 } else { 0 }
    }
}

impl fmt::Display for ChildNumber {
    /// Prints `44'` or `0`; with the alternate flag (`{:#}`) a hardened child prints as `44h`.
    /// Width, fill and alignment are honoured.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut segment = [0; SEGMENT_TEXT_MAX];
        let len = encode_segment(*self, marker_for(f), &mut segment);
        // Skip the leading '/'.
        let text = segment.split_at(len).0.split_at(1).1;
        write_padded(f, text.len(), |f| write_ascii(f, text))
    }
}

impl fmt::Debug for ChildNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut segment = [0; SEGMENT_TEXT_MAX];
        let len = encode_segment(*self, b'\'', &mut segment);
        f.write_str("ChildNumber(")?;
        write_ascii(f, segment.split_at(len).0.split_at(1).1)?;
        f.write_str(")")
    }
}

impl FromStr for ChildNumber {
    type Err = Error;

    /// Parses one segment, with the grammar of a path segment (`44'`, `44h`, `44H`, `0`).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPath`] with `segment: 0`: [`PathErrorKind::Empty`] for `""`, and
    /// otherwise the same kinds as a path segment; a `/` is an
    /// [`PathErrorKind::InvalidCharacter`].
    fn from_str(s: &str) -> Result<Self> {
        if s.is_empty() {
            return Err(path_error(0, 0, PathErrorKind::Empty));
        }
        let (child, end) = parse_segment(s.as_bytes(), 0, 0)?;
        if end == s.len() {
            Ok(child)
        } else {
            // The segment ended with '/'.
            Err(path_error(0, end, PathErrorKind::InvalidCharacter))
        }
    }
}

impl From<ChildNumber> for u32 {
    /// The raw BIP-32 encoding.
    fn from(child: ChildNumber) -> Self {
        child.to_raw()
    }
}

impl From<u32> for ChildNumber {
    /// From the raw BIP-32 encoding (hardened if `raw ≥ 2³¹`).
    fn from(raw: u32) -> Self {
        Self::from_raw(raw)
    }
}

// ---------------------------------------------------------------------------------------------
// DerivationPath
// ---------------------------------------------------------------------------------------------

/// A sequence of up to [`MAX_DEPTH`] child numbers from a master key (BIP-32 "The key tree").
///
/// Up to [`INLINE_CAPACITY`] levels are stored inline, without allocating; deeper paths spill to
/// the heap with the `alloc` feature and are rejected with
/// [`PathErrorKind::CapacityExceeded`] without it. Equality and hashing depend on the child
/// numbers only.
///
/// The path derefs to `[ChildNumber]`.
///
/// # Examples
///
/// ```
/// use fastbip32::{ChildNumber, DerivationPath};
///
/// let path: DerivationPath = "m/44h/0'/0'/0/0".parse()?;
/// assert_eq!(path.len(), 5);
/// assert_eq!(path.first(), Some(&ChildNumber::hardened(44)?));
/// assert_eq!(path.to_string(), "m/44'/0'/0'/0/0");
/// assert_eq!(format!("{path:#}"), "m/44h/0h/0h/0/0");
/// assert_eq!(path.parent().map(|p| p.to_string()).as_deref(), Some("m/44'/0'/0'/0"));
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Eq, Default)]
pub struct DerivationPath {
    /// The child numbers when `len <= INLINE_CAPACITY`; unused otherwise.
    inline: [ChildNumber; INLINE_CAPACITY],
    /// Number of child numbers: at most [`MAX_DEPTH`], which fits a byte.
    len: u8,
    /// All the child numbers when `len > INLINE_CAPACITY`; empty otherwise.
    #[cfg(feature = "alloc")]
    spill: Vec<ChildNumber>,
}

impl DerivationPath {
    /// The empty path, `m`: the master key itself.
    pub const fn master() -> Self {
        Self {
            inline: [ChildNumber(0); INLINE_CAPACITY],
            len: 0,
            #[cfg(feature = "alloc")]
            spill: Vec::new(),
        }
    }

    /// The child numbers, from the master key down.
    #[inline]
    pub fn as_slice(&self) -> &[ChildNumber] {
        let len = usize::from(self.len);
        #[cfg(feature = "alloc")]
        if len > INLINE_CAPACITY {
            return &self.spill;
        }
        // At most INLINE_CAPACITY levels are inline.
        self.inline.split_at(len).0
    }

    /// The number of levels (the depth of the key it leads to).
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether this is the master path `m`.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Iterates over the child numbers, from the master key down.
    #[inline]
    pub fn iter(&self) -> Copied<core::slice::Iter<'_, ChildNumber>> {
        self.as_slice().iter().copied()
    }

    /// Appends a level.
    ///
    /// # Errors
    ///
    /// * [`Error::DepthExceeded`] if the path already has [`MAX_DEPTH`] levels;
    /// * without the `alloc` feature, [`Error::InvalidPath`] with
    ///   [`PathErrorKind::CapacityExceeded`] if it already has [`INLINE_CAPACITY`] levels
    ///   (`segment` is the index of the level that did not fit, `offset` is 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, DerivationPath};
    ///
    /// let mut path = DerivationPath::master();
    /// path.push(ChildNumber::hardened(44)?)?;
    /// path.push(ChildNumber::normal(7)?)?;
    /// assert_eq!(path.to_string(), "m/44'/7");
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn push(&mut self, child: ChildNumber) -> Result<()> {
        let len = usize::from(self.len);
        if len >= MAX_DEPTH {
            return Err(Error::DepthExceeded);
        }
        if let Some(slot) = self.inline.get_mut(len) {
            *slot = child;
        } else {
            self.push_spilled(child)?;
        }
        // Cannot overflow: `len < MAX_DEPTH = u8::MAX`.
        self.len += 1;
        Ok(())
    }

    /// Appends a level to a path that already has [`INLINE_CAPACITY`] levels or more.
    #[cfg(feature = "alloc")]
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the same signature as without `alloc`"
    )]
    fn push_spilled(&mut self, child: ChildNumber) -> Result<()> {
        if self.spill.is_empty() {
            self.spill.reserve(2 * INLINE_CAPACITY);
            self.spill.extend_from_slice(&self.inline);
        }
        self.spill.push(child);
        Ok(())
    }

    /// Appends a level to a path that already has [`INLINE_CAPACITY`] levels or more.
    #[cfg(not(feature = "alloc"))]
    #[allow(clippy::unused_self, reason = "the same signature as with `alloc`")]
    fn push_spilled(&self, _child: ChildNumber) -> Result<()> {
        Err(path_error(
            INLINE_CAPACITY,
            0,
            PathErrorKind::CapacityExceeded,
        ))
    }

    /// This path with one more level.
    ///
    /// # Errors
    ///
    /// As [`push`](Self::push): [`Error::DepthExceeded`] past [`MAX_DEPTH`] levels, and
    /// [`PathErrorKind::CapacityExceeded`] past [`INLINE_CAPACITY`] without `alloc`.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, DerivationPath};
    ///
    /// let account: DerivationPath = "m/44'/0'/0'".parse()?;
    /// let change = account.child(ChildNumber::normal(1)?)?;
    /// assert_eq!(change.to_string(), "m/44'/0'/0'/1");
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn child(&self, child: ChildNumber) -> Result<Self> {
        let mut path = self.clone();
        path.push(child)?;
        Ok(path)
    }

    /// This path without its last level, or `None` for the master path.
    pub fn parent(&self) -> Option<Self> {
        let (_, rest) = self.as_slice().split_last()?;
        // A prefix of a valid path is always a valid path.
        Self::from_slice(rest).ok()
    }

    /// The path with these levels.
    ///
    /// # Errors
    ///
    /// * [`Error::DepthExceeded`] for more than [`MAX_DEPTH`] levels;
    /// * without the `alloc` feature, [`Error::InvalidPath`] with
    ///   [`PathErrorKind::CapacityExceeded`] for more than [`INLINE_CAPACITY`] levels.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, DerivationPath};
    ///
    /// let path = DerivationPath::from_slice(&[ChildNumber::hardened(0)?, ChildNumber::normal(1)?])?;
    /// assert_eq!(path.to_string(), "m/0'/1");
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn from_slice(children: &[ChildNumber]) -> Result<Self> {
        let len = u8::try_from(children.len()).map_err(|_| Error::DepthExceeded)?;
        let mut path = Self::master();
        if let Some(inline) = path.inline.get_mut(..children.len()) {
            inline.copy_from_slice(children);
        } else {
            path.spill_from_slice(children)?;
        }
        path.len = len;
        Ok(path)
    }

    /// Stores more than [`INLINE_CAPACITY`] levels.
    #[cfg(feature = "alloc")]
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the same signature as without `alloc`"
    )]
    fn spill_from_slice(&mut self, children: &[ChildNumber]) -> Result<()> {
        self.spill = children.to_vec();
        Ok(())
    }

    /// Stores more than [`INLINE_CAPACITY`] levels.
    #[cfg(not(feature = "alloc"))]
    #[allow(clippy::unused_self, reason = "the same signature as with `alloc`")]
    fn spill_from_slice(&self, _children: &[ChildNumber]) -> Result<()> {
        Err(path_error(
            INLINE_CAPACITY,
            0,
            PathErrorKind::CapacityExceeded,
        ))
    }

    /// Parses a relative path: bare segments (`0/1'`), or an absolute path (`m`, `m/…`).
    ///
    /// Use [`str::parse`] (the [`FromStr`] impl) to require an absolute path.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPath`] for text outside the [grammar](crate::path), with the segment, byte
    /// offset and [`PathErrorKind`] of the first problem; [`PathErrorKind::CapacityExceeded`]
    /// past [`INLINE_CAPACITY`] levels without `alloc`.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{DerivationPath, Error, PathErrorKind};
    ///
    /// let relative = DerivationPath::parse_relative("0/1'")?;
    /// assert_eq!(relative.to_string(), "m/0/1'");
    /// assert_eq!(DerivationPath::parse_relative("m/0/1'")?, relative);
    /// assert_eq!(
    ///     DerivationPath::parse_relative("0//1"),
    ///     Err(Error::InvalidPath { segment: 1, offset: 2, kind: PathErrorKind::EmptySegment })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn parse_relative(s: &str) -> Result<Self> {
        Self::from_segments(&Segments::relative(s)?)
    }

    /// Collects the child numbers of freshly made `segments` into a path.
    ///
    /// The same steps as iterating, written out so that the child numbers go straight into the
    /// inline array.
    fn from_segments(segments: &Segments<'_>) -> Result<Self> {
        let mut path = Self::master();
        if segments.done {
            return Ok(path);
        }
        let bytes = segments.text.as_bytes();
        let mut pos = segments.pos;
        // The number of child numbers stored, which is also the number of the next segment.
        let mut len = 0;
        loop {
            if len >= MAX_DEPTH && pos < bytes.len() {
                return Err(path_error(len, pos, PathErrorKind::TooManySegments));
            }
            let (child, end) = parse_segment(bytes, pos, len)?;
            if let Some(slot) = path.inline.get_mut(len) {
                *slot = child;
            } else {
                path.push_spilled(child).map_err(|error| match error {
                    // Without `alloc`: point at the segment that did not fit.
                    Error::InvalidPath { kind, .. } => path_error(len, pos, kind),
                    other => other,
                })?;
            }
            len += 1;
            if end >= bytes.len() {
                break;
            }
            pos = end + 1;
        }
        // At most `MAX_DEPTH` child numbers get here.
        path.len = u8::try_from(len).map_err(|_| Error::DepthExceeded)?;
        Ok(path)
    }

    /// Writes the path with `marker` after hardened indices, ignoring width and alignment:
    /// from `m` ([`Origin::Master`]), or its steps alone ([`Origin::Key`]).
    fn write_text(&self, f: &mut fmt::Formatter<'_>, marker: u8, origin: Origin) -> fmt::Result {
        let mut buffer = PrintBuffer([0; PRINT_BUFFER]);
        let bytes = &mut buffer.0;
        // Every segment is written with its `/`; relative text skips the first one.
        let (mut used, mut skip) = match origin {
            Origin::Master => {
                if let Some(first) = bytes.first_mut() {
                    *first = b'm';
                }
                (1, 0)
            }
            Origin::Key => (0, 1),
        };
        for child in self {
            if used > PRINT_BUFFER - SEGMENT_TEXT_MAX {
                buffer_flush(f, bytes, skip, used)?;
                used = 0;
                skip = 0;
            }
            if let Some(window) = bytes
                .get_mut(used..used + SEGMENT_TEXT_MAX)
                .and_then(|window| <&mut [u8; SEGMENT_TEXT_MAX]>::try_from(window).ok())
            {
                used += encode_segment(child, marker, window);
            }
        }
        buffer_flush(f, bytes, skip.min(used), used)
    }

    /// Length of the printed form.
    fn text_len(&self, origin: Origin) -> usize {
        let segments = self.iter().map(|child| 1 + child.text_len()).sum::<usize>();
        match origin {
            Origin::Master => segments + 1,
            Origin::Key => segments.saturating_sub(1),
        }
    }

    /// The path printed relative to the key it starts from: its steps alone, `0/1'`, without
    /// `m/` (empty for no step); with the alternate flag (`{:#}`), `0/1h`. For a key whose
    /// own path is not known (an extended key below depth 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::DerivationPath;
    ///
    /// let path = DerivationPath::parse_relative("0/1'")?;
    /// assert_eq!(path.relative().to_string(), "0/1'");
    /// assert_eq!(format!("{:#}", path.relative()), "0/1h");
    /// assert_eq!(DerivationPath::master().relative().to_string(), "");
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn relative(&self) -> RelativePath<'_> {
        RelativePath(self)
    }
}

/// Where printed path text starts.
#[derive(Clone, Copy)]
enum Origin {
    /// At the master key: `m/…`.
    Master,
    /// At the key the path is applied to: the steps alone.
    Key,
}

/// A [`DerivationPath`] printed relative to the key it starts from
/// ([`DerivationPath::relative`]). Width, fill and alignment are honoured.
#[derive(Clone, Copy, Debug)]
pub struct RelativePath<'a>(&'a DerivationPath);

impl fmt::Display for RelativePath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let marker = marker_for(f);
        if f.width().is_none() {
            return self.0.write_text(f, marker, Origin::Key);
        }
        write_padded(f, self.0.text_len(Origin::Key), |f| {
            self.0.write_text(f, marker, Origin::Key)
        })
    }
}

impl PartialEq for DerivationPath {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Hash for DerivationPath {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl FromStr for DerivationPath {
    type Err = Error;

    /// Parses an absolute path: `m` or `m/<segments>`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPath`] for text outside the [grammar](crate::path) (a path without the `m/`
    /// prefix is [`PathErrorKind::MissingMasterPrefix`]; see
    /// [`parse_relative`](DerivationPath::parse_relative)), with the segment, byte offset and
    /// kind of the first problem; [`PathErrorKind::CapacityExceeded`] past
    /// [`INLINE_CAPACITY`] levels without `alloc`.
    fn from_str(s: &str) -> Result<Self> {
        Self::from_segments(&Segments::absolute(s)?)
    }
}

impl fmt::Display for DerivationPath {
    /// Prints the canonical form, `m/44'/0'/0'/0/0` (`m` for the master path); with the
    /// alternate flag (`{:#}`), `m/44h/0h/0h/0/0`. Width, fill and alignment are honoured.
    ///
    /// Nothing is allocated: the text is written from a stack buffer, in one call for paths of
    /// typical length.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let marker = marker_for(f);
        if f.width().is_none() {
            return self.write_text(f, marker, Origin::Master);
        }
        write_padded(f, self.text_len(Origin::Master), |f| {
            self.write_text(f, marker, Origin::Master)
        })
    }
}

impl fmt::Debug for DerivationPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DerivationPath(\"")?;
        self.write_text(f, b'\'', Origin::Master)?;
        f.write_str("\")")
    }
}

impl core::ops::Deref for DerivationPath {
    type Target = [ChildNumber];

    fn deref(&self) -> &[ChildNumber] {
        self.as_slice()
    }
}

impl AsRef<[ChildNumber]> for DerivationPath {
    fn as_ref(&self) -> &[ChildNumber] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a DerivationPath {
    type Item = ChildNumber;
    type IntoIter = Copied<core::slice::Iter<'a, ChildNumber>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for DerivationPath {
    type Item = ChildNumber;
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter {
            path: self,
            next: 0,
        }
    }
}

/// The child numbers of an owned [`DerivationPath`], from the master key down.
#[derive(Clone, Debug)]
pub struct IntoIter {
    path: DerivationPath,
    next: usize,
}

impl Iterator for IntoIter {
    type Item = ChildNumber;

    fn next(&mut self) -> Option<ChildNumber> {
        let child = self.path.as_slice().get(self.next).copied()?;
        self.next += 1;
        Some(child)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.path.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for IntoIter {}

impl FusedIterator for IntoIter {}

impl TryFrom<&[ChildNumber]> for DerivationPath {
    type Error = Error;

    /// As [`DerivationPath::from_slice`].
    fn try_from(children: &[ChildNumber]) -> Result<Self> {
        Self::from_slice(children)
    }
}

impl<const N: usize> TryFrom<[ChildNumber; N]> for DerivationPath {
    type Error = Error;

    /// As [`DerivationPath::from_slice`].
    fn try_from(children: [ChildNumber; N]) -> Result<Self> {
        Self::from_slice(&children)
    }
}

// ---------------------------------------------------------------------------------------------
// Segments: the parser
// ---------------------------------------------------------------------------------------------

/// A lazy, allocation-free parser over path text: yields each segment's [`ChildNumber`], or the
/// first error and then nothing.
///
/// This is what derive calls taking `&str` use, so that they never build an owned path.
///
/// # Examples
///
/// ```
/// use fastbip32::path::Segments;
/// use fastbip32::{ChildNumber, Error, PathErrorKind};
///
/// let mut segments = Segments::absolute("m/44'/0h/x")?;
/// assert_eq!(segments.next(), Some(ChildNumber::hardened(44)));
/// assert_eq!(segments.next(), Some(ChildNumber::hardened(0)));
/// assert_eq!(
///     segments.next(),
///     Some(Err(Error::InvalidPath { segment: 2, offset: 9, kind: PathErrorKind::InvalidCharacter }))
/// );
/// assert_eq!(segments.next(), None);
///
/// assert_eq!(Segments::relative("1/2/3")?.count(), 3);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    /// The whole text.
    text: &'a str,
    /// Byte offset of the next segment.
    pos: usize,
    /// Number of the next segment.
    segment: usize,
    /// Set at the end of the text and after an error.
    done: bool,
}

impl<'a> Segments<'a> {
    /// Starts parsing an absolute path: `m` (no segments) or `m/<segments>`.
    ///
    /// Only the prefix is checked here; the segments are checked as they are yielded.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPath`] (segment 0) with [`PathErrorKind::Empty`] for `""`, or
    /// [`PathErrorKind::MissingMasterPrefix`] if the text does not start with `m/` or is not
    /// exactly `m` (offset 0 if the first byte is not `m`, else 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::path::Segments;
    /// use fastbip32::{Error, PathErrorKind};
    ///
    /// assert_eq!(Segments::absolute("m")?.count(), 0);
    /// assert_eq!(
    ///     Segments::absolute("0/1").err(),
    ///     Some(Error::InvalidPath { segment: 0, offset: 0, kind: PathErrorKind::MissingMasterPrefix })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn absolute(s: &'a str) -> Result<Self> {
        match s.as_bytes() {
            [] => Err(path_error(0, 0, PathErrorKind::Empty)),
            [b'm', ..] => Self::after_master(s),
            _ => Err(path_error(0, 0, PathErrorKind::MissingMasterPrefix)),
        }
    }

    /// Starts parsing a relative path: bare segments (`0/1'`), or an absolute path (`m`,
    /// `m/<segments>`).
    ///
    /// Only the prefix is checked here; the segments are checked as they are yielded.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPath`] (segment 0) with [`PathErrorKind::Empty`] for `""`, or
    /// [`PathErrorKind::MissingMasterPrefix`] (offset 1) for text starting with an `m` not
    /// followed by `/` or the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::path::Segments;
    /// use fastbip32::ChildNumber;
    ///
    /// let children: Result<Vec<_>, _> = Segments::relative("0/1'")?.collect();
    /// assert_eq!(children?, [ChildNumber::normal(0)?, ChildNumber::hardened(1)?]);
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn relative(s: &'a str) -> Result<Self> {
        match s.as_bytes() {
            [] => Err(path_error(0, 0, PathErrorKind::Empty)),
            [b'm', ..] => Self::after_master(s),
            _ => Ok(Self {
                text: s,
                pos: 0,
                segment: 0,
                done: false,
            }),
        }
    }

    /// Checks what follows a leading `m`.
    fn after_master(s: &'a str) -> Result<Self> {
        match s.as_bytes() {
            [b'm'] => Ok(Self {
                text: s,
                pos: 1,
                segment: 0,
                done: true,
            }),
            [b'm', b'/', ..] => Ok(Self {
                text: s,
                pos: 2,
                segment: 0,
                done: false,
            }),
            _ => Err(path_error(0, 1, PathErrorKind::MissingMasterPrefix)),
        }
    }
}

impl Iterator for Segments<'_> {
    type Item = Result<ChildNumber>;

    #[inline]
    fn next(&mut self) -> Option<Result<ChildNumber>> {
        if self.done {
            return None;
        }
        let bytes = self.text.as_bytes();
        if self.segment >= MAX_DEPTH && self.pos < bytes.len() {
            self.done = true;
            return Some(Err(path_error(
                self.segment,
                self.pos,
                PathErrorKind::TooManySegments,
            )));
        }
        match parse_segment(bytes, self.pos, self.segment) {
            Ok((child, end)) => {
                // `end` is at the '/' that ended the segment, or at the end of the text.
                self.done = end >= bytes.len();
                self.pos = end + 1;
                self.segment += 1;
                Some(Ok(child))
            }
            Err(error) => {
                self.done = true;
                Some(Err(error))
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.done {
            return (0, Some(0));
        }
        // Every child number but the last ends with '/', so takes two bytes or more; an error
        // ends the iteration, after at most `MAX_DEPTH` child numbers in all.
        let rest = self.text.len().saturating_sub(self.pos);
        let items = (rest / 2 + 1).min((MAX_DEPTH + 1).saturating_sub(self.segment).max(1));
        (1, Some(items))
    }
}

impl FusedIterator for Segments<'_> {}

/// Runs `segments` to the end, without building a path: the number of child numbers, or the
/// first error ([`Error::InvalidPath`], with [`PathErrorKind::TooManySegments`] past
/// [`MAX_DEPTH`] segments).
pub(crate) fn validate(segments: Segments<'_>) -> Result<usize> {
    let mut count = 0;
    for child in segments {
        child?;
        count += 1;
    }
    Ok(count)
}

/// Parses the segment that starts at byte `start` of `bytes`, segment number `segment`.
///
/// Returns the child number and the offset just past it: of the `/` that ends it, or the end of
/// the text.
#[inline]
fn parse_segment(bytes: &[u8], start: usize, segment: usize) -> Result<(ChildNumber, usize)> {
    let error = |offset, kind| path_error(segment, offset, kind);
    let mut end = start;
    // Below 2³¹ before each step, so `index * 10 + 9` cannot overflow.
    let mut index: u64 = 0;
    while let Some(&byte) = bytes.get(end) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        index = index * 10 + u64::from(digit);
        if index >= u64::from(HARDENED_BIT) {
            return Err(error(start, PathErrorKind::IndexOutOfRange));
        }
        end += 1;
    }
    let Ok(index) = u32::try_from(index) else {
        return Err(error(start, PathErrorKind::IndexOutOfRange));
    };
    if end == start {
        return Err(match bytes.get(start) {
            // Only reached right after a '/'.
            None => error(start.saturating_sub(1), PathErrorKind::TrailingSlash),
            Some(b'/') => error(start, PathErrorKind::EmptySegment),
            // A marker alone is an empty segment; before digits it is misplaced.
            Some(b'\'' | b'h' | b'H') => match bytes.get(start + 1) {
                None | Some(b'/') => error(start, PathErrorKind::EmptySegment),
                Some(_) => error(start, PathErrorKind::MisplacedHardenedMarker),
            },
            Some(_) => error(start, PathErrorKind::InvalidCharacter),
        });
    }
    match bytes.get(end) {
        None | Some(b'/') => Ok((ChildNumber(index), end)),
        Some(b'\'' | b'h' | b'H') => match bytes.get(end + 1) {
            None | Some(b'/') => Ok((ChildNumber(index | HARDENED_BIT), end + 1)),
            Some(b'0'..=b'9' | b'\'' | b'h' | b'H') => {
                Err(error(end + 1, PathErrorKind::MisplacedHardenedMarker))
            }
            Some(_) => Err(error(end + 1, PathErrorKind::InvalidCharacter)),
        },
        Some(_) => Err(error(end, PathErrorKind::InvalidCharacter)),
    }
}

/// An [`Error::InvalidPath`].
pub(super) const fn path_error(segment: usize, offset: usize, kind: PathErrorKind) -> Error {
    Error::InvalidPath {
        segment,
        offset,
        kind,
    }
}

// ---------------------------------------------------------------------------------------------
// Printing helpers
// ---------------------------------------------------------------------------------------------

/// The hardened marker to print: `h` with the alternate flag, else `'`.
fn marker_for(f: &fmt::Formatter<'_>) -> u8 {
    if f.alternate() {
        b'h'
    } else {
        b'\''
    }
}

/// Number of decimal digits of `n`.
const fn decimal_len(n: u32) -> usize {
    match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1_000..=9_999 => 4,
        10_000..=99_999 => 5,
        100_000..=999_999 => 6,
        1_000_000..=9_999_999 => 7,
        10_000_000..=99_999_999 => 8,
        100_000_000..=999_999_999 => 9,
        _ => 10,
    }
}

/// Writes `/`, the index of `child` in decimal and, if hardened, `marker` at the start of `out`,
/// and returns the number of bytes written.
#[inline]
fn encode_segment(child: ChildNumber, marker: u8, out: &mut [u8; SEGMENT_TEXT_MAX]) -> usize {
    let index = child.index();
    let [slash, first, second, ..] = out;
    *slash = b'/';
    // Most indices in use are below 100: write those without a loop.
    let digits = if index < 10 {
        *first = ascii_digit(index);
        1
    } else if index < 100 {
        *first = ascii_digit(index / 10);
        *second = ascii_digit(index % 10);
        2
    } else {
        let digits = decimal_len(index);
        let mut n = index;
        for slot in out
            .split_at_mut(digits + 1)
            .0
            .split_at_mut(1)
            .1
            .iter_mut()
            .rev()
        {
            *slot = ascii_digit(n % 10);
            n /= 10;
        }
        digits
    };
    if child.is_hardened() {
        if let Some(slot) = out.get_mut(digits + 1) {
            *slot = marker;
        }
        digits + 2
    } else {
        digits + 1
    }
}

/// The ASCII digit for `digit`, which is below 10.
#[inline]
#[allow(clippy::cast_possible_truncation, reason = "a digit below 10")]
fn ascii_digit(digit: u32) -> u8 {
    b'0' + (digit % 10) as u8
}

/// The stack buffer for printing paths, aligned so that UTF-8 validation of the text takes its
/// word-at-a-time ASCII path.
#[repr(align(8))]
struct PrintBuffer([u8; PRINT_BUFFER]);

/// Writes bytes `skip..used` of a print buffer.
///
/// Validates whole 16-byte blocks, which with the buffer's alignment keeps UTF-8 validation on
/// its word-at-a-time path (a short unaligned tail is checked byte by byte, several times
/// slower). The bytes after the text are ASCII too (zeros, or text already flushed), so they
/// pass, and are cut off again.
fn buffer_flush(
    f: &mut fmt::Formatter<'_>,
    bytes: &[u8; PRINT_BUFFER],
    skip: usize,
    used: usize,
) -> fmt::Result {
    let checked = bytes
        .get(..used.next_multiple_of(16))
        .unwrap_or(bytes.as_slice());
    let text = core::str::from_utf8(checked).map_err(|_| fmt::Error)?;
    f.write_str(text.get(skip..used).ok_or(fmt::Error)?)
}

/// Writes ASCII bytes produced by the printing helpers.
fn write_ascii(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.write_str(core::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
}

/// Writes text of `len` ASCII characters with `write`, padded to the formatter's width with its
/// fill and alignment (left by default, as for strings).
fn write_padded(
    f: &mut fmt::Formatter<'_>,
    len: usize,
    write: impl FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    let padding = f.width().unwrap_or(0).saturating_sub(len);
    if padding == 0 {
        return write(f);
    }
    let before = match f.align() {
        Some(fmt::Alignment::Right) => padding,
        Some(fmt::Alignment::Center) => padding / 2,
        Some(fmt::Alignment::Left) | None => 0,
    };
    let fill = f.fill();
    for _ in 0..before {
        f.write_char(fill)?;
    }
    write(f)?;
    for _ in before..padding {
        f.write_char(fill)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// IntoDerivationPath
// ---------------------------------------------------------------------------------------------

/// Anything a derive call accepts as a path: `&str` (parsed lazily, no allocation),
/// `&DerivationPath`, `&[ChildNumber]` or `&[ChildNumber; N]`.
///
/// Text is read as a path *relative to the key*: `m`, `m/…`, or bare segments such as
/// `0/1'`, with `'`, `h` or `H` for hardened.
pub trait IntoDerivationPath {
    /// The iterator over the steps. `Clone`, so that public derivation can look for a
    /// hardened step before doing any work.
    type Steps: Iterator<Item = ChildNumber> + Clone;

    /// The number of steps and the steps, after checking the whole path.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] for text that is not a valid path.
    fn into_steps(self) -> Result<(usize, Self::Steps)>;
}

impl<'a> IntoDerivationPath for &'a str {
    type Steps =
        core::iter::FilterMap<Segments<'a>, fn(Result<ChildNumber>) -> Option<ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        let segments = Segments::relative(self)?;
        let count = validate(segments.clone())?;
        Ok((count, segments.filter_map(Result::ok)))
    }
}

#[cfg(feature = "alloc")]
impl<'a> IntoDerivationPath for &'a alloc::string::String {
    type Steps = <&'a str as IntoDerivationPath>::Steps;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        self.as_str().into_steps()
    }
}

/// An owned path text: parsed up front into a [`DerivationPath`] (the text is dropped), so
/// `derive_path(format!("m/0/{i}"))` works as `derive_path(&format!(…))` does.
#[cfg(feature = "alloc")]
impl IntoDerivationPath for alloc::string::String {
    type Steps = IntoIter;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        let path = DerivationPath::parse_relative(&self)?;
        Ok((path.len(), path.into_iter()))
    }
}

impl<'a> IntoDerivationPath for &'a DerivationPath {
    type Steps = Copied<core::slice::Iter<'a, ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        Ok((self.len(), self.as_slice().iter().copied()))
    }
}

impl<'a> IntoDerivationPath for &'a [ChildNumber] {
    type Steps = Copied<core::slice::Iter<'a, ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        Ok((self.len(), self.iter().copied()))
    }
}

impl<'a, const N: usize> IntoDerivationPath for &'a [ChildNumber; N] {
    type Steps = Copied<core::slice::Iter<'a, ChildNumber>>;

    fn into_steps(self) -> Result<(usize, Self::Steps)> {
        Ok((N, self.iter().copied()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(child: ChildNumber, marker: u8) -> ([u8; SEGMENT_TEXT_MAX], usize) {
        let mut out = [0; SEGMENT_TEXT_MAX];
        let len = encode_segment(child, marker, &mut out);
        (out, len)
    }

    fn assert_encodes(raw: u32, marker: u8, expected: &str) {
        let (out, len) = encoded(ChildNumber(raw), marker);
        assert_eq!(out.get(..len).unwrap(), expected.as_bytes(), "{raw}");
    }

    #[test]
    fn encode_segment_extremes() {
        assert_encodes(0, b'\'', "/0");
        assert_encodes(HARDENED_BIT, b'\'', "/0'");
        assert_encodes(9, b'h', "/9");
        assert_encodes(10, b'h', "/10");
        assert_encodes(HARDENED_BIT + 44, b'h', "/44h");
        assert_encodes(1_000_000_000, b'h', "/1000000000");
        assert_encodes(HARDENED_BIT - 1, b'\'', "/2147483647");
        assert_encodes(u32::MAX, b'\'', "/2147483647'");
        assert_eq!(encoded(ChildNumber(u32::MAX), b'\'').1, SEGMENT_TEXT_MAX);
    }

    #[test]
    fn decimal_len_boundaries() {
        let mut power: u32 = 1;
        for digits in 1..=10 {
            assert_eq!(decimal_len(power), digits);
            assert_eq!(decimal_len(power - 1), (digits - 1).max(1));
            power = power.saturating_mul(10);
        }
        assert_eq!(decimal_len(u32::MAX), 10);
    }

    #[test]
    fn text_len_matches_encoding() {
        for raw in [
            0,
            1,
            9,
            10,
            99,
            100,
            12_345,
            HARDENED_BIT - 1,
            HARDENED_BIT,
            u32::MAX,
        ] {
            let child = ChildNumber(raw);
            assert_eq!(child.text_len() + 1, encoded(child, b'\'').1, "{raw}");
        }
    }

    #[test]
    fn parse_segment_returns_the_end() {
        let h = |i| ChildNumber(i | HARDENED_BIT);
        assert_eq!(parse_segment(b"m/12'/3", 2, 0), Ok((h(12), 5)));
        assert_eq!(parse_segment(b"m/12'/3", 6, 1), Ok((ChildNumber(3), 7)));
        assert_eq!(parse_segment(b"7", 0, 0), Ok((ChildNumber(7), 1)));
        assert_eq!(parse_segment(b"7/", 0, 0), Ok((ChildNumber(7), 1)));
        assert_eq!(
            parse_segment(b"m/1/", 4, 1),
            Err(path_error(1, 3, PathErrorKind::TrailingSlash))
        );
        assert_eq!(
            parse_segment(b"m/99999999999999999999", 2, 0),
            Err(path_error(0, 2, PathErrorKind::IndexOutOfRange))
        );
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn spill_holds_every_level_and_parent_goes_back_inline() {
        let children: [ChildNumber; INLINE_CAPACITY + 1] =
            core::array::from_fn(|i| ChildNumber(u32::try_from(i).unwrap()));
        let mut pushed = DerivationPath::master();
        for &child in &children {
            pushed.push(child).unwrap();
        }
        assert_eq!(pushed.spill.as_slice(), children.as_slice());
        assert_eq!(pushed, DerivationPath::from_slice(&children).unwrap());

        let parent = pushed.parent().unwrap();
        assert!(parent.spill.is_empty());
        assert_eq!(parent.as_slice(), children.get(..INLINE_CAPACITY).unwrap());
    }

    #[cfg(not(feature = "alloc"))]
    #[test]
    fn without_alloc_a_deep_path_is_refused() {
        let deep = std::format!("m{}", "/0".repeat(INLINE_CAPACITY + 1));
        assert_eq!(
            deep.parse::<DerivationPath>(),
            Err(path_error(
                INLINE_CAPACITY,
                2 * INLINE_CAPACITY + 2,
                PathErrorKind::CapacityExceeded
            ))
        );
        let mut path = DerivationPath::from_slice(&[ChildNumber(0); INLINE_CAPACITY]).unwrap();
        assert_eq!(
            path.push(ChildNumber(0)),
            Err(path_error(
                INLINE_CAPACITY,
                0,
                PathErrorKind::CapacityExceeded
            ))
        );
    }

    #[test]
    fn master_is_default() {
        let master = DerivationPath::master();
        assert_eq!(master, DerivationPath::default());
        assert_eq!(master.inline, DerivationPath::default().inline);
        assert!(master.as_slice().is_empty());
    }
}
