//! The [`Scheme`] trait and what every scheme shares: the sealed mathematics, the derivation
//! steps, the curve names and the seed bounds.

use core::fmt::Debug;
use core::hash::Hash;

use crate::chain_code::ChainCode;
use crate::error::{Error, Result};
use crate::fingerprint::Fingerprint;
use crate::hash::HmacSha512;
use crate::path::ChildNumber;
use crate::secret::{ByteArray, SecretBytes};

pub(crate) use self::sealed::{Math, Sealed, Step, Steps, Token};

/// The name of a curve as users write it (the command-line tool's `--curve`, Python's
/// `curve=`): a scheme, and for BIP32-Ed25519 the way its master key is made. The one table
/// of these names and their aliases; each scheme's [`Scheme::NAME`] is its entry here.
///
/// # Examples
///
/// ```
/// use fastbip32::CurveName;
///
/// assert_eq!("p256".parse::<CurveName>(), Ok(CurveName::Nist256p1));
/// assert_eq!(CurveName::CardanoIcarus.to_string(), "cardano-icarus");
/// assert!("secp256k2".parse::<CurveName>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CurveName {
    /// `secp256k1`: BIP-32 over secp256k1.
    Secp256k1,
    /// `nist256p1` (also `p256`, `secp256r1`, `prime256v1`): SLIP-10 over NIST P-256.
    Nist256p1,
    /// `ed25519`: SLIP-10 ed25519 (hardened derivation only).
    Ed25519,
    /// `curve25519`: SLIP-10 curve25519 (hardened derivation only).
    Curve25519,
    /// `ed25519-blake2b`: SLIP-10 ed25519 with BLAKE2b-512 public keys, Nano's (hardened
    /// derivation only).
    Ed25519Blake2b,
    /// `ed25519-bip32` (also `cardano-ledger`): BIP32-Ed25519, master key by the
    /// Ledger/BitBox02 method from a BIP-39 seed.
    Ed25519Bip32,
    /// `cardano-icarus`: BIP32-Ed25519, master key by the Icarus method (CIP-3) from BIP-39
    /// entropy.
    CardanoIcarus,
    /// `cardano-icarus-trezor`: BIP32-Ed25519, master key by Trezor's variant of Icarus
    /// (which differs for 24 words).
    CardanoIcarusTrezor,
}

impl CurveName {
    /// Every curve, in this order.
    pub const ALL: [Self; 8] = [
        Self::Secp256k1,
        Self::Nist256p1,
        Self::Ed25519,
        Self::Curve25519,
        Self::Ed25519Blake2b,
        Self::Ed25519Bip32,
        Self::CardanoIcarus,
        Self::CardanoIcarusTrezor,
    ];

    /// The canonical name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Secp256k1 => "secp256k1",
            Self::Nist256p1 => "nist256p1",
            Self::Ed25519 => "ed25519",
            Self::Curve25519 => "curve25519",
            Self::Ed25519Blake2b => "ed25519-blake2b",
            Self::Ed25519Bip32 => "ed25519-bip32",
            Self::CardanoIcarus => "cardano-icarus",
            Self::CardanoIcarusTrezor => "cardano-icarus-trezor",
        }
    }

    /// The other names accepted for this curve.
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Self::Nist256p1 => &["p256", "secp256r1", "prime256v1"],
            Self::Ed25519Bip32 => &["cardano-ledger"],
            Self::Secp256k1
            | Self::Ed25519
            | Self::Curve25519
            | Self::Ed25519Blake2b
            | Self::CardanoIcarus
            | Self::CardanoIcarusTrezor => &[],
        }
    }

    /// Whether this is one of the BIP32-Ed25519 (Cardano) curves.
    pub const fn is_cardano(self) -> bool {
        matches!(
            self,
            Self::Ed25519Bip32 | Self::CardanoIcarus | Self::CardanoIcarusTrezor
        )
    }

    /// Whether the master key is made by an Icarus method (from BIP-39 entropy and a
    /// passphrase of any bytes).
    pub const fn is_icarus(self) -> bool {
        matches!(self, Self::CardanoIcarus | Self::CardanoIcarusTrezor)
    }
}

impl core::fmt::Display for CurveName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.pad(self.name())
    }
}

impl core::str::FromStr for CurveName {
    type Err = UnknownCurveName;

    /// A canonical name or an alias (exact case).
    ///
    /// # Errors
    /// [`UnknownCurveName`] for any other text.
    fn from_str(s: &str) -> core::result::Result<Self, UnknownCurveName> {
        Self::ALL
            .into_iter()
            .find(|c| c.name() == s || c.aliases().contains(&s))
            .ok_or(UnknownCurveName)
    }
}

/// The error of parsing a [`CurveName`]: the text is no curve's name or alias. Its message
/// lists the names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownCurveName;

impl core::fmt::Display for UnknownCurveName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("unknown curve; one of")?;
        for (i, curve) in CurveName::ALL.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            f.write_str(curve.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for UnknownCurveName {}

/// The longest seed a master key accepts, in bytes (BIP-32: 512 bits).
pub const MAX_SEED_LEN: usize = 64;
/// The shortest seed a master key accepts, in bytes (BIP-32: 128 bits).
pub const MIN_SEED_LEN: usize = 16;

/// The key types of a scheme: what its private and public keys are made of.
///
/// A supertrait of [`Scheme`], so `S::PrivateKey` and `S::PublicKey` work for any `S: Scheme`.
/// Sealed, like every trait of this module.
pub trait SchemeKeys: Sealed {
    /// The private key bytes: `[u8; 32]`, or `[u8; 64]` (kL ‖ kR) for BIP32-Ed25519.
    type PrivateKey: ByteArray;
    /// The public key bytes: `[u8; 33]` (SEC1 compressed) or `[u8; 32]` (Edwards / Montgomery).
    type PublicKey: Copy + Eq + Hash + Debug + AsRef<[u8]> + Send + Sync + 'static;
}

/// A key-derivation scheme: a curve together with the rules one specification sets for it.
///
/// Sealed: implemented only by this crate's markers. The scheme's mathematics lives in a
/// private supertrait that code outside this crate cannot import, and whose every method takes
/// a token only this crate can make, so none can be called from outside; what a scheme
/// can do beyond hardened private derivation is told by the marker traits
/// [`NormalDerivation`] and [`Bip32Text`].
///
/// ```compile_fail,E0599
/// // The maths is not part of the API: there is no `public_key` to call on a marker.
/// use fastbip32::{Secp256k1, SecretBytes};
/// let _ = Secp256k1::public_key(&SecretBytes::new([0u8; 32]));
/// ```
///
/// ```compile_fail,E0603
/// // Nor through a generic bound: every method takes a token only this crate can make.
/// fn leak<S: fastbip32::Scheme>(seed: &[u8]) {
///     let _ = S::master_key(seed, fastbip32::curve::Token(()));
/// }
/// ```
pub trait Scheme:
    SchemeKeys + Math + Copy + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The scheme's name as the CLI spells it (`secp256k1`, `nist256p1`, `ed25519`, …).
    const NAME: &'static str;

    /// Whether the scheme derives hardened children only (SLIP-10 ed25519 and curve25519):
    /// a normal index is [`Error::HardenedOnly`], and there are no extended public keys.
    /// The one statement of the rule: the schemes with normal derivation are exactly the
    /// ones that implement [`NormalDerivation`] (checked when an extended public key is
    /// made).
    const HARDENED_ONLY: bool;
}

/// A scheme with normal (non-hardened) child derivation, and so with public derivation and
/// [`ExtendedPublicKey`](crate::ExtendedPublicKey)s: BIP-32 secp256k1, SLIP-10 NIST P-256 and
/// BIP32-Ed25519. Not SLIP-10 ed25519 or curve25519, which are hardened-only.
pub trait NormalDerivation: Scheme {}

/// A scheme whose extended keys have BIP-32's 78-byte serialization and `Base58Check` text
/// (`xprv…`, `xpub…`): 32-byte private keys and 33-byte SEC1 public keys. Secp256k1 and NIST
/// P-256 (SLIP-10 defines no text; this is the layout and the versions other tools use).
pub trait Bip32Text:
    NormalDerivation + SchemeKeys<PrivateKey = [u8; 32], PublicKey = [u8; 33]>
{
}

mod sealed {
    use super::{ChainCode, ChildNumber, Error, Fingerprint, HmacSha512, Result, SecretBytes};

    /// One private derivation step: the child and, for a normal child, its parent's public key
    /// (the HMAC input of BIP-32's `CKDpriv` for `i < 2³¹`).
    ///
    /// Made only by [`Step::new`]: a normal child always comes with its parent's public key, and
    /// is refused for a hardened-only scheme, so no scheme can be handed a normal child without
    /// the key its formula needs.
    #[derive(Clone, Copy, Debug)]
    pub struct Step<P> {
        child: ChildNumber,
        parent_public: Option<P>,
    }

    impl<P: Copy> Step<P> {
        /// The step to `child` at step `segment` of a walk; `parent_public` is called for a
        /// normal child only.
        ///
        /// # Errors
        /// [`Error::HardenedOnly`] for a normal child of a hardened-only scheme.
        #[inline]
        pub(crate) fn new<S: super::Scheme + super::SchemeKeys<PublicKey = P>>(
            child: ChildNumber,
            segment: usize,
            parent_public: impl FnOnce() -> P,
        ) -> Result<Self> {
            super::check_step::<S>(child, segment)?;
            Ok(Self {
                child,
                parent_public: child.is_normal().then(parent_public),
            })
        }

        /// The child.
        pub(crate) const fn child(&self) -> ChildNumber {
            self.child
        }

        /// The parent's public key: `Some` exactly for a normal child.
        pub(crate) const fn parent_public(&self) -> Option<&P> {
            self.parent_public.as_ref()
        }
    }

    /// `N` consecutive sibling steps of one kind, from one parent: the children `first … first +
    /// N − 1` and, for normal ones, their parent's public key. Made only by [`Steps::new`], with
    /// the guarantees of [`Step`].
    #[derive(Clone, Copy, Debug)]
    pub struct Steps<P, const N: usize> {
        children: [ChildNumber; N],
        parent_public: Option<P>,
    }

    impl<P: Copy, const N: usize> Steps<P, N> {
        /// The `N` siblings from `first` on; `parent_public` is called for normal children only.
        ///
        /// # Errors
        /// [`Error::HardenedOnly`] for normal children of a hardened-only scheme;
        /// [`Error::InvalidChildIndex`] if the siblings run past index 2³¹ − 1.
        pub(crate) fn new<S: super::Scheme + super::SchemeKeys<PublicKey = P>>(
            first: ChildNumber,
            parent_public: impl FnOnce() -> P,
        ) -> Result<Self> {
            super::check_step::<S>(first, 0)?;
            let last = u64::from(first.index()) + N as u64 - 1;
            if N > 0 && last >= u64::from(crate::path::HARDENED_BIT) {
                return Err(Error::InvalidChildIndex {
                    index: u32::try_from(last).unwrap_or(u32::MAX),
                });
            }
            // In range, checked above: no raw number wraps past 2³² − 1.
            let mut raw = first.to_raw();
            Ok(Self {
                children: core::array::from_fn(|_| {
                    let child = ChildNumber::from_raw(raw);
                    raw = raw.wrapping_add(1);
                    child
                }),
                parent_public: first.is_normal().then(parent_public),
            })
        }

        /// The children, in order.
        #[allow(
            dead_code,
            reason = "read by the schemes that derive siblings in SIMD lanes"
        )]
        pub(crate) const fn children(&self) -> &[ChildNumber; N] {
            &self.children
        }

        /// The parent's public key: `Some` exactly for normal children.
        #[allow(
            dead_code,
            reason = "read by the schemes that derive siblings in SIMD lanes"
        )]
        pub(crate) const fn parent_public(&self) -> Option<&P> {
            self.parent_public.as_ref()
        }

        /// Each child as a [`Step`] of its own.
        pub(crate) fn each(&self) -> [Step<P>; N] {
            self.children.map(|child| Step {
                child,
                parent_public: self.parent_public,
            })
        }
    }

    /// Implemented only by this crate's schemes.
    pub trait Sealed {}

    /// A value only this crate can make: every method of [`Math`] takes one, so nothing
    /// outside the crate can call them, even through a generic bound.
    #[derive(Clone, Copy, Debug)]
    pub struct Token(pub(crate) ());

    /// The mathematics of a scheme, called by the generic key types.
    pub trait Math: super::SchemeKeys + Sized {
        /// The master key and chain code for a seed already checked to be 16 to 64 bytes.
        fn master_key(seed: &[u8], _: Token) -> Result<(SecretBytes<Self::PrivateKey>, ChainCode)>;

        /// The public key of a valid private key (every key this crate holds was checked
        /// when it was made). A backend that fails on a valid key breaks an invariant: it
        /// panics naming it, and never makes up a key.
        fn public_key(secret: &SecretBytes<Self::PrivateKey>, _: Token) -> Self::PublicKey;

        /// Whether bytes from outside are a valid private key for the scheme.
        fn check_private_key(secret: &Self::PrivateKey, depth: u8, _: Token) -> Result<()>;

        /// One private derivation step; `key` is the parent chain code's HMAC state. The
        /// [`Step`] carries the parent's public key exactly for a normal child, and is
        /// never a normal one for a hardened-only scheme.
        fn derive_private(
            secret: &SecretBytes<Self::PrivateKey>,
            step: &Step<Self::PublicKey>,
            key: &HmacSha512,
            _: Token,
        ) -> Result<(SecretBytes<Self::PrivateKey>, ChainCode)>;

        /// [`derive_private`](Self::derive_private) written into `out` in place, for a
        /// key kept where it is made: nothing of the child is moved (a move leaves an
        /// unwiped copy in the frame it leaves). The default copies the child out of
        /// `derive_private`'s result, which is wiped when dropped; schemes that can compute
        /// the child in place override it. On an error `out` holds no key.
        fn derive_private_into(
            secret: &SecretBytes<Self::PrivateKey>,
            step: &Step<Self::PublicKey>,
            key: &HmacSha512,
            t: Token,
            out: (&mut SecretBytes<Self::PrivateKey>, &mut ChainCode),
        ) -> Result<()> {
            let child = Self::derive_private(secret, step, key, t)?;
            out.0
                .expose_mut()
                .as_mut()
                .copy_from_slice(child.0.expose().as_ref());
            out.1.copy_from(&child.1);
            Ok(())
        }

        /// `N` sibling steps below one parent (a sibling batch). Schemes whose child needs
        /// one HMAC of at most 111 bytes override it to run the `N` HMACs in SIMD lanes.
        fn derive_private_many<const N: usize>(
            secret: &SecretBytes<Self::PrivateKey>,
            steps: &Steps<Self::PublicKey, N>,
            key: &HmacSha512,
            t: Token,
        ) -> [Result<(SecretBytes<Self::PrivateKey>, ChainCode)>; N] {
            steps
                .each()
                .map(|step| Self::derive_private(secret, &step, key, t))
        }

        /// One public derivation step (a normal child, checked by the caller). Variable
        /// time: every input is public. Hardened-only schemes have none.
        fn derive_public(
            public: &Self::PublicKey,
            key: &HmacSha512,
            child: ChildNumber,
            _: Token,
        ) -> Result<(Self::PublicKey, ChainCode)> {
            let _ = (public, key, child);
            // Only the schemes with normal derivation make extended public keys, and each of
            // them overrides this.
            unreachable!("no extended public key of a hardened-only scheme exists")
        }

        /// The public keys of the normal children `first, first + 1, …` (one per slot of
        /// `out`), sharing the parent's HMAC state. The range is checked by the caller to
        /// stay below 2³¹. Schemes override it where per-child work can be shared or batched.
        fn derive_public_batch(
            public: &Self::PublicKey,
            key: &HmacSha512,
            first: ChildNumber,
            out: &mut [Self::PublicKey],
            t: Token,
        ) -> Result<()> {
            let mut raw = first.to_raw();
            for slot in out {
                *slot = Self::derive_public(public, key, ChildNumber::from_raw(raw), t)?.0;
                raw = raw.wrapping_add(1);
            }
            Ok(())
        }

        /// The shortest run of consecutive normal siblings that
        /// [`derive_public_run`](Self::derive_public_run) derives faster together than one by
        /// one (`usize::MAX`: never, the default).
        const PUBLIC_RUN_MIN: usize = usize::MAX;

        /// As [`derive_public_batch`](Self::derive_public_batch), with each child's chain code
        /// in `codes` (as long as `out`): the public tree's sibling runs. Variable time: every
        /// input is public. Schemes that batch it set [`PUBLIC_RUN_MIN`](Self::PUBLIC_RUN_MIN).
        fn derive_public_run(
            public: &Self::PublicKey,
            key: &HmacSha512,
            first: ChildNumber,
            out: &mut [Self::PublicKey],
            codes: &mut [ChainCode],
            t: Token,
        ) -> Result<()> {
            let mut raw = first.to_raw();
            for (slot, code) in out.iter_mut().zip(codes) {
                (*slot, *code) = Self::derive_public(public, key, ChildNumber::from_raw(raw), t)?;
                raw = raw.wrapping_add(1);
            }
            Ok(())
        }

        /// Parses and validates public key bytes.
        fn parse_public_key(bytes: &[u8], _: Token) -> Result<Self::PublicKey>;

        /// The fingerprint: the first 4 bytes of HASH160 of the serialized public key.
        fn fingerprint(public: &Self::PublicKey, _: Token) -> Fingerprint;
    }
}

/// The one check of a derivation step's kind against the scheme: a normal child of a
/// hardened-only scheme is [`Error::HardenedOnly`], naming the step.
#[inline]
pub(crate) fn check_step<S: Scheme>(child: ChildNumber, segment: usize) -> Result<()> {
    if S::HARDENED_ONLY && child.is_normal() {
        return Err(Error::HardenedOnly {
            index: child.index(),
            segment,
        });
    }
    Ok(())
}

/// The one check of a public derivation step: a hardened child is
/// [`Error::HardenedFromPublic`], naming the step.
#[inline]
pub(crate) fn check_public_step(child: ChildNumber, segment: usize) -> Result<()> {
    if child.is_hardened() {
        return Err(Error::HardenedFromPublic {
            index: child.index(),
            segment,
        });
    }
    Ok(())
}

/// BIP-32's (and BIP32-Ed25519's, and SLIP-10's after its retries) "this child has no key",
/// for `child`, at step 0 (a walk places it at its step).
pub(crate) fn invalid_child(child: ChildNumber) -> Error {
    Error::InvalidChild {
        index: child.index(),
        hardened: child.is_hardened(),
        segment: 0,
    }
}

/// Splits HMAC output `I` into `I_L` (as a secret) and `I_R` (as a chain code), copying each
/// half straight into its wiped-on-drop home.
pub(crate) fn split_i(i: &SecretBytes<[u8; 64]>) -> (SecretBytes<[u8; 32]>, ChainCode) {
    let (l, r) = i.expose().split_at(32);
    let mut il = SecretBytes::new([0u8; 32]);
    il.expose_mut().copy_from_slice(l);
    (il, ChainCode::from_slice(r))
}

/// SLIP-10 fingerprint of a 32-byte key: HASH160 of `0x00 ‖ key`.
#[cfg(feature = "ed25519")]
pub(crate) fn fingerprint_00_prefixed(key: &[u8; 32]) -> Fingerprint {
    let mut data = [0u8; 33];
    data[1..].copy_from_slice(key);
    Fingerprint::new(crate::hash::fingerprint_of(&data))
}
