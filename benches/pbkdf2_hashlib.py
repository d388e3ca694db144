#!/usr/bin/env python3
"""BIP-39 seeds per second on one core through Python's hashlib.pbkdf2_hmac (OpenSSL's
PBKDF2-HMAC-SHA512, 2,048 iterations, 64 bytes): the reference of the PBKDF2 target, against
the seeds/s of `cargo bench --bench pbkdf2` (group pbkdf2/bip39_seed): 12-word phrases and the
passphrase of that bench; the seed is checked against python-mnemonic's published vector before
anything is timed.

    taskset -c 1 python3 pbkdf2_hashlib.py [--seconds S]
"""
import argparse
import hashlib
import ssl
import statistics
import sys
import time

# python-mnemonic's first vector (entropy 00…00), the phrase of lane 0 of the Rust bench. The
# cost of a seed does not depend on the words: every 12-word English phrase is under 128 bytes,
# one HMAC key block, as are the bench's eight.
PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
SEEDS_PER_ROUND = 8
PASSPHRASE = "TREZOR"
FIRST_SEED_HEX = (
    "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d1826"
    "4c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04"
)


def seed(phrase: str, passphrase: str) -> bytes:
    return hashlib.pbkdf2_hmac(
        "sha512", phrase.encode(), ("mnemonic" + passphrase).encode(), 2048, 64
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time to spend (default 10)")
    args = parser.parse_args()
    if seed(PHRASE, PASSPHRASE).hex() != FIRST_SEED_HEX:
        print("hashlib disagrees with the published BIP-39 vector", file=sys.stderr)
        return 1
    rates = []
    deadline = time.perf_counter() + args.seconds
    while time.perf_counter() < deadline or len(rates) < 5:
        start = time.perf_counter()
        for _ in range(SEEDS_PER_ROUND):
            seed(PHRASE, PASSPHRASE)
        rates.append(SEEDS_PER_ROUND / (time.perf_counter() - start))
    q1, median, q3 = statistics.quantiles(rates, n=4)
    print(
        f"hashlib.pbkdf2_hmac('sha512', …, 2048): {median:.0f} BIP-39 seeds/s "
        f"(quartiles {q1:.0f}–{q3:.0f}, {len(rates)} rounds of {SEEDS_PER_ROUND}; "
        f"Python {sys.version.split()[0]}, {ssl.OPENSSL_VERSION})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
