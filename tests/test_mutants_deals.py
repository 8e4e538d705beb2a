"""Deal figures the mutation run of tablectl/tournament/deals.py found untested (issue 34),
each written from the module's stated rules (its docstring: money in whole cents, figures
rounded down to the unit, the units left to the largest remainders, a part of a unit to the
biggest stack, nobody paid less than nothing) through its public functions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablectl.tournament.deals import DealError, cents, chip_chop, figures, icm, round_to_unit


def test_amounts_in_dollars_are_kept_to_the_nearest_cent() -> None:
    # 0.29 is 28.999... cents in binary: the nearest cent, not the floor
    assert cents(0.29) == 29
    assert cents(1234.56) == 123_456
    assert cents(7) == 700


def test_a_part_of_a_unit_goes_to_the_first_of_two_equal_biggest_stacks() -> None:
    # $100.50 in $5 units between equal stacks: 50 cents over, to the first in the order given
    assert round_to_unit([Fraction(10050, 2)] * 2, [2, 2], 10_050, 500) == (5050, 5000)


def test_a_unit_given_back_never_leaves_a_player_below_nothing() -> None:
    # figures held a hair high floor above the total; the last in line holds nothing, so the
    # one before it gives the cent back
    assert round_to_unit([Fraction(100), Fraction(100), Fraction(0)], [1, 1, 1], 199, 1) == (
        100,
        99,
        0,
    )


def test_the_refusals_say_why_in_money() -> None:
    with pytest.raises(DealError, match=r"^a prize is never negative$"):
        figures("icm", [1, 2], [100, -1])
    with pytest.raises(
        DealError,
        match=r"^the amount played for comes off 1st prize: 0 to 2\.00 \(1st less 2nd\), "
        r"not 2\.01$",
    ):
        figures("icm", [1, 2], [500, 300], held_back=201)
    with pytest.raises(DealError, match=r"^the smallest unit of money must be at least 1 cent$"):
        round_to_unit([Fraction(1)], [1], 1, 0)
    with pytest.raises(
        DealError, match=r"^no deal method 'xxxxxxxxxxxxxxxxxxx \(one of icm, chip_chop\)$"
    ):
        figures("x" * 30, [1, 2], [1])


def test_nothing_due_is_nothing_paid_and_the_cent_goes_to_a_largest_remainder() -> None:
    # each figure down to a multiple of the unit: nothing due rounds to nothing, and the one
    # cent left goes to the largest remainder (a tie of halves: the bigger stack)
    exact = [Fraction(0), Fraction(201, 2), Fraction(199, 2)]
    assert round_to_unit(exact, [1, 2, 1], 200, 1) == (0, 101, 99)


def test_the_last_in_line_gives_back_its_only_unit() -> None:
    # equal remainders: the smaller stack is last in line and gives the cent back, even its
    # only one
    assert round_to_unit([Fraction(199), Fraction(1)], [2, 1], 199, 1) == (199, 0)


def test_a_part_of_a_unit_goes_to_the_biggest_stack_wherever_it_sits() -> None:
    assert round_to_unit([Fraction(10050, 2)] * 2, [2, 1], 10_050, 500) == (5050, 5000)


def test_no_prize_left_is_no_equity() -> None:
    assert icm([10, 20], []) == (0, 0)
    assert icm([10, 20], [0, 0]) == (0, 0)


def test_chip_chop_with_fewer_places_than_players_pays_nothing_below() -> None:
    # one place of $1 between two: the last place left pays nothing, so all of it by chips
    assert chip_chop([10, 30], [100]) == (25, 75)


def test_a_final_table_of_ten_and_a_stack_of_one_chip_can_deal() -> None:
    """002 Rule 12: a final table is nine-handed plus one, so ten players may deal; a player
    holding a single chip is still in (a whole number above 0)."""
    ten = figures("chip_chop", [1] + [1000] * 9, [10_000] * 10)
    assert ten.shares == (10_000,) * 10
    assert sum(figures("icm", [1, 999], [1000]).shares) == 1000


def test_a_stack_that_is_not_a_whole_number_of_chips_is_refused() -> None:
    with pytest.raises(
        DealError, match=r"^every player in a deal holds chips \(a whole number above 0\)$"
    ):
        figures("icm", [2.5, 10], [1000])  # type: ignore[list-item]
    with pytest.raises(DealError, match="holds chips"):
        figures("icm", [True, 10], [1000])


def test_the_whole_gap_between_first_and_second_may_be_played_for() -> None:
    f = figures("icm", [5000, 3000, 2000], [500_000, 300_000, 200_000], held_back=200_000)
    assert f.prizes == (300_000, 300_000, 200_000) and f.held_back == 200_000


def test_the_figures_name_their_method_and_unit() -> None:
    f = figures("chip_chop", [5000, 3000, 2000], [700_000, 300_000], unit=100)
    assert (f.method, f.unit) == ("chip_chop", 100)
    assert all(s % 100 == 0 for s in f.shares)
