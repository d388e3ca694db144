//! `recover --seed slip39 --shares FILE|-`: a SLIP-39 share set with one unknown word (the
//! library's `fastbip32::recovery::slip39_search`).
//!
//! The 1024 words at the `?` are tried at once on one thread: the checksum passes about
//! one, whose set is combined (with the passphrase) and whose master secret is checked
//! against the target as any search's seed. The match (the whole share) goes to standard
//! output only, from a wiped buffer.

use std::path::Path;

use fastbip32::address::CurveFamily;
use fastbip32::recovery::slip39_search::{Slip39Outcome, Slip39Template};
use fastbip32::recovery::{Coin, Matched, SeedCheck};
use zeroize::Zeroizing;

use super::text::{exact, json_string};
use crate::address_db;
use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::Io;

/// The `--seed` name of a SLIP-39 share set.
pub(super) const SEED: &str = "slip39";

/// What a run searches and how it writes: the options `recover` read.
pub(super) struct Plan {
    /// `--json`.
    pub(super) json: bool,
    /// `--dry-run`.
    pub(super) dry_run: bool,
    /// The coin.
    pub(super) coin: Coin,
    /// `--gap`.
    pub(super) gap: u32,
    /// `--accounts`.
    pub(super) accounts: u32,
    /// Every path the check derives.
    pub(super) paths: Vec<String>,
    /// What the check covers, for the "no match" line.
    pub(super) searched: String,
}

/// The usage error of a share set the library refuses.
fn invalid(e: fastbip32::recovery::Error) -> CliError {
    CliError::Usage(format!("invalid --shares: {e}"))
}

/// Reads the share set of `--shares FILE|-` (`-`: standard input, which
/// `--passphrase -` cannot then read too).
///
/// # Errors
/// A usage error for both on standard input, for input that is too long or not UTF-8, and
/// for a share set that is not one with exactly one `?`; a failure if it cannot be read.
pub(super) fn read_shares(
    path: &Path,
    passphrase_on_stdin: bool,
    io: &mut Io<'_>,
) -> Result<Slip39Template, CliError> {
    let text: Zeroizing<String> = if path.as_os_str() == STDIN_MARKER {
        if passphrase_on_stdin {
            return Err(CliError::Usage(
                "--shares - and --passphrase - cannot both read standard input: give the shares in a file".to_owned(),
            ));
        }
        input::read_all(io.stdin, "--shares", "standard input")?
    } else {
        input::read_file(path, "--shares", input::MAX_STDIN_LEN)?
    };
    Slip39Template::parse(&text).map_err(invalid)
}

/// Refuses a coin whose keys do not come from a BIP-32 seed: Cardano's, from an Icarus root.
///
/// # Errors
/// A usage error for such a coin.
pub(super) fn check_coin(coin: Coin) -> Result<(), CliError> {
    if coin.registry().curve() == CurveFamily::Ed25519Bip32 {
        return Err(CliError::Usage(format!(
            "invalid --coin: {coin} derives its keys from an Icarus root, not from a SLIP-39 master secret"
        )));
    }
    Ok(())
}

/// Searches `template` with `passphrase` for what `check` looks for: 0 found (the share
/// with its word on standard output), 1 not found; `--dry-run` writes the counts.
///
/// # Errors
/// A usage error for a share set that does not combine; a failure if
/// standard output cannot be written.
pub(super) fn run(
    template: &Slip39Template,
    passphrase: &str,
    check: &SeedCheck<'_>,
    plan: &Plan,
    io: &mut Io<'_>,
) -> Result<i32, CliError> {
    let passed = template.passing_vartime().len();
    let size = template.size();
    if plan.dry_run {
        io.notes.write(io.stderr, false);
        return dry_run(template, plan, io);
    }
    let _ = writeln!(
        io.stderr,
        "space: {size} candidates, {passed} pass the checksum (RS1024)"
    );
    io.notes.write(io.stderr, false);
    let outcome = template
        .search_vartime(passphrase, check)
        .map_err(invalid)?;
    match outcome {
        Slip39Outcome::Found(found) => {
            let m = &found.matched;
            let path = m.path.to_string();
            let address = m.address.as_ref().map(|a| a.as_str().to_string());
            let matched = m.matched.as_str();
            let out = exact(|w| {
                if plan.json {
                    w.write_str("{\"share\":")?;
                    json_string(w, &found.text)?;
                    write!(w, ",\"share_number\":{},\"path\":", found.share)?;
                    json_string(w, &path)?;
                    w.write_str(",\"address\":")?;
                    match address.as_deref() {
                        Some(a) => json_string(w, a)?,
                        None => w.write_str("null")?,
                    }
                    write!(
                        w,
                        ",\"matched\":\"{matched}\",\"candidate\":{}",
                        found.candidate
                    )?;
                    match m.address_index {
                        Some(i) => writeln!(w, ",\"address_index\":{i}}}"),
                        None => w.write_str(",\"address_index\":null}\n"),
                    }
                } else {
                    writeln!(
                        w,
                        "share: {}\nshare_number: {}\npath: {path}\naddress: {}\nmatched: {matched}\ncandidate: {}",
                        found.text.as_str(),
                        found.share,
                        address.as_deref().unwrap_or("-"),
                        found.candidate
                    )?;
                    match m.address_index {
                        Some(i) => writeln!(w, "address_index: {i}"),
                        None => w.write_str("address_index: -\n"),
                    }
                }
            });
            io.write_stdout(out.as_bytes())?;
            if m.matched == Matched::AddressDb {
                let _ = writeln!(
                    io.stderr,
                    "note: an address-database match: confirm the address is in your list (false-positive rate {})",
                    address_db::FALSE_POSITIVE_RATE
                );
            }
            let _ = io.stderr.flush();
            Ok(0)
        }
        Slip39Outcome::Exhausted { passed } => {
            let _ = writeln!(
                io.stderr,
                "searched {size} candidates ({passed} passed the checksum): no match ({})",
                plan.searched
            );
            let _ = io.stderr.flush();
            Ok(CliError::FAILURE)
        }
        _ => Err(CliError::Failure(
            "the search ended in an unknown way".to_string(),
        )),
    }
}

/// `--dry-run`: the candidates, how many pass the checksum, the share that holds the `?`,
/// the coin, the paths, the gap and the accounts on standard output (`--json`: one
/// object); no share word.
fn dry_run(template: &Slip39Template, plan: &Plan, io: &mut Io<'_>) -> Result<i32, CliError> {
    let passed = template.passing_vartime().len();
    let size = template.size();
    let (coin, paths) = (plan.coin, &plan.paths);
    let share = template.unknown_share();
    let out = exact(|w| {
        if plan.json {
            write!(
                w,
                "{{\"candidates\":{size},\"checksum_valid\":{passed},\"checksum_exact\":true,\"share\":{share},\"coin\":\"{coin}\",\"paths\":["
            )?;
            for (i, path) in paths.iter().enumerate() {
                if i > 0 {
                    w.write_char(',')?;
                }
                json_string(w, path)?;
            }
            writeln!(w, "],\"gap\":{},\"accounts\":{}}}", plan.gap, plan.accounts)
        } else {
            writeln!(
                w,
                "space: {size} candidates, {passed} pass the checksum (RS1024)\nshare: {share}\ncoin: {coin}\npaths: {}\ngap: {}\naccounts: {}",
                paths.join(", "),
                plan.gap,
                plan.accounts
            )
        }
    });
    io.write_stdout(out.as_bytes())?;
    Ok(0)
}
