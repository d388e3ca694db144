#!/usr/bin/env python3
"""Checks that the imports of the trees in scripts/layers.toml (`src/`, `cli/src`, `python/src`,
`wasm/src`) follow its layer table.

The table is the one list of layers: lowest layer first, and inside each layer its modules,
lowest first. A module (one `.rs` file) may import from a lower layer, and from a module listed
before it in its own layer; nothing else. A parent imports its children (`mod child;` is an
import, and so is every use of a child), so a parent stands after its children in the table,
and a child that imports its parent is always reported, as a cycle: an item the children share
lives in a child of its own, and the parent declares and re-exports.

What is checked, tree by tree:
- every `.rs` file is in exactly one layer, and every entry of the table names a file;
- no import points upwards or to a later module of the same layer;
- no cycle: the strongly connected components of the import graph (Tarjan), each reported with
  its members and the imports that form it;
- ARCHITECTURE.md's table under the tree's heading lists the same layers with the same
  top-level modules in the same order, and so does the `# Layers` list of the crate docs
  (with the `// N. …` groups of the `mod` declarations there).

An import is any path that starts with `crate::`, `self::`, `super::` (or the crate's own name,
from a binary), in a `use` declaration anywhere in the file (functions included) or in an
expression, plus paths (in `use` or in expressions) that start with a child module or a name
imported before. Paths
through re-exports (`pub use`) resolve to the file that defines the item. Comments, string and
character literals, `pub(in …)` visibilities and `#[cfg(test)] mod tests { … }` blocks (found by
brace matching) do not count.

Exits 1 and names file:line of each violation.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tomllib
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TABLE = os.path.join(HERE, "layers.toml")


# --- Lexing -------------------------------------------------------------------------------------

_RAW_STRING = re.compile(r'(?:b|c)?r(#*)"')
_TOKEN = re.compile(r"\$?[A-Za-z_][A-Za-z0-9_]*|::|\S")


def _ident_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def strip_code(src: str) -> str:
    """`src` with comments and the contents of string and character literals replaced by
    spaces. Lengths and newlines are kept, so offsets and line numbers stay valid."""
    out = list(src)
    n = len(src)

    def wipe(a: int, b: int) -> None:
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    i = 0
    while i < n:
        c = src[i]
        if c == "/" and src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
            continue
        if c == "/" and src.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                    if depth == 0:
                        break
                else:
                    j += 1
            wipe(i, j)
            i = j
            continue
        before_ident = i > 0 and _ident_char(src[i - 1])
        if c in "bcr" and not before_ident:
            m = _RAW_STRING.match(src, i)
            if m:
                close = '"' + m.group(1)
                end = src.find(close, m.end())
                j = n if end < 0 else end + len(close)
                wipe(i, j)
                i = j
                continue
        if c == '"' or (c in "bc" and not before_ident and src.startswith('"', i + 1)):
            j = i + (1 if c == '"' else 2)
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            wipe(i, j + 1)
            i = j + 1
            continue
        if c == "'":
            if src.startswith("\\", i + 1):
                end = src.find("'", i + 3)
                j = n if end < 0 else end + 1
                wipe(i, j)
                i = j
                continue
            if i + 2 < n and src[i + 2] == "'" and src[i + 1] != "\n":
                wipe(i, i + 3)
                i += 3
                continue
        i += 1
    return "".join(out)


def _matching(code: str, open_at: int, opening: str, closing: str) -> int:
    """The offset just past the bracket that closes the one at `open_at`."""
    depth = 0
    for k in range(open_at, len(code)):
        if code[k] == opening:
            depth += 1
        elif code[k] == closing:
            depth -= 1
            if depth == 0:
                return k + 1
    return len(code)


_MOD_BLOCK = re.compile(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{")
_VISIBILITY_END = re.compile(r"\bpub\s*(?:\([^()]*\))?\s*$")
_TEST_CFG = re.compile(
    r"^#\[\s*cfg\s*\(\s*(?:test\s*\)|all\s*\((?:[^()]|\([^()]*\))*?\btest\b)", re.S
)


def _attributes_before(code: str, at: int) -> list[str]:
    """The outer attributes (`#[…]`) just before offset `at`, past any visibility."""
    head = code[:at].rstrip()
    m = _VISIBILITY_END.search(head)
    if m:
        head = head[: m.start()].rstrip()
    attrs = []
    while head.endswith("]"):
        depth, k = 0, len(head) - 1
        while k >= 0:
            if head[k] == "]":
                depth += 1
            elif head[k] == "[":
                depth -= 1
                if depth == 0:
                    break
            k -= 1
        if k <= 0 or head[k - 1] != "#":
            break
        attrs.append(head[k - 1 :])
        head = head[: k - 1].rstrip()
    return attrs


@dataclass
class Block:
    """An inline `mod NAME { … }` block: offsets of its body."""

    name: str
    start: int
    end: int
    is_tests: bool


def module_blocks(code: str) -> list[Block]:
    """The inline module blocks of stripped code; `is_tests` for `#[cfg(test)] mod tests`."""
    blocks = []
    for m in _MOD_BLOCK.finditer(code):
        end = _matching(code, m.end() - 1, "{", "}")
        is_tests = m.group(1) == "tests" and any(
            _TEST_CFG.match(a) for a in _attributes_before(code, m.start())
        )
        blocks.append(Block(m.group(1), m.end(), end, is_tests))
    return blocks


# --- One file's paths -----------------------------------------------------------------------------


@dataclass
class PathRef:
    """A path as written: its segments, the inline modules around it, where it stands."""

    segments: list[str]
    scope: list[str]
    line: int
    text: str
    in_use: bool
    alias: str | None = None
    glob: bool = False

    @property
    def bound_name(self) -> str | None:
        """The name a `use` of this path brings into scope."""
        if self.glob or not self.in_use:
            return None
        return self.alias or self.segments[-1]


@dataclass
class Parsed:
    """What the checker reads from one file."""

    paths: list[PathRef]
    inline_modules: set[str]
    definitions: set[str]


_DEFINITION = re.compile(
    r"\b(?:fn|struct|enum|union|trait|type|const|static|mod)\s+([A-Za-z_][A-Za-z0-9_]*)"
    r"|\bmacro_rules!\s*([A-Za-z_][A-Za-z0-9_]*)"
)
_PREFIX = {"crate", "self", "super", "$crate"}
_CHILD_MOD = re.compile(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;")


def parse_file(src: str, crate_names: frozenset[str] = frozenset()) -> Parsed:
    """The import paths of one Rust file, outside its `#[cfg(test)] mod tests` blocks."""
    code = strip_code(src)
    blocks = module_blocks(code)
    tests = [b for b in blocks if b.is_tests]
    # Blank the test modules (keeping newlines), then work on what is left.
    chars = list(code)
    for b in tests:
        for k in range(b.start, b.end):
            if chars[k] != "\n":
                chars[k] = " "
    code = "".join(chars)
    scopes = [b for b in blocks if not b.is_tests and not any(t.start <= b.start < t.end for t in tests)]
    line_starts = [0] + [m.end() for m in re.finditer("\n", code)]

    def line_of(offset: int) -> int:
        lo, hi = 0, len(line_starts)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid
        return lo + 1

    def scope_at(offset: int) -> list[str]:
        return [b.name for b in scopes if b.start <= offset < b.end]

    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(code)]
    prefixes = _PREFIX | crate_names
    paths: list[PathRef] = []
    named: list[PathRef] = []
    i = 0
    while i < len(tokens):
        tok, pos = tokens[i]
        if tok == "use" and (i == 0 or tokens[i - 1][0] != "::"):
            j = i + 1
            while j < len(tokens) and tokens[j][0] != ";":
                j += 1
            leaves: list[tuple[list[str], str | None, bool, int]] = []
            _use_tree(tokens, i + 1, j, [], leaves)
            scope = scope_at(pos)
            for segs, alias, glob, at in leaves:
                if segs and segs[-1] == "self":
                    segs = segs[:-1]
                text = "::".join(segs) + ("::*" if glob else "")
                if segs:
                    paths.append(PathRef(segs, scope, line_of(at), text, True, alias, glob))
            i = j + 1
            continue
        if tok == "pub" and i + 2 < len(tokens) and tokens[i + 1][0] == "(" and tokens[i + 2][0] == "in":
            while i < len(tokens) and tokens[i][0] != ")":
                i += 1
            continue
        if tok in prefixes and i + 1 < len(tokens) and tokens[i + 1][0] == "::" and (
            i == 0 or tokens[i - 1][0] != "::"
        ):
            segs = [tok]
            j = i + 1
            while j + 1 < len(tokens) and tokens[j][0] == "::" and _is_ident(tokens[j + 1][0]):
                segs.append(tokens[j + 1][0])
                j += 2
            paths.append(PathRef(segs, scope_at(pos), line_of(pos), "::".join(segs), False))
            i = j
            continue
        if (
            _is_ident(tok)
            and i + 2 < len(tokens)
            and tokens[i + 1][0] == "::"
            and _is_ident(tokens[i + 2][0])
            and (i == 0 or tokens[i - 1][0] not in ("::", "."))
        ):
            # A path that starts with a plain name: an import if the name is a child module or
            # a name brought in by a `use` (kept below once the `use` paths are known).
            segs = [tok]
            j = i + 1
            while j + 1 < len(tokens) and tokens[j][0] == "::" and _is_ident(tokens[j + 1][0]):
                segs.append(tokens[j + 1][0])
                j += 2
            named.append(PathRef(segs, scope_at(pos), line_of(pos), "::".join(segs), False))
            i = j
            continue
        i += 1

    # Items of the file's modules: definitions at the brace depth of their module.
    depth_at = []
    depth = 0
    for c in code:
        depth_at.append(depth)
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
    definitions = {
        m.group(1) or m.group(2)
        for m in _DEFINITION.finditer(code)
        if depth_at[m.start()] == len(scope_at(m.start()))
    }
    children = {b.name for b in scopes}
    for m in _CHILD_MOD.finditer(code):
        # Declaring a child is an import of it: the parent is made of its children.
        children.add(m.group(1))
        at = m.start()
        paths.append(PathRef(["self", m.group(1)], scope_at(at), line_of(at), f"mod {m.group(1)}", False))
    bound = {p.bound_name for p in paths if p.bound_name}
    paths += [p for p in named if p.segments[0] in children or p.segments[0] in bound]
    return Parsed(paths, {b.name for b in scopes}, definitions)


def _is_ident(tok: str) -> bool:
    return bool(re.fullmatch(r"\$?[A-Za-z_][A-Za-z0-9_]*", tok))


def _use_tree(tokens, i, end, prefix, leaves) -> int:
    """Parses one use tree at token `i` (not past `end`) into `leaves`; returns the next index."""
    segs = list(prefix)
    if i < end and tokens[i][0] == "::":
        i += 1
    while i < end:
        tok, pos = tokens[i]
        if tok == "{":
            i += 1
            while i < end and tokens[i][0] != "}":
                i = _use_tree(tokens, i, end, segs, leaves)
                if i < end and tokens[i][0] == ",":
                    i += 1
            return i + 1
        if tok == "*":
            leaves.append((segs, None, True, pos))
            return i + 1
        if _is_ident(tok):
            segs = segs + [tok]
            if i + 1 < end and tokens[i + 1][0] == "::":
                i += 2
                continue
            alias = None
            if i + 2 < end and tokens[i + 1][0] == "as":
                alias = tokens[i + 2][0]
                i += 2
            leaves.append((segs, alias, False, pos))
            return i + 1
        return i + 1
    return i


# --- A tree of files ------------------------------------------------------------------------------


@dataclass
class Import:
    """One edge of the import graph: file `src` imports module `dst` at `line`."""

    src: str
    dst: str
    line: int
    text: str


@dataclass
class Tree:
    """The files of one crate directory, keyed by module path (`curve/secp256k1`, `lib`)."""

    directory: str
    library: str
    binaries: list[str]
    crate_name: str
    files: dict[str, Parsed] = field(default_factory=dict)
    paths: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, directory: str, library: str = "lib", binaries=(), crate_name: str = "") -> "Tree":
        tree = cls(directory, library, list(binaries), crate_name)
        for dirpath, dirnames, names in os.walk(directory):
            dirnames.sort()
            for name in sorted(names):
                if not name.endswith(".rs"):
                    continue
                full = os.path.join(dirpath, name)
                key = os.path.relpath(full, directory)[:-3].replace(os.sep, "/")
                tree.paths[key] = full
                with open(full, encoding="utf-8") as f:
                    text = f.read()
                names_of_crate = frozenset({crate_name}) if crate_name and key in binaries else frozenset()
                tree.files[key] = parse_file(text, names_of_crate)
        return tree

    def module_segments(self, key: str) -> list[str]:
        return [] if key == self.library or key in self.binaries else key.split("/")

    def root_of(self, key: str) -> str:
        return key if key in self.binaries else self.library

    def file_of(self, root: str, segments: list[str]) -> tuple[str, list[str]]:
        """The file that holds the module `segments` below `root`, and the rest of the path."""
        if root in self.binaries:
            return root, segments
        for k in range(len(segments), 0, -1):
            key = "/".join(segments[:k])
            if key in self.files:
                return key, segments[k:]
        return self.library, segments

    def absolute(self, key: str, path: PathRef) -> tuple[str, list[str]] | None:
        """The root and the segments from that crate root of `path` written in file `key`,
        or None for a path into another crate."""
        here = self.module_segments(key) + path.scope
        segs = path.segments
        first = segs[0]
        if first in ("crate", "$crate"):
            return self.root_of(key), segs[1:]
        if self.crate_name and first == self.crate_name and key in self.binaries:
            return self.library, segs[1:]
        if first in ("self", "super"):
            base = list(here)
            rest = list(segs)
            if rest[0] == "self":
                rest = rest[1:]
            while rest and rest[0] == "super":
                base = base[:-1]
                rest = rest[1:]
            return self.root_of(key), base + rest
        # A path that starts with a child module or with a name imported before.
        child = "/".join(here + [first])
        parsed = self.files.get(key)
        if parsed is None:
            return None
        if child in self.files or (first in parsed.inline_modules):
            return self.root_of(key), here + segs
        for other in parsed.paths:
            if other is not path and other.bound_name == first and other.segments[0] != first:
                target = self.absolute(key, other)
                if target is not None:
                    return target[0], target[1] + segs[1:]
        return None

    def resolve(self, root: str, segments: list[str], seen=None) -> str:
        """The file that defines what `segments` names, following `use` re-exports."""
        key, rest = self.file_of(root, segments)
        parsed = self.files.get(key)
        if parsed is None:
            return key
        while rest and rest[0] in parsed.inline_modules:
            rest = rest[1:]
        if not rest:
            return key
        name = rest[0]
        if name in parsed.definitions:
            return key
        seen = set() if seen is None else seen
        if (key, name) in seen:
            return key
        seen.add((key, name))
        for p in parsed.paths:
            if p.in_use and not p.glob and p.bound_name == name:
                target = self.absolute(key, p)
                if target is not None:
                    return self.resolve(target[0], target[1] + rest[1:], seen)
        for p in parsed.paths:
            if p.in_use and p.glob:
                target = self.absolute(key, p)
                if target is None:
                    continue
                found = self.resolve(target[0], target[1] + rest, seen)
                glob_file, _ = self.file_of(*target)
                if found != glob_file or name in self.files[glob_file].definitions:
                    return found
        return key

    def imports(self) -> list[Import]:
        """Every import between two files, a parent's of its children included."""
        edges: dict[tuple[str, str, int], Import] = {}
        for key, parsed in self.files.items():
            for p in parsed.paths:
                target = self.absolute(key, p)
                if target is None:
                    continue
                dst = self.resolve(*target)
                if dst == key:
                    continue
                edges.setdefault((key, dst, p.line), Import(key, dst, p.line, p.text))
        return sorted(edges.values(), key=lambda e: (e.src, e.line, e.dst))

    def location(self, key: str, line: int | None = None) -> str:
        rel = os.path.relpath(self.paths[key], REPO) if key in self.paths else key
        return f"{rel}:{line}" if line else rel


def strongly_connected(nodes: list[str], edges: list[Import]) -> list[list[str]]:
    """Tarjan's algorithm: the strongly connected components with more than one member."""
    succ: dict[str, list[str]] = {n: [] for n in nodes}
    for e in edges:
        succ.setdefault(e.src, []).append(e.dst)
        succ.setdefault(e.dst, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(succ):
        if start in index:
            continue
        # Iterative DFS: (node, next successor position).
        work = [(start, 0)]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, k = work[-1]
            children = succ[node]
            if k < len(children):
                work[-1] = (node, k + 1)
                child = children[k]
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return sorted(out)


# --- The table and the checks ---------------------------------------------------------------------


@dataclass
class Layer:
    number: int
    name: str
    modules: list[str]

    def top_level(self) -> list[str]:
        """The layer's modules with their children folded into their top-level module."""
        out: list[str] = []
        for m in self.modules:
            top = m.split("/")[0]
            if top not in out:
                out.append(top)
        return out


@dataclass
class Spec:
    name: str
    directory: str
    library: str
    binaries: list[str]
    crate_name: str
    layers: list[Layer]
    architecture: str | None
    crate_docs: str | None

    @classmethod
    def from_table(cls, name: str, table: dict, base: str) -> "Spec":
        layers = [
            Layer(n, layer["name"], list(layer["modules"]))
            for n, layer in enumerate(table["layers"], start=1)
        ]
        return cls(
            name,
            os.path.join(base, table["directory"]),
            table.get("library", "lib"),
            list(table.get("binaries", [])),
            table.get("crate", ""),
            layers,
            table.get("architecture"),
            table.get("crate_docs"),
        )


def load_specs(path: str = TABLE, base: str = REPO) -> dict[str, Spec]:
    with open(path, "rb") as f:
        table = tomllib.load(f)
    return {name: Spec.from_table(name, t, base) for name, t in table["tree"].items()}


def check_imports(spec: Spec, tree: Tree, allowed: frozenset[tuple[str, str]] = frozenset()) -> list[str]:
    """The table's placement, layer and order violations and the cycles of one tree.

    `allowed` holds (importer, imported) pairs whose imports are left out of the check; a
    pair with no such import is itself a violation, so the exception cannot outlive it.
    """
    bad: list[str] = []
    place: dict[str, tuple[int, int]] = {}
    for layer in spec.layers:
        for pos, module in enumerate(layer.modules):
            if module in place:
                bad.append(f"{TABLE_NAME}: [{spec.name}] `{module}` is listed twice")
            place[module] = (layer.number, pos)
            if module not in tree.files:
                bad.append(f"{TABLE_NAME}: [{spec.name}] `{module}` names no file in {rel(spec.directory)}")
    for key in sorted(tree.files):
        if key not in place:
            bad.append(
                f"{tree.location(key)}: module `{key}` is in no layer (place it in {TABLE_NAME})"
            )
    names = {layer.number: layer.name for layer in spec.layers}
    edges = tree.imports()
    present = {(e.src, e.dst) for e in edges}
    for src, dst in sorted(allowed - present):
        bad.append(f"--allow {spec.name}:{src}->{dst}: `{src}` does not import `{dst}`; drop the exception")
    edges = [e for e in edges if (e.src, e.dst) not in allowed]
    for e in edges:
        if e.src not in place or e.dst not in place:
            continue
        (ls, ps), (ld, pd) = place[e.src], place[e.dst]
        if ld > ls:
            bad.append(
                f"{tree.location(e.src, e.line)}: upward import: `{e.src}` ({ls}. {names[ls]}) "
                f"imports `{e.dst}` ({ld}. {names[ld]}) by `{e.text}`"
            )
        elif ld == ls and pd > ps:
            bad.append(
                f"{tree.location(e.src, e.line)}: order: `{e.src}` imports `{e.dst}`, which comes "
                f"after it in layer {ls}. {names[ls]}, by `{e.text}`"
            )
    for component in strongly_connected(sorted(tree.files), edges):
        members = set(component)
        inside = [e for e in edges if e.src in members and e.dst in members]
        lines = [f"cycle: {' <-> '.join(f'`{m}`' for m in component)}"]
        lines += [f"  {tree.location(e.src, e.line)}: `{e.src}` -> `{e.dst}` by `{e.text}`" for e in inside]
        bad.append("\n".join(lines))
    return bad


_CODE_SPAN = re.compile(r"\[?`([A-Za-z0-9_/*]+)`\]?(?:\([^)]*\))?")


def _code_spans(text: str) -> list[str]:
    return [m.group(1) for m in _CODE_SPAN.finditer(text)]


def documented_layers(spec: Spec) -> list[Layer]:
    """The layers as the docs give them: top-level modules; the crate root left out."""
    out = []
    for layer in spec.layers:
        modules = [m for m in layer.top_level() if m != spec.library and m not in spec.binaries]
        out.append(Layer(layer.number, layer.name, modules))
    return out


def check_architecture(spec: Spec, text: str, where: str) -> list[str]:
    """ARCHITECTURE.md's table under the heading `spec.architecture` against the table."""
    if not spec.architecture:
        return []
    lines = text.splitlines()
    heading = f"## {spec.architecture}"
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == heading)
    except StopIteration:
        return [f"{where}: no heading `{heading}` (scripts/layers.toml, [tree.{spec.name}])"]
    rows: list[tuple[int, list[str]]] = []
    for i in range(start + 1, len(lines)):
        line = lines[i].strip()
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append((i + 1, [c.strip() for c in line.strip("|").split("|")]))
        elif rows:
            break
    rows = [r for r in rows[2:]]  # header and separator
    bad = []
    want = {layer.number: layer for layer in spec.layers}
    seen = set()
    for lineno, cells in rows:
        m = re.match(r"(\d+)\.\s*(.*)", cells[0]) if cells else None
        if not m or len(cells) < 2:
            bad.append(f"{where}:{lineno}: a row of the layer table is not `| N. name | modules | … |`")
            continue
        number, name = int(m.group(1)), m.group(2).strip()
        seen.add(number)
        layer = want.get(number)
        if layer is None:
            bad.append(f"{where}:{lineno}: layer {number} is not in {TABLE_NAME} [tree.{spec.name}]")
            continue
        if name != layer.name:
            bad.append(f"{where}:{lineno}: layer {number} is `{name}`; {TABLE_NAME} says `{layer.name}`")
        listed = _code_spans(cells[1])
        expected = layer.top_level()
        if listed != expected:
            bad.append(
                f"{where}:{lineno}: layer {number} lists {_fmt(listed)}; {TABLE_NAME} says {_fmt(expected)}"
            )
    for number in sorted(set(want) - seen):
        bad.append(f"{where}: the table under `{heading}` has no row for layer {number}. {want[number].name}")
    return bad


def check_crate_docs(spec: Spec, text: str, where: str) -> list[str]:
    """The `# Layers` list of the crate docs, and the `// N. …` groups of `mod` declarations."""
    if not spec.crate_docs:
        return []
    bad = []
    lines = text.splitlines()
    items: dict[int, tuple[int, str]] = {}
    in_list = False
    current = None
    for i, line in enumerate(lines):
        if not line.startswith("//!"):
            if in_list:
                break
            continue
        body = line[3:].strip()
        if body == "# Layers":
            in_list = True
            continue
        if not in_list:
            continue
        if body.startswith("#"):
            break
        m = re.match(r"(\d+)\.\s+(.*)", body)
        if m:
            current = int(m.group(1))
            items[current] = (i + 1, m.group(2))
        elif body and current is not None and line[3:].startswith("   "):
            lineno, so_far = items[current]
            items[current] = (lineno, so_far + " " + body)
        elif current is not None:
            current = None
    if not in_list:
        return [f"{where}: no `//! # Layers` list in the crate docs"]
    documented = [layer for layer in documented_layers(spec) if layer.modules]
    numbers = [layer.number for layer in documented]
    if sorted(items) != numbers:
        bad.append(f"{where}: the `# Layers` list numbers {sorted(items)}; {TABLE_NAME} has layers {numbers}")
    for layer in documented:
        if layer.number not in items:
            continue
        lineno, item = items[layer.number]
        m = re.match(r"([^:(]+?)\s*\(([^)]*)\)", item)
        if not m:
            bad.append(f"{where}:{lineno}: item {layer.number} is not `N. name (`module`, …): …`")
            continue
        if m.group(1) != layer.name:
            bad.append(f"{where}:{lineno}: layer {layer.number} is `{m.group(1)}`; {TABLE_NAME} says `{layer.name}`")
        listed = _code_spans(m.group(2))
        if listed != layer.modules:
            bad.append(
                f"{where}:{lineno}: layer {layer.number} lists {_fmt(listed)}; {TABLE_NAME} says {_fmt(layer.modules)}"
            )
    # The `mod` declarations, grouped under `// N. …` comments.
    number_of = {m: layer.number for layer in spec.layers for m in layer.top_level()}
    group = None
    for i, line in enumerate(lines):
        m = re.match(r"//\s*(\d+)\.\s", line)
        if m:
            group = int(m.group(1))
            continue
        m = re.match(r"\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;", line)
        if m and group is not None:
            module = m.group(1)
            if module in number_of and number_of[module] != group:
                bad.append(
                    f"{where}:{i + 1}: `mod {module};` stands under `// {group}.`; "
                    f"{TABLE_NAME} has it in layer {number_of[module]}"
                )
    return bad


def _fmt(modules: list[str]) -> str:
    return ", ".join(f"`{m}`" for m in modules) if modules else "nothing"


def rel(path: str) -> str:
    return os.path.relpath(path, REPO)


TABLE_NAME = rel(TABLE)


def check(spec: Spec, allowed=frozenset(), base: str = REPO) -> list[str]:
    tree = Tree.read(spec.directory, spec.library, spec.binaries, spec.crate_name)
    bad = check_imports(spec, tree, allowed)
    if spec.architecture:
        path = os.path.join(base, "ARCHITECTURE.md")
        with open(path, encoding="utf-8") as f:
            bad += check_architecture(spec, f.read(), rel(path))
    if spec.crate_docs:
        path = os.path.join(spec.directory, spec.crate_docs)
        with open(path, encoding="utf-8") as f:
            bad += check_crate_docs(spec, f.read(), rel(path))
    return bad


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tree",
        action="append",
        help="check only this tree of scripts/layers.toml (repeatable; default: all)",
    )
    parser.add_argument(
        "--allow",
        action="append",
        default=[],
        metavar="TREE:FROM->TO",
        help="leave the imports of module FROM from module TO out of the check (repeatable); "
        "fails if there is no such import",
    )
    parser.add_argument("--edges", action="store_true", help="print every import edge and exit")
    args = parser.parse_args(argv)
    specs = load_specs()
    names = args.tree or list(specs)
    unknown = [n for n in names if n not in specs]
    if unknown:
        parser.error(f"no tree {unknown} in {TABLE_NAME}; there are {list(specs)}")
    allowed: dict[str, set[tuple[str, str]]] = {}
    for text in args.allow:
        m = re.fullmatch(r"([^:]+):([^-\s]+)\s*->\s*(\S+)", text)
        if not m or m.group(1) not in specs:
            parser.error(f"--allow {text!r}: expected TREE:FROM->TO with TREE one of {list(specs)}")
        allowed.setdefault(m.group(1), set()).add((m.group(2), m.group(3)))
    failed = False
    for name in names:
        spec = specs[name]
        if args.edges:
            tree = Tree.read(spec.directory, spec.library, spec.binaries, spec.crate_name)
            for e in tree.imports():
                print(f"{tree.location(e.src, e.line)}: {e.src} -> {e.dst} ({e.text})")
            continue
        bad = check(spec, frozenset(allowed.get(name, ())))
        for line in bad:
            print(line)
        print(f"layers [{name}] {rel(spec.directory)}: {'ok' if not bad else f'{len(bad)} violation(s)'}")
        failed |= bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
