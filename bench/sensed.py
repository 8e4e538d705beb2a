"""Sensed play through the rules engine: events per second and the time from an event to its ruling.

    python bench/sensed.py [--hands 500] [--seed 1] [FILE.jsonl ...]

With no files it records a session first: ``tablectl sim --hands N --seed S --headless`` (the
hardware simulator: card reads, raw chip-zone snapshots of stacks and bet zones, console presses,
exactly what the daemon journals from the real table). If a simulated session stops short of N
hands, further seeds are recorded until N hands are in hand. Every line is parsed beforehand, so
the figures are the engine alone: ``Table.apply`` per event, timed one by one.

Prints the events, hands, events per second, and the p50 / p99 / max time per event (the latency
from an event to its ruling, issue 3 target: p99 <= 2 ms).
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tablectl.engine.events import Event, parse_line
from tablectl.engine.table import Table

TARGET_P99_MS = 2.0


def load(path: Path) -> tuple[dict, list[Event]]:
    """A session file's setup and its events (expect lines and comments skipped)."""
    setup: dict | None = None
    events: list[Event] = []
    for lineno, text in enumerate(path.read_text().splitlines(), 1):
        parsed = parse_line(text, lineno)
        ev = parsed.event
        if ev is None:
            continue
        if ev.kind == "setup" and setup is None:
            setup = ev.body
        else:
            events.append(ev)
    if setup is None:
        raise SystemExit(f"{path}: no setup line")
    return setup, events


def record(hands: int, seed: int, out: Path) -> list[Path]:
    """Simulated sessions holding at least ``hands`` hands (seed, seed+1, ... if one stops)."""
    files: list[Path] = []
    total = 0
    while total < hands and seed < 1000:
        d = out / f"seed{seed}"
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "tablectl",
                "sim",
                "--hands",
                str(hands - total),
                "--seed",
                str(seed),
                "--headless",
                "--out",
                str(d),
            ],
            capture_output=True,
            text=True,
        )
        got = 0
        for line in run.stdout.splitlines():
            for word in line.split():
                if word.startswith("hands="):
                    got += int(word[6:])
        total += got
        files += sorted(d.glob("*.jsonl"))
        seed += 1
    return files


def percentile(sorted_ns: list[int], q: float) -> float:
    i = min(len(sorted_ns) - 1, max(0, round(q * (len(sorted_ns) - 1))))
    return sorted_ns[i] / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="passes over the session")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        files = args.files or record(args.hands, args.seed, Path(tmp))
        sessions = [load(f) for f in files]
    events = sum(len(evs) for _, evs in sessions)
    if not events:
        raise SystemExit("no events to run")

    times: list[int] = []
    slowest = (0, "")
    hands = 0
    wall = 0.0
    clock = time.perf_counter_ns
    for _ in range(args.repeat):
        gc.collect()
        hands = 0
        start = time.perf_counter()
        for setup, evs in sessions:
            table = Table(setup)
            for ev in evs:
                t0 = clock()
                table.apply(ev)
                took = clock() - t0
                times.append(took)
                if took > slowest[0]:
                    slowest = (took, ev.to_json()[:60])
            hands += table.hand_no
        wall += time.perf_counter() - start
    times.sort()
    p50, p99 = percentile(times, 0.50), percentile(times, 0.99)
    print(
        f"session: {len(files)} file(s), {events} events, {hands} hands "
        f"({events / max(hands, 1):.0f} events a hand), {args.repeat} passes"
    )
    print(f"throughput: {len(times) / wall:,.0f} events/s")
    print(
        f"event to ruling: p50 {p50 * 1000:.0f} us, p99 {p99 * 1000:.0f} us, "
        f"max {times[-1] / 1e3:.0f} us (target p99 <= {TARGET_P99_MS:g} ms: "
        f"{'met' if p99 <= TARGET_P99_MS else 'MISSED'})"
    )
    print(f"slowest event: {slowest[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
