"""The engine's side of chip reading: describe the moment, let chipread rule.

chipread.py holds the rules (002 Rules 41-52, 57, 61 and the house options); this adapter builds
its :class:`~tablectl.engine.chipread.BetSituation` from the hand in progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablectl.engine import flow
from tablectl.engine.chipread import (
    BetSituation,
    Declaration,
    Reading,
    read_push,
)
from tablectl.engine.citations import option

if TYPE_CHECKING:
    from tablectl.engine.hand import Hand
    from tablectl.engine.state import TableState

__all__ = [
    "Reading",
    "barred_by",
    "first_undercaller",
    "read_chips",
    "situation",
]


def barred_by(table: TableState, hand: Hand, seat: int) -> str:
    """The rule barring ``seat`` from betting or raising on this turn, or "": it checked out of
    turn on this street and the house option oot_check bars it (004 Betting and Raising 10,
    000 Betting & Raising 7: no bet or raise; 003 Betting and Raising 9: call only)."""
    if table.profile.oot_check == "all_options" or hand.oot.no_raise.get(seat) != hand.street:
        return ""
    return option(table.profile, "oot_check")


def first_undercaller(hand: Hand, seat: int) -> int | None:
    """The first seat whose undercall this street is still uncorrected (002 Rule 44-C)."""
    for s, street in hand.betting.undercalls.items():
        if s != seat and street == hand.street and s in hand.betting.owes and s not in hand.folded:
            return s
    return None


def shorthand_unit(table: TableState, hand: Hand) -> int:
    """A declared number below this (and below the legal minimum) is shorthand (002 Rule 57): the
    smallest chip in play; a table without a chip set (the default single 1) uses the small
    blind, the smallest amount a bet is made of (004 Betting and Raising 7)."""
    if table.chips != (1,):
        return min(table.chips)
    return max(hand.stakes.blinds[0], 1)


def situation(
    table: TableState, hand: Hand, seat: int, declared: tuple[str, int | None] | None
) -> BetSituation:
    """Everything a chip ruling for ``seat`` depends on, now."""
    rnd = hand.round
    bets = rnd.bets
    pos = hand.positions
    profile = table.profile
    preflop = hand.street == "preflop"
    blind = 0
    if preflop and seat not in rnd.acted and seat in (pos.sb, pos.bb):
        blind = bets.get(seat, 0)
    pot = sum(hand.contributed.values()) + hand.stakes.dead_money
    # the fields in their order, positionally (a chip reading for nearly every bet: no kwargs
    # to bind)
    return BetSituation(
        rnd.current_bet,  # current_bet
        bets.get(seat, 0),  # seat_bet
        table.players[seat].stack,  # stack
        rnd.min_raise_to(profile),  # min_raise_to
        flow.can_raise(table, hand, seat),  # can_raise
        rnd.min_bet,  # min_bet
        rnd.last_full_raise,  # last_full_raise
        # is_opening_bet (002 Rule 44-B): the first chip bet of the round; pre-flop the big blind
        rnd.increases == (0 if preflop else 1),
        # heads_up: the live hands, counted (only dealt seats fold: hand.live() without the list)
        len(hand.dealt) - len(hand.folded) == 2,
        table.chips,  # chips
        Declaration(*declared) if declared else None,  # declared
        profile,  # profile
        pot,  # pot
        rnd.previous_bet,  # previous_bet
        blind,  # posted_blind
        shorthand_unit(table, hand),  # unit
        barred_by(table, hand, seat),  # barred
        first_undercaller(hand, seat) if hand.betting.undercalls else None,  # undercaller
    )


def read_chips(
    table: TableState,
    hand: Hand,
    seat: int,
    chips: Sequence[int],
    declared: tuple[str, int | None] | None,
    zone: tuple[Sequence[int], Sequence[int]] = ((), ()),
) -> Reading:
    """What ``chips`` pushed by the seat in turn mean (chipread.read_push). ``zone`` is the chips
    lying in the zone from the seat's earlier bet this street and those of them it took back
    since (002 Rule 51-C situations 1-5); without them the seat's bet is read as one lump left
    alone."""
    prior, pulled_back = zone
    return read_push(situation(table, hand, seat, declared), chips, prior, pulled_back)
