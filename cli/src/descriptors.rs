//! `fastbip32 descriptors`: an account's four standard output descriptors (BIP-44 `pkh`,
//! BIP-49 `sh(wpkh)`, BIP-84 `wpkh`, BIP-86 `tr`), each multipath (`/<0;1>/*`, BIP-389) with
//! its key origin (`[fingerprint/purpose'/coin'/account']`, `h` as the hardened marker, as
//! Bitcoin Core prints them), the account's xpub (tpub off mainnet) and the BIP-380 checksum:
//! the library's `descriptor::account_descriptors`, for the root and network this resolves.

use core::fmt;
use std::path::PathBuf;

use clap::{ArgGroup, Args};
use fastbip32::descriptor::{account_descriptors, AccountKind};
use fastbip32::{Secp256k1, Xprv};
use zeroize::Zeroize;

use crate::error::CliError;
use crate::input::{self, STDIN_MARKER};
use crate::io::Io;
use crate::notes::ArgvSecret;
use crate::options;
use crate::options::RecordOutput;
use crate::record::{Output, Record, Value};
use crate::seed::{self, Passphrase, SeedKind, SeedOptions};

/// The options of `descriptors`. Secret options are wiped when the value is dropped.
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["seed", "mnemonic", "xkey"])))]
pub(crate) struct DescriptorsArgs {
    /// Seed as 32 to 128 hex digits; `-` reads it from standard input.
    #[arg(long, value_name = "HEX|-")]
    seed: Option<String>,

    /// BIP-39 mnemonic (any BIP-39 word list; checksum checked); `-` reads it from standard input.
    #[arg(long, value_name = "WORDS|-", conflicts_with = "seed")]
    mnemonic: Option<String>,

    /// BIP-39 passphrase for --mnemonic, as for `derive` (`-`: standard input).
    #[arg(long, value_name = "TEXT|-")]
    passphrase: Option<String>,

    /// Read the passphrase from the first line of this file.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["passphrase", "passphrase_prompt"])]
    passphrase_file: Option<PathBuf>,

    /// Ask for the passphrase on the terminal, without echo.
    #[arg(long, conflicts_with = "passphrase")]
    passphrase_prompt: bool,

    /// The root's extended private key (depth 0: xprv or tprv); `-` reads it from standard
    /// input.
    #[arg(
        long,
        value_name = "XPRV|-",
        conflicts_with_all = ["seed", "mnemonic", "passphrase", "passphrase_file", "passphrase_prompt"]
    )]
    xkey: Option<String>,

    /// The account number N of m/purpose'/coin'/N' (default 0).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..0x8000_0000))]
    account: u32,

    /// mainnet, testnet, signet or regtest (default: the --xkey's network, else mainnet).
    /// Off mainnet the coin type is 1 and the keys are tpub.
    #[arg(long, value_name = "NET")]
    network: Option<String>,

    /// Print one JSON object on one line: `bip44`, `bip49`, `bip84`, `bip86`.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    output: RecordOutput,
}

impl Drop for DescriptorsArgs {
    fn drop(&mut self) {
        self.seed.zeroize();
        self.mnemonic.zeroize();
        self.passphrase.zeroize();
        self.xkey.zeroize();
    }
}

impl fmt::Debug for DescriptorsArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DescriptorsArgs")
            .field("seed", &self.seed.as_ref().map(|_| ".."))
            .field("mnemonic", &self.mnemonic.as_ref().map(|_| ".."))
            .field("passphrase", &self.passphrase.as_ref().map(|_| ".."))
            .field("xkey", &self.xkey.as_ref().map(|_| ".."))
            .field("account", &self.account)
            .field("network", &self.network)
            .field("json", &self.json)
            .field("output", &self.output)
            .finish_non_exhaustive()
    }
}

/// The fields of `descriptors` records, in their order.
const DESCRIPTORS_FIELDS: &[&str] = &["bip44", "bip49", "bip84", "bip86"];

/// Runs `descriptors`.
///
/// # Errors
/// A usage error for a bad seed, mnemonic or key (a public key, or not a root), or mixed
/// networks; a failure when the output cannot be written.
pub(crate) fn run(args: &DescriptorsArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let style = args.output.style(args.json, DESCRIPTORS_FIELDS)?;
    let explicit = options::bitcoin_network(args.network.as_deref())?;
    let root: Xprv = if let Some(arg) = args.xkey.as_deref() {
        let text = input::arg_or_stdin(arg, io.stdin, "--xkey")?;
        let key: fastbip32::ExtendedKey<Secp256k1> = text
            .parse()
            .map_err(|e| CliError::Usage(format!("invalid --xkey: {e}")))?;
        let fastbip32::ExtendedKey::Private(key) = key else {
            return Err(CliError::Usage(
                "--xkey must be the root's extended private key (xprv or tprv at depth 0); an xpub cannot derive the hardened account keys".to_owned(),
            ));
        };
        if arg != STDIN_MARKER {
            io.notes.argv_secret(ArgvSecret::XkeyXprv);
        }
        if key.depth() != 0 {
            return Err(CliError::Usage(format!(
                "--xkey must be a root (depth 0), not a key at depth {}: the origin needs the root's fingerprint",
                key.depth()
            )));
        }
        key
    } else {
        let passphrase = match (&args.passphrase, &args.passphrase_file) {
            (Some(text), _) if text == STDIN_MARKER => Passphrase::Stdin,
            (Some(text), _) => Passphrase::Arg(text),
            (None, Some(path)) => Passphrase::File(path),
            (None, None) if args.passphrase_prompt => Passphrase::Prompt,
            (None, None) => Passphrase::Absent,
        };
        let options = SeedOptions {
            seed: args.seed.as_deref(),
            mnemonic: args.mnemonic.as_deref(),
            passphrase,
        };
        let seed = seed::resolve(&options, SeedKind::Bip39Seed, io)?;
        Xprv::from_seed(seed.as_bytes())
            .map_err(|e| CliError::library("cannot derive the master key", e))?
    };
    let key_version = args.xkey.is_some().then(|| root.version());
    if let Some(name) = key_version
        .filter(|&v| fastbip32::address::ImpliedScript::of_version(v).is_some())
        .and_then(fastbip32::Version::name)
    {
        io.notes.family(format!(
            "the --xkey is a {name}; the descriptors hold each account's key as an xpub (tpub off mainnet), as Bitcoin Core wants, each in its own script"
        ));
    }
    let network = options::settle_bitcoin(explicit, key_version, None)?;
    let texts = account_descriptors(&root, args.account, network)
        .map_err(|e| CliError::library("cannot derive the account descriptors", e))?;
    let mut record = Record::new();
    for (kind, text) in AccountKind::ALL.into_iter().zip(&texts) {
        record.push(kind.name(), Value::text(text));
    }
    let mut out = Output::new(&style);
    out.write(&record, true)?;
    io.write_stdout(out.as_bytes())
}
