//! API guarantees: thread safety, secret hygiene, laziness.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core,
    clippy::cast_possible_truncation
)] // test code: failing loudly is the point

use fastbip32::{
    ChainCode, ChildNumber, Ed25519, ExtendedPrivateKey, Fingerprint, Scheme, Secp256k1,
    SecretBytes,
};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
use zeroize::ZeroizeOnDrop;

fn assert_send_sync<T: Send + Sync>() {}
fn assert_zeroize_on_drop<T: ZeroizeOnDrop>() {}

#[test]
fn keys_are_send_sync_and_zeroize_on_drop() {
    fn check<S: Scheme>() {
        assert_send_sync::<ExtendedPrivateKey<S>>();
        assert_zeroize_on_drop::<ExtendedPrivateKey<S>>();
    }
    for_each_scheme!(|S| {
        check::<S>();
    });
    assert_send_sync::<fastbip32::ExtendedPublicKey<Secp256k1>>();
    assert_send_sync::<fastbip32::PathTree>();
    assert_zeroize_on_drop::<ChainCode>();
    assert_zeroize_on_drop::<SecretBytes<[u8; 32]>>();
    assert_zeroize_on_drop::<SecretBytes<[u8; 64]>>();
}

const SEED: [u8; 32] = [0x5a; 32];

fn debug_hides_secrets<S: Scheme>() {
    let key = ExtendedPrivateKey::<S>::from_seed(&SEED).unwrap();
    let debug = format!("{key:?} {:?}", key.chain_code());
    for secret in [
        hex::encode(key.private_key()),
        hex::encode(key.chain_code()),
    ] {
        assert!(!debug.contains(&secret[..8]), "{}: {debug}", S::NAME);
    }
    // Decimal renderings of the first bytes must not appear either.
    let first = key.private_key().as_ref()[0];
    assert!(!debug.contains(&format!("[{first}, ")), "{debug}");
    assert!(debug.contains(S::NAME), "{debug}");
}

#[test]
fn debug_shows_no_secret() {
    for_each_scheme!(|S| {
        debug_hides_secrets::<S>();
    });
    // A public key's chain code is sensitive too (with any normal child's private key it
    // gives away the parent's): not shown.
    let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED).unwrap();
    let xpub = key.to_xpub();
    let debug = format!("{xpub:?}");
    assert!(
        !debug.contains(&hex::encode(xpub.chain_code())[..8]),
        "{debug}"
    );
    let secret = SecretBytes::new([0xc3u8; 32]);
    assert_eq!(format!("{secret:?}"), "SecretBytes(..)");
}

#[test]
fn keys_differing_only_in_the_secret_are_unequal() {
    let chain = ChainCode::new([9; 32]);
    let a = ExtendedPrivateKey::<Secp256k1>::from_parts(
        &[1; 32],
        chain.clone(),
        3,
        Fingerprint::new([1, 2, 3, 4]),
        ChildNumber::from_raw(7),
    )
    .unwrap();
    let b = ExtendedPrivateKey::<Secp256k1>::from_parts(
        &[2; 32],
        chain.clone(),
        3,
        Fingerprint::new([1, 2, 3, 4]),
        ChildNumber::from_raw(7),
    )
    .unwrap();
    let a2 = ExtendedPrivateKey::<Secp256k1>::from_parts(
        &[1; 32],
        chain,
        3,
        Fingerprint::new([1, 2, 3, 4]),
        ChildNumber::from_raw(7),
    )
    .unwrap();
    assert_ne!(a, b);
    assert_eq!(a, a2);
    let c = ExtendedPrivateKey::<Ed25519>::from_parts(
        &[1; 32],
        ChainCode::new([9; 32]),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    )
    .unwrap();
    let mut other = [1; 32];
    other[31] = 0;
    let d = ExtendedPrivateKey::<Ed25519>::from_parts(
        &other,
        ChainCode::new([9; 32]),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    )
    .unwrap();
    assert_ne!(c, d);
}

#[test]
fn derive_path_accepts_every_path_form() {
    let master = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED).unwrap();
    let by_text = master.derive_path("m/44'/0'/0'/0/0").unwrap();
    let by_h = master.derive_path("m/44h/0H/0'/0/0").unwrap();
    let bare = master.derive_path("44'/0'/0'/0/0").unwrap();
    let parsed: fastbip32::DerivationPath = "m/44'/0'/0'/0/0".parse().unwrap();
    let by_path = master.derive_path(&parsed).unwrap();
    let by_slice = master.derive_path(parsed.as_slice()).unwrap();
    let array = [
        ChildNumber::hardened(44).unwrap(),
        ChildNumber::hardened(0).unwrap(),
        ChildNumber::hardened(0).unwrap(),
        ChildNumber::normal(0).unwrap(),
        ChildNumber::normal(0).unwrap(),
    ];
    let by_array = master.derive_path(&array).unwrap();
    for k in [&by_h, &bare, &by_path, &by_slice, &by_array] {
        assert_eq!(&by_text, k);
    }
    assert_eq!(master.derive_path("m").unwrap(), master);
}

/// The twins of the `compile_fail` examples on `ExtendedPublicKey`: the same calls compile
/// and work for a scheme with normal derivation, so those examples fail for the scheme alone.
#[test]
fn compile_fail_twins_compile_for_a_normal_scheme() {
    use fastbip32::{Ed25519Bip32, ExtendedPublicKey};
    let xpub = ExtendedPrivateKey::<Ed25519Bip32>::from_seed(&[1; 32])
        .unwrap()
        .to_xpub();
    let public = xpub.public_key();
    let cc = ChainCode::new([0; 32]);
    let again = ExtendedPublicKey::<Ed25519Bip32>::from_parts(
        public,
        cc,
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    );
    assert_eq!(again.unwrap().public_key(), public);
}

/// Owned path text works as a path, by value and by reference.
#[test]
#[allow(
    clippy::needless_borrows_for_generic_args,
    reason = "`&String` is one of the cases tested"
)]
fn owned_path_text_is_a_path() {
    let master = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED).unwrap();
    let expected = master.derive_path("m/44'/0'/7").unwrap();
    let index = 7;
    assert_eq!(
        master.derive_path(&format!("m/44'/0'/{index}")).unwrap(),
        expected
    );
    assert_eq!(
        master.derive_path(format!("m/44'/0'/{index}")).unwrap(),
        expected
    );
    let text = String::from("44'/0'/7");
    assert_eq!(master.derive_path(&text).unwrap(), expected);
    assert_eq!(
        master.derive_path(String::from("m/44'/0'/x")),
        Err(fastbip32::Error::InvalidPath {
            segment: 2,
            offset: 9,
            kind: fastbip32::PathErrorKind::InvalidCharacter,
        })
    );
}
