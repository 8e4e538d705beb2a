"""One ruling per rule (issue 28): no ruling text is written twice in tablectl/engine.

Every string the engine writes into a ruling, an alert or a notice is a literal in its modules
(or the literal part of an f-string). A text written in two places is a rule stated twice: a
change to one would leave the other behind. Docstrings, bare citations ("000 Irregularities 14":
one rule cited by two rulings) and short words (keys, kinds, options) are left out.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

from tablectl.engine.citations import RULES

ENGINE = Path(__file__).resolve().parent.parent / "tablectl" / "engine"
SKIP = {"evaluator_tables.py"}  # generated lookup tables, no text
CITATION = re.compile(r"^\(?\d{3} [A-Za-z&' ]+\d+[\w()-]*\)?$")
CITED = {c for books in RULES.values() for c in books.values()}  # "001 Two Cards to Win"
LONGEST_SAFE = 19  # a literal this long or shorter is a word or a key, not a ruling's text


def _docstrings(tree: ast.AST) -> set[int]:
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return docs


def ruling_texts(source: str) -> list[tuple[str, int]]:
    """The text literals of a module (docstrings, citations and short words left out)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value.strip()
            if (
                len(text) > LONGEST_SAFE
                and " " in text
                and not CITATION.match(text)
                and text not in CITED
            ):
                found.append((text, node.lineno))
    return found


def duplicates(files: dict[str, str]) -> dict[str, list[str]]:
    places: dict[str, list[str]] = defaultdict(list)
    for name, source in files.items():
        for text, line in ruling_texts(source):
            places[text].append(f"{name}:{line}")
    return {text: where for text, where in places.items() if len(where) > 1}


def test_no_ruling_text_is_written_twice_in_the_engine() -> None:
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(ENGINE.glob("*.py"))}
    files = {name: text for name, text in files.items() if name not in SKIP}
    assert len(files) > 15
    assert duplicates(files) == {}


def test_the_check_finds_a_text_written_twice() -> None:
    """The check itself: a ruling's text in two modules (or twice in one) is found; docstrings,
    citations and short words are not texts."""
    one = 'def f():\n    """Betting is not re-opened to this seat."""\n    return "002 Rule 52-A"\n'
    two = 'X = f"{n}: betting is not re-opened to this seat ({rule})"\n'
    three = 'Y = "no hand is in progress here"\nZ = "no hand is in progress here"\n'
    found = duplicates({"a.py": one, "b.py": two, "c.py": two, "d.py": three})
    assert found == {
        ": betting is not re-opened to this seat (": ["b.py:1", "c.py:1"],
        "no hand is in progress here": ["d.py:1", "d.py:2"],
    }
    assert duplicates({"a.py": one, "b.py": one}) == {}
