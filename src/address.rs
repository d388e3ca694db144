//! Addresses: what wallets show for a public key.
//!
//! Every encoder takes plain public-key bytes and returns an [`Address`], text held on the
//! stack (no heap allocation, `Copy`), so batches of addresses allocate nothing per key.
//!
//! | kind | module / function | needs feature | spec |
//! |---|---|---|---|
//! | P2PKH, P2SH-P2WPKH, P2WPKH, P2TR | [`bitcoin`] | `secp256k1` | BIP-44/49/84/86, BIP-173/350 |
//! | P2PKH, P2SH-P2WPKH, P2WPKH of other coins (versions, prefix, alphabet as parameters) | [`bitcoin::p2pkh_versioned`], [`bitcoin::p2sh_p2wpkh_versioned`], [`bitcoin::p2wpkh_hrp`] | `secp256k1` | the coins' chain parameters |
//! | Ethereum | [`ethereum`] | `secp256k1` | Yellow Paper, EIP-55 |
//! | Tron | [`tron`] | `secp256k1` | Tron's `Base58Check` of the Keccak account |
//! | Solana | [`solana`] | `ed25519` | Base58 of the ed25519 key |
//! | Cardano enterprise, base, reward | [`cardano`] | `ed25519-bip32` | CIP-19 |
//! | CashAddr P2PKH, P2SH (Bitcoin Cash, eCash) | [`cashaddr`] | `secp256k1` | CashAddr 1.1 |
//! | bech32 accounts (Cosmos-SDK, BNB Beacon, Injective, OKX, Harmony, Zilliqa, Avalanche P/X) | [`cosmos`] | `secp256k1` | BIP-173 |
//! | EOS public-key text | [`eos`] | `secp256k1` | `EOS` ‖ Base58(key ‖ RIPEMD-160 check) |
//! | Ergo P2PK | [`ergo`] | `secp256k1` | Ergo addresses (Base58, BLAKE2b-256 check) |
//! | Filecoin `f1` | [`filecoin`] | `secp256k1` | Filecoin spec, protocol 1 |
//! | ICON `hx` | [`icon`] | `secp256k1` | SHA3-256 account |
//! | NEO legacy, NEO N3, Ontology (P-256 keys) | [`neo`] | `nist256p1` | verification-script hash, `Base58Check` |
//!
//! [`AddressKind`] names each kind as the command-line tool spells it and says which curve it
//! needs. [`decode`] reads an address's text back (with `secp256k1` and `ed25519-bip32`):
//! its [`AddressType`], network, and the hash, program or key it commits to.
//!
//! # Security
//! Addresses are computed from public keys only: these functions are variable-time and must
//! not be given secret data.
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "secp256k1")] {
//! use fastbip32::{address, Network, Xprv};
//!
//! // BIP-84's first receive address for "abandon abandon … about".
//! let xprv: Xprv = "zprvAWgYBBk7JR8Gjrh4UJQ2uJdG1r3WNRRfURiABBE3RvMXYSrRJL62XuezvGdPvG6GFBZduosCc1YP5wixPox7zhZLfiUm8aunE96BBa4Kei5".parse()?;
//! let key = xprv.derive_path("m/84'/0'/0'/0/0")?;
//! let addr = address::bitcoin::p2wpkh(&key.public_key(), Network::Mainnet);
//! assert_eq!(addr.as_str(), "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
//! # }
//! # Ok::<(), fastbip32::Error>(())
//! ```

#[cfg(feature = "secp256k1")]
pub mod bitcoin;
#[cfg(feature = "ed25519-bip32")]
pub mod cardano;
#[cfg(feature = "secp256k1")]
pub mod cashaddr;
#[cfg(feature = "secp256k1")]
pub mod cosmos;
#[cfg(all(feature = "secp256k1", feature = "ed25519-bip32"))]
mod decode;
#[cfg(feature = "secp256k1")]
pub mod eos;
#[cfg(feature = "secp256k1")]
pub mod ergo;
pub(crate) mod error;
#[cfg(feature = "secp256k1")]
mod ethereum;
#[cfg(feature = "secp256k1")]
pub mod filecoin;
#[cfg(feature = "secp256k1")]
pub mod icon;
mod kind;
#[cfg(feature = "nist256p1")]
pub mod neo;
#[cfg(feature = "ed25519")]
mod solana;
mod text;

#[cfg(feature = "ed25519")]
mod account_hex;
#[cfg(feature = "ed25519")]
pub mod algorand;
#[cfg(feature = "ed25519")]
pub mod aptos;
#[cfg(feature = "ed25519")]
pub mod multiversx;
#[cfg(feature = "ed25519-blake2b")]
pub mod nano;
#[cfg(feature = "ed25519")]
pub mod near;
#[cfg(feature = "ed25519")]
pub mod nimiq;
#[cfg(feature = "ed25519")]
pub mod ss58;
#[cfg(feature = "ed25519")]
pub mod strkey;
#[cfg(feature = "ed25519")]
pub mod sui;
#[cfg(feature = "ed25519")]
pub mod tezos;
#[cfg(feature = "ed25519")]
pub mod ton;

#[cfg(feature = "ed25519-bip32")]
pub use self::cardano::CardanoNetwork;
#[cfg(all(feature = "secp256k1", feature = "ed25519-bip32"))]
pub use self::decode::{decode, AddressNetwork, AddressType, Credential, Decoded};
pub use self::error::Error;
#[cfg(feature = "secp256k1")]
pub use self::ethereum::{eip55, ethereum, keccak_account, secp256k1_uncompressed, tron};
pub(crate) use self::ethereum::{keccak_account_of_xy, tron_from_account};
pub use self::kind::{AddressKind, CurveFamily, ImpliedScript};
#[cfg(feature = "ed25519")]
pub use self::solana::{solana, solana_keypair, SOLANA_KEYPAIR_MAX_LEN};
pub use self::text::Address;
