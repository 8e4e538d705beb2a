"""Full hands per second through the rules engine vs pokerkit on the same hands, and peak memory.

    python bench/engine.py [--hands 2000] [--seed 1]

The hands are tests/oracle.py's random tournament hands (3-9 players, short stacks, antes and big
blind antes, folds/calls/raises/all-ins, showdowns). Both sides play every hand from its start:
ours folds the table's event stream (setup, deal, declarations and chip pushes, board cards,
award) through :class:`tablectl.engine.Table`; pokerkit plays the same actions through its
``State``. Events are parsed beforehand for both, so each side's figure is the engine alone.
Target (issue 2): at least 10x pokerkit's hands/s.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from oracle import play, random_hand, script_to_events

from tablectl.engine.events import event_from_obj
from tablectl.engine.table import Table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    scripts = [random_hand(rng) for _ in range(args.hands)]
    streams = []
    for script in scripts:
        objs = script_to_events(script)
        streams.append((event_from_obj(objs[0]).body, [event_from_obj(o) for o in objs[1:]]))
    events = sum(len(evs) for _, evs in streams)

    def run_ours() -> list[dict[int, int]]:
        results = []
        for setup, evs in streams:
            table = Table(setup)
            for ev in evs:
                table.apply(ev)
            results.append(table.stacks())
        return results

    def run_pokerkit() -> list[dict[int, int]]:
        return [play(script).stacks for script in scripts]

    gc.collect()
    t0 = time.perf_counter()
    ours = run_ours()
    t_ours = time.perf_counter() - t0
    gc.collect()
    t0 = time.perf_counter()
    theirs = run_pokerkit()
    t_pk = time.perf_counter() - t0
    diverged = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)

    tracemalloc.start()
    for setup, evs in streams[:200]:
        table = Table(setup)
        for ev in evs:
            table.apply(ev)
    _, peak_ours = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    for script in scripts[:200]:
        play(script)
    _, peak_pk = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    n = len(scripts)
    print(f"hands: {n} (seed {args.seed}), events through the engine: {events}")
    print(f"{'':12}{'hands/s':>12}{'µs/hand':>12}")
    print(f"{'tablectl':12}{n / t_ours:12,.0f}{t_ours / n * 1e6:12,.0f}")
    print(f"{'pokerkit':12}{n / t_pk:12,.0f}{t_pk / n * 1e6:12,.0f}")
    print(f"speed-up: {t_pk / t_ours:.1f}x (target >= 10x)")
    print(f"events/s through the engine: {events / t_ours:,.0f}")
    print(
        f"peak traced memory over the same 200 hands, one at a time: tablectl "
        f"{peak_ours / 1024:,.0f} KiB, pokerkit {peak_pk / 1024:,.0f} KiB"
    )
    print(f"final stacks differing: {diverged}")
    return 1 if diverged else 0


if __name__ == "__main__":
    sys.exit(main())
