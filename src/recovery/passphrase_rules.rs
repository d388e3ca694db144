//! Passphrase rules: every variant of a remembered passphrase (case changes, substitutions,
//! typos, appended digits and years) or every passphrase of a hashcat-style mask, counted
//! exactly before a search and listed by index, so shards and checkpoints split them as they
//! split a passphrase list.
//!
//! # Rule text
//!
//! A rule text is a comma-separated list of items, each at most once (spaces around items are
//! ignored); the empty text gives the base passphrase alone:
//!
//! | item | variants |
//! |---|---|
//! | `case` | the base as given, in lowercase, in uppercase, capitalised (first letter upper, the rest lower), and with the case of its first letter toggled; the same text once |
//! | `subst` | each subset of the substitutions `a→@`, `e→3`, `i→1`, `o→0`, `s→$`, `t→7`, `l→1` at each position holding one of those lowercase letters |
//! | `typos:N` | every text within Damerau–Levenshtein distance `N` (1 to [`PassphraseRules::MAX_TYPOS`]; deletions, insertions, substitutions and transpositions of adjacent characters) of a case and substitution variant |
//! | `alphabet:SPEC` | the characters typos insert and substitute: mask classes and literal ASCII characters as in a mask (`?l?d`, `abc`); `?a` (printable ASCII) if not given |
//! | `digits:N` or `digits:A-B` | appends `A` to `B` decimal digits (`N` alone means `0-N`), at most [`PassphraseRules::MAX_DIGITS`] |
//! | `years:A-B` | appends a year from `A` to `B` (0 to 9999, written without leading zeros) |
//!
//! Case changes touch ASCII letters only; other characters are kept as they are. The
//! suffixes given are united (`digits:0-2,years:1990-2025` tries no suffix, 1 or 2 digits, or
//! a year; `years:…` alone always appends a year); without a suffix item nothing is
//! appended. The variants are **deduplicated**: the same passphrase is never counted twice.
//!
//! # Masks
//!
//! A mask is text with classes, one character each: `?l` (`a`–`z`), `?u` (`A`–`Z`), `?d`
//! (`0`–`9`), `?s` (the 33 ASCII specials from space to `~`, in ASCII order), `?a` (`?l`,
//! `?u`, `?d`, `?s` in that order: 95 characters), `??` (a literal `?`); any other character
//! stands for itself. `Summer?d?d?s` is 10 × 10 × 33 = 3300 passphrases.
//!
//! # The order
//!
//! * A mask: a mixed-radix number, the first class most significant, each class in the
//!   order above.
//! * Rules without typos: the case variants in the order of the table (repeats dropped);
//!   within one, the substitution subsets as a binary number whose most significant bit is
//!   the leftmost substitutable letter (0: none); within one, the suffixes (none, then the
//!   digit strings by length and value, then the years not already among them, ascending).
//!   Every such variant has the base's length in bytes, so the product has no repeats.
//! * Rules with typos: the texts by distance from a case and substitution variant, nearest
//!   first, in the order they are first reached; then each with every suffix, a repeat
//!   dropped where it first recurs. These are listed in memory when the rules are built (at
//!   most [`PassphraseRules::MAX_LISTED`], each at most [`PassphraseRules::MAX_BYTES`]), in a buffer wiped on drop;
//!   a step whose edits could pass four times that bound (or 128 MiB) is refused before it
//!   is listed.
//!
//! # Security
//!
//! The base passphrase and every variant are secrets. Building rules with typos compares and
//! sorts the variants (variable-time in their text) and [`PassphraseRules::nth`] branches on
//! the base's letters to apply case changes and substitutions: a recovery search runs on a
//! machine nobody else uses (see `SECURITY.md`). The base, the listed variants and each
//! returned passphrase are held in buffers wiped on drop; the listing grows by copying into a
//! new buffer and wiping the old one, so no freed copy remains.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use sha2::{Digest, Sha256};
use zeroize::{Zeroize, Zeroizing};

/// The most bytes of a base passphrase, a mask's output, or any variant.
const MAX_PASSPHRASE_BYTES: usize = 256;

/// The most variants listed in memory (rules with typos), and the most a listing step may
/// produce before repeats are dropped (four times this).
const MAX_LISTED: usize = 1 << 22;

/// The most bytes of all variants listed while building (repeats included).
const MAX_ARENA_BYTES: usize = 1 << 27;

/// The largest typo distance.
const MAX_TYPOS: u8 = 3;

/// The most digits appended.
const MAX_DIGITS: u8 = 18;

/// The substitutions of `subst`: a lowercase letter and what it may become.
const SUBSTITUTIONS: [(u8, u8); 7] = [
    (b'a', b'@'),
    (b'e', b'3'),
    (b'i', b'1'),
    (b'o', b'0'),
    (b's', b'$'),
    (b't', b'7'),
    (b'l', b'1'),
];

/// `?s`: the ASCII specials in ASCII order.
const SPECIALS: &[u8] = b" !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS: &[u8] = b"0123456789";

/// What a rule text, a mask or a base passphrase can get wrong. No variant carries any of
/// the passphrase's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PassphraseRuleError {
    /// An item of the rule text is not one of the documented items, or its argument does not
    /// parse (zero-based item number).
    InvalidRule {
        /// The item's position in the comma-separated list, from 0.
        item: usize,
    },
    /// An item is given twice.
    DuplicateRule {
        /// The second occurrence's position, from 0.
        item: usize,
    },
    /// `alphabet:` without `typos:`.
    AlphabetWithoutTypos,
    /// A mask or alphabet with `?` followed by something other than `l`, `u`, `d`, `s`, `a`
    /// or `?` (or by nothing), at this byte offset.
    InvalidMaskClass {
        /// The byte offset of the `?`.
        offset: usize,
    },
    /// A base passphrase, mask or variant over [`PassphraseRules::MAX_BYTES`].
    TooLong {
        /// The limit.
        max: usize,
    },
    /// The number of passphrases is 2¹²⁸ or more.
    CountOverflow,
    /// Rules with typos would list more than [`PassphraseRules::MAX_LISTED`] variants.
    TooManyVariants {
        /// The limit.
        max: usize,
    },
    /// An index at or past the count.
    IndexOutOfRange {
        /// The index.
        index: u128,
        /// The count.
        count: u128,
    },
}

impl fmt::Display for PassphraseRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::InvalidRule { item } => write!(
                f,
                "passphrase rule item {} is not case, subst, typos:N, alphabet:SPEC, digits:A-B or years:A-B within bounds",
                item + 1
            ),
            Self::DuplicateRule { item } => {
                write!(f, "passphrase rule item {} repeats an earlier item", item + 1)
            }
            Self::AlphabetWithoutTypos => {
                f.write_str("the passphrase rule alphabet: needs typos:N")
            }
            Self::InvalidMaskClass { offset } => write!(
                f,
                "the ? at byte {} is not ?l, ?u, ?d, ?s, ?a or ??",
                offset + 1
            ),
            Self::TooLong { max } => write!(f, "a passphrase is longer than {max} bytes"),
            Self::CountOverflow => f.write_str("the passphrase rules give 2^128 passphrases or more"),
            Self::TooManyVariants { max } => write!(
                f,
                "the passphrase typos give more than {max} variants (fewer typos, a smaller alphabet)"
            ),
            Self::IndexOutOfRange { index, count } => {
                write!(f, "passphrase index {index} is outside {count} passphrases")
            }
        }
    }
}

impl PassphraseRuleError {
    /// The variant's name (`"InvalidRule"`, `"InvalidMaskClass"`, …): what the bindings give
    /// as an error's kind.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::InvalidRule { .. } => "InvalidRule",
            Self::DuplicateRule { .. } => "DuplicateRule",
            Self::AlphabetWithoutTypos => "AlphabetWithoutTypos",
            Self::InvalidMaskClass { .. } => "InvalidMaskClass",
            Self::TooLong { .. } => "TooLong",
            Self::CountOverflow => "CountOverflow",
            Self::TooManyVariants { .. } => "TooManyVariants",
            Self::IndexOutOfRange { .. } => "IndexOutOfRange",
        }
    }
}

impl core::error::Error for PassphraseRuleError {}

/// One position of a mask: a fixed byte or a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MaskItem {
    /// A literal byte (`??` is a literal `?`); a multi-byte character is several.
    Literal(u8),
    /// A class: its characters in order.
    Class(&'static [u8]),
}

/// The characters of `?a`, in order.
const ALL_PRINTABLE: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/// A mask's or alphabet's items. The text is public (a mask is a pattern, not a secret).
fn parse_mask(text: &str) -> Result<Vec<MaskItem>, PassphraseRuleError> {
    if text.len() > MAX_PASSPHRASE_BYTES {
        return Err(PassphraseRuleError::TooLong {
            max: MAX_PASSPHRASE_BYTES,
        });
    }
    let bytes = text.as_bytes();
    let mut items = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        if b == b'?' {
            let class = match bytes.get(at + 1) {
                Some(b'l') => MaskItem::Class(LOWER),
                Some(b'u') => MaskItem::Class(UPPER),
                Some(b'd') => MaskItem::Class(DIGITS),
                Some(b's') => MaskItem::Class(SPECIALS),
                Some(b'a') => MaskItem::Class(ALL_PRINTABLE),
                Some(b'?') => MaskItem::Literal(b'?'),
                Some(_) | None => {
                    return Err(PassphraseRuleError::InvalidMaskClass { offset: at });
                }
            };
            items.push(class);
            at += 2;
        } else {
            items.push(MaskItem::Literal(b));
            at += 1;
        }
    }
    Ok(items)
}

/// The appended suffixes: digit strings of `digits` lengths, and the years of `years` not
/// among them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Suffixes {
    digits: Option<(u8, u8)>,
    years: Option<(u16, u16)>,
}

impl Suffixes {
    const fn none() -> Self {
        Self {
            digits: None,
            years: None,
        }
    }

    /// Whether a year's text is also a digit string of the `digits` lengths.
    fn year_is_digits(&self, year: u16) -> bool {
        let len = decimal_len(year);
        self.digits.is_some_and(|(a, b)| (a..=b).contains(&len))
    }

    fn digit_count(&self) -> u128 {
        self.digits.map_or(0, |(a, b)| {
            (a..=b).map(|len| 10u128.pow(u32::from(len))).sum::<u128>()
        })
    }

    fn count(&self) -> u128 {
        if self.digits.is_none() && self.years.is_none() {
            return 1;
        }
        let years = self.years.map_or(0, |(a, b)| {
            (a..=b).filter(|&y| !self.year_is_digits(y)).count() as u128
        });
        self.digit_count() + years
    }

    /// Appends suffix `index` (below [`Self::count`]) to `out`.
    fn write(&self, index: u128, out: &mut Vec<u8>) {
        if self.digits.is_none() && self.years.is_none() {
            return;
        }
        let mut rest = index;
        if let Some((a, b)) = self.digits {
            for len in a..=b {
                let n = 10u128.pow(u32::from(len));
                if rest < n {
                    let mut place = n;
                    for _ in 0..len {
                        place /= 10;
                        let digit = (rest / place) % 10;
                        out.push(b'0' + digit_byte(digit));
                    }
                    return;
                }
                rest -= n;
            }
        }
        if let Some((a, b)) = self.years {
            let mut seen = 0u128;
            for year in a..=b {
                if self.year_is_digits(year) {
                    continue;
                }
                if seen == rest {
                    let mut text = [0u8; 5];
                    let len = usize::from(decimal_len(year));
                    let mut y = year;
                    for slot in text.iter_mut().take(len).rev() {
                        *slot = b'0' + digit_byte(u128::from(y % 10));
                        y /= 10;
                    }
                    out.extend_from_slice(text.get(..len).unwrap_or_default());
                    return;
                }
                seen += 1;
            }
        }
    }

    /// The longest suffix in bytes.
    fn max_len(&self) -> usize {
        let digits = self.digits.map_or(0, |(_, b)| usize::from(b));
        let years = self.years.map_or(0, |(_, b)| usize::from(decimal_len(b)));
        digits.max(years)
    }
}

/// A decimal digit (below 10) as a byte offset from `'0'`.
#[allow(clippy::cast_possible_truncation)] // callers pass `x % 10`
const fn digit_byte(digit: u128) -> u8 {
    (digit % 10) as u8
}

/// The number of decimal digits of `year` (1 for 0).
const fn decimal_len(year: u16) -> u8 {
    match year {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        10000..=u16::MAX => 5,
    }
}

/// The parsed items of a rule text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Rules {
    case: bool,
    subst: bool,
    typos: u8,
    alphabet: Option<Vec<MaskItem>>,
    suffixes: Suffixes,
}

fn parse_number<T: core::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `A-B` (or, with `single_is_upper`, `N` for `0-N`).
fn parse_range<T: core::str::FromStr + Default + PartialOrd>(
    text: &str,
    single_is_upper: bool,
) -> Option<(T, T)> {
    match text.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (parse_number(a)?, parse_number(b)?);
            (a <= b).then_some((a, b))
        }
        None if single_is_upper => Some((T::default(), parse_number(text)?)),
        None => None,
    }
}

impl Rules {
    fn parse(text: &str) -> Result<Self, PassphraseRuleError> {
        let mut rules = Self {
            case: false,
            subst: false,
            typos: 0,
            alphabet: None,
            suffixes: Suffixes::none(),
        };
        let mut seen = [false; 6];
        if text.trim().is_empty() {
            return Ok(rules);
        }
        for (item, part) in text.split(',').enumerate() {
            let part = part.trim();
            let invalid = PassphraseRuleError::InvalidRule { item };
            let (name, arg) = match part.split_once(':') {
                Some((name, arg)) => (name, Some(arg)),
                None => (part, None),
            };
            let slot = match (name, arg) {
                ("case", None) => {
                    rules.case = true;
                    0
                }
                ("subst", None) => {
                    rules.subst = true;
                    1
                }
                ("typos", Some(n)) => {
                    let n: u8 = parse_number(n).ok_or(invalid)?;
                    if n == 0 || n > MAX_TYPOS {
                        return Err(invalid);
                    }
                    rules.typos = n;
                    2
                }
                ("alphabet", Some(spec)) => {
                    let items = parse_mask(spec)?;
                    let ascii = items.iter().all(|i| match *i {
                        MaskItem::Literal(b) => b.is_ascii(),
                        MaskItem::Class(_) => true,
                    });
                    if items.is_empty() || !ascii {
                        return Err(invalid);
                    }
                    rules.alphabet = Some(items);
                    3
                }
                ("digits", Some(range)) => {
                    let (a, b): (u8, u8) = parse_range(range, true).ok_or(invalid)?;
                    if b > MAX_DIGITS {
                        return Err(invalid);
                    }
                    rules.suffixes.digits = Some((a, b));
                    4
                }
                ("years", Some(range)) => {
                    let (a, b): (u16, u16) = parse_range(range, false).ok_or(invalid)?;
                    if b > 9999 {
                        return Err(invalid);
                    }
                    rules.suffixes.years = Some((a, b));
                    5
                }
                _ => return Err(invalid),
            };
            let flag = seen.get_mut(slot).ok_or(invalid)?;
            if *flag {
                return Err(PassphraseRuleError::DuplicateRule { item });
            }
            *flag = true;
        }
        if rules.alphabet.is_some() && rules.typos == 0 {
            return Err(PassphraseRuleError::AlphabetWithoutTypos);
        }
        Ok(rules)
    }
}

/// The case variants of `base` (ASCII letters only), in the documented order, repeats
/// dropped, each in a wiped buffer.
fn case_variants(base: &[u8], case: bool) -> Vec<Zeroizing<Vec<u8>>> {
    let copy = |f: &dyn Fn(usize, u8) -> u8| {
        let mut v = Zeroizing::new(Vec::with_capacity(base.len()));
        v.extend(base.iter().enumerate().map(|(i, &b)| f(i, b)));
        v
    };
    let mut out: Vec<Zeroizing<Vec<u8>>> = Vec::with_capacity(5);
    out.push(copy(&|_, b| b));
    if case {
        let candidates = [
            copy(&|_, b| b.to_ascii_lowercase()),
            copy(&|_, b| b.to_ascii_uppercase()),
            copy(&|i, b| {
                if i == 0 {
                    b.to_ascii_uppercase()
                } else {
                    b.to_ascii_lowercase()
                }
            }),
            copy(&|i, b| {
                if i != 0 {
                    b
                } else if b.is_ascii_lowercase() {
                    b.to_ascii_uppercase()
                } else {
                    b.to_ascii_lowercase()
                }
            }),
        ];
        for c in candidates {
            if !out.iter().any(|o| **o == *c) {
                out.push(c);
            }
        }
    }
    out
}

/// The substitute of a byte under `subst`, if it has one.
fn substitute(b: u8) -> Option<u8> {
    SUBSTITUTIONS
        .iter()
        .find(|&&(from, _)| from == b)
        .map(|&(_, to)| to)
}

/// The number of substitutable bytes of `text`.
fn substitutable(text: &[u8]) -> u32 {
    text.iter()
        .filter(|&&b| substitute(b).is_some())
        .count()
        .try_into()
        .unwrap_or(u32::MAX)
}

/// Appends `text` with subset `subset` of its substitutable bytes substituted (the leftmost
/// is the most significant bit of `bits`-bit `subset`; `bits` 0, as without `subst`, copies
/// `text`).
fn write_substituted(text: &[u8], subset: u128, bits: u32, out: &mut Vec<u8>) {
    if bits == 0 {
        out.extend_from_slice(text);
        return;
    }
    let mut position = 0u32;
    for &b in text {
        match substitute(b) {
            Some(to) => {
                position += 1;
                let bit = bits.saturating_sub(position);
                out.push(if (subset >> bit) & 1 == 1 { to } else { b });
            }
            None => out.push(b),
        }
    }
}

/// Byte strings in one growing buffer that is wiped on drop and never reallocated in place
/// (growth copies into a new buffer and wipes the old one).
struct Arena {
    bytes: Zeroizing<Vec<u8>>,
    spans: Vec<(u32, u16)>,
}

impl Arena {
    fn new() -> Self {
        Self {
            bytes: Zeroizing::new(Vec::with_capacity(4096)),
            spans: Vec::new(),
        }
    }

    /// Adds the concatenation of `parts` as one string.
    fn push(&mut self, parts: &[&[u8]]) -> Result<(), PassphraseRuleError> {
        let len: usize = parts.iter().map(|p| p.len()).sum();
        if len > MAX_PASSPHRASE_BYTES {
            return Err(PassphraseRuleError::TooLong {
                max: MAX_PASSPHRASE_BYTES,
            });
        }
        if self.spans.len() >= 4 * MAX_LISTED || self.bytes.len() + len > MAX_ARENA_BYTES {
            return Err(PassphraseRuleError::TooManyVariants { max: MAX_LISTED });
        }
        if self.bytes.len() + len > self.bytes.capacity() {
            let mut grown = Zeroizing::new(Vec::with_capacity(
                (self.bytes.capacity() * 2).max(self.bytes.len() + len),
            ));
            grown.extend_from_slice(&self.bytes);
            self.bytes = grown; // the old buffer is wiped as it drops
        }
        let start = u32::try_from(self.bytes.len())
            .map_err(|_| PassphraseRuleError::TooManyVariants { max: MAX_LISTED })?;
        for part in parts {
            self.bytes.extend_from_slice(part);
        }
        let len = u16::try_from(len).map_err(|_| PassphraseRuleError::TooLong {
            max: MAX_PASSPHRASE_BYTES,
        })?;
        self.spans.push((start, len));
        Ok(())
    }

    fn get(&self, i: usize) -> &[u8] {
        self.spans.get(i).map_or(&[], |&(start, len)| {
            let start = start as usize;
            self.bytes
                .get(start..start + usize::from(len))
                .unwrap_or_default()
        })
    }

    /// An upper bound of the single edits of the strings in `range` over an alphabet of `k`
    /// characters: `n` deletions, `n × k` substitutions, `(n + 1) × k` insertions and `n`
    /// transpositions for a string of `n` characters.
    fn edits_bound(&self, range: core::ops::Range<usize>, k: usize) -> usize {
        range.fold(0usize, |total, i| {
            let n = core::str::from_utf8(self.get(i)).map_or(0, |t| t.chars().count());
            total.saturating_add(2 * n + n * k + (n + 1) * k)
        })
    }

    /// Keeps the first occurrence of each string among `from..`, dropping those equal to an
    /// earlier one (before or after `from`), the order otherwise kept. Variable-time.
    fn dedup_from(&mut self, from: usize) {
        let mut order: Vec<usize> = (0..self.spans.len()).collect();
        order.sort_by(|&a, &b| self.get(a).cmp(self.get(b)).then(a.cmp(&b)));
        let mut keep = alloc::vec![true; self.spans.len()];
        for pair in order.windows(2) {
            if let [a, b] = *pair {
                if self.get(a) == self.get(b) {
                    if let Some(k) = keep.get_mut(b) {
                        *k = false;
                    }
                }
            }
        }
        let mut i = 0;
        self.spans.retain(|_| {
            let k = i < from || keep.get(i).copied().unwrap_or(false);
            i += 1;
            k
        });
        order.zeroize();
    }
}

/// The alphabet's characters as UTF-8 byte strings.
fn alphabet_chars(items: &[MaskItem]) -> Vec<[u8; 1]> {
    let mut out: Vec<[u8; 1]> = Vec::new();
    for item in items {
        match *item {
            MaskItem::Literal(b) => {
                if !out.contains(&[b]) {
                    out.push([b]);
                }
            }
            MaskItem::Class(chars) => {
                for &c in chars {
                    if !out.contains(&[c]) {
                        out.push([c]);
                    }
                }
            }
        }
    }
    out
}

/// Appends every text one edit from `text` (UTF-8) to `arena`: deletions, insertions and
/// substitutions over `alphabet`, and transpositions of adjacent characters.
fn push_edits(
    text: &[u8],
    alphabet: &[[u8; 1]],
    arena: &mut Arena,
) -> Result<(), PassphraseRuleError> {
    let Ok(s) = core::str::from_utf8(text) else {
        return Ok(());
    };
    let bounds: Vec<(usize, usize)> = s
        .char_indices()
        .map(|(i, c)| (i, i + c.len_utf8()))
        .collect();
    let at = |a: usize, b: usize| text.get(a..b).unwrap_or_default();
    for &(start, end) in &bounds {
        arena.push(&[at(0, start), at(end, text.len())])?;
        for c in alphabet {
            if at(start, end) != c.as_slice() {
                arena.push(&[at(0, start), c, at(end, text.len())])?;
            }
        }
    }
    for gap in bounds.iter().map(|&(s, _)| s).chain([text.len()]) {
        for c in alphabet {
            arena.push(&[at(0, gap), c, at(gap, text.len())])?;
        }
    }
    for pair in bounds.windows(2) {
        if let [(s0, e0), (s1, e1)] = *pair {
            if at(s0, e0) != at(s1, e1) {
                arena.push(&[at(0, s0), at(s1, e1), at(s0, e0), at(e1, text.len())])?;
            }
        }
    }
    Ok(())
}

/// Every variant of rules with typos, listed: the case and substitution variants, their
/// typo neighbourhoods by distance, then each with every suffix; repeats dropped where they
/// first recur.
fn list_typos(
    variants: &[(Zeroizing<Vec<u8>>, u32)],
    rules: &Rules,
    per_suffix: u128,
) -> Result<Arena, PassphraseRuleError> {
    let alphabet = alphabet_chars(
        rules
            .alphabet
            .as_deref()
            .unwrap_or(&[MaskItem::Class(ALL_PRINTABLE)]),
    );
    let mut arena = Arena::new();
    let mut scratch = Zeroizing::new(Vec::with_capacity(MAX_PASSPHRASE_BYTES));
    for (v, bits) in variants {
        let subsets = 1u128
            .checked_shl(*bits)
            .filter(|_| *bits < 23)
            .ok_or(PassphraseRuleError::TooManyVariants { max: MAX_LISTED })?;
        for subset in 0..subsets {
            scratch.clear();
            write_substituted(v, subset, *bits, &mut scratch);
            arena.push(&[&scratch])?;
        }
    }
    arena.dedup_from(0);
    let mut frontier = 0..arena.spans.len();
    for _ in 0..rules.typos {
        let start = arena.spans.len();
        let bound = arena.edits_bound(frontier.clone(), alphabet.len());
        if start.saturating_add(bound) > 4 * MAX_LISTED {
            return Err(PassphraseRuleError::TooManyVariants { max: MAX_LISTED });
        }
        for i in frontier {
            scratch.clear();
            scratch.extend_from_slice(arena.get(i));
            push_edits(&scratch, &alphabet, &mut arena)?;
        }
        arena.dedup_from(start);
        frontier = start..arena.spans.len();
        if arena.spans.len() > MAX_LISTED {
            return Err(PassphraseRuleError::TooManyVariants { max: MAX_LISTED });
        }
    }
    if per_suffix > 1 || rules.suffixes.digits.is_some() || rules.suffixes.years.is_some() {
        let stems = arena.spans.len();
        let total = (stems as u128).saturating_mul(per_suffix);
        if total > 4 * MAX_LISTED as u128 {
            return Err(PassphraseRuleError::TooManyVariants { max: MAX_LISTED });
        }
        let mut listed = Arena::new();
        let mut suffix = Zeroizing::new(Vec::with_capacity(MAX_PASSPHRASE_BYTES));
        for i in 0..stems {
            for s in 0..per_suffix {
                suffix.clear();
                rules.suffixes.write(s, &mut suffix);
                listed.push(&[arena.get(i), &suffix])?;
            }
        }
        listed.dedup_from(0);
        arena = listed;
    }
    if arena.spans.len() > MAX_LISTED {
        return Err(PassphraseRuleError::TooManyVariants { max: MAX_LISTED });
    }
    Ok(arena)
}

/// What a [`PassphraseRules`] enumerates.
enum Kind {
    /// A mask's positions.
    Mask(Vec<MaskItem>),
    /// Case and substitution variants times suffixes, computed at each index.
    Product {
        /// The case variants, each with its substitutable-letter count (0 without `subst`).
        variants: Vec<(Zeroizing<Vec<u8>>, u32)>,
        suffixes: Suffixes,
        /// Suffixes per variant.
        per_suffix: u128,
    },
    /// Every variant, listed.
    Listed(Arena),
}

/// The passphrases of a rule text over a base passphrase, or of a mask: an exact count and
/// the passphrase at each index (see the [module docs](self) for the syntax and order).
///
/// # Examples
///
/// ```
/// use fastbip32::recovery::PassphraseRules;
///
/// let rules = PassphraseRules::from_rules("summer", "case,digits:0-1")?;
/// assert_eq!(rules.count(), 3 * 11); // summer, SUMMER, Summer; no digit or one
/// assert_eq!(rules.nth(0)?.as_str(), "summer");
/// assert_eq!(rules.nth(11 + 10)?.as_str(), "SUMMER9");
///
/// let mask = PassphraseRules::from_mask("Summer?d?d?s")?;
/// assert_eq!(mask.count(), 3300);
/// assert_eq!(mask.nth(3299)?.as_str(), "Summer99~");
/// # Ok::<(), fastbip32::recovery::PassphraseRuleError>(())
/// ```
pub struct PassphraseRules {
    kind: Kind,
    count: u128,
    /// A hash of the base passphrase and the rule text, or of the mask: what a checkpoint
    /// records of the rules. Wiped on drop (it hashes the base).
    identity: Zeroizing<[u8; 32]>,
}

/// The hash of a mask (`base` empty, `rules` `None`) or of rule text over a base: its kind,
/// then each part with its length.
fn identity(mask_or_base: &str, rules: Option<&str>) -> Zeroizing<[u8; 32]> {
    let mut h = Sha256::new();
    h.update(b"fastbip32 passphrase rules 1\0");
    match rules {
        None => h.update(b"mask\0"),
        Some(text) => {
            h.update(b"rules\0");
            h.update((text.len() as u64).to_be_bytes());
            h.update(text.as_bytes());
        }
    }
    h.update((mask_or_base.len() as u64).to_be_bytes());
    h.update(mask_or_base.as_bytes());
    Zeroizing::new(h.finalize().into())
}

impl fmt::Debug for PassphraseRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassphraseRules")
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

impl PassphraseRules {
    /// The most bytes of a base passphrase, a mask's output, or any variant.
    pub const MAX_BYTES: usize = MAX_PASSPHRASE_BYTES;
    /// The most variants listed in memory (rules with typos); a listing step may produce four
    /// times as many before repeats are dropped.
    pub const MAX_LISTED: usize = MAX_LISTED;
    /// The largest typo distance.
    pub const MAX_TYPOS: u8 = MAX_TYPOS;
    /// The most digits appended.
    pub const MAX_DIGITS: u8 = MAX_DIGITS;

    /// The passphrases of `mask`.
    ///
    /// # Errors
    ///
    /// [`PassphraseRuleError::InvalidMaskClass`], [`PassphraseRuleError::TooLong`] (a mask
    /// over [`PassphraseRules::MAX_BYTES`]), [`PassphraseRuleError::CountOverflow`].
    pub fn from_mask(mask: &str) -> Result<Self, PassphraseRuleError> {
        let items = parse_mask(mask)?;
        let mut count: u128 = 1;
        for item in &items {
            if let MaskItem::Class(chars) = *item {
                count = count
                    .checked_mul(chars.len() as u128)
                    .ok_or(PassphraseRuleError::CountOverflow)?;
            }
        }
        Ok(Self {
            kind: Kind::Mask(items),
            count,
            identity: identity(mask, None),
        })
    }

    /// The passphrases of `rule` over `base`, as the command line's `--passphrase-rule`
    /// takes it: the text `mask` (spaces around it ignored) makes `base` a mask
    /// ([`Self::from_mask`]); any other text is a rule list over `base`
    /// ([`Self::from_rules`]).
    ///
    /// # Errors
    ///
    /// Those of [`Self::from_mask`] or [`Self::from_rules`].
    ///
    /// # Security
    ///
    /// As [`Self::from_rules`].
    pub fn parse(base: &str, rule: &str) -> Result<Self, PassphraseRuleError> {
        if rule.trim() == "mask" {
            Self::from_mask(base)
        } else {
            Self::from_rules(base, rule)
        }
    }

    /// The passphrases of rule text `rules` over `base`.
    ///
    /// # Errors
    ///
    /// [`PassphraseRuleError::InvalidRule`], [`PassphraseRuleError::DuplicateRule`],
    /// [`PassphraseRuleError::AlphabetWithoutTypos`] and
    /// [`PassphraseRuleError::InvalidMaskClass`] for the text;
    /// [`PassphraseRuleError::TooLong`] for a base or variant over [`PassphraseRules::MAX_BYTES`];
    /// [`PassphraseRuleError::CountOverflow`]; [`PassphraseRuleError::TooManyVariants`] for
    /// typos that would list more than [`PassphraseRules::MAX_LISTED`] variants.
    ///
    /// # Security
    ///
    /// With typos, the variants are compared and sorted in variable time (see the
    /// [module docs](self)).
    pub fn from_rules(base: &str, rules: &str) -> Result<Self, PassphraseRuleError> {
        let id = identity(base, Some(rules));
        let rules = Rules::parse(rules)?;
        if base.len() + rules.suffixes.max_len() > MAX_PASSPHRASE_BYTES {
            return Err(PassphraseRuleError::TooLong {
                max: MAX_PASSPHRASE_BYTES,
            });
        }
        let variants: Vec<(Zeroizing<Vec<u8>>, u32)> = case_variants(base.as_bytes(), rules.case)
            .into_iter()
            .map(|v| {
                let bits = if rules.subst { substitutable(&v) } else { 0 };
                (v, bits)
            })
            .collect();
        let per_suffix = rules.suffixes.count();
        if rules.typos == 0 {
            let mut stems: u128 = 0;
            for &(_, bits) in &variants {
                let n = 1u128
                    .checked_shl(bits)
                    .filter(|_| bits < 128)
                    .ok_or(PassphraseRuleError::CountOverflow)?;
                stems = stems
                    .checked_add(n)
                    .ok_or(PassphraseRuleError::CountOverflow)?;
            }
            let count = stems
                .checked_mul(per_suffix)
                .ok_or(PassphraseRuleError::CountOverflow)?;
            return Ok(Self {
                kind: Kind::Product {
                    variants,
                    suffixes: rules.suffixes,
                    per_suffix,
                },
                count,
                identity: id,
            });
        }
        let arena = list_typos(&variants, &rules, per_suffix)?;
        let count = arena.spans.len() as u128;
        Ok(Self {
            kind: Kind::Listed(arena),
            count,
            identity: id,
        })
    }

    /// The number of passphrases: every index below it gives a different passphrase.
    pub const fn count(&self) -> u128 {
        self.count
    }

    /// A hash of the base and the rule text (or of the mask): what defines the list.
    pub(super) fn identity(&self) -> &[u8; 32] {
        &self.identity
    }

    /// The passphrase at `index`, in a buffer wiped on drop.
    ///
    /// # Errors
    ///
    /// [`PassphraseRuleError::IndexOutOfRange`] for an index at or past [`Self::count`].
    ///
    /// # Security
    ///
    /// Branches on the base passphrase's letters (case changes, substitutions) and on the
    /// index.
    pub fn nth(&self, index: u128) -> Result<Zeroizing<String>, PassphraseRuleError> {
        if index >= self.count {
            return Err(PassphraseRuleError::IndexOutOfRange {
                index,
                count: self.count,
            });
        }
        let mut out = Zeroizing::new(Vec::with_capacity(MAX_PASSPHRASE_BYTES));
        match &self.kind {
            Kind::Mask(items) => {
                let mut rest = index;
                let mut place = self.count;
                for item in items {
                    match *item {
                        MaskItem::Literal(b) => out.push(b),
                        MaskItem::Class(chars) => {
                            place /= chars.len() as u128;
                            let digit = usize::try_from(rest / place).unwrap_or(usize::MAX);
                            rest %= place;
                            out.push(chars.get(digit).copied().unwrap_or(b'?'));
                        }
                    }
                }
            }
            Kind::Product {
                variants,
                suffixes,
                per_suffix,
            } => {
                let mut stem = index / per_suffix;
                let suffix = index % per_suffix;
                for (text, bits) in variants {
                    let n = 1u128 << bits;
                    if stem < n {
                        write_substituted(text, stem, *bits, &mut out);
                        suffixes.write(suffix, &mut out);
                        break;
                    }
                    stem -= n;
                }
            }
            Kind::Listed(arena) => {
                let i = usize::try_from(index).unwrap_or(usize::MAX);
                out.extend_from_slice(arena.get(i));
            }
        }
        let mut text = Zeroizing::new(String::with_capacity(out.len()));
        // Every part is UTF-8: the base, ASCII substitutions and suffixes, and edits at
        // character boundaries with ASCII alphabet characters.
        text.push_str(core::str::from_utf8(&out).unwrap_or_default());
        Ok(text)
    }
}
