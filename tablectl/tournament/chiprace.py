"""Scheduled color-ups and the chip race, from the RFID stack contents (pure).

002 Rule 25: at a scheduled color-up the chips of the removed denomination are exchanged at equal
value where they make whole chips of the next denomination; the odd chips left over are raced off,
cards dealt starting in seat 1, one card per odd chip, each player receiving all of their cards
before the next player; the highest card by suit wins the first new chip, the next highest the
second, and so on, with a maximum of one chip to a player; nobody can be raced out (a player who
loses their last chips in the race gets one chip of the lowest denomination still in play).

Options (house profiles differ):

- ``method="tda"`` (002 Rule 25, default): deal from seat 1; a player left with nothing after the
  race gets a chip on top of the chips raced.
- ``method="wfp"`` (000 tournament rule 6): deal from the seat left of the button; a player who
  would have no chips is given a chip *before* anyone else is awarded one (it counts among the
  chips raced).
- ``method="wfp-nightly"`` (000 rule 6, "EXCEPTION: During regular nightly games"): a player with
  more than one odd chip receives one new chip for them in exchange; only players with exactly one
  odd chip race.
- ``leftover``: how many new chips the odd chips make. ``"half_up"`` (default; 000 rule 6: the
  odd remainder makes one more chip if it is half or more of a new chip) or ``"drop"`` (only whole
  chips; 002 Rule 25-C removes what does not total a whole chip). 002 is silent on the race total,
  so the default follows 000.

Cards rank by rank, then suit: spades, hearts, diamonds, clubs ("highest card by suit", 000 rule 6).
The draw is deterministic: pass the cards in deal order, or an ``random.Random`` to shuffle a deck.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs lowest, spades highest
METHODS = ("tda", "wfp", "wfp-nightly")
LEFTOVERS = ("half_up", "drop")


class ChipRaceError(ValueError):
    """Inputs a color-up cannot be run on: no higher denomination, too few cards, a bad card."""


def card_key(card: str) -> tuple[int, int]:
    """Sort key: rank first, then suit (000 rule 6 "highest card by suit")."""
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ChipRaceError(f"{card!r} is not a card (rank then suit, like 'As')")
    return RANKS.index(card[0]), SUITS.index(card[1])


def full_deck() -> list[str]:
    return [r + s for r in RANKS for s in SUITS]


@dataclass(frozen=True, slots=True)
class RaceResult:
    """The color-up of one table. Seats map to what happened to them; ``stacks`` is the result."""

    removed: int  # the denomination leaving play
    into: int  # the denomination it is exchanged for
    method: str
    color_up: dict[int, tuple[int, int]]  # seat -> (removed chips exchanged, new chips received)
    odd: dict[int, int]  # seat -> odd chips raced
    cards: dict[int, tuple[str, ...]]  # seat -> cards dealt, in deal order
    ranking: tuple[int, ...]  # racing seats, best card first
    awarded: dict[int, int]  # seat -> new chips won in the race (0 or 1)
    protected: tuple[int, ...]  # seats given a chip so they are not raced out
    stacks: dict[int, list[int]]  # every seat's chips after the color-up, highest first
    value_before: int
    value_after: int
    notes: tuple[str, ...] = field(default=())

    @property
    def odd_holders(self) -> tuple[int, ...]:
        """Seats holding odd chips of the removed denomination (the ones who race)."""
        return tuple(s for s, n in self.odd.items() if n)

    def lines(self) -> list[str]:
        """The color-up in words, seat by seat, for the dealer screen and the log."""
        out = [
            f"Color-up: {self.removed} chips removed, exchanged for {self.into}"
            f" ({_rule(self.method)})"
        ]
        for seat, (gone, new) in sorted(self.color_up.items()):
            if gone:
                out.append(f"Seat {seat}: {gone} x {self.removed} -> {new} x {self.into}")
        for seat in self.ranking:
            won = "wins 1" if self.awarded.get(seat) else "wins none"
            out.append(
                f"Seat {seat}: {self.odd[seat]} odd, cards {' '.join(self.cards[seat])}, {won}"
            )
        for seat in self.protected:
            out.append(f"Seat {seat}: given 1 x {self.into}, nobody is raced out")
        out.extend(self.notes)
        return out


def _rule(method: str) -> str:
    return {
        "tda": "002 Rule 25",
        "wfp": "000 rule 6",
        "wfp-nightly": "000 rule 6, nightly exception",
    }[method]


def stacks_from_zones(zones: Mapping[str, Sequence[int]]) -> dict[int, list[int]]:
    """Seat stacks from the chip zones of a ``chips`` event (``{"stack:3": [500, 100]}``); the
    RFID reading of the stacks is the input of :func:`chip_race`. Other zones are ignored."""
    out: dict[int, list[int]] = {}
    for zone, chips in zones.items():
        if zone.startswith("stack:") and zone[6:].isdigit():
            out[int(zone[6:])] = list(chips)
    return out


def next_denomination(removed: int, chips: Sequence[int]) -> int:
    higher = sorted(c for c in set(chips) if c > removed)
    if not higher:
        raise ChipRaceError(f"no denomination above {removed} in play: {sorted(set(chips))}")
    return higher[0]


def deal_order(seats: Sequence[int], method: str, button: int | None) -> list[int]:
    """Seats in the order they receive race cards: from seat 1 (002 Rule 25-A), or clockwise from
    the seat left of the button (000 rule 6)."""
    ordered = sorted(seats)
    if method == "tda" or button is None:
        return ordered
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]


def chip_race(
    stacks: Mapping[int, Sequence[int]],
    removed: int,
    *,
    chips: Sequence[int] = (),
    cards: Sequence[str] | None = None,
    rng: random.Random | None = None,
    method: str = "tda",
    leftover: str = "half_up",
    button: int | None = None,
) -> RaceResult:
    """Color up ``removed`` at a table whose stacks hold these chips (seat -> denominations).

    ``chips`` are the denominations in play (the new chip is the next one above ``removed``; by
    default the next one found in the stacks). Give the race ``cards`` in deal order, or an
    ``rng`` to shuffle a deck; one of the two is needed when anyone holds odd chips.
    """
    if method not in METHODS:
        raise ChipRaceError(f"method {method!r} is not one of {', '.join(METHODS)}")
    if leftover not in LEFTOVERS:
        raise ChipRaceError(f"leftover {leftover!r} is not one of {', '.join(LEFTOVERS)}")
    if button is None and method != "tda":
        raise ChipRaceError(f"method {method!r} deals from the button: give button=")
    for seat, stack in stacks.items():
        bad = [c for c in stack if isinstance(c, bool) or not isinstance(c, int) or c <= 0]
        if bad:
            raise ChipRaceError(f"seat {seat}: {bad} are not chip denominations")
    into = next_denomination(removed, list(chips) or [c for s in stacks.values() for c in s])
    if into % removed:
        raise ChipRaceError(f"{removed} chips cannot be exchanged for {into} at equal value")
    set_size = into // removed

    color_up: dict[int, tuple[int, int]] = {}
    odd: dict[int, int] = {}
    new_chips: dict[int, int] = {}
    notes: list[str] = []
    for seat, stack in sorted(stacks.items()):
        n = sum(1 for c in stack if c == removed)
        full, rest = divmod(n, set_size)
        if method == "wfp-nightly" and rest > 1:
            # 000 rule 6 exception: more than one odd chip buys one new chip outright
            notes.append(
                f"Seat {seat}: {rest} odd x {removed} exchanged for 1 x {into}"
                " (000 rule 6, nightly exception)"
            )
            full, rest = full + 1, 0
        color_up[seat] = (n - rest, full)
        odd[seat] = rest
        new_chips[seat] = full

    racers = [s for s in deal_order(list(odd), method, button) if odd[s]]
    dealt: dict[int, tuple[str, ...]] = {}
    if racers:
        needed = sum(odd[s] for s in racers)
        if cards is None:
            if rng is None:
                raise ChipRaceError("odd chips to race: give the cards dealt or an rng")
            deck = full_deck()
            rng.shuffle(deck)
            cards = deck
        if len(cards) < needed:
            raise ChipRaceError(f"{needed} race cards needed, {len(cards)} given")
        if len(set(cards[:needed])) != needed:
            raise ChipRaceError("the race cards must all be different")
        pos = 0
        for seat in racers:  # each player receives all their cards before the next (000 rule 6)
            dealt[seat] = tuple(cards[pos : pos + odd[seat]])
            for c in dealt[seat]:
                card_key(c)
            pos += odd[seat]

    total = sum(odd[s] for s in racers) * removed
    to_award, remainder = divmod(total, into)
    if leftover == "half_up" and remainder * 2 >= into and remainder:
        to_award += 1
    ranking = tuple(sorted(racers, key=lambda s: max(card_key(c) for c in dealt[s]), reverse=True))
    awarded = dict.fromkeys(racers, 0)
    protected: list[int] = []

    def left_with_nothing(seat: int) -> bool:
        others = sum(1 for c in stacks[seat] if c != removed)
        return others == 0 and new_chips[seat] == 0 and not awarded.get(seat)

    if method == "wfp":
        # 000 rule 6: a player who would have nothing gets a chip before anyone else is awarded
        for seat in racers:
            if left_with_nothing(seat):
                protected.append(seat)
                new_chips[seat] += 1
                to_award -= 1
    for seat in ranking:
        if to_award <= 0:
            break
        if seat in protected:
            continue
        awarded[seat] = 1  # one chip at most to a player (002 Rule 25-A)
        new_chips[seat] += 1
        to_award -= 1
    if method != "wfp":
        # 002 Rule 25-A: a player losing their last chips in the race gets one chip
        for seat in racers:
            if left_with_nothing(seat):
                protected.append(seat)
                new_chips[seat] += 1

    after: dict[int, list[int]] = {}
    for seat, stack in stacks.items():
        kept = [c for c in stack if c != removed] + [into] * new_chips[seat]
        after[seat] = sorted(kept, reverse=True)
    before_value = sum(sum(s) for s in stacks.values())
    after_value = sum(sum(s) for s in after.values())
    return RaceResult(
        removed=removed,
        into=into,
        method=method,
        color_up=color_up,
        odd=odd,
        cards=dealt,
        ranking=ranking,
        awarded={s: n for s, n in awarded.items() if n},
        protected=tuple(protected),
        stacks=after,
        value_before=before_value,
        value_after=after_value,
        notes=tuple(notes),
    )
