//! `fastbip32 inspect`: the fields of an extended key (`xprv…`, `xpub…`, SLIP-132 forms).

use core::fmt;

use clap::Args;
use zeroize::Zeroize;

use crate::curve::{CliScheme, Curve, SchemeVisitor, TextCurve};
use crate::error::CliError;
use crate::input;
use crate::record::{Format, Record};
use crate::Io;

/// The options of `inspect`. The key is wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct InspectArgs {
    /// The extended key: xprv/xpub, tprv/tpub or a SLIP-132 form (yprv, zpub, Ypub, …); `-`
    /// reads it from standard input (better for a private key).
    #[arg(value_name = "XKEY|-")]
    xkey: String,

    /// Read the key as secp256k1 (BIP-32) or as NIST P-256 (SLIP-10, in BIP-32's layout with
    /// the same versions).
    #[arg(long, value_enum, default_value_t = TextCurve::Secp256k1)]
    curve: TextCurve,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    json: bool,
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
            .finish()
    }
}

/// Runs `inspect`.
///
/// # Errors
/// A usage error for invalid key text (naming the reason); a failure when the output cannot
/// be written.
pub(crate) fn run(args: &InspectArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let text = input::arg_or_stdin(&args.xkey, io.stdin, "XKEY")?;
    let record = Curve::from(args.curve).visit(InspectOne { text: &text })?;
    let format = if args.json {
        Format::Json
    } else {
        Format::Text
    };
    let out = record.render(format);
    io.stdout
        .write_all(out.as_bytes())
        .and_then(|()| io.stdout.flush())
        .map_err(|e| CliError::output(&e))
}

/// [`inspect_record`] as a [`SchemeVisitor`].
struct InspectOne<'a> {
    text: &'a str,
}

impl SchemeVisitor for InspectOne<'_> {
    type Output = Result<Record, CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        inspect_record::<S>(self.text)
    }
}

/// Parses `text` as an extended key of scheme `S` and returns its record.
///
/// # Errors
/// A usage error naming the reason the key is invalid.
pub(crate) fn inspect_record<S: CliScheme>(text: &str) -> Result<Record, CliError> {
    let key = S::parse_extended_key(text)
        .map_err(|e| CliError::Usage(format!("invalid extended key: {e}")))?;
    Record::from_extended_key(&key)
}
