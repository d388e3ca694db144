//! Recovery search: every candidate of a partly remembered BIP-39 mnemonic and passphrase,
//! indexed, sharded, checkpointed, and filtered by the checksum before any seed is computed.
//!
//! Vocabulary:
//!
//! * **template**: the phrase as remembered, one **token** per word
//!   ([`Template`]): a word, `?` (any word), `{a,b,c}` (one of a list) or `ab*` (any word
//!   with that prefix). Words are read in lowercase and NFKD, as BIP-39 normalizes.
//! * **options** ([`Options`]): the word list, the length, `missing` (words left out at
//!   unknown positions), `typos` (plain words that may be wrong), `swaps` (adjacent tokens
//!   that may be exchanged).
//! * **candidate** ([`Candidate`]): the 12 to 24 word indices of a phrase and the number of a
//!   passphrase in the list.
//! * **space** ([`Space`]): every candidate of a template, options and passphrase list, each
//!   with an **index** in `0..size`.
//! * **slot**: a position in the phrase; each slot of a layout has sorted **options** (word
//!   indices).
//!
//! # The order
//!
//! A **layout** fixes which tokens are typos (the *typo set*), which adjacent pairs of
//! tokens are swapped (the *pair set*), and which slots the missing words take (the
//! *placement*); then every slot has its options: all 2048 words for a missing word, the
//! typo neighbourhood for a typo, the token's words otherwise. The layouts are grouped in
//! **classes** (a typo set and a number of swaps), listed with their prefix-sum offsets:
//!
//! 1. classes by the number of changes (typos + swaps), fewest first; for equal changes,
//!    fewer typos first; then typo sets in lexicographic order of their positions;
//! 2. within a class, the pair sets in lexicographic order of their positions, and within
//!    one, the placements in lexicographic order of their slots (each ranked without
//!    listing them, [`Space::unrank`] and [`Space::rank_vartime`] go straight there);
//! 3. within a layout, the passphrases in list order;
//! 4. within a passphrase, the words as a mixed-radix number, the first slot most
//!    significant and the last slot fastest.
//!
//! So `index = class offset + ((pair set × placements + placement) × passphrases +
//! passphrase) × words + digits`, with `words` the product of the slots' option counts.
//! Sizes are `u128`; a space of 2¹²⁸ candidates or more is [`Error::SpaceTooLarge`].
//!
//! A template whose words fit several word lists as well (no language named: `abandon` is
//! English and French) is read in each of them ([`Template::languages`], English first,
//! then in [`Language::ALL`](crate::mnemonic::Language::ALL)'s order), and the space is
//! their spaces one after another: the first list's classes from index 0, each further
//! list's after the previous list's last index. [`Space::language_at`] names an index's
//! list, and a match's [`Found::language`] its phrase's.
//!
//! # How the options compose
//!
//! * A **template** alone is a product of its tokens' sets: each candidate once.
//! * **`missing`** inserts any word at `missing` of the `n` slots (`C(n, missing)`
//!   placements × 2048 each); the tokens keep their order in the other slots.
//! * **`typos`**: up to `typos` plain-word tokens (not `?`, lists or prefixes) stand for a
//!   word of their *neighbourhood* instead: the other words within optimal-string-alignment
//!   distance 2 (Levenshtein plus transpositions of adjacent characters, over the NFKD
//!   characters; a single-character Chinese word is within 1 of every other), or with the
//!   same first four letters (combining marks skipped). The word as written is not in its
//!   neighbourhood, so typo sets are disjoint. A word outside the list must be a typo: it
//!   is in every typo set, and more of them than `typos` is
//!   [`Error::TooManyUnknownWords`].
//! * **`swaps`**: up to `swaps` transpositions of adjacent tokens, no two sharing a token
//!   (each token moves at most one place; a word moved two places is not covered). Two
//!   tokens with the same sets are never swapped (it would change nothing). Swaps permute
//!   the tokens, with their typos, before the placement inserts the missing words.
//! * **`unordered`**: every order of the tokens, except those anchored in their slot
//!   (`^word`), drawn from the free tokens and the extra words (`+word`): the free slots
//!   take an ordered choice of that many tokens of this pool. The *pair sets* are then
//!   these orders: order number `r` is `choice × f! + permutation` (`f` free slots), the
//!   choices of tokens in lexicographic order of their pool positions, the permutations in
//!   lexicographic order; order 0 is the template as written. There are
//!   `C(pool, f) × f!` orders, at most [`MAX_ORDERS`]. It takes no `missing`, `typos` or
//!   `swaps`.
//!
//! **Multiplicity.** Typos alone, and templates alone, give each candidate once. Otherwise a
//! candidate can have several indices, and [`Space::size`] and the checksum counts count
//! each of them: a missing word equal to its neighbouring token fits two placements (about
//! `missing / 2048` of a space); a swapped pair whose two sets share words (`?` next to a
//! word, a list holding its neighbour) gives those words twice; a swap and two typos, or a
//! placement and a typo, can reach the same phrase. Making these disjoint would tie the
//! sizes of layouts to one another and lose the mixed-radix layout; the repeats are rare
//! and harmless to a search. [`Space::rank_vartime`] gives the smallest index.
//!
//! # Checksum first
//!
//! The last slot is the fastest digit, and its options are sorted, so the candidates that
//! differ only in the last word's checksum bits (4 of its 11 bits for 12 words, 8 for 24)
//! are consecutive. [`Candidates`] hashes each such group once (one SHA-256 compression of
//! the entropy they share) and keeps the one last word the checksum names, if it is an
//! option. Where the last word is unknown (`?`, or a missing word placed last), every group
//! yields exactly one valid candidate: 128 of 2048 last words for 12 words, 8 for 24, found
//! with 128 or 8 hashes. Where it is known, the checksum can only reject (15 in 16, or 255
//! in 256): no other word's bits can be solved for through SHA-256.
//! [`Space::checksum_count_vartime`] counts the survivors exactly (by arithmetic where the
//! last word is unknown, by filtering within a hashing budget elsewhere) or estimates them.
//!
//! # Shards and checkpoints
//!
//! [`Space::shard`] splits `0..size` into contiguous, disjoint ranges. A [`Checkpoint`]
//! holds finished ranges and a salted hash of the space, never a word or passphrase, and is
//! written atomically.
//!
//! # Security
//!
//! A search branches on each candidate's checksum by its nature; the functions that branch
//! on candidates say `vartime`. Parsing a template searches the word lists, as every BIP-39
//! parser does. Candidates, batches and the iterator state are wiped on drop; word sets and
//! passphrases are held in wiping buffers. Run a search on an offline machine nobody else
//! uses (see `SECURITY.md`).
//!
//! # Examples
//!
//! ```
//! use fastbip32::mnemonic::Language;
//! use fastbip32::recovery::{Batch, Options, Space, Template};
//!
//! // BIP-39's second vector with its fifth word unknown and the passphrase one of two.
//! let template = Template::parse(
//!     "legal winner thank year ? sausage worth useful legal winner thank yellow",
//!     &Options::new().language(Language::English),
//! )?;
//! let space = Space::new(template, ["", "TREZOR"])?;
//! assert_eq!(space.size(), 2048 * 2);
//! let valid = space.checksum_count_vartime(1 << 20); // 2 × 2048 hashes: within budget
//! assert!(valid.is_exact() && valid.value() >= 2); // the true phrase, with each passphrase
//!
//! let mut candidates = space.candidates(0..space.size())?;
//! let mut batch = Batch::new();
//! let mut found = false;
//! while candidates.next_batch_vartime(&mut batch) > 0 {
//!     for i in 0..batch.len() {
//!         found |= batch.entropy(i) == [0x7f; 16] && batch.passphrase_index(i).and_then(|p| space.passphrase(p)).as_deref() == Some("TREZOR");
//!     }
//! }
//! assert!(found);
//! # Ok::<(), fastbip32::recovery::Error>(())
//! ```

pub mod address_db;
mod checkpoint;
pub mod electrum;
mod error;
mod filter;
mod order;
pub mod passphrase_rules;
mod picks;
mod search;
mod seed_kind;
pub mod slip39;
pub mod slip39_combine;
pub mod slip39_search;
mod space;
mod target;
mod template;
mod words;

pub use self::address_db::{AddressDb, AddressDbError, AddressFilter};
pub use self::checkpoint::Checkpoint;
pub use self::error::{Bound, CheckpointField, CheckpointFields, Error, Result};
pub use self::filter::{Batch, Candidates, ChecksumCount, BATCH_LEN};
pub use self::order::MAX_ORDERS;
pub use self::passphrase_rules::{PassphraseRuleError, PassphraseRules};
pub use self::search::{
    Change, Confirm, Found, Matched, Outcome, Paths, Progress, RangeOutcome, RangeProgress, Search,
    SeedCheck, SeedMatch, MAX_ACCOUNTS, MAX_GAP, MAX_THREADS,
};
pub use self::seed_kind::SeedKind;
pub use self::space::{Candidate, Passphrase, Space, MAX_LAYOUTS, MAX_PHRASE_LEN};
pub use self::target::{address_db_key, Coin, Target};
pub use self::template::{Options, Template};
pub use crate::coin::Wallet;
pub use crate::path::PathPattern;
