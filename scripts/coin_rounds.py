#!/usr/bin/env python3
"""Interleaved whole-process runs of `addresses --coin` against P2WPKH, for the per-coin rows.

    cargo build --release -p fastbip32-cli
    python3 scripts/coin_rounds.py [ROUNDS] [BIN]

Each round runs, pinned to core 1 with `--threads 1`, `addresses --descriptor "wpkh(XPUB/0/*)"`
and `addresses --coin C --xkey XPUB` for C in litecoin, tron and cosmos, each for 200 000
addresses (`--fields index,address --csv`, output to a write-only /dev/null), in an order that
rotates from round to round. Prints per command the median and best time and the time per
address, and per coin the median of the per-round ratios to P2WPKH (runs seconds apart, so the
machine's drift over minutes cancels). The target: Tron and Cosmos cost no more per address
than P2WPKH apart from the hash (Keccak-256 for Tron; HASH160 and bech32 for Cosmos, as for
P2WPKH).

Standard library only. Run by hand on a quiet machine, not by CI.
"""

import statistics
import subprocess
import sys
import time
from pathlib import Path

XPUB = (
    "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4"
    "ZeZXYVUhLv1VMrjPC7PW6V"
)
COUNT = 200_000
COINS = ["litecoin", "tron", "cosmos"]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    root = Path(__file__).resolve().parent.parent
    binary = sys.argv[2] if len(sys.argv) > 2 else str(root / "target/release/fastbip32")
    common = ["--count", str(COUNT), "--threads", "1", "--fields", "index,address", "--csv"]
    commands = {"p2wpkh": [binary, "addresses", "--descriptor", f"wpkh({XPUB}/0/*)", *common]}
    for coin in COINS:
        commands[coin] = [binary, "addresses", "--coin", coin, "--xkey", XPUB, *common]
    times: dict[str, list[float]] = {name: [] for name in commands}
    names = list(commands)
    with open("/dev/null", "w") as null:
        for r in range(rounds):
            shift = r % len(names)
            for name in names[shift:] + names[:shift]:
                start = time.perf_counter()
                done = subprocess.run(
                    ["taskset", "-c", "1", *commands[name]], stdout=null, stderr=null
                )
                if done.returncode != 0:
                    sys.exit(f"failed: {commands[name]}")
                times[name].append(time.perf_counter() - start)
    for name, ts in times.items():
        median = statistics.median(ts)
        print(
            f"{name:9} median {median:.3f} s  best {min(ts):.3f} s  "
            f"{median / COUNT * 1e9:.0f} ns/address"
        )
    base = times["p2wpkh"]
    for coin in COINS:
        ratios = [t / b for t, b in zip(times[coin], base)]
        print(f"{coin:9} / p2wpkh: median of per-round ratios {statistics.median(ratios):.3f}")
    print(f"command: {' '.join(commands['tron'])}")


if __name__ == "__main__":
    main()
