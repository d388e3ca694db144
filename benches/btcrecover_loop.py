#!/usr/bin/env python3
"""Row (b) of the recovery benchmark the way btcrecover works: a Python loop over the
candidates of a 12-word phrase with 2 unknown words at known positions, the BIP-39 checksum
first, then hashlib.pbkdf2_hmac (OpenSSL) for the seed, then BIP-32 with coincurve down
m/84'/0'/0'/0/0 and HASH160 against the target's witness program. Prints checksum-valid
candidates/s on one core.

With --passphrases, row (e): the 12 words known, the passphrases Summer0000 … Summer9999
(hashcat's mask Summer?d?d?d?d) in turn, each through PBKDF2 and the same path; prints
passphrases/s on one core. Needs coincurve (pip install coincurve==21.0.0) and the English
BIP-39 word list (bip_utils ships it; or pass --wordlist FILE).

    python3 benches/btcrecover_loop.py [--seconds 10] [--passphrases]
"""
import argparse
import hashlib
import hmac
import time

import coincurve

TWELVE = "legal winner thank year wave sausage worth useful legal winner thank yellow".split()
# m/84'/0'/0'/0/0 of "abandon … about": no candidate of the row has it.
TARGET = bytes.fromhex("c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2")
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def wordlist(path):
    if path:
        with open(path, encoding="utf-8") as f:
            return f.read().split()
    from bip_utils.bip.bip39 import bip39_mnemonic  # noqa: F401 (only to find the file)
    import os
    import bip_utils
    base = os.path.join(os.path.dirname(bip_utils.__file__), "bip", "bip39", "wordlist", "english.txt")
    with open(base, encoding="utf-8") as f:
        return f.read().split()


def hash160(data):
    return hashlib.new("ripemd160", hashlib.sha256(data).digest()).digest()


def ckd_priv(k, c, index):
    if index & 0x80000000:
        data = b"\x00" + k.to_bytes(32, "big") + index.to_bytes(4, "big")
    else:
        data = coincurve.PublicKey.from_secret(k.to_bytes(32, "big")).format() + index.to_bytes(4, "big")
    i = hmac.new(c, data, hashlib.sha512).digest()
    return (int.from_bytes(i[:32], "big") + k) % N, i[32:]


def first_bip84_hash(seed):
    i = hmac.new(b"Bitcoin seed", seed, hashlib.sha512).digest()
    k, c = int.from_bytes(i[:32], "big"), i[32:]
    for index in (84 | 0x80000000, 0x80000000, 0x80000000, 0, 0):
        k, c = ckd_priv(k, c, index)
    return hash160(coincurve.PublicKey.from_secret(k.to_bytes(32, "big")).format())


def checksum_ok(indices):
    bits = "".join(format(i, "011b") for i in indices)
    entropy = int(bits[:128], 2).to_bytes(16, "big")
    return format(hashlib.sha256(entropy).digest()[0], "08b")[:4] == bits[128:]


def passphrases(seconds):
    phrase = " ".join(TWELVE).encode()
    start = time.perf_counter()
    tried = 0
    for n in range(10_000):
        salt = b"mnemonic" + f"Summer{n:04d}".encode()
        seed = hashlib.pbkdf2_hmac("sha512", phrase, salt, 2048)
        tried += 1
        if first_bip84_hash(seed) == TARGET:
            print("found", n)
            return
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    elapsed = time.perf_counter() - start
    print(f"btcrecover-style passphrase loop: {tried} passphrases in {elapsed:.2f} s = {tried / elapsed:.0f} candidates/s/core")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--wordlist")
    parser.add_argument("--passphrases", action="store_true")
    args = parser.parse_args()
    if args.passphrases:
        passphrases(args.seconds)
        return
    words = wordlist(args.wordlist)
    index = {w: i for i, w in enumerate(words)}
    known = [index[w] for w in TWELVE]
    start = time.perf_counter()
    valid = 0
    for a in range(2048):
        for b in range(2048):
            cand = list(known)
            cand[3], cand[7] = a, b
            if not checksum_ok(cand):
                continue
            valid += 1
            phrase = " ".join(words[i] for i in cand).encode()
            seed = hashlib.pbkdf2_hmac("sha512", phrase, b"mnemonic", 2048)
            if first_bip84_hash(seed) == TARGET:
                print("found", a, b)
                return
            elapsed = time.perf_counter() - start
            if elapsed >= args.seconds:
                print(f"btcrecover-style loop: {valid} checksum-valid candidates in {elapsed:.2f} s = {valid / elapsed:.0f} candidates/s/core")
                return


if __name__ == "__main__":
    main()
