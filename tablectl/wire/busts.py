"""The award records of the last hand that busted a player, for the table's report (issue 32).

The venue pays bounties to who eliminated a player: the winners of the last pot the busted
player was in (tablectl.tournament.bounties). Only the table knows the pots; it keeps, from the
engine's outputs, each pot of the hand in progress as awarded (the ``award`` notice: eligible
``seats`` and ``winners`` with their chips) and, once a hand busts a player, publishes that
hand's records in its state as ``busts``, the last :data:`KEPT` such hands, oldest first
(docs/venue.md "The table report"): a table that played on while the venue could not hear it
publishes only its latest state, and one bust's record must not push out another's.

``[{"hand": 12, "button": 3, "busted": {"5": "Ann"}, "winners": {"2": "Bob"}, "pots":
[{"seats": [2, 5], "winners": {"2": 3400}}, ...]}, ...]``

``winners`` names the winners' players: by the time the venue hears of the hand a winner may
have moved to another table (a state superseded by a later one while the link was down).

The key is additive: a table without it still reports, and the venue asks the director who
eliminated whom. A floor award (002 Rule 23) pays every pot at once and names no eligible seats:
its one record has ``winners`` only, and the venue asks the director too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tablectl.engine.notices import Award, Eliminated, HandStart
from tablectl.engine.outputs import UNSET
from tablectl.wire.commands import VenueDataError, _int, _obj, _opt_seat, _seat, _text

KEPT = 10  # hands with a bust kept in the state (a table plays on unheard for a few hands)


class BustRecords:
    """Fed every output of one table's engine, in order (:meth:`see`)."""

    def __init__(self) -> None:
        self.hand = 0
        self.button: int | None = None
        self.pots: list[dict[str, Any]] = []  # the hand in progress, as awarded so far
        self.kept: list[dict[str, Any]] = []  # the last KEPT hands that busted a player

    def see(self, outputs: Iterable[object], names: dict[int, str]) -> None:
        """``names``: the table's players by seat now (the busted seat's name is kept)."""
        for o in outputs:
            if isinstance(o, HandStart):
                self.hand, self.button, self.pots = o.hand_no, o.button, []
            elif isinstance(o, Award):
                winners = {str(s): c for s, c in o.winners.items()}
                if o.seats is UNSET:  # a floor award: every pot at once, replacing the award
                    self.pots = [{"winners": winners}]
                else:
                    self.pots.append({"seats": list(o.seats), "winners": winners})
            elif isinstance(o, Eliminated):
                if not self.kept or self.kept[-1]["hand"] != self.hand:
                    self.kept.append({"hand": self.hand, "button": self.button, "busted": {}})
                    del self.kept[:-KEPT]
                last = self.kept[-1]
                last["pots"] = [dict(p) for p in self.pots]
                last["busted"][str(o.seat)] = names.get(o.seat, "")
                won = {s for p in self.pots for s in p["winners"]}
                last["winners"] = {s: names[int(s)] for s in sorted(won) if int(s) in names}

    @property
    def last(self) -> list[dict[str, Any]] | None:
        """The state's ``busts``: None until a hand busted a player."""
        return [dict(k) for k in self.kept] if self.kept else None


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
    if not isinstance(value, list) or not 1 <= len(value) <= KEPT:
        raise VenueDataError(f"report.busts must be a list of 1 to {KEPT} hands")
    return tuple(_parse_hand(v) for v in value)


def find(busts: tuple[Busts, ...] | None, seat: int, name: str) -> Busts | None:
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
