"""Simulated tournament sessions for the daemon tests and bench/daemon.py.

:func:`make_session` seats bot players at the real engine and writes what a table would sense as
they play: deals, chips pushed, folds, board cards, console presses. Each bot decision reads the
engine's public view (who is in turn, what to call, the minimum raise), so every session is a
legal tournament the engine plays without alerts. With ``faults=True`` it also writes what goes
wrong at a real table: unreadable lines from a flaky source, an action taken back with ``undo``
and made again, the clock called, the tournament paused and resumed, the floor called.

The tests here check the generator itself; tests/test_daemon*.py run its sessions through the
daemon.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tablectl.engine.events import event_from_obj
from tablectl.engine.outputs import Alert
from tablectl.engine.table import Table

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CHIPS = [25, 100, 500, 1000, 5000]


def make_change(amount: int, chips: list[int] = CHIPS) -> list[int]:
    out = []
    for chip in sorted(chips, reverse=True):
        while amount >= chip:
            out.append(chip)
            amount -= chip
    if amount:
        raise ValueError(f"{amount} cannot be paid in {chips}")
    return out


def session_setup(players: int = 6, stack: int = 20000) -> dict[str, Any]:
    return {
        "rules": "tda-2025",
        "seats": {str(s): stack for s in range(1, players + 1)},
        "button": 1,
        "blinds": [25, 50],
        "ante": 0,
        "chips": CHIPS,
        "names": {str(s): f"Bot {s}" for s in range(1, players + 1)},
    }


class _Writer:
    """Applies each object to the engine as it writes it, so the next decision sees its result."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.lines = [json.dumps({"setup": setup})]
        self.table = Table.from_setup(event_from_obj({"setup": setup}).body)
        self.alerts: list[Alert] = []

    def emit(self, obj: dict[str, Any]) -> None:
        self.lines.append(json.dumps(obj))
        event = event_from_obj(obj)
        self.alerts += [o for o in self.table.apply(event) if isinstance(o, Alert)]


def _bot_action(rng: random.Random, w: _Writer, faults: bool) -> None:
    v = w.table.view()
    seat = v.to_act
    assert seat is not None
    sv = v.seats[seat - 1]
    stack, bet = sv.stack, sv.bet
    r = rng.random()
    if faults and r < 0.01:
        w.emit({"press": "clock"})
    if v.to_call == 0:
        if r < 0.75 or stack == 0:
            w.emit({"press": "check"})
            return
        amount = min(stack, 50 * rng.choice([1, 2, 3, 4, 6]))
        if amount == stack:
            w.emit({"declare": {"seat": seat, "say": "all-in"}})
        else:
            w.emit({"declare": {"seat": seat, "say": "bet", "amount": amount}})
        w.emit({"push": {"seat": seat, "chips": make_change(amount)}})
        return
    if r < 0.3 or (v.to_call > stack // 5 and r < 0.9):
        w.emit({"fold": seat})
        return
    if r < 0.95 or v.to_call > 150 or not v.can_raise or v.min_raise_to is None:
        w.emit({"push": {"seat": seat, "chips": make_change(min(v.to_call, stack))}})
        return
    top = bet + stack
    to = min(top, v.min_raise_to + 50 * rng.randrange(0, 6))
    if to == top:
        w.emit({"declare": {"seat": seat, "say": "all-in"}})
        to = top
    else:
        w.emit({"declare": {"seat": seat, "say": "raise", "amount": to}})
    w.emit({"push": {"seat": seat, "chips": make_change(to - bet)}})


def make_session(
    seed: int, hands: int, *, players: int = 6, stack: int = 20000, faults: bool = False
) -> list[str]:
    """The lines of a scenario file: ``hands`` hands (fewer if one player wins everything)."""
    rng = random.Random(seed)
    w = _Writer(session_setup(players, stack))
    while w.table.hand_no < hands:
        v = w.table.view()
        live = [s.seat for s in v.seats if s.status not in ("out", "empty")]
        if len(live) < 2:
            break
        deck = [r + s for r in RANKS for s in SUITS]
        rng.shuffle(deck)
        w.emit({"deal": {str(s): [deck.pop(), deck.pop()] for s in live}})
        for _ in range(400):
            v = w.table.view()
            if v.street in ("over", "idle"):
                break
            if faults and rng.random() < 0.004:
                w.lines.append('{"push": {"seat": 3, "chips": [25')  # a torn line
            if faults and rng.random() < 0.003:
                w.emit({"press": "pause"})
                w.emit({"press": "resume"})
            if v.to_act is not None:
                before = len(w.lines)
                _bot_action(rng, w, faults)
                if faults and rng.random() < 0.01 and w.table.view().street not in ("over",):
                    redo = [json.loads(line) for line in w.lines[before:]]
                    w.emit({"press": "undo"})
                    if len(redo) == 1 or w.table.view().to_act is None:
                        for obj in redo[-1:]:
                            w.emit(obj)
            elif v.street == "showdown":
                w.emit({"press": "award"})
            elif v.street in ("preflop", "flop", "turn"):
                n = 3 if v.street == "preflop" else 1
                w.emit({"board": [deck.pop() for _ in range(n)], "burn": deck.pop()})
            elif v.street == "river":
                w.emit({"press": "award"})
            if faults and rng.random() < 0.002:
                w.emit({"press": "floor"})
        else:
            raise RuntimeError(f"hand {w.table.hand_no} did not finish")
    return w.lines


def write_session(path: Path, seed: int, hands: int, **kw: Any) -> Path:
    path.write_text("\n".join(make_session(seed, hands, **kw)) + "\n", encoding="utf-8")
    return path


# --- the generator's own checks --------------------------------------------------------------


def test_session_is_a_clean_tournament() -> None:
    lines = make_session(7, 60)
    w = _Writer(json.loads(lines[0])["setup"])
    for line in lines[1:]:
        w.emit(json.loads(line))
    assert w.table.hand_no >= 60 or len(w.table.seating.eliminated) == 5
    assert w.table.chips_total() == 6 * 20000
    assert w.alerts == []


def test_faults_are_in_the_stream() -> None:
    lines = make_session(11, 150, faults=True)
    text = "\n".join(lines)
    assert '"undo"' in text and '"pause"' in text
    torn = [line for line in lines if not line.endswith("}")]
    assert torn, "no torn line injected"


def test_same_seed_same_session() -> None:
    assert make_session(3, 10) == make_session(3, 10)
    assert make_session(3, 10) != make_session(4, 10)
