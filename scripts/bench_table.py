#!/usr/bin/env python3
"""Turn one `cargo bench` run of the benches crate into markdown tables for README.

Reads criterion's results, `$CARGO_TARGET_DIR/criterion/**/new/{benchmark,estimates}.json`
(median point estimates), and prints:

* a header: machine (lscpu model name, nproc), rustc version, the bench command;
* a summary: per derive/path group, fastbip32's median, the best peer, ours ÷ best peer, the
  floor and ours ÷ floor;
* one table per group: implementation, median, peer ÷ fastbip32, and for derive groups the
  floor rows (sums of primitive medians from the `floor/…` groups of the same run, by the
  recipes of ../shared/PEERS.md "Floor").

Usage (from the repository root or anywhere):

    cd benches && CARGO_TARGET_DIR=/tmp/target-benches cargo bench 2>&1 | tee /tmp/bench-run.txt
    CARGO_TARGET_DIR=/tmp/target-benches python3 scripts/bench_table.py > /tmp/bench-table.md

Options: --criterion-dir DIR (default: $CARGO_TARGET_DIR/criterion, else benches/target/
criterion), --command TEXT (the bench command to print in the header).

Standard library only. Run by hand, not by CI.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

OURS = "fastbip32"

DEFAULT_COMMAND = (
    "cd benches && CARGO_TARGET_DIR=/tmp/target-benches cargo bench"
)

# Groups in reading order; anything else found is appended alphabetically.
ORDER = [
    "derive/secp256k1_m44h_0h_0h_0_0",
    "derive/ed25519_m44h_0h_0h_0h_0h",
    "derive/nist256p1_m44h_0h_0h_0_0",
    "derive/ed25519bip32_m1852h_1815h_0h_0_0",
    "derive/ed25519bip32_1000_xpub_children",
    "path/parse_display",
    "floor/hmac_sha512",
    "floor/hmac_sha512_keyed",
    "floor/sha512_compress",
    "floor/secp256k1_mul_base",
    "floor/p256_mul_base",
    "floor/ed25519_mul_base",
    "floor/secp256k1_scalar_add",
    "floor/p256_scalar_add",
    "floor/hash160",
    "floor/base58check_78",
]

DESCRIPTIONS = {
    "derive/secp256k1_m44h_0h_0h_0_0": "BIP-32 secp256k1: 64-byte seed → m/44'/0'/0'/0/0 (private key)",
    "derive/ed25519_m44h_0h_0h_0h_0h": "SLIP-10 ed25519: 64-byte seed → m/44'/0'/0'/0'/0' (private key)",
    "derive/nist256p1_m44h_0h_0h_0_0": "SLIP-10 NIST P-256: 64-byte seed → m/44'/0'/0'/0/0 (private key)",
    "derive/ed25519bip32_m1852h_1815h_0h_0_0": "BIP32-Ed25519 (V2): 96-byte root → m/1852'/1815'/0'/0/0 (private key)",
    "derive/ed25519bip32_1000_xpub_children": "BIP32-Ed25519 (V2): XPub of m/1852'/1815'/0'/0 → soft children 0…999 (time per 1000)",
    "path/parse_display": "Path parse + display of \"m/44'/0'/0'/0/0\" (printed into a stack buffer)",
    "floor/hmac_sha512": "HMAC-SHA512, 32-byte key, 37-byte message, key setup included",
    "floor/hmac_sha512_keyed": "HMAC-SHA512 from a precomputed keyed state (message part only)",
    "floor/sha512_compress": "One SHA-512 compression (128-byte block)",
    "floor/secp256k1_mul_base": "secp256k1 [k]G, compressed (ffi: libsecp256k1 without per-call re-randomisation)",
    "floor/p256_mul_base": "NIST P-256 [k]G, compressed",
    "floor/ed25519_mul_base": "ed25519 [k]B of a clamped scalar, compressed",
    "floor/secp256k1_scalar_add": "secp256k1 scalar add mod n (parse + add + serialize)",
    "floor/p256_scalar_add": "NIST P-256 scalar add mod n (parse + add + serialize)",
    "floor/hash160": "hash160 (SHA-256 then RIPEMD-160) of 33 bytes",
    "floor/base58check_78": "Base58Check of 78 bytes (→ 111 characters), onto a stack buffer",
}

HMAC = ("floor/hmac_sha512", "hmac+sha2")
HMAC_KEYED = ("floor/hmac_sha512_keyed", "hmac+sha2")
SECP_MUL = ("floor/secp256k1_mul_base", "secp256k1-ffi")
SECP_ADD = ("floor/secp256k1_scalar_add", "secp256k1")
P256_MUL = ("floor/p256_mul_base", "aws-lc-rs")
P256_ADD = ("floor/p256_scalar_add", "p256")
ED_MUL = ("floor/ed25519_mul_base", "curve25519-dalek")

# PEERS.md "Floor": each floor is a sum of primitive medians. The last recipe of a group is
# the one the speed targets are stated against (the master key's HMAC state is a constant,
# so it costs one keyed HMAC instead of one full HMAC).
FLOORS: dict[str, list[tuple[str, str, list[tuple[int, tuple[str, str]]]]]] = {
    "derive/secp256k1_m44h_0h_0h_0_0": [
        ("floor", "6 HMAC + 2 [k]G + 5 scalar adds", [(6, HMAC), (2, SECP_MUL), (5, SECP_ADD)]),
        (
            "floor with static master HMAC state",
            "… with a static \"Bitcoin seed\" HMAC state: 5 HMAC + 1 keyed HMAC + 2 [k]G + 5 adds",
            [(5, HMAC), (1, HMAC_KEYED), (2, SECP_MUL), (5, SECP_ADD)],
        ),
    ],
    "derive/ed25519_m44h_0h_0h_0h_0h": [
        ("floor", "6 HMAC", [(6, HMAC)]),
        ("floor with static master HMAC state", "… with a static \"ed25519 seed\" HMAC state: 5 HMAC + 1 keyed HMAC", [(5, HMAC), (1, HMAC_KEYED)]),
    ],
    "derive/nist256p1_m44h_0h_0h_0_0": [
        ("floor", "6 HMAC + 2 [k]G (aws-lc) + 5 scalar adds (p256)", [(6, HMAC), (2, P256_MUL), (5, P256_ADD)]),
        (
            "floor with static master HMAC state",
            "… with a static \"Nist256p1 seed\" HMAC state: 5 HMAC + 1 keyed HMAC + 2 [k]G + 5 adds",
            [(5, HMAC), (1, HMAC_KEYED), (2, P256_MUL), (5, P256_ADD)],
        ),
    ],
    "derive/ed25519bip32_m1852h_1815h_0h_0_0": [
        (
            "floor",
            "5 × (HMAC + keyed HMAC: Z and I share the key) + 2 [kL]B (curve25519-dalek)",
            [(5, HMAC), (5, HMAC_KEYED), (2, ED_MUL)],
        ),
    ],
    "derive/ed25519bip32_1000_xpub_children": [
        (
            "floor",
            "1000 × (2 keyed HMAC + [8·ZL]B); parent chain-code state shared, point addition ignored",
            [(2000, HMAC_KEYED), (1000, ED_MUL)],
        ),
    ],
}


def fmt_time(ns: float) -> str:
    """A median in ns/µs/ms with three significant digits."""
    for unit, scale in (("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}" if ns / scale < 1000 else f"{ns / scale:,.0f} {unit}"
    return f"{ns:.3g} ns"


def fmt_ratio(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:.2f}" if x < 10 else f"{x:.1f}"


def run(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return ""


def machine() -> str:
    model = ""
    for line in run(["lscpu"]).splitlines():
        if line.startswith("Model name:"):
            model = line.split(":", 1)[1].strip()
            break
    if not model:
        model = platform.processor() or platform.machine()
    nproc = run(["nproc"]) or str(os.cpu_count())
    return f"{model}, nproc = {nproc}, {platform.system()} {platform.release()}"


def default_dir(script: Path) -> Path:
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return Path(target) / "criterion"
    for candidate in (script.parent.parent / "benches" / "target" / "criterion",
                      script.parent.parent / "target" / "criterion"):
        if candidate.is_dir():
            return candidate
    return script.parent.parent / "benches" / "target" / "criterion"


def load(root: Path) -> tuple[dict[str, dict[str, float]], list[float]]:
    """{group: {function: median ns}} and the results' modification times."""
    results: dict[str, dict[str, float]] = {}
    mtimes: list[float] = []
    for bench in sorted(root.glob("**/new/benchmark.json")):
        estimates = bench.with_name("estimates.json")
        if not estimates.is_file():
            continue
        meta = json.loads(bench.read_text())
        est = json.loads(estimates.read_text())
        group = meta.get("group_id")
        function = meta.get("function_id") or meta.get("value_str") or ""
        median = est["median"]["point_estimate"]
        results.setdefault(group, {})[function] = median
        mtimes.append(estimates.stat().st_mtime)
    return results, mtimes


def floor_value(results: dict[str, dict[str, float]], recipe) -> float | None:
    total = 0.0
    for count, (group, function) in recipe:
        value = results.get(group, {}).get(function)
        if value is None:
            return None
        total += count * value
    return total


def main() -> int:
    script = Path(__file__).resolve()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--criterion-dir", type=Path, default=None)
    ap.add_argument("--command", default=DEFAULT_COMMAND, help="the bench command, for the header")
    args = ap.parse_args()

    root = args.criterion_dir or default_dir(script)
    if not root.is_dir():
        print(f"bench_table.py: no criterion results in {root} (run `cargo bench` first, "
              "with the same CARGO_TARGET_DIR)", file=sys.stderr)
        return 1
    results, mtimes = load(root)
    if not results:
        print(f"bench_table.py: no new/benchmark.json under {root}", file=sys.stderr)
        return 1

    first, last = min(mtimes), max(mtimes)
    if last - first > 45 * 60:
        print(f"bench_table.py: warning: results span {(last - first) / 60:.0f} minutes; "
              "they may come from more than one run", file=sys.stderr)
    stamp = lambda t: dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")  # noqa: E731

    out: list[str] = []
    out.append("## Benchmarks")
    out.append("")
    out.append(f"* Machine: {machine()}")
    out.append(f"* Toolchain: {run(['rustc', '--version']) or 'rustc: unknown'}"
               f" (default target, no `-C target-cpu=native`)")
    out.append(f"* Command: `{args.command}`, then `python3 scripts/bench_table.py`")
    out.append(f"* Results: criterion medians from {root}, written {stamp(first)} – {stamp(last)}")
    out.append("* Ratios: `÷ fastbip32` = that row's median ÷ fastbip32's (above 1: fastbip32 is faster). "
               "Floors are sums of primitive medians from the same run (recipes in shared/PEERS.md, \"Floor\"); "
               "the summary's floor is each group's last (lowest) recipe, the one the speed targets use.")
    out.append("")

    groups = [g for g in ORDER if g in results] + sorted(g for g in results if g not in ORDER)

    # Summary.
    out.append("| operation | fastbip32 | best peer | fastbip32 ÷ best peer | floor | fastbip32 ÷ floor |")
    out.append("|---|--:|---|--:|--:|--:|")
    for group in groups:
        if group.startswith("floor/"):
            continue
        rows = results[group]
        ours = rows.get(OURS)
        peers = {k: v for k, v in rows.items() if k != OURS}
        best = min(peers.items(), key=lambda kv: kv[1]) if peers else None
        recipes = FLOORS.get(group, [])
        floor = floor_value(results, recipes[-1][2]) if recipes else None
        out.append("| {} | {} | {} | {} | {} | {} |".format(
            group,
            fmt_time(ours) if ours is not None else "—",
            f"{best[0]} {fmt_time(best[1])}" if best else "—",
            fmt_ratio(ours / best[1]) if ours is not None and best else "—",
            fmt_time(floor) if floor is not None else "—",
            fmt_ratio(ours / floor) if ours is not None and floor else "—",
        ))
    out.append("")

    # One table per group.
    for group in groups:
        rows = results[group]
        ours = rows.get(OURS)
        out.append(f"### {group}")
        out.append("")
        if group in DESCRIPTIONS:
            out.append(DESCRIPTIONS[group])
            out.append("")
        out.append("| implementation | median | ÷ fastbip32 |")
        out.append("|---|--:|--:|")
        ordered = sorted(rows.items(), key=lambda kv: (kv[0] != OURS, kv[1]))
        for name, median in ordered:
            ratio = median / ours if ours else None
            label = f"**{name}**" if name == OURS else name
            out.append(f"| {label} | {fmt_time(median)} | {fmt_ratio(ratio)} |")
        for _, label, recipe in FLOORS.get(group, []):
            value = floor_value(results, recipe)
            if value is None:
                continue
            out.append(f"| *floor: {label}* | {fmt_time(value)} | {fmt_ratio(value / ours if ours else None)} |")
        peers = {k: v for k, v in rows.items() if k != OURS}
        notes = []
        if ours is not None and peers:
            best_name, best = min(peers.items(), key=lambda kv: kv[1])
            notes.append(f"fastbip32 ÷ best peer ({best_name}) = **{fmt_ratio(ours / best)}**")
        recipes = FLOORS.get(group, [])
        if ours is not None and recipes:
            for short, _, recipe in recipes:
                value = floor_value(results, recipe)
                if value:
                    notes.append(f"fastbip32 ÷ {short} = **{fmt_ratio(ours / value)}**")
        if ours is None and not group.startswith("floor/"):
            notes.append("no fastbip32 row in this run")
        if notes:
            out.append("")
            out.append("; ".join(notes) + ".")
        out.append("")

    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
