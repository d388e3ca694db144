#!/usr/bin/env python3
"""Writes tests/data/inner_wildcard.json: keys at paths whose varying index is not the last
step, as wallets use them (Ledger Live Ethereum m/44'/60'/i'/0/0, Phantom Solana
m/44'/501'/i'/0', Bitcoin accounts m/84'/0'/i'/0/0), from the BIP-39 mnemonic
"abandon x11 about" (empty passphrase), computed with bip_utils.

Run: python3 -m venv .genvenv && .genvenv/bin/pip install bip_utils==2.12.3
     .genvenv/bin/python scripts/gen_inner_wildcard_vectors.py > tests/data/inner_wildcard.json
"""

import json
from importlib.metadata import version

from bip_utils import (
    Bip32Slip10Ed25519,
    Bip32Slip10Secp256k1,
    Bip39SeedGenerator,
    EthAddrEncoder,
    P2WPKHAddrEncoder,
    SolAddrEncoder,
)

MNEMONIC = "abandon " * 11 + "about"
SEED = Bip39SeedGenerator(MNEMONIC).Generate()


def keys(cls, pattern, count):
    out = []
    for i in range(count):
        path = pattern.replace("*", str(i))
        key = cls.FromSeed(SEED).DerivePath(path)
        out.append((i, path, key))
    return out


def main():
    cases = []
    for i, path, key in keys(Bip32Slip10Secp256k1, "m/44'/60'/*'/0/0", 3):
        cases.append({
            "pattern": "m/44'/60'/*'/0/0", "curve": "secp256k1", "kind": "ethereum",
            "index": i, "path": path,
            "public_key": key.PublicKey().RawCompressed().ToHex(),
            "address": EthAddrEncoder.EncodeKey(key.PublicKey().KeyObject()),
        })
    for i, path, key in keys(Bip32Slip10Ed25519, "m/44'/501'/*'/0'", 3):
        cases.append({
            "pattern": "m/44'/501'/*'/0'", "curve": "ed25519", "kind": "solana",
            "index": i, "path": path,
            "public_key": key.PublicKey().RawCompressed().ToHex()[2:],
            "address": SolAddrEncoder.EncodeKey(key.PublicKey().KeyObject()),
        })
    for i, path, key in keys(Bip32Slip10Secp256k1, "m/84'/0'/*'/0/0", 3):
        cases.append({
            "pattern": "m/84'/0'/*'/0/0", "curve": "secp256k1", "kind": "p2wpkh",
            "index": i, "path": path,
            "public_key": key.PublicKey().RawCompressed().ToHex(),
            "address": P2WPKHAddrEncoder.EncodeKey(key.PublicKey().KeyObject(), hrp="bc"),
        })
    print(json.dumps({
        "source": "computed with bip_utils " + version("bip_utils")
                  + " by scripts/gen_inner_wildcard_vectors.py",
        "notes": "BIP-39 mnemonic 'abandon' x11 'about', empty passphrase; SLIP-10 ed25519 for "
                 "Solana (Phantom's path), BIP-32 secp256k1 otherwise. The first Ethereum "
                 "address, 0x9858EfFD232B4033E47d90003D41EC34EcaEda94, is the one wallets "
                 "publish for this mnemonic.",
        "mnemonic": MNEMONIC,
        "cases": cases,
    }, indent=1))


if __name__ == "__main__":
    main()
