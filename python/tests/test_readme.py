"""The Python examples of README.md and python/README.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = [
    block
    for readme in (ROOT / "README.md", ROOT / "python" / "README.md")
    for block in re.findall(r"```python\n(.*?)```", readme.read_text(encoding="utf-8"), re.DOTALL)
]


def test_there_are_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_example(number: int) -> None:
    code = compile(BLOCKS[number], f"README.md python block {number}", "exec")
    exec(code, {"__name__": f"readme_{number}"})
