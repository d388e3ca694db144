//! Every peer agrees with fastbip32 on the benchmarked inputs (and on BIP-32 test vector 1's
//! seed), so `cargo test` checks what `cargo bench` times, without timing it.

use fastbip32_benches::{
    ed25519, ed25519_bip32, floor, nist256p1, path, pbkdf2, secp256k1, Candidate, SEED, SEED_TV1,
};

fn all_agree<C, I: ?Sized, O: PartialEq + std::fmt::Debug>(
    group: &str,
    ctx: &C,
    input: &I,
    candidates: &[Candidate<C, I, O>],
) {
    // One candidate would be compared with itself.
    assert!(
        candidates.len() >= 2,
        "{group}: a parity check needs two candidates"
    );
    let (ref_id, ref_fn) = candidates[0];
    let reference = ref_fn(ctx, input);
    for (id, f) in candidates {
        assert_eq!(
            f(ctx, input),
            reference,
            "{group}: {id} disagrees with {ref_id}"
        );
    }
}

#[test]
fn fastbip32_is_the_reference_of_every_derive_group() {
    assert_eq!(secp256k1::CANDIDATES[0].0, "fastbip32");
    assert_eq!(ed25519::CANDIDATES[0].0, "fastbip32");
    assert_eq!(nist256p1::CANDIDATES[0].0, "fastbip32");
    assert_eq!(path::CANDIDATES[0].0, "fastbip32");
    #[cfg(feature = "ours-ed25519-bip32")]
    {
        assert_eq!(ed25519_bip32::CANDIDATES[0].0, "fastbip32");
        assert_eq!(ed25519_bip32::XPUB_CANDIDATES[0].0, "fastbip32");
    }
}

#[test]
fn secp256k1_bip32() {
    let ctx = secp256k1::Ctx::new();
    for seed in [&SEED[..], &SEED_TV1[..]] {
        all_agree(secp256k1::GROUP, &ctx, seed, secp256k1::CANDIDATES);
    }
}

#[test]
fn ed25519_slip10() {
    let ctx = ed25519::Ctx::new();
    for seed in [&SEED[..], &SEED_TV1[..]] {
        all_agree(ed25519::GROUP, &ctx, seed, ed25519::CANDIDATES);
    }
}

#[test]
fn nist256p1_slip10() {
    let ctx = nist256p1::Ctx::new();
    for seed in [&SEED[..], &SEED_TV1[..]] {
        all_agree(nist256p1::GROUP, &ctx, seed, nist256p1::CANDIDATES);
    }
}

/// A published root and its key at the benchmarked path `m/1852'/1815'/0'/0/0`:
/// cardano-addresses' golden `addresses_0d256c78` (case `v2-cardano-addresses-21w-0d256c78`
/// of `tests/data/ed25519_bip32.json`).
const PUBLISHED_ROOT: &str = "f080e8d14493d50c91612f43c9e714a794ab16381ac3f01f1740537f60d18b515628d17049769717bdad315c2312f9b1920bb053fa4c97267807a26e4fb4389785f9411155f742692668d33f263a77108908749911a3286941d5b3989a093666";
const PUBLISHED_KEY: &str = "488eb13c2d6f4ffebfa0bf5b31616e786a713888b2135313a354a5f96fd18b51608e15848f8325cc299696b42d4b25fe85f7ba0a86c7c11bd61f73353eee5c4d";

#[test]
fn ed25519_bip32_private_path() {
    let ctx = ed25519_bip32::Ctx::new();
    // Every candidate (the peer alone without `ours-ed25519-bip32`) against the published key.
    let root: [u8; 96] = hex::decode(PUBLISHED_ROOT).unwrap().try_into().unwrap();
    for (id, f) in ed25519_bip32::CANDIDATES {
        assert_eq!(hex::encode(f(&ctx, &root)), PUBLISHED_KEY, "{id}");
    }
    // And with ours, the two agree on the benchmarked root.
    #[cfg(feature = "ours-ed25519-bip32")]
    all_agree(
        ed25519_bip32::GROUP,
        &ctx,
        &ed25519_bip32::ROOT,
        ed25519_bip32::CANDIDATES,
    );
}

#[test]
fn ed25519_bip32_public_children() {
    let ctx = ed25519_bip32::XpubCtx::new();
    #[cfg(feature = "ours-ed25519-bip32")]
    all_agree(
        ed25519_bip32::XPUB_GROUP,
        &ctx,
        &ed25519_bip32::CHILDREN,
        ed25519_bip32::XPUB_CANDIDATES,
    );
    // And the peer's public children are the public keys of its private children (so the
    // comparison above is against something independently right, even without ours).
    let mut parent = ::ed25519_bip32::XPrv::from_bytes_verified(ed25519_bip32::ROOT).unwrap();
    for i in ed25519_bip32::XPUB_PARENT {
        parent = parent.derive(::ed25519_bip32::DerivationScheme::V2, i);
    }
    let mut acc = [0u8; 32];
    for i in 0..ed25519_bip32::CHILDREN {
        let pk = parent
            .derive(::ed25519_bip32::DerivationScheme::V2, i)
            .public()
            .public_key();
        for (a, b) in acc.iter_mut().zip(pk) {
            *a ^= b;
        }
    }
    assert_eq!(
        ed25519_bip32::ed25519_bip32_xpub(&ctx, &ed25519_bip32::CHILDREN),
        acc
    );
}

#[test]
fn path_parse_display() {
    let reference = path::CANDIDATES[0].1(&(), path::PATH);
    assert_eq!(reference.as_str(), path::PATH);
    for (id, f) in path::CANDIDATES {
        let out = f(&(), path::PATH);
        if *id == "bitcoin" {
            // Documented difference: rust-bitcoin's Display omits "m/".
            assert_eq!(out.as_str(), &path::PATH[2..]);
        }
        assert_eq!(path::normalise(id, &out), path::PATH, "{id}");
    }
}

/// Big-endian 256-bit addition without reduction (the sum of the constants is below both
/// group orders, so it is the modular sum too).
fn add_be(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in (0..32).rev() {
        let s = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = s as u8;
        carry = s >> 8;
    }
    assert_eq!(carry, 0);
    out
}

#[test]
fn floor_primitives_are_right() {
    use bitcoin::hashes::{hash160, sha512, Hash, HashEngine, Hmac, HmacEngine};

    // HMAC-SHA512, fresh and from a keyed state, against bitcoin_hashes.
    let mut engine = HmacEngine::<sha512::Hash>::new(&floor::KEY);
    engine.input(&floor::MSG);
    let expected = Hmac::<sha512::Hash>::from_engine(engine).to_byte_array();
    assert_eq!(floor::hmac_sha512(&floor::KEY, &floor::MSG), expected);
    let state = floor::hmac_key(&floor::KEY);
    assert_eq!(floor::hmac_sha512_keyed(&state, &floor::MSG), expected);

    // One compression of the IV with the padded empty message is SHA-512("").
    let mut block = [0u8; 128];
    block[0] = 0x80;
    let words = floor::sha512_compress(&floor::SHA512_IV, &block);
    let digest: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
    assert_eq!(digest, sha512::Hash::hash(b"").to_byte_array());

    // Base-point multiplications, each against a second implementation.
    assert_eq!(
        floor::secp256k1_mul_base_ffi(&floor::SECRET),
        floor::secp256k1_mul_base_safe(&floor::SECRET)
    );
    assert_eq!(
        floor::p256_mul_base_aws_lc(&floor::SECRET),
        floor::p256_mul_base_rustcrypto(&floor::SECRET)
    );
    let kl: [u8; 32] = ed25519_bip32::ROOT[..32].try_into().unwrap(); // clamping leaves it as is
    let xprv = ::ed25519_bip32::XPrv::from_bytes_verified(ed25519_bip32::ROOT).unwrap();
    assert_eq!(floor::ed25519_mul_base(&kl), xprv.public().public_key());

    // Scalar additions.
    let sum = add_be(&floor::SECRET, &floor::TWEAK);
    assert_eq!(
        floor::secp256k1_scalar_add(&floor::SECRET, &floor::TWEAK),
        sum
    );
    assert_eq!(floor::p256_scalar_add(&floor::SECRET, &floor::TWEAK), sum);

    // hash160 and Base58Check against rust-bitcoin.
    let public = floor::secp256k1_mul_base_ffi(&floor::SECRET);
    assert_eq!(
        floor::hash160(&public),
        hash160::Hash::hash(&public).to_byte_array()
    );
    let (buf, len) = floor::base58check(&floor::XKEY78);
    assert_eq!(len, 111);
    assert_eq!(
        std::str::from_utf8(&buf[..len]).unwrap(),
        bitcoin::base58::encode_check(&floor::XKEY78)
    );
}

/// The seed rows: ours in 1, 4 and 8 lanes equal the `pbkdf2` crate seed by seed (eight
/// different phrases, so a lane mix-up shows), and lane 0 is python-mnemonic's published seed.
#[test]
fn pbkdf2_seed_rows() {
    let ctx = pbkdf2::Ctx::new();
    let expected = pbkdf2::pbkdf2_crate::<8>(&ctx);
    assert_eq!(hex::encode(expected[0]), pbkdf2::FIRST_SEED_HEX);
    let distinct: std::collections::BTreeSet<_> = expected.iter().collect();
    assert_eq!(distinct.len(), 8);
    assert_eq!(pbkdf2::fastbip32_lanes::<8>(&ctx), expected);
    assert_eq!(pbkdf2::fastbip32_lanes::<4>(&ctx)[..], expected[..4]);
    assert_eq!(pbkdf2::fastbip32_one(&ctx)[..], expected[..1]);
}
