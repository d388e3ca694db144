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
use crate::record::{cip5_record, inspect_record, Output, Scratch, Style, Value};
use crate::xkey::cip5_prefix_of;

/// The options of `inspect`. The key is wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct InspectArgs {
    /// The extended key: xprv/xpub, tprv/tpub, a SLIP-132 form (yprv, zpub, Ypub, …) or a
    /// CIP-5 Cardano key (`root_xsk1…`, `acct_xvk1…`, `xprv1…`); or a WIF private key (51 or
    /// 52 characters: its network, compression and public key); `-` reads it from standard
    /// input (better for a private key).
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

    /// For a WIF private key: add an `address` field of this kind (p2pkh, p2sh-p2wpkh,
    /// p2wpkh, p2tr or ethereum; p2pkh of the 65-byte key or ethereum for an uncompressed
    /// key), on the WIF's
    /// network (mainnet, or testnet for test-network WIF).
    #[arg(long, value_name = "KIND", value_parser = crate::options::parse_kind)]
    address: Option<fastbip32::address::AddressKind>,

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
            .field("address", &self.address)
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
    "compressed",
    "address",
];

/// Runs `inspect`.
///
/// # Errors
/// A usage error for invalid key text (naming the reason); a failure when the output cannot
/// be written.
pub(crate) fn run(args: &InspectArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let text = input::arg_or_stdin(&args.xkey, io.stdin, "XKEY")?;
    let cip5 = cip5_prefix_of(&text);
    let style = args.output.style(args.json, INSPECT_FIELDS)?;
    if cip5.is_none() && matches!(text.len(), 51 | 52) {
        if args.curve.is_some() {
            return Err(CliError::Usage(
                "XKEY is a WIF private key (secp256k1): leave out --curve".to_owned(),
            ));
        }
        return show_wif(&text, args.xkey != STDIN_MARKER, args.address, &style, io);
    }
    if args.address.is_some() {
        return Err(CliError::Usage(
            "--address is for a WIF private key; for an extended key use `fastbip32 derive --xkey KEY --path m --address KIND`".to_owned(),
        ));
    }
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
        style,
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

/// Prints the record of a WIF private key: `kind` (`wif`), `network` (`mainnet`, or `test`
/// for testnet, signet and regtest, which share the version byte), `compressed`, the
/// public key (33 bytes compressed, or 65 uncompressed) and, with `address`, its address.
/// Notes a key given on the command line (`from_argv`).
///
/// # Errors
/// A usage error naming why the text is not a WIF key, or for an address kind the key
/// cannot have; a failure when the output cannot be written.
fn show_wif(
    text: &str,
    from_argv: bool,
    address: Option<fastbip32::address::AddressKind>,
    style: &Style,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    use fastbip32::address::AddressKind;
    use fastbip32::{ChainCode, ChildNumber, ExtendedPrivateKey, Fingerprint, Network, Secp256k1};

    let (wif, compressed) = fastbip32::wif::decode_any(text)
        .map_err(|e| CliError::Usage(format!("invalid WIF private key: {e}")))?;
    if from_argv {
        io.notes.argv_secret(ArgvSecret::InspectWif);
    }
    let network = if wif.is_test() {
        Network::Testnet
    } else {
        Network::Mainnet
    };
    let key = ExtendedPrivateKey::<Secp256k1>::from_parts(
        wif.secret().expose(),
        ChainCode::from([0; 32]),
        0,
        Fingerprint::from([0; 4]),
        ChildNumber::normal(0).map_err(|e| CliError::library("child number", e))?,
    )
    .map_err(|e| CliError::library("invalid WIF private key", e))?;
    drop(wif);
    let public: [u8; 33] = key.public_key();
    drop(key);
    let uncompressed = fastbip32::address::secp256k1_uncompressed(&public)
        .map_err(|e| CliError::library("invalid public key", e))?;
    let address = match address {
        None => None,
        Some(AddressKind::P2pkh) if !compressed => Some(
            fastbip32::address::bitcoin::p2pkh_uncompressed(&uncompressed, network),
        ),
        Some(kind) if kind.is_bitcoin() && !compressed => {
            return Err(CliError::Usage(format!(
                "--address {kind}: segwit outputs need a compressed key; an uncompressed WIF key has --address p2pkh (of the 65-byte key) or ethereum"
            )));
        }
        Some(kind) if kind.is_bitcoin() || kind == AddressKind::Ethereum => {
            let spec = crate::address_field::AddressSpec::of_kind(
                kind,
                crate::address_field::Networks {
                    bitcoin: network,
                    ..Default::default()
                },
                None,
            );
            Some(crate::address_field::encode(&spec, &public)?)
        }
        Some(kind) => {
            return Err(CliError::Usage(format!(
                "--address {kind} needs an ed25519 key; a WIF key is secp256k1 (p2pkh, p2sh-p2wpkh, p2wpkh, p2tr or ethereum)"
            )));
        }
    };
    let mut record = crate::record::Record::new();
    record.push("kind", Value::text("wif"));
    record.push(
        "network",
        Value::text(if network.is_test() { "test" } else { "mainnet" }),
    );
    record.push("compressed", Value::Bool(compressed));
    if compressed {
        record.push("public_key", Value::hex(&public));
    } else {
        record.push("public_key", Value::hex(&uncompressed));
    }
    if let Some(address) = &address {
        record.push("address", Value::text(address.as_str()));
    }
    let mut out = Output::new(style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}
