"""The director approves what the venue proposes (setup ``approve_moves``): balancing moves (002
Rule 11-A) and table breaks (10-B) wait for ``approve``; ``break`` breaks a table at once."""

from __future__ import annotations

from typing import Any

from test_venue_model import (
    STRUCTURE,
    commands,
    confirm,
    notices,
    report,
    seats_of,
    venue_with,
)

from tablectl.tournament.venue import Proposal, Venue, fold
from tablectl.wire.commands import UnseatCmd


def _unbalance(v: Venue) -> list[Any]:
    """16 players 8 and 8; T2 loses two: T1 must send one (002 Rule 11-A)."""
    t1, t2 = sorted(seats_of(v, "T1")), sorted(seats_of(v, "T2"))
    v.apply(report(v, "T1", 1, button=t1[0], sb=t1[1], bb=t1[2]))
    return v.apply(report(v, "T2", 1, out=tuple(t2[:2]), button=t2[4], sb=t2[5], bb=t2[6]))


def test_rule_11a_a_balancing_move_waits_for_the_directors_approval() -> None:
    auto, out = venue_with(16)
    confirm(auto, out)
    direct = commands(_unbalance(auto), UnseatCmd)  # without approve_moves: at once

    v, out = venue_with(16, approve_moves=True)
    confirm(v, out)
    said = _unbalance(v)
    assert commands(said, UnseatCmd) == []
    (proposed,) = notices(said, "proposed")
    (p,) = v.proposals.values()
    assert isinstance(p, Proposal) and p.kind == "move" and p.rule == "002 Rule 11-A"
    assert proposed.data["id"] == p.id and p.id in proposed.text
    # the same decision the automatic venue made: the next big blind, to the worst position
    assert (p.table, p.seat, p.to_table, p.to_seat) == (
        direct[0].table,
        direct[0].seat,
        direct[0].to_table,
        direct[0].to_seat,
    )
    # a later report with the same blinds changes nothing: the proposal keeps its id
    t1 = sorted(seats_of(v, "T1"))
    again = v.apply(report(v, "T1", 2, button=t1[0], sb=t1[1], bb=t1[2]))
    assert notices(again, "proposed") == [] and list(v.proposals) == [p.id]
    # a hand later the big blind has moved on: so has the player due it (11-A)
    later = v.apply(report(v, "T1", 3, button=t1[1], sb=t1[2], bb=t1[3]))
    assert [n.data["id"] for n in notices(later, "withdrawn")] == [p.id]
    (p,) = v.proposals.values()
    assert p.seat == t1[4] and notices(later, "proposed")[0].data["id"] == p.id

    approved = v.apply({"approve": {"id": p.id}})
    (move,) = commands(approved, UnseatCmd)
    assert (move.table, move.seat, move.to_table, move.rule) == (
        p.table,
        p.seat,
        p.to_table,
        "002 Rule 11-A",
    )
    assert v.proposals == {}
    confirm(v, approved)
    assert sorted(v.summary()["tables"].values()) == [7, 7]


def test_an_unknown_or_used_proposal_is_refused_and_changes_nothing() -> None:
    v, out = venue_with(16, approve_moves=True)
    confirm(v, out)
    _unbalance(v)
    (pid,) = v.proposals
    assert "no open proposal 'm99'" in v.apply({"approve": {"id": "m99"}})[0].text
    v.apply({"approve": {"id": pid}})
    (alert,) = v.apply({"approve": {"id": pid}})
    assert alert.kind == "alert" and "open: none" in alert.text


def test_a_proposal_no_longer_needed_is_withdrawn() -> None:
    v, out = venue_with(16, approve_moves=True)
    confirm(v, out)
    _unbalance(v)
    (pid,) = v.proposals
    # two busts at T1 too: 6 and 6, nobody needs to move
    t1 = sorted(seats_of(v, "T1"))
    said = v.apply(report(v, "T1", 2, out=tuple(t1[:2]), button=t1[3], sb=t1[4], bb=t1[5]))
    (withdrawn,) = notices(said, "withdrawn")
    assert withdrawn.data["id"] == pid and v.proposals == {}


def test_rule_10b_a_table_break_waits_for_approval_then_draws_seats() -> None:
    v, out = venue_with(19, tables=3, approve_moves=True)
    confirm(v, out)
    seat = next(iter(seats_of(v, "T1")))
    said = v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    assert notices(said, "table_broken") == []
    breaks = [p for p in v.proposals.values() if p.kind == "break"]
    assert [(p.table, p.rule) for p in breaks] == [("T3", "002 Rule 10-B")]
    leaving = len(seats_of(v, "T3"))
    approved = v.apply({"approve": {"id": breaks[0].id}})
    assert [n.data["table"] for n in notices(approved, "table_broken")] == ["T3"]
    moves = commands(approved, UnseatCmd)
    assert len(moves) == leaving and {m.rule for m in moves} == {"002 Rule 10-B"}
    confirm(v, approved)
    assert not v.tables["T3"].active


def test_the_director_breaks_a_table_at_once_never_the_final() -> None:
    v, out = venue_with(19, tables=3, approve_moves=True)  # 7, 6, 6
    confirm(v, out)
    assert "hosts the final table" in v.apply({"break": {"table": "T1"}})[0].text
    assert "of a table in the setup" in v.apply({"break": {"table": "T9"}})[0].text
    t3 = sorted(seats_of(v, "T3"))
    v.apply(report(v, "T3", 1, out=tuple(t3[:4]), button=t3[4], sb=t3[5], bb=t3[4]))
    assert [p.kind for p in v.proposals.values()] == ["break"]  # 15 fit two tables
    said = v.apply({"break": {"table": "T3"}})
    assert [n.text for n in notices(said, "table_broken")] == ["the director breaks table T3"]
    assert [n.data["kind"] for n in notices(said, "withdrawn")] == ["break"]
    assert len(commands(said, UnseatCmd)) == 2
    confirm(v, said)
    assert sorted(v.summary()["tables"].values()) == [7, 8] and not v.tables["T3"].active
    assert "is not in play" in v.apply({"break": {"table": "T3"}})[0].text


def test_a_break_is_refused_when_the_other_tables_have_no_room() -> None:
    v, out = venue_with(18, tables=2)  # 9 and 9: nowhere to go
    confirm(v, out)
    (alert,) = v.apply({"break": {"table": "T2"}})
    assert alert.kind == "alert" and "0 open seats for 9 players" in alert.text


def test_approvals_replay_to_the_same_state() -> None:
    v, out = venue_with(16, approve_moves=True)
    events: list[Any] = []
    original = v.apply

    def recording(ev: Any) -> list[Any]:
        events.append(ev)
        return original(ev)

    v.apply = recording  # type: ignore[method-assign]
    confirm(v, out)
    _unbalance(v)
    v.apply({"approve": {"id": next(iter(v.proposals))}})
    setup = {
        "setup": {
            "tables": ["T1", "T2"],
            "handed": 9,
            "seed": 1,
            "structure": STRUCTURE,
            "approve_moves": True,
        }
    }
    head = [setup, *({"register": {"name": f"P{i + 1}"}} for i in range(16)), {"start": {}}]
    again, _ = fold([*head, *events])
    assert again.summary() == v.summary() and again.proposals == v.proposals
    assert {k: (e.status, e.table, e.seat) for k, e in again.entries.items()} == {
        k: (e.status, e.table, e.seat) for k, e in v.entries.items()
    }


def test_approve_moves_must_be_a_flag() -> None:
    v = Venue()
    setup = {"tables": ["A"], "structure": STRUCTURE, "approve_moves": "yes"}
    (alert,) = v.apply({"setup": setup})
    assert "approve_moves must be true or false" in alert.text


def test_the_structure_edited_keeps_the_level_in_force() -> None:
    v, _out = venue_with(4)
    edited = dict(STRUCTURE, name="edited", step=STRUCTURE["step"][:3])
    (said,) = v.apply({"structure": edited})
    assert said.kind == "structure" and v.structure.name == "edited"
    assert len(v.structure.steps) == 3
    v.apply({"level": {"index": 2}})
    (alert,) = v.apply({"structure": dict(STRUCTURE, step=STRUCTURE["step"][:2])})
    assert alert.kind == "alert" and "must keep it" in alert.text and v.structure.name == "edited"
    (bad,) = v.apply({"structure": {"name": "x"}})
    assert bad.kind == "alert" and v.structure.name == "edited"
