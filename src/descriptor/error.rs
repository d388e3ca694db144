//! [`Error`]: what can go wrong with an output descriptor, and the kinds it names.

use core::fmt;

/// A [`core::result::Result`] with the descriptor [`Error`].
pub(crate) type Result<T> = core::result::Result<T, Error>;

/// Which of a descriptor's keys an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyPosition {
    /// Zero-based position of the key among the descriptor's keys.
    pub key: usize,
    /// The number of keys.
    pub keys: usize,
}

impl fmt::Display for KeyPosition {
    /// "key 2 of 3" (counted from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "key {} of {}", self.key.saturating_add(1), self.keys)
    }
}

/// What can go wrong when parsing a descriptor or deriving its outputs.
///
/// An error of one of its keys (text that is not a key, an extended key that does not
/// parse, a step that cannot be derived) names the key: its zero-based position among the
/// descriptor's keys and their number (`Display`: "key 2 of 3").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The text is not a descriptor (BIP-380 and the script-expression BIPs).
    Invalid {
        /// Byte offset in the descriptor text where the problem was found.
        offset: usize,
        /// What is wrong.
        kind: ErrorKind,
        /// The key expression the problem is in (`None` outside every key: a function
        /// name, a parenthesis, a threshold, the checksum, …).
        key: Option<KeyPosition>,
    },
    /// A well-formed descriptor (or part of one) that this crate does not implement.
    Unsupported {
        /// Byte offset in the descriptor text of the unsupported part.
        offset: usize,
        /// What is not supported.
        feature: Feature,
    },
    /// The `#` checksum does not match the text (BIP-380).
    ChecksumMismatch {
        /// The checksum the text has (8 characters of the bech32 alphabet, ASCII).
        computed: [u8; 8],
    },
    /// A multisig threshold `k` must satisfy `1 ≤ k ≤ n` for `n` keys (BIP-383).
    InvalidThreshold {
        /// The threshold given.
        threshold: u32,
        /// The number of keys.
        keys: usize,
    },
    /// More multisig keys than the context allows: 3 at the top level (bare multisig,
    /// BIP-383), 15 in `sh()` (the 520-byte redeem-script limit), 20 in `wsh()` and
    /// `sh(wsh())` (`OP_CHECKMULTISIG`).
    TooManyKeys {
        /// The number of keys given.
        keys: usize,
        /// The most the context allows.
        max: usize,
    },
    /// The keys of one descriptor are for different networks (an `xpub` with a `tpub`).
    MixedNetworks,
    /// A bare multisig output has no address: wallets and nodes know it by its scriptPubKey.
    NoAddress,
    /// A key for one network used with another: a mainnet key (`xpub`) for a test network,
    /// or a test key (`tpub`) for mainnet.
    NetworkMismatch {
        /// True when the key is for a test network (testnet, signet, regtest).
        key_is_test: bool,
    },
    /// A multipath branch past the end of the descriptor's `<…;…>` tuple (BIP-389).
    BranchOutOfRange {
        /// The branch asked for.
        branch: usize,
        /// The number of branches.
        branches: usize,
    },
    /// A range index of 2³¹ or more (or a run of indices past 2³¹ − 1).
    InvalidIndex {
        /// The first index out of range.
        index: u32,
    },
    /// One of the keys: its extended key text does not parse (a bad checksum, an unknown
    /// version, …), or it cannot be derived (a hardened step after an extended public key,
    /// a depth past 255, BIP-32's invalid child).
    Key {
        /// Zero-based position of the key among the descriptor's keys.
        key: usize,
        /// The number of keys.
        keys: usize,
        /// What is wrong with it.
        error: crate::Error,
    },
    /// A SLIP-132 key in a script its family does not promise: a `zpub` (P2WPKH) in
    /// `pkh()`, a `ypub` (P2SH-P2WPKH) in `wpkh()`, a `Zpub` (P2WSH multisig) in `wpkh()`, …
    /// (see [`ImpliedScript`](crate::address::ImpliedScript) for the table). A key in its
    /// own script is accepted; [`Descriptor::slip132_version`](super::Descriptor::slip132_version)
    /// tells that one is there.
    FamilyMismatch {
        /// Zero-based position of the key among the descriptor's keys.
        key: usize,
        /// The number of keys.
        keys: usize,
        /// The key's version (`zpub`, `Yprv`, …).
        version: crate::Version,
        /// The script the family promises.
        script: crate::address::ImpliedScript,
        /// The shape of the script the descriptor has (`pkh(KEY)`, `wsh(multi(…))`, …: a
        /// [`DescriptorType::descriptor`](super::DescriptorType::descriptor)).
        found: &'static str,
    },
    /// One of the keys is WIF text that does not decode.
    Wif {
        /// Zero-based position of the key among the descriptor's keys.
        key: usize,
        /// The number of keys.
        keys: usize,
        /// What is wrong with it.
        error: crate::address::Error,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Invalid {
                offset,
                kind,
                key: None,
            } => write!(f, "invalid descriptor at byte {offset}: {kind}"),
            Self::Invalid {
                offset,
                kind,
                key: Some(key),
            } => write!(f, "invalid descriptor at byte {offset}, in {key}: {kind}"),
            Self::Unsupported { offset, feature } => {
                write!(f, "unsupported descriptor at byte {offset}: {feature}")
            }
            Self::ChecksumMismatch { computed } => {
                f.write_str(
                    "descriptor checksum mismatch: the text before `#` has the checksum #",
                )?;
                for &c in &computed {
                    fmt::Write::write_char(f, char::from(c))?;
                }
                f.write_str(", not the one given")
            }
            Self::InvalidThreshold { threshold, keys } => write!(
                f,
                "multisig threshold {threshold} with {keys} keys (it must be 1 to {keys})"
            ),
            Self::TooManyKeys { keys, max } => {
                write!(f, "{keys} multisig keys; at most {max} fit here")
            }
            Self::MixedNetworks => {
                f.write_str("the descriptor mixes mainnet and test-network keys")
            }
            Self::NoAddress => f.write_str("a bare multisig output has no address"),
            Self::NetworkMismatch { key_is_test: true } => {
                f.write_str("a test-network key cannot be used on mainnet")
            }
            Self::NetworkMismatch { key_is_test: false } => {
                f.write_str("a mainnet key cannot be used on a test network")
            }
            Self::BranchOutOfRange { branch, branches } => write!(
                f,
                "multipath branch {branch} does not exist (the descriptor has {branches})"
            ),
            Self::InvalidIndex { index } => {
                write!(f, "index {index} is out of range (must be below 2^31)")
            }
            Self::Key { key, keys, error } => {
                write!(f, "key {} of {keys}: {error}", key.saturating_add(1))
            }
            Self::FamilyMismatch {
                key,
                keys,
                version,
                script,
                found,
            } => write!(
                f,
                "key {} of {keys} is a {}, which SLIP-132 reserves for {script} ({}), not {}: write {}, or give the key as an xpub",
                key.saturating_add(1),
                version.name().unwrap_or("SLIP-132 key"),
                script.descriptor(),
                found,
                script.descriptor(),
            ),
            Self::Wif { key, keys, error } => {
                write!(f, "key {} of {keys}: {error}", key.saturating_add(1))
            }
        }
    }
}

impl core::error::Error for Error {}

/// A script expression of output descriptors, named in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Function {
    /// `pk()` (BIP-381).
    Pk,
    /// `pkh()` (BIP-381).
    Pkh,
    /// `sh()` (BIP-381).
    Sh,
    /// `wpkh()` (BIP-382).
    Wpkh,
    /// `wsh()` (BIP-382).
    Wsh,
    /// `multi()` (BIP-383).
    Multi,
    /// `sortedmulti()` (BIP-383).
    SortedMulti,
    /// `combo()` (BIP-384).
    Combo,
    /// `raw()` (BIP-385).
    Raw,
    /// `addr()` (BIP-385).
    Addr,
    /// `tr()` (BIP-386).
    Tr,
    /// `rawtr()`.
    RawTr,
    /// `multi_a()` (tapscript multisig).
    MultiA,
    /// `sortedmulti_a()` (tapscript multisig).
    SortedMultiA,
    /// `musig()` (BIP-390).
    Musig,
}

impl Function {
    /// The function's name as written in descriptors.
    pub fn name(self) -> &'static str {
        match self {
            Self::Pk => "pk",
            Self::Pkh => "pkh",
            Self::Sh => "sh",
            Self::Wpkh => "wpkh",
            Self::Wsh => "wsh",
            Self::Multi => "multi",
            Self::SortedMulti => "sortedmulti",
            Self::Combo => "combo",
            Self::Raw => "raw",
            Self::Addr => "addr",
            Self::Tr => "tr",
            Self::RawTr => "rawtr",
            Self::MultiA => "multi_a",
            Self::SortedMultiA => "sortedmulti_a",
            Self::Musig => "musig",
        }
    }

    /// The function named `name`, if it is one of the descriptor BIPs'.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "pk" => Self::Pk,
            "pkh" => Self::Pkh,
            "sh" => Self::Sh,
            "wpkh" => Self::Wpkh,
            "wsh" => Self::Wsh,
            "multi" => Self::Multi,
            "sortedmulti" => Self::SortedMulti,
            "combo" => Self::Combo,
            "raw" => Self::Raw,
            "addr" => Self::Addr,
            "tr" => Self::Tr,
            "rawtr" => Self::RawTr,
            "multi_a" => Self::MultiA,
            "sortedmulti_a" => Self::SortedMultiA,
            "musig" => Self::Musig,
            _ => return None,
        })
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}()", self.name())
    }
}

/// Why an output descriptor was rejected.
///
/// Paired with a byte offset in [`Error::Invalid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character outside the BIP-380 descriptor character set.
    InvalidCharacter,
    /// More than one `#`.
    MultipleChecksums,
    /// A checksum after `#` must be exactly 8 characters.
    ChecksumLength {
        /// The number of characters (bytes) after the `#`.
        len: usize,
    },
    /// The text is empty, or a function name is missing where one is needed.
    Empty,
    /// A name that is not a descriptor function.
    UnknownFunction,
    /// A function name is not followed by `(`, or its `(` is never closed.
    UnbalancedParentheses,
    /// Text after the end of the descriptor.
    TrailingCharacters,
    /// A script expression where the BIPs do not allow it (`sh()` inside `sh()`, `wpkh()`
    /// inside `wsh()`, `tr()` inside anything, …).
    NotAllowedHere {
        /// The misplaced function.
        function: Function,
    },
    /// A key where a script expression is needed (`sh(KEY)`, `wsh(KEY)`).
    ExpectedScript,
    /// A script expression where a key is needed (`pkh(pk(…))`).
    ExpectedKey,
    /// Too few or too many arguments for the function.
    WrongArgumentCount,
    /// No key (an empty argument, or an origin with nothing after it).
    MissingKey,
    /// Whitespace around a key.
    Whitespace,
    /// Text that is neither a hex public key, nor a WIF private key, nor an extended key.
    InvalidKey,
    /// An uncompressed public key inside `wpkh()`, `wsh()` or `tr()` (BIP-382, BIP-386).
    UncompressedKey,
    /// A hex public key of the wrong length for its place (33 bytes; 32-byte x-only keys only
    /// inside `tr()`), or that is not a point on the curve.
    InvalidPublicKey,
    /// A key origin must be `[` + 8 hex digits (the fingerprint) + `/`-separated steps + `]`.
    InvalidFingerprint,
    /// A `]` without its `[`, or more than one origin on a key.
    InvalidOrigin,
    /// A derivation step that is not a decimal number below 2³¹ with an optional `'` or `h`
    /// (`H` is not accepted: BIP-380's test vectors and Bitcoin Core reject it).
    InvalidStep,
    /// A `*` (range) anywhere but the last step of an extended key, or in a key origin.
    MisplacedWildcard,
    /// Derivation steps after a key that is not an extended key.
    StepsAfterNonExtendedKey,
    /// More than one `<…>` multipath step in a key, or one in a key origin (BIP-389).
    MisplacedMultipath,
    /// A multipath step `<a;b;…>` needs at least two values (BIP-389).
    MultipathTooShort,
    /// The same value twice in one multipath step (BIP-389).
    DuplicateMultipathValue,
    /// Keys with multipath steps of different lengths in one descriptor (BIP-389).
    MultipathLengthMismatch,
    /// A multisig threshold that is not a decimal number.
    InvalidThresholdText,
}

impl ErrorKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::InvalidCharacter => "character outside the descriptor character set",
            Self::MultipleChecksums => "more than one '#'",
            Self::ChecksumLength { .. } => "a checksum must be 8 characters",
            Self::Empty => "empty expression",
            Self::UnknownFunction => "unknown script expression",
            Self::UnbalancedParentheses => "unbalanced parentheses",
            Self::TrailingCharacters => "unexpected text after the expression",
            Self::NotAllowedHere { .. } => "script expression not allowed here",
            Self::ExpectedScript => "a script expression is needed here, not a key",
            Self::ExpectedKey => "a key is needed here, not a script expression",
            Self::WrongArgumentCount => "wrong number of arguments",
            Self::MissingKey => "no key given",
            Self::Whitespace => "whitespace around a key",
            Self::InvalidKey => "not a public key, WIF private key or extended key",
            Self::UncompressedKey => "uncompressed keys are not allowed in segwit or taproot",
            Self::InvalidPublicKey => "invalid hex public key",
            Self::InvalidFingerprint => "a key origin must start with 8 hex digits",
            Self::InvalidOrigin => "malformed key origin",
            Self::InvalidStep => "invalid derivation step (a number below 2^31, then ' or h)",
            Self::MisplacedWildcard => "'*' must be the last step of an extended key",
            Self::StepsAfterNonExtendedKey => "derivation steps after a non-extended key",
            Self::MisplacedMultipath => "at most one <...> step per key, and none in an origin",
            Self::MultipathTooShort => "a <...> step needs at least two values",
            Self::DuplicateMultipathValue => "a value repeated in a <...> step",
            Self::MultipathLengthMismatch => "keys' <...> steps have different lengths",
            Self::InvalidThresholdText => "the multisig threshold is not a decimal number",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::ChecksumLength { len } => {
                write!(f, "a checksum must be 8 characters, not {len}")
            }
            Self::NotAllowedHere { function } => write!(f, "{function} is not allowed here"),
            other => f.write_str(other.as_str()),
        }
    }
}

/// A part of the output-descriptor language that this crate does not implement.
///
/// Paired with a byte offset in [`Error::Unsupported`]. Supported are `pkh(KEY)`,
/// `wpkh(KEY)`, `sh(wpkh(KEY))`, `tr(KEY)` and `multi()`/`sortedmulti()` bare and inside `sh()`,
/// `wsh()` and `sh(wsh())`, with hex, WIF or extended keys (uncompressed ones in `pkh()` and
/// `sh(multi())` only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// A script expression that is valid in this place but not implemented (`pk()`,
    /// `combo()`, `raw()`, `addr()`, `rawtr()`, `sh(pkh())`, …).
    Function(Function),
    /// A `tr()` script tree: only key-path `tr(KEY)` is supported.
    ScriptTree,
    /// A miniscript expression inside `wsh()`.
    Miniscript,
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Function(function) => write!(f, "{function} is not supported here"),
            Self::ScriptTree => f.write_str("tr() script trees (only tr(KEY) is supported)"),
            Self::Miniscript => f.write_str("miniscript (only multi/sortedmulti inside wsh())"),
        }
    }
}

impl Error {
    /// The variant's name (`"Invalid"`, …): what bindings report as an error's kind, from one
    /// exhaustive match, so that a new variant cannot be reported under another's name.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Invalid { .. } => "Invalid",
            Self::Unsupported { .. } => "Unsupported",
            Self::ChecksumMismatch { .. } => "ChecksumMismatch",
            Self::InvalidThreshold { .. } => "InvalidThreshold",
            Self::TooManyKeys { .. } => "TooManyKeys",
            Self::MixedNetworks => "MixedNetworks",
            Self::NoAddress => "NoAddress",
            Self::NetworkMismatch { .. } => "NetworkMismatch",
            Self::BranchOutOfRange { .. } => "BranchOutOfRange",
            Self::InvalidIndex { .. } => "InvalidIndex",
            Self::Key { .. } => "Key",
            Self::FamilyMismatch { .. } => "FamilyMismatch",
            Self::Wif { .. } => "Wif",
        }
    }
}
