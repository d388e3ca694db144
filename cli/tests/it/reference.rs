//! `docs/cli.md` against the tool: the `--help` text of the tool and of every subcommand
//! appears in it verbatim, each in its own section, so the reference cannot drift from the
//! argument parser.
//!
//! After a change to a flag or its help, `FASTBIP32_BLESS=1 cargo test -p fastbip32-cli
//! --test it reference` rewrites the help blocks of `docs/cli.md` in place (the prose around
//! them is left alone); review the diff, then commit it.

use crate::common::run;

/// Where the reference lives, from this crate's manifest directory.
const REFERENCE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cli.md");

/// The subcommands the top-level help lists, `help` left out.
fn subcommands(top: &str) -> Vec<String> {
    top.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// The help text of `fastbip32 ARGS --help`.
fn help(args: &[&str]) -> String {
    let mut command_line = args.to_vec();
    command_line.push("--help");
    let out = run(&command_line, b"");
    assert_eq!(out.code, 0, "{command_line:?}: {out:?}");
    out.stdout
}

/// The marker that opens the help block of `name` (`fastbip32` for the tool itself).
fn marker(name: &str) -> String {
    format!("<!-- help: {name} -->")
}

/// `text` with the fenced block after the marker of `name` replaced by `help`; `None` when
/// the marker is missing.
fn with_block(text: &str, name: &str, help: &str) -> Option<String> {
    let marker = marker(name);
    let at = text.find(&marker)? + marker.len();
    let rest = text.get(at..)?;
    let open = rest.find("```text\n")? + "```text\n".len();
    let body = rest.get(open..)?;
    // The closing fence: at the start of the body (an empty block) or of a later line.
    let close = if body.starts_with("```") {
        open
    } else {
        open + body.find("\n```")? + 1
    };
    Some(format!(
        "{}{}{}\n{}",
        text.get(..at)?,
        rest.get(..open)?,
        help.trim_end(),
        rest.get(close..)?
    ))
}

#[test]
fn docs_cli_md_holds_every_help_text() {
    let top = help(&[]);
    let mut names = vec![("fastbip32".to_owned(), top.clone())];
    for name in subcommands(&top) {
        let text = help(&[name.as_str()]);
        names.push((name, text));
    }
    assert!(names.len() > 6, "{names:?}");
    let original = std::fs::read_to_string(REFERENCE).expect("docs/cli.md is readable");
    let mut expected = original.clone();
    let mut missing = Vec::new();
    for (name, text) in &names {
        match with_block(&expected, name, text) {
            Some(updated) => expected = updated,
            None => missing.push(name.clone()),
        }
    }
    if std::env::var_os("FASTBIP32_BLESS").is_some() {
        if expected != original {
            std::fs::write(REFERENCE, &expected).expect("docs/cli.md is writable");
        }
    } else {
        assert!(
            expected == original,
            "docs/cli.md's help blocks differ from --help: run FASTBIP32_BLESS=1 cargo test -p fastbip32-cli --test it reference, and review the diff"
        );
    }
    assert!(
        missing.is_empty(),
        "docs/cli.md has no section for {missing:?}: add a `{}` line and a ```text block after it",
        marker(missing.first().map_or("NAME", String::as_str))
    );
}
