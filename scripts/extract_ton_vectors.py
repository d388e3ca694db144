#!/usr/bin/env python3
"""Extract tests/data/coins_ton.json: TON wallet v4r2 address vectors from wallet-core's TON tests.

Input: trustwallet/wallet-core at COMMIT (the same snapshot as coins_wallet_core.json):
  * rust/tw_tests/tests/chains/ton/ton_address.rs: `test_address_derive` pairs (private key ->
    wallet v4r2 address, user-friendly, non-bounceable, mainnet), the WALLET_1_* forms of one
    account (raw, bounceable, non-bounceable, testnet), and the valid and invalid address lists
    (with the comment above each invalid group as its reason);
  * tests/chains/TheOpenNetwork/TWAnyAddressTests.cpp: a BIP-39 mnemonic, wallet-core's TON path
    m/44'/607'/0' (registry.json) and the address.

The public key of each private key is computed with PyNaCl (ed25519, RFC 8032) and marked
`public_key_origin: "computed"`; scripts/check_coin_second_sources.py re-encodes every address.

Usage:
  /work/venv-bip-utils/bin/python scripts/extract_ton_vectors.py WALLET_CORE_GIT_DIR > tests/data/coins_ton.json
"""

import json
import re
import subprocess
import sys

import nacl.signing

COMMIT = "5295dc4fe299c527b7984611afb597ba003f6ce2"
RUST = "rust/tw_tests/tests/chains/ton/ton_address.rs"
CPP = "tests/chains/TheOpenNetwork/TWAnyAddressTests.cpp"


def show(repo, path):
    return subprocess.run(["git", "-C", repo, "show", f"{COMMIT}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def line_of(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def main():
    repo = sys.argv[1]
    rust = show(repo, RUST)
    cases = []
    for m in re.finditer(r'KeyType::PrivateKey\("([0-9a-f]{64})"\),\s*"([A-Za-z0-9_-]{48})"', rust):
        priv, addr = m.groups()
        pub = bytes(nacl.signing.SigningKey(bytes.fromhex(priv)).verify_key).hex()
        cases.append({"private_key": priv, "public_key": pub, "public_key_origin": "computed",
                      "addresses": {"v4r2-non-bounceable": addr},
                      "source": f"trustwallet/wallet-core {RUST}:{line_of(rust, priv)}"})
    assert len(cases) == 15, len(cases)

    cpp = show(repo, CPP)
    mnemonic = re.search(r'mnemonic = STRING\("([a-z ]+)"\)', cpp).group(1)
    addr = re.search(r'assertStringsEqual\(addressStr, "([A-Za-z0-9_-]{48})"\)', cpp).group(1)
    cases.append({"mnemonic": mnemonic, "passphrase": "", "path": "m/44'/607'/0'",
                  "private_key": None, "public_key": None, "public_key_origin": None,
                  "addresses": {"v4r2-non-bounceable": addr},
                  "source": f"trustwallet/wallet-core {CPP}:{line_of(cpp, mnemonic)}, path: "
                            "TWCoinTypeDerivationPath(TWCoinTypeTON) = registry.json m/44'/607'/0'"})

    consts = dict(re.findall(r'const (WALLET_1_\w+): &str = "([^"]+)";', rust))
    forms = {
        "hash_hex": consts["WALLET_1_DATA"],
        "raw": consts["WALLET_1_RAW"],
        "bounceable": consts["WALLET_1_BOUNCEABLE"],
        "non_bounceable": consts["WALLET_1_NON_BOUNCEABLE"],
        "bounceable_testnet": consts["WALLET_1_BOUNCEABLE_TESTNET"],
        "non_bounceable_testnet": consts["WALLET_1_NON_BOUNCEABLE_TESTNET"],
        "source": f"trustwallet/wallet-core {RUST}:{line_of(rust, 'WALLET_1_DATA')}",
    }

    def block(name):
        start = rust.index(f"fn {name}()")
        end = rust.index("\n}\n", start)
        return rust[start:end], line_of(rust, f"fn {name}()")

    valid_text, _ = block("test_ton_address_is_valid")
    valid = re.findall(r'test_address_valid\(\s*CoinType::TON,\s*"([^"]+)"', valid_text)
    invalid_text, _ = block("test_ton_address_invalid")
    invalid = []
    reason = None
    for line in invalid_text.splitlines():
        c = re.match(r"\s*// (.*)", line)
        if c:
            reason = c.group(1)
        m = re.search(r'test_address_invalid\(CoinType::TON, "([^"]+)"\)', line)
        if m:
            invalid.append({"address": m.group(1), "reason": "not an address"})
            continue
        m = re.match(r'\s*"([^"]+)",\s*$', line)
        if m:
            invalid.append({"address": m.group(1), "reason": reason})
        m = re.match(r"\s*\);\s*//\s*(.*)", line)
        if m and invalid:
            invalid[-1]["reason"] = f"{reason}: {m.group(1)}"
    doc = {
        "source": "trustwallet/wallet-core TON tests",
        "commit": COMMIT,
        "generator": "scripts/extract_ton_vectors.py",
        "notes": "coin: ton. Addresses are TON wallet v4r2 (workchain 0, wallet id 698983191) in the "
                 "user-friendly base64url form; 'v4r2-non-bounceable' is the UQ… form wallets show. "
                 "private_key: the 32-byte ed25519 seed; public_key: its RFC 8032 key (computed). "
                 "forms: one account's raw, bounceable and non-bounceable, mainnet and testnet forms. "
                 "valid / invalid: wallet-core's address validation lists (invalid reasons are the "
                 "test's comments).",
        "cases": cases,
        "forms": forms,
        "valid": valid,
        "invalid": invalid,
    }
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
