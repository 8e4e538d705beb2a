"""Tables without sensors (tablectl.tournament.manual) at the edges a mutation run found
untested (issue 34), each written from what the module says the floor person's entries do,
through ``Venue.apply``: every refusal in one line of words, what the floor person is told to do
(the dealer screen's HOLD line at a sensored table), the blinds read from the button entered,
the table's report made from the entries."""

from __future__ import annotations

from typing import Any

import pytest
from test_venue_manual import FLOOR, Room, structure
from test_venue_model import commands, notices

from tablectl.tournament import manual
from tablectl.tournament.venue import Venue
from tablectl.wire.commands import SeatCmd, StackCmd, UnseatCmd


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


def test_every_manual_table_is_named_when_an_entry_names_another() -> None:
    room = Room(manual_tables=("T2", "T3"))
    said = room.v.apply({"manual": {"table": "T1", "by": FLOOR, "hand": {}}})
    assert alerts(said) == ["manual: table 'T1' is not a manual table (manual: T2, T3)"]


def test_a_count_changes_the_chips_only_when_a_colour_up_has_passed() -> None:
    """002 Rule 25: only the count after a colour-up may change the chips in play; at the
    level before it (the race still to come) a count that differs is counted again."""
    room = Room()
    up = next(i for i, s in enumerate(room.v.structure.steps) if s.color_up)
    room.v.apply({"level": {"index": up - 1}})
    names = room.names("T3")
    stacks = {n: room.v.entries[_at(room, "T3")[n].id].stack for n in names}
    held = sum(stacks.values())
    (alert,) = room.enter("T3", count={**stacks, names[0]: stacks[names[0]] + 100})
    assert alert.text == (
        f"manual: the counts sum to {held + 100:,} but T3 holds {held:,} chips: count again"
    )
    room.check()


def test_a_halted_manual_table_reports_halted_until_players_arrive() -> None:
    """002 Rule 11-D: three out on one hand leave open seats between the big blind and the next
    one; the table holds until players arrive, and its report says so as a sensored table's
    would; once the moves are confirmed it is between hands again."""
    room = Room(players=27)  # 9 a table
    names = room.names("T3")  # seats 1-9
    busts = [{"name": n, "by": names[0]} for n in names[3:6]]
    said = room.enter("T3", hand={"busts": busts, "button": 1})  # blinds 2 and 3, 4-6 open
    assert room.v.tables["T3"].halted and not alerts(said)
    assert manual.instruction(room.v, "T3") == (
        False,
        "HALTED: hold play until players arrive (002 Rule 11-D)",
    )
    stacks = {e.name: e.stack for e in manual.seated(room.v, "T3")}
    assert not alerts(room.enter("T3", count=stacks))
    assert room.v.tables["T3"].report.status == "halted"
    room.settle([])
    assert not room.v.tables["T3"].halted
    assert not alerts(room.enter("T3", hand={}))
    assert room.v.tables["T3"].report.status == "between"


def _one_table(players: str) -> Venue:
    """A one-table event at a manual table, every seat confirmed."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1"], "seed": 5, "structure": structure(), "manual": ["T1"]}})
    for name in players:
        v.apply({"register": {"name": name}})
    v.apply({"start": {}})
    ids = [c.id for c in manual.waiting(v, "T1")]
    assert not alerts(v.apply({"manual": {"table": "T1", "by": FLOOR, "confirm": ids}}))
    return v


def _blinds_after(v: Venue, button: int, busts: list[dict[str, Any]] | None = None) -> tuple:
    hand: dict[str, Any] = {"button": button, "busts": busts or []}
    assert not alerts(v.apply({"manual": {"table": "T1", "by": FLOOR, "hand": hand}}))
    r = v.tables["T1"].report
    return r.button, r.sb, r.bb


def test_three_handed_and_heads_up_blinds_follow_the_button_entered() -> None:
    """Three-handed the blinds are the two players after the button, round the table; heads-up
    the button is the small blind (002 Rule 35-B); a button entered on a seat nobody holds
    heads-up leaves the small blind to the next player and the big blind to the other."""
    v = _one_table("ABC")
    at = {e.seat: e.name for e in manual.seated(v, "T1")}
    s1, s2, s3 = sorted(at)
    assert _blinds_after(v, s1) == (s1, s2, s3)
    assert _blinds_after(v, s2) == (s2, s3, s1)
    assert _blinds_after(v, s3) == (s3, s1, s2)
    out = [{"name": at[s1], "by": at[s2]}]
    assert _blinds_after(v, s2, out) == (s2, s2, s3)  # heads-up: the button is the small blind
    assert _blinds_after(v, s3) == (s3, s3, s2)
    assert _blinds_after(v, s1) == (s1, s2, s3)  # the seat left empty: no one on the button


def test_a_lone_player_or_no_button_has_no_blinds() -> None:
    v = _one_table("AB")
    s1, s2 = sorted(e.seat for e in manual.seated(v, "T1"))
    assert not alerts(v.apply({"manual": {"table": "T1", "by": FLOOR, "hand": {}}}))
    r = v.tables["T1"].report
    assert (r.button, r.sb, r.bb) == (None, None, None)
    assert _blinds_after(v, s1) == (s1, s1, s2)


def test_a_count_of_no_chips_is_a_count_and_a_trillion_the_most() -> None:
    """A count is a whole number of chips from 0 (a player with nothing left in front of
    them) to 10**12; the chips the player moving takes are limited by the table's chips."""
    room = Room()
    names = room.names("T3")
    stacks = {n: room.v.entries[_at(room, "T3")[n].id].stack for n in names}
    moved = {**stacks, names[0]: 0, names[1]: stacks[names[1]] + stacks[names[0]]}
    assert not alerts(room.enter("T3", count=moved))
    assert _at(room, "T3")[names[0]].stack == 0
    room.check()
    room = Room(manual_tables=("T1",), players=27)
    room.bust("T1", room.names("T1")[:2])
    room.bust("T2", room.names("T2")[:2])
    said = room.report("T3", tuple(room.names("T3")[:2]), settle=False)  # T1 sends one to T3
    (unseat,) = commands(said, UnseatCmd)
    held = manual.chips_at(room.v, "T1")
    (alert,) = room.enter("T1", confirm=unseat.id, stack=10**12)
    assert alert.text == f"manual: {unseat.name} cannot take 1,000,000,000,000: T1 holds {held:,}"
    (alert,) = room.enter("T1", confirm=unseat.id, stack=10**12 + 1)
    assert alert.text == (
        "manual: the chips taken must be a whole number of chips, got 1000000000001"
    )


def test_a_second_hand_over_in_a_round_is_refused_naming_the_rule() -> None:
    room = Room(manual_tables=("T2",))
    room.bust_to(13)
    room.v.apply({"hand_for_hand": {"on": True}})
    assert not alerts(room.enter("T2", hand={}))  # round 0's hand in progress
    assert not alerts(room.enter("T2", hand={}))  # round 1's hand
    assert alerts(room.enter("T2", hand={})) == [
        "manual: T2 has reported round 1's hand over: hold until the next round (002 RP-8 A)"
    ]


def test_the_button_is_a_seat_from_1_to_10() -> None:
    """Tables seat at most ten (002 Rule 12): seat 10 is a button, 11 is not."""
    room = Room()
    seats = [e.seat for e in manual.seated(room.v, "T3")]
    assert not alerts(room.enter("T3", hand={"button": 10}))
    r = room.v.tables["T3"].report
    assert (r.button, r.sb, r.bb) == (10, seats[0], seats[1])
    assert alerts(room.enter("T3", hand={"button": 11})) == [
        "manual: hand.button must be a seat 1-10, got 11"
    ]


def _draw_waiting() -> Venue:
    """T1 sensored and T2 manual: the seat draw's cards for T2 wait for its floor person."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2"], "structure": structure(), "manual": ["T2"]}})
    for i in range(12):
        v.apply({"register": {"name": f"P{i}"}})
    v.apply({"start": {}})
    return v


def test_the_floor_person_refuses_a_command_saying_why() -> None:
    """A seat the floor person cannot give (002 Rule 7's draw) is refused with the reason, as a
    sensored table's dealer refuses it: the director is alerted, the player drawn a fresh seat,
    the table's report made again, and the entry says what it was."""
    v = _draw_waiting()
    first = manual.waiting(v, "T2")[0]
    for reason in (None, "", "   ", 5):
        entry = {"table": "T2", "by": FLOOR, "refuse": first.id, "reason": reason}
        assert alerts(v.apply({"manual": entry})) == ["manual: a refusal says why"]
    assert manual.waiting(v, "T2")[0] == first and v.tables["T2"].report is None
    said = v.apply(
        {"manual": {"table": "T2", "by": FLOOR, "refuse": first.id, "reason": "  no chair "}}
    )
    assert alerts(said) == [f"T2 refused seat {first.id}: no chair"]
    (again,) = commands(said, SeatCmd)
    assert (again.name, again.why) == (first.name, "re-drawn: seat refused")
    assert first.id not in v.pending and v.tables["T2"].report.seq == 1
    assert (v.manual.tables["T2"].by, v.manual.tables["T2"].what) == (
        FLOOR,
        f"refused {first.id}: no chair",
    )
    long = "a reason " * 20
    second = manual.waiting(v, "T2")[0]
    entry = {"table": "T2", "by": FLOOR, "refuse": second.id, "reason": long}
    assert alerts(v.apply({"manual": entry})) == [f"T2 refused seat {second.id}: {long[:80]}"]
    assert v.manual.tables["T2"].what == f"refused {second.id}: {long.strip()[:80]}"
    assert v.tables["T2"].report.seq == 2


def test_two_out_on_one_hand_are_named_and_a_lone_eliminator_has_a_share_of_one() -> None:
    """An eliminator named alone takes the whole bust-out, a share of 1 (the bounty's path,
    002 Rule 28's bounties); two out on one hand are both named in the entry's words; a
    player out on the hand eliminated no one on it."""
    room = Room()
    a, b, c = room.names("T3")[:3]
    hand = {"busts": [{"name": a, "by": c}, {"name": b, "by": a}]}
    assert alerts(room.enter("T3", hand=hand)) == [
        "manual: a player out on this hand eliminated no one on it"
    ]
    said = room.enter("T3", hand={"busts": [{"name": a, "by": c}, {"name": b, "by": c}]})
    by = {n.data["name"]: n.data["by"] for n in notices(said, "eliminated")}
    cid = room.v.entries[_at(room, "T3")[c].id].id
    assert by == {a: {cid: 1}, b: {cid: 1}}
    assert room.v.manual.tables["T3"].what == f"hand 1: {a}, {b} out"
    room.check()


def test_a_count_s_refusal_names_who_is_missing_and_who_is_not_there() -> None:
    room = Room()
    names = room.names("T3")
    count = {n: 10000 for n in names[1:]} | {"Zed": 1, "Abe": 2}
    assert alerts(room.enter("T3", count=count)) == [
        f"manual: a count names every player at T3: missing {names[0]}; not at T3: Abe, Zed"
    ]


def test_a_colour_up_counted_by_hand_is_announced_with_the_chips_it_changed() -> None:
    """002 Rule 25: the count after the race may change the chips in play, up or down; the
    notice says by how much, citing the rule."""
    room = Room()
    up = next(i for i, s in enumerate(room.v.structure.steps) if s.color_up)
    room.v.apply({"level": {"index": up}})
    names = room.names("T3")
    stacks = {n: room.v.entries[_at(room, "T3")[n].id].stack for n in names}
    said = room.enter("T3", count={**stacks, names[0]: stacks[names[0]] - 300})
    (note,) = notices(said, "color_up")
    assert (note.text, note.rule) == ("T3: colour-up counted by hand, -300 chips", "002 Rule 25")


def test_players_leaving_a_broken_manual_table_take_the_chips_counted() -> None:
    """002 Rule 10-B at a table without sensors: each player moved off a broken table takes
    their last count unless the floor person counts otherwise; what each leaves behind adds up
    at the table, and the last one may take every chip still there, not one more."""
    room = Room()
    room.bust("T3", room.names("T3")[:1])
    a, b = room.names("T3")[:2]
    said = room.enter("T3", hand={"busts": [{"name": a, "by": b}]})  # 18 left fit two tables
    assert room.v.tables["T3"].breaking
    first, second, third, fourth, last = manual.waiting(room.v, "T3")
    stack = {e.name: e.stack for e in manual.seated(room.v, "T3")}
    said = room.enter("T3", confirm=first.id)
    (seat,) = commands(said, SeatCmd)
    assert (seat.name, seat.stack) == (first.name, stack[first.name])
    assert not alerts(room.enter("T3", confirm=second.id, stack=stack[second.name] - 300))
    assert not alerts(room.enter("T3", confirm=third.id, stack=stack[third.name] - 200))
    assert room.v.manual.tables["T3"].uncounted == 500
    assert not alerts(room.enter("T3", confirm=fourth.id))
    held = manual.chips_at(room.v, "T3")
    assert held == stack[last.name] + 500
    (alert,) = room.enter("T3", confirm=last.id, stack=held + 1)
    assert alert.text == f"manual: {last.name} cannot take {held + 1:,}: T3 holds {held:,}"
    said = room.enter("T3", confirm=last.id, stack=held)
    (seat,) = commands(said, SeatCmd)
    assert seat.stack == held and room.v.manual.tables["T3"].uncounted == 0
    room.settle(said)


def _stack_table(**setup: Any) -> Venue:
    v = Venue()
    body = {"tables": ["T1"], "seed": 5, "structure": structure(), "manual": ["T1"], **setup}
    assert not v.apply({"setup": body})
    for name in "ABC":
        v.apply({"register": {"name": name}})
    v.apply({"start": {}})
    ids = [c.id for c in manual.waiting(v, "T1")]
    assert not alerts(v.apply({"manual": {"table": "T1", "by": FLOOR, "confirm": ids}}))
    return v


def _conserved(v: Venue) -> bool:
    at = sum(e.stack for e in v.remaining()) + v.manual.tables["T1"].uncounted
    return at == v.chips_issued


def _enter(v: Venue, **entry: Any) -> list[Any]:
    return v.apply({"manual": {"table": "T1", "by": FLOOR, **entry}})


def test_a_re_entry_forfeiting_at_a_manual_table_removes_the_chips_counted() -> None:
    """002 Rule 8-B: the forfeited stack leaves play. The floor person says how many chips
    they replaced (``before``); what that differs from the last count stays at the table,
    uncounted; without it the last count left play, as it stands when confirmed."""
    v = _stack_table(reentries=1, late_until_level=3)
    at = {e.name: e for e in manual.seated(v, "T1")}
    assert not alerts(_enter(v, hand={"busts": [{"name": "C", "by": "A"}]}))  # A 20,000
    v.apply({"reentry": {"name": "A", "forfeit": True}})
    (cmd,) = manual.waiting(v, "T1")
    assert isinstance(cmd, StackCmd) and cmd.set
    (alert,) = _enter(v, confirm=cmd.id, before=-1)
    assert alert.text == "manual: the chips replaced must be a whole number of chips, got -1"
    issued = v.chips_issued
    assert not alerts(_enter(v, confirm=cmd.id, before=19500))
    assert v.manual.tables["T1"].uncounted == 500
    assert v.chips_issued == issued + 10000 - 19500 and _conserved(v)
    assert _stack_of(v, "A") == 10000 and at["A"].status == "forfeited"
    v.apply({"reentry": {"name": "B", "forfeit": True}})
    (cmd,) = manual.waiting(v, "T1")
    assert not alerts(_enter(v, confirm=cmd.id, before=9800))
    assert v.manual.tables["T1"].uncounted == 700 and _conserved(v)
    w = _stack_table(reentries=1, late_until_level=3)
    w.apply({"reentry": {"name": "A", "forfeit": True}})
    (cmd,) = manual.waiting(w, "T1")
    assert not alerts(_enter(w, hand={"busts": [{"name": "C", "by": "A"}]}))  # before it
    issued = w.chips_issued
    assert not alerts(_enter(w, confirm=cmd.id))
    assert w.chips_issued == issued + 10000 - 20000 and _conserved(w)
    assert w.manual.tables["T1"].uncounted == 0


def _stack_of(v: Venue, name: str) -> int:
    (e,) = [e for e in manual.seated(v, "T1") if e.name == name]
    return e.stack


def test_an_add_on_at_a_manual_table_adds_to_the_stack_as_it_stands() -> None:
    """002 Rule 28: an add-on's chips join the player's stack between hands, the stack as the
    floor person's entries leave it when they confirm (a bust-out won meanwhile included)."""
    v = _stack_table(addon={"chips": 5000, "money": 50, "until_level": 3})
    v.apply({"addon": {"name": "A"}})
    (cmd,) = manual.waiting(v, "T1")
    assert not alerts(_enter(v, hand={"busts": [{"name": "C", "by": "A"}]}))
    issued = v.chips_issued
    said = _enter(v, confirm=cmd.id, before=123)  # "before" is for a stack replaced only
    assert not alerts(said)
    assert _stack_of(v, "A") == 25000 and v.chips_issued == issued + 5000 and _conserved(v)
    assert v.manual.tables["T1"].what == f"confirmed {cmd.id}"


def test_a_table_done_with_its_round_is_told_every_table_it_waits_for() -> None:
    """002 RP-8 A: a table whose hand is over holds until every other table's is."""
    room = Room()
    room.v.apply({"hand_for_hand": {"on": True}})
    assert not alerts(room.enter("T3", hand={}))  # round 0: the others are between hands
    assert room.v.h4h.round == 1
    assert not alerts(room.enter("T3", hand={}))
    assert manual.instruction(room.v, "T3") == (False, "HOLD - hand for hand: waiting for T1, T2")


def test_a_count_during_hand_for_hand_answers_its_question_once() -> None:
    """002 RP-8: hand-for-hand asks each manual table for a count once; a count during it
    answers that, a count before it does not."""
    room = Room(manual_tables=("T2",))
    room.bust_to(13)
    stacks = {e.name: e.stack for e in manual.seated(room.v, "T2")}
    assert not alerts(room.enter("T2", count=stacks))
    room.v.apply({"hand_for_hand": {"on": True}})
    assert manual.asked(room.v, "T2") == ["hand-for-hand (002 RP-8)"]
    assert not alerts(room.enter("T2", count=stacks))
    assert manual.asked(room.v, "T2") == []


def test_confirming_several_commands_at_once_names_them_all() -> None:
    v = _draw_waiting()
    ids = [c.id for c in manual.waiting(v, "T2")]
    assert not alerts(v.apply({"manual": {"table": "T2", "by": FLOOR, "confirm": ids}}))
    assert v.manual.tables["T2"].what == "confirmed " + ", ".join(ids)
