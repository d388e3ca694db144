//! Hexadecimal text of byte strings, written and read without secret-dependent branches or
//! table lookups: the one hex codec of the crate and of its command-line tool, used for
//! secrets (private keys, chain codes, seeds) and public bytes alike.
//!
//! Both directions run in time that depends only on the lengths: every digit goes through the
//! same arithmetic, whatever its value. (A decoding *error* is reported after the whole text
//! was read; which character was bad is not revealed.)
//!
//! # Examples
//!
//! ```
//! let mut buf = [0u8; 8];
//! assert_eq!(fastbip32::hex::encode(&[0xde, 0xad, 0xbe, 0xef], &mut buf)?, "deadbeef");
//! let mut out = [0u8; 4];
//! fastbip32::hex::decode("DEADbeef", &mut out)?;
//! assert_eq!(out, [0xde, 0xad, 0xbe, 0xef]);
//! # Ok::<(), fastbip32::Error>(())
//! ```

use zeroize::Zeroize;

use crate::error::{Error, Result};

/// `n` (below 16) as a lowercase hex digit, without branches or tables.
#[inline]
pub const fn digit(n: u8) -> u8 {
    let n = n & 0x0F;
    // 9 − n wraps to 246..=251 (top bit set) exactly when n > 9.
    let above_nine = 0u8.wrapping_sub(9u8.wrapping_sub(n) >> 7);
    n + b'0' + (above_nine & (b'a' - b'0' - 10))
}

/// The lowercase hex digits of `byte`, high nibble first.
#[inline]
pub const fn byte_digits(byte: u8) -> [u8; 2] {
    [digit(byte >> 4), digit(byte)]
}

/// Writes the lowercase hex of `bytes` into the start of `buf` and returns it.
///
/// # Errors
/// [`Error::BufferTooSmall`] if `buf` is shorter than `2 * bytes.len()`.
pub fn encode<'b>(bytes: &[u8], buf: &'b mut [u8]) -> Result<&'b str> {
    let needed = 2 * bytes.len();
    let out = buf
        .get_mut(..needed)
        .ok_or(Error::BufferTooSmall { needed })?;
    for (pair, b) in out.chunks_exact_mut(2).zip(bytes) {
        pair.copy_from_slice(&byte_digits(*b));
    }
    Ok(ascii(out))
}

/// Text the crate wrote in ASCII (hex digits, the Base58 alphabet) as a `str`.
#[allow(clippy::expect_used, reason = "called on ASCII the crate wrote")]
pub(crate) fn ascii(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).expect("text the crate writes is ASCII")
}

/// The value of hex digit `c` and a validity mask (`0xFF` valid, `0` not), without branches.
#[inline]
fn value(c: u8) -> (u8, u8) {
    // in_range(lo, hi) = 0xFF if lo ≤ c < hi: the sign bits of the two differences.
    let in_range = |lo: u8, hi: u8| -> u8 {
        let below_hi = u16::from(c).wrapping_sub(u16::from(hi)) >> 8; // 0xFF.. if c < hi
        let at_least_lo = !(u16::from(c).wrapping_sub(u16::from(lo)) >> 8); // 0xFF.. if c ≥ lo
        (below_hi & at_least_lo).to_le_bytes()[0]
    };
    let digit = in_range(b'0', b'9' + 1);
    let lower = in_range(b'a', b'f' + 1);
    let upper = in_range(b'A', b'F' + 1);
    let value = (digit & c.wrapping_sub(b'0'))
        | (lower & c.wrapping_sub(b'a' - 10))
        | (upper & c.wrapping_sub(b'A' - 10));
    (value, digit | lower | upper)
}

/// Decodes hex (either case) into exactly `out.len()` bytes. On error `out` is wiped.
///
/// # Errors
/// [`Error::InvalidLength`] unless the text has exactly `2 * out.len()` characters
/// (`len` is half the text's length); [`Error::InvalidHex`] if any character is not a hex
/// digit.
pub fn decode(text: &str, out: &mut [u8]) -> Result<()> {
    let text = text.as_bytes();
    if text.len() != 2 * out.len() {
        return Err(Error::InvalidLength {
            len: text.len() / 2,
            expected: out.len(),
        });
    }
    let mut valid = 0xFFu8;
    for (o, pair) in out.iter_mut().zip(text.chunks_exact(2)) {
        if let [hi, lo] = pair {
            let (h, vh) = value(*hi);
            let (l, vl) = value(*lo);
            valid &= vh & vl;
            *o = (h << 4) | l;
        }
    }
    if valid == 0xFF {
        Ok(())
    } else {
        out.zeroize();
        Err(Error::InvalidHex)
    }
}

/// Whether every character of `text` is a hex digit (either case).
///
/// Constant time in the bytes (key text, WIF or xprv, is asked this): every byte is looked
/// at, with masks, and none is branched on.
#[cfg(feature = "descriptor")]
pub(crate) fn is_hex(text: &str) -> bool {
    use subtle::ConstantTimeGreater as _;
    // `c - lo <= hi - lo` (wrapping) exactly when `lo <= c <= hi`.
    let in_range = |c: u8, lo: u8, hi: u8| !c.wrapping_sub(lo).ct_gt(&(hi - lo));
    let mut all = subtle::Choice::from(1);
    for c in text.bytes() {
        all &= in_range(c, b'0', b'9') | in_range(c, b'a', b'f') | in_range(c, b'A', b'F');
    }
    all.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_matches_the_hex_crate() {
        let bytes: [u8; 256] = core::array::from_fn(|i| u8::try_from(i).unwrap_or(0));
        let mut buf = [0u8; 512];
        let text = encode(&bytes, &mut buf).unwrap();
        assert_eq!(text, hex::encode(bytes));
        let mut back = [0u8; 256];
        decode(text, &mut back).unwrap();
        assert_eq!(back, bytes);
        decode(&hex::encode_upper(bytes), &mut back).unwrap();
        assert_eq!(back, bytes);
    }

    #[test]
    fn every_character_is_classified_like_the_hex_crate() {
        for c in 0..=255u8 {
            for (hi, lo) in [(c, b'0'), (b'0', c)] {
                let text = [hi, lo];
                let Ok(text) = core::str::from_utf8(&text) else {
                    continue;
                };
                let mut ours = [0u8; 1];
                let theirs = hex::decode(text);
                match decode(text, &mut ours) {
                    Ok(()) => assert_eq!(theirs.as_deref(), Ok(&ours[..]), "{text:?}"),
                    Err(e) => {
                        assert_eq!(e, Error::InvalidHex);
                        assert!(theirs.is_err(), "{text:?}");
                        assert_eq!(ours, [0]);
                    }
                }
            }
        }
    }

    #[test]
    fn lengths_and_buffers() {
        let mut out = [0u8; 2];
        assert_eq!(
            decode("abc", &mut out),
            Err(Error::InvalidLength {
                len: 1,
                expected: 2
            })
        );
        assert_eq!(
            encode(&[1, 2], &mut [0u8; 3]),
            Err(Error::BufferTooSmall { needed: 4 })
        );
    }
}
