//! `fastbip32._native`: the Python package's native module, a thin layer over the
//! `fastbip32` library (conversions of arguments, results and errors; the derivations are the
//! library's). The package `fastbip32` re-exports every name; its stubs document them.
//!
//! * `keys`: `ExtendedPrivateKey`, `ExtendedPublicKey`, `parse_extended_key`, `derive_paths`,
//!   `derive_private_key`;
//! * `private_key`: `PrivateKey`, a plain key pair (WIF, paper wallets);
//! * `address`: `address_from_script`, `eip55`, `wif_encode`, `wif_decode`, and the
//!   encoding of the package's own address kinds;
//! * `coin`: the coin registry, `COINS`, `coin` and `Coin`, `address`, and the coin and kind
//!   an address is asked for;
//! * `mnemonic`: `Mnemonic`, `suggest`;
//! * `descriptor` and `table`: `Descriptor` (with `address_table`), `account_descriptors`;
//! * `recover`: `_recover` and `_recovery_space`, under `fastbip32.recover` and
//!   `fastbip32.recovery_space` (`fastbip32/_recovery.py`);
//! * `errors`: the exception classes, and the one mapping of library errors to them;
//! * `names`: curve, network, address-kind and word-list names.

mod address;
mod coin;
mod convert;
mod descriptor;
mod errors;
mod keys;
mod limits;
mod mnemonic;
mod names;
mod outputs;
mod private_key;
mod recover;
mod table;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add(
        "CURVES",
        pyo3::types::PyTuple::new(
            m.py(),
            names::curves().map(names::Curve::name).collect::<Vec<_>>(),
        )?,
    )?;
    errors::register(m)?;
    coin::register(m)?;
    m.add_class::<keys::PyExtendedPrivateKey>()?;
    m.add_class::<keys::PyExtendedPublicKey>()?;
    m.add_class::<private_key::PyPrivateKey>()?;
    m.add_class::<mnemonic::PyMnemonic>()?;
    m.add_class::<descriptor::PyDescriptor>()?;
    m.add_class::<address::PyDecodedAddress>()?;
    m.add_function(wrap_pyfunction!(keys::parse_extended_key, m)?)?;
    m.add_function(wrap_pyfunction!(keys::derive_paths, m)?)?;
    m.add_function(wrap_pyfunction!(keys::derive_private_key, m)?)?;
    m.add_function(wrap_pyfunction!(coin::address_of_key, m)?)?;
    m.add_function(wrap_pyfunction!(address::address_from_script, m)?)?;
    m.add_function(wrap_pyfunction!(address::decode_address, m)?)?;
    m.add_function(wrap_pyfunction!(address::eip55, m)?)?;
    m.add_function(wrap_pyfunction!(address::wif_encode, m)?)?;
    m.add_function(wrap_pyfunction!(address::wif_decode, m)?)?;
    m.add_function(wrap_pyfunction!(mnemonic::suggest, m)?)?;
    m.add_function(wrap_pyfunction!(descriptor::account_descriptors, m)?)?;
    m.add_function(wrap_pyfunction!(recover::_recover, m)?)?;
    m.add_function(wrap_pyfunction!(recover::_recovery_space, m)?)?;
    Ok(())
}
