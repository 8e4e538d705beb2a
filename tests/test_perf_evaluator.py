"""The evaluator's shipped tables are exactly what its builders make (issue 14: precomputed so
that `tablectl` starts fast; a stale table would misjudge showdowns)."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

from tablectl.engine import evaluator
from tablectl.engine.evaluator import CODES, evaluate, evaluate_codes

TABLES = Path(evaluator.__file__).with_name("evaluator_tables.py")


def test_the_shipped_tables_are_the_builders_output() -> None:
    assert TABLES.read_text(encoding="utf-8") == evaluator.tables_source(), (
        "tablectl/engine/evaluator_tables.py is stale: run python3 bench/make_evaluator_tables.py"
    )


def test_the_loaded_tables_are_the_built_ones() -> None:
    assert evaluator._build_rank_table() == evaluator._RANK
    assert evaluator._build_flush_table() == evaluator._FLUSH


def test_the_flush_test_finds_the_suit_of_five_or_more() -> None:
    # Every suit-count vector seven cards can make: the arithmetic names the suit with 5+.
    for counts in product(range(8), repeat=4):
        if sum(counts) > 7:
            continue
        v = sum(c << (evaluator._SUIT_COUNT_SHIFT + 4 * s) for s, c in enumerate(counts))
        flush = ((v >> evaluator._SUIT_COUNT_SHIFT) + 0x3333) & 0x8888
        want = [s for s, c in enumerate(counts) if c >= 5]
        got = [flush.bit_length() // 4 - 1] if flush else []
        assert got == want, counts


def test_flushes_on_every_suit_use_that_suits_cards() -> None:
    rng = random.Random(14)
    for suit in "cdhs":
        for _ in range(200):
            ranks = rng.sample("23456789TJQKA", 5)
            others = [r + s for r in "23456789TJQKA" for s in "cdhs" if s != suit]
            cards = [r + suit for r in ranks] + rng.sample(others, 2)
            assert evaluator.category(evaluate(cards)) in (
                evaluator.FLUSH,
                evaluator.STRAIGHT_FLUSH,
            )
            assert evaluate_codes(CODES[c] for c in cards) == evaluate(cards)
