"""Event handlers: what each sensed or entered event means at the table.

Each handler takes (table, event body, outputs) and either applies the event or rejects it with
an alert that names its rule and the remedy. The turn order, streets and award are in flow.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablectl.engine import flow, hands
from tablectl.engine.chipread import unclear
from tablectl.engine.citations import cite, option
from tablectl.engine.hand import Hand
from tablectl.engine.notices import (
    Blind,
    Declared,
    FloorCalled,
    Paused,
    PulledBack,
    Resumed,
    Returned,
    SeatStatus,
    Undercall,
)
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.reading import Reading, barred_by, read_chips, situation
from tablectl.engine.state import BET_ZONE, LedgerEntry

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def _void(out: list[Output], text: str, seat: int | None = None, rule: str = "002 Rule 1") -> None:
    out.append(Alert("action_void", rule, text, seat))


def _hand_back(table: TableState, seat: int, amount: int) -> None:
    """Chips in a bet zone that are not a bet: the dealer hands them back (a pull clears them)."""
    table.give_back[seat] = table.give_back.get(seat, 0) + amount


def _no_hand(what: str) -> Alert:
    """The refusal of ``what`` (an event or a press) when no hand is in progress."""
    return Alert("action_void", "002 Rule 1", f"{what} ignored: no hand is in progress")


def _live_hand(table: TableState, out: list[Output], what: str) -> Hand | None:
    hand = table.hand
    if hand is None or hand.street == "over":
        out.append(_no_hand(what))
        return None
    return hand


# ------------------------------------------------------------------ applying an action in turn


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
    deal = table.ledger_deal
    # a new deal starts a new ledger (compared item by item: no tuple built for every action)
    if deal is None or deal[0] != table.hand_no or deal[1] != hand.redeals:
        deal = (table.hand_no, hand.redeals)
        table.ledger_deal, table.ledger = deal, []
    ledger = table.ledger
    override = None
    if table.floor_overrides:  # the ledger index, looked for among the floor's rulings
        key = (*deal, len(ledger))
        override = table.floor_overrides.get(key)
        if override is not None:
            action, to, rule, text, owes, returned = _overridden(
                hand, seat, bet, stack_before, (action, to, owes, returned), override
            )
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
            hand.chip_actions += 1
        rnd.record(seat, to, table.profile)
    hand.actions += 1
    if returned:
        _hand_back(table, seat, returned)
    if owes:
        hand.owes[seat] = owes
    # what waited for this action is spent (the empty dicts, the usual case, are not touched)
    if hand.declared:
        hand.declared.pop(seat, None)
    if hand.pulled:
        hand.pulled.pop(seat, None)
    if hand.no_raise:
        hand.no_raise.pop(seat, None)  # the bar lasts for the next turn only (004 B&R 10)
    hand.last_push = None
    if table.clock is not None and table.clock[0] == seat:
        table.clock = None
    ruled = Ruling(seat, action, to, owes, returned, rule, text)
    out.append(ruled)
    ledger.append(LedgerEntry(seat, hand.street, action, bet, stack_before, to, owes, returned))
    if override is not None and key == table.floor_target:
        table.floor_ruling = ruled
    return to


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
    hand.forfeit.pop(seat, None)  # the floor has ruled: no undercall left to decide
    hand.undercalls.pop(seat, None)
    if action0 == "fold" and action != "fold":
        # the floor keeps a folded hand live: its cards come back from the muck
        hand.mucked = [c for c in hand.mucked if c not in hand.hole.get(seat, [])]
        hand.folded.discard(seat)
    return (action, to, rule, text, max(0, to - put_out), max(0, put_out - to))


def take_action(table: TableState, hand: Hand, ruled: Ruling, out: list[Output]) -> None:
    """Apply a ruled action of the seat in turn and pass the turn (002 Rule 43-A: binding); then
    out-of-turn actions waiting for the next seat take effect (002 Rule 42-A)."""
    seat = ruled.seat
    if hand.oot_log and seat == hand.to_act:
        hand.oot_log = []  # the seat in turn acted: no one is skipped any more (42-B)
    record_action(table, hand, ruled, out)
    flow.advance(table, hand, seat, out)
    if hand.pending or hand.pending_say:  # nothing waits out of turn: the usual case
        resolve_pending(table, hand, out)


# ------------------------------------------------------------------ chips


def on_push(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    zone = BET_ZONE[body["seat"]]
    table.zones[zone] = [*table.zones.get(zone, ()), *body["chips"]]
    push(table, body, out)


def push(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Chips moved into a seat's bet zone in one motion (zone contents already updated)."""
    seat = body["seat"]
    chips = list(body["chips"])
    amount = sum(chips)
    hand = table.hand
    if hand is None or hand.street == "over":
        out.append(_no_hand(f"chips from seat {seat}"))
        _hand_back(table, seat, amount)
        return
    if seat not in hand.dealt or seat in hand.folded:
        _void(
            out,
            f"seat {seat} has no live hand: its chips are not a bet; hand them back",
            seat,
            "002 Rule 43-A",
        )
        _hand_back(table, seat, amount)
        return
    owed = hand.owes.get(seat, 0)
    if (seat != hand.to_act or owed) and not _in_play(chips, table.chips):
        # chipread rules chips of no denomination for the seat in turn; elsewhere they stop here
        unknown = [c for c in chips if c not in table.chips]
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
            _hand_back(table, seat, sum(unknown))
            chips = [c for c in chips if c in table.chips]
            amount = sum(chips)
            if not chips:
                return
    if owed:
        _complete_owed(table, hand, seat, amount, owed, out)
        return
    if hand.last_push == seat:
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
        _hand_back(table, seat, amount)
        return
    if hand.to_act is None:
        if hand.street == "showdown" or hand.betting_over:
            _void(out, f"seat {seat}: betting is over; hand the chips back", seat, "002 Rule 17")
        else:
            _void(
                out,
                f"seat {seat}: the betting round is closed; hand the chips back",
                seat,
                "002 Rule 43-A",
            )
        _hand_back(table, seat, amount)
        return
    if _blind_chips(table, hand, seat, chips, out):
        return
    if seat != hand.to_act:
        held, bet_then = hand.pending.get(seat, ((), hand.round.current_bet))
        hand.pending[seat] = ((*held, *chips), bet_then)
        out.append(
            _out_of_turn(
                seat,
                f"put out {amount}",
                hand.to_act,
                "The bet stands",
                " (a check, call or fold before it), otherwise it is returned and the player "
                "has all options.",
            )
        )
        note_oot(table, hand, seat, True, out)
        return
    declared = hand.declared.get(seat)
    zone = prior_chips(table, hand, seat, chips)
    # read_zone, with the zone already looked at
    if zone is None:
        reading, zoned = read_chips(table, hand, seat, chips, declared), False
    else:
        reading, zoned = read_chips(table, hand, seat, chips, declared, zone), True
    if not rule_in_turn(table, hand, seat, reading, zoned, out):
        _hand_back(table, seat, amount)
        return  # not an action: the chips go back, the seat is still in turn
    if declared is None and hand.street != "over":
        hand.last_push = seat


def ruling_of(seat: int, reading: Reading, rule: str = "", text: str = "") -> Ruling:
    """The ruling a chip reading gives ``seat`` (its rule and text, unless others are given)."""
    return Ruling(
        seat,
        reading.action,
        reading.to,
        reading.owes,
        reading.returned,
        rule or reading.rule,
        text or reading.text,
    )


def _out_of_turn(seat: int, did: str, to_act: int, stands: str, otherwise: str) -> Alert:
    """An action out of turn (002 Rule 42-A): the action backs up to the seat in turn, and what
    the seat did ``stands`` if the action to it does not change."""
    return Alert(
        "out_of_turn",
        "002 Rule 42-A",
        f"seat {seat} {did} out of turn; action backs up to seat {to_act}. {stands} if the "
        f"action to seat {seat} does not change{otherwise}",
        seat,
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
            hand.forfeit[seat] = reading.forfeit
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
        hand.undercalls[seat] = hand.street  # uncorrected until paid (002 Rule 44-C)
    if zoned:
        # the ruling read every chip in the zone: what it hands back replaces the old change
        table.give_back.pop(seat, None)
    take_action(
        table,
        hand,
        ruling_of(seat, reading),
        out,
    )
    return True


def read_zone(
    table: TableState,
    hand: Hand,
    seat: int,
    chips: list[int],
    declared: tuple[str, int | None] | None,
) -> tuple[Reading, bool]:
    """Read a push with the chips already in the zone and those pulled back (002 Rule 51-C);
    True when the zone's chips were known and read."""
    zone = prior_chips(table, hand, seat, chips)
    if zone is None:
        return read_chips(table, hand, seat, chips, declared), False
    prior, pulled = zone
    return read_chips(table, hand, seat, chips, declared, (prior, pulled)), True


def _in_play(chips: list[int], denominations: tuple[int, ...]) -> bool:
    """Whether every chip is of a denomination in play (a loop: no list built when they are, and
    no generator, which all() would need: this runs for nearly every push)."""
    for chip in chips:  # noqa: SIM110
        if chip not in denominations:
            return False
    return True


def _complete_owed(
    table: TableState, hand: Hand, seat: int, amount: int, owed: int, out: list[Output]
) -> None:
    """The next chips complete a ruling that owes (scenario-format: not a new action)."""
    paid = owed if owed < amount else amount  # min(), compared: nearly every push
    rest = owed - paid
    if rest:
        hand.owes[seat] = rest
    else:
        del hand.owes[seat]
        if hand.forfeit:
            hand.forfeit.pop(seat, None)  # the undercall is now a full call (002 Rule 44-B)
        if hand.undercalls:
            hand.undercalls.pop(seat, None)  # corrected (002 Rule 44-C)
    last = table.last
    if last is not None and last.seat == seat:
        table.last = Ruling(
            seat, last.action, last.to, rest, last.returned + amount - paid, last.rule, last.text
        )
    if amount > paid:
        _hand_back(table, seat, amount - paid)
        out.append(
            Returned(
                f"seat {seat}: {amount - paid} more than owed; hand it back",
                seat=seat,
                amount=amount - paid,
            )
        )
    hand.last_push = seat


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
        hand.seated_checked  # the deal is over (the cheap tests first: this runs for every push)
        or hand.street != "preflop"
        or seat in rnd.acted
        or seat not in (hand.positions.sb, hand.positions.bb)
        or not any(hand.hole.values())
    ):
        return False
    blind = rnd.bets.get(seat, 0)
    before = sum(_stale_free(table, hand, seat, chips))
    if blind <= 0 or before >= blind:
        return False
    extra = before + sum(chips) - blind
    if extra > 0:
        _hand_back(table, seat, extra)
    out.append(
        Blind(
            f"seat {seat} puts out its {blind} blind in chips",
            seat=seat,
            blind=blind,
            change=max(extra, 0),
        )
    )
    return True


def _stale_free(table: TableState, hand: Hand, seat: int, new: list[int]) -> list[int]:
    """The chips in the seat's bet zone before ``new`` came, without last street's bets."""
    zone = _multiset_minus(table.zones.get(BET_ZONE[seat], []), new)  # a new list
    stale = hand.gathered.get(seat)
    return _multiset_minus(zone, stale) if stale else zone


def prior_chips(
    table: TableState, hand: Hand, seat: int, new: list[int]
) -> tuple[list[int], list[int]] | None:
    """The seat's prior-bet chips this street and those pulled back since its last action
    (002 Rule 51), when the zone agrees with the ledger: the prior chips hold the seat's bet and
    at most the change lying with it. None when the sensors and the ledger disagree."""
    pulled = hand.pulled.get(seat)
    if pulled:
        pulled = list(pulled)
    else:
        # The usual zone: last street's chips (if any), then the chips just put out, in the order
        # they came: nothing else lies there, so there are no prior chips (no multisets to take
        # away). Any other zone is read below.
        zone = table.zones.get(BET_ZONE[seat], [])
        stale = hand.gathered.get(seat)
        if zone == ([*stale, *new] if stale else new):
            return None
        pulled = []
    prior = _stale_free(table, hand, seat, new) + pulled
    bet = hand.round.bets.get(seat, 0)
    if not prior or not bet <= sum(prior) <= bet + table.give_back.get(seat, 0):
        return None
    return prior, pulled


def resolve_pending(table: TableState, hand: Hand, out: list[Output]) -> None:
    """Out-of-turn action takes effect when the turn reaches its seat: binding if the action to
    that seat did not change (a check, call or fold does not change it), else not binding: chips
    are returned and the player has all options (002 Rule 42-A)."""
    seat = hand.to_act
    if seat is None or (seat not in hand.pending and seat not in hand.pending_say):
        return
    said = hand.pending_say.pop(seat, None)
    held = hand.pending.pop(seat, None)
    bet_then = said[2] if said is not None else held[1] if held is not None else 0
    if hand.round.current_bet != bet_then:
        what = []
        if said is not None:
            what.append(f"'{said[0] or said[1]}'")
        if held is not None:
            _hand_back(table, seat, sum(held[0]))
            what.append(f"the {sum(held[0])} put out (hand it back)")
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
    if said is not None:
        say, amount, _ = said
        on_declare(table, {"seat": seat, "say": say, "amount": amount}, out)
        if held is not None:
            chips = list(held[0])
            if hand.declared.get(seat):
                push(table, {"seat": seat, "chips": chips}, out)  # the declared raise's chips
            elif seat in hand.owes:
                _complete_owed(table, hand, seat, sum(chips), hand.owes[seat], out)
            else:
                _hand_back(table, seat, sum(chips))
        return
    if held is not None:
        reading = _read_held(table, hand, seat, list(held[0]), hand.declared.get(seat), out)
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


def _read_held(
    table: TableState,
    hand: Hand,
    seat: int,
    chips: list[int],
    declared: tuple[str, int | None] | None,
    out: list[Output] | None,
) -> Reading | None:
    """Read chips held since they were put out of turn, now that they count (002 Rule 42-A/B);
    None when they are no action and go back to the player (with the alert when ``out``)."""
    reading, zoned = read_zone(table, hand, seat, chips, declared)
    if reading.alert == "action_void":
        if out is not None:
            out.append(Alert(reading.alert, reading.rule, reading.text, seat))
        _hand_back(table, seat, sum(chips))
        return None
    if zoned:
        table.give_back.pop(seat, None)
    return reading


def note_oot(table: TableState, hand: Hand, seat: int, with_chips: bool, out: list[Output]) -> None:
    """Count out-of-turn action past the seat in turn; once it is substantial (002 Rule 37: two
    actions, one with chips, or three actions) the out-of-turn actions are binding and the floor
    rules on the skipped hand (002 Rule 42-B, Addendum Examples 1 and 2)."""
    hand.oot_log.append((seat, with_chips))
    log = hand.oot_log
    if not (len(log) >= 3 or (len(log) >= 2 and any(c for _, c in log))):
        return
    skipped = hand.to_act
    if skipped is None:
        return
    hand.oot_log = []
    bound = []
    for s in flow.clockwise_after(skipped, hand.dealt):
        if s in hand.folded:
            continue
        said = hand.pending_say.get(s)
        if said is not None and said[0] in ("call", "check") and s not in hand.pending:
            facing = hand.round.to_call(s)
            if said[0] == "check" and facing:
                continue  # a check cannot stand facing a bet: the seat acts in its turn
            del hand.pending_say[s]
            bet = hand.round.bets.get(s, 0)
            to = min(hand.round.current_bet, bet + table.players[s].stack)
            record_action(
                table,
                hand,
                Ruling(
                    s,
                    "call" if facing else "check",
                    to,
                    to - bet,
                    0,
                    "002 Rule 42-B",
                    f"'{said[0]}' out of turn, binding after substantial action out of turn",
                ),
                out,
            )
            bound.append(s)
        elif s in hand.pending and s not in hand.pending_say:
            reading = _read_held(table, hand, s, list(hand.pending.pop(s)[0]), None, None)
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


def on_pull(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    seat = body["seat"]
    zone = BET_ZONE[seat]
    have = table.zones.get(zone, [])
    missing = _multiset_minus(list(body["chips"]), have)
    if missing:
        _void(
            out,
            f"chips {missing} were read leaving seat {seat}'s bet zone, which did not "
            "hold them: check the bet zone",
            seat,
            "002 Rule 63",
        )
        return
    table.zones[zone] = _multiset_minus(have, list(body["chips"]))
    pull(table, body, out)


def pull(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Chips taken out of a seat's bet zone (zone contents already updated)."""
    seat = body["seat"]
    chips = list(body["chips"])
    hand = table.hand
    if hand is not None and seat in hand.gathered:
        # last street's bets lying in the zone: the dealer gathering them into the pot
        stale = hand.gathered[seat]
        rest = _multiset_minus(stale, chips)
        chips = _multiset_minus(chips, stale)
        hand.gathered[seat] = rest
        if not chips:
            return
    amount = sum(chips)
    if hand is not None and seat in hand.pending:
        held, bet_then = hand.pending.pop(seat)
        left = _multiset_minus(list(held), chips)
        if left:
            hand.pending[seat] = (tuple(left), bet_then)
        return
    owed_back = table.give_back.get(seat, 0)
    if (
        hand is not None
        and hand.street != "over"
        and seat == hand.to_act
        and hand.round.to_call(seat) > 0
        and hand.round.bets.get(seat, 0) > 0
        and hand.last_push is None
        and amount > owed_back
    ):
        # 002 Rule 51-B: pulling back a prior bet facing a raise binds a call or a raise.
        hand.pulled.setdefault(seat, []).extend(chips)
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
            table.give_back[seat] = left
        else:
            del table.give_back[seat]
        if left >= 0:
            return
        amount = -left
    if hand is None or hand.street == "over" or hand.round.bets.get(seat, 0) == 0:
        return  # the dealer gathering the bets into the pot once the round is over
    _void(
        out,
        f"seat {seat} took back {amount}: chips bet in turn stay in the pot; put them back",
        seat,
        "002 Rule 43-A",
    )


def on_chips(table: TableState, body: dict[str, list[int]], out: list[Output]) -> None:
    """A raw zone snapshot: bet-zone growth is a push, shrinkage a pull; stack zones are checked
    against the ledger once the bet zones are read (002 Rule 63)."""
    stacks = []
    table.sensed_zones.update(body)
    for zone, chips in body.items():
        before = table.zones.get(zone, [])
        table.zones[zone] = list(chips)
        if zone.startswith("stack:"):
            stacks.append(int(zone[6:]))
        if not zone.startswith("bet:"):
            continue
        seat = int(zone[4:])
        added = _multiset_minus(chips, before)
        removed = _multiset_minus(before, chips)
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
    chips = table.zones.get(f"stack:{seat}", [])
    known = [c for c in chips if c in table.chips]
    unknown = sorted(c for c in chips if c not in table.chips)
    seen_unknown, seen_missing = table.stack_findings.get(seat, ((), 0))
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
        away = table.give_back.get(seat, 0)
        if hand is not None and hand.street != "over":
            away += sum(hand.pending.get(seat, ((), 0))[0])
        paid_later = hand is not None and hand.street == "over" and hand.won.get(seat, 0) > 0
        if not paid_later:
            missing = max(player.stack - sum(known) - away, 0)
    if missing and missing != seen_missing:
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
    table.stack_findings[seat] = (tuple(unknown), missing)


def _multiset_minus(a: list[int], b: list[int]) -> list[int]:
    """``a`` without the chips of ``b``, one for one, in ``a``'s order (a count per denomination:
    linear in the chips, where ``list.remove`` in a loop was quadratic)."""
    if not b or not a:  # the usual case: nothing to take away (a new list all the same)
        return list(a)
    rest: dict[int, int] = {}  # a plain dict: a Counter costs more to build than these few chips
    for x in b:
        rest[x] = rest.get(x, 0) + 1
    out = []
    for x in a:
        left = rest.get(x, 0)
        if left:
            rest[x] = left - 1
        else:
            out.append(x)
    return out


# ------------------------------------------------------------------ declarations, buttons


def on_declare(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """A verbal declaration in turn binds (002 Rules 41, 44-A, 48-B); out of turn it waits for the
    turn and binds if the action to the seat did not change (002 Rule 42-A). An amount with no
    ``say`` is a specific amount only, ruled as that amount pushed silently (002 Rule 41-B/C)."""
    seat, say, amount = body["seat"], body.get("say"), body.get("amount")
    hand = table.hand
    if hand is None or hand.street == "over":
        out.append(_no_hand(f"seat {seat}'s declaration"))
        return
    if hand.to_act != seat:
        said = say or f"{amount}"
        if seat not in hand.dealt or seat in hand.folded:
            _void(
                out,
                f"seat {seat} has no live hand: its declaration is ignored",
                seat,
                "002 Rule 43-A",
            )
        elif say == "fold":
            oot_fold(table, hand, seat, out)
        elif hand.to_act is None:
            _void(
                out,
                f"seat {seat} declared {said} with no betting open: ignored",
                seat,
                "002 Rule 43-A",
            )
        else:
            hand.pending_say[seat] = (say, amount, hand.round.current_bet)
            if say == "check" and table.profile.oot_check != "all_options":
                hand.no_raise[seat] = hand.street  # 004 Betting and Raising 10; 003 B&R 9
            out.append(
                _out_of_turn(
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
    if say == "fold" and hand.pulled.get(seat) and rnd.to_call(seat):
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
                seat,
                "all-in" if to == all_in_to else "call",
                to,
                to - bet,
                0,
                barred,
                f"seat {seat} checked out of turn: it must call the bet, not fold ({barred})",
            ),
            out,
        )
    elif say == "fold":
        take_action(
            table,
            hand,
            Ruling(seat, "fold", bet, 0, 0, cite(table.profile, "declared"), "fold declared"),
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
        take_action(table, hand, Ruling(seat, action, to, to - bet, 0, rule, text), out)
    elif say == "all-in":
        # chip reading: a declared all-in is a call where the seat may not raise (002 Rule 52-A)
        reading, zoned = read_zone(table, hand, seat, [], ("all-in", None))
        rule_in_turn(table, hand, seat, reading, zoned, out)
    elif amount is None:
        # "Raise" or "bet" with no amount binds to at least a minimum; the chips say how much.
        hand.declared[seat] = (say, None)
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
        hand.declared[seat] = declared
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


def check_refused(table: TableState) -> Alert | None:
    """Why a check does not apply now, or None: no hand in progress, no seat in turn, or a bet to
    call (002 Rule 3)."""
    hand = table.live_hand
    if hand is None:
        return _no_hand("check")
    seat = hand.to_act
    if seat is None:
        return _alert("check ignored: no seat is in turn")
    owed = hand.round.to_call(seat)
    if owed:
        return _alert(f"seat {seat} cannot check: it faces {owed} to call", seat, "002 Rule 3")
    return None


def press_check(table: TableState, out: list[Output]) -> None:
    """A check by the seat in turn (002 Rule 43-A), or the alert saying why it does not apply."""
    refused = check_refused(table)
    if refused is not None:
        out.append(refused)
        return
    hand = table.hand
    assert hand is not None and hand.to_act is not None  # check_refused found both
    seat = hand.to_act
    take_action(
        table,
        hand,
        Ruling(seat, "check", hand.round.bets.get(seat, 0), 0, 0, "002 Rule 43-A", "check"),
        out,
    )


def verify_press(table: TableState, name: str) -> Alert | None:
    """Whether the console button ``name`` applies now: None when it does, else the alert its
    press raises (so the console greys the button before the tap). ``award`` when the pots are
    already awarded is None: the press is answered with nothing (scenario-format)."""
    if name == "check":
        return check_refused(table)
    hand = table.live_hand
    if name == "award" and hand is not None:
        if hand.to_act is not None:
            return _alert("award ignored: betting is still open", rule="002 Rule 13")
        if len(hand.board) < 5 and len(hand.live()) > 1:
            return _alert(
                f"award ignored: the board has {len(hand.board)} cards, not 5", rule="002 Rule 13"
            )
    elif name == "new_hand" and hand is not None:
        return _alert("new hand ignored: this hand has not been awarded")
    elif name == "clock":
        return _clock_refused(table)
    elif name == "undo" and (
        hand is None or table.hand_snapshot is None or len(table.hand_log) <= 1
    ):
        # only the deal that started the hand: a misdeal is the remedy, not an undo
        return _alert("nothing to undo in this hand")
    return None


def _alert(text: str, seat: int | None = None, rule: str = "002 Rule 1") -> Alert:
    return Alert("action_void", rule, text, seat)


def on_press(table: TableState, body: str, out: list[Output]) -> None:
    if body == "check":
        press_check(table, out)
        return
    refused = verify_press(table, body)
    if refused is not None:
        out.append(refused)
        return
    hand = table.hand
    if body == "award":
        if hand is None or hand.street == "over":
            return  # nothing if already awarded (scenario-format)
        flow.award(table, hand, out)
    elif body == "new_hand":
        hands.start_hand(table, out)
    elif body == "clock":
        start_clock(table, out)
    elif body == "pause":
        table.paused = True
        out.append(Paused("the tournament clock is paused"))
    elif body == "resume":
        table.paused = False
        out.append(Resumed("the tournament clock runs again"))
    elif body == "floor":
        out.append(FloorCalled("floor called to the table"))


def _clock_rule(table: TableState) -> str:
    """The clock rule of the profile's own rulebook (002 Rule 29 where it says nothing)."""
    return cite(table.profile, "clock")


def _clock_refused(table: TableState) -> Alert | None:
    """Why the clock cannot be called now, or None: no seat is in turn."""
    if table.hand is None or table.hand.to_act is None:
        return _alert("clock ignored: no seat is in turn", rule=_clock_rule(table))
    return None


def start_clock(table: TableState, out: list[Output]) -> None:
    """Clock on the seat in turn (002 Rule 29; 001 "Clock"; 003 Betting & Raising 15: one
    minute with a ten-second warning; the profile sets the seconds)."""
    hand = table.hand
    assert hand is not None and hand.to_act is not None  # on_press: verify_press found both
    profile = table.profile
    seconds = profile.clock_seconds
    table.clock = (hand.to_act, table.t + seconds)
    if profile.clock == "wfp_dead":
        then = (
            "announce 30 seconds, warn at 20 and 10, count down 5 to 1 and say 'dead': the "
            "hand is dead then, facing a bet or not, even if the player acts at that moment; "
            "'raise' said without an amount by then is a minimum raise"
        )
    else:
        then = "facing a bet the hand is then dead, otherwise it is checked"
    if profile.clock_warning:
        then = f"warn the player {profile.clock_warning} seconds before the end; " + then
    out.append(
        Alert(
            "clock",
            _clock_rule(table),
            f"seat {hand.to_act} is on the clock: {seconds} seconds to act; {then}",
            hand.to_act,
        )
    )


def check_clock(table: TableState, out: list[Output]) -> None:
    """The warning, then time up: when it has passed (a tie goes to the player, 002 Rule 29), or
    as it is reached under ``wfp_dead`` (001 "Clock": dead when the dealer says "dead")."""
    if table.clock is None:
        return
    seat, deadline = table.clock
    hand = table.hand
    profile = table.profile
    dead_on_time = profile.clock == "wfp_dead"
    up = table.t >= deadline if dead_on_time else table.t > deadline
    if not up:
        warn_at = deadline - profile.clock_warning
        if (
            profile.clock_warning
            and table.t >= warn_at
            and hand is not None
            and hand.to_act == seat
            and hand.clock_warned != deadline
        ):
            hand.clock_warned = deadline
            out.append(
                Alert(
                    "clock",
                    _clock_rule(table),
                    f"seat {seat}: {profile.clock_warning} seconds left on the clock; "
                    "then the hand is dead if it faces a bet",
                    seat,
                )
            )
        return
    table.clock = None
    if hand is None or hand.to_act != seat:
        return
    rule = _clock_rule(table)
    if dead_on_time:
        said = hand.declared.get(seat)
        if said is not None and said[1] is None and said[0] in ("bet", "raise"):
            _clock_min_raise(table, hand, seat, said[0], out)
            return
        hand.dead.add(seat)
        take_action(
            table,
            hand,
            Ruling(
                seat, "fold", 0, 0, 0, rule, "time ran out: the hand is dead, facing a bet or not"
            ),
            out,
        )
    elif hand.round.to_call(seat):
        hand.dead.add(seat)
        take_action(
            table,
            hand,
            Ruling(seat, "fold", 0, 0, 0, rule, "time expired facing a bet: the hand is dead"),
            out,
        )
    else:
        # 003 says nothing of a clock not facing a bet: 002 Rule 29 checks the hand
        take_action(
            table,
            hand,
            Ruling(
                seat,
                "check",
                hand.round.bets.get(seat, 0),
                0,
                0,
                cite(profile, "clock_check"),
                "time expired: checked",
            ),
            out,
        )


def _clock_min_raise(table: TableState, hand: Hand, seat: int, say: str, out: list[Output]) -> None:
    """001 "Clock": "raise" said without an amount by the end of the time is a minimum raise
    (a call when the betting is not re-opened to the seat, 002 Rule 52-A; all-in when short)."""
    rnd = hand.round
    bet = rnd.bets.get(seat, 0)
    all_in_to = bet + table.players[seat].stack
    if flow.can_raise(table, hand, seat):
        to = min(rnd.min_raise_to(table.profile), all_in_to)
        action = "bet" if rnd.current_bet == 0 else "raise"
    else:
        to = min(rnd.current_bet, all_in_to)
        action = "call"
    if to == all_in_to:
        action = "all-in"
    said = f"'{say}' said without an amount when the time ran out: a minimum {say}"
    text = f"{said}, {action} to {to}"
    take_action(table, hand, Ruling(seat, action, to, to - bet, 0, "001 Clock", text), out)


def on_seat(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Dealer console: a seat is absent (002 Rule 31), on penalty (67-C), or present again."""
    seat, status = body["seat"], body["status"]
    player = table.players.get(seat)
    if player is None or player.out:
        _void(out, f"seat {seat} has no player")
        return
    player.absent = status == "absent"
    player.penalty = status == "penalty"
    out.append(SeatStatus(f"seat {seat}: {status}", seat=seat, status=status))


# ------------------------------------------------------------------ folds


def _forfeit_undercall(table: TableState, hand: Hand, seat: int) -> int:
    """An undercaller the floor lets fold forfeits the chips that matched the earlier bet and
    takes back the rest (002 Rule 44-B, Addendum Rule 44 Ex. 1 and 4); returns the chips back."""
    if seat not in hand.forfeit or seat not in hand.owes:
        hand.forfeit.pop(seat, None)
        return 0
    keep = hand.forfeit.pop(seat)
    owes = hand.owes.pop(seat)
    bet = hand.round.bets.get(seat, 0)
    put_out = bet - owes
    refund = max(bet - keep, 0)
    table.players[seat].stack += refund
    hand.contributed[seat] = hand.contributed.get(seat, 0) - refund
    hand.round.bets[seat] = bet - refund
    back = max(put_out - keep, 0)
    if back:
        _hand_back(table, seat, back)
    return back


def _bb_fold_returned(table: TableState, hand: Hand, seat: int, out: list[Output]) -> bool:
    """001 "Unintentional Folds" (profile ``bb_option_fold``): the big blind folding when it
    may check, or before any other action, gets its cards back; True when the fold is undone."""
    if (
        table.profile.bb_option_fold != "returned"
        or hand.street != "preflop"
        or seat != hand.positions.bb
        or seat in hand.forfeit
    ):
        return False
    on_option = hand.to_act == seat and hand.round.to_call(seat) == 0
    before_any = hand.actions == 0 and not hand.pending and not hand.pending_say
    if not (on_option or before_any):
        return False
    hand.mucked = [c for c in hand.mucked if c not in hand.hole.get(seat, [])]
    why = "on its option to check" if on_option else "before any other action"
    then = "it keeps its option: check or raise" if on_option else "it acts in its turn"
    out.append(
        Alert(
            "action_void",
            "001 Unintentional Folds",
            f"seat {seat}, the big blind, folded {why}: return its cards, the fold does "
            f"not stand and {then}; warn the player that such a fold will be binding in "
            "future",
            seat,
        )
    )
    return True


def oot_fold(table: TableState, hand: Hand, seat: int, out: list[Output]) -> None:
    """A fold out of turn is binding (002 Rule 42-A, 58); an undercaller's fold is the floor's
    other choice under 002 Rule 44-B; the big blind's before any action is returned under
    ``bb_option_fold`` (001 "Unintentional Folds")."""
    if _bb_fold_returned(table, hand, seat, out):
        return
    undercall = seat in hand.forfeit
    # The undercall closed the round: open its bets again, so the fold takes back what the seat
    # never owed and an uncalled raise goes back when the round closes again (002 Rule 64-A).
    reopened = undercall and hand.to_act is None and not hand.round.bets and hand.closed_bets
    if reopened:
        hand.round.bets = dict(hand.closed_bets)
    back = _forfeit_undercall(table, hand, seat)
    hand.folded.add(seat)
    held = hand.pending.pop(seat, None)
    if held is not None:
        _hand_back(table, seat, sum(held[0]))
    hand.pending_say.pop(seat, None)
    hand.owes.pop(seat, None)
    hand.undercalls.pop(seat, None)
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
        hand.closed_bets = dict(hand.round.bets) if hand.forfeit else {}
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


def on_fold(table: TableState, seat: int, out: list[Output]) -> None:
    hand = table.hand
    if hand is None or hand.street == "over":
        out.append(_no_hand(f"seat {seat}'s fold"))
        return
    if seat not in hand.dealt or seat in hand.folded:
        _void(out, f"seat {seat} has no live hand to fold", seat)
        return
    hand.mucked.extend(hand.hole.get(seat, []))
    if hand.to_act is None and seat in hand.forfeit:
        # the undercall closed the betting (the showdown may be on): the floor's other choice
        oot_fold(table, hand, seat, out)  # for an undercaller (002 Rule 44-B)
        return
    if hand.street == "showdown" or (
        hand.to_act is None and hand.betting_over is False and hand.street == "river"
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
        if hand.pulled.get(seat) and hand.round.to_call(seat):
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
        take_action(table, hand, Ruling(seat, "fold", 0, 0, 0, "002 Rule 43-A", "fold"), out)
    elif hand.to_act is None:
        # Folding between rounds with no bet pending: binding (002 Rule 58).
        hand.folded.add(seat)
        out.append(Ruling(seat=seat, action="fold", to=0, rule="002 Rule 58", text="fold"))
        if len(hand.live()) == 1:
            flow.award(table, hand, out)
    else:
        oot_fold(table, hand, seat, out)
