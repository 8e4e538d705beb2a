"""Color-ups the mutation run of tablectl/tournament/chiprace.py found untested (issue 34), each
written from the rule (002 Rule 25, 000 tournament rule 6) through ``chip_race`` and the words
it gives the dealer screen."""

from __future__ import annotations

import pytest

from tablectl.tournament.chiprace import ChipRaceError, chip_race, stacks_from_zones


def test_the_words_name_the_rule_each_method_follows() -> None:
    """000 rule 6 deals from the seat left of the button; its nightly exception exchanges two
    or more odd chips outright: the dealer screen names which rule it applied."""
    wfp = chip_race(
        {1: [25, 100], 2: [25, 25, 100], 3: [25, 100]},
        25,
        chips=[25, 100],
        cards=["2c", "3c", "4c", "As"],
        method="wfp",
        button=1,
    )
    assert wfp.lines()[0] == "Color-up: 25 chips removed, exchanged for 100 (000 rule 6)"
    nightly = chip_race(
        {1: [25, 25, 100], 2: [25, 100], 3: [25, 100]},
        25,
        chips=[25, 100],
        cards=["2c", "3c"],
        method="wfp-nightly",
        button=1,
    )
    assert nightly.lines()[0] == (
        "Color-up: 25 chips removed, exchanged for 100 (000 rule 6, nightly exception)"
    )
    # "more than one chip of the color eliminated": two odd chips buy a 100 outright
    assert nightly.color_up[1] == (2, 1) and nightly.odd[1] == 0
    assert nightly.notes == (
        "Seat 1: 2 odd x 25 exchanged for 1 x 100 (000 rule 6, nightly exception)",
    )


def test_the_tda_race_is_dealt_from_seat_1_whatever_the_button() -> None:
    """002 Rule 25-A: chips are raced off starting in seat 1 (the button is not consulted)."""
    r = chip_race(
        {1: [25, 100], 2: [25, 100], 3: [25, 100]},
        25,
        chips=[25, 100],
        cards=["2c", "3c", "As"],
        button=2,
    )
    assert r.cards == {1: ("2c",), 2: ("3c",), 3: ("As",)}
    assert r.awarded == {3: 1}


def test_a_zone_named_stack_without_a_seat_number_is_ignored() -> None:
    # only stack:N zones are stacks; anything else in the chips event is not a seat's stack
    assert stacks_from_zones({"stack:": [25], "stack:3": [100], "pot": [500]}) == {3: [100]}


@pytest.mark.parametrize("bad", [0, 2.5, True])
def test_a_chip_that_is_not_a_denomination_is_refused_by_seat(bad: object) -> None:
    with pytest.raises(ChipRaceError, match=rf"^seat 1: \[{bad}\] are not chip denominations$"):
        chip_race({1: [25, bad, 100]}, 25, chips=[25, 100])  # type: ignore[list-item]


def test_a_one_unit_chip_is_a_denomination() -> None:
    # $1 chips colored up into $5: 3 odd chips are more than half a $5 chip, one to the ace
    r = chip_race({1: [1, 1, 5], 2: [1, 5]}, 1, cards=["As", "2c", "3c"])
    assert r.stacks == {1: [5, 5], 2: [5]}


def test_the_refusals_of_a_method_and_a_leftover_list_the_choices() -> None:
    with pytest.raises(ChipRaceError, match=r"^method 'x' is not one of tda, wfp, wfp-nightly$"):
        chip_race({1: [25, 100]}, 25, method="x")
    with pytest.raises(ChipRaceError, match=r"^leftover 'x' is not one of half_up, drop$"):
        chip_race({1: [25, 100]}, 25, leftover="x")


def test_a_race_without_cards_or_different_cards_is_refused_in_words() -> None:
    stacks = {1: [25, 100], 2: [25, 100]}
    with pytest.raises(ChipRaceError, match=r"^odd chips to race: give the cards dealt or an rng$"):
        chip_race(stacks, 25, chips=[25, 100])
    with pytest.raises(ChipRaceError, match=r"^the race cards must all be different$"):
        chip_race(stacks, 25, chips=[25, 100], cards=["As", "As"])


def test_odd_chips_under_half_a_new_chip_make_nothing() -> None:
    """000 rule 6: the odd remainder makes a chip only if it is half or more of one: two 100s
    are two fifths of a 500, so nobody wins it."""
    r = chip_race({1: [100, 100, 500], 2: [500]}, 100, chips=[100, 500], cards=["As", "Ks"])
    assert r.awarded == {} and r.stacks == {1: [500], 2: [500]}


def test_six_odd_chips_make_a_chip_and_a_half_raced_as_two_highest_first() -> None:
    """002 Rule 25-A: the highest card wins the first new chip, the next highest the second;
    150 raced in 100s is one chip and a half-chip rounded up (000 rule 6). Stacks are listed
    highest denomination first."""
    r = chip_race(
        {s: [25, 100, 500] for s in range(1, 7)},
        25,
        chips=[25, 100, 500],
        cards=["2c", "3c", "4c", "5c", "6c", "As"],
    )
    assert r.awarded == {5: 1, 6: 1}
    assert r.stacks[6] == [500, 100, 100] and r.stacks[1] == [500, 100]


def test_wfp_the_protected_chip_counts_among_those_raced_and_the_race_goes_on() -> None:
    """000 rule 6: a player left with nothing is given a chip before anyone else is awarded one,
    and it is one of the chips raced: 175 raced is two chips, one to seat 1 (which holds the
    best card but only its odd chip) and the other to the best card among the rest."""
    r = chip_race(
        {1: [25], 2: [25, 500], 3: [25, 25, 500], 4: [25, 25, 25, 500]},
        25,
        chips=[25, 100, 500],
        cards=["Ks", "Qs", "Js", "Ts", "9s", "8s", "As"],
        method="wfp",
        button=1,
    )
    assert r.cards[1] == ("As",) and r.protected == (1,)
    assert r.awarded == {2: 1}
    assert r.stacks == {1: [100], 2: [500, 100], 3: [500], 4: [500]}


@pytest.mark.parametrize("card", ["Xs", "Ash", "A"])
def test_a_race_card_is_a_rank_then_a_suit_and_nothing_else(card: str) -> None:
    with pytest.raises(ChipRaceError, match=rf"^'{card}' is not a card \(rank then suit"):
        chip_race({1: [25, 100], 2: [25, 100]}, 25, chips=[25, 100], cards=[card, "2c"])
