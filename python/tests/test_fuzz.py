"""Every entry point under hypothesis: any input gives a result or a typed exception
(``fastbip32.Error`` and its subclasses, ``TypeError``, ``OverflowError``), never a crash or a
Rust panic (``pyo3_runtime.PanicException``, a ``BaseException``, would fail the test)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _Curve

# A str holding a lone surrogate is no Unicode text: Python's UTF-8 encoder refuses it with
# UnicodeEncodeError (a ValueError) before the library sees it.
TYPED = (fb.Error, TypeError, OverflowError, UnicodeEncodeError)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

XPUB = (
    "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8Yt"
    "GqsefD265TMg7usUDFdp6W1EGMcet8"
)
XPRV = (
    "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejM"
    "RNNU3TGtRBeJgk33yuGBxrMPHi"
)
PHRASE = "abandon " * 11 + "about"
CURVE_NAMES = [*fb.CURVES, "p256", "cardano-ledger", "", "secp256k2", "ED25519"]
NETWORKS = ["mainnet", "testnet", "signet", "regtest", "preprod", "preview", "main", ""]
KINDS = [
    "p2pkh",
    "p2sh-p2wpkh",
    "p2wpkh",
    "p2tr",
    "ethereum",
    "solana",
    "cardano-enterprise",
    "cardano-base",
    "cardano-reward",
    "p2wsh",
    "",
]
VERSIONS = ["xprv", "xpub", "zprv", "zpub", "tpub", "Ypub", "root_xsk", "acct_xvk", "qqqq"]
LANGUAGES = ["english", "japanese", "chinese-simplified", "chinese_traditional", "spanish", "x"]
DESCRIPTORS = [
    f"wpkh([73c5da0a/84h/0h/0h]{XPUB}/<0;1>/*)",
    f"sh(wsh(sortedmulti(1,{XPUB}/0/*,{XPUB}/1/*)))",
    f"tr({XPRV}/86h/0h/0h/0/*h)",
    f"pkh({XPUB}/0)",
    "wpkh(0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798)",
]

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
    st.binary(max_size=40),
    st.lists(st.integers(), max_size=3),
)


def names(options: list[str]) -> st.SearchStrategy[str]:
    """One of ``options``, or any short text."""
    return st.one_of(st.sampled_from(options), st.text(max_size=12))


curves = names(CURVE_NAMES)
networks = names(NETWORKS)
paths = st.one_of(
    st.text(max_size=30),
    st.lists(
        st.tuples(st.integers(0, 2**32), st.sampled_from(["", "'", "h", "H", "''", "x"])),
        max_size=6,
    ).map(lambda segs: "/".join(["m", *(f"{i}{m}" for i, m in segs)])),
)
# Index ranges: small counts anywhere, or any count from near the end of the range (never a
# huge valid range, which would take hours rather than fail).
ranges = st.one_of(
    st.tuples(st.integers(-2, 2**32 + 2), st.integers(-2, 40)),
    st.tuples(st.integers(2**31 - 40, 2**32 + 2), st.integers(-2, 2**32 + 2)),
)


def mutate(text: str) -> st.SearchStrategy[str]:
    """``text`` with a few characters replaced, inserted or deleted."""
    edits = st.lists(
        st.tuples(
            st.integers(0, len(text)), st.sampled_from(["del", "ins", "sub"]), st.characters()
        ),
        max_size=3,
    )

    def apply(changes: list[tuple[int, str, str]]) -> str:
        out = text
        for pos, how, ch in changes:
            pos = min(pos, len(out))
            if how == "del":
                out = out[:pos] + out[pos + 1 :]
            elif how == "ins":
                out = out[:pos] + ch + out[pos:]
            else:
                out = out[:pos] + ch + out[pos + 1 :]
        return out

    return edits.map(apply)


def typed(f: Callable[[], object]) -> None:
    """Runs ``f``: a result, or one of the typed exceptions."""
    with contextlib.suppress(*TYPED):
        f()


def private_keys() -> st.SearchStrategy[fb.ExtendedPrivateKey]:
    def make(curve: _Curve, seed: bytes) -> fb.ExtendedPrivateKey:
        if curve.startswith("cardano-icarus"):
            return fb.ExtendedPrivateKey.from_entropy(seed[:16], curve=curve)
        return fb.ExtendedPrivateKey.from_seed(seed, curve=curve)

    return st.builds(make, st.sampled_from(fb.CURVES), st.binary(min_size=16, max_size=16))


@SETTINGS
@given(seed=st.one_of(st.binary(max_size=80), anything), curve=st.one_of(curves, anything))
def test_from_seed(seed: Any, curve: Any) -> None:
    typed(lambda: fb.ExtendedPrivateKey.from_seed(seed, curve))
    typed(lambda: fb.derive_paths(seed, ["m/0'", "m/1"], curve))
    typed(lambda: fb.derive_private_key(seed, "m/44'/0'", curve))


@SETTINGS
@given(
    phrase=st.one_of(mutate(PHRASE), st.text(max_size=60), anything),
    passphrase=st.one_of(st.text(max_size=10), anything),
    curve=st.one_of(curves, anything),
    language=st.one_of(st.none(), names(LANGUAGES)),
)
def test_mnemonics(phrase: Any, passphrase: Any, curve: Any, language: Any) -> None:
    typed(lambda: fb.ExtendedPrivateKey.from_mnemonic(phrase, passphrase, curve))
    typed(lambda: fb.Mnemonic(phrase, language))
    typed(lambda: fb.suggest(phrase, language or "english"))


@SETTINGS
@given(
    entropy=st.one_of(st.binary(max_size=40), anything),
    passphrase=st.one_of(st.binary(max_size=10), st.text(max_size=10), anything),
    curve=st.one_of(curves, anything),
    words=st.one_of(st.integers(-1, 30), anything),
    language=names(LANGUAGES),
)
def test_entropy(entropy: Any, passphrase: Any, curve: Any, words: Any, language: Any) -> None:
    typed(lambda: fb.ExtendedPrivateKey.from_entropy(entropy, passphrase, curve))
    typed(lambda: fb.ExtendedPrivateKey.from_paper_secret(entropy))
    typed(lambda: fb.Mnemonic.from_entropy(entropy, language))
    typed(lambda: fb.Mnemonic.generate(words, language))


@SETTINGS
@given(
    text=st.one_of(mutate(XPUB), mutate(XPRV), st.text(max_size=120), anything),
    data=st.one_of(st.binary(max_size=100), anything),
    curve=st.one_of(st.none(), curves, anything),
)
def test_parsing_keys(text: Any, data: Any, curve: Any) -> None:
    typed(lambda: fb.ExtendedPrivateKey.parse(text, curve))
    typed(lambda: fb.ExtendedPublicKey.parse(text, curve))
    typed(lambda: fb.parse_extended_key(text, curve))
    typed(lambda: fb.ExtendedPrivateKey.from_bytes(data, curve))
    typed(lambda: fb.ExtendedPublicKey.from_bytes(data, curve))


@SETTINGS
@given(
    key=private_keys(),
    path=st.one_of(paths, anything),
    version=st.one_of(st.none(), names(VERSIONS), anything),
    network=st.one_of(st.none(), networks, anything),
    kind=st.one_of(names(KINDS), anything),
    stake=st.one_of(st.none(), st.binary(max_size=40), anything),
    span=ranges,
    hardened=st.booleans(),
)
def test_key_methods(
    key: fb.ExtendedPrivateKey,
    path: Any,
    version: Any,
    network: Any,
    kind: Any,
    stake: Any,
    span: tuple[int, int],
    hardened: bool,
) -> None:
    start, count = span
    typed(lambda: key.derive(path))
    typed(lambda: key.to_string(version))
    typed(lambda: key.to_bytes())
    typed(lambda: key.wif(network or "mainnet"))
    typed(lambda: key.address(kind, network, stake_key=stake))
    typed(lambda: key.derive_private_keys(start, count, hardened=hardened))
    typed(lambda: key.derive_public_keys(start, count, hardened=hardened))
    typed(lambda: fb.account_descriptors(key, start, network or "mainnet"))
    try:
        public = key.to_xpub()
    except fb.Error:
        return
    typed(lambda: public.derive(path))
    typed(lambda: public.to_string(version))
    typed(lambda: public.address(kind, network, stake_key=stake))
    typed(lambda: public.derive_public_keys(start, count))


@SETTINGS
@given(
    kind=st.one_of(names(KINDS), anything),
    key=st.one_of(st.binary(max_size=40), anything),
    network=st.one_of(networks, anything),
    stake=st.one_of(st.none(), st.binary(max_size=40), anything),
    text=st.one_of(st.text(max_size=60), anything),
)
def test_addresses_and_wif(kind: Any, key: Any, network: Any, stake: Any, text: Any) -> None:
    typed(lambda: fb.address(kind, key, network, stake_key=stake))
    typed(lambda: fb.address_from_script(key, network))
    typed(lambda: fb.eip55(key))
    typed(lambda: fb.wif_encode(key, network))
    typed(lambda: fb.wif_decode(text))


@SETTINGS
@given(
    text=st.one_of(*(mutate(d) for d in DESCRIPTORS), st.text(max_size=80), anything),
    span=ranges,
    branch=st.one_of(st.integers(-1, 4), anything),
    network=st.one_of(st.none(), networks, anything),
    threads=st.one_of(st.none(), st.integers(-1, 3), anything),
)
def test_descriptors(
    text: Any, span: tuple[int, int], branch: Any, network: Any, threads: Any
) -> None:
    start, count = span
    try:
        d = fb.Descriptor(text)
    except TYPED:
        return
    typed(lambda: d.addresses(start, count, branch, network))
    typed(lambda: d.script_pubkeys(start, count, branch))
    branches = [branch] if isinstance(branch, int) else branch
    typed(lambda: d.address_table(start, count, branches, network, threads))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.one_of(st.sampled_from(DESCRIPTORS), mutate(DESCRIPTORS[0]), anything),
    start=st.one_of(st.integers(-2, 2**32 + 2), anything),
    count=st.one_of(st.integers(-2, 200), anything),
    branches=st.one_of(st.none(), st.lists(st.integers(-1, 3), max_size=3), anything),
    rows=st.one_of(st.integers(-1, 300), anything),
    network=st.one_of(st.none(), networks, anything),
)
def test_dask_frames(
    text: Any, start: Any, count: Any, branches: Any, rows: Any, network: Any
) -> None:
    # Building the frame checks its arguments (nothing is computed here); a bad value of the
    # frame's own (partition_rows, threads) is a ValueError.
    import fastbip32.dask as fbd

    with contextlib.suppress(*TYPED, ValueError):
        fbd.address_frame(
            text, start, count, branches=branches, partition_rows=rows, network=network
        )
