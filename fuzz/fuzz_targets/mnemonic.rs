//! `cargo fuzz run mnemonic`: see [`fastbip32_fuzz::mnemonic`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::mnemonic::check(data));
