"""``fastbip32.recover`` and ``fastbip32.recovery_space``: generated mnemonics recovered from
their addresses, xpubs and fingerprints, the target values computed by bip_utils (the dev
extra), never by fastbip32."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from conftest import load
from hypothesis import given, settings
from hypothesis import strategies as st

import fastbip32 as fb

bip_utils = pytest.importorskip("bip_utils")

ABOUT = "abandon " * 11 + "about"
# BIP-84's published vector: the first receive address of ABOUT.
ABOUT_BIP84 = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"


def phrase(seed: int, words: int = 12, language: str = "english") -> str:
    rng = random.Random(seed)
    entropy = bytes(rng.randrange(256) for _ in range(words * 4 // 3))
    lang = {
        "english": bip_utils.Bip39Languages.ENGLISH,
        "spanish": bip_utils.Bip39Languages.SPANISH,
    }[language]
    return str(bip_utils.Bip39MnemonicEncoder(lang).Encode(entropy))


def bip84_receive(mnemonic: str, passphrase: str = "", index: int = 0) -> str:
    seed = bip_utils.Bip39SeedGenerator(mnemonic).Generate(passphrase)
    account = bip_utils.Bip84.FromSeed(seed, bip_utils.Bip84Coins.BITCOIN).Purpose().Coin()
    change = account.Account(0).Change(bip_utils.Bip44Changes.CHAIN_EXT)
    return str(change.AddressIndex(index).PublicKey().ToAddress())


def bip44(mnemonic: str, coin: Any, passphrase: str = "") -> Any:
    seed = bip_utils.Bip39SeedGenerator(mnemonic).Generate(passphrase)
    return bip_utils.Bip44.FromSeed(seed, coin).Purpose().Coin().Account(0)


def blank(mnemonic: str, position: int, token: str = "?") -> str:
    words = mnemonic.split()
    words[position] = token
    return " ".join(words)


def test_published_vector_with_a_word_unknown() -> None:
    found = fb.recover(blank(ABOUT, 11), address=ABOUT_BIP84, gap=1, threads=1, language="english")
    assert found is not None
    assert (found.mnemonic, found.passphrase) == (ABOUT, "")
    assert (found.path, found.address, found.matched) == ("m/84'/0'/0'/0/0", ABOUT_BIP84, "address")
    # repr never shows the phrase.
    assert "abandon" not in repr(found) and "m/84'" in repr(found)


@pytest.mark.parametrize("seed", [1, 2])
def test_unknown_word_list_and_prefix(seed: int) -> None:
    m = phrase(seed)
    words = m.split()
    target = bip84_receive(m, index=3)
    template = blank(blank(m, 2), 7, "{" + ",".join(["zoo", words[7], "abandon"]) + "}")
    template = blank(template, 5, words[5][:3] + "*")
    found = fb.recover(template, address=[target], gap=4)
    assert found is not None and found.mnemonic == m and found.path == "m/84'/0'/0'/0/3"
    assert found.address_index == 3 and found.candidate == found.index


def test_change_address_found_by_default() -> None:
    m = phrase(7)
    seed = bip_utils.Bip39SeedGenerator(m).Generate("")
    account = bip_utils.Bip84.FromSeed(seed, bip_utils.Bip84Coins.BITCOIN).Purpose().Coin()
    chain = account.Account(0).Change(bip_utils.Bip44Changes.CHAIN_INT)
    target = str(chain.AddressIndex(3).PublicKey().ToAddress())
    found = fb.recover(blank(m, 5), address=target, gap=4)
    assert found is not None and found.mnemonic == m
    assert (found.path, found.address_index) == ("m/84'/0'/0'/1/3", 3)


def test_missing_swap_and_typo() -> None:
    m = phrase(3)
    words = m.split()
    target = bip84_receive(m)
    missing = " ".join(words[:4] + words[5:])
    found = fb.recover(missing, address=target, missing=1, gap=1)
    assert found is not None and found.mnemonic == m
    swapped = words.copy()
    swapped[3], swapped[4] = swapped[4], swapped[3]
    if swapped != words:
        found = fb.recover(" ".join(swapped), address=target, swaps=1, gap=1)
        assert found is not None and found.mnemonic == m
    typo = blank(m, 6, words[6][:-1] + ("a" if words[6][-1] != "a" else "e"))
    found = fb.recover(typo, address=target, typos=1, gap=1)
    assert found is not None and found.mnemonic == m


def test_passphrase_list_and_xpub_target() -> None:
    m = phrase(4)
    account = bip44(m, bip_utils.Bip44Coins.BITCOIN, passphrase="hunter2")
    xpub = str(account.PublicKey().ToExtended())
    found = fb.recover(blank(m, 0), xpub=xpub, passphrases=["", "hunter", "hunter2", "x"])
    assert found is not None
    assert (found.mnemonic, found.passphrase, found.matched) == (m, "hunter2", "xpub")
    assert found.path == "m/44'/0'/0'" and found.address_index is None


def test_fingerprint_target_and_spanish() -> None:
    m = phrase(5, language="spanish")
    seed = bip_utils.Bip39SeedGenerator(m, bip_utils.Bip39Languages.SPANISH).Generate("")
    fingerprint = bytes(bip_utils.Bip32Slip10Secp256k1.FromSeed(seed).PublicKey().FingerPrint())
    found = fb.recover(blank(m, 4), fingerprint=fingerprint, language="spanish")
    assert found is not None and found.mnemonic == m and found.matched == "fingerprint"
    assert found.path == "m"


def test_24_words_address_file(tmp_path: Path) -> None:
    m = phrase(6, words=24)
    target = bip84_receive(m)
    file = tmp_path / "addresses.txt"
    others = [bip84_receive(phrase(100 + i)) for i in range(3)]
    file.write_text("\n".join([*others, target]) + "\n", encoding="utf-8")
    found = fb.recover(blank(m, 23), addresses=file, gap=1)
    assert found is not None and found.mnemonic == m


def test_ethereum_and_solana() -> None:
    m = phrase(7)
    eth = bip44(m, bip_utils.Bip44Coins.ETHEREUM).Change(bip_utils.Bip44Changes.CHAIN_EXT)
    eth_address = str(eth.AddressIndex(0).PublicKey().ToAddress())
    found = fb.recover(blank(m, 9), address=eth_address, coin="ethereum", gap=1)
    assert found is not None and found.mnemonic == m and found.path == "m/44'/60'/0'/0/0"
    # bip_utils writes Solana's m/44'/501'/0'/0' as the account's hardened "change" level.
    sol_key = bip44(m, bip_utils.Bip44Coins.SOLANA).Change(bip_utils.Bip44Changes.CHAIN_EXT)
    sol = str(sol_key.PublicKey().ToAddress())
    found = fb.recover(blank(m, 9), address=sol, coin="solana", gap=1)
    assert found is not None and found.mnemonic == m and found.path == "m/44'/501'/0'/0'"


def test_not_found_shards_and_progress() -> None:
    template = blank(ABOUT, 11)
    wrong = bip84_receive(phrase(8))
    seen: list[dict[str, Any]] = []
    en = "english"
    assert fb.recover(template, address=wrong, gap=1, progress=seen.append, language=en) is None
    assert seen and seen[-1]["examined"] == seen[-1]["total"] == 2048
    assert all("abandon" not in repr(p) for p in seen)
    hits = [
        fb.recover(template, address=ABOUT_BIP84, gap=1, shard=(k, 4), language=en)
        for k in range(1, 5)
    ]
    assert sum(h is not None for h in hits) == 1


def test_stop_and_resume(tmp_path: Path) -> None:
    checkpoint = tmp_path / "search.checkpoint"
    template = blank(blank(ABOUT, 11), 0)
    options: dict[str, Any] = {"gap": 1, "resume": checkpoint, "language": "english"}
    # Stopped at the first tick: the chunks finished by then are in the checkpoint (one of them
    # may already hold the match).
    first = fb.recover(template, address=ABOUT_BIP84, stop=lambda: True, **options)
    text = checkpoint.read_text(encoding="utf-8")
    assert "abandon" not in text and "about" not in text
    found = first or fb.recover(template, address=ABOUT_BIP84, **options)
    assert found is not None and found.mnemonic == ABOUT


def test_recovery_space() -> None:
    space = fb.recovery_space(blank(ABOUT, 11), passphrases=["", "TREZOR"], language="english")
    assert space["size"] == 2 * 2048
    assert space["checksum_passing"] == 2 * 128 and space["exact"]
    assert len(space["examples"]) == 5
    assert all(len(e.split()) == 12 for e in space["examples"])


def test_errors() -> None:
    with pytest.raises(fb.Error) as err:
        fb.recover("abandon " * 11 + "notaword", address=ABOUT_BIP84)
    assert err.value.kind
    with pytest.raises(fb.Error):
        fb.recover(blank(ABOUT, 0), address=ABOUT_BIP84, missing=13, language="english")
    with pytest.raises(fb.Error):
        fb.recover(blank(ABOUT, 0), address="not an address", language="english")
    with pytest.raises(TypeError):
        fb.recover(blank(ABOUT, 0), address=[1])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        fb.recover(blank(ABOUT, 0), address=ABOUT_BIP84, gap="1")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    template=st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(["abandon", "about", "zoo", "?", "ab*", "{zoo,wrong}", "Ä"])).map(
            " ".join
        ),
    ),
    missing=st.integers(0, 30),
    length=st.sampled_from([None, 0, 11, 12, 24, 25]),
)
def test_any_template_is_an_answer_or_an_error(
    template: str, missing: int, length: int | None
) -> None:
    kind = None
    try:
        space = fb.recovery_space(
            template, missing=missing, length=length, language="english", examples=1
        )
    except fb.Error as err:
        kind = err.kind
    if kind is None:
        assert space["size"] >= space["checksum_passing"] >= 0
    else:
        assert isinstance(kind, str) and kind


def test_errors_name_the_option_that_searches_them() -> None:
    short = "abandon " * 10 + "about"  # 11 words: one is missing
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(short, address=ABOUT_BIP84, language="english")
    assert err.value.kind == "InvalidWordCount" and "missing=1" in str(err.value)
    typo = "abandon " * 10 + "abandn about"
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(typo, address=ABOUT_BIP84, language="english")
    message = str(err.value)
    assert err.value.kind == "UnknownWord" and "\n" not in message
    assert "abandon" in message and "typos=1" in message
    found = fb.recover(typo, address=ABOUT_BIP84, typos=1, gap=1, language="english")
    assert found is not None and found.mnemonic == ABOUT


def vector(index: int) -> tuple[str, bytes]:
    """BIP-39's published English vector ``index`` (passphrase ``TREZOR``): phrase and seed."""
    _, words, seed, _ = load("bip39_trezor.json")["english"][index]
    return str(words), bytes.fromhex(seed)


def bip84_of_seed(seed: bytes, change: Any = None, index: int = 0) -> str:
    """The BIP-84 address of a seed computed by bip_utils (receive chain by default)."""
    account = bip_utils.Bip84.FromSeed(seed, bip_utils.Bip84Coins.BITCOIN).Purpose().Coin()
    chain = account.Account(0).Change(change or bip_utils.Bip44Changes.CHAIN_EXT)
    return str(chain.AddressIndex(index).PublicKey().ToAddress())


def test_passphrase_rules_find_trezor_from_its_case_and_a_mask() -> None:
    words, seed = vector(1)
    target = bip84_of_seed(seed)
    # The vectors' passphrase is TREZOR: "trezor" with case variants reaches it.
    for rules in ("case", ["case"]):
        found = fb.recover(
            words, address=target, gap=1, passphrase="trezor", passphrase_rules=rules
        )
        assert found is not None and (found.mnemonic, found.passphrase) == (words, "TREZOR")
    found = fb.recover(words, address=target, gap=1, passphrase="TREZ?u?u", passphrase_rules="mask")
    assert found is not None and found.passphrase == "TREZOR"
    # Without the rules the base alone is tried, and it is not the wallet's passphrase.
    assert fb.recover(words, address=target, gap=1, passphrase="trezor") is None


def test_passphrase_rules_with_appended_digits() -> None:
    m = phrase(11)
    target = bip84_receive(m, passphrase="Summer42")
    # case: summer, SUMMER, Summer (toggled first letter: Summer again); digits:0-2: none,
    # 10 of one, 100 of two: 3 * 111 passphrases.
    space = fb.recovery_space(m, passphrase="summer", passphrase_rules=["case", "digits:0-2"])
    assert space["size"] == 3 * 111
    found = fb.recover(
        m,
        address=target,
        gap=1,
        passphrase="summer",
        passphrase_rules="case,digits:0-2",
        threads=2,
    )
    assert found is not None and (found.mnemonic, found.passphrase) == (m, "Summer42")


def test_unordered_finds_two_swapped_words() -> None:
    words, seed = vector(15)
    target = bip84_of_seed(seed)
    given = words.split()
    given[2], given[9] = given[9], given[2]
    # Four positions free (two of them the swapped ones), the rest anchored, one extra word.
    free = {2, 5, 9, 11}
    template = " ".join(w if i in free else "^" + w for i, w in enumerate(given)) + " +zoo"
    space = fb.recovery_space(template, unordered=True, language="english")
    # Five candidate words for four free positions: 5 * 4 * 3 * 2 orders.
    assert space["size"] == 120
    found = fb.recover(
        template, unordered=True, address=target, gap=1, passphrase="TREZOR", language="english"
    )
    assert found is not None and found.mnemonic == words and found.passphrase == "TREZOR"
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(template, address=target, language="english")
    assert err.value.kind == "UnorderedOption"
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(template, unordered=True, typos=1, address=target, language="english")
    assert err.value.kind == "UnorderedOption"


@pytest.mark.parametrize(
    ("name", "address", "path"),
    [
        ("test_electrum_seed_standard", "receive_0", "m/0/0"),
        ("test_electrum_seed_segwit", "change_0", "m/0'/1/0"),
    ],
)
def test_electrum_seed_with_a_word_unknown(name: str, address: str, path: str) -> None:
    # Electrum's own test wallets (tests/test_wallet_vertical.py), addresses by Electrum.
    wallet = next(w for w in load("electrum_seeds.json")["wallets"] if w["name"] == name)
    found = fb.recover(
        blank(wallet["words"], 3),
        address=wallet[address],
        seed="electrum",
        gap=1,
        language="english",
    )
    assert found is not None and found.mnemonic == wallet["words"]
    assert (found.path, found.address) == (path, wallet[address])
    # Read as BIP-39 phrases, the same candidates find nothing.
    assert fb.recover(blank(wallet["words"], 3), address=wallet[address], gap=1) is None


def test_recovery_options_errors_have_kinds() -> None:
    words, seed = vector(1)
    target = bip84_of_seed(seed)
    for rules, kind in [
        ("case,bogus", "InvalidRule"),
        (["case", "case"], "DuplicateRule"),
        ("alphabet:?d", "AlphabetWithoutTypos"),
    ]:
        with pytest.raises(fb.RecoveryError) as err:
            fb.recover(words, address=target, passphrase="trezor", passphrase_rules=rules)
        assert err.value.kind == kind and "\n" not in str(err.value)
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(words, address=target, passphrase="trezor?x", passphrase_rules="mask")
    assert err.value.kind == "InvalidMaskClass" and "trezor" not in str(err.value)
    with pytest.raises(TypeError):
        fb.recover(words, address=target, passphrases=["a", "b"], passphrase_rules="case")
    with pytest.raises(TypeError):
        fb.recover(words, address=target, passphrase_rules=["case", 1])  # type: ignore[list-item]
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(words, address=target, seed="slip39")  # type: ignore[arg-type]
    assert err.value.kind == "UnknownSeedKind"
    eth = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"  # EIP-55's published example
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(blank(words, 0), address=eth, seed="electrum")
    assert err.value.kind == "ElectrumCoin"


def test_a_template_of_english_and_french_words_is_searched_in_both() -> None:
    # Every word is in the English and the French lists; the checksum holds in French only
    # (rust-bitcoin/rust-bip39#106, tests/data/bip39_generated.json).
    french = "abandon amateur angle animal aspect badge bicycle bonus brave canal capable festival"
    seed = bip_utils.Bip39SeedGenerator(french, bip_utils.Bip39Languages.FRENCH).Generate("")
    account = bip_utils.Bip84.FromSeed(seed, bip_utils.Bip84Coins.BITCOIN).Purpose().Coin()
    change = account.Account(0).Change(bip_utils.Bip44Changes.CHAIN_EXT)
    address = str(change.AddressIndex(0).PublicKey().ToAddress())
    template = blank(french, 11)
    found = fb.recover(template, address=address, gap=1, change="receive", threads=1)
    assert found is not None
    assert (found.mnemonic, found.language) == (french, "french")
    assert found.candidate >= 2048  # after the English list's 2048 candidates
    restricted = fb.recover(
        template, address=address, gap=1, change="receive", threads=1, language="english"
    )
    assert restricted is None
