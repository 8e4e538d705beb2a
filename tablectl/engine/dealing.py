"""The deal as the seat antennas read it: dealing order, misdeals, exposed cards and wrong counts.

002 Rules 35-B (heads-up the button gets the last card), 36 (misdeals, fouled decks), 37
(substantial action), 39 (button with too few cards), 40 (killed hands after SA); 000
Irregularities 3, 6, 7 and 17 (other decks, boxed cards, scraps of paper, a single exposed card).
Pure functions over (table, hand); a misdeal or a void hand re-deals the same hand through
:func:`tablectl.engine.hands.redeal` (002 Rule 36-C).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tablectl.engine import flow, hands, recount
from tablectl.engine.citations import option
from tablectl.engine.events import Event
from tablectl.engine.hand import Hand
from tablectl.engine.notices import Returned
from tablectl.engine.outputs import Alert, Output

if TYPE_CHECKING:
    from tablectl.engine.state import TableState

REDEAL = "reshuffle and deal the same hand again: same button, same blinds (002 Rule 36-C)"


def stops_play(alert: Alert) -> bool:
    """An alert that orders the hand dealt again (a misdeal, a void hand): no one acts until the
    re-deal (002 Rule 36-C), whatever the new hand's first turn."""
    return alert.text.endswith(REDEAL)


def substantial(table: TableState, hand: Hand) -> bool:
    """Whether a misdeal can no longer be declared. 002 Rule 37: any 2 actions in turn, one
    putting chips in, or any 3 actions (blinds do not count); 000/004 Misdeals 2: two players
    acted; 003 Misdeals 1: one player acted (profile ``misdeal_until``)."""
    until = table.profile.misdeal_until
    if until == "first_action":
        return hand.betting.actions >= 1
    if until == "two_actions":
        return hand.betting.actions >= 2
    return hand.betting.actions >= 3 or (
        hand.betting.actions >= 2 and hand.betting.chip_actions >= 1
    )


def deal_order(hand: Hand) -> list[int]:
    """Seats in dealing order: the first seat left of the button first, the button last
    (002 Rule 35-B heads-up: the button is dealt the last card)."""
    return flow.clockwise_after(hand.positions.button, hand.dealt)


def count(hand: Hand, seat: int) -> int:
    """The cards a seat holds or is owed (an exposed card's replacement comes after the deal),
    those the dealer counted there that the table could not read included."""
    deal = hand.deal
    n = len(hand.hole.get(seat, [])) + deal.owed_cards.get(seat, 0)
    return n + deal.unread.get(seat, 0) if deal.unread else n


def card_seen(hand: Hand, card: str) -> bool:
    """Whether ``card`` is already in play this hand (on the board, burned, held or set aside,
    in a hand): a second one fouls the deck (36-E)."""
    return card in hand.deal.in_play


def misdeal(
    table: TableState, out: list[Output], text: str, rule: str, seat: int | None = None
) -> None:
    """Declare a misdeal: every chip goes back and the same hand is dealt again."""
    out.append(Alert("misdeal", rule, f"misdeal: {text}; {REDEAL}", seat))
    hands.redeal(table, out)


# What a tag of no enrolled deck is called in every ruling on one (a joker, a non-standard card).
FOREIGN = "a card of no enrolled deck"


def fouled(
    table: TableState, hand: Hand, card: str, out: list[Output], seat: int | None = None
) -> None:
    """A card read a second time: the deck is fouled and the hand void (002 Rule 36-E)."""
    void_hand(
        table,
        hand,
        Alert("fouled_deck", "002 Rule 36-E", f"{card} was read twice: the deck is fouled", seat),
        out,
    )


def void_hand(table: TableState, hand: Hand, why: Alert, out: list[Output]) -> None:
    """Stop play and return every chip bet this hand, blinds and antes included (002 Rule 36-E;
    000 Irregularities 3-4: all action void). Chosen: the void hand is then dealt again with a
    good deck, same button and blinds, as after a misdeal (36-C), because no one paid for it."""
    back = {
        s: hand.stakes.start_stacks[s] - table.players[s].stack
        for s in hand.dealt
        if hand.stakes.start_stacks[s] > table.players[s].stack
    }
    out.append(
        Alert(
            why.kind,
            why.rule,
            f"{why.text}: stop play, every chip bet this hand goes back to its "
            f"owner; change the deck and {REDEAL}",
            why.seat,
        )
    )
    if back:
        out.append(
            Returned(
                "all bets returned: " + ", ".join(f"seat {s} {a}" for s, a in sorted(back.items())),
                seats=back,
            )
        )
    hands.redeal(table, out)


def kill(table: TableState, hand: Hand, alert: Alert, out: list[Output]) -> None:
    """A hand killed by a ruling (``alert`` says which seat and why): dead and folded, its chips
    stay in the pot (002 Rule 36-D); chips it put out of turn, held and never a bet, go back."""
    seat = alert.seat
    assert seat is not None  # a killed hand is a seat's
    out.append(alert)
    hand.showdown.dead.add(seat)
    hand.folded.add(seat)
    held = hand.oot.pending.pop(seat, None)
    if held is not None:  # chips put out of turn were never a bet: they go back (002 Rule 42-A)
        table.felt.give_back[seat] = table.felt.give_back.get(seat, 0) + sum(held[0])
    hand.betting.owes.pop(seat, None)
    flow.play_on(table, hand, seat, out)


def kill_miscounted(table: TableState, hand: Hand, seat: int, held: str, out: list[Output]) -> None:
    """A seat found holding ``held`` after substantial action: its hand is dead (002 Rules
    36-D, 40)."""
    text = (
        f"seat {seat} has {held} after substantial action: the hand is dead, muck its cards, "
        "its chips stay in the pot; burn only one card for the next street (002 Rule 40)"
    )
    kill(table, hand, Alert("wrong_card_count", "002 Rule 36-D", text, seat), out)


# ------------------------------------------------------------------ hole cards


class CardRead(NamedTuple):
    """A card as read: its code, face up or down, and the deck of its back (None: ours)."""

    card: str
    face: str
    deck: str | None


def hole_card(
    table: TableState,
    hand: Hand,
    seat: int,
    read: CardRead,
    out: list[Output],
    *,
    check_first: bool = True,
) -> None:
    """A card read in ``seat:N``. ``check_first`` is off for the ``deal`` shorthand, which is in
    proper order by definition (scenario-format)."""
    card, face, deck = read
    if deck is not None:
        foreign_deck(table, hand, card, deck, out, seat)
        return
    if seat not in hand.dealt:
        if substantial(table, hand):
            out.append(
                Alert(
                    "action_void",
                    "002 Rule 36-D",
                    f"{card} was read at seat {seat}, which has no hand: take it away "
                    "and muck it; after substantial action the hand goes on",
                    seat,
                )
            )
        else:
            misdeal(
                table,
                out,
                f"a card went to seat {seat}, which is not entitled to a hand",
                "002 Rule 36-A(3)",
                seat,
            )
        return
    deal = hand.deal  # bound once: read and written below for every hole card
    if not deal.deal_log and hand.street != "preflop":
        deal.deal_done = True  # no hole card was read during the deal: nothing to check now
    cards = hand.hole.setdefault(seat, [])
    if card in cards:
        if face == "up" and not deal.deal_done:
            expose(table, hand, seat, card, out)
        elif face == "up":
            flow.show_card(table, hand, seat, card, out)
        return
    if card in deal.exposed or card in deal.extra:
        return  # the exposed or extra card, set aside to be the burn, read again where it lies
    if card != "??" and card_seen(hand, card):
        fouled(table, hand, card, out, seat)
        return
    if card == "??":
        scrap_card(table, hand, seat, out)
        return
    owed = deal.owed_cards.get(seat, 0)
    held = len(cards) + owed  # count(hand, seat) but for the cards counted unread
    if deal.unread.get(seat):
        # a card counted at the seat whose tag the table could not read, read after all
        if deal.unread[seat] > 1:
            deal.unread[seat] -= 1
        else:
            del deal.unread[seat]
    elif owed and held >= 2:
        # The replacement of an exposed card, dealt after the deal (000 Irregularities 17).
        if owed > 1:
            deal.owed_cards[seat] = owed - 1
        else:
            del deal.owed_cards[seat]
    elif (
        check_first
        and not deal.deal_done
        and not deal.deal_log
        and seat != deal_order(hand)[0]
        # a joker dealt to the first seat was the first card (000 Irregularities 7)
        and deal_order(hand)[0] not in deal.scrapped
    ):
        misdeal(
            table,
            out,
            f"the first card went to seat {seat}; it goes to seat "
            f"{deal_order(hand)[0]}, the first seat left of the button",
            "002 Rule 36-A(2)",
            seat,
        )
        return
    elif held >= 2:
        too_many(table, hand, seat, card, out)
        return
    elif (
        check_first
        and not deal.deal_done
        and not deal.scrapped
        and table.profile.deal_sequence == "sequence"
        and out_of_sequence(hand, seat)
    ):
        misdeal(
            table,
            out,
            f"{card} went to seat {seat} out of the proper dealing sequence",
            option(table.profile, "deal_sequence"),
            seat,
        )
        return
    cards.append(card)
    deal.in_play.add(card)
    deal.deal_log.append((seat, card))
    if card in hand.showdown.mucked:
        hand.showdown.mucked.remove(card)  # gathered from an earlier deal: in play again
    if face == "up" and not deal.deal_done:
        expose(table, hand, seat, card, out)
        return
    if face == "up" and hand.street == "showdown":
        flow.show_card(table, hand, seat, card, out)
    # Only this seat's count changed: the deal can be complete only once it holds two.
    if (
        not deal.deal_done
        and count(hand, seat) >= 2
        and all(count(hand, s) >= 2 for s in hand.dealt)
    ):
        deal.deal_done = True


def out_of_sequence(hand: Hand, seat: int) -> bool:
    """Whether the next hole card read at ``seat`` is out of the proper dealing sequence (004
    Misdeals 1(f)). The antennas report reads with timing jitter, so two cards next to each other
    in the proper order may be read swapped: a card is out of sequence only when it is read more
    than one place away from its place in the deal (docs/scenario-extensions.md). Once a joker
    was replaced (000 Irregularities 6-7: by the next card, or after the round) the order is the
    dealer's and is not checked again in this deal."""
    order = deal_order(hand)
    if seat not in order:
        return False
    dealt = sum(1 for s, _ in hand.deal.deal_log if s == seat)
    place = dealt * len(order) + order.index(seat)
    return abs(len(hand.deal.deal_log) - place) > 1


def extra_card(table: TableState, hand: Hand, seat: int, card: str, out: list[Output]) -> bool:
    """Profile ``extra_card`` "burn" (000 Irregularities 10 and 18, 004 Irregularities 11):
    before the first round of betting, one extra card dealt in sequence to the first player after
    the starting hands goes back on the stub as the burn; a second extra card is a misdeal (000
    and 004 Misdeals 1(d)). True when ruled here."""
    if table.profile.extra_card != "burn" or hand.betting.actions:
        return False
    rule = option(table.profile, "extra_card")
    if hand.deal.extra:
        misdeal(table, out, f"a second extra card ({card}) was dealt, to seat {seat}", rule, seat)
        return True
    if seat != deal_order(hand)[0] or not all(count(hand, s) >= 2 for s in hand.dealt):
        return False
    hand.deal.extra.append(card)
    hand.deal.in_play.add(card)
    out.append(
        Alert(
            "wrong_card_count",
            rule,
            f"seat {seat} was dealt an extra card ({card}) after the starting hands: no "
            "misdeal; take it back and put it on the stub, it is the burn of the flop",
            seat,
        )
    )
    return True


def too_many(table: TableState, hand: Hand, seat: int, card: str, out: list[Output]) -> None:
    """A third card: a misdeal before substantial action (002 Rule 36-A(5)), unless it is the
    first player's extra card that becomes the burn (``extra_card``); after substantial action
    the hand is dead (36-D, 40)."""
    if extra_card(table, hand, seat, card, out):
        return
    if not substantial(table, hand):
        misdeal(
            table, out, f"seat {seat} was dealt a third card ({card})", "002 Rule 36-A(5)", seat
        )
        return
    hand.hole[seat].append(card)
    hand.deal.in_play.add(card)
    kill_miscounted(table, hand, seat, "three cards", out)


def expose(table: TableState, hand: Hand, seat: int, card: str, out: list[Output]) -> None:
    """A hole card face up during the deal (dealer error). 002 Rule 36-A(7): the first or second
    card off the deck, or any two, is a misdeal; one other card is replaced after the deal and
    becomes the burn (000 Irregularities 17)."""
    index = next((i for i, (_, c) in enumerate(hand.deal.deal_log) if c == card), 0)
    hand.hole[seat].remove(card)
    hand.deal.exposed.append(card)
    hand.deal.owed_cards[seat] = hand.deal.owed_cards.get(seat, 0) + 1
    any_one = table.profile.exposed_misdeal == "any"
    if any_one or index < 2 or len(hand.deal.exposed) >= 2:
        why = (
            "the first card off the deck was exposed"
            if index == 0
            else "the second card off the deck was exposed"
            if index == 1
            else "two downcards were exposed"
            if len(hand.deal.exposed) >= 2
            else f"seat {seat}'s {card} was exposed by the dealer"
        )
        rule = "003 Misdeals 1(a)" if any_one else "002 Rule 36-A(7)"
        misdeal(table, out, why, rule, seat)
        return
    out.append(
        Alert(
            "exposed_card",
            "000 Irregularities 17",
            f"seat {seat}'s {card} was exposed by the dealer: finish the deal, then give "
            f"seat {seat} the next card off the deck; the {card} becomes the burn",
            seat,
        )
    )


def scrap_card(table: TableState, hand: Hand, seat: int, out: list[Output]) -> None:
    """A tag of no enrolled deck (a joker, a non-standard card) in a hand. Before substantial
    action a misdeal (002 Rule 36-A(6)); after it a scrap of paper (002 Rule 36-D, 000
    Irregularities 7): take it out of play, and a hand left short is dead. Profile ``scrap_card``
    "replace" (000 Irregularities 7, 004 Irregularities 8): never a misdeal; replaced by the next
    card before the player acts, a dead hand once it acted on it."""
    if table.profile.scrap_card == "replace":
        scrap_replaced(table, hand, seat, out)
        return
    if not substantial(table, hand):
        out.append(
            Alert(
                "foreign_card",
                "002 Rule 36-A(6)",
                f"{FOREIGN} was dealt to seat {seat}: before substantial "
                "action a non-standard card is a misdeal",
                seat,
            )
        )
        misdeal(
            table, out, f"a non-standard card was dealt to seat {seat}", "002 Rule 36-A(6)", seat
        )
        return
    out.append(
        Alert(
            "foreign_card",
            "002 Rule 36-D",
            f"{FOREIGN} was read at seat {seat}: it is a scrap of "
            "paper; take it out of play, the hand goes on (000 Irregularities 7)",
            seat,
        )
    )


def scrap_replaced(table: TableState, hand: Hand, seat: int, out: list[Output]) -> None:
    """A joker is a scrap of paper and no misdeal (000 Irregularities 7): found before the player
    acts on the hand it is replaced like a boxed card (000 Irregularities 6); the player who
    acted on it has a dead hand."""
    rule = option(table.profile, "scrap_card")
    if count(hand, seat) >= 2:
        # the seat holds (or is owed) its two cards: a stray tag, nothing to replace
        out.append(
            Alert(
                "foreign_card",
                rule,
                f"{FOREIGN} was read at seat {seat}: a scrap of paper; "
                "take it out of play, the hand goes on",
                seat,
            )
        )
    elif hand.street == "preflop" and seat not in hand.round.acted:
        hand.deal.owed_cards[seat] = hand.deal.owed_cards.get(seat, 0) + 1
        hand.deal.scrapped.add(seat)
        out.append(
            Alert(
                "foreign_card",
                rule,
                f"{FOREIGN} was dealt to seat {seat}: a scrap of paper, "
                f"no misdeal; take it out of play and give seat {seat} the next card (if "
                "that card is already dealt, a card once this round is dealt)",
                seat,
            )
        )
    else:
        kill(
            table,
            hand,
            Alert(
                "foreign_card",
                rule,
                f"seat {seat} acted on a hand holding {FOREIGN}: the hand is dead; "
                "muck it, its chips stay in the pot",
                seat,
            ),
            out,
        )


def foreign_deck(
    table: TableState, hand: Hand, card: str, deck: str, out: list[Output], seat: int | None
) -> None:
    """A card with another deck's back in play: all action is void and every chip goes back
    (000 Irregularities 3; a fouled-deck condition by house policy, 002 Rule 36-E)."""
    where = f"seat {seat}" if seat is not None else "the board"
    void_hand(
        table,
        hand,
        Alert(
            "foreign_card",
            "000 Irregularities 3",
            f"{card} of deck {deck} (another back) was read at {where}",
            seat,
        ),
        out,
    )


def boxed_card(table: TableState, hand: Hand, card: str, out: list[Output]) -> None:
    """A card found face up in the deck, set aside face up in the muck: a scrap of paper
    replaced by the next card (000 Irregularities 6); two (003: one) on the initial deal are a
    misdeal (002 Rule 36-A(1))."""
    hand.showdown.mucked.append(card)
    if not hand.deal.deal_done:
        hand.deal.boxed += 1
        limit = 1 if table.profile.boxed_misdeal == "one" else 2
        if hand.deal.boxed >= limit:
            misdeal(
                table,
                out,
                f"{hand.deal.boxed} boxed cards on the deal",
                "003 Misdeals 1(b)" if limit == 1 else "002 Rule 36-A(1)",
            )
            return
    out.append(
        Alert(
            "boxed_card",
            "000 Irregularities 6",
            f"{card} was found face up in the deck: it is a scrap of paper; leave it out "
            "and deal the next card in its place",
        )
    )


# ------------------------------------------------------------------ the deal is over


# Cards missing at the deal's end that dead tags may explain (0.1-0.3% of tags: one in a deal
# is rare, two rarer still): more missing is a deal cut short, ruled at once.
DEAD_CARDS_ASKED = 2


def check_deal(table: TableState, hand: Hand, out: list[Output]) -> bool:
    """The deal is over (the shorthand ended, or action starts): every entitled seat must hold
    two cards. A seat dealt out or short is a misdeal (002 Rule 36-A(4), (5)); a button with one
    card gets the next (002 Rules 36-B, 39). Returns True when the hand was misdealt.

    The seats read short may hold cards whose tags the table cannot read: while the deck has
    cards it has never read (``unread``, from the bridge) as many as are missing, and no more
    than :data:`DEAD_CARDS_ASKED` are, the dealer is asked to count each short seat
    (recount.ask_cards) instead; the hand goes on counting them full, and the count is ruled by
    :func:`counted_cards` as this would have ruled."""
    deal = hand.deal
    deal.deal_done = True
    if not deal.deal_log:
        return False  # no hole cards were read: a table dealt without card sensors
    short = {s: count(hand, s) for s in deal_order(hand) if count(hand, s) < 2}
    missing = sum(2 - n for n in short.values())
    if short and missing <= min(len(table.felt.unread_cards), DEAD_CARDS_ASKED):
        for seat, n in short.items():
            deal.unread[seat] = deal.unread.get(seat, 0) + 2 - n
            recount.ask_cards(table, seat, n, out)
        return False
    return _short(table, hand, out)


def _short(table: TableState, hand: Hand, out: list[Output]) -> bool:
    """The misdeal of a seat dealt out or short (002 Rule 36-A(4), (5)), or the button's missing
    card (002 Rules 36-B, 39). True when the hand was misdealt."""
    button = hand.positions.button
    for seat in deal_order(hand):
        n = count(hand, seat)
        if n == 0:
            misdeal(table, out, f"seat {seat} was dealt out", "002 Rule 36-A(4)", seat)
            return True
        if n == 1 and seat != button:
            misdeal(table, out, f"seat {seat} was dealt one card", "002 Rule 36-A(5)", seat)
            return True
    if count(hand, button) == 1:
        _button_one_card(button, out)
    return False


def _button_one_card(button: int, out: list[Output]) -> None:
    """The button dealt one card gets the next card off the deck (002 Rules 36-B, 39)."""
    out.append(
        Alert(
            "wrong_card_count",
            "002 Rule 39",
            f"the button (seat {button}) has one card: give it the next card off the "
            "deck now (002 Rule 36-B); if it acts with one card its hand is dead",
            button,
        )
    )


def counted_cards(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """The dealer counted a seat's hole cards (``counted`` with ``cards``): the cards beyond those
    read are the seat's, unread. Fewer than two are ruled as the deal's end rules them: before
    substantial action a misdeal (002 Rule 36-A(4), (5)), the button's missing card (Rule 39);
    after it the hand is killed for the wrong number of cards (002 Rules 36-D, 40)."""
    hand = table.live_hand
    seat = int(body["zone"][5:])
    if hand is None or seat not in hand.dealt or seat in hand.folded:
        out.append(
            Alert(
                "action_void",
                "002 Rule 1",
                f"counted seat {seat} ignored: seat {seat} holds no hand; nothing changed",
                seat,
            )
        )
        return
    deal = hand.deal
    deal.unread.pop(seat, None)
    read = count(hand, seat)
    if body["cards"] > read:
        deal.unread[seat] = body["cards"] - read
    if count(hand, seat) >= 2 or not deal.deal_done:
        return
    if not substantial(table, hand):
        _short(table, hand, out)  # a misdeal closes the question (hands.redeal)
        return
    if seat == hand.positions.button and count(hand, seat) == 1:
        # the button's card may be replaced even after SA (Rule 39); the other seats are not
        # ruled again: after SA a short seat's hand is dead, never a misdeal (36-D, 37)
        _button_one_card(seat, out)
        return
    kill_miscounted(table, hand, seat, f"{count(hand, seat)} card(s)", out)


def _acting_seat(table: TableState, hand: Hand, event: Event) -> int | None:
    """The seat in turn when ``event`` is its action in turn, else None."""
    seat = hand.to_act
    if seat is None:
        return None
    body = event.body
    kind = event.kind
    if kind == "push" and body["seat"] == seat:
        # A blind putting out the chips of its posted blind is no action (heads-up the small
        # blind is first in turn while the cards are still being dealt).
        total = sum(table.felt.zones.get(f"bet:{seat}", [])) + sum(body["chips"])
        return seat if total > hand.round.bets.get(seat, 0) else None
    if kind == "push" or kind == "declare":
        return seat if body["seat"] == seat else None
    if kind == "fold":
        return seat if body == seat else None
    if kind == "press":
        return seat if body == "check" else None
    if kind == "chips":
        posted = hand.round.bets.get(seat, 0)
        zone = f"bet:{seat}"
        if zone not in body or body[zone] == table.felt.zones.get(zone, []):
            return None
        return seat if sum(body[zone]) > posted else None
    return None


def screen(table: TableState, event: Event, out: list[Output]) -> bool:
    """Before an action in turn: the deal must be complete (misdeal otherwise), and a seat with
    too few cards that acts has a dead hand (002 Rule 39). True when the event was consumed."""
    hand = table.hand
    # table.live_hand, inline: every action in turn passes here
    if hand is None or hand.street == "over" or hand.to_act is None:
        return False
    if hand.deal.deal_done and (not hand.deal.deal_log or len(hand.hole.get(hand.to_act, ())) >= 2):
        return False  # the usual case: the only seat that can act holds its cards, whatever acts
    seat = _acting_seat(table, hand, event)
    if seat is None:
        return False
    if not hand.deal.deal_done and check_deal(table, hand, out):
        _chips_back(table, event)
        return True
    if not hand.deal.deal_log:
        return False
    folding = event.kind == "fold" or (event.kind == "declare" and event.body.get("say") == "fold")
    held = len(hand.hole.get(seat, []))
    scrap = seat in hand.deal.scrapped and held < 2  # acting on a joker not yet replaced (Irr 7)
    if folding or (count(hand, seat) >= 2 and not scrap):
        return False
    _chips_back(table, event)
    rule = option(table.profile, "scrap_card") if scrap else "002 Rule 39"
    kill(
        table,
        hand,
        Alert(
            "dead_hand",
            rule,
            f"seat {seat} acted with {held if scrap else count(hand, seat)} card(s): the hand is "
            "dead; hand back any chips it just put out",
            seat,
        ),
        out,
    )
    return True


def _chips_back(table: TableState, event: Event) -> None:
    """Chips pushed with an action that did not take place go back to the player."""
    if event.kind == "push":
        seat = event.body["seat"]
        zone = f"bet:{seat}"
        table.felt.zones[zone] = table.felt.zones.get(zone, []) + list(event.body["chips"])
        table.felt.give_back[seat] = table.felt.give_back.get(seat, 0) + sum(event.body["chips"])
    elif event.kind == "chips":
        for zone, chips in event.body.items():
            before = table.felt.zones.get(zone, [])
            table.felt.zones[zone] = list(chips)
            if zone.startswith("bet:") and sum(chips) > sum(before):
                seat = int(zone[4:])
                table.felt.give_back[seat] = (
                    table.felt.give_back.get(seat, 0) + sum(chips) - sum(before)
                )
