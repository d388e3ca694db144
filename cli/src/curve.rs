//! `--curve`: the [`Curve`] value, the per-scheme rules of the tool ([`CliScheme`]) and the
//! dispatch from a runtime value to code generic over the scheme ([`Curve::visit`]).
//!
//! Adding a scheme: a variant here, arms in [`Curve::visit`], [`Curve::name`] and
//! [`Curve::default_path`], and a [`CliScheme`] impl. Adding an operation: an arm in
//! `dispatch::Task`, the one [`SchemeVisitor`] (this module knows no subcommand).

use clap::builder::PossibleValue;
use clap::ValueEnum;
use fastbip32::cardano::{self, XPRV_BECH32_MAX_LEN, XPUB_BECH32_MAX_LEN};
use fastbip32::{
    Bip32Text, Curve25519, CurveName, Ed25519, Ed25519Bip32, Ed25519Blake2b, Error, ExtendedKey,
    ExtendedPrivateKey, ExtendedPublicKey, NistP256, Scheme, Secp256k1, MAX_ENCODED_LEN,
};

use zeroize::Zeroize as _;

use crate::error::CliError;
use crate::seed::{Seed, SeedKind};
use fastbip32::cardano::Role;

/// The `--curve` values of `derive`: the library's [`CurveName`]s, whose table gives their
/// names and aliases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Curve {
    /// BIP-32 over secp256k1.
    #[default]
    Secp256k1,
    /// SLIP-10 over NIST P-256.
    Nist256p1,
    /// SLIP-10 ed25519.
    Ed25519,
    /// SLIP-10 curve25519.
    Curve25519,
    /// SLIP-10 ed25519 with BLAKE2b-512 public keys, Nano's (hardened derivation only).
    Ed25519Blake2b,
    /// BIP32-Ed25519, the Ledger/BitBox02 master key.
    Ed25519Bip32,
    /// BIP32-Ed25519, the Icarus master key.
    CardanoIcarus,
    /// BIP32-Ed25519, Trezor's Icarus master key.
    CardanoIcarusTrezor,
}

impl ValueEnum for Curve {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Self::Secp256k1,
            Self::Nist256p1,
            Self::Ed25519,
            Self::Curve25519,
            Self::Ed25519Blake2b,
            Self::Ed25519Bip32,
            Self::CardanoIcarus,
            Self::CardanoIcarusTrezor,
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Self::Secp256k1 => "BIP-32 over secp256k1",
            Self::Nist256p1 => "SLIP-10 over NIST P-256 (also spelled p256, secp256r1, prime256v1)",
            Self::Ed25519 => "SLIP-10 ed25519 (hardened derivation only)",
            Self::Curve25519 => "SLIP-10 curve25519 (hardened derivation only)",
            Self::Ed25519Blake2b => "SLIP-10 ed25519 with BLAKE2b-512 public keys, Nano's (hardened derivation only)",
            Self::Ed25519Bip32 => "BIP32-Ed25519 (Cardano), master key by the Ledger/BitBox02 method from a BIP-39 seed (also spelled cardano-ledger)",
            Self::CardanoIcarus => "BIP32-Ed25519 (Cardano), master key by the Icarus method from BIP-39 entropy",
            Self::CardanoIcarusTrezor => "BIP32-Ed25519 (Cardano), master key by Trezor's variant of Icarus (which differs for 24 words)",
        };
        let library = self.library();
        Some(
            PossibleValue::new(library.name())
                .aliases(library.aliases().iter().copied())
                .help(help),
        )
    }
}

impl Curve {
    /// The library's name of this curve.
    pub(crate) const fn library(self) -> CurveName {
        match self {
            Self::Secp256k1 => CurveName::Secp256k1,
            Self::Nist256p1 => CurveName::Nist256p1,
            Self::Ed25519 => CurveName::Ed25519,
            Self::Curve25519 => CurveName::Curve25519,
            Self::Ed25519Blake2b => CurveName::Ed25519Blake2b,
            Self::Ed25519Bip32 => CurveName::Ed25519Bip32,
            Self::CardanoIcarus => CurveName::CardanoIcarus,
            Self::CardanoIcarusTrezor => CurveName::CardanoIcarusTrezor,
        }
    }

    /// The name, as `--curve` spells it and the `curve` field prints it.
    pub(crate) const fn name(self) -> &'static str {
        self.library().name()
    }

    /// Whether this is one of the BIP32-Ed25519 (Cardano) curves.
    pub(crate) const fn is_cardano(self) -> bool {
        self.library().is_cardano()
    }

    /// Whether the master key is made by an Icarus method (from BIP-39 entropy and a
    /// passphrase of any bytes).
    pub(crate) const fn is_icarus(self) -> bool {
        self.library().is_icarus()
    }

    /// The path `derive` uses without `--path`: BIP-44's first receive address, with every
    /// level hardened for the hardened-only schemes, and CIP-1852's first payment address for
    /// the Cardano ones.
    pub(crate) const fn default_path(self) -> &'static str {
        match self {
            Self::Secp256k1 | Self::Nist256p1 => "m/44'/0'/0'/0/0",
            Self::Ed25519 | Self::Curve25519 | Self::Ed25519Blake2b => "m/44'/0'/0'/0'/0'",
            Self::Ed25519Bip32 | Self::CardanoIcarus | Self::CardanoIcarusTrezor => {
                "m/1852'/1815'/0'/0/0"
            }
        }
    }

    /// What `--seed` and `--mnemonic` give the master key: a BIP-39 seed, or (Icarus) the
    /// BIP-39 entropy and the passphrase.
    pub(crate) const fn seed_kind(self) -> SeedKind {
        match self {
            Self::CardanoIcarus | Self::CardanoIcarusTrezor => SeedKind::Bip39Entropy,
            Self::Secp256k1
            | Self::Nist256p1
            | Self::Ed25519
            | Self::Curve25519
            | Self::Ed25519Blake2b
            | Self::Ed25519Bip32 => SeedKind::Bip39Seed,
        }
    }

    /// Whether extended keys of this curve have BIP-32's 78-byte text form (`xprv…`), which
    /// `inspect` and `derive --xkey` read.
    pub(crate) const fn has_bip32_text(self) -> bool {
        matches!(self, Self::Secp256k1 | Self::Nist256p1)
    }

    /// Runs `visitor` with this curve's scheme type.
    pub(crate) fn visit<V: SchemeVisitor>(self, visitor: V) -> V::Output {
        match self {
            Self::Secp256k1 => visitor.visit::<Secp256k1>(),
            Self::Nist256p1 => visitor.visit::<NistP256>(),
            Self::Ed25519 => visitor.visit::<Ed25519>(),
            Self::Curve25519 => visitor.visit::<Curve25519>(),
            Self::Ed25519Blake2b => visitor.visit::<Ed25519Blake2b>(),
            Self::Ed25519Bip32 | Self::CardanoIcarus | Self::CardanoIcarusTrezor => {
                visitor.visit::<Ed25519Bip32>()
            }
        }
    }
}

/// The `--curve` values of `inspect`: the curves whose keys have BIP-32's text form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum TextCurve {
    /// BIP-32 over secp256k1.
    #[default]
    Secp256k1,
    /// SLIP-10 over NIST P-256, in BIP-32's layout with the same versions.
    Nist256p1,
}

impl ValueEnum for TextCurve {
    fn value_variants<'a>() -> &'a [Self] {
        &[Self::Secp256k1, Self::Nist256p1]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Self::Secp256k1 => "BIP-32 over secp256k1",
            Self::Nist256p1 => "SLIP-10 over NIST P-256, in BIP-32's layout with the same versions",
        };
        Some(PossibleValue::new(Curve::from(*self).name()).help(help))
    }
}

impl From<TextCurve> for Curve {
    fn from(curve: TextCurve) -> Self {
        match curve {
            TextCurve::Secp256k1 => Self::Secp256k1,
            TextCurve::Nist256p1 => Self::Nist256p1,
        }
    }
}

/// An operation written once over the scheme, run for a runtime [`Curve`] by [`Curve::visit`].
/// Implemented once, by `dispatch::Task`, which holds every operation of the tool.
pub(crate) trait SchemeVisitor {
    /// What the operation returns.
    type Output;
    /// Runs the operation with scheme `S`.
    fn visit<S: CliScheme>(self) -> Self::Output;
}

/// How the tool makes, reads and prints a scheme's keys, on top of what the library provides.
pub(crate) trait CliScheme: Scheme {
    /// Bytes printed before the library's public key, so that `public_key` is SLIP-10's
    /// 33-byte form for every SLIP-10 curve (`00 ‖ key` for ed25519, curve25519 and
    /// ed25519-blake2b) and the
    /// fingerprint is the first 4 bytes of HASH160 of what is printed. Empty for
    /// BIP32-Ed25519, whose `public_key` is the 32-byte `A` (its fingerprint still hashes
    /// `00 ‖ A`).
    const PUBLIC_KEY_PREFIX: &'static [u8];

    /// Whether `derive --seed` prints the `xprv` and `xpub` fields.
    const SEED_KEYS_HAVE_TEXT: bool;

    /// The extended public key of `key`, for the schemes that have one.
    fn to_public(key: &ExtendedPrivateKey<Self>) -> Option<ExtendedPublicKey<Self>>;

    /// The master key of `curve` (one of this scheme's curves) for `seed`.
    ///
    /// # Errors
    /// The library's error for a seed it refuses.
    fn master_for(curve: Curve, seed: &Seed) -> Result<ExtendedPrivateKey<Self>, Error>;

    /// Parses an extended key of either kind from its text, given as `what` (`--xkey`, …).
    ///
    /// # Errors
    /// A usage error with the library's parse error, or for a scheme without a text form
    /// (callers check [`Curve::has_bip32_text`] first).
    fn parse_extended_key(text: &str, what: &str) -> Result<ExtendedKey<Self>, CliError>;

    /// Encodes the text of an extended private key (in the key's own version family) into
    /// `buf` (at least [`TEXT_BUF_LEN`] bytes), or returns `None` for a scheme without one.
    /// The caller wipes `buf` once the text has been used.
    ///
    /// # Errors
    /// A failure if the library cannot encode the key.
    fn encode_private_text<'b>(
        key: &ExtendedPrivateKey<Self>,
        role: Role,
        buf: &'b mut [u8],
    ) -> Result<Option<&'b str>, CliError>;

    /// Encodes the text of an extended public key (in the key's own version family) into
    /// `buf` (at least [`TEXT_BUF_LEN`] bytes), or returns `None` for a scheme without one.
    ///
    /// # Errors
    /// A failure if the library cannot encode the key.
    fn encode_public_text<'b>(
        key: &ExtendedPublicKey<Self>,
        role: Role,
        buf: &'b mut [u8],
    ) -> Result<Option<&'b str>, CliError>;
}

/// The schemes whose extended keys are BIP-32's: the master key of a BIP-39 seed, text in
/// BIP-32's layout read and printed in the key's own version family, and an extended public
/// key. `$seed_text` says whether `derive --seed` prints the master's descendants as text.
macro_rules! bip32_text {
    ($($(#[$doc:meta])* $scheme:ty, seed text: $seed_text:expr;)+) => {$(
        $(#[$doc])*
        impl CliScheme for $scheme {
            const PUBLIC_KEY_PREFIX: &'static [u8] = &[];
            const SEED_KEYS_HAVE_TEXT: bool = $seed_text;

            fn to_public(key: &ExtendedPrivateKey<Self>) -> Option<ExtendedPublicKey<Self>> {
                Some(key.to_xpub())
            }

            fn master_for(_: Curve, seed: &Seed) -> Result<ExtendedPrivateKey<Self>, Error> {
                ExtendedPrivateKey::from_seed(seed.as_bytes())
            }

            fn parse_extended_key(text: &str, what: &str) -> Result<ExtendedKey<Self>, CliError> {
                text.parse().map_err(|e| key_text_error(what, e))
            }

            fn encode_private_text<'b>(
                key: &ExtendedPrivateKey<Self>,
                _: Role,
                buf: &'b mut [u8],
            ) -> Result<Option<&'b str>, CliError> {
                bip32_private_text(key, buf).map(Some)
            }

            fn encode_public_text<'b>(
                key: &ExtendedPublicKey<Self>,
                _: Role,
                buf: &'b mut [u8],
            ) -> Result<Option<&'b str>, CliError> {
                bip32_public_text(key, buf).map(Some)
            }
        }
    )+};
}

bip32_text! {
    Secp256k1, seed text: true;
    /// SLIP-10 defines no text form for NIST P-256 keys and no version bytes are registered for
    /// it, so `derive --seed` prints none (Bitcoin's versions would be mistaken for a secp256k1
    /// key). Keys the user gives as text (`inspect`, `derive --xkey`) are read in BIP-32's
    /// layout with the same versions, as other tools do, and derived keys are printed in the
    /// same form.
    NistP256, seed text: false;
}

/// The hardened-only SLIP-10 schemes (ed25519, curve25519, ed25519-blake2b): no extended
/// public key, no registered text form for their extended keys, and the SLIP-10 master key
/// of a BIP-39 seed. `public_key` is printed in SLIP-10's 33-byte form, `00 ‖ key`.
macro_rules! hardened_only_slip10 {
    ($($scheme:ty),+) => {$(
        impl CliScheme for $scheme {
            const PUBLIC_KEY_PREFIX: &'static [u8] = &[0x00];
            const SEED_KEYS_HAVE_TEXT: bool = false;

            fn to_public(_: &ExtendedPrivateKey<Self>) -> Option<ExtendedPublicKey<Self>> {
                None
            }

            fn master_for(_: Curve, seed: &Seed) -> Result<ExtendedPrivateKey<Self>, Error> {
                ExtendedPrivateKey::from_seed(seed.as_bytes())
            }

            fn parse_extended_key(_: &str, what: &str) -> Result<ExtendedKey<Self>, CliError> {
                Err(no_key_text::<Self>(what))
            }

            fn encode_private_text<'b>(
                _: &ExtendedPrivateKey<Self>,
                _: Role,
                _: &'b mut [u8],
            ) -> Result<Option<&'b str>, CliError> {
                Ok(None)
            }

            fn encode_public_text<'b>(
                _: &ExtendedPublicKey<Self>,
                _: Role,
                _: &'b mut [u8],
            ) -> Result<Option<&'b str>, CliError> {
                Ok(None)
            }
        }
    )+};
}

hardened_only_slip10!(Ed25519, Curve25519, Ed25519Blake2b);

/// `ed25519-bip32` takes the Ledger/BitBox02 master key of a BIP-39 seed, `cardano-icarus`
/// and `cardano-icarus-trezor` the Icarus ones of BIP-39 entropy and a passphrase (CIP-3).
/// Keys are read and printed as CIP-5 bech32 (`kL ‖ kR ‖ c` and `A ‖ c`), with the prefix
/// of the key's role (`fastbip32::cardano::Role`).
impl CliScheme for Ed25519Bip32 {
    fn to_public(key: &ExtendedPrivateKey<Self>) -> Option<ExtendedPublicKey<Self>> {
        Some(key.to_xpub())
    }

    const PUBLIC_KEY_PREFIX: &'static [u8] = &[];
    const SEED_KEYS_HAVE_TEXT: bool = true;

    fn master_for(curve: Curve, seed: &Seed) -> Result<ExtendedPrivateKey<Self>, Error> {
        match curve {
            Curve::CardanoIcarus => {
                ExtendedPrivateKey::from_icarus(seed.as_bytes(), seed.passphrase())
            }
            Curve::CardanoIcarusTrezor => {
                ExtendedPrivateKey::from_icarus_trezor(seed.as_bytes(), seed.passphrase())
            }
            // The Ledger/BitBox02 master key; the other curves are not this scheme's (`visit`
            // never pairs them with it).
            Curve::Ed25519Bip32
            | Curve::Secp256k1
            | Curve::Nist256p1
            | Curve::Ed25519
            | Curve::Curve25519
            | Curve::Ed25519Blake2b => ExtendedPrivateKey::from_seed(seed.as_bytes()),
        }
    }

    fn parse_extended_key(text: &str, what: &str) -> Result<ExtendedKey<Self>, CliError> {
        let prefix = cardano::cip5_prefix(text).map_err(|e| key_text_error(what, e))?;
        if prefix.is_private() {
            ExtendedPrivateKey::from_bech32(text).map(ExtendedKey::Private)
        } else {
            ExtendedPublicKey::from_bech32(text).map(ExtendedKey::Public)
        }
        .map_err(|e| key_text_error(what, e))
    }

    fn encode_private_text<'b>(
        key: &ExtendedPrivateKey<Self>,
        role: Role,
        buf: &'b mut [u8],
    ) -> Result<Option<&'b str>, CliError> {
        key.encode_bech32(role.private_prefix(), buf)
            .map(Some)
            .map_err(|e| CliError::library("cannot encode the xprv", e))
    }

    fn encode_public_text<'b>(
        key: &ExtendedPublicKey<Self>,
        role: Role,
        buf: &'b mut [u8],
    ) -> Result<Option<&'b str>, CliError> {
        key.encode_bech32(role.public_prefix(), buf)
            .map(Some)
            .map_err(|e| CliError::library("cannot encode the xpub", e))
    }
}

/// The usage error for extended key text given as `what` (`--xkey`, …) to a scheme `S`
/// without a text form.
fn no_key_text<S: Scheme>(what: &str) -> CliError {
    CliError::Usage(format!(
        "{what}: {} keys have no extended key text",
        S::NAME
    ))
}

/// The usage error for extended key text (`what`: `--xkey`, …) the library refuses.
fn key_text_error(what: &str, err: Error) -> CliError {
    match err {
        Error::InvalidLength { len, expected } => CliError::Usage(format!(
            "{what}: extended key is {len} bytes; it must be {expected}"
        )),
        other => CliError::Usage(format!("{what}: {other}")),
    }
}

/// BIP-32 text of a private key in its own version, in `buf`.
fn bip32_private_text<'b, S>(
    key: &ExtendedPrivateKey<S>,
    buf: &'b mut [u8],
) -> Result<&'b str, CliError>
where
    S: Bip32Text,
{
    key.encode(buf)
        .map_err(|e| CliError::library("cannot encode the xprv", e))
}

/// BIP-32 text of a public key in its own version, in `buf`.
fn bip32_public_text<'b, S>(
    key: &ExtendedPublicKey<S>,
    buf: &'b mut [u8],
) -> Result<&'b str, CliError>
where
    S: Bip32Text,
{
    key.encode(buf)
        .map_err(|e| CliError::library("cannot encode the xpub", e))
}

/// The longest extended key text of any scheme: the size of the buffer given to
/// [`CliScheme::encode_private_text`] and [`CliScheme::encode_public_text`].
pub(crate) const TEXT_BUF_LEN: usize = max(
    MAX_ENCODED_LEN,
    max(XPRV_BECH32_MAX_LEN, XPUB_BECH32_MAX_LEN),
);

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// A buffer of [`TEXT_BUF_LEN`] bytes for extended key text (secret for a private key),
/// wiped on drop.
pub(crate) struct TextBuf(pub(crate) [u8; TEXT_BUF_LEN]);

impl TextBuf {
    /// A zeroed buffer.
    pub(crate) const fn new() -> Self {
        Self([0; TEXT_BUF_LEN])
    }
}

impl Drop for TextBuf {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
