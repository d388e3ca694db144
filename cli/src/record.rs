//! Output records: named fields printed as a one-line JSON object (`--json`) or as
//! `name: value` lines.
//!
//! The fields of a key are listed once, by [`private_key_fields`], [`public_key_fields`] and
//! [`extended_key_fields`], into any [`Fields`] sink: a [`Record`] (one key, `derive` and
//! `inspect`), or a [`RecordBuf`] that writes many records straight into one reused byte
//! buffer (`derive --count`). Both print the same bytes for the same key.
//!
//! Secrets: a [`Record`] keeps secret fields in [`Zeroizing`] strings and renders into one
//! [`Zeroizing`] buffer sized exactly in advance; a [`RecordBuf`] wipes its buffer after each
//! use and wipes the old allocation whenever it grows. Either way no copy of a secret is left
//! behind in a reallocated buffer.

use core::fmt::{self, Write as _};

use fastbip32::{DerivationPath, ExtendedKey, ExtendedPrivateKey, ExtendedPublicKey};
use zeroize::{Zeroize, Zeroizing};

use crate::curve::{CliScheme, TEXT_BUF_LEN};
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

/// Where the fields of a record go, in print order.
pub(crate) trait Fields {
    /// An unsigned integer.
    fn uint(&mut self, name: &'static str, value: u64);
    /// Public text.
    fn text(&mut self, name: &'static str, value: &str);
    /// Secret text (the caller wipes its copy).
    fn secret_text(&mut self, name: &'static str, value: &str);
    /// Public bytes, `prefix` then `bytes`, in lowercase hex.
    fn hex(&mut self, name: &'static str, prefix: &[u8], bytes: &[u8]);
    /// Secret bytes in lowercase hex.
    fn secret_hex(&mut self, name: &'static str, bytes: &[u8]);
    /// Public text, as `value` displays.
    fn display(&mut self, name: &'static str, value: &dyn fmt::Display);
}

/// A scratch buffer for extended key text, wiped on drop.
pub(crate) struct TextBuf([u8; TEXT_BUF_LEN]);

impl TextBuf {
    pub(crate) const fn new() -> Self {
        Self([0; TEXT_BUF_LEN])
    }
}

impl Drop for TextBuf {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

/// The fields of a derived extended private key: `curve`, `path` (when given), `depth`,
/// `child_number` (raw), `parent_fingerprint`, `fingerprint`, `chain_code`, `private_key`,
/// `public_key` and, when `with_text` is set and the scheme has a text form, `xprv` and
/// `xpub` (in the key's version family).
///
/// # Errors
/// A failure if the library cannot encode the extended key text.
pub(crate) fn private_key_fields<S: CliScheme>(
    out: &mut impl Fields,
    scratch: &mut TextBuf,
    curve: &str,
    key: &ExtendedPrivateKey<S>,
    path: Option<&dyn fmt::Display>,
    with_text: bool,
) -> Result<(), CliError> {
    out.text("curve", curve);
    if let Some(path) = path {
        out.display("path", path);
    }
    out.uint("depth", u64::from(key.depth()));
    out.uint("child_number", u64::from(key.child_number().to_raw()));
    out.hex(
        "parent_fingerprint",
        &[],
        &key.parent_fingerprint().to_bytes(),
    );
    let public = key
        .public_key()
        .map_err(|e| CliError::library("cannot compute the public key", e))?;
    let fingerprint = key
        .fingerprint()
        .map_err(|e| CliError::library("cannot compute the public key", e))?;
    out.hex("fingerprint", &[], &fingerprint.to_bytes());
    out.secret_hex("chain_code", key.chain_code().as_bytes());
    out.secret_hex("private_key", key.private_key().as_ref());
    out.hex("public_key", S::PUBLIC_KEY_PREFIX, public.as_ref());
    if with_text {
        let xprv = S::encode_private_text(key, &mut scratch.0);
        let written = xprv.map(|xprv| {
            if let Some(xprv) = xprv {
                out.secret_text("xprv", xprv);
            }
        });
        scratch.0.zeroize();
        written?;
        let xpub =
            S::to_public(key).map_err(|e| CliError::library("cannot compute the public key", e))?;
        if let Some(xpub) = xpub {
            if let Some(text) = S::encode_public_text(&xpub, &mut scratch.0)? {
                out.text("xpub", text);
            }
        }
    }
    Ok(())
}

/// The fields of a derived extended public key: those of [`private_key_fields`] without
/// `private_key` and `xprv`.
///
/// # Errors
/// A failure if the library cannot encode the extended key text.
pub(crate) fn public_key_fields<S: CliScheme>(
    out: &mut impl Fields,
    scratch: &mut TextBuf,
    curve: &str,
    key: &ExtendedPublicKey<S>,
    path: Option<&dyn fmt::Display>,
) -> Result<(), CliError> {
    out.text("curve", curve);
    if let Some(path) = path {
        out.display("path", path);
    }
    out.uint("depth", u64::from(key.depth()));
    out.uint("child_number", u64::from(key.child_number().to_raw()));
    out.hex(
        "parent_fingerprint",
        &[],
        &key.parent_fingerprint().to_bytes(),
    );
    out.hex("fingerprint", &[], &key.fingerprint().to_bytes());
    out.secret_hex("chain_code", key.chain_code().as_bytes());
    out.hex(
        "public_key",
        S::PUBLIC_KEY_PREFIX,
        key.public_key().as_ref(),
    );
    if let Some(xpub) = S::encode_public_text(key, &mut scratch.0)? {
        out.text("xpub", xpub);
    }
    Ok(())
}

/// The fields `inspect` prints for an extended key: `kind` (`private` or `public`),
/// `version` (8 hex digits), `depth`, `parent_fingerprint`, `child_number` (raw),
/// `chain_code`, `public_key`, `fingerprint` and, for a private key, `private_key`.
///
/// # Errors
/// A failure if the library cannot compute the public key of a private key.
pub(crate) fn extended_key_fields<S: CliScheme>(
    out: &mut impl Fields,
    key: &ExtendedKey<S>,
) -> Result<(), CliError> {
    let kind = if key.is_private() {
        "private"
    } else {
        "public"
    };
    out.text("kind", kind);
    out.display("version", &key.version());
    out.uint("depth", u64::from(key.depth()));
    out.hex(
        "parent_fingerprint",
        &[],
        &key.parent_fingerprint().to_bytes(),
    );
    out.uint("child_number", u64::from(key.child_number().to_raw()));
    out.secret_hex("chain_code", key.chain_code().as_bytes());
    let public = key
        .public_key()
        .map_err(|e| CliError::library("cannot compute the public key", e))?;
    out.hex("public_key", S::PUBLIC_KEY_PREFIX, public.as_ref());
    let fingerprint = key
        .fingerprint()
        .map_err(|e| CliError::library("cannot compute the public key", e))?;
    out.hex("fingerprint", &[], &fingerprint.to_bytes());
    if let ExtendedKey::Private(private) = key {
        out.secret_hex("private_key", private.private_key().as_ref());
    }
    Ok(())
}

impl Record {
    /// The record of a derived extended private key; see [`private_key_fields`].
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
        let path = path.map(|p| p as &dyn fmt::Display);
        private_key_fields(
            &mut record,
            &mut TextBuf::new(),
            curve,
            key,
            path,
            with_text,
        )?;
        Ok(record)
    }

    /// The record of a derived extended public key; see [`public_key_fields`].
    ///
    /// # Errors
    /// A failure if the library cannot encode the extended key text.
    pub(crate) fn from_public_key<S: CliScheme>(
        curve: &str,
        key: &ExtendedPublicKey<S>,
        path: Option<&DerivationPath>,
    ) -> Result<Self, CliError> {
        let mut record = Self::with_capacity(9);
        let path = path.map(|p| p as &dyn fmt::Display);
        public_key_fields(&mut record, &mut TextBuf::new(), curve, key, path)?;
        Ok(record)
    }

    /// The record `inspect` prints for an extended key; see [`extended_key_fields`].
    ///
    /// # Errors
    /// As [`extended_key_fields`].
    pub(crate) fn from_extended_key<S: CliScheme>(key: &ExtendedKey<S>) -> Result<Self, CliError> {
        let mut record = Self::with_capacity(9);
        extended_key_fields(&mut record, key)?;
        Ok(record)
    }

    fn with_capacity(fields: usize) -> Self {
        Self {
            fields: Vec::with_capacity(fields),
        }
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

impl Fields for Record {
    fn uint(&mut self, name: &'static str, value: u64) {
        self.fields.push((name, Value::Uint(value)));
    }

    fn text(&mut self, name: &'static str, value: &str) {
        self.fields.push((name, Value::Text(value.to_owned())));
    }

    fn secret_text(&mut self, name: &'static str, value: &str) {
        let mut text = Zeroizing::new(String::with_capacity(value.len()));
        text.push_str(value);
        self.fields.push((name, Value::Secret(text)));
    }

    fn hex(&mut self, name: &'static str, prefix: &[u8], bytes: &[u8]) {
        let mut text = hex::encode(prefix);
        text.push_str(&hex::encode(bytes));
        self.fields.push((name, Value::Text(text)));
    }

    fn secret_hex(&mut self, name: &'static str, bytes: &[u8]) {
        self.fields.push((name, Value::Secret(secret_hex(bytes))));
    }

    fn display(&mut self, name: &'static str, value: &dyn fmt::Display) {
        self.fields.push((name, Value::Text(value.to_string())));
    }
}

/// Many records written one after the other into one byte buffer, which is reused: wiped
/// (every byte used) by [`wipe`](Self::wipe), and on drop. When it has to grow, the new
/// allocation is made first and the old one wiped, so no secret is left in freed memory.
///
/// The bytes of each record are exactly those [`Record::render`] gives for the same fields.
/// Records in [`Format::Text`] are separated by an empty line.
pub(crate) struct RecordBuf {
    buf: Vec<u8>,
    format: Format,
    /// Fields written in the current record.
    fields: usize,
}

impl fmt::Debug for RecordBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RecordBuf")
            .field("len", &self.buf.len())
            .field("format", &self.format)
            .finish_non_exhaustive()
    }
}

impl RecordBuf {
    /// An empty buffer for records in `format`.
    pub(crate) const fn new(format: Format) -> Self {
        Self {
            buf: Vec::new(),
            format,
            fields: 0,
        }
    }

    /// Starts a record; `separate` puts the empty line of [`Format::Text`] before it (every
    /// record but the first).
    pub(crate) fn begin(&mut self, separate: bool) {
        self.fields = 0;
        match self.format {
            Format::Json => self.push(b"{"),
            Format::Text if separate => self.push(b"\n"),
            Format::Text => {}
        }
    }

    /// Ends a record.
    pub(crate) fn end(&mut self) {
        if self.format == Format::Json {
            self.push(b"}\n");
        }
    }

    /// The records written since the last [`wipe`](Self::wipe).
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Wipes the records written and empties the buffer, keeping its allocation.
    pub(crate) fn wipe(&mut self) {
        self.buf.as_mut_slice().zeroize();
        self.buf.clear();
    }

    /// Makes room for `extra` more bytes, wiping the old allocation if it moves.
    #[inline]
    fn reserve(&mut self, extra: usize) {
        if self.buf.capacity() - self.buf.len() < extra {
            self.grow(extra);
        }
    }

    #[cold]
    fn grow(&mut self, extra: usize) {
        let wanted = self
            .buf
            .len()
            .saturating_add(extra)
            .max(self.buf.capacity().saturating_mul(2))
            .max(4096);
        let mut grown = Vec::with_capacity(wanted);
        grown.extend_from_slice(&self.buf);
        // `Vec::zeroize` wipes the whole capacity.
        core::mem::replace(&mut self.buf, grown).zeroize();
    }

    #[inline]
    fn push(&mut self, bytes: &[u8]) {
        self.reserve(bytes.len());
        self.buf.extend_from_slice(bytes);
    }

    /// Starts a field: `,"name":` (no comma for the first) or `name: `.
    fn name(&mut self, name: &str) {
        match self.format {
            Format::Json => {
                if self.fields > 0 {
                    self.push(b",");
                }
                self.json_string(name);
                self.push(b":");
            }
            Format::Text => {
                self.push(name.as_bytes());
                self.push(b": ");
            }
        }
        self.fields += 1;
    }

    /// Ends a field: the newline of [`Format::Text`].
    fn end_field(&mut self) {
        if self.format == Format::Text {
            self.push(b"\n");
        }
    }

    /// `text` as a JSON string: as is when nothing needs escaping (hex, Base58, bech32,
    /// paths), else through [`write_json_string`].
    fn json_string(&mut self, text: &str) {
        if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
            self.reserve(text.len() + 2);
            self.push(b"\"");
            self.push(text.as_bytes());
            self.push(b"\"");
        } else {
            // Writing to a `RecordBuf` cannot fail.
            let _ = write_json_string(self, text);
        }
    }

    /// Text, quoted for JSON.
    fn value_text(&mut self, text: &str) {
        match self.format {
            Format::Json => self.json_string(text),
            Format::Text => self.push(text.as_bytes()),
        }
    }

    /// Lowercase hex digits of `bytes`, without branching on their values.
    fn push_hex(&mut self, bytes: &[u8]) {
        self.reserve(bytes.len() * 2);
        for &b in bytes {
            self.buf
                .extend_from_slice(&[hex_digit(b >> 4), hex_digit(b & 0x0f)]);
        }
    }

    fn value_hex(&mut self, prefix: &[u8], bytes: &[u8]) {
        let quote = self.format == Format::Json;
        self.reserve((prefix.len() + bytes.len()) * 2 + 2);
        if quote {
            self.push(b"\"");
        }
        self.push_hex(prefix);
        self.push_hex(bytes);
        if quote {
            self.push(b"\"");
        }
    }
}

impl fmt::Write for RecordBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s.as_bytes());
        Ok(())
    }
}

impl Drop for RecordBuf {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}

impl Fields for RecordBuf {
    fn uint(&mut self, name: &'static str, value: u64) {
        self.name(name);
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        let mut n = value;
        for slot in digits.iter_mut().rev() {
            // `n % 10` < 10.
            *slot = b'0' + u8::try_from(n % 10).unwrap_or(0);
            start -= 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.push(digits.get(start..).unwrap_or_default());
        self.end_field();
    }

    fn text(&mut self, name: &'static str, value: &str) {
        self.name(name);
        self.value_text(value);
        self.end_field();
    }

    fn secret_text(&mut self, name: &'static str, value: &str) {
        self.text(name, value);
    }

    fn hex(&mut self, name: &'static str, prefix: &[u8], bytes: &[u8]) {
        self.name(name);
        self.value_hex(prefix, bytes);
        self.end_field();
    }

    fn secret_hex(&mut self, name: &'static str, bytes: &[u8]) {
        self.hex(name, &[], bytes);
    }

    fn display(&mut self, name: &'static str, value: &dyn fmt::Display) {
        self.name(name);
        // Writing to a `RecordBuf` cannot fail.
        let _ = match self.format {
            Format::Json => {
                self.push(b"\"");
                let written = write!(JsonEscaped(&mut *self), "{value}");
                self.push(b"\"");
                written
            }
            Format::Text => write!(self, "{value}"),
        };
        self.end_field();
    }
}

/// The lowercase hex digit of a nibble, computed without a branch or a table lookup on it.
const fn hex_digit(nibble: u8) -> u8 {
    let nibble = nibble & 0x0f;
    // 1 for 10..=15, 0 for 0..=9.
    let letter = 9u8.wrapping_sub(nibble) >> 7;
    b'0' + nibble + letter * (b'a' - b'0' - 10)
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
    write_json_escaped(out, text)?;
    out.write_char('"')
}

/// Writes `text` escaped for the inside of a JSON string.
fn write_json_escaped(out: &mut impl fmt::Write, text: &str) -> fmt::Result {
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
    Ok(())
}

/// A writer that escapes what it is given for the inside of a JSON string.
struct JsonEscaped<'a, W: fmt::Write>(&'a mut W);

impl<W: fmt::Write> fmt::Write for JsonEscaped<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write_json_escaped(self.0, s)
    }
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

    /// Every kind of field, with text that needs escaping.
    fn sample(out: &mut impl Fields) {
        out.text("a", "x\"y\\z\n\u{1}é");
        out.uint("n", 42);
        out.uint("zero", 0);
        out.uint("max", u64::MAX);
        out.secret_hex("s", &[0x00, 0xab, 0x9f, 0xa0]);
        out.hex("p", &[0x00], &[0x12, 0xef]);
        out.secret_text("t", "xprv9s21");
        out.display("d", &"m/0'/\"1");
    }

    #[test]
    fn json_escapes_and_sizes_exactly() {
        let mut record = Record { fields: Vec::new() };
        record.text("a", "x\"y\\z\n\u{1}é");
        record.uint("n", 42);
        record.secret_hex("s", &[0x00, 0xab]);
        let json = record.render(Format::Json);
        assert_eq!(
            json.as_str(),
            "{\"a\":\"x\\\"y\\\\z\\n\\u0001é\",\"n\":42,\"s\":\"00ab\"}\n"
        );
        assert_eq!(json.capacity(), json.len());
        let text = record.render(Format::Text);
        assert_eq!(text.as_str(), "a: x\"y\\z\n\u{1}é\nn: 42\ns: 00ab\n");
    }

    #[test]
    fn record_buf_prints_what_record_prints() {
        for format in [Format::Json, Format::Text] {
            let mut record = Record { fields: Vec::new() };
            sample(&mut record);
            let mut buf = RecordBuf::new(format);
            buf.begin(false);
            sample(&mut buf);
            buf.end();
            assert_eq!(
                record.render(format).as_bytes(),
                buf.as_bytes(),
                "{format:?}"
            );
        }
    }

    #[test]
    fn record_buf_separates_text_records_and_wipes() {
        let mut buf = RecordBuf::new(Format::Text);
        for i in 0..3 {
            buf.begin(i > 0);
            buf.uint("n", i);
            buf.end();
        }
        assert_eq!(buf.as_bytes(), b"n: 0\n\nn: 1\n\nn: 2\n");
        let mut json = RecordBuf::new(Format::Json);
        for i in 0..2 {
            json.begin(i > 0);
            json.uint("n", i);
            json.text("t", "v");
            json.end();
        }
        assert_eq!(
            json.as_bytes(),
            b"{\"n\":0,\"t\":\"v\"}\n{\"n\":1,\"t\":\"v\"}\n"
        );
        json.wipe();
        assert!(json.as_bytes().is_empty());
    }

    #[test]
    fn hex_digits() {
        for b in 0..=255u8 {
            let mut buf = RecordBuf::new(Format::Text);
            buf.push_hex(&[b]);
            assert_eq!(buf.as_bytes(), format!("{b:02x}").as_bytes());
        }
    }
}
