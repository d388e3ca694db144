//! The checks behind fastbip32's fuzz targets, as a library.
//!
//! Each module has one entry point, `check(data: &[u8])`, that decodes an arbitrary byte
//! string into calls of fastbip32's public API and panics if any property fails. The
//! libFuzzer targets in `fuzz_targets/` are one-line wrappers around them, and
//! `difftests/tests/fuzz_replay.rs` replays the committed corpora (`corpus/<target>/`) and
//! mutations of them through the same functions in a plain `cargo test`, without libFuzzer.
//!
//! | target | module | what it feeds |
//! |---|---|---|
//! | `parse_path` | [`parse_path`] | path and child-number text; raw child numbers |
//! | `parse_xkey` | [`parse_xkey`] | `xprv`/`xpub` text and 78-byte serializations (secp256k1, P-256) |
//! | `derive` | [`derive`] | seeds of any length and paths of raw child numbers, every scheme; Cardano roots |
//! | `cli` | [`cli`] | argument vectors (split on NUL) and standard input for `fastbip32_cli::run` |
//! | `parse_wif` | [`parse_wif`] | WIF text; secrets for `wif::encode`; public keys and scripts for the address encoders |
//! | `mnemonic` | [`mnemonic`] | BIP-39 / Cardano phrase text, entropy, suggestions, Icarus passphrase hex |
//! | `coin_address` | [`coin_address`] | coin address text through every family's decoder (CashAddr, bech32 accounts, EOS, Ergo, ICON, Filecoin, NEO); public keys through their encoders |
//! | `descriptor` | [`descriptor`] | output-descriptor text: parse, print → parse round trip, derivation |
//!
//! A check never panics on input the library rejects: rejections are expected, and only
//! compared with what a second route through the API says about the same input.

pub mod cli;
pub mod coin_address;
pub mod derive;
pub mod descriptor;
pub mod mnemonic;
pub mod parse_path;
pub mod parse_wif;
pub mod parse_xkey;

/// A target's check: panics if a property fails on the input.
pub type Check = fn(&[u8]);

/// The fuzz targets, by name, with their checks: what `fuzz_replay` iterates over.
pub const TARGETS: &[(&str, Check)] = &[
    ("parse_path", parse_path::check),
    ("parse_xkey", parse_xkey::check),
    ("derive", derive::check),
    ("cli", cli::check),
    ("parse_wif", parse_wif::check),
    ("mnemonic", mnemonic::check),
    ("descriptor", descriptor::check),
    ("coin_address", coin_address::check),
];

/// Reads structured values off the front of a fuzz input; reads past the end give zeros
/// and empty slices, so every input decodes to something.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// Wraps `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Self { data }
    }

    /// One byte (0 at the end).
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// A big-endian `u32` from up to 4 bytes (missing bytes are zeros).
    pub fn u32(&mut self) -> u32 {
        let mut word = [0u8; 4];
        let taken = self.take(4);
        word[..taken.len()].copy_from_slice(taken);
        u32::from_be_bytes(word)
    }

    /// Up to `n` bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }

    /// Exactly `N` bytes, zero-padded.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        let taken = self.take(N);
        out[..taken.len()].copy_from_slice(taken);
        out
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.data)
    }

    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}
