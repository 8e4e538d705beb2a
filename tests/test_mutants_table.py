"""The table's own handlers (tablectl.engine.table) at the edges a mutation run found untested
(issue 34), through ``Table.apply``; the console's and the levels' words are pinned by their
scenarios in tests/golden/scenario_outputs.json."""

from __future__ import annotations

from typing import Any

from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.outputs import Alert
from tablectl.engine.table import Table

SETUP: dict[str, Any] = {
    "rules": "tda-2025",
    "seats": {"1": 10000, "2": 10000, "3": 10000},
    "button": 1,
    "blinds": [100, 200],
    "ante": 0,
    "chips": [25, 100, 500, 1000, 5000],
}


def _table() -> Table:
    return Table.from_setup(dict(event_from_obj({"setup": SETUP}).body))


def _apply(table: Table, obj: dict[str, Any]) -> list[Any]:
    return table.apply(event_from_obj(obj))


def test_002_rule_1_a_second_setup_is_void_and_changes_nothing() -> None:
    """A table is set up once: a second setup event is void, said in words (002 Rule 1)."""
    table = _table()
    before = table.view()
    (alert,) = table.apply(Event("setup", dict(SETUP, seats={"1": 5, "2": 5})))
    assert alert == Alert(
        "action_void",
        "002 Rule 1",
        "a second setup line was ignored: the table is already set up",
        None,
        1,
    )
    assert table.view().seats == before.seats


def test_a_badge_signed_out_holds_no_role_at_the_table() -> None:
    """Who holds a badge at the table (the daemon's dealer after a restart, floor authority)
    is who signed in and has not signed out."""
    table = _table()
    _apply(table, {"badge": {"name": "Dee", "role": "dealer"}})
    _apply(table, {"badge": {"name": "Sam", "role": "floor"}})
    assert table.console.badges == {"Dee": "dealer", "Sam": "floor"}
    _apply(table, {"badge": {"name": "Dee", "role": "dealer", "left": True}})
    assert table.console.badges == {"Sam": "floor"}


def test_002_rule_1_an_event_of_no_known_kind_is_void_in_words() -> None:
    """An event the table has no handler for changes nothing and says so (002 Rule 1)."""
    table = _table()
    (alert,) = table.apply(Event("shuffle", {}))
    assert alert == Alert("action_void", "002 Rule 1", "unknown event 'shuffle' ignored", None, 1)


def test_no_raise_is_offered_with_no_seat_in_turn() -> None:
    """With no hand, or a hand with nobody to act (awarded), nobody can raise (the screen's raise
    button, the view's ``can_raise``)."""
    table = _table()
    assert table.view().can_raise is False
    _apply(table, {"deal": {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "1": ["As", "Ks"]}})
    assert table.view().can_raise is True
    _apply(table, {"fold": 1})
    _apply(table, {"fold": 2})
    assert table.street == "over" and table.view().can_raise is False
