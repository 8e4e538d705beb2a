"""Rules pinned through ``Table.apply`` that a mutation run (docs/testing.md) found unpinned:
each test here fails with the mutant named in its docstring applied (issue 12)."""

from __future__ import annotations

from typing import Any

from test_actions import alerts, push, rulings, run, table

from tablectl.engine.outputs import Notice, Output
from tablectl.engine.pots import Pot, build_pots
from tablectl.engine.table import Table

DEAL3 = {"deal": {"2": ["As", "8s"], "3": ["Ks", "7s"], "1": ["Qd", "6d"]}}


def notices(out: list[Output], kind: str) -> list[Notice]:
    return [o for o in out if isinstance(o, Notice) and o.kind == kind]


def check_to_river(t: Any) -> None:
    """Pre-flop called round (button 1, blinds 2 and 3), flop and turn checked through."""
    run(t, DEAL3, push(1, 100, 100), push(2, 100), {"press": "check"})
    for board in (["2h", "5c", "9d"], ["Jh"]):
        run(t, {"board": board}, *[{"press": "check"}] * 3)
    run(t, {"board": ["Qc"]})


def test_002_rule_18a_river_bettor_shows_first() -> None:
    """Mutant: the river aggressor is not recorded (close_round), so the first live seat left of
    the button (3) would show first instead of the button, who bet the river."""
    t = table(seats=3)
    check_to_river(t)
    out = run(t, {"press": "check"}, {"press": "check"}, push(1, 500), {"fold": 2}, push(3, 500))
    assert t.street == "showdown" and t.show_first() == 1
    assert notices(out, "showdown")[0].body() == {"show_first": 1}


def test_002_rule_18a_river_checked_around_first_left_of_button_shows() -> None:
    t = table(seats=3)
    check_to_river(t)
    run(t, *[{"press": "check"}] * 3)
    assert t.street == "showdown" and t.show_first() == 2


def _table(rules: str, stacks: dict[int, int], button: int = 1, **kw: Any) -> Any:
    from tablectl.engine.table import Table

    return Table(
        {
            "rules": rules,
            "seats": {str(s): n for s, n in stacks.items()},
            "button": button,
            "blinds": [100, 200],
            "ante": 0,
            "chips": [25, 100, 500, 1000, 5000],
            **kw,
        }
    )


DEAL4 = {"deal": {"2": ["As", "8s"], "3": ["Ks", "7s"], "4": ["Qs", "6s"], "1": ["Js", "5s"]}}


def _short_all_in_over_a_raise() -> Any:
    """Seat 4 raises to 600 (a full raise of 400); the button, seat 1, is all-in for 800: a
    short all-in that does not re-open the betting to seat 4 (002 Rule 52-A)."""
    t = _table("tda-2025", {1: 800, 2: 10000, 3: 10000, 4: 2000})
    run(t, DEAL4, push(4, 500, 100), push(1, 500, 100, 100, 100))
    return t


def test_002_rule_52a_all_chips_pushed_where_not_reopened_is_a_call() -> None:
    """Mutant: chipread._by_amount without its can_raise check reads the push as an all-in
    raise to 2,000."""
    t = _short_all_in_over_a_raise()
    run(t, {"fold": 2}, {"fold": 3})
    assert t.to_act() == 4 and t.can_raise() is False
    out = run(t, push(4, 1000, 100, 100, 100, 100))
    r = rulings(out)[0]
    assert (r.action, r.to, r.returned, r.rule) == ("call", 800, 1200, "002 Rule 52-A")
    assert t.players[4].stack == 1200


def test_002_rule_44b_undercall_of_a_short_all_in_forfeits_the_previous_bet() -> None:
    """Mutant: betting.Round.record stops tracking previous_bet; the forfeit would fall back to
    800 - 400 = 400 instead of the 600 bet the undercaller meant to call (Addendum 44 Ex. 4)."""
    t = _short_all_in_over_a_raise()
    out = run(t, push(2, 500))  # the small blind: 100 + 500 = 600 of 800, multi-way
    assert [a.kind for a in alerts(out)] == ["undercall"]
    assert notices(out, "undercall")[0].body() == {"seat": 2, "owes": 200, "forfeit": 600}
    out = run(t, {"fold": 2})
    assert (rulings(out)[0].action, rulings(out)[0].to) == ("fold", 600)
    assert t.players[2].stack == 9400


def test_002_rule_17_tabled_all_in_hands_wait_for_the_river() -> None:
    """Mutant: flow.maybe_award without its showdown-street guard awards the pot pre-flop, once
    both all-in hands are read face up."""
    t = _table("tda-2025", {1: 10000, 2: 1000, 3: 10000})
    run(
        t,
        {"deal": {"2": ["As", "Ad"], "3": ["Kc", "Kd"], "1": ["2c", "7d"]}},
        {"fold": 1},
        push(2, 500, 100, 100, 100, 100),
        push(3, 500, 100, 100),
    )
    faces = [
        {"card": c, "zone": f"seat:{s}", "face": "up"}
        for s, c in ((2, "As"), (2, "Ad"), (3, "Kc"), (3, "Kd"))
    ]
    out = run(t, *faces)
    assert t.street == "preflop" and not notices(out, "award")
    run(t, {"board": ["2h", "5s", "9d"], "burn": "3c"}, {"board": ["Kh"], "burn": "4c"})
    assert t.street == "turn"
    run(t, {"board": ["Qs"], "burn": "6c"})
    assert t.street == "over" and t.stacks() == {1: 10000, 2: 0, 3: 11000}


def _wfp_flop(stacks: dict[int, int]) -> Any:
    """wfp, button 1, blinds 2 and 3: all call 200 pre-flop, then the flop."""
    t = _table("wfp", stacks)
    run(
        t, DEAL3, push(1, 100, 100), push(2, 100), {"press": "check"}, {"board": ["2h", "5c", "9d"]}
    )
    return t


def test_001_short_full_open_below_the_minimum_bet_keeps_a_double_bet_minimum() -> None:
    """001 "Minimum bets and raises": seat 2 opens all-in for 150, below the 200 minimum bet but
    more than half of it (a full bet, 001 "Re-raise after an All-in Partial Raise"). The minimum
    raise is still to 400, double the minimum bet. Mutant: full_level = the 150 bet (to 300)."""
    t = _wfp_flop({1: 5000, 2: 350, 3: 5000})
    run(t, push(2, 100, 25, 25))
    assert t.to_act() == 3 and t.min_raise_to() == 400 and t.can_raise()


def test_001_reopen_threshold_more_than_half_of_the_minimum_bet() -> None:
    """001 "Re-raise after an All-in Partial Raise": seat 2 checked; an all-in bet of exactly half
    the 200 minimum bet does not re-open the betting to it, more than half does. Mutant: the
    increment recorded at seat 2's check ignores the minimum bet (0: any bet re-opens)."""
    for bet, reopened in (([100], False), ([100, 25], True)):
        t = _wfp_flop({1: 5000, 2: 5000, 3: 200 + sum(bet)})
        run(t, {"press": "check"}, push(3, *bet), push(1, *bet))
        assert t.to_act() == 2 and t.can_raise() is reopened, bet


def test_001_blind_bets_undercall_of_a_raise_keeps_its_alert() -> None:
    """001 "Blind Bets" returns the extra chips of a blind who adds a call; a blind whose new chips
    are short of a raise multi-way is an undercall for the floor (002 Rule 44-B). Mutant:
    chipread._wfp_blind without its ``r.alert`` check rules a silent 001 Blind Bets call."""
    t = _table("wfp", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, push(4, 500, 500), push(1, 500, 500), {"fold": 2})
    assert t.to_call() == 800
    out = run(t, push(3, 500))
    assert [a.kind for a in alerts(out)] == ["undercall"]
    assert rulings(out)[0].rule != "001 Blind Bets"


def test_002_rule_35b_heads_up_start_with_the_button_on_an_empty_seat() -> None:
    """The configured button on an empty seat heads-up: the next player is the button and small
    blind (002 Rule 35-B). Mutant: positions.first_positions keeps the empty seat's button."""
    t = _table("tda-2025", {2: 5000, 5: 5000}, button=3)
    run(t, {"deal": {"5": ["As", "Ad"], "2": ["Kc", "Kd"]}})
    pos = t.positions()
    assert (pos.button, pos.sb, pos.bb) == (5, 5, 2) and t.to_act() == 5


def test_002_rule_35b_heads_up_start_with_the_button_on_a_busted_seat() -> None:
    t = _table("tda-2025", {2: 5000, 4: 0, 7: 5000}, button=4)
    run(t, {"deal": {"7": ["As", "Ad"], "2": ["Kc", "Kd"]}})
    pos = t.positions()
    assert (pos.button, pos.sb, pos.bb) == (7, 7, 2)


def test_pots_shown_keep_folded_chips_above_every_live_level() -> None:
    """The big blind's hand is killed (002 Rule 31) after two shorter all-ins: its 200 is above
    every live level, and the pots shown to the dealer still hold it. Mutant: build_pots drops
    the chips above the last live level (the pots would show 450 of the 500)."""
    t = _table("tda-2025", {1: 50, 2: 5000, 3: 5000, 4: 150})
    run(
        t,
        {"seat": {"seat": 3, "status": "absent"}},
        {"deal": {"2": ["As", "8s"], "3": ["Ks", "7s"], "4": ["Qs", "6s"], "1": ["Js", "5s"]}},
    )
    run(t, push(4, 100, 25, 25), push(1, 25, 25), {"fold": 2})
    assert t.pots() == [Pot(200, (1, 4)), Pot(300, (4,))]
    assert sum(p.amount for p in t.view().pots) == 500


def test_pots_dead_money_only() -> None:
    """A big blind ante with nothing else in yet is a pot of its own for every live seat.
    Mutant: build_pots returns no pot for dead money alone."""
    assert build_pots({1: 0, 2: 0, 3: 0}, {1, 2, 3}, dead_money=300) == [Pot(300, (1, 2, 3))]
    assert build_pots({1: 0, 2: 0}, {1, 2}) == []


def test_pots_a_live_seat_with_nothing_in_contests_nothing() -> None:
    """A live seat missing from the contributions put in nothing (mutmut: build_pots' 0 default
    made 1 or None)."""
    assert build_pots({1: 100, 3: 100}, {1, 2, 3}) == [Pot(200, (1, 3))]


def test_003_moving_button_small_blind_alone_when_the_big_blind_busts() -> None:
    """Moving button, house option moved_sb = "sb": the small blind does not post both blinds
    when last hand's big blind busted (mutmut: ``and`` made ``or`` in next_positions)."""
    from tablectl.engine.positions import Positions, next_positions

    prev = Positions(button=1, sb_seat=2, sb=2, bb=3)
    nxt = next_positions(prev, [1, 2, 4, 5], "moving", "empty_seat", "sb")
    assert nxt == Positions(button=2, sb_seat=4, sb=4, bb=5, sb_posts_bb=False)
    both = next_positions(prev, [1, 2, 4, 5], "moving", "empty_seat", "sb_and_bb")
    assert both.sb_posts_bb is True
    stays = next_positions(Positions(1, 2, 2, 3), [1, 2, 3, 5], "moving", "empty_seat", "sb_and_bb")
    assert stays.sb_posts_bb is False


def _one_card_showdown(seat: int, card: str, folder: int) -> list[Output]:
    return one_card_table(seat, card, folder)[1]


def one_card_table(seat: int, card: str, folder: int) -> tuple[Table, list[Output]]:
    """tests/scenarios/cards_one_card_tabled_pot_waits.jsonl: checked down to the showdown; seat 2
    tables K-K, ``seat`` tables one card, ``folder`` mucks; the next event tells the dealer."""
    t = _table("tda-2025", {2: 20000, 5: 20000, 7: 20000}, button=7)
    run(
        t,
        {"deal": {"2": ["Kh", "Kd"], "5": ["Ah", "Qc"], "7": ["9s", "9c"]}},
        push(7, 100, 100),
        push(2, 100),
        {"press": "check"},
    )
    for board in (["Ad", "7h", "3c"], ["2s"], ["Jd"]):
        run(t, {"board": board}, *[{"press": "check"}] * 3)
    up = [{"card": c, "zone": "seat:2", "face": "up"} for c in ("Kh", "Kd")]
    return t, run(t, *up, {"card": card, "zone": f"seat:{seat}", "face": "up"}, {"fold": folder})


def test_002_rule_16a_one_card_that_would_win_names_rule_16a() -> None:
    """Mutmut: the would-win test, the rule and the text of flow._one_card_alert."""
    [a] = alerts(_one_card_showdown(5, "Ah", 7), "one_card_tabled")
    assert (a.seat, a.rule) == (5, "002 Rule 16-A")
    assert a.text == (
        "seat 5 tabled a card that would win: ask the player to table both cards, "
        "the pot waits; if the player refuses, call the floor (002 Rule 16-A)"
    )


def test_002_rule_14a_one_card_that_would_not_win() -> None:
    """Seat 7's nines lose to seat 2's kings: one card tabled cites 14-A (a hand is tabled when
    all its cards are face up)."""
    [a] = alerts(_one_card_showdown(7, "9s", 5), "one_card_tabled")
    assert (a.seat, a.rule) == (7, "002 Rule 14-A")
    assert a.text.startswith("seat 7 tabled one card: ask the player")


def test_002_rule_31_killed_hand_ruling() -> None:
    """The ruling shown for an absent player's hand killed at the end of the deal (mutmut: every
    field of flow.ruling)."""
    t = _table("tda-2025", {1: 5000, 2: 5000, 3: 5000, 4: 5000})
    out = run(t, {"seat": {"seat": 4, "status": "absent"}}, DEAL4)
    [r] = rulings(out)
    assert (r.seat, r.action, r.to, r.owes, r.returned, r.rule, r.text) == (
        4,
        "fold",
        0,
        0,
        0,
        "002 Rule 31",
        "hand killed",
    )


def test_002_rule_52a_a_full_raise_reopens_to_a_caller() -> None:
    """Seat 1 called 600 (a raise of 400); seat 2 raises a full 400 more: the betting re-opens to
    seat 1, who faces a full raise (002 Rule 52-A). Hand mutant: Round.record's increment is the
    bet level (600) instead of the raise increment (400) for the seat that acted."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, push(4, 500, 100), push(1, 500, 100), push(2, 500, 100, 100, 100, 100))
    run(t, {"fold": 3}, push(4, 100, 100, 100, 100))
    assert t.to_act() == 1 and t.to_call() == 400 and t.can_raise() is True


def test_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """A big blind ante belongs to the main pot, not the side pot (mutmut: flow.award building
    the pots without the dead money, which then went to the last pot)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 300}, ante=100, bb_ante=True)
    run(
        t,
        {"deal": {"3": ["As", "Ad"], "1": ["Ks", "Kd"], "2": ["7c", "2h"]}},
        push(1, 500, 500),
        push(2, 500, 100, 100, 100, 100, 100),
    )
    run(
        t,
        {"board": ["3c", "8d", "9h"]},
        {"press": "check"},
        {"press": "check"},
        {"board": ["Jc"]},
        {"press": "check"},
        {"press": "check"},
        {"board": ["4s"]},
        {"press": "check"},
        {"press": "check"},
    )
    assert t.street in ("showdown", "over")
    run(
        t,
        *[
            {"card": c, "zone": f"seat:{s}", "face": "up"}
            for s, c in ((1, "Ks"), (1, "Kd"), (2, "7c"), (2, "2h"), (3, "As"), (3, "Ad"))
        ],
    )
    assert t.street == "over"
    assert {s: t.hand.showdown.won.get(s, 0) for s in (1, 2, 3)} == {1: 1600, 2: 0, 3: 700}
