//! `fastbip32 recover --max-eta`: a search whose estimated time passes the limit is refused
//! with one line naming the ETA, before it starts (a lower bound from the fastest seed rate)
//! or once its rate is measured; `--yes` searches anyway. Wallets from
//! `tests/data/recovery.json` (bip_utils).

use core::fmt::Write as _;

use crate::common::run_in_process;
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/recovery.json");

/// BIP-39's first vector's words with the last `n` unknown.
fn abandon(n: usize) -> String {
    let mut words = vec!["abandon"; 12 - n];
    words.extend(core::iter::repeat_n("?", n));
    words.join(" ")
}

fn other_address() -> String {
    let d: Value = serde_json::from_str(DATA).unwrap();
    d["english12"]["bitcoin"]["bip84"][0]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Electrum seeds pass Electrum's version check, not BIP-39's checksum: the refusal says so.
#[test]
fn an_electrum_refusal_names_the_version_check() {
    let address = other_address();
    let template = abandon(5);
    let args = [
        "recover",
        "--seed",
        "electrum",
        "--mnemonic",
        &template,
        "--language",
        "english",
        "--address",
        &address,
        "--threads",
        "2",
    ];
    let out = run_in_process(&args, b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr
            .starts_with("error: the search would take at least "),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(" version-valid candidates at most 5000/s per thread on 2 threads), more than --max-eta 30d: narrow the template, or give --yes\n"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("checksum"), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn a_search_past_the_limit_is_refused_before_it_starts() {
    let address = other_address();
    // 5 unknown words: 2048^5 / 16 = 2^51 checksum-valid candidates (4 checksum bits);
    // at 5000 seeds/s on each of 2 threads, 2^51 / 10^4 s = 7140.4 years.
    let template = abandon(5);
    let args = [
        "recover",
        "--mnemonic",
        &template,
        "--language",
        "english",
        "--address",
        &address,
        "--threads",
        "2",
    ];
    let out = run_in_process(&args, b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stdout.is_empty());
    assert_eq!(
        out.stderr,
        "error: the search would take at least 7140.4 years (2251799813685248 checksum-valid candidates at most 5000/s per thread on 2 threads), more than --max-eta 30d: narrow the template, or give --yes\n"
    );
    // A bad duration is a usage error too.
    let mut bad = args.to_vec();
    bad.extend(["--max-eta", "30"]);
    let out = run_in_process(&bad, b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --max-eta: expected a number and a unit, s, m, h, d or y (e.g. 2h, 30d)\n"
    );
}

#[test]
fn yes_searches_anyway() {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap();
    let pass = d["english12"]["passphrase"].as_str().unwrap();
    let address = d["english12"]["bitcoin_passphrase"]["bip84"][0]
        .as_str()
        .unwrap();
    let mut words: Vec<&str> = m.split(' ').collect();
    words[4] = "?";
    let template = words.join(" ");
    // The completions of word 5 that pass the checksum, by the `bip39` crate.
    let valid = (0..2048)
        .filter(|&i| {
            let mut phrase = words.clone();
            phrase[4] = bip39::Language::English.word_list()[i];
            bip39::Mnemonic::parse_in_normalized(bip39::Language::English, &phrase.join(" "))
                .is_ok()
        })
        .count();
    // 50 passphrases, the right one first: valid × 50 checksum-valid candidates (about
    // 128 × 50), at least 6400 / (5000 × 2) = 0.64 s, past --max-eta 0.5s.
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-eta-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("passphrases");
    let mut list = format!("{pass}\n");
    for i in 1..50 {
        writeln!(list, "wrong {i}").unwrap();
    }
    std::fs::write(&file, list).unwrap();
    let file = file.to_str().unwrap();
    let args = [
        "recover",
        "--mnemonic",
        &template,
        "--passphrases",
        file,
        "--address",
        address,
        "--gap",
        "1",
        "--change",
        "receive",
        "--threads",
        "2",
        "--max-eta",
        "0.5s",
        "--json",
    ];
    let out = run_in_process(&args, b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        format!("error: the search would take at least 1 s ({} checksum-valid candidates at most 5000/s per thread on 2 threads), more than --max-eta 0.5s: narrow the template, or give --yes\n", valid * 50)
    );
    let mut yes = args.to_vec();
    yes.push("--yes");
    let out = run_in_process(&yes, b"");
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["mnemonic"], m);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_measured_rate_past_the_limit_stops_the_search() {
    let address = other_address();
    // 2 unknown words: 2^18 checksum-valid candidates, at least 2^18 / 5000 = 52 s on one
    // thread, under --max-eta 60s. With 2 × 1000 addresses a candidate the search is many
    // times slower than PBKDF2 alone: after 2 s its measured ETA passes a minute.
    let template = abandon(2);
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--language",
            "english",
            "--address",
            &address,
            "--gap",
            "1000",
            "--threads",
            "1",
            "--max-eta",
            "60s",
        ],
        b"",
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stdout.is_empty());
    let last = out.stderr.lines().last().unwrap();
    assert!(
        last.starts_with("error: the search would take about ")
            && last.contains(
                " candidates/s, more than --max-eta 60s: narrow the template, or give --yes"
            ),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.matches("error:").count(), 1, "{}", out.stderr);
}
