//! The registry's types: [`Coin`], its address formats and their encoders, and [`encode`],
//! the one function from a key to an address.

use core::fmt;

use crate::address::cosmos::{self, Bech32Account};
use crate::address::ergo::{self, ErgoNetwork};
use crate::address::error::{Error, Result};
use crate::address::filecoin::{self, FilecoinNetwork};
use crate::address::neo::{self, NeoParams};
use crate::address::ss58::{self, Ss58Prefix};
use crate::address::{self, bitcoin, cardano, Address, CardanoNetwork, CurveFamily};
use crate::address::{algorand, aptos, cashaddr, eos, icon, multiversx, near, strkey, sui};
use crate::address::{nano, nimiq, tezos, ton};
use crate::curve::Secp256k1Point;
use crate::network::Network;
use crate::serialize::Base58Alphabet;

/// A Bitcoin script whose address follows the [`Context`]'s Bitcoin network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitcoinScript {
    /// P2PKH (BIP-44).
    P2pkh,
    /// P2WPKH nested in P2SH (BIP-49).
    P2shP2wpkh,
    /// Native segwit v0 (BIP-84).
    P2wpkh,
    /// Taproot, key path only (BIP-86).
    P2tr,
}

/// A Cardano (CIP-19) address type, on the [`Context`]'s Cardano network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardanoAddress {
    /// Type 0: payment and stake keys (needs [`Context::stake`]).
    Base,
    /// Type 6: the payment key only.
    Enterprise,
    /// Type 14: the stake key only.
    Reward,
}

/// An encoder family and its parameters: how a coin's address is made from a public key.
///
/// Each variant names one family, written once; a coin's row gives its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoder {
    /// Bitcoin's scripts, on the context's Bitcoin network.
    Bitcoin(BitcoinScript),
    /// `Base58Check(version ‖ HASH160(P))` in `alphabet`: the P2PKH address of the Bitcoin
    /// forks (a one-byte version; Zcash's transparent `t1…` has two) and XRP's classic
    /// address (Ripple's alphabet).
    Base58Hash160 {
        /// The version bytes: one, or two for Zcash.
        version: &'static [u8],
        /// The Base58 alphabet.
        alphabet: Base58Alphabet,
    },
    /// `Base58Check(version ‖ HASH160(0x00 0x14 ‖ HASH160(P)))`: P2SH-P2WPKH.
    Base58P2shP2wpkh {
        /// The P2SH version bytes.
        version: &'static [u8],
    },
    /// Segwit version 0 of `HASH160(P)`, bech32 under `hrp`: P2WPKH.
    SegwitV0 {
        /// The bech32 prefix (`ltc`).
        hrp: &'static str,
    },
    /// EIP-55 text of the Keccak-256 account: Ethereum and the EVM chains.
    Eip55,
    /// `Base58Check(version ‖ account)` of the Keccak-256 account: Tron (`0x41`).
    Base58Keccak {
        /// The version byte.
        version: u8,
    },
    /// CashAddr P2PKH under `prefix` (Bitcoin Cash's `bitcoincash`, eCash's `ecash`).
    CashAddr {
        /// The CashAddr prefix.
        prefix: &'static str,
    },
    /// Bech32 of a 20-byte hash of the key under a chain's HRP: the Cosmos-SDK chains, BNB
    /// Beacon Chain, Injective, OKX Chain, Harmony, Zilliqa, Avalanche P and X.
    Bech32Account(Bech32Account),
    /// EOS's legacy public-key text (`EOS…`).
    Eos,
    /// Ergo's P2PK address.
    Ergo(ErgoNetwork),
    /// ICON's `hx…` account.
    Icon,
    /// Filecoin's secp256k1 (`f1…`) address.
    Filecoin(FilecoinNetwork),
    /// The P-256 verification-script addresses: NEO legacy, NEO N3, Ontology.
    Neo(NeoParams),
    /// Base58 of the 32-byte ed25519 key: Solana.
    Solana,
    /// Algorand's base32 address with its checksum.
    Algorand,
    /// Aptos' account (SHA3-256 of the key and scheme byte), `0x` and 64 hex digits.
    Aptos,
    /// Sui's address (BLAKE2b-256 of the flag and key), `0x` and 64 hex digits.
    Sui,
    /// NEAR's implicit account: the key in hex.
    Near,
    /// MultiversX's `erd1…` bech32 of the key.
    MultiversX,
    /// SS58 of the ed25519 key under a network prefix (Polkadot, Kusama).
    Ss58(Ss58Prefix),
    /// Stellar's `StrKey` account id (`G…`): Stellar, Pi Network.
    StrKey,
    /// CIP-19 Shelley addresses of BIP32-Ed25519 keys, on the context's Cardano network.
    Cardano(CardanoAddress),
    /// Tezos' `tz1…` address (BLAKE2b-160 of the key).
    Tezos,
    /// Nimiq's `NQ…` address, spaced in groups of four as wallets show it.
    Nimiq,
    /// TON's v4r2 wallet address (workchain 0, the default wallet id), user-friendly on the
    /// main network: non-bounceable (`UQ…`) as wallets show it, or bounceable (`EQ…`).
    TonV4r2 {
        /// The bounceable flag.
        bounceable: bool,
    },
    /// Nano's `nano_…` address of an ed25519-blake2b key.
    Nano,
}

impl Encoder {
    /// The curve of the public keys this family encodes.
    pub const fn curve(self) -> CurveFamily {
        match self {
            Self::Bitcoin(_)
            | Self::Base58Hash160 { .. }
            | Self::Base58P2shP2wpkh { .. }
            | Self::SegwitV0 { .. }
            | Self::Eip55
            | Self::Base58Keccak { .. }
            | Self::CashAddr { .. }
            | Self::Bech32Account(_)
            | Self::Eos
            | Self::Ergo(_)
            | Self::Icon
            | Self::Filecoin(_) => CurveFamily::Secp256k1,
            Self::Neo(_) => CurveFamily::Nist256p1,
            Self::Solana
            | Self::Algorand
            | Self::Aptos
            | Self::Sui
            | Self::Near
            | Self::MultiversX
            | Self::Ss58(_)
            | Self::StrKey
            | Self::Tezos
            | Self::Nimiq
            | Self::TonV4r2 { .. } => CurveFamily::Ed25519,
            Self::Cardano(_) => CurveFamily::Ed25519Bip32,
            Self::Nano => CurveFamily::Ed25519Blake2b,
        }
    }

    /// Whether the family's text is case-insensitive (bech32, hex and lowercase base32 texts:
    /// the same address in either case), so that texts are compared in lowercase.
    pub const fn case_insensitive(self) -> bool {
        match self {
            Self::Bitcoin(script) => match script {
                BitcoinScript::P2wpkh | BitcoinScript::P2tr => true,
                BitcoinScript::P2pkh | BitcoinScript::P2shP2wpkh => false,
            },
            Self::SegwitV0 { .. }
            | Self::Eip55
            | Self::CashAddr { .. }
            | Self::Bech32Account(_)
            | Self::Icon
            | Self::Filecoin(_)
            | Self::Aptos
            | Self::Sui
            | Self::Near
            | Self::MultiversX
            | Self::Cardano(_)
            | Self::Nano => true,
            Self::Base58Hash160 { .. }
            | Self::Base58P2shP2wpkh { .. }
            | Self::Base58Keccak { .. }
            | Self::Eos
            | Self::Ergo(_)
            | Self::Neo(_)
            | Self::Solana
            | Self::Algorand
            | Self::Ss58(_)
            | Self::StrKey
            | Self::Tezos
            | Self::Nimiq
            | Self::TonV4r2 { .. } => false,
        }
    }

    /// The family's name, for listings: `bitcoin`, `base58-hash160`, `base58-p2sh-p2wpkh`,
    /// `segwit-v0`, `eip55`, `base58-keccak`, `cashaddr`, `bech32-account`, `eos`, `ergo`,
    /// `icon`, `filecoin`, `neo`, `solana`, `algorand`, `aptos`, `sui`, `near`, `multiversx`,
    /// `ss58`, `strkey`, `cardano`, `tezos`, `nimiq`, `ton-v4r2` or `nano`.
    pub const fn family(self) -> &'static str {
        match self {
            Self::Bitcoin(_) => "bitcoin",
            Self::Base58Hash160 { .. } => "base58-hash160",
            Self::Base58P2shP2wpkh { .. } => "base58-p2sh-p2wpkh",
            Self::SegwitV0 { .. } => "segwit-v0",
            Self::Eip55 => "eip55",
            Self::Base58Keccak { .. } => "base58-keccak",
            Self::CashAddr { .. } => "cashaddr",
            Self::Bech32Account(_) => "bech32-account",
            Self::Eos => "eos",
            Self::Ergo(_) => "ergo",
            Self::Icon => "icon",
            Self::Filecoin(_) => "filecoin",
            Self::Neo(_) => "neo",
            Self::Solana => "solana",
            Self::Algorand => "algorand",
            Self::Aptos => "aptos",
            Self::Sui => "sui",
            Self::Near => "near",
            Self::MultiversX => "multiversx",
            Self::Ss58(_) => "ss58",
            Self::StrKey => "strkey",
            Self::Cardano(_) => "cardano",
            Self::Tezos => "tezos",
            Self::Nimiq => "nimiq",
            Self::TonV4r2 { .. } => "ton-v4r2",
            Self::Nano => "nano",
        }
    }
}

/// What an address needs besides its public key: the networks of the network-dependent
/// families and, for a Cardano base address, the account's stake key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The network of [`Encoder::Bitcoin`] addresses.
    pub bitcoin: Network,
    /// The network of [`Encoder::Cardano`] addresses.
    pub cardano: CardanoNetwork,
    /// For [`CardanoAddress::Base`]: the account's stake public key (`…/2/0`).
    pub stake: Option<[u8; 32]>,
}

/// The key as the secp256k1 and P-256 families take it: 33 bytes, a compressed point's
/// prefix.
fn secp256k1_key(public_key: &[u8]) -> Result<&[u8; 33]> {
    match <&[u8; 33]>::try_from(public_key) {
        Ok(key) if matches!(key[0], 0x02 | 0x03) => Ok(key),
        _ => Err(Error::InvalidPublicKey),
    }
}

/// The key as the ed25519 families (and Nano's ed25519-blake2b) take it: 32 bytes.
fn ed25519_key(public_key: &[u8]) -> Result<&[u8; 32]> {
    <&[u8; 32]>::try_from(public_key).map_err(|_| Error::InvalidPublicKey)
}

/// The address of `public_key` by `encoder`: the one place an address is encoded from a key.
///
/// `public_key` is a 33-byte compressed key for the secp256k1 and P-256 families, 32 bytes
/// for the ed25519 ones (Nano's: an ed25519-blake2b key). The hash families (P2PKH, P2SH-P2WPKH, P2WPKH) hash the key as given after
/// checking its length and prefix; the families that need the point (EIP-55, Tron, P2TR)
/// check it is on the curve.
///
/// # Security
/// Variable-time: the key is public.
///
/// # Errors
/// [`Error::InvalidPublicKey`] for a key of the wrong length or curve, or not on it;
/// [`Error::NeedsStakeKey`] for a Cardano base address without [`Context::stake`].
pub fn encode(encoder: Encoder, public_key: &[u8], ctx: &Context) -> Result<Address> {
    match encoder {
        Encoder::Bitcoin(script) => {
            let key = secp256k1_key(public_key)?;
            match script {
                BitcoinScript::P2pkh => Ok(bitcoin::p2pkh(key, ctx.bitcoin)),
                BitcoinScript::P2shP2wpkh => Ok(bitcoin::p2sh_p2wpkh(key, ctx.bitcoin)),
                BitcoinScript::P2wpkh => Ok(bitcoin::p2wpkh(key, ctx.bitcoin)),
                BitcoinScript::P2tr => bitcoin::p2tr(key, ctx.bitcoin),
            }
        }
        Encoder::Base58Hash160 { version, alphabet } => {
            bitcoin::p2pkh_versioned(secp256k1_key(public_key)?, version, alphabet)
        }
        Encoder::Base58P2shP2wpkh { version } => {
            bitcoin::p2sh_p2wpkh_versioned(secp256k1_key(public_key)?, version)
        }
        Encoder::SegwitV0 { hrp } => bitcoin::p2wpkh_hrp(secp256k1_key(public_key)?, hrp),
        Encoder::Eip55 => address::ethereum(secp256k1_key(public_key)?),
        Encoder::Base58Keccak { version } => address::tron(secp256k1_key(public_key)?, version),
        Encoder::CashAddr { prefix } => {
            cashaddr::cashaddr_p2pkh(secp256k1_key(public_key)?, prefix)
        }
        Encoder::Bech32Account(params) => {
            cosmos::bech32_account(secp256k1_key(public_key)?, params)
        }
        Encoder::Eos => eos::eos(secp256k1_key(public_key)?),
        Encoder::Ergo(network) => ergo::ergo_p2pk(secp256k1_key(public_key)?, network),
        Encoder::Icon => icon::icon(secp256k1_key(public_key)?),
        Encoder::Filecoin(network) => {
            filecoin::filecoin_secp256k1(secp256k1_key(public_key)?, network)
        }
        Encoder::Neo(params) => neo::neo(secp256k1_key(public_key)?, params),
        Encoder::Solana => Ok(address::solana(ed25519_key(public_key)?)),
        Encoder::Algorand => Ok(algorand::algorand(ed25519_key(public_key)?)),
        Encoder::Aptos => Ok(aptos::aptos(ed25519_key(public_key)?)),
        Encoder::Sui => Ok(sui::sui(ed25519_key(public_key)?)),
        Encoder::Near => Ok(near::near(ed25519_key(public_key)?)),
        Encoder::MultiversX => Ok(multiversx::multiversx(ed25519_key(public_key)?)),
        Encoder::Ss58(prefix) => Ok(ss58::ss58(ed25519_key(public_key)?, prefix)),
        Encoder::StrKey => Ok(strkey::stellar(ed25519_key(public_key)?)),
        Encoder::Cardano(kind) => {
            let key = ed25519_key(public_key)?;
            match kind {
                CardanoAddress::Base => {
                    let stake = ctx.stake.as_ref().ok_or(Error::NeedsStakeKey)?;
                    Ok(cardano::base(key, stake, ctx.cardano))
                }
                CardanoAddress::Enterprise => Ok(cardano::enterprise(key, ctx.cardano)),
                CardanoAddress::Reward => Ok(cardano::reward(key, ctx.cardano)),
            }
        }
        Encoder::Tezos => Ok(tezos::tezos_tz1(ed25519_key(public_key)?)),
        Encoder::Nimiq => Ok(nimiq::nimiq(ed25519_key(public_key)?)),
        Encoder::TonV4r2 { bounceable } => {
            let account = ton::ton_v4r2_account(ed25519_key(public_key)?, ton::V4R2_WALLET_ID);
            let flags = ton::TonFlags {
                bounceable,
                testnet: false,
            };
            Ok(ton::ton_user_friendly(0, &account, flags))
        }
        Encoder::Nano => Ok(nano::nano(ed25519_key(public_key)?)),
    }
}

/// The address of `point` by `encoder`: [`encode`] of a secp256k1 key that is known to be on
/// the curve, such as the batched derivation's
/// ([`ExtendedPublicKey::derive_public_points_into_vartime`](crate::ExtendedPublicKey::derive_public_points_into_vartime)).
/// The same address as [`encode`] of [`point.compressed()`](Secp256k1Point::compressed),
/// without its per-key check or square root: the families that hash `x ‖ y` (EIP-55, Tron,
/// the Keccak accounts, ICON, Filecoin) read it from `point`. P2TR still lifts `x` to the
/// point its tweak adds to.
///
/// # Security
/// Variable-time: the key is public.
///
/// # Errors
/// [`Error::InvalidPublicKey`] for an encoder of another curve (P-256 or ed25519); the
/// errors of [`encode`] for a secp256k1 family's parameters.
pub fn encode_point(encoder: Encoder, point: &Secp256k1Point, ctx: &Context) -> Result<Address> {
    let key = point.compressed();
    let xy = point.xy();
    match encoder {
        Encoder::Bitcoin(script) => match script {
            BitcoinScript::P2pkh => Ok(bitcoin::p2pkh(key, ctx.bitcoin)),
            BitcoinScript::P2shP2wpkh => Ok(bitcoin::p2sh_p2wpkh(key, ctx.bitcoin)),
            BitcoinScript::P2wpkh => Ok(bitcoin::p2wpkh(key, ctx.bitcoin)),
            BitcoinScript::P2tr => bitcoin::p2tr(key, ctx.bitcoin),
        },
        Encoder::Base58Hash160 { version, alphabet } => {
            bitcoin::p2pkh_versioned(key, version, alphabet)
        }
        Encoder::Base58P2shP2wpkh { version } => bitcoin::p2sh_p2wpkh_versioned(key, version),
        Encoder::SegwitV0 { hrp } => bitcoin::p2wpkh_hrp(key, hrp),
        Encoder::Eip55 => Ok(address::eip55(&address::keccak_account_of_xy(xy))),
        Encoder::Base58Keccak { version } => {
            address::tron_from_account(&address::keccak_account_of_xy(xy), version)
        }
        Encoder::CashAddr { prefix } => cashaddr::cashaddr_p2pkh_unchecked(key, prefix),
        Encoder::Bech32Account(params) => cosmos::bech32_account_from_hash(
            &cosmos::account_hash_unchecked(key, xy, params.hash()),
            params,
        ),
        Encoder::Eos => eos::eos_unchecked(key),
        Encoder::Ergo(network) => ergo::ergo_p2pk_unchecked(key, network),
        Encoder::Icon => Ok(icon::icon_from_account(&icon::icon_account_of_xy(xy))),
        Encoder::Filecoin(network) => Ok(filecoin::filecoin_of_xy(xy, network)),
        Encoder::Neo(_)
        | Encoder::Solana
        | Encoder::Algorand
        | Encoder::Aptos
        | Encoder::Sui
        | Encoder::Near
        | Encoder::MultiversX
        | Encoder::Ss58(_)
        | Encoder::StrKey
        | Encoder::Cardano(_)
        | Encoder::Tezos
        | Encoder::Nimiq
        | Encoder::TonV4r2 { .. }
        | Encoder::Nano => Err(Error::InvalidPublicKey),
    }
}

/// The text an address of `encoder`'s family is compared as: without spaces (Nimiq's
/// groups of four), and in lowercase for the families whose text is case-insensitive
/// ([`Encoder::case_insensitive`]). Two texts of one family are the same address when
/// their comparable forms are equal. `None` for text too long or not ASCII.
///
/// # Examples
///
/// ```
/// use fastbip32::coin::{comparable, Encoder};
///
/// let a = comparable(Encoder::Eip55, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
/// let b = comparable(Encoder::Eip55, "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
/// assert_eq!(a, b);
/// ```
pub fn comparable(encoder: Encoder, text: &str) -> Option<Address> {
    let mut buf = [0u8; Address::MAX_LEN];
    let mut len = 0;
    for b in text.trim().bytes().filter(|b| *b != b' ') {
        *buf.get_mut(len)? = if encoder.case_insensitive() {
            b.to_ascii_lowercase()
        } else {
            b
        };
        len += 1;
    }
    Address::from_ascii(buf.get(..len)?)
}

/// One address kind of a coin: its name (`p2wpkh`, `eip55`, …) and its encoder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddressFormat {
    pub(super) name: &'static str,
    pub(super) encoder: Encoder,
}

impl AddressFormat {
    /// A kind named `name`, made by `encoder`.
    pub const fn new(name: &'static str, encoder: Encoder) -> Self {
        Self { name, encoder }
    }

    /// The name, as `--address` spells it.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The encoder and its parameters.
    pub const fn encoder(&self) -> Encoder {
        self.encoder
    }

    /// The address of `public_key`: [`encode`] with this kind's encoder.
    ///
    /// # Errors
    /// As [`encode`].
    pub fn encode(&self, public_key: &[u8], ctx: &Context) -> Result<Address> {
        encode(self.encoder, public_key, ctx)
    }

    /// The address of a secp256k1 `point`: [`encode_point`] with this kind's encoder.
    ///
    /// # Errors
    /// As [`encode_point`].
    pub fn encode_point(&self, point: &Secp256k1Point, ctx: &Context) -> Result<Address> {
        encode_point(self.encoder, point, ctx)
    }
}

/// A wallet application whose paths the registry records: what `recover --wallet` selects.
///
/// Each coin's [`WalletPath`]s name the wallets that use them ([`WalletPath::presets`]);
/// the sources are listed in `docs/cli.md` (`recover --wallet`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wallet {
    /// Ledger Live: one account per hardened account index.
    LedgerLive,
    /// `metamask`: Ethereum's `m/44'/60'/0'/0/*`.
    MetaMask,
    /// Phantom: Solana's `m/44'/501'/*'/0'`.
    Phantom,
    /// Trust Wallet (wallet-core's default paths).
    Trust,
    /// Exodus.
    Exodus,
    /// Electrum, with a BIP-39 seed (its script-type choices).
    Electrum,
}

impl Wallet {
    /// Every wallet, in the order `recover --help` lists them.
    pub const ALL: [Self; 6] = [
        Self::LedgerLive,
        Self::MetaMask,
        Self::Phantom,
        Self::Trust,
        Self::Exodus,
        Self::Electrum,
    ];

    /// The name `--wallet` takes: `ledger-live`, `metamask`, `phantom`, `trust`, `exodus`,
    /// `electrum`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::LedgerLive => "ledger-live",
            Self::MetaMask => "metamask",
            Self::Phantom => "phantom",
            Self::Trust => "trust",
            Self::Exodus => "exodus",
            Self::Electrum => "electrum",
        }
    }

    /// The wallet named `name` (as [`name`](Self::name) writes it).
    pub fn find(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|w| w.name() == name)
    }
}

impl fmt::Display for Wallet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A standard path of a coin's wallets: the key of account 0's first receive address, the
/// series of addresses (the same path with `*` at the level wallets count), the address kind
/// it is for and whose convention it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WalletPath {
    pub(super) path: &'static str,
    pub(super) series: &'static str,
    pub(super) kind: &'static str,
    pub(super) wallets: &'static str,
    presets: &'static [Wallet],
}

impl WalletPath {
    /// A path, its series, the kind it is for and the wallets that use it.
    pub const fn new(
        path: &'static str,
        series: &'static str,
        kind: &'static str,
        wallets: &'static str,
    ) -> Self {
        Self {
            path,
            series,
            kind,
            wallets,
            presets: &[],
        }
    }

    /// The same path, used by the wallet applications `presets`.
    #[must_use]
    pub const fn with_presets(self, presets: &'static [Wallet]) -> Self {
        Self { presets, ..self }
    }

    /// The wallet applications ([`Wallet`]) that use this path.
    pub const fn presets(&self) -> &'static [Wallet] {
        self.presets
    }

    /// The path of the first address, such as `m/84'/2'/0'/0/0`.
    pub const fn path(&self) -> &'static str {
        self.path
    }

    /// The series: the path with `*` (or `*'`) at the level the wallets count addresses,
    /// such as `m/84'/2'/0'/0/*` or Phantom's `m/44'/501'/*'/0'`.
    pub const fn series(&self) -> &'static str {
        self.series
    }

    /// The name of the address kind the path is for.
    pub const fn kind(&self) -> &'static str {
        self.kind
    }

    /// Whose convention it is (a standard or wallets), such as `BIP-84` or `Phantom,
    /// Solflare`.
    pub const fn wallets(&self) -> &'static str {
        self.wallets
    }
}

/// A text format of a coin's private keys, besides the raw 32 bytes in hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KeyText {
    /// Compressed WIF under a fixed version byte.
    Wif {
        /// The version byte (`0xb0` for Litecoin).
        version: u8,
    },
    /// Bitcoin's compressed WIF, on the context's network (`0x80` mainnet, `0xef` test).
    BitcoinWif,
    /// A Solana keypair: the 64 bytes (secret, then public key) in Base58.
    SolanaKeypair,
}

/// One coin of the registry. See the [module docs](super).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coin {
    pub(super) slug: &'static str,
    pub(super) symbol: &'static str,
    pub(super) name: &'static str,
    pub(super) slip44: u32,
    pub(super) curve: CurveFamily,
    pub(super) default_kind: AddressFormat,
    pub(super) other_kinds: &'static [AddressFormat],
    pub(super) default_path: WalletPath,
    pub(super) other_paths: &'static [WalletPath],
    pub(super) key_texts: &'static [KeyText],
}

impl Coin {
    /// The slug: lowercase, hyphenated (`bitcoin-sv`).
    pub const fn slug(&self) -> &'static str {
        self.slug
    }

    /// The ticker symbol (`BSV`).
    pub const fn symbol(&self) -> &'static str {
        self.symbol
    }

    /// The name (`Bitcoin SV`).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The SLIP-44 coin type.
    pub const fn slip44(&self) -> u32 {
        self.slip44
    }

    /// The curve its keys are derived on.
    pub const fn curve(&self) -> CurveFamily {
        self.curve
    }

    /// The default address kind.
    pub const fn default_kind(&self) -> &AddressFormat {
        &self.default_kind
    }

    /// Every address kind, the default first.
    pub fn kinds(&self) -> impl Iterator<Item = &AddressFormat> {
        core::iter::once(&self.default_kind).chain(self.other_kinds)
    }

    /// The kind named `name`, if the coin has it.
    pub fn kind(&self, name: &str) -> Option<&AddressFormat> {
        self.kinds().find(|k| k.name == name)
    }

    /// The default path: account 0's first receive address, of the default kind.
    pub const fn default_path(&self) -> &WalletPath {
        &self.default_path
    }

    /// Every standard path, the default first.
    pub fn paths(&self) -> impl Iterator<Item = &WalletPath> {
        core::iter::once(&self.default_path).chain(self.other_paths)
    }

    /// The first standard path for the kind named `kind`, else the default path.
    pub fn path_for(&self, kind: &str) -> &WalletPath {
        self.paths()
            .find(|p| p.kind == kind)
            .unwrap_or(&self.default_path)
    }

    /// The standard paths `wallet` uses, the default first.
    pub fn wallet_paths(&self, wallet: Wallet) -> impl Iterator<Item = &WalletPath> {
        self.paths().filter(move |p| p.presets.contains(&wallet))
    }

    /// The private-key text formats besides hex.
    pub const fn key_texts(&self) -> &'static [KeyText] {
        self.key_texts
    }

    /// The WIF version byte of private keys on `network` (which only Bitcoin's follows), if
    /// the coin has WIF.
    pub fn wif_version(&self, network: Network) -> Option<u8> {
        self.key_texts.iter().find_map(|t| match *t {
            KeyText::Wif { version } => Some(version),
            KeyText::BitcoinWif => Some(network.wif_prefix()),
            KeyText::SolanaKeypair => None,
        })
    }

    /// The address of `public_key` of the kind named `kind`.
    ///
    /// # Errors
    /// [`Error::UnknownAddressKind`] if the coin has no such kind; as [`encode`].
    pub fn address(&self, kind: &str, public_key: &[u8], ctx: &Context) -> Result<Address> {
        self.kind(kind)
            .ok_or(Error::UnknownAddressKind)?
            .encode(public_key, ctx)
    }
}

impl fmt::Display for Coin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coin::COINS;

    /// The position of each family: an exhaustive `match`, so a new family fails to compile
    /// here until it is counted.
    const fn family_index(encoder: Encoder) -> usize {
        match encoder {
            Encoder::Bitcoin(_) => 0,
            Encoder::Base58Hash160 { .. } => 1,
            Encoder::Base58P2shP2wpkh { .. } => 2,
            Encoder::SegwitV0 { .. } => 3,
            Encoder::Eip55 => 4,
            Encoder::Base58Keccak { .. } => 5,
            Encoder::Solana => 6,
            Encoder::Cardano(_) => 7,
            Encoder::CashAddr { .. } => 8,
            Encoder::Bech32Account(_) => 9,
            Encoder::Eos => 10,
            Encoder::Ergo(_) => 11,
            Encoder::Icon => 12,
            Encoder::Filecoin(_) => 13,
            Encoder::Neo(_) => 14,
            Encoder::Algorand => 15,
            Encoder::Aptos => 16,
            Encoder::Sui => 17,
            Encoder::Near => 18,
            Encoder::MultiversX => 19,
            Encoder::Ss58(_) => 20,
            Encoder::StrKey => 21,
            Encoder::Tezos => 22,
            Encoder::Nimiq => 23,
            Encoder::TonV4r2 { .. } => 24,
            Encoder::Nano => 25,
        }
    }
    const FAMILIES: usize = 26;

    #[test]
    fn every_family_is_reachable_from_a_row() {
        let mut seen = [false; FAMILIES];
        for coin in COINS {
            for kind in coin.kinds() {
                seen[family_index(kind.encoder())] = true;
            }
        }
        assert_eq!(seen, [true; FAMILIES]);
        // And every Bitcoin script and Cardano type.
        let bitcoin = Coin::find("bitcoin").unwrap();
        let scripts: [BitcoinScript; 4] = [
            BitcoinScript::P2pkh,
            BitcoinScript::P2shP2wpkh,
            BitcoinScript::P2wpkh,
            BitcoinScript::P2tr,
        ];
        for script in scripts {
            assert!(bitcoin
                .kinds()
                .any(|k| k.encoder() == Encoder::Bitcoin(script)));
        }
        let cardano = Coin::find("cardano").unwrap();
        for role in [
            CardanoAddress::Base,
            CardanoAddress::Enterprise,
            CardanoAddress::Reward,
        ] {
            assert!(cardano
                .kinds()
                .any(|k| k.encoder() == Encoder::Cardano(role)));
        }
    }
}
