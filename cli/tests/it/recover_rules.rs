//! `fastbip32 recover --passphrase-rule`: variants of a base passphrase and masks, counted
//! before the search, split by shards and bound to the checkpoint. The wallet is
//! `tests/data/recovery.json`'s english12 with its passphrase "correct horse" (addresses
//! from `bip_utils`); the counts follow the rule order documented in
//! `src/recovery/passphrase_rules.rs` and are worked out in the comments.

use crate::common::run_in_process;
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/recovery.json");

/// The mnemonic, its passphrase, and the first BIP-84 receive address with that passphrase.
fn wallet() -> (String, String, String) {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap().to_owned();
    let pass = d["english12"]["passphrase"].as_str().unwrap().to_owned();
    let address = d["english12"]["bitcoin_passphrase"]["bip84"][0]
        .as_str()
        .unwrap()
        .to_owned();
    (m, pass, address)
}

/// `recover` of the whole mnemonic, the base passphrase on standard input, `rule`, `extra`.
fn run(rule: &str, base: &str, extra: &[&str]) -> crate::common::Output {
    let (m, _, address) = wallet();
    let mut args = vec![
        "recover",
        "--mnemonic",
        &m,
        "--passphrase",
        "-",
        "--passphrase-rule",
        rule,
        "--address",
        &address,
        "--gap",
        "1",
        "--change",
        "receive",
        "--json",
        "--threads",
        "2",
    ];
    args.extend_from_slice(extra);
    run_in_process(&args, format!("{base}\n").as_bytes())
}

#[test]
fn a_case_and_digit_rule_finds_the_passphrase_and_shows_the_count() {
    let (_, pass, _) = wallet();
    // "CORRECT HORSE" with `case`: as given, lowercase "correct horse", (uppercase: the
    // same as given, dropped), capitalised "Correct horse", first letter toggled
    // "cORRECT HORSE": 4 stems. `digits:1` appends nothing or one digit: 11 suffixes. The
    // whole mnemonic is one phrase, so the space is 4 × 11 = 44 candidates and "correct
    // horse" (stem 1, no suffix) is index 1 × 11 + 0 = 11.
    let out = run("case,digits:1", "CORRECT HORSE", &[]);
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["passphrase"], pass.as_str());
    assert_eq!(record["candidate"], 11);
    assert!(
        out.stderr.contains(
            "space: 44 candidates, 44 pass the checksum; 44 passphrases from --passphrase-rule"
        ),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("correct"), "{}", out.stderr);
    // Shards split the passphrases by index: 1/2 is 0..22 (found), 2/2 is 22..44 (not).
    let out = run("case,digits:1", "CORRECT HORSE", &["--shard", "1/2"]);
    assert_eq!(out.code, 0, "{out:?}");
    let out = run("case,digits:1", "CORRECT HORSE", &["--shard", "2/2"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_mask_base_finds_the_passphrase() {
    let (_, pass, _) = wallet();
    // "correct hors?l": 26 passphrases, "correct horse" the fifth (e).
    let out = run("mask", "correct hors?l", &[]);
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["passphrase"], pass.as_str());
    assert_eq!(record["candidate"], 4);
    assert!(
        out.stderr
            .contains("; 26 passphrases from --passphrase-rule"),
        "{}",
        out.stderr
    );
}

#[test]
fn dry_run_counts_and_samples_the_rules() {
    // "horse" with `case`: horse, HORSE, Horse (the toggle is "Horse" again): 3.
    let out = run("case", "horse", &["--dry-run"]);
    assert_eq!(out.code, 0, "{out:?}");
    let plan: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(plan["candidates"], 3);
    assert_eq!(plan["checksum_valid"], 3);
    assert_eq!(plan["passphrases"], 3);
    let examples: Vec<&str> = plan["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["passphrase"].as_str().unwrap())
        .collect();
    assert_eq!(examples, ["horse", "HORSE", "Horse"]);
}

#[test]
fn bad_rules_are_one_line_usage_errors() {
    let out = run("case,shout", "horse", &[]);
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --passphrase-rule: passphrase rule item 2 is not case, subst, typos:N, alphabet:SPEC, digits:A-B or years:A-B within bounds\n"
    );
    let out = run("mask", "horse?x", &[]);
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --passphrase-rule: the ? at byte 6 is not ?l, ?u, ?d, ?s, ?a or ??\n"
    );
    assert!(!out.stderr.contains("horse"));
}

#[test]
fn a_checkpoint_of_other_rules_is_refused() {
    let (m, _, _) = wallet();
    let d: Value = serde_json::from_str(DATA).unwrap();
    // Another wallet's address: nothing matches, the checkpoint is complete.
    let other = d["english12b"]["bitcoin"]["bip84"][0].as_str().unwrap();
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("resume");
    let file = file.to_str().unwrap();
    let args = |rule: &'static str| {
        vec![
            "recover",
            "--mnemonic",
            &m,
            "--passphrase",
            "-",
            "--passphrase-rule",
            rule,
            "--address",
            other,
            "--gap",
            "1",
            "--resume",
            file,
            "--threads",
            "2",
        ]
    };
    let out = run_in_process(&args("case"), b"horse\n");
    assert_eq!(out.code, 1, "{out:?}");
    let out = run_in_process(&args("case,digits:1"), b"horse\n");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        format!("error: invalid --resume {file}: the checkpoint belongs to a search with another passphrases: resuming it would skip candidates this search has not examined (use a new checkpoint file, or search as before) (--passphrase, --passphrases or --passphrase-rule)\n")
    );
    // Another base with the same rule is refused too.
    let out = run_in_process(&args("case"), b"house\n");
    assert_eq!(out.code, 2, "{out:?}");
    // The same rule and base resume.
    let out = run_in_process(&args("case"), b"horse\n");
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr
            .contains("resuming: 3 of 3 candidates already searched\n"),
        "{}",
        out.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rules_take_one_base_not_a_list() {
    let (m, _, address) = wallet();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &m,
            "--passphrases",
            "-",
            "--passphrase-rule",
            "case",
            "--address",
            &address,
        ],
        b"horse\n",
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
}
