//! `ExtendedPrivateKey` and `ExtendedPublicKey` (as `RawPrivateKey` and `RawPublicKey`,
//! which the package's JavaScript layer wraps): the library's keys of a scheme chosen at run
//! time ([`fastbip32::AnyExtendedPrivateKey`], [`fastbip32::AnyExtendedPublicKey`]) behind
//! one class each.
//!
//! Secrets: a key's secret lives in the library's wiping types, wiped when the object is
//! dropped (JavaScript's `free()`, or its `FinalizationRegistry`). Secrets given to
//! JavaScript (`privateKey`, `toString()`, `wif()`, batches of private keys) are copied
//! straight from a wiped Rust value into a JavaScript `Uint8Array` or string, never
//! through an unwiped heap buffer of the module; secrets taken from JavaScript arrive as
//! owned Rust values and are wiped after use.

use fastbip32::mnemonic::{CardanoMnemonic, Mnemonic};
use fastbip32::{
    AnyExtendedKey, AnyExtendedPrivateKey, AnyExtendedPublicKey, AnyKeyError, ChildNumber, Error,
};
use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

use crate::address;
use crate::convert::{check_count, js_bytes};
use crate::errors;
use crate::names::{self, Curve, CurveArg as _};

/// The error of the library's keys; `version` is the version name the call was given,
/// which an `UnknownVersionName` names.
fn any(err: AnyKeyError, version: Option<&str>) -> JsValue {
    match err {
        AnyKeyError::Key(e) => errors::lib(e),
        AnyKeyError::UnknownVersionName => unknown_version(version.unwrap_or_default()),
        other => errors::binding(other.kind(), &other.to_string()),
    }
}

fn unknown_version(name: &str) -> JsValue {
    errors::binding(
        "UnknownVersionName",
        &format!("unknown version name {name:?} (xprv, zpub, tpub, …; for Cardano keys a CIP-5 prefix: root_xsk, acct_xvk, …)"),
    )
}

/// A start index and count of siblings as the library's first child number, the count
/// checked against [`MAX_BATCH`](crate::convert::MAX_BATCH).
fn first_child(start: u32, count: u32, hardened: bool) -> Result<ChildNumber, JsValue> {
    check_count(count)?;
    if hardened {
        ChildNumber::hardened(start)
    } else {
        ChildNumber::normal(start)
    }
    .map_err(errors::lib)
}

/// A zeroed buffer for `count` keys of `width` bytes, wiped on drop, or the error
/// `OutOfMemory`.
fn buffer(count: u32, width: usize) -> Result<Zeroizing<Vec<u8>>, JsValue> {
    let len = (count as usize).saturating_mul(width);
    let mut out = Zeroizing::new(Vec::new());
    out.try_reserve_exact(len)
        .map_err(|_| errors::binding("OutOfMemory", "cannot allocate the keys"))?;
    out.resize(len, 0);
    Ok(out)
}

/// The master key of `seed` on `curve` (not the Icarus curves).
fn master_of_seed(seed: &[u8], curve: Curve) -> Result<AnyExtendedPrivateKey, JsValue> {
    if curve.is_icarus() {
        return Err(errors::binding(
            "UnsupportedByScheme",
            &format!(
                "{} master keys come from BIP-39 entropy, not a seed: use fromMnemonic",
                curve.name()
            ),
        ));
    }
    AnyExtendedPrivateKey::from_seed(curve, seed).map_err(|e| any(e, None))
}

/// The Icarus master key of `entropy` and `passphrase` on an Icarus `curve`.
fn master_of_entropy(
    entropy: &[u8],
    passphrase: &[u8],
    curve: Curve,
) -> Result<AnyExtendedPrivateKey, JsValue> {
    AnyExtendedPrivateKey::from_entropy(curve, entropy, passphrase).map_err(|e| any(e, None))
}

/// The library's error for text of the other kind than the one asked for.
fn kind_mismatch(curve: Curve, expected_private: bool) -> JsValue {
    if curve.is_cardano() {
        errors::lib(Error::UnexpectedBech32Prefix { expected_private })
    } else {
        errors::lib(Error::KeyKindMismatch { expected_private })
    }
}

/// The network a key's version names (testnet for `tprv`/`tpub`; mainnet otherwise).
fn network_of(test: Option<bool>) -> &'static str {
    if test == Some(true) {
        "testnet"
    } else {
        "mainnet"
    }
}

/// Defines a key class, a `key` field holding the library's key of any scheme, with what
/// both classes have written once: `Debug` (the library key's: no secret), and in a
/// `#[wasm_bindgen]` block the key at a path (through `$derive`), the curve, depth, child
/// number, fingerprints, public key, version name and the address; and `of`, the key of
/// this kind from text or bytes of either kind.
macro_rules! key_class {
    (
        $(#[$doc:meta])*
        $class:ident($library:ident), $derive:ident, kinds($kind:ident, $other:ident, $private:literal)
    ) => {
        $(#[$doc])*
        #[wasm_bindgen]
        pub struct $class {
            key: $library,
        }

        impl $class {
            /// The key, if `key` is of this kind.
            fn of(key: AnyExtendedKey) -> Result<Self, JsValue> {
                match key {
                    AnyExtendedKey::$kind(key) => Ok(Self { key }),
                    AnyExtendedKey::$other(k) => Err(kind_mismatch(k.curve(), $private)),
                }
            }
        }

        impl core::fmt::Debug for $class {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Debug::fmt(&self.key, f)
            }
        }

        #[wasm_bindgen]
        impl $class {
            /// The key at `path` below this one (`"m/44'/0'/0'"` or `"0/1'"`; normal steps
            /// only from a public key).
            pub fn derive(&self, path: &str) -> Result<$class, JsValue> {
                let key = self.key.$derive(path).map_err(errors::lib)?;
                Ok(Self { key })
            }

            /// The curve's name.
            #[wasm_bindgen(getter)]
            pub fn curve(&self) -> String {
                self.key.curve().name().to_owned()
            }

            /// 0 for a master key, one more per derivation step.
            #[wasm_bindgen(getter)]
            pub fn depth(&self) -> u8 {
                self.key.depth()
            }

            /// The child number, hardened bit included.
            #[wasm_bindgen(getter, js_name = childNumber)]
            pub fn child_number(&self) -> u32 {
                self.key.child_number().to_raw()
            }

            /// This key's 4-byte fingerprint.
            #[wasm_bindgen(getter)]
            pub fn fingerprint(&self) -> Vec<u8> {
                self.key.fingerprint().to_bytes().to_vec()
            }

            /// The parent's 4-byte fingerprint (zero for a master key).
            #[wasm_bindgen(getter, js_name = parentFingerprint)]
            pub fn parent_fingerprint(&self) -> Vec<u8> {
                self.key.parent_fingerprint().to_bytes().to_vec()
            }

            /// The public key: 33 bytes on secp256k1 and nist256p1, 32 on the others.
            #[wasm_bindgen(getter, js_name = publicKey)]
            pub fn public_key(&self) -> Vec<u8> {
                self.key.public_key().as_ref().to_vec()
            }

            /// The name of the key's version (`xprv`, `zpub`, `tpub`, a CIP-5 prefix), or
            /// undefined.
            #[wasm_bindgen(getter, js_name = versionName)]
            pub fn version_name(&self) -> Option<String> {
                self.key.version_name().map(str::to_owned)
            }

            /// This key's address of `coin`'s kind `kind` (see `address::target`), on
            /// `network` (undefined: the key's own).
            pub fn address(
                &self,
                coin: Option<String>,
                kind: Option<String>,
                network: Option<String>,
                stake_key: Option<Vec<u8>>,
            ) -> Result<String, JsValue> {
                let target =
                    address::target(coin.as_deref(), kind.as_deref(), Some(self.key.curve()))?;
                let own = network_of(self.key.test_network());
                target.encode(
                    self.key.public_key().as_ref(),
                    network.as_deref().unwrap_or(own),
                    stake_key.as_deref(),
                )
            }
        }
    };
}

key_class! {
    /// An extended private key on one of the package's curves (the JavaScript class
    /// `ExtendedPrivateKey` wraps it). Its secret is wiped when it is freed.
    RawPrivateKey(AnyExtendedPrivateKey), derive_path, kinds(Private, Public, true)
}

impl RawPrivateKey {
    /// The library's key of any scheme.
    pub(crate) const fn key(&self) -> &AnyExtendedPrivateKey {
        &self.key
    }

    /// The keys of `count` children from `start` (hardened with `hardened`), `width` bytes
    /// each, end to end, written by `derive`.
    fn children(
        &self,
        (start, count, hardened): (u32, u32, bool),
        width: usize,
        derive: fn(&AnyExtendedPrivateKey, ChildNumber, &mut [u8]) -> Result<(), Error>,
    ) -> Result<Zeroizing<Vec<u8>>, JsValue> {
        let first = first_child(start, count, hardened)?;
        self.key
            .check_children(first, count as usize)
            .map_err(errors::lib)?;
        let mut keys = buffer(count, width)?;
        derive(&self.key, first, &mut keys).map_err(errors::lib)?;
        Ok(keys)
    }
}

#[wasm_bindgen]
impl RawPrivateKey {
    /// The master key of a seed (16 to 64 bytes) on `curve` (default `secp256k1`). The seed
    /// is wiped after use.
    #[wasm_bindgen(js_name = fromSeed)]
    pub fn from_seed(seed: Vec<u8>, curve: Option<String>) -> Result<RawPrivateKey, JsValue> {
        let seed = Zeroizing::new(seed);
        let curve = Curve::parse_or(curve.as_deref(), Curve::Secp256k1)?;
        Ok(Self {
            key: master_of_seed(&seed, curve)?,
        })
    }

    /// The master key of a BIP-39 mnemonic and passphrase: the BIP-39 seed's, or on the
    /// Icarus curves the Icarus master key of its entropy. Phrase and passphrase are wiped
    /// after use.
    #[wasm_bindgen(js_name = fromMnemonic)]
    pub fn from_mnemonic(
        phrase: String,
        passphrase: Option<String>,
        curve: Option<String>,
        language: Option<String>,
    ) -> Result<RawPrivateKey, JsValue> {
        let phrase = Zeroizing::new(phrase);
        let passphrase = Zeroizing::new(passphrase.unwrap_or_default());
        let curve = Curve::parse_or(curve.as_deref(), Curve::Secp256k1)?;
        let language = language.as_deref().map(names::language).transpose()?;
        let key = if curve.is_icarus() {
            let cardano = CardanoMnemonic::parse(&phrase)
                .map_err(|e| errors::mnemonic(e, Some(&phrase), language))?;
            let entropy = cardano.to_entropy();
            master_of_entropy(entropy.as_bytes(), passphrase.as_bytes(), curve)?
        } else {
            let parsed = match language {
                Some(language) => Mnemonic::parse_in(language, &phrase),
                None => Mnemonic::parse(&phrase),
            }
            .map_err(|e| errors::mnemonic(e, Some(&phrase), language))?;
            let seed = parsed.to_seed(&passphrase);
            master_of_seed(seed.expose(), curve)?
        };
        Ok(Self { key })
    }

    /// The master key of a `Mnemonic` (its seed for `passphrase`, or the Icarus key).
    #[wasm_bindgen(js_name = fromMnemonicObject)]
    pub fn from_mnemonic_object(
        mnemonic: &crate::mnemonic::RawMnemonic,
        passphrase: Option<String>,
        curve: Option<String>,
    ) -> Result<RawPrivateKey, JsValue> {
        let passphrase = Zeroizing::new(passphrase.unwrap_or_default());
        let curve = Curve::parse_or(curve.as_deref(), Curve::Secp256k1)?;
        let inner = mnemonic.inner();
        let key = if curve.is_icarus() {
            let entropy = CardanoMnemonic::from(inner).to_entropy();
            master_of_entropy(entropy.as_bytes(), passphrase.as_bytes(), curve)?
        } else {
            let seed = inner.to_seed(&passphrase);
            master_of_seed(seed.expose(), curve)?
        };
        Ok(Self { key })
    }

    /// Parses an extended private key (`xprv…`, `zprv…`, `tprv…`, or CIP-5 `root_xsk1…`);
    /// the text is wiped after use.
    pub fn parse(text: String, curve: Option<String>) -> Result<RawPrivateKey, JsValue> {
        let text = Zeroizing::new(text);
        let curve = curve.as_deref().map(Curve::parse).transpose()?;
        Self::of(AnyExtendedKey::parse(&text, curve).map_err(|e| any(e, None))?)
    }

    /// The 32-byte chain code (a copy).
    #[wasm_bindgen(getter, js_name = chainCode)]
    pub fn chain_code(&self) -> Uint8Array {
        js_bytes(self.key.chain_code().as_bytes())
    }

    /// The private key (32 bytes; 64 on the BIP32-Ed25519 curves): a copy JavaScript does
    /// not wipe.
    #[wasm_bindgen(getter, js_name = privateKey)]
    pub fn private_key(&self) -> Uint8Array {
        js_bytes(self.key.private_key())
    }

    /// The extended public key, in the public twin of this key's version.
    #[wasm_bindgen(js_name = toXpub)]
    pub fn to_xpub(&self) -> Result<RawPublicKey, JsValue> {
        let key = self.key.to_xpub().map_err(|e| any(e, None))?;
        Ok(RawPublicKey { key })
    }

    /// The key's text in its own version or in `version`'s family: a copy JavaScript does
    /// not wipe.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, version: Option<String>) -> Result<JsString, JsValue> {
        let version = version.as_deref();
        let text = self.key.to_text(version).map_err(|e| any(e, version))?;
        // Straight from the wiped string into the JavaScript string.
        Ok(JsString::from(text.as_str()))
    }

    /// The private key as compressed WIF (secp256k1): a copy JavaScript does not wipe.
    pub fn wif(&self, network: Option<String>) -> Result<JsString, JsValue> {
        let network = names::network(network.as_deref().unwrap_or("mainnet"))?;
        let text = self.key.wif(network).map_err(|e| any(e, None))?;
        Ok(JsString::from(text.as_str()))
    }

    /// The private keys of `count` children from `start` (hardened with `hardened`), end to
    /// end: a copy JavaScript does not wipe.
    #[wasm_bindgen(js_name = derivePrivateKeys)]
    pub fn derive_private_keys(
        &self,
        start: u32,
        count: u32,
        hardened: bool,
    ) -> Result<Uint8Array, JsValue> {
        let keys = self.children(
            (start, count, hardened),
            self.key.private_key_len(),
            AnyExtendedPrivateKey::derive_private_keys_into,
        )?;
        // Straight from the wiped buffer into the JavaScript array.
        Ok(js_bytes(&keys))
    }

    /// The public keys of `count` children from `start`, each from its private key in
    /// constant time, end to end.
    #[wasm_bindgen(js_name = derivePublicKeys)]
    pub fn derive_public_keys(
        &self,
        start: u32,
        count: u32,
        hardened: bool,
    ) -> Result<Vec<u8>, JsValue> {
        let keys = self.children(
            (start, count, hardened),
            self.key.public_key_len(),
            AnyExtendedPrivateKey::derive_public_keys_into,
        )?;
        Ok(keys.to_vec())
    }
}

key_class! {
    /// An extended public key (secp256k1, nist256p1 or BIP32-Ed25519; the JavaScript class
    /// `ExtendedPublicKey` wraps it).
    RawPublicKey(AnyExtendedPublicKey), derive_path_vartime, kinds(Public, Private, false)
}

impl RawPublicKey {
    /// The public keys of the normal children `start … start + count − 1`, batched, end to
    /// end.
    fn children(&self, start: u32, count: u32) -> Result<Zeroizing<Vec<u8>>, JsValue> {
        let first = first_child(start, count, false)?;
        self.key
            .check_children_vartime(first, count as usize)
            .map_err(errors::lib)?;
        let mut keys = buffer(count, self.key.public_key_len())?;
        self.key
            .derive_public_keys_into_vartime(first, &mut keys)
            .map_err(errors::lib)?;
        Ok(keys)
    }
}

#[wasm_bindgen]
impl RawPublicKey {
    /// Parses an extended public key (`xpub…`, `zpub…`, `tpub…`, or CIP-5 `root_xvk1…`).
    pub fn parse(text: &str, curve: Option<String>) -> Result<RawPublicKey, JsValue> {
        let curve = curve.as_deref().map(Curve::parse).transpose()?;
        Self::of(AnyExtendedKey::parse(text, curve).map_err(|e| any(e, None))?)
    }

    /// The 32-byte chain code.
    #[wasm_bindgen(getter, js_name = chainCode)]
    pub fn chain_code(&self) -> Vec<u8> {
        self.key.chain_code().as_bytes().to_vec()
    }

    /// The key's text in its own version or in `version`.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, version: Option<String>) -> Result<String, JsValue> {
        let version = version.as_deref();
        self.key.to_text(version).map_err(|e| any(e, version))
    }

    /// The public keys of the normal children `start … start + count − 1`, batched, end to
    /// end.
    #[wasm_bindgen(js_name = derivePublicKeys)]
    pub fn derive_public_keys(&self, start: u32, count: u32) -> Result<Vec<u8>, JsValue> {
        Ok(self.children(start, count)?.to_vec())
    }

    /// The addresses of `coin`'s kind `kind` (see `address::target`) of the normal children
    /// `start … start + count − 1` on `network` (undefined: the key's own), joined by `\n`.
    pub fn addresses(
        &self,
        start: u32,
        count: u32,
        coin: Option<String>,
        kind: Option<String>,
        network: Option<String>,
        stake_key: Option<Vec<u8>>,
    ) -> Result<String, JsValue> {
        let network = network
            .as_deref()
            .unwrap_or(network_of(self.key.test_network()));
        let target = address::target(coin.as_deref(), kind.as_deref(), Some(self.key.curve()))?;
        let context = target.context(network, stake_key.as_deref())?;
        let keys = self.children(start, count)?;
        let mut out = String::new();
        for key in keys.chunks_exact(self.key.public_key_len()) {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&target.encode_with(key, &context)?);
        }
        Ok(out)
    }
}
