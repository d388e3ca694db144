//! `address::decode` against published and committed addresses: BIP-173 and BIP-350's valid
//! segwit addresses with their scriptPubKeys and their invalid ones
//! (`address_decode_bips.json`), Bitcoin Core's `key_io` addresses with their scriptPubKeys,
//! EIP-55's checksummed accounts, CIP-19's addresses, the BIP-49/84/86 addresses and the
//! bip_utils-generated ones, and Core's descriptor scriptPubKeys. Expected values come from
//! those files (or from `bs58`, an independent Base58 decoder); re-encoding with this crate's
//! encoders is only a round-trip check on top. Also: one test per error `decode` returns.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use fastbip32::address::{
    self, bitcoin, AddressNetwork, AddressType, CardanoNetwork, Credential, Error,
};
use fastbip32::Network;
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;
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

fn arr(v: &Value) -> &Vec<Value> {
    v.as_array().unwrap()
}

/// The Bitcoin network an address decodes to for a data file's chain name: test networks
/// share their Base58 prefixes, and signet shares `tb`.
fn expected_network(chain: &str, address: &str) -> Network {
    match chain {
        "main" | "mainnet" => Network::Mainnet,
        "regtest" if address.to_ascii_lowercase().starts_with("bcrt1") => Network::Regtest,
        _ => Network::Testnet,
    }
}

/// The witness version of a scriptPubKey's first opcode.
fn script_version(script: &[u8]) -> u8 {
    match script[0] {
        0 => 0,
        op => op - 0x50,
    }
}

#[test]
fn bip173_bip350_valid_addresses() {
    let data = json(include_str!("../data/address_decode_bips.json"));
    for case in arr(&data["valid"]) {
        let text = s(case, "address");
        let script = hex::decode(s(case, "script_pubkey")).unwrap();
        let d = address::decode(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(d.script_pubkey(), Some(&script[..]), "{text}");
        assert_eq!(d.payload(), &script[2..], "{text}");
        let version = script_version(&script);
        assert_eq!(d.witness_version(), Some(version), "{text}");
        let expected = match (version, script.len() - 2) {
            (0, 20) => AddressType::P2wpkh,
            (0, 32) => AddressType::P2wsh,
            (1, 32) => AddressType::P2tr,
            (version, _) => AddressType::Witness { version },
        };
        assert_eq!(d.address_type(), expected, "{text}");
        let network = if text.to_ascii_lowercase().starts_with("bc1") {
            Network::Mainnet
        } else {
            Network::Testnet
        };
        assert_eq!(d.network(), AddressNetwork::Bitcoin(network), "{text}");
        // Round trip: the encoder writes the lowercase text.
        assert_eq!(
            bitcoin::segwit(version, d.payload(), network)
                .unwrap()
                .as_str(),
            text.to_ascii_lowercase()
        );
    }
}

#[test]
fn bip173_bip350_invalid_addresses() {
    let data = json(include_str!("../data/address_decode_bips.json"));
    let cases = arr(&data["invalid"])
        .iter()
        .chain(arr(&data["bip173_bech32_v1_plus"]));
    let mut n = 0;
    for case in cases {
        let text = s(case, "address");
        let err = address::decode(text).expect_err(text);
        n += 1;
        // BIP-173's version 1+ texts carry bech32 checksums, which BIP-350 refuses first.
        let v0 = text.to_ascii_lowercase().starts_with("bc1q")
            || text.to_ascii_lowercase().starts_with("tb1q");
        if case["bip"].as_u64() == Some(173) && !v0 {
            continue;
        }
        // The reason the BIP gives, where it maps to one error.
        let expected = match case.get("reason").and_then(Value::as_str) {
            Some("Invalid human-readable part") => Some(Error::UnknownHrp),
            Some(r) if r.starts_with("Invalid checksum") => Some(Error::Bech32Checksum),
            None => Some(Error::Bech32Checksum),
            Some("Mixed case") => Some(Error::InvalidBech32),
            Some(r) if r.contains("padding") => Some(Error::InvalidBech32),
            Some(r) if r.contains("program length") || r == "Invalid witness version" => {
                assert!(
                    matches!(err, Error::InvalidWitnessProgram { .. }),
                    "{text}: {err:?}"
                );
                None
            }
            _ => None,
        };
        if let Some(expected) = expected {
            assert_eq!(err, expected, "{text} ({case})");
        }
    }
    assert_eq!(n, 28);
}

#[test]
fn invalid_witness_program_names_version_and_length() {
    // BIP-350: "Invalid program length (1 byte)" and "(41 bytes)"; BIP-173's version 0 of 16
    // bytes; BIP-350's witness version 17 (`3`).
    let cases = [
        ("bc1pw5dgrnzv", 1, 1),
        (
            "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
            1,
            41,
        ),
        ("BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", 0, 16),
    ];
    for (text, version, len) in cases {
        assert_eq!(
            address::decode(text),
            Err(Error::InvalidWitnessProgram { version, len }),
            "{text}"
        );
    }
    assert!(matches!(
        address::decode("BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R"),
        Err(Error::InvalidWitnessProgram { version: 17, .. })
    ));
}

#[test]
fn bitcoin_core_key_io_addresses() {
    let data = json(include_str!("../data/address_key_io.json"));
    for case in arr(&data["valid_addresses"]) {
        let text = case[0].as_str().unwrap();
        let script = hex::decode(case[1].as_str().unwrap()).unwrap();
        let chain = case[2].as_str().unwrap();
        let d = address::decode(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(d.script_pubkey(), Some(&script[..]), "{text}");
        assert_eq!(
            d.network(),
            AddressNetwork::Bitcoin(expected_network(chain, text)),
            "{text} ({chain})"
        );
        let expected = match script[..] {
            [0x76, 0xa9, 0x14, ..] => AddressType::P2pkh,
            [0xa9, 0x14, ..] => AddressType::P2sh,
            _ => {
                assert_eq!(d.witness_version(), Some(script_version(&script)));
                assert_eq!(d.payload(), &script[2..], "{text}");
                d.address_type()
            }
        };
        assert_eq!(d.address_type(), expected, "{text}");
        if d.witness_version().is_none() {
            // Base58: the hash is what `bs58` finds after the version byte.
            let raw = bs58::decode(text).with_check(None).into_vec().unwrap();
            assert_eq!(d.payload(), &raw[1..], "{text}");
        }
    }
}

#[test]
fn bitcoin_core_key_io_invalid_are_not_bitcoin_addresses() {
    let data = json(include_str!("../data/address_key_io.json"));
    for case in arr(&data["invalid"]) {
        let text = case.as_str().unwrap();
        // Solana's Base58 has no checksum: 32 bytes of Base58 are a Solana address.
        if let Ok(d) = address::decode(text) {
            assert!(!d.address_type().is_bitcoin(), "{text}: {d:?}");
        }
    }
}

#[test]
fn bip49_84_86_addresses() {
    let data = json(include_str!("../data/address_bips.json"));
    for case in arr(&data["cases"]) {
        let text = s(case, "address");
        let d = address::decode(text).unwrap();
        let expected = match s(case, "kind") {
            "p2sh-p2wpkh" => AddressType::P2sh,
            "p2wpkh" => AddressType::P2wpkh,
            "p2tr" => AddressType::P2tr,
            other => panic!("{other}"),
        };
        assert_eq!(d.address_type(), expected, "{text}");
        let net: Network = s(case, "network").parse().unwrap();
        assert_eq!(d.network(), AddressNetwork::Bitcoin(net));
        if let Some(script) = case.get("script_pubkey_hex") {
            let script = hex::decode(script.as_str().unwrap()).unwrap();
            assert_eq!(d.script_pubkey(), Some(&script[..]), "{text}");
            let output = hex::decode(s(case, "output_key_hex")).unwrap();
            assert_eq!(d.payload(), &output[..], "{text}");
        }
        // Round trip through the encoder of the kind.
        let again = match expected {
            AddressType::P2sh => bitcoin::p2sh_from_hash(d.payload().try_into().unwrap(), net),
            _ => bitcoin::segwit(d.witness_version().unwrap(), d.payload(), net).unwrap(),
        };
        assert_eq!(again, text);
    }
}

#[test]
fn bip_utils_addresses() {
    let data = json(include_str!("../data/address_bip_utils.json"));
    for case in arr(&data["bitcoin"]) {
        let text = s(case, "address");
        let d = address::decode(text).unwrap();
        let expected = match s(case, "kind") {
            "p2pkh" => AddressType::P2pkh,
            "p2sh-p2wpkh" => AddressType::P2sh,
            other => panic!("{other}"),
        };
        assert_eq!(d.address_type(), expected, "{text}");
        assert_eq!(d.network(), AddressNetwork::Bitcoin(Network::Mainnet));
        let raw = bs58::decode(text).with_check(None).into_vec().unwrap();
        assert_eq!(d.payload(), &raw[1..], "{text}");
    }
    for case in arr(&data["ethereum"]) {
        let text = s(case, "address");
        let d = address::decode(text).unwrap();
        assert_eq!(d.address_type(), AddressType::Ethereum);
        assert_eq!(d.network(), AddressNetwork::None);
        assert_eq!(d.payload(), &hex::decode(&text[2..]).unwrap()[..]);
        assert_eq!(d.script_pubkey(), None);
    }
    for case in arr(&data["solana"]) {
        let text = s(case, "address");
        let d = address::decode(text).unwrap();
        assert_eq!(d.address_type(), AddressType::Solana, "{text}");
        assert_eq!(
            d.payload(),
            &hex::decode(s(case, "public_key_hex")).unwrap()[..]
        );
    }
    for case in arr(&data["cardano_icarus"]) {
        let net: CardanoNetwork = s(case, "network").parse().unwrap();
        let base = address::decode(s(case, "base")).unwrap();
        assert_eq!(base.address_type(), AddressType::CardanoBase);
        assert_eq!(base.network(), AddressNetwork::Cardano(net));
        assert_eq!(base.payload().len(), 56);
        let reward = address::decode(s(case, "reward")).unwrap();
        assert_eq!(reward.address_type(), AddressType::CardanoReward);
        // The base address's stake part is the reward address's hash.
        assert_eq!(&base.payload()[28..], reward.payload());
        assert_eq!(base.stake_credential(), Some(Credential::KeyHash));
    }
}

#[test]
fn cip19_addresses() {
    let data = json(include_str!("../data/address_cip19.json"));
    let mut payment_hash: Option<Vec<u8>> = None;
    let mut stake_hash: Option<Vec<u8>> = None;
    for case in arr(&data["cases"]) {
        let text = s(case, "address");
        let d = address::decode(text).unwrap();
        let net: CardanoNetwork = s(case, "network").parse().unwrap();
        assert_eq!(d.network(), AddressNetwork::Cardano(net), "{text}");
        let (kind, payment, stake) = match case["type"].as_u64().unwrap() {
            0 => (AddressType::CardanoBase, true, true),
            6 => (AddressType::CardanoEnterprise, true, false),
            14 => (AddressType::CardanoReward, false, true),
            other => panic!("{other}"),
        };
        assert_eq!(d.address_type(), kind, "{text}");
        assert_eq!(
            d.payment_credential(),
            payment.then_some(Credential::KeyHash)
        );
        assert_eq!(d.stake_credential(), stake.then_some(Credential::KeyHash));
        // Every case hashes the same two keys: the hashes agree across types and networks.
        let mut parts = d.payload().chunks(28);
        if payment {
            let p = parts.next().unwrap().to_vec();
            assert_eq!(payment_hash.get_or_insert_with(|| p.clone()), &p);
        }
        if stake {
            let st = parts.next().unwrap().to_vec();
            assert_eq!(stake_hash.get_or_insert_with(|| st.clone()), &st);
        }
    }
}

#[test]
fn eip55_published_accounts() {
    let data = json(include_str!("../data/address_eip55.json"));
    for case in arr(&data["cases"]) {
        let text = case.as_str().unwrap();
        let d = address::decode(text).unwrap();
        assert_eq!(d.address_type(), AddressType::Ethereum);
        let account = hex::decode(&text[2..]).unwrap();
        assert_eq!(d.payload(), &account[..]);
        // One case throughout is accepted as is.
        address::decode(&text.to_ascii_lowercase()).unwrap();
        address::decode(&format!("0x{}", text[2..].to_ascii_uppercase())).unwrap();
        // Swapping the case of one letter breaks the checksum.
        let pos = text[2..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 2;
        let mut broken = text.as_bytes().to_vec();
        broken[pos] ^= 0x20;
        let broken = String::from_utf8(broken).unwrap();
        let mixed = broken[2..].chars().any(|c| c.is_ascii_lowercase())
            && broken[2..].chars().any(|c| c.is_ascii_uppercase());
        if mixed {
            assert_eq!(
                address::decode(&broken),
                Err(Error::Eip55Checksum),
                "{broken}"
            );
        }
    }
}

#[test]
fn descriptor_core_scripts_decode_back() {
    let data = json(include_str!("../data/descriptor_core.json"));
    let mut n = 0;
    for case in arr(&data["valid"]) {
        for branch in case["branches"].as_array().into_iter().flatten() {
            for script in branch["scripts"].as_array().into_iter().flatten() {
                let script = hex::decode(script.as_str().unwrap()).unwrap();
                let Ok(text) = bitcoin::from_script_pubkey(&script, Network::Mainnet) else {
                    continue; // bare multisig, pk(): no address
                };
                let d = address::decode(text.as_str()).unwrap();
                assert_eq!(d.script_pubkey(), Some(&script[..]), "{text}");
                n += 1;
            }
        }
    }
    assert!(n > 20, "{n}");
}

#[test]
fn errors() {
    // 21 bytes of version 0x30 (Litecoin's P2PKH), through `bs58`.
    let litecoin = bs58::encode([0x30; 21]).with_check().into_string();
    // One line each: the error and a text that gives it.
    let cases: [(&str, Error); 12] = [
        ("", Error::UnrecognisedAddress),
        ("hi", Error::UnrecognisedAddress),
        ("0OIl", Error::InvalidBase58),
        // Core's first key_io P2PKH address with its last character changed.
        ("1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mp", Error::BadChecksum),
        (&litecoin, Error::UnknownAddressVersion { version: 0x30 }),
        ("0x123", Error::InvalidEthereumAddress),
        ("0xzz5aeb6053f3e94c9b9a09f33669435e7ef1beae", Error::InvalidEthereumAddress),
        ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", Error::Bech32Checksum),
        ("bc1qw508d6qejxtdg4y5r3zaRvary0c5xw7kv8f3t4", Error::InvalidBech32),
        ("tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty", Error::UnknownHrp),
        (
            "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3y",
            Error::Bech32Checksum,
        ),
        ("addr1bbbbbbb", Error::InvalidBech32),
    ];
    for (text, expected) in cases {
        assert_eq!(address::decode(text), Err(expected), "{text:?}");
        assert!(!expected.to_string().is_empty());
    }
}

/// Bech32 text of `payload` under `hrp` (the `bech32` crate's encoder, not this crate's).
fn bech32_text(hrp: &str, payload: &[u8]) -> String {
    let mut text = String::new();
    bech32::encode_lower_to_fmt::<bech32::Bech32, _>(
        &mut text,
        bech32::Hrp::parse(hrp).unwrap(),
        payload,
    )
    .unwrap();
    text
}

#[test]
fn cardano_errors_and_script_credentials() {
    let hash = [7u8; 28];
    let two = [hash, [9u8; 28]].concat();
    let with = |header: u8, body: &[u8]| [&[header][..], body].concat();
    // CIP-19 pointer (type 4) and Byron-era type 8 headers.
    assert_eq!(
        address::decode(&bech32_text("addr", &with(0x41, &hash))),
        Err(Error::UnsupportedCardanoAddress { header_type: 4 })
    );
    assert_eq!(
        address::decode(&bech32_text("addr", &with(0x81, &hash))),
        Err(Error::UnsupportedCardanoAddress { header_type: 8 })
    );
    // Network id 0 under the mainnet prefix; a base header with one hash; a reward header
    // under `addr`.
    for text in [
        bech32_text("addr", &with(0x60, &hash)),
        bech32_text("addr", &with(0x01, &hash)),
        bech32_text("addr", &with(0xe1, &hash)),
        bech32_text("stake", &with(0x61, &hash)),
    ] {
        assert_eq!(
            address::decode(&text),
            Err(Error::InvalidCardanoAddress),
            "{text}"
        );
    }
    // Script credentials: type 1 (script payment, key stake), 7 and 15.
    let d = address::decode(&bech32_text("addr_test", &with(0x10, &two))).unwrap();
    assert_eq!(d.address_type(), AddressType::CardanoBase);
    assert_eq!(d.payment_credential(), Some(Credential::ScriptHash));
    assert_eq!(d.stake_credential(), Some(Credential::KeyHash));
    assert_eq!(d.payload(), &two[..]);
    let d = address::decode(&bech32_text("addr", &with(0x71, &hash))).unwrap();
    assert_eq!(d.address_type(), AddressType::CardanoEnterprise);
    assert_eq!(d.payment_credential(), Some(Credential::ScriptHash));
    let d = address::decode(&bech32_text("stake_test", &with(0xf0, &hash))).unwrap();
    assert_eq!(d.address_type(), AddressType::CardanoReward);
    assert_eq!(d.stake_credential(), Some(Credential::ScriptHash));
    assert_eq!(
        d.network(),
        AddressNetwork::Cardano(CardanoNetwork::Testnet)
    );
}

#[test]
fn names() {
    assert_eq!(AddressType::P2sh.as_str(), "p2sh");
    assert_eq!(
        AddressType::Witness { version: 2 }.to_string(),
        "witness-v2"
    );
    assert_eq!(AddressType::CardanoReward.as_str(), "cardano-reward");
    assert_eq!(Credential::ScriptHash.as_str(), "script-hash");
    assert_eq!(
        AddressNetwork::Bitcoin(Network::Regtest).as_str(),
        Some("regtest")
    );
    assert_eq!(AddressNetwork::None.as_str(), None);
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #[test]
    fn round_trips(hash in proptest::array::uniform20(any::<u8>()),
                   key in proptest::array::uniform32(any::<u8>()),
                   net in prop::sample::select(&[Network::Mainnet, Network::Testnet, Network::Regtest][..])) {
        let p2pkh = address::decode(bitcoin::p2pkh_from_hash(&hash, net).as_str()).unwrap();
        prop_assert_eq!(p2pkh.address_type(), AddressType::P2pkh);
        prop_assert_eq!(p2pkh.payload(), &hash[..]);
        let p2sh = address::decode(bitcoin::p2sh_from_hash(&hash, net).as_str()).unwrap();
        prop_assert_eq!(p2sh.address_type(), AddressType::P2sh);
        prop_assert_eq!(p2sh.payload(), &hash[..]);
        let wsh = address::decode(bitcoin::segwit(0, &key, net).unwrap().as_str()).unwrap();
        prop_assert_eq!(wsh.address_type(), AddressType::P2wsh);
        prop_assert_eq!(wsh.network(), AddressNetwork::Bitcoin(net));
        prop_assert_eq!(wsh.payload(), &key[..]);
        let tr = address::decode(bitcoin::segwit(1, &key, net).unwrap().as_str()).unwrap();
        prop_assert_eq!(tr.address_type(), AddressType::P2tr);
        let eth = address::decode(address::eip55(&hash).as_str()).unwrap();
        prop_assert_eq!(eth.payload(), &hash[..]);
        let sol = address::decode(address::solana(&key).as_str()).unwrap();
        prop_assert_eq!(sol.address_type(), AddressType::Solana);
        prop_assert_eq!(sol.payload(), &key[..]);
    }
}
