"""The usual push's fast path (reading.read_silent) rules exactly as chip reading does (issue 14).

read_silent reads a silent push in turn without a BetSituation; for anything outside its case
it says None and read_chips rules. Two checks hold it to that: every ruling it gives is compared
field by field with read_chips' Reading for the same moment (a spy around it, over the oracle's
hands and over random irregular streams under every house profile), and the same events played
with it switched off give the same outputs and the same table, field by field.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from fast_trace import trace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import random_hand, script_to_events

from tablectl.engine import actions, reading
from tablectl.engine.events import event_from_obj
from tablectl.engine.profiles import CHOICES, PROFILES
from tablectl.engine.table import Table

DEAL = {"1": ["5c", "5d"], "2": ["2c", "2d"], "3": ["3c", "3d"], "4": ["4c", "4d"]}
BOARDS = (
    {"board": ["Ah", "7s", "8d"], "burn": "Kd"},
    {"board": ["9h"], "burn": "Kc"},
    {"board": ["Th"], "burn": "Ks"},
)


def _run(setup: dict[str, Any], objs: list[dict[str, Any]]) -> list[Any]:
    return trace(setup, objs, skip_refused=True)


class _Spy:
    """read_silent, each ruling it gives checked against read_chips on the same moment."""

    def __init__(self) -> None:
        self.fast = 0  # rulings read_silent gave
        self.general = 0  # pushes it left to read_chips

    def __call__(
        self, table: Table, hand: Any, seat: int, chips: Sequence[int], prior: Sequence[int]
    ) -> reading.Ruled | None:
        ruled = reading.read_silent(table, hand, seat, chips, prior)
        if ruled is None:
            self.general += 1
            return None
        self.fast += 1
        r = reading.read_chips(table, hand, seat, list(chips), None, prior, ())
        assert ruled == (r.action, r.to, r.owes, r.returned, r.rule, r.text)
        assert (r.alert, r.forfeit, r.undercall) == (None, 0, False)
        return ruled


@contextmanager
def _spied(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Spy]:
    spy = _Spy()
    with monkeypatch.context() as m:
        m.setattr(actions, "read_silent", spy)
        yield spy


def _same(monkeypatch: pytest.MonkeyPatch, setup: dict[str, Any], objs: list[Any]) -> _Spy:
    """The events played with the fast path (spied) and without it: the same, field by field."""
    with _spied(monkeypatch) as spy:
        fast = _run(setup, objs)
    with monkeypatch.context() as m:
        m.setattr(actions, "read_silent", lambda *args: None)
        general = _run(setup, objs)
    assert fast == general
    return spy


def test_oracle_hands_read_the_same_with_and_without_the_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(14)
    fast = general = 0
    for _ in range(120):
        objs = script_to_events(random_hand(rng))
        spy = _same(monkeypatch, objs[0]["setup"], objs[1:])
        fast, general = fast + spy.fast, general + spy.general
    assert fast > 200  # the usual push does take the fast path
    assert general == 0  # the oracle's silent pushes are all its case


def test_the_usual_silent_call_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = {
        "rules": "tda-2025",
        "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000},
        "button": 1,
        "blinds": [100, 200],
        "chips": [25, 100, 500, 1000, 5000],
    }
    spy = _same(monkeypatch, setup, [{"deal": DEAL}, {"push": {"seat": 4, "chips": [100, 100]}}])
    assert (spy.fast, spy.general) == (1, 0)


# Random irregular streams: short stacks, odd chips, pulls, zone snapshots, declarations, checks
# and folds out of turn, under every house profile with some of its chip-reading options changed;
# the seat in turn acts most of the time.
_CHIPS = st.sampled_from([[25, 100, 500, 1000, 5000], [1, 5, 25, 100], [100, 500, 1000]])
_OPTIONS = ("multi_chip", "raise_threshold", "blind_chips", "oot_check", "reopen", "min_raise")


@st.composite
def _setups(draw: st.DrawFn) -> dict[str, Any]:
    chips = draw(_CHIPS)
    stacks = draw(st.lists(st.integers(1, 60), min_size=4, max_size=4))
    options = {
        name: draw(st.sampled_from(CHOICES[name]))
        for name in draw(st.lists(st.sampled_from(_OPTIONS), max_size=3, unique=True))
    }
    return {
        "rules": draw(st.sampled_from(["tda-2025", *sorted(PROFILES)])),
        "seats": {str(i + 1): s * chips[1] for i, s in enumerate(stacks)},
        "button": draw(st.integers(1, 4)),
        "blinds": [chips[1], 2 * chips[1]],
        "chips": chips,
        "options": options,
    }


@st.composite
def _streams(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    setup = draw(_setups())
    chips = setup["chips"]
    odd = [*chips, 3, 7 * chips[-1]]  # values not in play among them
    chip = st.sampled_from(chips if draw(st.booleans()) else odd)
    seat = st.integers(1, 4)
    some = st.lists(chip, min_size=1, max_size=6)
    event = st.one_of(
        st.builds(lambda s, c: {"push": {"seat": s, "chips": c}}, seat, some),
        st.builds(lambda s, c: {"pull": {"seat": s, "chips": c[:2]}}, seat, some),
        st.builds(lambda s, c: {"chips": {f"bet:{s}": c[1:]}}, seat, some),
        st.builds(
            lambda s, say, a: {"declare": {"seat": s, "say": say, **a}},
            seat,
            st.sampled_from(["check", "call", "bet", "raise", "all-in", "fold"]),
            st.sampled_from([{}, {"amount": 4 * chips[1]}, {"amount": 7}]),
        ),
        st.builds(lambda s: {"fold": s}, seat),
        st.just({"press": "check"}),
    )
    return setup, [{"deal": DEAL}, *draw(st.lists(event, max_size=30))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_streams())
def test_irregular_streams_read_the_same_with_and_without_the_fast_path(
    stream: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _same(monkeypatch, *stream)


def _in_chips(amount: int, chips: list[int], rng: random.Random) -> list[int]:
    """Chips of the set making up ``amount`` (largest first, sometimes broken down), with a
    smallest chip more where the set cannot make it exactly."""
    out: list[int] = []
    for chip in sorted(chips, reverse=True):
        while amount >= chip and (chip == chips[0] or rng.random() < 0.8):
            out.append(chip)
            amount -= chip
    if amount > 0:
        out.append(chips[0])
    rng.shuffle(out)
    return out


@settings(max_examples=300, deadline=None)
@given(_setups(), st.data())
def test_pushes_in_turn_read_the_same_whatever_lies_in_the_zone(
    setup: dict[str, Any], data: st.DataObject
) -> None:
    """The seat in turn pushes a call, all its chips, a raise, a little more or less, one chip
    (often after chips were left, pulled or snapshotted in its zone, or a check out of turn):
    every ruling the fast path gives is chipread's (the spy asserts it)."""
    chips = setup["chips"]
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    with pytest.MonkeyPatch.context() as monkeypatch, _spied(monkeypatch):
        table = Table(setup)
        table.apply(event_from_obj({"deal": DEAL}))
        boards = iter(BOARDS)
        for _ in range(24):
            seat = table.to_act()
            if seat is None:  # the round is closed: the next street, if any
                board = next(boards, None)
                if board is None or table.hand is None or table.street == "showdown":
                    break
                table.apply(event_from_obj(board))
                continue
            before = data.draw(st.sampled_from(["", "", "pull", "zone", "declare", "oot"]))
            zone = f"bet:{seat}"
            if before == "zone":
                lying = _in_chips(table.hand.round.bets.get(seat, 0), chips, rng)
                lying += data.draw(st.lists(st.sampled_from(chips), max_size=2))
                table.apply(event_from_obj({"chips": {zone: lying}}))
            elif before == "pull" and table.zones.get(zone):
                taken = table.zones[zone][:1]
                table.apply(event_from_obj({"pull": {"seat": seat, "chips": taken}}))
            elif before == "declare":
                say = data.draw(st.sampled_from(["bet", "raise"]))
                table.apply(event_from_obj({"declare": {"seat": seat, "say": say}}))
            elif before == "oot":
                other = seat % 4 + 1
                table.apply(event_from_obj({"declare": {"seat": other, "say": "check"}}))
            bet = table.hand.round.bets.get(seat, 0)
            stack = table.stacks()[seat]
            call, least = table.to_call(), table.min_raise_to() or 0
            aim = data.draw(
                st.sampled_from(
                    [
                        call,
                        stack,
                        stack + chips[0],
                        least - bet,
                        (least - bet + call) // 2,
                        (least - bet + call) // 2 + chips[0],
                        call - chips[0],
                        rng.randint(1, max(stack, 1)),
                    ]
                )
            )
            pushed = _in_chips(aim, chips, rng) if aim > 0 else []
            if not pushed or data.draw(st.integers(0, 5)) == 0:
                pushed = [data.draw(st.sampled_from(chips))]  # one chip
            table.apply(event_from_obj({"push": {"seat": seat, "chips": pushed}}))
