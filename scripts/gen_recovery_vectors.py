#!/usr/bin/env python3
"""Writes tests/data/recovery.json: mnemonics from fixed entropy and what a wallet shows of them
(addresses, account xpubs, master fingerprints, descriptors), for the recovery search tests.

Every value is computed by bip_utils (pip install bip_utils==2.12.3 into /tmp/venv-ref), never
by fastbip32. Run: /tmp/venv-ref/bin/python scripts/gen_recovery_vectors.py
"""
import hashlib
import json
from importlib.metadata import version

from bip_utils import (
    Bip39MnemonicGenerator, Bip39SeedGenerator, Bip39Languages, Bip39WordsNum,
    Bip44, Bip44Coins, Bip44Changes, Bip49, Bip49Coins, Bip84, Bip84Coins, Bip86, Bip86Coins,
    Bip32Slip10Secp256k1, Cip1852, Cip1852Coins, CardanoIcarusSeedGenerator, CardanoShelley,
)


def mnemonic(entropy_hex, lang):
    return str(Bip39MnemonicGenerator(lang).FromEntropy(bytes.fromhex(entropy_hex)))


def bitcoin(words, passphrase=""):
    seed = Bip39SeedGenerator(words).Generate(passphrase)
    out = {}
    for name, cls, coin in [("bip44", Bip44, Bip44Coins.BITCOIN), ("bip49", Bip49, Bip49Coins.BITCOIN),
                            ("bip84", Bip84, Bip84Coins.BITCOIN), ("bip86", Bip86, Bip86Coins.BITCOIN)]:
        acc = cls.FromSeed(seed, coin).Purpose().Coin().Account(0)
        chain = acc.Change(Bip44Changes.CHAIN_EXT)
        out[name] = [chain.AddressIndex(i).PublicKey().ToAddress() for i in range(6)]
        out[name + "_xpub"] = acc.PublicKey().ToExtended()
        if name == "bip84":
            change = acc.Change(Bip44Changes.CHAIN_INT)
            out["bip84_change"] = [change.AddressIndex(i).PublicKey().ToAddress() for i in range(6)]
    master = Bip32Slip10Secp256k1.FromSeed(seed)
    fp = master.PublicKey().FingerPrint().ToBytes().hex()
    out["fingerprint"] = fp
    acc84 = master.DerivePath("m/84'/0'/0'")
    xpub = acc84.PublicKey().ToExtended()  # xpub version
    out["descriptor"] = f"wpkh([{fp}/84'/0'/0']{xpub}/0/*)"
    return out


def ethereum(words):
    seed = Bip39SeedGenerator(words).Generate("")
    chain = Bip44.FromSeed(seed, Bip44Coins.ETHEREUM).Purpose().Coin().Account(0).Change(Bip44Changes.CHAIN_EXT)
    return [chain.AddressIndex(i).PublicKey().ToAddress() for i in range(3)]


def solana(words):
    seed = Bip39SeedGenerator(words).Generate("")
    acc = Bip44.FromSeed(seed, Bip44Coins.SOLANA).Purpose().Coin()
    # m/44'/501'/i'/0'
    return [acc.Account(i).Change(Bip44Changes.CHAIN_EXT).PublicKey().ToAddress() for i in range(3)]


def cardano(words):
    seed = CardanoIcarusSeedGenerator(words).Generate()
    acc = Cip1852.FromSeed(seed, Cip1852Coins.CARDANO_ICARUS).Purpose().Coin().Account(0)
    shelley = CardanoShelley.FromCip1852Object(acc)
    return [shelley.Change(Bip44Changes.CHAIN_EXT).AddressIndex(i).PublicKeys().ToAddress() for i in range(3)]


ENTROPY12 = "9e885d952ad362caeb4efe34a8e91bd2"
ENTROPY12B = "7f3a1c5e9b2d4f6081a3c5e7092b4d6f"
ENTROPY24 = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0"

vectors = {
    "tool": f"bip_utils {version('bip_utils')}",
    "english12": {"mnemonic": mnemonic(ENTROPY12, Bip39Languages.ENGLISH)},
    "english12b": {"mnemonic": mnemonic(ENTROPY12B, Bip39Languages.ENGLISH)},
    "english24": {"mnemonic": mnemonic(ENTROPY24, Bip39Languages.ENGLISH)},
    "spanish12": {"mnemonic": mnemonic(ENTROPY12B, Bip39Languages.SPANISH)},
}
for key in ["english12", "english12b", "english24", "spanish12"]:
    v = vectors[key]
    v["bitcoin"] = bitcoin(v["mnemonic"])
v = vectors["english12"]
v["passphrase"] = "correct horse"
v["bitcoin_passphrase"] = bitcoin(v["mnemonic"], v["passphrase"])
v["ethereum"] = ethereum(v["mnemonic"])
v["solana"] = solana(v["mnemonic"])
v["cardano"] = cardano(v["mnemonic"])
vectors["english24"]["cardano"] = cardano(vectors["english24"]["mnemonic"])

with open("tests/data/recovery.json", "w", encoding="utf-8") as f:
    json.dump(vectors, f, indent=1, ensure_ascii=False)
    f.write("\n")
print("wrote tests/data/recovery.json")
