//! `derive`: master keys from seeds of any length, then paths of arbitrary raw child
//! numbers, for every scheme; the Cardano (CIP-3) root constructors on arbitrary bytes.
//!
//! Input: byte 0 picks the scheme (`% 6`: secp256k1, nist256p1, ed25519, curve25519,
//! ed25519-bip32, Cardano roots); byte 1 is a flag byte; for a scheme, byte 2 is the seed
//! length (any, 0..=255), then the seed, a step count (`% 9`, so at most 8 steps) and that
//! many big-endian raw child numbers. The Cardano layout is described at [`check_cardano`].
//!
//! Properties, for every scheme:
//! * `from_seed` accepts exactly the 16..=64-byte seeds; the master key has depth 0, child
//!   number 0 and parent fingerprint 0.
//! * `derive_path` over child numbers, over the printed path text, and `derive_child` step by
//!   step give equal keys (every field) or the same error; hardened-only schemes reject the
//!   first normal step with `HardenedOnly` naming its index.
//! * A derived key has the path's depth and last child number, and its parent fingerprint is
//!   the fingerprint of the key one level up.
//! * Where the scheme has public derivation: neuter∘derive == derive∘neuter at every normal
//!   step, the suffix after the last hardened step derives publicly to the same extended
//!   public key, and a hardened step from a public key is `HardenedFromPublic`. Elsewhere
//!   public derivation is `UnsupportedByScheme`.
//! * With the flag bit 0, the same path from a copy of the key at depth 250 fails with
//!   `DepthExceeded` exactly when it would pass 255.
//! * Serializations of the result round-trip (xprv/xpub text for secp256k1 and P-256; raw
//!   bytes, hex and CIP-5 bech32 for ed25519-bip32).

use fastbip32::cardano::{
    self, Cip5Prefix, XPRV_BECH32_MAX_LEN, XPRV_HEX_LEN, XPUB_BECH32_MAX_LEN, XPUB_HEX_LEN,
};
use fastbip32::{
    ChildNumber, Curve25519, DerivationPath, Ed25519, Ed25519Bip32, Error, ExtendedPrivateKey,
    ExtendedPublicKey, Fingerprint, NistP256, Scheme, Secp256k1, MAX_ENCODED_LEN,
};

use crate::Input;

/// The most steps a path gets here: enough for every code path, and fast.
pub const MAX_STEPS: usize = 8;

/// Runs the checks `data` selects.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let scheme = input.u8() % 6;
    let flags = input.u8();
    if scheme == 5 {
        check_cardano(&mut input, flags);
        return;
    }
    let seed_len = usize::from(input.u8());
    let seed = input.take(seed_len);
    let steps = read_steps(&mut input);
    match scheme {
        0 => {
            if let Some(key) = check_scheme::<Secp256k1>(seed, &steps, flags) {
                check_bip32_text(&key);
            }
        }
        1 => {
            if let Some(key) = check_scheme::<NistP256>(seed, &steps, flags) {
                check_bip32_text(&key);
            }
        }
        2 => {
            check_scheme::<Ed25519>(seed, &steps, flags);
        }
        3 => {
            check_scheme::<Curve25519>(seed, &steps, flags);
        }
        _ => {
            let ledger = ExtendedPrivateKey::<Ed25519Bip32>::from_ledger(seed);
            if let Some(key) = check_scheme::<Ed25519Bip32>(seed, &steps, flags) {
                check_cardano_text(&key);
            }
            assert_eq!(
                ledger.ok(),
                ExtendedPrivateKey::<Ed25519Bip32>::from_seed(seed).ok(),
                "from_ledger == from_seed"
            );
        }
    }
}

/// Up to [`MAX_STEPS`] raw child numbers.
fn read_steps(input: &mut Input<'_>) -> Vec<ChildNumber> {
    let count = usize::from(input.u8()) % (MAX_STEPS + 1);
    (0..count)
        .map(|_| ChildNumber::from_raw(input.u32()))
        .collect()
}

/// Asserts that two private keys are equal in every field (and by `==`).
fn assert_same<S: Scheme>(a: &ExtendedPrivateKey<S>, b: &ExtendedPrivateKey<S>, what: &str) {
    assert_eq!(
        a.private_key().as_ref(),
        b.private_key().as_ref(),
        "{what}: private key"
    );
    assert_eq!(a.chain_code(), b.chain_code(), "{what}: chain code");
    assert_eq!(a.depth(), b.depth(), "{what}: depth");
    assert_eq!(a.child_number(), b.child_number(), "{what}: child number");
    assert_eq!(
        a.parent_fingerprint(),
        b.parent_fingerprint(),
        "{what}: parent fingerprint"
    );
    assert_eq!(a.public_key(), b.public_key(), "{what}: public key");
    assert!(a == b, "{what}: ==");
}

/// The generic checks; returns the derived key, if the path derives.
pub fn check_scheme<S: Scheme>(
    seed: &[u8],
    steps: &[ChildNumber],
    flags: u8,
) -> Option<ExtendedPrivateKey<S>> {
    let master = ExtendedPrivateKey::<S>::from_seed(seed);
    if !(16..=64).contains(&seed.len()) {
        assert_eq!(
            master.err(),
            Some(Error::InvalidSeedLength { len: seed.len() })
        );
        return None;
    }
    let master = match master {
        Ok(master) => master,
        // BIP-32 secp256k1 only, with probability below 2^-127.
        Err(e) => {
            assert_eq!(e, Error::InvalidSecretKey);
            return None;
        }
    };
    assert_eq!(master.depth(), 0);
    assert_eq!(master.child_number().to_raw(), 0);
    assert_eq!(master.parent_fingerprint(), Fingerprint::ZERO);

    // Three routes to the same key.
    let by_path = master.derive_path(steps);
    let text = DerivationPath::from_slice(steps)
        .expect("at most 8 steps")
        .to_string();
    let by_text = master.derive_path(text.as_str());
    let mut chain = vec![master.clone()];
    let mut stepwise = Ok(());
    for &child in steps {
        match chain.last().expect("non-empty").derive_child(child) {
            Ok(next) => chain.push(next),
            Err(e) => {
                stepwise = Err(e);
                break;
            }
        }
    }
    let first_normal = steps.iter().find(|c| c.is_normal());
    match (&by_path, &by_text, stepwise) {
        (Ok(a), Ok(b), Ok(())) => {
            let c = chain.last().expect("non-empty");
            assert_same(a, b, "path vs text");
            assert_same(a, c, "path vs stepwise");
        }
        (Err(a), Err(b), Err(c)) => {
            assert_eq!(a, b, "path vs text error");
            assert_eq!(*a, c, "path vs stepwise error");
        }
        (a, b, c) => panic!("routes disagree: {a:?} / {b:?} / {c:?}"),
    }
    if !S::SUPPORTS_NORMAL_DERIVATION {
        if let Some(c) = first_normal {
            assert_eq!(
                by_path.as_ref().err(),
                Some(&Error::HardenedOnly { index: c.index() }),
                "hardened-only scheme and a normal step"
            );
        }
    }
    // The only other possible error is an invalid child (probability ~2^-127 per step).
    if let Err(e) = &by_path {
        assert!(
            matches!(e, Error::HardenedOnly { .. } | Error::InvalidChild { .. }),
            "unexpected error {e:?}"
        );
    }

    // Fields along the chain.
    for (i, pair) in chain.windows(2).enumerate() {
        let (parent, child) = (&pair[0], &pair[1]);
        assert_eq!(usize::from(child.depth()), i + 1);
        assert_eq!(child.child_number(), steps[i]);
        assert_eq!(child.parent_fingerprint(), parent.fingerprint());
        assert_eq!(child.version_pair(), master.version_pair());
    }

    check_public_derivation::<S>(&chain, steps);
    if flags & 1 != 0 {
        check_depth_limit(chain.last().expect("non-empty"), steps);
    }
    by_path.ok()
}

/// Public derivation against private derivation, along `chain` (the master key and the keys
/// derived from it by the first `chain.len() - 1` of `steps`).
fn check_public_derivation<S: Scheme>(chain: &[ExtendedPrivateKey<S>], steps: &[ChildNumber]) {
    let master_xpub = chain[0].to_xpub();
    assert_eq!(master_xpub.public_key(), chain[0].public_key());
    assert_eq!(master_xpub.fingerprint(), chain[0].fingerprint());
    if !S::SUPPORTS_NORMAL_DERIVATION {
        for &child in steps {
            let expected = if child.is_hardened() {
                Error::HardenedFromPublic {
                    index: child.index(),
                }
            } else {
                Error::UnsupportedByScheme
            };
            assert_eq!(master_xpub.derive_child(child).err(), Some(expected));
        }
        return;
    }
    // neuter∘derive == derive∘neuter, step by step.
    for (i, pair) in chain.windows(2).enumerate() {
        let (parent, child) = (&pair[0], &pair[1]);
        let public = parent.to_xpub().derive_child(steps[i]);
        if steps[i].is_hardened() {
            assert_eq!(
                public.err(),
                Some(Error::HardenedFromPublic {
                    index: steps[i].index()
                })
            );
        } else {
            assert_xpub_eq(
                &public.expect("a normal child"),
                &child.to_xpub(),
                "CKDpub step",
            );
        }
    }
    // The whole path from the master public key.
    let whole = master_xpub.derive_path(steps);
    match steps.iter().find(|c| c.is_hardened()) {
        Some(h) => assert_eq!(
            whole.err(),
            Some(Error::HardenedFromPublic { index: h.index() })
        ),
        None => {
            if chain.len() == steps.len() + 1 {
                let expected = chain.last().expect("non-empty").to_xpub();
                assert_xpub_eq(&whole.expect("a normal path"), &expected, "CKDpub path");
            }
        }
    }
    // The suffix after the last hardened step, from the key there.
    let split = steps
        .iter()
        .rposition(|c| c.is_hardened())
        .map_or(0, |i| i + 1);
    if chain.len() == steps.len() + 1 {
        let suffix = chain[split].to_xpub().derive_path(&steps[split..]);
        let expected = chain.last().expect("non-empty").to_xpub();
        assert_xpub_eq(
            &suffix.expect("a normal suffix"),
            &expected,
            "CKDpub suffix",
        );
    }
}

fn assert_xpub_eq<S: Scheme>(a: &ExtendedPublicKey<S>, b: &ExtendedPublicKey<S>, what: &str) {
    assert_eq!(a.public_key(), b.public_key(), "{what}: public key");
    assert_eq!(a.chain_code(), b.chain_code(), "{what}: chain code");
    assert_eq!(a.depth(), b.depth(), "{what}: depth");
    assert_eq!(a.child_number(), b.child_number(), "{what}: child number");
    assert_eq!(
        a.parent_fingerprint(),
        b.parent_fingerprint(),
        "{what}: parent fingerprint"
    );
    assert_eq!(a.fingerprint(), b.fingerprint(), "{what}: fingerprint");
    assert!(a == b, "{what}: ==");
}

/// A copy of `key` at depth 250 derives `steps` only while the depth stays within 255.
fn check_depth_limit<S: Scheme>(key: &ExtendedPrivateKey<S>, steps: &[ChildNumber]) {
    let Ok(deep) = ExtendedPrivateKey::<S>::from_parts(
        *key.private_key(),
        key.chain_code().clone(),
        250,
        key.parent_fingerprint(),
        key.child_number(),
    ) else {
        return;
    };
    let private = deep.derive_path(steps);
    let public = deep.to_xpub().derive_path(steps);
    if steps.len() > 5 {
        assert_eq!(private.err(), Some(Error::DepthExceeded));
        assert_eq!(public.err(), Some(Error::DepthExceeded));
    } else if let Ok(k) = private {
        assert_eq!(usize::from(k.depth()), 250 + steps.len());
    }
}

/// Text round trips for the BIP-32-serialized schemes.
fn check_bip32_text<S>(key: &ExtendedPrivateKey<S>)
where
    S: Scheme<PrivateKey = [u8; 32], PublicKey = [u8; 33]>,
{
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let text = key.encode(&mut buf).expect("the buffer fits");
    let back: ExtendedPrivateKey<S> = text.parse().expect("our own xprv parses");
    assert_same(&back, key, "xprv round trip");
    let xpub = key.to_xpub();
    let back: ExtendedPublicKey<S> = xpub.to_string().parse().expect("our own xpub parses");
    assert_xpub_eq(&back, &xpub, "xpub round trip");
}

/// Raw, hex and bech32 round trips for ed25519-bip32 keys.
fn check_cardano_text(key: &ExtendedPrivateKey<Ed25519Bip32>) {
    let raw = key.to_xprv_bytes();
    let back = ExtendedPrivateKey::<Ed25519Bip32>::from_xprv_bytes(&raw).expect("our own bytes");
    assert_eq!(back.private_key(), key.private_key());
    assert_eq!(back.chain_code(), key.chain_code());
    assert_eq!(back.public_key(), key.public_key());
    let mut hex = [0u8; XPRV_HEX_LEN];
    let text = key.encode_xprv_hex(&mut hex).expect("the buffer fits");
    let back = ExtendedPrivateKey::<Ed25519Bip32>::from_xprv_hex(text).expect("our own hex");
    assert_eq!(*back.to_xprv_bytes(), *raw);
    let mut bech = [0u8; XPRV_BECH32_MAX_LEN];
    let text = key
        .encode_xprv_bech32(Cip5Prefix::AcctXsk, &mut bech)
        .expect("fits");
    let back = ExtendedPrivateKey::<Ed25519Bip32>::from_bech32(text).expect("our own bech32");
    assert_eq!(*back.to_xprv_bytes(), *raw);
    let xpub = key.to_xpub_bytes();
    assert_eq!(xpub[..32], key.public_key());
    assert_eq!(xpub[32..], *key.chain_code().as_bytes());
    let mut hex = [0u8; XPUB_HEX_LEN];
    let text = key.encode_xpub_hex(&mut hex).expect("the buffer fits");
    assert_eq!(cardano::decode_xpub_hex(text), Ok(xpub));
    let mut bech = [0u8; XPUB_BECH32_MAX_LEN];
    let text = key
        .encode_xpub_bech32(Cip5Prefix::AcctXvk, &mut bech)
        .expect("fits");
    assert_eq!(
        cardano::decode_xpub_bech32(text),
        Ok((xpub, Cip5Prefix::AcctXvk))
    );
    assert_eq!(
        key.encode_xprv_bech32(Cip5Prefix::AcctXvk, &mut [0u8; XPRV_BECH32_MAX_LEN])
            .err(),
        Some(Error::UnexpectedBech32Prefix {
            expected_private: true
        })
    );
}

/// Checks a root key from a CIP-3 constructor: clamped as a root, round trips, and `steps`
/// derive consistently from it.
fn check_root(root: &ExtendedPrivateKey<Ed25519Bip32>, steps: &[ChildNumber]) {
    let k = root.private_key();
    assert_eq!(k[0] & 0x07, 0, "root kL[0]");
    assert_eq!(k[31] & 0xE0, 0x40, "root kL[31]");
    assert_eq!(root.depth(), 0);
    let raw = root.to_xprv_bytes();
    let again = ExtendedPrivateKey::<Ed25519Bip32>::from_root_bytes(&raw).expect("a root");
    assert_same(&again, root, "from_root_bytes round trip");
    check_cardano_text(root);
    let mut chain = vec![root.clone()];
    for &child in steps {
        match chain.last().expect("non-empty").derive_child(child) {
            Ok(next) => chain.push(next),
            Err(e) => panic!("ed25519-bip32 child {child} failed: {e:?}"),
        }
    }
    let by_path = root.derive_path(steps).expect("derives");
    assert_same(
        &by_path,
        chain.last().expect("non-empty"),
        "root path vs stepwise",
    );
    check_public_derivation::<Ed25519Bip32>(&chain, steps);
    // The public-child helper gives what the extended public key gives.
    for (i, pair) in chain.windows(2).enumerate() {
        if steps[i].is_normal() {
            let (pk, cc) = Ed25519Bip32::derive_public_child(
                &pair[0].public_key(),
                pair[0].chain_code(),
                steps[i],
            )
            .expect("a soft child");
            assert_eq!(pk, pair[1].public_key());
            assert_eq!(&cc, pair[1].chain_code());
        }
    }
    check_cardano_text(chain.last().expect("non-empty"));
}

/// The Cardano root constructors. Byte 2 picks one (`% 6`):
///
/// 0. `from_icarus`: byte 3 is the entropy length (`% 40`), then the entropy, a passphrase
///    length byte, the passphrase; accepted exactly for 12..=32 bytes in steps of 4. With flag
///    bit 1 also `from_icarus_trezor` (equal for all but 32 bytes), with flag bit 2 also
///    `from_icarus_bytes` (equal).
/// 1. `from_icarus_bytes`: the same layout, any length.
/// 2. `from_paper_secret` on the next 32 bytes: a root, or `DiscardedRootKey`.
/// 3. `from_root_bytes` and `from_xprv_bytes` on the next 96 bytes: a root is also a key.
/// 4. the rest as text through `from_xprv_hex`, `from_bech32`, `decode_xpub_hex`,
///    `decode_xpub_bech32`: accepted text re-encodes to itself (lowercase).
/// 5. `from_ledger` on a seed (length byte, then the seed): equal to `from_seed`.
///
/// Then steps (as for the schemes) are derived from an accepted root.
pub fn check_cardano(input: &mut Input<'_>, flags: u8) {
    let which = input.u8() % 6;
    let root = match which {
        0 | 1 => {
            let len = usize::from(input.u8() % 40);
            let entropy = input.take(len);
            let pass_len = usize::from(input.u8());
            let passphrase = input.take(pass_len);
            if which == 0 {
                // PBKDF2 with 4096 rounds dominates the run time: the second and third
                // computations only when the flag byte asks.
                let icarus = ExtendedPrivateKey::<Ed25519Bip32>::from_icarus(entropy, passphrase);
                let valid = (12..=32).contains(&entropy.len()) && entropy.len() % 4 == 0;
                assert_eq!(icarus.is_ok(), valid);
                let Ok(icarus) = icarus else {
                    assert_eq!(
                        icarus.err(),
                        Some(Error::InvalidEntropyLength { len: entropy.len() })
                    );
                    let trezor =
                        ExtendedPrivateKey::<Ed25519Bip32>::from_icarus_trezor(entropy, passphrase);
                    assert_eq!(
                        trezor.err(),
                        Some(Error::InvalidEntropyLength { len: entropy.len() })
                    );
                    return;
                };
                if flags & 2 != 0 {
                    let trezor =
                        ExtendedPrivateKey::<Ed25519Bip32>::from_icarus_trezor(entropy, passphrase)
                            .expect("valid entropy");
                    if entropy.len() != 32 {
                        assert_same(&icarus, &trezor, "icarus vs trezor");
                    }
                    check_root(&trezor, &[]);
                }
                if flags & 4 != 0 {
                    let bytes =
                        ExtendedPrivateKey::<Ed25519Bip32>::from_icarus_bytes(entropy, passphrase)
                            .expect("any bytes");
                    assert_same(&icarus, &bytes, "icarus vs icarus_bytes");
                }
                Some(icarus)
            } else {
                Some(
                    ExtendedPrivateKey::<Ed25519Bip32>::from_icarus_bytes(entropy, passphrase)
                        .expect("any bytes"),
                )
            }
        }
        2 => {
            let secret: [u8; 32] = input.array();
            match ExtendedPrivateKey::<Ed25519Bip32>::from_paper_secret(&secret) {
                Ok(root) => Some(root),
                Err(e) => {
                    assert_eq!(e, Error::DiscardedRootKey);
                    None
                }
            }
        }
        3 => {
            let bytes: [u8; 96] = input.array();
            let root = ExtendedPrivateKey::<Ed25519Bip32>::from_root_bytes(&bytes);
            let key = ExtendedPrivateKey::<Ed25519Bip32>::from_xprv_bytes(&bytes);
            let root_rule = bytes[0] & 0x07 == 0 && bytes[31] & 0xE0 == 0x40;
            let key_rule = bytes[0] & 0x07 == 0 && bytes[31] & 0xC0 == 0x40;
            assert_eq!(root.is_ok(), root_rule, "root rule");
            assert_eq!(key.is_ok(), key_rule, "key rule");
            if let Ok(key) = &key {
                assert_eq!(*key.to_xprv_bytes(), bytes);
                check_cardano_text(key);
                // A key that is not a root still derives.
                let steps = read_steps(input);
                let derived = key.derive_path(&steps[..]);
                assert!(derived.is_ok(), "{derived:?}");
                return;
            }
            root.ok()
        }
        4 => {
            check_cardano_text_input(&String::from_utf8_lossy(input.rest()));
            None
        }
        _ => {
            let len = usize::from(input.u8());
            let seed = input.take(len);
            let ledger = ExtendedPrivateKey::<Ed25519Bip32>::from_ledger(seed);
            let seeded = ExtendedPrivateKey::<Ed25519Bip32>::from_seed(seed);
            assert_eq!(ledger, seeded);
            ledger.ok()
        }
    };
    if let Some(root) = root {
        let steps = read_steps(input);
        check_root(&root, &steps);
    }
}

/// The Cardano text decoders on arbitrary text.
fn check_cardano_text_input(text: &str) {
    if let Ok(key) = ExtendedPrivateKey::<Ed25519Bip32>::from_xprv_hex(text) {
        let mut buf = [0u8; XPRV_HEX_LEN];
        assert_eq!(
            key.encode_xprv_hex(&mut buf).ok(),
            Some(text.to_ascii_lowercase().as_str())
        );
    }
    if let Ok(xpub) = cardano::decode_xpub_hex(text) {
        let mut buf = [0u8; XPUB_HEX_LEN];
        assert_eq!(
            cardano::encode_xpub_hex(&xpub, &mut buf).ok(),
            Some(text.to_ascii_lowercase().as_str())
        );
    }
    let prefix = text.rsplit_once('1').and_then(|(hrp, _)| {
        Cip5Prefix::ALL
            .into_iter()
            .find(|p| hrp.eq_ignore_ascii_case(p.as_str()))
    });
    if let Ok(key) = ExtendedPrivateKey::<Ed25519Bip32>::from_bech32(text) {
        let prefix = prefix.expect("an accepted bech32 key has a known prefix");
        assert!(prefix.is_private());
        let mut buf = [0u8; XPRV_BECH32_MAX_LEN];
        let again = key.encode_xprv_bech32(prefix, &mut buf).expect("fits");
        assert_eq!(again, text.to_ascii_lowercase());
        if prefix == Cip5Prefix::RootXsk {
            check_root(&key, &[]);
        }
    }
    if let Ok((xpub, p)) = cardano::decode_xpub_bech32(text) {
        assert_eq!(Some(p), prefix);
        assert!(!p.is_private());
        let mut buf = [0u8; XPUB_BECH32_MAX_LEN];
        let again = cardano::encode_xpub_bech32(&xpub, p, &mut buf).expect("fits");
        assert_eq!(again, text.to_ascii_lowercase());
    }
}
