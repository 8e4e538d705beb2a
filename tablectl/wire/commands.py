"""What passes between the venue's tournament model and one table, as typed JSON records (pure).

Two directions (docs/venue.md, "Tournament model", has the exact shapes):

- :class:`TableReport`: what a table tells the venue, published retained by the transport: its
  seats (name, stack, status and, where the RFID reader has them, the chips of the stack), the
  button and blinds of the hand in progress or just played, the hand number, the level, a status.
- Commands, the venue's decisions for one table: :class:`SeatCmd`, :class:`UnseatCmd`,
  :class:`StackCmd` (the contract's ``floor`` decisions ``seat``, ``unseat``, ``stack``, journaled
  at that table once the dealer confirms them, so the table's journal stays the truth for the
  table), :class:`LevelCmd` (002 Rule 24: the next hand plays the new level) and :class:`HaltCmd`
  (002 Rule 11-D: hold play until players arrive).

Every record is a frozen dataclass with ``to_obj()`` (a JSON-ready dict) and ``from_obj()``, which
raises :class:`VenueDataError` with a one-line message on anything malformed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tablectl.engine.events import Event, FloorDecision, LevelEntry, event_from_obj

SEATS = range(1, 11)  # the table engine's seats (shared/spec/scenario-format.md)
REPORT_STATUSES = ("waiting", "playing", "between", "halted", "break", "offline")
# as the table's view names them (tablectl.engine.view), "empty" aside: "waiting" is a player
# seated between the small blind and the button, dealt in at the button (002 Rule 10-A)
SEAT_STATUSES = ("active", "folded", "all-in", "absent", "penalty", "dead", "out", "waiting")
MAX_CHIPS = 10**12  # docs/scenario-extensions.md "Limits": an amount of chips


class VenueDataError(ValueError):
    """A report, command or venue event that cannot be used; the message is one line."""


def _int(value: object, what: str, low: int = 0, high: int = MAX_CHIPS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise VenueDataError(f"{what} must be a whole number {low}..{high}, got {value!r:.80}")
    return value


def _seat(value: object, what: str) -> int:
    return _int(value, what, 1, 10)


def _opt_seat(value: object, what: str) -> int | None:
    return None if value is None else _seat(value, what)


def unprintable(text: str) -> str | None:
    """The first character of ``text`` that is not for showing (a control character, or a
    format one such as a bidirectional override, which would reverse the text drawn after a
    player's name on every screen), as ``U+202E``; None when there is none."""
    for ch in text:
        if unicodedata.category(ch) in _UNPRINTABLE:
            return f"U+{ord(ch):04X}"
    return None


_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 64 or "\n" in value:
        raise VenueDataError(
            f"{what} must be text on one line, 1 to 64 characters, got {value!r:.80}"
        )
    bad = unprintable(value)
    if bad is not None:
        raise VenueDataError(f"{what} has a control or format character ({bad})")
    return value


def _obj(value: object, what: str, keys: tuple[str, ...], required: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise VenueDataError(f"{what} must be an object, got {value!r:.80}")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise VenueDataError(f"{what}: unknown key {unknown[0]!r} (allowed: {', '.join(keys)})")
    missing = [k for k in required if k not in value]
    if missing:
        raise VenueDataError(f"{what}: missing {missing[0]!r}")
    return value


# ------------------------------------------------------------------------------ the table report


@dataclass(frozen=True, slots=True)
class SeatReport:
    seat: int
    name: str
    stack: int  # chips behind plus the bet in front (between hands: the stack)
    status: str = "active"  # SEAT_STATUSES; "out" = eliminated
    chips: tuple[int, ...] | None = None  # the RFID reading of the stack zone, when there is one

    def to_obj(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "name": self.name,
            "stack": self.stack,
            "status": self.status,
        }
        if self.chips is not None:
            out["chips"] = list(self.chips)
        return out

    @classmethod
    def from_obj(cls, obj: object, where: str = "seat") -> SeatReport:
        o = _obj(
            obj, where, ("seat", "name", "stack", "status", "chips"), ("seat", "name", "stack")
        )
        status = o.get("status", "active")
        if status not in SEAT_STATUSES:
            raise VenueDataError(
                f"{where}.status {status!r:.80} is not one of {', '.join(SEAT_STATUSES)}"
            )
        chips = o.get("chips")
        if chips is not None:
            if not isinstance(chips, list) or len(chips) > 2000:
                raise VenueDataError(f"{where}.chips must be a list of at most 2000 chips")
            chips = tuple(_int(c, f"{where}.chips", 1) for c in chips)
        return cls(
            _seat(o["seat"], f"{where}.seat"),
            _text(o["name"], f"{where}.name"),
            _int(o["stack"], f"{where}.stack"),
            status,
            chips,
        )


@dataclass(frozen=True, slots=True)
class LevelReport:
    """The level in force at a table (002 Rule 24: a new one applies from its next hand)."""

    number: int  # 1-based; on a break, the step's place in the structure
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bb_ante: bool = False
    on_break: bool = False

    def to_obj(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "bb_ante": self.bb_ante,
            "on_break": self.on_break,
        }

    @classmethod
    def from_obj(cls, obj: object) -> LevelReport | None:
        if obj is None:
            return None
        o = _obj(
            obj,
            "report.level",
            ("number", "small_blind", "big_blind", "ante", "bb_ante", "on_break"),
            ("number",),
        )
        flags = [o.get("bb_ante", False), o.get("on_break", False)]
        if not all(isinstance(f, bool) for f in flags):
            raise VenueDataError("report.level.bb_ante and .on_break must be true or false")
        return cls(
            _int(o["number"], "report.level.number", 0, 10**4),
            _int(o.get("small_blind", 0), "report.level.small_blind"),
            _int(o.get("big_blind", 0), "report.level.big_blind"),
            _int(o.get("ante", 0), "report.level.ante"),
            *flags,
        )


# the award records a report carries for bounties (``busts``: tablectl.wire.busts)
BUSTS_KEPT = 10


@dataclass(frozen=True, slots=True)
class PotRecord:
    """One pot as the table awarded it: eligible ``seats`` (None: a floor award named none) and
    the chips each winner took."""

    seats: tuple[int, ...] | None
    winners: dict[int, int]


@dataclass(frozen=True, slots=True)
class Busts:
    """A report's ``busts``: the award records of the last hand that busted a player."""

    hand: int
    button: int | None
    busted: dict[int, str]  # seat -> the name of the player it busted
    pots: tuple[PotRecord, ...]
    winners: dict[int, str]  # seat -> the name of the player who won chips of the pots

    def to_obj(self) -> dict[str, Any]:
        pots: list[dict[str, Any]] = []
        for p in self.pots:
            pot: dict[str, Any] = {} if p.seats is None else {"seats": list(p.seats)}
            pot["winners"] = {str(s): c for s, c in p.winners.items()}
            pots.append(pot)
        return {
            "hand": self.hand,
            "button": self.button,
            "busted": {str(s): n for s, n in self.busted.items()},
            "winners": {str(s): n for s, n in self.winners.items()},
            "pots": pots,
        }


def _seat_key(key: object, what: str) -> int:
    if not isinstance(key, str) or not key.isdigit():
        raise VenueDataError(f"{what}: a seat number, got {key!r:.20}")
    return _seat(int(key), what)


def parse_busts(value: object) -> tuple[Busts, ...] | None:
    """A report's ``busts`` (None when absent); :class:`VenueDataError` in one line if bad."""
    if value is None:
        return None
    if not isinstance(value, list) or not 1 <= len(value) <= BUSTS_KEPT:
        raise VenueDataError(f"report.busts must be a list of 1 to {BUSTS_KEPT} hands")
    return tuple(_parse_hand(v) for v in value)


def find_bust(busts: tuple[Busts, ...] | None, seat: int, name: str) -> Busts | None:
    """The latest hand's records that busted ``name`` in ``seat``."""
    return next((b for b in reversed(busts or ()) if b.busted.get(seat) == name), None)


def _parse_hand(value: object) -> Busts:
    o = _obj(
        value, "report.busts", ("hand", "button", "busted", "winners", "pots"), ("hand", "pots")
    )
    names = _names(o.get("busted", {}), "report.busts.busted")
    pots = o["pots"]
    if not isinstance(pots, list) or len(pots) > 10:
        raise VenueDataError("report.busts.pots must be a list of at most 10 pots")
    records = []
    for i, p in enumerate(pots):
        where = f"report.busts.pots[{i}]"
        p = _obj(p, where, ("seats", "winners"), ("winners",))
        seats = p.get("seats")
        if seats is not None:
            if not isinstance(seats, list) or len(seats) > 10:
                raise VenueDataError(f"{where}.seats must be a list of at most 10 seats")
            seats = tuple(_seat(s, f"{where}.seats") for s in seats)
        winners = p["winners"]
        if not isinstance(winners, dict) or not 1 <= len(winners) <= 10:
            raise VenueDataError(f"{where}.winners must map 1 to 10 seats to chips")
        won = {
            _seat_key(k, f"{where}.winners seat"): _int(c, f"{where}.winners")
            for k, c in winners.items()
        }
        records.append(PotRecord(seats, won))
    return Busts(
        _int(o["hand"], "report.busts.hand"),
        _opt_seat(o.get("button"), "report.busts.button"),
        names,
        tuple(records),
        _names(o.get("winners", {}), "report.busts.winners"),
    )


def _names(value: object, what: str) -> dict[int, str]:
    if not isinstance(value, dict) or len(value) > 10:
        raise VenueDataError(f"{what} must map at most 10 seats to names")
    return {
        _seat_key(k, f"{what} seat"): n if n == "" else _text(n, what) for k, n in value.items()
    }


@dataclass(frozen=True, slots=True)
class TableReport:
    """One table's state as the venue sees it: the one shape a table publishes retained on its
    ``state`` topic (``tablectl.wire.report.state_body``) and the venue folds as a
    ``report`` event; the latest one counts.

    ``button``/``sb``/``bb`` are the seats of the hand in progress or the last one played (``sb``
    where the small blind is, even a dead one, 002 Rule 33; all ``None`` before the first hand):
    the model reads from them who is due the big blind next and which open seat is the worst
    position (002 Rule 11-A). ``in_hand`` is true while a hand is live: its stacks do not count
    the pot. The transport's own fields (``t``, ``events_seq``) and ``street`` and ``chips`` (every
    chip on the table, pots included) ride along; the model does not need them.
    """

    table: str
    seq: int  # the table's own report counter: an older report than the last one is ignored
    seats: tuple[SeatReport, ...]
    hand: int = 0  # hands started at this table
    level: LevelReport | None = None  # the level in force (None: no level yet)
    status: str = "between"  # REPORT_STATUSES
    in_hand: bool = False
    button: int | None = None
    sb: int | None = None
    bb: int | None = None
    street: str | None = None  # the engine's street (idle preflop ... over)
    chips: int | None = None  # every chip at the table: stacks, bets and pots
    # hand-for-hand (002 RP-8): the round of the last hand dealt under it, and whether the hand
    # in progress is an all-in and call held for the director's release (RP-8 F)
    hold_round: int | None = None
    hold_allin: bool = False
    t: float | None = None  # the table's wall time when it queued the report
    events_seq: int | None = None  # the last event queued before it (transport)
    # the award records of the last hands that busted a player (tablectl.wire.busts; additive:
    # None from a table without them, and the venue asks the director who eliminated whom)
    busts: tuple[Busts, ...] | None = None

    KEYS: ClassVar[tuple[str, ...]] = (
        "table",
        "seq",
        "hand",
        "level",
        "status",
        "in_hand",
        "button",
        "sb",
        "bb",
        "seats",
        "street",
        "chips",
        "t",
        "events_seq",
        "hold",
        "busts",
        # for screens only (the director's floor map), not modelled: docs/venue.md
        "alerts",
        "board",
        "pot",
        "to_act",
    )

    @property
    def level_number(self) -> int:
        return self.level.number if self.level else 0

    def to_obj(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "table": self.table,
            "seq": self.seq,
            "hand": self.hand,
            "level": self.level.to_obj() if self.level else None,
            "status": self.status,
            "in_hand": self.in_hand,
            "button": self.button,
            "sb": self.sb,
            "bb": self.bb,
            "seats": [s.to_obj() for s in self.seats],
        }
        for key in ("street", "chips", "t", "events_seq"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.hold_round is not None:
            out["hold"] = {"round": self.hold_round, "allin": self.hold_allin}
        if self.busts is not None:
            out["busts"] = [b.to_obj() for b in self.busts]
        return out

    @classmethod
    def from_obj(cls, obj: object) -> TableReport:
        o = _obj(obj, "report", cls.KEYS, ("table", "seq", "seats"))
        status = o.get("status", "between")
        if status not in REPORT_STATUSES:
            raise VenueDataError(
                f"report.status {status!r:.80} is not one of {', '.join(REPORT_STATUSES)}"
            )
        raw = o["seats"]
        if not isinstance(raw, list) or len(raw) > 10:
            raise VenueDataError("report.seats must be a list of at most 10 seats")
        seats = tuple(SeatReport.from_obj(s, f"report.seats[{i}]") for i, s in enumerate(raw))
        if len({s.seat for s in seats}) != len(seats):
            raise VenueDataError("report.seats names a seat twice")
        if not isinstance(o.get("in_hand", False), bool):
            raise VenueDataError("report.in_hand must be true or false")
        street, t = o.get("street"), o.get("t")
        if street is not None and (not isinstance(street, str) or len(street) > 16):
            raise VenueDataError(f"report.street must be a street's name, got {street!r:.80}")
        if t is not None and (isinstance(t, bool) or not isinstance(t, int | float)):
            raise VenueDataError(f"report.t must be a time in seconds, got {t!r:.80}")
        chips, events_seq = o.get("chips"), o.get("events_seq")
        hold = o.get("hold")
        if hold is not None:
            hold = _obj(hold, "report.hold", ("round", "allin"), ("round",))
            if not isinstance(hold.get("allin", False), bool):
                raise VenueDataError("report.hold.allin must be true or false")
        return cls(
            _text(o["table"], "report.table"),
            _int(o["seq"], "report.seq"),
            seats,
            _int(o.get("hand", 0), "report.hand"),
            LevelReport.from_obj(o.get("level")),
            status,
            o.get("in_hand", False),
            _opt_seat(o.get("button"), "report.button"),
            _opt_seat(o.get("sb"), "report.sb"),
            _opt_seat(o.get("bb"), "report.bb"),
            street,
            None if chips is None else _int(chips, "report.chips"),
            None if hold is None else _int(hold["round"], "report.hold.round", 0, 10**6),
            False if hold is None else hold.get("allin", False),
            t,
            None if events_seq is None else _int(events_seq, "report.events_seq"),
            parse_busts(o.get("busts")),
        )

    def seat(self, seat: int) -> SeatReport | None:
        return next((s for s in self.seats if s.seat == seat), None)

    def occupied(self) -> list[int]:
        """Seats with a player still in the tournament."""
        return sorted(s.seat for s in self.seats if s.status != "out")


# -------------------------------------------------------------------------------- the commands


@dataclass(frozen=True, slots=True)
class Command:
    """A decision of the venue for one table. ``id`` is unique in the venue (``c17``): the table
    answers with it when the dealer confirms (or the table refuses). ``rule`` cites the rule."""

    kind: ClassVar[str] = ""
    OPTIONAL: ClassVar[tuple[str, ...]] = ()  # keys a command may leave out
    table: str
    id: str
    rule: str = ""
    why: str = ""

    def body(self) -> dict[str, Any]:
        raise NotImplementedError

    def floor(self, by: str, current: int | None = None) -> FloorDecision | None:
        """The contract's ``floor`` decision this becomes once ``by`` confirms it (the engine's
        typed record, validated as a journal line is: ``ScenarioError`` when it is not one);
        None for a command that is not a floor decision. ``current``: the seat's stack at the
        table when it is confirmed (a ``stack`` command adds to it)."""
        return None

    @staticmethod
    def _decision(by: str, decision: dict[str, Any]) -> FloorDecision:
        body = event_from_obj({"floor": {"by": by, **decision}}).body
        assert isinstance(body, FloorDecision)
        return body

    def to_obj(self) -> dict[str, Any]:
        return {
            "command": self.kind,
            "table": self.table,
            "id": self.id,
            **self.body(),
            "rule": self.rule,
            "why": self.why,
        }

    @staticmethod
    def from_obj(obj: object) -> Command:
        if not isinstance(obj, dict) or obj.get("command") not in COMMANDS:
            raise VenueDataError(
                f"not a venue command (command one of {', '.join(COMMANDS)}): {obj!r:.80}"
            )
        cls = COMMANDS[obj["command"]]
        o = _obj(
            obj,
            f"command {obj['command']}",
            ("command", "table", "id", "rule", "why", *cls.FIELDS, *cls.OPTIONAL),
            ("table", "id", *cls.FIELDS),
        )
        head = (_text(o["table"], "command.table"), _text(o["id"], "command.id"))
        tail = {"rule": str(o.get("rule", "")), "why": str(o.get("why", ""))}
        return cls.parse(head, o, tail)


@dataclass(frozen=True, slots=True)
class SeatCmd(Command):
    """A player takes an empty seat (002 Rules 7, 8-A, 10-A/B, 11-A). ``waits`` says the seat lies
    between the small blind and the button, so the player is dealt in once the button passes (002
    Rule 10-A; the engine defers it by itself, this is for the dealer screen)."""

    kind: ClassVar[str] = "seat"
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "name", "stack", "waits")
    seat: int = 1
    name: str = ""
    stack: int = 0
    waits: bool = False

    def body(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "stack": self.stack, "waits": self.waits}

    def floor(self, by: str, current: int | None = None) -> FloorDecision:
        return self._decision(
            by, {"seat": {"seat": self.seat, "name": self.name, "stack": self.stack}}
        )

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> SeatCmd:
        return cls(
            *head,
            seat=_seat(o["seat"], "command.seat"),
            name=_text(o["name"], "command.name"),
            stack=_int(o["stack"], "command.stack", 1),
            waits=bool(o["waits"]),
            **tail,
        )


@dataclass(frozen=True, slots=True)
class UnseatCmd(Command):
    """The player in ``seat`` leaves with their chips (a move, 002 Rules 10-B, 11-A; a table
    break). The confirmation carries the stack they took; the venue seats them at ``to``."""

    kind: ClassVar[str] = "unseat"
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "name", "to_table", "to_seat")
    seat: int = 1
    name: str = ""
    to_table: str = ""
    to_seat: int = 1

    def body(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "to_table": self.to_table,
            "to_seat": self.to_seat,
        }

    def floor(self, by: str, current: int | None = None) -> FloorDecision:
        return self._decision(by, {"unseat": self.seat})

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> UnseatCmd:
        return cls(
            *head,
            seat=_seat(o["seat"], "command.seat"),
            name=_text(o["name"], "command.name"),
            to_table=_text(o["to_table"], "command.to_table"),
            to_seat=_seat(o["to_seat"], "command.to_seat"),
            **tail,
        )


@dataclass(frozen=True, slots=True)
class StackCmd(Command):
    """Between hands, the seat's chips change by ``add`` (a re-buy or add-on, 002 Rule 28; a
    colour-up, 25). ``stack`` is the result expected from the last report; :meth:`floor`
    recomputes it from the stack the table has when the dealer confirms, so a hand played in
    between is not undone.

    With ``set`` the command carries the absolute result instead: ``stack`` is what the seat
    holds once confirmed, whatever it held before. A forfeit re-entry (002 Rule 8-B: "a full
    starting stack when made"; every old chip leaves play) and a busted player's re-buy in the
    seat kept (002 Rule 28, "A player may not miss a hand") are absolute; the table confirms a
    ``set`` for the named player even when eliminated there, and its answer says the stack it
    replaced (``before``)."""

    kind: ClassVar[str] = "stack"
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "name", "stack", "add")
    OPTIONAL: ClassVar[tuple[str, ...]] = ("set",)
    seat: int = 1
    name: str = ""
    stack: int = 0
    add: int = 0
    set: bool = False

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "name": self.name,
            "stack": self.stack,
            "add": self.add,
        }
        if self.set:
            out["set"] = True
        return out

    def result(self, current: int | None = None) -> int:
        """The seat's stack once confirmed at a table whose seat holds ``current``."""
        if self.set or current is None:
            return self.stack
        return max(0, current + self.add)

    def floor(self, by: str, current: int | None = None) -> FloorDecision:
        return self._decision(by, {"stack": {str(self.seat): self.result(current)}})

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> StackCmd:
        add, absolute = o["add"], o.get("set", False)
        if isinstance(add, bool) or not isinstance(add, int) or abs(add) > MAX_CHIPS:
            raise VenueDataError(f"command.add must be a whole number of chips, got {add!r:.80}")
        if not isinstance(absolute, bool):
            raise VenueDataError(f"command.set must be true or false, got {absolute!r:.80}")
        return cls(
            *head,
            seat=_seat(o["seat"], "command.seat"),
            name=_text(o["name"], "command.name"),
            stack=_int(o["stack"], "command.stack"),
            add=add,
            set=absolute,
            **tail,
        )


@dataclass(frozen=True, slots=True)
class LevelCmd(Command):
    """The clock announced step ``index`` of the structure (002 Rule 24: it applies from the next
    hand). Not a contract floor decision: the table starts its next hand at these blinds."""

    kind: ClassVar[str] = "level"
    FIELDS: ClassVar[tuple[str, ...]] = (
        "index",
        "number",
        "blinds",
        "ante",
        "bb_ante",
        "on_break",
        "color_up",
    )
    index: int = 0
    number: int = 0  # the level number (0 on a break)
    blinds: tuple[int, int] = (0, 0)
    ante: int = 0
    bb_ante: bool = False
    on_break: bool = False
    color_up: tuple[int, ...] = field(default=())

    def body(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "number": self.number,
            "blinds": list(self.blinds),
            "ante": self.ante,
            "bb_ante": self.bb_ante,
            "on_break": self.on_break,
            "color_up": list(self.color_up),
        }

    def event(self) -> Event:
        """The table's ``level`` event (docs/scenario-extensions.md): the engine applies it from
        the next hand (002 Rule 24)."""
        entry = {
            "number": self.number,
            "blinds": list(self.blinds),
            "ante": self.ante,
            "bb_ante": self.bb_ante,
            "break": self.on_break,
        }
        event = event_from_obj({"level": entry})
        assert isinstance(event.body, LevelEntry)
        return event

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> LevelCmd:
        blinds = o["blinds"]
        if not isinstance(blinds, list) or len(blinds) != 2:
            raise VenueDataError("command.blinds must be [small, big]")
        cu = o["color_up"]
        if not isinstance(cu, list):
            raise VenueDataError("command.color_up must be a list of denominations")
        return cls(
            *head,
            index=_int(o["index"], "command.index", 0, 10**4),
            number=_int(o["number"], "command.number", 0, 10**4),
            blinds=(_int(blinds[0], "command.blinds"), _int(blinds[1], "command.blinds")),
            ante=_int(o["ante"], "command.ante"),
            bb_ante=bool(o["bb_ante"]),
            on_break=bool(o["on_break"]),
            color_up=tuple(_int(c, "command.color_up", 1) for c in cu),
            **tail,
        )


@dataclass(frozen=True, slots=True)
class HaltCmd(Command):
    """Hold play (``halt`` true) at a table three or more players short of the fullest once its
    blinds are impacted, until players arrive (002 Rule 11-D); ``halt`` false resumes play."""

    kind: ClassVar[str] = "halt"
    FIELDS: ClassVar[tuple[str, ...]] = ("halt",)
    halt: bool = True

    def body(self) -> dict[str, Any]:
        return {"halt": self.halt}

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> HaltCmd:
        if not isinstance(o["halt"], bool):
            raise VenueDataError("command.halt must be true or false")
        return cls(*head, halt=o["halt"], **tail)


@dataclass(frozen=True, slots=True)
class HoldCmd(Command):
    """Hand-for-hand (002 RP-8), taken on receipt: ``on`` while it lasts; ``round`` the round the
    venue is on (0: finish the hand in progress, then hold, RP-8 A); ``deal`` whether this round's
    one hand may be dealt; ``waiting`` the tables whose round hand is not over yet (the dealer
    screen says for whom it holds); ``release`` the hand the director released after an all-in
    and call (RP-8 F: no further card until instructed), 0 for none."""

    kind: ClassVar[str] = "h4h"
    FIELDS: ClassVar[tuple[str, ...]] = ("on", "round", "deal", "waiting", "release")
    on: bool = True
    round: int = 0
    deal: bool = False
    waiting: tuple[str, ...] = ()
    release: int = 0

    def body(self) -> dict[str, Any]:
        return {
            "on": self.on,
            "round": self.round,
            "deal": self.deal,
            "waiting": list(self.waiting),
            "release": self.release,
        }

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> HoldCmd:
        if not isinstance(o["on"], bool) or not isinstance(o["deal"], bool):
            raise VenueDataError("command.on and command.deal must be true or false")
        waiting = o["waiting"]
        if not isinstance(waiting, list) or len(waiting) > 1000:
            raise VenueDataError("command.waiting must be a list of table names")
        return cls(
            *head,
            on=o["on"],
            round=_int(o["round"], "command.round", 0, 10**6),
            deal=o["deal"],
            waiting=tuple(_text(t, "command.waiting") for t in waiting),
            release=_int(o["release"], "command.release"),
            **tail,
        )


@dataclass(frozen=True, slots=True)
class BagCmd(UnseatCmd):
    """End of day (issue 32 section 3): the player's chips go into a bag, read and confirmed by
    the dealer as the bag-and-tag record: ``stack`` the total, ``chips`` the stack zone's RFID
    reading (chip values; empty when the table has none). Confirmed, it is an ``unseat`` (the
    chips leave the table in the bag) and the answer carries the stack the table held; the
    player is seated again on day two by a new draw (002 Rule 7)."""

    kind: ClassVar[str] = "bag"
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "name", "stack")
    OPTIONAL: ClassVar[tuple[str, ...]] = ("chips", "day")
    stack: int = 0
    chips: tuple[int, ...] = ()
    day: int = 1

    def body(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "stack": self.stack,
            "chips": list(self.chips),
            "day": self.day,
        }

    def colours(self) -> list[tuple[int, int]]:
        """(chip value, how many), the largest first: the tag's lines."""
        return sorted(((v, self.chips.count(v)) for v in set(self.chips)), reverse=True)

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> BagCmd:
        chips = o.get("chips", [])
        if not isinstance(chips, list) or len(chips) > 2000:
            raise VenueDataError("command.chips must be a list of at most 2000 chips")
        return cls(
            *head,
            seat=_seat(o["seat"], "command.seat"),
            name=_text(o["name"], "command.name"),
            stack=_int(o["stack"], "command.stack"),
            chips=tuple(_int(c, "command.chips", 1) for c in chips),
            day=_int(o.get("day", 1), "command.day", 1, 99),
            **tail,
        )


@dataclass(frozen=True, slots=True)
class NoteCmd(Command):
    """The director's announcements for this table's dealer screen (issue 31 part 3), taken on
    receipt: ``notes`` every one showing there now, newest first (each new command replaces the
    last; an empty list: none). Not a floor decision."""

    kind: ClassVar[str] = "note"
    FIELDS: ClassVar[tuple[str, ...]] = ("notes",)
    notes: tuple[str, ...] = ()

    def body(self) -> dict[str, Any]:
        return {"notes": list(self.notes)}

    @classmethod
    def parse(cls, head: tuple[str, str], o: dict, tail: dict) -> NoteCmd:
        notes = o["notes"]
        if not isinstance(notes, list) or len(notes) > 20:
            raise VenueDataError("command.notes must be a list of at most 20 texts")
        for n in notes:
            if not isinstance(n, str) or not 1 <= len(n) <= 200 or unprintable(n) is not None:
                raise VenueDataError(
                    f"command.notes: one line of 1 to 200 printable characters, got {n!r:.40}"
                )
        return cls(*head, notes=tuple(notes), **tail)


COMMANDS: dict[str, Any] = {
    c.kind: c for c in (SeatCmd, UnseatCmd, StackCmd, LevelCmd, HaltCmd, HoldCmd, BagCmd, NoteCmd)
}
