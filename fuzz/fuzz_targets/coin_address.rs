//! `cargo fuzz run coin_address`: see [`fastbip32_fuzz::coin_address`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::coin_address::check(data));
