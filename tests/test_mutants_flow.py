"""Rules of flow.py pinned through ``Table.apply`` that the mutation run of issue 12 found unpinned
(docs/testing.md): each test here fails with the mutmut mutant named in its docstring."""

from __future__ import annotations

from typing import Any

import pytest
from test_actions import alerts, push, run
from test_mutants import DEAL4, _table, check_to_river, notices, one_card_table, table

from tablectl.engine.outputs import Ruling
from tablectl.engine.pots import Pot


def test_002_rule_18a_showdown_notice_names_who_shows_first() -> None:
    """The dealer reads who shows first, and why, from the showdown notice (mutmut:
    ``to_showdown`` with the notice's text None)."""
    t = table(seats=3)
    check_to_river(t)
    out = run(t, {"press": "check"}, {"press": "check"}, push(1, 500), {"fold": 2}, push(3, 500))
    [n] = notices(out, "showdown")
    assert n.text == "showdown: seat 1 shows first (002 Rule 18-A)"


def test_002_rule_16a_one_card_tabled_then_mucked_raises_nothing() -> None:
    """Seat 5 tables one card, then mucks: no hand of its is left to table, so the next event
    tells the dealer nothing (mutmut: ``_one_card_alerts`` keeping a folded seat that is not
    tabled, ``or`` made ``and``)."""
    t, out = one_card_table(5, "Ah", 5)
    assert t.street == "showdown" and not alerts(out, "one_card_tabled")
    out = run(t, {"fold": 7})
    assert not alerts(out, "one_card_tabled")
    assert t.street == "over" and t.hand is not None and t.hand.showdown.won == {2: 600}


def test_002_rule_39_a_hand_without_two_cards_read_cannot_win() -> None:
    """The board is a royal flush, so every hand plays the board; seat 3 turned up one card only
    (its hand was never read): it is no hand of two cards and takes nothing when the dealer
    presses award (002 Rules 36-D, 39). Mutmut: ``hand_value``'s length guard made
    ``len(hole) != 2 and "??" in hole`` (the seat would split the pot)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000})
    run(t, {"press": "new_hand"}, {"fold": 1}, push(2, 100), {"press": "check"})
    for board in (["Th", "Jh", "Qh"], ["Kh"], ["Ah"]):
        run(t, {"board": board}, {"press": "check"}, {"press": "check"})
    faces = [{"card": c, "zone": f"seat:{s}", "face": "up"} for s, c in ((2, "Kc"), (2, "Kd"))]
    run(t, *faces, {"card": "2s", "zone": "seat:3", "face": "up"})
    assert t.street == "showdown"
    out = run(t, {"press": "award"})
    [n] = notices(out, "award")
    assert n.text == "main pot 400: seat 2 400 (royal flush)"
    assert t.stacks() == {1: 10000, 2: 10200, 3: 9800}


def test_002_rule_31_dead_blinds_and_big_blind_ante_go_to_the_button() -> None:
    """Both blinds are dead at the end of the deal (one on penalty, one absent; 002 Rules 31,
    67-C): the button, who put nothing in, takes the dead blinds and the big blind ante.
    Mutmut, in ``award``: the ante subtracted from the total instead of added (200 of the 400
    would vanish)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000}, ante=100, bb_ante=True)
    out = run(
        t,
        {"seat": {"seat": 2, "status": "penalty"}},
        {"seat": {"seat": 3, "status": "absent"}},
        {"deal": {"2": ["As", "Ks"], "3": ["Qs", "Js"], "1": ["Ts", "9s"]}},
    )
    [n] = notices(out, "award")
    assert n.text == "main pot 400: seat 1 400"
    assert t.hand is not None and t.hand.showdown.won == {1: 400}
    assert t.stacks() == {1: 10400, 2: 9900, 3: 9700}


def test_002_rule_31_a_dead_big_blind_of_one_chip_goes_to_the_live_hand() -> None:
    """Hand 2 has a dead small blind (the big blind of hand 1 busted, dead button); the new big
    blind, absent, posts its last chip and its hand is killed (002 Rule 31); the button folds,
    and the small blind's seat takes that one chip. Mutmut: ``award`` ignoring a shortfall of
    exactly one chip (``short > 1``: the chip would vanish)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 200, 4: 1})
    deal = {"2": ["As", "Ks"], "3": ["Qs", "Js"], "4": ["2d", "3d"], "1": ["Ah", "Ad"]}
    run(t, {"deal": deal}, {"fold": 4}, push(1, 100, 100), {"fold": 2})
    run(t, {"board": ["2c", "7h", "8s"]}, {"board": ["9c"]}, {"board": ["Kd"]})
    assert t.stacks() == {1: 10300, 2: 9900, 3: 0, 4: 1}
    run(t, {"seat": {"seat": 4, "status": "absent"}}, {"press": "new_hand"})
    assert t.positions().sb is None and t.positions().bb == 4
    run(t, {"deal": {"1": ["As", "Ks"], "2": ["Qs", "Js"], "4": ["2d", "3d"]}})
    out = run(t, {"fold": 1})
    [n] = notices(out, "award")
    assert n.text == "main pot 1: seat 2 1"
    assert t.stacks() == {1: 10300, 2: 9901, 3: 0, 4: 0}


def test_uncontested_pot_shows_no_hand() -> None:
    """Everyone folds to the river bet: the winner's cards were never shown, so the award names
    no hand (mutmut: ``award`` reading hands with one live seat, ``len(live) >= 1``, would
    print the winner's unseen hand)."""
    t = table(seats=3)
    check_to_river(t)
    out = run(t, {"press": "check"}, {"press": "check"}, push(1, 500), {"fold": 2}, {"fold": 3})
    [n] = notices(out, "award")
    assert n.text == "main pot 600: seat 1 600"
    assert n.hands == {}


def test_000_rule_28_two_busted_on_one_hand_the_smaller_stack_finishes_lower() -> None:
    """Seats 2 (300) and 3 (200) are all-in and lose to seat 4 on the same hand: seat 3 started
    with less and finishes lower, in 4th place (000 tournament rule 28). The bet zones, read from
    pushes only (no sensor), are gathered with the award; pressing award again does nothing.
    Mutmut: ``eliminate`` sorted by seat instead of starting stack, and ``award`` leaving the
    unsensed bet zones (or clearing the sensed ones instead)."""
    t = _table("tda-2025", {1: 10000, 2: 300, 3: 200, 4: 10000})
    deal = {"2": ["7c", "2d"], "3": ["8c", "3d"], "4": ["As", "Ad"], "1": ["Ks", "Kd"]}
    run(t, {"deal": deal}, push(4, 100, 100), {"fold": 1}, push(2, 100, 100), push(4, 100))
    assert t.felt.zones["bet:2"] == [100, 100]
    out = run(t, {"board": ["Qc", "5h", "6s"]}, {"board": ["Jd"]}, {"board": ["Th"]})
    assert [n.text for n in notices(out, "eliminated")] == [
        "seat 3 is eliminated in place 4",
        "seat 2 is eliminated in place 3",
    ]
    assert t.seating.eliminated == [3, 2]
    assert not [z for z in t.felt.zones if z.startswith("bet:")]
    assert run(t, {"press": "award"}) == []


@pytest.mark.parametrize(("stack", "can_raise"), [(2000, False), (2001, True)])
def test_002_rule_52_no_raise_with_no_one_left_to_face_it(stack: int, can_raise: bool) -> None:
    """Seat 4 raises to 2,000 and the others fold to the big blind: with seat 4 all-in no one is
    left to face a raise; with one chip left behind, seat 4 can still call one. Mutmut:
    ``can_act`` counting folded seats with chips (``or``), all-in seats (``stack >= 0``), or not
    a seat with one chip (``stack > 1``)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: stack})
    run(t, DEAL4, push(4, 1000, 1000), {"fold": 1}, {"fold": 2})
    assert t.to_act() == 3 and t.to_call() == 1800
    assert t.can_raise() is can_raise


def test_002_rule_52_no_raise_with_only_the_call_behind() -> None:
    """Seat 4 has exactly the 200 it faces: all its chips only call, so it cannot raise (mutmut:
    ``can_raise``'s ``stack <= to_call`` made ``<``)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 200})
    run(t, DEAL4)
    assert t.to_act() == 4 and t.to_call() == 200
    assert t.can_raise() is False


def test_002_rule_16b_uncalled_chips_handed_back_add_to_the_change() -> None:
    """Seat 4 raises to 600 with a 1,000 chip (400 change to hand back); everyone folds and the
    400 uncalled is returned too: the dealer hands back 800 in all (002 Rules 16-B, 64-A).
    Mutmut: ``return_uncalled``'s hand-back record (set to None, subtracted, not added to the
    change already owed, or counted from 1)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, {"declare": {"seat": 4, "say": "raise", "amount": 600}}, push(4, 1000))
    assert t.felt.give_back == {4: 400}
    out = run(t, {"fold": 1}, {"fold": 2}, {"fold": 3})
    assert [n.text for n in notices(out, "returned")] == ["seat 4: uncalled 400 returned"]
    assert t.felt.give_back == {4: 800} and t.stacks()[4] == 10300


def test_002_rule_16b_an_uncalled_single_chip_is_returned() -> None:
    """Blinds 1/2: the small blind is all-in for its 1 chip, the button folds; the big blind's
    second chip is uncalled and goes back (mutmut: ``return_uncalled`` with ``excess > 1``)."""
    t = _table("tda-2025", {1: 100, 2: 1, 3: 100}, blinds=[1, 2], chips=[1, 5, 25])
    deal = {"2": ["As", "Ad"], "3": ["Kc", "Kd"], "1": ["2c", "7d"]}
    out = run(t, {"deal": deal}, {"fold": 1})
    assert [n.text for n in notices(out, "returned")] == ["seat 3: uncalled 1 returned"]
    assert t.felt.give_back == {3: 1} and t.pots() == [Pot(2, (2, 3))]


def test_003_moved_small_blind_short_posts_ante_then_live_blind_then_dead_chips() -> None:
    """tests/scenarios/home_moved_small_blind_posts_both.jsonl with antes of 25 and seat 7 short:
    it posts the ante, the big blind of 300 live and only its last 50 as the dead small blind
    (003 Button and blind use 4, 5; short, the blind first). Mutmut, in ``post_forced_bets``:
    the dead chips counted from the stack plus the live blind, and the live blind replacing the
    seat's ante in its contribution."""
    t = _table(
        "home",
        {2: 20000, 3: 20000, 5: 300, 7: 400, 8: 20000},
        button=2,
        blinds=[150, 300],
        ante=25,
        chips=[25, 100, 500, 1000],
    )
    deal = {"3": ["Ac", "Ad"], "5": ["7s", "2h"], "7": ["4c", "4d"], "8": ["9c", "8d"]}
    run(t, {"deal": {**deal, "2": ["Jc", "Td"]}}, {"fold": 7}, {"fold": 8}, {"fold": 2})
    run(t, push(3, 100, 25, 25), {"board": ["Kh", "Qs", "3d"], "burn": "5c"})
    run(t, {"board": ["6s"], "burn": "5d"}, {"board": ["9h"], "burn": "5h"})
    assert t.stacks()[7] == 375 and t.positions().sb_posts_bb
    run(t, {"deal": {"7": ["Ks", "Kd"], "8": ["Qh", "Qd"], "2": ["Jh", "Jd"], "3": ["Th", "Tc"]}})
    assert t.stacks() == {2: 19950, 3: 20350, 5: 0, 7: 0, 8: 19650}
    assert t.pots() == [Pot(150, (2, 3, 7, 8))]
    assert t.hand is not None and t.hand.stakes.dead_money == 50


def test_002_rule_31_killing_the_small_blind_leaves_the_turn_with_the_button() -> None:
    """Three-handed, the small blind is absent when the deal ends: its hand is dead, and the
    button, first to act pre-flop, keeps the turn (mutmut: ``kill_absent`` passing the turn on
    whenever two hands are left, ``== 2``, which would skip to the big blind)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000})
    run(
        t,
        {"seat": {"seat": 2, "status": "absent"}},
        {"deal": {"2": ["As", "Ks"], "3": ["Qs", "Js"], "1": ["Ts", "9s"]}},
    )
    assert t.hand is not None and t.hand.showdown.dead == {2}
    assert t.to_act() == 1 and t.to_call() == 200


HEADS_UP = {"deal": {"2": ["As", "8s"], "1": ["Ks", "7s"]}}


def _heads_up_flop_big_blind_one_chip_left() -> Any:
    t = _table("tda-2025", {1: 10000, 2: 201}, chips=[1, 25, 100, 500])
    run(t, HEADS_UP, push(1, 100), {"press": "check"}, {"board": ["2h", "5c", "9d"]})
    assert t.to_act() == 2 and t.players[2].stack == 1
    return t


def test_a_one_chip_bet_all_in_must_be_called() -> None:
    """The big blind bets its last chip on the flop: the button, the only other seat with chips,
    must still act (mutmut: ``advance`` reading a missing bet as 1, so a one-chip bet looked
    matched and the round closed)."""
    t = _heads_up_flop_big_blind_one_chip_left()
    run(t, push(2, 1))
    assert t.to_act() == 1 and t.to_call() == 1


def test_a_seat_with_one_chip_left_must_act_facing_a_bet() -> None:
    """The big blind checks with one chip left and the button bets: the big blind must act
    (mutmut: ``advance`` counting only seats with more than one chip)."""
    t = _heads_up_flop_big_blind_one_chip_left()
    run(t, {"press": "check"}, push(1, 100))
    assert t.to_act() == 2 and t.to_call() == 1


def test_002_rule_17_blinds_all_in_at_the_start_close_the_round() -> None:
    """The button, small blind heads-up, is all-in for 50 with its blind: no one is left to act,
    the big blind's 150 uncalled is returned and the hands are tabled (mutmut: ``begin_round``
    not passing the outputs on, the notices would be lost)."""
    t = _table("tda-2025", {1: 50, 2: 10000})
    out = run(t, HEADS_UP)
    assert [n.text for n in notices(out, "returned")] == ["seat 2: uncalled 150 returned"]
    assert notices(out, "tabled") and t.felt.give_back == {2: 150} and t.to_act() is None


def test_change_gathered_with_the_bets_is_no_longer_owed() -> None:
    """Seat 4's 400 change lies in its bet zone; the dealer gathers the zone for the flop, so no
    change is left to hand back (mutmut: ``begin_round`` keeping the hand-back record)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, {"declare": {"seat": 4, "say": "raise", "amount": 600}}, push(4, 1000))
    run(t, {"fold": 1}, {"fold": 2}, push(3, 100, 100, 100, 100))
    assert t.felt.give_back == {4: 400}
    run(t, {"board": ["2h", "5c", "9d"]})
    assert t.street == "flop" and t.felt.give_back == {}


def test_003_moved_small_blind_dead_chips_and_big_blind_ante_are_both_dead_money() -> None:
    """The same hand with a big blind ante of 100: seat 7's last 100 as dead small blind and
    seat 8's ante are both dead money, 200 (mutmut: ``post_forced_bets`` setting the dead money
    to the ante instead of adding it)."""
    t = _table(
        "home",
        {2: 20000, 3: 20000, 5: 300, 7: 400, 8: 20000},
        button=2,
        blinds=[150, 300],
        ante=100,
        bb_ante=True,
        chips=[25, 100, 500, 1000],
    )
    deal = {"3": ["Ac", "Ad"], "5": ["7s", "2h"], "7": ["4c", "4d"], "8": ["9c", "8d"]}
    run(t, {"deal": {**deal, "2": ["Jc", "Td"]}}, {"fold": 7}, {"fold": 8}, {"fold": 2})
    run(t, push(3, 100, 25, 25), {"board": ["Kh", "Qs", "3d"], "burn": "5c"})
    run(t, {"board": ["6s"], "burn": "5d"}, {"board": ["9h"], "burn": "5h"})
    assert t.positions().sb_posts_bb
    run(t, {"deal": {"7": ["Ks", "Kd"], "8": ["Qh", "Qd"], "2": ["Jh", "Jd"], "3": ["Th", "Tc"]}})
    assert t.stacks() == {2: 20000, 3: 20300, 5: 0, 7: 0, 8: 19600}
    assert t.pots() == [Pot(200, (2, 3, 7, 8))]
    assert t.hand is not None and t.hand.stakes.dead_money == 200


def test_002_rule_64a_a_killed_bettor_gets_its_uncalled_chips_back_and_the_call_stays() -> None:
    """Seat 4 raises to 2000, two fold, and the floor kills seat 4's hand before seat 3 acts: the
    1,800 no one called go back to seat 4, its call of the big blind's 200 stays in the pot and
    the ruling says so (002 Rule 64-A). Mutmut: ``give_back`` setting or adding the excess to the
    seat's bet instead of taking it off (the ruling would say 1,800 or 3,800)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, push(4, 500, 500, 500, 500), {"fold": 1}, {"fold": 2})
    out = run(t, {"floor": {"by": "Sam", "kill": 4}})
    [back] = notices(out, "returned")
    assert back.body() == {"seat": 4, "amount": 1800}
    [ruled] = [o for o in out if isinstance(o, Ruling)]
    assert (ruled.seat, ruled.action, ruled.to) == (4, "fold", 200)
    [n] = notices(out, "award")
    assert n.text == "main pot 500: seat 3 500"
    assert t.stacks() == {1: 10000, 2: 9900, 3: 10300, 4: 9800}


def test_a_one_chip_all_in_reaches_a_seat_past_an_all_in_one() -> None:
    """The big blind, seat 3, is all-in with its blind; on the flop the small blind, seat 2,
    bets its last chip: seat 3, next clockwise, has no chips, so the turn goes on past it to the
    button, seat 1, which has not acted on the flop and must call one chip or fold (mutmut:
    ``advance``'s loop reading a missing bet as 1 past the first seat, so the one-chip bet
    looked matched and the round closed)."""
    t = _table("tda-2025", {1: 10000, 2: 201, 3: 200}, chips=[1, 25, 100, 500])
    run(t, {"deal": {"2": ["As", "8s"], "3": ["Ks", "7s"], "1": ["Js", "5s"]}})
    run(t, push(1, 100, 100), push(2, 100), {"board": ["2h", "5c", "9d"], "burn": "3c"})
    assert t.to_act() == 2 and t.players[2].stack == 1 and t.players[3].stack == 0
    run(t, push(2, 1))
    assert t.street == "flop" and t.to_act() == 1 and t.to_call() == 1
