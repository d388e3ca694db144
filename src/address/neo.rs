//! NEO and Ontology addresses of a P-256 (nist256p1) key: `Base58Check` of a version byte and
//! the HASH160 (RIPEMD-160 of SHA-256) of the key's single-signature verification script.
//!
//! | chain | [`NeoParams`] | script | version | text |
//! |---|---|---|---|---|
//! | NEO legacy (N2) | [`NEO_LEGACY`] | `0x21 ‖ key ‖ 0xac` (push 33 bytes, `CHECKSIG`) | `0x17` | `A…` |
//! | NEO N3 | [`NEO_N3`] | `0x0c 0x21 ‖ key ‖ 0x41 ‖ 56 e7 b3 27` (`PUSHDATA1` 33, `SYSCALL System.Crypto.CheckSig`) | `0x35` | `N…` |
//! | Ontology | [`ONTOLOGY`] | as NEO legacy | `0x17` | `A…` |
//!
//! The script bytes and versions are those of NEO's and Ontology's documentation, as
//! bip_utils and wallet-core write them (their published vectors are this module's tests).
//! The same key has the same NEO legacy and Ontology address: the two differ in their
//! derivation paths (SLIP-44 coin types 888 and 1024).
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::address::neo;
//!
//! // wallet-core's NEO address test.
//! let key = [
//!     0x03, 0x1b, 0xec, 0x12, 0x50, 0xaa, 0x8f, 0x78, 0x27, 0x5f, 0x99, 0xa6, 0x66, 0x36, 0x88,
//!     0xf3, 0x10, 0x85, 0x84, 0x8d, 0x0e, 0xd9, 0x2f, 0x12, 0x03, 0xe4, 0x47, 0x12, 0x5f, 0x92,
//!     0x7b, 0x74, 0x86,
//! ];
//! let addr = neo::neo(&key, neo::NEO_LEGACY)?;
//! assert_eq!(addr, "AeicEjZyiXKgUeSBbYQHxsU1X3V5Buori5");
//! assert_eq!(neo::decode_neo(addr.as_str(), neo::NEO_LEGACY)?, neo::script_hash(&key, neo::NEO_LEGACY)?);
//! # Ok::<(), fastbip32::address::Error>(())
//! ```

use super::Address;
use crate::address::error::{Error, Result};
use crate::curve::nist256p1::is_compressed_point;
use crate::hash::hash160;
use crate::serialize::base58;

/// NEO legacy's `PUSHBYTES33` (a push of a compressed key).
const LEGACY_PUSHBYTES33: u8 = 0x21;
/// NEO legacy's `CHECKSIG`.
const LEGACY_CHECKSIG: u8 = 0xac;
/// The length byte of a 33-byte N3 push.
const N3_KEY_LEN: u8 = 33;
/// NEO N3's `PUSHDATA1`.
const N3_PUSHDATA1: u8 = 0x0c;
/// NEO N3's `SYSCALL`.
const N3_SYSCALL: u8 = 0x41;
/// The interop hash of `System.Crypto.CheckSig` (the first four bytes of SHA-256 of the
/// name), as the script holds it.
const N3_CHECKSIG: [u8; 4] = [0x56, 0xe7, 0xb3, 0x27];

/// The verification script a chain's address hashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NeoScript {
    /// NEO legacy (N2) and Ontology: `0x21 ‖ key ‖ 0xac`.
    Legacy,
    /// NEO N3: `0x0c 0x21 ‖ key ‖ 0x41 56 e7 b3 27`.
    N3,
}

/// The parameters of a NEO-family address: the script and the version byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NeoParams {
    script: NeoScript,
    version: u8,
}

impl NeoParams {
    /// Addresses of `script` under the `Base58Check` version `version`.
    pub const fn new(script: NeoScript, version: u8) -> Self {
        Self { script, version }
    }

    /// The script.
    pub const fn script(self) -> NeoScript {
        self.script
    }

    /// The version byte.
    pub const fn version(self) -> u8 {
        self.version
    }
}

/// NEO legacy (N2): the legacy script, version `0x17` (`A…`).
pub const NEO_LEGACY: NeoParams = NeoParams::new(NeoScript::Legacy, 0x17);
/// NEO N3: the N3 script, version `0x35` (`N…`).
pub const NEO_N3: NeoParams = NeoParams::new(NeoScript::N3, 0x35);
/// Ontology: the legacy script, version `0x17` (`A…`).
pub const ONTOLOGY: NeoParams = NeoParams::new(NeoScript::Legacy, 0x17);

/// The script hash of a compressed P-256 public key: HASH160 of its verification script.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on P-256.
pub fn script_hash(public_key: &[u8; 33], params: NeoParams) -> Result<[u8; 20]> {
    if !is_compressed_point(public_key) {
        return Err(Error::InvalidPublicKey);
    }
    let mut script = [0u8; 40];
    let len = match params.script {
        NeoScript::Legacy => {
            let (push, rest) = script.split_at_mut(1);
            push.fill(LEGACY_PUSHBYTES33);
            let (key, tail) = rest.split_at_mut(33);
            key.copy_from_slice(public_key);
            tail.get_mut(..1)
                .ok_or(Error::InvalidPublicKey)?
                .fill(LEGACY_CHECKSIG);
            1 + 33 + 1
        }
        NeoScript::N3 => {
            let (push, rest) = script.split_at_mut(2);
            push.copy_from_slice(&[N3_PUSHDATA1, N3_KEY_LEN]);
            let (key, tail) = rest.split_at_mut(33);
            key.copy_from_slice(public_key);
            let (syscall, hash) = tail.split_at_mut(1);
            syscall.fill(N3_SYSCALL);
            hash.copy_from_slice(&N3_CHECKSIG);
            2 + 33 + 1 + 4
        }
    };
    Ok(hash160(script.split_at(len).0))
}

/// The address of a compressed P-256 public key: `Base58Check`(version ‖
/// [`script_hash`]).
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on P-256.
pub fn neo(public_key: &[u8; 33], params: NeoParams) -> Result<Address> {
    Ok(neo_from_hash(&script_hash(public_key, params)?, params))
}

/// The address of a 20-byte script hash: `Base58Check`(version ‖ hash).
///
/// # Panics
/// Never: 25 bytes take at most 35 Base58 characters, which the buffer holds.
#[allow(
    clippy::expect_used,
    reason = "25 bytes take at most 35 Base58 characters"
)]
pub fn neo_from_hash(hash: &[u8; 20], params: NeoParams) -> Address {
    let mut payload = [0u8; 21];
    let (v, h) = payload.split_at_mut(1);
    v.fill(params.version);
    h.copy_from_slice(hash);
    // 25 bytes take at most 35 characters.
    let mut text = [0u8; 40];
    let len = base58::encode_check(&payload, &mut text);
    let len = len.expect("the buffer holds 35 characters");
    Address::written(text.split_at(len).0)
}

/// Reads a NEO-family address of `params`' version back to its 20-byte script hash.
///
/// # Errors
/// - [`Error::InvalidBase58`]: a character outside the Base58 alphabet;
/// - [`Error::BadChecksum`]: the `Base58Check` checksum does not match;
/// - [`Error::AddressLength`]: other than 21 bytes (version and hash);
/// - [`Error::AddressVersion`]: a version other than `params`'.
pub fn decode_neo(text: &str, params: NeoParams) -> Result<[u8; 20]> {
    let decoded = base58::decode_check_any(text.as_bytes(), 21).map_err(|e| match e {
        crate::Error::InvalidBase58 => Error::InvalidBase58,
        crate::Error::BadChecksum => Error::BadChecksum,
        _ => Error::AddressLength {
            family: "NEO",
            len: text.len(),
            expected: 21,
        },
    })?;
    let payload = decoded.payload();
    let [version, hash @ ..] = payload else {
        return Err(Error::AddressLength {
            family: "NEO",
            len: 0,
            expected: 21,
        });
    };
    if hash.len() != 20 {
        return Err(Error::AddressLength {
            family: "NEO",
            len: payload.len(),
            expected: 21,
        });
    }
    if *version != params.version {
        return Err(Error::AddressVersion {
            family: "NEO",
            version: *version,
        });
    }
    let mut out = [0u8; 20];
    out.copy_from_slice(hash);
    Ok(out)
}
