//! Electrum's own seed phrases ("version 2" seeds, Electrum 2.0 and later): the seed kind a
//! phrase carries, its BIP-32 seed, and the derivation paths of Electrum's standard and
//! segwit wallets.
//!
//! An Electrum phrase has no checksum word. Its kind is read from a hash instead: the
//! HMAC-SHA512, keyed with the ASCII text `Seed version`, of the normalised phrase (UTF-8),
//! written in lowercase hexadecimal, starts with the kind's prefix: `01` standard, `100`
//! segwit, `101` two-factor, `102` two-factor segwit ([`ElectrumSeedKind`]). A phrase with
//! none of them is no Electrum v2 seed (Electrum's older "v1" seeds are not covered here).
//!
//! The seed is PBKDF2-HMAC-SHA512 of the normalised phrase, salt `electrum` followed by the
//! normalised passphrase, 2048 iterations, 64 bytes ([`seed`]); it is a BIP-32 seed
//! (master key under "Bitcoin seed").
//!
//! **Normalisation** ([`normalize`]), as Electrum defines it, in this order: Unicode NFKD;
//! lowercase; characters of a nonzero canonical combining class (accents) dropped; runs of
//! whitespace made one space and leading and trailing whitespace dropped; then a space whose
//! neighbours are both CJK characters (ideographs, kana, hangul, bopomofo, Yi, Lisu, Miao,
//! the half- and full-width forms: [`is_cjk`]) dropped. Lowercasing is per character: a
//! capital sigma ends a word as `σ`, not `ς` (no word list holds Greek).
//!
//! # Security
//!
//! The phrase and passphrase are secrets. The normalisation branches on and looks up each
//! character (NFKD, case and combining-class tables, the CJK ranges), as every BIP-39 and
//! Electrum implementation does; [`seed_kind`] compares the hash's leading digits, which are
//! a function of the phrase. PBKDF2 and HMAC are the crate's constant-time code. The
//! normalised texts are held in buffers sized exactly before they are written and wiped on
//! drop.

use alloc::string::String;

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::UnicodeNormalization;
use zeroize::Zeroizing;

use crate::hash::pbkdf2::{pbkdf2_blocks, Pbkdf2Block};
use crate::hash::HmacSha512;
use crate::secret::SecretBytes;

/// The HMAC key of the version check.
const VERSION_KEY: &[u8] = b"Seed version";

/// The start of every seed's salt; the normalised passphrase follows.
const SALT_PREFIX: &[u8] = b"electrum";

/// PBKDF2 iterations of an Electrum seed.
pub(crate) const ROUNDS: u32 = 2048;

/// The kind of wallet an Electrum v2 phrase was made for, named by the hexadecimal prefix of
/// its version hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElectrumSeedKind {
    /// Prefix `01`: a standard (P2PKH) wallet.
    Standard,
    /// Prefix `100`: a native segwit (P2WPKH) wallet.
    Segwit,
    /// Prefix `101`: a two-factor (2-of-3 P2SH with a `TrustedCoin` server key) wallet.
    TwoFactor,
    /// Prefix `102`: a two-factor segwit (2-of-3 P2WSH) wallet.
    TwoFactorSegwit,
}

impl ElectrumSeedKind {
    /// Every kind, in the order of their prefixes.
    pub const ALL: [Self; 4] = [
        Self::Standard,
        Self::Segwit,
        Self::TwoFactor,
        Self::TwoFactorSegwit,
    ];

    /// The hexadecimal prefix of the version hash.
    pub const fn prefix(self) -> &'static str {
        match self {
            Self::Standard => "01",
            Self::Segwit => "100",
            Self::TwoFactor => "101",
            Self::TwoFactorSegwit => "102",
        }
    }

    /// The derivation pattern of the wallet's receive (`change` false) or change addresses,
    /// one address per `*`: `m/0/*` and `m/1/*` (P2PKH) for a standard wallet, `m/0'/0/*` and
    /// `m/0'/1/*` (P2WPKH) for a segwit wallet. `None` for the two-factor kinds, whose
    /// addresses are multisig with a server's key and are not derived from the seed alone.
    pub const fn address_pattern(self, change: bool) -> Option<&'static str> {
        match (self, change) {
            (Self::Standard, false) => Some("m/0/*"),
            (Self::Standard, true) => Some("m/1/*"),
            (Self::Segwit, false) => Some("m/0'/0/*"),
            (Self::Segwit, true) => Some("m/0'/1/*"),
            (Self::TwoFactor | Self::TwoFactorSegwit, _) => None,
        }
    }

    /// The name Electrum gives the kind: `standard`, `segwit`, `2fa`, `2fa_segwit`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Standard => "standard",
            Self::Segwit => "segwit",
            Self::TwoFactor => "2fa",
            Self::TwoFactorSegwit => "2fa_segwit",
        }
    }
}

/// The Unicode ranges Electrum counts as CJK, as `(first, last)` code points.
const CJK: [(u32, u32); 29] = [
    (0x1100, 0x11FF),   // Hangul Jamo
    (0x2E80, 0x2EFF),   // CJK Radicals Supplement
    (0x2F00, 0x2FDF),   // Kangxi Radicals
    (0x2FF0, 0x2FFF),   // Ideographic Description Characters
    (0x3040, 0x309F),   // Hiragana
    (0x30A0, 0x30FF),   // Katakana
    (0x3100, 0x312F),   // Bopomofo
    (0x3130, 0x318F),   // Hangul Compatibility Jamo
    (0x3190, 0x319F),   // Kanbun
    (0x31A0, 0x31BF),   // Bopomofo Extended
    (0x31C0, 0x31EF),   // CJK Strokes
    (0x31F0, 0x31FF),   // Katakana Phonetic Extensions
    (0x3400, 0x4DBF),   // CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),   // CJK Unified Ideographs
    (0xA000, 0xA48F),   // Yi Syllables
    (0xA490, 0xA4CF),   // Yi Radicals
    (0xA4D0, 0xA4FF),   // Lisu
    (0xA960, 0xA97F),   // Hangul Jamo Extended-A
    (0xAC00, 0xD7AF),   // Hangul Syllables
    (0xD7B0, 0xD7FF),   // Hangul Jamo Extended-B
    (0xF900, 0xFAFF),   // CJK Compatibility Ideographs
    (0xFF00, 0xFFEF),   // Halfwidth and Fullwidth Forms
    (0x16F00, 0x16F9F), // Miao
    (0x1B000, 0x1B0FF), // Kana Supplement
    (0x20000, 0x2A6DF), // CJK Unified Ideographs Extension B
    (0x2A700, 0x2B73F), // CJK Unified Ideographs Extension C
    (0x2B740, 0x2B81F), // CJK Unified Ideographs Extension D
    (0x2F800, 0x2FA1D), // CJK Compatibility Ideographs Supplement
    (0xE0100, 0xE01EF), // Variation Selectors Supplement
];

/// Whether Electrum's normalisation counts `c` as CJK (see the [module docs](self)).
pub fn is_cjk(c: char) -> bool {
    let c = u32::from(c);
    CJK.iter().any(|&(first, last)| (first..=last).contains(&c))
}

/// Whitespace as Python's `str.split()` reads it: Unicode `White_Space` and the four
/// information separators U+001C to U+001F.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The characters of `text` after NFKD, lowercasing and dropping combining marks.
fn folded(text: &str) -> impl Iterator<Item = char> + '_ {
    text.nfkd()
        .flat_map(char::to_lowercase)
        .filter(|&c| canonical_combining_class(c) == 0)
}

/// Calls `emit` with each character of the normalised text (see [`normalize`]): spaces
/// collapsed and trimmed, and a space between two CJK characters dropped.
fn for_each_normalized(text: &str, mut emit: impl FnMut(char)) {
    let mut previous: Option<char> = None;
    let mut pending_space = false;
    for c in folded(text) {
        if is_space(c) {
            pending_space = previous.is_some();
            continue;
        }
        if pending_space && !(previous.is_some_and(is_cjk) && is_cjk(c)) {
            emit(' ');
        }
        pending_space = false;
        previous = Some(c);
        emit(c);
    }
}

/// `text` normalised as Electrum normalises phrases and passphrases (see the
/// [module docs](self)), in a buffer sized exactly before it is written and wiped on drop.
///
/// # Security
///
/// Variable-time in `text` (table lookups per character).
pub fn normalize(text: &str) -> Zeroizing<String> {
    let mut len = 0;
    for_each_normalized(text, |c| len += c.len_utf8());
    let mut out = Zeroizing::new(String::with_capacity(len));
    for_each_normalized(text, |c| out.push(c));
    out
}

/// The kind of Electrum v2 seed `phrase` is, or `None` if its version hash has none of the
/// four prefixes. As Electrum does, a phrase with the two-factor prefix counts as one only
/// with 12 words or 20 or more (older two-factor phrases of other lengths mean nothing).
///
/// # Security
///
/// Variable-time in the phrase: the normalisation, and the comparison of the version hash's
/// leading digits.
pub fn seed_kind(phrase: &str) -> Option<ElectrumSeedKind> {
    let text = normalize(phrase);
    let mac = HmacSha512::new(VERSION_KEY).mac(&[text.as_bytes()]);
    let [first, second, ..] = *mac.expose();
    // The prefixes are two or three hexadecimal digits: the first 12 bits.
    let digits = [first >> 4, first & 0xf, second >> 4];
    let words = text.split(' ').filter(|w| !w.is_empty()).count();
    ElectrumSeedKind::ALL.into_iter().find(|kind| {
        let prefix = kind.prefix().as_bytes();
        let matches = prefix
            .iter()
            .zip(digits)
            .all(|(&p, d)| p.wrapping_sub(b'0') == d);
        let two_factor_length =
            !matches!(kind, ElectrumSeedKind::TwoFactor) || words == 12 || words >= 20;
        matches && two_factor_length
    })
}

/// The BIP-32 seed of an Electrum v2 phrase and passphrase (the empty text for none):
/// PBKDF2-HMAC-SHA512 of the normalised phrase with the salt `electrum` and the normalised
/// passphrase, 2048 iterations. The phrase's kind is not checked (see [`seed_kind`]).
///
/// # Security
///
/// The normalisation is variable-time in both texts; the key derivation is constant-time.
pub fn seed(phrase: &str, passphrase: &str) -> SecretBytes<[u8; 64]> {
    let phrase = normalize(phrase);
    let passphrase = normalize(passphrase);
    let key = HmacSha512::new(phrase.as_bytes());
    let mut seed = [SecretBytes::zero()];
    pbkdf2_blocks(&[pbkdf2_block(&key, &passphrase)], ROUNDS, &mut seed);
    let [seed] = seed;
    seed
}

/// The one PBKDF2 block of an Electrum seed: the keyed states of the normalised phrase,
/// the salt `electrum` followed by the normalised passphrase, index 1; run with [`ROUNDS`].
pub(crate) const fn pbkdf2_block<'a>(
    phrase: &'a HmacSha512,
    normalized_passphrase: &'a str,
) -> Pbkdf2Block<'a> {
    Pbkdf2Block {
        password: phrase,
        salt: [SALT_PREFIX, normalized_passphrase.as_bytes()],
        index: 1,
    }
}
