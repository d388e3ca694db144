//! TON v4r2 wallet addresses against wallet-core's published vectors (`address_ton.json`).

use fastbip32::address::ton::{
    decode_ton, ton_user_friendly, ton_v4r2, ton_v4r2_account, TonFlags, V4R2_WALLET_ID,
};
use fastbip32::{Ed25519, ExtendedPrivateKey};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, list, load, s};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_ton.json"));
    assert_eq!(check(&data, ton_v4r2, decode_ton), 27);
    assert_eq!(check_decode(&data, decode_ton, None), 10);
    for case in list(&data, "decode") {
        let text = s(case, "address");
        let decoded = decode_ton(text).unwrap();
        if let Some(workchain) = case.get("workchain") {
            assert_eq!(i64::from(decoded.workchain), workchain.as_i64().unwrap());
        }
        if let Some(bounceable) = case.get("bounceable") {
            assert_eq!(decoded.flags.bounceable, bounceable.as_bool().unwrap());
            assert_eq!(decoded.flags.testnet, case["testnet"].as_bool().unwrap());
        }
        // URL-safe text re-encodes to itself; standard base64 to its URL-safe form.
        let again = ton_user_friendly(decoded.workchain, &decoded.account, decoded.flags);
        assert_eq!(again, text.replace('+', "-").replace('/', "_").as_str());
    }
}

#[test]
fn mnemonic_at_the_default_path() {
    let data = load(include_str!("../data/address_ton.json"));
    for case in list(&data, "mnemonic") {
        let seed = bip39::Mnemonic::parse_normalized(s(case, "mnemonic"))
            .unwrap()
            .to_seed("");
        let key = ExtendedPrivateKey::<Ed25519>::from_seed(&seed)
            .unwrap()
            .derive_path(s(case, "path"))
            .unwrap();
        assert_eq!(ton_v4r2(&key.public_key()), s(case, "address"));
    }
}

#[test]
fn the_wallet_form_is_non_bounceable_mainnet_basechain() {
    let key = [9u8; 32];
    let account = ton_v4r2_account(&key, V4R2_WALLET_ID);
    assert_eq!(
        ton_v4r2(&key),
        ton_user_friendly(0, &account, TonFlags::WALLET)
    );
    let decoded = decode_ton(ton_v4r2(&key).as_str()).unwrap();
    assert_eq!(decoded.account, account);
    assert_eq!(decoded.flags, TonFlags::WALLET);
    assert_eq!(decoded.workchain, 0);
}
