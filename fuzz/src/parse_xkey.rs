//! `parse_xkey`: extended-key text and 78-byte serializations, for secp256k1 and NIST P-256.
//!
//! Input: the whole input as text (invalid UTF-8 replaced by U+FFFD) goes through
//! `ExtendedKey`, `ExtendedPrivateKey` and `ExtendedPublicKey` `FromStr`; the first 78 bytes
//! (zero-padded) through their `from_bytes`, once as they are and once with the version
//! replaced by a known one (picked by byte 78), so that the checks past the version are
//! reached without the fuzzer having to find a version first.
//!
//! Properties:
//! * The three parsers agree: `ExtendedKey` accepts exactly when the parser of its kind does,
//!   with the same key; the parser of the other kind rejects it.
//! * Every accepted key encodes back to the very same text (Base58Check is a bijection) and
//!   the very same 78 bytes, and re-parses to an equal key.
//! * An accepted private key's public key encodes as its public twin and re-parses; its
//!   fingerprint, depth, child number and parent fingerprint are what the bytes say.

use fastbip32::{
    Bip32Text, ExtendedKey, ExtendedPrivateKey, ExtendedPublicKey, NistP256, Secp256k1,
    VersionPair, MAX_ENCODED_LEN, SERIALIZED_LEN,
};

use crate::Input;

/// Runs every check on `data`.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    check_text::<Secp256k1>(&text);
    check_text::<NistP256>(&text);

    let mut input = Input::new(data);
    let mut bytes: [u8; SERIALIZED_LEN] = input.array();
    check_bytes::<Secp256k1>(&bytes);
    check_bytes::<NistP256>(&bytes);
    let pick = usize::from(input.u8());
    let pair = VersionPair::KNOWN[pick % VersionPair::KNOWN.len()];
    let version = if pick & 0x80 == 0 {
        pair.private()
    } else {
        pair.public()
    };
    bytes[..4].copy_from_slice(&version.to_bytes());
    check_bytes::<Secp256k1>(&bytes);
    check_bytes::<NistP256>(&bytes);
}

/// The schemes with BIP-32 serialization (the library's marker trait).
pub trait Bip32Scheme: Bip32Text {}
impl<S: Bip32Text> Bip32Scheme for S {}

/// Checks the text parsers of one scheme on `s`.
pub fn check_text<S: Bip32Scheme>(s: &str) {
    let either = s.parse::<ExtendedKey<S>>();
    let private = s.parse::<ExtendedPrivateKey<S>>();
    let public = s.parse::<ExtendedPublicKey<S>>();
    match &either {
        Ok(ExtendedKey::Private(key)) => {
            assert_eq!(private.as_ref(), Ok(key), "{s}");
            assert!(public.is_err(), "{s} parsed as both kinds");
            check_private(key, Some(s));
        }
        Ok(ExtendedKey::Public(key)) => {
            assert_eq!(public.as_ref(), Ok(key), "{s}");
            assert!(private.is_err(), "{s} parsed as both kinds");
            check_public(key, Some(s));
        }
        Err(_) => {
            assert!(private.is_err() && public.is_err(), "{s}: {either:?}");
        }
    }
}

/// Checks the byte decoders of one scheme on `bytes`.
pub fn check_bytes<S: Bip32Scheme>(bytes: &[u8; SERIALIZED_LEN]) {
    let either = ExtendedKey::<S>::from_bytes(bytes);
    let private = ExtendedPrivateKey::<S>::from_bytes(bytes);
    let public = ExtendedPublicKey::<S>::from_bytes(bytes);
    match &either {
        Ok(ExtendedKey::Private(key)) => {
            assert_eq!(private.as_ref(), Ok(key));
            assert!(public.is_err());
            assert_eq!(*key.to_bytes(), *bytes);
            check_private(key, None);
        }
        Ok(ExtendedKey::Public(key)) => {
            assert_eq!(public.as_ref(), Ok(key));
            assert!(private.is_err());
            assert_eq!(*key.to_bytes(), *bytes);
            check_public(key, None);
        }
        Err(_) => assert!(private.is_err() && public.is_err(), "{either:?}"),
    }
}

/// Checks an accepted private key: fields, encoding, re-parsing, its public key.
fn check_private<S: Bip32Scheme>(key: &ExtendedPrivateKey<S>, text: Option<&str>) {
    let bytes = key.to_bytes();
    assert_eq!(bytes[..4], key.version().to_bytes());
    assert!(key.version().is_private());
    assert_eq!(bytes[4], key.depth());
    assert_eq!(bytes[5..9], key.parent_fingerprint().to_bytes());
    assert_eq!(bytes[9..13], key.child_number().to_be_bytes());
    assert_eq!(bytes[13..45], *key.chain_code().as_bytes());
    assert_eq!(bytes[45], 0);
    assert_eq!(bytes[46..], *key.private_key());
    assert_eq!(
        ExtendedPrivateKey::<S>::from_bytes(&bytes).as_ref(),
        Ok(key)
    );
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let encoded = key.encode(&mut buf).expect("the buffer fits");
    if let Some(text) = text {
        assert_eq!(encoded, text, "text round trip");
    }
    assert_eq!(encoded.parse::<ExtendedPrivateKey<S>>().as_ref(), Ok(key));
    assert_eq!(
        key.to_zeroizing_string().as_str(),
        encoded,
        "to_zeroizing_string"
    );
    let xpub = key.to_xpub();
    assert_eq!(xpub.public_key(), key.public_key());
    assert_eq!(xpub.fingerprint(), key.fingerprint());
    assert_eq!(xpub.parent_fingerprint(), key.parent_fingerprint());
    assert_eq!(xpub.depth(), key.depth());
    assert_eq!(xpub.child_number(), key.child_number());
    assert_eq!(xpub.chain_code(), key.chain_code());
    assert_eq!(Some(xpub.version()), key.version().public_twin());
    // The public key's bytes are the private key's header with the public twin's version
    // and the public key as key data.
    let public_bytes = xpub.to_bytes();
    assert_eq!(public_bytes[..4], xpub.version().to_bytes());
    assert_eq!(public_bytes[4..45], bytes[4..45]);
    assert_eq!(public_bytes[45..], xpub.public_key());
    check_public(&xpub, None);
    // A different secret is a different key (constant-time equality looks at the secret).
    let mut other = *key.private_key();
    other[31] ^= 1;
    if let Ok(other) = ExtendedPrivateKey::<S>::from_parts(
        &other,
        key.chain_code().clone(),
        key.depth(),
        key.parent_fingerprint(),
        key.child_number(),
    ) {
        assert_ne!(&other.with_version_pair(key.version_pair()), key);
    }
}

/// Checks an accepted public key: fields, encoding, re-parsing.
fn check_public<S: Bip32Scheme>(key: &ExtendedPublicKey<S>, text: Option<&str>) {
    let bytes = key.to_bytes();
    assert_eq!(bytes[..4], key.version().to_bytes());
    assert!(key.version().is_public());
    assert_eq!(bytes[4], key.depth());
    assert_eq!(bytes[5..9], key.parent_fingerprint().to_bytes());
    assert_eq!(bytes[9..13], key.child_number().to_be_bytes());
    assert_eq!(bytes[13..45], *key.chain_code().as_bytes());
    assert_eq!(bytes[45..], key.public_key());
    assert_eq!(ExtendedPublicKey::<S>::from_bytes(&bytes).as_ref(), Ok(key));
    let encoded = key.to_string();
    if let Some(text) = text {
        assert_eq!(encoded, text, "text round trip");
    }
    assert_eq!(encoded.parse::<ExtendedPublicKey<S>>().as_ref(), Ok(key));
    let mut buf = [0u8; MAX_ENCODED_LEN];
    assert_eq!(key.encode(&mut buf).ok(), Some(encoded.as_str()));
    if key.depth() == 0 {
        assert_eq!(key.parent_fingerprint().to_u32(), 0);
        assert_eq!(key.child_number().to_raw(), 0);
    }
}
