#!/usr/bin/env python3
"""Interleaved one-core runs of the recovery benchmark's rows against their Python
references, for ratios the VM's drift over minutes cannot skew.

    cd benches && CARGO_TARGET_DIR=target/peers cargo build --release --bin recovery
    python3 scripts/recovery_rounds.py [ROUNDS] [--bin PATH] [--python PATH]

Each round runs, pinned to core 1 (`taskset -c 1`), one after the other:

* row a, `recovery a` (BIP-39 seeds/s in 8 lanes), then `benches/pbkdf2_hashlib.py`
  (hashlib.pbkdf2_hmac, OpenSSL);
* row b, `recovery b` (12 words, 2 unknown at known positions, checksum-valid
  candidates/s), then `benches/btcrecover_loop.py` (the btcrecover-style Python loop);
* row e, `recovery e` (a forgotten passphrase from the mask Summer?d?d?d?d,
  passphrases/s), then `benches/btcrecover_loop.py --passphrases`.

The order inside a pair alternates from round to round. Prints each round's two ratios
(fastbip32 ÷ Python) and their medians with quartiles. The Python must have coincurve and
bip_utils (the dev extra of python/). Standard library only; run by hand on a quiet machine,
never in CI.
"""

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATE = re.compile(r"(?:= |: )(\d+) (?:BIP-39 seeds/s|seeds/s/core|candidates/s/core)")


def rate(command):
    out = subprocess.run(
        ["taskset", "-c", "1", *command], capture_output=True, text=True, check=True
    ).stdout
    found = RATE.findall(out)
    if not found:
        sys.exit(f"no rate in the output of {command}:\n{out}")
    return float(found[-1])


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4)
    return q[0], q[2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rounds", nargs="?", type=int, default=5)
    parser.add_argument("--bin", default=str(ROOT / "benches/target/peers/release/recovery"))
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--indices", type=int, default=1 << 16)
    args = parser.parse_args()
    seconds = str(args.seconds)
    pairs = {
        "a: PBKDF2 seeds/s, fastbip32 8 lanes / hashlib": (
            [args.bin, "a", "--seconds", seconds],
            [args.python, str(ROOT / "benches/pbkdf2_hashlib.py"), "--seconds", seconds],
        ),
        "b: candidates/s, fastbip32 / btcrecover-style loop": (
            [args.bin, "b", "--indices", str(args.indices)],
            [args.python, str(ROOT / "benches/btcrecover_loop.py"), "--seconds", seconds],
        ),
        "e: passphrases/s, fastbip32 / btcrecover-style loop": (
            [args.bin, "e"],
            [args.python, str(ROOT / "benches/btcrecover_loop.py"), "--passphrases", "--seconds", seconds],
        ),
    }
    ratios = {name: [] for name in pairs}
    rates = {name: ([], []) for name in pairs}
    for r in range(args.rounds):
        for name, (ours, theirs) in pairs.items():
            if r % 2 == 0:
                a, b = rate(ours), rate(theirs)
            else:
                b, a = rate(theirs), rate(ours)
            ratios[name].append(a / b)
            rates[name][0].append(a)
            rates[name][1].append(b)
            print(f"round {r + 1} {name}: {a:.0f} / {b:.0f} = {a / b:.2f}", flush=True)
    for name in pairs:
        lo, hi = quartiles(ratios[name])
        ours, theirs = (statistics.median(x) for x in rates[name])
        print(
            f"{name}: median {statistics.median(ratios[name]):.2f} (quartiles {lo:.2f}-{hi:.2f}); "
            f"median rates {ours:.0f} and {theirs:.0f} per second, {args.rounds} rounds"
        )


if __name__ == "__main__":
    main()
