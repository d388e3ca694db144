//! Sibling batches: many children of one parent, sharing the parent's work.
//!
//! Deriving children `start … start + n − 1` of one key one by one repeats two things per
//! child that depend only on the parent: its public key (for normal children; a base-point
//! multiplication, tens of microseconds) and the HMAC key schedule of its chain code (two
//! SHA-512 compressions). A batch does both once; each child then costs two SHA-512
//! compressions and a scalar addition. Batches write into a caller's buffer (no allocation)
//! or iterate.
//!
//! Public keys of many children come three ways: from an [`ExtendedPublicKey`]
//! (`derive_public_keys_into`, variable time: its inputs are public); from an
//! [`ExtendedPrivateKey`] in constant time (`derive_public_keys_into`: each child's private
//! key, then its public key); or from an [`ExtendedPrivateKey`] by public derivation, opted
//! into by name (`derive_public_keys_into_vartime`). For secp256k1 the public derivation is
//! batched: all children's `I_L·G` come from one fixed-base table with affine additions that
//! share a field inversion per round of 128 children (`curve/secp256k1_batch.rs`).
//!
//! With the `parallel` feature, the `par_` variants split the range over all cores (rayon);
//! their results are identical to the serial ones, in the same order.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::curve::{check_public_step, check_step, NormalDerivation, Scheme};
use crate::error::{Error, Result};
use crate::hash::BATCH_LANES;
use crate::key::{depth_after, DeriveMany, ExtendedPrivateKey, ExtendedPublicKey, Prepared, T};
use crate::path::{ChildNumber, HARDENED_BIT};
use crate::secret::SecretBytes;

/// Checks that `count` siblings from `start` exist (all below 2³¹, same kind as `start`) and
/// returns the raw child numbers as a range.
fn sibling_range(start: ChildNumber, count: usize) -> Result<core::ops::Range<u64>> {
    let first = u64::from(start.index());
    let count = u64::try_from(count).unwrap_or(u64::MAX);
    let end = first.saturating_add(count);
    if end > u64::from(HARDENED_BIT) {
        let last = u32::try_from(end.saturating_sub(1)).unwrap_or(u32::MAX);
        return Err(Error::InvalidChildIndex { index: last });
    }
    let base = u64::from(start.to_raw());
    Ok(base..base + count)
}

fn child_at(raw: u64) -> ChildNumber {
    // `sibling_range` keeps every raw number below 2³².
    ChildNumber::from_raw(u32::try_from(raw).unwrap_or(u32::MAX))
}

/// The children of one private key, in order; see [`ExtendedPrivateKey::children`].
///
/// The parent's preparation (its chain code's HMAC state and its public key) is computed
/// once, when the iterator is made.
pub struct Children<'a, S: Scheme> {
    parent: &'a ExtendedPrivateKey<S>,
    prepared: Prepared<S>,
    range: core::ops::Range<u64>,
}

impl<S: Scheme> core::fmt::Debug for Children<'_, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Children")
            .field("range", &self.range)
            .finish_non_exhaustive()
    }
}

impl<S: Scheme> Iterator for Children<'_, S> {
    type Item = Result<ExtendedPrivateKey<S>>;

    fn next(&mut self) -> Option<Self::Item> {
        let raw = self.range.next()?;
        Some(self.parent.derive_one(&self.prepared, child_at(raw)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl<S: Scheme> ExactSizeIterator for Children<'_, S> {}

/// The children of one public key, in order; see [`ExtendedPublicKey::children_vartime`].
///
/// With `alloc`, runs of up to [`PUBLIC_RUN`] children are derived together where the scheme
/// batches them (for secp256k1, the batched affine public derivation), and handed out one by
/// one; keys are cloned out of the run, so each is wiped in place when the run is dropped.
///
/// # Security
///
/// Variable-time: every input is public.
pub struct PublicChildren<'a, S: Scheme> {
    parent: &'a ExtendedPublicKey<S>,
    key: crate::hash::HmacSha512,
    /// The children not derived yet.
    range: core::ops::Range<u64>,
    /// A derived run, and how many of its keys were handed out.
    #[cfg(feature = "alloc")]
    run: (Vec<ExtendedPublicKey<S>>, usize),
}

/// The longest run [`PublicChildren`] derives together: the secp256k1 public batch's chunk.
pub const PUBLIC_RUN: usize = 128;

impl<S: Scheme> core::fmt::Debug for PublicChildren<'_, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PublicChildren")
            .field("range", &self.range)
            .finish_non_exhaustive()
    }
}

impl<S: Scheme> Iterator for PublicChildren<'_, S> {
    type Item = Result<ExtendedPublicKey<S>>;

    fn next(&mut self) -> Option<Self::Item> {
        #[cfg(feature = "alloc")]
        {
            let (keys, used) = &mut self.run;
            if let Some(key) = keys.get(*used) {
                *used += 1;
                return Some(Ok(key.clone()));
            }
            let first = self.range.start;
            let count = usize::try_from(self.range.end - first)
                .unwrap_or(usize::MAX)
                .min(PUBLIC_RUN);
            if count >= S::PUBLIC_RUN_MIN {
                // A child without a key (probability below 2⁻¹²⁷) fails the whole run: the
                // children are then derived one by one, so the error names that child.
                if let Ok(run) = self
                    .parent
                    .derive_prepared_run(&self.key, child_at(first), count)
                {
                    self.range.start = first + count as u64;
                    self.run = (run, 1);
                    return self.run.0.first().cloned().map(Ok);
                }
            }
        }
        let raw = self.range.next()?;
        Some(self.parent.derive_prepared(&self.key, child_at(raw)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let pending = self.range.end - self.range.start;
        #[cfg(feature = "alloc")]
        let pending = pending + (self.run.0.len() - self.run.1) as u64;
        let pending = usize::try_from(pending).unwrap_or(usize::MAX);
        (pending, Some(pending))
    }
}

impl<S: Scheme> ExactSizeIterator for PublicChildren<'_, S> {}

impl<S: Scheme> ExtendedPrivateKey<S> {
    fn check_batch(&self, start: ChildNumber, count: usize) -> Result<core::ops::Range<u64>> {
        let range = sibling_range(start, count)?;
        depth_after(self.depth(), 1)?;
        check_step::<S>(start, 0)?;
        Ok(range)
    }

    /// The `count` children `start`, `start + 1`, … of this key, in order, as an iterator.
    ///
    /// The parent's public key (for normal children) and its chain code's HMAC state are
    /// computed once, up front; each step then costs one child's own work. Each item is a
    /// full [`ExtendedPrivateKey`]; an item is an error only where the scheme says that
    /// child does not exist ([`Error::InvalidChild`], BIP-32, probability below 2⁻¹²⁷).
    ///
    /// # Errors
    /// [`Error::InvalidChildIndex`] if the range runs past index 2³¹ − 1;
    /// [`Error::HardenedOnly`] for normal children of a hardened-only scheme;
    /// [`Error::DepthExceeded`] if this key is at depth 255.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, ExtendedPrivateKey, Secp256k1};
    ///
    /// let account = ExtendedPrivateKey::<Secp256k1>::from_seed(&[7; 32])?.derive_path("m/84'/0'/0'/0")?;
    /// let first_20: Vec<_> = account.children(ChildNumber::normal(0)?, 20)?.collect::<Result<_, _>>()?;
    /// assert_eq!(first_20[7], account.derive_child(ChildNumber::normal(7)?)?);
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn children(&self, start: ChildNumber, count: usize) -> Result<Children<'_, S>> {
        let range = self.check_batch(start, count)?;
        Ok(Children {
            parent: self,
            prepared: self.prepare_many(),
            range,
        })
    }

    /// The private keys of the children `start`, `start + 1`, …, one per slot of `out`,
    /// without allocating: the fast path for scanning many siblings.
    ///
    /// Costs one public key (for normal children) plus, per child, two SHA-512 compressions
    /// and a scalar addition.
    ///
    /// # Errors
    /// As [`children`](Self::children); and [`Error::InvalidChild`] for the first child the
    /// scheme says does not exist (the slots from it on are left as they were).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, ExtendedPrivateKey, SecretBytes, Secp256k1};
    ///
    /// let account = ExtendedPrivateKey::<Secp256k1>::from_seed(&[7; 32])?.derive_path("m/44'/60'/0'/0")?;
    /// let mut keys = [const { SecretBytes::new([0u8; 32]) }; 100];
    /// account.derive_private_keys_into(ChildNumber::normal(0)?, &mut keys)?;
    /// let fifth = account.derive_child(ChildNumber::normal(5)?)?;
    /// assert_eq!(keys[5].expose(), fifth.private_key());
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn derive_private_keys_into(
        &self,
        start: ChildNumber,
        out: &mut [SecretBytes<S::PrivateKey>],
    ) -> Result<()> {
        let range = self.check_batch(start, out.len())?;
        let prepared = self.prepare(start.is_normal());
        self.fill(&prepared, range.start, out, |secret| secret)
    }

    /// The public keys of the children `start`, `start + 1`, …, one per slot of `out`, in
    /// constant time: each child's private key is derived as in
    /// [`derive_private_keys_into`](Self::derive_private_keys_into) (and wiped after use),
    /// and its public key computed from it by the scheme's constant-time base-point
    /// multiplication. Hardened children are allowed.
    ///
    /// For normal children, [`derive_public_keys_into_vartime`](Self::derive_public_keys_into_vartime)
    /// computes the same keys several times faster, in variable time.
    ///
    /// # Errors
    /// As [`derive_private_keys_into`](Self::derive_private_keys_into).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, Xprv};
    ///
    /// let account = Xprv::from_seed(&[7; 32])?.derive_path("m/84'/0'/0'/0")?;
    /// let mut keys = [[0u8; 33]; 20];
    /// account.derive_public_keys_into(ChildNumber::normal(0)?, &mut keys)?;
    /// assert_eq!(keys[3], account.derive_child(ChildNumber::normal(3)?)?.public_key());
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn derive_public_keys_into(
        &self,
        start: ChildNumber,
        out: &mut [S::PublicKey],
    ) -> Result<()> {
        let range = self.check_batch(start, out.len())?;
        let prepared = self.prepare(start.is_normal());
        self.fill(&prepared, range.start, out, |secret| {
            S::public_key(&secret, T)
        })
    }

    /// Derives the children from raw number `first` on, one per slot of `out`, four at a
    /// time where the scheme can, and stores `store(private key)` in each slot.
    /// Derives the private keys of the children `first, first + 1, …` of a prepared parent,
    /// one per slot of `out`, and stores each through `store`: full batches in the widest SHA-512
    /// lanes, then four at a time, then one by one.
    fn fill<O>(
        &self,
        prepared: &Prepared<S>,
        first: u64,
        out: &mut [O],
        store: impl Fn(SecretBytes<S::PrivateKey>) -> O,
    ) -> Result<()> {
        let (batches, rest) = out.as_chunks_mut::<BATCH_LANES>();
        let mut raw = first;
        for batch in batches {
            self.fill_batch(prepared, raw, batch, &store)?;
            raw += BATCH_LANES as u64;
        }
        let (quads, rest) = rest.as_chunks_mut::<4>();
        for quad in quads {
            self.fill_batch(prepared, raw, quad, &store)?;
            raw += 4;
        }
        for (raw, slot) in (raw..).zip(rest) {
            *slot = store(self.derive_raw(prepared, child_at(raw))?.0);
        }
        Ok(())
    }

    fn fill_batch<O, const N: usize>(
        &self,
        prepared: &Prepared<S>,
        first: u64,
        batch: &mut [O; N],
        store: &impl Fn(SecretBytes<S::PrivateKey>) -> O,
    ) -> Result<()> {
        for (slot, result) in batch
            .iter_mut()
            .zip(self.derive_raw_many::<N>(prepared, child_at(first)))
        {
            *slot = store(result?.0);
        }
        Ok(())
    }

    /// [`derive_private_keys_into`](Self::derive_private_keys_into) on every core; the same
    /// result, in the same order.
    ///
    /// # Errors
    /// As [`derive_private_keys_into`](Self::derive_private_keys_into).
    #[cfg(feature = "parallel")]
    pub fn par_derive_private_keys_into(
        &self,
        start: ChildNumber,
        out: &mut [SecretBytes<S::PrivateKey>],
    ) -> Result<()> {
        use rayon::prelude::*;
        let range = self.check_batch(start, out.len())?;
        let prepared = self.prepare(start.is_normal());
        out.par_chunks_mut(PARALLEL_CHUNK)
            .enumerate()
            .try_for_each(|(i, chunk)| {
                let first = range.start + (i * PARALLEL_CHUNK) as u64;
                self.fill(&prepared, first, chunk, |secret| secret)
            })
    }
}

impl<S: NormalDerivation> ExtendedPrivateKey<S> {
    /// The public keys of the normal children `start`, `start + 1`, …, one per slot of
    /// `out`, by public derivation from this key's public key: the same keys as
    /// [`derive_public_keys_into`](Self::derive_public_keys_into), and as
    /// [`to_xpub`](Self::to_xpub)`().`[`derive_public_keys_into`](ExtendedPublicKey::derive_public_keys_into_vartime),
    /// several times faster, in variable time. No child private key is computed.
    ///
    /// # Security
    ///
    /// Variable-time, on purpose: its inputs (this key's public key and chain code, each
    /// child's `I_L`) are what the holder of this key's xpub computes, and the opt-in is for
    /// callers to whom the xpub is no secret (deposit addresses, a watch-only export). Where
    /// the xpub must stay private too, use the constant-time
    /// [`derive_public_keys_into`](Self::derive_public_keys_into). See `SECURITY.md`.
    ///
    /// # Errors
    /// [`Error::HardenedFromPublic`] for a hardened `start`; [`Error::InvalidChildIndex`] if
    /// the range runs past index 2³¹ − 1; [`Error::DepthExceeded`] at depth 255;
    /// [`Error::InvalidChild`] for the first child that has no key (as in
    /// [`ExtendedPublicKey::derive_public_keys_into_vartime`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, Xprv};
    ///
    /// let account = Xprv::from_seed(&[7; 32])?.derive_path("m/84'/0'/0'/0")?;
    /// let (mut fast, mut constant_time) = ([[0u8; 33]; 200], [[0u8; 33]; 200]);
    /// account.derive_public_keys_into_vartime(ChildNumber::normal(0)?, &mut fast)?;
    /// account.derive_public_keys_into(ChildNumber::normal(0)?, &mut constant_time)?;
    /// assert_eq!(fast, constant_time);
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn derive_public_keys_into_vartime(
        &self,
        start: ChildNumber,
        out: &mut [S::PublicKey],
    ) -> Result<()> {
        self.to_xpub().derive_public_keys_into_vartime(start, out)
    }
}

/// Children per rayon task: large enough that scheduling costs nothing next to the work.
#[cfg(feature = "parallel")]
const PARALLEL_CHUNK: usize = 256;

impl<S: Scheme> ExtendedPublicKey<S> {
    fn check_batch(&self, start: ChildNumber, count: usize) -> Result<core::ops::Range<u64>> {
        let range = sibling_range(start, count)?;
        check_public_step(start, 0)?;
        depth_after(self.depth(), 1)?;
        Ok(range)
    }

    /// The `count` normal children `start`, `start + 1`, … of this key, in order, as an
    /// iterator; the chain code's HMAC state is computed once, and with `alloc` runs of up
    /// to [`PUBLIC_RUN`] children are derived together where the scheme batches them: for
    /// secp256k1 through the batched affine public derivation of
    /// [`derive_public_keys_into_vartime`](Self::derive_public_keys_into_vartime), chain
    /// codes included.
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// [`Error::HardenedFromPublic`] for a hardened `start`; [`Error::InvalidChildIndex`] if
    /// the range runs past index 2³¹ − 1; [`Error::DepthExceeded`] at depth 255. Items are
    /// errors only where the scheme says a child does not exist ([`Error::InvalidChild`],
    /// probability below 2⁻¹²⁷).
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "secp256k1")] {
    /// use fastbip32::{ChildNumber, Xprv};
    ///
    /// let account = Xprv::from_seed(&[7; 32])?.derive_path("m/84'/0'/0'/0")?.to_xpub();
    /// let keys = account
    ///     .children_vartime(ChildNumber::normal(10)?, 300)?
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// assert_eq!(keys[5], account.derive_path_vartime("m/15")?);
    /// # }
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn children_vartime(
        &self,
        start: ChildNumber,
        count: usize,
    ) -> Result<PublicChildren<'_, S>> {
        let range = self.check_batch(start, count)?;
        Ok(PublicChildren {
            parent: self,
            key: self.hmac_key(),
            range,
            #[cfg(feature = "alloc")]
            run: (Vec::new(), 0),
        })
    }

    /// The public keys of the normal children `start`, `start + 1`, …, one per slot of
    /// `out`, without allocating. Where the backend allows, per-child work is batched: for
    /// secp256k1, `I_L·G` from a fixed-base table (built once per process, on first use) and
    /// every point addition affine, with one field inversion per round of 128 children; for
    /// BIP32-Ed25519, the point compressions share one field inversion.
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// As [`children_vartime`](Self::children_vartime), and the first per-child error
    /// ([`Error::InvalidChild`]; for secp256k1 the slots before that child hold their keys
    /// and the others are left as they were).
    pub fn derive_public_keys_into_vartime(
        &self,
        start: ChildNumber,
        out: &mut [S::PublicKey],
    ) -> Result<()> {
        self.check_batch(start, out.len())?;
        S::derive_public_batch(&self.public_key(), &self.hmac_key(), start, out, T)
    }

    /// [`derive_public_keys_into_vartime`](Self::derive_public_keys_into_vartime) on every
    /// core; the same result, in the same order.
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// As [`derive_public_keys_into_vartime`](Self::derive_public_keys_into_vartime).
    #[cfg(feature = "parallel")]
    pub fn par_derive_public_keys_into_vartime(
        &self,
        start: ChildNumber,
        out: &mut [S::PublicKey],
    ) -> Result<()> {
        use rayon::prelude::*;
        let range = self.check_batch(start, out.len())?;
        let key = self.hmac_key();
        let public = self.public_key();
        out.par_chunks_mut(PARALLEL_CHUNK)
            .enumerate()
            .try_for_each(|(i, chunk)| {
                let first = child_at(range.start + (i * PARALLEL_CHUNK) as u64);
                S::derive_public_batch(&public, &key, first, chunk, T)
            })
    }
}

#[cfg(all(feature = "secp256k1", feature = "alloc"))]
impl ExtendedPublicKey<crate::curve::Secp256k1> {
    /// As [`derive_public_keys_into_vartime`](Self::derive_public_keys_into_vartime), each
    /// child written as a [`Secp256k1Point`](crate::Secp256k1Point): the compressed key and
    /// `x ‖ y`, read from the affine points the batch computes anyway. An address encoder
    /// that hashes `x ‖ y` (Ethereum, Tron) or checks the key (Cosmos) then does neither a
    /// square root nor a check per key (`fastbip32::coin::encode_point`).
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// As [`derive_public_keys_into_vartime`](Self::derive_public_keys_into_vartime).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{ChildNumber, Secp256k1Point, Xpub};
    ///
    /// let xpub: Xpub = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8".parse()?;
    /// let start = ChildNumber::normal(0)?;
    /// let mut keys = [[0u8; 33]; 3];
    /// xpub.derive_public_keys_into_vartime(start, &mut keys)?;
    /// let mut points = [Secp256k1Point::from_compressed(&keys[0])?; 3];
    /// xpub.derive_public_points_into_vartime(start, &mut points)?;
    /// for (key, point) in keys.iter().zip(&points) {
    ///     assert_eq!(point, &Secp256k1Point::from_compressed(key)?);
    /// }
    /// # Ok::<(), fastbip32::Error>(())
    /// ```
    pub fn derive_public_points_into_vartime(
        &self,
        start: ChildNumber,
        out: &mut [crate::Secp256k1Point],
    ) -> Result<()> {
        self.check_batch(start, out.len())?;
        crate::curve::secp256k1_batch::derive_public_batch_vartime(
            &self.public_key(),
            &self.hmac_key(),
            start,
            out,
            None,
        )
    }
}
