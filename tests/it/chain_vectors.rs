//! The reader of the per-family address files of ed25519 chains (`tests/data/address_*.json`
//! of Algorand, Aptos, Sui, NEAR, `MultiversX`, SS58, `StrKey`, Tezos, Nimiq, TON, Nano): each
//! has `cases` (a public key, or a private key whose RFC 8032 public key is derived here,
//! and its address), `decode` (valid addresses, with the bytes they hold where published)
//! and `invalid` (addresses and the error this crate reports). Every expected value comes
//! from the files.

use fastbip32::address::{Address, Error};
use fastbip32::{ChainCode, ChildNumber, Ed25519, ExtendedPrivateKey, Fingerprint};
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// A data file's JSON.
pub(crate) fn load(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// The string `key` of `v`.
pub(crate) fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("no string {key} in {v}"))
}

/// The entries of list `key` of `v`.
pub(crate) fn list<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v[key].as_array().unwrap_or_else(|| panic!("no list {key}"))
}

/// `N` bytes from hex.
pub(crate) fn hex<const N: usize>(text: &str) -> [u8; N] {
    hex::decode(text).unwrap().try_into().unwrap()
}

/// The RFC 8032 public key of a 32-byte ed25519 private key (SLIP-10's ed25519 keys are
/// RFC 8032 seeds).
pub(crate) fn ed25519_public(private_key: &[u8; 32]) -> [u8; 32] {
    ExtendedPrivateKey::<Ed25519>::from_parts(
        private_key,
        ChainCode::new([0; 32]),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    )
    .unwrap()
    .public_key()
}

/// The public key of a case: `public_key_hex`, or the one of `private_key_hex`.
pub(crate) fn public_key(case: &Value) -> [u8; 32] {
    match (case.get("public_key_hex"), case.get("private_key_hex")) {
        (Some(public), None) => hex(public.as_str().unwrap()),
        (None, Some(private)) => ed25519_public(&hex(private.as_str().unwrap())),
        _ => panic!("a case needs exactly one of public_key_hex, private_key_hex: {case}"),
    }
}

/// The name a data file gives an error.
pub(crate) fn error_name(e: &Error) -> &'static str {
    match e {
        Error::AddressLength { .. } => "length",
        Error::AddressPrefix { .. } => "prefix",
        Error::AddressCharacter { .. } => "character",
        Error::AddressChecksum { .. } => "checksum",
        Error::InvalidBech32 => "bech32",
        Error::Bech32Checksum => "bech32_checksum",
        Error::InvalidBase58 => "base58",
        Error::BadChecksum => "base58check",
        Error::Ss58Prefix { .. } => "ss58_prefix",
        other => panic!("an error no data file names: {other:?}"),
    }
}

/// Checks every case's address, and every invalid address's error; returns the number of
/// cases checked.
pub(crate) fn check<P>(
    data: &Value,
    encode: impl Fn(&[u8; 32]) -> Address,
    decode: impl Fn(&str) -> Result<P, Error>,
) -> usize {
    let mut checked = 0;
    for case in list(data, "cases") {
        let key = public_key(case);
        assert_eq!(encode(&key), s(case, "address"), "{case}");
        assert!(decode(s(case, "address")).is_ok(), "{case}");
        checked += 1;
    }
    for case in list(data, "invalid") {
        let text = s(case, "address");
        let Err(e) = decode(text) else {
            panic!("{text:?} decoded");
        };
        assert_eq!(error_name(&e), s(case, "error"), "{case}: {e}");
        // One line, naming the problem.
        assert!(!e.to_string().contains('\n'));
        checked += 1;
    }
    checked
}

/// Checks that each `decode` entry decodes to its `account_hex` (when given) and re-encodes
/// to itself through `reencode`; returns the number checked.
pub(crate) fn check_decode<P: AsRef<[u8]>>(
    data: &Value,
    decode: impl Fn(&str) -> Result<P, Error>,
    reencode: Option<&dyn Fn(&P) -> Address>,
) -> usize {
    let mut checked = 0;
    for case in list(data, "decode") {
        let text = s(case, "address");
        let payload = decode(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if let Some(expected) = case.get("account_hex") {
            assert_eq!(
                hex::encode(payload.as_ref()),
                expected.as_str().unwrap(),
                "{text}"
            );
        }
        if let Some(reencode) = reencode {
            assert_eq!(reencode(&payload), text);
        }
        checked += 1;
    }
    checked
}
