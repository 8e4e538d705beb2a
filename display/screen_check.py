"""What pygame will draw on: the video driver SDL picks and the screen's size (`tablectl doctor`).

Opens no window: ``pygame.display.init()`` alone makes SDL choose and open its video driver
(KMSDRM takes the DRM device, Wayland or X11 connects), and ``display.Info()`` then gives the
desktop or mode size."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Screen:
    driver: str  # SDL's name: KMSDRM, wayland, x11, dummy, offscreen
    width: int
    height: int
    sdl: str  # the SDL version pygame runs on, "2.26.5"
    pygame: str


class ScreenError(RuntimeError):
    """SDL could not open the requested video driver; the message is SDL's."""


def probe_screen(driver: str | None) -> Screen:
    """Initialise pygame's display with ``driver`` (SDL_VIDEODRIVER; None: SDL's own choice)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    before = os.environ.get("SDL_VIDEODRIVER")
    if driver:
        os.environ["SDL_VIDEODRIVER"] = driver
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise ScreenError(str(exc)) from None
    finally:  # SDL read it in init(): leave the process's environment as it was
        if before is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = before
    try:
        info = pygame.display.Info()
        return Screen(
            pygame.display.get_driver(),
            int(info.current_w),
            int(info.current_h),
            ".".join(map(str, pygame.get_sdl_version())),
            pygame.version.ver,
        )
    finally:
        pygame.display.quit()
