//! The BIP-380 descriptor checksum and character set.
//!
//! Every character of a descriptor belongs to a 96-character set written as three groups of
//! 32; each character becomes one GF(32) symbol (its position in its group), and after every
//! third character one more symbol carries the three group numbers. The checksum is a BCH code
//! over those symbols: eight characters of the bech32 alphabet, after a `#`.

use super::error::{Error, ErrorKind, Result};

/// The BIP-380 input character set: the 95 printable ASCII characters, in groups of 32.
const INPUT_CHARSET: &[u8; 95] = b"0123456789()[],'/*abcdefgh@:$%{}\
IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~\
ijklmnopqrstuvwxyzABCDEFGH`#\"\\ ";

/// The checksum alphabet (bech32's).
const CHECKSUM_CHARSET: &[u8; 32] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/// The generator of the BCH code, as BIP-380 gives it.
const GENERATOR: [u64; 5] = [
    0xf5_dee5_1989,
    0xa9_fdca_3312,
    0x1b_ab10_e32d,
    0x37_06b1_677a,
    0x64_4d62_6ffd,
];

/// The number of characters in a checksum.
pub(crate) const CHECKSUM_LEN: usize = 8;

/// Position of a byte in [`INPUT_CHARSET`], if it is there. The table is public data.
const fn position_table() -> [u8; 256] {
    let mut table = [0xffu8; 256];
    let mut i = 0;
    while i < INPUT_CHARSET.len() {
        // `i < 96`: the cast is exact.
        #[allow(clippy::cast_possible_truncation, clippy::indexing_slicing)]
        {
            table[INPUT_CHARSET[i] as usize] = i as u8;
        }
        i += 1;
    }
    table
}

static POSITIONS: [u8; 256] = position_table();

/// The symbol value of `c` in the BIP-380 character set, or `None` outside it.
pub(crate) fn position(c: u8) -> Option<u8> {
    match POSITIONS.get(usize::from(c)) {
        Some(&p) if p != 0xff => Some(p),
        _ => None,
    }
}

fn polymod_step(chk: u64, value: u64) -> u64 {
    let top = chk >> 35;
    let mut chk = ((chk & 0x07_ffff_ffff) << 5) ^ value;
    for (i, g) in GENERATOR.iter().enumerate() {
        if (top >> i) & 1 == 1 {
            chk ^= g;
        }
    }
    chk
}

/// The checksum state over the characters fed so far: a `fmt::Write` sink, so a descriptor
/// can be checksummed while it is printed, without a buffer.
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    chk: u64,
    groups: u64,
    count: u8,
    /// Characters fed, and the offset of the first one outside the character set.
    fed: usize,
    bad: Option<usize>,
}

impl Engine {
    pub(crate) const fn new() -> Self {
        Self {
            chk: 1,
            groups: 0,
            count: 0,
            fed: 0,
            bad: None,
        }
    }

    fn feed(&mut self, c: u8) {
        match position(c) {
            Some(p) => {
                let p = u64::from(p);
                self.chk = polymod_step(self.chk, p & 31);
                self.groups = self.groups * 3 + (p >> 5);
                self.count += 1;
                if self.count == 3 {
                    self.chk = polymod_step(self.chk, self.groups);
                    self.groups = 0;
                    self.count = 0;
                }
            }
            None => {
                self.bad.get_or_insert(self.fed);
            }
        }
        self.fed += 1;
    }

    /// The checksum, or the offset of the first character outside the set.
    pub(crate) fn finish(&self) -> core::result::Result<[u8; CHECKSUM_LEN], usize> {
        if let Some(offset) = self.bad {
            return Err(offset);
        }
        let mut chk = self.chk;
        if self.count > 0 {
            chk = polymod_step(chk, self.groups);
        }
        for _ in 0..CHECKSUM_LEN {
            chk = polymod_step(chk, 0);
        }
        chk ^= 1;
        let mut out = [0u8; CHECKSUM_LEN];
        for (j, slot) in out.iter_mut().enumerate() {
            // Masked to 5 bits: always an index into the 32-character alphabet.
            let symbol = (chk >> (5 * (7 - j))) & 31;
            *slot = CHECKSUM_CHARSET
                .get(usize::try_from(symbol).unwrap_or(0))
                .copied()
                .unwrap_or(b'q');
        }
        Ok(out)
    }
}

impl core::fmt::Write for Engine {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        s.bytes().for_each(|c| self.feed(c));
        Ok(())
    }
}

/// The BIP-380 checksum of `payload` (the descriptor without `#…`), as 8 ASCII characters.
///
/// # Errors
/// [`Error::Invalid`] with [`ErrorKind::InvalidCharacter`] at the first
/// byte outside the BIP-380 character set.
pub(crate) fn compute(payload: &str) -> Result<[u8; CHECKSUM_LEN]> {
    let mut engine = Engine::new();
    payload.bytes().for_each(|c| engine.feed(c));
    engine.finish().map_err(|offset| Error::Invalid {
        offset,
        kind: ErrorKind::InvalidCharacter,
    })
}

/// Splits `text` at its `#`, checks the character set and, when a checksum is present, that it
/// is 8 characters and matches. Returns the payload.
///
/// # Errors
/// [`Error::Invalid`] ([`ErrorKind::InvalidCharacter`],
/// [`ErrorKind::MultipleChecksums`], [`ErrorKind::ChecksumLength`]);
/// [`Error::ChecksumMismatch`].
pub(crate) fn split(text: &str) -> Result<&str> {
    let Some(hash) = text.find('#') else {
        compute(text)?;
        return Ok(text);
    };
    let (payload, rest) = text.split_at(hash);
    let given = rest.get(1..).unwrap_or("");
    if let Some(second) = given.find('#') {
        return Err(Error::Invalid {
            offset: hash + 1 + second,
            kind: ErrorKind::MultipleChecksums,
        });
    }
    let computed = compute(payload)?;
    if given.len() != CHECKSUM_LEN {
        return Err(Error::Invalid {
            offset: hash + 1,
            kind: ErrorKind::ChecksumLength { len: given.len() },
        });
    }
    if given.as_bytes() != computed {
        return Err(Error::ChecksumMismatch { computed });
    }
    Ok(payload)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charset_has_95_distinct_characters() {
        let mut seen = [false; 256];
        for &c in INPUT_CHARSET {
            assert!(!seen[usize::from(c)], "{}", c as char);
            seen[usize::from(c)] = true;
        }
        assert_eq!(position(b'0'), Some(0));
        assert_eq!(position(b' '), Some(94));
        // Exactly the printable ASCII characters.
        for c in 0..=255u8 {
            assert_eq!(
                position(c).is_some(),
                (b' '..=b'~').contains(&c),
                "{c:#04x}"
            );
        }
        assert_eq!(position(0xc3), None);
    }
}
