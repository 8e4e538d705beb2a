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
