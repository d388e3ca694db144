//! `recover` leaves no secret in the heap blocks it frees: the found record (the mnemonic, or
//! the SLIP-39 share of `--seed slip39`) and a passphrase list read from a pipe. The scanning allocator (`tests/it/allocator.rs` of the
//! library) looks at every block before it is freed, and at every block a reallocation moves
//! away from.
//!
//! The tests use a mnemonic and passphrases no other test of this binary uses: the scanner
//! watches every thread's frees, and another test's copies would count. Standard output is a
//! wiping buffer reserved in advance, so the harness's own buffer leaves nothing either.

use core::fmt::Write as _;
use std::io::Write as _;
use std::os::fd::AsRawFd as _;

use fastbip32::mnemonic::Mnemonic;
use fastbip32::{ExtendedPrivateKey, Network, Secp256k1};
use zeroize::Zeroizing;

use crate::allocator::freed_blocks_holding;

/// BIP-39's third English vector (entropy 0x80…).
const PHRASE: &str =
    "letter advice cage absurd amount doctor acoustic avoid letter advice cage above";

/// BIP-39's fourth English vector (entropy 0xff…), for the passphrase test: the tests run
/// side by side, and each must free no copy of what the other watches.
const OTHER_PHRASE: &str = "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong";

/// The first BIP-84 receive address of `phrase` with `passphrase` (the search's input, not
/// what is checked: the tests check the memory the run frees).
fn address(phrase: &str, passphrase: &str) -> String {
    let seed = Mnemonic::parse(phrase).unwrap().to_seed(passphrase);
    let root = ExtendedPrivateKey::<Secp256k1>::from_seed(seed.expose()).unwrap();
    let key = root.derive_path("m/84'/0'/0'/0/0").unwrap().public_key();
    fastbip32::address::bitcoin::p2wpkh(&key, Network::Mainnet)
        .as_str()
        .to_owned()
}

/// 32 bytes of `text` from `at`.
fn window(text: &str, at: usize) -> [u8; 32] {
    text.as_bytes()[at..at + 32].try_into().unwrap()
}

/// Runs the tool in-process with `stdin`; standard output goes to a wiping buffer that is
/// never reallocated. Returns the exit code and whether standard output holds `needle`.
fn run_wiped(args: &[&str], stdin: &mut dyn std::io::Read, needle: &str) -> (i32, bool) {
    let mut stdout = Zeroizing::new(Vec::with_capacity(1 << 16));
    let mut stderr = Vec::with_capacity(1 << 16);
    let mut command_line = vec!["fastbip32"];
    command_line.extend_from_slice(args);
    let code = fastbip32_cli::run(command_line, stdin, &mut *stdout, &mut stderr);
    assert!(
        stdout.capacity() == 1 << 16,
        "standard output was reallocated"
    );
    let found = core::str::from_utf8(&stdout).is_ok_and(|text| text.contains(needle));
    (code, found)
}

#[test]
fn the_found_record_frees_no_mnemonic() {
    let target = address(PHRASE, "");
    // The unknown word is "amount": neither window is in the template.
    let template = PHRASE.replace("amount", "?");
    let secrets = [window(PHRASE, 20), window(PHRASE, 30)];
    for json in [false, true] {
        let mut args = vec![
            "recover",
            "--mnemonic",
            template.as_str(),
            "--address",
            target.as_str(),
            "--gap",
            "1",
            "--threads",
            "2",
            "--language",
            "english",
        ];
        if json {
            args.push("--json");
        }
        let mut found = (0, false);
        let hits = freed_blocks_holding(&secrets, || {
            found = run_wiped(&args, &mut std::io::empty(), PHRASE);
        });
        assert_eq!(found, (0, true), "json: {json}");
        assert_eq!(hits, 0, "json: {json}");
    }
}

/// Runs a search whose passphrases come through a pipe (`--passphrases /dev/fd/N`), with the
/// scanner looking for `secrets`: the exit code, whether the record names `right`, and the
/// hits.
fn search_through_a_pipe(list: &str, right: &str, secrets: &[[u8; 32]]) -> ((i32, bool), usize) {
    let target = address(OTHER_PHRASE, right);
    let mut text = Zeroizing::new(String::with_capacity(list.len()));
    text.push_str(list);
    let (reader, mut writer) = std::io::pipe().unwrap();
    let path = format!("/dev/fd/{}", reader.as_raw_fd());
    let feeder = std::thread::spawn(move || {
        writer.write_all(text.as_bytes()).unwrap();
    });
    let mut found = (0, false);
    let hits = freed_blocks_holding(secrets, || {
        found = run_wiped(
            &[
                "recover",
                "--mnemonic",
                OTHER_PHRASE,
                "--passphrases",
                &path,
                "--address",
                &target,
                "--gap",
                "1",
                "--threads",
                "2",
            ],
            &mut std::io::empty(),
            right,
        );
        feeder.join().unwrap();
    });
    drop(reader);
    (found, hits)
}

#[test]
fn passphrases_from_a_pipe_leave_no_copy() {
    // A list of more than 64 KiB, so the reader moves to a larger buffer at least once; the
    // right passphrase (40 bytes) near the end.
    let right = "fastbip32 freed-memory passphrase 0042!!";
    let mut list = String::new();
    for i in 0..2500 {
        writeln!(list, "a wrong passphrase of the pipe test {i:05}").unwrap();
    }
    list.push_str(right);
    list.push('\n');
    assert!(list.len() > 64 * 1024);
    // A wrong passphrase (in the list only: lines 01000 to 01009), then the right one (in the
    // record too).
    let line = "a wrong passphrase of the pipe test 01000";
    for secrets in [[window(line, 8)], [window(right, 4)]] {
        let (found, hits) = search_through_a_pipe(&list, right, &secrets);
        assert_eq!(found, (0, true));
        assert_eq!(hits, 0, "{:?}", core::str::from_utf8(&secrets[0]));
    }
}

#[test]
fn listed_phrases_leave_no_copy() {
    // BIP-39's second English vector with its last word ("yellow") unknown: the listing
    // writes every checksum-valid completion, the real one among them.
    const LISTED: &str =
        "legal winner thank year wave sausage worth useful legal winner thank yellow";
    let template = LISTED.replace("yellow", "?");
    // The last 32 bytes: "...thank yellow", in no template.
    let secrets = [window(LISTED, LISTED.len() - 32)];
    for json in [false, true] {
        let mut args = vec![
            "recover",
            "--mnemonic",
            template.as_str(),
            "--language",
            "english",
            "--list",
        ];
        if json {
            args.push("--json");
        }
        let mut found = (0, false);
        let hits = freed_blocks_holding(&secrets, || {
            found = run_wiped(&args, &mut std::io::empty(), LISTED);
        });
        assert_eq!(found, (0, true), "json: {json}");
        assert_eq!(hits, 0, "json: {json}");
    }
}

/// SLIP-39's published vector 23 (2-of-3, 256 bits; `tests/data/slip39_vectors.json`), which
/// no other test of this binary uses: its shares and xprv.
fn slip39_vector() -> (Vec<String>, String) {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../../../tests/data/slip39_vectors.json")).unwrap();
    let case = data["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c[0].as_str().unwrap().starts_with("23. "))
        .unwrap();
    let shares = case[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect();
    (shares, case[3].as_str().unwrap().to_owned())
}

#[test]
fn the_found_share_frees_no_copy() {
    let (shares, xprv) = slip39_vector();
    let xprv: ExtendedPrivateKey<Secp256k1> = xprv.parse().unwrap();
    let fingerprint = xprv.fingerprint().to_string();
    // The second share's eleventh word unknown: the windows around it are not in the input.
    let words: Vec<&str> = shares[1].split(' ').collect();
    let at = words[..10].iter().map(|w| w.len() + 1).sum::<usize>();
    let mut template = words.clone();
    template[10] = "?";
    let input = format!("{}\n{}\n", shares[0], template.join(" "));
    let secrets = [
        window(&shares[1], at.saturating_sub(16)),
        window(&shares[1], at.saturating_sub(8)),
    ];
    for secret in &secrets {
        assert!(!input.as_bytes().windows(32).any(|w| w == secret));
    }
    for json in [false, true] {
        let mut args = vec![
            "recover",
            "--seed",
            "slip39",
            "--shares",
            "-",
            "--passphrase",
            "TREZOR",
            "--fingerprint",
            fingerprint.as_str(),
        ];
        if json {
            args.push("--json");
        }
        let mut found = (0, false);
        let hits = freed_blocks_holding(&secrets, || {
            found = run_wiped(&args, &mut input.as_bytes(), &shares[1]);
        });
        assert_eq!(found, (0, true), "json: {json}");
        assert_eq!(hits, 0, "json: {json}");
    }
}
