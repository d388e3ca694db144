//! What a search looks for: addresses (as raw hashes, witness programs, Keccak tails and
//! ed25519 keys), extended public keys, master fingerprints and descriptor keys.

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use std::collections::HashMap;

use alloc::string::ToString as _;

use sha2::{Digest as _, Sha256};

use super::address_db::AddressDb;
use super::error::{Error, Result};
use crate::address::{self, AddressNetwork, AddressType, CardanoNetwork, Credential};
use crate::curve::Secp256k1;
use crate::descriptor::Descriptor;
use crate::key::ExtendedPublicKey;
use crate::{DerivationPath, Fingerprint, Network};

type Xpub = ExtendedPublicKey<Secp256k1>;

/// The coin a search derives for: its scheme, master key, standard paths and address kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Coin {
    /// BIP-32 over secp256k1 from the BIP-39 seed; BIP-44/49/84/86 paths.
    Bitcoin,
    /// BIP-32 over secp256k1 from the BIP-39 seed; `m/44'/60'/0'/0/i`.
    Ethereum,
    /// SLIP-10 ed25519 from the BIP-39 seed; `m/44'/501'/i'/0'`.
    Solana,
    /// BIP32-Ed25519 from the Icarus master key (CIP-3); CIP-1852 `m/1852'/1815'/a'/0/i`.
    Cardano,
}

impl Coin {
    /// The lowercase name: `bitcoin`, `ethereum`, `solana`, `cardano`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Bitcoin => "bitcoin",
            Self::Ethereum => "ethereum",
            Self::Solana => "solana",
            Self::Cardano => "cardano",
        }
    }
}

impl fmt::Display for Coin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::str::FromStr for Coin {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s {
            "bitcoin" | "btc" => Ok(Self::Bitcoin),
            "ethereum" | "eth" => Ok(Self::Ethereum),
            "solana" | "sol" => Ok(Self::Solana),
            "cardano" | "ada" => Ok(Self::Cardano),
            _ => Err(Error::UnknownCoin),
        }
    }
}

/// The raw form of an address: what is compared in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    /// P2PKH: HASH160 of the compressed key.
    P2pkh,
    /// P2SH-P2WPKH (BIP-49): HASH160 of `0x00 0x14 ‖ HASH160(key)`.
    P2shP2wpkh,
    /// P2WPKH (BIP-84): the 20-byte witness program, HASH160 of the key.
    P2wpkh,
    /// P2TR (BIP-86): the 32-byte output key.
    P2tr,
    /// Ethereum: the last 20 bytes of Keccak-256 of the uncompressed key.
    Ethereum,
    /// Solana: the ed25519 public key.
    Solana,
    /// Cardano (base or enterprise): the BLAKE2b-224 payment key hash.
    Cardano,
}

impl Kind {
    /// Every kind, for an address database (which holds any of them).
    const ALL: [Self; 7] = [
        Self::P2pkh,
        Self::P2shP2wpkh,
        Self::P2wpkh,
        Self::P2tr,
        Self::Ethereum,
        Self::Solana,
        Self::Cardano,
    ];

    /// The kind's tag in an address database key (part of the file format: never renumber).
    const fn tag(self) -> u8 {
        match self {
            Self::P2pkh => 1,
            Self::P2shP2wpkh => 2,
            Self::P2wpkh => 3,
            Self::P2tr => 4,
            Self::Ethereum => 5,
            Self::Solana => 6,
            Self::Cardano => 7,
        }
    }

    /// The network a match in an address database is written on (the database keeps no
    /// network): Bitcoin's mainnet, Cardano's mainnet enterprise form.
    const fn db_network(self) -> Network2 {
        match self {
            Self::P2pkh | Self::P2shP2wpkh | Self::P2wpkh | Self::P2tr => {
                Network2::Bitcoin(Network::Mainnet)
            }
            Self::Ethereum | Self::Solana => Network2::None,
            Self::Cardano => Network2::Cardano {
                network: CardanoNetwork::Mainnet,
                base: false,
            },
        }
    }

    /// The coin whose addresses have this form.
    pub(super) const fn coin(self) -> Coin {
        match self {
            Self::P2pkh | Self::P2shP2wpkh | Self::P2wpkh | Self::P2tr => Coin::Bitcoin,
            Self::Ethereum => Coin::Ethereum,
            Self::Solana => Coin::Solana,
            Self::Cardano => Coin::Cardano,
        }
    }

    /// The BIP-43 purpose of a Bitcoin kind.
    pub(super) const fn purpose(self) -> Option<u32> {
        match self {
            Self::P2pkh => Some(44),
            Self::P2shP2wpkh => Some(49),
            Self::P2wpkh => Some(84),
            Self::P2tr => Some(86),
            Self::Ethereum | Self::Solana | Self::Cardano => None,
        }
    }
}

/// A raw address: its kind and up to 32 bytes (zero-padded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Payload {
    pub(super) kind: Kind,
    pub(super) bytes: [u8; 32],
}

impl Payload {
    pub(super) fn new(kind: Kind, raw: &[u8]) -> Self {
        let mut bytes = [0u8; 32];
        for (dst, src) in bytes.iter_mut().zip(raw) {
            *dst = *src;
        }
        Self { kind, bytes }
    }

    /// The payload's key in an address database: the kind's tag, then the 32 bytes.
    fn db_key(&self) -> [u8; 33] {
        let mut key = [0u8; 33];
        let (tag, bytes) = key.split_at_mut(1);
        tag.copy_from_slice(&[self.kind.tag()]);
        bytes.copy_from_slice(&self.bytes);
        key
    }
}

/// The key of an address in an address database ([`AddressDb`]): its kind and raw form
/// (the network is not part of it), or `None` for an address of a kind a search does not
/// derive (P2WSH and other witness programs, Cardano reward addresses and script
/// credentials), which a database can leave out.
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
pub fn address_db_key(text: &str) -> Result<Option<[u8; 33]>> {
    let text = text.trim();
    if address::decode(text).is_err() {
        return Err(Error::InvalidAddress);
    }
    Ok(decode_address(text).map(|(payload, _)| payload.db_key()))
}

/// What is needed to write a matched address back as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Network2 {
    Bitcoin(Network),
    Cardano { network: CardanoNetwork, base: bool },
    None,
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
/// Addresses are held as a hash map from their raw form (HASH160, witness program, output
/// key, Keccak tail, ed25519 key, payment key hash) to the little a match needs to be
/// written back; never as text.
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
    pub(super) addresses: HashMap<Payload, Network2>,
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

    /// Looks for every address of the coin searched (every kind, Bitcoin's on mainnet paths)
    /// in `db` too, in place of any database set before. A match in the database is
    /// [`Matched::AddressDb`](super::Matched::AddressDb): a database can answer yes for an
    /// address it does not hold (see [`AddressDb`]), so the address is to be confirmed.
    pub fn set_address_db(&mut self, db: Arc<AddressDb>) {
        self.db = Some(db);
    }

    /// The network to write a matched payload on and whether the match is the address
    /// database's (not exact), or `None` if the target holds no such address.
    ///
    /// # Security
    /// Variable-time in the payload: a hash-map and a filter lookup.
    pub(super) fn lookup_vartime(&self, payload: &Payload) -> Option<(Network2, bool)> {
        if let Some(network) = self.addresses.get(payload) {
            return Some((*network, false));
        }
        let db = self.db.as_ref()?;
        db.contains_vartime(&payload.db_key())
            .then(|| (payload.kind.db_network(), true))
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds an address: Bitcoin P2PKH, P2SH (taken as P2SH-P2WPKH), P2WPKH or P2TR on any
    /// network; Ethereum (`0x` and 40 hex digits, all lowercase, all uppercase or EIP-55); Solana (Base58 of 32 bytes);
    /// Cardano base or enterprise (`addr1…`, `addr_test1…`).
    ///
    /// # Errors
    /// [`Error::InvalidAddress`] for text that is none of these.
    pub fn add_address(&mut self, text: &str) -> Result<()> {
        let (payload, network) = decode_address(text.trim()).ok_or(Error::InvalidAddress)?;
        self.addresses.insert(payload, network);
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
        let mut addresses: Vec<[u8; 40]> = self
            .addresses
            .iter()
            .map(|(payload, network)| {
                let mut row = [0u8; 40];
                row[0] = payload.kind as u8;
                let (tag, value) = match *network {
                    Network2::Bitcoin(n) => (1, n as u8),
                    Network2::Cardano { network, base } => {
                        (2, (network as u8) << 1 | u8::from(base))
                    }
                    Network2::None => (3, 0),
                };
                row[1] = tag;
                row[2] = value;
                row[8..].copy_from_slice(&payload.bytes);
                row
            })
            .collect();
        addresses.sort_unstable();
        let count = |h: &mut Sha256, n: usize| h.update((n as u64).to_be_bytes());
        count(h, addresses.len());
        for row in &addresses {
            h.update(row);
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

    /// The coins of the addresses held, each once, in no particular order: what a search
    /// of them derives when no coin is named.
    pub fn address_coins(&self) -> Vec<Coin> {
        let mut out: Vec<Coin> = Vec::new();
        for coin in self.addresses.keys().map(|p| p.kind.coin()) {
            if !out.contains(&coin) {
                out.push(coin);
            }
        }
        out
    }

    /// The address kinds held (all of them with an address database).
    pub(super) fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        let mut seen: Vec<Kind> = Vec::new();
        if self.db.is_some() {
            seen.extend(Kind::ALL);
        }
        for p in self.addresses.keys() {
            if !seen.contains(&p.kind) {
                seen.push(p.kind);
            }
        }
        seen.into_iter()
    }

    /// The Bitcoin networks of the addresses held.
    pub(super) fn bitcoin_test_networks(&self) -> (bool, bool) {
        let (mut main, mut test) = (self.db.is_some(), false);
        for n in self.addresses.values() {
            if let Network2::Bitcoin(net) = n {
                if *net == Network::Mainnet {
                    main = true;
                } else {
                    test = true;
                }
            }
        }
        (main, test)
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

/// The raw form of an address text (through [`address::decode`]), or `None` for a kind a
/// search does not derive: P2WSH and other witness programs, Cardano reward addresses and
/// script credentials.
fn decode_address(text: &str) -> Option<(Payload, Network2)> {
    let decoded = address::decode(text).ok()?;
    let payload = decoded.payload();
    let network = match decoded.network() {
        AddressNetwork::Bitcoin(n) => Network2::Bitcoin(n),
        AddressNetwork::Cardano(network) => Network2::Cardano {
            network,
            base: decoded.address_type() == AddressType::CardanoBase,
        },
        AddressNetwork::None => Network2::None,
    };
    let kind = match decoded.address_type() {
        AddressType::P2pkh => Kind::P2pkh,
        AddressType::P2sh => Kind::P2shP2wpkh,
        AddressType::P2wpkh => Kind::P2wpkh,
        AddressType::P2tr => Kind::P2tr,
        AddressType::Ethereum => Kind::Ethereum,
        AddressType::Solana => Kind::Solana,
        AddressType::CardanoBase | AddressType::CardanoEnterprise
            if decoded.payment_credential() == Some(Credential::KeyHash)
                && decoded.stake_credential() != Some(Credential::ScriptHash) =>
        {
            Kind::Cardano
        }
        AddressType::P2wsh
        | AddressType::Witness { .. }
        | AddressType::CardanoBase
        | AddressType::CardanoEnterprise
        | AddressType::CardanoReward => return None,
    };
    let raw = if kind == Kind::Cardano {
        payload.get(..28)?
    } else {
        payload
    };
    Some((Payload::new(kind, raw), network))
}
