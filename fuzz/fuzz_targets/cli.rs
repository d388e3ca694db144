//! `cargo fuzz run cli`: see [`fastbip32_fuzz::cli`] for the input layout and the checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastbip32_fuzz::cli::check(data));
