//! The search: checksum-valid candidates in lane-wide PBKDF2 batches, the master key, the
//! hardened steps, elliptic-curve work only where the target needs it: one range on the
//! calling thread ([`Search::search_range_vartime`]), or chunks on K threads in index order
//! through [`crate::ordered`] ([`Search::run_vartime`]).

use alloc::boxed::Box;
use alloc::string::ToString as _;
use alloc::vec::Vec;
use core::fmt;
use core::ops::{ControlFlow, Range};
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use core::time::Duration;
use std::sync::Mutex;
use std::time::Instant;

use std::collections::HashSet;

use sha2::{Digest as _, Sha256};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use super::checkpoint::Checkpoint;
use super::electrum::{self, ElectrumSeedKind};
use super::error::{Bound, CheckpointField, Error, Result};
use super::filter::{Batch, BATCH_LEN};
use super::seed_kind::{searched_electrum_kind, SeedKind, Source};
use super::space::{Candidate, Passphrase, Space, MAX_PHRASE_LEN};
use super::target::{Coin, Target};
use super::words::Language;
use crate::address::{Address, CurveFamily};
use crate::coin::{
    comparable, AddressFormat, BitcoinScript, CardanoAddress, Context, Encoder, Wallet, WalletPath,
};
use crate::curve::{Ed25519, Ed25519Bip32, Ed25519Blake2b, NistP256, Scheme, Secp256k1};
use crate::hash::pbkdf2::{pbkdf2_blocks, Pbkdf2Block, BIP39_ROUNDS};
use crate::hash::HmacSha512;
use crate::key::{DerivedKey, ExtendedPrivateKey, ExtendedPublicKey};
use crate::secret::SecretBytes;
use crate::version::ImpliedScript;
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
/// Standard paths: the coin's path in the [registry](crate::coin) for each address kind the
/// target's addresses are (else its default path), or with [`Paths::wallet`] the paths
/// of that wallet: Bitcoin `m/P'/C'/a'/c/*` for
/// each BIP-43 purpose P the addresses call for (44 P2PKH, 49 P2SH-P2WPKH, 84 P2WPKH, 86
/// P2TR; C = 0 on mainnet, 1 on test networks), Litecoin `m/84'/2'/a'/c/*`, Ethereum and
/// the EVM chains `m/44'/60'/a'/c/*`, Solana `m/44'/501'/*'/0'` (Ledger Live's
/// `m/44'/501'/*'` with [`Wallet::LedgerLive`]),
/// Cardano `m/1852'/1815'/a'/c/*`, … A path of the form `m/P'/C'/a'/c/*` is derived for
/// each account `a` and chain `c` ([`Paths::change`]'s; default both: 0, then 1); any other
/// (an account or index counted at a hardened level) as the registry writes it.
#[derive(Clone, Debug)]
pub struct Paths {
    coin: Coin,
    wallet: Option<Wallet>,
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
            wallet: None,
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

    /// The paths `wallet` uses for the coin (the registry's [`WalletPath::presets`]) in
    /// place of the coin's standard path for each address kind; [`Search::check`] refuses a
    /// wallet that has no path for the coin.
    #[must_use]
    pub fn wallet(mut self, wallet: Wallet) -> Self {
        self.wallet = Some(wallet);
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

    /// The address routes for `target`: each pattern with the address kinds it is compared
    /// as and their context.
    fn address_routes(&self, target: &Target) -> Vec<Route> {
        let wanted = self.wanted_kinds(target);
        let mut out: Vec<Route> = Vec::new();
        if !self.patterns.is_empty() {
            for pattern in &self.patterns {
                for &(kind, ctx) in &wanted {
                    Route::add(&mut out, pattern.clone(), kind, ctx);
                }
            }
            return out;
        }
        let coin = self.coin.registry();
        for a in 0..self.accounts {
            for &(kind, ctx) in &wanted {
                let series: Vec<&str> = match self.wallet {
                    Some(wallet) => coin
                        .wallet_paths(wallet)
                        .filter(|p| p.kind() == kind.name())
                        .map(WalletPath::series)
                        .collect(),
                    None => alloc::vec![coin.path_for(kind.name()).series()],
                };
                for text in series {
                    let Ok(pattern) = PathPattern::parse(text) else {
                        continue;
                    };
                    let test = match kind.encoder() {
                        Encoder::Bitcoin(_) => ctx.bitcoin.is_test(),
                        _ => false,
                    };
                    match account_steps(&pattern) {
                        Some([purpose, coin_type]) => {
                            let coin_type = if test { h(1) } else { coin_type };
                            for &c in self.change.chains() {
                                let pattern = gap(&[purpose, coin_type, h(a), c], false, &[]);
                                Route::add(&mut out, pattern, kind, ctx);
                            }
                        }
                        None if a == 0 => Route::add(&mut out, pattern, kind, ctx),
                        None => {}
                    }
                }
            }
        }
        out
    }

    /// The address kinds of the coin the target's addresses are of, each with its context
    /// (the addresses' network); with an address database, every kind of the coin on the
    /// default context (the main network) too.
    fn wanted_kinds(&self, target: &Target) -> Vec<(&'static AddressFormat, Context)> {
        let mut wanted: Vec<(&'static AddressFormat, Context)> = Vec::new();
        let db_kinds = target
            .db
            .iter()
            .flat_map(|_| self.coin.registry().kinds())
            .map(|kind| (kind, Context::default()));
        for pair in target
            .addresses
            .iter()
            .flat_map(|w| w.kinds_of(self.coin))
            .chain(db_kinds)
        {
            if !wanted.contains(&pair) {
                wanted.push(pair);
            }
        }
        wanted
    }

    /// The address routes of Electrum's wallets for `target`, each with the Electrum seed
    /// kind whose wallet it belongs to: standard `m/0/*`, `m/1/*` (P2PKH), segwit
    /// `m/0'/0/*`, `m/0'/1/*` (P2WPKH), the chains of [`Paths::change`], for the target's
    /// addresses of those kinds. Given patterns are derived for either kind, as every
    /// address kind of the target.
    fn electrum_routes(&self, target: &Target) -> Vec<Route> {
        if !self.patterns.is_empty() {
            return self.address_routes(target);
        }
        let mut out: Vec<Route> = Vec::new();
        for (seed, script) in [
            (ElectrumSeedKind::Standard, BitcoinScript::P2pkh),
            (ElectrumSeedKind::Segwit, BitcoinScript::P2wpkh),
        ] {
            let wanted = self.wanted_kinds(target);
            let of_script = wanted
                .into_iter()
                .filter(|(kind, _)| kind.encoder() == Encoder::Bitcoin(script));
            for (kind, ctx) in of_script {
                for &chain in self.change.chains() {
                    let pattern = seed
                        .address_pattern(chain == 1)
                        .map(PathPattern::parse)
                        .and_then(core::result::Result::ok);
                    if let Some(pattern) = pattern {
                        out.push(Route {
                            pattern,
                            kinds: alloc::vec![kind],
                            ctx,
                            electrum: Some(seed),
                        });
                    }
                }
            }
        }
        out
    }

    /// The paths an xpub of an Electrum wallet is compared at: the given patterns as for
    /// BIP-39, else the master (depth 0: a standard wallet's) or `m/0'` (depth 1: a segwit
    /// wallet's account).
    fn electrum_xpub_paths(&self, xpub: &Xpub) -> Vec<DerivationPath> {
        if !self.patterns.is_empty() {
            return self.xpub_paths(xpub);
        }
        match xpub.depth() {
            0 => alloc::vec![DerivationPath::master()],
            1 => DerivationPath::from_slice(&[ChildNumber::from_raw(h(0))])
                .into_iter()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The paths an xpub is compared at: the given patterns of its depth (gap indices in
    /// place of `*`), else the coin's standard paths of the form `m/P'/C'/a'/c/*` (those of
    /// the purpose its version implies, `ypub` 49 and `zpub` 84; coin type 1 for a test
    /// network's version) cut to its depth, with its own child number last.
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
        let implied = ImpliedScript::of_version(version).and_then(ImpliedScript::purpose);
        let wallet = self.wallet;
        let standard = self
            .coin
            .registry()
            .paths()
            .filter(|p| wallet.is_none_or(|w| p.presets().contains(&w)))
            .filter_map(|p| PathPattern::parse(p.series()).ok())
            .filter_map(|p| account_steps(&p));
        for [purpose, coin_type] in standard {
            if implied.is_some_and(|p| h(p) != purpose) {
                continue;
            }
            let coin_type = if test { h(1) } else { coin_type };
            for a in 0..self.accounts {
                let standard = [purpose, coin_type, h(a), 0];
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

/// The purpose and coin type (raw, hardened) of a pattern of the form `m/P'/C'/a'/c/*`: a
/// BIP-44-style account whose accounts and chains a search counts.
fn account_steps(pattern: &PathPattern) -> Option<[u32; 2]> {
    let prefix = pattern.prefix().as_slice();
    let standard = prefix.len() == 4
        && pattern.suffix().is_empty()
        && pattern.is_normal_tail()
        && prefix.iter().take(3).all(|c| c.is_hardened())
        && prefix.get(3).is_some_and(|c| !c.is_hardened());
    match prefix {
        [purpose, coin_type, ..] if standard => Some([purpose.to_raw(), coin_type.to_raw()]),
        _ => None,
    }
}

/// Addresses a search derives along one pattern: the kinds they are compared as, the
/// context their encoders take (a Bitcoin or Cardano network) and the Electrum seed kind
/// whose wallet the pattern belongs to (`None`: every candidate's).
#[derive(Clone, Debug)]
struct Route {
    pattern: PathPattern,
    kinds: Vec<&'static AddressFormat>,
    ctx: Context,
    electrum: Option<ElectrumSeedKind>,
}

impl Route {
    /// Adds `kind` to the route of `pattern` and `ctx` in `routes`, or a new route.
    fn add(
        routes: &mut Vec<Self>,
        pattern: PathPattern,
        kind: &'static AddressFormat,
        ctx: Context,
    ) {
        match routes
            .iter_mut()
            .find(|r| r.pattern == pattern && r.ctx == ctx)
        {
            Some(route) => {
                if !route.kinds.contains(&kind) {
                    route.kinds.push(kind);
                }
            }
            None => routes.push(Self {
                pattern,
                kinds: alloc::vec![kind],
                ctx,
                electrum: None,
            }),
        }
    }

    /// Whether a kind is a Cardano base address (which needs the account's stake key).
    fn needs_stake(&self) -> bool {
        self.kinds
            .iter()
            .any(|k| k.encoder() == Encoder::Cardano(CardanoAddress::Base))
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
    /// The word list of the candidate's phrase (one of the space's
    /// [`languages`](Space::languages)): write it with [`Space::to_phrase_in`].
    pub language: Language,
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
            .field("language", &self.language)
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

/// How far a search of one range has come ([`Search::search_range_vartime`]): counts
/// only, never a candidate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RangeProgress {
    /// Indices of the range examined (every candidate, valid or not), from its start.
    pub examined: u128,
    /// Of those, the candidates that passed the checksum.
    pub passed: u64,
}

/// How a search of one range ended ([`Search::search_range_vartime`]).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one value per range; a box would buy nothing
#[non_exhaustive]
pub enum RangeOutcome {
    /// The range's first match in index order.
    Found(Found),
    /// Every index of the range was examined; nothing matched.
    Exhausted(RangeProgress),
    /// The progress callback broke off; the indices before `start + examined` are done.
    Stopped(RangeProgress),
}

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
    checker: SeedCheck<'a>,
    threads: usize,
    tick: Duration,
}

impl fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("paths", &self.checker.paths)
            .field("seed", &self.checker.seed)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

/// What a search compares each seed with: the target, along the paths, for a kind of seed.
/// [`Search`] holds one; on its own it checks seeds that come from elsewhere (a SLIP-39
/// master secret, [`slip39_search`](super::slip39_search)) with
/// [`check_seed_vartime`](Self::check_seed_vartime).
pub struct SeedCheck<'a> {
    target: &'a Target,
    paths: Paths,
    seed: SeedKind,
    confirm: Option<&'a Confirm<'a>>,
    routes: Vec<Route>,
    /// The target's addresses on the coin, as [`comparable`] writes them.
    wanted: HashSet<Address>,
    xpub_paths: Vec<Vec<DerivationPath>>,
    /// A count of `paths` above its maximum (then no route or path was computed).
    bound: Option<Error>,
}

impl fmt::Debug for SeedCheck<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeedCheck")
            .field("paths", &self.paths)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// What matched a seed ([`SeedCheck::check_seed_vartime`]): the path, and for an address
/// match the address and its index.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SeedMatch {
    /// The path of the key that matched (`m` for a fingerprint).
    pub path: DerivationPath,
    /// The address that matched, written as its coin writes it.
    pub address: Option<Address>,
    /// For an address match, the address's index (as [`Found::address_index`]).
    pub address_index: Option<u32>,
    /// What matched.
    pub matched: Matched,
}

impl<'a> SeedCheck<'a> {
    /// A check of seeds against `target` along `paths`, as BIP-39 seeds are derived (the
    /// coin's standard paths).
    pub fn new(target: &'a Target, paths: Paths) -> Self {
        let coin = paths.coin;
        let wanted = target
            .addresses
            .iter()
            .flat_map(|w| w.kinds_of(coin).map(|(kind, _)| (kind, w.text.as_str())))
            .filter_map(|(kind, text)| comparable(kind.encoder(), text))
            .collect();
        let mut check = Self {
            bound: paths.bound_error(),
            target,
            paths,
            seed: SeedKind::Bip39,
            wanted,
            confirm: None,
            routes: Vec::new(),
            xpub_paths: Vec::new(),
        };
        check.plan();
        check
    }

    /// The routes and xpub paths of the paths, the target and the seed kind (none if a
    /// count of the paths is above its maximum).
    fn plan(&mut self) {
        let (paths, target) = (&self.paths, self.target);
        (self.routes, self.xpub_paths) = match (self.bound, self.seed) {
            (Some(_), _) => (Vec::new(), Vec::new()),
            (None, SeedKind::Bip39) => (
                paths.address_routes(target),
                target.xpubs.iter().map(|x| paths.xpub_paths(x)).collect(),
            ),
            (None, SeedKind::Electrum) => (
                paths.electrum_routes(target),
                target
                    .xpubs
                    .iter()
                    .map(|x| paths.electrum_xpub_paths(x))
                    .collect(),
            ),
        };
    }

    /// Reads each seed as one of kind `seed` (default [`SeedKind::Bip39`]): for the
    /// standard paths, its paths.
    #[must_use]
    pub fn seed(mut self, seed: SeedKind) -> Self {
        self.seed = seed;
        self.plan();
        self
    }

    /// Confirms each address-database match exactly, as [`Search::confirm`].
    #[must_use]
    pub fn confirm(mut self, confirm: &'a Confirm<'a>) -> Self {
        self.confirm = Some(confirm);
        self
    }

    /// The coin.
    pub fn coin(&self) -> Coin {
        self.paths.coin
    }

    /// The address path patterns the check derives for the target's addresses, in the
    /// order it derives them (`*` for the gap index).
    pub fn address_patterns(&self) -> impl Iterator<Item = &PathPattern> + '_ {
        self.routes.iter().map(|route| &route.pattern)
    }

    /// The paths the check compares keys at, each once: the xpubs' paths, the descriptors'
    /// key origins and `m` for a master fingerprint (on the coins whose keys it compares:
    /// the secp256k1 coins).
    pub fn key_paths(&self) -> Vec<DerivationPath> {
        let mut out: Vec<DerivationPath> = Vec::new();
        if !self.secp256k1() {
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

    /// Checks the paths, the seed kind and the target.
    ///
    /// # Errors
    /// [`Error::TooLarge`] for a gap above [`MAX_GAP`] or accounts above [`MAX_ACCOUNTS`];
    /// [`Error::ElectrumCoin`] for Electrum seeds on another coin than Bitcoin;
    /// [`Error::UnsupportedWallet`] for a wallet without the coin's paths;
    /// [`Error::EmptyTarget`] if nothing of the target can match on this coin (an empty
    /// target, or only addresses of another coin).
    pub fn check(&self) -> Result<()> {
        if let Some(err) = self.bound {
            return Err(err);
        }
        if self.seed == SeedKind::Electrum && self.paths.coin != Coin::Bitcoin {
            return Err(Error::ElectrumCoin);
        }
        if let Some(wallet) = self.paths.wallet {
            let coin = self.paths.coin.registry();
            if coin.wallet_paths(wallet).next().is_none() {
                return Err(Error::UnsupportedWallet {
                    wallet: wallet.name(),
                    coin: coin.slug(),
                });
            }
        }
        let secp = self.secp256k1();
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

    /// Whether the coin's keys are BIP-32 secp256k1 keys (which xpubs, fingerprints and
    /// descriptors are compared with).
    fn secp256k1(&self) -> bool {
        self.paths.coin.registry().curve() == CurveFamily::Secp256k1
    }

    /// Checks one BIP-32 seed (16 to 64 bytes) against the target, as a search checks each
    /// candidate's seed: the master key's fingerprint, the descriptors' keys, the xpubs,
    /// then the addresses of each path along the gap.
    ///
    /// # Errors
    /// As [`check`](Self::check); [`Error::Derivation`] for a seed of another length, a
    /// failed derivation, or a Cardano coin (whose keys derive from an Icarus root, not
    /// from a seed); [`Error::OutOfMemory`] if the public keys of the gap cannot be
    /// reserved.
    ///
    /// # Security
    /// Variable-time in the public keys and addresses derived (looked up in the target);
    /// the seed and private keys go through constant-time code and are wiped.
    pub fn check_seed_vartime(&self, seed: &[u8]) -> Result<Option<SeedMatch>> {
        self.check()?;
        if self.paths.coin.icarus() {
            return Err(Error::Derivation);
        }
        let mut keys = Keys::new(self.paths.coin, self.paths.gap)?;
        let hit = self.check_seed(seed, None, &mut keys.secp256k1)?;
        Ok(hit.map(|h| SeedMatch {
            path: h.path,
            address: h.address,
            address_index: h.address_index,
            matched: h.matched,
        }))
    }
}

impl<'a> Search<'a> {
    /// A search of `space` for `target` along `paths`, of BIP-39 seeds, on every core.
    pub fn new(space: &'a Space, target: &'a Target, paths: Paths) -> Self {
        Self {
            space,
            checker: SeedCheck::new(target, paths),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            tick: Duration::from_millis(200),
        }
    }

    /// Reads each candidate as a seed of kind `seed` (default [`SeedKind::Bip39`]): its
    /// filter, its seed derivation and, for the standard paths, its paths. Electrum seeds
    /// are Bitcoin's ([`check`](Self::check) enforces it).
    #[must_use]
    pub fn seed(mut self, seed: SeedKind) -> Self {
        self.checker = self.checker.seed(seed);
        self
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
        self.checker = self.checker.confirm(confirm);
        self
    }

    /// How often, at most, the tick callback runs (default 200 ms): as chunks of 4,096
    /// indices finish, so a long chunk delays it.
    #[must_use]
    pub fn tick(mut self, tick: Duration) -> Self {
        self.tick = tick;
        self
    }

    /// Feeds what `field` of a checkpoint stands for to `h`: the target, the coin, the path
    /// patterns, the gap or the accounts (through [`Space`] for the others).
    fn hash_field(&self, field: CheckpointField, h: &mut Sha256) {
        let checker = &self.checker;
        let paths = &checker.paths;
        match field {
            CheckpointField::Template
            | CheckpointField::WordList
            | CheckpointField::Missing
            | CheckpointField::Typos
            | CheckpointField::Swaps
            | CheckpointField::Passphrases
            | CheckpointField::WordOrder => self.space.hash_field(field, h),
            CheckpointField::Target => checker.target.hash_into(h),
            CheckpointField::Coin => h.update(paths.coin.as_str().as_bytes()),
            CheckpointField::Paths => {
                h.update(paths.wallet.map_or("", Wallet::name).as_bytes());
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
            CheckpointField::Seed => h.update(checker.seed.as_str().as_bytes()),
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

    /// What the search compares each candidate's seed with.
    pub fn seed_check(&self) -> &SeedCheck<'a> {
        &self.checker
    }

    /// The address path patterns the search derives for the target's addresses, in the
    /// order it derives them (`*` for the gap index).
    pub fn address_patterns(&self) -> impl Iterator<Item = &PathPattern> + '_ {
        self.checker.address_patterns()
    }

    /// The paths the search compares keys at, each once: the xpubs' paths, the descriptors'
    /// key origins and `m` for a master fingerprint (on the coins whose keys it compares:
    /// the secp256k1 coins).
    pub fn key_paths(&self) -> Vec<DerivationPath> {
        self.checker.key_paths()
    }

    /// Checks the paths, the seed kind, the threads and the target.
    ///
    /// # Errors
    /// [`Error::TooLarge`] for a gap above [`MAX_GAP`], accounts above [`MAX_ACCOUNTS`] or
    /// threads above [`MAX_THREADS`]; [`Error::EmptyTarget`] if nothing of the target can
    /// match on this coin (an empty target, or only addresses of another coin); as
    /// [`SeedCheck::check`].
    pub fn check(&self) -> Result<()> {
        if let Some(err) = self.checker.bound {
            return Err(err);
        }
        if self.threads > MAX_THREADS {
            return Err(Error::TooLarge {
                bound: Bound::Threads,
                value: self.threads as u64,
                max: MAX_THREADS as u64,
            });
        }
        self.checker.check()
    }

    /// Searches the indices of `range` that `checkpoint` does not hold as done, on the
    /// threads, until a match, the end, or `cancel`. The indices go out in chunks of 4,096
    /// to [`ordered::run`](crate::ordered::run)'s threads, each chunk
    /// searched by the entry of [`search_range_vartime`](Self::search_range_vartime), and
    /// come back in index order: finished chunks go into `checkpoint` in that order, so it
    /// holds a done prefix of each remaining range. `tick` gets the progress and the
    /// checkpoint as chunks finish, at most once a tick, and once at the end.
    ///
    /// The match is the first in index order: a thread that finds one stops the chunks
    /// after it, and the chunks before it are finished first.
    ///
    /// # Errors
    /// [`Error::InvalidRange`] for a range outside the space; [`Error::EmptyTarget`] as
    /// [`check`](Self::check); [`Error::ThreadSpawn`] if a thread cannot be started.
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
        self.check_range(&range)?;
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
        let chunks = Chunks::new(checkpoint.remaining(range))?;
        let start = Instant::now();
        let mut progress = Progress {
            examined: already,
            passed: 0,
            examined_now: 0,
            elapsed: Duration::ZERO,
            total,
        };
        let spare: Mutex<Vec<Scratch>> = Mutex::new(Vec::new());
        let mut last = Instant::now();
        let mut halt = None;
        let mut base = 0u128;
        while base < chunks.count() && halt.is_none() {
            let count = u64::try_from(chunks.count() - base).unwrap_or(u64::MAX);
            // The first task of this window that found a match: later tasks stop.
            let found_at = AtomicU64::new(u64::MAX);
            let result = crate::ordered::run(
                self.threads,
                count,
                || (0u128..0, 0u64),
                |slot: &mut (Range<u128>, u64), task| {
                    let chunk = chunks
                        .get(base + u128::from(task))
                        .ok_or(Halt::Failed(Error::NotInSpace))?;
                    let passed = self.search_chunk(&spare, chunk.clone(), &|| {
                        cancel.load(Ordering::Relaxed) || found_at.load(Ordering::Relaxed) < task
                    });
                    match passed {
                        Ok(RangeOutcome::Exhausted(p)) => {
                            *slot = (chunk, p.passed);
                            Ok(())
                        }
                        Ok(RangeOutcome::Found(found)) => {
                            found_at.fetch_min(task, Ordering::Relaxed);
                            Err(Halt::Found(Box::new(found)))
                        }
                        Ok(RangeOutcome::Stopped(_)) => Err(Halt::Cancelled),
                        Err(err) => Err(Halt::Failed(err)),
                    }
                },
                |(chunk, passed), _| {
                    let len = chunk.end - chunk.start;
                    progress.examined += len;
                    progress.examined_now += len;
                    progress.passed += *passed;
                    checkpoint.mark_done(chunk.clone()).map_err(Halt::Failed)?;
                    if last.elapsed() >= self.tick {
                        progress.elapsed = start.elapsed();
                        tick(&progress, checkpoint);
                        last = Instant::now();
                    }
                    Ok(())
                },
            );
            halt = match result {
                Ok(()) => None,
                Err(crate::ordered::Error::Task(halt)) => Some(halt),
                Err(crate::ordered::Error::Spawn { source, .. }) => {
                    Some(Halt::Failed(Error::ThreadSpawn {
                        kind: source.kind(),
                    }))
                }
                // Only seen where a worker's panic is caught: that thread stopped.
                Err(crate::ordered::Error::WorkerStopped) => {
                    Some(Halt::Failed(Error::ThreadSpawn {
                        kind: std::io::ErrorKind::Other,
                    }))
                }
            };
            base += u128::from(count);
        }
        progress.elapsed = start.elapsed();
        tick(&progress, checkpoint);
        match halt {
            None => Ok(Outcome::Exhausted(progress)),
            Some(Halt::Found(found)) => Ok(Outcome::Found(*found)),
            Some(Halt::Cancelled) => Ok(Outcome::Cancelled(progress)),
            Some(Halt::Failed(err)) => Err(err),
        }
    }

    /// Searches the indices of `range` in order on the calling thread, until a match, the
    /// end, or `progress` breaks: the search's single-threaded entry, without threads or a
    /// clock, which [`run_vartime`](Self::run_vartime) runs for each chunk on its threads
    /// (and a host without threads, such as a WebAssembly worker, runs for its share of the
    /// space). `progress` gets the counts after each batch of candidates; the indices before
    /// `range.start + examined` are then done.
    ///
    /// # Errors
    /// [`Error::InvalidRange`] for a range outside the space; [`Error::EmptyTarget`] and
    /// [`Error::TooLarge`] as [`check`](Self::check); [`Error::OutOfMemory`] if the public
    /// keys of the gap cannot be reserved.
    ///
    /// # Security
    /// Variable-time, as [`run_vartime`](Self::run_vartime).
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use fastbip32::mnemonic::Language;
    /// use fastbip32::recovery::{Coin, Options, Paths, RangeOutcome, Search, Space, Target, Template};
    ///
    /// let words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";
    /// let space = Space::new(Template::parse(words, &Options::new().language(Language::English))?, [""])?;
    /// let mut target = Target::new();
    /// target.add_address("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")?; // m/84'/0'/0'/0/0
    /// let search = Search::new(&space, &target, Paths::new(Coin::Bitcoin).gap(1));
    /// let mut calls = 0;
    /// let outcome = search.search_range_vartime(0..space.size(), &mut |_| {
    ///     calls += 1;
    ///     ControlFlow::Continue(())
    /// })?;
    /// let RangeOutcome::Found(found) = outcome else { panic!("no match") };
    /// assert_eq!(found.index, 3); // "about"
    /// # Ok::<(), fastbip32::recovery::Error>(())
    /// ```
    pub fn search_range_vartime(
        &self,
        range: Range<u128>,
        progress: &mut dyn FnMut(RangeProgress) -> ControlFlow<()>,
    ) -> Result<RangeOutcome> {
        self.check()?;
        self.check_range(&range)?;
        let mut scratch = Scratch::new(self.checker.paths.coin, self.checker.paths.gap)?;
        self.search_in(&mut scratch, range, progress)
    }

    /// [`Error::InvalidRange`] unless `range` lies in the space.
    fn check_range(&self, range: &Range<u128>) -> Result<()> {
        if range.start > range.end || range.end > self.space.size() {
            return Err(Error::InvalidRange {
                start: range.start,
                end: range.end,
                size: self.space.size(),
            });
        }
        Ok(())
    }

    /// One chunk of [`run_vartime`](Self::run_vartime) on a spare scratch (made when none
    /// is spare), stopping when `stop` says so.
    fn search_chunk(
        &self,
        spare: &Mutex<Vec<Scratch>>,
        chunk: Range<u128>,
        stop: &dyn Fn() -> bool,
    ) -> Result<RangeOutcome> {
        if stop() {
            return Ok(RangeOutcome::Stopped(RangeProgress::default()));
        }
        let taken = spare
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        let mut scratch = match taken {
            Some(scratch) => scratch,
            None => Scratch::new(self.checker.paths.coin, self.checker.paths.gap)?,
        };
        let outcome = self.search_in(&mut scratch, chunk, &mut |_| {
            if stop() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        spare
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(scratch);
        outcome
    }

    /// The search of `range` (inside the space) on `scratch`.
    fn search_in(
        &self,
        scratch: &mut Scratch,
        range: Range<u128>,
        progress: &mut dyn FnMut(RangeProgress) -> ControlFlow<()>,
    ) -> Result<RangeOutcome> {
        let Scratch { batch, lanes, keys } = scratch;
        let mut candidates = Source::new(self.checker.seed, self.space, range.clone())?;
        let mut counts = RangeProgress::default();
        while candidates.next_batch_vartime(batch)? > 0 {
            counts.passed += batch.len() as u64;
            if let Some(found) = self.check_batch(batch, lanes, keys)? {
                return Ok(RangeOutcome::Found(found));
            }
            counts.examined = candidates.position() - range.start;
            if progress(counts).is_break() {
                return Ok(RangeOutcome::Stopped(counts));
            }
        }
        counts.examined = range.end - range.start;
        Ok(RangeOutcome::Exhausted(counts))
    }

    /// The seeds (or Icarus roots) of a batch, then each candidate's check.
    fn check_batch(
        &self,
        batch: &Batch,
        lanes: &mut Lanes,
        keys: &mut Keys,
    ) -> Result<Option<Found>> {
        let n = batch.len();
        let icarus = self.checker.paths.coin.icarus();
        match (icarus, self.checker.seed) {
            (true, SeedKind::Bip39) => lanes.icarus(self.space, batch)?,
            (false, SeedKind::Bip39) => lanes.bip39(self.space, batch)?,
            (_, SeedKind::Electrum) => lanes.electrum(self.space, batch)?,
        }
        for i in 0..n {
            let hit = if icarus {
                self.checker
                    .check_cardano(lanes.root(i)?, &mut keys.ed25519)?
            } else {
                let wallet = lanes.electrum_kind(i);
                self.checker
                    .check_seed(lanes.seed(i)?, wallet, &mut keys.secp256k1)?
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
                let language = self.space.language_at(index).ok_or(Error::NotInSpace)?;
                return Ok(Some(Found {
                    index,
                    address_index,
                    candidate,
                    language,
                    path,
                    address,
                    matched,
                }));
            }
        }
        Ok(None)
    }
}

impl SeedCheck<'_> {
    /// The check of one seed; `wallet` is the Electrum kind of its phrase (`None` for a
    /// BIP-39 seed), which picks the Electrum routes it is derived along.
    fn check_seed(
        &self,
        seed: &[u8],
        wallet: Option<ElectrumSeedKind>,
        keys: &mut [[u8; 33]],
    ) -> Result<Option<Hit>> {
        match self.paths.coin.registry().curve() {
            CurveFamily::Secp256k1 => self.check_secp(seed, wallet, keys),
            CurveFamily::Nist256p1 => self.check_each::<NistP256>(seed),
            CurveFamily::Ed25519 => self.check_each::<Ed25519>(seed),
            CurveFamily::Ed25519Blake2b => self.check_each::<Ed25519Blake2b>(seed),
            // Icarus roots, not seeds: `check_batch` gives them to `check_cardano`.
            CurveFamily::Ed25519Bip32 => Err(Error::Derivation),
        }
    }

    fn check_secp(
        &self,
        seed: &[u8],
        wallet: Option<ElectrumSeedKind>,
        keys: &mut [[u8; 33]],
    ) -> Result<Option<Hit>> {
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
        // The parent of the last prefix step (the account of `m/P'/C'/a'/c/*`), its lean key
        // and its public key: one base-point multiplication for every chain below it (the
        // routes of both chains are next to each other).
        let mut account: Option<(&[ChildNumber], DerivedKey<Secp256k1>, [u8; 33])> = None;
        for route in &self.routes {
            if route.electrum.is_some() && route.electrum != wallet {
                continue; // the path of the other Electrum wallet kind
            }
            let pattern = &route.pattern;
            if pattern.is_normal_tail() {
                let prefix = pattern.prefix().as_slice();
                let parent = match prefix.split_last() {
                    Some((&last, above)) => {
                        let (_, lean, public) = match account.take() {
                            Some(cached) if cached.0 == above => account.insert(cached),
                            _ => {
                                let lean = master
                                    .to_derived_key()
                                    .derive_path(above)
                                    .map_err(|_| Error::Derivation)?;
                                let public = lean.public_key();
                                account.insert((above, lean, public))
                            }
                        };
                        let depth = u8::try_from(above.len()).map_err(|_| Error::Derivation)?;
                        lean.child_with_public(public, depth, last)
                            .map_err(|_| Error::Derivation)?
                    }
                    None => master.clone(),
                };
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
                if let Some((address, matched)) = self.wanted_address(route, key, &route.ctx)? {
                    let path = pattern.at(index(i)?).map_err(|_| Error::Derivation)?;
                    return Ok(Some(Hit::address(pattern, i, path, address, matched)));
                }
            }
        }
        Ok(None)
    }

    /// The address of `key` of the first of `route`'s kinds whose address the target
    /// holds, if any, and how it matched: [`Matched::Address`] for one of the target's
    /// addresses or an address-database match [`Search::confirm`] accepts,
    /// [`Matched::AddressDb`] for a database match without a confirmation. A database match
    /// the confirmation refuses is no match.
    ///
    /// # Errors
    /// [`Error::Derivation`] for a key an encoder refuses (a derived key always fits).
    fn wanted_address(
        &self,
        route: &Route,
        key: &[u8],
        ctx: &Context,
    ) -> Result<Option<(Address, Matched)>> {
        for kind in &route.kinds {
            let address = kind.encode(key, ctx).map_err(|_| Error::Derivation)?;
            let probe = comparable(kind.encoder(), address.as_str()).ok_or(Error::Derivation)?;
            if self.wanted.contains(&probe) {
                return Ok(Some((address, Matched::Address)));
            }
            if self.target.in_db_vartime(&probe) {
                match self.confirm {
                    None => return Ok(Some((address, Matched::AddressDb))),
                    Some(confirm) if confirm(&address) => {
                        return Ok(Some((address, Matched::Address)));
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(None)
    }

    /// Each key of the routes derived from the master key of `seed` on scheme `S` (SLIP-10
    /// ed25519, ed25519-blake2b or P-256), one path at a time below each route's prefix.
    fn check_each<S: Scheme>(&self, seed: &[u8]) -> Result<Option<Hit>> {
        let master = ExtendedPrivateKey::<S>::from_seed(seed).map_err(|_| Error::Derivation)?;
        let gap = self.paths.gap;
        for route in &self.routes {
            let pattern = &route.pattern;
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
                if let Some((address, matched)) =
                    self.wanted_address(route, public.as_ref(), &route.ctx)?
                {
                    return Ok(Some(Hit::address(pattern, i, path, address, matched)));
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
        // The stake key of the last account a base address needed, by its account path.
        let mut stake: Option<(DerivationPath, [u8; 32])> = None;
        for route in &self.routes {
            let pattern = &route.pattern;
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
                let path = pattern.at(index(i)?).map_err(|_| Error::Derivation)?;
                let mut ctx = route.ctx;
                if route.needs_stake() {
                    ctx.stake = Some(stake_key(root, &path, &mut stake)?);
                }
                if let Some((address, matched)) = self.wanted_address(route, key, &ctx)? {
                    return Ok(Some(Hit::address(pattern, i, path, address, matched)));
                }
            }
        }
        Ok(None)
    }
}

/// The stake key (`…/2/0`) of the account of `path` (its first three steps), through a
/// one-account cache.
///
/// # Errors
/// [`Error::Derivation`] for a path of fewer than three steps or a failed derivation.
fn stake_key(
    root: &ExtendedPrivateKey<Ed25519Bip32>,
    path: &DerivationPath,
    cache: &mut Option<(DerivationPath, [u8; 32])>,
) -> Result<[u8; 32]> {
    let account = path.as_slice().get(..3).ok_or(Error::Derivation)?;
    if let Some((at, key)) = cache {
        if at.as_slice() == account {
            return Ok(*key);
        }
    }
    let mut stake_path = DerivationPath::from_slice(account).map_err(|_| Error::Derivation)?;
    for step in [2, 0] {
        let child = ChildNumber::normal(step).map_err(|_| Error::Derivation)?;
        stake_path.push(child).map_err(|_| Error::Derivation)?;
    }
    let key = root
        .derive_path(&stake_path)
        .map_err(|_| Error::Derivation)?
        .public_key();
    let account = DerivationPath::from_slice(account).map_err(|_| Error::Derivation)?;
    *cache = Some((account, key));
    Ok(key)
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

    /// An address match at gap index `i` of `pattern` (`path` is `pattern` at `i`), exact
    /// or the address database's (`matched`).
    fn address(
        pattern: &PathPattern,
        i: impl TryInto<u32>,
        path: DerivationPath,
        address: Address,
        matched: Matched,
    ) -> Self {
        let address_index = if pattern.has_wildcard() {
            i.try_into().ok()
        } else {
            path.as_slice().last().map(|c| c.index())
        };
        Self {
            path,
            address: Some(address),
            address_index,
            matched,
        }
    }
}

/// A worker's public keys, one per gap index, reserved once (fallibly) when the worker
/// starts: secp256k1 or Ed25519-BIP32 (Cardano) ones. Public keys of candidates, not
/// secrets.
struct Keys {
    secp256k1: Vec<[u8; 33]>,
    ed25519: Vec<[u8; 32]>,
}

impl Keys {
    /// The buffers `coin` derives into, for `gap` indices.
    fn new(coin: Coin, gap: u32) -> Result<Self> {
        let gap = usize::try_from(gap).map_err(|_| Error::OutOfMemory { bytes: usize::MAX })?;
        let (secp, ed) = match coin.registry().curve() {
            CurveFamily::Secp256k1 => (gap, 0),
            CurveFamily::Ed25519Bip32 => (0, gap),
            CurveFamily::Nist256p1 | CurveFamily::Ed25519 | CurveFamily::Ed25519Blake2b => (0, 0),
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

/// What a search's working buffers are: one batch of candidates, their PBKDF2 lanes and
/// the public keys of the gap (reserved once). Wiped on drop (each part is).
struct Scratch {
    batch: Batch,
    lanes: Lanes,
    keys: Keys,
}

impl Scratch {
    fn new(coin: Coin, gap: u32) -> Result<Self> {
        Ok(Self {
            batch: Batch::new(),
            lanes: Lanes::new(),
            keys: Keys::new(coin, gap)?,
        })
    }
}

/// Why the ordered chunks of [`Search::run_vartime`] stopped before the end.
enum Halt {
    /// A chunk held a match (boxed: the error of every chunk's result).
    Found(Box<Found>),
    /// The cancellation flag was raised.
    Cancelled,
    /// A chunk or the checkpoint failed.
    Failed(Error),
}

/// Ranges cut into chunks of at most [`CHUNK`] indices, numbered in index order.
struct Chunks {
    ranges: Vec<Range<u128>>,
    /// The number of chunks of the ranges up to and including each.
    ends: Vec<u128>,
}

impl Chunks {
    fn new(ranges: Vec<Range<u128>>) -> Result<Self> {
        let mut ends = Vec::new();
        ends.try_reserve_exact(ranges.len())
            .map_err(|_| Error::OutOfMemory {
                bytes: ranges.len().saturating_mul(16),
            })?;
        let mut sum = 0u128;
        for r in &ranges {
            sum += (r.end.saturating_sub(r.start)).div_ceil(CHUNK);
            ends.push(sum);
        }
        Ok(Self { ranges, ends })
    }

    /// The number of chunks.
    fn count(&self) -> u128 {
        self.ends.last().copied().unwrap_or(0)
    }

    /// Chunk `n`, `None` past the last.
    fn get(&self, n: u128) -> Option<Range<u128>> {
        let i = self.ends.partition_point(|&end| end <= n);
        let before = match i.checked_sub(1) {
            Some(j) => *self.ends.get(j)?,
            None => 0,
        };
        let range = self.ranges.get(i)?;
        let start = range.start + (n - before) * CHUNK;
        Some(start..range.end.min(start + CHUNK))
    }
}

/// The passphrase of entry `i` of `batch`.
///
/// # Errors
/// The word list of entry `i` of `batch` (the list of its index's part of the space).
///
/// # Errors
/// [`Error::NotInSpace`] for an entry past the batch or an index past the space.
fn language_of(space: &Space, batch: &Batch, i: usize) -> Result<Language> {
    batch
        .index(i)
        .and_then(|index| space.language_at(index))
        .ok_or(Error::NotInSpace)
}

/// [`Error::NotInSpace`] for an entry past the batch or a passphrase number past the list.
fn passphrase_of<'s>(space: &'s Space, batch: &Batch, i: usize) -> Result<Passphrase<'s>> {
    batch
        .passphrase_index(i)
        .and_then(|p| space.passphrase(p))
        .ok_or(Error::NotInSpace)
}

/// A worker's PBKDF2 buffers: one batch of phrases, seeds and Icarus roots, wiped on drop.
struct Lanes {
    phrases: [Zeroizing<[u8; MAX_PHRASE_LEN]>; BATCH_LEN],
    seeds: [SecretBytes<[u8; 64]>; BATCH_LEN],
    /// The Electrum kind of each lane's phrase (`None` for BIP-39 seeds).
    electrum_kinds: [Option<ElectrumSeedKind>; BATCH_LEN],
    /// Reserved for a whole batch up front: a vector that grew would free its old block
    /// with the roots in it.
    roots: Vec<ExtendedPrivateKey<Ed25519Bip32>>,
}

impl Lanes {
    fn new() -> Self {
        Self {
            phrases: core::array::from_fn(|_| Zeroizing::new([0u8; MAX_PHRASE_LEN])),
            seeds: Default::default(),
            electrum_kinds: [None; BATCH_LEN],
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
            let language = language_of(space, batch, i)?;
            *len = space
                .write_phrase_in(language, batch.words(i), &mut phrase[..])
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
        let passphrases = (0..n)
            .map(|i| passphrase_of(space, batch, i))
            .collect::<Result<Vec<Passphrase<'_>>>>();
        let blocks = match &passphrases {
            Ok(passphrases) => keys
                .iter()
                .zip(passphrases)
                .map(|(key, passphrase)| Pbkdf2Block::bip39(key, passphrase.as_bytes()))
                .collect::<Vec<Pbkdf2Block<'_>>>(),
            Err(err) => {
                for phrase in &mut self.phrases {
                    phrase.zeroize();
                }
                return Err(*err);
            }
        };
        self.electrum_kinds = [None; BATCH_LEN];
        let seeds = self.seeds.get_mut(..n).ok_or(Error::NotInSpace)?;
        pbkdf2_blocks(&blocks, BIP39_ROUNDS, seeds);
        for phrase in &mut self.phrases {
            phrase.zeroize();
        }
        Ok(())
    }

    /// Electrum seeds of the batch, in one lane-wide PBKDF2 call: each phrase and
    /// passphrase normalised as Electrum does, the salt `electrum` and the passphrase, 2048
    /// rounds; each phrase's Electrum kind kept for [`electrum_kind`](Self::electrum_kind).
    ///
    /// # Errors
    /// [`Error::NotInSpace`] for an entry whose passphrase is not in the space or whose
    /// phrase is no Electrum standard or segwit phrase (a broken invariant of the filter).
    fn electrum(&mut self, space: &Space, batch: &Batch) -> Result<()> {
        let n = batch.len();
        self.electrum_kinds = [None; BATCH_LEN];
        let mut phrases = Vec::with_capacity(n);
        let mut passphrases = Vec::with_capacity(n);
        let kinds = &mut self.electrum_kinds;
        let read = self
            .phrases
            .iter_mut()
            .enumerate()
            .take(n)
            .try_for_each(|(i, buffer)| {
                let language = language_of(space, batch, i)?;
                let len = space
                    .write_phrase_in(language, batch.words(i), &mut buffer[..])
                    .ok_or(Error::NotInSpace)?;
                let text = buffer
                    .get(..len)
                    .and_then(|p| core::str::from_utf8(p).ok())
                    .ok_or(Error::NotInSpace)?;
                let kind = searched_electrum_kind(text).ok_or(Error::NotInSpace)?;
                if let Some(slot) = kinds.get_mut(i) {
                    *slot = Some(kind);
                }
                phrases.push(electrum::normalize(text));
                passphrases.push(electrum::normalize(
                    passphrase_of(space, batch, i)?.as_str(),
                ));
                Ok(())
            });
        for phrase in &mut self.phrases {
            phrase.zeroize();
        }
        read?;
        let keys: Vec<HmacSha512> = phrases
            .iter()
            .map(|p| HmacSha512::new(p.as_bytes()))
            .collect();
        let blocks: Vec<Pbkdf2Block<'_>> = keys
            .iter()
            .zip(&passphrases)
            .map(|(key, passphrase)| electrum::pbkdf2_block(key, passphrase))
            .collect();
        let seeds = self.seeds.get_mut(..n).ok_or(Error::NotInSpace)?;
        pbkdf2_blocks(&blocks, electrum::ROUNDS, seeds);
        Ok(())
    }

    /// The Electrum kind of lane `i`'s phrase, as [`electrum`](Self::electrum) found it
    /// (`None` after [`bip39`](Self::bip39)).
    fn electrum_kind(&self, i: usize) -> Option<ElectrumSeedKind> {
        self.electrum_kinds.get(i).copied().flatten()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mnemonic::Language;
    use crate::recovery::{Options, Template};
    use std::string::ToString;

    /// A Cardano wallet's keys come from the phrase's entropy (Icarus roots), never from a
    /// BIP-39 seed: a seed handed to the seed check is refused as a key that cannot be
    /// derived, and the search stops.
    #[test]
    fn a_cardano_key_is_not_derived_from_a_seed() {
        let template = Template::parse(
            "letter advice cage absurd amount doctor acoustic avoid letter advice cage ?",
            &Options::new().language(Language::English),
        )
        .unwrap();
        let space = Space::new(template, [""]).unwrap();
        let mut target = Target::new();
        // A Cardano address (tests/data/recovery.json, english12); the check refuses before
        // it looks at the target.
        target
            .add_address("addr1qy0c63uqp2smj9estggzw23y5dr535hukr8cq6yedex73mycd83phrgkgaqaz7qxwslzq96mrrhsyq465aht75uavlrs86vdj9")
            .unwrap();
        let search = Search::new(&space, &target, Paths::new(Coin::Cardano).gap(1));
        let mut keys = [[0u8; 33]; 1];
        let Err(err) = search.checker.check_seed(&[7; 64], None, &mut keys) else {
            panic!("a seed checked as a Cardano wallet's");
        };
        assert!(matches!(err, Error::Derivation), "{err:?}");
        assert_eq!(
            err.to_string(),
            "a key of a candidate could not be derived; the search stopped rather than skip it"
        );
    }
}
