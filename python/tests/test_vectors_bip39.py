"""BIP-39 vectors (tests/data/bip39_trezor.json, bip39_japanese.json, bip39_generated.json)
through the Python API."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

import pytest
from conftest import h, load

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _Curve

TREZOR = load("bip39_trezor.json")
JAPANESE = load("bip39_japanese.json")
GENERATED = load("bip39_generated.json")


def trezor_cases() -> list[tuple[str, list[str]]]:
    return [(lang, case) for lang, cases in TREZOR.items() for case in cases]


@pytest.mark.parametrize(("language", "case"), trezor_cases())
def test_trezor(language: str, case: list[str]) -> None:
    entropy, phrase, seed, xprv = case
    name = language.replace("_", "-")
    m = fb.Mnemonic(phrase)
    # A phrase of characters both Chinese lists hold at the same indices is read as
    # simplified Chinese (the same mnemonic either way).
    assert m.language == name or (name, m.language) == ("chinese-traditional", "chinese-simplified")
    assert m.entropy == h(entropy)
    assert m.to_seed("TREZOR") == h(seed)
    given = fb.Mnemonic(phrase, language=name)
    assert given.language == name and given.entropy == h(entropy)
    assert given == fb.Mnemonic.from_entropy(h(entropy), language=name)
    assert unicodedata.normalize("NFKD", str(m)) == unicodedata.normalize("NFKD", phrase)
    assert len(m.words) == len(phrase.split())
    root = fb.ExtendedPrivateKey.from_mnemonic(m, "TREZOR")
    assert str(root) == xprv
    assert fb.ExtendedPrivateKey.from_mnemonic(phrase, "TREZOR") == root


@pytest.mark.parametrize("case", JAPANESE, ids=lambda c: c["entropy"])
def test_japanese(case: dict[str, str]) -> None:
    m = fb.Mnemonic(case["phrase"])
    assert m.language == "japanese"
    assert m.entropy == h(case["entropy"])
    assert m.to_seed(case["salt"]) == h(case["seed"])
    assert "\u3000" in str(m)
    root = fb.ExtendedPrivateKey.from_mnemonic(case["phrase"], case["salt"])
    assert str(root) == case["bip32_xprv"]


@pytest.mark.parametrize("case", GENERATED["passphrases"], ids=lambda c: c["entropy_hex"])
def test_passphrases(case: dict[str, str]) -> None:
    for text in (case["mnemonic"], case["mnemonic_nfc"]):
        m = fb.Mnemonic(text)
        assert m.language == case["language"]
        assert m.entropy == h(case["entropy_hex"])
        assert m.to_seed(case["passphrase"]) == h(case["seed_hex"])


@pytest.mark.parametrize("case", GENERATED["ambiguous"], ids=lambda c: c["mnemonic"])
def test_ambiguous(case: dict[str, Any]) -> None:
    phrase = case["mnemonic"]
    valid: dict[str, str] = case["valid_in"]
    for language in case["in_lists"]:
        if language in valid:
            m = fb.Mnemonic(phrase, language=language)
            assert m.entropy == h(valid[language])
        else:
            with pytest.raises(fb.MnemonicError) as err:
                fb.Mnemonic(phrase, language=language)
            assert err.value.kind == "InvalidChecksum"
    if len(set(valid.values())) > 1:
        with pytest.raises(fb.MnemonicError) as err:
            fb.Mnemonic(phrase)
        assert err.value.kind == "AmbiguousLanguage"
    else:
        m = fb.Mnemonic(phrase)
        assert m.entropy == h(next(iter(valid.values())))
        assert m.to_seed() == h(case["seed_hex"])


@pytest.mark.parametrize("case", GENERATED["cardano"], ids=lambda c: c["mnemonic"])
def test_cardano_phrases(case: dict[str, Any]) -> None:
    # Cardano's 9-word phrases are not BIP-39 mnemonics …
    with pytest.raises(fb.MnemonicError) as err:
        fb.Mnemonic(case["mnemonic"])
    assert err.value.kind == "InvalidWordCount"
    # … but the Icarus curves read them: the same root as from their entropy.
    for curve in ("cardano-icarus", "cardano-icarus-trezor"):
        from_phrase = fb.ExtendedPrivateKey.from_mnemonic(case["mnemonic"], curve=curve)
        from_entropy = fb.ExtendedPrivateKey.from_entropy(h(case["entropy_hex"]), curve=curve)
        assert from_phrase == from_entropy


@pytest.mark.parametrize("case", GENERATED["invalid"], ids=lambda c: c["mnemonic"])
def test_invalid(case: dict[str, str]) -> None:
    curve: _Curve = "cardano-icarus" if len(case["mnemonic"].split()) == 9 else "secp256k1"
    with pytest.raises(fb.MnemonicError) as err:
        fb.ExtendedPrivateKey.from_mnemonic(case["mnemonic"], curve=curve)
    assert err.value.kind == "InvalidChecksum"
    assert err.value.position is None
