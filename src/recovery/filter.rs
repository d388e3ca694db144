//! Checksum first: the candidates of an index range that pass the BIP-39 checksum, one
//! SHA-256 compression per group of candidates that differ only in the checksum bits of the
//! last word.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use sha2::block_api::compress256;
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::error::{Error, Result};
use super::space::{Candidate, Space, MAX_WORDS};
use super::words;

/// The candidates a [`Batch`] holds: the lanes of the widest multi-lane PBKDF2.
pub const BATCH_LEN: usize = 8;

/// The most token orders of a class [`Space::checksum_count_vartime`] walks (about a
/// second); past it, an unordered template's class is estimated.
const MAX_COUNTED_ORDERS: u64 = 1 << 22;

/// The most entropy bytes (24 words).
const MAX_ENTROPY: usize = 32;

/// SHA-256's initial state (FIPS 180-4 §5.3.3).
const SHA256_IV: [u32; 8] = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// Up to [`BATCH_LEN`] checksum-valid candidates: for each, the entropy, the word indices,
/// the passphrase number and the index in the space. Caller-owned and reused, so filling it
/// allocates nothing; wiped on drop (and each entry overwritten when it is filled again).
///
/// Accessors take an entry number below [`len`](Self::len): the slices are empty and the
/// numbers `None` for any other.
#[derive(Clone)]
pub struct Batch {
    len: usize,
    word_count: usize,
    entropy_len: usize,
    entropy: [[u8; MAX_ENTROPY]; BATCH_LEN],
    words: [[u16; MAX_WORDS]; BATCH_LEN],
    passphrase: [usize; BATCH_LEN],
    index: [u128; BATCH_LEN],
}

impl Batch {
    /// An empty batch.
    pub const fn new() -> Self {
        Self {
            len: 0,
            word_count: 0,
            entropy_len: 0,
            entropy: [[0; MAX_ENTROPY]; BATCH_LEN],
            words: [[0; MAX_WORDS]; BATCH_LEN],
            passphrase: [0; BATCH_LEN],
            index: [0; BATCH_LEN],
        }
    }

    /// The number of candidates held.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the batch holds no candidate.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entropy of entry `i` (16 to 32 bytes).
    pub fn entropy(&self, i: usize) -> &[u8] {
        self.entry(&self.entropy, i, self.entropy_len)
    }

    /// The word indices of entry `i`.
    pub fn words(&self, i: usize) -> &[u16] {
        self.entry(&self.words, i, self.word_count)
    }

    /// The passphrase number of entry `i`; `None` for `i` at or past [`len`](Self::len).
    pub fn passphrase_index(&self, i: usize) -> Option<usize> {
        self.lane(&self.passphrase, i)
    }

    /// The index in the space of entry `i`; `None` for `i` at or past [`len`](Self::len).
    pub fn index(&self, i: usize) -> Option<u128> {
        self.lane(&self.index, i)
    }

    /// Empties the batch for candidates of `word_count` words and no entropy (those of a
    /// filter other than the BIP-39 checksum).
    pub(super) fn clear_for(&mut self, word_count: usize) {
        self.len = 0;
        self.word_count = word_count;
        self.entropy_len = 0;
    }

    /// Whether the batch holds [`BATCH_LEN`] candidates.
    pub(super) const fn is_full(&self) -> bool {
        self.len >= BATCH_LEN
    }

    /// Appends `candidate`, number `index` of its space; `false` (and nothing appended) if
    /// the batch is full.
    pub(super) fn push(&mut self, candidate: &Candidate, index: u128) -> bool {
        let i = self.len;
        let (Some(words), Some(passphrase), Some(at)) = (
            self.words.get_mut(i),
            self.passphrase.get_mut(i),
            self.index.get_mut(i),
        ) else {
            return false;
        };
        for (to, from) in words.iter_mut().zip(candidate.words()) {
            *to = *from;
        }
        *passphrase = candidate.passphrase_index();
        *at = index;
        self.len += 1;
        true
    }

    fn entry<'a, T, const N: usize>(
        &self,
        rows: &'a [[T; N]; BATCH_LEN],
        i: usize,
        len: usize,
    ) -> &'a [T] {
        if i < self.len {
            rows.get(i).and_then(|r| r.get(..len)).unwrap_or_default()
        } else {
            &[]
        }
    }

    fn lane<T: Copy>(&self, lanes: &[T; BATCH_LEN], i: usize) -> Option<T> {
        lanes.get(..self.len)?.get(i).copied()
    }
}

impl Default for Batch {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        self.entropy.zeroize();
        self.words.zeroize();
        self.passphrase.zeroize();
        self.index.zeroize();
    }
}

impl ZeroizeOnDrop for Batch {}

impl fmt::Debug for Batch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batch")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// The checksum-valid candidates of an index range, in index order, batch by batch (see
/// [`Space::candidates`]).
///
/// The candidates are walked with the last word's digit fastest. Its 11 bits are `e`
/// entropy bits and `c` checksum bits (`c` = words / 3; `e` = 11 − `c`: 7 + 4 for 12 words,
/// 3 + 8 for 24), and its options are sorted, so the candidates that differ only in its
/// checksum bits are consecutive: one group. Each group costs one SHA-256 compression (of
/// the entropy, which the group shares), which names the one last word of the group that
/// can be valid; the candidate is emitted if that word is among the group's options. An
/// unknown last word (any of 2048) thus yields exactly one valid candidate per 2^`c`
/// indices, with no candidate hashed in vain.
///
/// Holds the current candidate (digits, words, the hash block); wiped on drop.
pub struct Candidates<'a> {
    space: &'a Space,
    pos: u128,
    end: u128,
    class: usize,
    block: u64,
    passphrase: usize,
    slots: [&'a [u16]; MAX_WORDS],
    digits: [u16; MAX_WORDS],
    words: [u16; MAX_WORDS],
    /// The SHA-256 block: entropy, 0x80, zeros, the bit length.
    hash_block: [u8; 64],
    state: [u32; 8],
    /// Whether `hash_block` holds the bits of the current words before the last.
    packed: bool,
    hashes: u64,
}

impl Space {
    /// The checksum-valid candidates of the indices in `range`, for the engine: see
    /// [`Candidates::next_batch_vartime`].
    ///
    /// # Errors
    /// [`Error::InvalidRange`] unless `range.start <= range.end <= size()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::mnemonic::Language;
    /// use fastbip32::recovery::{Batch, Options, Space, Template};
    ///
    /// let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";
    /// let space = Space::new(Template::parse(words, &Options::new().language(Language::English))?, [""])?;
    /// let mut candidates = space.candidates(0..space.size())?;
    /// let mut batch = Batch::new();
    /// let mut valid = 0;
    /// while candidates.next_batch_vartime(&mut batch) > 0 {
    ///     valid += batch.len();
    /// }
    /// assert_eq!(valid, 128); // 2048 last words, one in 16 with the right checksum bits
    /// assert_eq!(candidates.hashes(), 128); // and one SHA-256 for each
    /// # Ok::<(), fastbip32::recovery::Error>(())
    /// ```
    pub fn candidates(&self, range: Range<u128>) -> Result<Candidates<'_>> {
        if range.start > range.end || range.end > self.size() {
            return Err(Error::InvalidRange {
                start: range.start,
                end: range.end,
                size: self.size(),
            });
        }
        let mut out = Candidates {
            space: self,
            pos: range.start,
            end: range.end,
            class: 0,
            block: 0,
            passphrase: 0,
            slots: [&[]; MAX_WORDS],
            digits: [0; MAX_WORDS],
            words: [0; MAX_WORDS],
            hash_block: [0; 64],
            state: SHA256_IV,
            packed: false,
            hashes: 0,
        };
        let len = self.entropy_len();
        if let Some(pad) = out.hash_block.get_mut(len) {
            *pad = 0x80;
        }
        if let Some(bits) = out.hash_block.get_mut(56..) {
            bits.copy_from_slice(&(len as u64 * 8).to_be_bytes());
        }
        if let Some((class, block, passphrase, mut value)) = self.locate(range.start) {
            out.class = class;
            out.block = block;
            out.passphrase = passphrase;
            out.load_slots();
            let n = self.word_count();
            for ((digit, word), set) in out
                .digits
                .iter_mut()
                .zip(out.words.iter_mut())
                .zip(&out.slots)
                .take(n)
                .rev()
            {
                let radix = set.len() as u128;
                *digit = u16::try_from(value % radix).unwrap_or(0);
                value /= radix;
                *word = set.get(usize::from(*digit)).copied().unwrap_or(0);
            }
        }
        Ok(out)
    }
}

impl Candidates<'_> {
    /// Fills `batch` with the next checksum-valid candidates (up to [`BATCH_LEN`]); returns
    /// how many, 0 once the range is done. Every index below [`position`](Self::position)
    /// has then been examined, and those of the batch lie below it.
    ///
    /// # Security
    /// Variable-time: it branches on the checksum of each candidate and searches the last
    /// word's options for the word the checksum names (see `SECURITY.md`).
    pub fn next_batch_vartime(&mut self, batch: &mut Batch) -> usize {
        self.fill(batch, u64::MAX)
    }

    /// The next index not yet examined (the range's end once it is done).
    pub fn position(&self) -> u128 {
        self.pos
    }

    /// The end of the range.
    pub fn end(&self) -> u128 {
        self.end
    }

    /// The SHA-256 compressions computed so far.
    pub fn hashes(&self) -> u64 {
        self.hashes
    }

    /// As [`next_batch_vartime`](Self::next_batch_vartime), stopping early once
    /// `max_hashes` compressions have been computed in all.
    pub(super) fn fill(&mut self, batch: &mut Batch, max_hashes: u64) -> usize {
        let n = self.space.word_count();
        batch.len = 0;
        batch.word_count = n;
        batch.entropy_len = self.space.entropy_len();
        while batch.len < BATCH_LEN && self.pos < self.end && self.hashes < max_hashes {
            self.group(batch, n);
        }
        batch.len
    }

    /// Examines the group of the current index: one compression, at most one candidate.
    fn group(&mut self, batch: &mut Batch, n: usize) {
        let checksum_bits = n / 3;
        let entropy_bits = 11 - checksum_bits;
        let entropy_len = n / 3 * 4;
        let last_slot = n - 1;
        let options: &[u16] = self.slots.get(last_slot).copied().unwrap_or_default();
        let digit = usize::from(self.digits.get(last_slot).copied().unwrap_or(0));
        let Some(&first) = options.get(digit) else {
            self.pos = self.end; // unreachable for a located index: stop rather than spin
            return;
        };
        let high = first >> checksum_bits;
        // The group: the options from `digit` on whose entropy bits are `high`.
        let group_end = if options.len() == words::LIST_LEN {
            (usize::from(high) + 1) << checksum_bits
        } else {
            digit
                + options
                    .get(digit..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|&&w| w >> checksum_bits == high)
                    .count()
        };
        if !self.packed {
            self.pack_prefix(n);
        }
        let last_byte = self.hash_block.get_mut(entropy_len - 1);
        if let Some(byte) = last_byte {
            let mask = (1u8 << entropy_bits) - 1;
            #[allow(clippy::cast_possible_truncation)] // `high` has `entropy_bits` ≤ 7 bits
            let high_byte = high as u8;
            *byte = (*byte & !mask) | high_byte;
        }
        self.state = SHA256_IV;
        compress256(&mut self.state, core::slice::from_ref(&self.hash_block));
        self.hashes += 1;
        // The first byte of the hash; its top `checksum_bits` bits are the checksum.
        let checksum = u16::from(self.state[0].to_be_bytes()[0] >> (8 - checksum_bits));
        let valid = (high << checksum_bits) | checksum;
        let found = options
            .get(digit..group_end)
            .unwrap_or_default()
            .binary_search(&valid)
            .ok();
        if let Some(offset) = found {
            let index = self.pos + offset as u128;
            if index < self.end {
                self.emit(batch, n, valid, index);
            }
        }
        // Past the range's end only within this group, whose other indices are not asked for.
        self.pos = (self.pos + (group_end - digit) as u128).min(self.end);
        if group_end < options.len() {
            if let Some(d) = self.digits.get_mut(last_slot) {
                *d = u16::try_from(group_end).unwrap_or(0);
            }
        } else {
            if let Some(d) = self.digits.get_mut(last_slot) {
                *d = 0;
            }
            self.carry(n);
        }
    }

    /// Packs the words before the last into the hash block: `11 (n − 1)` bits, the last
    /// `checksum_bits − 3` of them in the high bits of the entropy's last byte.
    fn pack_prefix(&mut self, n: usize) {
        for (slot, &word) in self.words.iter().enumerate().take(n - 1) {
            put_word(&mut self.hash_block, slot, word);
        }
        self.packed = true;
    }

    fn emit(&mut self, batch: &mut Batch, n: usize, last: u16, index: u128) {
        let i = batch.len;
        let entropy_len = n / 3 * 4;
        if let (Some(dst), Some(src)) = (
            batch
                .entropy
                .get_mut(i)
                .and_then(|e| e.get_mut(..entropy_len)),
            self.hash_block.get(..entropy_len),
        ) {
            dst.copy_from_slice(src);
        }
        if let Some(dst) = batch.words.get_mut(i) {
            *dst = self.words;
            if let Some(w) = dst.get_mut(n - 1) {
                *w = last;
            }
        }
        if let Some(p) = batch.passphrase.get_mut(i) {
            *p = self.passphrase;
        }
        if let Some(x) = batch.index.get_mut(i) {
            *x = index;
        }
        batch.len += 1;
    }

    /// Steps the digits before the last (the last is back at 0); past the last of them, the
    /// passphrase, then the block, then the class.
    fn carry(&mut self, n: usize) {
        // The packed hash block follows the words that change (usually just one).
        for slot in (0..n - 1).rev() {
            let set = self.slots.get(slot).copied().unwrap_or_default();
            if set.len() == 1 {
                continue; // a known word: its digit stays 0
            }
            let next = self.digits.get(slot).map_or(0, |&d| usize::from(d) + 1);
            let (digit, word, done) = match set.get(next) {
                Some(&w) => (next, w, true),
                None => (0, set.first().copied().unwrap_or(0), false),
            };
            if let (Some(d), Some(w)) = (self.digits.get_mut(slot), self.words.get_mut(slot)) {
                *d = u16::try_from(digit).unwrap_or(0);
                *w = word;
            }
            put_word(&mut self.hash_block, slot, word);
            if done {
                return;
            }
        }
        self.packed = false;
        self.passphrase += 1;
        if self.passphrase < self.space.passphrase_count() {
            return;
        }
        self.passphrase = 0;
        self.block += 1;
        let class = self.space.classes().get(self.class);
        let blocks = class.map_or(0, |c| self.space.pair_sets(c) * self.space.places_count());
        if self.block >= blocks {
            self.block = 0;
            self.class += 1;
        }
        if self.pos < self.end {
            self.load_slots();
            for (word, set) in self.words.iter_mut().zip(&self.slots).take(n) {
                *word = set.first().copied().unwrap_or(0);
            }
        }
    }

    fn load_slots(&mut self) {
        if let Some(class) = self.space.classes().get(self.class) {
            self.space.slots(class, self.block, &mut self.slots);
        }
    }
}

/// Writes the 11 bits of `word` at bit `11 × slot` of `block` (big-endian bit order, as BIP-39
/// concatenates word indices), keeping every other bit.
fn put_word(block: &mut [u8; 64], slot: usize, word: u16) {
    let bit = 11 * slot;
    let shift = 13 - bit % 8; // the word's lowest bit in a 24-bit window from byte bit / 8
    if let Some([a, b, c]) = block.get_mut(bit / 8..bit / 8 + 3) {
        let window = u32::from(*a) << 16 | u32::from(*b) << 8 | u32::from(*c);
        let mask = 0x7FF << shift;
        let window = (window & !mask) | (u32::from(word & 0x7FF) << shift);
        let [_, x, y, z] = window.to_be_bytes();
        (*a, *b, *c) = (x, y, z);
    }
}

impl Drop for Candidates<'_> {
    fn drop(&mut self) {
        self.digits.zeroize();
        self.words.zeroize();
        self.hash_block.zeroize();
        self.state.zeroize();
    }
}

impl ZeroizeOnDrop for Candidates<'_> {}

impl fmt::Debug for Candidates<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Candidates")
            .field("position", &self.pos)
            .field("end", &self.end)
            .field("hashes", &self.hashes)
            .finish_non_exhaustive()
    }
}

/// How many candidates pass the checksum: counted, or estimated where counting would take
/// more hashing than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChecksumCount {
    /// The exact number.
    Exact(u128),
    /// An estimate: the candidates that were not counted contribute one in 2^`c` (`c`
    /// checksum bits), the expected share of an unpredictable checksum.
    Estimate(u128),
}

impl ChecksumCount {
    /// The number, exact or estimated.
    pub const fn value(self) -> u128 {
        match self {
            Self::Exact(n) | Self::Estimate(n) => n,
        }
    }

    /// Whether the number is exact.
    pub const fn is_exact(self) -> bool {
        matches!(self, Self::Exact(_))
    }
}

impl fmt::Display for ChecksumCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Exact(n) => write!(f, "{n}"),
            Self::Estimate(n) => write!(f, "about {n}"),
        }
    }
}

impl Space {
    /// How many candidates pass the checksum (with multiplicity, as [`size`](Self::size)).
    ///
    /// Where the last word is any word (a `?` or a missing word there), exactly one in 2^`c`
    /// does (`c` = words / 3), without hashing. Elsewhere the candidates are filtered as
    /// the search would (one SHA-256 per group, once for all passphrases) while the
    /// compressions stay within `max_hashes` in all; the blocks past that budget are
    /// estimated, and the result is then an [`Estimate`](ChecksumCount::Estimate).
    ///
    /// # Security
    /// Variable-time, as [`Candidates::next_batch_vartime`].
    pub fn checksum_count_vartime(&self, max_hashes: u64) -> ChecksumCount {
        let n = self.word_count();
        let checksum_bits = n / 3;
        let m = self.template().tokens().len();
        let missing = self.template().missing();
        let passphrases = self.passphrase_count() as u128;
        let places = super::picks::Picks::combinations(n);
        // Placements with a missing word in the last slot: C(n − 1, missing − 1).
        let last_missing = if missing == 0 {
            0
        } else {
            super::picks::Picks::combinations(n - 1).count(missing - 1)
        };
        let last_token = self.places_count() - last_missing;
        let mut budget = max_hashes;
        let mut exact = true;
        let mut total = 0u128;
        let mut batch = Batch::new();
        for class in self.classes() {
            let valid_share = class.words >> checksum_bits;
            let pair_sets = self.pair_sets(class);
            if pair_sets > MAX_COUNTED_ORDERS {
                // More orders (an unordered template) than are walked: one in 2^c of the
                // class, rounded to the nearest.
                exact = false;
                let share = u128::from(pair_sets)
                    * u128::from(self.places_count())
                    * class.words
                    * passphrases;
                let rounded = (share >> checksum_bits) + (share >> (checksum_bits - 1) & 1);
                total = total.saturating_add(rounded);
                continue;
            }
            for pair_rank in 0..pair_sets {
                let order = self.order(class, pair_rank);
                let token = order.get(m.saturating_sub(1)).copied().unwrap_or(0);
                let options = self.token_set(class, usize::from(token));
                total = total.saturating_add(u128::from(last_missing) * valid_share * passphrases);
                if options.len() == words::LIST_LEN {
                    total =
                        total.saturating_add(u128::from(last_token) * valid_share * passphrases);
                    continue;
                }
                let groups = options
                    .iter()
                    .zip(options.iter().skip(1))
                    .filter(|(a, b)| *a >> checksum_bits != *b >> checksum_bits)
                    .count() as u128
                    + 1;
                let cost = u128::from(last_token) * (class.words / options.len() as u128) * groups;
                if cost > u128::from(budget) {
                    exact = false;
                    let share = u128::from(last_token) * class.words * passphrases;
                    // One in 2^c, rounded to the nearest.
                    let rounded = (share >> checksum_bits) + (share >> (checksum_bits - 1) & 1);
                    total = total.saturating_add(rounded);
                    continue;
                }
                budget -= u64::try_from(cost).unwrap_or(u64::MAX);
                let per_block = class.words * passphrases;
                for place_rank in 0..self.places_count() {
                    if places.unrank(missing, place_rank) >> (n - 1) & 1 == 1 {
                        continue;
                    }
                    let block = u128::from(pair_rank) * u128::from(self.places_count())
                        + u128::from(place_rank);
                    let start = class.offset + block * per_block;
                    let mut valid = 0u128;
                    if let Ok(mut candidates) = self.candidates(start..start + class.words) {
                        while candidates.next_batch_vartime(&mut batch) > 0 {
                            valid += batch.len() as u128;
                        }
                    }
                    total = total.saturating_add(valid * passphrases);
                }
            }
        }
        if exact {
            ChecksumCount::Exact(total)
        } else {
            ChecksumCount::Estimate(total)
        }
    }

    /// Up to `count` checksum-valid candidates with their indices, for a dry run: the first
    /// of each of `count` equal shards, each found within `max_hashes` compressions (a shard
    /// with none within that is skipped).
    ///
    /// # Security
    /// Variable-time, as [`Candidates::next_batch_vartime`].
    pub fn examples_vartime(&self, count: u64, max_hashes: u64) -> Vec<(u128, Candidate)> {
        let mut out = Vec::new();
        let mut batch = Batch::new();
        // Shards past the size are empty: no more than one per candidate.
        let count = count.min(u64::try_from(self.size()).unwrap_or(u64::MAX));
        for shard in 0..count {
            let Ok(range) = self.shard(shard, count) else {
                continue;
            };
            let Ok(mut candidates) = self.candidates(range) else {
                continue;
            };
            while candidates.position() < candidates.end() && candidates.hashes() < max_hashes {
                if candidates.fill(&mut batch, max_hashes) > 0 {
                    // Entry 0 exists: the batch holds at least one candidate.
                    if let (Some(index), Some(passphrase)) =
                        (batch.index(0), batch.passphrase_index(0))
                    {
                        if let Ok(candidate) = Candidate::new(batch.words(0), passphrase) {
                            out.push((index, candidate));
                        }
                    }
                    break;
                }
            }
        }
        out
    }
}
