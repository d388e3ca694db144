"""The package's names: every one of the stubs exists at run time with a docstring, and the
other way round; the version; keys from their parts."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _Curve

ROOT = Path(__file__).resolve().parents[1]
STUB = ast.parse((ROOT / "fastbip32" / "__init__.pyi").read_text(encoding="utf-8"))


def stub_names() -> dict[str, set[str]]:
    """Top-level names of the stubs (and their re-exports of the package's Python modules),
    each with the members a class declares."""
    out: dict[str, set[str]] = {}
    for node in STUB.body:
        if isinstance(node, ast.ClassDef):
            members = {
                n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            }
            out[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            out[node.name] = set()
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            # Private type aliases (`_Curve: TypeAlias = Literal[…]`) exist in the stubs only.
            if not node.target.id.startswith("_") or node.target.id == "__version__":
                out[node.target.id] = set()
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fastbip32."):
            # A re-export of a Python module of the package (`from m import X as X`).
            out.update({a.name: set() for a in node.names if a.asname == a.name})
    return out


def test_stubs_match_the_module() -> None:
    stubs = stub_names()
    assert set(fb.__all__) == set(stubs) - {"__all__"}
    for name, members in stubs.items():
        obj = getattr(fb, name)
        for member in members - {"__eq__", "__hash__", "__init__"}:
            assert hasattr(obj, member), f"{name}.{member}"
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            public = {m for m in dir(obj) if not m.startswith("_")}
            assert public <= members, f"{name}: not in the stubs: {public - members}"


@pytest.mark.parametrize("name", sorted(set(fb.__all__) - {"CURVES", "__version__"}))
def test_docstrings(name: str) -> None:
    obj = getattr(fb, name)
    assert (obj.__doc__ or "").strip(), name
    if inspect.isclass(obj) and not issubclass(obj, BaseException):
        for member in dir(obj):
            if not member.startswith("_"):
                assert (getattr(obj, member).__doc__ or "").strip(), f"{name}.{member}"
    import fastbip32.dask

    assert (fastbip32.dask.address_frame.__doc__ or "").strip()
    assert (fastbip32.dask.recover.__doc__ or "").strip()


def test_version_and_curves() -> None:
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    match = re.search(r'^version = "([^"]+)"', cargo, re.MULTILINE)
    assert match is not None
    assert fb.__version__ == match.group(1)
    assert fb.CURVES == (
        "secp256k1",
        "nist256p1",
        "ed25519",
        "curve25519",
        "ed25519-bip32",
        "cardano-icarus",
        "cardano-icarus-trezor",
    )
    for curve in fb.CURVES:
        maker = (
            fb.ExtendedPrivateKey.from_entropy
            if curve.startswith("cardano-icarus")
            else fb.ExtendedPrivateKey.from_seed
        )
        assert maker(bytes(16), curve=curve).curve == curve


@pytest.mark.parametrize(
    "curve", ["secp256k1", "nist256p1", "ed25519", "curve25519", "cardano-icarus"]
)
def test_from_parts(curve: _Curve) -> None:
    seed = bytes(range(16))
    root = (
        fb.ExtendedPrivateKey.from_entropy(seed, curve=curve)
        if curve == "cardano-icarus"
        else fb.ExtendedPrivateKey.from_seed(seed, curve=curve)
    )
    key = root.derive("m/7'/8'")
    parts = dict(
        depth=key.depth,
        parent_fingerprint=key.parent_fingerprint,
        child_number=key.child_number,
        curve=curve,
    )
    again = fb.ExtendedPrivateKey.from_parts(key.private_key, key.chain_code, **parts)  # type: ignore[arg-type]
    assert again == key
    if curve in ("ed25519", "curve25519"):
        with pytest.raises(fb.Error):
            fb.ExtendedPublicKey.from_parts(key.public_key, key.chain_code, curve=curve)
        return
    public = fb.ExtendedPublicKey.from_parts(key.public_key, key.chain_code, **parts)  # type: ignore[arg-type]
    assert public == key.to_xpub()
    if curve == "secp256k1":
        zpub = fb.ExtendedPublicKey.from_parts(key.public_key, key.chain_code, version="zpub")
        assert zpub.version_name == "zpub"
        with pytest.raises(fb.Error):
            fb.ExtendedPublicKey.from_parts(bytes(33), key.chain_code)
