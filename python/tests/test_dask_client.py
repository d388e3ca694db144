"""``fastbip32.dask.recover`` with a ``client`` that is not the process's default one (a
``Client(..., set_as_default=False)``, as a program with several clusters makes): the search
waits on that client's own event loop."""

from __future__ import annotations

from typing import Any

import pytest

import fastbip32.dask as fbd

distributed = pytest.importorskip("distributed")


def test_recover_through_a_client_that_is_not_the_default() -> None:
    # BIP-84's published vector with its last word unknown; its first receive address.
    template = "abandon " * 11 + "?"
    target = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):
        with pytest.raises(ValueError, match="No clients found"):
            distributed.default_client()
        found: Any = fbd.recover(
            template, client=client, shards=4, address=target, gap=1, language="english"
        )
    assert found is not None
    assert found.mnemonic == "abandon " * 11 + "about"
    assert found.path == "m/84'/0'/0'/0/0"
