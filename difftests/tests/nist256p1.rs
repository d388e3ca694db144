//! SLIP-10 over NIST P-256 against bip0032 0.2 (`p256` backend, `new_slip10` and
//! `derive_slip10_child`) and hd-wallet 0.7 (`curve-secp256r1`, `Slip10`).
//!
//! Random 16–64-byte seeds and random mixed paths (depth ≤ 6). At every level: private key,
//! chain code, public key with both peers; parent fingerprint, depth and child number with
//! bip0032 (hd-wallet keeps none of them); our fingerprint is checked through the next level's
//! parent fingerprint. Public derivation before every normal step, with both peers. The whole
//! path through `derive_path` (by child numbers and by text) at the end.
//!
//! The SLIP-10 retry rule (`I_L ≥ n` or a zero key: retry with `0x01 ‖ I_R ‖ ser32(i)`; for the
//! master key `S := I`) is hit with probability about 2⁻³² per step, so random cases never
//! reach it: `retry_vectors` runs SLIP-10's two published retry vectors through all three
//! implementations, privately and publicly. Both peers implement the rule (bip0032 in
//! `xkey/slip10.rs`; hd-wallet in `slip10.rs`).

use bip0032::curve::nist256p1::{Nist256p1Curve, P256Backend};
use bip0032::slip10::{Slip10MasterKey, Slip10NonHardenedDerivation};
use fastbip32::{ChildNumber, ExtendedPrivateKey, ExtendedPublicKey, NistP256};
use fastbip32_difftests::{children, config, mixed_path, path_text, seed, H};
use hd_wallet::curves::Secp256r1;
use hd_wallet::HdWallet as _;
use proptest::prelude::*;

type Key = ExtendedPrivateKey<NistP256>;
type Bip0032Key = bip0032::ExtendedPrivateKey<Nist256p1Curve<P256Backend>>;
type Bip0032Pub = bip0032::ExtendedPublicKey<Nist256p1Curve<P256Backend>>;
type HdPair = hd_wallet::ExtendedKeyPair<Secp256r1>;

fn b_child(raw: u32) -> bip0032::ChildNumber {
    bip0032::ChildNumber::from_bytes(raw.to_be_bytes())
}

fn assert_same_bip0032(ours: &Key, peer: &Bip0032Key, what: &str) {
    assert_eq!(
        *ours.private_key(),
        *peer.to_bytes(),
        "{what}: private key (bip0032)"
    );
    assert_eq!(
        *ours.chain_code().as_bytes(),
        peer.chain_code(),
        "{what}: chain code (bip0032)"
    );
    assert_eq!(
        ours.public_key(),
        peer.public_key().to_bytes(),
        "{what}: public key (bip0032)"
    );
    assert_eq!(
        ours.parent_fingerprint().to_bytes(),
        peer.parent_fingerprint(),
        "{what}: parent fingerprint (bip0032)"
    );
    assert_eq!(ours.depth(), peer.depth(), "{what}: depth (bip0032)");
    assert_eq!(
        ours.child_number().to_raw(),
        u32::from(peer.child_number()),
        "{what}: child number (bip0032)"
    );
}

fn assert_same_public_bip0032(ours: &ExtendedPublicKey<NistP256>, peer: &Bip0032Pub, what: &str) {
    assert_eq!(
        ours.public_key(),
        peer.to_bytes(),
        "{what}: public key (bip0032 CKDpub)"
    );
    assert_eq!(
        *ours.chain_code().as_bytes(),
        peer.chain_code(),
        "{what}: chain code (bip0032 CKDpub)"
    );
    assert_eq!(
        ours.parent_fingerprint().to_bytes(),
        peer.parent_fingerprint(),
        "{what}: parent fingerprint (bip0032 CKDpub)"
    );
}

fn hd_secret(pair: &HdPair) -> [u8; 32] {
    pair.secret_key()
        .secret_key
        .as_ref()
        .to_be_bytes()
        .as_bytes()
        .try_into()
        .expect("32 bytes")
}

fn assert_same_hd(ours: &Key, peer: &HdPair, what: &str) {
    assert_eq!(
        *ours.private_key(),
        hd_secret(peer),
        "{what}: private key (hd-wallet)"
    );
    assert_eq!(
        ours.chain_code().as_bytes(),
        peer.chain_code(),
        "{what}: chain code (hd-wallet)"
    );
    assert_eq!(
        ours.public_key()[..],
        peer.public_key().public_key.to_bytes(true)[..],
        "{what}: public key (hd-wallet)"
    );
}

fn check(seed: &[u8], raw: &[u32]) {
    let ours = Key::from_seed(seed).expect("16-64 bytes");
    let b = Bip0032Key::new_slip10(seed).expect("seed");
    let hd = HdPair::from(hd_wallet::slip10::derive_master_key::<Secp256r1>(seed).expect("seed"));
    assert_same_bip0032(&ours, &b, "m");
    assert_same_hd(&ours, &hd, "m");

    let (mut o, mut bk, mut hk) = (ours.clone(), b.clone(), hd.clone());
    for (i, &r) in raw.iter().enumerate() {
        let what = format!("{} (level {})", path_text(&raw[..=i]), i + 1);
        let child = ChildNumber::from_raw(r);
        if r < H {
            let public = o
                .to_xpub()
                .derive_child_vartime(child)
                .expect("a normal child");
            let b_public =
                Slip10NonHardenedDerivation::derive_slip10_child(&bk.public_key(), b_child(r))
                    .expect("normal");
            assert_same_public_bip0032(&public, &b_public, &what);
            let hd_public = hd_wallet::Slip10::derive_child_public_key(
                hk.public_key(),
                r.try_into().expect("a normal index"),
            );
            assert_eq!(
                public.public_key()[..],
                hd_public.public_key.to_bytes(true)[..],
                "{what}: hd-wallet CKDpub"
            );
            assert_eq!(
                public.chain_code().as_bytes(),
                &hd_public.chain_code,
                "{what}: hd-wallet CKDpub"
            );
        }
        let parent_fingerprint = o.fingerprint();
        o = o.derive_child(child).expect("derives");
        bk = Slip10NonHardenedDerivation::derive_slip10_child(&bk, b_child(r)).expect("derives");
        hk = hd_wallet::Slip10::derive_child_key_pair(&hk, r);
        assert_eq!(
            o.parent_fingerprint(),
            parent_fingerprint,
            "{what}: parent fingerprint"
        );
        assert_same_bip0032(&o, &bk, &what);
        assert_same_hd(&o, &hk, &what);
    }
    let what = path_text(raw);
    let whole = ours.derive_path(&children(raw)[..]).expect("derives");
    assert_same_bip0032(&whole, &bk, &what);
    assert_same_hd(&whole, &hk, &what);
    let by_text = ours.derive_path(what.as_str()).expect("derives");
    assert_same_bip0032(&by_text, &bk, &what);
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn matches_bip0032_and_hd_wallet(seed in seed(), raw in mixed_path(6)) {
        check(&seed, &raw);
    }
}

#[test]
fn edge_indices() {
    let seed: Vec<u8> = (0u8..16).collect();
    check(&seed, &[0, H - 1, H, u32::MAX, 1, H + 1]);
}

/// SLIP-10's published nist256p1 retry vectors, through all three, privately and publicly.
#[test]
fn retry_vectors() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../../tests/data/slip10.json")).expect("json");
    let mut seen = 0;
    for case in data["cases"].as_array().expect("cases") {
        let id = case["id"].as_str().expect("id");
        if !id.contains("retry") {
            continue;
        }
        seen += 1;
        let seed = hex::decode(case["seed_hex"].as_str().expect("seed")).expect("hex");
        for step in case["chain"].as_array().expect("chain") {
            let raw: Vec<u32> = step["path_indices"]
                .as_array()
                .expect("indices")
                .iter()
                .map(|v| u32::try_from(v.as_u64().expect("u64")).expect("u32"))
                .collect();
            let what = format!("{id} {}", step["path"]);
            let expect = |name: &str| hex::decode(step[name].as_str().expect(name)).expect("hex");
            let ours = Key::from_seed(&seed)
                .expect("seed")
                .derive_path(&children(&raw)[..])
                .expect("derives");
            assert_eq!(
                ours.private_key()[..],
                expect("private_key_hex")[..],
                "{what}: ours"
            );
            assert_eq!(
                ours.chain_code().as_bytes()[..],
                expect("chain_code_hex")[..],
                "{what}: ours"
            );
            assert_eq!(
                ours.public_key()[..],
                expect("public_key_hex")[..],
                "{what}: ours"
            );
            assert_eq!(
                ours.parent_fingerprint().to_bytes()[..],
                expect("parent_fingerprint_hex")[..],
                "{what}: ours"
            );
            let mut b = Bip0032Key::new_slip10(&seed).expect("seed");
            let mut hd = HdPair::from(
                hd_wallet::slip10::derive_master_key::<Secp256r1>(&seed).expect("seed"),
            );
            for &r in &raw {
                b = Slip10NonHardenedDerivation::derive_slip10_child(&b, b_child(r))
                    .expect("derives");
                hd = hd_wallet::Slip10::derive_child_key_pair(&hd, r);
            }
            assert_same_bip0032(&ours, &b, &what);
            assert_same_hd(&ours, &hd, &what);
            // The retry step is a normal one: public derivation must retry the same way.
            if let Some((&last, parent)) = raw.split_last() {
                if last < H {
                    let parent_key = Key::from_seed(&seed)
                        .expect("seed")
                        .derive_path(&children(parent)[..])
                        .expect("derives");
                    let public = parent_key
                        .to_xpub()
                        .derive_child_vartime(ChildNumber::from_raw(last))
                        .expect("normal");
                    assert_eq!(
                        public.public_key()[..],
                        expect("public_key_hex")[..],
                        "{what}: ours CKDpub"
                    );
                    assert_eq!(
                        public.chain_code().as_bytes()[..],
                        expect("chain_code_hex")[..],
                        "{what}: ours CKDpub"
                    );
                    let mut bp = Bip0032Key::new_slip10(&seed).expect("seed");
                    let mut hdp = HdPair::from(
                        hd_wallet::slip10::derive_master_key::<Secp256r1>(&seed).expect("seed"),
                    );
                    for &r in parent {
                        bp = Slip10NonHardenedDerivation::derive_slip10_child(&bp, b_child(r))
                            .expect("derives");
                        hdp = hd_wallet::Slip10::derive_child_key_pair(&hdp, r);
                    }
                    let b_public = Slip10NonHardenedDerivation::derive_slip10_child(
                        &bp.public_key(),
                        b_child(last),
                    )
                    .expect("normal");
                    assert_same_public_bip0032(&public, &b_public, &format!("{what} CKDpub"));
                    let hd_public = hd_wallet::Slip10::derive_child_public_key(
                        hdp.public_key(),
                        last.try_into().expect("normal"),
                    );
                    assert_eq!(
                        public.public_key()[..],
                        hd_public.public_key.to_bytes(true)[..],
                        "{what}: hd-wallet CKDpub"
                    );
                }
            }
        }
    }
    assert_eq!(seen, 2, "both retry vectors");
}
