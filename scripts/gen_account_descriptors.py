#!/usr/bin/env python3
"""Generate tests/data/descriptor_accounts.json once with embit (the reference tool).

An account's four standard output descriptors, as `fastbip32 descriptors` prints them and
`fastbip32::descriptor::account_descriptors` returns them: BIP-44 `pkh`, BIP-49 `sh(wpkh)`,
BIP-84 `wpkh` and BIP-86 `tr`, each `[fingerprint/purpose'/coin'/account']xpub/<0;1>/*` with
`h` as the hardened marker and the BIP-380 checksum. embit derives every key, fingerprint and
checksum; this script only lays the text out. Roots: the BIP-39 seed of "abandon ... about"
(no passphrase; the BIPs' test wallet) and of "legal winner ... yellow" with "TREZOR"
(BIP-39's second vector), and the BIP-32 test vector 1 seed; accounts 0, 1 and 2**31 - 1;
mainnet (coin type 0, xpub) and testnet (coin type 1, tpub: signet and regtest are the same).

Usage:  python3 -m venv v && v/bin/pip install embit==0.8.0 && v/bin/python scripts/gen_account_descriptors.py
"""

import json
from importlib.metadata import version

from embit import bip32, bip39
from embit.descriptor.checksum import add_checksum
from embit.networks import NETWORKS

KINDS = [
    ("bip44", 44, "pkh(", ")"),
    ("bip49", 49, "sh(wpkh(", "))"),
    ("bip84", 84, "wpkh(", ")"),
    ("bip86", 86, "tr(", ")"),
]

ROOTS = [
    {
        "mnemonic": "abandon " * 11 + "about",
        "passphrase": "",
    },
    {
        "mnemonic": "legal winner thank year wave sausage worth useful legal winner thank yellow",
        "passphrase": "TREZOR",
    },
    {"seed_hex": "000102030405060708090a0b0c0d0e0f"},
]


def root_of(spec):
    if "seed_hex" in spec:
        seed = bytes.fromhex(spec["seed_hex"])
    else:
        seed = bip39.mnemonic_to_seed(spec["mnemonic"], spec["passphrase"])
    return seed, bip32.HDKey.from_seed(seed)


def main():
    cases = []
    for spec in ROOTS:
        seed, root = root_of(spec)
        fingerprint = root.my_fingerprint.hex()
        for network, net, coin in (("mainnet", NETWORKS["main"], 0), ("testnet", NETWORKS["test"], 1)):
            for account in (0, 1, 2**31 - 1):
                out = {}
                for name, purpose, open_, close in KINDS:
                    key = root.derive([purpose + 2**31, coin + 2**31, account + 2**31]).to_public()
                    xpub = key.to_base58(version=net["xpub"])
                    body = f"{open_}[{fingerprint}/{purpose}h/{coin}h/{account}h]{xpub}/<0;1>/*{close}"
                    out[name] = add_checksum(body)
                cases.append({
                    **spec,
                    "seed_hex": seed.hex(),
                    "root_xprv": root.to_base58(version=net["xprv"]),
                    "network": network,
                    "account": account,
                    "descriptors": out,
                })
    data = {
        "source": f"computed once with embit {version('embit')} by scripts/gen_account_descriptors.py",
        "notes": "Each case: a root (seed_hex, and the mnemonic it came from when there is one), "
        "its xprv (tprv off mainnet), the network and account number, and the four descriptors.",
        "cases": cases,
    }
    with open("tests/data/descriptor_accounts.json", "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
