//! `cargo fuzz run chain_address`: see [`fastbip32_fuzz::chain_address`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::chain_address::check(data));
