"""Seven-card evaluations per second: tablectl.engine.evaluator against pokerkit, same random hands.

    python bench/evaluator.py [--hands N] [--seed S]

Prints one line per evaluator. pokerkit is timed on the same hands, given as it is used at a
showdown (hole cards and board as strings, ``StandardHighHand.from_game``).
"""

from __future__ import annotations

import argparse
import random
import time

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _rate(n: int, seconds: float) -> str:
    return f"{n / seconds:>12,.0f} evals/s  ({seconds * 1e6 / n:6.2f} us each)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="7-card hands for ours")
    parser.add_argument(
        "--pokerkit-hands",
        type=int,
        default=20_000,
        help="7-card hands for pokerkit (it is slow; a subset of the same hands)",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    from tablectl.engine.evaluator import CODES, evaluate, evaluate_codes

    import_s = time.perf_counter() - t0

    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    code_hands = [[CODES[c] for c in h] for h in hands]

    t0 = time.perf_counter()
    ours = [evaluate(h) for h in hands]
    ours_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    for h in code_hands:
        evaluate_codes(h)
    codes_s = time.perf_counter() - t0

    from pokerkit import StandardHighHand

    subset = hands[: args.pokerkit_hands]
    pk_inputs = [("".join(h[:2]), "".join(h[2:])) for h in subset]
    t0 = time.perf_counter()
    theirs = [StandardHighHand.from_game(hole, board) for hole, board in pk_inputs]
    pk_s = time.perf_counter() - t0

    # Sanity: the orderings agree on consecutive pairs of the subset.
    disagree = sum(
        (ours[i] > ours[i + 1]) != (theirs[i] > theirs[i + 1])
        or (ours[i] == ours[i + 1]) != (theirs[i] == theirs[i + 1])
        for i in range(len(subset) - 1)
    )

    print(f"tablectl.engine.evaluator import (tables built): {import_s * 1000:.0f} ms")
    print(f"tablectl evaluate(str)     {len(hands):>8,} hands {_rate(len(hands), ours_s)}")
    print(f"tablectl evaluate_codes    {len(hands):>8,} hands {_rate(len(hands), codes_s)}")
    print(f"pokerkit StandardHighHand  {len(subset):>8,} hands {_rate(len(subset), pk_s)}")
    ratio = (len(hands) / ours_s) / (len(subset) / pk_s)
    print(f"speed-up (str API vs pokerkit): {ratio:,.0f}x; ordering disagreements: {disagree}")
    return 1 if disagree else 0


if __name__ == "__main__":
    raise SystemExit(main())
