"""The flow of a hand: forced bets, turn order, closing a round, streets, showdown and the award.

Functions over (table, hand); the event handlers (chips.py, declarations.py, folds.py,
presses.py, clock.py) and turn.py call them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tablectl.engine.betting import Round, min_bet_for
from tablectl.engine.citations import cite, option
from tablectl.engine.evaluator import describe, evaluate, with_board
from tablectl.engine.hand import Hand
from tablectl.engine.notices import Award, Eliminated, Returned, Showdown, Street, Tabled
from tablectl.engine.outputs import UNSET, Alert, Output, Ruling
from tablectl.engine.pots import Pot, build_pots, carried_words, split_pot
from tablectl.engine.state import BET_SEAT

if TYPE_CHECKING:
    from tablectl.engine.state import TableState

STREET_AFTER = {"preflop": "flop", "flop": "turn", "turn": "river"}


def post_forced_bets(table: TableState, hand: Hand) -> None:
    """Antes and blinds as the hand starts; a short stack posts what it has, all-in (000 rule 15).

    Per-player antes are posted first and count as the player's own chips in the pots. A big blind
    ante (``bb_ante``) is dead money for everyone, in the main pot; a big blind short of both pays
    blind or ante first as the profile says (``bb_ante_short``).
    """
    players = table.players
    sb_amount, bb_amount = hand.stakes.blinds
    contributed = hand.contributed
    bets = hand.round.bets
    for s in hand.dealt:
        contributed[s] = 0
    ante = hand.stakes.ante
    if ante and not hand.stakes.bb_ante:
        for s in hand.dealt:
            player = players[s]
            pay = ante if ante < player.stack else player.stack  # min(), compared: every seat
            player.stack -= pay
            contributed[s] += pay
    pos = hand.positions
    if pos.sb is not None and pos.sb in contributed and pos.sb_posts_bb:
        # 003 Button and blind use 5: the moved small blind posts the big blind, live, and the
        # small blind as dead chips (003 Button and blind use 4), the blind first when short.
        sb = players[pos.sb]
        live_blind = min(bb_amount, sb.stack)
        dead = min(sb_amount, sb.stack - live_blind)
        sb.stack -= live_blind + dead
        contributed[pos.sb] += live_blind
        hand.stakes.dead_money += dead
        bets[pos.sb] = live_blind
    elif pos.sb is not None and pos.sb in contributed:
        sb = players[pos.sb]
        pay = sb_amount if sb_amount < sb.stack else sb.stack
        sb.stack -= pay
        contributed[pos.sb] += pay
        bets[pos.sb] = pay
    bb = players[pos.bb]
    if hand.stakes.bb_ante and ante:
        if table.profile.bb_ante_short == "ante_first":
            ante = min(ante, bb.stack)
            blind = min(bb_amount, bb.stack - ante)
        else:
            blind = min(bb_amount, bb.stack)
            ante = min(ante, bb.stack - blind)
        bb.stack -= ante
        hand.stakes.dead_money += ante
    else:
        blind = bb_amount if bb_amount < bb.stack else bb.stack
    bb.stack -= blind
    contributed[pos.bb] += blind
    bets[pos.bb] = blind


def can_act(table: TableState, hand: Hand, seat: int) -> bool:
    """A seat still in with chips behind: it can still be asked to act."""
    return seat not in hand.folded and table.players[seat].stack > 0


def clockwise_after(seat: int, seats: tuple[int, ...]) -> list[int]:
    """``seats`` in turn order starting left of ``seat`` (which may be an empty seat)."""
    return sorted(seats, key=lambda s: (s - seat - 1) % 10)


def advance(table: TableState, hand: Hand, after: int, out: list[Output]) -> None:
    """Pass the turn clockwise from ``after`` to the next seat that must act, or close the round."""
    dealt, folded = hand.dealt, hand.folded
    if len(dealt) - len(folded) > 1:
        # A seat still in with chips (a mover) must act if it faces a bet, or has not acted while
        # another mover can still bet against it (alone with chips against all-ins, no one is
        # left). ``dealt`` is ascending, so clockwise from ``after`` is the seats above it, then
        # the rest. One pass that stops at the seat found (no list of the movers): the first
        # mover, if it has not acted, must act once a second mover shows there is one.
        rnd = hand.round
        bets, current, acted = rnd.bets, rnd.current_bet, rnd.acted
        above = bisect_right(dealt, after)
        # the usual turn: the next seat clockwise is in with chips and faces a bet (the loop
        # below would stop at it first), found without building the turn order
        seat = dealt[above] if above < len(dealt) else dealt[0]
        if can_act(table, hand, seat) and bets.get(seat, 0) < current:
            hand.to_act = seat
            return
        first_mover = True
        unacted = None  # the first mover when it has not acted: it acts if another mover shows
        for seat in dealt[above:] + dealt[:above]:
            if not can_act(table, hand, seat):
                continue
            if unacted is not None:
                hand.to_act = unacted
                return
            if bets.get(seat, 0) < current:
                hand.to_act = seat
                return
            if seat not in acted:
                if not first_mover:
                    hand.to_act = seat
                    return
                unacted = seat
            first_mover = False
    hand.to_act = None
    close_round(table, hand, out)


def begin_round(table: TableState, hand: Hand, out: list[Output]) -> None:
    """Start the betting of a street: left of the big blind pre-flop, else left of the button.

    Chips still lying in bet zones are earlier bets (or chips to hand back), never prior-bet chips
    of this street (002 Rule 51): pulling them is the dealer gathering them.
    """
    hand.betting.gathered = {
        BET_SEAT[z]: list(c) for z, c in table.felt.zones.items() if z.startswith("bet:") and c
    }
    for seat in hand.betting.gathered:
        table.felt.give_back.pop(seat, None)
    hand.betting.pulled = {}
    hand.betting.last_push = None
    hand.oot.oot_log = []
    if hand.street == "preflop":
        advance(table, hand, hand.positions.bb, out)
    else:
        advance(table, hand, hand.positions.button, out)


def return_uncalled(table: TableState, hand: Hand, out: list[Output]) -> None:
    """An uncalled bet goes back to the bettor (002 Rules 16-B, 64-A: the uncalled amount)."""
    bets = hand.round.bets
    if not bets:
        return
    # the largest bet (the first seat to reach it) and the largest of the others, one scan
    items = iter(bets.items())
    top_seat, top = next(items)
    second = 0
    for seat, amount in items:
        if amount > top:
            top_seat, top, second = seat, amount, top
        elif amount > second:
            second = amount
    excess = top - second
    if excess > 0 and top_seat not in hand.folded:  # a killed hand's blind is not returned (31)
        give_back(table, hand, top_seat, excess, out, "")


def return_dead_raise(
    table: TableState, hand: Hand, seat: int, out: list[Output], why: str
) -> None:
    """A hand mucked or killed while its own bet or raise is uncalled gets the uncalled amount
    back, and the hands still to act face only the live bet (002 Rules 16-B, 64-A). A blind is
    no bet the player initiated: it stays (002 Rule 31)."""
    rnd = hand.round
    if rnd.aggressor != seat:
        return
    live = max((b for s, b in rnd.bets.items() if s != seat), default=0)
    excess = rnd.bets.get(seat, 0) - live
    if excess <= 0:
        return
    give_back(table, hand, seat, excess, out, why)
    if hand.to_act is None:
        return  # the round is closed (the undercall's refold): no bet to face
    # The bet to call falls to the live bet, and the raise before the killed one is again the
    # increment a raise must add (002 Rule 48-A).
    rnd.take_back_increase(live)


def give_back(
    table: TableState, hand: Hand, seat: int, excess: int, out: list[Output], why: str
) -> None:
    """``excess`` of the seat's bet goes back behind its stack (an uncalled amount)."""
    table.players[seat].stack += excess
    hand.round.bets[seat] -= excess
    hand.contributed[seat] -= excess
    # the chips lie in the bet zone until the dealer hands them back
    table.felt.give_back[seat] = table.felt.give_back.get(seat, 0) + excess
    out.append(Returned(f"seat {seat}: uncalled {excess} returned{why}", seat=seat, amount=excess))


def close_round(table: TableState, hand: Hand, out: list[Output]) -> None:
    """The betting round is over: return an uncalled bet, gather the bets, and move the hand on."""
    return_uncalled(table, hand, out)
    rnd = hand.round
    if hand.street == "river":
        hand.betting.river_aggressor = rnd.aggressor
    hand.betting.closed_bets = dict(rnd.bets) if hand.betting.forfeit else {}
    rnd.bets = {}
    hand.to_act = None
    live = hand.live()
    if len(live) == 1:
        award(table, hand, out)
        return
    if hand.street == "river":
        to_showdown(table, hand, out)
        return
    if not hand.betting.betting_over and _movers_at_most_one(table, live):
        # 002 Rule 17: all hands are tabled once no further betting is possible.
        hand.betting.betting_over = True
        hand.showdown.tabled.update(live)
        out.append(Tabled("no more betting: all hands face up (002 Rule 17)", seats=live))


def _movers_at_most_one(table: TableState, live: list[int]) -> bool:
    """Whether at most one of the ``live`` seats has chips behind (no one left to bet against)."""
    players = table.players
    movers = 0
    for s in live:
        if players[s].stack > 0:
            if movers:
                return False
            movers = 1
    return True


def start_street(table: TableState, hand: Hand, street: str, out: list[Output]) -> None:
    """A new street: its betting round with the street's minimum bet (002 Rule 48; 003 rule 15),
    the street's notice, and the first seat to act (or the showdown once betting is over)."""
    hand.street = street
    # min_bet_for and Round.postflop inline (issue 14: every street): the big blind but at home;
    # the round is (min_bet, current_bet 0, last_full_raise min_bet), as Round.postflop makes it
    min_bet = (
        min_bet_for(table.profile, hand.stakes.blinds, street, table.unit)
        if table.profile.min_bet == "home"
        else hand.stakes.blinds[1]
    )
    hand.round = Round(min_bet, 0, min_bet)
    out.append(Street(f"{street}: {' '.join(hand.board)}", street=street, board=list(hand.board)))
    if hand.betting.betting_over:
        if street == "river":
            to_showdown(table, hand, out)
        return
    begin_round(table, hand, out)


def to_showdown(table: TableState, hand: Hand, out: list[Output]) -> None:
    """The last betting round closed: hands are shown, the last aggressor first (002 Rule 18-A)."""
    hand.street = "showdown"
    hand.to_act = None
    first = table.show_first()
    rule = option(table.profile, "show_order")
    out.append(Showdown(f"showdown: seat {first} shows first ({rule})", show_first=first))
    maybe_award(table, hand, out)


def maybe_award(table: TableState, hand: Hand, out: list[Output]) -> None:
    """Award once every live hand is read face up or mucked (or all-in hands were tabled). The
    last live hand wins without tabling (002 Rule 18-B): a hand killed at showdown leaves the
    pot to it at once, never waiting for it to be killed too and the pot to go to no hand."""
    if hand.street != "showdown":
        return
    live = hand.live()
    if len(live) == 1 or (live and hand.showdown.tabled.issuperset(live)):
        award(table, hand, out)


def show_card(table: TableState, hand: Hand, seat: int, card: str, out: list[Output]) -> None:
    """A hole card read face up after the deal: the player's own card turned up plays (000 Irr
    11), but the hand is tabled only when all its cards are face up (002 Rule 14-A). One card
    alone at showdown leaves the pot waiting; the dealer is told at the next event, so a player
    turning the cards one after the other raises nothing (002 Rule 16-A)."""
    shown = hand.showdown.face_up.setdefault(seat, set())
    shown.add(card)
    cards = hand.hole.get(seat, [])
    if len(cards) >= 2 and all(c in shown for c in cards):
        hand.showdown.one_card.pop(seat, None)
        hand.showdown.tabled.add(seat)
        maybe_award(table, hand, out)
    elif hand.street == "showdown" and seat not in hand.showdown.tabled and seat not in hand.folded:
        hand.showdown.one_card.setdefault(seat, 0)


def _one_card_alerts(table: TableState, hand: Hand, out: list[Output]) -> None:
    """The event after a single card was tabled: tell the dealer to ask for both (16-A)."""
    for seat, state in list(hand.showdown.one_card.items()):
        if hand.street != "showdown" or seat in hand.folded or seat in hand.showdown.tabled:
            del hand.showdown.one_card[seat]
        elif state == 0:
            hand.showdown.one_card[seat] = (
                1  # the event that showed the card: wait for the next one
            )
        elif state == 1:
            hand.showdown.one_card[seat] = 2
            out.append(_one_card_alert(table, hand, seat))


def _one_card_alert(table: TableState, hand: Hand, seat: int) -> Alert:
    live = hand.live()
    values = {s: hand_value(hand, s) for s in live}
    mine = values.get(seat)
    wins = mine is not None and all(v is None or v <= mine for v in values.values())
    rule = cite(table.profile, "show_all_cards.would_win" if wins else "show_all_cards")
    would = "a card that would win" if wins else "one card"
    return Alert(
        "one_card_tabled",
        rule,
        f"seat {seat} tabled {would}: ask the player to table both cards, the pot "
        "waits; if the player refuses, call the floor (002 Rule 16-A)",
        seat,
    )


def hand_value(hand: Hand, seat: int) -> int | None:
    """The seat's best hand as read, or None when it cannot win: a hand without exactly two
    known hole cards is dead (002 Rules 36-D, 39), as is a hand killed by a ruling."""
    hole = hand.hole.get(seat, [])
    if len(hole) != 2 or "??" in hole or seat in hand.showdown.dead or len(hand.board) < 3:
        return None
    return evaluate(hole + hand.board)


def hand_values(hand: Hand, seats: Iterable[int]) -> dict[int, int | None]:
    """:func:`hand_value` of each of ``seats``, the board's cards coded once for all (issue 14)."""
    if len(hand.board) < 3:
        return {s: None for s in seats}
    value = with_board(hand.board)
    hole, dead = hand.hole, hand.showdown.dead
    values: dict[int, int | None] = {}
    for s in seats:
        cards = hole.get(s, [])
        dead_hand = len(cards) != 2 or "??" in cards or s in dead
        values[s] = None if dead_hand else value(cards)
    return values


def award(table: TableState, hand: Hand, out: list[Output]) -> None:
    """Award each pot separately to its best live hand, cards speak (002 Rules 13, 21, 22); a
    split's odd chips under ``odd_chip`` "carry" stay in the pot for the next hand (003 Ties 3)."""
    folded = hand.folded
    in_hand = [s for s in hand.dealt if s not in folded]  # hand.live(), ascending
    live = set(in_hand)
    # the chips in the pots (hand.collected()): all the hand's when no bet lies in a bet zone,
    # as when a round closed; build_pots only reads them
    collected = hand.collected() if hand.round.bets else hand.contributed
    pots = build_pots(collected, live, hand.stakes.dead_money)
    total = sum(collected.values()) + hand.stakes.dead_money
    short = total - sum([p.amount for p in pots])
    if short > 0 and live:
        # chips only dead hands put in (their blinds, 002 Rule 31): the live hands take them
        last = pots.pop() if pots else Pot(0, tuple(sorted(live)))
        pots.append(Pot(last.amount + short, last.seats))
    button = hand.positions.button
    values = hand_values(hand, in_hand) if len(in_hand) > 1 else {}
    players, won = table.players, hand.showdown.won
    carry = table.profile.odd_chip == "carry"
    carried = 0
    for index, pot in enumerate(pots):
        contenders = pot.seats
        if len(contenders) > 1:
            rated = [(values[s], s) for s in contenders if values.get(s) is not None]
            if rated:
                best = max(rated)[0]
                contenders = [s for v, s in rated if v == best]
        shares = split_pot(pot.amount, contenders, button, table.unit, carry)
        left = pot.amount - sum(shares.values())
        carried += left
        for seat, amount in shares.items():
            players[seat].stack += amount
            won[seat] = won.get(seat, 0) + amount
        words = (
            {s: describe(values[s]) for s in shares if values.get(s) is not None} if values else {}
        )
        name = "main pot" if index == 0 else f"side pot {index}"
        who = ", ".join(
            [
                f"seat {s} {a} ({words[s]})" if s in words else f"seat {s} {a}"
                for s, a in shares.items()
            ]
        )
        if left:
            rule = option(table.profile, "odd_chip")
            who += f"; {carried_words(left, table.unit)} ({rule})"
        out.append(
            Award(
                f"{name} {pot.amount}: {who}",
                pot=index,
                amount=pot.amount,
                winners=shares,
                hands=words,
                seats=list(pot.seats),
                carried=left or UNSET,
            )
        )
    hand.showdown.carried = carried
    hand.contributed = {}
    hand.stakes.dead_money = 0
    hand.street = "over"
    hand.to_act = None
    table.timing.clock = None
    # A bet zone no sensor reports (shorthand push/pull only) cannot show the dealer gathering
    # it: the gathering is implied with the award, or the zone would grow hand after hand.
    zones = table.felt.zones
    if zones:
        for zone in [z for z in zones if z.startswith("bet:") and z not in table.felt.sensed_zones]:
            del zones[zone]
    eliminate(table, hand, out)
    table.hand_over()


def eliminate(table: TableState, hand: Hand, out: list[Output]) -> None:
    """Players left without chips are out; on the same hand the smaller starting stack finishes
    lower (000 tournament rule 28)."""
    players = table.players
    busted = [s for s in hand.dealt if players[s].stack == 0 and not players[s].out]
    if not busted:
        return
    busted.sort(key=lambda s: hand.stakes.start_stacks[s])
    for s in busted:
        players[s].out = True
        table.seating.eliminated.append(s)
        place = len(table.players) - len(table.seating.eliminated) + 1
        out.append(Eliminated(f"seat {s} is eliminated in place {place}", seat=s, place=place))


def fold_ruling(hand: Hand, seat: int, rule: str, text: str, returned: int = 0) -> Ruling:
    """A seat's fold: its bet this street stays in the pot (``returned``: chips handed back)."""
    return Ruling("fold", hand.round.bets.get(seat, 0), 0, returned, rule, text, seat=seat)


def play_on(table: TableState, hand: Hand, seat: int, out: list[Output]) -> None:
    """Play goes on after ``seat``'s hand is killed: at the showdown the pots are awarded, a
    single live hand ends the betting, and a killed seat in turn passes the turn."""
    if hand.street == "showdown":
        maybe_award(table, hand, out)
    elif len(hand.live()) == 1:
        hand.to_act = None
        close_round(table, hand, out)
    elif hand.to_act == seat:
        advance(table, hand, seat, out)


def after_event(table: TableState, hand: Hand, out: list[Output]) -> None:
    """Checks that follow any event: the end of the initial deal kills absent hands; a single
    card tabled at showdown is told to the dealer (002 Rule 16-A)."""
    if hand.showdown.one_card:
        _one_card_alerts(table, hand, out)
    # a card owed for an exposed card or a joker comes after the deal (000 Irregularities 7, 17)
    if (
        not hand.deal.seated_checked
        and hand.street == "preflop"
        and hand.hole
        # (dealing.count, inline: cards held, owed, and counted by the dealer but unread)
        and all(
            len(hand.hole.get(s, [])) + hand.deal.owed_cards.get(s, 0) + hand.deal.unread.get(s, 0)
            >= 2
            for s in hand.dealt
        )
    ):
        hand.deal.seated_checked = True
        kill_absent(table, hand, out)


def kill_absent(table: TableState, hand: Hand, out: list[Output]) -> None:
    """When the last card of the initial deal is out, the hand of a player not at the seat is
    dead and its blinds and antes stay in the pot (002 Rule 31); so is the hand of a player on
    penalty, dealt in and blinded (002 Rule 67-C)."""
    for seat in hand.dealt:
        player = table.players[seat]
        if seat in hand.folded or not (player.absent or player.penalty):
            continue
        rule = "002 Rule 67-C" if player.penalty else "002 Rule 31"
        why = "is on penalty" if player.penalty else "was not at the seat when the deal ended"
        hand.showdown.dead.add(seat)
        hand.folded.add(seat)
        hand.betting.owes.pop(seat, None)
        out.append(
            Alert(
                "dead_hand",
                rule,
                f"seat {seat} {why}: its hand is dead; muck the "
                "cards, its blinds and antes stay in the pot",
                seat,
            )
        )
        out.append(fold_ruling(hand, seat, rule, "hand killed"))
        if hand.to_act == seat or len(hand.live()) == 1:
            advance(table, hand, seat, out)


def can_raise(table: TableState, hand: Hand, seat: int) -> bool:
    """Whether ``seat`` may raise now: chips beyond a call, betting re-opened to it (002 Rule 52),
    and someone left with chips to face the raise."""
    rnd = hand.round
    players = table.players
    if players[seat].stack <= rnd.to_call(seat):
        return False
    for s in hand.dealt:
        if s != seat and can_act(table, hand, s):
            return rnd.reopened_for(seat, table.profile)
    return False
