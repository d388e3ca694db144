"""No private key is left in freed memory by ``derive_paths``: a child process derives keys,
drops them, and waits; this process reads the child's writable memory through
``/proc/PID/mem`` and looks for each private key's bytes. While the keys are alive they are
found (the scan works); once the child has dropped them, no copy may remain in its heap or
any other writable mapping but the main thread's stack. (The stack keeps a few copies of the
last key's image in frames above the binding's own, which SECURITY.md lists.) The keys
looked for are computed by bip_utils, in this process only."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

bip_utils = pytest.importorskip("bip_utils")

SEED = bytes(range(7, 39))
PATHS = [f"m/44'/0'/{a}'/{c}/{i}" for a in range(2) for c in range(2) for i in range(40)]

CHILD = textwrap.dedent(
    f"""
    import gc, sys
    import fastbip32 as fb
    seed = bytes(range(7, 39))
    paths = {PATHS!r}
    keys = fb.derive_paths(seed, paths)
    print("alive", flush=True)
    sys.stdin.readline()
    del keys
    gc.collect()
    print("dropped", flush=True)
    sys.stdin.readline()
    """
)


def private_keys() -> list[bytes]:
    master = bip_utils.Bip32Slip10Secp256k1.FromSeed(SEED)
    return [bytes(master.DerivePath(p).PrivateKey().Raw().ToBytes()) for p in PATHS]


def hits(pid: int, needles: list[bytes], *, stack: bool = True) -> int:
    """How many times any of ``needles`` occurs in the writable memory of process ``pid``
    (without the main thread's stack unless ``stack``)."""
    found = 0
    pattern = re.compile(b"|".join(re.escape(n) for n in needles))
    maps = Path(f"/proc/{pid}/maps").read_text(encoding="ascii").splitlines()
    with open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
        for line in maps:
            fields = line.split()
            span, perms = fields[0], fields[1]
            name = fields[5] if len(fields) > 5 else ""
            if not perms.startswith("rw") or name in ("[vvar]", "[vsyscall]"):
                continue
            if name == "[stack]" and not stack:
                continue
            start, end = (int(x, 16) for x in span.split("-"))
            try:
                mem.seek(start)
                data = mem.read(end - start)
            except OSError:
                continue
            found += len(pattern.findall(data))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/PID/mem")
def test_derive_paths_leaves_no_private_key_in_freed_memory() -> None:
    needles = private_keys()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        assert child.stdout.readline().strip() == "alive"
        try:
            alive = hits(child.pid, needles)
        except PermissionError:
            pytest.skip("this system does not let a parent read its child's memory")
        # Each key object holds its private key (at least once per key).
        assert alive >= len(needles)
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "dropped"
        assert hits(child.pid, needles, stack=False) == 0
    finally:
        child.kill()
        child.wait()
