//! `cargo fuzz run descriptor`: see [`fastbip32_fuzz::descriptor`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::descriptor::check(data));
