"""Bounties (tablectl/tournament/bounties.py): what the mutation run of issue 34 found untested,
each from the module's stated rules (who eliminates, the rounding) and its refusals' words."""

from __future__ import annotations

import pytest

from tablectl.tournament.bounties import (
    Book,
    BountyError,
    BountySetup,
    PotWon,
    eliminators,
    parse_bounty,
    split,
)


def test_a_split_gives_the_units_left_to_the_largest_remainders() -> None:
    """$0.10 split 5 : 2: exactly 7.14 and 2.86 cents; each rounded down (7 and 2), the cent left
    goes to the largest remainder (2.86), not to the larger share."""
    assert split(10, {"a": 5, "b": 2}, 1) == {"a": 7, "b": 3}
    assert split(10, {"b": 2, "a": 5}, 1) == {"b": 3, "a": 7}


def test_a_split_needs_winners_who_took_chips() -> None:
    for weights in ({}, {"a": 0}, {"a": 0, "b": 0}):
        with pytest.raises(BountyError, match=r"^a bounty splits among winners who took chips$"):
            split(100, weights, 1)


def test_the_eliminators_are_the_winners_who_took_chips_first_left_of_the_button() -> None:
    """The button's own seat is the last one clockwise from the seat left of it; a winner that
    took nothing (no chip of the pot) eliminated no one; one chip is chips."""
    pots = [PotWon((3, 5, 8), {3: 700, 5: 300, 8: 0})]
    assert list(eliminators(8, pots, button=3).items()) == [(5, 300), (3, 700)]
    assert list(eliminators(8, pots, button=4).items()) == [(5, 300), (3, 700)]
    assert list(eliminators(8, pots, button=2).items()) == [(3, 700), (5, 300)]
    assert eliminators(8, [PotWon((3, 5, 8), {3: 1000, 5: 0})], button=3) == {3: 1000}
    assert eliminators(8, [PotWon((3, 8), {3: 1, 8: 0})], button=3) == {3: 1}
    with pytest.raises(BountyError, match=r"^the last pot seat 8 was in went to no other seat$"):
        eliminators(8, [PotWon((3, 8), {8: 500, 3: 0})], button=3)


def test_a_bounty_of_one_and_the_house_unit() -> None:
    assert parse_bounty({"kind": "fixed", "amount": 1}) == BountySetup("fixed", 100, 1)
    assert parse_bounty({"kind": "pko", "amount": 5}, unit=1).unit == 1


@pytest.mark.parametrize(
    ("body", "unit", "words"),
    [
        ("pko", 1, 'bounty: {"kind": one of fixed, pko, "amount": money}'),
        (
            {"kind": "pko", "amount": 5, "amt": 5},
            1,
            "bounty: unknown key 'amt' (allowed: kind, amount)",
        ),
        ({"kind": "pko", "amount": "5"}, 1, "bounty.amount must be an amount above 0, got '5'"),
        ({"kind": "pko", "amount": True}, 1, "bounty.amount must be an amount above 0, got True"),
        ({"kind": "pko", "amount": 5}, 0, "the smallest unit of money is at least 1 cent"),
    ],
)
def test_a_bad_bounty_is_refused_in_one_line(body: object, unit: int, words: str) -> None:
    with pytest.raises(BountyError) as err:
        parse_bounty(body, unit)
    assert str(err.value) == words


def test_a_knockout_the_book_cannot_take_is_refused_in_words() -> None:
    """``Book.knockout`` (tests/hand_mutants.py): a player out already, and an eliminator not in
    or the busted player itself, each refused in one line that says which."""
    b = Book(BountySetup("fixed", 5000, 1))
    for e in "ABC":
        b.enter(e)
    b.knockout("C", {"A": 100})
    with pytest.raises(BountyError) as err:
        b.knockout("C", {"A": 100})
    assert str(err.value) == "C has no bounty: not an entry, or out already"
    with pytest.raises(BountyError) as err:
        b.knockout("B", {"B": 100})
    assert str(err.value) == "B cannot eliminate B: not in, or the same"
    assert b.heads == {"A": 5000, "B": 5000} and b.won == {"A": 5000}
