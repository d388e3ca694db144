//! Output descriptors against rust-miniscript 12 (and rust-bitcoin 0.32 where miniscript
//! cannot derive).
//!
//! Random descriptors of every supported type: `pkh`, `wpkh`, `sh(wpkh)`, `tr`, and
//! `multi`/`sortedmulti` (1 to 5 keys) inside `sh`, `wsh` and `sh(wsh)`, and bare (1 to 3
//! keys, which have no address). Keys are random
//! hex public keys (x-only inside `tr`), compressed WIF keys, or `xpub`/`tpub`/`xprv`/`tprv` of random seeds at
//! random depths, with random origins, random normal steps, an optional BIP-389 multipath step
//! (the same length for every key of a descriptor) and an optional range. Both libraries parse
//! the text; then, per branch and for random indices, the scriptPubKeys and addresses must be
//! equal, and the canonical strings (with checksum) must be identical.
//!
//! Documented differences, which the generator steers around:
//! * miniscript parses no bare `sortedmulti()`: bare multisig cases are `multi()` only
//!   (BIP-383's and Bitcoin Core's published vectors cover bare `sortedmulti()`).
//! * miniscript writes every hardened step as `'` and a hardened range as `*h`; fastbip32
//!   (as Bitcoin Core) keeps one marker per key. Strings are compared for descriptors written
//!   with `'` and without hardened ranges.
//! * miniscript turns an `xprv` with hardened steps into its normalized public form (the xpub
//!   at the last hardened step, with the steps moved into the origin); fastbip32 (as Bitcoin
//!   Core's `ToString`) writes the xprv's own xpub followed by the steps. Strings are not
//!   compared for such keys; scripts are.
//! * A WIF key: inside `tr()` miniscript prints its 33-byte key, Bitcoin Core (and fastbip32)
//!   the 32-byte x-only key; and miniscript 12 drops a WIF key's origin
//!   (`[…]L4rK…` prints without `[…]`). Strings are not compared then.
//! * miniscript cannot derive hardened ranges (`/*'`) nor make multipath `xprv`s public.
//!   Those are checked against rust-bitcoin's `derive_priv` and script builders instead.

use std::str::FromStr;

use bitcoin::bip32::{DerivationPath as BtcPath, Xpriv};
use bitcoin::key::{CompressedPublicKey, Secp256k1 as Ctx};
use bitcoin::{Address as BtcAddress, Network as BtcNetwork, ScriptBuf};
use fastbip32::descriptor::{compute_checksum, Descriptor};
use fastbip32::{Network, Version, Xprv, MAX_ENCODED_LEN};
use fastbip32_difftests::config;
use miniscript::descriptor::{Descriptor as MsDescriptor, DescriptorPublicKey};
use proptest::prelude::*;

/// xorshift64*: the generator's randomness, seeded by proptest.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn index(&mut self) -> u32 {
        match self.below(4) {
            0 => u32::try_from(self.below(4)).unwrap(),
            1 => (1 << 31) - 1 - u32::try_from(self.below(4)).unwrap(),
            _ => u32::try_from(self.below(1 << 31)).unwrap(),
        }
    }
}

/// One generated key expression, in both marker styles.
struct Key {
    /// With `'` markers.
    apostrophe: String,
    /// With `h` markers.
    h: String,
    /// The key is an xprv with hardened steps after it (miniscript normalizes it).
    normalized_by_miniscript: bool,
    hardened_range: bool,
    /// For the rust-bitcoin check of hardened ranges: the xprv and the path before `*'`.
    xprv: Option<(Xprv, Vec<u32>)>,
}

fn write_steps(steps: &[u32], marker: char) -> String {
    let mut out = String::new();
    for &s in steps {
        out.push('/');
        out.push_str(&(s & 0x7fff_ffff).to_string());
        if s >= 1 << 31 {
            out.push(marker);
        }
    }
    out
}

fn random_key(
    rng: &mut Rng,
    test: bool,
    taproot: bool,
    branches: usize,
    allow_hardened_range: bool,
) -> Key {
    let seed: Vec<u8> = (0..32)
        .map(|_| u8::try_from(rng.below(256)).unwrap())
        .collect();
    let master = Xprv::from_seed(&seed).unwrap();
    let depth = rng.below(4);
    let account_path: Vec<u32> = (0..depth)
        .map(|_| rng.index() | if rng.chance(60) { 1 << 31 } else { 0 })
        .collect();
    let mut key = master.clone();
    for &c in &account_path {
        key = key.derive_child(c.into()).unwrap();
    }
    let origin: Option<(u32, Vec<u32>)> = rng.chance(50).then(|| {
        (
            u32::try_from(rng.below(1 << 32)).unwrap(),
            account_path.clone(),
        )
    });
    let origin_text = |marker: char| match &origin {
        Some((fp, path)) => format!("[{fp:08x}{}]", write_steps(path, marker)),
        None => String::new(),
    };
    if rng.chance(25) && branches == 1 {
        // A hex public key.
        let public = key.public_key();
        let wif = rng.chance(35);
        let text = if wif {
            let network = if test {
                Network::Testnet
            } else {
                Network::Mainnet
            };
            fastbip32::wif::encode_to_string(key.private_key(), network)
                .unwrap()
                .to_string()
        } else if taproot && rng.chance(50) {
            hex::encode(&public[1..])
        } else {
            hex::encode(public)
        };
        return Key {
            apostrophe: format!("{}{text}", origin_text('\'')),
            h: format!("{}{text}", origin_text('h')),
            // miniscript prints a WIF key inside tr() as 66 hex digits (Core: 64) and drops a
            // WIF key's origin.
            normalized_by_miniscript: wif && (taproot || origin.is_some()),
            hardened_range: false,
            xprv: None,
        };
    }
    let private = rng.chance(35) && branches == 1;
    let (xprv_version, xpub_version) = if test {
        (Version::TPRV, Version::TPUB)
    } else {
        (Version::XPRV, Version::XPUB)
    };
    let mut buf = [0u8; MAX_ENCODED_LEN];
    let key_text = if private {
        key.clone()
            .with_version(xprv_version)
            .unwrap()
            .encode(&mut buf)
            .unwrap()
            .to_string()
    } else {
        key.to_xpub()
            .with_version(xpub_version)
            .unwrap()
            .encode(&mut buf)
            .unwrap()
            .to_string()
    };
    let steps: Vec<u32> = (0..rng.below(3))
        .map(|_| {
            let hardened = private && rng.chance(30);
            u32::try_from(rng.below(1000)).unwrap() | if hardened { 1 << 31 } else { 0 }
        })
        .collect();
    let multipath: Option<(usize, Vec<u32>)> = (branches > 1).then(|| {
        let mut values: Vec<u32> = Vec::new();
        while values.len() < branches {
            let v = u32::try_from(rng.below(50)).unwrap();
            if !values.contains(&v) {
                values.push(v);
            }
        }
        (
            usize::try_from(rng.below(steps.len() as u64 + 1)).unwrap(),
            values,
        )
    });
    let hardened_range = private && allow_hardened_range && rng.chance(40);
    let range = if hardened_range {
        Some(true)
    } else if rng.chance(70) {
        Some(false)
    } else {
        None
    };
    let text = |marker: char| {
        let mut out = origin_text(marker);
        out.push_str(&key_text);
        for (i, &s) in steps.iter().enumerate() {
            if let Some((at, values)) = &multipath {
                if *at == i {
                    let list: Vec<String> = values.iter().map(u32::to_string).collect();
                    out.push_str(&format!("/<{}>", list.join(";")));
                }
            }
            out.push_str(&write_steps(&[s], marker));
        }
        if let Some((at, values)) = &multipath {
            if *at == steps.len() {
                let list: Vec<String> = values.iter().map(u32::to_string).collect();
                out.push_str(&format!("/<{}>", list.join(";")));
            }
        }
        match range {
            Some(true) => {
                out.push_str("/*");
                out.push(marker);
            }
            Some(false) => out.push_str("/*"),
            None => {}
        }
        out
    };
    Key {
        apostrophe: text('\''),
        h: text('h'),
        normalized_by_miniscript: private && steps.iter().any(|&s| s >= 1 << 31),
        hardened_range,
        xprv: hardened_range.then(|| (key.clone(), steps.clone())),
    }
}

#[derive(Clone, Copy, Debug)]
enum Shape {
    Pkh,
    Wpkh,
    ShWpkh,
    Tr,
    Multi { wrap: u8, sorted: bool },
}

struct Case {
    apostrophe: String,
    h: String,
    keys: Vec<Key>,
    shape: Shape,
    test: bool,
    branches: usize,
}

fn random_case(rng: &mut Rng) -> Case {
    let shape = match rng.below(5) {
        0 => Shape::Pkh,
        1 => Shape::Wpkh,
        2 => Shape::ShWpkh,
        3 => Shape::Tr,
        _ => {
            // 0 sh, 1 wsh, 2 sh(wsh), 3 bare: bare twice as likely, so that each of the four
            // is common enough for the coverage check.
            let wrap = u8::try_from(rng.below(5)).unwrap().min(3);
            // miniscript parses no bare sortedmulti (published vectors cover it).
            Shape::Multi {
                wrap,
                sorted: wrap != 3 && rng.chance(50),
            }
        }
    };
    let test = rng.chance(50);
    let branches = if rng.chance(40) {
        2 + usize::try_from(rng.below(2)).unwrap()
    } else {
        1
    };
    let single = !matches!(shape, Shape::Multi { .. });
    let bare = matches!(shape, Shape::Multi { wrap: 3, .. });
    let n = match (single, bare) {
        (true, _) => 1,
        // BIP-383: a bare multisig has at most 3 keys.
        (false, true) => 1 + rng.below(3),
        (false, false) => 1 + rng.below(5),
    };
    let keys: Vec<Key> = (0..n)
        .map(|i| {
            // The multipath step on the first key at least; others may have it too.
            let b = if i == 0 || rng.chance(50) {
                branches
            } else {
                1
            };
            random_key(rng, test, matches!(shape, Shape::Tr), b, single)
        })
        .collect();
    let threshold = 1 + rng.below(n);
    let text = |pick: fn(&Key) -> &str| {
        let list: Vec<&str> = keys.iter().map(pick).collect();
        match shape {
            Shape::Pkh => format!("pkh({})", list[0]),
            Shape::Wpkh => format!("wpkh({})", list[0]),
            Shape::ShWpkh => format!("sh(wpkh({}))", list[0]),
            Shape::Tr => format!("tr({})", list[0]),
            Shape::Multi { wrap, sorted } => {
                let f = if sorted { "sortedmulti" } else { "multi" };
                let inner = format!("{f}({threshold},{})", list.join(","));
                match wrap {
                    0 => format!("sh({inner})"),
                    1 => format!("wsh({inner})"),
                    2 => format!("sh(wsh({inner}))"),
                    _ => inner,
                }
            }
        }
    };
    Case {
        apostrophe: text(|k| &k.apostrophe),
        h: text(|k| &k.h),
        keys,
        shape,
        test,
        branches,
    }
}

fn our_network(rng: &mut Rng, test: bool) -> (Network, BtcNetwork) {
    if !test {
        return (Network::Mainnet, BtcNetwork::Bitcoin);
    }
    match rng.below(3) {
        0 => (Network::Testnet, BtcNetwork::Testnet),
        1 => (Network::Signet, BtcNetwork::Signet),
        _ => (Network::Regtest, BtcNetwork::Regtest),
    }
}

/// The expected scriptPubKey of a single-key descriptor whose key is `public`, by
/// rust-bitcoin's builders.
fn btc_script(shape: Shape, public: &[u8; 33], ctx: &Ctx<bitcoin::secp256k1::All>) -> ScriptBuf {
    let key = CompressedPublicKey::from_slice(public).unwrap();
    match shape {
        Shape::Pkh => ScriptBuf::new_p2pkh(&key.pubkey_hash()),
        Shape::Wpkh => ScriptBuf::new_p2wpkh(&key.wpubkey_hash()),
        Shape::ShWpkh => {
            ScriptBuf::new_p2sh(&ScriptBuf::new_p2wpkh(&key.wpubkey_hash()).script_hash())
        }
        Shape::Tr => ScriptBuf::new_p2tr(ctx, key.0.x_only_public_key().0, None),
        Shape::Multi { .. } => unreachable!("single-key shapes only"),
    }
}

#[derive(Default, Debug)]
struct Coverage {
    strings_compared: usize,
    hardened_ranges: usize,
    multipath: usize,
    multisig: usize,
    bare_multisig: usize,
    taproot: usize,
    test_network: usize,
}

fn check(case_seed: u64, coverage: &mut Coverage) {
    let ctx = Ctx::new();
    let mut rng = Rng(case_seed | 1);
    let case = random_case(&mut rng);
    let ours: Descriptor = case
        .apostrophe
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", case.apostrophe));
    let ours_h: Descriptor = case.h.parse().unwrap_or_else(|e| panic!("{}: {e}", case.h));
    assert_eq!(ours.branch_count(), case.branches, "{}", case.apostrophe);
    assert_eq!(format!("{ours_h:#}").len(), format!("{ours:#}").len());
    let (network, btc_network) = our_network(&mut rng, case.test);
    let any_hardened_range = case.keys.iter().any(|k| k.hardened_range);
    assert_eq!(ours.is_hardened_range(), any_hardened_range);

    coverage.multipath += usize::from(case.branches > 1);
    coverage.multisig += usize::from(matches!(case.shape, Shape::Multi { .. }));
    coverage.bare_multisig += usize::from(matches!(case.shape, Shape::Multi { wrap: 3, .. }));
    coverage.taproot += usize::from(matches!(case.shape, Shape::Tr));
    coverage.test_network += usize::from(case.test);
    coverage.hardened_ranges += usize::from(any_hardened_range);
    if any_hardened_range {
        // Single-key only (the generator's rule): rust-bitcoin derives the key.
        let key = &case.keys[0];
        let (xprv, steps) = key.xprv.as_ref().unwrap();
        let btc_xprv = Xpriv::from_str(
            &xprv
                .clone()
                .with_version(Version::XPRV)
                .unwrap()
                .to_zeroizing_string(),
        )
        .unwrap();
        for _ in 0..3 {
            let index = rng.index();
            let mut path: Vec<u32> = steps.clone();
            path.push(index | 1 << 31);
            let btc_path = BtcPath::from(path.iter().map(|&c| c.into()).collect::<Vec<_>>());
            let child = btc_xprv.derive_priv(&ctx, &btc_path).unwrap();
            let public = child.private_key.public_key(&ctx).serialize();
            let derived = ours.derive(0, index).unwrap();
            assert_eq!(derived.public_key(), Some(&public), "{}", case.apostrophe);
            assert_eq!(
                derived.script_pubkey().as_bytes(),
                btc_script(case.shape, &public, &ctx).as_bytes(),
                "{} at {index}",
                case.apostrophe
            );
        }
        return;
    }

    let (theirs, _keys) = MsDescriptor::parse_descriptor(&ctx, &case.apostrophe)
        .unwrap_or_else(|e| panic!("miniscript rejects {}: {e}", case.apostrophe));
    let compare_strings = !case.keys.iter().any(|k| k.normalized_by_miniscript);
    if compare_strings {
        coverage.strings_compared += 1;
        assert_eq!(ours.to_string(), theirs.to_string(), "{}", case.apostrophe);
        // And the canonical form parses back to the same in miniscript.
        let again = MsDescriptor::<DescriptorPublicKey>::from_str(&ours.to_string()).unwrap();
        assert_eq!(again.to_string(), theirs.to_string());
    }
    let singles = theirs.clone().into_single_descriptors().unwrap();
    assert_eq!(singles.len(), case.branches, "{}", case.apostrophe);
    for (b, single) in singles.iter().enumerate() {
        let branch = ours.branch(b).unwrap();
        let indices = [0, rng.index(), rng.index()];
        for index in indices {
            let definite = single.at_derivation_index(index).unwrap();
            let expected = definite.script_pubkey();
            let derived = branch.derive(index).unwrap();
            assert_eq!(
                derived.script_pubkey().as_bytes(),
                expected.as_bytes(),
                "{} branch {b} index {index}",
                case.apostrophe
            );
            assert_eq!(ours_h.derive(b, index).unwrap(), derived, "{}", case.h);
            if !ours.has_address() {
                // Bare multisig: neither library gives an address.
                assert_eq!(
                    derived.address(network),
                    Err(fastbip32::descriptor::Error::NoAddress)
                );
                assert!(
                    definite.address(btc_network).is_err(),
                    "{}",
                    case.apostrophe
                );
                continue;
            }
            let address = BtcAddress::from_script(&expected, btc_network).unwrap();
            assert_eq!(
                derived.address(network).unwrap().as_str(),
                address.to_string(),
                "{} branch {b} index {index} on {network}",
                case.apostrophe
            );
            assert_eq!(
                definite.address(btc_network).unwrap().to_string(),
                address.to_string()
            );
        }
        // A batch agrees with one-by-one derivation.
        let start = rng.index().min((1 << 31) - 40);
        let mut batch = vec![fastbip32::descriptor::Derived::default(); 37];
        branch.derive_into(start, &mut batch).unwrap();
        for (i, d) in batch.iter().enumerate() {
            let index = start + u32::try_from(i).unwrap();
            let expected = single.at_derivation_index(index).unwrap().script_pubkey();
            assert_eq!(
                d.script_pubkey().as_bytes(),
                expected.as_bytes(),
                "batch {index}"
            );
        }
    }
}

#[test]
fn random_descriptors_match_miniscript() {
    let n = fastbip32_difftests::cases(300);
    let mut seeds = Rng(0x5eed_0000_d35c_0001);
    let mut coverage = Coverage::default();
    for _ in 0..n {
        check(seeds.next(), &mut coverage);
    }
    // Every kind of case is reached (the generator's weights make each one common).
    let n = usize::try_from(n).unwrap();
    for (what, count) in [
        ("strings compared", coverage.strings_compared),
        ("hardened ranges", coverage.hardened_ranges),
        ("multipath", coverage.multipath),
        ("multisig", coverage.multisig),
        ("bare multisig", coverage.bare_multisig),
        ("taproot", coverage.taproot),
        ("test networks", coverage.test_network),
    ] {
        assert!(count * 20 >= n, "{what}: {count} of {n} ({coverage:?})");
    }
    eprintln!("{n} descriptors: {coverage:?}");
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn checksums_match_miniscript(text in prop_oneof!["[ -~]{0,80}", ".{0,40}"]) {
        let ours = compute_checksum(&text).ok();
        let theirs = miniscript::descriptor::checksum::desc_checksum(&text).ok();
        prop_assert_eq!(ours.map(|c| String::from_utf8(c.to_vec()).unwrap()), theirs);
    }
}
