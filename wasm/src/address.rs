//! Addresses: `address`, `decodeAddress`, `coins`, and the address of a key, all through
//! the library's coin registry (`fastbip32::coin`).

use fastbip32::address::{self as lib, AddressKind, CardanoNetwork};
use fastbip32::coin::{self, AddressFormat, CardanoAddress, Coin, Context, Encoder, COINS};
use fastbip32::Network;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::convert::{js_bytes, unsupported};
use crate::errors;
use crate::names::{self, Curve};
use fastbip32::any_key::address_family;

/// Where an address goes: a coin of the registry ([`fastbip32::coin::COINS`]) and one of its
/// address kinds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Target {
    coin: &'static Coin,
    format: &'static AddressFormat,
}

/// The target of `coin` and `kind` (either may be missing) for a key on `curve` (`None` for
/// a public key given alone):
/// * a coin (slug or symbol, as [`Coin::find`] reads it): `kind` among its kinds, else its
///   default kind;
/// * a kind without a coin: one of the library's [`AddressKind`] names (`p2wpkh`,
///   `ethereum`, `cardano-base`, …), the kind of its coin ([`coin::of_kind`]);
/// * neither: the default kind of the registry's first coin on the key's curve (Bitcoin's
///   `p2wpkh` on secp256k1 and for a public key alone, Solana on ed25519, Cardano on the
///   BIP32-Ed25519 curves, NEO on nist256p1).
///
/// # Errors
/// `FastBip32Error` with kind `UnknownCoin`, `UnknownAddressKind`, `InvalidArgument` (a kind
/// the coin does not have) or `UnsupportedByScheme` (a coin of another curve than the key's).
pub(crate) fn target(
    coin: Option<&str>,
    kind: Option<&str>,
    curve: Option<Curve>,
) -> Result<Target, JsValue> {
    let family = curve.and_then(address_family);
    let target = match (coin, kind) {
        (Some(name), kind) => {
            let coin = Coin::find(name).map_err(errors::lib)?;
            let format = match kind {
                None => coin.default_kind(),
                Some(kind) => coin.kind(kind).ok_or_else(|| {
                    let kinds: Vec<_> = coin.kinds().map(AddressFormat::name).collect();
                    errors::binding(
                        "InvalidArgument",
                        &format!(
                            "{kind} is not an address kind of {} (expected {})",
                            coin.slug(),
                            kinds.join(", ")
                        ),
                    )
                })?,
            };
            Target { coin, format }
        }
        (None, Some(kind)) => {
            let (coin, format) = coin::of_kind(names::address_kind(kind)?);
            Target { coin, format }
        }
        (None, None) => {
            let coin = COINS
                .iter()
                .find(|c| Some(c.curve()) == family)
                .unwrap_or(coin::of_kind(AddressKind::P2wpkh).0);
            Target {
                coin,
                format: coin.default_kind(),
            }
        }
    };
    match curve {
        Some(curve) if family != Some(target.coin.curve()) => Err(unsupported(
            &format!("a {} {} address", target.coin.slug(), target.format.name()),
            curve,
        )),
        _ => Ok(target),
    }
}

impl Target {
    /// The address of `public_key` (33 bytes on secp256k1 and nist256p1, 32 on the ed25519
    /// curves) through the library's one encoder ([`coin::encode`]). `network` is the
    /// Bitcoin network of Bitcoin's kinds or the Cardano network of Cardano's (any of the
    /// names of either for the other coins, which have one network); `cardano-base` takes
    /// `stake_key`, the account's `2/0` public key.
    ///
    /// # Errors
    /// `UnknownNetwork`, `InvalidArgument` (a stake key missing or not wanted),
    /// `InvalidPublicKey`.
    pub(crate) fn encode(
        &self,
        public_key: &[u8],
        network: &str,
        stake_key: Option<&[u8]>,
    ) -> Result<String, JsValue> {
        let context = self.context(network, stake_key)?;
        self.encode_with(public_key, &context)
    }

    /// The library's context of this target's addresses: see [`encode`](Self::encode).
    ///
    /// # Errors
    /// As [`encode`](Self::encode), but `InvalidPublicKey`.
    pub(crate) fn context(
        &self,
        network: &str,
        stake_key: Option<&[u8]>,
    ) -> Result<Context, JsValue> {
        let encoder = self.format.encoder();
        let is_base = matches!(encoder, Encoder::Cardano(CardanoAddress::Base));
        if stake_key.is_some() != is_base {
            return Err(errors::binding(
                "InvalidArgument",
                &if stake_key.is_some() {
                    format!(
                        "stakeKey is for cardano-base addresses, not {}",
                        self.format.name()
                    )
                } else {
                    "cardano-base addresses need stakeKey: the account's 2/0 public key (32 bytes)"
                        .to_owned()
                },
            ));
        }
        let stake = stake_key
            .map(|s| {
                <[u8; 32]>::try_from(s).map_err(|_| {
                    errors::lib(fastbip32::Error::InvalidLength {
                        len: s.len(),
                        expected: 32,
                    })
                })
            })
            .transpose()?;
        let bitcoin = names::network(network);
        let cardano = names::cardano_network(network);
        if let (Err(e), Err(_)) = (&bitcoin, &cardano) {
            return Err(e.clone());
        }
        Ok(Context {
            bitcoin: if matches!(encoder, Encoder::Bitcoin(_)) {
                bitcoin?
            } else {
                Network::default()
            },
            cardano: if matches!(encoder, Encoder::Cardano(_)) {
                cardano?
            } else {
                CardanoNetwork::default()
            },
            stake,
        })
    }

    /// The address of `public_key` in `context`.
    ///
    /// # Errors
    /// `InvalidPublicKey`.
    pub(crate) fn encode_with(
        &self,
        public_key: &[u8],
        context: &Context,
    ) -> Result<String, JsValue> {
        let address = self
            .format
            .encode(public_key, context)
            .map_err(errors::lib)?;
        Ok(address.as_str().to_owned())
    }
}

/// The address of a public key of `coin`'s kind `kind` (see `target`; without either,
/// Bitcoin's `p2wpkh`) on `network` (default mainnet).
#[wasm_bindgen(js_name = rawAddress)]
pub fn address(
    coin: Option<String>,
    kind: Option<String>,
    public_key: &[u8],
    network: Option<String>,
    stake_key: Option<Vec<u8>>,
) -> Result<String, JsValue> {
    target(coin.as_deref(), kind.as_deref(), None)?.encode(
        public_key,
        network.as_deref().unwrap_or("mainnet"),
        stake_key.as_deref(),
    )
}

fn set(object: &Object, name: &str, value: &JsValue) {
    // Setting a property of a fresh plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(name), value);
}

fn text_or_null(value: Option<&str>) -> JsValue {
    value.map_or(JsValue::NULL, JsValue::from_str)
}

fn bytes_or_null(value: Option<&[u8]>) -> JsValue {
    value.map_or(JsValue::NULL, |b| js_bytes(b).into())
}

/// Decodes an address of any kind the library reads: a plain object `{type, network,
/// witnessVersion, payload, scriptPubKey, paymentCredential, stakeCredential}` (null where
/// a field does not apply).
#[wasm_bindgen(js_name = rawDecodeAddress)]
pub fn decode_address(text: &str) -> Result<Object, JsValue> {
    let decoded = lib::decode(text).map_err(errors::lib)?;
    let out = Object::new();
    set(
        &out,
        "type",
        &JsValue::from_str(decoded.address_type().as_str()),
    );
    set(&out, "network", &text_or_null(decoded.network().as_str()));
    set(
        &out,
        "witnessVersion",
        &decoded
            .witness_version()
            .map_or(JsValue::NULL, JsValue::from),
    );
    set(&out, "payload", &js_bytes(decoded.payload()).into());
    set(
        &out,
        "scriptPubKey",
        &bytes_or_null(decoded.script_pubkey()),
    );
    set(
        &out,
        "paymentCredential",
        &text_or_null(decoded.payment_credential().map(lib::Credential::as_str)),
    );
    set(
        &out,
        "stakeCredential",
        &text_or_null(decoded.stake_credential().map(lib::Credential::as_str)),
    );
    Ok(out)
}

/// The names of the networks a coin's addresses follow: Bitcoin's four for Bitcoin's
/// scripts, Cardano's for Cardano's kinds, none for the one-network coins.
fn networks(coin: &Coin) -> &'static [&'static str] {
    if coin
        .kinds()
        .any(|k| matches!(k.encoder(), Encoder::Bitcoin(_)))
    {
        &["mainnet", "testnet", "signet", "regtest"]
    } else if coin
        .kinds()
        .any(|k| matches!(k.encoder(), Encoder::Cardano(_)))
    {
        &["mainnet", "testnet", "preprod", "preview"]
    } else {
        &[]
    }
}

fn strings<'a>(items: impl Iterator<Item = &'a str>) -> JsValue {
    let out = Array::new();
    for item in items {
        out.push(&JsValue::from_str(item));
    }
    out.into()
}

/// The coins of the library's registry ([`fastbip32::coin::COINS`]), in its order: the
/// fields of the command-line tool's `coins --json` in camelCase (`coin`, `symbol`, `name`,
/// `slip44`, `curve`, `addressKinds`, `defaultPath`, `defaultPathWallets`), and `networks`
/// (the network names its addresses follow) and `paths` (every standard path, the default
/// first: `{path, series, kind, wallets}`).
#[wasm_bindgen(js_name = rawCoins)]
pub fn coins() -> Array {
    let out = Array::new();
    for coin in COINS {
        let o = Object::new();
        set(&o, "coin", &JsValue::from_str(coin.slug()));
        set(&o, "symbol", &JsValue::from_str(coin.symbol()));
        set(&o, "name", &JsValue::from_str(coin.name()));
        set(&o, "slip44", &JsValue::from(coin.slip44()));
        set(&o, "curve", &JsValue::from_str(coin.curve().as_str()));
        set(
            &o,
            "addressKinds",
            &strings(coin.kinds().map(AddressFormat::name)),
        );
        set(
            &o,
            "defaultPath",
            &JsValue::from_str(coin.default_path().path()),
        );
        set(
            &o,
            "defaultPathWallets",
            &JsValue::from_str(coin.default_path().wallets()),
        );
        set(&o, "networks", &strings(networks(coin).iter().copied()));
        let paths = Array::new();
        for path in coin.paths() {
            let p = Object::new();
            set(&p, "path", &JsValue::from_str(path.path()));
            set(&p, "series", &JsValue::from_str(path.series()));
            set(&p, "kind", &JsValue::from_str(path.kind()));
            set(&p, "wallets", &JsValue::from_str(path.wallets()));
            paths.push(&p.into());
        }
        set(&o, "paths", &paths.into());
        out.push(&o.into());
    }
    out
}
