"""BIP32-Ed25519 / Cardano vectors (tests/data/ed25519_bip32.json and
ed25519_bip32_paper_random.json) through the Python API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from conftest import h, load

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _Curve

FILE = load("ed25519_bip32.json")
CASES = FILE["cases"]
PAPER = load("ed25519_bip32_paper_random.json")["cases"]

# Master-key methods this package has (Byron and SLIP-23 roots are outside the library).
SCHEMES = {"icarus", "icarus-trezor", "ledger", "khovratovich-law-paper"}
CURVE: dict[str, _Curve] = {"icarus": "cardano-icarus", "icarus-trezor": "cardano-icarus-trezor"}


def passphrase(inputs: dict[str, Any]) -> bytes:
    if "passphrase_hex" in inputs:
        return h(inputs["passphrase_hex"])
    return str(inputs.get("passphrase_utf8", "")).encode()


def entropy(inputs: dict[str, Any]) -> bytes:
    if "entropy_hex" in inputs:
        return h(inputs["entropy_hex"])
    return fb.Mnemonic(inputs["mnemonic"]).entropy


def root_of(scheme: str, inputs: dict[str, Any]) -> fb.ExtendedPrivateKey | None:
    """The root by the package's constructors; None for bip_utils' Icarus from non-BIP-39
    entropy, which the package does not take."""
    if scheme in CURVE:
        data = entropy(inputs)
        if not (12 <= len(data) <= 32 and len(data) % 4 == 0):
            with pytest.raises(fb.Error) as err:
                fb.ExtendedPrivateKey.from_entropy(data, passphrase(inputs), curve=CURVE[scheme])
            assert err.value.kind == "InvalidEntropyLength"
            return None
        key = fb.ExtendedPrivateKey.from_entropy(data, passphrase(inputs), curve=CURVE[scheme])
        assert key.curve == CURVE[scheme]
        if "mnemonic" in inputs:
            try:
                text = passphrase(inputs).decode()
            except UnicodeDecodeError:
                text = None
            if text is not None:
                again = fb.ExtendedPrivateKey.from_mnemonic(
                    inputs["mnemonic"], text, curve=CURVE[scheme]
                )
                assert again == key
        if "bech32" in inputs:
            assert fb.ExtendedPrivateKey.parse(inputs["bech32"]) == fb.ExtendedPrivateKey.parse(
                key.to_string(), curve=CURVE[scheme]
            )
            assert key.to_string() == inputs["bech32"]
        return key
    if scheme == "ledger":
        if "seed_hex" in inputs:
            return fb.ExtendedPrivateKey.from_seed(h(inputs["seed_hex"]), curve="ed25519-bip32")
        return fb.ExtendedPrivateKey.from_mnemonic(
            inputs["mnemonic"], inputs.get("passphrase_utf8", ""), curve="ed25519-bip32"
        )
    assert scheme == "khovratovich-law-paper"
    return fb.ExtendedPrivateKey.from_paper_secret(h(inputs["secret_hex"]))


def check_fields(
    key: fb.ExtendedPrivateKey | fb.ExtendedPublicKey, expected: dict[str, Any]
) -> int:
    n = 0
    for field, value in expected.items():
        want = h(value) if field.endswith("_hex") else value
        if field == "xprv_hex":
            assert isinstance(key, fb.ExtendedPrivateKey)
            got = key.to_bytes()
        elif field == "private_key_hex":
            assert isinstance(key, fb.ExtendedPrivateKey)
            got = key.private_key
        elif field == "kl_hex":
            assert isinstance(key, fb.ExtendedPrivateKey)
            got = key.private_key[:32]
        elif field == "kr_hex":
            assert isinstance(key, fb.ExtendedPrivateKey)
            got = key.private_key[32:]
        elif field == "chain_code_hex":
            got = key.chain_code
        elif field == "public_key_hex":
            got = key.public_key
        elif field == "xpub_hex":
            public = key.to_xpub() if isinstance(key, fb.ExtendedPrivateKey) else key
            got = public.to_bytes()
        elif field == "parent_fingerprint_hex":
            got = key.parent_fingerprint
        else:
            continue
        assert got == want, field
        n += 1
    return n


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if c["kind"] == "master_key" and c["scheme"] in SCHEMES],
    ids=lambda c: c["id"],
)
def test_master_keys(case: dict[str, Any]) -> None:
    if case["expected"].get("discarded"):
        with pytest.raises(fb.Error) as err:
            root_of(case["scheme"], case["inputs"])
        assert err.value.kind == "DiscardedRootKey"
        return
    key = root_of(case["scheme"], case["inputs"])
    if key is None:
        return
    assert key.depth == 0 and key.version_name == "root_xsk"
    assert check_fields(key, case["expected"]) > 0
    check_fields(key, {k: v for k, v in case.get("computed", {}).items() if k != "entropy_hex"})
    # Text and bytes both ways.
    assert fb.ExtendedPrivateKey.parse(key.to_string()) == key
    assert fb.ExtendedPrivateKey.from_bytes(key.to_bytes(), curve="ed25519-bip32") == key
    assert fb.ExtendedPublicKey.parse(key.to_xpub().to_string()) == key.to_xpub()


def derivation_root(case: dict[str, Any]) -> fb.ExtendedPrivateKey | None:
    root = case["root"]
    scheme = root["scheme"]
    if scheme == "raw-xprv":
        return fb.ExtendedPrivateKey.from_bytes(h(root["xprv_hex"]), curve="ed25519-bip32")
    if scheme in SCHEMES:
        return root_of(scheme, root["inputs"])
    # Byron and SLIP-23 roots: their published root bytes.
    published = case.get("root_expected", {}).get("xprv_hex")
    if published is None:
        seed = root["inputs"]["seed_hex"]
        master = next(
            c for c in CASES if c["kind"] == "master_key" and c["inputs"].get("seed_hex") == seed
        )
        published = master["expected"]["xprv_hex"]
    return fb.ExtendedPrivateKey.from_bytes(h(published), curve="ed25519-bip32")


@pytest.mark.parametrize(
    "case", [c for c in CASES if c["kind"] == "derivation"], ids=lambda c: c["id"]
)
def test_private_derivation(case: dict[str, Any]) -> None:
    root = derivation_root(case)
    if root is None:
        return
    if "root_expected" in case:
        check_fields(root, case["root_expected"])
    chain = case["steps_are"].startswith("a chain")
    previous: fb.ExtendedPrivateKey | None = None
    for step in case["steps"]:
        key = root.derive(step["path"])
        assert key.depth == len(step["path_indices"])
        assert check_fields(key, step["expected"]) > 0
        check_fields(key, step.get("computed", {}))
        if chain and previous is not None:
            last = step["path"].rsplit("/", 1)[1]
            assert previous.derive(last) == key
            assert key.parent_fingerprint == previous.fingerprint
        previous = key


@pytest.mark.parametrize(
    "case", [c for c in CASES if c["kind"] == "public_derivation"], ids=lambda c: c["id"]
)
def test_public_derivation(case: dict[str, Any]) -> None:
    parent = case["parent"]
    xpub = h(parent["public_key_hex"]) + h(parent["chain_code_hex"])
    key = fb.ExtendedPublicKey.from_bytes(xpub, curve="ed25519-bip32")
    assert key.to_bytes() == xpub
    for step in case["steps"]:
        if "expected_error" in step:
            with pytest.raises(fb.PathError) as err:
                key.derive(step["relative_path"])
            assert err.value.kind == "HardenedFromPublic"
            continue
        child = key.derive(step["relative_path"])
        assert check_fields(child, step["expected"]) > 0
        # The batch gives the same key for the last index.
        *prefix, last = step["relative_path"].split("/")
        below = key.derive("/".join(prefix)) if prefix else key
        assert below.derive_public_keys(int(last), 1) == [child.public_key]


def test_paper_random() -> None:
    derived = discarded = 0
    for case in PAPER:
        secret = h(case["secret_hex"])
        if case["expected"].get("discarded"):
            with pytest.raises(fb.Error) as err:
                fb.ExtendedPrivateKey.from_paper_secret(secret)
            assert err.value.kind == "DiscardedRootKey"
            discarded += 1
            continue
        key = fb.ExtendedPrivateKey.from_paper_secret(secret).derive(case["path"])
        assert check_fields(key, case["expected"]) > 0, case["id"]
        derived += 1
    assert (derived, discarded) == (926 - 443, 443)
