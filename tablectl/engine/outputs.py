"""What the engine says back: rulings on actions, alerts for the dealer, and notices for the log.

Every output names the rule it applies (``002 Rule 50-B``) so the dealer can cite it to a player.
"""

from __future__ import annotations

from dataclasses import field, fields
from typing import Any, ClassVar

from tablectl.engine.records import record


@record
class Ruled:
    """What a ruling decides: ``to`` is the seat's total bet this street after the ruling.

    ``owes`` is what the seat must still add (its next chips complete it); ``returned`` is what the
    dealer hands back (an uncalled bet, chips beyond a call). The figures of a :class:`Ruling`
    and of a chip reading (chipread.Reading), declared once.
    """

    action: str
    to: int
    owes: int = 0
    returned: int = 0
    rule: str = ""
    text: str = ""


@record
class Ruling(Ruled):
    """The ruling on one action of ``seat`` (a keyword: the figures come first, as a
    :class:`Ruled`'s); its JSON names the seat first."""

    seat: int = field(kw_only=True)

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


@record
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


class _Unset:
    """The value of a notice's figure it does not carry (its key is left out of the JSON)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> bool:
        return False  # a figure not carried reads as none

    def __reduce__(self) -> str:
        return "UNSET"  # pickled as this module's one instance


UNSET: Any = _Unset()


@record
class Notice:
    """A fact for the hand log and displays: a hand started, a street dealt, a pot awarded, a player
    eliminated. Each kind is a record of its own (tablectl/engine/notices.py) whose fields are its
    figures (seats, amounts, cards); ``kind`` names it in the JSON."""

    text: str
    kind: ClassVar[str] = ""

    def body(self) -> dict[str, Any]:
        """The figures as the JSON writes them: in the order declared, those not UNSET."""
        names = _FIGURES.get(type(self))
        if names is None:
            names = _FIGURES[type(self)] = tuple(f.name for f in fields(self) if f.name != "text")
        body: dict[str, Any] = {}
        for name in names:
            value = getattr(self, name)
            if value is not UNSET:
                body[name] = value
        return body

    def to_obj(self) -> dict[str, Any]:
        return {"notice": {"kind": self.kind, "text": self.text, **self.body()}}


_FIGURES: dict[type, tuple[str, ...]] = {}


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
