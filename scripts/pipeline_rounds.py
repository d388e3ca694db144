#!/usr/bin/env python3
"""Interleaved whole-process runs of the issue-12 pipeline, for the two-thread scaling figure.

    cargo build --release -p fastbip32-cli
    python3 scripts/pipeline_rounds.py [ROUNDS] [BIN ...]

Each round runs, for each binary (default target/release/fastbip32), `addresses --descriptor
"wpkh(XPUB/0/*)" --count 200000 --fields index,address --csv` once pinned to core 1 with
`--threads 1` and once unpinned with `--threads 2`, output to a write-only /dev/null. Prints
per binary the median and best of each, the ratio of the medians, and the median of the
per-round ratios (each from two runs seconds apart, so the VM's drift over minutes cancels).

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
    times: dict[tuple[str, int], list[float]] = {}
    # Write-only, as a shell's `>/dev/null`: the CLI treats a read-write /dev/null on fd 1
    # as a closed standard output (issue 11).
    with open("/dev/null", "w") as null:
        for _ in range(rounds):
            for binary in bins:
                for threads in (1, 2):
                    cmd = [
                        binary, "addresses", "--descriptor", f"wpkh({XPUB}/0/*)",
                        "--count", str(COUNT), "--threads", str(threads),
                        "--fields", "index,address", "--csv",
                    ]
                    if threads == 1:
                        cmd = ["taskset", "-c", "1", *cmd]
                    start = time.perf_counter()
                    subprocess.run(cmd, stdout=null, stderr=null, check=True)
                    times.setdefault((binary, threads), []).append(time.perf_counter() - start)
    for binary in bins:
        one, two = times[(binary, 1)], times[(binary, 2)]
        paired = statistics.median(a / b for a, b in zip(one, two))
        print(
            f"{binary}: {rounds} rounds; 1 thread median {statistics.median(one):.3f} s "
            f"(best {min(one):.3f}), 2 threads median {statistics.median(two):.3f} s "
            f"(best {min(two):.3f}); ratio of medians "
            f"{statistics.median(one) / statistics.median(two):.2f}x, "
            f"median per-round ratio {paired:.2f}x"
        )


if __name__ == "__main__":
    main()
