"""The coin registry through the Python API: ``COINS``, ``coin()``, ``address(coin=…)`` on every
kind of key, ``ExtendedPublicKey.addresses`` and ``address_table``, checked against bip_utils
2.12.3's vectors (``tests/data/coins_bip_utils.json``, made by ``scripts/gen_coin_vectors.py``)
for every coin, and the errors of bad names, curves and ranges."""

from __future__ import annotations

import copy
import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

import fastbip32 as fb

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "coins_bip_utils.json"
VECTORS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["coins"]
STUBS = Path(fb.__file__).with_name("__init__.pyi")

# SLIP-44's registered coin types (satoshilabs/slips, slip-0044.md).
SLIP44 = {
    "bitcoin": 0,
    "litecoin": 2,
    "dogecoin": 3,
    "ethereum": 60,
    "tron": 195,
    "cosmos": 118,
    "ripple": 144,
    "solana": 501,
    "stellar": 148,
    "cardano": 1815,
}

CLI_FIELDS = [
    "coin",
    "symbol",
    "name",
    "slip44",
    "curve",
    "address_kinds",
    "default_path",
    "default_path_wallets",
]


def kind_of(case: dict[str, Any]) -> str | None:
    """The vector's kind as ``address(kind=…)`` takes it: None for the coin's default."""
    kind: str = case["kind"]
    return None if kind == "default" else kind


def public_key(curve: str, text: str) -> bytes:
    """The vector's public key as this package writes it (bip_utils prefixes ed25519 keys
    with SLIP-10's 00 byte)."""
    key = bytes.fromhex(text)
    return key[1:] if curve in ("ed25519", "ed25519-blake2b") and len(key) == 33 else key


def test_coins_are_the_registry_of_the_vectors() -> None:
    slugs = [c.coin for c in fb.COINS]
    assert slugs == [entry["coin"] for entry in VECTORS]
    assert len(slugs) == 68 and len(set(slugs)) == 68
    for entry in VECTORS:
        assert fb.coin(entry["coin"]).curve == entry["curve"]
    for slug, slip44 in SLIP44.items():
        assert fb.coin(slug).slip44 == slip44


def test_records_have_the_fields_of_the_cli() -> None:
    for record in fb.COINS:
        d = record.to_dict()
        assert list(d) == CLI_FIELDS
        assert d["coin"] == record.coin and d["symbol"] == record.symbol
        assert d["address_kinds"] == list(record.address_kinds)
        assert record.default_path.startswith("m/") and f"/{record.slip44}'" in (
            record.default_path
        )
        assert "\n" not in repr(record)
    ltc = fb.coin("litecoin")
    assert (ltc.symbol, ltc.name, ltc.slip44, ltc.curve) == ("LTC", "Litecoin", 2, "secp256k1")
    assert ltc.address_kinds[0] == "p2wpkh" and ltc.default_path == "m/84'/2'/0'/0/0"


def test_symbols_find_their_coins() -> None:
    assert fb.coin("ltc") == fb.coin("LTC") == fb.coin("litecoin")
    assert fb.coin("trx").coin == "tron"
    assert fb.coin("XRP").coin == "ripple"
    assert fb.coin("ETH").coin == "ethereum"


def test_records_pickle_and_compare_equal() -> None:
    for record in fb.COINS:
        back = pickle.loads(pickle.dumps(record))
        assert back == record and hash(back) == hash(record)
        assert copy.copy(record) is record and copy.deepcopy(record) is record
    assert fb.coin("tron") != fb.coin("ethereum")
    assert len(set(fb.COINS)) == len(fb.COINS)


def test_unknown_coin_is_a_typed_error() -> None:
    with pytest.raises(fb.AddressError) as err:
        fb.coin("doge-classic")
    assert err.value.kind == "UnknownCoin"
    message = str(err.value)
    assert "\n" not in message and "fastbip32.COINS" in message
    key = fb.ExtendedPrivateKey.from_seed(bytes(32))
    with pytest.raises(fb.AddressError) as err:
        key.address(coin="nocoin")
    assert err.value.kind == "UnknownCoin"


def secp_master(entry: dict[str, Any]) -> fb.ExtendedPrivateKey:
    if entry["curve"] == "nist256p1":
        return fb.ExtendedPrivateKey.from_mnemonic(
            entry["mnemonic"], entry["passphrase"], "nist256p1"
        )
    return fb.ExtendedPrivateKey.from_mnemonic(entry["mnemonic"], entry["passphrase"])


@pytest.mark.parametrize(
    "entry",
    [e for e in VECTORS if e["curve"] in ("secp256k1", "nist256p1")],
    ids=lambda e: e["coin"],
)
def test_bip_utils_vectors_secp(entry: dict[str, Any]) -> None:
    master = secp_master(entry)
    slug = entry["coin"]
    for case in entry["cases"]:
        kind = kind_of(case)
        key = master.derive(case["path"])
        assert key.public_key.hex() == case["public_key"], (slug, case["path"])
        assert key.private_key.hex() == case["private_key"], (slug, case["path"])
        assert key.address(kind, coin=slug) == case["address"], (slug, case["path"])
        assert key.to_xpub().address(kind, coin=slug) == case["address"]
        if entry["curve"] == "secp256k1":
            plain = fb.PrivateKey(key.private_key)
            assert plain.address(kind, coin=slug) == case["address"]
        # The same address from the account's xpub, on the batch engine.
        steps = case["path"].split("/")
        account = master.derive("/".join(steps[:4])).to_xpub()
        chain, index = steps[4], int(steps[5])
        below = account.derive(chain)
        assert below.addresses(index, 1, coin=slug, kind=kind) == [case["address"]]
        assert fb.address(kind, key.public_key, coin=slug) == case["address"]


@pytest.mark.parametrize(
    "entry", [e for e in VECTORS if e["curve"] == "ed25519"], ids=lambda e: e["coin"]
)
def test_bip_utils_vectors_ed25519(entry: dict[str, Any]) -> None:
    master = fb.ExtendedPrivateKey.from_mnemonic(entry["mnemonic"], entry["passphrase"], "ed25519")
    slug = entry["coin"]
    for case in entry["cases"]:
        key = master.derive(case["path"])
        assert key.public_key == public_key("ed25519", case["public_key"])
        assert key.private_key.hex() == case["private_key"]
        assert key.address(kind_of(case), coin=slug) == case["address"], (slug, case["path"])


def test_bip_utils_vectors_nano() -> None:
    # This package derives no ed25519-blake2b keys: the address of the vector's public key.
    (entry,) = [e for e in VECTORS if e["coin"] == "nano"]
    for case in entry["cases"]:
        key = public_key("ed25519-blake2b", case["public_key"])
        assert fb.address(None, key, coin="nano") == case["address"]
    ed25519 = fb.ExtendedPrivateKey.from_mnemonic(entry["mnemonic"], curve="ed25519")
    with pytest.raises(fb.Error) as err:
        ed25519.derive(entry["cases"][0]["path"]).address(coin="nano")
    assert err.value.kind == "UnsupportedByScheme" and "ed25519-blake2b" in str(err.value)


def test_bip_utils_vectors_cardano() -> None:
    (entry,) = [e for e in VECTORS if e["coin"] == "cardano"]
    master = fb.ExtendedPrivateKey.from_mnemonic(entry["mnemonic"], curve="cardano-icarus")
    checked = 0
    for case in entry["cases"]:
        key = master.derive(case["path"])
        assert key.public_key.hex() == case["public_key"]
        stake = case.get("stake_public_key")
        stake_key = None if stake is None else bytes.fromhex(stake)
        address = key.address(case["kind"], coin="cardano", stake_key=stake_key)
        assert address == case["address"], case["path"]
        if stake_key is not None:
            # The default kind is the base address.
            assert key.to_xpub().address(coin="ada", stake_key=stake_key) == case["address"]
        checked += 1
    assert checked == len(entry["cases"]) >= 4


def test_every_coin_has_vectors() -> None:
    assert {e["coin"] for e in VECTORS} == {c.coin for c in fb.COINS}
    assert all(len(e["cases"]) >= 4 for e in VECTORS)


def test_a_kind_the_coin_lacks() -> None:
    key = fb.ExtendedPrivateKey.from_seed(bytes(32)).derive("m/44'/195'/0'/0/0")
    with pytest.raises(fb.AddressError) as err:
        key.address("p2tr", coin="tron")
    assert err.value.kind == "UnknownAddressKind" and "\n" not in str(err.value)
    assert "tron" in str(err.value)
    # The package's own kind names are a coin's kinds where they name one.
    eth = key.address(coin="ethereum")
    assert key.address("ethereum", coin="ethereum") == eth == key.address("ethereum")


def test_a_curve_the_coin_is_not_on() -> None:
    ed = fb.ExtendedPrivateKey.from_seed(bytes(32), "ed25519").derive("m/44'/501'/0'")
    with pytest.raises(fb.Error) as err:
        ed.address(coin="tron")
    assert err.value.kind == "UnsupportedByScheme" and "\n" not in str(err.value)
    xpub = fb.ExtendedPrivateKey.from_seed(bytes(32)).to_xpub()
    for coin in ("solana", "neo", "cardano"):
        with pytest.raises(fb.Error) as err:
            xpub.addresses(0, 2, coin=coin)
        assert err.value.kind == "UnsupportedByScheme"
    p256 = fb.ExtendedPrivateKey.from_seed(bytes(32), "nist256p1").to_xpub()
    with pytest.raises(fb.Error):
        p256.address(coin="bitcoin")
    assert p256.address(coin="neo-n3").startswith("N")


def test_hardened_indices_below_an_xpub() -> None:
    xpub = fb.ExtendedPrivateKey.from_seed(bytes(32)).derive("m/44'/195'/0'/0").to_xpub()
    with pytest.raises(fb.PathError):
        xpub.addresses(2**31 - 1, 2, coin="tron")
    with pytest.raises(fb.PathError):
        xpub.addresses(2**31, 1, coin="tron")
    with pytest.raises(fb.PathError):
        xpub.address_table(2**31 - 1, 2, coin="tron")
    assert xpub.addresses(2**31 - 1, 1, coin="tron")[0].startswith("T")


def test_networks_are_for_bitcoin_and_cardano() -> None:
    key = fb.ExtendedPrivateKey.from_seed(bytes(32)).derive("m/84'/2'/0'/0/0")
    with pytest.raises(fb.Error) as err:
        key.address(coin="litecoin", network="testnet")
    assert err.value.kind == "NetworkMismatch"
    assert key.address(coin="bitcoin", network="testnet").startswith("tb1")
    tpub = fb.ExtendedPublicKey.parse(key.to_xpub().to_string("tpub"))
    with pytest.raises(fb.Error) as err:
        tpub.address(coin="bitcoin", network="mainnet")
    assert err.value.kind == "NetworkMismatch"
    assert tpub.address(coin="bitcoin").startswith("tb1")


def test_neither_kind_nor_coin() -> None:
    key = fb.ExtendedPrivateKey.from_seed(bytes(32))
    with pytest.raises(TypeError):
        key.address()
    with pytest.raises(TypeError):
        key.to_xpub().addresses(0, 1)
    with pytest.raises(TypeError):
        fb.address(None, key.public_key)


def test_uncompressed_private_key_and_coin() -> None:
    key = fb.PrivateKey(bytes(31) + b"\x01", compressed=False)
    with pytest.raises(fb.Error) as err:
        key.address(coin="litecoin")
    assert err.value.kind == "UncompressedKey"


@pytest.mark.parametrize("slug", ["tron", "litecoin", "cosmos", "bitcoin-cash", "ripple"])
def test_addresses_and_table_agree_with_one_by_one(slug: str) -> None:
    xpub = fb.ExtendedPrivateKey.from_seed(bytes(range(32))).derive("m/44'/0'/0'/0").to_xpub()
    listed = xpub.addresses(5, 40, coin=slug)
    assert listed == [xpub.derive(str(i)).address(coin=slug) for i in range(5, 45)]
    pa = pytest.importorskip("pyarrow")
    table = xpub.address_table(5, 40_000, coin=slug, threads=2)
    assert table.schema.names == ["index", "address", "public_key"]
    assert table.schema.field("index").type == pa.uint32()
    assert table.column("address").to_pylist()[:40] == listed
    assert table.column("index").to_pylist()[:3] == [5, 6, 7]
    assert table.num_rows == 40_000
    assert table.column("public_key").to_pylist()[7] == xpub.derive_public_keys(12, 1)[0]
    one = xpub.address_table(5, 40_000, coin=slug, threads=1)
    assert one.equals(table)


def test_address_table_of_the_package_kinds() -> None:
    pytest.importorskip("pyarrow")
    xpub = fb.ExtendedPrivateKey.from_seed(bytes(range(32))).derive("m/84'/0'/0'/0").to_xpub()
    table = xpub.address_table(0, 10, kind="p2wpkh")
    assert table.column("address").to_pylist() == xpub.addresses(0, 10, kind="p2wpkh")
    descriptor = fb.Descriptor(f"wpkh({xpub}/*)")
    assert xpub.addresses(0, 10, kind="p2wpkh") == descriptor.addresses(0, 10)


def test_stubs_list_the_coins_and_every_export() -> None:
    text = STUBS.read_text(encoding="utf-8")
    block = re.search(r"_CoinSlug: TypeAlias = Literal\[(.*?)\]", text, re.S)
    assert block is not None
    assert re.findall(r'"([a-z0-9-]+)"', block.group(1)) == [c.coin for c in fb.COINS]
    exported = re.search(r"__all__ = \[(.*?)\]", text, re.S)
    assert exported is not None
    assert re.findall(r'"(\w+)"', exported.group(1)) == fb.__all__


ABOUT = "abandon " * 11 + "about"


def test_recover_takes_a_coin_by_slug_or_symbol_and_infers_it() -> None:
    bip_utils = pytest.importorskip("bip_utils")
    seed = bip_utils.Bip39SeedGenerator(ABOUT).Generate("")
    eth = bip_utils.Bip44.FromSeed(seed, bip_utils.Bip44Coins.ETHEREUM)
    target = eth.Purpose().Coin().Account(0).Change(bip_utils.Bip44Changes.CHAIN_EXT)
    address = target.AddressIndex(2).PublicKey().ToAddress()
    template = ABOUT.replace("about", "?")
    for coin in ("ethereum", "ETH", None):
        found = fb.recover(template, address=address, coin=coin, gap=3, language="english")
        assert found is not None and found.path == "m/44'/60'/0'/0/2", coin
    with pytest.raises(fb.AddressError) as err:
        fb.recover(template, address=address, coin="nocoin", language="english")
    assert err.value.kind == "UnknownCoin"
    # A named coin takes only its own addresses.
    with pytest.raises(fb.Error) as rerr:
        fb.recover(template, address=address, coin="tron", language="english")
    assert rerr.value.kind == "ForeignAddress" and "\n" not in str(rerr.value)


def test_recover_change_chooses_the_chains() -> None:
    bip_utils = pytest.importorskip("bip_utils")
    seed = bip_utils.Bip39SeedGenerator(ABOUT).Generate("")
    account = bip_utils.Bip84.FromSeed(seed, bip_utils.Bip84Coins.BITCOIN).Purpose().Coin()
    chain = account.Account(0).Change(bip_utils.Bip44Changes.CHAIN_INT)
    address = chain.AddressIndex(1).PublicKey().ToAddress()
    template = ABOUT.replace("about", "?")

    def search(change: Any) -> fb.Recovered | None:
        return fb.recover(template, address=address, change=change, gap=2, language="english")

    assert search("receive") is None
    for change in ("change", "both"):
        found = search(change)
        assert found is not None and found.path == "m/84'/0'/0'/1/1", change
    with pytest.raises(fb.RecoveryError) as err:
        search("external")
    assert err.value.kind == "UnknownChange"


def test_recover_refuses_addresses_of_several_coins() -> None:
    bip_utils = pytest.importorskip("bip_utils")
    seed = bip_utils.Bip39SeedGenerator(ABOUT).Generate("")
    eth = bip_utils.Bip44.FromSeed(seed, bip_utils.Bip44Coins.ETHEREUM)
    both = [
        "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
        eth.Purpose()
        .Coin()
        .Account(0)
        .Change(bip_utils.Bip44Changes.CHAIN_EXT)
        .AddressIndex(0)
        .PublicKey()
        .ToAddress(),
    ]
    with pytest.raises(fb.Error) as err:
        fb.recover(ABOUT, address=both, language="english")
    assert err.value.kind == "SeveralCoins" and "\n" not in str(err.value)


def test_dask_coin_address_frame() -> None:
    pytest.importorskip("dask.dataframe")
    pytest.importorskip("distributed")
    import fastbip32.dask as fbd

    xpub = fb.ExtendedPrivateKey.from_seed(bytes(range(32))).derive("m/44'/195'/0'/0").to_xpub()
    frame = fbd.coin_address_frame(xpub, 3, 25, coin="tron", partition_rows=10)
    assert frame.npartitions == 3
    pandas: Any = frame.compute(scheduler="synchronous")  # type: ignore[no-untyped-call]
    assert list(pandas.columns) == ["index", "address", "public_key"]
    assert list(pandas["address"]) == xpub.addresses(3, 25, coin="tron")
    assert list(pandas["index"]) == list(range(3, 28))
    with pytest.raises(fb.AddressError):
        fbd.coin_address_frame(str(xpub), 0, 5, coin="nocoin")


def test_a_checkpoint_belongs_to_its_search(tmp_path: Path) -> None:
    bip_utils = pytest.importorskip("bip_utils")
    seed = bip_utils.Bip39SeedGenerator(ABOUT).Generate("")
    account = bip_utils.Bip84.FromSeed(seed, bip_utils.Bip84Coins.BITCOIN).Purpose().Coin()
    chain = account.Account(0).Change(bip_utils.Bip44Changes.CHAIN_EXT)
    address = chain.AddressIndex(10).PublicKey().ToAddress()
    checkpoint = tmp_path / "search.checkpoint"
    options: dict[str, Any] = {"address": address, "resume": checkpoint, "language": "english"}
    assert fb.recover(ABOUT, gap=5, **options) is None
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(ABOUT, gap=20, **options)
    assert err.value.kind == "CheckpointChanged" and "gap" in str(err.value)
    with pytest.raises(fb.RecoveryError) as err:
        fb.recover(ABOUT, gap=5, change="receive", **options)
    assert err.value.kind == "CheckpointChanged"
    found = fb.recover(ABOUT, gap=20, address=address, language="english")
    assert found is not None and found.address_index == 10


# SEC 1 prefix 02 with x = 5: 5³ + 7 = 132 is not a square mod p, so no point has that x.
NO_POINT_X = b"\x02" + (5).to_bytes(32, "big")


@pytest.mark.parametrize("slug", ["litecoin", "tron", "cosmos", "ripple", "bitcoin-cash"])
def test_a_bare_public_key_is_checked_before_a_coin_address(slug: str) -> None:
    with pytest.raises(fb.Error) as err:
        fb.address(None, NO_POINT_X, coin=slug)
    assert err.value.kind == "InvalidPublicKey"
    with pytest.raises(fb.Error) as err:
        fb.address(None, bytes(32), coin=slug)
    assert err.value.kind == "InvalidLength"
