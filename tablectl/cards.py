"""Cards as the antennas read them: hole cards dealt, board, burn and muck (002 Rules 36-40, 17).

Handlers take (table, event body, outputs) like actions.py; a card that makes no sense where it
was read raises the alert of its irregularity with the remedy in plain words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablectl import flow
from tablectl.actions import _live_hand, _void, on_fold
from tablectl.hand import BOARD_AT, Hand
from tablectl.outputs import Alert, Output

if TYPE_CHECKING:
    from tablectl.engine import Table


def on_deal(table: Table, body: dict[str, list[str]], out: list[Output]) -> None:
    hand = table._hand_for_cards(out)
    if hand is None:
        return
    for seat_key, cards in body.items():
        for card in cards:
            hole_card(table, hand, int(seat_key), card, "down", out)


def hole_card(table: Table, hand: Hand, seat: int, card: str, face: str,
              out: list[Output]) -> None:
    if seat not in hand.dealt:
        out.append(Alert("misdeal", "002 Rule 36-A",
                         f"a card went to seat {seat}, which is not entitled to a hand", seat))
        return
    cards = hand.hole.setdefault(seat, [])
    if card in cards:
        if face == "up":
            hand.tabled.add(seat)
            flow.maybe_award(table, hand, out)
        return
    if card != "??" and card_seen(hand, card):
        out.append(Alert("fouled_deck", "002 Rule 36-E",
                         f"{card} was read twice: the deck is fouled; stop play, all bets are "
                         "returned", seat))
        return
    cards.append(card)
    if card == "??":
        out.append(Alert("foreign_card", "000 Irregularities 3",
                         f"seat {seat} was dealt a card of no enrolled deck", seat))
    if len(cards) > 2:
        out.append(Alert("wrong_card_count", "002 Rule 36-A",
                         f"seat {seat} has {len(cards)} cards", seat))
    if face == "up" and hand.street == "showdown" and len(cards) >= 2:
        hand.tabled.add(seat)
        flow.maybe_award(table, hand, out)


def card_seen(hand: Hand, card: str) -> bool:
    if card in hand.board or card in hand.burns:
        return True
    return any(card in cards for cards in hand.hole.values())


def on_card(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    card, zone, face = body["card"], body["zone"], body.get("face", "down")
    if zone.startswith("seat:"):
        seat = int(zone[5:])
        last = table.hand
        if last is not None and last.street == "over" and card in last.hole.get(seat, []):
            last.tabled.add(seat)  # a hand turned over after the award: no new hand
            return
        if last is not None and last.street != "over" and face == "up":
            hand = last
        else:
            hand = table._hand_for_cards(out)
        if hand is not None:
            hole_card(table, hand, seat, card, face, out)
        return
    if zone == "muck" and table.hand is not None and table.hand.street == "over":
        if card not in table.hand.mucked:
            table.hand.mucked.append(card)  # the dealer gathering the cards after the award
        return
    hand = _live_hand(table, out, f"{card} read in {zone}")
    if hand is None:
        return
    if zone == "board":
        board_card(table, hand, card, out)
    elif zone == "burn":
        if card not in hand.burns:
            hand.burns.append(card)
    elif zone == "muck":
        muck_card(table, hand, card, out)


def muck_card(table: Table, hand: Hand, card: str, out: list[Output]) -> None:
    """A hole card read in the muck: when all of a live seat's cards are there, it has folded."""
    if card in hand.mucked:
        return
    hand.mucked.append(card)
    for seat, cards in hand.hole.items():
        if card in cards and seat not in hand.folded:
            if all(c in hand.mucked for c in cards):
                hand.mucked = [c for c in hand.mucked if c not in cards]
                on_fold(table, seat, out)
            return


def board_card(table: Table, hand: Hand, card: str, out: list[Output]) -> None:
    if card in hand.board:
        return
    if card == "??":
        out.append(Alert("foreign_card", "000 Irregularities 3",
                         "a card of no enrolled deck was read on the board: take it out of play "
                         "and call the floor"))
        return
    if hand.to_act is not None or hand.street in ("showdown",):
        out.append(Alert("premature_card", "002 RP-5",
                         f"{card} was put on the board before the betting round closed; "
                         "hold it aside for the floor", None))
        return
    if card != "??" and card_seen(hand, card):
        out.append(Alert("fouled_deck", "002 Rule 36-E",
                         f"{card} was read twice: the deck is fouled; stop play, all bets are "
                         "returned"))
        return
    if len(hand.board) >= 5:
        _void(out, f"{card}: the board already has five cards")
        return
    hand.board.append(card)
    n = len(hand.board)
    for street, count in BOARD_AT.items():
        if n == count and flow.STREET_AFTER.get(hand.street) == street:
            flow.start_street(table, hand, street, out)
            break


def on_board(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    hand = _live_hand(table, out, "board cards")
    if hand is None:
        return
    if body.get("burn") is not None and body["burn"] not in hand.burns:
        hand.burns.append(body["burn"])
    for card in body["board"]:
        board_card(table, hand, card, out)
