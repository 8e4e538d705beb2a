"""Checks on a rendered frame: is this text really visible there, what colour fills a region.

Used by the tests and by ``bench/display.py`` to prove a frame shows what the view says, from the
pixels, not from the renderer's own bookkeeping alone.
"""

from __future__ import annotations

import pygame

from display import theme
from display.layout import DrawnText


def text_visible(surface: pygame.Surface, drawn: DrawnText) -> float:
    """The share (0..1) of the text's solid glyph pixels that show its colour on ``surface``.

    The text is rendered again with the same font, size and colour. Where a glyph pixel has
    coverage ``a`` (alpha), the frame holds ``color*a + background*(1-a)``, so it may differ from
    the colour by at most ``255 - a`` per channel whatever the background; pixels of coverage 220
    and above are checked against that bound. 1.0 means nothing drew over the text.
    """
    img = theme.font(drawn.size).render(drawn.text, True, drawn.color)
    w, h = img.get_size()
    solid = total = 0
    frame_rect = surface.get_rect()
    for y in range(h):
        for x in range(w):
            a = img.get_at((x, y)).a
            if a < 220:
                continue
            total += 1
            fx, fy = drawn.rect.left + x, drawn.rect.top + y
            if not frame_rect.collidepoint(fx, fy):
                continue
            pixel = surface.get_at((fx, fy))
            slack = 255 - a + 2
            if all(abs(pixel[i] - drawn.color[i]) <= slack for i in range(3)):
                solid += 1
    return solid / total if total else 0.0


def glyph_height(surface: pygame.Surface, drawn: DrawnText) -> int | None:
    """How tall the drawn text's tallest glyphs stand above its baseline on ``surface``, in
    pixels, measured from the frame's pixels: the top row of ``drawn.rect`` holding a pixel at
    least half-way from the background to the text's colour, down to the font's baseline. For
    capitals and digits this is their height on the screen. None for a text with no capital,
    digit or ascender (its height would be the x-height, not the size)."""
    if not any(c.isupper() or c.isdigit() or c in "bdfhkl" for c in drawn.text):
        return None
    rect = drawn.rect.clip(surface.get_rect())
    if not rect.width or not rect.height:
        return None
    top = rect.top
    row = [surface.get_at((x, top))[:3] for x in range(rect.left, rect.right)]
    bg = max(set(row), key=row.count)  # the top row of a line's box is above its glyphs
    channel = max(range(3), key=lambda i: abs(drawn.color[i] - bg[i]))
    contrast = drawn.color[channel] - bg[channel]
    if contrast == 0:
        return None
    baseline = drawn.rect.top + theme.font(drawn.size).get_ascent()
    for y in range(rect.top, min(rect.bottom, baseline)):
        for x in range(rect.left, rect.right):
            if (surface.get_at((x, y))[channel] - bg[channel]) / contrast >= 0.5:
                return baseline - y
    return None


def color_share(
    surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, tolerance: int = 0
) -> float:
    """The share of pixels in ``rect`` within ``tolerance`` (per channel) of ``color``."""
    rect = rect.clip(surface.get_rect())
    if not rect.width or not rect.height:
        return 0.0
    hits = 0
    step = max(1, min(rect.width, rect.height) // 60)  # sample large regions on a grid
    count = 0
    for y in range(rect.top, rect.bottom, step):
        for x in range(rect.left, rect.right, step):
            r, g, b, *_ = surface.get_at((x, y))
            count += 1
            if (
                abs(r - color[0]) <= tolerance
                and abs(g - color[1]) <= tolerance
                and abs(b - color[2]) <= tolerance
            ):
                hits += 1
    return hits / count


def texts_in(texts: list[DrawnText], rect: pygame.Rect) -> list[str]:
    """The texts drawn inside ``rect``, in drawing order."""
    return [t.text for t in texts if rect.contains(t.rect)]
