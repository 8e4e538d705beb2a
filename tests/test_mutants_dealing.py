"""Deal rules the mutation run of tablectl/engine/dealing.py found unpinned (issue 34,
docs/testing.md): each test is written from the rule it names, through ``Table.apply``."""

from __future__ import annotations

import pytest
from test_actions import alerts, push, rulings, run
from test_cards import card

from tablectl.engine.dealing import stops_play
from tablectl.engine.notices import RecountClosed, Returned
from tablectl.engine.outputs import Output
from tablectl.engine.table import Table


def _six(rules: str = "tda-2025") -> Table:
    """Six seats of 10,000, 100/200, button 1: dealt (seat 4 first to act)."""
    t = Table(
        {
            "rules": rules,
            "seats": {str(s): 10000 for s in range(1, 7)},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    deal = {str(s): [f"{r}c", f"{r}d"] for s, r in zip(range(1, 7), "234567", strict=True)}
    run(t, {"deal": deal})
    return t


def test_002_rule_37_three_actions_without_chips_are_substantial() -> None:
    """002 Rule 37: any three actions in turn are substantial action, chips or none, so a card
    then read at an empty seat is taken away and the hand goes on (36-D); after two folds it
    is still a misdeal (36-A(3))."""
    t = _six()
    out = run(t, {"fold": 4}, {"fold": 5}, card("Ah", 8))
    assert [a.kind for a in alerts(out)] == ["misdeal"]
    t = _six()
    out = run(t, {"fold": 4}, {"fold": 5}, {"fold": 6}, card("Ah", 8))
    [void] = alerts(out)
    assert (void.kind, void.rule, void.seat) == ("action_void", "002 Rule 36-D", 8)
    assert void.text == (
        "Ah was read at seat 8, which has no hand: take it away and muck it; after "
        "substantial action the hand goes on"
    )
    assert t.hand is not None and t.hand.deal.redeals == 0 and t.to_act() == 1


def test_002_rule_36c_only_a_re_deal_stops_play() -> None:
    """The dealer screen and the bots stop the hand on an alert that orders the same hand dealt
    again (a misdeal, 002 Rule 36-C), not on any other alert of the deal."""
    t = _six()
    [misdeal] = alerts(run(t, card("Ah", 8)))
    assert misdeal.kind == "misdeal" and stops_play(misdeal)
    t = _six()
    [void] = alerts(run(t, {"fold": 4}, {"fold": 5}, {"fold": 6}, card("Ah", 8)))
    assert not stops_play(void)


def _two_seats_asked() -> Table:
    """Seats 3 and 4 are read holding one card each and the deck has two cards the table never
    read: when seat 4 calls, both are asked for a count (issue 27)."""
    t = Table(
        {
            "seats": {"1": 50000, "2": 50000, "3": 50000, "4": 50000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    reads = [(2, "Qs"), (3, "Ts"), (4, "8s"), (1, "As"), (2, "Js"), (1, "Ks")]
    out = run(
        t, {"unread": {"cards": ["9s", "2c"]}}, *(card(c, s) for s, c in reads), push(4, 100, 100)
    )
    assert [(a.kind, a.seat) for a in alerts(out)] == [("recount", 3), ("recount", 4)]
    return t


def test_002_rule_36a5_a_seat_counted_one_card_is_a_misdeal_while_another_waits() -> None:
    """The dealer counts one card at seat 3 while seat 4's count waits: a seat dealt one card
    is a misdeal before substantial action (002 Rule 36-A(5)), whatever seat 4's count."""
    t = _two_seats_asked()
    out = run(t, {"counted": {"zone": "seat:3", "cards": 1}})
    [misdeal] = alerts(out)
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(5)", 3)
    assert misdeal.text.startswith("misdeal: seat 3 was dealt one card;")
    assert t.hand is not None and t.hand.deal.redeals == 1


def test_002_rule_36d_a_seat_counted_one_card_after_substantial_action_is_dead() -> None:
    """Seat 1 calls too: two actions, one with chips, are substantial (002 Rule 37). The
    dealer then counts one card at seat 3: its hand is dead, its chips stay in the pot, and
    only one card is burned next (002 Rules 36-D, 40); play goes on with seat 2."""
    t = _two_seats_asked()
    run(t, push(1, 100, 100))
    out = run(t, {"counted": {"zone": "seat:3", "cards": 1}})
    [dead] = alerts(out)
    assert (dead.kind, dead.rule, dead.seat) == ("wrong_card_count", "002 Rule 36-D", 3)
    assert dead.text == (
        "seat 3 has 1 card(s) after substantial action: the hand is dead, muck its cards, its "
        "chips stay in the pot; burn only one card for the next street (002 Rule 40)"
    )
    assert t.hand is not None and t.hand.folded == {3} and t.hand.deal.redeals == 0
    assert t.to_act() == 2 and t.stacks()[3] == 49800


def test_002_rule_36e_a_card_read_twice_fouls_the_deck_at_its_seat() -> None:
    """002 Rule 36-E: a card read a second time (seat 2's 3c, read at seat 5) fouls the deck;
    the alert names the seat it was read at, and every chip bet goes back to the seats that
    bet it (seats 1, 5 and 6 put nothing in: nothing to return to them)."""
    t = _six()
    out = run(t, push(4, 100, 100), card("3c", 5))
    [foul] = alerts(out)
    assert (foul.kind, foul.rule, foul.seat) == ("fouled_deck", "002 Rule 36-E", 5)
    assert foul.text.startswith("3c was read twice: the deck is fouled: stop play, every chip")
    [back] = [o for o in out if isinstance(o, Returned)]
    assert back.seats == {2: 100, 3: 200, 4: 200}
    assert back.text == "all bets returned: seat 2 100, seat 3 200, seat 4 200"


def test_000_irregularities_3_another_back_read_in_a_hand_voids_the_action() -> None:
    """000 Irregularities 3: a card of another deck's back in a player's hand voids all action
    and every chip goes back; the alert names the seat it was read at, and the same hand is
    dealt again (002 Rule 36-C)."""
    t = _six()
    out = run(t, push(4, 100, 100), {"card": "Qs", "zone": "seat:5", "deck": "B"})
    [foreign] = alerts(out)
    assert (foreign.kind, foreign.rule, foreign.seat) == ("foreign_card", "000 Irregularities 3", 5)
    assert foreign.text.startswith("Qs of deck B (another back) was read at seat 5: stop play")
    [back] = [o for o in out if isinstance(o, Returned)]
    assert back.seats == {2: 100, 3: 200, 4: 200}
    assert t.hand is not None and t.hand.deal.redeals == 1


def test_000_irregularities_17_a_held_card_turned_up_in_the_deal_is_exposed() -> None:
    """A card the table read face down at a seat, then read face up there during the deal, was
    exposed by the dealer: the third card off the deck is replaced after the deal and becomes
    the burn (000 Irregularities 17); the first card off the deck is a misdeal (002 Rule
    36-A(7))."""
    t = Table(
        {
            "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    out = run(t, card("Qs", 2), card("Ts", 3), card("8s", 4), card("8s", 4, "up"))
    [exposed] = alerts(out)
    assert (exposed.kind, exposed.rule, exposed.seat) == (
        "exposed_card",
        "000 Irregularities 17",
        4,
    )
    assert exposed.text.startswith("seat 4's 8s was exposed by the dealer: finish the deal")
    # read again where it lies, set aside to be the burn: no second card, no fouled deck
    assert alerts(run(t, card("8s", 4, "up"))) == []
    out = run(t, card("Qs", 2, "up"))
    [misdeal] = alerts(out)
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(7)", 2)
    assert "the first card off the deck was exposed" in misdeal.text


# ------------------------------------------------------------------ a seat's cards counted


def test_002_rule_1_a_count_of_a_seat_with_no_hand_changes_nothing() -> None:
    """The dealer's count of a seat's cards when the seat holds no hand (the hand over, a seat
    not dealt in, a folded seat) is ignored in words and changes nothing (002 Rule 1)."""
    words = "counted seat {0} ignored: seat {0} holds no hand; nothing changed"
    over, empty, folded = _six(), _six(), _six()
    run(over, *({"fold": s} for s in (4, 5, 6, 1, 2)))  # seat 3 wins the blinds
    run(folded, {"fold": 4})
    for seat, table in ((3, over), (8, empty), (4, folded)):
        [void] = alerts(run(table, {"counted": {"zone": f"seat:{seat}", "cards": 2}}))
        assert (void.kind, void.rule, void.seat, void.text) == (
            "action_void",
            "002 Rule 1",
            seat,
            words.format(seat),
        )


def test_a_seat_counted_holding_its_two_read_cards_changes_nothing() -> None:
    """A count nobody asked for of a seat the table read holding its two cards: nothing to rule
    (002 Rule 36-A(5) rules only a seat short); the hand goes on."""
    t = _six()
    assert alerts(run(t, {"counted": {"zone": "seat:2", "cards": 2}})) == []
    assert t.to_act() == 4 and t.hand is not None and t.hand.deal.redeals == 0


def test_002_rule_36a5_the_re_deal_closes_the_other_seat_s_question() -> None:
    """The misdeal of seat 3 counted one card (002 Rule 36-A(5)) closes the question still open
    about seat 4's cards: the hand is dealt again, nothing is left to count."""
    t = _two_seats_asked()
    out = run(t, {"counted": {"zone": "seat:3", "cards": 1}})
    closed = [o.text for o in out if isinstance(o, RecountClosed)]
    assert closed[-1].endswith("closed: the hand is dealt again") and not t.recounts


def test_002_rule_36d_a_seat_counted_two_cards_after_substantial_action_plays_on() -> None:
    """After substantial action (002 Rule 37) the dealer counts two cards at seat 3: its tag
    was dead, its hand is whole and plays on: no dead hand (002 Rule 36-D rules a wrong count
    only)."""
    t = _two_seats_asked()
    run(t, push(1, 100, 100))
    out = run(t, {"counted": {"zone": "seat:3", "cards": 2}})
    assert alerts(out) == []
    assert t.hand is not None and t.hand.folded == set() and t.to_act() == 2


def test_002_rule_36a5_the_dead_tag_read_after_all_then_a_third_card() -> None:
    """Seat 3 counted two cards (one tag unread), the dead tag then read after all: that is the
    card counted, no alert. A card read there after it is a third card: a misdeal before
    substantial action (002 Rule 36-A(5))."""
    t = _two_seats_asked()
    run(t, {"counted": {"zone": "seat:3", "cards": 2}})
    assert alerts(run(t, card("9s", 3))) == []
    [misdeal] = alerts(run(t, card("2c", 3)))
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(5)", 3)
    assert misdeal.text.startswith("misdeal: seat 3 was dealt a third card (2c);")


def test_002_rule_39_the_button_counted_one_card_after_substantial_action_gets_the_next() -> None:
    """The button is read with one card, the dealer asked to count it; seats 4 and 1 call
    (substantial action, 002 Rule 37); the count finds one card: the button is given the next
    card off the deck (002 Rules 36-B, 39), its hand not dead."""
    t = Table(
        {
            "seats": {"1": 50000, "2": 50000, "3": 50000, "4": 50000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    reads = [(2, "Qs"), (3, "Ts"), (4, "8s"), (1, "As"), (2, "Js"), (3, "9h"), (4, "7h")]
    out = run(t, {"unread": {"cards": ["9s"]}}, *(card(c, s) for s, c in reads), push(4, 100, 100))
    assert [(a.kind, a.seat) for a in alerts(out)] == [("recount", 1)]
    run(t, push(1, 100, 100))
    [button] = alerts(run(t, {"counted": {"zone": "seat:1", "cards": 1}}))
    assert (button.kind, button.rule, button.seat) == ("wrong_card_count", "002 Rule 39", 1)
    assert button.text == (
        "the button (seat 1) has one card: give it the next card off the deck now (002 Rule "
        "36-B); if it acts with one card its hand is dead"
    )
    assert t.hand is not None and t.hand.folded == set() and t.to_act() == 2


# ------------------------------------------------------------------ acting before the deal is whole


def _four(rules: str = "tda-2025") -> Table:
    return Table(
        {
            "rules": rules,
            "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )


# seat 3 (the big blind) is read with one card: the deal is not whole
SHORT_DEAL = [(2, "2c"), (3, "3c"), (4, "4c"), (1, "5c"), (2, "2d"), (4, "4d"), (1, "5d")]


@pytest.mark.parametrize(
    "action",
    [{"fold": 4}, {"declare": {"seat": 4, "say": "call"}}, {"declare": {"seat": 4, "say": "fold"}}],
)
def test_002_rule_36a5_an_action_in_turn_ends_the_deal_a_seat_short_is_a_misdeal(
    action: dict[str, object],
) -> None:
    """The first action in turn, a fold or a declaration, ends the deal: seat 3 read with one
    card is a misdeal (002 Rule 36-A(5)); the action is not ruled."""
    t = _four()
    out = run(t, *(card(c, s) for s, c in SHORT_DEAL), action)
    [misdeal] = alerts(out)
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(5)", 3)
    assert rulings(out) == [] and t.hand is not None and t.hand.deal.redeals == 1


def test_002_rule_42a_a_fold_out_of_turn_does_not_end_the_deal() -> None:
    """Seat 2 folds out of turn while seat 3 still waits for its second card: no action in
    turn, the deal goes on (002 Rule 42-A: an out-of-turn action is held for the turn), and
    seat 3's card completes it without a misdeal."""
    t = _four()
    out = run(t, *(card(c, s) for s, c in SHORT_DEAL), {"fold": 2}, card("3d", 3))
    assert [a.kind for a in alerts(out)] == ["out_of_turn"]
    assert t.hand is not None and t.hand.deal.redeals == 0


def test_002_rule_36a5_a_misdeal_on_the_first_push_hands_its_chips_back() -> None:
    """Seat 4's call is the first action: seat 3 has one card, a misdeal (002 Rule 36-A(5));
    the call's chips were never a bet: they are handed back to seat 4, who may pull them."""
    t = _four()
    out = run(t, *(card(c, s) for s, c in SHORT_DEAL), push(4, 100, 100))
    assert [a.kind for a in alerts(out)] == ["misdeal"] and rulings(out) == []
    assert t.felt.give_back == {4: 200} and t.felt.zones["bet:4"] == [100, 100]
    assert alerts(run(t, {"pull": {"seat": 4, "chips": [100, 100]}})) == []


def test_002_rule_36a5_a_misdeal_on_the_first_chips_read_hands_them_back() -> None:
    """The same with the chips read as a snapshot of the bet zone (``chips``): the 200 read at
    seat 4 are handed back, the stack zone read with it is no bet."""
    t = _four()
    snapshot = {
        "chips": {
            "bet:4": [100, 100],
            "stack:4": [
                5000,
                1000,
                1000,
                1000,
                1000,
                500,
                500,
                500,
                500,
                100,
                100,
                100,
                100,
                100,
                100,
                100,
                100,
            ],
        }
    }
    out = run(t, *(card(c, s) for s, c in SHORT_DEAL), snapshot)
    assert [a.kind for a in alerts(out)] == ["misdeal"] and rulings(out) == []
    assert t.felt.give_back == {4: 200} and t.felt.zones["bet:4"] == [100, 100]


def _button_one_card() -> tuple[Table, list[Output]]:
    """The button (seat 1) dealt one card: told at the first action (002 Rules 36-B, 39)."""
    t = _four()
    reads = [(2, "2c"), (3, "3c"), (4, "4c"), (1, "5c"), (2, "2d"), (3, "3d"), (4, "4d")]
    out = run(t, *(card(c, s) for s, c in reads), push(4, 100, 100))
    assert [(a.kind, a.rule, a.seat) for a in alerts(out)] == [
        ("wrong_card_count", "002 Rule 39", 1)
    ]
    return t, out


@pytest.mark.parametrize("fold", [{"fold": 1}, {"declare": {"seat": 1, "say": "fold"}}])
def test_002_rule_39_the_button_with_one_card_may_fold(fold: dict[str, object]) -> None:
    """The button with one card folds: a fold is no action on the hand (002 Rule 39 kills the
    hand that acts with one card): a plain fold, not a dead hand."""
    t, _ = _button_one_card()
    out = run(t, fold)
    assert alerts(out) == [] and [r.action for r in rulings(out)] == ["fold"]


def test_002_rule_39_the_button_acting_with_one_card_is_dead_and_gets_its_chips_back() -> None:
    """The button calls with one card: its hand is dead (002 Rule 39), the call is not ruled and
    its chips are handed back; a pull of them raises nothing."""
    t, _ = _button_one_card()
    out = run(t, push(1, 100, 100))
    [dead] = alerts(out)
    assert (dead.kind, dead.rule, dead.seat) == ("dead_hand", "002 Rule 39", 1)
    assert dead.text == (
        "seat 1 acted with 1 card(s): the hand is dead; hand back any chips it just put out"
    )
    assert rulings(out) == [] and t.felt.give_back == {1: 200}
    assert t.felt.zones["bet:1"] == [100, 100] and t.stacks()[1] == 10000
    assert alerts(run(t, {"pull": {"seat": 1, "chips": [100, 100]}})) == []


# ------------------------------------------------------------------ irregular cards


def test_002_rule_36a7_the_first_card_off_the_deck_exposed_in_words() -> None:
    """002 Rule 36-A(7): the first card off the deck exposed is a misdeal, said in words."""
    t = _four()
    [misdeal] = alerts(run(t, card("Qs", 2, "up")))
    assert misdeal.text.startswith("misdeal: the first card off the deck was exposed; reshuffle")


def test_000_irregularities_7_a_joker_at_a_seat_holding_two_cards_is_a_stray_scrap() -> None:
    """Profile wfp (000 Irregularities 7): a joker read at a seat that holds its two cards is a
    scrap of paper: out of play, the hand goes on, nothing owed to the seat."""
    t = _six("wfp")
    [scrap] = alerts(run(t, card("??", 5)))
    assert (scrap.kind, scrap.rule, scrap.seat) == ("foreign_card", "000 Irregularities 7", 5)
    assert scrap.text == (
        "a card of no enrolled deck was read at seat 5: a scrap of paper; take it out of play, "
        "the hand goes on"
    )
    assert t.hand is not None and t.hand.deal.owed_cards == {} and t.to_act() == 4


def test_000_irregularities_7_two_jokers_at_one_seat_are_both_replaced() -> None:
    """Profile wfp: seat 3 is dealt a joker for each of its cards: each is a scrap of paper
    replaced once the round is dealt (000 Irregularities 7); its two replacements complete it,
    a card after them is a third card: a misdeal (002 Rule 36-A(5))."""
    t = _four("wfp")
    reads = [(2, "2c"), (3, "??"), (4, "4c"), (1, "5c"), (2, "2d"), (3, "??"), (4, "4d"), (1, "5d")]
    out = run(t, *(card(c, s) for s, c in reads))
    assert [(a.kind, a.seat) for a in alerts(out)] == [("foreign_card", 3), ("foreign_card", 3)]
    assert alerts(run(t, card("3c", 3), card("3d", 3))) == []
    [third] = alerts(run(t, card("3h", 3)))
    assert (third.kind, third.rule) == ("misdeal", "002 Rule 36-A(5)")


def test_003_misdeals_1b_one_boxed_card_on_the_deal_is_a_misdeal_at_home() -> None:
    """Profile home (003 Misdeals 1(b)): one boxed card on the initial deal is a misdeal, cited
    so."""
    t = _four("home")
    [misdeal] = alerts(run(t, card("2c", 2), {"card": "Kd", "zone": "muck", "face": "up"}))
    assert (misdeal.kind, misdeal.rule) == ("misdeal", "003 Misdeals 1(b)")
    assert misdeal.text.startswith("misdeal: 1 boxed cards on the deal;")


def test_000_irregularities_10_an_extra_card_to_another_seat_than_the_first_is_a_misdeal() -> None:
    """Profile wfp: only the first player's extra card becomes the burn (000 Irregularities 10);
    a third card to seat 3 after the starting hands is a misdeal (002 Rule 36-A(5))."""
    t = _four("wfp")
    deal = [(2, "2c"), (3, "3c"), (4, "4c"), (1, "5c"), (2, "2d"), (3, "3d"), (4, "4d"), (1, "5d")]
    [misdeal] = alerts(run(t, *(card(c, s) for s, c in deal), card("3h", 3)))
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(5)", 3)


def test_002_rule_36d_a_third_card_read_again_at_its_dead_hand_changes_nothing() -> None:
    """After substantial action seat 3 is dealt a third card: its hand is dead (002 Rules 36-D,
    40). The antenna reads that card again where it lies: the same card, no new ruling."""
    t = _four()
    deal = [(2, "2c"), (3, "3c"), (4, "4c"), (1, "5c"), (2, "2d"), (3, "3d"), (4, "4d"), (1, "5d")]
    run(t, *(card(c, s) for s, c in deal), push(4, 100, 100), push(1, 100, 100))
    [dead] = alerts(run(t, card("3h", 3)))
    assert (dead.kind, dead.rule) == ("wrong_card_count", "002 Rule 36-D")
    assert alerts(run(t, card("3h", 3))) == []


# ------------------------------------------------------------------ dead tags read after all


def test_002_rule_36a5_an_asked_seat_s_dead_tag_read_then_a_third_card() -> None:
    """Seat 3 is read with one card and asked for a count (a dead tag may lie there); before
    the count the tag is read after all: seat 3 holds its two. A card read there after it is a
    third card: a misdeal before substantial action (002 Rule 36-A(5))."""
    t = _two_seats_asked()
    assert [a.kind for a in alerts(run(t, card("9s", 3)))] == []
    [misdeal] = alerts(run(t, card("2c", 3)))
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(5)", 3)


def test_002_rule_36a5_a_seat_read_dealt_out_counted_two_then_its_tags_read() -> None:
    """Seat 3 is read with no card while the deck has two cards never read: the dealer counts
    two there. One dead tag is read after all: seat 3 still holds two and calls; the second is
    read: no alert; a card after them is a third card, its hand dead after substantial action
    (002 Rules 36-D, 40)."""
    t = Table(
        {
            "seats": {"1": 50000, "2": 50000, "3": 50000, "4": 50000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    reads = [(2, "Qs"), (4, "8s"), (1, "As"), (2, "Js"), (4, "7s"), (1, "Ks")]
    out = run(
        t, {"unread": {"cards": ["9s", "2c"]}}, *(card(c, s) for s, c in reads), push(4, 100, 100)
    )
    assert [(a.kind, a.seat) for a in alerts(out)] == [("recount", 3)]
    run(t, {"counted": {"zone": "seat:3", "cards": 2}}, push(1, 100, 100), push(2, 100))
    assert alerts(run(t, card("9s", 3))) == []
    out = run(t, {"press": "check"})
    assert alerts(out) == [] and [r.action for r in rulings(out)] == ["check"]
    assert alerts(run(t, card("2c", 3))) == []
    [dead] = alerts(run(t, card("3h", 3)))
    assert (dead.kind, dead.rule, dead.seat) == ("wrong_card_count", "002 Rule 36-D", 3)


# ------------------------------------------------------------------ blind chips during the deal


def _heads_up() -> Table:
    """Heads-up, button 1 the small blind and first to act; seat 5 dealt one card so far."""
    t = Table(
        {
            "seats": {"1": 10000, "5": 10000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    run(t, card("4c", 5))
    return t


def test_002_rule_35b_the_small_blind_pushing_its_blind_during_the_deal_is_no_action() -> None:
    """Heads-up the small blind is first in turn while the cards are still dealt: pushing out
    the chips of its posted blind is no action, the deal goes on (002 Rule 35-B: the button
    is dealt the last card)."""
    t = _heads_up()
    assert alerts(run(t, push(1, 100))) == []
    assert alerts(run(t, card("4h", 1), card("Ks", 5), card("Kd", 1))) == []
    assert t.hand is not None and t.hand.deal.redeals == 0 and t.to_act() == 1


def test_002_rule_36a5_the_small_blind_calling_during_the_deal_ends_it() -> None:
    """Heads-up: the small blind's blind lies in its zone; it then puts out 100 more, a call,
    while seat 5 holds one card: the action ends the deal, a seat dealt one card is a misdeal
    (002 Rule 36-A(5)), and the 100 of the call goes back."""
    t = _heads_up()
    run(t, push(1, 100))
    [misdeal] = alerts(run(t, push(1, 100)))
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(5)", 5)
    assert t.felt.give_back == {1: 100} and t.felt.zones["bet:1"] == [100, 100]


def test_002_rule_36a5_the_small_blind_s_call_read_in_its_zone_ends_the_deal() -> None:
    """The same read as a snapshot of the zone: 100 more than the blind in it is a call that
    ends the deal (a misdeal, 002 Rule 36-A(5)); the 100 beyond the blind go back."""
    t = _heads_up()
    run(t, {"chips": {"bet:1": [100]}})
    [misdeal] = alerts(run(t, {"chips": {"bet:1": [100, 100]}}))
    assert (misdeal.kind, misdeal.rule, misdeal.seat) == ("misdeal", "002 Rule 36-A(5)", 5)
    assert t.felt.give_back == {1: 100} and t.felt.zones["bet:1"] == [100, 100]


def test_002_rule_37_no_misdeal_after_substantial_action_when_the_button_is_counted_short() -> None:
    """Seats 3 and the button are read with one card each and asked; seats 4 and 1 call
    (substantial action, 002 Rule 37). Seat 3 is counted one card: its hand is dead (002 Rules
    36-D, 40). The button is then counted one card: it is given the next card (002 Rule 39);
    no misdeal after substantial action: the dead seat 3 is not ruled again, the hand is not
    dealt again, and play goes on."""
    t = Table(
        {
            "seats": {"1": 50000, "2": 50000, "3": 50000, "4": 50000},
            "button": 1,
            "blinds": [100, 200],
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    reads = [(2, "Qs"), (3, "Ts"), (4, "8s"), (1, "As"), (2, "Js"), (4, "7h")]
    out = run(
        t, {"unread": {"cards": ["9s", "2c"]}}, *(card(c, s) for s, c in reads), push(4, 100, 100)
    )
    assert [(a.kind, a.seat) for a in alerts(out)] == [("recount", 3), ("recount", 1)]
    run(t, push(1, 100, 100))
    [dead] = alerts(run(t, {"counted": {"zone": "seat:3", "cards": 1}}))
    assert (dead.kind, dead.seat) == ("wrong_card_count", 3)
    [button] = alerts(run(t, {"counted": {"zone": "seat:1", "cards": 1}}))
    assert (button.kind, button.rule, button.seat) == ("wrong_card_count", "002 Rule 39", 1)
    assert t.hand is not None and t.hand.deal.redeals == 0 and t.hand.folded == {3}
    assert t.to_act() == 2


def test_002_rule_36d_the_seat_in_turn_counted_one_card_is_dead_and_the_turn_passes() -> None:
    """Seats 4, 1 and 2 called: the big blind (seat 3) is in turn at its option when the dealer
    counts one card there: its hand is dead (002 Rules 36-D, 40) and the turn passes: every
    live seat has acted, the betting round is over."""
    t = _two_seats_asked()
    run(t, push(1, 100, 100), push(2, 100))
    assert t.to_act() == 3
    [dead] = alerts(run(t, {"counted": {"zone": "seat:3", "cards": 1}}))
    assert (dead.kind, dead.seat) == ("wrong_card_count", 3)
    assert t.hand is not None and t.hand.folded == {3} and t.to_act() is None


def test_000_irregularities_7_a_joker_as_the_first_card_is_the_first_seat_s_card() -> None:
    """Profile wfp: the first card off the deck, to seat 2 (first left of the button), is a
    joker: a scrap of paper, no misdeal, seat 2 gets a card once the round is dealt (000
    Irregularities 7). The deal goes on to seat 3: no misdeal for a first card to the wrong
    seat (002 Rule 36-A(2)): the first card went to seat 2. Its replacement completes it."""
    t = _four("wfp")
    [scrap] = alerts(run(t, card("??", 2)))
    assert (scrap.kind, scrap.seat) == ("foreign_card", 2)
    reads = [(3, "3c"), (4, "4c"), (1, "5c"), (2, "2d"), (3, "3d"), (4, "4d"), (1, "5d")]
    assert alerts(run(t, *(card(c, s) for s, c in reads), card("2c", 2))) == []
    assert t.hand is not None and t.hand.deal.redeals == 0 and t.hand.hole[2] == ["2d", "2c"]
    assert t.to_act() == 4
