//! `cli`: the command-line tool, in-process, on arbitrary arguments and standard input.
//!
//! Input: bytes 0–1 (little-endian) are the length of the argument region; the region, split
//! on NUL bytes, gives the arguments after the program name `fastbip32` (any bytes, not only
//! UTF-8); everything after it is standard input.
//!
//! Inputs asking for more than 4096 records (`--count`) or 4 threads are skipped: they are slow,
//! not wrong. `addresses` without `--count` derives 20 per branch.
//!
//! Properties (the contract in `cli/src/lib.rs`): `run` returns without panicking; the exit
//! code is 0, 1 or 2; a failure leaves standard output empty and writes exactly one line,
//! `error: …`, to standard error; a success writes something to standard output and at most
//! one `note: …` line to standard error; and no error line repeats the value given to
//! `--seed`, `--mnemonic` or `--passphrase` (when that value is long enough to be recognised
//! and appears nowhere else in the arguments).

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt as _;

use crate::Input;

/// The options whose values are secret.
const SECRET_OPTIONS: [&[u8]; 3] = [b"--seed", b"--mnemonic", b"--passphrase"];

/// The shortest secret value the echo check looks for: shorter ones occur by chance.
const MIN_SECRET_LEN: usize = 12;

/// Decodes `data` into arguments and standard input, runs the tool and checks the outcome.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let region_len = usize::from(u16::from_le_bytes([input.u8(), input.u8()]));
    let region = input.take(region_len);
    let stdin = input.rest();
    let args: Vec<&[u8]> = if region.is_empty() {
        Vec::new()
    } else {
        region.split(|&b| b == 0).collect()
    };
    if too_slow(&args) {
        return;
    }
    run_and_check(&args, stdin);
}

/// The largest `--count` and `--threads` the target runs: a million addresses or a thousand
/// threads per input are slow, not wrong, and would only report timeouts.
const MAX_COUNT: u64 = 4096;
const MAX_THREADS: u64 = 4;

/// Whether `args` ask for more work than [`MAX_COUNT`] or [`MAX_THREADS`] allow (in either
/// `--count N` or `--count=N` form).
fn too_slow(args: &[&[u8]]) -> bool {
    let over = |value: &[u8], max: u64| {
        std::str::from_utf8(value)
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .is_some_and(|n| n > max)
    };
    args.iter().enumerate().any(|(i, arg)| {
        [
            (&b"--count"[..], MAX_COUNT),
            (&b"--threads"[..], MAX_THREADS),
        ]
        .iter()
        .any(|&(option, max)| {
            if *arg == option {
                args.get(i + 1).is_some_and(|v| over(v, max))
            } else {
                arg.strip_prefix(option)
                    .and_then(|rest| rest.strip_prefix(b"="))
                    .is_some_and(|v| over(v, max))
            }
        })
    })
}

/// Runs the tool with `fastbip32` and `args`, `stdin` on standard input, and checks the
/// outcome; returns the exit code, standard output and standard error.
pub fn run_and_check(args: &[&[u8]], stdin: &[u8]) -> (i32, Vec<u8>, Vec<u8>) {
    let mut argv = vec![OsString::from("fastbip32")];
    argv.extend(args.iter().map(|a| OsString::from_vec(a.to_vec())));
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let code = fastbip32_cli::run(argv, &mut &stdin[..], &mut stdout, &mut stderr);
    let err_text = String::from_utf8_lossy(&stderr);
    match code {
        0 => {
            assert!(!stdout.is_empty(), "success with empty stdout for {args:?}");
            let lines: Vec<&str> = err_text.lines().collect();
            assert!(
                lines.len() <= 1 && lines.iter().all(|l| l.starts_with("note: ")),
                "success with stderr {err_text:?}"
            );
        }
        1 | 2 => {
            assert!(
                stdout.is_empty(),
                "exit {code} with stdout {:?}",
                String::from_utf8_lossy(&stdout)
            );
            assert!(
                err_text.starts_with("error: ")
                    && err_text.ends_with('\n')
                    && err_text.matches('\n').count() == 1,
                "exit {code} with stderr {err_text:?}"
            );
            for (arg, offset) in secret_values(args) {
                let secret = &args[arg][offset..];
                if contains(&stderr, secret) && !tool_text(args, arg, offset, stdin) {
                    panic!("the error line repeats a secret value: {err_text:?}");
                }
            }
        }
        other => panic!("exit code {other} for {args:?}"),
    }
    (code, stdout, stderr)
}

/// The values of secret options (`--seed VALUE`, `--seed=VALUE`, …) long enough to look for
/// and appearing in no other argument, as (argument, offset of the value in it).
fn secret_values(args: &[&[u8]]) -> Vec<(usize, usize)> {
    let mut values = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        for option in SECRET_OPTIONS {
            let at = if *arg == option {
                Some((i + 1, 0))
            } else if arg.len() > option.len()
                && arg.starts_with(option)
                && arg[option.len()] == b'='
            {
                Some((i, option.len() + 1))
            } else {
                None
            };
            let Some((j, offset)) = at else { continue };
            let Some(value) = args.get(j).map(|a| &a[offset..]) else {
                continue;
            };
            if value.len() < MIN_SECRET_LEN || value.first() == Some(&b'-') {
                continue;
            }
            let elsewhere = args
                .iter()
                .enumerate()
                .any(|(k, other)| k != i && k != j && contains(other, value));
            if !elsewhere {
                values.push((j, offset));
            }
        }
    }
    values
}

/// Whether the secret at `args[arg][offset..]` is in the error line because it is part of the
/// tool's own text (the fuzzer can make a "secret" of any text the tool prints): the same
/// command with every letter and digit of the value shifted to another of its kind still
/// prints it.
fn tool_text(args: &[&[u8]], arg: usize, offset: usize, stdin: &[u8]) -> bool {
    let secret = &args[arg][offset..];
    let mut shifted = args[arg].to_vec();
    for b in &mut shifted[offset..] {
        *b = match *b {
            b'0'..=b'8' | b'a'..=b'e' | b'A'..=b'E' | b'g'..=b'y' | b'G'..=b'Y' => *b + 1,
            b'9' => b'0',
            b'f' => b'a',
            b'F' => b'A',
            b'z' => b'g',
            b'Z' => b'G',
            other => other,
        };
    }
    let mut argv = vec![OsString::from("fastbip32")];
    for (i, a) in args.iter().enumerate() {
        let bytes = if i == arg {
            shifted.clone()
        } else {
            a.to_vec()
        };
        argv.push(OsString::from_vec(bytes));
    }
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    fastbip32_cli::run(argv, &mut &stdin[..], &mut stdout, &mut stderr);
    contains(&stderr, secret)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}
