"""The Python package against its peers: bip_utils (with coincurve), embit, hdwallet and
bdkpython, and the command-line tool and Dask for the bulk rows.

    python bench.py [--rounds N] [--target-ms MS] [--cli PATH] [--dask-count N] [--only NAME…]

Every job's outputs are first checked equal between fastbip32 and each peer. Then each pair is
timed in interleaved rounds in this one process: a round times both sides (about
``--target-ms`` of work each), in alternating order (A then B, then B then A), and gives one
ratio ``peer ÷ fastbip32``. A line reports the median of the rounds' ratios with its quartiles
and the median times. Take figures from a quiet machine, pinned (``taskset -c 1`` for the
one-core rows, two free cores for the two-thread and Dask rows); the lead's table comes from
such a run.

Rows (issue targets in brackets):

* ``secp256k1-path``: seed → ``m/44'/0'/0'/0/0``, the private key [≥ 15× bip_utils];
* ``ed25519-path``: seed → ``m/44'/501'/0'/0'`` (SLIP-10), an ``ExtendedPrivateKey``, which
  computes the last parent's public key for its parent fingerprint (one base-point
  multiplication the engine's ``DerivedKey`` row does not do);
* ``ed25519-path-lean``: the same through ``derive_private_key`` (the ``DerivedKey`` walk)
  [≥ 50× bip_utils];
* ``p2wpkh-10000``: 10,000 P2WPKH addresses from an xpub with ``Descriptor.addresses``, one
  thread [≥ 25× bip_utils, ≥ 20× bdkpython];
* ``tron-10000``, ``litecoin-10000``, ``cosmos-10000``: 10,000 addresses of the coin's
  default kind (Tron, Litecoin P2WPKH, Cosmos) from an account xpub's receive chain with
  ``ExtendedPublicKey.addresses(coin=…)``, one thread, against bip_utils' encoder of the coin
  on its child keys [≥ 20× bip_utils];
* ``table-1e6``: 10**6 addresses with ``address_table``, 2 threads, against the command-line
  tool on the same job (``fastbip32 addresses … --count 1000000 --threads 2``, output to
  /dev/null) [within 1.2×]; needs ``--cli``;
* ``dask-1e7``: ``fastbip32.dask`` over 2 worker processes against 1, 10**7 addresses
  [≥ 1.8×]; ``--dask-count`` sets the count;
* ``dask-recover``: ``fastbip32.dask.recover`` over 2 worker processes against 1, a 12-word
  template with one unknown word and one ``s*`` prefix (512,000 candidates, no match)
  [≥ 1.8×].
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import fastbip32 as fb

SEED = bytes.fromhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
BTC_PATH = "m/44'/0'/0'/0/0"
SOL_PATH = "m/44'/501'/0'/0'"
ACCOUNT = fb.ExtendedPrivateKey.from_seed(SEED).derive("m/84'/0'/0'")
XPUB = str(ACCOUNT.to_xpub())
RECEIVE = f"wpkh({XPUB}/0/*)"


@dataclass
class Side:
    """One side of a pair: a name and a job that returns its output."""

    name: str
    job: Callable[[], Any]


def timed(job: Callable[[], Any], reps: int) -> float:
    """Seconds per run of ``job`` over ``reps`` runs."""
    start = time.perf_counter()
    for _ in range(reps):
        job()
    return (time.perf_counter() - start) / reps


def reps_for(job: Callable[[], Any], target: float) -> int:
    """How many runs of ``job`` take about ``target`` seconds."""
    once = timed(job, 1)
    return max(1, int(target / max(once, 1e-9)))


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def paired(name: str, ours: Side, peer: Side, rounds: int, target: float) -> None:
    """Interleaved rounds of ``ours`` and ``peer``: the median of the per-round ratios
    ``peer ÷ ours`` with its quartiles."""
    reps_ours, reps_peer = reps_for(ours.job, target), reps_for(peer.job, target)
    ratios, times_ours, times_peer = [], [], []
    for r in range(rounds):
        if r % 2 == 0:
            a = timed(ours.job, reps_ours)
            b = timed(peer.job, reps_peer)
        else:
            b = timed(peer.job, reps_peer)
            a = timed(ours.job, reps_ours)
        ratios.append(b / a)
        times_ours.append(a)
        times_peer.append(b)
    q1, med, q3 = quartiles(ratios)
    print(
        f"paired/{name}/{peer.name}: {peer.name} ÷ {ours.name} = {med:.2f} "
        f"(quartiles {q1:.2f}–{q3:.2f}; {rounds} rounds; "
        f"{ours.name} {fmt(statistics.median(times_ours))}, "
        f"{peer.name} {fmt(statistics.median(times_peer))})",
        flush=True,
    )


def fmt(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def check(name: str, ours: Side, peers: list[Side]) -> None:
    """Every peer's output equals ours before anything is timed."""
    expected = ours.job()
    for peer in peers:
        got = peer.job()
        if got != expected:
            raise SystemExit(
                f"{name}: {peer.name} disagrees with fastbip32: {got!r} != {expected!r}"
            )


# ---------------------------------------------------------------------------------------------
# The rows.


def secp256k1_path() -> tuple[Side, list[Side]]:
    import bdkpython as bdk
    import bip_utils
    from embit import bip32
    from hdwallet import HDWallet
    from hdwallet.cryptocurrencies import Bitcoin
    from hdwallet.derivations import CustomDerivation
    from hdwallet.hds import BIP32HD
    from hdwallet.seeds import BIP39Seed

    master = str(fb.ExtendedPrivateKey.from_seed(SEED))
    bdk_path = bdk.DerivationPath(BTC_PATH)

    def hdwallet_job() -> bytes:
        w = HDWallet(cryptocurrency=Bitcoin, hd=BIP32HD, network=Bitcoin.NETWORKS.MAINNET)
        w.from_seed(seed=BIP39Seed(seed=SEED.hex()))
        w.from_derivation(derivation=CustomDerivation(path=BTC_PATH))
        return bytes.fromhex(w.private_key())

    ours = Side(
        "fastbip32", lambda: fb.ExtendedPrivateKey.from_seed(SEED).derive(BTC_PATH).private_key
    )
    peers = [
        Side(
            "bip_utils",
            lambda: (
                bip_utils.Bip32Slip10Secp256k1.FromSeedAndPath(SEED, BTC_PATH)
                .PrivateKey()
                .Raw()
                .ToBytes()
            ),
        ),
        Side("embit", lambda: bip32.HDKey.from_seed(SEED).derive(BTC_PATH).key.secret),
        Side("hdwallet", hdwallet_job),
        # bdkpython has no seed constructor: from the master's text (the HMAC of the seed,
        # about a microsecond, is left out of its side).
        Side(
            "bdkpython",
            lambda: bytes(
                bdk.DescriptorSecretKey.from_string(master).derive(bdk_path).secret_bytes()
            ),
        ),
    ]
    return ours, peers


def ed25519_path() -> tuple[Side, list[Side]]:
    import bip_utils
    from hdwallet import HDWallet
    from hdwallet.cryptocurrencies import Solana
    from hdwallet.derivations import CustomDerivation
    from hdwallet.hds import BIP32HD
    from hdwallet.seeds import BIP39Seed

    def hdwallet_job() -> bytes:
        w = HDWallet(cryptocurrency=Solana, hd=BIP32HD, network=Solana.NETWORKS.MAINNET)
        w.from_seed(seed=BIP39Seed(seed=SEED.hex()))
        w.from_derivation(derivation=CustomDerivation(path=SOL_PATH))
        return bytes.fromhex(w.private_key())

    ours = Side(
        "fastbip32",
        lambda: fb.ExtendedPrivateKey.from_seed(SEED, curve="ed25519").derive(SOL_PATH).private_key,
    )
    peers = [
        Side(
            "bip_utils",
            lambda: (
                bip_utils.Bip32Slip10Ed25519.FromSeedAndPath(SEED, SOL_PATH)
                .PrivateKey()
                .Raw()
                .ToBytes()
            ),
        ),
        Side("hdwallet", hdwallet_job),
    ]
    return ours, peers


def ed25519_path_lean() -> tuple[Side, list[Side]]:
    """The same job through ``derive_private_key`` (the library's ``DerivedKey`` walk, which
    computes no public key: the engine row the target is set against)."""
    _, peers = ed25519_path()
    ours = Side("fastbip32", lambda: fb.derive_private_key(SEED, SOL_PATH, curve="ed25519")[0])
    return ours, peers[:1]


def p2wpkh_10000() -> tuple[Side, list[Side]]:
    import bdkpython as bdk
    import bip_utils
    from embit import bip32, script

    count = 10_000
    d = fb.Descriptor(RECEIVE)
    parent = bip_utils.Bip32Slip10Secp256k1.FromExtendedKey(XPUB).ChildKey(0)
    embit_parent = bip32.HDKey.from_string(XPUB).derive([0])
    bdk_descriptor = bdk.Descriptor(RECEIVE, bdk.NetworkKind.MAIN)

    def bip_utils_job() -> list[str]:
        return [
            bip_utils.P2WPKHAddrEncoder.EncodeKey(
                parent.ChildKey(i).PublicKey().KeyObject(), hrp="bc"
            )
            for i in range(count)
        ]

    def embit_job() -> list[str]:
        return [script.p2wpkh(embit_parent.derive([i]).key).address() for i in range(count)]

    def bdk_job() -> list[str]:
        return [str(bdk_descriptor.derive_address(i, bdk.Network.BITCOIN)) for i in range(count)]

    ours = Side("fastbip32", lambda: d.addresses(0, count))
    peers = [Side("bip_utils", bip_utils_job), Side("bdkpython", bdk_job), Side("embit", embit_job)]
    return ours, peers


# The registry coins of the per-coin rows: slug, account path, and the bip_utils encoder of
# the coin's default kind with its keyword arguments.
COIN_ROWS: dict[str, tuple[str, str, dict[str, str]]] = {
    "tron": ("m/44'/195'/0'", "TrxAddrEncoder", {}),
    "litecoin": ("m/84'/2'/0'", "P2WPKHAddrEncoder", {"hrp": "ltc"}),
    "cosmos": ("m/44'/118'/0'", "AtomAddrEncoder", {"hrp": "cosmos"}),
}


def coin_10000(slug: str) -> tuple[Side, list[Side]]:
    import bip_utils

    count = 10_000
    path, encoder_name, kwargs = COIN_ROWS[slug]
    xpub = str(fb.ExtendedPrivateKey.from_seed(SEED).derive(path).to_xpub())
    receive = fb.ExtendedPublicKey.parse(xpub).derive("0")
    parent = bip_utils.Bip32Slip10Secp256k1.FromExtendedKey(xpub).ChildKey(0)
    encoder: Any = getattr(bip_utils, encoder_name)

    def bip_utils_job() -> list[str]:
        return [
            encoder.EncodeKey(parent.ChildKey(i).PublicKey().KeyObject(), **kwargs)
            for i in range(count)
        ]

    ours = Side("fastbip32", lambda: receive.addresses(0, count, coin=slug))
    return ours, [Side("bip_utils", bip_utils_job)]


def table_1e6(cli: str) -> tuple[Side, list[Side]]:
    count = 1_000_000
    d = fb.Descriptor(RECEIVE)

    def ours_job() -> int:
        return int(d.address_table(0, count, threads=2).num_rows)

    def cli_job() -> int:
        with open(os.devnull, "wb") as sink:
            subprocess.run(
                [
                    cli,
                    "addresses",
                    "--descriptor",
                    RECEIVE,
                    "--count",
                    str(count),
                    "--threads",
                    "2",
                    "--fields",
                    "index,address",
                    "--csv",
                ],
                check=True,
                stdout=sink,
                stderr=subprocess.DEVNULL,
            )
        return count

    # The rows are the same job; the tool's own output is compared with the table once.
    head = subprocess.run(
        [
            cli,
            "addresses",
            "--descriptor",
            RECEIVE,
            "--count",
            "1000",
            "--fields",
            "address",
            "--csv",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()[1:]
    if head != d.addresses(0, 1000):
        raise SystemExit("table-1e6: the command-line tool disagrees with address_table")
    return Side("fastbip32", ours_job), [Side("cli", cli_job)]


def dask_clients() -> dict[int, Any]:
    """Clients of two local clusters, of 1 and 2 single-threaded worker processes."""
    import importlib

    distributed: Any = importlib.import_module("distributed")
    clusters = {
        n: distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        for n in (1, 2)
    }
    return {n: distributed.Client(c, set_as_default=False) for n, c in clusters.items()}


def dask_rows(count: int) -> tuple[Side, list[Side]]:
    import fastbip32.dask as fbd

    clients = dask_clients()

    def job(workers: int) -> Callable[[], int]:
        def run() -> int:
            frame: Any = fbd.address_frame(RECEIVE, 0, count, partition_rows=500_000)
            return int(clients[workers].compute(frame["address"].str.len().sum()).result())

        return run

    return Side("2 workers", job(2)), [Side("1 worker", job(1))]


# BIP-39's "legal winner" vector with word 4 unknown and word 8 any word of prefix "s":
# 2,048 × 250 candidates, 1/16 of them past the checksum, none with the target address
# (the first BIP-84 receive address of "abandon … about").
RECOVER_TEMPLATE = "legal winner thank ? wave sausage worth s* legal winner thank yellow"
RECOVER_TARGET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"


def dask_recover_rows() -> tuple[Side, list[Side]]:
    import fastbip32.dask as fbd

    clients = dask_clients()

    def job(workers: int) -> Callable[[], object]:
        def run() -> object:
            return fbd.recover(
                RECOVER_TEMPLATE,
                client=clients[workers],
                shards=16,
                address=RECOVER_TARGET,
                gap=1,
                language="english",
            )

        return run

    return Side("2 workers", job(2)), [Side("1 worker", job(1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--cli", help="the fastbip32 binary (target/release/fastbip32)")
    parser.add_argument("--dask-count", type=int, default=10_000_000)
    parser.add_argument("--only", nargs="*", help="rows to run (default: every row)")
    args = parser.parse_args()
    target = args.target_ms / 1000
    rows: dict[str, Callable[[], tuple[Side, list[Side]]]] = {
        "secp256k1-path": secp256k1_path,
        "ed25519-path": ed25519_path,
        "ed25519-path-lean": ed25519_path_lean,
        "p2wpkh-10000": p2wpkh_10000,
        "tron-10000": lambda: coin_10000("tron"),
        "litecoin-10000": lambda: coin_10000("litecoin"),
        "cosmos-10000": lambda: coin_10000("cosmos"),
    }
    if args.cli:
        rows["table-1e6"] = lambda: table_1e6(args.cli)
    rows["dask-1e7"] = lambda: dask_rows(args.dask_count)
    rows["dask-recover"] = dask_recover_rows
    print(f"fastbip32 {fb.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    for name, make in rows.items():
        if args.only and name not in args.only:
            continue
        ours, peers = make()
        check(name, ours, peers)
        # The bulk rows take seconds a run: a few rounds of one run each.
        heavy = name in ("table-1e6", "dask-1e7", "dask-recover")
        for peer in peers:
            paired(
                name,
                ours,
                peer,
                min(args.rounds, 5) if heavy else args.rounds,
                0.0 if heavy else target,
            )


if __name__ == "__main__":
    main()
