//! Base58 and `Base58Check` on fixed stack buffers, for payloads of up to 78 bytes: extended
//! keys (78), WIF private keys (34), P2PKH/P2SH addresses (21, 22 for Zcash's two-byte
//! versions) and, without a checksum, Solana addresses (32). The alphabet is a parameter
//! ([`Alphabet`]): Bitcoin's for everything but XRP, whose addresses use Ripple's.
//!
//! Written here rather than taken from `bs58` for three reasons:
//! * no branch and no table look-up depends on the data: a private key's text goes through
//!   this code, so digits and characters are mapped with arithmetic masks, leading zeros are
//!   counted with masks, and the big-number loops run a fixed number of times for a given
//!   payload or text length (only those lengths, which are public, change the work done);
//! * speed: five Base58 digits (58⁵ < 2³²) per step on 32-bit limbs instead of one digit per
//!   byte, several times fewer operations than the byte-at-a-time algorithm;
//! * every scratch buffer holding key material is wiped, including the SHA-256 blocks of the
//!   checksum (through `sha2`'s raw compression function).
//!
//! The payload length is a const generic of the entry points, checked at compile time.
//! `bs58` checks the results in the tests.

use sha2::block_api::compress256;
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use crate::error::{Error, Result};

/// Bytes of a serialized extended key: the longest payload with a checksum.
const PAYLOAD: usize = 78;
/// The longest data encoded: the longest payload and its checksum.
const MAX_DATA: usize = PAYLOAD + 4;
/// 32-bit limbs for the 82 data bytes (84 bytes of room).
const DATA_LIMBS: usize = MAX_DATA.div_ceil(4);
/// 58⁵, the largest power of 58 below 2³².
const RADIX5: u64 = 58 * 58 * 58 * 58 * 58;
/// Digits produced when encoding 82 bytes: five per round (at most 112 are needed).
const MAX_ROUNDS: usize = rounds_for(MAX_DATA);
const DIGITS: usize = MAX_ROUNDS * 5;

/// The longest text decoded exactly. Any text of 113 characters or more decodes to more than
/// 82 bytes, so this only bounds the work done on text that is wrong anyway.
const MAX_TEXT: usize = 160;
/// Limbs for the value of [`MAX_TEXT`] digits: 58¹⁶⁰ < 2⁹³⁸, 30 limbs hold 960 bits.
const TEXT_LIMBS: usize = 30;

/// The longest text an extended key can have: 82 bytes in Base58 take at most 112 characters.
pub(crate) const MAX_ENCODED_LEN: usize = 112;

/// Rounds of five digits that hold any number of `bytes` bytes: 256ⁿ < 58^⌈1.3657·n⌉, and
/// `1366/1000` rounds up `log 256 / log 58 = 1.36565…`; one digit of slack on top.
const fn rounds_for(bytes: usize) -> usize {
    (bytes * 1366 / 1000 + 1).div_ceil(5)
}

/// A Base58 alphabet: the 58 characters of the digits 0 to 57, in order.
///
/// The alphabet is public: code may branch on which one it is given, never on the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// Bitcoin's: `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz` (every coin's
    /// but XRP's).
    Bitcoin,
    /// Ripple's: `rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz` (XRP Ledger
    /// addresses).
    Ripple,
}

impl Alphabet {
    /// Ripple's 58 characters, digit 0 first.
    const RIPPLE: &'static [u8; 58] = b"rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";

    /// The character of digit 0, which stands for a leading zero byte.
    const fn zero(self) -> u8 {
        match self {
            Self::Bitcoin => b'1',
            Self::Ripple => b'r',
        }
    }

    /// The character of a digit below 58, without a data-dependent branch or table index.
    fn char_of(self, digit: u8) -> u8 {
        match self {
            Self::Bitcoin => digit_to_char(digit),
            Self::Ripple => masked_lookup(Self::RIPPLE, digit),
        }
    }

    /// The digit of a character, and `0xFF` if it is in the alphabet (0 if not), without a
    /// data-dependent branch or table index.
    fn digit_of(self, c: u8) -> (u8, u8) {
        match self {
            Self::Bitcoin => char_to_digit(c),
            Self::Ripple => masked_search(Self::RIPPLE, c),
        }
    }
}

/// `0xFF` when `a == b`, else 0, without a branch.
fn eq_mask(a: u8, b: u8) -> u8 {
    let x = u32::from(a ^ b);
    // `x - 1` borrows into the top bit exactly when `x == 0`.
    let zero = (x.wrapping_sub(1) >> 31) & 1;
    0u8.wrapping_sub(zero.to_le_bytes()[0])
}

/// `table[index]`, read by touching every entry (no index depends on the data).
fn masked_lookup(table: &[u8; 58], index: u8) -> u8 {
    let mut out = 0u8;
    for (i, &c) in (0u8..).zip(table.iter()) {
        out |= eq_mask(i, index) & c;
    }
    out
}

/// The position of `c` in `table` and `0xFF` if it is there (0 if not), comparing with every
/// entry.
fn masked_search(table: &[u8; 58], c: u8) -> (u8, u8) {
    let mut digit = 0u8;
    let mut valid = 0u8;
    for (i, &t) in (0u8..).zip(table.iter()) {
        let mask = eq_mask(t, c);
        digit |= mask & i;
        valid |= mask;
    }
    (digit, valid)
}

/// 1 when `b == 0`, else 0, without a branch.
fn is_zero(b: u32) -> usize {
    // `b | -b` has its top bit set exactly when `b != 0`.
    let nonzero = (b | b.wrapping_neg()) >> 31;
    (1 ^ nonzero) as usize
}

/// The number of leading zero elements of `values`, counted without a data-dependent branch.
fn leading_zeros<T: Copy + Into<u32>>(values: impl Iterator<Item = T>) -> usize {
    let mut still = 1usize;
    let mut count = 0usize;
    for v in values {
        still &= is_zero(v.into());
        count += still;
    }
    count
}

/// The low 32 bits.
#[allow(clippy::cast_possible_truncation)] // truncation is the point
const fn low32(x: u64) -> u32 {
    x as u32
}

/// `0xFF` when `lo <= c <= hi`, else 0, without a branch.
fn in_range(c: u8, lo: u8, hi: u8) -> u8 {
    let c = i32::from(c);
    let below = i32::from(lo) - 1 - c; // negative when c >= lo
    let above = c - i32::from(hi) - 1; // negative when c <= hi
                                       // Both negative: the sign bit survives the AND; the arithmetic shift spreads it.
    let mask = (below & above) >> 31;
    mask.to_le_bytes()[0]
}

/// The digit of an alphabet character, and `0xFF` if it is one (0 if not), without a branch.
fn char_to_digit(c: u8) -> (u8, u8) {
    // (first character, last character, its digit minus the character)
    const RANGES: [(u8, u8, u8); 6] = [
        (b'1', b'9', 0u8.wrapping_sub(b'1')),
        (b'A', b'H', 9u8.wrapping_sub(b'A')),
        (b'J', b'N', 17u8.wrapping_sub(b'J')),
        (b'P', b'Z', 22u8.wrapping_sub(b'P')),
        (b'a', b'k', 33u8.wrapping_sub(b'a')),
        (b'm', b'z', 44u8.wrapping_sub(b'm')),
    ];
    let mut digit = 0u8;
    let mut valid = 0u8;
    for (lo, hi, offset) in RANGES {
        let mask = in_range(c, lo, hi);
        digit |= mask & c.wrapping_add(offset);
        valid |= mask;
    }
    (digit, valid)
}

/// The alphabet character of a digit below 58, without a branch.
fn digit_to_char(digit: u8) -> u8 {
    // Starting from '1' + digit, add the gap before each range the digit is in or past:
    // '9'→'A' skips 7 characters, 'H'→'J' skips 'I', 'N'→'P' skips 'O', 'Z'→'a' skips 6,
    // 'k'→'m' skips 'l'.
    const GAPS: [(u8, u8); 5] = [(9, 7), (17, 1), (22, 1), (33, 6), (44, 1)];
    let mut c = b'1'.wrapping_add(digit);
    for (first, gap) in GAPS {
        // 1 when digit >= first: (first - 1 - digit) wraps to a high value.
        let past = (first.wrapping_sub(1).wrapping_sub(digit)) >> 7;
        c = c.wrapping_add(past.wrapping_mul(gap));
    }
    c
}

/// The first four bytes of SHA-256(SHA-256(data)), for `data` of at most [`MAX_TEXT`] bytes,
/// with every block wiped afterwards.
fn checksum(data: &[u8]) -> [u8; 4] {
    const IV: [u32; 8] = [
        0x6a09_e667,
        0xbb67_ae85,
        0x3c6e_f372,
        0xa54f_f53a,
        0x510e_527f,
        0x9b05_688c,
        0x1f83_d9ab,
        0x5be0_cd19,
    ];
    let mut blocks = Zeroizing::new([[0u8; 64]; MAX_TEXT.div_ceil(64) + 1]);
    let mut state = IV;
    let first = sha256_blocks(data, &mut blocks[..]);
    compress256(&mut state, first);
    let mut digest = Zeroizing::new([0u8; 32]);
    for (out, word) in digest.chunks_exact_mut(4).zip(state) {
        out.copy_from_slice(&word.to_be_bytes());
    }
    state.zeroize();
    state = IV;
    let second = sha256_blocks(&digest[..], &mut blocks[..]);
    compress256(&mut state, second);
    let check = state[0].to_be_bytes();
    state.zeroize();
    check
}

/// Lays `data` out in SHA-256 blocks with its padding; returns the blocks used.
fn sha256_blocks<'b>(data: &[u8], blocks: &'b mut [[u8; 64]]) -> &'b [[u8; 64]] {
    let used = (data.len() + 9).div_ceil(64);
    let Some(blocks) = blocks.get_mut(..used) else {
        return &[];
    };
    blocks.as_flattened_mut().fill(0);
    let flat = blocks.as_flattened_mut();
    if let Some(dst) = flat.get_mut(..data.len()) {
        dst.copy_from_slice(data);
    }
    if let Some(b) = flat.get_mut(data.len()) {
        *b = 0x80;
    }
    let bits = (data.len() as u64) * 8;
    let len = flat.len();
    if let Some(dst) = flat.get_mut(len - 8..) {
        dst.copy_from_slice(&bits.to_be_bytes());
    }
    blocks
}

/// Writes the Base58 text of `data` (at most [`MAX_DATA`] bytes) into `out`; returns its length.
///
/// The work depends on `data.len()` only, apart from writing the text, whose length is the
/// output's.
fn encode_raw(data: &[u8], alphabet: Alphabet, out: &mut [u8]) -> Result<usize> {
    if data.len() > MAX_DATA {
        return Err(Error::InvalidLength {
            len: data.len(),
            expected: MAX_DATA,
        });
    }
    let data_limbs = data.len().div_ceil(4);
    // Right-aligned in whole limbs: the bytes in front of `data` stay zero.
    let mut bytes = Zeroizing::new([0u8; DATA_LIMBS * 4]);
    let width = data_limbs * 4;
    if let Some(dst) = bytes.get_mut(width - data.len()..width) {
        dst.copy_from_slice(data);
    }

    // Little-endian limbs of the big-endian number.
    let mut limbs = Zeroizing::new([0u32; DATA_LIMBS]);
    for (limb, chunk) in limbs
        .iter_mut()
        .take(data_limbs)
        .rev()
        .zip(bytes.chunks_exact(4))
    {
        let mut word = [0u8; 4];
        word.copy_from_slice(chunk);
        *limb = u32::from_be_bytes(word);
        word.zeroize();
    }
    let limbs = limbs.split_at_mut(data_limbs).0;

    // Least significant digit first: each round divides by 58⁵ and splits the remainder.
    let rounds = rounds_for(data.len());
    let mut digits = Zeroizing::new([0u8; DIGITS]);
    let digits = digits.split_at_mut(rounds * 5).0;
    for round in digits.chunks_exact_mut(5) {
        let mut rem: u64 = 0;
        for limb in limbs.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*limb);
            // `cur / RADIX5 < 2³²` because `rem < RADIX5`; division by a constant compiles
            // to a multiplication.
            *limb = low32(cur / RADIX5);
            rem = cur % RADIX5;
        }
        let mut rem = low32(rem);
        for digit in round.iter_mut() {
            *digit = (rem % 58).to_le_bytes()[0];
            rem /= 58;
        }
    }

    // Leading zero bytes become '1's; the number's own leading zero digits are dropped.
    let zeros = leading_zeros(data.iter().copied());
    let significant = digits.len() - leading_zeros(digits.iter().rev().copied());
    let len = zeros + significant;
    let Some(text) = out.get_mut(..len) else {
        return Err(Error::BufferTooSmall { needed: len });
    };
    let (ones, rest) = text.split_at_mut(zeros);
    ones.fill(alphabet.zero());
    for (c, &d) in rest.iter_mut().zip(digits.iter().take(significant).rev()) {
        *c = alphabet.char_of(d);
    }
    Ok(len)
}

/// Writes the `Base58Check` text of `payload` (at most 78 bytes, checked at compile time) into
/// `out` and returns its length.
///
/// # Errors
/// [`Error::BufferTooSmall`] if `out` is shorter than the text (for an extended key: 111
/// characters for versions starting with 0x01 to 0x04, up to [`MAX_ENCODED_LEN`]); `out` may
/// then hold part of it.
pub(crate) fn encode_check<const N: usize>(payload: &[u8; N], out: &mut [u8]) -> Result<usize> {
    const { assert!(N <= PAYLOAD, "Base58Check payloads are at most 78 bytes") };
    encode_check_in(payload, Alphabet::Bitcoin, out)
}

/// Writes the `Base58Check` text of `payload` in `alphabet` into `out` and returns its
/// length.
///
/// # Errors
/// [`Error::InvalidLength`] for a payload over 78 bytes; [`Error::BufferTooSmall`] if `out`
/// is shorter than the text (`out` may then hold part of it).
pub(crate) fn encode_check_in(payload: &[u8], alphabet: Alphabet, out: &mut [u8]) -> Result<usize> {
    let n = payload.len();
    if n > PAYLOAD {
        return Err(Error::InvalidLength {
            len: n,
            expected: PAYLOAD,
        });
    }
    let mut data = Zeroizing::new([0u8; MAX_DATA]);
    if let Some(body) = data.get_mut(..n) {
        body.copy_from_slice(payload);
    }
    if let Some(check) = data.get_mut(n..n + 4) {
        check.copy_from_slice(&checksum(payload));
    }
    encode_raw(data.split_at(n + 4).0, alphabet, out)
}

/// Writes the plain Base58 text (no checksum) of `payload` (at most 82 bytes, checked at
/// compile time) into `out` and returns its length.
///
/// # Errors
/// [`Error::BufferTooSmall`] if `out` is shorter than the text; `out` may then hold part of it.
#[cfg_attr(
    not(all(feature = "address", feature = "ed25519")),
    allow(dead_code, reason = "used by Solana addresses only")
)]
pub(crate) fn encode<const N: usize>(payload: &[u8; N], out: &mut [u8]) -> Result<usize> {
    const { assert!(N <= MAX_DATA, "Base58 payloads are at most 82 bytes") };
    encode_raw(payload, Alphabet::Bitcoin, out)
}

/// The decoded bytes of `Base58Check` text, checksum removed, in a wiped buffer.
pub(crate) struct Decoded {
    bytes: Zeroizing<[u8; MAX_TEXT]>,
    len: usize,
}

impl Decoded {
    /// The payload: the decoded bytes without the checksum.
    pub(crate) fn payload(&self) -> &[u8] {
        self.bytes.split_at(self.len).0
    }
}

/// Decodes plain Base58 text (no checksum) of any length: every character in the alphabet
/// ([`Error::InvalidBase58`]); text over 160 characters is not decoded and fails with
/// [`Error::InvalidLength`] whose `len` is a lower bound of its byte length. `expected` is
/// the length the caller wants, for the errors.
#[cfg_attr(
    not(all(feature = "address", feature = "secp256k1", feature = "ed25519-bip32")),
    allow(dead_code, reason = "used by address::decode only")
)]
pub(crate) fn decode_any(text: &[u8], expected: usize) -> Result<Decoded> {
    decode_any_in(text, Alphabet::Bitcoin, expected)
}

/// [`decode_any`] in `alphabet`.
pub(crate) fn decode_any_in(text: &[u8], alphabet: Alphabet, expected: usize) -> Result<Decoded> {
    let mut valid = 0xFF;
    for &c in text {
        valid &= alphabet.digit_of(c).1;
    }
    if valid == 0 {
        return Err(Error::InvalidBase58);
    }
    let zeros = leading_zeros(text.iter().map(|&c| c ^ alphabet.zero()));
    if text.len() > MAX_TEXT {
        // k significant digits are at least 58^(k-1) > 256^((k-1)·0.732): a lower bound.
        let digits = text.len() - zeros;
        let total = zeros + (digits.saturating_sub(1) * 732) / 1000 + 1;
        return Err(Error::InvalidLength {
            len: total,
            expected,
        });
    }

    // value = value·58^k + (next k digits), five digits at a time from the left.
    let mut limbs = Zeroizing::new([0u32; TEXT_LIMBS]);
    for chunk in text.chunks(5) {
        let mut value: u64 = 0;
        let mut scale: u64 = 1;
        for &c in chunk {
            value = value * 58 + u64::from(alphabet.digit_of(c).0);
            scale *= 58;
        }
        let mut carry = value;
        for limb in limbs.iter_mut() {
            let cur = u64::from(*limb) * scale + carry;
            *limb = low32(cur);
            carry = cur >> 32;
        }
        value.zeroize();
    }

    // Big-endian bytes, then the leading '1's as zero bytes in front of the significant ones.
    let mut be = Zeroizing::new([0u8; TEXT_LIMBS * 4]);
    for (chunk, limb) in be.chunks_exact_mut(4).zip(limbs.iter().rev()) {
        chunk.copy_from_slice(&limb.to_be_bytes());
    }
    let significant = be.len() - leading_zeros(be.iter().copied());
    let total = zeros + significant;
    let mut decoded = Decoded {
        bytes: Zeroizing::new([0u8; MAX_TEXT]),
        len: 0,
    };
    let (Some(dst), Some(src)) = (
        decoded.bytes.get_mut(zeros..total),
        be.get(TEXT_LIMBS * 4 - significant..),
    ) else {
        // `total <= text.len()`: k digits are below 58^k < 256^k.
        return Err(Error::InvalidLength {
            len: total,
            expected,
        });
    };
    dst.copy_from_slice(src);
    decoded.len = total;
    Ok(decoded)
}

/// Decodes `Base58Check` text of any payload length.
///
/// The checks, in order: every character in the alphabet ([`Error::InvalidBase58`]), at least
/// the 4 checksum bytes ([`Error::InvalidLength`] with `len: 0`), the checksum
/// ([`Error::BadChecksum`]). Text over 160 characters is not decoded: it fails with
/// [`Error::InvalidLength`] whose `len` is a lower bound of its payload length. `expected` is
/// the payload length the caller wants, for the errors.
pub(crate) fn decode_check_any(text: &[u8], expected: usize) -> Result<Decoded> {
    decode_check_any_in(text, Alphabet::Bitcoin, expected)
}

/// [`decode_check_any`] in `alphabet`.
pub(crate) fn decode_check_any_in(
    text: &[u8],
    alphabet: Alphabet,
    expected: usize,
) -> Result<Decoded> {
    let mut decoded = decode_any_in(text, alphabet, expected).map_err(|e| match e {
        Error::InvalidLength { len, expected } => Error::InvalidLength {
            len: len.saturating_sub(4),
            expected,
        },
        e => e,
    })?;
    let total = decoded.len;
    let Some(body_len) = total.checked_sub(4) else {
        return Err(Error::InvalidLength { len: 0, expected });
    };
    let (Some(body), Some(check)) = (
        decoded.bytes.get(..body_len),
        decoded.bytes.get(body_len..total),
    ) else {
        return Err(Error::InvalidLength {
            len: body_len,
            expected,
        });
    };
    if !bool::from(checksum(body).ct_eq(check)) {
        return Err(Error::BadChecksum);
    }
    if let Some(check) = decoded.bytes.get_mut(body_len..total) {
        check.zeroize();
    }
    decoded.len = body_len;
    Ok(decoded)
}

/// Decodes `Base58Check` text into an `N`-byte payload.
///
/// The checks of [`decode_check_any`], then the length ([`Error::InvalidLength`], with the
/// decoded length less the 4 checksum bytes).
pub(crate) fn decode_check_array<const N: usize>(text: &[u8]) -> Result<Zeroizing<[u8; N]>> {
    let decoded = decode_check_any(text, N)?;
    let body = decoded.payload();
    let mut payload = Zeroizing::new([0u8; N]);
    if body.len() != N {
        return Err(Error::InvalidLength {
            len: body.len(),
            expected: N,
        });
    }
    payload.copy_from_slice(body);
    Ok(payload)
}

/// Decodes `Base58Check` text into the 78-byte payload of an extended key.
///
/// The checks, in order: every character in the alphabet ([`Error::InvalidBase58`]), the
/// checksum ([`Error::BadChecksum`]), then the length ([`Error::InvalidLength`], with the
/// decoded length less the 4 checksum bytes; text over 160 characters is not decoded: its
/// `len` is a lower bound).
pub(crate) fn decode_check(text: &[u8]) -> Result<Zeroizing<[u8; PAYLOAD]>> {
    decode_check_array::<PAYLOAD>(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::vec::Vec;

    const ALPHABET: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

    #[test]
    fn alphabet_maps_both_ways() {
        for (d, &c) in ALPHABET.iter().enumerate() {
            let d = u8::try_from(d).unwrap();
            assert_eq!(digit_to_char(d), c);
            assert_eq!(char_to_digit(c), (d, 0xFF));
        }
        for c in 0..=255u8 {
            if !ALPHABET.contains(&c) {
                assert_eq!(char_to_digit(c).1, 0, "{c}");
            }
        }
    }

    #[test]
    fn ripple_alphabet_maps_both_ways() {
        for (d, &c) in Alphabet::RIPPLE.iter().enumerate() {
            let d = u8::try_from(d).unwrap();
            assert_eq!(Alphabet::Ripple.char_of(d), c);
            assert_eq!(Alphabet::Ripple.digit_of(c), (d, 0xFF));
        }
        for c in 0..=255u8 {
            if !Alphabet::RIPPLE.contains(&c) {
                assert_eq!(Alphabet::Ripple.digit_of(c).1, 0, "{c}");
            }
        }
        // The same digits in both alphabets: a permutation of the characters.
        let payload = [0u8, 1, 2, 3, 250, 251, 252, 253, 254, 255];
        let mut btc = [0u8; 40];
        let mut xrp = [0u8; 40];
        let n = encode_check_in(&payload, Alphabet::Bitcoin, &mut btc).unwrap();
        let m = encode_check_in(&payload, Alphabet::Ripple, &mut xrp).unwrap();
        assert_eq!(n, m);
        for (&b, &x) in btc[..n].iter().zip(&xrp[..m]) {
            let (digit, valid) = char_to_digit(b);
            assert_eq!(valid, 0xFF);
            assert_eq!(Alphabet::RIPPLE[usize::from(digit)], x);
        }
        let back = decode_check_any_in(&xrp[..m], Alphabet::Ripple, 0).unwrap();
        assert_eq!(back.payload(), &payload[..]);
        assert_eq!(
            decode_check_any_in(&btc[..n], Alphabet::Ripple, 0).err(),
            Some(Error::BadChecksum)
        );
        assert_eq!(
            encode_check_in(&[0u8; 79], Alphabet::Bitcoin, &mut [0u8; 200]),
            Err(Error::InvalidLength {
                len: 79,
                expected: 78
            })
        );
    }

    #[test]
    fn checksum_matches_sha256d() {
        use sha2::Digest;
        for len in 0..=MAX_TEXT {
            let data: Vec<u8> = (0..len).map(|i| u8::try_from(i % 251).unwrap()).collect();
            let full = sha2::Sha256::digest(sha2::Sha256::digest(&data));
            assert_eq!(checksum(&data)[..], full[..4], "len {len}");
        }
    }

    fn payload_strategy() -> impl Strategy<Value = [u8; PAYLOAD]> {
        (
            proptest::array::uniform32(any::<u8>()),
            0usize..80,
            any::<[u8; 4]>(),
        )
            .prop_map(|(random, zeros, head)| {
                let mut p = [0u8; PAYLOAD];
                for (i, b) in p.iter_mut().enumerate() {
                    *b = random[i % 32] ^ u8::try_from(i).unwrap();
                }
                p[..4].copy_from_slice(&head);
                let zeros = zeros.min(PAYLOAD);
                p[..zeros].fill(0);
                p
            })
    }

    proptest! {
        #[test]
        fn encode_matches_bs58(payload in payload_strategy()) {
            let mut ours = [0u8; MAX_ENCODED_LEN];
            let len = encode_check(&payload, &mut ours).unwrap();
            let mut theirs = [0u8; 200];
            let n = bs58::encode(payload).with_check().onto(&mut theirs[..]).unwrap();
            prop_assert_eq!(&ours[..len], &theirs[..n]);
            let back = decode_check(&ours[..len]).unwrap();
            prop_assert_eq!(&back[..], &payload[..]);
        }

        #[test]
        fn decode_matches_bs58(data in proptest::collection::vec(any::<u8>(), 0..100),
                               zeros in 0usize..4) {
            let mut data = data;
            data.splice(0..0, core::iter::repeat_n(0, zeros));
            let mut text = [0u8; 200];
            let n = bs58::encode(&data).with_check().onto(&mut text[..]).unwrap();
            let ours = decode_check(&text[..n]);
            if data.len() == PAYLOAD {
                prop_assert_eq!(&ours.unwrap()[..], &data[..]);
            } else {
                prop_assert_eq!(ours.err(), Some(Error::InvalidLength { len: data.len(), expected: 78 }));
            }
        }

        #[test]
        fn other_lengths_match_bs58(random in proptest::array::uniform32(any::<u8>()),
                                    zeros in 0usize..36) {
            // WIF (34 bytes), P2PKH/P2SH (21), Solana (32, no checksum), with leading zeros.
            let mut p34 = [0u8; 34];
            for (i, b) in p34.iter_mut().enumerate() {
                *b = random[i % 32] ^ u8::try_from(i).unwrap();
            }
            p34[..zeros.min(34)].fill(0);
            let mut p21 = [0u8; 21];
            p21.copy_from_slice(&p34[..21]);
            let mut p32 = [0u8; 32];
            p32.copy_from_slice(&p34[..32]);

            let mut ours = [0u8; 64];
            let mut theirs = [0u8; 64];
            let len = encode_check(&p34, &mut ours).unwrap();
            let n = bs58::encode(p34).with_check().onto(&mut theirs[..]).unwrap();
            prop_assert_eq!(&ours[..len], &theirs[..n]);
            prop_assert_eq!(decode_check_array::<34>(&ours[..len]).unwrap(), Zeroizing::new(p34));

            let len = encode_check(&p21, &mut ours).unwrap();
            let n = bs58::encode(p21).with_check().onto(&mut theirs[..]).unwrap();
            prop_assert_eq!(&ours[..len], &theirs[..n]);
            let back = decode_check_any(&ours[..len], 0).unwrap();
            prop_assert_eq!(back.payload(), &p21[..]);

            let len = encode(&p32, &mut ours).unwrap();
            let n = bs58::encode(p32).onto(&mut theirs[..]).unwrap();
            prop_assert_eq!(&ours[..len], &theirs[..n]);
        }

        #[test]
        fn decode_any_length_matches_bs58(data in proptest::collection::vec(any::<u8>(), 0..79),
                                          zeros in 0usize..4) {
            let mut data = data;
            data.splice(0..0, core::iter::repeat_n(0, zeros));
            let mut text = [0u8; 200];
            let n = bs58::encode(&data).with_check().onto(&mut text[..]).unwrap();
            let decoded = decode_check_any(&text[..n], 0).unwrap();
            prop_assert_eq!(decoded.payload(), &data[..]);
        }

        #[test]
        fn any_text_never_panics(text in "[1-9A-HJ-NP-Za-km-z]{0,200}") {
            let _ = decode_check(text.as_bytes());
        }
    }

    #[test]
    fn short_buffer() {
        let payload = [4u8; PAYLOAD];
        let mut buf = [0u8; 100];
        assert_eq!(
            encode_check(&payload, &mut buf),
            Err(Error::BufferTooSmall { needed: 111 })
        );
    }

    #[test]
    fn every_length_up_to_82_matches_bs58() {
        // Each length the encoder accepts, all 0xFF (the longest text) and all zero.
        fn check<const N: usize>() {
            for fill in [0u8, 0xff, 0x5a] {
                let payload = [fill; N];
                let mut ours = [0u8; 120];
                let mut theirs = [0u8; 120];
                let len = encode(&payload, &mut ours).unwrap();
                let n = bs58::encode(payload).onto(&mut theirs[..]).unwrap();
                assert_eq!(&ours[..len], &theirs[..n], "{N} bytes of {fill:#x}");
            }
        }
        check::<0>();
        check::<1>();
        check::<4>();
        check::<20>();
        check::<21>();
        check::<25>();
        check::<32>();
        check::<33>();
        check::<34>();
        check::<38>();
        check::<57>();
        check::<78>();
        check::<81>();
        check::<82>();
    }

    #[test]
    fn edge_lengths() {
        assert_eq!(
            decode_check(b""),
            Err(Error::InvalidLength {
                len: 0,
                expected: 78
            })
        );
        assert_eq!(
            decode_check(b"1"),
            Err(Error::InvalidLength {
                len: 0,
                expected: 78
            })
        );
        assert_eq!(decode_check(b"0"), Err(Error::InvalidBase58));
        let long = [b'z'; 300];
        assert!(matches!(
            decode_check(&long),
            Err(Error::InvalidLength { len, .. }) if len > 200
        ));
        let mut long = [b'z'; 300];
        long[299] = b'l';
        assert_eq!(decode_check(&long), Err(Error::InvalidBase58));
        // All zero bytes: 82 '1's.
        let ones = [b'1'; 82];
        assert_eq!(decode_check(&ones), Err(Error::BadChecksum));
    }
}
