//! The recovery search on every kind of registry coin: the coin is read from the address,
//! and the wallet's default path is searched. Mnemonics, paths and addresses come from
//! `tests/data/coins_bip_utils.json` (`bip_utils`, `scripts/gen_coin_vectors.py`), never from
//! fastbip32.
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: failing loudly is the point

use core::sync::atomic::AtomicBool;
use std::string::{String, ToString};
use std::vec::Vec;

use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    Checkpoint, Coin, Error, Options, Outcome, Paths, Search, Space, Target, Template, Wallet,
};
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

const DATA: &str = include_str!("../data/coins_bip_utils.json");

/// The vector record of `coin`.
fn record(coin: &str) -> Value {
    let data: Value = serde_json::from_str(DATA).unwrap();
    data["coins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["coin"] == coin)
        .unwrap_or_else(|| panic!("no vectors for {coin}"))
        .clone()
}

/// The mnemonic of `coin`'s vectors and its case at `path`: (mnemonic, address).
fn case(coin: &str, path: &str) -> (String, String) {
    let r = record(coin);
    let case = r["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"] == path)
        .unwrap_or_else(|| panic!("no case {path} for {coin}"));
    (
        r["mnemonic"].as_str().unwrap().to_string(),
        case["address"].as_str().unwrap().to_string(),
    )
}

/// The search of `mnemonic` with word 1 unknown, on `coin`'s paths with gap `gap`; the
/// match's phrase, path and address.
fn recover(mnemonic: &str, address: &str, coin: Coin, gap: u32) -> (String, String, String) {
    let mut words: Vec<&str> = mnemonic.split(' ').collect();
    words[1] = "?";
    let options = Options::new().language(Language::English);
    let template = Template::parse(&words.join(" "), &options).unwrap();
    let space = Space::new(template, [""]).unwrap();
    let mut target = Target::new();
    target.add_address(address).unwrap();
    let mut checkpoint = Checkpoint::new(&space, [2; 16]);
    let outcome = Search::new(&space, &target, Paths::new(coin).gap(gap))
        .threads(2)
        .run_vartime(
            0..space.size(),
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    let Outcome::Found(found) = outcome else {
        panic!("{coin}: no match for {address}");
    };
    (
        space.to_phrase(found.candidate.words()).to_string(),
        found.path.to_string(),
        found.address.unwrap().as_str().to_string(),
    )
}

/// The address's coin, read from it as a search without a named coin reads it.
fn coin_of(address: &str) -> Coin {
    let mut target = Target::new();
    target.add_address(address).unwrap();
    target.address_coin().unwrap().unwrap()
}

/// Litecoin, Dogecoin, Tron, XRP, Cosmos (secp256k1), Stellar (ed25519, the account
/// counted), Nano (ed25519-blake2b) and NEO (P-256): found at the default path's index 7
/// (or 1), with the coin read from the address.
#[test]
fn coins_read_from_the_address_are_found() {
    let cases = [
        ("litecoin", "m/44'/2'/0'/0/7", 8),
        ("dogecoin", "m/44'/3'/0'/0/7", 8),
        ("tron", "m/44'/195'/0'/0/7", 8),
        ("ripple", "m/44'/144'/0'/0/7", 8),
        ("cosmos", "m/44'/118'/0'/0/7", 8),
        ("stellar", "m/44'/148'/7'", 8),
        ("nano", "m/44'/165'/1'", 2),
        ("neo", "m/44'/888'/0'/0/1", 2),
    ];
    for (slug, path, gap) in cases {
        let (mnemonic, address) = case(slug, path);
        let coin = coin_of(&address);
        assert_eq!(coin.as_str(), slug);
        let (phrase, at, text) = recover(&mnemonic, &address, coin, gap);
        assert_eq!(phrase, mnemonic, "{slug}");
        assert_eq!(at, path, "{slug}");
        assert_eq!(text, address, "{slug}");
    }
}

/// An EVM address is Ethereum's without a named coin; another EVM chain (Polygon) can be
/// named, and its address is found on its paths.
#[test]
fn evm_defaults_to_ethereum_and_another_chain_can_be_named() {
    let (mnemonic, address) = case("polygon", "m/44'/60'/0'/0/7");
    assert_eq!(coin_of(&address), Coin::Ethereum);
    let polygon: Coin = "polygon".parse().unwrap();
    let mut target = Target::new();
    target.add_address(&address).unwrap();
    assert_eq!(target.foreign_address(polygon), None);
    for coin in [Coin::Ethereum, polygon] {
        let (phrase, at, text) = recover(&mnemonic, &address, coin, 8);
        assert_eq!(phrase, mnemonic);
        assert_eq!(at, "m/44'/60'/0'/0/7");
        assert_eq!(text, address);
    }
    // In lowercase too: compared as the same address.
    let (phrase, _, text) = recover(&mnemonic, &address.to_lowercase(), polygon, 8);
    assert_eq!(phrase, mnemonic);
    assert_eq!(text, address);
}

/// Addresses of different coins share no coin: refused, naming two; an address of another
/// coin than the named one is reported.
#[test]
fn mixed_coins_are_refused() {
    let (_, litecoin) = case("litecoin", "m/44'/2'/0'/0/0");
    let (_, dogecoin) = case("dogecoin", "m/44'/3'/0'/0/0");
    let (_, ethereum) = case("ethereum", "m/44'/60'/0'/0/0");
    let mut target = Target::new();
    target.add_address(&litecoin).unwrap();
    target.add_address(&dogecoin).unwrap();
    assert_eq!(
        target.address_coin(),
        Err(Error::SeveralCoins {
            first: "litecoin",
            second: "dogecoin"
        })
    );
    let mut evm = Target::new();
    evm.add_address(&ethereum).unwrap();
    let (_, polygon) = case("polygon", "m/44'/60'/0'/0/0");
    evm.add_address(&polygon).unwrap();
    assert_eq!(evm.address_coin(), Ok(Some(Coin::Ethereum)));
    evm.add_address(&litecoin).unwrap();
    assert_eq!(evm.foreign_address(Coin::Ethereum), Some(litecoin.as_str()));
    assert!(evm.address_coin().is_err());
    assert_eq!(Target::new().address_coin(), Ok(None));
}

/// The search of `mnemonic` (word 1 unknown) for `address` along `paths`: the match's path,
/// or `None` when the space is exhausted.
fn recover_along(mnemonic: &str, address: &str, paths: Paths) -> Option<String> {
    let mut words: Vec<&str> = mnemonic.split(' ').collect();
    words[1] = "?";
    let options = Options::new().language(Language::English);
    let template = Template::parse(&words.join(" "), &options).unwrap();
    let space = Space::new(template, [""]).unwrap();
    let mut target = Target::new();
    target.add_address(address).unwrap();
    let mut checkpoint = Checkpoint::new(&space, [4; 16]);
    let outcome = Search::new(&space, &target, paths)
        .threads(2)
        .run_vartime(
            0..space.size(),
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    match outcome {
        Outcome::Found(found) => {
            assert_eq!(
                space.to_phrase(found.candidate.words()).to_string(),
                mnemonic
            );
            Some(found.path.to_string())
        }
        Outcome::Exhausted(_) => None,
        other => panic!("{other:?}"),
    }
}

/// Wallet presets: Ledger Live's Ethereum account `m/44'/60'/1'/0/0` and Solana account
/// `m/44'/501'/7'` are found with [`Wallet::LedgerLive`] only (not on the standard path, nor
/// with `metamask`'s or `phantom`'s); Trust's Bitcoin path is BIP-84; a wallet without paths for
/// the coin is refused.
#[test]
fn wallet_presets_select_the_registry_paths() {
    let (m, address) = case("ethereum", "m/44'/60'/1'/0/0");
    let ledger = || Paths::new(Coin::Ethereum).wallet(Wallet::LedgerLive).gap(2);
    assert_eq!(
        recover_along(&m, &address, ledger()).as_deref(),
        Some("m/44'/60'/1'/0/0")
    );
    assert_eq!(
        recover_along(&m, &address, Paths::new(Coin::Ethereum).gap(2)),
        None
    );
    let metamask = Paths::new(Coin::Ethereum).wallet(Wallet::MetaMask).gap(2);
    assert_eq!(recover_along(&m, &address, metamask), None);

    let (m, address) = case("solana", "m/44'/501'/7'");
    let ledger = Paths::new(Coin::Solana).wallet(Wallet::LedgerLive).gap(8);
    assert_eq!(
        recover_along(&m, &address, ledger).as_deref(),
        Some("m/44'/501'/7'")
    );
    let phantom = Paths::new(Coin::Solana).wallet(Wallet::Phantom).gap(8);
    assert_eq!(recover_along(&m, &address, phantom), None);

    let (m, address) = case("bitcoin", "m/84'/0'/0'/0/7");
    let trust = Paths::new(Coin::Bitcoin).wallet(Wallet::Trust).gap(8);
    assert_eq!(
        recover_along(&m, &address, trust).as_deref(),
        Some("m/84'/0'/0'/0/7")
    );

    let space = Space::new(
        Template::parse(
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?",
            &Options::new().language(Language::English),
        )
        .unwrap(),
        [""],
    )
    .unwrap();
    let (_, address) = case("solana", "m/44'/501'/0'");
    let mut target = Target::new();
    target.add_address(&address).unwrap();
    let search = Search::new(
        &space,
        &target,
        Paths::new(Coin::Solana).wallet(Wallet::MetaMask),
    );
    assert_eq!(
        search.check(),
        Err(Error::UnsupportedWallet {
            wallet: "metamask",
            coin: "solana"
        })
    );
}
