//! `fastbip32 coins`: the library's coin registry ([`fastbip32::coin::COINS`]), one record
//! per coin.

use clap::Args;
use fastbip32::coin::{AddressFormat, COINS};

use crate::error::CliError;
use crate::io::Io;
use crate::record::{Format, Output, Record, Style, Value};

/// The fields of `coins` records, in their order.
pub(crate) const COINS_FIELDS: &[&str] = &[
    "coin",
    "symbol",
    "name",
    "slip44",
    "curve",
    "address_kinds",
    "default_path",
    "default_path_wallets",
];

/// The fields of the human-readable output (one line per coin).
const LINE_FIELDS: &[&str] = &["coin", "symbol", "slip44", "curve", "default_path"];

/// The options of `coins`.
#[derive(Args, Debug)]
pub(crate) struct CoinsArgs {
    /// Print one JSON object per line: coin (the slug), symbol, name, slip44, curve,
    /// `address_kinds` (the default first), `default_path` (account 0's first receive
    /// address) and `default_path_wallets` (the standard or the wallets whose convention it
    /// is). Without it, one line per coin: coin, symbol, slip44, curve, `default_path`.
    #[arg(long)]
    json: bool,

    /// Print CSV: one header line with the field names, then one line per coin (the address
    /// kinds separated by spaces).
    #[arg(long, conflicts_with = "json")]
    csv: bool,

    /// Print only these fields, in this order (comma-separated names). An unknown name is an
    /// error.
    #[arg(long, value_name = "A,B,…")]
    fields: Option<String>,
}

/// Runs `coins`.
///
/// # Errors
/// A usage error for a bad `--fields`; a failure when the output cannot be written.
pub(crate) fn run(args: &CoinsArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let format = Format::from_flags(args.json, args.csv, false, Format::Line);
    let fields = match (&args.fields, format) {
        (None, Format::Line) => Some(LINE_FIELDS.join(",")),
        (fields, _) => fields.clone(),
    };
    let style = Style::new(format, fields.as_deref(), COINS_FIELDS)?;
    let mut out = Output::new(&style);
    for (i, coin) in COINS.iter().enumerate() {
        let kinds: Vec<String> = coin
            .kinds()
            .map(AddressFormat::name)
            .map(str::to_owned)
            .collect();
        let mut record = Record::new();
        record.push("coin", Value::text(coin.slug()));
        record.push("symbol", Value::text(coin.symbol()));
        record.push("name", Value::text(coin.name()));
        record.push("slip44", Value::Uint(u64::from(coin.slip44())));
        record.push("curve", Value::text(coin.curve().as_str()));
        record.push("address_kinds", Value::List(&kinds));
        record.push("default_path", Value::text(coin.default_path().path()));
        record.push(
            "default_path_wallets",
            Value::text(coin.default_path().wallets()),
        );
        out.write(&record, i == 0)?;
    }
    io.write_stdout(out.as_bytes())
}
