//! `fastbip32 recover --seed slip39 --shares FILE|-`: SLIP-39's published vectors
//! (`tests/data/slip39_vectors.json`, passphrase `TREZOR`) with a word of the second share
//! unknown, found by the master fingerprint, an account xpub or an address of the vector's
//! published xprv: the record's share is the published share. A wrong passphrase finds
//! nothing; two `?`, a share with a bad checksum and options of a phrase search are usage
//! errors of one line.

use crate::common::{hash160_prefix, run_in_process};
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/slip39_vectors.json");

/// The shares and the xprv of the vector named `name` (its description's start).
fn vector(name: &str) -> (Vec<String>, String) {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let case = d["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c[0].as_str().unwrap().starts_with(name))
        .unwrap();
    let shares = case[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect();
    (shares, case[3].as_str().unwrap().to_owned())
}

/// The shares one a line, word `position` of share `share` replaced by `?`.
fn with_unknown(shares: &[String], share: usize, position: usize) -> String {
    let mut lines = shares.to_vec();
    let mut words: Vec<&str> = shares[share].split(' ').collect();
    words[position] = "?";
    lines[share] = words.join(" ");
    lines.join("\n") + "\n"
}

/// A file holding `text`, in a directory of this test's own.
fn file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fastbip32-slip39-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shares.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// A JSON field of `derive --xkey - --path PATH --json` from `xprv`.
fn derived(xprv: &str, path: &str, field: &str) -> String {
    let out = run_in_process(
        &["derive", "--xkey", "-", "--path", path, "--json"],
        xprv.as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    record[field].as_str().unwrap().to_owned()
}

/// The master fingerprint of `xprv`: the first 4 bytes of HASH160 of its public key.
fn fingerprint(xprv: &str) -> String {
    let out = run_in_process(&["inspect", "-"], xprv.as_bytes());
    assert_eq!(out.code, 0, "{out:?}");
    let public = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("public_key: "))
        .unwrap();
    hash160_prefix(public)
}

#[test]
fn finds_the_unknown_word_of_the_second_share_by_fingerprint() {
    let (shares, xprv) = vector("4. Basic sharing 2-of-3 (128 bits)");
    let path = file("fingerprint", &with_unknown(&shares, 1, 7));
    let fp = fingerprint(&xprv);
    let out = run_in_process(
        &[
            "recover",
            "--seed",
            "slip39",
            "--shares",
            path.to_str().unwrap(),
            "--passphrase",
            "-",
            "--fingerprint",
            &fp,
        ],
        b"TREZOR\n",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let share = format!("share: {}\n", shares[1]);
    assert!(out.stdout.starts_with(&share), "{out:?}");
    assert!(out
        .stdout
        .contains("\nshare_number: 2\npath: m\naddress: -\nmatched: fingerprint\n"));
    // The share is on standard output only.
    assert!(!out.stderr.contains(&shares[1]), "{out:?}");
    assert!(
        out.stderr
            .starts_with("space: 1024 candidates, 1 pass the checksum (RS1024)\n"),
        "{out:?}"
    );
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn finds_a_256_bit_group_share_by_xpub_and_by_address() {
    let (shares, xprv) =
        vector("36. Threshold number of groups and members in each group (256 bits");
    assert!(shares.len() > 2);
    let xpub = derived(&xprv, "m/84'/0'/0'", "xpub");
    let public = derived(&xprv, "m/84'/0'/0'/0/3", "public_key");
    let hash = hex::decode(hash160_hex(&public)).unwrap();
    let address = bech32::segwit::encode_v0(bech32::Hrp::parse("bc").unwrap(), &hash).unwrap();
    let path = file("group", &with_unknown(&shares, 1, 12));
    for target in [["--xpub", xpub.as_str()], ["--address", address.as_str()]] {
        let out = run_in_process(
            &[
                "recover",
                "--seed",
                "slip39",
                "--shares",
                path.to_str().unwrap(),
                "--passphrase",
                "TREZOR",
                target[0],
                target[1],
                "--gap",
                "5",
                "--json",
            ],
            b"",
        );
        assert_eq!(out.code, 0, "{out:?}");
        let record: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
        assert_eq!(record["share"], shares[1].as_str());
        assert_eq!(record["share_number"], 2);
        if target[0] == "--address" {
            assert_eq!(record["address"], address.as_str());
            assert_eq!(record["path"], "m/84'/0'/0'/0/3");
            assert_eq!(record["address_index"], 3);
            assert_eq!(record["matched"], "address");
        } else {
            assert_eq!(record["path"], "m/84'/0'/0'");
            assert_eq!(record["matched"], "xpub");
        }
        // A passphrase on the command line is noted.
        assert!(out.stderr.contains("--passphrase"), "{out:?}");
    }
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// HASH160 of the hex bytes `hex_data`, as hex.
fn hash160_hex(hex_data: &str) -> String {
    use sha2::Digest as _;
    let sha = sha2::Sha256::digest(hex::decode(hex_data).unwrap());
    hex::encode(ripemd::Ripemd160::digest(sha))
}

#[test]
fn a_wrong_passphrase_finds_nothing_and_dry_run_counts() {
    let (shares, xprv) = vector("4. Basic sharing 2-of-3 (128 bits)");
    let fp = fingerprint(&xprv);
    let text = with_unknown(&shares, 1, 7);
    let out = run_in_process(
        &[
            "recover",
            "--seed",
            "slip39",
            "--shares",
            "-",
            "--fingerprint",
            &fp,
        ],
        text.as_bytes(),
    );
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.ends_with(
            "searched 1024 candidates (1 passed the checksum): no match (coin bitcoin; paths m; gap 20)\n"
        ),
        "{out:?}"
    );
    let out = run_in_process(
        &[
            "recover",
            "--seed",
            "slip39",
            "--shares",
            "-",
            "--fingerprint",
            &fp,
            "--dry-run",
            "--json",
        ],
        text.as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    let plan: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!(plan["candidates"], 1024);
    // RS1024 has distance 4: of the 1024 words exactly the true one passes.
    assert_eq!(plan["checksum_valid"], 1);
    assert_eq!(plan["share"], 2);
    assert!(!out.stdout.contains(&shares[0]));
}

#[test]
fn share_sets_and_options_it_cannot_search_are_one_line_usage_errors() {
    let (shares, xprv) = vector("4. Basic sharing 2-of-3 (128 bits)");
    let fp = fingerprint(&xprv);
    let one = with_unknown(&shares, 1, 7);
    let two = one.replacen("shadow", "?", 1);
    let mut first: Vec<&str> = shares[0].split(' ').collect();
    first[19] = "academic";
    let bad = format!("{}\n{}", first.join(" "), one.lines().nth(1).unwrap());
    let cases: [(&str, &[&str], &str); 5] = [
        (&two, &[], "invalid --shares: the SLIP-39 shares hold 2 unknown words (?); the search takes exactly one"),
        (&bad, &[], "invalid --shares: SLIP-39 share 1: the SLIP-39 share's checksum does not match"),
        (&one, &["--resume", "x.ckpt"], "--seed slip39 does not take --resume"),
        (&one, &["--shard", "1/2"], "--seed slip39 does not take --shard"),
        (&one, &["--coin", "cardano"], "invalid --coin: cardano derives its keys from an Icarus root"),
    ];
    for (text, extra, expected) in cases {
        let mut args = vec![
            "recover",
            "--seed",
            "slip39",
            "--shares",
            "-",
            "--fingerprint",
            &fp,
        ];
        args.extend_from_slice(extra);
        let out = run_in_process(&args, text.as_bytes());
        assert_eq!(out.code, 2, "{out:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
        assert!(
            out.stderr.starts_with(&format!("error: {expected}")),
            "{out:?}"
        );
        for share in &shares {
            assert!(!out.stderr.contains(share.as_str()));
        }
    }
    // --shares belongs to --seed slip39; one standard input for shares and passphrase.
    let out = run_in_process(
        &["recover", "--shares", "-", "--fingerprint", &fp],
        one.as_bytes(),
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: --shares is the share set of --seed slip39\n"
    );
    let out = run_in_process(
        &[
            "recover",
            "--seed",
            "slip39",
            "--shares",
            "-",
            "--passphrase",
            "-",
            "--fingerprint",
            &fp,
        ],
        one.as_bytes(),
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains("cannot both read standard input"),
        "{out:?}"
    );
}

#[test]
fn a_misspelled_word_is_searched_as_the_unknown_word() {
    let (shares, xprv) = vector("4. Basic sharing 2-of-3 (128 bits)");
    let fp = fingerprint(&xprv);
    let text = format!(
        "{}\n{}\n",
        shares[0],
        shares[1].replace(" unknown ", " unknwon ")
    );
    assert!(!text.contains(&shares[1]));
    let out = run_in_process(
        &[
            "recover",
            "--seed",
            "slip39",
            "--shares",
            "-",
            "--fingerprint",
            &fp,
            "--passphrase",
            "TREZOR",
            "--json",
        ],
        text.as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!(record["share"], shares[1].as_str());
    assert_eq!(record["share_number"], 2);
}
