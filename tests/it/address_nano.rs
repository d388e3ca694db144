//! The ed25519-blake2b scheme and Nano addresses against wallet-core's published vectors
//! (`address_nano.json`).

use fastbip32::address::nano::{decode_nano, nano, NANO_LEN};
use fastbip32::address::Error;
use fastbip32::{ChainCode, ChildNumber, Ed25519Blake2b, ExtendedPrivateKey, Fingerprint, Scheme};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::chain_vectors::{check, check_decode, hex, list, load, s};

/// The ed25519-blake2b public key of a private key.
fn public(private_key: &[u8; 32]) -> [u8; 32] {
    ExtendedPrivateKey::<Ed25519Blake2b>::from_parts(
        private_key,
        ChainCode::new([0; 32]),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    )
    .unwrap()
    .public_key()
}

#[test]
fn published_public_keys() {
    let data = load(include_str!("../data/address_nano.json"));
    for case in list(&data, "keys") {
        let private = hex::<32>(s(case, "private_key_hex"));
        assert_eq!(public(&private), hex::<32>(s(case, "public_key_hex")));
    }
    assert_eq!(Ed25519Blake2b::NAME, "ed25519-blake2b");
    const { assert!(Ed25519Blake2b::HARDENED_ONLY) };
}

#[test]
fn mnemonic_derivation() {
    let data = load(include_str!("../data/address_nano.json"));
    for case in list(&data, "mnemonic") {
        let seed = bip39::Mnemonic::parse_normalized(s(case, "mnemonic"))
            .unwrap()
            .to_seed(s(case, "passphrase"));
        let key = ExtendedPrivateKey::<Ed25519Blake2b>::from_seed(&seed)
            .unwrap()
            .derive_path(s(case, "path"))
            .unwrap();
        assert_eq!(*key.private_key(), hex::<32>(s(case, "private_key_hex")));
        assert_eq!(key.public_key(), hex::<32>(s(case, "public_key_hex")));
        assert_eq!(nano(&key.public_key()), s(case, "address"));
    }
}

#[test]
fn normal_steps_are_refused() {
    let root = ExtendedPrivateKey::<Ed25519Blake2b>::from_seed(&[7; 32]).unwrap();
    assert!(matches!(
        root.derive_path("m/44'/165'/0"),
        Err(fastbip32::Error::HardenedOnly { .. })
    ));
}

#[test]
fn published_addresses() {
    let data = load(include_str!("../data/address_nano.json"));
    assert_eq!(check(&data, nano, decode_nano), 5);
    assert_eq!(check_decode(&data, decode_nano, None), 5);
    for case in list(&data, "decode") {
        let text = s(case, "address");
        let key = decode_nano(text).unwrap();
        assert_eq!(nano(&key), text.replace("xrb_", "nano_").as_str());
        assert_eq!(nano(&key).len(), NANO_LEN);
    }
}

#[test]
fn bad_text_is_refused() {
    let good = "nano_1nanode8ngaakzbck8smq6ru9bethqwyehomf79sae1k7xd47dkidjqzffeg";
    let family = "Nano";
    assert!(matches!(
        decode_nano(&good[..60]),
        Err(Error::AddressLength { .. })
    ));
    // '2' is not in Nano's alphabet.
    assert_eq!(
        decode_nano(&format!("{}2", &good[..64])),
        Err(Error::AddressCharacter { family })
    );
    // A first key character other than '1' or '3' sets the four leading bits.
    assert_eq!(
        decode_nano(&good.replacen("_1", "_4", 1)),
        Err(Error::AddressCharacter { family })
    );
    assert_eq!(
        decode_nano(&good.to_uppercase()),
        Err(Error::AddressPrefix {
            family,
            expected: "nano_"
        })
    );
}
