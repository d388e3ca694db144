//! BIP32-Ed25519 (Khovratovich–Law "V2", Cardano) against ed25519-bip32 0.4
//! (`DerivationScheme::V2`, the cardano-serialization-lib lineage).
//!
//! From the same 96-byte root `kL ‖ kR ‖ c` — a random one (clamped as CIP-3 roots are), or
//! fastbip32's Ledger master key of a random seed — random mixed paths (depth ≤ 6, raw child
//! numbers from the whole `u32` range with the edges around 2³¹ and 2³² overweighted) are
//! derived by both, and at every level the 96-byte extended private key and the 64-byte
//! extended public key `A ‖ c` are compared; before every soft step the public derivation of
//! both is compared too (`XPub::derive` against `ExtendedPublicKey::derive_child`), and the
//! whole path through `derive_path` (by child numbers and by text) at the end.
//! (`from_seed` is the Ledger master key, CIP-3.)

use ed25519_bip32::{DerivationScheme, XPrv};
use fastbip32::{ChildNumber, Ed25519Bip32, ExtendedPrivateKey, ExtendedPublicKey, Fingerprint};
use fastbip32_difftests::{children, config, mixed_path, path_text, seed, H};
use proptest::prelude::*;

type Key = ExtendedPrivateKey<Ed25519Bip32>;

fn assert_same(ours: &Key, peer: &XPrv, what: &str) {
    assert_eq!(
        ours.to_raw_bytes()[..],
        peer.as_ref()[..],
        "{what}: xprv (kL ‖ kR ‖ c)"
    );
    assert_eq!(
        ours.to_xpub().to_raw_bytes()[..],
        peer.public().as_ref()[..],
        "{what}: xpub (A ‖ c)"
    );
}

/// A random root: 96 random bytes clamped as every CIP-3 method clamps them.
fn random_root() -> impl Strategy<Value = [u8; 96]> {
    prop::collection::vec(any::<u8>(), 96).prop_map(|v| {
        let mut root: [u8; 96] = v.try_into().expect("96 bytes");
        root[0] &= 0xF8;
        root[31] = (root[31] & 0x1F) | 0x40;
        root
    })
}

fn check(ours: &Key, raw: &[u32]) {
    let peer = XPrv::from_bytes_verified(*ours.to_raw_bytes()).expect("a valid root");
    assert_same(ours, &peer, "m");
    let mut o = ours.clone();
    let mut p = peer.clone();
    for (i, &r) in raw.iter().enumerate() {
        let what = format!("{} (level {})", path_text(&raw[..=i]), i + 1);
        let child = ChildNumber::from_raw(r);
        if r < H {
            let public = o
                .to_xpub()
                .derive_child_vartime(child)
                .expect("a soft child");
            let peer_public = p
                .public()
                .derive(DerivationScheme::V2, r)
                .expect("a soft child");
            assert_eq!(
                public.public_key(),
                peer_public.public_key(),
                "{what}: CKDpub public key"
            );
            assert_eq!(
                public.chain_code().as_bytes(),
                peer_public.chain_code(),
                "{what}: CKDpub chain code"
            );
            // The same from a public key made from bare parts (as a watch-only wallet
            // imports `A ‖ c`), not from the private key.
            let from_parts = ExtendedPublicKey::<Ed25519Bip32>::from_parts(
                o.public_key(),
                o.chain_code().clone(),
                0,
                Fingerprint::ZERO,
                ChildNumber::from_raw(0),
            )
            .expect("a point")
            .derive_child_vartime(child)
            .expect("a soft child");
            assert_eq!(
                from_parts.public_key(),
                peer_public.public_key(),
                "{what}: from_parts CKDpub"
            );
            assert_eq!(
                from_parts.chain_code().as_bytes(),
                peer_public.chain_code(),
                "{what}: from_parts CKDpub"
            );
        } else {
            assert!(
                p.public().derive(DerivationScheme::V2, r).is_err(),
                "{what}: peer hard from public"
            );
        }
        o = o.derive_child(child).expect("derives");
        p = p.derive(DerivationScheme::V2, r);
        assert_same(&o, &p, &what);
    }
    let what = path_text(raw);
    assert_same(
        &ours.derive_path(&children(raw)[..]).expect("derives"),
        &p,
        &what,
    );
    assert_same(
        &ours.derive_path(what.as_str()).expect("derives"),
        &p,
        &what,
    );
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn matches_ed25519_bip32_from_random_roots(root in random_root(), raw in mixed_path(6)) {
        let ours = Key::from_root_bytes(&root).expect("a clamped root");
        check(&ours, &raw);
    }

    #[test]
    fn matches_ed25519_bip32_from_ledger_roots(seed in seed(), raw in mixed_path(6)) {
        let ours = Key::from_seed(&seed).expect("16-64 bytes");
        check(&ours, &raw);
    }
}

#[test]
fn edge_indices() {
    let ours = Key::from_seed(&[7u8; 32]).expect("seed");
    check(&ours, &[0, H - 1, H, u32::MAX, 1, H + 1]);
}
