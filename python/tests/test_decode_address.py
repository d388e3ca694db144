"""fastbip32.decode_address against published vectors (BIP-173, BIP-350, EIP-55, CIP-19),
bip_utils' addresses, and embit and pycardano as oracles for random programs."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from conftest import h, load
from embit.networks import NETWORKS
from embit.script import Script
from hypothesis import given, settings
from hypothesis import strategies as st
from pycardano import Address as CardanoAddress

import fastbip32 as fb

SEGWIT = load("address_decode_bips.json")
BIP_UTILS = load("address_bip_utils.json")
CIP19 = load("address_cip19.json")


@pytest.mark.parametrize("case", SEGWIT["valid"], ids=lambda c: c["address"][:24])
def test_bip173_bip350_valid(case: dict[str, Any]) -> None:
    d = fb.decode_address(case["address"])
    script = h(case["script_pubkey"])
    assert d.script_pubkey == script
    # The witness program follows OP_n and its push.
    assert d.payload == script[2:]
    assert d.witness_version == (0 if script[0] == 0 else script[0] - 0x50)
    assert d.network in ("mainnet", "testnet", "regtest")


@pytest.mark.parametrize(
    "address",
    [c["address"] for c in SEGWIT["invalid"]]
    + [c["address"] for c in SEGWIT["bip173_bech32_v1_plus"]],
)
def test_bip173_bip350_invalid(address: str) -> None:
    with pytest.raises(fb.Error):
        fb.decode_address(address)


def test_bip_utils_addresses() -> None:
    for case in BIP_UTILS["bitcoin"]:
        d = fb.decode_address(case["address"])
        assert d.type == {"p2sh-p2wpkh": "p2sh"}.get(case["kind"], case["kind"])
        assert d.network == case["network"]
        key = h(case["public_key_hex"])
        hash160 = hashlib.new("ripemd160", hashlib.sha256(key).digest()).digest()
        if case["kind"] in ("p2pkh", "p2wpkh"):
            assert d.payload == hash160
    for case in BIP_UTILS["ethereum"]:
        d = fb.decode_address(case["address"])
        assert (d.type, d.network) == ("ethereum", None)
        assert d.payload == h(case["address"][2:])
    for case in BIP_UTILS["solana"]:
        d = fb.decode_address(case["address"])
        assert (d.type, d.payload) == ("solana", h(case["public_key_hex"]))


def test_eip55() -> None:
    for address in load("address_eip55.json")["cases"]:
        d = fb.decode_address(address)
        assert d.payload == h(address[2:])
        assert fb.decode_address(address.lower()) == d
        # One letter's case flipped breaks the checksum.
        i = next(i for i, c in enumerate(address) if i > 1 and c.isalpha())
        flipped = address[:i] + address[i].swapcase() + address[i + 1 :]
        with pytest.raises(fb.Error) as err:
            fb.decode_address(flipped)
        assert err.value.kind == "Eip55Checksum"


@pytest.mark.parametrize("case", CIP19["cases"], ids=lambda c: c["address"][:20])
def test_cip19_against_pycardano(case: dict[str, Any]) -> None:
    ours = fb.decode_address(case["address"])
    theirs = CardanoAddress.from_primitive(case["address"])
    parts = [p for p in (theirs.payment_part, theirs.staking_part) if p is not None]
    assert ours.payload == b"".join(bytes(p.payload) for p in parts)
    assert ours.network == ("mainnet" if case["network"] == "mainnet" else "testnet")
    assert ours.type.startswith("cardano-")


@settings(max_examples=200, deadline=None)
@given(
    program=st.binary(min_size=20, max_size=20) | st.binary(min_size=32, max_size=32),
    form=st.sampled_from(["p2pkh", "p2sh", "segwit-v0", "p2tr"]),
    net=st.sampled_from(["main", "test", "regtest"]),
)
def test_random_programs_against_embit(program: bytes, form: str, net: str) -> None:
    if form in ("p2pkh", "p2sh"):
        program = program[:20]
    if form == "p2tr" and len(program) != 32:
        program = program + bytes(12)
    script = {
        "p2pkh": b"\x76\xa9\x14" + program + b"\x88\xac",
        "p2sh": b"\xa9\x14" + program + b"\x87",
        "segwit-v0": bytes([0, len(program)]) + program,
        "p2tr": b"\x51\x20" + program,
    }[form]
    text = Script(script).address(NETWORKS[net])
    d = fb.decode_address(text)
    assert d.script_pubkey == script
    assert d.payload == program
    # embit's regtest Base58 prefixes are testnet's: the text cannot tell them apart.
    expected = {"main": "mainnet", "test": "testnet", "regtest": "regtest"}[net]
    if net == "regtest" and form in ("p2pkh", "p2sh"):
        expected = "testnet"
    assert d.network == expected


def test_errors_and_repr() -> None:
    with pytest.raises(fb.Error) as err:
        fb.decode_address("hi")
    assert err.value.kind == "UnrecognisedAddress"
    d = fb.decode_address("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
    assert (d.type, d.network, d.witness_version) == ("p2wpkh", "mainnet", 0)
    assert (d.payment_credential, d.stake_credential) == (None, None)
    assert repr(d) == (
        "DecodedAddress(type='p2wpkh', network='mainnet', "
        "payload=751e76e8199196d454941c45d1b3a323f1433bd6)"
    )
