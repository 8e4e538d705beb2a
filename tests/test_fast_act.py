"""The fast paths of the betting actions give exactly what the general code gives (issue 14).

As in tests/test_fast_paths.py: the same events go through a table with the fast paths and
through one where they are switched off (the general code handles everything then), and every
output and every field of the table and of the hand must be the same, for the oracle's random
hands under every house profile, for every scenario file, and for declarations picked to sit just
outside each fast path's conditions (short of the minimum, a shorthand number, betting not
re-opened, a check out of turn, chips already in the zone or pulled back).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fast_trace import DEAL, SETUP, same_both_ways
from oracle import random_hand, script_to_events
from scenario_files import every

from tablectl.engine import actions
from tablectl.engine.events import Event, event_from_obj, parse_line
from tablectl.engine.table import Table

PROFILES = ("tda-2025", "wfp", "roberts", "home")
FLOP = {"board": ["Ah", "Kd", "7c"], "burn": "8s"}


@contextmanager
def _general_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fast paths switched off: each says "not the usual case", the general code runs."""
    with monkeypatch.context() as m:
        m.setattr(actions, "_declared_fast", lambda *args: False)
        m.setattr(actions, "_checked", lambda *args: False)
        yield


def _same(monkeypatch: pytest.MonkeyPatch, setup: dict[str, Any], events: list[Event]) -> list[Any]:
    return same_both_ways(_general_only(monkeypatch), setup, events)


def _same_objs(monkeypatch: pytest.MonkeyPatch, setup: dict[str, Any], objs: list[Any]) -> Any:
    return _same(monkeypatch, setup, [event_from_obj(o) for o in objs])


@pytest.mark.parametrize("rules", PROFILES)
def test_oracle_hands_are_the_same_with_and_without_the_fast_paths(
    monkeypatch: pytest.MonkeyPatch, rules: str
) -> None:
    rng = random.Random(41)
    for _ in range(120):
        objs = script_to_events(random_hand(rng))
        _same_objs(monkeypatch, {**objs[0]["setup"], "rules": rules}, objs[1:])


@pytest.mark.parametrize("path", every(), ids=lambda p: p.name)
def test_scenario_files_are_the_same_with_and_without_the_fast_paths(
    monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    setup = None
    events = []
    for number, line in enumerate(path.read_bytes().splitlines(keepends=True), 1):
        event = parse_line(line, number).event
        if event is None:
            continue
        if setup is None:
            setup = event.body
        else:
            events.append(event)
    assert setup is not None
    _same(monkeypatch, setup, events)


def _declare(seat: int, say: str, amount: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"seat": seat, "say": say}
    if amount is not None:
        body["amount"] = amount
    return {"declare": body}


def _push(seat: int, *chips: int) -> dict[str, Any]:
    return {"push": {"seat": seat, "chips": list(chips)}}


# Pre-flop seat 4 is first; then 1 (button), 2 (small blind), 3 (big blind).
DECLARATIONS: list[list[dict[str, Any]]] = [
    [_declare(4, "raise", 600), _push(4, 500, 100), _declare(1, "all-in")],
    [_declare(4, "raise", 400), _declare(1, "raise", 1000), _declare(2, "raise", 10000)],
    [_declare(4, "raise", 300)],  # short of the minimum raise: corrected (45-A)
    [_declare(4, "raise", 5)],  # a shorthand number (002 Rule 57)
    [_declare(4, "bet", 600)],  # "bet" facing the big blind: a raise total
    [_declare(4, "raise", 20000)],  # more than the seat has: all-in
    [_declare(4, "all-in"), _declare(1, "all-in"), _declare(2, "all-in"), _declare(3, "all-in")],
    # a short all-in does not re-open the betting to the raiser (002 Rule 52-A)
    [
        _declare(4, "raise", 600),
        _declare(1, "all-in"),
        _declare(2, "call"),
        _declare(3, "call"),
        _declare(4, "all-in"),
        _declare(4, "raise", 5000),
    ],
    [
        _push(4, 100, 100),
        _declare(1, "call"),
        _push(1, 100, 100),
        _declare(2, "raise", 800),
        _declare(3, "call"),
        _declare(4, "raise", 1600),
    ],
    [
        _declare(4, "raise", 600),
        _declare(1, "all-in"),
        _declare(2, "call"),
        _declare(3, "call"),
        _declare(4, "raise", 5),  # a number for 002 Rule 57 (or the chips, wfp's chip_size)
        _declare(4, "raise", 5000),
    ],
    # change lying in the zone (handed back or not), then a declaration
    [
        _push(4, 1000),
        _declare(1, "raise", 1000),
        _declare(2, "fold"),
        _declare(3, "fold"),
        _declare(4, "raise", 3000),
    ],
    [
        _push(4, 1000),
        _declare(1, "raise", 1000),
        _declare(2, "fold"),
        _declare(3, "fold"),
        {"pull": {"seat": 4, "chips": [1000]}},
        _push(4, 100, 100),
        _declare(4, "all-in"),
    ],
    [
        _push(4, 5000),
        _declare(1, "all-in"),
        _declare(2, "fold"),
        _declare(3, "fold"),
        _declare(4, "all-in"),
    ],
    # chips already in the zone this street, then a declaration
    [_push(4, 100, 100), _declare(1, "call"), _push(1, 100, 100), _declare(2, "all-in")],
    [_push(4, 500), _declare(1, "all-in")],
    # a check out of turn barring a raise (no_raise, call_only), then the seat declares
    [_declare(1, "check"), _declare(4, "call"), _declare(1, "raise", 1000)],
    [_declare(1, "check"), _declare(4, "raise", 400), _declare(1, "all-in")],
    # pulled back facing a raise (002 Rule 51-B)
    [
        _push(4, 100, 100),
        _push(1, 100, 100),
        _declare(2, "raise", 800),
        _declare(3, "call"),
        {"pull": {"seat": 4, "chips": [100]}},
        _declare(4, "raise", 1600),
    ],
    # post-flop: opening bets, at, under and over the minimum, and all-ins
    [
        _declare(4, "call"),
        _declare(1, "call"),
        _declare(2, "call"),
        {"press": "check"},
        FLOP,
        _declare(2, "bet", 200),
        _declare(3, "raise", 600),
        _declare(4, "all-in"),
        _declare(1, "raise", 5),
    ],
    [
        _declare(4, "call"),
        _declare(1, "fold"),
        _declare(2, "fold"),
        {"press": "check"},
        FLOP,
        _declare(3, "bet", 50),
        _declare(4, "bet", 3),
    ],
    [
        _declare(4, "fold"),
        _declare(1, "fold"),
        _declare(2, "call"),
        {"press": "check"},
        FLOP,
        _declare(2, "bet", 300),
        _push(2, 100, 100, 100),
        _declare(3, "raise", 10000),
    ],
]


@pytest.mark.parametrize("rules", PROFILES)
@pytest.mark.parametrize("events", DECLARATIONS)
def test_declarations_are_the_same_with_and_without_the_fast_path(
    monkeypatch: pytest.MonkeyPatch, rules: str, events: list[dict[str, Any]]
) -> None:
    _same_objs(monkeypatch, {**SETUP, "rules": rules}, [{"deal": DEAL}, *events])
    for stack in (300, 800):  # seat 1 short: its all-in does not re-open the betting (52-A)
        short = {**SETUP, "rules": rules, "seats": {**SETUP["seats"], "1": stack}}
        _same_objs(monkeypatch, short, [{"deal": DEAL}, *events])


def _taken(monkeypatch: pytest.MonkeyPatch, name: str) -> list[bool]:
    """Whether each call of the fast path ``actions.<name>`` took the event, in order."""
    taken: list[bool] = []
    fast = getattr(actions, name)

    def spy(*args: Any) -> bool:
        taken.append(fast(*args))
        return taken[-1]

    monkeypatch.setattr(actions, name, spy)
    return taken


def test_the_usual_declarations_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the comparisons would compare the general code with itself."""
    taken = _taken(monkeypatch, "_declared_fast")
    table = Table(SETUP)
    for obj in [{"deal": DEAL}, _declare(4, "raise", 600), _push(4, 500, 100)]:
        table.apply(event_from_obj(obj))
    table.apply(event_from_obj(_declare(1, "raise", 900)))  # short of the minimum 1,000
    table.apply(event_from_obj(_declare(2, "all-in")))
    assert taken == [True, False, True]


@pytest.mark.parametrize(
    "events",
    [
        [{"press": "check"}],  # no hand yet
        [{"deal": DEAL}, {"press": "check"}],  # seat 4 faces the big blind
        # the option, then no seat in turn
        [{"deal": DEAL}, *[_declare(s, "call") for s in (4, 1, 2)], *[{"press": "check"}] * 2],
        # the hand is awarded
        [{"deal": DEAL}, *[_declare(s, "fold") for s in (4, 1, 2)], {"press": "check"}],
        [{"deal": {**DEAL, "4": ["4c"]}}, {"press": "check"}],  # the deal is short
        [{"deal": DEAL}, {"fold": 4}, {"fold": 3}, {"fold": 1}, {"fold": 2}],
    ],
)
def test_checks_and_folds_are_the_same_with_and_without_the_fast_path(
    monkeypatch: pytest.MonkeyPatch, events: list[dict[str, Any]]
) -> None:
    for rules in PROFILES:
        _same_objs(monkeypatch, {**SETUP, "rules": rules}, events)


def test_the_usual_check_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = _taken(monkeypatch, "_checked")
    table = Table(SETUP)
    for obj in [{"deal": DEAL}, {"press": "check"}, _declare(4, "call"), _declare(1, "call")]:
        table.apply(event_from_obj(obj))
    table.apply(event_from_obj(_declare(2, "call")))
    table.apply(event_from_obj({"press": "check"}))  # the big blind's option
    assert taken == [False, True]
