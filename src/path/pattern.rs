//! Path patterns: a derivation path with at most one `*` level, the index that ranges.
//!
//! `m/84'/0'/0'/0/*` ranges over the receive addresses of an account, `m/44'/60'/*'/0/0`
//! over Ledger Live's Ethereum accounts, `m/44'/501'/*'/0'` over Phantom's Solana accounts.
//! A pattern is the steps before the `*` (the prefix), the `*` itself, normal or hardened,
//! and the steps after it (the suffix); [`PathPattern::at`] puts an index in its place.
//!
//! # Grammar
//!
//! The [path grammar](super) of a relative path (`m`, `m/…` or bare segments), where one
//! segment may instead be `*` (normal children) or `*'`, `*h`, `*H` (hardened children). A
//! second `*` is [`PathErrorKind::MultipleWildcards`]; a segment holding `*` and anything
//! else (`1*`, `*x`, `*''`) is [`PathErrorKind::InvalidWildcard`]. Errors name the segment
//! and byte offset in the whole text, as [`DerivationPath`]'s do.

use core::fmt;
use core::str::FromStr;

use super::derivation::{path_error, ChildNumber, DerivationPath, MAX_DEPTH};
use crate::error::{Error, PathErrorKind, Result};

/// A derivation path with at most one wildcard level.
///
/// # Examples
///
/// ```
/// use fastbip32::{DerivationPath, PathPattern};
///
/// let ledger: PathPattern = "m/44'/60'/*'/0/0".parse()?;
/// assert_eq!(ledger.wildcard_level(), Some(2));
/// assert_eq!(ledger.wildcard_hardened(), Some(true));
/// assert_eq!(ledger.prefix().to_string(), "m/44'/60'");
/// assert_eq!(ledger.suffix().to_string(), "m/0/0");
/// assert_eq!(ledger.at(1)?, "m/44'/60'/1'/0/0".parse::<DerivationPath>()?);
/// assert_eq!(ledger.to_string(), "m/44'/60'/*'/0/0");
///
/// // Relative patterns and the `h` marker read the same way.
/// assert_eq!(PathPattern::parse("0/*h")?.to_string(), "m/0/*'");
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PathPattern {
    prefix: DerivationPath,
    /// `Some(hardened)` for a pattern with a `*`.
    wildcard: Option<bool>,
    suffix: DerivationPath,
}

impl PathPattern {
    /// The pattern `prefix/*/suffix` (`*'` when `hardened`), or the fixed path
    /// `prefix/suffix` when `wildcard` is `None`.
    ///
    /// # Errors
    /// [`Error::DepthExceeded`] when the paths it stands for would be deeper than
    /// [`MAX_DEPTH`].
    pub fn new(
        prefix: DerivationPath,
        wildcard: Option<bool>,
        suffix: DerivationPath,
    ) -> Result<Self> {
        let depth = prefix.len() + usize::from(wildcard.is_some()) + suffix.len();
        if depth > MAX_DEPTH {
            return Err(Error::DepthExceeded);
        }
        Ok(Self {
            prefix,
            wildcard,
            suffix,
        })
    }

    /// Parses a pattern: `m/84'/0'/0'/0/*`, `m/44'/501'/*'/0'`, `0/*`, or a path without `*`.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] with the segment and byte offset of the first problem: as
    /// [`DerivationPath::parse_relative`], plus [`PathErrorKind::MultipleWildcards`] and
    /// [`PathErrorKind::InvalidWildcard`].
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{Error, PathErrorKind, PathPattern};
    ///
    /// assert_eq!(
    ///     PathPattern::parse("m/*/0/*"),
    ///     Err(Error::InvalidPath { segment: 2, offset: 6, kind: PathErrorKind::MultipleWildcards })
    /// );
    /// assert_eq!(
    ///     PathPattern::parse("m/0/1*"),
    ///     Err(Error::InvalidPath { segment: 1, offset: 4, kind: PathErrorKind::InvalidWildcard })
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Self> {
        let Some(star) = text.find('*') else {
            return Self::new(
                DerivationPath::parse_relative(text)?,
                None,
                DerivationPath::master(),
            );
        };
        // The first byte of the segments (after `m/`), and of the `*` segment and its end.
        let body = if text.starts_with("m/") { 2 } else { 0 };
        let head = text.get(..star).unwrap_or_default();
        let start = head.rfind('/').map_or(0, |slash| slash + 1).max(body);
        let end = text
            .get(star..)
            .and_then(|rest| rest.find('/'))
            .map_or(text.len(), |slash| star + slash);
        let level = text
            .get(body..start)
            .unwrap_or_default()
            .bytes()
            .filter(|&b| b == b'/')
            .count();
        if let Some(second) = text.get(end..).and_then(|rest| rest.find('*')) {
            // A second `*` in a later segment (one in the same segment is caught below).
            let second = end + second;
            let at = text
                .get(..second)
                .and_then(|before| before.rfind('/'))
                .map_or(0, |slash| slash + 1);
            let segment = level
                + text
                    .get(end..at)
                    .unwrap_or_default()
                    .bytes()
                    .filter(|&b| b == b'/')
                    .count();
            return Err(path_error(segment, at, PathErrorKind::MultipleWildcards));
        }
        let hardened = match text.get(start..end) {
            Some("*") => false,
            Some("*'" | "*h" | "*H") => true,
            _ => return Err(path_error(level, start, PathErrorKind::InvalidWildcard)),
        };
        let prefix = match start {
            0 => DerivationPath::master(),
            // A leading `/`: the first segment is empty.
            1 => return Err(path_error(0, 0, PathErrorKind::EmptySegment)),
            _ => DerivationPath::parse_relative(text.get(..start - 1).unwrap_or_default())?,
        };
        let suffix = match text.get(end..) {
            None | Some("") => DerivationPath::master(),
            Some("/") => return Err(path_error(level, end, PathErrorKind::TrailingSlash)),
            Some(rest) => {
                let rest = rest.get(1..).unwrap_or_default();
                let shift = |error| match error {
                    Error::InvalidPath {
                        segment,
                        offset,
                        kind,
                    } => path_error(segment + level + 1, offset + end + 1, kind),
                    other => other,
                };
                if rest.starts_with('m') {
                    return Err(path_error(
                        level + 1,
                        end + 1,
                        PathErrorKind::InvalidCharacter,
                    ));
                }
                DerivationPath::parse_relative(rest).map_err(shift)?
            }
        };
        Self::new(prefix, Some(hardened), suffix)
    }

    /// The steps before the `*` (the whole path, for a pattern without one).
    pub fn prefix(&self) -> &DerivationPath {
        &self.prefix
    }

    /// The steps after the `*` (empty for a pattern without one, or with `*` last).
    pub fn suffix(&self) -> &DerivationPath {
        &self.suffix
    }

    /// The level of the `*` (0 for the first step), or `None` for a fixed path.
    pub fn wildcard_level(&self) -> Option<usize> {
        self.wildcard.map(|_| self.prefix.len())
    }

    /// Whether the `*` stands for hardened children, or `None` for a fixed path.
    pub fn wildcard_hardened(&self) -> Option<bool> {
        self.wildcard
    }

    /// Whether the pattern has a `*`.
    pub fn has_wildcard(&self) -> bool {
        self.wildcard.is_some()
    }

    /// Whether the `*` is the last step and normal: the siblings a public key's batched
    /// derivation computes together.
    pub fn is_normal_tail(&self) -> bool {
        self.wildcard == Some(false) && self.suffix.is_empty()
    }

    /// The number of steps of each path the pattern stands for.
    pub fn depth(&self) -> usize {
        self.prefix.len() + usize::from(self.wildcard.is_some()) + self.suffix.len()
    }

    /// The child number the `*` becomes for `index`, or `None` for a fixed path.
    ///
    /// # Errors
    /// [`Error::InvalidChildIndex`] for an index of 2³¹ or more.
    pub fn child(&self, index: u32) -> Result<Option<ChildNumber>> {
        self.wildcard
            .map(|hardened| {
                if hardened {
                    ChildNumber::hardened(index)
                } else {
                    ChildNumber::normal(index)
                }
            })
            .transpose()
    }

    /// The path with `index` in place of the `*`; a fixed path is returned as it is.
    ///
    /// # Errors
    /// [`Error::InvalidChildIndex`] for an index of 2³¹ or more; without `alloc`,
    /// [`PathErrorKind::CapacityExceeded`] past the inline capacity.
    pub fn at(&self, index: u32) -> Result<DerivationPath> {
        let mut path = self.prefix.clone();
        if let Some(child) = self.child(index)? {
            path.push(child)?;
        }
        for step in &self.suffix {
            path.push(step)?;
        }
        Ok(path)
    }
}

impl From<DerivationPath> for PathPattern {
    /// The fixed pattern of a path.
    fn from(path: DerivationPath) -> Self {
        Self {
            prefix: path,
            wildcard: None,
            suffix: DerivationPath::master(),
        }
    }
}

impl FromStr for PathPattern {
    type Err = Error;

    /// As [`PathPattern::parse`].
    fn from_str(s: &str) -> Result<Self> {
        Self::parse(s)
    }
}

impl fmt::Display for PathPattern {
    /// `m/…` with `'` for hardened steps, or `h` with the alternate flag (`{:#}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let marker = if f.alternate() { "h" } else { "'" };
        let step = |f: &mut fmt::Formatter<'_>, child: ChildNumber| {
            let hardened = if child.is_hardened() { marker } else { "" };
            write!(f, "/{}{hardened}", child.index())
        };
        f.write_str("m")?;
        for child in &self.prefix {
            step(f, child)?;
        }
        match self.wildcard {
            Some(true) => write!(f, "/*{marker}")?,
            Some(false) => f.write_str("/*")?,
            None => {}
        }
        for child in &self.suffix {
            step(f, child)?;
        }
        Ok(())
    }
}
