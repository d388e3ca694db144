"""Secrets: repr() shows curve, depth and fingerprint only; private keys and mnemonics are not
pickled; descriptors of public keys pickle as their text."""

from __future__ import annotations

import copy
import inspect
import pickle
from typing import TYPE_CHECKING

import pytest

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _Curve

SEED = bytes(range(32))
PHRASE = "abandon " * 11 + "about"


@pytest.mark.parametrize("curve", fb.CURVES)
def test_repr_shows_no_secret(curve: _Curve) -> None:
    if curve.startswith("cardano-icarus"):
        key = fb.ExtendedPrivateKey.from_entropy(SEED[:16], curve=curve)
    else:
        key = fb.ExtendedPrivateKey.from_seed(SEED, curve=curve)
    key = key.derive("m/44'/1'")
    text = repr(key)
    assert text == (
        f"ExtendedPrivateKey(curve='{curve}', depth=2, fingerprint='{key.fingerprint.hex()}')"
    )
    for secret in (key.private_key, key.chain_code):
        assert secret.hex() not in text
        assert secret[:4].hex() not in text
    if curve not in ("ed25519", "curve25519"):
        public = repr(key.to_xpub())
        assert public.startswith(f"ExtendedPublicKey(curve='{curve}', depth=2")
        assert key.private_key.hex() not in public


def test_mnemonic_repr() -> None:
    m = fb.Mnemonic(PHRASE)
    assert repr(m) == "Mnemonic(language='english', words=12)"
    assert "abandon" not in repr(m)


def test_private_keys_do_not_pickle() -> None:
    key = fb.ExtendedPrivateKey.from_seed(SEED)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        with pytest.raises(TypeError, match=r"to_string\(\)"):
            pickle.dumps(key, protocol)
    with pytest.raises(TypeError, match=r"str\(m\)"):
        pickle.dumps(fb.Mnemonic(PHRASE))
    # Copies are the same immutable object.
    assert copy.copy(key) is key and copy.deepcopy(key) is key
    # What the message suggests works.
    assert fb.ExtendedPrivateKey.parse(pickle.loads(pickle.dumps(key.to_string()))) == key


@pytest.mark.parametrize("curve", ["secp256k1", "nist256p1", "ed25519-bip32"])
def test_public_keys_pickle_as_text(curve: _Curve) -> None:
    key = fb.ExtendedPrivateKey.from_seed(SEED, curve=curve).derive("m/1'/2").to_xpub()
    back = pickle.loads(pickle.dumps(key))
    assert back == key and back.curve == curve and str(back) == str(key)
    assert hash(back) == hash(key)
    zpub = fb.ExtendedPublicKey.parse(key.to_string("zpub")) if curve == "secp256k1" else key
    assert pickle.loads(pickle.dumps(zpub)).version_name == zpub.version_name


def test_descriptors_pickle_as_text() -> None:
    xpub = fb.ExtendedPrivateKey.from_seed(SEED).derive("m/84'/0'/0'").to_xpub()
    d = fb.Descriptor(f"wpkh({xpub}/<0;1>/*)")
    data = pickle.dumps(d)
    assert str(d).encode() in data
    back = pickle.loads(data)
    assert str(back) == str(d) and back.addresses(0, 5, 1) == d.addresses(0, 5, 1)
    private = fb.Descriptor(f"wpkh({fb.ExtendedPrivateKey.from_seed(SEED)}/0/*)")
    with pytest.raises(TypeError, match="private keys"):
        pickle.dumps(private)


def test_equality_compares_secrets() -> None:
    a = fb.ExtendedPrivateKey.from_seed(SEED)
    b = fb.ExtendedPrivateKey.from_seed(SEED)
    c = fb.ExtendedPrivateKey.from_seed(bytes(reversed(SEED)))
    assert a == b and a != c
    # Same metadata, another secret: two siblings' private keys differ only there (and in
    # the chain code), so compare two keys parsed from text differing in the key bytes.
    raw = bytearray(a.to_bytes())
    raw[-1] ^= 1
    d = fb.ExtendedPrivateKey.from_bytes(bytes(raw))
    assert d.chain_code == a.chain_code and d.depth == a.depth and d != a
    with pytest.raises(TypeError):
        hash(a)


def test_no_text_for_hardened_only_curves() -> None:
    key = fb.ExtendedPrivateKey.from_seed(SEED, curve="ed25519")
    with pytest.raises(fb.Error) as err:
        str(key)
    assert err.value.kind == "UnsupportedByScheme"
    assert key.version_name is None


def test_public_values_pickle_copy_and_compare() -> None:
    # BIP-173's P2WPKH example and BIP-350's P2TR example.
    for text in (
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
    ):
        decoded = fb.decode_address(text)
        back = pickle.loads(pickle.dumps(decoded))
        assert back == decoded and hash(back) == hash(decoded)
        assert copy.copy(decoded) is decoded and copy.deepcopy(decoded) is decoded
    xpub = fb.ExtendedPrivateKey.from_seed(SEED).derive("m/84'/0'/0'").to_xpub()
    d = fb.Descriptor(f"wpkh({xpub}/<0;1>/*)")
    again = fb.Descriptor(str(d))
    assert d == again and hash(d) == hash(again) and len({d, again}) == 1
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d
    assert d != fb.Descriptor(f"pkh({xpub}/<0;1>/*)")
    private = fb.Descriptor(f"wpkh({fb.ExtendedPrivateKey.from_seed(SEED)}/0/*)")
    assert private != fb.Descriptor(str(private))


def test_a_recovered_match_is_not_pickled() -> None:
    found = fb.Recovered(PHRASE, "", "m/84'/0'/0'/0/0", None, "address", 0, 0, 0, "english")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        with pytest.raises(TypeError, match="mnemonic"):
            pickle.dumps(found, protocol)


def test_help_shows_real_defaults() -> None:
    for f in (fb.ExtendedPrivateKey.from_mnemonic, fb.Mnemonic.to_seed, fb.derive_paths):
        signature = str(inspect.signature(f))
        assert "Ellipsis" not in signature and "..." not in signature, signature
    assert "passphrase=''" in str(inspect.signature(fb.Mnemonic.to_seed))
