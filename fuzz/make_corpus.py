#!/usr/bin/env python3
"""Writes the seed corpora in fuzz/corpus/<target>/ from the vectors in tests/data/.

Run from anywhere: `python3 fuzz/make_corpus.py`. Existing files are overwritten, others are
left alone. Each file is named after its content's SHA-1 (as libFuzzer names them), so rerunning
adds nothing twice. The input layouts are documented in fuzz/src/<target>.rs.
"""
import hashlib
import json
import os
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")
H = 0x80000000


def load(name):
    with open(os.path.join(ROOT, "tests", "data", name)) as f:
        return json.load(f)


def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def b58decode(text):
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    n = 0
    for ch in text:
        n = n * 58 + alphabet.index(ch)
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    pad = len(text) - len(text.lstrip("1"))
    return b"\0" * pad + raw


bip32 = load("bip32.json")
slip10 = load("slip10.json")

# parse_path
for p in [
    "m", "m/0", "m/44'/0'/0'/0/0", "m/44h/60H/0'/0/7", "0/1'", "m/2147483647'", "m/2147483647/2147483647h",
    "m/0001/02h", "m/2147483648", "m//0", "m/0/", "m/1''", "m/'1", "M/0", "m/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17",
    "m" + "/0" * 255, "m" + "/1'" * 256, "44'", "x", "m/1\u00e9", "m/\uff11",
]:
    write("parse_path", p)
write("parse_path", struct.pack(">6I", 44 | H, H, H, 0, 0, 0xFFFFFFFF))

# parse_xkey: every published xprv/xpub of vectors 1-4, the vector-5 rejects, raw payloads.
for case in bip32["cases"]:
    if case["kind"] == "derivation":
        for i, step in enumerate(case["chain"]):
            if i % 2 == 0 or len(case["chain"]) <= 3:
                write("parse_xkey", step["xprv"])
                write("parse_xkey", step["xpub"])
    else:
        write("parse_xkey", case["extended_key"])
tv1 = bip32["cases"][0]["chain"]
write("parse_xkey", b58decode(tv1[1]["xprv"])[:78] + b"\x00")
write("parse_xkey", b58decode(tv1[1]["xpub"])[:78] + b"\x80")

# derive: [scheme, flags, seed_len, seed, count, steps (u32 BE)...]
SCHEMES = {"secp256k1": 0, "nist256p1": 1, "ed25519": 2, "curve25519": 3}


def derive_input(scheme, flags, seed, steps):
    return bytes([scheme, flags, len(seed)]) + seed + bytes([len(steps)]) + b"".join(struct.pack(">I", s) for s in steps)


seen = set()
for case in slip10["cases"]:
    seed = bytes.fromhex(case["seed_hex"])
    steps = (case["chain"][-1]["path_indices"] if "chain" in case else case["path_indices"])[:8]
    key = (case["curve"], seed, tuple(steps))
    if key in seen:
        continue
    seen.add(key)
    write("derive", derive_input(SCHEMES[case["curve"]], 1, seed, steps))
seed = bytes(range(16))
write("derive", derive_input(4, 1, seed, [1852 | H, 1815 | H, H, 0, 0]))  # ed25519-bip32 (Ledger)
write("derive", derive_input(4, 0, bytes(64), [0x7FFFFFFF, 0x80000000, 0xFFFFFFFF]))
write("derive", derive_input(0, 0, bytes(15), []))  # too short a seed
write("derive", derive_input(2, 0, seed, [H, 0]))  # a normal step on a hardened-only scheme
# Cardano: [5, flags, which, ...]
entropy = bytes.fromhex("46e62370a138a182a498b8e2885bc032379ddf38")
write("derive", bytes([5, 0, 0, len(entropy)]) + entropy + b"\x00" + bytes([3]) + struct.pack(">3I", 1852 | H, 1815 | H, 0))
write("derive", bytes([5, 6, 0, 32]) + bytes(range(32)) + b"\x06TREZOR\x00")  # + trezor, icarus_bytes
write("derive", bytes([5, 0, 1, 20]) + entropy + b"\x04abcd\x00")
write("derive", bytes([5, 0, 2]) + bytes(range(32)) + b"\x01\x00\x00\x00\x05")
root = bytearray(range(96)); root[0] &= 0xF8; root[31] = (root[31] & 0x1F) | 0x40
write("derive", bytes([5, 0, 3]) + bytes(root) + b"\x02\x80\x00\x00\x00\x00\x00\x00\x07")
for case in load("ed25519_bip32.json")["cases"]:
    xprv = case.get("expected", {}).get("xprv_hex")
    if xprv:
        write("derive", bytes([5, 0, 4]) + xprv.encode())
        break
write("derive", bytes([5, 0, 5, 16]) + seed + b"\x01\x00\x00\x00\x00")

# cli: [args_len u16 LE] args (NUL-separated) stdin


def cli_input(args, stdin=b""):
    region = b"\0".join(a.encode() if isinstance(a, str) else a for a in args)
    return struct.pack("<H", len(region)) + region + stdin


TV1 = "000102030405060708090a0b0c0d0e0f"
write("cli", cli_input(["derive", "--seed", TV1, "--path", "m/0'/1", "--json"]))
write("cli", cli_input(["derive", "--curve", "ed25519", "--seed", "-", "--path", "m/0'"], TV1.encode()))
write("cli", cli_input(["derive", "--curve", "nist256p1", "--seed", TV1]))
write("cli", cli_input(["derive", "--mnemonic", "abandon " * 11 + "about", "--passphrase", "TREZOR", "--path", "m/44'/0'/0'/0/0"]))
write("cli", cli_input(["derive", "--mnemonic", "-"], b"abandon " * 11 + b"about\n"))
write("cli", cli_input(["derive", "--curve", "ed25519-bip32", "--seed", TV1, "--path", "m/1852'/1815'/0'/0/0", "--json"]))
write("cli", cli_input(["inspect", tv1[2]["xprv"]]))
write("cli", cli_input(["inspect", "--json", "-"], tv1[1]["xpub"].encode()))
write("cli", cli_input(["derive", "--xkey", tv1[1]["xpub"], "--path", "m/0/1", "--json"]))
write("cli", cli_input(["--help"]))
write("cli", cli_input(["derive", "--path", "m/2147483648"]))
write("cli", cli_input(["derive", b"--seed", b"\xff\xfe"]))
# Issue 13's subcommands and options.
ABOUT_WORDS = "abandon " * 11 + "about"
BIP84_XPUB = "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V"
for desc in (
    f"wpkh([73c5da0a/84h/0h/0h]{BIP84_XPUB}/<0;1>/*)#qf45pmyh",
    f"sh(wsh(sortedmulti(1,{BIP84_XPUB}/0/*,{tv1[1]['xpub']}/1/*)))",
    f"tr({tv1[0]['xprv']}/86'/0'/0'/0/*')",
    "pkh(0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c)",
):
    write("cli", cli_input(["addresses", "--descriptor", desc, "--count", "3", "--json"]))
write("cli", cli_input(["addresses", "--descriptor", "-", "--start", "5", "--count", "2", "--csv",
                        "--fields", "index,address,path", "--network", "regtest"],
                       f"wpkh([73c5da0a/84h/0h/0h]{BIP84_XPUB}/0/*)\n".encode()))
write("cli", cli_input(["addresses", "--descriptor", f"wpkh({BIP84_XPUB}/0/*)", "--threads", "2", "--count", "300"]))
write("cli", cli_input(["descriptors", "--mnemonic", "-", "--network", "testnet", "--json"], ABOUT_WORDS.encode()))
write("cli", cli_input(["descriptors", "--xkey", tv1[0]["xprv"], "--account", "3"]))
write("cli", cli_input(["descriptor", f"wpkh([73c5da0a/84h/0h/0h]{BIP84_XPUB}/<0;1>/*)#qf45pmyh", "--json"]))
write("cli", cli_input(["descriptor", "-", "--fields", "checksum,branches,network", "--raw"],
                       f"sh(wsh(sortedmulti(1,{BIP84_XPUB}/0/*,{tv1[1]['xprv']}/1/*)))\n".encode()))
write("cli", cli_input(["convert", BIP84_XPUB, "--to", "zpub", "--json"]))
write("cli", cli_input(["convert", "-", "--to", "Ypub"], tv1[2]["xprv"].encode()))
write("cli", cli_input(["mnemonic", "--words", "12", "--language", "japanese", "--json"]))
write("cli", cli_input(["mnemonic", "--check", "-"], ABOUT_WORDS.replace("about", "abut").encode()))
write("cli", cli_input(["mnemonic", "--check", ABOUT_WORDS, "--json"]))
write("cli", cli_input(["derive", "--mnemonic", "-", "--path", "m/84'/0'/0'/0/*", "--count", "3",
                        "--address", "p2wpkh", "--wif", "--xpub-version", "zpub", "--csv",
                        "--fields", "path,address,wif"], ABOUT_WORDS.encode()))
write("cli", cli_input(["derive", "--curve", "cardano-icarus", "--mnemonic", "-", "--path",
                        "1852H/1815H/0H/0/0", "--address", "cardano-base", "--network", "preprod", "--json"],
                       ABOUT_WORDS.encode()))
write("cli", cli_input(["derive", "--curve", "ed25519", "--seed", TV1, "--path", "m/44'/501'/0'/0'",
                        "--address", "solana"]))


# parse_wif: WIF texts (valid and invalid) from tests/data/address_*.json; the layout in
# fuzz/src/parse_wif.rs reads the same bytes as text, as a secret and as a public key.
key_io = load("address_key_io.json")
for text, _key, _chain, _compressed in key_io["valid_private_keys"]:
    write("parse_wif", text)
for text in key_io["invalid"][:12]:
    write("parse_wif", text)
for case in load("address_bips.json")["cases"]:
    if "wif" in case:
        write("parse_wif", case["wif"])
    if "public_key_hex" in case:
        write("parse_wif", bytes.fromhex(case["public_key_hex"]) + b"\x02")
write("parse_wif", bytes(32) + b"\x01")  # the zero secret, testnet
write("parse_wif", bytes.fromhex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141") + b"\x03")
write("parse_wif", bytes.fromhex("5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c"))
# mnemonic: [pick] text; pick % 10 = word list (Language::ALL order), pick / 10 % 6 = entropy length code.
LISTS = ["english", "japanese", "korean", "spanish", "chinese_simplified", "chinese_traditional",
         "french", "italian", "czech", "portuguese"]
with open(os.path.join(ROOT, "tests", "data", "bip39_trezor.json"), encoding="utf-8") as f:
    trezor = json.load(f)
for i, lang in enumerate(LISTS):
    phrase = trezor[lang][12 + i % 12][1]
    write("mnemonic", bytes([i + 10 * (i % 6)]) + phrase.encode())
with open(os.path.join(ROOT, "tests", "data", "bip39_japanese.json"), encoding="utf-8") as f:
    write("mnemonic", b"\x01" + json.load(f)[12]["phrase"].encode())  # NFC, U+3000
generated = load("bip39_generated.json")
write("mnemonic", b"\x06" + generated["ambiguous"][0]["mnemonic"].encode())  # rust-bip39#106
write("mnemonic", b"\x04" + generated["ambiguous"][2]["mnemonic"].encode())  # shared Chinese characters
write("mnemonic", b"\x00" + generated["cardano"][5]["mnemonic"].encode())  # 9 words
write("mnemonic", b"\x00test child burst immense armed parrot company walk dog")
write("mnemonic", b"\x00" + generated["invalid"][0]["mnemonic"].encode())  # bad checksum
ABOUT = "abandon " * 11 + "about"
write("mnemonic", b"\x00" + ABOUT.replace("abandon", "abandn", 1).encode())  # typo, suggestions
write("mnemonic", b"\x00" + ABOUT.replace("abandon", "\u00e1baco", 1).encode())  # mixed lists
write("mnemonic", "\x00abandon\u00a8 zoo wrold Abandon".encode())
write("mnemonic", b"\x33df84fc7b38c0bd40cba7b440")  # Icarus passphrase hex; 32-byte entropy

# descriptor: descriptor text, from the descriptor vectors (a sample of accepted and rejected
# ones), each also with a checksum where it had none.
for name in ("descriptor_bips.json", "descriptor_core.json"):
    data = load(name)
    for group, step in (("valid", 3), ("rejected", 5), ("checksums", 4)):
        for case in data[group][::step]:
            text = case.get("descriptor", case.get("text"))
            write("descriptor", text.encode())

# chain_address: the addresses (valid and invalid) of tests/data/address_<family>.json for the
# ed25519 chains as text, and their public keys as 32 bytes and an SS58 prefix.
for name in ("algorand", "aptos", "sui", "near", "multiversx", "ss58", "strkey", "tezos",
             "nimiq", "ton", "nano"):
    data = load("address_%s.json" % name)
    for group in ("cases", "decode", "invalid"):
        for case in data.get(group, []):
            write("chain_address", case["address"])
            if "public_key_hex" in case:
                write("chain_address", bytes.fromhex(case["public_key_hex"]) + struct.pack("<H", case.get("prefix", 0)))
