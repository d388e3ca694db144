//! Base64 (RFC 4648) of whole 3-byte groups, no padding needed: written with the URL-safe
//! alphabet (section 5), read in either alphabet. For TON's 36-byte user-friendly
//! addresses.
//!
//! Variable-time (a table index per character): for public data only.

/// RFC 4648 section 5's URL-safe alphabet.
const URL_SAFE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The six-bit value of `c` in the standard or the URL-safe alphabet.
fn value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' | b'-' => Some(62),
        b'/' | b'_' => Some(63),
        _ => None,
    }
}

/// Writes the URL-safe text of `data` (a whole number of 3-byte groups) into `out`, four
/// characters a group; characters beyond `out`'s end are dropped.
pub(crate) fn encode_url_safe(data: &[u8], out: &mut [u8]) {
    for (group, dst) in data.chunks_exact(3).zip(out.chunks_mut(4)) {
        let n = group.iter().fold(0u32, |n, &b| (n << 8) | u32::from(b));
        for (i, slot) in dst.iter_mut().enumerate() {
            let shift = 18 - 6 * i;
            let index = usize::try_from((n >> shift) & 63).unwrap_or(0);
            *slot = URL_SAFE.get(index).copied().unwrap_or(b'A');
        }
    }
}

/// Decodes text of whole 4-character groups (either alphabet, no `=`) into `out`, three
/// bytes a group; `None` for a character outside both alphabets or a length that is not
/// 4/3 of `out`'s.
pub(crate) fn decode(text: &[u8], out: &mut [u8]) -> Option<()> {
    if !text.len().is_multiple_of(4) || text.len() / 4 * 3 != out.len() {
        return None;
    }
    for (group, dst) in text.chunks_exact(4).zip(out.chunks_exact_mut(3)) {
        let mut n = 0u32;
        for &c in group {
            n = (n << 6) | u32::from(value(c)?);
        }
        dst.copy_from_slice(n.to_be_bytes().split_at(1).1);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 section 10's vectors of whole groups, and bytes using `-` and `_`.
    #[test]
    fn rfc4648_vectors() {
        let cases: [(&[u8], &str); 4] = [
            (b"", ""),
            (b"foo", "Zm9v"),
            (b"foobar", "Zm9vYmFy"),
            (&[0xfb, 0xff, 0xbf], "-_-_"),
        ];
        for (data, text) in cases {
            let mut out = [0u8; 8];
            encode_url_safe(data, &mut out);
            assert_eq!(&out[..text.len()], text.as_bytes());
            let mut back = [0u8; 6];
            decode(text.as_bytes(), &mut back[..data.len()]).unwrap();
            assert_eq!(&back[..data.len()], data);
        }
        let mut back = [0u8; 3];
        decode(b"+/+/", &mut back).unwrap();
        assert_eq!(back, [0xfb, 0xff, 0xbf]);
        assert_eq!(decode(b"Zm9=", &mut back), None);
        assert_eq!(decode(b"Zm9vY", &mut back), None);
    }
}
