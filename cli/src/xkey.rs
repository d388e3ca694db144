//! Which curve an extended key's text is read on: CIP-5 text (`root_xsk1…`) on the Cardano
//! curves, BIP-32 text on secp256k1 or nist256p1.

use fastbip32::cardano::{Cip5Prefix, Role};

use crate::curve::Curve;
use crate::error::CliError;

/// The curve of an `--xkey` with `text`, and where a Cardano key sits: a CIP-5 key
/// (`root_xsk1…`, `acct_xvk1…`, `xprv1…`) is read on the Cardano curves (ed25519-bip32 by
/// default), BIP-32 text on secp256k1 (the default) or nist256p1.
///
/// # Errors
/// A usage error for a curve the text does not fit.
pub(crate) fn xkey_curve(curve: Option<Curve>, text: &str) -> Result<(Curve, Role), CliError> {
    if let Some(prefix) = cip5_prefix_of(text) {
        let curve = curve.unwrap_or(Curve::Ed25519Bip32);
        if !curve.is_cardano() {
            return Err(CliError::Usage(format!(
                "--xkey is a CIP-5 Cardano key ({prefix}…): give --curve ed25519-bip32, cardano-icarus or cardano-icarus-trezor, not {}",
                curve.name()
            )));
        }
        return Ok((curve, Role::of_prefix(prefix)));
    }
    let curve = curve.unwrap_or_default();
    check_xkey_curve(curve)?;
    Ok((curve, Role::Other))
}

/// The CIP-5 prefix `text` starts with (followed by bech32's `1`), if any. BIP-32 text never
/// does: after `xprv`/`xpub` its fifth character is never `1`.
pub(crate) fn cip5_prefix_of(text: &str) -> Option<Cip5Prefix> {
    let lower = text.get(..text.find('1')?)?;
    Cip5Prefix::ALL
        .into_iter()
        .find(|p| p.as_str().eq_ignore_ascii_case(lower))
}

/// The usage error of `--xkey` with a curve that has no text form for it.
///
/// # Errors
/// That error.
fn check_xkey_curve(curve: Curve) -> Result<(), CliError> {
    if curve.has_bip32_text() {
        Ok(())
    } else if curve.is_cardano() {
        Err(CliError::Usage(format!(
            "--xkey for {} is a CIP-5 key (root_xsk1…, acct_xvk1…, xprv1…, …), not BIP-32 text",
            curve.name()
        )))
    } else {
        Err(CliError::Usage(format!(
            "--xkey needs --curve secp256k1, nist256p1 or a Cardano curve ({} keys have no extended key text)",
            curve.name()
        )))
    }
}
