//! `--raw` and `--fields` on every subcommand that prints records: values alone, one record
//! per line, tab-separated, no labels or header.

use crate::common::{assert_usage_error, run, run_binary, TV1_SEED};

const TV1_XPUB: &str = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";

#[test]
fn mnemonic_raw_is_the_phrase_and_a_newline() {
    let out = run_binary(&["mnemonic", "--raw", "--words", "12"], b"");
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let phrase = out.stdout.strip_suffix('\n').expect("one line");
    assert!(!phrase.contains(['\n', '\t']), "{:?}", out.stdout);
    assert_eq!(phrase.split(' ').count(), 12);
    // The phrase is a valid one.
    let check = run(
        &["mnemonic", "--check", "-", "--raw"],
        out.stdout.as_bytes(),
    );
    assert_eq!(check.stdout, "true\tenglish\t12\n");
    let out = run_binary(
        &[
            "mnemonic",
            "--raw",
            "--fields",
            "language,entropy",
            "--words",
            "15",
        ],
        b"",
    );
    let (language, entropy) = out.stdout.trim_end().split_once('\t').expect("two values");
    assert_eq!((language, entropy.len()), ("english", 40));
}

#[test]
fn raw_and_fields_on_single_records() {
    let out = run(
        &[
            "inspect",
            TV1_XPUB,
            "--raw",
            "--fields",
            "depth,version_name,network",
        ],
        b"",
    );
    assert_eq!(out.stdout, "0\txpub\tmainnet\n");
    let out = run(&["inspect", TV1_XPUB, "--fields", "version", "--json"], b"");
    assert_eq!(out.stdout, "{\"version\":\"0488b21e\"}\n");
    let out = run(
        &[
            "convert",
            TV1_XPUB,
            "--to",
            "zpub",
            "--raw",
            "--fields",
            "version_name",
        ],
        b"",
    );
    assert_eq!(out.stdout, "zpub\n");
    let out = run(&["convert", TV1_XPUB, "--to", "zpub", "--raw"], b"");
    assert!(
        out.stdout.starts_with("zpub6") && out.stdout.ends_with("\tzpub\n"),
        "{out:?}"
    );
    let out = run(
        &[
            "descriptors",
            "--seed",
            "-",
            "--raw",
            "--fields",
            "bip84,bip86",
        ],
        format!("{TV1_SEED}\n").as_bytes(),
    );
    let values: Vec<&str> = out.stdout.trim_end().split('\t').collect();
    assert!(
        values[0].starts_with("wpkh([3442193e/84h/0h/0h]xpub"),
        "{values:?}"
    );
    assert!(
        values[1].starts_with("tr([3442193e/86h/0h/0h]xpub"),
        "{values:?}"
    );
    assert_usage_error(
        &["convert", TV1_XPUB, "--to", "zpub", "--fields", "depth"],
        "",
        "unknown field `depth`",
        None,
    );
    assert_usage_error(&["mnemonic", "--fields", "words"], "", "words", None);
}

#[test]
fn raw_streams_one_line_per_record() {
    let out = run(
        &[
            "derive",
            "--seed",
            "-",
            "--path",
            "m/84'/0'/0'/0/*",
            "--count",
            "3",
            "--address",
            "p2wpkh",
            "--raw",
            "--fields",
            "path,address",
        ],
        format!("{TV1_SEED}\n").as_bytes(),
    );
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{out:?}");
    assert!(lines[2].starts_with("m/84'/0'/0'/0/2\tbc1q"), "{lines:?}");
    let out = run(
        &[
            "addresses",
            "--descriptor",
            &format!("wpkh({TV1_XPUB}/0/*)"),
            "--count",
            "2",
            "--raw",
        ],
        b"",
    );
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{out:?}");
    let cells: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(cells[..2], ["0", "1"], "{cells:?}");
    assert!(cells[2].starts_with("bc1q"), "{cells:?}");
    assert_usage_error(
        &["derive", "--raw", "--json"],
        "",
        "cannot be used with",
        None,
    );
}
