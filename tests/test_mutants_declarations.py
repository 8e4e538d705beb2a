"""Verbal declarations the mutation run of tablectl/engine/declarations.py found unpinned (issue
34, docs/testing.md): each test is written from the rule it names, through ``Table.apply``."""

from __future__ import annotations

from typing import Any

import pytest
from test_actions import DEAL4, alerts, push, rulings, run, table

from tablectl.engine.notices import Declared
from tablectl.engine.outputs import Output
from tablectl.engine.table import Table


def say(seat: int, what: str | None = None, amount: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"seat": seat}
    if what is not None:
        body["say"] = what
    if amount is not None:
        body["amount"] = amount
    return {"declare": body}


def _dealt(rules: str = "tda-2025", stack: int = 10000) -> Table:
    """Four seats, button 1, blinds 100/200 posted by seats 2 and 3: seat 4 in turn."""
    t = table(rules, stack=stack)
    run(t, DEAL4)
    return t


def _ruled(out: list[Output]) -> list[dict[str, Any]]:
    return [r.to_obj()["ruling"] for r in rulings(out)]


def test_002_rule_1_a_declaration_with_no_hand_in_progress_is_ignored() -> None:
    """Once the pot is awarded no hand is in progress: a declaration is ignored in words."""
    t = _dealt()
    run(t, {"fold": 4}, {"fold": 1}, {"fold": 2})  # seat 3 wins the blinds
    [void] = alerts(run(t, say(3, "call")))
    assert (void.kind, void.rule, void.seat) == ("action_void", "002 Rule 1", None)
    assert void.text == "seat 3's declaration ignored: no hand is in progress"


@pytest.mark.parametrize("seat", [4, 6])
def test_002_rule_43a_a_seat_with_no_live_hand_declares_nothing(seat: int) -> None:
    """A folded seat (4) and a seat dealt no hand (6, nobody sits there) declare a raise:
    ignored in words (002 Rule 43-A: only a live hand acts), the turn unchanged."""
    t = _dealt()
    if seat == 4:
        run(t, {"fold": 4})
    before = t.to_act()
    [void] = alerts(run(t, say(seat, "raise", 600)))
    assert (void.kind, void.rule, void.seat) == ("action_void", "002 Rule 43-A", seat)
    assert void.text == f"seat {seat} has no live hand: its declaration is ignored"
    assert t.to_act() == before


def test_002_rule_42a_a_fold_declared_out_of_turn_binds_as_an_out_of_turn_fold() -> None:
    """Seat 2 says "fold" while seat 4 is in turn: an out-of-turn fold, binding (002 Rule 42-A)."""
    t = _dealt()
    out = run(t, say(2, "fold"))
    [oot] = alerts(out)
    assert (oot.kind, oot.seat) == ("out_of_turn", 2)
    assert oot.text == "seat 2 folded out of turn: the fold is binding (002 Rule 42-A)"
    assert _ruled(out) == [
        {
            "seat": 2,
            "action": "fold",
            "to": 100,
            "rule": "002 Rule 42-A",
            "text": "out-of-turn fold, binding",
        }
    ]
    assert t.hand is not None and 2 in t.hand.folded and t.to_act() == 4


def test_002_rule_43a_a_declaration_with_no_betting_open_is_ignored() -> None:
    """Seats 4 and 1 are all in, the others folded: no betting is open. A bet or an amount
    declared then is ignored in words (002 Rule 43-A)."""
    t = _dealt()
    run(t, push(4, 5000, 5000), push(1, 5000, 5000), {"fold": 2}, {"fold": 3})
    assert t.to_act() is None
    out = run(t, say(4, "bet", 500), say(4, amount=500))
    assert [(a.kind, a.rule, a.seat, a.text) for a in alerts(out)] == [
        ("action_void", "002 Rule 43-A", 4, "seat 4 declared bet with no betting open: ignored"),
        ("action_void", "002 Rule 43-A", 4, "seat 4 declared 500 with no betting open: ignored"),
    ]


@pytest.mark.parametrize(
    ("declared", "chips"),
    [
        (say(2, "call"), True),
        (say(2, "raise", 600), True),
        (say(2, "raise"), True),
        (say(2, "all-in"), True),
        (say(2, amount=600), True),
        (say(2, "check"), False),
    ],
)
def test_002_rule_37_a_declared_bet_out_of_turn_counts_as_chips(
    declared: dict[str, Any], chips: bool
) -> None:
    """Seat 4 is skipped: seat 2 declares out of turn, then seat 3 folds out of turn. A
    declared call, raise, all-in or amount commits chips, so the two are substantial action
    (002 Rule 37) and the floor rules on seat 4 (002 Rule 42-B); a declared check commits none:
    two actions without chips are not."""
    t = _dealt()
    out = run(t, declared, {"fold": 3})
    skipped = [a for a in alerts(out) if a.rule == "002 Rule 42-B"]
    assert [a.seat for a in skipped] == ([4] if chips else [])


@pytest.mark.parametrize(
    ("declared", "chips"),
    [(say(2, "bet", 400), True), (say(2, "bet"), True), (say(2, "check"), False)],
)
def test_002_rule_37_a_bet_declared_out_of_turn_on_the_flop(
    declared: dict[str, Any], chips: bool
) -> None:
    """On the flop seat 2 (first to act) is skipped: seat 3 declares a bet out of turn and seat
    4 folds out of turn: substantial action with chips (002 Rule 37), the floor rules on seat 2
    (42-B); a declared check is no chips."""
    t = _dealt()
    run(t, push(4, 100, 100), push(1, 100, 100), push(2, 100), {"press": "check"})
    run(t, {"board": ["2h", "7d", "Jc"], "burn": "3h"})
    assert t.to_act() == 2
    out = run(t, declared | {"declare": {**declared["declare"], "seat": 3}}, {"fold": 4})
    skipped = [a for a in alerts(out) if a.rule == "002 Rule 42-B"]
    assert [a.seat for a in skipped] == ([2] if chips else [])


# ------------------------------------------------------------------ in turn


def test_002_rule_41a_a_fold_declared_in_turn_binds() -> None:
    """Seat 4 says "fold" in turn: it folds (002 Rule 41-A, a verbal declaration in turn binds),
    nothing owed or returned, and the turn passes to seat 1."""
    t = _dealt()
    out = run(t, say(4, "fold"))
    assert alerts(out) == []
    assert _ruled(out) == [
        {"seat": 4, "action": "fold", "to": 0, "rule": "002 Rule 41-A", "text": "fold declared"}
    ]
    assert t.hand is not None and 4 in t.hand.folded and t.to_act() == 1


def test_002_rule_41a_a_fold_declared_with_chips_in_play_keeps_its_bet_in() -> None:
    """The small blind (seat 2) says "fold" facing the big blind: its 100 stays in the pot: the
    ruling's total is its bet (002 Rule 41-A)."""
    t = _dealt()
    out = run(t, push(4, 100, 100), push(1, 100, 100), say(2, "fold"))
    assert _ruled(out)[-1] == {
        "seat": 2,
        "action": "fold",
        "to": 100,
        "rule": "002 Rule 41-A",
        "text": "fold declared",
    }


def test_002_rule_43a_call_declared_with_nothing_to_call_is_a_check() -> None:
    """The big blind says "call" when every seat called its blind: nothing to call, a check
    (002 Rule 43-A), and the flop comes."""
    t = _dealt()
    out = run(t, push(4, 100, 100), push(1, 100, 100), push(2, 100), say(3, "call"))
    assert _ruled(out)[-1] == {
        "seat": 3,
        "action": "check",
        "to": 200,
        "rule": "002 Rule 43-A",
        "text": "check",
    }
    assert t.to_act() is None and t.hand is not None and t.hand.street == "preflop"


def test_002_rule_44a_call_declared_by_a_short_stack_is_all_in() -> None:
    """Seat 1 (1,000 behind) says "call" facing 2,000: it calls all it has, all in (002 Rule
    44-A), owing its 1,000."""
    t = Table(
        {
            "seats": {"1": 1000, "2": 10000, "3": 10000, "4": 10000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    run(t, DEAL4)
    out = run(t, push(4, 1000, 1000), say(1, "call"))
    assert _ruled(out)[-1] == {
        "seat": 1,
        "action": "all-in",
        "to": 1000,
        "owes": 1000,
        "rule": "002 Rule 44-A",
        "text": "call declared: 1000 total",
    }


# ------------------------------------------------------------------ a check out of turn at home


def _home_checked_out_of_turn(stack: int = 10000) -> Table:
    """Profile home (003 Betting and Raising 9): on the flop seat 3 checks out of turn while
    seat 2 is in turn; seat 2 bets 400 (the action changed)."""
    t = Table(
        {
            "rules": "home",
            "seats": {"1": 10000, "2": 10000, "3": stack, "4": 10000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    run(t, DEAL4, push(4, 100, 100), push(1, 100, 100), push(2, 100), {"press": "check"})
    run(t, {"board": ["2h", "7d", "Jc"], "burn": "3h"})
    run(t, say(3, "check"), push(2, 100, 100, 100, 100))
    assert t.to_act() == 3
    return t


def test_003_betting_and_raising_9_a_check_out_of_turn_must_call_not_fold() -> None:
    """003 Betting and Raising 9: seat 3 checked out of turn, then a bet came: its fold is ruled
    a call of the bet."""
    t = _home_checked_out_of_turn()
    out = run(t, say(3, "fold"))
    assert _ruled(out)[-1] == {
        "seat": 3,
        "action": "call",
        "to": 400,
        "owes": 400,
        "rule": "003 Betting and Raising 9",
        "text": "seat 3 checked out of turn: it must call the bet, not fold "
        "(003 Betting and Raising 9)",
    }


def test_003_betting_and_raising_9_a_short_stack_s_forced_call_is_all_in() -> None:
    """The same with seat 3 holding 300 after its blind: the call it must make is all in."""
    t = _home_checked_out_of_turn(stack=500)
    out = run(t, say(3, "fold"))
    ruled = _ruled(out)[-1]
    assert (ruled["action"], ruled["to"], ruled["owes"]) == ("all-in", 300, 300)


def test_003_betting_and_raising_9_a_call_declared_is_a_call() -> None:
    """A seat barred from raising that says "call" calls as declared (003 B&R 9 rules only its
    fold)."""
    t = _home_checked_out_of_turn()
    out = run(t, say(3, "call"))
    assert _ruled(out)[-1]["text"] == "call declared: 400 total"


def test_003_a_fold_declared_by_a_seat_that_did_not_check_out_of_turn_is_a_fold() -> None:
    """At home, seat 4 (no check out of turn) says "fold" facing the bet: a fold (002 Rule
    41-A)."""
    t = _home_checked_out_of_turn()
    run(t, say(3, "call"))
    out = run(t, say(4, "fold"))
    assert _ruled(out)[-1]["action"] == "fold"


def test_003_betting_and_raising_9_the_small_blind_s_forced_call_owes_the_rest() -> None:
    """At home the small blind (100 in) checks out of turn, seat 4 raises to 600: the action
    changed, the small blind must call (003 Betting and Raising 9): its fold is a call to 600,
    owing the 500 beyond its blind."""
    t = Table(
        {
            "rules": "home",
            "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    run(t, DEAL4, say(2, "check"), push(4, 500, 100), {"fold": 1})
    out = run(t, say(2, "fold"))
    ruled = _ruled(out)[-1]
    assert (ruled["action"], ruled["to"], ruled["owes"]) == ("call", 600, 500)


def test_001_vague_bets_an_amount_alone_waits_for_its_chips() -> None:
    """Profile wfp (001 Vague Bets): on the flop seat 2 says "8" alone: hundreds or thousands,
    the chips put out with it decide; said as an amount, and ruled when the chips come."""
    t = Table(
        {
            "rules": "wfp",
            "seats": {"1": 60000, "2": 60000, "3": 60000, "4": 60000},
            "chips": [25, 100, 500, 1000, 5000],
            "button": 1,
            "blinds": [200, 400],
        }
    )
    run(t, DEAL4, push(4, 100, 100, 100, 100), push(1, 100, 100, 100, 100), push(2, 100, 100))
    run(t, {"press": "check"}, {"board": ["2h", "7d", "Jc"], "burn": "3h"})
    out = run(t, say(2, amount=8))
    [declared] = [o for o in out if isinstance(o, Declared)]
    assert (declared.seat, declared.say, declared.amount) == (2, "amount", 8)
    assert declared.text == (
        "seat 2 declared an amount '8': the chips put out with it decide hundreds or "
        "thousands (001 Vague Bets)"
    )
    assert rulings(out) == []
    assert _ruled(run(t, push(2, 5000)))[-1]["to"] == 8000
