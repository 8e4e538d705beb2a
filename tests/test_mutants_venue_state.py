"""The venue's table reports and knockouts, its fold and state, the deal's figures and prizes,
the set-up and the days under mutation (issue 34, the last functions, part A), each written
from the rule through ``Venue.apply`` and the venue's public queries, with the words the
director and the dealers read."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from test_mutants_venue_h4h import bust_together as h4h_bust_together
from test_venue_deal import ids as deal_ids
from test_venue_deal import three_left as deal_three_left
from test_venue_h4h import Room as H4hRoom
from test_venue_manual import Room as ManualRoom
from test_venue_model import (
    STRUCTURE,
    commands,
    confirm,
    notices,
    report,
    seats_of,
    venue_with,
)

from tablectl.tournament.results import results
from tablectl.tournament.venue import EVENTS, Announcement, Venue, fold
from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole
from tablectl.wire.commands import BagCmd, SeatCmd, UnseatCmd

REBUY = {"chips": 10000, "money": 100, "until_level": 2}

# ----------------------------------------------------------------- a table's reports


def _eliminated(out: list[Any]) -> list[str]:
    return [n.text for n in notices(out, "eliminated")]


def test_a_report_from_a_table_the_venue_does_not_have_is_refused_in_words() -> None:
    """A report names its table; one the venue was not set up with is refused in one line and
    changes nothing."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    bad = report(v, "T1", 1, out=(next(iter(seats_of(v, "T1"))),))
    bad["report"]["table"] = "T9"
    said = v.apply(bad)
    assert [(a.kind, a.text) for a in said] == [("alert", "report: unknown table 'T9'")]
    assert len(v.remaining()) == 4


def test_a_report_no_newer_than_the_last_taken_is_a_repeat_and_changes_nothing() -> None:
    """A table numbers its reports (``seq``); one that is not newer than the last taken is a
    repeat or arrived late, and the stacks stay those of the newer one."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    seat, entry = min(seats_of(v, "T1").items())
    v.apply(report(v, "T1", 2, stacks={seat: 12345}))
    assert entry.stack == 12345
    assert v.apply(report(v, "T1", 2, stacks={seat: 999})) == []
    assert v.apply(report(v, "T1", 1, stacks={seat: 999})) == []
    assert entry.stack == 12345


def test_a_player_still_shown_out_on_the_next_report_is_placed_once() -> None:
    """The table keeps a busted player in the seat, shown ``out``, until the seat is cleared:
    the next hand's report places nobody again (the places count down by elimination)."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    seat, entry = min(seats_of(v, "T1").items())
    first = report(v, "T1", 1, out=(seat,))
    assert _eliminated(v.apply(first)) == [f"{entry.name} out in place 4"]
    later = report(v, "T1", 2)
    later["report"]["seats"].append({"seat": seat, "name": entry.name, "stack": 0, "status": "out"})
    later["report"]["seats"].sort(key=lambda s: s["seat"])
    assert _eliminated(v.apply(later)) == []
    assert (entry.status, entry.place) == ("out", 4)
    assert len(v.remaining()) == 3


# ----------------------------------------------------------------- knockouts and bounties


def _bounty_venue(players: int) -> Any:
    v, out = venue_with(players, tables=1, handed=players, bounty={"kind": "fixed", "amount": 20})
    confirm(v, out)
    return v


def test_the_director_s_knockout_names_every_eliminator_and_what_each_is_paid() -> None:
    """A report without the hand's records asks the director who eliminated a player; the answer
    splitting the $20 bounty two ways is announced with both names and both payments, and no
    rule (it is the house's bounty, not a TDA rule)."""
    v = _bounty_venue(4)
    s = seats_of(v, "T1")
    busted, a, b = s[4], s[1], s[2]
    v.apply(report(v, "T1", 1, out=(4,)))
    said = v.apply({"knockout": {"entry": busted.id, "by": {a.name: 1, b.name: 1}}})
    assert [(n.text, n.rule, n.data) for n in notices(said, "bounty")] == [
        (
            f"{busted.name} was eliminated by {a.name}, {b.name}; "
            f"bounty $10.00 to {a.name}, $10.00 to {b.name}",
            "",
            {"entry": busted.id, "by": {a.id: 1, b.id: 1}, "bounty": {a.id: 1000, b.id: 1000}},
        )
    ]


def test_the_winner_takes_their_own_bounty_once_the_last_knockout_is_answered() -> None:
    """Three players, $20 fixed: seat 3 busts on a report without records (the director is
    asked), seat 1 busts seat 2 and wins. Once the director names seat 1 for seat 3, seat 1 is
    paid that head and then takes their own, each in words."""
    v = _bounty_venue(3)
    s = seats_of(v, "T1")
    v.apply(report(v, "T1", 1, out=(3,)))
    r = report(v, "T1", 2, out=(2,))
    r["report"]["busts"] = [
        {
            "hand": 2,
            "button": 1,
            "busted": {"2": s[2].name},
            "pots": [{"seats": [1, 2], "winners": {"1": 9000}}],
        }
    ]
    assert notices(v.apply(r), "finished")
    said = v.apply({"knockout": {"entry": s[3].id, "by": s[1].name}})
    assert [(n.text, n.rule, n.data) for n in notices(said, "bounty")] == [
        (
            f"{s[3].name} was eliminated by {s[1].name}; bounty $20.00 to {s[1].name}",
            "",
            {"entry": s[3].id, "by": {s[1].id: 1}, "bounty": {s[1].id: 2000}},
        ),
        (
            f"{s[1].name} takes their own bounty",
            "",
            {"entry": s[1].id, "bounty": {s[1].id: 2000}},
        ),
    ]


# ----------------------------------------------------------------- the fold and the state


def test_an_event_of_any_other_shape_is_refused_in_words_and_changes_nothing() -> None:
    """A venue event is an object of one key naming its kind: two kinds in one object, a list
    or a number is refused in one line naming the kinds, and nothing of it is applied."""
    v = Venue()
    assert [(a.kind, a.text) for a in v.apply({"register": {"name": "Ann"}})] == [
        ("alert", "register before setup: ignored")
    ]
    v, _ = venue_with(2, tables=1)
    kinds = ", ".join(EVENTS)
    two = {"register": {"name": "Ann"}, "start": {}}
    for bad in (two, ["register"], 7):
        said = v.apply(bad)
        assert [(a.kind, a.text) for a in said] == [
            ("alert", f"not a venue event (one key of {kinds}): {bad!r:.80}")
        ]
    assert [e.name for e in v.entries.values()] == ["P1", "P2"]


def test_folding_the_journal_gives_the_same_venue_and_everything_it_said() -> None:
    """Recovery is replay: ``fold`` over the events applied one by one gives the same venue
    (the same summary, entries and seats) and the same outputs, in order."""
    events: list[Any] = [
        {"setup": {"tables": ["T1"], "handed": 9, "seed": 3, "structure": STRUCTURE}},
        *({"register": {"name": f"P{i}"}} for i in range(1, 5)),
        {"start": {}},
        {"register": {"name": "P9"}},  # refused: the replay says so again
    ]
    live = Venue()
    said = [o for ev in events for o in live.apply(ev)]
    again, out = fold(events)
    assert out == said and [type(o).__name__ for o in out].count("SeatCmd") == 4
    assert out[-1].text == "register: late registration closed after level 0 (002 Rule 8-A)"
    # the commands to the tables are numbered from c1, one number each, in the order sent
    assert [o.id for o in out if not isinstance(o, Announcement)] == [f"c{i}" for i in range(1, 6)]
    assert again.summary() == live.summary()
    assert {k: (e.name, e.seat) for k, e in again.entries.items()} == {
        k: (e.name, e.seat) for k, e in live.entries.items()
    }


def test_before_the_start_the_console_shows_nothing_started_level_0_no_final_table(
    tmp_path: Path,
) -> None:
    """The director's console before the start (002 Rule 7's draw not made): not started, not
    finished, level 0, no final table yet (002 Rule 12), the clock on the structure's first
    step; two registered."""
    setup = {"tables": ["T1", "T2"], "handed": 9, "seed": 1, "structure": STRUCTURE}
    # a client never started: nothing leaves this machine
    c = DirectorConsole(VenueClient("v1", "127.0.0.1", 1), setup, tmp_path / "venue.jsonl")
    try:
        assert c.register("Dana", ["Ann", "Bob"]).ok
        view = c.summary_view()
        assert (view["started"], view["finished"]) == (False, False)
        assert view["started"] is False and view["finished"] is False
        assert (view["level"], view["final_table"], view["entrants"]) == (0, 0, 2)
        assert c.venue.step_index == 0 and c.clock.step.number == 1
    finally:
        c.close()


def test_a_refusal_refused_whole_leaves_the_player_arriving_at_the_seat() -> None:
    """Two full heads-up tables: a seat the table refuses cannot be drawn again elsewhere, so
    the refusal is refused whole (one line) and the player is still on the way to that seat:
    when the table then confirms it, the player is seated there."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2"], "handed": 2, "structure": STRUCTURE}})
    for name in ("P1", "P2", "P3", "P4"):
        v.apply({"register": {"name": name}})
    seat = next(o for o in v.apply({"start": {}}) if isinstance(o, SeatCmd))
    said = v.apply({"refused": {"table": seat.table, "id": seat.id, "reason": "broken"}})
    assert [a.text for a in said] == ["refused: no open seat to re-seat the player"]
    (player,) = [e for e in v.entries.values() if e.name == seat.name]
    assert (player.status, player.table, player.seat) == ("arriving", seat.table, seat.seat)
    assert v.apply({"confirmed": {"table": seat.table, "id": seat.id}}) == []
    assert seats_of(v, seat.table)[seat.seat] is player


def test_a_floor_person_s_confirmation_refused_in_part_is_refused_whole() -> None:
    """002 Rule 10-B at a manual table: T3 breaks and its six players are to leave. The floor
    person confirms the six unseats and a command that does not wait: the entry is refused in
    one line and none of it is done (T3 still breaking with six leaving, no seat sent); the six
    confirmed alone then move them and close T3."""
    room = ManualRoom()
    while not room.v.tables["T3"].breaking:
        table = max(("T1", "T2"), key=lambda t: len(room.names(t)))
        room.report(table, (room.names(table)[0],), settle=False)
    unseats = [c.id for c, _e in room.v.pending.values() if isinstance(c, UnseatCmd)]
    assert len(unseats) == 6 and v_tables(room.v) == {"T1": 9, "T2": 9, "T3": 0}
    said = room.enter("T3", confirm=[*unseats, "c999"])
    assert [(a.kind, a.text) for a in said] == [("alert", "manual: no command 'c999' waits at T3")]
    t3 = room.v.tables["T3"]
    assert (t3.active, t3.breaking) == (True, True) and v_tables(room.v)["T3"] == 0
    leaving = [e for e in room.v.entries.values() if e.status == "leaving"]
    assert len(leaving) == 6 and {e.table for e in leaving} == {"T3"}
    said = room.enter("T3", confirm=unseats)
    assert len(notices(said, "moved")) == 6 and len(commands(said, SeatCmd)) == 6
    assert v_tables(room.v) == {"T1": 9, "T2": 9} and not room.v.tables["T3"].active


def v_tables(v: Venue) -> dict[str, int]:
    """The director's tables view: each table in play and the players it holds or expects."""
    return dict(v.summary()["tables"])


def test_a_busted_player_s_re_buy_with_no_seat_left_is_refused_and_buys_no_head() -> None:
    """002 Rule 28 with 8-A: P3 busts at T2 (heads-up tables, a $20 bounty) and a late
    registrant draws the open seat there. P3's re-buy then has no seat anywhere: it is refused
    in one line and nothing of it stays, not even the bounty head it would have bought."""
    v, out = venue_with(
        4,
        tables=2,
        handed=2,
        bounty={"kind": "fixed", "amount": 20},
        rebuy=REBUY,
        late_until_level=1,
    )
    confirm(v, out)
    t2 = seats_of(v, "T2")
    a, b = sorted(t2)
    busted = t2[a]
    r = report(v, "T2", 1, out=(a,))
    r["report"]["busts"] = [
        {
            "hand": 1,
            "button": b,
            "busted": {str(a): busted.name},
            "pots": [{"seats": [a, b], "winners": {str(b): 20000}}],
        }
    ]
    v.apply(r)
    confirm(v, v.apply({"register": {"name": "Late"}}))
    assert seats_of(v, "T2")[a].name == "Late"
    before = v.summary()
    said = v.apply({"rebuy": {"name": busted.name}})
    assert [(o.kind, o.text) for o in said] == [
        ("alert", "rebuy: no open seat at the tables in play")
    ]
    assert v.summary() == before and before["bounty"]["pool"] == 100.0
    assert busted.name not in [h[0] for h in before["bounty"]["heads"]]
    now = v.entries[busted.id]  # a refused event restores copies of the entries
    assert (now.status, now.rebuys, v.summary()["rebuys"]) == ("out", 0, 0)


# ----------------------------------------------------------------- the deal and prizes


def _deal_alert(v: Venue, agreed: list[str]) -> list[tuple[str, str]]:
    return [(o.kind, o.text) for o in v.apply({"deal": {"method": "icm", "agreed": agreed}})]


def test_a_deal_is_refused_in_words_off_the_final_table_while_moving_and_after_the_winner() -> None:
    """A deal is made at the final table while it plays (002 Rule 12), between hands and once
    everyone is seated; each refusal in the director's one line."""
    v, out = venue_with(12, tables=2)
    confirm(v, out)
    off = "deal: a deal is made at the final table, while it plays"
    assert _deal_alert(v, []) == [("alert", off)]
    # 11 at two tables; one busts and T2 breaks into the final table: its players walk
    v, out = venue_with(11, tables=2)
    confirm(v, out)
    v.apply(report(v, "T1", 1, out=(min(seats_of(v, "T1")),)))
    assert v.final_formed == 10 and v.pending_moves()
    assert _deal_alert(v, deal_ids(v)) == [
        ("alert", "deal: players are moving: make the deal once everyone is seated")
    ]
    v, seq = deal_three_left()
    live = report(v, "T1", seq)
    live["report"]["in_hand"] = True
    v.apply(live)
    assert _deal_alert(v, deal_ids(v)) == [
        ("alert", "deal: a hand is in play: make the deal between hands")
    ]
    v, seq = deal_three_left()
    assert notices(v.apply(report(v, "T1", seq, out=(2, 3), stacks={1: 100_000})), "finished")
    assert _deal_alert(v, deal_ids(v)) == [("alert", off)]


def test_a_deal_made_is_shown_by_name_in_dollars_largest_first_and_not_made_twice() -> None:
    """The clock and the public page show the deal's figures by name, in dollars, the largest
    first; a second deal is refused in words. A freeroll has no prize money to share."""
    v, _seq = deal_three_left()
    names = {e.seat: e.name for e in v.remaining()}
    assert notices(v.apply({"deal": {"method": "icm", "agreed": deal_ids(v)}}), "deal")
    shares = v.summary()["deal_shares"]
    # seats 1-3 hold 50,000, 30,000 and 20,000 chips: by name they would sort otherwise
    assert [s[0] for s in shares] == [names[1], names[2], names[3]] != sorted(names.values())
    assert [s[1] for s in shares] == [383.93, 327.5, 288.57]
    assert _deal_alert(v, deal_ids(v)) == [("alert", "deal: a deal was made already")]
    free = copy.deepcopy(STRUCTURE)
    free["prize"]["per_entry"] = 0
    v, _seq = deal_three_left(structure=free)
    assert _deal_alert(v, deal_ids(v)) == [
        ("alert", "deal: no prize money left to share (the structure's per_entry is 0)")
    ]


def test_equal_deal_shares_are_shown_by_name() -> None:
    """A custom deal giving two players the same amount: the clock lists them by name (P10
    before P6), not by seat."""
    v, _seq = deal_three_left()
    by_seat = {e.seat: e for e in v.remaining()}
    assert [by_seat[s].name for s in (1, 2, 3)] == ["P6", "P10", "P8"]
    amounts = {by_seat[1].id: 350, by_seat[2].id: 350, by_seat[3].id: 300}
    agreed = deal_ids(v)
    assert notices(
        v.apply({"deal": {"method": "custom", "agreed": agreed, "amounts": amounts}}), "deal"
    )
    assert v.summary()["deal_shares"] == [["P10", 350.0], ["P6", 350.0], ["P8", 300.0]]


def test_a_floor_person_s_bags_confirmed_with_a_stranger_are_refused_whole() -> None:
    """The end of the day at a manual table (bag and tag): the floor person confirms T3's six
    bags and a command that does not wait; the entry is refused in one line and no bag is in
    (all twenty still asked). The six confirmed alone are then in."""
    room = ManualRoom()
    room.v.apply({"end_day": {}})
    bags = [c.id for c, _e in room.v.pending.values() if isinstance(c, BagCmd)]
    at_t3 = [c.id for c, _e in room.v.pending.values() if isinstance(c, BagCmd) and c.table == "T3"]
    assert (len(bags), len(at_t3)) == (20, 6)
    said = room.enter("T3", confirm=[*at_t3, "c999"])
    assert [(a.kind, a.text) for a in said] == [("alert", "manual: no command 'c999' waits at T3")]
    assert (room.v.days.bags, len(room.v.days.asked)) == ({}, 20)
    assert not notices(room.enter("T3", confirm=at_t3), "alert")
    assert (len(room.v.days.bags), len(room.v.days.asked)) == (6, 14)


def test_the_results_pay_places_shared_by_hand_for_hand_as_shared() -> None:
    """002 RP-8 A: three out on one hand-for-hand hand share places 12-14, $6.66 each (the 12th
    place's $20 split three ways): the results give each of them $6.66 in place 12, not the
    12th place's $20."""
    room = H4hRoom()
    out = h4h_bust_together(room, 14, 3)
    gone = {o.data["name"] for o in notices(out, "eliminated")}
    rows = {r.name: (r.place, r.prize) for r in results(room.v) if r.name in gone}
    assert rows == dict.fromkeys(gone, (12, 6.66))


# ----------------------------------------------------------------- set-up, tables and days


def test_a_second_setup_is_refused_in_words_and_changes_nothing() -> None:
    """The venue is set up once for the event: another ``setup`` (other tables, another
    handed) is refused in one line, and the tables, players and seats stay as they were."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    before = v.summary(), {k: (e.table, e.seat) for k, e in v.entries.items()}
    again = {"setup": {"tables": ["A", "B"], "handed": 6, "structure": STRUCTURE}}
    assert [(a.kind, a.text) for a in v.apply(again)] == [
        ("alert", "setup: the venue is set up already")
    ]
    assert (v.summary(), {k: (e.table, e.seat) for k, e in v.entries.items()}) == before
    assert v.cfg is not None and (v.cfg.tables, v.cfg.handed) == (("T1",), 9)
