//! The address filter: no false negatives, a measured false-positive rate within a generous
//! bound of the 2⁻⁸ an 8-bit fingerprint gives, the byte size of a 1M-key filter against the
//! sizing arithmetic worked out by hand, and every kind of damaged file refused; the address
//! database (filter and confirmation stage) and a search against it, for wallets of
//! `tests/data/recovery.json` (written by `bip_utils`, `scripts/gen_recovery_vectors.py`).
#![cfg(feature = "recovery")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss
)] // test code: failing loudly is the point; rates as floats

use core::sync::atomic::AtomicBool;

use fastbip32::mnemonic::Language;
use fastbip32::recovery::{
    address_db_key, AddressDb, AddressDbError, AddressFilter, Checkpoint, Coin, Error, Matched,
    Options, Outcome, Paths, Search, Space, Target, Template,
};
use serde_json::Value;
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

/// More than 2^28 addresses is refused before anything is allocated when the input says how
/// many it holds (a count of 2^28 + 1 costs nothing here), with one line.
#[test]
fn a_count_above_the_bound_is_refused_before_allocating() {
    let over = AddressDb::MAX_KEYS + 1;
    assert_eq!(AddressDb::MAX_KEYS, 1 << 28);
    let refused = AddressDbError::TooManyKeys {
        count: over,
        max: 1 << 28,
    };
    let key = [1u8; 20];
    let n = usize::try_from(over).unwrap();
    assert_eq!(
        AddressDb::build(core::iter::repeat_n(key, n)).unwrap_err(),
        refused
    );
    assert_eq!(
        AddressFilter::build(core::iter::repeat_n(&key[..], n)).unwrap_err(),
        refused
    );
    assert_eq!(
        refused.to_string(),
        "268435457 addresses is more than an address database holds (268435456)"
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

const RECOVERY: &str = include_str!("../data/recovery.json");

/// `count` database keys of addresses that are no wallet's: SHA-256 of a counter (a key is
/// 32 bytes, as a hash of an address's text).
fn random_keys(count: u64) -> Vec<[u8; 32]> {
    (0..count)
        .map(|i| payload("not a wallet", i, 32).try_into().unwrap())
        .collect()
}

/// Every address of every wallet in the vectors except `english12`'s Bitcoin addresses
/// without a passphrase (the wallet searched for), as database keys.
fn other_wallets(d: &Value) -> Vec<[u8; 32]> {
    let mut out = Vec::new();
    for (name, wallet) in d.as_object().unwrap() {
        let Some(wallet) = wallet.as_object() else {
            continue;
        };
        for (coin, lists) in wallet {
            let mut texts: Vec<&str> = Vec::new();
            match lists {
                Value::Array(a) => texts.extend(a.iter().filter_map(Value::as_str)),
                Value::Object(o) => {
                    for (kind, a) in o {
                        if name == "english12" && coin == "bitcoin" {
                            continue;
                        }
                        if kind.ends_with("xpub") || kind == "fingerprint" || kind == "descriptor" {
                            continue;
                        }
                        texts.extend(a.as_array().unwrap().iter().filter_map(Value::as_str));
                    }
                }
                _ => {}
            }
            for text in texts {
                out.push(address_db_key(text).unwrap().expect(text));
            }
        }
    }
    out
}

#[test]
fn address_db_keys() {
    assert_eq!(address_db_key("not an address"), Err(Error::InvalidAddress));
    // P2WSH (BIP-173's example): decoded, but no search derives it.
    assert_eq!(
        address_db_key("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"),
        Ok(None)
    );
    // Addresses are keyed by their text as a search compares it: each network's form of
    // the same program is its own key (a search derives the main network's text).
    assert_ne!(
        address_db_key("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"),
        address_db_key("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")
    );
    // Case-insensitive families are keyed case-folded (EIP-55's first example, as written
    // and in lowercase; BIP-173's P2WPKH example in uppercase).
    assert_eq!(
        address_db_key("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
        address_db_key("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")
    );
    assert_eq!(
        address_db_key("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"),
        address_db_key("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
    );
    assert!(address_db_key("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
        .unwrap()
        .is_some());
}

#[test]
fn database_finds_a_wallet_with_a_missing_word() {
    let d: Value = serde_json::from_str(RECOVERY).unwrap();
    let wallet = &d["english12"];
    let mnemonic = wallet["mnemonic"].as_str().unwrap();
    // m/84'/0'/0'/1/3, a change address, in the database among other wallets' addresses and
    // 20,000 random programs.
    let change = wallet["bitcoin"]["bip84_change"][3].as_str().unwrap();
    let mut keys = other_wallets(&d);
    let others = keys.len();
    keys.extend(random_keys(20_000));
    keys.push(address_db_key(change).unwrap().unwrap());
    let db = AddressDb::build(&keys).unwrap();
    assert_eq!(db.len(), keys.len() as u64);
    assert!(keys.iter().all(|k| db.contains_vartime(k)));
    assert!(others > 20, "{others}");

    let mut bytes = Vec::new();
    db.write_to(&mut bytes).unwrap();
    assert_eq!(bytes.len(), db.byte_len());
    let db = AddressDb::read_from(&bytes[..]).unwrap();

    // The fifth word left out, at an unknown position.
    let mut words: Vec<&str> = mnemonic.split(' ').collect();
    words.remove(4);
    let options = Options::new().language(Language::English).missing(1);
    let space = Space::new(Template::parse(&words.join(" "), &options).unwrap(), [""]).unwrap();
    let mut target = Target::new();
    target.set_address_db(std::sync::Arc::new(db));
    let search = Search::new(&space, &target, Paths::new(Coin::Bitcoin).gap(5)).threads(2);
    let mut checkpoint = Checkpoint::new(&space, [1; 16]);
    let outcome = search
        .run_vartime(
            0..space.size(),
            &mut checkpoint,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
    let Outcome::Found(found) = outcome else {
        panic!("not found: {outcome:?}");
    };
    assert_eq!(found.matched, Matched::AddressDb);
    assert_eq!(found.matched.as_str(), "address-db");
    assert_eq!(found.path.to_string(), "m/84'/0'/0'/1/3");
    assert_eq!(found.address_index, Some(3));
    assert_eq!(found.address.unwrap().as_str(), change);
    assert_eq!(space.to_phrase(found.candidate.words()).as_str(), mnemonic);

    // Confirmed exactly: refused, the search goes on to its end; accepted, an exact match.
    let run = |confirm: &(dyn Fn(&fastbip32::address::Address) -> bool + Sync)| {
        let search = Search::new(&space, &target, Paths::new(Coin::Bitcoin).gap(5))
            .threads(2)
            .confirm(confirm);
        search
            .run_vartime(
                0..space.size(),
                &mut Checkpoint::new(&space, [2; 16]),
                &AtomicBool::new(false),
                &mut |_, _| {},
            )
            .unwrap()
    };
    assert!(matches!(run(&|_| false), Outcome::Exhausted(_)));
    let Outcome::Found(found) = run(&|a| a.as_str() == change) else {
        panic!("not found");
    };
    assert_eq!(found.matched, Matched::Address);
    assert_eq!(found.path.to_string(), "m/84'/0'/0'/1/3");
}

#[test]
fn database_false_positive_rate() {
    let keys = random_keys(100_000);
    let db = AddressDb::build(&keys).unwrap();
    // The filter alone passes about 2^-8 of other payloads; the database about 2^-37: among
    // 10^6 others the expected count is 10^6 × 2^-37 ≈ 7·10^-6, so none.
    let others = random_keys(1_100_000);
    let others = &others[100_000..];
    let hits = others.iter().filter(|k| db.contains_vartime(*k)).count();
    assert_eq!(hits, 0);
    // 100,000 keys: 2^17 > n ≥ 2^16, so 2^14 buckets (about six keys each), 4 bytes a bucket
    // offset (and one more) and 4 bytes a key, beside the filter and two 32-byte headers
    // and checksums.
    let filter = AddressFilter::build(keys.iter().map(|k| &k[..])).unwrap();
    assert_eq!(
        db.byte_len(),
        32 + filter.byte_len() + 4 * ((1 << 14) + 1) + 4 * 100_000 + 32
    );
}

#[test]
fn database_files_damage_is_refused() {
    let keys = random_keys(5000);
    let db = AddressDb::build(&keys).unwrap();
    let mut bytes = Vec::new();
    db.write_to(&mut bytes).unwrap();
    assert_eq!(&bytes[..8], b"FB32ADDB");
    let back = AddressDb::read_from(&bytes[..]).unwrap();
    assert_eq!(back, db);
    assert_eq!(back.digest(), bytes[bytes.len() - 32..]);
    let err = |b: &[u8]| {
        let e = AddressDb::read_from(b).unwrap_err();
        assert!(!e.to_string().contains('\n'));
        e
    };
    for len in [0, 7, 31, 32, 100, bytes.len() - 33, bytes.len() - 1] {
        assert_eq!(err(&bytes[..len]), AddressDbError::Truncated, "{len}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(err(&longer), AddressDbError::SizeMismatch);
    // a flipped bit in the filter, the offsets, the stored bits or the checksum
    let filter_end = 32
        + AddressFilter::build(keys.iter().map(|k| &k[..]))
            .unwrap()
            .byte_len();
    for at in [filter_end + 5, bytes.len() - 100, bytes.len() - 1] {
        let mut b = bytes.clone();
        b[at] ^= 1;
        assert_eq!(err(&b), AddressDbError::ChecksumMismatch, "{at}");
    }
    let mut b = bytes.clone();
    b[48] ^= 1; // the filter's seed: the filter's own checksum
    assert_eq!(err(&b), AddressDbError::ChecksumMismatch);
    let field = |at: usize, value: &[u8]| {
        let mut b = bytes.clone();
        b[at..at + value.len()].copy_from_slice(value);
        reseal(b)
    };
    assert_eq!(err(&field(0, b"FB32ADDX")), AddressDbError::BadMagic);
    assert_eq!(
        err(&field(8, &2u32.to_le_bytes())),
        AddressDbError::UnsupportedVersion { version: 2 }
    );
    // more keys than a database holds: refused before anything is allocated
    assert_eq!(
        err(&field(16, &(AddressDb::MAX_KEYS + 1).to_le_bytes())),
        AddressDbError::TooManyKeys {
            count: AddressDb::MAX_KEYS + 1,
            max: AddressDb::MAX_KEYS
        }
    );
    // bucket bits that do not fit the keys, a reserved byte, a filter length or key count
    // that disagrees with the filter, decreasing offsets
    assert_eq!(err(&field(12, &[20])), AddressDbError::SizeMismatch);
    assert_eq!(err(&field(13, &[1])), AddressDbError::SizeMismatch);
    assert_eq!(
        err(&field(24, &((filter_end - 32 - 1) as u64).to_le_bytes())),
        AddressDbError::Truncated
    );
    assert_eq!(
        err(&field(16, &4999u64.to_le_bytes())),
        AddressDbError::SizeMismatch
    );
    assert_eq!(
        err(&field(filter_end + 4, &u32::MAX.to_le_bytes())),
        AddressDbError::SizeMismatch
    );
}
