"""Bounties (tablectl/tournament/bounties.py): fixed and progressive knockout, the eliminator from
the pots as awarded, a split pot splitting the bounty, the pool paid out to the cent.

PKO as issue 32 states it: half of a busted player's bounty to the eliminator in money, half added
to the eliminator's own head. Worked here: $50 heads; A busts B: A wins $25, A's head $75; C busts
A: C wins $37.50, C's head $50 + $37.50 = $87.50. In whole dollars A's $75 gives $37 money (down
to the unit) and $38 on the head.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablectl.tournament.bounties import (
    Book,
    BountyError,
    BountySetup,
    PotWon,
    eliminators,
    parse_bounty,
    split,
)


def book(kind: str, bounty: int, entries: str = "ABCD", unit: int = 1) -> Book:
    b = Book(BountySetup(kind, bounty, unit))
    for e in entries:
        b.enter(e)
    return b


def test_pko_half_in_money_half_on_the_head() -> None:
    b = book("pko", 5000)
    (pay,) = b.knockout("B", {"A": 12_000})
    assert (pay.money, pay.head) == (2500, 2500) and b.heads["A"] == 7500
    (pay,) = b.knockout("A", {"C": 30_000})
    assert (pay.money, b.heads["C"]) == (3750, 8750)
    assert b.won == {"A": 2500, "C": 3750}


def test_pko_in_whole_dollars_rounds_the_money_half_down_and_the_rest_goes_on_the_head() -> None:
    b = book("pko", 5000, unit=100)
    b.knockout("B", {"A": 1})
    (pay,) = b.knockout("A", {"C": 1})
    assert (pay.money, pay.head) == (3700, 3800)
    assert sum(b.won.values()) + b.outstanding() == b.pool


def test_fixed_the_whole_bounty_to_the_eliminator_and_heads_stay() -> None:
    b = book("fixed", 2000)
    (pay,) = b.knockout("B", {"A": 1})
    assert (pay.money, pay.head, b.heads["A"]) == (2000, 0, 2000)


def test_the_eliminator_wins_the_last_pot_the_busted_player_was_in() -> None:
    # seat 2 (busted) was in the main pot and side pot 1; seat 5 won the main, seat 7 the side
    pots = [
        PotWon((2, 5, 7), {5: 3000}),
        PotWon((2, 7), {7: 2000}),
        PotWon((7, 9), {9: 800}),
    ]
    assert eliminators(2, pots, button=4) == {7: 2000}
    with pytest.raises(BountyError, match="in no pot"):
        eliminators(3, pots, button=4)


def test_a_split_pot_splits_the_bounty_the_odd_unit_to_the_first_left_of_the_button() -> None:
    pots = [PotWon((1, 3, 6), {3: 1500, 6: 1500})]
    order = eliminators(1, pots, button=4)
    assert list(order) == [6, 3]  # 6 is the first left of the button at 4
    b = book("fixed", 2500, "ABC", unit=100)  # $25 in dollars: 12 and 13
    pays = b.knockout("A", {"C": order[6], "B": order[3]})
    assert {p.entry: p.money for p in pays} == {"C": 1300, "B": 1200}
    # uneven shares: 2/3 and 1/3 of $10
    assert split(1000, {"x": 2, "y": 1}, 1) == {"x": 667, "y": 333}


def test_refusals_say_why() -> None:
    b = book("pko", 5000)
    with pytest.raises(BountyError, match="out already"):
        b.knockout("Z", {"A": 1})
    with pytest.raises(BountyError, match="cannot eliminate"):
        b.knockout("B", {"B": 1})
    with pytest.raises(BountyError, match="not the last player"):
        b.finish("A")
    with pytest.raises(BountyError, match="kind"):
        parse_bounty({"kind": "mystery", "amount": 10})
    with pytest.raises(BountyError, match="above 0"):
        parse_bounty({"kind": "pko", "amount": 0})
    assert parse_bounty({"kind": "pko", "amount": 12.5}, unit=100) == BountySetup("pko", 1250, 100)


@given(
    st.sampled_from(["fixed", "pko"]),
    st.integers(2, 30),
    st.sampled_from([1, 100, 500]),
    st.integers(100, 20_000),
    st.integers(0, 2**32),
)
def test_the_bounty_pool_is_paid_out_to_the_cent(
    kind: str, n: int, unit: int, bounty: int, seed: int
) -> None:
    rng = random.Random(seed)
    b = book(kind, bounty, [f"e{i}" for i in range(n)], unit)
    left = list(b.heads)
    while len(left) > 1:
        busted = left.pop(rng.randrange(len(left)))
        winners = rng.sample(left, rng.randint(1, min(3, len(left))))
        b.knockout(busted, {w: rng.randint(1, 5000) for w in winners})
        assert sum(b.won.values()) + b.outstanding() == b.pool
        assert all(v % unit == 0 for v in b.won.values()) or bounty % unit
    b.finish(left[0])
    assert sum(b.won.values()) == b.pool and b.outstanding() == 0
