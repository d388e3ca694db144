//! `fastbip32 recover --list`: the checksum-valid phrases of a space on standard output for
//! another tool, refused on a terminal. Each listed phrase is checked by the `bip39` crate
//! (an independent BIP-39 implementation); BIP-39 fixes that one last word in 16 completes
//! 11 known words of a 12-word phrase (4 checksum bits), so 128 of 2048.

use crate::common::run_in_process;
use serde_json::Value;

/// BIP-39's first English vector with its last word ("about") unknown.
const TEMPLATE: &str =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?";

fn list(extra: &[&str], stdin: &[u8]) -> crate::common::Output {
    let mut args = vec![
        "recover",
        "--mnemonic",
        "-",
        "--language",
        "english",
        "--list",
    ];
    args.extend_from_slice(extra);
    let mut input = format!("{TEMPLATE}\n").into_bytes();
    input.extend_from_slice(stdin);
    run_in_process(&args, &input)
}

fn valid(phrase: &str) -> bool {
    bip39::Mnemonic::parse_in_normalized(bip39::Language::English, phrase).is_ok()
}

#[test]
fn lists_every_checksum_valid_phrase_once() {
    let out = list(&[], b"");
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 128);
    assert!(lines.iter().all(|l| valid(l)), "{lines:?}");
    let distinct: std::collections::BTreeSet<&str> = lines.iter().copied().collect();
    assert_eq!(distinct.len(), 128);
    // In index order: "about" is word 3 of the list, the first with the right checksum.
    assert_eq!(lines[0], TEMPLATE.replace('?', "about"));
    assert_eq!(
        out.stderr,
        "space: 2048 candidates, 128 pass the checksum\nlisted 128 phrases\n"
    );
    // The two shards list the two halves, in order.
    let first = list(&["--shard", "1/2"], b"");
    let second = list(&["--shard", "2/2"], b"");
    assert_eq!(first.code, 0, "{first:?}");
    assert_eq!(second.code, 0, "{second:?}");
    assert_eq!(format!("{}{}", first.stdout, second.stdout), out.stdout);
}

#[test]
fn json_records_name_the_candidate_and_the_passphrase() {
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("passphrases");
    std::fs::write(&file, "\nTREZOR\n").unwrap();
    let out = list(&["--json", "--passphrases", file.to_str().unwrap()], b"");
    assert_eq!(out.code, 0, "{out:?}");
    let records: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 256);
    // Index = passphrase × 2048 + last word (the order of `src/recovery.rs`).
    assert_eq!(records[0]["candidate"], 3);
    assert_eq!(records[0]["passphrase"], "");
    assert_eq!(records[128]["candidate"], 2048 + 3);
    assert_eq!(records[128]["passphrase"], "TREZOR");
    for r in &records {
        assert!(valid(r["mnemonic"].as_str().unwrap()));
    }
    // Text lines would not say which passphrase: refused.
    let out = list(&["--passphrases", file.to_str().unwrap()], b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: --list with several passphrases needs --json (each record names its passphrase)\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refused_on_a_terminal_and_with_a_target() {
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let code = fastbip32_cli::run_process(
        [
            "fastbip32",
            "recover",
            "--mnemonic",
            "-",
            "--language",
            "english",
            "--list",
        ],
        &mut format!("{TEMPLATE}\n").as_bytes(),
        &mut stdout,
        &mut stderr,
        fastbip32_cli::Terminals {
            stdout: true,
            ..fastbip32_cli::Terminals::default()
        },
    );
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert_eq!(
        String::from_utf8(stderr).unwrap(),
        "error: --list writes secret phrases for another tool: send standard output to a pipe or a file, not a terminal\n"
    );
    // A target, a seed kind or an address database beside --list: one-line usage errors.
    for extra in [
        &["--address", "bc1qejl9xacvuwn55857qa8jtm6ettgkla6ps0thaq"][..],
        &["--seed", "electrum"][..],
        &["--address-db", "addresses.db"][..],
    ] {
        let out = list(extra, b"");
        assert_eq!(out.code, 2, "{extra:?}: {out:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{extra:?}: {out:?}");
        assert!(out.stdout.is_empty());
    }
}
