//! The library's integration tests, in one binary: one module per area, each using only the
//! public API. Published vectors are read from `tests/data/` (see its README) with
//! `include_str!`, so no test depends on the working directory.
//!
//! On wasm32 (`scripts/test --js`: wasm-bindgen-test under Node) each module's `#[test]` is
//! wasm-bindgen-test's, and the property tests (proptest) are left out.
//!
//! The binary has one global allocator (`allocator.rs`) that counts each thread's allocations
//! and can scan freed blocks for secrets; `alloc.rs` and `freed_memory.rs` use it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::std_instead_of_core
)]
// test code: failing loudly is the point
// On wasm32 the property tests (proptest) are left out, and with them some helpers' callers.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

/// Runs a block once for each scheme, with `S` naming the scheme's marker type and, in the
/// two-name form, `path` a derivation path the scheme accepts (hardened steps only for the
/// schemes without normal derivation, a CIP-1852 path for BIP32-Ed25519).
///
/// `for_each_scheme!(normal |S, path| …)` runs it for the schemes with normal (public)
/// derivation only. This is the one list of schemes in the tests: a new scheme is added here.
macro_rules! for_each_scheme {
    (|$s:ident| $body:block) => {
        for_each_scheme!(|$s, _path| $body)
    };
    (|$s:ident, $path:ident| $body:block) => {{
        for_each_scheme!(normal | $s, $path | $body);
        {
            type $s = fastbip32::Ed25519;
            let $path: &str = "m/44'/501'/0'/0'";
            $body
        }
        {
            type $s = fastbip32::Curve25519;
            let $path: &str = "m/1'/2'/3'";
            $body
        }
        {
            type $s = fastbip32::Ed25519Blake2b;
            let $path: &str = "m/44'/165'/0'";
            $body
        }
    }};
    (normal |$s:ident| $body:block) => {
        for_each_scheme!(normal | $s, _path | $body)
    };
    (normal |$s:ident, $path:ident| $body:block) => {{
        {
            type $s = fastbip32::Secp256k1;
            let $path: &str = "m/44'/0'/0'/0/0";
            $body
        }
        {
            type $s = fastbip32::NistP256;
            let $path: &str = "m/44'/0'/0'/0/0";
            $body
        }
        {
            type $s = fastbip32::Ed25519Bip32;
            let $path: &str = "m/1852'/1815'/0'/0/0";
            $body
        }
    }};
}

mod account;
mod address;
mod address_algorand;
mod address_aptos;
mod address_cashaddr;
mod address_cosmos;
mod address_decode;
mod address_eos;
mod address_ergo;
mod address_family_data;
mod address_filecoin;
mod address_icon;
mod address_multiversx;
mod address_nano;
mod address_near;
mod address_neo;
mod address_nimiq;
mod address_ss58;
mod address_strkey;
mod address_sui;
mod address_tezos;
mod address_ton;
mod alloc;
mod allocator;
mod any_key;
mod api;
mod batch;
mod chain_vectors;
mod coin;
mod descriptor;
mod ed25519_bip32;
mod errors;
mod freed_memory;
mod isolation;
mod mnemonic;
mod path;
mod path_pattern;
mod public;
mod recovery;
mod recovery_address_db;
mod recovery_coins;
mod recovery_electrum;
mod recovery_electrum_search;
mod recovery_order;
mod recovery_passphrase_rules;
mod recovery_search;
mod recovery_slip39;
mod recovery_slip39_combine;
mod recovery_slip39_search;
mod serialize;
mod slip132;
mod sr25519;
mod vectors;
