"""The tree's shape, read from the imports (ast), so it cannot quietly decay.

- ``tablectl/engine/`` and ``tablectl/tournament/`` are the functional core: they import only
  pure standard-library modules and their own (engine) modules. No I/O, no clock, no threads:
  time arrives as events.
- Only the adapters import their hardware and screen libraries: pyserial, nfcpy and gpiozero in
  firmware_bridge/ (and their simulated twins in hw_sim/), pygame in display/ (and hw_sim/),
  paho-mqtt in the table's venue link (tablectl/daemon/venue_link.py) and tablectl/venue/.
- ``tablectl/wire/`` (topics, envelopes, commands, the table report) is pure too: the venue
  (``tablectl/venue``) and the table (``tablectl/daemon``) both import it and never each other.
- No import cycle anywhere: not between modules (every import counts: module level, inside a
  function, under ``TYPE_CHECKING``), and not between the parts of the project.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tablectl", "firmware_bridge", "display", "hw_sim")

# The pure core. The allow-list is the point: a new import must be thought about, not slip in.
PURE_PARTS = ("tablectl.engine", "tablectl.tournament", "tablectl.wire")
PURE_STDLIB = frozenset(
    {
        "__future__",
        "abc",
        "bisect",
        "collections",
        "collections.abc",
        "dataclasses",
        "datetime",
        "enum",
        "fractions",
        "functools",
        "heapq",
        "itertools",
        "json",
        "math",
        "operator",
        "random",
        "re",
        "reprlib",
        "string",
        "textwrap",
        "types",
        "typing",
        "unicodedata",
        "orjson",  # not stdlib, but pure: a JSON parser (events.parse_line's fast path, issue 14)
    }
)
# datetime is allowed for arithmetic on a wall time passed in; reading the clock is not.
CLOCK_READS = frozenset({"now", "today", "utcnow", "fromtimestamp", "utcfromtimestamp"})
# What each pure part may import of the project.
PURE_MAY_IMPORT = {
    "tablectl.engine": ("tablectl.engine",),
    "tablectl.tournament": ("tablectl.tournament", "tablectl.wire", "tablectl.engine"),
    "tablectl.wire": ("tablectl.wire", "tablectl.engine"),
}
# Parts that must not import each other (either way): the venue and the table meet on the wire.
APART = (("tablectl.venue", "tablectl.daemon"),)
# Hardware and screen libraries, and the parts allowed to import them.
ADAPTER_LIBRARIES = {
    "serial": ("firmware_bridge", "hw_sim"),
    "nfc": ("firmware_bridge", "hw_sim"),
    "gpiozero": ("firmware_bridge", "hw_sim"),
    "pygame": ("display", "hw_sim"),
    "paho": ("tablectl.daemon.venue_link", "tablectl.venue"),
}
# The parts of the project, most specific first; a module belongs to the first that prefixes it.
PARTS = (
    "tablectl.engine",
    "tablectl.tournament",
    "tablectl.wire",
    "tablectl.files",
    "tablectl.daemon",
    "tablectl.venue",
    "tablectl.cli",
    "tablectl",
    "firmware_bridge",
    "display",
    "hw_sim",
)

Import = tuple[str, str, int]  # (module imported, file, line)


def module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def read_sources(root: Path = ROOT) -> dict[str, tuple[str, str]]:
    """Module name -> (file path relative to the root, source) for every project module."""
    out: dict[str, tuple[str, str]] = {}
    for pkg in PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            out[module_name(path, root)] = (
                str(path.relative_to(root)),
                path.read_text(encoding="utf-8"),
            )
    return out


def imports_of(name: str, path: str, source: str, modules: Iterable[str]) -> list[Import]:
    """Every import in a module, wherever it stands, resolved to a full module name (a name
    imported from a package that is itself a module counts as that module)."""
    known = set(modules)
    is_pkg = path.endswith("__init__.py")
    found: list[Import] = []
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            found += [(alias.name, path, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_pkg else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, path, node.lineno))
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    found.append((sub, path, node.lineno))
    return found


def part_of(module: str) -> str | None:
    for part in PARTS:
        if module == part or module.startswith(part + "."):
            return part
    return None


def _cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def violations(sources: Mapping[str, tuple[str, str]]) -> list[str]:
    """Every breach of the rules above, one line each, naming the file and line."""
    problems: list[str] = []
    modules = set(sources)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    parts: dict[str, set[str]] = {}
    for name, (path, source) in sources.items():
        part = part_of(name)
        for target, file, line in imports_of(name, path, source, modules):
            top = target.split(".")[0]
            if target in modules:
                if target != name and not name.startswith(target + "."):
                    graph[name].add(target)  # a package's own __init__ is not an edge back
                other = part_of(target)
                if part and other and other != part:
                    parts.setdefault(part, set()).add(other)
            other = part_of(target)
            if (part, other) in APART or (other, part) in APART:
                problems.append(
                    f"{file}:{line} imports {target}: {part} and {other} meet on "
                    "tablectl.wire (topics, envelopes, commands, the table report) and "
                    "never import each other"
                )
            if part in PURE_PARTS:
                if top in PACKAGES:
                    allowed = PURE_MAY_IMPORT[part]
                    if not any(target == a or target.startswith(a + ".") for a in allowed):
                        problems.append(
                            f"{file}:{line} imports {target}: {part} is the pure core and may "
                            f"import only {', '.join(allowed)}; the shell calls it, never the "
                            "other way round"
                        )
                elif target not in PURE_STDLIB and top not in PURE_STDLIB:
                    problems.append(
                        f"{file}:{line} imports {target}: {part} is pure (no I/O, no clock "
                        "reads, no threads; time arrives as events). Do that in the shell "
                        "(tablectl/daemon, tablectl/cli) and pass the result in, or add a "
                        "pure module to PURE_STDLIB in tests/test_architecture.py"
                    )
            owners = ADAPTER_LIBRARIES.get(top)
            if owners and not any(name == o or name.startswith(o + ".") for o in owners):
                problems.append(
                    f"{file}:{line} imports {top}: only {', '.join(owners)} may "
                    f"import {top} (adapters own their library)"
                )
        if part in PURE_PARTS:
            for node in ast.walk(ast.parse(source, path)):
                if isinstance(node, ast.Attribute) and node.attr in CLOCK_READS:
                    problems.append(
                        f"{path}:{node.lineno} reads the clock (.{node.attr}): "
                        f"{part} is pure; pass the time in"
                    )
    for comp in _cycles(graph):
        problems.append("import cycle between modules: " + " <-> ".join(comp))
    for comp in _cycles(parts):
        problems.append("import cycle between parts of the project: " + " <-> ".join(comp))
    return problems


def test_the_tree_keeps_its_shape() -> None:
    problems = violations(read_sources())
    assert not problems, "\n" + "\n".join(problems)


def test_the_parts_exist() -> None:
    for part in PARTS:
        path = ROOT / part.replace(".", "/")
        assert (path / "__init__.py").is_file(), f"{part} is missing"


# ----------------------------------------------------------------------- the check itself


def _tree(**files: str) -> dict[str, tuple[str, str]]:
    return {name: (name.replace(".", "/") + ".py", src) for name, src in files.items()}


def test_an_engine_module_importing_time_is_named() -> None:
    sources = read_sources()
    path, src = sources["tablectl.engine.flow"]
    sources["tablectl.engine.flow"] = (path, "import time\n" + src)
    problems = violations(sources)
    assert len(problems) == 1, problems
    assert problems[0].startswith("tablectl/engine/flow.py:1 imports time: tablectl.engine is pure")
    print("\n".join(problems), file=sys.stderr)


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {
                "tablectl.engine.a": "def f():\n    from tablectl.daemon import loop\n",
                "tablectl.daemon.loop": "from tablectl.engine import a\n",
            },
            "imports tablectl.daemon: tablectl.engine is the pure core",
        ),
        (
            {
                "tablectl.engine.a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                "    from tablectl.engine import b\n",
                "tablectl.engine.b": "from tablectl.engine import a\n",
            },
            "import cycle between modules: tablectl.engine.a <-> tablectl.engine.b",
        ),
        (
            {"tablectl.venue.client": "from tablectl.daemon.venue_link import ROOT\n"},
            "imports tablectl.daemon.venue_link: tablectl.venue and tablectl.daemon meet on",
        ),
        (
            {"tablectl.daemon.x": "def f():\n    import tablectl.venue.settings\n"},
            "imports tablectl.venue.settings: tablectl.daemon and tablectl.venue meet on",
        ),
        (
            {"tablectl.wire.topics": "import socket\n"},
            "imports socket: tablectl.wire is pure",
        ),
        (
            {"tablectl.wire.topics": "from tablectl.daemon import outbox\n"},
            "imports tablectl.daemon: tablectl.wire is the pure core",
        ),
        (
            {"tablectl.daemon.loop": "import pygame\n"},
            "imports pygame: only display, hw_sim may import pygame",
        ),
        (
            {"tablectl.daemon.loop": "import paho.mqtt.client as mqtt\n"},
            "imports paho: only tablectl.daemon.venue_link, tablectl.venue may import paho",
        ),
        (
            {
                "firmware_bridge.link": "from tablectl.daemon import x\n",
                "tablectl.daemon.x": "def f():\n    import firmware_bridge.link\n",
            },
            "import cycle between parts of the project: firmware_bridge <-> tablectl.daemon",
        ),
        ({"tablectl.engine.a": "import os.path\n"}, "imports os.path: tablectl.engine is pure"),
        (
            {"tablectl.tournament.a": "from datetime import datetime\nx = datetime.now()\n"},
            "tablectl/tournament/a.py:2 reads the clock (.now)",
        ),
    ],
)
def test_each_rule_is_enforced(files: dict[str, str], expected: str) -> None:
    problems = violations(_tree(**files))
    assert any(expected in p for p in problems), problems
