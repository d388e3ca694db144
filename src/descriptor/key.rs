//! Key expressions (BIP-380, with BIP-389 multipath): parsing, printing and derivation.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

use super::error::{Error, ErrorKind, KeyPosition, Result};
use crate::fingerprint::Fingerprint;
use crate::key::{ExtendedPrivateKey, ExtendedPublicKey};
use crate::path::{ChildNumber, DerivationPath};
use crate::serialize::ExtendedKey;
use crate::Secp256k1;

impl KeyPosition {
    /// A core error (key text, derivation) of this key.
    pub(crate) const fn core(self, error: crate::Error) -> Error {
        Error::Key {
            key: self.key,
            keys: self.keys,
            error,
        }
    }

    /// A WIF decoding error of this key.
    const fn wif(self, error: crate::address::Error) -> Error {
        Error::Wif {
            key: self.key,
            keys: self.keys,
            error,
        }
    }
}

/// Where a key expression sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyContext {
    /// `pkh()` and `sh(multi())`: uncompressed keys are valid (BIP-381, BIP-383), as in
    /// Bitcoin Core.
    Legacy,
    /// Inside `wpkh()` or `wsh()`: uncompressed keys are invalid (BIP-382).
    Witness,
    /// The internal key of `tr()`: may be a 32-byte x-only hex key (BIP-386).
    Taproot,
}

/// The key origin of a key expression: `[fingerprint/path]` (BIP-380).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyOrigin {
    fingerprint: Fingerprint,
    path: DerivationPath,
}

impl KeyOrigin {
    /// The fingerprint of the key where the derivation starts.
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// The steps from that key to the key that follows the origin.
    pub fn path(&self) -> &DerivationPath {
        &self.path
    }
}

/// The last step of an extended key: none, `/*` or `/*'`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wildcard {
    None,
    Normal,
    Hardened,
}

/// How a single (non-extended) key was written, for printing it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SingleForm {
    /// 66 hex digits (also a compressed WIF key outside `tr()`).
    Compressed,
    /// 130 hex digits `04 x y` (also an uncompressed WIF key): `pkh()` and `sh(multi())` only.
    Uncompressed,
    /// 64 hex digits of the x coordinate (`tr()` only; also a WIF key inside `tr()`).
    XOnly,
}

#[derive(Clone, Debug)]
struct Extended {
    key: ExtendedKey<Secp256k1>,
    /// Every step, with the multipath slot holding the branch-0 value.
    steps: Vec<ChildNumber>,
    /// The multipath step: its position in `steps` and its values.
    multipath: Option<(usize, Vec<ChildNumber>)>,
    wildcard: Wildcard,
}

#[derive(Clone, Debug)]
enum Source {
    Single {
        public: [u8; 33],
        form: SingleForm,
        /// `Some(is_test)` for a WIF key, whose version names a network.
        network: Option<bool>,
    },
    Extended(Extended),
}

/// One key expression of a descriptor.
#[derive(Clone, Debug)]
pub(crate) struct KeyExpr {
    origin: Option<KeyOrigin>,
    source: Source,
    /// Print hardened steps with `'` (else `h`), as Bitcoin Core does: the marker of the last
    /// hardened step it parsed (origin, then wildcard, then the key's steps).
    apostrophe: bool,
}

/// A key made ready for one multipath branch: what remains to do per index.
///
/// Neither `Clone` nor `Copy`: a private key is derived in place into the box it is kept in
/// ([`ExtendedPrivateKey::derive_path_boxed`]), and stays the one copy there; moving a
/// `Prepared` moves only the box's pointer.
#[derive(Debug)]
pub(crate) enum Prepared {
    /// The same public key at every index.
    Fixed([u8; 33]),
    /// Normal children of this public key (`/*`): variable time, on public inputs.
    Normal(ExtendedPublicKey<Secp256k1>),
    /// Normal children of this private key (`/*` after an xprv): constant time, each child's
    /// public key from its private key, as for every batch from a private key.
    NormalPrivate(Box<ExtendedPrivateKey<Secp256k1>>),
    /// Hardened children of this private key (`/*'`).
    Hardened(Box<ExtendedPrivateKey<Secp256k1>>),
    /// `/*'` below a public key: every index fails.
    HardenedFromPublic,
}

impl Prepared {
    /// The public key at `index` (an index without the hardened bit).
    pub(crate) fn public_key(&self, index: u32) -> crate::Result<[u8; 33]> {
        match self {
            Self::Fixed(public) => Ok(*public),
            Self::Normal(parent) => Ok(parent
                .derive_child_vartime(ChildNumber::normal(index)?)?
                .public_key()),
            Self::NormalPrivate(parent) => Ok(parent
                .derive_child(ChildNumber::normal(index)?)?
                .public_key()),
            Self::Hardened(parent) => Ok(parent
                .derive_child(ChildNumber::hardened(index)?)?
                .public_key()),
            Self::HardenedFromPublic => {
                ChildNumber::hardened(index)?;
                Err(crate::Error::HardenedFromPublic { index, segment: 0 })
            }
        }
    }

    /// The public keys at `start`, `start + 1`, …, one per slot of `out`; siblings share the
    /// parent's work.
    pub(crate) fn public_keys_into(&self, start: u32, out: &mut [[u8; 33]]) -> crate::Result<()> {
        match self {
            Self::Fixed(public) => {
                out.fill(*public);
                Ok(())
            }
            Self::Normal(parent) => {
                parent.derive_public_keys_into_vartime(ChildNumber::normal(start)?, out)
            }
            Self::NormalPrivate(parent) => {
                parent.derive_public_keys_into(ChildNumber::normal(start)?, out)
            }
            Self::Hardened(parent) => {
                let children = parent.children(ChildNumber::hardened(start)?, out.len())?;
                for (slot, child) in out.iter_mut().zip(children) {
                    *slot = child?.public_key();
                }
                Ok(())
            }
            Self::HardenedFromPublic => self.public_key(start).map(|_| ()),
        }
    }
}

fn invalid(offset: usize, kind: ErrorKind) -> Error {
    Error::Invalid {
        offset,
        kind,
        key: None,
    }
}

/// Parses one derivation step with the crate's path grammar, without `H` (BIP-380's test
/// vectors and Bitcoin Core reject it). Returns the child and whether its marker was `'`
/// (`None` for a normal step).
fn parse_step(text: &str, offset: usize) -> Result<(ChildNumber, Option<bool>)> {
    let bad = || invalid(offset, ErrorKind::InvalidStep);
    if text.ends_with('H') {
        return Err(bad());
    }
    let child: ChildNumber = text.parse().map_err(|_| bad())?;
    Ok((child, child.is_hardened().then(|| text.ends_with('\''))))
}

/// The 65-byte uncompressed SEC1 form `04 x y` of a compressed public key (public input).
///
/// # Panics
/// If `public` is not a point: every key of a parsed descriptor was checked when it was
/// parsed.
pub(crate) fn decompress(public: &[u8; 33]) -> [u8; 65] {
    #[allow(clippy::expect_used, reason = "descriptor keys are checked points")]
    secp256k1::PublicKey::from_byte_array_compressed(*public)
        .expect("a descriptor's public keys are checked at parse")
        .serialize_uncompressed()
}

/// Checks a compressed SEC1 public key (public input).
fn valid_point(public: &[u8; 33]) -> bool {
    secp256k1::PublicKey::from_byte_array_compressed(*public).is_ok()
}

impl KeyExpr {
    /// Parses the key expression `text`, found at byte `base` of the descriptor. A syntax
    /// error names the key `at`.
    pub(crate) fn parse(
        text: &str,
        base: usize,
        context: KeyContext,
        at: KeyPosition,
    ) -> Result<Self> {
        Self::parse_text(text, base, context, at).map_err(|e| match e {
            Error::Invalid {
                offset,
                kind,
                key: None,
            } => Error::Invalid {
                offset,
                kind,
                key: Some(at),
            },
            other => other,
        })
    }

    fn parse_text(text: &str, base: usize, context: KeyContext, at: KeyPosition) -> Result<Self> {
        if text.is_empty() {
            return Err(invalid(base, ErrorKind::MissingKey));
        }
        if text.starts_with(' ') || text.ends_with(' ') {
            return Err(invalid(base, ErrorKind::Whitespace));
        }
        let mut apostrophe = false;
        let (origin, rest, rest_base) = if let Some(inner) = text.strip_prefix('[') {
            let close = inner
                .find(']')
                .ok_or_else(|| invalid(base, ErrorKind::InvalidOrigin))?;
            let (origin_text, after) = inner.split_at(close);
            let after = after.get(1..).unwrap_or("");
            if let Some(second) = after.find(']') {
                return Err(invalid(base + close + 2 + second, ErrorKind::InvalidOrigin));
            }
            let origin = parse_origin(origin_text, base + 1, &mut apostrophe, at)?;
            (Some(origin), after, base + close + 2)
        } else {
            if let Some(close) = text.find(']') {
                return Err(invalid(base + close, ErrorKind::InvalidOrigin));
            }
            (None, text, base)
        };
        if rest.is_empty() {
            return Err(invalid(rest_base, ErrorKind::MissingKey));
        }
        let (key_text, steps_text) = match rest.find('/') {
            Some(slash) => (rest.get(..slash).unwrap_or(""), rest.get(slash..)),
            None => (rest, None),
        };
        if key_text.is_empty() {
            return Err(invalid(rest_base, ErrorKind::MissingKey));
        }
        if steps_text.is_some() && (crate::hex::is_hex(key_text) || is_wif_shaped(key_text)) {
            return Err(invalid(
                rest_base + key_text.len(),
                ErrorKind::StepsAfterNonExtendedKey,
            ));
        }
        let source = if let Some(single) = parse_single(key_text, rest_base, context, at)? {
            single
        } else {
            let key: ExtendedKey<Secp256k1> = key_text.parse().map_err(|e| {
                // Base58 text of an extended key's length: its own error says most.
                if key_text.len() >= 100 {
                    at.core(e)
                } else {
                    invalid(rest_base, ErrorKind::InvalidKey)
                }
            })?;
            let steps_base = rest_base + key_text.len();
            Source::Extended(parse_steps(
                key,
                steps_text.unwrap_or(""),
                steps_base,
                &mut apostrophe,
            )?)
        };
        Ok(Self {
            origin,
            source,
            apostrophe,
        })
    }

    /// The number of multipath branches (1 without a `<…>` step).
    pub(crate) fn branches(&self) -> usize {
        match &self.source {
            Source::Extended(Extended {
                multipath: Some((_, values)),
                ..
            }) => values.len(),
            _ => 1,
        }
    }

    pub(crate) fn wildcard(&self) -> Wildcard {
        match &self.source {
            Source::Extended(e) => e.wildcard,
            Source::Single { .. } => Wildcard::None,
        }
    }

    pub(crate) fn origin(&self) -> Option<&KeyOrigin> {
        self.origin.as_ref()
    }

    /// `Some(true)` for a key of a test network, `Some(false)` for mainnet, `None` for a hex
    /// key.
    pub(crate) fn network_is_test(&self) -> Option<bool> {
        match &self.source {
            Source::Single { network, .. } => *network,
            Source::Extended(e) => e.key.version().is_testnet(),
        }
    }

    /// The version of an extended key (`xpub`, `zprv`, …); `None` for a hex or WIF key.
    pub(crate) fn version(&self) -> Option<crate::Version> {
        match &self.source {
            Source::Single { .. } => None,
            Source::Extended(e) => Some(e.key.version()),
        }
    }

    /// Whether the key is written uncompressed (hex `04…` or uncompressed WIF): its scripts
    /// hold the 65-byte form.
    pub(crate) fn is_uncompressed(&self) -> bool {
        matches!(
            self.source,
            Source::Single {
                form: SingleForm::Uncompressed,
                ..
            }
        )
    }

    /// Whether the key is a WIF private key.
    pub(crate) fn is_wif(&self) -> bool {
        matches!(
            self.source,
            Source::Single {
                network: Some(_),
                ..
            }
        )
    }

    pub(crate) fn has_private_key(&self) -> bool {
        match &self.source {
            Source::Single { network, .. } => network.is_some(),
            Source::Extended(e) => e.key.is_private(),
        }
    }

    /// Whether deriving needs a private key: a hardened step or range below an xpub.
    pub(crate) fn needs_private_key(&self) -> bool {
        match &self.source {
            Source::Single { .. } => false,
            Source::Extended(e) => {
                !e.key.is_private()
                    && (e.wildcard == Wildcard::Hardened
                        || e.steps.iter().any(|c| c.is_hardened())
                        || e.multipath
                            .as_ref()
                            .is_some_and(|(_, v)| v.iter().any(|c| c.is_hardened())))
            }
        }
    }

    /// The steps after the key for `branch` (the multipath slot filled in).
    fn steps_for(e: &Extended, branch: usize) -> impl Iterator<Item = ChildNumber> + '_ {
        let chosen = e
            .multipath
            .as_ref()
            .map(|(position, values)| (*position, values.get(branch).copied()));
        e.steps
            .iter()
            .enumerate()
            .map(move |(i, &step)| match chosen {
                Some((position, Some(value))) if position == i => value,
                _ => step,
            })
    }

    /// Derives what does not depend on the index, for `branch` (which must exist, or be 0
    /// for a key without multipath: such keys serve every branch).
    pub(crate) fn prepare(&self, branch: usize) -> crate::Result<Prepared> {
        let e = match &self.source {
            Source::Single { public, .. } => return Ok(Prepared::Fixed(*public)),
            Source::Extended(e) => e,
        };
        let branch = if e.multipath.is_some() { branch } else { 0 };
        let steps: Vec<ChildNumber> = Self::steps_for(e, branch).collect();
        let path = DerivationPath::from_slice(&steps)?;
        match (&e.key, e.wildcard) {
            (ExtendedKey::Private(k), Wildcard::Hardened) => {
                Ok(Prepared::Hardened(k.derive_path_boxed(&path)?))
            }
            (ExtendedKey::Public(k), Wildcard::Hardened) => {
                // The steps must still be derivable; the range never is.
                k.derive_path_vartime(&path)?;
                Ok(Prepared::HardenedFromPublic)
            }
            (ExtendedKey::Private(k), Wildcard::Normal) => {
                Ok(Prepared::NormalPrivate(k.derive_path_boxed(&path)?))
            }
            (ExtendedKey::Public(k), Wildcard::Normal) => {
                Ok(Prepared::Normal(k.derive_path_vartime(&path)?))
            }
            (ExtendedKey::Private(k), Wildcard::None) => {
                Ok(Prepared::Fixed(k.derive_path_boxed(&path)?.public_key()))
            }
            (ExtendedKey::Public(k), Wildcard::None) => {
                Ok(Prepared::Fixed(k.derive_path_vartime(&path)?.public_key()))
            }
        }
    }

    /// The origin path followed by the key's steps for `branch` and, for a ranged key, the
    /// child at `index`.
    pub(crate) fn full_path(&self, branch: usize, index: u32) -> crate::Result<DerivationPath> {
        let mut path = self
            .origin
            .as_ref()
            .map_or_else(DerivationPath::master, |o| o.path.clone());
        if let Source::Extended(e) = &self.source {
            let branch = if e.multipath.is_some() { branch } else { 0 };
            for step in Self::steps_for(e, branch) {
                path.push(step)?;
            }
            match e.wildcard {
                Wildcard::None => {}
                Wildcard::Normal => path.push(ChildNumber::normal(index)?)?,
                Wildcard::Hardened => path.push(ChildNumber::hardened(index)?)?,
            }
        }
        Ok(path)
    }

    /// The key of multipath branch `branch` alone: its `<…>` step replaced by the branch's
    /// value (BIP-389's expansion). A key without multipath, or a branch it does not have, is
    /// returned as it is.
    pub(crate) fn single_path(&self, branch: usize) -> Self {
        let mut out = self.clone();
        if let Source::Extended(e) = &mut out.source {
            if let Some((position, values)) = e.multipath.take() {
                match (e.steps.get_mut(position), values.get(branch)) {
                    (Some(slot), Some(&value)) => *slot = value,
                    _ => e.multipath = Some((position, values)),
                }
            }
        }
        out
    }

    /// The key with an extended key of a SLIP-132 family (`ypub`, `zprv`, `Vpub`, …) in the
    /// plain family of its network: `xprv`/`xpub` on mainnet, `tprv`/`tpub` on test
    /// networks. The key itself does not change, only its version bytes.
    pub(crate) fn plain_version(&self) -> Self {
        let mut out = self.clone();
        if let Source::Extended(e) = &mut out.source {
            let pair = match e.key.version().is_testnet() {
                Some(true) => crate::VersionPair::TPRV_TPUB,
                Some(false) => crate::VersionPair::XPRV_XPUB,
                None => return out,
            };
            e.key = match &e.key {
                ExtendedKey::Private(k) => ExtendedKey::Private(k.clone().with_version_pair(pair)),
                ExtendedKey::Public(k) => ExtendedKey::Public(k.clone().with_version_pair(pair)),
            };
        }
        out
    }

    /// Writes the public form (Bitcoin Core's `ToString`): private keys as their public keys.
    pub(crate) fn write_public(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let marker = if self.apostrophe { '\'' } else { 'h' };
        if let Some(origin) = &self.origin {
            write!(out, "[{}", origin.fingerprint)?;
            for step in &origin.path {
                write_step(out, step, marker)?;
            }
            out.write_char(']')?;
        }
        match &self.source {
            Source::Single { public, form, .. } => {
                let uncompressed;
                let bytes: &[u8] = match form {
                    SingleForm::Compressed => &public[..],
                    SingleForm::Uncompressed => {
                        uncompressed = decompress(public);
                        &uncompressed
                    }
                    SingleForm::XOnly => public.split_at(1).1,
                };
                for b in bytes {
                    write!(out, "{b:02x}")?;
                }
            }
            Source::Extended(e) => {
                write!(out, "{}", e.key.to_xpub())?;
                for (i, &step) in e.steps.iter().enumerate() {
                    match &e.multipath {
                        Some((position, values)) if *position == i => {
                            out.write_str("/<")?;
                            for (j, &value) in values.iter().enumerate() {
                                if j > 0 {
                                    out.write_char(';')?;
                                }
                                write_child(out, value, marker)?;
                            }
                            out.write_char('>')?;
                        }
                        _ => write_step(out, step, marker)?,
                    }
                }
                match e.wildcard {
                    Wildcard::None => {}
                    Wildcard::Normal => out.write_str("/*")?,
                    Wildcard::Hardened => {
                        out.write_str("/*")?;
                        out.write_char(marker)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Writes `/` and the step, with `marker` (`'` or `h`) if it is hardened.
fn write_step(out: &mut impl fmt::Write, step: ChildNumber, marker: char) -> fmt::Result {
    out.write_char('/')?;
    write_child(out, step, marker)
}

/// Writes a child number with the path printer, with `marker` (`'` or `h`) if hardened.
fn write_child(out: &mut impl fmt::Write, child: ChildNumber, marker: char) -> fmt::Result {
    if marker == 'h' {
        write!(out, "{child:#}")
    } else {
        write!(out, "{child}")
    }
}

/// Parses `fingerprint/steps` (the inside of `[…]`) at byte `base`.
fn parse_origin(
    text: &str,
    base: usize,
    apostrophe: &mut bool,
    at: KeyPosition,
) -> Result<KeyOrigin> {
    let mut parts = text.split('/');
    let fingerprint_text = parts.next().unwrap_or("");
    let fingerprint: Fingerprint = fingerprint_text
        .parse()
        .map_err(|_| invalid(base, ErrorKind::InvalidFingerprint))?;
    let mut path = DerivationPath::master();
    let mut offset = base + fingerprint_text.len();
    for part in parts {
        offset += 1;
        if part.starts_with('*') {
            return Err(invalid(offset, ErrorKind::MisplacedWildcard));
        }
        if part.starts_with('<') {
            return Err(invalid(offset, ErrorKind::MisplacedMultipath));
        }
        let (child, marker) = parse_step(part, offset)?;
        if let Some(m) = marker {
            *apostrophe = m;
        }
        path.push(child).map_err(|e| at.core(e))?;
        offset += part.len();
    }
    Ok(KeyOrigin { fingerprint, path })
}

/// Parses the text after an extended key (`/1/2'/<0;1>/*`), which starts at byte `base`.
fn parse_steps(
    key: ExtendedKey<Secp256k1>,
    text: &str,
    base: usize,
    apostrophe: &mut bool,
) -> Result<Extended> {
    let mut steps = Vec::new();
    let mut multipath: Option<(usize, Vec<ChildNumber>)> = None;
    let mut wildcard = Wildcard::None;
    // Bitcoin Core reads the range marker before the other steps; the last hardened marker
    // read decides how the key prints.
    let mut wildcard_marker = None;
    let mut step_marker = None;
    if text.is_empty() {
        return Ok(Extended {
            key,
            steps,
            multipath,
            wildcard,
        });
    }
    let segments = text.get(1..).unwrap_or("");
    let count = segments.split('/').count();
    let mut offset = base + 1;
    for (i, segment) in segments.split('/').enumerate() {
        let last = i + 1 == count;
        if segment.starts_with('*') {
            wildcard = match segment {
                "*" => Wildcard::Normal,
                "*'" => {
                    wildcard_marker = Some(true);
                    Wildcard::Hardened
                }
                "*h" => {
                    wildcard_marker = Some(false);
                    Wildcard::Hardened
                }
                _ => return Err(invalid(offset, ErrorKind::InvalidStep)),
            };
            if !last {
                return Err(invalid(offset, ErrorKind::MisplacedWildcard));
            }
        } else if let Some(inner) = segment.strip_prefix('<') {
            let inner = inner
                .strip_suffix('>')
                .ok_or_else(|| invalid(offset, ErrorKind::InvalidStep))?;
            if multipath.is_some() {
                return Err(invalid(offset, ErrorKind::MisplacedMultipath));
            }
            if inner.split(';').count() < 2 {
                return Err(invalid(offset, ErrorKind::MultipathTooShort));
            }
            let mut values = Vec::new();
            let mut value_offset = offset + 1;
            for value in inner.split(';') {
                let (child, marker) = parse_step(value, value_offset)?;
                if marker.is_some() {
                    step_marker = marker;
                }
                if values.contains(&child) {
                    return Err(invalid(value_offset, ErrorKind::DuplicateMultipathValue));
                }
                values.push(child);
                value_offset += value.len() + 1;
            }
            let first = *values.first().unwrap_or(&ChildNumber::from_raw(0));
            multipath = Some((steps.len(), values));
            steps.push(first);
        } else {
            let (child, marker) = parse_step(segment, offset)?;
            if marker.is_some() {
                step_marker = marker;
            }
            steps.push(child);
        }
        offset += segment.len() + 1;
    }
    if let Some(m) = step_marker.or(wildcard_marker) {
        *apostrophe = m;
    }
    Ok(Extended {
        key,
        steps,
        multipath,
        wildcard,
    })
}

/// Parses a hex public key or a WIF private key; `None` for anything else (an extended key,
/// or an invalid one).
fn parse_single(
    text: &str,
    base: usize,
    context: KeyContext,
    at: KeyPosition,
) -> Result<Option<Source>> {
    let bytes = text.as_bytes();
    if !crate::hex::is_hex(text) {
        return parse_wif(text, base, context, at);
    }
    let bad = || invalid(base, ErrorKind::InvalidPublicKey);
    match bytes.len() {
        66 => {
            let mut public = [0u8; 33];
            crate::hex::decode(text, &mut public).map_err(|_| bad())?;
            if !matches!(public[0], 2 | 3) || !valid_point(&public) {
                return Err(bad());
            }
            Ok(Some(Source::Single {
                public,
                form: SingleForm::Compressed,
                network: None,
            }))
        }
        64 if context == KeyContext::Taproot => {
            let mut public = [2u8; 33];
            let (_, x) = public.split_at_mut(1);
            crate::hex::decode(text, x).map_err(|_| bad())?;
            if !valid_point(&public) {
                return Err(bad());
            }
            Ok(Some(Source::Single {
                public,
                form: SingleForm::XOnly,
                network: None,
            }))
        }
        130 if bytes.starts_with(b"04") => {
            if context != KeyContext::Legacy {
                return Err(invalid(base, ErrorKind::UncompressedKey));
            }
            let mut full = [0u8; 65];
            crate::hex::decode(text, &mut full).map_err(|_| bad())?;
            let point =
                secp256k1::PublicKey::from_byte_array_uncompressed(full).map_err(|_| bad())?;
            Ok(Some(Source::Single {
                public: point.serialize(),
                form: SingleForm::Uncompressed,
                network: None,
            }))
        }
        _ => Err(bad()),
    }
}

/// 51 or 52 characters starting as mainnet (`5`, `K`, `L`) or testnet (`9`, `c`) WIF does.
///
/// The first character of a WIF key depends on the key's top bits (`K` or `L`), so it is
/// compared with masks, not branched on; the length is public.
fn is_wif_shaped(text: &str) -> bool {
    use subtle::ConstantTimeEq as _;
    if !matches!(text.len(), 51 | 52) {
        return false;
    }
    let Some(&first) = text.as_bytes().first() else {
        return false;
    };
    let mut any = subtle::Choice::from(0);
    for lead in *b"5KL9c" {
        any |= first.ct_eq(&lead);
    }
    any.into()
}

/// A compressed WIF private key (its public key is kept, never the secret); `None` for text
/// that is not WIF-shaped, so it is tried as an extended key.
fn parse_wif(
    text: &str,
    base: usize,
    context: KeyContext,
    at: KeyPosition,
) -> Result<Option<Source>> {
    if !is_wif_shaped(text) {
        return Ok(None);
    }
    let (wif, compressed) = crate::wif::decode_any(text).map_err(|e| at.wif(e))?;
    if !compressed && context != KeyContext::Legacy {
        return Err(invalid(base, ErrorKind::UncompressedKey));
    }
    // `wif::decode` checked the key: it has a public key.
    let mut public = crate::sys::secp256k1::secp256k1_public_key(wif.secret().expose())
        .ok_or(at.wif(crate::address::Error::InvalidSecretKey))?;
    if context == KeyContext::Taproot {
        // Inside tr() only x(P) counts; keep the even-y key, as a 64-digit hex key parses.
        public[0] = 2;
    }
    Ok(Some(Source::Single {
        public,
        form: match (context, compressed) {
            (KeyContext::Taproot, _) => SingleForm::XOnly,
            (_, true) => SingleForm::Compressed,
            (_, false) => SingleForm::Uncompressed,
        },
        network: Some(wif.is_test()),
    }))
}
