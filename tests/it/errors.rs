//! Every variant of every error type is produced, and compared as a whole value.
//!
//! One test per variant of the core [`fastbip32::Error`] (and [`PathErrorKind`]),
//! [`mnemonic::Error`] and [`address::Error`], through the public API. The few that no public
//! input can reach with a feasible search are produced by a named test elsewhere:
//!
//! * `Error::InvalidChild` (BIP-32's invalid child, probability below 2⁻¹²⁷ per child): the
//!   unit test `curve::secp256k1_batch::tests::first_invalid_child_stops_the_chunk`;
//! * `PathErrorKind::CapacityExceeded` exists only without the `alloc` feature: the unit test
//!   `path::tests::without_alloc_a_deep_path_is_refused` of that build;
//! * `mnemonic::Error::AmbiguousLanguage`: `tests/it/mnemonic.rs`, on the phrases valid in two
//!   word lists of `tests/data/bip39_generated.json`;
//! * `mnemonic::Error::RandomSourceFailed`: the unit test
//!   `mnemonic::tests::random_source_errors_keep_the_os_code`.
//!
//! Every `descriptor::Error` variant (and kind, and feature) is produced by
//! `tests/it/descriptor.rs`'s `every_descriptor_error_is_produced`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code

use fastbip32::address::{self, bitcoin, AddressKind, CardanoNetwork};
use fastbip32::cardano::Cip5Prefix;
use fastbip32::mnemonic::{self, CardanoMnemonic, Language, Mnemonic};
use fastbip32::{
    wif, ChainCode, ChildNumber, DerivationPath, Ed25519, Ed25519Bip32, Error, ExtendedKey,
    ExtendedPrivateKey, ExtendedPublicKey, Fingerprint, Network, PathErrorKind, Secp256k1, Xprv,
    Xpub,
};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// BIP-32 test vector 1, chain m.
const XPRV: &str = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";
const XPUB: &str = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";

fn xprv_bytes() -> [u8; 78] {
    *XPRV.parse::<Xprv>().unwrap().to_bytes()
}

fn path_error(text: &str) -> PathErrorKind {
    match text.parse::<DerivationPath>() {
        Err(Error::InvalidPath { kind, .. }) => kind,
        other => panic!("{text:?}: {other:?}"),
    }
}

// ---- core ----------------------------------------------------------------------------------

#[test]
fn invalid_child_index() {
    assert_eq!(
        ChildNumber::normal(1 << 31),
        Err(Error::InvalidChildIndex { index: 1 << 31 })
    );
}

#[test]
fn invalid_path_and_every_kind() {
    assert_eq!(
        "m/0/x".parse::<DerivationPath>(),
        Err(Error::InvalidPath {
            segment: 1,
            offset: 4,
            kind: PathErrorKind::InvalidCharacter
        })
    );
    assert_eq!(path_error(""), PathErrorKind::Empty);
    assert_eq!(path_error("0/1"), PathErrorKind::MissingMasterPrefix);
    assert_eq!(path_error("m//0"), PathErrorKind::EmptySegment);
    assert_eq!(path_error("m/0/"), PathErrorKind::TrailingSlash);
    assert_eq!(path_error("m/0x"), PathErrorKind::InvalidCharacter);
    assert_eq!(path_error("m/0''"), PathErrorKind::MisplacedHardenedMarker);
    assert_eq!(path_error("m/2147483648"), PathErrorKind::IndexOutOfRange);
    let deep = format!("m{}", "/0".repeat(256));
    assert_eq!(path_error(&deep), PathErrorKind::TooManySegments);
}

#[test]
fn depth_exceeded() {
    let steps = [ChildNumber::from_raw(0); 256];
    assert_eq!(
        DerivationPath::from_slice(&steps),
        Err(Error::DepthExceeded)
    );
}

#[test]
fn invalid_seed_length() {
    assert_eq!(
        Xprv::from_seed(&[0; 15]),
        Err(Error::InvalidSeedLength { len: 15 })
    );
}

#[test]
fn hardened_only() {
    let root = ExtendedPrivateKey::<Ed25519>::from_seed(&[1; 32]).unwrap();
    assert_eq!(
        root.derive_path("m/0'/5"),
        Err(Error::HardenedOnly {
            index: 5,
            segment: 1
        })
    );
}

#[test]
fn hardened_from_public() {
    let xpub: Xpub = XPUB.parse().unwrap();
    assert_eq!(
        xpub.derive_path_vartime("0/1'"),
        Err(Error::HardenedFromPublic {
            index: 1,
            segment: 1
        })
    );
}

#[test]
fn invalid_secret_key() {
    let key = Xprv::from_parts(
        &[0; 32],
        ChainCode::new([0; 32]),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    );
    assert_eq!(key, Err(Error::InvalidSecretKey));
}

#[test]
fn invalid_public_key() {
    let key = ExtendedPublicKey::<Secp256k1>::from_parts(
        [0; 33],
        ChainCode::new([0; 32]),
        0,
        Fingerprint::ZERO,
        ChildNumber::from_raw(0),
    );
    assert_eq!(key, Err(Error::InvalidPublicKey));
}

#[test]
fn buffer_too_small() {
    let key: Xprv = XPRV.parse().unwrap();
    assert_eq!(
        key.encode(&mut [0; 10]),
        Err(Error::BufferTooSmall { needed: 111 })
    );
}

#[test]
fn invalid_base58() {
    assert_eq!("0xpub".parse::<Xpub>(), Err(Error::InvalidBase58));
}

#[test]
fn bad_checksum() {
    let text = format!("{}9", &XPUB[..XPUB.len() - 1]);
    assert_eq!(text.parse::<Xpub>(), Err(Error::BadChecksum));
}

#[test]
fn invalid_length() {
    assert_eq!(
        "".parse::<Xpub>(),
        Err(Error::InvalidLength {
            len: 0,
            expected: 78
        })
    );
    assert_eq!(
        ExtendedPrivateKey::<Ed25519Bip32>::from_hex("00"),
        Err(Error::InvalidLength {
            len: 1,
            expected: 96
        })
    );
}

#[test]
fn unknown_version() {
    let mut bytes = xprv_bytes();
    bytes[..4].copy_from_slice(&[1, 2, 3, 4]);
    assert_eq!(
        ExtendedKey::<Secp256k1>::from_bytes(&bytes),
        Err(Error::UnknownVersion([1, 2, 3, 4]))
    );
}

#[test]
fn version_key_mismatch() {
    let mut bytes = xprv_bytes();
    bytes[45] = 0x02;
    assert_eq!(
        Xprv::from_bytes(&bytes),
        Err(Error::VersionKeyMismatch {
            version_is_private: true
        })
    );
}

#[test]
fn key_kind_mismatch() {
    assert_eq!(
        XPRV.parse::<Xpub>(),
        Err(Error::KeyKindMismatch {
            expected_private: false
        })
    );
}

#[test]
fn invalid_private_key_prefix() {
    let mut bytes = xprv_bytes();
    bytes[45] = 0x01;
    assert_eq!(
        Xprv::from_bytes(&bytes),
        Err(Error::InvalidPrivateKeyPrefix)
    );
}

#[test]
fn zero_depth_non_zero_parent() {
    let mut bytes = xprv_bytes();
    bytes[5] = 1;
    assert_eq!(Xprv::from_bytes(&bytes), Err(Error::ZeroDepthNonZeroParent));
}

#[test]
fn zero_depth_non_zero_child_number() {
    let mut bytes = xprv_bytes();
    bytes[12] = 1;
    assert_eq!(
        Xprv::from_bytes(&bytes),
        Err(Error::ZeroDepthNonZeroChildNumber)
    );
}

#[test]
fn invalid_hex() {
    assert_eq!("0000000z".parse::<Fingerprint>(), Err(Error::InvalidHex));
}

#[test]
fn discarded_root_key() {
    // Half of all secrets are discarded by the paper's root rule: the first of 0, 1, 2, … is.
    let discarded = (0u8..=255)
        .map(|i| ExtendedPrivateKey::<Ed25519Bip32>::from_paper_secret(&[i; 32]))
        .find(Result::is_err)
        .unwrap();
    assert_eq!(discarded, Err(Error::DiscardedRootKey));
}

#[test]
fn invalid_root_key() {
    assert_eq!(
        ExtendedPrivateKey::<Ed25519Bip32>::from_root_bytes(&[0; 96]),
        Err(Error::InvalidRootKey)
    );
}

#[test]
fn invalid_entropy_length() {
    assert_eq!(
        ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(&[0; 10], b""),
        Err(Error::InvalidEntropyLength { len: 10 })
    );
}

#[test]
fn invalid_bech32() {
    assert_eq!(
        ExtendedPrivateKey::<Ed25519Bip32>::from_bech32("root_xsk1qqqq"),
        Err(Error::InvalidBech32)
    );
}

#[test]
fn unexpected_bech32_prefix() {
    let root = ExtendedPrivateKey::<Ed25519Bip32>::from_seed(&[3; 32]).unwrap();
    let mut buf = [0u8; fastbip32::cardano::XPRV_BECH32_MAX_LEN];
    let text = root.encode_bech32(Cip5Prefix::RootXsk, &mut buf).unwrap();
    assert_eq!(
        ExtendedPublicKey::<Ed25519Bip32>::from_bech32(text),
        Err(Error::UnexpectedBech32Prefix {
            expected_private: false
        })
    );
}

#[test]
fn unknown_network() {
    assert_eq!("mars".parse::<Network>(), Err(Error::UnknownNetwork));
}

// ---- mnemonic ------------------------------------------------------------------------------

const ABOUT: &str =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

#[test]
fn unknown_language() {
    assert_eq!(
        "klingon".parse::<Language>(),
        Err(mnemonic::Error::UnknownLanguage)
    );
}

#[test]
fn invalid_word_count() {
    assert_eq!(
        Mnemonic::parse("abandon about"),
        Err(mnemonic::Error::InvalidWordCount { count: 2 })
    );
}

#[test]
fn unknown_word() {
    let typo = ABOUT.replacen("abandon", "abandn", 1);
    assert_eq!(
        Mnemonic::parse(&typo),
        Err(mnemonic::Error::UnknownWord { position: 0 })
    );
}

#[test]
fn mixed_languages() {
    // "ábaco" is Spanish's first word; the other eleven are English.
    let mixed = ABOUT.replacen("about", "ábaco", 1);
    assert_eq!(
        Mnemonic::parse(&mixed),
        Err(mnemonic::Error::MixedLanguages { position: 11 })
    );
}

#[test]
fn invalid_checksum() {
    let twelve = ["abandon"; 12].join(" ");
    assert_eq!(
        Mnemonic::parse(&twelve),
        Err(mnemonic::Error::InvalidChecksum)
    );
}

#[test]
fn invalid_entropy_length_of_each_kind() {
    assert_eq!(
        Mnemonic::from_entropy(Language::English, &[0; 12]),
        Err(mnemonic::Error::InvalidEntropyLength { len: 12, min: 16 })
    );
    assert_eq!(
        CardanoMnemonic::from_entropy(Language::English, &[0; 8]),
        Err(mnemonic::Error::InvalidEntropyLength { len: 8, min: 12 })
    );
}

// ---- address and WIF -----------------------------------------------------------------------

#[test]
fn unknown_address_kind() {
    assert_eq!(
        "p2sh".parse::<AddressKind>(),
        Err(address::Error::UnknownAddressKind)
    );
}

#[test]
fn unknown_cardano_network() {
    assert_eq!(
        "signet".parse::<CardanoNetwork>(),
        Err(address::Error::UnknownNetwork)
    );
}

#[test]
fn address_invalid_public_key() {
    assert_eq!(
        address::ethereum(&[5; 33]),
        Err(address::Error::InvalidPublicKey)
    );
}

#[test]
fn invalid_witness_program() {
    assert_eq!(
        bitcoin::segwit(0, &[0; 21], Network::Mainnet),
        Err(address::Error::InvalidWitnessProgram {
            version: 0,
            len: 21
        })
    );
}

#[test]
fn unsupported_script() {
    assert_eq!(
        bitcoin::from_script_pubkey(&[0x6a], Network::Mainnet),
        Err(address::Error::UnsupportedScript)
    );
}

/// The compressed WIF of the private key 1 on mainnet.
const WIF_ONE: &str = "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn";

#[test]
fn wif_invalid_base58() {
    let text = format!("0{}", &WIF_ONE[1..]);
    assert_eq!(
        wif::decode(&text).err(),
        Some(address::Error::InvalidBase58)
    );
}

#[test]
fn wif_bad_checksum() {
    let text = format!("{}o", &WIF_ONE[..WIF_ONE.len() - 1]);
    assert_eq!(wif::decode(&text).err(), Some(address::Error::BadChecksum));
}

#[test]
fn invalid_wif_length() {
    assert_eq!(
        wif::decode("").err(),
        Some(address::Error::InvalidWifLength { len: 0 })
    );
}

#[test]
fn uncompressed_wif() {
    // Bitcoin Core's key_io_valid.json: an uncompressed mainnet key.
    assert_eq!(
        wif::decode("5Kd3NBUAdUnhyzenEwVLy9pBKxSwXvE9FMPyR4UKZvpe6E3AgLr").err(),
        Some(address::Error::UncompressedWif)
    );
}

#[test]
fn invalid_compression_flag_and_unknown_prefix() {
    // The key 1 with the flag 0x02, and with a P2PKH version byte: Base58Check by the
    // independent `bs58` crate.
    let mut payload = [0u8; 34];
    payload[0] = 0x80;
    payload[32] = 1;
    payload[33] = 2;
    let flag = bs58::encode(payload).with_check().into_string();
    assert_eq!(
        wif::decode(&flag).err(),
        Some(address::Error::InvalidCompressionFlag { flag: 2 })
    );
    payload[0] = 0x00;
    payload[33] = 1;
    let prefix = bs58::encode(payload).with_check().into_string();
    assert_eq!(
        wif::decode(&prefix).err(),
        Some(address::Error::UnknownWifPrefix { prefix: 0 })
    );
}

#[test]
fn wif_invalid_secret_key() {
    assert_eq!(
        wif::encode(&[0; 32], Network::Mainnet, &mut [0; 52]),
        Err(address::Error::InvalidSecretKey)
    );
}

#[test]
fn wif_buffer_too_small() {
    let mut one = [0u8; 32];
    one[31] = 1;
    assert_eq!(
        wif::encode(&one, Network::Mainnet, &mut [0; 10]),
        Err(address::Error::BufferTooSmall { needed: 52 })
    );
}

// ---- descriptor: a key error names the key -------------------------------------------------

#[test]
fn descriptor_key_errors_name_the_key() {
    use fastbip32::descriptor::{Descriptor, Error as DescriptorError};
    let bad = format!("{}9", &XPUB[..XPUB.len() - 1]);
    let text = format!("wsh(multi(1,{XPUB},{XPUB}/0,{bad}))");
    let error = text.parse::<Descriptor>().unwrap_err();
    assert_eq!(
        error,
        DescriptorError::Key {
            key: 2,
            keys: 3,
            error: Error::BadChecksum
        }
    );
    assert_eq!(
        error.to_string(),
        "key 3 of 3: base58check checksum mismatch"
    );
}

#[test]
fn descriptor_syntax_errors_in_a_key_name_the_key() {
    use fastbip32::descriptor::{Descriptor, Error as DescriptorError, ErrorKind, KeyPosition};
    // Generator point G, compressed: a valid public key.
    let g = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
    let bad_hex = format!("02{}", "zz".repeat(32));
    let syntax = |text: &str| match text.parse::<Descriptor>().unwrap_err() {
        DescriptorError::Invalid { offset, kind, key } => (offset, kind, key),
        other => panic!("{text}: {other:?}"),
    };
    let at = |key, keys| Some(KeyPosition { key, keys });

    // The second of three keys is not hex: its offset, and "key 2 of 3".
    let prefix = format!("wsh(multi(2,{g},");
    let text = format!("{prefix}{bad_hex},{g}))");
    assert_eq!(
        syntax(&text),
        (prefix.len(), ErrorKind::InvalidKey, at(1, 3))
    );
    assert_eq!(
        text.parse::<Descriptor>().unwrap_err().to_string(),
        format!(
            "invalid descriptor at byte {}, in key 2 of 3: {}",
            prefix.len(),
            ErrorKind::InvalidKey
        )
    );
    // Hex of a point that is not on the curve (x = 5 has no y), as the third key.
    let off_curve = format!("02{:064x}", 5);
    let prefix = format!("sh(multi(1,{g},{g},");
    assert_eq!(
        syntax(&format!("{prefix}{off_curve}))")),
        (prefix.len(), ErrorKind::InvalidPublicKey, at(2, 3))
    );
    // An empty argument is a missing key, and names its place.
    assert_eq!(
        syntax(&format!("wsh(multi(1,{g},,{g}))")).1,
        ErrorKind::MissingKey
    );
    assert_eq!(syntax(&format!("wsh(multi(1,{g},,{g}))")).2, at(1, 3));
    // A bad origin of the first key; a single-key script's key is key 1 of 1.
    assert_eq!(syntax(&format!("wsh(multi(1,[zz]{g},{g}))")).2, at(0, 2));
    assert_eq!(
        syntax(&format!("wpkh({XPUB}/0H/*)")),
        (5 + XPUB.len() + 1, ErrorKind::InvalidStep, at(0, 1))
    );
    // Outside every key: no key is named.
    assert_eq!(syntax(&format!("wpkh({g}")).2, None);
    assert_eq!(syntax(&format!("wsh(multi(x,{g}))")).2, None);
}
