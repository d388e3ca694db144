//! Fixtures several modules share: the registry coins' vectors written by `bip_utils`
//! (`tests/data/coins_bip_utils.json`, `scripts/gen_coin_vectors.py`).

use serde_json::Value;

const COINS_JSON: &str = include_str!("../../../tests/data/coins_bip_utils.json");

/// Registry coins whose addresses are told apart by their text alone, and one that is not
/// (an EVM address is any EVM chain's): each with the path of its `bip_utils` case at index
/// 7 of its default path, and the `--coin` that names it where its address does not.
pub(crate) const REGISTRY_COINS: [(&str, &str, Option<&str>); 5] = [
    ("litecoin", "m/44'/2'/0'/0/7", None),
    ("tron", "m/44'/195'/0'/0/7", None),
    ("ripple", "m/44'/144'/0'/0/7", None),
    ("cosmos", "m/44'/118'/0'/0/7", None),
    ("polygon", "m/44'/60'/0'/0/7", Some("polygon")),
];

/// `bip_utils`' record of `coin` (by registry slug): its mnemonic, passphrase and cases.
pub(crate) fn coin_record(coin: &str) -> Value {
    let data: Value = serde_json::from_str(COINS_JSON).unwrap();
    data["coins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["coin"] == coin)
        .unwrap_or_else(|| panic!("no bip_utils record of {coin}"))
        .clone()
}

/// One `bip_utils` case of a coin: the wallet's mnemonic, and the address at the case's path
/// with its account's xpub.
pub(crate) struct CoinCase {
    pub(crate) mnemonic: String,
    pub(crate) address: String,
    pub(crate) account_xpub: String,
}

/// `bip_utils`' case of `coin` at `path`.
pub(crate) fn coin_case(coin: &str, path: &str) -> CoinCase {
    let record = coin_record(coin);
    let case = record["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"] == path)
        .unwrap_or_else(|| panic!("no bip_utils case of {coin} at {path}"));
    let text = |value: &Value| value.as_str().unwrap().to_owned();
    CoinCase {
        mnemonic: text(&record["mnemonic"]),
        address: text(&case["address"]),
        account_xpub: text(&case["account_xpub"]),
    }
}
