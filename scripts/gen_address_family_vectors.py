#!/usr/bin/env python3
"""Copies the address test vectors of bip_utils' own test suite into tests/data/ as JSON.

The vectors are published data: bip_utils (https://github.com/ebellocchia/bip_utils), commit
4c8cb68e2ced7880f8e45b45b3ed7e62f167edd0 (release 2.12 line), files tests/addr/test_*_addr.py.
Nothing is computed here: each file's `TEST_VECT` (public key, decoded payload, parameters,
address) and `TEST_VECT_DEC_INVALID` (texts its decoder refuses) are read with Python's `ast`
and written out. A parameter spelled `CoinsConf.<Coin>.ParamByKey("<key>")` is resolved from
bip_utils/coin_conf/coins_conf.py of the same commit (and Slip173 names from
bip_utils/slip/slip173/slip173.py); `ErgoNetworkTypes.X` becomes `x` in lowercase.

Usage: scripts/gen_address_family_vectors.py BIP_UTILS_CHECKOUT > tests/data/address_families_bip_utils.json
"""

import ast
import json
import pathlib
import re
import sys

COMMIT = "4c8cb68e2ced7880f8e45b45b3ed7e62f167edd0"

# test file stem -> family name used by tests/it/address_*.rs
FILES = {
    "test_bch_P2PKH": "cashaddr_p2pkh",
    "test_bch_P2SH": "cashaddr_p2sh",
    "test_atom_addr": "cosmos",
    "test_inj_addr": "injective",
    "test_okex_addr": "okex",
    "test_one_addr": "harmony",
    "test_avax_addr": "avalanche",
    "test_zil_addr": "zilliqa",
    "test_eos_addr": "eos",
    "test_ergo_addr": "ergo",
    "test_icx_addr": "icon",
    "test_fil_addr": "filecoin",
    "test_neo_legacy_addr": "neo_legacy",
    "test_neo_n3_addr": "neo_n3",
}


def constants(root: pathlib.Path):
    """Module-level constants and per-coin params of coins_conf.py, Slip173 names."""
    slip173 = {}
    for m in re.finditer(r'^\s+(\w+): str = "([^"]*)"', (root / "bip_utils/slip/slip173/slip173.py").read_text(), re.M):
        slip173[m.group(1)] = m.group(2)
    text = (root / "bip_utils/coin_conf/coins_conf.py").read_text()
    module = {}
    for m in re.finditer(r'^(_\w+): bytes = (b"[^"]*")', text, re.M):
        module[m.group(1)] = ast.literal_eval(m.group(2)).hex()
    coins = {}
    for m in re.finditer(r"^    (\w+): CoinConf = CoinConf\((.*?)^    \)", text, re.M | re.S):
        params = {}
        for p in re.finditer(r'"(\w+)": ([^,\n]+),', m.group(2)):
            value = p.group(2).strip()
            if value.startswith("Slip173."):
                params[p.group(1)] = slip173[value.split(".", 1)[1]]
            elif value.startswith('b"'):
                params[p.group(1)] = ast.literal_eval(value).hex()
            elif value.startswith('"'):
                params[p.group(1)] = ast.literal_eval(value)
            elif value in module:
                params[p.group(1)] = module[value]
        coins[m.group(1)] = params
    return coins


class Resolve(ast.NodeTransformer):
    def __init__(self, coins):
        self.coins = coins

    def visit_Call(self, node):
        # CoinsConf.<Coin>.ParamByKey("<key>")
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "ParamByKey":
            coin = f.value.attr
            key = node.args[0].value
            return ast.Constant(self.coins[coin][key])
        return self.generic_visit(node)

    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name) and node.value.id == "ErgoNetworkTypes":
            return ast.Constant(node.attr.lower())
        return self.generic_visit(node)


def plain(value):
    """bytes (bip_utils writes hex as bytes literals) -> str, recursively."""
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def main():
    root = pathlib.Path(sys.argv[1])
    coins = constants(root)
    out = {
        "source": f"bip_utils (github.com/ebellocchia/bip_utils) @ {COMMIT}, tests/addr/*.py: "
        "TEST_VECT and TEST_VECT_DEC_INVALID, copied by scripts/gen_address_family_vectors.py",
        "notes": "pub_key and address_dec are hex; address_params as bip_utils' encoder takes them "
        "(CoinsConf parameters resolved to their values, version bytes as hex).",
        "families": {},
    }
    for stem, family in FILES.items():
        tree = ast.parse((root / "tests/addr" / f"{stem}.py").read_text())
        found = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                if name in ("TEST_VECT", "TEST_VECT_DEC_INVALID"):
                    value = ast.literal_eval(Resolve(coins).visit(node.value))
                    found[name] = plain(value)
        out["families"][family] = {
            "file": f"tests/addr/{stem}.py",
            "valid": found["TEST_VECT"],
            "invalid": found.get("TEST_VECT_DEC_INVALID", []),
        }
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
