//! Output records and their one renderer.
//!
//! A [`Record`] is an ordered list of named values ([`Field`]s), borrowed from a key and a
//! [`Scratch`] space; [`derive_record`] and [`inspect_record`] say once which fields a key
//! has, in which order. An [`Output`] renders records, one after the other, into one reused
//! byte buffer, as one-line JSON objects ([`Format::Json`]) or as `name: value` lines
//! ([`Format::Text`], records separated by an empty line). Single `derive`, `derive --count`
//! and `inspect` all print through it, so they print the same bytes for the same key.
//!
//! Extending: a new field is one more [`Record::push`] in the function that lists a key's
//! fields. Field selection and ordering (a future `--fields a,b`) and a CSV format are a
//! filter over [`Record::fields`] by [`Field::name`] and one more [`Format`] arm in
//! [`Output::write`]: the values do not change.
//!
//! Secrets: every byte field, secret or not, is written through the library's branch-free
//! hex ([`fastbip32::hex::byte_digits`]): which digits come out never decides a branch or
//! a table index. (A test cannot show the absence of a data-dependent branch; this holds by
//! construction, because there is no other hex encoder in the tool.) Secret text (`xprv`,
//! `Base58Check` or bech32 from the library) is copied as is, with no escaping scan over it.
//! No allocation is made per record: a record lives on the stack, and the buffer of an
//! [`Output`] is wiped after each use, on drop, and (the old allocation) whenever it grows.

use core::fmt::{self, Write as _};
use std::sync::Arc;

use fastbip32::address::Address;
use fastbip32::coin::Coin;
use fastbip32::hex::byte_digits;
use fastbip32::{wif, ExtendedKey, ExtendedPrivateKey, ExtendedPublicKey};
use zeroize::Zeroize;

use crate::address_field::{self, AddressSpec};
use crate::curve::{CliScheme, TextBuf};
use crate::error::CliError;
use fastbip32::cardano::Role;

/// The most fields a record holds (the largest today has 11).
const MAX_FIELDS: usize = 16;

/// The longest public key printed, with its prefix: 33 bytes.
const MAX_PUBLIC_KEY_LEN: usize = 33;

/// A field value, borrowed.
#[derive(Clone, Copy)]
pub(crate) enum Value<'a> {
    /// An unsigned integer.
    Uint(u64),
    /// Text; `secret` text is the library's `Base58Check` or bech32 and is never escaped.
    Text { text: &'a str, secret: bool },
    /// Public text, as it displays (a path).
    Display(&'a dyn fmt::Display),
    /// Bytes, printed as lowercase hex.
    Hex { bytes: &'a [u8], secret: bool },
    /// A raw child number (hardened bit included): the number itself, and in
    /// [`Format::Text`] also the index with its hardened marker (`2147483692 (44')`).
    Child(u32),
    /// A boolean: JSON `true`/`false`, the same words elsewhere.
    Bool(bool),
    /// Public text items (descriptors): a JSON array of strings; elsewhere the items
    /// separated by single spaces (none holds a space).
    List(&'a [String]),
    /// No value: JSON `null`, an empty CSV cell, `-` in [`Format::Line`], `null` in text.
    Null,
}

impl<'a> Value<'a> {
    /// Public text.
    pub(crate) const fn text(text: &'a str) -> Self {
        Self::Text {
            text,
            secret: false,
        }
    }

    /// Public bytes.
    pub(crate) const fn hex(bytes: &'a [u8]) -> Self {
        Self::Hex {
            bytes,
            secret: false,
        }
    }

    /// Secret bytes.
    pub(crate) const fn secret_hex(bytes: &'a [u8]) -> Self {
        Self::Hex {
            bytes,
            secret: true,
        }
    }

    /// Whether the value is secret.
    const fn is_secret(&self) -> bool {
        matches!(
            self,
            Self::Text { secret: true, .. } | Self::Hex { secret: true, .. }
        )
    }
}

/// A named value.
#[derive(Clone, Copy)]
pub(crate) struct Field<'a> {
    /// The field's name, as printed.
    pub(crate) name: &'static str,
    /// The value.
    pub(crate) value: Value<'a>,
}

/// Named fields in print order, on the stack.
pub(crate) struct Record<'a> {
    fields: [Field<'a>; MAX_FIELDS],
    len: usize,
}

impl fmt::Debug for Record<'_> {
    /// Names, and public values; secret values show as `..`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        for field in self.fields() {
            if field.value.is_secret() {
                map.entry(&field.name, &"..");
            } else {
                let mut out = Output::new(&Style::all(Format::Text));
                out.value(&field.value);
                map.entry(&field.name, &String::from_utf8_lossy(out.as_bytes()));
            }
        }
        map.finish()
    }
}

impl<'a> Record<'a> {
    /// An empty record.
    pub(crate) const fn new() -> Self {
        Self {
            fields: [Field {
                name: "",
                value: Value::Uint(0),
            }; MAX_FIELDS],
            len: 0,
        }
    }

    /// Appends a field. A record holds at most [`MAX_FIELDS`]; the key records hold fewer,
    /// as a unit test checks.
    ///
    /// # Panics
    /// On a field past [`MAX_FIELDS`], in every build: a record that would lose a field is
    /// a bug in the tool, never the input's doing.
    #[allow(
        clippy::expect_used,
        reason = "a field past MAX_FIELDS is the tool's bug; printing the record without it would be wrong output"
    )]
    pub(crate) fn push(&mut self, name: &'static str, value: Value<'a>) {
        let slot = self
            .fields
            .get_mut(self.len)
            .expect("a record holds at most MAX_FIELDS fields: raise MAX_FIELDS");
        *slot = Field { name, value };
        self.len += 1;
    }

    /// The fields, in order.
    pub(crate) fn fields(&self) -> &[Field<'a>] {
        self.fields.get(..self.len).unwrap_or_default()
    }
}

/// The printed path of a child: the parent's path, `/`, the index and `'` if hardened; the
/// same text as [`fastbip32::DerivationPath`]'s `Display` for the child's path. An empty
/// prefix (the steps relative to an extended key, none yet) prints the child alone.
pub(crate) struct ChildPath<'a> {
    /// The parent's printed path (`m/84'/0'/0'/0`).
    pub(crate) prefix: &'a str,
    /// The child.
    pub(crate) child: fastbip32::ChildNumber,
}

impl fmt::Display for ChildPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.prefix.is_empty() {
            f.write_str(self.prefix)?;
            f.write_str("/")?;
        }
        fmt::Display::fmt(&self.child, f)
    }
}

/// How records are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// One JSON object on one line per record.
    Json,
    /// One `name: value` line per field; an empty line between records.
    Text,
    /// RFC 4180 CSV: one header line with the field names before the first record, then one
    /// line per record.
    Csv,
    /// One line per record: the values, separated by single spaces (`addresses`' human
    /// output).
    Line,
    /// `--raw`: one line per record, the values alone, separated by tabs; no labels, no
    /// header. No value the tool prints holds a tab or a line break.
    Raw,
}

impl Format {
    /// `--json`, `--csv`, `--raw` (clap makes them exclusive) or `human`.
    pub(crate) const fn from_flags(json: bool, csv: bool, raw: bool, human: Self) -> Self {
        if json {
            Self::Json
        } else if csv {
            Self::Csv
        } else if raw {
            Self::Raw
        } else {
            human
        }
    }
}

/// How records are printed: the format and, with `--fields`, which fields in which order.
#[derive(Clone, Debug)]
pub(crate) struct Style {
    /// The format.
    pub(crate) format: Format,
    /// `--fields`: the names, checked against the subcommand's fields; `None` for every field
    /// of the record, in its own order.
    pub(crate) fields: Option<Arc<[&'static str]>>,
}

impl Style {
    /// Every field, in `format`.
    pub(crate) const fn all(format: Format) -> Self {
        Self {
            format,
            fields: None,
        }
    }

    /// `format`, with the `--fields` list `list` (comma-separated) checked against `known`,
    /// the names the subcommand's records can have.
    ///
    /// # Errors
    /// A usage error for an empty list, an unknown name or a name given twice.
    pub(crate) fn new(
        format: Format,
        list: Option<&str>,
        known: &[&'static str],
    ) -> Result<Self, CliError> {
        let Some(list) = list else {
            return Ok(Self::all(format));
        };
        let mut names: Vec<&'static str> = Vec::new();
        for name in list.split(',') {
            let name = name.trim();
            let Some(&known_name) = known.iter().find(|k| **k == name) else {
                return Err(CliError::Usage(if name.is_empty() {
                    format!(
                        "invalid --fields: an empty name; the fields are {}",
                        known.join(",")
                    )
                } else {
                    format!(
                        "invalid --fields: unknown field `{}`; the fields are {}",
                        name.escape_debug(),
                        known.join(",")
                    )
                }));
            };
            if names.contains(&known_name) {
                return Err(CliError::Usage(format!(
                    "invalid --fields: `{known_name}` is given twice"
                )));
            }
            names.push(known_name);
        }
        Ok(Self {
            format,
            fields: Some(names.into()),
        })
    }
}

/// Rendered records in one byte buffer that is reused: wiped (every byte used) by
/// [`wipe`](Self::wipe), and on drop. When it has to grow, the new allocation is made first
/// and the old one wiped, so no secret is left in freed memory.
pub(crate) struct Output {
    buf: Vec<u8>,
    format: Format,
    fields: Option<Arc<[&'static str]>>,
}

impl fmt::Debug for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Output")
            .field("len", &self.buf.len())
            .field("format", &self.format)
            .finish_non_exhaustive()
    }
}

impl Output {
    /// An empty buffer for records in `style`.
    pub(crate) fn new(style: &Style) -> Self {
        Self {
            buf: Vec::new(),
            format: style.format,
            fields: style.fields.clone(),
        }
    }

    /// Renders `record`; `first` is true for the first record of a run, which in
    /// [`Format::Csv`] comes after the header line and in [`Format::Text`] has no empty line
    /// before it.
    ///
    /// # Errors
    /// A usage error when `--fields` names a field this record does not have (every record
    /// of a run has the same fields, so this happens at the first record, before anything
    /// is written).
    pub(crate) fn write(&mut self, record: &Record<'_>, first: bool) -> Result<(), CliError> {
        let mut selected = [None; MAX_FIELDS];
        let mut count = 0;
        if let Some(names) = &self.fields {
            for (slot, &name) in selected.iter_mut().zip(names.iter()) {
                let field = record
                    .fields()
                    .iter()
                    .find(|f| f.name == name)
                    .ok_or_else(|| missing_field(name))?;
                *slot = Some(*field);
                count += 1;
            }
        } else {
            for (slot, field) in selected.iter_mut().zip(record.fields()) {
                *slot = Some(*field);
                count += 1;
            }
        }
        let fields = selected.get(..count).unwrap_or_default().iter().flatten();
        match self.format {
            Format::Json => {
                self.push(b"{");
                for (i, field) in fields.enumerate() {
                    if i > 0 {
                        self.push(b",");
                    }
                    self.json_string(field.name);
                    self.push(b":");
                    self.value(&field.value);
                }
                self.push(b"}\n");
            }
            Format::Text => {
                if !first {
                    self.push(b"\n");
                }
                for field in fields {
                    self.push(field.name.as_bytes());
                    self.push(b": ");
                    self.value(&field.value);
                    self.push(b"\n");
                }
            }
            Format::Csv => {
                if first {
                    for (i, field) in fields.clone().enumerate() {
                        if i > 0 {
                            self.push(b",");
                        }
                        self.push(field.name.as_bytes());
                    }
                    self.push(b"\n");
                }
                for (i, field) in fields.enumerate() {
                    if i > 0 {
                        self.push(b",");
                    }
                    self.value(&field.value);
                }
                self.push(b"\n");
            }
            Format::Line | Format::Raw => {
                let separator: &[u8] = if self.format == Format::Raw {
                    b"\t"
                } else {
                    b" "
                };
                for (i, field) in fields.enumerate() {
                    if i > 0 {
                        self.push(separator);
                    }
                    self.value(&field.value);
                }
                self.push(b"\n");
            }
        }
        Ok(())
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

    /// One value, in the buffer's format.
    fn value(&mut self, value: &Value<'_>) {
        let quote = self.format == Format::Json;
        match *value {
            Value::Uint(n) => {
                // Writing to an `Output` cannot fail.
                let _ = write!(self, "{n}");
            }
            Value::Text {
                text,
                secret: false,
            } => {
                if quote {
                    self.json_string(text);
                } else if self.format == Format::Csv {
                    self.csv_cell(text);
                } else {
                    self.push(text.as_bytes());
                }
            }
            Value::Text { text, secret: true } => {
                // The library's Base58Check or bech32: nothing to escape.
                self.reserve(text.len() + 2);
                self.quote(quote);
                self.push(text.as_bytes());
                self.quote(quote);
            }
            Value::Display(value) if self.format == Format::Csv => {
                // Public text (a path): rendered in place, and quoted afterwards in the rare
                // case it needs to be.
                let start = self.buf.len();
                // Writing to an `Output` cannot fail.
                let _ = write!(self, "{value}");
                let needs_quotes = self
                    .buf
                    .get(start..)
                    .is_some_and(|cell| cell.iter().any(|b| b",\"\n\r".contains(b)));
                if needs_quotes {
                    let cell = String::from_utf8_lossy(self.buf.get(start..).unwrap_or_default())
                        .into_owned();
                    self.buf.truncate(start);
                    self.csv_cell(&cell);
                }
            }
            Value::Display(value) => {
                self.quote(quote);
                // Writing to an `Output` cannot fail.
                let _ = if quote {
                    write!(JsonEscaped(&mut *self), "{value}")
                } else {
                    write!(self, "{value}")
                };
                self.quote(quote);
            }
            Value::Hex { bytes, .. } => {
                self.reserve(bytes.len() * 2 + 2);
                self.quote(quote);
                for &b in bytes {
                    self.buf.extend_from_slice(&byte_digits(b));
                }
                self.quote(quote);
            }
            Value::Child(raw) => {
                // Writing to an `Output` cannot fail.
                let _ = write!(self, "{raw}");
                if self.format == Format::Text {
                    let child = fastbip32::ChildNumber::from_raw(raw);
                    let mark = if child.is_hardened() { "'" } else { "" };
                    let _ = write!(self, " ({}{mark})", child.index());
                }
            }
            Value::Bool(value) => self.push(if value { b"true" } else { b"false" }),
            Value::List(items) if quote => {
                self.push(b"[");
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.push(b",");
                    }
                    self.json_string(item);
                }
                self.push(b"]");
            }
            Value::List(items) if self.format == Format::Csv => self.csv_cell(&items.join(" ")),
            Value::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.push(b" ");
                    }
                    self.push(item.as_bytes());
                }
            }
            Value::Null => match self.format {
                Format::Json | Format::Text => self.push(b"null"),
                Format::Csv | Format::Raw => {}
                Format::Line => self.push(b"-"),
            },
        }
    }

    /// Public `text` as one CSV cell (RFC 4180): in double quotes, with quotes doubled, when
    /// it holds a comma, a quote or a line break.
    fn csv_cell(&mut self, text: &str) {
        if text.contains([',', '"', '\n', '\r']) {
            self.push(b"\"");
            for part in text.split_inclusive('"') {
                self.push(part.as_bytes());
                if part.ends_with('"') {
                    self.push(b"\"");
                }
            }
            self.push(b"\"");
        } else {
            self.push(text.as_bytes());
        }
    }

    fn quote(&mut self, quote: bool) {
        if quote {
            self.push(b"\"");
        }
    }

    /// Public `text` as a JSON string, escaped per RFC 8259.
    fn json_string(&mut self, text: &str) {
        self.push(b"\"");
        // Writing to an `Output` cannot fail.
        let _ = JsonEscaped(&mut *self).write_str(text);
        self.push(b"\"");
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
}

impl fmt::Write for Output {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s.as_bytes());
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}

/// The usage error of `--fields` naming a field the records of the run do not have.
fn missing_field(name: &str) -> CliError {
    let hint = match name {
        "address" => " (add --address KIND)",
        "wif" => " (add --wif; secp256k1 private keys only)",
        "private_key" | "xprv" => " (an extended public key has no private part)",
        "path" => " (single-key descriptors with a key origin only)",
        "public_key" => " (single-key descriptors only)",
        _ => "",
    };
    CliError::Usage(format!(
        "invalid --fields: these records have no `{name}` field{hint}"
    ))
}

/// A writer that escapes public text for the inside of a JSON string.
struct JsonEscaped<'a, W: fmt::Write>(&'a mut W);

impl<W: fmt::Write> fmt::Write for JsonEscaped<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for c in text.chars() {
            match c {
                '"' => self.0.write_str("\\\"")?,
                '\\' => self.0.write_str("\\\\")?,
                '\n' => self.0.write_str("\\n")?,
                '\r' => self.0.write_str("\\r")?,
                '\t' => self.0.write_str("\\t")?,
                c if u32::from(c) < 0x20 => {
                    let [hi, lo] = byte_digits(u8::try_from(u32::from(c)).unwrap_or(0));
                    self.0.write_str("\\u00")?;
                    self.0.write_char(char::from(hi))?;
                    self.0.write_char(char::from(lo))?;
                }
                c => self.0.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// What a record borrows besides the key: the printed public key, the fingerprints and the
/// extended key texts. Kept from record to record; the text buffers are wiped on drop (and
/// overwritten by the next record).
pub(crate) struct Scratch {
    public_key: [u8; MAX_PUBLIC_KEY_LEN],
    public_key_len: usize,
    fingerprint: [u8; 4],
    parent_fingerprint: [u8; 4],
    xprv: TextBuf,
    xpub: TextBuf,
    address: Option<Address>,
    wif: TextBuf,
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scratch").finish_non_exhaustive()
    }
}

impl Scratch {
    pub(crate) const fn new() -> Self {
        Self {
            public_key: [0; MAX_PUBLIC_KEY_LEN],
            public_key_len: 0,
            fingerprint: [0; 4],
            parent_fingerprint: [0; 4],
            xprv: TextBuf::new(),
            xpub: TextBuf::new(),
            address: None,
            wif: TextBuf::new(),
        }
    }

    /// The printed public key of the last [`KeyRef::fill`].
    fn public_key(&self) -> &[u8] {
        self.public_key
            .get(..self.public_key_len)
            .unwrap_or_default()
    }
}

/// A derived key of either kind, as a record sees it.
#[derive(Clone, Copy)]
pub(crate) enum KeyRef<'a, S: CliScheme> {
    /// An extended private key.
    Private(&'a ExtendedPrivateKey<S>),
    /// An extended public key.
    Public(&'a ExtendedPublicKey<S>),
}

impl<'a, S: CliScheme> KeyRef<'a, S> {
    /// Either kind of an [`ExtendedKey`].
    pub(crate) const fn of(key: &'a ExtendedKey<S>) -> Self {
        match key {
            ExtendedKey::Private(key) => Self::Private(key),
            ExtendedKey::Public(key) => Self::Public(key),
        }
    }

    /// `private` or `public`, as records print it.
    const fn kind(self) -> &'static str {
        match self {
            Self::Private(_) => "private",
            Self::Public(_) => "public",
        }
    }

    fn depth(self) -> u8 {
        match self {
            Self::Private(key) => key.depth(),
            Self::Public(key) => key.depth(),
        }
    }

    fn child_number(self) -> u32 {
        match self {
            Self::Private(key) => key.child_number().to_raw(),
            Self::Public(key) => key.child_number().to_raw(),
        }
    }

    fn chain_code(self) -> &'a [u8; 32] {
        match self {
            Self::Private(key) => key.chain_code().as_bytes(),
            Self::Public(key) => key.chain_code().as_bytes(),
        }
    }

    fn private_key(self) -> Option<&'a [u8]> {
        match self {
            Self::Private(key) => Some(key.private_key().as_ref()),
            Self::Public(_) => None,
        }
    }

    /// Fills the public key (with the scheme's printed prefix) and the fingerprints of
    /// `scratch`.
    fn fill(self, scratch: &mut Scratch) {
        let (public_key, fingerprint, parent) = match self {
            Self::Private(key) => (
                key.public_key(),
                key.fingerprint(),
                key.parent_fingerprint(),
            ),
            Self::Public(key) => (
                key.public_key(),
                key.fingerprint(),
                key.parent_fingerprint(),
            ),
        };
        let prefix = S::PUBLIC_KEY_PREFIX;
        let public_key = public_key.as_ref();
        let len = prefix.len() + public_key.len();
        if let Some(out) = scratch.public_key.get_mut(..len) {
            let (head, tail) = out.split_at_mut(prefix.len());
            head.copy_from_slice(prefix);
            tail.copy_from_slice(public_key);
            scratch.public_key_len = len;
        }
        scratch.fingerprint = fingerprint.to_bytes();
        scratch.parent_fingerprint = parent.to_bytes();
    }
}

/// What a `derive` record holds besides the key's own fields.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extras {
    /// Whether the record has `xprv`/`xpub` fields (when the scheme has a text form).
    pub(crate) with_text: bool,
    /// For Cardano text: the CIP-5 prefixes of the key's role.
    pub(crate) role: Role,
    /// `--address`.
    pub(crate) address: Option<AddressSpec>,
    /// `--wif` (or `--coin`'s WIF): the version byte.
    pub(crate) wif: Option<u8>,
    /// `--coin`: the record is a coin record (`coin`, `path`, `address`, `private_key`,
    /// `public_key`, `wif`).
    pub(crate) coin: Option<&'static Coin>,
}

#[cfg(test)]
impl Extras {
    /// Just the key's fields, with or without text.
    pub(crate) const fn plain(with_text: bool) -> Self {
        Self {
            with_text,
            role: Role::Other,
            address: None,
            wif: None,
            coin: None,
        }
    }
}

/// The record `derive` prints for a key: `curve`, `path` (when given), `depth`,
/// `child_number` (raw), `parent_fingerprint`, `fingerprint`, `chain_code`, `private_key`
/// (a private key), `public_key`, when `extras.with_text` is set and the scheme has a text
/// form `xprv` (a private key) and `xpub` (in the key's own version family, or for Cardano
/// under the CIP-5 prefixes of `extras.role`), then `address` (with `--address`) and `wif`
/// (with `--wif`, a private key).
///
/// # Errors
/// A failure if the library cannot encode the extended key text, the address or the WIF; a
/// usage error for `--wif` with a public key.
pub(crate) fn derive_record<'a, S: CliScheme>(
    scratch: &'a mut Scratch,
    curve: &'a str,
    key: KeyRef<'a, S>,
    path: Option<&'a dyn fmt::Display>,
    extras: &Extras,
) -> Result<Record<'a>, CliError> {
    key.fill(scratch);
    let Scratch {
        public_key,
        public_key_len,
        fingerprint,
        parent_fingerprint,
        xprv,
        xpub,
        address: address_slot,
        wif: wif_buf,
    } = scratch;
    let (xprv, xpub) = if extras.with_text {
        match key {
            KeyRef::Private(key) => {
                let public = S::to_public(key);
                let xpub = match &public {
                    Some(public) => S::encode_public_text(public, extras.role, &mut xpub.0)?,
                    None => None,
                };
                (S::encode_private_text(key, extras.role, &mut xprv.0)?, xpub)
            }
            KeyRef::Public(key) => (None, S::encode_public_text(key, extras.role, &mut xpub.0)?),
        }
    } else {
        (None, None)
    };
    let public_key = public_key.get(..*public_key_len).unwrap_or_default();
    *address_slot = match &extras.address {
        Some(spec) => {
            let raw = public_key
                .get(S::PUBLIC_KEY_PREFIX.len()..)
                .unwrap_or_default();
            Some(address_field::encode(spec, raw)?)
        }
        None => None,
    };
    let wif = record_wif(extras, key.private_key(), &mut wif_buf.0)?;
    let mut record = Record::new();
    if let Some(coin) = extras.coin {
        // The key's own bytes: 33 for secp256k1, 32 for ed25519 (no SLIP-10 `00` prefix).
        let raw = public_key
            .get(S::PUBLIC_KEY_PREFIX.len()..)
            .unwrap_or_default();
        return Ok(coin_record(
            coin,
            path,
            address_slot.as_ref(),
            key.private_key(),
            raw,
            wif,
        ));
    }
    record.push("curve", Value::text(curve));
    if let Some(path) = path {
        record.push("path", Value::Display(path));
    }
    record.push("depth", Value::Uint(u64::from(key.depth())));
    record.push("child_number", Value::Child(key.child_number()));
    record.push("parent_fingerprint", Value::hex(parent_fingerprint));
    record.push("fingerprint", Value::hex(fingerprint));
    record.push("chain_code", Value::secret_hex(key.chain_code()));
    if let Some(private_key) = key.private_key() {
        record.push("private_key", Value::secret_hex(private_key));
    }
    record.push("public_key", Value::hex(public_key));
    if let Some(xprv) = xprv {
        record.push(
            "xprv",
            Value::Text {
                text: xprv,
                secret: true,
            },
        );
    }
    if let Some(xpub) = xpub {
        record.push("xpub", Value::text(xpub));
    }
    if let Some(address) = address_slot {
        record.push("address", Value::text(address.as_str()));
    }
    if let Some(wif) = wif {
        record.push(
            "wif",
            Value::Text {
                text: wif,
                secret: true,
            },
        );
    }
    Ok(record)
}

/// The `wif` field of a record: the WIF of `private_key` under `extras.wif`'s version, into
/// `buf`; none for a coin record of a public key.
///
/// # Errors
/// A usage error for `--wif` with a public key or a key that is not secp256k1's; a failure
/// if the library cannot encode it.
fn record_wif<'b>(
    extras: &Extras,
    private_key: Option<&[u8]>,
    buf: &'b mut [u8],
) -> Result<Option<&'b str>, CliError> {
    match (extras.wif, private_key) {
        (Some(version), Some(secret)) => {
            let secret: &[u8; 32] = secret
                .try_into()
                .map_err(|_| CliError::Usage("--wif is for secp256k1 private keys".to_owned()))?;
            wif::encode_with_version(secret, version, buf)
                .map(Some)
                .map_err(|e| CliError::library("cannot encode the WIF", e))
        }
        // A coin record of a public key has no WIF.
        (Some(_), None) if extras.coin.is_some() => Ok(None),
        (Some(_), None) => Err(CliError::Usage(
            "--wif needs a private key (the --xkey is an extended public key)".to_owned(),
        )),
        (None, _) => Ok(None),
    }
}

/// The record of `derive --coin`: `coin`, `path`, `address`, `private_key` (a private key),
/// `public_key` (the key's own bytes) and `wif` (where the coin has one).
fn coin_record<'a>(
    coin: &'static Coin,
    path: Option<&'a dyn fmt::Display>,
    address: Option<&'a Address>,
    private_key: Option<&'a [u8]>,
    public_key: &'a [u8],
    wif: Option<&'a str>,
) -> Record<'a> {
    let mut record = Record::new();
    record.push("coin", Value::text(coin.slug()));
    if let Some(path) = path {
        record.push("path", Value::Display(path));
    }
    if let Some(address) = address {
        record.push("address", Value::text(address.as_str()));
    }
    if let Some(private_key) = private_key {
        record.push("private_key", Value::secret_hex(private_key));
    }
    record.push("public_key", Value::hex(public_key));
    if let Some(wif) = wif {
        record.push(
            "wif",
            Value::Text {
                text: wif,
                secret: true,
            },
        );
    }
    record
}

/// The record `inspect` prints for a CIP-5 key: `kind`, `version_name` (the CIP-5 prefix,
/// such as `acct_xvk`), `chain_code`, `public_key` (the 32-byte `A`) and, for a `…_xsk` key,
/// `private_key` (`kL ‖ kR`).
pub(crate) fn cip5_record<'a, S: CliScheme>(
    scratch: &'a mut Scratch,
    key: &'a ExtendedKey<S>,
    prefix: &'static str,
) -> Record<'a> {
    let key = KeyRef::of(key);
    key.fill(scratch);
    let scratch: &'a Scratch = scratch;
    let mut record = Record::new();
    record.push("kind", Value::text(key.kind()));
    record.push("version_name", Value::text(prefix));
    record.push("chain_code", Value::secret_hex(key.chain_code()));
    record.push("public_key", Value::hex(scratch.public_key()));
    if let Some(private_key) = key.private_key() {
        record.push("private_key", Value::secret_hex(private_key));
    }
    record
}

/// The record `inspect` prints for an extended key: `kind` (`private` or `public`),
/// `version` (8 hex digits), `depth`, `parent_fingerprint`, `child_number` (raw),
/// `chain_code`, `public_key`, `fingerprint`, for a private key `private_key`, then
/// `version_name` (`zpub`, …; null for a custom version) and `network` (`mainnet` or
/// `testnet`; null for a custom version).
pub(crate) fn inspect_record<'a, S: CliScheme>(
    scratch: &'a mut Scratch,
    key: &'a ExtendedKey<S>,
    version: &'a fastbip32::Version,
) -> Record<'a> {
    let key = KeyRef::of(key);
    key.fill(scratch);
    let scratch: &'a Scratch = scratch;
    let mut record = Record::new();
    record.push("kind", Value::text(key.kind()));
    record.push("version", Value::Display(version as &dyn fmt::Display));
    record.push("depth", Value::Uint(u64::from(key.depth())));
    record.push(
        "parent_fingerprint",
        Value::hex(&scratch.parent_fingerprint),
    );
    record.push("child_number", Value::Child(key.child_number()));
    record.push("chain_code", Value::secret_hex(key.chain_code()));
    record.push("public_key", Value::hex(scratch.public_key()));
    record.push("fingerprint", Value::hex(&scratch.fingerprint));
    if let Some(private_key) = key.private_key() {
        record.push("private_key", Value::secret_hex(private_key));
    }
    record.push(
        "version_name",
        version.name().map_or(Value::Null, Value::text),
    );
    record.push(
        "network",
        match version.is_testnet() {
            Some(true) => Value::text("testnet"),
            Some(false) => Value::text("mainnet"),
            None => Value::Null,
        },
    );
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(record: &Record<'_>, format: Format) -> String {
        let mut out = Output::new(&Style::all(format));
        out.write(record, true).unwrap();
        String::from_utf8(out.as_bytes().to_vec()).unwrap()
    }

    #[test]
    fn json_and_text_of_every_kind_of_value() {
        let path = "m/0'/\"1";
        let mut record = Record::new();
        record.push("a", Value::text("x\"y\\z\n\u{1}\u{1f}é\t\r"));
        record.push("n", Value::Uint(42));
        record.push("zero", Value::Uint(0));
        record.push("max", Value::Uint(u64::MAX));
        record.push("s", Value::secret_hex(&[0x00, 0xab, 0x9f, 0xa0]));
        record.push("p", Value::hex(&[0x00, 0x12, 0xef]));
        record.push(
            "t",
            Value::Text {
                text: "xprv9s21",
                secret: true,
            },
        );
        record.push("d", Value::Display(&path));
        assert_eq!(
            render(&record, Format::Json),
            concat!(
                r#"{"a":"x\"y\\z\n\u0001\u001fé\t\r","n":42,"zero":0,"max":18446744073709551615,"#,
                r#""s":"00ab9fa0","p":"0012ef","t":"xprv9s21","d":"m/0'/\"1"}"#,
                "\n"
            )
        );
        assert_eq!(
            render(&record, Format::Text),
            "a: x\"y\\z\n\u{1}\u{1f}é\t\r\nn: 42\nzero: 0\nmax: 18446744073709551615\ns: 00ab9fa0\np: 0012ef\nt: xprv9s21\nd: m/0'/\"1\n"
        );
        // Debug hides the secret values.
        let debug = format!("{record:?}");
        assert!(debug.contains("\"p\": \"0012ef\""), "{debug}");
        assert!(
            !debug.contains("00ab9fa0") && !debug.contains("xprv9s21"),
            "{debug}"
        );
    }

    #[test]
    fn lists_in_every_format() {
        let items = ["sh(multi(1,a,b))".to_owned(), "wpkh(\"c\")".to_owned()];
        let mut record = Record::new();
        record.push("l", Value::List(&items));
        record.push("e", Value::List(&[]));
        assert_eq!(
            render(&record, Format::Json),
            "{\"l\":[\"sh(multi(1,a,b))\",\"wpkh(\\\"c\\\")\"],\"e\":[]}\n"
        );
        assert_eq!(
            render(&record, Format::Text),
            "l: sh(multi(1,a,b)) wpkh(\"c\")\ne: \n"
        );
        assert_eq!(
            render(&record, Format::Csv),
            "l,e\n\"sh(multi(1,a,b)) wpkh(\"\"c\"\")\",\n"
        );
        assert_eq!(
            render(&record, Format::Raw),
            "sh(multi(1,a,b)) wpkh(\"c\")\t\n"
        );
    }

    #[test]
    fn text_records_are_separated_and_buffers_wiped() {
        let mut out = Output::new(&Style::all(Format::Text));
        for i in 0..3 {
            let mut record = Record::new();
            record.push("n", Value::Uint(i));
            out.write(&record, i == 0).unwrap();
        }
        assert_eq!(out.as_bytes(), b"n: 0\n\nn: 1\n\nn: 2\n");
        let mut json = Output::new(&Style::all(Format::Json));
        for i in 0..2 {
            let mut record = Record::new();
            record.push("n", Value::Uint(i));
            record.push("t", Value::text("v"));
            json.write(&record, i == 0).unwrap();
        }
        assert_eq!(
            json.as_bytes(),
            b"{\"n\":0,\"t\":\"v\"}\n{\"n\":1,\"t\":\"v\"}\n"
        );
        json.wipe();
        assert!(json.as_bytes().is_empty());
        // Growing past the first allocation keeps every byte.
        let big = [0xa5u8; 3000];
        let mut record = Record::new();
        record.push("b", Value::secret_hex(&big));
        json.write(&record, true).unwrap();
        json.write(&record, false).unwrap();
        let one = format!("{{\"b\":\"{}\"}}\n", "a5".repeat(3000));
        assert_eq!(json.as_bytes(), format!("{one}{one}").as_bytes());
    }

    /// A small deterministic generator (xorshift64*), for "random" inputs without a
    /// dependency.
    fn random_bytes(state: &mut u64, out: &mut [u8]) {
        for b in out {
            *state ^= *state >> 12;
            *state ^= *state << 25;
            *state ^= *state >> 27;
            *b = state.wrapping_mul(0x2545_f491_4f6c_dd1d).to_be_bytes()[0];
        }
    }

    /// The hex of every byte field equals the `hex` crate's, for every byte
    /// value and for random inputs of every length a key field has. (That the digits come
    /// from branch-free code holds by construction: see the module docs.)
    #[test]
    fn hex_fields_match_the_hex_crate() {
        let all: Vec<u8> = (0..=255).collect();
        let mut state = 0x9e37_79b9_7f4a_7c15;
        let mut inputs = vec![all];
        for len in [4, 32, 33, 64, 0, 1, 17, 255] {
            for _ in 0..50 {
                let mut bytes = vec![0; len];
                random_bytes(&mut state, &mut bytes);
                inputs.push(bytes);
            }
        }
        for bytes in &inputs {
            for value in [Value::secret_hex(bytes), Value::hex(bytes)] {
                let mut record = Record::new();
                record.push("k", value);
                assert_eq!(
                    render(&record, Format::Text),
                    format!("k: {}\n", hex::encode(bytes))
                );
                assert_eq!(
                    render(&record, Format::Json),
                    format!("{{\"k\":\"{}\"}}\n", hex::encode(bytes))
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "at most MAX_FIELDS fields")]
    fn a_field_past_the_capacity_panics() {
        let mut record = Record::new();
        for _ in 0..=MAX_FIELDS {
            record.push("x", Value::Uint(1));
        }
    }

    #[test]
    fn records_hold_every_field() {
        let mut record = Record::new();
        for _ in 0..MAX_FIELDS {
            record.push("x", Value::Uint(1));
        }
        assert_eq!(record.fields().len(), MAX_FIELDS);
        // The largest key record: 11 fields.
        let key = fastbip32::Xprv::from_seed(&[1; 16]).unwrap();
        let mut scratch = Scratch::new();
        let path = "m";
        let record = derive_record(
            &mut scratch,
            "secp256k1",
            KeyRef::Private(&key),
            Some(&path),
            &Extras::plain(true),
        )
        .unwrap();
        let names: Vec<_> = record.fields().iter().map(|f| f.name).collect();
        assert_eq!(
            names,
            [
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
                "xpub"
            ]
        );
    }
}
