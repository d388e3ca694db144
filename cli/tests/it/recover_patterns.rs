//! `fastbip32 recover` with word patterns (`*ab`, `a*b`, `a?c`): the wallet of
//! `tests/data/recovery.json`'s english12 (addresses from `bip_utils`) found from patterns
//! in place of two of its words.

use crate::common::run_in_process;
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/recovery.json");

#[test]
fn suffix_infix_and_single_letter_patterns_find_the_wallet() {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap();
    let address = d["english12"]["bitcoin"]["bip84"][0].as_str().unwrap();
    // "ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic"
    for (position, pattern) in [(2, "*ab"), (3, "f*r"), (6, "pud?ing"), (11, "p*c*c")] {
        let mut words: Vec<&str> = m.split(' ').collect();
        words[position] = pattern;
        words[0] = "oz*";
        let template = words.join(" ");
        let out = run_in_process(
            &[
                "recover",
                "--mnemonic",
                "-",
                "--language",
                "english",
                "--address",
                address,
                "--gap",
                "1",
                "--change",
                "receive",
                "--json",
                "--threads",
                "2",
            ],
            format!("{template}\n").as_bytes(),
        );
        assert_eq!(out.code, 0, "{pattern}: {out:?}");
        let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
        assert_eq!(record["mnemonic"], m, "{pattern}");
    }
    // A pattern no word matches: one line naming its position.
    let template = m.replace("grab", "*qx");
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            "-",
            "--language",
            "english",
            "--address",
            address,
        ],
        format!("{template}\n").as_bytes(),
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --mnemonic: no word of the word list matches the pattern at word 3\n"
    );
}
