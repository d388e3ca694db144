"""``fastbip32.recover``: the search for a partly remembered mnemonic or passphrase, over the
native engine (the GIL released while it runs), with its result as a small value type."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from fastbip32 import _native

__all__ = ["Recovered", "recover", "recovery_space"]


@dataclass(frozen=True)
class Recovered:
    """A match: the mnemonic and passphrase found, where it matched, and its index.

    ``repr()`` shows where it matched and never the mnemonic or the passphrase; the strings
    are Python objects, which Python does not wipe. Like ``Mnemonic``, it is not pickled (its
    mnemonic would end up in the pickle): pickle the fields you mean to explicitly.
    """

    mnemonic: str = field(repr=False)
    """The phrase found, its words separated by single spaces."""
    passphrase: str = field(repr=False)
    """The passphrase found ("" for none)."""
    path: str
    """The path of the key that matched (``m`` for a master fingerprint)."""
    address: str | None
    """The address that matched, written as its coin writes it, or None."""
    matched: str
    """What matched: ``"address"``, ``"xpub"``, ``"fingerprint"`` or ``"descriptor"``."""
    candidate: int
    """The candidate's number in the search space (not an address index)."""
    address_index: int | None
    """For an address match, the address's index (the path's ``*``, else its last step's
    index); None for an xpub, fingerprint or descriptor match."""
    index: int
    """Deprecated: the value of ``candidate``, to be removed in the next release."""
    language: str
    """The word list of the phrase, as ``language=`` names it (``"english"``, ``"french"``,
    …): a template whose words fit several lists is searched in each, English first."""

    def __reduce__(self) -> str | tuple[Any, ...]:
        raise TypeError(
            "a Recovered is not pickled, to keep its mnemonic and passphrase out of pickles; "
            "pickle dataclasses.asdict(found) explicitly if you mean to"
        )


def _strings(name: str, value: str | Sequence[str] | None) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, Sequence) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{name} must be a str or a sequence of str")
    return list(value)


def _rule_text(
    passphrase_rules: str | Sequence[str] | None, passphrases: Sequence[str] | None
) -> str | None:
    """The command line's ``--passphrase-rule`` text: a str as it is, a sequence of items
    joined with commas."""
    if passphrase_rules is None:
        return None
    if passphrases is not None:
        raise TypeError(
            "passphrase_rules vary the one passphrase= (the base); "
            "give passphrases= or passphrase_rules=, not both"
        )
    if isinstance(passphrase_rules, str):
        return passphrase_rules
    return ",".join(_strings("passphrase_rules", passphrase_rules))


def recover(
    template: str,
    *,
    address: str | Sequence[str] | None = None,
    addresses: str | os.PathLike[str] | None = None,
    xpub: str | Sequence[str] | None = None,
    fingerprint: str | bytes | None = None,
    descriptor: str | None = None,
    coin: str | None = None,
    change: Literal["receive", "change", "both"] = "both",
    path: str | None = None,
    accounts: int = 1,
    gap: int = 20,
    missing: int = 0,
    typos: int = 0,
    swaps: int = 0,
    unordered: bool = False,
    length: int | None = None,
    language: str | None = None,
    seed: Literal["bip39", "electrum"] = "bip39",
    passphrase: str = "",
    passphrases: Sequence[str] | None = None,
    passphrase_rules: str | Sequence[str] | None = None,
    shard: tuple[int, int] | None = None,
    threads: int | None = None,
    resume: str | os.PathLike[str] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Recovered | None:
    """Searches every candidate of ``template`` for one whose keys match the target; the
    first match, or None when no candidate of the space (or of the shard) matches.

    As ``fastbip32 recover``: a template of words, ``?`` (any word), ``{a,b,c}`` (one of a
    list) and ``ab*`` (a prefix); ``missing``, ``typos`` and ``swaps``; a ``length`` (12 to
    24) and a ``language`` (detected when None). ``unordered=True`` (``--unordered``): the
    words are known, their order is not; in the template ``^word`` keeps its place and
    ``+word`` is an extra word that may take the place of one not marked ``^`` (at most
    2**40 orders; not with ``missing``, ``typos`` or ``swaps``). ``seed`` (``--seed``) is
    ``"bip39"``, or ``"electrum"``: an Electrum v2 standard or segwit phrase (its version hash
    in place of the checksum, Electrum's seed and its paths ``m/0/*``, ``m/1/*`` (P2PKH) and
    ``m/0'/0/*``, ``m/0'/1/*`` (P2WPKH); Bitcoin only). The target is one or more of ``address``
    (one or a list), ``addresses`` (a file, one per line), ``xpub`` (compared at its own
    depth and path), ``fingerprint`` (the master key's, 8 hex digits or 4 bytes) and
    ``descriptor``. ``coin`` is a slug or symbol of ``fastbip32.COINS`` whose keys the search
    derives: ``bitcoin`` (BIP-44/49/84/86, ``accounts`` accounts, indices ``0 … gap − 1``),
    ``ethereum``, ``solana`` or ``cardano``; None: the coin of the target's addresses (an
    EVM address is Ethereum's), else ``bitcoin``. ``change`` chooses the chains of the
    standard paths: ``"receive"`` (``/0/*``), ``"change"`` (``/1/*``) or ``"both"``, as the
    tool's ``--change``. ``path`` overrides the paths, with ``*`` for the gap. The passphrase
    is ``passphrase``, or one of ``passphrases``, or one of the variants of ``passphrase``
    that ``passphrase_rules`` give (``--passphrase-rule``): a str as the tool takes it
    (``"case,digits:0-2"``; ``"mask"`` makes ``passphrase`` a hashcat-style mask with ``?l``,
    ``?u``, ``?d``, ``?s``, ``?a``, ``??``), or a sequence of its items (``["case",
    "digits:0-2"]``, joined with commas): ``case``, ``subst``, ``typos:N``,
    ``alphabet:SPEC``, ``digits:A-B``, ``years:A-B``. The variants are counted before the
    search and taken by index, so ``shard`` and ``resume`` split them as a list.

    ``shard=(k, n)`` searches the k-th of n disjoint parts of the space (k from 1 to n, as
    the tool's ``--shard K/N``). ``threads`` defaults to every core (at most 1024).
    ``resume`` names a checkpoint file of finished ranges, read when it exists and written as
    the search goes. It belongs to one search: resuming with another template, word list,
    passphrase list, target, coin, paths, gap or accounts raises ``RecoveryError`` (kind
    ``CheckpointChanged``, naming what changed). ``progress`` is called about
    five times a second with counts (``examined``, ``total``, ``passed``, ``rate``,
    ``eta``), never a candidate; ``stop``, called as often, ends the search (None is
    returned) when it returns True. Ctrl-C ends it with ``KeyboardInterrupt``, after the
    checkpoint is written.

    Raises ``fastbip32.Error`` (``.kind``: ``UnknownWord``, ``TooManyUnknownWords``,
    ``UnknownCoin``, ``UnknownChange``, ``SeveralCoins``, …) for a bad template, target, coin or
    combination of options; a phrase too short names ``missing=N``, a word outside the list its
    nearest words and ``typos=1``. Bad passphrase rules raise ``fastbip32.RecoveryError``
    (``.kind``: ``InvalidRule``, ``DuplicateRule``, ``AlphabetWithoutTypos``,
    ``InvalidMaskClass``, ``TooLong``, ``TooManyVariants``, ``CountOverflow``), an unknown
    ``seed`` kind ``UnknownSeedKind``, ``seed="electrum"`` on another coin ``ElectrumCoin``;
    ``passphrase_rules`` with ``passphrases`` raise ``TypeError``.
    """
    for name, value in (("accounts", accounts), ("gap", gap), ("missing", missing)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int")
    if addresses is not None and not isinstance(addresses, (str, os.PathLike)):
        raise TypeError(
            "addresses is a file of addresses, one per line (a path); "
            "pass the addresses themselves as address=[...]"
        )
    rules = _rule_text(passphrase_rules, passphrases)
    listed = _strings("passphrases", passphrases) if passphrases is not None else [passphrase]
    if isinstance(fingerprint, bytes):
        fingerprint = fingerprint.hex()
    found = _native._recover(
        template,
        addresses=_strings("address", address),
        address_file=None if addresses is None else os.fspath(addresses),
        xpubs=_strings("xpub", xpub),
        fingerprint=fingerprint,
        descriptor=descriptor,
        coin=coin,
        change=change,
        path=path,
        accounts=accounts,
        gap=gap,
        missing=missing,
        typos=typos,
        swaps=swaps,
        unordered=unordered,
        length=length,
        language=language,
        seed=seed,
        passphrases=listed,
        passphrase_rules=rules,
        shard=shard,
        threads=threads,
        resume=None if resume is None else os.fspath(resume),
        progress=progress,
        stop=stop,
    )
    if found is None:
        return None
    return Recovered(**found)


def recovery_space(
    template: str,
    *,
    missing: int = 0,
    typos: int = 0,
    swaps: int = 0,
    unordered: bool = False,
    length: int | None = None,
    language: str | None = None,
    passphrase: str = "",
    passphrases: Sequence[str] | None = None,
    passphrase_rules: str | Sequence[str] | None = None,
    examples: int = 5,
) -> dict[str, Any]:
    """What ``recover`` would search, as ``fastbip32 recover --dry-run`` prints it:
    ``size`` (the candidates), ``checksum_passing`` (those that pass the BIP-39 checksum),
    ``exact`` (False when that count is an estimate) and ``examples`` (the first
    ``examples`` checksum-passing candidates, as phrases: secrets, for checking the
    template). The template and passphrase options are ``recover``'s."""
    rules = _rule_text(passphrase_rules, passphrases)
    listed = _strings("passphrases", passphrases) if passphrases is not None else [passphrase]
    space: dict[str, Any] = _native._recovery_space(
        template,
        missing=missing,
        typos=typos,
        swaps=swaps,
        unordered=unordered,
        length=length,
        language=language,
        passphrases=listed,
        passphrase_rules=rules,
        examples=examples,
    )
    return space
