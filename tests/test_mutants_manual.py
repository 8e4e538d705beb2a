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


def test_bad_bust_outs_and_counts_are_refused_in_their_words() -> None:
    room = Room()
    a, b, c = room.names("T3")[:3]
    for hand, words in (
        ({"busts": [{"name": a, "by": b}, {"name": a, "by": c}]}, f"{a} is entered out twice"),
        ({"busts": [{"name": a, "by": [b]}]}, f"{a}: eliminated by whom?"),
        ({"busts": [{"name": a, "by": a}]}, f"{a} cannot be eliminated by '{a}': not at T3"),
        ({"busts": [{"name": a, "by": {b: 0}}]}, f"{b}'s share must be a whole number above 0"),
        ({"busts": [{"name": a, "by": {b: True}}]}, f"{b}'s share must be a whole number above 0"),
        (
            {"busts": [{"name": a, "by": b, "place": 20}, {"name": c, "by": b, "place": 20}]},
            "20 players in: a player out now finishes in place 19-20 (each named), not 20, 20",
        ),
        ({"busts": [{"name": a, "by": b, "place": -1}]}, f"{a}'s place must be a whole number"),
    ):
        (alert,) = room.enter("T3", hand=hand)
        assert alert.kind == "alert" and alert.text.startswith(f"manual: {words}"), alert.text
    names = room.names("T3")
    stacks = {n: 10000 for n in names}
    for count, words in (
        ("all", f"a count names every player at T3: missing {', '.join(sorted(names))}"),
        ({**stacks, "Zed": 1}, "a count names every player at T3: not at T3: Zed"),
        ({**stacks, a: -1}, f"{a}'s count must be a whole number of chips, got -1"),
        ({**stacks, a: 10**12 + 1}, f"{a}'s count must be a whole number of chips, got"),
        ({**stacks, a: 1.5}, f"{a}'s count must be a whole number of chips, got 1.5"),
    ):
        (alert,) = room.enter("T3", count=count)
        assert alert.kind == "alert" and alert.text.startswith(f"manual: {words}"), alert.text
    room.check()


def test_the_floor_person_s_entries_say_what_they_were() -> None:
    """What the console shows as the table's last entry, and an elimination entered by hand
    says who entered it, where."""
    room = Room()
    a, b = room.names("T3")[:2]
    said = room.enter("T3", hand={"busts": [{"name": a, "by": b}]})
    (out,) = notices(said, "eliminated")
    assert out.text.endswith(f" (entered by {FLOOR} at T3)")
    assert room.v.manual.tables["T3"].what == f"hand 1: {a} out"
    names = room.names("T3")
    stacks = {n: room.v.entries[e.id].stack for n, e in _at(room, "T3").items()}
    assert not alerts(room.enter("T3", count=stacks))
    assert room.v.manual.tables["T3"].what == f"counted {sum(stacks.values()):,} chips"
    assert len(names) == len(stacks)


def _at(room: Room, table: str) -> dict[str, Any]:
    return {e.name: e for e in manual.seated(room.v, table)}


def test_the_report_of_a_manual_table_names_the_blinds_after_the_button() -> None:
    """A manual table enters its button only: the blinds are the next two players clockwise
    (002 Rule 11-A's "due the big blind next" is read from them), round the table."""
    room = Room()
    seats = [e.seat for e in manual.seated(room.v, "T3")]
    assert not alerts(room.enter("T3", hand={"button": seats[-1]}))
    r = room.v.tables["T3"].report
    assert (r.button, r.sb, r.bb) == (seats[-1], seats[0], seats[1])
    assert not alerts(room.enter("T3", hand={"button": seats[0]}))
    r = room.v.tables["T3"].report
    assert (r.button, r.sb, r.bb) == (seats[0], seats[1], seats[2])
    assert not alerts(room.enter("T3", hand={}))  # the button stays where it was
    assert room.v.tables["T3"].report.button == seats[0]


def test_no_count_is_asked_of_a_table_whose_players_have_not_sat_down() -> None:
    """The draw's seats wait for the floor person: nobody sits at the manual table yet, so no
    count is asked at the end of a level; once they are seated it is."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2"], "structure": structure(), "manual": ["T2"]}})
    for i in range(12):
        v.apply({"register": {"name": f"P{i}"}})
    v.apply({"start": {}})
    v.apply({"level": {"index": 1}})
    assert v.tables["T2"].active and manual.asked(v, "T2") == []
    ids = [c.id for c in manual.waiting(v, "T2")]
    assert not alerts(v.apply({"manual": {"table": "T2", "by": FLOOR, "confirm": ids}}))
    assert manual.asked(v, "T2") == ["end of level"]


def test_a_colour_up_count_is_asked_for_the_steps_passed_since_the_last_count() -> None:
    """002 Rule 25: a count is asked at the end of a level, and as a colour-up when a step
    passed since the table's last count colours up (not one still to come); the count after
    the race may then change the chips in play."""
    room = Room()
    up = next(i for i, s in enumerate(room.v.structure.steps) if s.color_up)
    room.v.apply({"level": {"index": up - 1}})
    assert manual.asked(room.v, "T3") == ["end of level"]  # the colour-up is still to come
    stacks = {n: 10000 for n in room.names("T3")}
    assert not alerts(room.enter("T3", count=stacks))
    room.v.apply({"level": {"index": up}})
    assert manual.asked(room.v, "T3") == ["colour-up (002 Rule 25)", "end of level"]
    first = room.names("T3")[0]
    said = room.enter("T3", count={**stacks, first: 10100})
    assert [n.data for n in notices(said, "color_up")] == [{"table": "T3", "chips": 100}]


def test_hand_for_hand_over_asks_no_hand_for_hand_count() -> None:
    room = Room(manual_tables=("T2",))
    room.bust_to(13)
    room.v.apply({"hand_for_hand": {"on": True}})
    assert "hand-for-hand (002 RP-8)" in manual.asked(room.v, "T2")
    room.v.apply({"hand_for_hand": {"on": False}})
    assert room.v.h4h is None
    assert "hand-for-hand (002 RP-8)" not in manual.asked(room.v, "T2")


def test_each_entry_is_one_report_and_a_busted_seat_takes_no_blind() -> None:
    room = Room()
    seats = [e.seat for e in manual.seated(room.v, "T3")]
    seq = room.v.tables["T3"].report.seq
    assert not alerts(room.enter("T3", hand={}))
    assert room.v.tables["T3"].report.seq == seq + 1
    at = {e.seat: e.name for e in manual.seated(room.v, "T3")}
    hand = {"busts": [{"name": at[seats[0]], "by": at[seats[1]]}], "button": seats[-1]}
    assert not alerts(room.enter("T3", hand=hand))
    r = room.v.tables["T3"].report
    assert r.seq == seq + 2 and (r.button, r.sb, r.bb) == (seats[-1], seats[1], seats[2])
