//! `Descriptor` (as `RawDescriptor`) and `accountDescriptors`: output descriptors.

use fastbip32::descriptor::{
    account_descriptors as lib_accounts, AccountKind, Branch, Derived, Descriptor,
};
use fastbip32::Network;
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

use crate::convert::{check_count, unsupported};
use crate::errors;
use crate::keys::RawPrivateKey;
use crate::names;

/// Outputs derived per call of the library's `Branch::derive_into`.
const SCRATCH: u32 = 1024;

/// An output descriptor (BIP-380 to BIP-386, BIP-389; the JavaScript class `Descriptor`
/// wraps it). Private keys in it are wiped when it is freed.
#[wasm_bindgen]
pub struct RawDescriptor {
    inner: Descriptor,
}

/// How many outputs `count` indices give: `count` with a range, else one.
fn rows(descriptor: &Descriptor, count: u32) -> u32 {
    if descriptor.is_ranged() {
        count
    } else {
        count.min(1)
    }
}

/// Runs `each` on the outputs at `start … start + count − 1` of `branch`, derived in
/// batches; the last index is checked first, so a range past 2^31 − 1 fails before any work.
fn for_each_output(
    descriptor: &Descriptor,
    branch: &Branch<'_>,
    start: u32,
    count: u32,
    mut each: impl FnMut(&Derived) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    check_count(count)?;
    let rows = rows(descriptor, count);
    if descriptor.is_ranged() && rows > 0 {
        let last = u64::from(start) + u64::from(rows) - 1;
        if last >= 1 << 31 {
            branch
                .derive(u32::try_from(last).unwrap_or(u32::MAX))
                .map_err(errors::lib)?;
        }
    }
    let mut scratch = Vec::new();
    let mut done = 0u32;
    while done < rows {
        let n = (rows - done).min(SCRATCH);
        let len = n as usize;
        if scratch.len() < len {
            scratch.resize(len, Derived::default());
        }
        let out = scratch.get_mut(..len).unwrap_or_default();
        branch
            .derive_into(start.saturating_add(done), out)
            .map_err(errors::lib)?;
        for output in out.iter() {
            each(output)?;
        }
        done += n;
    }
    Ok(())
}

/// Its public form only (private keys are written as their public keys).
impl core::fmt::Debug for RawDescriptor {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("RawDescriptor")
            .field(&self.inner.to_string())
            .finish()
    }
}

#[wasm_bindgen]
impl RawDescriptor {
    /// Parses a descriptor (a `#checksum`, when present, must match); the text is wiped
    /// after use.
    #[wasm_bindgen(constructor)]
    pub fn new(text: String) -> Result<RawDescriptor, JsValue> {
        let text = Zeroizing::new(text);
        Descriptor::parse(&text)
            .map(|inner| Self { inner })
            .map_err(errors::lib)
    }

    /// Bitcoin Core's canonical public form, with its checksum.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The number of multipath branches (1 without a `<…>` step).
    #[wasm_bindgen(getter, js_name = branchCount)]
    pub fn branch_count(&self) -> usize {
        self.inner.branch_count()
    }

    /// Whether some key has a range (`/*`).
    #[wasm_bindgen(getter, js_name = isRanged)]
    pub fn is_ranged(&self) -> bool {
        self.inner.is_ranged()
    }

    /// Whether some key is private.
    #[wasm_bindgen(getter, js_name = hasPrivateKeys)]
    pub fn has_private_keys(&self) -> bool {
        self.inner.has_private_keys()
    }

    /// The keys' network (`mainnet` or `testnet`), or undefined for hex keys only.
    #[wasm_bindgen(getter)]
    pub fn network(&self) -> Option<String> {
        self.inner.network().map(|n| n.as_str().to_owned())
    }

    /// The BIP-380 checksum of the canonical form (8 characters).
    #[wasm_bindgen(getter)]
    pub fn checksum(&self) -> String {
        self.inner
            .checksum()
            .iter()
            .map(|&c| char::from(c))
            .collect()
    }

    /// The addresses at `start … start + count − 1` of `branch` on `network` (undefined: the
    /// keys' own), joined by `\n`.
    pub fn addresses(
        &self,
        start: u32,
        count: u32,
        branch: usize,
        network: Option<String>,
    ) -> Result<String, JsValue> {
        let network = match network.as_deref() {
            Some(name) => {
                let network = names::network(name)?;
                self.inner.check_network(network).map_err(errors::lib)?;
                network
            }
            None => self.inner.network().unwrap_or(Network::Mainnet),
        };
        let branch = self.inner.branch(branch).map_err(errors::lib)?;
        let mut out = String::new();
        for_each_output(&self.inner, &branch, start, count, |o| {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(o.address(network).map_err(errors::lib)?.as_str());
            Ok(())
        })?;
        Ok(out)
    }

    /// The scriptPubKeys at `start … start + count − 1` of `branch`: their bytes end to end,
    /// and each one's length in `lengths` (filled by the call).
    #[wasm_bindgen(js_name = scriptPubKeys)]
    pub fn script_pubkeys(
        &self,
        start: u32,
        count: u32,
        branch: usize,
        lengths: &js_sys::Array,
    ) -> Result<Vec<u8>, JsValue> {
        let branch = self.inner.branch(branch).map_err(errors::lib)?;
        let mut out = Vec::new();
        for_each_output(&self.inner, &branch, start, count, |o| {
            let script = o.script_pubkey().as_bytes();
            lengths.push(&JsValue::from(u32::try_from(script.len()).unwrap_or(0)));
            out.extend_from_slice(script);
            Ok(())
        })?;
        Ok(out)
    }
}

/// An account's four standard descriptors `{bip44, bip49, bip84, bip86}` for `account`
/// below the secp256k1 master key `root` on `network`.
#[wasm_bindgen(js_name = rawAccountDescriptors)]
pub fn account_descriptors(
    root: &RawPrivateKey,
    account: u32,
    network: Option<String>,
) -> Result<Object, JsValue> {
    let network = names::network(network.as_deref().unwrap_or("mainnet"))?;
    let Some(key) = root.key().as_secp256k1() else {
        return Err(unsupported("an account descriptor", root.key().curve()));
    };
    let texts = lib_accounts(key, account, network).map_err(errors::lib)?;
    let out = Object::new();
    for (kind, text) in AccountKind::ALL.into_iter().zip(texts) {
        let _ = Reflect::set(
            &out,
            &JsValue::from_str(kind.name()),
            &JsValue::from_str(&text),
        );
    }
    Ok(out)
}
