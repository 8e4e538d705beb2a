"""The evaluator: what the mutation run of tablectl/engine/evaluator.py found unpinned (issue 34,
docs/testing.md)."""

from __future__ import annotations

import pytest

from tablectl.engine.evaluator import evaluate, with_board


@pytest.mark.parametrize(
    ("cards", "named"),
    [
        (["As", "Ks", "Qs", "Js", "1s"], "'1s'"),  # the good cards first: the bad one named
        (["As", "Ks", "Qs", None, "Ts"], "None"),
        (["Ah", "Kh", "Qh", "Jh", "Th", "x", "9h"], "'x'"),
    ],
)
def test_a_card_that_is_no_card_is_named_in_the_error(cards: list[str], named: str) -> None:
    """Bad input gets a clear one-line error: the card read wrong is the one named, not the
    first card of the hand (cards speak, 002 Rule 13: the showdown cannot read it)."""
    prefix = "not a card (rank 23456789TJQKA then suit cdhs): "
    with pytest.raises(ValueError) as e:
        evaluate(cards)
    assert str(e.value) == prefix + named
    with pytest.raises(ValueError) as again:  # the board's cards coded once: the same words
        with_board(cards[2:])(cards[:2])
    assert str(again.value) == prefix + named
