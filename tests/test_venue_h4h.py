"""Hand-for-hand by 002 RP-8, from the rule text (issue 31, part 1): the model's rounds, shared
places, the clock's minutes and the all-in hold; the table's side (``TableHold``) on a real
engine."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_venue_model import STRUCTURE, commands, confirm, notices, seats_of

from tablectl.engine.events import event_from_obj
from tablectl.engine.table import Table
from tablectl.tournament.handforhand import TableHold, runout_pending, shared_prizes
from tablectl.tournament.venue import Venue
from tablectl.wire.commands import Command, HoldCmd, TableReport

# twelve places paid whatever the field: the bubble comes at 13, while three tables still play
PAID = [30, 20, 12, 9, 7, 6, 5, 4, 3, 2, 1, 1]


def structure() -> dict[str, Any]:
    s = copy.deepcopy(STRUCTURE)
    s["prize"]["payouts"] = [{"entrants": 2, "percent": PAID}]
    return s


class Room:
    """A venue of three 9-handed tables and 20 players, each table's reports numbered."""

    def __init__(self, **setup: Any) -> None:
        self.v = Venue()
        self.v.apply(
            {
                "setup": {
                    "tables": ["T1", "T2", "T3"],
                    "handed": 9,
                    "seed": 5,
                    "structure": structure(),
                    **setup,
                }
            }
        )
        for i in range(20):
            self.v.apply({"register": {"name": f"Q{i + 1:02d}"}})
        confirm(self.v, self.v.apply({"start": {}}))
        self.seq = dict.fromkeys(("T1", "T2", "T3"), 0)
        self.hand = dict.fromkeys(("T1", "T2", "T3"), 0)

    def report(
        self,
        table: str,
        *,
        out: tuple[str, ...] = (),
        in_hand: bool = False,
        new_hand: bool = True,
        hold: int | None = None,
        allin: bool = False,
    ) -> list[Any]:
        """A report from ``table``: ``out`` names bust; ``new_hand`` counts a hand started."""
        self.seq[table] += 1
        self.hand[table] += int(new_hand)
        seats = [
            {
                "seat": s,
                "name": e.name,
                "stack": 0 if e.name in out else e.stack,
                "status": "out" if e.name in out else "active",
            }
            for s, e in sorted(seats_of(self.v, table).items())
        ]
        body: dict[str, Any] = {
            "table": table,
            "seq": self.seq[table],
            "hand": self.hand[table],
            "in_hand": in_hand,
            "button": 1,
            "sb": 2,
            "bb": 3,
            "seats": seats,
        }
        if hold is not None:
            body["hold"] = {"round": hold, "allin": allin}
        said = self.v.apply({"report": body})
        return said + confirm(self.v, said)

    def names(self, table: str) -> list[str]:
        return [e.name for _s, e in sorted(seats_of(self.v, table).items())]

    def bust_to(self, left: int) -> list[Any]:
        """Players bust one report at a time (the fullest table first) until ``left`` remain."""
        said: list[Any] = []
        while len(self.v.remaining()) > left:
            table = max(self.v.active_tables(), key=lambda t: len(self.names(t)))
            said += self.report(table, out=(self.names(table)[0],))
        return said


def holds(said: list[Any]) -> dict[str, HoldCmd]:
    """The last ``h4h`` command for each table."""
    return {c.table: c for c in commands(said, HoldCmd)}


def test_rp8_proposed_when_the_next_elimination_reaches_the_money() -> None:
    """Issue 31: the model proposes hand-for-hand when the next elimination reaches the money
    (12 paid, 13 left), once; nothing is held until the director starts it."""
    room = Room()
    said = room.bust_to(14)
    assert not notices(said, "h4h_proposed")
    said = room.bust_to(13)
    (proposal,) = notices(said, "h4h_proposed")
    assert proposal.data == {"players": 13, "paid": 12} and proposal.rule == "002 RP-8"
    assert not commands(said, HoldCmd) and room.v.h4h is None
    assert not notices(room.report("T1"), "h4h_proposed")  # once


def test_rp8_a_every_table_finishes_its_hand_and_the_next_starts_everywhere_together() -> None:
    """002 RP-8 A: "finish the current hand you're on then hold up": the tables in a hand finish
    it and hold; the next hand is released everywhere only once every table reported its hand
    over. Each ``h4h`` command says for whom a holding table waits."""
    room = Room()
    room.bust_to(13)
    live = room.v.active_tables()
    assert len(live) >= 2
    first, *others = live
    room.report(first, in_hand=True)  # the hand in progress at the announcement
    said = room.v.apply({"hand_for_hand": {"on": True}})
    assert notices(said, "hand_for_hand")[0].rule == "002 RP-8 A"
    got = holds(said)
    assert set(got) == set(live)
    assert all(c.round == 0 and not c.deal for c in got.values())
    assert got[others[0]].waiting == (first,)  # a holding table waits for the one in a hand
    assert room.v.apply({"hand_for_hand": {"on": True}})[0].kind == "alert"
    # the hand in progress ends: round 1 is released to every table
    said = room.report(first, new_hand=False)
    got = holds(said)
    assert set(got) == set(live) and all(c.round == 1 and c.deal for c in got.values())
    # one table's round-1 hand is over, the others' not: nothing is released yet
    said = room.report(others[0], hold=1)
    got = holds(said)
    assert got and all(c.round == 1 for c in got.values())
    assert got[others[0]].waiting == tuple(t for t in live if t != others[0])
    # a repeated report of a table still between hands under round 0 is not its round-1 hand
    for t in live[1:]:
        room.report(t, hold=1)
    said = room.report(first, hold=0, new_hand=False)
    assert not [c for c in commands(said, HoldCmd) if c.round == 2]
    said = room.report(first, hold=1)
    assert {c.round for c in commands(said, HoldCmd)} == {2}
    assert room.v.h4h is not None and room.v.h4h.hands == 1


def test_rp8_a_players_out_on_the_same_hand_share_the_places_they_cover() -> None:
    """002 RP-8 A: "If enough players bust on the current hand to break into the money, the
    busting players will be eligible for a share of the place(s) paid on the current hand":
    two out on one hand-for-hand hand at two tables, 13 left and 12 paid, share places 13 and
    12 (12th pays 1% of $2,000: $10 each); the prize is decided once every table is done."""
    room = Room()
    room.bust_to(13)
    live = room.v.active_tables()
    room.v.apply({"hand_for_hand": {"on": True}})  # every table between hands: round 1 at once
    a, b = live[0], live[1]
    out_a, out_b = (room.names(a)[-1],), (room.names(b)[-1],)
    said = room.report(b, out=out_b, hold=1)
    # placed, but the prize is not final: others may bust on this hand
    assert [n.data["place"] for n in notices(said, "eliminated")] == [13]
    assert not notices(said, "shared_place")
    said = room.report(a, out=out_a, hold=1)
    for t in live[2:]:
        said += room.report(t, hold=1)
    (shared,) = notices(said, "shared_place")
    assert shared.rule == "002 RP-8 A"
    assert shared.data["places"] == [12, 13]
    assert shared.data["prize"] == 10.0  # (20 + 0) / 2
    assert sorted(shared.data["names"]) == sorted(out_a + out_b)
    for e in room.v.entries.values():
        if e.name in out_a + out_b:
            assert (e.place, e.prize, e.shared) == (12, 10.0, 2)
    # the clock's minutes for the hand (002 RP-8 B-D)
    (clock,) = notices(said, "h4h_clock")
    assert clock.data == {"seconds": 120, "hands": 1} and clock.rule == "002 RP-8 B-D"


def test_rp8_a_one_player_out_alone_keeps_the_place_and_its_prize() -> None:
    room = Room()
    room.bust_to(13)
    live = room.v.active_tables()
    room.v.apply({"hand_for_hand": {"on": True}})
    said = room.report(live[0], out=(room.names(live[0])[0],), hold=1)
    for t in live[1:]:
        said += room.report(t, hold=1)
    assert not notices(said, "shared_place")
    (out,) = notices(said, "eliminated")
    assert out.data["place"] == 13 and out.data["prize"] == 0.0


def test_rp8_b_the_clock_loses_at_most_three_minutes_a_hand() -> None:
    """002 RP-8 B: "a maximum of 3 minutes per hand"; C: 2 minutes, the default."""
    setup = {"tables": ["T1"], "handed": 9, "structure": structure(), "h4h_minutes": 4}
    (alert,) = Venue().apply({"setup": setup})
    assert alert.kind == "alert" and "at most 3 minutes a hand (002 RP-8 B)" in alert.text
    room = Room(h4h_minutes=3)
    room.bust_to(13)
    room.v.apply({"hand_for_hand": {"on": True}})
    said: list[Any] = []
    for t in room.v.active_tables():
        said += room.report(t, hold=1)
    assert [n.data["seconds"] for n in notices(said, "h4h_clock")] == [180]


def test_rp8_f_an_all_in_and_call_holds_the_table_until_the_director_releases_it() -> None:
    """002 RP-8 F: "In the event of an all-in and call during H4H, the cards of all players in
    the hand should remain face down. Dealers should not deal additional cards until
    instructed": the table says so in its report; the director's release is a command to it."""
    room = Room()
    room.bust_to(13)
    live = room.v.active_tables()
    room.v.apply({"hand_for_hand": {"on": True}})
    t = live[1]
    said = room.report(t, in_hand=True, hold=1, allin=True)
    (held,) = notices(said, "h4h_allin")
    assert held.data == {"table": t, "hand": room.hand[t]} and held.rule == "002 RP-8 F"
    assert room.v.apply({"release": {"table": live[0]}})[0].kind == "alert"  # nothing held there
    said = room.v.apply({"release": {"table": t}})
    (cmd,) = commands(said, HoldCmd)
    assert (cmd.table, cmd.release, cmd.rule) == (t, room.hand[t], "002 RP-8 F")
    assert Command.from_obj(cmd.to_obj()) == cmd
    # the same hand reported again after the release is not held again
    said = room.report(t, in_hand=True, new_hand=False, hold=1, allin=True)
    assert not notices(said, "h4h_allin")


def test_hand_for_hand_ends_on_the_directors_word_and_at_the_final_table() -> None:
    room = Room()
    room.bust_to(13)
    room.v.apply({"hand_for_hand": {"on": True}})
    said = room.v.apply({"hand_for_hand": {"on": False}})
    assert all(not c.on for c in commands(said, HoldCmd)) and room.v.h4h is None
    assert room.v.apply({"hand_for_hand": {"on": False}})[0].kind == "alert"
    room.v.apply({"hand_for_hand": {"on": True}})
    said = room.bust_to(10)  # ten fit the final table: one table left
    ended = [n for n in notices(said, "hand_for_hand") if not n.data["on"]]
    assert ended and room.v.h4h is None


def test_a_report_with_a_bad_hold_is_refused_in_one_line() -> None:
    body = {"table": "T1", "seq": 1, "seats": [], "hold": {"round": -1}}
    with pytest.raises(ValueError, match=r"report\.hold\.round"):
        TableReport.from_obj(body)
    body["hold"] = {"round": 2, "allin": "yes"}
    with pytest.raises(ValueError, match=r"report\.hold\.allin"):
        TableReport.from_obj(body)
    body["hold"] = {"round": 2, "allin": True}
    assert TableReport.from_obj(body).to_obj()["hold"] == {"round": 2, "allin": True}


def test_shared_prizes_never_pay_more_than_the_places() -> None:
    # RP-8 A's example: 52 left, 50 paid, 3 bust: all share the 50th place payout
    assert shared_prizes([50, 51, 52], {50: 100.0}) == 33.33
    assert shared_prizes([9, 10], {9: 30.0, 10: 25.0}) == 27.5
    assert shared_prizes([], {}) == 0.0


# --------------------------------------------------------------------- the table's side


def engine() -> Table:
    return Table.from_setup(
        {
            "rules": "tda-2025",
            "seats": {"2": 3000, "4": 9000, "6": 9000},
            "button": 2,
            "blinds": [100, 200],
            "chips": [100, 500, 1000],
            "names": {"2": "Hal", "4": "Ida", "6": "Jon"},
        }
    )


def test_the_table_holds_deals_one_hand_a_round_and_holds_an_all_in_for_its_release() -> None:
    """TableHold on a real engine: round 0 finishes the hand in progress only; a round allows
    one hand; an all-in and call (Hal all-in, Ida calls, Jon folds) holds the cards until the
    release; a board card before it is an alert (002 RP-8 A, F)."""
    t = engine()
    hold = TableHold()
    hold.take({"on": True, "round": 0, "deal": False, "waiting": ["T2"], "release": 0})
    assert not hold.may_deal()
    assert hold.lines(t.view())[:2] == (
        "HOLD \u2014 hand for hand",
        "waiting for T2 to finish the hand",
    )
    hold.take({"on": True, "round": 1, "deal": True, "waiting": ["T1", "T2"], "release": 0})
    assert hold.may_deal() and hold.lines(t.view())[0] == "DEAL ONE HAND"
    t.apply(event_from_obj({"deal": {"4": ["As", "Ah"], "6": ["7c", "2d"], "2": ["Kd", "Qs"]}}))
    assert hold.started(t.hand_no) is None and not hold.may_deal()
    # button 2, small blind 4, big blind 6: Hal (2) acts first preflop
    for ev in (
        {"push": {"seat": 2, "chips": [1000, 1000, 1000]}},
        {"push": {"seat": 4, "chips": [1000, 1000, 500, 500]}},
        {"fold": 6},
    ):
        t.apply(event_from_obj(ev))
    view = t.view()
    assert runout_pending(view) and hold.frozen(view)
    assert hold.report(view) == {"round": 1, "allin": True}
    assert hold.lines(view)[0] == "ALL-IN: CARDS DOWN"
    assert "deal no further card until the director" in hold.lines(view)[1]
    alert = hold.card(view, was_frozen=True)
    assert alert is not None and "002 RP-8 F" in alert
    hold.take({"on": True, "round": 1, "deal": True, "waiting": [], "release": view.hand_no})
    assert not hold.frozen(view) and hold.report(view) == {"round": 1, "allin": False}
    # a hand dealt against the hold is an alert (RP-8 A)
    assert hold.started(view.hand_no + 1) is not None
    hold.take({"on": False, "round": 0, "deal": False, "waiting": [], "release": 0})
    assert hold.may_deal() and hold.lines(view) == ()


def test_rp8_d_levels_change_as_the_minutes_run_off_the_clock() -> None:
    """002 RP-8 D: "Blinds continue to increase as time elapses off the clock at the rate of 2
    minutes per hand and new levels are reached": the clock, paused for hand-for-hand, loses
    2 minutes a hand; with 1 minute left the next hand's 2 minutes reach the next level."""
    from tablectl.tournament.clock import TourneyClock
    from tablectl.tournament.structures import parse_structure

    clock = TourneyClock(parse_structure(STRUCTURE, "tda"), index=2)
    clock.resume(0.0)
    clock.tick(1020.0)  # 17 of 20 minutes played
    clock.pause(1020.0)
    assert clock.elapse(120, 1500.0) == [] and clock.index == 2  # 1 minute left, still paused
    (ev,) = clock.elapse(120, 1600.0)
    assert (ev.kind, ev.index, clock.index, clock.paused) == ("level", 3, 3, True)
    assert clock.elapsed(1600.0) == pytest.approx(60.0)  # the minute past the level's end
