"""Bot players: seeded, legal, mildly loose-passive decisions from the engine's table view.

A bot only reads what a player at the table could know from the dealer screen: whose turn it is,
the amount to call, the minimum raise (:class:`tablectl.engine.view.TableView`). It never reads
cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tablectl.engine.view import TableView


@dataclass(frozen=True, slots=True)
class Decision:
    seat: int
    kind: str  # "fold", "check" or "chips"
    to: int = 0  # with "chips": the seat's total bet this street afterwards

    def __str__(self) -> str:
        return f"seat {self.seat} {self.kind}" + (f" to {self.to}" if self.kind == "chips" else "")


def decide(view: TableView, rng: random.Random, aggression: float = 0.2) -> Decision:
    """The seat in turn's action. ``aggression`` is the chance to bet or raise when allowed."""
    seat = view.to_act
    if seat is None:
        raise ValueError("no seat is in turn")
    me = view.seats[seat - 1]
    all_in_to = me.bet + me.stack
    if view.to_call == 0:
        if view.min_raise_to is None or rng.random() >= aggression or me.stack == 0:
            return Decision(seat, "check")
        return Decision(seat, "chips", _size(view, rng, all_in_to))
    r = rng.random()
    if r < 0.22:
        return Decision(seat, "fold")
    calls_to = me.bet + view.to_call
    can_raise = view.can_raise and view.min_raise_to is not None and all_in_to > calls_to
    if r < 1 - aggression or not can_raise:
        return Decision(seat, "chips", calls_to)
    return Decision(seat, "chips", _size(view, rng, all_in_to))


def _size(view: TableView, rng: random.Random, all_in_to: int) -> int:
    """A bet or raise between the minimum and all-in, in round amounts; sometimes all-in."""
    lo = view.min_raise_to or all_in_to
    if lo >= all_in_to or rng.random() < 0.04:
        return all_in_to
    step = 100 if lo >= 100 else max(1, lo)
    to = lo + step * rng.choice((0, 0, 1, 2, 4, 8))
    to = max(lo, (to // step) * step)
    return min(to, all_in_to)
