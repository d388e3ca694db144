//! What the CLI's test files share: running the tool (in-process through
//! [`fastbip32_cli::run`], as the real binary, both, or the binary under `sh -c` with its
//! standard streams redirected), reading its JSON records, the assertions of the contract,
//! and the test vectors.
//!
//! Every module of the test binary (`cli/tests/it/`) uses what it needs from here.

#![allow(
    dead_code,
    unreachable_pub,
    reason = "each test file uses some of the helpers"
)]

use std::ffi::OsString;
use std::io::Write as _;
use std::os::unix::ffi::OsStringExt as _;
use std::process::{Command, Stdio};

use serde_json::Value;
use sha2::Digest as _;

pub(crate) const BIP32_JSON: &str = include_str!("../../../tests/data/bip32.json");

pub(crate) const SLIP10_JSON: &str = include_str!("../../../tests/data/slip10.json");

pub(crate) const ED25519_BIP32_JSON: &str = include_str!("../../../tests/data/ed25519_bip32.json");

pub(crate) const TV1_SEED: &str = "000102030405060708090a0b0c0d0e0f";

pub(crate) const DEFAULT_NOTE: &str =
    "note: no --seed given; using the public BIP-32 test vector 1 seed (do not use for funds)";

/// BIP-39's first English test vector with passphrase "TREZOR".
pub(crate) const ABANDON_ABOUT: &str =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

pub(crate) const ABANDON_ABOUT_TREZOR_SEED: &str = "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04";

/// What one run printed and returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Output {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs the tool in-process.
pub(crate) fn run_in_process<T: Into<OsString> + Clone>(args: &[T], stdin: &[u8]) -> Output {
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
pub(crate) fn run_binary<T: Into<OsString> + Clone>(args: &[T], stdin: &[u8]) -> Output {
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
pub(crate) fn run<T: Into<OsString> + Clone>(args: &[T], stdin: &[u8]) -> Output {
    let in_process = run_in_process(args, stdin);
    let binary = run_binary(args, stdin);
    assert_eq!(in_process, binary, "in-process and binary runs differ");
    in_process
}

/// Asserts success with exactly one JSON object on one line, and on stderr nothing but notes
/// about secrets on the command line or a relative `--path` ([`is_quiet_stderr`]; never the
/// default-seed note).
pub(crate) fn json_ok(out: &Output) -> serde_json::Map<String, Value> {
    assert_eq!(out.code, 0, "{out:?}");
    assert_quiet(out);
    json_of(out)
}

/// The one-line JSON object on stdout.
pub(crate) fn json_of(out: &Output) -> serde_json::Map<String, Value> {
    assert_eq!(out.stdout.lines().count(), 1, "{out:?}");
    assert!(out.stdout.ends_with('\n'), "{out:?}");
    match serde_json::from_str(&out.stdout).expect("valid JSON") {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// Asserts a failure: non-zero exit `code`, nothing on stdout, one `error: ` line on stderr.
pub(crate) fn assert_error(out: &Output, code: i32) {
    assert_eq!(out.code, code, "{out:?}");
    assert_eq!(out.stdout, "", "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
    assert!(out.stderr.starts_with("error: "), "{out:?}");
    assert!(out.stderr.ends_with('\n'), "{out:?}");
}

/// Runs `args` with `stdin` and asserts a usage error (exit 2) whose message contains `needle`
/// and does not contain `secret` (when given).
pub(crate) fn assert_usage_error(args: &[&str], stdin: &str, needle: &str, secret: Option<&str>) {
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

pub(crate) fn str_field<'a>(map: &'a serde_json::Map<String, Value>, name: &str) -> &'a str {
    map.get(name)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no string field {name} in {map:?}"))
}

pub(crate) fn u64_field(map: &serde_json::Map<String, Value>, name: &str) -> u64 {
    map.get(name)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("no integer field {name} in {map:?}"))
}

/// First 4 bytes of RIPEMD-160(SHA-256(data)), as hex.
pub(crate) fn hash160_prefix(hex_data: &str) -> String {
    let data = hex::decode(hex_data).expect("hex");
    let sha = sha2::Sha256::digest(&data);
    let hash = ripemd::Ripemd160::digest(sha);
    hex::encode(&hash[..4])
}

/// The test vector cases of one file.
pub(crate) fn cases(json: &str) -> Vec<Value> {
    let file: Value = serde_json::from_str(json).expect("vector file is JSON");
    file["cases"].as_array().expect("cases").clone()
}

/// Derivation arguments.
pub(crate) fn derive_args(curve: &str, seed: &str, path: &str) -> Vec<String> {
    [
        "derive", "--curve", curve, "--seed", seed, "--path", path, "--json",
    ]
    .map(String::from)
    .to_vec()
}

/// The published chain steps of BIP-32 vectors 1–4.
pub(crate) fn bip32_steps() -> Vec<Value> {
    cases(BIP32_JSON)
        .into_iter()
        .filter(|case| case["kind"] == "derivation")
        .flat_map(|case| case["chain"].as_array().unwrap().clone())
        .collect()
}

pub(crate) fn non_utf8() -> OsString {
    OsString::from_vec(vec![b'm', b'/', 0xff, 0xfe, b'0'])
}

/// Asserts that `args` (with `stdin`) fails cleanly in-process, and through the binary when
/// `binary` is set (the kernel limits one argument to 128 KiB).
pub(crate) fn assert_clean_failure(args: &[OsString], stdin: &[u8], binary: bool) {
    let out = run_in_process(args, stdin);
    assert_error(&out, 2);
    if binary {
        assert_eq!(run_binary(args, stdin), out);
    }
}

pub(crate) fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// Whether `stderr` is what a successful run that used no default seed may print: nothing,
/// or one `note:` line whose every part says that a secret was given on the command line,
/// that an `m/…` `--path` was taken relative to an `--xkey` key, or that a multisig SLIP-132
/// `--xkey` has no single-key address.
pub(crate) fn is_quiet_stderr(stderr: &str) -> bool {
    if stderr.is_empty() {
        return true;
    }
    let Some(mut rest) = stderr
        .strip_prefix("note: ")
        .and_then(|line| line.strip_suffix('\n'))
        .filter(|line| !line.contains('\n'))
    else {
        return false;
    };
    while !rest.is_empty() {
        let after = if let Some(after) =
            rest.strip_prefix("--path is relative to the --xkey key (depth ")
        {
            let Some((depth, after)) = after.split_once("): the result is at depth ") else {
                return false;
            };
            let digits = after
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(after.len());
            if depth.parse::<u8>().is_err() || after[..digits].parse::<usize>().is_err() {
                return false;
            }
            &after[digits..]
        } else if rest.starts_with("a ") && rest.contains(" multisig key (SLIP-132): ") {
            // The note of `derive --xkey` with a multisig-family key (Ypub, Zpub, …).
            let end = " with the cosigners' keys";
            let Some(at) = rest.find(end) else {
                return false;
            };
            &rest[at + end.len()..]
        } else if rest.starts_with("the ") {
            let end = " from standard input";
            let Some(at) = rest.find(end) else {
                return false;
            };
            if !rest[..at].contains(
                " given on the command line, where other users and shell history can see ",
            ) {
                return false;
            }
            &rest[at + end.len()..]
        } else {
            return false;
        };
        rest = match after.strip_prefix("; ") {
            Some(next) => next,
            None if after.is_empty() => after,
            None => return false,
        };
    }
    true
}

/// Asserts [`is_quiet_stderr`].
pub(crate) fn assert_quiet(out: &Output) {
    assert!(is_quiet_stderr(&out.stderr), "{out:?}");
}

/// A standard output whose every write fails with `kind`.
pub(crate) struct Broken(pub(crate) std::io::ErrorKind);

impl std::io::Write for Broken {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::new(self.0, "broken"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs the real binary under `sh -c SCRIPT`, where `CMD` in `script` stands for the binary
/// with `args` (for example `CMD >&-`, `CMD >/dev/full` or `CMD | head -1`), with `stdin`;
/// returns the shell's exit code and what it printed. The arguments reach the binary as
/// positional parameters, never as shell text.
pub(crate) fn run_shell(script: &str, args: &[&str], stdin: &[u8]) -> Output {
    let script = script.replace("CMD", "\"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_fastbip32"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sh");
    let mut child_stdin = child.stdin.take().expect("stdin");
    let _ = child_stdin.write_all(stdin);
    drop(child_stdin);
    let out = child.wait_with_output().expect("wait for sh");
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}
