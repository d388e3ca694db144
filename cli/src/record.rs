//! One output record: named fields printed as a one-line JSON object (`--json`) or as
//! `name: value` lines.
//!
//! Secret fields are kept in [`Zeroizing`] strings, and the output text is built in one
//! [`Zeroizing`] buffer sized exactly in advance, so no copy of a secret is left behind in a
//! reallocated buffer.

use core::fmt::{self, Write as _};

use fastbip32::{DerivationPath, ExtendedKey, ExtendedPrivateKey, ExtendedPublicKey};
use zeroize::Zeroizing;

use crate::curve::CliScheme;
use crate::error::CliError;

/// A field value.
enum Value {
    /// An unsigned integer.
    Uint(u64),
    /// Public text.
    Text(String),
    /// Secret text, wiped on drop.
    Secret(Zeroizing<String>),
}

/// How a record is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// One JSON object on one line.
    Json,
    /// One `name: value` line per field.
    Text,
}

/// Named fields, in print order.
pub(crate) struct Record {
    fields: Vec<(&'static str, Value)>,
}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for (name, _) in &self.fields {
            list.entry(name);
        }
        list.finish()
    }
}

impl Record {
    /// The record of a derived extended private key: `curve`, `path` (when known), `depth`,
    /// `child_number` (raw), `parent_fingerprint`, `fingerprint`, `chain_code`, `private_key`,
    /// `public_key` and, when `with_text` is set and the scheme has a text form, `xprv` and
    /// `xpub` (in the key's version family).
    ///
    /// # Errors
    /// A failure if the library cannot encode the extended key text.
    pub(crate) fn from_private_key<S: CliScheme>(
        curve: &str,
        key: &ExtendedPrivateKey<S>,
        path: Option<&DerivationPath>,
        with_text: bool,
    ) -> Result<Self, CliError> {
        let mut record = Self::with_capacity(11);
        record.text("curve", curve.to_owned());
        if let Some(path) = path {
            record.text("path", path.to_string());
        }
        record.uint("depth", u64::from(key.depth()));
        record.uint("child_number", u64::from(key.child_number().to_raw()));
        record.text("parent_fingerprint", key.parent_fingerprint().to_string());
        record.text("fingerprint", key.fingerprint().to_string());
        record.secret("chain_code", secret_hex(key.chain_code().as_bytes()));
        record.secret("private_key", secret_hex(key.private_key().as_ref()));
        record.text("public_key", public_key_hex::<S>(&key.public_key()));
        if with_text {
            if let Some(xprv) = S::private_text(key)? {
                record.secret("xprv", xprv);
            }
            if let Some(xpub) = S::public_text(&key.to_extended_public_key())? {
                record.text("xpub", xpub);
            }
        }
        Ok(record)
    }

    /// The record of a derived extended public key: the fields of
    /// [`from_private_key`](Self::from_private_key) without `private_key` and `xprv`.
    ///
    /// # Errors
    /// A failure if the library cannot encode the extended key text.
    pub(crate) fn from_public_key<S: CliScheme>(
        curve: &str,
        key: &ExtendedPublicKey<S>,
        path: Option<&DerivationPath>,
    ) -> Result<Self, CliError> {
        let mut record = Self::with_capacity(9);
        record.text("curve", curve.to_owned());
        if let Some(path) = path {
            record.text("path", path.to_string());
        }
        record.uint("depth", u64::from(key.depth()));
        record.uint("child_number", u64::from(key.child_number().to_raw()));
        record.text("parent_fingerprint", key.parent_fingerprint().to_string());
        record.text("fingerprint", key.fingerprint().to_string());
        record.secret("chain_code", secret_hex(key.chain_code().as_bytes()));
        record.text("public_key", public_key_hex::<S>(&key.public_key()));
        if let Some(xpub) = S::public_text(key)? {
            record.text("xpub", xpub);
        }
        Ok(record)
    }

    /// The record `inspect` prints for an extended key: `kind` (`private` or `public`),
    /// `version` (8 hex digits), `depth`, `parent_fingerprint`, `child_number` (raw),
    /// `chain_code`, `public_key`, `fingerprint` and, for a private key, `private_key`.
    pub(crate) fn from_extended_key<S: CliScheme>(key: &ExtendedKey<S>) -> Self {
        let mut record = Self::with_capacity(9);
        let kind = if key.is_private() {
            "private"
        } else {
            "public"
        };
        record.text("kind", kind.to_owned());
        record.text("version", key.version().to_string());
        record.uint("depth", u64::from(key.depth()));
        record.text("parent_fingerprint", key.parent_fingerprint().to_string());
        record.uint("child_number", u64::from(key.child_number().to_raw()));
        record.secret("chain_code", secret_hex(key.chain_code().as_bytes()));
        record.text("public_key", public_key_hex::<S>(&key.public_key()));
        record.text("fingerprint", key.fingerprint().to_string());
        if let ExtendedKey::Private(private) = key {
            record.secret("private_key", secret_hex(private.private_key().as_ref()));
        }
        record
    }

    fn with_capacity(fields: usize) -> Self {
        Self {
            fields: Vec::with_capacity(fields),
        }
    }

    /// Adds an integer field.
    pub(crate) fn uint(&mut self, name: &'static str, value: u64) {
        self.fields.push((name, Value::Uint(value)));
    }

    /// Adds a public text field.
    pub(crate) fn text(&mut self, name: &'static str, value: String) {
        self.fields.push((name, Value::Text(value)));
    }

    /// Adds a secret text field.
    pub(crate) fn secret(&mut self, name: &'static str, value: Zeroizing<String>) {
        self.fields.push((name, Value::Secret(value)));
    }

    /// The printed record, ending with a newline, in a buffer wiped on drop.
    pub(crate) fn render(&self, format: Format) -> Zeroizing<String> {
        let mut counter = Counter(0);
        // Neither writer can fail: `Counter` only counts and `String` only appends.
        let _ = self.write(format, &mut counter);
        let mut out = Zeroizing::new(String::with_capacity(counter.0));
        let _ = self.write(format, &mut *out);
        out
    }

    fn write(&self, format: Format, out: &mut impl fmt::Write) -> fmt::Result {
        match format {
            Format::Json => {
                out.write_char('{')?;
                for (i, (name, value)) in self.fields.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    write_json_string(out, name)?;
                    out.write_char(':')?;
                    match value {
                        Value::Uint(n) => write!(out, "{n}")?,
                        Value::Text(text) => write_json_string(out, text)?,
                        Value::Secret(text) => write_json_string(out, text)?,
                    }
                }
                out.write_str("}\n")
            }
            Format::Text => {
                for (name, value) in &self.fields {
                    match value {
                        Value::Uint(n) => writeln!(out, "{name}: {n}")?,
                        Value::Text(text) => writeln!(out, "{name}: {text}")?,
                        Value::Secret(text) => writeln!(out, "{name}: {}", text.as_str())?,
                    }
                }
                Ok(())
            }
        }
    }
}

/// Counts the bytes written.
struct Counter(usize);

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// Writes `text` as a JSON string, escaped per RFC 8259.
fn write_json_string(out: &mut impl fmt::Write, text: &str) -> fmt::Result {
    out.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            c if u32::from(c) < 0x20 => write!(out, "\\u{:04x}", u32::from(c))?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

/// The printed public key: the scheme's prefix (see [`CliScheme::PUBLIC_KEY_PREFIX`]) and the
/// key, in lowercase hex.
fn public_key_hex<S: CliScheme>(public: &S::PublicKey) -> String {
    let mut out = hex::encode(S::PUBLIC_KEY_PREFIX);
    out.push_str(&hex::encode(public.as_ref()));
    out
}

/// Lowercase hex of `bytes`, in a string allocated once and wiped on drop.
pub(crate) fn secret_hex(bytes: &[u8]) -> Zeroizing<String> {
    let mut out = Zeroizing::new(String::with_capacity(bytes.len() * 2));
    for b in bytes {
        let _ = write!(*out, "{b:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_and_sizes_exactly() {
        let mut record = Record { fields: Vec::new() };
        record.text("a", "x\"y\\z\n\u{1}é".to_owned());
        record.uint("n", 42);
        record.secret("s", secret_hex(&[0x00, 0xab]));
        let json = record.render(Format::Json);
        assert_eq!(
            json.as_str(),
            "{\"a\":\"x\\\"y\\\\z\\n\\u0001é\",\"n\":42,\"s\":\"00ab\"}\n"
        );
        assert_eq!(json.capacity(), json.len());
        let text = record.render(Format::Text);
        assert_eq!(text.as_str(), "a: x\"y\\z\n\u{1}é\nn: 42\ns: 00ab\n");
    }
}
