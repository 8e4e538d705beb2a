"""The pokerkit oracle harness itself (tests/oracle.py), checked with pokerkit alone.

Odd chips (002 Rule 21, 000 rule 15), seat mapping with empty seats, short blind posting order,
determinism of generated hands for a seed, chip conservation, and the event translation.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from oracle import (
    CONSTRUCTED,
    OracleError,
    make_change,
    make_script,
    new_state,
    play,
    pokerkit_final_stacks,
    random_hand,
    script_to_events,
)

from tablectl.engine.events import event_from_obj

CHIPS = [25, 100, 500, 1000, 5000]


def test_seat_order_wraps_from_the_button_over_empty_seats() -> None:
    s = make_script({2: 1000, 5: 1000, 8: 1000, 10: 1000}, 5, {}, "", [], [])
    assert s.order == [8, 10, 2, 5]  # small blind first, the button last
    assert (s.sb_seat, s.bb_seat) == (8, 10)
    s = make_script({1: 1000, 4: 1000, 9: 1000}, 9, {}, "", [], [])
    assert s.order == [1, 4, 9]


def test_two_way_tie_odd_chip_goes_to_first_winner_left_of_button() -> None:
    """Seats 2, 5, 8, 10 with the button on 5: seat 8 posts the small blind (25) and folds; 10, 2
    and 5 put in 50. Seats 10 and 2 tie with A-K-Q-J-9 and split 175 = 7 chips of 25: the odd
    chip goes to seat 10, the first winner left of the button (002 Rule 21), not to seat 2."""
    result = play(CONSTRUCTED["two_way_tie"]())
    assert result.stacks == {8: 975, 10: 1050, 2: 1025, 5: 950}
    assert result.odd_chip_corrections == 0  # pokerkit agrees on a two-way split


def test_three_way_tie_gives_odd_chips_one_each_in_seat_order() -> None:
    """Four players ante 25 (blinds 25-50), the small blind folds, three tie on a royal flush
    board. The pot is 100 antes + 25 + 3 x 50 = 275 = 11 chips of 25: 3 each and 2 odd chips.
    Rule 21 / 000 rule 15: one odd chip each to seats 2 and 3 (the first winners left of the
    button). pokerkit alone would give both to seat 2; the harness re-splits that pot."""
    result = play(CONSTRUCTED["three_way_tie"]())
    assert result.stacks == {1: 950, 2: 1025, 3: 1025, 4: 1000}
    assert result.odd_chip_corrections == 1
    # The raw pokerkit push (before the re-split) gave both odd chips to seat 2 (player 1).
    contested = [op for op in result.pushes if op.board_index is not None]
    assert [op.amounts for op in contested] == [(0, 125, 75, 75)]


def test_main_and_side_pot_are_split_separately() -> None:
    """Each pot is split separately (002 Rule 22), each with its own odd chip (Rule 21).

    Blinds 25-50, seats 1-5, button 5. Seat 3 is all-in for 75 and loses; the small blind folds.
    Main pot 4 x 75 + 25 = 325 = 13 chips of 25; the side pot (flop 3 x 75, turn 2 x 50 after
    seat 5 folds) is also 325. Seats 2 and 4 tie: 7 and 6 chips of each pot, seat 2 (first left
    of the button) taking both odd chips. pokerkit, killing seat 3's hand first, would merge the
    pots and split 650 evenly; the harness splits the pots as they stood.
    """
    result = play(CONSTRUCTED["side_pots_split_separately"]())
    assert result.stacks == {1: 975, 2: 1000 - 200 + 350, 3: 0, 4: 1000 - 200 + 300, 5: 850}
    assert result.odd_chip_corrections == 1
    assert [op.amounts for op in result.pushes] == [(0, 325, 0, 325, 0)]  # pokerkit's merged pot


def test_short_big_blind_ante_hand_blind_first() -> None:
    """The big blind (150 chips, aces) posts 100 blind then a 50 ante and wins a 300 main pot:
    ante 50 + blinds 100 + 50 + the button's call of 100."""
    s = CONSTRUCTED["short_big_blind_ante_blind_first"]()
    assert s.posted()[2] == (100, 50)
    assert play(s).stacks == {1: 950, 2: 300, 3: 900}


def test_blind_first_posting_for_a_short_big_blind_with_big_blind_ante() -> None:
    """Blinds 50-100 with a 100 big blind ante; the big blind has 150. tda-2025 posts the blind
    first (100) and antes the 50 left; pokerkit by itself antes first (100) and posts a 50 blind."""
    s = make_script(
        {1: 1000, 2: 150, 3: 1000},
        3,
        {1: "2c 3c", 2: "Ah Ad", 3: "7s 8d"},
        "",
        [],
        [],
        blinds=(50, 100),
        ante=100,
        bb_ante=True,
    )
    assert s.posted() == {1: (50, 0), 2: (100, 50), 3: (0, 0)}
    state = new_state(s)
    for seat in s.order:
        state.deal_hole("".join(s.hole[seat]))
    assert list(state.bets) == [50, 100, 0]
    assert list(state.stacks) == [950, 0, 1000]

    s.blind_first = False
    assert s.posted() == {1: (50, 0), 2: (50, 100), 3: (0, 0)}
    state = new_state(s)
    for seat in s.order:
        state.deal_hole("".join(s.hole[seat]))
    assert list(state.bets) == [50, 50, 0]
    assert list(state.stacks) == [950, 0, 1000]


def test_per_player_antes_are_posted_before_the_blinds() -> None:
    """Per-player ante 25: a small blind with 40 chips antes 25 first and posts a 15 blind, in
    either posting option (blind-first applies to a big blind ante only)."""
    for blind_first in (True, False):
        s = CONSTRUCTED["short_small_blind_with_antes"]()
        s.blind_first = blind_first
        assert s.posted() == {1: (15, 25), 2: (50, 25), 3: (0, 25)}
        result = play(s)
        # Seat 1 is all-in for 40: main pot 3 x 40 = 120, side pot 2 x 35 = 70; aces win both.
        assert result.stacks == {1: 0, 2: 1000 - 75 + 190, 3: 1000 - 75}


def test_a_wrong_script_is_a_clear_oracle_error() -> None:
    s = make_script(
        {1: 1000, 2: 1000, 3: 1000},
        3,
        {1: "2c 3c", 2: "Ah Ad", 3: "7s 8d"},
        "Kc Qd 9h 5s 4c",
        [(1, "call", 50)],
        [],
    )
    with pytest.raises(OracleError, match="seat 3 is to act"):
        play(s)
    s.actions = [(3, "raise", 60)]  # below the minimum raise to 100
    with pytest.raises(OracleError, match="action 0"):
        play(s)
    s.actions = [(3, "call", 60)]  # a call to the wrong amount
    with pytest.raises(OracleError, match="makes the bet 50"):
        play(s)
    s.actions = [(3, "fold", 0)]
    with pytest.raises(OracleError, match="script ends"):
        play(s)


def test_generated_hands_are_deterministic_for_a_seed() -> None:
    for seed in (1, 2, 3, 1234, 99999):
        a = random_hand(random.Random(seed))
        b = random_hand(random.Random(seed))
        assert a.to_obj() == b.to_obj()
        assert pokerkit_final_stacks(a) == pokerkit_final_stacks(b)
    assert random_hand(random.Random(1)).to_obj() != random_hand(random.Random(2)).to_obj()


def test_generated_hands_replay_and_conserve_chips() -> None:
    """300 generated hands replay in pokerkit, conserve chips and never go negative; they cover
    the cases the oracle exists for (short stacks, all three ante modes, all-ins, splits)."""
    seen: Counter[str] = Counter()
    for seed in range(300):
        s = random_hand(random.Random(seed))
        stacks = pokerkit_final_stacks(s)
        assert sum(stacks.values()) == sum(s.stacks.values()), seed
        assert min(stacks.values()) >= 0
        assert all(v % s.unit == 0 for v in stacks.values())
        assert 2 <= len(s.seats) <= 10 and s.button in s.seats
        cards = [c for h in s.hole.values() for c in h] + s.board + s.burns
        assert len(set(cards)) == len(cards) == 2 * len(s.seats) + 8
        seen["bb_ante" if s.bb_ante else "ante" if s.ante else "no_ante"] += 1
        seen["short_stack"] += any(v < s.blinds[1] for v in s.stacks.values())
        seen["short_bb_ante"] += s.posted()[s.bb_seat][1] < s.ante
        seen["all_in"] += any(a == "all-in" for _, a, _ in s.actions)
        seen["preflop_end"] += not s.board_after
        seen["river"] += len(s.board_after) == 3
        seen["busted"] += any(v == 0 for v in stacks.values())
    for key in ("bb_ante", "ante", "no_ante"):
        assert 60 <= seen[key] <= 140, seen
    for key in ("short_stack", "short_bb_ante", "all_in", "preflop_end", "river", "busted"):
        assert seen[key] >= 5, seen


def test_events_are_valid_and_push_exactly_the_chips_added() -> None:
    for seed in range(50):
        s = random_hand(random.Random(seed))
        objs = script_to_events(s)
        events = [event_from_obj(o) for o in objs]
        assert events[0].kind == "setup" and events[1].kind == "deal"
        assert events[-1].kind == "press" and events[-1].body == "award"
        assert [e.kind for e in events].count("board") == len(s.board_after)
        burns = [o["board"] and o["burn"] for o in objs if "board" in o]
        assert burns == s.burns[: len(burns)]
        # Every chip pushed: blinds + pushes = what each seat put in before any return.
        pushed = Counter[int]()
        for o in objs:
            if "push" in o:
                chips = o["push"]["chips"]
                assert all(c in s.chips for c in chips)
                pushed[o["push"]["seat"]] += sum(chips)
        street_max: dict[int, int] = {}
        put_in = {seat: blind for seat, (blind, _) in s.posted().items()}
        street = 0
        for n, (seat, action, to) in enumerate(s.actions):
            while street < len(s.board_after) and s.board_after[street] == n:
                street += 1
                street_max = {}
            if action != "fold":
                prior = street_max.get(seat, s.posted()[seat][0] if street == 0 else 0)
                put_in[seat] += to - prior
                street_max[seat] = to
        for seat in s.seats:
            assert pushed[seat] + s.posted()[seat][0] == put_in[seat], (seed, seat)


def test_make_change_is_greedy_and_exact() -> None:
    assert make_change(1650, CHIPS) == [1000, 500, 100, 25, 25]
    assert make_change(0, CHIPS) == []
    with pytest.raises(ValueError, match="cannot be made"):
        make_change(30, CHIPS)
