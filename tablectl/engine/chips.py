"""Chips moved in a seat's bet zone: pushes, pulls and raw zone snapshots, and the stack zones
checked against the ledger.

Writes the felt as read (``table.felt``: zones, stack findings, chips to hand back), chips put
out of turn and held (``hand.oot.pending``), and in ``hand.betting`` what is gathered of last
street's bets, chips pulled back of a prior bet, the string-bet mark and what an owed ruling is
paid (with ``table.last``, the ruling it completes).
002 Rules 43-A, 51-B/C, 56, 63, 17; 004 Betting and Raising 7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablectl.engine.chipread import ITEM, read_item
from tablectl.engine.citations import cite
from tablectl.engine.hand import Hand
from tablectl.engine.notices import Blind, PulledBack, Returned
from tablectl.engine.outofturn import note_oot, out_of_turn_alert
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.potshort import ask_pot
from tablectl.engine.reading import read_chips, situation
from tablectl.engine.shortbet import ask_short, ask_stack, in_the_bet, in_the_stack
from tablectl.engine.state import BET_ZONE
from tablectl.engine.turn import hand_back, no_hand, rule_in_turn, void
from tablectl.engine.zones import multiset_minus, prior_chips, stale_free

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def on_push(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    zone = BET_ZONE[body["seat"]]
    table.felt.zones[zone] = [*table.felt.zones.get(zone, ()), *body["chips"]]
    push(table, body, out)


def push(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Chips moved into a seat's bet zone in one motion (zone contents already updated)."""
    seat = body["seat"]
    chips = list(body["chips"])
    amount = sum(chips)
    hand = table.hand
    if hand is None or hand.street == "over":  # table.live_hand, inline: every push
        out.append(no_hand(f"chips from seat {seat}"))
        hand_back(table, seat, amount)
        return
    if seat not in hand.dealt or seat in hand.folded:
        void(
            out,
            f"seat {seat} has no live hand: its chips are not a bet; hand them back",
            seat,
            "002 Rule 43-A",
        )
        hand_back(table, seat, amount)
        return
    betting = hand.betting  # bound once: read below for every push
    owed = betting.owes.get(seat, 0)
    if ITEM in chips:
        chips = _items(table, hand, seat, chips, owed, out)
        if not chips:
            return
        amount = sum(chips)
    if (seat != hand.to_act or owed) and not _in_play(chips, table.chips):
        # chipread rules chips of no denomination for the seat in turn; elsewhere they stop here
        unknown = [c for c in chips if c not in table.chips and c != ITEM]
        if unknown:
            out.append(
                Alert(
                    "chips_unknown",
                    "004 Betting and Raising 7",
                    f"seat {seat} put out chips not in play ({unknown}): they do not "
                    "play; hand them back and call the floor",
                    seat,
                )
            )
            hand_back(table, seat, sum(unknown))
            chips = [c for c in chips if c in table.chips]
            amount = sum(chips)
            if not chips:
                return
    if owed:
        complete_owed(table, hand, seat, amount, owed, out)
        return
    if betting.last_push == seat:
        # 002 Rule 56: a bet is one motion; going back to the stack for more is a string bet.
        out.append(
            Alert(
                "string_bet",
                cite(table.profile, "string_bet"),
                f"seat {seat} added {amount} to its bet in a second motion: a string "
                "bet. The first motion stands; hand the added chips back.",
                seat,
            )
        )
        hand_back(table, seat, amount)
        return
    if hand.to_act is None:
        if hand.street == "showdown" or betting.betting_over:
            void(out, f"seat {seat}: betting is over; hand the chips back", seat, "002 Rule 17")
        else:
            void(
                out,
                f"seat {seat}: the betting round is closed; hand the chips back",
                seat,
                "002 Rule 43-A",
            )
        hand_back(table, seat, amount)
        return
    if _blind_chips(table, hand, seat, chips, out):
        return
    if seat != hand.to_act:
        held, bet_then = hand.oot.pending.get(seat, ((), hand.round.current_bet))
        hand.oot.pending[seat] = ((*held, *chips), bet_then)
        out.append(
            out_of_turn_alert(
                seat,
                f"put out {amount}" if amount else "put out an action item (002 RP-20)",
                hand.to_act,
                "The bet stands",
                " (a check, call or fold before it), otherwise it is returned and the player "
                "has all options.",
            )
        )
        note_oot(table, hand, seat, True, out)
        return
    declared = betting.declared.get(seat)
    zone = prior_chips(table, hand, seat, chips)
    # read_zone, with the zone already looked at
    if zone is None:
        reading, zoned = read_chips(table, hand, seat, chips, declared), False
    else:
        reading, zoned = read_chips(table, hand, seat, chips, declared, zone), True
    if not rule_in_turn(table, hand, seat, reading, zoned, out):
        hand_back(table, seat, amount)
        return  # not an action: the chips go back, the seat is still in turn
    if declared is None and hand.street != "over":
        betting.last_push = seat


def _items(
    table: TableState, hand: Hand, seat: int, chips: list[int], owed: int, out: list[Output]
) -> list[int]:
    """Action items (bounty chips, clock tokens: no nominal value) among pushed chips; returns
    the chips that play. Alone, by the seat in turn, they are ruled by house option
    ``action_item_bet`` (002 RP-20), out of turn held as any out-of-turn push and ruled so
    when the turn comes (outofturn.read_held); with chips the item does not play and is handed
    back, and the chips are ruled as any push."""
    real = [c for c in chips if c != ITEM]
    rule = cite(table.profile, f"action_item_bet.{table.profile.action_item_bet}")
    if not real and seat != hand.to_act and not owed:
        return chips  # held as any out-of-turn push (002 Rule 42-A), ruled when its turn comes
    if real or owed:
        why = "with chips: the chips are ruled" if real else "while it owes chips: still owed"
        out.append(
            Alert(
                "action_item",
                rule,
                f"seat {seat} put out an action item (bounty chip, clock token) {why}; the "
                f"item has no nominal value and does not play ({rule}): hand it back",
                seat,
            )
        )
        return real
    reading = read_item(situation(table, hand, seat, None))
    if reading.alert in ("action_item", "action_void"):
        # nothing ruled: the floor decides (entered as the seat's declaration); still in turn
        out.append(Alert(reading.alert, reading.rule, reading.text, seat))
    else:
        rule_in_turn(table, hand, seat, reading, False, out)
    return []


def _in_play(chips: list[int], denominations: tuple[int, ...]) -> bool:
    """Whether every chip is of a denomination in play (a loop: no list built when they are, and
    no generator, which all() would need: this runs for nearly every push)."""
    for chip in chips:  # noqa: SIM110
        if chip not in denominations and chip != ITEM:  # an item alone, held out of turn
            return False
    return True


def complete_owed(
    table: TableState, hand: Hand, seat: int, amount: int, owed: int, out: list[Output]
) -> None:
    """The next chips complete a ruling that owes (scenario-format: not a new action)."""
    paid = owed if owed < amount else amount  # min(), compared: nearly every push
    rest = owed - paid
    if rest:
        hand.betting.owes[seat] = rest
    else:
        del hand.betting.owes[seat]
        if hand.betting.forfeit:
            hand.betting.forfeit.pop(seat, None)  # the undercall is now a full call (002 Rule 44-B)
        if hand.betting.undercalls:
            hand.betting.undercalls.pop(seat, None)  # corrected (002 Rule 44-C)
    # The ruling completed is the dealer screen's last one, or this event's own (a word and
    # chips out of turn binding in turn: 002 Rule 42-A), which becomes the last once applied.
    mine = [i for i, o in enumerate(out) if type(o) is Ruling and o.seat == seat]
    last = out[mine[-1]] if mine else table.last
    if isinstance(last, Ruling) and last.seat == seat:
        done = Ruling(
            last.action,
            last.to,
            rest,
            last.returned + amount - paid,
            last.rule,
            last.text,
            seat=seat,
        )
        if mine:
            out[mine[-1]] = done
        else:
            table.last = done
    if amount > paid:
        hand_back(table, seat, amount - paid)
        out.append(
            Returned(
                f"seat {seat}: {amount - paid} more than owed; hand it back",
                seat=seat,
                amount=amount - paid,
            )
        )
    hand.betting.last_push = seat


def _blind_chips(
    table: TableState, hand: Hand, seat: int, chips: list[int], out: list[Output]
) -> bool:
    """A blind putting its posted blind out in chips while the cards are dealt (the ledger posted
    it when the hand began): not an action. Chips beyond the blind are change lying in the zone
    (002 Rule 51-C situation 4). Once the deal is over, chips from a blind are an action (in
    turn) or out of turn."""
    rnd = hand.round
    # No one acts while the cards are being dealt, so this holds for a blind first in turn
    # (heads-up). A table that reads no hole cards has no deal to wait for.
    if (
        hand.deal.seated_checked  # the deal is over (the cheap tests first: every push)
        or hand.street != "preflop"
        or seat in rnd.acted
        or seat not in (hand.positions.sb, hand.positions.bb)
        or not any(hand.hole.values())
    ):
        return False
    blind = rnd.bets.get(seat, 0)
    before = sum(stale_free(table, hand, seat, chips))
    if blind <= 0 or before >= blind:
        return False
    extra = before + sum(chips) - blind
    if extra > 0:
        hand_back(table, seat, extra)
    out.append(
        Blind(
            f"seat {seat} puts out its {blind} blind in chips",
            seat=seat,
            blind=blind,
            change=max(extra, 0),
        )
    )
    return True


def on_pull(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    seat = body["seat"]
    zone = BET_ZONE[seat]
    have = table.felt.zones.get(zone, [])
    missing = multiset_minus(list(body["chips"]), have)
    if missing:
        void(
            out,
            f"chips {missing} were read leaving seat {seat}'s bet zone, which did not "
            "hold them: check the bet zone",
            seat,
            "002 Rule 63",
        )
        return
    table.felt.zones[zone] = multiset_minus(have, list(body["chips"]))
    pull(table, body, out)


def pull(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Chips taken out of a seat's bet zone (zone contents already updated)."""
    seat = body["seat"]
    chips = list(body["chips"])
    if ITEM in chips:
        # an action item handed back (002 RP-20): no value, nothing to rule
        chips = [c for c in chips if c != ITEM]
        if not chips:
            return
        body = {**body, "chips": chips}
    hand = table.hand
    if hand is not None and seat in hand.betting.gathered:
        # last street's bets lying in the zone: the dealer gathering them into the pot
        stale = hand.betting.gathered[seat]
        rest = multiset_minus(stale, chips)
        chips = multiset_minus(chips, stale)
        hand.betting.gathered[seat] = rest
        if not chips:
            return
    amount = sum(chips)
    if hand is not None and seat in hand.oot.pending:
        held, bet_then = hand.oot.pending.pop(seat)
        left = multiset_minus(list(held), chips)
        if left:
            hand.oot.pending[seat] = (tuple(left), bet_then)
        return
    owed_back = table.felt.give_back.get(seat, 0)
    if (
        hand is not None
        and hand.street != "over"
        and seat == hand.to_act
        and hand.round.to_call(seat) > 0
        and hand.round.bets.get(seat, 0) > 0
        and hand.betting.last_push is None
        and amount > owed_back
    ):
        # 002 Rule 51-B: pulling back a prior bet facing a raise binds a call or a raise.
        hand.betting.pulled.setdefault(seat, []).extend(chips)
        out.append(
            PulledBack(
                f"seat {seat} pulled back {amount} of its prior bet "
                "facing a raise: it must now call or raise, it may not fold "
                "(002 Rule 51-B)",
                seat=seat,
                amount=amount,
            )
        )
        return
    if owed_back:
        # The dealer handing back chips a ruling returned or that could not be a bet.
        left = owed_back - amount
        if left > 0:
            table.felt.give_back[seat] = left
        else:
            del table.felt.give_back[seat]
        if left >= 0:
            return
        amount = -left
    if hand is None or hand.street == "over" or hand.round.bets.get(seat, 0) == 0:
        return  # the dealer gathering the bets into the pot once the round is over
    void(
        out,
        f"seat {seat} took back {amount}: chips bet in turn stay in the pot; put them back",
        seat,
        "002 Rule 43-A",
    )


def on_chips(table: TableState, body: dict[str, list[int]], out: list[Output]) -> None:
    """A raw zone snapshot: bet-zone growth is a push, shrinkage a pull; stack zones are checked
    against the ledger once the bet zones are read (002 Rule 63)."""
    if table.felt.unread_chips and not table.felt.answered and ask_short(table, body, out):
        return  # held: the dealer counts the bet first
    if not table.felt.answered and ask_pot(table, body, out):
        return  # held: a chip of the push may lie at the pot's edge
    stacks = []
    table.felt.sensed_zones.update(body)
    for zone, chips in body.items():
        before = table.felt.zones.get(zone, [])
        table.felt.zones[zone] = list(chips)
        if zone.startswith("stack:"):
            stacks.append(int(zone[6:]))
        if not zone.startswith("bet:"):
            continue
        seat = int(zone[4:])
        added = multiset_minus(chips, before)
        removed = multiset_minus(before, chips)
        if removed:
            pull(table, {"seat": seat, "chips": removed}, out)
        if added:
            push(table, {"seat": seat, "chips": added}, out)
    for seat in stacks:
        reconcile_stack(table, seat, out)


def reconcile_stack(table: TableState, seat: int, out: list[Output]) -> None:
    """A stack zone against the ledger: chips of no denomination in play are ``chips_unknown``;
    fewer chips than the seat owns are ``chips_missing`` (002 Rule 63). Raised when the finding
    changes, not on every snapshot."""
    player = table.players.get(seat)
    chips = table.felt.zones.get(f"stack:{seat}", [])
    known = [c for c in chips if c in table.chips]
    # action items (bounty chips, 002 RP-20) belong in a stack: no value, no finding
    unknown = sorted(c for c in chips if c not in table.chips and c != ITEM)
    seen_unknown, seen_missing = table.felt.stack_findings.get(seat, ((), 0))
    if unknown and tuple(unknown) != seen_unknown:
        out.append(
            Alert(
                "chips_unknown",
                "002 Rule 63",
                f"seat {seat}'s stack holds chips not in play ({unknown}): take them out "
                "of the stack and call the floor",
                seat,
            )
        )
    missing = 0
    hand = table.hand
    if player is not None and not player.out:
        # Chips behind on the ledger that lie elsewhere for now: handed back but still in the bet
        # zone, put out of turn and not yet ruled, or won and not yet paid from the pot.
        away = table.felt.give_back.get(seat, 0)
        if hand is not None and hand.street != "over":
            away += sum(hand.oot.pending.get(seat, ((), 0))[0])
        paid_later = (
            hand is not None and hand.street == "over" and hand.showdown.won.get(seat, 0) > 0
        )
        if not paid_later:
            missing = max(player.stack - sum(known) - away, 0)
    # the dealer's count of this stack is ruled, not asked again; after a count of the bet
    # alone, a stack short by a dead chip of unknown place is still asked about (it lies in
    # the stack, not in the bet counted)
    answered = table.felt.answered == f"stack:{seat}"
    if (
        missing
        and (missing != seen_missing or answered)
        and not in_the_stack(table, seat, missing)
        and (answered or not ask_stack(table, seat, missing, chips, out))
        and not (answered and in_the_bet(table, seat, missing, chips, out))
    ):
        out.append(
            Alert(
                "chips_missing",
                "002 Rule 63",
                f"seat {seat} has {missing} fewer chips in its stack than it owns: stop "
                "and have the floor count the stack; chips out of view are forfeit "
                "(002 Rule 63)",
                seat,
            )
        )
    table.felt.stack_findings[seat] = (tuple(unknown), missing)
