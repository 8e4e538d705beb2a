"""Hand-for-hand under mutation (issue 34, venue's hand-for-hand slice): what the director and
the dealers are told, word for word, through ``Venue.apply`` (002 RP-8, 002 Rule 11-D)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from test_venue_h4h import Room, structure
from test_venue_model import STRUCTURE, confirm, report, seats_of, venue_with

from tablectl.tournament.venue import Announcement, Venue
from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole
from tablectl.wire.commands import HaltCmd, HoldCmd, SeatCmd, UnseatCmd

ENDS = "the director ends hand-for-hand"
ON = (
    "hand for hand: every table finishes the hand in progress and holds; "
    "players out on the same hand share the places they cover"
)


def said(out: list[Any]) -> list[tuple[Any, ...]]:
    """What the venue said, ids aside (checked apart: each command's id is new)."""
    got: list[tuple[Any, ...]] = []
    for o in out:
        if isinstance(o, Announcement):
            got.append((o.kind, o.text, o.rule, o.data))
        elif isinstance(o, HoldCmd):
            got.append(("h4h", o.table, o.rule, o.why, o.on, o.round, o.deal, o.waiting, o.release))
        elif isinstance(o, HaltCmd):
            got.append(("halt", o.table, o.rule, o.why, o.halt))
    return got


def ids(out: list[Any]) -> list[str]:
    return [o.id for o in out if isinstance(o, HoldCmd | HaltCmd)]


def alert(v: Venue, event: dict[str, Any]) -> str:
    (a,) = v.apply(event)
    assert a.kind == "alert"
    return a.text


def two_tables() -> tuple[Room, str, str]:
    """13 left at two tables (6 and 7), 12 paid: the bubble."""
    room = Room()
    room.bust_to(13)
    t1, t2 = room.v.active_tables()
    return room, t1, t2


def hold(table: str, why: str, round_: int, deal: bool, waiting: tuple[str, ...] = ()) -> tuple:
    return ("h4h", table, "002 RP-8 A", why, True, round_, deal, waiting, 0)


def test_the_directors_hand_for_hand_refused_in_words() -> None:
    """002 RP-8 A: hand-for-hand is started and ended by the director during the tournament; a
    word that cannot apply is refused in one line and changes nothing."""
    v = Venue()
    assert v.apply({"setup": {"tables": ["T1", "T2"], "handed": 9, "structure": STRUCTURE}}) == []
    for i in range(4):
        v.apply({"register": {"name": f"P{i}"}})
    need = 'hand_for_hand: needs {"on": true} or {"on": false}, got '
    assert alert(v, {"hand_for_hand": {"on": "yes"}}) == need + "{'on': 'yes'}"
    assert alert(v, {"hand_for_hand": [1]}) == need + "[1]"
    assert alert(v, {"hand_for_hand": {"on": True}}) == (
        "hand_for_hand: hand-for-hand is for a tournament under way"
    )
    room, t1, _t2 = two_tables()
    assert alert(room.v, {"hand_for_hand": {"on": False}}) == (
        "hand_for_hand: hand-for-hand is not on"
    )
    assert alert(room.v, {"release": {"table": t1}}) == "release: hand-for-hand is not on"
    room.v.apply({"hand_for_hand": {"on": True}})
    assert alert(room.v, {"hand_for_hand": {"on": True}}) == (
        "hand_for_hand: hand-for-hand is on already"
    )
    assert alert(room.v, {"release": {"table": t1}}) == (
        f"release: table '{t1}' holds no all-in and call (holding: none)"
    )
    assert alert(room.v, {"release": t1}) == (
        "release: table None holds no all-in and call (holding: none)"
    )
    assert room.v.h4h is not None and room.v.h4h.round == 1


def test_hand_for_hand_needs_two_tables_and_a_tournament_not_over() -> None:
    """One table in play: every hand there is dealt alone already (002 RP-8 is for the tables
    playing at once); a finished tournament has no hands left."""
    v, out = venue_with(6, tables=1)
    confirm(v, out)
    assert alert(v, {"hand_for_hand": {"on": True}}) == (
        "hand_for_hand: one table in play: every hand there is hand for hand already"
    )
    for _ in range(5):
        seats = sorted(seats_of(v, "T1"))
        v.apply(report(v, "T1", 7 - len(seats), out=(seats[0],)))
    assert v.finished
    assert alert(v, {"hand_for_hand": {"on": True}}) == (
        "hand_for_hand: hand-for-hand is for a tournament under way"
    )


def test_a_round_told_to_each_dealer_in_words() -> None:
    """002 RP-8 A: both tables between hands at the announcement hold, then deal one hand each
    together; a table whose hand is over holds, waiting for the other by name; RP-8 F: an all-in
    and call keeps its cards face down until the director releases it; RP-8 C: the round's hand
    takes 2 minutes off the clock; the director's end releases every table."""
    room, t1, t2 = two_tables()
    out = room.v.apply({"hand_for_hand": {"on": True}})
    assert said(out) == [
        ("hand_for_hand", ON, "002 RP-8 A", {"on": True, "round": 0}),
        hold(t1, "hold: waiting for the next round", 0, False),
        hold(t2, "hold: waiting for the next round", 0, False),
        hold(t1, "round 1: deal one hand", 1, True, (t2,)),
        hold(t2, "round 1: deal one hand", 1, True, (t1,)),
    ]
    every = ids(out)
    out = room.report(t1, hold=1)
    assert said(out) == [
        hold(t1, f"hold: waiting for {t2}", 1, True, (t2,)),
        hold(t2, "finish the hand in progress, then hold", 1, True),
    ]
    every += ids(out)
    out = room.report(t2, in_hand=True, hold=1, allin=True)
    hand = room.hand[t2]
    assert said(out) == [
        (
            "h4h_allin",
            f"{t2}: all-in and call in hand {hand}: cards face down, no further card until "
            "the director releases the table",
            "002 RP-8 F",
            {"table": t2, "hand": hand},
        )
    ]
    assert alert(room.v, {"release": {"table": t1}}) == (
        f"release: table '{t1}' holds no all-in and call (holding: {t2})"
    )
    out = room.v.apply({"release": {"table": t2}})
    assert said(out) == [
        (
            "released",
            f"{t2} released: hand {hand} runs out its cards",
            "002 RP-8 F",
            {"table": t2, "hand": hand},
        ),
        ("h4h", t2, "002 RP-8 F", f"hand {hand} released: deal the cards", True, 1, True, (), hand),
    ]
    every += ids(out)
    assert alert(room.v, {"release": {"table": t2}}).endswith("(holding: none)")  # once
    out = room.report(t2, hold=1, new_hand=False)
    assert said(out) == [
        (
            "h4h_clock",
            "hand-for-hand hand 1 over: 2 minutes off the clock",
            "002 RP-8 B-D",
            {"seconds": 120, "hands": 1},
        ),
        hold(t1, "round 2: deal one hand", 2, True, (t2,)),
        hold(t2, "round 2: deal one hand", 2, True, (t1,)),
    ]
    every += ids(out)
    out = room.v.apply({"hand_for_hand": {"on": False}})
    assert said(out) == [
        ("hand_for_hand", ENDS, "002 RP-8", {"on": False}),
        ("h4h", t1, "002 RP-8", ENDS, False, 0, False, (), 0),
        ("h4h", t2, "002 RP-8", ENDS, False, 0, False, (), 0),
    ]
    every += ids(out)
    assert all(re.fullmatch(r"c\d+", i) for i in every) and len(set(every)) == len(every)
    assert room.v.h4h is None


def test_the_hand_in_progress_is_finished_first_and_waited_for_by_name() -> None:
    """002 RP-8 A: "finish the current hand you're on then hold up": a table in a hand at the
    announcement finishes it; the other holds, waiting for it by name; round 1 is dealt once it
    reports the hand over."""
    room, t1, t2 = two_tables()
    room.report(t2, in_hand=True)
    out = room.v.apply({"hand_for_hand": {"on": True}})
    assert said(out) == [
        ("hand_for_hand", ON, "002 RP-8 A", {"on": True, "round": 0}),
        hold(t1, f"hold: waiting for {t2}", 0, False, (t2,)),
        hold(t2, "finish the hand in progress, then hold", 0, False),
    ]
    assert said(room.report(t1)) == []  # nothing changed: nothing said again
    out = room.report(t2, new_hand=False)
    assert said(out) == [
        hold(t1, "round 1: deal one hand", 1, True, (t2,)),
        hold(t2, "round 1: deal one hand", 1, True, (t1,)),
    ]
    assert room.v.h4h is not None and room.v.h4h.hands == 0  # round 0 is played on the clock


def test_three_tables_named_in_the_hold_and_the_all_ins_held_each_once() -> None:
    """002 RP-8 A: a table whose hand is over waits for every other table by name; RP-8 F: each
    table's all-in and call is held once (the same hand reported again is not a new hold), until
    that hand is over or the director releases it; a table still in its held hand stays held."""
    room = Room()  # three tables, no hand reported yet: round 1 is dealt at once
    out = room.v.apply({"hand_for_hand": {"on": True}})
    assert said(out)[-3:] == [
        hold("T1", "round 1: deal one hand", 1, True, ("T2", "T3")),
        hold("T2", "round 1: deal one hand", 1, True, ("T1", "T3")),
        hold("T3", "round 1: deal one hand", 1, True, ("T1", "T2")),
    ]
    out = room.report("T1", hold=1)
    assert said(out)[0] == hold("T1", "hold: waiting for T2, T3", 1, True, ("T2", "T3"))
    held = ("h4h_allin",)
    assert [s[0] for s in said(room.report("T2", in_hand=True, hold=1, allin=True))] == list(held)
    assert said(room.report("T2", in_hand=True, new_hand=False, hold=1, allin=True)) == []
    assert [s[0] for s in said(room.report("T3", in_hand=True, hold=1, allin=True))] == list(held)
    holding = "release: table 'T1' holds no all-in and call (holding: {})"
    assert alert(room.v, {"release": {"table": "T1"}}) == holding.format("T2, T3")
    room.report("T2", in_hand=True, new_hand=False, hold=1)  # still in the held hand
    room.report("T3", new_hand=False, hold=1)  # its hand over: nothing left to release
    assert alert(room.v, {"release": {"table": "T1"}}) == holding.format("T2")


def test_a_table_that_has_not_reported_deals_its_round_hand_before_the_round_is_over() -> None:
    """002 RP-8 A: the next hand is released once every table has finished its hand: a table
    that has reported nothing yet has no hand in progress at the announcement (round 0 is over
    at once) but must still report its round-1 hand over; a table that does not say which
    round its hand was dealt under has done it once it reports a hand started since."""
    room = Room()
    room.v.apply({"hand_for_hand": {"on": True}})
    room.report("T1", hold=1)
    room.report("T2", hold=1)
    assert room.v.h4h is not None and room.v.h4h.round == 1  # T3 has not dealt its hand
    out = room.report("T3")  # no hold round said: its first hand, started since the release
    assert said(out)[-3:] == [
        hold("T1", "round 2: deal one hand", 2, True, ("T2", "T3")),
        hold("T2", "round 2: deal one hand", 2, True, ("T1", "T3")),
        hold("T3", "round 2: deal one hand", 2, True, ("T1", "T2")),
    ]
    out = room.report("T3", new_hand=False)  # the same hand again: not round 2's
    assert said(out) == []
    for t in ("T1", "T2"):
        room.report(t, hold=2)
    out = room.report("T3")
    assert said(out)[0] == (
        "h4h_clock",
        "hand-for-hand hand 2 over: 2 minutes off the clock",
        "002 RP-8 B-D",
        {"seconds": 120, "hands": 2},
    )


def test_a_table_breaking_or_halted_deals_no_round_hand_and_is_not_waited_for() -> None:
    """002 RP-8 A with 002 Rules 10-B and 11-D: a table that breaks during the round, or is
    halted until players arrive, deals no hand-for-hand hand; the others do not wait for it."""
    room = Room()
    room.v.apply({"hand_for_hand": {"on": True}})
    out = room.report("T2", hold=1, out=tuple(room.names("T2")[:2]))  # 18 left: T3 breaks
    assert ("table_broken", "table T3 breaks: 18 players fit 2 table(s)") in [
        (o.kind, o.text) for o in out if isinstance(o, Announcement)
    ]
    assert said([o for o in out if isinstance(o, HoldCmd)])[-2:] == [
        hold("T1", "finish the hand in progress, then hold", 1, True),
        hold("T2", "hold: waiting for T1", 1, True, ("T1",)),
    ]
    out = room.report("T1", hold=1)
    assert [s for s in said(out) if s[0] == "h4h"] == [
        hold("T1", "round 2: deal one hand", 2, True, ("T2",)),
        hold("T2", "round 2: deal one hand", 2, True, ("T1",)),
    ]
    # 11-D: T2 five against T1's eight, its big blind past an open seat: halted, no deal
    v, out = venue_with(16, tables=2)
    confirm(v, out)
    t2 = sorted(seats_of(v, "T2"))
    moves = v.apply(report(v, "T2", 1, out=tuple(t2[:3]), button=t2[3], sb=t2[4], bb=t2[5]))
    assert v.tables["T2"].halted
    out = v.apply({"hand_for_hand": {"on": True}})
    assert said(out)[1:] == [
        hold("T1", "hold: waiting for the next round", 0, False),
        hold("T2", "hold: waiting for the next round", 0, False),
        hold("T1", "round 1: deal one hand", 1, True),
    ]
    confirm(v, moves)  # the player moved in arrives: T2 plays on, and joins the next round
    out = v.apply(report(v, "T1", 2))
    assert said(out)[-2:] == [
        hold("T1", "round 2: deal one hand", 2, True, ("T2",)),
        hold("T2", "round 2: deal one hand", 2, True, ("T1",)),
    ]


def test_a_heads_up_table_deals_its_round_hand() -> None:
    """002 RP-8 A: every table with a hand to play deals it, two players at a table included."""
    v, out = venue_with(4, tables=2, handed=2)
    confirm(v, out)
    out = v.apply({"hand_for_hand": {"on": True}})
    assert said(out)[-2:] == [
        hold("T1", "round 1: deal one hand", 1, True, ("T2",)),
        hold("T2", "round 1: deal one hand", 1, True, ("T1",)),
    ]


def bust_together(room: Room, left: int, busts: int) -> list[Any]:
    """Hand-for-hand from ``left`` players: ``busts`` players out on round 1's hand, one table
    after the other, every table then done with the hand. What was said from the first bust."""
    room.bust_to(left)
    room.v.apply({"hand_for_hand": {"on": True}})
    out: list[Any] = []
    for t in room.v.active_tables():
        names = room.names(t)
        gone, busts = names[: min(busts, len(names) - 2)], busts - min(busts, len(names) - 2)
        out += room.report(t, out=tuple(gone), hold=1)
    return out


def shared(out: list[Any]) -> tuple[str, dict[str, Any]]:
    (s,) = [o for o in out if isinstance(o, Announcement) and o.kind == "shared_place"]
    assert s.rule == "002 RP-8 A"
    return s.text, s.data


def test_three_out_on_one_hand_share_the_three_places_in_words() -> None:
    """002 RP-8 A: "the busting players will be eligible for a share of the place(s) paid on
    the current hand": 14 left, 12 paid, three out on one hand share places 12-14, the 12th
    place's $20 (1% of $2,000) split three ways, rounded down to the cent."""
    room = Room()
    out = bust_together(room, 14, 3)
    gone = [o.data for o in out if isinstance(o, Announcement) and o.kind == "eliminated"]
    assert sorted(g["place"] for g in gone) == [12, 13, 14]
    names = ", ".join(g["name"] for g in sorted(gone, key=lambda g: g["entry"]))  # by id
    text, data = shared(out)
    assert text == (f"{names} share places 12-14 (out on the same hand-for-hand hand): $6.66 each")
    assert data == {
        "entries": [g["entry"] for g in gone],
        "names": [g["name"] for g in gone],
        "places": [12, 13, 14],
        "prize": 6.66,
    }


def test_a_freeroll_shares_places_without_money_and_a_dollar_pool_in_cents() -> None:
    """002 RP-8 A on a prize pool of nothing (a freeroll: the payouts are percentages, never
    money) and of $1 guaranteed (places 11 and 12, 2% and 1%: 1 cent each, rounded down)."""
    s = structure_with(per_entry=0)
    text, data = shared(bust_together(Room(structure=s), 13, 2))
    assert text.endswith("share places 12-13 (out on the same hand-for-hand hand)")
    assert data["prize"] == 0.0
    s = structure_with(per_entry=0, guaranteed=1)
    text, data = shared(bust_together(Room(structure=s), 12, 2))
    assert text.endswith("share places 11-12 (out on the same hand-for-hand hand): $0.01 each")
    assert data["prize"] == 0.01


def structure_with(**prize: Any) -> dict[str, Any]:
    s = structure()
    s["prize"].update(prize)
    return s


def test_the_directors_end_settles_the_hand_s_shared_places_first() -> None:
    """002 RP-8 A: two out on the hand in progress when the director ends hand-for-hand still
    share the places they cover; then every table is told to play on."""
    room, t1, t2 = two_tables()
    room.v.apply({"hand_for_hand": {"on": True}})
    room.report(t1, out=(room.names(t1)[0],), hold=1)
    room.report(t2, out=(room.names(t2)[0],), in_hand=True, hold=1)
    out = room.v.apply({"hand_for_hand": {"on": False}})
    assert said(out)[0][1].endswith(
        "share places 12-13 (out on the same hand-for-hand hand): $10.00 each"
    )
    assert said(out)[1:] == [
        ("hand_for_hand", ENDS, "002 RP-8", {"on": False}),
        ("h4h", t1, "002 RP-8", ENDS, False, 0, False, (), 0),
        ("h4h", t2, "002 RP-8", ENDS, False, 0, False, (), 0),
    ]


def test_hand_for_hand_ends_in_words_when_one_table_is_left() -> None:
    """002 RP-8 is for tables playing at once: at the final table (002 Rule 12) it ends."""
    room, t1, t2 = two_tables()
    room.v.apply({"hand_for_hand": {"on": True}})
    out = room.bust_to(10)
    why = "one table left: hand-for-hand ends"
    ended = [s for s in said(out) if s[0] in ("hand_for_hand", "h4h") and s[2] == "002 RP-8"]
    # the breaking table too: its players are released to walk to the final table
    assert ended == [
        ("hand_for_hand", why, "002 RP-8", {"on": False}),
        ("h4h", t1, "002 RP-8", why, False, 0, False, (), 0),
        ("h4h", t2, "002 RP-8", why, False, 0, False, (), 0),
    ]
    assert room.v.h4h is None


def test_the_bubble_proposes_hand_for_hand_in_words_at_two_tables_only() -> None:
    """002 RP-8: hand-for-hand is proposed when the next elimination reaches the money and more
    than one table plays; at one table every hand is played alone already."""
    room = Room()
    out = room.bust_to(13)
    assert [(s[1], s[2], s[3]) for s in said(out) if s[0] == "h4h_proposed"] == [
        (
            "13 players, 12 paid: the next elimination reaches the money; play hand for hand?",
            "002 RP-8",
            {"players": 13, "paid": 12},
        )
    ]
    v, out = venue_with(6, tables=1)  # one paid of 6 (the structure's 2-entrant bracket)
    confirm(v, out)
    for _ in range(4):
        seats = sorted(seats_of(v, "T1"))
        out = v.apply(report(v, "T1", 7 - len(seats), out=(seats[0],)))
        assert not [o for o in out if isinstance(o, Announcement) and o.kind == "h4h_proposed"]
    assert len(v.remaining()) == 2


def test_rule_11d_the_halt_and_the_resumption_in_words() -> None:
    """002 Rule 11-D: "the table is 3 or more players short of the table with the most players
    ... play will halt once blinds are impacted": five against eight halts once its big blind
    reaches an open seat; two short never halts, whatever its blinds; the halt ends in words
    when the player moved in has arrived."""
    v, out = venue_with(16, tables=2)
    confirm(v, out)
    t1 = sorted(seats_of(v, "T1"))
    # T1 two short of T2, its big blind past the open seats: no halt
    out = v.apply(report(v, "T1", 1, out=tuple(t1[:2]), button=t1[2], sb=t1[3], bb=t1[4]))
    assert not [o for o in out if isinstance(o, HaltCmd)]
    v, out = venue_with(16, tables=2)
    confirm(v, out)
    t2 = sorted(seats_of(v, "T2"))
    moves = v.apply(report(v, "T2", 1, out=tuple(t2[:3]), button=t2[3], sb=t2[4], bb=t2[5]))
    assert said(moves)[-1:] == [
        (
            "halt",
            "T2",
            "002 Rule 11-D",
            "5 players, 8 at the fullest table: hold play until players arrive",
            True,
        )
    ]
    assert said(v.apply(report(v, "T2", 2, button=t2[3], sb=t2[4], bb=t2[5]))) == []  # once
    out = confirm(v, moves)
    assert said(out)[-1:] == [("halt", "T2", "002 Rule 11-D", "players arrived: play on", False)]
    every = ids(moves) + ids(out)
    assert all(re.fullmatch(r"c\d+", i) for i in every) and len(set(every)) == len(every)


def test_rule_11d_a_short_table_plays_on_until_its_big_blind_reaches_an_open_seat() -> None:
    """002 Rule 11-D: "play will halt once blinds are impacted": five against eight (seats 4,
    5, 6, 8, 9 of T2 left) play on while the big blind moves from 4 to 5 and 5 to 6, and halt
    once it would pass the open seat 7."""
    v, out = venue_with(16, tables=2)
    confirm(v, out)
    assert sorted(seats_of(v, "T2")) == [1, 2, 3, 4, 5, 6, 8, 9]  # the seed's draw
    out = v.apply(report(v, "T2", 1, out=(1, 2, 3), button=8, sb=9, bb=4))
    assert not [o for o in out if isinstance(o, HaltCmd)]
    out = v.apply(report(v, "T2", 2, button=9, sb=4, bb=5))
    assert not [o for o in out if isinstance(o, HaltCmd)]
    out = v.apply(report(v, "T2", 3, button=4, sb=5, bb=6))
    assert said(out) == [
        (
            "halt",
            "T2",
            "002 Rule 11-D",
            "5 players, 8 at the fullest table: hold play until players arrive",
            True,
        )
    ]


def test_rule_11d_the_console_shows_a_resumed_table_not_halted(tmp_path: Path) -> None:
    """002 Rule 11-D through the director's console: T2 halted shows ``halted`` true in the
    tables' view (the page and ``/state.json``), and false, not empty, once players arrived."""
    setup = {"tables": ["T1", "T2"], "handed": 9, "seed": 1, "structure": STRUCTURE}
    # a client never started: commands wait in paho's queue, nothing leaves this machine
    c = DirectorConsole(VenueClient("v1", "127.0.0.1", 1), setup, tmp_path / "venue.jsonl")
    try:
        assert c.register("Dana", [f"P{i + 1}" for i in range(16)]).ok
        assert c.act("Dana", {"start": {}}).ok

        def answer(out: list[Any]) -> None:  # each table confirms its seat and unseat commands
            for cmd in [o for o in out if isinstance(o, SeatCmd | UnseatCmd)]:
                body: dict[str, Any] = {"table": cmd.table, "id": cmd.id}
                if isinstance(cmd, UnseatCmd):
                    (body["stack"],) = [
                        e.stack
                        for e in c.venue.entries.values()
                        if (e.table, e.seat, e.status) == (cmd.table, cmd.seat, "leaving")
                    ]
                answer(c.runner.apply({"confirmed": body}))

        answer(c.runner.said)
        t2 = sorted(seats_of(c.venue, "T2"))
        moves = c.runner.apply(
            report(c.venue, "T2", 1, out=tuple(t2[:3]), button=t2[3], sb=t2[4], bb=t2[5])
        )
        halted = {t["name"]: t["halted"] for t in c.tables_view()}
        assert halted == {"T1": False, "T2": True}
        answer(moves)
        halted = {t["name"]: t["halted"] for t in c.tables_view()}
        assert halted == {"T1": False, "T2": False} and halted["T2"] is False
    finally:
        c.close()


def test_rule_11d_the_final_table_s_tenth_seat_is_an_open_seat_its_blinds_pass() -> None:
    """002 Rule 11-D with 002 Rule 12 (the final table seats 10 at a 9-handed event): T1 keeps
    seats 1, 3 and 9, its big blind on 9. On nine seats the next big blind (seat 1) passes no
    open seat: no halt. Once T2 breaks into it, T1 is the final table, three against the
    breaking table's seven: seat 10 lies between 9 and 1, so play halts until players arrive."""
    v, out = venue_with(16, tables=2)
    confirm(v, out)
    t1 = sorted(seats_of(v, "T1"))
    assert t1 == [1, 2, 3, 5, 6, 7, 8, 9]  # the seed's draw
    out = v.apply(report(v, "T1", 1, out=(2, 5, 6, 7, 8), button=3, sb=1, bb=9))
    assert not [o for o in out if isinstance(o, HaltCmd)]
    out = v.apply(report(v, "T2", 1, out=(sorted(seats_of(v, "T2"))[0],)))
    assert ("final_table", "final table: 10 players at T1") in [
        (o.kind, o.text) for o in out if isinstance(o, Announcement)
    ]
    assert [s for s in said(out) if s[0] == "halt"] == [
        (
            "halt",
            "T1",
            "002 Rule 11-D",
            "3 players, 7 at the fullest table: hold play until players arrive",
            True,
        )
    ]
