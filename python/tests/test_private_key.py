"""``fastbip32.PrivateKey``: plain key pairs from WIF or bytes, compressed or not. The
expected values are published ones: the private key 1, whose public key is the generator G
(SEC 2 §2.4.1), its WIF texts and addresses, and the Bitcoin wiki's WIF example."""

from __future__ import annotations

import copy
import pickle

import pytest

import fastbip32 as fb

ONE = bytes(31) + b"\x01"
# SEC 2 §2.4.1: G, compressed and uncompressed.
G_X = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
G_Y = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
# The well-known WIF texts and P2PKH addresses of the private key 1.
WIF_COMPRESSED = "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn"
WIF_UNCOMPRESSED = "5HpHagT65TZzG1PH3CSu63k8DbpvD8s5ip4nEB3kEsreAnchuDf"
P2PKH_COMPRESSED = "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH"
P2PKH_UNCOMPRESSED = "1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm"
# EIP-55 of G's account (the Ethereum address of the private key 1).
ETHEREUM = "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"
# The Bitcoin wiki's "Wallet import format" example.
WIKI_KEY = "0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d"
WIKI_WIF = "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ"


def test_compressed_key() -> None:
    key = fb.PrivateKey(ONE)
    assert key.compressed and key.private_key == ONE
    assert key.public_key.hex() == "02" + G_X
    assert key.wif() == WIF_COMPRESSED
    assert key.address("p2pkh") == P2PKH_COMPRESSED
    assert key.address("ethereum") == ETHEREUM
    assert fb.PrivateKey.from_wif(WIF_COMPRESSED) == key
    # Every kind of a compressed key, as the library's address() of the same public key.
    for kind in ("p2sh-p2wpkh", "p2wpkh", "p2tr"):
        assert key.address(kind) == fb.address(kind, key.public_key)


def test_uncompressed_key() -> None:
    key = fb.PrivateKey.from_wif(WIF_UNCOMPRESSED)
    assert not key.compressed and key.private_key == ONE
    assert key.public_key.hex() == "04" + G_X + G_Y
    assert key.wif() == WIF_UNCOMPRESSED
    assert key.address("p2pkh") == P2PKH_UNCOMPRESSED
    assert key.address("ethereum") == ETHEREUM
    assert key == fb.PrivateKey(ONE, compressed=False) and key != fb.PrivateKey(ONE)
    for kind in ("p2wpkh", "p2sh-p2wpkh", "p2tr"):
        with pytest.raises(fb.Error, match="segwit") as err:
            key.address(kind)
        assert err.value.kind == "UncompressedKey"
    wiki = fb.PrivateKey.from_wif(WIKI_WIF)
    assert wiki.private_key.hex() == WIKI_KEY and wiki.wif() == WIKI_WIF


def test_networks() -> None:
    test = fb.PrivateKey.from_wif(fb.PrivateKey(ONE).wif("testnet"))
    assert test.wif().startswith("c") and test.address("p2wpkh").startswith("tb1")
    with pytest.raises(fb.Error) as err:
        test.address("p2wpkh", "mainnet")
    assert err.value.kind == "NetworkMismatch"
    assert fb.PrivateKey(ONE).address("p2wpkh", "regtest").startswith("bcrt1")


def test_bad_keys() -> None:
    for bad in (bytes(32), b"\xff" * 32):
        with pytest.raises(fb.Error) as err:
            fb.PrivateKey(bad)
        assert err.value.kind == "InvalidSecretKey"
    with pytest.raises(fb.Error) as err:
        fb.PrivateKey(ONE[:31])
    assert err.value.kind == "InvalidLength"
    with pytest.raises(fb.AddressError):
        fb.PrivateKey.from_wif(WIF_COMPRESSED[:-1] + "o")


def test_secrets_stay_out_of_repr_and_pickles() -> None:
    key = fb.PrivateKey(ONE)
    assert repr(key) == f"PrivateKey(compressed=True, public_key='02{G_X}')"
    with pytest.raises(TypeError, match="wif"):
        pickle.dumps(key)
    assert copy.copy(key) is key and copy.deepcopy(key) is key
    with pytest.raises(TypeError):
        hash(key)
