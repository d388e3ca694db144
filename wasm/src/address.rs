//! Addresses: `address`, `decodeAddress`, `coins`, and the address of a key.

use fastbip32::address::{self as lib, AddressKind, CurveFamily};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::keys::unsupported;
use crate::names::{self, Curve, CurveArg as _};
use fastbip32::any_key::address_family;

/// `public_key` as the `N` bytes `kind` takes, or the library's `InvalidLength`.
fn key_of<const N: usize>(public_key: &[u8]) -> Result<&[u8; N], JsValue> {
    public_key.try_into().map_err(|_| {
        errors::lib(fastbip32::Error::InvalidLength {
            len: public_key.len(),
            expected: N,
        })
    })
}

/// Checks that `curve`'s keys have addresses of `kind`.
///
/// # Errors
/// `FastBip32Error` with kind `UnsupportedByScheme`.
pub(crate) fn check_curve(kind: AddressKind, curve: Curve) -> Result<(), JsValue> {
    if address_family(curve) == Some(kind.curve()) {
        Ok(())
    } else {
        Err(unsupported(&format!("a {kind} address"), curve))
    }
}

/// The address of kind `kind` of `public_key` (33 bytes for the secp256k1 kinds, 32 for the
/// others) on `network` (a Bitcoin network for the Bitcoin kinds, a Cardano one for the
/// Cardano kinds; not used by `ethereum` and `solana`); `cardano-base` takes `stake_key`.
pub(crate) fn encode(
    kind: AddressKind,
    public_key: &[u8],
    network: &str,
    stake_key: Option<&[u8]>,
) -> Result<String, JsValue> {
    if stake_key.is_some() != (kind == AddressKind::CardanoBase) {
        return Err(errors::binding(
            "InvalidArgument",
            &if stake_key.is_some() {
                format!("stakeKey is for cardano-base addresses, not {kind}")
            } else {
                "cardano-base addresses need stakeKey: the account's 2/0 public key (32 bytes)"
                    .to_owned()
            },
        ));
    }
    let e = errors::lib;
    let address = match kind.curve() {
        CurveFamily::Secp256k1 => {
            let key = key_of::<33>(public_key)?;
            match kind {
                AddressKind::Ethereum => lib::ethereum(key).map_err(e)?,
                AddressKind::P2pkh => lib::bitcoin::p2pkh(key, names::network(network)?),
                AddressKind::P2shP2wpkh => lib::bitcoin::p2sh_p2wpkh(key, names::network(network)?),
                AddressKind::P2wpkh => lib::bitcoin::p2wpkh(key, names::network(network)?),
                _ => lib::bitcoin::p2tr(key, names::network(network)?).map_err(e)?,
            }
        }
        CurveFamily::Ed25519 => lib::solana(key_of::<32>(public_key)?),
        _ => {
            let key = key_of::<32>(public_key)?;
            let network = names::cardano_network(network)?;
            match (kind, stake_key) {
                (AddressKind::CardanoBase, Some(stake)) => {
                    lib::cardano::base(key, key_of::<32>(stake)?, network)
                }
                (AddressKind::CardanoReward, _) => lib::cardano::reward(key, network),
                _ => lib::cardano::enterprise(key, network),
            }
        }
    };
    Ok(address.as_str().to_owned())
}

/// The address of kind `kind` of a public key on `network` (default mainnet).
#[wasm_bindgen(js_name = rawAddress)]
pub fn address(
    kind: &str,
    public_key: &[u8],
    network: Option<String>,
    stake_key: Option<Vec<u8>>,
) -> Result<String, JsValue> {
    encode(
        names::address_kind(kind)?,
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
    value.map_or(JsValue::NULL, |b| crate::keys::js_bytes(b).into())
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
    set(
        &out,
        "payload",
        &crate::keys::js_bytes(decoded.payload()).into(),
    );
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

/// A coin the library has addresses for: its name, ticker symbol, SLIP-44 coin type,
/// curve, address kinds (the first is the default) and networks.
struct Coin {
    name: &'static str,
    symbol: &'static str,
    slip44: u32,
    curve: Curve,
    kinds: &'static [AddressKind],
    networks: &'static [&'static str],
}

/// The coins of the library's address module.
const COINS: [Coin; 4] = [
    Coin {
        name: "bitcoin",
        symbol: "BTC",
        slip44: 0,
        curve: Curve::Secp256k1,
        kinds: &[
            AddressKind::P2wpkh,
            AddressKind::P2pkh,
            AddressKind::P2shP2wpkh,
            AddressKind::P2tr,
        ],
        networks: &["mainnet", "testnet", "signet", "regtest"],
    },
    Coin {
        name: "ethereum",
        symbol: "ETH",
        slip44: 60,
        curve: Curve::Secp256k1,
        kinds: &[AddressKind::Ethereum],
        networks: &[],
    },
    Coin {
        name: "solana",
        symbol: "SOL",
        slip44: 501,
        curve: Curve::Ed25519,
        kinds: &[AddressKind::Solana],
        networks: &[],
    },
    Coin {
        name: "cardano",
        symbol: "ADA",
        slip44: 1815,
        curve: Curve::CardanoIcarus,
        kinds: &[
            AddressKind::CardanoEnterprise,
            AddressKind::CardanoBase,
            AddressKind::CardanoReward,
        ],
        networks: &["mainnet", "testnet", "preprod", "preview"],
    },
];

/// The coin named `name`.
///
/// # Errors
/// `FastBip32Error` with kind `UnknownCoin`.
fn coin_named(name: &str) -> Result<&'static Coin, JsValue> {
    COINS.iter().find(|c| c.name == name).ok_or_else(|| {
        let names: Vec<_> = COINS.iter().map(|c| c.name).collect();
        errors::binding(
            "UnknownCoin",
            &format!("unknown coin {name:?} (expected {})", names.join(", ")),
        )
    })
}

/// The address kind for `coin` and `kind` (either may be missing) of a key on `curve`:
/// `kind` when it is one of the coin's kinds (or there is no coin), else the coin's default
/// kind; without either, the default kind of the first coin on the key's curve (`p2wpkh` on
/// secp256k1, `solana` on ed25519, `cardano-enterprise` on the BIP32-Ed25519 curves; `p2wpkh`
/// for a public key given alone).
///
/// # Errors
/// `UnknownCoin`, `UnknownAddressKind`, `UnknownCurve`, or `InvalidArgument` for a kind of
/// another coin.
#[wasm_bindgen(js_name = rawCoinKind)]
pub fn coin_kind(
    coin: Option<String>,
    kind: Option<String>,
    curve: Option<String>,
) -> Result<String, JsValue> {
    let kind = kind.as_deref().map(names::address_kind).transpose()?;
    let coin = coin.as_deref().map(coin_named).transpose()?;
    let chosen = match (coin, kind) {
        (None, Some(kind)) => kind,
        (Some(coin), Some(kind)) if coin.kinds.contains(&kind) => kind,
        (Some(coin), Some(kind)) => {
            return Err(errors::binding(
                "InvalidArgument",
                &format!("{kind} is not an address kind of {}", coin.name),
            ))
        }
        (Some(coin), None) => default_kind(coin),
        (None, None) => {
            let family = curve
                .as_deref()
                .map(Curve::parse)
                .transpose()?
                .and_then(address_family);
            COINS
                .iter()
                .find(|c| address_family(c.curve) == family)
                .map_or(AddressKind::P2wpkh, default_kind)
        }
    };
    Ok(chosen.as_str().to_owned())
}

/// A coin's default address kind: the first of its kinds.
fn default_kind(coin: &Coin) -> AddressKind {
    coin.kinds.first().copied().unwrap_or(AddressKind::P2wpkh)
}

/// The coins: `[{name, symbol, coinType, curve, kinds, networks}]`.
#[wasm_bindgen(js_name = rawCoins)]
pub fn coins() -> Array {
    let out = Array::new();
    for coin in &COINS {
        let o = Object::new();
        set(&o, "name", &JsValue::from_str(coin.name));
        set(&o, "symbol", &JsValue::from_str(coin.symbol));
        set(&o, "coinType", &JsValue::from(coin.slip44));
        set(&o, "curve", &JsValue::from_str(coin.curve.name()));
        let kinds = Array::new();
        for k in coin.kinds {
            kinds.push(&JsValue::from_str(k.as_str()));
        }
        set(&o, "kinds", &kinds.into());
        let networks = Array::new();
        for n in coin.networks {
            networks.push(&JsValue::from_str(n));
        }
        set(&o, "networks", &networks.into());
        out.push(&o.into());
    }
    out
}
