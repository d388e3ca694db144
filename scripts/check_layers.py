#!/usr/bin/env python3
"""Checks that every `crate::` import in src/ points from a higher layer to a lower one.

The layers are those of ARCHITECTURE.md. A module not listed here is an error, so a new module
has to be placed in a layer on purpose. Exits 1 and names each violation.
"""
import os
import re
import sys

LAYERS = {
    # 1. values
    "error": 1, "path": 1, "chain_code": 1, "fingerprint": 1, "version": 1, "secret": 1,
    "hex": 1, "network": 1,
    # 2. hashing and kernels (hash uses sys)
    "sys": 2.0, "hash": 2.1,
    # 3. schemes
    "curve": 3,
    # 4. keys
    "key": 4,
    # 5. formats and many keys
    "serialize": 5, "cardano": 5, "batch": 5, "tree": 5,
    # 6. wallet formats
    "wif": 6, "mnemonic": 6, "address": 6, "descriptor": 7,
    # 8. recovery search (on top of the wallet formats)
    "recovery": 8,
}
# Within layer 1, these may use each other in this direction only.
VALUE_ORDER = ["error", "hex", "secret", "path", "chain_code", "fingerprint", "version", "network"]

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
bad = []
for dirpath, _, files in os.walk(root):
    for name in files:
        if not name.endswith(".rs"):
            continue
        path = os.path.join(dirpath, name)
        rel = os.path.relpath(path, root)[:-3].replace(os.sep, "/")
        if rel == "lib":
            continue
        top = rel.split("/")[0]
        if top not in LAYERS:
            bad.append(f"{rel}: module `{top}` is in no layer (add it to scripts/check_layers.py)")
            continue
        text = open(path, encoding="utf-8").read()
        # Unit tests may reach anywhere.
        text = re.split(r"#\[cfg\((?:all\()?test", text)[0]
        # Doc comments link freely; only code counts.
        code = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//"))
        for used in sorted(set(re.findall(r"crate::([a-z_0-9]+)", code))):
            if used == top or used not in LAYERS:
                continue
            if LAYERS[used] > LAYERS[top]:
                bad.append(f"{rel}: imports `{used}` (layer {LAYERS[used]}) from layer {LAYERS[top]}")
            elif LAYERS[used] == LAYERS[top] == 1 and VALUE_ORDER.index(used) > VALUE_ORDER.index(top):
                bad.append(f"{rel}: value type module imports `{used}`, which comes after it")
for line in bad:
    print(line)
print(f"layers: {'ok' if not bad else str(len(bad)) + ' violation(s)'}")
sys.exit(1 if bad else 0)
