//! `cargo fuzz run parse_wif`: see [`fastbip32_fuzz::parse_wif`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::parse_wif::check(data));
