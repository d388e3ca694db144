//! BIP-32 over secp256k1, through libsecp256k1.

use crate::curve::{split_i, Scheme, Sealed};
use crate::error::{Error, Result};
use crate::hash::{fingerprint_of, HmacSha512};
use crate::key::{ChainCode, Fingerprint};
use crate::path::ChildNumber;
use crate::secret::SecretBytes;
use crate::sys;

/// BIP-32 over secp256k1 (the Bitcoin curve).
///
/// * Master key: `I = HMAC-SHA512("Bitcoin seed", seed)`. If `I_L` is zero or not below the
///   group order the seed has no master key: [`Error::InvalidSecretKey`] (BIP-32 calls the
///   master key invalid; probability below 2⁻¹²⁷).
/// * Child key: `I = HMAC-SHA512(c, 0x00 ‖ k ‖ ser32(i))` for hardened `i`, or
///   `HMAC-SHA512(c, serP(K) ‖ ser32(i))` for normal `i`; `k_i = I_L + k mod n`. If `I_L ≥ n`
///   or `k_i = 0`, BIP-32 says the child is invalid and one should proceed with the next
///   index: [`Error::InvalidChild`] names the child, and the caller decides. (SLIP-10's
///   secp256k1 retry rule is not applied: BIP-32 governs this curve.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Secp256k1;

static MASTER_KEY: HmacSha512 = HmacSha512::new_const(b"Bitcoin seed");

impl Sealed for Secp256k1 {}

impl Scheme for Secp256k1 {
    const NAME: &'static str = "secp256k1";
    const SUPPORTS_NORMAL_DERIVATION: bool = true;
    type PrivateKey = [u8; 32];
    type PublicKey = [u8; 33];

    fn master_key(seed: &[u8]) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        let (il, chain_code) = split_i(&MASTER_KEY.mac(&[seed]));
        if !sys::secp256k1_seckey_verify(il.expose()) {
            return Err(Error::InvalidSecretKey);
        }
        Ok((il, chain_code))
    }

    fn public_key(secret: &SecretBytes<[u8; 32]>) -> [u8; 33] {
        // A `SecretBytes` of this scheme is only ever built from a verified key.
        sys::secp256k1_public_key(secret.expose()).unwrap_or([0; 33])
    }

    fn check_private_key(secret: &[u8; 32]) -> Result<()> {
        if sys::secp256k1_seckey_verify(secret) {
            Ok(())
        } else {
            Err(Error::InvalidSecretKey)
        }
    }

    fn derive_private(
        secret: &SecretBytes<[u8; 32]>,
        parent_public: Option<&[u8; 33]>,
        key: &HmacSha512,
        child: ChildNumber,
    ) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        let index = child.to_be_bytes();
        let i = match parent_public {
            Some(public) if child.is_normal() => key.mac(&[public, &index]),
            _ => key.mac(&[&[0], secret.expose(), &index]),
        };
        let (il, chain_code) = split_i(&i);
        // k_i = k + I_L: libsecp256k1 rejects a tweak ≥ n and a zero sum, exactly BIP-32's
        // invalid-child rule (a zero I_L is allowed, as in BIP-32).
        let mut child_key = secret.clone();
        if !sys::secp256k1_seckey_tweak_add(child_key.expose_mut(), il.expose()) {
            return Err(Error::InvalidChild { child });
        }
        Ok((child_key, chain_code))
    }

    fn derive_private4(
        secret: &SecretBytes<[u8; 32]>,
        parent_public: Option<&[u8; 33]>,
        key: &HmacSha512,
        children: [ChildNumber; 4],
    ) -> [Result<(SecretBytes<[u8; 32]>, ChainCode)>; 4] {
        let [i0, i1, i2, i3] = children.map(ChildNumber::to_be_bytes);
        let k = secret.expose();
        let macs = match parent_public {
            Some(p) if children.iter().all(|c| c.is_normal()) => {
                key.mac4([&[p, &i0], &[p, &i1], &[p, &i2], &[p, &i3]])
            }
            _ if children.iter().all(|c| c.is_hardened()) => key.mac4([
                &[&[0], k, &i0],
                &[&[0], k, &i1],
                &[&[0], k, &i2],
                &[&[0], k, &i3],
            ]),
            _ => return children.map(|c| Self::derive_private(secret, parent_public, key, c)),
        };
        let mut macs = macs.into_iter();
        children.map(|child| {
            let (il, chain_code) = split_i(&macs.next().ok_or(Error::InvalidChild { child })?);
            let mut child_key = secret.clone();
            if !sys::secp256k1_seckey_tweak_add(child_key.expose_mut(), il.expose()) {
                return Err(Error::InvalidChild { child });
            }
            Ok((child_key, chain_code))
        })
    }

    fn parse_public_key(bytes: &[u8]) -> Result<[u8; 33]> {
        let arr: [u8; 33] = bytes.try_into().map_err(|_| Error::InvalidPublicKey)?;
        secp256k1::PublicKey::from_byte_array_compressed(arr)
            .map(|pk| pk.serialize())
            .map_err(|_| Error::InvalidPublicKey)
    }

    fn derive_public(
        public: &[u8; 33],
        key: &HmacSha512,
        child: ChildNumber,
    ) -> Result<([u8; 33], ChainCode)> {
        if child.is_hardened() {
            return Err(Error::HardenedFromPublic {
                index: child.index(),
            });
        }
        let (il, chain_code) = split_i(&key.mac(&[public, &child.to_be_bytes()]));
        let tweak = secp256k1::Scalar::from_be_bytes(*il.expose())
            .map_err(|_| Error::InvalidChild { child })?;
        let parent = secp256k1::PublicKey::from_byte_array_compressed(*public)
            .map_err(|_| Error::InvalidPublicKey)?;
        let derived = parent
            .add_exp_tweak(&tweak)
            .map_err(|_| Error::InvalidChild { child })?;
        Ok((derived.serialize(), chain_code))
    }

    fn derive_public_batch(
        public: &[u8; 33],
        key: &HmacSha512,
        first: ChildNumber,
        out: &mut [[u8; 33]],
    ) -> Result<()> {
        // Parse (decompress) the parent once instead of once per child.
        let parent = secp256k1::PublicKey::from_byte_array_compressed(*public)
            .map_err(|_| Error::InvalidPublicKey)?;
        let mut raw = first.to_raw();
        for slot in out {
            let child = ChildNumber::from_raw(raw);
            let (il, _) = split_i(&key.mac(&[public, &child.to_be_bytes()]));
            let tweak = secp256k1::Scalar::from_be_bytes(*il.expose())
                .map_err(|_| Error::InvalidChild { child })?;
            *slot = parent
                .add_exp_tweak(&tweak)
                .map_err(|_| Error::InvalidChild { child })?
                .serialize();
            raw = raw.wrapping_add(1);
        }
        Ok(())
    }

    fn fingerprint(public: &[u8; 33]) -> Fingerprint {
        Fingerprint::new(fingerprint_of(public))
    }
}
