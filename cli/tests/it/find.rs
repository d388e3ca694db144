//! `fastbip32 find ADDRESS (--descriptor DESC | --xkey XKEY [--path PREFIX]) [--count N]
//! [--start S]`: the expected branches, indices and paths come from committed data — the
//! BIP-49/84/86 published addresses, Bitcoin Core's descriptor scriptPubKeys (as addresses
//! through the independent `bs58` and `bech32` crates) and `bip_utils`' addresses deep in
//! each account's branches (`tests/data/find_bip_utils.json`, `scripts/gen_find_vectors.py`).

use serde_json::Value;

use crate::common::{assert_error, assert_usage_error, json_ok, run, str_field, u64_field};
use crate::fixtures::{coin_case, REGISTRY_COINS};

const BIPS_JSON: &str = include_str!("../../../tests/data/address_bips.json");
const CORE_JSON: &str = include_str!("../../../tests/data/descriptor_core.json");
const FIND_JSON: &str = include_str!("../../../tests/data/find_bip_utils.json");

fn data(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// Branch and index of a `m/…/branch/index` path.
fn tail(path: &str) -> (u64, u64) {
    let mut steps = path.rsplit('/');
    let index = steps.next().unwrap().parse().unwrap();
    let branch = steps.next().unwrap().parse().unwrap();
    (branch, index)
}

#[test]
fn bip_published_addresses_from_the_account_key() {
    let d = data(BIPS_JSON);
    for case in d["cases"].as_array().unwrap() {
        let bip = case["bip"].as_u64().unwrap();
        let account = d["accounts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["bip"].as_u64() == Some(bip))
            .unwrap();
        let address = str_field(case.as_object().unwrap(), "address");
        let path = case["path"].as_str().unwrap();
        let (branch, index) = tail(path);
        // The account's private key, on standard input.
        let xprv = account["xprv"].as_str().unwrap();
        let got = json_ok(&run(
            &["find", address, "--xkey", "-", "--count", "10", "--json"],
            xprv.as_bytes(),
        ));
        assert_eq!(u64_field(&got, "branch"), branch, "{path}");
        assert_eq!(u64_field(&got, "index"), index, "{path}");
        assert_eq!(str_field(&got, "path"), format!("{branch}/{index}"));
        assert_eq!(str_field(&got, "address"), address);
        // From the master key with the account's path: the full path.
        let root = account["root"].as_str().unwrap();
        let account_path = account["path"].as_str().unwrap();
        let got = json_ok(&run(
            &[
                "find",
                address,
                "--xkey",
                "-",
                "--path",
                account_path,
                "--json",
            ],
            root.as_bytes(),
        ));
        assert_eq!(str_field(&got, "path"), path);
    }
}

/// The mainnet address of a P2PKH, P2SH or segwit v0/v1 scriptPubKey, through the `bs58`
/// and `bech32` crates.
fn script_address(script: &[u8]) -> Option<String> {
    let base58 = |version: u8, hash: &[u8]| {
        Some(
            bs58::encode([&[version][..], hash].concat())
                .with_check()
                .into_string(),
        )
    };
    match script {
        [0x76, 0xa9, 0x14, hash @ .., 0x88, 0xac] if hash.len() == 20 => return base58(0, hash),
        [0xa9, 0x14, hash @ .., 0x87] if hash.len() == 20 => return base58(5, hash),
        _ => {}
    }
    let hrp = bech32::Hrp::parse("bc").unwrap();
    let version = match script.first()? {
        0 => bech32::Fe32::Q,
        0x51 => bech32::Fe32::P,
        _ => return None,
    };
    if script.get(1).map(|&n| usize::from(n)) != Some(script.len() - 2) {
        return None;
    }
    bech32::segwit::encode(hrp, version, &script[2..]).ok()
}

#[test]
fn core_descriptor_outputs() {
    let d = data(CORE_JSON);
    let mut checked = 0;
    for case in d["valid"].as_array().unwrap() {
        if case["ranged"].as_bool() != Some(true) {
            continue;
        }
        let descriptor = case["descriptor"].as_str().unwrap();
        let branches = case["branches"].as_array().into_iter().flatten();
        for (b, branch) in branches.enumerate() {
            let Some(scripts) = branch["scripts"].as_array().filter(|s| !s.is_empty()) else {
                continue;
            };
            let i = scripts.len() - 1;
            let script = hex::decode(scripts[i].as_str().unwrap()).unwrap();
            let Some(address) = script_address(&script) else {
                continue;
            };
            let got = json_ok(&run(
                &["find", &address, "--descriptor", "-", "--json"],
                descriptor.as_bytes(),
            ));
            assert_eq!(u64_field(&got, "branch"), b as u64, "{descriptor}");
            assert_eq!(u64_field(&got, "index"), i as u64, "{descriptor}");
            if let Some(paths) = branch["paths"].as_array() {
                assert_eq!(str_field(&got, "path"), paths[i].as_str().unwrap());
            }
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked}");
}

#[test]
fn deep_indices_from_bip_utils() {
    let d = data(FIND_JSON);
    for account in d["accounts"].as_array().unwrap() {
        let xpub = account["account_xpub"].as_str().unwrap();
        let kind = account["kind"].as_str().unwrap();
        for case in account["cases"].as_array().unwrap() {
            let address = case["address"].as_str().unwrap();
            let branch = case["branch"].as_u64().unwrap();
            let index = case["index"].as_u64().unwrap();
            let count = (index + 1).to_string();
            let got = json_ok(&run(
                &["find", address, "--xkey", xpub, "--count", &count, "--json"],
                b"",
            ));
            assert_eq!(u64_field(&got, "branch"), branch, "{kind} {address}");
            assert_eq!(u64_field(&got, "index"), index, "{kind} {address}");
            assert_eq!(
                str_field(&got, "path"),
                format!("{branch}/{index}"),
                "{kind}"
            );
        }
    }
}

#[test]
fn a_zpub_searched_for_other_scripts() {
    let d = data(FIND_JSON);
    let other = &d["other_scripts"];
    let zpub = other["account_xpub"].as_str().unwrap();
    for case in other["cases"].as_array().unwrap() {
        let address = case["address"].as_str().unwrap();
        let kind = case["kind"].as_str().unwrap();
        let (branch, index) = (
            case["branch"].as_u64().unwrap(),
            case["index"].as_u64().unwrap(),
        );
        for threads in ["1", "2"] {
            let got = json_ok(&run(
                &[
                    "find",
                    address,
                    "--xkey",
                    zpub,
                    "--count",
                    "20",
                    "--threads",
                    threads,
                    "--json",
                ],
                b"",
            ));
            assert_eq!(str_field(&got, "type"), kind);
            assert_eq!(u64_field(&got, "branch"), branch, "{kind}");
            assert_eq!(u64_field(&got, "index"), index, "{kind}");
        }
    }
}

#[test]
fn not_found_and_usage_errors() {
    let d = data(FIND_JSON);
    let account = &d["accounts"][2];
    let xpub = account["account_xpub"].as_str().unwrap();
    let deep = account["cases"][0]["address"].as_str().unwrap();
    // Index 50000 is past the default 1000 indices: exit 1, one line.
    let out = run(&["find", deep, "--xkey", xpub], b"");
    assert_error(&out, 1);
    assert_eq!(
        out.stderr,
        "error: address not found in indices 0..999 of 2 branches\n"
    );
    let out = run(
        &[
            "find", deep, "--xkey", xpub, "--start", "49990", "--count", "5",
        ],
        b"",
    );
    assert_error(&out, 1);
    assert!(out.stderr.contains("indices 49990..49994"), "{out:?}");
    // Within a window around it, with the text output.
    let out = run(
        &[
            "find",
            deep,
            "--xkey",
            xpub,
            "--start",
            "49990",
            "--count",
            "20",
            "--threads",
            "1",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        out.stdout,
        format!("address: {deep}\ntype: p2wpkh\nbranch: 0\nindex: 50000\npath: 0/50000\n")
    );
    // Usage errors: no source, both sources, a bad address, a type --xkey cannot give, an
    // Ethereum address for a descriptor, --path without --xkey.
    assert_usage_error(&["find", deep], "", "--descriptor", None);
    assert_usage_error(
        &["find", deep, "--xkey", xpub, "--descriptor", "wpkh(x)"],
        "",
        "cannot be used with",
        None,
    );
    assert_usage_error(
        &["find", "bc1nope", "--xkey", xpub],
        "",
        "invalid address",
        None,
    );
    assert_usage_error(
        &[
            "find",
            "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
            "--xkey",
            xpub,
        ],
        "",
        "p2wsh",
        None,
    );
    let eth = d["accounts"][4]["cases"][0]["address"].as_str().unwrap();
    assert_usage_error(
        &["find", eth, "--descriptor", &format!("wpkh({xpub})")],
        "",
        "ethereum",
        None,
    );
    assert_usage_error(&["find", deep, "--path", "0"], "", "--xkey", None);
    assert_usage_error(
        &["find", deep, "--xkey", xpub, "--count", "0"],
        "",
        "--count",
        None,
    );
}

/// Registry coins' addresses from the account xpub, the coin read from the address: Litecoin,
/// Tron, XRP and Cosmos; an EVM address with `--coin polygon`; an address of
/// another coin than `--coin`'s refused.
#[test]
fn registry_coins_from_the_account_key() {
    for (coin, path, named) in REGISTRY_COINS {
        let case = coin_case(coin, path);
        let (address, xpub) = (case.address, case.account_xpub);
        let mut args = vec!["find", &address, "--xkey", &xpub, "--count", "8", "--json"];
        if let Some(named) = named {
            args.extend(["--coin", named]);
        }
        let got = json_ok(&run(&args, b""));
        assert_eq!(str_field(&got, "path"), "0/7", "{coin}");
        assert_eq!(u64_field(&got, "index"), 7, "{coin}");
        assert_eq!(str_field(&got, "address"), address, "{coin}");
    }
    let case = coin_case("tron", "m/44'/195'/0'/0/7");
    let (address, xpub) = (case.address, case.account_xpub);
    assert_usage_error(
        &["find", &address, "--xkey", &xpub, "--coin", "litecoin"],
        "",
        "is not an address of litecoin",
        None,
    );
}
