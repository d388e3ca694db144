//! `inspect WIF`: a WIF private key's network, compression, public key and `--address`; the
//! argv note names a WIF as a WIF (also inside a descriptor). Expected values are published:
//! the private key 1, whose public key is secp256k1's generator G (SEC 2), with BIP-173's
//! P2WPKH addresses of G (`bc1qw508…v8f3t4`, `tb1qw508…kxpjzsx`), its well-known P2PKH
//! address and Ethereum address.

use crate::common::{assert_error, json_of, run, str_field};

/// The private key 1 as WIF: compressed mainnet, uncompressed mainnet, compressed testnet.
const ONE_COMPRESSED: &str = "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn";
const ONE_UNCOMPRESSED: &str = "5HpHagT65TZzG1PH3CSu63k8DbpvD8s5ip4nEB3kEsreAnchuDf";
const ONE_TEST: &str = "cMahea7zqjxrtgAbB7LSGbcQUr1uX1ojuat9jZodMN87JcbXMTcA";
const G: &str = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
const G_UNCOMPRESSED: &str = "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8";

const ARGV_NOTE: &str = "note: the WIF private key was given on the command line, where other users and shell history can see it; use `inspect -` to read it from standard input\n";

#[test]
fn wif_fields_and_addresses() {
    for (wif, network, compressed, public, kind, address) in [
        (
            ONE_COMPRESSED,
            "mainnet",
            true,
            G,
            "p2pkh",
            "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH",
        ),
        (
            ONE_COMPRESSED,
            "mainnet",
            true,
            G,
            "p2wpkh",
            "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        ),
        (
            ONE_TEST,
            "test",
            true,
            G,
            "p2wpkh",
            "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
        ),
        // P2PKH of the 65-byte key (bip_utils 2.12.3, P2PKHAddrEncoder in its uncompressed
        // mode, gives the same address).
        (
            ONE_UNCOMPRESSED,
            "mainnet",
            false,
            G_UNCOMPRESSED,
            "p2pkh",
            "1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm",
        ),
        (
            ONE_UNCOMPRESSED,
            "mainnet",
            false,
            G_UNCOMPRESSED,
            "ethereum",
            "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
        ),
    ] {
        let out = run(
            &["inspect", "-", "--address", kind, "--json"],
            wif.as_bytes(),
        );
        assert_eq!(out.stderr, "", "{out:?}");
        let record = json_of(&out);
        assert_eq!(str_field(&record, "kind"), "wif");
        assert_eq!(str_field(&record, "network"), network);
        assert_eq!(record["compressed"], compressed);
        assert_eq!(str_field(&record, "public_key"), public);
        assert_eq!(str_field(&record, "address"), address, "{wif} {kind}");
    }
    // On the command line: the same record, and the note names a WIF.
    let out = run(
        &["inspect", ONE_COMPRESSED, "--fields", "public_key", "--raw"],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, format!("{G}\n"));
    assert_eq!(out.stderr, ARGV_NOTE);
}

#[test]
fn wif_errors() {
    // One character changed: the checksum, not "extended key is 34 bytes".
    let out = run(
        &["inspect", "-"],
        b"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWo",
    );
    assert_error(&out, 2);
    assert!(
        out.stderr.starts_with("error: invalid WIF private key: "),
        "{out:?}"
    );
    // Segwit outputs take compressed keys only.
    for kind in ["p2sh-p2wpkh", "p2wpkh", "p2tr"] {
        let out = run(
            &["inspect", "-", "--address", kind],
            ONE_UNCOMPRESSED.as_bytes(),
        );
        assert_error(&out, 2);
        assert!(
            out.stderr.contains("segwit outputs need a compressed key"),
            "{out:?}"
        );
    }
    let out = run(
        &["inspect", "-", "--address", "solana"],
        ONE_COMPRESSED.as_bytes(),
    );
    assert_error(&out, 2);
    let out = run(
        &["inspect", "-", "--curve", "nist256p1"],
        ONE_COMPRESSED.as_bytes(),
    );
    assert_error(&out, 2);
}

/// A WIF inside a descriptor on the command line: the note names a WIF, not an extended key.
#[test]
fn descriptor_wif_note() {
    let out = run(
        &[
            "addresses",
            "--descriptor",
            &format!("wpkh({ONE_COMPRESSED})"),
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        out.stdout,
        "0 - bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4\n"
    );
    assert!(
        out.stderr
            .starts_with("note: the descriptor's WIF private key was given on the command line"),
        "{out:?}"
    );
    assert!(!out.stderr.contains("extended"), "{out:?}");
}
