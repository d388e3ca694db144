//! `parse_wif`: WIF private-key text, and the address encoders on the same bytes.
//!
//! Input: the whole input as text (invalid UTF-8 replaced by U+FFFD) goes through
//! `wif::decode`; the first 32 bytes (zero-padded) as a secret through `wif::encode`, for the
//! network picked by byte 32; the first 33 bytes as a compressed public key through the
//! Bitcoin and Ethereum address encoders; the whole input as a scriptPubKey through
//! `from_script_pubkey`.
//!
//! Properties:
//! * Every accepted text re-encodes to the very same text (Base58Check is a bijection) for its
//!   network kind, is 52 characters long, and `FromStr` agrees with `decode`.
//! * A rejected text fails with one of the WIF errors.
//! * `encode` accepts a secret exactly when `ExtendedPrivateKey::from_parts` does (a second
//!   route to the same range check), and its text decodes back to the secret and network.
//! * The encoders that validate the key (`p2tr`, `taproot_output_key`, `ethereum`,
//!   `secp256k1_uncompressed`) agree on whether it is a point; the uncompressed key keeps
//!   `x` and the parity of `y`; every address is non-empty ASCII of its kind's length range.
//! * An address from `from_script_pubkey` of a P2PKH/P2SH/P2WPKH/P2TR script of the key's
//!   hash equals the direct encoder's.

use fastbip32::address::{self, bitcoin, Error};
use fastbip32::{wif, ChainCode, ChildNumber, ExtendedPrivateKey, Fingerprint, Network, Secp256k1};

use crate::Input;

/// Runs every check on `data`.
pub fn check(data: &[u8]) {
    check_text(&String::from_utf8_lossy(data));

    let mut input = Input::new(data);
    let secret: [u8; 32] = input.array();
    let net = Network::ALL[usize::from(input.u8()) % Network::ALL.len()];
    check_secret(&secret, net);

    let mut input = Input::new(data);
    let key: [u8; 33] = input.array();
    check_public_key(&key, net);
    if let Ok(addr) = bitcoin::from_script_pubkey(data, net) {
        assert!(!addr.is_empty() && addr.as_str().is_ascii());
    }
}

/// Checks `wif::decode` on `text`.
pub fn check_text(text: &str) {
    let decoded = wif::decode(text);
    assert_eq!(
        text.parse::<wif::Wif>().as_ref().ok(),
        decoded.as_ref().ok()
    );
    match decoded {
        Ok(key) => {
            assert_eq!(text.len(), wif::ENCODED_LEN, "{text}");
            let net = if key.is_test() {
                Network::Testnet
            } else {
                Network::Mainnet
            };
            assert!(key.fits(net));
            let mut buf = [0u8; wif::ENCODED_LEN];
            let again = wif::encode(key.secret().expose(), net, &mut buf).expect("valid key");
            assert_eq!(again, text, "text round trip");
        }
        Err(e) => assert!(
            matches!(
                e,
                Error::InvalidBase58
                    | Error::BadChecksum
                    | Error::UnknownWifPrefix { .. }
                    | Error::UncompressedWif
                    | Error::InvalidWifLength { .. }
                    | Error::InvalidCompressionFlag { .. }
                    | Error::InvalidSecretKey
            ),
            "{text:?}: {e:?}"
        ),
    }
}

/// Checks `wif::encode` on a secret.
pub fn check_secret(secret: &[u8; 32], net: Network) {
    let mut buf = [0u8; wif::ENCODED_LEN];
    let encoded = wif::encode(secret, net, &mut buf);
    let as_key = ExtendedPrivateKey::<Secp256k1>::from_parts(
        secret,
        ChainCode::new([0; 32]),
        0,
        Fingerprint::new([0; 4]),
        ChildNumber::from_raw(0),
    );
    assert_eq!(encoded.is_ok(), as_key.is_ok(), "range checks disagree");
    match encoded {
        Ok(text) => {
            let first = text.as_bytes()[0];
            assert!(
                if net.is_test() {
                    first == b'c'
                } else {
                    first == b'K' || first == b'L'
                },
                "{text}"
            );
            let back = wif::decode(text).expect("own text decodes");
            assert_eq!(back.secret().expose(), secret);
            assert!(back.fits(net));
        }
        Err(e) => assert_eq!(e, Error::InvalidSecretKey),
    }
}

/// Checks the public-key address encoders on 33 arbitrary bytes.
pub fn check_public_key(key: &[u8; 33], net: Network) {
    let uncompressed = address::secp256k1_uncompressed(key);
    let output = bitcoin::taproot_output_key(key);
    let p2tr = bitcoin::p2tr(key, net);
    let eth = address::ethereum(key);
    let valid = uncompressed.is_ok();
    assert_eq!(output.is_ok(), valid);
    assert_eq!(p2tr.is_ok(), valid);
    assert_eq!(eth.is_ok(), valid);
    if let Ok(full) = uncompressed {
        assert_eq!(full[0], 4);
        assert_eq!(full[1..33], key[1..]);
        assert_eq!(key[0], 2 | (full[64] & 1));
        let eth = eth.expect("valid key");
        assert_eq!(eth.len(), 42);
        assert!(eth.as_str().starts_with("0x"));
        let p2tr = p2tr.expect("valid key");
        let mut script = vec![0x51, 0x20];
        script.extend(output.expect("valid key"));
        assert_eq!(bitcoin::from_script_pubkey(&script, net), Ok(p2tr));
    } else {
        assert_eq!(eth, Err(Error::InvalidPublicKey));
    }
    // The hash-based kinds take any 33 bytes.
    for (addr, range) in [
        (bitcoin::p2pkh(key, net), 26..=35),
        (bitcoin::p2sh_p2wpkh(key, net), 34..=35),
        (bitcoin::p2wpkh(key, net), 42..=44),
    ] {
        assert!(range.contains(&addr.len()), "{addr}");
        assert!(addr.as_str().is_ascii());
    }
}
