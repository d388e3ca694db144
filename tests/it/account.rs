//! An account's standard descriptors (`descriptor::account_descriptors`) against
//! `tests/data/descriptor_accounts.json`, made once with embit by
//! `scripts/gen_account_descriptors.py`.
#![cfg(feature = "descriptor")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test code: a missing field or a failed step is a failed test"
)]

use fastbip32::descriptor::{account_descriptor, account_descriptors, AccountKind, Descriptor};
use fastbip32::{Error, Network, Xprv};
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn cases() -> Vec<Value> {
    let data: Value =
        serde_json::from_str(include_str!("../data/descriptor_accounts.json")).unwrap();
    data["cases"].as_array().unwrap().clone()
}

#[test]
fn embit_vectors() {
    let cases = cases();
    assert_eq!(cases.len(), 18);
    for case in &cases {
        let seed = hex::decode(case["seed_hex"].as_str().unwrap()).unwrap();
        let root = Xprv::from_seed(&seed).unwrap();
        let network: Network = case["network"].as_str().unwrap().parse().unwrap();
        let account = u32::try_from(case["account"].as_u64().unwrap()).unwrap();
        let texts = account_descriptors(&root, account, network).unwrap();
        for (kind, text) in AccountKind::ALL.into_iter().zip(&texts) {
            let expected = case["descriptors"][kind.name()].as_str().unwrap();
            assert_eq!(text, expected, "{} {network} {account}", kind.name());
            // The text is what the parser prints back.
            assert_eq!(Descriptor::parse(text).unwrap().to_string(), *text);
        }
        // The same from the root's own text (a tprv off mainnet).
        let parsed: Xprv = case["root_xprv"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            account_descriptors(&parsed, account, network).unwrap(),
            texts
        );
        // Signet and regtest use the testnet descriptors.
        if network == Network::Testnet {
            for other in [Network::Signet, Network::Regtest] {
                assert_eq!(account_descriptors(&parsed, account, other).unwrap(), texts);
            }
        }
    }
}

#[test]
fn account_range_and_family() {
    let root = Xprv::from_seed(&[7; 32]).unwrap();
    assert_eq!(
        account_descriptor(&root, AccountKind::Bip84, 1 << 31, Network::Mainnet),
        Err(Error::InvalidChildIndex { index: 1 << 31 })
    );
    // The network alone picks coin type and family, whatever the root's own family.
    let tprv = root
        .clone()
        .with_version_pair(fastbip32::VersionPair::TPRV_TPUB);
    assert_eq!(
        account_descriptors(&tprv, 0, Network::Mainnet).unwrap(),
        account_descriptors(&root, 0, Network::Mainnet).unwrap()
    );
}

#[test]
fn kinds() {
    let names: Vec<_> = AccountKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(names, ["bip44", "bip49", "bip84", "bip86"]);
    let purposes: Vec<_> = AccountKind::ALL.iter().map(|k| k.purpose()).collect();
    assert_eq!(purposes, [44, 49, 84, 86]);
}
