//! The registry's rows: [`COINS`], and the named rows and kinds [`of_kind`](super::of_kind)
//! maps the [`AddressKind`](crate::address::AddressKind)s to.
//!
//! Version bytes, prefixes and coin types are the coins' published chain parameters (and
//! SLIP-44's registry); each coin is checked against published vectors in the tests.

use super::types::{
    AddressFormat, BitcoinScript, CardanoAddress, Coin, Encoder, KeyText, Wallet, WalletPath,
};
use crate::address::cosmos::{AccountHash, Bech32Account};
use crate::address::ergo::ErgoNetwork;
use crate::address::filecoin::FilecoinNetwork;
use crate::address::neo::{NEO_LEGACY, NEO_N3, ONTOLOGY};
use crate::address::ss58::Ss58Prefix;
use crate::address::CurveFamily;
use crate::serialize::Base58Alphabet;

/// P2PKH `Base58Check` under `version`, Bitcoin's alphabet.
const fn p2pkh(version: &'static [u8]) -> AddressFormat {
    AddressFormat::new(
        "p2pkh",
        Encoder::Base58Hash160 {
            version,
            alphabet: Base58Alphabet::Bitcoin,
        },
    )
}

/// P2SH-P2WPKH under the P2SH `version`.
const fn p2sh_p2wpkh(version: &'static [u8]) -> AddressFormat {
    AddressFormat::new("p2sh-p2wpkh", Encoder::Base58P2shP2wpkh { version })
}

/// P2WPKH under the bech32 prefix `hrp`.
const fn p2wpkh(hrp: &'static str) -> AddressFormat {
    AddressFormat::new("p2wpkh", Encoder::SegwitV0 { hrp })
}

/// A standard path: the first address, its series, its kind and its standard or wallets.
const fn bip(
    path: &'static str,
    series: &'static str,
    kind: &'static str,
    standard: &'static str,
) -> WalletPath {
    WalletPath::new(path, series, kind, standard)
}

/// A Bitcoin-like coin with P2PKH only.
const fn p2pkh_coin(
    slug: &'static str,
    symbol: &'static str,
    name: &'static str,
    slip44: u32,
    version: &'static [u8],
    wif: &'static [KeyText],
    path: WalletPath,
) -> Coin {
    Coin {
        slug,
        symbol,
        name,
        slip44,
        curve: CurveFamily::Secp256k1,
        default_kind: p2pkh(version),
        other_kinds: &[],
        default_path: path,
        other_paths: &[],
        key_texts: wif,
    }
}

/// An EVM chain: EIP-55 addresses at `path` (account 0's first address), no WIF.
const fn evm(
    slug: &'static str,
    symbol: &'static str,
    name: &'static str,
    slip44: u32,
    path: WalletPath,
) -> Coin {
    Coin {
        slug,
        symbol,
        name,
        slip44,
        curve: CurveFamily::Secp256k1,
        default_kind: EIP55,
        other_kinds: &[],
        default_path: path,
        other_paths: &[],
        key_texts: &[],
    }
}

/// A coin with one address kind and no private-key text but hex.
#[allow(
    clippy::too_many_arguments,
    reason = "a registry row's fields, in the table's order"
)]
const fn single(
    slug: &'static str,
    symbol: &'static str,
    name: &'static str,
    slip44: u32,
    curve: CurveFamily,
    kind: AddressFormat,
    path: WalletPath,
) -> Coin {
    Coin {
        slug,
        symbol,
        name,
        slip44,
        curve,
        default_kind: kind,
        other_kinds: &[],
        default_path: path,
        other_paths: &[],
        key_texts: &[],
    }
}

/// A bech32 account chain: `hrp` of HASH160 of the key, at BIP-44's path of `slip44`.
const fn bech32_coin(
    slug: &'static str,
    symbol: &'static str,
    name: &'static str,
    slip44: u32,
    params: Bech32Account,
    path: WalletPath,
) -> Coin {
    single(
        slug,
        symbol,
        name,
        slip44,
        CurveFamily::Secp256k1,
        AddressFormat::new("bech32", Encoder::Bech32Account(params)),
        path,
    )
}

/// An ed25519 coin of one kind.
const fn ed25519_coin(
    slug: &'static str,
    symbol: &'static str,
    name: &'static str,
    slip44: u32,
    kind: AddressFormat,
    path: WalletPath,
) -> Coin {
    single(slug, symbol, name, slip44, CurveFamily::Ed25519, kind, path)
}

/// HASH160 bech32 accounts under `hrp`.
const fn hash160(hrp: &'static str) -> Bech32Account {
    Bech32Account::new(hrp, AccountHash::Hash160)
}

/// A Cosmos-SDK chain at `m/44'/118'/0'/0/0` (Keplr, Leap, Cosmostation).
const fn cosmos_118(
    slug: &'static str,
    symbol: &'static str,
    name: &'static str,
    hrp: &'static str,
) -> Coin {
    bech32_coin(
        slug,
        symbol,
        name,
        118,
        hash160(hrp),
        bip(
            "m/44'/118'/0'/0/0",
            "m/44'/118'/0'/0/*",
            "bech32",
            "BIP-44 (Keplr, Leap, Cosmostation)",
        ),
    )
}

/// Bitcoin's kinds, on the context's network.
pub(super) const BTC_P2PKH: AddressFormat =
    AddressFormat::new("p2pkh", Encoder::Bitcoin(BitcoinScript::P2pkh));
/// Bitcoin's P2SH-P2WPKH.
pub(super) const BTC_P2SH_P2WPKH: AddressFormat =
    AddressFormat::new("p2sh-p2wpkh", Encoder::Bitcoin(BitcoinScript::P2shP2wpkh));
/// Bitcoin's P2WPKH.
pub(super) const BTC_P2WPKH: AddressFormat =
    AddressFormat::new("p2wpkh", Encoder::Bitcoin(BitcoinScript::P2wpkh));
/// Bitcoin's P2TR.
pub(super) const BTC_P2TR: AddressFormat =
    AddressFormat::new("p2tr", Encoder::Bitcoin(BitcoinScript::P2tr));
/// The EVM chains' one kind.
pub(super) const EIP55: AddressFormat = AddressFormat::new("eip55", Encoder::Eip55);
/// Solana's one kind.
pub(super) const SOLANA_KIND: AddressFormat = AddressFormat::new("solana", Encoder::Solana);
/// Cardano's base address.
pub(super) const ADA_BASE: AddressFormat =
    AddressFormat::new("cardano-base", Encoder::Cardano(CardanoAddress::Base));
/// Cardano's enterprise address.
pub(super) const ADA_ENTERPRISE: AddressFormat = AddressFormat::new(
    "cardano-enterprise",
    Encoder::Cardano(CardanoAddress::Enterprise),
);
/// Cardano's reward address.
pub(super) const ADA_REWARD: AddressFormat =
    AddressFormat::new("cardano-reward", Encoder::Cardano(CardanoAddress::Reward));

/// Bitcoin.
pub(crate) const BITCOIN: Coin = Coin {
    slug: "bitcoin",
    symbol: "BTC",
    name: "Bitcoin",
    slip44: 0,
    curve: CurveFamily::Secp256k1,
    default_kind: BTC_P2WPKH,
    other_kinds: &[BTC_P2TR, BTC_P2SH_P2WPKH, BTC_P2PKH],
    default_path: bip("m/84'/0'/0'/0/0", "m/84'/0'/0'/0/*", "p2wpkh", "BIP-84").with_presets(&[
        Wallet::LedgerLive,
        Wallet::Trust,
        Wallet::Exodus,
        Wallet::Electrum,
    ]),
    other_paths: &[
        bip("m/86'/0'/0'/0/0", "m/86'/0'/0'/0/*", "p2tr", "BIP-86")
            .with_presets(&[Wallet::LedgerLive]),
        bip(
            "m/49'/0'/0'/0/0",
            "m/49'/0'/0'/0/*",
            "p2sh-p2wpkh",
            "BIP-49",
        )
        .with_presets(&[Wallet::LedgerLive, Wallet::Electrum]),
        bip("m/44'/0'/0'/0/0", "m/44'/0'/0'/0/*", "p2pkh", "BIP-44").with_presets(&[
            Wallet::LedgerLive,
            Wallet::Exodus,
            Wallet::Electrum,
        ]),
    ],
    key_texts: &[KeyText::BitcoinWif],
};

/// Litecoin.
const LITECOIN: Coin = Coin {
    slug: "litecoin",
    symbol: "LTC",
    name: "Litecoin",
    slip44: 2,
    curve: CurveFamily::Secp256k1,
    default_kind: p2wpkh("ltc"),
    other_kinds: &[p2sh_p2wpkh(&[0x32]), p2pkh(&[0x30])],
    default_path: bip("m/84'/2'/0'/0/0", "m/84'/2'/0'/0/*", "p2wpkh", "BIP-84"),
    other_paths: &[
        bip(
            "m/49'/2'/0'/0/0",
            "m/49'/2'/0'/0/*",
            "p2sh-p2wpkh",
            "BIP-49",
        ),
        bip("m/44'/2'/0'/0/0", "m/44'/2'/0'/0/*", "p2pkh", "BIP-44"),
    ],
    key_texts: &[KeyText::Wif { version: 0xb0 }],
};

/// Dogecoin.
const DOGECOIN: Coin = Coin {
    slug: "dogecoin",
    symbol: "DOGE",
    name: "Dogecoin",
    slip44: 3,
    curve: CurveFamily::Secp256k1,
    default_kind: p2pkh(&[0x1e]),
    other_kinds: &[p2sh_p2wpkh(&[0x16])],
    default_path: bip("m/44'/3'/0'/0/0", "m/44'/3'/0'/0/*", "p2pkh", "BIP-44"),
    other_paths: &[bip(
        "m/49'/3'/0'/0/0",
        "m/49'/3'/0'/0/*",
        "p2sh-p2wpkh",
        "BIP-49",
    )],
    key_texts: &[KeyText::Wif { version: 0x9e }],
};

/// Dash.
const DASH: Coin = Coin {
    slug: "dash",
    symbol: "DASH",
    name: "Dash",
    slip44: 5,
    curve: CurveFamily::Secp256k1,
    default_kind: p2pkh(&[0x4c]),
    other_kinds: &[p2sh_p2wpkh(&[0x10])],
    default_path: bip("m/44'/5'/0'/0/0", "m/44'/5'/0'/0/*", "p2pkh", "BIP-44"),
    other_paths: &[bip(
        "m/49'/5'/0'/0/0",
        "m/49'/5'/0'/0/*",
        "p2sh-p2wpkh",
        "BIP-49",
    )],
    key_texts: &[KeyText::Wif { version: 0xcc }],
};

/// Ethereum.
pub(crate) const ETHEREUM: Coin = Coin {
    default_path: bip(
        "m/44'/60'/0'/0/0",
        "m/44'/60'/0'/0/*",
        "eip55",
        "BIP-44 (MetaMask, Trust, Exodus)",
    )
    .with_presets(&[Wallet::MetaMask, Wallet::Trust, Wallet::Exodus]),
    other_paths: &[bip(
        "m/44'/60'/0'/0/0",
        "m/44'/60'/*'/0/0",
        "eip55",
        "Ledger Live (an account per hardened index)",
    )
    .with_presets(&[Wallet::LedgerLive])],
    ..evm(
        "ethereum",
        "ETH",
        "Ethereum",
        60,
        bip("m/44'/60'/0'/0/0", "m/44'/60'/0'/0/*", "eip55", "BIP-44"),
    )
};

/// Solana.
pub(crate) const SOLANA: Coin = Coin {
    slug: "solana",
    symbol: "SOL",
    name: "Solana",
    slip44: 501,
    curve: CurveFamily::Ed25519,
    default_kind: SOLANA_KIND,
    other_kinds: &[],
    default_path: WalletPath::new(
        "m/44'/501'/0'/0'",
        "m/44'/501'/*'/0'",
        "solana",
        "Phantom, Solflare, solana-keygen",
    )
    .with_presets(&[Wallet::Phantom]),
    other_paths: &[WalletPath::new(
        "m/44'/501'/0'",
        "m/44'/501'/*'",
        "solana",
        "Ledger Live, Trust Wallet (wallet-core's default)",
    )
    .with_presets(&[Wallet::LedgerLive, Wallet::Trust])],
    key_texts: &[KeyText::SolanaKeypair],
};

/// Cardano.
pub(crate) const CARDANO: Coin = Coin {
    slug: "cardano",
    symbol: "ADA",
    name: "Cardano",
    slip44: 1815,
    curve: CurveFamily::Ed25519Bip32,
    default_kind: ADA_BASE,
    other_kinds: &[ADA_ENTERPRISE, ADA_REWARD],
    default_path: WalletPath::new(
        "m/1852'/1815'/0'/0/0",
        "m/1852'/1815'/0'/0/*",
        "cardano-base",
        "CIP-1852, Icarus master key (Yoroi, Daedalus, Eternl)",
    ),
    other_paths: &[WalletPath::new(
        "m/1852'/1815'/0'/2/0",
        "m/1852'/1815'/*'/2/0",
        "cardano-reward",
        "CIP-1852 stake key",
    )],
    key_texts: &[],
};

/// Every coin of the registry: Bitcoin first, Cardano last.
pub const COINS: &[Coin] = &[
    BITCOIN,
    LITECOIN,
    DOGECOIN,
    DASH,
    p2pkh_coin(
        "digibyte",
        "DGB",
        "DigiByte",
        20,
        &[0x1e],
        &[KeyText::Wif { version: 0x80 }],
        bip("m/44'/20'/0'/0/0", "m/44'/20'/0'/0/*", "p2pkh", "BIP-44"),
    ),
    p2pkh_coin(
        "verge",
        "XVG",
        "Verge",
        77,
        &[0x1e],
        &[KeyText::Wif { version: 0x9e }],
        bip("m/44'/77'/0'/0/0", "m/44'/77'/0'/0/*", "p2pkh", "BIP-44"),
    ),
    p2pkh_coin(
        "zcash",
        "ZEC",
        "Zcash",
        133,
        &[0x1c, 0xb8],
        &[KeyText::Wif { version: 0x80 }],
        bip(
            "m/44'/133'/0'/0/0",
            "m/44'/133'/0'/0/*",
            "p2pkh",
            "BIP-44 (transparent)",
        ),
    ),
    p2pkh_coin(
        "bitcoin-sv",
        "BSV",
        "Bitcoin SV",
        236,
        &[0x00],
        &[KeyText::Wif { version: 0x80 }],
        bip("m/44'/236'/0'/0/0", "m/44'/236'/0'/0/*", "p2pkh", "BIP-44"),
    ),
    Coin {
        slug: "bitcoin-cash",
        symbol: "BCH",
        name: "Bitcoin Cash",
        slip44: 145,
        curve: CurveFamily::Secp256k1,
        default_kind: AddressFormat::new(
            "cashaddr",
            Encoder::CashAddr {
                prefix: "bitcoincash",
            },
        ),
        other_kinds: &[p2pkh(&[0x00])],
        default_path: bip(
            "m/44'/145'/0'/0/0",
            "m/44'/145'/0'/0/*",
            "cashaddr",
            "BIP-44 (Electron Cash, Bitcoin.com)",
        ),
        other_paths: &[],
        key_texts: &[KeyText::Wif { version: 0x80 }],
    },
    Coin {
        slug: "ecash",
        symbol: "XEC",
        name: "eCash",
        slip44: 899,
        curve: CurveFamily::Secp256k1,
        default_kind: AddressFormat::new("cashaddr", Encoder::CashAddr { prefix: "ecash" }),
        other_kinds: &[p2pkh(&[0x00])],
        default_path: bip(
            "m/44'/899'/0'/0/0",
            "m/44'/899'/0'/0/*",
            "cashaddr",
            "BIP-44 (Electrum ABC)",
        ),
        other_paths: &[],
        key_texts: &[KeyText::Wif { version: 0x80 }],
    },
    ETHEREUM,
    evm(
        "ethereum-classic",
        "ETC",
        "Ethereum Classic",
        61,
        bip("m/44'/61'/0'/0/0", "m/44'/61'/0'/0/*", "eip55", "BIP-44"),
    ),
    evm(
        "bnb-smart-chain",
        "BNB",
        "BNB Smart Chain",
        60,
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "eip55",
            "BIP-44 (MetaMask, Trust)",
        ),
    ),
    evm(
        "avalanche-c",
        "AVAX",
        "Avalanche C-Chain",
        60,
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "eip55",
            "BIP-44 (MetaMask, Core)",
        ),
    ),
    evm(
        "polygon",
        "POL",
        "Polygon",
        60,
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "eip55",
            "BIP-44 (MetaMask)",
        ),
    ),
    evm(
        "arbitrum",
        "ARB",
        "Arbitrum One",
        60,
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "eip55",
            "BIP-44 (MetaMask)",
        ),
    ),
    evm(
        "optimism",
        "OP",
        "OP Mainnet",
        60,
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "eip55",
            "BIP-44 (MetaMask)",
        ),
    ),
    evm(
        "fantom",
        "FTM",
        "Fantom Opera",
        60,
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "eip55",
            "BIP-44 (MetaMask)",
        ),
    ),
    evm(
        "celo",
        "CELO",
        "Celo",
        52752,
        bip(
            "m/44'/52752'/0'/0/0",
            "m/44'/52752'/0'/0/*",
            "eip55",
            "BIP-44 (Valora)",
        ),
    ),
    evm(
        "theta",
        "THETA",
        "Theta",
        500,
        bip("m/44'/500'/0'/0/0", "m/44'/500'/0'/0/*", "eip55", "BIP-44"),
    ),
    evm(
        "vechain",
        "VET",
        "VeChain",
        818,
        bip(
            "m/44'/818'/0'/0/0",
            "m/44'/818'/0'/0/*",
            "eip55",
            "BIP-44 (VeWorld, Sync2)",
        ),
    ),
    Coin {
        slug: "tron",
        symbol: "TRX",
        name: "Tron",
        slip44: 195,
        curve: CurveFamily::Secp256k1,
        default_kind: AddressFormat::new("tron", Encoder::Base58Keccak { version: 0x41 }),
        other_kinds: &[],
        default_path: bip(
            "m/44'/195'/0'/0/0",
            "m/44'/195'/0'/0/*",
            "tron",
            "BIP-44 (TronLink, Trust)",
        ),
        other_paths: &[],
        key_texts: &[],
    },
    Coin {
        slug: "ripple",
        symbol: "XRP",
        name: "XRP Ledger",
        slip44: 144,
        curve: CurveFamily::Secp256k1,
        default_kind: AddressFormat::new(
            "classic",
            Encoder::Base58Hash160 {
                version: &[0x00],
                alphabet: Base58Alphabet::Ripple,
            },
        ),
        other_kinds: &[],
        default_path: bip(
            "m/44'/144'/0'/0/0",
            "m/44'/144'/0'/0/*",
            "classic",
            "BIP-44 (Xaman, Ledger Live)",
        ),
        other_paths: &[],
        key_texts: &[],
    },
    cosmos_118("cosmos", "ATOM", "Cosmos Hub", "cosmos"),
    cosmos_118("osmosis", "OSMO", "Osmosis", "osmo"),
    cosmos_118("akash", "AKT", "Akash", "akash"),
    cosmos_118("axelar", "AXL", "Axelar", "axelar"),
    bech32_coin(
        "band",
        "BAND",
        "Band Protocol",
        494,
        hash160("band"),
        bip("m/44'/494'/0'/0/0", "m/44'/494'/0'/0/*", "bech32", "BIP-44"),
    ),
    cosmos_118("celestia", "TIA", "Celestia", "celestia"),
    cosmos_118("certik", "CTK", "Shentu (CertiK)", "certik"),
    cosmos_118("chihuahua", "HUAHUA", "Chihuahua", "chihuahua"),
    cosmos_118("dydx", "DYDX", "dYdX Chain", "dydx"),
    cosmos_118("fetch-ai", "FET", "Fetch.ai", "fetch"),
    cosmos_118("iris", "IRIS", "IRISnet", "iaa"),
    bech32_coin(
        "kava",
        "KAVA",
        "Kava",
        459,
        hash160("kava"),
        bip(
            "m/44'/459'/0'/0/0",
            "m/44'/459'/0'/0/*",
            "bech32",
            "BIP-44 (Keplr)",
        ),
    ),
    cosmos_118("neutron", "NTRN", "Neutron", "neutron"),
    bech32_coin(
        "secret",
        "SCRT",
        "Secret Network",
        529,
        hash160("secret"),
        bip(
            "m/44'/529'/0'/0/0",
            "m/44'/529'/0'/0/*",
            "bech32",
            "BIP-44 (Keplr)",
        ),
    ),
    cosmos_118("stafi", "FIS", "StaFi", "stafi"),
    bech32_coin(
        "terra",
        "LUNA",
        "Terra",
        330,
        hash160("terra"),
        bip(
            "m/44'/330'/0'/0/0",
            "m/44'/330'/0'/0/*",
            "bech32",
            "BIP-44 (Terra Station)",
        ),
    ),
    bech32_coin(
        "binance-chain",
        "BNB",
        "BNB Beacon Chain",
        714,
        hash160("bnb"),
        bip(
            "m/44'/714'/0'/0/0",
            "m/44'/714'/0'/0/*",
            "bech32",
            "BIP-44 (Trust Wallet)",
        ),
    ),
    bech32_coin(
        "injective",
        "INJ",
        "Injective",
        60,
        Bech32Account::new("inj", AccountHash::Keccak),
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "bech32",
            "BIP-44 (Keplr)",
        ),
    ),
    bech32_coin(
        "okex-chain",
        "OKT",
        "OKX Chain",
        60,
        Bech32Account::new("ex", AccountHash::Keccak),
        bip(
            "m/44'/60'/0'/0/0",
            "m/44'/60'/0'/0/*",
            "bech32",
            "BIP-44 (OKX Wallet)",
        ),
    ),
    bech32_coin(
        "harmony",
        "ONE",
        "Harmony",
        1023,
        Bech32Account::new("one", AccountHash::Keccak),
        bip(
            "m/44'/1023'/0'/0/0",
            "m/44'/1023'/0'/0/*",
            "bech32",
            "BIP-44",
        ),
    ),
    bech32_coin(
        "avalanche-p",
        "AVAX-P",
        "Avalanche P-Chain",
        9000,
        hash160("avax").with_chain("P-"),
        bip(
            "m/44'/9000'/0'/0/0",
            "m/44'/9000'/0'/0/*",
            "bech32",
            "BIP-44 (Core, Avalanche Wallet)",
        ),
    ),
    bech32_coin(
        "avalanche-x",
        "AVAX-X",
        "Avalanche X-Chain",
        9000,
        hash160("avax").with_chain("X-"),
        bip(
            "m/44'/9000'/0'/0/0",
            "m/44'/9000'/0'/0/*",
            "bech32",
            "BIP-44 (Core, Avalanche Wallet)",
        ),
    ),
    single(
        "eos",
        "EOS",
        "EOS",
        194,
        CurveFamily::Secp256k1,
        AddressFormat::new("eos", Encoder::Eos),
        bip(
            "m/44'/194'/0'/0/0",
            "m/44'/194'/0'/0/*",
            "eos",
            "BIP-44 (Anchor, Scatter)",
        ),
    ),
    single(
        "ergo",
        "ERG",
        "Ergo",
        429,
        CurveFamily::Secp256k1,
        AddressFormat::new("p2pk", Encoder::Ergo(ErgoNetwork::Mainnet)),
        bip(
            "m/44'/429'/0'/0/0",
            "m/44'/429'/0'/0/*",
            "p2pk",
            "EIP-3 (Nautilus, Ergo node)",
        ),
    ),
    single(
        "icon",
        "ICX",
        "ICON",
        74,
        CurveFamily::Secp256k1,
        AddressFormat::new("icon", Encoder::Icon),
        bip(
            "m/44'/74'/0'/0/0",
            "m/44'/74'/0'/0/*",
            "icon",
            "BIP-44 (Hana, ICONex)",
        ),
    ),
    single(
        "filecoin",
        "FIL",
        "Filecoin",
        461,
        CurveFamily::Secp256k1,
        AddressFormat::new("f1", Encoder::Filecoin(FilecoinNetwork::Mainnet)),
        bip(
            "m/44'/461'/0'/0/0",
            "m/44'/461'/0'/0/*",
            "f1",
            "BIP-44 (Glif, Ledger)",
        ),
    ),
    bech32_coin(
        "zilliqa",
        "ZIL",
        "Zilliqa",
        313,
        Bech32Account::new("zil", AccountHash::Sha256Tail),
        bip(
            "m/44'/313'/0'/0/0",
            "m/44'/313'/0'/0/*",
            "bech32",
            "BIP-44 (ZilPay)",
        ),
    ),
    single(
        "neo",
        "NEO",
        "NEO Legacy",
        888,
        CurveFamily::Nist256p1,
        AddressFormat::new("neo", Encoder::Neo(NEO_LEGACY)),
        bip(
            "m/44'/888'/0'/0/0",
            "m/44'/888'/0'/0/*",
            "neo",
            "BIP-44 (Neon Wallet)",
        ),
    ),
    single(
        "neo-n3",
        "NEO-N3",
        "NEO N3",
        888,
        CurveFamily::Nist256p1,
        AddressFormat::new("neo", Encoder::Neo(NEO_N3)),
        bip(
            "m/44'/888'/0'/0/0",
            "m/44'/888'/0'/0/*",
            "neo",
            "BIP-44 (Neon Wallet, NeoLine)",
        ),
    ),
    single(
        "ontology",
        "ONT",
        "Ontology",
        1024,
        CurveFamily::Nist256p1,
        AddressFormat::new("ontology", Encoder::Neo(ONTOLOGY)),
        bip(
            "m/44'/1024'/0'/0/0",
            "m/44'/1024'/0'/0/*",
            "ontology",
            "BIP-44 (ONTO)",
        ),
    ),
    SOLANA,
    ed25519_coin(
        "algorand",
        "ALGO",
        "Algorand",
        283,
        AddressFormat::new("algorand", Encoder::Algorand),
        WalletPath::new(
            "m/44'/283'/0'/0'/0'",
            "m/44'/283'/0'/0'/*'",
            "algorand",
            "SLIP-10 (Ledger Algorand app, Pera via Ledger)",
        ),
    ),
    ed25519_coin(
        "aptos",
        "APT",
        "Aptos",
        637,
        AddressFormat::new("aptos", Encoder::Aptos),
        WalletPath::new(
            "m/44'/637'/0'/0'/0'",
            "m/44'/637'/*'/0'/0'",
            "aptos",
            "Petra, Martian",
        ),
    ),
    ed25519_coin(
        "sui",
        "SUI",
        "Sui",
        784,
        AddressFormat::new("sui", Encoder::Sui),
        WalletPath::new(
            "m/44'/784'/0'/0'/0'",
            "m/44'/784'/*'/0'/0'",
            "sui",
            "Sui Wallet (Slush), Suiet",
        ),
    ),
    ed25519_coin(
        "near",
        "NEAR",
        "NEAR Protocol",
        397,
        AddressFormat::new("implicit", Encoder::Near),
        WalletPath::new(
            "m/44'/397'/0'",
            "m/44'/397'/*'",
            "implicit",
            "NEAR Wallet, Ledger",
        ),
    ),
    ed25519_coin(
        "multiversx",
        "EGLD",
        "MultiversX",
        508,
        AddressFormat::new("erd", Encoder::MultiversX),
        WalletPath::new(
            "m/44'/508'/0'/0'/0'",
            "m/44'/508'/0'/0'/*'",
            "erd",
            "MultiversX Web Wallet, xPortal, Ledger",
        ),
    ),
    ed25519_coin(
        "polkadot",
        "DOT",
        "Polkadot",
        354,
        AddressFormat::new("ss58", Encoder::Ss58(Ss58Prefix::POLKADOT)),
        WalletPath::new(
            "m/44'/354'/0'/0'/0'",
            "m/44'/354'/*'/0'/0'",
            "ss58",
            "Ledger (ed25519 SLIP-10)",
        ),
    ),
    ed25519_coin(
        "kusama",
        "KSM",
        "Kusama",
        434,
        AddressFormat::new("ss58", Encoder::Ss58(Ss58Prefix::KUSAMA)),
        WalletPath::new(
            "m/44'/434'/0'/0'/0'",
            "m/44'/434'/*'/0'/0'",
            "ss58",
            "Ledger (ed25519 SLIP-10)",
        ),
    ),
    ed25519_coin(
        "stellar",
        "XLM",
        "Stellar",
        148,
        AddressFormat::new("strkey", Encoder::StrKey),
        WalletPath::new(
            "m/44'/148'/0'",
            "m/44'/148'/*'",
            "strkey",
            "SEP-0005 (Lobstr, Solar, Ledger)",
        ),
    ),
    ed25519_coin(
        "pi-network",
        "PI",
        "Pi Network",
        314_159,
        AddressFormat::new("strkey", Encoder::StrKey),
        WalletPath::new(
            "m/44'/314159'/0'",
            "m/44'/314159'/*'",
            "strkey",
            "SEP-0005 (Pi Wallet)",
        ),
    ),
    ed25519_coin(
        "tezos",
        "XTZ",
        "Tezos",
        1729,
        AddressFormat::new("tz1", Encoder::Tezos),
        WalletPath::new(
            "m/44'/1729'/0'/0'",
            "m/44'/1729'/*'/0'",
            "tz1",
            "wallet-core (Trust Wallet), Temple, Kukai, Ledger",
        ),
    ),
    ed25519_coin(
        "nimiq",
        "NIM",
        "Nimiq",
        242,
        AddressFormat::new("nimiq", Encoder::Nimiq),
        WalletPath::new(
            "m/44'/242'/0'/0'",
            "m/44'/242'/0'/*'",
            "nimiq",
            "wallet-core (Trust Wallet), Nimiq Keyguard",
        ),
    ),
    Coin {
        slug: "ton",
        symbol: "TON",
        name: "TON",
        slip44: 607,
        curve: CurveFamily::Ed25519,
        default_kind: AddressFormat::new("v4r2", Encoder::TonV4r2 { bounceable: false }),
        other_kinds: &[AddressFormat::new(
            "v4r2-bounceable",
            Encoder::TonV4r2 { bounceable: true },
        )],
        default_path: WalletPath::new(
            "m/44'/607'/0'",
            "m/44'/607'/*'",
            "v4r2",
            "wallet-core (Trust Wallet)",
        ),
        other_paths: &[],
        key_texts: &[],
    },
    single(
        "nano",
        "XNO",
        "Nano",
        165,
        CurveFamily::Ed25519Blake2b,
        AddressFormat::new("nano", Encoder::Nano),
        WalletPath::new(
            "m/44'/165'/0'",
            "m/44'/165'/*'",
            "nano",
            "wallet-core (Trust Wallet), Nault, Ledger",
        ),
    ),
    CARDANO,
];
