//! `cargo fuzz run parse_path`: see [`fastbip32_fuzz::parse_path`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::parse_path::check(data));
