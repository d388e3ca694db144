//! `fastbip32 convert XKEY --to NAME`: an extended key re-encoded in another version family
//! (`zpub` → `xpub`, …); a private key goes to the private twin of the family.

use core::fmt;

use clap::Args;
use fastbip32::{ExtendedKey, Version};
use zeroize::Zeroize;

use crate::curve::{CliScheme, Curve, SchemeVisitor, TextBuf, TextCurve};
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options::RecordOutput;
use crate::record::{Output, Record, Style, Value};
use crate::xkey::cip5_prefix_of;

/// The options of `convert`. The key is wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct ConvertArgs {
    /// The extended key (xprv/xpub, tprv/tpub or a SLIP-132 form); `-` reads it from
    /// standard input (better for a private key).
    #[arg(value_name = "XKEY|-")]
    xkey: String,

    /// The family to write: xpub, ypub, zpub, Ypub, Zpub, tpub, upub, vpub, Upub or Vpub (or
    /// a private name such as zprv, for a private key). A private key is written in the
    /// family's private version (zprv for --to zpub).
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    to: Version,

    /// Read the key as secp256k1 (the default) or NIST P-256 (same layout and versions).
    #[arg(long, value_enum)]
    curve: Option<TextCurve>,

    /// Print one JSON object on one line, with `xkey` and `version_name`.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    output: RecordOutput,
}

impl Drop for ConvertArgs {
    fn drop(&mut self) {
        self.xkey.zeroize();
    }
}

impl fmt::Debug for ConvertArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConvertArgs")
            .field("xkey", &"..")
            .field("to", &self.to)
            .field("curve", &self.curve)
            .field("json", &self.json)
            .field("output", &self.output)
            .finish()
    }
}

/// `--to`'s parser: a public name, or the private twin of one (every known version).
fn parse_name(text: &str) -> Result<Version, String> {
    Version::from_name(text).ok_or_else(|| {
        format!(
            "not a version name; one of {}",
            Version::PUBLIC_NAMES.join(", ")
        )
    })
}

/// The fields of `convert` records, in their order.
const CONVERT_FIELDS: &[&str] = &["xkey", "version_name"];

/// Runs `convert`.
///
/// # Errors
/// A usage error for invalid key text, a CIP-5 key, or a private version name for a public
/// key; a failure when the output cannot be written.
pub(crate) fn run(args: &ConvertArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let text = input::arg_or_stdin(&args.xkey, io.stdin, "XKEY")?;
    if let Some(prefix) = cip5_prefix_of(&text) {
        return Err(CliError::Usage(format!(
            "XKEY is a CIP-5 Cardano key ({prefix}…): CIP-5 keys have no version family to convert"
        )));
    }
    Curve::from(args.curve.unwrap_or_default()).visit(Convert {
        text: &text,
        from_argv: args.xkey != STDIN_MARKER,
        to: args.to,
        style: args.output.style(args.json, CONVERT_FIELDS)?,
        io,
    })
}

/// A `convert` run, checked, for [`Curve::visit`].
struct Convert<'a, 'io> {
    text: &'a str,
    from_argv: bool,
    to: Version,
    style: Style,
    io: &'a mut Io<'io>,
}

impl SchemeVisitor for Convert<'_, '_> {
    type Output = Result<(), CliError>;

    fn visit<S: CliScheme>(self) -> Self::Output {
        convert::<S>(self.text, self.from_argv, self.to, &self.style, self.io)
    }
}

/// Parses `text` with scheme `S`, writes it in the family of `to` and prints the record.
///
/// # Errors
/// As [`run`].
fn convert<S: CliScheme>(
    text: &str,
    from_argv: bool,
    to: Version,
    style: &Style,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let key = S::parse_extended_key(text, "invalid extended key")?;
    let pair = to
        .pair()
        .ok_or_else(|| CliError::Usage(format!("--to: unknown version {to}")))?;
    let mut buf = TextBuf::new();
    let role = fastbip32::cardano::Role::Other;
    let (written, version, secret) = match key {
        ExtendedKey::Private(key) => {
            if from_argv {
                io.notes.argv_secret(ArgvSecret::ConvertXprv);
            }
            let key = key.with_version_pair(pair);
            let text = S::encode_private_text(&key, role, &mut buf.0)?;
            (text, pair.private(), true)
        }
        ExtendedKey::Public(key) => {
            if to.is_private() {
                return Err(CliError::Usage(format!(
                    "--to {}: the key is an extended public key; it has no private version (use --to {})",
                    to.name().unwrap_or_default(),
                    pair.public().name().unwrap_or_default()
                )));
            }
            let key = key.with_version_pair(pair);
            (
                S::encode_public_text(&key, role, &mut buf.0)?,
                pair.public(),
                false,
            )
        }
    };
    let written = written
        .ok_or_else(|| CliError::Failure("this curve has no extended key text".to_owned()))?;
    let mut record = Record::new();
    record.push(
        "xkey",
        Value::Text {
            text: written,
            secret,
        },
    );
    record.push(
        "version_name",
        Value::text(version.name().unwrap_or_default()),
    );
    let mut out = Output::new(style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}
