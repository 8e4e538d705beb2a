"""Bounties in the venue's tournament (issue 32 section 1; pure): the setup option, the heads
bought with each entry, who eliminated whom, and what the clock and the results show.

The venue keeps a :class:`~tablectl.tournament.bounties.Book` (setup ``"bounty": {"kind":
"fixed" | "pko", "amount": 20}``; ``{"kind": "none"}`` or no key: no bounties):

- a head is bought with every entry counted in the prize pool (a registration, a re-entry, a
  player seated from the waiting list) and with a re-buy after busting (the player is back
  with a head of their own); a re-entry forfeiting its stack (002 Rule 8-B) carries the old
  entry's head to the new one, as the stack's chips are removed but the money stays in play;
- an elimination records ``by`` (eliminator entry id -> share) on the busted entry, the one
  record for both sources: a manual table's floor person enters it (tablectl.tournament.manual),
  a sensored table's report carries the award records of the hand that busted the player
  (``busts``, tablectl.wire.busts), and the eliminators are the winners of the last pot the
  player was in, weighted by the chips each took (:func:`~.bounties.eliminators`);
- a report without the records (an older table, a floor award naming no pot's seats) leaves
  the head on the busted player and asks the director who eliminated them (an ``alert`` and
  :func:`asked`); the director answers with the ``knockout`` event;
- the winner takes their own head once no knockout is left to answer.

The bounty pool is apart from the prize pool: money in = pool = paid + still on heads.
"""

from __future__ import annotations

from typing import Any

from tablectl.tournament.bounties import (
    KINDS,
    Book,
    BountyError,
    BountySetup,
    PotWon,
    eliminators,
    parse_bounty,
)
from tablectl.wire.commands import TableReport
from tablectl.wire.commands import find_bust as find

IN_PLAY = ("seated", "arriving", "leaving")  # tablectl.tournament.venue's (it imports this)


def parse_setup(value: object, unit: int) -> BountySetup | None:
    """The setup's ``bounty``: None when absent or ``{"kind": "none"}``."""
    if value is None or value == {"kind": "none"}:
        return None
    if not isinstance(value, dict) or value.get("kind") not in KINDS:
        raise BountyError(f'setup.bounty: {{"kind": none, {", ".join(KINDS)}, "amount": money}}')
    try:
        return parse_bounty(value, unit)
    except BountyError as exc:
        raise BountyError(f"setup.{exc}") from None


class Bounties:
    """The venue's bounty state: the book, and the eliminations waiting for the director."""

    def __init__(self, setup: BountySetup | None = None) -> None:
        self.book = Book(setup) if setup is not None else None
        self.asked: list[str] = []  # busted entries whose eliminators the director must name

    def copy(self) -> Bounties:
        """For the venue's snapshot (a refused event restores it)."""
        other = Bounties()
        other.asked = list(self.asked)
        if self.book is not None:
            b = self.book
            other.book = Book(b.setup, dict(b.heads), dict(b.won), b.entries)
        return other

    def enter(self, entry: str) -> None:
        if self.book is not None:
            self.book.enter(entry)

    def carry(self, old: str, new: str) -> None:
        """002 Rule 8-B: a re-entry forfeiting its stack (``new`` entered with a head of its
        own): the old entry's head is added to the new one's."""
        if self.book is not None and old in self.book.heads:
            self.book.heads[new] += self.book.heads.pop(old)
            if old in self.asked:
                self.asked.remove(old)

    def rebuy(self, entry: Any) -> None:
        """A busted player's re-buy buys a head again; refused while their knockout waits."""
        if self.book is None:
            return
        if entry.id in self.asked:
            raise BountyError(
                f"who eliminated {entry.name}? answer (knockout) before the re-buy: "
                "their bounty is still on their head"
            )
        self.book.enter(entry.id)


def eliminated_by(report: TableReport | None, entry: Any, venue: Any) -> dict[str, int]:
    """Who eliminated ``entry`` (entry id -> chips taken of the pot that busted them), from the
    report's award records; {} when the report does not say (the director is asked)."""
    busts = find(report.busts, entry.seat, entry.name) if report is not None else None
    if busts is None:
        return {}
    pots = [PotWon(p.seats, p.winners) for p in busts.pots if p.seats is not None]
    if len(pots) != len(busts.pots):
        return {}  # a floor award: the pots' eligible seats are unknown
    try:
        seats = eliminators(entry.seat, pots, busts.button)
    except BountyError:
        return {}
    by: dict[str, int] = {}
    for seat, chips in seats.items():
        # the winner by name: they may have moved since (a state heard late); a table that
        # does not name them, by the report's seat
        seen = report.seat(seat) if report is not None else None
        name = busts.winners.get(seat) or (seen.name if seen is not None else "")
        winner = next(
            (e for e in venue.entries.values() if e.name == name and e.status in IN_PLAY), None
        )
        if winner is None:
            return {}
        by[winner.id] = chips
    return by


def knockout(venue: Any, entry: Any, report: TableReport | None) -> dict[str, Any]:
    """At ``entry``'s elimination: ``by`` as a manual table entered it or from the report's
    records; the head paid, or the director asked. The announcement's extra data."""
    b: Bounties = venue.bounties
    if not entry.by:
        entry.by = eliminated_by(report, entry, venue)
    if b.book is None:
        return {}
    if not entry.by:
        b.asked.append(entry.id)
        return {"bounty_asked": True}
    return {"bounty": _pay(b.book, entry.id, entry.by)}


def words(venue: Any, data: dict[str, Any]) -> str:
    """The eliminated line's bounty words: ``; bounty $10.00 to Bob``."""
    if "bounty" not in data:
        return ""
    cur = venue.structure.currency
    paid = ", ".join(
        f"{cur}{c / 100:,.2f} to {venue.entries[k].name}" for k, c in data["bounty"].items()
    )
    return f"; bounty {paid}"


def ask(entry: Any) -> str:
    """The director's question when the table's report does not say who eliminated a player."""
    return (
        f"who eliminated {entry.name} ({entry.id})? the table's report does not say; "
        "their bounty waits for the answer (knockout)"
    )


def _pay(book: Book, busted: str, by: dict[str, int]) -> dict[str, int]:
    """The knockout paid: each eliminator's money in cents."""
    return {p.entry: p.money for p in book.knockout(busted, by)}


def answer(venue: Any, body: object) -> tuple[Any, dict[str, int]]:
    """The director's ``knockout`` event: ``{"entry": "e7", "by": {"e2": 1}}`` (entry ids or
    names; shares whole numbers above 0, a name alone a share of 1): who eliminated a player the
    table's report did not say."""
    if not isinstance(body, dict) or not isinstance(body.get("entry"), str):
        raise BountyError('knockout: {"entry": id, "by": {id or name: share}}')
    b: Bounties = venue.bounties
    entry = venue.entries.get(body["entry"])
    if entry is None or entry.id not in b.asked:
        raise BountyError(f"no knockout waits for {body['entry']!r:.40}")
    shares = body.get("by")
    if isinstance(shares, str):
        shares = {shares: 1}
    if not isinstance(shares, dict) or not shares:
        raise BountyError(f"knockout: who eliminated {entry.name}?")
    by: dict[str, int] = {}
    for who, share in shares.items():
        winner = _find(venue, who)
        if isinstance(share, bool) or not isinstance(share, int) or share < 1:
            raise BountyError(f"knockout: {who}'s share must be a whole number above 0")
        if winner is None or b.book is None or winner.id not in b.book.heads:
            raise BountyError(f"knockout: {who!r:.40} is not a player still in with a bounty")
        by[winner.id] = share
    assert b.book is not None
    paid = _pay(b.book, entry.id, by)
    b.asked.remove(entry.id)
    entry.by = by
    return entry, paid


def _find(venue: Any, who: object) -> Any:
    if not isinstance(who, str):
        return None
    if who in venue.entries:
        return venue.entries[who]
    found = [e for e in venue.entries.values() if e.name == who]
    return found[-1] if found else None


def finish(venue: Any) -> dict[str, int]:
    """The winner takes their own head once every knockout is paid: {entry: cents}, or {}."""
    b: Bounties = venue.bounties
    if b.book is None or b.asked or not venue.finished or len(b.book.heads) != 1:
        return {}
    p = b.book.finish(next(iter(b.book.heads)))
    return {p.entry: p.money}


def summary(venue: Any) -> dict[str, Any]:
    """The clock's and the public page's figures: ``bounty`` (None without bounties)."""
    b: Bounties = venue.bounties
    if b.book is None:
        return {"bounty": None}
    book = b.book
    heads = sorted(
        ([venue.entries[k].name, v / 100] for k, v in book.heads.items()),
        key=lambda h: (-h[1], h[0]),
    )
    return {
        "bounty": {
            "kind": book.setup.kind,
            "amount": book.setup.bounty / 100,
            "pool": book.pool / 100,
            "paid": sum(book.won.values()) / 100,
            "heads": heads,
            "asked": [venue.entries[k].name for k in b.asked],
        }
    }


def won(venue: Any, entry_ids: list[str]) -> float:
    """The bounty money a player (their entries) won, for the results."""
    b: Bounties = venue.bounties
    if b.book is None:
        return 0.0
    return sum(b.book.won.get(i, 0) for i in entry_ids) / 100
