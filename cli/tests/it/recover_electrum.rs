//! `fastbip32 recover --seed electrum`: Electrum's own test wallets
//! (`tests/data/electrum_seeds.json`, from Electrum's `test_wallet_vertical.py`) found with a
//! word unknown; the seed kind in the checkpoint; usage errors of one line.

use crate::common::run_in_process;
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/electrum_seeds.json");

fn wallet(name: &str) -> Value {
    let d: Value = serde_json::from_str(DATA).unwrap();
    d["wallets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["name"] == name)
        .unwrap()
        .clone()
}

fn words(w: &Value) -> String {
    w["words"].as_str().unwrap().to_string()
}

fn unknown(m: &str, position: usize) -> String {
    let mut words: Vec<&str> = m.split(' ').collect();
    words[position] = "?";
    words.join(" ")
}

#[test]
fn finds_a_standard_wallet_with_a_word_unknown() {
    let w = wallet("test_electrum_seed_standard");
    let m = words(&w);
    let address = w["receive_0"].as_str().unwrap();
    let stdin = format!("{}\n", unknown(&m, 3));
    let out = run_in_process(
        &[
            "recover",
            "--seed",
            "electrum",
            "--mnemonic",
            "-",
            "--address",
            address,
            "--gap",
            "1",
            "--json",
            "--threads",
            "2",
        ],
        stdin.as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!(record["mnemonic"], m.as_str());
    assert_eq!(record["path"], "m/0/0");
    assert_eq!(record["address"], address);
    assert!(
        out.stderr
            .contains("space: 2048 candidates, about 8 pass the version check"),
        "{}",
        out.stderr
    );
    for word in m.split(' ') {
        assert!(!out.stderr.contains(word), "{word:?} in {:?}", out.stderr);
    }
}

#[test]
fn finds_a_segwit_wallet_with_its_passphrase() {
    let w = wallet("test_electrum_seed_segwit_passphrase");
    let m = words(&w);
    let passphrase =
        String::from_utf8(hex::decode(w["passphrase_hex"].as_str().unwrap()).unwrap()).unwrap();
    let address = w["change_0"].as_str().unwrap();
    let stdin = format!("{}\n{passphrase}\n", unknown(&m, 0));
    let out = run_in_process(
        &[
            "recover",
            "--seed",
            "electrum",
            "--mnemonic",
            "-",
            "--passphrase",
            "-",
            "--address",
            address,
            "--gap",
            "2",
        ],
        stdin.as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout
            .starts_with(&format!("mnemonic: {m}\npassphrase: ")),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains(&format!("\npath: m/0'/1/0\naddress: {address}\n")),
        "{}",
        out.stdout
    );
}

#[test]
fn a_checkpoint_of_another_seed_kind_is_refused() {
    let w = wallet("test_electrum_seed_standard");
    let template = unknown(&words(&w), 11);
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-seed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("resume");
    let file = file.to_str().unwrap();
    let args = |seed: &str| {
        vec![
            "recover".to_owned(),
            "--seed".to_owned(),
            seed.to_owned(),
            "--mnemonic".to_owned(),
            template.clone(),
            "--address".to_owned(),
            w["receive_0"].as_str().unwrap().to_owned(),
            "--gap".to_owned(),
            "1".to_owned(),
            "--change".to_owned(),
            "change".to_owned(),
            "--resume".to_owned(),
            file.to_owned(),
        ]
    };
    // As BIP-39: no match (receive address, change chain only), the checkpoint complete.
    let out = run_in_process(&args("bip39"), b"");
    assert_eq!(out.code, 1, "{out:?}");
    // As Electrum with the same file: one usage error naming the seed kind.
    let out = run_in_process(&args("electrum"), b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        format!("error: invalid --resume {file}: the checkpoint belongs to a search with another seed: resuming it would skip candidates this search has not examined (use a new checkpoint file, or search as before)\n")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_are_one_line() {
    let w = wallet("test_electrum_seed_standard");
    let template = unknown(&words(&w), 3);
    let address = w["receive_0"].as_str().unwrap();
    // An Ethereum search needs an Ethereum address (EIP-55's first example).
    let ethereum = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    let cases: [(&str, &[&str], &str); 3] = [
        (
            address,
            &["--seed", "bip32"],
            "error: invalid --seed: unknown seed kind (expected bip39, electrum or slip39)\n",
        ),
        (
            ethereum,
            &["--seed", "electrum", "--coin", "ethereum", "--path", "m/0/*"],
            "error: invalid --seed electrum: Electrum seeds are Bitcoin wallets: search them with the coin bitcoin\n",
        ),
        (
            address,
            &["--seed", "electrum", "--dry-run"],
            "error: --dry-run lists checksum-valid BIP-39 candidates; it does not take --seed electrum\n",
        ),
    ];
    for (address, extra, expected) in cases {
        let mut args = vec!["recover", "--mnemonic", &template, "--address", address];
        args.extend_from_slice(extra);
        let out = run_in_process(&args, b"");
        assert_eq!(out.code, 2, "{extra:?}: {out:?}");
        assert_eq!(out.stderr, expected, "{extra:?}");
        assert!(out.stdout.is_empty());
    }
}
