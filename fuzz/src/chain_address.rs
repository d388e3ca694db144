//! `chain_address`: the address decoders and encoders of the ed25519 chains (Algorand, Aptos,
//! Sui, NEAR, `MultiversX`, SS58, Stellar `StrKey`, Tezos, Nimiq, TON, Nano).
//!
//! Input: the whole input as text (invalid UTF-8 replaced by U+FFFD) goes through every
//! decoder; the first 32 bytes (zero-padded) as a public key through every encoder, with the
//! SS58 prefix read from bytes 32 and 33.
//!
//! Properties:
//! * No decoder panics; each error's text is one line.
//! * Text a decoder accepts re-encodes to itself, up to the forms the encoders do not write
//!   (Aptos's short special addresses, upper-case hex, Nimiq without spaces or in lower case,
//!   `xrb_`, standard base64 or flags other than the wallet's for TON).
//! * Every encoder's text is ASCII and decodes back to the key (or its hash, for the hashing
//!   families, whose decoders give the hash the text holds).

use fastbip32::address::{
    algorand, aptos, multiversx, nano, near, nimiq, ss58, strkey, sui, tezos, ton, Address, Error,
};

use crate::Input;

/// Runs every check on `data`.
pub fn check(data: &[u8]) {
    check_text(&String::from_utf8_lossy(data));
    let mut input = Input::new(data);
    let key: [u8; 32] = input.array();
    let prefix = u16::from_le_bytes(input.array()) & 0x3fff;
    check_key(&key, prefix);
}

fn one_line<T>(result: &Result<T, Error>) {
    if let Err(e) = result {
        assert!(!e.to_string().contains('\n'));
    }
}

/// Checks every decoder on `text`.
pub fn check_text(text: &str) {
    let r = algorand::decode_algorand(text);
    one_line(&r);
    if let Ok(key) = r {
        assert_eq!(algorand::algorand(&key), text);
    }
    one_line(&aptos::decode_aptos(text));
    one_line(&sui::decode_sui(text));
    let r = near::decode_near(text);
    one_line(&r);
    if let Ok(key) = r {
        assert_eq!(near::near(&key), text);
    }
    let r = multiversx::decode_multiversx(text);
    one_line(&r);
    if let Ok(key) = r {
        assert_eq!(multiversx::multiversx(&key), text.to_lowercase().as_str());
    }
    let r = ss58::decode_ss58_any(text);
    one_line(&r);
    if let Ok((prefix, key)) = r {
        assert_eq!(ss58::ss58(&key, prefix), text);
    }
    let r = strkey::decode_stellar(text);
    one_line(&r);
    if let Ok(key) = r {
        assert_eq!(strkey::stellar(&key), text);
    }
    let r = strkey::decode_stellar_seed(text);
    one_line(&r);
    if let Ok(seed) = r {
        let mut out = [0u8; strkey::STRKEY_LEN];
        assert_eq!(strkey::stellar_seed(&seed, &mut out), text);
    }
    let r = tezos::decode_tezos_tz1(text);
    one_line(&r);
    let r = nimiq::decode_nimiq(text);
    one_line(&r);
    if let Ok(account) = r {
        let spaced = nimiq::nimiq_of_account(&account);
        assert_eq!(nimiq::decode_nimiq(spaced.as_str()), Ok(account));
    }
    let r = ton::decode_ton(text);
    one_line(&r);
    if let Ok(decoded) = r {
        let again = ton::ton_user_friendly(decoded.workchain, &decoded.account, decoded.flags);
        assert_eq!(again, text.replace('+', "-").replace('/', "_").as_str());
    }
    let r = nano::decode_nano(text);
    one_line(&r);
    if let Ok(key) = r {
        assert_eq!(nano::nano(&key), text.replacen("xrb_", "nano_", 1).as_str());
    }
}

fn ascii(addr: &Address) -> &str {
    assert!(!addr.is_empty() && addr.as_str().is_ascii());
    addr.as_str()
}

/// Checks every encoder on `key`.
pub fn check_key(key: &[u8; 32], prefix: u16) {
    assert_eq!(
        algorand::decode_algorand(ascii(&algorand::algorand(key))),
        Ok(*key)
    );
    assert!(aptos::decode_aptos(ascii(&aptos::aptos(key))).is_ok());
    assert!(sui::decode_sui(ascii(&sui::sui(key))).is_ok());
    assert_eq!(near::decode_near(ascii(&near::near(key))), Ok(*key));
    assert_eq!(
        multiversx::decode_multiversx(ascii(&multiversx::multiversx(key))),
        Ok(*key)
    );
    let net = ss58::Ss58Prefix::new(prefix).expect("14 bits");
    assert_eq!(
        ss58::decode_ss58(ascii(&ss58::ss58(key, net)), net),
        Ok(*key)
    );
    assert_eq!(
        strkey::decode_stellar(ascii(&strkey::stellar(key))),
        Ok(*key)
    );
    let mut out = [0u8; strkey::STRKEY_LEN];
    let seed = strkey::stellar_seed(key, &mut out).to_owned();
    assert_eq!(strkey::decode_stellar_seed(&seed).map(|k| *k), Ok(*key));
    assert!(tezos::decode_tezos_tz1(ascii(&tezos::tezos_tz1(key))).is_ok());
    assert!(nimiq::decode_nimiq(ascii(&nimiq::nimiq(key))).is_ok());
    let decoded = ton::decode_ton(ascii(&ton::ton_v4r2(key))).expect("own text");
    assert_eq!(
        decoded.account,
        ton::ton_v4r2_account(key, ton::V4R2_WALLET_ID)
    );
    assert_eq!(nano::decode_nano(ascii(&nano::nano(key))), Ok(*key));
}
