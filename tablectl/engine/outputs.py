"""What the engine says back: rulings on actions, alerts for the dealer, and notices for the log.

Every output names the rule it applies (``002 Rule 50-B``) so the dealer can cite it to a player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ACTIONS = ("fold", "check", "call", "bet", "raise", "all-in")


def _slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The slot setters of a frozen dataclass's fields, for its own ``__init__``.

    A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``
    (its own ``__setattr__`` refuses); with a ruling for nearly every action that was about 5% of
    the engine's work in a hand. Setting the slot directly stores the same value in the same
    slot, and the instance stays frozen (tests/test_outputs_init.py).
    """
    return tuple(getattr(cls, name).__set__ for name in names)


@dataclass(frozen=True, slots=True)
class Ruling:
    """The ruling on one action: ``to`` is the seat's total bet this street after the ruling.

    ``owes`` is what the seat must still add (its next chips complete it); ``returned`` is what the
    dealer hands back (an uncalled bet, chips beyond a call).
    """

    seat: int
    action: str
    to: int
    owes: int = 0
    returned: int = 0
    rule: str = ""
    text: str = ""

    def __init__(
        self,
        seat: int,
        action: str,
        to: int,
        owes: int = 0,
        returned: int = 0,
        rule: str = "",
        text: str = "",
    ) -> None:
        # the dataclass's own __init__, the slots set directly (_slot_setters)
        _R_SEAT(self, seat)
        _R_ACTION(self, action)
        _R_TO(self, to)
        _R_OWES(self, owes)
        _R_RETURNED(self, returned)
        _R_RULE(self, rule)
        _R_TEXT(self, text)

    def to_obj(self) -> dict[str, Any]:
        # the fields in order, no zero or empty ones but seat and to (asdict, without its
        # recursive copy: every field is a str or an int)
        body: dict[str, Any] = {"seat": self.seat}
        if self.action:
            body["action"] = self.action
        body["to"] = self.to
        for k in ("owes", "returned", "rule", "text"):
            v = getattr(self, k)
            if v:
                body[k] = v
        return {"ruling": body}


_R_SEAT, _R_ACTION, _R_TO, _R_OWES, _R_RETURNED, _R_RULE, _R_TEXT = _slot_setters(
    Ruling, "seat", "action", "to", "owes", "returned", "rule", "text"
)


@dataclass(frozen=True, slots=True)
class Alert:
    """Something the dealer must see: ``kind`` from the contract's alert list, the rule it applies,
    and ``text`` saying what happened and the remedy in plain words."""

    kind: str
    rule: str
    text: str
    seat: int | None = None
    # 1-based over the session, given by the table as it raises the alert (deterministic on
    # replay); the dealer acknowledges it by this number (an ``ack`` event). 0: not numbered
    # (an alert of the hardware, or one the engine has not raised yet).
    id: int = 0

    def to_obj(self) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "text": self.text}
        if self.seat is not None:
            body["seat"] = self.seat
        if self.id:
            body["id"] = self.id
        return {"alert": body}


@dataclass(frozen=True, slots=True)
class Notice:
    """A fact for the hand log and displays: a hand started, a street dealt, a pot awarded, a player
    eliminated. ``data`` holds the figures (seats, amounts, cards)."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        # the dataclass's own __init__ (a new dict when no data), the slots set directly
        _N_KIND(self, kind)
        _N_TEXT(self, text)
        _N_DATA(self, {} if data is None else data)

    def to_obj(self) -> dict[str, Any]:
        return {"notice": {"kind": self.kind, "text": self.text, **self.data}}


_N_KIND, _N_TEXT, _N_DATA = _slot_setters(Notice, "kind", "text", "data")


Output = Ruling | Alert | Notice


class _Grouped(dict[int, str]):
    """``f"{n:,}"``, an amount with its thousands separated as the rulings write it, remembered
    (``GROUPED[n]``): formatting with a separator costs three times a plain int's, and a hand
    writes the same few amounts again and again (issue 14). Keys are ints, the amounts of the
    engine's texts (never a float equal to one); at most 4,096 are kept."""

    def __missing__(self, n: int) -> str:
        text = f"{n:,}"
        if len(self) < 4096:
            self[n] = text
        return text


GROUPED = _Grouped()


# ------------------------------------------------------------------ built on the hot path
# Calling a class goes through type() to a Python ``__init__`` and a descriptor call a slot
# (~460 ns for a Ruling); a ruling for nearly every action and a notice for every street made
# that ~3% of a hand's work (issue 14). Each class below has the same slots as its output class
# and no frozen ``__setattr__``: its slots are set as plain attributes and the object then
# becomes the output class (the same slots in the same layout, so Python allows the
# ``__class__`` assignment), the same type and values, frozen from then on (40% of the cost).
# events._event builds the parsed Event the same way.


class _RulingSlots:
    __slots__ = Ruling.__slots__


class _NoticeSlots:
    __slots__ = Notice.__slots__


def new_ruling(
    seat: int, action: str, to: int, owes: int, returned: int, rule: str, text: str
) -> Ruling:
    """``Ruling(seat, action, to, owes, returned, rule, text)``, every field given, built fast
    (tests/test_outputs_init.py holds it to the class's own constructor)."""
    r = _RulingSlots()
    r.seat = seat  # type: ignore[attr-defined]
    r.action = action  # type: ignore[attr-defined]
    r.to = to  # type: ignore[attr-defined]
    r.owes = owes  # type: ignore[attr-defined]
    r.returned = returned  # type: ignore[attr-defined]
    r.rule = rule  # type: ignore[attr-defined]
    r.text = text  # type: ignore[attr-defined]
    r.__class__ = Ruling  # type: ignore[assignment]
    return r  # type: ignore[return-value]


def new_notice(kind: str, text: str, data: dict[str, Any]) -> Notice:
    """``Notice(kind, text, data)`` with its data given, built fast (as :func:`new_ruling`)."""
    n = _NoticeSlots()
    n.kind = kind  # type: ignore[attr-defined]
    n.text = text  # type: ignore[attr-defined]
    n.data = data  # type: ignore[attr-defined]
    n.__class__ = Notice  # type: ignore[assignment]
    return n  # type: ignore[return-value]
