"""Deal figures for a final table: ICM (exact fractions) and chip-chop, 2 to 10 players.

    python3 bench/deals.py [--runs 5]

Prints the median time of ``deals.figures`` per method and table size, random stacks up to 5
million chips, nine places paid. The console draws both methods each time the deal page changes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tablectl.tournament.deals import figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(32)
    prizes = [4_100_00, 2_500_00, 1_700_00, 1_200_00, 900_00, 700_00, 500_00, 400_00, 300_00]
    print(f"{'players':>7} {'icm ms':>9} {'chip_chop ms':>13}   (median of {args.runs})")
    for n in range(2, 11):
        row = []
        for method in ("icm", "chip_chop"):
            times = []
            for _ in range(args.runs):
                stacks = [rng.randrange(1, 5_000_000) for _ in range(n)]
                t = time.perf_counter()
                figures(method, stacks, prizes[:n], unit=100)
                times.append(time.perf_counter() - t)
            row.append(statistics.median(times) * 1000)
        print(f"{n:>7} {row[0]:>9.1f} {row[1]:>13.2f}")


if __name__ == "__main__":
    main()
