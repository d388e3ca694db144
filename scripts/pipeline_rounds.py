#!/usr/bin/env python3
"""Interleaved whole-process runs of the addresses pipeline, for the two-thread scaling figure.

    cargo build --release -p fastbip32-cli
    python3 scripts/pipeline_rounds.py [ROUNDS] [BIN ...]

Each round runs, for each binary (default target/release/fastbip32), `addresses --descriptor
"wpkh(XPUB/0/*)" --count 200000 --fields index,address --csv` once pinned to core 1 with
`--threads 1`, once unpinned with `--threads 2`, and then the machine's own ceiling: the same
200 000 addresses as two independent one-thread processes of 100 000 each, started together
and pinned to cores 0 and 1. Output goes to a write-only /dev/null. Prints per binary the
median and best of each, the ratio of the medians, and the median of the per-round ratios
(each from runs seconds apart, so the VM's drift over minutes cancels). With two or more
binaries, their order alternates from round to round, and each later binary gets its per-round
time ratio to the first (a before-and-after comparison: BIN ... is OLD NEW).

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


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    root = Path(__file__).resolve().parent.parent
    bins = sys.argv[2:] or [str(root / "target/release/fastbip32")]
    times: dict[tuple[str, str], list[float]] = {}

    def cmd(binary: str, count: int, threads: int, start: int = 0) -> list[str]:
        return [
            binary, "addresses", "--descriptor", f"wpkh({XPUB}/0/*)",
            "--count", str(count), "--start", str(start), "--threads", str(threads),
            "--fields", "index,address", "--csv",
        ]

    # Write-only, as a shell's `>/dev/null`.
    with open("/dev/null", "w") as null:
        def timed(key: tuple[str, str], *cmds: list[str]) -> None:
            start = time.perf_counter()
            procs = [subprocess.Popen(c, stdout=null, stderr=null) for c in cmds]
            if any(p.wait() != 0 for p in procs):
                sys.exit(f"failed: {cmds}")
            times.setdefault(key, []).append(time.perf_counter() - start)

        for r in range(rounds):
            for b in bins if r % 2 == 0 else bins[::-1]:
                timed((b, "one"), ["taskset", "-c", "1", *cmd(b, COUNT, 1)])
                timed((b, "two"), cmd(b, COUNT, 2))
                half = COUNT // 2
                timed(
                    (b, "halves"),
                    ["taskset", "-c", "0", *cmd(b, half, 1)],
                    ["taskset", "-c", "1", *cmd(b, half, 1, half)],
                )
    for b in bins:
        one, two, halves = times[(b, "one")], times[(b, "two")], times[(b, "halves")]
        med = statistics.median

        def paired(x: list[float], y: list[float]) -> float:
            return med(a / c for a, c in zip(x, y))

        print(
            f"{b}: {rounds} rounds\n"
            f"  1 thread (pinned):         median {med(one):.3f} s (best {min(one):.3f})\n"
            f"  --threads 2:               median {med(two):.3f} s (best {min(two):.3f}); "
            f"1 thread / 2 threads: ratio of medians {med(one) / med(two):.2f}x, "
            f"median per-round ratio {paired(one, two):.2f}x\n"
            f"  two independent halves:    median {med(halves):.3f} s; "
            f"1 thread / halves: median per-round ratio {paired(one, halves):.2f}x "
            f"(the machine's ceiling)\n"
            f"  --threads 2 / halves:      median per-round ratio {paired(two, halves):.3f}"
        )
    first = bins[0]
    for b in bins[1:]:
        print(f"{b} / {first}, time per round (median, quartiles):")
        for mode, label in (("one", "1 thread"), ("two", "--threads 2"), ("halves", "halves")):
            ratios = sorted(x / y for x, y in zip(times[(b, mode)], times[(first, mode)]))
            q1, _, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            print(f"  {label + ':':<26} {statistics.median(ratios):.3f} ({q1:.3f}-{q3:.3f})")

if __name__ == "__main__":
    main()
