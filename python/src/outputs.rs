//! A descriptor's outputs over a range of indices: the range check, the batched walk, and
//! the network they are encoded for; shared by `Descriptor`'s lists and `address_table`.

use fastbip32::descriptor::{Branch, Derived, Descriptor};
use fastbip32::Network;
use pyo3::PyResult;

use crate::errors;
use crate::names;

/// Outputs derived per call of the library's `Branch::derive_into`.
const SCRATCH: u32 = 1024;

/// How many outputs `count` indices give: `count` with a range; without one the descriptor
/// has one output (at every index), given once.
pub(crate) fn rows(descriptor: &Descriptor, count: u32) -> u32 {
    if descriptor.is_ranged() {
        count
    } else {
        count.min(1)
    }
}

/// The network the outputs are encoded for: `network` (checked against the keys), else the
/// keys' own (mainnet for hex keys).
pub(crate) fn network_of(descriptor: &Descriptor, network: Option<&str>) -> PyResult<Network> {
    match network {
        Some(name) => {
            let network = names::network(name)?;
            descriptor.check_network(network).map_err(errors::lib)?;
            Ok(network)
        }
        None => Ok(descriptor.network().unwrap_or(Network::Mainnet)),
    }
}

/// Checks, without deriving, that the indices `start … start + count − 1` exist: the
/// library's error for the last one when it is 2³¹ or more.
///
/// # Errors
/// The library's `InvalidChildIndex`.
pub(crate) fn check_range(
    descriptor: &Descriptor,
    branch: &Branch<'_>,
    start: u32,
    count: u32,
) -> Result<(), fastbip32::descriptor::Error> {
    let rows = rows(descriptor, count);
    if descriptor.is_ranged() && rows > 0 {
        let last = u64::from(start) + u64::from(rows) - 1;
        if last >= 1 << 31 {
            // The library refuses the index before deriving anything.
            branch.derive(u32::try_from(last).unwrap_or(u32::MAX))?;
        }
    }
    Ok(())
}

/// Runs `each` on the outputs at `start … start + count − 1` of `branch` (one output for a
/// descriptor without a range), derived in batches. The last index is checked first, so a
/// range past 2³¹ − 1 fails before any work.
///
/// # Errors
/// The library's errors, and `each`'s.
pub(crate) fn for_each_output(
    descriptor: &Descriptor,
    branch: &Branch<'_>,
    start: u32,
    count: u32,
    scratch: &mut Vec<Derived>,
    mut each: impl FnMut(&Derived) -> Result<(), fastbip32::descriptor::Error>,
) -> Result<(), fastbip32::descriptor::Error> {
    check_range(descriptor, branch, start, count)?;
    let rows = rows(descriptor, count);
    let mut done = 0u32;
    while done < rows {
        let n = (rows - done).min(SCRATCH);
        let len = n as usize;
        if scratch.len() < len {
            scratch.resize(len, Derived::default());
        }
        let out = scratch.get_mut(..len).unwrap_or_default();
        branch.derive_into(start.saturating_add(done), out)?;
        for output in out.iter() {
            each(output)?;
        }
        done += n;
    }
    Ok(())
}
