"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


def test_there_are_examples() -> None:
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_example(number: int) -> None:
    code = compile(BLOCKS[number], f"README.md python block {number}", "exec")
    exec(code, {"__name__": f"readme_{number}"})
