"""Bad inputs raise typed exceptions: the classes, their attributes, and TypeError for wrong
Python types."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

import fastbip32 as fb

SEED = bytes(range(16))
XPUB = (
    "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8Yt"
    "GqsefD265TMg7usUDFdp6W1EGMcet8"
)
PHRASE = "legal winner thank year wave sausage worth useful legal winner thank yellow"


def test_hierarchy() -> None:
    assert issubclass(fb.Error, ValueError)
    for cls in (fb.PathError, fb.MnemonicError, fb.DescriptorError):
        assert issubclass(cls, fb.Error)
        assert cls.__module__ == "fastbip32"
        assert cls.__doc__


def test_path_errors() -> None:
    root = fb.ExtendedPrivateKey.from_seed(SEED)
    with pytest.raises(fb.PathError) as err:
        root.derive("m/0/1x")
    assert (err.value.kind, err.value.segment, err.value.position) == ("InvalidPath", 1, 5)
    assert "segment 1" in str(err.value)
    with pytest.raises(fb.PathError) as err:
        fb.ExtendedPrivateKey.from_seed(SEED, curve="ed25519").derive("m/0'/7")
    assert (err.value.kind, err.value.segment) == ("HardenedOnly", 1)
    with pytest.raises(fb.PathError) as err:
        fb.ExtendedPublicKey.parse(XPUB).derive("0/1/2'")
    assert (err.value.kind, err.value.segment, err.value.position) == (
        "HardenedFromPublic",
        2,
        None,
    )
    with pytest.raises(fb.PathError) as err:
        root.derive_private_keys(2**31 - 2, 5)
    assert err.value.kind == "InvalidChildIndex"
    with pytest.raises(fb.PathError) as err:
        root.derive("/".join(["m"] + ["0"] * 256))
    assert err.value.kind in ("DepthExceeded", "InvalidPath")


def test_key_errors() -> None:
    for seed, kind in ((b"", "InvalidSeedLength"), (bytes(65), "InvalidSeedLength")):
        with pytest.raises(fb.Error) as err:
            fb.ExtendedPrivateKey.from_seed(seed)
        assert err.value.kind == kind
        assert type(err.value) is fb.Error
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPrivateKey.parse(XPUB)
    assert err.value.kind == "KeyKindMismatch"
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPublicKey.parse(XPUB[:-1] + "9")
    assert err.value.kind == "BadChecksum"
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPrivateKey.from_seed(SEED, curve="cardano-icarus")
    assert err.value.kind == "UnsupportedByScheme"
    with pytest.raises(fb.Error) as err:
        fb.derive_private_key(SEED, "m/0'", curve="cardano-icarus-trezor")
    assert err.value.kind == "UnsupportedByScheme"
    with pytest.raises(fb.PathError) as path_err:
        fb.derive_private_key(SEED, "m/0", curve="ed25519")
    assert path_err.value.kind == "HardenedOnly"
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPrivateKey.from_entropy(bytes(16), curve="secp256k1")
    assert err.value.kind == "UnsupportedByScheme"
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPrivateKey.from_seed(SEED, curve="ed25519").to_xpub()
    assert err.value.kind == "UnsupportedByScheme"
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPrivateKey.from_seed(SEED, curve="secp257k1")  # type: ignore[arg-type]
    assert err.value.kind == "UnknownCurve"
    assert "secp256k1" in str(err.value)
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPrivateKey.from_seed(SEED).to_string("qprv")
    assert err.value.kind == "UnknownVersionName"
    with pytest.raises(fb.Error) as err:
        fb.ExtendedPublicKey.parse(XPUB).to_string("zprv")
    assert err.value.kind == "VersionKeyMismatch"
    # A private key takes a public name for its private twin.
    key = fb.ExtendedPrivateKey.from_seed(SEED)
    assert key.to_string("zpub").startswith("zprv")
    assert fb.ExtendedPrivateKey.from_seed(SEED, curve="p256").curve == "nist256p1"


def test_address_errors() -> None:
    key = fb.ExtendedPrivateKey.from_seed(SEED)
    with pytest.raises(fb.Error) as err:
        key.address("p2wsh")
    assert err.value.kind == "UnknownAddressKind"
    with pytest.raises(fb.Error) as err:
        key.address("p2wpkh", "bitcoin")  # type: ignore[arg-type]
    assert err.value.kind == "UnknownNetwork"
    with pytest.raises(fb.Error) as err:
        key.address("solana")
    assert err.value.kind == "UnsupportedByScheme"
    with pytest.raises(fb.Error) as err:
        fb.address("p2wpkh", bytes(32))
    assert err.value.kind == "InvalidLength"
    with pytest.raises(fb.Error) as err:
        fb.address("ethereum", bytes(33))
    assert err.value.kind == "InvalidPublicKey"
    with pytest.raises(TypeError):
        fb.address("cardano-base", bytes(32))
    with pytest.raises(TypeError):
        fb.address("cardano-enterprise", bytes(32), stake_key=bytes(32))
    with pytest.raises(fb.Error) as err:
        fb.wif_decode("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWo")
    assert err.value.kind == "BadChecksum"
    with pytest.raises(fb.Error) as err:
        fb.wif_encode(bytes(32))
    assert err.value.kind == "InvalidSecretKey"
    with pytest.raises(fb.Error) as err:
        fb.address_from_script(b"\x6a")
    assert err.value.kind == "UnsupportedScript"


def test_mnemonic_errors() -> None:
    with pytest.raises(fb.MnemonicError) as err:
        fb.Mnemonic(PHRASE.replace("year", "yaer"))
    e = err.value
    assert (e.kind, e.position) == ("UnknownWord", 3)
    assert e.suggestions[0] == "year"
    assert "word 4" in str(e)
    with pytest.raises(fb.MnemonicError) as err:
        fb.Mnemonic("abandon " * 11)
    assert (err.value.kind, err.value.position, err.value.suggestions) == (
        "InvalidWordCount",
        None,
        [],
    )
    with pytest.raises(fb.MnemonicError) as err:
        fb.Mnemonic(PHRASE.replace("yellow", "winner"))
    assert err.value.kind == "InvalidChecksum"
    with pytest.raises(fb.MnemonicError) as err:
        fb.Mnemonic(PHRASE, language="klingon")
    assert err.value.kind == "UnknownLanguage"
    with pytest.raises(fb.MnemonicError) as err:
        fb.Mnemonic.generate(words=13)
    assert err.value.kind == "InvalidWordCount"
    with pytest.raises(fb.MnemonicError) as err:
        fb.Mnemonic.from_entropy(bytes(15))
    assert err.value.kind == "InvalidEntropyLength"
    with pytest.raises(fb.MnemonicError) as err:
        fb.ExtendedPrivateKey.from_mnemonic(PHRASE.replace("thank", "thonk"))
    assert err.value.position == 2
    assert "thank" in err.value.suggestions
    with pytest.raises(fb.MnemonicError) as err:
        # A word of the Spanish list among English ones.
        fb.Mnemonic(PHRASE.replace("legal", "ábaco", 1))
    assert err.value.kind in ("MixedLanguages", "UnknownWord")
    assert fb.suggest("yaer")[0] == "year"
    # Words come back as the lists hold them: NFKD.
    assert fb.suggest("ábaco", "spanish")[0] == unicodedata.normalize("NFKD", "ábaco")


def test_descriptor_errors() -> None:
    with pytest.raises(fb.DescriptorError) as err:
        fb.Descriptor("wpkh(" + XPUB + "/0/*")
    assert err.value.kind == "Invalid"
    assert err.value.position is not None
    assert err.value.key is None
    # Text in a key's place that is not a key: the offset, and which key it is.
    good = "02" + "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"
    bad = "02" + "zz" * 32
    prefix = "wsh(multi(2," + good + ","
    with pytest.raises(fb.DescriptorError) as err:
        fb.Descriptor(prefix + bad + "," + good + "))")
    assert (err.value.kind, err.value.position, err.value.key) == ("Invalid", len(prefix), 1)
    assert "key 2 of 3" in str(err.value)
    with pytest.raises(fb.DescriptorError) as err:
        fb.Descriptor("pk(" + XPUB + ")")
    assert (err.value.kind, err.value.position) == ("Unsupported", 0)
    with pytest.raises(fb.DescriptorError) as err:
        fb.Descriptor("wpkh(" + XPUB[:-1] + "9/0/*)")
    assert (err.value.kind, err.value.key) == ("BadChecksum", 0)
    d = fb.Descriptor("wpkh(" + XPUB + "/<0;1>/*)")
    with pytest.raises(fb.DescriptorError) as err:
        d.addresses(branch=2)
    assert err.value.kind == "BranchOutOfRange"
    with pytest.raises(fb.DescriptorError) as err:
        d.addresses(network="testnet")
    assert err.value.kind == "NetworkMismatch"
    with pytest.raises(fb.DescriptorError) as err:
        d.addresses(2**31 - 1, 2)
    assert err.value.kind == "InvalidIndex"
    with pytest.raises(fb.DescriptorError) as err:
        d.address_table(2**31 - 10, 100)
    assert err.value.kind == "InvalidIndex"
    with pytest.raises(fb.Error) as other:
        d.address_table(threads=0)
    assert other.value.kind == "InvalidThreadCount"
    with pytest.raises(fb.Error) as other:
        fb.account_descriptors(fb.ExtendedPrivateKey.from_seed(SEED, curve="ed25519"))
    assert other.value.kind == "UnsupportedByScheme"


WRONG_TYPES: list[tuple[Any, tuple[Any, ...], dict[str, Any]]] = [
    (fb.ExtendedPrivateKey.from_seed, ("00" * 16,), {}),
    (fb.ExtendedPrivateKey.from_seed, (SEED,), {"curve": 1}),
    (fb.ExtendedPrivateKey.from_mnemonic, (42,), {}),
    (fb.ExtendedPrivateKey.from_mnemonic, (PHRASE,), {"passphrase": b"x"}),
    (fb.ExtendedPrivateKey.from_entropy, (bytes(16),), {"passphrase": 3}),
    (fb.ExtendedPrivateKey.parse, (b"xprv",), {}),
    (fb.ExtendedPublicKey.parse, (None,), {}),
    (fb.parse_extended_key, (1.5,), {}),
    (fb.derive_paths, (SEED, "m/0"), {}),
    (fb.derive_paths, (SEED, [0]), {}),
    (fb.address, ("p2wpkh", "02" * 33), {}),
    (fb.address_from_script, ("0014",), {}),
    (fb.wif_encode, ([1] * 32,), {}),
    (fb.wif_decode, (b"K",), {}),
    (fb.eip55, ("00" * 20,), {}),
    (fb.Mnemonic, (b"abandon",), {}),
    (fb.Mnemonic.generate, ("12",), {}),
    (fb.Mnemonic.from_entropy, (bytearray(16),), {}),
    (fb.suggest, (None,), {}),
    (fb.Descriptor, (object(),), {}),
    (fb.account_descriptors, ("xprv",), {}),
]


@pytest.mark.parametrize(("f", "args", "kwargs"), WRONG_TYPES)
def test_wrong_types(f: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        f(*args, **kwargs)


def test_wrong_types_on_methods() -> None:
    key = fb.ExtendedPrivateKey.from_seed(SEED)
    d = fb.Descriptor("wpkh(" + XPUB + "/<0;1>/*)")
    m = fb.Mnemonic(PHRASE)
    calls: list[Any] = [
        lambda: key.derive(0),  # type: ignore[arg-type]
        lambda: key.derive_private_keys("0", 1),  # type: ignore[arg-type]
        lambda: key.derive_public_keys(0, 1.0),  # type: ignore[arg-type]
        lambda: key.address(b"p2wpkh"),  # type: ignore[arg-type]
        lambda: key.address("p2wpkh", stake_key="x"),  # type: ignore[arg-type]
        lambda: key.to_string(1),  # type: ignore[arg-type]
        lambda: key.wif(None),  # type: ignore[arg-type]
        lambda: key.to_xpub().derive_public_keys(None, 1),  # type: ignore[arg-type]
        lambda: d.addresses("0"),  # type: ignore[arg-type]
        lambda: d.script_pubkeys(0, "20"),  # type: ignore[arg-type]
        lambda: d.address_table(branches=0),  # type: ignore[arg-type]
        lambda: d.address_table(threads="2"),  # type: ignore[arg-type]
        lambda: m.to_seed(b"TREZOR"),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


def test_out_of_range_integers() -> None:
    key = fb.ExtendedPrivateKey.from_seed(SEED)
    with pytest.raises(OverflowError):
        key.derive_private_keys(-1, 1)
    with pytest.raises(OverflowError):
        key.derive_public_keys(0, 2**32)
    with pytest.raises(fb.PathError):
        key.derive_private_keys(2**31, 1)


def test_a_subclass_per_library_module() -> None:
    # BIP-173: a bech32 address with a wrong checksum.
    with pytest.raises(fb.AddressError) as address:
        fb.decode_address("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")
    assert address.value.kind == "Bech32Checksum" and isinstance(address.value, fb.Error)
    with pytest.raises(fb.AddressError) as wif:
        fb.wif_decode("5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ")  # uncompressed WIF
    assert wif.value.kind == "UncompressedWif"
    with pytest.raises(fb.RecoveryError) as recovery:
        fb.recovery_space("")
    assert recovery.value.kind == "EmptyTemplate" and isinstance(recovery.value, ValueError)
    with pytest.raises(fb.RecoveryError) as unknown:
        fb.recovery_space("abandon " * 11 + "zzzqx", language="english")
    assert unknown.value.kind == "UnknownWord"
