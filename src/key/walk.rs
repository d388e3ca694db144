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

/// The one private path walk, by value: [`walk_into`] into a result of its own.
pub(crate) fn walk<S: Scheme>(
    secret: &SecretBytes<S::PrivateKey>,
    chain_code: &ChainCode,
    first_public: impl FnOnce() -> S::PublicKey,
    count: usize,
    steps: impl Iterator<Item = ChildNumber>,
    last_parent_public: bool,
) -> Result<Walked<S>> {
    let mut walked = Walked {
        secret: SecretBytes::zero(),
        chain_code: ChainCode::new([0; 32]),
        child_number: ChildNumber::from_raw(0),
        parent_public: None,
    };
    let (child_number, parent_public) = walk_into::<S>(
        secret,
        chain_code,
        first_public,
        count,
        steps,
        last_parent_public,
        (&mut walked.secret, &mut walked.chain_code),
    )?;
    walked.child_number = child_number;
    walked.parent_public = parent_public;
    Ok(walked)
}

/// The one private path walk: `count ≥ 1` steps below `secret`/`chain_code`, checking each step
/// with the scheme's rule (errors name the step). The parent's public key is computed only for
/// normal steps, and, when `last_parent_public` is set, for the last parent whatever the step.
/// `first_public` gives the starting key's public key (a cached value, for a full key).
///
/// The last child's secret and chain code are written into `out`, in place; the keys between
/// are written into a scratch pair of this frame, wiped when it ends. No key of the walk is
/// moved: a move leaves an unwiped copy in the frame it leaves, which a later frame can carry
/// into a heap block. Returns the last child number and the last parent's public key when it
/// was computed (a normal last step, or `last_parent_public`). On an error `out` holds no key
/// (the caller wipes or overwrites it).
pub(crate) fn walk_into<S: Scheme>(
    secret: &SecretBytes<S::PrivateKey>,
    chain_code: &ChainCode,
    first_public: impl FnOnce() -> S::PublicKey,
    count: usize,
    steps: impl Iterator<Item = ChildNumber>,
    last_parent_public: bool,
    out: (&mut SecretBytes<S::PrivateKey>, &mut ChainCode),
) -> Result<(ChildNumber, Option<S::PublicKey>)> {
    let (out_secret, out_chain) = out;
    let mut scratch = (
        SecretBytes::<S::PrivateKey>::zero(),
        ChainCode::new([0; 32]),
    );
    let mut first_public = Some(first_public);
    let mut child_number = ChildNumber::from_raw(0);
    let mut parent_public = None;
    let mut done = 0usize;
    for (segment, child) in steps.enumerate() {
        // Steps alternate between `out` and the scratch pair, so that the last one (the
        // public step count decides which) writes into `out`.
        let into_out = count.saturating_sub(segment + 1).is_multiple_of(2);
        let ((parent_secret, parent_chain), (child_secret, child_chain)) = match (segment, into_out)
        {
            (0, true) => ((secret, chain_code), (&mut *out_secret, &mut *out_chain)),
            (0, false) => ((secret, chain_code), (&mut scratch.0, &mut scratch.1)),
            (_, true) => (
                (&scratch.0, &scratch.1),
                (&mut *out_secret, &mut *out_chain),
            ),
            (_, false) => (
                (&*out_secret, &*out_chain),
                (&mut scratch.0, &mut scratch.1),
            ),
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
        S::derive_private_into(parent_secret, &step, &key, T, (child_secret, child_chain))
            .map_err(|e| e.at_segment(segment))?;
        child_number = child;
        done = segment + 1;
    }
    if done == 0 || done != count {
        return Err(Error::DepthExceeded);
    }
    Ok((child_number, parent_public))
}
