"""State with owners (issue 28), read from the source (ast) like tests/test_architecture.py.

The hand and the table keep a few fields of their own and the rest by rule area, one sub-record
each (tablectl/engine/hand.py, state.py; the betting round in betting.py). Each record's
docstring names its writers ("Written by chips.py, turn.py ..."); an engine module that writes
a part (assigns or deletes one of its attributes or items, or changes one of its containers in
place) without being named there fails here, naming the file and line. To give a module a part
to write, say so in the part's docstring: the map is read from there, so it cannot drift from
what the code says.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "tablectl" / "engine"
MOST_FIELDS = 15
# part -> (module, class): the hand's and the table's own fields, and their sub-records
PARTS = {
    "hand": ("hand", "Hand"),
    "stakes": ("hand", "Stakes"),
    "betting": ("hand", "Betting"),
    "oot": ("hand", "OutOfTurn"),
    "deal": ("hand", "Deal"),
    "showdown": ("hand", "Showdown"),
    "round": ("betting", "Round"),
    "table": ("state", "TableState"),
    "felt": ("state", "Felt"),
    "book": ("state", "Book"),
    "timing": ("state", "Timing"),
    "rewind": ("state", "Rewind"),
    "console": ("state", "Console"),
    "seating": ("state", "Seating"),
}
# what changes a container in place
MUTATORS = frozenset(
    {"append", "extend", "insert", "pop", "popitem", "remove", "add", "discard", "clear"}
    | {"update", "setdefault"}
)
WRITERS = re.compile(r"Written\s+by\s+(.*?)(?:\.\s|\.$)", re.S)


def _classes(source: str) -> dict[str, ast.ClassDef]:
    return {n.name: n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)}


def own_fields(cls: ast.ClassDef) -> list[str]:
    """A class's fields: its annotated class attributes (a dataclass) or its ``__slots__``."""
    names = [
        n.target.id
        for n in cls.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]
    for n in cls.body:
        if isinstance(n, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in n.targets
        ):
            names += [e.value for e in n.value.elts if isinstance(e, ast.Constant)]
    return names


def sub_records(cls: ast.ClassDef, names: Mapping[str, str]) -> dict[str, str]:
    """The fields of ``cls`` that hold a sub-record: attribute -> part. A dataclass field is
    annotated with the record's class; a slotted class sets it in ``__init__``."""
    found = {}
    for node in ast.walk(cls):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            ann = ast.unparse(node.annotation)
            if ann in names:
                found[node.target.id] = names[ann]
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            for t in node.targets:
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                    and isinstance(func, ast.Name)
                    and func.id in names
                ):
                    found[t.attr] = names[func.id]
    return found


class Layout:
    """The parts, read from the engine's sources: their writers and how they are reached."""

    def __init__(self, sources: Mapping[str, str]) -> None:
        classes = {m: _classes(src) for m, src in sources.items()}
        by_class = {cls: part for part, (_, cls) in PARTS.items()}
        self.writers: dict[str, set[str]] = {}
        self.classes: dict[str, str] = {}  # class name -> its part (its methods write it)
        for part, (module, cls) in PARTS.items():
            node = classes[module][cls]
            doc = ast.get_docstring(node) or ""
            found = WRITERS.search(doc)
            assert found, f"{module}.{cls}'s docstring names no writers ('Written by ...')"
            self.writers[part] = {f"{m}" for m in re.findall(r"(\w+)\.py", found.group(1))}
            self.classes[cls] = part
        hand = classes["hand"]["Hand"]
        table = classes["state"]["TableState"]
        self.subs = {**sub_records(hand, by_class), **sub_records(table, by_class)}
        self.hand_fields = set(own_fields(hand)) - set(self.subs)
        self.table_fields = set(own_fields(table)) - set(self.subs)
        self.hand = hand
        self.table = table

    def part_of(self, node: ast.expr, alias: Mapping[str, str], own: str | None) -> str | None:
        """The part an attribute chain (``hand.betting.owes[seat]``) reaches, or None."""
        names: list[str] = []
        while True:
            if isinstance(node, ast.Attribute):
                names.append(node.attr)
                node = node.value
            elif isinstance(node, ast.Subscript):
                node = node.value
            elif isinstance(node, ast.Call):
                node = node.func
            else:
                break
        names.reverse()
        base = node.id if isinstance(node, ast.Name) else None
        if base == "self" and own is None:
            return None  # a method of a class that is no part of the state
        for i, name in enumerate(names):
            if name in self.subs and not (base == "self" and i == len(names) - 1):
                return self.subs[name]
        if base == "self":
            # a method writes its own class's fields (and sets its sub-records up)
            return own
        if names and names[-1] == "hand" and names[0] == "hand":
            return "hand"  # hand = table.hand: the hand itself
        if names[:1] == ["hand"] and len(names) > 1:
            return "hand" if names[1] in self.hand_fields else None
        if base in alias and names[:1] != ["hand"]:
            return alias[base]
        if names and names[0] in self.table_fields and base in ("table", "t"):
            return "table"
        if names and names[0] in self.hand_fields:
            return "hand"
        return None

    def writes(self, source: str) -> list[tuple[str, int]]:
        """(part, line) of every write to the state in a module's source."""
        found = []
        tree = ast.parse(source)
        owners: dict[ast.AST, str | None] = {}
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            # a class's own part, or its base's (Table is a TableState)
            names = [cls.name, *(b.id for b in cls.bases if isinstance(b, ast.Name))]
            part = next((self.classes[n] for n in names if n in self.classes), None)
            for fn in cls.body:
                owners[fn] = part
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            own = owners.get(fn)
            alias: dict[str, str] = {}
            for node in ast.walk(fn):  # locals bound to a part: rnd = hand.round
                if isinstance(node, ast.Assign | ast.For):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    value = node.value if isinstance(node, ast.Assign) else node.iter
                    if isinstance(value, ast.Attribute | ast.Subscript | ast.Call):
                        part = self.part_of(value, alias, own)
                        for t in targets:
                            if isinstance(t, ast.Name) and part is not None:
                                alias[t.id] = part
            for node in ast.walk(fn):
                targets: list[ast.expr] = []
                if isinstance(node, ast.Assign | ast.Delete):
                    targets = list(node.targets)
                elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                    targets = [node.target]
                elif (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in MUTATORS
                ):
                    targets = [node.func.value]
                for t in targets:
                    for target in t.elts if isinstance(t, ast.Tuple) else [t]:
                        if isinstance(target, ast.Attribute | ast.Subscript):
                            part = self.part_of(target, alias, own)
                            if part is not None:
                                found.append((part, node.lineno))
        return found


def read_engine() -> dict[str, str]:
    return {
        p.stem: p.read_text(encoding="utf-8")
        for p in sorted(ENGINE.glob("*.py"))
        if p.name != "evaluator_tables.py"
    }


def violations(sources: Mapping[str, str]) -> list[str]:
    layout = Layout(sources)
    problems = []
    for module, source in sources.items():
        for part, line in layout.writes(source):
            if module not in layout.writers[part]:
                _, cls = PARTS[part]
                problems.append(
                    f"tablectl/engine/{module}.py:{line} writes {part} ({cls}), which "
                    f"{module}.py does not own: its writers are "
                    f"{', '.join(sorted(layout.writers[part]))}; go through one of them, or "
                    f"name {module}.py in {cls}'s docstring"
                )
    return sorted(problems)


def test_each_module_writes_only_the_state_it_owns() -> None:
    problems = violations(read_engine())
    assert not problems, "\n" + "\n".join(problems)


def test_every_writer_named_writes_its_part() -> None:
    """A writer named in a docstring that writes nothing of the part is a stale entry."""
    sources = read_engine()
    layout = Layout(sources)
    written: dict[str, set[str]] = {part: set() for part in PARTS}
    for module, source in sources.items():
        for part, _ in layout.writes(source):
            written[part].add(module)
    stale = {part: layout.writers[part] - written[part] for part in PARTS}
    assert {p: w for p, w in stale.items() if w} == {}


def test_the_hand_and_the_table_have_few_fields_of_their_own() -> None:
    """Hand had 56 fields and TableState 34 slots: no more than 15 each, sub-records counted."""
    layout = Layout(read_engine())
    assert 0 < len(own_fields(layout.hand)) <= MOST_FIELDS, own_fields(layout.hand)
    assert 0 < len(own_fields(layout.table)) <= MOST_FIELDS, own_fields(layout.table)
    assert len(layout.subs) == len(PARTS) - 2  # every part but their own fields is found


# ----------------------------------------------------------------------- the check itself


def _with(module: str, extra: str) -> dict[str, str]:
    sources = read_engine()
    sources[module] += "\n\n" + extra
    return sources


def test_a_module_writing_another_part_is_named() -> None:
    extra = (
        "def meddle(table, hand, seat):\n"
        "    hand.oot.pending.pop(seat, None)\n"  # chips.py may: it holds the pushes
        "    hand.deal.boxed += 1\n"  # the deal's: chips.py may not
        "    bet = hand.betting\n"
        "    bet.owes[seat] = 1\n"  # chips.py may
        "    table.timing.paused = True\n"  # presses.py's, not chips.py's
        "    hand.folded.add(seat)\n"  # the hand's own fields: not chips.py's
        "    table.last = None\n"  # chips.py may (an owed ruling paid)
    )
    problems = violations(_with("chips", extra))
    named = [p.split(" writes ")[1].split(",")[0] for p in problems]
    assert named == ["deal (Deal)", "timing (Timing)", "hand (Hand)"], problems
    assert problems[0].startswith("tablectl/engine/chips.py:")


def test_an_alias_and_a_method_are_followed() -> None:
    layout = Layout(read_engine())
    src = (
        "class Round:\n"
        "    def record(self):\n"
        "        self.bets[1] = 2\n"
        "def f(table, hand):\n"
        "    rnd = hand.round\n"
        "    rnd.bets = {}\n"
        "    for p in table.players.values():\n"
        "        p.stack = 0\n"
        "    h = table.hand\n"
        "    del h.betting.owes[1]\n"
        "    local = {}\n"
        "    local.update(a=1)\n"
    )
    assert sorted(p for p, _ in layout.writes(src)) == ["betting", "round", "round", "table"]
