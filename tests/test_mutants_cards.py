"""The cards as read: what the mutation run of tablectl/engine/cards.py found unpinned (issue 34,
docs/testing.md), written from the rule through ``Table.apply``.

The fast paths (the usual ``deal`` and ``board`` in one step, issue 14) are held to the general
code as in tests/test_fast_deal.py: the same events with and without them, every output and every
field the same, for hands that sit just outside each fast path's conditions.
"""

from __future__ import annotations

from typing import Any

import pytest
from fast_trace import CHECKS, DEAL, FLOP, PREFLOP, SETUP, card_fast_paths_off, same_both_ways

_MISDEAL = {"deal": {**DEAL, "4": ["4c"]}}  # a seat short: the same hand is dealt again (36-C)


def _same(monkeypatch: pytest.MonkeyPatch, setup: dict[str, Any], objs: list[Any]) -> list[Any]:
    return same_both_ways(card_fast_paths_off(monkeypatch), setup, objs)


@pytest.mark.parametrize(
    ("rules", "before"),
    [
        # 000 Irregularities 7 (wfp): a joker as the first card is replaced, one card owed
        ("wfp", [{"card": "??", "zone": "seat:2", "face": "down"}]),
        # the re-dealt hand (002 Rule 36-C): a card of the deal mucked, burned, or read in play
        ("tda-2025", [_MISDEAL, {"card": "2c", "zone": "muck", "face": "down"}]),
        ("tda-2025", [_MISDEAL, {"card": "2c", "zone": "burn"}]),
        ("tda-2025", [_MISDEAL, {"card": "9h", "zone": "burn"}]),
        # a hand started from the console, played to the flop with no card read (002 Rule 1)
        ("tda-2025", [{"press": "new_hand"}, *PREFLOP[1:], {"board": ["Ah", "Kd", "7c"]}]),
    ],
)
def test_a_deal_after_earlier_reads_is_the_same_either_way(
    monkeypatch: pytest.MonkeyPatch, rules: str, before: list[dict[str, Any]]
) -> None:
    _same(monkeypatch, {**SETUP, "rules": rules}, [*before, {"deal": DEAL}])


def test_a_turn_of_seven_cards_is_the_same_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seven cards put out for the turn: the first is the turn, the rest come before the betting
    closed (002 RP-5) or on a full board: card by card either way, never the usual street."""
    board = {"board": ["9c", "Td", "Jd", "Qd", "2h", "3h", "4h"], "burn": "8d"}
    _same(monkeypatch, SETUP, [*PREFLOP, FLOP, *CHECKS, board])
