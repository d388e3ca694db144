//! Secrets off the command line: the passphrase from standard input, a file or
//! the terminal; the note when a secret (seed, mnemonic, passphrase, extended private key)
//! arrives on the command line; every note of a run on one line.

use serde_json::Value;

use crate::common::{
    assert_error, assert_usage_error, bip32_steps, json_of, json_ok, run, run_shell, ABANDON_ABOUT,
    ABANDON_ABOUT_TREZOR_SEED, DEFAULT_NOTE, TV1_SEED,
};

type Record = serde_json::Map<String, Value>;

/// The note for one secret on the command line.
fn argv_note(what: &str, remedy: &str) -> String {
    format!(
        "note: {what} was given on the command line, where other users and shell history can see it; use {remedy} to read it from standard input\n"
    )
}

/// `derive --mnemonic ABANDON_ABOUT` at `m` plus `extra`, with `stdin`: the record and the
/// standard error.
fn mnemonic_run(mnemonic: &str, extra: &[&str], stdin: &str) -> (Record, String) {
    let mut args = vec!["derive", "--mnemonic", mnemonic, "--path", "m", "--json"];
    args.extend_from_slice(extra);
    let out = run(&args, stdin.as_bytes());
    assert_eq!(out.code, 0, "{out:?}");
    (json_of(&out), out.stderr)
}

/// A file in the target directory with `contents`, named after `name`.
fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn passphrase_from_standard_input() {
    let (expected, _) = mnemonic_run(ABANDON_ABOUT, &["--passphrase", "TREZOR"], "");
    // The published BIP-39 seed of this mnemonic with "TREZOR".
    let (from_seed, _) = {
        let out = run(
            &[
                "derive",
                "--seed",
                ABANDON_ABOUT_TREZOR_SEED,
                "--path",
                "m",
                "--json",
            ],
            b"",
        );
        (json_ok(&out), out.stderr)
    };
    assert_eq!(expected, from_seed);
    // `echo TREZOR | fastbip32 derive --mnemonic … --passphrase -`, in every line ending.
    for stdin in ["TREZOR\n", "TREZOR", "TREZOR\r\n"] {
        let (got, _) = mnemonic_run(ABANDON_ABOUT, &["--passphrase", "-"], stdin);
        assert_eq!(got, expected, "{stdin:?}");
    }
    let out = run_shell(
        "echo TREZOR | CMD --passphrase - --path m --json",
        &["derive", "--mnemonic", ABANDON_ABOUT],
        b"",
    );
    assert_eq!(json_of(&out), expected);
    // Spaces are part of a passphrase: only the line ending goes.
    let (spaced, _) = mnemonic_run(ABANDON_ABOUT, &["--passphrase", "-"], " TREZOR\n");
    assert_ne!(spaced, expected);
    assert_eq!(
        spaced,
        mnemonic_run(ABANDON_ABOUT, &["--passphrase", " TREZOR"], "").0
    );
    // `-` is no longer the passphrase "-" (the old, silent behaviour): that one now comes
    // only from a file.
    let dash = temp_file("dash-passphrase", "-\n");
    let (literal, _) = mnemonic_run(
        ABANDON_ABOUT,
        &["--passphrase-file", dash.to_str().unwrap()],
        "",
    );
    assert_ne!(
        literal,
        mnemonic_run(ABANDON_ABOUT, &["--passphrase", "-"], "").0
    );
    // More than one line is refused.
    assert_usage_error(
        &["derive", "--mnemonic", ABANDON_ABOUT, "--passphrase", "-"],
        "TREZOR\nmore\n",
        "invalid --passphrase: standard input has more than one line",
        Some("TREZOR"),
    );
}

#[test]
fn mnemonic_and_passphrase_both_from_standard_input() {
    let (expected, _) = mnemonic_run(ABANDON_ABOUT, &["--passphrase", "TREZOR"], "");
    for stdin in [
        format!("{ABANDON_ABOUT}\nTREZOR\n"),
        format!("  {ABANDON_ABOUT} \r\nTREZOR\r\n"),
        format!("{ABANDON_ABOUT}\nTREZOR"),
    ] {
        let (got, stderr) = mnemonic_run("-", &["--passphrase", "-"], &stdin);
        assert_eq!(got, expected, "{stdin:?}");
        assert_eq!(stderr, "", "nothing on the command line");
    }
    // An empty second line is the empty passphrase; a missing one is an error.
    let (empty, _) = mnemonic_run("-", &["--passphrase", "-"], &format!("{ABANDON_ABOUT}\n\n"));
    assert_eq!(empty, mnemonic_run(ABANDON_ABOUT, &[], "").0);
    for (stdin, needle) in [
        (format!("{ABANDON_ABOUT}\n"), "standard input has one line"),
        (
            ABANDON_ABOUT.to_owned(),
            "the first line is the mnemonic and the second the passphrase",
        ),
        (
            format!("{ABANDON_ABOUT}\nTREZOR\nx\n"),
            "more than two lines",
        ),
    ] {
        assert_usage_error(
            &["derive", "--mnemonic", "-", "--passphrase", "-"],
            &stdin,
            needle,
            Some("abandon"),
        );
    }
    // The Icarus curve: entropy and passphrase, from the command line, from standard input,
    // or both from standard input.
    let entropy = "00".repeat(16);
    let icarus = |extra: &[&str], stdin: &str| {
        let mut args = vec![
            "derive",
            "--curve",
            "cardano-icarus",
            "--path",
            "m",
            "--json",
        ];
        args.extend_from_slice(extra);
        json_ok(&run(&args, stdin.as_bytes()))
    };
    let expected = icarus(&["--seed", &entropy, "--passphrase", "foo"], "");
    assert_ne!(expected, icarus(&["--seed", &entropy], ""));
    assert_eq!(
        icarus(&["--seed", &entropy, "--passphrase", "-"], "foo\n"),
        expected
    );
    assert_eq!(
        icarus(
            &["--seed", "-", "--passphrase", "-"],
            &format!("{entropy}\nfoo\n")
        ),
        expected
    );
    assert_eq!(
        icarus(
            &["--mnemonic", "-", "--passphrase", "-"],
            &format!("{ABANDON_ABOUT}\nfoo\n")
        ),
        expected,
        "the mnemonic of the all-zero entropy"
    );
}

#[test]
fn passphrase_from_a_file() {
    let (expected, _) = mnemonic_run(ABANDON_ABOUT, &["--passphrase", "TREZOR"], "");
    for (name, contents) in [
        ("pass-nl", "TREZOR\n"),
        ("pass", "TREZOR"),
        ("pass-crlf", "TREZOR\r\n"),
    ] {
        let path = temp_file(name, contents);
        let (got, stderr) = mnemonic_run(
            ABANDON_ABOUT,
            &["--passphrase-file", path.to_str().unwrap()],
            "",
        );
        assert_eq!(got, expected, "{contents:?}");
        // Only the mnemonic was on the command line.
        assert_eq!(stderr, argv_note("the mnemonic", "--mnemonic -"));
    }
    let two = temp_file("pass-two-lines", "TREZOR\nx\n");
    assert_usage_error(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--passphrase-file",
            two.to_str().unwrap(),
        ],
        "",
        "has more than one line",
        Some("TREZOR"),
    );
    assert_usage_error(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--passphrase-file",
            "/nonexistent/pass",
        ],
        "",
        "invalid --passphrase-file: cannot open /nonexistent/pass",
        None,
    );
    let big = temp_file("pass-big", &"p".repeat(70_000));
    assert_usage_error(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--passphrase-file",
            big.to_str().unwrap(),
        ],
        "",
        "longer than 65536 bytes",
        None,
    );
}

#[test]
fn passphrase_prompt_needs_a_terminal() {
    // Tests run without a terminal on standard input: one usage error line, before any
    // input is read.
    for mnemonic in [ABANDON_ABOUT, "-"] {
        let out = run(
            &["derive", "--mnemonic", mnemonic, "--passphrase-prompt"],
            ABANDON_ABOUT.as_bytes(),
        );
        assert_error(&out, 2);
        assert!(
            out.stderr
                .contains("--passphrase-prompt needs a terminal on standard input"),
            "{out:?}"
        );
    }
}

#[test]
fn passphrase_sources_exclude_each_other() {
    let file = temp_file("pass-x", "x\n");
    let file = file.to_str().unwrap();
    for extra in [
        &["--passphrase", "x", "--passphrase-file", file][..],
        &["--passphrase", "-", "--passphrase-prompt"],
        &["--passphrase-file", file, "--passphrase-prompt"],
        &["--passphrase", "x", "--passphrase", "y"],
    ] {
        let mut args = vec!["derive", "--mnemonic", ABANDON_ABOUT];
        args.extend_from_slice(extra);
        let out = run(&args, b"");
        assert_error(&out, 2);
        assert!(out.stderr.contains("--passphrase"), "{out:?}");
        assert!(!out.stderr.contains("abandon"), "{out:?}");
    }
    // None of them goes with --xkey; each needs a mnemonic (or an Icarus seed).
    let xpub = bip32_steps()[0]["xpub"].as_str().unwrap().to_owned();
    for extra in [
        &["--passphrase-file", file][..],
        &["--passphrase-prompt"],
        &["--passphrase", "-"],
    ] {
        let mut args = vec!["derive", "--xkey", &xpub, "--path", "0"];
        args.extend_from_slice(extra);
        let out = run(&args, b"");
        assert_error(&out, 2);
        assert!(out.stderr.contains("--xkey"), "{out:?}");
        let mut args = vec!["derive", "--seed", TV1_SEED];
        args.extend_from_slice(extra);
        assert_usage_error(&args, "", "--passphrase needs --mnemonic", None);
    }
}

#[test]
fn a_note_for_every_secret_on_the_command_line() {
    let seed_note = argv_note("the seed", "--seed -");
    let out = run(&["derive", "--seed", TV1_SEED, "--json"], b"");
    assert_eq!(out.stderr, seed_note);
    let out = run(
        &[
            "derive", "--seed", TV1_SEED, "--path", "m/0/*", "--count", "2",
        ],
        b"",
    );
    assert_eq!(out.stderr, seed_note);
    // Two secrets: one note naming both.
    let (_, stderr) = mnemonic_run(ABANDON_ABOUT, &["--passphrase", "TREZOR"], "");
    assert_eq!(
        stderr,
        "note: the mnemonic and the passphrase were given on the command line, where other users and shell history can see them; use --mnemonic - and --passphrase - (or --passphrase-file, --passphrase-prompt) to read them from standard input\n"
    );
    let (_, stderr) = mnemonic_run("-", &["--passphrase", "TREZOR"], ABANDON_ABOUT);
    assert_eq!(
        stderr,
        argv_note(
            "the passphrase",
            "--passphrase - (or --passphrase-file, --passphrase-prompt)"
        )
    );
    // The empty passphrase is no secret.
    let (_, stderr) = mnemonic_run("-", &["--passphrase", ""], ABANDON_ABOUT);
    assert_eq!(stderr, "");
    // Extended keys: a private one is a secret, a public one is not.
    let steps = bip32_steps();
    let (xprv, xpub) = (
        steps[0]["xprv"].as_str().unwrap(),
        steps[0]["xpub"].as_str().unwrap(),
    );
    let out = run(&["derive", "--xkey", xprv, "--path", "0"], b"");
    assert_eq!(
        out.stderr,
        argv_note("the extended private key", "--xkey -")
    );
    let out = run(&["inspect", xprv], b"");
    assert_eq!(
        out.stderr,
        argv_note("the extended private key", "`inspect -`")
    );
    for args in [
        &["derive", "--xkey", xpub, "--path", "0"][..],
        &["inspect", xpub],
        &["derive", "--xkey", "-", "--path", "0"],
        &["inspect", "-"],
    ] {
        let out = run(args, xprv.as_bytes());
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}");
    }
    // A note never repeats the secret.
    for secret in [TV1_SEED, "abandon", "TREZOR", &xprv[4..40]] {
        for out in [
            run(&["derive", "--seed", TV1_SEED], b""),
            run(&["inspect", xprv], b""),
        ] {
            assert!(!out.stderr.contains(secret), "{out:?}");
        }
        assert!(!stderr.contains(secret));
    }
}

#[test]
fn a_relative_path_below_a_deep_key_is_noted() {
    let steps = bip32_steps();
    // Vector 1, m/0'/1/2' (depth 3).
    let deep = &steps[3];
    assert_eq!(deep["decoded"]["depth"], 3);
    let xpub = deep["xpub"].as_str().unwrap();
    let xprv = deep["xprv"].as_str().unwrap();
    let note = "--path is relative to the --xkey key (depth 3): the result is at depth 8";
    let full = "m/44'/0'/0'/0/0".replace('\'', "");
    let out = run(&["derive", "--xkey", xpub, "--path", &full, "--json"], b"");
    assert_eq!(out.stderr, format!("note: {note}\n"));
    assert_eq!(json_of(&out)["depth"], 8);
    // The same path without `m/` is plainly relative: no note. The record is the same.
    let bare = run(
        &["derive", "--xkey", xpub, "--path", "44/0/0/0/0", "--json"],
        b"",
    );
    assert_eq!(bare.stderr, "");
    assert_eq!(json_of(&bare), json_of(&out));
    // With a private key on the command line: both notes, on one line.
    let out = run(
        &["derive", "--xkey", xprv, "--path", "m/44'/0'/0'/0/0"],
        b"",
    );
    assert_eq!(
        out.stderr,
        format!(
            "note: the extended private key was given on the command line, where other users and shell history can see it; use --xkey - to read it from standard input; {note}\n"
        )
    );
    // With --count: the depth of the children.
    let out = run(
        &[
            "derive", "--xkey", "-", "--path", "m/0/*", "--count", "2", "--json",
        ],
        xprv.as_bytes(),
    );
    assert_eq!(
        out.stderr,
        "note: --path is relative to the --xkey key (depth 3): the result is at depth 5\n"
    );
    assert_eq!(out.stdout.lines().count(), 2);
    // A master key (depth 0), or the path `m` (the key itself): nothing to say.
    let master = steps[0]["xpub"].as_str().unwrap();
    for (key, path) in [(master, "m/0/1"), (xpub, "m")] {
        let out = run(&["derive", "--xkey", key, "--path", path], b"");
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{path}");
    }
}

#[test]
fn the_default_seed_note_stays_alone() {
    let out = run(&["derive", "--json"], b"");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    let out = run(&["derive", "--path", "m/0/*", "--count", "2"], b"");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
}

#[test]
fn help_documents_the_passphrase_sources_and_p256_text() {
    let help = run(&["derive", "--help"], b"").stdout;
    for needle in [
        "--passphrase <TEXT|->",
        "--passphrase-file <PATH>",
        "--passphrase-prompt",
        "the first line is the mnemonic (or seed) and the second the passphrase",
        "P-256 keys reuse the xprv/xpub version bytes",
        "the text alone cannot tell a P-256 key from a secp256k1 one",
        "--curve nist256p1 is your explicit word",
    ] {
        assert!(help.contains(needle), "{needle} not in {help}");
    }
    let help = run(&["inspect", "--help"], b"").stdout;
    for needle in [
        "P-256 keys reuse the xprv/xpub version bytes",
        "--curve nist256p1 is your explicit word",
    ] {
        assert!(help.contains(needle), "{needle} not in {help}");
    }
}
