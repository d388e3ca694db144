//! SLIP-10 ed25519 against slip10_ed25519 0.1 (private key) and ed25519-dalek-bip32 0.3
//! (private key, chain code, public key, depth, child number).
//!
//! Random 16–64-byte seeds and random hardened-only paths (depth ≤ 6; SLIP-10 ed25519 has no
//! normal derivation). Every level is compared, and the whole path through `derive_path` (by
//! child numbers and by text). fastbip32's fingerprints (HASH160 of `0x00 ‖ A`, as SLIP-10's
//! vectors print) are checked against the peers' public keys, since neither peer has one.

use ed25519_dalek_bip32::{ChildIndex, ExtendedSigningKey};
use fastbip32::{ChildNumber, Ed25519, ExtendedPrivateKey, Fingerprint};
use fastbip32_difftests::{children, config, hardened_path, path_text, seed, H};
use proptest::prelude::*;

type Key = ExtendedPrivateKey<Ed25519>;

/// HASH160(0x00 ‖ A)[..4], computed here with the peers' public key.
fn fingerprint_of(public: &[u8; 32]) -> Fingerprint {
    use bitcoin::hashes::{hash160, Hash};
    let mut data = [0u8; 33];
    data[1..].copy_from_slice(public);
    let hash = hash160::Hash::hash(&data);
    Fingerprint::new(hash.to_byte_array()[..4].try_into().expect("4 bytes"))
}

fn assert_same(ours: &Key, peer: &ExtendedSigningKey, parent_public: Option<[u8; 32]>, what: &str) {
    assert_eq!(
        *ours.private_key(),
        peer.signing_key.to_bytes(),
        "{what}: private key"
    );
    assert_eq!(
        *ours.chain_code().as_bytes(),
        peer.chain_code,
        "{what}: chain code"
    );
    let public = peer.verifying_key().to_bytes();
    assert_eq!(ours.public_key(), public, "{what}: public key");
    assert_eq!(ours.depth(), peer.depth, "{what}: depth");
    let peer_raw = match peer.child_index {
        ChildIndex::Hardened(i) => i | H,
        ChildIndex::Normal(i) => i,
    };
    assert_eq!(
        ours.child_number().to_raw(),
        peer_raw,
        "{what}: child number"
    );
    assert_eq!(
        ours.fingerprint(),
        fingerprint_of(&public),
        "{what}: fingerprint"
    );
    let parent = parent_public.map_or(Fingerprint::ZERO, |p| fingerprint_of(&p));
    assert_eq!(
        ours.parent_fingerprint(),
        parent,
        "{what}: parent fingerprint"
    );
}

fn check(seed: &[u8], raw: &[u32]) {
    let ours = Key::from_seed(seed).expect("16-64 bytes");
    let peer = ExtendedSigningKey::from_seed(seed).expect("seed");
    assert_same(&ours, &peer, None, "m");
    let indexes: Vec<u32> = raw.iter().map(|r| r & !H).collect();
    let peer_path: Vec<ChildIndex> = indexes.iter().copied().map(ChildIndex::Hardened).collect();

    let mut o = ours.clone();
    let mut p = peer.derive(&Vec::<ChildIndex>::new()).expect("empty path");
    for (i, &index) in peer_path.iter().enumerate() {
        let what = format!("{} (level {})", path_text(&raw[..=i]), i + 1);
        let parent_public = p.verifying_key().to_bytes();
        o = o
            .derive_child(ChildNumber::from_raw(raw[i]))
            .expect("hardened");
        p = p.derive_child(index).expect("hardened");
        assert_same(&o, &p, Some(parent_public), &what);
        assert_eq!(
            *o.private_key(),
            slip10_ed25519::derive_ed25519_private_key(seed, &indexes[..=i]),
            "{what}: slip10_ed25519 private key"
        );
    }

    let what = path_text(raw);
    let whole = ours.derive_path(&children(raw)[..]).expect("derives");
    let by_text = ours.derive_path(what.as_str()).expect("derives");
    let parent_public = if raw.is_empty() {
        None
    } else {
        Some(
            peer.derive(&peer_path[..raw.len() - 1].to_vec())
                .expect("derives")
                .verifying_key()
                .to_bytes(),
        )
    };
    let peer_whole = peer.derive(&peer_path).expect("derives");
    assert_same(&whole, &peer_whole, parent_public, &what);
    assert_same(&by_text, &peer_whole, parent_public, &what);
    assert_eq!(
        *whole.private_key(),
        slip10_ed25519::derive_ed25519_private_key(seed, &indexes),
        "{what}: slip10_ed25519"
    );
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn matches_ed25519_dalek_bip32_and_slip10_ed25519(seed in seed(), raw in hardened_path(6)) {
        check(&seed, &raw);
    }
}

#[test]
fn edge_indices() {
    let seed: Vec<u8> = (0u8..16).collect();
    check(&seed, &[H, u32::MAX, H + 1, u32::MAX - 1]);
}
