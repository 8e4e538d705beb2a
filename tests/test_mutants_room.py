"""The pure room and a table joining or leaving an event (tablectl.tournament.room, handover)
at the edges a mutation run found untested (issue 34), each written from what the modules say
they do: through ``Venue.apply`` (the ``table`` event) and ``Room.apply``.

A table moves between events only when empty (002 Rule 10-B); joining, it is last in the break
order (11-C) and hears the event's level at once (24)."""

from __future__ import annotations

from typing import Any

from test_venue_model import STRUCTURE, confirm, notices, report, venue_with

from tablectl.tournament.venue import Venue
from tablectl.wire.commands import LevelCmd, UnseatCmd


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
