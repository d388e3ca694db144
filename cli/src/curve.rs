//! `--curve`: the [`Curve`] value, the per-scheme output rules ([`CliScheme`]) and the
//! dispatch from a runtime value to code generic over the scheme ([`SchemeVisitor`]).
//!
//! Adding a scheme: a variant here, an arm in [`Curve::visit`] and [`Curve::default_path`],
//! and a [`CliScheme`] impl. Adding an operation: a [`SchemeVisitor`].

use clap::ValueEnum;
use fastbip32::{
    Curve25519, Ed25519, ExtendedPrivateKey, NistP256, Scheme, Secp256k1, Version, ENCODED_LEN,
};
use zeroize::Zeroizing;

use crate::error::CliError;

/// The `--curve` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Curve {
    /// BIP-32 over secp256k1.
    #[default]
    #[value(name = "secp256k1")]
    Secp256k1,
    /// SLIP-10 over NIST P-256.
    #[value(name = "nist256p1")]
    Nist256p1,
    /// SLIP-10 ed25519 (hardened derivation only).
    #[value(name = "ed25519")]
    Ed25519,
    /// SLIP-10 curve25519 (hardened derivation only).
    #[value(name = "curve25519")]
    Curve25519,
}

impl Curve {
    /// The path `derive` uses without `--path`: BIP-44's first receive address, with every
    /// level hardened for the hardened-only schemes.
    pub(crate) const fn default_path(self) -> &'static str {
        match self {
            Self::Secp256k1 | Self::Nist256p1 => "m/44'/0'/0'/0/0",
            Self::Ed25519 | Self::Curve25519 => "m/44'/0'/0'/0'/0'",
        }
    }

    /// Runs `visitor` with this curve's scheme type.
    pub(crate) fn visit<V: SchemeVisitor>(self, visitor: V) -> V::Output {
        match self {
            Self::Secp256k1 => visitor.visit::<Secp256k1>(),
            Self::Nist256p1 => visitor.visit::<NistP256>(),
            Self::Ed25519 => visitor.visit::<Ed25519>(),
            Self::Curve25519 => visitor.visit::<Curve25519>(),
        }
    }
}

/// An operation written once over the scheme, run for a runtime [`Curve`] by [`Curve::visit`].
pub(crate) trait SchemeVisitor {
    /// What the operation returns.
    type Output;
    /// Runs the operation with scheme `S`.
    fn visit<S: CliScheme>(self) -> Self::Output;
}

/// How the tool prints a scheme's keys, on top of what the library provides.
pub(crate) trait CliScheme: Scheme {
    /// Bytes printed before the library's public key, so that `public_key` is SLIP-10's
    /// 33-byte form for every SLIP-10 curve (`00 ‖ key` for ed25519 and curve25519) and the
    /// fingerprint is the first 4 bytes of HASH160 of what is printed.
    const PUBLIC_KEY_PREFIX: &'static [u8];

    /// The `xprv…` and `xpub…` text (mainnet versions) for the schemes that have a standard
    /// one; `None` for the others.
    ///
    /// # Errors
    /// A failure if the library cannot encode the key.
    fn extended_key_text(
        key: &ExtendedPrivateKey<Self>,
    ) -> Result<Option<(Zeroizing<String>, String)>, CliError>;
}

impl CliScheme for Secp256k1 {
    const PUBLIC_KEY_PREFIX: &'static [u8] = &[];

    fn extended_key_text(
        key: &ExtendedPrivateKey<Self>,
    ) -> Result<Option<(Zeroizing<String>, String)>, CliError> {
        let mut buf = Zeroizing::new([0u8; ENCODED_LEN]);
        let xprv = key
            .encode_xprv(Version::XPRV, &mut buf[..])
            .map_err(|e| CliError::library("cannot encode the xprv", e))?;
        let mut xprv_text = Zeroizing::new(String::with_capacity(xprv.len()));
        xprv_text.push_str(xprv);
        let mut pub_buf = [0u8; ENCODED_LEN];
        let xpub = key
            .encode_xpub(Version::XPUB, &mut pub_buf)
            .map_err(|e| CliError::library("cannot encode the xpub", e))?;
        Ok(Some((xprv_text, xpub.to_owned())))
    }
}

/// SLIP-10 defines no text form for NIST P-256 keys and no version bytes are registered for it,
/// so none is printed (the library could encode one with Bitcoin's versions, which would be
/// mistaken for a secp256k1 key).
impl CliScheme for NistP256 {
    const PUBLIC_KEY_PREFIX: &'static [u8] = &[];

    fn extended_key_text(
        _key: &ExtendedPrivateKey<Self>,
    ) -> Result<Option<(Zeroizing<String>, String)>, CliError> {
        Ok(None)
    }
}

impl CliScheme for Ed25519 {
    const PUBLIC_KEY_PREFIX: &'static [u8] = &[0x00];

    fn extended_key_text(
        _key: &ExtendedPrivateKey<Self>,
    ) -> Result<Option<(Zeroizing<String>, String)>, CliError> {
        Ok(None)
    }
}

impl CliScheme for Curve25519 {
    const PUBLIC_KEY_PREFIX: &'static [u8] = &[0x00];

    fn extended_key_text(
        _key: &ExtendedPrivateKey<Self>,
    ) -> Result<Option<(Zeroizing<String>, String)>, CliError> {
        Ok(None)
    }
}
