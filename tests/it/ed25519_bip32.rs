//! BIP32-Ed25519 ("V2", Cardano): every in-scope case of `tests/data/ed25519_bip32.json` and
//! all 926 cases of `tests/data/ed25519_bip32_paper_random.json`, plus property tests.
//!
//! Roots of the out-of-scope master-key schemes (Byron, SLIP-23) are not recomputed; where a
//! private-derivation case starts from one, its published root bytes are imported and the V2
//! children are checked from there.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test helpers: a missing field or a failed step is a failed test"
)]

use std::collections::BTreeMap;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::cardano::{
    self, Cip5Prefix, XPRV_BECH32_MAX_LEN, XPRV_HEX_LEN, XPRV_LEN, XPUB_BECH32_MAX_LEN,
    XPUB_HEX_LEN,
};
use fastbip32::{
    ChainCode, ChildNumber, Ed25519Bip32, Error, ExtendedPrivateKey, ExtendedPublicKey, Fingerprint,
};
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;
use serde_json::Value;
use sha2::Digest;

type Key = ExtendedPrivateKey<Ed25519Bip32>;
type PubKey = ExtendedPublicKey<Ed25519Bip32>;

fn vectors() -> Value {
    serde_json::from_str(include_str!("../data/ed25519_bip32.json")).unwrap()
}

fn paper_vectors() -> Value {
    serde_json::from_str(include_str!("../data/ed25519_bip32_paper_random.json")).unwrap()
}

fn cases(file: &Value) -> &Vec<Value> {
    file["cases"].as_array().unwrap()
}

fn s<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field]
        .as_str()
        .unwrap_or_else(|| panic!("missing {field} in {v}"))
}

fn opt_hex(v: &Value, field: &str) -> Option<Vec<u8>> {
    v.get(field)
        .and_then(Value::as_str)
        .map(|h| hex::decode(h).unwrap())
}

fn arr<const N: usize>(bytes: &[u8], ctx: &str) -> [u8; N] {
    bytes
        .try_into()
        .unwrap_or_else(|_| panic!("{ctx}: expected {N} bytes, got {}", bytes.len()))
}

fn children(v: &Value) -> Vec<ChildNumber> {
    v["path_indices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| ChildNumber::from_raw(u32::try_from(i.as_u64().unwrap()).unwrap()))
        .collect()
}

fn hash160_fingerprint(public: &[u8; 32]) -> [u8; 4] {
    let mut data = [0u8; 33];
    data[1..].copy_from_slice(public);
    let h = ripemd::Ripemd160::digest(sha2::Sha256::digest(data));
    [h[0], h[1], h[2], h[3]]
}

/// The BIP-39 entropy of a case's inputs: `entropy_hex` if given (checked against the
/// mnemonic when both are there), else decoded from the English mnemonic.
fn entropy(inputs: &Value, ctx: &str) -> Vec<u8> {
    let from_mnemonic = inputs
        .get("mnemonic")
        .and_then(Value::as_str)
        .and_then(|m| bip39::Mnemonic::parse_normalized(m).ok())
        .map(|m| m.to_entropy());
    match (opt_hex(inputs, "entropy_hex"), from_mnemonic) {
        (Some(e), Some(m)) => {
            assert_eq!(e, m, "{ctx}: entropy_hex vs mnemonic");
            e
        }
        (Some(e), None) => e,
        (None, Some(m)) => m,
        (None, None) => panic!("{ctx}: no entropy"),
    }
}

fn passphrase(inputs: &Value) -> Vec<u8> {
    opt_hex(inputs, "passphrase_hex")
        .or_else(|| {
            inputs
                .get("passphrase_utf8")
                .and_then(Value::as_str)
                .map(|p| p.as_bytes().to_vec())
        })
        .unwrap_or_default()
}

/// The BIP-39 seed for the Ledger method: `seed_hex`, or the mnemonic with `passphrase_utf8`.
fn ledger_seed(inputs: &Value) -> Vec<u8> {
    if let Some(seed) = opt_hex(inputs, "seed_hex") {
        return seed;
    }
    let mnemonic = bip39::Mnemonic::parse_normalized(s(inputs, "mnemonic")).unwrap();
    mnemonic
        .to_seed_normalized(inputs["passphrase_utf8"].as_str().unwrap_or(""))
        .to_vec()
}

/// The root for `scheme` and `inputs`, through the public constructors.
fn root_for(scheme: &str, inputs: &Value, ctx: &str) -> Result<Key, Error> {
    match scheme {
        "icarus" => {
            let entropy = entropy(inputs, ctx);
            let result = Key::from_icarus(&entropy, &passphrase(inputs));
            if (12..=32).contains(&entropy.len()) && entropy.len().is_multiple_of(4) {
                result
            } else {
                // bip_utils' Icarus "FromSeed" takes any bytes: not BIP-39 entropy.
                let len = entropy.len();
                assert_eq!(
                    result.unwrap_err(),
                    Error::InvalidEntropyLength { len },
                    "{ctx}"
                );
                Key::from_icarus_bytes(&entropy, &passphrase(inputs))
            }
        }
        "icarus-trezor" => Key::from_icarus_trezor(&entropy(inputs, ctx), &passphrase(inputs)),
        "ledger" => Key::from_seed(&ledger_seed(inputs)),
        "khovratovich-law-paper" => {
            Key::from_paper_secret(&arr(&hex::decode(s(inputs, "secret_hex")).unwrap(), ctx))
        }
        other => panic!("{ctx}: no constructor for scheme {other}"),
    }
}

/// Compares every field of `expected` (and of `computed`, values the data set verified
/// with two implementations) with `key`; returns the number of comparisons.
fn check_node(key: &Key, node: &Value, ctx: &str) -> usize {
    let mut n = 0;
    for expected in [node.get("expected"), node.get("computed")]
        .into_iter()
        .flatten()
    {
        n += check_fields(key, expected, ctx);
    }
    n
}

fn check_fields(key: &Key, expected: &Value, ctx: &str) -> usize {
    let private = key.private_key();
    let public = key.public_key();
    let xprv = key.to_raw_bytes();
    let xpub = key.to_xpub().to_raw_bytes();
    let mut n = 0;
    let mut cmp = |field: &str, got: &[u8]| {
        if let Some(want) = opt_hex(expected, field) {
            assert_eq!(hex::encode(got), hex::encode(want), "{ctx}: {field}");
            n += 1;
        }
    };
    cmp("kl_hex", &private[..32]);
    cmp("kr_hex", &private[32..]);
    cmp("private_key_hex", private);
    cmp("chain_code_hex", key.chain_code().as_bytes());
    cmp("xprv_hex", &xprv[..]);
    cmp("public_key_hex", &public);
    cmp("xpub_hex", &xpub);
    cmp(
        "parent_fingerprint_hex",
        &key.parent_fingerprint().to_bytes(),
    );
    n
}

/// Hex and bech32 text of `key` round-trip, and match the raw bytes.
fn check_text(key: &Key, ctx: &str) {
    let mut buf = [0u8; XPRV_HEX_LEN];
    let text = key.encode_hex(&mut buf).unwrap();
    assert_eq!(
        text,
        hex::encode(&key.to_raw_bytes()[..]),
        "{ctx}: xprv hex"
    );
    let back = Key::from_hex(text).unwrap();
    assert_eq!(back.private_key(), key.private_key(), "{ctx}: xprv hex");
    assert_eq!(back.chain_code(), key.chain_code(), "{ctx}: xprv hex");

    let xpub = key.to_xpub();
    let mut buf = [0u8; XPUB_HEX_LEN];
    let text = xpub.encode_hex(&mut buf).unwrap();
    assert_eq!(text, hex::encode(xpub.to_raw_bytes()), "{ctx}: xpub hex");
    assert_eq!(
        PubKey::from_hex(text).unwrap().to_raw_bytes(),
        xpub.to_raw_bytes(),
        "{ctx}"
    );

    let mut buf = [0u8; XPRV_BECH32_MAX_LEN];
    let text = key.encode_bech32(Cip5Prefix::AcctXsk, &mut buf).unwrap();
    let back = Key::from_bech32(text).unwrap();
    assert_eq!(back.to_raw_bytes(), key.to_raw_bytes(), "{ctx}: acct_xsk");

    let mut buf = [0u8; XPUB_BECH32_MAX_LEN];
    let text = xpub.encode_bech32(Cip5Prefix::AcctXvk, &mut buf).unwrap();
    assert_eq!(
        (
            PubKey::from_bech32(text).unwrap().to_raw_bytes(),
            cardano::cip5_prefix(text).unwrap()
        ),
        (xpub.to_raw_bytes(), Cip5Prefix::AcctXvk),
        "{ctx}: acct_xvk"
    );
}

/// Derives the soft tail of `path` publicly from its nearest hardened ancestor and checks
/// the result against the private derivation. Returns 1 if there was a soft tail.
fn check_public_tail(root: &Key, path: &[ChildNumber], key: &Key, ctx: &str) -> usize {
    let split = path
        .iter()
        .rposition(|c| c.is_hardened())
        .map_or(0, |i| i + 1);
    let (hardened, soft) = path.split_at(split);
    if soft.is_empty() {
        return 0;
    }
    let ancestor = root.derive_path(hardened).unwrap();
    let mut public = ancestor.to_xpub();
    for &child in soft {
        public = public
            .derive_child_vartime(child)
            .unwrap_or_else(|e| panic!("{ctx}: public {child}: {e}"));
    }
    assert_eq!(
        public.public_key(),
        key.public_key(),
        "{ctx}: public derivation"
    );
    assert_eq!(
        public.chain_code(),
        key.chain_code(),
        "{ctx}: public chain code"
    );
    1
}

#[derive(Default, Debug, PartialEq, Eq)]
struct Counts {
    by_kind: BTreeMap<String, usize>,
}

impl Counts {
    fn add(&mut self, what: &str, n: usize) {
        *self.by_kind.entry(what.to_owned()).or_default() += n;
    }
    fn get(&self, what: &str) -> usize {
        self.by_kind.get(what).copied().unwrap_or(0)
    }
}

#[test]
fn master_keys() {
    let file = vectors();
    let mut counts = Counts::default();
    for case in cases(&file) {
        if s(case, "kind") != "master_key" {
            continue;
        }
        let id = s(case, "id");
        let scheme = s(case, "scheme");
        if case["in_scope"] == Value::Bool(false) {
            counts.add("out of scope", 1);
            continue;
        }
        let ctx = format!("case {id} (master key, {scheme}) path m");
        let inputs = &case["inputs"];
        let result = root_for(scheme, inputs, &ctx);
        if case["expected"]["discarded"] == Value::Bool(true) {
            assert_eq!(result.unwrap_err(), Error::DiscardedRootKey, "{ctx}");
            counts.add("discarded", 1);
            continue;
        }
        let key = result.unwrap_or_else(|e| panic!("{ctx}: {e}"));
        counts.add("fields", check_node(&key, case, &ctx));
        counts.add(scheme, 1);
        assert_eq!(key.depth(), 0, "{ctx}");
        assert_eq!(key.parent_fingerprint(), Fingerprint::ZERO, "{ctx}");
        check_text(&key, &ctx);

        // The root re-imports as a root, from bytes and from its `root_xsk` text.
        let xprv = key.to_raw_bytes();
        assert_eq!(Key::from_root_bytes(&xprv).unwrap(), key, "{ctx}");
        let mut buf = [0u8; XPRV_BECH32_MAX_LEN];
        let text = key.encode_bech32(Cip5Prefix::RootXsk, &mut buf).unwrap();
        assert_eq!(Key::from_bech32(text).unwrap(), key, "{ctx}");
        if let Some(published) = inputs.get("bech32").and_then(Value::as_str) {
            assert_eq!(text, published, "{ctx}: published root_xsk");
            assert_eq!(Key::from_bech32(published).unwrap(), key, "{ctx}");
            counts.add("bech32", 1);
        }

        if scheme == "ledger" {
            if let Some(seed) = opt_hex(&case["computed"], "bip39_seed_hex") {
                assert_eq!(ledger_seed(inputs), seed, "{ctx}: BIP-39 seed");
            }
            assert_eq!(
                Key::from_seed(&ledger_seed(inputs)).unwrap(),
                key,
                "{ctx}: from_seed is Ledger"
            );
        }
        if scheme == "icarus-trezor" {
            let plain = Key::from_icarus(&entropy(inputs, &ctx), &passphrase(inputs)).unwrap();
            let entropy_len = entropy(inputs, &ctx).len();
            assert_eq!(plain == key, entropy_len != 32, "{ctx}: Trezor vs Icarus");
            if let Some(icarus) = opt_hex(&case["computed"], "icarus_xprv_hex_for_comparison") {
                assert_eq!(plain.to_raw_bytes()[..], icarus[..], "{ctx}: plain Icarus");
            }
        }
    }
    assert_eq!(counts.get("icarus"), 12, "{counts:?}");
    assert_eq!(counts.get("icarus-trezor"), 4, "{counts:?}");
    assert_eq!(counts.get("ledger"), 3, "{counts:?}");
    assert_eq!(counts.get("khovratovich-law-paper"), 37, "{counts:?}");
    assert_eq!(counts.get("discarded"), 37, "{counts:?}");
    assert_eq!(counts.get("out of scope"), 6, "{counts:?}");
    assert_eq!(counts.get("bech32"), 8, "{counts:?}");
    assert!(counts.get("fields") >= 56 * 5, "{counts:?}");
}

/// The root of a private-derivation case: by scheme, from raw bytes, or (for Byron and
/// SLIP-23 roots, whose master-key methods are out of scope) from the published root bytes.
fn derivation_root(file: &Value, case: &Value, ctx: &str) -> (Key, &'static str) {
    let root = &case["root"];
    let scheme = s(root, "scheme");
    match scheme {
        "raw-xprv" => {
            let xprv = hex::decode(s(root, "xprv_hex")).unwrap();
            (Key::from_root_bytes(&arr(&xprv, ctx)).unwrap(), "raw")
        }
        "byron-legacy" | "slip23-universal" => {
            let published = opt_hex(&case["root_expected"], "xprv_hex").unwrap_or_else(|| {
                // The SLIP-23 master-key case with the same seed publishes the root.
                let seed = s(&root["inputs"], "seed_hex");
                let master = cases(file)
                    .iter()
                    .find(|c| c["kind"] == "master_key" && c["inputs"]["seed_hex"] == seed)
                    .unwrap_or_else(|| panic!("{ctx}: no master case for {seed}"));
                hex::decode(s(&master["expected"], "xprv_hex")).unwrap()
            });
            (
                Key::from_root_bytes(&arr(&published, ctx)).unwrap(),
                "published root",
            )
        }
        _ => (
            root_for(scheme, &root["inputs"], ctx).unwrap_or_else(|e| panic!("{ctx}: {e}")),
            "constructed",
        ),
    }
}

#[test]
fn private_derivation() {
    let file = vectors();
    let mut counts = Counts::default();
    for case in cases(&file) {
        if s(case, "kind") != "derivation" {
            continue;
        }
        let id = s(case, "id");
        let ctx = format!("case {id} root");
        let (root, how) = derivation_root(&file, case, &ctx);
        counts.add(how, 1);
        if let Some(expected) = case.get("root_expected") {
            counts.add("fields", check_fields(&root, expected, &ctx));
        }
        let chain = s(case, "steps_are").starts_with("a chain");
        let mut previous: Option<Key> = None;
        for step in case["steps"].as_array().unwrap() {
            let path = children(step);
            let text = s(step, "path");
            let ctx = format!("case {id} path {text}");
            let key = root
                .derive_path(path.as_slice())
                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(key, root.derive_path(text).unwrap(), "{ctx}: path text");
            assert_eq!(usize::from(key.depth()), path.len(), "{ctx}: depth");
            counts.add("fields", check_node(&key, step, &ctx));
            counts.add("public tails", check_public_tail(&root, &path, &key, &ctx));
            check_text(&key, &ctx);
            if chain {
                if let (Some(parent), Some(&last)) = (&previous, path.last()) {
                    let child = parent.derive_child(last).unwrap();
                    assert_eq!(child, key, "{ctx}: child of previous step");
                    assert_eq!(child.parent_fingerprint(), parent.fingerprint(), "{ctx}");
                }
                previous = Some(key);
            }
            if path.is_empty() {
                counts.add("root steps", 1);
            } else if path.last().unwrap().is_hardened() {
                counts.add("hardened steps", 1);
            } else {
                counts.add("soft steps", 1);
            }
        }
        counts.add("cases", 1);
    }
    // 20 cases (131 − 99 master keys − 12 public); the README's table says 19, its step
    // counts (89 = 85 + 4 roots) agree with these.
    assert_eq!(counts.get("cases"), 20, "{counts:?}");
    assert_eq!(counts.get("soft steps"), 51, "{counts:?}");
    assert_eq!(counts.get("hardened steps"), 34, "{counts:?}");
    assert_eq!(counts.get("root steps"), 4, "{counts:?}");
    assert_eq!(counts.get("raw"), 2, "{counts:?}");
    assert_eq!(counts.get("published root"), 3, "{counts:?}");
    assert_eq!(counts.get("constructed"), 15, "{counts:?}");
    assert_eq!(counts.get("public tails"), 51, "{counts:?}");
}

/// Compares a publicly derived key with the `expected` fields of a public-derivation step
/// (`grandparent`: its parent's public key); returns the number of comparisons.
fn check_public_step(
    xpub: &PubKey,
    grandparent: Option<[u8; 32]>,
    expected: &Value,
    ctx: &str,
) -> usize {
    let (public, chain) = (xpub.public_key(), xpub.chain_code());
    let mut n = 0;
    if let Some(want) = opt_hex(expected, "public_key_hex") {
        assert_eq!(hex::encode(public), hex::encode(want), "{ctx}: public key");
        n += 1;
    }
    if let Some(want) = opt_hex(expected, "chain_code_hex") {
        assert_eq!(hex::encode(chain.as_bytes()), hex::encode(want), "{ctx}");
        n += 1;
    }
    if let Some(want) = opt_hex(expected, "xpub_hex") {
        let mut raw = [0u8; 64];
        raw[..32].copy_from_slice(&public);
        raw[32..].copy_from_slice(chain.as_bytes());
        assert_eq!(hex::encode(raw), hex::encode(&want), "{ctx}: xpub");
        assert_eq!(xpub.to_raw_bytes(), raw, "{ctx}: to_raw_bytes");
        let mut buf = [0u8; XPUB_BECH32_MAX_LEN];
        let text = xpub.encode_bech32(Cip5Prefix::Xpub, &mut buf).unwrap();
        assert_eq!(
            (
                PubKey::from_bech32(text).unwrap().to_raw_bytes(),
                cardano::cip5_prefix(text).unwrap()
            ),
            (raw, Cip5Prefix::Xpub),
            "{ctx}"
        );
        n += 1;
    }
    if let Some(want) = opt_hex(expected, "parent_fingerprint_hex") {
        let parent = grandparent.unwrap();
        assert_eq!(
            hash160_fingerprint(&parent).to_vec(),
            want,
            "{ctx}: fingerprint"
        );
        assert_eq!(
            xpub.parent_fingerprint().to_bytes().to_vec(),
            want,
            "{ctx}: parent_fingerprint"
        );
        n += 1;
    }
    n
}

#[test]
fn public_derivation() {
    let file = vectors();
    let mut counts = Counts::default();
    for case in cases(&file) {
        if s(case, "kind") != "public_derivation" {
            continue;
        }
        let id = s(case, "id");
        let parent = &case["parent"];
        let ctx = format!("case {id} parent");
        let parent_public: [u8; 32] = arr(&opt_hex(parent, "public_key_hex").unwrap(), &ctx);
        let parent_chain = ChainCode::new(arr(&opt_hex(parent, "chain_code_hex").unwrap(), &ctx));
        if let Some(private) = opt_hex(parent, "private_key_hex") {
            // bip_utils' random private key is not a BIP32-Ed25519 key: its kL is not a
            // multiple of 8 (kL[0] = 0x14), so it cannot be imported.
            let result = Key::from_parts(
                &arr(&private, &ctx),
                parent_chain.clone(),
                0,
                Fingerprint::ZERO,
                ChildNumber::from_raw(0),
            );
            assert_eq!(result.unwrap_err(), Error::InvalidSecretKey, "{ctx}");
        }
        let parent_xpub = PubKey::from_parts(
            parent_public,
            parent_chain.clone(),
            0,
            Fingerprint::ZERO,
            ChildNumber::from_raw(0),
        )
        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
        for step in case["steps"].as_array().unwrap() {
            let path = children(step);
            let ctx = format!("case {id} path {}", s(step, "relative_path"));
            let mut xpub = parent_xpub.clone();
            let mut grandparent = None;
            let mut outcome = Ok(());
            for &child in &path {
                match xpub.derive_child_vartime(child) {
                    Ok(next) => {
                        grandparent = Some(xpub.public_key());
                        xpub = next;
                    }
                    Err(e) => {
                        outcome = Err((child, e));
                        break;
                    }
                }
            }
            if step.get("expected_error").is_some() {
                let (child, e) = outcome.expect_err(&ctx);
                assert_eq!(child, *path.last().unwrap(), "{ctx}");
                assert_eq!(
                    e,
                    Error::HardenedFromPublic {
                        index: child.index(),
                        segment: 0
                    },
                    "{ctx}"
                );
                counts.add("refused", 1);
                continue;
            }
            outcome.unwrap_or_else(|(child, e)| panic!("{ctx}: {child}: {e}"));
            let n = check_public_step(&xpub, grandparent, &step["expected"], &ctx);
            assert!(n > 0, "{ctx}: nothing checked");
            counts.add("fields", n);
            counts.add("derived", 1);
        }
        counts.add("cases", 1);
    }
    assert_eq!(counts.get("cases"), 12, "{counts:?}");
    assert_eq!(
        counts.get("derived") + counts.get("refused"),
        36,
        "{counts:?}"
    );
    assert_eq!(counts.get("refused"), 10, "{counts:?}");
}

#[test]
fn paper_random_vectors() {
    let file = paper_vectors();
    let all = cases(&file);
    let (mut derived, mut discarded) = (0, 0);
    for case in all {
        let id = s(case, "id");
        let path = children(case);
        let text = s(case, "path");
        let ctx = format!("case {id} path {text}");
        let secret: [u8; 32] = arr(&hex::decode(s(case, "secret_hex")).unwrap(), &ctx);
        let result = Key::from_paper_secret(&secret);
        if case["expected"]["discarded"] == Value::Bool(true) {
            assert_eq!(result.unwrap_err(), Error::DiscardedRootKey, "{ctx}");
            discarded += 1;
            continue;
        }
        let root = result.unwrap_or_else(|e| panic!("{ctx}: {e}"));
        let key = root
            .derive_path(path.as_slice())
            .unwrap_or_else(|e| panic!("{ctx}: {e}"));
        assert_eq!(key, root.derive_path(text).unwrap(), "{ctx}: path text");
        assert!(check_node(&key, case, &ctx) >= 5, "{ctx}: too few fields");
        check_public_tail(&root, &path, &key, &ctx);
        derived += 1;
    }
    assert_eq!(derived + discarded, 926);
    assert_eq!(discarded, 443);
    assert_eq!(derived, 483);
}

#[test]
fn errors_master_keys() {
    // Entropy, not a seed.
    assert_eq!(
        Key::from_icarus(&[1u8; 64], b"").unwrap_err(),
        Error::InvalidEntropyLength { len: 64 }
    );
    assert_eq!(
        Key::from_icarus_trezor(&[1u8; 18], b"").unwrap_err(),
        Error::InvalidEntropyLength { len: 18 }
    );
    assert_eq!(
        Key::from_icarus(&[1u8; 8], b"").unwrap_err(),
        Error::InvalidEntropyLength { len: 8 }
    );
    assert_eq!(
        Key::from_seed(&[1u8; 15]).unwrap_err(),
        Error::InvalidSeedLength { len: 15 }
    );

    // Root clamping bits, each one.
    let good = test_root().to_raw_bytes();
    for (byte, flip) in [
        (0usize, 0x01u8),
        (0, 0x04),
        (31, 0x80),
        (31, 0x40),
        (31, 0x20),
    ] {
        let mut bad = *good;
        bad[byte] ^= flip;
        assert_eq!(
            Key::from_root_bytes(&bad).unwrap_err(),
            Error::InvalidRootKey,
            "{byte} {flip:#x}"
        );
        // A general (non-root) key may have bit 253 set; nothing else.
        let general = Key::from_raw_bytes(&bad);
        if (byte, flip) == (31, 0x20) {
            assert!(general.is_ok());
        } else {
            assert_eq!(
                general.unwrap_err(),
                Error::InvalidSecretKey,
                "{byte} {flip:#x}"
            );
        }
    }
}

fn test_root() -> Key {
    Key::from_icarus(&[9u8; 16], b"").unwrap()
}

#[test]
fn errors_hex() {
    let root = test_root();
    let mut buf = [0u8; XPRV_HEX_LEN];
    let text = root.encode_hex(&mut buf).unwrap().to_owned();
    assert_eq!(
        Key::from_hex(&text[2..]).unwrap_err(),
        Error::InvalidLength {
            len: XPRV_LEN - 1,
            expected: XPRV_LEN
        }
    );
    assert_eq!(
        Key::from_hex(&format!("x{}", &text[1..])).unwrap_err(),
        Error::InvalidHex
    );
    assert_eq!(
        Key::from_hex(&text.to_uppercase()).unwrap(),
        root,
        "uppercase hex"
    );
    assert_eq!(
        root.encode_hex(&mut [0u8; XPRV_HEX_LEN - 1]).unwrap_err(),
        Error::BufferTooSmall {
            needed: XPRV_HEX_LEN
        }
    );
    assert_eq!(
        PubKey::from_hex("00").unwrap_err(),
        Error::InvalidLength {
            len: 1,
            expected: 64
        }
    );
}

#[test]
fn errors_bech32() {
    let root = test_root();
    let good = root.to_raw_bytes();
    let mut buf = [0u8; XPRV_BECH32_MAX_LEN];
    let text = root
        .encode_bech32(Cip5Prefix::RootXsk, &mut buf)
        .unwrap()
        .to_owned();
    let mut corrupt = text.clone().into_bytes();
    let last = corrupt.len() - 1;
    corrupt[last] = if corrupt[last] == b'q' { b'p' } else { b'q' };
    assert_eq!(
        Key::from_bech32(core::str::from_utf8(&corrupt).unwrap()).unwrap_err(),
        Error::InvalidBech32
    );
    assert_eq!(
        Key::from_bech32(&text.to_uppercase()).unwrap(),
        root,
        "uppercase bech32"
    );
    assert_eq!(
        root.encode_bech32(Cip5Prefix::RootXvk, &mut buf)
            .unwrap_err(),
        Error::UnexpectedBech32Prefix {
            expected_private: true
        }
    );
    assert_eq!(
        root.to_xpub()
            .encode_bech32(Cip5Prefix::Xprv, &mut buf)
            .unwrap_err(),
        Error::UnexpectedBech32Prefix {
            expected_private: false
        }
    );
    assert_eq!(
        root.encode_bech32(Cip5Prefix::Xprv, &mut [0u8; 100])
            .unwrap_err(),
        Error::BufferTooSmall {
            needed: 4 + 1 + 154 + 6
        }
    );
    let xpub_text = root
        .to_xpub()
        .encode_bech32(Cip5Prefix::RootXvk, &mut buf)
        .unwrap()
        .to_owned();
    assert_eq!(
        Key::from_bech32(&xpub_text).unwrap_err(),
        Error::UnexpectedBech32Prefix {
            expected_private: true
        }
    );
    assert_eq!(
        PubKey::from_bech32(&text).unwrap_err(),
        Error::UnexpectedBech32Prefix {
            expected_private: false
        }
    );
    let hrp = bech32::Hrp::parse("xprv").unwrap();
    let mut short = String::new();
    bech32::encode_to_fmt::<bech32::Bech32, _>(&mut short, hrp, &good[..95]).unwrap();
    assert_eq!(
        Key::from_bech32(&short).unwrap_err(),
        Error::InvalidLength {
            len: 95,
            expected: 96
        }
    );
    let mut other = String::new();
    bech32::encode_to_fmt::<bech32::Bech32, _>(
        &mut other,
        bech32::Hrp::parse("addr_vk").unwrap(),
        &good[..32],
    )
    .unwrap();
    assert_eq!(
        PubKey::from_bech32(&other).unwrap_err(),
        Error::UnexpectedBech32Prefix {
            expected_private: false
        }
    );
}

#[test]
fn errors_public_derivation() {
    let root = test_root();
    let chain = root.chain_code().clone();
    assert_eq!(
        root.to_xpub()
            .derive_child_vartime(ChildNumber::hardened(7).unwrap())
            .unwrap_err(),
        Error::HardenedFromPublic {
            index: 7,
            segment: 0
        }
    );
    // 32 bytes that are no curve point: found with the bech32/hex import, refused by every
    // way to make a public key from parts (there is no public derivation from bare bytes any
    // more, so a non-point is refused before any derivation).
    let not_a_point = (0u8..=255)
        .map(|b| [b; 32])
        .find(|candidate| PubKey::from_hex(&hex::encode([*candidate; 2].concat())).is_err())
        .unwrap();
    assert_eq!(
        PubKey::from_parts(
            not_a_point,
            chain,
            0,
            Fingerprint::ZERO,
            ChildNumber::from_raw(0)
        )
        .unwrap_err(),
        Error::InvalidPublicKey
    );
    let mut raw = [0u8; 64];
    raw[..32].copy_from_slice(&not_a_point);
    assert_eq!(
        PubKey::from_raw_bytes(&raw).unwrap_err(),
        Error::InvalidPublicKey
    );
}

#[test]
fn trezor_24_word_salt_includes_checksum() {
    // 24 words: the salt has the checksum byte, so Trezor's root differs from Icarus'.
    let entropy = [0x5au8; 32];
    let trezor = Key::from_icarus_trezor(&entropy, b"pass").unwrap();
    assert_ne!(trezor, Key::from_icarus(&entropy, b"pass").unwrap());
    for len in [12, 16, 20, 24, 28] {
        assert_eq!(
            Key::from_icarus_trezor(&entropy[..len], b"pass").unwrap(),
            Key::from_icarus(&entropy[..len], b"pass").unwrap(),
            "{len}"
        );
    }
}

#[test]
fn api_guarantees() {
    fn assert_send_sync<T: Send + Sync>() {}
    fn assert_zeroize_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    assert_send_sync::<Key>();
    assert_send_sync::<Ed25519Bip32>();
    assert_zeroize_on_drop::<Key>();

    let key = test_root().derive_path("m/1852'/1815'/0'/0/0").unwrap();
    let debug = format!("{key:?}");
    assert!(debug.contains("ed25519-bip32"), "{debug}");
    for secret in [&key.private_key()[..], key.chain_code().as_bytes()] {
        assert!(!debug.contains(&hex::encode(&secret[..4])), "{debug}");
    }
    // Keys that differ only in kR compare unequal.
    let mut xprv = *key.to_raw_bytes();
    xprv[40] ^= 1;
    assert_ne!(Key::from_raw_bytes(&xprv).unwrap(), key);

    for prefix in Cip5Prefix::ALL {
        assert_eq!(prefix.to_string(), prefix.as_str());
        assert_eq!(
            prefix.is_private(),
            prefix.as_str().ends_with("xsk") || prefix == Cip5Prefix::Xprv
        );
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn soft() -> impl Strategy<Value = ChildNumber> {
    prop_oneof![
        0u32..100,
        (1u32 << 31) - 100..(1u32 << 31),
        0u32..(1u32 << 31)
    ]
    .prop_map(ChildNumber::from_raw)
}

#[cfg(not(target_arch = "wasm32"))]
fn any_child() -> impl Strategy<Value = ChildNumber> {
    any::<u32>().prop_map(ChildNumber::from_raw)
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// CKDpub(A, c, i) = public(CKDpriv(k, c, i)) for every soft tail below any parent.
    #[test]
    fn public_derivation_equals_private(
        seed in proptest::collection::vec(any::<u8>(), 16..=64),
        prefix in proptest::collection::vec(any_child(), 0..3),
        tail in proptest::collection::vec(soft(), 1..4),
    ) {
        let parent = Key::from_seed(&seed).unwrap().derive_path(prefix.as_slice()).unwrap();
        let mut public = parent.to_xpub();
        let mut key = parent.clone();
        for child in tail {
            public = public.derive_child_vartime(child).unwrap();
            key = key.derive_child(child).unwrap();
            prop_assert_eq!(public.public_key(), key.public_key());
            prop_assert_eq!(public.chain_code(), key.chain_code());
        }
    }

    /// Raw, hex and bech32 forms round-trip for any derived key.
    #[test]
    fn text_round_trips(
        entropy in proptest::collection::vec(any::<u8>(), 16..=16),
        path in proptest::collection::vec(any_child(), 0..4),
    ) {
        let key = Key::from_icarus(&entropy, b"").unwrap().derive_path(path.as_slice()).unwrap();
        check_text(&key, "proptest");
        let xprv = key.to_raw_bytes();
        let back = Key::from_raw_bytes(&xprv).unwrap();
        prop_assert_eq!(back.public_key(), key.public_key());
    }
}
