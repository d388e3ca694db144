//! `fastbip32 addresses --descriptor DESC`: the contract (fields, order, formats,
//! networks, errors), against Bitcoin Core's and the BIPs' published descriptor outputs and
//! the BIP-44/49/84/86 addresses of the `abandon … about` mnemonic.

use serde_json::Value;

use crate::common::{
    assert_error, assert_usage_error, json_ok, run, run_in_process, ABANDON_ABOUT,
};

const CORE_JSON: &str = include_str!("../../../tests/data/descriptor_core.json");
const BIPS_JSON: &str = include_str!("../../../tests/data/descriptor_bips.json");
const ADDRESS_BIPS_JSON: &str = include_str!("../../../tests/data/address_bips.json");

/// BIP-84's account xpub of `abandon … about` (m/84'/0'/0', root fingerprint 73c5da0a).
const BIP84_XPUB: &str = "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V";

/// The JSON records of a successful run.
fn records(args: &[&str], stdin: &str) -> Vec<serde_json::Map<String, Value>> {
    let out = run(args, stdin.as_bytes());
    assert_eq!(out.code, 0, "{args:?}: {out:?}");
    out.stdout
        .lines()
        .map(|line| match serde_json::from_str(line).unwrap() {
            Value::Object(map) => map,
            other => panic!("not an object: {other}"),
        })
        .collect()
}

/// Every published valid case with expected scriptPubKeys: each branch's records carry the
/// published scripts, addresses, key paths (with an origin) and public keys, in order.
#[test]
fn published_descriptor_outputs() {
    let mut checked = 0;
    for json in [CORE_JSON, BIPS_JSON] {
        let file: Value = serde_json::from_str(json).unwrap();
        for case in file["valid"].as_array().unwrap() {
            let id = case["id"].as_str().unwrap();
            let descriptor = case["descriptor"].as_str().unwrap();
            let branches = case["branches"].as_array().unwrap();
            let Some(count) = branches
                .iter()
                .map(|b| b["scripts"].as_array().map(Vec::len))
                .min()
                .flatten()
            else {
                continue;
            };
            let ranged = case["ranged"].as_bool().unwrap();
            let has_origin = descriptor.contains('[') && !descriptor.contains("multi(");
            let count_arg = count.to_string();
            // Descriptors with private keys go through standard input, as a user should.
            let got = records(
                &[
                    "addresses",
                    "--descriptor",
                    "-",
                    "--count",
                    &count_arg,
                    "--json",
                ],
                descriptor,
            );
            let per_branch = if ranged { count } else { 1 };
            assert_eq!(got.len(), per_branch * branches.len(), "{id}");
            for (b, branch) in branches.iter().enumerate() {
                let scripts = branch["scripts"].as_array().unwrap();
                for i in 0..per_branch {
                    let record = &got[b * per_branch + i];
                    assert_eq!(record["branch"], Value::from(b), "{id}");
                    let index = if ranged { Value::from(i) } else { Value::Null };
                    assert_eq!(record["index"], index, "{id}");
                    assert_eq!(
                        record["script_pubkey"], scripts[i],
                        "{id} branch {b} index {i}"
                    );
                    if let Some(addresses) = branch.get("addresses").and_then(Value::as_array) {
                        assert_eq!(record["address"], addresses[i], "{id}");
                    }
                    if let Some(keys) = branch.get("public_keys").and_then(Value::as_array) {
                        assert_eq!(record["public_key"], keys[i], "{id}");
                    }
                    match branch.get("paths").and_then(Value::as_array) {
                        Some(paths) if has_origin => {
                            assert_eq!(record["path"], paths[i], "{id}");
                        }
                        _ if has_origin => {}
                        _ => assert!(record.get("path").is_none(), "{id}: {record:?}"),
                    }
                    if descriptor.contains("multi(") {
                        assert!(record.get("public_key").is_none(), "{id}");
                        assert!(record.get("path").is_none(), "{id}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 60, "only {checked} published outputs checked");
}

/// The four standard descriptors of `abandon … about` (from `descriptors`) give BIP-49's
/// (testnet), BIP-84's and BIP-86's published addresses at the published paths, branch by
/// branch.
#[test]
fn bip_addresses_through_descriptors() {
    let vectors: Value = serde_json::from_str(ADDRESS_BIPS_JSON).unwrap();
    let mut checked = 0;
    for case in vectors["cases"].as_array().unwrap() {
        let bip = case["bip"].as_u64().unwrap();
        let network = case["network"].as_str().unwrap();
        let path = case["path"].as_str().unwrap();
        let descriptors = json_ok(&run(
            &[
                "descriptors",
                "--mnemonic",
                "-",
                "--network",
                network,
                "--json",
            ],
            ABANDON_ABOUT.as_bytes(),
        ));
        let descriptor = descriptors[&format!("bip{bip}")].as_str().unwrap();
        let steps: Vec<&str> = path.split('/').collect();
        let (change, index) = (steps[4], steps[5]);
        let got = records(
            &[
                "addresses",
                "--descriptor",
                descriptor,
                "--start",
                index,
                "--count",
                "1",
                "--json",
            ],
            "",
        );
        assert_eq!(got.len(), 2, "{path}");
        let record = &got[change.parse::<usize>().unwrap()];
        assert_eq!(record["address"], case["address"], "{path}");
        assert_eq!(record["path"].as_str().unwrap(), path);
        if let Some(public) = case.get("public_key_hex") {
            assert_eq!(&record["public_key"], public, "{path}");
        }
        assert_eq!(record["index"], Value::from(index.parse::<u32>().unwrap()));
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
fn formats_fields_and_order() {
    let descriptor = format!("wpkh([73c5da0a/84'/0'/0']{BIP84_XPUB}/<0;1>/*)");
    // Human output: `branch index address`, branch by branch (BIP-84's published addresses).
    let out = run(
        &["addresses", "--descriptor", &descriptor, "--count", "1"],
        b"",
    );
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert_eq!(
        out.stdout,
        "0 0 bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n\
         1 0 bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el\n"
    );
    let receive = format!("wpkh({BIP84_XPUB}/0/*)");
    let out = run(
        &["addresses", "--descriptor", &receive, "--count", "2"],
        b"",
    );
    assert_eq!(
        out.stdout,
        "0 0 bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n\
         0 1 bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g\n"
    );
    // Default count 20 and every field in the contract's order.
    let args = ["addresses", "--descriptor", &descriptor, "--json"];
    let got = records(&args, "");
    assert_eq!(got.len(), 40);
    let line = run(&args, b"").stdout.lines().next().unwrap().to_owned();
    let at = |name: &str| line.find(&format!("\"{name}\":")).unwrap();
    let order = [
        "branch",
        "index",
        "address",
        "script_pubkey",
        "public_key",
        "path",
    ];
    assert!(order.windows(2).all(|w| at(w[0]) < at(w[1])), "{line}");
    assert_eq!(got[0].len(), order.len());
    assert_eq!(got[39]["path"], "m/84'/0'/0'/1/19");
    // CSV with a selection: the header, then one line per record.
    let out = run(
        &[
            "addresses",
            "--descriptor",
            &descriptor,
            "--count",
            "1",
            "--csv",
            "--fields",
            "address,index,branch",
        ],
        b"",
    );
    assert_eq!(
        out.stdout,
        "address,index,branch\n\
         bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu,0,0\n\
         bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el,0,1\n"
    );
    // A descriptor without a range: one record per branch, index null (`-` in text).
    let fixed = format!("wpkh({BIP84_XPUB}/<0;1>/0)");
    let out = run(&["addresses", "--descriptor", &fixed], b"");
    assert_eq!(
        out.stdout,
        "0 - bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n\
         1 - bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el\n"
    );
    // Without an origin there is no `path`.
    let bare = format!("wpkh({BIP84_XPUB}/0/*)");
    let got = records(
        &["addresses", "--descriptor", &bare, "--count", "1", "--json"],
        "",
    );
    assert!(got[0].get("path").is_none(), "{:?}", got[0]);
}

#[test]
fn threads_and_chunks_do_not_change_the_output() {
    let descriptor = format!("sh(wpkh([73c5da0a/49'/0'/0']{BIP84_XPUB}/<0;1>/*))");
    let base = [
        "addresses",
        "--descriptor",
        &descriptor,
        "--count",
        "9000",
        "--csv",
    ];
    // In-process only: a run over a second adds a throughput note, whose figures differ
    // from run to run.
    let one = run_in_process(&[&base[..], &["--threads", "1"]].concat(), b"");
    let two = run_in_process(&[&base[..], &["--threads", "2"]].concat(), b"");
    let three = run_in_process(
        &[&base[..], &["--threads", "3", "--start", "0"]].concat(),
        b"",
    );
    for out in [&one, &two, &three] {
        assert_eq!(out.code, 0);
        assert!(
            out.stderr.is_empty() || out.stderr.starts_with("note: derived 18000 addresses in "),
            "{:?}",
            out.stderr
        );
    }
    assert_eq!(one.stdout.lines().count(), 18_001);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, three.stdout);
    // A later window is the same lines as the whole run's tail.
    let tail = run(
        &[
            "addresses",
            "--descriptor",
            &descriptor,
            "--start",
            "8990",
            "--count",
            "10",
            "--csv",
        ],
        b"",
    );
    let whole: Vec<&str> = one.stdout.lines().collect();
    let part: Vec<&str> = tail.stdout.lines().collect();
    assert_eq!(part[1..11], whole[8991..9001]);
}

/// Threads the system refuses to start are a one-line failure, not a panic: every thread
/// asks for a petabyte of stack (`RUST_MIN_STACK`, read by std in a process of its own),
/// which `pthread_create` cannot map.
#[test]
fn threads_the_system_refuses_are_a_one_line_failure() {
    let descriptor = format!("wpkh({BIP84_XPUB}/0/*)");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fastbip32"))
        .args([
            "addresses",
            "--descriptor",
            &descriptor,
            "--count",
            "5000",
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
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot start 2 threads: "),
        "{stderr}"
    );
}

/// The segwit v0 address of the 20- or 32-byte program of a `script_pubkey` (hex), by the
/// `bech32` crate.
fn segwit_v0(hrp: &str, script_pubkey: &str) -> String {
    let script = hex::decode(script_pubkey).unwrap();
    assert_eq!(script[0], 0, "not a v0 script: {script_pubkey}");
    let hrp = bech32::Hrp::parse(hrp).unwrap();
    bech32::segwit::encode_v0(hrp, &script[2..]).unwrap()
}

#[test]
fn networks() {
    let descriptors = json_ok(&run(
        &[
            "descriptors",
            "--mnemonic",
            "-",
            "--network",
            "testnet",
            "--json",
        ],
        ABANDON_ABOUT.as_bytes(),
    ));
    let tpub = descriptors["bip84"].as_str().unwrap();
    assert!(tpub.contains("]tpub"), "{tpub}");
    let first = |extra: &[&str]| {
        let mut args = vec!["addresses", "--descriptor", tpub, "--count", "1", "--json"];
        args.extend_from_slice(extra);
        records(&args, "").remove(0)
    };
    // A tpub means testnet; signet has the same prefix; regtest its own.
    let testnet = first(&[]);
    let script = testnet["script_pubkey"].as_str().unwrap();
    assert_eq!(testnet["address"], segwit_v0("tb", script).as_str());
    assert_eq!(testnet["path"], "m/84'/1'/0'/0/0");
    assert_eq!(first(&["--network", "signet"]), testnet);
    let regtest = first(&["--network", "regtest"]);
    assert_eq!(regtest["address"], segwit_v0("bcrt", script).as_str());
    assert_eq!(regtest["script_pubkey"], testnet["script_pubkey"]);
    assert_usage_error(
        &["addresses", "--descriptor", tpub, "--network", "mainnet"],
        "",
        "mixed networks",
        None,
    );
    let xpub = format!("wpkh({BIP84_XPUB}/0/*)");
    assert_usage_error(
        &["addresses", "--descriptor", &xpub, "--network", "testnet"],
        "",
        "mixed networks",
        None,
    );
    for cardano in ["preprod", "preview"] {
        assert_usage_error(
            &["addresses", "--descriptor", &xpub, "--network", cardano],
            "",
            "Cardano",
            None,
        );
    }
    // Hex keys fit every network: BIP-84's first key on testnet.
    let hex = "wpkh(0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c)";
    let out = run(
        &["addresses", "--descriptor", hex, "--network", "testnet"],
        b"",
    );
    let expected = segwit_v0("tb", "0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2");
    assert_eq!(out.stdout, format!("0 - {expected}\n"));
}

#[test]
fn private_keys_and_standard_input() {
    let xprv = "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu";
    let descriptor = format!("tr([73c5da0a]{xprv}/86'/0'/0'/0/*)");
    let argv = run(
        &["addresses", "--descriptor", &descriptor, "--count", "2"],
        b"",
    );
    assert_eq!(argv.code, 0);
    assert_eq!(
        argv.stdout,
        "0 0 bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr\n\
         0 1 bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh\n"
    );
    assert!(
        argv.stderr.starts_with(
            "note: the descriptor's extended private key was given on the command line"
        ) && argv.stderr.contains("--descriptor -")
            && argv.stderr.lines().count() == 1,
        "{:?}",
        argv.stderr
    );
    let stdin = run(
        &["addresses", "--descriptor", "-", "--count", "2"],
        format!("{descriptor}\n").as_bytes(),
    );
    assert_eq!(
        (stdin.stdout.as_str(), stdin.stderr.as_str()),
        (argv.stdout.as_str(), "")
    );
    // The origin path and the key's steps make the record's path; a hardened range needs the
    // xprv and prints its index without the hardened bit.
    let hardened = format!("wpkh([73c5da0a/84'/0'/0']{xprv}/84'/0'/0'/0/*')");
    let got = records(
        &[
            "addresses",
            "--descriptor",
            "-",
            "--start",
            "3",
            "--count",
            "1",
            "--json",
        ],
        &hardened,
    );
    assert_eq!(got[0]["index"], 3);
    assert_eq!(got[0]["path"], "m/84'/0'/0'/84'/0'/0'/0/3'");
}

/// The contract's bad inputs: exit 2, nothing on stdout, one `error:` line.
#[test]
fn bad_inputs() {
    let xpub = BIP84_XPUB;
    let many: Vec<String> = (0..16).map(|i| format!("{xpub}/{i}")).collect();
    let too_many = format!("sh(multi(1,{}))", many.join(","));
    for (descriptor, needle) in [
        (format!("wpkh({xpub}/0/*)#qqqqqqqq"), "checksum"),
        (
            format!("wpkh({xpub}/0/*')"),
            "needs the extended private key",
        ),
        (
            format!("wpkh({xpub}/0'/*)"),
            "needs the extended private key",
        ),
        (format!("wsh(pk({xpub}/0/*))"), "unsupported"),
        ("raw(deadbeef)".to_owned(), "descriptor"),
        (too_many, "multisig keys"),
        ("wpkh(xpub/0/*)".to_owned(), "invalid descriptor"),
        (String::new(), "descriptor"),
    ] {
        assert_usage_error(
            &["addresses", "--descriptor", &descriptor],
            "",
            needle,
            None,
        );
    }
    let good = format!("wpkh({xpub}/0/*)");
    let multi = format!("wsh(multi(1,{xpub}/0/*))");
    for (args, needle) in [
        (vec!["--fields", "branch,nope"], "unknown field `nope`"),
        (vec!["--fields", "index,index"], "given twice"),
        (vec!["--fields", "path"], "no `path` field"),
        (vec!["--count", "0"], "invalid --count"),
        (vec!["--start", "2147483648"], "invalid --start"),
        (
            vec!["--start", "2147483640", "--count", "9"],
            "invalid --count",
        ),
        (vec!["--network", "bitcoin"], "invalid --network"),
    ] {
        let mut full = vec!["addresses", "--descriptor", &good];
        full.extend(args);
        assert_usage_error(&full, "", needle, None);
    }
    assert_usage_error(
        &[
            "addresses",
            "--descriptor",
            &multi,
            "--fields",
            "public_key",
        ],
        "",
        "no `public_key` field",
        None,
    );
    // clap's errors are one line too.
    for args in [
        vec!["addresses"],
        vec!["addresses", "--descriptor", &good, "--json", "--csv"],
        vec!["addresses", "--descriptor", &good, "--threads", "0"],
    ] {
        assert_error(&run(&args, b""), 2);
    }
    // A private key in a bad descriptor is not repeated.
    let xprv = "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu";
    assert_usage_error(
        &[
            "addresses",
            "--descriptor",
            &format!("wpkh({xprv}/0/*)#qqqqqqqq"),
        ],
        "",
        "checksum",
        Some(xprv),
    );
}

/// A bare multisig (BIP-383's `multi(1,KEY,KEY)`) has no address: the default line gives
/// the scriptPubKey, JSON gives a null address, a note says why, and `--fields address` is a
/// usage error.
#[test]
fn bare_multisig_prints_its_script() {
    const DESC: &str = "multi(1,03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd,04a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea235)";
    // BIP-383's published script for this descriptor.
    const SCRIPT: &str = "512103a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd4104a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea23552ae";
    let out = run(&["addresses", "--descriptor", DESC], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, format!("0 - {SCRIPT}\n"));
    assert_eq!(
        out.stderr,
        "note: a bare multisig output has no address; each record gives its scriptPubKey\n"
    );
    let got = records(&["addresses", "--descriptor", DESC, "--json"], "");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["address"], Value::Null);
    assert_eq!(got[0]["script_pubkey"], Value::from(SCRIPT));
    assert_usage_error(
        &[
            "addresses",
            "--descriptor",
            DESC,
            "--fields",
            "index,address",
        ],
        "",
        "a bare multisig output has no address",
        None,
    );
}
