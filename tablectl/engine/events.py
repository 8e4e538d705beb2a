"""The one event vocabulary: sensor → bridge → journal → engine → scenario file.

Every line of a scenario (shared/spec/scenario-format.md) and of the journal is one JSON object
with exactly one key from :data:`EVENT_KINDS` (or ``expect``/``setup``) plus an optional ``"t"``.
:func:`parse_line` validates a line into an :class:`Event` and :meth:`Event.to_json` writes it back,
so nothing translates an event twice. Validation here is about *shape*; whether an event makes sense
at the table (a fold from an empty seat, a card already on the board) is the engine's ruling.
"""

from __future__ import annotations

import json
import math
import re
import reprlib
import unicodedata
from dataclasses import dataclass
from typing import Any

try:  # the fast path of parse_line (a dependency; the standard json still does everything)
    import orjson as _orjson
except ImportError:  # pragma: no cover - a build without it is slower, never different
    _orjson = None  # type: ignore[assignment]

from tablectl.engine.profiles import CHOICES, PROFILES
from tablectl.engine.records import record

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
    "setup",
    "card",
    "deal",
    "board",
    "push",
    "pull",
    "chips",
    "fold",
    "declare",
    "press",
    "tick",
    "seat",
    "floor",
    "ack",
    "badge",
    "name",
    "level",
    "recount",
    "counted",
    "unread",
    "retire",
    "deck_change",
)
_KINDS = frozenset(EVENT_KINDS)
SETUP_KEYS = (
    "rules",
    "seats",
    "button",
    "blinds",
    "ante",
    "bb_ante",
    "chips",
    "levels",
    "options",
    "names",
)
LEVEL_KEYS = ("blinds", "ante", "minutes", "bb_ante")
_SETUP_KEYS = frozenset(SETUP_KEYS)

# What one line may hold (docs/scenario-extensions.md, "Limits"). Every legitimate line fits well
# inside them; a line beyond them is refused whole, naming the line, with its value shortened.
MAX_LINE_BYTES = 1 << 20  # a line, newline excluded: a backstop for the limits below
MAX_DEPTH = 8  # nested objects and lists (the contract's deepest line has 5)
MAX_CHIPS = 2000  # chips a push, a pull or one chip zone holds (a ZONE frame carries <= 1,364)
MAX_AMOUNT = 10**12  # any amount of chips: a stack, a blind, a denomination, a declared bet
MAX_SECONDS = 10**9  # ``t`` and ``tick`` (about 31 years)
MAX_CARDS = 52  # cards in one deal list or board shorthand
MAX_LEVELS = 200  # levels and breaks in a setup
MAX_DENOMINATIONS = 32
MAX_NAME = 64  # characters of a player's name
MAX_ECHO = 80  # characters of a refused value echoed in a message

_repr = reprlib.Repr()
_repr.maxlevel, _repr.maxdict, _repr.maxlist = 2, 4, 6
_repr.maxstring = _repr.maxother = _repr.maxlong = MAX_ECHO


class ScenarioError(ValueError):
    """A line that is not a valid event or expectation; carries the line number when known."""

    def __init__(self, message: str, lineno: int | None = None) -> None:
        self.lineno = lineno
        super().__init__(f"line {lineno}: {message}" if lineno is not None else message)


@record
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


def show(value: object) -> str:
    """``value`` for an error message: its repr, never more than :data:`MAX_ECHO` characters."""
    if isinstance(value, str) and len(value) > MAX_ECHO:
        return repr(value[:MAX_ECHO]) + "…"
    text = _repr.repr(value)
    return text if len(text) <= MAX_ECHO else text[:MAX_ECHO] + "…"


def is_card(text: object) -> bool:
    """True for a two-character card code such as ``As`` or ``Td``."""
    return isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS


# Every code a card reading may hold: the 52 cards and the unreadable card.
_CARD_CODES = frozenset([r + s for r in RANKS for s in SUITS] + [UNKNOWN_CARD])
# A seat number as an object key (deal, setup.seats): the strings _seat takes, each already in
# the form str(_seat(key)) writes back.
_SEAT_KEYS = frozenset(str(n) for n in range(1, 11))


def _card_or_unknown(value: object, where: str) -> str:
    if type(value) is str and value in _CARD_CODES:  # the usual case: is_card's, or "??"
        return value
    if value == UNKNOWN_CARD or is_card(value):
        return str(value)
    raise ScenarioError(
        f"{where}: {show(value)} is not a card (rank then suit, like 'As', or '??')"
    )


def _cards(value: object, where: str) -> list[str]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list of cards, got {show(value)}")
    if len(value) > MAX_CARDS:
        raise ScenarioError(f"{where}: {len(value):,} cards; a line lists at most {MAX_CARDS}")
    if all(type(c) is str and c in _CARD_CODES for c in value):  # the usual case, one pass
        return list(value)
    return [_card_or_unknown(c, where) for c in value]


def _seat(value: object, where: str) -> int:
    """A seat number 1..10: an int, or (object keys, zone names) its ASCII digits without a leading
    zero, so "1" and "01" cannot name one seat twice and "²" (``isdigit`` says yes) is no seat."""
    if type(value) is int and 1 <= value <= 10:  # the usual case (a bool is no int here)
        return value
    if (
        isinstance(value, str)
        and len(value) <= 2
        and value.isascii()
        and value.isdigit()
        and not value.startswith("0")
    ):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise ScenarioError(
            f"{where}: seat {show(value)} is not a seat number 1..10 (digits 0-9, no leading zero)"
        )
    return value


def _number(value: object, where: str, *, most: float, what: str) -> float:
    """A finite, non-negative number no larger than ``most``: JSON has no NaN or Infinity, and
    either would make every later clock ruling wrong."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ScenarioError(f"{where}: {show(value)} is not a non-negative number of {what}")
    if not math.isfinite(value) or not 0 <= value <= most:
        raise ScenarioError(
            f"{where}: {show(value)} is not a finite, non-negative number of "
            f"{what} (at most {most:,})"
        )
    return value


def _amount(value: object, where: str, *, positive: bool = False) -> int:
    if type(value) is int and (1 if positive else 0) <= value <= MAX_AMOUNT:  # the usual case
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value < (1 if positive else 0):
        kind = "a positive" if positive else "a non-negative"
        raise ScenarioError(f"{where}: {show(value)} is not {kind} whole number of chips")
    if value > MAX_AMOUNT:
        raise ScenarioError(f"{where}: {show(value)} chips; an amount is at most {MAX_AMOUNT:,}")
    return value


def _chip_list(value: object, where: str, items: bool = False) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list of chip denominations, got {show(value)}")
    if len(value) > MAX_CHIPS:
        raise ScenarioError(
            f"{where}: {len(value):,} chips; a push, a pull or a chip zone "
            f"holds at most {MAX_CHIPS:,} chips"
        )
    for v in value:  # the usual case, one pass (a loop: no generator to resume an item)
        if type(v) is not int or not 0 < v <= MAX_AMOUNT:
            # 0 is an action item (a bounty chip, 002 RP-20) where chips lie on the felt
            return [
                v if items and v == 0 and type(v) is int else _amount(v, where, positive=True)
                for v in value
            ]
    return list(value)


def _object(value: object, where: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(f"{where} must be an object {what}, got {show(value)}")
    return value


def _keys(body: dict[str, Any], allowed: tuple[str, ...] | set[str], where: str) -> None:
    extra = body.keys() - set(allowed)
    if extra:
        names = ", ".join(sorted(k[:MAX_ECHO] for k in extra))
        names = names if len(names) <= 2 * MAX_ECHO else names[: 2 * MAX_ECHO] + "…"
        raise ScenarioError(
            f"{where}: unexpected keys {names} (allowed: {', '.join(sorted(allowed))})"
        )


def _zone(value: object) -> str:
    if isinstance(value, str):
        if value in CARD_ZONES:
            return value
        if value.startswith("seat:"):
            return f"seat:{_seat(value[5:], 'zone')}"
    raise ScenarioError(f"zone {show(value)} is not seat:N, board, burn or muck")


def _chip_zone(value: str) -> str:
    if value == "pot":
        return value
    for prefix in CHIP_ZONE_PREFIXES:
        if value.startswith(prefix):
            return f"{prefix}{_seat(value[len(prefix) :], 'chip zone')}"
    raise ScenarioError(f"chip zone {show(value)} is not bet:N, stack:N or pot")


def _setup_tail(body: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """A setup's levels, options and names, validated into ``out`` (in this order)."""
    if "levels" in body:
        out["levels"] = _validate_levels(body["levels"])
    if "options" in body:
        out["options"] = _validate_options(body["options"])
    if "names" in body:
        names = _object(body["names"], "setup.names", "of seat numbers to player names")
        out["names"] = {str(_seat(k, "setup.names")): _name(v) for k, v in names.items()}
    return out


def _validate_setup(body: object) -> dict[str, Any]:
    """A setup line's body: every check in order, every message (scenario-format "setup")."""
    if not isinstance(body, dict):
        raise ScenarioError(f"setup must be an object, got {show(body)}")
    if not _SETUP_KEYS.issuperset(body):
        _keys(body, SETUP_KEYS, "setup")
    seats = body.get("seats")
    if not isinstance(seats, dict) or not seats:
        raise ScenarioError("setup.seats must map seat numbers to starting stacks")
    clean_seats = {
        str(_seat(k, "setup.seats")): _amount(v, "setup.seats") for k, v in seats.items()
    }
    players = sum(1 for stack in clean_seats.values() if stack > 0)  # seats with chips
    if players < 2:
        raise ScenarioError("setup.seats needs at least two players with chips")
    button = body["button"] if "button" in body else min(int(s) for s in clean_seats)
    button = _seat(button, "setup.button")
    blinds = body.get("blinds")
    if (
        not isinstance(blinds, list)
        or len(blinds) != 2
        or _amount(blinds[0], "setup.blinds") > _amount(blinds[1], "setup.blinds", positive=True)
    ):
        raise ScenarioError(
            f"setup.blinds must be [small, big] with small <= big, got {show(blinds)}"
        )
    chips = _chip_list(body.get("chips", [1]), "setup.chips")
    if not chips or chips != sorted(set(chips)) or len(chips) > MAX_DENOMINATIONS:
        raise ScenarioError(
            f"setup.chips must list at most {MAX_DENOMINATIONS} distinct "
            "denominations, lowest first"
        )
    rules = body.get("rules", "tda-2025")
    if not isinstance(rules, str) or rules not in PROFILES:
        raise ScenarioError(
            f"setup.rules: {show(rules)} is not a house profile ({', '.join(PROFILES)})"
        )
    bb_ante = body.get("bb_ante", False)
    if not isinstance(bb_ante, bool):
        raise ScenarioError(f"setup.bb_ante must be true or false, got {show(bb_ante)}")
    out: dict[str, Any] = dict(body)
    out.update(
        seats=clean_seats,
        button=button,
        blinds=[int(blinds[0]), int(blinds[1])],
        ante=_amount(body.get("ante", 0), "setup.ante"),
        bb_ante=bb_ante,
        chips=chips,
        rules=rules,
    )
    return _setup_tail(body, out)


def _one_line(value: object, most: int) -> bool:
    """Whether ``value`` is text on one line of 1..``most`` characters (no control characters or
    line breaks: the screen and the histories print it)."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= most
        and not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in value)
    )


def _name(value: object) -> str:
    """A player's name: printed on the dealer screen and into hand histories, one line each."""
    if not _one_line(value, MAX_NAME):
        raise ScenarioError(
            f"setup.names: {show(value)} is not a name (text on one line, "
            f"1 to {MAX_NAME} characters)"
        )
    return value


def _validate_levels(levels: object) -> list[dict[str, Any]]:
    """The tournament clock's levels: ``{"blinds": [sb, bb], "ante": n, "minutes": m}`` (and
    ``"bb_ante": true``) or ``{"break": m}``; a level applies from the next hand (002 Rule 24)."""
    if not isinstance(levels, list) or len(levels) > MAX_LEVELS:
        raise ScenarioError(
            f"setup.levels must be a list of at most {MAX_LEVELS} levels, got {show(levels)}"
        )
    out: list[dict[str, Any]] = []
    for lv in levels:
        if not isinstance(lv, dict) or not ({"blinds", "break"} & lv.keys()):
            raise ScenarioError(f"setup.levels: {show(lv)} is neither a level nor a break")
        if "break" in lv:
            _keys(lv, ("break",), "setup.levels (a break)")
            out.append(
                {"break": _number(lv["break"], "setup.levels.break", most=10**6, what="minutes")}
            )
            continue
        _keys(lv, LEVEL_KEYS, "setup.levels")
        blinds = lv["blinds"]
        if (
            not isinstance(blinds, list)
            or len(blinds) != 2
            or _amount(blinds[0], "setup.levels.blinds")
            > _amount(blinds[1], "setup.levels.blinds", positive=True)
        ):
            raise ScenarioError(
                f"setup.levels.blinds must be [small, big] with small <= big, got {show(blinds)}"
            )
        level: dict[str, Any] = {
            "blinds": list(blinds),
            "ante": _amount(lv.get("ante", 0), "setup.levels.ante"),
        }
        if lv.get("minutes") is not None:
            minutes = _number(lv["minutes"], "setup.levels.minutes", most=10**6, what="minutes")
            if minutes == 0:
                raise ScenarioError("setup.levels.minutes: a level lasts more than 0 minutes")
            level["minutes"] = minutes
        if "bb_ante" in lv:
            if not isinstance(lv["bb_ante"], bool):
                raise ScenarioError(
                    f"setup.levels.bb_ante must be true or false, got {show(lv['bb_ante'])}"
                )
            level["bb_ante"] = lv["bb_ante"]
        out.append(level)
    return out


# A house option given in a setup's ``options`` whose value is a number, not one of CHOICES.
_NUMBER_OPTIONS = {"clock_seconds": (1, 3600)}
_OPTION_KEYS = frozenset({*CHOICES, *_NUMBER_OPTIONS})


def _validate_options(options: object) -> dict[str, Any]:
    """House option overrides (tablectl/engine/profiles.py): each a known option, each value one of
    its allowed values, so the engine never meets an option it cannot use."""
    if type(options) is dict:
        # the usual options: each a choice (no number option is one) and one of its values
        for key, value in options.items():
            if type(value) is not str or value not in CHOICES.get(key, ()):
                break
        else:
            return dict(options)
    options = _object(options, "setup.options", "of house options")
    if not _OPTION_KEYS.issuperset(options):
        _keys(options, _OPTION_KEYS, "setup.options")
    for key, value in options.items():
        if key in _NUMBER_OPTIONS:
            low, high = _NUMBER_OPTIONS[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ScenarioError(
                    f"setup.options.{key}: {show(value)} is not a whole number {low}..{high}"
                )
        elif not isinstance(value, str) or value not in CHOICES[key]:
            raise ScenarioError(
                f"setup.options.{key}: {show(value)}: choose one of {', '.join(CHOICES[key])}"
            )
    return dict(options)


def _validate(kind: str, body: Any) -> Any:
    validate = _VALIDATORS.get(kind)
    if validate is None:
        raise ScenarioError(f"unknown event {show(kind)}")
    return validate(body)


def _validate_deal(body: object) -> dict[str, list[str]]:
    if not isinstance(body, dict) or not body:
        raise ScenarioError(f"deal must map seats to lists of cards, got {show(body)}")
    return {
        str(_seat(k, "deal")): _cards(v, f"deal: seat {_seat(k, 'deal')}") for k, v in body.items()
    }


def _validate_push(body: object, kind: str = "push") -> dict[str, Any]:
    """A ``push`` (or a ``pull``): ``{"seat": N, "chips": [denominations]}``."""
    if isinstance(body, dict) and not body.keys() <= _MOVE_KEYS:
        _keys(body, tuple(_MOVE_KEYS), kind)
    if not isinstance(body, dict):
        raise ScenarioError(f"{kind} must be an object with seat and chips, got {show(body)}")
    chips = _chip_list(body.get("chips"), kind, items=True)
    if not chips:
        raise ScenarioError(f"{kind}: no chips")
    return {"seat": _seat(body.get("seat"), kind), "chips": chips}


def _validate_pull(body: object) -> dict[str, Any]:
    return _validate_push(body, "pull")


def _validate_chips(body: object) -> dict[str, list[int]]:
    if not isinstance(body, dict) or not body:
        raise ScenarioError(f"chips must map chip zones to their full contents, got {show(body)}")
    return {
        _chip_zone(str(k)): _chip_list(v, f"chips.{_chip_zone(str(k))}", items=True)
        for k, v in body.items()
    }


def _validate_fold(body: object) -> int:
    return _seat(body, "fold")


def _validate_declare(body: object) -> dict[str, Any]:
    if isinstance(body, dict) and not body.keys() <= _DECLARE_KEYS:
        _keys(body, tuple(_DECLARE_KEYS), "declare")
    if not isinstance(body, dict):
        raise ScenarioError(
            f"declare must be an object with seat and say or amount, got {show(body)}"
        )
    say = body.get("say")
    out = {"seat": _seat(body.get("seat"), "declare")}
    if say is None and body.get("amount") is None:
        raise ScenarioError("declare: needs say, amount or both")
    if say is not None:
        # no say: a specific amount only (002 Rule 41-B/C), read as that amount pushed
        if not isinstance(say, str) or say not in SAYS:
            raise ScenarioError(f"declare: say {show(say)} is not one of {', '.join(SAYS)}")
        out["say"] = say
    if body.get("amount") is not None:
        out["amount"] = _amount(body["amount"], "declare.amount", positive=True)
    return out


def _validate_press(body: object) -> str:
    if not isinstance(body, str) or body not in PRESSES:
        raise ScenarioError(f"press: {show(body)} is not one of {', '.join(PRESSES)}")
    return body


def _validate_tick(body: object) -> float:
    return _number(body, "tick", most=MAX_SECONDS, what="seconds")


def _validate_seat_flag(body: object) -> dict[str, Any]:
    if isinstance(body, dict) and not body.keys() <= _SEAT_FLAG_KEYS:
        _keys(body, tuple(_SEAT_FLAG_KEYS), "seat")
    if not isinstance(body, dict) or body.get("status") not in SEAT_FLAGS:
        raise ScenarioError(f"seat must be {{'seat': N, 'status': one of {SEAT_FLAGS}}}")
    return {"seat": _seat(body.get("seat"), "seat"), "status": body["status"]}


# The keys each object-valued event body may hold; the names as sets for the usual-case checks
# (only ever tested against a str: a JSON value may be unhashable).
_MOVE_KEYS = frozenset({"seat", "chips"})
_DECLARE_KEYS = frozenset({"seat", "say", "amount"})
_SEAT_FLAG_KEYS = frozenset({"seat", "status"})
_SAYS = frozenset(SAYS)
_PRESSES = frozenset(PRESSES)


def _face(value: object, where: str) -> str:
    """A card's face as read: "up" or "down"."""
    if value not in ("up", "down"):
        raise ScenarioError(f"{where}: face {show(value)} is neither 'up' nor 'down'")
    return value  # type: ignore[return-value]


def _validate_card(obj: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": _card_or_unknown(obj.get("card"), "card"),
        "zone": _zone(obj.get("zone")),
    }
    out["face"] = _face(obj.get("face", "down"), "card")
    if "deck" in obj:
        out["deck"] = _deck_id(obj["deck"], "card: deck")
    return out


def _validate_board(obj: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"board": _cards(obj.get("board"), "board")}
    if obj.get("burn") is not None:
        out["burn"] = _card_or_unknown(obj["burn"], "burn")
    return out


# Keys that travel with their event's key on the same object (the card's zone, the board's burn).
_COMPANIONS = {"card": {"zone", "face", "deck"}, "board": {"burn"}}
_CARD_LINE_KEYS = frozenset({"card", "zone", "face", "deck", "t"})
_BOARD_LINE_KEYS = frozenset({"board", "burn", "t"})


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
        if "t" in obj:
            t = obj["t"]
            if t is not None:
                _number(t, "t", most=MAX_SECONDS, what="seconds")
        else:
            t = None
        keys = set(obj) - {"t"}
        if "expect" in keys:
            if keys != {"expect"} or not isinstance(obj["expect"], dict) or not obj["expect"]:
                raise ScenarioError("an expect line holds one non-empty 'expect' object")
            return ParsedLine(expect=Expect(dict(obj["expect"]), lineno or 0))
        main = [k for k in keys if k in _KINDS]
        if len(main) != 1:
            names = ", ".join(sorted(k[:MAX_ECHO] for k in keys)) or "nothing"
            names = names if len(names) <= 2 * MAX_ECHO else names[: 2 * MAX_ECHO] + "…"
            raise ScenarioError(f"a line needs exactly one event key, found {names}")
        kind = main[0]
        if len(keys) > 1:  # the event's key alone needs no check
            _keys({k: None for k in keys}, {kind, *_COMPANIONS.get(kind, set())}, kind)
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
    if isinstance(event.body, FloorDecision | AckEntry | BadgeEntry | NameEntry | LevelEntry):
        obj[event.kind] = event.body.to_obj()
    if event.t is not None:
        obj["t"] = event.t
    return obj


def dumps(event: Event) -> str:
    """One journal/scenario line for ``event``."""
    return json.dumps(event_to_obj(event), separators=(", ", ": "))


# What orjson may read differently from the standard path: a number of 19 or more digits (past
# every limit; orjson turns a huge one into a float) or with a 3-digit exponent (out of range).
# _risky looks for them as the pattern did: each digit mapped to 0, each sign to +, E to e.
_RISKY_TEXT = re.compile(r"[0-9]{19}|[eE][+-]?[0-9]{3}")
_RISKY_MAP = bytes.maketrans(b"0123456789E-", b"0000000000e+")


def _risky(text: str | bytes) -> bool:
    """Whether ``text`` holds what :data:`_RISKY_TEXT` finds (a third of its time on bytes)."""
    if isinstance(text, str):
        return _RISKY_TEXT.search(text) is not None
    mapped = text.translate(_RISKY_MAP)
    return b"0000000000000000000" in mapped or b"e000" in mapped or b"e+000" in mapped


def _fast_obj(obj: Any, text: str | bytes, lineno: int | None) -> ParsedLine | None:
    """What :func:`parse_line` makes of orjson's ``obj`` (read from ``text``); None when the
    standard path must read the line.

    A line orjson refuses (not UTF-8, a BOM, a comment, NaN, a lone surrogate, ...) or whose object
    the validation refuses goes to the standard path. An accepted event holds only values the
    validation bounded (ints far below 19 digits, nesting below MAX_DEPTH) unless it holds a float
    (``t``, a ``tick``, a setup's levels) or is an expect line (its values are not validated):
    those are taken only without a number orjson may read differently, and within MAX_DEPTH."""
    if type(obj) is not dict:
        return None
    try:
        parsed = parse_obj(obj, lineno)
    except ScenarioError:
        return None
    event = parsed.event
    if event is None:  # an expect line
        if _risky(text) or not _depth_within(obj, MAX_DEPTH):
            return None
    elif (
        type(event.t) is float
        or (event.kind == "tick" and type(event.body) is float)
        or (event.kind == "setup" and "levels" in event.body)
    ) and _risky(text):
        return None
    return parsed


def parse_line(text: str | bytes, lineno: int | None = None) -> ParsedLine:
    """Parse one scenario/journal line (text, or the bytes of a file's line: they must be UTF-8).
    Blank lines and ``#`` comments give an empty result; anything else that is not one valid
    event or expectation within the limits raises :class:`ScenarioError` naming ``lineno``.

    orjson reads the line first when it is sure to give what the standard json gives
    (:func:`_fast_obj`); anything it refuses, the standard path reads, so every message is the
    standard path's."""
    size = len(text)
    if isinstance(text, str) and size * 4 > MAX_LINE_BYTES:  # else it fits whatever its bytes
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_LINE_BYTES + 2:  # the line's own newline does not count
        raise ScenarioError(
            f"line longer than {MAX_LINE_BYTES:,} bytes (the limit of a line)", lineno
        )
    if _orjson is not None:
        try:
            obj = _orjson.loads(text)
        except _orjson.JSONDecodeError:
            pass
        else:
            parsed = _fast_obj(obj, text, lineno)
            if parsed is not None:
                return parsed
    return _standard_line(text, lineno)


def _standard_line(text: str | bytes, lineno: int | None) -> ParsedLine:
    """parse_line's standard path: the standard json, every check in order, every message."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = exc.object[exc.start : exc.start + 4]
            raise ScenarioError(
                f"not UTF-8 text: byte {exc.start + 1} is {bad!r}", lineno
            ) from None
    stripped = text.strip().removeprefix("\ufeff")  # an editor's byte order mark
    if not stripped or stripped.startswith("#"):
        return ParsedLine()
    try:
        obj = json.loads(
            stripped,
            parse_constant=_no_constant,
            parse_int=_int_literal,
            parse_float=_float_literal,
        )
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"not JSON: {exc.msg} at column {exc.colno}", lineno) from None
    except RecursionError:
        raise ScenarioError(f"nested deeper than {MAX_DEPTH} levels", lineno) from None
    except ScenarioError as exc:
        raise ScenarioError(str(exc), lineno) from None
    if not _depth_within(obj, MAX_DEPTH):
        raise ScenarioError(f"nested deeper than {MAX_DEPTH} levels", lineno)
    return parse_obj(obj, lineno)


def _no_constant(name: str) -> Any:
    raise ScenarioError(f"{name} is not a number a line may hold (numbers are finite)")


def _int_literal(text: str) -> int:
    if len(text.lstrip("-")) > 18:  # past MAX_AMOUNT and MAX_SECONDS, and cheap to refuse
        raise ScenarioError(f"number {show(text)} is too large ({len(text):,} digits; at most 18)")
    return int(text)


def _float_literal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ScenarioError(f"number {show(text)} is out of range (numbers are finite)")
    return value


def _depth_within(obj: object, limit: int) -> bool:
    """Whether ``obj`` nests at most ``limit`` objects and lists deep (without recursion)."""
    stack: list[tuple[object, int]] = [(obj, 1)]
    while stack:
        item, depth = stack.pop()
        children = (
            item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        )
        if children is None:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True


# ------------------------------------------------------------------ the console's entries
# Floor decisions (the contract, "floor decisions") and the extensions of issue 13
# (docs/scenario-extensions.md): `ack`, `badge`, `name`. Each body is validated here once; a floor
# decision's body is a typed record, written back as the contract writes it.

FLOOR_DECISIONS = (
    "ruling",
    "undercall",
    "kill",
    "award",
    "stack",
    "button",
    "misdeal",
    "seat",
    "unseat",
)
BADGE_ROLES = ("dealer", "floor")
UNDERCALL_CHOICES = ("call", "fold")


@record
class FloorDecision:
    """One floor decision (002 Rule 1: final): who decided (``by``, the badge's name), which
    decision (one of :data:`FLOOR_DECISIONS`) and its validated value, seats as ints::

        ruling    {"seat": 3, "action": "call", "to": 600}   ("to" optional for fold, check)
        undercall {"seat": 3, "decide": "call" | "fold"}
        kill      4            button 4            unseat 7           misdeal True
        award     {3: 1200, 5: 600}                stack {3: 12500}
        seat      {"seat": 7, "name": "Ann" | None, "stack": 20000}
    """

    by: str
    decision: str
    value: Any

    def to_obj(self) -> dict[str, Any]:
        """The body as the contract writes it (seat keys as strings)."""
        value = self.value
        if self.decision in ("award", "stack"):
            value = {str(s): a for s, a in value.items()}
        elif isinstance(value, dict):
            value = {k: v for k, v in value.items() if v is not None}
        return {"by": self.by, self.decision: value}


def _text_line(value: object, where: str, most: int = MAX_NAME) -> str:
    """Text on one line, 1..``most`` characters (names: the screen and histories print them)."""
    if not _one_line(value, most):
        raise ScenarioError(
            f"{where}: {show(value)} is not text on one line, 1 to {most} characters"
        )
    return value


def _seat_map(value: object, where: str, *, positive: bool) -> dict[int, int]:
    body = _object(value, where, "of seats to chips")
    if not body:
        raise ScenarioError(f"{where}: names no seat")
    return {_seat(k, where): _amount(v, where, positive=positive) for k, v in body.items()}


def _floor_value(decision: str, value: object) -> Any:
    where = f"floor.{decision}"
    if decision == "ruling":
        body = _object(value, where, "with seat, action and to")
        _keys(body, ("seat", "action", "to"), where)
        action = body.get("action")
        if not isinstance(action, str) or action not in SAYS:
            raise ScenarioError(f"{where}.action: {show(action)} is not one of {', '.join(SAYS)}")
        out: dict[str, Any] = {"seat": _seat(body.get("seat"), where), "action": action, "to": None}
        if body.get("to") is not None:
            out["to"] = _amount(body["to"], f"{where}.to")
        elif action not in ("fold", "check"):
            raise ScenarioError(f"{where}: {action} needs 'to', the seat's total bet this street")
        return out
    if decision == "undercall":
        body = _object(value, where, "with seat and decide")
        _keys(body, ("seat", "decide"), where)
        decide = body.get("decide")
        if decide not in UNDERCALL_CHOICES:
            raise ScenarioError(f"{where}.decide: {show(decide)} is not call or fold")
        return {"seat": _seat(body.get("seat"), where), "decide": decide}
    if decision in ("kill", "button", "unseat"):
        return _seat(value, where)
    if decision == "award":
        return _seat_map(value, where, positive=True)
    if decision == "stack":
        return _seat_map(value, where, positive=True)
    if decision == "misdeal":
        if value is not True:
            raise ScenarioError(f"{where} must be true, got {show(value)}")
        return True
    body = _object(value, where, "with seat, name and stack")  # seat
    _keys(body, ("seat", "name", "stack"), where)
    name = body.get("name")
    return {
        "seat": _seat(body.get("seat"), where),
        "name": None if name is None else _text_line(name, f"{where}.name"),
        "stack": _amount(body.get("stack"), f"{where}.stack", positive=True),
    }


def _validate_floor(body: object) -> FloorDecision:
    if isinstance(body, FloorDecision):
        return body
    body = _object(body, "floor", "with 'by' and one decision")
    _keys(body, ("by", *FLOOR_DECISIONS), "floor")
    if "by" not in body:
        raise ScenarioError("floor: 'by' (who decided: the floor badge's name) is missing")
    by = _text_line(body["by"], "floor.by")
    decisions = [k for k in FLOOR_DECISIONS if k in body]
    if len(decisions) != 1:
        raise ScenarioError(
            f"floor: exactly one decision besides 'by', found "
            f"{', '.join(decisions) or 'none'} "
            f"(one of {', '.join(FLOOR_DECISIONS)})"
        )
    decision = decisions[0]
    return FloorDecision(by, decision, _floor_value(decision, body[decision]))


@record
class AckEntry:
    """The dealer acknowledges an open alert by its id (1-based over the session), or every one
    (``id`` None: the line's "all")."""

    id: int | None

    def to_obj(self) -> int | str:
        return "all" if self.id is None else self.id


@record
class BadgeEntry:
    """A staff badge read (docs/scenario-extensions.md): who, as dealer or floor; ``left`` when
    floor mode closes."""

    name: str
    role: str
    left: bool = False

    def to_obj(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "role": self.role}
        if self.left:
            out["left"] = True
        return out


@record
class NameEntry:
    """A player's name for a seat, entered at the console; None clears it."""

    seat: int
    name: str | None

    def to_obj(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name}


@record
class LevelEntry:
    """The venue's level (002 Rule 24): its number, blinds and ante; ``bb_ante`` and ``on_break``
    None where the line does not say."""

    number: int
    small_blind: int
    big_blind: int
    ante: int = 0
    bb_ante: bool | None = None
    on_break: bool | None = None

    def to_obj(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number,
            "blinds": [self.small_blind, self.big_blind],
            "ante": self.ante,
        }
        if self.bb_ante is not None:
            out["bb_ante"] = self.bb_ante
        if self.on_break is not None:
            out["break"] = self.on_break
        return out


def _validate_ack(body: object) -> AckEntry:
    """An alert id (1-based over the session) or "all"."""
    if body == "all":
        return AckEntry(None)
    if isinstance(body, bool) or not isinstance(body, int) or not 1 <= body <= MAX_AMOUNT:
        raise ScenarioError(f'ack: {show(body)} is neither an alert id (1, 2, ...) nor "all"')
    return AckEntry(body)


def _validate_badge(body: object) -> BadgeEntry:
    body = _object(body, "badge", "with name and role")
    _keys(body, ("name", "role", "left"), "badge")
    role = body.get("role")
    if role not in BADGE_ROLES:
        raise ScenarioError(f"badge.role: {show(role)} is not dealer or floor")
    name = _text_line(body.get("name"), "badge.name")
    left = body.get("left", False)
    if not isinstance(left, bool):
        raise ScenarioError(f"badge.left must be true or false, got {show(left)}")
    return BadgeEntry(name, role, left)


def _validate_name(body: object) -> NameEntry:
    body = _object(body, "name", "with seat and name")
    _keys(body, ("seat", "name"), "name")
    if "name" not in body:
        raise ScenarioError("name: 'name' is missing (null clears the name)")
    name = body["name"]
    seat = _seat(body.get("seat"), "name")
    return NameEntry(seat, None if name is None else _text_line(name, "name.name"))


def _validate_level(body: object) -> LevelEntry:
    """The venue's level (002 Rule 24): ``{"number": 6, "blinds": [300, 600], "ante": 600}``,
    optional ``bb_ante`` and ``break`` (true while the room is on a break)."""
    body = _object(body, "level", "with number and blinds")
    _keys(body, ("number", "blinds", "ante", "bb_ante", "break"), "level")
    number = body.get("number")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 200:
        raise ScenarioError(f"level.number must be a whole number 1 to 200, got {show(number)}")
    blinds = body.get("blinds")
    if not isinstance(blinds, list) or len(blinds) != 2:
        raise ScenarioError(f"level.blinds must be [small, big], got {show(blinds)}")
    sb = _amount(blinds[0], "level.blinds")
    bb = _amount(blinds[1], "level.blinds")
    if not 0 < sb <= bb:
        raise ScenarioError(f"level.blinds must be 0 < small <= big, got {show(blinds)}")
    ante = _amount(body.get("ante", 0), "level.ante")
    flags: dict[str, bool | None] = {"bb_ante": None, "break": None}
    for flag in flags:
        if flag in body:
            if not isinstance(body[flag], bool):
                raise ScenarioError(f"level.{flag} must be true or false, got {show(body[flag])}")
            flags[flag] = body[flag]
    return LevelEntry(number, sb, bb, ante, flags["bb_ante"], flags["break"])


# A read the bridge could not trust, held for the dealer (issue 27; docs/scenario-extensions.md)
RECOUNT_CARD_KEYS = ("card", "zone", "face", "deck", "seen", "why")
RECOUNT_CHIP_KEYS = ("chips", "ask", "why")
MAX_WHY = 200  # characters of a recount's reason


def _validate_recount(body: object) -> dict[str, Any]:
    """``{"chips": {zone: [...], ...}, "ask": zone, "why": text}``: the chip read held, the zone
    to count; or ``{"card": "9s", "zone": "seat:9", "face": "down", "seen": [zones], "why": text}``:
    the card read held (its likeliest place) and where else it was seen."""
    body = _object(body, "recount", "with chips and ask, or card and zone")
    out: dict[str, Any]
    if "card" in body:
        _keys(body, RECOUNT_CARD_KEYS, "recount")
        out = _validate_card(body)
        if out["card"] == UNKNOWN_CARD:
            raise ScenarioError("recount: a recount names an enrolled card, not '??'")
        if "seen" in body:
            seen = body["seen"]
            if not isinstance(seen, list) or not 0 < len(seen) <= 14:
                raise ScenarioError(f"recount.seen must list 1 to 14 card zones, got {show(seen)}")
            out["seen"] = [_zone(z) for z in seen]
    else:
        _keys(body, RECOUNT_CHIP_KEYS, "recount")
        if "chips" not in body:
            raise ScenarioError("recount needs 'chips' (the read held) or 'card'")
        chips = _validate_chips(body["chips"])
        ask = body.get("ask", next(iter(chips)))
        ask = _chip_zone(ask) if isinstance(ask, str) else _chip_zone(show(ask))
        if ask not in chips:
            raise ScenarioError(f"recount.ask: {ask} is not one of the zones read")
        out = {"chips": chips, "ask": ask}
    if "why" in body:
        out["why"] = _text_line(body["why"], "recount.why", MAX_WHY)
    return out


def _validate_counted(body: object) -> dict[str, Any]:
    """The dealer's answer to a recount: ``{"zone": "bet:4"}`` confirms the read held,
    ``{"zone": "bet:4", "chips": [100, 100]}`` is the dealer's count; ``{"card": "9s"}`` confirms,
    ``{"card": "9s", "zone": "seat:9"}`` (``face`` optional) is where the card lies;
    ``{"zone": "seat:4", "cards": 2}`` is the dealer's count of seat 4's hole cards."""
    body = _object(body, "counted", "naming the zone or the card recounted")
    if "card" in body:
        _keys(body, ("card", "zone", "face"), "counted")
        card = _card_or_unknown(body["card"], "counted.card")
        out: dict[str, Any] = {"card": card}
        if "zone" in body:
            out["zone"] = _zone(body["zone"])
        if "face" in body:
            out["face"] = _face(body["face"], "counted")
        return out
    if "zone" not in body:
        raise ScenarioError("counted names the 'zone' or the 'card' recounted")
    if isinstance(body["zone"], str) and body["zone"].startswith("seat:"):
        # the dealer's count of a seat's hole cards (a card the table could not read)
        _keys(body, ("zone", "cards"), "counted")
        n = body.get("cards")
        if type(n) is not int or not 0 <= n <= MAX_SEAT_CARDS:
            raise ScenarioError(
                f"counted.cards: the cards counted at {body['zone']} must be 0 to "
                f"{MAX_SEAT_CARDS}, got {show(n)}"
            )
        return {"zone": _zone(body["zone"]), "cards": n}
    _keys(body, ("zone", "chips"), "counted")
    zone = body["zone"]
    out = {"zone": _chip_zone(zone) if isinstance(zone, str) else _chip_zone(show(zone))}
    if "chips" in body:
        out["chips"] = _chip_list(body["chips"], "counted.chips")
    return out


MAX_SEAT_CARDS = 2  # a seat short of cards is counted: none, one or its two (a third is read)


def _validate_unread(body: object) -> dict[str, Any]:
    """``{"cards": ["9s"], "chips": {"stack:6": [100]}}``: the cards of the deck in play whose
    tags the table has not read since the deck was enrolled (dead tags, or cards not dealt yet;
    ``[]``: none), and (optional) the chips the bridge counts where they lie but cannot read
    there (a dead tag, a chip unread past any shadow), by zone; ``table``: dead chips whose
    place it does not know; ``deck``: the deck in play the cards are of, and ``dead_cards``
    those of its cards the bridge found dead (the dealer is told to change the deck)."""
    body = _object(body, "unread", "with the cards the table has not read")
    _keys(body, ("cards", "chips", "dead", "deck", "dead_cards"), "unread")
    listed = _cards(body.get("cards"), "unread.cards")
    if UNKNOWN_CARD in listed or len(set(listed)) != len(listed):
        raise ScenarioError("unread.cards lists enrolled cards, each once, not '??'")
    out: dict[str, Any] = {"cards": listed}
    if "deck" in body:
        out["deck"] = _deck_id(body["deck"], "unread.deck")
    if "dead_cards" in body:
        dead = _cards(body["dead_cards"], "unread.dead_cards")
        if not dead or not set(dead) <= set(listed) or len(set(dead)) != len(dead):
            raise ScenarioError("unread.dead_cards lists some of unread.cards, each once")
        if "deck" not in out:
            raise ScenarioError("unread.dead_cards needs the 'deck' they are of")
        out["dead_cards"] = dead
    if "chips" in body:
        chips = _object(body["chips"], "unread.chips", "of zone -> chip denominations")
        zones: dict[str, list[int]] = {}
        for zone, values in chips.items():
            key = (
                "table"
                if zone == "table"
                else _chip_zone(zone if isinstance(zone, str) else show(zone))
            )
            if key in zones:
                raise ScenarioError(f"unread.chips names {key} twice")
            listed_chips = _chip_list(values, f"unread.chips.{key}")
            if not listed_chips:
                raise ScenarioError(f"unread.chips.{key}: an empty list; leave the zone out")
            zones[key] = sorted(listed_chips, reverse=True)
        out["chips"] = zones
    if "dead" in body:
        out["dead"] = _dead_chips(body["dead"])
    return out


MAX_DEAD = 8  # dead chips of known place one ``unread`` names (a few tags die in a night)
TRAY = "tray"  # ``unread.dead``'s place of a dead chip in the dealer's tray, off the table


def _chip_uid(value: object, where: str) -> str:
    """A chip tag's UID: 8 to 20 hex digits (4 to 10 bytes), lower case."""
    if (
        not isinstance(value, str)
        or not 8 <= len(value) <= 20
        or len(value) % 2
        or any(c not in "0123456789abcdefABCDEF" for c in value)
    ):
        raise ScenarioError(f"{where} must be a tag UID of 8 to 20 hex digits, got {show(value)}")
    return value.lower()


def _dead_chips(value: object) -> list[dict[str, Any]]:
    """``[{"chip": "05c0…", "value": 100, "zone": "stack:4"}]``: chips that never answer whose
    place the bridge knows, a chip zone or ``tray`` (the engine asks the dealer to take them
    out of play)."""
    if not isinstance(value, list) or len(value) > MAX_DEAD:
        raise ScenarioError(f"unread.dead must be a list of at most {MAX_DEAD} chips")
    out: list[dict[str, Any]] = []
    for i, item in enumerate(value):
        where = f"unread.dead[{i}]"
        body = _object(item, where, "with chip, value and zone")
        _keys(body, ("chip", "value", "zone"), where)
        if not {"chip", "value", "zone"} <= body.keys():
            raise ScenarioError(f"{where} needs chip, value and zone")
        (v,) = _chip_list([body["value"]], f"{where}.value")
        zone = body["zone"]
        if zone != TRAY:
            try:
                zone = _chip_zone(zone if isinstance(zone, str) else show(zone))
            except ScenarioError:
                raise ScenarioError(
                    f"{where}.zone {show(zone)} is not bet:N, stack:N, pot or tray"
                ) from None
        out.append({"chip": _chip_uid(body["chip"], f"{where}.chip"), "value": v, "zone": zone})
    return out


def _validate_retire(body: object) -> dict[str, Any]:
    """The dealer's answer to *take a dead chip out of play*: ``{"chip": "05c0…"}`` it was found
    (set aside, a working chip of its value given from the tray), ``"found": false`` not there
    (every chip of that value answered the station's reader)."""
    body = _object(body, "retire", "naming the chip taken out of play")
    _keys(body, ("chip", "found"), "retire")
    if "chip" not in body:
        raise ScenarioError("retire names the 'chip' (its tag UID)")
    out: dict[str, Any] = {"chip": _chip_uid(body["chip"], "retire.chip")}
    if "found" in body:
        if not isinstance(body["found"], bool):
            raise ScenarioError(f"retire.found must be true or false, got {show(body['found'])}")
        if not body["found"]:
            out["found"] = False
    return out


def _deck_id(value: object, where: str) -> str:
    """An enrolled deck's id, as a ``card`` line's ``deck``: 1 to 16 printable characters."""
    if not isinstance(value, str) or not 0 < len(value) <= 16 or not value.isprintable():
        raise ScenarioError(f"{where} {show(value)} must name an enrolled deck")
    return value


def _validate_deck_change(body: object) -> dict[str, Any]:
    """The dealer brought another enrolled deck into play: ``{"deck": "C"}`` (the deck before
    it is out of play: its cards read on the table are another deck's)."""
    body = _object(body, "deck_change", "naming the deck brought into play")
    _keys(body, ("deck",), "deck_change")
    if "deck" not in body:
        raise ScenarioError("deck_change names the 'deck' brought into play")
    return {"deck": _deck_id(body["deck"], "deck_change.deck")}


_CONSOLE_VALIDATORS = {
    "floor": _validate_floor,
    "ack": _validate_ack,
    "badge": _validate_badge,
    "name": _validate_name,
    "level": _validate_level,
    "recount": _validate_recount,
    "counted": _validate_counted,
    "unread": _validate_unread,
    "retire": _validate_retire,
    "deck_change": _validate_deck_change,
}

# Each event kind's validator (``card`` and ``board`` carry companions: parse_obj reads them).
_VALIDATORS = {
    "setup": _validate_setup,
    "deal": _validate_deal,
    "push": _validate_push,
    "pull": _validate_pull,
    "chips": _validate_chips,
    "fold": _validate_fold,
    "declare": _validate_declare,
    "press": _validate_press,
    "tick": _validate_tick,
    "seat": _validate_seat_flag,
    **_CONSOLE_VALIDATORS,
}
