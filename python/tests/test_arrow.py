"""``Descriptor.address_table``: its columns, against ``addresses`` and ``script_pubkeys``;
the same table for any thread count; memory beyond the table flat in ``count``."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pyarrow as pa
import pytest

import fastbip32 as fb

SEED = bytes(range(32))
ROOT = fb.ExtendedPrivateKey.from_seed(SEED)
XPUB = ROOT.derive("m/84'/0'/0'").to_xpub()
MULTIPATH = fb.Descriptor(f"wpkh([{ROOT.fingerprint.hex()}/84h/0h/0h]{XPUB}/<0;1;7>/*)")

SCHEMA = pa.schema(
    [
        pa.field("branch", pa.uint32(), nullable=False),
        pa.field("index", pa.uint32()),
        pa.field("address", pa.string(), nullable=False),
        pa.field("script_pubkey", pa.binary(), nullable=False),
    ]
)


def test_columns() -> None:
    table = MULTIPATH.address_table(5, 40)
    assert table.schema == SCHEMA
    assert table.num_rows == 3 * 40
    rows = table.to_pydict()
    for b in range(3):
        part = slice(40 * b, 40 * (b + 1))
        assert rows["branch"][part] == [b] * 40
        assert rows["index"][part] == list(range(5, 45))
        assert rows["address"][part] == MULTIPATH.addresses(5, 40, b)
        assert rows["script_pubkey"][part] == MULTIPATH.script_pubkeys(5, 40, b)


def test_branches_networks_and_ranges() -> None:
    table = MULTIPATH.address_table(0, 3, branches=[2, 0], network="mainnet")
    assert table.column("branch").to_pylist() == [2, 2, 2, 0, 0, 0]
    assert MULTIPATH.address_table(0, 0).num_rows == 0
    assert MULTIPATH.address_table(0, 0).schema == SCHEMA
    assert MULTIPATH.address_table(0, 3, branches=[]).num_rows == 0
    # The last index there is.
    last = MULTIPATH.address_table(2**31 - 1, 1, branches=[1]).to_pydict()
    assert last["index"] == [2**31 - 1]
    assert last["address"] == MULTIPATH.addresses(2**31 - 1, 1, 1)
    # A descriptor without a range: one row per branch, a null index.
    fixed = fb.Descriptor(f"pkh({XPUB}/<0;1>/3)")
    rows = fixed.address_table(0, 10).to_pydict()
    assert rows["index"] == [None, None]
    assert rows["address"] == fixed.addresses(0, 1, 0) + fixed.addresses(0, 1, 1)
    # Test networks.
    tpub = XPUB.to_string("tpub")
    regtest = fb.Descriptor(f"tr({tpub}/0/*)").address_table(0, 2, network="regtest")
    assert all(a.startswith("bcrt1p") for a in regtest.column("address").to_pylist())


@pytest.mark.parametrize("threads", [1, 2, 3, None])
def test_threads_give_the_same_table(threads: int | None) -> None:
    # More rows than one task (2**14), so that several tasks and threads take part.
    d = fb.Descriptor(f"sh(wpkh({XPUB}/<0;1>/*))")
    table = d.address_table(100, 20_000, threads=threads)
    assert table.equals(d.address_table(100, 20_000, threads=1))
    assert table.column("address").to_pylist()[19_999] == d.addresses(20_099, 1, 0)[0]
    assert table.column("address").to_pylist()[20_000] == d.addresses(100, 1, 1)[0]


MEMORY = textwrap.dedent(
    """
    import json, resource, sys
    import fastbip32 as fb
    d = fb.Descriptor(sys.argv[1])
    d.address_table(0, 20_000, threads=2)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    table = d.address_table(0, int(sys.argv[2]), threads=2)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"peak": after - before, "table": table.nbytes}))
    """
)


def overhead(count: int, cwd: Path) -> int:
    """Peak memory of one address_table call beyond the table itself, in a fresh process
    (started elsewhere than the source tree, which would shadow the installed package)."""
    out = subprocess.run(
        [sys.executable, "-c", MEMORY, f"wpkh({XPUB}/0/*)", str(count)],
        check=True,
        capture_output=True,
        text=True,
        cwd=cwd,
    ).stdout
    result = json.loads(out)
    return int(result["peak"]) - int(result["table"])


def test_memory_is_flat_in_count(tmp_path: Path) -> None:
    small, large = overhead(50_000, tmp_path), overhead(200_000, tmp_path)
    # Four times the rows: the table grows by about 18 MB, what is held beside it not at all
    # (a few tasks per thread); 8 MB allows for the allocator.
    assert large - small < 8 * 2**20, (small, large)
