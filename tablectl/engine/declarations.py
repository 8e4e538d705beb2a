"""Verbal declarations: in turn they bind (002 Rules 41, 44-A, 48-B), out of turn they are held
for the turn (42-A); "raise" with no amount waits for the chips; an amount alone is read as
pushed silently (41-B/C, 57; 001 Vague Bets).

Writes ``hand.betting.declared`` and, out of turn, ``hand.oot``'s held declarations and the bar
on raising after a check (004 Betting and Raising 10; 003 B&R 9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablectl.engine.chipread import unclear
from tablectl.engine.citations import cite, option
from tablectl.engine.folds import oot_fold
from tablectl.engine.hand import Hand
from tablectl.engine.notices import Declared
from tablectl.engine.outofturn import note_oot, out_of_turn_alert
from tablectl.engine.outputs import Output, Ruling
from tablectl.engine.presses import press_check
from tablectl.engine.reading import barred_by, situation
from tablectl.engine.turn import no_hand, rule_in_turn, ruling_of, take_action, void
from tablectl.engine.zones import read_zone

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def on_declare(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """A verbal declaration in turn binds (002 Rules 41, 44-A, 48-B); out of turn it waits for the
    turn and binds if the action to the seat did not change (002 Rule 42-A). An amount with no
    ``say`` is a specific amount only, ruled as that amount pushed silently (002 Rule 41-B/C)."""
    seat, say, amount = body["seat"], body.get("say"), body.get("amount")
    hand = table.hand
    if hand is None or hand.street == "over":  # table.live_hand, inline: every declaration
        out.append(no_hand(f"seat {seat}'s declaration"))
        return
    if hand.to_act != seat:
        said = say or f"{amount}"
        if seat not in hand.dealt or seat in hand.folded:
            void(
                out,
                f"seat {seat} has no live hand: its declaration is ignored",
                seat,
                "002 Rule 43-A",
            )
        elif say == "fold":
            oot_fold(table, hand, seat, out)
        elif hand.to_act is None:
            void(
                out,
                f"seat {seat} declared {said} with no betting open: ignored",
                seat,
                "002 Rule 43-A",
            )
        else:
            hand.oot.pending_say[seat] = (say, amount, hand.round.current_bet)
            if say == "check" and table.profile.oot_check != "all_options":
                hand.oot.no_raise[seat] = hand.street  # 004 Betting and Raising 10; 003 B&R 9
            out.append(
                out_of_turn_alert(
                    seat,
                    f"declared {said}",
                    hand.to_act,
                    "It binds",
                    ", otherwise the player has all options.",
                )
            )
            note_oot(table, hand, seat, say in ("call", "bet", "raise", "all-in", None), out)
        return
    rnd = hand.round
    player = table.players[seat]
    bet = rnd.bets.get(seat, 0)
    all_in_to = bet + player.stack
    barred = barred_by(table, hand, seat) if say == "fold" else ""  # it bars only a fold here
    if say == "fold" and hand.betting.pulled.get(seat) and rnd.to_call(seat):
        # 002 Rule 51-B: the prior bet was pulled back facing a raise: no fold, a call.
        reading, _ = read_zone(table, hand, seat, [], ("fold", None))
        take_action(
            table,
            hand,
            ruling_of(seat, reading),
            out,
        )
    elif say == "fold" and barred and table.profile.oot_check == "call_only" and rnd.to_call(seat):
        # 003 Betting and Raising 9: a check out of turn must call the bet made in turn.
        to = min(rnd.current_bet, all_in_to)
        take_action(
            table,
            hand,
            Ruling(
                "all-in" if to == all_in_to else "call",
                to,
                to - bet,
                0,
                barred,
                f"seat {seat} checked out of turn: it must call the bet, not fold ({barred})",
                seat=seat,
            ),
            out,
        )
    elif say == "fold":
        take_action(
            table,
            hand,
            Ruling("fold", bet, 0, 0, cite(table.profile, "declared"), "fold declared", seat=seat),
            out,
        )
    elif say == "check":
        press_check(table, out)
    elif say == "call" and rnd.current_bet <= bet:  # rnd.to_call(seat) == 0, compared
        press_check(table, out)  # nothing to call: a check
    elif say == "call":
        to = rnd.current_bet if rnd.current_bet < all_in_to else all_in_to
        action = "all-in" if to == all_in_to else "call"
        rule, text = cite(table.profile, "declared_call"), f"call declared: {to} total"
        take_action(table, hand, Ruling(action, to, to - bet, 0, rule, text, seat=seat), out)
    elif say == "all-in":
        # chip reading: a declared all-in is a call where the seat may not raise (002 Rule 52-A)
        reading, zoned = read_zone(table, hand, seat, [], ("all-in", None))
        rule_in_turn(table, hand, seat, reading, zoned, out)
    elif amount is None:
        # "Raise" or "bet" with no amount binds to at least a minimum; the chips say how much.
        hand.betting.declared[seat] = (say, None)
        out.append(
            Declared(f"seat {seat} declared {say}; the chips set the amount", seat=seat, say=say)
        )
    else:
        declared_amount(table, hand, seat, say, amount, out)


def declared_amount(
    table: TableState, hand: Hand, seat: int, say: str | None, amount: int, out: list[Output]
) -> None:
    """A declared amount, ruled by chip reading as if its chips were pushed: "bet" or "raise"
    with an amount is the total bet (002 Rule 48-B; short of the minimum: 45-A); an amount alone
    is the same as pushing it silently (002 Rule 41-C, the 50% standard of 48-A). A number that
    cannot legally mean itself ("I bet five") is read by 002 Rule 57, or, under the house option
    unclear_amount=chip_size, by the chips thrown with it (001 Vague Bets): the ruling then waits
    for those chips."""
    # chipread's Declaration: "bet" with an amount is an amount only, "raise" a total
    declared = ("bet", amount) if say is None else ("raise", amount)
    if table.profile.unclear_amount == "chip_size" and unclear(
        situation(table, hand, seat, declared), amount, total=say is not None
    ):
        hand.betting.declared[seat] = declared
        rule = option(table.profile, "unclear_amount")
        out.append(
            Declared(
                f"seat {seat} declared {say or 'an amount'} '{amount}': "
                f"the chips put out with it decide hundreds or thousands ({rule})",
                seat=seat,
                say=say or "amount",
                amount=amount,
            )
        )
        return
    reading, zoned = read_zone(table, hand, seat, [], declared)
    rule_in_turn(table, hand, seat, reading, zoned, out)
