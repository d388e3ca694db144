//! [`PathTree`]: derive many paths at once, each shared prefix once.
//!
//! Paths such as `m/44'/0'/0'/0/0 … m/44'/0'/0'/0/99` and `m/84'/0'/0'/1/0 …` share long
//! prefixes. Deriving them one by one repeats every shared level — and, for each normal step,
//! a base-point multiplication for the parent's public key. A `PathTree` merges the paths into
//! a trie and derives each node once, each parent's public key at most once, and each
//! parent's chain-code HMAC state once for all its children.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use crate::curve::Scheme;
use crate::error::{Error, Result};
use crate::key::{DeriveMany, ExtendedPrivateKey, ExtendedPublicKey};
use crate::path::{ChildNumber, IntoDerivationPath, MAX_DEPTH};

/// One node of the trie below the root (its step is the key of its edge).
#[derive(Clone, Copy, Debug)]
struct Node {
    depth: u8,
}

/// A set of key paths, merged into a trie, to derive together.
///
/// Insert paths (text, [`DerivationPath`](crate::DerivationPath)s or child-number slices),
/// then derive them all from one root key — private ([`derive`](Self::derive),
/// [`derive_from_seed`](Self::derive_from_seed)) or public
/// ([`derive_from_xpub_vartime`](Self::derive_from_xpub_vartime)). Results come back in insertion order; a path
/// inserted twice is derived once and returned twice. [`position`](Self::position) finds a
/// path's place in the results. Paths are relative to the root key (`m/…` or bare segments).
///
/// # Examples
///
/// ```
/// use fastbip32::{ExtendedPrivateKey, PathTree, Secp256k1};
///
/// let mut tree = PathTree::new();
/// for change in 0..2 {
///     for index in 0..20 {
///         tree.insert(alloc_path(change, index).as_str())?;
///     }
/// }
/// let keys = tree.derive_from_seed::<Secp256k1>(&[1; 32])?;
/// let root = ExtendedPrivateKey::<Secp256k1>::from_seed(&[1; 32])?;
/// assert_eq!(keys[25], root.derive_path("m/84'/0'/0'/1/5")?);
/// assert_eq!(tree.position("m/84'/0'/0'/1/5")?, Some(25));
///
/// fn alloc_path(change: u32, index: u32) -> String {
///     format!("m/84'/0'/0'/{change}/{index}")
/// }
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct PathTree {
    /// Node `i + 1` is `nodes[i]` (node 0 is the root); a node's parent comes before it.
    nodes: Vec<Node>,
    /// `(parent, raw child number) → node`: the trie's edges, in child-number order.
    edges: BTreeMap<(usize, u32), usize>,
    /// The node of each inserted path, in insertion order.
    targets: Vec<usize>,
}

/// Where a derivation puts its results: one slot per inserted path, each set once. A key is
/// cloned into its slot and never moved out, so every key this buffer held is wiped in place
/// when it is dropped.
struct Slots<K> {
    slots: Vec<spin::Once<K>>,
    /// `(node, position)` for every inserted path, sorted: a node's positions are a range.
    by_node: Vec<(usize, usize)>,
}

impl<K: Clone> Slots<K> {
    fn new(targets: &[usize]) -> Self {
        let mut by_node: Vec<(usize, usize)> = targets
            .iter()
            .enumerate()
            .map(|(position, &node)| (node, position))
            .collect();
        by_node.sort_unstable();
        let mut slots = Vec::with_capacity(targets.len());
        slots.resize_with(targets.len(), spin::Once::new);
        Self { slots, by_node }
    }

    /// Stores `key` as the result of every path that ends at `node`.
    fn fill(&self, node: usize, key: &K) {
        let from = self.by_node.partition_point(|&(n, _)| n < node);
        for &(_, position) in self
            .by_node
            .iter()
            .skip(from)
            .take_while(|&&(n, _)| n == node)
        {
            if let Some(slot) = self.slots.get(position) {
                slot.call_once(|| key.clone());
            }
        }
    }

    /// The results in insertion order, in a vector of exactly that size.
    fn into_results(self) -> Vec<K> {
        let mut out = Vec::with_capacity(self.slots.len());
        out.extend(self.slots.iter().filter_map(spin::Once::get).cloned());
        out
    }
}

impl PathTree {
    /// An empty tree.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of paths inserted (duplicates included).
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether no path was inserted.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The number of distinct keys a derivation computes (trie nodes below the root).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Adds a path; returns its position in the results of a derivation.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] for malformed text; [`Error::DepthExceeded`] for a path of
    /// more than 255 steps.
    pub fn insert<P: IntoDerivationPath>(&mut self, path: P) -> Result<usize> {
        let (count, steps) = path.into_steps()?;
        if count > MAX_DEPTH {
            return Err(Error::DepthExceeded);
        }
        let mut at = 0;
        let mut depth = 0u8;
        for child in steps {
            depth = depth.saturating_add(1);
            at = *self.edges.entry((at, child.to_raw())).or_insert_with(|| {
                self.nodes.push(Node { depth });
                self.nodes.len()
            });
        }
        self.targets.push(at);
        Ok(self.targets.len() - 1)
    }

    /// The position of `path` in the results (its first insertion), or `None`.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] for malformed text.
    pub fn position<P: IntoDerivationPath>(&self, path: P) -> Result<Option<usize>> {
        let (_, steps) = path.into_steps()?;
        let mut at = 0;
        for child in steps {
            match self.edges.get(&(at, child.to_raw())) {
                Some(&next) => at = next,
                None => return Ok(None),
            }
        }
        Ok(self.targets.iter().position(|&t| t == at))
    }

    /// Derives every inserted path below `root`, in insertion order.
    ///
    /// # Errors
    /// The first error of any step ([`Error::HardenedOnly`], [`Error::DepthExceeded`],
    /// [`Error::InvalidChild`], …).
    pub fn derive<S: Scheme>(
        &self,
        root: &ExtendedPrivateKey<S>,
    ) -> Result<Vec<ExtendedPrivateKey<S>>> {
        self.derive_all(root, false)
    }

    /// Derives every inserted path from the master key of `seed`, in insertion order.
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::from_seed`] and [`derive`](Self::derive).
    pub fn derive_from_seed<S: Scheme>(&self, seed: &[u8]) -> Result<Vec<ExtendedPrivateKey<S>>> {
        self.derive(&ExtendedPrivateKey::<S>::from_seed(seed)?)
    }

    /// Derives every inserted path below the public key `root` (normal steps only), in
    /// insertion order. Runs of consecutive siblings are derived together where the scheme
    /// batches them: for secp256k1, runs of 8 or more through the public batch of
    /// [`ExtendedPublicKey::derive_public_keys_into_vartime`].
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// [`Error::HardenedFromPublic`] if a path has a hardened step, and the errors of
    /// [`ExtendedPublicKey::derive_child_vartime`].
    pub fn derive_from_xpub_vartime<S: Scheme>(
        &self,
        root: &ExtendedPublicKey<S>,
    ) -> Result<Vec<ExtendedPublicKey<S>>> {
        self.derive_all(root, false)
    }

    /// [`derive`](Self::derive) on every core (rayon): sibling subtrees in parallel; the
    /// same result.
    ///
    /// # Errors
    /// As [`derive`](Self::derive).
    #[cfg(feature = "parallel")]
    pub fn par_derive<S: Scheme>(
        &self,
        root: &ExtendedPrivateKey<S>,
    ) -> Result<Vec<ExtendedPrivateKey<S>>> {
        self.derive_all(root, true)
    }

    /// [`derive_from_xpub_vartime`](Self::derive_from_xpub_vartime) on every core (rayon);
    /// the same result.
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// As [`derive_from_xpub_vartime`](Self::derive_from_xpub_vartime).
    #[cfg(feature = "parallel")]
    pub fn par_derive_from_xpub_vartime<S: Scheme>(
        &self,
        root: &ExtendedPublicKey<S>,
    ) -> Result<Vec<ExtendedPublicKey<S>>> {
        self.derive_all(root, true)
    }

    fn derive_all<K: DeriveMany>(&self, root: &K, parallel: bool) -> Result<Vec<K>> {
        let deepest = self.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
        if usize::from(root.key_depth()) + usize::from(deepest) > MAX_DEPTH {
            return Err(Error::DepthExceeded);
        }
        let slots = Slots::new(&self.targets);
        self.visit(root, 0, &slots, parallel)?;
        Ok(slots.into_results())
    }

    /// Derives the subtree below `node` (whose key is `key`): each child once, from one
    /// preparation of `key`, depth first, so only the keys of one path are alive at a time.
    fn visit<K: DeriveMany>(
        &self,
        key: &K,
        node: usize,
        slots: &Slots<K>,
        parallel: bool,
    ) -> Result<()> {
        slots.fill(node, key);
        let children: Vec<(ChildNumber, usize)> = self
            .edges
            .range((node, 0)..=(node, u32::MAX))
            .map(|(&(_, raw), &next)| (ChildNumber::from_raw(raw), next))
            .collect();
        if children.is_empty() {
            return Ok(());
        }
        let prepared = key.prepare_many();
        // An error names the step's place in the inserted paths, as `derive_path` does.
        let segment = |next: usize| {
            self.nodes
                .get(next.wrapping_sub(1))
                .map_or(0, |n| usize::from(n.depth).saturating_sub(1))
        };
        let one = |&(child, next): &(ChildNumber, usize)| -> Result<()> {
            let derived = key
                .derive_one(&prepared, child)
                .map_err(|e| e.at_segment(segment(next)))?;
            self.visit(&derived, next, slots, parallel)
        };
        let group = |run: &[(ChildNumber, usize)]| -> Result<()> {
            let derived = match run {
                [(first, _), _, ..] => key.derive_run(&prepared, *first, run.len()),
                _ => return run.iter().try_for_each(one),
            };
            let Ok(derived) = derived else {
                // A child without a key (probability below 2⁻¹²⁷): one by one, so the error
                // and what was visited before it are those of the one-by-one walk.
                return run.iter().try_for_each(one);
            };
            #[cfg(feature = "parallel")]
            if parallel {
                use rayon::prelude::*;
                return (derived.par_iter(), run.par_iter())
                    .into_par_iter()
                    .try_for_each(|(d, &(_, next))| self.visit(d, next, slots, parallel));
            }
            derived
                .iter()
                .zip(run)
                .try_for_each(|(d, &(_, next))| self.visit(d, next, slots, parallel))
        };
        let groups = runs(&children, K::RUN_MIN);
        #[cfg(feature = "parallel")]
        if parallel && groups.len() > 1 {
            use rayon::prelude::*;
            return groups.par_iter().try_for_each(|g| group(g));
        }
        let _ = parallel;
        groups.iter().try_for_each(|g| group(g))
    }
}

/// The longest run [`runs`] makes: the secp256k1 public batch's chunk, so a run's keys are
/// few and a parallel tree has a task per chunk.
const MAX_RUN: usize = 128;

/// `children` (sorted by raw number) cut into groups: runs of at least `min` (and at most
/// [`MAX_RUN`]) consecutive normal child numbers, to derive together, and single children.
fn runs(children: &[(ChildNumber, usize)], min: usize) -> Vec<&[(ChildNumber, usize)]> {
    let mut groups = Vec::new();
    let mut rest = children;
    while !rest.is_empty() {
        let mut len = 1;
        while let (Some((a, _)), Some((b, _))) = (rest.get(len - 1), rest.get(len)) {
            if len == MAX_RUN || !b.is_normal() || b.to_raw() != a.to_raw().wrapping_add(1) {
                break;
            }
            len += 1;
        }
        let normal = rest.first().is_some_and(|(c, _)| c.is_normal());
        let take = if normal && len >= min { len } else { 1 };
        let (group, later) = rest.split_at(take);
        groups.push(group);
        rest = later;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_consecutive_normal_children() {
        let raws = [
            0u32,
            1,
            2,
            4,
            5,
            6,
            7,
            9,
            0x7fff_fffe,
            0x7fff_ffff,
            1 << 31,
            (1 << 31) + 1,
        ];
        let children: Vec<(ChildNumber, usize)> = raws
            .iter()
            .enumerate()
            .map(|(i, &raw)| (ChildNumber::from_raw(raw), i))
            .collect();
        let lens = |min| {
            runs(&children, min)
                .iter()
                .map(|g| g.len())
                .collect::<Vec<_>>()
        };
        // Runs stop at a gap and at the hardened bit; hardened children stay single.
        assert_eq!(lens(2), [3, 4, 1, 2, 1, 1]);
        assert_eq!(lens(4), [1, 1, 1, 4, 1, 1, 1, 1, 1]);
        assert_eq!(lens(usize::MAX), [1; 12]);
        // Long runs are cut at MAX_RUN.
        let long: Vec<(ChildNumber, usize)> = (0..300u32)
            .map(|raw| (ChildNumber::from_raw(raw), 0))
            .collect();
        let cut = runs(&long, 8).iter().map(|g| g.len()).collect::<Vec<_>>();
        assert_eq!(cut, [MAX_RUN, MAX_RUN, 300 - 2 * MAX_RUN]);
        // The groups cover every child once, in order.
        let flat: Vec<_> = runs(&children, 3).concat();
        assert_eq!(flat, children);
    }
}
