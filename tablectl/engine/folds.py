"""Folds: in turn, out of turn (binding, 002 Rules 42-A, 58), at the showdown (18-B), an
undercaller's fold the floor allows (44-B) and the big blind's fold returned under
``bb_option_fold`` (001 "Unintentional Folds").

Writes the fold outside an action in turn (``hand.folded``, ``hand.showdown.mucked``), and
what an undercaller's fold undoes (``hand.betting``'s forfeit and closed bets, its bet in the
round, its stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablectl.engine import flow
from tablectl.engine.citations import cite, option
from tablectl.engine.hand import Hand
from tablectl.engine.outofturn import note_oot
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.turn import hand_back, no_hand, take_action, void

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def on_fold(table: TableState, seat: int, out: list[Output]) -> None:
    hand = table.hand
    if hand is None or hand.street == "over":  # table.live_hand, inline: every fold
        out.append(no_hand(f"seat {seat}'s fold"))
        return
    if seat not in hand.dealt or seat in hand.folded:
        void(out, f"seat {seat} has no live hand to fold", seat)
        return
    if hand.to_act is None and seat in hand.betting.forfeit:
        hand.showdown.mucked.extend(hand.hole.get(seat, []))
        # the undercall closed the betting (the showdown may be on): the floor's other choice
        oot_fold(table, hand, seat, out)  # for an undercaller (002 Rule 44-B)
        return
    if hand.betting.betting_over and hand.to_act is None:
        # an all-in called and no more betting possible: the hand is tabled, not folded
        void(
            out,
            f"seat {seat}'s cards were read in the muck after the all-in was called: "
            "no caller may muck, the hand is live; table it face up",
            seat,
            rule="002 Rule 17",
        )
        return
    hand.showdown.mucked.extend(hand.hole.get(seat, []))
    if hand.street == "showdown" or (
        hand.to_act is None and hand.betting.betting_over is False and hand.street == "river"
    ):
        hand.folded.add(seat)  # mucked at showdown (002 Rule 18-B)
        if len(hand.live()) == 1:
            flow.award(table, hand, out)
        else:
            flow.maybe_award(table, hand, out)
        return
    if hand.to_act == seat:
        # _bb_fold_returned's first test, inline: under the usual option the fold stands
        if table.profile.bb_option_fold == "returned" and _bb_fold_returned(table, hand, seat, out):
            return
        if hand.betting.pulled.get(seat) and hand.round.to_call(seat):
            # 002 Rule 51-B: the cards are in the muck, so the hand is gone; the floor rules
            out.append(
                Alert(
                    "action_void",
                    "002 Rule 51-B",
                    f"seat {seat} pulled back its prior bet facing a raise and then "
                    "folded: it was bound to call or raise; call the floor",
                    seat,
                )
            )
        take_action(table, hand, Ruling("fold", 0, 0, 0, "002 Rule 43-A", "fold", seat=seat), out)
    elif hand.to_act is None:
        # Folding between rounds with no bet pending: binding (002 Rule 58).
        hand.folded.add(seat)
        out.append(Ruling(seat=seat, action="fold", to=0, rule="002 Rule 58", text="fold"))
        if len(hand.live()) == 1:
            flow.award(table, hand, out)
    else:
        oot_fold(table, hand, seat, out)


def oot_fold(table: TableState, hand: Hand, seat: int, out: list[Output]) -> None:
    """A fold out of turn is binding (002 Rule 42-A, 58); an undercaller's fold is the floor's
    other choice under 002 Rule 44-B; the big blind's before any action is returned under
    ``bb_option_fold`` (001 "Unintentional Folds")."""
    if _bb_fold_returned(table, hand, seat, out):
        return
    undercall = seat in hand.betting.forfeit
    # The undercall closed the round: open its bets again, so the fold takes back what the seat
    # never owed and an uncalled raise goes back when the round closes again (002 Rule 64-A).
    reopened = (
        undercall and hand.to_act is None and not hand.round.bets and hand.betting.closed_bets
    )
    if reopened:
        hand.round.bets = dict(hand.betting.closed_bets)
    back = _forfeit_undercall(table, hand, seat)
    if not undercall:
        # bet, then mucked before the call: the uncalled amount goes back (002 Rule 16-B)
        flow.return_dead_raise(table, hand, seat, out, " (002 Rule 16-B)")
    hand.folded.add(seat)
    held = hand.oot.pending.pop(seat, None)
    if held is not None:
        hand_back(table, seat, sum(held[0]))
    hand.oot.pending_say.pop(seat, None)
    hand.betting.owes.pop(seat, None)
    hand.betting.undercalls.pop(seat, None)
    if undercall:
        out.append(
            flow.fold_ruling(
                hand,
                seat,
                option(table.profile, "undercall"),
                f"the undercaller folds: {hand.round.bets.get(seat, 0)} stays in "
                f"the pot, {back} is handed back",
                back,
            )
        )
    else:
        rule = cite(table.profile, "oot_fold")
        out.append(
            Alert(
                "out_of_turn",
                rule,
                f"seat {seat} folded out of turn: the fold is binding ({rule})",
                seat,
            )
        )
        out.append(flow.fold_ruling(hand, seat, rule, "out-of-turn fold, binding"))
    if reopened:
        # The round stays closed (the next street or the showdown may be under way): only the
        # amount the fold leaves uncalled goes back, and the last live hand wins.
        flow.return_uncalled(table, hand, out)
        hand.betting.closed_bets = dict(hand.round.bets) if hand.betting.forfeit else {}
        hand.round.bets = {}
        if hand.street == "showdown":
            flow.maybe_award(table, hand, out)  # the last live hand wins untabled (18-B)
        elif len(hand.live()) == 1:
            flow.award(table, hand, out)
    elif len(hand.live()) == 1:
        hand.to_act = None
        flow.close_round(table, hand, out)
    elif not undercall and hand.to_act is not None:
        note_oot(table, hand, seat, False, out)


def _forfeit_undercall(table: TableState, hand: Hand, seat: int) -> int:
    """An undercaller the floor lets fold forfeits the chips that matched the earlier bet and
    takes back the rest (002 Rule 44-B, Addendum Rule 44 Ex. 1 and 4); returns the chips back."""
    if seat not in hand.betting.forfeit or seat not in hand.betting.owes:
        hand.betting.forfeit.pop(seat, None)
        return 0
    keep = hand.betting.forfeit.pop(seat)
    owes = hand.betting.owes.pop(seat)
    bet = hand.round.bets.get(seat, 0)
    put_out = bet - owes
    refund = max(bet - keep, 0)
    table.players[seat].stack += refund
    hand.contributed[seat] = hand.contributed.get(seat, 0) - refund
    hand.round.bets[seat] = bet - refund
    back = max(put_out - keep, 0)
    if back:
        hand_back(table, seat, back)
    return back


def _bb_fold_returned(table: TableState, hand: Hand, seat: int, out: list[Output]) -> bool:
    """001 "Unintentional Folds" (profile ``bb_option_fold``): the big blind folding when it
    may check, or either blind before any other action (001 "Act in Turn"), gets its cards
    back; True when the fold is undone."""
    blind = seat == hand.positions.bb or seat == hand.positions.sb
    if (
        table.profile.bb_option_fold != "returned"
        or hand.street != "preflop"
        or not blind
        or seat in hand.betting.forfeit
    ):
        return False
    on_option = seat == hand.positions.bb and hand.to_act == seat and hand.round.to_call(seat) == 0
    before_any = hand.betting.actions == 0 and not hand.oot.pending and not hand.oot.pending_say
    if not (on_option or before_any):
        return False
    hand.showdown.mucked = [c for c in hand.showdown.mucked if c not in hand.hole.get(seat, [])]
    which = "big" if seat == hand.positions.bb else "small"
    why = "on its option to check" if on_option else "before any other action"
    then = "it keeps its option: check or raise" if on_option else "it acts in its turn"
    out.append(
        Alert(
            "action_void",
            "001 Unintentional Folds" if which == "big" else "001 Act in Turn",
            f"seat {seat}, the {which} blind, folded {why}: return its cards, the fold does "
            f"not stand and {then}; warn the player that such a fold will be binding in "
            "future",
            seat,
        )
    )
    return True
