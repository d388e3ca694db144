//! The `note:` line: what a successful run says on standard error besides its result.
//!
//! Notes are gathered while the run works and printed only once its output has been
//! written and flushed, all on one line (`note: …; …`), so that a failed run prints its one
//! `error:` line alone. The throughput line of a long `derive --count` run comes after it.

use std::io::Write;

/// A secret that arrived on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArgvSecret {
    /// `--seed HEX`.
    Seed,
    /// `--mnemonic WORDS`.
    Mnemonic,
    /// `--passphrase TEXT` (not empty).
    Passphrase,
    /// An extended private key: `derive --xkey xprv…`.
    XkeyXprv,
    /// An extended private key: `inspect xprv…`.
    InspectXprv,
    /// An extended private key: `convert xprv…`.
    ConvertXprv,
    /// An extended private key inside `addresses --descriptor …`.
    DescriptorXprv,
    /// A WIF private key: `inspect WIF`.
    InspectWif,
    /// A WIF private key inside `addresses --descriptor …`.
    DescriptorWif,
    /// An extended private key inside `descriptor DESC`.
    DescribeXprv,
    /// A WIF private key inside `descriptor DESC`.
    DescribeWif,
    /// `mnemonic --check WORDS`.
    CheckMnemonic,
    /// `recover --mnemonic TEMPLATE`.
    Template,
    /// `recover --passphrase TEXT` (not empty).
    RecoverPassphrase,
    /// `mnemonic --entropy HEX`.
    Entropy,
    /// `mnemonic --dice ROLLS`.
    Dice,
}

impl ArgvSecret {
    /// What it is, for the note.
    const fn name(self) -> &'static str {
        match self {
            Self::Seed => "the seed",
            Self::Mnemonic | Self::CheckMnemonic => "the mnemonic",
            Self::Passphrase | Self::RecoverPassphrase => "the passphrase",
            Self::Template => "the mnemonic template",
            Self::XkeyXprv | Self::InspectXprv | Self::ConvertXprv => "the extended private key",
            Self::DescriptorXprv | Self::DescribeXprv => "the descriptor's extended private key",
            Self::InspectWif => "the WIF private key",
            Self::Entropy => "the entropy",
            Self::Dice => "the dice rolls",
            Self::DescriptorWif | Self::DescribeWif => "the descriptor's WIF private key",
        }
    }

    /// How to keep it off the command line.
    const fn remedy(self) -> &'static str {
        match self {
            Self::Seed => "--seed -",
            Self::Mnemonic => "--mnemonic -",
            Self::Passphrase => "--passphrase - (or --passphrase-file, --passphrase-prompt)",
            Self::XkeyXprv => "--xkey -",
            Self::InspectXprv | Self::InspectWif => "`inspect -`",
            Self::ConvertXprv => "`convert -`",
            Self::DescriptorXprv | Self::DescriptorWif => "--descriptor -",
            Self::DescribeXprv | Self::DescribeWif => "`descriptor -`",
            Self::CheckMnemonic => "--check -",
            Self::Template => "--mnemonic - (or --mnemonic @FILE)",
            Self::RecoverPassphrase => "--passphrase - (or --passphrase-prompt)",
            Self::Entropy => "--entropy -",
            Self::Dice => "--dice -",
        }
    }
}

/// The notes of one run.
#[derive(Debug, Default)]
pub(crate) struct Notes {
    /// The public BIP-32 test vector 1 seed was used because no seed was given.
    default_seed: bool,
    /// Secrets given on the command line, in the order they were met.
    argv_secrets: Vec<ArgvSecret>,
    /// `derive --xkey` with an `m/…` path below a key of depth > 0: the key's depth and the
    /// result's.
    relative_path: Option<(u8, usize)>,
    /// What a SLIP-132 key's family means for the run (`derive --xkey Zpub…`, a zpub in a
    /// descriptor), without the `note: ` prefix.
    family: Option<String>,
    /// The outputs have no address (a bare multisig descriptor): the records give their
    /// scriptPubKeys.
    no_address: bool,
    /// The throughput line of a long `--count` run, without the `note: ` prefix.
    throughput: Option<String>,
}

impl Notes {
    /// The default seed was used.
    pub(crate) fn default_seed(&mut self) {
        self.default_seed = true;
    }

    /// `secret` arrived on the command line.
    pub(crate) fn argv_secret(&mut self, secret: ArgvSecret) {
        if !self.argv_secrets.contains(&secret) {
            self.argv_secrets.push(secret);
        }
    }

    /// An `m/…` path was taken relative to an `--xkey` key at depth `key_depth`, and the
    /// result is at depth `result_depth`.
    pub(crate) fn relative_path(&mut self, key_depth: u8, result_depth: usize) {
        self.relative_path = Some((key_depth, result_depth));
    }

    /// What the SLIP-132 family of a key means for the run.
    pub(crate) fn family(&mut self, text: String) {
        self.family = Some(text);
    }

    /// The outputs have no address.
    pub(crate) fn no_address(&mut self) {
        self.no_address = true;
    }

    /// A `--count` run took long enough to report its throughput.
    pub(crate) fn throughput(&mut self, line: String) {
        self.throughput = Some(line);
    }

    /// The note line's text, without `note: ` and the newline; `None` without notes.
    pub(crate) fn line(&self) -> Option<String> {
        let mut parts: Vec<String> = Vec::new();
        if self.default_seed {
            parts.push(
                "no --seed given; using the public BIP-32 test vector 1 seed (do not use for funds)"
                    .to_owned(),
            );
        }
        if let Some(part) = self.argv_part() {
            parts.push(part);
        }
        if let Some((key, result)) = self.relative_path {
            parts.push(format!(
                "--path is relative to the --xkey key (depth {key}): the result is at depth {result}"
            ));
        }
        if let Some(text) = &self.family {
            parts.push(text.clone());
        }
        if self.no_address {
            parts.push(
                "a bare multisig output has no address; each record gives its scriptPubKey"
                    .to_owned(),
            );
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    /// The part about secrets on the command line.
    fn argv_part(&self) -> Option<String> {
        let secrets = &self.argv_secrets;
        if secrets.is_empty() {
            return None;
        }
        let names = join_and(secrets.iter().map(|s| s.name()));
        let remedies = join_and(secrets.iter().map(|s| s.remedy()));
        let (verb, them) = if secrets.len() == 1 {
            ("was", "it")
        } else {
            ("were", "them")
        };
        Some(format!(
            "{names} {verb} given on the command line, where other users and shell history can see {them}; use {remedies} to read {them} from standard input"
        ))
    }

    /// Writes the note line, then (with `throughput`) the throughput line. Errors writing
    /// to standard error are ignored: the exit code still tells.
    pub(crate) fn write(&self, stderr: &mut dyn Write, throughput: bool) {
        if let Some(line) = self.line() {
            let _ = writeln!(stderr, "note: {line}");
        }
        if throughput {
            if let Some(line) = &self.throughput {
                let _ = writeln!(stderr, "note: {line}");
            }
        }
        let _ = stderr.flush();
    }
}

/// `a`, `a and b`, `a, b and c`.
fn join_and<'a>(items: impl ExactSizeIterator<Item = &'a str>) -> String {
    let count = items.len();
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == count { " and " } else { ", " });
        }
        out.push_str(item);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_for_every_note() {
        let mut notes = Notes::default();
        assert_eq!(notes.line(), None);
        notes.argv_secret(ArgvSecret::Seed);
        assert_eq!(
            notes.line().unwrap(),
            "the seed was given on the command line, where other users and shell history can see it; use --seed - to read it from standard input"
        );
        notes.argv_secret(ArgvSecret::Seed);
        notes.argv_secret(ArgvSecret::Passphrase);
        notes.relative_path(3, 8);
        notes.default_seed();
        let line = notes.line().unwrap();
        assert_eq!(
            line,
            "no --seed given; using the public BIP-32 test vector 1 seed (do not use for funds); \
             the seed and the passphrase were given on the command line, where other users and shell history can see them; \
             use --seed - and --passphrase - (or --passphrase-file, --passphrase-prompt) to read them from standard input; \
             --path is relative to the --xkey key (depth 3): the result is at depth 8"
        );
        let mut out = Vec::new();
        notes.throughput("derived 5 keys".to_owned());
        notes.write(&mut out, true);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("note: {line}\nnote: derived 5 keys\n")
        );
        assert_eq!(join_and(["a", "b", "c"].into_iter()), "a, b and c");
    }
}
