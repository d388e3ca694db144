//! Output script descriptors (BIP-380 to BIP-386, BIP-389 multipath): parse, print
//! canonically, and derive scriptPubKeys and addresses.
//!
//! # What is supported
//!
//! * Script expressions `pkh(KEY)`, `wpkh(KEY)`, `sh(wpkh(KEY))`, `tr(KEY)` (key path only),
//!   and `multi(k,KEY,…)` / `sortedmulti(k,KEY,…)` inside `sh()` (at most 15 keys: the
//!   520-byte redeem-script limit), `wsh()` and `sh(wsh())` (at most 20 keys:
//!   `OP_CHECKMULTISIG`), with `1 ≤ k ≤ n`; and bare at the top level (at most 3 keys,
//!   BIP-383), whose scriptPubKey is the multisig script itself and which has no address
//!   ([`Descriptor::has_address`]).
//! * Key expressions: an optional origin `[fingerprint/path]`, then a 33-byte compressed hex
//!   public key (inside `tr()` also a 32-byte x-only key), a WIF private key (only its public
//!   key is kept: inside `tr()`, the even-y one), or an extended key (`xpub`,
//!   `xprv`, `tpub`, `tprv`, and the SLIP-132 families the crate parses: `ypub`, `zpub`, …)
//!   followed by steps (`/0/1'`), at most one BIP-389 multipath step (`/<0;1>`) and an
//!   optional final range `/*` or `/*'`. Hardened markers are `'` and `h`; `H` is rejected,
//!   as BIP-380's test vectors and Bitcoin Core do.
//! * Uncompressed keys (130 hex digits `04…`, or uncompressed WIF) where Bitcoin Core takes
//!   them: in `pkh()`, `sh(multi())` and bare `multi()` (BIP-381, BIP-383; their scripts
//!   hold the 65-byte form, and at most 7 uncompressed keys fit `sh()`'s 520 bytes). Inside
//!   `wpkh()`, `wsh()` and `tr()` they are [`ErrorKind::UncompressedKey`] (BIP-382, BIP-386).
//! * A `#checksum`, when present, must match (BIP-380).
//!
//! Everything else is rejected with a typed error: [`Error::Unsupported`] names a
//! valid but unimplemented part (`pk()`, `combo()`, `raw()`, `addr()`, `tr()` script trees,
//! miniscript), [`Error::Invalid`] what is
//! malformed, with a byte offset.
//!
//! # Canonical form
//!
//! [`Descriptor`]'s `Display` is Bitcoin Core's public form (`Descriptor::ToString`, which
//! `getdescriptorinfo` returns), with the checksum (`{:#}` leaves it out): private keys are
//! written as their public keys (`xprv` → `xpub`, `tprv` → `tpub`, a WIF key → hex), hex is
//! lowercase, steps have no leading zeros, and each key keeps one hardened marker: the one of
//! the last hardened step Core reads (origin, then range, then the key's steps), `h` when it
//! has none. A multipath key prints its `<…;…>` step in place
//! ([`Descriptor::branch_descriptor`] gives each branch's own descriptor). A SLIP-132 key
//! (`zpub`, …) keeps its family; [`Descriptor::to_plain_versions`] gives the xpub form Core
//! takes.
//!
//! # Derivation
//!
//! "Branch" is the position in a multipath `<…>` tuple (0 without one); "index" is the range
//! index `i` of `/*` or `/*'`, without the hardened bit. [`Descriptor::branch`] derives
//! everything that does not depend on the index once (each key's parent for the range); its
//! [`Branch::derive`] and [`Branch::derive_into`] then cost one child derivation per key and
//! index (siblings batched), and allocate nothing.
//!
//! # Security
//!
//! Below an extended public key, children come from the variable-time batched public
//! derivation (every input is in the xpub, so public in BIP-32's model; see `SECURITY.md`).
//! Below an extended private key (`xprv…/0/*`, `xprv…/*'`) each child's public key is made
//! from its private key in constant time, as for every batch from a private key; to trade
//! that for speed, write the descriptor with the xpub.

mod account;
mod checksum;
mod error;
mod key;
mod script;

use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::str::FromStr;

pub use self::account::{account_descriptor, account_descriptors, AccountKind};
pub use self::error::{Error, ErrorKind, Feature, Function, KeyPosition};
pub use self::key::KeyOrigin;
pub use self::script::{ScriptPubKey, MAX_BARE_MULTISIG_KEYS, MAX_SCRIPT_PUBKEY_LEN};

use self::error::Result;
use self::key::{KeyContext, KeyExpr, Prepared, Wildcard};
use self::script::{ScriptKey, MAX_MULTISIG_KEYS, MAX_MULTISIG_SCRIPT_LEN, MAX_REDEEM_SCRIPT_LEN};
use crate::address::bitcoin::taproot_output_key;
use crate::address::{Address, ImpliedScript};
use crate::hash::hash160;
use crate::network::Network;
use crate::path::DerivationPath;

/// The BIP-380 checksum of `payload` (a descriptor without `#…`): 8 characters of the
/// bech32 alphabet, as ASCII.
///
/// # Errors
/// [`Error::Invalid`] with [`ErrorKind::InvalidCharacter`] for a byte
/// outside the descriptor character set.
///
/// # Examples
///
/// ```
/// // BIP-380's test vector.
/// assert_eq!(&fastbip32::descriptor::compute_checksum("raw(deadbeef)")?, b"89f8spxm");
/// # Ok::<(), fastbip32::descriptor::Error>(())
/// ```
pub fn compute_checksum(payload: &str) -> Result<[u8; 8]> {
    checksum::compute(payload)
}

/// Checks `text`'s character set and, if it has a `#checksum`, that it is 8 characters and
/// matches; returns the text before the `#`.
///
/// # Errors
/// [`Error::Invalid`] ([`ErrorKind::InvalidCharacter`],
/// [`ErrorKind::MultipleChecksums`], [`ErrorKind::ChecksumLength`]);
/// [`Error::ChecksumMismatch`].
pub fn verify_checksum(text: &str) -> Result<&str> {
    checksum::split(text)
}

/// The script type of a descriptor (its outer script expressions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DescriptorType {
    /// `pkh(KEY)`: P2PKH.
    Pkh,
    /// `wpkh(KEY)`: P2WPKH.
    Wpkh,
    /// `sh(wpkh(KEY))`: P2SH-P2WPKH.
    ShWpkh,
    /// `tr(KEY)`: P2TR, key path only (BIP-86 tweak).
    Tr,
    /// `sh(multi(…))` or `sh(sortedmulti(…))`: P2SH multisig.
    ShMulti,
    /// `wsh(multi(…))` or `wsh(sortedmulti(…))`: P2WSH multisig.
    WshMulti,
    /// `sh(wsh(multi(…)))` or `sh(wsh(sortedmulti(…)))`: P2SH-P2WSH multisig.
    ShWshMulti,
    /// `multi(…)` or `sortedmulti(…)` at the top level: bare multisig, the script itself as
    /// the output, with at most [`MAX_BARE_MULTISIG_KEYS`] keys. It has no address.
    BareMulti,
}

impl DescriptorType {
    /// The script expression's shape: `pkh(KEY)`, `wpkh(KEY)`, `sh(wpkh(KEY))`, `tr(KEY)`,
    /// `sh(multi(…))`, `wsh(multi(…))`, `sh(wsh(multi(…)))` or `multi(…)` (`sortedmulti`
    /// included).
    pub const fn descriptor(self) -> &'static str {
        match self {
            Self::Pkh => "pkh(KEY)",
            Self::Wpkh => "wpkh(KEY)",
            Self::ShWpkh => "sh(wpkh(KEY))",
            Self::Tr => "tr(KEY)",
            Self::ShMulti => "sh(multi(…))",
            Self::WshMulti => "wsh(multi(…))",
            Self::ShWshMulti => "sh(wsh(multi(…)))",
            Self::BareMulti => "multi(…)",
        }
    }

    /// The script type a SLIP-132 family promises, as a descriptor type.
    pub const fn of_implied(script: ImpliedScript) -> Self {
        match script {
            ImpliedScript::P2shP2wpkh => Self::ShWpkh,
            ImpliedScript::P2wpkh => Self::Wpkh,
            ImpliedScript::P2shP2wshMultisig => Self::ShWshMulti,
            ImpliedScript::P2wshMultisig => Self::WshMulti,
        }
    }
}

/// The script around a single key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SingleScript {
    /// `pkh(KEY)`.
    Pkh,
    /// `wpkh(KEY)`.
    Wpkh,
    /// `sh(wpkh(KEY))`.
    ShWpkh,
    /// `tr(KEY)`, key path only.
    Tr,
}

/// The script around a multisig script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MultiScript {
    /// `multi(…)` at the top level: the script itself is the output.
    Bare,
    /// `sh(multi(…))`.
    Sh,
    /// `wsh(multi(…))`.
    Wsh,
    /// `sh(wsh(multi(…)))`.
    ShWsh,
}

/// What a descriptor is: one key in a script, or a multisig script with its threshold.
/// Every combination is a descriptor this module supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// One key (the descriptor's keys are exactly one).
    Single(SingleScript),
    /// `k`-of-`n` multisig over the descriptor's keys (`1 ≤ threshold ≤ n`, checked at
    /// parse).
    Multi {
        script: MultiScript,
        threshold: usize,
        sorted: bool,
    },
}

impl Shape {
    /// The public script type.
    const fn descriptor_type(self) -> DescriptorType {
        match self {
            Self::Single(SingleScript::Pkh) => DescriptorType::Pkh,
            Self::Single(SingleScript::Wpkh) => DescriptorType::Wpkh,
            Self::Single(SingleScript::ShWpkh) => DescriptorType::ShWpkh,
            Self::Single(SingleScript::Tr) => DescriptorType::Tr,
            Self::Multi { script, .. } => match script {
                MultiScript::Bare => DescriptorType::BareMulti,
                MultiScript::Sh => DescriptorType::ShMulti,
                MultiScript::Wsh => DescriptorType::WshMulti,
                MultiScript::ShWsh => DescriptorType::ShWshMulti,
            },
        }
    }
}

/// A parsed output descriptor.
///
/// # Examples
///
/// ```
/// use fastbip32::descriptor::Descriptor;
///
/// // BIP-382's test vector (Bitcoin Core's descriptor_tests.cpp).
/// let d: Descriptor = "wpkh([ffffffff/13']xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH/1/2/*)".parse()?;
/// assert!(d.is_ranged());
/// let branch = d.branch(0)?;
/// assert_eq!(branch.derive(1)?.script_pubkey().to_string(), "0014af0bd98abc2f2cae66e36896a39ffe2d32984fb7");
/// assert_eq!(branch.full_path(1)?.unwrap().to_string(), "m/13'/1/2/1");
/// # Ok::<(), fastbip32::descriptor::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Descriptor {
    shape: Shape,
    keys: Vec<KeyExpr>,
    branches: usize,
    network_is_test: Option<bool>,
}

fn invalid(offset: usize, kind: ErrorKind) -> Error {
    Error::Invalid {
        offset,
        kind,
        key: None,
    }
}

fn unsupported(offset: usize, feature: Feature) -> Error {
    Error::Unsupported { offset, feature }
}

/// A call `name(args)` found at byte `base`.
struct Call<'a> {
    /// The function, if the name is one of the BIPs'.
    function: Option<Function>,
    args: &'a str,
    args_base: usize,
}

/// Splits `name(args)`; `None` when there is no `(` (a key, or junk).
fn split_call(text: &str, base: usize) -> Result<Option<Call<'_>>> {
    if text.is_empty() {
        return Err(invalid(base, ErrorKind::Empty));
    }
    let Some(open) = text.find('(') else {
        return Ok(None);
    };
    let name = text.get(..open).unwrap_or("");
    // The `(` must close at the very end.
    let mut depth = 0usize;
    for (i, c) in text.bytes().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| invalid(base + i, ErrorKind::UnbalancedParentheses))?;
                if depth == 0 && i + 1 != text.len() {
                    return Err(invalid(base + i + 1, ErrorKind::TrailingCharacters));
                }
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(invalid(base + text.len(), ErrorKind::UnbalancedParentheses));
    }
    if name.is_empty() {
        return Err(invalid(base, ErrorKind::Empty));
    }
    Ok(Some(Call {
        function: Function::from_name(name),
        args: text.get(open + 1..text.len() - 1).unwrap_or(""),
        args_base: base + open + 1,
    }))
}

/// The top-level comma-separated arguments of `args` (parentheses and braces nest), with
/// their byte offsets.
fn split_args(args: &str, base: usize) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in args.bytes().enumerate() {
        match c {
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                out.push((args.get(start..i).unwrap_or(""), base + start));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((args.get(start..).unwrap_or(""), base + start));
    out
}

/// Where a script expression is being parsed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Top,
    Sh,
    Wsh,
    ShWsh,
}

/// Parses the single key argument of `pkh()`, `wpkh()` or `tr()`.
fn single_key(call: &Call<'_>, context: KeyContext) -> Result<KeyExpr> {
    let args = split_args(call.args, call.args_base);
    let &[(text, offset)] = args.as_slice() else {
        return Err(invalid(call.args_base, ErrorKind::WrongArgumentCount));
    };
    if text.contains('(') {
        return Err(invalid(offset, ErrorKind::ExpectedKey));
    }
    KeyExpr::parse(text, offset, context, KeyPosition { key: 0, keys: 1 })
}

/// Parses `multi(k,KEY,…)` / `sortedmulti(…)` in `context`.
fn multisig(call: &Call<'_>, sorted: bool, context: Context) -> Result<Parsed> {
    let args = split_args(call.args, call.args_base);
    let Some(((threshold_text, threshold_offset), key_args)) = args.split_first() else {
        return Err(invalid(call.args_base, ErrorKind::WrongArgumentCount));
    };
    if threshold_text.is_empty() || !threshold_text.bytes().all(|c| c.is_ascii_digit()) {
        return Err(invalid(*threshold_offset, ErrorKind::InvalidThresholdText));
    }
    let threshold: u32 = threshold_text
        .parse()
        .map_err(|_| invalid(*threshold_offset, ErrorKind::InvalidThresholdText))?;
    // The key limit, then the threshold, then the keys, then the P2SH size limit.
    let n = key_args.len();
    let max = if context == Context::Top {
        MAX_BARE_MULTISIG_KEYS
    } else {
        MAX_MULTISIG_KEYS
    };
    if n > max {
        return Err(Error::TooManyKeys { keys: n, max });
    }
    let k = usize::try_from(threshold).unwrap_or(usize::MAX);
    if k == 0 || k > n {
        return Err(Error::InvalidThreshold { threshold, keys: n });
    }
    // Uncompressed keys are for legacy scripts: bare and `sh()`, not inside `wsh()`.
    let key_context = if matches!(context, Context::Top | Context::Sh) {
        KeyContext::Legacy
    } else {
        KeyContext::Witness
    };
    let mut keys = Vec::with_capacity(n);
    for (key, &(text, offset)) in key_args.iter().enumerate() {
        if text.contains('(') {
            return Err(invalid(offset, ErrorKind::ExpectedKey));
        }
        let at = KeyPosition { key, keys: n };
        keys.push(KeyExpr::parse(text, offset, key_context, at)?);
    }
    let uncompressed = keys.iter().filter(|key| key.is_uncompressed()).count();
    if context == Context::Sh && script::multisig_len(k, n, uncompressed) > MAX_REDEEM_SCRIPT_LEN {
        // 15 compressed keys fit in 520 bytes, 16 do not; 7 uncompressed ones fit, 8 do
        // not. `max` is the most keys of this descriptor's forms, in order, that fit.
        let mut max = 0;
        let mut long = 0;
        for key in &keys {
            long += usize::from(key.is_uncompressed());
            if script::multisig_len(k.min(max + 1), max + 1, long) > MAX_REDEEM_SCRIPT_LEN {
                break;
            }
            max += 1;
        }
        return Err(Error::TooManyKeys { keys: n, max });
    }
    let script = match context {
        Context::Top => MultiScript::Bare,
        Context::Sh => MultiScript::Sh,
        Context::Wsh => MultiScript::Wsh,
        Context::ShWsh => MultiScript::ShWsh,
    };
    let shape = Shape::Multi {
        script,
        threshold: k,
        sorted,
    };
    Ok((shape, keys))
}

/// A parsed script expression: its shape and its keys.
type Parsed = (Shape, Vec<KeyExpr>);

/// Parses a script expression in `context` (`sh()`'s and `wsh()`'s insides).
fn script_expr(text: &str, base: usize, context: Context) -> Result<Parsed> {
    use Function as F;
    let Some(call) = split_call(text, base)? else {
        return Err(invalid(base, ErrorKind::ExpectedScript));
    };
    let Some(function) = call.function else {
        return Err(match context {
            Context::Wsh | Context::ShWsh => unsupported(base, Feature::Miniscript),
            _ => invalid(base, ErrorKind::UnknownFunction),
        });
    };
    let misplaced = || invalid(base, ErrorKind::NotAllowedHere { function });
    let unimplemented = || unsupported(base, Feature::Function(function));
    match (context, function) {
        (Context::Top, F::Pkh) => Ok((
            Shape::Single(SingleScript::Pkh),
            alloc::vec![single_key(&call, KeyContext::Legacy)?],
        )),
        (Context::Top, F::Wpkh) => Ok((
            Shape::Single(SingleScript::Wpkh),
            alloc::vec![single_key(&call, KeyContext::Witness)?],
        )),
        (Context::Sh, F::Wpkh) => Ok((
            Shape::Single(SingleScript::ShWpkh),
            alloc::vec![single_key(&call, KeyContext::Witness)?],
        )),
        (Context::Top, F::Tr) => {
            let args = split_args(call.args, call.args_base);
            let Some(&(text, offset)) = args.first() else {
                return Err(invalid(base, ErrorKind::WrongArgumentCount));
            };
            if text.contains('(') {
                return Err(invalid(offset, ErrorKind::ExpectedKey));
            }
            let at = KeyPosition { key: 0, keys: 1 };
            let key = KeyExpr::parse(text, offset, KeyContext::Taproot, at)?;
            if let Some(&(_, tree_offset)) = args.get(1) {
                return Err(unsupported(tree_offset, Feature::ScriptTree));
            }
            Ok((Shape::Single(SingleScript::Tr), alloc::vec![key]))
        }
        (Context::Top, F::Sh) => {
            let args = split_args(call.args, call.args_base);
            let &[(inner, offset)] = args.as_slice() else {
                return Err(invalid(base, ErrorKind::WrongArgumentCount));
            };
            script_expr(inner, offset, Context::Sh)
        }
        (Context::Top | Context::Sh, F::Wsh) => {
            let args = split_args(call.args, call.args_base);
            let &[(inner, offset)] = args.as_slice() else {
                return Err(invalid(base, ErrorKind::WrongArgumentCount));
            };
            let inner_context = if context == Context::Sh {
                Context::ShWsh
            } else {
                Context::Wsh
            };
            script_expr(inner, offset, inner_context)
        }
        (_, F::Multi | F::SortedMulti) => multisig(&call, function == F::SortedMulti, context),
        // Valid in this place (BIP-381/384/385 and Bitcoin Core), not implemented here.
        (Context::Top, F::Pk | F::Combo | F::Raw | F::Addr | F::RawTr)
        | (Context::Sh | Context::Wsh | Context::ShWsh, F::Pk | F::Pkh) => Err(unimplemented()),
        _ => Err(misplaced()),
    }
}

impl Descriptor {
    /// Parses a descriptor (the same as `str::parse`).
    ///
    /// # Errors
    /// [`Error::Invalid`], [`Error::Unsupported`],
    /// [`Error::ChecksumMismatch`], [`Error::InvalidThreshold`],
    /// [`Error::TooManyKeys`], [`Error::MixedNetworks`], [`Error::FamilyMismatch`] for a
    /// SLIP-132 key outside its family's script; [`Error::Key`] with the core error of
    /// extended-key parsing ([`crate::Error::BadChecksum`], [`crate::Error::UnknownVersion`],
    /// …) for a malformed `xpub`/`xprv`, [`Error::Wif`] with the WIF error for a malformed WIF
    /// key, each naming the key.
    pub fn parse(text: &str) -> Result<Self> {
        let payload = checksum::split(text)?;
        let (shape, keys) = script_expr(payload, 0, Context::Top)?;
        let kind = shape.descriptor_type();
        let mut branches = 1;
        let mut network_is_test = None;
        for (i, key) in keys.iter().enumerate() {
            if let Some(version) = key.version() {
                if let Some(script) = ImpliedScript::of_version(version) {
                    if DescriptorType::of_implied(script) != kind {
                        return Err(Error::FamilyMismatch {
                            key: i,
                            keys: keys.len(),
                            version,
                            script,
                            found: kind.descriptor(),
                        });
                    }
                }
            }
            let b = key.branches();
            if b > 1 {
                if branches > 1 && b != branches {
                    return Err(invalid(0, ErrorKind::MultipathLengthMismatch));
                }
                branches = b;
            }
            if let Some(test) = key.network_is_test() {
                if network_is_test.is_some_and(|t| t != test) {
                    return Err(Error::MixedNetworks);
                }
                network_is_test = Some(test);
            }
        }
        Ok(Self {
            shape,
            keys,
            branches,
            network_is_test,
        })
    }

    /// The version of the first key written in a SLIP-132 family (`ypub`, `zprv`, `Zpub`,
    /// …), if any. Such a key is accepted only in the script its family promises (else
    /// parsing fails with [`Error::FamilyMismatch`]), but Bitcoin Core refuses SLIP-132 keys
    /// in descriptors: it wants the same key as an `xpub` (`tpub` on test networks).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::descriptor::{Descriptor, Error};
    /// use fastbip32::Version;
    ///
    /// // BIP-84's account key m/84'/0'/0', as a zpub.
    /// let zpub = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
    /// let d: Descriptor = format!("wpkh({zpub}/0/*)").parse()?;
    /// assert_eq!(d.slip132_version(), Some(Version::ZPUB));
    /// let wrong = format!("pkh({zpub}/0/*)").parse::<Descriptor>().unwrap_err();
    /// assert!(matches!(wrong, Error::FamilyMismatch { .. }));
    /// # Ok::<(), fastbip32::descriptor::Error>(())
    /// ```
    pub fn slip132_version(&self) -> Option<crate::Version> {
        self.keys
            .iter()
            .filter_map(KeyExpr::version)
            .find(|&v| ImpliedScript::of_version(v).is_some())
    }

    /// The script type.
    pub fn descriptor_type(&self) -> DescriptorType {
        self.shape.descriptor_type()
    }

    /// The number of multipath branches: the length of the `<…>` tuple, 1 without one.
    pub fn branch_count(&self) -> usize {
        self.branches
    }

    /// Whether the descriptor has a range (`/*` or `/*'`) in some key.
    pub fn is_ranged(&self) -> bool {
        self.keys.iter().any(|k| k.wildcard() != Wildcard::None)
    }

    /// Whether some key has a hardened range (`/*'`), which needs an extended private key.
    pub fn is_hardened_range(&self) -> bool {
        self.keys.iter().any(|k| k.wildcard() == Wildcard::Hardened)
    }

    /// Whether deriving needs a private key that the descriptor does not have: a hardened
    /// step or range after an extended public key.
    pub fn needs_private_keys(&self) -> bool {
        self.keys.iter().any(KeyExpr::needs_private_key)
    }

    /// Whether some key is a WIF private key (of which only the public key is kept).
    pub fn has_wif_keys(&self) -> bool {
        self.keys.iter().any(KeyExpr::is_wif)
    }

    /// Whether some key is an extended private key (`xprv`, `tprv`, `zprv`, …).
    pub fn has_extended_private_keys(&self) -> bool {
        self.keys.iter().any(|k| k.has_private_key() && !k.is_wif())
    }

    /// Whether some key is private (`xprv`, `tprv`, a WIF key).
    pub fn has_private_keys(&self) -> bool {
        self.keys.iter().any(KeyExpr::has_private_key)
    }

    /// The network the keys' versions imply: [`Network::Testnet`] for the test families
    /// (`tpub`, `tprv`, `upub`, `vpub`, …; the same keys serve signet and regtest),
    /// [`Network::Mainnet`] for `xpub`, `ypub`, `zpub`, …, and `None` when every key is a hex
    /// public key.
    pub fn network(&self) -> Option<Network> {
        self.network_is_test.map(|test| {
            if test {
                Network::Testnet
            } else {
                Network::Mainnet
            }
        })
    }

    /// Checks that the keys can be used on `network`: mainnet keys only on mainnet, test keys
    /// on testnet, signet and regtest; hex keys anywhere.
    ///
    /// # Errors
    /// [`Error::NetworkMismatch`].
    pub fn check_network(&self, network: Network) -> Result<()> {
        check_network(self.network_is_test, network)
    }

    /// The address at (`branch`, `index`) on `network`: [`derive`](Self::derive) then
    /// [`Derived::address`].
    ///
    /// # Errors
    /// As [`derive`](Self::derive) and [`Derived::address`].
    pub fn address(&self, branch: usize, index: u32, network: Network) -> Result<Address> {
        self.check_network(network)?;
        self.derive(branch, index)?.address(network)
    }

    /// Whether its outputs have addresses: every descriptor but a bare multisig
    /// ([`DescriptorType::BareMulti`]), whose outputs are known by their scriptPubKeys.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::descriptor::Descriptor;
    ///
    /// let key = "03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd";
    /// let bare: Descriptor = format!("multi(1,{key})").parse()?;
    /// assert!(!bare.has_address());
    /// assert_eq!(
    ///     bare.derive(0, 0)?.script_pubkey().to_string(),
    ///     format!("5121{key}51ae"),
    /// );
    /// let wrapped: Descriptor = format!("wsh(multi(1,{key}))").parse()?;
    /// assert!(wrapped.has_address());
    /// # Ok::<(), fastbip32::descriptor::Error>(())
    /// ```
    pub fn has_address(&self) -> bool {
        !matches!(
            self.shape,
            Shape::Multi {
                script: MultiScript::Bare,
                ..
            }
        )
    }

    /// The number of keys (1 for single-key descriptors).
    pub fn key_count(&self) -> usize {
        self.keys.len()
    }

    /// Whether this is a single-key descriptor (`pkh`, `wpkh`, `sh(wpkh)`, `tr`).
    pub fn is_single_key(&self) -> bool {
        matches!(self.shape, Shape::Single(_))
    }

    /// The multisig threshold `k`, for multisig descriptors.
    pub fn threshold(&self) -> Option<usize> {
        match self.shape {
            Shape::Single(_) => None,
            Shape::Multi { threshold, .. } => Some(threshold),
        }
    }

    /// Whether this is a `sortedmulti()` descriptor.
    pub fn is_sorted_multisig(&self) -> bool {
        match self.shape {
            Shape::Single(_) => false,
            Shape::Multi { sorted, .. } => sorted,
        }
    }

    /// The key origin of a single-key descriptor's key, if it has one.
    pub fn key_origin(&self) -> Option<&KeyOrigin> {
        if self.is_single_key() {
            self.keys.first().and_then(KeyExpr::origin)
        } else {
            None
        }
    }

    /// The BIP-380 checksum of the canonical form (8 ASCII characters).
    pub fn checksum(&self) -> [u8; 8] {
        self.canonical_checksum()
    }

    #[allow(
        clippy::expect_used,
        reason = "the engine takes every write, and the canonical form uses only characters of the set"
    )]
    fn canonical_checksum(&self) -> [u8; 8] {
        let mut engine = checksum::Engine::new();
        self.write_payload(&mut engine)
            .expect("the checksum engine takes every write");
        engine
            .finish()
            .expect("the canonical form uses only characters of the descriptor set")
    }

    /// Where key number `key` is, for its errors.
    fn position(&self, key: usize) -> KeyPosition {
        KeyPosition {
            key,
            keys: self.keys.len(),
        }
    }

    /// Derives what does not depend on the index for `branch` (each key's parent for the
    /// range, or its key when it has none).
    ///
    /// # Errors
    /// [`Error::BranchOutOfRange`]; [`Error::Key`] naming the key, with
    /// [`crate::Error::HardenedFromPublic`] for a hardened step after an extended public key,
    /// [`crate::Error::DepthExceeded`], or [`crate::Error::InvalidChild`] (BIP-32's invalid
    /// child, probability below 2⁻¹²⁷).
    pub fn branch(&self, branch: usize) -> Result<Branch<'_>> {
        if branch >= self.branches {
            return Err(Error::BranchOutOfRange {
                branch,
                branches: self.branches,
            });
        }
        Ok(Branch {
            descriptor: self,
            number: branch,
            keys: self.prepare_keys(branch)?,
        })
    }

    /// Each key prepared for `branch`. A private key is derived in place in its own box
    /// ([`Prepared`]): no frame holds a copy of it that a later frame could carry into a
    /// heap block (a channel, a vector's first block built by value on the stack).
    fn prepare_keys(&self, branch: usize) -> Result<Vec<Prepared>> {
        let mut keys = Vec::with_capacity(self.keys.len());
        for (i, key) in self.keys.iter().enumerate() {
            keys.push(key.prepare(branch).map_err(|e| self.position(i).core(e))?);
        }
        Ok(keys)
    }

    /// The full path of a single-key descriptor's key at (`branch`, `index`), without deriving
    /// anything; see [`Branch::full_path`]. `None` for multisig.
    ///
    /// # Errors
    /// [`Error::BranchOutOfRange`], and as [`Branch::full_path`].
    pub fn full_path(&self, branch: usize, index: u32) -> Result<Option<DerivationPath>> {
        if branch >= self.branches {
            return Err(Error::BranchOutOfRange {
                branch,
                branches: self.branches,
            });
        }
        match self.keys.as_slice() {
            [key] if self.is_single_key() => {
                self.check_index(index, 1)?;
                key.full_path(branch, index)
                    .map(Some)
                    .map_err(|e| self.position(0).core(e))
            }
            _ => Ok(None),
        }
    }

    /// Checks that the `count` range indices from `first` on are below 2³¹, for a ranged
    /// descriptor (without a range the index is ignored, as in Bitcoin Core).
    fn check_index(&self, first: u32, count: usize) -> Result<()> {
        let end = u64::from(first) + u64::try_from(count).unwrap_or(u64::MAX);
        if self.is_ranged() && count > 0 && end > u64::from(crate::path::HARDENED_BIT) {
            return Err(Error::InvalidIndex {
                index: first.max(crate::path::HARDENED_BIT),
            });
        }
        Ok(())
    }

    /// The output at (`branch`, `index`): [`branch`](Self::branch) then
    /// [`Branch::derive`]. For many indices, keep the [`Branch`].
    ///
    /// # Errors
    /// As [`branch`](Self::branch) and [`Branch::derive`].
    pub fn derive(&self, branch: usize, index: u32) -> Result<Derived> {
        self.branch(branch)?.derive(index)
    }

    fn write_payload(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let (open, close) = match self.shape {
            Shape::Single(SingleScript::Pkh) => ("pkh(", ")"),
            Shape::Single(SingleScript::Wpkh) => ("wpkh(", ")"),
            Shape::Single(SingleScript::ShWpkh) => ("sh(wpkh(", "))"),
            Shape::Single(SingleScript::Tr) => ("tr(", ")"),
            Shape::Multi { script, .. } => match script {
                MultiScript::Bare => ("", ""),
                MultiScript::Sh => ("sh(", ")"),
                MultiScript::Wsh => ("wsh(", ")"),
                MultiScript::ShWsh => ("sh(wsh(", "))"),
            },
        };
        out.write_str(open)?;
        match self.shape {
            Shape::Single(_) => {
                for key in &self.keys {
                    key.write_public(out)?;
                }
            }
            Shape::Multi {
                threshold, sorted, ..
            } => {
                out.write_str(if sorted { "sortedmulti(" } else { "multi(" })?;
                write!(out, "{threshold}")?;
                for key in &self.keys {
                    out.write_char(',')?;
                    key.write_public(out)?;
                }
                out.write_char(')')?;
            }
        }
        out.write_str(close)
    }
}

impl FromStr for Descriptor {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        Self::parse(s)
    }
}

impl fmt::Display for Descriptor {
    /// The canonical public form with its checksum (`{:#}`: without the checksum).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_payload(f)?;
        if !f.alternate() {
            f.write_char('#')?;
            for c in self.checksum() {
                f.write_char(char::from(c))?;
            }
        }
        Ok(())
    }
}

/// One multipath branch of a [`Descriptor`], with each key's index-independent derivation
/// done: derive outputs at indices from it.
///
/// Not `Clone`: the private keys it prepared from an xprv are kept in one place each
/// (wiped when it is dropped); make another with [`Descriptor::branch`].
#[derive(Debug)]
pub struct Branch<'a> {
    descriptor: &'a Descriptor,
    number: usize,
    keys: Vec<Prepared>,
}

/// A chunk's length as an index step (chunks hold at most [`SINGLE_CHUNK`] indices).
#[allow(clippy::expect_used, reason = "a chunk holds at most 128 indices")]
fn chunk_len(n: usize) -> u32 {
    u32::try_from(n).expect("a chunk holds at most 128 indices")
}

/// How many indices [`Branch::derive_into`] derives per key at a time for multisig (a stack
/// buffer per key: up to 20 × 16 × 33 bytes).
const MULTI_CHUNK: usize = 16;

/// How many indices [`Branch::derive_into`] derives at a time for a single key: the
/// secp256k1 public batch's chunk, whose rounds share one field inversion over all of its
/// children (a stack buffer of 128 × 33 bytes).
const SINGLE_CHUNK: usize = crate::curve::secp256k1_batch::CHUNK;

impl Branch<'_> {
    /// The branch number.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The full path of a single-key descriptor's key at `index`: the origin's path (if
    /// any), the key's steps for this branch, and the range step with `index` (hardened for
    /// `/*'`); `index` is ignored without a range. Without an origin the path starts at the
    /// key as written. `None` for multisig.
    ///
    /// # Errors
    /// [`Error::InvalidIndex`] for an `index` of 2³¹ or more (of a ranged descriptor);
    /// [`Error::Key`] with [`crate::Error::DepthExceeded`] past 255 levels.
    pub fn full_path(&self, index: u32) -> Result<Option<DerivationPath>> {
        self.descriptor.full_path(self.number, index)
    }

    /// The output at `index` (ignored for a descriptor without a range, as in Bitcoin Core).
    ///
    /// # Errors
    /// [`Error::InvalidIndex`] for an `index` of 2³¹ or more (of a ranged descriptor);
    /// [`Error::Key`] naming the key, with [`crate::Error::HardenedFromPublic`] for a hardened
    /// range after an extended public key, [`crate::Error::InvalidChild`] (probability below
    /// 2⁻¹²⁷), or [`crate::Error::InvalidPublicKey`] if a taproot tweak fails (probability
    /// below 2⁻¹²⁷).
    pub fn derive(&self, index: u32) -> Result<Derived> {
        self.descriptor.check_index(index, 1)?;
        let mut publics = [[0u8; 33]; MAX_MULTISIG_KEYS];
        for (i, (slot, key)) in publics.iter_mut().zip(&self.keys).enumerate() {
            *slot = key
                .public_key(index)
                .map_err(|e| self.descriptor.position(i).core(e))?;
        }
        self.output(index, &publics)
    }

    /// The outputs at `start`, `start + 1`, …, one per slot of `out`, without allocating:
    /// each key's children are derived in sibling batches.
    ///
    /// # Errors
    /// As [`derive`](Self::derive); [`Error::InvalidIndex`] if the range runs past 2³¹ − 1.
    pub fn derive_into(&self, start: u32, out: &mut [Derived]) -> Result<()> {
        self.descriptor.check_index(start, out.len())?;
        match self.keys.as_slice() {
            [key] if self.descriptor.is_single_key() => self.derive_single_into(key, start, out),
            _ => self.derive_multi_into(start, out),
        }
    }

    /// [`derive_into`](Self::derive_into) for a single key, in chunks of the public batch's.
    fn derive_single_into(&self, key: &Prepared, start: u32, out: &mut [Derived]) -> Result<()> {
        let mut publics = [[0u8; 33]; SINGLE_CHUNK];
        let mut first = start;
        for chunk in out.chunks_mut(SINGLE_CHUNK) {
            let n = chunk.len();
            // `chunks_mut` makes chunks of at most SINGLE_CHUNK: `n` fits the buffer.
            let (buf, _) = publics.split_at_mut(n);
            key.public_keys_into(first, buf)
                .map_err(|e| self.descriptor.position(0).core(e))?;
            for (i, (slot, public)) in (0u32..).zip(chunk.iter_mut().zip(&publics)) {
                let mut set = [[0u8; 33]; MAX_MULTISIG_KEYS];
                set[0] = *public;
                // Saturating: without a range the index is ignored, and may be any u32.
                *slot = self.output(first.saturating_add(i), &set)?;
            }
            first = first.saturating_add(chunk_len(n));
        }
        Ok(())
    }

    /// [`derive_into`](Self::derive_into) for multisig, [`MULTI_CHUNK`] indices at a time.
    fn derive_multi_into(&self, start: u32, out: &mut [Derived]) -> Result<()> {
        let mut publics = [[[0u8; 33]; MULTI_CHUNK]; MAX_MULTISIG_KEYS];
        let mut first = start;
        for chunk in out.chunks_mut(MULTI_CHUNK) {
            let n = chunk.len();
            for (i, (key, buf)) in self.keys.iter().zip(publics.iter_mut()).enumerate() {
                // `chunks_mut` makes chunks of at most MULTI_CHUNK: `n` fits the buffer.
                let (buf, _) = buf.split_at_mut(n);
                key.public_keys_into(first, buf)
                    .map_err(|e| self.descriptor.position(i).core(e))?;
            }
            for (j, (i, slot)) in (0u32..).zip(chunk.iter_mut()).enumerate() {
                let mut set = [[0u8; 33]; MAX_MULTISIG_KEYS];
                for (dst, buf) in set.iter_mut().zip(publics.iter()).take(self.keys.len()) {
                    // `j < n ≤ MULTI_CHUNK`, the length of `buf`.
                    #[allow(clippy::indexing_slicing, reason = "j < n <= MULTI_CHUNK")]
                    let public = buf[j];
                    *dst = public;
                }
                *slot = self.output(first.saturating_add(i), &set)?;
            }
            first = first.saturating_add(chunk_len(n));
        }
        Ok(())
    }

    /// Builds the output from the keys' public keys at `index`.
    fn output(&self, index: u32, publics: &[[u8; 33]; MAX_MULTISIG_KEYS]) -> Result<Derived> {
        let d = self.descriptor;
        let first = publics[0];
        let script_pubkey = match d.shape {
            Shape::Single(SingleScript::Pkh) if d.keys.iter().any(KeyExpr::is_uncompressed) => {
                ScriptPubKey::p2pkh(&hash160(&key::decompress(&first)))
            }
            Shape::Single(SingleScript::Pkh) => ScriptPubKey::p2pkh(&hash160(&first)),
            Shape::Single(SingleScript::Wpkh) => ScriptPubKey::p2wpkh(&hash160(&first)),
            Shape::Single(SingleScript::ShWpkh) => script::p2sh_p2wpkh(&first),
            // A valid key without a BIP-341 output key (probability below 2⁻¹²⁷).
            Shape::Single(SingleScript::Tr) => ScriptPubKey::p2tr(
                &taproot_output_key(&first)
                    .map_err(|_| d.position(0).core(crate::Error::InvalidPublicKey))?,
            ),
            Shape::Multi {
                script: wrapper,
                threshold,
                sorted,
            } => {
                // At most MAX_MULTISIG_KEYS keys, checked at parse.
                let mut forms = [ScriptKey::Compressed([0; 33]); MAX_MULTISIG_KEYS];
                let (keys, _) = forms.split_at_mut(d.keys.len());
                for ((slot, public), expr) in keys.iter_mut().zip(publics.iter()).zip(&d.keys) {
                    *slot = if expr.is_uncompressed() {
                        ScriptKey::Uncompressed(key::decompress(public))
                    } else {
                        ScriptKey::Compressed(*public)
                    };
                }
                if sorted {
                    keys.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
                }
                let mut buf = [0u8; MAX_MULTISIG_SCRIPT_LEN];
                let len = script::multisig(threshold, keys, &mut buf);
                let (multisig_script, _) = buf.split_at(len);
                match wrapper {
                    MultiScript::Bare => ScriptPubKey::bare_multisig(multisig_script),
                    MultiScript::Sh => script::p2sh_of(multisig_script),
                    MultiScript::Wsh => script::p2wsh_of(multisig_script),
                    MultiScript::ShWsh => {
                        script::p2sh_of(script::p2wsh_of(multisig_script).as_bytes())
                    }
                }
            }
        };
        Ok(Derived {
            script_pubkey,
            public_key: d.is_single_key().then_some(first),
            branch: self.number,
            index: d.is_ranged().then_some(index),
            network_is_test: d.network_is_test,
        })
    }
}

/// One derived output of a descriptor: its scriptPubKey and, for single-key descriptors, the
/// public key (before any taproot tweak).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Derived {
    script_pubkey: ScriptPubKey,
    public_key: Option<[u8; 33]>,
    branch: usize,
    index: Option<u32>,
    network_is_test: Option<bool>,
}

impl Default for Derived {
    fn default() -> Self {
        Self {
            script_pubkey: ScriptPubKey::p2wpkh(&[0; 20]),
            public_key: None,
            branch: 0,
            index: None,
            network_is_test: None,
        }
    }
}

fn check_network(key_is_test: Option<bool>, network: Network) -> Result<()> {
    match key_is_test {
        Some(key_is_test) if key_is_test != network.is_test() => {
            Err(Error::NetworkMismatch { key_is_test })
        }
        _ => Ok(()),
    }
}

impl Derived {
    /// The address of the scriptPubKey on `network`: `Base58Check` for P2PKH and P2SH, bech32
    /// for P2WPKH and P2WSH, bech32m for P2TR.
    ///
    /// # Errors
    /// [`Error::NetworkMismatch`] when the descriptor's keys are for another network (a
    /// mainnet key on a test network, or the reverse; hex keys fit every network);
    /// [`Error::NoAddress`] for a bare multisig, whose output is known by its
    /// [`script_pubkey`](Self::script_pubkey) alone.
    pub fn address(&self, network: Network) -> Result<Address> {
        check_network(self.network_is_test, network)?;
        self.script_pubkey.address(network).ok_or(Error::NoAddress)
    }

    /// The scriptPubKey.
    pub fn script_pubkey(&self) -> &ScriptPubKey {
        &self.script_pubkey
    }

    /// The derived public key of a single-key descriptor, in its 33-byte compressed form
    /// (for `tr()`, the internal key, before the BIP-86 tweak; for an uncompressed key in
    /// `pkh()`, the same point, whose script hashes the 65-byte form); `None` for multisig.
    pub fn public_key(&self) -> Option<&[u8; 33]> {
        self.public_key.as_ref()
    }

    /// The multipath branch.
    pub fn branch(&self) -> usize {
        self.branch
    }

    /// The range index, `None` for a descriptor without a range.
    pub fn index(&self) -> Option<u32> {
        self.index
    }
}

impl Descriptor {
    /// The descriptor of multipath branch `branch` alone: every `<…>` step replaced by its
    /// value for the branch (BIP-389's expansion, Bitcoin Core's `multipath_expansion`). A
    /// descriptor without multipath has one branch, 0: itself.
    ///
    /// # Errors
    /// [`Error::BranchOutOfRange`].
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::descriptor::Descriptor;
    ///
    /// // BIP-389's test vector.
    /// let d: Descriptor = "wpkh(xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB/<0;1>/*)".parse()?;
    /// let change = d.branch_descriptor(1)?;
    /// assert_eq!(change.branch_count(), 1);
    /// assert!(format!("{change:#}").ends_with("/1/*)"));
    /// # Ok::<(), fastbip32::descriptor::Error>(())
    /// ```
    pub fn branch_descriptor(&self, branch: usize) -> Result<Self> {
        if branch >= self.branches {
            return Err(Error::BranchOutOfRange {
                branch,
                branches: self.branches,
            });
        }
        Ok(Self {
            shape: self.shape,
            keys: self.keys.iter().map(|k| k.single_path(branch)).collect(),
            branches: 1,
            network_is_test: self.network_is_test,
        })
    }

    /// The same descriptor with every key of a SLIP-132 family (`ypub`, `zprv`, `Zpub`, …;
    /// see [`slip132_version`](Self::slip132_version)) in the plain family of its network:
    /// `xpub`/`xprv` on mainnet, `tpub`/`tprv` on test networks, the form Bitcoin Core takes.
    /// The keys, scripts and addresses are the same; the text, and so the checksum, differ.
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::descriptor::Descriptor;
    ///
    /// // BIP-84's account key m/84'/0'/0', as a zpub.
    /// let zpub = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
    /// let d: Descriptor = format!("wpkh({zpub}/0/*)").parse()?;
    /// let plain = d.to_plain_versions();
    /// assert_eq!(plain.slip132_version(), None);
    /// assert!(format!("{plain:#}").starts_with("wpkh(xpub"));
    /// assert_eq!(plain.address(0, 0, fastbip32::Network::Mainnet)?, d.address(0, 0, fastbip32::Network::Mainnet)?);
    /// # Ok::<(), fastbip32::descriptor::Error>(())
    /// ```
    #[must_use]
    pub fn to_plain_versions(&self) -> Self {
        Self {
            shape: self.shape,
            keys: self.keys.iter().map(KeyExpr::plain_version).collect(),
            branches: self.branches,
            network_is_test: self.network_is_test,
        }
    }
}
