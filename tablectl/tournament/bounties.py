"""Bounties from the eliminations the table saw (pure): fixed, and progressive knockout (PKO).

- **fixed**: every entry puts ``bounty`` on its own head; whoever eliminates a player wins it.
- **pko** (progressive knockout): every entry starts with ``bounty`` on its head; whoever
  eliminates a player wins half of that player's head in money, and the other half is added to
  their own head. The winner of the tournament takes their own head at the end.

Both: the winner takes their own head at the end, so every entry's bounty is paid to someone and
the bounty pool (entries x ``bounty``, apart from the prize pool) is paid out exactly.

**Who eliminates.** The player who won the chips that busted the player: the winner of the last
pot the busted player was in (the highest side pot they were eligible for: it took their last
chips), from the table's award records (each pot's eligible seats, the engine's
``pots.Pot.seats``, and its winners, the ``award`` notice's ``winners``). A split pot splits the
bounty as the pot was split: in proportion to each winner's chips from that pot. A manual table
enters the eliminators and their shares itself (:meth:`Book.knockout`).

**Rounding, stated.** Money in whole cents, paid in the house's smallest unit: a PKO head's money
half is rounded down to the unit and the rest goes on the eliminator's head; a split gives each
winner their share rounded down to the unit, then the units left one each to the largest
remainders, ties to the first winner left of the button (as the odd chip goes, 002 Rule 21); a
part of a unit left over goes to that first winner too. Nothing is lost: what is split always
sums to what was there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

KINDS = ("fixed", "pko")


class BountyError(ValueError):
    """A bounty setup or knockout that cannot apply: the message says why."""


@dataclass(frozen=True, slots=True)
class BountySetup:
    kind: str  # fixed | pko
    bounty: int  # cents on each entry's head
    unit: int = 1  # the house's smallest unit, cents


def parse_bounty(body: object, unit: int = 1) -> BountySetup:
    """``{"kind": "fixed" | "pko", "amount": money}``; ``unit`` the house's, in cents."""
    if not isinstance(body, dict) or body.get("kind") not in KINDS:
        raise BountyError(f'bounty: {{"kind": one of {", ".join(KINDS)}, "amount": money}}')
    unknown = [k for k in body if k not in ("kind", "amount")]
    if unknown:
        raise BountyError(f"bounty: unknown key {unknown[0]!r} (allowed: kind, amount)")
    amount = body.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int | float) or amount <= 0:
        raise BountyError(f"bounty.amount must be an amount above 0, got {amount!r:.20}")
    if unit < 1:
        raise BountyError("the smallest unit of money is at least 1 cent")
    return BountySetup(str(body["kind"]), round(float(amount) * 100), unit)


@dataclass(frozen=True, slots=True)
class PotWon:
    """One pot as awarded: its eligible seats and what each winner took (chips)."""

    seats: tuple[int, ...]
    winners: Mapping[int, int]


def left_of_button(seats: Sequence[int], button: int | None) -> list[int]:
    """``seats`` clockwise from the first one left of the button (seat order when none)."""
    ordered = sorted(seats)
    if button is None:
        return ordered
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]


def eliminators(busted: int, pots: Sequence[PotWon], button: int | None) -> dict[int, int]:
    """The seats that eliminated ``busted``, each with the chips they took of the last pot the
    busted seat was in, first left of the button first (this module's docstring)."""
    mine = [p for p in pots if busted in p.seats]
    if not mine:
        raise BountyError(f"seat {busted} was in no pot: no one eliminated it")
    last = mine[-1]
    won = {s: c for s, c in last.winners.items() if c > 0 and s != busted}
    if not won:
        raise BountyError(f"the last pot seat {busted} was in went to no other seat")
    return {s: won[s] for s in left_of_button(list(won), button)}


def split(amount: int, weights: Mapping[str, int], unit: int) -> dict[str, int]:
    """``amount`` cents split in proportion to ``weights`` (in their order: the first is the
    first left of the button), in ``unit`` (this module's docstring). Sums to ``amount``."""
    keys = list(weights)
    total = sum(weights.values())
    if not keys or total <= 0:
        raise BountyError("a bounty splits among winners who took chips")
    exact = {k: Fraction(amount * weights[k], total) for k in keys}
    shares = {k: int(exact[k] // unit) * unit for k in keys}
    order = sorted(keys, key=lambda k: (-(exact[k] - shares[k]), keys.index(k)))
    for k in order[: (amount - sum(shares.values())) // unit]:
        shares[k] += unit
    shares[keys[0]] += amount - sum(shares.values())
    return shares


@dataclass(frozen=True, slots=True)
class Payment:
    """What one knockout (or the winner's own head at the end) paid one player."""

    entry: str
    busted: str  # the entry knocked out ("" for the winner's own head)
    money: int  # cents won
    head: int  # cents added to their own head (pko)


@dataclass
class Book:
    """Every entry's head and the bounty money each has won, in cents."""

    setup: BountySetup
    heads: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    entries: int = 0

    @property
    def pool(self) -> int:
        """The bounty pool: every entry's bounty, apart from the prize pool."""
        return self.entries * self.setup.bounty

    def enter(self, entry: str) -> None:
        """An entry (a re-entry too) puts a bounty on its head."""
        if entry in self.heads:
            raise BountyError(f"{entry} has a bounty already")
        self.heads[entry] = self.setup.bounty
        self.entries += 1

    def knockout(self, busted: str, by: Mapping[str, int]) -> list[Payment]:
        """``busted`` is out, eliminated by ``by`` (entry -> chips taken of the pot that busted
        them, first left of the button first): its head is paid out and taken off."""
        head = self.heads.get(busted)
        if head is None:
            raise BountyError(f"{busted} has no bounty: not an entry, or out already")
        strangers = [e for e in by if e not in self.heads or e == busted]
        if strangers:
            raise BountyError(f"{strangers[0]} cannot eliminate {busted}: not in, or the same")
        unit = self.setup.unit
        if self.setup.kind == "pko":
            money = head // 2 // unit * unit
            money_shares, head_shares = split(money, by, unit), split(head - money, by, unit)
        else:
            money_shares, head_shares = split(head, by, unit), {e: 0 for e in by}
        del self.heads[busted]
        out = []
        for e in by:
            self.won[e] = self.won.get(e, 0) + money_shares[e]
            self.heads[e] += head_shares[e]
            out.append(Payment(e, busted, money_shares[e], head_shares[e]))
        return out

    def finish(self, winner: str) -> Payment:
        """The last player in takes their own head."""
        if set(self.heads) != {winner}:
            raise BountyError(f"{winner} is not the last player in")
        head = self.heads.pop(winner)
        self.won[winner] = self.won.get(winner, 0) + head
        return Payment(winner, "", head, 0)

    def outstanding(self) -> int:
        """Cents still on heads: with what was won, always the pool."""
        return sum(self.heads.values())
