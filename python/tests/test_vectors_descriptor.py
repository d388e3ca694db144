"""Output-descriptor vectors (tests/data/descriptor_bips.json, descriptor_core.json,
descriptor_accounts.json) through the Python API."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

import pytest
from conftest import h, load

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _AddressKind

FILES = {name: load(name) for name in ("descriptor_bips.json", "descriptor_core.json")}
ACCOUNTS = load("descriptor_accounts.json")["cases"]

KIND_OF_SCRIPT: dict[str, _AddressKind] = {
    "pkh(": "p2pkh",
    "wpkh(": "p2wpkh",
    "sh(wpkh(": "p2sh-p2wpkh",
}


def group(name: str) -> list[Any]:
    return [
        pytest.param(file, case, id=case["id"])
        for file, data in FILES.items()
        for case in data[name]
    ]


@pytest.mark.parametrize(("file", "case"), group("checksums"))
def test_checksums(file: str, case: dict[str, Any]) -> None:
    text = case["text"]
    if "error" in case:
        with pytest.raises(fb.DescriptorError) as err:
            fb.Descriptor(text)
        error = case["error"]
        if error["variant"] in ("Invalid", "ChecksumMismatch"):
            assert err.value.kind == error["variant"]
        if "offset" in error:
            assert err.value.position == error["offset"]
        return
    # A matching checksum gets past the check: raw() is then refused as not implemented,
    # and the others parse.
    if case["payload"].startswith("raw("):
        with pytest.raises(fb.DescriptorError) as err:
            fb.Descriptor(text)
        assert err.value.kind == "Unsupported"
        return
    d = fb.Descriptor(text)
    if str(d).split("#")[0] == case["payload"]:
        assert d.checksum == case["checksum"]
    # The payload without a checksum is the same descriptor.
    assert str(fb.Descriptor(case["payload"])) == str(d)


def outputs(d: fb.Descriptor, branch: int, count: int) -> tuple[list[bytes], list[str]]:
    """The scriptPubKeys and addresses; no addresses for a bare multisig, which has none."""
    if not d.has_address:
        return d.script_pubkeys(0, count, branch), []
    return d.script_pubkeys(0, count, branch), d.addresses(0, count, branch)


@pytest.mark.parametrize(("file", "case"), group("valid"))
def test_valid(file: str, case: dict[str, Any]) -> None:
    d = fb.Descriptor(case["descriptor"])
    if case["canonical"] is not None:
        assert str(d) == case["canonical"] + "#" + d.checksum
        assert str(fb.Descriptor(str(d))) == str(d)
    assert d.is_ranged == case["ranged"]
    branches = case["branches"]
    assert d.branch_count == len(branches)
    for b, expected in enumerate(branches):
        if case.get("needs_private"):
            with pytest.raises(fb.DescriptorError) as err:
                d.addresses(0, 1, b)
            assert err.value.kind == "HardenedFromPublic"
            continue
        count = max(
            [3] + [len(expected.get(f) or []) for f in ("scripts", "witness_scripts", "addresses")]
        )
        scripts, addresses = outputs(d, b, count)
        if not d.is_ranged:
            assert len(scripts) == 1
            scripts, addresses = scripts * count, addresses * count
        for i, script in enumerate(expected.get("scripts") or []):
            assert scripts[i] == h(script), f"branch {b} index {i}"
        for i, witness in enumerate(expected.get("witness_scripts") or []):
            assert scripts[i] == b"\x00\x20" + hashlib.sha256(h(witness)).digest()
        for i, address in enumerate(expected.get("addresses") or []):
            assert addresses[i] == address
        for i, key in enumerate(expected.get("internal_keys") or []):
            assert fb.address("p2tr", b"\x02" + h(key)) == addresses[i]
        kind = next((k for p, k in KIND_OF_SCRIPT.items() if str(d).startswith(p)), None)
        for i, key in enumerate(expected.get("public_keys") or []):
            assert kind is not None
            assert fb.address(kind, h(key)) == addresses[i]
        assert d.has_address == (not str(d).startswith(("multi(", "sortedmulti(")))
        if not d.has_address:
            for no_address in (d.addresses, d.address_table):
                with pytest.raises(fb.DescriptorError) as err:
                    no_address(0, 1)
                assert err.value.kind == "NoAddress"
            continue
        # The table holds the same outputs.
        table = d.address_table(0, count, branches=[b], threads=1).to_pydict()
        rows = count if d.is_ranged else 1
        assert table["address"] == addresses[:rows]
        assert table["script_pubkey"] == scripts[:rows]
        assert table["branch"] == [b] * rows
        assert table["index"] == (list(range(rows)) if d.is_ranged else [None])
    for b, text in enumerate(case.get("expansions") or []):
        single = fb.Descriptor(text)
        if case.get("needs_private") or single.branch_count != 1:
            continue
        assert outputs(single, 0, 3) == outputs(d, b, 3)


@pytest.mark.parametrize(("file", "case"), group("rejected"))
def test_rejected(file: str, case: dict[str, Any]) -> None:
    def parse_and_derive() -> None:
        # Some are rejected only when derived.
        fb.Descriptor(case["descriptor"]).addresses(0, 1)

    with pytest.raises(fb.DescriptorError) as err:
        parse_and_derive()
    error = case["error"]
    if error["variant"] in ("Key", "Wif"):
        # An error of one key: the key's own error, and which key.
        assert (err.value.kind, err.value.key) == (error["error"], error["key"]), str(err.value)
    else:
        assert err.value.kind == error["variant"], str(err.value)
    if "offset" in error:
        assert err.value.position == error["offset"]


@pytest.mark.parametrize(
    "case", ACCOUNTS, ids=lambda c: f"{c['network']}-{c['account']}-{c['seed_hex'][:8]}"
)
def test_account_descriptors(case: dict[str, Any]) -> None:
    root = fb.ExtendedPrivateKey.from_seed(h(case["seed_hex"]))
    got = fb.account_descriptors(root, case["account"], case["network"])
    assert got == case["descriptors"]
    if "mnemonic" in case:
        from_words = fb.ExtendedPrivateKey.from_mnemonic(case["mnemonic"], case["passphrase"])
        assert fb.account_descriptors(from_words, case["account"], case["network"]) == got
    for text in got.values():
        assert str(fb.Descriptor(text)) == text
