//! The candidate space: layouts, their offsets, and the index ↔ candidate mapping.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use sha2::{Digest, Sha256};
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::error::{CheckpointField, Error, Result};
use super::order::{Arrangements, Orders};
use super::passphrase_rules::PassphraseRules;
use super::picks::Picks;
use super::template::{Kind, Template, Token};
use super::words::{self, Language};

/// The most layout classes (typo sets × swap counts) a space indexes; see
/// [`Error::TooManyLayouts`].
pub const MAX_LAYOUTS: usize = 1 << 18;

/// The most words of a phrase.
pub(super) const MAX_WORDS: usize = 24;

/// The most bytes [`Space::write_phrase`] writes: 24 words of the longest NFKD word (33 bytes,
/// Korean) and 23 spaces.
pub const MAX_PHRASE_LEN: usize = MAX_WORDS * words::MAX_WORD_BYTES + MAX_WORDS - 1;

/// A layout class: one set of typo'd tokens and one number of swaps. Its candidates are
/// `blocks × passphrases × words` indices from `offset`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Class {
    /// The part (word list) of the space the class belongs to.
    pub(super) part: usize,
    pub(super) offset: u128,
    /// The product of the slots' option counts (the same in every block of the class).
    pub(super) words: u128,
    /// Bit `i`: token `i` is a typo (stands for a word of its neighbourhood).
    pub(super) typos: u32,
    /// The number of swapped pairs.
    pub(super) swaps: usize,
}

/// One candidate: the word indices of a phrase and the number of its passphrase in the
/// space's list.
///
/// Wiped on drop; `Clone`, never `Copy`; `==` is constant-time; `Debug` shows the word count
/// only.
///
/// # Examples
///
/// ```
/// use fastbip32::recovery::Candidate;
///
/// let words = [0u16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]; // abandon × 11, about
/// let candidate = Candidate::new(&words, 0)?;
/// assert_eq!(candidate.words(), &words);
/// # Ok::<(), fastbip32::recovery::Error>(())
/// ```
#[derive(Clone)]
pub struct Candidate {
    words: [u16; MAX_WORDS],
    len: usize,
    passphrase: usize,
}

impl Candidate {
    /// A candidate of `words` (indices into a word list) and passphrase number `passphrase`.
    ///
    /// # Errors
    /// [`Error::InvalidWordCount`] unless there are 12, 15, 18, 21 or 24 words;
    /// [`Error::UnknownWord`] for an index of 2048 or more (its position).
    pub fn new(words: &[u16], passphrase: usize) -> Result<Self> {
        if !matches!(words.len(), 12 | 15 | 18 | 21 | 24) {
            return Err(Error::InvalidWordCount { count: words.len() });
        }
        if let Some(position) = words
            .iter()
            .position(|&w| usize::from(w) >= words::LIST_LEN)
        {
            return Err(Error::UnknownWord { position });
        }
        let mut out = Self {
            words: [0; MAX_WORDS],
            len: words.len(),
            passphrase,
        };
        for (dst, &src) in out.words.iter_mut().zip(words) {
            *dst = src;
        }
        Ok(out)
    }

    /// The word indices, in phrase order.
    pub fn words(&self) -> &[u16] {
        self.words.get(..self.len).unwrap_or_default()
    }

    /// The passphrase's number in the space's list (0 for a space of one passphrase).
    pub fn passphrase_index(&self) -> usize {
        self.passphrase
    }
}

impl Drop for Candidate {
    fn drop(&mut self) {
        self.words.zeroize();
        self.passphrase.zeroize();
    }
}

impl ZeroizeOnDrop for Candidate {}

impl ConstantTimeEq for Candidate {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.len.ct_eq(&other.len)
            & self.words.ct_eq(&other.words)
            & self.passphrase.ct_eq(&other.passphrase)
    }
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Candidate {}

impl fmt::Debug for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Candidate")
            .field("word_count", &self.len)
            .finish_non_exhaustive()
    }
}

/// Every candidate of a template and a passphrase list, each with an index in one
/// deterministic order (see the [module documentation](super) for the order and how the
/// options compose).
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::Language;
/// use fastbip32::recovery::{Options, Space, Template};
///
/// // BIP-39's first vector with its last word unknown, and two passphrases to try.
/// let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";
/// // ("abandon" is in the French list too: the language is named.)
/// let template = Template::parse(words, &Options::new().language(Language::English))?;
/// let space = Space::new(template, ["", "TREZOR"])?;
/// assert_eq!(space.size(), 2 * 2048);
///
/// let about = space.unrank(3)?; // word 3 of the list is "about"
/// assert_eq!(&*space.to_phrase(about.words()), "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about");
/// assert_eq!(space.rank_vartime(&about)?, 3);
/// assert_eq!(space.shard(1, 2)?, 2048..4096);
/// # Ok::<(), fastbip32::recovery::Error>(())
/// ```
pub struct Space {
    /// The part of the first word list the template is searched in; its candidates come
    /// first in the index order.
    head: Part,
    /// The parts of the other word lists, in order: their candidates follow.
    tail: Vec<Part>,
    passphrases: Passphrases,
    places: Picks,
    places_count: u64,
    classes: Vec<Class>,
    size: u128,
    digest: Zeroizing<[u8; 32]>,
}

impl Space {
    /// The space of `template` with each passphrase of `passphrases` (NFKD-normalized; give
    /// `[""]` for none).
    ///
    /// # Errors
    /// [`Error::EmptyPassphraseList`]; [`Error::TooManyLayouts`] for more than
    /// [`MAX_LAYOUTS`] classes of typos and swaps; [`Error::TooManyOrders`] or
    /// [`Error::TooManyExtraWords`] for an unordered template with too many orders or extra
    /// words; [`Error::SpaceTooLarge`] for 2¹²⁸ candidates or more.
    pub fn new<P: AsRef<str>>(
        template: Template,
        passphrases: impl IntoIterator<Item = P>,
    ) -> Result<Self> {
        let passphrases: Vec<Zeroizing<String>> = passphrases
            .into_iter()
            .map(|p| words::nfkd(p.as_ref()))
            .collect();
        if passphrases.is_empty() {
            return Err(Error::EmptyPassphraseList);
        }
        Self::build(template, Passphrases::List(passphrases))
    }

    /// The space of `template` with each passphrase of `rules`, in the rules' order (index
    /// `i` of the passphrases is `rules.nth(i)`, NFKD-normalized).
    ///
    /// # Errors
    /// [`Error::EmptyPassphraseList`] for rules of no passphrase; [`Error::SpaceTooLarge`]
    /// for more passphrases than a `usize` counts, or 2¹²⁸ candidates or more;
    /// [`Error::TooManyLayouts`] as [`new`](Self::new).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::mnemonic::Language;
    /// use fastbip32::recovery::{Options, PassphraseRules, Space, Template};
    ///
    /// let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
    /// let template = Template::parse(words, &Options::new().language(Language::English))?;
    /// // "trezor" with case changes: trezor, TREZOR, Trezor.
    /// let rules = PassphraseRules::from_rules("trezor", "case").unwrap();
    /// let space = Space::with_passphrase_rules(template, rules)?;
    /// assert_eq!(space.passphrase_count(), 3);
    /// assert_eq!(space.passphrase(1).as_deref(), Some("TREZOR"));
    /// # Ok::<(), fastbip32::recovery::Error>(())
    /// ```
    pub fn with_passphrase_rules(template: Template, rules: PassphraseRules) -> Result<Self> {
        let count = usize::try_from(rules.count()).map_err(|_| Error::SpaceTooLarge)?;
        if count == 0 {
            return Err(Error::EmptyPassphraseList);
        }
        Self::build(template, Passphrases::Rules { rules, count })
    }

    fn build(template: Template, passphrases: Passphrases) -> Result<Self> {
        let places = Picks::combinations(template.word_count());
        let places_count = places.count(template.missing());
        let (first, others) = template.split_languages();
        let head = Part::new(first)?;
        let mut tail = Vec::with_capacity(others.len());
        for template in others {
            tail.push(Part::new(template)?);
        }
        let mut space = Self {
            head,
            tail,
            passphrases,
            places,
            places_count,
            classes: Vec::new(),
            size: 0,
            digest: Zeroizing::new([0; 32]),
        };
        let mut classes = Vec::new();
        let mut offset = 0u128;
        for part in 0..=space.tail.len() {
            offset = space.build_classes(part, offset, &mut classes)?;
        }
        if classes.len() > MAX_LAYOUTS {
            return Err(Error::TooManyLayouts {
                layouts: classes.len() as u64,
                max: MAX_LAYOUTS as u64,
            });
        }
        space.classes = classes;
        space.size = offset;
        space.digest = space.compute_digest();
        Ok(space)
    }

    /// The part of `class`.
    fn part(&self, class: &Class) -> Option<&Part> {
        self.part_at(class.part)
    }

    /// Part number `part`: 0 the first, then the others.
    fn part_at(&self, part: usize) -> Option<&Part> {
        match part.checked_sub(1) {
            None => Some(&self.head),
            Some(other) => self.tail.get(other),
        }
    }

    /// The parts, in index order.
    fn parts(&self) -> impl Iterator<Item = &Part> + '_ {
        core::iter::once(&self.head).chain(&self.tail)
    }

    /// The first part.
    fn first(&self) -> &Part {
        &self.head
    }

    /// Appends the layout classes of part `part` to `classes`, from index `offset`; returns
    /// the offset past them. In order: fewest changes (typos + swaps) first; among equal
    /// changes, fewer typos first; then the typo sets in lexicographic order of positions.
    fn build_classes(
        &self,
        part: usize,
        mut offset: u128,
        classes: &mut Vec<Class>,
    ) -> Result<u128> {
        let Some(Part { template, orders }) = self.part_at(part) else {
            return Ok(offset);
        };
        let tokens = template.tokens();
        let is_word = |t: &Token| t.kind == Kind::Word;
        let mut forced = 0u32;
        let mut free = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            if is_word(token) && token.keep.as_slice().is_empty() {
                forced |= 1 << i;
            } else if is_word(token) && !token.typo.as_slice().is_empty() {
                free.push(i);
            }
        }
        let f = forced.count_ones() as usize;
        let max_typos = template.typos().min(f + free.len());
        let max_swaps = (0..=template.swaps())
            .rev()
            .find(|&k| orders.count(k) > 0)
            .unwrap_or(0);
        let free_picks = Picks::combinations(free.len());
        let changes = f..=max_typos + max_swaps;
        // The typo sets of `j` typos, and the swap count that goes with them, for `c` changes.
        let typo_counts = |c: usize| c.saturating_sub(max_swaps).max(f)..=c.min(max_typos);

        let mut layouts = 0u64;
        for c in changes.clone() {
            for j in typo_counts(c) {
                if orders.count(c - j) > 0 {
                    layouts = layouts.saturating_add(free_picks.count(j - f));
                }
            }
        }
        if layouts > MAX_LAYOUTS as u64 {
            return Err(Error::TooManyLayouts {
                layouts,
                max: MAX_LAYOUTS as u64,
            });
        }

        let passphrases = self.passphrase_count() as u128;
        for c in changes {
            for j in typo_counts(c) {
                let swaps = c - j;
                let pair_sets = orders.count(swaps);
                if pair_sets == 0 {
                    continue;
                }
                let blocks = u128::from(pair_sets) * u128::from(self.places_count);
                for r in 0..free_picks.count(j - f) {
                    let pick = free_picks.unrank(j - f, r);
                    let typos = free
                        .iter()
                        .enumerate()
                        .filter(|&(bit, _)| pick >> bit & 1 == 1)
                        .fold(forced, |mask, (_, &token)| mask | 1 << token);
                    let words = words_of(template, typos).ok_or(Error::SpaceTooLarge)?;
                    if words == 0 {
                        continue;
                    }
                    let size = words
                        .checked_mul(passphrases)
                        .and_then(|s| s.checked_mul(blocks))
                        .ok_or(Error::SpaceTooLarge)?;
                    classes.push(Class {
                        part,
                        offset,
                        words,
                        typos,
                        swaps,
                    });
                    offset = offset.checked_add(size).ok_or(Error::SpaceTooLarge)?;
                }
            }
        }
        Ok(offset)
    }

    /// A hash of everything that fixes the meaning of an index: the candidate order's
    /// version, the language, the counts, every token's word sets, the passphrases, the
    /// word order, each further word list with its tokens' word sets and word order, the
    /// size.
    fn compute_digest(&self) -> Zeroizing<[u8; 32]> {
        let mut h = Sha256::new();
        h.update(b"fastbip32 recovery space, candidate order 2\0");
        let t = &self.first().template;
        h.update(t.language().name().as_bytes());
        for count in [
            t.word_count(),
            t.missing(),
            t.typos(),
            t.swaps(),
            t.tokens().len(),
        ] {
            h.update((count as u64).to_be_bytes());
        }
        for token in t.tokens() {
            h.update([token.kind as u8]);
            for set in [&token.keep, &token.typo] {
                h.update((set.as_slice().len() as u64).to_be_bytes());
                for w in set.as_slice() {
                    h.update(w.to_be_bytes());
                }
            }
        }
        self.passphrases.hash_into(&mut h);
        hash_order(t, &mut h);
        for part in &self.tail {
            let t = &part.template;
            h.update(b"\0another word list\0");
            h.update(t.language().name().as_bytes());
            for token in t.tokens() {
                h.update([token.kind as u8]);
                for set in [&token.keep, &token.typo] {
                    h.update((set.as_slice().len() as u64).to_be_bytes());
                    for w in set.as_slice() {
                        h.update(w.to_be_bytes());
                    }
                }
            }
            hash_order(t, &mut h);
        }
        h.update(self.size.to_be_bytes());
        Zeroizing::new(h.finalize().into())
    }

    /// Feeds what `field` of a checkpoint stands for to `h`: the template's tokens (their
    /// kinds and the words each stands for as written, in the first word list) and the
    /// phrase length, the word lists, a count, the passphrases, or the word order. Nothing
    /// for the fields of a search (target, coin, paths, gap, accounts, seed kind).
    pub(super) fn hash_field(&self, field: CheckpointField, h: &mut Sha256) {
        let t = &self.first().template;
        let count = |h: &mut Sha256, n: usize| h.update((n as u64).to_be_bytes());
        match field {
            CheckpointField::Template => {
                count(h, t.word_count());
                count(h, t.tokens().len());
                for token in t.tokens() {
                    h.update([token.kind as u8]);
                    count(h, token.keep.as_slice().len());
                    for w in token.keep.as_slice() {
                        h.update(w.to_be_bytes());
                    }
                }
            }
            // One list: its name alone; several: each name after a separator.
            CheckpointField::WordList => {
                for (i, part) in self.parts().enumerate() {
                    if i > 0 {
                        h.update(b"\0");
                    }
                    h.update(part.template.language().name().as_bytes());
                }
            }
            CheckpointField::Missing => count(h, t.missing()),
            CheckpointField::Typos => count(h, t.typos()),
            CheckpointField::Swaps => count(h, t.swaps()),
            CheckpointField::Passphrases => self.passphrases.hash_into(h),
            CheckpointField::WordOrder => hash_order(t, h),
            CheckpointField::Target
            | CheckpointField::Coin
            | CheckpointField::Paths
            | CheckpointField::Gap
            | CheckpointField::Accounts
            | CheckpointField::Seed => {}
        }
    }
    /// The number of candidates (with multiplicity; see the module documentation).
    pub fn size(&self) -> u128 {
        self.size
    }

    /// The word list: the first of [`languages`](Self::languages).
    pub fn language(&self) -> Language {
        self.first().template.language()
    }

    /// The word lists searched, in index order: the template's
    /// [`languages`](Template::languages). Each list's candidates take a run of indices,
    /// the first list's from 0, the next list's after them.
    pub fn languages(&self) -> impl Iterator<Item = Language> + '_ {
        self.parts().map(|p| p.template.language())
    }

    /// The word list of candidate number `index`, or `None` past the end.
    pub fn language_at(&self, index: u128) -> Option<Language> {
        if self.tail.is_empty() {
            return (index < self.size).then(|| self.language());
        }
        let (class, ..) = self.locate(index)?;
        let class = self.classes.get(class)?;
        self.part(class).map(|p| p.template.language())
    }

    /// The phrase length in words.
    pub fn word_count(&self) -> usize {
        self.first().template.word_count()
    }

    /// The entropy length in bytes: `word_count * 4 / 3`.
    pub fn entropy_len(&self) -> usize {
        self.word_count() / 3 * 4
    }

    /// The template, in the first of the space's [`languages`](Self::languages).
    pub fn template(&self) -> &Template {
        &self.first().template
    }

    /// The number of passphrases.
    pub fn passphrase_count(&self) -> usize {
        match &self.passphrases {
            Passphrases::List(list) => list.len(),
            Passphrases::Rules { count, .. } => *count,
        }
    }

    /// Whether the passphrases come from [`PassphraseRules`]
    /// ([`with_passphrase_rules`](Self::with_passphrase_rules)).
    pub fn has_passphrase_rules(&self) -> bool {
        matches!(self.passphrases, Passphrases::Rules { .. })
    }

    /// Passphrase number `index`, in NFKD (as BIP-39 salts with it), or `None` past the list.
    ///
    /// # Security
    /// Of passphrase rules, built by [`PassphraseRules::nth`], which branches on the base
    /// passphrase's letters.
    pub fn passphrase(&self, index: usize) -> Option<Passphrase<'_>> {
        match &self.passphrases {
            Passphrases::List(list) => list.get(index).map(|p| Passphrase::Listed(p.as_str())),
            Passphrases::Rules { rules, .. } => rules
                .nth(index as u128)
                .ok()
                .map(|text| Passphrase::Built(words::nfkd(&text))),
        }
    }

    /// The number of layout classes (typo sets × swap counts).
    pub fn layouts(&self) -> usize {
        self.classes.len()
    }

    pub(super) fn classes(&self) -> &[Class] {
        &self.classes
    }

    pub(super) fn digest(&self) -> &[u8; 32] {
        &self.digest
    }

    pub(super) fn places_count(&self) -> u64 {
        self.places_count
    }

    /// The number of pair sets (or, unordered, orders) of `class`'s swap count.
    pub(super) fn pair_sets(&self, class: &Class) -> u64 {
        self.part(class).map_or(0, |p| p.orders.count(class.swaps))
    }

    /// The token order of pair set (or, unordered, order) `pair_rank` of `class`'s swap
    /// count: entry `j` is the token of the `j`-th slot that is not a missing word.
    pub(super) fn order(&self, class: &Class, pair_rank: u64) -> [u8; MAX_WORDS] {
        self.part(class)
            .map_or([0; MAX_WORDS], |p| p.orders.unrank(class.swaps, pair_rank))
    }

    /// The option set of token `token` in `class` (its word list and typo set).
    pub(super) fn token_set(&self, class: &Class, token: usize) -> &[u16] {
        self.part(class)
            .and_then(|p| p.template.token(token))
            .map_or(&[], |t| set_of(t, class.typos >> token & 1 == 1))
    }

    /// The option set of every slot of block `block` of `class`.
    pub(super) fn slots<'a>(&'a self, class: &Class, block: u64, out: &mut [&'a [u16]; MAX_WORDS]) {
        let places = self.places_count.max(1);
        let order = self.order(class, block / places);
        let missing = self
            .places
            .unrank(self.template().missing(), block % places);
        let mut next = order.iter();
        for (slot, out) in out.iter_mut().enumerate().take(self.word_count()) {
            *out = if missing >> slot & 1 == 1 {
                &words::ALL
            } else {
                let token = next.next().copied().unwrap_or(0);
                self.token_set(class, usize::from(token))
            };
        }
    }

    /// Where `index` lies: its class, block, passphrase and the mixed-radix value of its
    /// words, or `None` past the end.
    pub(super) fn locate(&self, index: u128) -> Option<(usize, u64, usize, u128)> {
        if index >= self.size {
            return None;
        }
        let class_index = self
            .classes
            .partition_point(|c| c.offset <= index)
            .checked_sub(1)?;
        let class = self.classes.get(class_index)?;
        let local = index - class.offset;
        let per_block = class.words * self.passphrase_count() as u128;
        let block = u64::try_from(local / per_block).ok()?;
        let rem = local % per_block;
        let passphrase = usize::try_from(rem / class.words).ok()?;
        Some((class_index, block, passphrase, rem % class.words))
    }

    /// Candidate number `index`.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] for an index at or past [`size`](Self::size).
    pub fn unrank(&self, index: u128) -> Result<Candidate> {
        let out_of_range = Error::IndexOutOfRange {
            index,
            size: self.size,
        };
        let (class_index, block, passphrase, mut value) = self.locate(index).ok_or(out_of_range)?;
        let class = self.classes.get(class_index).ok_or(out_of_range)?;
        let mut slots: [&[u16]; MAX_WORDS] = [&[]; MAX_WORDS];
        self.slots(class, block, &mut slots);
        let n = self.word_count();
        let mut candidate = Candidate {
            words: [0; MAX_WORDS],
            len: n,
            passphrase,
        };
        for (word, set) in candidate.words.iter_mut().zip(&slots).take(n).rev() {
            let radix = set.len() as u128;
            let digit = usize::try_from(value % radix).unwrap_or(0);
            value /= radix;
            *word = set.get(digit).copied().unwrap_or(0);
        }
        Ok(candidate)
    }

    /// The index of `candidate`: the smallest, where the options make a candidate appear more
    /// than once. Walks the classes and the swap sets (not the candidates).
    ///
    /// # Errors
    /// [`Error::NotInSpace`] for a candidate of another word count, passphrase list or words.
    ///
    /// # Security
    /// Variable-time in the candidate's words (set searches, early exits).
    pub fn rank_vartime(&self, candidate: &Candidate) -> Result<u128> {
        let n = self.word_count();
        let words = candidate.words();
        if words.len() != n || candidate.passphrase >= self.passphrase_count() {
            return Err(Error::NotInSpace);
        }
        let m = self.template().tokens().len();
        let passphrases = self.passphrase_count() as u128;
        for class in &self.classes {
            for pair_rank in 0..self.pair_sets(class) {
                let order = self.order(class, pair_rank);
                let set = |j: usize| {
                    let token = order.get(j).copied().unwrap_or(0);
                    self.token_set(class, usize::from(token))
                };
                let Some(missing) = first_placement(words, m, set) else {
                    continue;
                };
                let Some(place_rank) = self.places.rank(n - m, missing) else {
                    continue;
                };
                let mut value = 0u128;
                let mut j = 0;
                for (slot, &word) in words.iter().enumerate() {
                    let options = if missing >> slot & 1 == 1 {
                        &words::ALL[..]
                    } else {
                        j += 1;
                        set(j - 1)
                    };
                    let digit = options
                        .binary_search(&word)
                        .map_err(|_| Error::NotInSpace)?;
                    value = value * options.len() as u128 + digit as u128;
                }
                let block =
                    u128::from(pair_rank) * u128::from(self.places_count) + u128::from(place_rank);
                return Ok(class.offset
                    + (block * passphrases + candidate.passphrase as u128) * class.words
                    + value);
            }
        }
        Err(Error::NotInSpace)
    }

    /// The index range of shard `shard` (zero-based) of `shards`: the shards are disjoint,
    /// in order, and together the whole space; their sizes differ by at most one.
    ///
    /// # Errors
    /// [`Error::InvalidShard`] unless `shard < shards`.
    pub fn shard(&self, shard: u64, shards: u64) -> Result<Range<u128>> {
        if shard >= shards {
            return Err(Error::InvalidShard { shard, shards });
        }
        let (k, n) = (u128::from(shard), u128::from(shards));
        let (q, r) = (self.size / n, self.size % n);
        let start = k * q + k.min(r);
        Ok(start..start + q + u128::from(k < r))
    }

    /// Writes the phrase of `words` as BIP-39 hashes it (NFKD words joined by single
    /// spaces, in every language) to the front of `out`; returns the length, or `None` if
    /// `out` is shorter (a buffer of [`MAX_PHRASE_LEN`] always suffices) or an index is
    /// 2048 or more.
    pub fn write_phrase(&self, words: &[u16], out: &mut [u8]) -> Option<usize> {
        self.write_phrase_in(self.language(), words, out)
    }

    /// As [`write_phrase`](Self::write_phrase), in `language` (the
    /// [`language_at`](Self::language_at) of the candidate's index).
    pub fn write_phrase_in(
        &self,
        language: Language,
        words: &[u16],
        out: &mut [u8],
    ) -> Option<usize> {
        let mut len = 0;
        for (i, &index) in words.iter().enumerate() {
            if usize::from(index) >= words::LIST_LEN {
                return None;
            }
            if i > 0 {
                *out.get_mut(len)? = b' ';
                len += 1;
            }
            let word = words::word(language, index).as_bytes();
            out.get_mut(len..len + word.len())?.copy_from_slice(word);
            len += word.len();
        }
        Some(len)
    }

    /// The phrase of `words` for a person: the words joined by the language's separator
    /// (U+3000 in Japanese), in a buffer sized exactly first and wiped on drop. Indices of
    /// 2048 or more are skipped.
    pub fn to_phrase(&self, words: &[u16]) -> Zeroizing<String> {
        self.to_phrase_in(self.language(), words)
    }

    /// As [`to_phrase`](Self::to_phrase), in `language` (the
    /// [`language_at`](Self::language_at) of the candidate's index, or a match's
    /// [`Found::language`](super::Found::language)).
    pub fn to_phrase_in(&self, language: Language, words: &[u16]) -> Zeroizing<String> {
        let separator = words::separator(language);
        let list = || {
            words
                .iter()
                .filter(|&&w| usize::from(w) < words::LIST_LEN)
                .map(|&w| words::word(language, w))
        };
        let count = list().count();
        let len = list().map(str::len).sum::<usize>() + separator.len() * count.saturating_sub(1);
        let mut out = Zeroizing::new(String::with_capacity(len));
        for (i, word) in list().enumerate() {
            if i > 0 {
                out.push_str(separator);
            }
            out.push_str(word);
        }
        out
    }
}

impl fmt::Debug for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Space")
            .field("template", self.template())
            .field("languages", &self.languages().collect::<Vec<_>>())
            .field("passphrases", &self.passphrase_count())
            .field("layouts", &self.classes.len())
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

/// The passphrases of a space: a list, or rules that build each by its index.
enum Passphrases {
    /// NFKD-normalized, in order.
    List(Vec<Zeroizing<String>>),
    /// Rules of `count` passphrases (`rules.count()`, which fits a `usize`).
    Rules {
        rules: PassphraseRules,
        count: usize,
    },
}

impl Passphrases {
    /// Feeds what defines the passphrases to `h`: their count, then each passphrase with
    /// its length (a list), or a length no passphrase has and the rules' hash (rules).
    fn hash_into(&self, h: &mut Sha256) {
        match self {
            Self::List(list) => {
                h.update((list.len() as u64).to_be_bytes());
                for p in list {
                    h.update((p.len() as u64).to_be_bytes());
                    h.update(p.as_bytes());
                }
            }
            Self::Rules { rules, count } => {
                h.update((*count as u64).to_be_bytes());
                h.update(u64::MAX.to_be_bytes());
                h.update(rules.identity());
            }
        }
    }
}

/// A passphrase of a [`Space`] ([`Space::passphrase`]): borrowed from its list, or built by
/// its rules in a buffer wiped on drop. Dereferences to the text; `Debug` shows nothing of
/// it.
pub enum Passphrase<'a> {
    /// An entry of the space's list.
    Listed(&'a str),
    /// Built by the space's [`PassphraseRules`].
    Built(Zeroizing<String>),
}

impl Passphrase<'_> {
    /// The text, in NFKD.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Listed(text) => text,
            Self::Built(text) => text.as_str(),
        }
    }
}

impl core::ops::Deref for Passphrase<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Passphrase<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Passphrase").finish_non_exhaustive()
    }
}

/// The set a token stands for, as written or as a typo.
fn set_of(token: &Token, typo: bool) -> &[u16] {
    if typo {
        token.typo.as_slice()
    } else {
        token.keep.as_slice()
    }
}

/// The placement of missing words (a bit per slot) that puts them as early as possible
/// (the first in the order of [`Picks`]) such that the other slots of `words`, in order, are
/// in the sets of the `m` tokens `set(0)`, `set(1)`, …; `None` if there is none.
fn first_placement<'a>(words: &[u16], m: usize, set: impl Fn(usize) -> &'a [u16]) -> Option<u32> {
    let n = words.len();
    // fits[i][j]: slots i.. can take tokens j.. (and n - i - (m - j) missing words).
    let mut fits = [[false; MAX_WORDS + 1]; MAX_WORDS + 1];
    let cell = |fits: &[[bool; MAX_WORDS + 1]; MAX_WORDS + 1], i: usize, j: usize| {
        fits.get(i)
            .and_then(|row| row.get(j))
            .copied()
            .unwrap_or(false)
    };
    if let Some(end) = fits.get_mut(n).and_then(|row| row.get_mut(m)) {
        *end = true;
    }
    for i in (0..n).rev() {
        for j in (0..=m).rev() {
            let (slots, tokens) = (n - i, m - j);
            if tokens > slots {
                continue;
            }
            let word = words.get(i).copied().unwrap_or(0);
            let take = j < m && set(j).binary_search(&word).is_ok() && cell(&fits, i + 1, j + 1);
            let skip = slots > tokens && cell(&fits, i + 1, j);
            if let Some(c) = fits.get_mut(i).and_then(|row| row.get_mut(j)) {
                *c = take || skip;
            }
        }
    }
    if !cell(&fits, 0, 0) {
        return None;
    }
    let (mut mask, mut j) = (0u32, 0);
    for i in 0..n {
        let missing_left = (n - i).saturating_sub(m.saturating_sub(j));
        if missing_left > 0 && cell(&fits, i + 1, j) {
            mask |= 1 << i;
        } else {
            j += 1;
        }
    }
    Some(mask)
}

/// One word list's share of a [`Space`]: the template read in it, and its word orders.
struct Part {
    template: Template,
    orders: Orders,
}

impl Part {
    /// The part of `template` (in its one language).
    ///
    /// # Errors
    /// [`Error::TooManyOrders`] or [`Error::TooManyExtraWords`] as [`Space::new`].
    fn new(template: Template) -> Result<Self> {
        let tokens = template.tokens();
        let eligible = tokens
            .windows(2)
            .enumerate()
            .filter(|(_, pair)| match pair {
                [a, b] => a.keep != b.keep || a.typo != b.typo,
                _ => false,
            })
            .fold(0u32, |mask, (i, _)| mask | 1 << i);
        let orders = if template.unordered() {
            Orders::Unordered(Arrangements::new(
                tokens.len(),
                template.anchored(),
                template.extra_words(),
            )?)
        } else {
            Orders::Swaps(Picks::disjoint_pairs(
                tokens.len().saturating_sub(1),
                eligible,
            ))
        };
        Ok(Self { template, orders })
    }
}

/// The product of the option counts of `template` in a class with typo set `typos` (None
/// on overflow).
fn words_of(template: &Template, typos: u32) -> Option<u128> {
    let mut product = 1u128;
    for (i, token) in template.tokens().iter().enumerate() {
        product = product.checked_mul(set_of(token, typos >> i & 1 == 1).len() as u128)?;
    }
    for _ in 0..template.missing() {
        product = product.checked_mul(words::LIST_LEN as u128)?;
    }
    Some(product)
}

/// Feeds `template`'s word order to `h`: unordered or not, the anchors, the extra words'
/// kinds and words.
fn hash_order(t: &Template, h: &mut Sha256) {
    h.update([u8::from(t.unordered())]);
    h.update(t.anchored().to_be_bytes());
    h.update((t.extras().len() as u64).to_be_bytes());
    for token in t.extras() {
        h.update([token.kind as u8]);
        h.update((token.keep.as_slice().len() as u64).to_be_bytes());
        for w in token.keep.as_slice() {
            h.update(w.to_be_bytes());
        }
    }
}
