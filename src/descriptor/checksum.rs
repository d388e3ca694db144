//! The BIP-380 descriptor checksum and character set.
//!
//! Every character of a descriptor belongs to a 96-character set written as three groups of
//! 32; each character becomes one GF(32) symbol (its position in its group), and after every
//! third character one more symbol carries the three group numbers. The checksum is a BCH code
//! over those symbols: eight characters of the bech32 alphabet, after a `#`.

use subtle::{Choice, ConditionallySelectable as _, ConstantTimeEq as _};

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

/// The position of `c` in [`INPUT_CHARSET`] and whether it is there, with no branch or table
/// index on `c`: a descriptor's text may hold private keys (xprv, WIF), so every character is
/// compared with the whole set through `subtle`'s masks.
fn position_ct(c: u8) -> (u8, Choice) {
    let mut position = 0u8;
    let mut found = Choice::from(0);
    for (i, &member) in (0u8..).zip(INPUT_CHARSET.iter()) {
        let eq = c.ct_eq(&member);
        position.conditional_assign(&i, eq);
        found |= eq;
    }
    (position, found)
}

/// The symbol value of `c` in the BIP-380 character set, or `None` outside it.
#[cfg(test)]
fn position(c: u8) -> Option<u8> {
    let (position, found) = position_ct(c);
    bool::from(found).then_some(position)
}

/// The checksum character of a 5-bit `symbol`, with no table index on it (the checksum of a
/// descriptor with private keys is a function of them).
fn checksum_char(symbol: u8) -> u8 {
    let mut out = 0u8;
    for (i, &c) in (0u8..).zip(CHECKSUM_CHARSET.iter()) {
        out.conditional_assign(&c, symbol.ct_eq(&i));
    }
    out
}

/// One step of the BCH code: without branches on the state's bits (masks select the
/// generator terms).
fn polymod_step(chk: u64, value: u64) -> u64 {
    let top = chk >> 35;
    let mut chk = ((chk & 0x07_ffff_ffff) << 5) ^ value;
    for (i, g) in GENERATOR.iter().enumerate() {
        chk ^= g & 0u64.wrapping_sub((top >> i) & 1);
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

    /// Feeds one character. The work is the same for every character of the set; only a
    /// character outside it (which makes the text invalid) takes another branch.
    fn feed(&mut self, c: u8) {
        let (p, found) = position_ct(c);
        let p = u64::from(p);
        self.chk = polymod_step(self.chk, p & 31);
        self.groups = self.groups * 3 + (p >> 5);
        self.count += 1;
        if self.count == 3 {
            self.chk = polymod_step(self.chk, self.groups);
            self.groups = 0;
            self.count = 0;
        }
        if !bool::from(found) {
            self.bad.get_or_insert(self.fed);
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
            // Masked to 5 bits: one of the 32 symbols.
            let [symbol, ..] = ((chk >> (5 * (7 - j))) & 31).to_le_bytes();
            *slot = checksum_char(symbol);
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
        key: None,
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
            key: None,
        });
    }
    let computed = compute(payload)?;
    if given.len() != CHECKSUM_LEN {
        return Err(Error::Invalid {
            offset: hash + 1,
            kind: ErrorKind::ChecksumLength { len: given.len() },
            key: None,
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
