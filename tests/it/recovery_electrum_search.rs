//! The recovery search of Electrum v2 seeds finds Electrum's own test wallets
//! (`tests/data/electrum_seeds.json`, `wallets`: phrases, passphrases, xpubs and addresses
//! from Electrum's `test_wallet_vertical.py`) with a word of the phrase unknown.
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core
)] // test code: failing loudly is the point

use core::sync::atomic::AtomicBool;
use std::string::{String, ToString};
use std::vec::Vec;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    Checkpoint, CheckpointField, CheckpointFields, Coin, Error, Found, Matched, Options, Outcome,
    Paths, Search, SeedKind, Space, Target, Template,
};
use fastbip32::Xpub;
use serde_json::Value;

fn wallet(name: &str) -> Value {
    let data: Value = serde_json::from_str(include_str!("../data/electrum_seeds.json")).unwrap();
    data["wallets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["name"] == name)
        .unwrap()
        .clone()
}

fn passphrase(w: &Value) -> String {
    String::from_utf8(hex::decode(w["passphrase_hex"].as_str().unwrap()).unwrap()).unwrap()
}

/// The wallet's phrase with word `position` unknown.
fn template(w: &Value, position: usize) -> String {
    let mut words: Vec<&str> = w["words"].as_str().unwrap().split(' ').collect();
    words[position] = "?";
    words.join(" ")
}

fn space(template: &str, passphrases: &[&str]) -> Space {
    let options = Options::new().language(Language::English);
    Space::new(Template::parse(template, &options).unwrap(), passphrases).unwrap()
}

fn run(search: &Search<'_>, space: &Space) -> Result<Outcome, Error> {
    let mut checkpoint = Checkpoint::new(space, [3; 16]);
    search.run_vartime(
        0..space.size(),
        &mut checkpoint,
        &AtomicBool::new(false),
        &mut |_, _| {},
    )
}

fn found(search: &Search<'_>, space: &Space) -> Found {
    match run(search, space).unwrap() {
        Outcome::Found(found) => found,
        other => panic!("no match: {other:?}"),
    }
}

fn address(a: &Value) -> Target {
    let mut target = Target::new();
    target.add_address(a.as_str().unwrap()).unwrap();
    target
}

fn phrase_of(space: &Space, found: &Found) -> String {
    space.to_phrase(found.candidate.words()).to_string()
}

#[test]
fn standard_wallet_with_a_word_unknown() {
    let w = wallet("test_electrum_seed_standard");
    let sp = space(&template(&w, 5), &[""]);
    for (key, path) in [("receive_0", "m/0/0"), ("change_0", "m/1/0")] {
        let target = address(&w[key]);
        let search = Search::new(&sp, &target, Paths::new(Coin::Bitcoin).gap(2))
            .seed(SeedKind::Electrum)
            .threads(2);
        let hit = found(&search, &sp);
        assert_eq!(phrase_of(&sp, &hit), w["words"].as_str().unwrap(), "{key}");
        assert_eq!(hit.path.to_string(), path, "{key}");
        assert_eq!(hit.matched, Matched::Address);
        assert_eq!(
            hit.address.as_ref().map(|a| a.as_str().to_string()),
            w[key].as_str().map(str::to_string)
        );
    }
    // The root xpub Electrum shows, at depth 0.
    let mut target = Target::new();
    target.add_xpub(w["root_xpub"].as_str().unwrap().parse::<Xpub>().unwrap());
    let search = Search::new(&sp, &target, Paths::new(Coin::Bitcoin).gap(1))
        .seed(SeedKind::Electrum)
        .threads(1);
    let hit = found(&search, &sp);
    assert_eq!(phrase_of(&sp, &hit), w["words"].as_str().unwrap());
    assert_eq!(
        (hit.path.to_string(), hit.matched),
        ("m".to_string(), Matched::Xpub)
    );
}

#[test]
fn segwit_wallets_with_a_word_unknown() {
    for name in [
        "test_electrum_seed_segwit",
        "test_electrum_seed_segwit_passphrase",
    ] {
        let w = wallet(name);
        let pass = passphrase(&w);
        // the passphrase among others, as a list of candidates
        let sp = space(&template(&w, 11), &["wrong", pass.as_str()]);
        let target = address(&w["change_0"]);
        let search = Search::new(&sp, &target, Paths::new(Coin::Bitcoin).gap(3))
            .seed(SeedKind::Electrum)
            .threads(2);
        let hit = found(&search, &sp);
        assert_eq!(phrase_of(&sp, &hit), w["words"].as_str().unwrap(), "{name}");
        assert_eq!(hit.candidate.passphrase_index(), 1, "{name}");
        assert_eq!(hit.path.to_string(), "m/0'/1/0", "{name}");
        // The account zpub Electrum shows, at m/0'.
        let zpub: Xpub = w["account_zpub"].as_str().unwrap().parse().unwrap();
        let mut target = Target::new();
        target.add_xpub(zpub);
        let search = Search::new(&sp, &target, Paths::new(Coin::Bitcoin))
            .seed(SeedKind::Electrum)
            .threads(1);
        let hit = found(&search, &sp);
        assert_eq!(hit.path.to_string(), "m/0'", "{name}");
        assert_eq!(hit.matched, Matched::Xpub, "{name}");
    }
}

#[test]
fn bip39_search_misses_an_electrum_wallet() {
    // The same space as a BIP-39 search: Electrum's phrase fails the checksum or derives
    // other keys, so the search ends without a match.
    let w = wallet("test_electrum_seed_standard");
    let sp = space(&template(&w, 5), &[""]);
    let target = address(&w["receive_0"]);
    let search = Search::new(&sp, &target, Paths::new(Coin::Bitcoin).gap(2)).threads(2);
    assert!(matches!(run(&search, &sp).unwrap(), Outcome::Exhausted(_)));
}

#[test]
fn electrum_seeds_are_bitcoin_only() {
    let w = wallet("test_electrum_seed_standard");
    let sp = space(&template(&w, 5), &[""]);
    let mut target = Target::new();
    target
        .add_address("0x52908400098527886E0F7030069857D2E4169EE7")
        .unwrap();
    let search = Search::new(&sp, &target, Paths::new(Coin::Ethereum)).seed(SeedKind::Electrum);
    assert_eq!(search.check(), Err(Error::ElectrumCoin));
    assert_eq!(run(&search, &sp).unwrap_err(), Error::ElectrumCoin);
    assert_eq!("electrum".parse(), Ok(SeedKind::Electrum));
    assert_eq!("bip39".parse(), Ok(SeedKind::Bip39));
    assert_eq!("slip-39".parse::<SeedKind>(), Err(Error::UnknownSeedKind));
}

#[test]
fn checkpoint_of_another_seed_kind_is_refused() {
    let w = wallet("test_electrum_seed_standard");
    // The last word unknown: the receive address is not at gap index 0 of a BIP-39 wallet,
    // so the BIP-39 search runs to the end and binds the checkpoint.
    let sp = space(&template(&w, 11), &[""]);
    let target = address(&w["receive_0"]);
    let paths = || Paths::new(Coin::Bitcoin).gap(1);
    let mut checkpoint = Checkpoint::new(&sp, [5; 16]);
    let bip39 = Search::new(&sp, &target, paths()).threads(1);
    let outcome = bip39
        .run_vartime(
            0..sp.size(),
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    assert!(matches!(outcome, Outcome::Exhausted(_)));
    let text = checkpoint.to_string();
    assert!(text.contains("\nfield seed "));
    let resumed = Checkpoint::parse(&text, &sp).unwrap();
    let electrum = Search::new(&sp, &target, paths())
        .seed(SeedKind::Electrum)
        .threads(1);
    let mut fields = CheckpointFields::new();
    fields.insert(CheckpointField::Seed);
    let expected = Error::CheckpointChanged { fields };
    assert_eq!(electrum.check_checkpoint(&resumed), Err(expected));
    assert!(expected.to_string().contains("seed"));
    // The BIP-39 search resumes it.
    assert_eq!(bip39.check_checkpoint(&resumed), Ok(()));
}
