//! The recovery search finds generated wallets: mnemonics and what a wallet shows of them
//! (addresses, xpubs, fingerprints, descriptors) from `tests/data/recovery.json`, written by
//! `bip_utils` (`scripts/gen_recovery_vectors.py`), never by fastbip32.
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core
)] // test code: failing loudly is the point

use core::ops::ControlFlow;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;
use std::string::{String, ToString};
use std::vec::Vec;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::descriptor::Descriptor;
use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    Bound, Change, Checkpoint, Coin, Error, Found, Matched, Options, Outcome, PathPattern, Paths,
    RangeOutcome, Search, Space, Target, Template,
};
use fastbip32::{Fingerprint, Xpub};
use serde_json::Value;

const DATA: &str = include_str!("../data/recovery.json");

fn data() -> Value {
    serde_json::from_str(DATA).unwrap()
}

fn s(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

/// The mnemonic with word `position` replaced by `token`.
fn with_token(mnemonic: &str, position: usize, token: &str) -> String {
    let mut words: Vec<&str> = mnemonic.split(' ').collect();
    words[position] = token;
    words.join(" ")
}

fn space(template: &str, options: &Options, passphrases: &[&str]) -> Space {
    Space::new(Template::parse(template, options).unwrap(), passphrases).unwrap()
}

fn english() -> Options {
    Options::new().language(Language::English)
}

fn run(space: &Space, target: &Target, paths: Paths) -> Outcome {
    let mut checkpoint = Checkpoint::new(space, [1; 16]);
    Search::new(space, target, paths)
        .threads(2)
        .run_vartime(
            0..space.size(),
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap()
}

fn found(space: &Space, target: &Target, paths: Paths) -> Found {
    match run(space, target, paths) {
        Outcome::Found(found) => found,
        other => panic!("no match: {other:?}"),
    }
}

fn address_target(addresses: &[String]) -> Target {
    let mut target = Target::new();
    for a in addresses {
        target.add_address(a).unwrap();
    }
    target
}

/// Checks a match: the phrase, the passphrase, the path, the address.
fn expect(
    space: &Space,
    found: &Found,
    mnemonic: &str,
    passphrase: &str,
    path: &str,
    address: Option<&str>,
) {
    assert_eq!(&*space.to_phrase(found.candidate.words()), mnemonic);
    assert_eq!(
        space
            .passphrase(found.candidate.passphrase_index())
            .as_deref(),
        Some(passphrase)
    );
    assert_eq!(found.path.to_string(), path);
    assert_eq!(
        found
            .address
            .as_ref()
            .map(fastbip32::address::Address::as_str),
        address
    );
    assert_eq!(space.rank_vartime(&found.candidate).unwrap(), found.index);
}

#[test]
fn unknown_word_at_known_position_bip84() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let address = s(&d["english12"]["bitcoin"]["bip84"][0]);
    let space = space(&with_token(&m, 4, "?"), &english(), &[""]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Bitcoin),
    );
    assert_eq!(f.matched, Matched::Address);
    expect(&space, &f, &m, "", "m/84'/0'/0'/0/0", Some(&address));
}

#[test]
fn list_and_prefix_bip44_in_the_gap() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let words: Vec<&str> = m.split(' ').collect();
    let list = format!("{{abandon,{},zoo}}", words[2]);
    let prefix = format!("{}*", &words[7][..2]);
    let template = with_token(&with_token(&m, 2, &list), 7, &prefix);
    let address = s(&d["english12"]["bitcoin"]["bip44"][3]);
    let space = space(&template, &english(), &[""]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Bitcoin).gap(5),
    );
    expect(&space, &f, &m, "", "m/44'/0'/0'/0/3", Some(&address));
    assert_eq!(f.address_index, Some(3));
}

#[test]
fn missing_word_bip49() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let mut words: Vec<&str> = m.split(' ').collect();
    words.remove(6);
    let address = s(&d["english12"]["bitcoin"]["bip49"][0]);
    let space = space(&words.join(" "), &english().missing(1), &[""]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Bitcoin).gap(1),
    );
    expect(&space, &f, &m, "", "m/49'/0'/0'/0/0", Some(&address));
}

#[test]
fn typo_bip86() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    // "pudding" misspelt.
    let template = m.replace("pudding", "puding");
    assert_ne!(template, m);
    let address = s(&d["english12"]["bitcoin"]["bip86"][1]);
    let space = space(&template, &english().typos(1), &[""]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Bitcoin).gap(2),
    );
    expect(&space, &f, &m, "", "m/86'/0'/0'/0/1", Some(&address));
}

#[test]
fn swapped_words_zpub() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let mut words: Vec<&str> = m.split(' ').collect();
    words.swap(3, 4);
    let xpub: Xpub = s(&d["english12"]["bitcoin"]["bip84_xpub"]).parse().unwrap();
    let mut target = Target::new();
    target.add_xpub(xpub);
    let space = space(&words.join(" "), &english().swaps(1), &[""]);
    let f = found(&space, &target, Paths::new(Coin::Bitcoin));
    assert_eq!(f.matched, Matched::Xpub);
    assert_eq!(f.address_index, None);
    expect(&space, &f, &m, "", "m/84'/0'/0'", None);
}

/// The paths a search derives, as BIP-84 (address) and the zpub's depth (key) define them.
#[test]
fn address_patterns_and_key_paths() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let mut target = address_target(&[s(&d["english12"]["bitcoin"]["bip84"][0])]);
    target.add_xpub(s(&d["english12"]["bitcoin"]["bip84_xpub"]).parse().unwrap());
    let space = space(&m, &english(), &[""]);
    let search = Search::new(&space, &target, Paths::new(Coin::Bitcoin).accounts(2));
    let patterns: Vec<String> = search.address_patterns().map(ToString::to_string).collect();
    assert_eq!(
        patterns,
        [
            "m/84'/0'/0'/0/*",
            "m/84'/0'/0'/1/*",
            "m/84'/0'/1'/0/*",
            "m/84'/0'/1'/1/*"
        ]
    );
    let keys: Vec<String> = search.key_paths().iter().map(ToString::to_string).collect();
    assert_eq!(keys, ["m/84'/0'/0'"]);
}

/// A change address (bip_utils's `m/84'/0'/0'/1/3`): found on the standard paths by default
/// and with [`Change::Change`], not with [`Change::Receive`].
#[test]
fn change_address() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let address = s(&d["english12"]["bitcoin"]["bip84_change"][3]);
    let space = space(&with_token(&m, 4, "?"), &english(), &[""]);
    let target = address_target(std::slice::from_ref(&address));
    for change in [Change::Both, Change::Change] {
        let f = found(
            &space,
            &target,
            Paths::new(Coin::Bitcoin).change(change).gap(4),
        );
        expect(&space, &f, &m, "", "m/84'/0'/0'/1/3", Some(&address));
        assert_eq!(f.address_index, Some(3));
    }
    let receive = Paths::new(Coin::Bitcoin).change(Change::Receive).gap(4);
    assert!(matches!(
        run(&space, &target, receive),
        Outcome::Exhausted(_)
    ));
    assert_eq!("change".parse(), Ok(Change::Change));
    assert_eq!("internal".parse::<Change>(), Err(Error::UnknownChange));
}

#[test]
fn passphrase_list() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let passphrase = s(&d["english12"]["passphrase"]);
    let address = s(&d["english12"]["bitcoin_passphrase"]["bip84"][0]);
    let space = space(&m, &english(), &["", "correct", &passphrase, "horse"]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Bitcoin).gap(1),
    );
    expect(
        &space,
        &f,
        &m,
        &passphrase,
        "m/84'/0'/0'/0/0",
        Some(&address),
    );
}

#[test]
fn master_fingerprint() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let fp = u32::from_str_radix(&s(&d["english12"]["bitcoin"]["fingerprint"]), 16).unwrap();
    let mut target = Target::new();
    target.add_fingerprint(Fingerprint::new(fp.to_be_bytes()));
    let space = space(&with_token(&m, 11, "?"), &english(), &[""]);
    let f = found(&space, &target, Paths::new(Coin::Bitcoin));
    assert_eq!(f.matched, Matched::Fingerprint);
    assert_eq!(f.address_index, None);
    expect(&space, &f, &m, "", "m", None);
}

#[test]
fn descriptor() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let descriptor =
        Descriptor::parse(d["english12"]["bitcoin"]["descriptor"].as_str().unwrap()).unwrap();
    let mut target = Target::new();
    target.add_descriptor(&descriptor).unwrap();
    let space = space(&with_token(&m, 0, "?"), &english(), &[""]);
    let f = found(&space, &target, Paths::new(Coin::Bitcoin));
    assert_eq!(f.matched, Matched::Descriptor);
    expect(&space, &f, &m, "", "m/84'/0'/0'/0/0", None);
}

#[test]
fn address_file_of_many() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    // Every address of the other wallets, and one of this one.
    let mut addresses = Vec::new();
    for key in ["english12b", "english24", "spanish12"] {
        for kind in ["bip44", "bip49", "bip84", "bip86"] {
            for a in d[key]["bitcoin"][kind].as_array().unwrap() {
                addresses.push(s(a));
            }
        }
    }
    let address = s(&d["english12"]["bitcoin"]["bip84"][5]);
    addresses.push(address.clone());
    let text = addresses.join("\n");
    let mut target = Target::new();
    for line in text.lines() {
        target.add_address(line).unwrap();
    }
    assert_eq!(target.len(), addresses.len());
    let space = space(&with_token(&m, 9, "?"), &english(), &[""]);
    let f = found(&space, &target, Paths::new(Coin::Bitcoin).gap(6));
    expect(&space, &f, &m, "", "m/84'/0'/0'/0/5", Some(&address));
}

#[test]
fn twenty_four_words() {
    let d = data();
    let m = s(&d["english24"]["mnemonic"]);
    let address = s(&d["english24"]["bitcoin"]["bip84"][0]);
    let space = space(&with_token(&m, 13, "?"), &english(), &[""]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Bitcoin).gap(1),
    );
    expect(&space, &f, &m, "", "m/84'/0'/0'/0/0", Some(&address));
}

#[test]
fn second_language() {
    let d = data();
    let m = s(&d["spanish12"]["mnemonic"]);
    let address = s(&d["spanish12"]["bitcoin"]["bip84"][0]);
    let space = space(
        &with_token(&m, 5, "?"),
        &Options::new().language(Language::Spanish),
        &[""],
    );
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Bitcoin).gap(1),
    );
    expect(&space, &f, &m, "", "m/84'/0'/0'/0/0", Some(&address));
}

#[test]
fn ethereum() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let address = s(&d["english12"]["ethereum"][1]);
    let space = space(&with_token(&m, 11, "?"), &english(), &[""]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Ethereum).gap(3),
    );
    expect(&space, &f, &m, "", "m/44'/60'/0'/0/1", Some(&address));
}

#[test]
fn solana() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let address = s(&d["english12"]["solana"][2]);
    let space = space(&with_token(&m, 1, "?"), &english(), &[""]);
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        Paths::new(Coin::Solana).gap(3),
    );
    expect(&space, &f, &m, "", "m/44'/501'/2'/0'", Some(&address));
    // The `*` of `m/44'/501'/*'/0'` is the account: the address's index is 2.
    assert_eq!(f.address_index, Some(2));
}

#[test]
fn cardano_12_and_24_words() {
    let d = data();
    for (key, position) in [("english12", 3), ("english24", 23)] {
        let m = s(&d[key]["mnemonic"]);
        let address = s(&d[key]["cardano"][1]);
        let space = space(&with_token(&m, position, "?"), &english(), &[""]);
        let f = found(
            &space,
            &address_target(std::slice::from_ref(&address)),
            Paths::new(Coin::Cardano).gap(2),
        );
        expect(&space, &f, &m, "", "m/1852'/1815'/0'/0/1", Some(&address));
    }
}

#[test]
fn path_override_with_gap() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let address = s(&d["english12"]["bitcoin"]["bip84"][4]);
    let space = space(&with_token(&m, 11, "?"), &english(), &[""]);
    let paths = Paths::new(Coin::Bitcoin)
        .gap(5)
        .path(PathPattern::parse("m/84'/0'/0'/0/*").unwrap());
    let f = found(
        &space,
        &address_target(std::slice::from_ref(&address)),
        paths,
    );
    expect(&space, &f, &m, "", "m/84'/0'/0'/0/4", Some(&address));
}

#[test]
fn not_found_examines_everything() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let other = s(&d["english12b"]["bitcoin"]["bip84"][0]);
    let space = space(&with_token(&m, 4, "?"), &english(), &[""]);
    match run(
        &space,
        &address_target(&[other]),
        Paths::new(Coin::Bitcoin).gap(1),
    ) {
        Outcome::Exhausted(progress) => {
            assert_eq!(progress.examined, space.size());
            let valid = space.checksum_count_vartime(1 << 20);
            assert!(valid.is_exact());
            assert_eq!(u128::from(progress.passed), valid.value());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn resumed_search_finds_the_same_and_the_checkpoint_holds_no_word() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let address = s(&d["english12"]["bitcoin"]["bip84"][0]);
    let template = with_token(
        &with_token(&m, 11, "?"),
        10,
        "{abandon,ability,able,about,above,absent,absorb,abstract}",
    );
    let words: Vec<&str> = m.split(' ').collect();
    let template = if template.contains(words[10]) {
        template
    } else {
        template.replace("abstract}", &format!("{}}}", words[10]))
    };
    let space = space(&template, &english(), &[""]);
    let target = address_target(std::slice::from_ref(&address));
    let full = match run(&space, &target, Paths::new(Coin::Bitcoin).gap(1)) {
        Outcome::Found(f) => f,
        other => panic!("{other:?}"),
    };
    // A first run, cancelled at once: nothing found, nothing marked done.
    let search = Search::new(&space, &target, Paths::new(Coin::Bitcoin).gap(1)).threads(1);
    let mut checkpoint = Checkpoint::new(&space, [9; 16]);
    let cancelled = search
        .run_vartime(
            0..space.size(),
            &mut checkpoint,
            &AtomicBool::new(true),
            &mut |_, _| {},
        )
        .unwrap();
    assert!(matches!(cancelled, Outcome::Cancelled(_)), "{cancelled:?}");
    // An interrupted run: the indices before the match were searched.
    search
        .run_vartime(
            0..full.index / 4096 * 4096,
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    let text = checkpoint.to_string();
    for word in m.split(' ') {
        assert!(!text.contains(word), "the checkpoint holds a word");
    }
    let mut resumed = Checkpoint::parse(&text, &space).unwrap();
    let already = resumed.done_count();
    let outcome = search
        .run_vartime(
            0..space.size(),
            &mut resumed,
            &AtomicBool::new(false),
            &mut |p, c| {
                assert!(p.examined >= already);
                assert!(!c.to_string().contains(words[0]));
            },
        )
        .unwrap();
    let Outcome::Found(again) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(again.index, full.index);
    expect(&space, &again, &m, "", "m/84'/0'/0'/0/0", Some(&address));
}

#[test]
fn target_errors() {
    let mut target = Target::new();
    assert_eq!(
        target.add_address("bc1qnotanaddress"),
        Err(Error::InvalidAddress)
    );
    assert_eq!(target.add_address("0x1234"), Err(Error::InvalidAddress));
    assert_eq!("notacoin".parse::<Coin>(), Err(Error::UnknownCoin));
    assert!(matches!(
        PathPattern::parse("m/*/*"),
        Err(fastbip32::Error::InvalidPath {
            kind: fastbip32::PathErrorKind::MultipleWildcards,
            ..
        })
    ));
    let bare = Descriptor::parse(
        "wpkh(02e6642fd69bd211f93f7f1f36ca51a26a5290eb2dd1b0d8279a87bb0d480c8443)",
    )
    .unwrap();
    assert_eq!(
        target.add_descriptor(&bare),
        Err(Error::UnsupportedDescriptor)
    );
    let space = space(
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?",
        &english(),
        &[""],
    );
    let search = Search::new(&space, &target, Paths::new(Coin::Bitcoin));
    assert_eq!(search.check(), Err(Error::EmptyTarget));
}

#[test]
fn counts_above_their_maximum_are_errors() {
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let sp = space(&with_token(&m, 11, "?"), &english(), &[""]);
    let target = address_target(&[s(&d["english12"]["bitcoin"]["bip84"][0])]);
    let too_large = |bound, value, max| Err(Error::TooLarge { bound, value, max });
    let cases = [
        (
            Search::new(&sp, &target, Paths::new(Coin::Bitcoin).gap(u32::MAX)),
            too_large(Bound::Gap, u64::from(u32::MAX), 65_536),
        ),
        (
            Search::new(&sp, &target, Paths::new(Coin::Bitcoin).gap(65_537)),
            too_large(Bound::Gap, 65_537, 65_536),
        ),
        (
            Search::new(&sp, &target, Paths::new(Coin::Bitcoin).accounts(1025)),
            too_large(Bound::Accounts, 1025, 1024),
        ),
        (
            Search::new(&sp, &target, Paths::new(Coin::Bitcoin)).threads(5000),
            too_large(Bound::Threads, 5000, 1024),
        ),
        (
            Search::new(
                &sp,
                &target,
                Paths::new(Coin::Bitcoin).gap(65_536).accounts(1024),
            )
            .threads(1024),
            Ok(()),
        ),
    ];
    for (search, expected) in cases {
        assert_eq!(search.check(), expected, "{search:?}");
        if let Err(err) = expected {
            let mut checkpoint = Checkpoint::new(&sp, [1; 16]);
            let outcome = search.run_vartime(
                0..sp.size(),
                &mut checkpoint,
                &AtomicBool::new(false),
                &mut |_, _| {},
            );
            assert_eq!(outcome.unwrap_err(), err);
        }
    }
    assert_eq!(
        Error::TooLarge {
            bound: Bound::Gap,
            value: 70_000,
            max: 65_536
        }
        .to_string(),
        "gap 70000 is more than the most, 65536"
    );
}

#[test]
fn a_checkpoint_belongs_to_its_search() {
    use fastbip32::recovery::{CheckpointField, CheckpointFields};
    let d = data();
    let m = s(&d["english12"]["mnemonic"]);
    let sp = space(&with_token(&m, 11, "?"), &english(), &[""]);
    // Another wallet's addresses: nothing matches, so the first run completes the checkpoint.
    let other = [
        s(&d["english12b"]["bitcoin"]["bip84"][0]),
        s(&d["english12"]["ethereum"][0]),
    ];
    let target = address_target(&other);
    let base = || Paths::new(Coin::Bitcoin).gap(5);
    let mut checkpoint = Checkpoint::new(&sp, [3; 16]);
    assert!(!checkpoint.is_bound());
    let first = Search::new(&sp, &target, base())
        .threads(2)
        .run_vartime(
            0..sp.size(),
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    assert!(
        matches!(first, Outcome::Exhausted(p) if p.examined == 2048),
        "{first:?}"
    );
    assert!(checkpoint.is_bound());
    let text = checkpoint.to_string();
    let mut wider = address_target(&other);
    wider
        .add_address(&s(&d["english12"]["bitcoin"]["bip84"][0]))
        .unwrap();
    let cases = [
        (base().gap(20), &target, CheckpointField::Gap),
        (base().accounts(2), &target, CheckpointField::Accounts),
        (
            Paths::new(Coin::Ethereum).gap(5),
            &target,
            CheckpointField::Coin,
        ),
        (
            base().path(PathPattern::parse("m/84'/0'/0'/1/*").unwrap()),
            &target,
            CheckpointField::Paths,
        ),
        (
            base().change(Change::Receive),
            &target,
            CheckpointField::Paths,
        ),
        (
            base().wallet(fastbip32::recovery::Wallet::LedgerLive),
            &target,
            CheckpointField::Paths,
        ),
        (base(), &wider, CheckpointField::Target),
    ];
    for (paths, target, field) in cases {
        let mut fields = CheckpointFields::new();
        fields.insert(field);
        let expected = Error::CheckpointChanged { fields };
        let mut resumed = Checkpoint::parse(&text, &sp).unwrap();
        let search = Search::new(&sp, target, paths).threads(1);
        assert_eq!(
            search.check_checkpoint(&resumed),
            Err(expected),
            "{field:?}"
        );
        let outcome = search.run_vartime(
            0..sp.size(),
            &mut resumed,
            &AtomicBool::new(false),
            &mut |_, _| {},
        );
        assert_eq!(outcome.unwrap_err(), expected, "{field:?}");
    }
    // The same search resumes, with nothing left to do.
    let mut resumed = Checkpoint::parse(&text, &sp).unwrap();
    let search = Search::new(&sp, &target, base()).threads(1);
    assert_eq!(search.check_checkpoint(&resumed), Ok(()));
    let again = search
        .run_vartime(
            0..sp.size(),
            &mut resumed,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    assert!(matches!(again, Outcome::Exhausted(p) if p.examined_now == 0 && p.examined == 2048));
    // Two fields at once are both named.
    let mut fields = CheckpointFields::new();
    fields.insert(CheckpointField::Gap);
    fields.insert(CheckpointField::Accounts);
    let search = Search::new(&sp, &target, base().gap(6).accounts(3));
    assert_eq!(
        search.check_checkpoint(&Checkpoint::parse(&text, &sp).unwrap()),
        Err(Error::CheckpointChanged { fields })
    );
    assert_eq!(fields.to_string(), "gap and accounts");
}

/// The single-threaded range entry, shard by shard, finds what the threaded search finds (the
/// wallet of the vectors), reports growing counts, and stops when its callback breaks.
#[test]
fn range_entry_finds_what_the_threaded_search_finds() {
    let d = data();
    let w = &d["english12"];
    let mnemonic = s(&w["mnemonic"]);
    let space = space(&with_token(&mnemonic, 5, "?"), &english(), &[""]);
    let target = address_target(&[s(&w["bitcoin"]["bip84"][3])]);
    let paths = || Paths::new(Coin::Bitcoin).gap(4).change(Change::Receive);
    let Outcome::Found(threaded) = run(&space, &target, paths()) else {
        panic!("the threaded search found nothing")
    };
    let search = Search::new(&space, &target, paths());
    let mut found: Option<Found> = None;
    let mut calls = 0;
    for k in 0..4 {
        let shard = space.shard(k, 4).unwrap();
        let len = shard.end - shard.start;
        let mut last = 0;
        let outcome = search
            .search_range_vartime(shard.clone(), &mut |p| {
                assert!(p.examined >= last && p.examined <= len);
                last = p.examined;
                calls += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        match outcome {
            RangeOutcome::Found(f) => {
                assert!(found.is_none() && shard.contains(&f.index));
                found = Some(f);
            }
            RangeOutcome::Exhausted(p) => assert_eq!(p.examined, len),
            other => panic!("{other:?}"),
        }
    }
    let found = found.expect("one shard holds the wallet");
    assert!(calls > 0);
    assert_eq!(found.index, threaded.index);
    assert_eq!(found.address_index, Some(3));
    assert_eq!(found.path.to_string(), "m/84'/0'/0'/0/3");
    assert_eq!(space.to_phrase(found.candidate.words()).as_str(), mnemonic);
    let stopped = search
        .search_range_vartime(0..space.size(), &mut |_| ControlFlow::Break(()))
        .unwrap();
    let RangeOutcome::Stopped(p) = stopped else {
        panic!("{stopped:?}")
    };
    assert!(p.examined > 0 && p.examined < space.size() && p.passed > 0);
    assert!(matches!(
        search.search_range_vartime(0..space.size() + 1, &mut |_| ControlFlow::Continue(())),
        Err(Error::InvalidRange { .. })
    ));
}

/// Chunks reach the checkpoint in index order on any thread count: a cancelled search leaves
/// one finished range from the start.
#[test]
fn a_cancelled_search_leaves_a_done_prefix() {
    let d = data();
    let mnemonic = s(&d["english12"]["mnemonic"]);
    let template = with_token(&with_token(&mnemonic, 5, "?"), 2, "?");
    let space = space(&template, &english(), &[""]);
    // An address of another wallet: nothing matches.
    let target = address_target(&[s(&d["english12b"]["bitcoin"]["bip84"][0])]);
    for threads in [1, 2, 3] {
        let mut checkpoint = Checkpoint::new(&space, [2; 16]);
        let cancel = AtomicBool::new(false);
        let mut ticks = 0;
        let outcome = Search::new(&space, &target, Paths::new(Coin::Bitcoin).gap(1))
            .threads(threads)
            .tick(Duration::ZERO)
            .run_vartime(0..space.size(), &mut checkpoint, &cancel, &mut |_, _| {
                ticks += 1;
                if ticks == 3 {
                    cancel.store(true, Ordering::Relaxed);
                }
            })
            .unwrap();
        let Outcome::Cancelled(progress) = outcome else {
            panic!("{outcome:?}")
        };
        let done = checkpoint.done();
        assert_eq!(done.len(), 1, "{threads} threads: {done:?}");
        assert_eq!(done[0].start, 0);
        assert_eq!(done[0].end, progress.examined);
        assert!(progress.examined >= 3 * 4096 && progress.examined < space.size());
    }
}
