//! sr25519 accounts against Substrate's published keys (`sr25519.json`).
#![cfg(feature = "sr25519")]

use fastbip32::address::ss58::{ss58, Ss58Prefix};
use fastbip32::curve::sr25519::{derive_public, mini_secret_from_entropy, Sr25519Error};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{hex, list, load, s};

#[test]
fn published_keys() {
    let data = load(include_str!("../data/sr25519.json"));
    let mut checked = 0;
    for case in list(&data, "mnemonic") {
        let entropy = bip39::Mnemonic::parse_normalized(s(case, "mnemonic"))
            .unwrap()
            .to_entropy();
        let mini = mini_secret_from_entropy(&entropy, "").unwrap();
        let public = derive_public(&mini, s(case, "path")).unwrap();
        assert_eq!(public, hex::<32>(s(case, "public_key_hex")), "{case}");
        checked += 1;
    }
    for case in list(&data, "mini_secret") {
        let mini = hex::<32>(s(case, "mini_secret_hex"));
        let public = derive_public(&mini, s(case, "path")).unwrap();
        assert_eq!(public, hex::<32>(s(case, "public_key_hex")), "{case}");
        checked += 1;
    }
    assert_eq!(checked, 5);
}

#[test]
fn alice_has_subkeys_address() {
    // subkey inspect //Alice: SS58 Address 5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY.
    let entropy = bip39::Mnemonic::parse_normalized(
        "bottom drive obey lake curtain smoke basket hold race lonely fit walk",
    )
    .unwrap()
    .to_entropy();
    let mini = mini_secret_from_entropy(&entropy, "").unwrap();
    let public = derive_public(&mini, "//Alice").unwrap();
    assert_eq!(
        ss58(&public, Ss58Prefix::SUBSTRATE),
        "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"
    );
}

#[test]
fn bad_input_is_refused() {
    let mini = [1u8; 32];
    for path in ["Alice", "//", "/", "//Alice/", "///x"] {
        assert_eq!(
            derive_public(&mini, path),
            Err(Sr25519Error::InvalidPath),
            "{path}"
        );
    }
    assert_eq!(
        derive_public(&mini, &"/a".repeat(600)),
        Err(Sr25519Error::InvalidPath)
    );
    assert_eq!(
        mini_secret_from_entropy(&[0; 15], "").map(|k| *k),
        Err(Sr25519Error::EntropyLength { len: 15 })
    );
    assert_eq!(
        mini_secret_from_entropy(&[0; 16], &"p".repeat(2000)).map(|k| *k),
        Err(Sr25519Error::PasswordTooLong { len: 2000 })
    );
    // Hard and soft junctions of one code differ; numeric codes are their u64 bytes.
    let soft = derive_public(&mini, "/1").unwrap();
    let hard = derive_public(&mini, "//1").unwrap();
    assert_ne!(soft, hard);
    // A code over 32 bytes of SCALE is hashed: it still derives.
    assert!(derive_public(&mini, &format!("//{}", "x".repeat(100))).is_ok());
}
