//! Extended keys of a scheme chosen at run time: [`AnyExtendedPrivateKey`] and
//! [`AnyExtendedPublicKey`], keyed by the [`CurveName`] users write.
//!
//! The library's keys take their scheme as a type parameter ([`ExtendedPrivateKey<S>`]),
//! which is what a program that knows its curve wants. A program that reads the curve from
//! its user (a `--curve` option, a `curve=` argument) holds one of these instead: an enum of
//! the per-scheme keys, with the curve name it was made with (the three BIP32-Ed25519 curves
//! share a scheme and differ only in how a master key is made) and, for BIP32-Ed25519, its
//! CIP-1852 [`Role`] (which names the CIP-5 prefix of its text). Every method dispatches once
//! over the scheme; the language bindings are thin wrappers over these types.
//!
//! An operation a scheme does not define (the extended public key of a hardened-only scheme,
//! the text of an ed25519 key, WIF outside secp256k1) is [`AnyKeyError::Unsupported`].
//!
//! # Examples
//!
//! ```
//! use fastbip32::{AnyExtendedPrivateKey, CurveName};
//!
//! let curve: CurveName = "secp256k1".parse()?;
//! let master = AnyExtendedPrivateKey::from_seed(curve, &[7; 32])?;
//! let account = master.derive_path("m/84'/0'/0'")?;
//! let xpub = account.to_xpub()?;
//! assert_eq!(xpub.depth(), 3);
//! assert!(xpub.to_text(Some("zpub"))?.starts_with("zpub"));
//! assert_eq!(xpub.public_key().as_ref().len(), 33);
//!
//! let ed = AnyExtendedPrivateKey::from_seed(CurveName::Ed25519, &[7; 32])?;
//! assert!(ed.to_xpub().is_err()); // hardened derivation only: no extended public key
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};

use zeroize::Zeroizing;

use crate::cardano::{cip5_prefix, Cip5Prefix, Role, XPRV_BECH32_MAX_LEN, XPUB_BECH32_MAX_LEN};
#[cfg(feature = "ed25519-blake2b")]
use crate::curve::Ed25519Blake2b;
use crate::curve::{Curve25519, CurveName, Ed25519, Ed25519Bip32, NistP256, Scheme, Secp256k1};
use crate::secret::{ByteArray, SecretBytes};
use crate::{
    ChainCode, ChildNumber, DerivationPath, DerivedKey, Error, ExtendedKey, ExtendedPrivateKey,
    ExtendedPublicKey, Fingerprint, PathTree, Version, VersionPair, PUBLIC_RUN,
};

/// The per-scheme extended private key an [`AnyExtendedPrivateKey`] holds.
#[derive(Clone, PartialEq)]
enum AnyPrivate {
    Secp256k1(ExtendedPrivateKey<Secp256k1>),
    Nist256p1(ExtendedPrivateKey<NistP256>),
    Ed25519(ExtendedPrivateKey<Ed25519>),
    Curve25519(ExtendedPrivateKey<Curve25519>),
    #[cfg(feature = "ed25519-blake2b")]
    Ed25519Blake2b(ExtendedPrivateKey<Ed25519Blake2b>),
    Ed25519Bip32(ExtendedPrivateKey<Ed25519Bip32>),
}

/// The per-scheme extended public key an [`AnyExtendedPublicKey`] holds (the schemes with
/// normal derivation only).
#[derive(Clone, PartialEq, Eq, Hash)]
enum AnyPublic {
    Secp256k1(ExtendedPublicKey<Secp256k1>),
    Nist256p1(ExtendedPublicKey<NistP256>),
    Ed25519Bip32(ExtendedPublicKey<Ed25519Bip32>),
}

/// Runs `$body` with `$k` bound to the private key of whatever scheme `$key` holds; with
/// `map`, wraps the result (a key of the same scheme) back in its variant. The one dispatch
/// from a runtime scheme to code written once over [`Scheme`].
macro_rules! on_private {
    (map $key:expr, |$k:ident| $body:expr) => {
        match $key {
            AnyPrivate::Secp256k1($k) => AnyPrivate::Secp256k1($body),
            AnyPrivate::Nist256p1($k) => AnyPrivate::Nist256p1($body),
            AnyPrivate::Ed25519($k) => AnyPrivate::Ed25519($body),
            AnyPrivate::Curve25519($k) => AnyPrivate::Curve25519($body),
            #[cfg(feature = "ed25519-blake2b")]
            AnyPrivate::Ed25519Blake2b($k) => AnyPrivate::Ed25519Blake2b($body),
            AnyPrivate::Ed25519Bip32($k) => AnyPrivate::Ed25519Bip32($body),
        }
    };
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            AnyPrivate::Secp256k1($k) => $body,
            AnyPrivate::Nist256p1($k) => $body,
            AnyPrivate::Ed25519($k) => $body,
            AnyPrivate::Curve25519($k) => $body,
            #[cfg(feature = "ed25519-blake2b")]
            AnyPrivate::Ed25519Blake2b($k) => $body,
            AnyPrivate::Ed25519Bip32($k) => $body,
        }
    };
}

/// As [`on_private!`], for the public keys.
macro_rules! on_public {
    (map $key:expr, |$k:ident| $body:expr) => {
        match $key {
            AnyPublic::Secp256k1($k) => AnyPublic::Secp256k1($body),
            AnyPublic::Nist256p1($k) => AnyPublic::Nist256p1($body),
            AnyPublic::Ed25519Bip32($k) => AnyPublic::Ed25519Bip32($body),
        }
    };
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            AnyPublic::Secp256k1($k) => $body,
            AnyPublic::Nist256p1($k) => $body,
            AnyPublic::Ed25519Bip32($k) => $body,
        }
    };
}

/// What a key's text is written in, for the parts the private and public keys share: a
/// BIP-32 version (secp256k1, nist256p1), the CIP-5 prefix of the key's role
/// (BIP32-Ed25519), or nothing (the schemes without text).
#[derive(Clone, Copy)]
enum TextVersion {
    Bip32(Version),
    Cip5,
    NoText,
}

impl TextVersion {
    /// The version's name, `cip5` (the prefix of the key's role and kind) on BIP32-Ed25519;
    /// `None` for a custom version or a scheme without text.
    fn name(self, cip5: Cip5Prefix) -> Option<&'static str> {
        match self {
            Self::Bip32(version) => version.name(),
            Self::Cip5 => Some(cip5.as_str()),
            Self::NoText => None,
        }
    }

    /// Whether a BIP-32 version names a test network; `None` for the others.
    fn test_network(self) -> Option<bool> {
        match self {
            Self::Bip32(version) => version.is_testnet(),
            Self::Cip5 | Self::NoText => None,
        }
    }
}

impl AnyPrivate {
    /// What this key's text is written in.
    fn text_version(&self) -> TextVersion {
        match self {
            Self::Secp256k1(k) => TextVersion::Bip32(k.version()),
            Self::Nist256p1(k) => TextVersion::Bip32(k.version()),
            Self::Ed25519Bip32(_) => TextVersion::Cip5,
            #[cfg(feature = "ed25519-blake2b")]
            Self::Ed25519Blake2b(_) => TextVersion::NoText,
            Self::Ed25519(_) | Self::Curve25519(_) => TextVersion::NoText,
        }
    }
}

impl AnyPublic {
    /// What this key's text is written in.
    fn text_version(&self) -> TextVersion {
        match self {
            Self::Secp256k1(k) => TextVersion::Bip32(k.version()),
            Self::Nist256p1(k) => TextVersion::Bip32(k.version()),
            Self::Ed25519Bip32(_) => TextVersion::Cip5,
        }
    }
}

/// The accessors both key types have, through the dispatch macro `$on`; `$prefix` is the
/// [`Role`] method that names the CIP-5 prefix of the key's kind.
macro_rules! accessors {
    ($on:ident, $prefix:ident) => {
        /// The curve name the key was made with.
        pub const fn curve(&self) -> CurveName {
            self.curve
        }

        /// The key's CIP-1852 role ([`Role::Other`] outside BIP32-Ed25519).
        pub const fn role(&self) -> Role {
            self.role
        }

        /// The depth: 0 for a master key.
        pub fn depth(&self) -> u8 {
            $on!(&self.key, |k| k.depth())
        }

        /// The child number this key was derived with.
        pub fn child_number(&self) -> ChildNumber {
            $on!(&self.key, |k| k.child_number())
        }

        /// This key's fingerprint.
        pub fn fingerprint(&self) -> Fingerprint {
            $on!(&self.key, |k| k.fingerprint())
        }

        /// The parent's fingerprint (zero for a master key).
        pub fn parent_fingerprint(&self) -> Fingerprint {
            $on!(&self.key, |k| k.parent_fingerprint())
        }

        /// The chain code.
        pub fn chain_code(&self) -> &ChainCode {
            $on!(&self.key, |k| k.chain_code())
        }

        /// The public key (of a private key: computed once, then cached).
        pub fn public_key(&self) -> PublicKeyBytes {
            $on!(&self.key, |k| PublicKeyBytes::of(k.public_key().as_ref()))
        }

        /// The name of the version the key's text is written in (`xprv`, `zpub`, `tprv`, …;
        /// the CIP-5 prefix of its role on BIP32-Ed25519), or `None` (a custom version, or a
        /// scheme without text).
        pub fn version_name(&self) -> Option<&'static str> {
            self.key.text_version().name(self.role.$prefix())
        }

        /// Whether the key's version names a test network (`tprv`, `tpub`: `Some(true)`), for
        /// the keys with BIP-32 versions; `None` for the others and for custom versions.
        pub fn test_network(&self) -> Option<bool> {
            self.key.text_version().test_network()
        }
    };
}

/// An operation that some schemes do not define, named in [`AnyKeyError::Unsupported`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Operation {
    /// A master key from a BIP-39 seed (the Icarus curves start from entropy).
    SeedMaster,
    /// A master key from BIP-39 entropy (the Icarus curves only).
    EntropyMaster,
    /// An extended public key (the hardened-only schemes have none).
    ExtendedPublicKey,
    /// Extended key text: BIP-32 `Base58Check` or CIP-5 bech32.
    KeyText,
    /// Extended key bytes: BIP-32's 78 bytes or BIP32-Ed25519's raw bytes.
    KeyBytes,
    /// Wallet import format (secp256k1 only).
    Wif,
}

impl Operation {
    /// What the operation makes, as an error message names it (`an extended public key`,
    /// `extended key text`, …).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::SeedMaster => "a master key from a seed",
            Self::EntropyMaster => "a master key from entropy",
            Self::ExtendedPublicKey => "an extended public key",
            Self::KeyText => "extended key text",
            Self::KeyBytes => "extended key bytes",
            Self::Wif => "WIF",
        }
    }
}

/// The error of an [`AnyExtendedPrivateKey`] or [`AnyExtendedPublicKey`] operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnyKeyError {
    /// The library's error for the key, path, text or bytes.
    Key(Error),
    /// The scheme of `curve` does not define `operation`.
    Unsupported {
        /// The key's curve.
        curve: CurveName,
        /// What was asked for.
        operation: Operation,
    },
    /// A version name that names no version of the key's text: not a BIP-32 version name
    /// (`xprv`, `zpub`, …) for a secp256k1 or nist256p1 key, not a CIP-5 prefix (`acct_xsk`,
    /// …) for a BIP32-Ed25519 one.
    UnknownVersionName,
}

impl AnyKeyError {
    /// The name of the error's kind: the library error's
    /// ([`Error::kind`]), `UnsupportedByScheme` or `UnknownVersionName`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Key(e) => e.kind(),
            Self::Unsupported { .. } => "UnsupportedByScheme",
            Self::UnknownVersionName => "UnknownVersionName",
        }
    }
}

impl fmt::Display for AnyKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Key(e) => fmt::Display::fmt(e, f),
            Self::Unsupported { curve, operation } => write!(
                f,
                "{} is not defined for {} keys",
                operation.as_str(),
                curve.name()
            ),
            Self::UnknownVersionName => f.write_str("unknown version name"),
        }
    }
}

impl core::error::Error for AnyKeyError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Key(e) => Some(e),
            Self::Unsupported { .. } | Self::UnknownVersionName => None,
        }
    }
}

impl From<Error> for AnyKeyError {
    fn from(e: Error) -> Self {
        Self::Key(e)
    }
}

/// A public key of any scheme: 33 bytes (SEC1 compressed) on secp256k1 and nist256p1, 32 on
/// the ed25519 schemes and curve25519. Its bytes are [`as_ref`](AsRef::as_ref).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PublicKeyBytes {
    bytes: [u8; 33],
    len: u8,
}

impl PublicKeyBytes {
    fn of(key: &[u8]) -> Self {
        let mut bytes = [0; 33];
        for (b, k) in bytes.iter_mut().zip(key) {
            *b = *k;
        }
        Self {
            bytes,
            len: u8::try_from(key.len().min(33)).unwrap_or(33),
        }
    }
}

impl AsRef<[u8]> for PublicKeyBytes {
    fn as_ref(&self) -> &[u8] {
        self.bytes
            .get(..usize::from(self.len))
            .unwrap_or(&self.bytes)
    }
}

impl fmt::Debug for PublicKeyBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PublicKeyBytes(")?;
        for b in self.as_ref() {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}

/// The family of the addresses the public keys of `curve` have, if any: the curve the
/// address kinds of [`crate::address`] name (no family for curve25519, whose keys are
/// Diffie-Hellman keys).
#[cfg(feature = "address")]
pub const fn address_family(curve: CurveName) -> Option<crate::address::CurveFamily> {
    use crate::address::CurveFamily;
    match curve {
        CurveName::Secp256k1 => Some(CurveFamily::Secp256k1),
        CurveName::Nist256p1 => Some(CurveFamily::Nist256p1),
        CurveName::Ed25519 => Some(CurveFamily::Ed25519),
        CurveName::Ed25519Blake2b => Some(CurveFamily::Ed25519Blake2b),
        CurveName::Ed25519Bip32 | CurveName::CardanoIcarus | CurveName::CardanoIcarusTrezor => {
            Some(CurveFamily::Ed25519Bip32)
        }
        CurveName::Curve25519 => None,
    }
}

/// The role a key of `curve` made as a master key has: [`Role::Root`] on the BIP32-Ed25519
/// curves (CIP-5's `root_xsk`), [`Role::Other`] elsewhere.
const fn master_role(curve: CurveName) -> Role {
    if curve.is_cardano() {
        Role::Root
    } else {
        Role::Other
    }
}

/// The role of the key at `path` below a key of role `role`.
fn role_after(role: Role, path: &str) -> Result<Role, Error> {
    let steps = DerivationPath::parse_relative(path)?;
    Ok(role.after(steps.iter()))
}

/// The CIP-5 role named by one of its prefixes (`acct_xsk`, `root_xvk`, …).
fn role_named(name: &str) -> Result<Role, AnyKeyError> {
    Cip5Prefix::ALL
        .into_iter()
        .find(|p| p.as_str() == name)
        .map(Role::of_prefix)
        .ok_or(AnyKeyError::UnknownVersionName)
}

/// The version pair named by either of its versions.
fn version_pair(name: &str) -> Result<VersionPair, AnyKeyError> {
    Version::from_name(name)
        .and_then(Version::pair)
        .ok_or(AnyKeyError::UnknownVersionName)
}

/// `data` as an array of `N` bytes, or [`Error::InvalidLength`].
fn fixed<const N: usize>(data: &[u8]) -> Result<&[u8; N], Error> {
    data.try_into().map_err(|_| Error::InvalidLength {
        len: data.len(),
        expected: N,
    })
}

/// The number of keys of `width` bytes `out` holds, or [`Error::InvalidLength`] for a
/// length that is not a multiple of `width`.
fn slots(out: &[u8], width: usize) -> Result<usize, Error> {
    if out.len().is_multiple_of(width) {
        Ok(out.len() / width)
    } else {
        Err(Error::InvalidLength {
            len: out.len(),
            expected: out.len() / width * width,
        })
    }
}

/// The child `offset` places after `first`.
fn nth(first: ChildNumber, offset: usize) -> ChildNumber {
    let offset = u32::try_from(offset).unwrap_or(u32::MAX);
    ChildNumber::from_raw(first.to_raw().saturating_add(offset))
}

/// Fills `out` with keys of `width` bytes, end to end: `derive` writes the keys of the
/// children from a given one into slots of type `T`, and each slot's `bytes` are copied to
/// `out`. The slots are one vector for all the keys, reserved whole (so that the scheme's
/// batch and its once-per-call work span the whole range), or where the allocator refuses
/// it `stack`, [`PUBLIC_RUN`] keys at a time. Slots of secrets wipe themselves on drop.
fn in_runs<T: Clone>(
    first: ChildNumber,
    out: &mut [u8],
    width: usize,
    stack: &mut [T],
    bytes: impl Fn(&T) -> &[u8],
    derive: impl Fn(ChildNumber, &mut [T]) -> Result<(), Error>,
) -> Result<(), Error> {
    let count = slots(out, width)?;
    let mut heap = Vec::new();
    let run: &mut [T] = match stack.first() {
        Some(zero) if heap.try_reserve_exact(count).is_ok() => {
            heap.resize(count, zero.clone());
            &mut heap
        }
        Some(_) | None => stack,
    };
    let per = run.len().max(1);
    for (i, chunk) in out.chunks_mut(width * per).enumerate() {
        let (slots, _) = run.split_at_mut(chunk.len() / width);
        derive(nth(first, i * per), slots)?;
        for (slot, out) in slots.iter().zip(chunk.chunks_exact_mut(width)) {
            out.copy_from_slice(bytes(slot));
        }
    }
    Ok(())
}

/// The private keys of the children of `key` from `first`, end to end in `out`, derived in
/// wiped slots.
fn private_children<S: Scheme>(
    key: &ExtendedPrivateKey<S>,
    first: ChildNumber,
    out: &mut [u8],
) -> Result<(), Error> {
    let width = S::PrivateKey::LEN;
    key.children(first, slots(out, width)?)?;
    let mut stack = [const { SecretBytes::new(S::PrivateKey::ZERO) }; PUBLIC_RUN];
    in_runs(
        first,
        out,
        width,
        &mut stack,
        |slot| slot.expose().as_ref(),
        |child, slots| key.derive_private_keys_into(child, slots),
    )
}

/// The public keys of children from `first`, end to end in `out`: `check` checks the range
/// of that many children, `derive` writes their keys into slots (the children of a private
/// key in constant time, or of a public key batched in variable time), `public` fills the
/// slots first.
fn public_children<P: Copy + AsRef<[u8]>>(
    public: P,
    first: ChildNumber,
    out: &mut [u8],
    check: impl FnOnce(usize) -> Result<(), Error>,
    derive: impl Fn(ChildNumber, &mut [P]) -> Result<(), Error>,
) -> Result<(), Error> {
    let width = public.as_ref().len();
    check(slots(out, width)?)?;
    in_runs(
        first,
        out,
        width,
        &mut [public; PUBLIC_RUN],
        AsRef::as_ref,
        derive,
    )
}

/// The keys of `tree` below `root`, each cloned from the tree's vector (which wipes every
/// key when it is dropped) into a vector reserved whole before: no key is moved through a
/// buffer that is freed unwiped.
fn tree_keys<S: Scheme>(
    tree: &PathTree,
    root: &ExtendedPrivateKey<S>,
    curve: CurveName,
    wrap: fn(ExtendedPrivateKey<S>) -> AnyPrivate,
) -> Result<Vec<AnyExtendedPrivateKey>, Error> {
    let keys = tree.derive(root)?;
    let mut out = Vec::with_capacity(keys.len());
    for key in &keys {
        out.push(AnyExtendedPrivateKey {
            key: wrap(key.clone()),
            curve,
            role: Role::Other,
        });
    }
    Ok(out)
}

/// An extended private key of a scheme chosen at run time, with the curve name it was made
/// with and its CIP-1852 role (see the [module](self) documentation).
///
/// Equal when scheme, key, chain code and metadata are (the curve name and role are not
/// compared); the secret compares in constant time. Its secret is wiped on drop.
#[derive(Clone)]
pub struct AnyExtendedPrivateKey {
    key: AnyPrivate,
    curve: CurveName,
    role: Role,
}

impl PartialEq for AnyExtendedPrivateKey {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for AnyExtendedPrivateKey {}

/// Curve and depth only: the secret stays out of debug output.
impl fmt::Debug for AnyExtendedPrivateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyExtendedPrivateKey")
            .field("curve", &self.curve)
            .field("depth", &self.depth())
            .finish_non_exhaustive()
    }
}

impl AnyExtendedPrivateKey {
    accessors!(on_private, private_prefix);

    /// The master key of `seed` (16 to 64 bytes) on `curve`: BIP-32 or SLIP-10, and on
    /// `ed25519-bip32` the Ledger/BitBox02 method. A BIP32-Ed25519 master key has
    /// [`Role::Root`].
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] ([`Operation::SeedMaster`]) on the Icarus curves, whose
    /// master keys come from entropy ([`from_entropy`](Self::from_entropy));
    /// [`Error::InvalidSeedLength`] and the scheme's master-key errors.
    pub fn from_seed(curve: CurveName, seed: &[u8]) -> Result<Self, AnyKeyError> {
        let key = match curve {
            CurveName::Secp256k1 => AnyPrivate::Secp256k1(ExtendedPrivateKey::from_seed(seed)?),
            CurveName::Nist256p1 => AnyPrivate::Nist256p1(ExtendedPrivateKey::from_seed(seed)?),
            CurveName::Ed25519 => AnyPrivate::Ed25519(ExtendedPrivateKey::from_seed(seed)?),
            CurveName::Curve25519 => AnyPrivate::Curve25519(ExtendedPrivateKey::from_seed(seed)?),
            #[cfg(feature = "ed25519-blake2b")]
            CurveName::Ed25519Blake2b => {
                AnyPrivate::Ed25519Blake2b(ExtendedPrivateKey::from_seed(seed)?)
            }
            #[cfg(not(feature = "ed25519-blake2b"))]
            CurveName::Ed25519Blake2b => return Err(unsupported(curve, Operation::SeedMaster)),
            CurveName::Ed25519Bip32 => {
                AnyPrivate::Ed25519Bip32(ExtendedPrivateKey::from_seed(seed)?)
            }
            CurveName::CardanoIcarus | CurveName::CardanoIcarusTrezor => {
                return Err(unsupported(curve, Operation::SeedMaster))
            }
        };
        Ok(Self {
            key,
            curve,
            role: master_role(curve),
        })
    }

    /// The Icarus master key (CIP-3) of BIP-39 `entropy` (12 to 32 bytes, a multiple of 4)
    /// and `passphrase`, on `cardano-icarus` or `cardano-icarus-trezor`.
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] ([`Operation::EntropyMaster`]) on the other curves;
    /// [`Error::InvalidEntropyLength`].
    pub fn from_entropy(
        curve: CurveName,
        entropy: &[u8],
        passphrase: &[u8],
    ) -> Result<Self, AnyKeyError> {
        let key = match curve {
            CurveName::CardanoIcarus => ExtendedPrivateKey::from_icarus(entropy, passphrase)?,
            CurveName::CardanoIcarusTrezor => {
                ExtendedPrivateKey::from_icarus_trezor(entropy, passphrase)?
            }
            CurveName::Secp256k1
            | CurveName::Nist256p1
            | CurveName::Ed25519
            | CurveName::Curve25519
            | CurveName::Ed25519Blake2b
            | CurveName::Ed25519Bip32 => return Err(unsupported(curve, Operation::EntropyMaster)),
        };
        Ok(Self {
            key: AnyPrivate::Ed25519Bip32(key),
            curve,
            role: Role::Root,
        })
    }

    /// The BIP32-Ed25519 root key of a 32-byte secret by the Khovratovich–Law paper's
    /// method (§V.A), on `ed25519-bip32`.
    ///
    /// # Errors
    /// [`Error::DiscardedRootKey`] for the half of all secrets the method discards.
    pub fn from_paper_secret(secret: &[u8; 32]) -> Result<Self, Error> {
        Ok(Self {
            key: AnyPrivate::Ed25519Bip32(ExtendedPrivateKey::from_paper_secret(secret)?),
            curve: CurveName::Ed25519Bip32,
            role: Role::Root,
        })
    }

    /// A key from its parts: the private key (32 bytes; 64, `kL ‖ kR`, on the BIP32-Ed25519
    /// curves), chain code, depth, parent fingerprint and child number, in the family of
    /// `version` (a BIP-32 version name of either kind, `xprv`/`zpub`/…, on secp256k1 and
    /// nist256p1; a CIP-5 prefix, which names the role, on BIP32-Ed25519; `None`: `xprv`, or
    /// [`Role::Other`]). The caller's copy of `private_key` should be wiped after the call.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a private key of the wrong length,
    /// [`Error::InvalidSecretKey`] for one the scheme refuses,
    /// [`AnyKeyError::UnknownVersionName`].
    pub fn from_parts(
        curve: CurveName,
        private_key: &[u8],
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
        version: Option<&str>,
    ) -> Result<Self, AnyKeyError> {
        fn make<S: Scheme>(
            key: &[u8],
            parts: (ChainCode, u8, Fingerprint, ChildNumber),
        ) -> Result<ExtendedPrivateKey<S>, Error> {
            let (chain_code, depth, parent, child) = parts;
            if key.len() != S::PrivateKey::LEN {
                return Err(Error::InvalidLength {
                    len: key.len(),
                    expected: S::PrivateKey::LEN,
                });
            }
            let mut secret = Zeroizing::new(S::PrivateKey::ZERO);
            secret.as_mut().copy_from_slice(key);
            ExtendedPrivateKey::from_parts(&*secret, chain_code, depth, parent, child)
        }
        let parts = (chain_code, depth, parent_fingerprint, child_number);
        let (key, role) = in_version(curve, version, |pair| {
            Ok(match curve {
                CurveName::Secp256k1 => {
                    AnyPrivate::Secp256k1(with_pair(make(private_key, parts)?, pair))
                }
                CurveName::Nist256p1 => {
                    AnyPrivate::Nist256p1(with_pair(make(private_key, parts)?, pair))
                }
                CurveName::Ed25519 => AnyPrivate::Ed25519(make(private_key, parts)?),
                CurveName::Curve25519 => AnyPrivate::Curve25519(make(private_key, parts)?),
                #[cfg(feature = "ed25519-blake2b")]
                CurveName::Ed25519Blake2b => AnyPrivate::Ed25519Blake2b(make(private_key, parts)?),
                #[cfg(not(feature = "ed25519-blake2b"))]
                CurveName::Ed25519Blake2b => return Err(unsupported(curve, Operation::KeyBytes)),
                CurveName::Ed25519Bip32
                | CurveName::CardanoIcarus
                | CurveName::CardanoIcarusTrezor => {
                    AnyPrivate::Ed25519Bip32(make(private_key, parts)?)
                }
            })
        })?;
        Ok(Self { key, curve, role })
    }

    /// The private key at `path` below the master key of `seed` on `curve`, and its chain
    /// code, given to `use_key`: the library's lean walk ([`DerivedKey`]), with no depth,
    /// fingerprints or child number, so no public key is computed at hardened steps.
    ///
    /// # Errors
    /// As [`from_seed`](Self::from_seed) and [`DerivedKey::derive_path`].
    pub fn derive_lean<R>(
        curve: CurveName,
        seed: &[u8],
        path: &str,
        use_key: impl FnOnce(&[u8], &ChainCode) -> R,
    ) -> Result<R, AnyKeyError> {
        fn walk<S: Scheme, R>(
            seed: &[u8],
            path: &str,
            use_key: impl FnOnce(&[u8], &ChainCode) -> R,
        ) -> Result<R, AnyKeyError> {
            let key = DerivedKey::<S>::from_seed(seed)?.derive_path(path)?;
            Ok(use_key(key.private_key().as_ref(), key.chain_code()))
        }
        match curve {
            CurveName::Secp256k1 => walk::<Secp256k1, R>(seed, path, use_key),
            CurveName::Nist256p1 => walk::<NistP256, R>(seed, path, use_key),
            CurveName::Ed25519 => walk::<Ed25519, R>(seed, path, use_key),
            CurveName::Curve25519 => walk::<Curve25519, R>(seed, path, use_key),
            #[cfg(feature = "ed25519-blake2b")]
            CurveName::Ed25519Blake2b => walk::<Ed25519Blake2b, R>(seed, path, use_key),
            CurveName::Ed25519Bip32 => walk::<Ed25519Bip32, R>(seed, path, use_key),
            #[cfg(not(feature = "ed25519-blake2b"))]
            CurveName::Ed25519Blake2b => Err(unsupported(curve, Operation::SeedMaster)),
            CurveName::CardanoIcarus | CurveName::CardanoIcarusTrezor => {
                Err(unsupported(curve, Operation::SeedMaster))
            }
        }
    }

    /// The keys at the paths of `tree` below this key, in insertion order, derived through
    /// the tree (each shared prefix once). Each key has [`Role::Other`].
    ///
    /// # Errors
    /// As [`PathTree::derive`].
    pub fn derive_tree(&self, tree: &PathTree) -> Result<Vec<Self>, Error> {
        match &self.key {
            AnyPrivate::Secp256k1(k) => tree_keys(tree, k, self.curve, AnyPrivate::Secp256k1),
            AnyPrivate::Nist256p1(k) => tree_keys(tree, k, self.curve, AnyPrivate::Nist256p1),
            AnyPrivate::Ed25519(k) => tree_keys(tree, k, self.curve, AnyPrivate::Ed25519),
            AnyPrivate::Curve25519(k) => tree_keys(tree, k, self.curve, AnyPrivate::Curve25519),
            #[cfg(feature = "ed25519-blake2b")]
            AnyPrivate::Ed25519Blake2b(k) => {
                tree_keys(tree, k, self.curve, AnyPrivate::Ed25519Blake2b)
            }
            AnyPrivate::Ed25519Bip32(k) => tree_keys(tree, k, self.curve, AnyPrivate::Ed25519Bip32),
        }
    }

    /// The secp256k1 key, if this is one.
    pub const fn as_secp256k1(&self) -> Option<&ExtendedPrivateKey<Secp256k1>> {
        match &self.key {
            AnyPrivate::Secp256k1(k) => Some(k),
            _ => None,
        }
    }

    /// The private key bytes: 32, or 64 (`kL ‖ kR`) on BIP32-Ed25519.
    pub fn private_key(&self) -> &[u8] {
        on_private!(&self.key, |k| k.private_key().as_ref())
    }

    /// The length of [`private_key`](Self::private_key), the width of a slot of
    /// [`derive_private_keys_into`](Self::derive_private_keys_into).
    pub fn private_key_len(&self) -> usize {
        self.private_key().len()
    }

    /// The length of [`public_key`](Self::public_key), the width of a slot of
    /// [`derive_public_keys_into`](Self::derive_public_keys_into).
    pub fn public_key_len(&self) -> usize {
        on_private!(&self.key, |k| k.public_key().as_ref().len())
    }

    /// The key at `path` below this one (`m/…` or relative; see
    /// [`ExtendedPrivateKey::derive_path`]), with the role CIP-1852 gives that place.
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::derive_path`].
    pub fn derive_path(&self, path: &str) -> Result<Self, Error> {
        let key = on_private!(map & self.key, |k| k.derive_path(path)?);
        Ok(Self {
            key,
            curve: self.curve,
            role: role_after(self.role, path)?,
        })
    }

    /// The extended public key (BIP-32 `N()`), in the public twin of this key's version.
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] for the hardened-only schemes.
    pub fn to_xpub(&self) -> Result<AnyExtendedPublicKey, AnyKeyError> {
        let key = match &self.key {
            AnyPrivate::Secp256k1(k) => AnyPublic::Secp256k1(k.to_xpub()),
            AnyPrivate::Nist256p1(k) => AnyPublic::Nist256p1(k.to_xpub()),
            AnyPrivate::Ed25519Bip32(k) => AnyPublic::Ed25519Bip32(k.to_xpub()),
            #[cfg(feature = "ed25519-blake2b")]
            AnyPrivate::Ed25519Blake2b(_) => {
                return Err(unsupported(self.curve, Operation::ExtendedPublicKey))
            }
            AnyPrivate::Ed25519(_) | AnyPrivate::Curve25519(_) => {
                return Err(unsupported(self.curve, Operation::ExtendedPublicKey))
            }
        };
        Ok(AnyExtendedPublicKey {
            key,
            curve: self.curve,
            role: self.role,
        })
    }

    /// The key's text: BIP-32 `Base58Check` in its own version, or in the family of
    /// `version` (either member's name: `zprv` or `zpub`); on BIP32-Ed25519 CIP-5 bech32 with
    /// its role's prefix or the prefix `version` names (`acct_xsk`, …). Wiped on drop.
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] for the schemes without text;
    /// [`AnyKeyError::UnknownVersionName`].
    pub fn to_text(&self, version: Option<&str>) -> Result<Zeroizing<String>, AnyKeyError> {
        fn bip32<S: crate::Bip32Text>(
            key: &ExtendedPrivateKey<S>,
            version: Option<&str>,
        ) -> Result<Zeroizing<String>, AnyKeyError> {
            Ok(match version {
                None => key.to_zeroizing_string(),
                Some(name) => key
                    .clone()
                    .with_version_pair(version_pair(name)?)
                    .to_zeroizing_string(),
            })
        }
        match &self.key {
            AnyPrivate::Secp256k1(k) => bip32(k, version),
            AnyPrivate::Nist256p1(k) => bip32(k, version),
            AnyPrivate::Ed25519Bip32(k) => {
                let role = version.map_or(Ok(self.role), role_named)?;
                let mut buf = Zeroizing::new([0u8; XPRV_BECH32_MAX_LEN]);
                let text = k.encode_bech32(role.private_prefix(), &mut buf[..])?;
                Ok(Zeroizing::new(text.to_string()))
            }
            #[cfg(feature = "ed25519-blake2b")]
            AnyPrivate::Ed25519Blake2b(_) => Err(unsupported(self.curve, Operation::KeyText)),
            AnyPrivate::Ed25519(_) | AnyPrivate::Curve25519(_) => {
                Err(unsupported(self.curve, Operation::KeyText))
            }
        }
    }

    /// The key's bytes: BIP-32's 78-byte serialization (secp256k1, nist256p1), or the 96
    /// bytes `kL ‖ kR ‖ c` on BIP32-Ed25519. Wiped on drop.
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] for the schemes without them.
    pub fn to_bytes(&self) -> Result<Zeroizing<Vec<u8>>, AnyKeyError> {
        match &self.key {
            AnyPrivate::Secp256k1(k) => Ok(Zeroizing::new(k.to_bytes().to_vec())),
            AnyPrivate::Nist256p1(k) => Ok(Zeroizing::new(k.to_bytes().to_vec())),
            AnyPrivate::Ed25519Bip32(k) => Ok(Zeroizing::new(k.to_raw_bytes().to_vec())),
            #[cfg(feature = "ed25519-blake2b")]
            AnyPrivate::Ed25519Blake2b(_) => Err(unsupported(self.curve, Operation::KeyBytes)),
            AnyPrivate::Ed25519(_) | AnyPrivate::Curve25519(_) => {
                Err(unsupported(self.curve, Operation::KeyBytes))
            }
        }
    }

    /// The private key as compressed WIF for `network` (secp256k1). Wiped on drop.
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] on the other curves.
    ///
    /// # Panics
    /// Never: an extended key's secret is a valid secp256k1 key, the only input WIF refuses.
    #[cfg(feature = "address")]
    pub fn wif(&self, network: crate::Network) -> Result<Zeroizing<String>, AnyKeyError> {
        let Some(k) = self.as_secp256k1() else {
            return Err(unsupported(self.curve, Operation::Wif));
        };
        #[allow(
            clippy::expect_used,
            reason = "a secp256k1 extended key's secret is a valid key, the one WIF refuses none of"
        )]
        let text = crate::wif::encode_to_string(k.private_key(), network)
            .expect("an extended key's secret key is valid");
        Ok(text)
    }

    /// Checks that the `count` children from `first` can be derived (a range within the
    /// index space; normal children for the hardened-only schemes are refused).
    ///
    /// # Errors
    /// As [`ExtendedPrivateKey::children`].
    pub fn check_children(&self, first: ChildNumber, count: usize) -> Result<(), Error> {
        on_private!(&self.key, |k| k.children(first, count).map(|_| ()))
    }

    /// The private keys of the children `first`, `first + 1`, …, end to end in `out`
    /// ([`private_key_len`](Self::private_key_len) bytes each; as many as `out` holds),
    /// derived together in wiped slots. The caller wipes `out`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an `out` that is not a whole number of keys; as
    /// [`ExtendedPrivateKey::derive_private_keys_into`].
    pub fn derive_private_keys_into(
        &self,
        first: ChildNumber,
        out: &mut [u8],
    ) -> Result<(), Error> {
        on_private!(&self.key, |k| private_children(k, first, out))
    }

    /// The public keys of the children `first`, `first + 1`, …, end to end in `out`
    /// ([`public_key_len`](Self::public_key_len) bytes each), each from its private key in
    /// constant time.
    ///
    /// # Errors
    /// As [`derive_private_keys_into`](Self::derive_private_keys_into).
    pub fn derive_public_keys_into(&self, first: ChildNumber, out: &mut [u8]) -> Result<(), Error> {
        on_private!(&self.key, |k| public_children(
            k.public_key(),
            first,
            out,
            |n| k.children(first, n).map(|_| ()),
            |child, slots| k.derive_public_keys_into(child, slots),
        ))
    }
}

/// An extended public key of a scheme chosen at run time (secp256k1, nist256p1 or
/// BIP32-Ed25519: the hardened-only schemes have none), with the curve name it was made with
/// and its CIP-1852 role.
///
/// Equal (and hashed) by scheme, key, chain code and metadata; the curve name and role are
/// not compared.
#[derive(Clone)]
pub struct AnyExtendedPublicKey {
    key: AnyPublic,
    curve: CurveName,
    role: Role,
}

impl PartialEq for AnyExtendedPublicKey {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for AnyExtendedPublicKey {}

impl Hash for AnyExtendedPublicKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

impl fmt::Debug for AnyExtendedPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyExtendedPublicKey")
            .field("curve", &self.curve)
            .field("depth", &self.depth())
            .field("public_key", &self.public_key())
            .finish_non_exhaustive()
    }
}

impl AnyExtendedPublicKey {
    accessors!(on_public, public_prefix);

    /// A key from its parts: the public key (33 bytes; 32 on BIP32-Ed25519), chain code,
    /// depth, parent fingerprint and child number, in the family of `version` (as
    /// [`AnyExtendedPrivateKey::from_parts`]).
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] for the hardened-only schemes; [`Error::InvalidLength`],
    /// [`Error::InvalidPublicKey`]; [`AnyKeyError::UnknownVersionName`].
    pub fn from_parts(
        curve: CurveName,
        public_key: &[u8],
        chain_code: ChainCode,
        depth: u8,
        parent_fingerprint: Fingerprint,
        child_number: ChildNumber,
        version: Option<&str>,
    ) -> Result<Self, AnyKeyError> {
        let (cc, parent, child) = (chain_code, parent_fingerprint, child_number);
        let (key, role) = in_version(curve, version, |pair| {
            Ok(match curve {
                CurveName::Secp256k1 => AnyPublic::Secp256k1(with_pair(
                    ExtendedPublicKey::from_parts(*fixed(public_key)?, cc, depth, parent, child)?,
                    pair,
                )),
                CurveName::Nist256p1 => AnyPublic::Nist256p1(with_pair(
                    ExtendedPublicKey::from_parts(*fixed(public_key)?, cc, depth, parent, child)?,
                    pair,
                )),
                CurveName::Ed25519Bip32
                | CurveName::CardanoIcarus
                | CurveName::CardanoIcarusTrezor => AnyPublic::Ed25519Bip32(
                    ExtendedPublicKey::from_parts(*fixed(public_key)?, cc, depth, parent, child)?,
                ),
                CurveName::Ed25519 | CurveName::Curve25519 | CurveName::Ed25519Blake2b => {
                    return Err(unsupported(curve, Operation::ExtendedPublicKey))
                }
            })
        })?;
        Ok(Self { key, curve, role })
    }

    /// The length of [`public_key`](Self::public_key), the width of a slot of
    /// [`derive_public_keys_into_vartime`](Self::derive_public_keys_into_vartime).
    pub fn public_key_len(&self) -> usize {
        self.public_key().as_ref().len()
    }

    /// The secp256k1 key, if this is one (for its batches of points,
    /// [`ExtendedPublicKey::derive_public_points_into_vartime`]).
    pub const fn as_secp256k1(&self) -> Option<&ExtendedPublicKey<Secp256k1>> {
        match &self.key {
            AnyPublic::Secp256k1(k) => Some(k),
            AnyPublic::Nist256p1(_) | AnyPublic::Ed25519Bip32(_) => None,
        }
    }

    /// The key at `path` below this one (normal steps only), with the role CIP-1852 gives
    /// that place.
    ///
    /// # Security
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// As [`ExtendedPublicKey::derive_path_vartime`].
    pub fn derive_path_vartime(&self, path: &str) -> Result<Self, Error> {
        let key = on_public!(map & self.key, |k| k.derive_path_vartime(path)?);
        Ok(Self {
            key,
            curve: self.curve,
            role: role_after(self.role, path)?,
        })
    }

    /// The key's text: BIP-32 `Base58Check` in its own version or in the public version
    /// `version` names (`zpub`); on BIP32-Ed25519 CIP-5 bech32 with its role's prefix or
    /// the prefix `version` names (`acct_xvk`, …).
    ///
    /// # Errors
    /// [`AnyKeyError::UnknownVersionName`]; [`Error::VersionKeyMismatch`] for a private
    /// version's name.
    pub fn to_text(&self, version: Option<&str>) -> Result<String, AnyKeyError> {
        fn bip32<S: crate::Bip32Text>(
            key: &ExtendedPublicKey<S>,
            version: Option<&str>,
        ) -> Result<String, AnyKeyError> {
            match version {
                None => Ok(key.to_string()),
                Some(name) => {
                    let version =
                        Version::from_name(name).ok_or(AnyKeyError::UnknownVersionName)?;
                    Ok(key.clone().with_version(version)?.to_string())
                }
            }
        }
        match &self.key {
            AnyPublic::Secp256k1(k) => bip32(k, version),
            AnyPublic::Nist256p1(k) => bip32(k, version),
            AnyPublic::Ed25519Bip32(k) => {
                let role = version.map_or(Ok(self.role), role_named)?;
                let mut buf = [0u8; XPUB_BECH32_MAX_LEN];
                Ok(k.encode_bech32(role.public_prefix(), &mut buf)?.to_string())
            }
        }
    }

    /// The key's bytes: BIP-32's 78-byte serialization, or the 64 bytes `A ‖ c` on
    /// BIP32-Ed25519.
    pub fn to_bytes(&self) -> Vec<u8> {
        match &self.key {
            AnyPublic::Secp256k1(k) => k.to_bytes().to_vec(),
            AnyPublic::Nist256p1(k) => k.to_bytes().to_vec(),
            AnyPublic::Ed25519Bip32(k) => k.to_raw_bytes().to_vec(),
        }
    }

    /// Checks that the `count` normal children from `first` can be derived.
    ///
    /// # Errors
    /// As [`ExtendedPublicKey::children_vartime`].
    pub fn check_children_vartime(&self, first: ChildNumber, count: usize) -> Result<(), Error> {
        on_public!(&self.key, |k| k.children_vartime(first, count).map(|_| ()))
    }

    /// The public keys of the normal children `first`, `first + 1`, …, end to end in `out`
    /// ([`public_key_len`](Self::public_key_len) bytes each; as many as `out` holds),
    /// derived together (for secp256k1 through the batched affine path).
    ///
    /// # Security
    /// Variable-time: every input is public.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an `out` that is not a whole number of keys; as
    /// [`ExtendedPublicKey::derive_public_keys_into_vartime`].
    pub fn derive_public_keys_into_vartime(
        &self,
        first: ChildNumber,
        out: &mut [u8],
    ) -> Result<(), Error> {
        on_public!(&self.key, |k| public_children(
            k.public_key(),
            first,
            out,
            |n| k.children_vartime(first, n).map(|_| ()),
            |child, slots| k.derive_public_keys_into_vartime(child, slots),
        ))
    }

    /// The address of this key's public key in `format`, a coin's address kind from the
    /// registry ([`crate::coin`]).
    ///
    /// # Errors
    /// As [`crate::coin::encode`]: [`crate::address::Error::InvalidPublicKey`] for a format
    /// of another curve's keys.
    #[cfg(all(feature = "address", feature = "ed25519-blake2b"))]
    pub fn address(
        &self,
        format: &crate::coin::AddressFormat,
        ctx: &crate::coin::Context,
    ) -> Result<crate::address::Address, crate::address::Error> {
        format.encode(self.public_key().as_ref(), ctx)
    }
}

/// An extended key of either kind, as text or bytes give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyExtendedKey {
    /// An extended private key.
    Private(AnyExtendedPrivateKey),
    /// An extended public key.
    Public(AnyExtendedPublicKey),
}

impl AnyExtendedKey {
    fn of<S: Scheme>(
        key: ExtendedKey<S>,
        curve: CurveName,
        private: fn(ExtendedPrivateKey<S>) -> AnyPrivate,
        public: fn(ExtendedPublicKey<S>) -> AnyPublic,
    ) -> Self {
        match key {
            ExtendedKey::Private(k) => Self::Private(AnyExtendedPrivateKey {
                key: private(k),
                curve,
                role: Role::Other,
            }),
            ExtendedKey::Public(k) => Self::Public(AnyExtendedPublicKey {
                key: public(k),
                curve,
                role: Role::Other,
            }),
        }
    }

    /// Parses an extended key of either kind: BIP-32 text (`xprv…`, `zpub…`, `tpub…`) on
    /// secp256k1 or nist256p1, CIP-5 text (`root_xsk1…`, `acct_xvk1…`, …, whose prefix
    /// gives the role) on the BIP32-Ed25519 curves. Without `curve`, CIP-5 text is read on
    /// `ed25519-bip32` and anything else on secp256k1.
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] for the schemes without text; the library's parse
    /// errors.
    ///
    /// # Security
    /// BIP-32 text is decoded by the crate's constant-time `Base58Check`, as
    /// [`ExtendedKey`]'s parser does; CIP-5 text of a private key goes through the `bech32`
    /// crate, which is variable-time in the text (as [`ExtendedPrivateKey::from_bech32`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::{AnyExtendedKey, AnyExtendedPrivateKey, CurveName};
    ///
    /// let key = AnyExtendedPrivateKey::from_seed(CurveName::Ed25519Bip32, &[7; 32])?;
    /// let text = key.derive_path("m/1852'/1815'/0'")?.to_xpub()?.to_text(None)?;
    /// assert!(text.starts_with("acct_xvk1"));
    /// let AnyExtendedKey::Public(xpub) = AnyExtendedKey::parse(&text, None)? else {
    ///     panic!("a public key")
    /// };
    /// assert_eq!(xpub.curve(), CurveName::Ed25519Bip32);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str, curve: Option<CurveName>) -> Result<Self, AnyKeyError> {
        let curve = curve.unwrap_or(if cip5_prefix(text).is_ok() {
            CurveName::Ed25519Bip32
        } else {
            CurveName::Secp256k1
        });
        match curve {
            CurveName::Secp256k1 => Ok(Self::of(
                text.parse::<ExtendedKey<Secp256k1>>()?,
                curve,
                AnyPrivate::Secp256k1,
                AnyPublic::Secp256k1,
            )),
            CurveName::Nist256p1 => Ok(Self::of(
                text.parse::<ExtendedKey<NistP256>>()?,
                curve,
                AnyPrivate::Nist256p1,
                AnyPublic::Nist256p1,
            )),
            CurveName::Ed25519 | CurveName::Curve25519 | CurveName::Ed25519Blake2b => {
                Err(unsupported(curve, Operation::KeyText))
            }
            CurveName::Ed25519Bip32 | CurveName::CardanoIcarus | CurveName::CardanoIcarusTrezor => {
                let prefix = cip5_prefix(text)?;
                let role = Role::of_prefix(prefix);
                Ok(if prefix.is_private() {
                    Self::Private(AnyExtendedPrivateKey {
                        key: AnyPrivate::Ed25519Bip32(ExtendedPrivateKey::from_bech32(text)?),
                        curve,
                        role,
                    })
                } else {
                    Self::Public(AnyExtendedPublicKey {
                        key: AnyPublic::Ed25519Bip32(ExtendedPublicKey::from_bech32(text)?),
                        curve,
                        role,
                    })
                })
            }
        }
    }

    /// Decodes an extended key of either kind from bytes: BIP-32's 78-byte serialization
    /// (secp256k1, nist256p1), or on the BIP32-Ed25519 curves the 96 bytes `kL ‖ kR ‖ c` or
    /// the 64 bytes `A ‖ c`.
    ///
    /// # Errors
    /// [`AnyKeyError::Unsupported`] for the schemes without them; [`Error::InvalidLength`]
    /// and the library's decoding errors.
    pub fn from_bytes(data: &[u8], curve: CurveName) -> Result<Self, AnyKeyError> {
        match curve {
            CurveName::Secp256k1 => Ok(Self::of(
                ExtendedKey::<Secp256k1>::from_bytes(fixed(data)?)?,
                curve,
                AnyPrivate::Secp256k1,
                AnyPublic::Secp256k1,
            )),
            CurveName::Nist256p1 => Ok(Self::of(
                ExtendedKey::<NistP256>::from_bytes(fixed(data)?)?,
                curve,
                AnyPrivate::Nist256p1,
                AnyPublic::Nist256p1,
            )),
            CurveName::Ed25519 | CurveName::Curve25519 | CurveName::Ed25519Blake2b => {
                Err(unsupported(curve, Operation::KeyBytes))
            }
            CurveName::Ed25519Bip32 | CurveName::CardanoIcarus | CurveName::CardanoIcarusTrezor => {
                Ok(if data.len() == crate::cardano::XPUB_LEN {
                    Self::Public(AnyExtendedPublicKey {
                        key: AnyPublic::Ed25519Bip32(ExtendedPublicKey::from_raw_bytes(fixed(
                            data,
                        )?)?),
                        curve,
                        role: Role::Other,
                    })
                } else {
                    Self::Private(AnyExtendedPrivateKey {
                        key: AnyPrivate::Ed25519Bip32(ExtendedPrivateKey::from_raw_bytes(fixed(
                            data,
                        )?)?),
                        curve,
                        role: Role::Other,
                    })
                })
            }
        }
    }
}

/// The part of both keys' `from_parts` that reads `version`: on secp256k1 and nist256p1 the
/// version pair it names, given to `make` (which makes the key); on the BIP32-Ed25519 curves
/// the CIP-5 role its prefix names, returned with the key. Without `version`: no pair, and
/// [`Role::Other`]. The pair is read before the key is made and the role after.
fn in_version<K>(
    curve: CurveName,
    version: Option<&str>,
    make: impl FnOnce(Option<VersionPair>) -> Result<K, AnyKeyError>,
) -> Result<(K, Role), AnyKeyError> {
    let pair = match version {
        Some(name) if !curve.is_cardano() => Some(version_pair(name)?),
        Some(_) | None => None,
    };
    let key = make(pair)?;
    let role = match version {
        Some(name) if curve.is_cardano() => role_named(name)?,
        Some(_) | None => Role::Other,
    };
    Ok((key, role))
}

/// `key` in the family of `pair`, if one is given.
fn with_pair<K: WithPair>(key: K, pair: Option<VersionPair>) -> K {
    match pair {
        Some(p) => key.with_pair(p),
        None => key,
    }
}

/// The keys whose version pair can be set.
trait WithPair {
    fn with_pair(self, pair: VersionPair) -> Self;
}

impl<S: Scheme> WithPair for ExtendedPrivateKey<S> {
    fn with_pair(self, pair: VersionPair) -> Self {
        self.with_version_pair(pair)
    }
}

impl<S: Scheme> WithPair for ExtendedPublicKey<S> {
    fn with_pair(self, pair: VersionPair) -> Self {
        self.with_version_pair(pair)
    }
}

const fn unsupported(curve: CurveName, operation: Operation) -> AnyKeyError {
    AnyKeyError::Unsupported { curve, operation }
}
