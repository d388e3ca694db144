//! The search for a SLIP-39 share set with one unknown word (`?`, or a word not in the
//! list): each of the 1024 words at its place, kept when its share passes the RS1024
//! checksum, the set combined into the master secret (with the passphrase) and the master
//! secret — SLIP-39's BIP-32 seed — checked against the target by a [`SeedCheck`].
//!
//! RS1024 has distance 4: one word changed in a valid share never leaves a valid share, so
//! with the unknown word in the share value or the checksum exactly one word passes. The
//! second word holds the extendable flag, which picks the checksum's customization string:
//! there a second word may pass.
//!
//! # Security
//!
//! The shares are secrets, held in buffers wiped on drop. Trying each word branches on the
//! checksum, and decoding a share is variable-time in the share, as
//! [`slip39`] says; combining is constant-time in the share values
//! ([`slip39_combine`]).

use alloc::string::String;
use alloc::vec::Vec;

use zeroize::Zeroizing;

use super::error::{Error, Result};
use super::search::{SeedCheck, SeedMatch};
use super::slip39::{self, Slip39Error, Slip39Share};
use super::slip39_combine;

/// The most shares of a set: 16 groups of 16 members.
pub const MAX_SHARES: usize = 256;

/// The words a SLIP-39 word can be.
const WORDS: u16 = 1024;

/// The most words of a share (as [`Slip39Share::parse`] reads them).
const MAX_WORDS: usize = 64;

/// The fewest words of a share.
const MIN_WORDS: usize = 20;

/// A SLIP-39 share set as remembered: every word known but one, written `?`.
pub struct Slip39Template {
    /// Each share's word values in set order; the unknown word's slot holds 0.
    shares: Vec<Zeroizing<Vec<u16>>>,
    /// The share holding the unknown word, from 0.
    share: usize,
    /// The unknown word's position in that share, from 0.
    position: usize,
}

impl core::fmt::Debug for Slip39Template {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Slip39Template")
            .field("shares", &self.shares.len())
            .field("share", &self.share)
            .field("position", &self.position)
            .finish_non_exhaustive()
    }
}

/// A match of [`Slip39Template::search_vartime`]: the share with its word filled in and
/// what matched. Wiped on drop; `Debug` shows no word.
pub struct Slip39Found {
    /// The number of the share that held the unknown word, from 1.
    pub share: usize,
    /// That share, whole: its words separated by single spaces.
    pub text: Zeroizing<String>,
    /// The candidate's number, the word's value (0 to 1023).
    pub candidate: u16,
    /// What matched the master secret.
    pub matched: SeedMatch,
}

impl core::fmt::Debug for Slip39Found {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Slip39Found")
            .field("share", &self.share)
            .field("matched", &self.matched)
            .finish_non_exhaustive()
    }
}

/// How a SLIP-39 search ended.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // one value per search; a box would buy nothing
#[non_exhaustive]
pub enum Slip39Outcome {
    /// A candidate's master secret matched.
    Found(Slip39Found),
    /// Every word was tried; nothing matched.
    Exhausted {
        /// The candidates whose share passed the checksum.
        passed: u32,
    },
}

impl Slip39Template {
    /// Reads a share set: one share a line (blank lines skipped), words separated by
    /// whitespace, any case, exactly one word of the set unknown: `?`, or else the one word
    /// not in the SLIP-39 list (a misspelled word, searched as a `?`).
    ///
    /// # Errors
    /// [`Error::TooManyShares`] past [`MAX_SHARES`] lines; [`Error::Slip39UnknownWords`]
    /// for no unknown word or several `?`; [`Error::Slip39Share`] for a share of a word
    /// count outside 20 to 64, a word not in the SLIP-39 list beside a `?` or another such
    /// word (the first), or (a share without an unknown word) one that does not decode.
    ///
    /// # Security
    /// Variable-time in the shares (see the [module docs](self)).
    pub fn parse(text: &str) -> Result<Self> {
        let lines = text.lines().filter(|l| !l.trim().is_empty());
        let mut shares: Vec<Zeroizing<Vec<u16>>> = Vec::new();
        let mut unknown: Vec<(usize, usize)> = Vec::new();
        let mut misspelled: Vec<(usize, usize)> = Vec::new();
        for (share, line) in lines.enumerate() {
            if share >= MAX_SHARES {
                return Err(Error::TooManyShares {
                    count: text.lines().filter(|l| !l.trim().is_empty()).count(),
                    max: MAX_SHARES,
                });
            }
            let bad = |error| Error::Slip39Share {
                share: share + 1,
                error,
            };
            let count = line.split_whitespace().count();
            if !(MIN_WORDS..=MAX_WORDS).contains(&count) {
                return Err(bad(Slip39Error::WordCount { count }));
            }
            let mut values = Zeroizing::new(Vec::with_capacity(count));
            let mut lower = Zeroizing::new([0u8; 16]);
            for (position, w) in line.split_whitespace().enumerate() {
                if w == "?" {
                    unknown.push((share, position));
                    values.push(0);
                    continue;
                }
                let value = lower.get_mut(..w.len()).and_then(|buf| {
                    buf.copy_from_slice(w.as_bytes());
                    buf.make_ascii_lowercase();
                    core::str::from_utf8(buf).ok().and_then(slip39::find_word)
                });
                if let Some(value) = value {
                    values.push(value);
                } else {
                    misspelled.push((share, position));
                    values.push(0);
                }
            }
            let whole = |list: &[(usize, usize)]| list.iter().all(|&(s, _)| s != share);
            if whole(&unknown) && whole(&misspelled) {
                Slip39Share::parse(line).map_err(bad)?;
            }
            shares.push(values);
        }
        let (share, position) = match (&unknown[..], &misspelled[..]) {
            ([one], []) | ([], [one]) => *one,
            (_, [(share, position), ..]) => {
                return Err(Error::Slip39Share {
                    share: share + 1,
                    error: Slip39Error::UnknownWord {
                        position: *position,
                    },
                })
            }
            (list, []) => {
                return Err(Error::Slip39UnknownWords { count: list.len() });
            }
        };
        Ok(Self {
            shares,
            share,
            position,
        })
    }

    /// The candidates: the 1024 words of the list.
    pub const fn size(&self) -> u32 {
        WORDS as u32
    }

    /// The number of the share that holds the unknown word, from 1.
    pub const fn unknown_share(&self) -> usize {
        self.share + 1
    }

    /// The words at the unknown position whose share passes the RS1024 checksum, in word
    /// order, in a buffer wiped on drop.
    ///
    /// # Security
    /// Variable-time: it branches on each candidate share's checksum.
    pub fn passing_vartime(&self) -> Zeroizing<Vec<u16>> {
        let mut out = Zeroizing::new(Vec::new());
        let Some(share) = self.shares.get(self.share) else {
            return out;
        };
        let mut values = Zeroizing::new(share.to_vec());
        for word in 0..WORDS {
            if let Some(slot) = values.get_mut(self.position) {
                *slot = word;
            }
            if slip39::checksum_holds(&values) {
                out.push(word);
            }
        }
        out
    }

    /// The text of share `share` (from 0), its unknown word (if it holds it) set to
    /// `word`: the words separated by single spaces, in a wiped buffer of exactly its size.
    fn share_text(&self, share: usize, word: u16) -> Option<Zeroizing<String>> {
        let values = self.shares.get(share)?;
        let word_at = |i: usize, v: u16| {
            let v = if share == self.share && i == self.position {
                word
            } else {
                v
            };
            slip39::word(v)
        };
        let mut len = values.len().saturating_sub(1);
        for (i, &v) in values.iter().enumerate() {
            len += word_at(i, v)?.len();
        }
        let mut text = Zeroizing::new(String::with_capacity(len));
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(word_at(i, v)?);
        }
        Some(text)
    }

    /// Tries each word at the unknown position that passes the checksum, in word order:
    /// the set combined with `passphrase` (the empty text for none) into the master secret,
    /// checked by `check`. A word whose share does not decode, or whose set does not
    /// combine (another set's header, a digest that does not match), is not a match.
    ///
    /// # Errors
    /// As [`SeedCheck::check_seed_vartime`]; [`Error::Slip39Set`] when no passing word
    /// makes a set that combines (the first word's reason).
    ///
    /// # Security
    /// Variable-time: see the [module docs](self) and [`SeedCheck::check_seed_vartime`].
    pub fn search_vartime(&self, passphrase: &str, check: &SeedCheck<'_>) -> Result<Slip39Outcome> {
        check.check()?;
        let passing = self.passing_vartime();
        let mut first_error: Option<Slip39Error> = None;
        let mut combined = false;
        for &word in passing.iter() {
            let mut shares = Vec::with_capacity(self.shares.len());
            let mut decoded = true;
            for i in 0..self.shares.len() {
                let text = self.share_text(i, word).ok_or(Error::Slip39Share {
                    share: i + 1,
                    error: Slip39Error::UnknownWord {
                        position: self.position,
                    },
                })?;
                match Slip39Share::parse(&text) {
                    Ok(share) => shares.push(share),
                    Err(e) => {
                        first_error.get_or_insert(e);
                        decoded = false;
                        break;
                    }
                }
            }
            if !decoded {
                continue;
            }
            let secret = match slip39_combine::combine(&shares, passphrase) {
                Ok(secret) => secret,
                Err(e) => {
                    first_error.get_or_insert(e);
                    continue;
                }
            };
            combined = true;
            if let Some(matched) = check.check_seed_vartime(&secret)? {
                let text = self
                    .share_text(self.share, word)
                    .ok_or(Error::Slip39UnknownWords { count: 1 })?;
                return Ok(Slip39Outcome::Found(Slip39Found {
                    share: self.share + 1,
                    text,
                    candidate: word,
                    matched,
                }));
            }
        }
        match (combined, first_error) {
            (false, Some(error)) => Err(Error::Slip39Set { error }),
            (false, None) => Err(Error::Slip39Share {
                share: self.share + 1,
                error: Slip39Error::Checksum,
            }),
            (true, _) => Ok(Slip39Outcome::Exhausted {
                passed: u32::try_from(passing.len()).unwrap_or(u32::MAX),
            }),
        }
    }
}
