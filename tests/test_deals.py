"""Deal figures (tablectl/tournament/deals.py) against published worked examples, recomputed here.

- ICM: the three-player example of Wikipedia's "Independent Chip Model" (Malmuth-Harville):
  stacks 50%, 30%, 20% of the chips, 1st pays 70, 2nd 30. Published (rounded): A ~45, B ~32,
  C ~22. By hand: A = 70(.5) + 30(.3 x .5/.7 + .2 x .5/.8) = 35 + 10.1786 = 45.1786; B = 70(.3)
  + 30(.5 x .3/.5 + .2 x .3/.8) = 21 + 11.25 = 32.25; C = 70(.2) + 30(.5 x .2/.5 + .3 x .2/.7)
  = 14 + 8.5714 = 22.5714; they sum to 100.
- Chip-chop: BetMGM's "How are the chip count payout amounts calculated?" (poker help, deal
  making): $570 left, five players, the next out paid $57, stacks 15,000 12,000 10,000 6,000 500
  of 43,500. Published: 155.28, 135.63, 122.52, 96.32, 60.28, which sum to 570.03: each rounded
  on its own. Exactly: 57 + 285 x c/43,500 = 155.2759, 135.6207, 122.5172, 96.3103, 60.2759.
  Rounded here to the cent by largest remainder: 155.28, 135.62, 122.52, 96.31, 60.27 = 570.00
  (each within a cent of the published figure, and the money conserved).
- Every ICM figure is also checked against a brute force over every finishing order (the product
  of Harville's conditional probabilities, in exact fractions), written independently of the
  module's subset sum (double precision, held to a millionth of a cent).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablectl.tournament.deals import DealError, chip_chop, figures, icm, round_to_unit


def brute_icm(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Harville by enumeration: every finishing order, its chance the product of each player's
    share of the chips not yet placed above them."""
    n = len(stacks)
    paid = prizes + [0] * (n - len(prizes))
    out = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        chance, left = Fraction(1), sum(stacks)
        for i in order:
            chance *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            out[i] += chance * paid[place]
    return out


MILLIONTH = Fraction(1, 10**6)


def close(a: tuple[Fraction, ...], b: list[Fraction]) -> bool:
    return all(abs(x - y) <= MILLIONTH for x, y in zip(a, b, strict=True))


def test_icm_the_wikipedia_three_player_example() -> None:
    eq = icm([50, 30, 20], [70, 30])
    assert [round(float(x), 4) for x in eq] == [45.1786, 32.25, 22.5714]
    assert [round(float(x)) for x in eq] == [45, 32, 23]  # published 45, 32, 22: truncated
    assert sum(eq) == 100
    assert eq[1] == Fraction(129, 4)  # 32.25 exactly


def test_icm_a_dollar_deal_from_the_same_example_rounds_to_the_unit_and_sums() -> None:
    # the same shares as 5,000 / 3,000 / 2,000 chips, $7,000 and $3,000 left, to the dollar
    f = figures("icm", [5000, 3000, 2000], [700_000, 300_000], unit=100)
    assert f.shares == (451_800, 322_500, 225_700)  # $4,517.86 $3,225 $2,257.14
    assert sum(f.shares) == 1_000_000


def test_chip_chop_the_betmgm_example_conserves_the_money() -> None:
    stacks = [15000, 12000, 10000, 6000, 500]
    # $570 left over five places with the next out paid $57: any prizes summing to 570 with 5th
    # place 57 give the same chop
    prizes = [20_000, 14_000, 10_000, 7_300, 5_700]
    assert sum(prizes) == 57_000
    f = figures("chip_chop", stacks, prizes)
    assert [round(float(x) / 100, 4) for x in f.exact] == [
        155.2759,
        135.6207,
        122.5172,
        96.3103,
        60.2759,
    ]
    assert f.shares == (15_528, 13_562, 12_252, 9_631, 6_027)
    published = (15_528, 13_563, 12_252, 9_632, 6_028)
    assert all(abs(a - b) <= 1 for a, b in zip(f.shares, published, strict=True))
    assert sum(f.shares) == 57_000 and sum(published) == 57_003


def test_icm_equals_the_brute_force_on_a_final_table_of_six() -> None:
    stacks = [412_000, 96_500, 1_250_000, 33_000, 640_000, 218_500]
    prizes = [4_100_00, 2_500_00, 1_700_00, 1_200_00, 900_00, 700_00]
    assert close(icm(stacks, prizes), brute_icm(stacks, prizes))


@settings(deadline=None)  # the brute force over 720 orders in fractions, on a shared machine
@given(
    st.lists(st.integers(1, 10**6), min_size=2, max_size=6),
    st.lists(st.integers(0, 10**6), min_size=1, max_size=6),
)
def test_icm_is_harville_and_pays_out_every_prize(stacks: list[int], prizes: list[int]) -> None:
    prizes = sorted(prizes, reverse=True)[: len(stacks)]
    eq = icm(stacks, prizes)
    assert close(eq, brute_icm(stacks, prizes))
    assert abs(sum(eq) - sum(prizes)) <= len(stacks) * MILLIONTH


@given(
    st.sampled_from(["icm", "chip_chop"]),
    st.lists(st.integers(1, 5 * 10**6), min_size=2, max_size=10),
    st.lists(st.integers(0, 10**7), min_size=2, max_size=10),
    st.sampled_from([1, 100, 500, 2500]),
    st.integers(0, 100),
)
def test_a_deal_sums_to_the_prizes_left_to_the_cent(
    method: str, stacks: list[int], prizes: list[int], unit: int, hold: int
) -> None:
    prizes = sorted(prizes, reverse=True)[: len(stacks)]
    gap = prizes[0] - (prizes[1] if len(prizes) > 1 else 0)
    held = gap * hold // 100
    f = figures(method, stacks, prizes, held_back=held, unit=unit)
    assert sum(f.shares) == sum(prizes) - held
    # each within one unit of its exact figure (plus the odd part below a unit to the leader)
    odd = (sum(prizes) - held) % unit
    for share, x in zip(f.shares, f.exact, strict=True):
        assert abs(share - x) < unit + odd


def test_the_amount_played_for_comes_off_first_prize() -> None:
    f = figures("icm", [5000, 3000, 2000], [500_000, 300_000, 200_000], held_back=100_000)
    assert f.prizes == (400_000, 300_000, 200_000)
    assert sum(f.shares) == 900_000
    with pytest.raises(DealError, match="1st less 2nd"):
        figures("icm", [5000, 3000, 2000], [500_000, 300_000, 200_000], held_back=200_001)


def test_rounding_ties_go_to_the_bigger_stack_and_a_part_of_a_unit_to_the_leader() -> None:
    # three equal thirds of $100 in dollars: 33 each, the last dollar to the bigger stack
    exact = [Fraction(10000, 3)] * 3
    assert round_to_unit(exact, [10, 30, 20], 10_000, 100) == (3300, 3400, 3300)
    # $100.50 in $5 units: 20 units of $5 and 50 cents over, to the chip leader
    assert sum(round_to_unit([Fraction(10050, 2)] * 2, [1, 2], 10_050, 500)) == 10_050
    assert round_to_unit([Fraction(10050, 2)] * 2, [1, 2], 10_050, 500) == (5000, 5050)


def test_figures_a_millionth_of_a_cent_over_give_the_unit_back() -> None:
    # two figures held a hair high that floor to more than the total: the last in line gives
    # the cent back, and the deal still sums
    assert round_to_unit([Fraction(100), Fraction(100)], [1, 1], 199, 1) == (100, 99)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("icm", [100], [1000]), "between 2 and 10"),
        (("icm", [100, 0], [1000]), "holds chips"),
        (("split", [100, 200], [1000]), "no deal method"),
        (("chip_chop", [100] * 11, [1000]), "between 2 and 10"),
    ],
)
def test_figures_that_cannot_be_made_are_refused_with_the_reason(args: tuple, error: str) -> None:
    with pytest.raises(DealError, match=error):
        figures(*args)


def test_chip_chop_gives_everyone_the_last_prize_first() -> None:
    # 20,000 / 30,000 / 10,000 chips for 500 / 300 / 200: 200 each, then 400 by chips
    eq = chip_chop([20000, 30000, 10000], [500, 300, 200])
    assert eq == (Fraction(1000, 3), Fraction(400), Fraction(800, 3))
