//! `serde` support (feature `serde`): paths, child numbers and extended keys as their canonical
//! text, in every format (human-readable or not).
//!
//! * [`DerivationPath`]: `"m/44'/0'/0'"`; [`ChildNumber`]: `"44'"` or `"7"`. Deserializing
//!   accepts everything their `FromStr` accepts (`h` and `H` markers too).
//! * [`ExtendedPublicKey`]: its `Display` text; [`ExtendedPrivateKey`]: its
//!   [`encode`](ExtendedPrivateKey::encode) text, written from a buffer that is wiped
//!   afterwards. What the serializer does with the text is out of this crate's hands.
//! * Deserializing an extended key accepts the known versions (as `FromStr`).

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{self, Serialize, Serializer};
use zeroize::Zeroizing;

use super::base58::MAX_ENCODED_LEN;
use crate::curve::Bip32Text;
use crate::error::Error;
use crate::key::{ExtendedPrivateKey, ExtendedPublicKey};
use crate::path::{ChildNumber, DerivationPath};

/// Deserializes a string through `T`'s `FromStr`.
struct TextVisitor<T> {
    expecting: &'static str,
    marker: PhantomData<T>,
}

impl<T> TextVisitor<T> {
    const fn new(expecting: &'static str) -> Self {
        Self {
            expecting,
            marker: PhantomData,
        }
    }
}

impl<T: FromStr<Err = Error>> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<T, E> {
        let text = core::str::from_utf8(v)
            .map_err(|_| E::invalid_value(de::Unexpected::Bytes(v), &self))?;
        self.visit_str(text)
    }
}

impl Serialize for DerivationPath {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DerivationPath {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("a key path such as \"m/44'/0'/0'\""))
    }
}

impl Serialize for ChildNumber {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ChildNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("a child number such as \"44'\" or \"7\""))
    }
}

impl<S> Serialize for ExtendedPublicKey<S>
where
    S: Bip32Text,
{
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut buf = [0u8; MAX_ENCODED_LEN];
        serializer.serialize_str(self.encode(&mut buf).map_err(ser::Error::custom)?)
    }
}

impl<'de, S> Deserialize<'de> for ExtendedPublicKey<S>
where
    S: Bip32Text,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("an extended public key (xpub…)"))
    }
}

impl<S> Serialize for ExtendedPrivateKey<S>
where
    S: Bip32Text,
{
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut buf = Zeroizing::new([0u8; MAX_ENCODED_LEN]);
        serializer.serialize_str(self.encode(&mut buf[..]).map_err(ser::Error::custom)?)
    }
}

impl<'de, S> Deserialize<'de> for ExtendedPrivateKey<S>
where
    S: Bip32Text,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("an extended private key (xprv…)"))
    }
}
