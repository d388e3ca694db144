//! `fastbip32 descriptor DESC` against Bitcoin Core: the canonical forms of
//! `descriptor_tests.cpp` (`tests/data/descriptor_core.json`), the cases of
//! `rpc_getdescriptorinfo.py` and BIP-84's SLIP-132 keys (`tests/data/getdescriptorinfo_core.json`,
//! checksums and xpub re-encodings by embit).

use serde_json::{Map, Value};

use crate::common::{assert_error, assert_usage_error, json_of, json_ok, run, str_field};

const CORE_JSON: &str = include_str!("../../../tests/data/descriptor_core.json");
const INFO_JSON: &str = include_str!("../../../tests/data/getdescriptorinfo_core.json");

fn data(json: &str) -> Value {
    serde_json::from_str(json).unwrap()
}

/// `descriptor --json` of `text`, given through standard input (no note for private keys).
fn describe(text: &str) -> Map<String, Value> {
    json_ok(&run(&["descriptor", "-", "--json"], text.as_bytes()))
}

fn bool_field(record: &Map<String, Value>, name: &str) -> bool {
    record[name]
        .as_bool()
        .unwrap_or_else(|| panic!("{name}: {record:?}"))
}

fn branch_descriptors(record: &Map<String, Value>) -> Vec<&str> {
    record["branch_descriptors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

/// The network the key text of `text` names: xpub/xprv mainnet, tpub/tprv testnet, WIF by
/// its first character (the WIF keys of these cases are all mainnet: `K`, `L`, `5`), hex
/// keys alone `any`.
fn network_of_text(text: &str, has_wif: bool) -> &'static str {
    if text.contains("tpub") || text.contains("tprv") {
        "testnet"
    } else if text.contains("xpub") || text.contains("xprv") || has_wif {
        "mainnet"
    } else {
        "any"
    }
}

/// Every valid case of Core's `descriptor_tests.cpp` with a canonical form: Core's string,
/// with embit's checksum, as `descriptor`; private keys in their public form.
#[test]
fn core_canonical_forms() {
    let core = data(CORE_JSON);
    let info = data(INFO_JSON);
    let checksums = info["canonical_checksums"].as_object().unwrap();
    let mut checked = 0;
    let mut private = 0;
    let mut multipath = 0;
    for case in core["valid"].as_array().unwrap() {
        let Some(canonical) = case["canonical"].as_str() else {
            continue;
        };
        let id = case["id"].as_str().unwrap();
        let text = case["descriptor"].as_str().unwrap();
        let checksum = checksums[id].as_str().unwrap();
        let record = describe(text);
        assert_eq!(
            str_field(&record, "descriptor"),
            format!("{canonical}#{checksum}"),
            "{id}"
        );
        assert_eq!(str_field(&record, "checksum"), checksum, "{id}");
        assert_eq!(
            bool_field(&record, "isrange"),
            case["ranged"].as_bool().unwrap(),
            "{id}"
        );
        assert!(bool_field(&record, "issolvable"), "{id}");
        let has_wif = id.contains("wif");
        let has_private = text.contains("prv") || has_wif;
        assert_eq!(bool_field(&record, "hasprivatekeys"), has_private, "{id}");
        if has_private {
            private += 1;
            assert!(!canonical.contains("prv"), "{id}");
        }
        let branches = case["branches"].as_array().unwrap().len();
        assert_eq!(
            record["branches"].as_u64().unwrap(),
            branches as u64,
            "{id}"
        );
        let expanded = branch_descriptors(&record);
        assert_eq!(expanded.len(), branches, "{id}");
        if branches == 1 {
            assert_eq!(expanded, [str_field(&record, "descriptor")], "{id}");
        } else {
            multipath += 1;
            for one in &expanded {
                assert!(!one.contains('<'), "{id}: {one}");
            }
        }
        assert_eq!(
            str_field(&record, "network"),
            network_of_text(text, has_wif),
            "{id}"
        );
        // The canonical form describes the same descriptor, with no private key (and a WIF
        // key's network gone with its text).
        let mut again = describe(str_field(&record, "descriptor"));
        assert_eq!(
            again.insert("hasprivatekeys".into(), has_private.into()),
            Some(false.into()),
            "{id}"
        );
        assert_eq!(
            again.insert("network".into(), record["network"].clone()),
            Some(network_of_text(canonical, false).into()),
            "{id}"
        );
        assert_eq!(again, record, "{id}");
        checked += 1;
    }
    assert!(checked >= 38, "{checked}");
    assert!(private >= 15, "{private}");
    assert!(multipath >= 5, "{multipath}");
}

/// Core's `rpc_getdescriptorinfo.py`: `descriptor` is the input with its checksum (for the
/// multipath case, the whole multipath form), `isrange`, `issolvable`, `hasprivatekeys` as
/// published, `branch_descriptors` Core's `multipath_expansion`; the same with or without
/// the checksum.
#[test]
fn core_rpc_getdescriptorinfo() {
    let info = data(INFO_JSON);
    let cases = info["rpc"].as_array().unwrap();
    assert!(cases.len() >= 11);
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let desc = case["desc"].as_str().unwrap();
        let expected = case["descriptor"].as_str().unwrap();
        let record = describe(desc);
        assert_eq!(record, describe(expected), "{id}");
        assert_eq!(str_field(&record, "descriptor"), expected, "{id}");
        assert_eq!(
            str_field(&record, "checksum"),
            expected.split_once('#').unwrap().1,
            "{id}"
        );
        for name in ["isrange", "issolvable", "hasprivatekeys"] {
            assert_eq!(
                bool_field(&record, name),
                case[name].as_bool().unwrap(),
                "{id} {name}"
            );
        }
        let expansions: Vec<&str> = case["expansions"].as_array().map_or_else(
            || vec![expected],
            |list| list.iter().map(|v| v.as_str().unwrap()).collect(),
        );
        assert_eq!(branch_descriptors(&record), expansions, "{id}");
        assert_eq!(
            record["branches"].as_u64().unwrap(),
            expansions.len() as u64,
            "{id}"
        );
        assert_eq!(
            str_field(&record, "network"),
            network_of_text(desc, false),
            "{id}"
        );
    }
}

/// A SLIP-132 key is printed as the xpub Core takes (embit's re-encoding and checksum), with
/// a note naming both forms; a zprv also gets the secret-on-argv note.
#[test]
fn slip132_keys_print_as_xpub() {
    let info = data(INFO_JSON);
    for case in info["slip132"].as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let desc = case["desc"].as_str().unwrap();
        let expected = case["descriptor"].as_str().unwrap();
        let from = case["from"].as_str().unwrap();
        let out = run(&["descriptor", "-", "--json"], desc.as_bytes());
        assert_eq!(out.code, 0, "{out:?}");
        let record = json_of(&out);
        assert_eq!(str_field(&record, "descriptor"), expected, "{id}");
        assert_eq!(
            bool_field(&record, "hasprivatekeys"),
            case["hasprivatekeys"].as_bool().unwrap(),
            "{id}"
        );
        assert_eq!(str_field(&record, "network"), "mainnet", "{id}");
        if let Some(list) = case["expansions"].as_array() {
            let expansions: Vec<&str> = list.iter().map(|v| v.as_str().unwrap()).collect();
            assert_eq!(branch_descriptors(&record), expansions, "{id}");
        }
        assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
        assert!(
            out.stderr.starts_with(&format!(
                "note: the descriptor's {from} is printed as an xpub, as Bitcoin Core takes it"
            )),
            "{out:?}"
        );
        // On the command line, a zprv adds the secret note to the same line.
        let argv = run(&["descriptor", desc, "--json"], b"");
        assert_eq!(json_of(&argv), record, "{id}");
        assert_eq!(
            argv.stderr.contains("given on the command line"),
            from.ends_with("prv"),
            "{argv:?}"
        );
    }
}

/// A private key on the command line gets the note (`descriptor -` avoids it), and never
/// reaches the output.
#[test]
fn private_keys_on_the_command_line() {
    let core = data(CORE_JSON);
    for (id, secret, note) in [
        (
            "core-pkh-xprv-hardened",
            "xprv",
            "note: the descriptor's extended private key was given on the command line, where other users and shell history can see it; use `descriptor -` to read it from standard input\n",
        ),
        (
            "core-sh-wpkh-wif",
            "L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1",
            "note: the descriptor's WIF private key was given on the command line, where other users and shell history can see it; use `descriptor -` to read it from standard input\n",
        ),
    ] {
        let case = core["valid"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .unwrap();
        let text = case["descriptor"].as_str().unwrap();
        let out = run(&["descriptor", text], b"");
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(out.stderr, note, "{id}");
        assert!(!out.stdout.contains(secret), "{id}");
        let quiet = run(&["descriptor", "-"], text.as_bytes());
        assert_eq!(quiet.stderr, "", "{id}");
        assert_eq!(quiet.stdout, out.stdout, "{id}");
    }
}

/// Labelled text by default, in the field order; `--fields` and `--raw` as everywhere.
#[test]
fn text_fields_and_raw() {
    let info = data(INFO_JSON);
    let case = info["rpc"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "rpc-tr-tpub-multipath")
        .unwrap();
    let desc = case["desc"].as_str().unwrap();
    let expected = case["descriptor"].as_str().unwrap();
    let expansions: Vec<&str> = case["expansions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let out = run(&["descriptor", desc], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, "");
    let checksum = expected.split_once('#').unwrap().1;
    assert_eq!(
        out.stdout,
        format!(
            "descriptor: {expected}\nchecksum: {checksum}\nisrange: true\nissolvable: true\nhasprivatekeys: false\nbranches: 2\nbranch_descriptors: {}\nnetwork: testnet\n",
            expansions.join(" ")
        )
    );
    let raw = run(
        &[
            "descriptor",
            desc,
            "--fields",
            "checksum,branches,network",
            "--raw",
        ],
        b"",
    );
    assert_eq!(raw.stdout, format!("{checksum}\t2\ttestnet\n"), "{raw:?}");
    let hex = info["rpc"][0]["desc"].as_str().unwrap();
    let network = run(&["descriptor", hex, "--fields", "network"], b"");
    assert_eq!(network.stdout, "network: any\n", "{network:?}");
    assert_usage_error(
        &["descriptor", desc, "--fields", "isranged"],
        "",
        "unknown field `isranged`",
        None,
    );
}

/// A bad descriptor: exit 2, one `error: ` line, nothing on standard output; a wrong checksum
/// names the right one, a bad key its position.
#[test]
fn bad_descriptors() {
    let info = data(INFO_JSON);
    let pkh = &info["rpc"][0];
    let desc = pkh["desc"].as_str().unwrap();
    let (_, checksum) = pkh["descriptor"].as_str().unwrap().split_once('#').unwrap();
    assert_usage_error(
        &["descriptor", &format!("{desc}#qqqqqqqq")],
        "",
        &format!("error: invalid DESC: descriptor checksum mismatch: the text before `#` has the checksum #{checksum}"),
        None,
    );
    // rpc_getdescriptorinfo.py's 1-of-2 of ranged tpubs, the second with a Base58Check
    // error (its last character changed).
    let multi = info["rpc"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "rpc-sh-multi-tpub-ranges")
        .unwrap()["desc"]
        .as_str()
        .unwrap();
    let tpub = multi
        .trim_start_matches("sh(multi(1,")
        .split('/')
        .next()
        .unwrap();
    assert!(tpub.starts_with("tpub") && tpub.ends_with('B'), "{tpub}");
    let broken = format!("{}C", &tpub[..tpub.len() - 1]);
    let bad = format!("wsh(multi(2,{tpub}/0/*,{broken}/0/*,{tpub}/1/*))");
    assert_usage_error(
        &["descriptor", &bad],
        "",
        "error: invalid DESC: key 2 of 3: ",
        None,
    );
    // Text in a key's place that is not a key: its byte, and which key it is.
    let g = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
    let not_hex = format!("02{}", "zz".repeat(32));
    let prefix = format!("wsh(multi(1,{g},");
    assert_usage_error(
        &["descriptor", &format!("{prefix}{not_hex},{g}))")],
        "",
        &format!(
            "error: invalid DESC: invalid descriptor at byte {}, in key 2 of 3: ",
            prefix.len()
        ),
        None,
    );
    // A private key that does not decode (Core's `core-invalid-wif`) is not repeated.
    let wif = "L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY2";
    assert_usage_error(
        &["descriptor", "-"],
        &format!("wsh(multi(1,{tpub},{wif}))"),
        "key 2 of 2",
        Some(wif),
    );
    for text in [
        "",
        "pk(0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798)",
        "raw(6a0464617461)",
        "wpkh(",
    ] {
        let out = run(&["descriptor", text], b"");
        assert_error(&out, 2);
        assert!(out.stderr.starts_with("error: invalid DESC: "), "{out:?}");
    }
}

/// The cases of `rpc_getdescriptorinfo.py` whose script expressions the library does not
/// parse (`pk()`, `combo()`, `raw()`, …) are refused as unsupported; once one
/// is implemented, its case belongs in `rpc` (`scripts/gen_getdescriptorinfo_vectors.py`).
#[test]
fn core_rpc_unsupported_scripts() {
    let info = data(INFO_JSON);
    let cases = info["rpc_unsupported"].as_array().unwrap();
    assert!(cases.len() >= 8);
    for case in cases {
        let id = case["id"].as_str().unwrap();
        for text in [&case["desc"], &case["descriptor"]] {
            let out = run(&["descriptor", text.as_str().unwrap()], b"");
            assert_error(&out, 2);
            assert!(
                out.stderr
                    .starts_with("error: invalid DESC: unsupported descriptor at byte "),
                "{id}: now supported? move the case to `rpc` in the generator: {out:?}"
            );
        }
    }
}
