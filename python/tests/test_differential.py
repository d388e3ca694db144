"""Differential property tests against the reference tools bip_utils and embit (the ``dev``
extra): random seeds, paths, entropy and indices; the same keys, texts and addresses."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fastbip32 as fb

bip_utils = __import__("bip_utils")
embit_bip32 = __import__("embit.bip32", fromlist=["HDKey"])
embit_bip39 = __import__("embit.bip39", fromlist=["mnemonic_from_bytes"])
embit_script = __import__("embit.script", fromlist=["p2wpkh"])
embit_descriptor = __import__("embit.descriptor", fromlist=["Descriptor"])
embit_ec = __import__("embit.ec", fromlist=["PrivateKey"])
embit_networks = __import__("embit.networks", fromlist=["NETWORKS"])

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.binary(min_size=16, max_size=64)
index = st.integers(0, 2**31 - 1)
steps = st.lists(st.tuples(index, st.booleans()), max_size=5)
hardened_steps = st.lists(index, max_size=5)
entropies = st.sampled_from([16, 20, 24, 28, 32]).flatmap(
    lambda n: st.binary(min_size=n, max_size=n)
)


def path_of(segments: list[tuple[int, bool]]) -> str:
    return "/".join(["m", *(f"{i}'" if hard else str(i) for i, hard in segments)])


@SETTINGS
@given(seed=seeds, segments=steps)
def test_secp256k1_against_bip_utils_and_embit(
    seed: bytes, segments: list[tuple[int, bool]]
) -> None:
    path = path_of(segments)
    ours = fb.ExtendedPrivateKey.from_seed(seed).derive(path)
    theirs = bip_utils.Bip32Slip10Secp256k1.FromSeedAndPath(seed, path)
    assert str(ours) == theirs.PrivateKey().ToExtended()
    assert str(ours.to_xpub()) == theirs.PublicKey().ToExtended()
    embit = embit_bip32.HDKey.from_seed(seed).derive(path.replace("'", "h"))
    assert str(ours) == embit.to_base58()
    assert ours.fingerprint == embit.my_fingerprint


@SETTINGS
@given(seed=seeds, segments=hardened_steps)
def test_slip10_ed25519_against_bip_utils(seed: bytes, segments: list[int]) -> None:
    path = path_of([(i, True) for i in segments])
    ours = fb.ExtendedPrivateKey.from_seed(seed, curve="ed25519").derive(path)
    theirs = bip_utils.Bip32Slip10Ed25519.FromSeedAndPath(seed, path)
    assert ours.private_key == theirs.PrivateKey().Raw().ToBytes()
    assert b"\x00" + ours.public_key == theirs.PublicKey().RawCompressed().ToBytes()
    assert ours.chain_code == theirs.ChainCode().ToBytes()
    # Solana addresses of the same key.
    assert ours.address("solana") == bip_utils.SolAddrEncoder.EncodeKey(
        theirs.PublicKey().KeyObject()
    )


@SETTINGS
@given(seed=seeds, segments=steps)
def test_nist256p1_against_bip_utils(seed: bytes, segments: list[tuple[int, bool]]) -> None:
    path = path_of(segments)
    ours = fb.ExtendedPrivateKey.from_seed(seed, curve="nist256p1").derive(path)
    theirs = bip_utils.Bip32Slip10Nist256p1.FromSeedAndPath(seed, path)
    # bip_utils lacks SLIP-10's retry (probability about 2**-32 per step): never drawn here.
    assert ours.private_key == theirs.PrivateKey().Raw().ToBytes()
    assert ours.public_key == theirs.PublicKey().RawCompressed().ToBytes()


@SETTINGS
@given(seed=seeds, segments=steps)
def test_bip32_ed25519_ledger_against_bip_utils(
    seed: bytes, segments: list[tuple[int, bool]]
) -> None:
    # bip_utils' "Kholaw" root is the Ledger/BitBox02 method, this package's ed25519-bip32.
    path = path_of(segments)
    ours = fb.ExtendedPrivateKey.from_seed(seed, curve="ed25519-bip32").derive(path)
    theirs = bip_utils.Bip32KholawEd25519.FromSeedAndPath(seed, path)
    assert ours.private_key == theirs.PrivateKey().Raw().ToBytes()
    assert ours.chain_code == theirs.ChainCode().ToBytes()
    assert b"\x00" + ours.public_key == theirs.PublicKey().RawCompressed().ToBytes()


@SETTINGS
@given(entropy=entropies, segments=steps)
def test_icarus_against_bip_utils(entropy: bytes, segments: list[tuple[int, bool]]) -> None:
    path = path_of(segments)
    ours = fb.ExtendedPrivateKey.from_entropy(entropy).derive(path)
    theirs = bip_utils.CardanoIcarusBip32.FromSeed(entropy).DerivePath(path)
    assert ours.private_key == theirs.PrivateKey().Raw().ToBytes()
    assert ours.chain_code == theirs.ChainCode().ToBytes()
    # The same root through the mnemonic of that entropy.
    words = bip_utils.Bip39MnemonicGenerator().FromEntropy(entropy).ToStr()
    assert fb.ExtendedPrivateKey.from_mnemonic(words, curve="cardano-icarus").derive(path) == ours


@SETTINGS
@given(entropy=entropies, passphrase=st.text(max_size=12))
def test_bip39_against_bip_utils_and_embit(entropy: bytes, passphrase: str) -> None:
    m = fb.Mnemonic.from_entropy(entropy)
    words = bip_utils.Bip39MnemonicGenerator().FromEntropy(entropy).ToStr()
    assert str(m) == words == embit_bip39.mnemonic_from_bytes(entropy)
    seed = m.to_seed(passphrase)
    assert seed == bip_utils.Bip39SeedGenerator(words).Generate(passphrase)
    # embit takes the passphrase as given; BIP-39 (and bip_utils) normalize it to NFKD first.
    assert seed == embit_bip39.mnemonic_to_seed(words, unicodedata.normalize("NFKD", passphrase))
    assert fb.Mnemonic(words).entropy == entropy


@SETTINGS
@given(seed=seeds, child=index)
def test_addresses_against_bip_utils_and_embit(seed: bytes, child: int) -> None:
    key = fb.ExtendedPrivateKey.from_seed(seed).derive(f"m/84'/0'/0'/0/{child}")
    theirs = bip_utils.Bip32Slip10Secp256k1.FromSeed(seed).DerivePath(f"m/84'/0'/0'/0/{child}")
    public = theirs.PublicKey().KeyObject()
    assert key.address("p2wpkh") == bip_utils.P2WPKHAddrEncoder.EncodeKey(public, hrp="bc")
    assert key.address("p2wpkh", "regtest") == bip_utils.P2WPKHAddrEncoder.EncodeKey(
        public, hrp="bcrt"
    )
    assert key.address("p2pkh") == bip_utils.P2PKHAddrEncoder.EncodeKey(public, net_ver=b"\x00")
    assert key.address("p2sh-p2wpkh") == bip_utils.P2SHAddrEncoder.EncodeKey(
        public, net_ver=b"\x05"
    )
    assert key.address("p2tr") == bip_utils.P2TRAddrEncoder.EncodeKey(public, hrp="bc")
    assert key.address("ethereum") == bip_utils.EthAddrEncoder.EncodeKey(public)
    assert key.wif() == bip_utils.WifEncoder.Encode(key.private_key, net_ver=b"\x80")
    ec = embit_ec.PrivateKey(key.private_key)
    assert key.wif("testnet") == ec.wif(embit_networks.NETWORKS["test"])
    assert key.address("p2wpkh") == embit_script.p2wpkh(ec.get_public_key()).address()
    assert key.address("p2tr") == embit_script.p2tr(ec.get_public_key()).address()


@SETTINGS
@given(
    seed=seeds,
    start=st.integers(0, 2**31 - 50),
    kind=st.sampled_from(["wpkh", "pkh", "sh-wpkh", "tr", "wsh-multi"]),
)
def test_descriptors_against_embit(seed: bytes, start: int, kind: str) -> None:
    root = fb.ExtendedPrivateKey.from_seed(seed)
    a = str(root.derive("m/84'/0'/0'").to_xpub())
    b = str(root.derive("m/84'/0'/1'").to_xpub())
    text = {
        "wpkh": f"wpkh({a}/0/*)",
        "pkh": f"pkh({a}/0/*)",
        "sh-wpkh": f"sh(wpkh({a}/0/*))",
        "tr": f"tr({a}/0/*)",
        "wsh-multi": f"wsh(sortedmulti(1,{a}/0/*,{b}/0/*))",
    }[kind]
    ours = fb.Descriptor(text).addresses(start, 3)
    theirs = embit_descriptor.Descriptor.from_string(text)
    assert ours == [theirs.derive(start + i).address() for i in range(3)]
