"""Replay speed against pokerkit on the same hands: end to end (`tablectl replay`, reading and
parsing included), the engine alone, and pokerkit with and without its hand evaluation.

    python bench/replay.py [--hands 2000] [--seed 1] [--runs 2] [--cpu] [--profile]

The hands are tests/oracle.py's random tournament hands. End to end: each hand is a scenario
file (its setup line, then its events) and the `tablectl replay` command runs over all of them in
this process (output discarded), so start-up is left out (bench/startup.py times that). Engine
alone: the same events parsed beforehand and folded through :class:`tablectl.engine.Table`.
pokerkit plays the same actions through its ``State`` (tests/oracle.py ``play``); "betting
only" runs it again with ``StandardHighHand.from_game`` memoised and warmed on these very hands,
so each showdown's evaluation is one dict look-up and what is left is pokerkit's betting logic.
Targets (issue 14): end to end >= 20x pokerkit, engine alone >= 30x. ``--cpu`` times each run
by this thread's CPU time instead of the wall clock: on a machine shared with other work the
wall clock counts their time slices too (the figures then swing between runs), CPU time does not.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import pstats
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from oracle import play, random_hand, script_to_events  # noqa: E402

from tablectl.cli import replay as replay_cmd  # noqa: E402
from tablectl.engine.events import event_from_obj  # noqa: E402
from tablectl.engine.table import Table  # noqa: E402

CLOCK = time.perf_counter  # time.thread_time with --cpu


def best_of(runs: int, fn):  # type: ignore[no-untyped-def]
    best = float("inf")
    result = None
    for _ in range(runs):
        gc.collect()
        t0 = CLOCK()
        result = fn()
        best = min(best, CLOCK() - t0)
    return best, result


def memoise_pokerkit_evaluation() -> None:
    from pokerkit import StandardHighHand

    original = StandardHighHand.from_game.__func__  # type: ignore[attr-defined]
    cache: dict[tuple[tuple[object, ...], tuple[object, ...]], object] = {}

    def from_game(cls, hole_cards, board_cards=()):  # type: ignore[no-untyped-def]
        key = (tuple(hole_cards), tuple(board_cards))
        hand = cache.get(key)
        if hand is None:
            hand = cache[key] = original(cls, key[0], key[1])
        return hand

    StandardHighHand.from_game = classmethod(from_game)  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=2, help="best of this many runs (each side)")
    parser.add_argument("--profile", action="store_true", help="cProfile the end-to-end run")
    parser.add_argument("--cpu", action="store_true", help="time by this thread's CPU time")
    args = parser.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.thread_time

    rng = random.Random(args.seed)
    scripts = [random_hand(rng) for _ in range(args.hands)]
    objs = [script_to_events(s) for s in scripts]
    streams = [(event_from_obj(o[0]).body, [event_from_obj(x) for x in o[1:]]) for o in objs]
    events = sum(len(evs) for _, evs in streams)
    tmp = Path(tempfile.mkdtemp(prefix="tablectl-replay-"))
    try:
        files = []
        for i, o in enumerate(objs):
            path = tmp / f"hand-{i:05d}.jsonl"
            path.write_text("".join(json.dumps(x) + "\n" for x in o), encoding="utf-8")
            files.append(str(path))
        ns = argparse.Namespace(files=files, json=False)

        def end_to_end() -> int:
            return replay_cmd.run(ns, io.StringIO())

        def engine() -> list[dict[int, int]]:
            out = []
            for setup, evs in streams:
                table = Table(setup)
                for ev in evs:
                    table.apply(ev)
                out.append(table.stacks())
            return out

        def pokerkit() -> list[dict[int, int]]:
            return [play(s).stacks for s in scripts]

        t_e2e, status = best_of(args.runs, end_to_end)
        t_engine, ours = best_of(args.runs, engine)
        t_pk, theirs = best_of(args.runs, pokerkit)
        memoise_pokerkit_evaluation()
        pokerkit()  # warm the memo on these hands
        t_pk_bet, _ = best_of(args.runs, pokerkit)
        if args.profile:
            prof = cProfile.Profile()
            prof.runcall(end_to_end)
            pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    diverged = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)
    n = args.hands

    def line(name: str, seconds: float, note: str = "") -> None:
        print(f"{name:44}{n / seconds:10,.0f}{seconds / n * 1e6:10,.0f}  {note}")

    clock = "CPU time" if args.cpu else "wall clock"
    print(f"hands: {n} (seed {args.seed}), {events} events; best of {args.runs} ({clock})")
    print(f"{'':44}{'hands/s':>10}{'µs/hand':>10}")
    line(
        "tablectl replay, end to end (read+parse)",
        t_e2e,
        f"{t_pk / t_e2e:5.1f}x pokerkit (floor >= 10x, issue 28)",
    )
    line(
        "tablectl engine alone (events pre-parsed)",
        t_engine,
        f"{t_pk / t_engine:5.1f}x pokerkit (floor >= 15x, issue 28)",
    )
    line("pokerkit", t_pk)
    line(
        "pokerkit, betting only (evaluation memoised)",
        t_pk_bet,
        f"engine alone {t_pk_bet / t_engine:.1f}x, end to end {t_pk_bet / t_e2e:.1f}x this",
    )
    print(f"parsing and reading on top of the engine: {(t_e2e - t_engine) / t_engine * 100:.0f}%")
    print(f"replay status {status}; final stacks differing from pokerkit: {diverged}")
    return 1 if diverged or status else 0


if __name__ == "__main__":
    sys.exit(main())
