//! Checkpoints: the finished index ranges of a search, and a salted hash of what the indices
//! mean, in a small text file.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::error::{CheckpointField, CheckpointFields, Error, Result};
use super::space::Space;

/// The first word of a checkpoint file.
const MAGIC: &str = "fastbip32-recovery-checkpoint";

/// The format version this build writes and reads.
const VERSION: u32 = 4;

/// The fields a space fixes (the others, a search's).
const SPACE_FIELDS: [CheckpointField; 7] = [
    CheckpointField::Template,
    CheckpointField::WordList,
    CheckpointField::Missing,
    CheckpointField::Typos,
    CheckpointField::Swaps,
    CheckpointField::Passphrases,
    CheckpointField::WordOrder,
];

/// A field's salted hash: what it stands for, under the salt and its name.
fn field_digest(
    salt: &[u8; 16],
    field: CheckpointField,
    feed: impl FnOnce(&mut Sha256),
) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"fastbip32 recovery checkpoint field\0");
    h.update(salt);
    h.update(field.as_str().as_bytes());
    h.update([0]);
    feed(&mut h);
    h.finalize().into()
}

/// The finished index ranges of a search over one [`Space`], for `--resume`.
///
/// The file is text, one item a line:
///
/// ```text
/// fastbip32-recovery-checkpoint 4
/// salt 5f1c…(16 bytes in hex)
/// template 9a0e…(32 bytes in hex)
/// size 4096
/// field template 41b2…
/// field word-list …
/// field missing …
/// field typos …
/// field swaps …
/// field passphrases …
/// field word-order …
/// field target …
/// field coin …
/// field paths …
/// field gap …
/// field accounts …
/// field seed …
/// done 0 1000
/// done 2048 3000
/// ```
///
/// Each `field` line is a salted SHA-256 of one thing that defines the search, so that
/// resuming a search that differs in any of them is [`Error::CheckpointChanged`] naming
/// them, not a search that silently skips the answer. [`new`](Self::new) fills the space's
/// seven; the search's six (target, coin, paths, gap, accounts, seed kind) are filled when the
/// checkpoint is first given to [`Search::run_vartime`](super::Search::run_vartime), and
/// checked there (and by [`Search::check_checkpoint`](super::Search::check_checkpoint))
/// ever after.
///
/// `template` is SHA-256 of a domain tag, the salt and a hash of everything that fixes what
/// an index means (the candidate order's version, the word list, the counts and options,
/// every token's word sets, the passphrases, the size), so [`parse`](Self::parse) rejects a
/// checkpoint of any other template, options or passphrase list. `done` lines are half-open
/// ranges `start end`, sorted and merged. The file holds no word, candidate or passphrase.
///
/// The salt (random bytes from the caller) keeps two checkpoints of one template from
/// looking alike. The hash is no secret-keeping device: someone holding the file can test a
/// guess of the whole template and passphrase list against it, which is as hard as guessing
/// the known words of the template.
///
/// # Examples
///
/// ```
/// use fastbip32::mnemonic::Language;
/// use fastbip32::recovery::{Checkpoint, Options, Space, Template};
///
/// let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";
/// let space = Space::new(Template::parse(words, &Options::new().language(Language::English))?, [""])?;
/// let mut checkpoint = Checkpoint::new(&space, [7; 16]);
/// checkpoint.mark_done(0..100)?;
/// checkpoint.mark_done(100..200)?;
/// assert_eq!(checkpoint.done(), &[0..200]);
/// assert_eq!(checkpoint.remaining(0..2048), vec![200..2048]);
///
/// let text = checkpoint.to_string();
/// assert_eq!(Checkpoint::parse(&text, &space)?, checkpoint);
///
/// let other = Space::new(Template::parse(words, &Options::new().language(Language::English))?, ["TREZOR"])?;
/// assert!(matches!(
///     Checkpoint::parse(&text, &other),
///     Err(fastbip32::recovery::Error::CheckpointChanged { .. })
/// ));
/// # Ok::<(), fastbip32::recovery::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    salt: [u8; 16],
    digest: [u8; 32],
    size: u128,
    /// Each field's salted hash, in [`CheckpointField::ALL`]'s order; a search's fields are
    /// `None` until the checkpoint is bound to a search.
    fields: [Option<[u8; 32]>; CheckpointField::ALL.len()],
    done: Vec<Range<u128>>,
}

impl Checkpoint {
    /// An empty checkpoint of `space`, with `salt` (16 random bytes, e.g. from `getrandom`).
    pub fn new(space: &Space, salt: [u8; 16]) -> Self {
        let mut fields = [None; CheckpointField::ALL.len()];
        for (slot, field) in fields.iter_mut().zip(CheckpointField::ALL) {
            if SPACE_FIELDS.contains(&field) {
                *slot = Some(field_digest(&salt, field, |h| space.hash_field(field, h)));
            }
        }
        Self {
            salt,
            digest: digest(space, &salt),
            size: space.size(),
            fields,
            done: Vec::new(),
        }
    }

    /// Binds the checkpoint to a search over `space` whose fields `feed` hashes (its
    /// target, coin, paths, gap, accounts and seed kind), or, if it is bound already,
    /// checks that it is bound to a search like this one.
    ///
    /// # Errors
    /// As [`check_search`](Self::check_search).
    pub(super) fn bind(
        &mut self,
        space: &Space,
        feed: &dyn Fn(CheckpointField, &mut Sha256),
    ) -> Result<()> {
        self.check_search(space, feed)?;
        let salt = self.salt;
        for (slot, field) in self.fields.iter_mut().zip(CheckpointField::ALL) {
            if slot.is_none() {
                *slot = Some(field_digest(&salt, field, |h| feed(field, h)));
            }
        }
        Ok(())
    }

    /// Checks that the checkpoint belongs to a search over `space` whose fields `feed`
    /// hashes: each field it holds is the search's.
    ///
    /// # Errors
    /// [`Error::CheckpointChanged`] naming the fields that differ (the template's words not
    /// named when the word list differs: they are read in it);
    /// [`Error::CheckpointMismatch`] for a checkpoint of another space otherwise.
    pub(super) fn check_search(
        &self,
        space: &Space,
        feed: &dyn Fn(CheckpointField, &mut Sha256),
    ) -> Result<()> {
        let mut changed = CheckpointFields::new();
        for (slot, field) in self.fields.iter().zip(CheckpointField::ALL) {
            if let Some(stated) = slot {
                let own = field_digest(&self.salt, field, |h| feed(field, h));
                if !bool::from(own.ct_eq(stated)) {
                    changed.insert(field);
                }
            }
        }
        finish(changed)?;
        if !bool::from(digest(space, &self.salt).ct_eq(&self.digest)) || self.size != space.size() {
            return Err(Error::CheckpointMismatch);
        }
        Ok(())
    }

    /// Whether the checkpoint is bound to a search (its target, coin, paths, gap, accounts,
    /// seed kind).
    pub fn is_bound(&self) -> bool {
        self.fields.iter().all(Option::is_some)
    }

    /// Records `range` as searched, merging it with the ranges it overlaps or touches.
    ///
    /// # Errors
    /// [`Error::InvalidRange`] unless `range.start <= range.end <= size`.
    pub fn mark_done(&mut self, range: Range<u128>) -> Result<()> {
        if range.start > range.end || range.end > self.size {
            return Err(Error::InvalidRange {
                start: range.start,
                end: range.end,
                size: self.size,
            });
        }
        if range.is_empty() {
            return Ok(());
        }
        // The ranges before `range` (ending before it starts) and after it (starting after
        // it ends) stay; those between merge with it.
        let first = self.done.partition_point(|r| r.end < range.start);
        let last = self.done.partition_point(|r| r.start <= range.end);
        let mut merged = range;
        if let Some(between) = self.done.get(first..last) {
            if let (Some(a), Some(b)) = (between.first(), between.last()) {
                merged.start = merged.start.min(a.start);
                merged.end = merged.end.max(b.end);
            }
        }
        self.done.splice(first..last, [merged]);
        Ok(())
    }

    /// The finished ranges: sorted, disjoint, none touching another.
    pub fn done(&self) -> &[Range<u128>] {
        &self.done
    }

    /// The number of finished indices.
    pub fn done_count(&self) -> u128 {
        self.done.iter().map(|r| r.end - r.start).sum()
    }

    /// The parts of `within` not yet finished, in order.
    pub fn remaining(&self, within: Range<u128>) -> Vec<Range<u128>> {
        let mut out = Vec::new();
        let mut at = within.start;
        for done in &self.done {
            if done.end <= at {
                continue;
            }
            if done.start >= within.end {
                break;
            }
            if done.start > at {
                out.push(at..done.start);
            }
            at = at.max(done.end);
        }
        if at < within.end {
            out.push(at..within.end);
        }
        out
    }

    /// Parses a checkpoint and checks that it belongs to `space`.
    ///
    /// # Errors
    /// [`Error::CheckpointSyntax`] for a line that does not parse (also a range outside the
    /// space, or one with its start at or past its end); [`Error::CheckpointVersion`] for
    /// another format version; [`Error::CheckpointMismatch`] for a checkpoint of another
    /// template, options or passphrase list.
    pub fn parse(text: &str, space: &Space) -> Result<Self> {
        let lines: Vec<&str> = text.lines().collect();
        // Header line `line` (from 1): `name value`.
        let field = |line: usize, name: &str| -> Result<&str> {
            let text = lines
                .get(line - 1)
                .ok_or(Error::CheckpointSyntax { line })?;
            let mut parts = text.split(' ');
            match (parts.next(), parts.next(), parts.next()) {
                (Some(key), Some(value), None) if key == name => Ok(value),
                _ => Err(Error::CheckpointSyntax { line }),
            }
        };
        let version: u32 =
            parse_number(field(1, MAGIC)?).ok_or(Error::CheckpointSyntax { line: 1 })?;
        if version != VERSION {
            return Err(Error::CheckpointVersion { version });
        }
        let mut salt = [0u8; 16];
        crate::hex::decode(field(2, "salt")?, &mut salt)
            .map_err(|_| Error::CheckpointSyntax { line: 2 })?;
        let mut stated = [0u8; 32];
        crate::hex::decode(field(3, "template")?, &mut stated)
            .map_err(|_| Error::CheckpointSyntax { line: 3 })?;
        let size: u128 =
            parse_number(field(4, "size")?).ok_or(Error::CheckpointSyntax { line: 4 })?;
        let mut checkpoint = Self::new(space, salt);
        // `field NAME HEX` lines, in the order of `CheckpointField::ALL`: the space's seven,
        // then a search's six or none.
        let mut changed = CheckpointFields::new();
        let mut at = 4;
        for (i, field) in CheckpointField::ALL.into_iter().enumerate() {
            let line = at + 1;
            let Some(text) = lines.get(at) else {
                if i < SPACE_FIELDS.len() {
                    return Err(Error::CheckpointSyntax { line });
                }
                break;
            };
            let mut parts = text.split(' ');
            let value = match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some("field"), Some(name), Some(value), None) if name == field.as_str() => value,
                _ if i == SPACE_FIELDS.len() => break,
                _ => return Err(Error::CheckpointSyntax { line }),
            };
            let mut stated = [0u8; 32];
            crate::hex::decode(value, &mut stated).map_err(|_| Error::CheckpointSyntax { line })?;
            let slot = checkpoint
                .fields
                .get_mut(i)
                .ok_or(Error::CheckpointSyntax { line })?;
            match slot {
                Some(own) if !bool::from(own.ct_eq(&stated)) => changed.insert(field),
                Some(_) => {}
                None => *slot = Some(stated),
            }
            at += 1;
        }
        finish(changed)?;
        if !bool::from(checkpoint.digest.ct_eq(&stated)) || size != space.size() {
            return Err(Error::CheckpointMismatch);
        }
        for (line, text) in lines.iter().enumerate().skip(at).map(|(i, t)| (i + 1, t)) {
            let mut parts = text.split(' ');
            let range = match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some("done"), Some(start), Some(end), None) => {
                    parse_number::<u128>(start).zip(parse_number::<u128>(end))
                }
                _ => None,
            };
            match range {
                Some((start, end)) if start < end && end <= size => {
                    checkpoint
                        .mark_done(start..end)
                        .map_err(|_| Error::CheckpointSyntax { line })?;
                }
                _ => return Err(Error::CheckpointSyntax { line }),
            }
        }
        Ok(checkpoint)
    }

    /// Writes the checkpoint to `path` atomically: to `path` with `.tmp` appended, flushed
    /// to the disk, then renamed over `path`.
    ///
    /// # Errors
    /// [`Error::CheckpointIo`] if creating, writing or renaming fails.
    #[cfg(feature = "std")]
    pub fn save(&self, path: &std::path::Path) -> Result<()> {
        use std::io::Write as _;
        let io = |e: std::io::Error| Error::CheckpointIo { kind: e.kind() };
        let mut tmp = std::ffi::OsString::from(path.as_os_str());
        tmp.push(".tmp");
        let tmp = std::path::PathBuf::from(tmp);
        let mut file = std::fs::File::create(&tmp).map_err(io)?;
        file.write_all(alloc::string::ToString::to_string(self).as_bytes())
            .map_err(io)?;
        file.sync_all().map_err(io)?;
        // Closed before the rename (on wasm32, where `File` has nothing to close, a no-op).
        #[cfg_attr(target_arch = "wasm32", allow(clippy::drop_non_drop))]
        drop(file);
        std::fs::rename(&tmp, path).map_err(io)
    }

    /// Reads and parses the checkpoint at `path` (see [`parse`](Self::parse)).
    ///
    /// # Errors
    /// [`Error::CheckpointIo`] if reading fails; as [`parse`](Self::parse) otherwise.
    #[cfg(feature = "std")]
    pub fn load(path: &std::path::Path, space: &Space) -> Result<Self> {
        let text =
            std::fs::read_to_string(path).map_err(|e| Error::CheckpointIo { kind: e.kind() })?;
        Self::parse(&text, space)
    }
}

impl fmt::Display for Checkpoint {
    /// The file's text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut salt = [0u8; 32];
        let mut digest = [0u8; 64];
        let salt = crate::hex::encode(&self.salt, &mut salt).map_err(|_| fmt::Error)?;
        let digest = crate::hex::encode(&self.digest, &mut digest).map_err(|_| fmt::Error)?;
        writeln!(f, "{MAGIC} {VERSION}")?;
        writeln!(f, "salt {salt}")?;
        writeln!(f, "template {digest}")?;
        writeln!(f, "size {}", self.size)?;
        for (slot, field) in self.fields.iter().zip(CheckpointField::ALL) {
            if let Some(value) = slot {
                let mut hex = [0u8; 64];
                let hex = crate::hex::encode(value, &mut hex).map_err(|_| fmt::Error)?;
                writeln!(f, "field {} {hex}", field.as_str())?;
            }
        }
        for range in &self.done {
            writeln!(f, "done {} {}", range.start, range.end)?;
        }
        Ok(())
    }
}

/// `Err(CheckpointChanged)` for a non-empty set of changed fields; the template's words are
/// not named beside a changed word list.
fn finish(mut changed: CheckpointFields) -> Result<()> {
    if changed.contains(CheckpointField::WordList) && changed.contains(CheckpointField::Template) {
        changed = CheckpointField::ALL
            .into_iter()
            .filter(|f| *f != CheckpointField::Template && changed.contains(*f))
            .fold(CheckpointFields::new(), |mut set, f| {
                set.insert(f);
                set
            });
    }
    if changed.is_empty() {
        Ok(())
    } else {
        Err(Error::CheckpointChanged { fields: changed })
    }
}

/// A decimal number of ASCII digits only (no sign, no spaces).
fn parse_number<T: core::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The checkpoint's hash of `space` under `salt`.
fn digest(space: &Space, salt: &[u8; 16]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"fastbip32 recovery checkpoint\0");
    h.update(salt);
    h.update(space.digest());
    h.finalize().into()
}
