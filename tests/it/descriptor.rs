//! Output descriptors against published vectors: BIP-380 to BIP-389 (and BIP-84/86
//! derivations), and Bitcoin Core's `descriptor_tests.cpp` (`tests/data/descriptor_*.json`).
#![cfg(feature = "descriptor")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core,
    clippy::too_many_lines,
    clippy::needless_range_loop
)] // test code: failing loudly is the point; one check per vector field

use std::collections::BTreeSet;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::descriptor::{
    compute_checksum, verify_checksum, Derived, Descriptor, Error, ErrorKind, Feature,
};
use fastbip32::{Network, Xpub};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

fn data() -> [(&'static str, Value); 2] {
    [
        (
            "descriptor_bips.json",
            serde_json::from_str(include_str!("../data/descriptor_bips.json")).unwrap(),
        ),
        (
            "descriptor_core.json",
            serde_json::from_str(include_str!("../data/descriptor_core.json")).unwrap(),
        ),
    ]
}

fn cases<'a>(file: &'a Value, group: &str) -> &'a [Value] {
    file[group].as_array().map_or(&[], Vec::as_slice)
}

/// The name of an enum value's variant, from its `Debug` form.
fn variant_name(debug: &str) -> String {
    debug.split([' ', '(', '{']).next().unwrap().to_string()
}

/// An error as the JSON files describe it.
fn describe(e: &Error) -> Value {
    match *e {
        Error::Invalid { offset, kind, .. } => {
            let mut v = json!({
                "variant": "Invalid",
                "kind": variant_name(&format!("{kind:?}")),
                "offset": offset,
            });
            match kind {
                ErrorKind::ChecksumLength { len } => v["len"] = json!(len),
                ErrorKind::NotAllowedHere { function } => {
                    v["function"] = json!(format!("{function:?}"));
                }
                _ => {}
            }
            v
        }
        Error::Unsupported { offset, feature } => {
            let mut v = json!({
                "variant": "Unsupported",
                "feature": variant_name(&format!("{feature:?}")),
                "offset": offset,
            });
            if let Feature::Function(function) = feature {
                v["function"] = json!(format!("{function:?}"));
            }
            v
        }
        Error::ChecksumMismatch { computed } => json!({
            "variant": "ChecksumMismatch",
            "computed": String::from_utf8(computed.to_vec()).unwrap(),
        }),
        Error::InvalidThreshold { threshold, keys } => {
            json!({"variant": "InvalidThreshold", "threshold": threshold, "keys": keys})
        }
        Error::TooManyKeys { keys, max } => {
            json!({"variant": "TooManyKeys", "keys": keys, "max": max})
        }
        Error::Key { key, keys, error } => json!({
            "variant": "Key",
            "key": key,
            "keys": keys,
            "error": variant_name(&format!("{error:?}")),
        }),
        Error::Wif { key, keys, error } => json!({
            "variant": "Wif",
            "key": key,
            "keys": keys,
            "error": variant_name(&format!("{error:?}")),
        }),
        other => json!({"variant": variant_name(&format!("{other:?}"))}),
    }
}

/// Every field of `expected` is in `actual` with the same value.
fn matches(actual: &Value, expected: &Value) -> bool {
    expected
        .as_object()
        .unwrap()
        .iter()
        .all(|(k, v)| actual.get(k) == Some(v))
}

fn hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

#[test]
fn checksum_vectors() {
    let mut count = 0;
    for (file, data) in data() {
        for case in cases(&data, "checksums") {
            let id = case["id"].as_str().unwrap();
            let text = case["text"].as_str().unwrap();
            match verify_checksum(text) {
                Ok(payload) => {
                    assert!(case["error"].is_null(), "{file} {id}: accepted");
                    assert_eq!(payload, case["payload"].as_str().unwrap(), "{file} {id}");
                    if let Some(expected) = case["checksum"].as_str() {
                        let computed = compute_checksum(payload).unwrap();
                        assert_eq!(computed, expected.as_bytes(), "{file} {id}");
                    }
                }
                Err(e) => {
                    let expected = &case["error"];
                    assert!(!expected.is_null(), "{file} {id}: rejected with {e:?}");
                    assert!(
                        matches(&describe(&e), expected),
                        "{file} {id}: {e:?} vs {expected}"
                    );
                    // The same through the descriptor parser.
                    assert_eq!(text.parse::<Descriptor>().unwrap_err(), e, "{file} {id}");
                }
            }
            count += 1;
        }
    }
    assert_eq!(count, 17);
}

/// Bitcoin Core's check: with every `'` written as `h`, the public form follows.
fn with_h(text: &str) -> String {
    text.replace('\'', "h")
}

fn script_hex(d: &Derived) -> String {
    d.script_pubkey().to_string()
}

fn check_valid(file: &str, case: &Value) {
    let id = case["id"].as_str().unwrap();
    let text = case["descriptor"].as_str().unwrap();
    let d: Descriptor = text
        .parse()
        .unwrap_or_else(|e| panic!("{file} {id}: {e:?} ({e})"));
    if let Some(canonical) = case["canonical"].as_str() {
        assert_eq!(format!("{d:#}"), canonical, "{file} {id}");
        let printed = d.to_string();
        assert_eq!(printed.len(), canonical.len() + 9, "{file} {id}");
        assert_eq!(verify_checksum(&printed).unwrap(), canonical, "{file} {id}");
        // Printing is idempotent and keeps the meaning.
        let again: Descriptor = printed.parse().unwrap();
        assert_eq!(again.to_string(), printed, "{file} {id}");
        if text.contains('\'') {
            let h: Descriptor = with_h(text).parse().unwrap();
            assert_eq!(format!("{h:#}"), with_h(canonical), "{file} {id} with h");
        }
    }
    assert_eq!(
        d.is_ranged(),
        case["ranged"].as_bool().unwrap(),
        "{file} {id}"
    );
    let branches = case["branches"].as_array().unwrap();
    assert_eq!(d.branch_count(), branches.len(), "{file} {id}");
    let needs_private = case["needs_private"].as_bool().unwrap_or(false);
    assert_eq!(d.needs_private_keys(), needs_private, "{file} {id}");
    for (b, expected) in branches.iter().enumerate() {
        let label = format!("{file} {id} branch {b}");
        if let Some(paths) = expected["paths"].as_array() {
            // Paths need no derivation: checked even where deriving needs a private key.
            for (i, path) in paths.iter().enumerate() {
                let i = u32::try_from(i).unwrap();
                let ours = d.full_path(b, i).unwrap().unwrap().to_string();
                assert_eq!(ours, path.as_str().unwrap(), "{label} index {i}");
                if let Ok(branch) = d.branch(b) {
                    assert_eq!(branch.full_path(i).unwrap().unwrap().to_string(), ours);
                }
            }
        }
        if needs_private {
            let error = match d.branch(b) {
                Err(e) => e,
                Ok(branch) => branch.derive(0).unwrap_err(),
            };
            assert!(
                matches!(
                    error,
                    Error::Key {
                        error: fastbip32::Error::HardenedFromPublic { .. },
                        ..
                    }
                ),
                "{label}: {error:?}"
            );
            continue;
        }
        let branch = d.branch(b).unwrap_or_else(|e| panic!("{label}: {e:?}"));
        let mut count = 3;
        for field in [
            "scripts",
            "witness_scripts",
            "redeem_scripts",
            "public_keys",
            "internal_keys",
        ] {
            if let Some(list) = expected[field].as_array() {
                count = count.max(list.len());
            }
        }
        let mut batch = vec![Derived::default(); count];
        branch.derive_into(0, &mut batch).unwrap();
        for i in 0..count {
            let index = u32::try_from(i).unwrap();
            let one = branch.derive(index).unwrap();
            assert_eq!(one, batch[i], "{label} index {i}: derive vs derive_into");
            assert_eq!(one, d.derive(b, index).unwrap(), "{label} index {i}");
            assert_eq!(one.branch(), b);
            assert_eq!(one.index(), d.is_ranged().then_some(index), "{label}");
            // A descriptor without a range gives its one output at every index.
            let at = if d.is_ranged() { i } else { 0 };
            if let Some(scripts) = expected["scripts"].as_array() {
                if let Some(script) = scripts.get(at) {
                    assert_eq!(
                        script_hex(&one),
                        script.as_str().unwrap(),
                        "{label} index {i}"
                    );
                }
            }
            if let Some(scripts) = expected["witness_scripts"].as_array() {
                if let Some(ws) = scripts.get(at) {
                    let ws = hex::decode(ws.as_str().unwrap()).unwrap();
                    let expected = format!("0020{}", hex(&Sha256::digest(&ws)));
                    assert_eq!(script_hex(&one), expected, "{label} index {i}");
                }
            }
            if let Some(scripts) = expected["redeem_scripts"].as_array() {
                if let Some(rs) = scripts.get(at) {
                    let rs = hex::decode(rs.as_str().unwrap()).unwrap();
                    let hash = ripemd::Ripemd160::digest(Sha256::digest(&rs));
                    let expected = format!("a914{}87", hex(&hash));
                    assert_eq!(script_hex(&one), expected, "{label} index {i}");
                }
            }
            if let Some(keys) = expected["public_keys"].as_array() {
                if let Some(key) = keys.get(at) {
                    assert_eq!(
                        hex(one.public_key().unwrap()),
                        key.as_str().unwrap(),
                        "{label} {i}"
                    );
                }
            }
            if let Some(keys) = expected["internal_keys"].as_array() {
                if let Some(key) = keys.get(at) {
                    assert_eq!(
                        hex(&one.public_key().unwrap()[1..]),
                        key.as_str().unwrap(),
                        "{label} {i}"
                    );
                }
            }
            if let Some(addresses) = expected["addresses"].as_array() {
                if let Some(address) = addresses.get(at) {
                    let address = address.as_str().unwrap();
                    assert_eq!(
                        one.address(Network::Mainnet).unwrap().as_str(),
                        address,
                        "{label} {i}"
                    );
                    assert_eq!(
                        d.address(b, index, Network::Mainnet).unwrap().as_str(),
                        address
                    );
                }
            }
            assert_eq!(one.public_key().is_some(), d.is_single_key(), "{label}");
        }
        // BIP-389: each branch derives as its expansion does.
        if let Some(expansions) = case["expansions"].as_array() {
            let single: Descriptor = expansions[b].as_str().unwrap().parse().unwrap();
            assert_eq!(single.branch_count(), 1);
            let expanded = d.branch_descriptor(b).unwrap();
            assert_eq!(expanded.branch_count(), 1, "{label}");
            assert_eq!(
                expanded.to_string(),
                single.to_string(),
                "{label} expansion"
            );
            for i in 0..3u32 {
                assert_eq!(
                    script_hex(&single.derive(0, i).unwrap()),
                    script_hex(&branch.derive(i).unwrap()),
                    "{label} expansion index {i}"
                );
            }
        }
    }
    assert!(matches!(
        d.branch(branches.len()),
        Err(Error::BranchOutOfRange { .. })
    ));
    assert!(matches!(
        d.branch_descriptor(branches.len()),
        Err(Error::BranchOutOfRange { .. })
    ));
}

#[test]
fn valid_vectors() {
    let mut count = 0;
    for (file, data) in data() {
        for case in cases(&data, "valid") {
            check_valid(file, case);
            count += 1;
        }
    }
    assert_eq!(count, 98);
}

#[test]
fn rejected_vectors() {
    let mut count = 0;
    for (file, data) in data() {
        for case in cases(&data, "rejected") {
            let id = case["id"].as_str().unwrap();
            let text = case["descriptor"].as_str().unwrap();
            let e = text
                .parse::<Descriptor>()
                .map(|d| d.to_string())
                .expect_err(&format!("{file} {id}: accepted"));
            let expected = &case["error"];
            assert!(
                matches(&describe(&e), expected),
                "{file} {id}: {e:?} ({e}) vs {expected}"
            );
            // Error offsets point into the text, on a character boundary.
            if let Some(offset) = describe(&e)["offset"].as_u64() {
                let offset = usize::try_from(offset).unwrap();
                assert!(
                    text.is_char_boundary(offset),
                    "{file} {id}: offset {offset}"
                );
            }
            count += 1;
        }
    }
    assert_eq!(count, 101);
}

const XPUB: &str = "xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL";
const TPUB: &str = "tpubD6NzVbkrYhZ4WaWSyoBvQwbpLkojyoTZPRsgXELWz3Popb3qkjcJyJUGLnL4qHHoQvao8ESaAstxYSnhyswJ76uZPStJRJCTKvosUCJZL5B";
/// BIP-381's uncompressed key (the point of `03a34b…c5bd`).
const UNCOMPRESSED: &str = "04a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea235";

const PUB: &str = "03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd";

/// Rejections that the published vectors do not reach, one per remaining error kind.
fn extra_rejections() -> Vec<(String, Value)> {
    let inv = |kind: &str| json!({"variant": "Invalid", "kind": kind});
    vec![
        (String::new(), inv("Empty")),
        ("()".into(), inv("Empty")),
        ("foo(1)".into(), inv("UnknownFunction")),
        (format!("sh(foo({PUB}))"), inv("UnknownFunction")),
        (format!("pkh({PUB}"), inv("UnbalancedParentheses")),
        (format!("pkh({PUB}))"), inv("TrailingCharacters")),
        (format!("pkh({PUB})x"), inv("TrailingCharacters")),
        (format!("pkh({PUB},{PUB})"), inv("WrongArgumentCount")),
        (
            format!("sh(wpkh({PUB}),wpkh({PUB}))"),
            inv("WrongArgumentCount"),
        ),
        (format!("pkh( {PUB})"), inv("Whitespace")),
        ("pkh(notakey)".into(), inv("InvalidKey")),
        (format!("pkh({})", &PUB[2..]), inv("InvalidPublicKey")),
        (format!("pkh({XPUB}/*/0)"), inv("MisplacedWildcard")),
        (format!("pkh({XPUB}/*x)"), inv("InvalidStep")),
        (format!("pkh({XPUB}/<0;1)"), inv("InvalidStep")),
        (format!("pkh({PUB}/0)"), inv("StepsAfterNonExtendedKey")),
        (
            format!("wsh(multi(1,{XPUB}/<0;1>/*,{XPUB}/<0;1;2>/*))"),
            inv("MultipathLengthMismatch"),
        ),
        (format!("wsh(multi(x1,{PUB}))"), inv("InvalidThresholdText")),
        (
            format!("wsh(multi(99999999999,{PUB}))"),
            inv("InvalidThresholdText"),
        ),
        (
            format!("wsh(multi(1,{}))", vec![PUB; 21].join(",")),
            json!({"variant": "TooManyKeys", "keys": 21, "max": 20}),
        ),
        (
            format!("wsh(multi(1,{XPUB}/0,{TPUB}/0))"),
            json!({"variant": "MixedNetworks"}),
        ),
        // 520 bytes hold 7 uncompressed keys in sh(multi()), not 8; the limit counts the
        // keys of the descriptor's own forms.
        (
            format!("sh(multi(1,{}))", [UNCOMPRESSED; 8].join(",")),
            json!({"variant": "TooManyKeys", "keys": 8, "max": 7}),
        ),
        (
            format!("sh(multi(1,{PUB},{}))", [UNCOMPRESSED; 8].join(",")),
            json!({"variant": "TooManyKeys", "keys": 9, "max": 8}),
        ),
        (format!("pkh({XPUB}"), inv("UnbalancedParentheses")),
        // A malformed extended key reports the extended-key error.
        (
            format!("pkh({}x)", &XPUB[..XPUB.len() - 1]),
            json!({"variant": "Key", "key": 0, "keys": 1, "error": "BadChecksum"}),
        ),
        // The key that fails is named: the second of two.
        (
            format!("wsh(multi(1,{XPUB},{}x))", &XPUB[..XPUB.len() - 1]),
            json!({"variant": "Key", "key": 1, "keys": 2, "error": "BadChecksum"}),
        ),
    ]
}

#[test]
fn remaining_rejections() {
    for (text, expected) in extra_rejections() {
        let e = text.parse::<Descriptor>().expect_err(&text);
        assert!(
            matches(&describe(&e), &expected),
            "{text}: {e:?} vs {expected}"
        );
    }
}

#[test]
fn every_descriptor_error_is_produced() {
    let mut seen = BTreeSet::new();
    let mut record = |e: &Error| {
        let v = describe(e);
        seen.insert(v["variant"].as_str().unwrap().to_string());
        for field in ["kind", "feature"] {
            if let Some(name) = v[field].as_str() {
                seen.insert(format!("{}::{name}", v["variant"].as_str().unwrap()));
            }
        }
    };
    for (_, data) in data() {
        for group in ["checksums", "rejected"] {
            for case in cases(&data, group) {
                let text = case["descriptor"]
                    .as_str()
                    .or(case["text"].as_str())
                    .unwrap();
                if let Err(e) = text.parse::<Descriptor>() {
                    record(&e);
                }
            }
        }
    }
    for (text, _) in extra_rejections() {
        record(&text.parse::<Descriptor>().unwrap_err());
    }
    let d: Descriptor = format!("wpkh({XPUB}/<0;1>/*h)").parse().unwrap();
    record(&d.branch(2).unwrap_err());
    record(&d.branch(0).unwrap().derive(0).unwrap_err());
    record(&d.branch(0).unwrap().derive(1 << 31).unwrap_err());
    let tpub: Descriptor = format!("wpkh({TPUB}/*)").parse().unwrap();
    record(&tpub.address(0, 0, Network::Mainnet).unwrap_err());
    let bare: Descriptor = format!("multi(1,{PUB})").parse().unwrap();
    record(&bare.address(0, 0, Network::Mainnet).unwrap_err());
    let expected = [
        "BranchOutOfRange",
        "NetworkMismatch",
        "NoAddress",
        "ChecksumMismatch",
        "Key",
        "Wif",
        "InvalidIndex",
        "InvalidThreshold",
        "MixedNetworks",
        "TooManyKeys",
        "Invalid::InvalidCharacter",
        "Invalid::MultipleChecksums",
        "Invalid::ChecksumLength",
        "Invalid::Empty",
        "Invalid::UnknownFunction",
        "Invalid::UnbalancedParentheses",
        "Invalid::TrailingCharacters",
        "Invalid::NotAllowedHere",
        "Invalid::ExpectedScript",
        "Invalid::ExpectedKey",
        "Invalid::WrongArgumentCount",
        "Invalid::MissingKey",
        "Invalid::Whitespace",
        "Invalid::InvalidKey",
        "Invalid::UncompressedKey",
        "Invalid::InvalidPublicKey",
        "Invalid::InvalidFingerprint",
        "Invalid::InvalidOrigin",
        "Invalid::InvalidStep",
        "Invalid::MisplacedWildcard",
        "Invalid::StepsAfterNonExtendedKey",
        "Invalid::MisplacedMultipath",
        "Invalid::MultipathTooShort",
        "Invalid::DuplicateMultipathValue",
        "Invalid::MultipathLengthMismatch",
        "Invalid::InvalidThresholdText",
        "Unsupported::Function",
        "Unsupported::ScriptTree",
        "Unsupported::Miniscript",
    ];
    let missing: Vec<_> = expected.iter().filter(|e| !seen.contains(**e)).collect();
    assert!(missing.is_empty(), "not produced: {missing:?}");
}

#[test]
fn seven_uncompressed_keys_fit_p2sh() {
    let text = format!("sh(multi(7,{}))", [UNCOMPRESSED; 7].join(","));
    let d: Descriptor = text.parse().unwrap();
    assert_eq!(format!("{d:#}"), text);
    let script = d.derive(0, 0).unwrap();
    assert_eq!(script.script_pubkey().len(), 23);
}

#[test]
fn bare_multisig_is_its_own_script_and_has_no_address() {
    use fastbip32::descriptor::{DescriptorType, MAX_BARE_MULTISIG_KEYS, MAX_SCRIPT_PUBKEY_LEN};
    // Three uncompressed keys: the longest scriptPubKey a descriptor makes.
    let text = format!(
        "multi(3,{})",
        [UNCOMPRESSED; MAX_BARE_MULTISIG_KEYS].join(",")
    );
    let d: Descriptor = text.parse().unwrap();
    assert_eq!(d.descriptor_type(), DescriptorType::BareMulti);
    assert!(!d.has_address());
    assert_eq!(format!("{d:#}"), text);
    let out = d.derive(0, 0).unwrap();
    let script = out.script_pubkey().as_bytes();
    assert_eq!(script.len(), MAX_SCRIPT_PUBKEY_LEN);
    let mut expected = vec![0x53];
    for _ in 0..3 {
        expected.push(65);
        expected.extend(hex::decode(UNCOMPRESSED).unwrap());
    }
    expected.extend([0x53, 0xae]);
    assert_eq!(script, expected.as_slice());
    assert_eq!(out.address(Network::Mainnet), Err(Error::NoAddress));
    assert_eq!(d.address(0, 0, Network::Mainnet), Err(Error::NoAddress));
    assert_eq!(
        Error::NoAddress.to_string(),
        "a bare multisig output has no address"
    );
    // One key more than bare multisig allows.
    let four = format!("multi(1,{})", [PUB; 4].join(","));
    assert_eq!(
        four.parse::<Descriptor>().unwrap_err(),
        Error::TooManyKeys { keys: 4, max: 3 }
    );
    // Wrapped, the same keys are a P2SH output with an address.
    let wrapped: Descriptor = format!("sh({text})").parse().unwrap();
    assert!(wrapped.has_address());
    assert!(wrapped
        .derive(0, 0)
        .unwrap()
        .address(Network::Mainnet)
        .is_ok());
}

#[test]
fn networks_follow_the_key_versions() {
    let xpub: Descriptor = format!("wpkh({XPUB}/*)").parse().unwrap();
    let tpub: Descriptor = format!("wpkh({TPUB}/*)").parse().unwrap();
    let hex: Descriptor = format!("wpkh({PUB})").parse().unwrap();
    assert_eq!(xpub.network(), Some(Network::Mainnet));
    assert_eq!(tpub.network(), Some(Network::Testnet));
    assert_eq!(hex.network(), None);
    for network in Network::ALL {
        let x = xpub.derive(0, 3).unwrap().address(network);
        let t = tpub.derive(0, 3).unwrap().address(network);
        if network.is_test() {
            assert_eq!(
                x.unwrap_err(),
                Error::NetworkMismatch { key_is_test: false }
            );
            assert_eq!(
                xpub.check_network(network),
                Err(Error::NetworkMismatch { key_is_test: false })
            );
            assert!(t.unwrap().as_str().starts_with(network.bech32_hrp()));
        } else {
            assert!(x.unwrap().as_str().starts_with("bc1q"));
            assert_eq!(t.unwrap_err(), Error::NetworkMismatch { key_is_test: true });
        }
        let h = hex.address(0, 0, network).unwrap();
        assert!(h.as_str().starts_with(network.bech32_hrp()), "{h}");
    }
    // The SLIP-132 families name their network too.
    // BIP-84's account key m/84'/0'/0'.
    let zprv = "zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE";
    let d: Descriptor = format!("wpkh({zprv}/0/*)").parse().unwrap();
    assert!(format!("{d:#}").starts_with("wpkh(zpub"), "{d}");
    assert_eq!(d.network(), Some(Network::Mainnet));
    assert_eq!(
        d.address(0, 0, Network::Mainnet).unwrap().as_str(),
        "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
        "BIP-84 first receive address"
    );
}

/// `derive_into` over 300 indices from nonzero starts (three single-key chunks of 128 and
/// their remainder, and 19 multisig chunks of 16), against `Branch::derive` one by one; the
/// single key's public keys also against the xpub's `derive_path` one by one.
#[test]
fn derive_into_300_indices_equals_derive_one_by_one() {
    let xpub: Xpub = XPUB.parse().unwrap();
    let cosigner = xpub.derive_path_vartime("m/9/8").unwrap();
    // Each single-key descriptor with its key's steps before the index, per branch.
    let single = [
        (
            format!("wpkh([d34db33f/84'/0'/0']{XPUB}/0/*)"),
            ["0/", "0/"],
        ),
        (format!("pkh({XPUB}/<0;1>/*)"), ["0/", "1/"]),
        (format!("sh(wpkh({XPUB}/7/*))"), ["7/", "7/"]),
        (format!("tr({XPUB}/*)"), ["", ""]),
    ];
    let multi = [
        format!("wsh(sortedmulti(2,{XPUB}/0/*,{cosigner}/1/*,{PUB}))"),
        format!("sh(multi(1,{cosigner}/<2;3>/*,{XPUB}/*))"),
    ];
    let cases = single
        .iter()
        .map(|(text, steps)| (text, Some(steps)))
        .chain(multi.iter().map(|text| (text, None)));
    for (text, steps) in cases {
        let d: Descriptor = text.parse().unwrap();
        assert_eq!(d.is_single_key(), steps.is_some());
        for b in 0..d.branch_count() {
            let branch = d.branch(b).unwrap();
            for start in [1u32, 1_000_003, (1 << 31) - 300] {
                let mut batch = vec![Derived::default(); 300];
                branch.derive_into(start, &mut batch).unwrap();
                for (i, got) in (start..).zip(&batch) {
                    let one = branch.derive(i).unwrap();
                    assert_eq!(*got, one, "{text} branch {b} index {i}");
                    assert_eq!(got.index(), Some(i));
                    if let Some(steps) = steps {
                        let child = xpub
                            .derive_path_vartime(format!("{}{i}", steps[b]).as_str())
                            .unwrap();
                        assert_eq!(got.public_key(), Some(&child.public_key()), "{text}");
                    } else {
                        assert_eq!(got.public_key(), None);
                    }
                }
            }
            // A range that runs past 2³¹ − 1 is refused.
            let mut batch = vec![Derived::default(); 300];
            assert_eq!(
                branch.derive_into((1 << 31) - 299, &mut batch),
                Err(Error::InvalidIndex { index: 1 << 31 }),
                "{text}"
            );
        }
    }
}

/// Without a range the index is ignored, up to `u32::MAX` (no overflow at the top).
#[test]
fn derive_into_without_a_range_near_u32_max() {
    for text in [format!("wpkh({PUB})"), format!("wsh(multi(1,{PUB}))")] {
        let d: Descriptor = text.parse().unwrap();
        let branch = d.branch(0).unwrap();
        let mut batch = vec![Derived::default(); 20];
        branch.derive_into(u32::MAX - 5, &mut batch).unwrap();
        let one = branch.derive(u32::MAX).unwrap();
        assert!(batch.iter().all(|d| *d == one), "{text}");
        assert_eq!(one.index(), None);
    }
}
