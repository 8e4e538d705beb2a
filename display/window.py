"""The dealer screen in a window (or full screen on KMSDRM) for the daemon's loop, with the
touch console (display.console) under and over it when ``console`` is on."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from display import theme
from display.console import Console
from display.dealer import DealerScreen, floor_line
from display.layout import Layout, Painter
from display.touch import TapReader
from display.video import native_framebuffer
from tablectl.engine.events import Event
from tablectl.engine.notices import FloorDecided
from tablectl.engine.view import TableView

log = logging.getLogger("tablectl.display")


def window_size(
    asked: tuple[int, int] | None, default: tuple[int, int] = (1280, 720)
) -> tuple[int, int]:
    """The window for a desktop: ``asked`` (``--size``), else ``default`` cut to the screen it
    opens on, so an 800x480 panel gets 800x480 and not a cropped 1280x720."""
    if asked is not None:
        return asked
    pygame.display.init()
    screens = pygame.display.get_desktop_sizes()
    if not screens:
        return default
    w, h = screens[0]
    return (min(default[0], w), min(default[1], h))


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (at least 320x240, the smallest screen drawn); ValueError saying why not."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"{text!r} is not WxH (e.g. 800x480)") from None
    if w < 320 or h < 240:
        raise ValueError(f"{text!r} is smaller than 320x240")
    return w, h


class PygameDisplay:
    """The dealer screen for the daemon's loop; :meth:`pump` returns the console's events."""

    def __init__(
        self,
        size: tuple[int, int],
        fullscreen: bool,
        caption: str = "tablectl dealer",
        console: bool = False,
    ) -> None:
        self._pg = pygame
        pygame.display.init()
        pygame.font.init()
        native_framebuffer()  # a redraw of the countdown shows only its rects (display/video.py)
        # Full screen at the panel's native mode (KMSDRM offers only the modes it has); the
        # configured size is the window's on a desktop.
        if fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption(caption)
        # A touch console keeps no pointer on a full screen; a mouse on a desktop sees it.
        pygame.mouse.set_visible(not fullscreen)
        self.console: Console | None = None
        if console:
            self.console = Console(self.surface.get_size())
            self.taps = TapReader(self.surface.get_size())
            self.screen = DealerScreen(
                self.surface.subsurface(self.console.screen_rect), self.console.layout.s
            )
            lay = Layout(self.surface.get_size())
            self._painter = Painter(self.surface, lay, floor=lay.px(theme.BODY))
        else:
            self.screen = DealerScreen(self.surface)
        self._view: TableView | None = None
        self._floor: tuple[str, ...] = ()
        # keys typed in the window and what they do (tablectl run --sim --floor-badge: F)
        self.keys: dict[str, Callable[[], None]] = {}

    def update(self, view: TableView) -> None:
        self._view = view
        if self.console is not None:
            self.console.update(view)

    def set_floor(self, name: str | None, seconds_left: float | None) -> None:
        """Floor mode as the daemon has it: the floor's name and the seconds it stays open."""
        if self.console is not None:
            self.console.set_floor(name, seconds_left)

    def set_venue(self, commands: list[tuple[str, str, str]], halted: str | None) -> None:
        """The venue's commands for the dealer to confirm (id, what, why); who halted play."""
        if self.console is not None:
            self.console.set_venue(commands, halted)

    def set_hold(self, lines: tuple[str, ...]) -> None:
        """Hand-for-hand on the dealer screen (002 RP-8): the hold's lines, () when off."""
        self.screen.set_hold(lines)

    def set_notes(self, notes: tuple[str, ...]) -> None:
        """The director's announcements for this table (issue 31 part 3), newest first."""
        self.screen.set_notes(notes)

    def venue_answers(self) -> list[tuple[str, bool]]:
        """The dealer's answers tapped since the last call: (command id, confirmed)."""
        if self.console is None:
            return []
        out, self.console.venue_answers = self.console.venue_answers, []
        return out

    def console_busy(self) -> bool:
        """The dealer is working the console: a panel over the table."""
        return self.console is not None and self.console.mode != "table"

    def show_floor(self, decisions: tuple[FloorDecided, ...]) -> None:
        """The floor's decisions the daemon has seen (its ``floor`` notices), oldest first."""
        self._floor = tuple(floor_line(n) for n in decisions)
        if self.console is not None:
            self.console.floor_lines = self._floor

    def pump(self) -> list[Event] | None:
        """Handle the window's events and redraw; the console's events, or None when the
        window was closed."""
        pg = self._pg
        raw = pg.event.get()
        if any(ev.type == pg.QUIT for ev in raw):
            return None
        events: list[Event] = []
        for ev in raw:
            if ev.type == pg.KEYDOWN and getattr(ev, "unicode", "").lower() in self.keys:
                self.keys[ev.unicode.lower()]()
        con = self.console
        if con is None:
            if self._view is not None and self._render(self._view):
                pg.display.flip()
            return events
        for pos in self.taps.feed(raw):
            events += con.tap(pos)
        con.tick()
        if self._view is None:
            return events
        if con.mode == "table":
            drew = self._render(self._view)
            if not con.seat_rects:
                log.info("dealer screen drawn: the console takes taps")
            con.seat_rects = dict(self.screen.seat_rects)
            con.detail_rect = self.screen.detail_rect
            if drew or con.dirty:
                self._painter.reset()
                con.draw(self._painter)
                pg.display.flip()
        elif con.dirty:
            self.screen.invalidate()  # the panel covered it: draw it whole when it closes
            self._painter.reset()
            con.draw(self._painter)
            pg.display.flip()
        return events

    def _render(self, view: TableView) -> bool:
        # the floor's lines only once there are some (a plain render(view) otherwise)
        return self.screen.render(view, self._floor) if self._floor else self.screen.render(view)

    def close(self) -> None:
        self._pg.display.quit()
