//! The options of `addresses`.

use core::fmt;

use clap::{ArgGroup, Args};
use zeroize::Zeroize;

use crate::options;

/// The options of `addresses`. The descriptor and the key (which may hold an xprv) are
/// wiped on drop.
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["descriptor", "coin"])))]
pub(crate) struct AddressesArgs {
    /// The output descriptor: pkh(KEY), wpkh(KEY), sh(wpkh(KEY)), tr(KEY), or
    /// multi/sortedmulti(k,KEY,…) inside `wsh()`, `sh(wsh())` or `sh()`, or bare (at most 3
    /// keys; a bare multisig has no address, so its records give the scriptPubKey); KEY is
    /// [fingerprint/origin/path]xpub…/steps/* (or /*' with an xprv, BIP-389 <a;b> steps, or
    /// a hex public key). A #checksum, when present, must match. `-` reads it from standard
    /// input.
    #[arg(long, value_name = "DESC|-")]
    pub(super) descriptor: Option<String>,

    /// Instead of --descriptor: a secp256k1 coin's addresses (a slug such as litecoin or a
    /// symbol such as ltc; `fastbip32 coins` lists them) below --xkey, of its default kind
    /// (or --address). Records have the fields coin, index, address, `public_key` and path.
    #[arg(
        long,
        value_name = "SLUG",
        value_parser = options::parse_coin,
        requires = "xkey",
        conflicts_with = "descriptor"
    )]
    pub(super) coin: Option<&'static fastbip32::coin::Coin>,

    /// With --coin: the account's extended public key (xpub, or a SLIP-132 form such as
    /// zpub; an xprv is taken to its xpub); `-` reads it from standard input.
    #[arg(long, value_name = "XKEY|-", requires = "coin")]
    pub(super) xkey: Option<String>,

    /// With --coin: the steps below --xkey, the last `*` (default 0/*: the receive
    /// addresses; 1/* for change), normal steps only.
    #[arg(long, value_name = "PATH", requires = "coin")]
    pub(super) path: Option<String>,

    /// With --coin: one of the coin's address kinds (default: its first).
    #[arg(long, value_name = "KIND", requires = "coin")]
    pub(super) address: Option<String>,

    /// The number of indices per branch (default 20); ignored without a range (`*`), which
    /// gives one record per branch.
    #[arg(long, value_name = "N")]
    pub(super) count: Option<u64>,

    /// The first index (default 0); START+N−1 must be below 2^31.
    #[arg(long, value_name = "START")]
    pub(super) start: Option<u64>,

    /// mainnet, testnet, signet or regtest. Default: the network of the keys' versions
    /// (tpub: testnet), else mainnet. A mainnet key with a test network, or the reverse, is
    /// an error.
    #[arg(long, value_name = "NET")]
    pub(super) network: Option<String>,

    /// Derive on at most K threads (default: every core).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub(super) threads: Option<u16>,

    /// Print one JSON object per line: branch, index, address, `script_pubkey` and,
    /// for single-key descriptors, `public_key` (and `path`, with a key origin).
    #[arg(long)]
    pub(super) json: bool,

    /// Print CSV: one header line with the field names, then one line per record.
    #[arg(long, conflicts_with = "json")]
    pub(super) csv: bool,

    /// Print the values alone: one record per line, tab-separated, no labels or header.
    #[arg(long, conflicts_with_all = ["json", "csv"])]
    pub(super) raw: bool,

    /// Print only these fields, in this order (comma-separated names: branch, index, address,
    /// `script_pubkey`, `public_key`, path). An unknown name is an error.
    #[arg(long, value_name = "A,B,…")]
    pub(super) fields: Option<String>,
}

impl Drop for AddressesArgs {
    fn drop(&mut self) {
        self.descriptor.zeroize();
        self.xkey.zeroize();
    }
}

impl fmt::Debug for AddressesArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AddressesArgs")
            .field("descriptor", &"..")
            .field("coin", &self.coin.map(fastbip32::coin::Coin::slug))
            .field("xkey", &self.xkey.as_ref().map(|_| ".."))
            .field("path", &self.path)
            .field("address", &self.address)
            .field("count", &self.count)
            .field("start", &self.start)
            .field("network", &self.network)
            .field("threads", &self.threads)
            .field("json", &self.json)
            .field("csv", &self.csv)
            .field("raw", &self.raw)
            .field("fields", &self.fields)
            .finish()
    }
}
