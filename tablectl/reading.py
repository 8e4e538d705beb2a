"""Reading the chips a seat in turn pushes: the engine's side of the chip rules.

The amount decides: all the seat's chips are all-in; exactly the call is a call; a bet or raise to
a legal total is that; other amounts follow 002 Rule 48-A's 50% standard, Rule 45-A (an underbet is
corrected to the minimum) and Rule 44-B (undercalls).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablectl.engine import Table
    from tablectl.hand import Hand


@dataclass(frozen=True, slots=True)
class Reading:
    action: str
    to: int
    owes: int = 0
    returned: int = 0
    rule: str = "002 Rule 43-A"
    text: str = ""
    alert: str | None = None


def read_chips(table: Table, hand: Hand, seat: int, chips: Sequence[int],
               declared: tuple[str, int | None] | None) -> Reading:
    """What ``chips`` pushed by the seat in turn mean (see the module docstring)."""
    from tablectl.actions import can_raise

    rnd = hand.round
    profile = table.profile
    bet = rnd.bets.get(seat, 0)
    stack = table.players[seat].stack
    pushed = sum(chips)
    total = bet + pushed
    all_in_to = bet + stack
    current = rnd.current_bet
    raising_allowed = can_raise(table, hand, seat)
    minimum = rnd.min_raise_to(profile)
    aggressive = "bet" if current == 0 else "raise"
    if declared is not None and declared[0] in ("bet", "raise") and raising_allowed:
        # "Raise" declared first: at least a full raise (002 Rules 41-A, 48-B).
        to = min(max(total, minimum), all_in_to)
        if to == all_in_to:
            return Reading("all-in", to, max(0, to - total), max(0, total - to), "002 Rule 41-A",
                           f"{declared[0]} declared: all-in")
        return Reading(aggressive, to, max(0, to - total), max(0, total - to), "002 Rule 48-B",
                       f"{declared[0]} declared: {aggressive} to {to}")
    if total >= all_in_to:
        if all_in_to > current and not raising_allowed:
            # All-in for more than a call when betting is not re-opened: the excess is not a raise.
            return Reading("call", current, 0, all_in_to - current, "002 Rule 52-A",
                           f"betting is not re-opened: a call of {current}, "
                           f"{all_in_to - current} returned")
        return Reading("all-in", all_in_to, 0, total - all_in_to, "002 Rule 50-B",
                       f"all-in for {all_in_to}")
    if total == current:
        action = "check" if pushed == 0 else "call"
        return Reading(action, total, text=f"call {total}" if pushed else "check")
    if total < current:
        return undercall(hand, seat, total, current, heads_up=len(hand.live()) == 2)
    # More than a call.
    if current == 0 and total < rnd.min_bet:
        return Reading("bet", rnd.min_bet, rnd.min_bet - total, 0, "002 Rule 45-A",
                       f"a bet below the minimum of {rnd.min_bet} is corrected to {rnd.min_bet}")
    if not raising_allowed:
        return Reading("call", current, 0, total - current, "002 Rule 52-A",
                       f"betting is not re-opened to seat {seat}: a call of {current}, "
                       f"{total - current} returned")
    if total >= minimum:
        return Reading(aggressive, total, text=f"{aggressive} to {total}",
                       rule="002 Rule 48")
    # Between a call and a full raise: the 50% standard (002 Rule 48-A; 001 "More Than Half").
    increment = minimum - current
    over = total - current
    if profile.raise_threshold == "more_than_half":
        is_raise = over * 2 > increment
        rule = "001 More Than Half is a Raise"
    else:
        is_raise = over * 2 >= increment
        rule = "002 Rule 48-A"
    if is_raise:
        to = min(minimum, all_in_to)
        return Reading("raise" if to < all_in_to else "all-in", to, to - total, 0, rule,
                       f"{total} reaches half a raise: a full raise to {to}, "
                       f"{to - total} more owed")
    return Reading("call", current, 0, total - current, rule,
                   f"{total} is short of half a raise: a call of {current}, "
                   f"{total - current} returned")


def undercall(hand: Hand, seat: int, total: int, current: int, heads_up: bool) -> Reading:
    """Less than the call without "call" declared (002 Rule 44-B): a mandatory full call
    heads-up or against the opening bet; otherwise the floor decides (the full call stands
    until it does)."""
    owes = current - total
    opening = hand.round.aggressor is None
    if heads_up or opening:
        why = "heads-up" if heads_up else "against the opening bet"
        return Reading("call", current, owes, 0, "002 Rule 44-B",
                       f"undercall {why}: a full call of {current} is mandatory, {owes} more owed")
    return Reading("call", current, owes, 0, "002 Rule 44-B",
                   f"undercall: {total} put out facing {current}; call the floor (a full call "
                   f"or forfeit {total} and fold, at the floor's discretion)", alert="undercall")
