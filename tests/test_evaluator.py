"""The hand evaluator: cards speak (002 Rule 13), ties split (002 Rule 21).

Checked by hand-picked cases and against pokerkit's StandardHighHand as an independent oracle.
"""

from __future__ import annotations

import itertools
import random

import pytest
from pokerkit import StandardHighHand

from tablectl.engine.evaluator import (
    CODES,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    category,
    describe,
    evaluate,
    evaluate_codes,
)

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def ev(text: str) -> int:
    return evaluate(text.split())


@pytest.mark.parametrize(
    ("hand", "cat", "words"),
    [
        ("As Ks Qs Js Ts 2c 3d", STRAIGHT_FLUSH, "royal flush"),
        ("9h 8h 7h 6h 5h Ah Ad", STRAIGHT_FLUSH, "straight flush, nine high"),
        ("Ac 2c 3c 4c 5c Kd Kh", STRAIGHT_FLUSH, "straight flush, five high"),
        ("9c 9d 9h 9s 2c", QUADS, "four of a kind, nines"),
        ("Kc Kd Kh 4s 4c 2d 2h", FULL_HOUSE, "full house, kings full of fours"),
        ("Ah 3h 5h 7h 9h Kc Kd", FLUSH, "flush, ace high"),
        ("Ac 2d 3h 4s 5c Kd Kh", STRAIGHT, "straight, five high"),
        ("7c 7d 7h Ks 2c 4d 9h", TRIPS, "three of a kind, sevens"),
        ("Ac Ad 7h 7s 5c 5d 2h", TWO_PAIR, "two pair, aces and sevens"),
        ("Jc Jd 2h 3s 5c", PAIR, "pair of jacks"),
        ("Kc Jd 2h 3s 5c", HIGH_CARD, "high card, king"),
    ],
)
def test_categories_and_words(hand: str, cat: int, words: str) -> None:
    value = ev(hand)
    assert category(value) == cat
    assert describe(value) == words


def test_category_ordering() -> None:
    ladder = [
        "Kc Jd 2h 3s 5c 8d 9h",  # high card
        "Kc Kd 2h 3s 5c 8d 9h",  # pair
        "Kc Kd 2h 2s 5c 8d 9h",  # two pair
        "Kc Kd Kh 2s 5c 8d 9h",  # trips
        "6c 7d 8h 9s Tc 2d 2h",  # straight
        "2h 4h 6h 8h Th Kd Ks",  # flush
        "2c 2d 2h Ks Kc 9d 8h",  # full house
        "2c 2d 2h 2s Kc Kd Kh",  # quads
        "2c 3c 4c 5c 6c Kd Kh",  # straight flush
    ]
    values = [ev(h) for h in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [category(v) for v in values] == list(range(9))


def test_wheel_is_the_lowest_straight() -> None:
    wheel = ev("Ac 2d 3h 4s 5c")
    six_high = ev("2d 3h 4s 5c 6d")
    assert category(wheel) == STRAIGHT
    assert wheel < six_high
    # The ace plays high too: broadway beats the six-high straight.
    assert ev("Tc Jd Qh Ks Ac") > six_high
    # No wrap-around: Q-K-A-2-3 is no straight.
    assert category(ev("Qc Kd Ah 2s 3c")) == HIGH_CARD


def test_steel_wheel_and_the_higher_straight_flush() -> None:
    steel = ev("As 2s 3s 4s 5s Kd Qh")
    assert describe(steel) == "straight flush, five high"
    # With the six of the suit as well, the six-high straight flush plays.
    assert describe(ev("As 2s 3s 4s 5s 6s Qh")) == "straight flush, six high"
    assert steel < ev("2h 3h 4h 5h 6h")
    assert steel > ev("Ac Ad Ah As Kc")


def test_kickers_decide_and_only_five_cards_play() -> None:
    board = "Ah Ad 9c 7s 2d"
    assert evaluate([*board.split(), "Kc", "3h"]) > evaluate([*board.split(), "Qc", "Jh"])
    # Fifth card: A-A-K-9-7 against A-A-K-9-7: the sixth and seventh cards do not count.
    assert evaluate([*board.split(), "Kc", "4h"]) == evaluate([*board.split(), "Ks", "3h"])
    # Two pair: the fifth card kicks.
    assert ev("Kc Kd 9h 9s Qc 2d 3h") > ev("Kh Ks 9c 9d Jc 2s 3c")
    # Three pair: the best two pair plus the best remaining card.
    assert ev("Kc Kd 9h 9s 4c 4d 3h") == ev("Kh Ks 9c 9d 4h 3c 2c")
    assert ev("Kc Kd 9h 9s 4c 4d Th") > ev("Kh Ks 9c 9d 8h 8c 2c")


def test_board_plays_ties() -> None:
    board = ["Ts", "Js", "Qd", "Kh", "Ac"]
    assert evaluate([*board, "2c", "3d"]) == evaluate([*board, "4h", "5h"])
    assert describe(evaluate([*board, "2c", "3d"])) == "straight, ace high"


def test_flush_beats_straight_in_seven_cards() -> None:
    # Both a straight (5-9) and a heart flush among the seven: the flush plays.
    value = ev("5h 6h 7c 8h 9d Kh 2h")
    assert category(value) == FLUSH
    assert describe(value) == "flush, king high"
    # Six hearts: the best five of them.
    assert ev("Ah Kh 2h 4h 6h 8h 9c") == ev("Ah Kh 8h 6h 4h 2c 3d")
    assert ev("Ah Kh 2h 4h 6h 8h 9c") < ev("Ah Kh 9h 8h 6h 2c 3d")


def test_full_house_from_two_trips_and_from_trips_and_two_pairs() -> None:
    assert describe(ev("7c 7d 7h 4s 4c 4d Ah")) == "full house, sevens full of fours"
    assert describe(ev("7c 7d 7h 4s 4c Ad Ah")) == "full house, sevens full of aces"
    assert ev("7c 7d 7h 4s 4c Ad Ah") > ev("7c 7d 7h 4s 4c 4d Ah")


def test_quads_kicker() -> None:
    assert ev("9c 9d 9h 9s Ac 2d 2h") > ev("9c 9d 9h 9s Kc Qd Qh")
    assert ev("9c 9d 9h 9s Ac 2d 2h") == ev("9c 9d 9h 9s Ah Kd Kh")


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        evaluate(["As", "Ks", "Qs", "Js", "1s"])
    with pytest.raises(ValueError, match="not a card"):
        evaluate(["As", "Ks", "Qs", "Js", None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="5 to 7"):
        evaluate(["As", "Ks", "Qs", "Js"])
    with pytest.raises(ValueError, match="5 to 7"):
        evaluate(DECK[:8])
    with pytest.raises(ValueError, match="repeated"):
        evaluate(["As", "As", "Qs", "Js", "Ts"])
    with pytest.raises(ValueError, match="not a hand value"):
        describe(-1)
    with pytest.raises(ValueError, match="not a hand value"):
        describe(9 << 20)


def test_codes_fast_path_matches_text() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        cards = rng.sample(DECK, rng.randint(5, 7))
        assert evaluate_codes(CODES[c] for c in cards) == evaluate(cards)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def test_against_pokerkit_on_random_showdowns() -> None:
    """20,000 random boards with two hole pairs: same winner (or tie) as pokerkit."""
    rng = random.Random(20251121)
    for i in range(20_000):
        cards = rng.sample(DECK, 9)
        board, a, b = cards[:5], cards[5:7], cards[7:]
        ours = _sign(evaluate(a + board) - evaluate(b + board))
        theirs_a = StandardHighHand.from_game("".join(a), "".join(board))
        theirs_b = StandardHighHand.from_game("".join(b), "".join(board))
        theirs = _sign((theirs_a > theirs_b) - (theirs_a < theirs_b))
        assert ours == theirs, f"hand {i}: {board} {a} vs {b}: ours {ours}, pokerkit {theirs}"


def test_against_pokerkit_on_flush_and_straight_rich_hands() -> None:
    """Boards from few suits and a narrow rank window make flushes, straights and boats common."""
    rng = random.Random(99)
    small = [r + s for r in "9TJQKA" for s in "hs"] + [r + s for r in "2345" for s in "cd"]
    for _ in range(3000):
        cards = rng.sample(small, 9)
        board, a, b = cards[:5], cards[5:7], cards[7:]
        ours = _sign(evaluate(a + board) - evaluate(b + board))
        pa = StandardHighHand.from_game("".join(a), "".join(board))
        pb = StandardHighHand.from_game("".join(b), "".join(board))
        assert ours == _sign((pa > pb) - (pa < pb)), (board, a, b)


def _five_card_values() -> set[int]:
    codes = [CODES[c] for c in DECK]
    return {evaluate_codes(hand) for hand in itertools.combinations(codes, 5)}


def test_all_five_card_hands_give_7462_values() -> None:
    """All 2,598,960 five-card hands: exactly 7,462 distinct values (the equivalence classes).

    Runs in a few seconds (one table lookup a hand), so it is not marked slow."""
    assert len(_five_card_values()) == 7462


def test_distinct_rank_five_card_hands_split_into_known_classes() -> None:
    """The 1,287 sets of five distinct ranks: 10 straights and 1,277 high-card hands, unsuited
    and suited alike (flushes and straight flushes), each a distinct value."""
    counts: dict[int, set[int]] = {}
    for ranks in itertools.combinations("23456789TJQKA", 5):
        for suits in ("ccccc", "cdhsc"):
            v = evaluate([r + s for r, s in zip(ranks, suits, strict=True)])
            counts.setdefault(category(v), set()).add(v)
    assert {cat: len(vals) for cat, vals in counts.items()} == {
        HIGH_CARD: 1277,
        STRAIGHT: 10,
        FLUSH: 1277,
        STRAIGHT_FLUSH: 10,
    }
