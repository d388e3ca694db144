//! Base32 (five bits a character, most significant bit first, no `=` padding) with the
//! alphabet as a parameter: RFC 4648's (Algorand, Stellar's `StrKey`), Nimiq's and Nano's.
//!
//! Stellar's `S…` seed text is a private key, so no branch and no table index depends on the
//! data: a digit's character, and a character's digit, are found by comparing with all 32
//! characters of the alphabet under masks. The work depends only on the lengths.

/// RFC 4648's alphabet (section 6): `A`–`Z`, `2`–`7`.
#[cfg_attr(
    not(feature = "ed25519"),
    allow(dead_code, reason = "Algorand's and Stellar's alphabet")
)]
pub(crate) const RFC4648: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// RFC 4648's alphabet in lower case (Filecoin).
#[cfg(feature = "secp256k1")]
pub(crate) const RFC4648_LOWER: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// Why base32 text did not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Base32Error {
    /// A character outside the alphabet.
    Character,
    /// Bits left over after the last whole byte that are not zero, or five or more of them
    /// (text no encoder writes).
    Padding,
    /// More bytes than the output holds.
    Length,
}

/// The number of characters of `bytes` bytes: ⌈8·bytes / 5⌉.
pub(crate) const fn encoded_len(bytes: usize) -> usize {
    (bytes * 8).div_ceil(5)
}

/// The number of whole bytes in `chars` characters: ⌊5·chars / 8⌋.
pub(crate) const fn decoded_len(chars: usize) -> usize {
    chars * 5 / 8
}

/// `0xFF` when `a == b`, else 0, without a branch.
fn eq_mask(a: u8, b: u8) -> u8 {
    // (a ^ b) - 1 borrows into the high byte exactly when a ^ b == 0.
    (u16::from(a ^ b).wrapping_sub(1) >> 8).to_le_bytes()[0]
}

/// The character of `digit` (below 32).
fn char_of(digit: u8, alphabet: &[u8; 32]) -> u8 {
    let mut c = 0;
    for (i, &a) in (0u8..).zip(alphabet) {
        c |= a & eq_mask(i, digit);
    }
    c
}

/// The digit of `c`, and `0xFF` if it is in the alphabet (0 if not).
fn digit_of(c: u8, alphabet: &[u8; 32]) -> (u8, u8) {
    let mut digit = 0;
    let mut valid = 0;
    for (i, &a) in (0u8..).zip(alphabet) {
        let m = eq_mask(a, c);
        digit |= i & m;
        valid |= m;
    }
    (digit, valid)
}

/// Writes the base32 text of `data` into the start of `out` and returns its length,
/// [`encoded_len`]`(data.len())`; the last character is padded with zero bits.
///
/// Characters beyond `out`'s end are dropped: callers pass a buffer of `encoded_len` bytes.
pub(crate) fn encode(data: &[u8], alphabet: &[u8; 32], out: &mut [u8]) -> usize {
    let mut slots = out.iter_mut();
    let mut written = 0;
    let mut put = |digit: u32| {
        if let Some(slot) = slots.next() {
            *slot = char_of(digit.to_le_bytes()[0] & 31, alphabet);
            written += 1;
        }
    };
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &b in data {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            put(acc >> bits);
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        put(acc << (5 - bits));
    }
    written
}

/// Decodes base32 text into the start of `out` and returns the number of bytes,
/// [`decoded_len`]`(text.len())`.
///
/// Every character is read before a bad one is reported.
///
/// # Errors
/// [`Base32Error::Length`] if `out` is shorter than the bytes; [`Base32Error::Character`]
/// for a character outside `alphabet`; [`Base32Error::Padding`] for left-over bits that are
/// not zero or not fewer than five.
pub(crate) fn decode(
    text: &[u8],
    alphabet: &[u8; 32],
    out: &mut [u8],
) -> Result<usize, Base32Error> {
    let len = decoded_len(text.len());
    let out = out.get_mut(..len).ok_or(Base32Error::Length)?;
    let mut slots = out.iter_mut();
    let mut valid = 0xFF;
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &c in text {
        let (digit, ok) = digit_of(c, alphabet);
        valid &= ok;
        acc = (acc << 5) | u32::from(digit);
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            if let Some(slot) = slots.next() {
                *slot = (acc >> bits).to_le_bytes()[0];
            }
            acc &= (1 << bits) - 1;
        }
    }
    if valid == 0 {
        return Err(Base32Error::Character);
    }
    if bits >= 5 || acc != 0 {
        return Err(Base32Error::Padding);
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 section 10's vectors, without the `=` padding.
    #[test]
    fn rfc4648_vectors() {
        let cases: [(&[u8], &str); 7] = [
            (b"", ""),
            (b"f", "MY"),
            (b"fo", "MZXQ"),
            (b"foo", "MZXW6"),
            (b"foob", "MZXW6YQ"),
            (b"fooba", "MZXW6YTB"),
            (b"foobar", "MZXW6YTBOI"),
        ];
        for (data, text) in cases {
            let mut out = [0u8; 16];
            let n = encode(data, RFC4648, &mut out);
            assert_eq!(&out[..n], text.as_bytes());
            assert_eq!(n, encoded_len(data.len()));
            let mut back = [0u8; 16];
            let m = decode(text.as_bytes(), RFC4648, &mut back).unwrap();
            assert_eq!(&back[..m], data);
        }
    }

    #[test]
    fn decode_refuses_bad_text() {
        let mut out = [0u8; 16];
        assert_eq!(
            decode(b"MZ1Q", RFC4648, &mut out),
            Err(Base32Error::Character)
        );
        assert_eq!(
            decode(b"mzxq", RFC4648, &mut out),
            Err(Base32Error::Character)
        );
        // "MZ" holds 10 bits: the last two must be zero.
        assert_eq!(decode(b"MZ", RFC4648, &mut out), Err(Base32Error::Padding));
        // Three characters: 15 bits, one byte and seven left over.
        assert_eq!(decode(b"MYA", RFC4648, &mut out), Err(Base32Error::Padding));
        assert_eq!(
            decode(b"MZXW6YTB", RFC4648, &mut [0u8; 4]),
            Err(Base32Error::Length)
        );
    }

    #[test]
    fn every_digit_round_trips_in_every_alphabet() {
        for alphabet in [RFC4648] {
            for d in 0..32u8 {
                let c = char_of(d, alphabet);
                assert_eq!(c, alphabet[usize::from(d)]);
                assert_eq!(digit_of(c, alphabet), (d, 0xFF));
            }
            assert_eq!(digit_of(b'=', alphabet).1, 0);
        }
    }
}
