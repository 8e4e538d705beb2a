"""Floor decisions: the floor's word is final (002 Rule 1), and the table takes it.

One function per decision of the contract (shared/spec/scenario-format.md, "floor decisions"),
each over the table state like the other rule modules. Every decision that applies is a ``floor``
notice (data: ``decision``, ``by``, ``value`` as the contract writes it, ``rule``, and for the
decisions that bring chips to the table or take them away, ``difference``); one that cannot apply
is an ``action_void`` alert with the reason, and changes nothing. Chips are conserved except by
``stack``, ``seat`` and ``unseat``, whose notices state the difference.

A ``ruling`` changes an action already taken: :func:`ruling` checks it and records the override;
the dispatch (:mod:`tablectl.engine.table`) then replays the hand with it, as undo does, so play
goes on as if the seat had acted so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablectl.engine import dealing, flow, folds
from tablectl.engine.citations import cite, option
from tablectl.engine.events import FloorDecision
from tablectl.engine.notices import Award, FloorDecided
from tablectl.engine.outputs import Alert, Output
from tablectl.engine.state import Player

if TYPE_CHECKING:
    from tablectl.engine.hand import Hand
    from tablectl.engine.state import TableState


def apply(table: TableState, fd: FloorDecision, out: list[Output]) -> bool:
    """Apply one floor decision; True when it is a ``ruling`` the hand must be replayed with."""
    return _DECISIONS[fd.decision](table, fd, out) is True


def _refuse(
    table: TableState, fd: FloorDecision, out: list[Output], reason: str, seat: int | None = None
) -> None:
    out.append(
        Alert(
            "action_void",
            cite(table.profile, "floor"),
            f"floor decision '{fd.decision}' by {fd.by} not applied: {reason}; nothing changed",
            seat,
        )
    )


def _notice(
    table: TableState, fd: FloorDecision, out: list[Output], text: str, rule: str, **data: Any
) -> None:
    out.append(
        FloorDecided(
            f"floor ({fd.by}): {text} ({rule})",
            decision=fd.decision,
            by=fd.by,
            value=fd.to_obj()[fd.decision],
            rule=rule,
            **data,
        )
    )


def _live(table: TableState, fd: FloorDecision, out: list[Output]) -> Hand | None:
    hand = table.live_hand
    if hand is None:
        _refuse(table, fd, out, "no hand is in progress")
    return hand


# ------------------------------------------------------------------ during a hand


def ruling(table: TableState, fd: FloorDecision, out: list[Output]) -> bool:
    """The floor rules the seat's latest action on this street differently: its bet becomes
    ``to`` and play goes on from there (002 Rule 1). Refused once a later street has begun."""
    hand = _live(table, fd, out)
    if hand is None:
        return False
    seat, action, to = fd.value["seat"], fd.value["action"], fd.value["to"]
    deal = (table.hand_no, hand.deal.redeals)
    entries = (
        [i for i, e in enumerate(table.book.ledger) if e.seat == seat]
        if table.book.ledger_deal == deal
        else []
    )
    if not entries:
        _refuse(table, fd, out, f"seat {seat} has no action in this hand to rule on", seat)
        return False
    index = entries[-1]
    entry = table.book.ledger[index]
    if entry.street != hand.street or hand.street == "showdown":
        later = "the showdown" if hand.street == "showdown" else f"the {hand.street}"
        _refuse(
            table,
            fd,
            out,
            f"seat {seat}'s latest action was on the {entry.street} and {later} has begun",
            seat,
        )
        return False
    low, high = entry.bet_before, entry.bet_before + entry.stack_before
    if action in ("fold", "check") and to is not None and to != low:
        _refuse(table, fd, out, f"a {action} leaves seat {seat}'s bet at {low}, not {to}", seat)
        return False
    to = low if to is None else to
    if not low <= to <= high:
        _refuse(
            table,
            fd,
            out,
            f"seat {seat} can bet from {low} (its bet before that action) "
            f"to {high} (all its chips) this street, not {to}",
            seat,
        )
        return False
    rule = cite(table.profile, "floor")
    key = (*deal, index)
    table.book.floor_overrides[key] = (
        action,
        to,
        rule,
        f"floor ruling by {fd.by}: {action} to {to}",
    )
    table.book.floor_target = key
    _notice(
        table,
        fd,
        out,
        f"seat {seat}'s {entry.action} to {entry.to} is ruled {action} to "
        f"{to}; play goes on from there",
        rule,
        seat=seat,
        was={"action": entry.action, "to": entry.to},
    )
    return True


def undercall(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """Resolve an undercall (002 Rule 44-B): ``call`` binds the full call (the seat owes the
    rest); ``fold`` folds the seat, the chips that matched the earlier bet stay in the pot."""
    hand = _live(table, fd, out)
    if hand is None:
        return
    seat, decide = fd.value["seat"], fd.value["decide"]
    if seat not in hand.betting.forfeit or seat not in hand.betting.owes or seat in hand.folded:
        _refuse(table, fd, out, f"seat {seat} has no undercall waiting for the floor", seat)
        return
    rule = option(table.profile, "undercall")
    if decide == "call":
        hand.betting.forfeit.pop(seat)
        _notice(
            table,
            fd,
            out,
            f"seat {seat}'s undercall is a full call: it owes {hand.betting.owes[seat]}",
            rule,
            seat=seat,
        )
        return
    _notice(
        table,
        fd,
        out,
        f"seat {seat} folds its undercall: {hand.betting.forfeit[seat]} stays in "
        "the pot, the rest is handed back",
        rule,
        seat=seat,
    )
    hand.showdown.mucked.extend(c for c in hand.hole.get(seat, []) if c not in hand.showdown.mucked)
    in_turn = hand.to_act == seat
    folds.oot_fold(table, hand, seat, out)
    if in_turn and hand.to_act == seat and hand.street != "over":
        flow.advance(table, hand, seat, out)


def kill(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """The seat's hand is dead; its chips in the pot stay there (002 Rules 14-B, 16, 64-A, 67),
    but not an uncalled bet or raise of its own: that goes back, and the next seat faces only
    the live bet (64-A). At
    showdown the last live hand wins without tabling (002 Rule 18-B, flow.maybe_award)."""
    hand = _live(table, fd, out)
    if hand is None:
        return
    seat = fd.value
    if seat not in hand.dealt or seat in hand.folded:
        _refuse(table, fd, out, f"seat {seat} has no live hand", seat)
        return
    rule = cite(table.profile, "floor.kill")
    _notice(
        table,
        fd,
        out,
        f"seat {seat}'s hand is dead: muck it, its chips stay in the pot",
        rule,
        seat=seat,
    )
    hand.showdown.dead.add(seat)
    hand.folded.add(seat)
    if hand.street != "showdown":
        flow.return_dead_raise(table, hand, seat, out, f" to the killed hand ({rule})")
    held = hand.oot.pending.pop(seat, None)
    if held is not None:  # chips put out of turn were never a bet: they go back
        table.felt.give_back[seat] = table.felt.give_back.get(seat, 0) + sum(held[0])
    for pending in (
        hand.oot.pending_say,
        hand.betting.owes,
        hand.betting.forfeit,
        hand.betting.undercalls,
        hand.betting.declared,
    ):
        pending.pop(seat, None)
    if table.timing.clock is not None and table.timing.clock[0] == seat:
        table.timing.clock = None
    out.append(flow.fold_ruling(hand, seat, rule, f"hand killed by the floor ({fd.by})"))
    flow.play_on(table, hand, seat, out)


def award(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """The pots of the hand in progress or just ended, awarded as the floor says (002 Rule 23);
    an award already made is reversed first. The amounts must total the pots."""
    hand = table.hand
    amounts: dict[int, int] = fd.value
    if hand is None:
        _refuse(table, fd, out, "no hand has been dealt")
        return
    over = hand.street == "over"
    # an award made: what it gave, and odd chips it left in the pot for the next hand (003 Ties
    # 3), which the floor's award takes out again
    total = (
        sum(hand.showdown.won.values()) + hand.showdown.carried
        if over
        else sum(hand.contributed.values()) + hand.stakes.dead_money
    )
    stranger = sorted(s for s in amounts if s not in hand.dealt)
    if stranger:
        _refuse(
            table, fd, out, f"seat {stranger[0]} was not dealt in hand {hand.number}", stranger[0]
        )
        return
    gone = sorted(s for s in hand.dealt if s not in table.players)
    if gone:
        _refuse(
            table,
            fd,
            out,
            f"seat {gone[0]} has left the table since hand {hand.number} was dealt",
            gone[0],
        )
        return
    short = sorted(s for s, a in hand.showdown.won.items() if over and table.players[s].stack < a)
    if short:  # its stack was set since (a stack decision): the award cannot be taken back
        _refuse(
            table,
            fd,
            out,
            f"seat {short[0]} no longer has the {hand.showdown.won[short[0]]} it was awarded",
            short[0],
        )
        return
    if sum(amounts.values()) != total:
        _refuse(
            table,
            fd,
            out,
            f"the award totals {sum(amounts.values())} but the pots of hand "
            f"{hand.number} total {total}",
        )
        return
    rule = cite(table.profile, "floor.award")
    _notice(
        table,
        fd,
        out,
        f"hand {hand.number}'s pots ({total}) awarded: "
        + ", ".join(f"seat {s} {a}" for s, a in sorted(amounts.items())),
        rule,
        reversed=dict(hand.showdown.won),
    )
    if over:
        for seat, amount in hand.showdown.won.items():
            table.players[seat].stack -= amount
        for seat in hand.dealt:  # busted by the award being reversed: back in until re-ruled
            if table.players[seat].out and seat in table.seating.eliminated:
                table.players[seat].out = False
                table.seating.eliminated.remove(seat)
        hand.showdown.won = {}
        hand.showdown.carried = 0
    for seat, amount in amounts.items():
        table.players[seat].stack += amount
        hand.showdown.won[seat] = amount
    out.append(
        Award(
            f"pots {total} awarded by the floor: "
            + ", ".join(f"seat {s} {a}" for s, a in sorted(amounts.items())),
            pot=0,
            amount=total,
            winners=dict(amounts),
            hands={},
        )
    )
    hand.contributed = {}
    hand.stakes.dead_money = 0
    hand.betting.owes.clear()
    hand.street = "over"
    hand.to_act = None
    table.timing.clock = None
    for zone in [
        z for z in table.felt.zones if z.startswith("bet:") and z not in table.felt.sensed_zones
    ]:
        del table.felt.zones[zone]
    flow.eliminate(table, hand, out)
    table.hand_over()


def misdeal(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """The floor declares a misdeal (002 Rule 36): every chip of the hand goes back and the same
    hand is dealt again (36-C)."""
    hand = _live(table, fd, out)
    if hand is None:
        return
    rule = cite(table.profile, "floor.misdeal")
    _notice(
        table,
        fd,
        out,
        f"misdeal of hand {hand.number}: every chip goes back, the same hand is dealt again",
        rule,
    )
    dealing.misdeal(table, out, f"declared by the floor ({fd.by})", rule)


# ------------------------------------------------------------------ the table between hands


def stack(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """Between hands, seats' chips become the given amounts: chips found or taken out of play
    (002 Rules 62, 63, 65, 67-D), re-buys and add-ons (002 Rule 28). A re-buy brings an
    eliminated player back."""
    if table.live_hand is not None:
        _refuse(
            table,
            fd,
            out,
            f"a stack changes between hands, and hand {table.hand_no} is in progress",
        )
        return
    amounts: dict[int, int] = fd.value
    for seat in sorted(amounts):
        if seat not in table.players:
            _refuse(table, fd, out, f"seat {seat} has no player", seat)
            return
    changes = {s: a - table.players[s].stack for s, a in amounts.items()}
    difference = sum(changes.values())
    rule = cite(table.profile, "floor.stack_add" if difference >= 0 else "floor.stack_remove")
    _notice(
        table,
        fd,
        out,
        ", ".join(
            f"seat {s} {table.players[s].stack} -> {a} ({changes[s]:+})"
            for s, a in sorted(amounts.items())
        )
        + f"; chips at the table {difference:+}",
        rule,
        changes=changes,
        difference=difference,
    )
    table.book.chips_added += difference
    back = False
    for seat, amount in amounts.items():
        player = table.players[seat]
        player.stack = amount
        if player.out:
            player.out = False
            back = True
            if seat in table.seating.eliminated:
                table.seating.eliminated.remove(seat)
    if back:
        table.recompute_positions()


def button(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """The button goes on the seat for the next hand and the blinds follow from it (002 Rule
    35-A: the floor corrects the button)."""
    seat = fd.value
    player = table.players.get(seat)
    if player is None or player.out:
        _refuse(table, fd, out, f"seat {seat} has no player in the game", seat)
        return
    live = table.live_seats()
    if len(live) < 2 or seat not in live:
        _refuse(table, fd, out, f"seat {seat} is not dealt in the next hand", seat)
        return
    table.seating.button_placed = seat
    pos = table.upcoming_positions(live)
    if table.live_hand is None:
        table.seating.next_positions = pos
    rule = cite(table.profile, "floor.button")
    _notice(
        table,
        fd,
        out,
        f"the button is on seat {seat} for the next hand: small blind {pos.sb}, big blind {pos.bb}",
        rule,
        button=seat,
        sb=pos.sb,
        bb=pos.bb,
    )


def seat(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """A player takes an empty seat (002 Rules 8-A, 10-A): dealt in from the next hand, except
    between the small blind and the button, where the player waits until the button passes."""
    number, name, chips = fd.value["seat"], fd.value["name"], fd.value["stack"]
    taken = table.players.get(number)
    if taken is not None and not taken.out:
        _refuse(table, fd, out, f"seat {number} is taken by {taken.name}", number)
        return
    player = Player(number, chips, name or f"Seat {number}")
    others = table.live_seats()
    wait = False
    if len(others) >= 2:  # where the button and the small blind are going without the newcomer
        pos = table.upcoming_positions(others)
        wait = 0 < (number - pos.button) % 10 < (pos.sb_seat - pos.button) % 10
    player.waiting = wait
    table.change_seat(number, player)
    table.book.chips_added += chips
    if table.live_hand is None:
        table.recompute_positions()
    rule = cite(table.profile, "floor.seat")
    when = (
        "waits until the button passes the seat (between the small blind and the button)"
        if wait
        else "is dealt in from the next hand"
    )
    _notice(
        table,
        fd,
        out,
        f"{player.name} takes seat {number} with {chips} and {when}",
        rule,
        seat=number,
        waiting=wait,
        difference=chips,
    )


def unseat(table: TableState, fd: FloorDecision, out: list[Output]) -> None:
    """The player leaves the table with their chips (balancing, 002 Rule 11): not while the seat
    is dealt in the hand in progress."""
    number = fd.value
    player: Player | None = table.players.get(number)
    if player is None or player.out:
        _refuse(table, fd, out, f"seat {number} has no player", number)
        return
    hand = table.live_hand
    if hand is not None and number in hand.dealt:
        why = (
            "has a live hand"
            if number not in hand.folded
            else f"was dealt in hand {hand.number}: the player leaves after the award"
        )
        _refuse(table, fd, out, f"seat {number} {why}", number)
        return
    table.change_seat(number, None)
    table.book.chips_added -= player.stack
    table.felt.stack_findings.pop(number, None)
    if hand is None:
        table.recompute_positions()
    rule = cite(table.profile, "floor.unseat")
    _notice(
        table,
        fd,
        out,
        f"{player.name} leaves seat {number} with {player.stack}",
        rule,
        seat=number,
        difference=-player.stack,
    )


_DECISIONS: dict[str, Callable[[TableState, FloorDecision, list[Output]], bool | None]] = {
    "ruling": ruling,
    "undercall": undercall,
    "kill": kill,
    "award": award,
    "misdeal": misdeal,
    "stack": stack,
    "button": button,
    "seat": seat,
    "unseat": unseat,
}
