//! The one private path walk, and the master key of a seed.

use crate::chain_code::ChainCode;
use crate::curve::{Scheme, Step, MAX_SEED_LEN, MIN_SEED_LEN};
use crate::error::{Error, Result};
use crate::hash::HmacSha512;
use crate::path::ChildNumber;
use crate::secret::SecretBytes;

use super::meta::T;

/// The master key of a seed, after the one seed-length check.
pub(crate) fn master_key<S: Scheme>(
    seed: &[u8],
) -> Result<(SecretBytes<S::PrivateKey>, ChainCode)> {
    if !(MIN_SEED_LEN..=MAX_SEED_LEN).contains(&seed.len()) {
        return Err(Error::InvalidSeedLength { len: seed.len() });
    }
    S::master_key(seed, T)
}

/// The end of a private path walk.
pub(crate) struct Walked<S: Scheme> {
    pub(crate) secret: SecretBytes<S::PrivateKey>,
    pub(crate) chain_code: ChainCode,
    pub(crate) child_number: ChildNumber,
    /// The last parent's public key, when it was computed (a normal last step, or
    /// `last_parent_public` asked for it).
    pub(crate) parent_public: Option<S::PublicKey>,
}

/// The one private path walk: `count ≥ 1` steps below `secret`/`chain_code`, checking each step
/// with the scheme's rule (errors name the step). The parent's public key is computed only for
/// normal steps, and, when `last_parent_public` is set, for the last parent whatever the step.
/// `first_public` gives the starting key's public key (a cached value, for a full key).
pub(crate) fn walk<S: Scheme>(
    secret: &SecretBytes<S::PrivateKey>,
    chain_code: &ChainCode,
    first_public: impl FnOnce() -> S::PublicKey,
    count: usize,
    steps: impl Iterator<Item = ChildNumber>,
    last_parent_public: bool,
) -> Result<Walked<S>> {
    let mut first_public = Some(first_public);
    let mut current: Option<(SecretBytes<S::PrivateKey>, ChainCode)> = None;
    let mut child_number = ChildNumber::from_raw(0);
    let mut parent_public = None;
    for (segment, child) in steps.enumerate() {
        let (parent_secret, parent_chain) = match &current {
            Some((s, c)) => (s, c),
            None => (secret, chain_code),
        };
        // The starting key's own (cached) public key at the first step, computed after that.
        let first = first_public.take();
        let public_of_parent = || match first {
            Some(public) => public(),
            None => S::public_key(parent_secret, T),
        };
        let is_last = segment + 1 == count;
        let step = if is_last && last_parent_public {
            // The last parent's public key for the parent fingerprint, whatever the step.
            let public = public_of_parent();
            parent_public = Some(public);
            Step::new::<S>(child, segment, || public)?
        } else {
            let step = Step::new::<S>(child, segment, public_of_parent)?;
            parent_public = step.parent_public().copied();
            step
        };
        let key = HmacSha512::new(parent_chain.as_bytes());
        let next =
            S::derive_private(parent_secret, &step, &key, T).map_err(|e| e.at_segment(segment))?;
        current = Some(next);
        child_number = child;
    }
    let (secret, chain_code) = current.ok_or(Error::DepthExceeded)?;
    Ok(Walked {
        secret,
        chain_code,
        child_number,
        parent_public,
    })
}
