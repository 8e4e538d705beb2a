"""Colours, fonts and the small shapes both screens share (suit pips, badges, warning icons).

Colour is never the only signal: every state colour here goes with a word (FOLDED, ALL-IN, OUT)
and alerts also carry a shape (the warning triangle), so a colour-blind dealer reads the same
screen. The font is pygame's bundled default (freesansbold); it has no suit glyphs, so suits are
drawn as shapes.
"""

from __future__ import annotations

import math

import pygame

Color = tuple[int, int, int]

BACKGROUND: Color = (10, 14, 18)
PANEL: Color = (24, 30, 38)
PANEL_EDGE: Color = (58, 68, 80)
FELT: Color = (16, 96, 58)
FELT_DARK: Color = (10, 70, 42)
RAIL: Color = (54, 36, 24)
RAIL_EDGE: Color = (120, 86, 52)
TEXT: Color = (242, 242, 238)
DIM: Color = (150, 160, 168)
FAINT: Color = (84, 94, 104)
GOLD: Color = (240, 196, 80)
ACCENT: Color = (96, 200, 255)
SEAT: Color = (30, 38, 48)
SEAT_TURN: Color = (250, 214, 60)
SEAT_FOLDED: Color = (40, 44, 50)
ALLIN: Color = (236, 120, 30)
ALERT: Color = (214, 40, 40)
ALERT_BG: Color = (70, 14, 16)
OWES: Color = (255, 170, 40)
RETURNED: Color = (80, 220, 140)
BREAK: Color = (70, 150, 230)
PAUSED: Color = (230, 90, 60)
CARD: Color = (250, 250, 246)
CARD_BACK: Color = (150, 30, 40)
BLACK: Color = (0, 0, 0)
WHITE: Color = (255, 255, 255)

# Four-colour deck: the suit is drawn as a shape too, so colour is not the only signal.
SUIT_COLORS: dict[str, Color] = {
    "s": (20, 20, 24),
    "h": (200, 20, 30),
    "d": (20, 80, 200),
    "c": (10, 120, 40),
}
RANK_TEXT = {"T": "10"}

# Seat status -> (word shown, colour of the word). "active" shows no word.
STATUS_WORDS: dict[str, tuple[str, Color]] = {
    "folded": ("FOLDED", DIM),
    "all-in": ("ALL-IN", ALLIN),
    "absent": ("AWAY", (180, 150, 255)),
    "penalty": ("PENALTY", (255, 120, 200)),
    "dead": ("DEAD HAND", ALERT),
    "out": ("OUT", FAINT),
    "empty": ("empty", FAINT),
}


# Text sizes a dealer must read, in font sizes designed at 800x480 (Layout.px scales them).
# pygame's bundled font draws size N at about 0.69 N px, with capitals about half of N tall:
# BODY (22) is a 15 px font with 11 px capitals (no body text under 14 px), HEADLINE (28) the
# size of TO CALL's figures (14 px capitals), for the one line of an alert or ruling that matters.
BODY = 22
HEADLINE = 28

_fonts: dict[int, pygame.font.Font] = {}
# Fonts die with pygame.quit(); drop them then, or a later init would reuse freed fonts.
pygame.register_quit(_fonts.clear)


def font(size: int) -> pygame.font.Font:
    """The bundled default font at ``size`` pixels (cached: building a font is slow; the cache is
    dropped when pygame.font was shut down, since its fonts died with it)."""
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
    size = max(6, int(size))
    f = _fonts.get(size)
    if f is None:
        f = _fonts[size] = pygame.font.Font(None, size)
    return f


def money(amount: float, currency: str = "") -> str:
    if amount == int(amount):
        return f"{currency}{int(amount):,}"
    return f"{currency}{amount:,.2f}"


def chips(amount: int) -> str:
    return f"{amount:,}"


def mmss(seconds: float) -> str:
    """Time left as M:SS (or H:MM:SS), rounded up so 0:00 only shows when time is up."""
    total = max(0, math.ceil(seconds))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def draw_suit(
    surface: pygame.Surface,
    suit: str,
    center: tuple[float, float],
    size: float,
    color: Color | None = None,
) -> None:
    """A suit pip drawn from circles and polygons, ``size`` pixels across."""
    color = color or SUIT_COLORS.get(suit, BLACK)
    cx, cy = center
    r = size / 2
    if suit == "d":
        pygame.draw.polygon(
            surface, color, [(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)]
        )
    elif suit == "h":
        lobe = r * 0.52
        pygame.draw.circle(surface, color, (cx - lobe * 0.92, cy - r * 0.28), lobe)
        pygame.draw.circle(surface, color, (cx + lobe * 0.92, cy - r * 0.28), lobe)
        pygame.draw.polygon(
            surface,
            color,
            [(cx - r * 0.98, cy - r * 0.12), (cx + r * 0.98, cy - r * 0.12), (cx, cy + r)],
        )
    elif suit == "s":
        lobe = r * 0.5
        pygame.draw.circle(surface, color, (cx - lobe * 0.9, cy + r * 0.12), lobe)
        pygame.draw.circle(surface, color, (cx + lobe * 0.9, cy + r * 0.12), lobe)
        pygame.draw.polygon(
            surface,
            color,
            [(cx - r * 0.94, cy + r * 0.02), (cx + r * 0.94, cy + r * 0.02), (cx, cy - r)],
        )
        pygame.draw.polygon(
            surface, color, [(cx, cy + r * 0.2), (cx - r * 0.38, cy + r), (cx + r * 0.38, cy + r)]
        )
    elif suit == "c":
        lobe = r * 0.42
        pygame.draw.circle(surface, color, (cx, cy - r * 0.5), lobe)
        pygame.draw.circle(surface, color, (cx - r * 0.5, cy + r * 0.08), lobe)
        pygame.draw.circle(surface, color, (cx + r * 0.5, cy + r * 0.08), lobe)
        pygame.draw.polygon(
            surface, color, [(cx, cy - r * 0.1), (cx - r * 0.36, cy + r), (cx + r * 0.36, cy + r)]
        )


def draw_warning(
    surface: pygame.Surface,
    center: tuple[float, float],
    size: float,
    color: Color = GOLD,
    mark: Color = BLACK,
) -> pygame.Rect:
    """The warning triangle with an exclamation mark: the alert's shape, beside its colour."""
    cx, cy = center
    h = size
    pts = [(cx, cy - h / 2), (cx + h * 0.58, cy + h / 2), (cx - h * 0.58, cy + h / 2)]
    rect = pygame.draw.polygon(surface, color, pts)
    bar_w = max(2, round(h * 0.12))
    pygame.draw.rect(surface, mark, (cx - bar_w / 2, cy - h * 0.18, bar_w, h * 0.38))
    pygame.draw.rect(surface, mark, (cx - bar_w / 2, cy + h * 0.28, bar_w, bar_w))
    return rect


def draw_stopwatch(
    surface: pygame.Surface, center: tuple[float, float], size: float, color: Color = TEXT
) -> None:
    """A stopwatch: the shape that marks a player on the clock (002 Rule 29)."""
    cx, cy = center
    r = size * 0.42
    width = max(2, round(size * 0.08))
    pygame.draw.circle(surface, color, (cx, cy + size * 0.06), r, width)
    pygame.draw.rect(surface, color, (cx - size * 0.1, cy - size * 0.5, size * 0.2, size * 0.1))
    pygame.draw.line(surface, color, (cx, cy + size * 0.06), (cx + r * 0.55, cy - r * 0.4), width)


def draw_pause(
    surface: pygame.Surface, center: tuple[float, float], size: float, color: Color = PAUSED
) -> None:
    """Two bars: the paused shape."""
    cx, cy = center
    w = size * 0.3
    pygame.draw.rect(surface, color, (cx - size * 0.4, cy - size / 2, w, size))
    pygame.draw.rect(surface, color, (cx + size * 0.1, cy - size / 2, w, size))


def draw_disc(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    fill: Color,
    edge: Color,
    label: str,
    label_color: Color,
) -> tuple[pygame.Rect, int]:
    """A marker disc (dealer button, blind) with its letters, so the marker reads without colour.
    Returns the label's rect and font size."""
    pygame.draw.circle(surface, fill, center, radius)
    pygame.draw.circle(surface, edge, center, radius, max(1, round(radius * 0.12)))
    size = max(6, round(radius * (1.2 if len(label) == 1 else 1.05)))
    img = font(size).render(label, True, label_color)
    rect = img.get_rect(center=(round(center[0]), round(center[1]) + 1))
    surface.blit(img, rect)
    return rect, size
