//! Every Rust error the package throws, as a JavaScript `Error` with the fields the package's
//! JavaScript layer (`js/errors.js`) turns into its classes: the one place where library
//! errors become JavaScript values.
//!
//! Each thrown value is an `Error` with the library's one-line message and:
//! * `kind`: the name of the Rust variant (`"HardenedOnly"`, `"BadChecksum"`, …), or one of
//!   the binding's own kinds (`UnknownCurve`, `UnknownVersionName`, `UnsupportedByScheme`,
//!   `InvalidArgument`, `OutOfMemory`);
//! * `errorClass`: `"FastBip32Error"`, `"PathError"`, `"MnemonicError"` or
//!   `"DescriptorError"`;
//! * `position`, `segment`, `key`, `suggestions` where the class has them.

use fastbip32::mnemonic::{guess_language, suggest, Language};
use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;

/// The JavaScript error classes of the package.
#[derive(Clone, Copy, Debug)]
enum Class {
    /// `FastBip32Error`: every error without a subclass.
    Base,
    /// `PathError`: a key path or one of its steps.
    Path,
    /// `MnemonicError`: a mnemonic.
    Mnemonic,
    /// `DescriptorError`: a descriptor operation.
    Descriptor,
}

impl Class {
    const fn name(self) -> &'static str {
        match self {
            Self::Base => "FastBip32Error",
            Self::Path => "PathError",
            Self::Mnemonic => "MnemonicError",
            Self::Descriptor => "DescriptorError",
        }
    }
}

/// The name of an error's variant: its `Debug` form up to the first space or bracket.
fn kind_of(debug: &str) -> String {
    debug
        .split([' ', '(', '{'])
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// A number field, or `null`.
fn number(value: Option<usize>) -> JsValue {
    // Positions and counts are far below 2^53: exact as JavaScript numbers.
    #[allow(
        clippy::cast_precision_loss,
        reason = "positions in a text or a path are far below 2^53"
    )]
    value.map_or(JsValue::NULL, |v| JsValue::from_f64(v as f64))
}

/// The thrown value: an `Error` with `message` and the fields.
fn raise(class: Class, kind: &str, message: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let error = js_sys::Error::new(message);
    let set = |name: &str, value: &JsValue| {
        // Setting a property of a fresh Error object cannot fail.
        let _ = Reflect::set(&error, &JsValue::from_str(name), value);
    };
    set("kind", &JsValue::from_str(kind));
    set("errorClass", &JsValue::from_str(class.name()));
    for (name, value) in fields {
        set(name, value);
    }
    error.into()
}

/// A library error type the binding throws: each module's error becomes its class.
pub(crate) trait LibraryError {
    /// The thrown value for this error.
    fn into_js(self) -> JsValue;
}

/// Any library error as its thrown value: `errors::lib` in a `map_err`.
pub(crate) fn lib<E: LibraryError>(err: E) -> JsValue {
    err.into_js()
}

/// A core library error: `PathError` for the variants about a path or its steps
/// (`.segment`, `.position`), `FastBip32Error` for the others.
impl LibraryError for fastbip32::Error {
    fn into_js(self) -> JsValue {
        use fastbip32::Error as E;
        let kind = kind_of(&format!("{self:?}"));
        let message = self.to_string();
        let path = |segment: Option<usize>, position: Option<usize>| {
            raise(
                Class::Path,
                &kind,
                &message,
                &[("segment", number(segment)), ("position", number(position))],
            )
        };
        match self {
            E::InvalidPath {
                segment, offset, ..
            } => path(Some(segment), Some(offset)),
            E::HardenedOnly { segment, .. } | E::HardenedFromPublic { segment, .. } => {
                path(Some(segment), None)
            }
            E::InvalidChildIndex { .. } | E::DepthExceeded => path(None, None),
            _ => raise(Class::Base, &kind, &message, &[]),
        }
    }
}

/// An error of the address and WIF functions: `FastBip32Error`.
/// A recovery error: its kind is the library's exhaustive `kind()`.
#[cfg(feature = "recover")]
impl LibraryError for fastbip32::recovery::Error {
    fn into_js(self) -> JsValue {
        raise(Class::Base, self.kind(), &self.to_string(), &[])
    }
}

/// Passphrase rules the library rejects (rule text, mask or base): `FastBip32Error`, its
/// kind the library's exhaustive `kind()` (`InvalidRule`, `InvalidMaskClass`, …).
#[cfg(feature = "recover")]
impl LibraryError for fastbip32::recovery::PassphraseRuleError {
    fn into_js(self) -> JsValue {
        raise(Class::Base, self.kind(), &self.to_string(), &[])
    }
}

impl LibraryError for fastbip32::address::Error {
    fn into_js(self) -> JsValue {
        raise(Class::Base, self.kind(), &self.to_string(), &[])
    }
}

/// A mnemonic error without the phrase at hand: `MnemonicError`, with no suggestions.
impl LibraryError for fastbip32::mnemonic::Error {
    fn into_js(self) -> JsValue {
        mnemonic(self, None, None)
    }
}

/// An error of a descriptor operation: `DescriptorError`, with `.position` (a byte offset
/// in the text, or null) and `.key` (for an error of one key, the key's zero-based position
/// among the descriptor's keys; `kind` is then the key's own error).
impl LibraryError for fastbip32::descriptor::Error {
    fn into_js(self) -> JsValue {
        use fastbip32::descriptor::Error as E;
        let kind = match self {
            E::Key { error, .. } => kind_of(&format!("{error:?}")),
            E::Wif { error, .. } => kind_of(&format!("{error:?}")),
            _ => kind_of(&format!("{self:?}")),
        };
        let (position, key) = match self {
            E::Invalid { offset, key, .. } => (Some(offset), key.map(|k| k.key)),
            E::Unsupported { offset, .. } => (Some(offset), None),
            E::Key { key, .. } | E::Wif { key, .. } | E::FamilyMismatch { key, .. } => {
                (None, Some(key))
            }
            _ => (None, None),
        };
        raise(
            Class::Descriptor,
            &kind,
            &self.to_string(),
            &[("position", number(position)), ("key", number(key))],
        )
    }
}

/// An error of a mnemonic operation on `phrase` (when there is one), in `language` (when it
/// was given): `MnemonicError`, with `.position` (the word, from 0, or null) and
/// `.suggestions` for an unknown word (from the language given, else the list holding most
/// of the phrase's words).
pub(crate) fn mnemonic(
    err: fastbip32::mnemonic::Error,
    phrase: Option<&str>,
    language: Option<Language>,
) -> JsValue {
    use fastbip32::mnemonic::Error as E;
    let kind = kind_of(&format!("{err:?}"));
    let position = match err {
        E::UnknownWord { position } | E::MixedLanguages { position } => Some(position),
        _ => None,
    };
    let suggestions = Array::new();
    if let (E::UnknownWord { position }, Some(phrase)) = (err, phrase) {
        let language = language
            .or_else(|| guess_language(phrase))
            .unwrap_or(Language::English);
        if let Some(word) = phrase.split_whitespace().nth(position) {
            for s in &suggest(word, language) {
                suggestions.push(&JsValue::from_str(s));
            }
        }
    }
    raise(
        Class::Mnemonic,
        &kind,
        &err.to_string(),
        &[
            ("position", number(position)),
            ("suggestions", suggestions.into()),
        ],
    )
}

/// A bad argument value the binding itself finds (an unknown curve name, a count too large):
/// `FastBip32Error` with `kind`.
pub(crate) fn binding(kind: &str, message: &str) -> JsValue {
    raise(Class::Base, kind, message, &[])
}
