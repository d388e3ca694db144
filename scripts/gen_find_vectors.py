#!/usr/bin/env python3
"""Generate tests/data/find_bip_utils.json once with bip_utils (the reference tool).

Addresses deep in an account's branches, for `fastbip32 find`'s large-range tests: for the
BIP-39 mnemonic "abandon ... about" (empty passphrase), each account's extended public key as
bip_utils writes it (BIP-44 xpub, BIP-49 ypub, BIP-84 zpub, BIP-86 xpub, Ethereum's BIP-44
xpub) and its addresses at a few large indices of the receive (0) and change (1) branches.

Usage:  python3 -m venv .genvenv && .genvenv/bin/pip install bip_utils==2.12.3 \
        && .genvenv/bin/python scripts/gen_find_vectors.py
"""

import json
from importlib.metadata import version

from bip_utils import (
    Bip39SeedGenerator, Bip44, Bip44Coins, Bip44Changes, Bip49, Bip49Coins, Bip84,
    Bip84Coins, Bip86, Bip86Coins, EthAddrEncoder, P2PKHAddrEncoder,
)

MNEMONIC = "abandon " * 11 + "about"
seed = Bip39SeedGenerator(MNEMONIC).Generate()

ACCOUNTS = [
    ("p2pkh", Bip44, Bip44Coins.BITCOIN, "m/44'/0'/0'"),
    ("p2sh-p2wpkh", Bip49, Bip49Coins.BITCOIN, "m/49'/0'/0'"),
    ("p2wpkh", Bip84, Bip84Coins.BITCOIN, "m/84'/0'/0'"),
    ("p2tr", Bip86, Bip86Coins.BITCOIN, "m/86'/0'/0'"),
    ("ethereum", Bip44, Bip44Coins.ETHEREUM, "m/44'/60'/0'"),
]
POINTS = [(0, 50000), (1, 4321), (0, 999)]


def main():
    accounts = []
    for kind, cls, coin, path in ACCOUNTS:
        acct = cls.FromSeed(seed, coin).Purpose().Coin().Account(0)
        cases = []
        for branch, index in POINTS:
            chg = Bip44Changes.CHAIN_EXT if branch == 0 else Bip44Changes.CHAIN_INT
            node = acct.Change(chg).AddressIndex(index)
            cases.append({
                "branch": branch,
                "index": index,
                "path": f"{path}/{branch}/{index}",
                "address": node.PublicKey().ToAddress(),
            })
        accounts.append({
            "kind": kind,
            "account_path": path,
            "account_xpub": acct.PublicKey().ToExtended(),
            "cases": cases,
        })
    # Addresses of another script than the key's SLIP-132 family promises: the P2PKH and
    # Ethereum addresses of the BIP-84 account's (zpub's) keys.
    acct84 = Bip84.FromSeed(seed, Bip84Coins.BITCOIN).Purpose().Coin().Account(0)
    node = acct84.Change(Bip44Changes.CHAIN_INT).AddressIndex(7)
    pub = node.PublicKey().RawCompressed().ToBytes()
    cross = {
        "account_xpub": acct84.PublicKey().ToExtended(),
        "cases": [
            {"kind": "p2pkh", "branch": 1, "index": 7,
             "address": P2PKHAddrEncoder.EncodeKey(pub, net_ver=b"\x00")},
            {"kind": "ethereum", "branch": 1, "index": 7,
             "address": EthAddrEncoder.EncodeKey(pub)},
        ],
    }
    data = {
        "source": f"computed with bip_utils {version('bip_utils')} by scripts/gen_find_vectors.py",
        "mnemonic": MNEMONIC,
        "passphrase": "",
        "notes": "each account's extended public key as bip_utils writes it (SLIP-132 ypub/zpub for BIP-49/84) and its addresses at branch/index; not published by any specification",
        "accounts": accounts,
        "other_scripts": cross,
    }
    with open("tests/data/find_bip_utils.json", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
