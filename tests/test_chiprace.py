"""Color-ups and chip races (002 Rule 25, 000 rule 6) from stack contents."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablectl.tournament.chiprace import (
    ChipRaceError,
    card_key,
    chip_race,
    deal_order,
    stacks_from_zones,
)

CHIPS = [25, 100, 500, 1000]


def test_full_sets_exchange_at_equal_value_and_odd_chips_race() -> None:
    stacks = {1: [25] * 9 + [100], 2: [25, 25, 500], 3: [1000]}
    r = chip_race(stacks, 25, chips=CHIPS, cards=["Ah", "2c", "3c"])
    assert r.into == 100
    assert r.color_up[1] == (8, 2)  # two full sets of four
    assert r.odd == {1: 1, 2: 2, 3: 0}
    assert r.odd_holders == (1, 2)
    # 002 Rule 25-A: seat 1 dealt first, one card per odd chip, all of seat 1's cards first
    assert r.cards == {1: ("Ah",), 2: ("2c", "3c")}
    # 3 odd chips = 75 = three quarters of a 100: one chip, to the highest card
    assert r.awarded == {1: 1}
    assert r.stacks[1] == [100, 100, 100, 100]
    assert r.stacks[2] == [500]
    assert r.stacks[3] == [1000]
    assert 25 not in [c for s in r.stacks.values() for c in s]


def test_highest_card_by_suit_breaks_a_rank_tie() -> None:
    assert card_key("As") > card_key("Ah") > card_key("Ad") > card_key("Ac") > card_key("Ks")
    stacks = {1: [25, 25, 100], 2: [25, 25, 100]}
    r = chip_race(stacks, 25, chips=CHIPS, cards=["Ac", "2d", "Ad", "3h"])
    assert r.ranking == (2, 1)
    assert r.awarded == {2: 1}


def test_one_chip_at_most_per_player() -> None:
    # seat 1 holds the three best cards but can win one chip only (002 Rule 25-A)
    stacks = {1: [25, 25, 25, 500], 2: [25, 25, 25, 500], 3: [25, 25, 500]}
    r = chip_race(stacks, 25, chips=CHIPS, cards=["As", "Ks", "Qs", "2c", "3c", "4c", "5c", "6c"])
    assert r.odd == {1: 3, 2: 3, 3: 2}
    assert r.awarded == {1: 1, 3: 1}  # 8 x 25 = two chips: seat 1, then seat 3's 6c beats 4c
    assert all(n == 1 for n in r.awarded.values())


def test_nobody_is_raced_out_tda_gives_an_extra_chip() -> None:
    stacks = {1: [25], 2: [25, 500], 3: [25, 25, 500]}
    r = chip_race(stacks, 25, chips=CHIPS, cards=["2c", "As", "Ks", "Qs"])
    assert r.awarded == {2: 1}  # 100 raced: one chip, to the ace
    assert r.protected == (1,)  # lost its last chip in the race: given one (002 Rule 25-A)
    assert r.stacks[1] == [100]


def test_wfp_gives_the_chip_before_anyone_is_awarded() -> None:
    stacks = {1: [25], 2: [25, 500], 3: [25, 25, 500]}
    # 000 rule 6: deal from the seat left of the button: button 1 -> seats 2, 3, then 1
    assert deal_order([1, 2, 3], "wfp", 1) == [2, 3, 1]
    r = chip_race(stacks, 25, chips=CHIPS, cards=["As", "Ks", "Qs", "2c"], method="wfp", button=1)
    assert r.cards == {2: ("As",), 3: ("Ks", "Qs"), 1: ("2c",)}
    assert r.protected == (1,)
    assert r.awarded == {}  # the only chip raced went to the player who had nothing
    assert sum(r.stacks[s].count(100) for s in r.stacks) == 1


def test_wfp_nightly_exchanges_two_or_more_odd_chips() -> None:
    stacks = {1: [25, 25, 25, 100], 2: [25, 100], 3: [25, 100], 4: [100]}
    r = chip_race(stacks, 25, chips=CHIPS, cards=["2c", "Ah"], method="wfp-nightly", button=4)
    assert r.color_up[1] == (3, 1)  # three odd chips bought a 100 outright
    assert r.odd == {1: 0, 2: 1, 3: 1, 4: 0}
    assert r.cards == {2: ("2c",), 3: ("Ah",)}
    assert r.awarded == {3: 1}  # 50 = half a chip: rounds up (000 rule 6)


def test_leftover_drop_removes_fractions_without_compensation() -> None:
    stacks = {1: [25, 25, 500], 2: [25, 500]}
    half_up = chip_race(stacks, 25, chips=CHIPS, cards=["Ah", "2c", "3c"])
    drop = chip_race(stacks, 25, chips=CHIPS, cards=["Ah", "2c", "3c"], leftover="drop")
    assert half_up.awarded == {1: 1}
    assert drop.awarded == {}
    assert drop.value_after == 1000 and drop.value_before == 1075


def test_seeded_rng_draw_is_deterministic() -> None:
    stacks = {s: [25] * s + [500] for s in range(1, 9)}
    a = chip_race(stacks, 25, chips=CHIPS, rng=random.Random(7))
    b = chip_race(stacks, 25, chips=CHIPS, rng=random.Random(7))
    assert a == b
    assert sorted(a.cards) == [s for s in range(1, 9) if s % 4]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cards": None}, "give the cards"),
        ({"cards": ["As"]}, "2 race cards needed"),
        ({"cards": ["As", "As"]}, "all be different"),
        ({"cards": ["Zz", "As"]}, "not a card"),
        ({"cards": ["Ks", "As"], "method": "wfp"}, "give button"),
        ({"cards": ["Ks", "As"], "method": "nope"}, "not one of"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs: dict, message: str) -> None:
    with pytest.raises(ChipRaceError, match=message):
        chip_race({1: [25, 100], 2: [25, 100]}, 25, chips=CHIPS, **kwargs)


def test_no_higher_denomination_or_unequal_exchange() -> None:
    with pytest.raises(ChipRaceError, match="no denomination above"):
        chip_race({1: [1000]}, 1000, chips=CHIPS)
    with pytest.raises(ChipRaceError, match="equal value"):
        chip_race({1: [25, 60]}, 25, chips=[25, 60])


stack_lists = st.dictionaries(
    st.integers(1, 10),
    st.lists(st.sampled_from(CHIPS), min_size=1, max_size=30),
    min_size=2,
    max_size=10,
)


@settings(max_examples=150, deadline=None)
@given(stacks=stack_lists, seed=st.integers(0, 2**32), method=st.sampled_from(["tda", "wfp"]))
def test_race_properties(stacks: dict[int, list[int]], seed: int, method: str) -> None:
    r = chip_race(stacks, 25, chips=CHIPS, rng=random.Random(seed), method=method, button=1)
    # the removed denomination is gone, nobody holding chips before is left with none
    for seat, stack in r.stacks.items():
        assert 25 not in stack
        assert stack, f"seat {seat} raced out"
    assert all(n == 1 for n in r.awarded.values())
    # full sets keep their value exactly; the race moves at most half a chip per racer either way
    racers = len(r.odd_holders)
    assert abs(r.value_after - r.value_before) <= 100 * (racers + len(r.protected))
    for gone, new in r.color_up.values():
        assert gone * 25 == new * 100


def test_stacks_from_an_rfid_chips_event() -> None:
    from tablectl.engine.events import parse_line

    event = parse_line('{"chips": {"stack:3": [25, 25, 500], "bet:3": [100], "stack:10": [25]}}')
    assert event.event is not None
    stacks = stacks_from_zones(event.event.body)
    assert stacks == {3: [25, 25, 500], 10: [25]}
    r = chip_race(stacks, 25, chips=CHIPS, cards=["2c", "3c", "Ad"])
    assert r.awarded == {10: 1} and r.stacks[3] == [500]
