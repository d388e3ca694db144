//! PBKDF2-HMAC-SHA512 (RFC 8018 §5.2) over the crate's HMAC keyed states, lanes side by
//! side: BIP-39 seeds, Cardano's Icarus master key, and batches of candidates.
//!
//! A **lane** is one output block `T_i = F(P, S, c, i)` ([`Pbkdf2Block`]): the password's
//! keyed states ([`HmacSha512`]: computed once per password, a password over the 128-byte
//! block hashed first, RFC 2104), the salt, and the block index `i`. `U_1 =
//! HMAC(P, S ‖ INT(i))` is one HMAC per lane, for salts of any length; the `c − 1` HMACs
//! after it run in the SIMD kernels of `sys::sha512::pbkdf2`, up to [`LANES`] lanes per
//! call. Lanes need not share anything, so both shapes of a search batch alike: many
//! passwords with one salt (one keyed state per candidate phrase), or one password with many
//! salts (one keyed state, borrowed by every lane). An output longer than 64 bytes is
//! several lanes of one password and salt ([`pbkdf2_hmac_sha512`]; Icarus: 96 bytes, two
//! lanes side by side).
//!
//! Wiping: the lanes' keyed states, `U_1` and `T` pass through arrays here that are wiped
//! before return; the kernels wipe theirs and their stack frames (`sys::sha512::pbkdf2`).

use zeroize::Zeroize;

use super::{write_state, HmacSha512};
use crate::secret::SecretBytes;
use crate::sys::sha512::pbkdf2::iterate;

/// Lanes per kernel call: the widest kernel's. Longer batches run in chunks of this many.
pub(crate) const LANES: usize = 8;

/// BIP-39's iteration count ("From mnemonic to seed").
#[cfg(feature = "mnemonic-english")]
pub(crate) const BIP39_ROUNDS: u32 = 2048;

/// The start of every BIP-39 salt; the NFKD passphrase follows.
#[cfg(feature = "mnemonic-english")]
const BIP39_SALT_PREFIX: &[u8] = b"mnemonic";

/// One output block of PBKDF2-HMAC-SHA512 to compute: `T_index = F(password, salt, c,
/// index)` (RFC 8018 §5.2).
#[derive(Clone, Copy)]
pub(crate) struct Pbkdf2Block<'a> {
    /// The password `P`, as its HMAC keyed states.
    pub(crate) password: &'a HmacSha512,
    /// The salt `S`: the concatenation of the two parts (BIP-39: `"mnemonic"` and the
    /// passphrase; any other salt as `[salt, b""]`).
    pub(crate) salt: [&'a [u8]; 2],
    /// The block index `i`, from 1 (the first 64 bytes of the output).
    pub(crate) index: u32,
}

#[cfg(feature = "mnemonic-english")]
impl<'a> Pbkdf2Block<'a> {
    /// The only block of a BIP-39 seed: the NFKD phrase's keyed states, the salt
    /// `"mnemonic" ‖ passphrase` (NFKD), index 1; run with [`BIP39_ROUNDS`].
    pub(crate) const fn bip39(phrase: &'a HmacSha512, passphrase: &'a [u8]) -> Self {
        Self {
            password: phrase,
            salt: [BIP39_SALT_PREFIX, passphrase],
            index: 1,
        }
    }
}

/// `out[l] := T` of `lanes[l]` with `rounds` iterations (a `rounds` of 0 counts as 1), for
/// as many lanes as both slices have, [`LANES`] at a time in SIMD lanes.
#[cfg(any(feature = "mnemonic-english", test))]
pub(crate) fn pbkdf2_blocks(
    lanes: &[Pbkdf2Block<'_>],
    rounds: u32,
    out: &mut [SecretBytes<[u8; 64]>],
) {
    blocks_by(lanes, rounds, out, iterate);
}

/// The function an iteration batch goes through: `sys::sha512::pbkdf2::iterate`, or in
/// tests one forced kernel.
#[cfg(any(feature = "ed25519-bip32", feature = "sr25519", test))]
type Iterate<'f> = &'f mut dyn FnMut(&[[u64; 8]], &[[u64; 8]], &mut [[u64; 8]], u32);

/// [`pbkdf2_blocks`] through `iterate`.
fn blocks_by(
    lanes: &[Pbkdf2Block<'_>],
    rounds: u32,
    out: &mut [SecretBytes<[u8; 64]>],
    mut iterate: impl FnMut(&[[u64; 8]], &[[u64; 8]], &mut [[u64; 8]], u32),
) {
    let mut inner = [[0u64; 8]; LANES];
    let mut outer = [[0u64; 8]; LANES];
    let mut blocks = [[0u64; 8]; LANES];
    for (lanes, out) in lanes.chunks(LANES).zip(out.chunks_mut(LANES)) {
        let n = lanes.len().min(out.len());
        for (((lane, i), o), b) in lanes
            .iter()
            .zip(&mut inner)
            .zip(&mut outer)
            .zip(&mut blocks)
        {
            *i = lane.password.inner;
            *o = lane.password.outer;
            let [head, tail] = lane.salt;
            let u1 = lane.password.mac(&[head, tail, &lane.index.to_be_bytes()]);
            for (word, bytes) in b.iter_mut().zip(u1.expose().as_chunks::<8>().0) {
                *word = u64::from_be_bytes(*bytes);
            }
        }
        iterate(
            inner.get(..n).unwrap_or_default(),
            outer.get(..n).unwrap_or_default(),
            blocks.get_mut(..n).unwrap_or_default(),
            rounds.saturating_sub(1),
        );
        for (t, slot) in blocks.iter().zip(out.iter_mut()).take(n) {
            write_state(t, slot.expose_mut());
        }
    }
    inner.zeroize();
    outer.zeroize();
    blocks.zeroize();
}

/// PBKDF2-HMAC-SHA512 (RFC 8018 §5.2) of one password and salt into `out` (any length,
/// the last block cut), its blocks side by side as lanes. The keyed states and the blocks
/// are wiped.
#[cfg(any(feature = "ed25519-bip32", feature = "sr25519"))]
pub(crate) fn pbkdf2_hmac_sha512(password: &[u8], salt: &[u8], rounds: u32, out: &mut [u8]) {
    pbkdf2_by(password, salt, rounds, out, &mut iterate);
}

/// [`pbkdf2_hmac_sha512`] through `iterate`.
#[cfg(any(feature = "ed25519-bip32", feature = "sr25519", test))]
fn pbkdf2_by(password: &[u8], salt: &[u8], rounds: u32, out: &mut [u8], iterate: Iterate<'_>) {
    let key = HmacSha512::new(password);
    let mut next: u32 = 1;
    for chunk in out.chunks_mut(64 * LANES) {
        let lanes: [Pbkdf2Block<'_>; LANES] = core::array::from_fn(|_| {
            let index = next;
            next = next.wrapping_add(1);
            Pbkdf2Block {
                password: &key,
                salt: [salt, b""],
                index,
            }
        });
        let mut t: [SecretBytes<[u8; 64]>; LANES] = Default::default();
        let count = chunk.len().div_ceil(64);
        blocks_by(
            lanes.get(..count).unwrap_or_default(),
            rounds,
            &mut t,
            &mut *iterate,
        );
        for (dst, src) in chunk.chunks_mut(64).zip(&t) {
            dst.copy_from_slice(src.expose().get(..dst.len()).unwrap_or_default());
        }
    }
}

/// The BIP-39 seed of a phrase (its keyed states, from its NFKD text) and an NFKD
/// passphrase: `PBKDF2-HMAC-SHA512(phrase, "mnemonic" ‖ passphrase, 2048, 64 bytes)`.
#[cfg(feature = "mnemonic-english")]
pub(crate) fn bip39_seed(phrase: &HmacSha512, passphrase: &[u8]) -> SecretBytes<[u8; 64]> {
    let mut seed = [SecretBytes::zero()];
    pbkdf2_blocks(
        &[Pbkdf2Block::bip39(phrase, passphrase)],
        BIP39_ROUNDS,
        &mut seed,
    );
    let [seed] = seed;
    seed
}

/// BIP-39 seeds of `phrases[l]` with `passphrases[l]` (both NFKD) into `out[l]`, for as
/// many lanes as all three slices have, [`LANES`] at a time: the benches' seed rows. Not
/// public API.
#[cfg(all(feature = "bench-internals", feature = "mnemonic-english"))]
#[doc(hidden)]
pub fn bip39_seeds(phrases: &[&[u8]], passphrases: &[&[u8]], out: &mut [[u8; 64]]) {
    for ((phrases, passphrases), out) in phrases
        .chunks(LANES)
        .zip(passphrases.chunks(LANES))
        .zip(out.chunks_mut(LANES))
    {
        let keys: [HmacSha512; LANES] =
            core::array::from_fn(|l| HmacSha512::new(phrases.get(l).copied().unwrap_or_default()));
        let mut pass = passphrases.iter();
        let lanes: [Pbkdf2Block<'_>; LANES] = core::array::from_fn(|l| {
            let key = keys.get(l).unwrap_or(&keys[0]);
            Pbkdf2Block::bip39(key, pass.next().copied().unwrap_or_default())
        });
        let n = phrases.len().min(passphrases.len()).min(out.len());
        let mut seeds: [SecretBytes<[u8; 64]>; LANES] = Default::default();
        pbkdf2_blocks(
            lanes.get(..n).unwrap_or_default(),
            BIP39_ROUNDS,
            seeds.get_mut(..n).unwrap_or_default(),
        );
        for (dst, seed) in out.iter_mut().zip(&seeds) {
            dst.copy_from_slice(seed.expose());
        }
    }
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation, clippy::type_complexity)] // test data patterns; closures over kernel batches
mod tests {
    use super::*;
    use crate::sys::sha512::pbkdf2::{has_loop, iterate_with};
    use crate::sys::sha512::{supported, Kernel};
    use proptest::prelude::*;
    use std::borrow::ToOwned;
    use std::string::String;
    use std::vec::Vec;

    /// The independent oracle: the `pbkdf2` crate (`RustCrypto`) over `hmac` and `sha2`.
    fn oracle(password: &[u8], salt: &[u8], rounds: u32, len: usize) -> Vec<u8> {
        let mut out = std::vec![0u8; len];
        pbkdf2::pbkdf2_hmac::<sha2::Sha512>(password, salt, rounds, &mut out);
        out
    }

    /// Every kernel with a loop that this CPU has.
    fn kernels() -> impl Iterator<Item = Kernel> {
        Kernel::ALL
            .into_iter()
            .filter(|&k| supported(k) && has_loop(k))
    }

    /// An iteration batch through `kernel` only (and portable for a remainder shorter than
    /// its lanes), in place of the dispatch.
    fn forced(kernel: Kernel) -> impl FnMut(&[[u64; 8]], &[[u64; 8]], &mut [[u64; 8]], u32) {
        move |inner, outer, blocks, iterations| {
            let full = blocks.len() / kernel.lanes() * kernel.lanes();
            let (head, tail) = blocks.split_at_mut(full);
            assert!(iterate_with(
                kernel,
                &inner[..full],
                &outer[..full],
                head,
                iterations
            ));
            assert!(iterate_with(
                Kernel::Portable,
                &inner[full..],
                &outer[full..],
                tail,
                iterations
            ));
        }
    }

    /// The published vectors of `tests/data/pbkdf2_sha512.json` (sources in the file), through
    /// the dispatch and through each kernel.
    #[test]
    fn published_vectors_every_kernel() {
        let data: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/data/pbkdf2_sha512.json")).unwrap();
        let cases = data["cases"].as_array().unwrap();
        assert_eq!(cases.len(), 5);
        for case in cases {
            let text = |k: &str| case[k].as_str().unwrap().as_bytes();
            let rounds = case["rounds"].as_u64().unwrap() as u32;
            let expected = case["dk_hex"].as_str().unwrap();
            let mut out = std::vec![0u8; expected.len() / 2];
            pbkdf2_by(
                text("password"),
                text("salt"),
                rounds,
                &mut out,
                &mut iterate,
            );
            assert_eq!(hex::encode(&out), expected, "dispatch {case}");
            for kernel in kernels() {
                out.fill(0);
                let mut run = forced(kernel);
                pbkdf2_by(text("password"), text("salt"), rounds, &mut out, &mut run);
                assert_eq!(hex::encode(&out), expected, "{kernel:?} {case}");
            }
        }
    }

    /// Passwords and salts on both sides of every block boundary (the one-block HMAC
    /// message ends at 111 bytes, the key block at 128, `S ‖ INT(i)` at 107 bytes of salt),
    /// eight different lanes per batch, each kernel, against the oracle.
    #[test]
    fn lengths_around_block_boundaries_every_kernel() {
        const LENS: [usize; 12] = [0, 1, 63, 64, 107, 108, 111, 112, 127, 128, 129, 200];
        let data: [u8; 200] = core::array::from_fn(|i| (i * 37 + 11) as u8);
        let data = &data;
        let pairs: Vec<(&[u8], &[u8])> = LENS
            .iter()
            .flat_map(|&p| LENS.iter().map(move |&s| (&data[..p], &data[200 - s..])))
            .collect();
        let keys: Vec<HmacSha512> = pairs.iter().map(|(p, _)| HmacSha512::new(p)).collect();
        let lanes: Vec<Pbkdf2Block<'_>> = keys
            .iter()
            .zip(&pairs)
            .map(|(key, (_, salt))| Pbkdf2Block {
                password: key,
                salt: [&salt[..salt.len() / 2], &salt[salt.len() / 2..]],
                index: 1,
            })
            .collect();
        let expected: Vec<Vec<u8>> = pairs.iter().map(|(p, s)| oracle(p, s, 3, 64)).collect();
        let mut out: Vec<SecretBytes<[u8; 64]>> = std::vec![SecretBytes::zero(); lanes.len()];
        pbkdf2_blocks(&lanes, 3, &mut out);
        for (i, (got, want)) in out.iter().zip(&expected).enumerate() {
            assert_eq!(&got.expose()[..], &want[..], "dispatch pair {i}");
        }
        for kernel in kernels() {
            let mut out: Vec<SecretBytes<[u8; 64]>> = std::vec![SecretBytes::zero(); lanes.len()];
            blocks_by(&lanes, 3, &mut out, forced(kernel));
            for (i, (got, want)) in out.iter().zip(&expected).enumerate() {
                let (p, s) = pairs[i];
                assert_eq!(
                    &got.expose()[..],
                    &want[..],
                    "{kernel:?} password {} salt {}",
                    p.len(),
                    s.len()
                );
            }
        }
    }

    /// Outputs of one to ten blocks (more than one kernel call), cut anywhere, each kernel.
    #[test]
    fn multi_block_outputs_every_kernel() {
        for len in [1, 32, 63, 64, 65, 96, 128, 129, 511, 512, 513, 640] {
            let expected = oracle(b"pass\0word", b"sa\0lt", 5, len);
            let mut out = std::vec![0u8; len];
            pbkdf2_by(b"pass\0word", b"sa\0lt", 5, &mut out, &mut iterate);
            assert_eq!(out, expected, "dispatch len {len}");
            for kernel in kernels() {
                out.fill(0);
                pbkdf2_by(b"pass\0word", b"sa\0lt", 5, &mut out, &mut forced(kernel));
                assert_eq!(out, expected, "{kernel:?} len {len}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Batches of random lanes against the oracle: every lane its own password and salt,
        /// one password with many salts (a passphrase search), many passwords with one salt
        /// (a mnemonic search); lane counts 1..=12 (a remainder, a full batch, and more).
        #[test]
        fn random_lanes_equal_oracle(
            passwords in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..260), 12),
            salts in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..260), 12),
            n in 1usize..=12,
            rounds in 1u32..4,
        ) {
            let keys: Vec<HmacSha512> = passwords.iter().map(|p| HmacSha512::new(p)).collect();
            let shapes: [(&str, fn(usize) -> (usize, usize)); 3] = [
                ("own", |l| (l, l)),
                ("one password", |l| (0, l)),
                ("one salt", |l| (l, 0)),
            ];
            for (shape, pick) in shapes {
                let lanes: Vec<Pbkdf2Block<'_>> = (0..n)
                    .map(|l| {
                        let (p, s) = pick(l);
                        Pbkdf2Block { password: &keys[p], salt: [&salts[s], b""], index: 1 }
                    })
                    .collect();
                let mut out: Vec<SecretBytes<[u8; 64]>> = std::vec![SecretBytes::zero(); n];
                pbkdf2_blocks(&lanes, rounds, &mut out);
                for (l, got) in out.iter().enumerate() {
                    let (p, s) = pick(l);
                    prop_assert_eq!(
                        &got.expose()[..],
                        &oracle(&passwords[p], &salts[s], rounds, 64)[..],
                        "{} lane {} of {}", shape, l, n
                    );
                }
            }
        }
    }

    /// Slots beyond the lanes, and lanes beyond the slots, are left alone.
    #[test]
    fn unequal_lengths_touch_only_the_common_lanes() {
        let key = HmacSha512::new(b"password");
        let lane = Pbkdf2Block {
            password: &key,
            salt: [b"salt", b""],
            index: 1,
        };
        let expected = oracle(b"password", b"salt", 2, 64);
        for (lanes, slots) in [(3, 5), (5, 3), (9, 12), (12, 9), (0, 2)] {
            let mut out: Vec<SecretBytes<[u8; 64]>> =
                std::vec![SecretBytes::new([0xee; 64]); slots];
            pbkdf2_blocks(&std::vec![lane; lanes], 2, &mut out);
            for (i, slot) in out.iter().enumerate() {
                let want: &[u8] = if i < lanes { &expected } else { &[0xee; 64] };
                assert_eq!(
                    &slot.expose()[..],
                    want,
                    "{lanes} lanes, {slots} slots, slot {i}"
                );
            }
        }
    }

    /// A key from parts is the key of their concatenation, on both sides of 128 bytes: its
    /// MACs equal the `hmac` crate's under the whole key.
    #[cfg(feature = "mnemonic-english")]
    #[test]
    fn key_from_parts_is_the_key_of_their_concatenation() {
        use hmac::{KeyInit, Mac};
        let data: [u8; 300] = core::array::from_fn(|i| (i * 7 + 3) as u8);
        for len in [0, 1, 127, 128, 129, 300] {
            let whole = &data[..len];
            let parts: Vec<&[u8]> = whole.chunks(17).collect();
            let key = HmacSha512::from_parts(parts.iter().copied());
            let mut oracle = hmac::Hmac::<sha2::Sha512>::new_from_slice(whole).unwrap();
            oracle.update(b"message");
            assert_eq!(
                &key.mac(&[b"message"]).expose()[..],
                &oracle.finalize().into_bytes()[..],
                "len {len}"
            );
        }
    }

    /// Every BIP-39 vector with a seed in `tests/data` (python-mnemonic's in all ten lists,
    /// bip32JP's Japanese ones, the generated passphrase and ambiguous-list ones), eight
    /// different phrases per batch, through the dispatch and each kernel.
    #[cfg(feature = "mnemonic-english")]
    #[test]
    fn bip39_vectors_in_lanes_every_kernel() {
        use unicode_normalization::UnicodeNormalization;
        let json = |text: &str| -> serde_json::Value { serde_json::from_str(text).unwrap() };
        let s = |v: &serde_json::Value| v.as_str().unwrap().to_owned();
        // (phrase, passphrase, seed hex), phrase and passphrase as the files give them.
        let mut cases: Vec<(String, String, String)> = Vec::new();
        let trezor = json(include_str!("../../tests/data/bip39_trezor.json"));
        for list in trezor.as_object().unwrap().values() {
            for case in list.as_array().unwrap() {
                cases.push((s(&case[1]), "TREZOR".into(), s(&case[2])));
            }
        }
        for case in json(include_str!("../../tests/data/bip39_japanese.json"))
            .as_array()
            .unwrap()
        {
            cases.push((s(&case["phrase"]), s(&case["salt"]), s(&case["seed"])));
        }
        let generated = json(include_str!("../../tests/data/bip39_generated.json"));
        for case in generated["passphrases"].as_array().unwrap() {
            for phrase in ["mnemonic", "mnemonic_nfc"] {
                cases.push((
                    s(&case[phrase]),
                    s(&case["passphrase"]),
                    s(&case["seed_hex"]),
                ));
            }
        }
        for case in generated["ambiguous"].as_array().unwrap() {
            cases.push((s(&case["mnemonic"]), String::new(), s(&case["seed_hex"])));
        }
        assert_eq!(cases.len(), 240 + 24 + 60 + 5);

        let nfkd = |text: &str| text.nfkd().collect::<String>();
        let phrases: Vec<String> = cases.iter().map(|(p, _, _)| nfkd(p)).collect();
        let passphrases: Vec<String> = cases.iter().map(|(_, p, _)| nfkd(p)).collect();
        assert!(
            phrases.iter().any(|p| p.len() > 128),
            "a phrase over one key block"
        );
        let keys: Vec<HmacSha512> = phrases
            .iter()
            .map(|p| HmacSha512::new(p.as_bytes()))
            .collect();
        let lanes: Vec<Pbkdf2Block<'_>> = keys
            .iter()
            .zip(&passphrases)
            .map(|(key, pass)| Pbkdf2Block::bip39(key, pass.as_bytes()))
            .collect();
        let check = |out: &[SecretBytes<[u8; 64]>], what: &str| {
            for (got, (phrase, _, seed)) in out.iter().zip(&cases) {
                assert_eq!(&hex::encode(got.expose()), seed, "{what}: {phrase}");
            }
        };
        let mut out: Vec<SecretBytes<[u8; 64]>> = std::vec![SecretBytes::zero(); lanes.len()];
        pbkdf2_blocks(&lanes, BIP39_ROUNDS, &mut out);
        check(&out, "dispatch");
        for kernel in kernels() {
            let mut out: Vec<SecretBytes<[u8; 64]>> = std::vec![SecretBytes::zero(); lanes.len()];
            blocks_by(&lanes, BIP39_ROUNDS, &mut out, forced(kernel));
            check(&out, &std::format!("{kernel:?}"));
        }
        // One at a time, as `Mnemonic::to_seed` runs it.
        for ((key, pass), (phrase, _, seed)) in keys.iter().zip(&passphrases).zip(&cases).take(8) {
            assert_eq!(
                &hex::encode(bip39_seed(key, pass.as_bytes()).expose()),
                seed,
                "{phrase}"
            );
        }
    }
}
