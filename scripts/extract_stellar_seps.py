#!/usr/bin/env python3
"""Extract Stellar's published StrKey and key-derivation vectors.

Input: stellar/stellar-protocol at COMMIT.

  sep23  ecosystem/sep-0023.md "Tests": the valid strkeys with their type and decoded data, and
         the invalid strkeys with the reason the SEP gives -> tests/data/coins_strkey_sep23.json
  sep5   ecosystem/sep-0005.md "Test Cases": mnemonic (+ passphrase), m/44'/148'/i' account
         (G…) and secret seed (S…) -> tests/data/coins_stellar_sep5.json

The hex fields are the StrKey payloads (base32, version byte and CRC16-XMODEM checksum
removed and checked here), a mechanical re-encoding of the published text.

Usage:
  python3 scripts/extract_stellar_seps.py sep23 STELLAR_PROTOCOL_GIT_DIR > tests/data/coins_strkey_sep23.json
  python3 scripts/extract_stellar_seps.py sep5 STELLAR_PROTOCOL_GIT_DIR > tests/data/coins_stellar_sep5.json
"""

import base64
import json
import re
import subprocess
import sys

COMMIT = "d186cf3187722ebcdbd647e782449e543f9d0ef3"


def crc16_xmodem(data):
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def strkey_payload(text, version):
    raw = base64.b32decode(text)
    assert raw[0] == version, text
    body, check = raw[:-2], raw[-2:]
    assert crc16_xmodem(body) == int.from_bytes(check, "little"), text
    return raw[1:-2]


def show(repo, path):
    return subprocess.run(["git", "-C", repo, "show", f"{COMMIT}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def c_bytes(block):
    return bytes(int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{2})", block))


def sep23(repo):
    path = "ecosystem/sep-0023.md"
    text = show(repo, path)
    valid_text = text[text.index("### Valid test cases"):text.index("### Invalid test cases")]
    invalid_text = text[text.index("### Invalid test cases"):text.index("You can paste these")]
    valid = []
    for item in re.split(r"\n1\. ", valid_text)[1:]:
        title = " ".join(item.split("\n   -")[0].split())
        strkey = re.search(r"Strkey:?\s+`([A-Z2-7]+)`", item).group(1)
        case = {"description": title, "strkey": strkey,
                "type": re.search(r"type: `(\w+)`", item).group(1)}
        block = re.search(r"```\{\.c\}(.*?)```", item, re.S)
        if block:
            case["binary_hex" if "MuxedAccount" in item else "hash_hex"] = c_bytes(block.group(1)).hex()
        m = re.search(r"- id: (\d+)", item)
        if m:
            case["id"] = int(m.group(1))
        m = re.search(r"- ed25519: `([A-Z2-7]+)`", item)
        if m:
            case["ed25519"] = m.group(1)
        m = re.search(r"- payload: ([0-9a-f]+)", item)
        if m:
            case["payload_hex"] = m.group(1)
        m = re.search(r"claimable balance type: `(\w+)`", item)
        if m:
            case["claimable_balance_type"] = m.group(1)
        if strkey.startswith("G"):
            case["public_key"] = strkey_payload(strkey, 6 << 3).hex()
            # The MuxedAccount binary is the 4-byte KEY_TYPE_ED25519 tag and the key.
            assert case["binary_hex"] == "00000000" + case["public_key"]
        valid.append(case)
    invalid = []
    for item in re.split(r"\n1\. ", invalid_text)[1:]:
        reason = " ".join(item.split("\n   -")[0].split())
        strkey = re.search(r"Strkey:\s+`([A-Z2-7=]+)`", item).group(1)
        invalid.append({"strkey": strkey, "reason": reason})
    assert len(valid) == 8 and len(invalid) == 15, (len(valid), len(invalid))
    return {
        "source": f"stellar/stellar-protocol {path} (SEP-0023), section Tests",
        "commit": COMMIT,
        "generator": "scripts/extract_stellar_seps.py sep23",
        "notes": "valid: as published; public_key (G strkeys only) is the 32-byte payload of the "
                 "strkey, checked against the published MuxedAccount binary. invalid: every one "
                 "must be refused; reason is the SEP's text.",
        "valid": valid,
        "invalid": invalid,
    }


def sep5(repo):
    path = "ecosystem/sep-0005.md"
    text = show(repo, path)
    tests = re.split(r"\n### Test (\d+)\n", text[text.index("## Test Cases"):])[1:]
    cases = []
    for number, body in zip(tests[0::2], tests[1::2]):
        blocks = re.findall(r"```\n(.*?)```", body, re.S)
        words = [w for w in blocks[0].split("\n") if w.strip()]
        mnemonic = words[0].strip()
        passphrase = words[1].strip() if len(words) > 1 else ""
        accounts = []
        for line in blocks[3].strip().split("\n"):
            path_, account, secret = line.split()
            accounts.append({"path": path_, "address": account, "secret_seed": secret,
                             "private_key": strkey_payload(secret, 18 << 3).hex(),
                             "public_key": strkey_payload(account, 6 << 3).hex()})
        cases.append({"test": int(number), "mnemonic": mnemonic, "passphrase": passphrase,
                      "bip39_seed_hex": blocks[1].strip(), "m_44h_148h_key_hex": blocks[2].strip(),
                      "accounts": accounts})
    assert len(cases) == 5 and all(len(c["accounts"]) == 10 for c in cases)
    return {
        "source": f"stellar/stellar-protocol {path} (SEP-0005), section Test Cases",
        "commit": COMMIT,
        "generator": "scripts/extract_stellar_seps.py sep5",
        "notes": "coin: stellar (m/44'/148'/i', SLIP-10 ed25519). address (G…) and secret_seed "
                 "(S…) as published; public_key and private_key (the 32-byte ed25519 seed) are their "
                 "StrKey payloads.",
        "coin": "stellar",
        "cases": cases,
    }


def main():
    which, repo = sys.argv[1], sys.argv[2]
    doc = {"sep23": sep23, "sep5": sep5}[which](repo)
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
