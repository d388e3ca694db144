//! `derive --path PREFIX/* --count N`: every record is the single derivation's, from seeds
//! and extended keys, on any number of threads, streamed with flat memory; every usage error.

use std::ffi::OsString;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{
    assert_error, bip32_steps, cases, derive_args, is_quiet_stderr, json_of, run, run_binary,
    run_in_process, str_field, Output, ABANDON_ABOUT, DEFAULT_NOTE, SLIP10_JSON, TV1_SEED,
};

/// Whether `stderr` is what a successful `--count` run may print: nothing, or the note line
/// about secrets on the command line ([`is_quiet_stderr`]), then (a run over a second) one
/// `note: derived N keys in T s (R keys/s)` line.
fn is_batch_stderr(stderr: &str, count: u64) -> bool {
    let (note, rest) = match stderr.split_once('\n') {
        Some((first, rest)) if !first.starts_with("note: derived ") => {
            (&stderr[..=first.len()], rest)
        }
        _ => ("", stderr),
    };
    if !is_quiet_stderr(note) {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    let Some(rest) = rest
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
        // The printed path is the child's, in canonical form (below a key at depth > 0, the
        // steps relative to it: the child alone, for a `*` right below the key).
        let record = json_of(&Output {
            stdout: line.to_owned(),
            ..single
        });
        let printed = str_field(&record, "path");
        let child = format!("{index}{hardened}");
        assert!(
            printed == child || printed.ends_with(&format!("/{child}")),
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
    let zprv_text = zprv.to_zeroizing_string();
    let zpub_text = zprv.to_xpub().to_string();
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
        &bytes(&parent["private_key_hex"]).try_into().unwrap(),
        ChainCode::new(bytes(&parent["chain_code_hex"]).try_into().unwrap()),
        1,
        Fingerprint::new(bytes(&parent["parent_fingerprint_hex"]).try_into().unwrap()),
        ChildNumber::hardened(28578).unwrap(),
    )
    .unwrap();
    let p256_xprv = key.to_zeroizing_string();
    let p256_xpub = key.to_xpub().to_string();
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
            seed("m/*/0/*", &count),
            "segment 2 (byte 6): more than one `*`",
        ),
        (seed("m/0/*/", &count), "segment 1 (byte 5): trailing"),
        (seed("m/0/*/*", &count), "more than one `*`"),
        (seed("m/**", &count), "a wildcard segment is"),
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
            "--count needs a --path with one segment `*`",
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
    // The resident set bound depends on the machine: benches/tests/memory.rs checks it.
    let _ = max_rss;
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
