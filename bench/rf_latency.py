"""Where the time goes between a motion and its ruling on real RFID reads (issue 27).

    python bench/rf_latency.py [--hands 40] [--seed 1] [--level realistic+shared]

Plays ``--hands`` hands of `tablectl sim --rf LEVEL --tracker` (the whole pipeline, as
bench/rf.py) and prints, per kind of motion (a deal, a push, a fold, ...), how many motions the
score timed, the median, 90th percentile and largest latency from the motion's last physical
change to the ruling (docs/rf.md, ``latency_p99_ms``), the reader's cycle as the table lay
(``RfTable.cycle_s``: one shared reader's whole cycle, or the slowest antenna's round) and the
median latency in cycles; then the p50 and p99 over every motion. docs/rf.md explains the
figures (docs/protocol.md gives the rules they come from).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from rf import sim_config

from hw_sim.table import SimConfig, TableSim


class TimedSim(TableSim):
    """The simulator, noting each timed motion's kind, latency and the reader's cycle."""

    def __init__(self, cfg: SimConfig) -> None:
        super().__init__(cfg)
        self.by_kind: dict[str, list[tuple[float, float]]] = defaultdict(list)

    def _settle(self, truth: list[dict[str, Any]], engine: bool = True) -> list[Any]:
        score = self.result.score
        n = len(score.latencies) if score is not None else 0
        out = super()._settle(truth, engine)
        if score is not None and self.rf is not None and len(score.latencies) > n:
            self.by_kind[self._kind].append((score.latencies[-1], self.rf.cycle_s()))
        return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="realistic+shared", help="LEVEL or LEVEL+shared")
    args = ap.parse_args()
    sim = TimedSim(sim_config(args.level, args.hands, args.seed))
    sim.run()
    print(f"{args.level}, {args.hands} hands, seed {args.seed}")
    print("| motion | timed | median ms | p90 ms | max ms | cycle ms | median in cycles |")
    print("|---|---|---|---|---|---|---|")
    every: list[float] = []
    for kind, got in sorted(sim.by_kind.items()):
        lats = sorted(lat for lat, _ in got)
        every += lats
        cycle = statistics.mean(c for _, c in got)
        print(
            f"| {kind} | {len(lats)} | {1000 * statistics.median(lats):.0f} | "
            f"{1000 * lats[int(0.9 * (len(lats) - 1))]:.0f} | {1000 * lats[-1]:.0f} | "
            f"{1000 * cycle:.0f} | {statistics.median(lat / c for lat, c in got):.1f} |"
        )
    every.sort()
    if every:
        p99 = every[min(len(every) - 1, -(-99 * len(every) // 100) - 1)]
        print(
            f"\n{len(every)} motions: p50 {1000 * every[len(every) // 2]:.0f} ms, "
            f"p99 {1000 * p99:.0f} ms"
        )


if __name__ == "__main__":
    main()
