"""Deals at the final table: chip-chop and ICM figures in money (pure).

The players left may agree to share the prizes still to be paid instead of playing for them
(none of the five rulebooks rules on deals; the TDA text leaves them to the house). Two usual
bases for the figures, from the stacks the table read:

- **ICM** (the Independent Chip Model, Malmuth-Harville: Harville 1973, Malmuth 1987): a player
  wins with the share of the chips they hold; given the players placed above, a player takes the
  next place with their share of the chips those players do not hold. A player's figure is the
  prizes weighted by the chances of each place. Computed over the subsets of players placed
  above (2^n x n steps: 10,240 for a final table of ten, a few milliseconds; the same sum in
  exact fractions took ~0.5 s, bench/deals.py) in double precision, then held to a millionth of
  a cent: far finer than any unit, so the rounding below decides on exact numbers.
- **Chip-chop**: each player is sure of the last place's prize among those left; the rest of the
  money is shared in proportion to chips (the "chip count deal": the next place's payout plus the
  remaining pool less n such payouts, times the player's share of the chips).

An amount may be **held back** for the winner (played for): it comes off 1st prize before the
figures, so it is at most the difference between 1st and 2nd (the prizes stay in order), and is
paid on top of the deal to whoever wins.

Rounding, stated: money is whole cents; every figure is rounded down to the house's smallest unit
(``unit``: 1 cent, $1, $5 ...), then the units still to pay go one each to the largest remainders
(ties: the bigger stack, then the order given); a part smaller than one unit that is left (prizes
not a multiple of the unit) goes to the biggest stack. So the deal sums exactly, to the cent, to
the prizes left less the amount held back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

METHODS = ("icm", "chip_chop")
MOST_PLAYERS = 10  # a final table (002 Rule 12: nine-handed plus one)


class DealError(ValueError):
    """Figures that cannot be made from these stacks and prizes: the message says why."""


def cents(amount: float | int) -> int:
    """An amount of money in whole cents (amounts are kept to the cent, as the prize pool is)."""
    return round(float(amount) * 100)


PRECISION = 10**6  # ICM figures are held to a millionth of a cent


def icm(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's Malmuth-Harville equity of ``prizes`` (1st first; fewer places than players
    pay nothing below the last), to a millionth of a cent."""
    n = len(stacks)
    total = sum(stacks)
    paid = list(prizes[:n]) + [0] * (n - len(prizes[:n]))
    places = max((i + 1 for i, p in enumerate(paid) if p), default=0)
    equity: list[list[float]] = [[] for _ in range(n)]  # the terms, summed with fsum at the end
    # reach[S]: the chance that the players of bitmask S take the top |S| places, in some order
    reach: dict[int, float] = {0: 1.0}
    for size in range(places):
        grown: dict[int, float] = {}
        for placed, chance in reach.items():
            left = total - sum(stacks[i] for i in range(n) if placed >> i & 1)
            for i in range(n):
                if placed >> i & 1 or not stacks[i]:
                    continue
                p = chance * stacks[i] / left
                equity[i].append(p * paid[size])
                key = placed | 1 << i
                grown[key] = grown.get(key, 0.0) + p
        reach = grown
    return tuple(Fraction(round(math.fsum(e) * PRECISION), PRECISION) for e in equity)


def chip_chop(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player the last place's prize among those left, the rest in proportion to chips."""
    n = len(stacks)
    paid = list(prizes[:n]) + [0] * (n - len(prizes[:n]))
    floor_prize = paid[n - 1]
    rest = sum(paid) - n * floor_prize
    total = sum(stacks)
    return tuple(floor_prize + Fraction(rest * s, total) for s in stacks)


def round_to_unit(
    exact: Sequence[Fraction], stacks: Sequence[int], total: int, unit: int
) -> tuple[int, ...]:
    """Whole cents summing to ``total``: each figure down to a multiple of ``unit``, the units
    left one each to the largest remainders (ties: bigger stack, then order), and any part of a
    unit left over to the biggest stack (the module's docstring)."""
    if unit < 1:
        raise DealError("the smallest unit of money must be at least 1 cent")
    shares = [max(0, int(x // unit)) * unit for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - shares[i]), -stacks[i], i))
    extra_units = (total - sum(shares)) // unit
    for i in order[: max(0, extra_units)]:
        shares[i] += unit
    # figures held to a millionth of a cent may floor a unit too high: the smallest remainders
    # give it back (exact figures never do: their floors never sum above the total)
    for i in reversed(order):
        if sum(shares) <= total:
            break
        if shares[i] >= unit:
            shares[i] -= unit
    odd = total - sum(shares)
    if odd:
        shares[max(range(len(stacks)), key=lambda i: (stacks[i], -i))] += odd
    return tuple(shares)


@dataclass(frozen=True, slots=True)
class DealFigures:
    """The figures of one method for the players left, in the order of ``stacks``; money in
    cents. ``prizes``: the places left (1st first) as the deal shares them (1st less
    ``held_back``); ``shares`` sums to ``sum(prizes)``."""

    method: str
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    held_back: int
    unit: int
    exact: tuple[Fraction, ...]
    shares: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.prizes)


def figures(
    method: str,
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    held_back: int = 0,
    unit: int = 1,
) -> DealFigures:
    """The deal ``method`` (``icm`` or ``chip_chop``) gives: ``stacks`` in chips, ``prizes`` the
    places still to be paid among these players in cents (1st first; a shorter list pays nothing
    below), ``held_back`` cents played for, ``unit`` the house's smallest unit in cents."""
    if method not in METHODS:
        raise DealError(f"no deal method {method!r:.20} (one of {', '.join(METHODS)})")
    n = len(stacks)
    if not 2 <= n <= MOST_PLAYERS:
        raise DealError(f"a deal is between 2 and {MOST_PLAYERS} players, not {n}")
    if any(isinstance(s, bool) or not isinstance(s, int) or s <= 0 for s in stacks):
        raise DealError("every player in a deal holds chips (a whole number above 0)")
    paid = [int(p) for p in prizes[:n]] + [0] * (n - len(prizes[:n]))
    if any(p < 0 for p in paid):
        raise DealError("a prize is never negative")
    if not 0 <= held_back <= paid[0] - paid[1]:
        raise DealError(
            f"the amount played for comes off 1st prize: 0 to {(paid[0] - paid[1]) / 100:,.2f} "
            "(1st less 2nd), not "
            f"{held_back / 100:,.2f}"
        )
    paid[0] -= held_back
    compute = icm if method == "icm" else chip_chop
    exact = compute(stacks, paid)
    shares = round_to_unit(exact, stacks, sum(paid), unit)
    return DealFigures(method, tuple(stacks), tuple(paid), held_back, unit, exact, shares)


@dataclass(frozen=True, slots=True)
class Deal:
    """An agreed deal, as the venue keeps it: who gets what (entry id -> cents), the amount
    held back for the winner, the stacks it was made from, who agreed (every player left)."""

    method: str  # icm | chip_chop | custom
    shares: dict[str, int]
    held_back: int
    stacks: dict[str, int]
    agreed: tuple[str, ...]
    unit: int

    def prize(self, entry: str, place: int) -> int | None:
        """The cents ``entry`` is paid finishing in ``place``; None for a player not in it."""
        if entry not in self.shares:
            return None
        return self.shares[entry] + (self.held_back if place == 1 else 0)

    def to_obj(self) -> dict[str, object]:
        return {
            "method": self.method,
            "shares": {k: v / 100 for k, v in self.shares.items()},
            "held_back": self.held_back / 100,
            "stacks": dict(self.stacks),
            "agreed": list(self.agreed),
            "unit": self.unit / 100,
        }
