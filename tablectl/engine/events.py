"""The one event vocabulary: sensor → bridge → journal → engine → scenario file.

Every line of a scenario (shared/spec/scenario-format.md) and of the journal is one JSON object
with exactly one key from :data:`EVENT_KINDS` (or ``expect``/``setup``) plus an optional ``"t"``.
:func:`parse_line` validates a line into an :class:`Event` and :meth:`Event.to_json` writes it back,
so nothing translates an event twice. Validation here is about *shape*; whether an event makes sense
at the table (a fold from an empty seat, a card already on the board) is the engine's ruling.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNKNOWN_CARD = "??"
CARD_ZONES = ("board", "burn", "muck")
CHIP_ZONE_PREFIXES = ("bet:", "stack:")
SAYS = ("fold", "check", "call", "bet", "raise", "all-in")
PRESSES = ("check", "clock", "award", "new_hand", "pause", "resume", "undo", "floor")
# Extensions to the contract (documented in docs/scenario-extensions.md): dealer-console entries
# the sensors cannot see. `absent` marks a seat away from the table at the deal (002 Rule 31),
# `penalty` a seat on a missed-hand penalty (002 Rule 67-C), `present` clears either.
SEAT_FLAGS = ("absent", "penalty", "present")

EVENT_KINDS = (
    "setup", "card", "deal", "board", "push", "pull", "chips", "fold", "declare", "press", "tick",
    "seat",
)


class ScenarioError(ValueError):
    """A line that is not a valid event or expectation; carries the line number when known."""

    def __init__(self, message: str, lineno: int | None = None) -> None:
        self.lineno = lineno
        super().__init__(f"line {lineno}: {message}" if lineno is not None else message)


@dataclass(frozen=True, slots=True)
class Event:
    """One normalized table event.

    ``kind`` is the object's single key and ``body`` its value exactly as the contract writes it
    (validated). ``t`` is seconds since the session started, when known.
    """

    kind: str
    body: Any
    t: float | None = None

    def to_json(self) -> str:
        """The event as one scenario/journal line."""
        return dumps(self)


@dataclass(frozen=True, slots=True)
class Expect:
    """An ``expect`` line: keys to check against the engine state after the lines above it."""

    checks: dict[str, Any]
    lineno: int = 0


@dataclass(slots=True)
class ParsedLine:
    """What :func:`parse_line` found on one line: an event, an expectation, or nothing."""

    event: Event | None = None
    expect: Expect | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def is_card(text: object) -> bool:
    """True for a two-character card code such as ``As`` or ``Td``."""
    return (
        isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS
    )


def _card_or_unknown(value: object, where: str) -> str:
    if value == UNKNOWN_CARD or is_card(value):
        return str(value)
    raise ScenarioError(f"{where}: {value!r} is not a card (rank then suit, like 'As', or '??')")


def _seat(value: object, where: str) -> int:
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise ScenarioError(f"{where}: seat {value!r} is not a seat number 1..10")
    return value


def _amount(value: object, where: str, *, positive: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < (1 if positive else 0):
        kind = "a positive" if positive else "a non-negative"
        raise ScenarioError(f"{where}: {value!r} is not {kind} whole number of chips")
    return value


def _chip_list(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list of chip denominations, got {value!r}")
    return [_amount(v, where, positive=True) for v in value]


def _zone(value: object) -> str:
    if isinstance(value, str):
        if value in CARD_ZONES:
            return value
        if value.startswith("seat:"):
            _seat(value[5:], "zone")
            return f"seat:{int(value[5:])}"
    raise ScenarioError(f"zone {value!r} is not seat:N, board, burn or muck")


def _chip_zone(value: str) -> str:
    if value == "pot":
        return value
    for prefix in CHIP_ZONE_PREFIXES:
        if value.startswith(prefix):
            return f"{prefix}{_seat(value[len(prefix):], 'chip zone')}"
    raise ScenarioError(f"chip zone {value!r} is not bet:N, stack:N or pot")


def _validate_setup(body: object) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ScenarioError("setup must be an object")
    seats = body.get("seats")
    if not isinstance(seats, dict) or not seats:
        raise ScenarioError("setup.seats must map seat numbers to starting stacks")
    clean_seats = {
        str(_seat(k, "setup.seats")): _amount(v, "setup.seats") for k, v in seats.items()
    }
    if len(clean_seats) < 2:
        raise ScenarioError("setup.seats needs at least two players")
    button = _seat(body.get("button", min(int(s) for s in clean_seats)), "setup.button")
    blinds = body.get("blinds")
    if (
        not isinstance(blinds, list)
        or len(blinds) != 2
        or _amount(blinds[0], "setup.blinds") > _amount(blinds[1], "setup.blinds", positive=True)
    ):
        raise ScenarioError("setup.blinds must be [small, big] with small <= big")
    chips = _chip_list(body.get("chips", [1]), "setup.chips")
    if not chips or chips != sorted(set(chips)):
        raise ScenarioError("setup.chips must list distinct denominations, lowest first")
    rules = body.get("rules", "tda-2025")
    if not isinstance(rules, str):
        raise ScenarioError("setup.rules must be a house profile name")
    out: dict[str, Any] = dict(body)
    out.update(
        seats=clean_seats,
        button=button,
        blinds=[int(blinds[0]), int(blinds[1])],
        ante=_amount(body.get("ante", 0), "setup.ante"),
        bb_ante=bool(body.get("bb_ante", False)),
        chips=chips,
        rules=rules,
    )
    levels = body.get("levels")
    if levels is not None:
        if not isinstance(levels, list):
            raise ScenarioError("setup.levels must be a list")
        for lv in levels:
            if not isinstance(lv, dict) or not ({"blinds", "break"} & lv.keys()):
                raise ScenarioError(f"setup.levels: {lv!r} is neither a level nor a break")
    return out


# The keys each object-valued event body may hold.
_BODY_KEYS = {"push": {"seat", "chips"}, "pull": {"seat", "chips"},
              "declare": {"seat", "say", "amount"}, "seat": {"seat", "status"}}


def _validate(kind: str, body: Any) -> Any:
    allowed = _BODY_KEYS.get(kind)
    if allowed is not None and isinstance(body, dict) and body.keys() - allowed:
        extra = ", ".join(sorted(body.keys() - allowed))
        raise ScenarioError(f"{kind}: unexpected keys {extra} "
                            f"(allowed: {', '.join(sorted(allowed))})")
    if kind == "setup":
        return _validate_setup(body)
    if kind == "deal":
        if not isinstance(body, dict) or not body:
            raise ScenarioError("deal must map seats to lists of cards")
        out = {}
        for k, v in body.items():
            if not isinstance(v, list):
                raise ScenarioError(f"deal: seat {k} needs a list of cards")
            out[str(_seat(k, "deal"))] = [_card_or_unknown(c, "deal") for c in v]
        return out
    if kind in ("push", "pull"):
        if not isinstance(body, dict):
            raise ScenarioError(f"{kind} must be an object with seat and chips")
        chips = _chip_list(body.get("chips"), kind)
        if not chips:
            raise ScenarioError(f"{kind}: no chips")
        return {"seat": _seat(body.get("seat"), kind), "chips": chips}
    if kind == "chips":
        if not isinstance(body, dict) or not body:
            raise ScenarioError("chips must map chip zones to their full contents")
        return {_chip_zone(str(k)): _chip_list(v, f"chips.{k}") for k, v in body.items()}
    if kind == "fold":
        return _seat(body, "fold")
    if kind == "declare":
        if not isinstance(body, dict):
            raise ScenarioError("declare must be an object with seat and say")
        say = body.get("say")
        if say not in SAYS:
            raise ScenarioError(f"declare: say {say!r} is not one of {', '.join(SAYS)}")
        out = {"seat": _seat(body.get("seat"), "declare"), "say": say}
        if body.get("amount") is not None:
            out["amount"] = _amount(body["amount"], "declare.amount", positive=True)
        return out
    if kind == "press":
        if body not in PRESSES:
            raise ScenarioError(f"press: {body!r} is not one of {', '.join(PRESSES)}")
        return body
    if kind == "tick":
        if isinstance(body, bool) or not isinstance(body, int | float) or body < 0:
            raise ScenarioError(f"tick: {body!r} is not a non-negative number of seconds")
        return body
    if kind == "seat":
        if not isinstance(body, dict) or body.get("status") not in SEAT_FLAGS:
            raise ScenarioError(f"seat must be {{'seat': N, 'status': one of {SEAT_FLAGS}}}")
        return {"seat": _seat(body.get("seat"), "seat"), "status": body["status"]}
    raise ScenarioError(f"unknown event {kind!r}")


def _validate_card(obj: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": _card_or_unknown(obj.get("card"), "card"),
        "zone": _zone(obj.get("zone")),
    }
    face = obj.get("face", "down")
    if face not in ("up", "down"):
        raise ScenarioError(f"card: face {face!r} is neither 'up' nor 'down'")
    out["face"] = face
    if "deck" in obj:
        if not isinstance(obj["deck"], str) or not obj["deck"]:
            raise ScenarioError("card: deck must name an enrolled deck")
        out["deck"] = obj["deck"]
    return out


def _validate_board(obj: dict[str, Any]) -> dict[str, Any]:
    cards = obj.get("board")
    if not isinstance(cards, list):
        raise ScenarioError("board must be a list of cards")
    out: dict[str, Any] = {"board": [_card_or_unknown(c, "board") for c in cards]}
    if obj.get("burn") is not None:
        out["burn"] = _card_or_unknown(obj["burn"], "burn")
    return out


# Keys that travel with their event's key on the same object (the card's zone, the board's burn).
_COMPANIONS = {"card": {"zone", "face", "deck"}, "board": {"burn"}}


def event_from_obj(obj: object, lineno: int | None = None) -> Event:
    """Validate a decoded JSON object as one event (not ``expect``)."""
    parsed = parse_obj(obj, lineno)
    if parsed.event is None:
        raise ScenarioError("expected an event, found an expect line", lineno)
    return parsed.event


def parse_obj(obj: object, lineno: int | None = None) -> ParsedLine:
    """Validate one decoded JSON object as an event or an ``expect`` line."""
    try:
        if not isinstance(obj, dict):
            raise ScenarioError("a line must be one JSON object")
        t = obj.get("t")
        if t is not None and (isinstance(t, bool) or not isinstance(t, int | float) or t < 0):
            raise ScenarioError(f"t: {t!r} is not a non-negative number of seconds")
        keys = set(obj) - {"t"}
        if "expect" in keys:
            if keys != {"expect"} or not isinstance(obj["expect"], dict) or not obj["expect"]:
                raise ScenarioError("an expect line holds one non-empty 'expect' object")
            return ParsedLine(expect=Expect(dict(obj["expect"]), lineno or 0))
        main = [k for k in keys if k in EVENT_KINDS]
        if len(main) != 1:
            names = ", ".join(sorted(keys)) or "nothing"
            raise ScenarioError(f"a line needs exactly one event key, found {names}")
        kind = main[0]
        extra = keys - {kind} - _COMPANIONS.get(kind, set())
        if extra:
            raise ScenarioError(f"{kind}: unexpected keys {', '.join(sorted(extra))}")
        if kind == "card":
            # A card event keeps its companions (zone, face, deck) in its body.
            return ParsedLine(event=CardEvent(_validate_card(obj), t))
        if kind == "board":
            return ParsedLine(event=BoardEvent(_validate_board(obj), t))
        event = Event(kind, _validate(kind, obj[kind]), t)
        return ParsedLine(event=event)
    except ScenarioError as exc:
        if exc.lineno is None and lineno is not None:
            raise ScenarioError(str(exc), lineno) from None
        raise


def CardEvent(body: dict[str, Any], t: float | None = None) -> Event:
    """A ``card`` event; the body holds card, zone, face (and deck when given)."""
    return Event("card", body, t)


def BoardEvent(body: dict[str, Any], t: float | None = None) -> Event:
    """A ``board`` shorthand event; the body holds the board cards and the optional burn."""
    return Event("board", body, t)


def event_to_obj(event: Event) -> dict[str, Any]:
    """The JSON object of an event, as the contract writes it."""
    obj = dict(event.body) if event.kind in ("card", "board") else {event.kind: event.body}
    if event.t is not None:
        obj["t"] = event.t
    return obj


def dumps(event: Event) -> str:
    """One journal/scenario line for ``event``."""
    return json.dumps(event_to_obj(event), separators=(", ", ": "))


def parse_line(text: str, lineno: int | None = None) -> ParsedLine:
    """Parse one scenario/journal line. Blank lines and ``#`` comments give an empty result."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return ParsedLine()
    try:
        obj = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"not JSON: {exc.msg} at column {exc.colno}", lineno) from None
    return parse_obj(obj, lineno)
