//! Standard output that fails or discards: a writer that errors, and, with the real binary,
//! standard output full, /dev/null (a sink, however it was opened), or a pipe whose reader
//! stops early. A failure is exit 1 with
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

/// Argument lists that write to standard output, each with its standard input.
fn writing_runs() -> [(&'static [&'static str], &'static [u8]); 4] {
    [
        (&["derive", "--seed", "-", "--json"], TV1_SEED.as_bytes()),
        (
            &["derive", "--seed", "-", "--path", "m/0/*", "--count", "3"],
            TV1_SEED.as_bytes(),
        ),
        (&["inspect", "-"], XPUB.as_bytes()),
        (&["--version"], b""),
    ]
}

const XPUB: &str = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8\n";

#[test]
fn dev_null_is_a_sink() {
    // Write-only (`>`) and read-write (`1<>`) opens of /dev/null, and a closed standard
    // output, which the Rust runtime replaces with /dev/null opened read-write.
    for (args, stdin) in writing_runs() {
        for script in ["CMD >/dev/null", "CMD 1<>/dev/null", "CMD >&-"] {
            let out = run_shell(script, args, stdin);
            assert_eq!(
                (out.code, out.stderr.as_str()),
                (0, ""),
                "{script} {args:?}"
            );
        }
    }
}

#[test]
fn python_subprocess_devnull_is_a_sink() {
    // Python's `subprocess.DEVNULL` opens /dev/null read-write.
    let script = "import subprocess, sys\n\
        r = subprocess.run(sys.argv[1:], input=sys.stdin.buffer.read(), \
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n\
        sys.stderr.buffer.write(r.stderr)\n\
        sys.exit(r.returncode)\n";
    for (args, stdin) in writing_runs() {
        let mut child = std::process::Command::new("python3")
            .arg("-c")
            .arg(script)
            .arg(env!("CARGO_BIN_EXE_fastbip32"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let mut child_stdin = child.stdin.take().expect("stdin");
        std::io::Write::write_all(&mut child_stdin, stdin).expect("write stdin");
        drop(child_stdin);
        let out = child.wait_with_output().expect("python3 exits");
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).as_ref()
            ),
            (Some(0), ""),
            "{args:?}"
        );
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
