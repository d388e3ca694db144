//! The command-line tool's integration tests: one binary, one module per subcommand or
//! concern, all driving the tool in-process through [`fastbip32_cli::run`] or as the built
//! `fastbip32` binary (`CARGO_BIN_EXE_fastbip32`).

// clippy.toml allows these in `#[test]` functions but not in the helpers the modules share,
// and a failed expectation in a helper is a test failure too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::too_many_lines,
    reason = "test code: a failed expectation is a test failure; tables of vectors are long"
)]

mod common;

// The library's scanning allocator, as this binary's global allocator (for `freed_memory`).
#[allow(
    dead_code,
    clippy::std_instead_of_core,
    reason = "the library's test module, under its lints: its allocation counter is for the library's tests"
)]
#[path = "../../../tests/it/allocator.rs"]
mod allocator;

mod addresses;
mod batch;
mod cardano;
mod cardano_address;
mod coins;
mod convert;
mod decode;
mod derive;
mod derive_address;
mod describe;
mod descriptors;
mod errors;
mod find;
mod fixtures;
mod freed_memory;
mod inner_wildcard;
mod inspect;
mod inspect_wif;
mod mnemonic;
mod mnemonic_dice;
mod mnemonic_entropy;
mod readme;
mod recover;
mod recover_electrum;
mod recover_eta;
mod recover_language;
mod recover_list;
mod recover_order;
mod recover_patterns;
mod recover_rules;
mod recover_slip39;
mod reference;
mod secrets;
mod slip132;
mod solana_keypair;
mod streams;
mod values;
mod xkey;
