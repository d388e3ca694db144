//! The address rows (`benches/address.rs`) agree with rust-bitcoin and rust-miniscript on the
//! benchmarked inputs, and the `btc_addresses` reference loop prints exactly what fastbip32's
//! descriptor API derives, so `cargo test` checks what `cargo bench` and the whole-process
//! comparison time.

use std::process::Command;

use fastbip32::descriptor::{Derived, Descriptor};
use fastbip32_benches::addresses::{self, Ctx};

fn collect(row: impl FnOnce(&Ctx, &mut dyn FnMut(&str)), ctx: &Ctx) -> Vec<String> {
    let mut out = Vec::new();
    row(ctx, &mut |address| out.push(address.to_owned()));
    out
}

#[test]
fn address_rows_agree_with_rust_bitcoin() {
    let ctx = Ctx::new();
    let bitcoin = collect(|c, v| addresses::bitcoin_p2wpkh(c, v), &ctx);
    assert_eq!(bitcoin.len(), addresses::COUNT as usize);
    // BIP-84's published first receive address: the inputs are what they say.
    assert_eq!(bitcoin[0], addresses::FIRST_ADDRESS);
    assert_eq!(collect(|c, v| addresses::p2wpkh(c, v), &ctx), bitcoin);
    assert_eq!(
        collect(|c, v| addresses::descriptor_wpkh(c, v), &ctx),
        bitcoin
    );
    let taproot = collect(|c, v| addresses::p2tr(c, v), &ctx);
    assert_eq!(taproot, collect(|c, v| addresses::bitcoin_p2tr(c, v), &ctx));
    assert!(taproot
        .iter()
        .all(|a| a.starts_with("bc1p") && a.len() == 62));

    // The keys row: rust-bitcoin's `ckd_pub` keys, one by one.
    let mut keys = Vec::new();
    addresses::public_keys(&ctx, |key| keys.push(*key));
    assert_eq!(keys.len(), addresses::COUNT as usize);
    for (index, key) in (0..).zip(&keys) {
        let child = ctx
            .bitcoin_branch
            .ckd_pub(&ctx.secp, bitcoin::bip32::ChildNumber::Normal { index })
            .unwrap();
        assert_eq!(*key, child.public_key.serialize(), "child {index}");
    }
}

#[test]
fn descriptor_rows_agree_with_miniscript() {
    assert!(addresses::DESCRIPTOR.contains(addresses::XPUB));
    assert_eq!(addresses::DESCRIPTOR_CANDIDATES[0].0, "fastbip32");
    for (id, f) in addresses::DESCRIPTOR_CANDIDATES {
        assert_eq!(
            f(&(), addresses::DESCRIPTOR).as_str(),
            addresses::FIRST_ADDRESS,
            "{id}"
        );
    }
}

/// BIP-84's account xpub as tpub (the same key under the testnet version), for `tb1` lines.
fn tpub() -> String {
    let xpub: fastbip32::Xpub = addresses::XPUB.parse().unwrap();
    xpub.with_version(fastbip32::Version::TPUB)
        .unwrap()
        .to_string()
}

/// `index,address` CSV of `wpkh(XPUB/0/*)` at indices `0..count`, from the library's
/// descriptor API.
fn expected_csv(xpub: &str, count: u32) -> Vec<u8> {
    let descriptor: Descriptor = format!("wpkh({xpub}/0/*)").parse().unwrap();
    let network = descriptor.network().unwrap();
    let mut outputs = vec![Derived::default(); count as usize];
    descriptor
        .branch(0)
        .unwrap()
        .derive_into(0, &mut outputs)
        .unwrap();
    let mut csv = String::from("index,address\n");
    for output in &outputs {
        let address = output.address(network).unwrap();
        csv.push_str(&format!("{},{address}\n", output.index().unwrap()));
    }
    csv.into_bytes()
}

fn btc_addresses(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_btc_addresses"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn reference_loop_prints_the_descriptor_addresses() {
    let tpub = tpub();
    // Counts around the two-thread chunk (16 384) and an odd split.
    for (xpub, count) in [
        (addresses::XPUB, 1),
        (addresses::XPUB, 7),
        (addresses::XPUB, 16_385),
        (tpub.as_str(), 301),
    ] {
        let expected = expected_csv(xpub, count);
        let count_text = count.to_string();
        for threads in [None, Some("1"), Some("2")] {
            let mut args = vec![xpub, count_text.as_str()];
            args.extend(threads);
            let out = btc_addresses(&args);
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(out.stderr.is_empty());
            assert!(out.stdout == expected, "{args:?}: output differs");
        }
    }
    // The first line after the header is BIP-84's first receive address.
    let out = btc_addresses(&[addresses::XPUB, "1"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("index,address\n0,{}\n", addresses::FIRST_ADDRESS)
    );
}

#[test]
fn reference_loop_refuses_bad_arguments() {
    for args in [
        &[][..],
        &[addresses::XPUB][..],
        &[addresses::XPUB, "x"][..],
        &[addresses::XPUB, "10", "3"][..],
        &["xpub-not", "10"][..],
        &[addresses::XPUB, "10", "1", "extra"][..],
    ] {
        let out = btc_addresses(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}
