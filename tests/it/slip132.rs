//! SLIP-132 families: the script each one promises ([`ImpliedScript`], the address kind), and
//! the descriptor rule (a family's key only in its own script), against SLIP-132's table and
//! account keys, Electrum-style and Sparrow-style exports computed with embit and `bip_utils`
//! (`tests/data/slip132.json`, `scripts/gen_slip132_vectors.py`).

use fastbip32::address::{AddressKind, ImpliedScript};
use fastbip32::descriptor::{Descriptor, DescriptorType, Error};
use fastbip32::{Network, Version, Xprv, Xpub};
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn data() -> Value {
    serde_json::from_str(include_str!("../data/slip132.json")).unwrap()
}

fn script_of(name: &Value) -> Option<ImpliedScript> {
    name.as_str().map(|s| match s {
        "p2sh-p2wpkh" => ImpliedScript::P2shP2wpkh,
        "p2wpkh" => ImpliedScript::P2wpkh,
        "p2sh-p2wsh multisig" => ImpliedScript::P2shP2wshMultisig,
        "p2wsh multisig" => ImpliedScript::P2wshMultisig,
        other => panic!("unknown script {other}"),
    })
}

fn network_of(case: &Value) -> Network {
    match case["network"].as_str().unwrap() {
        "mainnet" => Network::Mainnet,
        _ => Network::Testnet,
    }
}

/// Asserts that the receive branch of `d` gives the addresses of `case["receive"]` on
/// `network`, from index 0.
fn assert_receive(d: &Descriptor, case: &Value, network: Network, label: &str) {
    let expected = case["receive"].as_array().unwrap();
    assert!(!expected.is_empty(), "{label}");
    for (i, address) in (0..).zip(expected) {
        assert_eq!(
            d.address(0, i, network).unwrap().as_str(),
            address.as_str().unwrap(),
            "{label} index {i}"
        );
    }
}

/// Every descriptor shape, with `KEY` for one account key (a 1-of-1 for the multisig ones).
const SHAPES: [(&str, DescriptorType); 7] = [
    ("pkh(KEY/0/*)", DescriptorType::Pkh),
    ("wpkh(KEY/0/*)", DescriptorType::Wpkh),
    ("sh(wpkh(KEY/0/*))", DescriptorType::ShWpkh),
    ("tr(KEY/0/*)", DescriptorType::Tr),
    ("sh(multi(1,KEY/0/*))", DescriptorType::ShMulti),
    ("wsh(sortedmulti(1,KEY/0/*))", DescriptorType::WshMulti),
    ("sh(wsh(multi(1,KEY/0/*)))", DescriptorType::ShWshMulti),
];

#[test]
fn table_of_families() {
    let data = data();
    let families = data["families"].as_array().unwrap();
    assert_eq!(families.len(), 10);
    for f in families {
        let public = Version::from_name(f["public"].as_str().unwrap()).unwrap();
        let private = Version::from_name(f["private"].as_str().unwrap()).unwrap();
        assert_eq!(public.to_string(), f["public_hex"].as_str().unwrap());
        assert_eq!(private.to_string(), f["private_hex"].as_str().unwrap());
        let script = script_of(&f["script"]);
        assert_eq!(ImpliedScript::of_version(public), script, "{f}");
        assert_eq!(ImpliedScript::of_version(private), script, "{f}");
        let pair = public.pair().unwrap();
        assert_eq!(ImpliedScript::of_family(pair), script);
        let kind = match f["script"].as_str() {
            Some("p2sh-p2wpkh") => Some(AddressKind::P2shP2wpkh),
            Some("p2wpkh") => Some(AddressKind::P2wpkh),
            _ => None,
        };
        assert_eq!(AddressKind::of_family(pair), kind, "{f}");
        if let Some(script) = script {
            assert_eq!(script.as_str(), f["script"].as_str().unwrap());
            assert_eq!(script.is_multisig(), kind.is_none());
        }
    }
    // A custom family implies nothing.
    assert_eq!(ImpliedScript::of_version(Version::new([1, 2, 3, 4])), None);
}

/// Each account key in its family's own descriptor gives the reference receive addresses;
/// in every other script it is `FamilyMismatch` naming the family's script; as an xpub it is
/// accepted everywhere.
#[test]
fn account_keys_in_descriptors() {
    let data = data();
    let accounts = data["accounts"].as_array().unwrap();
    assert_eq!(accounts.len(), 20);
    for case in accounts {
        let network = network_of(case);
        let key = case["key"].as_str().unwrap();
        let key_private = case["key_private"].as_str().unwrap();
        let xpub = case["xpub"].as_str().unwrap();
        let version: Xpub = key.parse().unwrap();
        let script = script_of(&case["script"]);
        assert_eq!(
            ImpliedScript::of_version(version.version()),
            script,
            "{key}"
        );
        // The family's descriptor.
        let d: Descriptor = case["descriptor"].as_str().unwrap().parse().unwrap();
        assert_receive(&d, case, network, key);
        let expected_version = script.map(|_| version.version());
        assert_eq!(d.slip132_version(), expected_version, "{key}");
        // The private key of the family, in the same descriptor, gives the same addresses.
        let private_text = case["descriptor"]
            .as_str()
            .unwrap()
            .replace(key, key_private);
        let dp: Descriptor = private_text.parse().unwrap();
        assert_receive(&dp, case, network, key_private);
        let prv: Xprv = key_private.parse().unwrap();
        assert_eq!(prv.to_xpub().to_string(), key);
        // In the plain family (Bitcoin Core's form), public or private: the reference xpub,
        // the same addresses.
        let as_xpub: Descriptor = case["descriptor"]
            .as_str()
            .unwrap()
            .replace(key, xpub)
            .parse()
            .unwrap();
        for plain in [d.to_plain_versions(), dp.to_plain_versions()] {
            assert_eq!(plain.slip132_version(), None, "{key}");
            assert_eq!(plain.to_string(), as_xpub.to_string(), "{key}");
            assert_receive(&plain, case, network, xpub);
        }
        for (shape, kind) in SHAPES {
            let with_key = shape.replace("KEY", key);
            let with_xpub = shape.replace("KEY", xpub);
            let plain: Descriptor = with_xpub.parse().unwrap();
            assert_eq!(plain.slip132_version(), None);
            let parsed = with_key.parse::<Descriptor>();
            match script {
                None => assert!(parsed.is_ok(), "{with_key}"),
                Some(script) if DescriptorType::of_implied(script) == kind => {
                    let parsed = parsed.unwrap();
                    assert_eq!(
                        parsed.address(0, 0, network).unwrap(),
                        plain.address(0, 0, network).unwrap()
                    );
                }
                Some(script) => {
                    let err = parsed.unwrap_err();
                    assert_eq!(
                        err,
                        Error::FamilyMismatch {
                            key: 0,
                            keys: 1,
                            version: version.version(),
                            script,
                            found: kind.descriptor(),
                        },
                        "{with_key}"
                    );
                    let text = err.to_string();
                    assert!(text.contains(script.descriptor()), "{text}");
                    assert!(text.contains(case["family"].as_str().unwrap()), "{text}");
                }
            }
        }
    }
}

/// Electrum-style keystores (zpub for native segwit, ypub for p2sh-segwit, Zpubs of a 2-of-2):
/// their keys in the matching descriptors give Electrum's receive addresses.
#[test]
fn electrum_exports() {
    let data = data();
    for wallet in data["electrum"].as_array().unwrap() {
        let text = match wallet["txin_type"].as_str().unwrap() {
            "p2wpkh" => format!("wpkh({}/0/*)", wallet["keystore"]["xpub"].as_str().unwrap()),
            "p2wpkh-p2sh" => format!(
                "sh(wpkh({}/0/*))",
                wallet["keystore"]["xpub"].as_str().unwrap()
            ),
            "p2wsh" => format!(
                "wsh(sortedmulti(2,{}/0/*,{}/0/*))",
                wallet["x1/"]["xpub"].as_str().unwrap(),
                wallet["x2/"]["xpub"].as_str().unwrap()
            ),
            other => panic!("txin_type {other}"),
        };
        let d: Descriptor = text.parse().unwrap();
        assert!(d.slip132_version().is_some());
        assert_receive(&d, wallet, Network::Mainnet, &text);
        // The multisig keys in a p2sh-p2wsh script are refused, naming the second key last.
        if wallet["txin_type"] == "p2wsh" {
            let wrong = text.replace("wsh(sortedmulti", "sh(wsh(sortedmulti") + ")";
            let err = wrong.parse::<Descriptor>().unwrap_err();
            assert!(
                matches!(
                    err,
                    Error::FamilyMismatch {
                        key: 0,
                        keys: 2,
                        ..
                    }
                ),
                "{err:?}"
            );
        }
    }
}

/// Sparrow-style descriptors (`[fingerprint/path]xpub/<0;1>/*#checksum`): parsed, their
/// receive branch gives the reference addresses and their checksum is kept.
#[test]
fn sparrow_exports() {
    let data = data();
    let sparrow = data["sparrow"].as_array().unwrap();
    assert!(sparrow.len() >= 6);
    for case in sparrow {
        let text = case["descriptor"].as_str().unwrap();
        let d: Descriptor = text.parse().unwrap();
        assert_eq!(d.slip132_version(), None);
        assert_eq!(d.branch_count(), 2);
        assert_eq!(d.to_string(), text);
        assert_receive(&d, case, network_of(case), text);
    }
}
