"""Shared helpers: the repository's vector files (``tests/data`` at the repository root)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"


def load(name: str) -> Any:
    """The JSON vector file ``tests/data/NAME``."""
    with (DATA / name).open(encoding="utf-8") as f:
        return json.load(f)


def h(text: str) -> bytes:
    """Hex to bytes."""
    return bytes.fromhex(text)
