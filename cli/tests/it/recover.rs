//! `fastbip32 recover`: found, not found, usage errors, resume, `--json`, `--dry-run`; no
//! candidate on standard error or in the checkpoint. Expected wallets come from
//! `tests/data/recovery.json` (written by `bip_utils`, `scripts/gen_recovery_vectors.py`).

use crate::common::run_in_process;
use crate::fixtures::{coin_case, REGISTRY_COINS};
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/data/recovery.json");

fn vectors() -> (String, String, String) {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap().to_string();
    let address = d["english12"]["bitcoin"]["bip84"][0]
        .as_str()
        .unwrap()
        .to_string();
    let other = d["english12b"]["bitcoin"]["bip84"][0]
        .as_str()
        .unwrap()
        .to_string();
    (m, address, other)
}

fn unknown(m: &str, position: usize) -> String {
    let mut words: Vec<&str> = m.split(' ').collect();
    words[position] = "?";
    words.join(" ")
}

fn assert_no_word(text: &str, m: &str) {
    for word in m.split(' ') {
        assert!(!text.contains(word), "{word:?} appears in {text:?}");
    }
}

#[test]
fn found_prints_one_json_record() {
    let (m, address, _) = vectors();
    let template = unknown(&m, 4);
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--gap",
            "1",
            "--json",
            "--threads",
            "2",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1);
    let record: Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(record["mnemonic"], m.as_str());
    assert_eq!(record["passphrase"], "");
    assert_eq!(record["path"], "m/84'/0'/0'/0/0");
    assert_eq!(record["address"], address.as_str());
    assert_eq!(record["matched"], "address");
    assert!(record["candidate"].is_u64());
    assert_eq!(record["index"], record["candidate"]);
    assert_eq!(record["address_index"], 0);
    assert_no_word(&out.stderr, &m);
    assert!(
        out.stderr
            .contains("space: 2048 candidates, 126 pass the checksum"),
        "{}",
        out.stderr
    );
}

#[test]
fn found_text_record() {
    let (m, address, _) = vectors();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(&m, 2),
            "--address",
            &address,
            "--gap",
            "1",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.starts_with(&format!(
        "mnemonic: {m}\npassphrase: \npath: m/84'/0'/0'/0/0\naddress: {address}\n"
    )));
}

/// `address_index` is the matched address's index (bip_utils's 6th BIP-84 receive address,
/// index 5), `candidate` the candidate's number; `index` repeats `candidate`.
#[test]
fn found_record_names_the_address_index_and_the_candidate() {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap();
    let fifth = d["english12"]["bitcoin"]["bip84"][5].as_str().unwrap();
    let args = [
        "recover",
        "--mnemonic",
        &unknown(m, 4),
        "--address",
        fifth,
        "--gap",
        "6",
    ];
    let out = run_in_process(&[&args[..], &["--json"]].concat(), b"");
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["path"], "m/84'/0'/0'/0/5");
    assert_eq!(record["address_index"], 5);
    let candidate = record["candidate"].as_u64().unwrap();
    assert!(candidate < 2048);
    assert_eq!(record["index"], candidate);
    let text = run_in_process(&args, b"");
    assert_eq!(text.code, 0, "{text:?}");
    assert!(
        text.stdout.ends_with(&format!(
            "matched: address\ncandidate: {candidate}\naddress_index: 5\nindex: {candidate}\nlanguage: english\n"
        )),
        "{}",
        text.stdout
    );
    // An xpub match has no address index.
    let xpub = d["english12"]["bitcoin"]["bip84_xpub"].as_str().unwrap();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(m, 4),
            "--xpub",
            xpub,
            "--json",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["matched"], "xpub");
    assert!(record["address_index"].is_null());
    assert_eq!(record["index"], record["candidate"]);
}

#[test]
fn not_found_exits_1_with_one_line() {
    let (m, _, other) = vectors();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(&m, 4),
            "--address",
            &other,
            "--gap",
            "1",
        ],
        b"",
    );
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.is_empty());
    let last = out.stderr.lines().last().unwrap();
    assert_eq!(
        last,
        "searched 2048 candidates (126 passed the checksum): no match (coin bitcoin; paths m/84'/0'/0'/0/*, m/84'/0'/0'/1/*; gap 1)"
    );
    assert_no_word(&out.stderr, &m);
}

/// "no match" names the coin, every path searched and the gap: the address paths of each
/// account, an xpub's path (its own child number last: account 0' only) and `m` for a
/// fingerprint.
#[test]
fn no_match_names_the_coin_paths_and_gap() {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap();
    let other = &d["english12b"]["bitcoin"];
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(m, 4),
            "--address",
            other["bip44"][0].as_str().unwrap(),
            "--xpub",
            other["bip84_xpub"].as_str().unwrap(),
            "--fingerprint",
            other["fingerprint"].as_str().unwrap(),
            "--accounts",
            "2",
            "--gap",
            "3",
            "--change",
            "receive",
        ],
        b"",
    );
    assert_eq!(out.code, 1, "{out:?}");
    assert_eq!(
        out.stderr.lines().last().unwrap(),
        "searched 2048 candidates (126 passed the checksum): no match (coin bitcoin; paths \
         m/44'/0'/0'/0/*, m/44'/0'/1'/0/*, m, m/84'/0'/0'; gap 3)"
    );
    let eth = d["english12"]["ethereum"][0].as_str().unwrap();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(other_mnemonic(&d), 4),
            "--address",
            eth,
            "--gap",
            "2",
        ],
        b"",
    );
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr
            .lines()
            .last()
            .unwrap()
            .ends_with("no match (coin ethereum; paths m/44'/60'/0'/0/*, m/44'/60'/0'/1/*; gap 2)"),
        "{}",
        out.stderr
    );
}

/// A change address (bip_utils's BIP-84 `m/84'/0'/0'/1/3`) is found without `--path`;
/// `--change` chooses the chains.
#[test]
fn change_addresses_are_searched_by_default() {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap();
    let change = d["english12"]["bitcoin"]["bip84_change"][3]
        .as_str()
        .unwrap();
    let template = unknown(m, 4);
    let run = |extra: &[&str]| {
        let args = [
            &[
                "recover",
                "--mnemonic",
                &template,
                "--address",
                change,
                "--gap",
                "4",
                "--json",
            ][..],
            extra,
        ]
        .concat();
        run_in_process(&args, b"")
    };
    for extra in [&[][..], &["--change", "both"], &["--change", "change"]] {
        let out = run(extra);
        assert_eq!(out.code, 0, "{extra:?}: {out:?}");
        let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
        assert_eq!(record["mnemonic"], m);
        assert_eq!(record["path"], "m/84'/0'/0'/1/3");
        assert_eq!(record["address"], change);
        assert_eq!(record["address_index"], 3);
    }
    let out = run(&["--change", "receive"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr
            .ends_with("(coin bitcoin; paths m/84'/0'/0'/0/*; gap 4)\n"),
        "{}",
        out.stderr
    );
    let usage = [
        &["--change", "internal"][..],
        &["--change", "change", "--path", "m/84'/0'/0'/1/*"],
    ];
    for extra in usage {
        let out = run(extra);
        assert_eq!(out.code, 2, "{extra:?}: {out:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
    }
    let solana = d["english12"]["solana"][0].as_str().unwrap();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            solana,
            "--change",
            "receive",
        ],
        b"",
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --change: Solana's path m/44'/501'/*'/0' has no change step\n"
    );
}

/// Errors that teach: too few words suggest `--missing N`; a word outside the list suggests
/// `--typos 1` and the nearest list words (the intended word among them), as `mnemonic
/// --check` does; more such words than `--typos` suggest the count. One line each.
#[test]
fn template_errors_suggest_the_flag() {
    let (m, address, _) = vectors();
    let words: Vec<&str> = m.split(' ').collect();
    let error = |template: &str, extra: &[&str]| {
        let args = [
            &["recover", "--mnemonic", template, "--address", &address][..],
            extra,
        ]
        .concat();
        let out = run_in_process(&args, b"");
        assert_eq!(out.code, 2, "{out:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
        out.stderr
    };
    assert!(error(&words[..11].join(" "), &[]).ends_with(
        "a phrase of 11 words is not BIP-39 (12, 15, 18, 21 or 24 words); if words are missing, try --missing 1\n"
    ));
    assert!(error(&words[..10].join(" "), &["--missing", "1"])
        .ends_with("; if words are missing, try --missing 2\n"));
    // "grab" (word 3) misspelt "grav".
    let typo = m.replacen("grab", "grav", 1);
    let out = error(&typo, &[]);
    assert!(
        out.starts_with(
            "error: invalid --mnemonic: word 3 of the template is not in the word list; did you mean "
        ),
        "{out}"
    );
    assert!(out.contains("grab"), "{out}");
    assert!(
        out.ends_with("? (--typos 1 searches the words near it)\n"),
        "{out}"
    );
    let check = run_in_process(&["mnemonic", "--check", "-"], typo.as_bytes());
    let suggested = out
        .split("did you mean ")
        .nth(1)
        .unwrap()
        .split('?')
        .next()
        .unwrap();
    assert!(
        check.stderr.contains(&format!("did you mean {suggested}?")),
        "{check:?}"
    );
    let two = typo.replacen("fiber", "fibre", 1);
    assert!(error(&two, &["--typos", "1"]).ends_with(
        "2 words are not in the word list, more than the 1 typos allowed; --typos 2 searches the words near each\n"
    ));
}

fn other_mnemonic(d: &Value) -> &str {
    d["english12b"]["mnemonic"].as_str().unwrap()
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let (m, address, _) = vectors();
    let twelve = unknown(&m, 4);
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "recover",
            "--mnemonic",
            "abandon ? {abandon",
            "--address",
            &address,
        ],
        vec![
            "recover",
            "--mnemonic",
            &twelve,
            "--missing",
            "13",
            "--length",
            "12",
            "--address",
            &address,
        ],
        vec![
            "recover",
            "--mnemonic",
            &twelve,
            "--address",
            "notanaddress",
        ],
        vec!["recover", "--mnemonic", &twelve],
        vec![
            "recover",
            "--mnemonic",
            &twelve,
            "--address",
            &address,
            "--shard",
            "3/2",
        ],
        vec![
            "recover",
            "--mnemonic",
            &twelve,
            "--address",
            &address,
            "--coin",
            "dogecoin",
        ],
        vec![
            "recover",
            "--mnemonic",
            &twelve,
            "--address",
            &address,
            "--path",
            "m/*/*",
        ],
        vec!["recover", "--mnemonic", &twelve, "--fingerprint", "xyz"],
    ];
    for args in cases {
        let out = run_in_process(&args, b"");
        assert_eq!(out.code, 2, "{args:?}: {out:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {out:?}");
        assert!(out.stderr.starts_with("error: "), "{out:?}");
    }
}

#[test]
fn dry_run_prints_counts_and_five_candidates() {
    let (m, address, _) = vectors();
    let template = unknown(&m, 4);
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--dry-run",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "space: 2048 candidates, 126 pass the checksum",
            "coin: bitcoin",
            "paths: m/84'/0'/0'/0/*, m/84'/0'/0'/1/*",
            "gap: 20",
            "accounts: 1",
        ],
        "{}",
        out.stdout
    );
    let examples = &lines[5..];
    assert_eq!(examples.len(), 5, "{}", out.stdout);
    let mut phrases: Vec<&str> = Vec::new();
    for line in examples {
        let (head, rest) = line.split_once(": ").unwrap();
        assert!(head.starts_with("example "), "{line}");
        let phrase = rest.strip_suffix(" | passphrase: ").unwrap();
        assert!(!phrases.contains(&phrase), "{line} repeated");
        phrases.push(phrase);
        // Each is the template with a word at `?` and a valid checksum.
        let check = run_in_process(&["mnemonic", "--check", "-"], phrase.as_bytes());
        assert_eq!(check.code, 0, "{phrase}: {check:?}");
        let (a, b) = (phrase.split(' '), template.split(' '));
        assert!(a.zip(b).all(|(x, y)| y == "?" || x == y), "{phrase}");
    }
    // Nothing on standard error but the note on the template given in argv.
    assert!(!out.stderr.contains("space:"), "{}", out.stderr);
    assert!(
        out.stderr.lines().all(|l| l.starts_with("note: ")),
        "{}",
        out.stderr
    );
}

/// `--dry-run --json`: one object with the counts, the shard, the coin, the paths, the gap and
/// the examples; a space of two candidates shows each once.
#[test]
fn dry_run_json_and_distinct_examples() {
    let (m, address, _) = vectors();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(&m, 4),
            "--address",
            &address,
            "--gap",
            "3",
            "--change",
            "receive",
            "--shard",
            "1/2",
            "--dry-run",
            "--json",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.lines().count(), 1);
    let plan: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(plan["candidates"], 2048);
    assert_eq!(plan["checksum_valid"], 126);
    assert_eq!(plan["checksum_exact"], true);
    assert_eq!(plan["shard"], serde_json::json!([0, 1024]));
    assert_eq!(plan["coin"], "bitcoin");
    assert_eq!(plan["paths"], serde_json::json!(["m/84'/0'/0'/0/*"]));
    assert_eq!(plan["gap"], 3);
    let examples = plan["examples"].as_array().unwrap();
    assert!((1..=5).contains(&examples.len()), "{plan}");
    for e in examples {
        assert!(e["candidate"].as_u64().unwrap() < 1024, "{plan}");
        assert_eq!(e["passphrase"], "");
    }
    let dir = std::env::temp_dir().join(format!("fastbip32-dry-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("passphrases");
    std::fs::write(&list, "one\ntwo\n").unwrap();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &m,
            "--passphrases",
            list.to_str().unwrap(),
            "--address",
            &address,
            "--dry-run",
            "--json",
        ],
        b"",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.code, 0, "{out:?}");
    let plan: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    let passphrases: Vec<&str> = plan["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["passphrase"].as_str().unwrap())
        .collect();
    assert_eq!(passphrases, ["one", "two"]);
}

#[test]
fn resume_after_an_interruption_and_no_word_in_the_checkpoint() {
    let (m, address, _) = vectors();
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("checkpoint");
    let _ = std::fs::remove_file(&file);
    let file_arg = file.to_str().unwrap();
    let template = unknown(&m, 11);
    // The first half of the space, as an interrupted run leaves it: searched, no match there.
    let first = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--gap",
            "1",
            "--shard",
            "1/2",
            "--resume",
            file_arg,
        ],
        b"",
    );
    let checkpoint = std::fs::read_to_string(&file).unwrap();
    assert_no_word(&checkpoint, &m);
    assert!(checkpoint.starts_with("fastbip32-recovery-checkpoint"));
    let full = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--gap",
            "1",
            "--json",
        ],
        b"",
    );
    assert_eq!(full.code, 0);
    let resumed = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--gap",
            "1",
            "--json",
            "--resume",
            file_arg,
        ],
        b"",
    );
    assert_eq!(resumed.code, 0, "{resumed:?}");
    assert_eq!(resumed.stdout, full.stdout);
    if first.code == 1 {
        // The first half had no match: the resumed run searched only the second.
        let record: Value = serde_json::from_str(full.stdout.trim()).unwrap();
        assert!(record["candidate"].as_u64().unwrap() >= 1024);
    }
    assert_no_word(&std::fs::read_to_string(&file).unwrap(), &m);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C (SIGINT) stops the built binary's search: exit 130, one line on standard error, and
/// the checkpoint written with the finished ranges and no word.
#[cfg(unix)]
#[test]
fn ctrl_c_writes_the_checkpoint() {
    let dir = std::env::temp_dir().join(format!("fastbip32-ctrl-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("search.checkpoint");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_fastbip32"))
        .args([
            "recover",
            "--mnemonic",
            "? ? grab fiber curtain grace pudding thank cruise elder eight picnic",
            "--address",
            "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
            "--gap",
            "1",
            "--threads",
            "1",
            "--resume",
        ])
        .arg(&checkpoint)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Past the first saved chunk, far from the end of 4 194 304 candidates.
    std::thread::sleep(core::time::Duration::from_secs(3));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(stderr.contains("interrupted after"), "{stderr}");
    let saved = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(
        saved.starts_with("fastbip32-recovery-checkpoint"),
        "{saved}"
    );
    for word in ["grab", "fiber", "curtain", "picnic"] {
        assert!(!saved.contains(word) && !stderr.contains(word));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The record of a run with `--json`, parsed.
fn record(out: &crate::common::Output) -> Value {
    assert_eq!(out.code, 0, "{out:?}");
    serde_json::from_str(out.stdout.trim_end()).unwrap()
}

#[test]
fn template_and_passphrase_from_standard_input_or_a_file() {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap();
    let pass = d["english12"]["passphrase"].as_str().unwrap();
    let address = d["english12"]["bitcoin_passphrase"]["bip84"][0]
        .as_str()
        .unwrap();
    let plain = d["english12"]["bitcoin"]["bip84"][0].as_str().unwrap();
    let template = unknown(m, 4);
    let base = ["recover", "--address", plain, "--gap", "1", "--json"];
    // The template alone on standard input: no note.
    let mut args = base.to_vec();
    args.extend(["--mnemonic", "-"]);
    let out = run_in_process(&args, format!("  {template} \n").as_bytes());
    assert_eq!(record(&out)["mnemonic"], m);
    assert!(!out.stderr.contains("note:"), "{}", out.stderr);
    // From a file.
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-in-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("template.txt");
    std::fs::write(&file, format!("{template}\n")).unwrap();
    let at = format!("@{}", file.display());
    let mut args = base.to_vec();
    args.extend(["--mnemonic", &at]);
    let out = run_in_process(&args, b"");
    assert_eq!(record(&out)["mnemonic"], m);
    assert!(!out.stderr.contains("note:"), "{}", out.stderr);
    let missing = format!("@{}", dir.join("none.txt").display());
    let mut args = base.to_vec();
    args.extend(["--mnemonic", &missing]);
    let out = run_in_process(&args, b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
    assert!(out
        .stderr
        .starts_with("error: invalid --mnemonic: cannot open "));
    // Template and passphrase on standard input: the first line and the second.
    let with_pass = ["recover", "--address", address, "--gap", "1", "--json"];
    let mut args = with_pass.to_vec();
    args.extend(["--mnemonic", "-", "--passphrase", "-"]);
    let out = run_in_process(&args, format!("{template}\n{pass}\n").as_bytes());
    let found = record(&out);
    assert_eq!(found["mnemonic"], m);
    assert_eq!(found["passphrase"], pass);
    assert!(!out.stderr.contains("note:"), "{}", out.stderr);
    let out = run_in_process(&args, format!("{template}\n").as_bytes());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr
            .contains("the first line is the mnemonic and the second the passphrase"),
        "{out:?}"
    );
    // The passphrase alone on standard input, the template on the command line: the note
    // names the template only.
    let mut args = with_pass.to_vec();
    args.extend(["--mnemonic", &template, "--passphrase", "-"]);
    let out = run_in_process(&args, format!("{pass}\n").as_bytes());
    assert_eq!(record(&out)["passphrase"], pass);
    assert_eq!(
        out.stderr.lines().filter(|l| l.starts_with("note:")).collect::<Vec<_>>(),
        ["note: the mnemonic template was given on the command line, where other users and shell history can see it; use --mnemonic - (or --mnemonic @FILE) to read it from standard input"]
    );
    // Both on the command line: one note naming both.
    let mut args = with_pass.to_vec();
    args.extend(["--mnemonic", &template, "--passphrase", pass]);
    let out = run_in_process(&args, b"");
    assert_eq!(record(&out)["passphrase"], pass);
    assert_eq!(
        out.stderr.lines().filter(|l| l.starts_with("note:")).collect::<Vec<_>>(),
        ["note: the mnemonic template and the passphrase were given on the command line, where other users and shell history can see them; use --mnemonic - (or --mnemonic @FILE) and --passphrase - (or --passphrase-prompt) to read them from standard input"]
    );
    // A list of passphrases from standard input.
    let mut args = with_pass.to_vec();
    args.extend(["--mnemonic", &at, "--passphrases", "-"]);
    let out = run_in_process(&args, format!("a\nb\n{pass}\nc\n").as_bytes());
    assert_eq!(record(&out)["passphrase"], pass);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn secrets_that_cannot_be_read_are_one_line_errors() {
    let (m, address, _) = vectors();
    let template = unknown(&m, 4);
    for (args, stdin, needle) in [
        (
            vec!["recover", "--address", &address],
            "",
            "error: give --mnemonic TEMPLATE, --mnemonic - (standard input) or --mnemonic @FILE; recover asks for it only on a terminal",
        ),
        (
            vec!["recover", "--mnemonic", "-", "--passphrases", "-", "--address", &address],
            "",
            "error: --mnemonic - and --passphrases - cannot both read standard input: give the passphrases in a file",
        ),
        (
            vec!["recover", "--mnemonic", &template, "--passphrase-prompt", "--address", &address],
            "",
            "error: --passphrase-prompt needs a terminal on standard input; use --passphrase -",
        ),
        (
            vec!["recover", "--mnemonic", &template, "--passphrase", "-", "--address", &address],
            "a\nb\n",
            "error: invalid --passphrase: standard input has more than one line",
        ),
    ] {
        let out = run_in_process(&args, stdin.as_bytes());
        assert_eq!(out.code, 2, "{args:?}: {out:?}");
        assert_eq!(out.stderr, format!("{needle}\n"), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn counts_above_their_maximum_are_one_line_usage_errors() {
    let (m, address, _) = vectors();
    let template = unknown(&m, 4);
    let base = [
        "recover",
        "--mnemonic",
        template.as_str(),
        "--address",
        address.as_str(),
    ];
    let help = run_in_process(&["recover", "--help"], b"").stdout;
    for (flag, value, message, documented) in [
        (
            "--gap",
            "4294967295",
            "error: invalid --gap: gap 4294967295 is more than the most, 65536",
            "at most 65536",
        ),
        (
            "--threads",
            "5000",
            "error: invalid --threads: threads 5000 is more than the most, 1024",
            "at most 1024",
        ),
        (
            "--accounts",
            "4294967295",
            "error: invalid --accounts: accounts 4294967295 is more than the most, 1024",
            "at most 1024",
        ),
    ] {
        let mut args = base.to_vec();
        args.extend([flag, value]);
        let out = run_in_process(&args, b"");
        assert_eq!(out.code, 2, "{out:?}");
        assert_eq!(out.stderr, format!("{message}\n"));
        assert!(out.stdout.is_empty());
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(flag))
            .unwrap();
        assert!(line.contains(documented), "{line}");
    }
    assert_eq!(fastbip32::recovery::MAX_GAP, 65_536);
    assert_eq!(fastbip32::recovery::MAX_ACCOUNTS, 1024);
    assert_eq!(fastbip32::recovery::MAX_THREADS, 1024);
    // A passphrase list one byte over 64 MiB.
    let mut list = vec![b'p'; 64 << 20];
    list.push(b'\n');
    let mut args = base.to_vec();
    args.extend(["--passphrases", "-"]);
    let out = run_in_process(&args, &list);
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: invalid --passphrases: standard input is longer than 67108864 bytes\n"
    );
}

/// A worker thread the system refuses to start is a one-line failure, not a panic: here
/// every thread asks for a petabyte of stack (`RUST_MIN_STACK`, read by std in a process of
/// its own), which `pthread_create` cannot map.
#[test]
fn a_thread_the_system_refuses_is_a_one_line_failure() {
    let (m, _, other) = vectors();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fastbip32"))
        .args([
            "recover",
            "--mnemonic",
            &unknown(&m, 4),
            "--address",
            &other,
            "--gap",
            "1",
            "--threads",
            "2",
        ])
        .env("RUST_MIN_STACK", (1u64 << 50).to_string())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty());
    let last = stderr.lines().last().unwrap();
    assert!(
        last.starts_with("error: the search failed: cannot start a worker thread: "),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_no_word(&stderr, &m);
}

#[test]
fn a_checkpoint_of_another_gap_is_refused_and_resuming_says_how_far() {
    let (m, _, other) = vectors();
    let template = unknown(&m, 4);
    let dir = std::env::temp_dir().join(format!("fastbip32-recover-gap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("resume");
    let file = file.to_str().unwrap();
    let args = |gap: &'static str| {
        vec![
            "recover".to_owned(),
            "--mnemonic".to_owned(),
            template.clone(),
            "--address".to_owned(),
            other.clone(),
            "--gap".to_owned(),
            gap.to_owned(),
            "--resume".to_owned(),
            file.to_owned(),
            "--threads".to_owned(),
            "2".to_owned(),
        ]
    };
    // Gap 5: no match, the checkpoint complete.
    let out = run_in_process(&args("5"), b"");
    assert_eq!(out.code, 1, "{out:?}");
    // Gap 20 with the same file: one usage error naming the gap.
    let out = run_in_process(&args("20"), b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        format!("error: invalid --resume {file}: the checkpoint belongs to a search with another gap: resuming it would skip candidates this search has not examined (use a new checkpoint file, or search as before)\n")
    );
    assert!(out.stdout.is_empty());
    // Gap 5 again: it says how much was searched, and searches nothing.
    let out = run_in_process(&args("5"), b"");
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr
            .contains("resuming: 2048 of 2048 candidates already searched\n"),
        "{}",
        out.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_address_decides_the_coin() {
    let d: Value = serde_json::from_str(DATA).unwrap();
    let m = d["english12"]["mnemonic"].as_str().unwrap();
    let template = unknown(m, 4);
    for (coin, address, path) in [
        (
            "ethereum",
            d["english12"]["ethereum"][0].as_str().unwrap(),
            "m/44'/60'/0'/0/0",
        ),
        (
            "solana",
            d["english12"]["solana"][0].as_str().unwrap(),
            "m/44'/501'/0'/0'",
        ),
        (
            "cardano",
            d["english12"]["cardano"][0].as_str().unwrap(),
            "m/1852'/1815'/0'/0/0",
        ),
    ] {
        let out = run_in_process(
            &[
                "recover",
                "--mnemonic",
                &template,
                "--address",
                address,
                "--gap",
                "1",
                "--json",
            ],
            b"",
        );
        let found = record(&out);
        assert_eq!(found["mnemonic"], m, "{coin}");
        assert_eq!(found["path"], path, "{coin}");
        assert_eq!(found["address"], address, "{coin}");
    }
    // Addresses of two coins: one usage error line, and no `space:` line before it.
    let bitcoin = d["english12"]["bitcoin"]["bip84"][0].as_str().unwrap();
    let ethereum = d["english12"]["ethereum"][0].as_str().unwrap();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            bitcoin,
            "--address",
            ethereum,
        ],
        b"",
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1);
    assert!(
        out.stderr
            .starts_with("error: the addresses are of several coins ("),
        "{}",
        out.stderr
    );
}

/// Registry coins without `--coin` (Litecoin, Tron, XRP, Cosmos, Dogecoin at index 7 of the
/// default path); an EVM address under `--coin polygon`; an address of another coin than
/// `--coin`'s refused in one line.
#[test]
fn registry_coins_from_the_address() {
    let dogecoin = ("dogecoin", "m/44'/3'/0'/0/7", None);
    for (slug, path, extra) in REGISTRY_COINS.into_iter().chain([dogecoin]) {
        let case = coin_case(slug, path);
        let (m, address) = (case.mnemonic, case.address);
        let template = unknown(&m, 2);
        let mut args = vec![
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--gap",
            "8",
            "--change",
            "receive",
            "--json",
        ];
        if let Some(coin) = extra {
            args.extend(["--coin", coin]);
        }
        let out = run_in_process(&args, b"");
        let found = record(&out);
        assert_eq!(found["mnemonic"], m.as_str(), "{slug}");
        assert_eq!(found["path"], path, "{slug}");
        assert_eq!(found["address"], address.as_str(), "{slug}");
    }
    let case = coin_case("tron", "m/44'/195'/0'/0/7");
    let (m, address) = (case.mnemonic, case.address);
    let template = unknown(&m, 2);
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--coin",
            "ethereum",
        ],
        b"",
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1);
    assert!(
        out.stderr.contains("is not an address of ethereum"),
        "{}",
        out.stderr
    );
}

/// `--wallet ledger-live` finds Ledger Live's Ethereum account `m/44'/60'/1'/0/0`; an unknown
/// wallet and a wallet without paths for the coin are one-line usage errors.
#[test]
fn wallet_presets() {
    let case = coin_case("ethereum", "m/44'/60'/1'/0/0");
    let (m, address) = (case.mnemonic, case.address);
    let template = unknown(&m, 2);
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &template,
            "--address",
            &address,
            "--wallet",
            "ledger-live",
            "--gap",
            "2",
            "--json",
        ],
        b"",
    );
    let found = record(&out);
    assert_eq!(found["path"], "m/44'/60'/1'/0/0");
    assert_eq!(found["mnemonic"], m.as_str());
    for (wallet, needle) in [
        ("coinbase", "invalid --wallet \"coinbase\""),
        ("phantom", "the phantom wallet has no ethereum paths"),
    ] {
        let out = run_in_process(
            &[
                "recover",
                "--mnemonic",
                &template,
                "--address",
                &address,
                "--wallet",
                wallet,
            ],
            b"",
        );
        assert_eq!(out.code, 2, "{out:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stderr.contains(needle), "{}", out.stderr);
    }
}

#[test]
fn address_db_built_from_a_list_finds_the_wallet() {
    let (m, address, other) = vectors();
    let d: Value = serde_json::from_str(DATA).unwrap();
    let dir = std::env::temp_dir().join(format!("fastbip32-address-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("addresses.db");
    let db_arg = db.to_str().unwrap();
    // The wallet's first BIP-84 address among another wallet's, its own addresses of three
    // other coins (a Bitcoin search derives none), a P2WSH (no search derives it: left out)
    // and a blank line, from standard input.
    let mut list = format!("{other}\n\n{address}\n");
    for coin in ["ethereum", "solana", "cardano"] {
        for a in d["english12"][coin].as_array().unwrap() {
            list.push_str(a.as_str().unwrap());
            list.push('\n');
        }
    }
    list.push_str("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3\n");
    let built = run_in_process(
        &["recover", "--build-address-db", "-", "--out", db_arg],
        list.as_bytes(),
    );
    assert_eq!(built.code, 0, "{built:?}");
    assert!(built.stdout.is_empty());
    assert_eq!(built.stderr.lines().count(), 1, "{}", built.stderr);
    let size = std::fs::metadata(&db).unwrap().len();
    assert!(
        built.stderr.starts_with(&format!(
            "address database: 12 addresses (11 distinct searched, 1 of kinds a search does not derive left out), {size} bytes in "
        )),
        "{}",
        built.stderr
    );
    assert!(built.stderr.contains("false-positive rate about 2^-37"));

    // One word unknown, the address found in the database.
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(&m, 4),
            "--address-db",
            db_arg,
            "--gap",
            "2",
            "--change",
            "receive",
            "--json",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["mnemonic"], m.as_str());
    assert_eq!(record["matched"], "address-db");
    assert_eq!(record["address"], address.as_str());
    assert_eq!(record["path"], "m/84'/0'/0'/0/0");
    assert!(out
        .stderr
        .contains("note: an address-database match: confirm"));
    assert_no_word(&out.stderr, &m);

    // Confirmed in the list it was built from: an exact match.
    let list_file = dir.join("addresses.txt");
    std::fs::write(&list_file, &list).unwrap();
    let run = |list: &std::path::Path| {
        run_in_process(
            &[
                "recover",
                "--mnemonic",
                &unknown(&m, 4),
                "--address-db",
                db_arg,
                "--address-db-list",
                list.to_str().unwrap(),
                "--gap",
                "2",
                "--change",
                "receive",
                "--json",
            ],
            b"",
        )
    };
    let out = run(&list_file);
    assert_eq!(out.code, 0, "{out:?}");
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["matched"], "address");
    assert_eq!(record["address"], address.as_str());
    assert!(!out.stderr.contains("confirm"), "{}", out.stderr);
    // A list without the address (as if the database had matched falsely): the match is
    // skipped, counted, and the search goes on to its end.
    let without = dir.join("without.txt");
    std::fs::write(&without, list.replace(&format!("{address}\n"), "")).unwrap();
    let out = run(&without);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains(
            "note: 1 address-database matches were not in --address-db-list (false positives), skipped\n"
        ),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("no match"));

    // A damaged file: one line, exit 2.
    let mut bytes = std::fs::read(&db).unwrap();
    let stored_bits = bytes.len() - 40;
    bytes[stored_bits] ^= 1;
    let damaged = dir.join("damaged.db");
    std::fs::write(&damaged, &bytes).unwrap();
    let out = run_in_process(
        &[
            "recover",
            "--mnemonic",
            &unknown(&m, 4),
            "--address-db",
            damaged.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        format!(
            "error: invalid --address-db {}: the address database file is damaged (checksum)\n",
            damaged.display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn address_db_build_refuses_a_line_that_is_no_address() {
    let dir = std::env::temp_dir().join(format!("fastbip32-address-db-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("never.db");
    let (_, address, _) = vectors();
    let out = run_in_process(
        &[
            "recover",
            "--build-address-db",
            "-",
            "--out",
            db.to_str().unwrap(),
        ],
        format!("{address}\n\nnot-an-address\n").as_bytes(),
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr
            .starts_with("error: --build-address-db - line 3: ")
            && out
                .stderr
                .ends_with(" not an address of any coin of the registry\n")
            && out.stderr.lines().count() == 1,
        "{}",
        out.stderr
    );
    assert!(!db.exists());
    let long = "1".repeat(300);
    let out = run_in_process(
        &[
            "recover",
            "--build-address-db",
            "-",
            "--out",
            db.to_str().unwrap(),
        ],
        long.as_bytes(),
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(
        out.stderr,
        "error: address list line 1 is longer than 256 bytes\n"
    );
    // --out without --build-address-db is a usage error
    let out = run_in_process(&["recover", "--out", db.to_str().unwrap()], b"");
    assert_eq!(out.code, 2, "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
