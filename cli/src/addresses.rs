//! `fastbip32 addresses --descriptor DESC`: the addresses of an output descriptor, streamed;
//! with `--coin SLUG --xkey XPUB`, a coin's addresses below an account key ([`coin`]).
//!
//! The descriptor is parsed once (checksum checked when present), each multipath branch made
//! ready once (every key's index-independent derivation: [`fastbip32::descriptor::Branch`]),
//! then the indices are derived in tasks of [`stream::TASK`] with the library's
//! [`Branch::derive_into`], which derives each key's children in sibling batches (for an
//! xpub, the batched-affine public path) and allocates nothing. Each task's records are
//! rendered into one of a fixed set of buffers kept for the whole run; with more than one
//! thread, `--threads` threads fill the buffers while the main thread writes them in order
//! ([`stream::run`]), so the output is the same for any thread count.
//! Records come branch by branch (every index of branch 0, then of branch 1), as Bitcoin
//! Core's `deriveaddresses` orders them.
//!
//! Every check (descriptor, network, range, fields, hardened steps after an xpub) is made
//! before the first byte is written, so a usage error leaves standard output empty.

mod args;
mod coin;

use std::time::Instant;

use fastbip32::descriptor::{Branch, Derived, Descriptor};
use fastbip32::path::HARDENED_BIT;
use fastbip32::{ChildNumber, DerivationPath, Network};

use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options;
use crate::record::{ChildPath, Format, Output, Record, Style, Value};
use crate::stream::{self, Progress, Tasks, SLOW};

pub(crate) use self::args::AddressesArgs;

/// The fields `addresses` records can have, in their order.
pub(crate) const ADDRESSES_FIELDS: &[&str] = &[
    "branch",
    "index",
    "address",
    "script_pubkey",
    "public_key",
    "path",
];

/// The fields of the human-readable output (one line per record).
const LINE_FIELDS: &[&str] = &["branch", "index", "address"];

/// The fields of the default line format for outputs without an address (bare multisig).
const SCRIPT_LINE_FIELDS: &[&str] = &["branch", "index", "script_pubkey"];

/// The indices of every branch: `count` from `first`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct IndexRange {
    first: u32,
    count: u32,
}

impl IndexRange {
    /// `count` indices (default 20) from `start` (default 0), for a ranged descriptor; one
    /// index (ignored by the library) without a range.
    ///
    /// # Errors
    /// A usage error for a count of 0 or indices past 2³¹ − 1.
    fn new(start: Option<u64>, count: Option<u64>, ranged: bool) -> Result<Self, CliError> {
        let (first, count) =
            stream::index_range(start.unwrap_or(0), count.unwrap_or(20), "indices")?;
        Ok(if ranged {
            Self { first, count }
        } else {
            Self { first: 0, count: 1 }
        })
    }
}

/// Runs `addresses`.
///
/// # Errors
/// A usage error for a bad descriptor (syntax, checksum, key, unsupported script, too many
/// keys), mixed networks, a hardened range or step after an xpub, a bad range or a bad
/// `--fields`, all before anything is written; a failure when an output cannot be derived
/// (probability below 2⁻¹²⁷) or written.
pub(crate) fn run(args: &AddressesArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let descriptor_arg = match (&args.descriptor, args.coin, &args.xkey) {
        (Some(descriptor), _, _) => descriptor,
        (None, Some(coin), Some(xkey)) => return coin::run(args, coin, xkey, io),
        // clap requires --descriptor or --coin, and --xkey with --coin.
        (None, _, _) => {
            return Err(CliError::Usage(
                "give --descriptor DESC, or --coin SLUG --xkey XPUB".to_owned(),
            ))
        }
    };
    let explicit = options::bitcoin_network(args.network.as_deref())?;
    let format = Format::from_flags(args.json, args.csv, args.raw, Format::Line);
    let text = input::arg_or_stdin(descriptor_arg, io.stdin, "--descriptor")?;
    let descriptor = Descriptor::parse(&text).map_err(descriptor_error)?;
    drop(text);
    let fields = match (&args.fields, format) {
        (None, Format::Line) if descriptor.has_address() => Some(LINE_FIELDS.join(",")),
        (None, Format::Line) => Some(SCRIPT_LINE_FIELDS.join(",")),
        (fields, _) => fields.clone(),
    };
    let style = Style::new(format, fields.as_deref(), ADDRESSES_FIELDS)?;
    if !descriptor.has_address() {
        if style
            .fields
            .as_deref()
            .is_some_and(|f| f.contains(&"address"))
        {
            return Err(CliError::Usage(
                "invalid --fields: a bare multisig output has no address; its output is the field `script_pubkey`".to_owned(),
            ));
        }
        io.notes.no_address();
    }
    if descriptor_arg != STDIN_MARKER {
        if descriptor.has_extended_private_keys() {
            io.notes.argv_secret(ArgvSecret::DescriptorXprv);
        }
        if descriptor.has_wif_keys() {
            io.notes.argv_secret(ArgvSecret::DescriptorWif);
        }
    }
    slip132_note(&descriptor, &mut io.notes);
    let network = match explicit {
        Some(network) => {
            descriptor.check_network(network).map_err(|_| {
                CliError::Usage(format!(
                    "mixed networks: --network {network} but the descriptor's keys are {} keys",
                    if network.is_test() {
                        "mainnet"
                    } else {
                        "test-network"
                    }
                ))
            })?;
            network
        }
        None => descriptor.network().unwrap_or(Network::Mainnet),
    };
    if descriptor.needs_private_keys() {
        return Err(CliError::Usage(
            "invalid --descriptor: a hardened step or range (`/*'`) after an extended public key needs the extended private key (xprv); give the xprv, or use `/*`".to_owned(),
        ));
    }
    let range = IndexRange::new(args.start, args.count, descriptor.is_ranged())?;
    let branches = (0..descriptor.branch_count())
        .map(|b| {
            descriptor
                .branch(b)
                .map_err(|e| CliError::library(&format!("cannot derive branch {b}"), e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let paths = branches
        .iter()
        .map(|branch| PathPrefix::of(&descriptor, branch))
        .collect::<Result<Vec<_>, _>>()?;
    let threads = stream::thread_count(args.threads);
    let plan = AddressPlan {
        branches: &branches,
        paths: &paths,
        range,
        network,
        style: &style,
        threads,
    };
    let started = Instant::now();
    stream(&plan, io)?;
    let elapsed = started.elapsed();
    if elapsed >= SLOW {
        let total = u64::from(range.count) * branches.len() as u64;
        let secs = elapsed.as_secs_f64();
        #[allow(clippy::cast_precision_loss, reason = "a rate, for display")]
        let rate = total as f64 / secs;
        io.notes.throughput(format!(
            "derived {total} addresses in {secs:.2} s ({rate:.0} addresses/s)"
        ));
    }
    Ok(())
}

/// The usage error of a `--descriptor` that does not parse: [`descriptor_error_in`].
pub(crate) fn descriptor_error(err: fastbip32::descriptor::Error) -> CliError {
    descriptor_error_in("--descriptor", err)
}

/// The usage error of a descriptor (the input `what`) that does not parse: the library's
/// message (which names the key, "key 2 of 3"); for a SLIP-132 key outside its family's
/// script, with the `convert` command that gives its xpub.
pub(crate) fn descriptor_error_in(what: &str, err: fastbip32::descriptor::Error) -> CliError {
    if let fastbip32::descriptor::Error::FamilyMismatch { version, .. } = err {
        let plain = if version.is_testnet() == Some(true) {
            "tpub"
        } else {
            "xpub"
        };
        return CliError::Usage(format!(
            "invalid {what}: {err} (`fastbip32 convert KEY --to {plain}`)"
        ));
    }
    CliError::Usage(format!("invalid {what}: {err}"))
}

/// Notes a SLIP-132 key that matches its script: accepted here, refused by Bitcoin Core.
pub(crate) fn slip132_note(descriptor: &Descriptor, notes: &mut crate::notes::Notes) {
    if let Some(version) = descriptor.slip132_version() {
        let name = version.name().unwrap_or("SLIP-132 key");
        let plain = if version.is_testnet() == Some(true) {
            "tpub"
        } else {
            "xpub"
        };
        notes.family(format!(
            "the descriptor's {name} matches its script, but Bitcoin Core refuses SLIP-132 keys in descriptors: give Core the {plain} (`fastbip32 convert KEY --to {plain}`)"
        ));
    }
}

/// The printed full path of a branch's key, up to the range step: the origin's path and the
/// key's steps for the branch (`m/84'/0'/0'/0`); `None` without a key origin or for multisig.
#[derive(Debug)]
struct PathPrefix {
    text: Option<String>,
    /// The range step's hardened bit (`/*'`), or 0.
    hardened_bit: u32,
}

impl PathPrefix {
    fn of(descriptor: &Descriptor, branch: &Branch<'_>) -> Result<Self, CliError> {
        let ranged = descriptor.is_ranged();
        let text = if descriptor.key_origin().is_some() {
            let full = branch
                .full_path(0)
                .map_err(|e| CliError::library("invalid --descriptor", e))?;
            full.map(|path| {
                let steps = path.as_slice();
                let keep = steps.len().saturating_sub(usize::from(ranged));
                DerivationPath::from_slice(steps.get(..keep).unwrap_or_default())
                    .map(|p| p.to_string())
            })
            .transpose()
            .map_err(|e| CliError::library("invalid --descriptor", e))?
        } else {
            None
        };
        Ok(Self {
            text,
            hardened_bit: if descriptor.is_hardened_range() {
                HARDENED_BIT
            } else {
                0
            },
        })
    }
}

/// What every task needs.
struct AddressPlan<'a> {
    branches: &'a [Branch<'a>],
    paths: &'a [PathPrefix],
    range: IndexRange,
    network: Network,
    style: &'a Style,
    threads: usize,
}

/// Derives and prints every record of `plan`, branch by branch, task by task.
fn stream(plan: &AddressPlan<'_>, io: &mut Io<'_>) -> Result<(), CliError> {
    let tasks = Tasks::new(plan.branches.len(), plan.range.first, plan.range.count);
    let mut progress = Progress::new(io.progress, tasks.records(), Instant::now(), "addresses");
    let mut written = 0u64;
    stream::run(
        plan.threads,
        tasks,
        || OutputBuffer::new(plan.style),
        |buffer, task| {
            let (Some(branch), Some(path)) =
                (plan.branches.get(task.part), plan.paths.get(task.part))
            else {
                return Err(CliError::Failure(format!("no branch {}", task.part)));
            };
            buffer.fill(plan, branch, path, task.first, task.count, task.header)
        },
        |buffer, task| {
            stream::write_out(io, &mut buffer.out)?;
            written += u64::from(task.count);
            progress.update(written);
            Ok(())
        },
    )?;
    io.stdout.flush().map_err(|e| CliError::output(&e))
}

/// One task's outputs and rendered records, kept for the whole run.
// Aligned to its own cache lines: buffers on different threads have their lengths written
// all the time, and must not share a line (false sharing).
#[repr(align(128))]
struct OutputBuffer {
    out: Output,
    derived: Vec<Derived>,
}

impl OutputBuffer {
    fn new(style: &Style) -> Self {
        Self {
            out: Output::new(style),
            derived: Vec::new(),
        }
    }

    /// Derives the outputs at `index … index + count − 1` of `branch` and renders their
    /// records; `header` is set for the run's first record (the CSV header line).
    fn fill(
        &mut self,
        plan: &AddressPlan<'_>,
        branch: &Branch<'_>,
        path: &PathPrefix,
        index: u32,
        count: u32,
        header: bool,
    ) -> Result<(), CliError> {
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        if self.derived.len() < count {
            self.derived.resize(count, Derived::default());
        }
        let derived = self.derived.get_mut(..count).unwrap_or_default();
        branch.derive_into(index, derived).map_err(|e| {
            CliError::library(&format!("cannot derive branch {}", branch.number()), e)
        })?;
        for (i, output) in derived.iter().enumerate() {
            let address = match output.address(plan.network) {
                Ok(address) => Some(address),
                Err(fastbip32::descriptor::Error::NoAddress) => None,
                Err(e) => {
                    return Err(CliError::library(
                        &format!("cannot encode branch {}", branch.number()),
                        e,
                    ))
                }
            };
            let child_path =
                path.text
                    .as_deref()
                    .zip(output.index())
                    .map(|(prefix, i)| ChildPath {
                        prefix,
                        child: ChildNumber::from_raw(i | path.hardened_bit),
                    });
            let mut record = Record::new();
            record.push("branch", Value::Uint(output.branch() as u64));
            record.push(
                "index",
                output
                    .index()
                    .map_or(Value::Null, |i| Value::Uint(i.into())),
            );
            record.push(
                "address",
                address
                    .as_ref()
                    .map_or(Value::Null, |address| Value::text(address.as_str())),
            );
            record.push(
                "script_pubkey",
                Value::hex(output.script_pubkey().as_bytes()),
            );
            if let Some(public) = output.public_key() {
                record.push("public_key", Value::hex(public));
            }
            match (&child_path, path.text.as_deref()) {
                (Some(child_path), _) => record.push("path", Value::Display(child_path)),
                (None, Some(text)) => record.push("path", Value::text(text)),
                (None, None) => {}
            }
            self.out.write(&record, header && i == 0)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::MAX_INDEX;

    #[test]
    fn ranges() {
        assert_eq!(
            IndexRange::new(None, None, true).unwrap(),
            IndexRange {
                first: 0,
                count: 20
            }
        );
        assert_eq!(
            IndexRange::new(Some(5), Some(3), false).unwrap(),
            IndexRange { first: 0, count: 1 }
        );
        assert_eq!(
            IndexRange::new(Some(MAX_INDEX), Some(1), true).unwrap(),
            IndexRange {
                first: 0x7fff_ffff,
                count: 1
            }
        );
        for (start, count) in [
            (Some(0), Some(0)),
            (Some(MAX_INDEX + 1), None),
            (Some(MAX_INDEX), Some(2)),
            (None, Some(u64::MAX)),
        ] {
            assert!(
                matches!(IndexRange::new(start, count, true), Err(CliError::Usage(_))),
                "{start:?} {count:?}"
            );
        }
    }
}
