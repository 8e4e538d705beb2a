"""The event handlers, by rule area, and the one step above them all: what was done out of turn
takes effect when the turn reaches its seat (002 Rule 42-A).

Each handler takes (table, event body, outputs) and either applies the event or rejects it with
an alert that names its rule and the remedy: chips.py (push, pull, chips), declarations.py
(declare), folds.py (fold), presses.py (press, seat); the turn order, streets and award are in
flow.py. ``resolve_pending`` applies held declarations and pushes, which record actions through
turn.take_action, which calls it back: it is handed to turn.py here, so no area imports this
module. Writes only what it takes out of ``hand.oot`` (the held chips and declarations).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablectl.engine import turn
from tablectl.engine.chips import complete_owed, on_chips, on_pull, on_push, push
from tablectl.engine.citations import option
from tablectl.engine.declarations import on_declare
from tablectl.engine.folds import on_fold
from tablectl.engine.hand import Hand
from tablectl.engine.notices import Returned
from tablectl.engine.outofturn import read_held
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.presses import on_press, on_seat
from tablectl.engine.reading import barred_by
from tablectl.engine.turn import chips_stand, hand_back, ruling_of, take_action

if TYPE_CHECKING:
    from tablectl.engine.state import TableState

# the event kinds the rule areas handle (table.py dispatches them)
HANDLERS: dict[str, Callable[[TableState, Any, list[Output]], None]] = {
    "push": on_push,
    "pull": on_pull,
    "chips": on_chips,
    "fold": on_fold,
    "declare": on_declare,
    "press": on_press,
    "seat": on_seat,
}


def resolve_pending(table: TableState, hand: Hand, out: list[Output]) -> None:
    """Out-of-turn action takes effect when the turn reaches its seat: binding if the action to
    that seat did not change (a check, call or fold does not change it), else not binding: chips
    are returned and the player has all options (002 Rule 42-A)."""
    seat = hand.to_act
    if seat is None or (seat not in hand.oot.pending and seat not in hand.oot.pending_say):
        return
    said = hand.oot.pending_say.pop(seat, None)
    held = hand.oot.pending.pop(seat, None)
    bet_then = said[2] if said is not None else held[1] if held is not None else 0
    if hand.round.current_bet != bet_then:
        if _oot_chips_stand(table, hand, seat, said, held, out):
            return
        what = []
        if said is not None:
            what.append(f"'{said[0] or said[1]}'")
        if held is not None:
            hand_back(table, seat, sum(held[0]))
            put = sum(held[0])
            what.append(f"the {put or 'action item'} put out (hand it back)")
        barred = barred_by(table, hand, seat)
        options = "the player has all options: call, raise or fold (002 Rule 42-A)"
        if barred and table.profile.oot_check == "call_only":
            options = (
                f"having checked out of turn, the player must call: no raise, no fold ({barred})"
            )
        elif barred:
            options = (
                f"having checked out of turn, the player may call or fold but not bet or "
                f"raise on this turn ({barred})"
            )
        out.append(
            Returned(
                f"seat {seat}: the action changed, so {' and '.join(what)} "
                f"out of turn is not binding; {options}",
                seat=seat,
                amount=sum(held[0]) if held else 0,
            )
        )
        return
    if _oot_bet_checks(table, hand, seat, said, held, out):
        return
    if said is not None:
        say, amount, _ = said
        on_declare(table, {"seat": seat, "say": say, "amount": amount}, out)
        if held is not None:
            chips = list(held[0])
            if hand.betting.declared.get(seat):
                push(table, {"seat": seat, "chips": chips}, out)  # the declared raise's chips
            elif seat in hand.betting.owes:
                complete_owed(table, hand, seat, sum(chips), hand.betting.owes[seat], out)
            else:
                hand_back(table, seat, sum(chips))
        return
    if held is not None:
        reading = read_held(table, hand, seat, list(held[0]), hand.betting.declared.get(seat), out)
        if reading is None:
            return
        take_action(
            table,
            hand,
            ruling_of(
                seat,
                reading,
                rule="002 Rule 42-A",
                text=f"Out-of-turn action binding: the action to seat {seat} did not change. "
                f"{reading.text}",
            ),
            out,
        )


def _oot_chips_stand(
    table: TableState,
    hand: Hand,
    seat: int,
    said: tuple[Any, ...] | None,
    held: tuple[Any, ...] | None,
    out: list[Output],
) -> bool:
    """Under ``oot_bet_raised`` "stands" (001 Act in Turn: "If the skipped player makes a raise,
    the OOT action will stand. I.E. The OOT player can call the raise, or re-raise, but if he
    chooses to fold, the chips put in will remain in the pot"), chips bet or raised out of turn
    stay in the seat's bet when the action to it went up. Chips that cover the new bet are read
    as the seat's action; less is no action yet: the seat calls, re-raises or folds. True when
    the chips stood."""
    if table.profile.oot_bet_raised != "stands" or held is None:
        return False
    chips = list(held[0])
    amount = sum(chips)
    bet = hand.round.bets.get(seat, 0)
    bet_then = said[2] if said is not None else held[1]
    if said is not None and said[0] in ("call", "check", "fold"):
        return False  # a call out of turn is no bet or raise: 002 Rule 42-A
    if bet + amount <= bet_then or (said is None and len(chips) == 1 and bet_then > bet):
        return False  # a call, in chips or one chip facing a bet (001 Single Chip Bet)
    rule = option(table.profile, "oot_bet_raised")
    player = table.players[seat]
    if amount >= hand.round.to_call(seat) or amount >= player.stack:
        reading = read_held(table, hand, seat, chips, None, out)
        if reading is not None:
            text = f"The {amount} put out out of turn stands ({rule}). {reading.text}"
            take_action(table, hand, ruling_of(seat, reading, rule=rule, text=text), out)
        return True
    chips_stand(table, hand, seat, amount)
    owed = hand.round.to_call(seat)
    out.append(
        Alert(
            "out_of_turn",
            rule,
            f"seat {seat}: the action to it was raised, and the {amount} it put out out of turn "
            f"stands ({rule}): it calls {owed} more or re-raises; if it folds, the {amount} "
            "stays in the pot",
            seat,
        )
    )
    return True


def _oot_bet_checks(
    table: TableState,
    hand: Hand,
    seat: int,
    said: tuple[Any, ...] | None,
    held: tuple[Any, ...] | None,
    out: list[Output],
) -> bool:
    """Under ``oot_bet_after_check`` "check" (003 Betting and Raising 10), a bet out of turn
    becomes a check when the player in turn just before it checked: its chips go back. True
    when it did."""
    if table.profile.oot_bet_after_check != "check" or hand.round.to_call(seat):
        return False
    ledger = table.book.ledger
    last = ledger[-1] if ledger else None
    if last is None or last.action != "check" or last.street != hand.street:
        return False
    live = [s for s in hand.dealt if s not in hand.folded]
    if live[(live.index(seat) - 1) % len(live)] != last.seat:
        return False  # the checker was not the seat just before the bettor
    if not held and (said is None or said[0] not in ("bet", "raise", "all-in", None)):
        return False  # a word of check or call out of turn stands as it is (42-A)
    if held is not None:
        hand_back(table, seat, sum(held[0]))
    rule = option(table.profile, "oot_bet_after_check")
    take_action(
        table,
        hand,
        Ruling(
            "check",
            hand.round.bets.get(seat, 0),
            0,
            0,
            rule,
            f"the player in turn before seat {seat} checked: its bet out of turn becomes a "
            f"check, the chips go back ({rule})",
            seat=seat,
        ),
        out,
    )
    return True


# the seam: turn.take_action calls this back when something waits for the next seat
turn.resolve_pending = resolve_pending
