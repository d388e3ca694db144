//! Templates: what a person remembers of a phrase, as text, and the options that widen it.

use alloc::vec::Vec;
use core::fmt;

use zeroize::Zeroizing;

use super::error::{Error, Result};
use super::words::{self, Language};

/// The word counts of BIP-39.
const WORD_COUNTS: [usize; 5] = [12, 15, 18, 21, 24];

/// The options of a [`Template`]: the word list, the phrase length, and how many missing
/// words, typos and swaps to allow. All default to "not given" or zero.
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::Language;
/// use fastbip32::recovery::Options;
///
/// let options = Options::new().language(Language::English).missing(1).typos(1);
/// # let _ = options;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    language: Option<Language>,
    length: Option<usize>,
    missing: Option<usize>,
    typos: usize,
    swaps: usize,
    unordered: bool,
}

impl Options {
    /// No language (detected from the words), no length (the tokens plus the missing words),
    /// no missing words, typos or swaps.
    pub const fn new() -> Self {
        Self {
            language: None,
            length: None,
            missing: None,
            typos: 0,
            swaps: 0,
            unordered: false,
        }
    }

    /// The word list (`--language`). Without it, the lists that hold the most of the
    /// template's words are each searched ([`Template::languages`]), and a template with no
    /// word, list item or prefix to tell the lists apart is [`Error::AmbiguousLanguage`].
    #[must_use]
    pub const fn language(mut self, language: Language) -> Self {
        self.language = Some(language);
        self
    }

    /// The phrase length in words (`--length`): 12, 15, 18, 21 or 24. Without
    /// [`missing`](Self::missing), the words the template lacks are missing.
    #[must_use]
    pub const fn length(mut self, words: usize) -> Self {
        self.length = Some(words);
        self
    }

    /// `count` words left out of the template at unknown positions (`--missing`); the
    /// template's tokens keep their order.
    #[must_use]
    pub const fn missing(mut self, count: usize) -> Self {
        self.missing = Some(count);
        self
    }

    /// Up to `count` of the template's plain words may be wrong (`--typos`): each is then
    /// any other word within edit distance 2 of it, or with its first four letters.
    #[must_use]
    pub const fn typos(mut self, count: usize) -> Self {
        self.typos = count;
        self
    }

    /// Up to `count` transpositions of adjacent tokens (`--swaps`), no two sharing a token.
    #[must_use]
    pub const fn swaps(mut self, count: usize) -> Self {
        self.swaps = count;
        self
    }

    /// The words are known, their order is not (`--unordered`): every order of the tokens,
    /// except those anchored in their slot (`^word`), and of the extra words (`+word`) that
    /// may stand in for some of them. Takes no missing words, typos or swaps.
    #[must_use]
    pub const fn unordered(mut self, unordered: bool) -> Self {
        self.unordered = unordered;
        self
    }
}

/// The word indices a token may stand for, ascending and distinct, wiped on drop.
#[derive(Clone)]
pub(super) enum Set {
    /// Every word (`?`, `*`, and missing words).
    All,
    /// Some words (possibly none).
    Words(Zeroizing<Vec<u16>>),
}

impl Set {
    pub(super) fn as_slice(&self) -> &[u16] {
        match self {
            Self::All => &words::ALL,
            Self::Words(words) => words,
        }
    }
}

impl PartialEq for Set {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

/// What a token says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A word (in the list, or a misspelling `--typos` may fix).
    Word,
    /// `?` or `*`.
    Any,
    /// `{a,b,…}`.
    List,
    /// A pattern: `ab*` (a prefix), `*ab`, `a*b`, `a?c` (`*` any run of characters, `?` one
    /// character).
    Prefix,
}

/// One token of a template, resolved in its word list.
#[derive(Clone)]
pub(super) struct Token {
    pub(super) kind: Kind,
    /// The words the token stands for as written (none for a misspelling).
    pub(super) keep: Set,
    /// A plain word's typo neighbourhood (empty without `--typos`, and for other kinds).
    pub(super) typo: Set,
}

/// A parsed template: tokens resolved to sets of word indices in one word list, the phrase
/// length, and the missing words, typos and swaps allowed.
///
/// The tokens, separated by whitespace (a list may hold whitespace):
///
/// | token | stands for |
/// |---|---|
/// | `word` | that word (read in lowercase and NFKD, as BIP-39 normalizes) |
/// | `?` or `*` | any word |
/// | `{a,b,c}` | one of the listed words; an item `ab*` adds every word starting with `ab` |
/// | `ab*` | any word starting with `ab` |
///
/// With [`Options::unordered`], a word, `?` or `prefix*` may be marked: `^word` keeps its
/// slot (an anchor), `+word` is an extra word, not a slot of its own, that may take the
/// place of a word that is not anchored.
///
/// `Debug` shows the counts and the language, never a word.
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::Language;
/// use fastbip32::recovery::{Error, Options, Template};
///
/// // BIP-39's second vector, remembered in part: one word missing somewhere.
/// let template = Template::parse(
///     "legal ? thank {year,yard} wav* sausage worth useful legal winner YELLOW",
///     &Options::new().missing(1),
/// )?;
/// assert_eq!((template.word_count(), template.language()), (12, Language::English));
///
/// // A misspelling is an error, or a typo to fix when typos are allowed.
/// let typo = "legal winner thank year wave sausage wurth useful legal winner thank yellow";
/// assert_eq!(
///     Template::parse(typo, &Options::new()).unwrap_err(),
///     Error::UnknownWord { position: 6 }
/// );
/// assert_eq!(Template::parse(typo, &Options::new().typos(1))?.typos(), 1);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone)]
pub struct Template {
    language: Language,
    word_count: usize,
    missing: usize,
    typos: usize,
    swaps: usize,
    tokens: Vec<Token>,
    unordered: bool,
    /// Bit `i`: token `i` keeps its slot (`^word`).
    anchored: u32,
    /// The extra words (`+word`), in template order.
    extras: Vec<Token>,
    /// The same template read in the other word lists its words fit, in search order
    /// (each with no alternates of its own).
    alternates: Vec<Template>,
}

impl Template {
    /// Parses `text` with `options`. Checks, in this order: the tokens' syntax, the counts
    /// (tokens, missing words, length), the language, and every word, list item and prefix.
    ///
    /// # Errors
    /// [`Error::InvalidToken`] for a malformed token; [`Error::EmptyTemplate`];
    /// [`Error::InvalidWordCount`], [`Error::MissingExceedsLength`] or
    /// [`Error::LengthMismatch`] for counts that make no BIP-39 phrase;
    /// [`Error::AmbiguousLanguage`] for a template without a language whose tokens tell no
    /// list apart (only `?`); [`Error::UnknownWord`] for a word outside the list (without
    /// typos allowed, or with no list word near it), [`Error::TooManyUnknownWords`] for more
    /// of them than `--typos`, [`Error::UnknownListItem`], [`Error::NoWordWithPrefix`];
    /// [`Error::UnorderedOption`] for `^word` or `+word` without
    /// [`unordered`](Options::unordered), or `unordered` with missing words, typos or swaps.
    ///
    /// # Security
    /// Variable-time on secret input: the template's words are most of a mnemonic, and
    /// parsing branches on them and looks them up (exact, prefix and typo-neighbourhood
    /// searches of the word lists, language detection), as every BIP-39 parser does. The
    /// word sets it builds are wiped on drop. Listed in SECURITY.md.
    pub fn parse(text: &str, options: &Options) -> Result<Self> {
        let (raw, marks) = tokenize_marked(text)?;
        let extra = marks.iter().filter(|&&m| m == Mark::Extra).count();
        if options.unordered {
            if options.typos > 0 {
                return Err(Error::UnorderedOption { option: "typos" });
            }
            if options.swaps > 0 {
                return Err(Error::UnorderedOption { option: "swaps" });
            }
        } else if extra > 0 || marks.contains(&Mark::Anchor) {
            return Err(Error::UnorderedOption {
                option: "unordered",
            });
        }
        let (word_count, missing) = counts(raw.len() - extra, options)?;
        if options.unordered && missing > 0 {
            return Err(Error::UnorderedOption { option: "missing" });
        }
        let languages = match options.language {
            Some(language) => alloc::vec![language],
            None => detect(&raw)?,
        };
        // Each list the words fit, in order; the lists whose words, items or prefixes do
        // not all resolve drop out, and the first list's error stands when none is left.
        let mut first_error = None;
        let mut fitting = Vec::with_capacity(languages.len());
        for language in languages {
            match Self::resolve_in(language, &raw, &marks, options, word_count, missing) {
                Ok(template) => fitting.push(template),
                Err(err) => {
                    first_error.get_or_insert(err);
                }
            }
        }
        let mut fitting = fitting.into_iter();
        match fitting.next() {
            Some(mut template) => {
                template.alternates = fitting.collect();
                Ok(template)
            }
            None => Err(first_error.unwrap_or(Error::AmbiguousLanguage)),
        }
    }

    /// The template of `raw` (with `marks`) in `language`.
    fn resolve_in(
        language: Language,
        raw: &[Raw<'_>],
        marks: &[Mark],
        options: &Options,
        word_count: usize,
        missing: usize,
    ) -> Result<Self> {
        let extra = marks.iter().filter(|&&m| m == Mark::Extra).count();
        let mut tokens = Vec::with_capacity(raw.len());
        for (position, token) in raw.iter().enumerate() {
            tokens.push(resolve(language, position, token)?);
        }
        let unknown: Vec<usize> = tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind == Kind::Word && t.keep.as_slice().is_empty())
            .map(|(position, _)| position)
            .collect();
        if let Some(&first) = unknown.first() {
            if options.typos == 0 {
                return Err(Error::UnknownWord { position: first });
            }
            if unknown.len() > options.typos {
                return Err(Error::TooManyUnknownWords {
                    unknown: unknown.len(),
                    typos: options.typos,
                });
            }
        }
        if options.typos > 0 {
            for (position, (token, raw)) in tokens.iter_mut().zip(raw).enumerate() {
                if let Raw::Word(text) = raw {
                    token.typo = Set::Words(words::near(language, &words::normalize(text)));
                    if token.keep.as_slice().is_empty() && token.typo.as_slice().is_empty() {
                        return Err(Error::UnknownWord { position });
                    }
                }
            }
        }
        // The extra words leave the slots; the anchors are counted in slots.
        let mut anchored = 0u32;
        let mut extras = Vec::with_capacity(extra);
        let mut slots = Vec::with_capacity(tokens.len() - extra);
        for (token, mark) in tokens.into_iter().zip(marks) {
            match mark {
                Mark::Extra => extras.push(token),
                Mark::Anchor => {
                    anchored |= 1 << slots.len();
                    slots.push(token);
                }
                Mark::Plain => slots.push(token),
            }
        }
        Ok(Self {
            language,
            word_count,
            missing,
            typos: options.typos,
            swaps: options.swaps,
            tokens: slots,
            unordered: options.unordered,
            anchored,
            extras,
            alternates: Vec::new(),
        })
    }

    /// "Did you mean": the words of the list closest to the word at `position` (zero-based)
    /// of `text`, best first, for an [`Error::UnknownWord`] of [`parse`](Self::parse) with
    /// the same `text` and `options`. The list is `options`' language, else the one the
    /// template's words single out, else English. `None` when the token there is not a word.
    ///
    /// # Security
    /// Variable-time in the word, as [`suggest`](crate::mnemonic::suggest): for telling a
    /// person what they mistyped. Listed in SECURITY.md.
    pub fn suggest_vartime(
        text: &str,
        options: &Options,
        position: usize,
    ) -> Option<words::Suggestions> {
        let raw = tokenize(text).unwrap_or_default();
        let language = options
            .language
            .or_else(|| detect(&raw).ok().and_then(|l| l.first().copied()))
            .unwrap_or(Language::English);
        match raw.get(position) {
            Some(Raw::Word(word)) => Some(words::suggest_vartime(language, word)),
            Some(Raw::Any | Raw::Prefix(_) | Raw::List(_)) | None => None,
        }
    }

    /// The word list: the first of [`languages`](Self::languages).
    pub fn language(&self) -> Language {
        self.language
    }

    /// The word lists the template is searched in: the one `--language` names, or each list
    /// that holds the most of the template's words (and whose words, list items and
    /// prefixes all resolve), English first, then in [`Language::ALL`]'s order.
    pub fn languages(&self) -> impl Iterator<Item = Language> + '_ {
        core::iter::once(self.language).chain(self.alternates.iter().map(|t| t.language))
    }

    /// The template in its first language and in each other of its
    /// [`languages`](Self::languages), in that order (each with one language).
    pub(super) fn split_languages(mut self) -> (Self, Vec<Self>) {
        let alternates = core::mem::take(&mut self.alternates);
        (self, alternates)
    }

    /// The phrase length in words: the tokens plus the missing words.
    pub fn word_count(&self) -> usize {
        self.word_count
    }

    /// The number of words missing at unknown positions.
    pub fn missing(&self) -> usize {
        self.missing
    }

    /// The most typos allowed.
    pub fn typos(&self) -> usize {
        self.typos
    }

    /// The most swaps allowed.
    pub fn swaps(&self) -> usize {
        self.swaps
    }

    /// Whether every order of the words is searched ([`Options::unordered`]).
    pub fn unordered(&self) -> bool {
        self.unordered
    }

    /// The number of extra words (`+word`).
    pub fn extra_words(&self) -> usize {
        self.extras.len()
    }

    /// The tokens of the slots, in template order (without the extra words).
    pub(super) fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// Token `i`: a slot's token below [`tokens`](Self::tokens)' length, then the extra
    /// words.
    pub(super) fn token(&self, i: usize) -> Option<&Token> {
        match i.checked_sub(self.tokens.len()) {
            None => self.tokens.get(i),
            Some(extra) => self.extras.get(extra),
        }
    }

    /// The extra words' tokens.
    pub(super) fn extras(&self) -> &[Token] {
        &self.extras
    }

    /// Bit `i`: token `i` is anchored (`^word`).
    pub(super) fn anchored(&self) -> u32 {
        self.anchored
    }
}

impl fmt::Debug for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Template")
            .field("language", &self.language)
            .field(
                "other_languages",
                &self
                    .alternates
                    .iter()
                    .map(|t| t.language)
                    .collect::<Vec<_>>(),
            )
            .field("word_count", &self.word_count)
            .field("tokens", &self.tokens.len())
            .field("missing", &self.missing)
            .field("typos", &self.typos)
            .field("swaps", &self.swaps)
            .field("unordered", &self.unordered)
            .field("anchored", &self.anchored.count_ones())
            .field("extra_words", &self.extras.len())
            .finish_non_exhaustive()
    }
}

/// A token as written (borrowed from the caller's text, not yet normalized).
enum Raw<'a> {
    Any,
    Word(&'a str),
    /// A pattern, `*` and `?` included.
    Prefix(&'a str),
    /// Items: the text and whether it is a pattern (`ab*`, `*ab`, `a?c`).
    List(Vec<(&'a str, bool)>),
}

/// Characters that only the template syntax may use.
fn is_special(c: char) -> bool {
    matches!(c, '?' | '*' | '{' | '}' | ',')
}

/// The wildcards of a word pattern.
fn is_wildcard(c: char) -> bool {
    matches!(c, '?' | '*')
}

/// Whether `text` is a word pattern (a word with `*` or `?` in it, and none of the other
/// template characters); `None` if it holds `{`, `}` or `,`.
fn pattern_kind(text: &str) -> Option<bool> {
    if text.chars().any(|c| is_special(c) && !is_wildcard(c)) {
        return None;
    }
    Some(text.chars().any(is_wildcard))
}

/// How a token of an unordered template is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// A slot's token, free to move.
    Plain,
    /// `^token`: a slot's token that keeps its slot.
    Anchor,
    /// `+token`: an extra word.
    Extra,
}

fn tokenize(text: &str) -> Result<Vec<Raw<'_>>> {
    tokenize_marked(text).map(|(tokens, _)| tokens)
}

/// The tokens, with the `^` and `+` marks taken off, and the marks.
fn tokenize_marked(text: &str) -> Result<(Vec<Raw<'_>>, Vec<Mark>)> {
    let mut tokens = Vec::new();
    let mut marks = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let position = tokens.len();
        let invalid = Error::InvalidToken { position };
        if let Some(open) = rest.strip_prefix('{') {
            let close = open.find('}').ok_or(invalid)?;
            let inner = open.get(..close).ok_or(invalid)?;
            let after = open.get(close + 1..).ok_or(invalid)?;
            if after.chars().next().is_some_and(|c| !c.is_whitespace()) {
                return Err(invalid);
            }
            let mut items = Vec::new();
            for item in inner.split(',').map(str::trim) {
                let pattern = pattern_kind(item).ok_or(invalid)?;
                let plain = item.chars().filter(|&c| !is_wildcard(c)).count();
                if plain == 0 || item.chars().any(char::is_whitespace) {
                    return Err(invalid);
                }
                items.push((item, pattern));
            }
            tokens.push(Raw::List(items));
            marks.push(Mark::Plain);
            rest = after;
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let (token, after) = rest.split_at(end);
            let (mark, token) = match (token.strip_prefix('^'), token.strip_prefix('+')) {
                (Some(token), _) => (Mark::Anchor, token),
                (None, Some(token)) => (Mark::Extra, token),
                (None, None) => (Mark::Plain, token),
            };
            if token.is_empty() {
                return Err(invalid);
            }
            marks.push(mark);
            let raw = if token == "?" || token == "*" {
                Raw::Any
            } else {
                match pattern_kind(token) {
                    None => return Err(invalid),
                    // Only wildcards (`??`, `**`): not a pattern of any letter.
                    Some(true) if token.chars().all(is_wildcard) => return Err(invalid),
                    Some(true) => Raw::Prefix(token),
                    Some(false) => Raw::Word(token),
                }
            };
            tokens.push(raw);
            rest = after;
        }
        rest = rest.trim_start();
    }
    Ok((tokens, marks))
}

/// The phrase length and the number of missing words, from the template's `tokens` and the
/// options.
fn counts(tokens: usize, options: &Options) -> Result<(usize, usize)> {
    if tokens == 0 {
        return Err(Error::EmptyTemplate);
    }
    match (options.length, options.missing) {
        (Some(length), missing) => {
            if !WORD_COUNTS.contains(&length) {
                return Err(Error::InvalidWordCount { count: length });
            }
            let missing = missing.unwrap_or(length.saturating_sub(tokens));
            if missing > length {
                return Err(Error::MissingExceedsLength { missing, length });
            }
            if tokens.checked_add(missing) != Some(length) {
                return Err(Error::LengthMismatch {
                    words: tokens,
                    missing,
                    length,
                });
            }
            Ok((length, missing))
        }
        (None, missing) => {
            let missing = missing.unwrap_or(0);
            let count = tokens.saturating_add(missing);
            if WORD_COUNTS.contains(&count) {
                Ok((count, missing))
            } else {
                Err(Error::InvalidWordCount { count })
            }
        }
    }
}

/// The lists that hold the most of the template's words, list items and prefixes (English
/// first, then in [`Language::ALL`]'s order); [`Error::AmbiguousLanguage`] when no list holds
/// any (a template of `?` alone).
fn detect(tokens: &[Raw<'_>]) -> Result<Vec<Language>> {
    let holds = |language: Language, text: &str, prefix: bool| {
        let text = words::normalize(text);
        if prefix {
            !words::matching(language, &text).is_empty()
        } else {
            words::find(language, &text).is_some()
        }
    };
    let score = |language: Language| -> usize {
        tokens
            .iter()
            .map(|token| match token {
                Raw::Any => 0,
                Raw::Word(w) => usize::from(holds(language, w, false)),
                Raw::Prefix(p) => usize::from(holds(language, p, true)),
                Raw::List(items) => items
                    .iter()
                    .filter(|(text, prefix)| holds(language, text, *prefix))
                    .count(),
            })
            .sum()
    };
    let scores = words::LANGUAGES.map(score);
    let best = scores.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Err(Error::AmbiguousLanguage);
    }
    Ok(words::LANGUAGES
        .iter()
        .zip(scores)
        .filter(|&(_, s)| s == best)
        .map(|(&language, _)| language)
        .collect())
}

/// The token at `position` in `language` (its typo neighbourhood comes later).
fn resolve(language: Language, position: usize, token: &Raw<'_>) -> Result<Token> {
    let empty = || Set::Words(Zeroizing::new(Vec::new()));
    let token = match token {
        Raw::Any => Token {
            kind: Kind::Any,
            keep: Set::All,
            typo: empty(),
        },
        Raw::Word(text) => {
            let found = words::find(language, &words::normalize(text));
            Token {
                kind: Kind::Word,
                keep: Set::Words(Zeroizing::new(found.into_iter().collect())),
                typo: empty(),
            }
        }
        Raw::Prefix(text) => {
            let found = words::matching(language, &words::normalize(text));
            if found.is_empty() {
                return Err(Error::NoWordWithPrefix { position });
            }
            Token {
                kind: Kind::Prefix,
                keep: Set::Words(found),
                typo: empty(),
            }
        }
        Raw::List(items) => {
            // The union as a bit set, then one exactly sized vector (no reallocation leaves
            // an unwiped copy behind).
            let mut member = Zeroizing::new([false; words::LIST_LEN]);
            for (item, &(text, prefix)) in items.iter().enumerate() {
                let text = words::normalize(text);
                let found = if prefix {
                    words::matching(language, &text)
                } else {
                    Zeroizing::new(words::find(language, &text).into_iter().collect())
                };
                if found.is_empty() {
                    return Err(Error::UnknownListItem { position, item });
                }
                for &index in found.iter() {
                    if let Some(slot) = member.get_mut(usize::from(index)) {
                        *slot = true;
                    }
                }
            }
            let count = member.iter().filter(|&&m| m).count();
            let mut all = Zeroizing::new(Vec::with_capacity(count));
            all.extend(
                words::ALL
                    .iter()
                    .zip(member.iter())
                    .filter(|(_, &m)| m)
                    .map(|(&i, _)| i),
            );
            Token {
                kind: Kind::List,
                keep: Set::Words(all),
                typo: empty(),
            }
        }
    };
    Ok(token)
}
