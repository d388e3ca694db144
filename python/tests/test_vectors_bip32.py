"""BIP-32 and SLIP-10 vectors (tests/data/bip32.json, slip10.json) through the Python API."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import h, load

import fastbip32 as fb

BIP32 = load("bip32.json")["cases"]
SLIP10 = load("slip10.json")["cases"]

# The library's error variant for each of BIP-32 test vector 5's keys.
REASONS = {
    "xpub_version_with_private_key_data": "VersionKeyMismatch",
    "xprv_version_with_public_key_data": "VersionKeyMismatch",
    "invalid_pubkey_prefix_04": "InvalidPublicKey",
    "invalid_pubkey_prefix_01": "InvalidPublicKey",
    "pubkey_not_on_curve": "InvalidPublicKey",
    "invalid_prvkey_prefix_04": "InvalidPrivateKeyPrefix",
    "invalid_prvkey_prefix_01": "InvalidPrivateKeyPrefix",
    "zero_depth_nonzero_parent_fingerprint": "ZeroDepthNonZeroParent",
    "zero_depth_nonzero_index": "ZeroDepthNonZeroChildNumber",
    "unknown_version": "UnknownVersion",
    "private_key_zero": "InvalidSecretKey",
    "private_key_equals_n": "InvalidSecretKey",
    "invalid_checksum": "BadChecksum",
}


def indices_path(indices: list[int]) -> str:
    """A path string from raw child numbers (hardened = i + 2**31)."""
    parts = [f"{i - 2**31}'" if i >= 2**31 else str(i) for i in indices]
    return "/".join(["m", *parts])


def check_step(key: fb.ExtendedPrivateKey, step: dict[str, Any], public_prefix: bytes) -> None:
    assert key.depth == len(step["path_indices"])
    assert key.child_number == (step["path_indices"] or [0])[-1]
    assert key.chain_code == h(step["chain_code_hex"])
    assert key.private_key == h(step["private_key_hex"])
    assert public_prefix + key.public_key == h(step["public_key_hex"])
    assert key.parent_fingerprint == h(step["parent_fingerprint_hex"])


@pytest.mark.parametrize(
    "case", [c for c in BIP32 if c["kind"] == "derivation"], ids=lambda c: c["id"]
)
def test_bip32_derivation(case: dict[str, Any]) -> None:
    root = fb.ExtendedPrivateKey.from_seed(h(case["seed_hex"]))
    previous: fb.ExtendedPrivateKey | None = None
    for step in case["chain"]:
        key = root.derive(step["path"])
        assert key == root.derive(indices_path(step["path_indices"]))
        decoded = step["decoded"]
        assert str(key) == step["xprv"] == key.to_string()
        assert str(key.to_xpub()) == step["xpub"]
        assert key.version_name == "xprv" and key.to_xpub().version_name == "xpub"
        assert key.depth == decoded["depth"]
        assert key.child_number == decoded["child_number"]
        assert key.parent_fingerprint == h(decoded["parent_fingerprint_hex"])
        assert key.chain_code == h(decoded["chain_code_hex"])
        assert key.private_key == h(decoded["private_key_hex"])
        assert key.public_key == h(decoded["public_key_hex"])
        assert key.to_xpub().public_key == key.public_key
        # Text and bytes both ways.
        assert fb.ExtendedPrivateKey.parse(step["xprv"]) == key
        assert fb.parse_extended_key(step["xpub"]) == key.to_xpub()
        assert fb.ExtendedPrivateKey.from_bytes(key.to_bytes()) == key
        assert fb.ExtendedPublicKey.from_bytes(key.to_xpub().to_bytes()) == key.to_xpub()
        if previous is not None:
            child = previous.derive(step["path"].rsplit("/", 1)[1])
            assert child == key
            assert child.parent_fingerprint == previous.fingerprint
            if step["path_indices"][-1] < 2**31:
                # Public derivation gives the same public key.
                public_child = previous.to_xpub().derive(str(step["path_indices"][-1]))
                assert public_child == key.to_xpub()
        previous = key


@pytest.mark.parametrize(
    "case", [c for c in BIP32 if c["kind"] == "invalid_extended_key"], ids=lambda c: c["id"]
)
def test_bip32_invalid_keys(case: dict[str, Any]) -> None:
    text = case["extended_key"]
    expected = REASONS[case["reason_code"]]
    with pytest.raises(fb.Error) as err:
        fb.parse_extended_key(text)
    assert err.value.kind == expected, str(err.value)
    assert type(err.value) is fb.Error


@pytest.mark.parametrize("case", SLIP10, ids=lambda c: c["id"])
def test_slip10(case: dict[str, Any]) -> None:
    curve = case["curve"]
    seed = h(case["seed_hex"])
    root = fb.ExtendedPrivateKey.from_seed(seed, curve=curve)
    assert root.curve == curve
    if case["kind"] == "derivation_failure":
        with pytest.raises(fb.PathError) as err:
            root.derive(case["path"])
        assert err.value.kind == "HardenedOnly"
        assert err.value.segment == len(case["path_indices"]) - 1
        return
    # SLIP-10 prints 33-byte public keys for every curve: 00 ‖ key for ed25519/curve25519.
    prefix = b"\x00" if curve in ("ed25519", "curve25519") else b""
    for step in case["chain"]:
        key = root.derive(step["path"])
        check_step(key, step, prefix)
        assert key == fb.derive_paths(seed, [step["path"]], curve=curve)[0]
        lean = fb.derive_private_key(seed, step["path"], curve=curve)
        assert lean == (h(step["private_key_hex"]), h(step["chain_code_hex"]))
    # The whole chain through one path tree.
    paths = [step["path"] for step in case["chain"]]
    keys = fb.derive_paths(seed, paths, curve=curve)
    for key, step in zip(keys, case["chain"]):
        check_step(key, step, prefix)
