"""Pictures of the screens as PNG files, without a window (SDL's dummy video driver unless one
is set): what `tablectl screenshot` writes for the docs and for bug reports."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

Error = pygame.error  # what drawing or saving a picture can raise, besides OSError


def start() -> None:
    """Fonts, the one part of pygame the renderers need without a display."""
    pygame.font.init()


def save(surface: pygame.Surface, path: Path) -> None:
    pygame.image.save(surface, str(path))
