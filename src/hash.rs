//! Hashing: HMAC-SHA512 over reusable keyed states, PBKDF2-HMAC-SHA512 in lanes
//! (`pbkdf2`), HASH160, and SHA-512/SHA-256 one-shots.
//!
//! HMAC-SHA512 is written over the raw SHA-512 compression function (`sha2::block_api`) so a
//! key's inner and outer states can be computed once and reused: for the constant master
//! keys ("Bitcoin seed", …) at compile time, for a chain code once per parent however many
//! children are derived from it, and once for the two HMACs of a BIP32-Ed25519 step.

use sha2::digest::Digest;
use zeroize::Zeroize;

use crate::secret::SecretBytes;
use crate::sys::sha512::{compress, compress_many, K};
#[cfg(any(test, feature = "bench-internals"))]
use crate::sys::sha512::{compress_with, Kernel};

#[cfg(any(
    feature = "mnemonic-english",
    feature = "ed25519-bip32",
    feature = "sr25519"
))]
pub(crate) mod pbkdf2;

const BLOCK: usize = 128;
const IPAD: u8 = 0x36;
const OPAD: u8 = 0x5c;

/// SHA-512 initial state (FIPS 180-4 §5.3.5).
const IV: [u64; 8] = [
    0x6a09_e667_f3bc_c908,
    0xbb67_ae85_84ca_a73b,
    0x3c6e_f372_fe94_f82b,
    0xa54f_f53a_5f1d_36f1,
    0x510e_527f_ade6_82d1,
    0x9b05_688c_2b3e_6c1f,
    0x1f83_d9ab_fb41_bd6b,
    0x5be0_cd19_137e_2179,
];

/// One SHA-512 compression, evaluable at compile time. Used only to precompute the keyed
/// states of the constant master-key HMAC keys; runtime hashing goes through `sha2`.
#[allow(clippy::indexing_slicing, clippy::many_single_char_names)] // const fn: fixed 0..80 and 0..16 loops over fixed arrays
const fn compress_const(mut state: [u64; 8], block: &[u8; BLOCK]) -> [u64; 8] {
    let mut w = [0u64; 80];
    let mut t = 0;
    while t < 16 {
        let mut v = 0u64;
        let mut j = 0;
        while j < 8 {
            v = (v << 8) | block[t * 8 + j] as u64;
            j += 1;
        }
        w[t] = v;
        t += 1;
    }
    while t < 80 {
        let s0 = w[t - 15].rotate_right(1) ^ w[t - 15].rotate_right(8) ^ (w[t - 15] >> 7);
        let s1 = w[t - 2].rotate_right(19) ^ w[t - 2].rotate_right(61) ^ (w[t - 2] >> 6);
        w[t] = w[t - 16]
            .wrapping_add(s0)
            .wrapping_add(w[t - 7])
            .wrapping_add(s1);
        t += 1;
    }
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = state;
    t = 0;
    while t < 80 {
        let s1 = e.rotate_right(14) ^ e.rotate_right(18) ^ e.rotate_right(41);
        let ch = (e & f) ^ (!e & g);
        let t1 = h
            .wrapping_add(s1)
            .wrapping_add(ch)
            .wrapping_add(K[t])
            .wrapping_add(w[t]);
        let s0 = a.rotate_right(28) ^ a.rotate_right(34) ^ a.rotate_right(39);
        let maj = (a & b) ^ (a & c) ^ (b & c);
        let t2 = s0.wrapping_add(maj);
        h = g;
        g = f;
        f = e;
        e = d.wrapping_add(t1);
        d = c;
        c = b;
        b = a;
        a = t1.wrapping_add(t2);
        t += 1;
    }
    let add = [a, b, c, d, e, f, g, h];
    let mut i = 0;
    while i < 8 {
        state[i] = state[i].wrapping_add(add[i]);
        i += 1;
    }
    state
}

/// The longest message whose HMAC inner hash is one block: 128 − 1 (the 0x80 byte) − 16
/// (the length). Every message of BIP-32, SLIP-10 and BIP32-Ed25519 fits.
const ONE_BLOCK: usize = BLOCK - 17;

/// How many MACs a sibling batch computes together: the widest SHA-512 kernel's lane count.
/// Where the CPU's widest chosen kernel is narrower, the dispatch runs it several times.
pub(crate) const BATCH_LANES: usize = 8;

/// An HMAC-SHA512 key, expanded into its inner and outer SHA-512 states.
///
/// Computing it costs two compressions; every MAC under it then costs two more (for
/// messages up to 111 bytes, which covers every message of BIP-32, SLIP-10 and
/// BIP32-Ed25519). The states are secret when the key is a chain code: wiped on drop.
#[derive(Clone)]
#[allow(unreachable_pub)] // named by the sealed `Scheme` trait's hidden methods; not exported
pub struct HmacSha512 {
    inner: [u64; 8],
    outer: [u64; 8],
}

impl Drop for HmacSha512 {
    fn drop(&mut self) {
        self.inner.zeroize();
        self.outer.zeroize();
    }
}

impl core::fmt::Debug for HmacSha512 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("HmacSha512(..)")
    }
}

impl HmacSha512 {
    /// The keyed states for a key of at most 128 bytes, at compile time.
    #[allow(clippy::indexing_slicing)] // const fn over a key checked to fit the block
    pub(crate) const fn new_const(key: &[u8]) -> Self {
        assert!(key.len() <= BLOCK, "constant HMAC keys fit one block");
        let mut ipad = [IPAD; BLOCK];
        let mut opad = [OPAD; BLOCK];
        let mut i = 0;
        while i < key.len() {
            ipad[i] ^= key[i];
            opad[i] ^= key[i];
            i += 1;
        }
        Self {
            inner: compress_const(IV, &ipad),
            outer: compress_const(IV, &opad),
        }
    }

    /// The keyed states for a runtime key (a chain code, a seed used as a key).
    pub(crate) fn new(key: &[u8]) -> Self {
        let mut hashed = [0u8; 64];
        let key = if key.len() > BLOCK {
            // A long key is hashed (RFC 2104) straight into `hashed`, over a zeroizing state.
            sha2::Sha512::new_with_prefix(key).finalize_into((&mut hashed).into());
            &hashed[..]
        } else {
            key
        };
        let (inner, outer) = hmac_states(key);
        hashed.zeroize();
        Self { inner, outer }
    }

    /// The keyed states for a key given as the concatenation of `parts` (a BIP-39 phrase as
    /// its words and spaces), never copied into one buffer but the wiped key block: a key
    /// over 128 bytes is hashed part by part (RFC 2104), over a zeroizing state.
    #[cfg(feature = "mnemonic-english")]
    pub(crate) fn from_parts<'a, I>(parts: I) -> Self
    where
        I: IntoIterator<Item = &'a [u8]> + Clone,
    {
        let len: usize = parts.clone().into_iter().map(<[u8]>::len).sum();
        let mut key = [0u8; BLOCK];
        if len > BLOCK {
            let mut hasher = sha2::Sha512::new();
            for part in parts {
                hasher.update(part);
            }
            if let Some((digest, _)) = key.split_first_chunk_mut::<64>() {
                hasher.finalize_into(digest.into());
            }
        } else {
            let mut at = 0;
            for part in parts {
                if let Some(dst) = key.get_mut(at..at + part.len()) {
                    dst.copy_from_slice(part);
                }
                at += part.len();
            }
        }
        // Zeros after the key are what RFC 2104 pads it with.
        let (inner, outer) = hmac_states(&key);
        key.zeroize();
        Self { inner, outer }
    }

    /// HMAC-SHA512 of the concatenation of `parts`.
    pub(crate) fn mac(&self, parts: &[&[u8]]) -> SecretBytes<[u8; 64]> {
        let len = parts.iter().map(|p| p.len()).sum::<usize>();
        if len > ONE_BLOCK {
            return self.mac_long(parts);
        }
        // The common case: the inner hash's message and padding are one block, built in
        // place; the outer block reuses the same buffer.
        let mut block = [0u8; BLOCK];
        inner_block(&mut block, parts, len);
        let mut state = self.inner;
        compress(&mut state, &block);
        outer_block(&mut block, &state);
        state = self.outer;
        compress(&mut state, &block);
        let mut out = SecretBytes::<[u8; 64]>::zero();
        write_state(&state, out.expose_mut());
        block.zeroize();
        state.zeroize();
        out
    }

    /// [`mac`](Self::mac) for messages of any length.
    fn mac_long(&self, parts: &[&[u8]]) -> SecretBytes<[u8; 64]> {
        let mut state = self.inner;
        let mut block = [0u8; BLOCK];
        let mut fill = 0usize;
        let mut total: u128 = BLOCK as u128;
        for part in parts {
            let mut rest: &[u8] = part;
            total += rest.len() as u128;
            while !rest.is_empty() {
                let take = (BLOCK - fill).min(rest.len());
                let (now, later) = rest.split_at(take);
                if let Some(dst) = block.get_mut(fill..fill + take) {
                    dst.copy_from_slice(now);
                }
                fill += take;
                rest = later;
                if fill == BLOCK {
                    compress(&mut state, &block);
                    fill = 0;
                }
            }
        }
        finish(&mut state, &mut block, fill, total);
        outer_block(&mut block, &state);
        state = self.outer;
        compress(&mut state, &block);
        let mut out = SecretBytes::<[u8; 64]>::zero();
        write_state(&state, out.expose_mut());
        block.zeroize();
        state.zeroize();
        out
    }
}

impl HmacSha512 {
    /// HMAC-SHA512 of `N` messages under this key at once, in SIMD lanes where the CPU has
    /// them (`sys::sha512`'s dispatch): the sibling batch's fast path. If a message is longer
    /// than one block's room (111 bytes), all fall back to [`mac`](Self::mac).
    pub(crate) fn mac_many<const N: usize>(
        &self,
        msgs: [&[&[u8]]; N],
    ) -> [SecretBytes<[u8; 64]>; N] {
        let lens = msgs.map(|parts| parts.iter().map(|p| p.len()).sum::<usize>());
        if lens.iter().any(|&len| len > ONE_BLOCK) {
            return msgs.map(|parts| self.mac(parts));
        }
        let mut blocks = [[0u8; BLOCK]; N];
        for ((block, parts), len) in blocks.iter_mut().zip(msgs).zip(lens) {
            inner_block(block, parts, len);
        }
        let mut states = [self.inner; N];
        compress_many(&mut states, &blocks);
        for (block, state) in blocks.iter_mut().zip(&states) {
            outer_block(block, state);
        }
        states = [self.outer; N];
        compress_many(&mut states, &blocks);
        let out = states.map(|state| {
            let mut mac = SecretBytes::<[u8; 64]>::zero();
            write_state(&state, mac.expose_mut());
            mac
        });
        blocks.zeroize();
        states.zeroize();
        out
    }
}

/// Writes the inner hash's only block into a zeroed `block`: the message (`parts`, `len ≤
/// ONE_BLOCK` bytes in all), the 0x80 byte, and the bit length of key block + message.
#[allow(clippy::indexing_slicing)] // `len ≤ ONE_BLOCK` is checked by every caller
fn inner_block(block: &mut [u8; BLOCK], parts: &[&[u8]], len: usize) {
    let mut at = 0;
    for part in parts {
        block[at..at + part.len()].copy_from_slice(part);
        at += part.len();
    }
    block[len] = 0x80;
    block[BLOCK - 16..].copy_from_slice(&(((BLOCK + len) as u128) * 8).to_be_bytes());
}

/// Overwrites `block` with the outer hash's only block: the inner digest `state`, the 0x80
/// byte, zeros, and the bit length of key block + digest.
#[allow(clippy::indexing_slicing)] // fixed offsets in a 128-byte block
fn outer_block(block: &mut [u8; BLOCK], state: &[u64; 8]) {
    for (chunk, word) in block[..64].chunks_exact_mut(8).zip(state) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    block[64] = 0x80;
    block[65..BLOCK - 16].fill(0);
    block[BLOCK - 16..].copy_from_slice(&(((BLOCK + 64) as u128) * 8).to_be_bytes());
}

/// An HMAC key's inner and outer states computed with one chosen SHA-512 kernel (two
/// compressions: two `Portable` calls or one two-lane call), for the benches' key-schedule
/// rows. `None` if the CPU lacks the kernel or it is not a one- or two-lane kernel. Not
/// public API.
#[cfg(any(test, feature = "bench-internals"))]
#[cfg_attr(not(feature = "bench-internals"), allow(unreachable_pub))]
#[doc(hidden)]
pub fn hmac_key_schedule_with(kernel: Kernel, key: &[u8; 32]) -> Option<HmacSha512> {
    let mut blocks = pad_blocks(key);
    let mut states = [IV, IV];
    let ran = kernel.lanes() <= 2 && compress_with(kernel, &mut states, &blocks);
    blocks.zeroize();
    let [inner, outer] = states;
    ran.then_some(HmacSha512 { inner, outer })
}

/// `key ⊕ ipad` and `key ⊕ opad` (RFC 2104) for a key of at most 128 bytes. The caller wipes
/// them.
fn pad_blocks(key: &[u8]) -> [[u8; BLOCK]; 2] {
    let mut blocks = [[IPAD; BLOCK], [OPAD; BLOCK]];
    for block in &mut blocks {
        for (b, k) in block.iter_mut().zip(key) {
            *b ^= k;
        }
    }
    blocks
}

/// The inner and outer HMAC-SHA512 states of a key of at most 128 bytes: the compressions,
/// from the IV, of `key ⊕ ipad` and `key ⊕ opad` (RFC 2104), as two lanes where the CPU has
/// a two-lane kernel. The padded blocks are wiped.
fn hmac_states(key: &[u8]) -> ([u64; 8], [u64; 8]) {
    let mut blocks = pad_blocks(key);
    let mut states = [IV, IV];
    compress_many(&mut states, &blocks);
    blocks.zeroize();
    let [inner, outer] = states;
    (inner, outer)
}

/// Pads and compresses the last block: `block[..fill]` holds the message tail, `total` is the
/// whole hashed length in bytes (including the key block).
fn finish(state: &mut [u64; 8], block: &mut [u8; BLOCK], fill: usize, total: u128) {
    if let Some(rest) = block.get_mut(fill..) {
        rest.fill(0);
    }
    if let Some(b) = block.get_mut(fill) {
        *b = 0x80;
    }
    if fill >= BLOCK - 16 {
        compress(state, block);
        block.fill(0);
    }
    block[BLOCK - 16..].copy_from_slice(&(total * 8).to_be_bytes());
    compress(state, block);
}

fn write_state(state: &[u64; 8], out: &mut [u8; 64]) {
    for (chunk, word) in out.chunks_exact_mut(8).zip(state) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
}

/// HMAC-SHA256 (RFC 2104) of the concatenation of `parts`, for a key of at most 64 bytes
/// (the constant master-key HMAC keys). The padded key blocks are wiped.
#[cfg(feature = "ed25519-bip32")]
pub(crate) fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    const BLOCK256: usize = 64;
    let mut ipad = [IPAD; BLOCK256];
    let mut opad = [OPAD; BLOCK256];
    for ((i, o), k) in ipad.iter_mut().zip(opad.iter_mut()).zip(key) {
        *i ^= k;
        *o ^= k;
    }
    let mut inner = sha2::Sha256::new();
    inner.update(ipad);
    for part in parts {
        inner.update(part);
    }
    let mut inner_hash: [u8; 32] = inner.finalize().into();
    let mut outer = sha2::Sha256::new();
    outer.update(opad);
    outer.update(inner_hash);
    let out = outer.finalize().into();
    ipad.zeroize();
    opad.zeroize();
    inner_hash.zeroize();
    out
}

/// HASH160: RIPEMD-160 of SHA-256.
pub(crate) fn hash160(data: &[u8]) -> [u8; 20] {
    let sha = sha2::Sha256::digest(data);
    ripemd::Ripemd160::digest(sha).into()
}

/// The first four bytes of HASH160 of a serialized public key.
pub(crate) fn fingerprint_of(data: &[u8]) -> [u8; 4] {
    let h = hash160(data);
    [h[0], h[1], h[2], h[3]]
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation)] // test data patterns
mod tests {
    use super::*;

    fn reference(key: &[u8], msg: &[u8]) -> [u8; 64] {
        // RFC 2104 from the sha2 crate's streaming API, as an independent check.
        let mut k = [0u8; BLOCK];
        if key.len() > BLOCK {
            k[..64].copy_from_slice(&sha2::Sha512::digest(key));
        } else {
            k[..key.len()].copy_from_slice(key);
        }
        let mut inner = sha2::Sha512::new();
        inner.update(k.map(|b| b ^ IPAD));
        inner.update(msg);
        let mut outer = sha2::Sha512::new();
        outer.update(k.map(|b| b ^ OPAD));
        outer.update(inner.finalize());
        outer.finalize().into()
    }

    #[test]
    fn rfc4231_case_2() {
        let out = HmacSha512::new(b"Jefe").mac(&[b"what do ya want ", b"for nothing?"]);
        assert_eq!(
            out.expose()[..8],
            [0x16, 0x4b, 0x7a, 0x7b, 0xfc, 0xf8, 0x19, 0xe2]
        );
    }

    #[test]
    fn matches_reference_for_all_lengths() {
        let data: [u8; 300] = core::array::from_fn(|i| (i * 7 + 1) as u8);
        for key_len in [0, 1, 12, 32, 64, 127, 128, 129, 200] {
            for msg_len in [0, 1, 37, 69, 111, 112, 127, 128, 129, 239, 240, 256, 300] {
                let key = &data[..key_len];
                let msg = &data[..msg_len];
                let (a, b) = msg.split_at(msg_len / 3);
                let got = HmacSha512::new(key).mac(&[a, b]);
                assert_eq!(
                    got.expose(),
                    &reference(key, msg),
                    "key {key_len} msg {msg_len}"
                );
            }
        }
    }

    #[cfg(feature = "ed25519-bip32")]
    #[test]
    fn hmac_sha256_rfc4231_case_2() {
        let out = hmac_sha256(b"Jefe", &[b"what do ya want ", b"for nothing?"]);
        assert_eq!(out[..8], [0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e]);
    }

    #[test]
    fn four_macs_together_equal_single_macs() {
        let data: [u8; 200] = core::array::from_fn(|i| (i * 13 + 5) as u8);
        for key_len in [0, 32, 64, 128, 150] {
            let key = HmacSha512::new(&data[..key_len]);
            for lens in [
                [0, 1, 37, 111],
                [33, 37, 69, 4],
                [111, 112, 5, 150],
                [37, 37, 37, 37],
            ] {
                let m: [&[u8]; 4] = lens.map(|l| &data[..l]);
                let (a0, a1) = m[0].split_at(m[0].len() / 2);
                let got = key.mac_many([&[a0, a1], &[m[1]], &[m[2]], &[m[3]]]);
                for (g, msg) in got.iter().zip(m) {
                    assert_eq!(
                        g.expose(),
                        &reference(&data[..key_len], msg),
                        "key {key_len} lens {lens:?}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// One MAC, and batches of 2, 3 and 8 under one key (every dispatch width plus a
        /// remainder), against RFC 2104 over `sha2`'s streaming API, for random keys and
        /// messages on both sides of the one-block limit.
        #[test]
        fn macs_equal_reference(
            key in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
            msgs in proptest::collection::vec(
                proptest::collection::vec(proptest::prelude::any::<u8>(), 0..130), 8),
            split in 0usize..130,
        ) {
            let k = HmacSha512::new(&key);
            for msg in &msgs {
                let (a, b) = msg.split_at(split.min(msg.len()));
                let got = k.mac(&[a, b]);
                proptest::prop_assert_eq!(got.expose(), &reference(&key, msg));
            }
            let parts: [[&[u8]; 1]; 8] = core::array::from_fn(|i| [&msgs[i][..]]);
            let refs = parts.each_ref().map(|p| &p[..]);
            let eight = k.mac_many(refs);
            let [p0, p1, p2, ..] = refs;
            let three = k.mac_many([p0, p1, p2]);
            let two = k.mac_many([p0, p1]);
            for (i, msg) in msgs.iter().enumerate() {
                let expected = reference(&key, msg);
                proptest::prop_assert_eq!(eight[i].expose(), &expected);
                if let Some(m) = three.get(i) {
                    proptest::prop_assert_eq!(m.expose(), &expected);
                }
                if let Some(m) = two.get(i) {
                    proptest::prop_assert_eq!(m.expose(), &expected);
                }
            }
        }

        /// The key schedule through each one- and two-lane kernel this CPU has equals the
        /// dispatched one (and so, through `macs_equal_reference`, RFC 2104).
        #[test]
        fn key_schedule_every_kernel(key in proptest::prelude::any::<[u8; 32]>()) {
            let expected = HmacSha512::new(&key);
            for kernel in Kernel::ALL {
                let got = hmac_key_schedule_with(kernel, &key);
                let runs = kernel.lanes() <= 2 && crate::sys::sha512::supported(kernel);
                proptest::prop_assert_eq!(got.is_some(), runs, "{:?}", kernel);
                if let Some(got) = got {
                    proptest::prop_assert_eq!(got.inner, expected.inner, "{:?}", kernel);
                    proptest::prop_assert_eq!(got.outer, expected.outer, "{:?}", kernel);
                }
            }
        }
    }

    #[test]
    fn const_states_equal_runtime_states() {
        for key in [
            &b"Bitcoin seed"[..],
            b"ed25519 seed",
            b"Nist256p1 seed",
            b"curve25519 seed",
        ] {
            let c = HmacSha512::new_const(key);
            let r = HmacSha512::new(key);
            assert_eq!(c.inner, r.inner);
            assert_eq!(c.outer, r.outer);
        }
    }
}
