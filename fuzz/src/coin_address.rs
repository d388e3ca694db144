//! `coin_address`: the coin address families' decoders and encoders (CashAddr, bech32
//! accounts, EOS, Ergo, ICON, Filecoin, NEO/Ontology).
//!
//! Input: the whole input as text (invalid UTF-8 replaced by U+FFFD) through every decoder,
//! with each family's parameters; the first 33 bytes as a compressed public key through every
//! encoder.
//!
//! Properties:
//! * A decoder never panics; a rejection is one of its documented errors and prints as one
//!   line.
//! * Every accepted text re-encodes, from what it decoded to, to the same text (lowercased
//!   where the format accepts uppercase; with its prefix where CashAddr's was left out).
//! * The secp256k1 encoders agree with `secp256k1_uncompressed` on whether the key is a
//!   point, and their addresses decode back to the key's payload; the NEO encoders agree with
//!   each other on P-256 keys.

use fastbip32::address::cashaddr::{self, CashAddrType};
use fastbip32::address::cosmos::{self, AccountHash, Bech32Account};
use fastbip32::address::ergo::{self, ErgoNetwork};
use fastbip32::address::filecoin::{self, FilecoinNetwork};
use fastbip32::address::neo::{self, NeoParams};
use fastbip32::address::{self, eos, icon, Error};

use crate::Input;

const CASHADDR_PREFIXES: [&str; 4] = ["bitcoincash", "bchtest", "ecash", "p"];
const ACCOUNTS: [Bech32Account; 6] = [
    Bech32Account::new("cosmos", AccountHash::Hash160),
    Bech32Account::new("bnb", AccountHash::Hash160),
    Bech32Account::new("inj", AccountHash::Keccak),
    Bech32Account::new("one", AccountHash::Keccak),
    Bech32Account::new("zil", AccountHash::Sha256Tail),
    Bech32Account::new("avax", AccountHash::Hash160).with_chain("P-"),
];
const NEO: [NeoParams; 2] = [neo::NEO_LEGACY, neo::NEO_N3];

/// Runs every check on `data`.
pub fn check(data: &[u8]) {
    check_text(&String::from_utf8_lossy(data));
    let key: [u8; 33] = Input::new(data).array();
    check_secp256k1_key(&key);
    check_p256_key(&key);
}

/// A rejection prints as one non-empty line.
fn one_line(e: Error) {
    let line = e.to_string();
    assert!(!line.is_empty() && !line.contains('\n'), "{line:?}");
}

/// Every decoder on `text`.
pub fn check_text(text: &str) {
    for prefix in CASHADDR_PREFIXES {
        match cashaddr::decode_cashaddr(text, prefix) {
            Ok(p) => {
                let again = cashaddr::cashaddr_from_hash(prefix, p.kind(), p.hash())
                    .expect("a decoded payload re-encodes");
                let lower = text.to_ascii_lowercase();
                let expected = if lower.contains(':') {
                    lower
                } else {
                    format!("{prefix}:{lower}")
                };
                assert_eq!(again.as_str(), expected);
            }
            Err(e) => {
                assert!(matches!(
                    e,
                    Error::AddressCharacter { .. }
                        | Error::AddressPrefix { .. }
                        | Error::AddressLength { .. }
                        | Error::AddressChecksum { .. }
                        | Error::AddressVersion { .. }
                ));
                one_line(e);
            }
        }
    }
    for params in ACCOUNTS {
        match cosmos::decode_bech32_account(text, params) {
            Ok(hash) => {
                let again = cosmos::bech32_account_from_hash(&hash, params).expect("valid HRP");
                let rest = text.strip_prefix(params.chain()).expect("decoded");
                assert_eq!(
                    again.as_str(),
                    format!("{}{}", params.chain(), rest.to_ascii_lowercase())
                );
            }
            Err(e) => {
                assert!(matches!(
                    e,
                    Error::AddressPrefix { .. }
                        | Error::Bech32Checksum
                        | Error::InvalidBech32
                        | Error::AddressLength { .. }
                ));
                one_line(e);
            }
        }
    }
    match eos::decode_eos(text) {
        Ok(key) => assert_eq!(eos::eos(&key).expect("a decoded key is a point"), text),
        Err(e) => {
            assert!(matches!(
                e,
                Error::AddressPrefix { .. }
                    | Error::InvalidBase58
                    | Error::AddressLength { .. }
                    | Error::AddressChecksum { .. }
                    | Error::InvalidPublicKey
            ));
            one_line(e);
        }
    }
    for network in [ErgoNetwork::Mainnet, ErgoNetwork::Testnet] {
        match ergo::decode_ergo_p2pk(text, network) {
            Ok(key) => assert_eq!(
                ergo::ergo_p2pk(&key, network).expect("a decoded key is a point"),
                text
            ),
            Err(e) => {
                assert!(matches!(
                    e,
                    Error::InvalidBase58
                        | Error::AddressLength { .. }
                        | Error::AddressChecksum { .. }
                        | Error::AddressVersion { .. }
                        | Error::InvalidPublicKey
                ));
                one_line(e);
            }
        }
    }
    match icon::decode_icon(text) {
        Ok(account) => assert_eq!(icon::icon_from_account(&account), text),
        Err(e) => {
            assert!(matches!(
                e,
                Error::AddressPrefix { .. }
                    | Error::AddressLength { .. }
                    | Error::AddressCharacter { .. }
            ));
            one_line(e);
        }
    }
    for network in [FilecoinNetwork::Mainnet, FilecoinNetwork::Testnet] {
        match filecoin::decode_filecoin_secp256k1(text, network) {
            Ok(hash) => assert_eq!(filecoin::filecoin_from_hash(&hash, network), text),
            Err(e) => {
                assert!(matches!(
                    e,
                    Error::AddressPrefix { .. }
                        | Error::AddressLength { .. }
                        | Error::AddressCharacter { .. }
                        | Error::AddressChecksum { .. }
                ));
                one_line(e);
            }
        }
    }
    for params in NEO {
        match neo::decode_neo(text, params) {
            Ok(hash) => assert_eq!(neo::neo_from_hash(&hash, params), text),
            Err(e) => {
                assert!(matches!(
                    e,
                    Error::InvalidBase58
                        | Error::BadChecksum
                        | Error::AddressLength { .. }
                        | Error::AddressVersion { .. }
                ));
                one_line(e);
            }
        }
    }
}

/// Every secp256k1 encoder on `key`.
pub fn check_secp256k1_key(key: &[u8; 33]) {
    let point = address::secp256k1_uncompressed(key).is_ok();
    let results = [
        cashaddr::cashaddr_p2pkh(key, "ecash"),
        eos::eos(key),
        ergo::ergo_p2pk(key, ErgoNetwork::Mainnet),
        icon::icon(key),
        filecoin::filecoin_secp256k1(key, FilecoinNetwork::Testnet),
    ];
    for r in results {
        assert_eq!(r.is_ok(), point);
        if let Err(e) = r {
            assert_eq!(e, Error::InvalidPublicKey);
        }
    }
    for params in ACCOUNTS {
        let addr = cosmos::bech32_account(key, params);
        assert_eq!(addr.is_ok(), point);
        if let Ok(addr) = addr {
            assert_eq!(
                cosmos::decode_bech32_account(addr.as_str(), params),
                cosmos::account_hash(key, params.hash())
            );
        }
    }
    if point {
        let addr = eos::eos(key).expect("a point");
        assert_eq!(eos::decode_eos(addr.as_str()), Ok(*key));
        let addr = ergo::ergo_p2pk(key, ErgoNetwork::Testnet).expect("a point");
        assert_eq!(
            ergo::decode_ergo_p2pk(addr.as_str(), ErgoNetwork::Testnet),
            Ok(*key)
        );
        let addr = cashaddr::cashaddr_p2pkh(key, "bitcoincash").expect("a point");
        let p = cashaddr::decode_cashaddr(addr.as_str(), "bitcoincash").expect("round trip");
        assert_eq!(p.kind(), CashAddrType::P2pkh);
        let addr = icon::icon(key).expect("a point");
        assert_eq!(
            icon::decode_icon(addr.as_str()).ok(),
            icon::icon_account(key).ok()
        );
    }
}

/// The NEO encoders on `key` as a P-256 key.
pub fn check_p256_key(key: &[u8; 33]) {
    let legacy = neo::neo(key, neo::NEO_LEGACY);
    let n3 = neo::neo(key, neo::NEO_N3);
    assert_eq!(legacy.is_ok(), n3.is_ok());
    assert_eq!(legacy, neo::neo(key, neo::ONTOLOGY));
    for (addr, params) in [(legacy, neo::NEO_LEGACY), (n3, neo::NEO_N3)] {
        match addr {
            Ok(addr) => assert_eq!(
                neo::decode_neo(addr.as_str(), params).ok(),
                neo::script_hash(key, params).ok()
            ),
            Err(e) => assert_eq!(e, Error::InvalidPublicKey),
        }
    }
}
