//! Standard output that fails: a writer that errors, and, with the real binary,
//! standard output closed, full, or a pipe whose reader stops early. A failure is exit 1 with
//! exactly one `error:` line (the notes are held back and dropped); a reader that stops is
//! exit 0 without one.

use std::io::ErrorKind;

use crate::common::{assert_error, is_quiet_stderr, run_shell, Broken, DEFAULT_NOTE, TV1_SEED};

/// Runs the tool in-process with standard output failing with `kind`: the exit code and
/// standard error.
fn run_broken(args: &[&str], stdin: &[u8], kind: ErrorKind) -> (i32, String) {
    let mut command_line = vec!["fastbip32"];
    command_line.extend_from_slice(args);
    let mut stderr = Vec::new();
    let code = fastbip32_cli::run(
        command_line,
        &mut &stdin[..],
        &mut Broken(kind),
        &mut stderr,
    );
    (code, String::from_utf8(stderr).unwrap())
}

const BATCH: [&str; 8] = [
    "derive", "--seed", TV1_SEED, "--path", "m/0/*", "--count", "5000", "--json",
];

#[test]
fn output_failure_is_exit_1() {
    // The seed on the command line would add a note: a failed run prints none.
    let (code, stderr) = run_broken(&["derive", "--seed", TV1_SEED], b"", ErrorKind::Other);
    assert_eq!(code, 1);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write to standard output"),
        "{stderr}"
    );

    let (code, _) = run_broken(&["--help"], b"", ErrorKind::Other);
    assert_eq!(code, 1);
}

#[test]
fn sibling_output_failure_is_exit_1() {
    let (code, stderr) = run_broken(&BATCH, b"", ErrorKind::Other);
    assert_eq!(code, 1);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write to standard output"),
        "{stderr}"
    );
}

#[test]
fn a_reader_that_stops_is_not_an_error() {
    // In-process, a broken pipe: exit 0, no error line; the note about the input still
    // comes (here the seed on the command line), and nothing else.
    for args in [&["derive", "--seed", TV1_SEED][..], &BATCH, &["--help"]] {
        let (code, stderr) = run_broken(args, b"", ErrorKind::BrokenPipe);
        assert_eq!(code, 0, "{args:?}");
        assert!(
            stderr.is_empty() || (is_quiet_stderr(&stderr) && stderr.contains("the seed")),
            "{args:?}: {stderr}"
        );
    }
    let (code, stderr) = run_broken(
        &[
            "derive", "--seed", "-", "--path", "m/0/*", "--count", "5000",
        ],
        format!("{TV1_SEED}\n").as_bytes(),
        ErrorKind::BrokenPipe,
    );
    assert_eq!((code, stderr.as_str()), (0, ""));

    // The real binary piped into `head -1`: one record out, the tool's own exit status 0
    // and nothing on standard error.
    let script = "{ CMD; echo \"status $?\" >&2; } | head -1";
    for args in [
        &[
            "derive", "--seed", "-", "--path", "m/0/*", "--count", "100000", "--json",
        ][..],
        &[
            "derive", "--seed", "-", "--path", "m/0'/*'", "--count", "100000",
        ],
    ] {
        let out = run_shell(script, args, format!("{TV1_SEED}\n").as_bytes());
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(out.stdout.lines().count(), 1, "{out:?}");
        assert_eq!(out.stderr, "status 0\n", "{out:?}");
    }
}

#[test]
fn closed_standard_output_is_an_error() {
    for args in [
        &["derive", "--seed", "-", "--json"][..],
        &["derive", "--seed", "-", "--path", "m/0/*", "--count", "3"],
        &["inspect", "-"],
        &["--version"],
    ] {
        let stdin: &[u8] = if args[0] == "inspect" {
            b"xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8\n"
        } else {
            TV1_SEED.as_bytes()
        };
        let out = run_shell("CMD >&-", args, stdin);
        assert_error(&out, 1);
        assert_eq!(
            out.stderr, "error: cannot write to standard output: standard output is closed\n",
            "{args:?}"
        );
        // `>/dev/null` is not closed: the run succeeds.
        let out = run_shell("CMD >/dev/null", args, stdin);
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}");
    }
}

#[test]
fn full_standard_output_is_one_error_line() {
    // Each of these would print a note after a successful write: the default seed, the
    // seed on the command line.
    for args in [
        &["derive", "--json"][..],
        &["derive", "--seed", TV1_SEED],
        &["derive", "--path", "m/0/*", "--count", "20000", "--json"],
        &[
            "derive", "--seed", TV1_SEED, "--path", "m/0/*", "--count", "3",
        ],
    ] {
        let out = run_shell("CMD >/dev/full", args, b"");
        assert_error(&out, 1);
        assert!(
            out.stderr
                .starts_with("error: cannot write to standard output: "),
            "{out:?}"
        );
        assert!(!out.stderr.contains(DEFAULT_NOTE), "{out:?}");
    }
}
