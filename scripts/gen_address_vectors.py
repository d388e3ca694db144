#!/usr/bin/env python3
"""Generate tests/data/address_bip_utils.json once with bip_utils (the reference tool).

Values no specification publishes: BIP-44 P2PKH addresses, BIP-49 mainnet addresses, WIF of
each private key, Ethereum (m/44'/60'/0'/0/i), Solana (SLIP-10 ed25519, m/44'/501'/a'/0') and
Cardano Shelley (CIP-1852, Icarus master key) addresses, all for the BIP-39 mnemonic
"abandon ... about" with an empty passphrase. The published BIP/EIP/CIP/Bitcoin Core vectors
are in the other tests/data/address_*.json files, copied from their sources by hand.

Usage:  python3 -m venv v && v/bin/pip install bip_utils==2.12.3 && v/bin/python scripts/gen_address_vectors.py
"""

import json
from importlib.metadata import version

from bip_utils import (
    Bip39SeedGenerator, Bip44, Bip44Coins, Bip44Changes, Bip49, Bip49Coins,
    Cip1852, Cip1852Coins, CardanoShelley, CardanoIcarusSeedGenerator,
)

MNEMONIC = "abandon " * 11 + "about"
seed = Bip39SeedGenerator(MNEMONIC).Generate()


def hexpub(ctx):
    return ctx.PublicKey().RawCompressed().ToHex()


def bitcoin_cases(cls, coin, purpose, kind):
    out = []
    acct = cls.FromSeed(seed, coin).Purpose().Coin().Account(0)
    for change, chg in ((0, Bip44Changes.CHAIN_EXT), (1, Bip44Changes.CHAIN_INT)):
        for i in range(3):
            node = acct.Change(chg).AddressIndex(i)
            out.append({
                "kind": kind,
                "network": "mainnet",
                "path": f"m/{purpose}'/0'/0'/{change}/{i}",
                "public_key_hex": node.PublicKey().RawCompressed().ToHex(),
                "private_key_hex": node.PrivateKey().Raw().ToHex(),
                "wif": node.PrivateKey().ToWif(),
                "address": node.PublicKey().ToAddress(),
            })
    return acct.PublicKey().ToExtended(), out


def main():
    bip44_xpub, bip44 = bitcoin_cases(Bip44, Bip44Coins.BITCOIN, 44, "p2pkh")
    bip49_ypub, bip49 = bitcoin_cases(Bip49, Bip49Coins.BITCOIN, 49, "p2sh-p2wpkh")

    eth = []
    acct = Bip44.FromSeed(seed, Bip44Coins.ETHEREUM).Purpose().Coin().Account(0)
    for i in range(5):
        node = acct.Change(Bip44Changes.CHAIN_EXT).AddressIndex(i)
        eth.append({
            "path": f"m/44'/60'/0'/0/{i}",
            "public_key_hex": node.PublicKey().RawCompressed().ToHex(),
            "address": node.PublicKey().ToAddress(),
        })

    sol = []
    for a in range(5):
        # bip_utils' Solana BIP-44 coin: m/44'/501'/a'/0', every level hardened (SLIP-10).
        node = (Bip44.FromSeed(seed, Bip44Coins.SOLANA).Purpose().Coin().Account(a)
                .Change(Bip44Changes.CHAIN_EXT))
        sol.append({
            "path": f"m/44'/501'/{a}'/0'",
            "public_key_hex": node.PublicKey().RawCompressed().ToHex()[2:],  # drop 0x00 prefix
            "address": node.PublicKey().ToAddress(),
        })

    ada = []
    for coin, net in ((Cip1852Coins.CARDANO_ICARUS, "mainnet"),
                      (Cip1852Coins.CARDANO_ICARUS_TESTNET, "testnet")):
        icarus_seed = CardanoIcarusSeedGenerator(MNEMONIC).Generate()
        acct = Cip1852.FromSeed(icarus_seed, coin).Purpose().Coin().Account(0)
        shelley = CardanoShelley.FromCip1852Object(acct)
        for change, chg in ((0, Bip44Changes.CHAIN_EXT), (1, Bip44Changes.CHAIN_INT)):
            for i in range(2):
                node = shelley.Change(chg).AddressIndex(i)
                payment = node.PublicKeys().AddressKey().RawCompressed().ToHex()[2:]
                stake = node.PublicKeys().StakingKey().RawCompressed().ToHex()[2:]
                ada.append({
                    "network": net,
                    "path": f"m/1852'/1815'/0'/{change}/{i}",
                    "stake_path": "m/1852'/1815'/0'/2/0",
                    "payment_public_key_hex": payment,
                    "stake_public_key_hex": stake,
                    "base": node.PublicKeys().ToAddress(),
                    "reward": node.PublicKeys().ToRewardAddress(),
                })

    data = {
        "source": "computed with bip_utils " + version("bip_utils")
                  + " by scripts/gen_address_vectors.py",
        "mnemonic": MNEMONIC,
        "passphrase": "",
        "notes": "No specification publishes these values; see tests/data/README.md.",
        "bip44_account_xpub": bip44_xpub,
        "bip49_account_ypub": bip49_ypub,
        "bitcoin": bip44 + bip49,
        "ethereum": eth,
        "solana": sol,
        "cardano_icarus": ada,
    }
    with open("tests/data/address_bip_utils.json", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
