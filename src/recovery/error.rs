//! The recovery module's error type.

use core::fmt;

use super::slip39::Slip39Error;

/// A specialised [`core::result::Result`] for [`recovery`](super).
pub type Result<T> = core::result::Result<T, Error>;

/// Everything that can go wrong in [`recovery`](super): a template or option the search cannot
/// take, an index or range outside a space, a shard, a checkpoint.
///
/// Positions are zero-based numbers of a template's tokens (whitespace-separated, a `{…}` list
/// counting as one); [`Display`](fmt::Display) counts from 1, as a person does. No variant
/// carries a word, a candidate or a passphrase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The template has no tokens.
    EmptyTemplate,
    /// A token is none of a word, `?`, `{a,b,…}` or `prefix*` (a stray `*`, `?`, `,`, `{` or
    /// `}`; an unclosed or empty list, an empty list item).
    InvalidToken {
        /// The token's position.
        position: usize,
    },
    /// A word is not in the word list, and no `--typos` allow it to be a misspelling.
    UnknownWord {
        /// The token's position.
        position: usize,
    },
    /// An item of a `{…}` list is not in the word list (a word), or no word matches it
    /// (a pattern: `ab*`, `*ab`, `a*b`, `a?c`).
    UnknownListItem {
        /// The list's position.
        position: usize,
        /// The item's zero-based number in the list.
        item: usize,
    },
    /// No word of the list matches a pattern token (`ab*`, `*ab`, `a*b`, `a?c`).
    NoWordWithPrefix {
        /// The token's position.
        position: usize,
    },
    /// More words are outside the word list than `--typos` allows to be misspelt.
    TooManyUnknownWords {
        /// How many words are outside the list.
        unknown: usize,
        /// The number of typos allowed.
        typos: usize,
    },
    /// No language was given and the template has no word, list item or prefix to tell the
    /// word lists apart (only `?` and `*`). A template whose words fit several lists is
    /// searched in each of them ([`Template::languages`](super::Template::languages)).
    AmbiguousLanguage,
    /// The phrase would have a word count BIP-39 does not define (12, 15, 18, 21 or 24): the
    /// template's tokens plus the missing words, or the length asked for.
    InvalidWordCount {
        /// The word count.
        count: usize,
    },
    /// More words are missing than the phrase has.
    MissingExceedsLength {
        /// The number of missing words.
        missing: usize,
        /// The phrase length.
        length: usize,
    },
    /// The template's tokens plus the missing words are not the phrase length asked for.
    LengthMismatch {
        /// The template's tokens.
        words: usize,
        /// The number of missing words.
        missing: usize,
        /// The phrase length asked for.
        length: usize,
    },
    /// An `--unordered` template with an option that changes the words' order or count
    /// (`missing`, `typos` or `swaps`), or a `^word` or `+word` token without `--unordered`
    /// (`unordered`).
    UnorderedOption {
        /// The option: `missing`, `typos`, `swaps` or `unordered`.
        option: &'static str,
    },
    /// An `--unordered` template whose words have more orders than
    /// [`MAX_ORDERS`](super::MAX_ORDERS): anchor more words, or give fewer extra words.
    TooManyOrders {
        /// The number of orders (saturating).
        orders: u64,
        /// The most orders a template may have.
        max: u64,
    },
    /// More extra words (`+word`) than fit: the free words and the extra words are at most
    /// 24.
    TooManyExtraWords {
        /// The extra words given.
        extra: usize,
        /// The most extra words this template may have.
        max: usize,
    },
    /// A passphrase list without a passphrase.
    EmptyPassphraseList,
    /// The space has 2¹²⁸ candidates or more.
    SpaceTooLarge,
    /// The combination of typos and swaps needs more layouts than the space indexes
    /// ([`MAX_LAYOUTS`](super::MAX_LAYOUTS)): fewer typos or swaps.
    TooManyLayouts {
        /// The number of layouts the combination needs (saturating).
        layouts: u64,
        /// The most layouts a space indexes.
        max: u64,
    },
    /// An index at or past the end of the space.
    IndexOutOfRange {
        /// The index.
        index: u128,
        /// The size of the space.
        size: u128,
    },
    /// A range that is not inside the space (its end past the size, or its start past its end).
    InvalidRange {
        /// The range's start.
        start: u128,
        /// The range's end (exclusive).
        end: u128,
        /// The size of the space.
        size: u128,
    },
    /// A candidate that is not in the space (or not a candidate: a word count other than the
    /// space's, a word index of 2048 or more, a passphrase number past the list).
    NotInSpace,
    /// A shard number outside `0..shards`, or zero shards.
    InvalidShard {
        /// The shard asked for (zero-based).
        shard: u64,
        /// The number of shards.
        shards: u64,
    },
    /// A name that is no slug or symbol of the coin registry.
    UnknownCoin,
    /// A wallet preset with no path for the search's coin.
    UnsupportedWallet {
        /// The wallet (`metamask`).
        wallet: &'static str,
        /// The coin (`solana`).
        coin: &'static str,
    },
    /// Addresses of several coins, with no coin they can all belong to.
    SeveralCoins {
        /// The coin of the first address.
        first: &'static str,
        /// The coin of an address that differs.
        second: &'static str,
    },
    /// A chain selection other than `receive`, `change`, `both`.
    UnknownChange,
    /// A seed kind other than `bip39` or `electrum`.
    UnknownSeedKind,
    /// Electrum seeds on a coin other than Bitcoin: Electrum's wallets are Bitcoin's.
    ElectrumCoin,
    /// A SLIP-39 share of a share set that cannot be decoded.
    Slip39Share {
        /// The share's number in the set, from 1.
        share: usize,
        /// What is wrong with it.
        error: Slip39Error,
    },
    /// A SLIP-39 share set whose shares cannot be combined with any word at the unknown
    /// position: not of one set, not the set's counts of groups and members, or a digest
    /// that never matches.
    Slip39Set {
        /// Why the shares do not combine.
        error: Slip39Error,
    },
    /// A SLIP-39 share set with other than one unknown word (`?`).
    Slip39UnknownWords {
        /// The `?` words in the set.
        count: usize,
    },
    /// More shares than a SLIP-39 set has (16 groups of 16 members).
    TooManyShares {
        /// The shares given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// Address text that is no address of a coin of the registry.
    InvalidAddress,
    /// A descriptor of several keys, without a key origin, or whose first key has no path.
    UnsupportedDescriptor,
    /// Nothing of the target can match on the search's coin.
    EmptyTarget,
    /// A count above its maximum: [`MAX_GAP`](super::MAX_GAP),
    /// [`MAX_ACCOUNTS`](super::MAX_ACCOUNTS) or [`MAX_THREADS`](super::MAX_THREADS).
    TooLarge {
        /// What was counted.
        bound: Bound,
        /// The count asked for.
        value: u64,
        /// The most allowed.
        max: u64,
    },
    /// A key of a candidate could not be derived (an invalid child, with a probability
    /// below 2^-127 a step): the search stops rather than skip the candidate.
    Derivation,
    /// A buffer of the search could not be allocated.
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// The operating system refused to start a worker thread.
    #[cfg(feature = "std")]
    ThreadSpawn {
        /// The operating system's error kind.
        kind: std::io::ErrorKind,
    },
    /// A checkpoint line that does not parse.
    CheckpointSyntax {
        /// The line number, from 1.
        line: usize,
    },
    /// A checkpoint in a format version this build does not read.
    CheckpointVersion {
        /// The version the file states.
        version: u32,
    },
    /// A checkpoint of another template, options, passphrase list or candidate order.
    CheckpointMismatch,
    /// A checkpoint written for a search that differs in these fields: resuming it would
    /// skip indices this search has not examined.
    CheckpointChanged {
        /// What differs.
        fields: CheckpointFields,
    },
    /// Reading or writing a checkpoint file failed.
    #[cfg(feature = "std")]
    CheckpointIo {
        /// The operating system's error kind.
        kind: std::io::ErrorKind,
    },
}

/// The counts of a search that have a maximum ([`Error::TooLarge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Bound {
    /// Gap indices ([`Paths::gap`](super::Paths::gap)).
    Gap,
    /// Accounts ([`Paths::accounts`](super::Paths::accounts)).
    Accounts,
    /// Worker threads ([`Search::threads`](super::Search::threads)).
    Threads,
}

impl Bound {
    /// The lowercase name: `gap`, `accounts`, `threads`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Gap => "gap",
            Self::Accounts => "accounts",
            Self::Threads => "threads",
        }
    }
}

/// A field of a search that a checkpoint belongs to ([`Error::CheckpointChanged`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CheckpointField {
    /// The template's words.
    Template,
    /// The word list (language).
    WordList,
    /// The number of missing words.
    Missing,
    /// The number of typos allowed.
    Typos,
    /// The number of swaps allowed.
    Swaps,
    /// The passphrase list.
    Passphrases,
    /// The word order: `--unordered`, the anchored words and the extra words.
    WordOrder,
    /// The target (addresses, xpubs, fingerprints, descriptor keys).
    Target,
    /// The coin.
    Coin,
    /// The path patterns (or the standard paths).
    Paths,
    /// The gap.
    Gap,
    /// The number of accounts.
    Accounts,
    /// The seed kind (BIP-39 or Electrum).
    Seed,
}

impl CheckpointField {
    /// Every field, in the order of a checkpoint file.
    pub const ALL: [Self; 13] = [
        Self::Template,
        Self::WordList,
        Self::Missing,
        Self::Typos,
        Self::Swaps,
        Self::Passphrases,
        Self::WordOrder,
        Self::Target,
        Self::Coin,
        Self::Paths,
        Self::Gap,
        Self::Accounts,
        Self::Seed,
    ];

    /// The name in a checkpoint file and in messages: `template`, `word-list`, `missing`,
    /// `typos`, `swaps`, `passphrases`, `word-order`, `target`, `coin`, `paths`, `gap`, `accounts`,
    /// `seed`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Template => "template",
            Self::WordList => "word-list",
            Self::Missing => "missing",
            Self::Typos => "typos",
            Self::Swaps => "swaps",
            Self::Passphrases => "passphrases",
            Self::WordOrder => "word-order",
            Self::Target => "target",
            Self::Coin => "coin",
            Self::Paths => "paths",
            Self::Gap => "gap",
            Self::Accounts => "accounts",
            Self::Seed => "seed",
        }
    }

    const fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of [`CheckpointField`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CheckpointFields(u16);

impl CheckpointFields {
    /// The empty set.
    pub const fn new() -> Self {
        Self(0)
    }

    /// Adds `field`.
    pub fn insert(&mut self, field: CheckpointField) {
        self.0 |= field.bit();
    }

    /// Whether `field` is in the set.
    pub const fn contains(self, field: CheckpointField) -> bool {
        self.0 & field.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The fields, in [`CheckpointField::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = CheckpointField> {
        CheckpointField::ALL
            .into_iter()
            .filter(move |f| self.contains(*f))
    }
}

impl fmt::Display for CheckpointFields {
    /// `gap`, `gap and coin`, `template, gap and coin`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.iter().count();
        for (i, field) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == count { " and " } else { ", " })?;
            }
            f.write_str(field.as_str())?;
        }
        Ok(())
    }
}

impl fmt::Display for Error {
    #[allow(clippy::too_many_lines, reason = "one arm a variant")]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::EmptyTemplate => f.write_str("the template has no words"),
            Self::InvalidToken { position } => write!(
                f,
                "word {} of the template is malformed (expected a word, ?, {{a,b,c}} or a prefix*)",
                position + 1
            ),
            Self::UnknownWord { position } => write!(
                f,
                "word {} of the template is not in the word list",
                position + 1
            ),
            Self::UnknownListItem { position, item } => write!(
                f,
                "item {} of the list at word {} matches no word of the word list",
                item + 1,
                position + 1
            ),
            Self::NoWordWithPrefix { position } => write!(
                f,
                "no word of the word list matches the pattern at word {}",
                position + 1
            ),
            Self::TooManyUnknownWords { unknown, typos } => write!(
                f,
                "{unknown} words are not in the word list, more than the {typos} typos allowed"
            ),
            Self::AmbiguousLanguage => {
                f.write_str("the template has no word to tell the word lists apart: name the language")
            }
            Self::InvalidWordCount { count } => write!(
                f,
                "a phrase of {count} words is not BIP-39 (12, 15, 18, 21 or 24 words)"
            ),
            Self::MissingExceedsLength { missing, length } => write!(
                f,
                "{missing} missing words is more than the {length} words of the phrase"
            ),
            Self::LengthMismatch {
                words,
                missing,
                length,
            } => write!(
                f,
                "{words} template words and {missing} missing make {} words, not {length}",
                words + missing
            ),
            Self::UnorderedOption { option: "unordered" } => f.write_str(
                "anchored (^word) and extra (+word) words need --unordered",
            ),
            Self::UnorderedOption { option } => {
                write!(f, "--unordered searches every order of the words given: it takes no --{option}")
            }
            Self::TooManyOrders { orders, max } => write!(
                f,
                "the words have {orders} orders, more than {max} (anchor more words with ^word, or give fewer extra words)"
            ),
            Self::TooManyExtraWords { extra, max } => write!(
                f,
                "{extra} extra words are more than the {max} this template may have (the free and extra words are at most 24)"
            ),
            Self::EmptyPassphraseList => f.write_str("the passphrase list is empty"),
            Self::SpaceTooLarge => f.write_str("the search space has 2^128 candidates or more"),
            Self::TooManyLayouts { layouts, max } => write!(
                f,
                "the typos and swaps asked for need {layouts} layouts, more than {max} (allow fewer)"
            ),
            Self::IndexOutOfRange { index, size } => {
                write!(f, "index {index} is outside a space of {size} candidates")
            }
            Self::InvalidRange { start, end, size } => write!(
                f,
                "range {start}..{end} is not inside a space of {size} candidates"
            ),
            Self::NotInSpace => f.write_str("the candidate is not in the search space"),
            Self::InvalidShard { shard, shards } => {
                write!(f, "shard {shard} does not exist among {shards} shards")
            }
            Self::UnknownCoin => {
                f.write_str("unknown coin (see `fastbip32 coins` for the slugs and symbols)")
            }
            Self::UnsupportedWallet { wallet, coin } => {
                write!(f, "the {wallet} wallet has no {coin} paths")
            }
            Self::SeveralCoins { first, second } => write!(
                f,
                "the addresses are of several coins ({first} and {second}): search one coin at a time"
            ),
            Self::UnknownChange => {
                f.write_str("unknown chain selection (expected receive, change or both)")
            }
            Self::UnknownSeedKind => {
                f.write_str("unknown seed kind (expected bip39 or electrum)")
            }
            Self::ElectrumCoin => {
                f.write_str("Electrum seeds are Bitcoin wallets: search them with the coin bitcoin")
            }
            Self::Slip39Share { share, error } => write!(f, "SLIP-39 share {share}: {error}"),
            Self::Slip39Set { error } => write!(
                f,
                "no word at the unknown position makes a share set: {error}"
            ),
            Self::Slip39UnknownWords { count } => write!(
                f,
                "the SLIP-39 shares hold {count} unknown words (?); the search takes exactly one"
            ),
            Self::TooManyShares { count, max } => {
                write!(f, "{count} SLIP-39 shares, more than a set has ({max})")
            }
            Self::InvalidAddress => f.write_str("not an address of any coin of the registry"),
            Self::UnsupportedDescriptor => f.write_str(
                "the descriptor must have one key with a key origin ([fingerprint/path]xpub…)",
            ),
            Self::EmptyTarget => {
                f.write_str("nothing to look for on this coin (give an address, xpub, fingerprint or descriptor)")
            }
            Self::TooLarge { bound, value, max } => {
                write!(f, "{} {value} is more than the most, {max}", bound.as_str())
            }
            Self::Derivation => f.write_str(
                "a key of a candidate could not be derived; the search stopped rather than skip it",
            ),
            Self::OutOfMemory { bytes } => {
                write!(f, "cannot allocate {bytes} bytes for the search")
            }
            #[cfg(feature = "std")]
            Self::ThreadSpawn { kind } => write!(f, "cannot start a worker thread: {kind}"),
            Self::CheckpointSyntax { line } => {
                write!(f, "checkpoint line {line} does not parse")
            }
            Self::CheckpointVersion { version } => {
                write!(f, "checkpoint format version {version} is not supported")
            }
            Self::CheckpointMismatch => f.write_str(
                "the checkpoint belongs to another template, options or passphrase list",
            ),
            Self::CheckpointChanged { fields } => write!(
                f,
                "the checkpoint belongs to a search with another {fields}: resuming it would skip candidates this search has not examined (use a new checkpoint file, or search as before)"
            ),
            #[cfg(feature = "std")]
            Self::CheckpointIo { kind } => write!(f, "checkpoint file: {kind}"),
        }
    }
}

impl core::error::Error for Error {}

impl Error {
    /// The variant's name (`"EmptyTemplate"`, …): what bindings report as an error's kind, from one
    /// exhaustive match, so that a new variant cannot be reported under another's name.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::EmptyTemplate => "EmptyTemplate",
            Self::InvalidToken { .. } => "InvalidToken",
            Self::UnknownWord { .. } => "UnknownWord",
            Self::UnknownListItem { .. } => "UnknownListItem",
            Self::NoWordWithPrefix { .. } => "NoWordWithPrefix",
            Self::TooManyUnknownWords { .. } => "TooManyUnknownWords",
            Self::AmbiguousLanguage => "AmbiguousLanguage",
            Self::InvalidWordCount { .. } => "InvalidWordCount",
            Self::MissingExceedsLength { .. } => "MissingExceedsLength",
            Self::LengthMismatch { .. } => "LengthMismatch",
            Self::UnorderedOption { .. } => "UnorderedOption",
            Self::TooManyOrders { .. } => "TooManyOrders",
            Self::TooManyExtraWords { .. } => "TooManyExtraWords",
            Self::EmptyPassphraseList => "EmptyPassphraseList",
            Self::SpaceTooLarge => "SpaceTooLarge",
            Self::TooManyLayouts { .. } => "TooManyLayouts",
            Self::IndexOutOfRange { .. } => "IndexOutOfRange",
            Self::InvalidRange { .. } => "InvalidRange",
            Self::NotInSpace => "NotInSpace",
            Self::InvalidShard { .. } => "InvalidShard",
            Self::UnknownCoin => "UnknownCoin",
            Self::SeveralCoins { .. } => "SeveralCoins",
            Self::UnsupportedWallet { .. } => "UnsupportedWallet",
            Self::UnknownChange => "UnknownChange",
            Self::UnknownSeedKind => "UnknownSeedKind",
            Self::ElectrumCoin => "ElectrumCoin",
            Self::Slip39Share { .. } => "Slip39Share",
            Self::Slip39Set { .. } => "Slip39Set",
            Self::Slip39UnknownWords { .. } => "Slip39UnknownWords",
            Self::TooManyShares { .. } => "TooManyShares",
            Self::InvalidAddress => "InvalidAddress",
            Self::UnsupportedDescriptor => "UnsupportedDescriptor",
            Self::EmptyTarget => "EmptyTarget",
            Self::TooLarge { .. } => "TooLarge",
            Self::Derivation => "Derivation",
            Self::OutOfMemory { .. } => "OutOfMemory",
            #[cfg(feature = "std")]
            Self::ThreadSpawn { .. } => "ThreadSpawn",
            Self::CheckpointSyntax { .. } => "CheckpointSyntax",
            Self::CheckpointVersion { .. } => "CheckpointVersion",
            Self::CheckpointMismatch => "CheckpointMismatch",
            Self::CheckpointChanged { .. } => "CheckpointChanged",
            #[cfg(feature = "std")]
            Self::CheckpointIo { .. } => "CheckpointIo",
        }
    }
}
