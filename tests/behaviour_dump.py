"""The behaviour dump a restructuring is diffed by (issue 28): every output and a table
fingerprint after every event, over every scenario file and 3,000 oracle hands; the CLI's
replay --json and export texts of every scenario file; every scenario and oracle line, whole and
damaged, parsed to its journal JSON or its error. Run it on the tree before and after a change
and compare the files (``cmp``): byte-identical, or the change changed behaviour.

    cd TREE && PYTHONPATH=$PWD:$PWD/tests python3 tests/behaviour_dump.py OUT_DIR [HANDS]

Keep OUT_DIR outside the repository (~17 MB).

Outputs are dumped as their to_obj() JSON (the journal/--json shape) plus their family (ruling,
alert, notice); state is flattened by leaf field name so moving a field into a sub-record keeps
its key.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import hashlib
import io
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from oracle import random_hand, script_to_events
from scenario_files import every

from tablectl.cli import main as cli_main
from tablectl.engine.events import ScenarioError, event_from_obj, event_to_obj, parse_line
from tablectl.engine.table import Table


def is_record(obj: Any) -> bool:
    mod = type(obj).__module__
    return (
        mod.startswith("tablectl") and not isinstance(obj, enum.Enum) and not hasattr(obj, "to_obj")
    )


def fields_of(obj: Any) -> list[str]:
    if dataclasses.is_dataclass(obj):
        return [f.name for f in dataclasses.fields(obj)]
    names: list[str] = []
    for cls in type(obj).__mro__:
        for s in getattr(cls, "__slots__", ()):
            if s not in names and not s.startswith("__"):
                names.append(s)
    if hasattr(obj, "__dict__"):
        names += [k for k in vars(obj) if k not in names]
    return names


def norm(obj: Any) -> Any:
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return repr(obj)
    if isinstance(obj, enum.Enum):
        return repr(obj.value)
    if hasattr(obj, "to_obj") and type(obj).__module__.startswith("tablectl.engine.outputs"):
        return ["out", json.dumps(obj.to_obj(), sort_keys=False, default=str)]
    if isinstance(obj, dict):
        return ["dict", [[norm(k), norm(v)] for k, v in obj.items()]]
    if isinstance(obj, (list, tuple)):
        return [type(obj).__name__ if type(obj) in (list, tuple) else "seq", [norm(x) for x in obj]]
    if isinstance(obj, (set, frozenset)):
        return ["set", sorted(json.dumps(norm(x)) for x in obj)]
    if is_record(obj):
        return ["rec", {k: norm(getattr(obj, k, "<unset>")) for k in fields_of(obj)}]
    if hasattr(obj, "to_obj"):
        return ["obj", json.dumps(obj.to_obj(), default=str)]
    return repr(obj)


def flatten(obj: Any, prefix: str, into: dict[str, Any], depth: int = 0) -> None:
    """An owner's fields by leaf name; engine sub-records (not outputs, not the hand) folded in."""
    for k in fields_of(obj):
        v = getattr(obj, k, "<unset>")
        if k == "hand":
            continue
        if is_record(v) and depth < 3 and type(v).__name__ not in KEEP_WHOLE:
            flatten(v, prefix, into, depth + 1)
            continue
        key = f"{prefix}.{k}"
        while key in into:
            key += "'"
        into[key] = norm(v)


# records that were whole values before the pass (kept whole so the dump does not depend on them
# being split or not)
KEEP_WHOLE = {"Round", "Positions", "HouseProfile", "Player", "Clock", "Structure", "Level"}


def fingerprint(table: Table) -> str:
    flat: dict[str, Any] = {}
    flatten(table, "table", flat)
    if table.hand is not None:
        flatten(table.hand, "hand", flat)
    text = json.dumps(dict(sorted(flat.items())), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20] if SHORT else text


SHORT = True


def out_line(o: Any) -> str:
    obj = o.to_obj()
    return json.dumps(obj, default=str)


def run_stream(w: Any, setup: Any, events: list[Any]) -> None:
    table = Table(setup)
    w.write("S " + fingerprint(table) + "\n")
    for ev in events:
        outs = table.apply(ev)
        for o in outs:
            w.write("O " + out_line(o) + "\n")
        w.write("S " + fingerprint(table) + "\n")


def scenarios(w: Any) -> None:
    for path in every():
        w.write(f"# file {path.name}\n")
        setup = None
        table = None
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            parsed = parse_line(text)
            ev = parsed.event
            w.write(f"L {n} {ev.kind if ev else None} {getattr(parsed, 'error', None)!r}\n")
            if ev is None:
                continue
            if table is None and ev.kind == "setup":
                setup = ev.body
                table = Table(setup)
                w.write("S " + fingerprint(table) + "\n")
                continue
            if table is None:
                continue
            for o in table.apply(ev):
                w.write("O " + out_line(o) + "\n")
            w.write("S " + fingerprint(table) + "\n")
        # the CLI's view of the same file
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            rc = cli_main(["replay", "--json", str(path)])
        w.write(f"R {rc}\n{buf.getvalue().replace(str(path), path.name)}")
        with tempfile.TemporaryDirectory() as d:
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
                rc = cli_main(["export", "--journal", str(path), "--format", "all", "--out", d])
            w.write(f"X {rc}\n{buf.getvalue().replace(d, 'OUT')}")
            for p in sorted(Path(d).rglob("*")):
                if p.is_file():
                    w.write(f"F {p.relative_to(d)}\n{p.read_text(encoding='utf-8')}\n")


def oracle(w: Any, hands: int) -> None:
    rng = random.Random(7)
    for i in range(hands):
        objs = script_to_events(random_hand(rng))
        w.write(f"# hand {i}\n")
        run_stream(w, event_from_obj(objs[0]).body, [event_from_obj(o) for o in objs[1:]])


def outcome(line: Any) -> str:
    """The parsed line as its JSON (event_to_obj: the journal's words, int/float/bool kept
    apart) and the body's own JSON types, or the error's text."""
    try:
        parsed = parse_line(line, 9)
    except ScenarioError as exc:
        return f"error: {exc}"
    if parsed.event is None:
        return repr(parsed.expect)
    ev = parsed.event
    return f"event {ev.t!r} " + json.dumps(event_to_obj(ev))


def parsing(w: Any, hands: int) -> None:
    """Every scenario line and the first oracle hands' lines, whole and damaged, str and bytes."""
    lines: list[str] = []
    for path in every():
        lines += path.read_text(encoding="utf-8").splitlines()
    rng = random.Random(3)
    for _ in range(hands):
        lines += [json.dumps(o) for o in script_to_events(random_hand(rng))]
    noise = [
        '"',
        "}",
        "{",
        ",",
        "1e999",
        "-1",
        "0.5",
        "null",
        "[]",
        "\\u0000",
        "99999999999999999999",
        " ",
        "\xff",
    ]
    for i, line in enumerate(lines):
        variants = [line, line.encode()]
        r = random.Random(i)
        for _ in range(4):
            at = r.randrange(len(line) + 1)
            variants.append(line[:at] + r.choice(noise) + line[at + r.randrange(3) :])
            variants.append(line[:at])
        variants.append(variants[2].encode("utf-8", "surrogatepass"))
        for v in variants:
            w.write(outcome(v) + "\n")


def main() -> None:
    out = Path(sys.argv[1])
    hands = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "scenarios.txt", "w", encoding="utf-8") as w:
        scenarios(w)
    with open(out / "oracle.txt", "w", encoding="utf-8") as w:
        oracle(w, hands)
    with open(out / "parse.txt", "w", encoding="utf-8") as w:
        parsing(w, 300)


if __name__ == "__main__":
    main()
