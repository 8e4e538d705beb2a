"""The venue's rules where the model differed from the text (issue 29, items 11-14): one player,
one hand (002 Rules 8-B, 68), a forfeit re-entry's absolute stack (8-A/8-B), every player raced
at a colour-up (25) and a busted player's re-buy in the seat kept (28). Names, seats and amounts
are our own, not the issue's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from test_venue_model import (
    STRUCTURE,
    _color_up_index,
    _entry_at,
    commands,
    confirm,
    notices,
    report,
    seats_of,
    venue_with,
)

from tablectl.daemon.loop import _VenueSide
from tablectl.daemon.table_venue import TableVenue
from tablectl.daemon.venue_link import LinkConfig
from tablectl.engine.events import event_from_obj
from tablectl.engine.table import Table
from tablectl.tournament.venue import Venue
from tablectl.wire.commands import Command, SeatCmd, StackCmd, UnseatCmd

# ----------------------------------------------------------------- 002 Rules 8-B and 68 (item 11)


def test_one_player_one_hand_a_second_registration_is_refused_or_told_apart() -> None:
    """002 Rule 68: "one player, one hand"; 8-B: a seated player enters again only by
    forfeiting. A second registration under a registered name is refused with the reason; the
    console's "another person of the same name" registers someone else, under a name made unique
    so re-buys and re-entries by name still find the first."""
    v = Venue()
    v.apply(
        {
            "setup": {
                "tables": ["A", "B"],
                "handed": 8,
                "seed": 9,
                "structure": STRUCTURE,
                "late_until_level": 3,
                "rebuy": {"chips": 7000, "until_level": 3},
            }
        }
    )
    for name in ("Bea Moss", "Ravi", "Ole"):
        v.apply({"register": {"name": name}})
    (refused,) = v.apply({"register": {"name": "Bea Moss"}})
    assert refused.kind == "alert" and "Bea Moss is registered already (e1)" in refused.text
    said = v.apply({"register": {"name": "Bea Moss", "again": True}})
    assert [n.data["name"] for n in notices(said, "registered")] == ["Bea Moss (2)"]
    said = v.apply({"register": {"name": "Bea Moss", "again": True}})
    assert [n.data["name"] for n in notices(said, "registered")] == ["Bea Moss (3)"]
    confirm(v, v.apply({"start": {}}))
    # while seated: the same name again is refused, and nobody gets a second seat or stack
    issued, seated = v.chips_issued, len(v.remaining())
    (refused,) = v.apply({"register": {"name": "Bea Moss"}})
    assert (
        refused.kind == "alert"
        and "registered already (e1): one player, one hand (002 Rule 68)" in refused.text
    )
    assert (v.chips_issued, len(v.remaining())) == (issued, seated)
    # every name on every seat is one person's
    names = [e.name for e in v.remaining()]
    assert len(names) == len(set(names)) == 5
    # the name still means the first Bea Moss (a re-buy by name goes to her seat)
    first = v.entries["e1"]
    v.apply(report(v, first.table, 1, stacks={first.seat: 2500}, button=1, sb=2, bb=3))
    (cmd,) = commands(v.apply({"rebuy": {"name": "Bea Moss"}}), StackCmd)
    assert (cmd.table, cmd.seat, cmd.name) == (first.table, first.seat, "Bea Moss")


# ----------------------------------------------------------------- 002 Rules 8-A/8-B (item 12)


def test_a_forfeit_re_entry_is_a_full_stack_whatever_the_table_has_when_confirmed() -> None:
    """002 Rule 8-A: a re-entry is a full starting stack; 8-B: "a player allowed to forfeit
    their chips ... the old chips are removed from play". The command carries the result: a
    hand played before the dealer confirms changes nothing of it, and every chip the seat held
    then leaves play."""
    v, out = venue_with(5, tables=1, late_until_level=5, reentries=2, seed=7)
    confirm(v, out)
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P4")
    v.apply(report(v, "T1", 1, stacks={seat: 6200}, button=2, sb=3, bb=4))
    said = v.apply({"reentry": {"name": "P4", "forfeit": True}})
    (cmd,) = commands(said, StackCmd)
    # the dealer confirms after one more hand: P4 won 2,900 in it (9,100 at the table)
    assert cmd.floor("Dana", current=9100).to_obj() == {"by": "Dana", "stack": {str(seat): 10000}}
    assert (cmd.seat, cmd.stack, cmd.set, cmd.rule) == (seat, 10000, True, "002 Rule 8-B")
    assert Command.from_obj(cmd.to_obj()) == cmd
    v.apply({"confirmed": {"table": "T1", "id": cmd.id, "stack": 10000, "before": 9100}})
    assert v.chips_issued == 5 * 10000 - 9100 + 10000
    new = v.entries[_entry_at(v, "T1", seat)]
    assert (new.name, new.stack, new.status) == ("P4", 10000, "seated")
    # a table answering a result other than the command's is not believed
    seat2 = next(s for s, e in seats_of(v, "T1").items() if e.name == "P1")
    (cmd2,) = commands(v.apply({"reentry": {"name": "P1", "forfeit": True}}), StackCmd)
    (alert,) = v.apply({"confirmed": {"table": "T1", "id": cmd2.id, "stack": 11000}})
    assert alert.kind == "alert" and "set the stack to 10,000" in alert.text
    assert cmd2.id in v.pending and cmd2.seat == seat2


def test_the_table_confirms_an_absolute_stack_and_says_what_it_replaced() -> None:
    """The table's side (TableVenue, a real engine): a ``set`` stack is the result, and the
    answer names the stack that left play; a busted player's re-buy there brings them back."""
    table = Table.from_setup(
        {
            "rules": "tda-2025",
            "seats": {"2": 8300, "5": 4100, "7": 9000},
            "button": 2,
            "blinds": [100, 200],
            "chips": [100, 500, 1000],
            "names": {"2": "Uma", "5": "Vic", "7": "Wes"},
        }
    )
    tv = TableVenue(LinkConfig(venue="v", table="T4", host="127.0.0.1", port=1, password="x"))
    tv.table = _VenueSide(SimpleNamespace(table=table))  # the port's seated() is all _floor reads

    def cmd(body: dict[str, Any]) -> Command:
        return StackCmd.from_obj({"command": "stack", "table": "T4", "id": "e1", **body})

    def floor(body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        decision, extra = tv._floor("Dana", cmd(body))
        obj = decision.to_obj()
        obj.pop("by")
        return obj, extra

    forfeit = {"seat": 5, "name": "Vic", "stack": 10000, "add": 5000, "set": True}
    decision, extra = floor(forfeit)
    assert decision == {"stack": {"5": 10000}} and extra == {"stack": 10000, "before": 4100}
    relative = {"seat": 5, "name": "Vic", "stack": 9100, "add": 5000}
    assert floor(relative)[0] == {"stack": {"5": 9100}}
    # Vic busts; a relative change is refused for an eliminated player, a set re-buy is not
    table.players[5].out, table.players[5].stack = True, 0
    try:
        floor(relative)
        raise AssertionError("a relative stack for an eliminated player was taken")
    except ValueError as exc:
        assert "Vic is not in seat 5" in str(exc)
    rebuy = {"seat": 5, "name": "Vic", "stack": 7000, "add": 7000, "set": True}
    decision, extra = floor(rebuy)
    assert decision == {"stack": {"5": 7000}} and extra["before"] == 0
    table.apply(event_from_obj({"floor": {"by": "Dana", **decision}}))
    assert not table.players[5].out and table.players[5].stack == 7000


# ----------------------------------------------------------------------- 002 Rule 25 (item 13)


def _chips(stack: int) -> list[int]:
    return [1000] * (stack // 1000) + [100] * (stack % 1000 // 100)


def _room_with_a_move() -> tuple[Venue, UnseatCmd]:
    """17 players, three 6-handed tables; a bust at T3 makes T2 send a player to T3 (11-A)."""
    v, out = venue_with(17, tables=3, handed=6, seed=4)
    confirm(v, out)
    t3 = sorted(seats_of(v, "T3"))
    said = v.apply(report(v, "T3", 1, out=(t3[0],), button=t3[1], sb=t3[2], bb=t3[3]))
    (move,) = commands(said, UnseatCmd)
    return v, move


def _readings(v: Venue, stacks: dict[tuple[str, int], int]) -> None:
    """Every table reports its RFID stacks; ``stacks`` gives some seats odd 100 chips."""
    for n, t in enumerate(("T1", "T2", "T3")):
        here = {s: stacks.get((t, s), e.stack) for s, e in seats_of(v, t).items()}
        leaving = {e.seat: e for e in v.entries.values() if e.table == t and e.status == "leaving"}
        here.update({s: stacks.get((t, s), e.stack) for s, e in leaving.items()})
        seats = [
            {"seat": s, "name": (seats_of(v, t).get(s) or leaving[s]).name, "stack": k,
             "status": "active", "chips": _chips(k)}
            for s, k in sorted(here.items())
        ]  # fmt: skip
        body = {"table": t, "seq": 10 + n, "hand": 2, "button": 1, "sb": 2, "bb": 3}
        v.apply({"report": {**body, "seats": seats}})
        for s, k in here.items():
            v.entries[_entry_at(v, t, s)].stack = k


def test_rule_25_a_player_whose_move_is_decided_races_and_the_change_follows_the_move() -> None:
    """002 Rule 25-A: "chips will be raced off" at a scheduled colour-up; 25-C: no chip of a
    removed denomination stays. A player whose balancing move is decided but not yet carried
    out still sits at the table and races there; when the move is confirmed before the race's
    ``stack``, that change goes with the player to the new seat."""
    v, move = _room_with_a_move()
    src, seat = move.table, move.seat
    _readings(v, {(src, seat): 10400, (src, 3): 9700, ("T3", 2): 10100})
    issued = v.chips_issued
    said = v.apply({"level": {"index": _color_up_index()}})
    races = {n.data["table"]: n.text for n in notices(said, "color_up")}
    assert f"Seat {seat}: 4 odd" in races[src]  # the leaving player raced at the source
    (theirs,) = [c for c in commands(said, StackCmd) if (c.table, c.seat) == (src, seat)]
    assert theirs.add in (-400, 100)  # 4 x 100 raced: a 500 chip or nothing
    # the dealer moves the player first: the race's stack at the source is void there...
    rest = [c for c in commands(said, StackCmd) if c is not theirs]
    after = v.apply({"confirmed": {"table": src, "id": move.id, "stack": 10400}})
    (seat_cmd,) = commands(after, SeatCmd)
    assert notices(v.apply({"refused": {"table": src, "id": theirs.id}}), "void")
    # ... and made at the new seat once the player sits there
    (follow,) = commands(v.apply({"confirmed": {"table": "T3", "id": seat_cmd.id}}), StackCmd)
    assert (follow.table, follow.seat, follow.add) == ("T3", move.to_seat, theirs.add)
    assert follow.rule == "002 Rule 25"
    confirm(v, [*rest, follow])
    assert all(e.stack % 500 == 0 for e in v.remaining())  # no 100 chip left in play
    assert v.chips_issued == issued + sum(c.add for c in [*rest, follow])


def test_rule_25_a_player_walking_between_tables_at_the_step_is_coloured_up_on_arrival() -> None:
    """002 Rule 25-C: "If after the race, a player still has chips of a removed denomination,
    they will be exchanged for current denominations only at equal value", the rest removed:
    the player who was between tables during the race is coloured up once the new table's
    reading shows the stack."""
    v, move = _room_with_a_move()
    _readings(v, {(move.table, move.seat): 11300})
    after = v.apply({"confirmed": {"table": move.table, "id": move.id, "stack": 11300}})
    (seat_cmd,) = commands(after, SeatCmd)
    said = v.apply({"level": {"index": _color_up_index()}})
    assert not [c for c in commands(said, StackCmd) if c.seat == move.to_seat and c.table == "T3"]
    v.apply({"confirmed": {"table": "T3", "id": seat_cmd.id}})
    mover = v.entries[_entry_at(v, "T3", move.to_seat)]
    seats = [
        {"seat": e.seat, "name": e.name, "stack": 11300 if e is mover else e.stack,
         "status": "active", "chips": _chips(11300 if e is mover else e.stack)}
        for e in sorted(seats_of(v, "T3").values(), key=lambda e: e.seat)
    ]  # fmt: skip
    got = v.apply({"report": {"table": "T3", "seq": 40, "hand": 3, "seats": seats}})
    (fix,) = commands(got, StackCmd)
    assert (fix.seat, fix.add, fix.rule) == (move.to_seat, -300, "002 Rule 25")
    confirm(v, got)
    assert mover.stack == 11000


# ----------------------------------------------------------------------- 002 Rule 28 (item 14)


def test_rule_28_a_busted_players_re_buy_keeps_the_seat() -> None:
    """002 Rule 28: "A player may not miss a hand": the busted player re-buys in the seat they
    busted in (an absolute ``stack`` there brings them back), not by a fresh draw that may land
    between the small blind and the button. Places are given back; the pool counts the re-buy
    once confirmed."""
    v, out = venue_with(7, tables=1, seed=11, rebuy={"chips": 8000, "money": 40, "until_level": 3})
    confirm(v, out)
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P6")
    v.apply(report(v, "T1", 1, out=(seat,), button=4, sb=5, bb=6))
    busted = v.entries["e6"]
    assert (busted.status, busted.place) == ("out", 7)
    said = v.apply({"rebuy": {"name": "P6"}})
    assert not commands(said, SeatCmd)
    (cmd,) = commands(said, StackCmd)
    assert (cmd.table, cmd.seat, cmd.name, cmd.stack, cmd.set) == ("T1", seat, "P6", 8000, True)
    assert cmd.rule == "002 Rule 28"
    assert cmd.floor("Dana", current=0).to_obj() == {"by": "Dana", "stack": {str(seat): 8000}}
    issued = v.chips_issued
    v.apply({"confirmed": {"table": "T1", "id": cmd.id, "stack": 8000, "before": 0}})
    assert (busted.status, busted.place, busted.stack) == ("seated", 0, 8000)
    assert v.chips_issued == issued + 8000 and v.summary()["rebuys"] == 1
    # a report of the hand P6 busted in, arriving after the answer, does not bust P6 again
    late = report(v, "T1", 2, out=(seat,), button=4, sb=5, bb=6)
    late["report"]["hand"] = 1
    assert not notices(v.apply(late), "eliminated")
    # busting again in a later hand counts
    again = report(v, "T1", 3, out=(seat,), button=5, sb=6, bb=7)
    assert [n.data["name"] for n in notices(v.apply(again), "eliminated")] == ["P6"]
