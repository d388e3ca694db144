//! End-to-end tests of the `fastbip32` command: the published BIP-32 and SLIP-10 vectors for
//! every curve, seeds and mnemonics from standard input, the default seed, every class of bad
//! input, and hostile arguments. Each case runs both in-process (through
//! [`fastbip32_cli::run`]) and as the real binary, and the two must agree.

// clippy.toml allows these in `#[test]` functions but not in the helpers they share, and a
// failed expectation in a helper is a test failure too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test code: a failed expectation is a test failure"
)]

use std::ffi::OsString;
use std::io::Write as _;
use std::os::unix::ffi::OsStringExt as _;
use std::process::{Command, Stdio};

use serde_json::Value;
use sha2::Digest as _;

const BIP32_JSON: &str = include_str!("../../tests/data/bip32.json");
const SLIP10_JSON: &str = include_str!("../../tests/data/slip10.json");

const TV1_SEED: &str = "000102030405060708090a0b0c0d0e0f";
const DEFAULT_NOTE: &str =
    "note: no --seed given; using the public BIP-32 test vector 1 seed (do not use for funds)";

/// BIP-39's first English test vector with passphrase "TREZOR".
const ABANDON_ABOUT: &str =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const ABANDON_ABOUT_TREZOR_SEED: &str = "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04";

/// What one run printed and returned.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs the tool in-process.
fn run_in_process<T: Into<OsString> + Clone>(args: &[T], stdin: &[u8]) -> Output {
    let mut command_line: Vec<OsString> = vec!["fastbip32".into()];
    command_line.extend(args.iter().cloned().map(Into::into));
    let mut input = stdin;
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let code = fastbip32_cli::run(command_line, &mut input, &mut stdout, &mut stderr);
    Output {
        code,
        stdout: String::from_utf8(stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(stderr).expect("stderr is UTF-8"),
    }
}

/// Runs the real binary.
fn run_binary<T: Into<OsString> + Clone>(args: &[T], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fastbip32"))
        .args(args.iter().cloned().map(Into::into))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn fastbip32");
    let mut child_stdin = child.stdin.take().expect("stdin");
    // The tool may exit before reading (bad arguments): a broken pipe here is fine.
    let _ = child_stdin.write_all(stdin);
    drop(child_stdin);
    let out = child.wait_with_output().expect("wait for fastbip32");
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs both ways, checks they agree, and returns the output.
fn run<T: Into<OsString> + Clone>(args: &[T], stdin: &[u8]) -> Output {
    let in_process = run_in_process(args, stdin);
    let binary = run_binary(args, stdin);
    assert_eq!(in_process, binary, "in-process and binary runs differ");
    in_process
}

/// Asserts success with exactly one JSON object on one line and nothing on stderr.
fn json_ok(out: &Output) -> serde_json::Map<String, Value> {
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, "", "{out:?}");
    json_of(out)
}

/// The one-line JSON object on stdout.
fn json_of(out: &Output) -> serde_json::Map<String, Value> {
    assert_eq!(out.stdout.lines().count(), 1, "{out:?}");
    assert!(out.stdout.ends_with('\n'), "{out:?}");
    match serde_json::from_str(&out.stdout).expect("valid JSON") {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// Asserts a failure: non-zero exit `code`, nothing on stdout, one `error: ` line on stderr.
fn assert_error(out: &Output, code: i32) {
    assert_eq!(out.code, code, "{out:?}");
    assert_eq!(out.stdout, "", "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
    assert!(out.stderr.starts_with("error: "), "{out:?}");
    assert!(out.stderr.ends_with('\n'), "{out:?}");
}

fn str_field<'a>(map: &'a serde_json::Map<String, Value>, name: &str) -> &'a str {
    map.get(name)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no string field {name} in {map:?}"))
}

fn u64_field(map: &serde_json::Map<String, Value>, name: &str) -> u64 {
    map.get(name)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("no integer field {name} in {map:?}"))
}

/// First 4 bytes of RIPEMD-160(SHA-256(data)), as hex.
fn hash160_prefix(hex_data: &str) -> String {
    let data = hex::decode(hex_data).expect("hex");
    let sha = sha2::Sha256::digest(&data);
    let hash = ripemd::Ripemd160::digest(sha);
    hex::encode(&hash[..4])
}

/// The test vector cases of one file.
fn cases(json: &str) -> Vec<Value> {
    let file: Value = serde_json::from_str(json).expect("vector file is JSON");
    file["cases"].as_array().expect("cases").clone()
}

/// Derivation arguments.
fn derive_args(curve: &str, seed: &str, path: &str) -> Vec<String> {
    [
        "derive", "--curve", curve, "--seed", seed, "--path", path, "--json",
    ]
    .map(String::from)
    .to_vec()
}

// ---------------------------------------------------------------------------------------------
// Published vectors
// ---------------------------------------------------------------------------------------------

#[test]
fn slip10_vectors_every_curve() {
    let mut checked = 0;
    let mut curves = std::collections::BTreeSet::new();
    for case in cases(SLIP10_JSON) {
        let kind = case["kind"].as_str().unwrap();
        if !matches!(kind, "derivation" | "derivation_retry" | "seed_retry") {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let curve = case["curve"].as_str().unwrap();
        let seed = case["seed_hex"].as_str().unwrap();
        let chain = case["chain"].as_array().unwrap();
        curves.insert(curve.to_owned());
        for (i, step) in chain.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            let context = format!("{id} {path}");
            let out = run(&derive_args(curve, seed, path), b"");
            let got = json_ok(&out);
            let indices = step["path_indices"].as_array().unwrap();
            assert_eq!(str_field(&got, "curve"), curve, "{context}");
            assert_eq!(str_field(&got, "path"), path, "{context}");
            assert_eq!(u64_field(&got, "depth"), indices.len() as u64, "{context}");
            assert_eq!(
                u64_field(&got, "child_number"),
                indices.last().map_or(0, |v| v.as_u64().unwrap()),
                "{context}"
            );
            for (field, expected) in [
                ("private_key", "private_key_hex"),
                ("chain_code", "chain_code_hex"),
                ("public_key", "public_key_hex"),
                ("parent_fingerprint", "parent_fingerprint_hex"),
            ] {
                assert_eq!(
                    str_field(&got, field),
                    step[expected].as_str().unwrap(),
                    "{context} {field}"
                );
            }
            let public_key = str_field(&got, "public_key");
            assert_eq!(public_key.len(), 66, "{context}: 33-byte public key");
            let fingerprint = str_field(&got, "fingerprint");
            assert_eq!(
                fingerprint,
                hash160_prefix(public_key),
                "{context}: fingerprint"
            );
            if let Some(next) = chain.get(i + 1) {
                assert_eq!(
                    fingerprint,
                    next["parent_fingerprint_hex"].as_str().unwrap(),
                    "{context}"
                );
            }
            assert_eq!(got.contains_key("xprv"), curve == "secp256k1", "{context}");
            assert_eq!(got.contains_key("xpub"), curve == "secp256k1", "{context}");
            checked += 1;
        }
    }
    assert_eq!(checked, 52, "every SLIP-10 chain step");
    assert_eq!(curves.len(), 4, "{curves:?}");
}

#[test]
fn bip32_vectors_with_xprv_and_xpub() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "derivation" {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let seed = case["seed_hex"].as_str().unwrap();
        let chain = case["chain"].as_array().unwrap();
        for (i, step) in chain.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            let context = format!("{id} {path}");
            // The default curve is secp256k1: also check that `--curve` may be left out.
            let args = ["derive", "--seed", seed, "--path", path, "--json"];
            let got = json_ok(&run(&args, b""));
            assert_eq!(
                got,
                json_ok(&run(&derive_args("secp256k1", seed, path), b""))
            );
            let decoded = &step["decoded"];
            assert_eq!(str_field(&got, "curve"), "secp256k1");
            assert_eq!(str_field(&got, "path"), path, "{context}");
            assert_eq!(
                u64_field(&got, "depth"),
                decoded["depth"].as_u64().unwrap(),
                "{context}"
            );
            assert_eq!(
                u64_field(&got, "child_number"),
                decoded["child_number"].as_u64().unwrap(),
                "{context}"
            );
            for (field, expected) in [
                ("private_key", "private_key_hex"),
                ("chain_code", "chain_code_hex"),
                ("public_key", "public_key_hex"),
                ("parent_fingerprint", "parent_fingerprint_hex"),
            ] {
                assert_eq!(
                    str_field(&got, field),
                    decoded[expected].as_str().unwrap(),
                    "{context} {field}"
                );
            }
            assert_eq!(
                str_field(&got, "xprv"),
                step["xprv"].as_str().unwrap(),
                "{context}"
            );
            assert_eq!(
                str_field(&got, "xpub"),
                step["xpub"].as_str().unwrap(),
                "{context}"
            );
            let fingerprint = str_field(&got, "fingerprint");
            assert_eq!(
                fingerprint,
                hash160_prefix(str_field(&got, "public_key")),
                "{context}"
            );
            if let Some(next) = chain.get(i + 1) {
                assert_eq!(
                    fingerprint,
                    next["decoded"]["parent_fingerprint_hex"].as_str().unwrap(),
                    "{context}"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 17, "every BIP-32 chain step");
}

#[test]
fn slip10_hardened_only_failures() {
    let mut checked = 0;
    for case in cases(SLIP10_JSON) {
        if case["kind"] != "derivation_failure" {
            continue;
        }
        let curve = case["curve"].as_str().unwrap();
        let path = case["path"].as_str().unwrap();
        let out = run(
            &derive_args(curve, case["seed_hex"].as_str().unwrap(), path),
            b"",
        );
        assert_error(&out, 2);
        assert!(out.stderr.contains("hardened"), "{out:?}");
        assert!(out.stderr.contains(curve), "{out:?}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn text_output_has_the_json_fields() {
    let json = json_ok(&run(&derive_args("secp256k1", TV1_SEED, "m/0'/1"), b""));
    let out = run(&["derive", "--seed", TV1_SEED, "--path", "m/0'/1"], b"");
    assert_eq!(out.code, 0);
    assert_eq!(out.stderr, "");
    let mut lines = 0;
    for line in out.stdout.lines() {
        let (name, value) = line.split_once(": ").expect("name: value");
        let expected = &json[name];
        match expected {
            Value::String(s) => assert_eq!(value, s, "{name}"),
            Value::Number(n) => assert_eq!(value, n.to_string(), "{name}"),
            other => panic!("unexpected {other}"),
        }
        lines += 1;
    }
    assert_eq!(lines, json.len());
}

#[test]
fn path_is_printed_canonically() {
    let got = json_ok(&run(&derive_args("nist256p1", TV1_SEED, "m/0h/1/2H"), b""));
    assert_eq!(str_field(&got, "path"), "m/0'/1/2'");
    assert_eq!(u64_field(&got, "child_number"), 0x8000_0002);
    let master = json_ok(&run(&derive_args("ed25519", TV1_SEED, "m"), b""));
    assert_eq!(str_field(&master, "path"), "m");
    assert_eq!(u64_field(&master, "depth"), 0);
    assert_eq!(str_field(&master, "parent_fingerprint"), "00000000");
}

// ---------------------------------------------------------------------------------------------
// Seeds and mnemonics from standard input; defaults
// ---------------------------------------------------------------------------------------------

#[test]
fn seed_from_stdin() {
    for curve in ["secp256k1", "nist256p1", "ed25519", "curve25519"] {
        let path = if curve.contains("25519") {
            "m/0'/1'"
        } else {
            "m/0'/1"
        };
        let from_arg = json_ok(&run(&derive_args(curve, TV1_SEED, path), b""));
        for input in [
            format!("{TV1_SEED}\n"),
            format!("{TV1_SEED}\r\n"),
            format!("  {TV1_SEED} \n\n"),
            TV1_SEED.to_uppercase(),
        ] {
            let got = json_ok(&run(&derive_args(curve, "-", path), input.as_bytes()));
            assert_eq!(got, from_arg, "{curve} {input:?}");
        }
    }
}

#[test]
fn mnemonic_from_stdin_and_argument() {
    // BIP-39 vector: the master key from the mnemonic equals the one from its published seed.
    let expected = json_ok(&run(
        &derive_args("secp256k1", ABANDON_ABOUT_TREZOR_SEED, "m"),
        b"",
    ));
    assert_eq!(
        str_field(&expected, "xprv"),
        "xprv9s21ZrQH143K3h3fDYiay8mocZ3afhfULfb5GX8kCBdno77K4HiA15Tg23wpbeF1pLfs1c5SPmYHrEpTuuRhxMwvKDwqdKiGJS9XFKzUsAF",
        "BIP-39 vector 1's published root key"
    );
    let stdin_args = [
        "derive",
        "--mnemonic",
        "-",
        "--passphrase",
        "TREZOR",
        "--path",
        "m",
        "--json",
    ];
    for input in [
        format!("{ABANDON_ABOUT}\n"),
        format!("  {ABANDON_ABOUT} \r\n\n"),
    ] {
        assert_eq!(
            json_ok(&run(&stdin_args, input.as_bytes())),
            expected,
            "{input:?}"
        );
    }
    let arg_args = [
        "derive",
        "--mnemonic",
        ABANDON_ABOUT,
        "--passphrase",
        "TREZOR",
        "--path",
        "m",
        "--json",
    ];
    assert_eq!(json_ok(&run(&arg_args, b"")), expected);

    // Every curve takes the same BIP-39 seed.
    for curve in ["nist256p1", "ed25519", "curve25519"] {
        let args = [
            "derive",
            "--curve",
            curve,
            "--mnemonic",
            "-",
            "--passphrase",
            "TREZOR",
            "--path",
            "m/1'",
            "--json",
        ];
        assert_eq!(
            json_ok(&run(&args, ABANDON_ABOUT.as_bytes())),
            json_ok(&run(
                &derive_args(curve, ABANDON_ABOUT_TREZOR_SEED, "m/1'"),
                b""
            )),
            "{curve}"
        );
    }

    // No passphrase is the empty passphrase, and differs from "TREZOR".
    let plain = json_ok(&run(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--path",
            "m",
            "--json",
        ],
        b"",
    ));
    let empty = json_ok(&run(
        &[
            "derive",
            "--mnemonic",
            ABANDON_ABOUT,
            "--passphrase",
            "",
            "--path",
            "m",
            "--json",
        ],
        b"",
    ));
    assert_eq!(plain, empty);
    assert_ne!(plain, expected);
}

#[test]
fn default_seed_and_paths() {
    // No seed, no path: test vector 1's seed at m/44'/0'/0'/0/0, and a one-line note.
    let out = run(&["derive", "--json"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    let got = json_of(&out);
    assert_eq!(str_field(&got, "path"), "m/44'/0'/0'/0/0");
    assert_eq!(
        got,
        json_ok(&run(
            &derive_args("secp256k1", TV1_SEED, "m/44'/0'/0'/0/0"),
            b""
        ))
    );

    // The note also comes with an explicit path, and in text mode.
    let out = run(&["derive", "--path", "m/0'"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    assert!(out.stdout.contains("path: m/0'\n"), "{out:?}");

    // Default paths per curve, with or without a seed.
    for (curve, path) in [
        ("secp256k1", "m/44'/0'/0'/0/0"),
        ("nist256p1", "m/44'/0'/0'/0/0"),
        ("ed25519", "m/44'/0'/0'/0'/0'"),
        ("curve25519", "m/44'/0'/0'/0'/0'"),
    ] {
        let explicit = json_ok(&run(&derive_args(curve, TV1_SEED, path), b""));
        let no_path = json_ok(&run(
            &["derive", "--curve", curve, "--seed", TV1_SEED, "--json"],
            b"",
        ));
        assert_eq!(no_path, explicit, "{curve}");
        let out = run(&["derive", "--curve", curve, "--json"], b"");
        assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"), "{curve}");
        assert_eq!(json_of(&out), explicit, "{curve}");
    }
}

#[test]
fn help_and_version_go_to_stdout() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["derive", "--help"],
        &["help"],
        &["help", "derive"],
    ] {
        let out = run(args, b"");
        assert_eq!(out.code, 0, "{args:?} {out:?}");
        assert_eq!(out.stderr, "", "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    assert!(run(&["--version"], b"").stdout.starts_with("fastbip32 "));
    assert!(run(&["derive", "--help"], b"")
        .stdout
        .contains("--mnemonic"));
}

// ---------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------

/// Runs `args` with `stdin` and asserts a usage error (exit 2) whose message contains `needle`
/// and does not contain `secret` (when given).
fn assert_usage_error(args: &[&str], stdin: &str, needle: &str, secret: Option<&str>) {
    let out = run(args, stdin.as_bytes());
    assert_error(&out, 2);
    assert!(
        out.stderr.contains(needle),
        "{args:?}: expected {needle:?} in {:?}",
        out.stderr
    );
    if let Some(secret) = secret {
        assert!(
            !out.stderr.contains(secret),
            "{args:?}: secret in {:?}",
            out.stderr
        );
    }
}

#[test]
fn unknown_curve_subcommand_and_flags() {
    assert_usage_error(&["derive", "--curve", "secp256r1"], "", "secp256r1", None);
    assert_usage_error(&["derive", "--curve", ""], "", "--curve", None);
    assert_usage_error(
        &["derive", "--curve", "ED25519"],
        "",
        "possible values",
        None,
    );
    assert_usage_error(&["derive", "--curve"], "", "--curve", None);
    assert_usage_error(&[], "", "subcommand", None);
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
    for (seed, needle) in [
        (secret_nonhex, "invalid --seed: not hexadecimal (byte 32)"),
        (
            "0x000102030405060708090a0b0c0d0e0f",
            "not hexadecimal (byte 1)",
        ),
        (
            "000102030405060708090a0b0c0d0e0f0",
            "odd number of hex digits (33)",
        ),
        (
            "00 0102030405060708090a0b0c0d0e0f",
            "not hexadecimal (byte 2)",
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
        ("é", "not hexadecimal (byte 0)"),
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
            "invalid --mnemonic: word 12 is not in the BIP-39 English word list",
        ),
        (
            bad_checksum.as_str(),
            "invalid --mnemonic: checksum mismatch",
        ),
        (swapped.as_str(), "checksum mismatch"),
        (eleven, "invalid --mnemonic: 11 words"),
        ("", "invalid --mnemonic: 0 words"),
        ("about", "invalid --mnemonic: 1 word;"),
        (
            non_ascii.as_str(),
            "word 12 is not in the BIP-39 English word list",
        ),
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
fn output_failure_is_exit_1() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "closed",
            ))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut stderr = Vec::new();
    let code = fastbip32_cli::run(
        ["fastbip32", "derive", "--seed", TV1_SEED],
        &mut std::io::empty(),
        &mut Broken,
        &mut stderr,
    );
    assert_eq!(code, 1);
    let stderr = String::from_utf8(stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write to standard output"),
        "{stderr}"
    );

    let mut stderr = Vec::new();
    let code = fastbip32_cli::run(
        ["fastbip32", "--help"],
        &mut std::io::empty(),
        &mut Broken,
        &mut stderr,
    );
    assert_eq!(code, 1);
}

// ---------------------------------------------------------------------------------------------
// Hostile arguments: never a panic (exit 101), always one error line
// ---------------------------------------------------------------------------------------------

fn non_utf8() -> OsString {
    OsString::from_vec(vec![b'm', b'/', 0xff, 0xfe, b'0'])
}

/// Asserts that `args` (with `stdin`) fails cleanly in-process, and through the binary when
/// `binary` is set (the kernel limits one argument to 128 KiB).
fn assert_clean_failure(args: &[OsString], stdin: &[u8], binary: bool) {
    let out = run_in_process(args, stdin);
    assert_error(&out, 2);
    if binary {
        assert_eq!(run_binary(args, stdin), out);
    }
}

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
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

// ---------------------------------------------------------------------------------------------
// inspect (issue 3)
// ---------------------------------------------------------------------------------------------

/// The fields `inspect --json` prints, in order, for a private key.
const INSPECT_FIELDS: [&str; 9] = [
    "kind",
    "version",
    "depth",
    "parent_fingerprint",
    "child_number",
    "chain_code",
    "public_key",
    "fingerprint",
    "private_key",
];

/// The published chain steps of BIP-32 vectors 1–4.
fn bip32_steps() -> Vec<Value> {
    cases(BIP32_JSON)
        .into_iter()
        .filter(|case| case["kind"] == "derivation")
        .flat_map(|case| case["chain"].as_array().unwrap().clone())
        .collect()
}

/// The keys of a JSON object, in order.
fn keys(map: &serde_json::Map<String, Value>) -> Vec<&str> {
    map.keys().map(String::as_str).collect()
}

#[test]
fn inspect_bip32_vectors_every_field() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "derivation" {
            continue;
        }
        let chain = case["chain"].as_array().unwrap();
        for (i, step) in chain.iter().enumerate() {
            let decoded = &step["decoded"];
            for private in [true, false] {
                let text = step[if private { "xprv" } else { "xpub" }]
                    .as_str()
                    .unwrap();
                let context = format!("{} {} {text}", case["id"], step["path"]);
                let got = json_ok(&run(&["inspect", text, "--json"], b""));
                let mut expected_keys = INSPECT_FIELDS.to_vec();
                if !private {
                    expected_keys.pop();
                }
                // serde_json's map is sorted unless `preserve_order`: compare as sets.
                let mut got_keys = keys(&got);
                got_keys.sort_unstable();
                expected_keys.sort_unstable();
                assert_eq!(got_keys, expected_keys, "{context}");
                assert_eq!(
                    str_field(&got, "kind"),
                    if private { "private" } else { "public" },
                    "{context}"
                );
                let version = if private {
                    "xprv_version_hex"
                } else {
                    "xpub_version_hex"
                };
                assert_eq!(
                    str_field(&got, "version"),
                    decoded[version].as_str().unwrap(),
                    "{context}"
                );
                assert_eq!(u64_field(&got, "depth"), decoded["depth"].as_u64().unwrap());
                assert_eq!(
                    u64_field(&got, "child_number"),
                    decoded["child_number"].as_u64().unwrap(),
                    "{context}"
                );
                assert_eq!(
                    u64_field(&got, "child_number") >= 1 << 31,
                    decoded["hardened"].as_bool().unwrap()
                );
                for (field, expected) in [
                    ("parent_fingerprint", "parent_fingerprint_hex"),
                    ("chain_code", "chain_code_hex"),
                    ("public_key", "public_key_hex"),
                ] {
                    assert_eq!(
                        str_field(&got, field),
                        decoded[expected].as_str().unwrap(),
                        "{context} {field}"
                    );
                }
                if private {
                    assert_eq!(
                        str_field(&got, "private_key"),
                        decoded["private_key_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
                let fingerprint = str_field(&got, "fingerprint");
                assert_eq!(
                    fingerprint,
                    hash160_prefix(decoded["public_key_hex"].as_str().unwrap()),
                    "{context}"
                );
                if let Some(next) = chain.get(i + 1) {
                    assert_eq!(
                        fingerprint,
                        next["decoded"]["parent_fingerprint_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
                // The same from standard input (with surrounding whitespace).
                let from_stdin = json_ok(&run(
                    &["inspect", "--json", "-"],
                    format!("  {text}\n").as_bytes(),
                ));
                assert_eq!(from_stdin, got, "{context}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 34, "every xprv and xpub of vectors 1-4");
}

#[test]
fn inspect_prints_fields_in_the_contract_order() {
    let xprv = bip32_steps()[1]["xprv"].as_str().unwrap().to_owned();
    let out = run(&["inspect", &xprv, "--json"], b"");
    assert_eq!(out.code, 0);
    let mut last = 0;
    for field in INSPECT_FIELDS {
        let at = out
            .stdout
            .find(&format!("\"{field}\":"))
            .unwrap_or_else(|| panic!("{field} in {}", out.stdout));
        assert!(at >= last, "{field} out of order in {}", out.stdout);
        last = at;
    }
    // Text mode: the same fields and values, one `name: value` line each.
    let json = json_ok(&out);
    let text = run(&["inspect", &xprv], b"");
    assert_eq!(text.code, 0);
    assert_eq!(text.stderr, "");
    let names: Vec<&str> = text
        .stdout
        .lines()
        .map(|line| {
            let (name, value) = line.split_once(": ").expect("name: value");
            match &json[name] {
                Value::String(s) => assert_eq!(value, s, "{name}"),
                Value::Number(n) => assert_eq!(value, n.to_string(), "{name}"),
                other => panic!("unexpected {other}"),
            }
            name
        })
        .collect();
    assert_eq!(names, INSPECT_FIELDS);
}

/// The message each vector-5 key is rejected with (the library error's `Display`).
fn vector5_reason(reason_code: &str) -> &'static str {
    match reason_code {
        "xpub_version_with_private_key_data" => "public key version with private key data",
        "xprv_version_with_public_key_data" => "private key version with public key data",
        "invalid_pubkey_prefix_04" | "invalid_pubkey_prefix_01" | "pubkey_not_on_curve" => {
            "invalid public key"
        }
        "invalid_prvkey_prefix_04" | "invalid_prvkey_prefix_01" => {
            "private key data does not start with 0x00"
        }
        "zero_depth_nonzero_parent_fingerprint" => "depth 0 with a non-zero parent fingerprint",
        "zero_depth_nonzero_index" => "depth 0 with a non-zero child number",
        "unknown_version" => "unknown extended key version 01010101",
        "private_key_zero" | "private_key_equals_n" => "private key out of range",
        "invalid_checksum" => "base58check checksum mismatch",
        other => panic!("unknown reason code {other}"),
    }
}

#[test]
fn inspect_and_derive_reject_every_vector5_key() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "invalid_extended_key" {
            continue;
        }
        let key = case["extended_key"].as_str().unwrap();
        let reason = vector5_reason(case["reason_code"].as_str().unwrap());
        let out = run(&["inspect", key, "--json"], b"");
        assert_error(&out, 2);
        assert_eq!(
            out.stderr,
            format!("error: invalid extended key: {reason}\n"),
            "{}",
            case["id"]
        );
        assert_eq!(run(&["inspect", "-"], key.as_bytes()), out);
        let out = run(&["derive", "--xkey", key, "--path", "0", "--json"], b"");
        assert_error(&out, 2);
        assert_eq!(
            out.stderr,
            format!("error: invalid --xkey: {reason}\n"),
            "{}",
            case["id"]
        );
        checked += 1;
    }
    assert_eq!(checked, 16, "every key of vector 5");
}

#[test]
fn inspect_bad_input() {
    let xpub = bip32_steps()[0]["xpub"].as_str().unwrap().to_owned();
    for (text, needle) in [
        ("", "invalid extended key: extended key is 0 bytes"),
        ("0OIl", "invalid extended key: invalid base58 character"),
        (&xpub[..xpub.len() - 1], "invalid extended key: "),
        ("xpub", "invalid extended key: "),
        (
            " xpub661MyMwAqRbc",
            "invalid extended key: invalid base58 character",
        ),
    ] {
        assert_usage_error(&["inspect", text, "--json"], "", needle, None);
    }
    // A private key is never repeated in an error.
    let xprv = bip32_steps()[0]["xprv"].as_str().unwrap().to_owned();
    let broken = format!("{}1", &xprv[..xprv.len() - 1]);
    assert_usage_error(&["inspect", &broken], "", "checksum", Some(&xprv[4..40]));
    assert_usage_error(&["inspect", "-"], "", "extended key is 0 bytes", None);
    let out = run(&["inspect", "-"], b"xprv\xff\n");
    assert_error(&out, 2);
    assert!(
        out.stderr.contains("XKEY: standard input is not UTF-8"),
        "{out:?}"
    );
    assert_usage_error(&["inspect"], "", "XKEY", None);
    assert_usage_error(&["inspect", &xpub, &xpub], "", "unexpected value", None);
    assert_usage_error(
        &["inspect", "--curve", "ed25519", &xpub],
        "",
        "possible values: secp256k1, nist256p1",
        None,
    );
    assert_clean_failure(&[OsString::from("inspect"), non_utf8()], b"", true);
    assert_clean_failure(&os(&["inspect", &"x".repeat(1_000_000)]), b"", false);
    assert_clean_failure(&os(&["inspect", "-"]), "1".repeat(100_000).as_bytes(), true);
}

// ---------------------------------------------------------------------------------------------
// derive --xkey (issue 3)
// ---------------------------------------------------------------------------------------------

/// `derive --xkey KEY --path PATH --json` (plus `extra` arguments), expected to succeed.
fn derive_xkey(key: &str, path: &str, extra: &[&str]) -> serde_json::Map<String, Value> {
    let mut args = vec!["derive", "--xkey", key, "--path", path, "--json"];
    args.extend_from_slice(extra);
    json_ok(&run(&args, b""))
}

/// `record` without its private fields.
fn public_part(record: &serde_json::Map<String, Value>) -> serde_json::Map<String, Value> {
    let mut out = record.clone();
    out.remove("private_key");
    out.remove("xprv");
    out
}

#[test]
fn derive_xkey_reproduces_bip32_vectors() {
    let mut checked = 0;
    for case in cases(BIP32_JSON) {
        if case["kind"] != "derivation" {
            continue;
        }
        let seed = case["seed_hex"].as_str().unwrap();
        let chain = case["chain"].as_array().unwrap();
        let master_xprv = chain[0]["xprv"].as_str().unwrap();
        for (i, step) in chain.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            // From the master key, a path relative to it is the absolute path: the record is
            // the one seed derivation prints.
            let from_seed = json_ok(&run(&derive_args("secp256k1", seed, path), b""));
            assert_eq!(derive_xkey(master_xprv, path, &[]), from_seed, "{path}");
            // From the parent, the last segment alone (bare and with `m/`).
            let Some(parent) = i.checked_sub(1).map(|p| &chain[p]) else {
                continue;
            };
            let last = path.rsplit('/').next().unwrap();
            for relative in [last.to_owned(), format!("m/{last}")] {
                let got = derive_xkey(parent["xprv"].as_str().unwrap(), &relative, &[]);
                assert_eq!(str_field(&got, "xprv"), step["xprv"].as_str().unwrap());
                assert_eq!(str_field(&got, "xpub"), step["xpub"].as_str().unwrap());
                assert_eq!(str_field(&got, "path"), format!("m/{last}"));
                assert_eq!(got, with_path(&from_seed, &format!("m/{last}")), "{path}");
                if !last.ends_with('\'') {
                    // Public derivation gives the same public record.
                    let public = derive_xkey(parent["xpub"].as_str().unwrap(), &relative, &[]);
                    assert_eq!(public, public_part(&got), "{path}");
                    assert!(!public.contains_key("private_key"));
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 13, "every non-master step of vectors 1-4");
}

/// `record` with another `path` field, for comparing records derived from different keys.
fn with_path(
    record: &serde_json::Map<String, Value>,
    path: &str,
) -> serde_json::Map<String, Value> {
    let mut out = record.clone();
    out.insert("path".to_owned(), Value::String(path.to_owned()));
    out
}

#[test]
fn derive_xkey_private_and_public_agree_on_soft_paths() {
    let steps = bip32_steps();
    for step in [&steps[0], &steps[1], &steps[4], &steps[7]] {
        let xprv = step["xprv"].as_str().unwrap();
        let xpub = step["xpub"].as_str().unwrap();
        for path in ["m", "0", "0/1/2", "m/5/7", "2147483647/0", "0000/1"] {
            let private = derive_xkey(xprv, path, &[]);
            let public = derive_xkey(xpub, path, &[]);
            assert_eq!(public, public_part(&private), "{xprv} {path}");
            assert!(private.contains_key("private_key") && private.contains_key("xprv"));
            assert!(!public.contains_key("private_key") && !public.contains_key("xprv"));
            // And the printed private key's neutered form is the printed public key.
            let neutered = json_ok(&run(
                &["inspect", str_field(&public, "xpub"), "--json"],
                b"",
            ));
            assert_eq!(
                str_field(&neutered, "public_key"),
                str_field(&private, "public_key")
            );
        }
    }
    // From standard input.
    let xprv = steps[0]["xprv"].as_str().unwrap();
    let got = json_ok(&run(
        &["derive", "--xkey", "-", "--path", "0/1", "--json"],
        format!("{xprv}\n").as_bytes(),
    ));
    assert_eq!(got, derive_xkey(xprv, "0/1", &[]));
}

#[test]
fn derive_xkey_keeps_slip132_families() {
    use fastbip32::{ExtendedPrivateKey, Secp256k1, VersionPair};

    let steps = bip32_steps();
    // Vector 1: m/0' and its soft child m/0'/1.
    let (parent, child) = (&steps[1], &steps[2]);
    assert_eq!(child["path"], "m/0'/1");
    let key: ExtendedPrivateKey<Secp256k1> = parent["xprv"].as_str().unwrap().parse().unwrap();
    for pair in VersionPair::KNOWN {
        let key = key.clone().with_version_pair(pair);
        let prv_name = pair.private().name().unwrap();
        let pub_name = pair.public().name().unwrap();
        let xprv = key.to_xprv_string(pair.private());
        let xpub = key.to_extended_public_key().to_string();
        assert!(xprv.starts_with(prv_name) && xpub.starts_with(pub_name));

        for (text, version) in [
            (xprv.as_str(), pair.private()),
            (xpub.as_str(), pair.public()),
        ] {
            let inspected = json_ok(&run(&["inspect", text, "--json"], b""));
            assert_eq!(str_field(&inspected, "version"), version.to_string());
            let plain = json_ok(&run(
                &["inspect", parent["xpub"].as_str().unwrap(), "--json"],
                b"",
            ));
            for field in [
                "depth",
                "parent_fingerprint",
                "child_number",
                "chain_code",
                "public_key",
            ] {
                assert_eq!(inspected[field], plain[field], "{prv_name} {field}");
            }
        }

        let private = derive_xkey(&xprv, "1", &[]);
        let public = derive_xkey(&xpub, "1", &[]);
        assert!(
            str_field(&private, "xprv").starts_with(prv_name),
            "{private:?}"
        );
        assert!(
            str_field(&private, "xpub").starts_with(pub_name),
            "{private:?}"
        );
        assert_eq!(public, public_part(&private), "{prv_name}");
        // The same key as the published child, in the family's versions.
        let back: ExtendedPrivateKey<Secp256k1> = str_field(&private, "xprv").parse().unwrap();
        assert_eq!(back.version_pair(), pair);
        assert_eq!(
            back.to_xprv_string(fastbip32::Version::XPRV).as_str(),
            child["xprv"].as_str().unwrap()
        );
        assert_eq!(
            back.to_xpub_string(fastbip32::Version::XPUB),
            child["xpub"].as_str().unwrap()
        );
    }
}

#[test]
fn derive_xkey_hardened_from_public_is_an_error() {
    let xpub = bip32_steps()[0]["xpub"].as_str().unwrap().to_owned();
    for (path, needle) in [
        (
            "0'",
            "segment 0 (byte 0): cannot derive hardened child 0' from a public key",
        ),
        (
            "m/0h",
            "segment 0 (byte 2): cannot derive hardened child 0' from a public key",
        ),
        (
            "0/1/2H",
            "segment 2 (byte 4): cannot derive hardened child 2' from a public key",
        ),
        (
            "m/7/2147483647'",
            "segment 1 (byte 4): cannot derive hardened child 2147483647'",
        ),
    ] {
        assert_usage_error(
            &["derive", "--xkey", &xpub, "--path", path, "--json"],
            "",
            &format!("error: invalid --path: {needle}"),
            None,
        );
    }
}

#[test]
fn derive_xkey_depth_past_255_is_an_error() {
    let steps = bip32_steps();
    let deep = &steps[5]; // vector 1, m/0'/1/2'/2/1000000000: depth 5
    assert_eq!(deep["decoded"]["depth"], 5);
    for key in [
        deep["xprv"].as_str().unwrap(),
        deep["xpub"].as_str().unwrap(),
    ] {
        let ok_path = vec!["0"; 250].join("/");
        let got = derive_xkey(key, &ok_path, &[]);
        assert_eq!(u64_field(&got, "depth"), 255);
        let too_deep = vec!["0"; 251].join("/");
        assert_usage_error(
            &["derive", "--xkey", key, "--path", &too_deep],
            "",
            "error: invalid --path: 251 steps below a key at depth 5: depth would exceed 255",
            None,
        );
        // More than 255 segments is a path error before the key is read.
        let way_too_deep = vec!["0"; 256].join("/");
        assert_usage_error(
            &["derive", "--xkey", key, "--path", &way_too_deep],
            "",
            "more than 255 segments",
            None,
        );
    }
}

#[test]
fn derive_xkey_bad_arguments() {
    let xprv = bip32_steps()[0]["xprv"].as_str().unwrap().to_owned();
    // --path is required, and relative paths follow the path grammar.
    assert_usage_error(
        &["derive", "--xkey", &xprv],
        "",
        "--path",
        Some(&xprv[4..40]),
    );
    for (path, needle) in [
        ("", "invalid --path: segment 0 (byte 0): the path is empty"),
        ("/0", "invalid --path: segment 0"),
        ("0/", "trailing"),
        ("M/0", "invalid --path: segment 0 (byte 0)"),
        ("0//1", "invalid --path: segment 1 (byte 2): empty segment"),
        ("2147483648", "index must be below 2^31"),
    ] {
        assert_usage_error(
            &["derive", "--xkey", &xprv, "--path", path],
            "",
            needle,
            Some(&xprv[4..40]),
        );
    }
    // --xkey excludes the seed options.
    for other in [
        &["--seed", TV1_SEED][..],
        &["--mnemonic", ABANDON_ABOUT],
        &["--passphrase", "x"],
    ] {
        let mut args = vec!["derive", "--xkey", &xprv, "--path", "0"];
        args.extend_from_slice(other);
        let out = run(&args, b"");
        assert_error(&out, 2);
        assert!(out.stderr.contains("--xkey"), "{out:?}");
        assert!(!out.stderr.contains(&xprv[4..40]), "{out:?}");
    }
    // Only the curves with BIP-32 text.
    for curve in ["ed25519", "curve25519", "ed25519-bip32", "cardano-icarus"] {
        assert_usage_error(
            &["derive", "--curve", curve, "--xkey", &xprv, "--path", "0"],
            "",
            &format!("--xkey needs --curve secp256k1 or nist256p1 ({curve} keys"),
            Some(&xprv[4..40]),
        );
    }
    assert_usage_error(
        &["derive", "--xkey", "-", "--path", "0"],
        "",
        "invalid --xkey: extended key is 0 bytes",
        None,
    );
}

#[test]
fn nist256p1_xkey_derivation_retry() {
    use fastbip32::{ChainCode, ChildNumber, ExtendedPrivateKey, Fingerprint, NistP256};

    let case = cases(SLIP10_JSON)
        .into_iter()
        .find(|c| c["kind"] == "derivation_retry")
        .unwrap();
    let chain = case["chain"].as_array().unwrap();
    let (parent, child) = (&chain[1], &chain[2]);
    assert_eq!(parent["path"], "m/28578'");
    assert_eq!(child["path"], "m/28578'/33941");
    let bytes = |v: &Value| -> Vec<u8> { hex::decode(v.as_str().unwrap()).unwrap() };
    let key = ExtendedPrivateKey::<NistP256>::from_parts(
        bytes(&parent["private_key_hex"]).try_into().unwrap(),
        ChainCode::new(bytes(&parent["chain_code_hex"]).try_into().unwrap()),
        1,
        Fingerprint::new(bytes(&parent["parent_fingerprint_hex"]).try_into().unwrap()),
        ChildNumber::from_raw(
            parent["path_indices"][0]
                .as_u64()
                .unwrap()
                .try_into()
                .unwrap(),
        ),
    )
    .unwrap();
    let xprv = key.to_xprv_string(fastbip32::Version::XPRV);
    let xpub = key.to_extended_public_key().to_string();

    // inspect --curve nist256p1 reads both.
    for (text, kind) in [(xprv.as_str(), "private"), (xpub.as_str(), "public")] {
        let got = json_ok(&run(
            &["inspect", "--curve", "nist256p1", text, "--json"],
            b"",
        ));
        assert_eq!(str_field(&got, "kind"), kind);
        assert_eq!(
            str_field(&got, "public_key"),
            parent["public_key_hex"].as_str().unwrap()
        );
        assert_eq!(
            str_field(&got, "chain_code"),
            parent["chain_code_hex"].as_str().unwrap()
        );
        assert_eq!(
            str_field(&got, "fingerprint"),
            child["parent_fingerprint_hex"].as_str().unwrap()
        );
    }

    let nist = ["--curve", "nist256p1"];
    let private = derive_xkey(&xprv, "33941", &nist);
    let public = derive_xkey(&xpub, "33941", &nist);
    assert_eq!(str_field(&private, "curve"), "nist256p1");
    for (field, expected) in [
        ("private_key", "private_key_hex"),
        ("chain_code", "chain_code_hex"),
        ("public_key", "public_key_hex"),
        ("parent_fingerprint", "parent_fingerprint_hex"),
    ] {
        assert_eq!(
            str_field(&private, field),
            child[expected].as_str().unwrap(),
            "{field}"
        );
    }
    assert_eq!(u64_field(&private, "depth"), 2);
    assert_eq!(u64_field(&private, "child_number"), 33941);
    // Printed in the input's family, and the same both ways.
    assert!(str_field(&private, "xprv").starts_with("xprv"));
    assert!(str_field(&private, "xpub").starts_with("xpub"));
    assert_eq!(public, public_part(&private));
    // Re-reading the printed child gives the published key.
    let again = json_ok(&run(
        &[
            "inspect",
            "--curve",
            "nist256p1",
            str_field(&private, "xprv"),
            "--json",
        ],
        b"",
    ));
    assert_eq!(
        str_field(&again, "private_key"),
        child["private_key_hex"].as_str().unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// BIP32-Ed25519: ed25519-bip32 (Ledger) and cardano-icarus (issue 4)
// ---------------------------------------------------------------------------------------------

const ED25519_BIP32_JSON: &str = include_str!("../../tests/data/ed25519_bip32.json");

/// Checks a derived BIP32-Ed25519 record against an `expected` object of the vector file:
/// every field the vector has, the 32-byte public key, the fingerprint rule, and the CIP-5
/// `xprv` / `xpub` fields against the library's decoders.
fn check_ed25519_bip32(got: &serde_json::Map<String, Value>, expected: &Value, context: &str) {
    use fastbip32::{cardano, Ed25519Bip32, ExtendedPrivateKey};

    for (field, name) in [
        ("private_key", "private_key_hex"),
        ("chain_code", "chain_code_hex"),
        ("public_key", "public_key_hex"),
        ("parent_fingerprint", "parent_fingerprint_hex"),
    ] {
        if let Some(value) = expected.get(name) {
            assert_eq!(
                str_field(got, field),
                value.as_str().unwrap(),
                "{context} {field}"
            );
        }
    }
    let public_key = str_field(got, "public_key");
    assert_eq!(public_key.len(), 64, "{context}: 32-byte A, no prefix");
    assert_eq!(
        str_field(got, "private_key").len(),
        128,
        "{context}: kL ‖ kR"
    );
    assert_eq!(
        str_field(got, "fingerprint"),
        hash160_prefix(&format!("00{public_key}")),
        "{context}"
    );
    let xprv = str_field(got, "xprv");
    assert!(xprv.starts_with("xprv1"), "{context}");
    let decoded = ExtendedPrivateKey::<Ed25519Bip32>::from_bech32(xprv).unwrap();
    assert_eq!(
        hex::encode(*decoded.to_xprv_bytes()),
        format!(
            "{}{}",
            str_field(got, "private_key"),
            str_field(got, "chain_code")
        ),
        "{context}"
    );
    if let Some(xprv_hex) = expected.get("xprv_hex") {
        assert_eq!(
            hex::encode(*decoded.to_xprv_bytes()),
            xprv_hex.as_str().unwrap()
        );
    }
    let (xpub, prefix) = cardano::decode_xpub_bech32(str_field(got, "xpub")).unwrap();
    assert_eq!(prefix, cardano::Cip5Prefix::Xpub);
    assert_eq!(
        hex::encode(xpub),
        format!("{public_key}{}", str_field(got, "chain_code")),
        "{context}"
    );
    if let Some(xpub_hex) = expected.get("xpub_hex") {
        assert_eq!(hex::encode(xpub), xpub_hex.as_str().unwrap(), "{context}");
    }
}

#[test]
fn ed25519_bip32_ledger_vectors() {
    let mut checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        // Chains from a hex seed (bip_utils' "Kholaw" is the Ledger method).
        if case["kind"] == "derivation" && case["root"]["scheme"] == "ledger" {
            let seed = case["root"]["inputs"]["seed_hex"].as_str().unwrap();
            let steps = case["steps"].as_array().unwrap();
            for (i, step) in steps.iter().enumerate() {
                let path = step["path"].as_str().unwrap();
                let context = format!("{} {path}", case["id"]);
                let got = json_ok(&run(&derive_args("ed25519-bip32", seed, path), b""));
                assert_eq!(str_field(&got, "curve"), "ed25519-bip32");
                assert_eq!(str_field(&got, "path"), path);
                let indices = step["path_indices"].as_array().unwrap();
                assert_eq!(u64_field(&got, "depth"), indices.len() as u64, "{context}");
                assert_eq!(
                    u64_field(&got, "child_number"),
                    indices.last().map_or(0, |v| v.as_u64().unwrap()),
                    "{context}"
                );
                check_ed25519_bip32(&got, &step["expected"], &context);
                if let Some(next) = steps.get(i + 1) {
                    assert_eq!(
                        str_field(&got, "fingerprint"),
                        next["expected"]["parent_fingerprint_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
                checked += 1;
            }
        }
        // Master keys from a mnemonic and passphrase (the BIP-39 seed).
        if case["kind"] == "master_key" && case["scheme"] == "ledger" {
            let inputs = &case["inputs"];
            let args = [
                "derive",
                "--curve",
                "ed25519-bip32",
                "--mnemonic",
                inputs["mnemonic"].as_str().unwrap(),
                "--passphrase",
                inputs["passphrase_utf8"].as_str().unwrap(),
                "--path",
                "m",
                "--json",
            ];
            let got = json_ok(&run(&args, b""));
            check_ed25519_bip32(&got, &case["expected"], case["id"].as_str().unwrap());
            checked += 1;
        }
    }
    assert_eq!(checked, 15, "two 6-step chains and three master keys");
}

/// The BIP-39 entropy of an English mnemonic, as hex.
fn entropy_hex(mnemonic: &str) -> String {
    let parsed = bip39::Mnemonic::parse_in_normalized(bip39::Language::English, mnemonic).unwrap();
    hex::encode(parsed.to_entropy())
}

#[test]
fn cardano_icarus_master_keys() {
    let mut checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        if case["kind"] != "master_key" || case["scheme"] != "icarus" {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let inputs = &case["inputs"];
        let passphrase_bytes = hex::decode(inputs["passphrase_hex"].as_str().unwrap()).unwrap();
        let Ok(passphrase) = String::from_utf8(passphrase_bytes) else {
            // A passphrase of raw bytes that are not UTF-8 cannot be given on the command line.
            continue;
        };
        let entropy = inputs["entropy_hex"]
            .as_str()
            .map(str::to_owned)
            .or_else(|| inputs["mnemonic"].as_str().map(entropy_hex))
            .unwrap();
        if !(32..=64).contains(&entropy.len()) {
            continue; // 12-byte (9-word) entropy: see cardano_icarus_bad_input.
        }
        let mut args = vec!["derive", "--curve", "cardano-icarus", "--seed", &entropy];
        if !passphrase.is_empty() {
            args.extend(["--passphrase", &passphrase]);
        }
        args.extend(["--path", "m", "--json"]);
        let got = json_ok(&run(&args, b""));
        check_ed25519_bip32(&got, &case["expected"], id);
        assert_eq!(str_field(&got, "curve"), "cardano-icarus");
        assert_eq!(u64_field(&got, "depth"), 0);
        assert_eq!(str_field(&got, "parent_fingerprint"), "00000000");
        if let Some(mnemonic) = inputs["mnemonic"].as_str() {
            let mut args = vec![
                "derive",
                "--curve",
                "cardano-icarus",
                "--mnemonic",
                mnemonic,
            ];
            if !passphrase.is_empty() {
                args.extend(["--passphrase", &passphrase]);
            }
            args.extend(["--path", "m", "--json"]);
            assert_eq!(json_ok(&run(&args, b"")), got, "{id}");
            // And the mnemonic from standard input.
            args[4] = "-";
            assert_eq!(json_ok(&run(&args, mnemonic.as_bytes())), got, "{id}");
        }
        checked += 1;
    }
    assert_eq!(
        checked, 10,
        "every Icarus master key with UTF-8 passphrase, 16-32 bytes"
    );
}

#[test]
fn cardano_icarus_derivations() {
    let mut checked = 0;
    let mut default_path_checked = 0;
    for case in cases(ED25519_BIP32_JSON) {
        if case["kind"] != "derivation" || case["root"]["scheme"] != "icarus" {
            continue;
        }
        let inputs = &case["root"]["inputs"];
        assert_eq!(inputs["passphrase_hex"], "");
        let entropy = inputs["entropy_hex"]
            .as_str()
            .map(str::to_owned)
            .or_else(|| inputs["mnemonic"].as_str().map(entropy_hex))
            .unwrap();
        if !(32..=64).contains(&entropy.len()) {
            continue; // 12 or 64 bytes: see cardano_icarus_bad_input.
        }
        let steps = case["steps"].as_array().unwrap();
        let chain = case["steps_are"].as_str().unwrap().starts_with("a chain");
        for (i, step) in steps.iter().enumerate() {
            let path = step["path"].as_str().unwrap();
            let context = format!("{} {path}", case["id"]);
            let got = json_ok(&run(&derive_args("cardano-icarus", &entropy, path), b""));
            check_ed25519_bip32(&got, &step["expected"], &context);
            if let Some(computed) = step.get("computed") {
                // bip_utils' public keys where the source published only the private key.
                check_ed25519_bip32(&got, computed, &context);
            }
            if chain {
                if let Some(next) = steps.get(i + 1) {
                    assert_eq!(
                        str_field(&got, "fingerprint"),
                        next["expected"]["parent_fingerprint_hex"].as_str().unwrap(),
                        "{context}"
                    );
                }
            }
            if let Some(mnemonic) = inputs["mnemonic"].as_str() {
                let args = [
                    "derive",
                    "--curve",
                    "cardano-icarus",
                    "--mnemonic",
                    mnemonic,
                    "--path",
                    path,
                    "--json",
                ];
                assert_eq!(json_ok(&run(&args, b"")), got, "{context}");
                if path == "m/1852'/1815'/0'/0/0" {
                    // The default path of the Cardano curves.
                    let args = [
                        "derive",
                        "--curve",
                        "cardano-icarus",
                        "--mnemonic",
                        mnemonic,
                        "--json",
                    ];
                    assert_eq!(json_ok(&run(&args, b"")), got, "{context}");
                    default_path_checked += 1;
                }
            }
            checked += 1;
        }
    }
    assert_eq!(
        default_path_checked, 5,
        "cardano-addresses goldens, 12 to 24 words"
    );
    assert_eq!(
        checked, 35,
        "cardano-crypto, cardano-addresses and bip_utils chains"
    );
}

#[test]
fn cardano_icarus_passphrase_and_stdin() {
    // CIP-3 "With passphrase": --seed (entropy) and --mnemonic with the same passphrase.
    let case = cases(ED25519_BIP32_JSON)
        .into_iter()
        .find(|c| c["id"] == "icarus-cip3-passphrase")
        .unwrap();
    let mnemonic = case["inputs"]["mnemonic"].as_str().unwrap();
    let entropy = entropy_hex(mnemonic);
    let base = [
        "derive",
        "--curve",
        "cardano-icarus",
        "--path",
        "m",
        "--json",
    ];
    let with = |extra: &[&str], stdin: &str| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        json_ok(&run(&args, stdin.as_bytes()))
    };
    let expected = with(&["--seed", &entropy, "--passphrase", "foo"], "");
    check_ed25519_bip32(&expected, &case["expected"], "cip3 passphrase");
    assert_eq!(
        with(&["--seed", "-", "--passphrase", "foo"], &entropy),
        expected
    );
    assert_eq!(
        with(&["--mnemonic", mnemonic, "--passphrase", "foo"], ""),
        expected
    );
    assert_eq!(
        with(&["--mnemonic", "-", "--passphrase", "foo"], mnemonic),
        expected
    );
    // No passphrase is the empty one, and differs.
    let plain = with(&["--seed", &entropy], "");
    assert_eq!(with(&["--seed", &entropy, "--passphrase", ""], ""), plain);
    assert_ne!(plain, expected);

    // No seed: the public test vector 1 seed as entropy (bip_utils' Icarus chain), with the
    // note, at the Cardano default path.
    let out = run(&["derive", "--curve", "cardano-icarus", "--json"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    assert_eq!(
        json_of(&out),
        json_ok(&run(
            &derive_args("cardano-icarus", TV1_SEED, "m/1852'/1815'/0'/0/0"),
            b""
        ))
    );
    let out = run(&["derive", "--curve", "ed25519-bip32"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("path: m/1852'/1815'/0'/0/0\n"),
        "{out:?}"
    );
}

#[test]
fn cardano_icarus_bad_input() {
    fn icarus_seed(seed: &str, needle: &str, secret: Option<&str>) {
        assert_usage_error(
            &[
                "derive",
                "--curve",
                "cardano-icarus",
                "--seed",
                seed,
                "--path",
                "m/0",
            ],
            "",
            needle,
            secret,
        );
    }
    for len in [0, 12, 15, 17, 31, 33, 64] {
        let seed = "ab".repeat(len);
        let needle = format!(
            "invalid --seed: {len} bytes; for cardano-icarus --seed is BIP-39 entropy of 16, 20, 24, 28 or 32 bytes"
        );
        icarus_seed(&seed, &needle, None);
        assert_usage_error(
            &["derive", "--curve", "cardano-icarus", "--seed", "-"],
            &seed,
            &needle,
            None,
        );
    }
    // The bip_utils chain whose "entropy" is a 64-byte seed is refused, not silently used.
    let case = cases(ED25519_BIP32_JSON)
        .into_iter()
        .find(|c| c["id"] == "v2-bip_utils-icarus-2")
        .unwrap();
    let long = case["root"]["inputs"]["entropy_hex"].as_str().unwrap();
    icarus_seed(long, "invalid --seed: 64 bytes", Some(&long[..32]));
    icarus_seed("zz", "invalid --seed: not hexadecimal (byte 0)", None);
    icarus_seed("abc", "odd number of hex digits (3)", None);
    // A 9-word mnemonic (12 bytes of entropy) and a bad checksum.
    assert_usage_error(
        &[
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            "test child burst immense armed parrot company walk dog",
        ],
        "",
        "invalid --mnemonic: 9 words",
        Some("parrot"),
    );
    assert_usage_error(
        &[
            "derive",
            "--curve",
            "cardano-icarus",
            "--mnemonic",
            &ABANDON_ABOUT.replace("about", "abandon"),
        ],
        "",
        "checksum mismatch",
        None,
    );
    // --passphrase needs a mnemonic or an entropy seed; with other curves, a mnemonic.
    assert_usage_error(
        &["derive", "--curve", "cardano-icarus", "--passphrase", "foo"],
        "",
        "--passphrase needs --mnemonic or --seed",
        None,
    );
    for curve in ["secp256k1", "ed25519-bip32"] {
        assert_usage_error(
            &[
                "derive",
                "--curve",
                curve,
                "--seed",
                TV1_SEED,
                "--passphrase",
                "foo",
            ],
            "",
            "--passphrase needs --mnemonic",
            None,
        );
    }
}

#[test]
fn ed25519_bip32_bad_input() {
    for (seed, needle) in [
        (
            "00".repeat(15),
            "invalid --seed: 15 bytes; a seed must be 16 to 64 bytes",
        ),
        (
            "00".repeat(65),
            "invalid --seed: 65 bytes; a seed must be 16 to 64 bytes",
        ),
        ("0g".to_owned(), "not hexadecimal (byte 1)"),
    ] {
        assert_usage_error(
            &[
                "derive",
                "--curve",
                "ed25519-bip32",
                "--seed",
                &seed,
                "--json",
            ],
            "",
            needle,
            None,
        );
    }
    // 16 and 64 bytes are the limits, and accepted; soft indices everywhere.
    for seed in ["00".repeat(16), "ff".repeat(64)] {
        let got = json_ok(&run(&derive_args("ed25519-bip32", &seed, "m/0/1/2"), b""));
        assert_eq!(u64_field(&got, "child_number"), 2);
    }
    for curve in ["ed25519-bip32", "cardano-icarus"] {
        for (path, needle) in [("m/", "trailing"), ("0/1", "must start with \"m\"")] {
            assert_usage_error(
                &[
                    "derive", "--curve", curve, "--seed", TV1_SEED, "--path", path,
                ],
                "",
                needle,
                None,
            );
        }
        // The deepest path works.
        let deepest = format!("m{}", "/1".repeat(255));
        let got = json_ok(&run(&derive_args(curve, TV1_SEED, &deepest), b""));
        assert_eq!(u64_field(&got, "depth"), 255);
    }
}

// ---------------------------------------------------------------------------------------------
// derive --path PREFIX/* --count N (issue 5)
// ---------------------------------------------------------------------------------------------

/// Whether `stderr` is what a successful `--count` run may print: nothing, or (a run over a
/// second) one `note: derived N keys in T s (R keys/s)` line.
fn is_batch_stderr(stderr: &str, count: u64) -> bool {
    if stderr.is_empty() {
        return true;
    }
    let Some(rest) = stderr
        .strip_prefix(&format!("note: derived {count} keys in "))
        .and_then(|rest| rest.strip_suffix(" keys/s)\n"))
    else {
        return false;
    };
    let Some((secs, rate)) = rest.split_once(" s (") else {
        return false;
    };
    secs.parse::<f64>().is_ok_and(|s| s >= 1.0) && rate.parse::<u64>().is_ok()
}

/// Runs a `--count` derivation both ways; the stdout and exit code must agree, and stderr
/// must be empty or the throughput line (which depends on timing, so may differ).
fn run_batch<T: Into<OsString> + Clone>(args: &[T], count: u64) -> String {
    let in_process = run_in_process(args, b"");
    let binary = run_binary(args, b"");
    for out in [&in_process, &binary] {
        assert_eq!(out.code, 0, "{out:?}");
        assert!(is_batch_stderr(&out.stderr, count), "{:?}", out.stderr);
    }
    assert_eq!(
        in_process.stdout, binary.stdout,
        "in-process and binary runs differ"
    );
    in_process.stdout
}

/// `base` (a derive command without --path) for `--path {prefix}/*{marker}`, `--count`,
/// `--start`, and the `count` single derivations it stands for: one line each, byte for byte.
fn assert_siblings(base: &[&str], prefix: &str, marker: &str, start: u32, count: u32) {
    let wildcard = format!("{prefix}/*{marker}");
    let (start_text, count_text) = (start.to_string(), count.to_string());
    let mut args = base.to_vec();
    args.extend([
        "--path",
        &wildcard,
        "--count",
        &count_text,
        "--start",
        &start_text,
    ]);
    let batch = run_batch(&args, count.into());
    assert_eq!(batch.lines().count(), count as usize, "{args:?}");
    let hardened = if marker.is_empty() { "" } else { "'" };
    for (i, line) in batch.split_inclusive('\n').enumerate() {
        let index = start + u32::try_from(i).unwrap();
        let path = format!("{prefix}/{index}{marker}");
        let mut single_args = base.to_vec();
        single_args.extend(["--path", &path]);
        let single = run_in_process(&single_args, b"");
        assert_eq!(single.code, 0, "{single:?}");
        assert_eq!(line, single.stdout, "{args:?}: child {index}");
        // The printed path is the child's, in canonical form.
        let record = json_of(&Output {
            stdout: line.to_owned(),
            ..single
        });
        assert!(
            str_field(&record, "path").ends_with(&format!("/{index}{hardened}")),
            "{record:?}"
        );
    }
}

#[test]
fn siblings_are_the_single_derivations() {
    let seed = ["derive", "--seed", TV1_SEED, "--json"];
    assert_siblings(&seed, "m/84'/0'/0'/0", "", 0, 12);
    assert_siblings(&seed, "m/44'/0'/0'", "'", 3, 9);
    assert_siblings(&seed, "m", "", 2_147_483_640, 8);
    let curve = |name| ["derive", "--curve", name, "--seed", TV1_SEED, "--json"];
    assert_siblings(&curve("nist256p1"), "m/44'/0'/0'/1", "", 0, 8);
    assert_siblings(&curve("nist256p1"), "m/1'", "'", 5, 5);
    assert_siblings(&curve("ed25519"), "m/44'/501'", "'", 0, 10);
    assert_siblings(&curve("curve25519"), "m/0'", "'", 7, 5);
    let ed25519_bip32 = [
        "derive",
        "--curve",
        "ed25519-bip32",
        "--mnemonic",
        ABANDON_ABOUT,
        "--json",
    ];
    assert_siblings(&ed25519_bip32, "m/1852'/1815'/0'/0", "", 0, 10);
    assert_siblings(&ed25519_bip32, "m/1852'/1815'", "'", 0, 4);
    let icarus = [
        "derive",
        "--curve",
        "cardano-icarus",
        "--mnemonic",
        ABANDON_ABOUT,
        "--passphrase",
        "foo",
        "--json",
    ];
    assert_siblings(&icarus, "m/1852'/1815'/0'/2", "", 1, 5);
    let mnemonic = ["derive", "--mnemonic", ABANDON_ABOUT, "--json"];
    assert_siblings(&mnemonic, "m/84'/0'/0'/0", "", 0, 5);
}

#[test]
fn siblings_from_extended_keys() {
    use fastbip32::{ChainCode, ChildNumber, ExtendedPrivateKey, Fingerprint, NistP256, Xprv};

    let steps = bip32_steps();
    let (xprv, xpub) = (
        steps[0]["xprv"].as_str().unwrap(),
        steps[0]["xpub"].as_str().unwrap(),
    );
    for key in [xprv, xpub] {
        let base = ["derive", "--xkey", key, "--json"];
        assert_siblings(&base, "0", "", 0, 8);
        assert_siblings(&base, "m/1/2", "", 100, 4);
        // `*` alone: the key's own children.
        let batch = run_batch(
            &[
                "derive", "--xkey", key, "--path", "*", "--count", "3", "--json",
            ],
            3,
        );
        let single = run_in_process(&["derive", "--xkey", key, "--path", "2", "--json"], b"");
        assert_eq!(
            batch.lines().nth(2).map(|l| format!("{l}\n")),
            Some(single.stdout)
        );
    }
    assert_siblings(&["derive", "--xkey", xprv, "--json"], "m/0'", "'", 0, 6);
    // A SLIP-132 family is kept.
    let zprv = Xprv::from_seed(&[7; 32])
        .unwrap()
        .with_version(fastbip32::Version::ZPRV)
        .unwrap();
    let zprv_text = zprv.to_xprv_string(fastbip32::Version::ZPRV);
    let zpub_text = zprv.to_extended_public_key().to_string();
    for text in [zprv_text.as_str(), zpub_text.as_str()] {
        let base = ["derive", "--xkey", text, "--json"];
        assert_siblings(&base, "m/0", "", 0, 3);
        let batch = run_batch(
            &[
                "derive", "--xkey", text, "--path", "0/*", "--count", "2", "--json",
            ],
            2,
        );
        assert_eq!(batch.matches(r#""xpub":"zpub"#).count(), 2, "{batch}");
    }

    // nist256p1 from an xprv and an xpub, across SLIP-10's derivation retry (m/28578'/33941).
    let case = cases(SLIP10_JSON)
        .into_iter()
        .find(|c| c["kind"] == "derivation_retry")
        .unwrap();
    let parent = &case["chain"].as_array().unwrap()[1];
    let bytes = |v: &Value| -> Vec<u8> { hex::decode(v.as_str().unwrap()).unwrap() };
    let key = ExtendedPrivateKey::<NistP256>::from_parts(
        bytes(&parent["private_key_hex"]).try_into().unwrap(),
        ChainCode::new(bytes(&parent["chain_code_hex"]).try_into().unwrap()),
        1,
        Fingerprint::new(bytes(&parent["parent_fingerprint_hex"]).try_into().unwrap()),
        ChildNumber::hardened(28578).unwrap(),
    )
    .unwrap();
    let p256_xprv = key.to_xprv_string(fastbip32::Version::XPRV);
    let p256_xpub = key.to_extended_public_key().to_string();
    for text in [p256_xprv.as_str(), p256_xpub.as_str()] {
        let base = ["derive", "--curve", "nist256p1", "--xkey", text, "--json"];
        assert_siblings(&base, "m", "", 33_939, 4);
    }
}

#[test]
fn siblings_as_text_records() {
    let base = ["derive", "--seed", TV1_SEED];
    let batch = run_batch(
        &[
            "derive", "--seed", TV1_SEED, "--path", "m/0'/*h", "--count", "3",
        ],
        3,
    );
    let singles: Vec<String> = (0..3)
        .map(|i| {
            let path = format!("m/0'/{i}h");
            let mut args = base.to_vec();
            args.extend(["--path", &path]);
            run_in_process(&args, b"").stdout
        })
        .collect();
    assert_eq!(batch, singles.join("\n"));
}

#[test]
fn hardened_markers_and_start() {
    let args = |path: &str, extra: &[&str]| {
        let mut args = vec!["derive", "--seed", TV1_SEED, "--json", "--path"];
        args.push(path);
        args.extend_from_slice(extra);
        run_batch(&args.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(), 0)
    };
    // `run_batch` checks stderr against a count: these runs are short, so it stays empty.
    let quote = args("m/44'/*'", &["--count", "6"]);
    assert_eq!(quote, args("m/44'/*h", &["--count", "6"]));
    assert_eq!(quote, args("m/44h/*H", &["--count", "6", "--start", "0"]));
    let tail: Vec<&str> = quote.lines().skip(2).collect();
    let started = args("m/44'/*'", &["--count", "4", "--start", "2"]);
    assert_eq!(started.lines().collect::<Vec<_>>(), tail);
    // The last index there is.
    let last = args("m/0/*", &["--count", "2", "--start", "2147483646"]);
    let records: Vec<_> = last
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .collect();
    assert_eq!(records[1]["path"], "m/0/2147483647");
    assert_eq!(records[1]["child_number"], 2_147_483_647);
}

#[test]
fn default_seed_note_with_siblings() {
    let out = run(
        &["derive", "--path", "m/0/*", "--count", "2", "--json"],
        b"",
    );
    assert_eq!(out.code, 0);
    assert_eq!(out.stderr, format!("{DEFAULT_NOTE}\n"));
    assert_eq!(out.stdout.lines().count(), 2);
    // Seed and xkey from standard input.
    let from_stdin = run(
        &[
            "derive", "--seed", "-", "--path", "m/0/*", "--count", "2", "--json",
        ],
        format!("{TV1_SEED}\n").as_bytes(),
    );
    assert_eq!(from_stdin.stdout, out.stdout);
    assert_eq!(from_stdin.stderr, "");
}

#[test]
fn threads_do_not_change_the_output() {
    // Three chunks (4096 children each), not aligned with the start.
    let count = "9000";
    let base = |threads: &str| -> Vec<String> {
        [
            "derive",
            "--seed",
            TV1_SEED,
            "--path",
            "m/84'/0'/0'/0/*",
            "--count",
            count,
            "--start",
            "100",
            "--json",
            "--threads",
            threads,
        ]
        .map(String::from)
        .to_vec()
    };
    let one = run_batch(&base("1"), 9000);
    assert_eq!(one.lines().count(), 9000);
    for threads in ["2", "3"] {
        assert_eq!(
            run_in_process(&base(threads), b"").stdout,
            one,
            "{threads} threads"
        );
    }
    let last = one.lines().last().unwrap();
    assert!(last.contains(r#""path":"m/84'/0'/0'/0/9099""#), "{last}");
    // Hardened ed25519, text records.
    let text = |threads: &str| {
        run_in_process(
            &[
                "derive",
                "--curve",
                "ed25519",
                "--seed",
                TV1_SEED,
                "--path",
                "m/0'/*'",
                "--count",
                "5000",
                "--threads",
                threads,
            ],
            b"",
        )
        .stdout
    };
    let serial = text("1");
    assert_eq!(serial.matches("curve: ed25519\n").count(), 5000);
    assert_eq!(text("2"), serial);
}

#[test]
fn sibling_errors() {
    let seed = |path: &str, extra: &[&str]| -> Vec<String> {
        let mut args = vec!["derive", "--seed", TV1_SEED, "--json", "--path", path];
        args.extend_from_slice(extra);
        args.iter().map(|s| (*s).to_owned()).collect()
    };
    let count = ["--count", "3"];
    let cases: Vec<(Vec<String>, &str)> = vec![
        // `*` anywhere but last, more than one, malformed.
        (
            seed("m/*/0", &count),
            "segment 0 (byte 2): `*` can only be the last segment",
        ),
        (seed("m/0/*/", &count), "`*` can only be the last segment"),
        (seed("m/*'/1'", &count), "`*` can only be the last segment"),
        (seed("m/0/*/*", &count), "more than one `*`"),
        (seed("m/**", &count), "more than one `*`"),
        (seed("m/0/*x", &count), "a wildcard segment is"),
        (seed("m/0/1*", &count), "a wildcard segment is"),
        (seed("m/0/*''", &count), "a wildcard segment is"),
        (seed("*", &count), "must start with \"m\""),
        (seed("m/x/*", &count), "invalid --path: segment 0 (byte 2)"),
        // Past the last index, count 0.
        (
            seed("m/*", &["--count", "2", "--start", "2147483647"]),
            "2147483648",
        ),
        (
            seed("m/*'", &["--count", "1", "--start", "2147483648"]),
            "invalid --start",
        ),
        (
            seed("m/*", &["--count", "2147483649"]),
            "past the largest child index",
        ),
        (
            seed("m/*", &["--count", "18446744073709551615", "--start", "1"]),
            "past the largest",
        ),
        (seed("m/*", &["--count", "0"]), "invalid --count: 0"),
        (seed("m/*", &["--count", "-1"]), "error:"),
        (seed("m/*", &["--count", "x"]), "--count"),
        // --count without `*`, `*` without --count, options that need --count.
        (
            seed("m/0/1", &count),
            "--count needs a --path whose last segment is `*`",
        ),
        (seed("m/0/*", &[]), "give --count"),
        (seed("m/0/1", &["--start", "1"]), "--count"),
        (seed("m/0/1", &["--threads", "2"]), "--count"),
        (
            seed("m/0/*", &["--count", "3", "--threads", "0"]),
            "--threads",
        ),
        (
            seed("m/0/*", &["--count", "3", "--threads", "99999"]),
            "--threads",
        ),
        // Too deep.
        (seed(&format!("m{}/*", "/0".repeat(255)), &count), "depth"),
    ];
    let mut cases = cases;
    for curve in ["ed25519", "curve25519"] {
        let args = |path: &str| -> Vec<String> {
            [
                "derive", "--curve", curve, "--seed", TV1_SEED, "--path", path, "--count", "3",
            ]
            .map(String::from)
            .to_vec()
        };
        // Soft `*`, naming its segment; a soft prefix segment first.
        cases.push((args("m/44'/*"), "segment 1 (byte 6): "));
        cases.push((
            args("m/44'/*"),
            "supports hardened derivation only (write *')",
        ));
        cases.push((args("m/44/*'"), "segment 0 (byte 2): "));
    }
    let steps = bip32_steps();
    let xpub = steps[0]["xpub"].as_str().unwrap();
    let xkey = |key: &str, path: &str, extra: &[&str]| -> Vec<String> {
        let mut args = vec!["derive", "--xkey", key, "--path", path, "--count", "3"];
        args.extend_from_slice(extra);
        args.iter().map(|s| (*s).to_owned()).collect()
    };
    cases.push((
        xkey(xpub, "0/*'", &[]),
        "segment 1 (byte 2): cannot derive hardened",
    ));
    cases.push((xkey(xpub, "0'/*'", &[]), "segment 0 (byte 0)"));
    cases.push((xkey(xpub, "*h", &[]), "segment 0 (byte 0)"));
    cases.push((
        xkey(xpub, "0/*", &["--curve", "ed25519"]),
        "--xkey needs --curve",
    ));
    cases.push((xkey("xpubnotakey", "0/*", &[]), "invalid --xkey"));
    let deep = format!("{}*", "0/".repeat(255));
    cases.push((xkey(xpub, &deep, &[]), "depth"));
    for (args, needle) in &cases {
        let out = run(args, b"");
        assert_error(&out, 2);
        assert!(
            out.stderr.contains(needle),
            "{args:?}: {needle:?} not in {:?}",
            out.stderr
        );
    }
}

#[test]
fn hardened_from_public_names_the_index() {
    let steps = bip32_steps();
    let xpub = steps[0]["xpub"].as_str().unwrap();
    let out = run(
        &[
            "derive", "--xkey", xpub, "--path", "0/*'", "--count", "2", "--start", "7",
        ],
        b"",
    );
    assert_error(&out, 2);
    assert!(out.stderr.contains("7'"), "{:?}", out.stderr);
}

#[test]
fn sibling_output_failure_is_exit_1() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "closed",
            ))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut stderr = Vec::new();
    let code = fastbip32_cli::run(
        [
            "fastbip32",
            "derive",
            "--seed",
            TV1_SEED,
            "--path",
            "m/0/*",
            "--count",
            "5000",
            "--json",
        ],
        &mut std::io::empty(),
        &mut Broken,
        &mut stderr,
    );
    assert_eq!(code, 1);
    let stderr = String::from_utf8(stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write to standard output"),
        "{stderr}"
    );
}

#[test]
fn help_documents_siblings() {
    let help = run(&["derive", "--help"], b"").stdout;
    for needle in [
        "--count",
        "--start",
        "--threads",
        "keys/s",
        "progress bar",
        "terminal",
    ] {
        assert!(help.contains(needle), "{needle} not in {help}");
    }
}

/// Runs the binary with `args`, reading its output as it comes: the line count, the first
/// and last lines, the largest resident set size seen (kB) and the standard error.
fn stream_binary(args: &[&str]) -> (usize, String, String, u64, String) {
    use std::io::{BufRead as _, Read as _};
    let mut child = Command::new(env!("CARGO_BIN_EXE_fastbip32"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn fastbip32");
    let status_path = format!("/proc/{}/status", child.id());
    let rss = || -> u64 {
        std::fs::read_to_string(&status_path)
            .ok()
            .and_then(|status| {
                status
                    .lines()
                    .find_map(|l| l.strip_prefix("VmRSS:"))
                    .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
            })
            .unwrap_or(0)
    };
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let (mut lines, mut first, mut last, mut max_rss) = (0, String::new(), String::new(), 0);
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap() > 0 {
        if lines == 0 {
            first.clone_from(&line);
        }
        lines += 1;
        if lines % 10_000 == 0 {
            max_rss = max_rss.max(rss());
        }
        core::mem::swap(&mut last, &mut line);
        line.clear();
    }
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(child.wait().unwrap().success(), "{stderr}");
    (lines, first, last, max_rss, stderr)
}

/// `count` soft secp256k1 children on two threads: every line out, the first and last the
/// single derivations, and memory flat (the output is streamed, not gathered).
fn many_children(count: u32) {
    let count_text = count.to_string();
    let prefix = "m/84'/0'/0'/0";
    let wildcard = format!("{prefix}/*");
    let (lines, first, last, max_rss, stderr) = stream_binary(&[
        "derive",
        "--seed",
        TV1_SEED,
        "--path",
        &wildcard,
        "--count",
        &count_text,
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(lines, count as usize);
    let single = |index: u32| {
        run_in_process(
            &derive_args("secp256k1", TV1_SEED, &format!("{prefix}/{index}")),
            b"",
        )
        .stdout
    };
    assert_eq!(first, single(0));
    assert_eq!(last, single(count - 1));
    assert!(is_batch_stderr(&stderr, count.into()), "{stderr:?}");
    // The output is about 560 bytes a child: 100 000 children are 56 MB.
    assert!(max_rss < 40_000, "resident set grew to {max_rss} kB");
}

#[test]
fn a_hundred_thousand_children() {
    many_children(100_000);
}

/// Some 10 s in the test profile on two cores: run with `--ignored`.
#[test]
#[ignore = "slow: a million secp256k1 children"]
fn a_million_children() {
    many_children(1_000_000);
}
