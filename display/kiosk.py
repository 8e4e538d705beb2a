"""The venue clock kiosk: keys in, the clock model ticks, the screen redrawn only when it changes.

`tablectl clock` (tablectl/cli/clock.py) opens the structure and the saved state and hands them
here; the state is written back through the ``save`` it passes (the shell's files).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from display.clock import ClockScreen, SoundHooks, with_board
from display.video import native_framebuffer
from tablectl.tournament.clock import TourneyClock, dispatch

SAVE_EVERY = 10.0  # seconds between saves while running (changes save at once)
POLL = 0.05  # seconds between input checks while idle


class Kiosk:
    """The clock loop: keys in, model ticks, the screen redrawn only when it changes."""

    def __init__(
        self,
        clock: TourneyClock,
        surface: pygame.Surface,
        hooks: list[Any],
        save: Callable[[TourneyClock, float], None],
        feed: Any = None,
    ) -> None:
        self.clock = clock
        # `tablectl clock --venue`: a tablectl.venue.watch.ClockFeed; its figures replace the
        # typed ones (players, chips, prizes) and add seat moves and tables offline.
        self.feed = feed
        self._save = save  # the shell writes the state (tablectl.files.clock_files)
        self.screen = ClockScreen(surface)
        self.hooks = hooks
        self.running = True
        self.last_save = -1e9
        self.dirty = True
        # the venue's clock setting last taken, whole: two settings made in the same
        # millisecond (a step and a resume) share a time stamp but not their fields
        self.followed: dict[str, Any] | None = None

    def key(self, key: int, unicode: str, now: float) -> None:
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
        if self.feed is not None:
            self.follow(now, wall.timestamp())
            status = self.clock.status(now, wall)
            board = self.feed.board(wall.timestamp())
            self.screen.board = board
            self.screen.feed = self.feed.state()
            status = with_board(status, board)
        return self.screen.render(status, wall.strftime("%H:%M"))

    def follow(self, now: float, wall: float) -> None:
        """The director's console runs the room's clock: each time it is set (pause, resume, a
        step, time added) this kiosk takes it; a key pressed here holds until the next."""
        state = getattr(self.feed, "clock_state", lambda: None)()
        if state is None or state == self.followed:
            return
        if state.get("structure") not in (None, self.clock.structure.name):
            return  # another structure: the kiosk's own file says which it shows
        self.followed = dict(state)
        events = self.clock.follow(
            int(state["index"]),
            float(state["seconds_left"]),
            bool(state.get("paused")),
            wall - float(state["t"]),
            now,
        )
        dispatch(events, self.hooks)
        self.dirty = True

    def save(self, now: float) -> None:
        self._save(self.clock, now)
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
    while True:
        events = pygame.event.get()
        left = deadline - time.monotonic()
        if events or left <= 0:
            return events
        time.sleep(min(poll, left))


def show(dirty: list[Any] | None) -> None:
    """Put the drawn frame on screen: the whole of it, or only the regions that changed."""
    if dirty is None:
        pygame.display.flip()
    elif dirty:
        pygame.display.update(dirty)


def run_kiosk(
    clock: TourneyClock,
    save: Callable[[TourneyClock, float], None],
    *,
    size: tuple[int, int],
    windowed: bool,
    sound: bool,
    title: str,
    feed: Any = None,
) -> int:
    """The clock full screen (or in a window) until q, Esc, the window closing or SIGTERM; the
    state is saved paused on the way out. Returns the exit code (1: no display)."""
    try:
        pygame.display.init()
        pygame.font.init()
        native_framebuffer()  # the second's redraw shows only its rects (display/video.py)
        if windowed:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
    except pygame.error as exc:
        print(f"tablectl clock: no display ({exc}); see docs/kiosk.md", file=sys.stderr)
        return 1
    pygame.display.set_caption(title)
    hooks: list[Any] = [SoundHooks()] if sound else []
    kiosk = Kiosk(clock, surface, hooks, save, feed)

    def stop(signum: int, frame: object) -> None:
        kiosk.running = False

    old_term = signal.signal(signal.SIGTERM, stop)
    try:
        while kiosk.running:
            now = time.monotonic()
            if kiosk.frame(now, datetime.now()):
                show(kiosk.screen.dirty)
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
