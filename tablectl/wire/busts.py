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
from typing import Any

from tablectl.engine.notices import Award, Eliminated, HandStart
from tablectl.engine.outputs import UNSET
from tablectl.wire.commands import BUSTS_KEPT, parse_busts

# hands with a bust kept in the state (a table plays on unheard for a few hands); the venue
# reads as many (tablectl.wire.commands.parse_busts)
KEPT = BUSTS_KEPT


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

    def record(self) -> dict[str, Any]:
        """All of it, as JSON data: kept across a daemon restart (the journal replays only the
        hand in progress, so the hands before it would be lost)."""
        return {"hand": self.hand, "button": self.button, "pots": self.pots, "kept": self.kept}

    @classmethod
    def restored(cls, record: dict[str, Any]) -> BustRecords:
        """:meth:`record`'s data back; ValueError when it is not (a damaged row)."""
        out = cls()
        hand, button = record.get("hand"), record.get("button")
        pots, kept = record.get("pots"), record.get("kept")
        if not isinstance(hand, int) or not (button is None or isinstance(button, int)):
            raise ValueError("bust records: hand and button must be numbers")
        if not isinstance(pots, list) or not isinstance(kept, list) or len(kept) > KEPT:
            raise ValueError(f"bust records: pots and at most {KEPT} kept hands are lists")
        if kept:
            parse_busts(kept)  # what the venue will read: the same strict parse
        out.hand, out.button, out.pots, out.kept = hand, button, pots, kept
        return out

    @property
    def last(self) -> list[dict[str, Any]] | None:
        """The state's ``busts``: None until a hand busted a player."""
        return [dict(k) for k in self.kept] if self.kept else None
