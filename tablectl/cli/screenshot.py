"""`tablectl screenshot --out DIR`: the dealer screen and the venue clock rendered to PNG files.

Renders, at each ``--size`` (default 800x480 and 1920x1080):

- ``dealer_<example>_<W>x<H>.png``: the hand-built views of display/examples.py (normal action,
  out of turn, misdeal, side pots at showdown, on the clock);
- ``scenario_<file>_<NN>_<moment>_<W>x<H>.png``: scenario files replayed through the rules engine
  (display/demos, ../shared/scenarios and tests/scenarios by default), taking the view at the
  interesting moments (an alert, a new street, a ruling that owes or returns chips, the end);
- ``clock_<preset>_play_<W>x<H>.png`` and ``clock_<preset>_break_<W>x<H>.png`` for each
  structure preset;
- ``console_<screen>_<W>x<H>.png``: the touch console (bar, pad, keyboard, alerts, floor mode).

Works headless: SDL_VIDEODRIVER=dummy is set when no driver is given.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from tablectl.engine.events import ScenarioError, parse_line
from tablectl.engine.outputs import Alert, Ruling
from tablectl.engine.view import TableView
from tablectl.files.clock_files import load_structure, preset_dir, presets
from tablectl.tournament.clock import TourneyClock

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIRS = (
    ROOT / "display" / "demos",
    ROOT.parent / "shared" / "scenarios",
    ROOT / "tests" / "scenarios",
)
WHAT = ("examples", "scenarios", "clock", "console")
MAX_MOMENTS = 8  # per scenario file
MOMENTS = ("end", "flop", "turn", "river", "showdown", "over", "owes", "returned")
ALERT_MOMENT = re.compile(r"alert-[a-z_]+")  # alert-<kind>, the contract's alert kinds


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, required=True, help="directory for the PNG files")
    parser.add_argument(
        "--size",
        action="append",
        default=None,
        help="WxH (repeatable; default 800x480 and 1920x1080)",
    )
    parser.add_argument(
        "--what", default=",".join(WHAT), help=f"comma-separated subset of {','.join(WHAT)}"
    )
    parser.add_argument(
        "--scenario",
        action="append",
        type=Path,
        default=None,
        help="scenario file or directory (repeatable; default "
        "../shared/scenarios and tests/scenarios)",
    )
    parser.add_argument(
        "--moment",
        action="append",
        default=None,
        help="only these scenario moments (repeatable): end, flop, turn, river, "
        "showdown, over, owes, returned, alert-<kind>",
    )
    parser.add_argument(
        "--preset",
        action="append",
        default=None,
        help="structure preset name or file for the clock (default: all presets)",
    )


def scenario_moments(path: Path) -> Iterator[tuple[str, TableView]]:
    """Replay one scenario through the engine, yielding (moment name, view) at the moments worth
    a picture. Bad lines are reported and skipped; an engine failure ends the file."""
    from tablectl.engine.table import Table

    table: Any = None
    street = None
    last_key = None
    with path.open(encoding="utf-8") as fh:
        for lineno, text in enumerate(fh, 1):
            try:
                parsed = parse_line(text, lineno)
            except ScenarioError as exc:
                print(f"{path}:{lineno}: skipped: {exc}", file=sys.stderr)
                continue
            event = parsed.event
            if event is None:
                continue
            if table is None:
                if event.kind != "setup":
                    print(f"{path}:{lineno}: no setup line first", file=sys.stderr)
                    return
                table = Table.from_setup(event.body)
                continue
            outputs = table.apply(event)
            view = table.view()
            moment = None
            alerts = [o for o in outputs if isinstance(o, Alert)]
            rulings = [o for o in outputs if isinstance(o, Ruling) and (o.owes or o.returned)]
            if alerts:
                moment = "alert-" + alerts[0].kind
            elif rulings:
                moment = "owes" if rulings[0].owes else "returned"
            elif view.street != street and view.street in (
                "flop",
                "turn",
                "river",
                "showdown",
                "over",
            ):
                moment = view.street
            street = view.street
            if moment is not None and view != last_key:
                last_key = view
                yield moment, view
    if table is not None:
        view = table.view()
        if view != last_key:
            yield "end", view


def scenario_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files.extend(sorted(p.glob("*.jsonl")))
        elif p.exists():
            files.append(p)
    return files


def clock_pictures(preset: Path) -> list[tuple[str, Any]]:
    """A clock in play (a level 7m 26s from its end, a third of the field gone) and on its first
    break, for one structure file."""
    structure = load_structure(preset)
    wall = datetime(2026, 11, 21, 20, 14)
    out = []
    entrants = structure.entrants
    clock = TourneyClock(
        structure, entrants=entrants, players_left=max(2, entrants - entrants // 3)
    )
    levels = [i for i, s in enumerate(structure.steps) if not s.is_break]
    index = levels[min(3, len(levels) - 1)]
    clock.goto(index, 0.0)
    clock.resume(0.0)
    left = min(446.0, structure.steps[index].seconds * 0.6)
    out.append(("play", clock.status(structure.steps[index].seconds - left, wall)))
    breaks = [i for i, s in enumerate(structure.steps) if s.is_break]
    if breaks:
        clock.goto(breaks[0], 0.0)
        out.append(
            ("break", clock.status(min(130.0, structure.steps[breaks[0]].seconds / 2), wall))
        )
    return out


def no_feed_pictures() -> list[tuple[str, Any, Any]]:
    """A venue-fed clock refused by its broker (no figure yet), and one whose venue console
    went away after sending its figures (shown, each marked with their age)."""
    from tablectl.venue.board import FeedState, board_from_clock

    wall = datetime(2026, 11, 21, 20, 14).timestamp()
    refused = FeedState(
        False,
        wall - 6 * 60,
        "the broker at venue.local:1883 refused the clock: Not authorized",
        None,
    )
    summary = {
        "entrants": 19,
        "players_left": 12,
        "chips_in_play": 190_000,
        "average_stack": 15_833,
        "prize_pool": 2000,
        "currency": "$",
        "payouts": [[1, 1000], [2, 600], [3, 400]],
        "tables": {"T1": {}, "T2": {}},
    }
    board = board_from_clock({"summary": summary}, wall)
    gone = FeedState(False, wall - 3 * 60, "venue demo's console is offline", wall - 4 * 60)
    return [("no_feed", None, refused), ("stale", board, gone)]


def run(args: argparse.Namespace) -> int:
    from display import png
    from display.clock import render_status
    from display.dealer import render_view
    from display.examples import EXAMPLES

    what = {w.strip() for w in args.what.split(",") if w.strip()}
    unknown = what - set(WHAT)
    if unknown:
        print(f"tablectl screenshot: --what {sorted(unknown)} not among {WHAT}", file=sys.stderr)
        return 2
    sizes = []
    for text in args.size or ["800x480", "1920x1080"]:
        try:
            w, h = (int(v) for v in text.lower().split("x"))
        except ValueError:
            print(f"tablectl screenshot: --size {text!r} is not WxH", file=sys.stderr)
            return 2
        sizes.append((w, h))
    for moment in args.moment or []:
        if moment not in MOMENTS and not ALERT_MOMENT.fullmatch(moment):
            print(
                f"tablectl screenshot: --moment {moment!r} is not one of "
                f"{', '.join(MOMENTS)}, alert-<kind>",
                file=sys.stderr,
            )
            return 2
    for path in args.scenario or []:
        if not path.exists():
            print(
                f"tablectl screenshot: --scenario {path}: no such file or directory",
                file=sys.stderr,
            )
            return 2
    out: Path = args.out
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"tablectl screenshot: --out {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    png.start()
    reached: set[str] = set()
    written = 0
    failures = 0

    def save(surface: Any, name: str) -> None:
        nonlocal written
        png.save(surface, out / name)
        written += 1

    try:
        if "examples" in what:
            for name, make in EXAMPLES.items():
                for w, h in sizes:
                    save(render_view(make(), (w, h))[0], f"dealer_{name}_{w}x{h}.png")
        if "scenarios" in what:
            files = scenario_files(args.scenario or list(SCENARIO_DIRS))
            try:
                import tablectl.engine.table  # noqa: F401
            except ImportError as exc:
                print(
                    f"tablectl screenshot: no rules engine yet ({exc}); scenarios skipped",
                    file=sys.stderr,
                )
                files = []
            for path in files:
                try:
                    for n, (moment, view) in enumerate(scenario_moments(path), 1):
                        if n > MAX_MOMENTS:
                            break
                        if args.moment and moment not in args.moment:
                            continue
                        reached.add(moment)
                        for w, h in sizes:
                            save(
                                render_view(view, (w, h))[0],
                                f"scenario_{path.stem}_{n:02d}_{moment}_{w}x{h}.png",
                            )
                except Exception as exc:  # an engine bug must not stop the other pictures
                    failures += 1
                    print(
                        f"tablectl screenshot: {path}: {type(exc).__name__}: {exc}", file=sys.stderr
                    )
        if "clock" in what:
            preset_files = presets()
            if args.preset:
                preset_files = [
                    Path(n) if n.endswith(".toml") else preset_dir() / f"{n}.toml"
                    for n in args.preset
                ]
            for preset in preset_files:
                for state, status in clock_pictures(preset):
                    for w, h in sizes:
                        save(
                            render_status(status, (w, h), "20:14")[0],
                            f"clock_{preset.stem}_{state}_{w}x{h}.png",
                        )
            # a venue-fed clock without its feed: none yet, and the venue's last figures stale
            play = clock_pictures(preset_files[0])[0][1] if preset_files else None
            for state, board, feed in no_feed_pictures() if play else []:
                for w, h in sizes:
                    save(
                        render_status(play, (w, h), "20:14", board, feed)[0],
                        f"venue_clock_{state}_{w}x{h}.png",
                    )
        if "console" in what:  # the touch console's screens (issue 13)
            from display.console import console_pictures

            for w, h in sizes:
                for name, surface in console_pictures((w, h)):
                    save(surface, f"console_{name}_{w}x{h}.png")
    except (OSError, ValueError, png.Error) as exc:
        print(f"tablectl screenshot: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(
        f"{written} screenshots written to {out}"
        + (f", {failures} files failed" if failures else "")
    )
    unmet = [m for m in args.moment or [] if m not in reached] if "scenarios" in what else []
    if unmet:
        print(f"tablectl screenshot: --moment {unmet[0]}: no scenario reached it", file=sys.stderr)
    return 1 if failures or unmet else 0
