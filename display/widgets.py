"""Touch buttons for the dealer's console: big targets, a word on every one, state by shape.

Sizes are designed at 800x480 (the official 7" Pi touchscreen) and scaled by
:class:`display.layout.Layout`; no target is smaller than :data:`MIN_TARGET` there (a thumb's
width). Colour is never the only signal: a disabled button is hatched and says so by its dim,
struck-through label; a selected one is drawn inverted with a heavy frame and a corner marker.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from display import theme
from display.layout import Painter

MIN_TARGET = 48  # px at 800x480

PRIMARY: theme.Color = (40, 110, 70)
DANGER: theme.Color = (120, 34, 34)
NORMAL: theme.Color = (44, 54, 66)


@dataclass(frozen=True, slots=True)
class Button:
    rect: pygame.Rect
    id: str  # what a tap on it means, e.g. "say:raise", "key:7", "ack:12"
    label: str
    enabled: bool = True
    selected: bool = False
    sub: str = ""  # a second, smaller line (an amount, a hint)
    fill: theme.Color = NORMAL


def hit(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    """The enabled button under ``pos`` (the last drawn wins where two overlap)."""
    for b in reversed(buttons):
        if b.rect.collidepoint(pos):
            return b if b.enabled else None
    return None


def draw_button(p: Painter, b: Button) -> None:
    lay, surf = p.layout, p.surface
    radius = lay.px(8)
    if not b.enabled:
        pygame.draw.rect(surf, (28, 32, 38), b.rect, border_radius=radius)
        step = lay.px(10)  # hatching: a disabled button looks different without colour
        clip = surf.get_clip()
        surf.set_clip(b.rect.inflate(-lay.px(3), -lay.px(3)))
        for x in range(b.rect.left - b.rect.height, b.rect.right, step):
            pygame.draw.line(
                surf, (40, 46, 54), (x, b.rect.bottom), (x + b.rect.height, b.rect.top), 1
            )
        surf.set_clip(clip)
        pygame.draw.rect(surf, theme.FAINT, b.rect, 1, border_radius=radius)
        ink = theme.FAINT
    elif b.selected:
        pygame.draw.rect(surf, theme.TEXT, b.rect, border_radius=radius)
        pygame.draw.rect(surf, theme.SEAT_TURN, b.rect, lay.px(4), border_radius=radius)
        tri = lay.px(12)  # a corner marker: selected by shape too
        x, y = b.rect.left + lay.px(3), b.rect.top + lay.px(3)
        pygame.draw.polygon(surf, theme.BLACK, [(x, y), (x + tri, y), (x, y + tri)])
        ink = theme.BLACK
    else:
        pygame.draw.rect(surf, b.fill, b.rect, border_radius=radius)
        pygame.draw.rect(surf, theme.PANEL_EDGE, b.rect, lay.px(2), border_radius=radius)
        ink = theme.TEXT
    width = b.rect.width - lay.px(8)
    size = lay.px(theme.BODY)
    if b.sub:
        r = p.text(
            b.label,
            (b.rect.centerx, b.rect.centery - lay.px(1)),
            size,
            ink,
            anchor="midbottom",
            max_width=width,
            tag=f"btn:{b.id}",
        )
        p.text(
            b.sub,
            (b.rect.centerx, r.bottom + lay.px(1)),
            lay.px(theme.BODY),
            ink if b.selected or not b.enabled else theme.GOLD,
            anchor="midtop",
            max_width=width,
            tag=f"btnsub:{b.id}",
        )
    else:
        r = p.text(
            b.label, b.rect.center, size, ink, anchor="center", max_width=width, tag=f"btn:{b.id}"
        )
    if not b.enabled:  # struck through: "not now" without colour
        pygame.draw.line(surf, theme.FAINT, (r.left, r.centery), (r.right, r.centery), 2)


def grid(area: pygame.Rect, cols: int, rows: int, gap: int) -> list[pygame.Rect]:
    """``cols`` x ``rows`` cells filling ``area``, row by row."""
    w = (area.width - gap * (cols - 1)) // cols
    h = (area.height - gap * (rows - 1)) // rows
    return [
        pygame.Rect(area.left + c * (w + gap), area.top + r * (h + gap), w, h)
        for r in range(rows)
        for c in range(cols)
    ]
