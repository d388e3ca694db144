//! The kind of seed a search derives from each candidate phrase, and the candidates of a
//! range that can be one: BIP-39 phrases pass the checksum ([`Candidates`]), Electrum v2
//! phrases the version hash ([`ElectrumCandidates`]).

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use zeroize::Zeroizing;

use super::electrum::{self, ElectrumSeedKind};
use super::error::{Error, Result};
use super::filter::{Batch, Candidates, ChecksumCount};
use super::space::{Space, MAX_PHRASE_LEN};

/// How a search reads each candidate phrase: which candidates can be a seed, how the seed
/// is derived and (for the standard paths) which paths it is searched along.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SeedKind {
    /// A BIP-39 mnemonic: the checksum filters the candidates, the seed is PBKDF2 with the
    /// salt `mnemonic`, the paths are the coin's standard ones.
    #[default]
    Bip39,
    /// An Electrum v2 phrase of a standard or segwit wallet: the version hash filters the
    /// candidates (prefix `01` or `100`), the seed is PBKDF2 with the salt `electrum`, the
    /// paths are Electrum's (standard: `m/0/*` and `m/1/*`, P2PKH; segwit: `m/0'/0/*` and
    /// `m/0'/1/*`, P2WPKH). Bitcoin only. See [`electrum`](super::electrum).
    Electrum,
}

impl SeedKind {
    /// Every kind.
    pub const ALL: [Self; 2] = [Self::Bip39, Self::Electrum];

    /// The lowercase name: `bip39`, `electrum`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Bip39 => "bip39",
            Self::Electrum => "electrum",
        }
    }
}

impl fmt::Display for SeedKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SeedKind {
    type Err = Error;

    /// `bip39` or `electrum`.
    ///
    /// # Errors
    /// [`Error::UnknownSeedKind`] for any other text.
    fn from_str(s: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or(Error::UnknownSeedKind)
    }
}

/// The Electrum kind of a phrase when a search takes it: standard or segwit (the
/// two-factor kinds need a server's key and are not searched), else `None`.
///
/// # Security
/// Variable-time in the phrase, as [`electrum::seed_kind`].
pub(super) fn searched_electrum_kind(phrase: &str) -> Option<ElectrumSeedKind> {
    match electrum::seed_kind(phrase) {
        Some(kind @ (ElectrumSeedKind::Standard | ElectrumSeedKind::Segwit)) => Some(kind),
        Some(ElectrumSeedKind::TwoFactor | ElectrumSeedKind::TwoFactorSegwit) | None => None,
    }
}

/// The candidates of an index range whose phrase is an Electrum v2 phrase of a standard or
/// segwit wallet, in index order, batch by batch. Each index costs one normalisation and
/// one HMAC-SHA512; about 17 in 4096 pass (prefix `01`: 1 in 256; `100`: 1 in 4096).
pub(super) struct ElectrumCandidates<'a> {
    space: &'a Space,
    pos: u128,
    end: u128,
}

impl<'a> ElectrumCandidates<'a> {
    /// The Electrum candidates of `range`.
    ///
    /// # Errors
    /// [`Error::InvalidRange`] unless `range.start <= range.end <= space.size()`.
    pub(super) fn new(space: &'a Space, range: Range<u128>) -> Result<Self> {
        if range.start > range.end || range.end > space.size() {
            return Err(Error::InvalidRange {
                start: range.start,
                end: range.end,
                size: space.size(),
            });
        }
        Ok(Self {
            space,
            pos: range.start,
            end: range.end,
        })
    }

    /// Fills `batch` with the next Electrum candidates; returns how many, 0 once the range
    /// is done.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] for an index the space cannot unrank (a broken invariant).
    ///
    /// # Security
    /// Variable-time: it branches on each candidate's version hash.
    pub(super) fn next_batch_vartime(&mut self, batch: &mut Batch) -> Result<usize> {
        batch.clear_for(self.space.word_count());
        let mut phrase = Zeroizing::new([0u8; MAX_PHRASE_LEN]);
        while !batch.is_full() && self.pos < self.end {
            let index = self.pos;
            self.pos += 1;
            let candidate = self.space.unrank(index)?;
            let language = self.space.language_at(index).ok_or(Error::NotInSpace)?;
            let len = self
                .space
                .write_phrase_in(language, candidate.words(), &mut phrase[..])
                .ok_or(Error::NotInSpace)?;
            let text = phrase
                .get(..len)
                .and_then(|p| core::str::from_utf8(p).ok())
                .ok_or(Error::NotInSpace)?;
            if searched_electrum_kind(text).is_some() && !batch.push(&candidate, index) {
                return Err(Error::NotInSpace);
            }
        }
        Ok(batch.len())
    }

    /// The next index not yet examined (the range's end once it is done).
    pub(super) fn position(&self) -> u128 {
        self.pos
    }
}

/// The candidates of a chunk that can be a seed of the search's kind.
#[allow(
    clippy::large_enum_variant,
    reason = "one a worker at a time, on its stack: boxing would allocate per chunk"
)]
pub(super) enum Source<'a> {
    /// Checksum-valid BIP-39 candidates.
    Bip39(Candidates<'a>),
    /// Electrum standard and segwit candidates.
    Electrum(ElectrumCandidates<'a>),
}

impl<'a> Source<'a> {
    /// The candidates of `range` that can be a seed of kind `seed`.
    ///
    /// # Errors
    /// [`Error::InvalidRange`] for a range outside the space.
    pub(super) fn new(seed: SeedKind, space: &'a Space, range: Range<u128>) -> Result<Self> {
        Ok(match seed {
            SeedKind::Bip39 => Self::Bip39(space.candidates(range)?),
            SeedKind::Electrum => Self::Electrum(ElectrumCandidates::new(space, range)?),
        })
    }

    /// Fills `batch` with the next candidates; returns how many, 0 once the range is done.
    ///
    /// # Errors
    /// As [`ElectrumCandidates::next_batch_vartime`].
    ///
    /// # Security
    /// Variable-time: it branches on each candidate's checksum or version hash.
    pub(super) fn next_batch_vartime(&mut self, batch: &mut Batch) -> Result<usize> {
        match self {
            Self::Bip39(c) => Ok(c.next_batch_vartime(batch)),
            Self::Electrum(c) => c.next_batch_vartime(batch),
        }
    }

    /// The next index not yet examined (the range's end once it is done).
    pub(super) fn position(&self) -> u128 {
        match self {
            Self::Bip39(c) => c.position(),
            Self::Electrum(c) => c.position(),
        }
    }
}

impl Space {
    /// An estimate of the candidates that pass Electrum's version check (standard or
    /// segwit): 17 in 4096 of them (prefix `01`: 1 in 256; `100`: 1 in 4096), the share of
    /// an unpredictable hash.
    pub fn electrum_count_estimate(&self) -> ChecksumCount {
        let size = self.size();
        ChecksumCount::Estimate(size / 4096 * 17 + size % 4096 * 17 / 4096)
    }
}
