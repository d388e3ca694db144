//! Cardano in the tool: the CIP-5 prefix a key's text gets for its role, and where the stake
//! key of a base address comes from.
//!
//! A key's role follows from where it sits below the root (CIP-1852, as `cardano-address`
//! names keys):
//!
//! | key | prefixes |
//! |---|---|
//! | the root (depth 0) | `root_xsk` / `root_xvk` |
//! | an account, `m/1852'/1815'/a'` | `acct_xsk` / `acct_xvk` |
//! | `m/1852'/1815'/a'/R/I`, role R = 0 or 1 (R, I normal) | `addr_xsk` / `addr_xvk` |
//! | `m/1852'/1815'/a'/2/I` (I normal) | `stake_xsk` / `stake_xvk` |
//! | anywhere else | `xprv` / `xpub` |
//!
//! A key read from CIP-5 text starts where its prefix says: a `root_…` key is a root, an
//! `acct_…` key an account, an `addr_…` or `stake_…` key keeps its role only for an empty
//! `--path`, and a generic `xprv`/`xpub` key is generic.

use fastbip32::cardano::Cip5Prefix;
use fastbip32::ChildNumber;

/// Where the key a path starts from sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A root: a seed's master key, or `root_xsk`/`root_xvk` text.
    Root,
    /// An account key: `acct_xsk`/`acct_xvk` text.
    Account,
    /// A key of this role (`addr_…`, `stake_…`).
    Leaf(Role),
    /// A key of unknown place: generic `xprv`/`xpub` text.
    Generic,
}

impl Origin {
    /// The origin of a key read from text with `prefix`.
    pub(crate) const fn of_prefix(prefix: Cip5Prefix) -> Self {
        match prefix {
            Cip5Prefix::RootXsk | Cip5Prefix::RootXvk => Self::Root,
            Cip5Prefix::AcctXsk | Cip5Prefix::AcctXvk => Self::Account,
            Cip5Prefix::AddrXsk | Cip5Prefix::AddrXvk => Self::Leaf(Role::ADDR),
            Cip5Prefix::StakeXsk | Cip5Prefix::StakeXvk => Self::Leaf(Role::STAKE),
            _ => Self::Generic,
        }
    }
}

/// The CIP-5 prefixes of a key's private and public text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Role {
    /// The private key's prefix (`…_xsk`, or `xprv`).
    pub(crate) private: Cip5Prefix,
    /// The public key's prefix (`…_xvk`, or `xpub`).
    pub(crate) public: Cip5Prefix,
}

impl Role {
    pub(crate) const ROOT: Self = Self::new(Cip5Prefix::RootXsk, Cip5Prefix::RootXvk);
    pub(crate) const ACCT: Self = Self::new(Cip5Prefix::AcctXsk, Cip5Prefix::AcctXvk);
    pub(crate) const ADDR: Self = Self::new(Cip5Prefix::AddrXsk, Cip5Prefix::AddrXvk);
    pub(crate) const STAKE: Self = Self::new(Cip5Prefix::StakeXsk, Cip5Prefix::StakeXvk);
    pub(crate) const GENERIC: Self = Self::new(Cip5Prefix::Xprv, Cip5Prefix::Xpub);

    const fn new(private: Cip5Prefix, public: Cip5Prefix) -> Self {
        Self { private, public }
    }
}

/// `1852'`, CIP-1852's purpose.
const PURPOSE: u32 = 1852;
/// `1815'`, Cardano's coin type.
const COIN: u32 = 1815;

/// The steps `prefix` then `last` (if any) as one short list, or `None` past 5 steps.
fn steps(prefix: &[ChildNumber], last: Option<ChildNumber>) -> Option<([ChildNumber; 5], usize)> {
    let mut out = [ChildNumber::from_raw(0); 5];
    let mut len = 0;
    for child in prefix.iter().copied().chain(last) {
        *out.get_mut(len)? = child;
        len += 1;
    }
    Some((out, len))
}

fn is_account_path(steps: &[ChildNumber]) -> bool {
    matches!(steps, [p, c, a] if *p == hardened(PURPOSE) && *c == hardened(COIN) && a.is_hardened())
}

const fn hardened(index: u32) -> ChildNumber {
    ChildNumber::from_raw(index | fastbip32::path::HARDENED_BIT)
}

/// The role of `R/I` below an account.
fn leaf_role(role: ChildNumber, index: ChildNumber) -> Role {
    if !index.is_normal() {
        return Role::GENERIC;
    }
    match role.to_raw() {
        0 | 1 => Role::ADDR,
        2 => Role::STAKE,
        _ => Role::GENERIC,
    }
}

/// The role of the key reached from a key of `origin` by the steps `prefix` then `last`.
pub(crate) fn role(origin: Origin, prefix: &[ChildNumber], last: Option<ChildNumber>) -> Role {
    let Some((buf, len)) = steps(prefix, last) else {
        return Role::GENERIC;
    };
    let steps = buf.get(..len).unwrap_or_default();
    match (origin, steps) {
        (Origin::Root, []) => Role::ROOT,
        (Origin::Root, [_, _, _]) if is_account_path(steps) => Role::ACCT,
        (Origin::Root, [purpose, coin, account, role, index])
            if is_account_path(&[*purpose, *coin, *account]) =>
        {
            leaf_role(*role, *index)
        }
        (Origin::Account, []) => Role::ACCT,
        (Origin::Account, [role, index]) => leaf_role(*role, *index),
        (Origin::Leaf(role), []) => role,
        _ => Role::GENERIC,
    }
}

/// Where a base address's stake key is, relative to the key of `origin`: the steps to the
/// account (`1852'/1815'/a'` from a root, none from an account), for a payment key at
/// `prefix` then `last`, which must be `m/1852'/1815'/a'/R/I` from a root or `R/I` from an
/// account key (R and I normal). The stake key is then at `…/2/0` below the account.
///
/// # Errors
/// The message of the usage error, for any other place.
pub(crate) fn account_steps(
    origin: Origin,
    prefix: &[ChildNumber],
    last: Option<ChildNumber>,
) -> Result<([ChildNumber; 3], usize), String> {
    let wrong = || {
        "--address cardano-base needs the payment key at m/1852'/1815'/a'/R/I below a root (a seed, root_xsk or root_xvk) or at R/I below an account key (acct_xsk or acct_xvk), R and I normal; its stake key is then …/2/0 of the same account"
            .to_owned()
    };
    let (buf, len) = steps(prefix, last).ok_or_else(wrong)?;
    let steps = buf.get(..len).unwrap_or_default();
    match (origin, steps) {
        (Origin::Root, [purpose, coin, account, role, index])
            if is_account_path(&[*purpose, *coin, *account])
                && role.is_normal()
                && index.is_normal() =>
        {
            Ok(([*purpose, *coin, *account], 3))
        }
        (Origin::Account, [role, index]) if role.is_normal() && index.is_normal() => {
            Ok(([ChildNumber::from_raw(0); 3], 0))
        }
        _ => Err(wrong()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> Vec<ChildNumber> {
        if text.is_empty() {
            return Vec::new();
        }
        fastbip32::DerivationPath::parse_relative(text)
            .unwrap()
            .iter()
            .collect()
    }

    #[test]
    fn roles_by_place() {
        let n = |i| ChildNumber::normal(i).unwrap();
        assert_eq!(role(Origin::Root, &[], None), Role::ROOT);
        assert_eq!(
            role(Origin::Root, &path("1852'/1815'/3'"), None),
            Role::ACCT
        );
        assert_eq!(
            role(Origin::Root, &path("1852'/1815'/0'/0"), Some(n(7))),
            Role::ADDR
        );
        assert_eq!(
            role(Origin::Root, &path("1852'/1815'/0'/1/2"), None),
            Role::ADDR
        );
        assert_eq!(
            role(Origin::Root, &path("1852'/1815'/0'/2/0"), None),
            Role::STAKE
        );
        for generic in [
            "1852'/1815'/0'/3/0",
            "1852'/1815'/0'/0/0'",
            "44'/1815'/0'/0/0",
            "1852'/1815'/0",
            "1852'/1815'/0'/0",
            "1852'/1815'/0'/0/0/0",
        ] {
            assert_eq!(
                role(Origin::Root, &path(generic), None),
                Role::GENERIC,
                "{generic}"
            );
        }
        assert_eq!(role(Origin::Account, &[], None), Role::ACCT);
        assert_eq!(role(Origin::Account, &path("2/0"), None), Role::STAKE);
        assert_eq!(role(Origin::Account, &path("1"), Some(n(0))), Role::ADDR);
        assert_eq!(role(Origin::Account, &path("0"), None), Role::GENERIC);
        assert_eq!(role(Origin::Leaf(Role::STAKE), &[], None), Role::STAKE);
        assert_eq!(
            role(Origin::Leaf(Role::ADDR), &path("0"), None),
            Role::GENERIC
        );
        assert_eq!(role(Origin::Generic, &[], None), Role::GENERIC);
    }

    #[test]
    fn stake_key_places() {
        let (steps, len) = account_steps(Origin::Root, &path("1852'/1815'/4'/0/9"), None).unwrap();
        assert_eq!(&steps[..len], &path("1852'/1815'/4'")[..]);
        assert_eq!(
            account_steps(Origin::Account, &path("1/3"), None)
                .unwrap()
                .1,
            0
        );
        for (origin, bad) in [
            (Origin::Root, "1852'/1815'/0'/0"),
            (Origin::Root, "44'/1815'/0'/0/0"),
            (Origin::Root, "1852'/1815'/0'/0/0'"),
            (Origin::Account, "0/0/0"),
            (Origin::Generic, "0/0"),
            (Origin::Leaf(Role::ADDR), ""),
        ] {
            assert!(account_steps(origin, &path(bad), None).is_err(), "{bad}");
        }
    }
}
