"""A tournament over several days: what a mutation run found untested (issue 34), from the module's
stated rules (tablectl/tournament/days.py: bag and tag between hands, every chip bagged comes
back, day two a new draw, 002 Rules 7 and 11-D) through ``Venue.apply``."""

from __future__ import annotations

from typing import Any

import pytest
from test_venue_days import bags, played
from test_venue_model import STRUCTURE, confirm, notices, report, venue_with

from tablectl.tournament.days import colours
from tablectl.tournament.venue import Venue
from tablectl.wire.commands import BagCmd, HaltCmd, SeatCmd


def alert(out: list[Any]) -> str:
    assert len(out) == 1 and out[0].kind == "alert", out
    return str(out[0].text)


def all_bagged(v: Venue, short: int = 0) -> list[Any]:
    said: list[Any] = []
    for i, b in enumerate(sorted(bags_asked(v), key=lambda b: b.id)):
        stack = b.stack - (short if i == 0 else 0)
        said += v.apply({"confirmed": {"table": b.table, "id": b.id, "stack": stack}})
    return said


def bags_asked(v: Venue) -> list[BagCmd]:
    return [c for c, _e in v.pending.values() if isinstance(c, BagCmd)]


def test_the_end_of_day_halts_each_table_and_asks_each_bag_in_words() -> None:
    """002 Rule 11-D's halt, why the end of the day; a bag a player, table by table and seat by
    seat, with the reading by colour only when it is the whole stack."""
    v = played()
    out = v.apply({"end_day": {"seconds_left": 0}})
    halts = [o for o in out if isinstance(o, HaltCmd)]
    assert [(h.table, h.rule, h.why, h.halt) for h in halts] == [
        ("T1", "002 Rule 11-D", "end of day 1: bag and tag", True),
        ("T2", "002 Rule 11-D", "end of day 1: bag and tag", True),
    ]
    asked = bags(out)
    assert [(b.table, b.seat) for b in asked] == sorted((b.table, b.seat) for b in asked)
    first = asked[0]
    entry = v.entries[v.pending[first.id][1]]
    assert (first.seat, first.name, first.stack, first.day) == (entry.seat, entry.name, 13_400, 1)
    assert first.why == (
        "end of day 1: bag and tag: count the chips into the bag, confirm the total and the colours"
    )
    assert first.chips == (1000,) * 13 + (100,) * 4
    (end,) = notices(out, "day_end")
    assert end.text == "end of day 1: 14 bags to make at 2 tables"
    assert v.days.seconds_left == 0 and v.days.chips_at_end == v.chips_issued


def test_a_stack_read_short_of_the_player_s_chips_is_asked_without_colours() -> None:
    """The colours go on the tag only when the reading is the whole stack."""
    v, out = venue_with(14, tables=2, handed=9)
    confirm(v, out)
    for seq, t in enumerate(("T1", "T2"), start=1):
        event = report(v, t, seq, chips=True)
        event["report"]["seats"][0]["chips"] = [1000] * 9  # 9,000 read of 10,000
        v.apply(event)
    asked = bags(v.apply({"end_day": {}}))
    assert sorted(len(b.chips) for b in asked)[:3] == [0, 0, 10]
    assert all(sum(b.chips) in (0, b.stack) for b in asked)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (-1, "end_day: end_day.seconds_left must be whole seconds >= 0, got -1"),
        (True, "end_day: end_day.seconds_left must be whole seconds >= 0, got True"),
        (1.5, "end_day: end_day.seconds_left must be whole seconds >= 0, got 1.5"),
        ("60", "end_day: end_day.seconds_left must be whole seconds >= 0, got '60'"),
    ],
)
def test_a_bad_time_left_is_refused_in_words(seconds: object, words: str) -> None:
    v = played()
    assert alert(v.apply({"end_day": {"seconds_left": seconds}})) == words
    assert not v.days.stopped and not v.pending


def test_a_day_ends_only_while_the_tournament_plays_and_once() -> None:
    v = Venue()
    v.apply({"setup": {"tables": ["T1"], "handed": 9, "structure": STRUCTURE}})
    assert alert(v.apply({"end_day": {}})) == "end_day: a day ends while the tournament plays"
    v = played()
    v.apply({"end_day": {}})
    assert alert(v.apply({"end_day": {}})) == "end_day: day 1 is ended already"
    all_bagged(v)
    assert alert(v.apply({"end_day": {}})) == "end_day: day 1 is ended already"


def test_a_day_ends_once_every_player_has_sat_down() -> None:
    v, out = venue_with(14, tables=2)  # seats drawn, none confirmed
    assert alert(v.apply({"end_day": {}})) == (
        "end_day: players are moving or a command waits: end the day once all is settled"
    )
    confirm(v, out)
    assert bags(v.apply({"end_day": {}}))


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ({"register": {"name": "Late"}}, "register: day 1 is being bagged: wait for day 2"),
        ({"deal": {}}, "deal: day 1 is being bagged: wait for day 2"),
        ({"break": {"table": "T1"}}, "break: day 1 is being bagged: wait for day 2"),
    ],
)
def test_nothing_moves_while_the_chips_are_in_bags(event: dict[str, Any], words: str) -> None:
    v = played()
    v.apply({"end_day": {}})
    assert alert(v.apply(event)) == words
    all_bagged(v)
    assert alert(v.apply(event)) == words.replace("being bagged", "over")


def test_the_day_is_over_with_the_last_bag_and_says_its_total() -> None:
    v = played()
    v.apply({"end_day": {}})
    said = all_bagged(v)
    (over,) = notices(said, "day_over")
    assert over.text == "day 1 over: 14 bags, 140,000 chips"
    assert len(notices(said, "day_over")) == 1 and v.days.over and not v.days.bagging


def test_bags_short_of_the_chips_in_play_say_by_how_many() -> None:
    v = played()
    v.apply({"end_day": {}})
    said = all_bagged(v, short=100)
    (over,) = notices(said, "day_over")
    assert over.data == {"day": 1, "bags": 14, "chips": 139_900}
    assert [a.text for a in notices(said, "alert")] == [
        "the bags hold 139,900 chips but 140,000 are in play: count the bags again before day 2"
    ]
    assert notices(said, "alert")[0].data == {"chips": 139_900, "issued": 140_000}


def test_a_bag_entered_by_hand_keeps_its_colours_and_who_counted() -> None:
    v = played()
    first = bags(v.apply({"end_day": {}}))[0]
    entry = v.pending[first.id][1]
    said = v.apply(
        {"bagged": {"entry": entry, "chips": {"1000": 13, "100": 4, "25": 0}, "by": "K" * 70}}
    )
    assert not notices(said, "alert")
    bag = v.days.bags[entry]
    assert (bag.stack, bag.chips, bag.by, bag.table) == (13_400, {1000: 13, 100: 4}, "K" * 64, "T1")
    assert v.entries[entry].stack == 13_400 and entry not in v.days.asked


def test_a_bag_entered_by_hand_with_no_name_is_by_hand() -> None:
    v = played()
    first = bags(v.apply({"end_day": {}}))[0]
    entry = v.pending[first.id][1]
    v.apply({"bagged": {"entry": entry, "chips": {"1000": 13, "100": 4}, "by": 5}})
    assert v.days.bags[entry].by == "by hand"


def test_a_dealer_confirmed_bag_is_the_dealer_s_with_the_colours_read() -> None:
    v = played()
    first = bags(v.apply({"end_day": {}}))[0]
    entry = v.pending[first.id][1]
    v.apply({"confirmed": {"table": first.table, "id": first.id}})
    bag = v.days.bags[entry]
    assert (bag.stack, bag.chips, bag.by) == (13_400, {1000: 13, 100: 4}, "dealer")
    assert colours((5, 100, 5, 25)) == {100: 1, 25: 1, 5: 2}
    assert list(colours((5, 100, 5, 25))) == [100, 25, 5]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("e1", 'bagged: bagged: {"entry": id, "chips": {"value": how many}}'),
        ({"entry": 3}, 'bagged: bagged: {"entry": id, "chips": {"value": how many}}'),
        ({"entry": "e99", "chips": {"100": 1}}, "bagged: no entry 'e99'"),
        ({"entry": "ENTRY"}, "bagged: bagged: NAME's chips by colour, value -> how many"),
        ({"entry": "ENTRY", "chips": {}}, "bagged: bagged: NAME's chips by colour, value -> how"),
        ({"entry": "ENTRY", "chips": {"0": 1}}, "bagged: bagged: '0' is not a chip value"),
        ({"entry": "ENTRY", "chips": {"-5": 1}}, "bagged: bagged: '-5' is not a chip value"),
        ({"entry": "ENTRY", "chips": {"1k": 1}}, "bagged: bagged: '1k' is not a chip value"),
        ({"entry": "ENTRY", "chips": {"100": -1}}, "bagged: bagged: -1 100 chips is not a count"),
        ({"entry": "ENTRY", "chips": {"100": True}}, "bagged: bagged: True 100 chips is not a"),
        ({"entry": "ENTRY", "chips": {"100": 1.0}}, "bagged: bagged: 1.0 100 chips is not a"),
        (
            {"entry": "ENTRY", "chips": {"1": 10**6 + 1}},
            "bagged: bagged: 1000001 1 chips is not a count",
        ),
        (
            {"entry": "ENTRY", "chips": {"100": 1}, "stack": -100},
            "bagged: bagged.stack must be whole chips, got -100",
        ),
        (
            {"entry": "ENTRY", "chips": {"100": 1}, "stack": True},
            "bagged: bagged.stack must be whole chips, got True",
        ),
        (
            {"entry": "ENTRY", "chips": {"1000": 3}, "stack": 13_400},
            "bagged: NAME's chips by colour total 3,000, not the bag's 13,400: count again",
        ),
    ],
)
def test_a_bag_by_hand_that_cannot_be_kept_is_refused_in_words(body: Any, words: str) -> None:
    v = played()
    first = bags(v.apply({"end_day": {}}))[0]
    entry = v.entries[v.pending[first.id][1]]
    if isinstance(body, dict) and body.get("entry") == "ENTRY":
        body = {**body, "entry": entry.id}
    text = alert(v.apply({"bagged": body}))
    assert text.startswith(words.replace("NAME", entry.name))
    assert first.id in v.pending and not v.days.bags


def test_a_million_chips_of_one_colour_is_a_count() -> None:
    v = played()
    first = bags(v.apply({"end_day": {}}))[0]
    entry = v.pending[first.id][1]
    v.apply({"bagged": {"entry": entry, "chips": {"1": 10**6}}})
    assert v.days.bags[entry].stack == 10**6


def test_a_bag_is_asked_once_and_only_at_the_end_of_a_day() -> None:
    v = played()
    entry = next(iter(v.entries))
    name = v.entries[entry].name
    body = {"bagged": {"entry": entry, "chips": {"100": 1}}}
    assert alert(v.apply(body)) == f"bagged: no bag is asked of {name}"
    v.apply({"end_day": {}})
    stack = v.entries[entry].stack
    assert not notices(
        v.apply({"bagged": {"entry": entry, "chips": {"100": stack // 100}}}), "alert"
    )
    assert alert(v.apply(body)) == f"bagged: no bag is asked of {name}"


def test_day_two_restarts_at_the_fewest_tables_with_the_time_kept() -> None:
    """002 Rule 7: a new random draw over the tables the players left need; the halt lifted at
    those tables only; each seat command says why; the day's notice the level and time left."""
    v = played(12)
    v.apply({"end_day": {"seconds_left": 65}})
    all_bagged(v)
    out = v.apply({"start_day": {}})
    halts = [o for o in out if isinstance(o, HaltCmd)]
    assert [(h.table, h.rule, h.why, h.halt) for h in halts] == [
        ("T1", "002 Rule 7", "day 2: play resumes", False),
        ("T2", "002 Rule 7", "day 2: play resumes", False),
    ]
    seats = [o for o in out if isinstance(o, SeatCmd)]
    assert len(seats) == 12 and {s.why for s in seats} == {"day 2: random seat draw"}
    (start,) = notices(out, "day_start")
    assert start.text == "day 2: 12 players at 2 tables, level of step 3, 1:05 left"
    assert start.rule == "002 Rule 7"
    assert all(t.report is None and not t.halted for t in v.tables.values())


def test_day_two_of_fewer_players_draws_fewer_tables() -> None:
    v = played(14)
    for e in list(v.remaining())[:6]:
        e.status, e.place, e.stack = "out", 20, 0
    v.apply({"end_day": {}})
    all_bagged(v)
    out = v.apply({"start_day": {}})
    (start,) = notices(out, "day_start")
    assert start.text == "day 2: 8 players at 1 tables, level of step 3"
    assert [h.table for h in out if isinstance(h, HaltCmd)] == ["T1"] or [
        h.table for h in out if isinstance(h, HaltCmd)
    ] == ["T2"]
    used = {h.table for h in out if isinstance(h, HaltCmd)}
    assert {t for t, vt in v.tables.items() if vt.active} == used
    assert alert(v.apply({"start_day": {}})) == (
        "start_day: the next day starts once every bag of this one is in"
    )


def test_the_day_s_notices_cite_no_rule_and_each_halt_has_its_own_id() -> None:
    v = played()
    out = v.apply({"end_day": {}})
    halts = [o for o in out if isinstance(o, HaltCmd)]
    assert all(isinstance(h.id, str) and h.id for h in halts)
    assert len({h.id for h in halts} | {b.id for b in bags(out)}) == len(halts) + len(bags(out))
    assert notices(out, "day_end")[0].rule == ""
    assert {b.rule for b in bags(out)} == {""}  # the bag is the venue's record, no rule's
    said = all_bagged(v, short=100)
    assert [n.rule for n in notices(said, "day_over") + notices(said, "alert")] == ["", ""]


def test_a_hand_in_play_at_two_tables_names_both() -> None:
    v = played()
    for seq, t in ((9, "T1"), (10, "T2")):
        live = report(v, t, seq)
        live["report"]["in_hand"] = True
        v.apply(live)
    assert alert(v.apply({"end_day": {}})) == (
        "end_day: a hand is in play at T1, T2: end the day between hands"
    )


def test_a_bag_keeps_the_player_s_name_and_seat() -> None:
    v = played()
    first = bags(v.apply({"end_day": {}}))[0]
    entry = v.entries[v.pending[first.id][1]]
    v.apply({"confirmed": {"table": first.table, "id": first.id}})
    bag = v.days.bags[entry.id]
    assert (bag.name, bag.table, bag.seat) == (entry.name, first.table, first.seat)


def test_a_bag_by_hand_withdraws_its_own_command_only_and_the_last_ends_the_day() -> None:
    v = played()
    v.apply({"end_day": {}})
    waiting = bags_asked(v)
    for n, cmd in enumerate(waiting):
        entry = v.pending[cmd.id][1]
        stack = v.entries[entry].stack
        said = v.apply({"bagged": {"entry": entry, "chips": {"100": stack // 100}}})
        assert len(bags_asked(v)) == len(waiting) - n - 1
    assert [n.text for n in notices(said, "day_over")] == ["day 1 over: 14 bags, 140,000 chips"]


def test_an_empty_bag_may_be_entered_by_hand() -> None:
    """A bag of no chips (counted as such) is a count, not a refusal: the total then says the
    bags are short."""
    v = played()
    first = bags(v.apply({"end_day": {}}))[0]
    entry = v.pending[first.id][1]
    said = v.apply({"bagged": {"entry": entry, "chips": {"100": 0}, "stack": 0}})
    assert not notices(said, "alert") and v.days.bags[entry].stack == 0


def test_day_two_says_an_hour_left_as_sixty_minutes_and_nobody_is_breaking() -> None:
    v = played(12)
    v.apply({"end_day": {"seconds_left": 3600}})
    all_bagged(v)
    out = v.apply({"start_day": {}})
    assert notices(out, "day_start")[0].text.endswith(", 60:00 left")
    halts = [o for o in out if isinstance(o, HaltCmd)]
    assert halts and all(isinstance(h.id, str) and h.id for h in halts)
    assert not any(t.breaking for t in v.tables.values())


def test_each_bag_is_asked_at_its_player_s_seat_and_day_two_ends_with_day_two_bags() -> None:
    v = played(12)
    asked = bags(v.apply({"end_day": {}}))
    assert all(b.seat == v.entries[v.pending[b.id][1]].seat for b in asked)
    all_bagged(v)
    confirm(v, v.apply({"start_day": {}}))
    again = bags(v.apply({"end_day": {"seconds_left": 30}}))
    assert len(again) == 12 and {b.day for b in again} == {2}
    assert {b.why.split(":")[0] for b in again} == {"end of day 2"}
