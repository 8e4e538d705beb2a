"""Action out of turn: the alert that backs the action up to the seat in turn (002 Rule 42-A),
the count of out-of-turn actions past a skipped seat and, once it is substantial (002 Rule 37),
those actions bound (002 Rule 42-B, Addendum Examples 1 and 2).

Writes ``hand.oot``: the log of out-of-turn actions, and the held actions it binds (chips.py
and declarations.py hold them; actions.resolve_pending applies them when the turn comes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablectl.engine import flow
from tablectl.engine.chipread import ITEM, read_item
from tablectl.engine.hand import Hand
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.reading import Reading, situation
from tablectl.engine.turn import hand_back, record_action, ruling_of
from tablectl.engine.zones import read_zone

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def out_of_turn_alert(seat: int, did: str, to_act: int, stands: str, otherwise: str) -> Alert:
    """An action out of turn (002 Rule 42-A): the action backs up to the seat in turn, and what
    the seat did ``stands`` if the action to it does not change."""
    return Alert(
        "out_of_turn",
        "002 Rule 42-A",
        f"seat {seat} {did} out of turn; action backs up to seat {to_act}. {stands} if the "
        f"action to seat {seat} does not change{otherwise}",
        seat,
    )


def note_oot(table: TableState, hand: Hand, seat: int, with_chips: bool, out: list[Output]) -> None:
    """Count out-of-turn action past the seat in turn; once it is substantial (002 Rule 37: two
    actions, one with chips, or three actions) the out-of-turn actions are binding and the floor
    rules on the skipped hand (002 Rule 42-B, Addendum Examples 1 and 2)."""
    log = hand.oot.oot_log
    for i, (s, chips) in enumerate(log):
        if s == seat:
            # one player's word and chips (a raise declared, then put out) are one action: one
            # player's out-of-turn raise is no substantial action (002 Rule 37)
            log[i] = (seat, chips or with_chips)
            break
    else:
        log.append((seat, with_chips))
    if not (len(log) >= 3 or (len(log) >= 2 and any(c for _, c in log))):
        return
    skipped = hand.to_act
    if skipped is None:
        return
    hand.oot.oot_log = []
    bound = []
    for s in flow.clockwise_after(skipped, hand.dealt):
        if s in hand.folded:
            continue
        said = hand.oot.pending_say.get(s)
        if said is not None and said[0] in ("call", "check") and s not in hand.oot.pending:
            facing = hand.round.to_call(s)
            if said[0] == "check" and facing:
                continue  # a check cannot stand facing a bet: the seat acts in its turn
            del hand.oot.pending_say[s]
            bet = hand.round.bets.get(s, 0)
            to = min(hand.round.current_bet, bet + table.players[s].stack)
            record_action(
                table,
                hand,
                Ruling(
                    "call" if facing else "check",
                    to,
                    to - bet,
                    0,
                    "002 Rule 42-B",
                    f"'{said[0]}' out of turn, binding after substantial action out of turn",
                    seat=s,
                ),
                out,
            )
            bound.append(s)
        elif s in hand.oot.pending and s not in hand.oot.pending_say:
            reading = read_held(table, hand, s, list(hand.oot.pending.pop(s)[0]), None, None)
            if reading is None:
                continue
            record_action(
                table,
                hand,
                ruling_of(
                    s,
                    reading,
                    rule="002 Rule 42-B",
                    text="Out-of-turn action binding after substantial action out of turn. "
                    f"{reading.text}",
                ),
                out,
            )
            bound.append(s)
    who = ", ".join(f"seat {s}" for s in bound) or "the out-of-turn seats"
    out.append(
        Alert(
            "out_of_turn",
            "002 Rule 42-B",
            f"seat {skipped} was skipped and substantial action followed out of turn: "
            f"the out-of-turn actions stand ({who}). Action backs up to seat {skipped}; "
            "call the floor to rule on its hand (dead, or limited to check, call or "
            "fold).",
            skipped,
        )
    )


def read_held(
    table: TableState,
    hand: Hand,
    seat: int,
    chips: list[int],
    declared: tuple[str, int | None] | None,
    out: list[Output] | None,
) -> Reading | None:
    """Read chips held since they were put out of turn, now that they count (002 Rule 42-A/B);
    None when they are no action and go back to the player (with the alert when ``out``).
    An action item held alone is ruled as in turn by house option ``action_item_bet``
    (002 RP-20); under ``floor`` nothing is ruled and the floor is asked."""
    if chips and all(c == ITEM for c in chips):
        item = read_item(situation(table, hand, seat, None))
        if item.alert in ("action_item", "action_void"):
            if out is not None:
                out.append(Alert(item.alert, item.rule, item.text, seat))
            return None
        return item
    reading, zoned = read_zone(table, hand, seat, chips, declared)
    if reading.alert == "action_void":
        if out is not None:
            out.append(Alert(reading.alert, reading.rule, reading.text, seat))
        hand_back(table, seat, sum(chips))
        return None
    if zoned:
        table.felt.give_back.pop(seat, None)
    return reading
