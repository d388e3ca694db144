//! Bitcoin addresses from a compressed secp256k1 public key or from a scriptPubKey.
//!
//! | function | script | text | wallets |
//! |---|---|---|---|
//! | [`p2pkh`] | `OP_DUP OP_HASH160 <hash160(P)> OP_EQUALVERIFY OP_CHECKSIG` | `Base58Check`, `1…` / `m…`, `n…` | BIP-44 |
//! | [`p2sh_p2wpkh`] | `OP_HASH160 <hash160(0x0014 ‖ hash160(P))> OP_EQUAL` | `Base58Check`, `3…` / `2…` | BIP-49 |
//! | [`p2wpkh`] | `OP_0 <hash160(P)>` | bech32, `bc1q…` | BIP-84 |
//! | [`p2tr`] | `OP_1 <x(Q)>`, `Q = P + hash_TapTweak(x(P))·G` | bech32m, `bc1p…` | BIP-86 |
//!
//! The lower-level encoders [`p2pkh_from_hash`], [`p2sh_from_hash`], [`segwit`] and
//! [`from_script_pubkey`] serve scripts that are not single-key (output descriptors).
//!
//! # Security
//! Public inputs only: everything here is variable-time.
//!
//! # Examples
//!
//! ```
//! use fastbip32::{address::bitcoin, Network, Xprv};
//!
//! // BIP-86's first receive key for "abandon abandon … about" (m/86'/0'/0'/0/0).
//! let key: Xprv = "xprvA449goEeU9okwCzzZaxiy475EQGQzBkc65su82nXEvcwzfSskb2hAt2WymrjyRL6kpbVTGL3cKtp9herYXSjjQ1j4stsXXiRF7kXkCacK3T".parse()?;
//! let addr = bitcoin::p2tr(&key.public_key(), Network::Mainnet)?;
//! assert_eq!(addr, "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use bech32::primitives::hrp::Hrp;
use bech32::Fe32;
use sha2::{Digest, Sha256};

use super::Address;
use crate::address::error::{Error, Result};
use crate::hash::hash160;
use crate::network::Network;
use crate::serialize::base58;
use crate::serialize::Base58Alphabet;

/// The script opcodes this crate writes and reads (addresses here, output descriptors'
/// scripts in `descriptor`): the one table of them.
pub(crate) mod opcodes {
    /// `OP_0`, the push of witness version 0.
    pub(crate) const OP_0: u8 = 0x00;
    /// `OP_1`: witness versions and small numbers 1 to 16 are `OP_1` to `OP_16` (`0x51` to
    /// `0x60`).
    pub(crate) const OP_1: u8 = 0x51;
    /// `OP_16`.
    pub(crate) const OP_16: u8 = 0x60;
    /// `OP_DUP`.
    pub(crate) const OP_DUP: u8 = 0x76;
    /// `OP_HASH160`.
    pub(crate) const OP_HASH160: u8 = 0xa9;
    /// `OP_EQUAL`.
    pub(crate) const OP_EQUAL: u8 = 0x87;
    /// `OP_EQUALVERIFY`.
    pub(crate) const OP_EQUALVERIFY: u8 = 0x88;
    /// `OP_CHECKSIG`.
    pub(crate) const OP_CHECKSIG: u8 = 0xac;
    /// `OP_CHECKMULTISIG`.
    #[cfg_attr(not(feature = "descriptor"), allow(dead_code))]
    pub(crate) const OP_CHECKMULTISIG: u8 = 0xae;
    /// A push of 20 bytes.
    pub(crate) const PUSH_20: u8 = 0x14;
    /// A push of 32 bytes.
    #[cfg_attr(not(feature = "descriptor"), allow(dead_code))]
    pub(crate) const PUSH_32: u8 = 0x20;
    /// A push of 33 bytes (a compressed public key).
    #[cfg_attr(not(feature = "descriptor"), allow(dead_code))]
    pub(crate) const PUSH_33: u8 = 0x21;
    /// A push of 65 bytes (an uncompressed public key).
    #[cfg_attr(not(feature = "descriptor"), allow(dead_code))]
    pub(crate) const PUSH_65: u8 = 0x41;
}

use self::opcodes::{
    OP_0, OP_1, OP_16, OP_CHECKSIG, OP_DUP, OP_EQUAL, OP_EQUALVERIFY, OP_HASH160, PUSH_20,
};

/// The `Base58Check` text of a version byte and a 20-byte hash.
fn base58_hash(version: u8, hash: &[u8; 20]) -> Address {
    let mut payload = [0u8; 21];
    let (v, h) = payload.split_at_mut(1);
    v.fill(version);
    h.copy_from_slice(hash);
    // 25 bytes take at most 35 characters, well within the buffer and an `Address`.
    let mut buf = [0u8; 40];
    let len = written_len(base58::encode_check(&payload, &mut buf));
    Address::written(buf.split_at(len).0)
}

/// The `Base58Check` text of `version ‖ hash` in `alphabet`: the P2PKH and P2SH addresses of
/// a coin's table, whose versions are one byte, or two (Zcash).
///
/// # Errors
/// [`Error::UnknownAddressVersion`] for an empty version or one over two bytes.
fn base58_versioned(version: &[u8], hash: &[u8; 20], alphabet: Base58Alphabet) -> Result<Address> {
    let first = version.first().copied().unwrap_or(0);
    if !(1..=2).contains(&version.len()) {
        return Err(Error::UnknownAddressVersion { version: first });
    }
    let mut payload = [0u8; 22];
    let len = version.len() + 20;
    let (head, tail) = payload.split_at_mut(version.len());
    head.copy_from_slice(version);
    if let Some(h) = tail.get_mut(..20) {
        h.copy_from_slice(hash);
    }
    // 26 bytes take at most 36 characters, well within the buffer and an `Address`.
    let mut buf = [0u8; 40];
    let text = written_len(base58::encode_check_in(
        payload.split_at(len).0,
        alphabet,
        &mut buf,
    ));
    Ok(Address::written(buf.split_at(text).0))
}

/// HASH160 of the P2SH-P2WPKH redeem script of a public key, `OP_0 <hash160(P)>`.
fn p2sh_p2wpkh_hash(public_key: &[u8; 33]) -> [u8; 20] {
    let mut redeem = [0u8; 22];
    let (op, hash) = redeem.split_at_mut(2);
    op.copy_from_slice(&[OP_0, PUSH_20]);
    hash.copy_from_slice(&hash160(public_key));
    hash160(&redeem)
}

/// The P2PKH address of a public key under a coin's version and alphabet:
/// `Base58Check(version ‖ HASH160(P))` (Litecoin, Dogecoin, Zcash's `t1…`, XRP, …).
///
/// The key is hashed as given; it is not checked to be a point on the curve.
///
/// # Errors
/// [`Error::UnknownAddressVersion`] for an empty version or one over two bytes.
///
/// # Examples
///
/// ```
/// use fastbip32::address::bitcoin;
/// use fastbip32::serialize::Base58Alphabet;
///
/// let mut key = [7u8; 33]; // any 33 bytes: the key is only hashed
/// key[0] = 2;
/// let btc = bitcoin::p2pkh_versioned(&key, &[0x00], Base58Alphabet::Bitcoin)?;
/// assert_eq!(btc, bitcoin::p2pkh(&key, fastbip32::Network::Mainnet));
/// # Ok::<(), fastbip32::address::Error>(())
/// ```
pub fn p2pkh_versioned(
    public_key: &[u8; 33],
    version: &[u8],
    alphabet: Base58Alphabet,
) -> Result<Address> {
    base58_versioned(version, &hash160(public_key), alphabet)
}

/// The P2SH-P2WPKH address of a public key under a coin's P2SH version (Litecoin's `M…`,
/// Dogecoin's, Dash's).
///
/// The key is hashed as given; it is not checked to be a point on the curve.
///
/// # Errors
/// [`Error::UnknownAddressVersion`] for an empty version or one over two bytes.
pub fn p2sh_p2wpkh_versioned(public_key: &[u8; 33], version: &[u8]) -> Result<Address> {
    base58_versioned(
        version,
        &p2sh_p2wpkh_hash(public_key),
        Base58Alphabet::Bitcoin,
    )
}

/// The P2WPKH address of a public key under a coin's bech32 prefix (`ltc` for Litecoin's
/// `ltc1…`): segwit version 0 of its HASH160.
///
/// The key is hashed as given; it is not checked to be a point on the curve.
///
/// # Errors
/// [`Error::InvalidBech32`] for a prefix BIP-173 rules out (empty, over 83 characters, or
/// outside ASCII 33–126).
pub fn p2wpkh_hrp(public_key: &[u8; 33], hrp: &str) -> Result<Address> {
    segwit_hrp(0, &hash160(public_key), hrp)
}

/// The length of text written into a buffer sized for it.
#[allow(
    clippy::expect_used,
    reason = "the callers' buffers hold the longest text"
)]
fn written_len(len: crate::Result<usize>) -> usize {
    len.expect("the buffer holds the longest text")
}

/// A P2PKH address of a 20-byte public-key hash (`Base58Check`, version
/// [`Network::p2pkh_prefix`]).
///
/// # Examples
///
/// ```
/// use fastbip32::{address::bitcoin, Network};
///
/// assert_eq!(bitcoin::p2pkh_from_hash(&[0; 20], Network::Mainnet), "1111111111111111111114oLvT2");
/// assert_eq!(bitcoin::p2pkh_from_hash(&[0; 20], Network::Testnet), "mfWxJ45yp2SFn7UciZyNpvDKrzbhyfKrY8");
/// ```
pub fn p2pkh_from_hash(hash: &[u8; 20], network: Network) -> Address {
    base58_hash(network.p2pkh_prefix(), hash)
}

/// A P2SH address of a 20-byte script hash (`Base58Check`, version [`Network::p2sh_prefix`]).
///
/// # Examples
///
/// ```
/// use fastbip32::{address::bitcoin, Network};
///
/// assert_eq!(bitcoin::p2sh_from_hash(&[0; 20], Network::Mainnet), "31h1vYVSYuKP6AhS86fbRdMw9XHieotbST");
/// ```
pub fn p2sh_from_hash(hash: &[u8; 20], network: Network) -> Address {
    base58_hash(network.p2sh_prefix(), hash)
}

/// The P2PKH address of a public key (BIP-44 wallets): [`p2pkh_from_hash`] of its HASH160.
///
/// The key is hashed as given; it is not checked to be a point on the curve.
///
/// # Examples
///
/// ```
/// use fastbip32::{address::bitcoin, Network, Xprv};
///
/// // BIP-32 test vector 1, chain m.
/// let key: Xprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi".parse()?;
/// let addr = bitcoin::p2pkh(&key.public_key(), Network::Mainnet);
/// assert_eq!(addr, "15mKKb2eos1hWa6tisdPwwDC1a5J1y9nma");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn p2pkh(public_key: &[u8; 33], network: Network) -> Address {
    p2pkh_from_hash(&hash160(public_key), network)
}

/// The P2PKH address of an uncompressed public key (`04 ‖ x ‖ y`, 65 bytes): the address of
/// keys from before compressed keys, such as uncompressed WIF keys (`5…`) and old paper
/// wallets. Segwit outputs take compressed keys only, so P2PKH is the one Bitcoin address such
/// a key has.
///
/// The key is hashed as given; it is not checked to be a point on the curve.
///
/// # Examples
///
/// ```
/// use fastbip32::{address::bitcoin, Network};
///
/// // The key of BIP-381's `pkh(04a34b…)` vector, whose script holds this HASH160.
/// let key: [u8; 65] = hex_literal(
///     "04a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd\
///      5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea235",
/// );
/// let hash: [u8; 20] = hex_literal("b5bd079c4d57cc7fc28ecf8213a6b791625b8183");
/// assert_eq!(
///     bitcoin::p2pkh_uncompressed(&key, Network::Mainnet),
///     bitcoin::p2pkh_from_hash(&hash, Network::Mainnet),
/// );
/// assert_eq!(bitcoin::p2pkh_uncompressed(&key, Network::Mainnet), "1HZwkjkeaoZfTSaJxDw6aKkxp45agDiEzN");
/// # fn hex_literal<const N: usize>(text: &str) -> [u8; N] {
/// #     let digits: Vec<u8> = text.bytes().filter(u8::is_ascii_hexdigit).collect();
/// #     core::array::from_fn(|i| u8::from_str_radix(core::str::from_utf8(&digits[2 * i..2 * i + 2]).unwrap(), 16).unwrap())
/// # }
/// ```
pub fn p2pkh_uncompressed(public_key: &[u8; 65], network: Network) -> Address {
    p2pkh_from_hash(&hash160(public_key), network)
}

/// The P2SH-P2WPKH address of a public key (BIP-49 wallets): P2SH of the redeem script
/// `OP_0 <hash160(P)>`.
///
/// The key is hashed as given; it is not checked to be a point on the curve.
pub fn p2sh_p2wpkh(public_key: &[u8; 33], network: Network) -> Address {
    p2sh_from_hash(&p2sh_p2wpkh_hash(public_key), network)
}

/// The P2WPKH address of a public key (BIP-84 wallets): segwit version 0 of its HASH160.
///
/// The key is hashed as given; it is not checked to be a point on the curve.
pub fn p2wpkh(public_key: &[u8; 33], network: Network) -> Address {
    p2wpkh_of(&hash160(public_key), network)
}

/// Segwit version 0 of a 20-byte hash: a valid program, so an address.
#[allow(
    clippy::expect_used,
    reason = "BIP-141 allows 20-byte version 0 programs"
)]
fn p2wpkh_of(hash: &[u8; 20], network: Network) -> Address {
    segwit(0, hash, network).expect("a 20-byte version 0 program is valid")
}

/// `hash_TapTweak(x)`: SHA-256 tagged with `TapTweak` (BIP-340 tagged hash, BIP-341).
fn tap_tweak_hash(x: &[u8; 32]) -> [u8; 32] {
    let tag = Sha256::digest(b"TapTweak");
    let mut h = Sha256::new();
    h.update(tag);
    h.update(tag);
    h.update(x);
    h.finalize().into()
}

/// The BIP-86 taproot output key of a public key, x-only: `x(Q)` where
/// `Q = lift_x(x(P)) + hash_TapTweak(x(P))·G` (BIP-341 `taproot_tweak_pubkey` with no script
/// tree).
///
/// # Security
/// Variable-time: `P` is public.
///
/// # Errors
/// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1, or, with
/// probability below 2⁻¹²⁷, when the tweak is not below the group order or `Q` is the point
/// at infinity (BIP-341 defines no output key then).
pub fn taproot_output_key(public_key: &[u8; 33]) -> Result<[u8; 32]> {
    let point = secp256k1::PublicKey::from_byte_array_compressed(*public_key)
        .map_err(|_| Error::InvalidPublicKey)?;
    let (internal, _parity) = point.x_only_public_key();
    let tweak = tap_tweak_hash(&internal.to_byte_array());
    let tweak = secp256k1::Scalar::from_be_bytes(tweak).map_err(|_| Error::InvalidPublicKey)?;
    let (output, _parity) = internal
        .add_tweak(&tweak)
        .map_err(|_| Error::InvalidPublicKey)?;
    Ok(output.to_byte_array())
}

/// The BIP-86 P2TR (taproot, key path only) address of a public key: segwit version 1 of
/// [`taproot_output_key`], bech32m.
///
/// # Security
/// Variable-time: `P` is public.
///
/// # Errors
/// As [`taproot_output_key`].
pub fn p2tr(public_key: &[u8; 33], network: Network) -> Result<Address> {
    segwit(1, &taproot_output_key(public_key)?, network)
}

/// The segwit address of a witness program: bech32 for version 0 (BIP-173), bech32m for
/// versions 1 to 16 (BIP-350), with the network's [`Network::bech32_hrp`].
///
/// # Errors
/// [`Error::InvalidWitnessProgram`] for a version above 16, a program shorter than 2 or longer
/// than 40 bytes, or a version 0 program of other than 20 or 32 bytes (BIP-141).
///
/// # Examples
///
/// ```
/// use fastbip32::address::{bitcoin, Error};
/// use fastbip32::Network;
///
/// // BIP-350's test vector for a version 16 program.
/// assert_eq!(bitcoin::segwit(16, &[0x75, 0x1e], Network::Mainnet)?, "bc1sw50qgdz25j");
/// assert_eq!(
///     bitcoin::segwit(0, &[0; 21], Network::Mainnet),
///     Err(Error::InvalidWitnessProgram { version: 0, len: 21 }),
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn segwit(version: u8, program: &[u8], network: Network) -> Result<Address> {
    segwit_hrp(version, program, network.bech32_hrp())
}

/// [`segwit`] under the bech32 prefix `hrp`.
fn segwit_hrp(version: u8, program: &[u8], hrp: &str) -> Result<Address> {
    let invalid = Error::InvalidWitnessProgram {
        version,
        len: program.len(),
    };
    let length_ok = match version {
        0 => matches!(program.len(), 20 | 32),
        1..=16 => (2..=40).contains(&program.len()),
        _ => false,
    };
    let Some(fe) = length_ok.then(|| Fe32::try_from(version).ok()).flatten() else {
        return Err(invalid);
    };
    let hrp = Hrp::parse(hrp).map_err(|_| Error::InvalidBech32)?;
    let mut addr = Address::empty();
    // At most 4 + 1 + 1 + 64 + 6 = 76 characters: the writer cannot run out of room.
    bech32::segwit::encode_lower_to_fmt_unchecked(&mut addr, hrp, fe, program)
        .map_err(|_| invalid)?;
    Ok(addr)
}

/// The address of a scriptPubKey: P2PKH (`76 a9 14 <20> 88 ac`), P2SH (`a9 14 <20> 87`) or a
/// witness program (`OP_n <2 to 40 bytes>`, BIP-141).
///
/// # Errors
/// [`Error::UnsupportedScript`] for any other script (bare multisig, `OP_RETURN`, …);
/// [`Error::InvalidWitnessProgram`] for a version 0 program of other than 20 or 32 bytes.
///
/// # Examples
///
/// ```
/// use fastbip32::address::{bitcoin, Error};
/// use fastbip32::Network;
///
/// let mut script = [0u8; 22];
/// script[1] = 0x14; // OP_0 <20 bytes>
/// assert_eq!(
///     bitcoin::from_script_pubkey(&script, Network::Regtest)?,
///     bitcoin::segwit(0, &[0; 20], Network::Regtest)?,
/// );
/// assert_eq!(bitcoin::from_script_pubkey(&[0x6a], Network::Mainnet), Err(Error::UnsupportedScript));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_script_pubkey(script: &[u8], network: Network) -> Result<Address> {
    match script {
        [OP_DUP, OP_HASH160, PUSH_20, hash @ .., OP_EQUALVERIFY, OP_CHECKSIG] => {
            if let Ok(hash) = <&[u8; 20]>::try_from(hash) {
                return Ok(p2pkh_from_hash(hash, network));
            }
        }
        [OP_HASH160, PUSH_20, hash @ .., OP_EQUAL] => {
            if let Ok(hash) = <&[u8; 20]>::try_from(hash) {
                return Ok(p2sh_from_hash(hash, network));
            }
        }
        _ => {}
    }
    let [op, push, program @ ..] = script else {
        return Err(Error::UnsupportedScript);
    };
    let version = match *op {
        OP_0 => 0,
        op @ OP_1..=OP_16 => op - OP_1 + 1,
        _ => return Err(Error::UnsupportedScript),
    };
    // BIP-141: a one-byte push opcode of 2 to 40 bytes, and nothing after it.
    if !(2..=40).contains(push) || usize::from(*push) != program.len() {
        return Err(Error::UnsupportedScript);
    }
    segwit(version, program, network)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_hash_is_bip340() {
        // BIP-340: SHA256(SHA256(tag) ‖ SHA256(tag) ‖ x), checked against a direct computation.
        let x = [7u8; 32];
        let tag = Sha256::digest(b"TapTweak");
        let mut data = [0u8; 96];
        data[..32].copy_from_slice(&tag);
        data[32..64].copy_from_slice(&tag);
        data[64..].copy_from_slice(&x);
        assert_eq!(tap_tweak_hash(&x)[..], Sha256::digest(data)[..]);
    }

    #[test]
    fn longest_segwit_fits() {
        let addr = segwit(16, &[0xff; 40], Network::Regtest).unwrap();
        assert_eq!(addr.len(), 4 + 1 + 1 + 64 + 6);
    }
}
