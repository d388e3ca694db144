//! `fastbip32-wasm`: the npm package `fastbip32`'s WebAssembly module, a thin layer over the
//! `fastbip32` library (conversions of arguments, results and errors; the derivations are
//! the library's). Its exports are the package's raw classes and functions (`RawPrivateKey`,
//! `rawAddress`, …); the package's JavaScript layer (`js/index.js`) wraps them in the public
//! API with options objects, error classes, `free()` and a `FinalizationRegistry`.
//!
//! * `keys`: `RawPrivateKey`, `RawPublicKey`;
//! * `address`: `rawAddress`, `rawDecodeAddress`, `rawCoins` (through the library's coin registry);
//! * `mnemonic`: `RawMnemonic`, `rawSuggest`;
//! * `descriptor`: `RawDescriptor`, `rawAccountDescriptors`;
//! * `errors`: the one mapping of library errors to thrown values;
//! * `convert`: bytes handed to JavaScript, the batch bound, the unsupported-operation error;
//! * `names`: curve, network, address-kind and word-list names;
//! * `recover` (feature `recover`, the recover workers' module): `RawRecovery`.

#![allow(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen passes JavaScript arguments by value (`Option<String>`, `Vec<u8>`)"
)]
#![allow(
    clippy::missing_errors_doc,
    reason = "every export throws the package's error classes for the library's errors, as errors.rs describes once"
)]

mod address;
mod convert;
mod descriptor;
mod errors;
mod keys;
mod mnemonic;
mod names;
#[cfg(feature = "recover")]
mod recover;

pub use address::{address, coins, decode_address};
pub use descriptor::{account_descriptors, RawDescriptor};
pub use keys::{RawPrivateKey, RawPublicKey};
pub use mnemonic::{suggest, RawMnemonic};
#[cfg(feature = "recover")]
pub use recover::RawRecovery;

use wasm_bindgen::prelude::*;

/// The package version (the Rust crate's).
#[wasm_bindgen(js_name = rawVersion)]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The curve names, in the command-line tool's order.
#[wasm_bindgen(js_name = rawCurves)]
pub fn curves() -> js_sys::Array {
    names::curves()
        .map(|c| JsValue::from_str(c.name()))
        .collect()
}

/// Bytes of stack [`scrub_stack`] writes zeros over: more than the deepest call of the
/// module uses (checked by `test/free.test.js`, which looks for secrets in the whole memory).
const SCRUB_BYTES: usize = 64 * 1024;

/// Writes zeros over the 64 KiB of the module's stack below the caller's frame. Rust moves
/// values by copying them and leaves the copies in the frames of calls that have returned;
/// in WebAssembly those frames are in the module's linear memory (the shadow stack), which
/// JavaScript can read. Every export starts from the same stack pointer, so the package's
/// JavaScript layer calls this right after each call that handled a secret, and the frames
/// of that call are overwritten. Volatile writes (`zeroize`), so they are not optimised
/// away.
#[wasm_bindgen(js_name = rawScrubStack)]
#[inline(never)]
#[allow(
    clippy::large_stack_arrays,
    reason = "the point: the array covers the stack the module's calls used"
)]
pub fn scrub_stack() {
    use zeroize::Zeroize;
    let mut area = [0u8; SCRUB_BYTES];
    area.zeroize();
    core::hint::black_box(&area);
}
