//! The output options of `derive` (`--address`, `--network`, `--wif`, `--xpub-version`,
//! `--fields`, `--csv`), their checks against the curve, and the one network rule of the
//! tool: a key's version, `--xpub-version` and `--network` must agree on mainnet or test.

use clap::Args;
use fastbip32::address::{AddressKind, CardanoNetwork, CurveFamily};
use fastbip32::coin::{AddressFormat, Coin, Encoder, COINS};
use fastbip32::{Network, Version, VersionPair};

use crate::curve::Curve;
use crate::error::CliError;
use crate::record::{Format, Style};

/// The fields `derive` records can have, in their order.
pub(crate) const DERIVE_FIELDS: &[&str] = &[
    "curve",
    "path",
    "depth",
    "child_number",
    "parent_fingerprint",
    "fingerprint",
    "chain_code",
    "private_key",
    "public_key",
    "xprv",
    "xpub",
    "address",
    "wif",
];

/// The fields of `derive --coin` records, in their order.
pub(crate) const COIN_FIELDS: &[&str] = &[
    "coin",
    "path",
    "address",
    "private_key",
    "public_key",
    "wif",
];

/// `derive`'s output options (also on `--count` batches).
#[derive(Args, Debug, Default, Clone)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each bool is one command-line flag"
)]
pub(crate) struct DeriveOutput {
    /// Add an `address` field to every record: p2pkh, p2sh-p2wpkh, p2wpkh, p2tr or ethereum
    /// (secp256k1); solana (ed25519); cardano-enterprise, cardano-base or cardano-reward
    /// (ed25519-bip32, cardano-icarus, cardano-icarus-trezor). cardano-base takes its stake key
    /// from m/1852'/1815'/a'/2/0 of the same account: --path must be m/1852'/1815'/a'/R/I
    /// from a root, or R/I from an account key (`acct_xsk`, `acct_xvk`).
    ///
    /// With an --xkey in a SLIP-132 family, the family decides: a ypub/upub means
    /// p2sh-p2wpkh and a zpub/vpub p2wpkh, printed without --address; another kind is an
    /// error (see --address-override). A Ypub/Upub/Zpub/Vpub is a multisig key: it has no
    /// single-key address.
    ///
    /// With --coin: one of the coin's kinds (`fastbip32 coins` lists them; default: the
    /// coin's first), such as p2wpkh, p2sh-p2wpkh or p2pkh for litecoin.
    #[arg(long, value_name = "KIND", value_parser = parse_kind_name)]
    pub(crate) address: Option<&'static str>,

    /// With an --xkey in a SLIP-132 family (ypub, zpub, Ypub, Zpub, upub, …): print
    /// --address KIND even where the family means another script, and no address without
    /// --address.
    #[arg(long)]
    pub(crate) address_override: bool,

    /// The network of addresses, WIF and the xprv/xpub fields (tprv/tpub off mainnet):
    /// mainnet, testnet, signet or regtest; for the Cardano curves mainnet or testnet (preprod
    /// and preview are testnet). Default: the network of the --xkey's version (or of
    /// --xpub-version), else mainnet. A mainnet key with a test network, or the reverse, is an
    /// error.
    #[arg(long, value_name = "NET")]
    pub(crate) network: Option<String>,

    /// Add a `wif` field: the private key in Wallet Import Format, compressed (secp256k1
    /// private keys only).
    #[arg(long)]
    pub(crate) wif: bool,

    /// Write the xprv/xpub fields in this version family: xpub, ypub, zpub, Ypub, Zpub, tpub,
    /// upub, vpub, Upub or Vpub (a private key in its private twin: zprv for zpub). Without
    /// it, a key derived from --xkey keeps the input's family.
    #[arg(long, value_name = "NAME", value_parser = parse_public_version)]
    pub(crate) xpub_version: Option<Version>,

    /// Print only these fields, in this order (comma-separated names, such as
    /// path,address). An unknown name is an error.
    #[arg(long, value_name = "A,B,…")]
    pub(crate) fields: Option<String>,

    /// Print CSV: one header line with the field names, then one line per record.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,

    /// Print the values alone: one record per line, tab-separated, no labels or header.
    #[arg(long, conflicts_with_all = ["json", "csv"])]
    pub(crate) raw: bool,
}

/// `--fields` and `--raw` of the subcommands that print one record (`inspect`, `convert`,
/// `descriptors`, `descriptor`, `mnemonic`).
#[derive(Args, Debug, Default, Clone)]
pub(crate) struct RecordOutput {
    /// Print only these fields, in this order (comma-separated names). An unknown name is an
    /// error.
    #[arg(long, value_name = "A,B,…")]
    pub(crate) fields: Option<String>,

    /// Print the values alone: one record per line, tab-separated, no labels.
    #[arg(long, conflicts_with = "json")]
    pub(crate) raw: bool,
}

impl RecordOutput {
    /// The style of a run with `--json` set to `json`, whose records can have the fields
    /// `known`.
    ///
    /// # Errors
    /// A usage error for a bad `--fields` list.
    pub(crate) fn style(&self, json: bool, known: &[&'static str]) -> Result<Style, CliError> {
        let format = Format::from_flags(json, false, self.raw, Format::Text);
        Style::new(format, self.fields.as_deref(), known)
    }
}

/// A `--network` value, checked for the curve's family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NetworkArg {
    /// A Bitcoin network (secp256k1, nist256p1).
    Bitcoin(Network),
    /// A Cardano network.
    Cardano(CardanoNetwork),
}

/// `--address`'s parser.
pub(crate) fn parse_kind(text: &str) -> Result<AddressKind, String> {
    text.parse().map_err(|_| {
        let names: Vec<&str> = AddressKind::ALL.iter().map(|k| k.as_str()).collect();
        format!("unknown address kind; one of {}", names.join(", "))
    })
}

/// `derive --address`'s parser: a kind of [`AddressKind`] or of any coin of the registry
/// (which one the run takes is checked with `--coin`).
fn parse_kind_name(text: &str) -> Result<&'static str, String> {
    let kinds = AddressKind::ALL.iter().map(|k| k.as_str());
    let coin_kinds = COINS
        .iter()
        .flat_map(|c| c.kinds().map(AddressFormat::name));
    let mut names: Vec<&'static str> = Vec::new();
    for name in kinds.chain(coin_kinds) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
        .iter()
        .find(|n| **n == text)
        .copied()
        .ok_or_else(|| format!("unknown address kind; one of {}", names.join(", ")))
}

/// `--coin`'s parser: a slug or a symbol.
pub(crate) fn parse_coin(text: &str) -> Result<&'static Coin, String> {
    Coin::find(text).map_err(|_| {
        "unknown coin; `fastbip32 coins` lists the slugs and symbols (such as litecoin, ltc)"
            .to_owned()
    })
}

/// The kind `name` of `coin` (its default kind for `None`).
///
/// # Errors
/// A usage error naming the coin's kinds for a kind it does not have.
pub(crate) fn coin_kind(
    coin: &'static Coin,
    name: Option<&str>,
) -> Result<&'static AddressFormat, CliError> {
    let Some(name) = name else {
        return Ok(coin.default_kind());
    };
    coin.kind(name).ok_or_else(|| {
        let kinds: Vec<&str> = coin.kinds().map(AddressFormat::name).collect();
        CliError::Usage(format!(
            "--address {name}: {} has no {name} address; its kinds are {}",
            coin.slug(),
            kinds.join(", ")
        ))
    })
}

/// Whether `coin`'s addresses depend on a network (Bitcoin's and Cardano's).
fn has_networks(coin: &Coin) -> bool {
    coin.kinds()
        .any(|k| matches!(k.encoder(), Encoder::Bitcoin(_) | Encoder::Cardano(_)))
}

/// `--xpub-version`'s parser: one of the library's public names ([`Version::PUBLIC_NAMES`]).
fn parse_public_version(text: &str) -> Result<Version, String> {
    Version::from_name(text)
        .filter(|v| v.is_public())
        .ok_or_else(|| {
            format!(
                "not a public version name; one of {}",
                Version::PUBLIC_NAMES.join(", ")
            )
        })
}

/// `mainnet` or `test network`, for messages.
const fn side(test: bool) -> &'static str {
    if test {
        "test-network"
    } else {
        "mainnet"
    }
}

/// Parses a `--network` value for `curve`.
///
/// # Errors
/// A usage error for a name of the other family, or a curve without networks.
pub(crate) fn parse_network(text: &str, curve: Curve) -> Result<NetworkArg, CliError> {
    if curve.is_cardano() {
        text.parse().map(NetworkArg::Cardano).map_err(|_| {
            CliError::Usage(format!(
                "invalid --network `{}`: a Cardano network is mainnet or testnet (preprod and preview are testnet)",
                text.escape_debug()
            ))
        })
    } else if curve.has_bip32_text() {
        text.parse()
            .map(NetworkArg::Bitcoin)
            .map_err(|_| bitcoin_network_error(text))
    } else {
        Err(CliError::Usage(format!(
            "--network: {} keys have no network",
            curve.name()
        )))
    }
}

/// A `--network` value that must be a Bitcoin network (`addresses`, `descriptors`).
///
/// # Errors
/// [`bitcoin_network_error`] for any other name.
pub(crate) fn bitcoin_network(text: Option<&str>) -> Result<Option<Network>, CliError> {
    text.map(|text| text.parse().map_err(|_| bitcoin_network_error(text)))
        .transpose()
}

/// The usage error of a `--network` that is not a Bitcoin network.
pub(crate) fn bitcoin_network_error(text: &str) -> CliError {
    let cardano = matches!(text, "preprod" | "preview");
    CliError::Usage(format!(
        "invalid --network `{}`: one of mainnet, testnet, signet, regtest{}",
        text.escape_debug(),
        if cardano {
            " (preprod and preview are Cardano networks)"
        } else {
            ""
        }
    ))
}

/// `derive`'s output options, checked against the curve before any input is read.
#[derive(Clone, Debug)]
pub(crate) struct Checked {
    /// How records print.
    pub(crate) style: Style,
    /// `--address` (without `--coin`).
    pub(crate) address: Option<AddressKind>,
    /// `--coin` and its kind (`--address`, or the coin's default).
    pub(crate) coin: Option<(&'static Coin, &'static AddressFormat)>,
    /// `--address-override`.
    pub(crate) address_override: bool,
    /// `--network`.
    pub(crate) network: Option<NetworkArg>,
    /// `--wif`.
    pub(crate) wif: bool,
    /// `--xpub-version`.
    pub(crate) xpub_version: Option<Version>,
}

impl DeriveOutput {
    /// Checks the options against `curve`; `json` is `--json`.
    ///
    /// # Errors
    /// A usage error for an address kind of another curve, `--wif` off secp256k1,
    /// `--xpub-version` off the BIP-32 text curves, a network of the wrong family, or a bad
    /// `--fields` list.
    pub(crate) fn check(
        &self,
        curve: Curve,
        json: bool,
        coin: Option<&'static Coin>,
    ) -> Result<Checked, CliError> {
        let (address, coin) = match coin {
            Some(coin) => (None, Some((coin, coin_kind(coin, self.address)?))),
            None => (self.address.map(plain_kind).transpose()?, None),
        };
        if let Some(kind) = address {
            if !curve_fits(kind.curve(), curve) {
                return Err(CliError::Usage(format!(
                    "--address {kind} needs --curve {}, not {}",
                    curves_of(kind.curve()),
                    curve.name()
                )));
            }
        }
        if let Some((coin, _)) = coin {
            if self.wif && coin.wif_version(Network::Mainnet).is_none() {
                return Err(CliError::Usage(format!(
                    "--wif: {} private keys have no WIF form",
                    coin.slug()
                )));
            }
            if self.network.is_some() && !has_networks(coin) {
                return Err(CliError::Usage(format!(
                    "--network: {} addresses have one network (mainnet)",
                    coin.slug()
                )));
            }
        }
        if self.wif && curve != Curve::Secp256k1 {
            return Err(CliError::Usage(format!(
                "--wif is for secp256k1 private keys, not {}",
                curve.name()
            )));
        }
        if self.xpub_version.is_some() && !curve.has_bip32_text() {
            return Err(CliError::Usage(format!(
                "--xpub-version: {} keys have no BIP-32 version (xpub, zpub, …)",
                curve.name()
            )));
        }
        let network = self
            .network
            .as_deref()
            .map(|text| parse_network(text, curve))
            .transpose()?;
        let format = Format::from_flags(json, self.csv, self.raw, Format::Text);
        let known = if coin.is_some() {
            COIN_FIELDS
        } else {
            DERIVE_FIELDS
        };
        let style = Style::new(format, self.fields.as_deref(), known)?;
        Ok(Checked {
            style,
            address,
            coin,
            address_override: self.address_override,
            network,
            wif: self.wif,
            xpub_version: self.xpub_version,
        })
    }
}

/// An `--address` name without `--coin`: one of [`AddressKind`]'s.
///
/// # Errors
/// A usage error for a kind only coins have (`eip55`, `tron`, …), naming `--coin`.
fn plain_kind(name: &str) -> Result<AddressKind, CliError> {
    name.parse().map_err(|_| {
        let coins: Vec<&str> = COINS
            .iter()
            .filter(|c| c.kind(name).is_some())
            .map(Coin::slug)
            .take(3)
            .collect();
        CliError::Usage(format!(
            "--address {name} is a coin's kind: add --coin (such as --coin {})",
            coins.first().copied().unwrap_or("bitcoin")
        ))
    })
}

/// Whether keys of `curve` have addresses of the curve family `family`.
pub(crate) fn curve_fits(family: CurveFamily, curve: Curve) -> bool {
    match family {
        CurveFamily::Secp256k1 => curve == Curve::Secp256k1,
        CurveFamily::Ed25519 => curve == Curve::Ed25519,
        CurveFamily::Ed25519Bip32 => curve.is_cardano(),
        CurveFamily::Nist256p1 => curve == Curve::Nist256p1,
        CurveFamily::Ed25519Blake2b => curve == Curve::Ed25519Blake2b,
        _ => false,
    }
}

/// The `--curve` values of the curve family `family`, for messages.
pub(crate) fn curves_of(family: CurveFamily) -> &'static str {
    match family {
        CurveFamily::Secp256k1 => "secp256k1",
        CurveFamily::Ed25519 => "ed25519",
        CurveFamily::Ed25519Bip32 => "ed25519-bip32, cardano-icarus or cardano-icarus-trezor",
        CurveFamily::Nist256p1 => "nist256p1",
        CurveFamily::Ed25519Blake2b => "ed25519-blake2b",
        _ => "another curve",
    }
}

/// Settles the Bitcoin network from `--network` (`explicit`), the version of the `--xkey`
/// (`key`, for a known version) and `--xpub-version`: they must agree on mainnet or test;
/// without `--network`, the key's network, else `--xpub-version`'s, else mainnet.
///
/// # Errors
/// A usage error naming the two that disagree.
pub(crate) fn settle_bitcoin(
    explicit: Option<Network>,
    key: Option<Version>,
    xpub_version: Option<Version>,
) -> Result<Network, CliError> {
    let key_side = key.and_then(|v| v.is_testnet().map(|t| (t, v.name().unwrap_or("?"))));
    let version_side =
        xpub_version.and_then(|v| v.is_testnet().map(|t| (t, v.name().unwrap_or("?"))));
    if let (Some((kt, kn)), Some((vt, vn))) = (key_side, version_side) {
        if kt != vt {
            return Err(CliError::Usage(format!(
                "mixed networks: the --xkey is a {} key ({kn}) but --xpub-version {vn} is for {}",
                side(kt),
                if vt { "a test network" } else { "mainnet" }
            )));
        }
    }
    if let Some(network) = explicit {
        for (test, name, what) in [
            key_side.map(|(t, n)| (t, n, "the --xkey is")),
            version_side.map(|(t, n)| (t, n, "--xpub-version is")),
        ]
        .into_iter()
        .flatten()
        {
            if test != network.is_test() {
                return Err(CliError::Usage(format!(
                    "mixed networks: --network {network} but {what} a {} key ({name})",
                    side(test)
                )));
            }
        }
        return Ok(network);
    }
    let test = key_side.or(version_side).is_some_and(|(t, _)| t);
    Ok(if test {
        Network::Testnet
    } else {
        Network::Mainnet
    })
}

/// The version family to give the source key: `--xpub-version`'s, else tprv/tpub for a seed
/// off mainnet, else none (a seed's xprv/xpub, an `--xkey`'s own family).
pub(crate) fn family_for(
    xpub_version: Option<Version>,
    network: Network,
    from_seed: bool,
) -> Option<VersionPair> {
    match xpub_version {
        Some(version) => version.pair(),
        None if from_seed && network.is_test() => Some(VersionPair::TPRV_TPUB),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_rules() {
        let t = Some(Network::Testnet);
        assert_eq!(settle_bitcoin(None, None, None).unwrap(), Network::Mainnet);
        assert_eq!(
            settle_bitcoin(None, Some(Version::VPUB), None).unwrap(),
            Network::Testnet
        );
        assert_eq!(
            settle_bitcoin(None, None, Some(Version::TPUB)).unwrap(),
            Network::Testnet
        );
        assert_eq!(
            settle_bitcoin(Some(Network::Regtest), Some(Version::TPRV), None).unwrap(),
            Network::Regtest
        );
        assert_eq!(settle_bitcoin(t, None, None).unwrap(), Network::Testnet);
        for (explicit, key, version) in [
            (t, Some(Version::ZPUB), None),
            (Some(Network::Mainnet), Some(Version::TPUB), None),
            (None, Some(Version::XPRV), Some(Version::VPUB)),
            (Some(Network::Signet), None, Some(Version::ZPUB)),
        ] {
            let err = settle_bitcoin(explicit, key, version).unwrap_err();
            assert!(
                err.message().unwrap().starts_with("mixed networks"),
                "{err:?}"
            );
        }
        assert_eq!(
            family_for(None, Network::Signet, true),
            Some(VersionPair::TPRV_TPUB)
        );
        assert_eq!(family_for(None, Network::Signet, false), None);
        assert_eq!(
            family_for(Some(Version::ZPUB), Network::Mainnet, false),
            Some(VersionPair::ZPRV_ZPUB)
        );
    }
}
