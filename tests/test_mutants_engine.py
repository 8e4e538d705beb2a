"""Rules the mutation runs of the engine's modules found unpinned (issue 34, docs/testing.md):
each test is written from the rule it names, through ``Table.apply``; what a scenario file can
say is said in tests/scenarios instead."""

from __future__ import annotations

from typing import Any

from test_actions import alerts, push, rulings, run

from tablectl.engine.notices import FloorDecided
from tablectl.engine.table import Table

FLOP = {"board": ["Ah", "7c", "2d"], "burn": "5s"}


def _three(**kw: Any) -> Table:
    """tda-2025, 100/200, button 1, three seats of 10,000, chips 100/500/1000: dealt."""
    t = Table(
        {
            "rules": "tda-2025",
            "seats": {"1": 10000, "2": 10000, "3": 10000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [100, 500, 1000],
            **kw,
        }
    )
    run(t, {"deal": {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "1": ["As", "Ks"]}})
    return t


def _undercall_on_the_flop() -> Table:
    """Seat 2 bets 200 on the flop, seat 3 raises to 1,000, seat 1 puts out one 500 chip: an
    undercall of a raise multi-way, the floor decides (002 Rule 44-B)."""
    t = _three()
    run(t, push(1, 100, 100), push(2, 100), {"press": "check"}, FLOP)
    out = run(t, push(2, 100, 100), push(3, 500, 500), push(1, 500))
    assert [a.rule for a in alerts(out, "undercall")] == ["002 Rule 44-B"]
    return t


def test_002_rule_1_a_floor_ruling_ends_the_undercall_a_later_one_is_the_first() -> None:
    """The floor rules seat 1's undercall a call to 1,000 (002 Rule 1): the seat's action is the
    floor's, no undercall any more. Seat 2's short call after it is an undercall of its own
    (002 Rule 44-B), not a second undercall in sequence sending play back to seat 1 (44-C)."""
    t = _undercall_on_the_flop()
    floor = {"by": "Sam (floor)", "ruling": {"seat": 1, "action": "call", "to": 1000}}
    run(t, {"floor": floor})
    out = run(t, push(2, 500))
    [ruled] = rulings(out)
    assert (ruled.seat, ruled.action, ruled.to, ruled.owes) == (2, "call", 1000, 300)
    assert ruled.rule == "002 Rule 44-B" and "second undercall" not in ruled.text
    assert [a.rule for a in alerts(out, "undercall")] == ["002 Rule 44-B"]


def test_002_rule_29_the_clock_leaves_the_screen_when_its_seat_acts() -> None:
    """The clock is on the seat in turn's decision (002 Rule 29): when that seat acts, the dealer
    screen shows no clock (the view's ``clock``), though the next seat has not acted yet."""
    t = _three()
    run(t, push(1, 100, 100), push(2, 100), {"press": "check"}, FLOP)
    run(t, {"press": "clock"})
    assert t.view().clock is not None and t.view().clock.seat == 2
    run(t, {"tick": 10}, {"press": "check"})
    assert t.to_act() == 3 and t.view().clock is None


def test_002_rule_1_the_floor_notice_says_what_the_action_was_and_what_it_is_ruled() -> None:
    """The floor's ruling notice tells the table the action it replaces and the ruling (002
    Rule 1): seat 1's one 1,000 chip was a call of 200 (002 Rule 49), ruled a raise to 1,000."""
    t = _three()
    run(t, push(1, 1000))
    out = run(t, {"floor": {"by": "Sam", "ruling": {"seat": 1, "action": "raise", "to": 1000}}})
    [notice] = [o for o in out if isinstance(o, FloorDecided)]
    assert notice.text == (
        "floor (Sam): seat 1's call to 200 is ruled raise to 1000; play goes on from there "
        "(002 Rule 1)"
    )
    assert notice.body()["was"] == {"action": "call", "to": 200}


def test_002_rule_44_a_a_declared_call_paid_stays_the_ruling_on_the_screen() -> None:
    """A declared call binds (002 Rule 44-A): the seat owes its chips, and chips pushed next pay
    what it owes, no new action. The dealer screen's latest ruling stays the declared call, with
    its rule and words, now owing nothing and with the chips beyond the call to hand back."""
    t = _three()
    run(t, {"declare": {"seat": 1, "say": "call"}})
    declared = t.view().last
    assert declared is not None and declared.owes == 200
    run(t, push(1, 500))
    last = t.view().last
    assert last is not None
    assert (last.seat, last.action, last.to, last.owes, last.returned) == (1, "call", 200, 0, 300)
    assert (last.rule, last.text) == ("002 Rule 44-A", "call declared: 200 total")
