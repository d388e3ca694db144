"""The machine's own two-core ceiling for the ``dask-recover`` row of ``bench.py``: the same
search (``fastbip32.recover`` with one thread) over the whole space in one process, then as
two half-space shards in two processes at once. Their time ratio is what two workers could
reach at best, against which ``fastbip32.dask.recover``'s 2-worker ratio is read.

    python recover_ceiling.py [--rounds N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import fastbip32 as fb

# The dask-recover row's space and target (bench.py): 512,000 candidates, no match.
TEMPLATE = "legal winner thank ? wave sausage worth s* legal winner thank yellow"
TARGET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"


def search(shard: str) -> None:
    k, n = (int(x) for x in shard.split("/"))
    found = fb.recover(TEMPLATE, address=TARGET, gap=1, language="english", threads=1, shard=(k, n))
    if found is not None:
        raise SystemExit("the benchmark's space has no match")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--shard", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.shard:
        search(args.shard)
        return
    me = [sys.executable, __file__, "--shard"]
    for r in range(args.rounds):
        start = time.perf_counter()
        subprocess.run([*me, "0/1"], check=True)
        one = time.perf_counter() - start
        start = time.perf_counter()
        halves = [subprocess.Popen([*me, f"{k}/2"]) for k in (0, 1)]
        for p in halves:
            if p.wait() != 0:
                raise SystemExit("a half-shard process failed")
        two = time.perf_counter() - start
        print(
            f"round {r + 1}: 1 process {one:.2f} s; two half-shard processes at once "
            f"{two:.2f} s; ceiling {one / two:.2f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
