"""The leaner betting bookkeeping gives what the code it replaced gave (issue 14).

- ``flow.return_uncalled`` finds the top bet and the next in one scan: the same seat and amount
  as the sort it replaced (``sorted(..., reverse=True)`` is stable: the first seat to reach the top
  bet), for random bets with ties, zeros, a single bet and a folded top bettor.
- ``Table.apply`` skips the alert-numbering loop when an event has one output that is no alert:
  a single ruling is still the table's last, a single alert is still numbered and opened.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablectl.engine import flow
from tablectl.engine.events import AckEntry, Event
from tablectl.engine.notices import Ack, Returned
from tablectl.engine.outputs import Alert, Ruling
from tablectl.engine.table import Table

SETUP = {
    "rules": "tda-2025",
    "seats": {str(s): 10000 for s in range(1, 10)},
    "button": 1,
    "blinds": [100, 200],
    "ante": 0,
    "chips": [25, 100, 500, 1000, 5000],
}


def _dealt_table() -> Table:
    table = Table(SETUP)
    cards = [r + s for r in "23456789T" for s in "cd"]
    deal = {str(s): [cards[2 * s - 2], cards[2 * s - 1]] for s in range(1, 10)}
    table.apply(Event("deal", deal, None))
    assert table.hand is not None and table.hand.street == "preflop"
    return table


def _by_sort(bets: dict[int, int], folded: set[int]) -> tuple[int, int] | None:
    """The code ``return_uncalled`` had: the seat given back and how much, or None."""
    if not bets:
        return None
    ordered = sorted(bets.items(), key=lambda kv: kv[1], reverse=True)
    top_seat, top = ordered[0]
    second = ordered[1][1] if len(ordered) > 1 else 0
    excess = top - second
    return (top_seat, excess) if excess > 0 and top_seat not in folded else None


@pytest.mark.parametrize("case", range(400))
def test_return_uncalled_matches_the_sort(case: int) -> None:
    rng = random.Random(case)
    table = _dealt_table()
    hand = table.hand
    assert hand is not None
    seats = rng.sample(range(1, 10), rng.randint(0, 9))  # insertion order is part of the case
    amounts = [0, 100, 200, 200, 400, 1000, 2500]
    bets = {s: rng.choice(amounts) for s in seats}
    folded = {s for s in seats if rng.random() < 0.3}
    hand.round.bets = dict(bets)
    hand.folded |= folded
    hand.contributed = dict(bets)
    stacks = {s: table.players[s].stack for s in range(1, 10)}
    out: list[Any] = []
    flow.return_uncalled(table, hand, out)
    expected = _by_sort(bets, folded)
    if expected is None:
        assert out == [] and hand.round.bets == bets
        assert {s: table.players[s].stack for s in range(1, 10)} == stacks
        return
    seat, excess = expected
    assert out == [Returned(f"seat {seat}: uncalled {excess} returned", seat=seat, amount=excess)]
    assert hand.round.bets == {**bets, seat: bets[seat] - excess}
    assert table.players[seat].stack == stacks[seat] + excess
    assert table.felt.give_back[seat] == excess


def test_a_single_ruling_is_the_last() -> None:
    table = _dealt_table()
    seat = table.to_act()
    out = table.apply(Event("fold", seat, None))
    assert len(out) == 1 and type(out[0]) is Ruling
    assert table.last is out[0] and out[0].seat == seat and out[0].action == "fold"
    assert table.console.open_alerts == []


def test_a_single_alert_is_numbered_and_opened() -> None:
    table = _dealt_table()
    seq = table.console.alert_seq
    out = table.apply(
        Event("ack", AckEntry(99), None)
    )  # no alert 99 raised: one alert, nothing else
    assert len(out) == 1 and type(out[0]) is Alert
    assert out[0].id == seq + 1 and table.console.alert_seq == seq + 1
    assert table.console.open_alerts[-1] is out[0]
    last = table.last
    out = table.apply(Event("ack", AckEntry(out[0].id), None))  # a single notice: nothing numbered
    assert len(out) == 1 and type(out[0]) is Ack
    assert (
        table.console.alert_seq == seq + 1
        and table.console.open_alerts == []
        and table.last is last
    )
