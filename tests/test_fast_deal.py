"""The per-hand fast paths that are not betting (issue 14, speed round 4): the table's setup, the
``deal``, the ``board`` and the award give exactly what the general code gives.

As in tests/test_fast_paths.py: the same events go through a table with the fast paths and
through one where they are switched off (the general code handles everything then), and every
output and every field of the table and of the hand must be the same, for the oracle's random
hands and for cases picked to sit just outside each fast path's conditions.
"""

from __future__ import annotations

from typing import Any

import pytest
from fast_trace import CHECKS, DEAL, FLOP, PREFLOP, SETUP, card_fast_paths_off, same_both_ways

_general_only = card_fast_paths_off  # the usual deal and board switched off


def _same(monkeypatch: pytest.MonkeyPatch, setup: dict[str, Any], objs: list[Any]) -> list[Any]:
    return same_both_ways(_general_only(monkeypatch), setup, objs)


@pytest.mark.parametrize(
    "before",
    [
        [{"seat": {"seat": 3, "status": "absent"}}],  # its hand dies when the deal ends (31)
        [{"seat": {"seat": 2, "status": "penalty"}}],  # dealt in and killed (67-C)
        [{"seat": {"seat": 4, "status": "absent"}}, {"seat": {"seat": 1, "status": "penalty"}}],
        [{"seat": {"seat": 3, "status": "absent"}}, {"seat": {"seat": 3, "status": "present"}}],
    ],
)
def test_whole_deal_with_absent_and_penalized_seats_is_the_same(
    monkeypatch: pytest.MonkeyPatch, before: list[dict[str, Any]]
) -> None:
    after = [{"push": {"seat": 4, "chips": [100, 100]}}, {"fold": 1}, {"press": "check"}]
    trace = _same(monkeypatch, SETUP, [*before, {"deal": DEAL}, *after])
    if before[-1]["seat"]["status"] != "present":
        assert "dead_hand" in str(trace[2 * len(before) + 1])  # the deal event killed it


def test_whole_deal_when_the_blinds_end_the_betting_is_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Blinds that put every seat all-in: the betting is over before a card is dealt."""
    short = {**SETUP, "seats": {"1": 200, "2": 100}, "button": 1}
    for seats in ({"1": ["2c", "2d"], "2": ["3c", "3d"]}, {"2": ["3c", "3d"], "1": ["2c", "2d"]}):
        _same(monkeypatch, short, [{"deal": seats}, {"board": ["Ah", "Kd", "7c"], "burn": "8s"}])
    absent = [{"seat": {"seat": 2, "status": "absent"}}]
    _same(monkeypatch, short, [*absent, {"deal": {"1": ["2c", "2d"], "2": ["3c", "3d"]}}])


def test_whole_deal_after_a_misdeal_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand dealt again (same number): the deal of the re-dealt hand takes the fast path."""
    misdealt = {**DEAL, "4": ["4c"]}
    absent = [{"seat": {"seat": 3, "status": "absent"}}]
    _same(monkeypatch, SETUP, [*absent, {"deal": misdealt}, {"deal": DEAL}, {"fold": 4}])


@pytest.mark.parametrize("button", [1, 2, 3, 4, 7, 10])
def test_whole_deal_order_round_the_button_is_the_same(
    monkeypatch: pytest.MonkeyPatch, button: int
) -> None:
    seats = {"2": 5000, "4": 5000, "7": 5000, "10": 5000}
    deal = {"10": ["Tc", "Td"], "2": ["2c", "2d"], "7": ["7c", "7d"], "4": ["4c", "4d"]}
    _same(monkeypatch, {**SETUP, "seats": seats, "button": button}, [{"deal": deal}])


TURN = {"board": ["2h"], "burn": "9s"}
RIVER = {"board": ["3h"], "burn": "Ts"}


@pytest.mark.parametrize(
    "events",
    [
        [FLOP, *CHECKS, TURN, *CHECKS, RIVER, *CHECKS],
        # two burns before the flop: the extra one is the turn's (a burn credit)
        [{"card": "9c", "zone": "burn"}, FLOP, *CHECKS, TURN, *CHECKS, RIVER],
        # a burn read before the street's board event: two burns pending at the turn
        [FLOP, *CHECKS, {"card": "9c", "zone": "burn"}, TURN, *CHECKS, RIVER],
        # the turn dealt before the flop's betting closed (premature; wfp: the next street
        # needs another burn and the one after none)
        [FLOP, TURN, *CHECKS, TURN, *CHECKS, RIVER, *CHECKS],
        [FLOP, *CHECKS, {"board": ["2h"], "burn": "9s"}, RIVER, *CHECKS, RIVER],
    ],
)
def test_whole_street_burns_are_the_same(
    monkeypatch: pytest.MonkeyPatch, events: list[dict[str, Any]]
) -> None:
    for rules in ("tda-2025", "wfp", "roberts", "home"):
        _same(monkeypatch, {**SETUP, "rules": rules}, [*PREFLOP, *events])
