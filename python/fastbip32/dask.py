"""fastbip32 on a Dask cluster: a descriptor's addresses as a ``dask.dataframe.DataFrame``,
and a recovery search spread over the workers.

Needs the ``dask`` extra (``pip install 'fastbip32[dask]'``, or from a checkout
``pip install './python[arrow,dask]'``).

* ``address_frame``: each partition is one index range of one branch, derived on a worker by
  ``Descriptor.address_table`` and handed to Dask as a pandas DataFrame; the descriptor goes
  to the workers as its text (a descriptor of public keys pickles as its text).
* ``coin_address_frame``: a coin's addresses below an account's extended public key, each
  partition derived on a worker by ``ExtendedPublicKey.address_table``.
* ``recover``: ``fastbip32.recover`` over disjoint shards of the search space, one task per
  shard, stopped at the first match.
"""

from __future__ import annotations

import dataclasses
import importlib
import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastbip32 import Descriptor, ExtendedPublicKey, parse_extended_key
from fastbip32._recovery import Recovered
from fastbip32._recovery import recover as _recover

if TYPE_CHECKING:
    import dask.dataframe
    import distributed

    from fastbip32 import _BitcoinNetwork

__all__ = ["address_frame", "coin_address_frame", "recover"]


def _need(module: str) -> Any:
    """Imports ``module``, one of the ``dask`` extra's; without it, the error names the
    extra to install."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        raise ModuleNotFoundError(
            f"fastbip32.dask needs {module}, from the dask extra: pip install 'fastbip32[dask]'",
            name=module,
        ) from err


def _pandas(table: Any) -> Any:
    """A pyarrow table as pandas with Arrow-backed columns: no Python object per row, and
    the binary column stays binary (Dask turns object columns of bytes into strings)."""
    pd = _need("pandas")

    return table.to_pandas(types_mapper=pd.ArrowDtype)


def _partition(part: tuple[str, int, int, int, _BitcoinNetwork | None, int]) -> Any:
    """One partition: ``count`` indices from ``start`` of ``branch``, as pandas."""
    text, branch, start, count, network, threads = part
    table = Descriptor(text).address_table(
        start, count, branches=[branch], network=network, threads=threads
    )
    return _pandas(table)


def address_frame(
    descriptor: str | Descriptor,
    start: int,
    count: int,
    *,
    branches: Sequence[int] | None = None,
    partition_rows: int = 1_000_000,
    network: _BitcoinNetwork | None = None,
    threads: int = 1,
) -> dask.dataframe.DataFrame:
    """The outputs at indices ``start … start + count − 1`` of each branch of ``branches``
    (None: every branch) as a Dask DataFrame with ``address_table``'s columns (``branch``,
    ``index``, ``address``, ``script_pubkey``, as pandas ``ArrowDtype`` columns: ``uint32``,
    ``string`` and ``binary`` ``[pyarrow]``), branch by branch, in partitions of at most
    ``partition_rows`` indices of one branch. Each partition is derived on a worker with
    ``threads`` threads (1: Dask runs one partition per worker thread).

    A descriptor with private keys cannot be shipped to workers (it does not pickle): give
    its public form, ``str(descriptor)``, when its derivation needs no private key.
    """
    dd: Any = _need("dask.dataframe")

    parsed = descriptor if isinstance(descriptor, Descriptor) else Descriptor(descriptor)
    if parsed.has_private_keys:
        raise TypeError(
            "address_frame ships the descriptor to workers as text, and a descriptor with "
            "private keys is not shipped: give one of public keys"
        )
    for name, value in (("count", count), ("partition_rows", partition_rows), ("threads", threads)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int")
    if not 0 <= count < 2**32:
        raise OverflowError("count must be at least 0 and below 2**32")
    if partition_rows < 1:
        raise ValueError("partition_rows must be at least 1")
    if threads < 1:
        raise ValueError("threads must be at least 1")
    chosen = list(range(parsed.branch_count)) if branches is None else list(branches)
    # An empty table of the same columns: the frame's schema. It also checks start, the
    # branches and the network before anything is scheduled.
    meta = _pandas(parsed.address_table(start, 0, branches=chosen, network=network))
    rows = count if parsed.is_ranged else min(count, 1)
    if rows and parsed.is_ranged and chosen:
        # The library refuses an index past 2**31 - 1 here, before anything is scheduled.
        parsed.script_pubkeys(min(start + rows - 1, 2**32 - 1), 1, branch=chosen[0])
    text = str(parsed)
    parts: list[tuple[str, int, int, int, _BitcoinNetwork | None, int]] = []
    for branch in chosen:
        done = 0
        while done < rows:
            n = min(partition_rows, rows - done)
            parts.append((text, branch, start + done, n, network, threads))
            done += n
    if not parts:
        frame: dask.dataframe.DataFrame = dd.from_pandas(meta, npartitions=1)
        return frame
    frame = dd.from_map(_partition, parts, meta=meta, enforce_metadata=False)
    return frame


def _coin_partition(part: tuple[str, str, str, str | None, int, int, int]) -> Any:
    """One partition of ``coin_address_frame``: ``count`` indices from ``start``, as pandas."""
    text, curve, coin, kind, start, count, threads = part
    key = parse_extended_key(text, curve)  # type: ignore[arg-type]
    if not isinstance(key, ExtendedPublicKey):
        raise TypeError("coin_address_frame ships an extended public key")
    return _pandas(key.address_table(start, count, coin=coin, kind=kind, threads=threads))


def coin_address_frame(
    xpub: str | ExtendedPublicKey,
    start: int,
    count: int,
    *,
    coin: str,
    kind: str | None = None,
    partition_rows: int = 1_000_000,
    threads: int = 1,
) -> dask.dataframe.DataFrame:
    """The addresses of ``coin`` (a slug or symbol of ``fastbip32.COINS``; its default kind,
    or ``kind``) of the normal children ``start … start + count − 1`` of ``xpub`` (an
    account's extended public key, text or ``ExtendedPublicKey``; a receive chain is
    ``xpub.derive("0")``) as a Dask DataFrame with ``ExtendedPublicKey.address_table``'s
    columns (``index``, ``address``, ``public_key``, as pandas ``ArrowDtype`` columns), in
    partitions of at most ``partition_rows`` indices, each derived on a worker with
    ``threads`` threads. The key goes to the workers as its text.
    """
    dd: Any = _need("dask.dataframe")
    key = xpub if isinstance(xpub, ExtendedPublicKey) else ExtendedPublicKey.parse(xpub)
    for name, value in (("count", count), ("partition_rows", partition_rows), ("threads", threads)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int")
    if not 0 <= count < 2**32:
        raise OverflowError("count must be at least 0 and below 2**32")
    if partition_rows < 1:
        raise ValueError("partition_rows must be at least 1")
    if threads < 1:
        raise ValueError("threads must be at least 1")
    # An empty table of the same columns: the frame's schema. It also checks the coin, the
    # kind and the curve before anything is scheduled; the last index is checked too.
    meta = _pandas(key.address_table(start, 0, coin=coin, kind=kind))
    if count:
        key.derive_public_keys(min(start + count - 1, 2**32 - 1), 1)
    text = key.to_string()
    parts: list[tuple[str, str, str, str | None, int, int, int]] = []
    done = 0
    while done < count:
        n = min(partition_rows, count - done)
        parts.append((text, key.curve, coin, kind, start + done, n, threads))
        done += n
    if not parts:
        frame: dask.dataframe.DataFrame = dd.from_pandas(meta, npartitions=1)
        return frame
    frame = dd.from_map(_coin_partition, parts, meta=meta, enforce_metadata=False)
    return frame


def _search_shard(
    template: str, shard: int, shards: int, event: str, options: dict[str, Any]
) -> dict[str, Any] | None:
    """One task of ``recover``: shard ``shard`` (from 1) of ``shards``, until a match, its
    end, or another task's match (the ``event`` set). The match goes back to the client as
    the dict of its fields (a ``Recovered`` is not pickled)."""
    dist: Any = _need("distributed")
    found_elsewhere = dist.Event(event)
    found = _recover(template, shard=(shard, shards), stop=found_elsewhere.is_set, **options)
    return None if found is None else dataclasses.asdict(found)


# The options of ``recovery_space``: those that define the space ``recover`` searches.
_SPACE_OPTIONS = (
    "missing",
    "typos",
    "swaps",
    "unordered",
    "length",
    "language",
    "passphrase",
    "passphrases",
    "passphrase_rules",
)


def recover(
    template: str,
    *,
    client: distributed.Client | None = None,
    shards: int | None = None,
    threads: int = 1,
    **options: Any,
) -> Recovered | None:
    """``fastbip32.recover`` over a Dask cluster: the space in ``shards`` disjoint shards
    (default: four per worker thread), one task each with ``threads`` threads; the first
    match, with the other tasks stopped, or None when no shard matches.

    ``client`` defaults to the current one (``distributed.get_client()``). ``options`` are
    ``fastbip32.recover``'s (the target, coin, paths, ``missing``, ``passphrases``, …),
    except ``shard``, ``resume``, ``progress`` and ``stop``, which the tasks set. The
    template and options go to the workers as they are: run a search on machines you trust,
    on a network nobody else reads.
    """
    dist: Any = _need("distributed")
    for reserved in ("shard", "resume", "progress", "stop"):
        if reserved in options:
            raise TypeError(f"fastbip32.dask.recover sets {reserved} itself")
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise ValueError("threads must be an int of at least 1")
    client = client if client is not None else dist.get_client()
    if shards is None:
        cores = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        shards = 4 * max(1, cores)
    if not isinstance(shards, int) or isinstance(shards, bool) or shards < 1:
        raise ValueError("shards must be an int of at least 1")
    # The template and the options are checked here, before anything is scheduled.
    from fastbip32._recovery import recovery_space

    recovery_space(
        template,
        **{k: v for k, v in options.items() if k in _SPACE_OPTIONS},
        examples=0,
    )
    options = {**options, "threads": threads}
    event = f"fastbip32-recover-{uuid.uuid4().hex}"
    futures = [
        client.submit(_search_shard, template, k, shards, event, options, pure=False)
        for k in range(1, shards + 1)
    ]
    try:
        for future in dist.as_completed(futures, loop=client.loop):
            found: dict[str, Any] | None = future.result()
            if found is not None:
                return Recovered(**found)
        return None
    finally:
        dist.Event(event, client=client).set()
        client.cancel(futures)
