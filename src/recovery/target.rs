//! What a search looks for: addresses (as raw hashes, witness programs, Keccak tails and
//! ed25519 keys), extended public keys, master fingerprints and descriptor keys.

use alloc::vec::Vec;
use core::fmt;
use std::collections::HashMap;

use bech32::primitives::decode::{CheckedHrpstring, SegwitHrpstring};
use bech32::Bech32;

use super::error::{Error, Result};
use crate::address::CardanoNetwork;
use crate::curve::Secp256k1;
use crate::descriptor::Descriptor;
use crate::key::ExtendedPublicKey;
use crate::serialize::base58;
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
            _ => None,
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
}

impl Target {
    /// An empty target.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of addresses, keys and fingerprints held.
    pub fn len(&self) -> usize {
        self.addresses.len() + self.xpubs.len() + self.fingerprints.len() + self.keys.len()
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds an address: Bitcoin P2PKH, P2SH (taken as P2SH-P2WPKH), P2WPKH or P2TR on any
    /// network; Ethereum (`0x` and 40 hex digits, any case); Solana (Base58 of 32 bytes);
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

    /// The address kinds held.
    pub(super) fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        let mut seen: Vec<Kind> = Vec::new();
        for p in self.addresses.keys() {
            if !seen.contains(&p.kind) {
                seen.push(p.kind);
            }
        }
        seen.into_iter()
    }

    /// The Bitcoin networks of the addresses held.
    pub(super) fn bitcoin_test_networks(&self) -> (bool, bool) {
        let (mut main, mut test) = (false, false);
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
            .finish_non_exhaustive()
    }
}

/// The raw form of an address text, or `None`.
fn decode_address(text: &str) -> Option<(Payload, Network2)> {
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        let mut raw = [0u8; 20];
        if hex.len() != 40 {
            return None;
        }
        for (byte, pair) in raw.iter_mut().zip(hex.as_bytes().chunks(2)) {
            let s = core::str::from_utf8(pair).ok()?;
            *byte = u8::from_str_radix(s, 16).ok()?;
        }
        return Some((Payload::new(Kind::Ethereum, &raw), Network2::None));
    }
    if let Ok(segwit) = SegwitHrpstring::new(text) {
        let network = match segwit.hrp().as_str() {
            "bc" => Network::Mainnet,
            "tb" => Network::Testnet,
            "bcrt" => Network::Regtest,
            _ => return None,
        };
        let program: Vec<u8> = segwit.byte_iter().collect();
        let kind = match (segwit.witness_version().to_u8(), program.len()) {
            (0, 20) => Kind::P2wpkh,
            (1, 32) => Kind::P2tr,
            _ => return None,
        };
        return Some((Payload::new(kind, &program), Network2::Bitcoin(network)));
    }
    if text.starts_with("addr") {
        let checked = CheckedHrpstring::new::<Bech32>(text).ok()?;
        let network = match checked.hrp().as_str() {
            "addr" => CardanoNetwork::Mainnet,
            "addr_test" => CardanoNetwork::Testnet,
            _ => return None,
        };
        let raw: Vec<u8> = checked.byte_iter().collect();
        let (&header, rest) = raw.split_first()?;
        let base = match (header >> 4, rest.len()) {
            (0, 56) => true,
            (6, 28) => false,
            _ => return None,
        };
        let payment = rest.get(..28)?;
        return Some((
            Payload::new(Kind::Cardano, payment),
            Network2::Cardano { network, base },
        ));
    }
    if let Ok(decoded) = base58::decode_check_any(text.as_bytes(), 21) {
        let (&version, hash) = decoded.payload().split_first()?;
        if hash.len() != 20 {
            return None;
        }
        let (kind, network) = match version {
            0x00 => (Kind::P2pkh, Network::Mainnet),
            0x6f => (Kind::P2pkh, Network::Testnet),
            0x05 => (Kind::P2shP2wpkh, Network::Mainnet),
            0xc4 => (Kind::P2shP2wpkh, Network::Testnet),
            _ => return None,
        };
        return Some((Payload::new(kind, hash), Network2::Bitcoin(network)));
    }
    let key = base58_decode_vartime::<32>(text)?;
    Some((Payload::new(Kind::Solana, &key), Network2::None))
}

/// Plain Base58 (no checksum) of exactly `N` bytes, in variable time (addresses are public).
fn base58_decode_vartime<const N: usize>(text: &str) -> Option<[u8; N]> {
    const ALPHABET: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    let mut out = [0u8; N];
    let mut leading = 0;
    let mut seen_digit = false;
    for c in text.bytes() {
        let digit = ALPHABET.iter().position(|&a| a == c)?;
        if digit == 0 && !seen_digit {
            leading += 1;
            continue;
        }
        seen_digit = true;
        let mut carry = u32::try_from(digit).ok()?;
        for byte in out.iter_mut().rev() {
            carry += u32::from(*byte) * 58;
            *byte = carry.to_le_bytes()[0];
            carry >>= 8;
        }
        if carry != 0 {
            return None;
        }
    }
    let significant = N - out.iter().take_while(|&&b| b == 0).count();
    (leading + significant == N || (significant == 0 && leading == N)).then_some(out)
}
