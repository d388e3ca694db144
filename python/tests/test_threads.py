"""The GIL is released by every call that derives many keys: while one thread is inside such
a call, another Python thread runs. Checked by how much a pure-Python thread gets done during
the call against what it gets done while the caller sleeps (a ratio, not a timing target),
and two threads of the same calls agree with one."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import fastbip32 as fb

SEED = bytes(range(32))
XPUB = fb.ExtendedPrivateKey.from_seed(SEED).derive("m/84'/0'/0'").to_xpub()
DESCRIPTOR = fb.Descriptor(f"wpkh({XPUB}/<0;1>/*)")
PRIVATE = fb.ExtendedPrivateKey.from_seed(SEED).derive("m/84'/0'/0'/0")
PATHS = [f"m/44'/0'/{i}'/0/0" for i in range(1_500)]

# Each call takes a tenth of a second or more on one core.
CALLS: dict[str, Callable[[], object]] = {
    "Descriptor.addresses": lambda: DESCRIPTOR.addresses(0, 20_000),
    "Descriptor.script_pubkeys": lambda: DESCRIPTOR.script_pubkeys(0, 20_000),
    "Descriptor.address_table": lambda: DESCRIPTOR.address_table(0, 20_000, threads=1),
    "ExtendedPublicKey.derive_public_keys": lambda: XPUB.derive_public_keys(0, 30_000),
    "ExtendedPublicKey.addresses coin=tron": lambda: XPUB.addresses(0, 20_000, coin="tron"),
    "ExtendedPublicKey.address_table coin=cosmos": lambda: XPUB.address_table(
        0, 20_000, coin="cosmos", threads=1
    ),
    "ExtendedPrivateKey.derive_public_keys": lambda: PRIVATE.derive_public_keys(0, 3_000),
    "ExtendedPrivateKey.derive_private_keys": lambda: PRIVATE.derive_private_keys(0, 50_000),
    "derive_paths": lambda: fb.derive_paths(SEED, PATHS),
    "Mnemonic.to_seed": lambda: [fb.Mnemonic.from_entropy(bytes(16)).to_seed() for _ in range(15)],
}


def share_during(call: Callable[[], object]) -> float:
    """How much a pure-Python loop in a second thread ran while ``call`` ran in this one: its
    turns during the call, over the turns it makes in as long while this thread sleeps (which
    releases the GIL). About 1 when the call releases the GIL; near 0 when it holds it (the
    loop then gets a switch interval, 5 ms, at most)."""
    stop = threading.Event()
    count = [0]

    def spin() -> None:
        while not stop.is_set():
            count[0] += 1

    def turns(inside: Callable[[], object]) -> tuple[int, float]:
        before, start = count[0], time.perf_counter()
        inside()
        return count[0] - before, time.perf_counter() - start

    with ThreadPoolExecutor(1) as pool:
        spinner = pool.submit(spin)
        while count[0] == 0:
            pass
        idle, idle_time = turns(lambda: time.sleep(0.2))
        during, call_time = turns(call)
        stop.set()
        spinner.result()
    return (during / call_time) / (idle / idle_time)


def test_the_measure_sees_a_held_gil() -> None:
    # bytes.count holds the GIL for its whole run (a third of a second here).
    big = b"ab" * 100_000_000
    assert share_during(lambda: big.count(b"ba")) < 0.25


@pytest.mark.parametrize("name", CALLS)
def test_gil_released(name: str) -> None:
    # Up to three tries: other load on the machine can starve the loop for a while, but
    # with the GIL held no try ever passes.
    share = 0.0
    for _ in range(3):
        share = max(share, share_during(CALLS[name]))
        if share > 0.25:
            break
    assert share > 0.25, f"{name}: the other thread ran {share:.0%} of its idle rate"


def test_gil_released_while_a_target_file_loads(tmp_path: Path) -> None:
    # 300,000 addresses to read and index; a template with no unknown word is one candidate,
    # so the call's time is the file's.
    path = tmp_path / "targets.txt"
    path.write_text("\n".join(DESCRIPTOR.addresses(0, 300_000)) + "\n", encoding="ascii")
    template = "abandon " * 11 + "about"

    def call() -> object:
        return fb.recover(template, addresses=path, gap=1, language="english")

    share = 0.0
    for _ in range(3):
        share = max(share, share_during(call))
        if share > 0.25:
            break
    assert share > 0.25, f"the other thread ran {share:.0%} of its idle rate"


def test_two_threads_agree() -> None:
    def job(part: int) -> list[str]:
        return DESCRIPTOR.addresses(part * 2_000, 2_000, branch=part % 2)

    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(job, range(6)))
    assert together == [job(part) for part in range(6)]
