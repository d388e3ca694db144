"""Which of these xpubs' first receive addresses appear in this address list?

    python scan.py XPUBS.txt ADDRESSES.txt OUT.parquet [--count 1000] [--kind wpkh]

XPUBS.txt: one account xpub (or tpub, zpub, …) per line, say 1,000 of them.
ADDRESSES.txt: one address per line (a block's outputs, an exchange's deposit list, …).
Each xpub's receive branch ``<xpub>/0/*`` is derived at indices 0 … count−1 (1,000 by default)
with ``Descriptor.address_table``, the rows whose address is in the list are kept, and the
matches go to OUT.parquet: xpub, index, address, script_pubkey.

The xpubs are spread over a thread per core: each derivation releases the GIL, so the
threads run at once. Memory stays at one table per thread, the list's set and the matches.
"""

from __future__ import annotations

import argparse
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

import fastbip32 as fb

SCRIPTS = {
    "wpkh": "wpkh({}/0/*)",
    "pkh": "pkh({}/0/*)",
    "sh-wpkh": "sh(wpkh({}/0/*))",
    "tr": "tr({}/0/*)",
}


def scan_one(xpub: str, wanted: pa.Array, count: int, kind: str) -> pa.Table:
    """The rows of ``xpub``'s first ``count`` receive addresses that are in ``wanted``."""
    # A zpub or ypub is an xpub in another family: descriptors take the xpub form.
    key = fb.ExtendedPublicKey.parse(xpub)
    family = "tpub" if key.version_name in ("tpub", "upub", "vpub", "Upub", "Vpub") else "xpub"
    d = fb.Descriptor(SCRIPTS[kind].format(key.to_string(family)))
    table = d.address_table(0, count, threads=1)
    hits = table.filter(pc.is_in(table["address"], value_set=wanted))
    return pa.table(
        {
            "xpub": pa.array([xpub] * hits.num_rows, pa.string()),
            "index": hits["index"],
            "address": hits["address"],
            "script_pubkey": hits["script_pubkey"],
        }
    )


def scan(xpubs: list[str], addresses: list[str], count: int, kind: str = "wpkh") -> pa.Table:
    """The rows of every xpub's first ``count`` receive addresses that are in ``addresses``."""
    wanted = pa.array(sorted(set(addresses)), pa.string())
    with ThreadPoolExecutor(os.cpu_count()) as pool:
        found = [
            t for t in pool.map(lambda x: scan_one(x, wanted, count, kind), xpubs) if t.num_rows
        ]
    schema = pa.schema(
        [
            ("xpub", pa.string()),
            ("index", pa.uint32()),
            ("address", pa.string()),
            ("script_pubkey", pa.binary()),
        ]
    )
    return pa.concat_tables(found) if found else schema.empty_table()


def lines(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("xpubs", type=Path)
    parser.add_argument("addresses", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--kind", choices=sorted(SCRIPTS), default="wpkh")
    args = parser.parse_args()
    result = scan(lines(args.xpubs), lines(args.addresses), args.count, args.kind)
    pq.write_table(result, args.out)
    print(f"{result.num_rows} matches written to {args.out}")


if __name__ == "__main__":
    main()
