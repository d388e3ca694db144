//! `ExtendedPrivateKey` and `ExtendedPublicKey` (as `RawPrivateKey` and `RawPublicKey`,
//! which the package's JavaScript layer wraps): the library's key types of every scheme
//! behind one class each, with the curve name they were made with.
//!
//! The scheme is a type parameter in the library and a value here: [`Private`] and [`Public`]
//! hold one key of any scheme, and [`on_private!`] / [`on_public!`] run code written once for
//! every scheme, keeping the variant.
//!
//! Secrets: a key's secret lives in the library's wiping types, wiped when the object is
//! dropped (JavaScript's `free()`, or its `FinalizationRegistry`). Secrets given to
//! JavaScript (`privateKey`, `toString()`, `wif()`, batches of private keys) are copied
//! straight from the wiped Rust value into a JavaScript `Uint8Array` or string, never
//! through an unwiped heap buffer of the module; secrets taken from JavaScript arrive as
//! owned Rust values and are wiped after use.

use fastbip32::cardano::{cip5_prefix, Cip5Prefix, Role, XPRV_BECH32_MAX_LEN, XPUB_BECH32_MAX_LEN};
use fastbip32::mnemonic::{CardanoMnemonic, Mnemonic};
use fastbip32::{
    wif, ByteArray, ChildNumber, DerivationPath, Ed25519Bip32, ExtendedKey, ExtendedPrivateKey,
    ExtendedPublicKey, NistP256, Scheme, Secp256k1, SecretBytes, Version,
};
use fastbip32::{Curve25519, Ed25519};
use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

use crate::address;
use crate::errors;
use crate::names::{self, Curve};

/// The most items one batch call makes (keys or addresses): 2^20, so that a call's output
/// stays within tens of megabytes of the module's memory.
pub(crate) const MAX_BATCH: u32 = 1 << 20;

/// An extended private key of any scheme.
#[derive(Clone)]
pub(crate) enum Private {
    Secp256k1(ExtendedPrivateKey<Secp256k1>),
    Nist256p1(ExtendedPrivateKey<NistP256>),
    Ed25519(ExtendedPrivateKey<Ed25519>),
    Curve25519(ExtendedPrivateKey<Curve25519>),
    Cardano(ExtendedPrivateKey<Ed25519Bip32>),
}

/// An extended public key of any scheme that has them (not the hardened-only ones).
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Public {
    Secp256k1(ExtendedPublicKey<Secp256k1>),
    Nist256p1(ExtendedPublicKey<NistP256>),
    Cardano(ExtendedPublicKey<Ed25519Bip32>),
}

/// Runs `$body` with `$k` bound to the key of whatever scheme `$key` holds.
macro_rules! on_private {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Private::Secp256k1($k) => $body,
            Private::Nist256p1($k) => $body,
            Private::Ed25519($k) => $body,
            Private::Curve25519($k) => $body,
            Private::Cardano($k) => $body,
        }
    };
}

/// As [`on_private!`], wrapping the result (a key of the same scheme) back in its variant.
macro_rules! map_private {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Private::Secp256k1($k) => Private::Secp256k1($body),
            Private::Nist256p1($k) => Private::Nist256p1($body),
            Private::Ed25519($k) => Private::Ed25519($body),
            Private::Curve25519($k) => Private::Curve25519($body),
            Private::Cardano($k) => Private::Cardano($body),
        }
    };
}

/// Runs `$body` with `$k` bound to the public key of whatever scheme `$key` holds.
macro_rules! on_public {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Public::Secp256k1($k) => $body,
            Public::Nist256p1($k) => $body,
            Public::Cardano($k) => $body,
        }
    };
}

/// As [`on_public!`], wrapping the result back in its variant.
macro_rules! map_public {
    ($key:expr, |$k:ident| $body:expr) => {
        match $key {
            Public::Secp256k1($k) => Public::Secp256k1($body),
            Public::Nist256p1($k) => Public::Nist256p1($body),
            Public::Cardano($k) => Public::Cardano($body),
        }
    };
}

/// A JavaScript `Uint8Array` holding a copy of `data`, copied straight from `data`.
pub(crate) fn js_bytes(data: &[u8]) -> Uint8Array {
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    let out = Uint8Array::new_with_length(len);
    out.copy_from(data);
    out
}

/// The CIP-5 role named by one of its prefixes (`acct_xsk`, `root_xvk`, …).
fn role_named(name: &str) -> Result<Role, JsValue> {
    Cip5Prefix::ALL
        .into_iter()
        .find(|p| p.as_str() == name)
        .map(Role::of_prefix)
        .ok_or_else(|| unknown_version(name))
}

/// The role of the key at `path` below a key of role `role` (CIP-1852's places; `Other`
/// elsewhere).
fn role_after(role: Role, path: &str) -> Result<Role, JsValue> {
    let steps = DerivationPath::parse_relative(path).map_err(errors::lib)?;
    Ok(role.after(steps.iter()))
}

fn unknown_version(name: &str) -> JsValue {
    errors::binding(
        "UnknownVersionName",
        &format!("unknown version name {name:?} (xprv, zpub, tpub, …; for Cardano keys a CIP-5 prefix: root_xsk, acct_xvk, …)"),
    )
}

/// The binding's error for an operation a scheme does not define, with what was asked.
pub(crate) fn unsupported(what: &str, curve: Curve) -> JsValue {
    errors::binding(
        "UnsupportedByScheme",
        &format!("{what} is not defined for {} keys", curve.name()),
    )
}

/// A start index and count of siblings as the library's first child number, the count
/// checked against [`MAX_BATCH`].
fn first_child(start: u32, count: u32, hardened: bool) -> Result<ChildNumber, JsValue> {
    check_count(count)?;
    if hardened {
        ChildNumber::hardened(start)
    } else {
        ChildNumber::normal(start)
    }
    .map_err(errors::lib)
}

/// Refuses a batch of more than [`MAX_BATCH`] items.
pub(crate) fn check_count(count: u32) -> Result<(), JsValue> {
    if count > MAX_BATCH {
        return Err(errors::binding(
            "InvalidArgument",
            &format!("count {count} is above the limit of {MAX_BATCH} per call: split the batch"),
        ));
    }
    Ok(())
}

/// A buffer of `count` copies of `value`, or the error `OutOfMemory`.
fn buffer<T: Clone>(count: u32, value: T) -> Result<Vec<T>, JsValue> {
    let count = count as usize;
    let mut out = Vec::new();
    out.try_reserve_exact(count)
        .map_err(|_| errors::binding("OutOfMemory", "cannot allocate the keys"))?;
    out.resize(count, value);
    Ok(out)
}

/// The private keys of `count` children of `key` from `first`, end to end in one
/// JavaScript `Uint8Array` (derived in wiped buffers).
fn private_children<S: Scheme>(
    key: &ExtendedPrivateKey<S>,
    first: ChildNumber,
    count: u32,
) -> Result<Uint8Array, JsValue> {
    key.children(first, count as usize).map_err(errors::lib)?;
    let mut keys = buffer(count, SecretBytes::new(S::PrivateKey::ZERO))?;
    key.derive_private_keys_into(first, &mut keys)
        .map_err(errors::lib)?;
    let len = S::PrivateKey::ZERO.as_ref().len();
    let out = Uint8Array::new_with_length(count.saturating_mul(u32::try_from(len).unwrap_or(0)));
    let mut at = 0u32;
    for k in &keys {
        let bytes = k.expose().as_ref();
        let end = at + u32::try_from(bytes.len()).unwrap_or(0);
        // Straight from the wiped key into the JavaScript array.
        out.subarray(at, end).copy_from(bytes);
        at = end;
    }
    Ok(out)
}

/// The public keys of `items`, end to end.
fn flat<T: AsRef<[u8]>>(items: &[T]) -> Vec<u8> {
    items
        .iter()
        .flat_map(|k| k.as_ref().iter().copied())
        .collect()
}

/// The public keys of `count` children of `key` from `first`, each from its private key in
/// constant time, end to end.
fn public_children_of_private<S: Scheme>(
    key: &ExtendedPrivateKey<S>,
    first: ChildNumber,
    count: u32,
) -> Result<Vec<u8>, JsValue> {
    key.children(first, count as usize).map_err(errors::lib)?;
    let mut out = buffer(count, key.public_key())?;
    key.derive_public_keys_into(first, &mut out)
        .map_err(errors::lib)?;
    Ok(flat(&out))
}

/// The public keys of the normal children of `key` from `first` (batched, variable time:
/// its inputs are public).
fn public_children<S: Scheme>(
    key: &ExtendedPublicKey<S>,
    first: ChildNumber,
    count: u32,
) -> Result<Vec<S::PublicKey>, JsValue> {
    key.children_vartime(first, count as usize)
        .map_err(errors::lib)?;
    let mut out = buffer(count, key.public_key())?;
    key.derive_public_keys_into_vartime(first, &mut out)
        .map_err(errors::lib)?;
    Ok(out)
}

/// The master key of `seed` on `curve` (not the Icarus curves).
fn master_of_seed(seed: &[u8], curve: Curve) -> Result<Private, JsValue> {
    let e = errors::lib;
    Ok(match curve {
        Curve::Secp256k1 => Private::Secp256k1(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Nist256p1 => Private::Nist256p1(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Ed25519 => Private::Ed25519(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Curve25519 => Private::Curve25519(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::Ed25519Bip32 => Private::Cardano(ExtendedPrivateKey::from_seed(seed).map_err(e)?),
        Curve::CardanoIcarus | Curve::CardanoIcarusTrezor => {
            return Err(errors::binding(
                "UnsupportedByScheme",
                &format!(
                    "{} master keys come from BIP-39 entropy, not a seed: use fromMnemonic",
                    curve.name()
                ),
            ))
        }
    })
}

/// The Icarus master key of `entropy` and `passphrase` on an Icarus `curve`.
fn master_of_entropy(entropy: &[u8], passphrase: &[u8], curve: Curve) -> Result<Private, JsValue> {
    let key = match curve {
        Curve::CardanoIcarusTrezor => ExtendedPrivateKey::from_icarus_trezor(entropy, passphrase),
        _ => ExtendedPrivateKey::from_icarus(entropy, passphrase),
    };
    key.map(Private::Cardano).map_err(errors::lib)
}

/// Either kind of key, as text gives it.
enum AnyKey {
    Private(RawPrivateKey),
    Public(RawPublicKey),
}

impl AnyKey {
    fn of<S: Scheme>(
        key: ExtendedKey<S>,
        curve: Curve,
        private: fn(ExtendedPrivateKey<S>) -> Private,
        public: fn(ExtendedPublicKey<S>) -> Public,
    ) -> Self {
        match key {
            ExtendedKey::Private(k) => Self::Private(RawPrivateKey {
                key: private(k),
                curve,
                role: Role::Other,
            }),
            ExtendedKey::Public(k) => Self::Public(RawPublicKey {
                key: public(k),
                curve,
                role: Role::Other,
            }),
        }
    }

    /// Parses BIP-32 text (`xprv…`, `zpub…`, `tpub…`; secp256k1, or nist256p1 when named) or
    /// CIP-5 text (`root_xsk1…`, `acct_xvk1…`, …; the BIP32-Ed25519 curves, the default for
    /// such text).
    fn parse(text: &str, curve: Option<Curve>) -> Result<Self, JsValue> {
        let curve = curve.unwrap_or_else(|| {
            if cip5_prefix(text).is_ok() {
                Curve::Ed25519Bip32
            } else {
                Curve::Secp256k1
            }
        });
        match curve {
            Curve::Secp256k1 => Ok(Self::of(
                text.parse::<ExtendedKey<Secp256k1>>()
                    .map_err(errors::lib)?,
                curve,
                Private::Secp256k1,
                Public::Secp256k1,
            )),
            Curve::Nist256p1 => Ok(Self::of(
                text.parse::<ExtendedKey<NistP256>>().map_err(errors::lib)?,
                curve,
                Private::Nist256p1,
                Public::Nist256p1,
            )),
            Curve::Ed25519 | Curve::Curve25519 => Err(unsupported("extended key text", curve)),
            Curve::Ed25519Bip32 | Curve::CardanoIcarus | Curve::CardanoIcarusTrezor => {
                let prefix = cip5_prefix(text).map_err(errors::lib)?;
                let role = Role::of_prefix(prefix);
                if prefix.is_private() {
                    let key = ExtendedPrivateKey::from_bech32(text).map_err(errors::lib)?;
                    Ok(Self::Private(RawPrivateKey {
                        key: Private::Cardano(key),
                        curve,
                        role,
                    }))
                } else {
                    let key = ExtendedPublicKey::from_bech32(text).map_err(errors::lib)?;
                    Ok(Self::Public(RawPublicKey {
                        key: Public::Cardano(key),
                        curve,
                        role,
                    }))
                }
            }
        }
    }
}

/// The library's error for text of the other kind than the one asked for.
fn kind_mismatch(curve: Curve, expected_private: bool) -> JsValue {
    if curve.is_cardano() {
        errors::lib(fastbip32::Error::UnexpectedBech32Prefix { expected_private })
    } else {
        errors::lib(fastbip32::Error::KeyKindMismatch { expected_private })
    }
}

/// The version pair named `name` (either of its versions), or an error.
fn version_pair(name: &str) -> Result<fastbip32::VersionPair, JsValue> {
    Version::from_name(name)
        .and_then(Version::pair)
        .ok_or_else(|| unknown_version(name))
}

fn bip32_private_text<S: fastbip32::Bip32Text>(
    key: &ExtendedPrivateKey<S>,
    version: Option<&str>,
) -> Result<Zeroizing<String>, JsValue> {
    Ok(match version {
        None => key.to_zeroizing_string(),
        Some(name) => key
            .clone()
            .with_version_pair(version_pair(name)?)
            .to_zeroizing_string(),
    })
}

fn bip32_public_text<S: fastbip32::Bip32Text>(
    key: &ExtendedPublicKey<S>,
    version: Option<&str>,
) -> Result<String, JsValue> {
    match version {
        None => Ok(key.to_string()),
        Some(name) => {
            let version = Version::from_name(name).ok_or_else(|| unknown_version(name))?;
            Ok(key
                .clone()
                .with_version(version)
                .map_err(errors::lib)?
                .to_string())
        }
    }
}

/// The network a BIP-32 key's version names (testnet for `tprv`/`tpub`; mainnet otherwise).
fn network_of_version(version: Option<Version>) -> &'static str {
    if version.and_then(Version::is_testnet) == Some(true) {
        "testnet"
    } else {
        "mainnet"
    }
}

/// An extended private key on one of the package's curves (the JavaScript class
/// `ExtendedPrivateKey` wraps it). Its secret is wiped when it is freed.
#[wasm_bindgen]
pub struct RawPrivateKey {
    key: Private,
    curve: Curve,
    role: Role,
}

/// The curve and depth only: the secret stays out of debug output.
impl core::fmt::Debug for RawPrivateKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RawPrivateKey")
            .field("curve", &self.curve.name())
            .field("depth", &self.depth())
            .finish_non_exhaustive()
    }
}

impl RawPrivateKey {
    /// The library's key of any scheme.
    pub(crate) const fn key(&self) -> &Private {
        &self.key
    }

    /// The curve the key was made on.
    pub(crate) const fn curve_of(&self) -> Curve {
        self.curve
    }

    fn public_key_bytes(&self) -> Vec<u8> {
        on_private!(&self.key, |k| k.public_key().as_ref().to_vec())
    }

    fn own_network(&self) -> &'static str {
        match &self.key {
            Private::Secp256k1(k) => network_of_version(Some(k.version())),
            Private::Nist256p1(k) => network_of_version(Some(k.version())),
            Private::Ed25519(_) | Private::Curve25519(_) | Private::Cardano(_) => "mainnet",
        }
    }

    fn master(key: Private, curve: Curve) -> Self {
        let role = if curve.is_cardano() {
            Role::Root
        } else {
            Role::Other
        };
        Self { key, curve, role }
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
        Ok(Self::master(master_of_seed(&seed, curve)?, curve))
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
        Ok(Self::master(key, curve))
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
        Ok(Self::master(key, curve))
    }

    /// Parses an extended private key (`xprv…`, `zprv…`, `tprv…`, or CIP-5 `root_xsk1…`);
    /// the text is wiped after use.
    pub fn parse(text: String, curve: Option<String>) -> Result<RawPrivateKey, JsValue> {
        let text = Zeroizing::new(text);
        let curve = curve.as_deref().map(Curve::parse).transpose()?;
        match AnyKey::parse(&text, curve)? {
            AnyKey::Private(k) => Ok(k),
            AnyKey::Public(k) => Err(kind_mismatch(k.curve, true)),
        }
    }

    /// The key at `path` below this one (`"m/44'/0'/0'"` or `"0/1'"`).
    pub fn derive(&self, path: &str) -> Result<RawPrivateKey, JsValue> {
        let key = map_private!(&self.key, |k| k.derive_path(path).map_err(errors::lib)?);
        let role = role_after(self.role, path)?;
        Ok(Self {
            key,
            curve: self.curve,
            role,
        })
    }

    /// The curve's name.
    #[wasm_bindgen(getter)]
    pub fn curve(&self) -> String {
        self.curve.name().to_owned()
    }

    /// 0 for a master key, one more per derivation step.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u8 {
        on_private!(&self.key, |k| k.depth())
    }

    /// The child number, hardened bit included.
    #[wasm_bindgen(getter, js_name = childNumber)]
    pub fn child_number(&self) -> u32 {
        on_private!(&self.key, |k| k.child_number().to_raw())
    }

    /// This key's 4-byte fingerprint.
    #[wasm_bindgen(getter)]
    pub fn fingerprint(&self) -> Vec<u8> {
        on_private!(&self.key, |k| k.fingerprint().to_bytes().to_vec())
    }

    /// The parent's 4-byte fingerprint (zero for a master key).
    #[wasm_bindgen(getter, js_name = parentFingerprint)]
    pub fn parent_fingerprint(&self) -> Vec<u8> {
        on_private!(&self.key, |k| k.parent_fingerprint().to_bytes().to_vec())
    }

    /// The 32-byte chain code (a copy).
    #[wasm_bindgen(getter, js_name = chainCode)]
    pub fn chain_code(&self) -> Uint8Array {
        on_private!(&self.key, |k| js_bytes(k.chain_code().as_bytes()))
    }

    /// The public key: 33 bytes on secp256k1 and nist256p1, 32 on the others.
    #[wasm_bindgen(getter, js_name = publicKey)]
    pub fn public_key(&self) -> Vec<u8> {
        self.public_key_bytes()
    }

    /// The private key (32 bytes; 64 on the BIP32-Ed25519 curves): a copy JavaScript does
    /// not wipe.
    #[wasm_bindgen(getter, js_name = privateKey)]
    pub fn private_key(&self) -> Uint8Array {
        on_private!(&self.key, |k| js_bytes(k.private_key().as_ref()))
    }

    /// The name of the key's version (`xprv`, `zprv`, `tprv`, a CIP-5 prefix), or undefined.
    #[wasm_bindgen(getter, js_name = versionName)]
    pub fn version_name(&self) -> Option<String> {
        match &self.key {
            Private::Secp256k1(k) => k.version().name(),
            Private::Nist256p1(k) => k.version().name(),
            Private::Cardano(_) => Some(self.role.private_prefix().as_str()),
            Private::Ed25519(_) | Private::Curve25519(_) => None,
        }
        .map(str::to_owned)
    }

    /// The extended public key, in the public twin of this key's version.
    #[wasm_bindgen(js_name = toXpub)]
    pub fn to_xpub(&self) -> Result<RawPublicKey, JsValue> {
        let key = match &self.key {
            Private::Secp256k1(k) => Public::Secp256k1(k.to_xpub()),
            Private::Nist256p1(k) => Public::Nist256p1(k.to_xpub()),
            Private::Cardano(k) => Public::Cardano(k.to_xpub()),
            Private::Ed25519(_) | Private::Curve25519(_) => {
                return Err(unsupported("an extended public key", self.curve))
            }
        };
        Ok(RawPublicKey {
            key,
            curve: self.curve,
            role: self.role,
        })
    }

    /// The key's text in its own version or in `version`'s family: a copy JavaScript does
    /// not wipe.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, version: Option<String>) -> Result<JsString, JsValue> {
        let version = version.as_deref();
        let text: Zeroizing<String> = match &self.key {
            Private::Secp256k1(k) => bip32_private_text(k, version)?,
            Private::Nist256p1(k) => bip32_private_text(k, version)?,
            Private::Cardano(k) => {
                let role = version.map_or(Ok(self.role), role_named)?;
                let mut buf = Zeroizing::new([0u8; XPRV_BECH32_MAX_LEN]);
                let text = k
                    .encode_bech32(role.private_prefix(), &mut buf[..])
                    .map_err(errors::lib)?;
                // Straight from the wiped buffer into the JavaScript string.
                return Ok(JsString::from(text));
            }
            Private::Ed25519(_) | Private::Curve25519(_) => {
                return Err(unsupported("extended key text", self.curve))
            }
        };
        Ok(JsString::from(text.as_str()))
    }

    /// The private key as compressed WIF (secp256k1): a copy JavaScript does not wipe.
    pub fn wif(&self, network: Option<String>) -> Result<JsString, JsValue> {
        let network = names::network(network.as_deref().unwrap_or("mainnet"))?;
        let Private::Secp256k1(k) = &self.key else {
            return Err(unsupported("WIF", self.curve));
        };
        let text = wif::encode_to_string(k.private_key(), network).map_err(errors::lib)?;
        Ok(JsString::from(text.as_str()))
    }

    /// This key's address of `coin`'s kind `kind` (see `address::target`), on `network`
    /// (undefined: the key's own).
    pub fn address(
        &self,
        coin: Option<String>,
        kind: Option<String>,
        network: Option<String>,
        stake_key: Option<Vec<u8>>,
    ) -> Result<String, JsValue> {
        let target = address::target(coin.as_deref(), kind.as_deref(), Some(self.curve))?;
        let network = network.as_deref().unwrap_or(self.own_network());
        target.encode(&self.public_key_bytes(), network, stake_key.as_deref())
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
        let first = first_child(start, count, hardened)?;
        on_private!(&self.key, |k| private_children(k, first, count))
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
        let first = first_child(start, count, hardened)?;
        on_private!(&self.key, |k| public_children_of_private(k, first, count))
    }
}

/// An extended public key (secp256k1, nist256p1 or BIP32-Ed25519; the JavaScript class
/// `ExtendedPublicKey` wraps it).
#[wasm_bindgen]
pub struct RawPublicKey {
    key: Public,
    curve: Curve,
    role: Role,
}

impl core::fmt::Debug for RawPublicKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RawPublicKey")
            .field("curve", &self.curve.name())
            .field("depth", &self.depth())
            .finish_non_exhaustive()
    }
}

impl RawPublicKey {
    fn public_key_bytes(&self) -> Vec<u8> {
        on_public!(&self.key, |k| k.public_key().as_ref().to_vec())
    }

    fn own_network(&self) -> &'static str {
        match &self.key {
            Public::Secp256k1(k) => network_of_version(Some(k.version())),
            Public::Nist256p1(k) => network_of_version(Some(k.version())),
            Public::Cardano(_) => "mainnet",
        }
    }
}

#[wasm_bindgen]
impl RawPublicKey {
    /// Parses an extended public key (`xpub…`, `zpub…`, `tpub…`, or CIP-5 `root_xvk1…`).
    pub fn parse(text: &str, curve: Option<String>) -> Result<RawPublicKey, JsValue> {
        let curve = curve.as_deref().map(Curve::parse).transpose()?;
        match AnyKey::parse(text, curve)? {
            AnyKey::Public(k) => Ok(k),
            AnyKey::Private(k) => Err(kind_mismatch(k.curve, false)),
        }
    }

    /// The key at `path` below this one (normal steps only).
    pub fn derive(&self, path: &str) -> Result<RawPublicKey, JsValue> {
        let key = map_public!(&self.key, |k| k
            .derive_path_vartime(path)
            .map_err(errors::lib)?);
        let role = role_after(self.role, path)?;
        Ok(Self {
            key,
            curve: self.curve,
            role,
        })
    }

    /// The curve's name.
    #[wasm_bindgen(getter)]
    pub fn curve(&self) -> String {
        self.curve.name().to_owned()
    }

    /// 0 for a master key, one more per derivation step.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u8 {
        on_public!(&self.key, |k| k.depth())
    }

    /// The child number, hardened bit included.
    #[wasm_bindgen(getter, js_name = childNumber)]
    pub fn child_number(&self) -> u32 {
        on_public!(&self.key, |k| k.child_number().to_raw())
    }

    /// This key's 4-byte fingerprint.
    #[wasm_bindgen(getter)]
    pub fn fingerprint(&self) -> Vec<u8> {
        on_public!(&self.key, |k| k.fingerprint().to_bytes().to_vec())
    }

    /// The parent's 4-byte fingerprint.
    #[wasm_bindgen(getter, js_name = parentFingerprint)]
    pub fn parent_fingerprint(&self) -> Vec<u8> {
        on_public!(&self.key, |k| k.parent_fingerprint().to_bytes().to_vec())
    }

    /// The 32-byte chain code.
    #[wasm_bindgen(getter, js_name = chainCode)]
    pub fn chain_code(&self) -> Vec<u8> {
        on_public!(&self.key, |k| k.chain_code().as_bytes().to_vec())
    }

    /// The public key: 33 bytes on secp256k1 and nist256p1, 32 on BIP32-Ed25519.
    #[wasm_bindgen(getter, js_name = publicKey)]
    pub fn public_key(&self) -> Vec<u8> {
        self.public_key_bytes()
    }

    /// The name of the key's version (`xpub`, `zpub`, `tpub`, a CIP-5 prefix), or undefined.
    #[wasm_bindgen(getter, js_name = versionName)]
    pub fn version_name(&self) -> Option<String> {
        match &self.key {
            Public::Secp256k1(k) => k.version().name(),
            Public::Nist256p1(k) => k.version().name(),
            Public::Cardano(_) => Some(self.role.public_prefix().as_str()),
        }
        .map(str::to_owned)
    }

    /// The key's text in its own version or in `version`.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, version: Option<String>) -> Result<String, JsValue> {
        let version = version.as_deref();
        match &self.key {
            Public::Secp256k1(k) => bip32_public_text(k, version),
            Public::Nist256p1(k) => bip32_public_text(k, version),
            Public::Cardano(k) => {
                let role = version.map_or(Ok(self.role), role_named)?;
                let mut buf = [0u8; XPUB_BECH32_MAX_LEN];
                k.encode_bech32(role.public_prefix(), &mut buf)
                    .map(str::to_owned)
                    .map_err(errors::lib)
            }
        }
    }

    /// This key's address of `coin`'s kind `kind` (see `address::target`), on `network`
    /// (undefined: the key's own).
    pub fn address(
        &self,
        coin: Option<String>,
        kind: Option<String>,
        network: Option<String>,
        stake_key: Option<Vec<u8>>,
    ) -> Result<String, JsValue> {
        let target = address::target(coin.as_deref(), kind.as_deref(), Some(self.curve))?;
        let network = network.as_deref().unwrap_or(self.own_network());
        target.encode(&self.public_key_bytes(), network, stake_key.as_deref())
    }

    /// The public keys of the normal children `start … start + count − 1`, batched, end to
    /// end.
    #[wasm_bindgen(js_name = derivePublicKeys)]
    pub fn derive_public_keys(&self, start: u32, count: u32) -> Result<Vec<u8>, JsValue> {
        let first = first_child(start, count, false)?;
        on_public!(&self.key, |k| Ok(flat(&public_children(k, first, count)?)))
    }

    /// The addresses of kind `kind` of the normal children `start … start + count − 1` on
    /// `network` (undefined: the key's own), joined by `\n`.
    pub fn addresses(
        &self,
        start: u32,
        count: u32,
        coin: Option<String>,
        kind: Option<String>,
        network: Option<String>,
        stake_key: Option<Vec<u8>>,
    ) -> Result<String, JsValue> {
        let target = address::target(coin.as_deref(), kind.as_deref(), Some(self.curve))?;
        let network = network.as_deref().unwrap_or(self.own_network());
        let context = target.context(network, stake_key.as_deref())?;
        let first = first_child(start, count, false)?;
        let mut out = String::new();
        on_public!(&self.key, |k| {
            for key in public_children(k, first, count)? {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&target.encode_with(key.as_ref(), &context)?);
            }
        });
        Ok(out)
    }
}
