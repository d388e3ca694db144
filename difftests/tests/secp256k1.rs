//! BIP-32 over secp256k1 against rust-bitcoin 0.32 (`bitcoin::bip32`).
//!
//! Random 16–64-byte seeds and random mixed paths (depth ≤ 6, raw child numbers with the
//! edges around 2³¹ overweighted). At every level, and for the whole path through
//! `derive_path` (by child numbers and by text), every output is compared: private key, chain
//! code, public key, fingerprint, parent fingerprint, depth, child number, the 78-byte
//! serialization and the xprv/xpub text. Public derivation (from the key after the last
//! hardened step, and from every parent before a normal step) is compared with rust-bitcoin's
//! `derive_pub`. Each side also parses the other's text.

use bitcoin::bip32::{ChildNumber as BtcChild, Xpriv, Xpub};
use bitcoin::secp256k1::{All, Secp256k1 as Ctx};
use bitcoin::NetworkKind;
use fastbip32::{ChildNumber, Xprv, Xpub as OurXpub, MAX_ENCODED_LEN};
use fastbip32_difftests::{config, mixed_path, path_text, seed};
use proptest::prelude::*;

fn btc_path(raw: &[u32]) -> Vec<BtcChild> {
    raw.iter().copied().map(BtcChild::from).collect()
}

fn assert_same(ours: &Xprv, peer: &Xpriv, ctx: &Ctx<All>, what: &str) {
    assert_eq!(
        *ours.private_key(),
        peer.private_key.secret_bytes(),
        "{what}: private key"
    );
    assert_eq!(
        ours.chain_code().as_bytes()[..],
        peer.chain_code[..],
        "{what}: chain code"
    );
    let peer_xpub = Xpub::from_priv(ctx, peer);
    assert_eq!(
        ours.public_key(),
        peer_xpub.public_key.serialize(),
        "{what}: public key"
    );
    assert_eq!(
        ours.fingerprint().to_bytes(),
        peer.fingerprint(ctx).to_bytes(),
        "{what}: fingerprint"
    );
    assert_eq!(
        ours.parent_fingerprint().to_bytes(),
        peer.parent_fingerprint.to_bytes(),
        "{what}: parent fingerprint"
    );
    assert_eq!(ours.depth(), peer.depth, "{what}: depth");
    assert_eq!(
        ours.child_number().to_raw(),
        u32::from(peer.child_number),
        "{what}: child number"
    );
    assert_eq!(*ours.to_bytes(), peer.encode(), "{what}: 78 bytes");
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let text = ours.encode(&mut buf).expect("fits");
    assert_eq!(text, peer.to_string(), "{what}: xprv");
    let xpub = ours.to_xpub();
    assert_eq!(xpub.to_string(), peer_xpub.to_string(), "{what}: xpub");
    assert_eq!(
        *xpub.to_bytes(),
        peer_xpub.encode(),
        "{what}: xpub 78 bytes"
    );
    // Each parses the other's text.
    assert_eq!(
        &peer.to_string().parse::<Xprv>().expect("parses"),
        ours,
        "{what}: parse xprv"
    );
    assert_eq!(
        peer_xpub.to_string().parse::<OurXpub>().expect("parses"),
        xpub,
        "{what}: parse xpub"
    );
    assert_eq!(
        text.parse::<Xpriv>().expect("bitcoin parses ours"),
        *peer,
        "{what}: bitcoin parse"
    );
}

fn assert_same_public(ours: &OurXpub, peer: &Xpub, what: &str) {
    assert_eq!(
        ours.public_key(),
        peer.public_key.serialize(),
        "{what}: public key"
    );
    assert_eq!(
        ours.chain_code().as_bytes()[..],
        peer.chain_code[..],
        "{what}: chain code"
    );
    assert_eq!(
        ours.fingerprint().to_bytes(),
        peer.fingerprint().to_bytes(),
        "{what}: fingerprint"
    );
    assert_eq!(
        ours.parent_fingerprint().to_bytes(),
        peer.parent_fingerprint.to_bytes(),
        "{what}: parent fingerprint"
    );
    assert_eq!(ours.depth(), peer.depth, "{what}: depth");
    assert_eq!(
        ours.child_number().to_raw(),
        u32::from(peer.child_number),
        "{what}: child number"
    );
    assert_eq!(ours.to_string(), peer.to_string(), "{what}: xpub");
}

fn check(seed: &[u8], raw: &[u32], ctx: &Ctx<All>) {
    let ours = Xprv::from_seed(seed).expect("16-64 bytes");
    let peer = Xpriv::new_master(NetworkKind::Main, seed).expect("seed");
    assert_same(&ours, &peer, ctx, "m");

    // Level by level.
    let mut o = ours.clone();
    let mut p = peer;
    for (i, &r) in raw.iter().enumerate() {
        let what = format!("{} (level {})", path_text(&raw[..=i]), i + 1);
        let child = ChildNumber::from_raw(r);
        if child.is_normal() {
            let public = o
                .to_xpub()
                .derive_child_vartime(child)
                .expect("normal child");
            let peer_public = Xpub::from_priv(ctx, &p)
                .ckd_pub(ctx, BtcChild::from(r))
                .expect("ckd_pub");
            assert_same_public(&public, &peer_public, &format!("{what} CKDpub"));
        }
        o = o.derive_child(child).expect("derives");
        p = p.derive_priv(ctx, &[BtcChild::from(r)]).expect("derives");
        assert_same(&o, &p, ctx, &what);
    }

    // The whole path at once (fastbip32's path walk is a separate code path).
    let what = path_text(raw);
    let whole = ours
        .derive_path(&fastbip32_difftests::children(raw)[..])
        .expect("derives");
    let by_text = ours.derive_path(what.as_str()).expect("derives");
    let peer_whole = peer.derive_priv(ctx, &btc_path(raw)).expect("derives");
    assert_same(&whole, &peer_whole, ctx, &what);
    assert_same(&by_text, &peer_whole, ctx, &what);

    // Public derivation of the normal suffix.
    let split = raw
        .iter()
        .rposition(|&r| r >= fastbip32_difftests::H)
        .map_or(0, |i| i + 1);
    let base = ours
        .derive_path(&fastbip32_difftests::children(&raw[..split])[..])
        .expect("derives");
    let peer_base = peer
        .derive_priv(ctx, &btc_path(&raw[..split]))
        .expect("derives");
    let suffix = base
        .to_xpub()
        .derive_path_vartime(&fastbip32_difftests::children(&raw[split..])[..])
        .expect("normal");
    let peer_suffix = Xpub::from_priv(ctx, &peer_base)
        .derive_pub(ctx, &btc_path(&raw[split..]))
        .expect("normal");
    assert_same_public(
        &suffix,
        &peer_suffix,
        &format!("{what} suffix from {split}"),
    );
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn matches_rust_bitcoin(seed in seed(), raw in mixed_path(6)) {
        thread_local!(static CTX: Ctx<All> = Ctx::new());
        CTX.with(|ctx| check(&seed, &raw, ctx));
    }
}

/// BIP-32 test vector 1's seed with the edge indices, as a fixed case.
#[test]
fn edge_indices() {
    let ctx = Ctx::new();
    let seed: Vec<u8> = (0u8..16).collect();
    check(
        &seed,
        &[0, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 1, 0x8000_0001],
        &ctx,
    );
}
