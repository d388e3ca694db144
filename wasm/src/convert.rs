//! What every export shares: bytes handed to JavaScript, the bound of a batch, the error for
//! an operation a scheme does not define.

use js_sys::Uint8Array;
use wasm_bindgen::JsValue;

use crate::errors;
use crate::names::Curve;

/// The most items one batch call makes (keys or addresses): 2^20, so that a call's output
/// stays within tens of megabytes of the module's memory.
pub(crate) const MAX_BATCH: u32 = 1 << 20;

/// A JavaScript `Uint8Array` holding a copy of `data`, copied straight from `data`.
pub(crate) fn js_bytes(data: &[u8]) -> Uint8Array {
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    let out = Uint8Array::new_with_length(len);
    out.copy_from(data);
    out
}

/// The binding's error for an operation a scheme does not define, with what was asked.
pub(crate) fn unsupported(what: &str, curve: Curve) -> JsValue {
    errors::binding(
        "UnsupportedByScheme",
        &format!("{what} is not defined for {} keys", curve.name()),
    )
}

/// Refuses a batch of more than [`MAX_BATCH`] items.
pub(crate) fn check_count(count: u32) -> Result<(), JsValue> {
    if count > MAX_BATCH {
        return Err(errors::binding(
            "InvalidArgument",
            &format!("count {count} is above the limit of {MAX_BATCH} per call: split the batch"),
        ));
    }
    Ok(())
}
