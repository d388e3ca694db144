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
use crate::hash::HmacSha512;
use crate::key::{ExtendedPrivateKey, ExtendedPublicKey, IntoDerivationPath, Prepared};
use crate::path::ChildNumber;

/// One node of the trie: a step below its parent.
#[derive(Clone, Copy, Debug)]
struct Node {
    parent: usize,
    child: ChildNumber,
    depth: u8,
    children: usize,
    normal_children: bool,
    target: bool,
    first_position: Option<usize>,
}

/// A set of key paths, merged into a trie, to derive together.
///
/// Insert paths (text, [`DerivationPath`](crate::DerivationPath)s or child-number slices),
/// then derive them all from one root key — private ([`derive`](Self::derive),
/// [`derive_from_seed`](Self::derive_from_seed)) or public
/// ([`derive_public`](Self::derive_public)). Results come back in insertion order; a path
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
    /// Node 0 is the root; a node's parent always comes before it.
    nodes: Vec<Node>,
    edges: BTreeMap<(usize, u32), usize>,
    targets: Vec<usize>,
}

/// What a tree derives with: a private or a public extended key.
trait TreeKey: Sized + Clone + Send + Sync {
    type Prepared: Send + Sync;
    fn prepare(&self, normal_children: bool) -> Self::Prepared;
    fn derive(&self, prepared: &Self::Prepared, child: ChildNumber) -> Result<Self>;
    fn depth(&self) -> u8;
}

impl<S: Scheme> TreeKey for ExtendedPrivateKey<S> {
    type Prepared = Prepared<S>;

    fn prepare(&self, normal_children: bool) -> Prepared<S> {
        ExtendedPrivateKey::prepare(self, normal_children)
    }

    fn derive(&self, prepared: &Prepared<S>, child: ChildNumber) -> Result<Self> {
        self.derive_prepared(prepared, child)
    }

    fn depth(&self) -> u8 {
        ExtendedPrivateKey::depth(self)
    }
}

impl<S: Scheme> TreeKey for ExtendedPublicKey<S> {
    type Prepared = HmacSha512;

    fn prepare(&self, _normal_children: bool) -> HmacSha512 {
        self.hmac_key()
    }

    fn derive(&self, prepared: &HmacSha512, child: ChildNumber) -> Result<Self> {
        if child.is_hardened() {
            return Err(Error::HardenedFromPublic {
                index: child.index(),
            });
        }
        self.derive_prepared(prepared, child)
    }

    fn depth(&self) -> u8 {
        ExtendedPublicKey::depth(self)
    }
}

const ROOT: Node = Node {
    parent: 0,
    child: ChildNumber::from_raw(0),
    depth: 0,
    children: 0,
    normal_children: false,
    target: false,
    first_position: None,
};

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
        self.nodes.len().saturating_sub(1)
    }

    /// Adds a path; returns its position in the results of a derivation.
    ///
    /// # Errors
    /// [`Error::InvalidPath`] for malformed text.
    pub fn insert<P: IntoDerivationPath>(&mut self, path: P) -> Result<usize> {
        let (_, steps) = path.into_steps()?;
        if self.nodes.is_empty() {
            self.nodes.push(ROOT);
        }
        let mut at = 0;
        for child in steps {
            at = if let Some(&next) = self.edges.get(&(at, child.to_raw())) {
                next
            } else {
                let next = self.nodes.len();
                let parent = self.nodes.get_mut(at).ok_or(Error::DepthExceeded)?;
                parent.children += 1;
                parent.normal_children |= child.is_normal();
                let depth = parent.depth.checked_add(1).ok_or(Error::DepthExceeded)?;
                self.nodes.push(Node {
                    parent: at,
                    child,
                    depth,
                    ..ROOT
                });
                self.edges.insert((at, child.to_raw()), next);
                next
            };
        }
        let position = self.targets.len();
        if let Some(node) = self.nodes.get_mut(at) {
            node.target = true;
            node.first_position.get_or_insert(position);
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
        Ok(self.nodes.get(at).and_then(|n| n.first_position))
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
        self.derive_serial(root)
    }

    /// Derives every inserted path from the master key of `seed`, in insertion order.
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::from_seed`] and [`derive`](Self::derive).
    pub fn derive_from_seed<S: Scheme>(&self, seed: &[u8]) -> Result<Vec<ExtendedPrivateKey<S>>> {
        self.derive(&ExtendedPrivateKey::<S>::from_seed(seed)?)
    }

    /// Derives every inserted path below the public key `root` (normal steps only), in
    /// insertion order.
    ///
    /// # Security
    ///
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// [`Error::HardenedFromPublic`] if a path has a hardened step, and the errors of
    /// [`ExtendedPublicKey::derive_child`].
    pub fn derive_public<S: Scheme>(
        &self,
        root: &ExtendedPublicKey<S>,
    ) -> Result<Vec<ExtendedPublicKey<S>>> {
        self.derive_serial(root)
    }

    fn check_depth<K: TreeKey>(&self, root: &K) -> Result<()> {
        let deepest = self.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
        if usize::from(root.depth()) + usize::from(deepest) > usize::from(u8::MAX) {
            return Err(Error::DepthExceeded);
        }
        Ok(())
    }

    fn derive_serial<K: TreeKey>(&self, root: &K) -> Result<Vec<K>> {
        self.check_depth(root)?;
        let mut keys: Vec<Option<K>> = Vec::with_capacity(self.nodes.len());
        let mut prepared: Vec<Option<K::Prepared>> = Vec::with_capacity(self.nodes.len());
        let mut remaining: Vec<usize> = self.nodes.iter().map(|n| n.children).collect();
        keys.push(Some(root.clone()));
        prepared.push(None);
        for node in self.nodes.iter().skip(1) {
            let p = node.parent;
            let parent_node = self.nodes.get(p).copied().unwrap_or(ROOT);
            let parent_key = keys
                .get(p)
                .and_then(Option::as_ref)
                .ok_or(Error::DepthExceeded)?;
            let slot = prepared.get_mut(p).ok_or(Error::DepthExceeded)?;
            let prep = slot.get_or_insert_with(|| parent_key.prepare(parent_node.normal_children));
            let key = parent_key.derive(prep, node.child)?;
            keys.push(Some(key));
            prepared.push(None);
            // A parent whose children are all derived is dropped unless it is a result.
            if let Some(left) = remaining.get_mut(p) {
                *left -= 1;
                if *left == 0 && !parent_node.target {
                    if let (Some(k), Some(s)) = (keys.get_mut(p), prepared.get_mut(p)) {
                        *k = None;
                        *s = None;
                    }
                }
            }
        }
        self.collect(&keys)
    }

    fn collect<K: TreeKey>(&self, keys: &[Option<K>]) -> Result<Vec<K>> {
        self.targets
            .iter()
            .map(|&t| {
                keys.get(t)
                    .and_then(Option::clone)
                    .ok_or(Error::DepthExceeded)
            })
            .collect()
    }

    /// [`derive`](Self::derive) on every core (rayon), level by level; the same result.
    ///
    /// # Errors
    /// As [`derive`](Self::derive).
    #[cfg(feature = "parallel")]
    pub fn par_derive<S: Scheme>(
        &self,
        root: &ExtendedPrivateKey<S>,
    ) -> Result<Vec<ExtendedPrivateKey<S>>> {
        self.derive_parallel(root)
    }

    /// [`derive_public`](Self::derive_public) on every core (rayon); the same result.
    ///
    /// # Errors
    /// As [`derive_public`](Self::derive_public).
    #[cfg(feature = "parallel")]
    pub fn par_derive_public<S: Scheme>(
        &self,
        root: &ExtendedPublicKey<S>,
    ) -> Result<Vec<ExtendedPublicKey<S>>> {
        self.derive_parallel(root)
    }

    #[cfg(feature = "parallel")]
    fn derive_parallel<K: TreeKey>(&self, root: &K) -> Result<Vec<K>> {
        use rayon::prelude::*;
        self.check_depth(root)?;
        let mut levels: Vec<Vec<usize>> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate().skip(1) {
            let d = usize::from(node.depth);
            if levels.len() < d {
                levels.resize_with(d, Vec::new);
            }
            if let Some(level) = levels.get_mut(d - 1) {
                level.push(i);
            }
        }
        let mut keys: Vec<Option<K>> = Vec::new();
        keys.resize_with(self.nodes.len(), || None);
        let mut prepared: Vec<Option<K::Prepared>> = Vec::new();
        prepared.resize_with(self.nodes.len(), || None);
        if let Some(k) = keys.get_mut(0) {
            *k = Some(root.clone());
        }
        for level in &levels {
            // Prepare this level's parents (each once), then derive the level.
            let mut parents: Vec<usize> = level
                .iter()
                .filter_map(|&i| self.nodes.get(i).map(|n| n.parent))
                .collect();
            parents.dedup();
            let made: Vec<(usize, K::Prepared)> = parents
                .par_iter()
                .filter_map(|&p| {
                    let key = keys.get(p)?.as_ref()?;
                    let normal = self.nodes.get(p)?.normal_children;
                    Some((p, key.prepare(normal)))
                })
                .collect();
            for (p, prep) in made {
                if let Some(slot) = prepared.get_mut(p) {
                    *slot = Some(prep);
                }
            }
            let derived: Vec<Result<K>> = level
                .par_iter()
                .map(|&i| {
                    let node = self.nodes.get(i).ok_or(Error::DepthExceeded)?;
                    let parent = keys
                        .get(node.parent)
                        .and_then(Option::as_ref)
                        .ok_or(Error::DepthExceeded)?;
                    let prep = prepared
                        .get(node.parent)
                        .and_then(Option::as_ref)
                        .ok_or(Error::DepthExceeded)?;
                    parent.derive(prep, node.child)
                })
                .collect();
            for (&i, key) in level.iter().zip(derived) {
                if let Some(slot) = keys.get_mut(i) {
                    *slot = Some(key?);
                }
            }
        }
        self.collect(&keys)
    }
}
