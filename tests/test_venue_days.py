"""A tournament over two days (issue 32 section 3): the end of day's bag and tag record, read
from the tables and confirmed by their dealers (or entered by hand), and day two restarting
from it with a new seat draw (002 Rule 7) at the same level and time left, every chip kept."""

from __future__ import annotations

from typing import Any

from test_venue_bounties import BountyRoom
from test_venue_model import confirm, notices, report, seats_of, venue_with

from tablectl.tournament.venue import Venue
from tablectl.wire.commands import BagCmd, HaltCmd, SeatCmd


def played(players: int = 14) -> Venue:
    """Two tables, every seat confirmed, a hand reported at each with the stacks moved and the
    RFID reading of each stack zone; level 3."""
    v, out = venue_with(players, tables=2, handed=9)
    confirm(v, out)
    v.apply({"level": {"index": 2}})
    for seq, t in enumerate(("T1", "T2"), start=1):
        seats = sorted(seats_of(v, t))
        stacks = {s: 10_000 for s in seats}
        stacks[seats[0]], stacks[seats[1]] = 13_400, 6_600  # a pot won
        v.apply(report(v, t, seq, chips=True, stacks=stacks))
    return v


def bags(out: list[Any]) -> list[BagCmd]:
    return [o for o in out if isinstance(o, BagCmd)]


def test_the_end_of_day_halts_every_table_and_asks_a_bag_of_each_player() -> None:
    v = played()
    out = v.apply({"end_day": {"seconds_left": 754}})
    assert {o.table for o in out if isinstance(o, HaltCmd) and o.halt} == {"T1", "T2"}
    asked = bags(out)
    assert len(asked) == 14 and sum(b.stack for b in asked) == v.chips_issued
    big = next(b for b in asked if b.stack == 13_400)
    assert big.colours() == [(1000, 13), (100, 4)]  # the reading by colour, for the tag
    assert notices(out, "day_end")[0].data == {"day": 1, "bags": 14, "chips": 14 * 10_000}
    assert v.apply({"end_day": {}})[0].kind == "alert"  # once
    late = v.apply({"register": {"name": "Late"}})  # nobody is seated at a halted table
    assert late[0].kind == "alert" and "wait for day 2" in late[0].text
    assert "Late" not in {e.name for e in v.entries.values()}


def test_bags_confirmed_end_the_day_and_day_two_draws_new_seats_with_every_chip() -> None:
    v = played()
    issued = v.chips_issued
    step = v.step_index
    out = v.apply({"end_day": {"seconds_left": 754}})
    said: list[Any] = []
    for b in bags(out):
        said += v.apply({"confirmed": {"table": b.table, "id": b.id, "stack": b.stack}})
    over = notices(said, "day_over")
    assert over and over[0].data == {"day": 1, "bags": 14, "chips": issued}
    assert not notices(said, "alert") and not notices(said, "finished")
    kept = {k: (b.stack, b.chips) for k, b in v.days.bags.items()}
    assert sum(s for s, _c in kept.values()) == issued
    assert all(sum(val * n for val, n in c.items()) == s for s, c in kept.values())
    before = {e.id: (e.table, e.seat) for e in v.remaining()}

    out = v.apply({"start_day": {}})
    seats = [o for o in out if isinstance(o, SeatCmd)]
    assert len(seats) == 14 and all(o.rule == "002 Rule 7" for o in seats)
    assert {v.entries[v.pending[o.id][1]].id: o.stack for o in seats} == {
        k: s for k, (s, _c) in kept.items()
    }
    start = notices(out, "day_start")[0]
    assert (
        start.data == {"day": 2, "players": 14, "seconds_left": 754} and "12:34 left" in start.text
    )
    confirm(v, out)
    after = {e.id: (e.table, e.seat) for e in v.remaining()}
    assert after != before  # a new draw
    assert v.step_index == step and v.chips_issued == issued
    assert sum(e.stack for e in v.remaining()) == issued  # chips conserved across the days
    assert v.days.day == 2 and not v.days.stopped


def test_a_bag_that_does_not_match_its_colours_is_refused_and_a_bag_by_hand_replaces_it() -> None:
    v = played()
    out = v.apply({"end_day": {}})
    first = bags(out)[0]
    entry = v.pending[first.id][1]
    bad = v.apply({"bagged": {"entry": entry, "chips": {"1000": 3}, "stack": 10_000}})
    assert len(bad) == 1 and bad[0].kind == "alert" and "count again" in bad[0].text
    said = v.apply({"bagged": {"entry": entry, "chips": {"1000": 9, "500": 2}, "by": "Kim"}})
    assert not notices(said, "alert")
    bag = v.days.bags[entry]
    assert bag.stack == 10_000 and bag.chips == {1000: 9, 500: 2} and bag.by == "Kim"
    assert first.id not in v.pending  # the table's command is withdrawn
    again = v.apply({"confirmed": {"table": first.table, "id": first.id, "stack": 1}})
    assert again[0].kind == "alert"


def test_bags_that_do_not_hold_the_chips_in_play_say_so() -> None:
    v = played()
    out = v.apply({"end_day": {}})
    said: list[Any] = []
    for i, b in enumerate(bags(out)):
        said += v.apply(
            {"confirmed": {"table": b.table, "id": b.id, "stack": b.stack - (100 if i == 0 else 0)}}
        )
    assert any("count the bags again" in a.text for a in notices(said, "alert"))


def test_the_day_ends_between_hands_only_and_day_two_waits_for_every_bag() -> None:
    v = played()
    live = report(v, "T1", 9)
    live["report"]["in_hand"] = True
    v.apply(live)
    said = v.apply({"end_day": {}})
    assert said[0].kind == "alert" and "between hands" in said[0].text
    v.apply(report(v, "T1", 10))
    v.apply({"end_day": {}})
    said = v.apply({"start_day": {}})
    assert said[0].kind == "alert" and "every bag" in said[0].text


def test_a_manual_table_s_floor_person_confirms_the_bags_with_the_count() -> None:
    room = BountyRoom()
    v = room.v
    out = v.apply({"end_day": {}})
    said: list[Any] = []
    for b in bags(out):
        if v.manual.has(b.table):
            said += room.enter(b.table, confirm=b.id, stack=b.stack)
        else:
            said += v.apply({"confirmed": {"table": b.table, "id": b.id, "stack": b.stack}})
    assert notices(said, "day_over") and not notices(said, "alert")
    assert sum(b.stack for b in v.days.bags.values()) == v.chips_issued
