//! `fastbip32 inspect`: the fields of an extended key (`xprv…`, `xpub…`, SLIP-132 forms).

use core::fmt;

use clap::Args;
use zeroize::Zeroize;

use crate::curve::{CliScheme, Curve, SchemeVisitor, TextCurve};
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options::RecordOutput;
use crate::record::{cip5_record, inspect_record, Output, Scratch, Style};
use crate::xkey::cip5_prefix_of;

/// The options of `inspect`. The key is wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct InspectArgs {
    /// The extended key: xprv/xpub, tprv/tpub, a SLIP-132 form (yprv, zpub, Ypub, …) or a
    /// CIP-5 Cardano key (`root_xsk1…`, `acct_xvk1…`, `xprv1…`); `-` reads it from standard input
    /// (better for a private key).
    #[arg(value_name = "XKEY|-")]
    xkey: String,

    /// Read the key as secp256k1 (BIP-32) or as NIST P-256 (SLIP-10, in BIP-32's layout with
    /// the same versions).
    ///
    /// P-256 keys reuse the xprv/xpub version bytes (as trezor-crypto and wallet-core write
    /// them), so the text alone cannot tell a P-256 key from a secp256k1 one: --curve
    /// nist256p1 is your explicit word that the key is a P-256 key.
    #[arg(long, value_enum)]
    curve: Option<TextCurve>,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    output: RecordOutput,
}

impl Drop for InspectArgs {
    fn drop(&mut self) {
        self.xkey.zeroize();
    }
}

impl fmt::Debug for InspectArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InspectArgs")
            .field("xkey", &"..")
            .field("curve", &self.curve)
            .field("json", &self.json)
            .field("output", &self.output)
            .finish()
    }
}

/// The fields of `inspect` records, in their order.
const INSPECT_FIELDS: &[&str] = &[
    "kind",
    "version",
    "depth",
    "parent_fingerprint",
    "child_number",
    "chain_code",
    "public_key",
    "fingerprint",
    "private_key",
    "version_name",
    "network",
];

/// Runs `inspect`.
///
/// # Errors
/// A usage error for invalid key text (naming the reason); a failure when the output cannot
/// be written.
pub(crate) fn run(args: &InspectArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let text = input::arg_or_stdin(&args.xkey, io.stdin, "XKEY")?;
    let cip5 = cip5_prefix_of(&text);
    let curve = match (cip5, args.curve) {
        (Some(prefix), Some(curve)) => {
            return Err(CliError::Usage(format!(
                "XKEY is a CIP-5 Cardano key ({prefix}…), not a {} key: leave out --curve",
                Curve::from(curve).name()
            )));
        }
        (Some(_), None) => Curve::Ed25519Bip32,
        (None, curve) => Curve::from(curve.unwrap_or_default()),
    };
    curve.visit(Inspect {
        text: &text,
        from_argv: args.xkey != STDIN_MARKER,
        style: args.output.style(args.json, INSPECT_FIELDS)?,
        cip5: cip5.is_some(),
        io,
    })
}

/// An `inspect` run, checked, for [`Curve::visit`].
struct Inspect<'a, 'io> {
    text: &'a str,
    from_argv: bool,
    style: Style,
    cip5: bool,
    io: &'a mut Io<'io>,
}

impl SchemeVisitor for Inspect<'_, '_> {
    type Output = Result<(), CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        show::<S>(self.text, self.from_argv, &self.style, self.cip5, self.io)
    }
}

/// Parses `text` as an extended key of scheme `S` and prints its record; notes a private
/// key given on the command line (`from_argv`).
///
/// # Errors
/// A usage error naming the reason the key is invalid; a failure when the output cannot be
/// written.
fn show<S: CliScheme>(
    text: &str,
    from_argv: bool,
    style: &Style,
    cip5: bool,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let key = S::parse_extended_key(text, "invalid extended key")?;
    if from_argv && key.is_private() {
        io.notes.argv_secret(ArgvSecret::InspectXprv);
    }
    let version = key.version();
    let mut scratch = Scratch::new();
    let mut out = Output::new(style);
    let record = match cip5_prefix_of(text).filter(|_| cip5) {
        Some(prefix) => cip5_record(&mut scratch, &key, prefix.as_str()),
        None => inspect_record(&mut scratch, &key, &version),
    };
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}
