"""Cards as the antennas read them: hole cards dealt, board, burn and muck (002 Rules 36-40, 17).

Handlers take (table, event body, outputs) like chips.py and folds.py; a card that makes no
sense where it was read raises the alert of its irregularity with the remedy in plain words.
The deal itself (order, misdeals, exposed cards, wrong counts) is in dealing.py; the board and
burns are here.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from tablectl.engine import dealing, flow, hands
from tablectl.engine.folds import on_fold
from tablectl.engine.hand import BOARD_AT, Hand
from tablectl.engine.notices import Street
from tablectl.engine.outputs import Alert, Output
from tablectl.engine.state import SEAT_NUMBER
from tablectl.engine.turn import live_hand_or_alert, void

if TYPE_CHECKING:
    from tablectl.engine.state import TableState

# The street a board card starts when the board holds this many cards.
STARTS = {0: "flop", 3: "turn", 4: "river"}


def on_deal(table: TableState, body: dict[str, list[str]], out: list[Output]) -> None:
    """The ``deal`` shorthand: hole cards in proper order, one a seat clockwise from the first
    seat left of the button, then the next round (scenario-format; 002 Rule 35-B). The deal is
    over when it ends: seats left out or short are a misdeal (002 Rule 36-A)."""
    hand = hands.hand_for_cards(table, out)
    if hand is None:
        return
    seats = {SEAT_NUMBER.get(k) or int(k): v for k, v in body.items()}  # int(k), "1"-"10" looked up
    if _whole_deal(hand, seats):
        _deal_ended(table, hand, out)
        return
    order = flow.clockwise_after(hand.positions.button, tuple(seats))
    for r in range(max(len(v) for v in seats.values())):
        for seat in order:
            if r < len(seats[seat]):
                dealing.hole_card(
                    table,
                    hand,
                    seat,
                    dealing.CardRead(seats[seat][r], "down", None),
                    out,
                    check_first=False,
                )
                if table.hand is not hand:
                    return  # misdealt: the dealer stops and deals again
    if not hand.deal.deal_done:
        dealing.check_deal(table, hand, out)


def _whole_deal(hand: Hand, seats: dict[int, list[str]]) -> bool:
    """The usual ``deal`` in one step (issue 14): a pre-flop hand no card was read for yet, and
    exactly two distinct known cards for every seat dealt in and no other. Card by card,
    :func:`dealing.hole_card` would find each one in a seat with a hand, seen nowhere, no joker,
    the seat holding fewer than two, nothing owed or mucked, and the deal complete at the last
    card: so only its bookkeeping is done here, in the same order. Anything else (a seat out,
    short or not entitled, a third card, a card twice, a joker, a hand that already has cards)
    returns False and goes card by card, where every irregularity is ruled."""
    hole = hand.hole
    dealt = hand.dealt
    if (
        hand.street != "preflop"
        or hand.deal.deal_log
        or hand.deal.in_play
        or hand.showdown.mucked
        or hand.deal.owed_cards
        or hand.deal.exposed
        or hand.deal.extra
        or len(seats) != len(dealt)
        or dealt[0] < 1
        or dealt[-1] > 10
    ):
        return False
    # The dealing order: every seat dealt in (ascending, 1..10) from the first left of the
    # button round to the button, as flow.clockwise_after orders them. With as many seats read
    # as dealt in, each of them read means no other seat was.
    above = bisect_right(dealt, hand.positions.button)
    order = dealt[above:] + dealt[:above]
    firsts: list[str] = []
    seconds: list[str] = []
    for seat in order:
        cards = seats.get(seat)
        if cards is None or len(cards) != 2 or hole.get(seat) != []:
            return False
        firsts.append(cards[0])
        seconds.append(cards[1])
    read = firsts + seconds
    if "??" in read or len(set(read)) != len(read):
        return False
    for seat in order:
        hole[seat].extend(seats[seat])
    log = hand.deal.deal_log
    log.extend(zip(order, firsts, strict=True))
    log.extend(zip(order, seconds, strict=True))
    hand.deal.in_play.update(firsts)  # in the order read, as card by card
    hand.deal.in_play.update(seconds)
    hand.deal.deal_done = True
    return True


def _deal_ended(table: TableState, hand: Hand, out: list[Output]) -> None:
    """After a whole deal, what flow.after_event does once every seat holds its two cards, done
    at once (its check over every seat would find them all dealt): the hands of absent and
    penalized players die (002 Rules 31, 67-C). Only while the hand is pre-flop, as there (the
    blinds may have put everyone all-in and the hand be over)."""
    if hand.street != "preflop" or hand.deal.seated_checked:
        return
    hand.deal.seated_checked = True
    players = table.players
    for seat in hand.dealt:
        player = players[seat]
        if player.absent or player.penalty:
            flow.kill_absent(table, hand, out)
            return


def on_card(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    card, zone, face = body["card"], body["zone"], body.get("face", "down")
    deck = body.get("deck")
    if zone.startswith("seat:"):
        seat = int(zone[5:])
        last = table.hand
        if (
            last is not None
            and last.street == "over"
            and face == "up"
            and card in last.hole.get(seat, [])
            and card not in last.showdown.mucked
        ):
            last.showdown.tabled.add(seat)  # a hand turned over after the award: no new hand
            return
        hand = hands.hand_for_cards(table, out)
        if hand is not None:
            dealing.hole_card(table, hand, seat, dealing.CardRead(card, face, deck), out)
        return
    if zone == "muck" and table.hand is not None and table.hand.street == "over":
        mucked = table.hand.showdown.mucked
        if card not in mucked:
            mucked.append(card)  # the dealer gathering the cards after the award
        return
    hand = live_hand_or_alert(table, out, f"{card} read in {zone}")
    if hand is None:
        return
    if deck is not None:
        dealing.foreign_deck(table, hand, card, deck, out, None)
    elif zone == "board":
        board_card(table, hand, card, out)
    elif zone == "burn":
        burn_card(hand, card, out)
    elif zone == "muck":
        if (
            face == "up"
            and card != "??"
            and card not in hand.showdown.mucked
            and not dealing.card_seen(hand, card)
        ):
            dealing.boxed_card(table, hand, card, out)
        else:
            muck_card(table, hand, card, out)


def muck_card(table: TableState, hand: Hand, card: str, out: list[Output]) -> None:
    """A hole card read in the muck: when all of a live seat's cards are there, it has folded."""
    if card in hand.showdown.mucked:
        return
    for seat, cards in hand.hole.items():
        if card in cards and seat not in hand.folded:
            if all(c in hand.showdown.mucked or c == card for c in cards):
                if (
                    seat == hand.to_act
                    and not hand.deal.deal_done
                    and dealing.check_deal(table, hand, out)
                ):
                    return  # the deal was incomplete: misdealt, nothing to fold
                hand.showdown.mucked = [c for c in hand.showdown.mucked if c not in cards]
                on_fold(table, seat, out)
            else:
                hand.showdown.mucked.append(card)
            return
    hand.showdown.mucked.append(card)


# ------------------------------------------------------------------ board and burns


def board_card(
    table: TableState, hand: Hand, card: str, out: list[Output], extra: bool = False
) -> None:
    """A card read face up on the board. ``extra``: the fourth card of a flop dealt at once."""
    if card in hand.board:
        return
    short = len(hand.board) < BOARD_AT.get(hand.street, 0)  # a burn was taken back off it
    if not short and hand.deal.premature and hand.to_act is None:
        hand.deal.in_play.difference_update(hand.deal.premature)
        hand.deal.premature = []  # the premature cards went back into the stub (RP-5, 001)
    if card in hand.deal.held or card in hand.deal.premature:
        # Read on the board again: it is still set aside, the floor's remedy stands.
        kind, rule = (
            ("four_card_flop", "002 Rule 38-A")
            if card in hand.deal.held
            else ("premature_card", "002 RP-5")
        )
        out.append(
            Alert(
                kind,
                rule,
                f"{card} was read on the board again: it does not play; keep it aside as ruled",
            )
        )
        return
    if card == "??":
        out.append(
            Alert(
                "foreign_card",
                "000 Irregularities 7",
                f"{dealing.FOREIGN} was read on the board: it is a scrap of "
                "paper; take it out of play and put the next card in its place",
            )
        )
        return
    if dealing.card_seen(hand, card):
        dealing.fouled(table, hand, card, out)
        return
    if short:
        hand.board.append(card)
        hand.deal.in_play.add(card)
        if len(hand.board) == BOARD_AT[hand.street]:
            out.append(
                Street(
                    f"{hand.street}: {' '.join(hand.board)}",
                    street=hand.street,
                    board=list(hand.board),
                )
            )
        return
    if hand.street == "showdown" or len(hand.board) >= 5:
        void(out, f"{card}: the board already has five cards")
        return
    if extra or (
        hand.to_act is not None
        and hand.street == "flop"
        and len(hand.board) == 3
        and hand.betting.actions == hand.deal.street_mark
        and hand.deal.burn_pending == 0
        and not hand.deal.held
    ):
        hand.deal.held.append(card)
        hand.deal.in_play.add(card)
        out.append(
            Alert(
                "four_card_flop",
                "002 Rule 38-A",
                f"the flop has four cards ({' '.join(hand.board)} {card}): call the "
                "floor; scramble the four face down, the floor picks one at random as "
                "the next burn (put it in the burn), the other three are the flop",
            )
        )
        return
    if hand.to_act is not None:
        premature(table, hand, card, out)
        return
    street = STARTS.get(len(hand.board))
    if street is not None:
        check_burns(hand, street, out)
    hand.board.append(card)
    hand.deal.in_play.add(card)
    n = len(hand.board)
    for street, count in BOARD_AT.items():
        if n == count and flow.STREET_AFTER.get(hand.street) == street:
            flow.start_street(table, hand, street, out)
            hand.deal.street_mark = hand.betting.actions
            break


def premature(table: TableState, hand: Hand, card: str, out: list[Output]) -> None:
    """A board card before the betting round closed: it does not play (000 Irregularities 15),
    and the street is re-dealt as the profile says (``premature_card``)."""
    first = not hand.deal.premature
    hand.deal.premature.append(card)
    hand.deal.in_play.add(card)
    street = STARTS.get(len(hand.board), "river")
    if table.profile.premature_card == "next_cards":
        if first and street in ("flop", "turn"):
            # 001: burn the next street's burn and use the next cards; that street has no burn.
            hand.deal.burn_need[street] = hand.deal.burn_need.get(street, 1) + 1
            hand.deal.burn_need[flow.STREET_AFTER[street]] = 0
        remedy = {
            "flop": "when the betting is over, burn one more card and deal the next three "
            "as the flop; the premature flop is shuffled into the stub and the turn "
            "has no burn",
            "turn": "when the betting is over, burn one more card and deal the next as the "
            "turn; the premature turn is shuffled into the stub and the river has "
            "no burn",
            "river": "when the betting is over, shuffle the premature river into the stub "
            "and deal the river without a burn",
        }[street]
        rule = "001 Premature Flop, Turn or River"
    else:
        remedy = (
            "when the betting is over, leave the burn, put the premature card(s) back into "
            f"the stub, reshuffle it and deal the {street} again without another burn"
        )
        rule = "002 RP-5"
    out.append(
        Alert(
            "premature_card",
            rule,
            f"{card} was put on the board before the betting round closed: it does not "
            f"play; set it aside and {remedy}",
        )
    )


def check_burns(hand: Hand, street: str, out: list[Output]) -> None:
    """One burn before each street (002 Rule 40), checked at the street's first card: a missed
    burn is corrected before any action (002 Rule 38-B flop, 000 Irregularities 14), an extra
    burn goes back on the stub as the next street's burn (000 Irregularities 14)."""
    need = hand.deal.burn_need.get(street, 1)
    pending = hand.deal.burn_pending
    have = pending + hand.deal.burn_credit
    hand.deal.burn_pending = 0
    hand.deal.burn_credit = max(0, have - need)
    if have < need:
        hand.deal.burn_fix = True
        if street == "flop":
            remedy = (
                "if no one has acted, scramble the three flop cards face down, the floor "
                "picks one as the burn (put it in the burn) and the flop is the other two "
                "plus the next card (002 Rule 38-B); once anyone acts the flop stands"
            )
            rule = "002 Rule 38-B"
        else:
            remedy = (
                f"before anyone acts, the {street} card becomes the burn (put it in the "
                f"burn) and the next card is the {street}; once anyone acts it stands"
            )
            rule = "000 Irregularities 14"
        out.append(Alert("missed_burn", rule, f"no card was burned before the {street}: {remedy}"))
    elif pending > need:
        out.append(
            Alert(
                "missed_burn",
                "002 Rule 40",
                f"{pending} cards were burned before the {street}: one burn per street; "
                "put the extra burn back on the stub to be the next street's burn "
                "(000 Irregularities 14)",
            )
        )


def burn_card(hand: Hand, card: str, out: list[Output]) -> None:
    """A card read in the burn: a burn, or the correction of a board irregularity."""
    if card in hand.deal.burns:
        return
    if card in hand.deal.extra:
        # The extra card dealt after the starting hands is the burn (000 Irregularities 18).
        hand.deal.extra.remove(card)
        hand.deal.burns.append(card)
        hand.deal.burn_pending += 1
        return
    if card in hand.deal.exposed:
        # The exposed hole card becomes the burn (000 Irregularities 17).
        hand.deal.exposed.remove(card)
        hand.deal.burns.append(card)
        hand.deal.burn_pending += 1
        return
    if hand.deal.held and (card in hand.deal.held or card in hand.board):
        # The floor's pick of a four-card flop: the next burn; the other three are the flop.
        cards = [c for c in hand.board + hand.deal.held if c != card]
        changed = cards != hand.board
        hand.board, hand.deal.held = cards, []
        hand.deal.burns.append(card)
        hand.deal.burn_pending += 1
        if changed:
            out.append(
                Street(
                    f"flop: {' '.join(hand.board)} (002 Rule 38-A)",
                    street="flop",
                    board=list(hand.board),
                )
            )
        return
    if card in hand.board:
        if hand.deal.burn_fix and hand.betting.actions == hand.deal.street_mark:
            hand.board.remove(card)  # the missed burn corrected: this street's burn
            hand.deal.burns.append(card)
            hand.deal.burn_fix = False
        else:
            void(
                out,
                f"{card} is a board card: once anyone has acted on it, it stands; put it "
                "back on the board",
                rule="000 Irregularities 14",
            )
        return
    if dealing.card_seen(hand, card):
        void(out, f"{card} is in play: it cannot be the burn; put it back")
        return
    hand.deal.burns.append(card)
    hand.deal.in_play.add(card)
    hand.deal.burn_pending += 1


def on_board(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    hand = live_hand_or_alert(table, out, "board cards")
    if hand is None:
        return
    if _whole_street(table, hand, body.get("burn"), body["board"], out):
        return
    if body.get("burn") is not None:
        burn_card(hand, body["burn"], out)
        if table.hand is not hand:
            return
    four = len(body["board"]) == 4 and not hand.board
    for i, card in enumerate(body["board"]):
        board_card(table, hand, card, out, extra=four and i == 3)
        if table.hand is not hand:
            return


def _whole_street(
    table: TableState, hand: Hand, burn: str | None, board: list[str], out: list[Output]
) -> bool:
    """The usual ``board``: the betting round is closed and the event brings a burn and exactly
    the next street's cards, none of them seen before nor a joker (issue 14). Card by card,
    :func:`burn_card` would take the burn as a plain burn and :func:`board_card` would find each
    card new, the board not short of a card taken back, nothing held or premature, no turn in
    betting: so the burns are checked and the street starts as there, at once. Anything else (no
    burn, a card twice, a joker, a four-card flop, a card before the betting closed) returns
    False and goes card by card, where every irregularity is ruled."""
    street = flow.STREET_AFTER.get(hand.street)
    if (
        street is None
        or hand.to_act is not None
        or hand.deal.premature
        or hand.deal.held
        or len(board) != BOARD_AT[street] - len(hand.board)
        or len(hand.board) != BOARD_AT.get(hand.street, 0)
        or burn is None
        or burn == "??"
        or "??" in board
    ):
        return False
    in_play = hand.deal.in_play
    if burn in in_play or burn in board or len(set(board)) != len(board):
        return False
    if not in_play.isdisjoint(board):
        return False
    hand.deal.burns.append(burn)
    in_play.add(burn)
    if hand.deal.burn_pending or hand.deal.burn_credit or street in hand.deal.burn_need:
        hand.deal.burn_pending += 1
        check_burns(hand, street, out)
    # else the street's one burn and no other, none owed or credited: check_burns would find
    # the one it needs and leave no burn pending nor credited, and say nothing (002 Rule 40)
    hand.board.extend(board)
    in_play.update(board)
    flow.start_street(table, hand, street, out)
    hand.deal.street_mark = hand.betting.actions
    return True
