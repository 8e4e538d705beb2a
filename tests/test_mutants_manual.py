"""Tables without sensors (tablectl.tournament.manual) at the edges a mutation run found
untested (issue 34), each written from what the module says the floor person's entries do,
through ``Venue.apply``: every refusal in one line of words, what the floor person is told to do
(the dealer screen's HOLD line at a sensored table), the blinds read from the button entered,
the table's report made from the entries."""

from __future__ import annotations

from typing import Any

import pytest
from test_venue_manual import FLOOR, Room, structure
from test_venue_model import notices

from tablectl.tournament import manual
from tablectl.tournament.venue import Venue


def alerts(said: list[Any]) -> list[str]:
    return [a.text for a in notices(said, "alert")]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("T2", "setup: setup.manual must be a list of table names"),
        ([2], "setup: setup.manual must be a list of table names"),
        (["T2", "T2"], "setup: setup.manual names a table twice"),
        (["T1", "T9"], "setup: setup.manual: 'T9' is not one of setup.tables"),
    ],
)
def test_setup_manual_refused_in_words(value: object, words: str) -> None:
    v = Venue()
    said = v.apply({"setup": {"tables": ["T1", "T2"], "structure": structure(), "manual": value}})
    assert alerts(said) == [words] and v.cfg is None


def test_a_manual_entry_before_the_start_or_at_a_sensored_table_is_refused_in_words() -> None:
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2", "T3"], "structure": structure(), "manual": ["T2"]}})
    said = v.apply({"manual": {"table": "T2", "by": FLOOR, "hand": {}}})
    assert alerts(said) == ["manual: the tournament has not started"]
    said = v.apply({"manual": {"table": "T1", "by": FLOOR, "hand": {}}})
    assert alerts(said) == ["manual: table 'T1' is not a manual table (manual: T2)"]
    w = Venue()
    w.apply({"setup": {"tables": ["T1"], "structure": structure()}})
    said = w.apply({"manual": {"table": "T1", "by": FLOOR, "hand": {}}})
    assert alerts(said) == ["manual: table 'T1' is not a manual table (manual: none)"]


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ("T3", "manual: manual needs an object, got 'T3'"),
        ({"table": 3, "by": FLOOR}, "manual: table 3 is not a manual table (manual: T3)"),
        ({"table": "T3"}, 'manual: needs "by": the staff member who entered it'),
        (
            {"table": "T3", "by": "  ", "hand": {}},
            'manual: needs "by": the staff member who entered it',
        ),
        (
            {"table": "T3", "by": 7, "hand": {}},
            'manual: needs "by": the staff member who entered it',
        ),
        (
            {"table": "T3", "by": "K" * 65, "hand": {}},
            'manual: needs "by": the staff member who entered it',
        ),
        ({"table": "T3", "by": FLOOR}, "manual: manual needs one of hand, count, confirm, refuse"),
        (
            {"table": "T3", "by": FLOOR, "hand": {}, "count": {}},
            "manual: manual needs one of hand, count, confirm, refuse",
        ),
        (
            {"table": "T3", "by": FLOOR, "hand": []},
            'manual: hand needs {"busts": [...], "button": seat}',
        ),
        ({"table": "T3", "by": FLOOR, "hand": {"busts": {}}}, "manual: hand.busts must be a list"),
        (
            {"table": "T3", "by": FLOOR, "hand": {"button": 0}},
            "manual: hand.button must be a seat 1-10, got 0",
        ),
        (
            {"table": "T3", "by": FLOOR, "hand": {"button": True}},
            "manual: hand.button must be a seat 1-10, got True",
        ),
        (
            {"table": "T3", "by": FLOOR, "hand": {"button": "1"}},
            "manual: hand.button must be a seat 1-10, got '1'",
        ),
        (
            {"table": "T3", "by": FLOOR, "hand": {"busts": ["x"]}},
            "manual: 'x' is not playing at T3",
        ),
        ({"table": "T3", "by": FLOOR, "confirm": []}, "manual: confirm names at least one command"),
        ({"table": "T3", "by": FLOOR, "confirm": "c999"}, "manual: no command 'c999' waits at T3"),
        ({"table": "T3", "by": FLOOR, "confirm": 5}, "manual: no command 5 waits at T3"),
        ({"table": "T3", "by": FLOOR, "refuse": "c999"}, "manual: no command 'c999' waits at T3"),
    ],
)
def test_a_bad_entry_is_refused_in_one_line_and_changes_nothing(entry: object, words: str) -> None:
    room = Room()
    before = room.v.tables["T3"].report
    assert alerts(room.v.apply({"manual": entry})) == [words]
    assert room.v.tables["T3"].report == before
    room.check()


def test_a_staff_name_of_64_characters_is_kept_trimmed() -> None:
    room = Room()
    assert not alerts(room.v.apply({"manual": {"table": "T3", "by": "K" * 64, "hand": {}}}))
    assert room.v.manual.tables["T3"].by == "K" * 64
    assert room.v.manual.tables["T3"].what == "hand 1: hand over"
    assert not alerts(room.v.apply({"manual": {"table": "T3", "by": " Kim ", "hand": {}}}))
    assert room.v.manual.tables["T3"].by == "Kim"
    assert room.v.manual.tables["T3"].what == "hand 2: hand over"


def test_what_the_floor_person_is_told_to_do() -> None:
    """The floor person's screen says whether the table may deal and why: not in play, the
    table breaking (002 Rule 10-B), play on, and hand-for-hand's rounds (002 RP-8 A)."""
    idle = Room(players=12)  # two tables seat twelve: the manual T3 is not used
    assert manual.instruction(idle.v, "T3") == (False, "not in play")
    room = Room()
    assert manual.instruction(room.v, "T3") == (True, "Play on")
    room.report("T1", tuple(room.names("T1")[:2]), settle=False)  # 18 fit two tables
    assert room.v.tables["T3"].breaking
    assert manual.instruction(room.v, "T3") == (
        False,
        "the table breaks: move the players as the seat cards say (002 Rule 10-B)",
    )
    h4h = Room(manual_tables=("T2",))
    h4h.bust_to(13)
    h4h.v.apply({"hand_for_hand": {"on": True}})
    assert manual.instruction(h4h.v, "T2") == (
        True,
        "Hand for hand: finish the hand in progress, then enter Hand over",
    )
    h4h.enter("T2", hand={})
    assert manual.instruction(h4h.v, "T2") == (
        True,
        "Hand for hand, round 1: deal one hand, then enter Hand over",
    )
    h4h.enter("T2", hand={})
    assert manual.instruction(h4h.v, "T2") == (False, "HOLD - hand for hand: waiting for T1")
