"""A bet read short by a chip read in the pot (issue 27, rf-stop; tablectl/engine/potshort.py):
asked, not ruled; the same read with no chip gained by the pot is ruled as read."""

from __future__ import annotations

from typing import Any

from tablectl.engine.events import event_from_obj
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.table import Table

DEAL = {"deal": {"2": ["As", "Ks"], "3": ["Qs", "Js"], "1": ["Ts", "9s"]}}
STACK = [5000, 1000, 1000, 1000, 1000, 500, 100, 100, 100]  # 9,800: seat 1 called 200


def _table() -> Table:
    seats = {str(s): 10000 for s in (1, 2, 3)}
    setup = {"rules": "tda-2025", "seats": seats, "button": 1, "blinds": [100, 200]}
    return Table({**setup, "ante": 0, "chips": [25, 100, 500, 1000, 5000]})


def _run(t: Table, *objs: dict[str, Any]) -> list[Output]:
    out: list[Output] = []
    for obj in objs:
        out += t.apply(event_from_obj(obj))
    return out


def _kinds(out: list[Output]) -> list[str]:
    return [o.kind for o in out if isinstance(o, Alert)]


def test_a_call_with_a_chip_read_in_the_pot_is_counted_not_ruled_a_forfeit() -> None:
    """Seat 1 calls 200 with two 100s; one lies at the pot's edge and the read puts it in the
    pot (the bet reads 100, the stack reads right, the pot 100 more). Main rules an undercall
    and stops play for 100 chips missing (002 Rule 63); the engine asks for a count of the
    bet, and the count is ruled a call, with no chips missing."""
    t = _table()
    _run(t, DEAL)
    out = _run(t, {"chips": {"bet:1": [100], "stack:1": STACK, "pot": [100]}})
    assert _kinds(out) == ["recount"]
    assert not [o for o in out if isinstance(o, Ruling)]
    out = _run(t, {"counted": {"zone": "bet:1", "chips": [100, 100]}})
    assert [(r.action, r.to) for r in out if isinstance(r, Ruling)] == [("call", 200)]
    assert "chips_missing" not in _kinds(out)


def test_the_same_read_with_nothing_gained_by_the_pot_is_ruled_as_read() -> None:
    """The same read without the pot's 100, or with the pot gaining another value: ruled as
    read (an undercall, 002 Rule 44-B), not asked."""
    for pot in ({}, {"pot": [500]}):
        t = _table()
        _run(t, DEAL)
        out = _run(t, {"chips": {"bet:1": [100], "stack:1": STACK, **pot}})
        assert "recount" not in _kinds(out)
        rulings = [(r.action, r.to, r.owes) for r in out if isinstance(r, Ruling)]
        assert rulings == [("call", 200, 100)]
