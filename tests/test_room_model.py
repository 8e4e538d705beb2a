"""The pure room (tablectl.tournament.room): several events, one table map.

A table is in one event at a time and changes event only when empty (broken, 002 Rule 10-B);
the commands of each event carry its prefix, so a table's answer finds the event that sent it;
a report from a table in no event is kept, not folded; replaying the room's events gives each
event the same state; and a message for one event never changes another (hypothesis).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablectl.tournament.room import Room, Said, fold
from tablectl.tournament.venue import Announcement, Venue
from tablectl.wire.commands import Command, LevelCmd, SeatCmd, StackCmd, UnseatCmd

ROOT = Path(__file__).resolve().parent.parent
STRUCTURE = tomllib.loads((ROOT / "display/structures/tda-style.toml").read_text())


def setup(tables: list[str], handed: int = 6, seed: int = 1) -> dict[str, Any]:
    return {
        "tables": tables,
        "handed": handed,
        "seed": seed,
        "structure": STRUCTURE,
        "late_until_level": 2,  # the waiting list is seated as seats open (002 Rule 8-A)
    }


def alerts(said: list[Said]) -> list[str]:
    return [
        s.output.text
        for s in said
        if isinstance(s.output, Announcement) and s.output.kind == "alert"
    ]


def cmds(said: list[Said], kind: type = Command) -> list[Command]:
    return [s.output for s in said if isinstance(s.output, kind)]


def confirm_all(room: Room, said: list[Said], log: list[object]) -> list[Said]:
    """Every seat, unseat and stack command confirmed by its table, through the room (the id's
    prefix routes it), until none is left."""
    more: list[Said] = []
    todo = cmds(said, SeatCmd | UnseatCmd | StackCmd)
    while todo:
        cmd = todo.pop(0)
        body: dict[str, Any] = {"table": cmd.table, "id": cmd.id}
        if isinstance(cmd, UnseatCmd):
            venue = room.events[cmd.id.split("-")[0] if "-" in cmd.id else "main"]
            body["stack"] = next(
                e.stack
                for e in venue.entries.values()
                if e.table == cmd.table and e.seat == cmd.seat and e.status == "leaving"
            )
        ev = {"confirmed": body}
        log.append(ev)
        out = room.apply(ev)
        assert not alerts(out), alerts(out)
        more += out
        todo += cmds(out, SeatCmd | UnseatCmd | StackCmd)
    return more


def two_events(log: list[object]) -> tuple[Room, list[Said]]:
    """main: T1-T3, thirteen players (5, 4, 4); sat1: S1 alone, eight players (one waits for a
    seat)."""
    room = Room()
    said: list[Said] = []

    def do(ev: object) -> list[Said]:
        log.append(ev)
        out = room.apply(ev)
        said.extend(out)
        return out

    assert not alerts(do({"open_event": {"id": "main", "setup": setup(["T1", "T2", "T3"])}}))
    assert not alerts(do({"open_event": {"id": "sat1", "setup": setup(["S1"], seed=2)}}))
    for i in range(13):
        do({"in": "main", "event": {"register": {"name": f"M{i}"}}})
    for i in range(8):
        do({"in": "sat1", "event": {"register": {"name": f"S{i}"}}})
    said += confirm_all(room, do({"in": "main", "event": {"start": {}}}), log)
    said += confirm_all(room, do({"in": "sat1", "event": {"start": {}}}), log)
    return room, said


def bust_one(room: Room, table: str, log: list[object]) -> list[Said]:
    """The table reports a hand in which its first seat busted: twelve players left fit two
    tables, so main breaks T3 (002 Rule 10-B, 11-C)."""
    venue = room.events[room.held[table]]
    here = sorted(
        (e for e in venue.entries.values() if e.table == table and e.status == "seated"),
        key=lambda e: e.seat,
    )
    seats = [
        {
            "seat": e.seat,
            "name": e.name,
            "stack": 0 if i == 0 else e.stack,
            "status": "out" if i == 0 else "active",
        }
        for i, e in enumerate(here)
    ]
    ev = {"report": {"table": table, "seq": 5, "hand": 1, "seats": seats}}
    log.append(ev)
    return room.apply(ev)


def state(v: Venue) -> Any:
    return (
        v.summary(),
        sorted((e.id, e.name, e.status, e.table, e.seat, e.stack) for e in v.entries.values()),
        sorted(v.pending),
        v.cfg.tables if v.cfg else None,
        v.rng.getstate(),
    )


def test_events_and_the_table_map() -> None:
    log: list[object] = []
    room, said = two_events(log)
    assert room.held == {"T1": "main", "T2": "main", "T3": "main", "S1": "sat1"}
    # each event's commands carry its prefix, so answers route back by it
    # (the first event's bare: a one-event room's ids are a venue's)
    assert {c.id.split("-")[0] for c in cmds(said) if "-" in c.id} == {"sat1"}
    assert all(c.table.startswith("T") == ("-" not in c.id) for c in cmds(said))
    assert len(room.events["sat1"].waiting()) == 1  # S1 seats its final table (002 Rule 8-A, 12)
    # a table in one event cannot open in another; an id is opened once; ids are checked
    out = room.apply({"open_event": {"id": "sat2", "setup": setup(["T1", "S9"])}})
    assert alerts(out) == ["open_event: table T1 is in event main: hand it over first"]
    assert "sat2" not in room.events and "S9" not in room.held
    assert (
        "open already"
        in alerts(room.apply({"open_event": {"id": "sat1", "setup": setup(["X"])}}))[0]
    )
    assert (
        "lower-case"
        in alerts(room.apply({"open_event": {"id": "Sat-1", "setup": setup(["X"])}}))[0]
    )
    # setup and table events go through the room, never inside an event
    assert (
        "by open_event or hand_over"
        in alerts(room.apply({"in": "sat1", "event": {"table": {"add": "T1"}}}))[0]
    )
    assert "no event 'sat9'" in alerts(room.apply({"in": "sat9", "event": {"start": {}}}))[0]
    # an answer whose prefix names no event is refused, one with a wrong table too
    assert (
        "no event 'sat9'" in alerts(room.apply({"confirmed": {"table": "S1", "id": "sat9-c1"}}))[0]
    )


def test_a_table_is_handed_over_only_when_empty() -> None:
    log: list[object] = []
    room, _said = two_events(log)
    main, sat = room.events["main"], room.events["sat1"]
    before = state(main), state(sat)
    out = room.apply({"hand_over": {"table": "T3", "from": "main", "to": "sat1"}})
    assert len(alerts(out)) == 1 and alerts(out)[0].startswith("hand_over: table T3 still seats 4")
    assert alerts(out)[0].endswith("; it stays")
    assert (state(main), state(sat)) == before and room.held["T3"] == "main"
    # the final table never leaves; a table is handed only by the event holding it
    assert (
        "final table"
        in alerts(room.apply({"hand_over": {"table": "T1", "from": "main", "to": "sat1"}}))[0]
    )
    assert (
        "is in event main"
        in alerts(room.apply({"hand_over": {"table": "T3", "from": "sat1", "to": "main"}}))[0]
    )
    # broken (002 Rule 10-B): its players move, each seat confirmed; then it is empty
    broke = bust_one(room, "T1", log)
    assert [c.table for c in cmds(broke, UnseatCmd)] == ["T3"] * 4
    # a command still waiting for the table: it stays
    assert (
        "still seats"
        in alerts(room.apply({"hand_over": {"table": "T3", "from": "main", "to": "sat1"}}))[0]
    )
    confirm_all(room, broke, log)
    assert not main.tables["T3"].active
    out = room.apply({"hand_over": {"table": "T3", "from": "main", "to": "sat1"}})
    assert not alerts(out)
    assert room.held["T3"] == "sat1" and "T3" not in main.cfg.tables and "T3" in sat.cfg.tables
    assert sat.cfg.break_order[-1] == "T3"  # it breaks after the event's own tables (11-C)
    # the event's level at once (002 Rule 24) and its seat draw: the one waiting is seated
    level = cmds(out, LevelCmd)
    assert [(c.table, c.id.startswith("sat1-"), c.index) for c in level] == [
        ("T3", True, sat.step_index)
    ]
    seats = cmds(out, SeatCmd)
    assert [c.table for c in seats] == ["T3"]
    assert all(c.id.startswith("sat1-") for c in seats)
    confirm_all(room, out, log)
    assert sat.committed("T3") >= 2 and not sat.waiting()


def test_a_table_an_event_does_not_need_joins_it_idle() -> None:
    """Nobody waiting for a seat: in play, the table would only make the event break another at
    once (002 Rule 11-C); it joins idle, hearing the level."""
    room = Room()
    room.apply({"open_event": {"id": "main", "setup": setup(["T1", "T2", "T3"])}})
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1", "S2"], seed=2)}})
    log: list[object] = []
    for i in range(8):  # two tables: T3 is not used by the draw
        room.apply({"in": "main", "event": {"register": {"name": f"M{i}"}}})
    for i in range(8):
        room.apply({"in": "sat1", "event": {"register": {"name": f"S{i}"}}})
    confirm_all(room, room.apply({"in": "main", "event": {"start": {}}}), log)
    confirm_all(room, room.apply({"in": "sat1", "event": {"start": {}}}), log)
    out = room.apply({"hand_over": {"table": "T3", "from": "main", "to": "sat1"}})
    sat = room.events["sat1"]
    assert not alerts(out) and not sat.tables["T3"].active
    assert [type(c).__name__ for c in cmds(out)] == ["LevelCmd"]
    assert not [
        s for s in out if isinstance(s.output, Announcement) and s.output.kind == "table_broken"
    ]
    assert sorted(sat.active_tables()) == ["S1", "S2"]


def test_a_report_from_a_table_in_no_event_is_kept_not_folded() -> None:
    room, _ = two_events([])
    before = {k: state(v) for k, v in room.events.items()}
    body = {
        "table": "X9",
        "seq": 3,
        "hand": 1,
        "seats": [{"seat": 1, "name": "Zed", "stack": 500, "status": "active"}],
    }
    out = room.apply({"report": body})
    assert [s.output.kind for s in out] == ["stray"] and "in no event" in out[0].output.text
    assert room.strays["X9"].seats[0].name == "Zed"
    assert room.apply({"report": {**body, "seq": 2}}) == []  # older: kept is the newer
    assert room.strays["X9"].seq == 3
    assert {k: state(v) for k, v in room.events.items()} == before
    # a report for an event's table is that event's, and only that event's
    t1 = {"table": "S1", "seq": 1, "hand": 1, "seats": []}
    assert "is not in event main" in alerts(room.apply({"in": "main", "event": {"report": t1}}))[0]


def test_replay_of_a_mixed_journal_gives_each_event_the_same_state() -> None:
    log: list[object] = []
    room, _ = two_events(log)
    confirm_all(room, bust_one(room, "T1", log), log)
    log.append({"hand_over": {"table": "T3", "from": "main", "to": "sat1"}})
    confirm_all(room, room.apply(log[-1]), log)
    again, _ = fold(log)
    assert again.held == room.held
    assert {k: state(v) for k, v in again.events.items()} == {
        k: state(v) for k, v in room.events.items()
    }


MAIN_EVENTS = st.one_of(
    st.builds(lambda n: {"register": {"name": n}}, st.text("ABCxyz ", min_size=1, max_size=6)),
    st.just({"start": {}}),
    st.builds(lambda i: {"level": {"index": i}}, st.integers(-1, 30)),
    st.builds(lambda t: {"break": {"table": t}}, st.sampled_from(["T1", "T2", "T3", "S1"])),
    st.builds(
        lambda t: {"announce": {"text": t, "minutes": 5, "at": 0, "tables": []}},
        st.text(max_size=8),
    ),
    st.builds(lambda i: {"confirmed": {"table": "S1", "id": f"c{i}"}}, st.integers(0, 40)),
    st.builds(
        lambda i: {"refused": {"table": "T1", "id": f"c{i}", "reason": "no"}}, st.integers(0, 40)
    ),
    st.just({"hand_for_hand": {"on": True}}),
    st.just({"setup": setup(["S1"])}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MAIN_EVENTS, max_size=8))
def test_a_message_for_one_event_never_changes_another(events: list[dict[str, Any]]) -> None:
    room = Room()
    room.apply({"open_event": {"id": "main", "setup": setup(["T1", "T2", "T3"])}})
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"], seed=2)}})
    for i in range(5):
        room.apply({"in": "sat1", "event": {"register": {"name": f"S{i}"}}})
    room.apply({"in": "sat1", "event": {"start": {}}})
    sat = state(room.events["sat1"])
    held = dict(room.held)
    for ev in events:
        room.apply({"in": "main", "event": ev})
        # answers routed by prefix: main's ids never reach sat1's commands
        body = next(iter(ev.values()))
        if next(iter(ev)) in ("confirmed", "refused"):
            room.apply({next(iter(ev)): body})
    assert state(room.events["sat1"]) == sat
    assert room.held == held


def test_one_person_across_the_events_is_their_member_id() -> None:
    """players.across: a member id registered in two events is one person (both results, the
    prizes added); a name alone never joins two records (002 Rule 68: namesakes)."""
    from tablectl.tournament.players import across

    room = Room()
    room.apply({"open_event": {"id": "main", "setup": setup(["T1"])}})
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"], seed=2)}})
    room.apply({"in": "sat1", "event": {"register": {"name": "Ann", "member": "M-7"}}})
    room.apply({"in": "sat1", "event": {"register": {"name": "Bo"}}})
    room.apply({"in": "main", "event": {"register": {"name": "Ann B.", "member": "M-7"}}})
    room.apply({"in": "main", "event": {"register": {"name": "Bo"}}})
    people = across({k: v.entries.values() for k, v in room.events.items()})
    assert [(p.name, p.member, sorted(p.events)) for p in people] == [
        ("Ann B.", "M-7", ["main", "sat1"]),
        ("Bo", "", ["main"]),
        ("Bo", "", ["sat1"]),
    ]
    assert people[0].events["sat1"].name == "Ann" and people[0].to_obj()["prize"] == 0
