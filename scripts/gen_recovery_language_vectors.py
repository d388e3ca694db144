#!/usr/bin/env python3
"""Writes tests/data/recovery_languages.json: for each English/French phrase of
tests/data/bip39_generated.json's `ambiguous` list (every word in both lists; its seed from
python-mnemonic), the Bitcoin BIP-84 receive addresses 0-2 (m/84'/0'/0'/0/i) of that seed,
for the recovery tests of a template searched in several word lists.

Every address is computed by bip_utils (pip install bip_utils==2.12.3), never by fastbip32.
Run: /path/to/venv/bin/python scripts/gen_recovery_language_vectors.py
"""
import json
from importlib.metadata import version
from pathlib import Path

from bip_utils import Bip44Changes, Bip84, Bip84Coins

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tests" / "data" / "bip39_generated.json"
OUT = ROOT / "tests" / "data" / "recovery_languages.json"


def main():
    ambiguous = json.loads(SOURCE.read_text())["ambiguous"]
    cases = []
    for case in ambiguous:
        if sorted(case["in_lists"]) != ["english", "french"]:
            continue
        seed = bytes.fromhex(case["seed_hex"])
        chain = (
            Bip84.FromSeed(seed, Bip84Coins.BITCOIN)
            .Purpose().Coin().Account(0).Change(Bip44Changes.CHAIN_EXT)
        )
        cases.append({
            "mnemonic": case["mnemonic"],
            "valid_in": sorted(case["valid_in"]),
            "seed_hex": case["seed_hex"],
            "bip84": [chain.AddressIndex(i).PublicKey().ToAddress() for i in range(3)],
        })
    out = {
        "source": f"bip_utils {version('bip_utils')} (scripts/gen_recovery_language_vectors.py), "
                  "from the phrases and seeds of tests/data/bip39_generated.json (python-mnemonic)",
        "schema": "mnemonic (every word in the English and French lists), valid_in (the lists "
                  "whose checksum holds), seed_hex (passphrase \"\"), bip84 (m/84'/0'/0'/0/0..2)",
        "cases": cases,
    }
    OUT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
