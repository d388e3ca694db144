//! `fastbip32 descriptor DESC`: what Bitcoin Core's `getdescriptorinfo` says of an output
//! descriptor, for the descriptors the library parses ([`fastbip32::descriptor::Descriptor`]).
//!
//! One record: `descriptor`, the canonical form with its checksum (Core's `descriptor`:
//! public keys only, a private key written as its public key); `checksum`, the checksum of
//! that form alone; `isrange`, `issolvable` and `hasprivatekeys`, as Core names them;
//! `branches`, the number of multipath branches (2 for `<0;1>`), and `branch_descriptors`,
//! each branch's own descriptor (Core's `multipath_expansion`; the one descriptor itself
//! without multipath); `network`, `mainnet` or `testnet` as the keys' versions say, `any` for
//! hex keys alone.
//!
//! Unlike Core, whose `descriptor` field is the first branch of a multipath descriptor,
//! `descriptor` is the whole multipath form: the text a wallet imports with both branches.
//!
//! A key of a SLIP-132 family (`zpub`, `Yprv`, …), which Core refuses, is written in the plain
//! family of its network (`xpub`, `tpub`), the form Core takes; a note on standard error says
//! so. The key, scripts and addresses are the same; the checksum is that of the plain form.

use core::fmt;

use clap::Args;
use fastbip32::descriptor::Descriptor;
use fastbip32::Network;
use zeroize::Zeroize;

use crate::addresses::descriptor_error_in;
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options::RecordOutput;
use crate::record::{Output, Record, Value};

/// The options of `descriptor`. The descriptor (which may hold a private key) is wiped on
/// drop.
#[derive(Args)]
pub(crate) struct DescribeArgs {
    /// The output descriptor, with or without its `#checksum` (a wrong one is an error):
    /// pkh(KEY), wpkh(KEY), sh(wpkh(KEY)), tr(KEY), sh(multi(k,KEY,…)), wsh(multi(…)),
    /// sh(wsh(multi(…))), bare multi(…) of at most 3 keys, sortedmulti too; `-` reads it
    /// from standard input (better for one with a private key).
    #[arg(value_name = "DESC|-")]
    descriptor: String,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    output: RecordOutput,
}

impl Drop for DescribeArgs {
    fn drop(&mut self) {
        self.descriptor.zeroize();
    }
}

impl fmt::Debug for DescribeArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DescribeArgs")
            .field("descriptor", &"..")
            .field("json", &self.json)
            .field("output", &self.output)
            .finish()
    }
}

/// The fields of `descriptor` records, in their order.
const DESCRIBE_FIELDS: &[&str] = &[
    "descriptor",
    "checksum",
    "isrange",
    "issolvable",
    "hasprivatekeys",
    "branches",
    "branch_descriptors",
    "network",
];

/// Runs `descriptor`.
///
/// # Errors
/// A usage error for a bad descriptor (syntax, checksum, key, unsupported script, too many
/// keys) or a bad `--fields`, before anything is written; a failure when the output cannot
/// be written.
pub(crate) fn run(args: &DescribeArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let style = args.output.style(args.json, DESCRIBE_FIELDS)?;
    let text = input::arg_or_stdin(&args.descriptor, io.stdin, "DESC")?;
    let parsed = Descriptor::parse(&text).map_err(|e| descriptor_error_in("DESC", e))?;
    drop(text);
    let has_private_keys = parsed.has_private_keys();
    if args.descriptor != STDIN_MARKER {
        if parsed.has_extended_private_keys() {
            io.notes.argv_secret(ArgvSecret::DescribeXprv);
        }
        if parsed.has_wif_keys() {
            io.notes.argv_secret(ArgvSecret::DescribeWif);
        }
    }
    if let Some(version) = parsed.slip132_version() {
        let name = version.name().unwrap_or("SLIP-132 key");
        let plain = if version.is_testnet() == Some(true) {
            "a tpub"
        } else {
            "an xpub"
        };
        io.notes.family(format!(
            "the descriptor's {name} is printed as {plain}, as Bitcoin Core takes it (Core refuses SLIP-132 keys): the same key, scripts and addresses, another checksum"
        ));
    }
    let descriptor = parsed.to_plain_versions();
    drop(parsed);
    let canonical = descriptor.to_string();
    let checksum: String = descriptor
        .checksum()
        .iter()
        .copied()
        .map(char::from)
        .collect();
    let branches = (0..descriptor.branch_count())
        .map(|b| {
            descriptor
                .branch_descriptor(b)
                .map(|d| d.to_string())
                .map_err(|e| CliError::library(&format!("cannot expand branch {b}"), e))
        })
        .collect::<Result<Vec<String>, _>>()?;
    let network = match descriptor.network() {
        Some(Network::Mainnet) => "mainnet",
        Some(_) => "testnet",
        None => "any",
    };
    let mut record = Record::new();
    record.push("descriptor", Value::text(&canonical));
    record.push("checksum", Value::text(&checksum));
    record.push("isrange", Value::Bool(descriptor.is_ranged()));
    // Every descriptor the library parses is solvable (`raw()` and `addr()`, which are not,
    // are unsupported).
    record.push("issolvable", Value::Bool(true));
    record.push("hasprivatekeys", Value::Bool(has_private_keys));
    record.push(
        "branches",
        Value::Uint(u64::try_from(branches.len()).unwrap_or(u64::MAX)),
    );
    record.push("branch_descriptors", Value::List(&branches));
    record.push("network", Value::text(network));
    let mut out = Output::new(&style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}
