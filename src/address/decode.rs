//! Reading an address back: [`decode`] tells which kind of address a text is and returns the
//! bytes it commits to (hash, witness program, account, key), and for Bitcoin kinds its
//! scriptPubKey.
//!
//! The table of what is read is in [`decode`]'s documentation.
//!
//! # Security
//! Addresses are public: this is variable-time.

use core::fmt;

use bech32::primitives::decode::{
    CheckedHrpstring, SegwitHrpstring, SegwitHrpstringError, UncheckedHrpstring,
};
use bech32::{Bech32, Bech32m};

use super::bitcoin::opcodes::{
    OP_0, OP_1, OP_CHECKSIG, OP_DUP, OP_EQUAL, OP_EQUALVERIFY, OP_HASH160, PUSH_20,
};
use super::cardano::CardanoNetwork;
use super::eip55;
use super::error::{Error, Result};
use crate::network::Network;
use crate::serialize::base58;

/// The kind of a decoded address, named as [`as_str`](Self::as_str) spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressType {
    /// `p2pkh`: pay to public-key hash, `Base58Check`.
    P2pkh,
    /// `p2sh`: pay to script hash, `Base58Check` (P2SH-P2WPKH among others).
    P2sh,
    /// `p2wpkh`: segwit version 0, 20-byte program.
    P2wpkh,
    /// `p2wsh`: segwit version 0, 32-byte program.
    P2wsh,
    /// `p2tr`: segwit version 1, 32-byte program (taproot).
    P2tr,
    /// `witness-v1` to `witness-v16`: any other witness program (version 1 of another
    /// length than 32 bytes, versions 2 to 16).
    Witness {
        /// The witness version, 1 to 16.
        version: u8,
    },
    /// `ethereum`: a 20-byte account.
    Ethereum,
    /// `solana`: a 32-byte ed25519 public key.
    Solana,
    /// `cardano-base`: CIP-19 types 0 to 3, payment and stake credentials.
    CardanoBase,
    /// `cardano-enterprise`: CIP-19 types 6 and 7, payment credential only.
    CardanoEnterprise,
    /// `cardano-reward`: CIP-19 types 14 and 15, stake credential only.
    CardanoReward,
}

impl AddressType {
    /// The name: `p2pkh`, `p2sh`, `p2wpkh`, `p2wsh`, `p2tr`, `witness-v1` … `witness-v16`,
    /// `ethereum`, `solana`, `cardano-base`, `cardano-enterprise` or `cardano-reward`.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::address::AddressType;
    ///
    /// assert_eq!(AddressType::P2wsh.as_str(), "p2wsh");
    /// assert_eq!(AddressType::Witness { version: 16 }.as_str(), "witness-v16");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::P2pkh => "p2pkh",
            Self::P2sh => "p2sh",
            Self::P2wpkh => "p2wpkh",
            Self::P2wsh => "p2wsh",
            Self::P2tr => "p2tr",
            Self::Witness { version } => match version {
                1 => "witness-v1",
                2 => "witness-v2",
                3 => "witness-v3",
                4 => "witness-v4",
                5 => "witness-v5",
                6 => "witness-v6",
                7 => "witness-v7",
                8 => "witness-v8",
                9 => "witness-v9",
                10 => "witness-v10",
                11 => "witness-v11",
                12 => "witness-v12",
                13 => "witness-v13",
                14 => "witness-v14",
                15 => "witness-v15",
                16 => "witness-v16",
                _ => "witness",
            },
            Self::Ethereum => "ethereum",
            Self::Solana => "solana",
            Self::CardanoBase => "cardano-base",
            Self::CardanoEnterprise => "cardano-enterprise",
            Self::CardanoReward => "cardano-reward",
        }
    }

    /// True for the Bitcoin kinds, which have a scriptPubKey.
    pub const fn is_bitcoin(self) -> bool {
        matches!(
            self,
            Self::P2pkh
                | Self::P2sh
                | Self::P2wpkh
                | Self::P2wsh
                | Self::P2tr
                | Self::Witness { .. }
        )
    }
}

impl fmt::Display for AddressType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The network an address names: a Bitcoin network, a Cardano network, or none (Ethereum
/// and Solana addresses do not say).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressNetwork {
    /// A Bitcoin network (testnet stands for signet, and regtest's Base58 addresses, too).
    Bitcoin(Network),
    /// A Cardano network.
    Cardano(CardanoNetwork),
    /// No network in the text.
    None,
}

impl AddressNetwork {
    /// The network's name (`mainnet`, `testnet`, `regtest`), or `None`.
    pub const fn as_str(self) -> Option<&'static str> {
        match self {
            Self::Bitcoin(n) => Some(n.as_str()),
            Self::Cardano(n) => Some(n.as_str()),
            Self::None => None,
        }
    }
}

/// What a CIP-19 credential is the hash of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Credential {
    /// A BLAKE2b-224 hash of a public key.
    KeyHash,
    /// A BLAKE2b-224 hash of a script.
    ScriptHash,
}

impl Credential {
    /// `key-hash` or `script-hash`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::KeyHash => "key-hash",
            Self::ScriptHash => "script-hash",
        }
    }
}

/// The most bytes an address commits to: a Cardano base address's two 28-byte hashes.
const MAX_PAYLOAD: usize = 56;
/// The longest scriptPubKey of an address: `OP_n`, a push and 40 bytes.
const MAX_SCRIPT: usize = 42;

/// A decoded address: what [`decode`] returns. `Copy`, on the stack.
///
/// # Examples
///
/// ```
/// use fastbip32::address::{self, AddressNetwork, AddressType};
/// use fastbip32::Network;
///
/// // BIP-173's P2WPKH example.
/// let d = address::decode("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")?;
/// assert_eq!(d.address_type(), AddressType::P2wpkh);
/// assert_eq!(d.network(), AddressNetwork::Bitcoin(Network::Mainnet));
/// assert_eq!(d.witness_version(), Some(0));
/// assert_eq!(d.payload()[..2], [0x75, 0x1e]);
/// assert_eq!(d.script_pubkey().map(|s| s.len()), Some(22));
/// # Ok::<(), fastbip32::address::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoded {
    address_type: AddressType,
    network: AddressNetwork,
    witness_version: Option<u8>,
    payment: Option<Credential>,
    stake: Option<Credential>,
    payload: [u8; MAX_PAYLOAD],
    payload_len: u8,
    script: [u8; MAX_SCRIPT],
    script_len: u8,
}

impl Decoded {
    /// # Panics
    /// If `payload` is longer than 56 bytes: every caller passes a hash, a witness program
    /// (at most 40 bytes, checked by the bech32 decoder), a key or two 28-byte credentials.
    #[allow(
        clippy::expect_used,
        reason = "payloads are at most 56 bytes, by each caller's length check"
    )]
    fn new(address_type: AddressType, network: AddressNetwork, payload: &[u8]) -> Self {
        let mut d = Self {
            address_type,
            network,
            witness_version: None,
            payment: None,
            stake: None,
            payload: [0; MAX_PAYLOAD],
            payload_len: 0,
            script: [0; MAX_SCRIPT],
            script_len: 0,
        };
        d.payload
            .get_mut(..payload.len())
            .expect("an address commits to at most 56 bytes")
            .copy_from_slice(payload);
        d.payload_len = u8::try_from(payload.len()).expect("at most 56 bytes");
        d
    }

    /// The scriptPubKey of `parts`, one after the other.
    ///
    /// # Panics
    /// If the parts are longer than 42 bytes: a scriptPubKey of an address is an opcode, a
    /// push and at most 40 bytes.
    #[allow(
        clippy::expect_used,
        reason = "an address's scriptPubKey is at most 42 bytes, by its program's length check"
    )]
    fn with_script(mut self, parts: &[&[u8]]) -> Self {
        let mut len = 0;
        for part in parts {
            let end = len + part.len();
            self.script
                .get_mut(len..end)
                .expect("an address's scriptPubKey is at most 42 bytes")
                .copy_from_slice(part);
            len = end;
        }
        self.script_len = u8::try_from(len).expect("at most 42 bytes");
        self
    }

    /// The kind of address.
    pub const fn address_type(&self) -> AddressType {
        self.address_type
    }

    /// The network the text names.
    pub const fn network(&self) -> AddressNetwork {
        self.network
    }

    /// The witness version of a segwit address (0 to 16); `None` for the others.
    pub const fn witness_version(&self) -> Option<u8> {
        self.witness_version
    }

    /// The bytes the address commits to: the 20-byte hash of P2PKH and P2SH, the witness
    /// program of a segwit address, Ethereum's 20-byte account, Solana's 32-byte key, and
    /// Cardano's 28-byte credential hashes (payment then stake for a base address).
    pub fn payload(&self) -> &[u8] {
        self.payload.split_at(usize::from(self.payload_len)).0
    }

    /// The scriptPubKey of a Bitcoin address; `None` for the other kinds.
    pub fn script_pubkey(&self) -> Option<&[u8]> {
        (self.script_len > 0).then(|| self.script.split_at(usize::from(self.script_len)).0)
    }

    /// The payment credential of a Cardano base or enterprise address: whether
    /// [`payload`](Self::payload)'s first 28 bytes hash a key or a script.
    pub const fn payment_credential(&self) -> Option<Credential> {
        self.payment
    }

    /// The stake credential of a Cardano base or reward address: whether its hash (the last
    /// 28 bytes of [`payload`](Self::payload)) is of a key or a script.
    pub const fn stake_credential(&self) -> Option<Credential> {
        self.stake
    }
}

/// Decodes an address of any kind this crate writes, and P2SH, P2WSH and other witness
/// programs.
///
/// | text | kinds | rules |
/// |---|---|---|
/// | `Base58Check`, version `0x00` / `0x6f` | [`AddressType::P2pkh`] | 20-byte hash |
/// | `Base58Check`, version `0x05` / `0xc4` | [`AddressType::P2sh`] | 20-byte script hash |
/// | bech32, `bc` / `tb` / `bcrt`, version 0 | [`AddressType::P2wpkh`], [`AddressType::P2wsh`] | BIP-173, 20 or 32 bytes |
/// | bech32m, `bc` / `tb` / `bcrt`, version 1–16 | [`AddressType::P2tr`], [`AddressType::Witness`] | BIP-350, 2 to 40 bytes |
/// | `0x` and 40 hex digits | [`AddressType::Ethereum`] | one case, or EIP-55's mixed case |
/// | Base58 of 32 bytes | [`AddressType::Solana`] | no checksum |
/// | bech32, `addr` / `addr_test` / `stake` / `stake_test` | `cardano-*` | CIP-19 types 0–3, 6–7, 14–15 |
///
/// A P2SH address is only a script hash: it cannot say which script (a P2SH-P2WPKH wallet's
/// address is one of them). Bitcoin testnet and signet share their prefixes: their addresses
/// decode as [`Network::Testnet`]; regtest's Base58 addresses do too (only `bcrt` tells
/// regtest apart).
///
/// # Errors
/// * [`Error::UnrecognisedAddress`]: the text is no kind of address;
/// * Bitcoin segwit: [`Error::InvalidBech32`], [`Error::Bech32Checksum`] (including bech32
///   where bech32m is due and the reverse), [`Error::InvalidWitnessProgram`];
/// * Base58: [`Error::InvalidBase58`], [`Error::BadChecksum`],
///   [`Error::UnknownAddressVersion`];
/// * Ethereum: [`Error::InvalidEthereumAddress`], [`Error::Eip55Checksum`];
/// * Cardano: [`Error::UnsupportedCardanoAddress`] (pointer, Byron and other types),
///   [`Error::InvalidCardanoAddress`];
/// * bech32 of another prefix: [`Error::UnknownHrp`].
///
/// # Examples
///
/// ```
/// use fastbip32::address::{self, AddressType, Error};
///
/// let d = address::decode("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")?; // EIP-55
/// assert_eq!(d.address_type(), AddressType::Ethereum);
/// assert_eq!(address::decode("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"), Err(Error::Eip55Checksum));
/// assert_eq!(address::decode("hi"), Err(Error::UnrecognisedAddress));
/// # Ok::<(), fastbip32::address::Error>(())
/// ```
pub fn decode(text: &str) -> Result<Decoded> {
    if let Some(hex) = text.strip_prefix("0x") {
        return ethereum(text, hex);
    }
    let hrp = text.rsplit_once('1').map_or("", |(hrp, _)| hrp);
    let is = |names: &[&str]| names.iter().any(|n| n.eq_ignore_ascii_case(hrp));
    let bech32 = if is(&["bc", "tb", "bcrt"]) {
        Some(segwit(text))
    } else if is(&["addr", "addr_test", "stake", "stake_test"]) {
        Some(cardano(text))
    } else {
        None
    };
    match bech32 {
        // A Solana key's text may start as a known prefix does.
        Some(Err(e)) => solana(text).map_err(|_| e),
        Some(ok) => ok,
        None => {
            if let Ok(unchecked) = UncheckedHrpstring::new(text) {
                if unchecked.has_valid_checksum::<Bech32>()
                    || unchecked.has_valid_checksum::<Bech32m>()
                {
                    return Err(Error::UnknownHrp);
                }
            }
            base58_address(text)
        }
    }
}

/// The number of bytes in `chars` bech32 data characters.
const fn bech32_bytes(chars: usize) -> usize {
    chars * 5 / 8
}

/// A segwit address (BIP-173, BIP-350).
fn segwit(text: &str) -> Result<Decoded> {
    let parsed = match SegwitHrpstring::new(text) {
        Ok(parsed) => parsed,
        Err(SegwitHrpstringError::Checksum(_)) => return Err(Error::Bech32Checksum),
        Err(
            SegwitHrpstringError::WitnessLength(_) | SegwitHrpstringError::InvalidWitnessVersion(_),
        ) => {
            // The checksum holds: name the version and the program's length.
            let unchecked = UncheckedHrpstring::new(text).map_err(|_| Error::InvalidBech32)?;
            let data = unchecked.data_part_ascii();
            let version = data
                .first()
                .and_then(|&c| bech32::Fe32::from_char(char::from(c)).ok())
                .map_or(0, bech32::Fe32::to_u8);
            let len = bech32_bytes(data.len().saturating_sub(1 + 6));
            return Err(Error::InvalidWitnessProgram { version, len });
        }
        Err(_) => return Err(Error::InvalidBech32),
    };
    let hrp = parsed.hrp();
    let network = if hrp.as_str().eq_ignore_ascii_case("bc") {
        Network::Mainnet
    } else if hrp.as_str().eq_ignore_ascii_case("tb") {
        Network::Testnet
    } else {
        Network::Regtest
    };
    let mut program = [0u8; 40];
    let mut len = 0;
    for (dst, b) in program.iter_mut().zip(parsed.byte_iter()) {
        *dst = b;
        len += 1;
    }
    let program = program.split_at(len).0;
    let version = parsed.witness_version().to_u8();
    let address_type = match (version, len) {
        (0, 20) => AddressType::P2wpkh,
        (0, _) => AddressType::P2wsh,
        (1, 32) => AddressType::P2tr,
        _ => AddressType::Witness { version },
    };
    let op = if version == 0 {
        OP_0
    } else {
        OP_1 + version - 1
    };
    #[allow(
        clippy::expect_used,
        reason = "SegwitHrpstring checks BIP-173's 2 to 40 bytes"
    )]
    let push = u8::try_from(len).expect("a witness program is at most 40 bytes");
    let mut decoded = Decoded::new(address_type, AddressNetwork::Bitcoin(network), program)
        .with_script(&[&[op, push], program]);
    decoded.witness_version = Some(version);
    Ok(decoded)
}

/// The length of a CIP-19 credential hash (BLAKE2b-224).
const CIP19_KEY_HASH: u8 = 28;

const K: Credential = Credential::KeyHash;
const S: Credential = Credential::ScriptHash;

/// A Cardano Shelley address (CIP-19).
fn cardano(text: &str) -> Result<Decoded> {
    let checked = match CheckedHrpstring::new::<Bech32>(text) {
        Ok(checked) => checked,
        Err(bech32::primitives::decode::CheckedHrpstringError::Checksum(_)) => {
            return Err(Error::Bech32Checksum)
        }
        Err(_) => return Err(Error::InvalidBech32),
    };
    let hrp = checked.hrp();
    let hrp = hrp.as_str();
    let stake_hrp = hrp.len() >= 5
        && hrp
            .get(..5)
            .is_some_and(|h| h.eq_ignore_ascii_case("stake"));
    let network = if hrp.eq_ignore_ascii_case("addr") || hrp.eq_ignore_ascii_case("stake") {
        CardanoNetwork::Mainnet
    } else {
        CardanoNetwork::Testnet
    };
    let mut raw = [0u8; 1 + MAX_PAYLOAD];
    let mut len = 0;
    for b in checked.byte_iter() {
        let Some(dst) = raw.get_mut(len) else {
            return Err(Error::InvalidCardanoAddress);
        };
        *dst = b;
        len += 1;
    }
    let [header, rest @ ..] = raw.split_at(len).0 else {
        return Err(Error::InvalidCardanoAddress);
    };
    let (kind, id) = (header >> 4, header & 0x0f);
    let (address_type, payment, stake) = match kind {
        0 => (AddressType::CardanoBase, Some(K), Some(K)),
        1 => (AddressType::CardanoBase, Some(S), Some(K)),
        2 => (AddressType::CardanoBase, Some(K), Some(S)),
        3 => (AddressType::CardanoBase, Some(S), Some(S)),
        6 => (AddressType::CardanoEnterprise, Some(K), None),
        7 => (AddressType::CardanoEnterprise, Some(S), None),
        14 => (AddressType::CardanoReward, None, Some(K)),
        15 => (AddressType::CardanoReward, None, Some(S)),
        other => return Err(Error::UnsupportedCardanoAddress { header_type: other }),
    };
    let hashes = usize::from(payment.is_some()) + usize::from(stake.is_some());
    let is_reward = address_type == AddressType::CardanoReward;
    if rest.len() != hashes * usize::from(CIP19_KEY_HASH)
        || id != network.id()
        || is_reward != stake_hrp
    {
        return Err(Error::InvalidCardanoAddress);
    }
    let mut decoded = Decoded::new(address_type, AddressNetwork::Cardano(network), rest);
    decoded.payment = payment;
    decoded.stake = stake;
    Ok(decoded)
}

/// An Ethereum address: `0x` and 40 hex digits.
fn ethereum(text: &str, hex: &str) -> Result<Decoded> {
    let mut account = [0u8; 20];
    if hex.len() != 40 || !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
        return Err(Error::InvalidEthereumAddress);
    }
    for (byte, pair) in account.iter_mut().zip(hex.as_bytes().chunks_exact(2)) {
        let digits = core::str::from_utf8(pair).map_err(|_| Error::InvalidEthereumAddress)?;
        *byte = u8::from_str_radix(digits, 16).map_err(|_| Error::InvalidEthereumAddress)?;
    }
    let lower = !hex.bytes().any(|c| c.is_ascii_uppercase());
    let upper = !hex.bytes().any(|c| c.is_ascii_lowercase());
    if !lower && !upper && eip55(&account).as_str() != text {
        return Err(Error::Eip55Checksum);
    }
    Ok(Decoded::new(
        AddressType::Ethereum,
        AddressNetwork::None,
        &account,
    ))
}

/// A Solana address: Base58 of exactly 32 bytes.
fn solana(text: &str) -> Result<Decoded> {
    let decoded = base58::decode_any(text.as_bytes(), 32).map_err(base58_error)?;
    if decoded.payload().len() != 32 {
        return Err(Error::UnrecognisedAddress);
    }
    Ok(Decoded::new(
        AddressType::Solana,
        AddressNetwork::None,
        decoded.payload(),
    ))
}

fn base58_error(e: crate::Error) -> Error {
    match e {
        crate::Error::InvalidBase58 => Error::InvalidBase58,
        crate::Error::BadChecksum => Error::BadChecksum,
        _ => Error::UnrecognisedAddress,
    }
}

/// P2PKH, P2SH (25 bytes: version, hash, checksum) or Solana (32 bytes).
fn base58_address(text: &str) -> Result<Decoded> {
    let raw = base58::decode_any(text.as_bytes(), 25).map_err(base58_error)?;
    match raw.payload().len() {
        32 => solana(text),
        25 => {
            let checked = base58::decode_check_any(text.as_bytes(), 21).map_err(base58_error)?;
            let [version, hash @ ..] = checked.payload() else {
                return Err(Error::UnrecognisedAddress);
            };
            let (address_type, network) = match *version {
                0x00 => (AddressType::P2pkh, Network::Mainnet),
                0x6f => (AddressType::P2pkh, Network::Testnet),
                0x05 => (AddressType::P2sh, Network::Mainnet),
                0xc4 => (AddressType::P2sh, Network::Testnet),
                version => return Err(Error::UnknownAddressVersion { version }),
            };
            let d = Decoded::new(address_type, AddressNetwork::Bitcoin(network), hash);
            Ok(if address_type == AddressType::P2pkh {
                d.with_script(&[
                    &[OP_DUP, OP_HASH160, PUSH_20],
                    hash,
                    &[OP_EQUALVERIFY, OP_CHECKSIG],
                ])
            } else {
                d.with_script(&[&[OP_HASH160, PUSH_20], hash, &[OP_EQUAL]])
            })
        }
        _ => Err(Error::UnrecognisedAddress),
    }
}
