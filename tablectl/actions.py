"""Event handlers: what each sensed or entered event means at the table.

Each handler takes (table, event body, outputs) and either applies the event or rejects it with
an alert that names its rule and the remedy. The turn order, streets and award are in flow.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablectl import flow
from tablectl.hand import Hand
from tablectl.outputs import Alert, Notice, Output, Ruling
from tablectl.reading import read_chips

if TYPE_CHECKING:
    from tablectl.engine import Table

# re-exported for the engine
post_forced_bets = flow.post_forced_bets
begin_round = flow.begin_round


def _void(out: list[Output], text: str, seat: int | None = None, rule: str = "002 Rule 1") -> None:
    out.append(Alert("action_void", rule, text, seat))


def _hand_back(table: Table, seat: int, amount: int) -> None:
    """Chips in a bet zone that are not a bet: the dealer hands them back (a pull clears them)."""
    table.give_back[seat] = table.give_back.get(seat, 0) + amount


def _live_hand(table: Table, out: list[Output], what: str) -> Hand | None:
    hand = table.hand
    if hand is None or hand.street == "over":
        _void(out, f"{what} ignored: no hand is in progress")
        return None
    return hand


def can_raise(table: Table, hand: Hand, seat: int) -> bool:
    """Whether ``seat`` may raise now: chips beyond a call, betting re-opened to it (002 Rule 52),
    and someone left with chips to face the raise."""
    rnd = hand.round
    stack = table.players[seat].stack
    if stack <= rnd.to_call(seat):
        return False
    if not any(s != seat and flow.can_act(table, hand, s) for s in hand.dealt):
        return False
    return rnd.reopened_for(seat, table.profile)


# ------------------------------------------------------------------ applying an action in turn

def take_action(table: Table, hand: Hand, seat: int, action: str, to: int, out: list[Output],
                rule: str, text: str, owes: int = 0, returned: int = 0) -> None:
    """Apply a ruled action of the seat in turn and pass the turn (002 Rule 43-A: binding)."""
    rnd = hand.round
    player = table.players[seat]
    if action == "fold":
        hand.folded.add(seat)
        to = rnd.bets.get(seat, 0)
    else:
        bet = rnd.bets.get(seat, 0)
        to = max(bet, min(to, bet + player.stack))  # a ruling never takes chips a seat lacks
        add = to - bet
        player.stack -= add
        hand.contributed[seat] = hand.contributed.get(seat, 0) + add
        if add:
            hand.chip_actions += 1
        rnd.record(seat, to, table.profile)
    hand.actions += 1
    if returned:
        _hand_back(table, seat, returned)
    if owes:
        hand.owes[seat] = owes
    hand.declared.pop(seat, None)
    if table.clock is not None and table.clock[0] == seat:
        table.clock = None
    out.append(Ruling(seat=seat, action=action, to=to, owes=owes, returned=returned, rule=rule,
                      text=text))
    flow.advance(table, hand, seat, out)


# ------------------------------------------------------------------ chips

def on_push(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    zone = f"bet:{body['seat']}"
    table.zones[zone] = table.zones.get(zone, []) + list(body["chips"])
    push(table, body, out)


def push(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    """Chips moved into a seat's bet zone in one motion (zone contents already updated)."""
    seat = body["seat"]
    chips = body["chips"]
    amount = sum(chips)
    hand = _live_hand(table, out, f"chips from seat {seat}")
    if hand is None:
        _hand_back(table, seat, amount)
        return
    if seat not in hand.dealt or seat in hand.folded:
        _void(out, f"seat {seat} has no live hand: its chips are not a bet; hand them back",
              seat, "002 Rule 43-A")
        _hand_back(table, seat, amount)
        return
    owed = hand.owes.get(seat, 0)
    if owed:
        # The next chips complete a ruling that owes (scenario-format: not a new action).
        paid = min(owed, amount)
        rest = owed - paid
        if rest:
            hand.owes[seat] = rest
        else:
            del hand.owes[seat]
        if table.last is not None and table.last.seat == seat:
            table.last = Ruling(seat, table.last.action, table.last.to, rest,
                                table.last.returned + amount - paid, table.last.rule,
                                table.last.text)
        if amount > paid:
            _hand_back(table, seat, amount - paid)
            out.append(Notice("returned", f"seat {seat}: {amount - paid} more than owed; hand it "
                              "back", {"seat": seat, "amount": amount - paid}))
        return
    if hand.to_act is None:
        if hand.street == "showdown" or hand.betting_over:
            _void(out, f"seat {seat}: betting is over; hand the chips back", seat,
                  "002 Rule 17")
        else:
            _void(out, f"seat {seat}: the betting round is closed; hand the chips back", seat,
                  "002 Rule 43-A")
        _hand_back(table, seat, amount)
        return
    if seat != hand.to_act:
        out.append(Alert("out_of_turn", "002 Rule 42-A",
                         f"seat {seat} put out {amount} out of turn; action backs up to seat "
                         f"{hand.to_act}. The bet stands if the action to seat {seat} does not "
                         "change, otherwise it is returned and the player has all options.",
                         seat))
        hand.pending[seat] = (amount, hand.round.current_bet)
        return
    reading = read_chips(table, hand, seat, chips, hand.declared.get(seat))
    if reading.alert:
        out.append(Alert(reading.alert, reading.rule, reading.text, seat))
        if reading.alert == "action_void":
            _hand_back(table, seat, amount)
            return  # not an action: the chips go back, the seat is still in turn
    take_action(table, hand, seat, reading.action, reading.to, out, reading.rule, reading.text,
                reading.owes, reading.returned)
    resolve_pending(table, hand, out)


def resolve_pending(table: Table, hand: Hand, out: list[Output]) -> None:
    """Out-of-turn chips take effect when the turn reaches their seat: binding if the action to
    that seat did not change, else returned with all options (002 Rule 42-A)."""
    while hand.to_act is not None and hand.to_act in hand.pending:
        seat = hand.to_act
        amount, bet_then = hand.pending.pop(seat)
        if hand.round.current_bet != bet_then:
            _hand_back(table, seat, amount)
            out.append(Notice("returned", f"seat {seat}: the action changed; the {amount} put out "
                              "of turn is returned and the player has all options "
                              "(002 Rule 42-A)", {"seat": seat, "amount": amount}))
            return
        reading = read_chips(table, hand, seat, [amount], None)
        take_action(table, hand, seat, reading.action, reading.to, out, "002 Rule 42-A",
                    f"out-of-turn action binding: {reading.text}", reading.owes,
                    reading.returned)


def on_pull(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    seat = body["seat"]
    zone = f"bet:{seat}"
    have = table.zones.get(zone, [])
    missing = _multiset_minus(list(body["chips"]), have)
    if missing:
        _void(out, f"chips {missing} were read leaving seat {seat}'s bet zone, which did not "
              "hold them: check the bet zone", seat, "002 Rule 63")
        return
    table.zones[zone] = _multiset_minus(have, list(body["chips"]))
    pull(table, body, out)


def pull(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    """Chips taken out of a seat's bet zone (zone contents already updated)."""
    seat = body["seat"]
    amount = sum(body["chips"])
    hand = table.hand
    if hand is not None and seat in hand.pending:
        pending, bet_then = hand.pending.pop(seat)
        if amount < pending:
            hand.pending[seat] = (pending - amount, bet_then)
        return
    owed_back = table.give_back.get(seat, 0)
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
    _void(out, f"seat {seat} took back {amount}: chips bet in turn stay in the pot; put them back",
          seat, "002 Rule 43-A")


def on_chips(table: Table, body: dict[str, list[int]], out: list[Output]) -> None:
    """A raw zone snapshot: bet-zone growth is a push, shrinkage a pull."""
    for zone, chips in body.items():
        before = table.zones.get(zone, [])
        table.zones[zone] = list(chips)
        if not zone.startswith("bet:"):
            continue
        seat = int(zone[4:])
        added = _multiset_minus(chips, before)
        removed = _multiset_minus(before, chips)
        if removed:
            pull(table, {"seat": seat, "chips": removed}, out)
        if added:
            push(table, {"seat": seat, "chips": added}, out)


def _multiset_minus(a: list[int], b: list[int]) -> list[int]:
    rest = list(b)
    out = []
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out


# ------------------------------------------------------------------ declarations, buttons

def on_declare(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    """A verbal declaration in turn binds (002 Rules 41, 44-A, 48-B)."""
    seat, say, amount = body["seat"], body["say"], body.get("amount")
    hand = _live_hand(table, out, f"seat {seat}'s declaration")
    if hand is None:
        return
    if hand.to_act != seat:
        if seat in hand.dealt and seat not in hand.folded and say == "fold":
            oot_fold(table, hand, seat, out)
            return
        out.append(Alert("out_of_turn", "002 Rule 42-A",
                         f"seat {seat} declared {say} out of turn; action is on seat "
                         f"{hand.to_act}", seat))
        return
    rnd = hand.round
    player = table.players[seat]
    bet = rnd.bets.get(seat, 0)
    all_in_to = bet + player.stack
    if say == "fold":
        take_action(table, hand, seat, "fold", bet, out, "002 Rule 41-A", "fold declared")
    elif say == "check":
        press_check(table, hand, out)
    elif say == "call" and rnd.to_call(seat) == 0:
        press_check(table, hand, out)  # nothing to call: a check
    elif say == "call":
        to = min(rnd.current_bet, all_in_to)
        action = "all-in" if to == all_in_to else "call"
        take_action(table, hand, seat, action, to, out, "002 Rule 44-A",
                    f"call declared: {to} total", owes=to - bet)
    elif say == "all-in":
        take_action(table, hand, seat, "all-in", all_in_to, out, "002 Rule 41-B",
                    f"all-in declared: {all_in_to} total", owes=all_in_to - bet)
    elif amount is None:
        # "Raise" or "bet" with no amount binds to at least a minimum; the chips say how much.
        hand.declared[seat] = (say, None)
        out.append(Notice("declared", f"seat {seat} declared {say}; the chips set the amount",
                          {"seat": seat, "say": say}))
    else:
        declared_bet_or_raise(table, hand, seat, say, amount, out)


def declared_bet_or_raise(table: Table, hand: Hand, seat: int, say: str, amount: int,
                          out: list[Output]) -> None:
    """"Raise, X" is a total of X (002 Rule 48-B); a short amount is raised to the minimum
    (002 Rule 45-A) unless it is all the player has."""
    rnd = hand.round
    bet = rnd.bets.get(seat, 0)
    all_in_to = bet + table.players[seat].stack
    minimum = rnd.min_raise_to(table.profile)
    if not can_raise(table, hand, seat):
        to = min(rnd.current_bet, all_in_to)
        take_action(table, hand, seat, "all-in" if to == all_in_to else "call", to, out,
                    "002 Rule 52-A", f"betting is not re-opened to seat {seat}: a call of {to}",
                    owes=to - bet)
        return
    to = min(max(amount, minimum), all_in_to)
    if to == all_in_to:
        action, rule = "all-in", "002 Rule 41-B"
    else:
        action = "bet" if rnd.current_bet == 0 else "raise"
        rule = "002 Rule 48-B" if amount >= minimum else "002 Rule 45-A"
    text = f"{say} {amount} declared: {action} to {to}"
    if amount < minimum and to != all_in_to:
        text += f" (the minimum is {minimum})"
    take_action(table, hand, seat, action, to, out, rule, text, owes=to - bet)


def press_check(table: Table, hand: Hand, out: list[Output]) -> None:
    seat = hand.to_act
    if seat is None:
        _void(out, "check ignored: no seat is in turn")
        return
    owed = hand.round.to_call(seat)
    if owed:
        _void(out, f"seat {seat} cannot check: it faces {owed} to call", seat, "002 Rule 3")
        return
    take_action(table, hand, seat, "check", hand.round.bets.get(seat, 0), out, "002 Rule 43-A",
                "check")


def on_press(table: Table, body: str, out: list[Output]) -> None:
    hand = table.hand
    if body == "check":
        if hand is None or hand.street == "over":
            _void(out, "check ignored: no hand is in progress")
        else:
            press_check(table, hand, out)
    elif body == "award":
        if hand is None or hand.street == "over":
            return  # nothing if already awarded (scenario-format)
        if hand.to_act is not None:
            _void(out, "award ignored: betting is still open", rule="002 Rule 13")
        elif len(hand.board) < 5 and len(hand.live()) > 1:
            _void(out, f"award ignored: the board has {len(hand.board)} cards, not 5",
                  rule="002 Rule 13")
        else:
            flow.award(table, hand, out)
    elif body == "new_hand":
        if hand is not None and hand.street != "over":
            _void(out, "new hand ignored: this hand has not been awarded")
        else:
            table.start_hand(out)
    elif body == "clock":
        start_clock(table, out)
    elif body == "pause":
        table.paused = True
        out.append(Notice("pause", "the tournament clock is paused"))
    elif body == "resume":
        table.paused = False
        out.append(Notice("resume", "the tournament clock runs again"))
    elif body == "undo":
        table.undo(out)
    elif body == "floor":
        out.append(Notice("floor", "floor called to the table"))


def start_clock(table: Table, out: list[Output]) -> None:
    """Clock on the seat in turn (002 Rule 29; the profile sets the seconds)."""
    hand = table.hand
    if hand is None or hand.to_act is None:
        _void(out, "clock ignored: no seat is in turn", rule="002 Rule 29")
        return
    seconds = table.profile.clock_seconds
    table.clock = (hand.to_act, table.t + seconds)
    out.append(Alert("clock", "002 Rule 29",
                     f"seat {hand.to_act} is on the clock: {seconds} seconds to act; facing a bet "
                     "the hand is then dead, otherwise it is checked", hand.to_act))


def check_clock(table: Table, out: list[Output]) -> None:
    """Time is up when it has passed (a tie goes to the player, 002 Rule 29)."""
    if table.clock is None:
        return
    seat, deadline = table.clock
    hand = table.hand
    if table.t <= deadline:
        return
    table.clock = None
    if hand is None or hand.to_act != seat:
        return
    if hand.round.to_call(seat):
        hand.dead.add(seat)
        take_action(table, hand, seat, "fold", 0, out, "002 Rule 29",
                    "time expired facing a bet: the hand is dead")
    else:
        take_action(table, hand, seat, "check", hand.round.bets.get(seat, 0), out, "002 Rule 29",
                    "time expired: checked")


def on_seat(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    """Dealer console: a seat is absent (002 Rule 31), on penalty (67-C), or present again."""
    seat, status = body["seat"], body["status"]
    player = table.players.get(seat)
    if player is None or player.out:
        _void(out, f"seat {seat} has no player")
        return
    player.absent = status == "absent"
    player.penalty = status == "penalty"
    out.append(Notice("seat", f"seat {seat}: {status}", {"seat": seat, "status": status}))


# ------------------------------------------------------------------ folds

def oot_fold(table: Table, hand: Hand, seat: int, out: list[Output]) -> None:
    """A fold out of turn is binding (002 Rule 42-A, 58)."""
    hand.folded.add(seat)
    hand.pending.pop(seat, None)
    out.append(Alert("out_of_turn", "002 Rule 42-A",
                     f"seat {seat} folded out of turn: the fold is binding", seat))
    out.append(Ruling(seat=seat, action="fold", to=hand.round.bets.get(seat, 0),
                      rule="002 Rule 42-A", text="out-of-turn fold, binding"))
    if len(hand.live()) == 1:
        hand.to_act = None
        flow.close_round(table, hand, out)


def on_fold(table: Table, seat: int, out: list[Output]) -> None:
    hand = _live_hand(table, out, f"seat {seat}'s fold")
    if hand is None:
        return
    if seat not in hand.dealt or seat in hand.folded:
        _void(out, f"seat {seat} has no live hand to fold", seat)
        return
    hand.mucked.extend(hand.hole.get(seat, []))
    if hand.street == "showdown" or (hand.to_act is None and hand.betting_over is False
                                      and hand.street == "river"):
        hand.folded.add(seat)  # mucked at showdown (002 Rule 18-B)
        if len(hand.live()) == 1:
            flow.award(table, hand, out)
        else:
            flow.maybe_award(table, hand, out)
        return
    if hand.to_act == seat:
        take_action(table, hand, seat, "fold", 0, out, "002 Rule 43-A", "fold")
        resolve_pending(table, hand, out)
    elif hand.to_act is None:
        # Folding between rounds with no bet pending: binding (002 Rule 58).
        hand.folded.add(seat)
        out.append(Ruling(seat=seat, action="fold", to=0, rule="002 Rule 58", text="fold"))
        if len(hand.live()) == 1:
            flow.award(table, hand, out)
    else:
        oot_fold(table, hand, seat, out)
