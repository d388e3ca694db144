//! BIP-32 over secp256k1, through libsecp256k1.

use crate::chain_code::ChainCode;
use crate::curve::{
    invalid_child, split_i, Bip32Text, Math, NormalDerivation, Scheme, SchemeKeys, Sealed, Step,
    Steps, Token,
};
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::hash::{fingerprint_of, HmacSha512};
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

impl Secp256k1 {
    /// Re-randomises libsecp256k1's context (side-channel blinding, defence in depth against
    /// power and EM analysis; constant time does not depend on it) with 32 bytes of entropy
    /// from the caller.
    ///
    /// With `std` every thread's context is already blinded from the OS RNG before its first
    /// use and refreshed every 1024 public keys; this adds the caller's entropy. Without
    /// `std` (one global context) the crate can only blind it with a hash of the first secret
    /// it is used with: call this once at start-up with real entropy. See SECURITY.md.
    pub fn randomize_context(seed: &[u8; 32]) {
        sys::randomize_context(seed);
    }
}

impl SchemeKeys for Secp256k1 {
    type PrivateKey = [u8; 32];
    type PublicKey = [u8; 33];
}

impl Scheme for Secp256k1 {
    const NAME: &'static str = crate::curve::CurveName::Secp256k1.name();
    const HARDENED_ONLY: bool = false;
}

impl NormalDerivation for Secp256k1 {}

impl Bip32Text for Secp256k1 {}

/// `k + I_L`, or BIP-32's invalid child.
fn add_tweak(
    secret: &SecretBytes<[u8; 32]>,
    il: &SecretBytes<[u8; 32]>,
    child: ChildNumber,
) -> Result<SecretBytes<[u8; 32]>> {
    // libsecp256k1 rejects a tweak ≥ n and a zero sum, exactly BIP-32's invalid-child rule (a
    // zero I_L is allowed, as in BIP-32).
    let mut child_key = secret.clone();
    if sys::secp256k1_seckey_tweak_add(child_key.expose_mut(), il.expose()) {
        Ok(child_key)
    } else {
        Err(invalid_child(child))
    }
}

impl Math for Secp256k1 {
    fn master_key(seed: &[u8], _: Token) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        let (il, chain_code) = split_i(&MASTER_KEY.mac(&[seed]));
        if !sys::secp256k1_seckey_verify(il.expose()) {
            return Err(Error::InvalidSecretKey);
        }
        Ok((il, chain_code))
    }

    #[allow(
        clippy::expect_used,
        reason = "libsecp256k1 computes the public key of every valid private key"
    )]
    fn public_key(secret: &SecretBytes<[u8; 32]>, _: Token) -> [u8; 33] {
        sys::secp256k1_public_key(secret.expose())
            .expect("a valid secp256k1 private key has a public key")
    }

    fn check_private_key(secret: &[u8; 32], _depth: u8, _: Token) -> Result<()> {
        if sys::secp256k1_seckey_verify(secret) {
            Ok(())
        } else {
            Err(Error::InvalidSecretKey)
        }
    }

    fn derive_private(
        secret: &SecretBytes<[u8; 32]>,
        step: &Step<[u8; 33]>,
        key: &HmacSha512,
        t: Token,
    ) -> Result<(SecretBytes<[u8; 32]>, ChainCode)> {
        let mut child = (SecretBytes::zero(), ChainCode::new([0; 32]));
        Self::derive_private_into(secret, step, key, t, (&mut child.0, &mut child.1))?;
        Ok(child)
    }

    fn derive_private_into(
        secret: &SecretBytes<[u8; 32]>,
        step: &Step<[u8; 33]>,
        key: &HmacSha512,
        _: Token,
        out: (&mut SecretBytes<[u8; 32]>, &mut ChainCode),
    ) -> Result<()> {
        let (out_secret, out_chain) = out;
        let index = step.child().to_be_bytes();
        let mut i = SecretBytes::<[u8; 64]>::zero();
        match step.parent_public() {
            Some(public) => key.mac_into(&[public, &index], &mut i),
            None => key.mac_into(&[&[0], secret.expose(), &index], &mut i),
        }
        let (l, r) = i.expose().split_at(32);
        let mut il = SecretBytes::<[u8; 32]>::zero();
        il.expose_mut().copy_from_slice(l);
        out_chain.copy_from_slice(r);
        // The child is the parent's key tweaked in place: `k + I_L`, or BIP-32's invalid child.
        *out_secret.expose_mut() = *secret.expose();
        if sys::secp256k1_seckey_tweak_add(out_secret.expose_mut(), il.expose()) {
            Ok(())
        } else {
            Err(invalid_child(step.child()))
        }
    }

    #[allow(
        clippy::expect_used,
        reason = "one MAC per child: two arrays of length N"
    )]
    fn derive_private_many<const N: usize>(
        secret: &SecretBytes<[u8; 32]>,
        steps: &Steps<[u8; 33], N>,
        key: &HmacSha512,
        _: Token,
    ) -> [Result<(SecretBytes<[u8; 32]>, ChainCode)>; N] {
        let indexes = steps.children().map(ChildNumber::to_be_bytes);
        let k = secret.expose();
        let macs = if let Some(p) = steps.parent_public() {
            let msgs = indexes.each_ref().map(|i| [&p[..], &i[..]]);
            key.mac_many(msgs.each_ref().map(|m| &m[..]))
        } else {
            let msgs = indexes.each_ref().map(|i| [&[0][..], &k[..], &i[..]]);
            key.mac_many(msgs.each_ref().map(|m| &m[..]))
        };
        let mut children = steps.children().iter();
        macs.map(|i| {
            let (il, chain_code) = split_i(&i);
            let child = *children.next().expect("one child per MAC");
            Ok((add_tweak(secret, &il, child)?, chain_code))
        })
    }

    fn parse_public_key(bytes: &[u8], _: Token) -> Result<[u8; 33]> {
        let arr: [u8; 33] = bytes.try_into().map_err(|_| Error::InvalidPublicKey)?;
        secp256k1::PublicKey::from_byte_array_compressed(arr)
            .map(|pk| pk.serialize())
            .map_err(|_| Error::InvalidPublicKey)
    }

    fn derive_public(
        public: &[u8; 33],
        key: &HmacSha512,
        child: ChildNumber,
        t: Token,
    ) -> Result<([u8; 33], ChainCode)> {
        let parent = secp256k1::PublicKey::from_byte_array_compressed(*public)
            .map_err(|_| Error::InvalidPublicKey)?;
        let (il, chain_code) = split_i(&key.mac(&[public, &child.to_be_bytes()]));
        let _ = t;
        Ok((tweak_public(&parent, &il, child)?, chain_code))
    }

    fn derive_public_batch(
        public: &[u8; 33],
        key: &HmacSha512,
        first: ChildNumber,
        out: &mut [[u8; 33]],
        _: Token,
    ) -> Result<()> {
        #[cfg(feature = "alloc")]
        {
            // Batched affine additions over a fixed-base table (variable time, public inputs).
            super::secp256k1_batch::derive_public_batch_vartime(public, key, first, out, None)
        }
        #[cfg(not(feature = "alloc"))]
        {
            // Without an allocator (no table): libsecp256k1 per child, the parent parsed once.
            let parent = secp256k1::PublicKey::from_byte_array_compressed(*public)
                .map_err(|_| Error::InvalidPublicKey)?;
            let mut raw = first.to_raw();
            for slot in out {
                let child = ChildNumber::from_raw(raw);
                let (il, _) = split_i(&key.mac(&[public, &child.to_be_bytes()]));
                *slot = tweak_public(&parent, &il, child)?;
                raw = raw.wrapping_add(1);
            }
            Ok(())
        }
    }

    // Estimated, not yet measured: a chunk's rounds cost about 34 field inversions whatever
    // its length, which a run of a few children does not repay.
    #[cfg(feature = "alloc")]
    const PUBLIC_RUN_MIN: usize = 8;

    #[cfg(feature = "alloc")]
    fn derive_public_run(
        public: &[u8; 33],
        key: &HmacSha512,
        first: ChildNumber,
        out: &mut [[u8; 33]],
        codes: &mut [ChainCode],
        _: Token,
    ) -> Result<()> {
        // The batched affine engine, which writes the chain codes it computes anyway.
        super::secp256k1_batch::derive_public_batch_vartime(public, key, first, out, Some(codes))
    }

    fn fingerprint(public: &[u8; 33], _: Token) -> Fingerprint {
        Fingerprint::new(fingerprint_of(public))
    }
}

/// `K + I_L·G`, compressed, or BIP-32's invalid child. Variable time: every input is public.
fn tweak_public(
    parent: &secp256k1::PublicKey,
    il: &SecretBytes<[u8; 32]>,
    child: ChildNumber,
) -> Result<[u8; 33]> {
    sys::secp256k1_tweak_public_vartime(parent, il.expose()).ok_or_else(|| invalid_child(child))
}
