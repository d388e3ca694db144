//! `descriptor`: output-descriptor text.
//!
//! Input: the whole input, as text (invalid UTF-8 replaced by U+FFFD).
//!
//! Properties:
//! * Parsing never panics; a rejection's byte offset lies inside the text, on a character
//!   boundary, and its message is one line.
//! * The checksum helpers agree with the parser: text without `#` passes `verify_checksum`
//!   exactly when `compute_checksum` accepts its characters.
//! * For every accepted descriptor: its canonical form (with checksum) parses again and prints
//!   identically (print ∘ parse is the identity on printed forms); `{:#}` is the same text
//!   without `#checksum`; the accessors agree between the two parses.
//! * Derivation: for each branch (up to 4) and a few indices taken from the input, the
//!   original and the re-parsed descriptor give the same outputs or the same error (the
//!   canonical form is public, so where the original has private keys the re-parsed one may
//!   only fail with `HardenedFromPublic` instead);
//!   `derive_into` equals `derive` one by one; the address on the descriptor's network is the
//!   one of the scriptPubKey (none for a bare multisig), and the other network family is
//!   refused.

use fastbip32::descriptor::{compute_checksum, verify_checksum, Derived, Descriptor, Error};
use fastbip32::Network;

/// Runs every check on `data`.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    check_text(&text, data);
}

fn check_error(text: &str, e: &Error) {
    let message = e.to_string();
    assert!(!message.is_empty() && !message.contains('\n'), "{e:?}");
    if let Error::Invalid { offset, .. } | Error::Unsupported { offset, .. } = *e {
        assert!(offset <= text.len(), "{e:?} on {text:?}");
        assert!(text.is_char_boundary(offset), "{e:?} on {text:?}");
    }
}

/// Checks one descriptor text; `data` seeds the indices.
pub fn check_text(text: &str, data: &[u8]) {
    if !text.contains('#') {
        assert_eq!(
            verify_checksum(text).is_ok(),
            compute_checksum(text).is_ok(),
            "{text:?}"
        );
    }
    let d = match text.parse::<Descriptor>() {
        Ok(d) => d,
        Err(e) => {
            check_error(text, &e);
            return;
        }
    };
    let printed = d.to_string();
    let bare = format!("{d:#}");
    assert_eq!(printed.len(), bare.len() + 9, "{printed}");
    assert!(printed.starts_with(&bare), "{printed}");
    assert_eq!(verify_checksum(&printed), Ok(bare.as_str()));
    let again: Descriptor = printed
        .parse()
        .unwrap_or_else(|e| panic!("canonical form {printed:?} of {text:?} rejected: {e:?}"));
    assert_eq!(again.to_string(), printed, "{text:?}");
    assert_eq!(
        bare.parse::<Descriptor>().map(|x| x.to_string()),
        Ok(printed.clone())
    );
    assert_eq!(again.descriptor_type(), d.descriptor_type());
    assert_eq!(again.branch_count(), d.branch_count());
    assert_eq!(again.is_ranged(), d.is_ranged());
    assert_eq!(again.is_hardened_range(), d.is_hardened_range());
    assert_eq!(again.key_count(), d.key_count());
    assert_eq!(again.threshold(), d.threshold());
    // A WIF key prints as its hex public key, which names no network.
    if !(d.has_private_keys() && again.network().is_none()) {
        assert_eq!(again.network(), d.network());
    }
    assert_eq!(again.key_origin(), d.key_origin());
    assert!(d.branch_count() >= 1);

    // Indices from the input's last bytes: small ones and ones near 2^31.
    let mut indices = vec![0u32];
    for chunk in data.rchunks(4).take(2) {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        indices.push(u32::from_le_bytes(word) & 0x7fff_ffff);
    }
    for b in 0..d.branch_count().min(4) {
        let private = d.has_private_keys();
        let lost_private = |e: &Error| {
            private
                && matches!(
                    e,
                    Error::Key {
                        error: fastbip32::Error::HardenedFromPublic { .. },
                        ..
                    }
                )
        };
        let (one, two) = match (d.branch(b), again.branch(b)) {
            (Ok(one), Ok(two)) => (one, Some(two)),
            (Ok(one), Err(y)) if lost_private(&y) => (one, None),
            (Err(x), Err(y)) => {
                assert_eq!(x, y, "{text:?} branch {b}");
                check_error(text, &x);
                continue;
            }
            (x, y) => panic!("{text:?} branch {b}: {:?} vs {:?}", x.err(), y.err()),
        };
        for &index in &indices {
            let x = one.derive(index);
            if let Some(two) = &two {
                // The outputs, without the network the keys name (a WIF key's is lost).
                let view = |r: &Result<Derived, Error>| {
                    r.map(|d| {
                        (
                            *d.script_pubkey(),
                            d.public_key().copied(),
                            d.branch(),
                            d.index(),
                        )
                    })
                };
                let y = two.derive(index);
                match (&x, &y) {
                    (Ok(_), Err(e)) if lost_private(e) => {}
                    _ => assert_eq!(view(&x), view(&y), "{text:?} branch {b} index {index}"),
                }
            }
            let Ok(x) = x else { continue };
            if d.is_single_key() {
                assert!(x.public_key().is_some());
            }
            let network = d.network().unwrap_or(Network::Regtest);
            match x.address(network) {
                Ok(address) => {
                    assert!(d.has_address(), "{text:?}");
                    assert!(!address.as_str().is_empty());
                }
                // A bare multisig's output is its script alone.
                Err(e) => assert!(!d.has_address() && e == Error::NoAddress, "{e:?} {text:?}"),
            }
            let other = if network.is_test() {
                Network::Mainnet
            } else {
                Network::Signet
            };
            if d.network().is_some() {
                assert!(matches!(
                    x.address(other),
                    Err(Error::NetworkMismatch { .. })
                ));
            }
            let start = index.min((1 << 31) - 8);
            let mut batch = [Derived::default(); 5];
            if one.derive_into(start, &mut batch).is_ok() {
                for (i, got) in batch.iter().enumerate() {
                    let i = u32::try_from(i).expect("small");
                    assert_eq!(Ok(*got), one.derive(start + i), "{text:?} batch at {start}");
                }
            }
        }
    }
}
