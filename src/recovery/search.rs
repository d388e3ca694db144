//! The search: checksum-valid candidates in lane-wide PBKDF2 batches, the master key, the
//! hardened steps, elliptic-curve work only where the target needs it, on K threads.

use alloc::string::ToString as _;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;
use std::sync::{mpsc, Mutex};
use std::time::Instant;

use sha2::Sha256;
use sha3::{Digest as _, Keccak256};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use super::checkpoint::Checkpoint;
use super::error::{Bound, CheckpointField, Error, Result};
use super::filter::{Batch, BATCH_LEN};
use super::space::{Candidate, Space, MAX_PHRASE_LEN};
use super::target::{Coin, Kind, Network2, Payload, Target};
use crate::address::{self, Address, CardanoNetwork};
use crate::curve::{Ed25519, Ed25519Bip32, Secp256k1};
use crate::hash::pbkdf2::{pbkdf2_blocks, Pbkdf2Block, BIP39_ROUNDS};
use crate::hash::{hash160, HmacSha512};
use crate::key::{ExtendedPrivateKey, ExtendedPublicKey};
use crate::secret::SecretBytes;
use crate::{ChildNumber, DerivationPath, PathPattern};

type Xprv = ExtendedPrivateKey<Secp256k1>;
type Xpub = ExtendedPublicKey<Secp256k1>;

/// The most gap indices a search derives on each path ([`Paths::gap`]): a worker holds one
/// public key per index.
pub const MAX_GAP: u32 = 1 << 16;

/// The most accounts a search derives ([`Paths::accounts`]).
pub const MAX_ACCOUNTS: u32 = 1 << 10;

/// The most worker threads of a search ([`Search::threads`]).
pub const MAX_THREADS: usize = 1 << 10;

/// The indices a worker takes at a time (and the grain of a checkpoint).
const CHUNK: u128 = 1 << 12;

/// Below this many gap indices a secp256k1 route derives each child's private key and
/// multiplies the base point (libsecp256k1's precomputed table), rather than adding
/// tweaks to the decompressed parent point (`benches`, recovery row b, with `--gap`).
const SHORT_GAP: usize = 6;

/// The PBKDF2 iterations of the Icarus master key (CIP-3).
const ICARUS_ROUNDS: u32 = 4096;

/// The pattern `prefix/*/suffix` of raw child numbers (`*'` when `hardened`).
#[allow(
    clippy::expect_used,
    reason = "standard paths have at most five steps, below a path's inline capacity"
)]
fn gap(prefix: &[u32], hardened: bool, suffix: &[u32]) -> PathPattern {
    let path = |raw: &[u32]| {
        let steps: Vec<ChildNumber> = raw.iter().map(|&raw| ChildNumber::from_raw(raw)).collect();
        DerivationPath::from_slice(&steps).expect("standard paths are short")
    };
    PathPattern::new(path(prefix), Some(hardened), path(suffix)).expect("standard paths are short")
}

const H: u32 = 0x8000_0000;

/// The hardened raw number of index `i`.
const fn h(i: u32) -> u32 {
    i | H
}

/// The chains of the standard paths a search derives: the `c` of `m/P'/C'/a'/c/*`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Change {
    /// The receive chain, `c` = 0.
    Receive,
    /// The change chain, `c` = 1.
    Change,
    /// Both, receive first.
    #[default]
    Both,
}

impl Change {
    /// The lowercase name: `receive`, `change`, `both`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Receive => "receive",
            Self::Change => "change",
            Self::Both => "both",
        }
    }

    /// The chain numbers, in the order they are derived.
    const fn chains(self) -> &'static [u32] {
        match self {
            Self::Receive => &[0],
            Self::Change => &[1],
            Self::Both => &[0, 1],
        }
    }
}

impl core::str::FromStr for Change {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s {
            "receive" => Ok(Self::Receive),
            "change" => Ok(Self::Change),
            "both" => Ok(Self::Both),
            _ => Err(Error::UnknownChange),
        }
    }
}

/// The coin and the paths a search derives: standard ones (accounts `0..accounts`, gap
/// indices `0..gap`) or the given patterns.
///
/// Standard paths: Bitcoin `m/P'/C'/a'/c/*` for each BIP-43 purpose P the target's
/// addresses call for (44 P2PKH, 49 P2SH-P2WPKH, 84 P2WPKH, 86 P2TR; C = 0 on mainnet, 1
/// on test networks); Ethereum `m/44'/60'/a'/c/*`; Solana `m/44'/501'/*'/0'` (no change
/// step); Cardano `m/1852'/1815'/a'/c/*`; the chains `c` are [`Paths::change`]'s (default
/// both: 0, then 1).
#[derive(Clone, Debug)]
pub struct Paths {
    coin: Coin,
    change: Change,
    accounts: u32,
    gap: u32,
    patterns: Vec<PathPattern>,
}

impl Paths {
    /// The standard paths of `coin`: account 0, gap 20.
    pub fn new(coin: Coin) -> Self {
        Self {
            coin,
            change: Change::Both,
            accounts: 1,
            gap: 20,
            patterns: Vec::new(),
        }
    }

    /// Accounts `0..accounts` (at least 1; at most [`MAX_ACCOUNTS`], which
    /// [`Search::check`] enforces).
    #[must_use]
    pub fn accounts(mut self, accounts: u32) -> Self {
        self.accounts = accounts.max(1);
        self
    }

    /// Gap indices `0..gap` (at least 1; at most [`MAX_GAP`], which [`Search::check`]
    /// enforces).
    #[must_use]
    pub fn gap(mut self, gap: u32) -> Self {
        self.gap = gap.max(1);
        self
    }

    /// The chains of the standard paths (default [`Change::Both`]); given patterns
    /// ([`path`](Self::path)) are derived as given.
    #[must_use]
    pub fn change(mut self, change: Change) -> Self {
        self.change = change;
        self
    }

    /// Derives `pattern` in place of the standard paths (repeatable).
    #[must_use]
    pub fn path(mut self, pattern: PathPattern) -> Self {
        self.patterns.push(pattern);
        self
    }

    /// The coin.
    pub fn coin(&self) -> Coin {
        self.coin
    }

    /// The first count above its maximum, as an error.
    fn bound_error(&self) -> Option<Error> {
        let too_large = |bound, value: u32, max: u32| {
            (value > max).then_some(Error::TooLarge {
                bound,
                value: u64::from(value),
                max: u64::from(max),
            })
        };
        too_large(Bound::Gap, self.gap, MAX_GAP)
            .or_else(|| too_large(Bound::Accounts, self.accounts, MAX_ACCOUNTS))
    }

    /// The address patterns for `target`, with the address kinds each is compared as.
    fn address_routes(&self, target: &Target) -> Vec<(PathPattern, Vec<Kind>)> {
        let kinds: Vec<Kind> = target.kinds().filter(|k| k.coin() == self.coin).collect();
        if kinds.is_empty() {
            return Vec::new();
        }
        if !self.patterns.is_empty() {
            return self
                .patterns
                .iter()
                .map(|p| (p.clone(), kinds.clone()))
                .collect();
        }
        let chains = self.change.chains();
        let mut out = Vec::new();
        for a in 0..self.accounts {
            match self.coin {
                Coin::Bitcoin => {
                    let (main, test) = target.bitcoin_test_networks();
                    for kind in &kinds {
                        let purpose = kind.purpose().unwrap_or(44);
                        for (has, coin) in [(main, 0), (test, 1)] {
                            for &c in chains.iter().filter(|_| has) {
                                out.push((
                                    gap(&[purpose | H, coin | H, h(a), c], false, &[]),
                                    alloc::vec![*kind],
                                ));
                            }
                        }
                    }
                }
                Coin::Ethereum => {
                    for &c in chains {
                        out.push((gap(&[h(44), h(60), h(a), c], false, &[]), kinds.clone()));
                    }
                }
                Coin::Cardano => {
                    for &c in chains {
                        out.push((gap(&[h(1852), h(1815), h(a), c], false, &[]), kinds.clone()));
                    }
                }
                Coin::Solana => {
                    if a == 0 {
                        out.push((gap(&[h(44), h(501)], true, &[H]), kinds.clone()));
                    }
                }
            }
        }
        out
    }

    /// The paths an xpub is compared at: the given patterns of its depth (gap indices in
    /// place of `*`), else the standard path of its version cut to its depth, with its own
    /// child number last.
    fn xpub_paths(&self, xpub: &Xpub) -> Vec<DerivationPath> {
        let depth = usize::from(xpub.depth());
        let mut out = Vec::new();
        if !self.patterns.is_empty() {
            for p in &self.patterns {
                let count = if p.has_wildcard() { self.gap } else { 1 };
                for i in 0..count {
                    if let Ok(path) = p.at(i) {
                        if path.len() == depth {
                            out.push(path);
                        }
                    }
                }
            }
            return out;
        }
        if depth == 0 {
            out.push(DerivationPath::master());
            return out;
        }
        let version = xpub.version();
        let test = version.is_testnet().unwrap_or(false);
        let purposes: &[u32] = match (self.coin, version.name()) {
            (Coin::Ethereum, _) => &[44],
            (_, Some("ypub" | "upub")) => &[49],
            (_, Some("zpub" | "vpub")) => &[84],
            _ => &[44, 86],
        };
        let coin_type = match self.coin {
            Coin::Ethereum => 60,
            _ if test => 1,
            _ => 0,
        };
        for &purpose in purposes {
            for a in 0..self.accounts {
                let standard = [purpose | H, coin_type | H, h(a), 0];
                let Some(head) = standard.get(..depth - 1) else {
                    continue;
                };
                let mut steps: Vec<ChildNumber> =
                    head.iter().map(|&r| ChildNumber::from_raw(r)).collect();
                steps.push(xpub.child_number());
                if let Ok(path) = DerivationPath::from_slice(&steps) {
                    if !out.contains(&path) {
                        out.push(path);
                    }
                }
            }
        }
        out
    }
}

/// How far a search has come: counts only, never a candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Indices examined (every candidate, valid or not), with those of the checkpoint.
    pub examined: u128,
    /// Of those examined in this run, the candidates that passed the checksum.
    pub passed: u64,
    /// Indices examined in this run.
    pub examined_now: u128,
    /// Time since the run began.
    pub elapsed: Duration,
    /// The indices the search covers.
    pub total: u128,
}

impl Progress {
    /// Indices examined per second in this run.
    pub fn rate(&self) -> f64 {
        #[allow(clippy::cast_precision_loss)] // a rate for people
        let n = self.examined_now as f64;
        n / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Checksum-passing candidates per second in this run.
    pub fn passed_rate(&self) -> f64 {
        #[allow(clippy::cast_precision_loss)] // a rate for people
        let n = self.passed as f64;
        n / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The seconds left at the current rate (`None` before any progress).
    pub fn eta(&self) -> Option<f64> {
        let rate = self.rate();
        #[allow(clippy::cast_precision_loss)] // an estimate for people
        let left = self.total.saturating_sub(self.examined) as f64;
        (rate > 0.0).then(|| left / rate)
    }
}

/// What matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Matched {
    /// An address of the target.
    Address,
    /// An extended public key.
    Xpub,
    /// A master fingerprint.
    Fingerprint,
    /// A descriptor's key.
    Descriptor,
    /// An address that the target's address database holds, or (with a probability of
    /// about 2⁻³⁷ for each address compared, see [`AddressDb`](super::AddressDb)) appears
    /// to: confirm the address before relying on the candidate.
    AddressDb,
}

impl Matched {
    /// The lowercase name: `address`, `xpub`, `fingerprint`, `descriptor`, `address-db`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Address => "address",
            Self::Xpub => "xpub",
            Self::Fingerprint => "fingerprint",
            Self::Descriptor => "descriptor",
            Self::AddressDb => "address-db",
        }
    }
}

/// A match: the candidate, its index, the path and (for an address) the address and its
/// index.
///
/// Holds the candidate: wiped on drop; `Debug` shows no word.
#[derive(Clone)]
pub struct Found {
    /// The candidate's index in the space (its number among the candidates, not an address
    /// index).
    pub index: u128,
    /// For an address match, the address's index: the gap index at the path's `*` (7 for
    /// `m/84'/0'/0'/0/7`, the account for Solana's `m/44'/501'/*'/0'`), or the last step's
    /// index for a path without `*`. `None` for an xpub, fingerprint or descriptor match.
    pub address_index: Option<u32>,
    /// The candidate.
    pub candidate: Candidate,
    /// The path of the key that matched (`m` for a fingerprint).
    pub path: DerivationPath,
    /// The address that matched, written as its coin writes it.
    pub address: Option<Address>,
    /// What matched.
    pub matched: Matched,
}

impl fmt::Debug for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Found")
            .field("index", &self.index)
            .field("address_index", &self.address_index)
            .field("path", &self.path)
            .field("matched", &self.matched)
            .finish_non_exhaustive()
    }
}

/// How a search ended.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one value per search; a box would buy nothing
#[non_exhaustive]
pub enum Outcome {
    /// A candidate matched.
    Found(Found),
    /// Every index was examined; nothing matched.
    Exhausted(Progress),
    /// The cancellation flag was raised; the checkpoint holds what was finished.
    Cancelled(Progress),
}

/// An exact check of an address-database match ([`Search::confirm`]): whether the address
/// is in the list.
pub type Confirm<'c> = dyn Fn(&Address) -> bool + Sync + 'c;

/// A search over a space for a target, on K threads.
///
/// # Examples
///
/// ```
/// use core::sync::atomic::AtomicBool;
/// use fastbip32::mnemonic::Language;
/// use fastbip32::recovery::{Checkpoint, Coin, Options, Outcome, Paths, Search, Space, Target, Template};
///
/// let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";
/// let space = Space::new(Template::parse(words, &Options::new().language(Language::English))?, [""])?;
/// let mut target = Target::new();
/// target.add_address("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")?; // m/84'/0'/0'/0/0
/// let search = Search::new(&space, &target, Paths::new(Coin::Bitcoin).gap(1)).threads(1);
/// let mut checkpoint = Checkpoint::new(&space, [0; 16]);
/// let outcome = search.run_vartime(0..space.size(), &mut checkpoint, &AtomicBool::new(false), &mut |_, _| {})?;
/// let Outcome::Found(found) = outcome else { panic!("no match") };
/// assert_eq!(found.index, 3); // "about"
/// assert_eq!(found.path.to_string(), "m/84'/0'/0'/0/0");
/// # Ok::<(), fastbip32::recovery::Error>(())
/// ```
pub struct Search<'a> {
    space: &'a Space,
    target: &'a Target,
    paths: Paths,
    threads: usize,
    tick: Duration,
    confirm: Option<&'a Confirm<'a>>,
    routes: Vec<(PathPattern, Vec<Kind>)>,
    xpub_paths: Vec<Vec<DerivationPath>>,
    /// A count of `paths` above its maximum (then no route or path was computed).
    bound: Option<Error>,
}

impl fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("paths", &self.paths)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl<'a> Search<'a> {
    /// A search of `space` for `target` along `paths`, on every core.
    pub fn new(space: &'a Space, target: &'a Target, paths: Paths) -> Self {
        let bound = paths.bound_error();
        let (routes, xpub_paths) = if bound.is_some() {
            (Vec::new(), Vec::new())
        } else {
            (
                paths.address_routes(target),
                target.xpubs.iter().map(|x| paths.xpub_paths(x)).collect(),
            )
        };
        Self {
            bound,
            space,
            target,
            paths,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            tick: Duration::from_millis(200),
            confirm: None,
            routes,
            xpub_paths,
        }
    }

    /// `threads` worker threads (at least 1; at most [`MAX_THREADS`], which
    /// [`check`](Self::check) enforces).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Confirms each address-database match exactly: `confirm` gets the matched address and
    /// says whether the list the database was built from holds it. A match it refuses is
    /// not a match (the search goes on); one it accepts is [`Matched::Address`]. Without
    /// it, a database match is [`Matched::AddressDb`].
    #[must_use]
    pub fn confirm(mut self, confirm: &'a Confirm<'a>) -> Self {
        self.confirm = Some(confirm);
        self
    }

    /// How often the tick callback runs (default 200 ms).
    #[must_use]
    pub fn tick(mut self, tick: Duration) -> Self {
        self.tick = tick;
        self
    }

    /// Feeds what `field` of a checkpoint stands for to `h`: the target, the coin, the path
    /// patterns, the gap or the accounts (through [`Space`] for the others).
    fn hash_field(&self, field: CheckpointField, h: &mut Sha256) {
        let paths = &self.paths;
        match field {
            CheckpointField::Template
            | CheckpointField::WordList
            | CheckpointField::Missing
            | CheckpointField::Typos
            | CheckpointField::Swaps
            | CheckpointField::Passphrases => self.space.hash_field(field, h),
            CheckpointField::Target => self.target.hash_into(h),
            CheckpointField::Coin => h.update(paths.coin.as_str().as_bytes()),
            CheckpointField::Paths => {
                h.update(paths.change.as_str().as_bytes());
                h.update((paths.patterns.len() as u64).to_be_bytes());
                for p in &paths.patterns {
                    let text = p.to_string();
                    h.update((text.len() as u64).to_be_bytes());
                    h.update(text.as_bytes());
                }
            }
            CheckpointField::Gap => h.update(paths.gap.to_be_bytes()),
            CheckpointField::Accounts => h.update(paths.accounts.to_be_bytes()),
        }
    }

    /// Checks that `checkpoint` belongs to this search: to its space, and (once it has been
    /// bound to a search by [`run_vartime`](Self::run_vartime) or read from a file that was)
    /// to the same target, coin, paths, gap and accounts.
    ///
    /// # Errors
    /// [`Error::CheckpointChanged`] naming the fields that differ;
    /// [`Error::CheckpointMismatch`] for a checkpoint of another space.
    pub fn check_checkpoint(&self, checkpoint: &Checkpoint) -> Result<()> {
        checkpoint.check_search(self.space, &|field, h| self.hash_field(field, h))
    }

    /// The address path patterns the search derives for the target's addresses, in the
    /// order it derives them (`*` for the gap index).
    pub fn address_patterns(&self) -> impl Iterator<Item = &PathPattern> + '_ {
        self.routes.iter().map(|(pattern, _)| pattern)
    }

    /// The paths the search compares keys at, each once: the xpubs' paths, the descriptors'
    /// key origins and `m` for a master fingerprint (on the coins whose keys it compares:
    /// Bitcoin and Ethereum).
    pub fn key_paths(&self) -> Vec<DerivationPath> {
        let mut out: Vec<DerivationPath> = Vec::new();
        if !matches!(self.paths.coin, Coin::Bitcoin | Coin::Ethereum) {
            return out;
        }
        let fingerprint = (!self.target.fingerprints.is_empty()).then(DerivationPath::master);
        let paths = fingerprint
            .into_iter()
            .chain(self.xpub_paths.iter().flatten().cloned())
            .chain(self.target.keys.iter().map(|k| k.path.clone()));
        for path in paths {
            if !out.contains(&path) {
                out.push(path);
            }
        }
        out
    }

    ///
    /// # Errors
    /// [`Error::TooLarge`] for a gap above [`MAX_GAP`], accounts above [`MAX_ACCOUNTS`] or
    /// threads above [`MAX_THREADS`]; [`Error::EmptyTarget`] if nothing of the target can
    /// match on this coin (an empty target, or only addresses of another coin).
    pub fn check(&self) -> Result<()> {
        if let Some(err) = self.bound {
            return Err(err);
        }
        if self.threads > MAX_THREADS {
            return Err(Error::TooLarge {
                bound: Bound::Threads,
                value: self.threads as u64,
                max: MAX_THREADS as u64,
            });
        }
        let secp = matches!(self.paths.coin, Coin::Bitcoin | Coin::Ethereum);
        let anything = !self.routes.is_empty()
            || (secp
                && (!self.target.fingerprints.is_empty()
                    || !self.target.keys.is_empty()
                    || self.xpub_paths.iter().any(|p| !p.is_empty())));
        if anything {
            Ok(())
        } else {
            Err(Error::EmptyTarget)
        }
    }

    /// Searches the indices of `range` that `checkpoint` does not hold as done, on the
    /// threads, until a match, the end, or `cancel`. Finished chunks go into `checkpoint`;
    /// `tick` gets the progress and the checkpoint every tick (for a progress line and a
    /// checkpoint file) and once at the end.
    ///
    /// # Errors
    /// [`Error::InvalidRange`] for a range outside the space; [`Error::EmptyTarget`] as
    /// [`check`](Self::check).
    ///
    /// # Panics
    /// If a worker thread panics (a broken invariant).
    ///
    /// # Security
    /// Variable-time: it branches on each candidate's checksum and looks up each candidate's
    /// public keys and address hashes in the target. The phrase, seed and private keys go
    /// through constant-time code and are wiped.
    pub fn run_vartime(
        &self,
        range: Range<u128>,
        checkpoint: &mut Checkpoint,
        cancel: &AtomicBool,
        tick: &mut dyn FnMut(&Progress, &Checkpoint),
    ) -> Result<Outcome> {
        self.check()?;
        checkpoint.bind(self.space, &|field, h| self.hash_field(field, h))?;
        if range.start > range.end || range.end > self.space.size() {
            return Err(Error::InvalidRange {
                start: range.start,
                end: range.end,
                size: self.space.size(),
            });
        }
        let total = range.end - range.start;
        let already: u128 = checkpoint
            .done()
            .iter()
            .map(|d| {
                d.end
                    .min(range.end)
                    .saturating_sub(d.start.max(range.start))
            })
            .sum();
        let queue = Mutex::new((checkpoint.remaining(range), 0usize));
        let stop = AtomicBool::new(false);
        let found: Mutex<Option<Found>> = Mutex::new(None);
        let start = Instant::now();
        let mut progress = Progress {
            examined: already,
            passed: 0,
            examined_now: 0,
            elapsed: Duration::ZERO,
            total,
        };
        let (send, receive) = mpsc::channel::<(Range<u128>, u64)>();
        let failure: Mutex<Option<Error>> = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                let send = send.clone();
                let (queue, stop, found, failure) = (&queue, &stop, &found, &failure);
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                    if let Err(err) = self.worker(queue, stop, found, &send) {
                        fail(failure, stop, err);
                    }
                });
                if let Err(e) = spawned {
                    fail(failure, stop, Error::ThreadSpawn { kind: e.kind() });
                    break;
                }
            }
            drop(send);
            let mut last = Instant::now();
            loop {
                match receive.recv_timeout(self.tick) {
                    Ok((chunk, passed)) => {
                        progress.examined += chunk.end - chunk.start;
                        progress.examined_now += chunk.end - chunk.start;
                        progress.passed += passed;
                        if let Err(err) = checkpoint.mark_done(chunk) {
                            fail(&failure, &stop, err);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                if cancel.load(Ordering::Relaxed) {
                    stop.store(true, Ordering::Relaxed);
                }
                if last.elapsed() >= self.tick {
                    progress.elapsed = start.elapsed();
                    tick(&progress, checkpoint);
                    last = Instant::now();
                }
            }
        });
        progress.elapsed = start.elapsed();
        tick(&progress, checkpoint);
        if let Some(err) = failure
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            return Err(err);
        }
        let found = found
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Ok(match found {
            Some(f) => Outcome::Found(f),
            None if cancel.load(Ordering::Relaxed) => Outcome::Cancelled(progress),
            None => Outcome::Exhausted(progress),
        })
    }

    /// One thread: takes chunks, filters them, derives, compares.
    fn worker(
        &self,
        queue: &Mutex<(Vec<Range<u128>>, usize)>,
        stop: &AtomicBool,
        found: &Mutex<Option<Found>>,
        send: &mpsc::Sender<(Range<u128>, u64)>,
    ) -> Result<()> {
        let mut batch = Batch::new();
        let mut lanes = Lanes::new();
        let mut keys = Keys::new(self.paths.coin, self.paths.gap)?;
        while !stop.load(Ordering::Relaxed) {
            let Some(chunk) = next_chunk(queue) else {
                return Ok(());
            };
            let mut candidates = self.space.candidates(chunk.clone())?;
            let mut passed = 0u64;
            while candidates.next_batch_vartime(&mut batch) > 0 {
                passed += batch.len() as u64;
                if let Some(hit) = self.check_batch(&batch, &mut lanes, &mut keys)? {
                    let mut slot = found
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    if slot.is_none() {
                        *slot = Some(hit);
                    }
                    stop.store(true, Ordering::Relaxed);
                    return Ok(());
                }
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
            }
            if send.send((chunk, passed)).is_err() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The seeds (or Icarus roots) of a batch, then each candidate's check.
    fn check_batch(
        &self,
        batch: &Batch,
        lanes: &mut Lanes,
        keys: &mut Keys,
    ) -> Result<Option<Found>> {
        let n = batch.len();
        if self.paths.coin == Coin::Cardano {
            lanes.icarus(self.space, batch)?;
        } else {
            lanes.bip39(self.space, batch)?;
        }
        for i in 0..n {
            let hit = if self.paths.coin == Coin::Cardano {
                self.check_cardano(lanes.root(i)?, &mut keys.ed25519)?
            } else {
                self.check_seed(lanes.seed(i)?, &mut keys.secp256k1)?
            };
            if let Some(Hit {
                path,
                address,
                address_index,
                matched,
            }) = hit
            {
                let (Some(index), Some(passphrase)) = (batch.index(i), batch.passphrase_index(i))
                else {
                    return Err(Error::NotInSpace);
                };
                let candidate = Candidate::new(batch.words(i), passphrase)?;
                return Ok(Some(Found {
                    index,
                    address_index,
                    candidate,
                    path,
                    address,
                    matched,
                }));
            }
        }
        Ok(None)
    }

    fn check_seed(&self, seed: &[u8; 64], keys: &mut [[u8; 33]]) -> Result<Option<Hit>> {
        match self.paths.coin {
            Coin::Bitcoin | Coin::Ethereum => self.check_secp(seed, keys),
            Coin::Solana => self.check_solana(seed),
            // Cardano roots go through `check_cardano`.
            Coin::Cardano => Ok(None),
        }
    }

    fn check_secp(&self, seed: &[u8; 64], keys: &mut [[u8; 33]]) -> Result<Option<Hit>> {
        let master = Xprv::from_seed(seed).map_err(|_| Error::Derivation)?;
        let t = self.target;
        if !t.fingerprints.is_empty() || !t.keys.is_empty() {
            let fingerprint = master.fingerprint();
            if t.fingerprints.contains(&fingerprint) {
                return Ok(Some(Hit::key(
                    DerivationPath::master(),
                    Matched::Fingerprint,
                )));
            }
            for key in t.keys.iter().filter(|k| k.master == fingerprint) {
                let derived = master
                    .derive_path(&key.path)
                    .map_err(|_| Error::Derivation)?;
                if derived.public_key() == key.public_key {
                    return Ok(Some(Hit::key(key.path.clone(), Matched::Descriptor)));
                }
            }
        }
        for (xpub, paths) in t.xpubs.iter().zip(&self.xpub_paths) {
            for path in paths {
                let derived = master.derive_path(path).map_err(|_| Error::Derivation)?;
                if bool::from(derived.chain_code().ct_eq(xpub.chain_code()))
                    && derived.public_key() == xpub.public_key()
                {
                    return Ok(Some(Hit::key(path.clone(), Matched::Xpub)));
                }
            }
        }
        let gap = keys.len();
        for (pattern, kinds) in &self.routes {
            if pattern.is_normal_tail() {
                let parent = master
                    .derive_path(pattern.prefix())
                    .map_err(|_| Error::Derivation)?;
                let start = ChildNumber::from_raw(0);
                // A short gap: each child's private key and one base-point multiplication
                // cost less than decompressing the parent and a tweak-add per child.
                let derived = if keys.len() < SHORT_GAP {
                    parent.derive_public_keys_into(start, keys)
                } else {
                    parent.derive_public_keys_into_vartime(start, keys)
                };
                derived.map_err(|_| Error::Derivation)?;
            } else {
                let count = if pattern.has_wildcard() { gap } else { 1 };
                for (i, key) in keys.iter_mut().enumerate().take(count) {
                    let path = pattern.at(index(i)?).map_err(|_| Error::Derivation)?;
                    *key = master
                        .derive_path(&path)
                        .map_err(|_| Error::Derivation)?
                        .public_key();
                }
            }
            let count = if pattern.has_wildcard() { gap } else { 1 };
            for (i, key) in keys.iter().enumerate().take(count) {
                for &kind in kinds {
                    let Some(payload) = secp_payload(kind, key) else {
                        continue;
                    };
                    if let Some((network, db)) = t.lookup_vartime(&payload) {
                        let path = pattern.at(index(i)?).map_err(|_| Error::Derivation)?;
                        let address = secp_address(kind, key, network);
                        if let Some(hit) =
                            self.confirmed(Hit::address(pattern, i, path, address), db)
                        {
                            return Ok(Some(hit));
                        }
                    }
                }
            }
        }
        Ok(None)
    }

    /// An address hit as it stands (`db` false: an exact match), or an address-database hit
    /// through [`Search::confirm`]: `None` if refused, [`Matched::Address`] if accepted,
    /// [`Matched::AddressDb`] without a confirmation.
    fn confirmed(&self, hit: Hit, db: bool) -> Option<Hit> {
        if !db {
            return Some(hit);
        }
        let Some(confirm) = self.confirm else {
            return Some(hit.in_db(true));
        };
        hit.address.as_ref().is_some_and(confirm).then_some(hit)
    }

    fn check_solana(&self, seed: &[u8; 64]) -> Result<Option<Hit>> {
        let master =
            ExtendedPrivateKey::<Ed25519>::from_seed(seed).map_err(|_| Error::Derivation)?;
        let gap = self.paths.gap;
        for (pattern, _) in &self.routes {
            let count = if pattern.has_wildcard() { gap } else { 1 };
            let prefix = master
                .derive_path(pattern.prefix())
                .map_err(|_| Error::Derivation)?;
            for i in 0..count {
                let path = pattern.at(i).map_err(|_| Error::Derivation)?;
                let rest = path
                    .as_slice()
                    .get(pattern.prefix().len()..)
                    .ok_or(Error::Derivation)?;
                let key = prefix.derive_path(rest).map_err(|_| Error::Derivation)?;
                let public = key.public_key();
                if let Some((_, db)) = self
                    .target
                    .lookup_vartime(&Payload::new(Kind::Solana, &public))
                {
                    let address = Some(address::solana(&public));
                    if let Some(hit) = self.confirmed(Hit::address(pattern, i, path, address), db) {
                        return Ok(Some(hit));
                    }
                }
            }
        }
        Ok(None)
    }

    fn check_cardano(
        &self,
        root: &ExtendedPrivateKey<Ed25519Bip32>,
        keys: &mut [[u8; 32]],
    ) -> Result<Option<Hit>> {
        let gap = keys.len();
        for (pattern, _) in &self.routes {
            let count = if pattern.has_wildcard() { gap } else { 1 };
            if pattern.is_normal_tail() {
                let parent = root
                    .derive_path(pattern.prefix())
                    .map_err(|_| Error::Derivation)?;
                let start = ChildNumber::from_raw(0);
                parent
                    .to_xpub()
                    .derive_public_keys_into_vartime(start, keys)
                    .map_err(|_| Error::Derivation)?;
            } else {
                for (i, key) in keys.iter_mut().enumerate().take(count) {
                    let path = pattern.at(index(i)?).map_err(|_| Error::Derivation)?;
                    *key = root
                        .derive_path(&path)
                        .map_err(|_| Error::Derivation)?
                        .public_key();
                }
            }
            for (i, key) in keys.iter().enumerate().take(count) {
                let hash = blake2b224(key);
                if let Some((network, db)) = self
                    .target
                    .lookup_vartime(&Payload::new(Kind::Cardano, &hash))
                {
                    let path = pattern.at(index(i)?).map_err(|_| Error::Derivation)?;
                    let address = cardano_address(root, &path, key, network);
                    if let Some(hit) = self.confirmed(Hit::address(pattern, i, path, address), db) {
                        return Ok(Some(hit));
                    }
                }
            }
        }
        Ok(None)
    }
}

/// Gap index `i` as a child index (below [`MAX_GAP`], so it always fits).
fn index(i: usize) -> Result<u32> {
    u32::try_from(i).map_err(|_| Error::Derivation)
}

/// What matched a candidate: the path, the address and its index (for an address) and
/// what it was.
struct Hit {
    path: DerivationPath,
    address: Option<Address>,
    address_index: Option<u32>,
    matched: Matched,
}

impl Hit {
    /// A key match (xpub, fingerprint, descriptor): no address.
    fn key(path: DerivationPath, matched: Matched) -> Self {
        Self {
            path,
            address: None,
            address_index: None,
            matched,
        }
    }

    /// An address match at gap index `i` of `pattern` (`path` is `pattern` at `i`).
    fn address(
        pattern: &PathPattern,
        i: impl TryInto<u32>,
        path: DerivationPath,
        address: Option<Address>,
    ) -> Self {
        let address_index = if pattern.has_wildcard() {
            i.try_into().ok()
        } else {
            path.as_slice().last().map(|c| c.index())
        };
        Self {
            path,
            address,
            address_index,
            matched: Matched::Address,
        }
    }

    /// The same hit, as the address database's when `db`.
    fn in_db(self, db: bool) -> Self {
        if db {
            Self {
                matched: Matched::AddressDb,
                ..self
            }
        } else {
            self
        }
    }
}

/// Records the first failure of a worker (or of a spawn) and stops the others.
fn fail(failure: &Mutex<Option<Error>>, stop: &AtomicBool, err: Error) {
    let mut slot = failure
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if slot.is_none() {
        *slot = Some(err);
    }
    stop.store(true, Ordering::Relaxed);
}

/// A worker's public keys, one per gap index, reserved once (fallibly) when the worker
/// starts: secp256k1 (Bitcoin, Ethereum) or Ed25519-BIP32 (Cardano) ones. Public keys of
/// candidates, not secrets.
struct Keys {
    secp256k1: Vec<[u8; 33]>,
    ed25519: Vec<[u8; 32]>,
}

impl Keys {
    /// The buffers `coin` derives into, for `gap` indices.
    fn new(coin: Coin, gap: u32) -> Result<Self> {
        let gap = usize::try_from(gap).map_err(|_| Error::OutOfMemory { bytes: usize::MAX })?;
        let (secp, ed) = match coin {
            Coin::Bitcoin | Coin::Ethereum => (gap, 0),
            Coin::Cardano => (0, gap),
            Coin::Solana => (0, 0),
        };
        Ok(Self {
            secp256k1: zeros(secp)?,
            ed25519: zeros(ed)?,
        })
    }
}

/// `len` zero arrays, reserved fallibly.
fn zeros<const N: usize>(len: usize) -> Result<Vec<[u8; N]>> {
    let mut out = Vec::new();
    out.try_reserve_exact(len).map_err(|_| Error::OutOfMemory {
        bytes: len.saturating_mul(N),
    })?;
    out.resize(len, [0; N]);
    Ok(out)
}

/// The next chunk of at most [`CHUNK`] indices from the queue of ranges.
fn next_chunk(queue: &Mutex<(Vec<Range<u128>>, usize)>) -> Option<Range<u128>> {
    let mut guard = queue
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (ranges, at) = &mut *guard;
    loop {
        let range = ranges.get_mut(*at)?;
        if range.start < range.end {
            let end = range.end.min(range.start + CHUNK);
            let chunk = range.start..end;
            range.start = end;
            return Some(chunk);
        }
        *at += 1;
    }
}

/// The raw form of a secp256k1 key as an address of `kind`.
fn secp_payload(kind: Kind, key: &[u8; 33]) -> Option<Payload> {
    Some(match kind {
        Kind::P2pkh | Kind::P2wpkh => Payload::new(kind, &hash160(key)),
        Kind::P2shP2wpkh => {
            // The P2WPKH redeem script: OP_0, a 20-byte push, the key's HASH160.
            let mut script = [0u8; 22];
            let (head, hash) = script.split_at_mut(2);
            head.copy_from_slice(&[0x00, 0x14]);
            hash.copy_from_slice(&hash160(key));
            Payload::new(kind, &hash160(&script))
        }
        Kind::P2tr => Payload::new(kind, &address::bitcoin::taproot_output_key(key).ok()?),
        Kind::Ethereum => {
            let full = address::secp256k1_uncompressed(key).ok()?;
            let digest = Keccak256::digest(&full[1..]);
            Payload::new(kind, digest.get(12..)?)
        }
        Kind::Solana | Kind::Cardano => return None,
    })
}

/// The address of a matched secp256k1 key, on the network of the target's address: a
/// Bitcoin kind on its Bitcoin network, Ethereum on none; `None` for a pair no target holds.
fn secp_address(kind: Kind, key: &[u8; 33], network: Network2) -> Option<Address> {
    match (kind, network) {
        (Kind::P2pkh, Network2::Bitcoin(n)) => Some(address::bitcoin::p2pkh(key, n)),
        (Kind::P2shP2wpkh, Network2::Bitcoin(n)) => Some(address::bitcoin::p2sh_p2wpkh(key, n)),
        (Kind::P2wpkh, Network2::Bitcoin(n)) => Some(address::bitcoin::p2wpkh(key, n)),
        (Kind::P2tr, Network2::Bitcoin(n)) => address::bitcoin::p2tr(key, n).ok(),
        (Kind::Ethereum, Network2::None) => address::ethereum(key).ok(),
        (
            Kind::P2pkh | Kind::P2shP2wpkh | Kind::P2wpkh | Kind::P2tr,
            Network2::Cardano { .. } | Network2::None,
        )
        | (Kind::Ethereum, Network2::Bitcoin(_) | Network2::Cardano { .. })
        | (Kind::Solana | Kind::Cardano, _) => None,
    }
}

fn blake2b224(key: &[u8; 32]) -> [u8; 28] {
    use blake2::digest::consts::U28;
    use blake2::{Blake2b, Digest};
    Blake2b::<U28>::digest(key).into()
}

/// The Cardano address of a matched payment key: base (stake key `…/2/0` of the same
/// account) or enterprise, as the target address was.
fn cardano_address(
    root: &ExtendedPrivateKey<Ed25519Bip32>,
    path: &DerivationPath,
    payment: &[u8; 32],
    network: Network2,
) -> Option<Address> {
    let Network2::Cardano { network, base } = network else {
        return Some(address::cardano::enterprise(
            payment,
            CardanoNetwork::Mainnet,
        ));
    };
    if !base {
        return Some(address::cardano::enterprise(payment, network));
    }
    let account = path.as_slice().get(..3)?;
    let mut stake_path = DerivationPath::from_slice(account).ok()?;
    stake_path.push(ChildNumber::normal(2).ok()?).ok()?;
    stake_path.push(ChildNumber::normal(0).ok()?).ok()?;
    let stake = root.derive_path(&stake_path).ok()?.public_key();
    Some(address::cardano::base(payment, &stake, network))
}

/// The passphrase of entry `i` of `batch`.
///
/// # Errors
/// [`Error::NotInSpace`] for an entry past the batch or a passphrase number past the list.
fn passphrase_of<'s>(space: &'s Space, batch: &Batch, i: usize) -> Result<&'s str> {
    batch
        .passphrase_index(i)
        .and_then(|p| space.passphrase(p))
        .ok_or(Error::NotInSpace)
}

/// A worker's PBKDF2 buffers: one batch of phrases, seeds and Icarus roots, wiped on drop.
struct Lanes {
    phrases: [Zeroizing<[u8; MAX_PHRASE_LEN]>; BATCH_LEN],
    seeds: [SecretBytes<[u8; 64]>; BATCH_LEN],
    /// Reserved for a whole batch up front: a vector that grew would free its old block
    /// with the roots in it.
    roots: Vec<ExtendedPrivateKey<Ed25519Bip32>>,
}

impl Lanes {
    fn new() -> Self {
        Self {
            phrases: core::array::from_fn(|_| Zeroizing::new([0u8; MAX_PHRASE_LEN])),
            seeds: Default::default(),
            roots: Vec::with_capacity(BATCH_LEN),
        }
    }

    /// BIP-39 seeds of the batch, in one lane-wide PBKDF2 call.
    ///
    /// # Errors
    /// [`Error::NotInSpace`] for an entry whose passphrase is not in the space.
    #[allow(
        clippy::expect_used,
        reason = "a phrase buffer of MAX_PHRASE_LEN fits every phrase of the space"
    )]
    fn bip39(&mut self, space: &Space, batch: &Batch) -> Result<()> {
        let n = batch.len();
        let mut lens = [0usize; BATCH_LEN];
        for (i, (phrase, len)) in self.phrases.iter_mut().zip(&mut lens).enumerate().take(n) {
            *len = space
                .write_phrase(batch.words(i), &mut phrase[..])
                .expect("a phrase buffer of MAX_PHRASE_LEN fits every phrase");
        }
        let keys: [HmacSha512; BATCH_LEN] = core::array::from_fn(|i| {
            let len = lens.get(i).copied().unwrap_or(0);
            HmacSha512::new(
                self.phrases
                    .get(i)
                    .and_then(|p| p.get(..len))
                    .unwrap_or_default(),
            )
        });
        let blocks = keys
            .iter()
            .enumerate()
            .take(n)
            .map(|(i, key)| {
                let passphrase = passphrase_of(space, batch, i)?;
                Ok(Pbkdf2Block::bip39(key, passphrase.as_bytes()))
            })
            .collect::<Result<Vec<Pbkdf2Block<'_>>>>();
        let blocks = match blocks {
            Ok(blocks) => blocks,
            Err(err) => {
                for phrase in &mut self.phrases {
                    phrase.zeroize();
                }
                return Err(err);
            }
        };
        let seeds = self.seeds.get_mut(..n).ok_or(Error::NotInSpace)?;
        pbkdf2_blocks(&blocks, BIP39_ROUNDS, seeds);
        for phrase in &mut self.phrases {
            phrase.zeroize();
        }
        Ok(())
    }

    /// Icarus roots of the batch: `PBKDF2(passphrase, entropy, 4096, 96)`, two lanes each.
    ///
    /// # Errors
    /// [`Error::NotInSpace`] for an entry whose passphrase is not in the space.
    fn icarus(&mut self, space: &Space, batch: &Batch) -> Result<()> {
        let n = batch.len();
        let keys = (0..n)
            .map(|i| Ok(HmacSha512::new(passphrase_of(space, batch, i)?.as_bytes())))
            .collect::<Result<Vec<HmacSha512>>>()?;
        let blocks: Vec<Pbkdf2Block<'_>> = keys
            .iter()
            .enumerate()
            .flat_map(|(i, key)| {
                let entropy = batch.entropy(i);
                [1, 2].map(|index| Pbkdf2Block {
                    password: key,
                    salt: [entropy, b""],
                    index,
                })
            })
            .collect();
        let mut out: Vec<SecretBytes<[u8; 64]>> = (0..2 * n).map(|_| SecretBytes::zero()).collect();
        pbkdf2_blocks(&blocks, ICARUS_ROUNDS, &mut out);
        self.roots.clear();
        for pair in out.chunks(2) {
            let mut xprv = Zeroizing::new([0u8; 96]);
            if let [a, b] = pair {
                let (left, right) = xprv.split_at_mut(64);
                left.copy_from_slice(a.expose());
                for (to, from) in right.iter_mut().zip(b.expose()) {
                    *to = *from;
                }
            }
            if let [first, ..] = &mut xprv[..] {
                *first &= 0xF8;
            }
            if let Some(last) = xprv.get_mut(31) {
                *last = (*last & 0x1F) | 0x40;
            }
            self.roots.push(
                ExtendedPrivateKey::<Ed25519Bip32>::from_root_bytes(&xprv)
                    .map_err(|_| Error::Derivation)?,
            );
        }
        Ok(())
    }

    /// The seed of lane `i`: [`Error::NotInSpace`] past the batch.
    fn seed(&self, i: usize) -> Result<&[u8; 64]> {
        self.seeds
            .get(i)
            .map(SecretBytes::expose)
            .ok_or(Error::NotInSpace)
    }

    /// The Icarus root of lane `i`: [`Error::NotInSpace`] past the batch.
    fn root(&self, i: usize) -> Result<&ExtendedPrivateKey<Ed25519Bip32>> {
        self.roots.get(i).ok_or(Error::NotInSpace)
    }
}
