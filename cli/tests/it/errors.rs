//! Bad input: every class of usage error, hostile arguments (never a panic, always one error line,
//! never the secret), and extreme but valid arguments.

use std::ffi::OsString;

use crate::common::{
    assert_clean_failure, assert_error, assert_usage_error, derive_args, json_ok, non_utf8, os,
    run, run_in_process, u64_field, ABANDON_ABOUT, TV1_SEED,
};

#[test]
fn unknown_curve_subcommand_and_flags() {
    assert_usage_error(&["derive", "--curve", "secp256q1"], "", "secp256q1", None);
    assert_usage_error(&["derive", "--curve", ""], "", "--curve", None);
    assert_usage_error(
        &["derive", "--curve", "ED25519"],
        "",
        "possible values",
        None,
    );
    assert_usage_error(&["derive", "--curve"], "", "--curve", None);
    assert_usage_error(&["frobnicate"], "", "frobnicate", None);
    assert_usage_error(&["derive", "--jsn"], "", "--jsn", None);
    assert_usage_error(&["derive", "--json", "--json"], "", "--json", None);
    assert_usage_error(
        &["derive", "--path", "m/0", "--path", "m/1"],
        "",
        "--path",
        None,
    );
    assert_usage_error(&["derive", "--passphrase", "x"], "", "--mnemonic", None);
    // An unquoted mnemonic: the stray words are not repeated.
    let mut unquoted = vec!["derive", "--mnemonic"];
    unquoted.extend(ABANDON_ABOUT.split(' '));
    assert_usage_error(&unquoted, "", "quote a mnemonic", Some("abandon"));
    assert_usage_error(
        &["derive", "--seed", TV1_SEED, "00ff"],
        "",
        "unexpected value",
        Some("00ff"),
    );
}

#[test]
fn bad_paths() {
    for (path, needle) in [
        ("", "segment 0 (byte 0): the path is empty"),
        (
            "44'/0'",
            "segment 0 (byte 0): an absolute path must start with \"m\"",
        ),
        ("M/0", "segment 0 (byte 0)"),
        ("m0", "segment 0 (byte 1)"),
        ("m/", "trailing"),
        ("m//0", "segment 0 (byte 2): empty segment"),
        ("m/0/", "trailing"),
        ("m/0''", "hardened marker"),
        ("m/h", "segment 0"),
        ("m/0x10", "invalid character"),
        ("m/ 0", "invalid character"),
        ("m/0 ", "invalid character"),
        ("m/-1", "invalid character"),
        ("m/+1", "invalid character"),
        ("m/０", "invalid character"),
        (
            "m/0'/1'/2147483648",
            "segment 2 (byte 8): index must be below 2^31",
        ),
        ("m/2147483648'", "index must be below 2^31"),
        ("m/4294967296", "index must be below 2^31"),
        (
            "m/99999999999999999999999999999999",
            "index must be below 2^31",
        ),
    ] {
        assert_usage_error(
            &["derive", "--seed", TV1_SEED, "--path", path, "--json"],
            "",
            needle,
            None,
        );
        // Without a seed: still one line (no note before the error).
        assert_usage_error(
            &["derive", "--path", path],
            "",
            "error: invalid --path: ",
            None,
        );
    }
    let too_deep = format!("m{}", "/0".repeat(256));
    assert_usage_error(
        &["derive", "--path", &too_deep],
        "",
        "segment 255 (byte 512): more than 255 segments",
        None,
    );
}

#[test]
fn soft_index_with_hardened_only_curves() {
    for curve in ["ed25519", "curve25519"] {
        for (path, needle) in [
            ("m/0", "segment 0 (byte 2)"),
            ("m/0'/1", "segment 1 (byte 5)"),
            ("m/44'/0'/0'/0/0", "segment 3 (byte 12)"),
            ("m/1h/2147483647", "segment 1 (byte 5)"),
        ] {
            let message =
                format!("invalid --path: {needle}: {curve} supports hardened derivation only");
            assert_usage_error(
                &[
                    "derive", "--curve", curve, "--seed", TV1_SEED, "--path", path,
                ],
                "",
                &message,
                None,
            );
            // Without a seed: still one line (no note before the error).
            assert_usage_error(
                &["derive", "--curve", curve, "--path", path],
                "",
                &message,
                None,
            );
        }
    }
}

#[test]
fn bad_seeds() {
    let seed15 = "00".repeat(15);
    let seed65 = "00".repeat(65);
    let secret_nonhex = "000102030405060708090a0b0c0d0e0fzz";
    let accented = format!("é{}", "0".repeat(30));
    // The length is checked first (it is public); then the branch-free decoder says that a
    // character is not hex, but not which one.
    for (seed, needle) in [
        (secret_nonhex, "invalid --seed: not hexadecimal\n"),
        // a `0x` prefix gets a hint to drop it.
        (
            "0x000102030405060708090a0b0c0d0e0f",
            "invalid --seed: drop the 0x prefix; the seed is plain hex digits\n",
        ),
        ("0X000102030405060708090a0b0c0d0e0f", "drop the 0x prefix"),
        (
            "000102030405060708090a0b0c0d0e0f0",
            "odd number of hex digits (33)",
        ),
        (
            "00 0102030405060708090a0b0c0d0e0f",
            "odd number of hex digits (33)",
        ),
        (
            "00 0102030405060708090a0b0c0d0e0f0",
            "invalid --seed: not hexadecimal\n",
        ),
        (
            seed15.as_str(),
            "invalid --seed: 15 bytes; a seed must be 16 to 64 bytes",
        ),
        (
            seed65.as_str(),
            "invalid --seed: 65 bytes; a seed must be 16 to 64 bytes",
        ),
        ("", "invalid --seed: 0 bytes"),
        ("é", "invalid --seed: 1 byte; a seed must be 16 to 64 bytes"),
        (accented.as_str(), "invalid --seed: not hexadecimal\n"),
    ] {
        for curve in ["secp256k1", "nist256p1", "ed25519", "curve25519"] {
            assert_usage_error(
                &["derive", "--curve", curve, "--seed", seed, "--path", "m/1'"],
                "",
                needle,
                None,
            );
        }
        // The same through standard input.
        assert_usage_error(
            &["derive", "--seed", "-", "--json"],
            &format!("{seed}\n"),
            needle,
            None,
        );
    }
    // The message never repeats the seed.
    assert_usage_error(
        &["derive", "--seed", secret_nonhex],
        "",
        "--seed",
        Some("0a0b0c"),
    );
    // 16 and 64 bytes are the limits, and accepted.
    for seed in ["00".repeat(16), "ff".repeat(64)] {
        json_ok(&run(&derive_args("secp256k1", &seed, "m"), b""));
    }
    // Standard input that is empty, not UTF-8, or far too long.
    assert_usage_error(
        &["derive", "--seed", "-"],
        "",
        "invalid --seed: 0 bytes",
        None,
    );
    assert_usage_error(
        &["derive", "--seed", "-"],
        " \n",
        "invalid --seed: 0 bytes",
        None,
    );
    let out = run(&["derive", "--seed", "-"], b"00\xff\n");
    assert_error(&out, 2);
    assert!(out.stderr.contains("not UTF-8"), "{out:?}");
    assert_usage_error(
        &["derive", "--seed", "-"],
        &"0".repeat(70_000),
        "longer than 65536 bytes",
        None,
    );
}

#[test]
fn bad_mnemonics() {
    let wrong_word = ABANDON_ABOUT.replace("about", "abouts");
    let bad_checksum = ABANDON_ABOUT.replace("about", "abandon");
    let swapped = format!("about {}", ABANDON_ABOUT.trim_end_matches(" about"));
    let eleven = ABANDON_ABOUT.split_once(' ').unwrap().1;
    let non_ascii = ABANDON_ABOUT.replace("about", "abóut");
    for (words, needle) in [
        (
            wrong_word.as_str(),
            "invalid --mnemonic: word 12 is not in any BIP-39 word list",
        ),
        (
            bad_checksum.as_str(),
            "invalid --mnemonic: checksum mismatch",
        ),
        (swapped.as_str(), "checksum mismatch"),
        (eleven, "invalid --mnemonic: 11 words"),
        ("", "invalid --mnemonic: 0 words"),
        ("about", "invalid --mnemonic: 1 word;"),
        (non_ascii.as_str(), "word 12 is not in any BIP-39 word list"),
    ] {
        assert_usage_error(
            &["derive", "--mnemonic", words, "--json"],
            "",
            needle,
            Some("abouts"),
        );
        assert_usage_error(
            &["derive", "--mnemonic", "-", "--passphrase", "p"],
            words,
            needle,
            Some("abouts"),
        );
        assert_usage_error(
            &["derive", "--curve", "ed25519", "--mnemonic", words],
            "",
            needle,
            None,
        );
    }
}

#[test]
fn seed_and_mnemonic_together() {
    for args in [
        &["derive", "--seed", TV1_SEED, "--mnemonic", ABANDON_ABOUT][..],
        &["derive", "--mnemonic", ABANDON_ABOUT, "--seed", TV1_SEED],
        &["derive", "--seed", "-", "--mnemonic", "-"],
        &[
            "derive",
            "--seed",
            TV1_SEED,
            "--mnemonic",
            ABANDON_ABOUT,
            "--passphrase",
            "TREZOR",
        ],
    ] {
        let out = run(args, b"");
        assert_error(&out, 2);
        assert!(
            out.stderr.contains("--seed") && out.stderr.contains("--mnemonic"),
            "{out:?}"
        );
        assert!(!out.stderr.contains("abandon"), "{out:?}");
    }
}

#[test]
fn hostile_empty_arguments() {
    for args in [
        os(&[""]),
        os(&["derive", ""]),
        os(&["derive", "--curve", ""]),
        os(&["derive", "--seed", ""]),
        os(&["derive", "--mnemonic", ""]),
        os(&["derive", "--path", ""]),
        os(&["derive", "--seed", TV1_SEED, "--path", ""]),
        os(&["", "", ""]),
        os(&["derive", "--", ""]),
        os(&["derive", "--seed", "-", "--path", "m/0"]),
    ] {
        assert_clean_failure(&args, b"", true);
    }
}

#[test]
fn hostile_huge_arguments() {
    let huge_seed = "a".repeat(10 * 1024 * 1024);
    let huge_words = "abandon ".repeat(1024 * 1024);
    let deep_path = format!("m{}", "/0".repeat(10_000));
    let deep_hardened = format!("m{}", "/2147483647'".repeat(10_000));
    let many_numbers = format!("m/{}", "9".repeat(100_000));
    for (args, binary) in [
        (os(&["derive", "--path", "m/18446744073709551616"]), true),
        (os(&["derive", "--path", "m/4294967295'"]), true),
        (os(&["derive", "--path", &deep_path]), true),
        (
            os(&["derive", "--curve", "ed25519", "--path", &deep_hardened]),
            true,
        ),
        (os(&["derive", "--path", &many_numbers]), true),
        (os(&["derive", "--seed", &huge_seed]), false),
        (os(&["derive", "--seed", &format!("{huge_seed}z")]), false),
        (os(&["derive", "--mnemonic", &huge_words]), false),
        (
            os(&[
                "derive",
                "--mnemonic",
                ABANDON_ABOUT,
                "--passphrase",
                &huge_seed,
                "--path",
                "m/x",
            ]),
            false,
        ),
        (os(&["derive", "--curve", &huge_seed]), false),
        (os(&[&huge_seed]), false),
    ] {
        assert_clean_failure(&args, b"", binary);
    }
    assert_clean_failure(&os(&["derive", "--seed", "-"]), huge_seed.as_bytes(), true);
    assert_clean_failure(
        &os(&["derive", "--mnemonic", "-"]),
        huge_words.as_bytes(),
        true,
    );
}

#[test]
fn hostile_non_utf8_arguments() {
    let bad = non_utf8();
    for position in 0..8 {
        let mut args = os(&[
            "derive", "--curve", "ed25519", "--seed", TV1_SEED, "--path", "m/0'", "--json",
        ]);
        args[position] = bad.clone();
        assert_clean_failure(&args, b"", true);
    }
    assert_clean_failure(
        &[
            OsString::from("derive"),
            OsString::from("--mnemonic"),
            bad.clone(),
        ],
        b"",
        true,
    );
    assert_clean_failure(
        &[
            OsString::from("derive"),
            OsString::from("--passphrase"),
            bad,
        ],
        b"",
        true,
    );
}

#[test]
fn extreme_but_valid_arguments() {
    // A long passphrase is fine (BIP-39 puts no limit on it), and so is the deepest path.
    let long_passphrase = "p".repeat(1_000_000);
    json_ok(&run_in_process(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--passphrase",
            &long_passphrase,
            "--path",
            "m",
            "--json",
        ],
        b"",
    ));
    let deepest = format!("m{}", "/0".repeat(255));
    let got = json_ok(&run(
        &[
            "derive",
            "--path",
            deepest.as_str(),
            "--seed",
            TV1_SEED,
            "--json",
        ],
        b"",
    ));
    assert_eq!(u64_field(&got, "depth"), 255);
    let deepest_hardened = format!("m{}", "/7'".repeat(255));
    let got = json_ok(&run(
        &derive_args("curve25519", TV1_SEED, &deepest_hardened),
        b"",
    ));
    assert_eq!(u64_field(&got, "depth"), 255);
}
