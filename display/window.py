"""The dealer screen in a window (or full screen on KMSDRM) for the daemon's loop."""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from display.dealer import DealerScreen
from tablectl.engine.view import TableView


class PygameDisplay:
    """The dealer screen in a window (or full screen on KMSDRM) for the daemon's loop."""

    def __init__(self, size: tuple[int, int], fullscreen: bool,
                 caption: str = "tablectl dealer") -> None:
        self._pg = pygame
        pygame.display.init()
        pygame.font.init()
        # Full screen at the panel's native mode (KMSDRM offers only the modes it has); the
        # configured size is the window's on a desktop.
        if fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption(caption)
        pygame.mouse.set_visible(not fullscreen)
        self.screen = DealerScreen(self.surface)
        self._view: TableView | None = None

    def update(self, view: TableView) -> None:
        self._view = view

    def pump(self) -> bool:
        pg = self._pg
        for ev in pg.event.get():
            if ev.type == pg.QUIT:
                return False
        if self._view is not None and self.screen.render(self._view):
            pg.display.flip()
        return True

    def close(self) -> None:
        self._pg.display.quit()
