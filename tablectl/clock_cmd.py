"""`tablectl clock`: the venue tournament clock as a full-screen kiosk.

Keys: space pause/resume, right/up next level, left/down previous level (or the start of this
one), ``-`` a player out, ``+``/``=`` a player back, ``n``/``N`` an entrant more/less (late
registration), ``]``/``[`` a minute more/less, ``q``/Esc quit. The state is saved on every change,
every 10 s while running, and on quit or SIGTERM; after a restart the clock comes back paused.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from tablectl.clock_files import load_state, load_structure, preset_dir, save_state
from tablectl.tournament.clock import ClockStateError, TourneyClock, dispatch
from tablectl.tournament.structures import Structure, StructureError

SAVE_EVERY = 10.0  # seconds between saves while running (changes save at once)
POLL = 0.05  # seconds between input checks while idle


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


class Kiosk:
    """The clock loop: keys in, model ticks, the screen redrawn only when it changes."""

    def __init__(self, clock: TourneyClock, state: Path, surface: Any, hooks: list[Any]) -> None:
        from display.clock import ClockScreen

        self.clock = clock
        self.state = state
        self.screen = ClockScreen(surface)
        self.hooks = hooks
        self.running = True
        self.last_save = -1e9
        self.dirty = True

    def key(self, key: int, unicode: str, now: float) -> None:
        import pygame

        c = self.clock
        events = []
        if key in (pygame.K_q, pygame.K_ESCAPE):
            self.running = False
        elif key == pygame.K_SPACE:
            c.toggle(now)
        elif key in (pygame.K_RIGHT, pygame.K_UP):
            events = c.next_step(now)
        elif key in (pygame.K_LEFT, pygame.K_DOWN):
            events = c.prev_step(now)
        elif unicode == "-" or key == pygame.K_KP_MINUS:
            c.player_out()
        elif unicode in ("+", "=") or key == pygame.K_KP_PLUS:
            c.player_back()
        elif unicode == "n":
            c.set_entrants(c.entrants + 1)
            c.players_left += 1
        elif unicode == "N":
            c.set_entrants(c.entrants - 1)
        elif unicode == "]":
            c.add_time(60, now)
        elif unicode == "[":
            c.add_time(-60, now)
        else:
            return
        dispatch(events, self.hooks)
        self.dirty = True

    def frame(self, now: float, wall: datetime) -> bool:
        """Advance the model, save when due, draw if the picture changed; True if it drew."""
        events = self.clock.tick(now)
        if events:
            dispatch(events, self.hooks)
            self.dirty = True
        if self.dirty or (not self.clock.paused and now - self.last_save >= SAVE_EVERY):
            self.save(now)
        status = self.clock.status(now, wall)
        return self.screen.render(status, wall.strftime("%H:%M"))

    def save(self, now: float) -> None:
        try:
            save_state(self.state, self.clock, now)
        except OSError as exc:
            print(f"tablectl clock: cannot save {self.state}: {exc}", file=sys.stderr)
        self.last_save, self.dirty = now, False

    def wait_ms(self, now: float) -> int:
        """Sleep until the shown second changes (at most a second: the wall clock ticks too)."""
        if self.clock.paused:
            return 1000
        left = self.clock.status(now).seconds_left
        frac = left - int(left)
        return max(10, min(1000, int(frac * 1000) + 5))


def wait_for_input(deadline: float, poll: float = POLL) -> list[Any]:
    """Sleep until ``deadline`` (monotonic) or until input arrives; the events received.

    Not ``pygame.event.wait(timeout)``: without a native wait in the video driver (dummy, and
    KMSDRM on the Pi) SDL polls every millisecond, over 1% CPU; sleeping in ``poll`` slices costs
    about 0.1% and answers a key within ``poll`` seconds.
    """
    import pygame

    while True:
        events = pygame.event.get()
        left = deadline - time.monotonic()
        if events or left <= 0:
            return events
        time.sleep(min(poll, left))


def show(pygame: Any, dirty: list[Any] | None) -> None:
    """Put the drawn frame on screen: the whole of it, or only the regions that changed."""
    if dirty is None:
        pygame.display.flip()
    elif dirty:
        pygame.display.update(dirty)


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

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from display.clock import SoundHooks

    try:
        pygame.display.init()
        pygame.font.init()
        if args.windowed:
            surface = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        else:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
    except pygame.error as exc:
        print(f"tablectl clock: no display ({exc}); see docs/kiosk.md", file=sys.stderr)
        return 1
    pygame.display.set_caption(f"tablectl clock - {structure.name}")
    hooks: list[Any] = [] if args.no_sound else [SoundHooks()]
    kiosk = Kiosk(clock, state, surface, hooks)

    def stop(signum: int, frame: object) -> None:
        kiosk.running = False

    old_term = signal.signal(signal.SIGTERM, stop)
    try:
        while kiosk.running:
            now = time.monotonic()
            if kiosk.frame(now, datetime.now()):
                show(pygame, kiosk.screen.dirty)
            for event in wait_for_input(now + kiosk.wait_ms(now) / 1000):
                now = time.monotonic()
                if event.type == pygame.QUIT:
                    kiosk.running = False
                elif event.type == pygame.KEYDOWN:
                    kiosk.key(event.key, event.unicode, now)
                elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                    kiosk.screen = type(kiosk.screen)(pygame.display.get_surface())
                elif event.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
                    kiosk.screen.invalidate()
    finally:
        signal.signal(signal.SIGTERM, old_term)
        kiosk.clock.pause(time.monotonic())
        kiosk.save(time.monotonic())
        pygame.quit()
    return 0
