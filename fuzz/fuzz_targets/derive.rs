//! `cargo fuzz run derive`: see [`fastbip32_fuzz::derive`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::derive::check(data));
