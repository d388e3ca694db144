#!/usr/bin/env python3
"""Extract tests/data/coins_cashaddr_spec.json from the CashAddr specification's test vectors.

Input: bitcoincashorg/bitcoincash.org at COMMIT, file spec/cashaddr.md. Three lists are copied:
  * the checksum examples ("The following adresses can be used as test vector for checksum
    computation"): valid checksums over payloads that are not valid address payloads;
  * "Examples of address translation": legacy Base58Check address and CashAddr pairs. The
    `hash_hex` (20-byte hash) and `type` (p2pkh for version 0, p2sh for version 5) are the
    Base58Check decoding of the legacy address, done here;
  * "Larger Test Vectors": payload size, type number, CashAddr and payload hex.

Usage:
  python3 scripts/extract_cashaddr_spec.py BITCOINCASH_ORG_GIT_DIR > tests/data/coins_cashaddr_spec.json
"""

import hashlib
import json
import re
import subprocess
import sys

COMMIT = "3e2e6da8c38dab7ba12149d327bc4b259aaad684"
PATH = "spec/cashaddr.md"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def b58check_decode(text):
    n = 0
    for ch in text:
        n = n * 58 + B58.index(ch)
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    raw = b"\0" * (len(text) - len(text.lstrip("1"))) + raw
    body, check = raw[:-4], raw[-4:]
    assert hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] == check, text
    return body


def main():
    repo = sys.argv[1]
    text = subprocess.run(["git", "-C", repo, "show", f"{COMMIT}:{PATH}"], check=True,
                          capture_output=True, text=True).stdout
    lines = text.splitlines()

    checksum = []
    start = next(i for i, line in enumerate(lines) if "test vector for checksum computation" in line)
    for i, line in enumerate(lines[start + 1:], start=start + 2):
        m = re.match(r"\s*-\s+(\S+:\S+)\s*$", line)
        if not m:
            break
        checksum.append({"cashaddr": m.group(1), "line": i})

    translations = []
    start = lines.index("## Examples of address translation")
    for i, line in enumerate(lines[start:], start=start + 1):
        if line.startswith("## Larger"):
            break
        m = re.match(r"\|\s*([1-9A-HJ-NP-Za-km-z]{25,35})\s*\|\s*(bitcoincash:[a-z0-9]+)\s*\|", line)
        if m:
            body = b58check_decode(m.group(1))
            assert len(body) == 21 and body[0] in (0, 5)
            translations.append({"legacy": m.group(1), "cashaddr": m.group(2),
                                 "type": "p2pkh" if body[0] == 0 else "p2sh",
                                 "hash_hex": body[1:].hex(), "line": i})

    larger = []
    start = lines.index("## Larger Test Vectors")
    for i, line in enumerate(lines[start:], start=start + 1):
        if line.startswith("## References"):
            break
        m = re.match(r"\|(\d+)\|(\d+)\|([a-z]+):([a-z0-9]+)\|([0-9A-F]+)\|", line)
        if m:
            size, typ, prefix, payload, data = m.groups()
            assert len(data) == 2 * int(size), line
            larger.append({"payload_size": int(size), "type": int(typ), "prefix": prefix,
                           "cashaddr": f"{prefix}:{payload}", "payload_hex": data.lower(), "line": i})

    assert len(checksum) == 5 and len(translations) == 6 and len(larger) == 32, \
        (len(checksum), len(translations), len(larger))
    doc = {
        "source": f"bitcoincashorg/bitcoincash.org {PATH}",
        "commit": COMMIT,
        "generator": "scripts/extract_cashaddr_spec.py",
        "notes": "checksum: valid CashAddr checksums over payloads that are not addresses (the "
                 "spec: 'These addresses do not have valid payload on purpose'). translations: "
                 "type and hash_hex are the Base58Check decoding of the legacy address. larger: "
                 "type is the type number of the version byte (0 P2KH, 1 P2SH, 15 undefined); "
                 "payload_size is the hash length in bytes (20..64). Line numbers refer to the "
                 "spec file at the commit.",
        "checksum": checksum,
        "translations": translations,
        "larger": larger,
    }
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
