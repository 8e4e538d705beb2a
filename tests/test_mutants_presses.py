"""The dealer console's buttons and seat statuses the mutation run of tablectl/engine/presses.py
found unpinned (issue 34, docs/testing.md): each test is written from the rule it names (or the
console's contract, docs/scenario-format), through ``Table.apply``."""

from __future__ import annotations

from test_actions import DEAL4, alerts, push, rulings, run, table

from tablectl.engine.notices import FloorCalled, Paused, Resumed
from tablectl.engine.outputs import Alert
from tablectl.engine.table import Table


def _dealt() -> Table:
    t = table()
    run(t, DEAL4)
    return t


def _void(alert: Alert) -> tuple[str, str, str]:
    return (alert.kind, alert.rule, alert.text)


def test_the_clock_paused_and_resumed_from_the_console() -> None:
    """The console's pause and resume buttons stop and restart the tournament clock, said."""
    t = _dealt()
    out = run(t, {"press": "pause"})
    assert [o.text for o in out if isinstance(o, Paused)] == ["the tournament clock is paused"]
    assert t.timing.paused is True
    out = run(t, {"press": "resume"})
    assert [o.text for o in out if isinstance(o, Resumed)] == ["the tournament clock runs again"]
    assert t.timing.paused is False


def test_the_floor_button_calls_the_floor() -> None:
    """The floor button calls the floor to the table and decides nothing (002 Rule 1)."""
    t = _dealt()
    out = run(t, {"press": "floor"})
    assert [(type(o), o.text) for o in out] == [(FloorCalled, "floor called to the table")]
    assert t.to_act() == 4


def test_002_rule_13_no_award_while_betting_is_open() -> None:
    """002 Rule 13: the pot is awarded once the betting is over: award is refused in words while
    a seat is in turn, and nothing is awarded."""
    t = _dealt()
    [void] = alerts(run(t, {"press": "award"}))
    assert _void(void) == ("action_void", "002 Rule 13", "award ignored: betting is still open")
    assert t.hand is not None and t.hand.street == "preflop" and t.to_act() == 4


def test_002_rule_13_no_award_before_the_river_with_two_hands_live() -> None:
    """Seats 4 and 1 all in, the blinds folded: two hands live and the flop out; award is
    refused until the board has five cards (002 Rule 13)."""
    t = _dealt()
    run(t, push(4, 5000, 5000), push(1, 5000, 5000), {"fold": 2}, {"fold": 3})
    run(t, {"board": ["2h", "7d", "Jc"], "burn": "3h"})
    [void] = alerts(run(t, {"press": "award"}))
    assert _void(void) == (
        "action_void",
        "002 Rule 13",
        "award ignored: the board has 3 cards, not 5",
    )
    assert t.hand is not None and t.hand.street != "over"


def test_no_new_hand_before_the_pot_is_awarded() -> None:
    """A new hand is dealt only once the pot is awarded: new_hand during a hand is refused in
    words, the hand goes on."""
    t = _dealt()
    [void] = alerts(run(t, {"press": "new_hand"}))
    assert _void(void) == (
        "action_void",
        "002 Rule 1",
        "new hand ignored: this hand has not been awarded",
    )
    assert t.to_act() == 4


def test_002_rule_43a_a_check_with_no_hand_or_no_seat_in_turn_is_refused() -> None:
    """A check is an action of the seat in turn (002 Rule 43-A): with no hand in progress, and
    with no seat in turn (two seats all in), it is refused in words."""
    t = _dealt()
    run(t, {"fold": 4}, {"fold": 1}, {"fold": 2})
    [void] = alerts(run(t, {"press": "check"}))
    assert _void(void) == ("action_void", "002 Rule 1", "check ignored: no hand is in progress")
    t = _dealt()
    run(t, push(4, 5000, 5000), push(1, 5000, 5000), {"fold": 2}, {"fold": 3})
    [void] = alerts(run(t, {"press": "check"}))
    assert _void(void) == ("action_void", "002 Rule 1", "check ignored: no seat is in turn")
    assert rulings(run(t, {"press": "check"})) == []


def test_002_rule_31_a_status_for_a_seat_with_no_player_is_refused() -> None:
    """Absent (002 Rule 31) is a player's status: a seat nobody sits at gets none; refused in
    words."""
    t = _dealt()
    [void] = alerts(run(t, {"seat": {"seat": 6, "status": "absent"}}))
    assert (void.kind, void.text) == ("action_void", "seat 6 has no player")


def test_002_rule_31_undo_keeps_a_seat_absent_since_before_the_hand() -> None:
    """Seat 3 was marked absent before the hand began (002 Rule 31); an undo during the hand
    takes back the hand's own actions only: seat 3 is still absent."""
    t = table()
    run(t, {"seat": {"seat": 3, "status": "absent"}}, DEAL4, push(4, 100, 100))
    assert t.players[3].absent
    run(t, {"press": "undo"})
    assert t.players[3].absent and t.to_act() == 4
