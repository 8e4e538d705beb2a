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

from tablectl.files.clock_files import load_state, load_structure, preset_dir, save_state
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
    parser.epilog = (
        "keys: space pause/resume; right/up next level; left/down back; - / + a "
        "player out/back; n / N an entrant more/fewer; ] / [ a minute more/less; "
        "q quit. The clock starts paused; see docs/kiosk.md."
    )
    names = ", ".join(p.stem for p in sorted(preset_dir().glob("*.toml")))
    parser.add_argument(
        "--structure", required=True, help=f"structure TOML file, or a preset name ({names})"
    )
    parser.add_argument(
        "--state",
        type=Path,
        default=None,
        help="state JSON file (default: $STATE_DIRECTORY/clock.json or "
        "~/.local/state/tablectl/clock.json)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--fullscreen", action="store_true", help="full screen on the first display (the default)"
    )
    mode.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    parser.add_argument("--size", default="800x480", help="window size with --windowed (WxH)")
    parser.add_argument(
        "--entrants", type=int, default=None, help="number of entrants (default: the structure's)"
    )
    parser.add_argument("--no-sound", action="store_true", help="no beeps through pygame.mixer")
    parser.add_argument(
        "--fresh", action="store_true", help="ignore a saved state and start at level 1 (paused)"
    )
    venue = parser.add_argument_group(
        "venue",
        "fed by the venue over MQTT (docs/venue.md): "
        "players, chips, prizes, seat moves, tables offline",
    )
    venue.add_argument("--venue", metavar="ID", help="the venue id (tablectl/<ID>/clock)")
    venue.add_argument(
        "--event",
        metavar="EVENT",
        help="one event of a room of several (tablectl/<ID>/clock/<EVENT>; default the first)",
    )
    venue.add_argument(
        "--broker",
        default="localhost:1883",
        metavar="HOST[:PORT]",
        help="the venue's mosquitto (default localhost:1883)",
    )
    venue.add_argument("--user", help="broker username (any user may read the clock topic)")
    venue.add_argument("--password", help="broker password")
    venue.add_argument("--ca-file", help="the venue CA: connect with TLS")


def open_clock(
    structure: Structure, state: Path, fresh: bool, entrants: int | None
) -> TourneyClock:
    """The saved clock (paused) or a new one at level 1, paused; a damaged state file is moved
    aside, not lost. ``entrants`` applies to a new clock (a saved one keeps its own)."""
    clock = None
    if not fresh:
        try:
            clock = load_state(state, structure)
        except ClockStateError as exc:
            aside = state.with_name(f"{state.name}.bad-{int(time.time())}")
            state.replace(aside)
            print(f"tablectl clock: {exc}; kept as {aside}, starting at level 1", file=sys.stderr)
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

    feed = None
    if getattr(args, "event", None) and not args.venue:
        print("tablectl clock: --event follows one event of a --venue: give both", file=sys.stderr)
        return 2
    if args.venue:
        feed = open_feed(args)
        if feed is None:
            return 2
    from display.kiosk import run_kiosk

    try:
        return run_kiosk(
            clock,
            save,
            size=(width, height),
            windowed=args.windowed,
            sound=not args.no_sound,
            title=f"tablectl clock - {structure.name}",
            feed=feed,
        )
    finally:
        if feed is not None:
            feed.stop()


def parse_broker(text: str) -> tuple[str, int]:
    """``host``, ``host:port`` or ``[v6]:port``; ValueError in one line."""
    host, sep, port = text.rpartition(":")
    if not sep or "]" in port:
        host, port = text, "1883"
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--broker {text!r} is not HOST[:PORT]")
    return host, int(port)


def open_feed(args: argparse.Namespace) -> object | None:
    """The venue's clock feed (started), or None after a one-line error."""
    try:
        host, port = parse_broker(args.broker)
        from tablectl.venue.watch import ClockFeed

        feed = ClockFeed(
            args.venue,
            host,
            port,
            username=args.user,
            password=args.password,
            ca_file=args.ca_file,
            event=getattr(args, "event", None),
        )
    except (ValueError, ImportError) as exc:
        print(f"tablectl clock: {exc}", file=sys.stderr)
        return None
    except OSError as exc:  # ssl.SSLError too: a --ca-file that is missing or no certificate
        print(f"tablectl clock: --ca-file {args.ca_file}: {exc.strerror or exc}", file=sys.stderr)
        return None
    feed.start()
    return feed
