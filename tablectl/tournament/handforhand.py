"""Hand-for-hand play, 002 RP-8 (pure): the venue's rounds and the table's hold.

002 RP-8 A: "finish the current hand you're on then hold up, we are going hand for hand": every
table finishes the hand in progress and holds; the next hand starts everywhere only when every
table has reported its hand over. Players busting on the same hand-for-hand hand (the hand in
progress at the announcement included) share the places they cover: the prizes of those places
are split equally (:func:`shared_prizes`). RP-8 B-D: the clock loses 2 minutes per hand (at most
3), one hand at a time, and levels change as that time runs out (the console's clock takes it).
RP-8 F: "In the event of an all-in and call during H4H, the cards of all players in the hand
should remain face down. Dealers should not deal additional cards until instructed": the table
holds that hand until the director releases it.

Two sides:

- :class:`Rounds`, the venue's (held by :class:`tablectl.tournament.venue.Venue`): which round is
  on, which tables it waits for, who busted in it, which tables hold an all-in and call.
- :class:`TableHold`, a table's (the daemon's ``TableVenue`` and the venue simulation): what the
  last ``h4h`` command allows (one hand per round), whether the hand in progress is an all-in and
  call waiting for its release, and the dealer screen's lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tablectl.engine.view import TableView

MINUTES = 2  # RP-8 C: "the clock should be reduced by 2-minutes each hand"
MOST_MINUTES = 3  # RP-8 B: "a maximum of 3 minutes per hand will be deducted from the clock"
STREETS_WITH_CARDS_TO_COME = ("preflop", "flop", "turn")


@dataclass
class Rounds:
    """The venue's hand-for-hand state. Round 0 is the hand each table is on at the
    announcement (RP-8 A); rounds 1, 2 ... one hand each, released together."""

    round: int = 0
    start: dict[str, int] = field(default_factory=dict)  # table -> hands started at release
    waiting: list[str] = field(default_factory=list)  # tables whose round hand is not over
    busts: list[str] = field(default_factory=list)  # entries out in this round, in order
    allin: dict[str, int] = field(default_factory=dict)  # table -> hand held (RP-8 F)
    released: dict[str, int] = field(default_factory=dict)  # table -> hand released (RP-8 F)
    hands: int = 0  # hand-for-hand hands played (rounds over, round 0 aside)

    def copy(self) -> Rounds:
        return Rounds(
            self.round,
            dict(self.start),
            list(self.waiting),
            list(self.busts),
            dict(self.allin),
            dict(self.released),
            self.hands,
        )


def shared_prizes(places: list[int], prizes: dict[int, float]) -> float:
    """002 RP-8 A: players busting on one hand-for-hand hand share the places they cover, each
    the sum of those places' prizes split equally ("All 3 players will share in the 50th place
    payout": 52, 51 and 50 left, 50 paid). Rounded down to the cent, so never more than the
    places pay."""
    if not places:
        return 0.0
    total = sum(prizes.get(p, 0.0) for p in places)
    return int(total * 100 / len(places)) / 100


def runout_pending(view: TableView) -> bool:
    """An all-in and call with cards to come: a hand in progress, nobody left to act, at most
    one player not all-in, and the board not complete (002 RP-8 F)."""
    if view.street not in STREETS_WITH_CARDS_TO_COME or view.to_act is not None:
        return False
    live = [s for s in view.seats if s.status in ("active", "all-in")]
    allin = [s for s in live if s.status == "all-in"]
    return len(live) >= 2 and bool(allin) and len(live) - len(allin) <= 1


@dataclass
class TableHold:
    """A table's side of hand-for-hand: the latest ``h4h`` command (002 RP-8) and the hands
    dealt under it. ``round`` is the round the venue allows a hand for; ``dealt`` the round of
    the last hand this table started; ``release`` the hand the director released after an all-in
    and call (RP-8 F)."""

    on: bool = False
    round: int = 0
    deal: bool = False
    dealt: int = -1
    waiting: tuple[str, ...] = ()
    release: int = 0
    warned: list[str] = field(default_factory=list)  # cards dealt against the hold, in words

    def take(self, body: dict[str, Any]) -> None:
        """An ``h4h`` command's body (a repeat, or one older than the round held, is harmless)."""
        on = body.get("on") is True
        rnd = int(body.get("round", 0))
        if not on:
            self.on, self.deal, self.waiting, self.release = False, False, (), 0
            self.warned.clear()
            return
        if not self.on:  # RP-8 A: the hand in progress is round 0's, never a second one
            self.dealt = 0 if rnd == 0 else self.dealt
        if self.on and rnd < self.round:
            return
        self.on, self.round, self.deal = True, rnd, body.get("deal") is True
        self.waiting = tuple(str(t) for t in body.get("waiting", ()))
        self.release = max(self.release, int(body.get("release", 0)))

    def may_deal(self) -> bool:
        """Between hands: a new hand may start (no hand-for-hand, or this round's not dealt)."""
        return not self.on or (self.deal and self.dealt < self.round)

    def started(self, hand_no: int) -> str | None:
        """A hand started at the table: counted for this round, or an alert when it was dealt
        against the hold."""
        if not self.on:
            return None
        if self.may_deal():
            self.dealt = self.round
            return None
        text = f"hand {hand_no} dealt during the hold (002 RP-8 A)"
        self.warned.append(text)
        return text

    def frozen(self, view: TableView) -> bool:
        """An all-in and call during hand-for-hand, not yet released (002 RP-8 F)."""
        return self.on and runout_pending(view) and self.release != view.hand_no

    def card(self, view: TableView, was_frozen: bool) -> str | None:
        """A board card arrived: an alert when the hand was held for its release (RP-8 F)."""
        if not was_frozen:
            return None
        text = f"a card dealt in hand {view.hand_no} before the release (002 RP-8 F)"
        self.warned.append(text)
        return text

    def report(self, view: TableView) -> dict[str, Any] | None:
        """The state's ``hold``: the round of the last hand dealt and an all-in held."""
        if not self.on:
            return None
        return {"round": max(self.dealt, 0), "allin": self.frozen(view)}

    def lines(self, view: TableView) -> tuple[str, ...]:
        """What the dealer screen says: the hold, and why and for whom it waits."""
        if not self.on:
            return ()
        if self.frozen(view):
            head = "ALL-IN: CARDS DOWN"
            why = (
                "all-in and call: keep every hand face down; deal no further card until the "
                "director releases this table"
            )
        elif view.street not in ("idle", "over"):
            head = "FINISH THIS HAND"
            why = "then hold: the next hand starts when every table is done (002 RP-8 A)"
        elif self.may_deal():
            head = "DEAL ONE HAND"
            why = f"round {self.round}: every table deals one hand, then holds"
        else:
            head = "HOLD \u2014 hand for hand"
            others = ", ".join(self.waiting)
            why = (
                f"waiting for {others} to finish the hand"
                if others
                else "waiting for the director to start the next hand"
            )
        return (head, why, *self.warned[-2:])
