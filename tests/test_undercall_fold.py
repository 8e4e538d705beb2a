"""An undercaller whose undercall closed the betting, then let fold (002 Rule 44-B).

The floor may let a multi-way undercaller of a raise fold, leaving in the pot the chips that
matched the earlier bet (002 Rule 44-B; Addendum Rule 44 Ex. 1, 4; Robert's 004 Betting and
Raising 13 likewise). When the undercaller was the last to act, its undercall closed the round:
its fold then must still take back what it never owed, not forfeit the full call its ruling put
on the ledger (it lost 400 more than the rule says before this was fixed).
"""

from __future__ import annotations

import pytest
from test_actions import push, rulings, run
from test_mutants import DEAL4, _table

from tablectl.engine.table import Table


def _bb_undercalls(rules: str, callers: int) -> Table:
    """Seat 4 raises to 600 pre-flop, ``callers`` of seats 1 call, the small blind folds and the big
    blind (seat 3) undercalls with one 100 chip onto its 200: 300 of 600, owing 300."""
    t = _table(rules, {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, push(4, 500, 100))
    run(t, push(1, 500, 100) if callers else {"fold": 1})
    run(t, {"fold": 2}, push(3, 100))
    assert t.hand.to_act is None and t.hand.betting.forfeit == {3: 200}  # the round closed on it
    return t


def test_002_rule_44b_multiway_undercaller_folds_after_closing_the_round() -> None:
    t = _bb_undercalls("tda-2025", callers=1)
    out = run(t, {"fold": 3})
    [r] = rulings(out)
    assert (r.seat, r.action, r.to, r.returned, r.rule) == (3, "fold", 200, 100, "002 Rule 44-B")
    assert r.text == "the undercaller folds: 200 stays in the pot, 100 is handed back"
    # 200 forfeited of its 10,000; seats 1 and 4 go on to the flop with 600 each in
    assert t.stacks() == {1: 9400, 2: 9900, 3: 9800, 4: 9400}
    assert t.chips_total() == 40000 and sum(p.amount for p in t.pots()) == 1500
    assert t.hand.street == "preflop" and 3 in t.hand.folded


def test_roberts_undercaller_folds_heads_up_the_raise_is_returned() -> None:
    """Robert's makes an undercall of a raise correct, but the floor may let the chips be
    withdrawn (004 Betting and Raising 13): the big blind folds leaving its 200 blind, and the
    raiser's uncalled 400 goes back to it (002 Rule 64-A) before it wins the pot."""
    t = _bb_undercalls("roberts", callers=0)
    out = run(t, {"fold": 3})
    [r] = rulings(out)
    assert (r.to, r.returned) == (200, 100)
    assert r.text == "the undercaller folds: 200 stays in the pot, 100 is handed back"
    returned = [o for o in out if getattr(o, "kind", "") == "returned"]
    assert [o.body() for o in returned] == [{"seat": 4, "amount": 400}]
    assert t.stacks() == {1: 10000, 2: 9900, 3: 9800, 4: 10300}


def test_002_rule_44b_floor_folds_the_undercall_after_the_round_closed() -> None:
    t = _bb_undercalls("tda-2025", callers=1)
    run(t, {"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "fold"}}})
    assert t.stacks() == {1: 9400, 2: 9900, 3: 9800, 4: 9400}


def test_002_rule_44b_undercaller_completing_after_the_round_closed() -> None:
    """The other choice: the full call. The 300 it owes completes the call; nothing is back."""
    t = _bb_undercalls("tda-2025", callers=1)
    run(t, push(3, 100, 100, 100))
    assert t.hand.betting.owes == {} and t.stacks() == {1: 9400, 2: 9900, 3: 9400, 4: 9400}
    assert sum(p.amount for p in t.pots()) == 1900


def _river_closed_on_an_undercall() -> Table:
    """Four seats check to the river; seat 3 bets 600, seat 4 raises to 1,800, seat 1 calls,
    seat 2 folds, and seat 3 puts out 600 more: an undercall (1,200 of 1,800) that closes the
    river's betting (002 Rule 44-B)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, push(4, 100, 100), push(1, 100, 100), push(2, 100), {"press": "check"})
    for board, burn in ((["2h", "5c", "9d"], "3c"), (["Tc"], "4c")):
        run(t, {"board": board, "burn": burn}, *[{"press": "check"}] * 4)
    run(t, {"board": ["Jh"], "burn": "4d"}, {"press": "check"}, push(3, 500, 100))
    run(t, push(4, 1000, 500, 100, 100, 100), push(1, 1000, 500, 100, 100, 100), {"fold": 2})
    run(t, push(3, 500, 100))
    return t


@pytest.mark.parametrize(
    "fold", [{"fold": 3}, {"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "fold"}}}]
)
def test_002_rule_44b_undercall_closing_the_river_then_folded_at_the_showdown(
    fold: dict[str, object],
) -> None:
    """The river's betting closed on seat 3's undercall (1,200 of 1,800) and the showdown began:
    its fold there (or the floor's) is still the other choice: 600 stays, 600 is handed back."""
    t = _river_closed_on_an_undercall()
    assert t.hand.street == "showdown" and t.hand.betting.forfeit == {3: 600}
    [r] = rulings(run(t, fold))
    assert r.text == "the undercaller folds: 600 stays in the pot, 600 is handed back"
    assert t.stacks() == {1: 8000, 2: 9800, 3: 9200, 4: 8000}
    assert t.hand.street == "showdown" and t.hand.live() == [1, 4]


def test_002_rule_18_b_undercaller_folding_after_the_others_tabled_ends_the_showdown() -> None:
    """As above, but seats 1 and 4 table their hands before seat 3's fold (the floor's other
    choice, 002 Rule 44-B): the fold leaves only tabled hands, so the pot is awarded there and
    then (002 Rule 18-B), to seat 1's pair of jacks over seat 4's queen high."""
    t = _river_closed_on_an_undercall()
    for seat, card in ((1, "Js"), (1, "5s"), (4, "Qs"), (4, "6s")):
        run(t, {"card": card, "zone": f"seat:{seat}", "face": "up"})
    assert t.hand.street == "showdown"
    run(t, {"fold": 3})
    assert t.street == "over" and t.hand.showdown.won.get(1, 0) > 0
    assert t.hand.showdown.won.get(4, 0) == 0 and t.stacks()[3] == 9200
