//! Addresses and WIF against published vectors: BIP-49/84/86, EIP-55, CIP-19, Bitcoin Core's
//! `key_io` cases, and the bip_utils-generated BIP-44, Ethereum, Solana and Cardano addresses
//! (see `tests/data/README.md`). Every expected value comes from those files, never from this
//! crate. Also: one test per error variant the address layer adds.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::{self, bitcoin, cardano, AddressKind, CardanoNetwork, CurveFamily, Error};
use fastbip32::{wif, Ed25519, Ed25519Bip32, ExtendedPrivateKey, Network, Xprv};
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("no string {key} in {v}"))
}

fn hex<const N: usize>(text: &str) -> [u8; N] {
    hex::decode(text).unwrap().try_into().unwrap()
}

fn network(name: &str) -> Network {
    match name {
        "main" => Network::Mainnet,
        "testnet4" => Network::Testnet,
        other => other.parse().unwrap(),
    }
}

/// The address of `kind` for a secp256k1 key.
fn bitcoin_address(kind: &str, key: &[u8; 33], net: Network) -> address::Address {
    match kind.parse::<AddressKind>().unwrap() {
        AddressKind::P2pkh => bitcoin::p2pkh(key, net),
        AddressKind::P2shP2wpkh => bitcoin::p2sh_p2wpkh(key, net),
        AddressKind::P2wpkh => bitcoin::p2wpkh(key, net),
        AddressKind::P2tr => bitcoin::p2tr(key, net).unwrap(),
        other => panic!("not a Bitcoin kind: {other}"),
    }
}

fn seed_of(mnemonic: &str) -> [u8; 64] {
    bip39::Mnemonic::parse_normalized(mnemonic)
        .unwrap()
        .to_seed("")
}

#[test]
fn bip49_84_86_published_vectors() {
    let data = json(include_str!("../data/address_bips.json"));
    let mut checked = 0;
    for case in data["cases"].as_array().unwrap() {
        let bip = case["bip"].as_u64().unwrap();
        let account = data["accounts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["bip"].as_u64() == Some(bip))
            .unwrap();
        let root: Xprv = s(account, "root").parse().unwrap();
        let path = s(case, "path");
        let key = root.derive_path(path).unwrap();
        let net: Network = s(case, "network").parse().unwrap();
        let name = format!("BIP-{bip} {path}");

        if let Some(xprv) = case.get("xprv") {
            assert_eq!(key, xprv.as_str().unwrap().parse().unwrap(), "{name}");
        }
        if let Some(public) = case.get("public_key_hex") {
            assert_eq!(key.public_key(), hex(public.as_str().unwrap()), "{name}");
        }
        if let Some(internal) = case.get("internal_key_hex") {
            let x: [u8; 32] = hex(internal.as_str().unwrap());
            assert_eq!(key.public_key()[1..], x, "{name}");
            let output: [u8; 32] = hex(s(case, "output_key_hex"));
            assert_eq!(bitcoin::taproot_output_key(&key.public_key()), Ok(output));
            let script = hex::decode(s(case, "script_pubkey_hex")).unwrap();
            assert_eq!(
                bitcoin::from_script_pubkey(&script, net).unwrap(),
                s(case, "address"),
                "{name}"
            );
        }
        if let Some(text) = case.get("wif") {
            let mut buf = [0u8; wif::ENCODED_LEN];
            let ours = wif::encode(key.private_key(), net, &mut buf).unwrap();
            assert_eq!(ours, text.as_str().unwrap(), "{name}");
            let back = wif::decode(text.as_str().unwrap()).unwrap();
            assert_eq!(back.secret().expose(), key.private_key(), "{name}");
            assert_eq!(back.is_test(), net.is_test(), "{name}");
        }
        if let Some(secret) = case.get("private_key_hex") {
            assert_eq!(
                *key.private_key(),
                hex::<32>(secret.as_str().unwrap()),
                "{name}"
            );
        }
        let addr = bitcoin_address(s(case, "kind"), &key.public_key(), net);
        assert_eq!(addr, s(case, "address"), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
fn bip_utils_bitcoin_ethereum() {
    let data = json(include_str!("../data/address_bip_utils.json"));
    let seed = seed_of(s(&data, "mnemonic"));
    let root = Xprv::from_seed(&seed).unwrap();
    let account = root.derive_path("m/44'/0'/0'").unwrap();
    assert_eq!(
        account.to_xpub().to_string(),
        s(&data, "bip44_account_xpub")
    );

    let cases = data["bitcoin"].as_array().unwrap();
    for case in cases {
        let path = s(case, "path");
        let key = root.derive_path(path).unwrap();
        let net: Network = s(case, "network").parse().unwrap();
        assert_eq!(key.public_key(), hex(s(case, "public_key_hex")), "{path}");
        let addr = bitcoin_address(s(case, "kind"), &key.public_key(), net);
        assert_eq!(addr, s(case, "address"), "{path}");
        let mut buf = [0u8; 60];
        let text = wif::encode(key.private_key(), net, &mut buf).unwrap();
        assert_eq!(text, s(case, "wif"), "{path}");
    }
    assert_eq!(cases.len(), 12);

    let cases = data["ethereum"].as_array().unwrap();
    for case in cases {
        let path = s(case, "path");
        let key = root.derive_path(path).unwrap();
        assert_eq!(key.public_key(), hex(s(case, "public_key_hex")), "{path}");
        assert_eq!(
            address::ethereum(&key.public_key()).unwrap(),
            s(case, "address"),
            "{path}"
        );
    }
    assert_eq!(cases.len(), 5);
}

#[test]
fn bip_utils_solana() {
    let data = json(include_str!("../data/address_bip_utils.json"));
    let root = ExtendedPrivateKey::<Ed25519>::from_seed(&seed_of(s(&data, "mnemonic"))).unwrap();
    let cases = data["solana"].as_array().unwrap();
    for case in cases {
        let path = s(case, "path");
        let key = root.derive_path(path).unwrap();
        assert_eq!(key.public_key(), hex(s(case, "public_key_hex")), "{path}");
        assert_eq!(
            address::solana(&key.public_key()),
            s(case, "address"),
            "{path}"
        );
    }
    assert_eq!(cases.len(), 5);
}

#[test]
fn bip_utils_cardano_icarus() {
    let data = json(include_str!("../data/address_bip_utils.json"));
    let mnemonic = bip39::Mnemonic::parse_normalized(s(&data, "mnemonic")).unwrap();
    let root =
        ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(&mnemonic.to_entropy(), b"").unwrap();
    let cases = data["cardano_icarus"].as_array().unwrap();
    for case in cases {
        let path = s(case, "path");
        let net: CardanoNetwork = s(case, "network").parse().unwrap();
        let payment = root.derive_path(path).unwrap().public_key();
        let stake = root
            .derive_path(s(case, "stake_path"))
            .unwrap()
            .public_key();
        assert_eq!(payment, hex(s(case, "payment_public_key_hex")), "{path}");
        assert_eq!(stake, hex(s(case, "stake_public_key_hex")), "{path}");
        assert_eq!(
            cardano::base(&payment, &stake, net),
            s(case, "base"),
            "{path}"
        );
        assert_eq!(cardano::reward(&stake, net), s(case, "reward"), "{path}");
    }
    assert_eq!(cases.len(), 8);
}

#[test]
fn cip19_published_vectors() {
    let data = json(include_str!("../data/address_cip19.json"));
    let payment: [u8; 32] = hex(s(&data, "payment_public_key_hex"));
    let stake: [u8; 32] = hex(s(&data, "stake_public_key_hex"));
    let cases = data["cases"].as_array().unwrap();
    for case in cases {
        let net: CardanoNetwork = s(case, "network").parse().unwrap();
        let addr = match case["type"].as_u64().unwrap() {
            0 => cardano::base(&payment, &stake, net),
            6 => cardano::enterprise(&payment, net),
            14 => cardano::reward(&stake, net),
            other => panic!("type {other}"),
        };
        assert_eq!(addr, s(case, "address"), "{case}");
    }
    assert_eq!(cases.len(), 6);
}

#[test]
fn eip55_published_examples() {
    let data = json(include_str!("../data/address_eip55.json"));
    let cases = data["cases"].as_array().unwrap();
    for case in cases {
        let text = case.as_str().unwrap();
        let account: [u8; 20] = hex(&text[2..].to_ascii_lowercase());
        assert_eq!(address::eip55(&account), text);
    }
    assert_eq!(cases.len(), 8);
}

#[test]
fn bitcoin_core_key_io_valid() {
    let data = json(include_str!("../data/address_key_io.json"));
    let addresses = data["valid_addresses"].as_array().unwrap();
    for case in addresses {
        let (text, script, chain) = (
            case[0].as_str().unwrap(),
            case[1].as_str().unwrap(),
            case[2].as_str().unwrap(),
        );
        let script = hex::decode(script).unwrap();
        let addr = bitcoin::from_script_pubkey(&script, network(chain)).unwrap();
        assert_eq!(addr, text, "{chain}");
    }
    assert_eq!(addresses.len(), 54);

    let keys = data["valid_private_keys"].as_array().unwrap();
    for case in keys {
        let (text, secret, chain, compressed) = (
            case[0].as_str().unwrap(),
            hex::<32>(case[1].as_str().unwrap()),
            network(case[2].as_str().unwrap()),
            case[3].as_bool().unwrap(),
        );
        if compressed {
            let key = wif::decode(text).unwrap();
            assert_eq!(key.secret().expose(), &secret, "{text}");
            assert!(key.fits(chain), "{text}");
            assert_eq!(
                wif::encode_to_string(&secret, chain).unwrap().as_str(),
                text
            );
        } else {
            assert_eq!(
                wif::decode(text).err(),
                Some(Error::UncompressedWif),
                "{text}"
            );
        }
    }
    assert_eq!(keys.len(), 16);
}

#[test]
fn bitcoin_core_key_io_invalid() {
    let data = json(include_str!("../data/address_key_io.json"));
    let cases = data["invalid"].as_array().unwrap();
    for case in cases {
        let text = case.as_str().unwrap();
        assert!(wif::decode(text).is_err(), "{text:?}");
    }
    assert_eq!(cases.len(), 70);
}

/// `Base58Check` of `payload`, by the `bs58` crate (an independent encoder).
fn base58check(payload: &[u8]) -> String {
    bs58::encode(payload).with_check().into_string()
}

#[test]
fn wif_errors() {
    let mut payload = [0u8; 34];
    payload[0] = 0x80;
    payload[32] = 1;
    payload[33] = 1;
    assert!(wif::decode(&base58check(&payload)).is_ok());

    let mut bad = payload;
    bad[0] = 0x6f;
    assert_eq!(
        wif::decode(&base58check(&bad)).err(),
        Some(Error::UnknownWifPrefix { prefix: 0x6f })
    );
    let mut bad = payload;
    bad[33] = 0x02;
    assert_eq!(
        wif::decode(&base58check(&bad)).err(),
        Some(Error::InvalidCompressionFlag { flag: 0x02 })
    );
    assert_eq!(
        wif::decode(&base58check(&payload[..33])).err(),
        Some(Error::UncompressedWif)
    );
    assert_eq!(
        wif::decode(&base58check(&[0x80; 30])).err(),
        Some(Error::InvalidWifLength { len: 29 })
    );
    assert_eq!(
        wif::decode(&base58check(&[])).err(),
        Some(Error::InvalidWifLength { len: 0 })
    );
    assert_eq!(
        wif::decode("").err(),
        Some(Error::InvalidWifLength { len: 0 })
    );
    assert!(matches!(
        wif::decode(&"z".repeat(200)),
        Err(Error::InvalidWifLength { len }) if len > 100
    ));
    // k = 0 and k = n (the group order) are not private keys.
    let mut zero = payload;
    zero[1..33].fill(0);
    assert_eq!(
        wif::decode(&base58check(&zero)).err(),
        Some(Error::InvalidSecretKey)
    );
    let mut order = payload;
    order[1..33].copy_from_slice(&hex::<32>(
        "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
    ));
    assert_eq!(
        wif::decode(&base58check(&order)).err(),
        Some(Error::InvalidSecretKey)
    );
    let mut buf = [0u8; 52];
    assert!(wif::encode(
        &order[1..33].try_into().unwrap(),
        Network::Mainnet,
        &mut buf
    )
    .is_err());

    let text = base58check(&payload);
    let mut broken = text.clone().into_bytes();
    let last = broken.last_mut().unwrap();
    *last = if *last == b'2' { b'3' } else { b'2' };
    assert_eq!(
        wif::decode(core::str::from_utf8(&broken).unwrap()).err(),
        Some(Error::BadChecksum)
    );
    assert_eq!(
        wif::decode(&format!("0{}", &text[1..])).err(),
        Some(Error::InvalidBase58)
    );
    let mut short = [0u8; wif::ENCODED_LEN - 1];
    assert_eq!(
        wif::encode(&[1; 32], Network::Mainnet, &mut short).err(),
        Some(Error::BufferTooSmall {
            needed: wif::ENCODED_LEN
        })
    );
    // Debug never shows the key.
    let key = wif::decode(&text).unwrap();
    assert_eq!(format!("{key:?}"), "Wif { is_test: false, .. }");
}

#[test]
fn witness_program_rules() {
    // BIP-141: versions 0 to 16, 2 to 40 bytes; version 0 only 20 or 32.
    for (version, len) in [
        (0, 19),
        (0, 21),
        (0, 31),
        (0, 33),
        (1, 1),
        (1, 41),
        (17, 20),
    ] {
        assert_eq!(
            bitcoin::segwit(version, &vec![0; len], Network::Mainnet),
            Err(Error::InvalidWitnessProgram { version, len }),
            "v{version} {len}"
        );
    }
    for (version, len) in [(0, 20), (0, 32), (1, 2), (1, 40), (16, 32)] {
        assert!(bitcoin::segwit(version, &vec![0; len], Network::Mainnet).is_ok());
    }
    // A version 0 push of 21 bytes is a witness program of the wrong length.
    let mut script = vec![0x00, 21];
    script.extend([0; 21]);
    assert_eq!(
        bitcoin::from_script_pubkey(&script, Network::Mainnet),
        Err(Error::InvalidWitnessProgram {
            version: 0,
            len: 21
        })
    );
}

#[test]
fn unsupported_scripts() {
    let p2pk = {
        let mut s = vec![33];
        s.extend([2; 33]);
        s.push(0xac);
        s
    };
    let cases: [&[u8]; 7] = [
        &[],
        &[0x6a, 0x04, 1, 2, 3, 4], // OP_RETURN
        &p2pk,
        &[0x51],                            // OP_1 alone
        &[0x00, 0x14, 0, 0],                // push longer than the script
        &[0x51, 0x01, 0x00],                // one-byte program
        &[0xa9, 0x14, 0, 0, 0, 0, 0, 0x87], // P2SH with a short hash
    ];
    for script in cases {
        assert_eq!(
            bitcoin::from_script_pubkey(script, Network::Mainnet),
            Err(Error::UnsupportedScript),
            "{script:02x?}"
        );
    }
}

#[test]
fn invalid_public_keys() {
    let not_a_point = [5u8; 33];
    assert_eq!(
        bitcoin::p2tr(&not_a_point, Network::Mainnet),
        Err(Error::InvalidPublicKey)
    );
    assert_eq!(
        bitcoin::taproot_output_key(&not_a_point),
        Err(Error::InvalidPublicKey)
    );
    assert_eq!(
        address::ethereum(&not_a_point),
        Err(Error::InvalidPublicKey)
    );
    assert_eq!(
        address::secp256k1_uncompressed(&[0; 33]),
        Err(Error::InvalidPublicKey)
    );
}

#[test]
fn names() {
    assert_eq!(
        "testnet4".parse::<Network>(),
        Err(fastbip32::Error::UnknownNetwork)
    );
    assert_eq!(
        "signet".parse::<CardanoNetwork>(),
        Err(Error::UnknownNetwork)
    );
    assert_eq!(
        "preprod".parse::<CardanoNetwork>(),
        Ok(CardanoNetwork::Testnet)
    );
    assert_eq!(
        "Mainnet".parse::<CardanoNetwork>(),
        Err(Error::UnknownNetwork)
    );
    assert_eq!(
        "bech32".parse::<AddressKind>(),
        Err(Error::UnknownAddressKind)
    );
    let families: Vec<_> = AddressKind::ALL
        .iter()
        .map(|k| k.curve().as_str())
        .collect();
    assert_eq!(
        families,
        [
            "secp256k1",
            "secp256k1",
            "secp256k1",
            "secp256k1",
            "secp256k1",
            "ed25519",
            "ed25519-bip32",
            "ed25519-bip32",
            "ed25519-bip32"
        ]
    );
    assert_eq!(AddressKind::Solana.curve(), CurveFamily::Ed25519);
    let names: Vec<_> = AddressKind::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        [
            "p2pkh",
            "p2sh-p2wpkh",
            "p2wpkh",
            "p2tr",
            "ethereum",
            "solana",
            "cardano-enterprise",
            "cardano-base",
            "cardano-reward"
        ]
    );
}

#[test]
fn address_value_semantics() {
    use std::collections::HashSet;
    let a = bitcoin::p2pkh_from_hash(&[1; 20], Network::Mainnet);
    let b = a;
    assert_eq!(a, b);
    assert_eq!(a.as_ref(), a.to_string());
    assert_eq!(format!("{a:?}"), format!("Address({:?})", a.as_str()));
    let set: HashSet<_> = [a, b, bitcoin::p2pkh_from_hash(&[2; 20], Network::Mainnet)].into();
    assert_eq!(set.len(), 2);
    assert!(size_of::<address::Address>() <= address::Address::MAX_LEN + 8);
}
