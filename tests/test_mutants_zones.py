"""The bet zone as the ledger knows it: what the mutation run of tablectl/engine/zones.py found
unpinned (issue 34, docs/testing.md), written from the rule through ``Table.apply``."""

from __future__ import annotations

from test_actions import DEAL4, push, rulings, run, table


def test_002_rule_51c_an_all_in_declared_over_change_in_the_zone_counts_the_change() -> None:
    """Seat 4 calls 200 with a 1,000 chip: 800 change lies in its zone, to be handed back.
    Raised to 1,200, it declares all-in before the change is handed back: the zone's chips
    are its bet (002 Rules 41-A, 51-C): the 1,000 chip is in the all-in, it owes the 9,000 of
    its stack, and no change is handed back any more."""
    t = table()
    run(t, DEAL4, push(4, 1000))
    assert t.felt.give_back == {4: 800}
    run(t, push(1, 1000, 100, 100), {"fold": 2}, {"fold": 3})
    [ruled] = rulings(run(t, {"declare": {"seat": 4, "say": "all-in"}}))
    assert (ruled.action, ruled.to, ruled.owes) == ("all-in", 10000, 9000)
    assert ruled.text == "All-in declared: 10,000 in all. The seat owes 9,000 more."
    assert t.felt.give_back == {}


def test_004_b_r_7_a_chip_not_in_play_left_in_the_zone_is_handed_back_with_the_call() -> None:
    """Seat 4, first to act, pushes a 50 (no denomination in play: 004 Betting and Raising 7):
    no action, the chip to hand back. It then pushes 200 before the chip is handed back: the
    50 lying in the zone is no bet (002 Rule 51-C-1: the new chips are read): a call of 200,
    the 50 still to hand back."""
    t = table()
    run(t, DEAL4)
    [void] = [a for a in run(t, push(4, 50)) if getattr(a, "kind", "") == "action_void"]
    assert "chips worth 50 are not a denomination in play" in void.text
    [ruled] = rulings(run(t, push(4, 100, 100)))
    assert (ruled.action, ruled.to) == ("call", 200)
    assert ruled.text.endswith("Return 50 to the seat.")
    assert t.felt.give_back == {4: 50} and t.to_act() == 1
