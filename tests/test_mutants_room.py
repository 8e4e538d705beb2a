"""The pure room and a table joining or leaving an event (tablectl.tournament.room, handover)
at the edges a mutation run found untested (issue 34), each written from what the modules say
they do: through ``Venue.apply`` (the ``table`` event) and ``Room.apply``.

A table moves between events only when empty (002 Rule 10-B); joining, it is last in the break
order (11-C) and hears the event's level at once (24)."""

from __future__ import annotations

from typing import Any

from test_room_model import alerts as room_alerts
from test_room_model import setup
from test_venue_model import STRUCTURE, confirm, notices, report, venue_with

from tablectl.tournament.room import Room, Said, handover_ok
from tablectl.tournament.venue import Announcement, Venue
from tablectl.wire.commands import LevelCmd, SeatCmd, UnseatCmd


def alerts(said: list[Any]) -> list[str]:
    return [a.text for a in notices(said, "alert")]


def started(players: int = 6) -> Venue:
    v, out = venue_with(players, tables=2, handed=6)
    confirm(v, out)
    return v


def test_the_table_event_refuses_a_bad_body_in_words_and_changes_nothing() -> None:
    v = started()
    shape = 'table: needs {"add": NAME, "manual": true|false} or {"remove": NAME}, got '
    for body, words in (
        ("T9", shape + "'T9'"),
        ({"add": "T9", "extra": 1}, shape + "{'add': 'T9', 'extra': 1}"),
        ({"manual": True}, shape + "{'manual': True}"),
        ({"add": ""}, "table: a table's name, got ''"),
        ({"add": 9}, "table: a table's name, got 9"),
        ({"add": "T" * 65}, f"table: a table's name, got '{'T' * 39}"),
        ({"remove": ""}, "table: a table's name, got ''"),
        ({"add": "T9", "manual": "yes"}, "table: table.manual must be true or false"),
        ({"add": "T1"}, "table: table T1 is in this event already"),
    ):
        assert alerts(v.apply({"table": body})) == [words], body
    assert v.cfg is not None and v.cfg.tables == ("T1", "T2")


def test_a_table_joins_by_a_name_of_1_to_64_characters_sensored_unless_told() -> None:
    v = started()
    for name, is_manual in (("X", False), ("M" * 64, True), ("S", False)):
        body: dict[str, Any] = {"add": name}
        if name != "S":
            body["manual"] = is_manual
        said = v.apply({"table": body})
        assert not alerts(said), name
        assert v.manual.has(name) is is_manual, name
        assert v.cfg is not None and v.cfg.break_order[-1] == name  # 11-C: it breaks last
        assert (name in v.cfg.manual) is is_manual
        # 002 Rule 24: the event's level, from the table's next hand
        assert [(c.table, c.rule, c.index) for c in said if isinstance(c, LevelCmd)] == [
            (name, "002 Rule 24", v.step_index)
        ]


def test_a_table_added_before_the_start_waits_for_the_draw() -> None:
    """Before the start there is no level to send and nothing to settle: the table is one more
    of the setup, idle until the start's draw."""
    v = Venue()
    assert v.apply({"setup": {"tables": ["T1"], "seed": 1, "structure": STRUCTURE}}) == []
    said = v.apply({"table": {"add": "T2"}})
    assert said == [] and not v.tables["T2"].active and v.tables["T2"].name == "T2"
    assert v.cfg is not None and v.cfg.tables == ("T1", "T2")


def test_rule_24_a_joining_table_hears_every_figure_of_the_event_s_step() -> None:
    """The level command a joining table gets is the event's step as the clock sends it: its
    number, blinds, ante, big blind ante, a break and its colour-up (002 Rule 24, 25)."""
    v = started()
    for index, name in ((4, "A"), (13, "B")):
        v.apply({"level": {"index": index}})
        step = v.structure.steps[index]
        (cmd,) = [c for c in v.apply({"table": {"add": name}}) if isinstance(c, LevelCmd)]
        assert cmd == LevelCmd(
            name,
            cmd.id,
            "002 Rule 24",
            "the event's level, from the next hand",
            index=index,
            number=step.number,
            blinds=(step.small_blind, step.big_blind),
            ante=step.ante,
            bb_ante=step.bb_ante,
            on_break=step.is_break,
            color_up=step.color_up,
        )
        assert isinstance(cmd.id, str) and cmd.id.startswith("c")
    assert v.structure.steps[4].bb_ante and v.structure.steps[13].is_break
    assert v.structure.steps[13].color_up


def test_an_idle_table_leaves_while_players_move_between_the_others() -> None:
    """A table the draw did not use leaves though players are on their way between the other
    tables (002 Rule 11-A): they are moving to those, not to it; a proposal naming the others
    stays. Leaving, it is out of the setup, its break order and its manual list."""
    v, out = venue_with(16, tables=3, approve_moves=True, manual=["T3"])
    confirm(v, out)
    assert not v.tables["T3"].active
    t2 = sorted(e.seat for e in v.entries.values() if e.table == "T2" and e.status == "seated")
    v.apply(report(v, "T2", 1, out=tuple(t2[:2])))  # T1 must send one: proposed
    kept = dict(v.proposals)
    assert kept
    assert alerts(v.apply({"table": {"remove": "T3"}})) == []
    assert v.proposals == kept
    assert v.cfg is not None and "T3" not in v.cfg.tables
    assert "T3" not in v.cfg.break_order and "T3" not in v.cfg.manual
    assert "T3" not in v.tables and not v.manual.has("T3")


def test_a_table_players_are_on_their_way_to_stays_and_an_idle_one_leaves() -> None:
    """002 Rule 11-A: T2 lost two, T1 sends it one. The player on the way counts as T2's (it is
    not empty: it stays, the first three named), not T3's: T3, which the draw did not use,
    leaves."""
    v, out = venue_with(16, tables=3)
    confirm(v, out)
    t2 = sorted(e.seat for e in v.entries.values() if e.table == "T2" and e.status == "seated")
    said = v.apply(report(v, "T2", 1, out=tuple(t2[:2])))
    (mover,) = [e for e in v.entries.values() if e.status == "leaving"]
    assert mover.table == "T1" and mover.dest is not None and mover.dest[0] == "T2"
    at_t2 = [
        e.name
        for e in v.entries.values()
        if (e.table == "T2" and e.status == "seated") or e is mover
    ]
    assert len(at_t2) == 7 and said
    assert alerts(v.apply({"table": {"remove": "T2"}})) == [
        f"table: table T2 still seats 7 player(s) ({', '.join(at_t2[:3])}); it stays"
    ]
    assert alerts(v.apply({"table": {"remove": "T3"}})) == []


def test_a_table_with_a_command_waiting_stays_though_nobody_sits_there() -> None:
    """T3 breaks (002 Rule 10-B) and plays a hand before its moves are carried out: one of its
    players busts there, and that player's move is void; the others' moves are confirmed. The
    unseat sent for the busted player still waits for T3's answer, so T3 stays."""
    v, out = venue_with(13, tables=3, handed=6)  # 5, 4, 4
    confirm(v, out)
    t1 = sorted(e.seat for e in v.entries.values() if e.table == "T1" and e.status == "seated")
    said = v.apply(report(v, "T1", 1, out=(t1[0],)))  # twelve fit two tables: T3 breaks
    moves = [o for o in said if isinstance(o, UnseatCmd)]
    assert {c.table for c in moves} == {"T3"}
    there = sorted(
        (e for e in v.entries.values() if e.table == "T3" and e.status == "leaving"),
        key=lambda e: e.seat,
    )
    busted, winner = there[0], there[1]
    seats = [
        {
            "seat": e.seat,
            "name": e.name,
            "stack": 0 if e is busted else e.stack + (busted.stack if e is winner else 0),
            "status": "out" if e is busted else "active",
        }
        for e in there
    ]
    v.apply({"report": {"table": "T3", "seq": 1, "hand": 1, "seats": seats}})
    assert v.entries[busted.id].status == "out"
    confirm(v, [c for c in moves if c.name != busted.name])
    (waiting,) = [c.id for c in moves if c.name == busted.name]
    assert alerts(v.apply({"table": {"remove": "T3"}})) == [
        f"table: table T3 has 1 command(s) waiting ({waiting}); it stays"
    ]


ONE_OF = "one of open_event, in, hand_over, report, confirmed, refused"


def said_as(said: list[Said]) -> list[tuple[str, str, str]]:
    return [(s.event, getattr(s.output, "kind", ""), getattr(s.output, "text", "")) for s in said]


def test_an_event_opens_with_its_announcement_and_a_setup_refused_is_the_room_s_alert() -> None:
    room = Room()
    said = room.apply({"open_event": {"id": "sat1", "setup": setup(["S1", "S2"])}})
    assert said == [
        Said(
            "sat1",
            Announcement("event_opened", "event sat1 opened: 2 table(s)", "", {"event": "sat1"}),
        )
    ]
    bad = room.apply({"open_event": {"id": "sat2", "setup": {**setup(["X"]), "handed": 11}}})
    assert bad == [Said("", Announcement("alert", "setup: setup.handed: a table seats at most 10"))]
    assert "sat2" not in room.events and "X" not in room.held
    assert room.event_of("S2") == "sat1" and room.event_of("X") is None
    assert room.tables_of("sat1") == ["S1", "S2"]


def test_an_event_opened_without_a_structure_is_refused_in_words() -> None:
    """A setup with no structure (or not a table) said "argument of type 'NoneType' is not
    iterable": the director is told what is missing, and nothing opens (002 Rule 24: the
    structure is the event's own)."""
    room = Room()
    for structure in (None, "tda-style", 5):
        body = {**setup(["X"]), "structure": structure}
        if structure is None:
            del body["structure"]
        bad = room.apply({"open_event": {"id": "sat2", "setup": body}})
        words = "setup: setup.structure: a structure table is needed (name, starting_stack, steps)"
        assert bad == [Said("", Announcement("alert", words))]
    assert "sat2" not in room.events and "X" not in room.held


def test_a_stray_table_opened_in_an_event_is_no_stray_any_more() -> None:
    room = Room()
    body = {"table": "X9", "seq": 1, "hand": 1, "seats": []}
    assert said_as(room.apply({"report": body})) == [
        ("", "stray", "table X9 reports but is in no event: shown, not folded")
    ]
    room.apply({"open_event": {"id": "sat1", "setup": setup(["X9"])}})
    assert room.strays == {} and room.event_of("X9") == "sat1"


def test_the_room_refuses_what_is_no_room_event_in_words() -> None:
    room = Room()
    room.apply({"open_event": {"id": "main", "setup": setup(["T1"])}})
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    needs_open = 'open_event: needs {"id": EVENT, "setup": {...}}'
    for event, words in (
        ("x", "not a room event: 'x'"),
        ({}, "not a room event: {}"),
        ({"bogus": 1}, f"bogus: not a room event ({ONE_OF})"),
        ({"report": {}, "refused": {}}, f"report: not a room event ({ONE_OF})"),
        ({"open_event": 5}, needs_open),
        ({"open_event": ["id", "setup"]}, needs_open),
        ({"open_event": {"id": "sat2"}}, needs_open),
        ({"in": "main"}, 'in: needs {"in": EVENT, "event": {...}}'),
        ({"in": "sat9", "event": {"start": {}}}, "in: no event 'sat9' (open: main, sat1)"),
        (
            {"confirmed": {"table": "T1", "id": ""}},
            "confirmed: a command id of the room is [EVENT-]ID, got ''",
        ),
        (
            {"refused": {"table": "T1", "id": 5}},
            "refused: a command id of the room is [EVENT-]ID, got 5",
        ),
    ):
        assert said_as(room.apply(event)) == [("", "alert", words)], event
    assert said_as(Room().apply({"in": "main", "event": {}})) == [
        ("", "alert", "in: no event 'main' (open: none)")
    ]


def test_an_event_s_own_event_reaches_it_whatever_the_order_of_the_keys() -> None:
    room = Room()
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    said = room.apply({"event": {"register": {"name": "Ann"}}, "in": "sat1"})
    assert [s.event for s in said] == ["sat1"] * len(said) and not room_alerts(said)
    assert [e.name for e in room.events["sat1"].entries.values()] == ["Ann"]


def test_an_answer_s_id_is_split_at_its_first_dash() -> None:
    """An event id has no "-" (it prefixes command ids): ``sat1-c1-2`` is sat1's ``c1-2``."""
    room = Room()
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    said = room.apply({"confirmed": {"table": "S1", "id": "sat1-c1-2"}})
    assert said_as(said) == [("sat1", "alert", "confirmed: no command 'c1-2' is waiting")]


def test_a_stray_table_s_reports_keep_the_newest_and_are_announced_once() -> None:
    room = Room()
    body = {"table": "X9", "seq": 2, "hand": 1, "seats": []}
    assert len(room.apply({"report": body})) == 1
    assert room.apply({"report": {**body, "hand": 7}}) == []  # the same seq again: not newer
    assert room.strays["X9"].hand == 1
    assert room.apply({"report": {**body, "seq": 3, "hand": 2}}) == []  # newer: kept, not shown
    assert room.strays["X9"].seq == 3 and room.strays["X9"].hand == 2


def test_an_answer_is_routed_by_its_id_or_refused_in_words() -> None:
    room = Room()
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    for event, words in (
        ({"confirmed": "c1"}, "confirmed: needs an object with the command's id"),
        (
            {"refused": {"table": "S1", "id": "sat9-c1"}},
            "refused: command sat9-c1: no event 'sat9'",
        ),
        ({"confirmed": {"table": "S1", "id": "c1"}}, "confirmed: command c1: no event 'main'"),
    ):
        assert said_as(room.apply(event)) == [("", "alert", words)], event


def test_hand_over_refusals_in_words_and_a_manual_table_stays_manual() -> None:
    """A table is handed only by the event holding it, to another open event; a manual table
    (no sensors) is manual in the event it joins."""
    room = Room()
    room.apply({"open_event": {"id": "main", "setup": {**setup(["T1", "T2"]), "manual": ["T2"]}}})
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    shape = 'hand_over: needs {"table": NAME, "from": EVENT, "to": EVENT}'
    for body, words in (
        ("T2", shape),
        ({"table": "T2", "from": "main"}, shape),
        ({"table": "X9", "from": "main", "to": "sat1"}, "hand_over: table X9 is in no event"),
        ({"table": "T2", "from": "sat1", "to": "main"}, "hand_over: table T2 is in event main"),
        ({"table": 5, "from": "main", "to": "sat1"}, "hand_over: table 5 is in no event"),
        (
            {"table": "T2", "from": "main", "to": "main"},
            "hand_over: no other event 'main' to hand table T2 to",
        ),
        (
            {"table": "T2", "from": "main", "to": "sat9"},
            "hand_over: no other event 'sat9' to hand table T2 to",
        ),
    ):
        assert said_as(room.apply({"hand_over": body})) == [("", "alert", words)], body
    body = {"table": "T2", "from": "main", "to": "sat1"}
    said = room.apply({"hand_over": body})
    assert said == [
        Said(
            "sat1",
            Announcement("handed_over", "table T2 handed from main to sat1", "002 Rule 10-B", body),
        )
    ]
    assert room.event_of("T2") == "sat1" and room.events["sat1"].manual.has("T2")
    assert not room.events["main"].manual.has("T2") and room.tables_of("main") == ["T1"]
    assert handover_ok(room, "X9") == "table X9 is in no event"
    assert handover_ok(room, "T2") == ""
    assert handover_ok(room, "T1") == "table T1 hosts this event's final table"


def test_what_is_no_venue_event_inside_an_event_is_the_event_s_to_refuse() -> None:
    """Only a one-key ``setup`` or ``table`` event is the room's to refuse inside an event;
    anything else that is no venue event is refused by the event, in its words."""
    room = Room()
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    for inner in (5, {"table": {"add": "X"}, "start": {}}):
        (said,) = room.apply({"in": "sat1", "event": inner})
        assert said.event == "sat1" and said.output.text.startswith("not a venue event (one key")
    assert room.tables_of("sat1") == ["S1"]


def test_inside_an_event_no_setup_or_table_event_and_only_its_own_tables_reports() -> None:
    """The room's map says where each table is: an event's setup and its tables change only by
    open_event and hand_over; a report goes to the event holding its table."""
    room = Room()
    room.apply({"open_event": {"id": "main", "setup": setup(["T1"])}})
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    for inner, words in (
        ({"setup": setup(["S2"])}, "in: setup: by open_event or hand_over, not inside an event"),
        ({"table": {"add": "S2"}}, "in: table: by open_event or hand_over, not inside an event"),
        (
            {"report": {"table": "S1", "seq": 1, "hand": 1, "seats": []}},
            "in: table 'S1' is not in event main",
        ),
        ({"report": "S1"}, "in: table None is not in event main"),
    ):
        assert said_as(room.apply({"in": "main", "event": inner})) == [("", "alert", words)]
    said = room.apply({"in": "sat1", "event": {"report": {"table": "S1", "seq": 1, "seats": []}}})
    assert all(s.event == "sat1" for s in said)
    assert room.events["sat1"].tables["S1"].report is not None
    assert room.tables_of("main") == ["T1"] and room.tables_of("sat1") == ["S1"]


def test_a_table_s_report_goes_to_its_event_and_its_commands_carry_the_prefix() -> None:
    room = Room()
    room.apply({"open_event": {"id": "sat1", "setup": setup(["S1"])}})
    for i in range(3):
        room.apply({"in": "sat1", "event": {"register": {"name": f"S{i}"}}})
    said = room.apply({"in": "sat1", "event": {"start": {}}})
    seats = [s.output for s in said if isinstance(s.output, SeatCmd)]
    assert len(seats) == 3 and all(c.id.startswith("sat1-c") for c in seats)
    said = room.apply({"report": {"table": "S1", "seq": 1, "hand": 1, "seats": []}})
    assert all(s.event == "sat1" for s in said) and room.strays == {}
    assert room.events["sat1"].tables["S1"].report is not None
    stray = room.apply({"report": {"table": "X9", "seq": 1, "hand": 1, "seats": []}})
    text = "table X9 reports but is in no event: shown, not folded"
    assert stray == [Said("", Announcement("stray", text, "", {"table": "X9"}))]
