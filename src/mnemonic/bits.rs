//! Entropy ↔ 11-bit word indices, with the BIP-39 checksum (the first `ENT / 32` bits of
//! SHA-256 of the entropy), for every length from 96 bits (9 words, Cardano) to 256 bits.
//!
//! The bit half of the crate's BIP-39 codec (the word half is [`Phrase`](super::phrase::Phrase)).
//! Loops and branches depend on lengths only; scratch buffers are wiped.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use super::error::{Error, Result};

/// The most words a phrase has (256 bits of entropy and 8 of checksum).
pub(crate) const MAX_WORDS: usize = 24;
/// The most entropy bytes (24 words).
pub(crate) const MAX_ENTROPY: usize = 32;

/// The first byte of SHA-256 of `entropy`: its high `len / 4` bits are the checksum.
fn checksum_byte(entropy: &[u8]) -> u8 {
    let mut hash: [u8; 32] = Sha256::digest(entropy).into();
    let first = hash[0];
    hash.zeroize();
    first
}

/// The word indices of `entropy` (12 to 32 bytes, a multiple of 4, checked by the caller)
/// written to the front of `out`; returns the word count, `len * 3 / 4`.
pub(crate) fn indices_of(entropy: &[u8], out: &mut [u16; MAX_WORDS]) -> usize {
    let count = entropy.len() * 3 / 4;
    let mut checksum = checksum_byte(entropy);
    let mut bytes = entropy.iter().copied().chain(core::iter::once(checksum));
    let mut acc: u32 = 0;
    let mut have: u32 = 0;
    for slot in out.iter_mut().take(count) {
        while have < 11 {
            acc = (acc << 8) | u32::from(bytes.next().unwrap_or(0));
            have += 8;
        }
        have -= 11;
        #[allow(clippy::cast_possible_truncation)] // masked to 11 bits
        let index = ((acc >> have) & 0x7FF) as u16;
        *slot = index;
        acc &= (1 << have) - 1;
    }
    acc.zeroize();
    checksum.zeroize();
    count
}

/// Packs the 11-bit `indices` (9 to 24 of them, a multiple of 3, checked by the caller) into
/// `out`: the entropy, then the checksum bits left-aligned in the byte after it. Returns
/// the entropy length, `count * 4 / 3`.
pub(crate) fn pack(indices: &[u16], out: &mut [u8; MAX_ENTROPY + 1]) -> usize {
    let mut acc: u32 = 0;
    let mut have: u32 = 0;
    let mut slots = out.iter_mut();
    for &index in indices {
        acc = (acc << 11) | u32::from(index & 0x7FF);
        have += 11;
        while have >= 8 {
            have -= 8;
            if let Some(slot) = slots.next() {
                #[allow(clippy::cast_possible_truncation)] // the byte below `have`
                let byte = (acc >> have) as u8;
                *slot = byte;
            }
            acc &= (1 << have) - 1;
        }
    }
    if have > 0 {
        if let Some(slot) = slots.next() {
            #[allow(clippy::cast_possible_truncation)] // fewer than 8 bits left
            let byte = (acc << (8 - have)) as u8;
            *slot = byte;
        }
    }
    acc.zeroize();
    indices.len() * 4 / 3
}

/// The entropy of `indices`, into `out`, after checking the checksum in constant time.
/// Returns the entropy length.
///
/// # Errors
/// [`Error::InvalidChecksum`] if the checksum bits do not match (`out` is then not
/// written).
pub(crate) fn entropy_of(indices: &[u16], out: &mut [u8; MAX_ENTROPY]) -> Result<usize> {
    let mut scratch = Zeroizing::new([0u8; MAX_ENTROPY + 1]);
    let len = pack(indices, &mut scratch);
    let checksum_bits = len / 4; // 3 to 8
    let (entropy, rest) = scratch.split_at(len.min(MAX_ENTROPY));
    let stored = rest.first().copied().unwrap_or(0) >> (8 - checksum_bits);
    let computed = checksum_byte(entropy) >> (8 - checksum_bits);
    if bool::from(stored.ct_eq(&computed)) {
        if let Some(dst) = out.get_mut(..len) {
            dst.copy_from_slice(entropy);
        }
        Ok(len)
    } else {
        Err(Error::InvalidChecksum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same mapping, bit by bit, over a `Vec<bool>`: the shape of BIP-39's prose.
    fn reference(entropy: &[u8]) -> std::vec::Vec<u16> {
        let hash = Sha256::digest(entropy);
        let mut bits = std::vec::Vec::new();
        for byte in entropy {
            for i in (0..8).rev() {
                bits.push(byte >> i & 1 == 1);
            }
        }
        for i in 0..entropy.len() / 4 {
            bits.push(hash[i / 8] >> (7 - i % 8) & 1 == 1);
        }
        bits.chunks(11)
            .map(|c| c.iter().fold(0u16, |acc, &b| acc << 1 | u16::from(b)))
            .collect()
    }

    #[test]
    fn every_length_round_trips_and_matches_the_bitwise_reference() {
        for len in (12..=32).step_by(4) {
            for fill in [0x00u8, 0xff, 0x7f, 0x80, 0x5a] {
                let entropy: std::vec::Vec<u8> = (0..len)
                    .map(|i| fill ^ u8::try_from(i * 37 % 256).unwrap())
                    .collect();
                let mut indices = [0u16; MAX_WORDS];
                let count = indices_of(&entropy, &mut indices);
                assert_eq!(count, len * 3 / 4);
                assert_eq!(&indices[..count], &reference(&entropy)[..], "len {len}");
                let mut back = [0u8; MAX_ENTROPY];
                assert_eq!(entropy_of(&indices[..count], &mut back), Ok(len));
                assert_eq!(&back[..len], &entropy[..]);
                // Any change to the last word's checksum bits is caught.
                let mut bad = indices;
                bad[count - 1] ^= 1;
                assert_eq!(
                    entropy_of(&bad[..count], &mut back),
                    Err(Error::InvalidChecksum)
                );
            }
        }
    }
}
