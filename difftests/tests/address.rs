//! Bitcoin addresses and WIF against rust-bitcoin 0.32 (`bitcoin::Address`,
//! `bitcoin::PrivateKey`), over random keys and all four networks.
//!
//! * P2PKH, P2SH-P2WPKH, P2WPKH and P2TR (BIP-86, no script tree) of random public keys;
//! * `from_script_pubkey` on each of those scriptPubKeys, and on random witness programs and
//!   script templates (accepted and rejected alike);
//! * WIF both ways: our text parsed by rust-bitcoin and its text parsed by us.

use bitcoin::key::{CompressedPublicKey, UntweakedPublicKey};
use bitcoin::secp256k1::{PublicKey, Secp256k1, SecretKey};
use bitcoin::{
    Address, Network as BtcNetwork, PrivateKey, ScriptBuf, WitnessProgram, WitnessVersion,
};
use fastbip32::address::bitcoin as ours;
use fastbip32::{wif, Network};
use fastbip32_difftests::config;
use proptest::prelude::*;

fn btc(network: Network) -> BtcNetwork {
    match network {
        Network::Mainnet => BtcNetwork::Bitcoin,
        Network::Testnet => BtcNetwork::Testnet,
        Network::Signet => BtcNetwork::Signet,
        Network::Regtest => BtcNetwork::Regtest,
    }
}

fn network() -> impl Strategy<Value = Network> {
    prop::sample::select(Network::ALL.to_vec())
}

/// A valid secret key (the chance that 32 random bytes are not one is below 2⁻¹²⁷).
fn secret() -> impl Strategy<Value = SecretKey> {
    any::<[u8; 32]>().prop_filter_map("not a secret key", |b| SecretKey::from_slice(&b).ok())
}

/// A script: a template (P2PKH, P2SH, witness program) with random contents and lengths, or
/// random bytes.
fn script() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        (any::<[u8; 20]>(), 0usize..3).prop_map(|(h, bad)| {
            let mut s = vec![0x76, 0xa9, 0x14];
            s.extend(h);
            s.extend([0x88, 0xac]);
            s.truncate(s.len() - bad);
            s
        }),
        (any::<[u8; 20]>(), any::<bool>()).prop_map(|(h, equal)| {
            let mut s = vec![0xa9, 0x14];
            s.extend(h);
            s.push(if equal { 0x87 } else { 0x88 });
            s
        }),
        (
            prop::sample::select(vec![0u8, 0x51, 0x52, 0x5f, 0x60, 0x61, 0x4f]),
            prop::collection::vec(any::<u8>(), 0..45),
            0u8..3,
        )
            .prop_map(|(op, program, skew)| {
                let mut s = vec![op];
                #[allow(clippy::cast_possible_truncation)]
                s.push((program.len() as u8).wrapping_add(skew).wrapping_sub(1));
                s.extend(program);
                s
            }),
        prop::collection::vec(any::<u8>(), 0..50),
    ]
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn single_key_addresses(sk in secret(), net in network()) {
        let secp = Secp256k1::new();
        let public = PublicKey::from_secret_key(&secp, &sk);
        let bytes = public.serialize();
        let compressed = CompressedPublicKey(public);

        let theirs = [
            Address::p2pkh(compressed, btc(net)),
            Address::p2shwpkh(&compressed, btc(net)),
            Address::p2wpkh(&compressed, btc(net)),
            Address::p2tr(&secp, UntweakedPublicKey::from(public), None, btc(net)),
        ];
        let mine = [
            ours::p2pkh(&bytes, net),
            ours::p2sh_p2wpkh(&bytes, net),
            ours::p2wpkh(&bytes, net),
            ours::p2tr(&bytes, net).unwrap(),
        ];
        for (t, m) in theirs.iter().zip(&mine) {
            prop_assert_eq!(m.as_str(), t.to_string());
            let script = t.script_pubkey();
            prop_assert_eq!(ours::from_script_pubkey(script.as_bytes(), net).unwrap(), *m);
        }
        let tweaked = theirs[3].script_pubkey();
        prop_assert_eq!(&ours::taproot_output_key(&bytes).unwrap()[..], &tweaked.as_bytes()[2..]);
    }

    #[test]
    fn witness_programs(version in 0u8..=17, program in prop::collection::vec(any::<u8>(), 0..45),
                        net in network()) {
        let theirs = WitnessVersion::try_from(version)
            .ok()
            .and_then(|v| WitnessProgram::new(v, &program).ok())
            .map(|p| Address::from_witness_program(p, btc(net)).to_string());
        let mine = ours::segwit(version, &program, net).ok().map(|a| a.to_string());
        prop_assert_eq!(mine, theirs);
    }

    #[test]
    fn scripts(script in script(), net in network()) {
        let theirs = Address::from_script(&ScriptBuf::from_bytes(script.clone()), btc(net))
            .ok()
            .map(|a| a.to_string());
        let mine = ours::from_script_pubkey(&script, net).ok().map(|a| a.to_string());
        prop_assert_eq!(mine, theirs, "script {}", hex::encode(&script));
    }

    #[test]
    fn wif_both_ways(sk in secret(), net in network()) {
        let secret = sk.secret_bytes();
        let mut buf = [0u8; wif::ENCODED_LEN];
        let text = wif::encode(&secret, net, &mut buf).unwrap();
        let theirs = PrivateKey::new(sk, btc(net));
        prop_assert_eq!(text, theirs.to_wif());

        let parsed = PrivateKey::from_wif(text).unwrap();
        prop_assert_eq!(parsed.inner.secret_bytes(), secret);
        prop_assert!(parsed.compressed);
        prop_assert_eq!(parsed.network, theirs.network);

        let back = wif::decode(&theirs.to_wif()).unwrap();
        prop_assert_eq!(back.secret().expose(), &secret);
        prop_assert!(back.fits(net));

        // An uncompressed WIF is refused, not misread.
        let uncompressed = PrivateKey::new_uncompressed(sk, btc(net)).to_wif();
        prop_assert_eq!(wif::decode(&uncompressed).err(), Some(fastbip32::address::Error::UncompressedWif));
    }
}
