//! README.md's command-line examples, run as written: every `sh` block of the section "The
//! command-line tool", under `sh -e` in a scratch directory, with the built `fastbip32` first
//! on `PATH` (the binary `cargo install --path cli` installs).

use std::path::{Path, PathBuf};
use std::process::Command;

const README: &str = include_str!("../../../README.md");

/// The section of README.md that shows the tool.
const SECTION: &str = "## The command-line tool";

/// The `sh` blocks of the section.
fn examples() -> Vec<String> {
    let start = README.find(SECTION).expect("README has the section");
    let section = &README[start + SECTION.len()..];
    let section = section.find("\n## ").map_or(section, |end| &section[..end]);
    let mut blocks = Vec::new();
    let mut rest = section;
    while let Some(open) = rest.find("```sh\n") {
        let body = &rest[open + 6..];
        let close = body.find("```").expect("a closed block");
        blocks.push(body[..close].to_owned());
        rest = &body[close + 3..];
    }
    blocks
}

/// A fresh scratch directory for one run.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fastbip32-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path_with_binary() -> std::ffi::OsString {
    let binary = Path::new(env!("CARGO_BIN_EXE_fastbip32"));
    let mut dirs = vec![binary.parent().unwrap().to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap()
}

#[test]
fn readme_command_line_examples_run_as_written() {
    let blocks = examples();
    assert!(!blocks.is_empty(), "README's tool section has no sh block");
    let dir = scratch();
    for block in &blocks {
        let out = Command::new("sh")
            .args(["-e", "-c", block])
            .current_dir(&dir)
            .env("PATH", path_with_binary())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "README example failed ({:?}):\n{block}\nstderr:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !out.stdout.is_empty(),
            "README example printed nothing:\n{block}"
        );
    }
    // The million-address example: a header, then one row per index, the first of them
    // BIP-84's published first receive address of "abandon … about".
    let csv = std::fs::read_to_string(dir.join("addresses.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("index,address"));
    assert_eq!(
        lines.next(),
        Some("0,bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")
    );
    assert_eq!(lines.count(), 999_999);
    std::fs::remove_dir_all(&dir).unwrap();
}
