//! Extended-key text and bytes: BIP-32 vector 5 (every invalid key, for the right reason),
//! vectors 1–4 byte-exact round trips, SLIP-132 versions, custom versions, every
//! serialization error, and parse∘display properties. Public API only.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: failing loudly is the point

use fastbip32::{
    ChainCode, ChildNumber, Error, ExtendedKey, ExtendedPrivateKey, ExtendedPublicKey, Fingerprint,
    NistP256, Secp256k1, Version, VersionPair, Xprv, Xpub, ENCODED_LEN, MAX_ENCODED_LEN,
    SERIALIZED_LEN,
};
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn cases() -> Vec<Value> {
    let data: Value = serde_json::from_str(include_str!("../data/bip32.json")).unwrap();
    data["cases"].as_array().unwrap().clone()
}

fn s<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field]
        .as_str()
        .unwrap_or_else(|| panic!("missing {field} in {v}"))
}

fn unhex<const N: usize>(text: &str) -> [u8; N] {
    hex::decode(text).unwrap().try_into().unwrap()
}

/// The 78 bytes from decoded fields: built independently of the crate's own encoder.
fn layout(
    version: &str,
    depth: u64,
    parent: &str,
    child: &str,
    chain: &str,
    key: &str,
) -> [u8; 78] {
    let mut out = Vec::with_capacity(78);
    out.extend(hex::decode(version).unwrap());
    out.push(u8::try_from(depth).unwrap());
    out.extend(hex::decode(parent).unwrap());
    out.extend(hex::decode(child).unwrap());
    out.extend(hex::decode(chain).unwrap());
    out.extend(hex::decode(key).unwrap());
    out.try_into().unwrap()
}

/// The error each vector-5 reason code must produce.
fn expected_error(reason_code: &str) -> Error {
    match reason_code {
        "xpub_version_with_private_key_data" => Error::VersionKeyMismatch {
            version_is_private: false,
        },
        "xprv_version_with_public_key_data" => Error::VersionKeyMismatch {
            version_is_private: true,
        },
        "invalid_pubkey_prefix_04" | "invalid_pubkey_prefix_01" | "pubkey_not_on_curve" => {
            Error::InvalidPublicKey
        }
        "invalid_prvkey_prefix_04" | "invalid_prvkey_prefix_01" => Error::InvalidPrivateKeyPrefix,
        "zero_depth_nonzero_parent_fingerprint" => Error::ZeroDepthNonZeroParent,
        "zero_depth_nonzero_index" => Error::ZeroDepthNonZeroChildNumber,
        "unknown_version" => Error::UnknownVersion([1, 1, 1, 1]),
        "private_key_zero" | "private_key_equals_n" => Error::InvalidSecretKey,
        "invalid_checksum" => Error::BadChecksum,
        other => panic!("unmapped reason_code {other}"),
    }
}

#[test]
fn vector5_every_invalid_key_rejected_for_its_reason() {
    let mut seen = 0;
    for case in cases() {
        if s(&case, "kind") != "invalid_extended_key" {
            continue;
        }
        let id = s(&case, "id");
        let text = s(&case, "extended_key");
        let want = expected_error(s(&case, "reason_code"));

        assert_eq!(
            text.parse::<ExtendedKey<Secp256k1>>().err(),
            Some(want),
            "{id}: as either kind"
        );
        // Parsed as the kind its version names, the error is the same.
        let typed = if text.starts_with("xprv") {
            text.parse::<Xprv>().err()
        } else if text.starts_with("xpub") {
            text.parse::<Xpub>().err()
        } else {
            text.parse::<Xprv>()
                .err()
                .filter(|e| *e == text.parse::<Xpub>().unwrap_err())
        };
        assert_eq!(typed, Some(want), "{id}: as its own kind");

        // The same bytes without Base58Check give the same verdict.
        let f = &case["payload_fields"];
        if !f.is_null() {
            let bytes = layout(
                s(f, "version_hex"),
                f["depth"].as_u64().unwrap(),
                s(f, "parent_fingerprint_hex"),
                s(f, "child_number_hex"),
                s(f, "chain_code_hex"),
                s(f, "key_data_hex"),
            );
            assert_eq!(
                ExtendedKey::<Secp256k1>::from_bytes(&bytes).err(),
                Some(want),
                "{id}: from_bytes"
            );
        }
        seen += 1;
    }
    assert_eq!(seen, 16);
}

/// One chain step of vectors 1–4: text and bytes both ways, and the published child.
fn check_vector_step(vector: &Value, step: &Value, next: Option<&Value>) {
    let id = format!("vector {vector} {}", s(step, "path"));
    let d = &step["decoded"];
    let (xprv_text, xpub_text) = (s(step, "xprv"), s(step, "xpub"));
    let fields = |version: &str, key: String| {
        layout(
            version,
            d["depth"].as_u64().unwrap(),
            s(d, "parent_fingerprint_hex"),
            s(d, "child_number_hex"),
            s(d, "chain_code_hex"),
            &key,
        )
    };
    let xprv_bytes = fields(
        s(d, "xprv_version_hex"),
        format!("00{}", s(d, "private_key_hex")),
    );
    let xpub_bytes = fields(s(d, "xpub_version_hex"), s(d, "public_key_hex").to_owned());

    // Private: text and bytes, both ways.
    let xprv: Xprv = xprv_text.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(xprv.version(), Version::XPRV, "{id}");
    assert_eq!(xprv.to_zeroizing_string().as_str(), xprv_text, "{id}");
    let mut buf = [0u8; MAX_ENCODED_LEN];
    assert_eq!(xprv.encode(&mut buf).unwrap(), xprv_text, "{id}");
    assert_eq!(*xprv.to_bytes(), xprv_bytes, "{id}");
    assert_eq!(Xprv::from_bytes(&xprv_bytes).unwrap(), xprv, "{id}");
    assert_eq!(
        hex::encode(xprv.private_key()),
        s(d, "private_key_hex"),
        "{id}"
    );
    assert_eq!(
        hex::encode(xprv.chain_code()),
        s(d, "chain_code_hex"),
        "{id}"
    );
    assert_eq!(
        xprv.parent_fingerprint().to_string(),
        s(d, "parent_fingerprint_hex"),
        "{id}"
    );
    assert_eq!(
        u64::from(xprv.depth()),
        d["depth"].as_u64().unwrap(),
        "{id}"
    );
    assert_eq!(
        u64::from(xprv.child_number().to_raw()),
        d["child_number"].as_u64().unwrap(),
        "{id}"
    );

    // Public: text and bytes, both ways.
    let xpub: Xpub = xpub_text.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(xpub.to_string(), xpub_text, "{id}");
    assert_eq!(xpub.encode(&mut buf).unwrap(), xpub_text, "{id}");
    assert_eq!(*xpub.to_bytes(), xpub_bytes, "{id}");
    assert_eq!(Xpub::from_bytes(&xpub_bytes).unwrap(), xpub, "{id}");
    assert_eq!(
        hex::encode(xpub.public_key()),
        s(d, "public_key_hex"),
        "{id}"
    );

    // The parsed private key knows its public key, and neuters to the parsed xpub.
    assert_eq!(xprv.to_xpub(), xpub, "{id}");
    assert_eq!(xprv.to_xpub().to_string(), xpub_text, "{id}");
    assert_eq!(*xprv.to_xpub().to_bytes(), xpub_bytes, "{id}");

    // Either kind.
    match xprv_text.parse::<ExtendedKey<Secp256k1>>().unwrap() {
        ExtendedKey::Private(k) => assert_eq!(k, xprv, "{id}"),
        ExtendedKey::Public(_) => panic!("{id}: xprv parsed as public"),
    }
    let either: ExtendedKey<Secp256k1> = xpub_text.parse().unwrap();
    assert!(!either.is_private());
    assert_eq!(either.fingerprint(), xprv.fingerprint(), "{id}");

    // The parsed keys derive the published child.
    if let Some(next) = next {
        let raw = next["path_indices"].as_array().unwrap().last().unwrap();
        let child = ChildNumber::from_raw(u32::try_from(raw.as_u64().unwrap()).unwrap());
        let derived = xprv.derive_child(child).unwrap();
        assert_eq!(
            derived.to_zeroizing_string().as_str(),
            s(next, "xprv"),
            "{id}"
        );
        assert_eq!(derived.to_xpub().to_string(), s(next, "xpub"), "{id}");
        if child.is_normal() {
            let public = xpub.derive_child_vartime(child).unwrap();
            assert_eq!(public.to_string(), s(next, "xpub"), "{id}: CKDpub");
        } else {
            assert_eq!(
                xpub.derive_child_vartime(child),
                Err(Error::HardenedFromPublic {
                    index: child.index(),
                    segment: 0
                }),
                "{id}"
            );
        }
    }
}

#[test]
fn vectors_1_to_4_round_trip_byte_exactly_and_derive_the_published_children() {
    let mut keys = 0;
    for case in cases() {
        if s(&case, "kind") != "derivation" {
            continue;
        }
        let chain = case["chain"].as_array().unwrap();
        for (i, step) in chain.iter().enumerate() {
            check_vector_step(&case["vector"], step, chain.get(i + 1));
            keys += 2;
        }
    }
    assert_eq!(keys, 34);
}

/// Every SLIP-132 family: the constants give the text prefixes SLIP-132 lists, and the text
/// parses back into the same family.
#[test]
fn slip132_versions_give_their_prefixes() {
    let families: [(VersionPair, &str, &str, u32, u32); 10] = [
        (
            VersionPair::XPRV_XPUB,
            "xprv",
            "xpub",
            0x0488_ade4,
            0x0488_b21e,
        ),
        (
            VersionPair::TPRV_TPUB,
            "tprv",
            "tpub",
            0x0435_8394,
            0x0435_87cf,
        ),
        (
            VersionPair::YPRV_YPUB,
            "yprv",
            "ypub",
            0x049d_7878,
            0x049d_7cb2,
        ),
        (
            VersionPair::ZPRV_ZPUB,
            "zprv",
            "zpub",
            0x04b2_430c,
            0x04b2_4746,
        ),
        (
            VersionPair::YPRV_YPUB_MULTISIG,
            "Yprv",
            "Ypub",
            0x0295_b005,
            0x0295_b43f,
        ),
        (
            VersionPair::ZPRV_ZPUB_MULTISIG,
            "Zprv",
            "Zpub",
            0x02aa_7a99,
            0x02aa_7ed3,
        ),
        (
            VersionPair::UPRV_UPUB,
            "uprv",
            "upub",
            0x044a_4e28,
            0x044a_5262,
        ),
        (
            VersionPair::VPRV_VPUB,
            "vprv",
            "vpub",
            0x045f_18bc,
            0x045f_1cf6,
        ),
        (
            VersionPair::UPRV_UPUB_MULTISIG,
            "Uprv",
            "Upub",
            0x0242_85b5,
            0x0242_89ef,
        ),
        (
            VersionPair::VPRV_VPUB_MULTISIG,
            "Vprv",
            "Vpub",
            0x0257_5048,
            0x0257_5483,
        ),
    ];
    assert_eq!(VersionPair::KNOWN.len(), families.len());
    for (pair, private_name, public_name, private_raw, public_raw) in families {
        assert!(VersionPair::KNOWN.contains(&pair));
        let (private, public) = (pair.private(), pair.public());
        assert_eq!(private.to_u32(), private_raw, "{private_name}");
        assert_eq!(public.to_u32(), public_raw, "{public_name}");
        assert_eq!(private.name(), Some(private_name));
        assert_eq!(public.name(), Some(public_name));
        assert_eq!(private.public_twin(), Some(public));
        assert_eq!(public.private_twin(), Some(private));
        assert_eq!(private.private_twin(), None);
        assert_eq!(public.public_twin(), None);
        assert!(private.is_private() && !private.is_public());
        assert!(public.is_public() && !public.is_private());
        assert_eq!(private.pair(), Some(pair));
        assert_eq!(public.pair(), Some(pair));
        assert_eq!(private.to_string(), format!("{private_raw:08x}"));

        check_family_text(pair, private_name, public_name);
    }
}

/// Keys of a family encode with its prefixes and parse back into it. Keys with extreme bytes,
/// so the prefix holds for every key and not just one.
fn check_family_text(pair: VersionPair, private_name: &str, public_name: &str) {
    let (private, public) = (pair.private(), pair.public());
    let seeds: [&[u8]; 3] = [&[0u8; 16], &[0xff; 64], b"0123456789abcdef0123456789abcdef"];
    for seed in seeds {
        for path in ["m", "m/0'/1/2147483647'", "m/1/2/3/4/5/6/7/8/9/10/11/12/13"] {
            let key = Xprv::from_seed(seed)
                .unwrap()
                .derive_path(path)
                .unwrap()
                .with_version(private)
                .unwrap();
            let mut buf = [0u8; MAX_ENCODED_LEN];
            let text = key.encode(&mut buf).unwrap();
            assert!(text.starts_with(private_name), "{text}");
            assert_eq!(text.len(), ENCODED_LEN);
            let parsed: Xprv = text.parse().unwrap();
            assert_eq!(parsed.version_pair(), pair);
            assert_eq!(parsed, key);

            let xpub = key.to_xpub();
            assert_eq!(xpub.version(), public, "neutering maps to the public twin");
            let text = xpub.to_string();
            assert!(text.starts_with(public_name), "{text}");
            assert_eq!(text.len(), ENCODED_LEN);
            let parsed: Xpub = text.parse().unwrap();
            assert_eq!(parsed, xpub);
            assert_eq!(parsed.clone().with_version(public).unwrap(), xpub);
        }
    }
}

#[test]
fn children_keep_the_version_family() {
    let key = Xprv::from_seed(&[3; 32]).unwrap();
    assert_eq!(key.version_pair(), VersionPair::XPRV_XPUB);
    assert_eq!(key.version(), Version::XPRV);

    let zprv = key.clone().with_version(Version::ZPRV).unwrap();
    let child = zprv.derive_path("m/84'/0'/0'/0/3").unwrap();
    assert_eq!(child.version(), Version::ZPRV);
    assert_eq!(
        zprv.derive_child(ChildNumber::normal(1).unwrap())
            .unwrap()
            .version(),
        Version::ZPRV
    );

    let zpub = zprv.derive_path("84'/0'/0'").unwrap().to_xpub();
    assert_eq!(zpub.version(), Version::ZPUB);
    let receive = zpub.derive_path_vartime("0/3").unwrap();
    assert_eq!(receive.version_pair(), VersionPair::ZPRV_ZPUB);
    assert!(receive.to_string().starts_with("zpub"));
    assert_eq!(receive, child.to_xpub());

    // Parsed text keeps its family too.
    let tpub: Xpub = key
        .with_version(Version::TPRV)
        .unwrap()
        .to_xpub()
        .to_string()
        .parse()
        .unwrap();
    assert!(tpub
        .derive_child_vartime(ChildNumber::normal(0).unwrap())
        .unwrap()
        .to_string()
        .starts_with("tpub"));

    // A re-versioned copy writes the version given, without changing the key.
    assert!(zprv
        .clone()
        .with_version(Version::XPRV)
        .unwrap()
        .to_zeroizing_string()
        .starts_with("xprv"));
    assert!(zprv
        .to_xpub()
        .with_version(Version::YPUB)
        .unwrap()
        .to_string()
        .starts_with("ypub"));
    assert_eq!(zprv.version(), Version::ZPRV);
}

#[test]
fn custom_version_pairs() {
    // Litecoin's Ltpv / Ltub.
    let ltc = VersionPair::new(
        Version::new([0x01, 0x9d, 0x9c, 0xfe]),
        Version::new([0x01, 0x9d, 0xa4, 0x62]),
    );
    assert_eq!(ltc.private().pair(), None);
    assert!(!ltc.private().is_private() && !ltc.public().is_public());
    assert_eq!(ltc.private().name(), None);
    assert_eq!(format!("{:?}", Version::XPRV), "Version(0488ade4 xprv)");
    assert_eq!(format!("{:?}", ltc.public()), "Version(019da462)");

    let key = Xprv::from_seed(&[9; 20])
        .unwrap()
        .derive_path("m/44'/2'/0'")
        .unwrap()
        .with_version_pair(ltc);
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let xprv_text = key.encode(&mut buf).unwrap().to_owned();
    let xpub_text = key.to_xpub().to_string();
    assert!(xprv_text.starts_with("Ltpv"), "{xprv_text}");
    assert!(xpub_text.starts_with("Ltub"), "{xpub_text}");

    // Unknown without the pair, accepted with it, and the family survives.
    let unknown = Err(Error::UnknownVersion(ltc.private().to_bytes()));
    assert_eq!(xprv_text.parse::<Xprv>(), unknown);
    assert_eq!(
        xpub_text.parse::<Xpub>(),
        Err(Error::UnknownVersion(ltc.public().to_bytes()))
    );
    let parsed = Xprv::parse_with_versions(&xprv_text, &[ltc]).unwrap();
    assert_eq!(parsed, key);
    assert_eq!(parsed.version_pair(), ltc);
    let public = Xpub::parse_with_versions(&xpub_text, &[VersionPair::ZPRV_ZPUB, ltc]).unwrap();
    assert_eq!(public, key.to_xpub());
    assert!(matches!(
        ExtendedKey::<Secp256k1>::parse_with_versions(&xpub_text, &[ltc]),
        Ok(ExtendedKey::Public(_))
    ));
    let bytes = key.to_bytes();
    assert_eq!(Xprv::from_bytes_with_versions(&bytes, &[ltc]).unwrap(), key);
    assert_eq!(Xprv::from_bytes(&bytes), unknown);
    assert_eq!(
        Xpub::from_bytes_with_versions(&public.to_bytes(), &[ltc]).unwrap(),
        public
    );
    assert!(
        ExtendedKey::<Secp256k1>::from_bytes_with_versions(&bytes, &[ltc])
            .unwrap()
            .is_private()
    );

    // with_version only takes known versions of the right kind.
    assert_eq!(
        key.clone().with_version(ltc.private()).err(),
        Some(Error::UnknownVersion(ltc.private().to_bytes()))
    );
    assert_eq!(
        key.clone().with_version(Version::XPUB).err(),
        Some(Error::VersionKeyMismatch {
            version_is_private: false
        })
    );
    assert_eq!(
        key.to_xpub().with_version(Version::ZPRV).err(),
        Some(Error::VersionKeyMismatch {
            version_is_private: true
        })
    );

    // A custom version whose text needs 112 characters.
    let wide = VersionPair::new(Version::new([0xff; 4]), Version::new([0xfe; 4]));
    let wide_key = key.with_version_pair(wide);
    let mut small = [0u8; ENCODED_LEN];
    assert_eq!(
        wide_key.encode(&mut small),
        Err(Error::BufferTooSmall {
            needed: MAX_ENCODED_LEN
        })
    );
    let text = wide_key.encode(&mut buf).unwrap();
    assert_eq!(text.len(), MAX_ENCODED_LEN);
    assert_eq!(Xprv::parse_with_versions(text, &[wide]).unwrap(), wide_key);
}

/// A compressed encoding with x = 7: not a point of secp256k1.
fn off_curve(prefix: u8) -> [u8; 33] {
    let mut key = [0u8; 33];
    key[0] = prefix;
    key[32] = 7;
    key
}

fn master_xprv() -> Xprv {
    Xprv::from_seed(&hex::decode("000102030405060708090a0b0c0d0e0f").unwrap()).unwrap()
}

/// `Base58Check` text of arbitrary bytes, built with the `bs58` crate as an independent encoder.
fn check_text(data: &[u8]) -> String {
    let mut out = [0u8; 300];
    let n = bs58::encode(data).with_check().onto(&mut out[..]).unwrap();
    String::from_utf8(out[..n].to_vec()).unwrap()
}

/// A depth-2 key and its two texts.
fn fixture() -> (Xprv, String, String) {
    let key = master_xprv().derive_path("m/0'/1").unwrap();
    let text = key.to_zeroizing_string().to_string();
    let xpub_text = key.to_xpub().to_string();
    (key, text, xpub_text)
}

/// `base` with `value` written at byte `at`.
fn with(base: [u8; 78], at: usize, value: &[u8]) -> [u8; 78] {
    let mut b = base;
    b[at..at + value.len()].copy_from_slice(value);
    b
}

#[test]
fn text_errors() {
    let (key, text, _) = fixture();
    for bad in ["0", "O", "I", "l", "+", " ", "é"] {
        let mut t = text.clone();
        t.replace_range(50..51, bad);
        assert_eq!(t.parse::<Xprv>(), Err(Error::InvalidBase58), "{bad:?}");
    }
    assert_eq!(
        format!("{text} ").parse::<Xprv>(),
        Err(Error::InvalidBase58)
    );
    let mut flipped = text.clone().into_bytes();
    flipped[110] = if flipped[110] == b'z' { b'y' } else { b'z' };
    let flipped = String::from_utf8(flipped).unwrap();
    assert_eq!(flipped.parse::<Xprv>(), Err(Error::BadChecksum));
    assert_eq!(flipped.parse::<Xpub>(), Err(Error::BadChecksum));
    assert_eq!(
        "".parse::<Xpub>(),
        Err(Error::InvalidLength {
            len: 0,
            expected: 78
        })
    );
    let bytes = *key.to_bytes();
    assert_eq!(
        check_text(&bytes[..77]).parse::<Xprv>(),
        Err(Error::InvalidLength {
            len: 77,
            expected: 78
        })
    );
    let mut long = bytes.to_vec();
    long.push(0);
    assert_eq!(
        check_text(&long).parse::<Xprv>(),
        Err(Error::InvalidLength {
            len: 79,
            expected: 78
        })
    );
    // Far too long: rejected without being decoded, with a lower bound of its length.
    assert!(matches!(
        "z".repeat(500).parse::<Xpub>(),
        Err(Error::InvalidLength { len, .. }) if len > 78
    ));
}

#[test]
fn version_and_key_data_errors() {
    let (key, text, xpub_text) = fixture();
    let private = *key.to_bytes();
    let public = *key.to_xpub().to_bytes();
    assert_eq!(
        Xprv::from_bytes(&with(private, 0, &[9, 9, 9, 9])),
        Err(Error::UnknownVersion([9, 9, 9, 9]))
    );
    assert_eq!(
        Xprv::from_bytes(&public),
        Err(Error::KeyKindMismatch {
            expected_private: true
        })
    );
    assert_eq!(
        Xpub::from_bytes(&private),
        Err(Error::KeyKindMismatch {
            expected_private: false
        })
    );
    assert_eq!(
        xpub_text.parse::<Xprv>(),
        Err(Error::KeyKindMismatch {
            expected_private: true
        })
    );
    assert_eq!(
        text.parse::<Xpub>(),
        Err(Error::KeyKindMismatch {
            expected_private: false
        })
    );
    // Version against key data.
    assert_eq!(
        Xprv::from_bytes(&with(public, 0, &Version::XPRV.to_bytes())),
        Err(Error::VersionKeyMismatch {
            version_is_private: true
        })
    );
    assert_eq!(
        Xpub::from_bytes(&with(private, 0, &Version::XPUB.to_bytes())),
        Err(Error::VersionKeyMismatch {
            version_is_private: false
        })
    );
    for prefix in [1u8, 4, 5, 6, 7, 0x80, 0xff] {
        assert_eq!(
            Xprv::from_bytes(&with(private, 45, &[prefix])),
            Err(Error::InvalidPrivateKeyPrefix),
            "{prefix}"
        );
        assert_eq!(
            Xpub::from_bytes(&with(public, 45, &[prefix])),
            Err(Error::InvalidPublicKey),
            "{prefix}"
        );
    }
}

#[test]
fn key_errors() {
    let (key, _, _) = fixture();
    let private = *key.to_bytes();
    let public = *key.to_xpub().to_bytes();
    let n = unhex::<32>("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    let n_plus_1 = unhex::<32>("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364142");
    for secret in [[0u8; 32], n, n_plus_1, [0xff; 32]] {
        assert_eq!(
            Xprv::from_bytes(&with(private, 46, &secret)),
            Err(Error::InvalidSecretKey)
        );
    }
    let n_minus_1 = unhex::<32>("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140");
    assert!(Xprv::from_bytes(&with(private, 46, &n_minus_1)).is_ok());
    // x = 7 has no point on secp256k1 (BIP-32 vector 5), with either parity; x ≥ p is not a
    // field element.
    for parity in [2, 3] {
        assert_eq!(
            Xpub::from_bytes(&with(public, 45, &off_curve(parity))),
            Err(Error::InvalidPublicKey)
        );
    }
    let mut xp = [0xffu8; 33];
    xp[0] = 3;
    assert_eq!(
        Xpub::from_bytes(&with(public, 45, &xp)),
        Err(Error::InvalidPublicKey)
    );
}

#[test]
fn depth_zero_errors() {
    let master = master_xprv();
    let m_priv = *master.to_bytes();
    let m_pub = *master.to_xpub().to_bytes();
    for base in [m_priv, m_pub] {
        assert_eq!(
            ExtendedKey::<Secp256k1>::from_bytes(&with(base, 5, &[0, 0, 0, 1])),
            Err(Error::ZeroDepthNonZeroParent)
        );
        assert_eq!(
            ExtendedKey::<Secp256k1>::from_bytes(&with(base, 9, &[0x80, 0, 0, 0])),
            Err(Error::ZeroDepthNonZeroChildNumber)
        );
        // Depth 1 with the same fields is fine.
        assert!(
            ExtendedKey::<Secp256k1>::from_bytes(&with(with(base, 5, &[0, 0, 0, 1]), 4, &[1]))
                .is_ok()
        );
    }
}

#[test]
fn encoding_errors() {
    let (key, text, _) = fixture();
    let mut small = [0u8; 110];
    assert_eq!(
        key.encode(&mut small),
        Err(Error::BufferTooSmall {
            needed: ENCODED_LEN
        })
    );
    assert_eq!(
        key.to_xpub().encode(&mut small),
        Err(Error::BufferTooSmall {
            needed: ENCODED_LEN
        })
    );
    assert_eq!(
        key.to_xpub()
            .with_version(Version::XPUB)
            .unwrap()
            .encode(&mut small),
        Err(Error::BufferTooSmall {
            needed: ENCODED_LEN
        })
    );
    let mut exact = [0u8; ENCODED_LEN];
    assert_eq!(
        key.clone()
            .with_version(Version::XPRV)
            .unwrap()
            .encode(&mut exact)
            .unwrap(),
        text
    );

    // Every new error variant has a message.
    for e in [
        Error::KeyKindMismatch {
            expected_private: true,
        },
        Error::KeyKindMismatch {
            expected_private: false,
        },
    ] {
        assert!(e.to_string().starts_with("expected an extended"));
    }
}

/// The order of the checks when several fail at once.
#[test]
fn check_order() {
    let master = master_xprv();
    let mut b = *master.to_bytes();
    // Unknown version wins over everything in the payload.
    b[0..4].copy_from_slice(&[1, 2, 3, 4]);
    b[45] = 4;
    b[5] = 1;
    assert_eq!(
        Xprv::from_bytes(&b),
        Err(Error::UnknownVersion([1, 2, 3, 4]))
    );
    // Then the prefix, before the depth-0 rules.
    b[0..4].copy_from_slice(&Version::XPRV.to_bytes());
    assert_eq!(Xprv::from_bytes(&b), Err(Error::InvalidPrivateKeyPrefix));
    // Then the key, before the depth-0 rules.
    b[45..].copy_from_slice(&[0; 33]);
    assert_eq!(Xprv::from_bytes(&b), Err(Error::InvalidSecretKey));
    // Then the parent fingerprint before the index.
    b[46..].copy_from_slice(master.private_key());
    b[9] = 1;
    assert_eq!(Xprv::from_bytes(&b), Err(Error::ZeroDepthNonZeroParent));
    b[5] = 0;
    assert_eq!(
        Xprv::from_bytes(&b),
        Err(Error::ZeroDepthNonZeroChildNumber)
    );
    // Checksum before length.
    let mut text = check_text(&b[..77]).into_bytes();
    let last = text.len() - 1;
    text[last] = if text[last] == b'2' { b'3' } else { b'2' };
    assert_eq!(
        String::from_utf8(text).unwrap().parse::<Xprv>(),
        Err(Error::BadChecksum)
    );
}

#[test]
fn nist256p1_uses_the_same_layout_and_checks_its_own_curve() {
    type P256Prv = ExtendedPrivateKey<NistP256>;
    type P256Pub = ExtendedPublicKey<NistP256>;
    let key = P256Prv::from_seed(&[5; 32])
        .unwrap()
        .derive_path("m/1'/2")
        .unwrap();
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let text = key.encode(&mut buf).unwrap().to_owned();
    assert!(text.starts_with("xprv"));
    assert_eq!(text.parse::<P256Prv>().unwrap(), key);
    let xpub = key.to_xpub();
    assert_eq!(xpub.to_string().parse::<P256Pub>().unwrap(), xpub);

    // A P-256 private key ≥ the P-256 order (valid on secp256k1, whose order is larger).
    let mut b = *key.to_bytes();
    b[46..].copy_from_slice(&unhex::<32>(
        "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
    ));
    assert_eq!(P256Prv::from_bytes(&b), Err(Error::InvalidSecretKey));
    assert!(Xprv::from_bytes(&b).is_ok());

    // secp256k1 public keys are mostly not P-256 points: each is rejected or accepted by the
    // P-256 check, never by accident of the secp256k1 one.
    let mut rejected = 0;
    for i in 0..16u32 {
        let k = master_xprv()
            .derive_child(ChildNumber::normal(i).unwrap())
            .unwrap();
        let bytes = k.to_xpub().to_bytes();
        match P256Pub::from_bytes(&bytes) {
            Err(e) => {
                assert_eq!(e, Error::InvalidPublicKey);
                rejected += 1;
            }
            Ok(p) => assert_eq!(p.to_bytes(), bytes),
        }
    }
    assert!(rejected > 0);
}

#[test]
fn display_pads_and_debug_hides_the_chain_code() {
    let key = master_xprv();
    let xpub = key.to_xpub();
    let text = xpub.to_string();
    assert_eq!(format!("{xpub:>115}"), format!("    {text}"));
    let chain = hex::encode(xpub.chain_code());
    for debug in [
        format!("{xpub:?}"),
        format!("{key:?}"),
        format!("{:?}", ExtendedKey::from(key.clone())),
    ] {
        assert!(!debug.contains(&chain), "{debug}");
        assert!(!debug.contains(&hex::encode(key.private_key())), "{debug}");
        assert!(debug.contains("0488"), "{debug}");
    }
    assert!(format!("{xpub:?}").contains(&hex::encode(xpub.public_key())));
}

#[test]
fn extended_key_accessors() {
    let key = master_xprv().derive_path("m/0'/1").unwrap();
    let either = ExtendedKey::from(key.clone());
    let public = ExtendedKey::from(key.to_xpub());
    for k in [&either, &public] {
        assert_eq!(k.depth(), 2);
        assert_eq!(k.child_number(), ChildNumber::normal(1).unwrap());
        assert_eq!(k.parent_fingerprint(), key.parent_fingerprint());
        assert_eq!(k.fingerprint(), key.fingerprint());
        assert_eq!(k.chain_code(), key.chain_code());
        assert_eq!(k.public_key(), key.public_key());
        assert_eq!(k.to_xpub(), key.to_xpub());
    }
    assert_eq!(either.version(), Version::XPRV);
    assert_eq!(public.version(), Version::XPUB);
    assert!(either.is_private());
}

#[test]
fn from_parts_round_trips() {
    let key = master_xprv().derive_path("m/0'/1").unwrap();
    let xpub = Xpub::from_parts(
        key.public_key(),
        ChainCode::new(*key.chain_code().as_bytes()),
        key.depth(),
        key.parent_fingerprint(),
        key.child_number(),
    )
    .unwrap();
    assert_eq!(xpub, key.to_xpub());
    assert_eq!(
        Xpub::from_parts(
            off_curve(2),
            ChainCode::new([0; 32]),
            0,
            Fingerprint::ZERO,
            ChildNumber::from_raw(0)
        )
        .err(),
        Some(Error::InvalidPublicKey)
    );
}

const SERIALIZED: usize = SERIALIZED_LEN;

#[cfg(not(target_arch = "wasm32"))]
fn family() -> impl Strategy<Value = VersionPair> {
    prop::sample::select(VersionPair::KNOWN.to_vec())
}

#[cfg(not(target_arch = "wasm32"))]
fn any_path() -> impl Strategy<Value = Vec<ChildNumber>> {
    prop::collection::vec(any::<u32>().prop_map(ChildNumber::from_raw), 0..6)
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// parse∘display and from_bytes∘to_bytes are the identity on keys, and the text is the
    /// same after the round trip.
    #[test]
    fn parse_display_identity(seed in prop::collection::vec(any::<u8>(), 16..=64),
                              path in any_path(), pair in family()) {
        let key = Xprv::from_seed(&seed).unwrap().derive_path(path.as_slice()).unwrap().with_version_pair(pair);
        let mut buf = [0u8; MAX_ENCODED_LEN];
        let text = key.encode(&mut buf).unwrap().to_owned();
        let parsed: Xprv = text.parse().unwrap();
        prop_assert_eq!(&parsed, &key);
        let mut again = [0u8; MAX_ENCODED_LEN];
        prop_assert_eq!(parsed.encode(&mut again).unwrap(), text.as_str());
        let bytes: [u8; SERIALIZED] = *key.to_bytes();
        prop_assert_eq!(&Xprv::from_bytes(&bytes).unwrap(), &key);

        let xpub = key.to_xpub();
        let text = xpub.to_string();
        let parsed: Xpub = text.parse().unwrap();
        prop_assert_eq!(&parsed, &xpub);
        prop_assert_eq!(parsed.to_string(), text);
        prop_assert_eq!(Xpub::from_bytes(&xpub.to_bytes()).unwrap(), xpub);
    }

    /// Arbitrary text and bytes never panic, and whatever parses prints back to itself.
    #[test]
    fn arbitrary_input_never_panics(text in "[1-9A-HJ-NP-Za-km-z]{100,115}", bytes in prop::array::uniform32(any::<u8>())) {
        // Random text almost never passes the checksum; when it does, it prints back.
        if let Ok(k) = text.parse::<ExtendedKey<Secp256k1>>() {
            let printed = match &k {
                ExtendedKey::Private(k) => k.to_zeroizing_string().as_str().to_owned(),
                ExtendedKey::Public(k) => k.to_string(),
            };
            prop_assert_eq!(printed, text);
        }
        // The master key with its key bytes replaced (the private key's 0x00 prefix a
        // quarter of the time): a key that parses serializes to the same 78 bytes.
        let mut b = *master_xprv().to_bytes();
        b[45] = bytes[0] % 4;
        b[46..].copy_from_slice(&bytes);
        match ExtendedKey::<Secp256k1>::from_bytes(&b) {
            Ok(ExtendedKey::Private(k)) => prop_assert_eq!(&*k.to_bytes(), &b),
            Ok(ExtendedKey::Public(_)) => prop_assert!(false, "an xprv version parsed as public"),
            Err(_) => prop_assert!(b[45] != 0, "a private key of prefix 0x00 below the order"),
        }
        match ExtendedKey::<NistP256>::from_bytes(&b) {
            Ok(ExtendedKey::Private(k)) => prop_assert_eq!(&*k.to_bytes(), &b),
            Ok(ExtendedKey::Public(_)) => prop_assert!(false, "an xprv version parsed as public"),
            Err(_) => prop_assert!(b[45] != 0, "a private key of prefix 0x00 below the order"),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_support {
    use super::*;
    use fastbip32::DerivationPath;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn keys_and_paths_as_canonical_strings() {
        let key = master_xprv()
            .derive_path("m/0'/1")
            .unwrap()
            .with_version(Version::ZPRV)
            .unwrap();
        let json = serde_json::to_string(&key).unwrap();
        let mut buf = [0u8; MAX_ENCODED_LEN];
        assert_eq!(json, format!("\"{}\"", key.encode(&mut buf).unwrap()));
        assert_eq!(serde_json::from_str::<Xprv>(&json).unwrap(), key);

        let xpub = key.to_xpub();
        let json = serde_json::to_string(&xpub).unwrap();
        assert_eq!(json, format!("\"{xpub}\""));
        assert_eq!(serde_json::from_str::<Xpub>(&json).unwrap(), xpub);

        let path: DerivationPath = "m/44h/0'/7".parse().unwrap();
        let json = serde_json::to_string(&path).unwrap();
        assert_eq!(json, "\"m/44'/0'/7\"");
        assert_eq!(serde_json::from_str::<DerivationPath>(&json).unwrap(), path);
        let child = ChildNumber::hardened(44).unwrap();
        assert_eq!(serde_json::to_string(&child).unwrap(), "\"44'\"");
        assert_eq!(
            serde_json::from_str::<ChildNumber>("\"44h\"").unwrap(),
            child
        );
        assert_eq!(
            serde_json::from_str::<ChildNumber>("\"7\"").unwrap(),
            ChildNumber::normal(7).unwrap()
        );

        // Errors carry the crate's message.
        let e = serde_json::from_str::<Xpub>(&serde_json::to_string(&key).unwrap()).unwrap_err();
        assert!(
            e.to_string().contains("expected an extended public key"),
            "{e}"
        );
        assert!(serde_json::from_str::<DerivationPath>("\"m/x\"").is_err());
        assert!(serde_json::from_str::<ChildNumber>("7").is_err());
        assert!(serde_json::from_str::<Xprv>("\"xprv\"").is_err());
    }
}
