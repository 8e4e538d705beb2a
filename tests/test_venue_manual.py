"""Tables without sensors in the tournament (issue 31 part 2): the floor person's entries on a
manual table fold on the sensored tables' path (tablectl.tournament.manual)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from test_venue_h4h import PAID
from test_venue_model import STRUCTURE, commands, notices, seats_of

from tablectl.tournament import manual
from tablectl.tournament.venue import Venue
from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole
from tablectl.wire.commands import HoldCmd, SeatCmd, StackCmd, UnseatCmd

FLOOR = "Kim"


def structure() -> dict[str, Any]:
    s = copy.deepcopy(STRUCTURE)
    s["prize"]["payouts"] = [{"entrants": 2, "percent": PAID}]
    return s


class Room:
    """Three 9-handed tables, T3 manual (and T2 with ``both``), 20 players; the sensored
    tables' dealers and the floor person confirm every command."""

    def __init__(self, manual_tables: tuple[str, ...] = ("T3",), players: int = 20) -> None:
        self.v = Venue()
        said = self.v.apply(
            {
                "setup": {
                    "tables": ["T1", "T2", "T3"],
                    "handed": 9,
                    "seed": 5,
                    "structure": structure(),
                    "manual": list(manual_tables),
                }
            }
        )
        assert said == []
        for i in range(players):
            self.v.apply({"register": {"name": f"Q{i + 1:02d}"}})
        self.seq = dict.fromkeys(("T1", "T2", "T3"), 0)
        self.said = self.settle(self.v.apply({"start": {}}))

    def check(self) -> None:
        """Every chip issued is at a table or carried between two (issue 31: chips conserved),
        and a manual table's report says every chip at it."""
        total = sum(e.stack for e in self.v.remaining())
        total += sum(mt.uncounted for mt in self.v.manual.tables.values())
        assert total == self.v.chips_issued
        for t in self.v.manual.tables:
            report = self.v.tables[t].report
            if report is not None:
                assert report.chips == manual.chips_at(self.v, t)

    def settle(self, said: list[Any]) -> list[Any]:
        """Confirm every seat, unseat and stack: a dealer's ``confirmed`` at a sensored table,
        the floor person's ``manual`` confirm at a manual one."""
        out = list(said)
        while True:
            waiting = [c for c, _r in self.v.pending.values()]
            if not waiting:
                break
            cmd = waiting[0]
            if self.v.manual.has(cmd.table):
                more = self.enter(cmd.table, confirm=cmd.id)
            else:
                body: dict[str, Any] = {"table": cmd.table, "id": cmd.id}
                e = self.v.entries[self.v.pending[cmd.id][1].partition(":")[0]]
                if isinstance(cmd, UnseatCmd):
                    body["stack"] = e.stack
                if isinstance(cmd, StackCmd) and cmd.set:
                    body["stack"], body["before"] = cmd.stack, e.stack
                more = self.v.apply({"confirmed": body})
            assert not notices(more, "alert"), notices(more, "alert")
            out += more
        self.check()
        return out

    def enter(self, table: str, **entry: Any) -> list[Any]:
        return self.v.apply({"manual": {"table": table, "by": FLOOR, **entry}})

    def names(self, table: str) -> list[str]:
        return [e.name for _s, e in sorted(seats_of(self.v, table).items())]

    def report(
        self, table: str, out: tuple[str, ...] = (), hold: int | None = None, settle: bool = True
    ) -> list[Any]:
        """A sensored table's report after a hand."""
        self.seq[table] += 1
        seats = [
            {
                "seat": s,
                "name": e.name,
                "stack": 0 if e.name in out else e.stack,
                "status": "out" if e.name in out else "active",
            }
            for s, e in sorted(seats_of(self.v, table).items())
        ]
        # the busted players' chips go to the first player left (the table's chips stay)
        winner = next(s for s in seats if s["status"] == "active")
        winner["stack"] += sum(e.stack for e in seats_of(self.v, table).values() if e.name in out)
        body: dict[str, Any] = {
            "table": table,
            "seq": self.seq[table],
            "hand": self.seq[table],
            "button": 1,
            "sb": 2,
            "bb": 3,
            "seats": seats,
        }
        if hold is not None:
            body["hold"] = {"round": hold, "allin": False}
        said = self.v.apply({"report": body})
        return self.settle(said) if settle else said

    def bust(self, table: str, out: list[str], by: str | None = None, **hand: Any) -> list[Any]:
        """One hand at ``table``: ``out`` bust, eliminated by ``by`` (or the first player left)."""
        if not self.v.manual.has(table):
            return self.report(table, tuple(out))
        left = [n for n in self.names(table) if n not in out]
        busts = [{"name": n, "by": {by or left[0]: 1}} for n in out]
        said = self.enter(table, hand={"busts": busts, **hand})
        assert not notices(said, "alert"), notices(said, "alert")
        return self.settle(said)

    def bust_to(self, left: int) -> list[Any]:
        said: list[Any] = []
        while len(self.v.remaining()) > left:
            table = max(self.v.active_tables(), key=lambda t: len(self.names(t)))
            said += self.bust(table, [self.names(table)[0]])
        return said


def test_setup_manual_names_tables_of_the_setup() -> None:
    v = Venue()
    (alert,) = v.apply(
        {"setup": {"tables": ["T1", "T2"], "structure": structure(), "manual": ["T9"]}}
    )
    assert alert.kind == "alert" and "'T9' is not one of setup.tables" in alert.text
    assert v.cfg is None


def test_the_seat_draw_at_a_manual_table_waits_for_its_floor_person() -> None:
    """002 Rule 7 at a table without a Pi: the seat cards go out as everywhere; the floor person
    confirms the seats (one tap for all), and the table's report is made from them."""
    v = Venue()
    v.apply({"setup": {"tables": ["T1", "T2"], "structure": structure(), "manual": ["T2"]}})
    for i in range(12):
        v.apply({"register": {"name": f"P{i}"}})
    said = v.apply({"start": {}})
    at_t2 = [c for c in commands(said, SeatCmd) if c.table == "T2"]
    assert len(at_t2) == 6 and [c.id for c in manual.waiting(v, "T2")] == [c.id for c in at_t2]
    said = v.apply({"manual": {"table": "T2", "by": FLOOR, "confirm": [c.id for c in at_t2]}})
    assert not notices(said, "alert")
    assert manual.waiting(v, "T2") == []
    report = v.tables["T2"].report
    assert report is not None and len(report.seats) == 6 and report.chips == 6 * 10000
    assert v.manual.tables["T2"].by == FLOOR
    # a command of another table is not the floor person's to confirm
    (alert,) = v.apply({"manual": {"table": "T2", "by": FLOOR, "confirm": "c1"}})
    assert alert.kind == "alert" and "no command 'c1' waits at T2" in alert.text


def test_a_bust_entered_by_hand_is_placed_and_names_who_eliminated_whom() -> None:
    """A manual table's bust-out: who, eliminated by whom (the share of each eliminator), the
    place as the model gives it; the chips go to the eliminators; who entered it is kept."""
    room = Room()
    ann, bo, cy = room.names("T3")[:3]
    before = {n: room.v.entries[_id(room, n)].stack for n in (ann, bo, cy)}
    said = room.enter("T3", hand={"busts": [{"name": ann, "by": {bo: 2, cy: 1}}], "button": 2})
    (out,) = notices(said, "eliminated")
    assert out.data["place"] == 20 and out.data["name"] == ann
    # the Venue's elimination record carries "by" as the bounty path reads it (entry -> share)
    assert out.data["by"] == {_id(room, bo): 2, _id(room, cy): 1}
    assert room.v.manual.busted_by[_id(room, ann)] == FLOOR
    gained = {n: room.v.entries[_id(room, n)].stack - before[n] for n in (bo, cy)}
    assert gained == {bo: 6667, cy: 3333}  # 10,000 by 2:1, the odd chips to the first
    room.check()
    assert room.v.tables["T3"].report.button == 2


@pytest.mark.parametrize(
    ("hand", "why"),
    [
        ({"busts": [{"name": "Nobody", "by": "Q01"}]}, "'Nobody' is not playing at T3"),
        ({"busts": [{"name": "@0", "by": {}}]}, "eliminated by whom?"),
        ({"busts": [{"name": "@0", "by": "Q99"}]}, "cannot be eliminated by 'Q99'"),
        ({"busts": [{"name": "@0", "by": "@1", "place": 19}]}, "finishes in place 20, not 19"),
        ({"busts": [{"name": "@0", "by": "@1"}, {"name": "@1", "by": "@0"}]}, "eliminated no"),
        ({"button": 11}, "hand.button must be a seat 1-10"),
    ],
)
def test_a_bad_bust_entry_is_refused_in_one_line_and_changes_nothing(
    hand: dict[str, Any], why: str
) -> None:
    room = Room()
    names = room.names("T3")
    text = repr(hand)
    for i in range(2):
        text = text.replace(f"@{i}", names[i])
    import ast

    hand = ast.literal_eval(text)
    before = room.v.tables["T3"].report.seq, len(room.v.remaining())
    (alert,) = room.enter("T3", hand=hand)
    assert alert.kind == "alert" and why in alert.text and "\n" not in alert.text
    assert (room.v.tables["T3"].report.seq, len(room.v.remaining())) == before
    room.check()


def test_two_out_on_one_hand_are_placed_as_the_floor_person_entered_them() -> None:
    room = Room()
    a, b, c = room.names("T3")[:3]
    said = room.enter(
        "T3",
        hand={"busts": [{"name": a, "by": c, "place": 19}, {"name": b, "by": c, "place": 20}]},
    )
    assert {n.data["name"]: n.data["place"] for n in notices(said, "eliminated")} == {a: 19, b: 20}
    room.check()


def test_a_count_must_name_every_player_and_every_chip() -> None:
    """Chip counts when asked (the end of a level): the counts replace the last ones; a count
    that misses a player or a chip is refused with what is wrong."""
    room = Room()
    assert manual.asked(room.v, "T3") == []
    room.v.apply({"level": {"index": 1}})
    assert manual.asked(room.v, "T3") == ["end of level"]
    names = room.names("T3")
    stacks = {n: 10000 for n in names}
    (alert,) = room.enter("T3", count={n: 10000 for n in names[1:]})
    assert f"a count names every player at T3: missing {names[0]}" in alert.text
    (alert,) = room.enter("T3", count={**stacks, names[0]: 9000})
    assert "the counts sum to 59,000 but T3 holds 60,000 chips: count again" in alert.text
    stacks[names[0]], stacks[names[1]] = 15000, 5000
    assert not notices(room.enter("T3", count=stacks), "alert")
    assert room.v.entries[_id(room, names[0])].stack == 15000
    assert manual.asked(room.v, "T3") == []
    room.check()


def test_a_colour_up_is_counted_by_hand_and_changes_the_chips_in_play() -> None:
    """002 Rule 25 at a table without RFID: no race from readings (no alert either), a count
    asked; the count after the race may differ from the chips before it."""
    room = Room()
    index = next(i for i, s in enumerate(room.v.structure.steps) if s.color_up)
    said = room.v.apply({"level": {"index": index}})
    assert not [a for a in notices(said, "alert") if "T3" in a.text]
    assert manual.asked(room.v, "T3")[0] == "colour-up (002 Rule 25)"
    names = room.names("T3")
    issued = room.v.chips_issued
    said = room.enter("T3", count={n: 10000 + (100 if i == 0 else 0) for i, n in enumerate(names)})
    (colour,) = notices(said, "color_up")
    assert colour.data == {"table": "T3", "chips": 100}
    assert room.v.chips_issued == issued + 100


def test_moves_to_and_from_a_manual_table_balance_as_at_a_sensored_one() -> None:
    """002 Rule 11-A: players move to and from a manual table as between sensored ones; the
    sensored table's dealer confirms the seat, the floor person the unseat (with the chips
    counted: what differs from the last count stays at the table until the next count)."""
    room = Room(manual_tables=("T1",), players=27)  # 9 a table
    said = room.bust("T1", room.names("T1")[:2])  # T1 7, T2 9, T3 9: T3 sends one to T1
    (moved,) = notices(said, "moved")
    assert moved.data["from"][0] == "T3" and moved.data["to"][0] == "T1"
    assert len(room.names("T1")) == 8
    room.bust("T2", room.names("T2")[:2])  # T2 7, T3 8, T1 8: balanced
    said = room.report("T3", tuple(room.names("T3")[:2]), settle=False)  # T3 6, T1 8: T1 sends
    (unseat,) = commands(said, UnseatCmd)
    assert unseat.table == "T1" and unseat.to_table == "T3"
    assert [c.id for c in manual.waiting(room.v, "T1")] == [unseat.id]
    (alert,) = room.enter("T1", confirm=unseat.id, stack=10**9)
    assert "cannot take 1,000,000,000" in alert.text
    last = room.v.entries[_id(room, unseat.name)].stack
    said = room.enter("T1", confirm=unseat.id, stack=last - 500)
    assert not notices(said, "alert")
    assert room.v.manual.tables["T1"].uncounted == 500
    (seat,) = commands(said, SeatCmd)
    assert (seat.table, seat.stack) == ("T3", last - 500)
    room.settle(said)
    names = room.names("T1")
    counts = {n: room.v.entries[_id(room, n)].stack for n in names}
    (alert,) = room.enter("T1", count=counts)
    assert "count again" in alert.text
    counts[names[0]] += 500
    assert not notices(room.enter("T1", count=counts), "alert")
    assert room.v.manual.tables["T1"].uncounted == 0
    room.check()


def test_rp8_a_the_round_waits_for_the_manual_tables_hand_over_and_places_are_shared() -> None:
    """002 RP-8 A with a manual table and a sensored one: round 0 waits for the manual
    table's hand over (it is in a hand when it starts); two players out on one hand, one at a
    manual and one at a sensored table, share the places they cover."""
    room = Room(manual_tables=("T2",))
    room.bust_to(13)
    assert room.v.active_tables() == ["T1", "T2"]
    said = room.v.apply({"hand_for_hand": {"on": True}})
    assert room.v.h4h is not None and room.v.h4h.round == 0
    assert room.v.h4h.waiting == ["T2"]  # in the hand in progress: its floor person says when
    assert "hand-for-hand (002 RP-8)" in manual.asked(room.v, "T2")
    said = room.enter("T2", hand={})
    got = {c.table: c for c in commands(said, HoldCmd)}
    assert set(got) == {"T1", "T2"} and all(c.round == 1 and c.deal for c in got.values())
    # round 1: T2's hand over; a second one in the same round is refused
    assert not notices(room.enter("T2", hand={}), "alert")
    (alert,) = room.enter("T2", hand={})
    assert "T2 has reported round 1's hand over: hold until the next round" in alert.text
    assert room.v.h4h.waiting == ["T1"]
    said = room.report("T1", hold=1)
    assert room.v.h4h.round == 2
    said = room.report("T1", (room.names("T1")[0],), hold=2)
    assert not notices(said, "shared_place")  # T2 is still playing the hand
    said += room.bust("T2", [room.names("T2")[0]])
    (shared,) = notices(said, "shared_place")
    assert shared.data["places"] == [12, 13] and shared.data["prize"] == 10.0
    room.check()


def _id(room: Room, name: str) -> str:
    return next(e.id for e in reversed(room.v.entries.values()) if e.name == name)


def test_the_floor_persons_entries_are_journaled_and_replayed_after_a_restart(
    tmp_path: Path,
) -> None:
    """The console journals each entry with who made it; a restart replays them to the same
    seats, stacks, eliminations and who entered them, and sends no command to the manual
    table (its commands wait for the floor person again)."""
    setup = {"tables": ["T1", "T2"], "handed": 6, "seed": 7, "structure": structure()}
    setup["manual"] = ["T2"]
    journal = tmp_path / "venue.jsonl"

    def console() -> DirectorConsole:
        return DirectorConsole(VenueClient("v1", "127.0.0.1", 1), setup, journal)

    a = console()
    assert a.register("Dana", [f"P{i}" for i in range(1, 11)]).ok
    assert a.act("Dana", {"start": {}}).ok
    at_t2 = [c["id"] for c in a.manual_view("T2")["waiting"]]
    assert len(at_t2) == 5 and all(c.table == "T1" for c in a.runner.sent.values())
    assert a.manual_entry("Kim", "T2", {"confirm": at_t2}).ok
    names = [p["name"] for p in a.manual_view("T2")["players"]]
    said = a.manual_entry("Kim", "T2", {"hand": {"busts": [{"name": names[0], "by": names[1]}]}})
    assert said.ok and f"{names[0]} out in place 10" in said.text
    refused = a.manual_entry("Kim", "T2", {"count": {n: 1 for n in names[1:]}})
    assert not refused.ok and "count again" in refused.text
    before = a.entrants_view()
    assert a.log[0]["by"] == "Kim" and "T2 (manual): entered a chip count" in a.log[0]["what"]
    a.close()

    b = console()
    assert b.entrants_view() == before
    assert b.venue.manual.busted_by == a.venue.manual.busted_by
    assert b.venue.manual.tables["T2"].by == "Kim"
    assert all(c.table == "T1" for c in b.runner.sent.values())
    assert any(r["by"] == "Kim" and "confirmed c" in r["what"] for r in b.log)
    b.close()
