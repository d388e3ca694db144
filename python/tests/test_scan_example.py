"""``examples/scan.py`` on a small input: which xpubs' receive addresses are in a list."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq

import fastbip32 as fb

SCAN = Path(__file__).resolve().parents[1] / "examples" / "scan.py"


def test_scan(tmp_path: Path) -> None:
    roots = [fb.ExtendedPrivateKey.from_seed(bytes([i]) * 32) for i in range(6)]
    xpubs = [str(r.derive("m/84'/0'/0'").to_xpub()) for r in roots]
    # One account in its zpub form, as wallets show it.
    xpubs[4] = fb.ExtendedPublicKey.parse(xpubs[4]).to_string("zpub")
    receive = [
        fb.Descriptor(f"wpkh({fb.ExtendedPublicKey.parse(x).to_string('xpub')}/0/*)") for x in xpubs
    ]
    hits = {(1, 0), (1, 49), (4, 17), (5, 3)}
    listed = [receive[x].addresses(i, 1)[0] for x, i in sorted(hits)]
    # Addresses that must not match: past the scanned range, on the change branch, elsewhere.
    listed += receive[2].addresses(50, 1)
    listed += [fb.Descriptor(f"wpkh({xpubs[0]}/1/*)").addresses(0, 1)[0]]
    listed += ["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"]
    (tmp_path / "xpubs.txt").write_text("\n".join(xpubs) + "\n")
    (tmp_path / "addresses.txt").write_text("\n".join(listed) + "\n")
    out = tmp_path / "found.parquet"
    result = subprocess.run(
        [sys.executable, str(SCAN), "xpubs.txt", "addresses.txt", str(out), "--count", "50"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    )
    assert "4 matches" in result.stdout
    table = pq.read_table(out).to_pydict()
    got = {(xpubs.index(x), i) for x, i in zip(table["xpub"], table["index"])}
    assert got == hits
    assert set(table["address"]) == set(listed[:4])
