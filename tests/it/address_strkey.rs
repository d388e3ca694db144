//! Stellar `StrKey` text against SEP-0023's test cases, SEP-0005's key pairs and
//! wallet-core's vectors (`address_strkey.json`).

use fastbip32::address::strkey::{
    decode_stellar, decode_stellar_seed, stellar, stellar_seed, STRKEY_LEN,
};
use fastbip32::address::Error;
use fastbip32::{Ed25519, ExtendedPrivateKey};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, ed25519_public, list, load, s};

#[test]
fn published_vectors() {
    let data = load(include_str!("../data/address_strkey.json"));
    assert_eq!(check(&data, stellar, decode_stellar), 22);
    assert_eq!(
        check_decode(&data, decode_stellar, Some(&|k| stellar(k))),
        1
    );
}

#[test]
fn sep0005_key_pairs() {
    let data = load(include_str!("../data/address_strkey.json"));
    let mut checked = 0;
    for group in list(&data, "sep5") {
        let seed = bip39::Mnemonic::parse_normalized(s(group, "mnemonic"))
            .unwrap()
            .to_seed(s(group, "passphrase"));
        let root = ExtendedPrivateKey::<Ed25519>::from_seed(&seed).unwrap();
        for pair in list(group, "keys") {
            let key = root.derive_path(s(pair, "path")).unwrap();
            let secret = s(pair, "secret_seed");
            let mut out = [0u8; STRKEY_LEN];
            assert_eq!(stellar_seed(key.private_key(), &mut out), secret);
            let private = decode_stellar_seed(secret).unwrap();
            assert_eq!(*private, *key.private_key());
            let account = s(pair, "account_id");
            assert_eq!(stellar(&ed25519_public(&private)), account);
            assert_eq!(decode_stellar(account), Ok(key.public_key()));
            // Each text is refused as the other kind.
            assert!(matches!(
                decode_stellar_seed(account),
                Err(Error::AddressPrefix { expected: "S", .. })
            ));
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
}

#[test]
fn bad_seed_text_is_refused() {
    let good = "SAKS7I2PNDBE5SJSUSU2XLJ7K5XJ3V3K4UDFAHMSBQYPOKE247VHAGDB";
    let family = "Stellar";
    // The last character changed: the CRC fails.
    let changed = format!("{}C", &good[..55]);
    assert_eq!(
        decode_stellar_seed(&changed).map(|k| *k),
        Err(Error::AddressChecksum { family })
    );
    assert_eq!(
        decode_stellar_seed(&good.to_lowercase()).map(|k| *k),
        Err(Error::AddressCharacter { family })
    );
    assert_eq!(
        decode_stellar_seed(&good[..55]).map(|k| *k),
        Err(Error::AddressLength {
            family,
            len: 55,
            expected: 56
        })
    );
}
