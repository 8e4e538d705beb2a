"""A tournament's results from the venue model (pure): one row a player, best place first.

A player is a person: their first entry and every re-entry they bought (002 Rule 8-A, 8-B) are
one row, with ``entries`` counting them; another person of the same name (registered with
``again``) is a row of their own. ``place`` is the place of the player's last entry (the winner's
1; 0 while still playing), ``prize`` their money (a deal's figure when one was agreed), ``bounties``
the bounty money their entries won (tablectl.tournament.venue_bounties), ``rebuys`` and
``addons`` summed over their entries (002 Rule 28), ``points`` the venue's league formula
(tablectl.tournament.points), ``entered``
who entered the bust-out by hand at a table without sensors (tablectl.tournament.manual).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tablectl.tournament import venue_bounties
from tablectl.tournament.points import League
from tablectl.tournament.venue import IN_PLAY, Entry, Venue

FIELDS = (
    "place",
    "name",
    "member",
    "prize",
    "bounties",
    "entries",
    "rebuys",
    "addons",
    "points",
    "entered",
)


@dataclass(frozen=True, slots=True)
class ResultRow:
    place: int  # 0: still playing
    name: str
    member: str  # the member id given at registration ("" when none)
    prize: float
    bounties: float
    entries: int
    rebuys: int
    addons: int
    points: float | None  # None: no league configured, or still playing
    entered: str = ""  # who entered the bust-out by hand (a manual table); "" when sensed

    def to_obj(self) -> dict[str, Any]:
        return asdict(self)


def results(venue: Venue, league: League | None = None) -> list[ResultRow]:
    """Every player who took a seat: the standings, those still playing first (by stack), then
    the places, best first."""
    assert venue.cfg is not None
    people: dict[str, list[Entry]] = {}
    for e in venue.entries.values():
        if e.status in ("waiting", "registered") and venue.started:
            continue  # never seated: no entry paid (002 Rule 8-A: counted when seated)
        people.setdefault(e.player or e.id, []).append(e)
    n = venue.purse.entries
    pool = venue.purse.pool(venue.structure)
    rows: list[tuple[tuple[int, int], ResultRow]] = []  # (still playing 0 / placed 1, order)
    for entries in people.values():
        last = entries[-1]
        playing = last.status in IN_PLAY or last.status == "registered"
        place = 1 if playing and venue.finished else (0 if playing else last.place)
        prize = venue.prize_of(last, place) if place else 0.0
        bounties = venue_bounties.won(venue, [e.id for e in entries])
        points = None
        if league is not None and place:
            points = league.points(
                {
                    "n": n,
                    "players": len(people),
                    "k": place,
                    "b": venue.structure.per_entry,
                    "pool": pool,
                    "prize": prize,
                    "bounties": bounties,
                }
            )
        row = ResultRow(
            place=place,
            name=last.name,
            member=last.member,
            prize=prize,
            bounties=bounties,
            entries=len(entries),
            rebuys=sum(e.rebuys for e in entries),
            addons=sum(e.addons for e in entries),
            points=points,
            entered=venue.manual.busted_by.get(last.id, "") if place else "",
        )
        rows.append(((1, place) if place else (0, -last.stack), row))
    return [row for _key, row in sorted(rows, key=lambda r: r[0])]
