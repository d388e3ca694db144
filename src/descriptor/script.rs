//! Output scripts, built on the stack.

use core::fmt;

use sha2::{Digest as _, Sha256};

use crate::hash::hash160;

/// The longest scriptPubKey a supported descriptor produces: a bare multisig of
/// [`MAX_BARE_MULTISIG_KEYS`] uncompressed keys (`OP_1`, three 66-byte pushes, `OP_3`,
/// `OP_CHECKMULTISIG`). Every other script is at most 34 bytes (`OP_0`/`OP_1` and a 32-byte
/// push: P2WSH, P2TR).
pub const MAX_SCRIPT_PUBKEY_LEN: usize = 1 + 66 * MAX_BARE_MULTISIG_KEYS + 1 + 1;

/// The most keys of a bare multisig (`multi()` at the top level): BIP-383's limit, which is
/// Bitcoin Core's standardness rule for bare multisig outputs.
pub const MAX_BARE_MULTISIG_KEYS: usize = 3;

/// The longest scriptPubKey with an address: P2WSH and P2TR.
const MAX_ADDRESSED_LEN: usize = 34;

/// The most keys a multisig script holds (`OP_CHECKMULTISIG`'s limit).
pub(crate) const MAX_MULTISIG_KEYS: usize = 20;

/// The longest multisig script: a 2-byte threshold push, 20 keys of 34 bytes, a 2-byte count
/// push and `OP_CHECKMULTISIG`. Uncompressed keys (66 bytes each) are only allowed in
/// `sh()`, whose scripts are at most [`MAX_REDEEM_SCRIPT_LEN`] bytes.
pub(crate) const MAX_MULTISIG_SCRIPT_LEN: usize = 2 + 34 * MAX_MULTISIG_KEYS + 2 + 1;

/// The P2SH redeem-script size limit (consensus: the largest push is 520 bytes).
pub(crate) const MAX_REDEEM_SCRIPT_LEN: usize = 520;

use crate::address::bitcoin::opcodes::{
    OP_0, OP_1, OP_CHECKMULTISIG, OP_CHECKSIG, OP_DUP, OP_EQUAL, OP_EQUALVERIFY, OP_HASH160,
    PUSH_20, PUSH_32, PUSH_33, PUSH_65,
};

/// A scriptPubKey (output script): at most [`MAX_SCRIPT_PUBKEY_LEN`] bytes, stored inline.
///
/// Every script but a bare multisig has an address.
///
/// `Display` (and `{:x}`) writes lowercase hex.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScriptPubKey {
    bytes: [u8; MAX_SCRIPT_PUBKEY_LEN],
    len: u8,
}

impl ScriptPubKey {
    /// The script of `parts`, one after the other: exactly `N` bytes, at most 34 (checked at
    /// compile time). The callers pass fixed sizes, so a part that does not fit is a bug in
    /// this file, and panics.
    #[allow(
        clippy::expect_used,
        reason = "N is at most 34, checked at compile time"
    )]
    fn join<const N: usize>(parts: &[&[u8]]) -> Self {
        const {
            assert!(
                N <= MAX_ADDRESSED_LEN,
                "a single-key or script-hash scriptPubKey is at most 34 bytes"
            );
        }
        let mut bytes = [0u8; MAX_SCRIPT_PUBKEY_LEN];
        let (mut rest, _) = bytes.split_at_mut(N);
        for part in parts {
            let (head, tail) = rest.split_at_mut(part.len());
            head.copy_from_slice(part);
            rest = tail;
        }
        assert!(rest.is_empty(), "a script's parts make its whole length");
        Self {
            bytes,
            len: u8::try_from(N).expect("a scriptPubKey is at most 34 bytes"),
        }
    }

    /// `OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG` (P2PKH, 25 bytes).
    pub(crate) fn p2pkh(hash: &[u8; 20]) -> Self {
        Self::join::<25>(&[
            &[OP_DUP, OP_HASH160, PUSH_20],
            hash,
            &[OP_EQUALVERIFY, OP_CHECKSIG],
        ])
    }

    /// `OP_HASH160 <20> OP_EQUAL` (P2SH, 23 bytes).
    pub(crate) fn p2sh(hash: &[u8; 20]) -> Self {
        Self::join::<23>(&[&[OP_HASH160, PUSH_20], hash, &[OP_EQUAL]])
    }

    /// `OP_0 <20>` (P2WPKH, 22 bytes).
    pub(crate) fn p2wpkh(hash: &[u8; 20]) -> Self {
        Self::join::<22>(&[&[OP_0, PUSH_20], hash])
    }

    /// `OP_0 <32>` (P2WSH, 34 bytes).
    pub(crate) fn p2wsh(hash: &[u8; 32]) -> Self {
        Self::join::<34>(&[&[OP_0, PUSH_32], hash])
    }

    /// `OP_1 <32>` (P2TR, 34 bytes).
    pub(crate) fn p2tr(output_key: &[u8; 32]) -> Self {
        Self::join::<34>(&[&[OP_1, PUSH_32], output_key])
    }

    /// A bare multisig script (`k <key>… n OP_CHECKMULTISIG`, built by [`multisig`]) as the
    /// output script itself.
    ///
    /// # Panics
    /// If `script` is longer than [`MAX_SCRIPT_PUBKEY_LEN`]: the parser allows at most
    /// [`MAX_BARE_MULTISIG_KEYS`] keys at the top level, whose script always fits.
    #[allow(
        clippy::expect_used,
        reason = "a bare multisig of at most 3 keys is at most 201 bytes, checked at parse"
    )]
    pub(crate) fn bare_multisig(script: &[u8]) -> Self {
        let mut bytes = [0u8; MAX_SCRIPT_PUBKEY_LEN];
        bytes
            .get_mut(..script.len())
            .expect("a bare multisig of at most 3 keys fits a scriptPubKey")
            .copy_from_slice(script);
        Self {
            bytes,
            len: u8::try_from(script.len()).expect("a scriptPubKey is at most 201 bytes"),
        }
    }

    /// The address: `None` for a bare multisig, the one script built here without one.
    /// P2PKH, P2SH, P2WPKH, P2WSH and P2TR scripts always have one.
    pub(crate) fn address(&self, network: crate::Network) -> Option<crate::address::Address> {
        crate::address::bitcoin::from_script_pubkey(self.as_bytes(), network).ok()
    }

    /// The script's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        let (script, _) = self.bytes.split_at(usize::from(self.len));
        script
    }

    /// The script's length in bytes.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always false: every script built here has bytes (for clippy's `len_without_is_empty`).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl AsRef<[u8]> for ScriptPubKey {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl fmt::LowerHex for ScriptPubKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.as_bytes() {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Display for ScriptPubKey {
    /// Lowercase hex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(self, f)
    }
}

impl fmt::Debug for ScriptPubKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ScriptPubKey({self:x})")
    }
}

/// A small number as a script push: `OP_1`..`OP_16` (one byte), or a one-byte push of
/// 17..=20 (two bytes).
#[allow(
    clippy::expect_used,
    reason = "multisig numbers are 1 to 20, checked at parse"
)]
fn push_small(n: usize) -> ([u8; 2], usize) {
    let n = u8::try_from(n).expect("a multisig number is at most 20");
    if (1..=16).contains(&n) {
        ([OP_1 - 1 + n, 0], 1)
    } else {
        ([1, n], 2)
    }
}

/// A public key as a script pushes it: the 33-byte compressed form, or the 65-byte
/// uncompressed one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScriptKey {
    Compressed([u8; 33]),
    Uncompressed([u8; 65]),
}

impl ScriptKey {
    /// The bytes pushed.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        match self {
            Self::Compressed(key) => key,
            Self::Uncompressed(key) => key,
        }
    }
}

/// The multisig script `k <key>… n OP_CHECKMULTISIG` (BIP-383) for `1 ≤ k ≤ n ≤ 20` (checked
/// when the descriptor was parsed), into `out`; returns its length.
///
/// # Panics
/// If the script does not fit `out`: uncompressed keys are only parsed inside `sh()`, where
/// the parser refused scripts over [`MAX_REDEEM_SCRIPT_LEN`] bytes.
pub(crate) fn multisig(
    threshold: usize,
    keys: &[ScriptKey],
    out: &mut [u8; MAX_MULTISIG_SCRIPT_LEN],
) -> usize {
    assert!(
        keys.len() <= MAX_MULTISIG_KEYS,
        "a multisig descriptor has at most 20 keys"
    );
    let mut rest = &mut out[..];
    let mut put = |bytes: &[u8]| {
        // Fits: the buffer holds the longest script, of 20 keys.
        let (head, tail) = core::mem::take(&mut rest).split_at_mut(bytes.len());
        head.copy_from_slice(bytes);
        rest = tail;
    };
    let (push, len) = push_small(threshold);
    put(push.split_at(len).0);
    for key in keys {
        put(&[match key {
            ScriptKey::Compressed(_) => PUSH_33,
            ScriptKey::Uncompressed(_) => PUSH_65,
        }]);
        put(key.as_bytes());
    }
    let (push, len) = push_small(keys.len());
    put(push.split_at(len).0);
    put(&[OP_CHECKMULTISIG]);
    MAX_MULTISIG_SCRIPT_LEN - rest.len()
}

/// The length of the multisig script with threshold `k` for `keys` keys, `uncompressed` of
/// them uncompressed.
pub(crate) fn multisig_len(threshold: usize, keys: usize, uncompressed: usize) -> usize {
    let push = |n: usize| if (1..=16).contains(&n) { 1 } else { 2 };
    push(threshold) + 34 * keys + 32 * uncompressed + push(keys) + 1
}

/// P2WSH of `script`: `OP_0 SHA256(script)`.
pub(crate) fn p2wsh_of(script: &[u8]) -> ScriptPubKey {
    ScriptPubKey::p2wsh(&Sha256::digest(script).into())
}

/// P2SH of `script`: `OP_HASH160 HASH160(script) OP_EQUAL`.
pub(crate) fn p2sh_of(script: &[u8]) -> ScriptPubKey {
    ScriptPubKey::p2sh(&hash160(script))
}

/// P2SH-P2WPKH of a key: P2SH of the witness program `OP_0 HASH160(key)`.
pub(crate) fn p2sh_p2wpkh(public: &[u8; 33]) -> ScriptPubKey {
    p2sh_of(ScriptPubKey::p2wpkh(&hash160(public)).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisig_length_formula_matches_the_builder() {
        let keys = [ScriptKey::Compressed([2u8; 33]); MAX_MULTISIG_KEYS];
        let mut out = [0u8; MAX_MULTISIG_SCRIPT_LEN];
        for n in 1..=MAX_MULTISIG_KEYS {
            for k in 1..=n {
                assert_eq!(
                    multisig(k, &keys[..n], &mut out),
                    multisig_len(k, n, 0),
                    "{k}-of-{n}"
                );
            }
        }
        assert_eq!(multisig_len(15, 15, 0), 513);
        assert_eq!(multisig_len(16, 16, 0), 547);
        let mixed = [
            ScriptKey::Uncompressed([4u8; 65]),
            ScriptKey::Compressed([2u8; 33]),
            ScriptKey::Uncompressed([4u8; 65]),
        ];
        assert_eq!(multisig(2, &mixed, &mut out), multisig_len(2, 3, 2));
        assert_eq!(multisig_len(7, 7, 7), 465);
        assert_eq!(multisig_len(8, 8, 8), 531);
    }
}
