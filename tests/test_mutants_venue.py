"""The venue's balancing, table breaks, re-buys, add-ons and eliminations under mutation (issue
34), each written from the rule through ``Venue.apply``, with the words the director and the
dealers read."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_mutants_days import all_bagged
from test_venue_bounties import three as bounty_venue
from test_venue_deal import ids as deal_ids
from test_venue_deal import three_left as deal_three_left
from test_venue_h4h import Room as H4hRoom
from test_venue_model import STRUCTURE, commands, confirm, notices, report, seats_of, venue_with
from test_venue_rules import _readings as rules_readings
from test_venue_rules import _room_with_a_move as rules_room_with_a_move

from tablectl.tournament.players import players
from tablectl.tournament.venue import Announcement, Venue
from tablectl.wire.commands import HaltCmd, LevelCmd, SeatCmd, StackCmd, UnseatCmd

# ----------------------------------------------------------------- breaking tables (10-B, 12)


def test_rule_10b_a_table_breaking_says_why_in_its_rule() -> None:
    """002 Rules 10-B and 12: 19 players at three tables (7, 6, 6), one busts at T1: the 18
    left fit two tables, so the first table of the break order breaks, and the director and
    the clock read why."""
    v, out = venue_with(19, tables=3)
    confirm(v, out)
    seat = next(iter(seats_of(v, "T1")))
    said = v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    (broken,) = notices(said, "table_broken")
    assert (broken.text, broken.rule, broken.data) == (
        "table T3 breaks: 18 players fit 2 table(s)",
        "002 Rule 10-B",
        {"table": "T3"},
    )


def test_rule_10b_an_approved_break_says_why_it_was_proposed() -> None:
    """With ``approve_moves`` the break waits for the director (002 Rule 10-B): the proposal
    gives the reason, and the break, once approved, says the same."""
    v, out = venue_with(19, tables=3, approve_moves=True)
    confirm(v, out)
    seat = next(iter(seats_of(v, "T1")))
    said = v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    (proposed,) = notices(said, "proposed")
    why = "table T3 breaks: 18 players fit 2 table(s)"
    assert proposed.data == {
        "id": proposed.data["id"],
        "kind": "break",
        "table": "T3",
        "rule": "002 Rule 10-B",
        "why": why,
    }
    approved = v.apply({"approve": {"id": proposed.data["id"]}})
    (broken,) = notices(approved, "table_broken")
    assert (broken.text, broken.rule) == (why, "002 Rule 10-B")
    assert {m.rule for m in commands(approved, UnseatCmd)} == {"002 Rule 10-B"}


def test_rule_10b_a_broken_table_closes_while_the_next_break_waits_for_the_director() -> None:
    """Four tables of 7 with ``approve_moves``: a bust makes T4 break (27 players fit three
    tables, 002 Rule 10-B); before its players have sat down, nine more bust and the 18 left fit
    two tables, so T3's break is proposed. T4 closes once its last player has left it, whether
    or not the director has approved the next break: the clock stops showing it."""
    v, out = venue_with(28, tables=4, approve_moves=True)
    confirm(v, out)
    t1 = sorted(seats_of(v, "T1"))
    v.apply(report(v, "T1", 1, out=(t1[0],), button=t1[1], sb=t1[2], bb=t1[3]))
    assert list(v.proposals) == ["m1"]  # the director's ids count from 1, one at a time
    approved = v.apply({"approve": {"id": "m1"}})
    t1 = sorted(seats_of(v, "T1"))
    said = v.apply(report(v, "T1", 2, out=tuple(t1[:5]), button=t1[5], sb=t1[0], bb=t1[5]))
    (move,) = notices(said, "proposed")
    assert move.data["id"] == "m2"
    t2 = sorted(seats_of(v, "T2"))
    said = v.apply(report(v, "T2", 1, out=tuple(t2[:4]), button=t2[4], sb=t2[5], bb=t2[6]))
    (withdrawn,) = notices(said, "withdrawn")
    assert (withdrawn.text, withdrawn.rule) == (
        f"proposal {move.data['id']} withdrawn: no longer needed",
        "002 Rule 11-A",
    )
    (proposed,) = notices(said, "proposed")
    assert proposed.text == "to approve (m3): break table T3"
    confirm(v, approved)
    assert list(v.proposals) == ["m3"]
    assert sorted(v.summary()["tables"]) == ["T1", "T2", "T3"]
    assert not v.tables["T4"].active


def test_rule_10b_a_table_broken_on_day_one_stays_broken_on_day_two() -> None:
    """A table broken by the break order (002 Rule 10-B, here T2 before T3) is out of the
    event: day two's new draw (002 Rule 7) seats the 18 bagged players at the tables that
    still played, T1 and T3, not at the first two of the list."""
    v, out = venue_with(19, tables=3, break_order=["T2", "T3"])
    confirm(v, out)
    seat = next(iter(seats_of(v, "T1")))
    said = v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    assert [n.text for n in notices(said, "table_broken")] == [
        "table T2 breaks: 18 players fit 2 table(s)"
    ]
    confirm(v, said)
    assert v.summary()["tables_broken"] == 1
    v.apply({"end_day": {}})
    all_bagged(v)
    day_two = v.apply({"start_day": {}})
    assert [(h.table, h.why) for h in commands(day_two, HaltCmd)] == [
        ("T1", "day 2: play resumes"),
        ("T3", "day 2: play resumes"),
    ]
    assert {s.table for s in commands(day_two, SeatCmd)} == {"T1", "T3"}


def test_rule_10b_a_broken_table_s_players_fill_the_shortest_tables_first() -> None:
    """002 Rule 10-B with 11: the seat cards of a breaking table keep the tables balanced. 19 at
    three tables (7, 6, 6); three bust at T1 and T3 breaks: its 6 players go 4 to T1 (down to
    4) and 2 to T2 (6), 8 and 8, and no balancing move follows."""
    v, out = venue_with(19, tables=3)
    confirm(v, out)
    t1 = sorted(seats_of(v, "T1"))
    said = v.apply(report(v, "T1", 1, out=tuple(t1[:3]), button=t1[3], sb=t1[4], bb=t1[5]))
    moves = commands(said, UnseatCmd)
    assert sorted(m.to_table for m in moves) == ["T1"] * 4 + ["T2"] * 2
    more = confirm(v, said)
    assert v.summary()["tables"] == {"T1": 8, "T2": 8}
    assert not [m for m in commands(more, UnseatCmd) if m.rule == "002 Rule 11-A"]


def _moving(v: Venue, busts: dict[str, int]) -> list[UnseatCmd]:
    """Reports busting the first ``busts[table]`` players of each table, in order; the
    unseats they caused."""
    moves: list[UnseatCmd] = []
    for table, n in busts.items():
        seats = sorted(seats_of(v, table))
        bust = tuple(seats[:n])
        said = v.apply(
            report(v, table, 1, out=bust, button=seats[n], sb=seats[n + 1], bb=seats[n + 2])
        )
        moves += commands(said, UnseatCmd)
    return moves


def test_rule_10b_a_broken_table_closes_with_its_last_player_gone_whatever_moves_elsewhere() -> (
    None
):
    """002 Rules 10-B and 11-A: 24 at three tables (8 each, T2 first to break). A bust at T2 and
    two at T3 send T1's player due the big blind to T3 (11-A); before that player sits, four
    bust at T1 and the 17 left fit two tables: T2 breaks. T2 closes once its own players have
    left it: the move between T1 and T3 still under way is none of its business."""
    v, out = venue_with(24, tables=3, break_order=["T2", "T3"])
    confirm(v, out)
    (balance,) = _moving(v, {"T2": 1, "T3": 2})
    assert (balance.table, balance.to_table, balance.rule) == ("T1", "T3", "002 Rule 11-A")
    assert balance.why == (
        "balancing T1 (8) and T3 (6): the player due the big blind next, to the worst position"
    )
    breaking = _moving(v, {"T1": 4})
    assert {m.table for m in breaking} == {"T2"} and len(breaking) == 7
    confirm(v, breaking)
    assert v.summary()["tables"] == {"T1": 8, "T3": 9}
    assert (v.tables["T2"].active, v.tables["T2"].breaking) == (False, False)


def test_rule_10b_a_breaking_table_stays_open_for_a_player_on_the_way_to_it() -> None:
    """002 Rules 10-B and 11-A: a bust at T3 and two at T2 send T1's next big blind to T2; three
    bust at T1 before that player sits, and T2 (first in the break order) breaks. Its own
    players leave, but T2 stays open for the one on the way: once seated there, that player
    draws a new seat too (10-B), and only then does T2 close."""
    v, out = venue_with(24, tables=3, break_order=["T2", "T3"])
    confirm(v, out)
    (balance,) = _moving(v, {"T3": 1, "T2": 2})
    assert (balance.table, balance.to_table, balance.to_seat) == ("T1", "T2", 1)
    breaking = _moving(v, {"T1": 3})
    assert {m.table for m in breaking} == {"T2"} and len(breaking) == 6
    confirm(v, breaking)
    assert v.summary()["tables"] == {"T1": 8, "T2": 1, "T3": 9}
    assert (v.tables["T2"].active, v.tables["T2"].breaking) == (True, True)
    more = confirm(v, [balance])
    assert [(o.kind, o.text) for o in more if isinstance(o, Announcement)] == [
        ("moved", f"{balance.name}: T1 seat {balance.seat} -> T2 seat 1"),
        ("moved", f"{balance.name}: T2 seat 1 -> T1 seat 1"),
    ]
    assert [(m.table, m.rule) for m in commands(more, UnseatCmd)] == [("T2", "002 Rule 10-B")]
    assert v.summary()["tables"] == {"T1": 9, "T3": 9}
    assert (v.tables["T2"].active, v.tables["T2"].breaking) == (False, False)


# ------------------------------------------------------------------------- balancing (11-A)


def test_rule_11a_a_proposed_move_to_a_seat_taken_since_is_proposed_again() -> None:
    """002 Rule 11-A with ``approve_moves``: T2 down to 5 against T1's 8, the player due the big
    blind at T1 is proposed for T2's worst position, seat 1 (the big blind passed seat 8 last).
    A late registrant (8-A) draws that very seat before the director approves: the proposal is
    withdrawn and made again for the next worst seat, never approving a move into an occupied
    seat."""
    v, out = venue_with(16, approve_moves=True, late_until_level=2, seed=5)
    confirm(v, out)
    t1, t2 = sorted(seats_of(v, "T1")), sorted(seats_of(v, "T2"))
    v.apply(report(v, "T1", 1, button=t1[0], sb=t1[1], bb=t1[2]))
    said = v.apply(report(v, "T2", 1, out=tuple(t2[:3]), button=t2[4], sb=t2[5], bb=t2[6]))
    (first,) = notices(said, "proposed")
    assert first.text == "to approve (m1): move P6 from T1 seat 4 to T2 seat 1"
    assert first.data["why"] == (
        "balancing T1 (8) and T2 (5): the player due the big blind next, to the worst position"
    )
    (seat,) = commands(v.apply({"register": {"name": "Late"}}), SeatCmd)
    assert (seat.table, seat.seat) == ("T2", 1)
    said = confirm(v, [seat])
    assert [(n.kind, n.text) for n in said if isinstance(n, Announcement)] == [
        ("proposed", "to approve (m2): move P6 from T1 seat 4 to T2 seat 2"),
        ("withdrawn", "proposal m1 withdrawn: no longer needed"),
    ]
    (move,) = commands(v.apply({"approve": {"id": "m2"}}), UnseatCmd)
    assert (move.table, move.seat, move.to_table, move.to_seat) == ("T1", 4, "T2", 2)
    assert (move.rule, move.why, move.name) == (
        "002 Rule 11-A",
        "balancing T1 (8) and T2 (6): the player due the big blind next, to the worst position",
        "P6",
    )


# ------------------------------------------------------------------ re-buys and add-ons (28)


def _short_stack(**setup: object) -> tuple[Venue, str]:
    """Four players at one table; the first seat down to 4,000 between hands."""
    v, out = venue_with(4, tables=1, **setup)
    confirm(v, out)
    seat = sorted(seats_of(v, "T1"))[0]
    v.apply(report(v, "T1", 1, stacks={seat: 4000}, button=1, sb=2, bb=3))
    return v, seats_of(v, "T1")[seat].name


def test_rule_28_a_rebuy_and_an_addon_up_to_their_last_level_then_refused_in_words() -> None:
    """002 Rule 28: re-buys and add-ons up to the level the house sets (``until_level``), that
    level included; from the next one the director is told no. The dealer's command says which
    it is and where the chips go."""
    v, name = _short_stack(
        rebuy={"chips": 10000, "money": 100, "until_level": 2},
        addon={"chips": 15000, "money": 50, "until_level": 2},
    )
    v.apply({"level": {"index": 1}})
    assert v.level_number == 2
    (rebuy,) = commands(v.apply({"rebuy": {"name": name}}), StackCmd)
    (addon,) = commands(v.apply({"addon": {"name": name}}), StackCmd)
    assert (rebuy.rule, rebuy.why, rebuy.name, rebuy.stack, rebuy.add, rebuy.set) == (
        "002 Rule 28",
        "re-buy",
        name,
        14000,
        10000,
        False,
    )
    assert (addon.rule, addon.why, addon.stack, addon.add) == (
        "002 Rule 28",
        "add-on",
        19000,
        15000,
    )
    v.apply({"level": {"index": 2}})
    assert [o.text for o in v.apply({"rebuy": {"name": name}})] == [
        "rebuy: no re-buys now (002 Rule 28)"
    ]
    assert [o.text for o in v.apply({"addon": {"name": name}})] == ["addon: no add-ons now"]


def test_an_addon_is_once_an_entry() -> None:
    """The add-on (002 Rule 28's procedure, the house's option) once per entry, in words."""
    v, name = _short_stack(addon={"chips": 5000, "until_level": 2})
    confirm(v, v.apply({"addon": {"name": name}}))
    assert [o.text for o in v.apply({"addon": {"name": name}})] == [
        f"addon: {name} has taken the add-on"
    ]


def test_rule_28_no_rebuy_nor_addon_when_the_house_offers_none() -> None:
    """A house that sets up no re-buys (002 Rule 28's options) refuses one at level 1."""
    v, name = _short_stack()
    assert v.level_number == 1
    assert [o.text for o in v.apply({"rebuy": {"name": name}})] == [
        "rebuy: no re-buys now (002 Rule 28)"
    ]
    assert [o.text for o in v.apply({"addon": {"name": name}})] == ["addon: no add-ons now"]


def test_rule_28_chips_join_a_stack_only_at_a_seat() -> None:
    """002 Rule 28: the chips join the stack between hands at the player's seat; a player still
    walking to the first seat is not there to take them, and the director is told so."""
    v, _out = venue_with(
        4,
        tables=1,
        rebuy={"chips": 10000, "until_level": 2},
        addon={"chips": 5000, "until_level": 2},
    )
    assert [o.text for o in v.apply({"rebuy": {"name": "P1"}})] == ["rebuy: P1 is not seated"]
    assert [o.text for o in v.apply({"addon": {"name": "P1"}})] == ["addon: P1 is not seated"]


def test_rule_28_a_busted_player_whose_table_broke_re_buys_into_a_drawn_seat() -> None:
    """002 Rule 28 keeps a busted player's seat for a re-buy; when the table has broken since
    (10-B) the seat is gone and one is drawn from the seat pool (8-A), the re-buy counted at
    once. Two busted at T3 leave 17, who fit two tables with one seat over: the first re-buy
    takes it, the second is told there is none."""
    v, out = venue_with(19, tables=3, rebuy={"chips": 8000, "money": 40, "until_level": 3})
    confirm(v, out)
    t3 = sorted(seats_of(v, "T3"))
    first, second = (seats_of(v, "T3")[s].name for s in t3[:2])
    said = v.apply(report(v, "T3", 1, out=tuple(t3[:2]), button=t3[2], sb=t3[3], bb=t3[4]))
    assert [n.text for n in notices(said, "table_broken")] == [
        "table T3 breaks: 17 players fit 2 table(s)"
    ]
    confirm(v, said)
    issued = v.chips_issued
    (seat,) = commands(v.apply({"rebuy": {"name": first}}), SeatCmd)
    assert (seat.rule, seat.why, seat.name, seat.stack) == (
        "002 Rule 8-A",
        f"re-buy after busting: seat {t3[0]} is gone",
        first,
        8000,
    )
    assert (seat.table, seat.seat) == ("T2", 3)  # the one open seat
    assert v.chips_issued == issued + 8000 and v.summary()["rebuys"] == 1
    assert [o.text for o in v.apply({"rebuy": {"name": second}})] == [
        "rebuy: no open seat at the tables in play"
    ]
    assert v.chips_issued == issued + 8000 and v.summary()["rebuys"] == 1


def test_rule_28_a_rebuy_above_the_house_limit_is_refused_in_words() -> None:
    """002 Rule 28's house option: a re-buy only at or below ``at_most`` chips."""
    v, name = _short_stack(rebuy={"chips": 10000, "until_level": 2, "at_most": 3000})
    assert [o.text for o in v.apply({"rebuy": {"name": name}})] == [
        f"rebuy: {name} has 4000: re-buys at 3000 or less"
    ]


def test_the_director_breaks_no_table_before_the_start() -> None:
    """002 Rule 10-B's break by the director is for a tournament under way: before the start
    nobody sits anywhere, and the director is told why."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2"], "structure": STRUCTURE}})
    v.apply({"register": {"name": "Ann"}})
    assert [o.text for o in v.apply({"break": {"table": "T2"}})] == [
        "break: a table breaks only while the tournament is under way"
    ]


def test_rule_10b_the_director_breaks_a_table_when_the_others_seat_exactly_its_players() -> None:
    """002 Rule 10-B: the director may break a table while the other tables have a seat for
    each of its players, the last seat included: 19 at three tables (7, 6, 6); the director
    cannot break T2 (5 open seats elsewhere for its 6), but once one busts at T1 its 6 fit the
    6 seats open at T1 and T3, and the break of T3 the venue proposed is withdrawn."""
    v, out = venue_with(19, tables=3, approve_moves=True)
    confirm(v, out)
    assert [o.text for o in v.apply({"break": {"table": "T2"}})] == [
        "break: the other tables have 5 open seats for 6 players"
    ]
    seat = next(iter(seats_of(v, "T1")))
    v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    said = v.apply({"break": {"table": "T2"}})
    assert [(n.kind, n.text) for n in said if isinstance(n, Announcement)] == [
        ("table_broken", "the director breaks table T2"),
        ("withdrawn", "proposal m1 withdrawn: no longer needed"),
    ]
    assert len(commands(said, UnseatCmd)) == 6


def test_rule_28_a_busted_player_s_seat_taken_since_is_gone() -> None:
    """002 Rule 28 keeps a busted player's seat for a re-buy only while it is still theirs: a
    late registrant (8-A) drawn to it takes it, and the re-buy draws another seat from the seat
    pool, at the shortest table (8-A: T1, down to 5 against T2's 6). The player is back with
    one re-buy and no place."""
    v, out = venue_with(12, seed=12, late_until_level=2, rebuy={"chips": 8000, "until_level": 3})
    confirm(v, out)
    t2 = sorted(seats_of(v, "T2"))
    name = seats_of(v, "T2")[t2[0]].name
    v.apply(report(v, "T2", 1, out=(t2[0],), button=t2[1], sb=t2[2], bb=t2[3]))
    (late,) = commands(v.apply({"register": {"name": "Late"}}), SeatCmd)
    assert (late.table, late.seat) == ("T2", t2[0])
    confirm(v, [late])
    t1 = sorted(seats_of(v, "T1"))
    v.apply(report(v, "T1", 1, out=(t1[0],), button=t1[1], sb=t1[2], bb=t1[3]))
    assert v.summary()["tables"] == {"T1": 5, "T2": 6}
    (seat,) = commands(v.apply({"rebuy": {"name": name}}), SeatCmd)
    assert seat.why == f"re-buy after busting: seat {t2[0]} is gone"
    assert (seat.rule, seat.table) == ("002 Rule 8-A", "T1")
    (player,) = (p for p in players(v.entries.values()) if p.name == name)
    assert (player.rebuys, player.places, player.status) == (1, (), "arriving")


def test_rule_28_a_rebuy_in_the_kept_seat_brings_chips_once_the_table_confirms() -> None:
    """002 Rule 28: a busted player's re-buy in the kept seat is an absolute ``stack`` there;
    the player is back in the count at once, the chips once the dealer has put them down."""
    v, out = venue_with(7, tables=1, seed=11, rebuy={"chips": 8000, "until_level": 3})
    confirm(v, out)
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P6")
    v.apply(report(v, "T1", 1, out=(seat,), button=4, sb=5, bb=6))
    assert (v.summary()["chips_in_play"], v.summary()["players_left"]) == (60000, 6)
    (cmd,) = commands(v.apply({"rebuy": {"name": "P6"}}), StackCmd)
    assert (cmd.why, cmd.stack, cmd.add, cmd.set) == (
        "re-buy after busting: the seat is kept",
        8000,
        8000,
        True,
    )
    assert (v.summary()["chips_in_play"], v.summary()["players_left"]) == (60000, 7)
    v.apply({"confirmed": {"table": "T1", "id": cmd.id, "stack": 8000, "before": 0}})
    assert v.summary()["chips_in_play"] == 68000


# ------------------------------------------------------------------------------ eliminations


def test_an_elimination_in_the_money_says_the_place_and_the_prize() -> None:
    """Places by elimination order; a paid place says what it wins (twelve paid of $2,000:
    13th nothing, 12th 1%). The busted entry holds no chips any more (the director's
    entrants list shows its stack)."""
    room = H4hRoom()
    said = room.bust_to(11)
    thirteenth, twelfth = notices(said, "eliminated")[-2:]
    assert (thirteenth.text, thirteenth.rule, thirteenth.data["prize"]) == (
        f"{thirteenth.data['name']} out in place 13",
        "",
        0.0,
    )
    assert (twelfth.text, twelfth.rule, twelfth.data["place"], twelfth.data["prize"]) == (
        f"{twelfth.data['name']} out in place 12, wins $20.00",
        "",
        12,
        20.0,
    )
    busted = room.v.entries[twelfth.data["entry"]]
    assert (busted.status, busted.stack, busted.place, busted.prize) == ("out", 0, 12, 20.0)


def test_rp8_a_a_player_out_during_hand_for_hand_is_told_the_places_are_shared() -> None:
    """002 RP-8 A: players out on the same hand-for-hand hand share the places it covers; the
    elimination says so before the hand is over everywhere."""
    room = H4hRoom()
    room.bust_to(13)
    room.v.apply({"hand_for_hand": {"on": True}})
    table = room.v.active_tables()[1]
    name = room.names(table)[-1]
    (out,) = notices(room.report(table, out=(name,), hold=1), "eliminated")
    assert (out.text, out.rule) == (
        f"{name} out in place 13 (hand for hand: shares with anyone out on this hand, 002 RP-8 A)",
        "",
    )


def test_a_bounty_without_its_eliminator_is_asked_of_the_director() -> None:
    """A knockout bounty (the house's option) whose table does not say who eliminated the
    player: the director is asked, in one alert naming the player and the entry."""
    v = bounty_venue("pko", 20)
    said = v.apply(report(v, "T1", 1, out=(sorted(seats_of(v, "T1"))[0],)))
    (out,) = notices(said, "eliminated")
    (alert,) = notices(said, "alert")
    name, entry = out.data["name"], out.data["entry"]
    assert (out.rule, out.data["bounty_asked"]) == ("", True)
    assert (alert.text, alert.rule, alert.data) == (
        f"who eliminated {name} ({entry})? the table's report does not say; their bounty waits "
        "for the answer (knockout)",
        "",
        {"knockout": entry},
    )


def test_rule_28_re_buys_add_up_kept_seat_then_drawn_seat() -> None:
    """002 Rule 28: each re-buy counts, in the seat kept or in a seat drawn: P3 busts, re-buys
    in the kept seat; busts again, a late registrant (8-A) takes that seat, and the second
    re-buy draws another: two re-buys, and the pool counts both."""
    v, out = venue_with(
        7, tables=1, seed=4, late_until_level=2, rebuy={"chips": 8000, "until_level": 3}
    )
    confirm(v, out)
    t = sorted(seats_of(v, "T1"))
    assert seats_of(v, "T1")[t[0]].name == "P3"
    v.apply(report(v, "T1", 1, out=(t[0],), button=t[1], sb=t[2], bb=t[3]))
    (kept,) = commands(v.apply({"rebuy": {"name": "P3"}}), StackCmd)
    v.apply({"confirmed": {"table": "T1", "id": kept.id, "stack": 8000, "before": 0}})
    v.apply(report(v, "T1", 2, out=(t[0],), button=t[2], sb=t[3], bb=t[4]))
    (late,) = commands(v.apply({"register": {"name": "Late"}}), SeatCmd)
    assert late.seat == t[0]
    (drawn,) = commands(v.apply({"rebuy": {"name": "P3"}}), SeatCmd)
    assert drawn.why == f"re-buy after busting: seat {t[0]} is gone"
    (player,) = (p for p in players(v.entries.values()) if p.name == "P3")
    assert player.rebuys == 2 and v.summary()["rebuys"] == 2


# ------------------------------------------------------------------ the seat draw (7, 8-A)


def test_rule_8a_the_waiting_list_is_seated_up_to_the_last_level_of_late_entry() -> None:
    """002 Rule 8-A: a waiting player takes a seat that opens while late entry is open, its last
    level included, and is announced as registered (with a bounty's head, the house's option);
    after that level an open seat is not filled."""
    v = Venue()
    setup = {"tables": ["T1", "T2"], "handed": 4, "seed": 1, "structure": STRUCTURE}
    v.apply({"setup": {**setup, "late_until_level": 2, "bounty": {"kind": "pko", "amount": 20}}})
    for name in [f"P{i + 1}" for i in range(8)] + ["W1", "W2"]:
        v.apply({"register": {"name": name}})
    confirm(v, v.apply({"start": {}}))
    v.apply({"level": {"index": 1}})
    assert v.level_number == 2
    seat = next(iter(seats_of(v, "T1")))
    said = v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    (registered,) = notices(said, "registered")
    assert (registered.text, registered.rule, registered.data) == (
        "W1 registered from the waiting list (e9)",
        "002 Rule 8-A",
        {"entry": "e9", "name": "W1"},
    )
    assert ["W1", 20.0] in v.summary()["bounty"]["heads"]
    assert v.summary()["bounty"]["pool"] == 180.0
    confirm(v, said)
    v.apply({"level": {"index": 2}})
    seat = next(iter(seats_of(v, "T2")))
    said = v.apply(report(v, "T2", 1, out=(seat,), button=1, sb=2, bb=3))
    assert notices(said, "registered") == [] and commands(said, SeatCmd) == []
    assert [e.name for e in v.waiting()] == ["W2"]
    # the director sets the clock back a level: late entry is open again, W2 takes the seat
    said = v.apply({"level": {"index": 1}})
    assert [n.text for n in notices(said, "registered")] == [
        "W2 registered from the waiting list (e10)"
    ]
    assert [s.name for s in commands(said, SeatCmd)] == ["W2"] and v.waiting() == []


def test_rule_7_the_start_draws_every_seat_once_and_only_with_two_players() -> None:
    """002 Rule 7: the start is a random draw of everyone registered, once, and needs two
    players; each seat command says why and carries a full starting stack."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2"], "structure": STRUCTURE}})
    v.apply({"register": {"name": "Ann"}})
    assert [o.text for o in v.apply({"start": {}})] == ["start: a tournament needs two players"]
    assert not v.started
    v.apply({"register": {"name": "Bo"}})
    seats = commands(v.apply({"start": {}}), SeatCmd)
    assert [(s.name, s.rule, s.why, s.stack, s.waits) for s in seats] == [
        ("Ann", "002 Rule 7", "random seat draw", 10000, False),
        ("Bo", "002 Rule 7", "random seat draw", 10000, False),
    ]
    assert v.chips_issued == 20000 and {s.table for s in seats} == {"T1"}
    assert v.tables["T1"].active and not v.tables["T2"].active
    assert [o.text for o in v.apply({"start": {}})] == ["start: the tournament has started already"]


# ----------------------------------------------------------------- the clock's levels (24)


def test_rule_24_each_table_hears_the_level_from_its_next_hand_and_a_break_keeps_the_number() -> (
    None
):
    """002 Rule 24: the clock's step goes to every table in play, applying from its next hand,
    with its figures; a break step is a step with no level number of its own (the level in force
    stays the one before it)."""
    v, out = venue_with(12, tables=2)
    confirm(v, out)
    said = v.apply({"level": {"index": 5}})
    assert [
        (c.table, c.rule, c.why, c.index, c.number, c.blinds, c.ante, c.bb_ante, c.on_break)
        for c in commands(said, LevelCmd)
    ] == [
        ("T1", "002 Rule 24", "applies from the next hand", 5, 6, (400, 800), 800, True, False),
        ("T2", "002 Rule 24", "applies from the next hand", 5, 6, (400, 800), 800, True, False),
    ]
    assert v.level_number == 6 and v.summary()["level"] == 6
    ids = [c.id for c in commands(said, LevelCmd)]  # each command its own id on the wire
    assert len(set(ids)) == 2 and all(i.startswith("c") for i in ids)
    said = v.apply({"level": {"index": 6}})
    assert [(c.table, c.on_break, c.number, c.color_up) for c in commands(said, LevelCmd)] == [
        ("T1", True, 0, ()),
        ("T2", True, 0, ()),
    ]
    assert v.level_number == 6 and v.step_index == 6
    assert [o.text for o in v.apply({"level": {"index": 99}})] == [
        f'level: level needs {{"index": 0..{len(v.structure.steps) - 1}}}'
    ]


def test_rule_24_an_edited_structure_is_announced_by_name_and_steps() -> None:
    """002 Rule 24: the director's edited structure is announced (the level in force stays)."""
    v, _out = venue_with(4, tables=1)
    (said,) = v.apply({"structure": dict(STRUCTURE, name="Sunday", step=STRUCTURE["step"][:3])})
    assert (said.kind, said.text, said.rule) == (
        "structure",
        "structure now Sunday: 3 steps",
        "002 Rule 24",
    )
    assert [o.text for o in v.apply({"structure": "fast"})] == [
        "structure: structure must be an object (the decoded TOML)"
    ]
    assert [o.text for o in v.apply({"structure": {"name": "x"}})] == [
        "structure: structure: missing 'starting_stack'"
    ]
    v.apply({"level": {"index": 2}})
    assert [
        o.text for o in v.apply({"structure": dict(STRUCTURE, step=STRUCTURE["step"][:2])})
    ] == ["structure: the clock is on step 3: the structure must keep it"]


def test_rule_8a_a_re_entry_with_every_seat_taken_is_refused_and_changes_nothing() -> None:
    """002 Rule 8-A: a re-entry draws from the seat pool. Two heads-up tables full, a player
    waiting: the first bust's seat goes to the waiting player, so the busted player's re-entry
    finds no seat and is refused in words, with no buy-in and no chips counted."""
    v = Venue()
    setup = {"tables": ["T1", "T2"], "handed": 2, "seed": 1, "structure": STRUCTURE}
    v.apply({"setup": {**setup, "late_until_level": 2, "reentries": 1}})
    for name in ("P1", "P2", "P3", "P4", "W1"):
        v.apply({"register": {"name": name}})
    confirm(v, v.apply({"start": {}}))
    seat = next(iter(seats_of(v, "T1")))
    name = seats_of(v, "T1")[seat].name
    said = v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=1, bb=2))
    (w1,) = commands(said, SeatCmd)
    assert (w1.name, w1.why, w1.stack) == ("W1", "drawn from the seat pool", 10000)
    confirm(v, said)
    assert (v.chips_issued, v.summary()["entrants"]) == (50000, 5)
    assert [o.text for o in v.apply({"reentry": {"name": name}})] == [
        "reentry: no open seat at the tables in play"
    ]
    assert (v.chips_issued, v.summary()["entrants"]) == (50000, 5)


def test_rule_8a_a_late_registrant_s_stack_is_counted_in_play() -> None:
    """002 Rule 8-A: a late registrant draws a seat with a full stack, counted in play."""
    v, out = venue_with(12, tables=2, late_until_level=2)
    confirm(v, out)
    (seat,) = commands(v.apply({"register": {"name": "Late"}}), SeatCmd)
    assert (seat.why, seat.stack) == ("drawn from the seat pool", 10000)
    assert v.chips_issued == 130000


def test_rule_24_the_clock_s_step_is_a_step_of_the_structure() -> None:
    """002 Rule 24: the clock announces a step of the structure: the first (0) and the last are
    steps; past the last, a number in words or no object at all is refused in one line."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    last = len(v.structure.steps) - 1
    words = f'level: level needs {{"index": 0..{last}}}'
    for bad in ({"index": last + 1}, {"index": "3"}, {"index": True}, [], {"index": -1}):
        assert [o.text for o in v.apply({"level": bad})] == [words]
    assert [c.index for c in commands(v.apply({"level": {"index": last}}), LevelCmd)] == [last]
    assert [c.index for c in commands(v.apply({"level": {"index": 0}}), LevelCmd)] == [0]


# ------------------------------------------------------------------------ colour-ups (25)


def _colour_up_step() -> int:
    return next(i for i, s in enumerate(STRUCTURE["step"]) if s.get("color_up"))


def test_rule_25_a_scheduled_colour_up_in_the_dealer_s_words() -> None:
    """002 Rule 25: at the break that removes the 100 chips, the table hears the step (a break,
    colour-up 100) and the race in words: each seat's odd chips and cards, one 500 chip at most
    to a player; each changed stack is a dealer's command saying why."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    stacks = {s: 10000 + 100 * i for i, s in enumerate(sorted(seats_of(v, "T1")))}
    assert stacks == {1: 10000, 2: 10100, 3: 10200, 5: 10300}
    v.apply(report(v, "T1", 1, chips=True, stacks=stacks, button=1, sb=2, bb=3))
    said = v.apply({"level": {"index": _colour_up_step()}})
    (level,) = commands(said, LevelCmd)
    assert (level.on_break, level.color_up, level.why) == (
        True,
        (100,),
        "applies from the next hand",
    )
    (race,) = notices(said, "color_up")
    assert (race.text, race.rule, race.data) == (
        "Color-up: 100 chips removed, exchanged for 500 (002 Rule 25); Seat 3: 2 odd, cards 5c "
        "9h, wins 1; Seat 2: 1 odd, cards 7h, wins none; Seat 5: 3 odd, cards 2s 6s 3d, wins none",
        "002 Rule 25",
        {"table": "T1", "removed": 100},
    )
    assert [(c.seat, c.rule, c.why, c.stack, c.add, c.set) for c in commands(said, StackCmd)] == [
        (2, "002 Rule 25", "colour-up and chip race", 10000, -100, False),
        (3, "002 Rule 25", "colour-up and chip race", 10500, 300, False),
        (5, "002 Rule 25", "colour-up and chip race", 10000, -300, False),
    ]


def test_rule_25_a_table_without_stack_readings_colours_up_by_hand() -> None:
    """002 Rule 25 without RFID readings: the director is told, in one alert naming the table and
    the first seat unread, and no stack changes."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    v.apply(report(v, "T1", 1, button=1, sb=2, bb=3))
    said = v.apply({"level": {"index": _colour_up_step()}})
    (alert,) = notices(said, "alert")
    first = next(e.seat for e in v.entries.values())
    assert (alert.text, alert.rule, alert.data) == (
        f"T1: no RFID stack reading for seat {first}; colour up by hand",
        "002 Rule 25",
        {"table": "T1"},
    )
    assert commands(said, StackCmd) == []


def test_rule_25_the_race_is_once_a_player_and_a_player_walking_in_owes_it() -> None:
    """002 Rule 25: each player is raced once. At one table, a late registrant is walking to the
    seat at the colour-up step: the seated players race at once, and a report still showing
    their old chips (sent before the dealer carried out the race) races nobody again; the
    walker races alone once seated (25-C: 400 in 100 chips is less than a 500 chip, removed)."""
    v, out = venue_with(4, tables=1, late_until_level=99)
    confirm(v, out)
    stacks = {s: 10000 + 100 * i for i, s in enumerate(sorted(seats_of(v, "T1")))}
    v.apply(report(v, "T1", 1, chips=True, stacks=stacks, button=1, sb=2, bb=3))
    (late,) = commands(v.apply({"register": {"name": "Late"}}), SeatCmd)
    said = v.apply({"level": {"index": _colour_up_step()}})
    assert [c.seat for c in commands(said, StackCmd)] == [2, 3, 5]
    again = report(v, "T1", 2, chips=True, stacks=stacks, button=2, sb=3, bb=5)
    assert v.apply(again) == []
    v.apply({"confirmed": {"table": "T1", "id": late.id}})
    seated = report(v, "T1", 3, chips=True, stacks={**stacks, late.seat: 10400}, button=2, sb=3)
    got = v.apply(seated)
    assert [n.text for n in notices(got, "color_up")] == [
        "Color-up: 100 chips removed, exchanged for 500 (002 Rule 25); "
        f"Seat {late.seat}: 4 odd, cards 6d 7d 7h Qd, wins none"
    ]
    assert [(c.seat, c.name, c.add) for c in commands(got, StackCmd)] == [(late.seat, "Late", -400)]


def _race_at_one_table(
    race: str, colours: list[int], odd: dict[int, list[int]], button: int | None = 1
) -> list[Any]:
    """Four players at one table under a structure racing with ``race`` and removing
    ``colours`` at its colour-up break; each seat's RFID reading nine 1,000 chips plus
    ``odd[seat]``; what the break's step says."""
    structure = copy.deepcopy(STRUCTURE)
    structure["chip_race"] = race
    structure["step"][_colour_up_step()]["color_up"] = colours
    v, out = venue_with(4, tables=1, structure=structure)
    confirm(v, out)
    seats = []
    for seat, e in sorted(seats_of(v, "T1").items()):
        chips = [1000] * 9 + odd.get(seat, [1000])
        seats.append({"seat": seat, "name": e.name, "stack": sum(chips), "status": "active"})
        seats[-1]["chips"] = chips
    body = {"table": "T1", "seq": 1, "hand": 1, "button": button, "sb": 2, "bb": 3, "seats": seats}
    v.apply({"report": body})
    return v.apply({"level": {"index": _colour_up_step()}})


def test_000_rule_6_the_house_s_race_deals_from_the_button_s_left() -> None:
    """A house racing by 000 rule 6 (the ``wfp`` option of 002 Rule 25's race): the cards are
    dealt from the seat left of the button (here 3: seat 5 first), and the race says its rule."""
    said = _race_at_one_table("wfp", [100], {1: [100] * 3, 2: [100] * 2, 3: [100], 5: [100] * 4}, 3)
    (race,) = notices(said, "color_up")
    assert (race.text, race.rule) == (
        "Color-up: 100 chips removed, exchanged for 500 (000 rule 6); Seat 1: 3 odd, cards 6s "
        "3d As, wins 1; Seat 3: 1 odd, cards Td, wins 1; Seat 5: 4 odd, cards 7h 5c 9h 2s, wins "
        "none; Seat 2: 2 odd, cards 3c 2h, wins none",
        "000 rule 6",
    )
    assert [(c.seat, c.add) for c in commands(said, StackCmd)] == [
        (1, 200),
        (2, -200),
        (3, 400),
        (5, -400),
    ]


def test_000_rule_6_with_no_button_reported_the_race_waits_for_the_director() -> None:
    """The button's left needs a button: a table that has reported none yet is not raced, and
    the director is told why in one alert (002 Rule 25: the table colours up by hand)."""
    said = _race_at_one_table("wfp", [100], {1: [100] * 3}, None)
    (alert,) = notices(said, "alert")
    assert (alert.text, alert.rule, alert.data) == (
        "T1: colour-up not raced: method 'wfp' deals from the button: give button=",
        "002 Rule 25",
        {"table": "T1"},
    )
    assert commands(said, StackCmd) == []


def test_rule_25_a_break_removing_two_colours_races_each_into_the_next() -> None:
    """002 Rule 25 with two colours removed at one break (100 and 500): the 100s race into
    500s, then the 500s into 1,000s; a table where nobody holds a 100 still races its 500s."""
    said = _race_at_one_table(
        "tda", [100, 500], {1: [500, 100, 100, 100], 2: [500] * 3, 3: [100, 100]}
    )
    assert [n.text for n in notices(said, "color_up")] == [
        "Color-up: 100 chips removed, exchanged for 500 (002 Rule 25); Seat 1: 3 odd, cards 7h "
        "5c 9h, wins 1; Seat 3: 2 odd, cards 2s 6s, wins none",
        "Color-up: 500 chips removed, exchanged for 1000 (002 Rule 25); Seat 1: 2 x 500 -> 1 x "
        "1000; Seat 2: 2 x 500 -> 1 x 1000; Seat 2: 1 odd, cards 6d, wins 1",
    ]
    assert [n.data["removed"] for n in notices(said, "color_up")] == [100, 500]
    assert [(c.seat, c.add) for c in commands(said, StackCmd)] == [(1, 200), (2, 500), (3, -200)]
    said = _race_at_one_table("tda", [100, 500], {1: [500], 2: [500] * 3})
    assert [n.text for n in notices(said, "color_up")] == [
        "Color-up: 500 chips removed, exchanged for 1000 (002 Rule 25); Seat 2: 2 x 500 -> 1 x "
        "1000; Seat 1: 1 odd, cards 7h, wins 1; Seat 2: 1 odd, cards 5c, wins none"
    ]


# ------------------------------------------------------------------------- the setup line

_BASE = {"tables": ["A", "B"], "structure": STRUCTURE}
_WHOLE = "setup: setup.{} must be a whole number >= {}, got {}"
_TABLES = "setup: setup.tables must be a list of distinct table names"
_OBJECTS = "setup: setup.rebuy and setup.addon must be objects"
_MONEY = "setup: setup.{}.money must be an amount >= 0"
_AMOUNTS = "deal: deal.amounts: an amount >= 0 for each player left, by entry id"


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"colour": 1, "zzz": 2}, "setup: setup: unknown key 'colour' (allowed: tables, handed, "
         "seed, structure, break_order, late_until_level, reentries, rebuy, addon, approve_moves, "
         "money_unit, league, h4h_minutes, manual, bounty)"),
        ({"tables": "A"}, _TABLES),
        ({"tables": []}, _TABLES),
        ({"tables": ["A", "A"]}, _TABLES),
        ({"tables": ["A", 3]}, _TABLES),
        ({"tables": ["A", ""]}, _TABLES),
        ({"tables": ["A", "x" * 65]}, _TABLES),
        ({"handed": 1}, _WHOLE.format("handed", 2, 1)),
        ({"handed": True}, _WHOLE.format("handed", 2, True)),
        ({"handed": "9"}, _WHOLE.format("handed", 2, "'9'")),
        ({"handed": 11}, "setup: setup.handed: a table seats at most 10"),
        ({"seed": -1}, _WHOLE.format("seed", 0, -1)),
        ({"late_until_level": 1.5}, _WHOLE.format("late_until_level", 0, 1.5)),
        ({"break_order": "B"}, "setup: setup.break_order must list every table but the first "
         "(the final)"),
        ({"break_order": ["A"]}, "setup: setup.break_order must list every table but the first "
         "(the final)"),
        ({"rebuy": []}, _OBJECTS),
        ({"addon": 5}, _OBJECTS),
        ({"rebuy": {"chips": 1000, "money": -1}}, _MONEY.format("rebuy")),
        ({"addon": {"chips": 1000, "money": True}}, _MONEY.format("addon")),
        ({"rebuy": {"chips": 1000, "money": "5"}}, _MONEY.format("rebuy")),
        ({"league": "k +"}, "setup: setup.league: points formula: ends too soon"),
        ({"league": 5}, 'setup: setup.league: {"formula": a preset or a formula, "top_percent": '
         '1-100}'),
        ({"money_unit": 0}, "setup: setup.money_unit must be an amount of at least 0.01, got 0"),
        ({"money_unit": True}, "setup: setup.money_unit must be an amount of at least 0.01, got "
         "True"),
        ({"money_unit": "1"}, "setup: setup.money_unit must be an amount of at least 0.01, got "
         "'1'"),
        ({"money_unit": 0.001}, "setup: setup.money_unit must be an amount of at least 0.01, got "
         "0.001"),
        ({"money_unit": 0.015}, "setup: setup.money_unit must be whole cents, got 0.015"),
        ({"h4h_minutes": 4}, "setup: setup.h4h_minutes: at most 3 minutes a hand (002 RP-8 B), "
         "got 4"),
        ({"h4h_minutes": -1}, _WHOLE.format("h4h_minutes", 0, -1)),
        ({"approve_moves": 1}, "setup: setup.approve_moves must be true or false, got 1"),
    ],
)  # fmt: skip
def test_a_setup_the_venue_cannot_run_is_refused_in_its_words(changes: Any, words: str) -> None:
    """Bad input is refused in one line naming the key, and nothing is set up."""
    v = Venue()
    assert [o.text for o in v.apply({"setup": {**_BASE, **changes}})] == [words]
    assert v.cfg is None
    assert [o.text for o in v.apply({"setup": "x"})] == ["setup: setup must be an object"]


def test_a_setup_at_its_limits_and_its_rebuy_and_addon_options() -> None:
    """A table's name of 64 characters and two seats a table are a setup; the re-buy and
    add-on options (002 Rule 28, the house's) are kept as given, money in any amount >= 0."""
    v = Venue()
    assert v.apply({"setup": {**_BASE, "tables": ["A", "x" * 64], "handed": 2}}) == []
    assert v.cfg is not None and (v.cfg.handed, v.cfg.tables[1]) == (2, "x" * 64)
    v = Venue()
    rebuy = {"chips": 1000, "money": 12.5, "until_level": 2, "at_most": 5000}
    addon = {"chips": 2000, "money": 7, "until_level": 3}
    assert v.apply({"setup": {**_BASE, "rebuy": rebuy, "addon": addon}}) == []
    assert v.cfg is not None
    assert (v.cfg.rebuy_chips, v.cfg.rebuy_money, v.cfg.rebuy_until_level) == (1000, 12.5, 2)
    assert (v.cfg.rebuy_at_most, v.cfg.addon_chips, v.cfg.addon_money) == (5000, 2000, 7.0)
    assert v.cfg.addon_until_level == 3 and v.cfg.break_order == ("B",)


def test_a_setup_s_options_default_to_none_offered() -> None:
    """A setup naming only the tables and the structure: seed 0, no late entry past level 0,
    no re-entries, re-buys nor add-ons (002 Rules 8-A, 28: the house's options, none unless
    set), a re-buy's money 0 unless given, moves made at once, money in cents, hand-for-hand's
    2 minutes a hand (002 RP-8 C); the house's largest options kept as given."""
    v = Venue()
    assert v.apply({"setup": {**_BASE, "rebuy": {"chips": 500}, "addon": {"chips": 500}}}) == []
    c = v.cfg
    assert c is not None
    assert (c.seed, c.late_until_level, c.reentries, c.handed) == (0, 0, 0, 9)
    assert (c.rebuy_chips, c.rebuy_money, c.rebuy_until_level, c.rebuy_at_most) == (
        500,
        0.0,
        0,
        10000,
    )
    assert (c.addon_chips, c.addon_money, c.addon_until_level) == (500, 0.0, 0)
    assert (c.approve_moves, c.money_unit, c.h4h_minutes, c.league, c.bounty) == (
        False,
        1,
        2,
        None,
        None,
    )
    v = Venue()
    assert v.apply({"setup": {**_BASE, "money_unit": 5, "h4h_minutes": 3}}) == []
    assert v.cfg is not None and (v.cfg.money_unit, v.cfg.h4h_minutes) == (500, 3)
    v = Venue()
    assert v.apply({"setup": {**_BASE, "money_unit": 0.05, "approve_moves": True}}) == []
    assert v.cfg is not None and (v.cfg.money_unit, v.cfg.approve_moves) == (5, True)
    v = Venue()
    assert v.apply({"setup": _BASE}) == []
    assert v.cfg is not None and (v.cfg.rebuy_chips, v.cfg.addon_chips) == (0, 0)


# ------------------------------------------------------------------ a deal at the final table


def test_a_deal_refused_in_its_words_then_agreed_in_the_director_s_words() -> None:
    """The deal the players left agree (tablectl.tournament.deals): every refusal one line
    naming what is wrong, nothing recorded; then a chip-chop with $100 played for, its figures
    by name in seat order, and the deal's record as the clock reads it."""
    v, _seq = deal_three_left()
    a, b, c = deal_ids(v)
    assert (a, b, c) == ("e6", "e10", "e8")
    every = [a, b, c]
    cases: list[tuple[object, str]] = [
        ("x", 'deal: needs {"method": ..., "agreed": [entry ids], ...}'),
        ({"method": "icm", "agreed": "all"}, "deal: deal.agreed: the entry ids of the players "
         "who agreed"),
        ({"method": "icm", "agreed": [a, b, 3]}, "deal: deal.agreed: the entry ids of the players "
         "who agreed"),
        ({"method": "icm", "agreed": [a, b]}, "deal: not agreed by P8: every player left agrees"),
        ({"method": "icm", "agreed": [a]}, "deal: not agreed by P10, P8: every player left "
         "agrees"),
        ({"method": "icm", "agreed": [*every, "e99"]}, "deal: deal.agreed: 'e99' is not a player "
         "left"),
        ({"method": "icm", "agreed": every, "held_back": -1}, "deal: deal.held_back must be an "
         "amount >= 0, got -1"),
        ({"method": "icm", "agreed": every, "held_back": True}, "deal: deal.held_back must be an "
         "amount >= 0, got True"),
        ({"method": "icm", "agreed": every, "held_back": "5"}, "deal: deal.held_back must be an "
         "amount >= 0, got '5'"),
        ({"method": "icm", "agreed": every, "amounts": [1]}, _AMOUNTS),
        ({"method": "icm", "agreed": every, "amounts": {a: 1, b: 2}}, _AMOUNTS),
        ({"method": "icm", "agreed": every, "amounts": {a: 1, b: 2, c: -1}}, _AMOUNTS),
        ({"method": "icm", "agreed": every, "amounts": {a: 1, b: 2, c: True}}, _AMOUNTS),
        ({"method": "custom", "agreed": every}, "deal: a custom deal needs the amounts agreed"),
        ({"method": "custom", "agreed": every, "amounts": {a: 400, b: 300, c: 200}}, "deal: the "
         "amounts sum to 900.00, the prizes left less the amount played for to 1,000.00"),
        ({"method": "bogus", "agreed": every}, "deal: no deal method 'bogus' (one of icm, "
         "chip_chop)"),
        ({"method": "icm", "agreed": every, "amounts": {a: 400, b: 300, c: 300}}, "deal: the "
         "figures given are not the figures from the stacks now (a hand was played since?): show "
         "the figures again"),
    ]  # fmt: skip
    for body, words in cases:
        assert [(o.kind, o.text) for o in v.apply({"deal": body})] == [("alert", words)], body
        assert v.deal is None
    said = v.apply({"deal": {"method": "chip_chop", "agreed": [c, b, a], "held_back": 100}})
    (deal,) = notices(said, "deal")
    assert (deal.text, deal.rule) == (
        "deal (chip-chop) agreed by P6, P10, P8: P6 $350.00, P10 $290.00, P8 $260.00; $100.00 "
        "played for",
        "",
    )
    assert deal.data == {
        "method": "chip_chop",
        "shares": {a: 350.0, b: 290.0, c: 260.0},
        "held_back": 100.0,
        "stacks": {a: 50000, b: 30000, c: 20000},
        "agreed": every,
        "unit": 0.01,
    }


# ------------------------------------------------------------------- a table's answers


def test_a_table_s_answer_that_cannot_be_believed_is_refused_in_its_words() -> None:
    """A table confirms the venue's commands (the dealer's floor decisions); an answer that is
    malformed, for another table, for no waiting command, or that makes chips nobody issued is
    refused in one line and the command stays waiting (002 Rule 28's re-buy counted once)."""
    v, out = venue_with(4, tables=1, rebuy={"chips": 10000, "until_level": 2})
    seat = commands(out, SeatCmd)[0]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"stack": -1}, "confirmed: confirmed.stack must be a whole number, got -1"),
        ({"stack": True}, "confirmed: confirmed.stack must be a whole number, got True"),
        ({"before": "x"}, "confirmed: confirmed.before must be a whole number, got 'x'"),
        ({"before": 10**9}, "confirmed: confirmed.before 1,000,000,000 is more than the 40,000 "
         "chips in play"),
        ({"stack": 9999}, f"confirmed: T1 confirmed seat {seat.id} with a stack of 9,999: the seat "
         "was sent with 10,000; refused"),
        ({"table": "T2"}, f"confirmed: command {seat.id} was for T1, not 'T2'"),
        ({"id": "c99"}, "confirmed: no command 'c99' is waiting"),
    ]  # fmt: skip
    for changes, words in cases:
        body = {"table": "T1", "id": seat.id, **changes}
        assert [o.text for o in v.apply({"confirmed": body})] == [words], changes
    confirm(v, out)
    first = sorted(seats_of(v, "T1"))[0]
    v.apply(report(v, "T1", 1, stacks={first: 4000}, button=1, sb=2, bb=3))
    name = seats_of(v, "T1")[first].name
    (cmd,) = commands(v.apply({"rebuy": {"name": name}}), StackCmd)
    assert [
        o.text for o in v.apply({"confirmed": {"table": "T1", "id": cmd.id, "stack": 10**6}})
    ] == [
        f"confirmed: T1 confirmed stack {cmd.id} with a stack of 1,000,000: more than the 40,000 "
        "chips in play and the 10,000 the command added; refused"
    ]
    assert v.summary()["rebuys"] == 0
    assert v.apply({"confirmed": {"table": "T1", "id": cmd.id, "stack": 13000}}) == []
    assert (v.chips_issued, seats_of(v, "T1")[first].stack, v.summary()["rebuys"]) == (
        50000,
        13000,
        1,
    )


def test_rule_8b_a_forfeited_stack_may_be_every_chip_in_play_but_no_more() -> None:
    """002 Rule 8-B: the forfeited chips leave play, as many as the table says the seat held
    when the dealer confirmed (``before``): at most every chip in play, all 50,000 of them (the
    player won the others' chips meanwhile), never one more."""
    v, out = venue_with(5, tables=1, late_until_level=5, reentries=2, seed=7)
    confirm(v, out)
    said = v.apply({"reentry": {"name": "P4", "forfeit": True}})
    assert [(n.text, n.rule) for n in notices(said, "registered")] == [
        ("P4 registered (e6)", "002 Rule 8-B")
    ]
    (cmd,) = commands(said, StackCmd)
    assert (cmd.rule, cmd.why) == ("002 Rule 8-B", "re-entry: the forfeited chips leave play")
    assert v.chips_issued == 50000
    body = {"table": "T1", "id": cmd.id, "stack": 10000}
    assert [o.text for o in v.apply({"confirmed": {**body, "before": 50001}})] == [
        "confirmed: confirmed.before 50,001 is more than the 50,000 chips in play"
    ]
    assert v.apply({"confirmed": {**body, "before": 50000}}) == []
    assert v.chips_issued == 10000


def test_rule_11a_a_move_carried_out_is_announced_and_the_player_seated_in_words() -> None:
    """002 Rule 11-A: once the dealer has the player up (``unseat`` confirmed with the chips
    carried), the clock hears the move, the new table gets the seat with those chips, and the
    venue counts one move."""
    v, out = venue_with(16)
    confirm(v, out)
    t1, t2 = sorted(seats_of(v, "T1")), sorted(seats_of(v, "T2"))
    v.apply(report(v, "T1", 1, button=t1[0], sb=t1[1], bb=t1[2]))
    (move,) = commands(
        v.apply(report(v, "T2", 1, out=tuple(t2[:2]), button=t2[4], sb=t2[5], bb=t2[6])),
        UnseatCmd,
    )
    got = v.apply({"confirmed": {"table": "T1", "id": move.id, "stack": 12000}})
    (moved,) = notices(got, "moved")
    assert (moved.text, moved.rule, moved.data) == (
        f"{move.name}: T1 seat {move.seat} -> T2 seat {move.to_seat}",
        "002 Rule 11-A",
        {"entry": "e15", "from": ["T1", move.seat], "to": ["T2", move.to_seat]},
    )
    (seat,) = commands(got, SeatCmd)
    assert (seat.table, seat.seat, seat.rule, seat.why, seat.stack) == (
        "T2",
        move.to_seat,
        "002 Rule 11-A",
        "moved from T1",
        12000,
    )
    assert v.summary()["moves"] == 1


def test_rule_25_a_leaving_player_s_race_confirmed_before_the_move_is_not_a_move() -> None:
    """002 Rule 25: a player whose move is decided races at the table being left; the dealer
    carrying out that race first changes the stack there and moves nobody; the move, confirmed
    next, carries the raced stack."""
    v, move = rules_room_with_a_move()
    rules_readings(v, {(move.table, move.seat): 10400, (move.table, 3): 9700})
    said = v.apply({"level": {"index": _colour_up_step()}})
    (theirs,) = [
        c for c in commands(said, StackCmd) if c.seat == move.seat and c.table == move.table
    ]
    assert v.apply({"confirmed": {"table": move.table, "id": theirs.id}}) == []
    mover = next(e for e in v.entries.values() if e.name == move.name)
    assert (mover.status, mover.stack, v.summary()["moves"]) == ("leaving", 10500, 0)
    after = v.apply({"confirmed": {"table": move.table, "id": move.id, "stack": 10500}})
    assert [n.kind for n in after if isinstance(n, Announcement)] == ["moved"]
    assert [c.stack for c in commands(after, SeatCmd)] == [10500]


def test_rule_25_a_race_carried_by_the_move_is_made_at_the_new_seat_in_words() -> None:
    """002 Rule 25-C: a player moved before the dealer carried out the race at the table left:
    the command there is void, and the change is made at the new seat, saying why."""
    v, move = rules_room_with_a_move()
    rules_readings(v, {(move.table, move.seat): 10400, (move.table, 3): 9700})
    said = v.apply({"level": {"index": _colour_up_step()}})
    (theirs,) = [
        c for c in commands(said, StackCmd) if c.seat == move.seat and c.table == move.table
    ]
    after = v.apply({"confirmed": {"table": move.table, "id": move.id, "stack": 10400}})
    (seat,) = commands(after, SeatCmd)
    (void,) = v.apply({"refused": {"table": move.table, "id": theirs.id}})
    assert (void.kind, void.rule) == ("void", "002 Rule 25")
    (follow,) = commands(v.apply({"confirmed": {"table": "T3", "id": seat.id}}), StackCmd)
    assert (follow.table, follow.rule, follow.why, follow.add, follow.stack) == (
        "T3",
        "002 Rule 25",
        "colour-up raced at the table left, before the move",
        theirs.add,
        10400 + theirs.add,
    )


def test_a_custom_deal_may_give_a_player_less_than_a_dollar_or_nothing() -> None:
    """A custom deal's amounts are any amounts >= 0 summing to the prizes left."""
    v, _seq = deal_three_left()
    a, b, c = deal_ids(v)
    amounts = {a: 999.5, b: 0.5, c: 0}
    said = v.apply({"deal": {"method": "custom", "agreed": [a, b, c], "amounts": amounts}})
    assert [n.text for n in notices(said, "deal")] == [
        "deal (custom) agreed by P6, P10, P8: P6 $999.50, P10 $0.50, P8 $0.00"
    ]


def test_rule_25_a_race_carried_twice_is_made_once_at_the_last_seat() -> None:
    """002 Rule 25-C: P3's race at T2 went with the move to T3 (its command there waits for
    T3's dealer); T3 breaks before that dealer carried it out (10-B), so it goes with P3 again,
    once and for the same amount, to the seat at T1."""
    v, move = rules_room_with_a_move()
    rules_readings(v, {(move.table, move.seat): 10400, (move.table, 3): 9700})
    said = v.apply({"level": {"index": _colour_up_step()}})
    (theirs,) = [c for c in commands(said, StackCmd) if (c.table, c.seat) == (move.table, 1)]
    confirm(v, [c for c in commands(said, StackCmd) if c is not theirs])
    after = v.apply({"confirmed": {"table": move.table, "id": move.id, "stack": 10400}})
    v.apply({"refused": {"table": move.table, "id": theirs.id}})
    (seat,) = commands(after, SeatCmd)
    (first,) = commands(v.apply({"confirmed": {"table": "T3", "id": seat.id}}), StackCmd)
    assert (first.table, first.name, first.add) == ("T3", "P3", 100)
    t1 = sorted(seats_of(v, "T1"))
    said = v.apply(report(v, "T1", 20, out=tuple(t1[:5]), button=t1[5], sb=t1[5], bb=t1[5]))
    assert [n.text for n in notices(said, "table_broken")] == [
        "table T3 breaks: 11 players fit 2 table(s)"
    ]
    (unseat,) = [c for c in commands(said, UnseatCmd) if c.name == "P3"]
    moved = v.apply({"confirmed": {"table": "T3", "id": unseat.id, "stack": 10400}})
    (again,) = commands(moved, SeatCmd)
    assert [
        (o.kind, o.data["id"]) for o in v.apply({"refused": {"table": "T3", "id": first.id}})
    ] == [("void", first.id)]
    (last,) = commands(v.apply({"confirmed": {"table": "T1", "id": again.id}}), StackCmd)
    assert (last.table, last.seat, last.why, last.add, last.stack) == (
        "T1",
        again.seat,
        "colour-up raced at the table left, before the move",
        100,
        10500,
    )


def test_rule_28_two_rebuys_at_the_table_count_twice_for_the_player() -> None:
    """002 Rule 28: a seated player re-buying twice (the house's limit allowing it) has two
    re-buys, for the player and for the pool."""
    v, name = _short_stack(rebuy={"chips": 10000, "until_level": 2, "at_most": 20000})
    for _ in range(2):
        confirm(v, v.apply({"rebuy": {"name": name}}))
    (player,) = (p for p in players(v.entries.values()) if p.name == name)
    assert (player.rebuys, v.summary()["rebuys"]) == (2, 2)


def test_a_custom_deal_with_an_amount_played_for_shares_the_rest() -> None:
    """A custom deal holding $100 back to play for: the amounts agreed are the other $900."""
    v, _seq = deal_three_left()
    a, b, c = deal_ids(v)
    amounts = {a: 400, b: 300, c: 200}
    body = {"method": "custom", "agreed": [a, b, c], "held_back": 100, "amounts": amounts}
    assert [n.text for n in notices(v.apply({"deal": body}), "deal")] == [
        "deal (custom) agreed by P6, P10, P8: P6 $400.00, P10 $300.00, P8 $200.00; $100.00 played "
        "for"
    ]
    assert v.deal is not None and v.deal.held_back == 10000


# ------------------------------------------------------------- registration and refusals


def test_rule_68_a_name_or_member_registered_twice_is_refused_in_words() -> None:
    """002 Rule 68 (one player, one hand) and 8-A: a name registered already needs ``again``
    (another person, told apart as "P1 (2)"); a member id is one person's; late registration
    closes after its level, in words."""
    v, out = venue_with(4, tables=2, late_until_level=1)
    confirm(v, out)
    assert [o.text for o in v.apply({"register": {"name": "P1"}})] == [
        "register: P1 is registered already (e1): one player, one hand (002 Rule 68); confirm it "
        'is another person of that name ("again": true), or re-enter the same player (8-B)'
    ]
    said = v.apply({"register": {"name": "Q", "member": "M1"}})
    assert [(n.text, n.rule) for n in notices(said, "registered")] == [
        ("Q registered (e5)", "002 Rule 8-A")
    ]
    assert [o.text for o in v.apply({"register": {"name": "R", "member": "M1"}})] == [
        "register: member M1 is Q (e5) already: the same player re-enters (002 Rule 8-A), "
        "another person has another member id"
    ]
    said = v.apply({"register": {"name": "P1", "again": True}})
    assert [n.text for n in notices(said, "registered")] == ["P1 (2) registered (e6)"]
    v.apply({"level": {"index": 1}})
    assert [o.text for o in v.apply({"register": {"name": "Z"}})] == [
        "register: late registration closed after level 1 (002 Rule 8-A)"
    ]


def test_a_command_a_table_refuses_is_told_to_the_director_and_planned_again() -> None:
    """A table refusing a command: the director hears which, why, under its rule; a seat is
    drawn again elsewhere (8-A/7), an add-on refused may be asked again (002 Rule 28)."""
    v, out = venue_with(4, tables=2, addon={"chips": 5000, "until_level": 2})
    first = commands(out, SeatCmd)[0]
    said = v.apply({"refused": {"table": "T1", "id": first.id, "reason": "seat broken"}})
    (alert,) = notices(said, "alert")
    assert (alert.text, alert.rule, alert.data) == (
        f"T1 refused seat {first.id}: seat broken",
        "002 Rule 7",
        {"table": "T1", "id": first.id},
    )
    (again,) = commands(said, SeatCmd)
    assert (again.name, again.why, again.rule) == (
        first.name,
        "re-drawn: seat refused",
        "002 Rule 7",
    )
    assert again.seat != first.seat
    confirm(v, [o for o in out if o is not first] + [again])
    name = seats_of(v, "T1")[sorted(seats_of(v, "T1"))[0]].name
    (addon,) = commands(v.apply({"addon": {"name": name}}), StackCmd)
    (refused,) = v.apply({"refused": {"table": "T1", "id": addon.id, "reason": "no chips"}})
    assert (refused.kind, refused.text, refused.rule) == (
        "alert",
        f"T1 refused stack {addon.id}: no chips",
        "002 Rule 28",
    )
    (player,) = (p for p in players(v.entries.values()) if p.name == name)
    assert player.addons == 0
    (again_addon,) = commands(v.apply({"addon": {"name": name}}), StackCmd)
    assert again_addon.why == "add-on"
    # a refusal that gives no reason says so by saying nothing after the command
    assert [o.text for o in v.apply({"refused": {"table": "T1", "id": again_addon.id}})] == [
        f"T1 refused stack {again_addon.id}: "
    ]


def test_rule_8_a_re_entry_s_every_refusal_in_words_and_one_allowed() -> None:
    """002 Rule 8-A: a re-entry is a new entry drawn from the seat pool, while late entry is
    open and within the re-entries allowed; 8-B: a player still in forfeits the stack to
    re-enter, once seated."""
    v = Venue()
    v.apply(
        {"setup": {"tables": ["T1"], "structure": STRUCTURE, "late_until_level": 1, "reentries": 1}}
    )
    for name in ("P1", "P2", "P3"):
        v.apply({"register": {"name": name}})
    assert [o.text for o in v.apply({"reentry": {"name": "P1"}})] == [
        "reentry: re-entry is closed (002 Rule 8-A)"
    ]
    out = v.apply({"start": {}})
    assert [o.text for o in v.apply({"reentry": {"name": "P1", "forfeit": True}})] == [
        "reentry: P1 is moving; re-enter once seated"
    ]
    confirm(v, out)
    assert [o.text for o in v.apply({"reentry": {"name": "P1"}})] == [
        'reentry: P1 is still in (re-enter with "forfeit": true, 002 Rule 8-B)'
    ]
    assert [o.text for o in v.apply({"reentry": {"name": "Nobody"}})] == [
        "reentry: no entry named 'Nobody'"
    ]
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P1")
    v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    said = v.apply({"reentry": {"name": "P1"}})
    assert [(n.text, n.rule) for n in notices(said, "registered")] == [
        ("P1 registered (e4)", "002 Rule 8-A")
    ]
    assert [(c.rule, c.why) for c in commands(said, SeatCmd)] == [
        ("002 Rule 8-A", "drawn from the seat pool")
    ]
    confirm(v, said)
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P1")
    v.apply(report(v, "T1", 2, out=(seat,), button=1, sb=2, bb=3))
    assert [o.text for o in v.apply({"reentry": {"name": "P1"}})] == [
        "reentry: P1 has used the 1 re-entries allowed"
    ]
    v.apply({"level": {"index": 1}})
    assert [o.text for o in v.apply({"reentry": {"name": "P2"}})] == [
        "reentry: re-entry is closed (002 Rule 8-A)"
    ]
    # the same player's two entries, both named to the director (002 Rule 68)
    assert v.apply({"register": {"name": "P1"}})[0].text.startswith(
        "register: P1 is registered already (e1, e4): one player, one hand (002 Rule 68)"
    )


# -------------------------------------------------------------- halting and the winner


def test_rule_11d_a_table_halts_and_resumes_in_the_dealer_s_words() -> None:
    """002 Rule 11-D (the Illustration Addendum: 8 against 5, the blinds impacted): the short
    table holds play until players arrive, then plays on, each in one command."""
    v, out = venue_with(16, tables=2)
    confirm(v, out)
    t2 = sorted(seats_of(v, "T2"))
    said = v.apply(report(v, "T2", 1, out=tuple(t2[:3]), button=t2[3], sb=t2[4], bb=t2[5]))
    assert [(h.table, h.rule, h.why, h.halt) for h in commands(said, HaltCmd)] == [
        (
            "T2",
            "002 Rule 11-D",
            "5 players, 8 at the fullest table: hold play until players arrive",
            True,
        )
    ]
    after = confirm(v, said)
    assert [(h.table, h.rule, h.why, h.halt) for h in commands(after, HaltCmd)] == [
        ("T2", "002 Rule 11-D", "players arrived: play on", False)
    ]
    assert v.tables["T2"].halted is False
    ids = [h.id for h in commands(said, HaltCmd) + commands(after, HaltCmd)]
    assert len(set(ids)) == 2 and all(i.startswith("c") for i in ids)  # each its own id


def test_the_last_player_in_wins_the_first_prize_in_words() -> None:
    """Three at one table, two out in one hand (the bigger stack before the hand places
    higher; equal stacks by entry): the last one wins, with the first prize."""
    v, out = venue_with(3, tables=1)
    confirm(v, out)
    t = sorted(seats_of(v, "T1"))
    said = v.apply(report(v, "T1", 1, out=(t[0], t[1]), button=t[2], sb=t[2], bb=t[2]))
    assert [n.text for n in notices(said, "eliminated")] == [
        "P2 out in place 3",
        "P3 out in place 2",
    ]
    (won,) = notices(said, "finished")
    assert (won.text, won.rule, won.data) == (
        "P1 wins",
        "",
        {"entry": "e1", "name": "P1", "table": "T1", "seat": t[2], "prize": 300.0},
    )
    assert v.finished
    # the table's next report (the hand over, the chips counted) changes nothing more
    late = report(v, "T1", 2, button=t[2], sb=t[2], bb=t[2])
    assert notices(v.apply(late), "finished") == []


def test_rule_12_one_table_is_the_final_table_from_the_start() -> None:
    """002 Rule 12: a field that fits one table plays the final table from the first hand."""
    _v, out = venue_with(3, tables=1)
    (final,) = notices(out, "final_table")
    assert (final.text, final.rule, final.data) == (
        "final table: 3 players at T1",
        "002 Rule 12",
        {"table": "T1", "players": 3},
    )


def test_rule_7_registered_before_the_start_and_a_waiting_member_is_one_person() -> None:
    """002 Rule 7: before the start players register for the draw; past the last seat they
    wait (8-A), and a member id waiting is that person's (002 Rule 68), before and after the
    start."""
    v = Venue()
    setup = {"tables": ["T1", "T2"], "handed": 2, "structure": STRUCTURE, "late_until_level": 1}
    v.apply({"setup": setup})
    said = v.apply({"register": {"name": "P1"}})
    assert [(n.kind, n.text, n.rule) for n in said] == [
        ("registered", "P1 registered (e1)", "002 Rule 7")
    ]
    for name in ("P2", "P3", "P4"):
        v.apply({"register": {"name": name}})
    assert [n.kind for n in v.apply({"register": {"name": "W", "member": "M9"}})] == ["waiting"]
    assert [o.text for o in v.apply({"register": {"name": "X", "member": "M9"}})] == [
        "register: member M9 is W (e5) already: the same player re-enters (002 Rule 8-A), "
        "another person has another member id"
    ]
    confirm(v, v.apply({"start": {}}))
    assert [n.kind for n in v.apply({"register": {"name": "Y", "member": "M8"}})] == ["waiting"]
    assert [o.text for o in v.apply({"register": {"name": "Z", "member": "M8"}})] == [
        "register: member M8 is Y (e6) already: the same player re-enters (002 Rule 8-A), "
        "another person has another member id"
    ]


def test_rule_11a_a_refused_move_is_planned_again() -> None:
    """002 Rule 11-A: a table refusing a balancing ``unseat`` keeps the player there, and the
    venue plans the move again (the same player due the big blind, the same seat)."""
    v, out = venue_with(16)
    confirm(v, out)
    t1, t2 = sorted(seats_of(v, "T1")), sorted(seats_of(v, "T2"))
    v.apply(report(v, "T1", 1, button=t1[0], sb=t1[1], bb=t1[2]))
    said = v.apply(report(v, "T2", 1, out=tuple(t2[:2]), button=t2[4], sb=t2[5], bb=t2[6]))
    (move,) = commands(said, UnseatCmd)
    said = v.apply({"refused": {"table": "T1", "id": move.id, "reason": "in a hand"}})
    assert [(n.kind, n.text, n.rule) for n in notices(said, "alert")] == [
        ("alert", f"T1 refused unseat {move.id}: in a hand", "002 Rule 11-A")
    ]
    (again,) = commands(said, UnseatCmd)
    assert (again.name, again.seat, again.to_table, again.to_seat) == (
        move.name,
        move.seat,
        move.to_table,
        move.to_seat,
    )
    assert again.id != move.id


def test_rule_28_a_refused_re_buy_in_the_kept_seat_leaves_the_player_out() -> None:
    """002 Rule 28: the busted player's re-buy in the kept seat refused by the table did not
    happen: the player is out again, no seat drawn, nobody more in play."""
    v, out = venue_with(7, tables=1, seed=11, rebuy={"chips": 8000, "until_level": 3})
    confirm(v, out)
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P6")
    v.apply(report(v, "T1", 1, out=(seat,), button=4, sb=5, bb=6))
    (cmd,) = commands(v.apply({"rebuy": {"name": "P6"}}), StackCmd)
    said = v.apply({"refused": {"table": "T1", "id": cmd.id, "reason": "gone home"}})
    assert [(o.kind, o.text) for o in said] == [("alert", f"T1 refused stack {cmd.id}: gone home")]
    assert (v.entries["e6"].status, v.summary()["players_left"], v.summary()["rebuys"]) == (
        "out",
        6,
        0,
    )


def test_rule_25_a_leaving_player_s_race_refused_keeps_the_move() -> None:
    """002 Rules 25 and 11-A: the race's command refused at the table being left is the
    director's to settle; the player's move stands, still waiting for the dealer."""
    v, move = rules_room_with_a_move()
    rules_readings(v, {(move.table, move.seat): 10400})
    said = v.apply({"level": {"index": _colour_up_step()}})
    (theirs,) = [
        c for c in commands(said, StackCmd) if (c.table, c.seat) == (move.table, move.seat)
    ]
    said = v.apply({"refused": {"table": move.table, "id": theirs.id, "reason": "x"}})
    assert [(o.kind, o.rule) for o in said] == [("alert", "002 Rule 25")]
    mover = next(e for e in v.entries.values() if e.name == move.name)
    assert (mover.status, mover.dest, move.id in v.pending) == (
        "leaving",
        (move.to_table, move.to_seat),
        True,
    )


def test_a_refused_seat_with_no_other_seat_open_is_refused_and_kept() -> None:
    """Two full heads-up tables: a seat the table refuses cannot be drawn again elsewhere; the
    director is told in one line and the seat command still waits."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2"], "handed": 2, "structure": STRUCTURE}})
    for name in ("P1", "P2", "P3", "P4"):
        v.apply({"register": {"name": name}})
    seat = commands(v.apply({"start": {}}), SeatCmd)[0]
    said = v.apply({"refused": {"table": seat.table, "id": seat.id, "reason": "broken"}})
    assert [o.text for o in said] == ["refused: no open seat to re-seat the player"]
    assert seat.id in v.pending
