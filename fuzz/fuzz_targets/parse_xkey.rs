//! `cargo fuzz run parse_xkey`: see [`fastbip32_fuzz::parse_xkey`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::parse_xkey::check(data));
