"""`tablectl sim`: the whole table on simulated hardware, ending with one summary line.

Bots play seeded hands by moving RFID cards and chips (hw_sim.table); the events travel as bytes
through a pty into firmware_bridge and on to the rules engine, with the dealer screen when a
display is available and ``--headless`` is not given. The last line is
``hands=N events=E alerts=A chips_conserved=yes|no lost_events=K`` (K counts events the bridge
lost or invented against what the simulator did); the exit status is 0 only when chips are
conserved and no event was lost.

With ``--rf LEVEL`` the reads are those of a real HF RFID table (hw_sim.rf: misses, crosstalk,
cards in flight, slow inventories; docs/rf.md), the bots also commit irregularities, and a
second line scores the table against what a perfect reader would have made it rule:
``rf=LEVEL hands=N false_rulings=F false_alerts=A missed=M recounts=R latency_p99_ms=L``.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=20, help="hands to play (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--faults",
        action="store_true",
        help="inject faults: corrupt and dropped frames, garbage, unplug/replug, "
        "flapping, unknown and duplicate tags",
    )
    parser.add_argument(
        "--rf",
        choices=("ideal", "realistic", "harsh"),
        help="read the tags as a real RFID table does (docs/rf.md) and score the rulings",
    )
    parser.add_argument(
        "--reader",
        choices=("dedicated", "shared"),
        default="dedicated",
        help="with --rf: one reader per antenna, or one multiplexed over all (slow cycle)",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="with --rf: list every false ruling, false alert and missed call with its hand, "
        "what physically happened, the reads around it and its cause, then a tally",
    )
    parser.add_argument("--headless", action="store_true", help="no dealer screen")
    parser.add_argument(
        "--size",
        metavar="WxH",
        help="the dealer window's size (default: 1280x720, or the screen's if smaller)",
    )
    parser.add_argument(
        "--out", metavar="DIR", help="keep the sessions' event streams here as scenario files"
    )
    mapping = parser.add_mutually_exclusive_group()
    mapping.add_argument(
        "--tracker",
        action="store_true",
        help="map tags with the tracker (firmware_bridge/tracker/: one place per tag; the default)",
    )
    mapping.add_argument(
        "--instant",
        action="store_true",
        help="map tags with the instant mapper (each zone's reads once stable for 80 ms), "
        'as `[tags] mapping = "instant"`',
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log the bridge's work")


def _screen(size: tuple[int, int] | None) -> Any | None:
    """The dealer screen in a window (display.window), or None when there is no display."""
    if (
        not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
        and os.environ.get("SDL_VIDEODRIVER") != "dummy"
    ):
        print("tablectl sim: no display; running headless", file=sys.stderr)
        return None
    try:
        from display.window import PygameDisplay, window_size
    except ImportError as exc:
        print(
            f"tablectl sim: no dealer screen in this build ({exc}); running headless",
            file=sys.stderr,
        )
        return None
    try:
        return PygameDisplay(window_size(size), fullscreen=False, caption="tablectl sim")
    except Exception as exc:  # pygame.error: no window to be had
        print(f"tablectl sim: cannot open a window ({exc}); running headless", file=sys.stderr)
        return None


def _unwritable(out: Path) -> str | None:
    """Why the session files cannot go to ``out`` (made if missing), or None: found before the
    first hand rather than after the last."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def run(args: argparse.Namespace) -> int:
    from hw_sim.table import SimConfig, TableSim

    if args.hands < 1:
        print("tablectl sim: --hands must be at least 1", file=sys.stderr)
        return 2
    if args.reader == "shared" and args.rf is None:
        print("tablectl sim: --reader shared needs --rf LEVEL", file=sys.stderr)
        return 2
    if args.explain and args.rf is None:
        print("tablectl sim: --explain needs --rf LEVEL", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.ERROR,
        format="%(levelname)s %(name)s: %(message)s",
    )
    size = None
    if args.size:
        from display.window import parse_size

        try:
            size = parse_size(args.size)
        except ValueError as exc:
            print(f"tablectl sim: --size {exc}", file=sys.stderr)
            return 2
    on_view = None
    screen = None if args.headless else _screen(size)
    if screen is not None:

        def on_view(view: Any) -> None:
            screen.update(view)
            if screen.pump() is None:  # the window was closed
                raise KeyboardInterrupt

    out = Path(args.out) if args.out else None
    if out is not None:
        problem = _unwritable(out)
        if problem:
            print(f"tablectl sim: --out {out}: {problem}", file=sys.stderr)
            return 2
    cfg = SimConfig(
        hands=args.hands,
        seed=args.seed,
        faults=args.faults,
        workdir=out,
        write_scenarios=out is not None,
        tracker=not args.instant,
        rf=args.rf,
        shared_reader=args.reader == "shared",
        explain=args.explain,
    )
    try:
        sim = TableSim(cfg, on_view)
        result = sim.run()
    except KeyboardInterrupt:
        print("tablectl sim: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:  # --out filled up or went away mid-run, no pty left
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"tablectl sim: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    finally:
        if screen is not None:
            screen.close()
    for problem in result.problems:
        print(f"problem: {problem}", file=sys.stderr)
    if args.faults:
        print(f"faults: {result.faults.summary()}", file=sys.stderr)
    print(f"link: {result.link} steps={result.steps}", file=sys.stderr)
    if args.explain:
        from hw_sim.explain import tally

        for incident in result.incidents:
            print(incident.render())
        print(f"{len(result.incidents)} false or missed calls, by kind and cause:")
        print("\n".join(tally(result.incidents)) or "     0")
    print(result.line())
    if result.score is not None:
        print(result.score.line())
    return 0 if result.ok else 1
