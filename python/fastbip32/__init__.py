"""fastbip32: fast, strict hierarchical deterministic key derivation (BIP-32, SLIP-10,
BIP32-Ed25519/Cardano), addresses, WIF, BIP-39 mnemonics in ten word lists and output
descriptors, over the Rust library of the same name.

Every name is documented in the type stubs (``__init__.pyi``) and by ``help()``. Errors:
``Error`` (a ``ValueError``) and its subclasses ``PathError``, ``MnemonicError``,
``DescriptorError``, ``AddressError`` and ``RecoveryError``; a wrong Python type raises
``TypeError``. ``COINS`` and ``coin()`` are the coin registry. ``fastbip32.dask`` (the
``dask`` extra) spreads ``Descriptor.address_table`` over a Dask cluster.
"""

from fastbip32._native import (
    COINS,
    CURVES,
    AddressError,
    Coin,
    DecodedAddress,
    Descriptor,
    DescriptorError,
    Error,
    ExtendedPrivateKey,
    ExtendedPublicKey,
    Mnemonic,
    MnemonicError,
    PathError,
    PrivateKey,
    RecoveryError,
    __version__,
    account_descriptors,
    address,
    address_from_script,
    coin,
    decode_address,
    derive_paths,
    derive_private_key,
    eip55,
    parse_extended_key,
    suggest,
    wif_decode,
    wif_encode,
)
from fastbip32._recovery import Recovered, recover, recovery_space

__all__ = [
    "COINS",
    "CURVES",
    "AddressError",
    "Coin",
    "DecodedAddress",
    "Descriptor",
    "DescriptorError",
    "Error",
    "ExtendedPrivateKey",
    "ExtendedPublicKey",
    "Mnemonic",
    "MnemonicError",
    "PathError",
    "PrivateKey",
    "Recovered",
    "RecoveryError",
    "__version__",
    "account_descriptors",
    "address",
    "address_from_script",
    "coin",
    "decode_address",
    "derive_paths",
    "derive_private_key",
    "eip55",
    "parse_extended_key",
    "recover",
    "recovery_space",
    "suggest",
    "wif_decode",
    "wif_encode",
]
