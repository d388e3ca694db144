"""Address and WIF vectors (tests/data/address_*.json) through the Python API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from conftest import h, load

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _BitcoinNetwork

BIPS = load("address_bips.json")
EIP55 = load("address_eip55.json")
CIP19 = load("address_cip19.json")
KEY_IO = load("address_key_io.json")
BIP_UTILS = load("address_bip_utils.json")

CHAINS: dict[str, _BitcoinNetwork] = {
    "main": "mainnet",
    "testnet4": "testnet",
    "signet": "signet",
    "regtest": "regtest",
}
MNEMONIC = "abandon " * 11 + "about"


def root() -> fb.ExtendedPrivateKey:
    return fb.ExtendedPrivateKey.from_mnemonic(MNEMONIC)


def test_bip_accounts() -> None:
    for account in BIPS["accounts"]:
        key = fb.ExtendedPrivateKey.parse(account["root"])
        derived = key.derive(account["path"])
        assert str(derived) == account["xprv"]
        if "xpub" in account:
            assert str(derived.to_xpub()) == account["xpub"]
        # The family of the text is kept through derivation and neutering.
        assert derived.version_name == account["xprv"][:4]


@pytest.mark.parametrize("case", BIPS["cases"], ids=lambda c: c["path"])
def test_bip_addresses(case: dict[str, Any]) -> None:
    key = root().derive(case["path"])
    network = case["network"]
    assert key.address(case["kind"], network) == case["address"]
    if "wif" in case:
        assert key.wif(network) == case["wif"]
        assert fb.wif_decode(case["wif"]) == (key.private_key, network)
    if "public_key_hex" in case:
        assert key.public_key == h(case["public_key_hex"])
        assert fb.address(case["kind"], key.public_key, network) == case["address"]
    if "private_key_hex" in case and "wif" in case:
        assert key.private_key == h(case["private_key_hex"])
        assert fb.wif_encode(key.private_key, network) == case["wif"]
    if "script_pubkey_hex" in case:
        assert fb.address_from_script(h(case["script_pubkey_hex"])) == case["address"]
        assert key.public_key[1:] == h(case["internal_key_hex"])
    if "xprv" in case:
        assert str(key) == case["xprv"] and str(key.to_xpub()) == case["xpub"]
        assert key.to_xpub().address(case["kind"]) == case["address"]


def test_eip55() -> None:
    for text in EIP55["cases"]:
        assert fb.eip55(h(text[2:].lower())) == text
    assert len(EIP55["cases"]) == 8


def test_cip19() -> None:
    payment = h(CIP19["payment_public_key_hex"])
    stake = h(CIP19["stake_public_key_hex"])
    for case in CIP19["cases"]:
        network = case["network"]
        if case["type"] == 0:
            got = fb.address("cardano-base", payment, network, stake_key=stake)
        elif case["type"] == 6:
            got = fb.address("cardano-enterprise", payment, network)
        else:
            got = fb.address("cardano-reward", stake, network)
        assert got == case["address"]


def test_key_io_valid() -> None:
    for text, script, chain in KEY_IO["valid_addresses"]:
        assert fb.address_from_script(h(script), CHAINS[chain]) == text
    for text, secret, chain, compressed in KEY_IO["valid_private_keys"]:
        if compressed:
            key, network = fb.wif_decode(text)
            assert key == h(secret)
            assert network == ("mainnet" if chain == "main" else "testnet")
            assert fb.wif_encode(h(secret), CHAINS[chain]) == text
        else:
            with pytest.raises(fb.Error) as err:
                fb.wif_decode(text)
            assert err.value.kind == "UncompressedWif"


def test_key_io_invalid() -> None:
    assert len(KEY_IO["invalid"]) == 70
    for text in KEY_IO["invalid"]:
        with pytest.raises(fb.Error):
            fb.wif_decode(text)


def test_bip_utils_vectors() -> None:
    r = root()
    assert str(r.derive("m/44'/0'/0'").to_xpub()) == BIP_UTILS["bip44_account_xpub"]
    assert r.derive("m/49'/0'/0'").to_xpub().to_string("ypub") == BIP_UTILS["bip49_account_ypub"]
    for case in BIP_UTILS["bitcoin"]:
        key = r.derive(case["path"])
        assert key.public_key == h(case["public_key_hex"])
        assert key.private_key == h(case["private_key_hex"])
        assert key.address(case["kind"], case["network"]) == case["address"]
        assert key.wif(case["network"]) == case["wif"]
    for case in BIP_UTILS["ethereum"]:
        key = r.derive(case["path"])
        assert key.public_key == h(case["public_key_hex"])
        assert key.address("ethereum") == case["address"]
    sol = fb.ExtendedPrivateKey.from_mnemonic(MNEMONIC, curve="ed25519")
    for case in BIP_UTILS["solana"]:
        key = sol.derive(case["path"])
        assert key.public_key == h(case["public_key_hex"])
        assert key.address("solana") == case["address"]
        assert fb.address("solana", key.public_key) == case["address"]
    ada = fb.ExtendedPrivateKey.from_mnemonic(MNEMONIC, curve="cardano-icarus")
    for case in BIP_UTILS["cardano_icarus"]:
        payment = ada.derive(case["path"])
        stake = ada.derive(case["stake_path"])
        assert payment.public_key == h(case["payment_public_key_hex"])
        assert stake.public_key == h(case["stake_public_key_hex"])
        network = case["network"]
        assert payment.address("cardano-base", network, stake_key=stake.public_key) == case["base"]
        assert stake.address("cardano-reward", network) == case["reward"]
