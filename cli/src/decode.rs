//! `fastbip32 address ADDRESS`: what an address is — its type, network, witness version,
//! the hash, program or key it commits to, and a Bitcoin address's scriptPubKey — through
//! [`fastbip32::address::decode`]; and every coin of the registry it can belong to
//! ([`fastbip32::coin::identify`]).

use clap::Args;
use fastbip32::address::{self, AddressNetwork, AddressType, Decoded};

use crate::error::CliError;
use crate::io::Io;
use crate::options::RecordOutput;
use crate::record::{Output, Record, Value};

/// The options of `address`.
#[derive(Args, Debug)]
pub(crate) struct AddressArgs {
    /// The address: Bitcoin (P2PKH, P2SH, segwit v0 to v16 on mainnet, testnet, signet or
    /// regtest), Ethereum (`0x…`), Solana, or Cardano Shelley (`addr1…`, `stake1…`, and
    /// their `_test` forms); or any coin's of `fastbip32 coins` (then `type` is the coin's
    /// kind). The `coins` field lists every coin the address can belong to.
    #[arg(value_name = "ADDRESS")]
    address: String,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    output: RecordOutput,
}

/// The fields of `address` records, in their order. A record has those that apply to its
/// type: `network` for Bitcoin and Cardano, `witness_version` and `program` for segwit,
/// `hash` for P2PKH, P2SH and Ethereum (the 20-byte account), `key` for Solana, the
/// `payment_*` and `stake_*` fields for Cardano, `script_pubkey` for Bitcoin.
pub(crate) const ADDRESS_FIELDS: &[&str] = &[
    "type",
    "network",
    "witness_version",
    "program",
    "hash",
    "key",
    "payment_credential",
    "payment_hash",
    "stake_credential",
    "stake_hash",
    "script_pubkey",
    "coins",
];

/// Decodes the address text of an argument (surrounding white space ignored).
///
/// # Errors
/// A usage error naming the reason the text is no address.
pub(crate) fn decode_arg(text: &str) -> Result<Decoded, CliError> {
    address::decode(text.trim())
        .map_err(|e| CliError::Usage(format!("invalid address {:?}: {e}", text.trim())))
}

/// The record of a decoded address.
fn record(d: &Decoded) -> Record<'_> {
    let mut record = Record::new();
    let kind = d.address_type();
    record.push("type", Value::text(kind.as_str()));
    if let Some(network) = d.network().as_str() {
        record.push("network", Value::text(network));
    }
    if let Some(version) = d.witness_version() {
        record.push("witness_version", Value::Uint(u64::from(version)));
        record.push("program", Value::hex(d.payload()));
    }
    let (payment, stake) = (d.payment_credential(), d.stake_credential());
    match kind {
        AddressType::P2pkh | AddressType::P2sh | AddressType::Ethereum => {
            record.push("hash", Value::hex(d.payload()));
        }
        AddressType::Solana => record.push("key", Value::hex(d.payload())),
        _ => {}
    }
    if matches!(d.network(), AddressNetwork::Cardano(_)) {
        let (first, rest) = d.payload().split_at(d.payload().len().min(28));
        if let Some(payment) = payment {
            record.push("payment_credential", Value::text(payment.as_str()));
            record.push("payment_hash", Value::hex(first));
        }
        if let Some(stake) = stake {
            record.push("stake_credential", Value::text(stake.as_str()));
            let hash = if payment.is_some() { rest } else { first };
            record.push("stake_hash", Value::hex(hash));
        }
    }
    if let Some(script) = d.script_pubkey() {
        record.push("script_pubkey", Value::hex(script));
    }
    record
}

/// Runs `address`.
///
/// # Errors
/// A usage error for text that is no address, or a `--fields` name the record lacks; a
/// failure when the output cannot be written.
pub(crate) fn run(args: &AddressArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let style = args.output.style(args.json, ADDRESS_FIELDS)?;
    let text = args.address.trim();
    let matches: Vec<fastbip32::coin::Match> = fastbip32::coin::identify(text).collect();
    let mut coins: Vec<String> = Vec::new();
    for m in &matches {
        if !coins.iter().any(|c| c == m.coin.slug()) {
            coins.push(m.coin.slug().to_owned());
        }
    }
    let decoded = match (decode_arg(&args.address), matches.first()) {
        (Ok(decoded), _) => Some(decoded),
        (Err(_), Some(_)) => None,
        (Err(e), None) => return Err(e),
    };
    let mut rec = if let Some(decoded) = &decoded {
        record(decoded)
    } else {
        let mut rec = Record::new();
        if let Some(first) = matches.first() {
            rec.push("type", Value::text(first.kind.name()));
        }
        rec
    };
    if !coins.is_empty() {
        rec.push("coins", Value::List(&coins));
    }
    let mut out = Output::new(&style);
    out.write(&rec, true)?;
    io.write_stdout(out.as_bytes())
}
