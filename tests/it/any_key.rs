//! `AnyExtendedPrivateKey` and `AnyExtendedPublicKey`: the scheme chosen at run time by its
//! `CurveName`, checked against SLIP-10's and BIP-32's published vectors and CIP-3's Icarus
//! vector, and the refusals of operations a scheme does not define.
#![cfg(all(
    feature = "address",
    feature = "mnemonic",
    feature = "nist256p1",
    feature = "ed25519-bip32"
))]

use fastbip32::any_key::Operation;
use fastbip32::cardano::Role;
use fastbip32::mnemonic::CardanoMnemonic;
use fastbip32::{
    AnyExtendedKey, AnyExtendedPrivateKey, AnyExtendedPublicKey, AnyKeyError, ChainCode,
    ChildNumber, CurveName, Error, Fingerprint, Network, PathTree,
};
use serde_json::Value;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn cases(text: &str) -> Vec<Value> {
    let data: Value = serde_json::from_str(text).unwrap();
    data["cases"].as_array().unwrap().clone()
}

fn s<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field]
        .as_str()
        .unwrap_or_else(|| panic!("missing {field} in {v}"))
}

fn unhex(v: &Value, field: &str) -> Vec<u8> {
    hex::decode(s(v, field)).unwrap()
}

/// The public key as this type gives it: SLIP-10 lists ed25519 and curve25519 keys as
/// `00 ‖ key`, the type as the 32-byte key.
fn slip10_public(curve: CurveName, step: &Value) -> Vec<u8> {
    let full = unhex(step, "public_key_hex");
    match curve {
        CurveName::Ed25519 | CurveName::Curve25519 => full[1..].to_vec(),
        _ => full,
    }
}

#[test]
fn every_slip10_derivation_vector_through_the_runtime_curve() {
    let mut checked = 0;
    for case in cases(include_str!("../data/slip10.json")) {
        if s(&case, "kind") != "derivation" {
            continue;
        }
        let curve: CurveName = s(&case, "curve").parse().unwrap();
        let master = AnyExtendedPrivateKey::from_seed(curve, &unhex(&case, "seed_hex")).unwrap();
        assert_eq!(master.curve(), curve);
        for step in case["chain"].as_array().unwrap() {
            let key = master.derive_path(s(step, "path")).unwrap();
            let id = format!("{} {}", s(&case, "id"), s(step, "path"));
            assert_eq!(key.private_key(), unhex(step, "private_key_hex"), "{id}");
            assert_eq!(
                key.chain_code().as_bytes()[..],
                unhex(step, "chain_code_hex"),
                "{id}"
            );
            assert_eq!(
                key.parent_fingerprint().to_bytes()[..],
                unhex(step, "parent_fingerprint_hex"),
                "{id}"
            );
            assert_eq!(
                key.public_key().as_ref(),
                slip10_public(curve, step),
                "{id}"
            );
            assert_eq!(key.public_key_len(), key.public_key().as_ref().len());
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} steps");
}

/// Each step's key comes again as the first of a run of 200 siblings (more than one stack
/// run of the batch), from its parent: the private keys, the constant-time public keys, and for the
/// normal steps the batched public keys of the parent's xpub.
#[test]
fn sibling_batches_start_at_each_vector_step() {
    for case in cases(include_str!("../data/slip10.json")) {
        if s(&case, "kind") != "derivation" {
            continue;
        }
        let curve: CurveName = s(&case, "curve").parse().unwrap();
        let master = AnyExtendedPrivateKey::from_seed(curve, &unhex(&case, "seed_hex")).unwrap();
        let chain = case["chain"].as_array().unwrap();
        for pair in chain.windows(2) {
            let parent = master.derive_path(s(&pair[0], "path")).unwrap();
            let step = &pair[1];
            let last = step["path_indices"].as_array().unwrap().last().unwrap();
            let first = ChildNumber::from_raw(u32::try_from(last.as_u64().unwrap()).unwrap());
            let id = format!("{} {}", s(&case, "id"), s(step, "path"));
            // 200 siblings, or as many as there are below 2^31 (vector 2 goes to 2^31 - 1).
            let n = 200.min((1usize << 31) - (first.to_raw() & 0x7fff_ffff) as usize);

            let width = parent.private_key_len();
            let mut private = vec![0u8; n * width];
            parent
                .derive_private_keys_into(first, &mut private)
                .unwrap();
            assert_eq!(private[..width], unhex(step, "private_key_hex"), "{id}");

            let width = parent.public_key_len();
            let mut public = vec![0u8; n * width];
            parent.derive_public_keys_into(first, &mut public).unwrap();
            assert_eq!(public[..width], slip10_public(curve, step), "{id}");
            // The last slot is the last sibling.
            let far = ChildNumber::from_raw(first.to_raw() + u32::try_from(n - 1).unwrap());
            let sibling = parent.derive_path(&format!("{far}")).unwrap();
            assert_eq!(
                public[(n - 1) * width..],
                *sibling.public_key().as_ref(),
                "{id}"
            );

            if first.is_normal() {
                let xpub = parent.to_xpub().unwrap();
                let mut batched = vec![0u8; n * width];
                xpub.derive_public_keys_into_vartime(first, &mut batched)
                    .unwrap();
                assert_eq!(batched, public, "{id}");
            }
        }
    }
}

#[test]
fn bip32_vector_1_text_bytes_and_versions() {
    let case = &cases(include_str!("../data/bip32.json"))[0];
    let master =
        AnyExtendedPrivateKey::from_seed(CurveName::Secp256k1, &unhex(case, "seed_hex")).unwrap();
    for step in case["chain"].as_array().unwrap() {
        let key = master.derive_path(s(step, "path")).unwrap();
        assert_eq!(key.to_text(None).unwrap().as_str(), s(step, "xprv"));
        let xpub = key.to_xpub().unwrap();
        assert_eq!(xpub.to_text(None).unwrap(), s(step, "xpub"));
        assert_eq!(key.version_name(), Some("xprv"));
        assert_eq!(xpub.version_name(), Some("xpub"));
        assert_eq!(key.test_network(), Some(false));

        let AnyExtendedKey::Private(parsed) = AnyExtendedKey::parse(s(step, "xprv"), None).unwrap()
        else {
            panic!("an xprv is a private key")
        };
        assert_eq!(parsed, key);
        assert_eq!(parsed.depth(), key.depth());
        let AnyExtendedKey::Public(parsed) = AnyExtendedKey::parse(s(step, "xpub"), None).unwrap()
        else {
            panic!("an xpub is a public key")
        };
        assert_eq!(parsed, xpub);
        let bytes = AnyExtendedKey::from_bytes(&key.to_bytes().unwrap(), CurveName::Secp256k1);
        assert_eq!(bytes.unwrap(), AnyExtendedKey::Private(key.clone()));
        let bytes = AnyExtendedKey::from_bytes(&xpub.to_bytes(), CurveName::Secp256k1);
        assert_eq!(bytes.unwrap(), AnyExtendedKey::Public(xpub.clone()));

        // The last public step, again from the xpub of the step before.
        let from_parts = AnyExtendedPublicKey::from_parts(
            CurveName::Secp256k1,
            xpub.public_key().as_ref(),
            ChainCode::new(*xpub.chain_code().as_bytes()),
            xpub.depth(),
            xpub.parent_fingerprint(),
            xpub.child_number(),
            Some("tpub"),
        )
        .unwrap();
        assert_eq!(from_parts.version_name(), Some("tpub"));
        assert_eq!(from_parts.test_network(), Some(true));
        assert!(from_parts.to_text(None).unwrap().starts_with("tpub"));
    }
    let zpub = master.to_xpub().unwrap().to_text(Some("zpub")).unwrap();
    assert!(zpub.starts_with("zpub"));
    assert_eq!(
        master.to_xpub().unwrap().to_text(Some("xprv")),
        Err(AnyKeyError::Key(Error::VersionKeyMismatch {
            version_is_private: true
        }))
    );
    assert!(master.to_text(Some("zpub")).unwrap().starts_with("zprv"));
    assert_eq!(
        master.to_text(Some("acct_xsk")).err(),
        Some(AnyKeyError::UnknownVersionName)
    );
}

/// CIP-3's Icarus vector: the master key from the entropy of its mnemonic, its root role and
/// CIP-5 text, and the refusals between seed and entropy curves.
#[test]
fn icarus_master_key_of_cip3() {
    let case = cases(include_str!("../data/ed25519_bip32.json"))
        .into_iter()
        .find(|c| s(c, "id") == "icarus-cip3-no-passphrase")
        .unwrap();
    let mnemonic = CardanoMnemonic::parse(s(&case["inputs"], "mnemonic")).unwrap();
    let key = AnyExtendedPrivateKey::from_entropy(
        CurveName::CardanoIcarus,
        mnemonic.to_entropy().as_bytes(),
        b"",
    )
    .unwrap();
    assert_eq!(
        key.private_key(),
        unhex(&case["expected"], "private_key_hex")
    );
    assert_eq!(
        key.chain_code().as_bytes()[..],
        unhex(&case["expected"], "chain_code_hex")
    );
    assert_eq!(key.role(), Role::Root);
    assert_eq!(key.version_name(), Some("root_xsk"));
    assert_eq!(
        *key.to_bytes().unwrap(),
        unhex(&case["expected"], "xprv_hex")
    );
    let text = key.to_text(None).unwrap();
    assert!(text.starts_with("root_xsk1"));
    let AnyExtendedKey::Private(parsed) = AnyExtendedKey::parse(&text, None).unwrap() else {
        panic!("root_xsk is private")
    };
    assert_eq!(parsed, key);
    assert_eq!(parsed.curve(), CurveName::Ed25519Bip32);

    let account = key.derive_path("m/1852'/1815'/0'").unwrap();
    assert_eq!(account.role(), Role::Account);
    assert!(account
        .to_xpub()
        .unwrap()
        .to_text(None)
        .unwrap()
        .starts_with("acct_xvk1"));
    let address = account
        .to_xpub()
        .unwrap()
        .derive_path_vartime("0/0")
        .unwrap();
    assert_eq!(address.role(), Role::Address);

    assert_eq!(
        AnyExtendedPrivateKey::from_seed(CurveName::CardanoIcarus, &[7; 32]).err(),
        Some(AnyKeyError::Unsupported {
            curve: CurveName::CardanoIcarus,
            operation: Operation::SeedMaster
        })
    );
    assert_eq!(
        AnyExtendedPrivateKey::from_entropy(CurveName::Ed25519Bip32, &[7; 16], b"").err(),
        Some(AnyKeyError::Unsupported {
            curve: CurveName::Ed25519Bip32,
            operation: Operation::EntropyMaster
        })
    );
}

#[test]
fn hardened_only_schemes_refuse_what_they_do_not_define() {
    for curve in [CurveName::Ed25519, CurveName::Curve25519] {
        let key = AnyExtendedPrivateKey::from_seed(curve, &[7; 32]).unwrap();
        let refused = |operation| Some(AnyKeyError::Unsupported { curve, operation });
        assert_eq!(key.to_xpub().err(), refused(Operation::ExtendedPublicKey));
        assert_eq!(key.to_text(None).err(), refused(Operation::KeyText));
        assert_eq!(key.to_bytes().err(), refused(Operation::KeyBytes));
        assert_eq!(key.wif(Network::Mainnet).err(), refused(Operation::Wif));
        assert_eq!(key.version_name(), None);
        assert_eq!(
            key.check_children(ChildNumber::normal(0).unwrap(), 1),
            Err(Error::HardenedOnly {
                index: 0,
                segment: 0
            })
        );
        assert_eq!(
            AnyExtendedKey::from_bytes(&[0; 78], curve).err(),
            refused(Operation::KeyBytes)
        );
        assert_eq!(
            AnyExtendedPublicKey::from_parts(
                curve,
                &[0; 32],
                ChainCode::new([0; 32]),
                0,
                Fingerprint::new([0; 4]),
                ChildNumber::from_raw(0),
                None
            )
            .err(),
            refused(Operation::ExtendedPublicKey)
        );
        assert_eq!(
            AnyKeyError::Unsupported {
                curve,
                operation: Operation::ExtendedPublicKey
            }
            .to_string(),
            format!("an extended public key is not defined for {curve} keys")
        );
    }
}

/// WIF of BIP-32 vector 1's `m/0'/1` (the private key the vector lists), compared with the
/// WIF module's encoding of those bytes; and the lean walk's key equals the vector's.
#[test]
fn wif_and_lean_walk_of_a_vector_key() {
    let case = &cases(include_str!("../data/slip10.json"))[0];
    let step = &case["chain"][2];
    let seed = unhex(case, "seed_hex");
    let key = AnyExtendedPrivateKey::from_seed(CurveName::Secp256k1, &seed)
        .unwrap()
        .derive_path(s(step, "path"))
        .unwrap();
    let secret: [u8; 32] = unhex(step, "private_key_hex").try_into().unwrap();
    assert_eq!(
        key.wif(Network::Testnet).unwrap(),
        fastbip32::wif::encode_to_string(&secret, Network::Testnet).unwrap()
    );
    let (private, chain) =
        AnyExtendedPrivateKey::derive_lean(CurveName::Secp256k1, &seed, s(step, "path"), |k, c| {
            (k.to_vec(), c.as_bytes().to_vec())
        })
        .unwrap();
    assert_eq!(private, secret);
    assert_eq!(chain, unhex(step, "chain_code_hex"));
}

/// A tree of the vector's paths gives the vector's keys, in insertion order.
#[test]
fn tree_of_vector_paths() {
    let case = &cases(include_str!("../data/slip10.json"))[2];
    assert_eq!(s(case, "curve"), "ed25519");
    let master =
        AnyExtendedPrivateKey::from_seed(CurveName::Ed25519, &unhex(case, "seed_hex")).unwrap();
    let steps = case["chain"].as_array().unwrap();
    let mut tree = PathTree::new();
    for step in steps.iter().rev() {
        tree.insert(s(step, "path")).unwrap();
    }
    let keys = master.derive_tree(&tree).unwrap();
    for (key, step) in keys.iter().zip(steps.iter().rev()) {
        assert_eq!(key.private_key(), unhex(step, "private_key_hex"));
        assert_eq!(key.curve(), CurveName::Ed25519);
    }
    assert_eq!(keys.len(), steps.len());
}

#[test]
fn bad_lengths_and_names_are_typed_errors() {
    let key = AnyExtendedPrivateKey::from_seed(CurveName::Secp256k1, &[7; 32]).unwrap();
    let mut out = [0u8; 33];
    assert_eq!(
        key.derive_private_keys_into(ChildNumber::from_raw(0), &mut out),
        Err(Error::InvalidLength {
            len: 33,
            expected: 32
        })
    );
    assert_eq!(
        AnyExtendedPrivateKey::from_parts(
            CurveName::Ed25519Bip32,
            &[1; 32],
            ChainCode::new([0; 32]),
            0,
            Fingerprint::new([0; 4]),
            ChildNumber::from_raw(0),
            None
        )
        .err(),
        Some(AnyKeyError::Key(Error::InvalidLength {
            len: 32,
            expected: 64
        }))
    );
    assert_eq!(
        AnyExtendedPrivateKey::from_parts(
            CurveName::Secp256k1,
            &[1; 32],
            ChainCode::new([0; 32]),
            0,
            Fingerprint::new([0; 4]),
            ChildNumber::from_raw(0),
            Some("qprv")
        )
        .err(),
        Some(AnyKeyError::UnknownVersionName)
    );
    assert_eq!(
        AnyExtendedKey::from_bytes(&[0; 77], CurveName::Nist256p1).err(),
        Some(AnyKeyError::Key(Error::InvalidLength {
            len: 77,
            expected: 78
        }))
    );
}
