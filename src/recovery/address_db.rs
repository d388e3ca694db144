//! An address database for searches without a known address: a binary fuse filter (Graf and
//! Lemire, "Binary Fuse Filters: Fast and Smaller Than Xor Filters", 2022; three-wise, 8-bit
//! fingerprints) over address keys (in a search, the 32-byte
//! [`address_db_key`](super::address_db_key) of an address: a hash of its
//! [`comparable`](crate::coin::comparable) text), and its file format.
//!
//! A filter answers "is this payload one of the keys?" with **no false negatives** and a
//! false-positive rate of about 2⁻⁸ (0.39 %): a search confirms each hit exactly (against a
//! full address list, or by asking a node). It takes about 1.13 bytes per key (9.04 bits at
//! 10⁶ keys: 1.125 slots per key, rounded up to whole segments): 10⁸ addresses are about
//! 113 MB.
//!
//! # Construction
//!
//! Each key is hashed to 64 bits ([`AddressFilter::build`]; equal hashes are one key). With a
//! seed, each hash names three slots (one in each of three consecutive segments of a window)
//! and an 8-bit fingerprint; the slots are *peeled*: a slot that only one key names is that
//! key's, which frees the key's two other slots, and so on. When every key has a slot, the
//! slots are filled in the reverse order so that the XOR of a key's three slots is its
//! fingerprint. A rare failure is retried with the next seed. Building takes about 45 bytes
//! per key while it runs (the sorted 8-byte hashes, then each slot's count and XOR, the
//! queue and the peeling order): 45 MB for 10⁶ keys, measured.
//!
//! # File format (version 1)
//!
//! All integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `FB32ADDR` |
//! | 4 | version, 1 |
//! | 1 | fingerprint bits, 8 |
//! | 3 | zero |
//! | 8 | seed |
//! | 8 | number of keys |
//! | 4 | segment length (a power of two, 4 to 2¹⁸) |
//! | 4 | segment count |
//! | 8 | slot count = (segment count + 2) × segment length |
//! | slot count | fingerprints |
//! | 32 | SHA-256 of everything before |
//!
//! The loader ([`AddressFilter::from_bytes`], [`AddressFilter::read_from`]) checks every
//! field: the segment length a power of two from 4 to 2¹⁸ and at most 4 × keys, at least one
//! segment, the slot count the product above and at most `2 × keys + 3 × segment length` (so
//! the memory a file asks for is proportional to its keys, at most
//! [`AddressFilter::MAX_KEYS`]), the length exact, and the checksum. Any other file is a typed [`AddressDbError`].
//!
//! # Security
//!
//! Addresses are public, and so is the filter. [`AddressFilter::contains_vartime`] reads
//! three slots chosen by the payload's hash, so its memory accesses depend on the payload:
//! during a search the payload is a candidate's, which an observer on the same machine could
//! learn from the cache (run a search on a machine nobody else uses, see `SECURITY.md`).

use alloc::vec::Vec;
use core::fmt;

use sha2::{Digest, Sha256};

/// The file's first eight bytes.
const MAGIC: [u8; 8] = *b"FB32ADDR";

/// The file format version this build writes and reads.
const VERSION: u32 = 1;

/// Bytes of the header before the fingerprints.
const HEADER: usize = 48;

/// Bytes of the trailing checksum.
const CHECKSUM: usize = 32;

/// The most keys a filter holds.
const MAX_KEYS: u64 = 1 << 28;

/// The longest key (payload) in bytes.
const MAX_KEY_BYTES: usize = 64;

/// The longest segment.
const MAX_SEGMENT_LENGTH: u32 = 1 << 18;

/// Seeds tried before a build gives up.
const MAX_ATTEMPTS: u64 = 100;

/// What building, reading or checking an address filter can get wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressDbError {
    /// More keys than a filter holds.
    TooManyKeys {
        /// The number of keys given (saturating).
        count: u64,
        /// The most a filter holds.
        max: u64,
    },
    /// A key longer than [`AddressFilter::MAX_KEY_BYTES`], or empty.
    InvalidKey {
        /// The key's position in the input, from 0.
        index: usize,
    },
    /// No seed gave a filter (practically impossible for distinct keys).
    ConstructionFailed,
    /// The file is shorter than its header and checksum, or than its sizes say.
    Truncated,
    /// The file does not start with the magic bytes: not an address filter.
    BadMagic,
    /// A format version this build does not read.
    UnsupportedVersion {
        /// The version the file states.
        version: u32,
    },
    /// A fingerprint size other than 8 bits, or nonzero reserved bytes.
    UnsupportedFingerprint {
        /// The fingerprint bits the file states.
        bits: u8,
    },
    /// Sizes that do not fit together or are out of proportion to the number of keys, or a
    /// file longer than they say.
    SizeMismatch,
    /// The checksum does not match: the file is damaged.
    ChecksumMismatch,
    /// Memory for the filter's arrays could not be reserved (building or reading).
    OutOfMemory {
        /// The bytes asked for (saturating).
        bytes: u64,
    },
    /// Reading or writing the file failed.
    Io {
        /// The operating system's error kind.
        kind: std::io::ErrorKind,
    },
}

impl fmt::Display for AddressDbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooManyKeys { count, max } => {
                write!(
                    f,
                    "{count} addresses is more than an address database holds ({max})"
                )
            }
            Self::InvalidKey { index } => write!(
                f,
                "address payload {} is empty or longer than {MAX_KEY_BYTES} bytes",
                index + 1
            ),
            Self::ConstructionFailed => f.write_str("the address database could not be built"),
            Self::Truncated => f.write_str("the address database file is truncated"),
            Self::BadMagic => f.write_str("not an address database file (bad magic)"),
            Self::UnsupportedVersion { version } => {
                write!(
                    f,
                    "address database format version {version} is not supported"
                )
            }
            Self::UnsupportedFingerprint { bits } => write!(
                f,
                "address database fingerprints of {bits} bits are not supported"
            ),
            Self::SizeMismatch => f.write_str("the address database file's sizes are inconsistent"),
            Self::ChecksumMismatch => {
                f.write_str("the address database file is damaged (checksum)")
            }
            Self::OutOfMemory { bytes } => write!(
                f,
                "the address database needs {bytes} more bytes of memory than could be reserved"
            ),
            Self::Io { kind } => write!(f, "address database file: {kind}"),
        }
    }
}

impl core::error::Error for AddressDbError {}

impl From<std::io::Error> for AddressDbError {
    fn from(e: std::io::Error) -> Self {
        match e.kind() {
            std::io::ErrorKind::UnexpectedEof => Self::Truncated,
            kind => Self::Io { kind },
        }
    }
}

/// A 64-bit mixing bijection (the constants of the `MurmurHash3` 64-bit finaliser).
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    z ^ (z >> 33)
}

/// A key's 64-bit hash, independent of the seed.
fn key_hash(key: &[u8]) -> u64 {
    let mut h = mix(key.len() as u64 ^ 0x9e37_79b9_7f4a_7c15);
    for chunk in key.chunks(8) {
        let mut word = [0u8; 8];
        if let Some(dst) = word.get_mut(..chunk.len()) {
            dst.copy_from_slice(chunk);
        }
        h = mix(h ^ u64::from_le_bytes(word));
    }
    h
}

/// Reserves room for `len` more items in `v`: [`AddressDbError::OutOfMemory`] (the bytes
/// asked for) where the allocator refuses, in place of an abort.
fn reserve<T>(v: &mut Vec<T>, len: usize) -> Result<(), AddressDbError> {
    v.try_reserve_exact(len)
        .map_err(|_| AddressDbError::OutOfMemory {
            bytes: (len as u64).saturating_mul(size_of::<T>() as u64),
        })
}

/// A vector of `len` zeros (or other `value`s), reserved with [`reserve`].
fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, AddressDbError> {
    let mut v = Vec::new();
    reserve(&mut v, len)?;
    v.resize(len, value);
    Ok(v)
}

/// The sorted, distinct hashes of `keys`. An iterator that says it holds more than
/// [`MAX_KEYS`] keys ([`Iterator::size_hint`]'s lower bound) is refused before anything is
/// allocated; room for the keys it says it holds is reserved first.
fn sorted_hashes<I>(keys: I) -> Result<Vec<u64>, AddressDbError>
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    let keys = keys.into_iter();
    let stated = keys.size_hint().0 as u64;
    if stated > MAX_KEYS {
        return Err(AddressDbError::TooManyKeys {
            count: stated,
            max: MAX_KEYS,
        });
    }
    let mut hashes: Vec<u64> = Vec::new();
    reserve(&mut hashes, keys.size_hint().0)?;
    for (index, key) in keys.enumerate() {
        let key = key.as_ref();
        if key.is_empty() || key.len() > MAX_KEY_BYTES {
            return Err(AddressDbError::InvalidKey { index });
        }
        if hashes.len() as u64 >= MAX_KEYS {
            return Err(AddressDbError::TooManyKeys {
                count: (index as u64).saturating_add(1),
                max: MAX_KEYS,
            });
        }
        if hashes.len() == hashes.capacity() {
            hashes
                .try_reserve(1)
                .map_err(|_| AddressDbError::OutOfMemory {
                    bytes: (hashes.len() as u64).saturating_mul(8),
                })?;
        }
        hashes.push(key_hash(key));
    }
    hashes.sort_unstable();
    hashes.dedup();
    Ok(hashes)
}

/// The sizes of a filter of `keys` keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sizes {
    segment_length: u32,
    segment_count: u32,
}

impl Sizes {
    /// The paper's sizing for three-wise binary fuse filters: segments of
    /// `2^⌊log₃.₃₃(n) + 2.25⌋` slots (at most 2¹⁸), `max(1.125, 0.875 + 0.25 ln 10⁶ / ln n)`
    /// slots per key, rounded up to whole segments, plus two segments.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )] // n ≤ 2²⁸: the logarithms and products are small and positive
    fn of(keys: u64) -> Self {
        let n = keys as f64;
        let exponent = if keys <= 1 {
            2
        } else {
            ((n.ln() / 3.33f64.ln()) + 2.25).floor() as u32
        };
        let segment_length = 1u32
            .checked_shl(exponent)
            .unwrap_or(MAX_SEGMENT_LENGTH)
            .min(MAX_SEGMENT_LENGTH);
        let factor = if keys <= 1 {
            0.0
        } else {
            1.125f64.max(0.875 + 0.25 * 1_000_000f64.ln() / n.ln())
        };
        let capacity = (n * factor).round() as u64;
        let segments = capacity.div_ceil(u64::from(segment_length));
        let segment_count = segments.saturating_sub(2).max(1) as u32;
        Self {
            segment_length,
            segment_count,
        }
    }

    fn slots(self) -> usize {
        (self.segment_count as usize + 2) * self.segment_length as usize
    }

    /// The three slots and the fingerprint of a seeded hash.
    #[allow(clippy::cast_possible_truncation)] // the high half of a product below 2³²; masks
    fn locate(self, h: u64) -> ([usize; 3], u8) {
        let span = u64::from(self.segment_count) * u64::from(self.segment_length);
        let h0 = ((u128::from(h) * u128::from(span)) >> 64) as u64;
        let mask = u64::from(self.segment_length - 1);
        let h1 = (h0 + u64::from(self.segment_length)) ^ ((h >> 18) & mask);
        let h2 = (h0 + 2 * u64::from(self.segment_length)) ^ (h & mask);
        let fingerprint = (h ^ (h >> 32)) as u8;
        ([h0 as usize, h1 as usize, h2 as usize], fingerprint)
    }
}

/// A binary fuse filter over address payloads (see the [module docs](self)).
///
/// # Examples
///
/// ```
/// use fastbip32::recovery::AddressFilter;
///
/// let keys: Vec<[u8; 20]> = (0..1000u32).map(|i| [i as u8, (i >> 8) as u8, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]).collect();
/// let filter = AddressFilter::build(keys.iter().map(|k| &k[..]))?;
/// assert!(keys.iter().all(|k| filter.contains_vartime(k)));
/// let bytes = filter.to_bytes();
/// assert_eq!(AddressFilter::from_bytes(&bytes)?, filter);
/// # Ok::<(), fastbip32::recovery::AddressDbError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct AddressFilter {
    seed: u64,
    keys: u64,
    sizes: Sizes,
    fingerprints: Vec<u8>,
}

impl fmt::Debug for AddressFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AddressFilter")
            .field("keys", &self.keys)
            .field("bytes", &self.fingerprints.len())
            .finish_non_exhaustive()
    }
}

impl AddressFilter {
    /// The most keys a filter holds (2²⁸).
    pub const MAX_KEYS: u64 = MAX_KEYS;
    /// The longest key in bytes.
    pub const MAX_KEY_BYTES: usize = MAX_KEY_BYTES;

    /// A filter of `keys` (address payloads of 1 to [`Self::MAX_KEY_BYTES`] bytes; repeats
    /// are one key).
    ///
    /// # Errors
    ///
    /// [`AddressDbError::InvalidKey`], [`AddressDbError::TooManyKeys`] (more than
    /// [`Self::MAX_KEYS`]; an iterator whose [`size_hint`](Iterator::size_hint) says so is
    /// refused before anything is allocated), [`AddressDbError::OutOfMemory`] where memory
    /// cannot be reserved, [`AddressDbError::ConstructionFailed`].
    pub fn build<'a, I>(keys: I) -> Result<Self, AddressDbError>
    where
        I: IntoIterator<Item = &'a [u8]>,
    {
        Self::from_hashes(&sorted_hashes(keys)?)
    }

    /// A filter of sorted, distinct key hashes.
    fn from_hashes(hashes: &[u64]) -> Result<Self, AddressDbError> {
        let sizes = Sizes::of(hashes.len() as u64);
        for attempt in 0..MAX_ATTEMPTS {
            let seed = mix(attempt.wrapping_add(0x5eed));
            if let Some(fingerprints) = Self::construct(hashes, sizes, seed)? {
                return Ok(Self {
                    seed,
                    keys: hashes.len() as u64,
                    sizes,
                    fingerprints,
                });
            }
        }
        Err(AddressDbError::ConstructionFailed)
    }

    /// Peels and fills the slots for one seed, or `None` if peeling stalls.
    ///
    /// # Errors
    /// [`AddressDbError::OutOfMemory`] if an array cannot be reserved: every array is
    /// reserved with `try_reserve`, none with `vec!`, so an input too large for memory is an
    /// error, not an abort.
    fn construct(
        hashes: &[u64],
        sizes: Sizes,
        seed: u64,
    ) -> Result<Option<Vec<u8>>, AddressDbError> {
        let slots = sizes.slots();
        let mut count = filled(slots, 0u32)?;
        let mut xor = filled(slots, 0u64)?;
        for &base in hashes {
            let h = mix(base ^ seed);
            let (at, _) = sizes.locate(h);
            for p in at {
                let (Some(c), Some(x)) = (count.get_mut(p), xor.get_mut(p)) else {
                    return Ok(None);
                };
                *c += 1;
                *x ^= h;
            }
        }
        let singles = count.iter().filter(|&&c| c == 1).count();
        let mut queue: Vec<usize> = Vec::new();
        reserve(&mut queue, singles)?;
        queue.extend((0..slots).filter(|&p| count.get(p) == Some(&1)));
        // (hash, the slot that is its own)
        let mut order: Vec<(u64, usize)> = Vec::new();
        reserve(&mut order, hashes.len())?;
        while let Some(p) = queue.pop() {
            if count.get(p) != Some(&1) {
                continue;
            }
            let Some(&h) = xor.get(p) else {
                return Ok(None);
            };
            order.push((h, p));
            let (at, _) = sizes.locate(h);
            for q in at {
                let (Some(c), Some(x)) = (count.get_mut(q), xor.get_mut(q)) else {
                    return Ok(None);
                };
                *c -= 1;
                *x ^= h;
                if *c == 1 {
                    if queue.len() == queue.capacity() {
                        let more = queue.len().max(16);
                        reserve(&mut queue, more)?;
                    }
                    queue.push(q);
                }
            }
        }
        if order.len() != hashes.len() {
            return Ok(None);
        }
        drop(count);
        drop(xor);
        drop(queue);
        let mut fingerprints = filled(slots, 0u8)?;
        for &(h, own) in order.iter().rev() {
            let (at, fingerprint) = sizes.locate(h);
            let mut value = fingerprint;
            for q in at {
                if q != own {
                    let Some(&f) = fingerprints.get(q) else {
                        return Ok(None);
                    };
                    value ^= f;
                }
            }
            let Some(slot) = fingerprints.get_mut(own) else {
                return Ok(None);
            };
            *slot = value;
        }
        Ok(Some(fingerprints))
    }

    /// Whether `payload` may be one of the keys: always for a key, for another payload with
    /// a probability of about 2⁻⁸.
    ///
    /// # Security
    ///
    /// Reads three slots chosen by the payload's hash (see the [module docs](self)).
    pub fn contains_vartime(&self, payload: &[u8]) -> bool {
        if self.keys == 0 {
            return false;
        }
        let h = mix(key_hash(payload) ^ self.seed);
        let (at, fingerprint) = self.sizes.locate(h);
        let mut value = fingerprint;
        for q in at {
            value ^= self.fingerprints.get(q).copied().unwrap_or(!value);
        }
        value == 0
    }

    /// The number of distinct keys.
    pub const fn len(&self) -> u64 {
        self.keys
    }

    /// Whether the filter has no keys.
    pub const fn is_empty(&self) -> bool {
        self.keys == 0
    }

    /// The bytes of the serialised filter (header, fingerprints, checksum).
    pub fn byte_len(&self) -> usize {
        HEADER + self.fingerprints.len() + CHECKSUM
    }

    fn header(&self) -> [u8; HEADER] {
        let mut h = [0u8; HEADER];
        let fields: [&[u8]; 9] = [
            &MAGIC,
            &VERSION.to_le_bytes(),
            &[8, 0, 0, 0],
            &self.seed.to_le_bytes(),
            &self.keys.to_le_bytes(),
            &self.sizes.segment_length.to_le_bytes(),
            &self.sizes.segment_count.to_le_bytes(),
            &(self.fingerprints.len() as u64).to_le_bytes(),
            &[],
        ];
        let mut at = 0;
        for field in fields {
            if let Some(dst) = h.get_mut(at..at + field.len()) {
                dst.copy_from_slice(field);
            }
            at += field.len();
        }
        h
    }

    /// The serialised filter (see the [module docs](self) for the format).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.byte_len());
        out.extend_from_slice(&self.header());
        out.extend_from_slice(&self.fingerprints);
        let sum = Sha256::digest(&out);
        out.extend_from_slice(&sum);
        out
    }

    /// Writes the serialised filter to `w`.
    ///
    /// # Errors
    ///
    /// [`AddressDbError::Io`] from the writer.
    pub fn write_to<W: std::io::Write>(&self, mut w: W) -> Result<(), AddressDbError> {
        let header = self.header();
        let mut sum = Sha256::new();
        sum.update(header);
        sum.update(&self.fingerprints);
        w.write_all(&header)?;
        w.write_all(&self.fingerprints)?;
        w.write_all(&sum.finalize())?;
        w.flush()?;
        Ok(())
    }

    /// Checks a header and returns the filter's fields, before any fingerprint is read.
    fn parse_header(h: &[u8; HEADER]) -> Result<(u64, u64, Sizes), AddressDbError> {
        let field = |at: usize, len: usize| h.get(at..at + len).unwrap_or_default();
        let u32_at = |at: usize| {
            field(at, 4)
                .try_into()
                .map(u32::from_le_bytes)
                .map_err(|_| AddressDbError::Truncated)
        };
        let u64_at = |at: usize| {
            field(at, 8)
                .try_into()
                .map(u64::from_le_bytes)
                .map_err(|_| AddressDbError::Truncated)
        };
        if field(0, 8) != MAGIC {
            return Err(AddressDbError::BadMagic);
        }
        let version = u32_at(8)?;
        if version != VERSION {
            return Err(AddressDbError::UnsupportedVersion { version });
        }
        let bits = field(12, 1).first().copied().unwrap_or(0);
        if bits != 8 || field(13, 3) != [0, 0, 0] {
            return Err(AddressDbError::UnsupportedFingerprint { bits });
        }
        let seed = u64_at(16)?;
        let keys = u64_at(24)?;
        if keys > MAX_KEYS {
            return Err(AddressDbError::TooManyKeys {
                count: keys,
                max: MAX_KEYS,
            });
        }
        let sizes = Sizes {
            segment_length: u32_at(32)?,
            segment_count: u32_at(36)?,
        };
        let slots = u64_at(40)?;
        let length = sizes.segment_length;
        let consistent = length.is_power_of_two()
            && (4..=MAX_SEGMENT_LENGTH).contains(&length)
            && u64::from(length) <= 4 * keys.max(1)
            && sizes.segment_count >= 1
            && (u64::from(sizes.segment_count) + 2).checked_mul(u64::from(length)) == Some(slots)
            && slots <= 2 * keys + 3 * u64::from(length);
        if !consistent {
            return Err(AddressDbError::SizeMismatch);
        }
        Ok((seed, keys, sizes))
    }

    /// A filter from its serialised bytes, every field checked.
    ///
    /// # Errors
    ///
    /// [`AddressDbError::Truncated`], [`AddressDbError::BadMagic`],
    /// [`AddressDbError::UnsupportedVersion`], [`AddressDbError::UnsupportedFingerprint`],
    /// [`AddressDbError::TooManyKeys`], [`AddressDbError::SizeMismatch`] (inconsistent sizes,
    /// or extra bytes), [`AddressDbError::ChecksumMismatch`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, AddressDbError> {
        let (header, rest) = bytes
            .split_first_chunk::<HEADER>()
            .ok_or(AddressDbError::Truncated)?;
        let (seed, keys, sizes) = Self::parse_header(header)?;
        let slots = sizes.slots();
        if rest.len() < slots + CHECKSUM {
            return Err(AddressDbError::Truncated);
        }
        if rest.len() > slots + CHECKSUM {
            return Err(AddressDbError::SizeMismatch);
        }
        let (fingerprints, sum) = rest.split_at(slots);
        let body = bytes.get(..HEADER + slots).unwrap_or_default();
        if Sha256::digest(body).as_slice() != sum {
            return Err(AddressDbError::ChecksumMismatch);
        }
        Ok(Self {
            seed,
            keys,
            sizes,
            fingerprints: fingerprints.to_vec(),
        })
    }

    /// A filter read from `r`, every field checked; the header is checked before the
    /// fingerprints are read, so a damaged size never allocates.
    ///
    /// # Errors
    ///
    /// Those of [`Self::from_bytes`], [`AddressDbError::Io`] from the reader, and
    /// [`AddressDbError::OutOfMemory`] where the fingerprints cannot be reserved.
    pub fn read_from<R: std::io::Read>(mut r: R) -> Result<Self, AddressDbError> {
        let mut header = [0u8; HEADER];
        r.read_exact(&mut header)?;
        let (seed, keys, sizes) = Self::parse_header(&header)?;
        let mut fingerprints = filled(sizes.slots(), 0u8)?;
        r.read_exact(&mut fingerprints)?;
        let mut sum = [0u8; CHECKSUM];
        r.read_exact(&mut sum)?;
        let mut extra = [0u8; 1];
        if r.read(&mut extra)? != 0 {
            return Err(AddressDbError::SizeMismatch);
        }
        let mut digest = Sha256::new();
        digest.update(header);
        digest.update(&fingerprints);
        if digest.finalize().as_slice() != sum {
            return Err(AddressDbError::ChecksumMismatch);
        }
        Ok(Self {
            seed,
            keys,
            sizes,
            fingerprints,
        })
    }
}

/// The most bucket bits of an [`AddressDb`]'s confirmation stage.
const MAX_BUCKET_BITS: u32 = 25;

/// The bytes of an [`AddressDb`] file's header.
const DB_HEADER: usize = 32;

/// The first eight bytes of an [`AddressDb`] file.
const DB_MAGIC: [u8; 8] = *b"FB32ADDB";

/// The bucket bits of a confirmation stage of `keys` keys: about eight keys a bucket.
fn bucket_bits(keys: u64) -> u32 {
    let log2 = u64::BITS - keys.max(1).leading_zeros();
    log2.saturating_sub(3).min(MAX_BUCKET_BITS)
}

/// The bucket and the stored 32 bits of a key hash, for `bits` bucket bits.
#[allow(clippy::cast_possible_truncation)] // the top `bits` and the next 32 bits of a u64
fn split_hash(h: u64, bits: u32) -> (usize, u32) {
    let bucket = h.checked_shr(64 - bits).unwrap_or(0) as usize;
    let rest = (h << bits) >> 32;
    (bucket, rest as u32)
}

/// An address database: an [`AddressFilter`] (8-bit fingerprints) and a confirmation stage
/// that holds 32 more bits of each key's 64-bit hash, in buckets named by its top bits.
///
/// A payload that is not a key passes the filter with a probability of about 2⁻⁸ and then
/// the confirmation stage with a probability of at most about 2⁻²⁹ (a bucket holds eight
/// keys on average, each matching 32 bits with a probability of 2⁻³²): about 2⁻³⁷ for the
/// whole lookup. A key always passes.
///
/// # Size
///
/// The filter's 1.13 bytes a key, 4 bytes a key for the confirmation stage and 4 bytes a
/// bucket (one bucket for about eight keys): about 5.6 bytes a key, 560 MB for 10⁸ keys.
///
/// # File format (version 1)
///
/// All integers little-endian: 8 bytes magic `FB32ADDB`, 4 bytes version 1, 1 byte bucket
/// bits (determined by the number of keys), 3 zero bytes, 8 bytes the number of keys, 8
/// bytes the length of the filter that follows; the filter (its own format, see the
/// [module docs](self)); `2^bits + 1` bucket offsets of 4 bytes (from 0, not decreasing, the
/// last the number of keys); the stored 32 bits of each key, 4 bytes each, increasing within
/// a bucket; SHA-256 of everything before.
///
/// # Examples
///
/// ```
/// use fastbip32::recovery::AddressDb;
///
/// let keys: Vec<[u8; 20]> = (0..1000u32).map(|i| [i as u8, (i >> 8) as u8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]).collect();
/// let db = AddressDb::build(&keys)?;
/// assert!(keys.iter().all(|k| db.contains_vartime(k)));
/// assert!(!db.contains_vartime(&[1u8; 20]));
/// let mut bytes = Vec::new();
/// db.write_to(&mut bytes)?;
/// assert_eq!(AddressDb::read_from(&bytes[..])?.digest(), db.digest());
/// # Ok::<(), fastbip32::recovery::AddressDbError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct AddressDb {
    filter: AddressFilter,
    bits: u32,
    offsets: Vec<u32>,
    rest: Vec<u32>,
    digest: [u8; 32],
}

impl fmt::Debug for AddressDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AddressDb")
            .field("keys", &self.filter.len())
            .field("bytes", &self.byte_len())
            .finish_non_exhaustive()
    }
}

/// A reader that hashes what it reads.
struct Hashing<R> {
    inner: R,
    sum: Sha256,
}

impl<R: std::io::Read> std::io::Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.sum.update(buf.get(..n).unwrap_or_default());
        Ok(n)
    }
}

impl AddressDb {
    /// The most keys a database holds (2²⁸, as [`AddressFilter::MAX_KEYS`]).
    pub const MAX_KEYS: u64 = MAX_KEYS;

    /// A database of `keys` (address payloads of 1 to [`AddressFilter::MAX_KEY_BYTES`]
    /// bytes; repeats are one key).
    ///
    /// Building holds each key's 8-byte hash, then the filter's construction arrays (about
    /// 45 bytes a key in all while it runs, see the [module docs](self)), then the result.
    ///
    /// # Errors
    ///
    /// [`AddressDbError::InvalidKey`], [`AddressDbError::TooManyKeys`] (more than
    /// [`Self::MAX_KEYS`]; an iterator whose [`size_hint`](Iterator::size_hint) says so is
    /// refused before anything is allocated), [`AddressDbError::OutOfMemory`] where memory
    /// cannot be reserved (about 45 bytes a key at the peak: 12 GB at [`Self::MAX_KEYS`]),
    /// [`AddressDbError::ConstructionFailed`].
    pub fn build<I>(keys: I) -> Result<Self, AddressDbError>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let hashes = sorted_hashes(keys)?;
        let filter = AddressFilter::from_hashes(&hashes)?;
        let bits = bucket_bits(hashes.len() as u64);
        let buckets = 1usize << bits;
        let mut offsets: Vec<u32> = Vec::new();
        reserve(&mut offsets, buckets + 1)?;
        let mut rest: Vec<u32> = Vec::new();
        reserve(&mut rest, hashes.len())?;
        offsets.push(0);
        for &h in &hashes {
            let (bucket, value) = split_hash(h, bits);
            while offsets.len() <= bucket {
                offsets.push(u32::try_from(rest.len()).map_err(|_| AddressDbError::SizeMismatch)?);
            }
            rest.push(value);
        }
        let total = u32::try_from(rest.len()).map_err(|_| AddressDbError::SizeMismatch)?;
        offsets.resize(buckets + 1, total);
        let mut db = Self {
            filter,
            bits,
            offsets,
            rest,
            digest: [0; 32],
        };
        let mut sum = Sha256::new();
        db.write_body(&mut HashWriter(&mut sum))?;
        db.digest = sum.finalize().into();
        Ok(db)
    }

    /// Whether `payload` may be one of the keys: always for a key, for another payload with
    /// a probability of about 2⁻³⁷ (see the [type docs](Self)).
    ///
    /// # Security
    ///
    /// Reads memory chosen by the payload's hash (see the [module docs](self)).
    pub fn contains_vartime(&self, payload: &[u8]) -> bool {
        if !self.filter.contains_vartime(payload) {
            return false;
        }
        let (bucket, value) = split_hash(key_hash(payload), self.bits);
        let (Some(&start), Some(&end)) = (self.offsets.get(bucket), self.offsets.get(bucket + 1))
        else {
            return false;
        };
        self.rest
            .get(start as usize..end as usize)
            .is_some_and(|b| b.binary_search(&value).is_ok())
    }

    /// The number of distinct keys.
    pub const fn len(&self) -> u64 {
        self.filter.len()
    }

    /// Whether the database has no keys.
    pub const fn is_empty(&self) -> bool {
        self.filter.is_empty()
    }

    /// The bytes of the file.
    pub fn byte_len(&self) -> usize {
        DB_HEADER + self.filter.byte_len() + 4 * (self.offsets.len() + self.rest.len()) + CHECKSUM
    }

    /// The SHA-256 of the file before its checksum (the checksum itself): what names this
    /// database, e.g. in a checkpoint.
    pub const fn digest(&self) -> [u8; 32] {
        self.digest
    }

    fn write_body<W: std::io::Write>(&self, w: &mut W) -> Result<(), AddressDbError> {
        let mut header = [0u8; DB_HEADER];
        let fields: [&[u8]; 6] = [
            &DB_MAGIC,
            &VERSION.to_le_bytes(),
            &[
                u8::try_from(self.bits).map_err(|_| AddressDbError::SizeMismatch)?,
                0,
                0,
                0,
            ],
            &self.filter.len().to_le_bytes(),
            &(self.filter.byte_len() as u64).to_le_bytes(),
            &[],
        ];
        let mut at = 0;
        for field in fields {
            if let Some(dst) = header.get_mut(at..at + field.len()) {
                dst.copy_from_slice(field);
            }
            at += field.len();
        }
        w.write_all(&header)?;
        self.filter.write_to(&mut *w)?;
        let mut buf: Vec<u8> = Vec::with_capacity(1 << 16);
        for chunk in self
            .offsets
            .chunks(1 << 14)
            .chain(self.rest.chunks(1 << 14))
        {
            buf.clear();
            for v in chunk {
                buf.extend_from_slice(&v.to_le_bytes());
            }
            w.write_all(&buf)?;
        }
        Ok(())
    }

    /// Writes the database file to `w`.
    ///
    /// # Errors
    ///
    /// [`AddressDbError::Io`] from the writer.
    pub fn write_to<W: std::io::Write>(&self, mut w: W) -> Result<(), AddressDbError> {
        self.write_body(&mut w)?;
        w.write_all(&self.digest)?;
        w.flush()?;
        Ok(())
    }

    /// `count` little-endian `u32`s from `r`.
    fn read_u32s<R: std::io::Read>(r: &mut R, count: usize) -> Result<Vec<u32>, AddressDbError> {
        let mut out: Vec<u32> = Vec::new();
        out.try_reserve_exact(count)
            .map_err(|_| AddressDbError::SizeMismatch)?;
        let mut buf = alloc::vec![0u8; 1 << 16];
        while out.len() < count {
            let n = (count - out.len()).min(1 << 14);
            let bytes = buf.get_mut(..4 * n).ok_or(AddressDbError::SizeMismatch)?;
            r.read_exact(bytes)?;
            out.extend(
                bytes
                    .chunks_exact(4)
                    .filter_map(|c| c.try_into().ok().map(u32::from_le_bytes)),
            );
        }
        Ok(out)
    }

    /// A database read from `r`, every field checked; each size is checked before it is
    /// allocated.
    ///
    /// # Errors
    ///
    /// Those of [`AddressFilter::read_from`], and [`AddressDbError::SizeMismatch`] for
    /// bucket offsets or sizes that do not fit the number of keys.
    pub fn read_from<R: std::io::Read>(r: R) -> Result<Self, AddressDbError> {
        use std::io::Read as _;
        let mut r = Hashing {
            inner: r,
            sum: Sha256::new(),
        };
        let mut header = [0u8; DB_HEADER];
        r.read_exact(&mut header)?;
        let (magic, rest) = header.split_at(8);
        if magic != DB_MAGIC {
            return Err(AddressDbError::BadMagic);
        }
        let word = |at: usize| -> [u8; 8] {
            let mut w = [0u8; 8];
            if let Some(src) = rest.get(at..at + 8) {
                w.copy_from_slice(src);
            }
            w
        };
        let [v0, v1, v2, v3, bits, ..] = *rest else {
            return Err(AddressDbError::Truncated);
        };
        let version = u32::from_le_bytes([v0, v1, v2, v3]);
        if version != VERSION {
            return Err(AddressDbError::UnsupportedVersion { version });
        }
        let bits = u32::from(bits);
        let keys = u64::from_le_bytes(word(8));
        let filter_len = u64::from_le_bytes(word(16));
        if keys > MAX_KEYS {
            return Err(AddressDbError::TooManyKeys {
                count: keys,
                max: MAX_KEYS,
            });
        }
        if rest.get(5..8) != Some(&[0, 0, 0][..]) || bits != bucket_bits(keys) {
            return Err(AddressDbError::SizeMismatch);
        }
        let filter = AddressFilter::read_from((&mut r).take(filter_len))?;
        if filter.len() != keys || filter.byte_len() as u64 != filter_len {
            return Err(AddressDbError::SizeMismatch);
        }
        let offsets = Self::read_u32s(&mut r, (1usize << bits) + 1)?;
        let count = usize::try_from(keys).map_err(|_| AddressDbError::SizeMismatch)?;
        let values = Self::read_u32s(&mut r, count)?;
        let digest: [u8; 32] = r.sum.clone().finalize().into();
        let mut sum = [0u8; CHECKSUM];
        r.inner.read_exact(&mut sum)?;
        let mut extra = [0u8; 1];
        if r.inner.read(&mut extra)? != 0 {
            return Err(AddressDbError::SizeMismatch);
        }
        if sum != digest {
            return Err(AddressDbError::ChecksumMismatch);
        }
        let ordered = offsets.first() == Some(&0)
            && offsets.last().map(|&l| u64::from(l)) == Some(keys)
            && offsets.windows(2).all(|w| w.first() <= w.last());
        if !ordered {
            return Err(AddressDbError::SizeMismatch);
        }
        Ok(Self {
            filter,
            bits,
            offsets,
            rest: values,
            digest,
        })
    }
}

/// A writer that only hashes.
struct HashWriter<'a>(&'a mut Sha256);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{filled, sorted_hashes, AddressDbError, MAX_KEYS};

    /// An allocation the allocator refuses is a typed error, not an abort: more bytes than
    /// an address space holds are refused before any allocator call.
    #[test]
    fn a_refused_reservation_is_out_of_memory() {
        let len = usize::MAX / 4;
        assert_eq!(
            filled(len, 0u64).unwrap_err(),
            AddressDbError::OutOfMemory {
                bytes: (len as u64).saturating_mul(8)
            }
        );
        assert_eq!(filled(3, 7u32).unwrap(), [7, 7, 7]);
    }

    /// A count above the bound is refused from the iterator's size before anything is
    /// allocated or hashed.
    #[test]
    fn a_stated_count_above_the_bound_is_refused_first() {
        let keys = core::iter::repeat_n([1u8; 20], usize::try_from(MAX_KEYS + 1).unwrap());
        assert_eq!(
            sorted_hashes(keys).unwrap_err(),
            AddressDbError::TooManyKeys {
                count: MAX_KEYS + 1,
                max: MAX_KEYS
            }
        );
    }
}
