# The compiled module's private entry points that the package's Python modules call; the
# public names are typed in __init__.pyi.
from collections.abc import Callable
from typing import Any

def _recover(
    template: str,
    *,
    addresses: list[str],
    address_file: str | None,
    xpubs: list[str],
    fingerprint: str | None,
    descriptor: str | None,
    coin: str | None,
    change: str,
    path: str | None,
    accounts: int,
    gap: int,
    missing: int,
    typos: int,
    swaps: int,
    unordered: bool,
    length: int | None,
    language: str | None,
    seed: str,
    passphrases: list[str],
    passphrase_rules: str | None,
    shard: tuple[int, int] | None,
    threads: int | None,
    resume: str | None,
    progress: Callable[[dict[str, Any]], None] | None,
    stop: Callable[[], bool] | None,
) -> dict[str, Any] | None: ...
def _recovery_space(
    template: str,
    *,
    missing: int,
    typos: int,
    swaps: int,
    unordered: bool,
    length: int | None,
    language: str | None,
    passphrases: list[str],
    passphrase_rules: str | None,
    examples: int,
) -> dict[str, Any]: ...
