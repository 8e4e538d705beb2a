"""What a venue clock shows from the venue (pure): the facts the venue process publishes on the
clock topic (``VenueRunner.publish``) turned into the figures the clock screen draws.

Players left, the average stack and the chips in play come from the tables' reports (not typed
at the clock); the prize pool and payouts in money from the venue's entries; recent seat moves
are shown in large type for :data:`MOVE_SECONDS`; tables offline are named; with bounties the
bounty pool (apart from the prize pool) and each player's current bounty, largest first; the
director's announcements until their expiry (issue 31 part 3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

MOVE_SECONDS = 180.0  # a seat move stays on the clock this long (wall seconds)
MOVES_SHOWN = 3
MAX_PLACES = 100  # payout lines read from a payload (the clock shows the first few)
MAX_TABLES = 100
NOTES_SHOWN = 2  # announcements on the clock at once, the newest first


@dataclass(frozen=True, slots=True)
class VenueBoard:
    entrants: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool: float
    currency: str
    payouts: tuple[tuple[int, float], ...]
    moves: tuple[str, ...]  # recent seat moves, newest first
    offline: tuple[str, ...]  # tables offline
    tables: int  # tables in play
    final_table: bool
    # an agreed deal: (name, amount) largest first, its method and the amount played for
    deal: tuple[tuple[str, float], ...] = ()
    deal_method: str = ""
    played_for: float = 0.0
    # bounties (issue 32): the bounty pool, apart from the prize pool, and each player's
    # current bounty (name, amount) largest first
    bounty_pool: float = 0.0
    bounties: tuple[tuple[str, float], ...] = ()
    # the director's announcements showing, newest first (at most NOTES_SHOWN)
    notes: tuple[str, ...] = ()

    def key(self) -> tuple[Any, ...]:
        return (
            self.entrants,
            self.players_left,
            self.chips_in_play,
            self.prize_pool,
            self.payouts,
            self.moves,
            self.offline,
            self.tables,
            self.final_table,
            self.deal,
            self.played_for,
            self.bounty_pool,
            self.bounties,
            self.notes,
        )


@dataclass(frozen=True, slots=True)
class FeedState:
    """Whether a kiosk's venue feed is live, and if not since when and why.

    ``live`` only while the broker has the kiosk connected and the venue's clock topic has
    delivered a payload: a clock refused by the broker, cut off from it, or pointed at a venue id
    that never published has no venue figures to show (issue 25: a wall clock is believed).
    ``since`` is the wall time the feed was last lost (or the kiosk started without one);
    ``as_of`` the wall time of the newest venue payload, None before the first.
    """

    live: bool
    since: float | None
    why: str
    as_of: float | None

    def key(self) -> tuple[Any, ...]:
        return (self.live, self.since, self.why, self.as_of)


def board_from_clock(body: dict[str, Any] | None, now: float) -> VenueBoard | None:
    """The board from the clock topic's payload (None when there is none yet, or it is not the
    venue's); ``now`` is the wall time, for how long a move stays shown."""
    if not isinstance(body, dict) or not isinstance(body.get("summary"), dict):
        return None
    s = body["summary"]

    def num(key: str) -> int:
        value = s.get(key, 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def listed(value: object) -> list[Any]:  # a payload of the wrong shape shows nothing
        return value if isinstance(value, list) else []

    payouts: list[tuple[int, float]] = []
    for p in listed(s.get("payouts"))[:MAX_PLACES]:
        if (
            isinstance(p, list)
            and len(p) == 2
            and all(isinstance(x, int | float) and not isinstance(x, bool) for x in p)
            and all(math.isfinite(x) for x in p)
        ):
            payouts.append((int(p[0]), float(p[1])))
    deal: list[tuple[str, float]] = []
    for d in listed(s.get("deal_shares"))[:MAX_PLACES]:
        if isinstance(d, list) and len(d) == 2 and isinstance(d[0], str) and _amount(d[1]):
            deal.append((d[0][:32], float(d[1])))
    made = s.get("deal") if isinstance(s.get("deal"), dict) else {}
    method = made.get("method") if isinstance(made.get("method"), str) else ""
    held = made.get("held_back")
    bounty = s.get("bounty") if isinstance(s.get("bounty"), dict) else {}
    heads: list[tuple[str, float]] = []
    for h in listed(bounty.get("heads"))[:MAX_PLACES]:
        if isinstance(h, list) and len(h) == 2 and isinstance(h[0], str) and _amount(h[1]):
            heads.append((h[0][:32], float(h[1])))
    bounty_pool = bounty.get("pool")
    moves = []
    box = body.get("moves")
    for m in reversed(listed(box.get("moves") if isinstance(box, dict) else None)):
        if not isinstance(m, dict) or not isinstance(m.get("t"), int | float):
            continue
        if now - float(m["t"]) <= MOVE_SECONDS and len(moves) < MOVES_SHOWN:
            text = m.get("text")
            moves.append(text[:80] if isinstance(text, str) else "")
    notes: list[str] = []
    for n in reversed(listed(s.get("announcements"))[-MAX_PLACES:]):
        # past its expiry it goes, even before the venue's tick reaches this clock
        if (
            isinstance(n, dict)
            and isinstance(n.get("text"), str)
            and _amount(n.get("until"))
            and float(n["until"]) > now
            and len(notes) < NOTES_SHOWN
        ):
            notes.append(n["text"][:200])
    offline = tuple(t[:32] for t in listed(s.get("offline"))[:MAX_TABLES] if isinstance(t, str))
    tables = s.get("tables")
    pool = s.get("prize_pool", 0)
    return VenueBoard(
        entrants=num("entrants"),
        players_left=num("players_left"),
        chips_in_play=num("chips_in_play"),
        average_stack=num("average_stack"),
        prize_pool=float(pool)
        if isinstance(pool, int | float) and not isinstance(pool, bool) and math.isfinite(pool)
        else 0.0,
        currency=s["currency"][:4] if isinstance(s.get("currency"), str) else "$",
        payouts=tuple(payouts),
        deal=tuple(deal) if method else (),
        deal_method=method[:12] if deal else "",
        played_for=float(held) if deal and _amount(held) else 0.0,
        moves=tuple(moves),
        offline=offline,
        tables=len(tables) if isinstance(tables, dict | list) else 0,
        final_table=bool(s.get("final_table")),
        bounty_pool=float(bounty_pool) if _amount(bounty_pool) else 0.0,
        bounties=tuple(heads),
        notes=tuple(notes),
    )


def _amount(value: object) -> bool:
    """A finite amount of money (JSON numbers only; not a bool)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value) and value >= 0
    except OverflowError:  # an int past a float's range
        return False
