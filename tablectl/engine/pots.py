"""Main and side pots, and splitting a pot among tied hands.

A player all-in for less is entitled to an equal share from each player in the hand; the excess
forms a side pot (001 "Side Pots"), and each pot is split separately (002 Rule 22).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence

from tablectl.engine.records import record


@record
class Pot:
    amount: int
    seats: tuple[int, ...]  # eligible seats, ascending


def build_pots(contributed: Mapping[int, int], live: set[int], dead_money: int = 0) -> list[Pot]:
    """Pots from each seat's chips put in this hand, main first (001 "Side Pots").

    ``live`` are the seats still contesting (not folded). Each distinct contribution of a live seat
    closes a pot level; chips of folded seats play up to each level. ``dead_money`` (a big blind
    ante, paid for everyone) goes to the main pot.
    """
    ordered = sorted(live)
    levels = sorted({contributed.get(s, 0) for s in ordered})
    # Every seat's chips, ascending: a level's pot takes, from each pile above the last level,
    # what lies between the two levels; the piles between them whole, the others the difference
    # (issue 14: one slice and two bisections a level, not a pass over every seat).
    chips = sorted(contributed.values())
    n = len(chips)
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        above = bisect_right(chips, prev)
        reach = bisect_left(chips, level, above)
        amount = sum(chips[above:reach]) + level * (n - reach) - prev * (n - above)
        if amount:
            seats = tuple([s for s in ordered if contributed.get(s, 0) >= level])
            if pots and pots[-1].seats == seats:
                pots[-1] = Pot(pots[-1].amount + amount, seats)
            else:
                pots.append(Pot(amount, seats))
        prev = level
    # Folded chips above every live level still belong to the last pot (never lost).
    above = bisect_right(chips, prev)
    excess = sum(chips[above:]) - prev * (n - above)
    if excess and pots:
        pots[-1] = Pot(pots[-1].amount + excess, pots[-1].seats)
    if dead_money:
        if pots:
            pots[0] = Pot(pots[0].amount + dead_money, pots[0].seats)
        else:
            pots.append(Pot(dead_money, tuple(ordered)))
    return pots


def split_pot(
    amount: int, winners: Sequence[int], button: int, unit: int, carry: bool = False
) -> dict[int, int]:
    """Split ``amount`` among tied ``winners`` (002 Rule 21).

    The pot is broken into the smallest chip in play (``unit``); each winner gets an equal whole
    number of those chips and the odd chips go one each to the winners in order from the first
    seat left of the button (002 Rule 21; 000 "Split pots": at most one odd chip a player). With
    ``carry`` no one gets them: what the shares leave of ``amount`` stays in the pot for the next
    hand (003 Ties 3: "If it cannot be, it will be left in the pot").
    """
    if len(winners) == 1 and unit:
        return {winners[0]: amount}  # one winner takes it all: the chips and any odd rest
    order = sorted(winners, key=lambda s: (s - button - 1) % 10)
    n = len(order)
    chips, rest = divmod(amount, unit)  # rest: below the smallest chip, only from odd postings
    share, odd = divmod(chips, n)
    result = {s: share * unit for s in order}
    if carry:
        return result
    for s in order[:odd]:
        result[s] += unit
    if rest:
        result[order[0]] += rest
    return result


def carried_words(amount: int, unit: int) -> str:
    """``1 chip (25) carried to the next pot``: chips a split left in the pot (003 Ties 3)."""
    chips, rest = divmod(amount, unit)
    if rest or not chips:
        return f"{amount} in odd chips carried to the next pot"
    return f"{chips} chip{'s' if chips > 1 else ''} ({amount}) carried to the next pot"
