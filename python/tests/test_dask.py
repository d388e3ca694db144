"""``fastbip32.dask`` on a real ``dask.distributed`` cluster: a ``LocalCluster`` of two worker
processes; 10**6 addresses compared with ``address_table``, and a join against a list of
target addresses."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pyarrow as pa
import pytest

import fastbip32 as fb
import fastbip32.dask as fbd

distributed = pytest.importorskip("distributed")

SEED = bytes(range(32))
XPUB = fb.ExtendedPrivateKey.from_seed(SEED).derive("m/84'/0'/0'").to_xpub()
TEXT = f"wpkh({XPUB}/<0;1>/*)"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_a_million_addresses(client: Any) -> None:
    count = 500_000  # per branch: 10**6 rows in all
    frame: Any = fbd.address_frame(TEXT, 0, count, partition_rows=125_000)
    assert frame.npartitions == 8
    assert list(frame.columns) == ["branch", "index", "address", "script_pubkey"]
    got = frame.compute().reset_index(drop=True)
    expected = fb.Descriptor(TEXT).address_table(0, count).to_pandas(types_mapper=pd.ArrowDtype)
    assert len(got) == 10**6
    pd.testing.assert_frame_equal(got, expected)
    # Both workers took part.
    assert len(client.scheduler_info()["workers"]) == 2


def test_join_against_targets(client: Any) -> None:
    d = fb.Descriptor(TEXT)
    # Targets: a few addresses of the range (both branches), and some that are not in it.
    hits = [(0, 7), (0, 99_999), (1, 0), (1, 54_321)]
    targets = [d.addresses(i, 1, b)[0] for b, i in hits]
    targets += fb.Descriptor(f"wpkh({XPUB}/5/*)").addresses(0, 3)
    frame: Any = fbd.address_frame(d, 0, 100_000, partition_rows=40_000)
    wanted = pd.DataFrame({"address": pd.array(targets, dtype=pd.ArrowDtype(pa.string()))})
    joined = frame.merge(wanted, on="address").compute()
    found = sorted(zip(joined["branch"].tolist(), joined["index"].tolist()))
    assert found == sorted(hits)


def test_frames_of_every_shape(client: Any) -> None:
    d = fb.Descriptor(TEXT)
    frames: Any = fbd.address_frame
    one = frames(d, 10, 5, branches=[1]).compute()
    assert one["address"].tolist() == d.addresses(10, 5, 1)
    empty = frames(d, 0, 0).compute()
    assert len(empty) == 0 and list(empty.columns) == list(one.columns)
    with pytest.raises(fb.DescriptorError):
        fbd.address_frame(d, 2**31 - 2, 5)
    with pytest.raises(fb.DescriptorError):
        fbd.address_frame(d, 0, 5, branches=[3])
    private = fb.ExtendedPrivateKey.from_seed(SEED)
    with pytest.raises(TypeError):
        fbd.address_frame(f"wpkh({private}/0/*)", 0, 5)
    # What is shipped to the workers: the descriptor's text.
    assert pickle.loads(pickle.dumps(d)).addresses(0, 2) == d.addresses(0, 2)


def test_recover_on_two_workers(client: Any) -> None:
    # BIP-84's published vector with two words unknown; its first receive address.
    template = "? abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ?"
    target = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"
    found = fbd.recover(
        template, client=client, shards=8, address=target, gap=1, language="english"
    )
    assert found is not None
    assert found.mnemonic == "abandon " * 11 + "about"
    assert found.path == "m/84'/0'/0'/0/0"
    wrong = fb.Descriptor(TEXT).addresses(0, 1)[0]  # another wallet's address
    missed = fbd.recover(
        "abandon " * 11 + "?", client=client, address=wrong, gap=1, language="english"
    )
    assert missed is None
    with pytest.raises(TypeError):
        fbd.recover(template, client=client, address=target, shard=(0, 2))
