"""The director's free-text announcements (issue 31 part 3; pure).

``{"announce": {"text": "Dinner break at 20:00", "minutes": 15, "at": 1790000000.0,
"tables": ["T2"]}}``: a line for the venue clocks and the public page until ``at`` plus
``minutes`` (``at`` is the wall time the console stamped on it: the model reads no clock), and
for the dealer screens of ``tables`` (optional, the venue's table names). ``{"announce":
{"clear": "n1"}}`` takes one down before its time.

Time reaches the model as ``{"tick": {"at": t}}`` events, the console's clock ticks: each
announcement whose expiry is at or before ``t`` is over (an ``announcement_over`` notice). The
console sends a tick only when one is due, so its journal holds one line per expiry, and a
replay expires the same announcements at the same points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from tablectl.wire.commands import unprintable

MAX_TEXT = 200  # one line on the clock: longer text is a notice board, not an announcement
MAX_MINUTES = 24 * 60
MAX_LIVE = 20  # live at once: the clock shows the newest few, the rest would never be read


class AnnounceError(ValueError):
    """An announcement, withdrawal or tick that cannot apply: the message says why."""


@dataclass(frozen=True, slots=True)
class Note:
    id: str
    text: str
    until: float  # wall time it expires
    tables: tuple[str, ...] = ()  # dealer screens that show it too

    def to_obj(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "until": self.until, "tables": list(self.tables)}


@dataclass
class Board:
    """The announcements live now, oldest first, and the last id given."""

    live: list[Note] = field(default_factory=list)
    count: int = 0

    def copy(self) -> Board:
        return replace(self, live=list(self.live))


def _time(value: object, what: str) -> float:
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not 0 <= value <= 1e10
    ):
        raise AnnounceError(f"{what}: a wall time in seconds, got {value!r:.40}")
    return float(value)


def announce(board: Board, body: object, tables: tuple[str, ...]) -> Note | str:
    """Apply an ``announce`` body: the new :class:`Note`, or the id of the one cleared."""
    if not isinstance(body, dict):
        raise AnnounceError(f"an object with text, minutes, at (or clear), got {body!r:.40}")
    if "clear" in body:
        ident = body["clear"]
        gone = [n for n in board.live if n.id == ident]
        if not gone:
            raise AnnounceError(f"no announcement {ident!r:.40} is showing")
        board.live.remove(gone[0])
        return gone[0].id
    unknown = sorted(set(body) - {"text", "minutes", "at", "tables"})
    if unknown:
        raise AnnounceError(f"unknown key {unknown[0]!r:.40} (text, minutes, at, tables)")
    text = body.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        raise AnnounceError(f"text: 1 to {MAX_TEXT} characters, got {text!r:.40}")
    bad = unprintable(text)
    if bad is not None:
        raise AnnounceError(f"text: one line of printable characters ({bad} is not)")
    minutes = body.get("minutes")
    if (
        not isinstance(minutes, int | float)
        or isinstance(minutes, bool)
        or not math.isfinite(minutes)
        or not 0 < minutes <= MAX_MINUTES
    ):
        raise AnnounceError(f"minutes: more than 0, at most {MAX_MINUTES}, got {minutes!r:.40}")
    at = _time(body.get("at"), "at")
    chosen = body.get("tables", [])
    if not isinstance(chosen, list) or any(t not in tables for t in chosen):
        raise AnnounceError(f"tables: a list of the venue's tables ({', '.join(tables)})")
    if len(board.live) >= MAX_LIVE:
        raise AnnounceError(f"{MAX_LIVE} announcements are showing: clear one first")
    board.count += 1
    note = Note(
        f"n{board.count}",
        " ".join(text.split()),
        at + float(minutes) * 60,
        tuple(dict.fromkeys(chosen)),
    )
    board.live.append(note)
    return note


def tick(board: Board, body: object) -> list[Note]:
    """Apply a ``tick``: the announcements over by then, taken down."""
    if not isinstance(body, dict):
        raise AnnounceError(f"an object with at, got {body!r:.40}")
    at = _time(body.get("at"), "at")
    over = [n for n in board.live if n.until <= at]
    board.live = [n for n in board.live if n.until > at]
    return over


def due(board: Board, now: float) -> bool:
    """Whether a tick at ``now`` would take an announcement down (the console asks each step)."""
    return any(n.until <= now for n in board.live)


def for_table(board: Board, table: str) -> list[Note]:
    """The announcements a table's dealer screen shows, oldest first."""
    return [n for n in board.live if table in n.tables]
