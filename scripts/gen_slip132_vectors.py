#!/usr/bin/env python3
"""Generate tests/data/slip132.json once with embit and bip_utils (the reference tools).

SLIP-132 families and what they mean, as wallets export them:

* `families`: SLIP-132's table (version bytes, network, script), checked here against
  embit's and bip_utils' own tables.
* `accounts`: for two BIP-39 wallets ("abandon ... about" with no passphrase, the BIPs' test
  wallet, and "legal winner ... yellow" with "TREZOR", BIP-39's second vector), on mainnet
  and testnet, the account key of every family: xpub/tpub at BIP-44's m/44'/c'/0' (no script
  implied: the receive addresses are BIP-44's p2pkh), ypub/upub at BIP-49's m/49'/c'/0'
  (p2sh-p2wpkh), zpub/vpub at BIP-84's m/84'/c'/0' (p2wpkh), Ypub/Upub and Zpub/Vpub at
  BIP-48's m/48'/c'/0'/1' and m/48'/c'/0'/2' (p2sh-p2wsh and p2wsh multisig; the receive
  addresses are those of the 1-of-1 `multi(1,KEY/0/*)` in the family's script). Each has the
  key in its family (public and private), the same key as xpub/tpub, the family's
  descriptor with the SLIP-132 key, and the first three receive addresses. embit derives the
  keys and addresses (from the xpub form); bip_utils derives the single-key addresses again
  and the SLIP-132 text of the BIP-49/84 keys, and must agree.
* `electrum`: Electrum-style wallet exports (its wallet file's keystore): a standard
  native-segwit wallet stores the zpub, a p2sh-segwit one the ypub, a 2-of-2 p2wsh multisig
  the cosigners' Zpubs (Electrum sorts the cosigners' keys: `sortedmulti`).
* `sparrow`: Sparrow-style output descriptors: `[fingerprint/path]xpub/<0;1>/*` with `h`
  and the BIP-380 checksum, and their first receive addresses.

Usage:  python3 -m venv v && v/bin/pip install bip_utils==2.12.3 embit==0.8.0
        v/bin/python scripts/gen_slip132_vectors.py > tests/data/slip132.json
"""

import json
from importlib.metadata import version

from bip_utils import (
    Bip39SeedGenerator,
    Bip44,
    Bip44Coins,
    Bip49,
    Bip49Coins,
    Bip84,
    Bip84Coins,
    Bip44Changes,
)
from embit import bip32, bip39
from embit.descriptor import Descriptor
from embit.descriptor.checksum import add_checksum
from embit.networks import NETWORKS

H = 2**31

# SLIP-132's table: (public name, public version, private name, private version, network,
# script). https://github.com/satoshilabs/slips/blob/master/slip-0132.md
FAMILIES = [
    ("xpub", "0488b21e", "xprv", "0488ade4", "mainnet", None),
    ("ypub", "049d7cb2", "yprv", "049d7878", "mainnet", "p2sh-p2wpkh"),
    ("zpub", "04b24746", "zprv", "04b2430c", "mainnet", "p2wpkh"),
    ("Ypub", "0295b43f", "Yprv", "0295b005", "mainnet", "p2sh-p2wsh multisig"),
    ("Zpub", "02aa7ed3", "Zprv", "02aa7a99", "mainnet", "p2wsh multisig"),
    ("tpub", "043587cf", "tprv", "04358394", "testnet", None),
    ("upub", "044a5262", "uprv", "044a4e28", "testnet", "p2sh-p2wpkh"),
    ("vpub", "045f1cf6", "vprv", "045f18bc", "testnet", "p2wpkh"),
    ("Upub", "024289ef", "Uprv", "024285b5", "testnet", "p2sh-p2wsh multisig"),
    ("Vpub", "02575483", "Vprv", "02575048", "testnet", "p2wsh multisig"),
]

# The account path (after m/) and the descriptor of each script; KEY is the account key.
SCRIPTS = {
    None: ([44], "pkh(KEY/0/*)"),
    "p2sh-p2wpkh": ([49], "sh(wpkh(KEY/0/*))"),
    "p2wpkh": ([84], "wpkh(KEY/0/*)"),
    "p2sh-p2wsh multisig": ([48], "sh(wsh(multi(1,KEY/0/*)))"),
    "p2wsh multisig": ([48], "wsh(multi(1,KEY/0/*))"),
}
BIP48_SCRIPT_TYPE = {"p2sh-p2wsh multisig": 1, "p2wsh multisig": 2}

WALLETS = [
    {"mnemonic": "abandon " * 11 + "about", "passphrase": ""},
    {
        "mnemonic": "legal winner thank year wave sausage worth useful legal winner thank yellow",
        "passphrase": "TREZOR",
    },
]

COUNT = 3


def embit_net(network):
    return NETWORKS["main"] if network == "mainnet" else NETWORKS["test"]


def path_text(steps, marker="'"):
    return "m/" + "/".join(f"{s - H}{marker}" if s >= H else str(s) for s in steps)


def addresses(descriptor_text, network):
    d = Descriptor.from_string(descriptor_text)
    return [d.derive(i).address(embit_net(network)) for i in range(COUNT)]


def check_families():
    for pub, pub_hex, prv, prv_hex, network, _ in FAMILIES:
        net = embit_net(network)
        # embit names the test families by their mainnet letters (ypub for upub, …).
        letter = {"t": "x", "u": "y", "v": "z", "U": "Y", "V": "Z"}.get(pub[0], pub[0])
        assert net[letter + "pub"].hex() == pub_hex, pub
        assert net[letter + "prv"].hex() == prv_hex, prv


def bip_utils_account(seed, purpose, testnet):
    cls, coins = {
        44: (Bip44, (Bip44Coins.BITCOIN, Bip44Coins.BITCOIN_TESTNET)),
        49: (Bip49, (Bip49Coins.BITCOIN, Bip49Coins.BITCOIN_TESTNET)),
        84: (Bip84, (Bip84Coins.BITCOIN, Bip84Coins.BITCOIN_TESTNET)),
    }[purpose]
    return cls.FromSeed(seed, coins[1] if testnet else coins[0]).Purpose().Coin().Account(0)


def accounts():
    out = []
    for wallet in WALLETS:
        seed = bip39.mnemonic_to_seed(wallet["mnemonic"], wallet["passphrase"])
        assert seed == bytes(Bip39SeedGenerator(wallet["mnemonic"]).Generate(wallet["passphrase"]))
        root = bip32.HDKey.from_seed(seed)
        fingerprint = root.my_fingerprint.hex()
        for pub, pub_hex, prv, prv_hex, network, script in FAMILIES:
            testnet = network == "testnet"
            coin = 1 if testnet else 0
            purpose, descriptor = SCRIPTS[script]
            steps = [purpose[0] + H, coin + H, 0 + H]
            if script in BIP48_SCRIPT_TYPE:
                steps.append(BIP48_SCRIPT_TYPE[script] + H)
            account = root.derive(steps)
            plain = "tpub" if testnet else "xpub"
            xpub = account.to_public().to_base58(version=bytes.fromhex(
                "043587cf" if testnet else "0488b21e"))
            key = account.to_public().to_base58(version=bytes.fromhex(pub_hex))
            key_private = account.to_base58(version=bytes.fromhex(prv_hex))
            receive = addresses(descriptor.replace("KEY", xpub), network)
            if purpose[0] in (44, 49, 84):
                acc = bip_utils_account(seed, purpose[0], testnet)
                if script is not None:
                    # bip_utils writes BIP-49/84 account keys in their SLIP-132 family.
                    assert acc.PublicKey().ToExtended() == key, (pub, network)
                    assert acc.PrivateKey().ToExtended() == key_private, (prv, network)
                chain = acc.Change(Bip44Changes.CHAIN_EXT)
                again = [chain.AddressIndex(i).PublicKey().ToAddress() for i in range(COUNT)]
                assert again == receive, (pub, network, again, receive)
            out.append({
                "mnemonic": wallet["mnemonic"],
                "passphrase": wallet["passphrase"],
                "root_fingerprint": fingerprint,
                "network": network,
                "family": pub,
                "private_family": prv,
                "script": script,
                "path": path_text(steps),
                "key": key,
                "key_private": key_private,
                "xpub": xpub,
                "xpub_family": plain,
                "descriptor": descriptor.replace("KEY", key),
                "receive": receive,
            })
    return out


def find(cases, wallet, network, family):
    return next(c for c in cases if c["mnemonic"] == WALLETS[wallet]["mnemonic"]
                and c["network"] == network and c["family"] == family)


def electrum(cases):
    out = []
    for family, txin in (("zpub", "p2wpkh"), ("ypub", "p2wpkh-p2sh")):
        c = find(cases, 0, "mainnet", family)
        out.append({
            "wallet_type": "standard",
            "txin_type": txin,
            "keystore": {
                "type": "bip32",
                "xpub": c["key"],
                "derivation": c["path"],
                "root_fingerprint": c["root_fingerprint"],
            },
            "receive": c["receive"],
        })
    # A 2-of-2 native-segwit multisig of the two wallets: each cosigner's Zpub at
    # m/48'/0'/0'/2'; Electrum sorts the keys of each script.
    a, b = find(cases, 0, "mainnet", "Zpub"), find(cases, 1, "mainnet", "Zpub")
    receive = addresses(f"wsh(sortedmulti(2,{a['xpub']}/0/*,{b['xpub']}/0/*))", "mainnet")
    out.append({
        "wallet_type": "2of2",
        "txin_type": "p2wsh",
        "x1/": {"type": "bip32", "xpub": a["key"], "derivation": a["path"],
                "root_fingerprint": a["root_fingerprint"]},
        "x2/": {"type": "bip32", "xpub": b["key"], "derivation": b["path"],
                "root_fingerprint": b["root_fingerprint"]},
        "receive": receive,
    })
    return out


def sparrow(cases):
    out = []
    for wallet in (0, 1):
        for network in ("mainnet", "testnet"):
            for family, shape in (("xpub", "pkh({})"), ("tpub", "pkh({})"),
                                  ("ypub", "sh(wpkh({}))"), ("upub", "sh(wpkh({}))"),
                                  ("zpub", "wpkh({})"), ("vpub", "wpkh({})")):
                try:
                    c = find(cases, wallet, network, family)
                except StopIteration:
                    continue
                origin = c["path"].replace("m/", "").replace("'", "h")
                key = f"[{c['root_fingerprint']}/{origin}]{c['xpub']}"
                text = add_checksum(shape.format(key + "/<0;1>/*"))
                receive = addresses(shape.format(c["xpub"] + "/0/*"), network)
                assert receive == c["receive"]
                out.append({"network": network, "family": family, "descriptor": text,
                            "receive": receive})
    return out


def main():
    check_families()
    cases = accounts()
    data = {
        "source": "computed once by scripts/gen_slip132_vectors.py with "
                  f"embit {version('embit')} and bip_utils {version('bip_utils')}",
        "tools": {"embit": version("embit"), "bip_utils": version("bip_utils")},
        "notes": "families: SLIP-132's table. accounts: each family's account key of two "
                 "BIP-39 wallets (BIP-44/49/84/48 paths), the same key as xpub/tpub, the "
                 "family's descriptor with the SLIP-132 key, the first receive addresses "
                 "(multisig: of the 1-of-1 multi in the family's script). electrum: "
                 "Electrum-style keystores (zpub, ypub, 2-of-2 Zpub). sparrow: Sparrow-style "
                 "descriptors with [fingerprint/path]xpub/<0;1>/*.",
        "families": [
            {"public": p, "public_hex": ph, "private": q, "private_hex": qh,
             "network": n, "script": s}
            for p, ph, q, qh, n, s in FAMILIES
        ],
        "accounts": cases,
        "electrum": electrum(cases),
        "sparrow": sparrow(cases),
    }
    print(json.dumps(data, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
