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
    _denominations,
    read_push,
)
from tablectl.engine.citations import cite, option
from tablectl.engine.outputs import GROUPED

if TYPE_CHECKING:
    from tablectl.engine.hand import Hand
    from tablectl.engine.state import TableState

__all__ = [
    "Reading",
    "barred_by",
    "first_undercaller",
    "read_chips",
    "read_silent",
    "situation",
]

# A ruling as the fast path gives it: action, to, owes, returned, rule, text (no alert, no
# forfeit, no undercall: the fast path leaves every ruling that has one to chipread).
Ruled = tuple[str, int, int, int, str, str]


def barred_by(table: TableState, hand: Hand, seat: int) -> str:
    """The rule barring ``seat`` from betting or raising on this turn, or "": it checked out of
    turn on this street and the house option oot_check bars it (004 Betting and Raising 10,
    000 Betting & Raising 7: no bet or raise; 003 Betting and Raising 9: call only)."""
    if table.profile.oot_check == "all_options" or hand.no_raise.get(seat) != hand.street:
        return ""
    return option(table.profile, "oot_check")


def first_undercaller(hand: Hand, seat: int) -> int | None:
    """The first seat whose undercall this street is still uncorrected (002 Rule 44-C)."""
    for s, street in hand.undercalls.items():
        if s != seat and street == hand.street and s in hand.owes and s not in hand.folded:
            return s
    return None


def shorthand_unit(table: TableState, hand: Hand) -> int:
    """A declared number below this (and below the legal minimum) is shorthand (002 Rule 57): the
    smallest chip in play; a table without a chip set (the default single 1) uses the small
    blind, the smallest amount a bet is made of (004 Betting and Raising 7)."""
    if table.chips != (1,):
        return min(table.chips)
    return max(hand.blinds[0], 1)


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
    pot = sum(hand.contributed.values()) + hand.dead_money
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
        first_undercaller(hand, seat) if hand.undercalls else None,  # undercaller
    )


def read_chips(
    table: TableState,
    hand: Hand,
    seat: int,
    chips: Sequence[int],
    declared: tuple[str, int | None] | None,
    prior: Sequence[int] = (),
    pulled_back: Sequence[int] = (),
) -> Reading:
    """What ``chips`` pushed by the seat in turn mean (chipread.read_push). ``prior`` are the
    chips lying in the zone from the seat's earlier bet this street and ``pulled_back`` those of
    them it took back since (002 Rule 51-C situations 1-5); without them the seat's bet is read
    as one lump left alone."""
    return read_push(situation(table, hand, seat, declared), chips, prior, pulled_back)


# --------------------------------------------------------------------------- the usual push


def read_silent(
    table: TableState, hand: Hand, seat: int, chips: Sequence[int], prior: Sequence[int]
) -> Ruled | None:
    """read_chips for the usual push, without a BetSituation or chipread's context: the seat in
    turn silently pushes chips, all of denominations in play, with ``prior`` (the chips of its
    earlier bet this street, read_zone's prior) left alone, under a house that reads multiple
    chips by 002 Rule 50-A and the 50% standard of 002 Rule 48-A and treats a blind's chips by
    002 Rule 51-C. The ruling is chipread's (_silent, _facing, _multi, _by_amount, _finish for
    that case, step by step); anything else is None and read_chips rules it: a declaration,
    chips pulled back, chips not in play or not chip values, more chips than the seat owns (002
    Rule 63), an undercall (002 Rule 44: alerts), no chips, another house's options."""
    profile = table.profile
    if (
        not chips
        or profile.multi_chip != "every_chip_needed"
        or profile.raise_threshold != "at_least_half"
        or profile.blind_chips == "call_returned"
    ):
        return None
    denominations = _denominations(table.chips)
    for chip in chips:
        if type(chip) is not int or chip not in denominations:
            return None  # chips that do not play (or no chips at all): chipread flags them
    rnd = hand.round
    bet = rnd.bets.get(seat, 0)
    stack = table.players[seat].stack
    cap = bet + stack if stack > 0 else bet  # the most the seat can have in this street
    cur = rnd.current_bet if rnd.current_bet > bet else bet
    # the prior chips left in the zone: those listed, or one lump of the seat's bet
    left = 0
    for chip in prior:
        if type(chip) is not int or chip <= 0:
            return None
        left += chip
    if left < bet:
        left = bet
    zone = left + sum(chips)
    if zone > cap:
        return None  # more than the seat owns: the floor reconciles it (002 Rule 63)
    if cur == 0:
        action, to, rule, text = _opening(table, hand, seat, chips, zone, cap)
    else:
        if zone < (cur if cur < cap else cap):
            return None  # an undercall: chipread's (002 Rule 44)
        action, to, rule, text = _facing_silently(table, hand, seat, chips, left, zone, cur, cap)
    # chipread._finish: settle the zone against the ruling, name all-ins and checks
    if to < bet:
        to = bet
    if to > cap:
        to = cap
    owes = to - zone if to > zone else 0
    returned = zone - to if zone > to else 0
    if to >= cap and cap > bet:
        action = "all-in"  # every ruling here is a bet, a call or a raise
    elif action == "call" and cur <= bet:
        action = "check"
    if owes:
        text += f" The seat owes {GROUPED[owes]} more."
    elif returned:
        text += f" Return {GROUPED[returned]} to the seat."
    return action, to, owes, returned, rule, text


def _opening(
    table: TableState, hand: Hand, seat: int, chips: Sequence[int], zone: int, cap: int
) -> tuple[str, int, str, str]:
    """No bet to face: the chips are a bet, brought up to the minimum unless all-in (chipread's
    _silent and _opening_bet; 002 Rules 45-A, 49, 50)."""
    profile = table.profile
    single = len(chips) == 1
    if single:
        why = (
            "One chip, silently, with no bet to face: a bet of the chip's value "
            f"({cite(profile, 'overchip_bet')})."
        )
    else:
        why = "Chips pushed with no bet to face."
    min_bet = hand.round.min_bet
    min_bet = min_bet if min_bet > 0 else 0
    floor = min_bet if min_bet < cap else cap
    if zone < floor:
        rule = cite(profile, "underbet")
        return (
            "bet",
            floor,
            rule,
            f"{why} A bet of {GROUPED[zone]} is under the minimum bet of {GROUPED[min_bet]}: it is "
            f"{GROUPED[floor]} ({rule}).",
        )
    rule = cite(profile, "overchip_bet") if single else "002 Rule 50"
    return "bet", zone, rule, f"{why} A bet of {GROUPED[zone]}."


def _facing_silently(
    table: TableState,
    hand: Hand,
    seat: int,
    chips: Sequence[int],
    left: int,
    zone: int,
    cur: int,
    cap: int,
) -> tuple[str, int, str, str]:
    """Silent chips facing a bet, at least a call (chipread's _facing, _multi, _by_amount): one
    chip is a call (002 Rule 49); more are a call if every chip is needed (002 Rule 50-A), else
    the 50% standard or all-in with the last chips (002 Rules 48-A, 50-B); prior chips covering
    the call make all of them one multiple-chip bet (002 Rule 51-C)."""
    profile = table.profile
    call_to = cur if cur < cap else cap
    if left >= cur:
        why = (
            "Prior chips cover the call, so all the chips are one multiple-chip bet "
            "(002 Rule 51-C-2)."
        )
        rule = "002 Rule 51-C"
        least = 0  # every chip is needed only if the prior chips fall short of the call
    else:
        note = ""
        if left:
            note = (
                " Prior chips left alone and short of the call: the new chips are read "
                "(002 Rule 51-C-1)."
            )
        if len(chips) == 1:
            single = cite(profile, "overchip_call")
            return (
                "call",
                call_to,
                "002 Rule 51-C" if left else single,
                f"One {GROUPED[chips[0]]} chip, silently, facing a bet: a call ({single}).{note}",
            )
        why = f"Chips pushed silently.{note}"
        rule = "002 Rule 51-C" if left else "002 Rule 50-B"
        least = min(chips)
    if zone - least < cur and zone >= cur:
        every = cite(profile, "every_chip")
        return (
            "call",
            call_to,
            every,
            f"{why} Every chip is needed: removing a {GROUPED[least]} leaves less than "
            f"{GROUPED[cur]}, so it is a call ({every}).",
        )
    if zone >= cap and cap > cur:
        if not _may_raise(table, hand, seat):
            return _not_reopened(table, hand, seat, cur, why.rstrip(".") + ", all the seat's chips")
        return (
            "all-in",
            cap,
            "002 Rule 50-B",
            f"{why} The seat's last chips: all-in for {GROUPED[cap]} whether or not it reaches "
            f"the 50% standard (002 Rule 50-B-2).",
        )
    if zone <= cur:
        return "call", call_to, rule, f"{why} A call of {GROUPED[call_to]}."
    rnd = hand.round
    min_bet = rnd.min_bet if rnd.min_bet > 0 else 0
    least_raise = rnd.min_raise_to(profile)
    mrt = cur + (min_bet if min_bet > 1 else 1)
    if least_raise > mrt:
        mrt = least_raise
    need = mrt - cur
    words = (
        f"the 50% mark of {GROUPED[cur + (need + 1) // 2]}, half the minimum raise of "
        f"{GROUPED[need]} (002 Rule 48-A)"
    )
    if 2 * (zone - cur) < need:
        return (
            "call",
            call_to,
            rule,
            f"{why} {GROUPED[zone]} is short of {words}: a call of {GROUPED[call_to]}.",
        )
    if not _may_raise(table, hand, seat):
        return _not_reopened(table, hand, seat, cur, why.rstrip("."))
    to = zone if zone > mrt else mrt
    if to > cap:
        to = cap
    made = f", made up to the minimum of {GROUPED[to]}." if to > zone else f" to {GROUPED[to]}."
    return "raise", to, rule, f"{why} {GROUPED[zone]} reaches {words}: a raise{made}"


def _may_raise(table: TableState, hand: Hand, seat: int) -> bool:
    """BetSituation.can_raise, not barred (chipread._context)."""
    return flow.can_raise(table, hand, seat) and not barred_by(table, hand, seat)


def _not_reopened(
    table: TableState, hand: Hand, seat: int, to: int, what: str
) -> tuple[str, int, str, str]:
    """A raise where the seat may not raise is a call of ``to`` (chipread._not_reopened; 002 Rule
    52-A, or a check out of turn that bars it)."""
    barred = barred_by(table, hand, seat)
    if barred:
        return (
            "call",
            to,
            barred,
            f"{what}, but the seat checked out of turn and may not bet or raise on this turn "
            f"({barred}): a call of {GROUPED[to]}.",
        )
    rule = option(table.profile, "reopen")
    return (
        "call",
        to,
        rule,
        f"{what}, but betting is not re-opened to this seat ({rule}): a call of {GROUPED[to]}.",
    )
