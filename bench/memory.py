"""Memory of `tablectl sim` over a long run without ``--out``: RSS at 100/500/1000/2000 hands.

    python bench/memory.py [--hands 2000] [--seed 1]

Runs the simulator as `tablectl sim --headless --hands N` does (``SimConfig`` without a work
directory, no scenario files), in this process, while a sampling thread reads VmRSS from
/proc/self/status as the count of hands played passes each mark. Target (issue 14): flat after
the first hundred hands (what grows from 100 to N hands is what the run keeps per hand).
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hw_sim.table import SimConfig, TableSim  # noqa: E402


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    marks = [m for m in (100, 500, 1000, 2000, 5000, 10000) if m <= args.hands]
    sim = TableSim(
        SimConfig(hands=args.hands, seed=args.seed, workdir=None, write_scenarios=False), None
    )
    seen: dict[int, int] = {}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            hand = sim.result.hands
            for m in marks:
                if hand >= m and m not in seen:
                    seen[m] = rss_kb()
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    t0 = time.perf_counter()
    result = sim.run()
    done.set()
    sampler.join()
    seen.setdefault(args.hands, rss_kb())
    print(result.line())
    print(f"{'hands':>8}{'RSS MiB':>10}{'vs 100':>10}   ({time.perf_counter() - t0:.0f} s run)")
    base = seen.get(marks[0], 0)
    for m in sorted(seen):
        print(f"{m:8}{seen[m] / 1024:10.1f}{(seen[m] - base) / 1024:+10.1f}")
    if len(seen) > 1:
        last = max(seen)
        per = (seen[last] - base) / max(1, last - marks[0])
        print(f"growth after hand {marks[0]}: {per:.1f} KiB a hand (target: flat, within noise)")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
