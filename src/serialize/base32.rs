//! Base32 with RFC 4648's alphabet (`a`–`z`, `2`–`7`), without padding, in either case, on
//! caller buffers.
//!
//! Characters and digits are mapped with arithmetic masks, with no branch and no table
//! look-up on the data, so text that holds a secret may pass through; the work depends on the
//! lengths only.

/// Which case the letters are written and read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Case {
    /// `a`–`z` (Filecoin).
    Lower,
    /// `A`–`Z` (RFC 4648's own).
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "RFC 4648's case, for the formats that write it")
    )]
    Upper,
}

impl Case {
    /// The first letter.
    const fn a(self) -> u8 {
        match self {
            Self::Lower => b'a',
            Self::Upper => b'A',
        }
    }
}

/// The number of characters for `bytes` bytes without padding: ⌈8·bytes / 5⌉.
pub(crate) const fn encoded_len(bytes: usize) -> usize {
    (bytes * 8).div_ceil(5)
}

/// `0xFF` when `lo <= c <= hi`, else 0, without a branch.
fn in_range(c: u8, lo: u8, hi: u8) -> u8 {
    let c = i16::from(c);
    let below = i16::from(lo) - 1 - c; // negative when c >= lo
    let above = c - i16::from(hi) - 1; // negative when c <= hi
    let mask = (below & above) >> 15;
    mask.to_le_bytes()[0]
}

/// The character of a digit below 32, without a branch.
fn char_of(digit: u8, case: Case) -> u8 {
    // Digits 26 to 31 are '2' to '7'.
    let is_letter = in_range(digit, 0, 25);
    (is_letter & case.a().wrapping_add(digit)) | (!is_letter & (b'2' + digit).wrapping_sub(26))
}

/// The digit of a character and `0xFF` if it is one of `case`'s alphabet (0 if not), without
/// a branch.
fn digit_of(c: u8, case: Case) -> (u8, u8) {
    let a = case.a();
    let letter = in_range(c, a, a + 25);
    let number = in_range(c, b'2', b'7');
    let digit = (letter & c.wrapping_sub(a)) | (number & c.wrapping_sub(b'2').wrapping_add(26));
    (digit, letter | number)
}

/// Writes the base32 text of `data` into `out`; returns its length, or `None` if `out` is
/// shorter than [`encoded_len`]`(data.len())`.
pub(crate) fn encode(data: &[u8], case: Case, out: &mut [u8]) -> Option<usize> {
    let len = encoded_len(data.len());
    let out = out.get_mut(..len)?;
    let mut acc: u16 = 0;
    let mut bits = 0u32;
    let mut chars = out.iter_mut();
    for &byte in data {
        acc = (acc << 8) | u16::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            let digit = ((acc >> bits) & 0x1f).to_le_bytes()[0];
            *chars.next()? = char_of(digit, case);
        }
    }
    if bits > 0 {
        let digit = ((acc << (5 - bits)) & 0x1f).to_le_bytes()[0];
        *chars.next()? = char_of(digit, case);
    }
    Some(len)
}

/// Decodes base32 text (`case`'s alphabet only, no padding) into `out`; returns the number
/// of bytes. `None` for a character outside the alphabet, a text length no byte count
/// encodes to, padding bits that are not zero, or an `out` too short.
pub(crate) fn decode(text: &[u8], case: Case, out: &mut [u8]) -> Option<usize> {
    let len = text.len() * 5 / 8;
    if encoded_len(len) != text.len() {
        return None;
    }
    let out = out.get_mut(..len)?;
    let mut valid = 0xFF;
    let mut acc: u16 = 0;
    let mut bits = 0u32;
    let mut bytes = out.iter_mut();
    for &c in text {
        let (digit, ok) = digit_of(c, case);
        valid &= ok;
        acc = ((acc << 5) | u16::from(digit)) & 0x1fff;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            *bytes.next()? = (acc >> bits).to_le_bytes()[0];
        }
    }
    // The padding bits (fewer than five) must be zero.
    let padding = acc & ((1 << bits) - 1);
    (valid == 0xFF && padding == 0).then_some(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 section 10's vectors, without their padding.
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
            let mut buf = [0u8; 16];
            let n = encode(data, Case::Upper, &mut buf).unwrap();
            assert_eq!(&buf[..n], text.as_bytes());
            let lower = text.to_ascii_lowercase();
            let n = encode(data, Case::Lower, &mut buf).unwrap();
            assert_eq!(&buf[..n], lower.as_bytes());
            let mut out = [0u8; 8];
            assert_eq!(
                decode(text.as_bytes(), Case::Upper, &mut out),
                Some(data.len())
            );
            assert_eq!(&out[..data.len()], data);
            assert_eq!(
                decode(lower.as_bytes(), Case::Lower, &mut out),
                Some(data.len())
            );
            // The other case's letters are outside the alphabet.
            if !data.is_empty() {
                assert_eq!(decode(lower.as_bytes(), Case::Upper, &mut out), None);
            }
        }
    }

    #[test]
    fn every_digit_round_trips() {
        for digit in 0..32 {
            for case in [Case::Lower, Case::Upper] {
                let c = char_of(digit, case);
                assert_eq!(digit_of(c, case), (digit, 0xFF));
            }
        }
        for c in [
            b'0', b'1', b'8', b'9', b'=', b'@', b'[', b'`', b'{', 0, 0xFF,
        ] {
            assert_eq!(digit_of(c, Case::Lower).1, 0);
            assert_eq!(digit_of(c, Case::Upper).1, 0);
        }
    }

    #[test]
    fn bad_text() {
        let mut out = [0u8; 8];
        // "MZ" has a non-zero padding bit ('Z' = 25, low two bits 01).
        assert_eq!(decode(b"MZ", Case::Upper, &mut out), None);
        // Three characters encode no byte count.
        assert_eq!(decode(b"MZX", Case::Upper, &mut out), None);
        assert_eq!(decode(b"MY", Case::Upper, &mut [0u8; 0]), None);
        assert_eq!(encode(b"f", Case::Upper, &mut [0u8; 1]), None);
    }
}
