//! The options of `derive`.

use core::fmt;
use std::path::PathBuf;

use clap::Args;
use fastbip32::coin::Coin;
use zeroize::Zeroize;

use crate::curve::Curve;
use crate::input::STDIN_MARKER;
use crate::options::{self, DeriveOutput};
use crate::seed::{Passphrase, SeedOptions};

/// The options of `derive`. Secret options are wiped when the value is dropped.
#[derive(Args)]
pub(crate) struct DeriveArgs {
    /// Scheme: BIP-32 secp256k1 (the default); SLIP-10 nist256p1 (also p256, secp256r1,
    /// prime256v1), ed25519, curve25519, ed25519-blake2b (Nano's keys); BIP32-Ed25519
    /// (Cardano) with the Ledger master key
    /// (ed25519-bip32, also cardano-ledger), the Icarus one (cardano-icarus) or Trezor's
    /// (cardano-icarus-trezor). With a CIP-5 --xkey (`root_xsk…`, `acct_xvk…`), ed25519-bip32.
    #[arg(long, value_enum)]
    pub(super) curve: Option<Curve>,

    /// Derive a coin's keys and addresses (a slug such as litecoin, or a symbol such as ltc;
    /// `fastbip32 coins` lists them): its curve, its default address kind (or --address,
    /// one of its kinds), and without --path its default path (with --count, the same path
    /// with `*` at the level its wallets count). Records have the fields coin, path,
    /// address, `private_key`, `public_key` and, where the coin has one, wif. A --curve that
    /// is not the coin's is an error.
    #[arg(
        long,
        value_name = "SLUG",
        value_parser = options::parse_coin,
        conflicts_with_all = ["format", "xpub_version", "address_override"]
    )]
    pub(super) coin: Option<&'static Coin>,

    /// Seed as 32 to 128 hex digits (16 to 64 bytes); for cardano-icarus, BIP-39 entropy of
    /// 16 to 32 bytes. `-` reads it from standard input. Without --seed, --mnemonic and
    /// --xkey, the public BIP-32 test vector 1 seed is used.
    #[arg(long, value_name = "HEX|-", conflicts_with = "mnemonic")]
    pub(super) seed: Option<String>,

    /// BIP-39 mnemonic (any BIP-39 word list; checksum checked); `-` reads it from standard input.
    #[arg(long, value_name = "WORDS|-")]
    pub(super) mnemonic: Option<String>,

    /// BIP-39 passphrase for --mnemonic (default: empty); for cardano-icarus, the Icarus
    /// passphrase (its UTF-8 bytes) for --mnemonic or --seed. `-` reads it from standard
    /// input (one line, its line ending removed); when --mnemonic (or --seed) is `-` too, the
    /// first line is the mnemonic (or seed) and the second the passphrase. On the command line
    /// it is visible to other users and kept in shell history: prefer `-`,
    /// --passphrase-file or --passphrase-prompt.
    #[arg(long, value_name = "TEXT|-")]
    pub(super) passphrase: Option<String>,

    /// Read the passphrase from the first line of this file (its line ending removed; the
    /// file must hold one line).
    #[arg(long, value_name = "PATH", conflicts_with_all = ["passphrase", "passphrase_prompt"])]
    pub(super) passphrase_file: Option<PathBuf>,

    /// Ask for the passphrase on the terminal, without echo (standard input must be a
    /// terminal).
    #[arg(long, conflicts_with = "passphrase")]
    pub(super) passphrase_prompt: bool,

    /// For cardano-icarus and cardano-icarus-trezor: the Icarus passphrase as hex bytes
    /// (passphrases need not be UTF-8).
    #[arg(
        long,
        value_name = "HEX",
        conflicts_with_all = ["passphrase", "passphrase_file", "passphrase_prompt"]
    )]
    pub(super) passphrase_hex: Option<String>,

    /// Derive from this extended key (xprv/xpub or a SLIP-132 form such as zprv/zpub; with
    /// --curve nist256p1 a P-256 key in the same layout; a CIP-5 Cardano key such as
    /// `root_xsk1…`, `acct_xvk1…` or `xprv1…`) instead of a seed; `-` reads it from
    /// standard input (better for a private key). --path is then relative to the key, as in
    /// BIP-32 libraries: `m/0/1` below a key at depth 3 gives a key at depth 5 (a note on
    /// standard error says so).
    ///
    /// P-256 keys reuse the xprv/xpub version bytes (as trezor-crypto and wallet-core write
    /// them), so the text alone cannot tell a P-256 key from a secp256k1 one: --curve
    /// nist256p1 is your explicit word that the key is a P-256 key.
    #[arg(
        long,
        value_name = "XKEY|-",
        conflicts_with_all = ["seed", "mnemonic", "passphrase", "passphrase_file", "passphrase_prompt", "passphrase_hex"],
        requires = "path"
    )]
    pub(super) xkey: Option<String>,

    /// Derivation path, such as m/44'/0'/0'/0/0 (' h or H for hardened). Default:
    /// m/44'/0'/0'/0/0; m/44'/0'/0'/0'/0' for ed25519, curve25519 and ed25519-blake2b;
    /// m/1852'/1815'/0'/0/0
    /// for the Cardano curves, where from a seed `m/` may be left out (1852H/1815H/0H/0/0, as
    /// cardano-address writes it). With --xkey (required there): relative to the key, as m,
    /// m/0/1' or 0/1'. With --count, one segment (at any level) is `*` or `*'`.
    #[arg(long, value_name = "PATH")]
    pub(super) path: Option<String>,

    /// Print one JSON object on one line instead of `name: value` lines.
    #[arg(long)]
    pub(super) json: bool,

    /// Derive N keys: one segment of --path, at any level, is `*` (normal) or `*'`, `*h`, `*H`
    /// (hardened), such as m/84'/0'/0'/0/* or m/44'/60'/*'/0/0.
    ///
    /// One record is printed per index START, START+1, …, START+N−1, in order, each the
    /// record `derive --path` prints for the path with that index at the `*` (with --json, one
    /// JSON object per line; without, an empty line between records). The key before `*` is
    /// derived once. Output is streamed, in chunks, so memory stays flat for any N. With `*`
    /// last, the siblings are derived in batches on --threads threads; when such a run takes
    /// more than a second, a progress bar is drawn on standard error while it runs, if
    /// standard error is a terminal, and one line `note: derived N keys in T s (R keys/s)` is
    /// printed on standard error at the end, whether or not it is a terminal (never after an
    /// error). With `*` before the last segment, each index's steps below the `*` are derived
    /// in turn, on one thread.
    #[arg(long, value_name = "N")]
    pub(super) count: Option<u64>,

    /// With --count: the first index (default 0); START+N−1 must be below 2^31.
    #[arg(long, value_name = "START", requires = "count")]
    pub(super) start: Option<u64>,

    /// With --count and `*` last: derive on at most K threads (default: every core).
    #[arg(
        long,
        value_name = "K",
        requires = "count",
        value_parser = clap::value_parser!(u16).range(1..=1024)
    )]
    pub(super) threads: Option<u16>,

    /// Print the key as a Solana keypair instead of a record (ed25519 only, one key): `keypair`
    /// is the 64 bytes (secret key, then public key) in base58, as Phantom imports it;
    /// `keypair-json` is the same bytes as the JSON array of 64 numbers `solana-keygen`
    /// writes. Both are the private key: prefer --mnemonic - or --seed -.
    #[arg(
        long,
        value_name = "FORMAT",
        value_enum,
        conflicts_with_all = ["json", "count", "xkey", "address", "wif", "fields", "csv", "raw"]
    )]
    pub(super) format: Option<KeypairFormat>,

    #[command(flatten)]
    pub(super) output: DeriveOutput,
}

impl Drop for DeriveArgs {
    fn drop(&mut self) {
        self.seed.zeroize();
        self.mnemonic.zeroize();
        self.passphrase.zeroize();
        self.passphrase_hex.zeroize();
        self.xkey.zeroize();
    }
}

impl fmt::Debug for DeriveArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeriveArgs")
            .field("curve", &self.curve)
            .field("coin", &self.coin.map(Coin::slug))
            .field("seed", &self.seed.as_ref().map(|_| ".."))
            .field("mnemonic", &self.mnemonic.as_ref().map(|_| ".."))
            .field("passphrase", &self.passphrase.as_ref().map(|_| ".."))
            .field("passphrase_file", &self.passphrase_file)
            .field("passphrase_prompt", &self.passphrase_prompt)
            .field(
                "passphrase_hex",
                &self.passphrase_hex.as_ref().map(|_| ".."),
            )
            .field("xkey", &self.xkey.as_ref().map(|_| ".."))
            .field("path", &self.path)
            .field("json", &self.json)
            .field("count", &self.count)
            .field("start", &self.start)
            .field("threads", &self.threads)
            .field("format", &self.format)
            .field("output", &self.output)
            .finish()
    }
}

impl DeriveArgs {
    /// The seed options, for [`seed::resolve`].
    pub(crate) fn seed_options(&self) -> SeedOptions<'_> {
        let passphrase = match (&self.passphrase, &self.passphrase_file) {
            (Some(text), _) if text == STDIN_MARKER => Passphrase::Stdin,
            (Some(text), _) => Passphrase::Arg(text),
            (None, Some(path)) => Passphrase::File(path),
            (None, None) if self.passphrase_prompt => Passphrase::Prompt,
            (None, None) => match &self.passphrase_hex {
                Some(hex) => Passphrase::Hex(hex),
                None => Passphrase::Absent,
            },
        };
        SeedOptions {
            seed: self.seed.as_deref(),
            mnemonic: self.mnemonic.as_deref(),
            passphrase,
        }
    }
}

/// The Solana keypair forms of `derive --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum KeypairFormat {
    /// The 64 bytes in base58 (Phantom's "import private key").
    Keypair,
    /// The 64 bytes as a JSON array of numbers (`solana-keygen`'s key file).
    KeypairJson,
}

impl KeypairFormat {
    /// The flag value.
    pub(super) const fn name(self) -> &'static str {
        match self {
            Self::Keypair => "keypair",
            Self::KeypairJson => "keypair-json",
        }
    }
}
