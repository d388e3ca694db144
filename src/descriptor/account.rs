//! An account's standard output descriptors: BIP-44 `pkh`, BIP-49 `sh(wpkh)`, BIP-84 `wpkh`
//! and BIP-86 `tr`, as wallets export them.
//!
//! Each is multipath (`/<0;1>/*`, BIP-389: receive and change), with its key origin
//! `[fingerprint/purpose'/coin'/account']` (`h` as the hardened marker, as Bitcoin Core prints
//! it), the account's xpub (tpub off mainnet: coin type 1) and the BIP-380 checksum.

use alloc::string::String;
use core::fmt::Write as _;

use super::checksum::compute as compute_checksum;
use crate::curve::Secp256k1;
use crate::error::Result;
use crate::key::ExtendedPrivateKey;
use crate::network::Network;
use crate::path::ChildNumber;
use crate::version::VersionPair;

/// One of the four standard single-key account descriptors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AccountKind {
    /// BIP-44: `pkh()`, P2PKH.
    Bip44,
    /// BIP-49: `sh(wpkh())`, P2SH-P2WPKH.
    Bip49,
    /// BIP-84: `wpkh()`, P2WPKH.
    Bip84,
    /// BIP-86: `tr()`, P2TR key path.
    Bip86,
}

impl AccountKind {
    /// The four kinds, in BIP order.
    pub const ALL: [Self; 4] = [Self::Bip44, Self::Bip49, Self::Bip84, Self::Bip86];

    /// The name the command-line tool prints the descriptor under: `bip44`, `bip49`, `bip84`,
    /// `bip86`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Bip44 => "bip44",
            Self::Bip49 => "bip49",
            Self::Bip84 => "bip84",
            Self::Bip86 => "bip86",
        }
    }

    /// The purpose level of the path: 44, 49, 84 or 86.
    pub const fn purpose(self) -> u32 {
        match self {
            Self::Bip44 => 44,
            Self::Bip49 => 49,
            Self::Bip84 => 84,
            Self::Bip86 => 86,
        }
    }

    /// The script expression's text before and after the key.
    const fn script(self) -> (&'static str, &'static str) {
        match self {
            Self::Bip44 => ("pkh(", ")"),
            Self::Bip49 => ("sh(wpkh(", "))"),
            Self::Bip84 => ("wpkh(", ")"),
            Self::Bip86 => ("tr(", ")"),
        }
    }
}

/// The descriptor of kind `kind` for account `account` below `root`:
/// `wpkh([fp/84h/0h/0h]xpub…/<0;1>/*)#checksum` and its three siblings, with coin type 0 and
/// an xpub on mainnet, coin type 1 and a tpub on the test networks.
///
/// `root` is the wallet's master key. The origin's fingerprint is `root`'s own: for another
/// key the text is still a true statement (BIP-380's origin names the key the derivation
/// starts from), but wallets look the fingerprint up as the master key's. `network` alone
/// sets the coin type and the version family: `root`'s own family is not looked at (a key
/// made from a seed is in the `xprv` family whatever the network it serves; a caller that
/// reads the root from text checks that text's network itself).
///
/// # Errors
/// [`Error::InvalidChildIndex`](crate::Error::InvalidChildIndex) for an `account` of 2³¹ or
/// more; [`Error::DepthExceeded`](crate::Error::DepthExceeded) past depth 255;
/// [`Error::InvalidChild`](crate::Error::InvalidChild) (BIP-32's invalid child, probability
/// below 2⁻¹²⁷).
///
/// # Examples
///
/// ```
/// use fastbip32::descriptor::{account_descriptor, AccountKind};
/// use fastbip32::{Network, Xprv};
///
/// // BIP-32 test vector 1's master key.
/// let root: Xprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi".parse()?;
/// let text = account_descriptor(&root, AccountKind::Bip84, 0, Network::Mainnet)?;
/// assert!(text.starts_with("wpkh([3442193e/84h/0h/0h]xpub"));
/// assert!(text.contains("xpub") && text.contains("/<0;1>/*)#"));
/// # Ok::<(), fastbip32::Error>(())
/// ```
pub fn account_descriptor(
    root: &ExtendedPrivateKey<Secp256k1>,
    kind: AccountKind,
    account: u32,
    network: Network,
) -> Result<String> {
    let account_step = ChildNumber::hardened(account)?;
    let (coin, pair) = if network.is_test() {
        (1, VersionPair::TPRV_TPUB)
    } else {
        (0, VersionPair::XPRV_XPUB)
    };
    let fingerprint = root.fingerprint();
    let steps = [
        ChildNumber::hardened(kind.purpose())?,
        ChildNumber::hardened(coin)?,
        account_step,
    ];
    let xpub = root
        .derive_path(&steps[..])?
        .with_version_pair(pair)
        .to_xpub();
    let (open, close) = kind.script();
    let mut text = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        text,
        "{open}[{fingerprint}/{}h/{coin}h/{account}h]{xpub}/<0;1>/*{close}",
        kind.purpose()
    );
    push_checksum(&mut text);
    Ok(text)
}

/// Appends `#` and the BIP-380 checksum of `text`, which this module wrote from the
/// descriptor character set only (so it always has one).
#[allow(
    clippy::expect_used,
    reason = "the text is made of the descriptor character set only"
)]
fn push_checksum(text: &mut String) {
    let checksum = compute_checksum(text).expect("an account descriptor's text has a checksum");
    text.push('#');
    text.extend(checksum.iter().map(|&c| char::from(c)));
}

/// The four descriptors of [`account_descriptor`], in [`AccountKind::ALL`] order (BIP-44, 49,
/// 84, 86): what `fastbip32 descriptors` prints.
///
/// # Errors
/// As [`account_descriptor`].
///
/// # Examples
///
/// ```
/// use fastbip32::descriptor::{account_descriptors, AccountKind};
/// use fastbip32::{Network, Xprv};
///
/// let root = Xprv::from_seed(&[7; 32])?;
/// let [bip44, bip49, bip84, bip86] = account_descriptors(&root, 0, Network::Testnet)?;
/// assert!(bip44.starts_with("pkh(") && bip49.starts_with("sh(wpkh("));
/// assert!(bip84.contains("/84h/1h/0h]tpub") && bip86.starts_with("tr("));
/// # Ok::<(), fastbip32::Error>(())
/// ```
pub fn account_descriptors(
    root: &ExtendedPrivateKey<Secp256k1>,
    account: u32,
    network: Network,
) -> Result<[String; 4]> {
    let [a, b, c, d] = AccountKind::ALL;
    Ok([
        account_descriptor(root, a, account, network)?,
        account_descriptor(root, b, account, network)?,
        account_descriptor(root, c, account, network)?,
        account_descriptor(root, d, account, network)?,
    ])
}
