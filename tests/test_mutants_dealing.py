"""Deal rules the mutation run of tablectl/engine/dealing.py found unpinned (issue 34,
docs/testing.md): each test is written from the rule it names, through ``Table.apply``."""

from __future__ import annotations

from test_actions import alerts, run
from test_cards import card

from tablectl.engine.dealing import stops_play
from tablectl.engine.table import Table


def _six(rules: str = "tda-2025") -> Table:
    """Six seats of 10,000, 100/200, button 1: dealt (seat 4 first to act)."""
    t = Table(
        {
            "rules": rules,
            "seats": {str(s): 10000 for s in range(1, 7)},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    deal = {str(s): [f"{r}c", f"{r}d"] for s, r in zip(range(1, 7), "234567", strict=True)}
    run(t, {"deal": deal})
    return t


def test_002_rule_37_three_actions_without_chips_are_substantial() -> None:
    """002 Rule 37: any three actions in turn are substantial action, chips or none, so a card
    then read at an empty seat is taken away and the hand goes on (36-D); after two folds it
    is still a misdeal (36-A(3))."""
    t = _six()
    out = run(t, {"fold": 4}, {"fold": 5}, card("Ah", 8))
    assert [a.kind for a in alerts(out)] == ["misdeal"]
    t = _six()
    out = run(t, {"fold": 4}, {"fold": 5}, {"fold": 6}, card("Ah", 8))
    [void] = alerts(out)
    assert (void.kind, void.rule, void.seat) == ("action_void", "002 Rule 36-D", 8)
    assert t.hand is not None and t.hand.deal.redeals == 0 and t.to_act() == 1


def test_002_rule_36c_only_a_re_deal_stops_play() -> None:
    """The dealer screen and the bots stop the hand on an alert that orders the same hand dealt
    again (a misdeal, 002 Rule 36-C), not on any other alert of the deal."""
    t = _six()
    [misdeal] = alerts(run(t, card("Ah", 8)))
    assert misdeal.kind == "misdeal" and stops_play(misdeal)
    t = _six()
    [void] = alerts(run(t, {"fold": 4}, {"fold": 5}, {"fold": 6}, card("Ah", 8)))
    assert not stops_play(void)
