//! [`Version`]s and [`VersionPair`]s: the 4-byte prefixes of BIP-32 and SLIP-132 extended-key
//! serializations (`xprv`, `zpub`, …), and the table of the families this crate knows.

use core::fmt;

use crate::error::{Error, Result};

/// A 4-byte extended-key version: what makes the text start with `xprv`, `zpub`, ….
///
/// The named constants are BIP-32's and SLIP-132's; any other 4 bytes can be used through
/// [`Version::new`] and a [`VersionPair`]. `Display` prints 8 lowercase hex digits.
///
/// | private | public | network | SLIP-132 script type |
/// |---|---|---|---|
/// | [`XPRV`](Self::XPRV) `0488ade4` | [`XPUB`](Self::XPUB) `0488b21e` | mainnet | P2PKH or P2SH (BIP-32) |
/// | [`YPRV`](Self::YPRV) `049d7878` | [`YPUB`](Self::YPUB) `049d7cb2` | mainnet | P2WPKH in P2SH |
/// | [`ZPRV`](Self::ZPRV) `04b2430c` | [`ZPUB`](Self::ZPUB) `04b24746` | mainnet | P2WPKH |
/// | [`YPRV_MULTISIG`](Self::YPRV_MULTISIG) `0295b005` (`Yprv`) | [`YPUB_MULTISIG`](Self::YPUB_MULTISIG) `0295b43f` (`Ypub`) | mainnet | multi-signature P2WSH in P2SH |
/// | [`ZPRV_MULTISIG`](Self::ZPRV_MULTISIG) `02aa7a99` (`Zprv`) | [`ZPUB_MULTISIG`](Self::ZPUB_MULTISIG) `02aa7ed3` (`Zpub`) | mainnet | multi-signature P2WSH |
/// | [`TPRV`](Self::TPRV) `04358394` | [`TPUB`](Self::TPUB) `043587cf` | testnet | P2PKH or P2SH (BIP-32) |
/// | [`UPRV`](Self::UPRV) `044a4e28` | [`UPUB`](Self::UPUB) `044a5262` | testnet | P2WPKH in P2SH |
/// | [`VPRV`](Self::VPRV) `045f18bc` | [`VPUB`](Self::VPUB) `045f1cf6` | testnet | P2WPKH |
/// | [`UPRV_MULTISIG`](Self::UPRV_MULTISIG) `024285b5` (`Uprv`) | [`UPUB_MULTISIG`](Self::UPUB_MULTISIG) `024289ef` (`Upub`) | testnet | multi-signature P2WSH in P2SH |
/// | [`VPRV_MULTISIG`](Self::VPRV_MULTISIG) `02575048` (`Vprv`) | [`VPUB_MULTISIG`](Self::VPUB_MULTISIG) `02575483` (`Vpub`) | testnet | multi-signature P2WSH |
///
/// # Examples
///
/// ```
/// use fastbip32::Version;
///
/// assert_eq!(Version::ZPRV.public_twin(), Some(Version::ZPUB));
/// assert_eq!(Version::ZPUB.name(), Some("zpub"));
/// assert!(Version::TPRV.is_private());
/// assert_eq!(Version::XPUB.to_string(), "0488b21e");
/// assert_eq!(Version::new([1, 2, 3, 4]).pair(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version([u8; 4]);

impl Version {
    /// Bitcoin mainnet private (`xprv`), BIP-32.
    pub const XPRV: Self = Self([0x04, 0x88, 0xad, 0xe4]);
    /// Bitcoin mainnet public (`xpub`), BIP-32.
    pub const XPUB: Self = Self([0x04, 0x88, 0xb2, 0x1e]);
    /// Bitcoin testnet private (`tprv`), BIP-32.
    pub const TPRV: Self = Self([0x04, 0x35, 0x83, 0x94]);
    /// Bitcoin testnet public (`tpub`), BIP-32.
    pub const TPUB: Self = Self([0x04, 0x35, 0x87, 0xcf]);
    /// Mainnet private for P2WPKH in P2SH (`yprv`), SLIP-132.
    pub const YPRV: Self = Self([0x04, 0x9d, 0x78, 0x78]);
    /// Mainnet public for P2WPKH in P2SH (`ypub`), SLIP-132.
    pub const YPUB: Self = Self([0x04, 0x9d, 0x7c, 0xb2]);
    /// Mainnet private for P2WPKH (`zprv`), SLIP-132.
    pub const ZPRV: Self = Self([0x04, 0xb2, 0x43, 0x0c]);
    /// Mainnet public for P2WPKH (`zpub`), SLIP-132.
    pub const ZPUB: Self = Self([0x04, 0xb2, 0x47, 0x46]);
    /// Mainnet private for multi-signature P2WSH in P2SH (`Yprv`), SLIP-132.
    pub const YPRV_MULTISIG: Self = Self([0x02, 0x95, 0xb0, 0x05]);
    /// Mainnet public for multi-signature P2WSH in P2SH (`Ypub`), SLIP-132.
    pub const YPUB_MULTISIG: Self = Self([0x02, 0x95, 0xb4, 0x3f]);
    /// Mainnet private for multi-signature P2WSH (`Zprv`), SLIP-132.
    pub const ZPRV_MULTISIG: Self = Self([0x02, 0xaa, 0x7a, 0x99]);
    /// Mainnet public for multi-signature P2WSH (`Zpub`), SLIP-132.
    pub const ZPUB_MULTISIG: Self = Self([0x02, 0xaa, 0x7e, 0xd3]);
    /// Testnet private for P2WPKH in P2SH (`uprv`), SLIP-132.
    pub const UPRV: Self = Self([0x04, 0x4a, 0x4e, 0x28]);
    /// Testnet public for P2WPKH in P2SH (`upub`), SLIP-132.
    pub const UPUB: Self = Self([0x04, 0x4a, 0x52, 0x62]);
    /// Testnet private for P2WPKH (`vprv`), SLIP-132.
    pub const VPRV: Self = Self([0x04, 0x5f, 0x18, 0xbc]);
    /// Testnet public for P2WPKH (`vpub`), SLIP-132.
    pub const VPUB: Self = Self([0x04, 0x5f, 0x1c, 0xf6]);
    /// Testnet private for multi-signature P2WSH in P2SH (`Uprv`), SLIP-132.
    pub const UPRV_MULTISIG: Self = Self([0x02, 0x42, 0x85, 0xb5]);
    /// Testnet public for multi-signature P2WSH in P2SH (`Upub`), SLIP-132.
    pub const UPUB_MULTISIG: Self = Self([0x02, 0x42, 0x89, 0xef]);
    /// Testnet private for multi-signature P2WSH (`Vprv`), SLIP-132.
    pub const VPRV_MULTISIG: Self = Self([0x02, 0x57, 0x50, 0x48]);
    /// Testnet public for multi-signature P2WSH (`Vpub`), SLIP-132.
    pub const VPUB_MULTISIG: Self = Self([0x02, 0x57, 0x54, 0x83]);

    /// A version from its 4 bytes (big-endian, as serialized).
    pub const fn new(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }

    /// The bytes, as serialized.
    pub const fn to_bytes(self) -> [u8; 4] {
        self.0
    }

    /// The bytes as a big-endian integer (`0x0488ade4` for `xprv`).
    pub const fn to_u32(self) -> u32 {
        u32::from_be_bytes(self.0)
    }

    /// The known family this version belongs to, if any.
    pub fn pair(self) -> Option<VersionPair> {
        family_of(self).map(|f| f.pair)
    }

    /// Whether this is one of the known private versions (`xprv`, `zprv`, …). False for a
    /// custom version: its kind is given by the [`VersionPair`] it is used in.
    pub fn is_private(self) -> bool {
        family_of(self).is_some_and(|f| f.pair.private == self)
    }

    /// Whether this is one of the known public versions (`xpub`, `zpub`, …). False for a
    /// custom version.
    pub fn is_public(self) -> bool {
        family_of(self).is_some_and(|f| f.pair.public == self)
    }

    /// The public twin of a known private version (`xprv` → `xpub`); `None` for any other.
    pub fn public_twin(self) -> Option<Self> {
        family_of(self)
            .filter(|f| f.pair.private == self)
            .map(|f| f.pair.public)
    }

    /// The private twin of a known public version (`zpub` → `zprv`); `None` for any other.
    pub fn private_twin(self) -> Option<Self> {
        family_of(self)
            .filter(|f| f.pair.public == self)
            .map(|f| f.pair.private)
    }

    /// The first four characters of the text of a known version (`"xprv"`, `"Zpub"`, …).
    pub fn name(self) -> Option<&'static str> {
        family_of(self).map(|f| {
            if f.pair.private == self {
                f.private_name
            } else {
                f.public_name
            }
        })
    }

    /// The known version whose text starts with `name` (`"zpub"`, `"Vprv"`, …; exact case).
    ///
    /// # Examples
    ///
    /// ```
    /// use fastbip32::Version;
    ///
    /// assert_eq!(Version::from_name("zpub"), Some(Version::ZPUB));
    /// assert_eq!(Version::from_name("Zprv"), Some(Version::ZPRV_MULTISIG));
    /// assert_eq!(Version::from_name("qpub"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        FAMILIES.iter().find_map(|f| {
            if f.private_name == name {
                Some(f.pair.private)
            } else if f.public_name == name {
                Some(f.pair.public)
            } else {
                None
            }
        })
    }

    /// Whether a known version is for a test network (`tprv`, `vpub`, …): `Some(true)`; for
    /// mainnet `Some(false)`; `None` for a custom version.
    pub fn is_testnet(self) -> Option<bool> {
        family_of(self).map(|f| f.testnet)
    }
}

impl From<[u8; 4]> for Version {
    fn from(bytes: [u8; 4]) -> Self {
        Self(bytes)
    }
}

impl From<Version> for [u8; 4] {
    fn from(version: Version) -> Self {
        version.0
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08x}", self.to_u32())
    }
}

impl fmt::Debug for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => write!(f, "Version({self} {name})"),
            None => write!(f, "Version({self})"),
        }
    }
}

/// A version family: a private version and its public twin (`xprv` / `xpub`).
///
/// The pair a key carries decides how it, its children and its public key serialize. The
/// named families are BIP-32's and SLIP-132's ([`VersionPair::KNOWN`]); for another coin
/// build one with [`VersionPair::new`] and pass it to the `*_with_versions` parsers or
/// [`ExtendedPrivateKey::with_version_pair`](crate::ExtendedPrivateKey::with_version_pair).
///
/// # Examples
///
/// ```
/// use fastbip32::{ExtendedPrivateKey, Secp256k1, Version, VersionPair};
///
/// // Litecoin's Ltpv / Ltub.
/// let ltc = VersionPair::new(Version::new([0x01, 0x9d, 0x9c, 0xfe]), Version::new([0x01, 0x9d, 0xa4, 0x62]));
/// let key = ExtendedPrivateKey::<Secp256k1>::from_seed(&[1; 16])?.with_version_pair(ltc);
/// let text = key.to_xpub().to_string();
/// assert!(text.starts_with("Ltub"));
/// // Unknown to the plain parser, accepted with the pair:
/// assert!(text.parse::<fastbip32::Xpub>().is_err());
/// let parsed = fastbip32::Xpub::parse_with_versions(&text, &[ltc])?;
/// assert_eq!(parsed.version_pair(), ltc);
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VersionPair {
    private: Version,
    public: Version,
}

impl VersionPair {
    /// `xprv` / `xpub`: Bitcoin mainnet, BIP-32. The pair of a key made from a seed.
    pub const XPRV_XPUB: Self = Self::new(Version::XPRV, Version::XPUB);
    /// `tprv` / `tpub`: Bitcoin testnet, BIP-32.
    pub const TPRV_TPUB: Self = Self::new(Version::TPRV, Version::TPUB);
    /// `yprv` / `ypub`: mainnet P2WPKH in P2SH, SLIP-132.
    pub const YPRV_YPUB: Self = Self::new(Version::YPRV, Version::YPUB);
    /// `zprv` / `zpub`: mainnet P2WPKH, SLIP-132.
    pub const ZPRV_ZPUB: Self = Self::new(Version::ZPRV, Version::ZPUB);
    /// `Yprv` / `Ypub`: mainnet multi-signature P2WSH in P2SH, SLIP-132.
    pub const YPRV_YPUB_MULTISIG: Self = Self::new(Version::YPRV_MULTISIG, Version::YPUB_MULTISIG);
    /// `Zprv` / `Zpub`: mainnet multi-signature P2WSH, SLIP-132.
    pub const ZPRV_ZPUB_MULTISIG: Self = Self::new(Version::ZPRV_MULTISIG, Version::ZPUB_MULTISIG);
    /// `uprv` / `upub`: testnet P2WPKH in P2SH, SLIP-132.
    pub const UPRV_UPUB: Self = Self::new(Version::UPRV, Version::UPUB);
    /// `vprv` / `vpub`: testnet P2WPKH, SLIP-132.
    pub const VPRV_VPUB: Self = Self::new(Version::VPRV, Version::VPUB);
    /// `Uprv` / `Upub`: testnet multi-signature P2WSH in P2SH, SLIP-132.
    pub const UPRV_UPUB_MULTISIG: Self = Self::new(Version::UPRV_MULTISIG, Version::UPUB_MULTISIG);
    /// `Vprv` / `Vpub`: testnet multi-signature P2WSH, SLIP-132.
    pub const VPRV_VPUB_MULTISIG: Self = Self::new(Version::VPRV_MULTISIG, Version::VPUB_MULTISIG);

    /// Every family the parsers know without being told.
    #[allow(clippy::indexing_slicing)] // const evaluation over 0..FAMILY_COUNT of two arrays of that length
    pub const KNOWN: [Self; FAMILY_COUNT] = {
        let mut pairs = [Self::XPRV_XPUB; FAMILY_COUNT];
        let mut i = 0;
        while i < FAMILY_COUNT {
            pairs[i] = FAMILIES[i].pair;
            i += 1;
        }
        pairs
    };

    /// A family from its private and public versions. They should differ: if they are
    /// equal, a parsed key's kind is the one the parser was asked for (and
    /// [`ExtendedKey`](crate::ExtendedKey)'s parser takes it as private).
    pub const fn new(private: Version, public: Version) -> Self {
        Self { private, public }
    }

    /// The private version.
    pub const fn private(self) -> Version {
        self.private
    }

    /// The public version.
    pub const fn public(self) -> Version {
        self.public
    }

    /// The known pair with `version` on the side `private` says.
    ///
    /// # Errors
    /// [`Error::VersionKeyMismatch`] for a known version of the other kind;
    /// [`Error::UnknownVersion`] otherwise.
    pub(crate) fn for_version(version: Version, private: bool) -> Result<Self> {
        match lookup(version, &[], Some(private)) {
            Some((pair, is_private)) if is_private == private => Ok(pair),
            Some(_) => Err(Error::VersionKeyMismatch {
                version_is_private: !private,
            }),
            None => Err(Error::UnknownVersion(version.to_bytes())),
        }
    }
}

impl Default for VersionPair {
    /// [`VersionPair::XPRV_XPUB`].
    fn default() -> Self {
        Self::XPRV_XPUB
    }
}

/// The number of known families.
const FAMILY_COUNT: usize = 10;

/// A known family: its pair, the four-letter names of its text, its network and the script it
/// promises. The one table of known versions: every lookup goes through it.
struct Family {
    pair: VersionPair,
    private_name: &'static str,
    public_name: &'static str,
    testnet: bool,
    /// Read through [`ImpliedScript::of_family`], which is public through `address`.
    #[cfg_attr(not(feature = "address"), allow(dead_code))]
    script: Option<ImpliedScript>,
}

const fn family(
    pair: VersionPair,
    [private_name, public_name]: [&'static str; 2],
    testnet: bool,
    script: Option<ImpliedScript>,
) -> Family {
    Family {
        pair,
        private_name,
        public_name,
        testnet,
        script,
    }
}

/// Mainnet's families first, then the test networks'; in each, BIP-32's own, then SLIP-132's.
const FAMILIES: [Family; FAMILY_COUNT] = {
    use ImpliedScript::{P2shP2wpkh, P2shP2wshMultisig, P2wpkh, P2wshMultisig};
    [
        family(VersionPair::XPRV_XPUB, ["xprv", "xpub"], false, None),
        family(
            VersionPair::YPRV_YPUB,
            ["yprv", "ypub"],
            false,
            Some(P2shP2wpkh),
        ),
        family(
            VersionPair::ZPRV_ZPUB,
            ["zprv", "zpub"],
            false,
            Some(P2wpkh),
        ),
        family(
            VersionPair::YPRV_YPUB_MULTISIG,
            ["Yprv", "Ypub"],
            false,
            Some(P2shP2wshMultisig),
        ),
        family(
            VersionPair::ZPRV_ZPUB_MULTISIG,
            ["Zprv", "Zpub"],
            false,
            Some(P2wshMultisig),
        ),
        family(VersionPair::TPRV_TPUB, ["tprv", "tpub"], true, None),
        family(
            VersionPair::UPRV_UPUB,
            ["uprv", "upub"],
            true,
            Some(P2shP2wpkh),
        ),
        family(VersionPair::VPRV_VPUB, ["vprv", "vpub"], true, Some(P2wpkh)),
        family(
            VersionPair::UPRV_UPUB_MULTISIG,
            ["Uprv", "Upub"],
            true,
            Some(P2shP2wshMultisig),
        ),
        family(
            VersionPair::VPRV_VPUB_MULTISIG,
            ["Vprv", "Vpub"],
            true,
            Some(P2wshMultisig),
        ),
    ]
};

impl Version {
    /// The public names of the known families, mainnet's first: `xpub`, `ypub`, `zpub`,
    /// `Ypub`, `Zpub`, `tpub`, `upub`, `vpub`, `Upub`, `Vpub`.
    #[allow(
        clippy::indexing_slicing,
        reason = "i < FAMILY_COUNT, both arrays' length; a const block has no iterators"
    )]
    pub const PUBLIC_NAMES: [&'static str; FAMILY_COUNT] = {
        let mut names = [""; FAMILY_COUNT];
        let mut i = 0;
        while i < FAMILY_COUNT {
            names[i] = FAMILIES[i].public_name;
            i += 1;
        }
        names
    };
}

fn family_of(version: Version) -> Option<&'static Family> {
    FAMILIES
        .iter()
        .find(|f| f.pair.private == version || f.pair.public == version)
}

/// The family of `version` and whether it is its private member: the caller's pairs first,
/// then the known ones. When a pair has the version on both sides, `prefer_private` (or
/// private, if `None`) decides.
pub(crate) fn lookup(
    version: Version,
    extra: &[VersionPair],
    prefer_private: Option<bool>,
) -> Option<(VersionPair, bool)> {
    extra
        .iter()
        .chain(VersionPair::KNOWN.iter())
        .find_map(
            |&pair| match (pair.private == version, pair.public == version) {
                (true, true) => Some((pair, prefer_private.unwrap_or(true))),
                (true, false) => Some((pair, true)),
                (false, true) => Some((pair, false)),
                (false, false) => None,
            },
        )
}

/// The script a SLIP-132 version family promises: what a `ypub`, a `zpub`, a `Zpub`, … means.
///
/// SLIP-132 gives each family of extended-key versions one script type, so that a wallet
/// given the key knows which addresses to scan. BIP-32's own families (`xpub`, `tpub`) and
/// versions this crate does not know imply none ([`ImpliedScript::of_version`] returns
/// `None`).
///
/// | family (public / private) | network | script | descriptor | address kind |
/// |---|---|---|---|---|
/// | `xpub` `xprv`, `tpub` `tprv` | mainnet, testnet | none implied | any | any |
/// | `ypub` `yprv`, `upub` `uprv` | mainnet, testnet | [`P2shP2wpkh`](Self::P2shP2wpkh) | `sh(wpkh(KEY))` | [`AddressKind::P2shP2wpkh`](crate::address::AddressKind::P2shP2wpkh) |
/// | `zpub` `zprv`, `vpub` `vprv` | mainnet, testnet | [`P2wpkh`](Self::P2wpkh) | `wpkh(KEY)` | [`AddressKind::P2wpkh`](crate::address::AddressKind::P2wpkh) |
/// | `Ypub` `Yprv`, `Upub` `Uprv` | mainnet, testnet | [`P2shP2wshMultisig`](Self::P2shP2wshMultisig) | `sh(wsh(multi(…)))` | none (multisig) |
/// | `Zpub` `Zprv`, `Vpub` `Vprv` | mainnet, testnet | [`P2wshMultisig`](Self::P2wshMultisig) | `wsh(multi(…))` | none (multisig) |
///
/// (`sortedmulti` serves as well as `multi` for the multisig families.)
///
/// # Examples
///
/// ```
/// use fastbip32::address::{AddressKind, ImpliedScript};
/// use fastbip32::{Version, VersionPair};
///
/// assert_eq!(ImpliedScript::of_version(Version::ZPUB), Some(ImpliedScript::P2wpkh));
/// assert_eq!(ImpliedScript::of_version(Version::XPUB), None);
/// assert_eq!(ImpliedScript::P2shP2wpkh.descriptor(), "sh(wpkh(KEY))");
/// assert_eq!(AddressKind::of_family(VersionPair::UPRV_UPUB), Some(AddressKind::P2shP2wpkh));
/// // A multisig family has a script but no single-key address.
/// assert_eq!(AddressKind::of_family(VersionPair::ZPRV_ZPUB_MULTISIG), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImpliedScript {
    /// `ypub`, `upub`: P2WPKH nested in P2SH, `sh(wpkh(KEY))` (BIP-49).
    P2shP2wpkh,
    /// `zpub`, `vpub`: native P2WPKH, `wpkh(KEY)` (BIP-84).
    P2wpkh,
    /// `Ypub`, `Upub`: multi-signature P2WSH nested in P2SH, `sh(wsh(multi(…)))`.
    P2shP2wshMultisig,
    /// `Zpub`, `Vpub`: multi-signature native P2WSH, `wsh(multi(…))`.
    P2wshMultisig,
}

// Public through `address`, which re-exports the type.
#[cfg_attr(not(feature = "address"), allow(dead_code))]
impl ImpliedScript {
    /// The script of a known version family; `None` for `xprv`/`xpub`, `tprv`/`tpub` and
    /// pairs this crate does not know.
    pub fn of_family(pair: VersionPair) -> Option<Self> {
        FAMILIES
            .iter()
            .find(|f| f.pair == pair)
            .and_then(|f| f.script)
    }

    /// The script of the known family `version` (private or public) belongs to; `None` as
    /// for [`of_family`](Self::of_family), and for a version of no known family.
    pub fn of_version(version: Version) -> Option<Self> {
        version.pair().and_then(Self::of_family)
    }

    /// The descriptor form: `sh(wpkh(KEY))`, `wpkh(KEY)`, `sh(wsh(multi(…)))` or
    /// `wsh(multi(…))`.
    pub const fn descriptor(self) -> &'static str {
        match self {
            Self::P2shP2wpkh => "sh(wpkh(KEY))",
            Self::P2wpkh => "wpkh(KEY)",
            Self::P2shP2wshMultisig => "sh(wsh(multi(…)))",
            Self::P2wshMultisig => "wsh(multi(…))",
        }
    }

    /// The script's name: `p2sh-p2wpkh`, `p2wpkh`, `p2sh-p2wsh multisig` or `p2wsh
    /// multisig`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::P2shP2wpkh => "p2sh-p2wpkh",
            Self::P2wpkh => "p2wpkh",
            Self::P2shP2wshMultisig => "p2sh-p2wsh multisig",
            Self::P2wshMultisig => "p2wsh multisig",
        }
    }

    /// The BIP-44-style purpose of the single-key scripts' standard paths: 49 for
    /// [`P2shP2wpkh`](Self::P2shP2wpkh) (BIP-49), 84 for [`P2wpkh`](Self::P2wpkh) (BIP-84);
    /// `None` for the multisig scripts, whose standard paths (BIP-48) carry the script in a
    /// level of their own.
    pub const fn purpose(self) -> Option<u32> {
        match self {
            Self::P2shP2wpkh => Some(49),
            Self::P2wpkh => Some(84),
            Self::P2shP2wshMultisig | Self::P2wshMultisig => None,
        }
    }

    /// True for the multisig scripts.
    pub const fn is_multisig(self) -> bool {
        matches!(self, Self::P2shP2wshMultisig | Self::P2wshMultisig)
    }
}

impl fmt::Display for ImpliedScript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
