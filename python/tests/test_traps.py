"""What a new user runs into: bytes that are not a public key, an xpub asked for another
network's address, an absolute path below a non-master key, a non-master key given as a root,
counts and thread numbers beyond what the machine has, long calls and Ctrl-C, and recover's
two address arguments. Each is refused with a typed error naming the rule (never a
``PanicException``), as bip_utils and the command-line tool refuse them."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

import fastbip32 as fb

if TYPE_CHECKING:
    from fastbip32 import _AddressKind

SEED = bytes(range(32))
MASTER = fb.ExtendedPrivateKey.from_seed(SEED)
ACCOUNT = MASTER.derive("m/84'/0'/0'")
XPUB = ACCOUNT.to_xpub()
TPUB = fb.ExtendedPublicKey.parse(XPUB.to_string("tpub"))
# 0x05 is no SEC1 prefix: these 33 bytes are no point of secp256k1 (SEC 1 §2.3.4).
NOT_A_POINT = b"\x05" + b"\x11" * 32
# SEC 1 prefix 02 with x = 5: 5³ + 7 = 132 is not a square mod p, so no point has that x.
NO_POINT_X = b"\x02" + (5).to_bytes(32, "big")


@pytest.mark.parametrize("kind", ["p2pkh", "p2sh-p2wpkh", "p2wpkh", "p2tr", "ethereum"])
@pytest.mark.parametrize("key", [NOT_A_POINT, NO_POINT_X], ids=["prefix", "x"])
def test_a_public_key_is_checked_before_any_address(kind: _AddressKind, key: bytes) -> None:
    with pytest.raises(fb.Error, match="public key") as err:
        fb.address(kind, key)
    assert err.value.kind == "InvalidPublicKey"


def test_a_cardano_key_is_checked() -> None:
    # y = 2 is on no point of edwards25519 (RFC 8032 §5.1.3: x² has no root).
    not_a_point = (2).to_bytes(32, "little")
    for kind in ("cardano-enterprise", "cardano-reward"):
        with pytest.raises(fb.Error, match="public key"):
            fb.address(kind, not_a_point)
    good = MASTER.derive("m/0'").public_key  # any secp256k1 key: wrong length for Cardano
    with pytest.raises(fb.Error):
        fb.address("cardano-enterprise", good)


def test_solana_takes_any_32_bytes() -> None:
    # Solana's program-derived addresses are deliberately off the curve: any 32 bytes are an
    # account. The System Program's account is 32 zero bytes, "111…1" (32 ones).
    assert fb.address("solana", bytes(32)) == "1" * 32


def test_an_xpub_keeps_its_network() -> None:
    # A tpub is a test-network key: it has no mainnet address, and the other way round.
    with pytest.raises(fb.Error, match="test-network key") as err:
        TPUB.address("p2wpkh", "mainnet")
    assert err.value.kind == "NetworkMismatch"
    parsed = fb.ExtendedPublicKey.parse(str(XPUB))
    with pytest.raises(fb.Error, match="mainnet key"):
        parsed.address("p2wpkh", "testnet")
    with pytest.raises(fb.Error, match="mainnet key"):
        pickle.loads(pickle.dumps(parsed)).derive("0").address("p2pkh", "regtest")
    # A key made from a seed has the default xprv version, which names no network of the
    # caller's choosing: it serves every network, as the library's account descriptors say.
    assert XPUB.address("p2wpkh", "testnet").startswith("tb1")
    tprv = fb.ExtendedPrivateKey.parse(ACCOUNT.to_string("tprv"))
    with pytest.raises(fb.Error, match="test-network key"):
        tprv.address("p2pkh", "mainnet")
    # The networks a key serves: the same witness program on each.
    program = fb.decode_address(XPUB.address("p2wpkh")).payload
    for network in ("testnet", "signet", "regtest"):
        assert fb.decode_address(TPUB.address("p2wpkh", network)).payload == program
    assert TPUB.address("p2wpkh").startswith("tb1")
    assert TPUB.address("p2wpkh", "regtest").startswith("bcrt1")
    assert XPUB.address("p2wpkh", "mainnet").startswith("bc1")


def test_an_absolute_path_below_a_non_master_key_is_an_error() -> None:
    for key in (ACCOUNT, XPUB):
        with pytest.raises(fb.PathError, match="absolute") as err:
            key.derive("m/0/1")
        assert err.value.kind == "AbsolutePathBelowRoot"
        with pytest.raises(fb.PathError, match="absolute"):
            key.derive("m")
        assert key.derive("0/1").depth == 5
    # From a master key, `m/…` and the relative path are the same key.
    assert MASTER.derive("m/84'/0'/0'") == MASTER.derive("84'/0'/0'") == ACCOUNT
    master_xpub = MASTER.to_xpub()
    assert master_xpub.derive("m/0/1") == master_xpub.derive("0/1")


def test_account_descriptors_refuse_a_non_master_key() -> None:
    with pytest.raises(fb.Error, match="depth 3") as err:
        fb.account_descriptors(ACCOUNT)
    assert err.value.kind == "NotARoot"
    assert set(fb.account_descriptors(MASTER)) == {"bip44", "bip49", "bip84", "bip86"}


DESCRIPTOR = fb.Descriptor(f"wpkh({XPUB}/0/*)")


def test_thread_counts_are_bounded() -> None:
    for threads in (0, 3000, 2**40):
        with pytest.raises(fb.Error, match="threads") as err:
            DESCRIPTOR.address_table(0, 10, threads=threads)
        assert err.value.kind == "InvalidThreadCount"
    with pytest.raises(fb.Error, match="threads") as err:
        fb.recover(
            "abandon " * 11 + "?",
            address="bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
            threads=3000,
            language="english",
        )
    assert err.value.kind == "InvalidThreadCount"
    assert DESCRIPTOR.address_table(0, 10, threads=1024).num_rows == 10


def run_limited(code: str, limit_mb: int) -> subprocess.CompletedProcess[str]:
    """Runs ``code`` in a fresh Python whose address space is capped at ``limit_mb`` MiB
    above what importing fastbip32 and pyarrow takes."""
    prologue = textwrap.dedent(
        f"""
        import resource, sys
        import fastbip32 as fb, pyarrow
        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * resource.getpagesize()
        cap = size + {limit_mb} * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        """
    )
    return subprocess.run(
        [sys.executable, "-c", prologue + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc")
@pytest.mark.parametrize("threads", [1, 2])
def test_no_allocation_failure_is_a_panic(threads: int) -> None:
    # About 450 MB of table for 4 million rows, in an address space of 200 MB more than the
    # interpreter's: some allocation fails, and it must be a MemoryError.
    code = f"""
    d = fb.Descriptor("wpkh({XPUB}/0/*)")
    try:
        d.address_table(0, 4_000_000, threads={threads})
    except MemoryError as e:
        print("MemoryError", type(e).__name__)
    except BaseException as e:
        print("other", type(e).__name__, e)
    else:
        print("no error")
    """
    out = run_limited(code, 200)
    assert out.stdout.startswith("MemoryError"), (out.stdout, out.stderr[-2000:])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc")
def test_no_allocation_failure_is_a_panic_in_lists() -> None:
    code = f"""
    d = fb.Descriptor("wpkh({XPUB}/0/*)")
    k = fb.ExtendedPrivateKey.parse("{ACCOUNT.to_string()}")
    for call in (lambda: d.addresses(0, 4_000_000), lambda: d.script_pubkeys(0, 4_000_000),
                 lambda: k.to_xpub().derive_public_keys(0, 4_000_000)):
        try:
            call()
        except MemoryError as e:
            print("MemoryError")
        except BaseException as e:
            print("other", type(e).__name__, e)
        else:
            print("no error")
    """
    out = run_limited(code, 100)
    assert out.stdout.split() == ["MemoryError"] * 3, (out.stdout, out.stderr[-2000:])


@pytest.fixture
def interrupt_after() -> Iterator[Callable[[float], None]]:
    """Sends this process SIGINT after a delay (Python raises KeyboardInterrupt in the main
    thread when the running call next checks for signals)."""
    timers: list[threading.Timer] = []

    def arm(delay: float) -> None:
        timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
        timers.append(timer)
        timer.start()

    yield arm
    for timer in timers:
        timer.cancel()


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="POSIX signals")
@pytest.mark.parametrize(
    "call",
    [
        lambda: DESCRIPTOR.addresses(0, 3_000_000),
        lambda: DESCRIPTOR.script_pubkeys(0, 3_000_000),
        lambda: DESCRIPTOR.address_table(0, 3_000_000, threads=1),
        lambda: DESCRIPTOR.address_table(0, 3_000_000, threads=2),
        lambda: XPUB.derive_public_keys(0, 3_000_000),
        lambda: XPUB.derive("0").addresses(0, 3_000_000, coin="tron"),
        lambda: XPUB.derive("0").address_table(0, 3_000_000, coin="cosmos", threads=2),
    ],
    ids=[
        "addresses",
        "script_pubkeys",
        "table-1",
        "table-2",
        "derive_public_keys",
        "xpub-addresses-coin",
        "xpub-table-coin",
    ],
)
def test_long_calls_honour_ctrl_c(
    call: Callable[[], object], interrupt_after: Callable[[float], None]
) -> None:
    # Three million outputs take several seconds; the interrupt comes after a tenth of one,
    # and the call must end within a second of it.
    interrupt_after(0.1)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        call()
    assert time.monotonic() - start < 1.5


def test_recover_names_its_two_address_arguments() -> None:
    with pytest.raises(TypeError, match=r"address=\[") as err:
        fb.recover("abandon " * 11 + "?", addresses=["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"])  # type: ignore[arg-type]
    assert "a file" in str(err.value)


def test_shards_count_from_one() -> None:
    template = "abandon " * 11 + "?"
    target = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"
    assert fb.recover(template, address=target, gap=1, shard=(1, 1), language="english")
    for bad in ((0, 4), (5, 4), (1, 0)):
        with pytest.raises(fb.Error, match="shard") as err:
            fb.recover(template, address=target, gap=1, shard=bad, language="english")
        assert err.value.kind == "InvalidShard"
