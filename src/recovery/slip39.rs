//! SLIP-39 shares (Shamir's secret sharing for mnemonic codes): the word list, the RS1024
//! checksum, and the decoding of one share into its fields and share value.
//!
//! A share is at least 20 words of the 1024-word list, 10 bits each: the identifier (15
//! bits), the extendable flag (1), the iteration exponent (4), the group index, group
//! threshold − 1, group count − 1, member index and member threshold − 1 (4 each), the share
//! value (left-padded with at most 8 zero bits to whole bytes, at least 128 bits), and 3
//! checksum words. The checksum is RS1024, a Reed–Solomon code over GF(1024), with the
//! customization string `shamir` (or `shamir_extendable` with the extendable flag) fed in
//! before the data; the data and checksum together must leave the remainder 1.
//!
//! Combining shares into the master secret is [`slip39_combine`](super::slip39_combine)'s.
//!
//! # Security
//!
//! A share is a secret. Decoding looks each word up in the sorted list by binary search and
//! branches on the checksum, the padding and the field values, as every SLIP-39
//! implementation does: variable-time in the share. The share value is held in a buffer
//! wiped on drop, and the word values in a wiped array.

use alloc::vec::Vec;
use core::fmt;

use zeroize::{Zeroize, Zeroizing};

/// The SLIP-39 word list: 1024 words, sorted, each unique in its first four letters.
const WORDLIST_TEXT: &str = include_str!("slip39_wordlist.txt");

/// The fewest words of a share (a 128-bit value).
const MIN_WORDS: usize = 20;

/// The most words of a share read here (a 512-bit value needs 59).
const MAX_WORDS: usize = 64;

/// The RS1024 generator (SLIP-39, "Checksum").
const GEN: [u32; 10] = [
    0x00e0_e040,
    0x01c1_c080,
    0x0383_8100,
    0x0707_0200,
    0x0e0e_0009,
    0x1c0c_2412,
    0x3808_6c24,
    0x3090_fc48,
    0x21b1_f890,
    0x03f3_f120,
];

/// What decoding a share can get wrong. No variant carries a word of the share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Slip39Error {
    /// Fewer than 20 or more than 64 words.
    WordCount {
        /// The number of words.
        count: usize,
    },
    /// A word not in the SLIP-39 list.
    UnknownWord {
        /// The word's position, from 0.
        position: usize,
    },
    /// The RS1024 checksum does not hold.
    Checksum,
    /// The share value's length is not whole bytes after at most 8 bits of padding, or is
    /// under 128 bits.
    ValueLength,
    /// The padding bits before the share value are not zero.
    Padding,
    /// The group threshold exceeds the group count.
    GroupThreshold,
    /// No share was given.
    NoShares,
    /// The shares disagree on the identifier, the extendable flag, the iteration exponent,
    /// the group threshold or count, a group's member threshold, or the value length.
    Mismatch,
    /// Shares of a number of groups other than the group threshold.
    GroupCount {
        /// The groups given.
        given: usize,
        /// The group threshold.
        threshold: u8,
    },
    /// A group with a number of shares other than its member threshold, or a member index
    /// twice.
    MemberCount {
        /// The group's index.
        group: u8,
    },
    /// The digest share does not match the shared secret: a share is wrong.
    Digest,
}

impl fmt::Display for Slip39Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::WordCount { count } => write!(
                f,
                "a SLIP-39 share of {count} words (expected {MIN_WORDS} to {MAX_WORDS})"
            ),
            Self::UnknownWord { position } => write!(
                f,
                "word {} of the share is not in the SLIP-39 word list",
                position + 1
            ),
            Self::Checksum => f.write_str("the SLIP-39 share's checksum does not match"),
            Self::ValueLength => f.write_str("the SLIP-39 share value has an invalid length"),
            Self::Padding => f.write_str("the SLIP-39 share value's padding is not zero"),
            Self::GroupThreshold => {
                f.write_str("the SLIP-39 share's group threshold exceeds its group count")
            }
            Self::NoShares => f.write_str("no SLIP-39 share was given"),
            Self::Mismatch => f.write_str("the SLIP-39 shares are not of one share set"),
            Self::GroupCount { given, threshold } => write!(
                f,
                "SLIP-39 shares of {given} groups were given; the set needs {threshold}"
            ),
            Self::MemberCount { group } => write!(
                f,
                "group {} of the SLIP-39 shares has not exactly its threshold of distinct members",
                u16::from(group) + 1
            ),
            Self::Digest => {
                f.write_str("the SLIP-39 shares' digest does not match: a share is wrong")
            }
        }
    }
}

impl core::error::Error for Slip39Error {}

/// The word with value `index` (below 1024), or `None`.
pub fn word(index: u16) -> Option<&'static str> {
    WORDLIST_TEXT.lines().nth(usize::from(index))
}

/// The value of `word` (lowercase), or `None` if it is not in the list.
///
/// # Security
///
/// A binary search: variable-time in the word.
pub fn find_word(word: &str) -> Option<u16> {
    let mut lo = 0usize;
    let mut hi = 1024usize;
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let candidate = WORDLIST_TEXT.lines().nth(mid)?;
        match candidate.cmp(word) {
            core::cmp::Ordering::Equal => return u16::try_from(mid).ok(),
            core::cmp::Ordering::Less => lo = mid + 1,
            core::cmp::Ordering::Greater => hi = mid,
        }
    }
    None
}

/// The RS1024 remainder of `values` (10-bit) after the customization string `custom`.
fn polymod(custom: &[u8], values: &[u16]) -> u32 {
    let mut chk: u32 = 1;
    for v in custom
        .iter()
        .map(|&b| u32::from(b))
        .chain(values.iter().map(|&v| u32::from(v)))
    {
        let top = chk >> 20;
        chk = ((chk & 0x000f_ffff) << 10) ^ v;
        for (i, g) in GEN.iter().enumerate() {
            if (top >> i) & 1 == 1 {
                chk ^= g;
            }
        }
    }
    chk
}

/// The customization string of a share with or without the extendable flag.
const fn customization(extendable: bool) -> &'static [u8] {
    if extendable {
        b"shamir_extendable"
    } else {
        b"shamir"
    }
}

/// Whether the RS1024 checksum of a share's word values (data and the three checksum words)
/// holds, with the customization string its extendable flag (bit 4 of the second word)
/// names.
pub fn checksum_holds(values: &[u16]) -> bool {
    let extendable = values.get(1).is_some_and(|&v| (v >> 4) & 1 == 1);
    polymod(customization(extendable), values) == 1
}

/// One decoded SLIP-39 share.
#[derive(Clone, PartialEq, Eq)]
pub struct Slip39Share {
    /// The set's random identifier (15 bits).
    pub identifier: u16,
    /// Whether the identifier is left out of the encryption's salt (the extendable flag).
    pub extendable: bool,
    /// The iteration exponent `e`: the encryption runs 10000 × 2^e PBKDF2 iterations.
    pub iteration_exponent: u8,
    /// The group index, from 0.
    pub group_index: u8,
    /// How many groups recover the secret (1 to 16).
    pub group_threshold: u8,
    /// The number of groups (1 to 16).
    pub group_count: u8,
    /// The member index in its group, from 0.
    pub member_index: u8,
    /// How many members of the group recover its share (1 to 16).
    pub member_threshold: u8,
    value: Zeroizing<Vec<u8>>,
}

impl fmt::Debug for Slip39Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Slip39Share")
            .field("identifier", &self.identifier)
            .field("group_index", &self.group_index)
            .field("member_index", &self.member_index)
            .finish_non_exhaustive()
    }
}

impl Slip39Share {
    /// The share value (as long as the master secret), in a buffer wiped on drop.
    pub fn value(&self) -> &[u8] {
        &self.value
    }

    /// Decodes a share from its words (separated by whitespace, any case).
    ///
    /// # Errors
    ///
    /// [`Slip39Error::WordCount`], [`Slip39Error::UnknownWord`], [`Slip39Error::Checksum`],
    /// [`Slip39Error::ValueLength`], [`Slip39Error::Padding`],
    /// [`Slip39Error::GroupThreshold`].
    ///
    /// # Security
    ///
    /// Variable-time in the share (see the [module docs](self)).
    pub fn parse(text: &str) -> Result<Self, Slip39Error> {
        let mut values = Zeroizing::new([0u16; MAX_WORDS]);
        let mut count = 0usize;
        let mut lower = Zeroizing::new([0u8; 16]);
        for (position, w) in text.split_whitespace().enumerate() {
            let slot = values.get_mut(position).ok_or(Slip39Error::WordCount {
                count: text.split_whitespace().count(),
            })?;
            let buf = lower
                .get_mut(..w.len())
                .ok_or(Slip39Error::UnknownWord { position })?;
            buf.copy_from_slice(w.as_bytes());
            buf.make_ascii_lowercase();
            let w = core::str::from_utf8(buf).map_err(|_| Slip39Error::UnknownWord { position })?;
            *slot = find_word(w).ok_or(Slip39Error::UnknownWord { position })?;
            count = position + 1;
        }
        lower.zeroize();
        if count < MIN_WORDS {
            return Err(Slip39Error::WordCount { count });
        }
        let values = values.get(..count).unwrap_or_default();
        if !checksum_holds(values) {
            return Err(Slip39Error::Checksum);
        }
        let field = |i: usize| u32::from(values.get(i).copied().unwrap_or(0));
        let head = (field(0) << 10) | field(1);
        let groups = (field(2) << 10) | field(3);
        let nibble = |shift: u32| u8::try_from((groups >> shift) & 0xf).unwrap_or(0);
        let share_words = values.get(4..count - 3).unwrap_or_default();
        let bits = share_words.len() * 10;
        let padding = bits % 16;
        if padding > 8 || bits - padding < 128 {
            return Err(Slip39Error::ValueLength);
        }
        let mut value = Zeroizing::new(Vec::with_capacity((bits - padding) / 8));
        let mut acc: u32 = 0;
        let mut pending_bits = 0usize;
        let mut to_skip = padding;
        for &w in share_words {
            acc = (acc << 10) | u32::from(w);
            pending_bits += 10;
            if to_skip > 0 {
                if acc >> (pending_bits - to_skip) != 0 {
                    acc.zeroize();
                    return Err(Slip39Error::Padding);
                }
                pending_bits -= to_skip;
                acc &= (1 << pending_bits) - 1;
                to_skip = 0;
            }
            while pending_bits >= 8 {
                pending_bits -= 8;
                value.push(u8::try_from((acc >> pending_bits) & 0xff).unwrap_or(0));
                acc &= (1 << pending_bits) - 1;
            }
        }
        acc.zeroize();
        let share = Self {
            identifier: u16::try_from(head >> 5).unwrap_or(0),
            extendable: (head >> 4) & 1 == 1,
            iteration_exponent: u8::try_from(head & 0xf).unwrap_or(0),
            group_index: nibble(16),
            group_threshold: nibble(12) + 1,
            group_count: nibble(8) + 1,
            member_index: nibble(4),
            member_threshold: nibble(0) + 1,
            value,
        };
        if share.group_threshold > share.group_count {
            return Err(Slip39Error::GroupThreshold);
        }
        Ok(share)
    }
}
