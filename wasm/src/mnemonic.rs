//! `Mnemonic` (as `RawMnemonic`) and `suggest`: BIP-39 mnemonics in the ten word lists.

use fastbip32::mnemonic::{suggest as lib_suggest, Language, Mnemonic};
use js_sys::{Array, JsString};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

use crate::convert::js_bytes;
use crate::errors;
use crate::names;

/// A BIP-39 mnemonic: 12, 15, 18, 21 or 24 words of one of the ten word lists (the
/// JavaScript class `Mnemonic` wraps it). Its words are wiped when it is freed.
#[wasm_bindgen]
pub struct RawMnemonic {
    inner: Mnemonic,
}

/// The language and word count only: the words stay out of debug output.
impl core::fmt::Debug for RawMnemonic {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RawMnemonic")
            .field("language", &self.inner.language().name())
            .field("words", &self.inner.word_count())
            .finish()
    }
}

impl RawMnemonic {
    /// The library's mnemonic.
    pub(crate) const fn inner(&self) -> &Mnemonic {
        &self.inner
    }
}

#[wasm_bindgen]
impl RawMnemonic {
    /// Parses `phrase` (its language detected when undefined; its checksum checked); the
    /// text is wiped after use.
    #[wasm_bindgen(constructor)]
    pub fn new(phrase: String, language: Option<String>) -> Result<RawMnemonic, JsValue> {
        let phrase = Zeroizing::new(phrase);
        let language = language.as_deref().map(names::language).transpose()?;
        match language {
            Some(language) => Mnemonic::parse_in(language, &phrase),
            None => Mnemonic::parse(&phrase),
        }
        .map(|inner| Self { inner })
        .map_err(|e| errors::mnemonic(e, Some(&phrase), language))
    }

    /// A new mnemonic of `words` words (default 12) in `language` (default English), from
    /// the JavaScript host's random number generator (`crypto.getRandomValues`).
    pub fn generate(words: Option<u32>, language: Option<String>) -> Result<RawMnemonic, JsValue> {
        let language = names::language(language.as_deref().unwrap_or("english"))?;
        let words = words.unwrap_or(12) as usize;
        Mnemonic::generate(language, words)
            .map(|inner| Self { inner })
            .map_err(|e| errors::mnemonic(e, None, Some(language)))
    }

    /// The mnemonic of `entropy` (16 to 32 bytes, a multiple of 4); the entropy is wiped
    /// after use.
    #[wasm_bindgen(js_name = fromEntropy)]
    pub fn from_entropy(
        entropy: Vec<u8>,
        language: Option<String>,
    ) -> Result<RawMnemonic, JsValue> {
        let entropy = Zeroizing::new(entropy);
        let language = names::language(language.as_deref().unwrap_or("english"))?;
        Mnemonic::from_entropy(language, &entropy)
            .map(|inner| Self { inner })
            .map_err(|e| errors::mnemonic(e, None, Some(language)))
    }

    /// The entropy the words encode: a copy JavaScript does not wipe.
    #[wasm_bindgen(getter)]
    pub fn entropy(&self) -> js_sys::Uint8Array {
        js_bytes(self.inner.to_entropy().as_bytes())
    }

    /// The word list's name.
    #[wasm_bindgen(getter)]
    pub fn language(&self) -> String {
        self.inner.language().name().to_owned()
    }

    /// The words, in order: a copy JavaScript does not wipe.
    #[wasm_bindgen(getter)]
    pub fn words(&self) -> Array {
        self.inner.words().map(JsValue::from_str).collect()
    }

    /// The phrase: a copy JavaScript does not wipe.
    pub fn phrase(&self) -> JsString {
        JsString::from(self.inner.to_phrase().as_str())
    }

    /// The 64-byte BIP-39 seed for `passphrase` (wiped after use): a copy JavaScript does
    /// not wipe.
    #[wasm_bindgen(js_name = toSeed)]
    pub fn to_seed(&self, passphrase: Option<String>) -> js_sys::Uint8Array {
        let passphrase = Zeroizing::new(passphrase.unwrap_or_default());
        js_bytes(self.inner.to_seed(&passphrase).expose())
    }
}

/// The words of the `language` list (default English) closest to `word` (a mistyped word
/// of a mnemonic, wiped after use), best first.
#[wasm_bindgen(js_name = rawSuggest)]
pub fn suggest(word: String, language: Option<String>) -> Result<Array, JsValue> {
    let word = Zeroizing::new(word);
    let language: Language = names::language(language.as_deref().unwrap_or("english"))?;
    Ok(lib_suggest(&word, language)
        .iter()
        .map(|w| JsValue::from_str(w))
        .collect())
}
