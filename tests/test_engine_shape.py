"""The engine's functions take few parameters (issue 28): a rule step that needs many figures
takes them as one record (a Ruling, an Alert, a card as read), not as ten loose arguments that
every caller passes in the same order."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "tablectl" / "engine"
MOST = 6


def too_many(source: str) -> list[tuple[str, int]]:
    """The functions of ``source`` taking more than MOST parameters (self and cls not counted)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            a = node.args
            names = [*a.posonlyargs, *a.args, *a.kwonlyargs]
            count = len(names) + (a.vararg is not None) + (a.kwarg is not None)
            if names and names[0].arg in ("self", "cls"):
                count -= 1
            if count > MOST:
                found.append((node.name, count))
    return found


def test_no_engine_function_takes_more_than_six_parameters() -> None:
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) > 15
    found = {p.name: too_many(p.read_text(encoding="utf-8")) for p in files}
    assert {name: fns for name, fns in found.items() if fns} == {}


def test_the_count_is_of_every_kind_of_parameter() -> None:
    src = (
        "def a(t, h, s, o, k, r, x): pass\n"
        "def b(t, h, *, s, o, k, r, x): pass\n"
        "def c(t, h, s, o, k, *args): pass\n"
        "class C:\n    def m(self, t, h, s, o, k, r): pass\n"
        "def d(t, h, s, o, k, r): pass\n"
    )
    assert too_many(src) == [("a", 7), ("b", 7)]


def test_the_event_handlers_live_in_their_rule_areas() -> None:
    """actions.py was 1,304 lines over five rule areas (issue 28): what is left of it is the
    step above them all, the out-of-turn resolution, under 400 lines."""
    lines = (ENGINE / "actions.py").read_text(encoding="utf-8").count("\n")
    assert lines < 400, f"tablectl/engine/actions.py has {lines} lines"


def test_the_turn_calls_the_out_of_turn_resolution_back() -> None:
    """turn.take_action cannot import actions.resolve_pending (it applies declarations and
    pushes, which call take_action): actions.py hands it in when it is imported."""
    from tablectl.engine import actions, turn

    assert turn.resolve_pending is actions.resolve_pending
