#!/usr/bin/env python3
"""Generates tests/data/solana_keypair.json: Solana keypairs (Phantom's base58 import text and
solana-keygen's JSON array) of SLIP-10 ed25519 keys at m/44'/501'/i'/0' of BIP-39's
"abandon … about" mnemonic, computed with bip_utils (its Bip44 Solana coin and its Base58
encoder), for `derive --format keypair` and `--format keypair-json`.

    pip install bip_utils==2.12.3
    python3 scripts/gen_solana_keypair_vectors.py > tests/data/solana_keypair.json
"""
import json
from importlib.metadata import version

from bip_utils import Base58Encoder, Bip39SeedGenerator, Bip44, Bip44Coins, Bip44Changes

MNEMONIC = "abandon " * 11 + "about"


def main():
    seed = Bip39SeedGenerator(MNEMONIC).Generate("")
    cases = []
    for account in range(3):
        # Phantom's path m/44'/501'/account'/0': bip_utils' Solana change level is hardened.
        key = (
            Bip44.FromSeed(seed, Bip44Coins.SOLANA)
            .Purpose()
            .Coin()
            .Account(account)
            .Change(Bip44Changes.CHAIN_EXT)
        )
        secret = key.PrivateKey().Raw().ToBytes()
        public = key.PublicKey().RawCompressed().ToBytes()[1:]
        pair = secret + public
        cases.append(
            {
                "path": f"m/44'/501'/{account}'/0'",
                "address": key.PublicKey().ToAddress(),
                "keypair": Base58Encoder.Encode(pair),
                "keypair_json": list(pair),
            }
        )
    print(
        json.dumps(
            {
                "generator": "scripts/gen_solana_keypair_vectors.py",
                "tool": f"bip_utils {version('bip_utils')}",
                "mnemonic": MNEMONIC,
                "cases": cases,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
