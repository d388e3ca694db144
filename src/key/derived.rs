//! [`DerivedKey`]: a private key and its chain code, with no BIP-32 metadata.

use core::fmt;

use subtle::{Choice, ConstantTimeEq};
use zeroize::ZeroizeOnDrop;

use super::meta::T;
use super::walk::{master_key, walk};
use crate::chain_code::ChainCode;
use crate::curve::Scheme;
use crate::error::Result;
use crate::path::{ChildNumber, IntoDerivationPath};
use crate::secret::SecretBytes;

/// A derived private key and its chain code, and nothing else: no depth, no child number, no
/// parent fingerprint, no cached public key.
///
/// This is the lean result of a derivation, what the SLIP-10 reference's
/// `DerivePath(path, seed)` returns and what ed25519 (Solana, Stellar, …) wallets use. Because
/// it names no parent, a walk to it computes no public key for hardened steps at all — for an
/// all-hardened SLIP-10 ed25519 path that is about four times cheaper than an
/// [`ExtendedPrivateKey`](crate::ExtendedPrivateKey), which computes its parent's public key for
/// its parent fingerprint. It holds no ancestor's secret either.
///
/// Wiped on drop, `Clone` but not `Copy`, equal in constant time, `Debug` shows no secret.
///
/// # Examples
///
/// ```
/// use fastbip32::{DerivedKey, Ed25519, ExtendedPrivateKey};
///
/// let seed = [0x42u8; 32];
/// let key = DerivedKey::<Ed25519>::from_seed(&seed)?.derive_path("m/44'/501'/0'/0'")?;
/// let full = ExtendedPrivateKey::<Ed25519>::from_seed(&seed)?.derive_path("m/44'/501'/0'/0'")?;
/// assert_eq!(key.private_key(), full.private_key());
/// assert_eq!(key.chain_code(), full.chain_code());
/// assert_eq!(key.public_key(), full.public_key());
/// # Ok::<(), fastbip32::Error>(())
/// ```
pub struct DerivedKey<S: Scheme> {
    pub(super) secret: SecretBytes<S::PrivateKey>,
    pub(super) chain_code: ChainCode,
}

impl<S: Scheme> Clone for DerivedKey<S> {
    fn clone(&self) -> Self {
        Self::new(self.secret.clone(), self.chain_code.clone())
    }
}

impl<S: Scheme> DerivedKey<S> {
    pub(crate) fn new(secret: SecretBytes<S::PrivateKey>, chain_code: ChainCode) -> Self {
        Self { secret, chain_code }
    }

    /// The master key of a seed, as [`ExtendedPrivateKey::from_seed`] computes it.
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::from_seed`].
    ///
    /// [`ExtendedPrivateKey::from_seed`]: crate::ExtendedPrivateKey::from_seed
    pub fn from_seed(seed: &[u8]) -> Result<Self> {
        let (secret, chain_code) = master_key::<S>(seed)?;
        Ok(Self::new(secret, chain_code))
    }

    /// The private key bytes.
    pub fn private_key(&self) -> &S::PrivateKey {
        self.secret.expose()
    }

    /// The chain code.
    pub fn chain_code(&self) -> &ChainCode {
        &self.chain_code
    }

    /// The public key, computed on each call (nothing is cached).
    pub fn public_key(&self) -> S::PublicKey {
        S::public_key(&self.secret, T)
    }

    /// Derives one child, as [`ExtendedPrivateKey::derive_child`] does.
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::derive_child`], except that there is no depth to exceed.
    ///
    /// [`ExtendedPrivateKey::derive_child`]: crate::ExtendedPrivateKey::derive_child
    pub fn derive_child(&self, child: ChildNumber) -> Result<Self> {
        self.derive_steps(1, core::iter::once(child))
    }

    /// Derives the key at `path` below this key, computing public keys only for the parents
    /// of normal steps.
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::derive_path`](crate::ExtendedPrivateKey::derive_path), except
    /// that there is no depth to exceed.
    pub fn derive_path<P: IntoDerivationPath>(&self, path: P) -> Result<Self> {
        let (count, steps) = path.into_steps()?;
        self.derive_steps(count, steps)
    }

    fn derive_steps(&self, count: usize, steps: impl Iterator<Item = ChildNumber>) -> Result<Self> {
        if count == 0 {
            return Ok(self.clone());
        }
        let walked = walk::<S>(
            &self.secret,
            &self.chain_code,
            || self.public_key(),
            count,
            steps,
            false,
        )?;
        Ok(Self::new(walked.secret, walked.chain_code))
    }
}

impl<S: Scheme> ZeroizeOnDrop for DerivedKey<S> {}

impl<S: Scheme> ConstantTimeEq for DerivedKey<S> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.secret.ct_eq(&other.secret) & self.chain_code.ct_eq(&other.chain_code)
    }
}

impl<S: Scheme> PartialEq for DerivedKey<S> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<S: Scheme> Eq for DerivedKey<S> {}

impl<S: Scheme> fmt::Debug for DerivedKey<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DerivedKey")
            .field("scheme", &S::NAME)
            .finish_non_exhaustive()
    }
}
