"""The chips in a seat's bet zone as the ledger knows them: last street's bets, the chips just
put out, the prior bet and what was pulled back of it (002 Rule 51-C). Reads only; writes no
state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablectl.engine.hand import Hand
from tablectl.engine.reading import Reading, read_chips
from tablectl.engine.state import BET_ZONE

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def multiset_minus(a: list[int], b: list[int]) -> list[int]:
    """``a`` without the chips of ``b``, one for one, in ``a``'s order (a count per denomination:
    linear in the chips, where ``list.remove`` in a loop was quadratic)."""
    if not b or not a:  # the usual case: nothing to take away (a new list all the same)
        return list(a)
    rest: dict[int, int] = {}  # a plain dict: a Counter costs more to build than these few chips
    for x in b:
        rest[x] = rest.get(x, 0) + 1
    out = []
    for x in a:
        left = rest.get(x, 0)
        if left:
            rest[x] = left - 1
        else:
            out.append(x)
    return out


def stale_free(table: TableState, hand: Hand, seat: int, new: list[int]) -> list[int]:
    """The chips in the seat's bet zone before ``new`` came, without last street's bets."""
    zone = multiset_minus(table.felt.zones.get(BET_ZONE[seat], []), new)  # a new list
    stale = hand.betting.gathered.get(seat)
    return multiset_minus(zone, stale) if stale else zone


def prior_chips(
    table: TableState, hand: Hand, seat: int, new: list[int]
) -> tuple[list[int], list[int]] | None:
    """The seat's prior-bet chips this street and those pulled back since its last action
    (002 Rule 51), when the zone agrees with the ledger: the prior chips hold the seat's bet and
    at most the change lying with it. None when the sensors and the ledger disagree."""
    pulled = hand.betting.pulled.get(seat)
    if pulled:
        pulled = list(pulled)
    else:
        # The usual zone: last street's chips (if any), then the chips just put out, in the order
        # they came: nothing else lies there, so there are no prior chips (no multisets to take
        # away). Any other zone is read below.
        zone = table.felt.zones.get(BET_ZONE[seat], [])
        stale = hand.betting.gathered.get(seat)
        if zone == ([*stale, *new] if stale else new):
            return None
        pulled = []
    prior = stale_free(table, hand, seat, new) + pulled
    bet = hand.round.bets.get(seat, 0)
    if not prior or not bet <= sum(prior) <= bet + table.felt.give_back.get(seat, 0):
        return None
    return prior, pulled


def read_zone(
    table: TableState,
    hand: Hand,
    seat: int,
    chips: list[int],
    declared: tuple[str, int | None] | None,
) -> tuple[Reading, bool]:
    """Read a push with the chips already in the zone and those pulled back (002 Rule 51-C);
    True when the zone's chips were known and read."""
    zone = prior_chips(table, hand, seat, chips)
    if zone is None:
        return read_chips(table, hand, seat, chips, declared), False
    prior, pulled = zone
    return read_chips(table, hand, seat, chips, declared, (prior, pulled)), True
