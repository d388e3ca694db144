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
//!   first normal step with `HardenedOnly` naming its index and its step.
//! * A derived key has the path's depth and last child number, and its parent fingerprint is
//!   the fingerprint of the key one level up.
//! * Where the scheme has public derivation: neuter∘derive == derive∘neuter at every normal
//!   step, the suffix after the last hardened step derives publicly to the same extended
//!   public key, and a hardened step from a public key is `HardenedFromPublic` naming its
//!   step. The hardened-only schemes have no extended public key at all (the type system
//!   refuses one), so they have no public checks.
//! * With the flag bit 0, the same path from a copy of the key at depth 250 fails with
//!   `DepthExceeded` exactly when it would pass 255.
//! * Serializations of the result round-trip (xprv/xpub text for secp256k1 and P-256; raw
//!   bytes, hex and CIP-5 bech32 for ed25519-bip32).

use fastbip32::cardano::{
    self, Cip5Prefix, XPRV_BECH32_MAX_LEN, XPRV_HEX_LEN, XPUB_BECH32_MAX_LEN, XPUB_HEX_LEN,
};
use fastbip32::{
    Bip32Text, ChildNumber, Curve25519, DerivationPath, Ed25519, Ed25519Bip32, Error,
    ExtendedPrivateKey, ExtendedPublicKey, Fingerprint, NistP256, NormalDerivation, Scheme,
    Secp256k1, MAX_ENCODED_LEN,
};

/// What the checks need to know of a scheme beyond [`Scheme`]: whether it is hardened-only
/// (SLIP-10 ed25519 and curve25519; the rest have `NormalDerivation`), and its public-side
/// checks (none for the hardened-only schemes, which have no extended public key).
pub trait Checked: Scheme {
    /// False for SLIP-10 ed25519 and curve25519, whose normal steps are `HardenedOnly`.
    const HAS_NORMAL_DERIVATION: bool;

    /// Public derivation against private derivation along `chain` (see
    /// [`check_public_derivation`]).
    fn check_public(chain: &[ExtendedPrivateKey<Self>], steps: &[ChildNumber]);

    /// The public half of [`check_depth_limit`] for `deep`, a key at depth 250.
    fn check_public_depth(deep: &ExtendedPrivateKey<Self>, steps: &[ChildNumber]);
}

macro_rules! with_public_side {
    ($($scheme:ty),*) => {$(
        impl Checked for $scheme {
            const HAS_NORMAL_DERIVATION: bool = true;

            fn check_public(chain: &[ExtendedPrivateKey<Self>], steps: &[ChildNumber]) {
                check_public_derivation::<Self>(chain, steps);
            }

            fn check_public_depth(deep: &ExtendedPrivateKey<Self>, steps: &[ChildNumber]) {
                check_public_depth_limit(deep, steps);
            }
        }
    )*};
}

with_public_side!(Secp256k1, NistP256, Ed25519Bip32);

macro_rules! hardened_only {
    ($($scheme:ty),*) => {$(
        impl Checked for $scheme {
            const HAS_NORMAL_DERIVATION: bool = false;

            fn check_public(_: &[ExtendedPrivateKey<Self>], _: &[ChildNumber]) {}

            fn check_public_depth(_: &ExtendedPrivateKey<Self>, _: &[ChildNumber]) {}
        }
    )*};
}

hardened_only!(Ed25519, Curve25519);

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
            // `from_seed` is the Ledger method (CIP-3); `from_ledger` was another name for it.
            if let Some(key) = check_scheme::<Ed25519Bip32>(seed, &steps, flags) {
                check_cardano_text(&key);
            }
        }
    }
}

/// `e` placed at step `segment` of a path (for the errors that name a step).
fn at_step(e: Error, segment: usize) -> Error {
    match e {
        Error::HardenedOnly { index, .. } => Error::HardenedOnly { index, segment },
        Error::HardenedFromPublic { index, .. } => Error::HardenedFromPublic { index, segment },
        Error::InvalidChild {
            index, hardened, ..
        } => Error::InvalidChild {
            index,
            hardened,
            segment,
        },
        other => other,
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
pub fn check_scheme<S: Checked>(
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
    let first_normal = steps.iter().position(|c| c.is_normal());
    match (&by_path, &by_text, stepwise) {
        (Ok(a), Ok(b), Ok(())) => {
            let c = chain.last().expect("non-empty");
            assert_same(a, b, "path vs text");
            assert_same(a, c, "path vs stepwise");
        }
        (Err(a), Err(b), Err(c)) => {
            assert_eq!(a, b, "path vs text error");
            // `derive_child` is a one-step path (its errors name step 0); a path names the
            // step that failed, here the one after the last key of `chain`.
            assert_eq!(at_step(c, 0), c, "derive_child names step 0");
            assert_eq!(*a, at_step(c, chain.len() - 1), "path vs stepwise error");
        }
        (a, b, c) => panic!("routes disagree: {a:?} / {b:?} / {c:?}"),
    }
    if !S::HAS_NORMAL_DERIVATION {
        if let Some(segment) = first_normal {
            assert_eq!(
                by_path.as_ref().err(),
                Some(&Error::HardenedOnly {
                    index: steps[segment].index(),
                    segment
                }),
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

    S::check_public(&chain, steps);
    if flags & 1 != 0 {
        check_depth_limit(chain.last().expect("non-empty"), steps);
    }
    by_path.ok()
}

/// Public derivation against private derivation, along `chain` (the master key and the keys
/// derived from it by the first `chain.len() - 1` of `steps`).
fn check_public_derivation<S: NormalDerivation>(
    chain: &[ExtendedPrivateKey<S>],
    steps: &[ChildNumber],
) {
    let master_xpub = xpub_of(&chain[0]);
    assert_eq!(master_xpub.public_key(), chain[0].public_key());
    assert_eq!(master_xpub.fingerprint(), chain[0].fingerprint());
    // neuter∘derive == derive∘neuter, step by step.
    for (i, pair) in chain.windows(2).enumerate() {
        let (parent, child) = (&pair[0], &pair[1]);
        let public = xpub_of(parent).derive_child_vartime(steps[i]);
        if steps[i].is_hardened() {
            assert_eq!(
                public.err(),
                Some(Error::HardenedFromPublic {
                    index: steps[i].index(),
                    segment: 0
                })
            );
        } else {
            assert_xpub_eq(
                &public.expect("a normal child"),
                &xpub_of(child),
                "CKDpub step",
            );
        }
    }
    // The whole path from the master public key.
    let whole = master_xpub.derive_path_vartime(steps);
    match steps.iter().position(|c| c.is_hardened()) {
        Some(segment) => assert_eq!(
            whole.err(),
            Some(Error::HardenedFromPublic {
                index: steps[segment].index(),
                segment
            })
        ),
        None => {
            if chain.len() == steps.len() + 1 {
                let expected = xpub_of(chain.last().expect("non-empty"));
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
        let suffix = xpub_of(&chain[split]).derive_path_vartime(&steps[split..]);
        let expected = xpub_of(chain.last().expect("non-empty"));
        assert_xpub_eq(
            &suffix.expect("a normal suffix"),
            &expected,
            "CKDpub suffix",
        );
    }
}

/// The extended public key of a key this crate derived (it always has one).
fn xpub_of<S: NormalDerivation>(key: &ExtendedPrivateKey<S>) -> ExtendedPublicKey<S> {
    key.to_xpub()
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
fn check_depth_limit<S: Checked>(key: &ExtendedPrivateKey<S>, steps: &[ChildNumber]) {
    let Ok(deep) = ExtendedPrivateKey::<S>::from_parts(
        key.private_key(),
        key.chain_code().clone(),
        250,
        key.parent_fingerprint(),
        key.child_number(),
    ) else {
        return;
    };
    let private = deep.derive_path(steps);
    if steps.len() > 5 {
        assert_eq!(private.err(), Some(Error::DepthExceeded));
    } else if let Ok(k) = private {
        assert_eq!(usize::from(k.depth()), 250 + steps.len());
    }
    S::check_public_depth(&deep, steps);
}

/// The public half of [`check_depth_limit`].
fn check_public_depth_limit<S: NormalDerivation>(
    deep: &ExtendedPrivateKey<S>,
    steps: &[ChildNumber],
) {
    let public = xpub_of(deep).derive_path_vartime(steps);
    if steps.len() > 5 {
        assert_eq!(public.err(), Some(Error::DepthExceeded));
    }
}

/// Text round trips for the BIP-32-serialized schemes.
fn check_bip32_text<S: Bip32Text>(key: &ExtendedPrivateKey<S>) {
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let text = key.encode(&mut buf).expect("the buffer fits");
    let back: ExtendedPrivateKey<S> = text.parse().expect("our own xprv parses");
    assert_same(&back, key, "xprv round trip");
    let xpub = xpub_of(key);
    let back: ExtendedPublicKey<S> = xpub.to_string().parse().expect("our own xpub parses");
    assert_xpub_eq(&back, &xpub, "xpub round trip");
}

/// Raw, hex and bech32 round trips for ed25519-bip32 keys.
fn check_cardano_text(key: &ExtendedPrivateKey<Ed25519Bip32>) {
    let raw = key.to_raw_bytes();
    let back = ExtendedPrivateKey::<Ed25519Bip32>::from_raw_bytes(&raw);
    // Raw bytes carry no depth: they import at depth 0, where the bound on `kL` is the
    // tightest (room for 255 more levels). A deep key may be past it.
    let Ok(back) = back else {
        assert_eq!(back.err(), Some(Error::InvalidSecretKey));
        assert!(key.depth() > 0, "a root always re-imports");
        return;
    };
    assert_eq!(back.private_key(), key.private_key());
    assert_eq!(back.chain_code(), key.chain_code());
    assert_eq!(back.public_key(), key.public_key());
    let mut hex = [0u8; XPRV_HEX_LEN];
    let text = key.encode_hex(&mut hex).expect("the buffer fits");
    let back = ExtendedPrivateKey::<Ed25519Bip32>::from_hex(text).expect("our own hex");
    assert_eq!(*back.to_raw_bytes(), *raw);
    let mut bech = [0u8; XPRV_BECH32_MAX_LEN];
    let text = key
        .encode_bech32(Cip5Prefix::AcctXsk, &mut bech)
        .expect("fits");
    let back = ExtendedPrivateKey::<Ed25519Bip32>::from_bech32(text).expect("our own bech32");
    assert_eq!(*back.to_raw_bytes(), *raw);
    let public = xpub_of(key);
    let xpub = public.to_raw_bytes();
    assert_eq!(
        <[u8; 32]>::try_from(&xpub[..32]).expect("32 bytes"),
        key.public_key()
    );
    assert_eq!(xpub[32..], *key.chain_code().as_bytes());
    let mut hex = [0u8; XPUB_HEX_LEN];
    let text = public.encode_hex(&mut hex).expect("the buffer fits");
    assert_eq!(
        ExtendedPublicKey::<Ed25519Bip32>::from_hex(text).map(|k| k.to_raw_bytes()),
        Ok(xpub)
    );
    let mut bech = [0u8; XPUB_BECH32_MAX_LEN];
    let text = public
        .encode_bech32(Cip5Prefix::AcctXvk, &mut bech)
        .expect("fits");
    assert_eq!(decode_xpub_bech32(text), Ok((xpub, Cip5Prefix::AcctXvk)));
    assert_eq!(
        key.encode_bech32(Cip5Prefix::AcctXvk, &mut [0u8; XPRV_BECH32_MAX_LEN])
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
    let raw = root.to_raw_bytes();
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
    // A public key made from bare parts `A ‖ c` (a watch-only import) gives what the
    // extended public key gives.
    for (i, pair) in chain.windows(2).enumerate() {
        if steps[i].is_normal() {
            let mut raw = [0u8; 64];
            raw[..32].copy_from_slice(&pair[0].public_key());
            raw[32..].copy_from_slice(pair[0].chain_code().as_bytes());
            let child = ExtendedPublicKey::<Ed25519Bip32>::from_raw_bytes(&raw)
                .expect("a point")
                .derive_child_vartime(steps[i])
                .expect("a soft child");
            assert_eq!(child.public_key(), pair[1].public_key());
            assert_eq!(child.chain_code(), pair[1].chain_code());
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
/// 3. `from_root_bytes` and `from_raw_bytes` on the next 96 bytes: a root is also a key.
/// 4. the rest as text through the private and public `from_hex` and `from_bech32`:
///    accepted text re-encodes to itself (lowercase).
/// 5. `from_seed` (the Ledger method) on a seed (length byte, then the seed).
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
            let key = ExtendedPrivateKey::<Ed25519Bip32>::from_raw_bytes(&bytes);
            let root_rule = bytes[0] & 0x07 == 0 && bytes[31] & 0xE0 == 0x40;
            let key_rule = bytes[0] & 0x07 == 0
                && bytes[31] & 0xC0 == 0x40
                && kl_leaves_room_at_depth_0(bytes[..32].try_into().expect("32 bytes"));
            assert_eq!(root.is_ok(), root_rule, "root rule");
            assert_eq!(key.is_ok(), key_rule, "key rule");
            if let Ok(key) = &key {
                assert_eq!(*key.to_raw_bytes(), bytes);
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
            let seeded = ExtendedPrivateKey::<Ed25519Bip32>::from_seed(seed);
            assert_eq!(
                seeded.is_ok(),
                (16..=64).contains(&seed.len()),
                "{seeded:?}"
            );
            seeded.ok()
        }
    };
    if let Some(root) = root {
        let steps = read_steps(input);
        check_root(&root, &steps);
    }
}

/// The Cardano text decoders on arbitrary text.
fn check_cardano_text_input(text: &str) {
    if let Ok(key) = ExtendedPrivateKey::<Ed25519Bip32>::from_hex(text) {
        let mut buf = [0u8; XPRV_HEX_LEN];
        assert_eq!(
            key.encode_hex(&mut buf).ok(),
            Some(text.to_ascii_lowercase().as_str())
        );
    }
    if let Ok(xpub) = ExtendedPublicKey::<Ed25519Bip32>::from_hex(text) {
        let mut buf = [0u8; XPUB_HEX_LEN];
        assert_eq!(
            xpub.encode_hex(&mut buf).ok(),
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
        let again = key.encode_bech32(prefix, &mut buf).expect("fits");
        assert_eq!(again, text.to_ascii_lowercase());
        if prefix == Cip5Prefix::RootXsk {
            check_root(&key, &[]);
        }
    }
    if let Ok(xpub) = ExtendedPublicKey::<Ed25519Bip32>::from_bech32(text) {
        let p = cardano::cip5_prefix(text).expect("an accepted bech32 key has a CIP-5 prefix");
        assert_eq!(Some(p), prefix);
        assert!(!p.is_private());
        let mut buf = [0u8; XPUB_BECH32_MAX_LEN];
        let again = xpub.encode_bech32(p, &mut buf).expect("fits");
        assert_eq!(again, text.to_ascii_lowercase());
    }
}

/// `A ‖ c` and the CIP-5 prefix of public bech32 text.
fn decode_xpub_bech32(text: &str) -> Result<([u8; 64], Cip5Prefix), Error> {
    let key = ExtendedPublicKey::<Ed25519Bip32>::from_bech32(text)?;
    Ok((key.to_raw_bytes(), cardano::cip5_prefix(text)?))
}

/// Whether `kL` (little-endian) is at most `2²⁵⁵ − 1 − 255·8·(2²²⁴ − 1)`, the import bound at
/// depth 0 (CHANGELOG): with `x = 2²⁵⁵ − 1 − kL` (no borrow for `kL < 2²⁵⁵`), `x ≥ 255·8·(2²²⁴
/// − 1) = 2040·2²²⁴ − 2040`. Written here from the formula, independently of the library.
fn kl_leaves_room_at_depth_0(kl: [u8; 32]) -> bool {
    if kl[31] & 0x80 != 0 {
        return false;
    }
    // x = (2²⁵⁵ − 1) − kL: the bitwise complement in the low 255 bits.
    let mut x = [0u8; 32];
    for (o, k) in x.iter_mut().zip(kl) {
        *o = !k;
    }
    x[31] &= 0x7F;
    // Compare x (little-endian) with 2040·2²²⁴ − 2040 = (2040·2²²⁴ − 2041) + 1, by
    // u128 halves: high = x >> 128, low = x mod 2¹²⁸.
    let low = u128::from_le_bytes(x[..16].try_into().expect("16 bytes"));
    let high = u128::from_le_bytes(x[16..].try_into().expect("16 bytes"));
    // 2040·2²²⁴ − 2040 = high_b·2¹²⁸ + low_b with high_b = 2040·2⁹⁶ − 1 and
    // low_b = 2¹²⁸ − 2040.
    let high_b = (2040u128 << 96) - 1;
    let low_b = u128::MAX - 2039;
    high > high_b || (high == high_b && low >= low_b)
}
