"""Which framebuffer SDL gives a window, chosen before the first window opens.

Both screens redraw only what changed and show it with ``pygame.display.update(rects)``. On X11,
SDL by default backs the window with a texture when a GL driver is there (Mesa's llvmpipe under
Xvfb, a desktop's GPU), and every update uploads and presents the whole frame: 15-35 ms at
1920x1080 however small the rects. X11's own framebuffer (XShm) copies only the rects, under a
millisecond. KMSDRM and Wayland have no framebuffer of their own in SDL 2: they keep SDL's choice.
"""

from __future__ import annotations

import os

import pygame


def native_framebuffer() -> None:
    """Ask for X11's own framebuffer (after ``pygame.display.init()``, before ``set_mode``); a
    ``SDL_FRAMEBUFFER_ACCELERATION`` set by the user wins."""
    if pygame.display.get_init() and pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
