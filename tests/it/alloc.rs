//! Parsing, printing and deriving allocate nothing on the heap.
//!
//! The binary's global allocator (`allocator.rs`) counts allocations made by the current
//! thread (the test harness runs tests on several threads). Each scheme is warmed up once first: the
//! `secp256k1` crate allocates its per-thread context on first use. Allocations inside C
//! libraries (aws-lc's `malloc` for P-256) are not visible to Rust's allocator.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core,
    clippy::cast_possible_truncation
)] // test code: failing loudly is the point

use std::fmt::Write as _;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::allocator::allocations;
use fastbip32::{DerivationPath, Ed25519, ExtendedPrivateKey, Scheme, Secp256k1, Version};

/// A `fmt::Write` into a stack buffer.
struct Buf {
    bytes: [u8; 256],
    len: usize,
}

impl std::fmt::Write for Buf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

const SEED: [u8; 64] = {
    let mut s = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        s[i] = i as u8;
        i += 1;
    }
    s
};

fn derive_everything<S: Scheme>(path: &str) {
    let key = ExtendedPrivateKey::<S>::from_seed(&SEED).unwrap();
    let child = key.derive_path(path).unwrap();
    let parsed: DerivationPath = path.parse().unwrap();
    let again = key.derive_path(&parsed).unwrap();
    assert!(child == again);
    std::hint::black_box((
        child.public_key(),
        child.fingerprint(),
        child.parent_fingerprint(),
    ));
}

fn check_scheme<S: Scheme>(path: &str) {
    derive_everything::<S>(path); // warm-up: lazily created contexts
    let (n, ()) = allocations(|| derive_everything::<S>(path));
    assert_eq!(n, 0, "{}: {n} allocations deriving {path}", S::NAME);
}

#[test]
fn derivation_allocates_nothing() {
    for_each_scheme!(|S, path| {
        check_scheme::<S>(path);
    });
}

#[test]
fn path_parse_and_display_allocate_nothing() {
    for text in ["m", "m/44'/0'/0'/0/0", "m/1h/2H/3/4/5/6/7/8/9/2147483647'"] {
        let (n, ()) = allocations(|| {
            let p: DerivationPath = text.parse().unwrap();
            let mut buf = Buf {
                bytes: [0; 256],
                len: 0,
            };
            write!(buf, "{p}").unwrap();
            assert!(buf.len > 0);
        });
        assert_eq!(n, 0, "{n} allocations parsing and printing {text}");
    }
}

#[test]
fn encoding_into_a_buffer_allocates_nothing() {
    let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED).unwrap();
    let _ = key.public_key();
    let xpub = key.to_xpub();
    assert_eq!(
        (key.version(), xpub.version()),
        (Version::XPRV, Version::XPUB)
    );
    let (n, ()) = allocations(|| {
        let mut buf = [0u8; 112];
        assert!(key.encode(&mut buf).unwrap().starts_with("xprv"));
        assert!(xpub.encode(&mut buf).unwrap().starts_with("xpub"));
        // Neutering into a value allocates nothing either.
        let again = key.to_xpub();
        assert!(again.encode(&mut buf).unwrap().starts_with("xpub"));
    });
    assert_eq!(n, 0, "{n} allocations encoding");
}

#[test]
fn serial_batches_allocate_nothing() {
    let parent = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED)
        .unwrap()
        .derive_path("m/44'/60'/0'/0")
        .unwrap();
    let start = fastbip32::ChildNumber::normal(0).unwrap();
    let mut keys = [const { fastbip32::SecretBytes::new([0u8; 32]) }; 64];
    parent.derive_private_keys_into(start, &mut keys).unwrap(); // warm-up
    let (n, ()) = allocations(|| parent.derive_private_keys_into(start, &mut keys).unwrap());
    assert_eq!(n, 0, "{n} allocations for a private batch");
    let xpub = parent.to_xpub();
    let mut publics = [[0u8; 33]; 200];
    // Warm-up: the first secp256k1 public batch of the process builds the fixed-base table.
    xpub.derive_public_keys_into_vartime(start, &mut publics)
        .unwrap();
    let (n, ()) = allocations(|| {
        xpub.derive_public_keys_into_vartime(start, &mut publics)
            .unwrap();
    });
    assert_eq!(n, 0, "{n} allocations for a public batch");
    let (n, ()) = allocations(|| {
        parent
            .derive_public_keys_into_vartime(start, &mut publics)
            .unwrap();
    });
    assert_eq!(
        n, 0,
        "{n} allocations for a vartime public batch of a private key"
    );
    let (n, ()) = allocations(|| parent.derive_public_keys_into(start, &mut publics).unwrap());
    assert_eq!(
        n, 0,
        "{n} allocations for a constant-time public batch of a private key"
    );
    let (n, count) = allocations(|| parent.children(start, 64).unwrap().flatten().count());
    assert_eq!((n, count), (0, 64), "allocations for the children iterator");

    let cardano = ExtendedPrivateKey::<fastbip32::Ed25519Bip32>::from_seed(&SEED)
        .unwrap()
        .derive_path("m/1852'/1815'/0'/0")
        .unwrap()
        .to_xpub();
    let mut ed = [[0u8; 32]; 40];
    // Warm-up: the first BIP32-Ed25519 public batch of the process builds its fixed-base table.
    cardano
        .derive_public_keys_into_vartime(start, &mut ed)
        .unwrap();
    let (n, ()) = allocations(|| {
        cardano
            .derive_public_keys_into_vartime(start, &mut ed)
            .unwrap();
    });
    assert_eq!(n, 0, "{n} allocations for a BIP32-Ed25519 public batch");
}

#[test]
fn addresses_and_wif_allocate_nothing() {
    use fastbip32::address::{self, bitcoin, cardano, CardanoNetwork};
    use fastbip32::{wif, Network};

    let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED).unwrap();
    let public = key.public_key();
    let ed = ExtendedPrivateKey::<Ed25519>::from_seed(&SEED)
        .unwrap()
        .public_key();
    let encode_all = || {
        let mut total = 0;
        for net in Network::ALL {
            total += bitcoin::p2pkh(&public, net).len();
            total += bitcoin::p2sh_p2wpkh(&public, net).len();
            total += bitcoin::p2wpkh(&public, net).len();
            total += bitcoin::p2tr(&public, net).unwrap().len();
            let mut buf = [0u8; wif::ENCODED_LEN];
            let text = wif::encode(key.private_key(), net, &mut buf).unwrap();
            total += text.len();
            assert!(wif::decode(text).unwrap().fits(net));
        }
        total += address::ethereum(&public).unwrap().len();
        total += address::solana(&ed).len();
        for net in [CardanoNetwork::Mainnet, CardanoNetwork::Testnet] {
            total += cardano::base(&ed, &ed, net).len();
            total += cardano::enterprise(&ed, net).len();
            total += cardano::reward(&ed, net).len();
        }
        // Printing goes through `Display` into a stack buffer.
        let mut buf = Buf {
            bytes: [0; 256],
            len: 0,
        };
        write!(buf, "{}", bitcoin::p2wpkh(&public, Network::Mainnet)).unwrap();
        total + buf.len
    };
    let _ = encode_all(); // warm-up: the secp256k1 context
    let (n, total) = allocations(encode_all);
    assert!(total > 0);
    assert_eq!(n, 0, "{n} allocations encoding addresses and WIF");
}

#[cfg(feature = "descriptor")]
#[test]
fn descriptor_derivation_allocates_nothing_per_index() {
    use fastbip32::descriptor::{Derived, Descriptor};
    use fastbip32::Network;

    let account = ExtendedPrivateKey::<Secp256k1>::from_seed(&SEED)
        .unwrap()
        .derive_path("m/84'/0'/0'")
        .unwrap();
    let xprv = account.to_zeroizing_string();
    let xpub = account.to_xpub().to_string();
    for text in [
        format!("wpkh([00000000/84h/0h/0h]{xpub}/<0;1>/*)"),
        format!("tr({xpub}/0/*)"),
        format!("sh(wpkh({}/1/*h))", xprv.as_str()),
        format!("wsh(sortedmulti(2,{xpub}/0/*,{xpub}/1/*,{xpub}/2/*))"),
    ] {
        let d: Descriptor = text.parse().unwrap();
        let branch = d.branch(d.branch_count() - 1).unwrap(); // allocates, once per branch
                                                              // Several chunks of 128 (single key) and 16 (multisig); allocated before counting.
        let mut out = vec![Derived::default(); 300];
        branch.derive_into(0, &mut out).unwrap(); // warm-up
        let (n, ()) = allocations(|| {
            branch.derive_into(1000, &mut out).unwrap();
            let one = branch.derive(7).unwrap();
            let address = one.address(Network::Mainnet).unwrap();
            let path = branch.full_path(7).unwrap();
            std::hint::black_box((address, path));
        });
        assert_eq!(n, 0, "{n} allocations deriving from {text}");
    }
}

#[cfg(feature = "recovery")]
#[test]
fn recovery_filter_allocates_nothing_per_candidate() {
    use fastbip32::recovery::{Batch, Options, Space, Template, MAX_PHRASE_LEN};

    // Missing words, swaps, a list and two passphrases: the walk crosses blocks and classes.
    let text = "legal winner {thank,zoo} year wave sausage worth useful legal winner thank";
    let template = Template::parse(text, &Options::new().missing(1).swaps(1)).unwrap();
    let space = Space::new(template, ["", "TREZOR"]).unwrap();
    let mut batch = Batch::new();
    let mut phrase = [0u8; MAX_PHRASE_LEN];
    let (n, valid) = allocations(|| {
        let mut candidates = space.candidates(0..space.size()).unwrap();
        let mut valid = 0;
        while candidates.next_batch_vartime(&mut batch) > 0 {
            for i in 0..batch.len() {
                valid += usize::from(space.write_phrase(batch.words(i), &mut phrase).is_some());
            }
        }
        let one = space.unrank(space.size() / 2).unwrap();
        std::hint::black_box((one, space.shard(3, 7).unwrap()));
        valid
    });
    assert_eq!(
        n,
        0,
        "{n} allocations filtering {} candidates",
        space.size()
    );
    assert!(valid > 0);
}
