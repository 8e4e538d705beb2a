"""The action pad's logic: what a seat may declare now, the amount keypad, the declare line.

:func:`allowed` is the one place the console decides what to grey out: for the seat in turn it
is the engine's ``TableView.allowed`` (the legal declarations, 002 Rules 41-52, and the one-tap
amounts). A seat not in turn keeps every action open: a declaration out of turn is the engine's to
rule (002 Rule 42-A), so the pad must let the dealer enter it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablectl.engine.events import MAX_AMOUNT, SAYS
from tablectl.engine.view import SeatView, TableView

AMOUNT_SAYS = ("bet", "raise", "all-in")  # the declarations an amount goes with (002 Rule 48-B)
PLAYING = ("active", "all-in", "absent", "penalty")
MAX_DIGITS = 12


@dataclass(frozen=True, slots=True)
class Allowed:
    """The pad's reading of ``TableView.allowed`` for one seat (in turn or not)."""

    says: frozenset[str]  # of SAYS
    min_raise_to: int | None  # one-tap amount: the smallest legal bet or raise-to
    all_in_to: int  # one-tap amount: the seat's whole stack, as its total bet this street
    in_turn: bool


def seat_of(view: TableView, seat: int) -> SeatView | None:
    return next((s for s in view.seats if s.seat == seat), None)


def allowed(view: TableView, seat: int) -> Allowed:
    """What ``seat`` may declare on the pad now (see the module docstring)."""
    sv = seat_of(view, seat)
    in_hand = view.street in ("preflop", "flop", "turn", "river")
    if sv is None or not in_hand or sv.status not in PLAYING or sv.stack == 0:
        return Allowed(frozenset(), None, 0, False)
    engine = view.allowed
    if engine.seat != seat:
        return Allowed(frozenset(SAYS), None, sv.stack + sv.bet, False)
    return Allowed(frozenset(engine.actions), engine.min_raise_to, engine.all_in_to, True)


class Keypad:
    """The amount being keyed: digits, delete, clear, and one-tap amounts."""

    def __init__(self) -> None:
        self.digits = ""

    @property
    def amount(self) -> int | None:
        return int(self.digits) if self.digits else None

    def set(self, amount: int | None) -> None:
        self.digits = "" if amount is None else str(amount)

    def key(self, k: str) -> None:
        if k == "DEL":
            self.digits = self.digits[:-1]
        elif k == "CLR":
            self.digits = ""
        elif k.isdigit() and len(self.digits) + len(k) <= MAX_DIGITS:
            self.digits = (self.digits + k).lstrip("0")
            if int(self.digits or 0) > MAX_AMOUNT:
                self.digits = str(MAX_AMOUNT)


def declare_body(seat: int, say: str | None, amount: int | None) -> dict[str, Any] | None:
    """The contract's declare body: ``amount`` only with a say that takes one, or alone (an amount
    only, 002 Rule 41-B/C); None when there is nothing to enter."""
    body: dict[str, Any] = {"seat": seat}
    if say is not None:
        body["say"] = say
    if amount is not None and amount > 0 and (say is None or say in AMOUNT_SAYS):
        body["amount"] = amount
    return body if len(body) > 1 else None


def describe(body: dict[str, Any]) -> str:
    """``seat 3 raise to 8,000``: the pad's preview of what will be entered."""
    say = body.get("say")
    amount = body.get("amount")
    text = f"seat {body['seat']} " + (say if say else "amount")
    if amount is not None:
        text += f" to {amount:,}" if say in ("bet", "raise", "all-in") else f" {amount:,}"
    return text
