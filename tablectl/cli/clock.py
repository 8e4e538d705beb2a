"""`tablectl clock`: the venue tournament clock as a full-screen kiosk.

Keys: space pause/resume, right/up next level, left/down previous level (or the start of this
one), ``-`` a player out, ``+``/``=`` a player back, ``n``/``N`` an entrant more/less (late
registration), ``]``/``[`` a minute more/less, ``q``/Esc quit. The state is saved on every change,
every 10 s while running, and on quit or SIGTERM; after a restart the clock comes back paused.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from tablectl.daemon.clock_files import load_state, load_structure, preset_dir, save_state
from tablectl.tournament.clock import ClockStateError, TourneyClock
from tablectl.tournament.structures import Structure, StructureError


def default_state_path() -> Path:
    """systemd's StateDirectory when run as a service, else ~/.local/state/tablectl."""
    base = os.environ.get("STATE_DIRECTORY")
    root = Path(base.split(":")[0]) if base else Path.home() / ".local" / "state" / "tablectl"
    return root / "clock.json"


def resolve_structure(arg: str) -> Structure:
    """A structure file path, or the name of a bundled preset (``wfp-major``)."""
    preset = preset_dir() / f"{arg}.toml"
    path = preset if "/" not in arg and not arg.endswith(".toml") and preset.exists() else Path(arg)
    return load_structure(path)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("keys: space pause/resume; right/up next level; left/down back; - / + a "
                     "player out/back; n / N an entrant more/fewer; ] / [ a minute more/less; "
                     "q quit. The clock starts paused; see docs/kiosk.md.")
    names = ", ".join(p.stem for p in sorted(preset_dir().glob("*.toml")))
    parser.add_argument("--structure", required=True,
                        help=f"structure TOML file, or a preset name ({names})")
    parser.add_argument("--state", type=Path, default=None,
                        help="state JSON file (default: $STATE_DIRECTORY/clock.json or "
                             "~/.local/state/tablectl/clock.json)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true",
                      help="full screen on the first display (the default)")
    mode.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    parser.add_argument("--size", default="800x480", help="window size with --windowed (WxH)")
    parser.add_argument("--entrants", type=int, default=None,
                        help="number of entrants (default: the structure's)")
    parser.add_argument("--no-sound", action="store_true", help="no beeps through pygame.mixer")
    parser.add_argument("--fresh", action="store_true",
                        help="ignore a saved state and start at level 1 (paused)")


def open_clock(structure: Structure, state: Path, fresh: bool,
               entrants: int | None) -> TourneyClock:
    """The saved clock (paused) or a new one at level 1, paused; a damaged state file is moved
    aside, not lost. ``entrants`` applies to a new clock (a saved one keeps its own)."""
    clock = None
    if not fresh:
        try:
            clock = load_state(state, structure)
        except ClockStateError as exc:
            aside = state.with_name(f"{state.name}.bad-{int(time.time())}")
            state.replace(aside)
            print(f"tablectl clock: {exc}; kept as {aside}, starting at level 1",
                  file=sys.stderr)
    if clock is None:
        clock = TourneyClock(structure, entrants=entrants or structure.entrants)
    return clock


def run(args: argparse.Namespace) -> int:
    try:
        structure = resolve_structure(args.structure)
    except StructureError as exc:
        print(f"tablectl clock: {exc}", file=sys.stderr)
        return 2
    state: Path = args.state or default_state_path()
    try:
        state.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"tablectl clock: cannot create {state.parent}: {exc}", file=sys.stderr)
        return 2
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"tablectl clock: --size {args.size!r} is not WxH", file=sys.stderr)
        return 2
    clock = open_clock(structure, state, args.fresh, args.entrants)

    def save(clock: TourneyClock, now: float) -> None:
        try:
            save_state(state, clock, now)
        except OSError as exc:
            print(f"tablectl clock: cannot save {state}: {exc}", file=sys.stderr)

    from display.kiosk import run_kiosk

    return run_kiosk(clock, save, size=(width, height), windowed=args.windowed,
                     sound=not args.no_sound, title=f"tablectl clock - {structure.name}")
