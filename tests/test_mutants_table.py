"""The table's own handlers (tablectl.engine.table) at the edges a mutation run found untested
(issue 34), through ``Table.apply``; the console's and the levels' words are pinned by their
scenarios in tests/golden/scenario_outputs.json."""

from __future__ import annotations

from typing import Any

from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.notices import AlertsDropped
from tablectl.engine.outputs import Alert
from tablectl.engine.table import MAX_OPEN_ALERTS, Table

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
    (again,) = _apply(table, {"badge": {"name": "Dee", "role": "dealer", "left": True}})
    assert again.text == "Dee (dealer) signed out" and table.console.badges == {"Sam": "floor"}


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


def test_the_oldest_open_alert_is_dropped_past_the_screen_s_limit_in_words() -> None:
    """The screen keeps the newest 50 open alerts (issue 14): the next one drops the oldest,
    told in a notice naming how many and which."""
    table = _table()
    for _ in range(MAX_OPEN_ALERTS):
        _apply(table, {"name": {"seat": 9, "name": "Zed"}})
    *_, dropped = _apply(table, {"name": {"seat": 9, "name": "Zed"}})
    assert dropped == AlertsDropped(
        "1 older alert(s) dropped from the screen unacknowledged: the newest 50 stay open",
        dropped=1,
        ids=[1],
    )
    assert [a.id for a in table.console.open_alerts] == list(range(2, MAX_OPEN_ALERTS + 2))


def test_the_view_marks_each_seat_s_place_turn_and_cards() -> None:
    """What the dealer screen draws of each seat: the button and the blinds, the
    seat in turn, its cards face down, and a folded seat's none; an empty seat none of it."""
    table = _table()
    _apply(table, {"deal": {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "1": ["As", "Ks"]}})

    def seats() -> dict[int, tuple[Any, ...]]:
        return {
            s.seat: (s.status, s.button, s.sb, s.bb, s.in_turn, s.shown, s.hidden)
            for s in table.view().seats
            if s.status != "empty"
        }

    assert seats() == {
        1: ("active", True, False, False, True, (), 2),
        2: ("active", False, True, False, False, (), 2),
        3: ("active", False, False, True, False, (), 2),
    }
    empty = [
        (s.button, s.sb, s.bb, s.in_turn, s.shown, s.hidden)
        for s in table.view().seats
        if s.status == "empty"
    ]
    assert empty == [(False, False, False, False, (), 0)] * 7
    _apply(table, {"fold": 1})
    assert seats()[1] == ("folded", True, False, False, False, (), 0)
    assert seats()[2][4] is True


def test_the_view_shows_the_cards_a_seat_tabled_at_the_showdown() -> None:
    """A seat's cards tabled face up at the showdown show on the screen before the award."""
    table = _table()
    _apply(table, {"deal": {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "1": ["As", "Ks"]}})
    _apply(table, {"fold": 1})
    _apply(table, {"push": {"seat": 2, "chips": [100]}})
    _apply(table, {"press": "check"})
    for board in (["2h", "5c", "8d"], ["Qd"], ["Qh"]):
        _apply(table, {"board": board, "burn": "3d" if len(board) == 3 else "4" + board[0][1]})
        _apply(table, {"press": "check"})
        _apply(table, {"press": "check"})
    for card in ("Qs", "Js"):
        _apply(table, {"card": card, "zone": "seat:2", "face": "up"})
    shown = {s.seat: (s.shown, s.hidden) for s in table.view().seats if s.seat in (2, 3)}
    assert shown == {2: (("Qs", "Js"), 0), 3: ((), 2)}


def test_a_count_of_a_seat_s_cards_stays_answered_after_an_undo() -> None:
    """The dealer's count of a seat's cards is part of the hand (docs/scenario-extensions.md,
    counted): undo replays it after the question it answers, so the screen asks nothing again
    (tests/scenarios/recount_seat_cards_dead_tag.jsonl, then an undo of the next call)."""
    table = Table.from_setup(
        dict(
            event_from_obj({"setup": dict(SETUP, seats={str(s): 50000 for s in range(1, 5)})}).body
        )
    )
    _apply(table, {"unread": {"cards": ["9s"]}})
    for card, seat in (("Qs", 2), ("Ts", 3), ("8s", 4), ("As", 1), ("Js", 2), ("9h", 3), ("Ks", 1)):
        _apply(table, {"card": card, "zone": f"seat:{seat}"})
    _apply(table, {"push": {"seat": 4, "chips": [100, 100]}})
    assert [r.zone for r in table.view().recounts] == ["seat:4"]
    _apply(table, {"counted": {"zone": "seat:4", "cards": 2}})
    _apply(table, {"push": {"seat": 1, "chips": [100, 100]}})
    assert table.view().recounts == ()
    assert [type(o).__name__ for o in _apply(table, {"press": "undo"})] == ["Undone"]
    assert table.view().recounts == () and table.to_act() == 1
