"""Positions from hand to hand, pots and odd chips, at the level of the pure functions."""

from __future__ import annotations

from tablectl.engine.positions import Positions, first_positions, next_positions
from tablectl.engine.pots import Pot, build_pots, split_pot


def test_first_positions_and_heads_up_start() -> None:
    """002 Rule 35-B: heads-up the button is the small blind."""
    assert first_positions([1, 3, 5], 1) == Positions(1, 3, 3, 5)
    assert first_positions([2, 7], 7) == Positions(7, 7, 7, 2)


def test_dead_button_sequence_after_big_blind_busts() -> None:
    """002 Rule 33: the big blind moves one player on; a dead small blind, then a dead button."""
    prev = Positions(button=1, sb_seat=2, sb=2, bb=3)
    live = [1, 2, 4, 5]  # seat 3, last hand's big blind, is out
    nxt = next_positions(prev, live, "dead", "empty_seat")
    assert nxt == Positions(button=2, sb_seat=3, sb=None, bb=4)
    after = next_positions(nxt, live, "dead", "empty_seat")
    assert after == Positions(button=3, sb_seat=4, sb=4, bb=5)
    assert next_positions(nxt, live, "dead", "stays").button == 2  # 001 "Blinds"


def test_small_blind_busts_button_goes_to_empty_seat() -> None:
    prev = Positions(button=1, sb_seat=2, sb=2, bb=3)
    nxt = next_positions(prev, [1, 3, 4, 5], "dead", "empty_seat")
    assert nxt == Positions(button=2, sb_seat=3, sb=3, bb=4)


def test_moving_button_home_profile() -> None:
    """003 "Moving button": the button always moves forward to the next player."""
    prev = Positions(button=1, sb_seat=2, sb=2, bb=3)
    assert next_positions(prev, [1, 3, 4, 5], "moving", "empty_seat") == Positions(3, 4, 4, 5)


def test_nobody_big_blind_twice_going_heads_up() -> None:
    """002 Rule 35-B, for each of the three players of a three-handed hand busting."""
    prev = Positions(button=1, sb_seat=2, sb=2, bb=3)
    for gone, bb in ((1, 2), (2, 1), (3, 1)):
        live = [s for s in (1, 2, 3) if s != gone]
        nxt = next_positions(prev, live, "dead", "empty_seat")
        assert nxt.bb == bb and nxt.bb != prev.bb
        assert nxt.button == nxt.sb and nxt.button in live and nxt.button != nxt.bb


def test_side_pots_001_example() -> None:
    """001 "Side Pots": BB all-in for 75, two callers of 100, SB folds: 275 and 50."""
    pots = build_pots({1: 100, 2: 50, 3: 75, 4: 100}, {1, 3, 4})
    assert pots == [Pot(275, (1, 3, 4)), Pot(50, (1, 4))]


def test_pots_with_several_all_ins_and_dead_money() -> None:
    pots = build_pots({1: 300, 2: 500, 3: 900, 4: 900, 5: 200}, {1, 2, 3, 4}, dead_money=60)
    assert pots == [Pot(4 * 300 + 200 + 60, (1, 2, 3, 4)), Pot(600, (2, 3, 4)), Pot(800, (3, 4))]
    assert sum(p.amount for p in pots) == 300 + 500 + 900 + 900 + 200 + 60


def test_split_pot_odd_chips_left_of_button() -> None:
    """002 Rule 21: split in the smallest chip; odd chips one each from left of the button."""
    assert split_pot(125, [1, 3], button=1, unit=25) == {3: 75, 1: 50}
    assert split_pot(100, [2, 5, 9], button=4, unit=25) == {5: 50, 9: 25, 2: 25}
    assert split_pot(175, [2, 5, 9], button=4, unit=25) == {5: 75, 9: 50, 2: 50}
    assert split_pot(300, [2, 5, 9], button=4, unit=25) == {5: 100, 9: 100, 2: 100}


def test_split_pot_carry_leaves_the_odd_chips_out() -> None:
    """003 Ties 3 (``odd_chip`` "carry"): the odd chips, and a rest below the smallest chip, go
    to no one; what the shares leave is carried to the next pot. One winner takes it all."""
    assert split_pot(125, [1, 3], button=1, unit=25, carry=True) == {3: 50, 1: 50}
    assert split_pot(175, [2, 5, 9], button=4, unit=25, carry=True) == {5: 50, 9: 50, 2: 50}
    assert split_pot(1130, [3, 5], button=4, unit=100, carry=True) == {5: 500, 3: 500}
    assert split_pot(125, [4], button=1, unit=25, carry=True) == {4: 125}


def test_split_pot_rest_below_the_smallest_chip_goes_to_the_first_winner() -> None:
    """Chips below the smallest chip in play (from odd postings) are no chip to split: the whole
    rest goes with the odd chips to the first winner left of the button (002 Rule 21)."""
    assert split_pot(1050, [3, 5], button=1, unit=100) == {3: 550, 5: 500}
    assert split_pot(1130, [3, 5], button=4, unit=100) == {5: 630, 3: 500}
    assert split_pot(1050, [7], button=1, unit=100) == {7: 1050}  # one winner: all of it
