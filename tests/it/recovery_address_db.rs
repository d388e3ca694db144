//! The address filter: no false negatives, a measured false-positive rate within a generous
//! bound of the 2⁻⁸ an 8-bit fingerprint gives, the byte size of a 1M-key filter against the
//! sizing arithmetic worked out by hand, and every kind of damaged file refused.
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss
)] // test code: failing loudly is the point; rates as floats

use fastbip32::recovery::{AddressDbError, AddressFilter};
use sha2::{Digest, Sha256};

/// Independent pseudo-random payloads: SHA-256 of a label and a counter, cut to `len`.
fn payload(label: &str, i: u64, len: usize) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(label.as_bytes());
    h.update(i.to_le_bytes());
    h.finalize()[..len].to_vec()
}

fn keys(label: &str, n: u64) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| payload(label, i, if i % 2 == 0 { 20 } else { 32 }))
        .collect()
}

fn build(keys: &[Vec<u8>]) -> AddressFilter {
    AddressFilter::build(keys.iter().map(Vec::as_slice)).unwrap()
}

#[test]
fn no_false_negatives_and_fp_rate() {
    let keys = keys("key", 100_000);
    let filter = build(&keys);
    assert_eq!(filter.len(), 100_000);
    assert!(keys.iter().all(|k| filter.contains_vartime(k)));
    // 1M payloads that are not keys: the expected rate is 1/256 = 0.39 %, the standard
    // deviation of the measured rate 0.006 %; accept 0.2 % to 0.6 %.
    let trials = 1_000_000u64;
    let hits = (0..trials)
        .filter(|&i| filter.contains_vartime(&payload("other", i, 20)))
        .count();
    let rate = hits as f64 / trials as f64;
    eprintln!("measured false-positive rate: {rate}");
    assert!((0.002..0.006).contains(&rate), "false-positive rate {rate}");
}

#[test]
fn one_million_keys_size() {
    let keys = keys("million", 1_000_000);
    let filter = build(&keys);
    // n = 10^6: segment length 2^⌊ln(10^6)/ln(3.33) + 2.25⌋ = 2^⌊13.73⌋ = 8192; capacity
    // 1.125 n = 1,125,000 slots = 137.3 → 138 segments, of which 136 counted and 2 added:
    // 138 × 8192 = 1,130,496 one-byte slots (9.04 bits a key), plus a 48-byte header and a
    // 32-byte checksum.
    assert_eq!(filter.byte_len(), 1_130_496 + 48 + 32);
    assert!(filter.byte_len() as f64 * 8.0 / 1e6 < 9.05);
    assert_eq!(filter.to_bytes().len(), filter.byte_len());
    assert!(keys.iter().all(|k| filter.contains_vartime(k)));
    // At 10^8 keys the same arithmetic gives segments of 2^18 and 430 of them:
    // 112,721,920 bytes, well under 1 GB.
}

#[test]
fn small_sets_duplicates_and_empty() {
    let empty = AddressFilter::build(core::iter::empty()).unwrap();
    assert!(empty.is_empty());
    assert!(!empty.contains_vartime(&[0u8; 20]));
    let one = AddressFilter::build([&[1u8; 20][..]]).unwrap();
    assert!(one.contains_vartime(&[1u8; 20]));
    let k = keys("dup", 50);
    let twice: Vec<&[u8]> = k.iter().chain(k.iter()).map(Vec::as_slice).collect();
    let filter = AddressFilter::build(twice).unwrap();
    assert_eq!(filter.len(), 50);
    assert!(k.iter().all(|key| filter.contains_vartime(key)));
    for n in [2u64, 3, 10, 100, 1000] {
        let k = keys("small", n);
        let f = build(&k);
        assert!(k.iter().all(|key| f.contains_vartime(key)), "{n}");
    }
    assert_eq!(
        AddressFilter::build([&[1u8; 20][..], &[][..]]).unwrap_err(),
        AddressDbError::InvalidKey { index: 1 }
    );
    assert_eq!(
        AddressFilter::build([&[1u8; 65][..]]).unwrap_err(),
        AddressDbError::InvalidKey { index: 0 }
    );
}

/// Re-seals a damaged body with a valid checksum, so the size checks are reached.
fn reseal(mut bytes: Vec<u8>) -> Vec<u8> {
    let body = bytes.len() - 32;
    let sum = Sha256::digest(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum);
    bytes
}

#[test]
fn files_round_trip_and_damage_is_refused() {
    let keys = keys("file", 5000);
    let filter = build(&keys);
    let bytes = filter.to_bytes();
    assert_eq!(&bytes[..8], b"FB32ADDR");
    assert_eq!(AddressFilter::from_bytes(&bytes).unwrap(), filter);
    assert_eq!(AddressFilter::read_from(&bytes[..]).unwrap(), filter);
    let mut written = Vec::new();
    filter.write_to(&mut written).unwrap();
    assert_eq!(written, bytes);

    let both = |b: &[u8]| {
        let a = AddressFilter::from_bytes(b).unwrap_err();
        let r = AddressFilter::read_from(b).unwrap_err();
        assert_eq!(a, r);
        assert!(!a.to_string().contains('\n'));
        a
    };
    // every truncation
    for len in [0, 7, 47, 48, 100, bytes.len() - 33, bytes.len() - 1] {
        assert_eq!(both(&bytes[..len]), AddressDbError::Truncated, "{len}");
    }
    // an extra byte
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(both(&longer), AddressDbError::SizeMismatch);
    // a flipped bit anywhere in the fingerprints or the checksum
    for at in [48, 1000, bytes.len() - 33, bytes.len() - 1] {
        let mut b = bytes.clone();
        b[at] ^= 1;
        assert_eq!(both(&b), AddressDbError::ChecksumMismatch, "{at}");
    }
    let field = |at: usize, value: &[u8]| {
        let mut b = bytes.clone();
        b[at..at + value.len()].copy_from_slice(value);
        reseal(b)
    };
    assert_eq!(both(&field(0, b"FB32ADDX")), AddressDbError::BadMagic);
    assert_eq!(
        both(&field(8, &2u32.to_le_bytes())),
        AddressDbError::UnsupportedVersion { version: 2 }
    );
    assert_eq!(
        both(&field(12, &[16])),
        AddressDbError::UnsupportedFingerprint { bits: 16 }
    );
    assert_eq!(
        both(&field(13, &[1])),
        AddressDbError::UnsupportedFingerprint { bits: 8 }
    );
    assert_eq!(
        both(&field(24, &(1u64 << 40).to_le_bytes())),
        AddressDbError::TooManyKeys {
            count: 1 << 40,
            max: AddressFilter::MAX_KEYS
        }
    );
    // keys far fewer than the slots
    assert_eq!(
        both(&field(24, &1u64.to_le_bytes())),
        AddressDbError::SizeMismatch
    );
    // a segment length that is no power of two, too long, or a slot count that is not the
    // product (each resealed, so only the size checks can refuse it)
    assert_eq!(
        both(&field(32, &3000u32.to_le_bytes())),
        AddressDbError::SizeMismatch
    );
    assert_eq!(
        both(&field(32, &(1u32 << 19).to_le_bytes())),
        AddressDbError::SizeMismatch
    );
    assert_eq!(
        both(&field(36, &0u32.to_le_bytes())),
        AddressDbError::SizeMismatch
    );
    assert_eq!(
        both(&field(36, &u32::MAX.to_le_bytes())),
        AddressDbError::SizeMismatch
    );
    assert_eq!(
        both(&field(40, &u64::MAX.to_le_bytes())),
        AddressDbError::SizeMismatch
    );
    // a different seed changes nothing structural but every answer: it loads (the checksum
    // is resealed), and the keys are no longer all found
    let reseeded = AddressFilter::from_bytes(&field(16, &7u64.to_le_bytes())).unwrap();
    assert!(!keys.iter().all(|k| reseeded.contains_vartime(k)));
}
