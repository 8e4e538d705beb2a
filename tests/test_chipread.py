"""Chip reading (tablectl.engine.chipread): one test per worked example, each citing its source,
plus hypothesis properties that hold for every push."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablectl.engine import chipread
from tablectl.engine.betting import Round, min_bet_for
from tablectl.engine.chipread import SAYS, BetSituation, Declaration, Reading, read_push, unclear
from tablectl.engine.citations import cite, option
from tablectl.engine.events import event_from_obj
from tablectl.engine.profiles import PROFILES, TDA, HouseProfile, profile_for
from tablectl.engine.table import Table

CHIPS = (25, 100, 500, 1000, 5000)
DEAL3 = {"deal": {"2": ["As", "8s"], "3": ["Ks", "7s"], "1": ["Qd", "6d"]}}


def _table(seats: int) -> Table:
    return Table(
        {
            "rules": "tda-2025",
            "seats": {str(s): 10_000 for s in range(1, seats + 1)},
            "button": 1,
            "blinds": [100, 200],
            "ante": 0,
            "chips": list(CHIPS),
        }
    )


def run(t: Table, *objs: dict[str, Any]) -> list[Any]:
    return [o for obj in objs for o in t.apply(event_from_obj(obj))]


def push(seat: int, *chips: int) -> dict[str, Any]:
    return {"push": {"seat": seat, "chips": list(chips)}}


WFP = PROFILES["wfp"]
ROBERTS = PROFILES["roberts"]
HOME = PROFILES["home"]
ALERT_KINDS = {
    "out_of_turn",
    "exposed_card",
    "misdeal",
    "wrong_card_count",
    "dead_hand",
    "boxed_card",
    "fouled_deck",
    "foreign_card",
    "premature_card",
    "four_card_flop",
    "missed_burn",
    "string_bet",
    "undercall",
    "short_raise",
    "clock",
    "chips_missing",
    "chips_unknown",
    "action_void",
}


def sit(
    current_bet: int,
    *,
    seat_bet: int = 0,
    stack: int = 100_000,
    last_full_raise: int | None = None,
    min_raise_to: int | None = None,
    min_bet: int = 200,
    say: str | None = None,
    amount: int | None = None,
    profile: HouseProfile = TDA,
    **kw: object,
) -> BetSituation:
    """A situation: the minimum raise defaults to the current bet plus the largest full raise
    (002 Rule 48-A), that raise defaulting to the current bet (a single opening bet)."""
    lfr = current_bet if last_full_raise is None else last_full_raise
    mrt = min_raise_to if min_raise_to is not None else current_bet + max(lfr, min_bet)
    declared = Declaration(say, amount) if say else None
    return BetSituation(
        current_bet=current_bet,
        seat_bet=seat_bet,
        stack=stack,
        min_raise_to=mrt,
        min_bet=min_bet,
        last_full_raise=lfr,
        chips=CHIPS,
        declared=declared,
        profile=profile,
        **kw,  # type: ignore[arg-type]
    )


def expect(
    r: Reading, action: str, to: int, owes: int = 0, returned: int = 0, alert: str | None = None
) -> None:
    assert (r.action, r.to, r.owes, r.returned, r.alert) == (action, to, owes, returned, alert), r


# ------------------------------------------------------------ 002 Rule 49, 001 Single Chip Bet


def test_002_rule_49_silent_overchip_facing_bet_is_call() -> None:
    r = read_push(sit(600), [1000])
    expect(r, "call", 600, returned=400)
    assert r.rule == "002 Rule 49" and "call" in r.text


def test_002_rule_49_overchip_facing_blind_is_call() -> None:
    # "If facing a bet or blind": blinds 100-200, UTG drops a 1000 chip.
    expect(read_push(sit(200, last_full_raise=200), [1000]), "call", 200, returned=800)


def test_002_rule_49_overchip_last_chip_is_call() -> None:
    # "(including your last chip)": a single 5000 chip, the seat's last, facing 1050.
    expect(read_push(sit(1050, stack=5000, min_bet=50), [5000]), "call", 1050, returned=3950)


def test_002_rule_49_raise_declared_overchip_is_max_for_chip() -> None:
    expect(read_push(sit(600, say="raise"), [5000]), "raise", 5000)


def test_002_rule_49_raise_declared_small_overchip_made_up_to_min_raise() -> None:
    # 1000 chip with "raise" facing 600: the chip's maximum (1000) is short of the 1200 minimum.
    r = read_push(sit(600, say="raise"), [1000])
    expect(r, "raise", 1200, owes=200)
    assert "002 Rule 45-A" in r.text


def test_002_rule_49_overchip_not_facing_bet_is_bet_of_chip() -> None:
    r = read_push(sit(0), [5000])
    expect(r, "bet", 5000)
    assert r.rule == "002 Rule 49"


def test_001_single_chip_bet_wfp() -> None:
    # 001 "Single Chip Bet": a single chip facing a bet is a call; not facing, a bet of its value.
    expect(read_push(sit(400, profile=WFP, min_raise_to=800), [1000]), "call", 400, returned=600)
    expect(read_push(sit(0, profile=WFP), [1000]), "bet", 1000)


def test_house_option_overchip_declared_min_raise() -> None:
    rules = profile_for("tda-2025", {"overchip_declared_no_amount": "min_raise"})
    expect(read_push(sit(600, say="raise", profile=rules), [5000]), "raise", 1200, returned=3800)


# ------------------------------------------------------------------ 002 Rule 50 and its Addendum


def test_002_rule_50_a_ex1_every_chip_needed_is_call() -> None:
    # A opens 400, B raises to 1100, C silently puts out a 500 and a 1000.
    r = read_push(sit(1100, last_full_raise=700), [500, 1000])
    expect(r, "call", 1100, returned=400)
    assert r.rule == "002 Rule 50-A"


def test_002_rule_50_a_ex2_last_chips_every_chip_needed_is_call() -> None:
    # NLHE 25-50, A opens 1050, B puts out his last chips (two 1000s): a call, not all-in.
    r = read_push(sit(1050, stack=2000, min_bet=50), [1000, 1000])
    expect(r, "call", 1050, returned=950)


def test_002_rule_50_addendum_ex_1a() -> None:
    # A opens post-flop for 1200, B silently puts out two 1000s: a call.
    expect(read_push(sit(1200), [1000, 1000]), "call", 1200, returned=800)


def test_002_rule_50_addendum_ex_1b() -> None:
    # Blinds 250-500, UTG raises to 1100, UTG+1 puts out a 500 and a 1000: a call.
    s = sit(1100, last_full_raise=600, min_bet=500)
    expect(read_push(s, [500, 1000]), "call", 1100, returned=400)


def test_002_rule_50_addendum_ex_2_forced_full_raise() -> None:
    # Same, with one 1000 and five 100s: 1500 reaches 1400, so a full raise to 1700.
    s = sit(1100, last_full_raise=600, min_bet=500)
    r = read_push(s, [1000, 100, 100, 100, 100, 100])
    expect(r, "raise", 1700, owes=200)
    assert s.min_raise_to == 1700 and "1,400" in r.text


def test_002_rule_50_addendum_ex_3_short_of_half_is_call() -> None:
    # One 1000 and three 100s: 1300 is short of 1400, a call with 200 returned.
    s = sit(1100, last_full_raise=600, min_bet=500)
    expect(read_push(s, [1000, 100, 100, 100]), "call", 1100, returned=200)


def test_002_rule_50_addendum_ex_4a_min_raise_from_threshold() -> None:
    # A opens 1400; B (chips behind) silently pushes one 1000 and three 500s: 2500 >= 2100.
    expect(read_push(sit(1400), [1000, 500, 500, 500]), "raise", 2800, owes=300)


def test_002_rule_50_addendum_ex_4b_short_of_threshold_is_call() -> None:
    # One 1000 and two 500s: 2000 < 2100, a call.
    expect(read_push(sit(1400), [1000, 500, 500]), "call", 1400, returned=600)


def test_002_rule_50_addendum_ex_4_note_last_chips_are_all_in() -> None:
    # "In both 4-A and 4-B, Player B would be all-in if putting out his or her last chips."
    r = read_push(sit(1400, stack=2500), [1000, 500, 500, 500])
    expect(r, "all-in", 2500)
    assert r.rule == "002 Rule 50-B"
    expect(read_push(sit(1400, stack=2000), [1000, 500, 500]), "all-in", 2000)


def test_002_rule_50_b_short_all_in_raise_owes_nothing() -> None:
    # Facing 1000 (min raise to 2000) with 1300 total: last chips, all-in for 1300, no owes.
    expect(read_push(sit(1000, stack=1300), [1000, 100, 100, 100]), "all-in", 1300)


def test_002_rule_50_all_in_for_less_than_call() -> None:
    expect(read_push(sit(1000, stack=600), [500, 100]), "all-in", 600)


# ------------------------------------------------------------------ 002 Rules 41, 48, 57, 61


def test_002_rule_48a_fourteen_hundred_declared_is_call() -> None:
    # Opening bet 1000: declaring "fourteen hundred" is a call unless raise is first declared.
    r = read_push(sit(1000, say="bet", amount=1400), [])
    expect(r, "call", 1000, owes=1000)
    assert "002 Rule 41-C" in r.text


def test_002_rule_48a_fourteen_hundred_pushed_is_call() -> None:
    expect(read_push(sit(1000), [1000, 100, 100, 100, 100]), "call", 1000, returned=400)


def test_002_rule_48a_raise_fourteen_hundred_is_made_up_to_min_raise() -> None:
    # "...unless raise is first declared": "raise, 1400" is short, corrected to 2000 (45-A).
    expect(
        read_push(sit(1000, say="raise", amount=1400), [1000, 100, 100, 100, 100]),
        "raise",
        2000,
        owes=600,
    )


def test_002_rule_48a_exactly_half_is_a_raise() -> None:
    # 50% or more: 1500 against a 1000 bet (min raise 1000) must become 2000.
    expect(read_push(sit(1000), [1000, 500]), "raise", 2000, owes=500)


def test_002_rule_48b_raise_amount_is_total() -> None:
    # A opens for 2000, B declares "Raise, eight thousand": the total bet is 8000.
    expect(read_push(sit(2000, say="raise", amount=8000), []), "raise", 8000, owes=8000)


def test_002_rule_41c_declared_amount_same_as_pushing() -> None:
    # "Declaring 'two hundred' is the same as silently pushing out 200": an opening bet of 200.
    expect(read_push(sit(0, say="bet", amount=200), []), "bet", 200, owes=200)
    expect(read_push(sit(0), [100, 100]), "bet", 200)


def test_002_rule_41a_declaration_first_binds_over_chips() -> None:
    # "Call" declared, then too many chips: still a call, surplus returned. The engine rules a
    # declared call itself (declarations.on_declare), the chips then complete what it owes.
    t = _table(3)
    run(t, DEAL3, push(1, 500, 100), {"declare": {"seat": 2, "say": "call"}})
    r = t.last
    assert r is not None and (r.seat, r.action, r.to, r.owes) == (2, "call", 600, 500)
    out = run(t, push(2, 500, 500, 500))
    assert [(o.kind, o.amount) for o in out if o.kind == "returned"] == [("returned", 1000)]
    assert t.players[2].stack == 9400 and t.to_act() == 3


def test_002_rule_57_i_bet_five_small_pot() -> None:
    # NLHE 200-400, the pot totals less than 5000, "I bet five": 500.
    r = read_push(sit(0, min_bet=400, say="bet", amount=5, pot=3000), [])
    expect(r, "bet", 500, owes=500)
    assert "002 Rule 57" in r.text


def test_002_rule_57_i_bet_five_big_pot() -> None:
    # ...if the pot totals 5000 or more, the bet is 5000.
    expect(
        read_push(sit(0, min_bet=400, say="bet", amount=5, pot=5000), []), "bet", 5000, owes=5000
    )


def test_002_rule_61_over_betting_for_change_is_raise() -> None:
    # Opening bet 325, A silently puts out 525 (a 500 and a 25) expecting change: raise to 650.
    r = read_push(sit(325, min_bet=100, is_opening_bet=True), [500, 25])
    expect(r, "raise", 650, owes=125)


# ------------------------------------------------------------------ 002 Rule 44 and its Addendum


def test_002_rule_44_addendum_ex_1_undercall_multiway_raise_goes_to_floor() -> None:
    # Blinds 1000-2000; A opens 2000, B raises to 8000, C silently pushes 2000 (two 1000s).
    s = sit(8000, last_full_raise=6000, min_bet=2000)
    r = read_push(s, [1000, 1000])
    expect(r, "call", 8000, owes=6000, alert="undercall")
    assert r.forfeit == 2000 and r.rule == "002 Rule 44-B"


def test_002_rule_44_addendum_ex_2_undercall_opening_bet_is_full_call() -> None:
    # Four players post-flop, A opens 8000, B silently puts out 2000: must call 8000.
    s = sit(8000, min_bet=2000, is_opening_bet=True)
    expect(read_push(s, [1000, 1000]), "call", 8000, owes=6000)


def test_002_rule_44_addendum_ex_3_call_declared_commits_full_call() -> None:
    # A opens 2000, B raises to 8000, C declares "call": obliged to call 8000 (through the engine).
    t = _table(3)
    run(
        t,
        DEAL3,
        push(1, 100, 100),
        push(2, 100),
        {"press": "check"},
        {"board": ["2h", "5c", "9d"]},
        push(2, 1000, 1000),
        push(3, 5000, 1000, 1000, 1000),
        {"declare": {"seat": 1, "say": "call"}},
    )
    r = t.last
    assert r is not None and (r.seat, r.action, r.to, r.owes) == (1, "call", 8000, 8000)
    assert r.rule == "002 Rule 44-A" and t.to_act() == 2


def test_002_rule_44_addendum_ex_4_undercall_forfeit_on_fold() -> None:
    # Blinds 200-400: opener bets 400, A raises to 1200, B puts out one 500 chip. If the floor
    # lets B fold, B forfeits 400 and 100 is returned.
    s = sit(1200, last_full_raise=800, min_bet=400)
    r = read_push(s, [500])
    expect(r, "call", 1200, owes=700, alert="undercall")
    assert r.forfeit == 400 and "100 returned" in r.text


def test_002_rule_44b_undercall_heads_up_is_full_call() -> None:
    s = sit(8000, last_full_raise=6000, min_bet=2000, heads_up=True)
    expect(read_push(s, [1000, 1000]), "call", 8000, owes=6000)


def test_002_rule_44b_previous_bet_given_by_engine() -> None:
    # After a short all-in the bet level before the raise is not current - last_full_raise.
    s = sit(600, last_full_raise=400, min_bet=200, previous_bet=400)
    assert read_push(s, [500]).forfeit == 400


# ------------------------------------------------------------------ 002 Rule 51 and its Addendum
# THE 25-50: the BB posted two 25s, the button raised to 600 total (min raise to 1150).


def bb_sit(**kw: object) -> BetSituation:
    return sit(600, seat_bet=50, last_full_raise=550, min_bet=50, **kw)  # type: ignore[arg-type]


def test_002_rule_51_situation_1_1_overchip_on_prior_is_call() -> None:
    expect(read_push(bb_sit(), [1000], prior=[25, 25]), "call", 600, returned=450)


def test_002_rule_51_situation_1_2_all_new_chips_needed_is_call() -> None:
    expect(read_push(bb_sit(), [500, 500], prior=[25, 25]), "call", 600, returned=450)
    expect(read_push(bb_sit(), [100, 500], prior=[25, 25]), "call", 600, returned=50)


def test_002_rule_51_situation_1_3_new_chips_not_all_needed_is_multi_chip_bet() -> None:
    # Drop a 1000 and a 500 onto the two 25s: a total bet of 1550, a raise (50% reached).
    r = read_push(bb_sit(), [1000, 500], prior=[25, 25])
    expect(r, "raise", 1550)
    assert r.rule == "002 Rule 51-C"


def test_002_rule_51_situation_2_1_pull_back_and_overchip_is_call() -> None:
    expect(
        read_push(bb_sit(), [1000], prior=[25, 25], pulled_back=[25, 25]), "call", 600, returned=400
    )


def test_002_rule_51_situation_2_2_pull_back_and_multiple_chips_is_multi_chip_bet() -> None:
    expect(
        read_push(bb_sit(), [1000, 100], prior=[25, 25], pulled_back=[25, 25]),
        "raise",
        1150,
        owes=50,
    )
    expect(read_push(bb_sit(), [500, 100], prior=[25, 25], pulled_back=[25, 25]), "call", 600)


def test_002_rule_51_situation_3_partial_pull_back_is_multi_chip_bet_of_all() -> None:
    # Pull back one 25, leave the other, add a 1000: 1025 reaches the 50% mark (875): raise.
    expect(read_push(bb_sit(), [1000], prior=[25, 25], pulled_back=[25]), "raise", 1150, owes=125)
    # ...and short of 50% it is a call: 25 + 500 + 100 = 625.
    expect(
        read_push(bb_sit(), [500, 100], prior=[25, 25], pulled_back=[25]), "call", 600, returned=25
    )


def test_002_rule_51_situation_4_prior_covers_call_any_new_chip_is_multi_chip_bet() -> None:
    # THE 50-100, the BB posted one 1000 chip (900 of it change); a raise to 700 (min to 1300).
    # Adding a 100: all chips, 1100, reach the 50% mark (1000): a raise to 1300.
    s = sit(700, seat_bet=100, stack=50_000, last_full_raise=600, min_bet=100)
    r = read_push(s, [100], prior=[1000])
    expect(r, "raise", 1300, owes=200)
    assert "51-C-2" in r.text
    # Same whether or not the 1000 was pulled back: all chips pushed are the bet.
    expect(read_push(s, [1000, 500], prior=[1000], pulled_back=[1000]), "raise", 1500)


def test_002_rule_51_situation_4_big_blind_option_overchip_is_bet_of_all_chips() -> None:
    # Limped to the BB (two 100s posted, 100-200): a silent 500 chip on the blind covers the call,
    # so blind and chip are one bet of 700, past the 50% mark: a raise to 700.
    s = sit(200, seat_bet=200, last_full_raise=200)
    expect(read_push(s, [500], prior=[100, 100]), "raise", 700)
    # A 25 chip on the blind is short of the 50% mark (300): a check, the 25 returned.
    expect(read_push(s, [25], prior=[100, 100]), "check", 200, returned=25)


def test_002_rule_51b_pulled_back_prior_chips_bind_call() -> None:
    r = read_push(bb_sit(say="fold"), [], prior=[25, 25], pulled_back=[25, 25])
    expect(r, "call", 600, owes=600)
    assert r.rule == "002 Rule 51-B"


# ------------------------------------------------------------------ 002 Rules 45, 52


def test_002_rule_45a_underbet_with_chips_behind_owes_min_bet() -> None:
    # Blinds 100-200, post-flop a silent 100 opening bet is brought up to 200.
    r = read_push(sit(0), [100])
    expect(r, "bet", 200, owes=100)
    assert r.rule == "002 Rule 45-A"


def test_002_rule_45a_short_all_in_bet_stands() -> None:
    expect(read_push(sit(0, stack=150), [100, 25, 25]), "all-in", 150)


def test_002_rule_52_addendum_ex_1a_not_reopened_raise_is_call() -> None:
    # C called 125 and now faces 200 (a 75 increment): C cannot raise, chips beyond a call return.
    s = sit(200, seat_bet=125, last_full_raise=100, min_bet=100, can_raise=False)
    expect(read_push(s, [100, 100, 100]), "call", 200, returned=225)


def test_002_rule_52_addendum_ex_3a_declared_raise_not_reopened_is_call() -> None:
    # A called 4000; C's all-in to 7500 is not a full raise: A's "raise" is a call.
    s = sit(7500, seat_bet=4000, last_full_raise=4000, min_bet=4000, can_raise=False)
    declared = sit(
        7500,
        seat_bet=4000,
        last_full_raise=4000,
        min_bet=4000,
        can_raise=False,
        say="raise",
        amount=20_000,
    )
    r = read_push(declared, [5000, 5000])
    expect(r, "call", 7500, returned=6500)
    assert r.rule == "002 Rule 52-A"
    expect(read_push(s, [5000, 5000]), "call", 7500, returned=6500)


def test_002_rule_52_all_in_declared_not_reopened_is_call() -> None:
    s = sit(7500, seat_bet=4000, last_full_raise=4000, min_bet=4000, can_raise=False, say="all-in")
    expect(read_push(s, []), "call", 7500, owes=3500)


# ------------------------------------------------------------------ house profiles


def test_001_more_than_half_exactly_half_is_call() -> None:
    # Facing 400, putting in 600 is reduced to 400 (wfp: min raise is double, to 800).
    r = read_push(sit(400, profile=WFP, min_raise_to=800), [500, 100])
    expect(r, "call", 400, returned=200)


def test_001_more_than_half_625_is_raise_to_800() -> None:
    r = read_push(sit(400, profile=WFP, min_raise_to=800), [500, 100, 25])
    expect(r, "raise", 800, owes=175)
    assert r.rule == "001 More Than Half is a Raise"


def round_after(profile: HouseProfile, min_bet: int, *bets: int, preflop: bool = False) -> Round:
    """The engine's betting round (tablectl.engine.betting.Round) after ``bets`` by seats 1, 2,
    3...: the minimum raise is tested where the engine computes it."""
    rnd = Round.preflop(min_bet, min_bet) if preflop else Round.postflop(min_bet)
    for seat, to in enumerate(bets, 1):
        rnd.record(seat, to, profile)
    return rnd


def test_001_multiple_chips_525_facing_225_is_raise() -> None:
    # 001 "Multiple Chips Bet": a 500 and a 25 facing 225 is a raise to 525.
    s = sit(225, profile=WFP, min_raise_to=round_after(WFP, 50, 225).min_raise_to(WFP), min_bet=50)
    expect(read_push(s, [500, 25]), "raise", 525)


def test_001_multiple_chips_two_500s_facing_550_all_in_is_call() -> None:
    # A bets 400, B all-in for 550, the next player's two 500s are a call of 550.
    mrt = round_after(WFP, 100, 400, 550).min_raise_to(WFP)
    assert mrt == 800
    expect(
        read_push(sit(550, profile=WFP, min_raise_to=mrt), [500, 500]), "call", 550, returned=450
    )


def test_001_minimum_raise_is_double_the_call() -> None:
    assert round_after(WFP, 100, 400).min_raise_to(WFP) == 800
    # 001 "Re-raise after an All-in Partial Raise": A bets 400, B all-in for 600 (not more than
    # half a raise): "the minimum raise is still 800"; all-in for 625: "a minimum of 1,250".
    assert round_after(WFP, 100, 400, 600).min_raise_to(WFP) == 800
    assert round_after(WFP, 100, 400, 625).min_raise_to(WFP) == 1250
    # 002 Addendum Rule 48 Ex. 1: a bet of 1,600, raised to 3,600: the next raise is to 5,600.
    assert round_after(TDA, 200, 1600, 3600).min_raise_to(TDA) == 5600


def test_001_short_all_in_preflop_keeps_double_the_big_blind() -> None:
    # wfp, blinds 50/100: an all-in to 150 pre-flop is exactly half a raise, so not a raise
    # (001 "More Than Half is a Raise"): the minimum raise stays double the big blind, 200.
    rnd = round_after(WFP, 100, 150, preflop=True)
    assert rnd.min_raise_to(WFP) == 200
    assert round_after(TDA, 100, 150, preflop=True).min_raise_to(TDA) == 250  # 002 Rule 48


@pytest.mark.parametrize(
    ("chips", "to", "owes", "returned"),
    [
        ([5000], 6000, 1000, 0),  # A) a 5K chip: 6,000, another 1K owed
        ([1000], 600, 0, 400),  # B) a 1K chip: 600
        ([1000, 500], 600, 0, 900),  # C) 1,500 is closer to 600
        ([5000, 100], 6000, 900, 0),  # D) 5,100 is closer to 6,000
    ],
)
def test_001_vague_bets_chip_size(chips: list[int], to: int, owes: int, returned: int) -> None:
    # 10K starting stack, blinds 100/200, a player opens saying "Six" while throwing in chips.
    s = sit(0, stack=10_000, profile=WFP, say="bet", amount=6, pot=300)
    expect(read_push(s, chips), "bet", to, owes=owes, returned=returned)


def test_001_blind_bets_wfp_call_returned_vs_tda_51() -> None:
    # Blinds 100/200, limped to the BB who puts in 200 more, forgetting the posted blind.
    kw = {"seat_bet": 200, "last_full_raise": 200, "posted_blind": 200}
    expect(
        read_push(sit(200, profile=WFP, min_raise_to=400, **kw), [100, 100], prior=[100, 100]),
        "check",
        200,
        returned=200,
    )
    expect(
        read_push(sit(200, profile=WFP, min_raise_to=400, **kw), [500], prior=[100, 100]),
        "check",
        200,
        returned=500,
    )
    # The TDA reads the blind and the new chips as one multiple-chip bet (002 Rule 51-C-2).
    expect(read_push(sit(200, **kw), [100, 100], prior=[100, 100]), "raise", 400)
    # wfp: picking the blind up and tossing it in with more chips is one motion: a raise.
    expect(
        read_push(
            sit(200, profile=WFP, min_raise_to=400, **kw),
            [100, 100, 100, 100],
            prior=[100, 100],
            pulled_back=[100, 100],
        ),
        "raise",
        400,
    )


def test_004_roberts_half_bet_amount_only() -> None:
    # 004 Betting and Raising 14: a full bet plus a half-bet is a raise, chips notwithstanding.
    r = read_push(sit(1200, profile=ROBERTS), [1000, 1000])
    expect(r, "raise", 2400, owes=400)
    assert r.rule == "004 Betting and Raising 14"
    # ...but not with a single chip of greater value (004 Betting and Raising 15).
    expect(read_push(sit(1200, profile=ROBERTS), [5000]), "call", 1200, returned=3800)


def test_004_roberts_undercall_must_be_made_correct() -> None:
    # 004 Betting and Raising 13: the call must be made correct; facing a raise the floor may
    # let a player unaware of it withdraw.
    r = read_push(sit(8000, min_bet=2000, is_opening_bet=True, profile=ROBERTS), [1000, 1000])
    expect(r, "call", 8000, owes=6000)
    assert r.rule == "004 Betting and Raising 13"
    r = read_push(sit(8000, last_full_raise=6000, min_bet=2000, profile=ROBERTS), [1000, 1000])
    expect(r, "call", 8000, owes=6000, alert="undercall")
    assert r.forfeit == 0
    r = read_push(
        sit(8000, last_full_raise=6000, min_bet=2000, profile=WFP, min_raise_to=16000), [1000, 1000]
    )
    assert r.rule == "000 Betting & Raising 9"


def test_003_home_min_bet_by_street() -> None:
    # 003 Rule 15: the minimum bet is the small blind pre-flop and on the flop, the BB after.
    streets = ("preflop", "flop", "turn", "river")
    assert [min_bet_for(HOME, (50, 100), st_, 25) for st_ in streets] == [50, 50, 100, 100]
    assert min_bet_for(TDA, (50, 100), "flop", 25) == 100
    flop = sit(0, min_bet=min_bet_for(HOME, (50, 100), "flop", 25), profile=HOME)
    expect(read_push(flop, [25, 25]), "bet", 50)
    turn = sit(0, min_bet=min_bet_for(HOME, (50, 100), "turn", 25), profile=HOME)
    expect(read_push(turn, [25, 25]), "bet", 100, owes=50)


def test_one_profile_table_for_engine_and_chip_rules() -> None:
    # The chip options are options of the house profile: a setup override reaches the reading.
    assert PROFILES["roberts"].multi_chip == "amount_only"
    assert PROFILES["wfp"].unclear_amount == "chip_size"
    over = profile_for("tda-2025", {"raise_threshold": "more_than_half"})
    r = read_push(sit(400, min_raise_to=800, profile=over), [500, 100])
    assert (r.action, r.to) == ("call", 400)  # exactly half a raise: a call (001's threshold)
    assert read_push(sit(400, min_raise_to=800), [500, 100]).action == "raise"  # 002 Rule 48-A


def test_profiles_and_invalid_option() -> None:
    from tablectl.engine.profiles import CHOICES

    for profile in PROFILES.values():  # every option's default is the first of its choices
        for key, allowed in CHOICES.items():
            assert getattr(profile, key) in allowed
            assert getattr(TDA, key) == allowed[0]
    with pytest.raises(ValueError, match="raise_threshold"):
        profile_for("tda-2025", {"raise_threshold": "two_thirds"})
    with pytest.raises(ValueError, match="unknown house option"):
        profile_for("wfp", {"rulebook": "002"})


# ------------------------------------------------------------------ bad input


def test_chip_of_no_denomination_does_not_play() -> None:
    r = read_push(sit(600), [1000, 7])
    assert (r.action, r.to, r.returned, r.alert) == ("call", 600, 407, "chips_unknown")
    assert "do not play" in r.text


def test_more_chips_than_owned_is_flagged() -> None:
    r = read_push(sit(600, stack=1000), [1000, 1000])
    assert r.alert == "chips_unknown" and r.to <= 1000 and "002 Rule 63" in r.text


def test_garbage_readings_never_raise() -> None:
    r = read_push(sit(600), [1000, -5, "x", None, 2.5, True])  # type: ignore[list-item]
    assert r.action == "call" and r.alert == "chips_unknown"
    bad = BetSituation(current_bet="a", seat_bet=None, stack=-3, min_raise_to=[])  # type: ignore[arg-type]
    r = chipread._read(bad, None, None, None)  # type: ignore[arg-type]
    assert (r.action, r.to, r.alert) == ("check", 0, None), r


def test_check_and_call_are_not_declared_to_chip_reading() -> None:
    # The engine rules them itself; a stray one reads as a silent push.
    for say in ("check", "call"):
        expect(read_push(sit(600, say=say), [500, 100]), "call", 600)
        expect(read_push(sit(0, say=say), []), "check", 0)


def test_no_chips_facing_bet_is_not_an_action() -> None:
    r = read_push(sit(600), [])
    assert r.alert == "action_void" and r.to == 0


# ------------------------------------------------------------------ properties

amounts = st.integers(min_value=0, max_value=60_000)
chip_lists = st.lists(st.sampled_from(CHIPS), max_size=8)


@st.composite
def situations(draw: st.DrawFn) -> BetSituation:
    current = draw(st.sampled_from([0, 0, 50, 100, 200, 325, 600, 1100, 1400, 8000]) | amounts)
    seat_bet = draw(st.integers(0, current))
    last_full = draw(st.integers(0, max(current, 1)))
    min_bet = draw(st.sampled_from([0, 25, 50, 100, 200, 400]))
    declared = draw(
        st.none()
        | st.builds(
            Declaration, st.sampled_from(chipread.DECLARED), st.none() | st.integers(1, 60_000)
        )
    )
    return BetSituation(
        current_bet=current,
        seat_bet=seat_bet,
        stack=draw(amounts),
        min_raise_to=draw(st.integers(0, current * 3 + 500)),
        can_raise=draw(st.booleans()),
        min_bet=min_bet,
        last_full_raise=last_full,
        is_opening_bet=draw(st.booleans()),
        heads_up=draw(st.booleans()),
        chips=CHIPS,
        declared=declared,
        profile=draw(st.sampled_from(list(PROFILES.values()))),
        pot=draw(amounts),
        previous_bet=draw(st.none() | amounts),
        posted_blind=draw(st.sampled_from([0, seat_bet])),
    )


@settings(max_examples=400, deadline=None)
@given(situations(), chip_lists, chip_lists, chip_lists)
def test_property_ruling_is_within_the_seats_chips(
    s: BetSituation,
    pushed: list[int],
    prior: list[int],
    pulled: list[int],
) -> None:
    r = read_push(s, pushed, prior, pulled)
    assert r.action in SAYS
    assert r.alert is None or r.alert in ALERT_KINDS
    assert r.rule != "002 Rule 1", r.text  # the catch-all never fires on well-typed input
    assert r.owes >= 0 and r.returned >= 0
    if r.action == "fold":
        assert r.to == s.seat_bet
    else:
        # Never asks for more than the seat owns, never less than it has already bet.
        assert s.seat_bet <= r.to <= s.seat_bet + s.stack
    if r.to == s.seat_bet + s.stack and s.stack > 0 and r.action not in ("fold", "check"):
        assert r.action == "all-in"
    if r.alert != "chips_unknown":
        assert not (r.owes and r.returned)


@settings(max_examples=300, deadline=None)
@given(situations(), chip_lists)
def test_property_returned_never_exceeds_pushed(s: BetSituation, pushed: list[int]) -> None:
    # With no prior chips listed, only pushed chips can come back (seat_bet is committed).
    r = read_push(s, pushed)
    assert r.returned <= sum(pushed)
    if r.alert != "chips_unknown":
        # The zone after the dealer acts holds exactly the ruled bet.
        assert s.seat_bet + sum(pushed) + r.owes - r.returned == r.to


def _with(s: BetSituation, **changes: object) -> BetSituation:
    return BetSituation(**{**{f: getattr(s, f) for f in s.__slots__}, **changes})


@settings(max_examples=300, deadline=None)
@given(situations(), st.lists(st.sampled_from(CHIPS), min_size=1, max_size=8), amounts)
def test_property_exact_call_is_call(s: BetSituation, pushed: list[int], spare: int) -> None:
    # Whatever the profile: silently pushing exactly the call is a call (002 Rule 46-B).
    need = sum(pushed)
    current = s.seat_bet + need
    s = _with(
        s,
        declared=None,
        current_bet=current,
        stack=need + spare,
        min_raise_to=max(s.min_raise_to, current + 1),
    )
    r = read_push(s, pushed)
    assert (r.to, r.owes, r.returned, r.alert) == (current, 0, 0, None), r
    assert r.action == ("all-in" if spare == 0 else "call")


@settings(max_examples=300, deadline=None)
@given(situations(), st.lists(st.sampled_from(CHIPS), min_size=2, max_size=8))
def test_property_all_chips_push_is_all_in_unless_a_call(
    s: BetSituation,
    pushed: list[int],
) -> None:
    s = _with(s, declared=None, stack=sum(pushed), posted_blind=0)
    r = read_push(s, pushed)
    if r.action != "call":
        assert r.action in ("all-in", "check"), r
    if r.action == "call":
        # Only every-chip-needed (002 Rule 50-A) or a betting round not re-opened (52-A), as the
        # profile cites them (citations.py).
        p = s.profile
        assert r.rule in (
            cite(p, "every_chip"),
            option(p, "reopen"),
        ) or s.current_bet >= s.seat_bet + sum(pushed), r


@settings(max_examples=300, deadline=None)
@given(
    st.builds(
        BetSituation,
        st.integers(),
        st.integers(),
        st.integers(),
        st.integers(),
        st.booleans(),
        st.integers(),
        st.integers(),
    ),
    st.lists(st.one_of(st.integers(), st.none(), st.text(max_size=2), st.floats())),
    st.lists(st.integers()),
    st.lists(st.integers()),
)
def test_property_read_push_never_raises(
    s: BetSituation,
    pushed: list[object],
    prior: list[int],
    pulled: list[int],
) -> None:
    # The reader itself, not read_push: read_push's catch-all would hide a reader that raises.
    r = chipread._read(s, pushed, prior, pulled)
    assert isinstance(r, Reading) and r.action in SAYS
    assert r.rule != "002 Rule 1", r.text


def test_read_push_catch_all_hands_a_reader_crash_to_the_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def boom(*_: object) -> Reading:
        raise ZeroDivisionError

    monkeypatch.setattr(chipread, "_read", boom)
    r = read_push(sit(600, seat_bet=100), [1000])
    assert (r.action, r.to, r.alert, r.rule) == ("check", 100, "action_void", "002 Rule 1")
    assert "ZeroDivisionError" in r.text


def test_002_rule_57_amount_in_real_chips_is_not_shorthand() -> None:
    # "Raise, five hundred" facing 1000 is an underraise made up to 2000 (002 Rule 45-A), not 5000.
    expect(read_push(sit(1000, say="raise", amount=500, pot=20_000), []), "raise", 2000, owes=2000)
    # "Raise, fifteen" facing 1000 with a 20,000 pot: the highest meaning not above the pot.
    expect(
        read_push(sit(1000, say="raise", amount=15, pot=20_000), []), "raise", 15_000, owes=15_000
    )


def test_shared_scenario_tda50_example2_sequence() -> None:
    # shared/scenarios/tda50_example2_forced_raise.jsonl, step by step: blinds 250-500.
    utg = sit(500, seat_bet=0, stack=20_000, last_full_raise=500, min_bet=500)
    expect(read_push(utg, [1000, 100]), "raise", 1100)
    utg1 = sit(1100, stack=20_000, last_full_raise=600, min_bet=500)
    expect(read_push(utg1, [1000, 100, 100, 100, 100, 100]), "raise", 1700, owes=200)
    # the next seat's declared call is the engine's (the contract scenario replays it)


# ------------------------------------------------------------------ issue 11: 57, 44-C, B&R 10


def test_002_rule_57_shorthand_needs_a_number_below_the_unit() -> None:
    # Blinds 200-400 with no chip set (unit: the small blind, 200): "bet, three hundred" is an
    # underbet made up to 400 (45-A); "bet five" is shorthand with 500 and 5000 legal meanings.
    s = _with(sit(0, min_bet=400, say="raise", amount=300, pot=600), chips=(1,), unit=200)
    assert not unclear(s, 300, total=True)
    expect(read_push(s, []), "bet", 400, owes=400)
    assert unclear(s, 5, total=True)
    expect(read_push(_with(s, declared=Declaration("raise", 5)), []), "bet", 500, owes=500)


def test_002_rule_44c_second_undercall_in_sequence_is_the_floors() -> None:
    # Opening bet 6000 multi-way; seat 3 undercalled and still owes; this seat pushes 2000.
    s = sit(6000, min_bet=1000, is_opening_bet=True, undercaller=3)
    r = read_push(s, [1000, 1000])
    expect(r, "call", 6000, owes=4000, alert="undercall")
    assert r.rule == "002 Rule 44-C" and r.forfeit == 2000 and "seat 3" in r.text and r.undercall
    # alone, the same push is a mandatory full call (44-B); Robert's makes each one correct
    expect(read_push(_with(s, undercaller=None), [1000, 1000]), "call", 6000, owes=4000)
    assert read_push(_with(s, profile=ROBERTS), [1000, 1000]).rule == "004 Betting and Raising 13"


def test_004_br10_checked_out_of_turn_may_not_raise() -> None:
    barred = "004 Betting and Raising 10"
    r = read_push(sit(900, min_bet=300, profile=ROBERTS, barred=barred), [1000, 1000, 1000])
    expect(r, "call", 900, returned=2100)
    assert r.rule == barred
    expect(
        read_push(
            sit(900, min_bet=300, profile=ROBERTS, barred=barred, say="raise", amount=3000), []
        ),
        "call",
        900,
        owes=900,
    )


# ------------------------------------------------------------ odd inputs read as the plain ones
# (the fast paths of the speed work keep the general reading: mutation re-run, docs/testing.md)


class _Amount(int):
    """An int subclass (an IntEnum, numpy's integers): an amount all the same."""


def test_an_amount_of_an_int_subclass_reads_as_its_value() -> None:
    # A plain int takes the fast path; an int subclass is still an amount, and a negative one
    # counts as nothing, like a negative int.
    for pushed in ([1000], [500, 100], [5000]):
        assert read_push(sit(600, stack=_Amount(5000)), pushed) == read_push(
            sit(600, stack=5000), pushed
        )
        assert read_push(sit(600, seat_bet=_Amount(-100)), pushed) == read_push(sit(600), pushed)


def test_a_chip_set_or_a_push_that_is_no_list_is_no_chips() -> None:
    no_set = _with(sit(600), chips=())
    for pushed in ([1000], [500, 100]):
        assert read_push(_with(sit(600), chips=5), pushed) == read_push(no_set, pushed)
    assert read_push(sit(600), 7) == read_push(sit(600), [])  # type: ignore[arg-type]


def test_a_zero_is_no_chip_like_a_negative_reading() -> None:
    # With no chip set every positive reading plays: a 0 must not count as a second chip
    # (one chip facing a bet is a call, 002 Rule 50; two would be read as a raise).
    no_set = _with(sit(600), chips=())
    assert read_push(no_set, [5000, 0]) == read_push(no_set, [5000, -3])
    expect(read_push(no_set, [5000, 0]), "call", 600, returned=4400, alert="chips_unknown")


def test_a_chip_set_given_as_a_list_is_read_afresh() -> None:
    # Only a tuple (which cannot change) is remembered between readings.
    chips = [25, 100, 500, 1000]
    s = _with(sit(600), chips=chips)
    first = read_push(s, [5000])  # 5000 is no denomination in play yet
    chips.append(5000)
    assert read_push(s, [5000]) == read_push(sit(600), [5000]) != first


def test_a_minimum_raise_below_the_bet_reads_as_the_bet_and_a_minimum_bet() -> None:
    # A situation whose min_raise_to is garbage is read with current bet + minimum bet.
    for pushed in ([500, 100, 25, 25], [500, 100, 100], [1000], [500, 500, 100]):
        assert read_push(sit(600, min_raise_to=0), pushed) == read_push(
            sit(600, min_raise_to=800), pushed
        )


def test_committed_chips_the_sensors_did_not_list_are_one_lump_of_their_value() -> None:
    s = sit(1200, seat_bet=600)
    for pushed, pulled in (([1000], [500]), ([500, 100], [500]), ([1000], [])):
        assert read_push(s, pushed, prior=[500], pulled_back=pulled) == read_push(
            s, pushed, prior=[500, 100], pulled_back=pulled
        )


@pytest.mark.parametrize(
    ("policy", "sit", "action", "to", "owes"),
    [
        # facing 1000 with 5000 behind: a call owes 1000; all-in owes everything
        ("call", {}, "call", 1000, 1000),
        ("all-in", {}, "all-in", 5000, 5000),
        # nothing to call: the call is a check
        ("call", {"current_bet": 0, "min_raise_to": 200}, "check", 0, 0),
        # short of the call: the call is all-in
        ("call", {"stack": 600}, "all-in", 600, 600),
        # betting not re-opened to the seat (002 Rule 52-A): the all-in policy is a call
        ("all-in", {"can_raise": False}, "call", 1000, 1000),
    ],
)
def test_action_item_alone_ruled_by_house_policy(
    policy: str, sit: dict[str, Any], action: str, to: int, owes: int
) -> None:
    """002 RP-20: an action item pushed alone is ruled a call or an all-in per house policy."""
    base = {"current_bet": 1000, "seat_bet": 0, "stack": 5000, "min_raise_to": 2000}
    profile = TDA.with_options(action_item_bet=policy)
    r = chipread.read_item(BetSituation(**{**base, **sit}, min_bet=200, profile=profile))
    assert (r.action, r.to, r.owes, r.returned, r.alert) == (action, to, owes, 0, None)
    assert "002 RP-20" in r.text and "Hand the item back" in r.text


def test_action_item_alone_under_floor_rules_nothing() -> None:
    """002 RP-20 "or Rule 1": the default asks the floor; the seat's bet does not move."""
    sit = BetSituation(current_bet=1000, seat_bet=200, stack=5000, min_raise_to=2000)
    r = chipread.read_item(sit)
    assert (r.alert, r.rule, r.to, r.owes) == ("action_item", "002 RP-20", 200, 0)
    assert "002 Rule 1" in r.text
