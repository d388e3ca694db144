//! The coin registry (`fastbip32::coin`): its invariants, every coin's addresses against
//! published vectors (`tests/data/coin_registry_wallet_core.json`, see `tests/data/README.md`),
//! the coins an address names, and the errors.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use std::collections::HashSet;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::address::{AddressKind, CurveFamily, Error};
use fastbip32::coin::{self, Coin, Context, COINS};
use fastbip32::{
    ChainCode, ChildNumber, DerivationPath, ExtendedPrivateKey, Fingerprint, PathPattern, Secp256k1,
};
use serde_json::Value;

/// The slugs the command-line contract fixes (`coins`), with Bitcoin's and Cardano's.
const CONTRACT_SLUGS: &[&str] = &[
    "litecoin",
    "dogecoin",
    "dash",
    "digibyte",
    "verge",
    "zcash",
    "bitcoin-sv",
    "bitcoin-cash",
    "ecash",
    "ethereum",
    "ethereum-classic",
    "bnb-smart-chain",
    "avalanche-c",
    "polygon",
    "arbitrum",
    "optimism",
    "fantom",
    "celo",
    "theta",
    "vechain",
    "tron",
    "ripple",
    "cosmos",
    "osmosis",
    "akash",
    "axelar",
    "band",
    "celestia",
    "certik",
    "chihuahua",
    "dydx",
    "fetch-ai",
    "iris",
    "kava",
    "neutron",
    "secret",
    "stafi",
    "terra",
    "binance-chain",
    "injective",
    "okex-chain",
    "harmony",
    "avalanche-p",
    "avalanche-x",
    "eos",
    "ergo",
    "icon",
    "filecoin",
    "zilliqa",
    "neo",
    "neo-n3",
    "ontology",
    "solana",
    "algorand",
    "aptos",
    "sui",
    "near",
    "multiversx",
    "polkadot",
    "kusama",
    "stellar",
    "pi-network",
    "tezos",
    "nimiq",
    "ton",
    "nano",
    "bitcoin",
    "cardano",
];

fn data() -> Value {
    serde_json::from_str(include_str!("../data/coin_registry_wallet_core.json")).unwrap()
}

fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("no string {key} in {v}"))
}

fn secp256k1_public(private_hex: &str) -> [u8; 33] {
    let secret: [u8; 32] = hex::decode(private_hex).unwrap().try_into().unwrap();
    ExtendedPrivateKey::<Secp256k1>::from_parts(
        &secret,
        ChainCode::from([0; 32]),
        0,
        Fingerprint::from([0; 4]),
        ChildNumber::normal(0).unwrap(),
    )
    .unwrap()
    .public_key()
}

#[test]
fn slugs_are_unique_and_in_the_contract() {
    let mut seen = HashSet::new();
    for coin in COINS {
        assert!(seen.insert(coin.slug()), "{} twice", coin.slug());
        assert!(
            CONTRACT_SLUGS.contains(&coin.slug()),
            "{} is no contract slug",
            coin.slug()
        );
        assert_eq!(Coin::find(coin.slug()).unwrap(), coin);
    }
    assert_eq!(COINS[0].slug(), "bitcoin");
}

#[test]
fn symbols_name_one_coin_each() {
    for coin in COINS {
        let symbol = coin.symbol();
        assert!(!symbol.is_empty() && symbol == symbol.to_ascii_uppercase());
        // A symbol that is a slug too is that coin's own (DASH).
        let lower = symbol.to_ascii_lowercase();
        assert!(
            COINS.iter().all(|c| c.slug() != lower || c == coin),
            "{symbol} is another coin's slug"
        );
        // The symbol names the first row that has it, in either case.
        let first = COINS.iter().find(|c| c.symbol() == symbol).unwrap();
        assert_eq!(Coin::find(symbol).unwrap(), first);
        assert_eq!(Coin::find(&symbol.to_ascii_lowercase()).unwrap(), first);
    }
    // Chains that share a ticker: the symbol names the first (its home chain).
    let mut shared: Vec<&str> = COINS
        .iter()
        .map(Coin::symbol)
        .filter(|symbol| COINS.iter().filter(|c| c.symbol() == *symbol).count() > 1)
        .collect();
    shared.dedup();
    shared.sort_unstable();
    shared.dedup();
    assert_eq!(shared, ["BNB"], "shared symbols");
    assert_eq!(Coin::find("bnb").unwrap().slug(), "bnb-smart-chain");
    assert_eq!(Coin::find("ltc").unwrap().slug(), "litecoin");
    assert_eq!(Coin::find("trx").unwrap().slug(), "tron");
    assert_eq!(Coin::find("xrp").unwrap().slug(), "ripple");
    assert_eq!(Coin::find("Litecoin"), Err(Error::UnknownCoin));
    assert_eq!(Coin::find(""), Err(Error::UnknownCoin));
}

#[test]
fn kinds_and_paths_fit_each_coin() {
    for coin in COINS {
        let names: Vec<&str> = coin.kinds().map(coin::AddressFormat::name).collect();
        assert_eq!(
            names[0],
            coin.default_kind().name(),
            "{coin}: default first"
        );
        let unique: HashSet<&&str> = names.iter().collect();
        assert_eq!(unique.len(), names.len(), "{coin}: a kind twice");
        for kind in coin.kinds() {
            assert_eq!(
                kind.encoder().curve(),
                coin.curve(),
                "{coin} {}",
                kind.name()
            );
        }
        assert_eq!(
            coin.default_path().kind(),
            coin.default_kind().name(),
            "{coin}: the default path is for the default kind"
        );
        for path in coin.paths() {
            assert!(coin.kind(path.kind()).is_some(), "{coin}: {}", path.kind());
            let parsed: DerivationPath = path.path().parse().unwrap();
            let series: PathPattern = path.series().parse().unwrap();
            let coin_type = parsed.as_slice()[1];
            assert_eq!(
                coin_type,
                ChildNumber::hardened(coin.slip44()).unwrap(),
                "{coin}: {} has the coin type",
                path.path()
            );
            assert!(
                series.to_string().contains('*'),
                "{coin}: {}",
                path.series()
            );
            assert!(!path.wallets().is_empty());
            if matches!(
                coin.curve(),
                CurveFamily::Ed25519 | CurveFamily::Ed25519Blake2b
            ) {
                assert!(
                    parsed.as_slice().iter().all(|c| c.is_hardened()),
                    "{coin}: hardened only"
                );
            }
        }
        assert_eq!(
            coin.path_for(coin.default_kind().name()),
            coin.default_path()
        );
        for kind in coin.kinds() {
            assert_eq!(
                coin.path_for(kind.name()).kind(),
                if coin.paths().any(|p| p.kind() == kind.name()) {
                    kind.name()
                } else {
                    coin.default_path().kind()
                }
            );
        }
    }
}

#[test]
fn address_kinds_map_to_their_coins() {
    for kind in AddressKind::ALL {
        let (coin, format) = coin::of_kind(kind);
        assert_eq!(coin.curve(), kind.curve(), "{kind}");
        assert!(coin.kind(format.name()).is_some(), "{kind}");
        let expected = match kind.as_str() {
            "ethereum" => "eip55",
            name => name,
        };
        assert_eq!(format.name(), expected);
    }
    assert_eq!(coin::of_kind(AddressKind::P2tr).0.slug(), "bitcoin");
    assert_eq!(coin::of_kind(AddressKind::Ethereum).0.slug(), "ethereum");
    assert_eq!(coin::of_kind(AddressKind::Solana).0.slug(), "solana");
    assert_eq!(coin::of_kind(AddressKind::CardanoBase).0.slug(), "cardano");
}

#[test]
fn wallet_core_public_key_vectors() {
    let data = data();
    let cases = data["from_public_key"].as_array().unwrap();
    assert!(cases.len() >= 5);
    for case in cases {
        let coin = Coin::find(s(case, "coin")).unwrap();
        let key = hex::decode(s(case, "public_key")).unwrap();
        let addr = coin
            .address(s(case, "kind"), &key, &Context::default())
            .unwrap();
        assert_eq!(addr, s(case, "address"), "{case}");
    }
}

#[test]
fn wallet_core_private_key_vectors() {
    let data = data();
    let cases = data["from_private_key"].as_array().unwrap();
    let mut evm = HashSet::new();
    for case in cases {
        let coin = Coin::find(s(case, "coin")).unwrap();
        let key = secp256k1_public(s(case, "private_key"));
        let addr = coin
            .address(s(case, "kind"), &key, &Context::default())
            .unwrap();
        assert_eq!(addr, s(case, "address"), "{case}");
        if s(case, "kind") == "eip55" {
            evm.insert(coin.slug());
        }
    }
    // Every EVM row is covered.
    for coin in COINS {
        if coin.default_kind().name() == "eip55" {
            assert!(evm.contains(coin.slug()), "{coin} has no vector");
        }
    }
}

#[test]
fn identify_names_the_coins_of_published_addresses() {
    let data = data();
    for case in data["addresses"].as_array().unwrap() {
        let found: Vec<(&str, &str)> = coin::identify(s(case, "address"))
            .map(|m| (m.coin.slug(), m.kind.name()))
            .collect();
        assert!(
            found.contains(&(s(case, "coin"), s(case, "kind"))),
            "{case}: {found:?}"
        );
    }
    for case in data["not_addresses"].as_array().unwrap() {
        assert!(
            coin::identify(s(case, "text")).all(|m| m.coin.slug() != s(case, "not")),
            "{case}"
        );
    }
    // Every vector's address is named with its coin and kind.
    for case in data["from_public_key"]
        .as_array()
        .unwrap()
        .iter()
        .chain(data["from_private_key"].as_array().unwrap())
    {
        assert!(
            coin::identify(s(case, "address"))
                .any(|m| m.coin.slug() == s(case, "coin") && m.kind.name() == s(case, "kind")),
            "{case}"
        );
    }
}

#[test]
fn an_evm_address_names_every_evm_chain_ethereum_first() {
    let found: Vec<&str> = coin::identify("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf")
        .map(|m| m.coin.slug())
        .collect();
    let evm: Vec<&str> = COINS
        .iter()
        .filter(|c| c.default_kind().name() == "eip55")
        .map(Coin::slug)
        .collect();
    assert_eq!(found, evm);
    assert_eq!(found[0], "ethereum");
    // A wrong EIP-55 checksum names none.
    assert_eq!(
        coin::identify("0x7e5F4552091A69125d5DfCb7b8C2659029395Bdf").count(),
        0
    );
    // D… is P2PKH under 0x1e: Dogecoin's, DigiByte's and Verge's.
    let d: Vec<&str> = coin::identify("DLSSSUS3ex7YNDACJDxMER1ZMW579Vy8Zy")
        .map(|m| m.coin.slug())
        .collect();
    assert_eq!(d, ["dogecoin", "digibyte", "verge"]);
}

#[test]
fn bad_keys_and_names_are_typed_errors() {
    let ctx = Context::default();
    let ltc = Coin::find("litecoin").unwrap();
    let g = secp256k1_public("0000000000000000000000000000000000000000000000000000000000000001");
    assert_eq!(
        ltc.address("p2tr", &g, &ctx),
        Err(Error::UnknownAddressKind)
    );
    for coin in COINS {
        for kind in coin.kinds() {
            // Wrong lengths for every family.
            for len in [0usize, 31, 34, 65] {
                assert_eq!(
                    kind.encode(&vec![2; len], &ctx),
                    Err(Error::InvalidPublicKey),
                    "{coin} {} {len}",
                    kind.name()
                );
            }
            if coin.curve() == CurveFamily::Secp256k1 {
                let mut bad = g;
                bad[0] = 0x05;
                assert_eq!(kind.encode(&bad, &ctx), Err(Error::InvalidPublicKey));
                assert!(kind.encode(&g, &ctx).is_ok(), "{coin} {}", kind.name());
            }
        }
    }
    // A point off the curve: x = 5 has no y on secp256k1.
    let mut off = [0u8; 33];
    off[0] = 2;
    off[32] = 5;
    for slug in ["ethereum", "tron"] {
        let coin = Coin::find(slug).unwrap();
        assert_eq!(
            coin.address(coin.default_kind().name(), &off, &ctx),
            Err(Error::InvalidPublicKey)
        );
    }
    let cardano = Coin::find("cardano").unwrap();
    assert_eq!(
        cardano.address("cardano-base", &[7; 32], &ctx),
        Err(Error::NeedsStakeKey)
    );
    let with_stake = Context {
        stake: Some([8; 32]),
        ..ctx
    };
    assert!(cardano
        .address("cardano-base", &[7; 32], &with_stake)
        .is_ok());
}

#[test]
fn wif_versions() {
    use fastbip32::Network;
    let v = |slug: &str, net| Coin::find(slug).unwrap().wif_version(net);
    assert_eq!(v("bitcoin", Network::Mainnet), Some(0x80));
    assert_eq!(v("bitcoin", Network::Testnet), Some(0xef));
    assert_eq!(v("litecoin", Network::Mainnet), Some(0xb0));
    assert_eq!(v("dogecoin", Network::Mainnet), Some(0x9e));
    assert_eq!(v("dash", Network::Mainnet), Some(0xcc));
    assert_eq!(v("ethereum", Network::Mainnet), None);
    assert_eq!(v("solana", Network::Mainnet), None);
}

/// The public key, private key and stake key (Cardano) at `path` below `mnemonic`'s master
/// key on `curve` (bip_utils' names).
fn derive_for(curve: &str, mnemonic: &str, passphrase: &str, path: &str) -> (Vec<u8>, Vec<u8>) {
    use fastbip32::{Ed25519, Ed25519Bip32, Ed25519Blake2b, Xprv};
    let phrase = bip39::Mnemonic::parse_normalized(mnemonic).unwrap();
    match curve {
        "secp256k1" => {
            let key = Xprv::from_seed(&phrase.to_seed(passphrase))
                .unwrap()
                .derive_path(path)
                .unwrap();
            (key.public_key().to_vec(), key.private_key().to_vec())
        }
        "ed25519" => {
            let key = ExtendedPrivateKey::<Ed25519>::from_seed(&phrase.to_seed(passphrase))
                .unwrap()
                .derive_path(path)
                .unwrap();
            (key.public_key().to_vec(), key.private_key().to_vec())
        }
        "ed25519-blake2b" => {
            let key = ExtendedPrivateKey::<Ed25519Blake2b>::from_seed(&phrase.to_seed(passphrase))
                .unwrap()
                .derive_path(path)
                .unwrap();
            (key.public_key().to_vec(), key.private_key().to_vec())
        }
        "nist256p1" => {
            let key =
                ExtendedPrivateKey::<fastbip32::NistP256>::from_seed(&phrase.to_seed(passphrase))
                    .unwrap()
                    .derive_path(path)
                    .unwrap();
            (key.public_key().to_vec(), key.private_key().to_vec())
        }
        "ed25519-bip32" => {
            let key = ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(
                &phrase.to_entropy(),
                passphrase.as_bytes(),
            )
            .unwrap()
            .derive_path(path)
            .unwrap();
            (key.public_key().to_vec(), key.private_key().to_vec())
        }
        other => panic!("no curve {other}"),
    }
}

/// bip_utils 2.12.3's vectors (`tests/data/coins_bip_utils.json`) for every coin of the
/// registry: the keys at each path, the address of each kind (`default`: the coin's default
/// kind) and the WIF where the coin has one. Every registry coin has cases.
#[test]
fn bip_utils_vectors_for_every_registry_coin() {
    use fastbip32::Network;
    let data: Value = serde_json::from_str(include_str!("../data/coins_bip_utils.json")).unwrap();
    let mut covered = HashSet::new();
    let mut checked = 0;
    for entry in data["coins"].as_array().unwrap() {
        let coin = Coin::find(s(entry, "coin")).unwrap();
        let curve = s(entry, "curve");
        for case in entry["cases"].as_array().unwrap() {
            let path = s(case, "path");
            let (public, private) =
                derive_for(curve, s(entry, "mnemonic"), s(entry, "passphrase"), path);
            let expected_public = s(case, "public_key");
            // bip_utils writes ed25519 keys with SLIP-10's 00 prefix.
            let expected_public = match (curve, expected_public.len()) {
                ("ed25519", 66) => expected_public.trim_start_matches("00"),
                _ => expected_public,
            };
            assert_eq!(hex::encode(&public), expected_public, "{coin} {path}");
            if curve != "ed25519-bip32" {
                assert_eq!(
                    hex::encode(&private),
                    s(case, "private_key"),
                    "{coin} {path}"
                );
            }
            let kind = match s(case, "kind") {
                "default" => coin.default_kind(),
                name => coin
                    .kind(name)
                    .unwrap_or_else(|| panic!("{coin} has no kind {name}")),
            };
            let ctx = Context {
                stake: case["stake_public_key"]
                    .as_str()
                    .map(|k| hex::decode(k).unwrap().try_into().unwrap()),
                ..Context::default()
            };
            assert_eq!(
                kind.encode(&public, &ctx).unwrap(),
                s(case, "address"),
                "{coin} {} {path}",
                kind.name()
            );
            // DigiByte: bip_utils writes WIF under 0x9e, DigiByte Core's `SECRET_KEY_OLD`; the
            // registry keeps its `SECRET_KEY`, 0x80, as wallet-core and DigiByte's wallets do
            // (the second source's DigiByte case checks that one).
            let bip_utils_version = match coin.slug() {
                "digibyte" => Some(0x9e),
                _ => coin.wif_version(Network::Mainnet),
            };
            if let (Some(wif), Some(version)) = (case["wif"].as_str(), bip_utils_version) {
                let secret: [u8; 32] = private.clone().try_into().unwrap();
                let mut buf = [0u8; fastbip32::wif::ENCODED_LEN];
                assert_eq!(
                    fastbip32::wif::encode_with_version(&secret, version, &mut buf).unwrap(),
                    wif,
                    "{coin} {path}"
                );
            }
            covered.insert(coin.slug());
            checked += 1;
        }
    }
    for coin in COINS {
        assert!(
            covered.contains(coin.slug()),
            "{coin} has no bip_utils vector"
        );
    }
    assert!(checked >= 3 * COINS.len(), "{checked}");
}

/// wallet-core's per-chain vectors (`tests/data/coins_wallet_core.json`), a second source for
/// every registry coin it covers: each case's public key to its address. Skipped, by name: the
/// kinds the registry does not have (`okex-chain`'s EVM form, `digibyte`'s `dgb1` form) and
/// Cardano's base address (the case holds no stake key).
#[test]
fn wallet_core_vectors_for_registry_coins() {
    let data: Value = serde_json::from_str(include_str!("../data/coins_wallet_core.json")).unwrap();
    let skipped = [
        ("okex-chain", "eip55"),
        ("digibyte", "p2wpkh"),
        ("cardano", "cardano-base"),
    ];
    let mut checked = 0;
    let mut covered = HashSet::new();
    for case in data["cases"].as_array().unwrap() {
        let coin = Coin::find(s(case, "coin")).unwrap();
        if skipped.contains(&(coin.slug(), s(case, "kind"))) {
            continue;
        }
        let kind = match s(case, "kind") {
            "default" => coin.default_kind(),
            name => coin
                .kind(name)
                .unwrap_or_else(|| panic!("{coin} has no kind {name}")),
        };
        let key = s(case, "public_key");
        let key = match (coin.curve(), key.len()) {
            (CurveFamily::Ed25519, 66) => key.trim_start_matches("00"),
            _ => key,
        };
        let key = hex::decode(key).unwrap();
        assert_eq!(
            kind.encode(&key, &Context::default()).unwrap(),
            s(case, "address"),
            "{case}"
        );
        assert!(
            coin::identify(s(case, "address")).any(|m| m.coin == coin),
            "{case}"
        );
        covered.insert(coin.slug());
        checked += 1;
    }
    assert!(checked >= 80, "{checked}");
    assert!(covered.len() >= 56, "{}", covered.len());
    for slug in ["tezos", "nimiq", "ton", "nano"] {
        assert!(covered.contains(slug), "{slug}");
    }
}

/// TON's kinds against wallet-core's TON tests (`tests/data/coins_ton.json`): each key's (or
/// mnemonic's) non-bounceable v4r2 address, and the kind `identify` names for each form of one account
/// (none for the test-network forms and the raw form).
#[test]
fn ton_kinds_match_wallet_core() {
    let data: Value = serde_json::from_str(include_str!("../data/coins_ton.json")).unwrap();
    let ton = Coin::find("ton").unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert!(cases.len() >= 10);
    for case in cases {
        // A key, or a mnemonic and path (wallet-core's, the registry's default).
        let key = if let Some(key) = case["public_key"].as_str() {
            hex::decode(key).unwrap()
        } else {
            assert_eq!(s(case, "path"), ton.default_path().path());
            let mnemonic = s(case, "mnemonic");
            derive_for("ed25519", mnemonic, s(case, "passphrase"), s(case, "path")).0
        };
        let addr = ton.address("v4r2", &key, &Context::default()).unwrap();
        assert_eq!(addr, s(&case["addresses"], "v4r2-non-bounceable"), "{case}");
    }
    let forms = &data["forms"];
    let kinds = |text: &str| -> Vec<&str> {
        coin::identify(text)
            .filter(|m| m.coin == ton)
            .map(|m| m.kind.name())
            .collect()
    };
    assert_eq!(kinds(s(forms, "non_bounceable")), ["v4r2"]);
    assert_eq!(kinds(s(forms, "bounceable")), ["v4r2-bounceable"]);
    for form in ["bounceable_testnet", "non_bounceable_testnet", "raw"] {
        assert!(kinds(s(forms, form)).is_empty(), "{form}");
    }
}

/// wallet-core's registry (`tests/data/coins_wallet_core_registry.json`) for the coins of
/// their own families: the coin type, the default path (wallet-core's first) and the
/// explorer's sample account, which `identify` names.
#[test]
fn tezos_nimiq_ton_nano_follow_wallet_core_registry() {
    let data: Value =
        serde_json::from_str(include_str!("../data/coins_wallet_core_registry.json")).unwrap();
    let rows = data["coins"].as_array().unwrap();
    for slug in ["tezos", "nimiq", "ton", "nano"] {
        let coin = Coin::find(slug).unwrap();
        let row = rows.iter().find(|r| r["coin"] == slug).unwrap();
        assert_eq!(
            row["coin_id"].as_u64(),
            Some(u64::from(coin.slip44())),
            "{slug}"
        );
        assert_eq!(coin.default_path().path(), s(&row["derivation"][0], "path"));
        if let Some(sample) = row["sample_account"].as_str() {
            assert!(
                coin::identify(sample).any(|m| m.coin == coin),
                "{slug} {sample}"
            );
        }
    }
    assert_eq!(
        Coin::find("nano").unwrap().curve(),
        CurveFamily::Ed25519Blake2b
    );
}

/// bip_utils 2.12.3's secp256k1 vectors (`tests/data/coins_bip_utils.json`) through the
/// batched points: each case's key is derived in a run of 130 siblings of its parent's
/// extended public key (the batch's table path) and encoded by `coin::encode_point`, and the
/// key's own checked point gives the same address.
#[test]
fn bip_utils_vectors_through_batched_points() {
    use fastbip32::{Secp256k1Point, Xprv};
    let data: Value = serde_json::from_str(include_str!("../data/coins_bip_utils.json")).unwrap();
    let mut checked = 0;
    for entry in data["coins"].as_array().unwrap() {
        if s(entry, "curve") != "secp256k1" {
            continue;
        }
        let coin = Coin::find(s(entry, "coin")).unwrap();
        let phrase = bip39::Mnemonic::parse_normalized(s(entry, "mnemonic")).unwrap();
        let master = Xprv::from_seed(&phrase.to_seed(s(entry, "passphrase"))).unwrap();
        for case in entry["cases"].as_array().unwrap() {
            let path = s(case, "path");
            let (parent, last) = path.rsplit_once('/').unwrap();
            let index: u32 = last.parse().unwrap();
            let xpub = master.derive_path(parent).unwrap().to_xpub();
            let start = index.saturating_sub(64).min((1 << 31) - 130);
            let mut points = [Secp256k1Point::from_compressed(&xpub.public_key()).unwrap(); 130];
            xpub.derive_public_points_into_vartime(
                ChildNumber::normal(start).unwrap(),
                &mut points,
            )
            .unwrap();
            let point = points[usize::try_from(index - start).unwrap()];
            assert_eq!(
                hex::encode(point.compressed()),
                s(case, "public_key"),
                "{coin} {path}"
            );
            let kind = match s(case, "kind") {
                "default" => coin.default_kind(),
                name => coin.kind(name).unwrap(),
            };
            let ctx = Context::default();
            assert_eq!(
                kind.encode_point(&point, &ctx).unwrap(),
                s(case, "address"),
                "{coin} {} {path}",
                kind.name()
            );
            let checked_point = Secp256k1Point::from_compressed(point.compressed()).unwrap();
            assert_eq!(checked_point, point, "{coin} {path}");
            checked += 1;
        }
    }
    assert!(checked >= 300, "{checked}");
}

/// `encode_point` takes secp256k1 families only: a P-256 or ed25519 encoder is refused.
#[test]
fn encode_point_refuses_other_curves() {
    use fastbip32::Secp256k1Point;
    // The key of private key 1, G.
    let g =
        hex::decode("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798").unwrap();
    let point = Secp256k1Point::from_compressed(&g.try_into().unwrap()).unwrap();
    for coin in ["neo", "solana", "cardano", "nano", "polkadot"] {
        let kind = Coin::find(coin).unwrap().default_kind();
        assert_eq!(
            kind.encode_point(&point, &Context::default()),
            Err(Error::InvalidPublicKey),
            "{coin}"
        );
    }
    assert_eq!(
        coin::encode_point(coin::Encoder::Eip55, &point, &Context::default()).unwrap(),
        "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"
    );
}
