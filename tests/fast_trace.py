"""Holding a fast path to the general code (issue 14): the same events through a table as it is
and through one with the fast paths switched off, every output and every field compared.

Shared by tests/test_fast_paths.py and test_fast_deal.py;
each switches off its own fast paths.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import pytest

from tablectl.engine import cards
from tablectl.engine.events import Event, ScenarioError, event_from_obj
from tablectl.engine.state import TableState
from tablectl.engine.table import Table

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000},
    "button": 1,
    "blinds": [100, 200],
    "ante": 0,
    "chips": [25, 100, 500, 1000, 5000],
}
DEAL = {"2": ["2c", "2d"], "3": ["3c", "3d"], "4": ["4c", "4d"], "1": ["5c", "5d"]}

# Pre-flop closed: seat 4 calls, seat 1 folds, seat 2 completes, seat 3 checks its option.
PREFLOP: list[dict[str, Any]] = [
    {"deal": DEAL},
    {"push": {"seat": 4, "chips": [100, 100]}},
    {"fold": 1},
    {"push": {"seat": 2, "chips": [100]}},
    {"press": "check"},
]
CHECKS = [{"press": "check"}] * 3
FLOP = {"board": ["Ah", "Kd", "7c"], "burn": "8s"}


def table_state(table: Table) -> dict[str, Any]:
    """Every attribute of the table, the hand's fields one by one (repr: the values compared)."""
    state = {k: repr(getattr(table, k)) for k in TableState.__slots__ if k != "hand"}
    hand = table.hand
    if hand is not None:
        state.update(
            {f"hand.{f.name}": repr(getattr(hand, f.name)) for f in dataclasses.fields(hand)}
        )
    return state


def trace(
    setup: dict[str, Any], events: Sequence[Event | dict[str, Any]], skip_refused: bool = False
) -> list[Any]:
    """The table's state after setup, then each event's outputs and the state after it. A line
    given as an object is made an Event first; ``skip_refused`` passes over one the parser
    refuses (a generator's nonsense, never seen by the engine) instead of failing."""
    table = Table(setup)
    steps: list[Any] = [table_state(table)]
    for item in events:
        if isinstance(item, Event):
            event = item
        else:
            try:
                event = event_from_obj(item)
            except ScenarioError:
                if not skip_refused:
                    raise
                continue
        steps.append([repr(o) for o in table.apply(event)])
        steps.append(table_state(table))
    return steps


@contextmanager
def card_fast_paths_off(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The usual deal and the usual board switched off: each says "not the usual case", and the
    card-by-card code runs."""
    with monkeypatch.context() as m:
        m.setattr(cards, "_whole_deal", lambda *args: False)
        m.setattr(cards, "_whole_street", lambda *args: False)
        yield


def same_both_ways(
    off: AbstractContextManager[object],
    setup: dict[str, Any],
    events: Sequence[Event | dict[str, Any]],
) -> list[Any]:
    """The trace as the table is and with ``off`` (fast paths switched off) in force: they must
    be equal. Returns the first."""
    fast = trace(setup, events)
    with off:
        general = trace(setup, events)
    assert fast == general
    return fast
