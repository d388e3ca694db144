//! What a search looks for: addresses of any coin of the registry (as text), extended
//! public keys, master fingerprints and descriptor keys.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;

use alloc::string::ToString as _;

use sha2::{Digest as _, Sha256};

use super::address_db::AddressDb;
use super::error::{Error, Result};
use crate::address::{self, Address, AddressNetwork, CurveFamily};
use crate::coin;
use crate::curve::Secp256k1;
use crate::descriptor::Descriptor;
use crate::key::ExtendedPublicKey;
use crate::{DerivationPath, Fingerprint};

type Xpub = ExtendedPublicKey<Secp256k1>;

/// The coin a search derives for: a coin of the [registry](crate::coin), whose scheme,
/// master key, standard paths and address kinds the search follows.
///
/// Every coin of the registry can be searched: secp256k1 and P-256 coins from the BIP-32 /
/// SLIP-10 master key of the BIP-39 seed, ed25519 coins (Nano's ed25519-blake2b too) from
/// SLIP-10's, Cardano from the Icarus master key (CIP-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coin(&'static coin::Coin);

#[allow(
    non_upper_case_globals,
    reason = "the coins read as their names, as the registry's slugs do"
)]
impl Coin {
    /// Bitcoin: BIP-44/49/84/86 paths.
    pub const Bitcoin: Self = Self(&coin::BITCOIN);
    /// Ethereum: `m/44'/60'/a'/c/*`.
    pub const Ethereum: Self = Self(&coin::ETHEREUM);
    /// Solana: SLIP-10 ed25519, `m/44'/501'/*'/0'` and `m/44'/501'/*'`.
    pub const Solana: Self = Self(&coin::SOLANA);
    /// Cardano: BIP32-Ed25519 from the Icarus master key, CIP-1852 `m/1852'/1815'/a'/c/*`.
    pub const Cardano: Self = Self(&coin::CARDANO);
}

impl Coin {
    /// The registry's coin.
    pub const fn registry(self) -> &'static coin::Coin {
        self.0
    }

    /// The slug: `bitcoin`, `ethereum`, `litecoin`, …
    pub const fn as_str(self) -> &'static str {
        self.0.slug()
    }

    /// Whether keys are derived from the Icarus master key (Cardano) rather than the BIP-39
    /// seed.
    pub(super) fn icarus(self) -> bool {
        match self.0.curve() {
            CurveFamily::Ed25519Bip32 => true,
            CurveFamily::Secp256k1
            | CurveFamily::Nist256p1
            | CurveFamily::Ed25519
            | CurveFamily::Ed25519Blake2b => false,
        }
    }
}

impl From<&'static coin::Coin> for Coin {
    fn from(coin: &'static coin::Coin) -> Self {
        Self(coin)
    }
}

impl fmt::Display for Coin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::str::FromStr for Coin {
    type Err = Error;

    /// A slug or symbol of the registry ([`coin::Coin::find`]).
    fn from_str(s: &str) -> Result<Self> {
        coin::Coin::find(s)
            .map(Self)
            .map_err(|_| Error::UnknownCoin)
    }
}

/// The key of an address in an address database ([`AddressDb`]): SHA-256 of a domain tag
/// and the address's [`coin::comparable`] text under the encoder [`coin::identify`] names
/// first (the form a search compares it in: case folded where the family's text is
/// case-insensitive), so an address is found as the text the search writes for it, on its
/// own network. `None` for an address the library decodes that no registry coin's kind is
/// (P2WSH and other witness programs, for example), which a database can leave out.
///
/// # Errors
/// [`Error::InvalidAddress`] for text that no coin of the library decodes as an address.
///
/// # Examples
///
/// ```
/// use fastbip32::recovery::{address_db_key, AddressDb};
///
/// let key = address_db_key("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")?.expect("P2WPKH is searched");
/// let db = AddressDb::build([key]).expect("one key");
/// assert!(db.contains_vartime(&key));
/// # Ok::<(), fastbip32::recovery::Error>(())
/// ```
pub fn address_db_key(text: &str) -> Result<Option<[u8; 32]>> {
    let text = text.trim();
    match coin::identify(text).next() {
        Some(m) => Ok(coin::comparable(m.kind.encoder(), text).map(|c| db_key(&c))),
        None if address::decode(text).is_ok() => Ok(None),
        None => Err(Error::InvalidAddress),
    }
}

/// The database key of an address in its [`coin::comparable`] form.
pub(super) fn db_key(comparable: &Address) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"fastbip32 address-db key\0");
    h.update(comparable.as_str().as_bytes());
    h.finalize().into()
}

/// An address a search looks for, as given, with what [`coin::identify`] names it.
#[derive(Clone, Debug)]
pub(super) struct Wanted {
    /// The text, trimmed.
    pub(super) text: String,
}

impl Wanted {
    /// The kinds of `coin` the text is an address of, each with the context its encoder
    /// needs (the Bitcoin or Cardano network of the text).
    pub(super) fn kinds_of(
        &self,
        coin: Coin,
    ) -> impl Iterator<Item = (&'static coin::AddressFormat, coin::Context)> + '_ {
        let network = address::decode(&self.text).ok().map(|d| d.network());
        coin::identify(&self.text)
            .filter(move |m| m.coin == coin.0)
            .map(move |m| {
                let mut ctx = coin::Context::default();
                match network {
                    Some(AddressNetwork::Bitcoin(n)) => ctx.bitcoin = n,
                    Some(AddressNetwork::Cardano(n)) => ctx.cardano = n,
                    Some(AddressNetwork::None) | None => {}
                }
                (m.kind, ctx)
            })
    }

    /// The coins the text is an address of, in the registry's order.
    fn coins(&self) -> impl Iterator<Item = &'static coin::Coin> + '_ {
        let mut last: Option<&'static coin::Coin> = None;
        coin::identify(&self.text).filter_map(move |m| {
            let new = last != Some(m.coin);
            last = Some(m.coin);
            new.then_some(m.coin)
        })
    }
}

/// A key expected at a path below the master key (from a descriptor's key origin).
#[derive(Clone, Debug)]
pub(super) struct KeyAt {
    pub(super) master: Fingerprint,
    pub(super) path: DerivationPath,
    pub(super) public_key: [u8; 33],
}

/// What a search looks for. A candidate matches if it matches any part.
///
/// Addresses are held as their text; a search compares the text each candidate key's
/// address has on its coin ([`coin::encode`]).
///
/// # Examples
///
/// ```
/// use fastbip32::recovery::Target;
///
/// let mut target = Target::new();
/// target.add_address("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")?;
/// assert_eq!(target.len(), 1);
/// # Ok::<(), fastbip32::recovery::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Target {
    pub(super) addresses: Vec<Wanted>,
    pub(super) xpubs: Vec<Xpub>,
    pub(super) fingerprints: Vec<Fingerprint>,
    pub(super) keys: Vec<KeyAt>,
    pub(super) db: Option<Arc<AddressDb>>,
}

impl Target {
    /// An empty target.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of addresses, keys and fingerprints held (an address database counts as
    /// one).
    pub fn len(&self) -> usize {
        self.addresses.len()
            + self.xpubs.len()
            + self.fingerprints.len()
            + self.keys.len()
            + usize::from(self.db.is_some())
    }

    /// Looks for every address of the coin searched (every kind of the registry's coin, on
    /// its main network: Bitcoin's mainnet paths) in `db` too, in place of any database set
    /// before. A match in the database is [`Matched::AddressDb`](super::Matched::AddressDb):
    /// a database can answer yes for an address it does not hold (see [`AddressDb`]), so
    /// the address is to be confirmed.
    pub fn set_address_db(&mut self, db: Arc<AddressDb>) {
        self.db = Some(db);
    }

    /// Whether the address database (if any) may hold the address whose comparable form is
    /// `comparable`.
    ///
    /// # Security
    /// Variable-time in the address: a filter lookup (see [`AddressDb::contains_vartime`]).
    pub(super) fn in_db_vartime(&self, comparable: &Address) -> bool {
        self.db
            .as_ref()
            .is_some_and(|db| db.contains_vartime(&db_key(comparable)))
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds an address of any coin of the registry ([`coin::identify`]): Bitcoin's P2PKH,
    /// P2SH (taken as P2SH-P2WPKH), P2WPKH or P2TR on any network, an EVM address (`0x` and
    /// 40 hex digits, all lowercase, all uppercase or EIP-55), Litecoin, Tron, XRP, Cosmos,
    /// Solana, Cardano base or enterprise, …
    ///
    /// # Errors
    /// [`Error::InvalidAddress`] for text that is no registry coin's address.
    pub fn add_address(&mut self, text: &str) -> Result<()> {
        let text = text.trim();
        if coin::identify(text).next().is_none() {
            return Err(Error::InvalidAddress);
        }
        if !self.addresses.iter().any(|w| w.text == text) {
            self.addresses.push(Wanted {
                text: text.to_string(),
            });
        }
        Ok(())
    }

    /// Adds an extended public key, compared at its own depth and child number (see
    /// [`Paths`](super::Paths) for the paths tried).
    pub fn add_xpub(&mut self, xpub: Xpub) {
        self.xpubs.push(xpub);
    }

    /// Adds a master key fingerprint (secp256k1 BIP-32): no path is walked.
    pub fn add_fingerprint(&mut self, fingerprint: Fingerprint) {
        self.fingerprints.push(fingerprint);
    }

    /// Adds the key of a single-key descriptor with a key origin, as a wallet exports it
    /// (`wpkh([fp/84'/0'/0']xpub…/0/*)`): the master fingerprint, then the key at the origin
    /// path, the key's steps and index 0 of its first branch.
    ///
    /// # Errors
    /// [`Error::UnsupportedDescriptor`] for a descriptor of several keys, without a key
    /// origin, or whose first key cannot be derived.
    pub fn add_descriptor(&mut self, descriptor: &Descriptor) -> Result<()> {
        let origin = descriptor
            .key_origin()
            .ok_or(Error::UnsupportedDescriptor)?;
        let path = descriptor
            .full_path(0, 0)
            .ok()
            .flatten()
            .ok_or(Error::UnsupportedDescriptor)?;
        let derived = descriptor
            .derive(0, 0)
            .map_err(|_| Error::UnsupportedDescriptor)?;
        let public_key = *derived.public_key().ok_or(Error::UnsupportedDescriptor)?;
        self.keys.push(KeyAt {
            master: origin.fingerprint(),
            path,
            public_key,
        });
        Ok(())
    }

    /// Feeds the target to `h` in an order of its own (sorted), for a checkpoint.
    pub(super) fn hash_into(&self, h: &mut Sha256) {
        let mut addresses: Vec<&str> = self.addresses.iter().map(|w| w.text.as_str()).collect();
        addresses.sort_unstable();
        let count = |h: &mut Sha256, n: usize| h.update((n as u64).to_be_bytes());
        count(h, addresses.len());
        for text in &addresses {
            count(h, text.len());
            h.update(text.as_bytes());
        }
        count(h, self.xpubs.len());
        for x in &self.xpubs {
            h.update([x.depth()]);
            h.update(x.child_number().to_raw().to_be_bytes());
            h.update(x.chain_code().as_bytes());
            h.update(x.public_key());
        }
        count(h, self.fingerprints.len());
        for f in &self.fingerprints {
            h.update(f.to_bytes());
        }
        count(h, self.keys.len());
        for k in &self.keys {
            h.update(k.master.to_bytes());
            let path = k.path.to_string();
            count(h, path.len());
            h.update(path.as_bytes());
            h.update(k.public_key);
        }
        if let Some(db) = &self.db {
            h.update(b"address-db");
            h.update(db.digest());
        }
    }

    /// The first address held that is no address of `coin`, if any (a search of `coin`
    /// would never find it).
    pub fn foreign_address(&self, coin: Coin) -> Option<&str> {
        self.addresses
            .iter()
            .find(|w| !w.coins().any(|c| c == coin.0))
            .map(|w| w.text.as_str())
    }

    /// The coin a search of the addresses held derives when no coin is named: the first
    /// coin, in the registry's order, that every address can belong to (an EVM address is
    /// Ethereum's first, a `1…` address Bitcoin's); `None` without addresses.
    ///
    /// # Errors
    /// [`Error::SeveralCoins`] when no coin has every address, naming two coins that
    /// differ.
    pub fn address_coin(&self) -> Result<Option<Coin>> {
        let Some((first, rest)) = self.addresses.split_first() else {
            return Ok(None);
        };
        let shared = first
            .coins()
            .find(|c| rest.iter().all(|w| w.coins().any(|d| d == *c)));
        if let Some(coin) = shared {
            return Ok(Some(Coin(coin)));
        }
        let name = |w: &Wanted| w.coins().next().map_or("", coin::Coin::slug);
        let one = name(first);
        let other = rest.iter().map(name).find(|n| *n != one).unwrap_or(one);
        Err(Error::SeveralCoins {
            first: one,
            second: other,
        })
    }
}

impl fmt::Debug for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Target")
            .field("addresses", &self.addresses.len())
            .field("xpubs", &self.xpubs.len())
            .field("fingerprints", &self.fingerprints.len())
            .field("keys", &self.keys.len())
            .field("address_db", &self.db)
            .finish_non_exhaustive()
    }
}
