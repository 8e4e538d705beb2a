"""The engine's fast paths for the usual case give exactly what the general code gives (issue 14).

Each fast path says what it skips and why that is safe; these tests hold it to that: the same
events go through a table with the fast path and through one where the fast path is switched off
(the general code handles everything then), and every output and every field of the table and
of the hand must be the same, for the oracle's random hands and for irregular ones picked to sit
just outside each fast path's conditions (a card twice, a joker, a seat short or left out, a
third card, a seat with no hand, an earlier read).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fast_trace import CHECKS, DEAL, FLOP, PREFLOP, SETUP, card_fast_paths_off, same_both_ways
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import random_hand, script_to_events

from tablectl.engine import cards, evaluator
from tablectl.engine.evaluator import evaluate, with_board
from tablectl.engine.events import event_from_obj
from tablectl.engine.pots import Pot, build_pots, split_pot
from tablectl.engine.table import Table

_general_only = card_fast_paths_off  # the usual deal and board switched off


def _same(monkeypatch: pytest.MonkeyPatch, setup: dict[str, Any], objs: list[Any]) -> list[Any]:
    return same_both_ways(_general_only(monkeypatch), setup, objs)


@pytest.mark.parametrize("seed", [14, 41])  # 41: the hands round 4's deal and award work ran
def test_oracle_hands_are_the_same_with_and_without_the_fast_paths(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        objs = script_to_events(random_hand(rng))
        _same(monkeypatch, objs[0]["setup"], objs[1:])


@pytest.mark.parametrize(
    "deal",
    [
        DEAL,
        {**DEAL, "3": ["3c", "2c"]},  # a card twice: the deck is fouled
        {**DEAL, "3": ["3c", "3c"]},  # a card twice at one seat
        {**DEAL, "4": ["??", "4d"]},  # a joker: a misdeal before substantial action
        {**DEAL, "4": ["4c"]},  # a seat short: a misdeal
        {k: v for k, v in DEAL.items() if k != "3"},  # a seat dealt out
        {**DEAL, "1": ["5c", "5d", "6c"]},  # a third card
        {**DEAL, "5": ["6c", "6d"]},  # a seat with no hand
        {**DEAL, "2": []},  # a seat listed with no card
    ],
)
def test_deal_shorthand_is_the_same_as_card_by_card(
    monkeypatch: pytest.MonkeyPatch, deal: dict[str, list[str]]
) -> None:
    trace = _same(monkeypatch, SETUP, [{"deal": deal}, {"push": {"seat": 4, "chips": [100, 100]}}])
    if deal is DEAL:
        assert "Alert" not in str(trace[1])  # the usual deal: no ruling, the fast path taken


@pytest.mark.parametrize(
    "before",
    [
        [{"card": "2c", "zone": "seat:2", "face": "down"}],  # a card already read
        [{"card": "9h", "zone": "muck", "face": "up"}],  # a boxed card on the deal
        [{"card": "2c", "zone": "seat:2", "face": "up"}],  # an exposed card
    ],
)
def test_deal_after_earlier_reads_is_the_same(
    monkeypatch: pytest.MonkeyPatch, before: list[dict[str, Any]]
) -> None:
    _same(monkeypatch, SETUP, [*before, {"deal": DEAL}])


def test_deal_for_other_profiles_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    for rules in ("wfp", "roberts", "home"):
        _same(monkeypatch, {**SETUP, "rules": rules}, [{"deal": DEAL}])
        _same(monkeypatch, {**SETUP, "rules": rules}, [{"deal": {**DEAL, "1": ["5c", "5d", "6c"]}}])


@pytest.mark.parametrize(
    "events",
    [
        [FLOP, *CHECKS, {"board": ["2h"], "burn": "9s"}, *CHECKS, {"board": ["3h"], "burn": "Ts"}],
        [{"board": ["Ah", "Kd", "7c"]}],  # no burn
        [{"board": ["Ah", "Kd", "7c"], "burn": "2c"}],  # the burn is a hole card
        [{"board": ["Ah", "Kd", "7c"], "burn": "Ah"}],  # the burn is on the board too
        [{"board": ["Ah", "Kd", "2c"], "burn": "8s"}],  # a board card in a hand
        [{"board": ["Ah", "Kd", "Ah"], "burn": "8s"}],  # a board card twice
        [{"board": ["Ah", "Kd", "7c", "6c"], "burn": "8s"}],  # four cards on the flop
        [{"board": ["Ah", "Kd"], "burn": "8s"}],  # two: the flop is not complete
        [{"board": ["Ah", "??", "7c"], "burn": "8s"}],  # a scrap of paper
        [{"board": ["Ah", "Kd", "7c"], "burn": "??"}],  # a scrap burned
        [{"card": "9s", "zone": "burn"}, FLOP],  # two burns
        [FLOP, {"board": ["2h"], "burn": "9s"}],  # the turn before the betting closed
        [FLOP, *CHECKS, {"board": ["2h", "3h"], "burn": "9s"}],  # two turn cards
        [FLOP, *CHECKS, {"card": "Ah", "zone": "burn"}, {"board": ["2h"], "burn": "9s"}],
        [FLOP, *CHECKS, {"board": ["2h"], "burn": "8s"}],  # last street's burn again
    ],
)
def test_board_shorthand_is_the_same_as_card_by_card(
    monkeypatch: pytest.MonkeyPatch, events: list[dict[str, Any]]
) -> None:
    for rules in ("tda-2025", "wfp", "home"):
        _same(monkeypatch, {**SETUP, "rules": rules}, [*PREFLOP, *events])


def test_board_before_the_betting_closed_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    _same(monkeypatch, SETUP, [PREFLOP[0], FLOP, *PREFLOP[1:], FLOP])  # premature, then again
    _same(monkeypatch, SETUP, [FLOP, {"deal": DEAL}])  # no hand yet


def test_the_usual_deal_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the comparisons would compare the general code with itself."""
    taken: list[bool] = []
    whole_deal = cards._whole_deal

    def spy(*args: Any) -> bool:
        taken.append(whole_deal(*args))
        return taken[-1]

    monkeypatch.setattr(cards, "_whole_deal", spy)
    Table(SETUP).apply(event_from_obj({"deal": DEAL}))
    Table(SETUP).apply(event_from_obj({"deal": {**DEAL, "4": ["4c"]}}))
    assert taken == [True, False]


def test_the_usual_board_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    taken: list[bool] = []
    whole_street = cards._whole_street

    def spy(*args: Any) -> bool:
        taken.append(whole_street(*args))
        return taken[-1]

    monkeypatch.setattr(cards, "_whole_street", spy)
    table = Table(SETUP)
    for obj in [*PREFLOP, FLOP, *CHECKS, {"board": ["2h"]}]:
        table.apply(event_from_obj(obj))
    assert taken == [True, False]


# ------------------------------------------------------------------ pots and hand values


def _pots_by_definition(
    contributed: dict[int, int], live: set[int], dead_money: int = 0
) -> list[Pot]:
    """build_pots as first written (001 "Side Pots"), a pass over every seat for each level: the
    reference the bisecting version must equal."""
    ordered = sorted(live)
    levels = sorted({contributed.get(s, 0) for s in ordered})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributed.values() if c > prev)
        if amount:
            seats = tuple(s for s in ordered if contributed.get(s, 0) >= level)
            if pots and pots[-1].seats == seats:
                pots[-1] = Pot(pots[-1].amount + amount, seats)
            else:
                pots.append(Pot(amount, seats))
        prev = level
    excess = sum(c - prev for c in contributed.values() if c > prev)
    if excess and pots:
        pots[-1] = Pot(pots[-1].amount + excess, pots[-1].seats)
    if dead_money:
        if pots:
            pots[0] = Pot(pots[0].amount + dead_money, pots[0].seats)
        else:
            pots.append(Pot(dead_money, tuple(ordered)))
    return pots


@settings(max_examples=400, deadline=None)
@given(
    st.dictionaries(st.integers(1, 10), st.integers(-50, 1000), max_size=10),
    st.sets(st.integers(1, 10)),
    st.integers(0, 300),
)
def test_build_pots_is_the_per_seat_definition(
    contributed: dict[int, int], live: set[int], dead_money: int
) -> None:
    """Live seats missing from the contributions, zero and even negative figures included."""
    assert build_pots(contributed, live, dead_money) == _pots_by_definition(
        contributed, live, dead_money
    )


def test_split_pot_single_winner_takes_everything() -> None:
    assert split_pot(130, [4], button=1, unit=25) == {4: 130}  # the odd 5 too
    assert split_pot(-30, (4,), button=1, unit=25) == {4: -30}  # as divmod splits it


_DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@settings(max_examples=300, deadline=None)
@given(st.permutations(_DECK), st.integers(3, 5), st.integers(0, 4))
def test_with_board_is_evaluate(deck: list[str], board_size: int, hole_size: int) -> None:
    board, hole = deck[:board_size], deck[board_size : board_size + hole_size]

    def result(f: Any) -> Any:
        try:
            return f()
        except ValueError as exc:
            return str(exc)

    value = with_board(board)
    assert result(lambda: value(hole)) == result(lambda: evaluate([*hole, *board]))
    twice = [hole[0], board[0]] if hole else [board[0], board[1]]
    assert result(lambda: value(twice)) == result(lambda: evaluate([*twice, *board]))


def test_with_board_refuses_what_evaluate_refuses() -> None:
    board = ["As", "Kd", "7h"]
    for hole in (["Zz", "2c"], ["As", "2c"], ["2c"], [None, "2c"], ["2c", "3c", "4c", "5c", "6c"]):
        with pytest.raises(ValueError) as fast:
            with_board(board)(hole)
        with pytest.raises(ValueError) as general:
            evaluate([*hole, *board])
        assert str(fast.value) == str(general.value)
    with pytest.raises(ValueError, match="not a card"):
        with_board(["As", "Kd", "Xx"])(["2c", "3c"])


def test_describe_is_worked_out_once_and_the_same() -> None:
    """describe keeps its words by the value's top 12 bits: every hand value says what it said."""
    values = {v for v in evaluator._RANK.values()} | {v for v in evaluator._FLUSH if v}
    assert len(values) == 7462
    for v in sorted(values):
        assert evaluator.describe(v) == evaluator._words(v)
    for bad in (-1, 9 << 20, (3 << 20) | (13 << 16), (3 << 20) | (2 << 16) | (14 << 12)):
        for _ in range(2):  # never cached: it raises every time, naming the value
            with pytest.raises(ValueError, match=f"^{bad!r} is not a hand value$"):
                evaluator.describe(bad)
