//! The coin registry: one table ([`COINS`]), a row per coin, from a public key to the
//! address its wallets show.
//!
//! Each [`Coin`] has its slug (`litecoin`), symbol (`LTC`), name, SLIP-44 coin type, the
//! curve its keys are derived on, its address kinds (the default first), each with its
//! [`Encoder`] and the encoder's parameters (versions, bech32 prefix, Base58 alphabet), the
//! standard paths of the wallets people use (the default first) and its private-key text
//! formats ([`KeyText`]). A coin of an existing encoder family is one row.
//!
//! [`encode`] is the one place an address is encoded from a key: an exhaustive `match` over
//! the encoder families. [`Coin::address`] and [`AddressFormat::encode`] go through it, and
//! so do the kinds of [`AddressKind`](crate::address::AddressKind) ([`of_kind`]).
//!
//! [`identify`] reads an address's text back and names the coins (and kinds) it can belong
//! to: an EVM address belongs to every EVM chain.
//!
//! # Security
//! Addresses are computed from public keys only: every encoder is variable-time and must not
//! be given secret data.
//!
//! # Examples
//!
//! ```
//! use fastbip32::coin::{Coin, Context};
//!
//! let ltc = Coin::find("ltc")?; // a slug or a symbol
//! assert_eq!(ltc.slug(), "litecoin");
//! assert_eq!(ltc.slip44(), 2);
//! assert_eq!(ltc.default_kind().name(), "p2wpkh");
//! assert_eq!(ltc.default_path().path(), "m/84'/2'/0'/0/0");
//!
//! // wallet-core's Litecoin P2PKH vector (tests/chains/Litecoin/LitecoinAddressTests.cpp).
//! let mut key = [0u8; 33];
//! fastbip32::hex::decode(
//!     "03b49081a4d7ad24b20e209bc6fe10491aadb5607777baf0509a036cce96025db0",
//!     &mut key,
//! )?;
//! let addr = ltc.address("p2pkh", &key, &Context::default())?;
//! assert_eq!(addr, "LW6HjAU6GL9fK2LZWUA6VZCzomTdrpx3nr");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod identify;
mod lookup;
mod table;
mod types;

pub use self::identify::{identify, Identified, Match};
pub use self::lookup::of_kind;
pub use self::table::COINS;
#[cfg(feature = "recovery")]
pub(crate) use self::table::{BITCOIN, CARDANO, ETHEREUM, SOLANA};
pub use self::types::{
    comparable, encode, encode_point, AddressFormat, BitcoinScript, CardanoAddress, Coin, Context,
    Encoder, KeyText, Wallet, WalletPath,
};
