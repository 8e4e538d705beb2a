"""The action in turn: a ruled action recorded on the ledger and the turn passed on.

Owns the ledger (``table.book``) and writes what an action spends: the seat's stack, chips and
bet (``hand.contributed``, the round), the fold, what it still owes (``hand.betting``), and what
waited for it: a declaration, chips pulled back, the string-bet mark (``hand.betting``), the bar
on raising (``hand.oot``), chips handed back (``table.felt``), the clock on the seat
(``table.timing``). 002 Rule 43-A (an action in turn binds), Rule 1 (the floor's
override in place of the engine's ruling).

What waits out of turn for the next seat (002 Rule 42-A) is applied by
``actions.resolve_pending``, which applies declarations and pushes that call ``take_action``
again: it sits above this module and is handed in once, when ``tablectl.engine.actions`` is
imported, so every module here imports one way only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tablectl.engine import flow
from tablectl.engine.hand import Hand
from tablectl.engine.notices import Undercall
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.state import LedgerEntry

if TYPE_CHECKING:
    from tablectl.engine.reading import Reading
    from tablectl.engine.state import TableState


def _not_wired(table: TableState, hand: Hand, out: list[Output]) -> None:
    raise RuntimeError("import tablectl.engine.actions: it resolves actions taken out of turn")


# actions.resolve_pending, handed in by tablectl.engine.actions when it is imported
resolve_pending: Callable[[TableState, Hand, list[Output]], None] = _not_wired


def void_alert(text: str, seat: int | None = None, rule: str = "002 Rule 1") -> Alert:
    """An event or press that is no action: the alert saying so and why (002 Rule 1 unless
    another rule is named)."""
    return Alert("action_void", rule, text, seat)


def void(out: list[Output], text: str, seat: int | None = None, rule: str = "002 Rule 1") -> None:
    out.append(void_alert(text, seat, rule))


def no_hand(what: str) -> Alert:
    """The refusal of ``what`` (an event or a press) when no hand is in progress."""
    return void_alert(f"{what} ignored: no hand is in progress")


def live_hand_or_alert(table: TableState, out: list[Output], what: str) -> Hand | None:
    hand = table.hand
    if hand is None or hand.street == "over":  # table.live_hand, inline: every card
        out.append(no_hand(what))
        return None
    return hand


def hand_back(table: TableState, seat: int, amount: int) -> None:
    """Chips in a bet zone that are not a bet: the dealer hands them back (a pull clears them)."""
    table.felt.give_back[seat] = table.felt.give_back.get(seat, 0) + amount


def record_action(table: TableState, hand: Hand, ruled: Ruling, out: list[Output]) -> int:
    """Put a ruled action on the ledger without passing the turn; return the seat's total bet.
    ``ruled`` is the engine's ruling; what is said and recorded is it as applied (a floor
    override in its place, ``to`` within the seat's chips)."""
    seat, action, to, owes, returned, rule, text = (
        ruled.seat,
        ruled.action,
        ruled.to,
        ruled.owes,
        ruled.returned,
        ruled.rule,
        ruled.text,
    )
    rnd = hand.round
    player = table.players[seat]
    bet = rnd.bets.get(seat, 0)
    stack_before = player.stack
    book = table.book
    deal = book.ledger_deal
    # a new deal starts a new ledger (compared item by item: no tuple built for every action)
    if deal is None or deal[0] != table.hand_no or deal[1] != hand.deal.redeals:
        deal = (table.hand_no, hand.deal.redeals)
        book.ledger_deal, book.ledger = deal, []
    ledger = book.ledger
    override = None
    if book.floor_overrides:  # the ledger index, looked for among the floor's rulings
        key = (*deal, len(ledger))
        override = book.floor_overrides.get(key)
        if override is not None:
            action, to, rule, text, owes, returned = _overridden(
                hand, seat, bet, stack_before, (action, to, owes, returned), override
            )
    betting = hand.betting  # bound once: read and written below for every action
    if action == "fold":
        hand.folded.add(seat)
        to = bet
    else:
        # a ruling never takes chips a seat lacks: max(bet, min(to, bet + stack)), compared
        if to > bet + stack_before:
            to = bet + stack_before
        if to < bet:
            to = bet
        add = to - bet
        if add:
            player.stack = stack_before - add
            hand.contributed[seat] = hand.contributed.get(seat, 0) + add
            betting.chip_actions += 1
        rnd.record(seat, to, table.profile)
    betting.actions += 1
    if returned:
        hand_back(table, seat, returned)
    if owes:
        betting.owes[seat] = owes
    # what waited for this action is spent (the empty dicts, the usual case, are not touched)
    if betting.declared:
        betting.declared.pop(seat, None)
    if betting.pulled:
        betting.pulled.pop(seat, None)
    no_raise = hand.oot.no_raise
    if no_raise:
        no_raise.pop(seat, None)  # the bar lasts for the next turn only (004 B&R 10)
    betting.last_push = None
    timing = table.timing
    clock = timing.clock
    if clock is not None and clock[0] == seat:
        timing.clock = None
    ruled = Ruling(action, to, owes, returned, rule, text, seat=seat)
    out.append(ruled)
    ledger.append(LedgerEntry(seat, hand.street, action, bet, stack_before, to, owes, returned))
    if override is not None and key == book.floor_target:
        book.floor_ruling = ruled
    return to


def chips_stand(table: TableState, hand: Hand, seat: int, amount: int) -> None:
    """``amount`` put out out of turn stands in the seat's bet, no action yet: the seat still
    calls, raises or folds, and a fold leaves the chips in the pot (001 Act in Turn)."""
    table.players[seat].stack -= amount
    hand.contributed[seat] = hand.contributed.get(seat, 0) + amount
    hand.round.stand(seat, hand.round.bets.get(seat, 0) + amount)


def _overridden(
    hand: Hand,
    seat: int,
    bet: int,
    stack: int,
    ruled: tuple[str, int, int, int],
    override: tuple[str, int | None, str, str],
) -> tuple[str, int, str, str, int, int]:
    """The floor's ruling in place of the engine's (002 Rule 1): the seat's bet becomes ``to``;
    what it owes or gets back follows from the chips the engine's ruling had it put out."""
    action0, to0, owes0, returned0 = ruled
    # the chips lying in the zone after the engine's ruling: its bet less what it owed, and
    # the chips it handed back
    put_out = (bet if action0 == "fold" else max(bet, min(to0, bet + stack)) - owes0) + returned0
    action, to, rule, text = override
    to = bet if to is None or action == "fold" else to
    hand.betting.forfeit.pop(seat, None)  # the floor has ruled: no undercall left to decide
    hand.betting.undercalls.pop(seat, None)
    if action0 == "fold" and action != "fold":
        # the floor keeps a folded hand live: its cards come back from the muck
        hand.showdown.mucked = [c for c in hand.showdown.mucked if c not in hand.hole.get(seat, [])]
        hand.folded.discard(seat)
    return (action, to, rule, text, max(0, to - put_out), max(0, put_out - to))


def take_action(table: TableState, hand: Hand, ruled: Ruling, out: list[Output]) -> None:
    """Apply a ruled action of the seat in turn and pass the turn (002 Rule 43-A: binding); then
    out-of-turn actions waiting for the next seat take effect (002 Rule 42-A)."""
    seat = ruled.seat
    oot = hand.oot  # the hand's own record: the same object before and after the action
    if oot.oot_log and seat == hand.to_act:
        oot.oot_log = []  # the seat in turn acted: no one is skipped any more (42-B)
    record_action(table, hand, ruled, out)
    flow.advance(table, hand, seat, out)
    if oot.pending or oot.pending_say:  # nothing waits out of turn: the usual case
        resolve_pending(table, hand, out)


def ruling_of(seat: int, reading: Reading, rule: str = "", text: str = "") -> Ruling:
    """The ruling a chip reading gives ``seat`` (its rule and text, unless others are given)."""
    return Ruling(
        reading.action,
        reading.to,
        reading.owes,
        reading.returned,
        rule or reading.rule,
        text or reading.text,
        seat=seat,
    )


def rule_in_turn(
    table: TableState, hand: Hand, seat: int, reading: Reading, zoned: bool, out: list[Output]
) -> bool:
    """Apply a chip reading for the seat in turn, with its alert; False when it is no action."""
    if reading.alert:
        out.append(Alert(reading.alert, reading.rule, reading.text, seat))
        if reading.alert == "action_void":
            return False
        if reading.alert == "undercall" and reading.owes:
            hand.betting.forfeit[seat] = reading.forfeit
            out.append(
                Undercall(
                    f"seat {seat}: full call (owes {reading.owes}) or "
                    f"fold leaving {reading.forfeit}: the floor decides "
                    f"({reading.rule})",
                    seat=seat,
                    owes=reading.owes,
                    forfeit=reading.forfeit,
                )
            )
    if reading.undercall and reading.owes:
        hand.betting.undercalls[seat] = hand.street  # uncorrected until paid (002 Rule 44-C)
    if zoned:
        # the ruling read every chip in the zone: what it hands back replaces the old change
        table.felt.give_back.pop(seat, None)
    take_action(
        table,
        hand,
        ruling_of(seat, reading),
        out,
    )
    return True
